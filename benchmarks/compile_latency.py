"""Compile latency of stepwell vs TorchInductor (default backend) on the example zoo.

For each model and each run a fresh temporary directory holds TRITON_CACHE_DIR,
TORCHINDUCTOR_CACHE_DIR and STEPWELL_CACHE_DIR. A NEW PROCESS compiles the model with
`torch.compile` (cold), then a second process with the same cache directories does it
again (warm). Inside each process "compile time" is

    first-call time - steady-state call time

where the first call's clock starts just before `torch.compile(...)` and stops when the
first result is back, and the steady-state time is the fastest of a few later calls. Both
backends run on CPU: Inductor generates and builds C++; stepwell runs its Triton kernels in
Triton's interpreter (TRITON_INTERPRET=1, set by the worker process).

A third kind of process times stepwell's stages one by one for each model: export, import,
decompose (decompose-torch-to-prims), canonicalize, cse, to-tile (convert-prims-to-tile),
verify, emit (Triton source) and the Triton compile of every kernel for cuda:90
(`compile_all`, cold then warm from stepwell's kernel cache), without TRITON_INTERPRET.

    .venv/bin/python benchmarks/compile_latency.py            # 5 models, 3 runs
    .venv/bin/python benchmarks/compile_latency.py --quick    # mlp+gpt2, 1 run

Writes results/compile_latency.json (or --out).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MODELS = ("mlp", "cnn", "gpt2", "bert", "llama", "qwen2", "opt")
BACKENDS = ("stepwell", "inductor", "aot_eager", "eager")
"""aot_eager is Dynamo plus AOTAutograd with no compiler behind them: its first call is
the least a backend that runs AOTAutograd's trace can cost (stepwell's frame cache skips
that trace on a warm hit of an inference graph). eager is Dynamo alone (its graph runs
as it is): the least any torch.compile backend can cost."""


# ---------------------------------------------------------------- worker processes


def worker_e2e(model: str, backend: str, steady_calls: int) -> dict[str, Any]:
    """Compile `model` with `backend` in this (fresh) process; time first and later calls."""
    os.environ["TRITON_INTERPRET"] = "1"  # before torch/triton are imported
    t_start = time.perf_counter()
    import torch

    import stepwell  # noqa: F401  (counted in import_s, not in the compile time)
    from stepwell.frontend.loader import load_example

    t_imported = time.perf_counter()
    example = load_example(str(ROOT / "examples" / f"{model}.py"))
    fn = example.fn
    with torch.no_grad():
        t0 = time.perf_counter()
        compiled = torch.compile(fn, backend=backend)
        out = compiled(*example.inputs)
        first = time.perf_counter() - t0
        steady = []
        for _ in range(steady_calls):
            t = time.perf_counter()
            out = compiled(*example.inputs)
            steady.append(time.perf_counter() - t)
        ref = fn(*example.inputs)
    flat_out = torch.utils._pytree.tree_leaves(out)
    flat_ref = torch.utils._pytree.tree_leaves(ref)
    ok = len(flat_out) == len(flat_ref) and all(
        torch.allclose(a, b, rtol=1e-3, atol=1e-3)
        for a, b in zip(flat_out, flat_ref, strict=True)
        if isinstance(a, torch.Tensor)
    )
    steady_s = min(steady)  # the least noisy estimate on a busy machine
    return {
        "model": model,
        "backend": backend,
        "import_s": t_imported - t_start,
        "first_call_s": first,
        "steady_call_s": steady_s,
        "compile_s": first - steady_s,
        "matches_eager": ok,
    }


def worker_stages(model: str, target: str) -> dict[str, Any]:
    """Time stepwell's stages for `model` one by one (no TRITON_INTERPRET)."""
    os.environ.pop("TRITON_INTERPRET", None)
    from stages import time_stages  # benchmarks/stages.py, beside this script

    from stepwell.frontend.fx import import_program
    from stepwell.frontend.loader import export, load_example
    from stepwell.lowering.triton.targets import compile_all, load_for_compile

    times: dict[str, float] = {}
    example = load_example(str(ROOT / "examples" / f"{model}.py"))
    t = time.perf_counter()
    ep = export(example)
    times["export"] = time.perf_counter() - t
    t = time.perf_counter()
    module = import_program(ep)
    times["import"] = time.perf_counter() - t
    kernels, source = time_stages(module, times)
    times["warm_hit"] = time_warm_hit(ep, source, module)
    errors: list[str] = []
    if target:
        with tempfile.TemporaryDirectory() as d:
            fns = load_for_compile(source, Path(d))
            for phase in ("cold", "warm"):
                t = time.perf_counter()
                compiled = compile_all(kernels, fns, target)
                times[f"triton_{target.replace(':', '')}_{phase}"] = time.perf_counter() - t
            errors = [f"{c.name}: {c.error}" for c in compiled if c.error]
    return {"model": model, "kernels": len(kernels), "stages_s": times, "triton_errors": errors}


