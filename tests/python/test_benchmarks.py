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


def test_report_keeps_a_whole_run_over_a_quick_subset(tmp_path: Path) -> None:
    """A conformance run over a few ops (`--ops`) writes the same results file as the
    full sweep; the page keeps the full sweep's figures instead of rendering the subset."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import report
    finally:
        sys.path.pop(0)
    title = "OpInfo conformance through torch.compile"
    previous = f"# Benchmarks\n\n## {title}\n\n637 ops, the whole sweep.\n"
    fractions = {"native": 0.0, "fallback": 1.0, "fail": 0.0}
    quick = {"ops": {"native": 0, "fallback": 5, "fail": 0, "skip": 0},
             "samples": {"native": 0, "fallback": 17, "fail": 0, "skip": 0},
             "op_fractions": fractions, "sample_fractions": fractions,
             "max_samples": 4, "seconds": 83.2, "subset": ["cat", "add"]}  # fmt: skip
    (tmp_path / "opinfo.json").write_text(json.dumps(quick))
    text = report.render(tmp_path, previous)
    assert "637 ops, the whole sweep." in text and "5 ops" not in text
    (tmp_path / "opinfo.json").write_text(json.dumps({**quick, "subset": []}))
    assert "5 ops, up to 4 samples each (17 samples" in report.render(tmp_path, previous)


def test_report_renders_a_gpu_run_and_keeps_one_measured_elsewhere(tmp_path: Path) -> None:
    """The GPU section is rendered from gpu.py's JSON with fixed columns (a failed case
    says `error`, no traceback in the table); with no GPU JSON here, the page keeps the
    section a GPU machine's results rendered."""
    report = _benchmark_module("report")
    previous = "# Benchmarks\n\n## GPU run time\n\nMeasured on an H200: 0.123 ms.\n"
    assert "Measured on an H200: 0.123 ms." in report.render(tmp_path, previous)
    assert "Not measured: no result" in report.render(tmp_path, "")
    meta = {"gpu": "NVIDIA H200", "torch": "2.11.0", "triton": "3.6.0"}
    rows = [
        {"name": "softmax[4096x4096]", "dtype": "float16", "eager_ms": 0.058,
         "stepwell_ms": 0.046, "inductor_ms": 0.055, "stepwell_ok": True, "inductor_ok": True,
         "stepwell_over_inductor": 0.836},
        {"name": "attention[16x16x1024x128]", "dtype": "bfloat16", "eager_ms": 2.251,
         "stepwell_error": "RuntimeError: PassManager::run failed",
         "stepwell_traceback": "Traceback (most recent call last): ...",
         "inductor_ms": 0.244, "inductor_ok": True, "sdpa_flash_ms": 0.419},
    ]  # fmt: skip
    (tmp_path / "gpu.json").write_text(json.dumps({"meta": meta, "results": rows}))
    smoke = [{"name": "smoke:empty", "ok": True}, {"name": "smoke:cumsum", "ok": False}]
    (tmp_path / "gpu_smoke.json").write_text(json.dumps({"results": smoke}))
    text = report.render(tmp_path, previous)
    assert "Measured on an H200" not in text and "GPU: NVIDIA H200" in text
    assert "| softmax[4096x4096] | float16 | 0.058 | 0.046 | 0.055 |  | 0.84 |  | ok/ok |" in text
    assert "| attention[16x16x1024x128] | bfloat16 | 2.251 | error | 0.244 | 0.419 |" in text
    assert "Traceback" not in text and "1/2 ok; failed: smoke:cumsum" in text


def _benchmark_module(name: str):  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return __import__(name)
    finally:
        sys.path.pop(0)


