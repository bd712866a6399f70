"""The model zoo: each example model compiled by stepwell and compared with eager PyTorch.

    TRITON_INTERPRET=1 python benchmarks/zoo.py [--models mlp gpt2 ...] [--out results/zoo.json]

Prints one row per model: kernels, launches, ATen calls (externs) and graph-level prims
ops, bytes the kernels move, the max abs error against eager (f32; 1e-4 to pass), and
the compile and run time. Kernels run in Triton's interpreter on CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("TRITON_INTERPRET", "1")

import torch  # noqa: E402

from stepwell.frontend.fx import import_program  # noqa: E402
from stepwell.frontend.loader import export, load_example  # noqa: E402
from stepwell.lowering.compiler import compile_module  # noqa: E402
from stepwell.pipeline import bind_inputs, compare  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MODELS = ["mlp", "cnn", "gpt2", "bert", "llama", "qwen2", "opt"]


def measure(name: str) -> dict[str, object]:
    example = load_example(str(ROOT / "examples" / f"{name}.py"))
    start = time.perf_counter()
    ep = export(example)
    artifacts = compile_module(import_program(ep))
    compile_s = time.perf_counter() - start
    args = bind_inputs(artifacts.graph, ep, example.inputs)
    with torch.no_grad():
        expected = torch.utils._pytree.tree_leaves(example.fn(*example.inputs))
        start = time.perf_counter()
        got = artifacts.runtime(*args)
        run_s = time.perf_counter() - start
    max_abs, _, ok = compare(got, expected, 1e-4, 1e-4)
    m = artifacts.manifest
    return {
        "model": name,
        "kernels": len(m["kernels"]),
        "launches": m["launches"],
        "externs": m["externs"],
        "graph_level_prims": m["graph_level_prims"],
        "bytes": m["bytes_read"] + m["bytes_written"],
        "max_abs_error": max_abs,
        "pass": ok,
        "compile_s": round(compile_s, 2),
        "run_s": round(run_s, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="*", default=MODELS, choices=MODELS)
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "zoo.json")
    args = parser.parse_args(argv)
    rows = []
    print(f"{'model':<7} {'kernels':>7} {'ATen':>5} {'graph':>5} {'bytes':>9} "
          f"{'max err':>9} {'compile':>8} {'run':>6}  externs")  # fmt: skip
    for name in args.models:
        r = measure(name)
        rows.append(r)
        externs = ", ".join(f"{k.removeprefix('aten.')} x{v}" for k, v in r["externs"].items())
        print(f"{name:<7} {r['kernels']:>7} {sum(r['externs'].values()):>5} "
              f"{sum(r['graph_level_prims'].values()):>5} {r['bytes']:>9} "
              f"{r['max_abs_error']:>9.1e} {r['compile_s']:>7.1f}s {r['run_s']:>5.1f}s  "
              f"{externs or '-'}{'' if r['pass'] else '  FAIL'}")  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0 if all(r["pass"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
