"""How stepwell's compile time scales with graph size, on synthetic graphs.

Two graph families, each at 100, 1,000 and 10,000 torch-level ops (counted in the imported
module):

  pointwise  x = x * 1.01 + 0.5, then sin / add / cos / mul ... repeated on a (32, 32) tensor
  residual   a stack of blocks  h = h + gelu(Linear(h))  with 16 features (3 ops a block)

Each (family, size) runs in its own process: torch.export, import, then every pass to
the tile level timed separately (decompose, canonicalize, cse, fuse_attention, to_tile),
verify, and Triton emission (no GPU compile), after a warm-up on a 6-op graph of the same
family. It prints seconds per op per stage, and checks that the per-op time of the
stepwell stages (import .. emit; torch.export is reported but not checked) at the largest
size is within 1.5x of the per-op time at the next size. A stage whose per-op time grows
by more than 1.5x (and which takes at least --min-stage-s) is reported as growing faster
than linear.

    .venv/bin/python benchmarks/scaling.py                 # sizes 100,1000,10000
    .venv/bin/python benchmarks/scaling.py --quick         # sizes 100,1000
    .venv/bin/python benchmarks/scaling.py --sizes 100,1000,3000 --timeout 300

`--parse` measures the text front end instead: modules of 1, 5 and 50 MB (`--parse-mb`)
of torch- and prims-level ops with locations, each parsed (stepwell-opt's located parser),
verified (dominance included) and printed in its own process; it checks that the time per
MB at the largest size is within 1.5x of the next size and reports whether 50 MB takes
under a minute.

Writes results/scaling.json (or --out; results/scaling_parse.json with --parse).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ("pointwise", "residual")
STAGES = (
    "export",
    "import",
    "decompose",
    "canonicalize",
    "cse",
    "fuse_attention",
    "to_tile",
    "verify",
    "emit",
)
CHECKED = STAGES[1:]  # stepwell's own stages
LIMIT = 1.5


def build(family: str, n_ops: int) -> tuple[Any, tuple[Any, ...]]:
    """A torch callable with about `n_ops` torch-level ops, and its inputs."""
    import torch

    torch.manual_seed(0)
    if family == "pointwise":

        def chain(x: torch.Tensor) -> torch.Tensor:
            for i in range(n_ops // 2):
                k = i % 4
                if k == 0:
                    x = x * 1.01 + 0.5
                elif k == 1:
                    x = torch.sin(x) + x
                elif k == 2:
                    x = torch.cos(x) * 0.5
                else:
                    x = torch.tanh(x) - 0.25
            return x

        return chain, (torch.randn(32, 32),)

    class Block(torch.nn.Module):
        def __init__(self, dim: int) -> None:
            super().__init__()
            self.fc = torch.nn.Linear(dim, dim)

        def forward(self, h: torch.Tensor) -> torch.Tensor:
            return h + torch.nn.functional.gelu(self.fc(h))

    model = torch.nn.Sequential(*[Block(16) for _ in range(max(1, n_ops // 3))]).eval()
    return model, (torch.randn(8, 16),)


def worker(family: str, n_ops: int) -> dict[str, Any]:
    """Build, export and lower one graph, timing each stage (run in a fresh process)."""
    import torch
    from stages import time_stages  # benchmarks/stages.py, beside this script

    from stepwell.frontend.fx import import_program
    from stepwell.frontend.loader import Example, export

    # warm up on a tiny graph first, so one-time costs (torch.export's and the passes'
    # first-use setup) are not counted as per-op costs
    small_fn, small_inputs = build(family, 6)
    with torch.no_grad():
        small = import_program(export(Example(small_fn, small_inputs, "warmup")))
    time_stages(small, {})

    fn, inputs = build(family, n_ops)
    times: dict[str, float] = {}
    with torch.no_grad():
        t = time.perf_counter()
        ep = export(Example(fn, inputs, f"{family}-{n_ops}"))
        times["export"] = time.perf_counter() - t
    t = time.perf_counter()
    module = import_program(ep)
    times["import"] = time.perf_counter() - t
    torch_ops = sum(1 for op in module.walk() if op.name.startswith("torch."))
    kernels, source = time_stages(module, times)
    return {
        "family": family,
        "requested_ops": n_ops,
        "torch_ops": torch_ops,
        "tile_ops": sum(1 for _ in module.walk()),
        "kernels": len(kernels),
        "source_lines": source.count("\n"),
        "stages_s": times,
    }


def run_one(family: str, n_ops: int, timeout: float) -> dict[str, Any]:
    """Run `worker` in a new process with a time limit."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", family, str(n_ops)]
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    t = time.perf_counter()
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout,
                              cwd=ROOT)  # fmt: skip
    except subprocess.TimeoutExpired:
        return {"family": family, "requested_ops": n_ops,
                "error": f"timed out after {timeout:.0f} s (try smaller --sizes)"}  # fmt: skip
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        return {"family": family, "requested_ops": n_ops,
                "error": f"exit {proc.returncode}: " + " | ".join(tail)}  # fmt: skip
    result = json.loads(lines[-1][len("RESULT ") :])
    result["process_s"] = time.perf_counter() - t
    return result


