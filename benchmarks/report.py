"""Write docs/benchmarks.md from the JSON the benchmark scripts leave in results/.

    .venv/bin/python benchmarks/report.py [--results results] [--out docs/benchmarks.md]

Numbers in the docs come from the scripts, never typed by hand: run the benchmarks, then
this. A section whose JSON is missing says which command makes it.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

COMMANDS = {
    "zoo": "TRITON_INTERPRET=1 HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/zoo.py",
    "fusion": "HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/fusion.py",
    "opinfo": "make conformance  (or: .venv/bin/python -m stepwell.conformance opinfo)",
    "compile_latency": "HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/compile_latency.py",
    "scaling": "HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/scaling.py",
    "scaling_parse": ".venv/bin/python benchmarks/scaling.py --parse",
    "fuzz_programs": ".venv/bin/python -m stepwell.fuzz programs --count 5000 --seed 10000 "
    "--quiet --json results/fuzz_programs.json",
    "fuzz_mutants": ".venv/bin/python -m stepwell.fuzz mutants --count 300 --seed 5000 "
    "--json results/fuzz_mutants.json",
    "train": "HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/train.py",
    "optimizer": "HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/optimizer.py",
    "dynamic": "HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/dynamic.py",
    "distributed": "HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/distributed.py",
    "gpu": "OUT=results PY=python3 bash benchmarks/gpu_lease.sh  (on a CUDA machine; "
    "docs/gpu.md tells what the runs found)",
}


def _load(results: Path, name: str) -> Any:
    path = results / f"{name}.json"
    return json.loads(path.read_text()) if path.is_file() else None


def _table(head: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def zoo(d: list[dict[str, Any]]) -> str:
    rows = [
        [r["model"], r["kernels"], sum(r["externs"].values()), f"{r['max_abs_error']:.1e}",
         "pass" if r["pass"] else "FAIL", f"{r['compile_s']:.1f}",
         ", ".join(f"{k.removeprefix('aten.')} x{v}" for k, v in r["externs"].items()) or "-"]
        for r in d
    ]  # fmt: skip
    head = ["model", "kernels", "ATen calls", "max abs err vs eager", "1e-4", "compile s",
            "ATen ops"]  # fmt: skip
    return _table(head, rows)


def fusion(d: dict[str, Any]) -> str:
    rows = []
    for r in d["rows"]:
        kib = r["min_bytes"] / 1024
        rows.append(
            [r["graph"], f"{kib:.1f}", f"{r['sw_launches']}+{r['sw_externs']}",
             f"{r['sw_bytes'] / r['min_bytes']:.2f}",
             f"{r.get('sw_kernels_unfused', '-')}, "
             + (f"{r['sw_bytes_unfused'] / r['min_bytes']:.2f}" if r.get("sw_bytes_unfused")
                else "-"),
             f"{r.get('ind_launches', '-')}+{r.get('ind_externs', '-')}",
             f"{r['ind_bytes'] / r['min_bytes']:.2f}" if r.get("ind_bytes") else "-"]
        )  # fmt: skip
    head = ["graph", "min KiB", "stepwell launches+ATen", "stepwell bytes/min",
            "without fuse-attention: kernels, bytes/min",
            "Inductor launches+ATen", "Inductor bytes/min",
            "launches stepwell/Inductor"]  # fmt: skip
    ratios = {r["graph"]: _launch_ratio(r) for r in d["rows"]}
    for row, r in zip(rows, d["rows"], strict=True):
        row.append(f"{ratios[r['graph']]:.2f}" if ratios[r["graph"]] else "-")
    def geomean(values: list[float]) -> float:
        return math.exp(sum(math.log(v) for v in values) / len(values))

    zoo = [v for g, v in ratios.items() if g.startswith("zoo/") and v]
    every = [v for v in ratios.values() if v]
    summary = ""
    if zoo:
        summary = (f"\nLaunches (kernels, ATen calls and graph-level ops that copy) over the"
                   f" zoo, stepwell/Inductor: geometric mean {geomean(zoo):.2f},"
                   f" highest {max(zoo):.2f}.\n")  # fmt: skip
    if every:
        more = [r["graph"] for r in d["rows"]
                if r.get("ind_bytes") and r["sw_bytes"] > r["ind_bytes"]]  # fmt: skip
        summary += (f"Over every graph: geometric mean {geomean(every):.2f}, highest"
                    f" {max(every):.2f}; stepwell's bytes above Inductor's on: "
                    f"{', '.join(more) or 'none'}.\n")  # fmt: skip
    return f"Inductor: {d.get('inductor_backend', '?')}.\n\n" + _table(head, rows) + summary


def _launch_ratio(r: dict[str, Any]) -> float | None:
    ind = (r.get("ind_launches") or 0) + (r.get("ind_externs") or 0)
    ours = r["sw_launches"] + r["sw_externs"] + r.get("sw_copies", 0)
    return ours / ind if ind else None


def opinfo(d: dict[str, Any]) -> str:
    of, sf = d["op_fractions"], d["sample_fractions"]
    n = d["max_samples"]
    samples = "every sample" if n is None else f"up to {n} samples each"
    return (
        f"{sum(v for k, v in d['ops'].items() if k != 'skip')} ops, {samples} "
        f"({sum(v for k, v in d['samples'].items() if k != 'skip'):,} samples, "
        f"{d['seconds'] / 60:.0f} min): ops native "
        f"{of['native']:.1%}, fallback {of['fallback']:.1%}, fail {of['fail']:.1%}; samples "
        f"native {sf['native']:.1%}, fallback {sf['fallback']:.1%}, fail {sf['fail']:.1%}.\n"
    )


def compile_latency(d: dict[str, Any]) -> str:
    def seconds(row: dict[str, Any], backend: str) -> str:
        v = row.get(backend, {}).get("compile_s")
        return f"{v:.2f}" if v is not None else "n/a"

    def ratio(row: dict[str, Any]) -> str:
        v = row.get("ratio_stepwell_over_inductor")
        return f"{v:.2f}" if v is not None else "n/a"

    def gap(row: dict[str, Any]) -> str:
        sw, aot = row["stepwell"].get("compile_s"), row.get("aot_eager", {}).get("compile_s")
        return f"{sw - aot:+.2f}" if sw is not None and aot is not None else "n/a"

    def floor(row: dict[str, Any]) -> str:
        v = row.get("eager_over_inductor")
        return f"{v:.2f}" if v is not None else "n/a"

    rows = []
    for model, s in d["summary"].items():
        cold, warm = s["cold"], s["warm"]
        hit = s.get("stages_median_s", {}).get("warm_hit")
        gpu = s.get("stages_median_s", {}).get("triton_cuda90_cold")
        rows.append(
            [model, seconds(cold, "stepwell"), seconds(cold, "inductor"), ratio(cold),
             seconds(warm, "stepwell"), seconds(warm, "inductor"), ratio(warm),
             seconds(warm, "aot_eager"), gap(warm), seconds(warm, "eager"), floor(warm),
             f"{hit:.3f}" if hit is not None else "n/a",
             f"{gpu:.2f}" if gpu is not None else "n/a"]
        )  # fmt: skip
    head = ["model", "stepwell cold s", "Inductor cold s", "ratio", "stepwell warm s",
            "Inductor warm s", "ratio", "aot_eager s", "stepwell warm - aot_eager s",
            "Dynamo alone s", "Dynamo alone / Inductor warm", "stepwell's own work on a hit s",
            "cuda:90 cold s"]  # fmt: skip
    return (
        f"{d['meta'].get('runs', '?')} runs, median. aot_eager is Dynamo and AOTAutograd"
        " with no compiler (the least a backend that runs AOTAutograd's trace can cost; a"
        " warm stepwell call of an inference graph skips that trace, docs/backends.md"
        ' "frame cache"). Dynamo alone is backend `eager`: Dynamo\'s trace and guards with'
        " nothing compiled, the least any torch.compile backend can cost; the last column is"
        " the"
        " FX graph key, the entry's read, the plan's parse and the runtime (one graph), and"
        " the one after it Triton's cold compile of every kernel for cuda:90 (empty caches,"
        " in a pool of compile workers).\n\n"
        + _table(head, rows)
    )


def scaling(d: dict[str, Any]) -> str:
    rows = []
    for family, v in d["results"].items():
        per_op = v["analysis"]["per_op_s"]
        for size, stages in per_op.items():
            rows.append([family, size, f"{stages['stepwell_total'] * 1e6:.0f}"])
    return _table(["graph", "ops", "stepwell µs per op (import to emit)"], rows)


def scaling_parse(d: dict[str, Any]) -> str:
    stages = ("parse", "verify", "print")
    rows = [
        [r["megabytes"], r["ops"], *(f"{r['stages_s'][k]:.1f}" for k in stages),
         f"{r['total_s']:.1f}", f"{r['total_s'] / r['megabytes']:.2f}"]
        for r in d["runs"] if "stages_s" in r
    ]  # fmt: skip
    text = _table(["MB", "ops", "parse s", "verify s", "print s", "total s", "s per MB"], rows)
    if d.get("check"):
        c = d["check"]
        linear = "yes" if c["passed"] else "NO"
        text += (f"\nSeconds per MB at {c['sizes_mb'][1]} MB are {c['per_mb_ratio']:.2f}x "
                 f"those at {c['sizes_mb'][0]} MB (linear within 1.5x: {linear}).\n")  # fmt: skip
    return text


def fuzz_programs(d: dict[str, Any]) -> str:
    last = d["first_seed"] + d["count"] - 1
    return (f"{d['count']} random programs (seeds {d['first_seed']}..{last}) "
            f"in {d['seconds']:.0f} s: {d['ok']} match eager, **{d['wrong']} wrong, {d['crash']} "
            f"crashes**, {d['skipped']} skipped (eager, or Dynamo alone, raised).\n")  # fmt: skip


def fuzz_mutants(d: dict[str, Any]) -> str:
    return (f"{d['files'] * d['per_file']} mutants ({d['per_file']} of each of {d['files']} files "
            f"of the zoo's IR at the torch, prims and tile levels) in {d['seconds']:.0f} s: "
            f"{d['ok']} ran, {d['rejected']} rejected with a diagnostic, **{d['traceback']} "
            f"tracebacks, {d['hang']} hangs**.\n")  # fmt: skip


def train(d: dict[str, Any]) -> str:
    text = (
        "One training step (forward, loss, backward) of each zoo model, dropout off. "
        "Launches per step = kernels launched + ATen calls + graph-level ops that move data "
        "(stepwell); Triton kernels launched + extern calls (Inductor, its Triton code "
        f"generated for CPU tensors: {d.get('inductor_backend')}). Compile time = first "
        "step - steady step (Inductor: its default C++ CPU path). Errors are the largest "
        "absolute differences from eager. Attention kernels: the flash-attention forward "
        "and backward kernels of the step; × minimum: the kernels' bytes over the step's "
        "floor (inputs and parameters read once, gradients and loss written once).\n\n"
    )
    return text + d["table"] + "\n"


def dynamic(d: dict[str, Any]) -> str:
    text = (
        "Each sweep calls one `torch.compile`d model at new sizes (Dynamo's default: static "
        "first, then a graph with symbolic sizes). stepwell compiles a dynamic graph once, "
        "into kernels whose sizes are arguments, when every op has a symbolic kernel (if "
        "need be with the symbols of equal hints made one, under a guard), and "
        "otherwise once per binding of its sizes (docs/dynamic.md): graphs = graphs Dynamo "
        "handed over, compiles = static graphs + symbolic compiles + specializations; "
        "kernels and ATen calls are per call. "
        "Inductor compiles each graph once, sizes as kernel arguments (its Triton code for "
        f"CPU tensors: {d.get('inductor_backend')}).\n\n"
    )
    return text + d["table"] + "\n"


def distributed(d: dict[str, Any]) -> str:
    text = (
        "Training on 2 CPU processes (gloo), eager and `torch.compile(backend=\"stepwell\")`, "
        "with AdamW (examples/distributed.py; docs/distributed.md). Graphs, kernels, ATen "
        "calls and collectives are summed over rank 0's compiled graphs; seconds is the "
        "whole run (both ranks, eager and compiled). The remote cache table compiles a "
        "zoo model for cuda:90 in a fresh process with an empty local cache: cold (empty "
        "Redis), then from Redis (wall time of the process, Python start-up included).\n\n"
    )
    return text + d["table"] + "\n"


def optimizer(d: dict[str, Any]) -> str:
    text = (
        "`torch.compile(opt.step)` over each zoo model's parameters (random gradients), "
        "three steps beside an eager optimizer. Launches per step are those of the steady "
        "graph: kernels + ATen calls + graph-level copies, the copies of written inputs "
        "after the call included (stepwell); Triton kernels launched + extern calls "
        f"(Inductor, its Triton code for CPU tensors: {d.get('inductor_backend')}). Written "
        "in place / copied: the step's writes of parameters and state that a kernel makes "
        "into the tensor itself (write-inputs-in-place) / that are copied in after the "
        "call. Error: the largest difference from eager over parameters and state.\n\n"
    )
    return text + d["table"] + "\n"


SECTIONS = [
    ("Model zoo", "zoo", zoo),
    ("Fusion quality", "fusion", fusion),
    ("Training step", "train", train),
    ("Optimizer step", "optimizer", optimizer),
    ("Dynamic shapes", "dynamic", dynamic),
    ("Distributed", "distributed", distributed),
    ("OpInfo conformance through torch.compile", "opinfo", opinfo),
    ("Compile latency", "compile_latency", compile_latency),
    ("Scaling", "scaling", scaling),
    ("Parsing large modules", "scaling_parse", scaling_parse),
    ("Fuzzing: random programs against eager", "fuzz_programs", fuzz_programs),
    ("Fuzzing: mutated IR into stepwell-opt", "fuzz_mutants", fuzz_mutants),
]


def _sections(text: str) -> dict[str, str]:
    """`## Title` -> the section's body, from a rendered page."""
    parts = text.split("\n## ")[1:]
    return {p.split("\n", 1)[0]: p.split("\n", 1)[1] for p in parts}


