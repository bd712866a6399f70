"""Results come back with eager's strides: a kernel stores a result that eager lays out in
another dim order (`x.t() * 2`, a ReLU of a channels-last tensor, a softmax over a
transposed view) in that order, at no extra launch or byte (`support/output_orders.py`).
Eager is the reference: values, dtype, shape, NaN positions and the strides of every dim
of more than one element."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from native import run

import stepwell  # noqa: F401 - registers the backend
from stepwell.fuzz.compare import mismatch


def strides(t: torch.Tensor) -> tuple[int, ...]:
    """The strides that address something (a dim of one element has none that matters)."""
    return tuple(st for st, n in zip(t.stride(), t.shape, strict=True) if n > 1)


def compiled(fn: Callable[..., Any], tmp_path: Path, *args: torch.Tensor) -> tuple[Any, dict]:
    torch._dynamo.reset()
    out = torch.compile(fn, backend="stepwell", options={"dump_dir": str(tmp_path)})(*args)
    (manifest,) = [json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")]
    return out, manifest


CL = torch.randn(2, 3, 6, 5).to(memory_format=torch.channels_last)

CASES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...]]] = {
    "transposed input, scaled": (lambda x: x.t() * 2, (torch.randn(5, 7),)),
    "a permuted 3-d input": (lambda x: torch.relu(x.transpose(1, 2)), (torch.randn(4, 6, 5),)),
    "channels-last pointwise": (lambda x: torch.sigmoid(x) * 2, (CL,)),
    "channels-last conv then ReLU": (
        lambda x, w: F.relu(F.conv2d(x, w)), (CL, torch.randn(4, 3, 3, 3))),
    "softmax over a transposed view": (
        lambda x: torch.softmax(x.transpose(1, 2), -1), (torch.randn(2, 4, 6),)),
    "layer norm of a transposed view": (
        lambda x: F.layer_norm(x.transpose(1, 2), (4,)), (torch.randn(2, 4, 6),)),
    "cast to int32": (lambda x: (x.t() * 3).to(torch.int32), (torch.randn(4, 5),)),
    "float16": (lambda x: x.t().half() + 1, (torch.randn(4, 5),)),
    "bool": (lambda x: x.t() > 0, (torch.randn(4, 5),)),
    "with NaN": (lambda x: x.t().log(), (torch.randn(4, 5),)),
    "two results of one input": (lambda x: (x.t() + 1, x.t() - 1), (torch.randn(4, 5),)),
    "one also reduced": (lambda x: ((y := x.t() * 2), y.sum()), (torch.randn(4, 5),)),
    "beside a row-major result": (lambda x: (x.t() * 2, x + 1), (torch.randn(3, 4),)),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_results_have_eager_strides(name: str, tmp_path: Path) -> None:
    fn, args = CASES[name]
    want = fn(*args)
    got, manifest = compiled(fn, tmp_path, *args)
    want, got = [want] if isinstance(want, torch.Tensor) else list(want), (
        [got] if isinstance(got, torch.Tensor) else list(got))  # fmt: skip
    assert mismatch(want, got) is None, mismatch(want, got)
    assert [strides(t) for t in got] == [strides(t) for t in want]
    # no launch and no byte for it: one kernel, storing the results once
    assert manifest["externs"] == {} and len(manifest["kernels"]) == 1, manifest["kernels"]
    results = sum(t.numel() * t.element_size() for t in want)
    assert manifest["bytes_written"] == results, manifest["kernels"]


def test_exported_programs_return_eager_strides() -> None:
    fn, args = CASES["a permuted 3-d input"]
    got, _ = run(fn, *args)
    assert strides(got[0]) == strides(fn(*args))


def test_a_result_read_at_graph_level_too_stays_row_major_and_right(tmp_path: Path) -> None:
    """A result another output views (`y` and `y.t()`): the kernel stores `y` once,
    row-major; both come back with eager's values (and `y.t()` as a view of `y`)."""

    def fn(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        y = x.t() * 2
        return y, y.t()

    x = torch.randn(4, 5)
    got, manifest = compiled(fn, tmp_path, x)
    assert mismatch(list(fn(x)), list(got)) is None
    assert len(manifest["kernels"]) == 1


def test_training_outputs_have_eager_strides_and_gradients(tmp_path: Path) -> None:
    """A training forward's user output has eager's strides; the tensors it saves for
    the backward stay row-major, as kernels read them (so does an output that is saved
    too, such as tanh's: left out here); the gradients are eager's."""

    def fn(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return torch.sin(x.t()) * w + 1

    x, w = torch.randn(5, 7), torch.randn(7, 5)
    xe, we = x.clone().requires_grad_(), w.clone().requires_grad_()
    xc, wc = x.clone().requires_grad_(), w.clone().requires_grad_()
    want = fn(xe, we)
    torch._dynamo.reset()
    got = torch.compile(fn, backend="stepwell")(xc, wc)
    assert strides(got) == strides(want)
    want.sum().backward()
    got.sum().backward()
    assert mismatch([xe.grad, we.grad], [xc.grad, wc.grad]) is None


def test_dynamic_sizes_keep_row_major_results_with_eager_values() -> None:
    """With symbolic sizes the result stays row-major (the values are eager's)."""

    def fn(x: torch.Tensor) -> torch.Tensor:
        return x.t() * 2

    torch._dynamo.reset()
    f = torch.compile(fn, backend="stepwell", dynamic=True)
    for n in (3, 5):
        x = torch.randn(n, 4)
        assert mismatch([fn(x)], [f(x)]) is None


def test_a_view_eager_allows_on_the_result_works(tmp_path: Path) -> None:
    """`y.t().view(-1)` works on eager's `y = x.t() * 2` (its transpose is contiguous);
    on a row-major result it raised."""
    x = torch.randn(5, 6)
    got, _ = compiled(lambda x: x.t() * 2, tmp_path, x)
    assert torch.equal(got.t().view(-1), (x.t() * 2).t().view(-1))


COPIES: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "contiguous of a transposed input": (lambda x: x.contiguous(), torch.randn(5, 4).t()),
    "clone of a transposed input": (lambda x: x.clone(), torch.randn(5, 4).t()),
    "channels-last copy": (lambda x: x.contiguous(memory_format=torch.channels_last),
                           torch.randn(2, 3, 4, 5)),
    "row-major copy of channels-last": (lambda x: x.contiguous(), CL),
    "int64 contiguous": (lambda x: x.contiguous(), torch.arange(20).view(4, 5).t()),
    "bool contiguous": (lambda x: x.contiguous(), torch.randn(4, 5).t() > 0),
}  # fmt: skip


@pytest.mark.parametrize("dynamic", [False, True])
@pytest.mark.parametrize("name", list(COPIES))
def test_a_copy_of_an_input_has_eager_s_layout(name: str, dynamic: bool) -> None:
    """A copy of an input (`x.contiguous()` of a transposed `x`: no op at the prims
    level, so the graph returns `x` and the runtime copies it) comes back in the layout
    eager gives it, not the input's: `x.contiguous().view(-1)` raised. Writing into it
    leaves the input as it was."""
    fn, x = COPIES[name]
    want = fn(x)
    torch._dynamo.reset()
    got = torch.compile(fn, backend="stepwell", dynamic=dynamic)(x)
    assert mismatch([want], [got]) is None, mismatch([want], [got])
    assert strides(got) == strides(want), (got.stride(), want.stride())
    before = x.clone()
    got.view(-1) if got.is_contiguous() else got.zero_()
    got.zero_()
    assert torch.equal(x, before)
