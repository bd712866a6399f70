"""Arg-reductions as kernels: `argmax`, `argmin` (over a dim or the whole tensor) and
`max`/`min` along a dim compile to `prims.arg_reduce` (and amax/amin) and run in row
kernels (`tile.reduce "argmax"`), fused with the row's producers, matching eager on
values, dtype, shape, ties (the first index) and NaN (the first NaN wins)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
import torch
from native import native_like_eager, run

from stepwell.frontend.loader import Example
from stepwell.fuzz.compare import mismatch
from stepwell.pipeline import check_example

NAN, INF = math.nan, math.inf
X = torch.randn(5, 37)

CASES: dict[str, tuple[Callable[..., Any], torch.Tensor, int]] = {
    # name: (fn, input, kernels)
    "argmax along a dim": (lambda x: x.argmax(1), X, 1),
    "argmin dim 0 keepdim": (lambda x: x.argmin(0, keepdim=True), X, 1),
    "argmax of the whole tensor": (lambda x: x.argmax(), X, 1),
    "argmin of the whole tensor, keepdim": (lambda x: torch.argmin(x, keepdim=True), X, 1),
    "max along a dim": (lambda x: torch.max(x, 1), X, 1),
    "min along dim 0, keepdim": (lambda x: torch.min(x, 0, keepdim=True), X, 1),
    "ties take the first index": (
        lambda x: (x.argmax(1), x.argmin(1)),
        torch.tensor([[1.0, 3, 3, 0, 0], [2, 2, 2, 2, 2]]),
        1,
    ),
    "the first NaN wins": (
        lambda x: (x.argmax(1), x.argmin(1), torch.max(x, 1)),
        torch.tensor([[1.0, NAN, 3, NAN], [-1, 2, 5, 0], [NAN, NAN, 1, 1]]),
        1,
    ),
    "infinities": (
        lambda x: (x.argmax(1), x.argmin(1)),
        torch.tensor([[-INF, -INF], [INF, 1.0]]),
        1,
    ),
    "int64": (lambda x: (x.argmax(1), torch.min(x, 1)), torch.randint(-5, 5, (4, 9)), 1),
    "int32 whole": (lambda x: x.argmin(), torch.randint(-9, 9, (6, 5), dtype=torch.int32), 1),
    "float16": (lambda x: x.argmax(-1), torch.randn(3, 20).half(), 1),
    "with its softmax": (lambda x: (torch.softmax(x, 1), torch.softmax(x, 1).argmax(1)), X, 1),
    "of a transpose": (lambda x: x.t().argmax(1), X, 1),
    "middle dim of 3": (lambda x: torch.max(x * 2, 1), torch.randn(2, 7, 3), 1),
    "max() of the whole tensor": (lambda x: torch.max(x), X, 1),
    "min() with a NaN": (lambda x: x.min(), torch.tensor([1.0, NAN, -2]), 1),
    "max() of bools": (lambda x: x.max(), torch.tensor([False, True]), 1),
    "max along dim 0 of a 0-d tensor": (lambda x: torch.max(x, 0), torch.tensor(2.5), 1),
    "greedy decoding's last position": (
        lambda logits: logits[:, -1, :].argmax(-1), torch.randn(2, 5, 50), 1),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_arg_reductions_match_eager_natively(name: str) -> None:
    fn, x, kernels = CASES[name]
    got, manifest = run(fn, x)
    want = torch.utils._pytree.tree_leaves(fn(x))  # (max's values and indices flattened)
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}
    assert len(manifest["kernels"]) == kernels, manifest["kernels"]


def test_an_empty_row_keeps_eagers_error() -> None:
    """A zero-length dim is not decomposed: ATen's argmax raises, as eager does."""
    with pytest.raises(Exception, match="empty|zero|0"):
        run(lambda x: x.argmax(1), torch.randn(3, 0))


@pytest.mark.parametrize("level", ["prims", "tile"])
def test_arg_reductions_in_the_interpreters(level: str) -> None:
    x = torch.tensor([[1.0, NAN, 3, NAN], [-1, 2, 5, 0], [4, 4, -2, -2]])
    example = Example(lambda t: (t.argmax(1), torch.min(t, 1), t.argmin()), (x,), "f")
    assert check_example(example, level).passed


PRODUCTS: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "of all": (lambda x: torch.prod(x), torch.randn(5, 6)),
    "along a dim, keepdim, fused with a consumer": (
        lambda x: torch.prod(x, 1, keepdim=True) * x, torch.randn(5, 6)),
    "int32 (int64 result)": (lambda x: torch.prod(x, 0), torch.randint(-3, 4, (4, 5),
                                                                       dtype=torch.int32)),
    "bool": (lambda x: torch.prod(x > 0, 1), torch.randn(4, 6)),
    "a long row (looped)": (lambda x: torch.prod(x, 1), 1 + torch.randn(3, 3000) * 1e-3),
    "NaN, inf and zero": (lambda x: torch.prod(x, 0),
                          torch.tensor([[NAN, 1.0, INF, 0.0], [2.0, 0.0, INF, -INF]])),
    "float16": (lambda x: torch.prod(x, 1), torch.rand(3, 8).half() + 0.5),
    "empty dim (1)": (lambda x: torch.prod(x, 1), torch.randn(4, 0)),
}  # fmt: skip


@pytest.mark.parametrize("name", list(PRODUCTS))
def test_products_are_row_kernels(name: str) -> None:
    fn, x = PRODUCTS[name]
    got, manifest = run(fn, x)
    assert mismatch([fn(x)], got) is None, mismatch([fn(x)], got)
    assert manifest["externs"] == {} and "prims.prod" not in manifest["graph_level_prims"]


def _cdist(p: float) -> Callable[..., Any]:
    return lambda a, b: torch.cdist(a, b, p=p)


DISTANCES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...]]] = {
    **{f"cdist p={p}": (_cdist(p), (torch.randn(2, 5, 3), torch.randn(2, 4, 3)))
       for p in (0.0, 1.0, 2.0, 3.5, INF)},
    "cdist of large sets (eager: matrix products)": (
        lambda a, b: torch.cdist(a, b), (torch.randn(30, 8), torch.randn(27, 8))),
    "addbmm": (lambda s, a, b: torch.addbmm(s, a, b, beta=0.5, alpha=2.0),
               (torch.randn(3, 5), torch.randn(4, 3, 6), torch.randn(4, 6, 5))),
    "addbmm with beta 0 ignores NaN in self": (
        lambda s, a, b: torch.addbmm(s, a, b, beta=0),
        (torch.full((3, 5), NAN), torch.randn(2, 3, 4), torch.randn(2, 4, 5))),
}  # fmt: skip


@pytest.mark.parametrize("name", list(DISTANCES))
def test_distances_and_batched_sums_are_kernels(name: str) -> None:
    fn, args = DISTANCES[name]
    native_like_eager(fn, *args)


def test_bilinear_is_one_reduction() -> None:
    """`F.bilinear` (ATen's `_trilinear`): the broadcast product of the three operands
    summed over the two contracted dims, in a kernel."""
    args = (torch.randn(8, 3), torch.randn(8, 4), torch.randn(5, 3, 4), torch.randn(5))
    fn = torch.nn.functional.bilinear
    manifest = native_like_eager(fn, *args)
    assert [k["kind"] for k in manifest["kernels"]] == ["reduction"]