def render(results: Path, previous: str = "") -> str:
    """The page; a section whose results are missing, or come from a run over a subset
    (`"subset"`: `--ops`, `--only`), keeps its text from `previous` (so re-measuring one
    benchmark updates its section only, and a quick run never replaces a whole one)."""
    kept = _sections(previous)
    out = [
        "<!-- Generated by benchmarks/report.py from results/*.json; do not edit. -->\n",
        "# Benchmarks\n\n",
        f"Machine: {platform.machine()}, 2 cores, CPU only (kernels in Triton's interpreter; "
        "GPU kernels compiled for cuda:90), except the GPU section. Commands below; "
        "benchmarks/README.md explains each measurement.\n\n",
    ]
    for title, name, fmt in SECTIONS:
        data = _load(results, name)
        if isinstance(data, dict) and data.get("subset"):
            data = None
        if data is None and title in kept:
            out.append(f"## {title}\n{kept[title]}\n")
            continue
        out.append(f"## {title}\n\n`{COMMANDS[name]}`\n\n")
        out.append(fmt(data) if data else "Not measured yet: run the command above.\n")
        out.append("\n")
    gpu = _load(results, "gpu")
    if (not gpu or gpu.get("skipped")) and "GPU run time" in kept:
        out.append(f"## GPU run time\n{kept['GPU run time']}")  # measured on another machine
        return "".join(out)
    out.append(f"## GPU run time\n\n`{COMMANDS['gpu']}`\n\n")
    if not gpu or gpu.get("skipped"):
        out.append(f"Not measured: {gpu.get('skipped') if gpu else 'no result'}.\n")
    else:
        out.append(gpu_section(gpu, _load(results, "gpu_attention"), _load(results, "gpu_smoke")))
    return "".join(out)


