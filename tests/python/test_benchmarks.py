"""The benchmark scripts run on this machine: gpu.py exits cleanly without a GPU, and the
report renders docs from the results the scripts write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parents[2]


def test_gpu_benchmark_exits_cleanly_without_a_gpu(tmp_path: Path) -> None:
    if torch.cuda.is_available():  # pragma: no cover - only on GPU machines
        return
    out = tmp_path / "gpu.json"
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    proc = subprocess.run(
        [sys.executable, "benchmarks/gpu.py", "--out", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-1000:]
    assert "no CUDA GPU" in proc.stdout + proc.stderr
    assert json.loads(out.read_text())["skipped"]


def test_report_renders_the_results(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import report
    finally:
        sys.path.pop(0)
    zoo = [{"model": "mlp", "kernels": 3, "externs": {"aten.convolution.default": 2},
            "max_abs_error": 3e-8, "pass": True, "compile_s": 1.5}]  # fmt: skip
    (tmp_path / "zoo.json").write_text(json.dumps(zoo))
    text = report.render(tmp_path)
    assert "| mlp | 3 | 2 | 3.0e-08 | pass | 1.5 | convolution.default x2 |" in text
    assert "## Fusion quality" in text and "Not measured yet" in text  # no fusion.json here
