"""GPU runtime of stepwell vs eager PyTorch vs TorchInductor (needs a CUDA GPU).

Microbenchmarks (softmax, layer_norm, RMSNorm, matmul+bias+gelu, attention written as
the SDPA math: softmax(q @ k^T * scale) @ v) at a few realistic sizes in float16 and
bfloat16, and the example zoo (mlp, cnn, gpt2, bert, llama, qwen2, opt) in float16 with the batch
dimension of the example inputs repeated to --batch. Each case is timed with
`triton.testing.do_bench` for

    eager       fn(*args)
    stepwell    torch.compile(fn, backend="stepwell")
    inductor    torch.compile(fn)                      (TorchInductor, default backend)

and stepwell's and Inductor's outputs are checked against eager (allclose with a tolerance
for half precision). The JSON has the times, the ratios stepwell/eager and
stepwell/inductor, the achieved memory bandwidth (bytes / time; bytes are stepwell's
manifest `bytes_read + bytes_written` over every kernel, and a simple inputs+outputs
estimate) and, for matmul and attention, the FLOP rate.

    .venv/bin/python benchmarks/gpu.py            # on a CUDA machine; < 5 minutes
    .venv/bin/python benchmarks/gpu.py --quick    # one size per microbenchmark, no zoo
    .venv/bin/python benchmarks/gpu.py --quick --models mlp,gpt2   # ... and these models
    .venv/bin/python benchmarks/gpu.py --attention --out results/gpu_attention.json
    .venv/bin/python benchmarks/gpu.py --smoke      # small programs, exact checks, tracebacks

`--smoke` compiles a handful of small programs (pointwise, integer and boolean ops,
reductions, arg-reductions, a scan, norms, matmuls with epilogues, empty and NaN inputs)
with stepwell on the GPU and compares each with eager on dtype, shape, NaN positions and
values, printing the whole traceback of a failure: the first thing to run on a new GPU
machine or a new PyTorch/Triton pair.

`--attention` times the re-fused attention kernel (the spelling of `masked_attention`,
which fuse-attention turns into one flash-attention kernel) against SDPA's flash backend
and TorchInductor on the same spelling, at 1k-8k tokens, head dims 64 and 128, causal
and not, in bfloat16.

Without a GPU (torch.cuda.is_available() is False) it says so, writes a JSON that records
the skip, and exits 0. Writes results/gpu.json (or --out).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ZOO = ("mlp", "cnn", "gpt2", "bert", "llama", "qwen2", "opt")


# ---------------------------------------------------------------- the cases


def softmax(x: Any) -> Any:
    """Softmax over the last dimension."""
    import torch

    return torch.softmax(x, dim=-1)


def layer_norm(x: Any, w: Any, b: Any) -> Any:
    """LayerNorm over the last dimension."""
    import torch

    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, 1e-5)


def rms_norm(x: Any, w: Any) -> Any:
    """RMSNorm as Llama writes it: statistics in float32, result in the input's dtype."""
    import torch

    h = x.float()
    h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6)
    return w * h.to(x.dtype)


def matmul_bias_gelu(x: Any, w: Any, b: Any) -> Any:
    """gelu(x @ w + b)."""
    import torch

    return torch.nn.functional.gelu(x @ w + b)


def attention(q: Any, k: Any, v: Any) -> Any:
    """Scaled dot-product attention, the math spelling (no fused SDPA kernel)."""
    import torch

    scale = 1.0 / math.sqrt(q.shape[-1])
    return torch.softmax((q @ k.transpose(-2, -1)) * scale, dim=-1) @ v


def masked_attention(q: Any, k: Any, v: Any, causal: bool) -> Any:
    """Attention as models spell it: scores, a causal mask by masked_fill(-inf) on a
    tril of ones, an fp32 softmax, the probabilities cast back (fuse-attention's input)."""
    import torch

    scale = 1.0 / math.sqrt(q.shape[-1])
    s = (q @ k.transpose(-2, -1)) * scale
    if causal:
        n = s.shape[-1]
        s = s.masked_fill(~torch.ones(n, n, dtype=torch.bool, device=s.device).tril(), -math.inf)
    return torch.softmax(s.float(), dim=-1).to(q.dtype) @ v


