"""Dynamic graphs through `torch.compile(backend="stepwell")`: symbolic-size arithmetic
in the graph is computed at run time, every size gives eager's result."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch

from stepwell.fuzz.compare import mismatch


def _ops() -> dict[str, Callable[[torch.Tensor], torch.Tensor]]:
    return {
        # operator.mul on sizes: a flattening view
        "mul": lambda x: x.reshape(x.shape[0] * x.shape[1]) * 2,
        # operator.add: a size one larger
        "add": lambda x: torch.cat([x, x[:1]]).sum(1) + x.shape[0] + 1,
        # operator.sub and a slice with a symbolic end
        "sub": lambda x: x[: x.shape[0] - 1].exp(),
        # operator.floordiv: the first half
        "floordiv": lambda x: x[: x.shape[0] // 2] + 1,
        # operator.mod, as a size
        "mod": lambda x: torch.zeros(x.shape[0] % 3 + 1, x.shape[1]) + x[:1],
        # sym_size / sym_numel as values
        "numel": lambda x: x * x.numel(),
        "sym_size": lambda x: x.new_ones(x.shape[1]) * x.shape[0],
        # a comparison on sizes, as torch.sym_max
        "sym_max": lambda x: x.sum() + torch.sym_max(x.shape[0], 3),
        # truediv on sizes (a float)
        "truediv": lambda x: x / (x.shape[0] / 2),
    }


@pytest.mark.parametrize("name", list(_ops()))
def test_symbolic_size_arithmetic(name: str) -> None:
    """Each operator on symbolic sizes in a dynamic graph (first dim marked dynamic),
    several sizes through one compiled function, compared with eager."""
    torch._dynamo.reset()
    fn = _ops()[name]
    compiled = torch.compile(fn, backend="stepwell", dynamic=True)
    for rows in (4, 7, 12):
        x = torch.randn(rows, 5)
        got, want = compiled(x), fn(x)
        assert mismatch(want, got) is None, (rows, mismatch(want, got))


def test_gpt2_at_new_lengths() -> None:
    """GPT-2 called at a new sequence length gets a dynamic graph from Dynamo (whose
    position ids and masks are computed from symbolic sizes): it runs and matches eager
    at every length."""
    from pathlib import Path

    from stepwell.frontend.loader import load_example

    torch._dynamo.reset()
    root = Path(__file__).resolve().parents[2]
    model = load_example(str(root / "examples/gpt2.py")).fn
    compiled = torch.compile(model, backend="stepwell")
    for length in (16, 9, 13):
        ids = torch.randint(0, 256, (2, length))
        with torch.no_grad():
            got, want = compiled(ids), model(ids)
        assert mismatch(want, got) is None, (length, mismatch(want, got))
