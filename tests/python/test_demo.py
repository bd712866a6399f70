"""`make demo` (stepwell.tools.demo) runs its steps and reports what they did."""

from __future__ import annotations

import io
import operator
import re
from pathlib import Path

import pytest
import torch

from stepwell.frontend.loader import export, load_example
from stepwell.tools import demo

REPO = Path(__file__).resolve().parents[2]


def test_demo_on_gpt2_counts_ops_and_round_trips() -> None:
    out = io.StringIO()
    assert demo.main(["--lines", "4"], out=out) == 0
    text = out.getvalue()
    steps = re.findall(r"^\[(\d)/(\d)\] (.+)$", text, re.MULTILINE)
    assert [name for _, _, name in steps] == [name for name, _ in demo.STEPS]
    # the op count printed is the number of ATen calls in torch.export's own graph
    example = load_example(str(REPO / "examples" / "gpt2.py"))
    ep = export(example)
    calls = [
        n for n in ep.graph.nodes if n.op == "call_function" and n.target is not operator.getitem
    ]
    assert f"\n{len(calls)} torch ops, " in text
    assert isinstance(example.fn, torch.nn.Module)
    n_params = len(list(example.fn.named_parameters(remove_duplicate=False)))  # tied: both
    assert f": {n_params} parameters\n" in text
    n = len(demo.STEPS)
    shown = text.split("lines of the torch IR:\n", 1)[1].split(f"[3/{n}]", 1)[0].splitlines()
    assert len(shown) == 4 and shown[0] == "  builtin.module {"
    assert all(len(line) <= demo.WIDTH + 2 for line in shown)
    assert "round trip: " in text and ", parsed back, identical" in text
    # the compiled kernels ran and matched eager PyTorch
    assert re.search(r"-> \d+ kernels \+ \d+ ATen calls", text)
    assert "@triton.jit" in text and "def k" in text
    assert re.search(r"ran \d+ kernel launches: matches eager PyTorch", text)


def test_demo_reports_a_bad_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--example", "no/such/file.py"], out=io.StringIO()) == 1
    assert capsys.readouterr().err == "demo: no/such/file.py: error: no such file\n"


def test_demo_train_follows_eager() -> None:
    """`--train`: the compiled GPT-2's losses follow eager's, step by step, and the
    forward, backward and optimizer graphs were compiled to kernels."""
    out = io.StringIO()
    assert demo.main(["--train", "--steps", "2"], out=out) == 0
    text = out.getvalue()
    steps = re.findall(r"step \d: loss ([\d.]+) \(eager ([\d.]+)\)", text)
    assert len(steps) == 2
    for got, want in steps:
        assert abs(float(got) - float(want)) < 1e-4
    assert float(steps[1][1]) < float(steps[0][1])  # it learns
    for graph in ("forward", "backward", "optimizer step"):
        kernels = re.search(rf"  {graph}: (\d+) kernels", text)
        assert kernels is not None and int(kernels.group(1)) > 0, text
