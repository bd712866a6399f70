"""Dynamic shapes: compiles and kernels per call over a sweep of sizes, stepwell vs Inductor.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/dynamic.py [--sweeps mlp,gpt2,llama,...]
        [--out results/dynamic.json] [--no-inductor]

Each sweep calls one `torch.compile`d model at a list of sizes, with Dynamo's default
behaviour (`dynamic=None`: the first size is compiled static, a new size then gets a
graph with symbolic sizes):

* `mlp`: examples/mlp.py at batch 4, 5, 6, 7, 8, 12, 16, 32;
* `gpt2`: examples/gpt2.py (batch 2) at sequence lengths 16, 9, 13, 24, 32, 48, 64;
* `gpt2-batch-and-length`: GPT-2 at (batch, length) 2x16, 3x16, 5x16, 8x16, then 3x9,
  5x40, 7x64, 4x2 (a batch symbol first, then a length symbol too);
* `llama`, `qwen2`, `bert`, `opt`: the zoo's other language models (batch 2) at the
  lengths of the `gpt2` sweep;
* `decode`: greedy decoding of 16 tokens with GPT-2 (SDPA attention) and a KV cache
  that grows by one each step (HF `DynamicCache`).

Counted for each backend: the graphs Dynamo hands it (`graphs`), and for stepwell the
compiles (`compiles`: static graphs + one specialization per new binding of a dynamic
graph's sizes), the kernels and ATen calls per call (from the manifest each call ran),
the largest difference from eager over the sweep, and the seconds each new size cost.
Inductor's graphs and Triton kernels per graph come from its output code (its CPU
Triton path with a stand-in sm_90 driver, kernels generated but not launched, as in
benchmarks/fusion.py); it compiles a dynamic graph once, with sizes as kernel arguments.
Writes results/dynamic.json (or --out).
"""

from __future__ import annotations

import os

os.environ.setdefault("TRITON_INTERPRET", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import argparse  # noqa: E402
import contextlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from dataclasses import asdict, dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402
from unittest import mock  # noqa: E402

import torch  # noqa: E402
from torch import nn  # noqa: E402

import stepwell  # noqa: E402, F401 - registers the backend
from stepwell.frontend.loader import import_file, load_example  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
fusion = import_file(ROOT / "benchmarks/fusion.py", "stepwell_fusion_benchmark")

Call = Callable[[Callable[..., Any]], Iterator[tuple[str, Any, Any]]]
"""A sweep: given the compiled (or eager) model, yields (size label, result, eager's)."""


def _sizes_sweep(example: str, make: Callable[[int], tuple[Any, ...]], sizes: list[int]):
    model = load_example(str(ROOT / "examples" / example)).fn

    def sweep(compiled: Callable[..., Any]) -> Iterator[tuple[str, Any, Any]]:
        torch.manual_seed(0)
        for n in sizes:
            inputs = make(n)
            with torch.no_grad():
                yield str(n), compiled(*inputs), model(*inputs)

    return model, sweep


def _decode_sweep(steps: int = 16):
    decoding = import_file(ROOT / "examples/gpt2_decode.py", "stepwell_gpt2_decode")
    model = decoding.build()

    def sweep(compiled: Callable[..., Any]) -> Iterator[tuple[str, Any, Any]]:
        for got, want, _, want_kv in decoding.decode(model, compiled, steps):
            yield f"kv{want_kv[0].shape[2] - 1}", got, want

    return model, sweep


def _ids_sweep(example: str, shapes: list[tuple[int, int]]):
    """A language model of the zoo called with token ids of each (batch, length)."""
    ex = load_example(str(ROOT / "examples" / example))

    def sweep(compiled: Callable[..., Any]) -> Iterator[tuple[str, Any, Any]]:
        torch.manual_seed(0)
        for b, n in shapes:
            inputs = [torch.randint(0, 100, (b, n)) if x.dtype == torch.int64 else x
                      for x in ex.inputs]  # fmt: skip
            with torch.no_grad():
                yield f"{b}x{n}", compiled(*inputs), ex.fn(*inputs)

    return ex.fn, sweep


LENGTHS = [(2, n) for n in (16, 9, 13, 24, 32, 48, 64)]
"""Sequence lengths of the zoo sweeps (batch 2; the configs hold 64 positions)."""
BATCH_AND_LENGTH = [(2, 16), (3, 16), (5, 16), (8, 16), (3, 9), (5, 40), (7, 64), (4, 2)]
"""(batch, length) of the two-symbol sweep: batch first, then both at once."""


def sweeps() -> dict[str, Callable[[], tuple[nn.Module, Call]]]:
    return {
        "mlp": lambda: _sizes_sweep(
            "mlp.py", lambda n: (torch.randn(n, 32),), [4, 5, 6, 7, 8, 12, 16, 32]
        ),
        "gpt2": lambda: _sizes_sweep(
            "gpt2.py", lambda n: (torch.randint(0, 256, (2, n)),), [16, 9, 13, 24, 32, 48, 64]
        ),
        "gpt2-batch-and-length": lambda: _ids_sweep("gpt2.py", BATCH_AND_LENGTH),
        "llama": lambda: _ids_sweep("llama.py", LENGTHS),
        "qwen2": lambda: _ids_sweep("qwen2.py", LENGTHS),
        "bert": lambda: _ids_sweep("bert.py", LENGTHS),
        "opt": lambda: _ids_sweep("opt.py", LENGTHS),
        "decode": _decode_sweep,
    }


@dataclass
class Row:
    sweep: str
    sizes: list[str] = field(default_factory=list)
    max_abs_error: float = 0.0
    sw_graphs: int = 0  # graphs Dynamo handed stepwell
    sw_compiles: int = 0  # static graphs + specializations
    sw_kernels_per_call: list[int] = field(default_factory=list)
    sw_externs_per_call: list[int] = field(default_factory=list)
    sw_seconds_per_new_size: list[float] = field(default_factory=list)
    ind_graphs: int = 0
    ind_kernels_per_graph: list[int] = field(default_factory=list)
    ind_externs: int = 0
    error: str = ""


def max_abs_error(want: Any, got: Any) -> float:
    """The largest absolute difference over the tensors of two results (inf on a shape
    or dtype mismatch)."""
    pairs = zip(torch.utils._pytree.tree_leaves(want), torch.utils._pytree.tree_leaves(got),
                strict=True)  # fmt: skip
    worst = 0.0
    for w, g in pairs:
        if isinstance(w, torch.Tensor):
            if not isinstance(g, torch.Tensor) or w.shape != g.shape or w.dtype != g.dtype:
                return float("inf")
            if w.numel():
                worst = max(worst, (w.double() - g.double()).abs().nan_to_num(0).max().item())
    return worst


def _manifests(dump: Path) -> dict[Path, dict[str, Any]]:
    return {p: json.loads(p.read_text()) for p in dump.rglob("manifest.json")}


def stepwell_numbers(row: Row, make: Callable[[], tuple[nn.Module, Call]]) -> None:
    model, sweep = make()
    torch._dynamo.reset()
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp)
        compiled = torch.compile(model, backend="stepwell", options={"dump_dir": tmp})
        seen: dict[Path, dict[str, Any]] = {}
        ran: list[dict[str, Any]] = []
        calls = sweep(compiled)
        while True:
            start = time.perf_counter()
            try:
                label, got, want = next(calls)
            except StopIteration:
                break
            seconds = time.perf_counter() - start
            row.sizes.append(label)
            row.max_abs_error = max(row.max_abs_error, max_abs_error(want, got))
            now = _manifests(dump)
            new = [p for p in now if p not in seen]
            seen = now
            if new:
                row.sw_seconds_per_new_size.append(round(seconds, 2))
            # the sweeps never return to an earlier size: a call runs what it compiled (every
            # graph of it, should Dynamo split the model), or else what the last call ran
            if new:
                ran = [now[p] for p in new]
            row.sw_kernels_per_call.append(sum(len(m["kernels"]) for m in ran))
            row.sw_externs_per_call.append(sum(sum(m["externs"].values()) for m in ran))
        row.sw_graphs = sum(1 for p in dump.iterdir() if p.name.startswith("graph"))
        row.sw_compiles = len(seen)


