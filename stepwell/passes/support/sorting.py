"""Sorting for the prims level: `sort` (every spelling: `sort.stable`, `argsort`,
`msort`) and `topk` through one primitive, `stepwell::sort(x, dim, descending)`
(`prims.sort`): the values along `dim` in order and the int64 positions they came from,
NaN sorting as the largest value and equal values keeping their order (a stable sort,
which is what eager's CPU sort gives).

PyTorch's decomposition table leaves `sort` to the backend. A row kernel sorts a row
held in one tile with a bitonic network (`tile.sort`), fused with what produces the row;
`topk` is the first k of the sorted row (a view).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from stepwell.dialects.prims_support import eager_sort  # the primitive's meaning

aten = torch.ops.aten


@torch.library.custom_op("stepwell::sort", mutates_args=())
def sort_prim(x: torch.Tensor, dim: int, descending: bool) -> tuple[torch.Tensor, torch.Tensor]:
    """`x` sorted along `dim` (stable; NaN largest) and the positions its values came from."""
    values, indices = eager_sort(x, dim, descending)
    return values.clone(), indices.clone()


@sort_prim.register_fake
def _(x: torch.Tensor, dim: int, descending: bool) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(x), torch.empty_like(x, dtype=torch.int64)


def _sortable(x: torch.Tensor) -> bool:
    """A row with elements, of a non-bool, non-complex tensor (bool sorts stay ATen's)."""
    return x.dim() > 0 and x.numel() > 0 and x.dtype != torch.bool and not x.is_complex()


def _sort(
    x: torch.Tensor, dim: int = -1, descending: bool = False, stable: bool | None = None
) -> Any:
    if not _sortable(x):
        return NotImplemented
    return torch.ops.stepwell.sort(x, dim % x.dim(), bool(descending))


def _sort_stable(
    x: torch.Tensor, *, stable: bool | None = None, dim: int = -1, descending: bool = False
) -> Any:
    return _sort(x, dim, descending)


def _topk(x: torch.Tensor, k: int, dim: int = -1, largest: bool = True, sorted: bool = True) -> Any:
    """The first k of the row sorted by `largest`. Only `sorted=True`: with `sorted=False`
    eager's order is its own (no order to match)."""
    if not _sortable(x) or not sorted or not 0 <= k <= x.shape[dim]:
        return NotImplemented
    d = dim % x.dim()
    values, indices = torch.ops.stepwell.sort(x, d, bool(largest))
    return values.narrow(d, 0, k), indices.narrow(d, 0, k)


SORT_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.sort.default: _sort,
    aten.sort.stable: _sort_stable,
    aten.topk.default: _topk,
}
"""ATen overload -> its decomposition into `stepwell::sort`."""