def time_warm_hit(ep: Any, source: str, module: Any) -> float:
    """stepwell's own work when torch.compile finds a graph in the graph cache: the FX
    graph's key, reading the entry, parsing its launch plan (JSON, as the backend stores
    it) and making the runtime."""
    from stepwell.lowering import graph_cache
    from stepwell.lowering.artifacts import cached_artifacts, plan_text
    from stepwell.lowering.compiler import manifest_of
    from stepwell.lowering.plan_builder import build_launch_plan

    gm = ep.graph_module
    inputs = [n.meta["val"] for n in gm.graph.nodes if n.op == "placeholder"]
    key = graph_cache.fx_graph_key(gm, inputs, "benchmark")
    assert key is not None, "the exported graph has no FX key"
    plan = build_launch_plan(module)  # what torch.compile's backend stores beside the IR
    graph_cache.store(key, {"tile": "module {}"}, source, manifest_of(module), plan_text(module),
                      plan.to_json() if plan is not None else None)  # fmt: skip
    t = time.perf_counter()
    key = graph_cache.fx_graph_key(gm, inputs, "benchmark")
    artifacts = cached_artifacts(key)  # type: ignore[arg-type]
    assert artifacts is not None
    _ = artifacts.runtime
    return time.perf_counter() - t


# ---------------------------------------------------------------- driver