def inductor_numbers(row: Row, make: Callable[[], tuple[nn.Module, Call]]) -> None:
    from torch._inductor.graph import GraphLowering

    model, sweep = make()
    codes: list[str] = []
    torch._dynamo.reset()
    with (
        mock.patch.object(GraphLowering, "save_output_code", codes.append),
        fusion._skip_triton_runs(),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        for _ in sweep(torch.compile(model, backend="inductor")):
            pass
    row.ind_graphs = len(codes)
    row.ind_kernels_per_graph = [code.count("@triton.jit") for code in codes]
    row.ind_externs = sum(len(fusion._EXTERN.findall(code)) for code in codes)


def table(rows: list[Row]) -> str:
    head = (
        "| sweep | sizes | max err | stepwell graphs / compiles | kernels per call "
        "| ATen calls per call | s per new size | Inductor graphs | Inductor kernels per graph |"
    )
    lines = [head, "|" + "---|" * 9]
    for r in rows:
        if r.error:
            lines.append(f"| {r.sweep} | error: {r.error[:100]} |" + " - |" * 7)
            continue
        secs = r.sw_seconds_per_new_size
        mean = f"{sum(secs) / len(secs):.1f}" if secs else "-"
        kernels = sorted(set(r.sw_kernels_per_call))
        lines.append(
            f"| {r.sweep} | {len(r.sizes)} ({r.sizes[0]}..{r.sizes[-1]}) "
            f"| {r.max_abs_error:.1e} | {r.sw_graphs} / {r.sw_compiles} "
            f"| {'/'.join(map(str, kernels))} | {max(r.sw_externs_per_call)} | {mean} "
            f"| {r.ind_graphs or '-'} | {'/'.join(map(str, r.ind_kernels_per_graph)) or '-'} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/dynamic.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sweeps", default=",".join(sweeps()), help="comma-separated")
    parser.add_argument("--out", type=Path, default=ROOT / "results/dynamic.json")
    parser.add_argument("--no-inductor", action="store_true", help="stepwell numbers only")
    args = parser.parse_args(argv)
    rows = []
    for name in args.sweeps.split(","):
        start = time.perf_counter()
        row = Row(name)
        rows.append(row)
        try:
            stepwell_numbers(row, sweeps()[name])
        except Exception as e:
            row.error = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"
        print(f"{name}: stepwell {time.perf_counter() - start:.0f} s", file=sys.stderr)
    backend = None
    if not args.no_inductor:
        backend = fusion.use_inductor_triton()
        for row in rows:
            try:
                inductor_numbers(row, sweeps()[row.sweep])
            except Exception as e:
                row.error = row.error or f"inductor: {type(e).__name__}: {str(e)[:200]}"
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {"inductor_backend": backend, "rows": [asdict(r) for r in rows],
              "table": table(rows)}  # fmt: skip
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0 if all(not r.error and r.max_abs_error < 1e-4 for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
