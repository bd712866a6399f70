"""Pooling as kernels: `max_pool2d`/`max_pool3d` (with indices) and `avg_pool2d`/`avg_pool3d`
are a gather of each window and a reduction, fused into one kernel, matching eager on
values, indices, dtype, shape and NaN positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from native import run

from stepwell.fuzz.compare import mismatch

X = torch.randn(2, 3, 8, 9)
V = torch.randn(2, 2, 5, 6, 7)  # a volume: (N, C, D, H, W)
WITH_NAN = X.clone()
WITH_NAN[0, 0, 0, :3] = float("nan")

CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "max 2x2": (lambda x: F.max_pool2d(x, 2), (X,)),
    "max with indices, padding": (lambda x: F.max_pool2d(x, 3, 2, 1, return_indices=True), (X,)),
    "max ceil_mode, dilation": (
        lambda x: F.max_pool2d(
            x, (3, 2), (2, 1), (1, 1), (2, 1), ceil_mode=True, return_indices=True
        ),  # fmt: skip
        (X,),
    ),
    "max NaN windows": (lambda x: F.max_pool2d(x, 2, return_indices=True), (WITH_NAN,)),
    "max ties (first index)": (
        lambda x: F.max_pool2d(x, 2, return_indices=True),
        (torch.zeros(1, 1, 4, 4),),
    ),
    "max int64": (
        lambda x: F.max_pool2d(x, 2, return_indices=True),
        (torch.randint(-5, 5, (1, 2, 6, 6)),),
    ),
    "max float16, 3-d input": (lambda x: F.max_pool2d(x, 2), (X[0].half(),)),
    "avg 2x2": (lambda x: F.avg_pool2d(x, 2), (X,)),
    "avg padding, count_include_pad": (lambda x: F.avg_pool2d(x, 3, 2, 1), (X,)),
    "avg padding, exclude pad": (lambda x: F.avg_pool2d(x, 3, 2, 1, count_include_pad=False), (X,)),
    "avg ceil_mode": (lambda x: F.avg_pool2d(x, 3, 2, 0, ceil_mode=True), (X,)),
    "avg divisor_override": (lambda x: F.avg_pool2d(x, 2, divisor_override=3), (X,)),
    "adaptive max, uneven windows, NaN": (
        lambda x: F.adaptive_max_pool2d(x, (3, 4), return_indices=True), (WITH_NAN,)),
    "adaptive max, more cells than rows": (
        lambda x: F.adaptive_max_pool2d(x, (10, 2), return_indices=True), (X,)),
    "adaptive max, the identity": (lambda x: F.adaptive_max_pool2d(x, (8, 9)), (X,)),
    "adaptive max 1-d": (lambda x: F.adaptive_max_pool1d(x, 4, return_indices=True), (X[0],)),
    "adaptive max, empty batch": (lambda x: F.adaptive_max_pool2d(x, 2), (X[:0],)),
    "max 3-d with indices, padding, dilation, NaN": (
        lambda x: F.max_pool3d(x, 3, (2, 1, 2), 1, dilation=(1, 2, 1), return_indices=True),
        (V.masked_fill(V > 1.5, float("nan")),)),
    "max 3-d ceil_mode, 4-d input, int32": (
        lambda x: F.max_pool3d(x, 2, ceil_mode=True, return_indices=True),
        ((V[0] * 10).int(),)),
    "avg 3-d 2x2x2": (lambda x: F.avg_pool3d(x, 2), (V,)),
    "avg 3-d padding, stride, exclude pad": (
        lambda x: F.avg_pool3d(x, (3, 2, 3), (2, 1, 2), (1, 1, 0), count_include_pad=False),
        (V,)),
    "avg 3-d ceil_mode, 4-d input": (lambda x: F.avg_pool3d(x, 3, 2, 1, ceil_mode=True), (V[0],)),
    "avg 3-d divisor_override, float64": (
        lambda x: F.avg_pool3d(x, 2, divisor_override=5), (V.double(),)),
    "adaptive avg 3-d, uneven windows": (lambda x: F.adaptive_avg_pool3d(x, (2, 4, 3)), (V,)),
    "adaptive avg 3-d, more cells than rows, NaN": (
        lambda x: F.adaptive_avg_pool3d(x, (7, 3, 8)), (V.masked_fill(V > 2, float("nan")),)),
}


def test_adaptive_max_pool_is_one_kernel() -> None:
    _, manifest = run(lambda x: F.adaptive_max_pool2d(x, (3, 4), return_indices=True), X)
    assert len(manifest["kernels"]) == 1


@pytest.mark.parametrize("name", list(CASES))
def test_pooling_matches_eager_natively(name: str) -> None:
    fn, args = CASES[name]
    got, manifest = run(fn, *args)
    out = fn(*args)
    want = list(out) if isinstance(out, tuple) else [out]
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {} and manifest["graph_level_copies"] == {}


def test_avg_pool3d_is_one_kernel() -> None:
    _, manifest = run(lambda x: F.avg_pool3d(x, 3, 2, 1, count_include_pad=False), V)
    assert len(manifest["kernels"]) == 1


@pytest.mark.parametrize("n", [2, 3])
def test_max_pool_is_one_kernel(n: int) -> None:
    """The window offsets, the padding mask, the max and the index: one row kernel."""
    pool = F.max_pool2d if n == 2 else F.max_pool3d
    _, manifest = run(lambda x: pool(x, 3, 2, 1, return_indices=True), X if n == 2 else V)
    assert len(manifest["kernels"]) == 1
