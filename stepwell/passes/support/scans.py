"""Scans for the prims level: `cumsum`, `cumprod` and `logcumsumexp` as one primitive,
`stepwell::scan(x, dim, kind)` (`prims.scan`), and `cummax`/`cummin` as
`stepwell::scan_index` (`prims.scan_index`: values and indices).

PyTorch decomposes `cumsum`/`cumprod` into a triangular mask and a sum (quadratic in the
row length) and leaves the others whole; a kernel computes a scan along a row in one
pass (`tl.cumsum`, `tl.associative_scan`). Integer and bool inputs scan in int64, as eager
does; float16, bfloat16 and float32 scan in float64 and round each result, as eager's CPU
kernels accumulate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from stepwell.dialects.prims_support import eager_scan  # the scan's meaning

aten = torch.ops.aten


@torch.library.custom_op("stepwell::scan", mutates_args=())
def scan_prim(x: torch.Tensor, dim: int, kind: str) -> torch.Tensor:
    """The inclusive scan of `x` along `dim` with `kind` (sum, prod, max, min, logsumexp)."""
    return eager_scan(x, dim, kind)


@scan_prim.register_fake
def _(x: torch.Tensor, dim: int, kind: str) -> torch.Tensor:
    return torch.empty_like(x)


@torch.library.custom_op("stepwell::scan_index", mutates_args=())
def scan_index_prim(x: torch.Tensor, dim: int, kind: str) -> tuple[torch.Tensor, torch.Tensor]:
    """The running max (`kind="max"`) or min of `x` along `dim` and the index where it was
    last reached (`cummax`/`cummin`: ties and NaN take the later index)."""
    out = torch.cummax(x, dim) if kind == "max" else torch.cummin(x, dim)
    return out.values.clone(), out.indices.clone()


@scan_index_prim.register_fake
def _(x: torch.Tensor, dim: int, kind: str) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(x), torch.empty_like(x, dtype=torch.int64)


def _cumulative_extremum(kind: str) -> Callable[..., Any]:
    def decomposition(x: torch.Tensor, dim: int) -> Any:
        if x.dim() == 0:  # one element: itself, reached at index 0
            return x.clone(), torch.zeros((), dtype=torch.int64)
        if x.dtype == torch.bool or x.numel() == 0:
            return NotImplemented
        return torch.ops.stepwell.scan_index(x, dim % x.dim(), kind)

    return decomposition


def _scan(kind: str, integer_result: bool = True) -> Callable[..., Any]:
    def decomposition(x: torch.Tensor, dim: int, dtype: torch.dtype | None = None) -> Any:
        if not (x.is_floating_point() or integer_result):
            return NotImplemented  # logcumsumexp of integers: eager refuses it too
        out = dtype or (x.dtype if x.is_floating_point() else torch.int64)
        if dtype is not None:  # eager converts the input first: int32 70000 is inf in float16
            x = x.to(dtype)
        if x.dim() == 0:  # the scan of one element is the element
            return x.to(out)
        # eager's CPU kernels accumulate float scans in double: so do we (a long float32
        # cumsum otherwise drifts by many ulps of its small late values)
        wide = torch.float64 if out in (torch.float16, torch.bfloat16, torch.float32) else out
        y = torch.ops.stepwell.scan(x.to(wide), dim % x.dim(), kind)
        if kind == "sum" and wide.is_floating_point:  # eager's sum starts from +0.0, so it
            y = y + 0.0  # never gives -0.0; a scan from the first element would
        return y.to(out)

    return decomposition


SCAN_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.cumsum.default: _scan("sum"),
    aten.cumprod.default: _scan("prod"),
    aten.logcumsumexp.default: _scan("logsumexp", integer_result=False),
    aten.cummax.default: _cumulative_extremum("max"),
    aten.cummin.default: _cumulative_extremum("min"),
}
"""ATen overload -> its decomposition into `stepwell::scan`."""
