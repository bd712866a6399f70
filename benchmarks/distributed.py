"""Distributed training and the remote compile cache.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/distributed.py [--runs ddp:gpt2,tp:llama]
        [--models gpt2,llama] [--no-remote] [--out results/distributed.json]

Two parts:

* **runs**: examples/distributed.py for each MODE:MODEL (default DDP and FSDP2 on GPT-2
  and Llama, tensor parallel on Llama), 2 CPU ranks (gloo), 3 AdamW steps, eager and
  `torch.compile(backend="stepwell")`: whether losses and parameters match (1e-4), and
  per rank the compiled graphs, kernels, ATen calls and collectives in the graphs.
* **remote cache**: for each model, `stepwell compile examples/MODEL.py --target cuda:90`
  (compile the graph and every kernel for sm_90; no GPU needed) in a fresh process with
  an empty local cache, (a) cold: an empty Redis too, (b) from Redis, filled by (a). A
  `redis-server` is started on a free port for it (Debian's package) and stopped after.
  Times are the wall time of the process (Python start-up and imports included).

Writes results/distributed.json (or --out).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUNS = "ddp:gpt2,ddp:llama,fsdp:gpt2,fsdp:llama,tp:llama"


def distributed_run(mode: str, model: str, steps: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "examples/distributed.py"), "--mode", mode, "--model",
         model, "--steps", str(steps)],
        capture_output=True, text=True, env={**os.environ, "TRITON_INTERPRET": "1"},
    )  # fmt: skip
    seconds = time.perf_counter() - t0
    if "{" not in proc.stdout:
        return {"mode": mode, "model": model, "error": proc.stderr[-2000:]}
    result = json.loads(proc.stdout[proc.stdout.index("{") :])
    return {**result, "seconds": round(seconds, 1)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def remote_cache(models: list[str]) -> list[dict[str, Any]] | str:
    exe = shutil.which("redis-server")
    if exe is None:
        return "redis-server is not installed"
    port = _free_port()
    rows = []
    with tempfile.TemporaryDirectory(prefix="stepwell-remote-") as tmp:
        server = subprocess.Popen(
            [exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
             "no", "--dir", tmp], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            time.sleep(0.5)
            for model in models:
                row: dict[str, Any] = {"model": model}
                for phase in ("cold", "remote"):
                    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
                    env["STEPWELL_CACHE_DIR"] = f"{tmp}/{model}-{phase}"  # empty local cache
                    env["STEPWELL_REMOTE_CACHE"] = f"redis://127.0.0.1:{port}/0"
                    env["TRITON_CACHE_DIR"] = f"{tmp}/{model}-{phase}-triton"
                    t0 = time.perf_counter()
                    proc = subprocess.run(
                        [sys.executable, "-m", "stepwell.tools.cli", "compile",
                         f"examples/{model}.py", "--target", "cuda:90", "-o", f"{tmp}/out"],
                        cwd=ROOT, env=env, capture_output=True, text=True,
                    )  # fmt: skip
                    row[f"{phase}_s"] = round(time.perf_counter() - t0, 2)
                    if proc.returncode != 0:
                        row["error"] = proc.stderr[-1000:]
                        break
                    out = proc.stdout
                    row[f"{phase}_graph_from_cache"] = "compiled graph came from" in out
                    row["kernels"] = int(out.split(" kernels,")[0].split()[-1])
                    cached = [ln for ln in out.splitlines() if "kernels for cuda:90 came" in ln]
                    row[f"{phase}_kernels_from_cache"] = int(cached[0].split()[0]) if cached else 0
                print(row, flush=True)
                rows.append(row)
        finally:
            server.terminate()
            server.wait()
    return rows


def table(result: dict[str, Any]) -> str:
    lines = [
        "| run | steps | match eager | graphs / rank | kernels / rank | ATen calls | "
        "collectives in graphs / rank | seconds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in result["runs"]:
        if "error" in r:
            lines.append(f"| {r['mode']} {r['model']} | error | | | | | | |")
            continue
        r0 = r["rank0"]
        colls = ", ".join(f"{k.split('.')[1]} {n}" for k, n in r0["collectives"].items()) or "-"
        lines.append(
            f"| {r['mode']} {r['model']} | {r['steps']} | {r['match']} | {r0['graphs']} "
            f"| {r0['kernels']} | {r0['aten_calls']} | {colls} | {r['seconds']} |"
        )
    remote = result.get("remote_cache")
    if isinstance(remote, list) and remote:
        lines += ["", "| model (cuda:90) | kernels | cold s | from Redis s | graph from Redis "
                  "| kernels from Redis |", "|---|---|---|---|---|---|"]  # fmt: skip
        for r in remote:
            lines.append(f"| {r['model']} | {r.get('kernels')} | {r.get('cold_s')} | "
                         f"{r.get('remote_s')} | {r.get('remote_graph_from_cache')} | "
                         f"{r.get('remote_kernels_from_cache')} |")  # fmt: skip
    elif remote:
        lines += ["", f"Remote cache not measured: {remote}."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", default=RUNS, help=f"MODE:MODEL,... (default {RUNS})")
    parser.add_argument("--steps", type=int, default=3, help="AdamW steps per run")
    parser.add_argument("--models", default="gpt2,llama", help="models for the remote cache")
    parser.add_argument("--no-remote", action="store_true", help="skip the remote cache part")
    parser.add_argument("--out", type=Path, default=ROOT / "results/distributed.json")
    args = parser.parse_args(argv)
    runs = []
    for spec in filter(None, args.runs.split(",")):
        mode, model = spec.split(":")
        runs.append(distributed_run(mode, model, args.steps))
        print({k: v for k, v in runs[-1].items() if k in ("mode", "model", "match", "seconds")},
              flush=True)  # fmt: skip
    result: dict[str, Any] = {"runs": runs}
    if not args.no_remote:
        result["remote_cache"] = remote_cache(args.models.split(","))
    result["table"] = table(result)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(result["table"])
    return 0 if all(r.get("match") for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
