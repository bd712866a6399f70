"""Scans as kernels (and `prims.trunc`, the worked example of a new pointwise op): `cumsum`,
`cumprod` and `logcumsumexp` compile to `prims.scan` and run
in row kernels (`tile.scan`), fused with their producers and consumers, matching eager on
values, dtype, shape and NaN positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
from native import native_like_eager, run

from stepwell.fuzz.compare import mismatch

INF, NAN = float("inf"), float("nan")
X = torch.randn(4, 33)

CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "cumsum": (lambda x: torch.cumsum(x, 1) * 2, (X,)),
    "cumsum dim 0": (lambda x: torch.cumsum(x, 0), (X,)),
    "cumsum of a transpose": (
        lambda x: torch.cumsum(x, 2),
        (torch.randn(2, 3, 5).transpose(0, 2),),
    ),
    "cumprod": (lambda x: torch.cumprod(x, -1), (torch.rand(3, 9) + 0.5,)),
    "logcumsumexp": (lambda x: torch.logcumsumexp(x, 1), (X,)),
    "logcumsumexp infinities": (
        lambda x: torch.logcumsumexp(x, 1),
        (torch.tensor([[-INF, -INF, 1.0, INF, 2.0], [NAN, 0.0, 1.0, 2.0, 3.0]]),),
    ),
    "cumsum NaN": (lambda x: torch.cumsum(x, 1), (torch.tensor([[1.0, NAN, 2.0]]),)),
    "cumsum int32 (int64 result)": (
        lambda x: torch.cumsum(x, 1),
        (torch.randint(-5, 5, (3, 7), dtype=torch.int32),),
    ),
    "cumsum bool": (lambda x: torch.cumsum(x, 1), (torch.rand(3, 7) > 0.5,)),
    "cumprod int64": (lambda x: torch.cumprod(x, 0), (torch.randint(-3, 4, (6, 2)),)),
    "cumsum float16": (lambda x: torch.cumsum(x, 1), (torch.randn(3, 40).half(),)),
    "cumsum bfloat16": (lambda x: torch.cumsum(x, 1), (torch.randn(3, 40).bfloat16(),)),
    "cumsum dtype=float64": (lambda x: torch.cumsum(x, 1, dtype=torch.float64), (X,)),
    "cumsum 1-d": (lambda x: torch.cumsum(x, 0), (torch.randn(100),)),
    "empty": (lambda x: torch.cumsum(x, 1), (torch.randn(3, 0),)),
    "cummax (ties and NaN take the later index)": (
        lambda x: torch.cummax(x, 1),
        (torch.tensor([[1.0, 3.0, 3.0, 2.0, NAN, 5.0, NAN, 0.0]]),),
    ),
    "cummin int64 dim 0": (lambda x: torch.cummin(x, 0), (torch.randint(-3, 3, (9, 4)),)),
    "cummax values fused": (lambda x: torch.cummax(x * 2, -1).values + 1, (X,)),
    "cummin float16 indices": (lambda x: torch.cummin(x, -1).indices, (X.half(),)),
    "0-d int cumsum (int64)": (lambda x: torch.cumsum(x, 0) * 2, (torch.tensor(3),)),
    "0-d cummax": (lambda x: torch.cummax(x, 0), (torch.tensor(2.5),)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_scans_match_eager_natively(name: str) -> None:
    fn, args = CASES[name]
    got, manifest = run(fn, *args)
    out = fn(*args)
    want = list(out) if isinstance(out, tuple) else [out]  # cummax: (values, indices)
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}
    if name != "empty":
        assert len(manifest["kernels"]) == 1 and "prims.scan" not in manifest["graph_level_prims"]


def test_scan_fuses_with_softmax() -> None:
    """softmax then cumsum over the same rows (a top-p sampler's first step): one kernel."""
    x = torch.randn(3, 50)
    fn = lambda x: torch.cumsum(torch.softmax(x, -1), -1)  # noqa: E731
    got, manifest = run(fn, x)
    assert mismatch([fn(x)], got) is None
    assert len(manifest["kernels"]) == 1


LONG = torch.randn(3, 20001)  # rows longer than one tile (16384): a looped kernel

LONG_CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "cumsum": (lambda x: torch.cumsum(x, 1) * 2, (LONG,)),
    "softmax then cumsum": (lambda x: torch.cumsum(x.softmax(-1), 1), (LONG,)),
    "cumprod": (lambda x: torch.cumprod(x, 1), (torch.rand(2, 17000) * 0.001 + 0.9995,)),
    "int64 cumsum": (lambda x: torch.cumsum(x, 1), (torch.randint(-3, 4, (2, 17000)),)),
    "cumsum then sum": (lambda x: torch.cumsum(x, 1).sum(1), (LONG,)),
}


def test_scans_of_two_dims_convert_their_input_as_they_load_it() -> None:
    """`cumsum` over dim 0 and `cumprod` of a clamp over dim 1 are two row kernels; the
    clamp (8 NaN-propagating ops) and the conversion to f64 that the cumprod scans run in
    the cumprod's kernel, not in the cumsum's (which reads x too): no f64 copy of x is
    stored and loaded back (fusion.py: `leaf_producers` of a scan)."""

    def fn(x: torch.Tensor) -> Any:
        return torch.cumsum(x, 0), torch.cumprod(x.clamp(-1, 1), 1)

    x = torch.randn(8, 32)
    x[2, 3] = NAN
    got, manifest = run(fn, x)
    assert mismatch(list(fn(x)), got) is None, mismatch(list(fn(x)), got)
    assert manifest["bytes_written"] == 2 * x.numel() * 4, manifest["kernels"]
    assert manifest["bytes_read"] == 2 * x.numel() * 4, manifest["kernels"]


@pytest.mark.parametrize("name", list(LONG_CASES))
def test_long_rows_scan_in_column_tiles(name: str) -> None:
    """A row longer than one tile is scanned tile by tile, each tile's scan combined with
    the running total of the tiles before it (a loop-carried value)."""
    fn, args = LONG_CASES[name]
    manifest = native_like_eager(fn, *args)
    assert "prims.scan" not in manifest["graph_level_prims"]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int32])
def test_trunc_is_a_kernel_op(dtype: torch.dtype) -> None:
    """`prims.trunc` end to end: one tile rule (prims -> math.trunc) and one kernel-op
    definition (its Triton expression and torch meaning); see docs/architecture.md."""
    x = (torch.randn(5, 7) * 4).to(dtype)
    if dtype.is_floating_point:
        x[0, :4] = torch.tensor([-0.0, INF, -INF, NAN])
    fn = lambda t: torch.trunc(t) * 2  # noqa: E731
    (got,), manifest = run(fn, x)
    assert mismatch(fn(x), got) is None, mismatch(fn(x), got)
    assert manifest["externs"] == {} and not manifest["graph_level_prims"]