def run_worker(args: list[str], env: dict[str, str], timeout: float) -> dict[str, Any]:
    """Run this script as a worker in a new process; return its JSON (or an error)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), *args]
    t = time.perf_counter()
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout,
                              cwd=ROOT)  # fmt: skip
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout:.0f} s"}
    wall = time.perf_counter() - t
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        return {"error": f"exit {proc.returncode}: " + " | ".join(tail), "process_s": wall}
    result = json.loads(lines[-1][len("RESULT ") :])
    result["process_s"] = wall
    return result


def cache_env(directory: Path) -> dict[str, str]:
    """The environment with every compiler cache pointed into `directory`."""
    env = dict(os.environ)
    env.pop("TRITON_INTERPRET", None)
    env["HF_HUB_OFFLINE"] = "1"
    env["TRITON_CACHE_DIR"] = str(directory / "triton")
    env["TORCHINDUCTOR_CACHE_DIR"] = str(directory / "inductor")
    env["STEPWELL_CACHE_DIR"] = str(directory / "stepwell")
    return env


def median_of(rows: list[dict[str, Any]], key: str) -> float | None:
    """Median of `key` over the rows that have it."""
    values = [r[key] for r in rows if key in r]
    return statistics.median(values) if values else None


def main(argv: list[str] | None = None) -> int:
    """Parse arguments; run as driver (default) or as one worker process."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--models", default=",".join(MODELS), help="comma list (default: all 7 zoo models)"
    )
    ap.add_argument("--runs", type=int, default=3, help="runs per model/backend (default 3)")
    ap.add_argument("--quick", action="store_true", help="smoke test: mlp,gpt2 and 1 run")
    ap.add_argument("--steady-calls", type=int, default=5, help="calls timed after the first")
    ap.add_argument("--target", default="cuda:90", help="Triton target for the stage timing "
                    "('' to skip the Triton compile)")  # fmt: skip
    ap.add_argument("--no-stages", action="store_true", help="skip the per-stage timing")
    ap.add_argument("--stage-runs", type=int, default=1, help="stage-timing runs per model")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per worker process")
    ap.add_argument("--out", default=str(ROOT / "results" / "compile_latency.json"))
    ap.add_argument("--worker", choices=("e2e", "stages"), help=argparse.SUPPRESS)
    ap.add_argument("--model", help=argparse.SUPPRESS)
    ap.add_argument("--backend", choices=BACKENDS, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)

    if a.worker == "e2e":
        print("RESULT " + json.dumps(worker_e2e(a.model, a.backend, a.steady_calls)))
        return 0
    if a.worker == "stages":
        print("RESULT " + json.dumps(worker_stages(a.model, a.target)))
        return 0

    models = ["mlp", "gpt2"] if a.quick else [m for m in a.models.split(",") if m]
    runs = 1 if a.quick else a.runs
    began = time.perf_counter()
    raw: list[dict[str, Any]] = []
    stages: dict[str, list[dict[str, Any]]] = {m: [] for m in models}
    for model in models:
        for run in range(runs):
            for backend in BACKENDS:
                with tempfile.TemporaryDirectory(prefix="stepwell-bench-") as d:
                    env = cache_env(Path(d))
                    for phase in ("cold", "warm"):
                        args = ["--worker", "e2e", "--model", model, "--backend", backend,
                                "--steady-calls", str(a.steady_calls)]  # fmt: skip
                        r = run_worker(args, env, a.timeout)
                        r.update(model=model, backend=backend, phase=phase, run=run)
                        raw.append(r)
                        msg = r.get("error") or (
                            f"compile {r['compile_s']:7.2f} s  first {r['first_call_s']:7.2f} s"
                            f"  steady {r['steady_call_s'] * 1e3:8.2f} ms"
                            f"  process {r['process_s']:6.1f} s  ok={r['matches_eager']}"
                        )
                        print(f"[{time.perf_counter() - began:6.0f}s] {model:6} {backend:9}"
                              f" run {run} {phase:4}: {msg}", flush=True)  # fmt: skip
            if not a.no_stages and run < a.stage_runs:
                with tempfile.TemporaryDirectory(prefix="stepwell-bench-") as d:
                    r = run_worker(["--worker", "stages", "--model", model, "--target", a.target],
                                   cache_env(Path(d)), a.timeout)  # fmt: skip
                stages[model].append(r)
                msg = r.get("error") or "  ".join(f"{k} {v:.3f}" for k, v in r["stages_s"].items())
                print(f"[{time.perf_counter() - began:6.0f}s] {model:6} stages    run {run}:"
                      f" {msg}", flush=True)  # fmt: skip

    summary: dict[str, Any] = {}
    print("\nmedian compile time (first call - steady call), seconds")
    print(f"{'model':6} {'phase':5} {'stepwell':>9} {'inductor':>9} {'sw/ind':>7} {'aot_eager':>9}"
          f" {'eager':>9}")  # fmt: skip
    for model in models:
        summary[model] = {}
        for phase in ("cold", "warm"):
            row: dict[str, Any] = {}
            for backend in BACKENDS:
                rows = [r for r in raw if r["model"] == model and r["backend"] == backend
                        and r["phase"] == phase and "error" not in r]  # fmt: skip
                row[backend] = {
                    "compile_s": median_of(rows, "compile_s"),
                    "first_call_s": median_of(rows, "first_call_s"),
                    "steady_call_s": median_of(rows, "steady_call_s"),
                    "process_s": median_of(rows, "process_s"),
                    "runs_ok": len(rows),
                }
            sw, ind = row["stepwell"]["compile_s"], row["inductor"]["compile_s"]
            aot = row["aot_eager"]["compile_s"]
            row["ratio_stepwell_over_inductor"] = sw / ind if sw and ind else None
            row["stepwell_minus_aot_eager_s"] = sw - aot if sw and aot else None
            summary[model][phase] = row
            ratio = row["ratio_stepwell_over_inductor"]
            fmt = lambda v: f"{v:9.2f}" if v is not None else f"{'n/a':>9}"  # noqa: E731
            shown = f"{ratio:7.2f}" if ratio is not None else "    n/a"
            dynamo = row["eager"]["compile_s"]
            row["eager_over_inductor"] = dynamo / ind if dynamo and ind else None
            print(f"{model:6} {phase:5} {fmt(sw)} {fmt(ind)} {shown} {fmt(aot)} {fmt(dynamo)}")
        ok_stages = [s for s in stages.get(model, []) if "error" not in s]
        if ok_stages:
            med = {k: statistics.median(s["stages_s"][k] for s in ok_stages)
                   for k in ok_stages[0]["stages_s"]}  # fmt: skip
            summary[model]["stages_median_s"] = med
            summary[model]["kernels"] = ok_stages[0]["kernels"]
            summary[model]["triton_errors"] = ok_stages[0]["triton_errors"]

    if not a.no_stages:
        print("\nstepwell stage medians, seconds")
        keys = next((list(summary[m]["stages_median_s"]) for m in models
                     if "stages_median_s" in summary[m]), [])  # fmt: skip
        labels = [k.replace(f"triton_{a.target.replace(':', '')}_", "triton_") for k in keys]
        print(f"{'model':6} {'kern':>4} " + " ".join(f"{k[:12]:>12}" for k in labels))
        for model in models:
            med = summary[model].get("stages_median_s")
            if med is None:
                print(f"{model:6} (stage timing failed)")
                continue
            print(f"{model:6} {summary[model]['kernels']:4} "
                  + " ".join(f"{med.get(k, float('nan')):12.3f}" for k in keys))  # fmt: skip
            for err in summary[model]["triton_errors"]:
                print(f"       triton error: {err}")

    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} cpus",
        "python": platform.python_version(),
        "compile_time_definition": "first call (incl. torch.compile) - fastest steady call",
        "runs": runs,
        "models": models,
        "total_s": time.perf_counter() - began,
    }
    out.write_text(json.dumps({"meta": meta, "summary": summary, "raw": raw,
                               "stages": stages}, indent=2) + "\n")  # fmt: skip
    print(f"\nwrote {out} ({meta['total_s']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