def attention_cases(quick: bool) -> list[dict[str, Any]]:
    """The re-fused attention kernel at sequence lengths 1k-8k, head dims 64 and 128,
    causal and not, bf16, 16k tokens per batch; baseline: SDPA's flash backend."""
    import torch
    from torch.nn.attention import SDPBackend, sdpa_kernel

    cases: list[dict[str, Any]] = []
    lengths = (1024, 8192) if quick else (1024, 2048, 4096, 8192)
    for seq in lengths:
        for d in (64, 128):
            for causal in (False, True):
                b, h = max(1, 16384 // seq), 2048 // d
                q, k, v = (torch.randn(b, h, seq, d, device="cuda", dtype=torch.bfloat16)
                           for _ in range(3))  # fmt: skip

                def flash(q: Any, k: Any, v: Any, causal: bool = causal) -> Any:
                    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                        return torch.nn.functional.scaled_dot_product_attention(
                            q, k, v, is_causal=causal)  # fmt: skip

                flops = 4 * b * h * seq * seq * d // (2 if causal else 1)
                cases.append({"name": f"attention[{b}x{h}x{seq}x{d}{' causal' if causal else ''}]",
                              "fn": lambda q, k, v, c=causal: masked_attention(q, k, v, c),
                              "args": (q, k, v), "flops": flops,
                              "baselines": {"sdpa_flash": flash}})  # fmt: skip
    return cases


def micro_cases(dtype: Any, quick: bool) -> list[dict[str, Any]]:
    """(name, fn, args, flops) for every microbenchmark at every size, in `dtype`."""
    import torch

    def r(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, device="cuda", dtype=dtype)

    rows = [(4096, 4096), (16384, 1024)]
    mm = [(4096, 4096, 4096), (8192, 1024, 4096)]
    att = [(8, 16, 1024, 64), (2, 32, 2048, 128)]
    if quick:
        rows, mm, att = rows[:1], mm[:1], att[:1]
    cases: list[dict[str, Any]] = []
    for m, n in rows:
        cases.append({"name": f"softmax[{m}x{n}]", "fn": softmax, "args": (r(m, n),)})
        cases.append({"name": f"layer_norm[{m}x{n}]", "fn": layer_norm,
                      "args": (r(m, n), r(n), r(n))})  # fmt: skip
        cases.append({"name": f"rms_norm[{m}x{n}]", "fn": rms_norm, "args": (r(m, n), r(n))})
    for m, n, k in mm:
        cases.append({"name": f"matmul_bias_gelu[{m}x{k}x{n}]", "fn": matmul_bias_gelu,
                      "args": (r(m, k), r(k, n) / math.sqrt(k), r(n)),
                      "flops": 2 * m * n * k})  # fmt: skip
    for b, h, s, d in att:
        cases.append({"name": f"attention[{b}x{h}x{s}x{d}]", "fn": attention,
                      "args": (r(b, h, s, d), r(b, h, s, d), r(b, h, s, d)),
                      "flops": 4 * b * h * s * s * d})  # fmt: skip
    return cases


def zoo_case(model: str, batch: int, dtype: Any) -> dict[str, Any]:
    """An example model on the GPU in `dtype`, its inputs' batch dimension repeated."""
    import torch

    from stepwell.frontend.loader import load_example

    example = load_example(str(ROOT / "examples" / f"{model}.py"))
    fn = example.fn
    if isinstance(fn, torch.nn.Module):
        fn = fn.to(device="cuda", dtype=dtype).eval()
    args = []
    for t in example.inputs:
        reps = math.ceil(batch / t.shape[0])
        t = t.repeat(reps, *([1] * (t.dim() - 1)))[:batch].to("cuda")
        args.append(t.to(dtype) if t.is_floating_point() else t)
    return {"name": f"zoo:{model}[batch {batch}]", "fn": fn, "args": tuple(args)}


# ---------------------------------------------------------------- smoke


def smoke_cases(device: str = "cuda") -> list[tuple[str, Callable[..., Any], tuple[Any, ...]]]:
    """Small programs over every dtype family, each a (name, fn, args) on the GPU."""
    import torch

    def r(*shape: int, dtype: Any = torch.float32) -> torch.Tensor:
        return torch.randn(*shape, device=device).to(dtype)

    nan = r(64, 33)
    nan[3, 5] = math.nan
    ints = torch.randint(-50, 50, (64, 33), device=device, dtype=torch.int32)
    return [
        ("pointwise f32", lambda x, y: torch.relu(x) * 2 + y.sin(), (r(128, 257), r(128, 257))),
        (
            "pointwise f16 broadcast",
            lambda x, b: torch.nn.functional.gelu(x + b),
            (r(64, 512, dtype=torch.float16), r(512, dtype=torch.float16)),
        ),
        ("int32 floordiv/remainder", lambda i: (i * 3 + 1) // 7 + i % 5, (ints,)),
        (
            "bool logic + where",
            lambda x, y: torch.where((x > 0) & ~(y < 0), x, y),
            (r(64, 33), r(64, 33)),
        ),
        ("nan propagation max", lambda x: (x.amax(-1), torch.maximum(x, x.flip(0))), (nan,)),
        ("sum/mean/argmax", lambda x: (x.sum(-1), x.mean(0), x.argmax(-1)), (r(96, 1000),)),
        ("int64 sum + bool any", lambda i: (i.to(torch.int64).sum(0), (i > 40).any(-1)), (ints,)),
        ("cumsum", lambda x: x.cumsum(-1), (r(16, 300),)),
        ("softmax f16", lambda x: torch.softmax(x, -1), (r(256, 1024, dtype=torch.float16),)),
        (
            "layer_norm bf16",
            lambda x, w, b: torch.nn.functional.layer_norm(x, (768,), w, b),
            (
                r(128, 768, dtype=torch.bfloat16),
                r(768, dtype=torch.bfloat16),
                r(768, dtype=torch.bfloat16),
            ),
        ),
        ("matmul f32 (ieee)", lambda a, b: a @ b, (r(130, 70), r(70, 90))),
        (
            "matmul f16 + bias + relu",
            lambda a, b, c: torch.relu(a @ b + c),
            (
                r(256, 512, dtype=torch.float16),
                r(512, 384, dtype=torch.float16) / 20,
                r(384, dtype=torch.float16),
            ),
        ),
        ("empty", lambda x: x * 2 + 1, (r(0, 7),)),
    ]


def exact_check(out: Any, ref: Any) -> str | None:
    """None when `out` matches eager's `ref` in structure, dtype, shape, NaN positions and
    values (tolerance by dtype); else what differs."""
    import torch

    outs = torch.utils._pytree.tree_leaves(out)
    refs = torch.utils._pytree.tree_leaves(ref)
    if len(outs) != len(refs):
        return f"{len(outs)} outputs, eager has {len(refs)}"
    for i, (a, b) in enumerate(zip(outs, refs, strict=True)):
        if a.device != b.device:
            return f"output {i}: on {a.device}, eager's on {b.device}"
        if a.dtype != b.dtype or a.shape != b.shape:
            return f"output {i}: {a.dtype}{tuple(a.shape)}, eager {b.dtype}{tuple(b.shape)}"
        if a.is_floating_point():
            if not torch.equal(a.isnan(), b.isnan()):
                return f"output {i}: NaN positions differ"
            tol = {torch.float16: 1e-2, torch.bfloat16: 3e-2}.get(a.dtype, 1e-4)
            if not torch.allclose(a.float(), b.float(), rtol=tol, atol=tol, equal_nan=True):
                err = (a.float() - b.float()).abs().nan_to_num().max().item()
                return f"output {i}: values differ (max abs err {err:.3g})"
        elif not torch.equal(a, b):
            return f"output {i}: values differ"
    return None


def smoke(device: str = "cuda", to: Path | None = None, meta: Any = None) -> list[dict[str, Any]]:
    """Run every smoke case through stepwell on the GPU; one row each, written to `to`
    after every case (a run cut short keeps what it checked)."""
    import torch

    rows: list[dict[str, Any]] = []
    for name, fn, args in smoke_cases(device):
        torch._dynamo.reset()
        row: dict[str, Any] = {"name": f"smoke:{name}"}
        try:
            ref = fn(*args)
            t = time.perf_counter()
            out = torch.compile(fn, backend="stepwell")(*args)
            if device == "cuda":
                torch.cuda.synchronize()
            row["compile_s"] = time.perf_counter() - t
            row["mismatch"] = exact_check(out, ref)
            row["ok"] = row["mismatch"] is None
            print(f"smoke {name:28} {'ok' if row['ok'] else 'FAIL ' + row['mismatch']}"
                  f" ({row['compile_s']:.1f} s)", flush=True)  # fmt: skip
        except Exception as e:
            row["ok"], row["error"] = False, f"{type(e).__name__}: {e}"[:500]
            row["traceback"] = traceback.format_exc()[-4000:]
            print(f"smoke {name:28} ERROR\n{row['traceback']}", flush=True)
        rows.append(row)
        if to is not None:
            to.write_text(json.dumps({"meta": meta, "results": rows}, indent=2) + "\n")
    return rows


# ---------------------------------------------------------------- measuring


def nbytes(values: Any) -> int:
    """Bytes of every tensor in a (nested) value."""
    import torch

    return sum(t.numel() * t.element_size()
               for t in torch.utils._pytree.tree_leaves(values)
               if isinstance(t, torch.Tensor))  # fmt: skip


def close(out: Any, ref: Any, dtype: Any) -> tuple[bool, float]:
    """allclose for every floating tensor of `out` vs `ref`; the largest relative error."""
    import torch

    tol = 3e-2 if dtype == torch.bfloat16 else 2e-2
    worst, ok = 0.0, True
    outs = torch.utils._pytree.tree_leaves(out)
    refs = torch.utils._pytree.tree_leaves(ref)
    if len(outs) != len(refs):
        return False, math.inf
    for a, b in zip(outs, refs, strict=True):
        if not isinstance(b, torch.Tensor) or not b.is_floating_point():
            continue
        a, b = a.float(), b.float()
        scale = max(b.abs().max().item(), 1e-6)
        worst = max(worst, (a - b).abs().max().item() / scale)
        ok = ok and torch.allclose(a, b, rtol=tol, atol=tol * scale)
    return ok, worst


def manifest_bytes(directory: Path) -> int | None:
    """bytes_read + bytes_written over every graph stepwell dumped into `directory`."""
    total, found = 0, False
    for m in directory.glob("graph*/manifest.json"):
        data = json.loads(m.read_text())
        total += data["bytes_read"] + data["bytes_written"]
        found = True
    return total if found else None


def bench(case: dict[str, Any], dtype: Any) -> dict[str, Any]:
    """Time eager, stepwell and Inductor on one case and check their results."""
    import torch
    from triton.testing import do_bench

    fn: Callable[..., Any] = case["fn"]
    args = case["args"]
    row: dict[str, Any] = {"name": case["name"], "dtype": str(dtype).replace("torch.", "")}
    with torch.no_grad():
        ref = fn(*args)
        row["eager_ms"] = do_bench(lambda: fn(*args))
        for name, base in case.get("baselines", {}).items():
            row[f"{name}_ms"] = do_bench(lambda b=base: b(*args))
            row[f"{name}_ok"], row[f"{name}_max_rel_err"] = close(base(*args), ref, dtype)
        row["io_bytes"] = nbytes(args) + nbytes(ref)
        for backend in ("stepwell", "inductor"):
            torch._dynamo.reset()
            with tempfile.TemporaryDirectory() as d:
                try:
                    os.environ["STEPWELL_DUMP"] = d
                    t = time.perf_counter()
                    compiled = (torch.compile(fn, backend="stepwell") if backend == "stepwell"
                                else torch.compile(fn))  # fmt: skip
                    out = compiled(*args)
                    torch.cuda.synchronize()
                    row[f"{backend}_compile_s"] = time.perf_counter() - t
                    row[f"{backend}_ok"], row[f"{backend}_max_rel_err"] = close(out, ref, dtype)
                    row[f"{backend}_ms"] = do_bench(lambda c=compiled: c(*args))
                    if backend == "stepwell":
                        row["stepwell_manifest_bytes"] = manifest_bytes(Path(d))
                except Exception as e:  # a failure is a result, not the end of the run
                    first = (str(e).strip().splitlines() or [""])[0][:300]
                    row[f"{backend}_error"] = f"{type(e).__name__}: {first}"
                    row[f"{backend}_traceback"] = traceback.format_exc()[-3000:]
                finally:
                    os.environ.pop("STEPWELL_DUMP", None)
    for backend in ("stepwell", "inductor"):
        ms = row.get(f"{backend}_ms")
        if ms:
            row[f"{backend}_over_eager"] = ms / row["eager_ms"]
    if row.get("stepwell_ms") and row.get("inductor_ms"):
        row["stepwell_over_inductor"] = row["stepwell_ms"] / row["inductor_ms"]
    for name in case.get("baselines", {}):
        if row.get("stepwell_ms"):
            row[f"stepwell_over_{name}"] = row["stepwell_ms"] / row[f"{name}_ms"]
    for backend in ("eager", "stepwell", "inductor", *case.get("baselines", {})):
        ms = row.get(f"{backend}_ms")
        if not ms:
            continue
        nb = row.get("stepwell_manifest_bytes") or row["io_bytes"]
        row[f"{backend}_GBps"] = nb / (ms * 1e-3) / 1e9
        if "flops" in case:
            row[f"{backend}_TFLOPs"] = case["flops"] / (ms * 1e-3) / 1e12
    return row


def describe(row: dict[str, Any]) -> str:
    """One progress line for a finished case."""
    parts = [f"{row['name']:34} {row['dtype']:8} eager {row['eager_ms']:8.3f} ms"]
    for backend in ("stepwell", "inductor"):
        if f"{backend}_error" in row:
            parts.append(f"{backend} ERROR {row[f'{backend}_error'][:80]}")
        elif f"{backend}_ms" in row:
            ok = "ok" if row[f"{backend}_ok"] else "MISMATCH"
            parts.append(f"{backend} {row[f'{backend}_ms']:8.3f} ms ({ok})")
    if "stepwell_over_inductor" in row:
        parts.append(f"sw/ind {row['stepwell_over_inductor']:.2f}")
    if "stepwell_over_sdpa_flash" in row:
        parts.append(f"sw/flash {row['stepwell_over_sdpa_flash']:.2f}")
    if "stepwell_GBps" in row:
        parts.append(f"sw {row['stepwell_GBps']:.0f} GB/s")
    if "stepwell_TFLOPs" in row:
        parts.append(f"{row['stepwell_TFLOPs']:.1f} TFLOP/s")
    return "  ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Run every case that fits in --budget-s; write the JSON; exit 0 without a GPU."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--quick",
        action="store_true",
        help="one size per microbenchmark; no zoo unless --models names some",
    )
    ap.add_argument("--attention", action="store_true",
                    help="only the re-fused attention suite (1k-8k tokens, d 64/128, "
                         "causal or not, bf16) against SDPA flash and Inductor")  # fmt: skip
    ap.add_argument("--smoke", action="store_true",
                    help="only small programs through stepwell, checked exactly against "
                         "eager, with the traceback of any failure")  # fmt: skip
    ap.add_argument("--dtypes", default="float16,bfloat16", help="microbenchmark dtypes")
    ap.add_argument(
        "--models",
        default=None,
        help=f"zoo models (default {','.join(ZOO)}; none with --quick; '' none)",
    )
    ap.add_argument("--batch", type=int, default=32, help="zoo batch size (default 32)")
    ap.add_argument("--budget-s", type=float, default=None,
                    help="skip the cases left after this many seconds (default 240; "
                         "480 with --attention, whose 16 cases each compile Inductor)")  # fmt: skip
    ap.add_argument("--out", default=str(ROOT / "results" / "gpu.json"))
    a = ap.parse_args(argv)
    if a.budget_s is None:
        a.budget_s = 480.0 if a.attention else 240.0
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    os.environ.pop("TRITON_INTERPRET", None)  # real kernels, never the interpreter

    import torch

    meta: dict[str, Any] = {"machine": f"{platform.node()} {os.cpu_count()} cpus",
                            "torch": torch.__version__}  # fmt: skip
    if not torch.cuda.is_available():
        msg = "no CUDA GPU (torch.cuda.is_available() is False): nothing to measure, skipped"
        print(f"gpu.py: {msg}")
        out.write_text(json.dumps({"meta": meta, "skipped": msg, "results": []}, indent=2) + "\n")
        print(f"wrote {out}")
        return 0

    import stepwell  # noqa: F401  (the backend itself is found through its entry point)

    meta["gpu"] = torch.cuda.get_device_name()
    meta["triton"] = __import__("triton").__version__
    if a.smoke:
        rows = smoke("cuda", out, meta)
        print(f"smoke: {sum(r['ok'] for r in rows)}/{len(rows)} ok; wrote {out}")
        return 0 if all(r["ok"] for r in rows) else 1
    print(f"gpu.py on {meta['gpu']}; budget {a.budget_s:.0f} s", flush=True)
    began = time.perf_counter()
    meta["total_s"] = 0.0
    results: list[dict[str, Any]] = []
    skipped: list[str] = []
    plan: list[tuple[str, Callable[[], dict[str, Any]], Any]] = []
    if a.attention:
        plan += [(c["name"], lambda c=c: c, torch.bfloat16) for c in attention_cases(a.quick)]
    for name in [d for d in a.dtypes.split(",") if d and not a.attention]:
        dtype = getattr(torch, name)
        plan += [(c["name"], lambda c=c: c, dtype) for c in micro_cases(dtype, a.quick)]
    models = a.models if a.models is not None else ("" if a.quick else ",".join(ZOO))
    if not a.attention:
        for model in [m for m in models.split(",") if m]:
            plan.append((f"zoo:{model}", lambda m=model: zoo_case(m, a.batch, torch.float16),
                         torch.float16))  # fmt: skip
    for name, make, dtype in plan:
        if time.perf_counter() - began > a.budget_s:
            skipped.append(f"{name} ({str(dtype).replace('torch.', '')})")
            continue
        try:
            row = bench(make(), dtype)
        except Exception as e:
            row = {"name": name, "dtype": str(dtype), "error": f"{type(e).__name__}: {e}"[:300]}
            print(f"[{time.perf_counter() - began:5.0f}s] {name}: ERROR {row['error']}")
        else:
            print(f"[{time.perf_counter() - began:5.0f}s] {describe(row)}", flush=True)
            if "stepwell_traceback" in row:
                print(row["stepwell_traceback"], flush=True)
        results.append(row)
        torch.cuda.empty_cache()
        meta["total_s"] = time.perf_counter() - began
        # written after every case: a run cut short keeps what it measured
        out.write_text(json.dumps({"meta": meta, "results": results, "skipped_cases": skipped},
                                  indent=2) + "\n")  # fmt: skip
    if skipped:
        print(f"out of time budget, skipped: {', '.join(skipped)}")
    meta["total_s"] = time.perf_counter() - began
    out.write_text(json.dumps({"meta": meta, "results": results, "skipped_cases": skipped},
                              indent=2) + "\n")  # fmt: skip
    print(f"wrote {out} ({meta['total_s']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