def analyse(rows: list[dict[str, Any]], min_stage_s: float) -> dict[str, Any]:
    """Per-op times, growth exponents, the 1.5x check and the superlinear stages."""
    ok = sorted((r for r in rows if "error" not in r), key=lambda r: r["torch_ops"])
    out: dict[str, Any] = {
        "per_op_s": {},
        "exponent": {},
        "superlinear": [],
        "check": None,
        "unfinished": [r["requested_ops"] for r in rows if "error" in r],
    }
    for r in ok:
        per = {k: v / r["torch_ops"] for k, v in r["stages_s"].items()}
        per["stepwell_total"] = sum(r["stages_s"][k] for k in CHECKED) / r["torch_ops"]
        out["per_op_s"][r["torch_ops"]] = per
    if len(ok) < 2:
        return out
    small, big = ok[-2], ok[-1]
    ratio_n = big["torch_ops"] / small["torch_ops"]
    for k in STAGES:
        a, b = small["stages_s"][k], big["stages_s"][k]
        growth = (b / a) / ratio_n if a > 0 else math.inf
        out["exponent"][k] = math.log(b / a) / math.log(ratio_n) if a > 0 and b > 0 else None
        if growth > LIMIT and b >= min_stage_s:
            out["superlinear"].append({"stage": k, "per_op_growth": growth,
                                       "seconds": [a, b]})  # fmt: skip
    t_small = sum(small["stages_s"][k] for k in CHECKED) / small["torch_ops"]
    t_big = sum(big["stages_s"][k] for k in CHECKED) / big["torch_ops"]
    out["check"] = {
        "sizes": [small["torch_ops"], big["torch_ops"]],
        "per_op_ratio": t_big / t_small,
        "limit": LIMIT,
        "passed": t_big / t_small <= LIMIT,
    }
    return out


PARSE_BLOCK = (
    "  %a{i} = torch.aten.add.Tensor %a{j}, %x : (tensor<8x64xf32>, tensor<8x64xf32>) -> "
    'tensor<8x64xf32> loc("model.py":{i}:9)\n'
    "  %b{i} = torch.aten.relu %a{i} : (tensor<8x64xf32>) -> tensor<8x64xf32> "
    'loc("model.py":{i}:13)\n'
    "  %c{i} = prims.mul %b{i}, %x : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32> "
    'loc("model.py":{i}:17)\n'
    "  %d{i} = prims.sum %c{i} {{dims = [1 : i64]}} : (tensor<8x64xf32>) -> tensor<8xf32> "
    'loc("model.py":{i}:21)\n'
)