def test_conformance_families_sort_the_ops_of_issue_12() -> None:
    """Each family named by the native-coverage issue gets its ops, and look-alike names
    (`normal` is no norm, `allclose` no `all`) do not land in the wrong one."""
    table = _benchmark_module("conformance_table")
    want = {
        "indexing": ["index_put", "scatter_reduce.prod", "take_along_dim", "gather",
                     "nn.functional.embedding", "masked_scatter", "index_select"],
        "scans": ["cumsum", "logcumsumexp", "cummax"],
        "arg-reductions and sorting": ["argmax", "sort", "topk", "kthvalue",
                                       "max.reduction_with_dim"],
        "pooling": ["nn.functional.max_pool2d", "nn.functional.adaptive_avg_pool3d"],
        "convolution": ["nn.functional.conv_transpose3d", "nn.functional.conv1d"],
        "linalg": ["linalg.svd", "cholesky", "pca_lowrank"],
        "complex and FFT": ["fft.rfft", "view_as_complex", "cfloat"],
        "shape and data movement": ["cat", "nn.functional.pad.reflect", "roll", "tril"],
        "reductions and norms": ["sum", "norm.nuc", "masked.sum", "all"],
        "elementwise and other": ["normal", "allclose", "add", "exp"],
    }  # fmt: skip
    for family, ops in want.items():
        assert {op: table.family(op) for op in ops} == dict.fromkeys(ops, family)


def test_conformance_table_says_why_each_fallback_falls_back(tmp_path: Path) -> None:
    """The table lists every op that is not native with its evidence and a reason from
    the rules, and replaces only the text between its markers."""
    table = _benchmark_module("conformance_table")

    def op(name: str, outcome: str, **kw: object) -> dict:
        base = {"op": name, "outcome": outcome, "samples": {outcome: 2}, "externs": [],
                "graph_level": [], "graph_breaks": 0, "no_graph": 0, "error": "",
                "skip_reason": ""}  # fmt: skip
        return {**base, **kw}

    summary = {
        "max_samples": None, "seconds": 120.0, "torch": "2.13.0",
        "samples": {"native": 2, "fallback": 4},
        "results": [op("add", "native"),
                    op("linalg.svd", "fallback", externs=["aten._linalg_svd.default"]),
                    op("unique", "fallback", graph_breaks=2, no_graph=2)],
    }  # fmt: skip
    text = table.render(summary)
    assert "| add |" not in text  # native ops are only counted
    assert "| linalg | linalg.svd | fallback | 0/2 | _linalg_svd.default | a factorization" in text
    assert "| unique | fallback | 0/2 | 2 graph breaks, 2 samples without a graph | Dynamo" in text
    page = f"before\n{table.BEGIN}\nold\n{table.END}\nafter\n"
    spliced = table.splice(page, text)
    assert spliced.startswith("before\n") and spliced.endswith("after\n")
    assert "old" not in spliced and "linalg.svd" in spliced


def test_fusion_outside_the_zoo_measures_a_model(tmp_path: Path) -> None:
    """`fusion.py --outside` builds a transformers model the zoo does not hold, and
    stepwell compiles it whole (no ATen call) into under 30 launches (Inductor: 26 Triton
    kernels and 19 ATen calls), moving less than 3x the minimum bytes (Inductor: 3.57x)."""
    out = tmp_path / "outside.json"
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    proc = subprocess.run(
        [sys.executable, "benchmarks/fusion.py", "--outside", "--no-inductor", "--only",
         "hf/gemma", "--out", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    (row,) = json.loads(out.read_text())["rows"]
    assert row["graph"] == "hf/gemma" and not row["sw_error"], row
    assert row["sw_externs"] == 0 and 0 < row["sw_launches"] < 30, row
    assert row["min_bytes"] < row["sw_bytes"] < 3 * row["min_bytes"], row


def test_optimizer_benchmark_writes_every_state_tensor_in_place(tmp_path: Path) -> None:
    """benchmarks/optimizer.py on the zoo MLP with Adam (stepwell only): the step matches
    eager and writes all 24 parameter and state tensors in place, with no copy after."""
    out = tmp_path / "optimizer.json"
    proc = subprocess.run(
        [sys.executable, "benchmarks/optimizer.py", "--models", "mlp", "--optimizers", "adam",
         "--no-inductor", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    (row,) = json.loads(out.read_text())["rows"]
    assert row["tensors"] == 24 and row["sw_in_place"] == 24 and row["sw_writes_copied"] == 0
    assert row["sw_copies"] == 0 and row["error"] < 1e-5