def _ms(row: dict[str, Any], key: str) -> str:
    value = row.get(f"{key}_ms")
    if value is not None:
        return f"{value:.3f}"
    return "error" if f"{key}_error" in row or row.get("error") else ""


def gpu_section(gpu: dict[str, Any], attention: Any, smoke: Any) -> str:
    """The GPU runs' JSON (benchmarks/gpu.py) as tables: times, ratios, FLOP rates."""
    meta = gpu.get("meta", {})
    lines = [f"GPU: {meta.get('gpu', '?')}; torch {meta.get('torch', '?')}, "
             f"Triton {meta.get('triton', '?')}; every compile cold.\n\n"]  # fmt: skip
    if smoke and smoke.get("results"):
        rows = smoke["results"]
        failed = [r["name"] for r in rows if not r.get("ok")]
        lines.append(f"Smoke (`gpu.py --smoke`, exact checks against eager): "
                     f"{len(rows) - len(failed)}/{len(rows)} ok"
                     f"{'; failed: ' + ', '.join(failed) if failed else ''}.\n\n")  # fmt: skip
    for data in (gpu, attention):
        if not data or not data.get("results"):
            continue
        rows = []
        for r in data["results"]:
            ok = "/".join("ok" if r.get(f"{b}_ok") else "-" for b in ("stepwell", "inductor"))
            rows.append([r["name"], r.get("dtype", ""), _ms(r, "eager"), _ms(r, "stepwell"),
                         _ms(r, "inductor"), _ms(r, "sdpa_flash"),
                         _fmt(r.get("stepwell_over_inductor")),
                         _fmt(r.get("stepwell_TFLOPs"), 0), ok])  # fmt: skip
        head = ["case", "dtype", "eager ms", "stepwell ms", "Inductor ms", "SDPA flash ms",
                "stepwell / Inductor", "stepwell TFLOP/s", "matches eager"]  # fmt: skip
        lines.append(_table(head, rows) + "\n")
        if data.get("skipped_cases"):
            lines.append(f"Out of time, not run: {', '.join(data['skipped_cases'])}.\n\n")
    return "".join(lines)


def _fmt(value: Any, digits: int = 2) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=ROOT / "results")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks.md")
    args = parser.parse_args(argv)
    previous = args.out.read_text() if args.out.is_file() else ""
    args.out.write_text(render(args.results, previous))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