def parse_module_text(megabytes: float) -> str:
    """A function of about `megabytes` MB: blocks of four ops, each using the last."""
    lines = ["func.func @forward(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {",
             "  %a0 = torch.aten.relu %x : (tensor<8x64xf32>) -> tensor<8x64xf32>"]  # fmt: skip
    size, i = 0, 1
    while size < megabytes * 1e6:
        block = PARSE_BLOCK.format(i=i, j=i - 1)
        lines.append(block.rstrip("\n"))
        size += len(block)
        i += 1
    lines += [f"  func.return %a{i - 1} : tensor<8x64xf32>", "}"]
    return "\n".join(lines) + "\n"


def parse_worker(megabytes: float) -> dict[str, Any]:
    from stepwell.ir.context import make_context
    from stepwell.ir.diagnostics import LocatingParser, verify_located
    from stepwell.ir.printing import to_text

    ctx = make_context()
    LocatingParser(ctx, parse_module_text(0.001), "warmup").parse_module()  # load dialects
    text = parse_module_text(megabytes)
    t0 = time.perf_counter()
    parser = LocatingParser(ctx, text, "big.mlir")
    module = parser.parse_module()
    t1 = time.perf_counter()
    assert verify_located(module, "big.mlir", parser.positions) is None
    t2 = time.perf_counter()
    printed = to_text(module, locations=True)
    t3 = time.perf_counter()
    return {"megabytes": round(len(text) / 1e6, 2), "ops": len(parser.positions),
            "printed_mb": round(len(printed) / 1e6, 2),
            "stages_s": {"parse": t1 - t0, "verify": t2 - t1, "print": t3 - t2}}  # fmt: skip


def parse_main(sizes: list[float], timeout: float, out: Path) -> int:
    rows = []
    for mb in sizes:
        cmd = [sys.executable, __file__, "--parse-worker", str(mb)]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
            line = next(x for x in proc.stdout.splitlines() if x.startswith("RESULT "))
            row = json.loads(line[len("RESULT ") :])
        except (subprocess.TimeoutExpired, StopIteration) as e:
            rows.append({"megabytes": mb, "error": f"{type(e).__name__}"})
            print(f"{mb:6} MB: did not finish ({type(e).__name__})", flush=True)
            continue
        row["total_s"] = sum(row["stages_s"].values())
        rows.append(row)
        stages = "  ".join(f"{k} {v:.1f} s" for k, v in row["stages_s"].items())
        print(f"{row['megabytes']:6} MB ({row['ops']} ops): {stages}  total {row['total_s']:.1f} s",
              flush=True)  # fmt: skip
    done = [r for r in rows if "error" not in r]
    check = None
    if len(done) >= 2:
        a, b = done[-2], done[-1]
        ratio = (b["total_s"] / b["megabytes"]) / (a["total_s"] / a["megabytes"])
        check = {"sizes_mb": [a["megabytes"], b["megabytes"]], "per_mb_ratio": round(ratio, 3),
                 "passed": ratio <= LIMIT}  # fmt: skip
        print(
            f"seconds per MB at {b['megabytes']} MB are {ratio:.2f}x those at "
            f"{a['megabytes']} MB: {'PASS' if ratio <= LIMIT else 'FAIL'} (limit {LIMIT}x)"
        )
    largest = done[-1] if done else None
    if largest is not None:
        print(
            f"{largest['megabytes']} MB parse + verify + print: {largest['total_s']:.1f} s "
            f"({'under' if largest['total_s'] < 60 else 'OVER'} a minute)"
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"machine": platform.platform(), "runs": rows, "check": check},
                              indent=1))  # fmt: skip
    return 0 if check is None or check["passed"] else 1


