"""Arg-reductions for the prims level: `argmax`, `argmin`, and `max`/`min` along a dim
(values and indices; `max()`/`min()` of a whole tensor are its amax/amin), through one
primitive, `stepwell::arg_reduce(x, dim, kind)` (`prims.arg_reduce`): the int64 index
along `dim` of the first maximum (`kind = "argmax"`) or minimum, or of the first NaN when
the row has one, as eager returns it.

PyTorch has no prim for them (its decomposition table leaves them to the backend); a row
kernel computes the index with `tl.argmax`/`tl.argmin`, fused with what produces the row
and with the row's `amax` (`max.dim`'s values) in one kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from stepwell.dialects.prims_support import eager_arg_reduce  # the primitive's meaning

aten = torch.ops.aten


@torch.library.custom_op("stepwell::arg_reduce", mutates_args=())
def arg_reduce_prim(x: torch.Tensor, dim: int, kind: str) -> torch.Tensor:
    """The index along `dim` of the first max (`kind="argmax"`) or min (`"argmin"`) of
    `x`, or of the first NaN; `dim` is removed."""
    return eager_arg_reduce(x, dim, kind).clone()


@arg_reduce_prim.register_fake
def _(x: torch.Tensor, dim: int, kind: str) -> torch.Tensor:
    shape = [n for d, n in enumerate(x.shape) if d != dim]
    return x.new_empty(shape, dtype=torch.int64)


def _supported(x: torch.Tensor, dim: int | None) -> bool:
    """A dim (or the whole tensor) with elements, of a non-bool, non-complex tensor."""
    n = x.numel() if dim is None else (x.shape[dim] if x.dim() else 1)
    return n > 0 and x.dtype != torch.bool and not x.is_complex()


def _arg(kind: str) -> Callable[..., Any]:
    def decomposition(x: torch.Tensor, dim: int | None = None, keepdim: bool = False) -> Any:
        if not _supported(x, dim):
            return NotImplemented
        if x.dim() == 0:
            return torch.zeros((), dtype=torch.int64)
        if dim is None:  # the index into the flattened tensor
            flat = torch.ops.stepwell.arg_reduce(x.reshape(-1), 0, kind)
            return flat.reshape([1] * x.dim()) if keepdim else flat
        d = dim % x.dim()
        index = torch.ops.stepwell.arg_reduce(x, d, kind)
        return index.unsqueeze(d) if keepdim else index

    return decomposition


def _extremum(kind: str) -> Callable[..., Any]:
    """max.dim/min.dim: the row's amax/amin (NaN propagates) and its arg-reduction."""
    values_of = torch.amax if kind == "argmax" else torch.amin

    def decomposition(x: torch.Tensor, dim: int, keepdim: bool = False) -> Any:
        boolean = x.dtype == torch.bool  # (eager's max.dim takes bools, argmax does not)
        if not _supported(x.to(torch.int32) if boolean else x, dim):
            return NotImplemented
        if x.dim() == 0:  # one element: itself, at index 0
            return x.clone(), torch.zeros((), dtype=torch.int64)
        d = dim % x.dim()
        # (a bool row's index as of its 0/1 values: True the larger, the first on ties)
        index = torch.ops.stepwell.arg_reduce(x.to(torch.int32) if boolean else x, d, kind)
        values = values_of(x, d, keepdim)
        return values, index.unsqueeze(d) if keepdim else index

    return decomposition


def _whole(values_of: Callable[..., torch.Tensor]) -> Callable[..., Any]:
    """max()/min() of the whole tensor: its amax/amin (NaN propagates, as eager's)."""

    def decomposition(x: torch.Tensor) -> Any:
        if x.numel() == 0 or x.is_complex():
            return NotImplemented  # (eager's error for an empty tensor)
        return values_of(x)

    return decomposition


ARG_REDUCTION_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.max.default: _whole(torch.amax),
    aten.min.default: _whole(torch.amin),
    aten.argmax.default: _arg("argmax"),
    aten.argmin.default: _arg("argmin"),
    aten.max.dim: _extremum("argmax"),
    aten.min.dim: _extremum("argmin"),
}
"""ATen overload -> its decomposition into `stepwell::arg_reduce` (and amax/amin)."""
