"""Sorting for the prims level: `sort` (every spelling: `sort.stable`, `argsort`,
`msort`) and `topk` through one primitive, `stepwell::sort(x, dim, descending)`
(`prims.sort`): the values along `dim` in order and the int64 positions they came from,
NaN sorting as the largest value and equal values keeping their order (a stable sort,
which is what eager's CPU sort gives).

PyTorch's decomposition table leaves `sort` to the backend. A row kernel sorts a row
held in one tile with a bitonic network (`tile.sort`), fused with what produces the row;
`topk` is the first k of the sorted row (a view); `kthvalue`, `median` and `nanmedian` take
the value (and its index) at the right position of the sorted row: a gather when the
position depends on how many NaNs the row holds. Among equal values they give the first
one's index, a valid answer where eager's quickselect may give another one's.

`searchsorted` and `bucketize` are a binary search of fixed depth over gathers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch

import stepwell.passes.support.indexing  # noqa: F401 - defines torch.ops.stepwell.take
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


def _sortable_scalar(x: torch.Tensor, dim: int) -> bool:
    """A 0-d tensor sorted along its one dim (0 or -1), as `_sortable` rows: not bool or
    complex (those stay ATen's)."""
    return x.dim() == 0 and dim in (0, -1) and x.dtype != torch.bool and not x.is_complex()


def _scalar_row(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """A 0-d tensor sorted (or its top 1): itself, from position 0."""
    return x.clone(), torch.zeros_like(x, dtype=torch.int64)


def _sort(
    x: torch.Tensor, dim: int = -1, descending: bool = False, stable: bool | None = None
) -> Any:
    if _sortable_scalar(x, dim):
        return _scalar_row(x)
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
    if k == 1 and _sortable_scalar(x, dim):
        return _scalar_row(x)
    if not _sortable(x) or not sorted or not 0 <= k <= x.shape[dim]:
        return NotImplemented
    d = dim % x.dim()
    values, indices = torch.ops.stepwell.sort(x, d, bool(largest))
    return values.narrow(d, 0, k), indices.narrow(d, 0, k)


def _select(x: torch.Tensor, dim: int, position: torch.Tensor, keepdim: bool) -> Any:
    """The value and original index at `position` (a keepdim index tensor, or an int) of
    each row of `x` sorted along `dim`."""
    values, indices = torch.ops.stepwell.sort(x, dim, False)
    if isinstance(position, int):
        v, i = values.narrow(dim, position, 1), indices.narrow(dim, position, 1)
    else:
        v, i = values.gather(dim, position), indices.gather(dim, position)
    return (v, i) if keepdim else (v.squeeze(dim), i.squeeze(dim))


def _kthvalue(x: torch.Tensor, k: int, dim: int = -1, keepdim: bool = False) -> Any:
    """The k-th smallest of each row (NaN the largest) and where it came from."""
    if x.dim() == 0:
        return NotImplemented if k != 1 else _scalar_row(x)
    if not _sortable(x) or not 1 <= k <= x.shape[dim]:
        return NotImplemented
    return _select(x, dim % x.dim(), k - 1, keepdim)


def _median_position(x: torch.Tensor, dim: int, ignore_nan: bool) -> torch.Tensor:
    """Where the lower median sits in the sorted row: (n - 1) // 2 of the row's n values,
    or of its non-NaN ones (`ignore_nan`); for `median`, a row with NaN takes its first
    NaN (sorted last, in order)."""
    n = x.shape[dim]
    nans = torch.isnan(x).sum(dim, keepdim=True)
    if ignore_nan:
        return torch.clamp_min(torch.div(n - nans - 1, 2, rounding_mode="floor"), 0)
    return torch.where(nans > 0, n - nans, (n - 1) // 2)


def _median_dim(ignore_nan: bool) -> Callable[..., Any]:
    def median(x: torch.Tensor, dim: int = -1, keepdim: bool = False) -> Any:
        if x.dim() == 0:
            return _scalar_row(x)
        if not _sortable(x):
            return NotImplemented
        d = dim % x.dim()
        if not x.is_floating_point():  # no NaN: a fixed position
            return _select(x, d, (x.shape[d] - 1) // 2, keepdim)
        return _select(x, d, _median_position(x, d, ignore_nan), keepdim)

    return median


def _median_all(ignore_nan: bool) -> Callable[..., Any]:
    def median(x: torch.Tensor) -> Any:
        if x.numel() == 0 or not _sortable(x.reshape(-1)):
            return NotImplemented
        return _median_dim(ignore_nan)(x.reshape(-1), 0)[0]

    return median


def _searchsorted(
    sorted_sequence: torch.Tensor,
    values: torch.Tensor,
    *,
    out_int32: bool = False,
    right: bool = False,
    side: str | None = None,
    sorter: torch.Tensor | None = None,
) -> Any:
    """Binary search with a fixed number of steps, ceil(log2(n + 1)) for rows of n: each
    step gathers the middle element of every value's interval and halves the interval, as
    eager's lower/upper bound does (moving right unless `middle >= value`, or `> value`
    for `right`, so a NaN value lands past the end)."""
    if sorted_sequence.is_complex() or values.is_complex() or sorted_sequence.dim() == 0:
        return NotImplemented
    right = side == "right" if side is not None else right
    seq = sorted_sequence if sorter is None else sorted_sequence.gather(-1, sorter)
    n = seq.shape[-1]
    shared = seq.dim() == 1  # one sequence for all values; else one per leading index
    lo = torch.zeros_like(values, dtype=torch.int64)
    hi = torch.full_like(values, n, dtype=torch.int64)
    for _ in range(math.ceil(math.log2(n + 1))):
        mid = torch.div(lo + hi, 2, rounding_mode="floor")
        at = torch.clamp_max(mid, n - 1)
        middle = torch.ops.stepwell.take(seq, at) if shared else seq.gather(-1, at)
        stop = middle > values if right else middle >= values
        going = lo < hi
        lo = torch.where(going & ~stop, mid + 1, lo)
        hi = torch.where(going & stop, mid, hi)
    return lo.to(torch.int32) if out_int32 else lo


def _searchsorted_scalar(sorted_sequence: torch.Tensor, value: Any, **kwargs: Any) -> Any:
    """One value (a Python number): the search of a 0-d tensor of the sequence's dtype, as
    eager converts it."""
    one = torch.scalar_tensor(value, dtype=sorted_sequence.dtype)
    return _searchsorted(sorted_sequence, one, **kwargs)


def _bucketize(
    values: torch.Tensor, boundaries: torch.Tensor, *, out_int32: bool = False, right: bool = False
) -> Any:
    return _searchsorted(boundaries, values, out_int32=out_int32, right=right)


SORT_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.searchsorted.Tensor: _searchsorted,
    aten.searchsorted.Scalar: _searchsorted_scalar,
    aten.bucketize.Tensor: _bucketize,
    aten.sort.default: _sort,
    aten.sort.stable: _sort_stable,
    aten.topk.default: _topk,
    aten.kthvalue.default: _kthvalue,
    aten.median.dim: _median_dim(ignore_nan=False),
    aten.median.default: _median_all(ignore_nan=False),
    aten.nanmedian.dim: _median_dim(ignore_nan=True),
    aten.nanmedian.default: _median_all(ignore_nan=True),
}
"""ATen overload -> its decomposition into `stepwell::sort`."""