def main(argv: list[str] | None = None) -> int:
    """Parse arguments; run every (family, size) in its own process and summarise."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="100,1000,10000", help="comma list of op counts")
    ap.add_argument("--families", default=",".join(FAMILIES), help="pointwise,residual")
    ap.add_argument("--quick", action="store_true", help="sizes 100,1000 only")
    ap.add_argument("--timeout", type=float, default=180, help="seconds per graph (default 180)")
    ap.add_argument("--min-stage-s", type=float, default=0.05,
                    help="ignore stages faster than this at the largest size")  # fmt: skip
    ap.add_argument("--out", default=str(ROOT / "results" / "scaling.json"))
    ap.add_argument("--worker", nargs=2, metavar=("FAMILY", "N"), help=argparse.SUPPRESS)
    ap.add_argument("--parse", action="store_true", help="time parse/verify/print of big text")
    ap.add_argument("--parse-mb", default="1,5,50", help="module sizes in MB (default 1,5,50)")
    ap.add_argument("--parse-worker", type=float, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.parse_worker is not None:
        print("RESULT " + json.dumps(parse_worker(a.parse_worker)))
        return 0
    if a.parse:
        out = (
            Path(a.out).with_name("scaling_parse.json")
            if a.out.endswith("scaling.json")
            else Path(a.out)
        )
        return parse_main([float(x) for x in a.parse_mb.split(",")], max(a.timeout, 900), out)
    if a.worker:
        print("RESULT " + json.dumps(worker(a.worker[0], int(a.worker[1]))))
        return 0

    sizes = [100, 1000] if a.quick else [int(s) for s in a.sizes.split(",") if s]
    began = time.perf_counter()
    results: dict[str, Any] = {}
    for family in [f for f in a.families.split(",") if f]:
        rows = []
        for n in sizes:
            r = run_one(family, n, a.timeout)
            rows.append(r)
            if "error" in r:
                print(f"[{time.perf_counter() - began:5.0f}s] {family:9} n={n:6}: {r['error']}")
                continue
            st = r["stages_s"]
            print(f"[{time.perf_counter() - began:5.0f}s] {family:9} n={n:6} "
                  f"({r['torch_ops']} torch ops, {r['kernels']} kernels): "
                  + "  ".join(f"{k} {v:.3f}" for k, v in st.items()), flush=True)  # fmt: skip
        results[family] = {"runs": rows, "analysis": analyse(rows, a.min_stage_s)}

    print("\nmicroseconds per torch op, per stage")
    print(f"{'family':9} {'ops':>6} " + " ".join(f"{k[:9]:>9}" for k in (*STAGES, "stepwell")))
    for family, res in results.items():
        for n, per in res["analysis"]["per_op_s"].items():
            print(f"{family:9} {n:6} " + " ".join(
                f"{per[k] * 1e6:9.1f}" for k in (*STAGES, "stepwell_total")))  # fmt: skip
    print()
    for family, res in results.items():
        an = res["analysis"]
        if an["check"] is None:
            print(f"{family}: fewer than two sizes finished, no check")
            continue
        c = an["check"]
        if an["unfinished"]:
            print(f"{family}: sizes {an['unfinished']} did not finish; the check below uses "
                  "the largest two that did")  # fmt: skip
        print(f"{family}: per-op time (import..emit) at {c['sizes'][1]} ops is "
              f"{c['per_op_ratio']:.2f}x that at {c['sizes'][0]} ops: "
              f"{'PASS' if c['passed'] else 'FAIL'} (limit {LIMIT}x)")  # fmt: skip
        exps = ", ".join(f"{k} {v:.2f}" for k, v in an["exponent"].items() if v is not None)
        print(f"  growth exponent t ~ n^k: {exps}")
        for s in an["superlinear"]:
            print(f"  faster than linear: {s['stage']} ({s['seconds'][0]:.3f} s -> "
                  f"{s['seconds'][1]:.3f} s, {s['per_op_growth']:.2f}x per op)")  # fmt: skip
        if not an["superlinear"]:
            print("  no stage grows faster than linear")

    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {"machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} cpus",
            "sizes": sizes, "total_s": time.perf_counter() - began}  # fmt: skip
    out.write_text(json.dumps({"meta": meta, "results": results}, indent=2) + "\n")
    print(f"\nwrote {out} ({meta['total_s']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
