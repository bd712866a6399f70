"""Slices computed first (canonicalize-prims `SliceBeforeComputation`): a slice of a value
that nothing else reads moves above the elementwise ops, broadcasts and reductions over
other dims computing it, so the elements it drops are never computed. Each case is
compared with eager (values, dtype, shape, NaN positions) and counted in bytes: the
kernels read the kept rows of the input, not all of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from native import run

from stepwell.fuzz.compare import mismatch

X = torch.randn(4, 16, 64)
W = torch.randn(100, 64)


def _head(x: torch.Tensor, w: torch.Tensor) -> Any:
    """A language model's head on the last token of its final layer norm."""
    return F.layer_norm(x, (64,))[:, -1] @ w.t()


CASES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...], int]] = {
    # name: (function, inputs, bytes the kernels may read: the rows kept, the weights,
    # and for the head the normalized rows the matmul reads back)
    "softmax of the last row": (lambda x: x.softmax(-1)[:, -1], (X,), 4 * 64 * 4),
    "layer norm, last token, head": (_head, (X, W), 2 * 4 * 64 * 4 + W.numel() * 4),
    "strided rows of a scaled softmax": (
        lambda x: (x * 3).softmax(-1)[:, ::4], (X,), 4 * 4 * 64 * 4),
    "a slice of the kept dims of a sum": (lambda x: x.exp().sum(-1)[1:3], (X,), 2 * 16 * 64 * 4),
    "float16 softmax, NaN row": (lambda x: x.softmax(-1)[:, 2:4],
                                 (X.half().index_fill(1, torch.tensor([3]), float("nan")),),
                                 4 * 2 * 64 * 2),  # fmt: skip
    "int32 row maxima": (lambda i: (i * 3).amax(-1)[0], ((X * 9).int(),), 16 * 64 * 4),
    "bool rows": (lambda x: (x > 0).sum(-1)[:, 5:7], (X,), 4 * 2 * 64 * 4),
    # through a matmul (its lhs rows) and the reshapes that flatten its batch: the last
    # token's logits read the last token of each sequence and the whole weight
    "last token's logits": (lambda x, w: (x @ w.t())[:, -1], (X, W), 4 * 64 * 4 + W.numel() * 4),
    "softmax of the last token's logits": (
        lambda x, w: (x @ w.t()).softmax(-1)[:, -1], (X, W),
        4 * 64 * 4 + W.numel() * 4 + 4 * 100 * 4),  # fmt: skip
    "columns of a product": (
        lambda x, w: (x @ w.t())[..., 10:20], (X, W), X.numel() * 4 + 10 * 64 * 4),  # fmt: skip
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_slice_is_computed_first(name: str) -> None:
    fn, args, input_bytes = CASES[name]
    got, manifest = run(fn, *args)
    want = fn(*args)
    assert mismatch([want], got) is None, mismatch([want], got)
    assert manifest["externs"] == {}, manifest["externs"]
    assert manifest["bytes_read"] <= input_bytes, (manifest["bytes_read"], input_bytes)


def test_a_value_read_whole_is_computed_whole_once() -> None:
    """The softmax is also returned whole: one kernel computes it, the slice is a view."""
    fn = lambda x: (lambda y: (y[:, -1], y))(x.softmax(-1))  # noqa: E731
    got, manifest = run(fn, X)
    assert mismatch(list(fn(X)), got) is None
    assert manifest["bytes_read"] == X.numel() * 4, manifest["kernels"]


def _writes(x: torch.Tensor) -> torch.Tensor:
    y = x.clone()
    y[1] = 0.0
    y[2, 3] = 1.0
    return y.exp()


SHARED: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...]]] = {
    # the second write reads row 2 of the first write's result
    "two setitems": (_writes, (torch.randn(4, 6),)),
    "a shifted row beside the whole value": (
        lambda x: (lambda y: y + y[1:2])((x * 2).relu()), (torch.randn(4, 6),)),
    "int32, a column beside the whole value": (
        lambda i: (lambda y: y - y[:, :1])(i * 3 + 1), (torch.randint(-9, 9, (3, 5)).int(),)),
}


@pytest.mark.parametrize("name", list(SHARED))
def test_a_slice_of_cheap_math_read_whole_too_is_recomputed(name: str) -> None:
    """A value computed by cheap elementwise math on the inputs and read both whole and
    through a slice: the slice's part is computed again from the sliced inputs, so one
    kernel reads the inputs instead of one storing the value and another reading it back
    at other lanes."""
    fn, args = SHARED[name]
    got, manifest = run(fn, *args)
    assert mismatch([fn(*args)], got) is None, mismatch([fn(*args)], got)
    assert manifest["externs"] == {} and len(manifest["kernels"]) == 1, manifest["kernels"]
