"""Scatters for the prims level: `scatter`, `scatter_add`, `scatter_reduce`, `index_put`,
`index_add` (and `put`, `histc`, `nonzero_static`, embedding's `max_norm` renormalization)
as one primitive, and `masked_scatter` as a gather.

stepwell adds one primitive, `stepwell::scatter(a, offsets, src, reduce)` (`prims.scatter`
in the IR): a copy of `a` where each element of `src` is combined into the element of
`a` at its row-major offset (`reduce`: "none" stores it, "sum", "amax", "amin" combine
with what is there; an offset outside `a` is skipped). The decompositions below compute
the offsets with ordinary prims (iota, arithmetic, broadcasts) from the index tensors, as
the gathers of indexing.py do, so the offsets and the values fuse into the scattering
kernel, which stores with atomics (`tile.scatter`: `tl.atomic_add`, `tl.atomic_max`, ...)
into its result after the runtime copied `a` there.

An index out of range (an error in eager PyTorch) is skipped, never written outside the
tensor. Where indices repeat, "none" keeps one of the values (eager on the CPU keeps the
last; PyTorch documents the choice as undefined). Boolean-mask indices keep the ATen
call. A float "amax"/"amin" (which no float atomic computes with NaN winning) scatters the
floats' order-preserving integer keys with the integer atomic max and decodes them
(`bitcast.ordered_key`). A float "prod" (no atomic multiplies) is a sum scatter of the
logarithms of the magnitudes, in float64, and a count of sign bits (`_float_product`);
an integer "prod" keeps the ATen call (its wrap-around is not a logarithm's).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import torch

from stepwell.dialects.prims_support import eager_scatter
from stepwell.passes.support.bitcast import KEY_DTYPES, from_ordered_key, ordered_key
from stepwell.passes.support.indexing import _along, _checked, _contiguous_strides, _wrapped

aten = torch.ops.aten


@torch.library.custom_op("stepwell::scatter", mutates_args=())
def scatter_prim(
    a: torch.Tensor, offsets: torch.Tensor, src: torch.Tensor, reduce: str
) -> torch.Tensor:
    """A copy of `a` with `src`'s elements combined in at row-major `offsets` (`reduce`:
    none, sum, amax, amin); offsets outside `a` are skipped."""
    return eager_scatter(a, offsets, src, reduce)


@scatter_prim.register_fake
def _(a: torch.Tensor, offsets: torch.Tensor, src: torch.Tensor, reduce: str) -> torch.Tensor:
    return torch.empty_like(a, memory_format=torch.contiguous_format)


def _identity(reduce: str, dtype: torch.dtype) -> float | int | bool:
    """The value `reduce` leaves unchanged (what a position holds before its elements)."""
    if reduce == "sum":
        return 0
    if reduce == "prod":
        return 1
    if dtype.is_floating_point:
        return -math.inf if reduce == "amax" else math.inf
    return torch.iinfo(dtype).min if reduce == "amax" else torch.iinfo(dtype).max


def _along_dim(self: torch.Tensor, dim: int, index: torch.Tensor) -> tuple[torch.Tensor, list[int]]:
    """Offsets into `self` of `scatter(self, dim, index, ...)`: element e of `index`
    goes to `self[e with coordinate dim replaced by index[e]]` (one out of range is an
    error, as in eager: `_checked`)."""
    strides = _contiguous_strides(self.shape)
    rank = index.dim()
    offsets = _checked(index, self.shape[dim]) * strides[dim]
    for d in range(rank):
        if d != dim:
            offsets = offsets + _along(index.shape[d], d, rank) * strides[d]
    return offsets, list(index.shape)


def _values(src: torch.Tensor, shape: Sequence[int], dtype: torch.dtype) -> torch.Tensor:
    """`src`'s leading block of `shape` (scatter reads src where index has elements)."""
    if list(src.shape) != list(shape):
        src = src[tuple(slice(0, s) for s in shape)]
    return src.to(dtype)


def _usable(self: torch.Tensor, dim: int, index: torch.Tensor) -> bool:
    return index.dim() == self.dim() and index.numel() > 0


def _writes_nothing(self: torch.Tensor, index: torch.Tensor) -> bool:
    """An index of no element names nothing to write: the result is `self` (an ATen
    call that does nothing was left otherwise, a launch of its own)."""
    return index.numel() == 0 and index.dim() in (self.dim(), 1)


def _scalar_as_vector(decomposition: Callable[..., Any]) -> Callable[..., Any]:
    """Scatter along dim 0 of one-element vectors where `self` is 0-d (eager allows it)."""

    def wrapper(self: torch.Tensor, dim: int, index: torch.Tensor, src: Any, *args: Any,
                **kwargs: Any) -> Any:  # fmt: skip
        if self.dim() != 0:
            return decomposition(self, dim, index, src, *args, **kwargs)
        if dim not in (0, -1) or index.dim() != 0:
            return NotImplemented
        vector = src.reshape(1) if isinstance(src, torch.Tensor) else src
        out = decomposition(self.reshape(1), 0, index.reshape(1), vector, *args, **kwargs)
        return out if out is NotImplemented else out.reshape(())

    return wrapper


def scatter_src(self: torch.Tensor, dim: int, index: torch.Tensor, src: torch.Tensor) -> Any:
    if _writes_nothing(self, index):
        return self.clone()
    if not _usable(self, dim, index):
        return NotImplemented
    offsets, shape = _along_dim(self, dim % self.dim(), index)
    return torch.ops.stepwell.scatter(self, offsets, _values(src, shape, self.dtype), "none")


def scatter_value(self: torch.Tensor, dim: int, index: torch.Tensor, value: Any) -> Any:
    if _writes_nothing(self, index):
        return self.clone()
    if not _usable(self, dim, index):
        return NotImplemented
    offsets, shape = _along_dim(self, dim % self.dim(), index)
    src = torch.scalar_tensor(value, dtype=self.dtype).expand(shape)
    return torch.ops.stepwell.scatter(self, offsets, src, "none")


HALF_FLOATS = (torch.float16, torch.bfloat16)
"""Sums `scatter_add` and `scatter_reduce` (sum, mean) accumulate in float32, as eager's
CPU kernel does (3,000 ones scattered into one float16 element are 3000, not float16's
2048; Inductor agrees). `index_add`, `index_put` and `index_reduce` accumulate in the
type itself, as eager's kernels for them do."""


def scatter_add(self: torch.Tensor, dim: int, index: torch.Tensor, src: torch.Tensor) -> Any:
    if _writes_nothing(self, index):
        return self.clone()
    if not _usable(self, dim, index) or self.dtype == torch.bool:
        return NotImplemented
    offsets, shape = _along_dim(self, dim % self.dim(), index)
    wide = torch.float32 if self.dtype in HALF_FLOATS else self.dtype
    total = torch.ops.stepwell.scatter(self.to(wide), offsets, _values(src, shape, wide), "sum")
    return total.to(self.dtype)


def _float_extremum(
    base: torch.Tensor, offsets: torch.Tensor, values: torch.Tensor, kind: str
) -> torch.Tensor:
    """A max (min) scatter of floats as an integer max scatter of their order-preserving
    keys (of the negated values for min), so NaN wins as in eager; half types widen to
    float32 for it (exactly)."""
    wide = base.dtype if base.dtype in KEY_DTYPES else torch.float32
    sign = 1.0 if kind == "amax" else -1.0

    def key(t: torch.Tensor) -> torch.Tensor:
        return ordered_key(t.to(wide) * sign)

    keys = torch.ops.stepwell.scatter(key(base), offsets, key(values), "amax")
    return (from_ordered_key(keys, wide) * sign).to(base.dtype)


def _float_product(
    base: torch.Tensor, offsets: Callable[[], torch.Tensor], values: torch.Tensor
) -> torch.Tensor:
    """A product scatter of floats without an atomic multiply: the magnitude is the exp of
    the summed logarithms of the magnitudes, in float64 (so a float32 or half product is
    exact to its rounding, and float64's within a few ulps per factor), and the sign is
    the parity of the sign bits, as IEEE multiplication gives it (-0.0 too). A zero's
    log is -inf and an inf's +inf, so 0 * inf is NaN and NaN stays NaN, as in eager."""

    def log_magnitude(t: torch.Tensor) -> torch.Tensor:
        return t.to(torch.float64).abs().log()

    def negative(t: torch.Tensor) -> torch.Tensor:
        return t.signbit().to(torch.int32)

    logs = torch.ops.stepwell.scatter(log_magnitude(base), offsets(), log_magnitude(values), "sum")
    signs = torch.ops.stepwell.scatter(negative(base), offsets(), negative(values), "sum")
    magnitude = logs.exp()
    return torch.where(signs % 2 == 1, -magnitude, magnitude).to(base.dtype)


def scatter_reduce(
    self: torch.Tensor,
    dim: int,
    index: torch.Tensor,
    src: torch.Tensor,
    reduce: str,
    include_self: bool = True,
    *,
    widen: bool = True,
) -> Any:
    """`widen`: a float16/bfloat16 sum or mean accumulates in float32 (`HALF_FLOATS`)."""
    if _writes_nothing(self, index) and reduce in ("sum", "prod", "amax", "amin", "mean"):
        return self.clone()
    if not _usable(self, dim, index) or reduce not in ("sum", "prod", "amax", "amin", "mean"):
        return NotImplemented
    if self.dtype == torch.bool or (reduce == "prod" and not self.is_floating_point()):
        return NotImplemented
    if widen and reduce in ("sum", "mean") and self.dtype in HALF_FLOATS:
        wide = scatter_reduce(self.float(), dim, index, src.float(), reduce, include_self,
                              widen=False)  # fmt: skip
        return wide if wide is NotImplemented else wide.to(self.dtype)
    dim = dim % self.dim()

    def offsets() -> torch.Tensor:  # afresh for each use: it fuses into each scatter
        return _along_dim(self, dim, index)[0]

    shape = list(index.shape)
    values = _values(src, shape, self.dtype)
    kind = "sum" if reduce == "mean" else reduce
    base = self
    if not include_self:  # the scattered-to positions start from the reduction's identity
        start = torch.scalar_tensor(_identity(kind, self.dtype), dtype=self.dtype)
        base = torch.ops.stepwell.scatter(self, offsets(), start.expand(shape), "none")
    if kind == "prod":
        return _float_product(base, offsets, values)
    if kind in ("amax", "amin") and self.is_floating_point():
        total = _float_extremum(base, offsets(), values, kind)
    else:
        total = torch.ops.stepwell.scatter(base, offsets(), values, kind)
    if reduce != "mean":
        return total
    count_dtype = self.dtype if self.dtype.is_floating_point else torch.int64
    ones = torch.ones((), dtype=count_dtype).expand(shape)
    start = torch.full(self.shape, int(include_self), dtype=count_dtype)
    count = torch.ops.stepwell.scatter(start, offsets(), ones, "sum")
    count = torch.maximum(count, torch.ones((), dtype=count_dtype))  # (clamp reads it twice)
    if self.dtype.is_floating_point:
        return total / count
    return torch.div(total, count, rounding_mode="floor").to(self.dtype)


def scatter_reduce_legacy(
    self: torch.Tensor, dim: int, index: torch.Tensor, src: Any, reduce: str
) -> Any:
    """`scatter(..., reduce="add" or "multiply")` of a tensor or a value: a sum or product
    `scatter_reduce` that includes `self`."""
    if reduce not in ("add", "multiply") or not _usable(self, dim, index):
        return NotImplemented
    if not isinstance(src, torch.Tensor):
        src = torch.scalar_tensor(src, dtype=self.dtype).expand(index.shape)
    if reduce == "multiply":
        return scatter_reduce(self, dim, index, src, "prod")
    return scatter_add(self, dim, index, src)


def index_offsets(
    self: torch.Tensor,
    indices: Sequence[torch.Tensor | None],
    normalized: Callable[[torch.Tensor, int], torch.Tensor] = _wrapped,
) -> Any:
    """Offsets into `self` of `self[indices]` (advanced indexing; an index out of range
    is an error, a negative one counts from the end unless `normalized` is `_checked`)
    and the shape of the indexed result, or None where the indices are not plain integer
    tensors."""
    if any(i is not None and i.dtype in (torch.bool, torch.uint8) for i in indices):
        return None
    full = list(indices) + [None] * (self.dim() - len(indices))
    indexed = [d for d, i in enumerate(full) if i is not None]
    if not indexed:
        return None
    tensors = torch.broadcast_tensors(*[i for i in full if i is not None])
    bshape = list(tensors[0].shape)
    strides = _contiguous_strides(self.shape)
    adjacent = indexed == list(range(indexed[0], indexed[-1] + 1))
    before = [d for d in range(self.dim()) if d not in indexed and adjacent and d < indexed[0]]
    after = [d for d in range(self.dim()) if d not in indexed and d not in before]
    rank = len(before) + len(bshape) + len(after)
    at = len(before)

    def wrapped(d: int, index: torch.Tensor) -> torch.Tensor:  # afresh for each use
        return normalized(index, self.shape[d]).reshape([1] * at + bshape + [1] * len(after))

    offsets = torch.zeros([1] * rank, dtype=torch.long)
    for d, index in zip(indexed, tensors, strict=True):
        offsets = offsets + wrapped(d, index) * strides[d]
    for pos, d in enumerate(before):
        offsets = offsets + _along(self.shape[d], pos, rank) * strides[d]
    for pos, d in enumerate(after):
        offsets = offsets + _along(self.shape[d], at + len(bshape) + pos, rank) * strides[d]
    shape = [self.shape[d] for d in before] + bshape + [self.shape[d] for d in after]
    return offsets.expand(shape), shape


def index_put(
    self: torch.Tensor,
    indices: Sequence[torch.Tensor | None],
    values: torch.Tensor,
    accumulate: bool = False,
    normalized: Callable[[torch.Tensor, int], torch.Tensor] = _wrapped,
) -> Any:
    """`self[indices] = values` (`+=` when accumulating), as one scatter; with one
    boolean mask and one value (`y[y > 1] = 0`), as a `where` (`_masked_put`)."""
    if (masked := _masked_put(self, indices, values, accumulate)) is not None:
        return masked
    if self.dim() == 0 or (accumulate and self.dtype == torch.bool):
        return NotImplemented
    found = index_offsets(self, indices, normalized)
    if found is not None and math.prod(found[1]) == 0:
        return self.clone()  # no element named: nothing put
    if found is None:
        return NotImplemented
    offsets, shape = found
    src = values.to(self.dtype).expand(shape)
    return torch.ops.stepwell.scatter(self, offsets, src, "sum" if accumulate else "none")


def index_copy(self: torch.Tensor, dim: int, index: torch.Tensor, source: torch.Tensor) -> Any:
    """`self.index_copy(dim, index, source)`: source's slice i put at index[i] along
    `dim`, where a negative index is an error, as in eager."""
    if self.dim() == 0 or index.dim() > 1:
        return NotImplemented
    d = dim % self.dim()
    return index_put(self, [None] * d + [index.reshape(-1)], source, normalized=_checked)


def index_fill(self: torch.Tensor, dim: int, index: torch.Tensor, value: Any) -> Any:
    """`self.index_fill(dim, index, value)`: `value` at index[i] along `dim`, where a
    negative index counts from the end, as in eager (PyTorch's reference goes through
    `index_copy`, which takes none)."""
    if self.dim() == 0 or index.dim() > 1:
        return NotImplemented
    if isinstance(value, torch.Tensor):
        if value.dim() != 0:
            return NotImplemented
        value = value.to(self.dtype)
    else:
        value = torch.scalar_tensor(value, dtype=self.dtype)
    d = dim % self.dim()
    return index_put(self, [None] * d + [index.reshape(-1)], value)


def _masked_put(
    self: torch.Tensor, indices: Sequence[torch.Tensor | None], values: torch.Tensor,
    accumulate: bool,
) -> torch.Tensor | None:
    """`self[..., mask, ...] = v` for one boolean mask over consecutive dims and a single
    value `v`: every element the mask selects is set to v (or has v added: a mask selects
    each element once), so it is `where(mask, v, self)`, elementwise and fused where the
    scatter would need the mask's data-dependent positions. None when it is not that."""
    given = [(k, i) for k, i in enumerate(indices) if i is not None]
    if len(given) != 1 or values.numel() != 1 or (accumulate and self.dtype == torch.bool):
        return None
    k, mask = given[0]
    if mask.dtype != torch.bool or mask.dim() == 0:
        return None
    if tuple(self.shape[k : k + mask.dim()]) != tuple(mask.shape):
        return None
    trailing = self.dim() - k - mask.dim()
    mask = mask.reshape((1,) * k + tuple(mask.shape) + (1,) * trailing)
    v = values.reshape(()).to(self.dtype)
    return torch.where(mask, self + v if accumulate else v, self)


def index_add(
    self: torch.Tensor, dim: int, index: torch.Tensor, source: torch.Tensor, alpha: Any = 1
) -> Any:
    """`self.index_add(dim, index, source)`: source's slice i is added at index[i]."""
    if self.dim() == 0 and index.numel() == 1 and source.dim() == 0:
        out = index_add(self.reshape(1), 0, index.reshape(1), source.reshape(1), alpha=alpha)
        return out if out is NotImplemented else out.reshape(())
    if self.dim() == 0 or index.dim() != 1 or source.dim() != self.dim():
        return NotImplemented
    if index.numel() == 0:
        return self.clone()  # nothing added
    if self.dtype == torch.bool:
        return NotImplemented
    dim = dim % self.dim()
    strides = _contiguous_strides(self.shape)
    rank = source.dim()

    shape = [-1 if d == dim else 1 for d in range(rank)]
    offsets = _checked(index, self.shape[dim]).reshape(shape) * strides[dim]
    for d in range(rank):
        if d != dim:
            offsets = offsets + _along(source.shape[d], d, rank) * strides[d]
    offsets = offsets.expand(source.shape)
    src = source if alpha == 1 else source * alpha
    return torch.ops.stepwell.scatter(self, offsets, src.to(self.dtype), "sum")


def masked_scatter(self: torch.Tensor, mask: torch.Tensor, source: torch.Tensor) -> Any:
    """Where `mask` is true, the next element of `source` in row-major order: a running
    count of the mask (a scan) says which, so it is a gather, not a scatter."""
    shape = torch.broadcast_shapes(self.shape, mask.shape)
    if math.prod(shape) == 0 or source.numel() == 0:
        return NotImplemented
    flat = mask.expand(shape).reshape(-1).to(torch.int64)
    position = (torch.cumsum(flat, 0) - 1).reshape(shape)
    values = torch.ops.stepwell.take(source.to(self.dtype), position)
    return torch.where(mask, values, self.expand(shape))


def index_reduce(
    self: torch.Tensor,
    dim: int,
    index: torch.Tensor,
    source: torch.Tensor,
    reduce: str,
    *,
    include_self: bool = True,
) -> Any:
    """`self.index_reduce(dim, index, source, reduce)`: source's slice i reduced into
    index[i], a `scatter_reduce` with the index spread over source's shape."""
    if self.dim() == 0 and index.numel() == 1 and source.dim() == 0:
        out = index_reduce(self.reshape(1), 0, index.reshape(1), source.reshape(1), reduce,
                           include_self=include_self)  # fmt: skip
        return out if out is NotImplemented else out.reshape(())
    if self.dim() == 0 or index.dim() != 1 or source.dim() != self.dim() or index.numel() == 0:
        return NotImplemented
    d = dim % self.dim()
    shape = [-1 if k == d else 1 for k in range(source.dim())]
    spread = index.long().reshape(shape).expand(source.shape)  # (checked as scattered)
    return scatter_reduce(self, d, spread, source, reduce, include_self, widen=False)


def put(self: torch.Tensor, index: torch.Tensor, source: torch.Tensor,
        accumulate: bool = False) -> Any:  # fmt: skip
    """`self.put(index, source)`: source's elements at the row-major positions `index`
    (negative ones from the end), added when accumulating."""
    if index.numel() == 0:
        return self.clone()  # nothing put
    if self.numel() == 0 or (accumulate and self.dtype == torch.bool):
        return NotImplemented
    offsets = _wrapped(index, self.numel())
    src = source.reshape(index.shape).to(self.dtype)
    return torch.ops.stepwell.scatter(self, offsets, src, "sum" if accumulate else "none")


def diagonal_scatter(
    self: torch.Tensor, src: torch.Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1
) -> Any:
    """`self` with the diagonal `diagonal(self, offset, dim1, dim2)` replaced by `src`
    (whose last dim runs along the diagonal, after the other dims in order)."""
    if self.dim() < 2 or src.numel() == 0:
        return NotImplemented
    d1, d2 = dim1 % self.dim(), dim2 % self.dim()
    others = [d for d in range(self.dim()) if d not in (d1, d2)]
    strides = _contiguous_strides(self.shape)
    rank = src.dim()
    k = _along(src.shape[-1], rank - 1, rank)
    offsets = (k + max(-offset, 0)) * strides[d1] + (k + max(offset, 0)) * strides[d2]
    for pos, d in enumerate(others):
        offsets = offsets + _along(self.shape[d], pos, rank) * strides[d]
    return torch.ops.stepwell.scatter(self, offsets.expand(src.shape), src.to(self.dtype), "none")


def histc(x: torch.Tensor, bins: int = 100, min: Any = 0, max: Any = 0) -> Any:
    """Counts of x's elements in `bins` equal bins over [min, max] (the data's range when
    min == max, widened by 1 each way when that is one value): each element's bin, from
    eager's formula and corrected against the edges as eager does, scattered as a sum;
    elements outside the range and NaN are not counted."""
    if not x.is_floating_point() or bins <= 0:
        return NotImplemented
    if x.numel() == 0:
        return torch.zeros(bins, dtype=x.dtype)  # nothing counted
    if min == max:
        lo, hi = x.amin(), x.amax()
    else:
        lo, hi = torch.scalar_tensor(min, dtype=x.dtype), torch.scalar_tensor(max, dtype=x.dtype)
    same = lo == hi
    lo, hi = torch.where(same, lo - 1, lo), torch.where(same, hi + 1, hi)
    flat = x.reshape(-1)
    pos = ((flat - lo) * bins / (hi - lo)).to(torch.int64)  # truncates, as eager's cast
    pos = torch.clamp(pos, 0, bins - 1)
    edges = torch.linspace(0, 1, bins + 1, dtype=x.dtype) * (hi - lo) + lo
    below = torch.ops.stepwell.take(edges, pos) > flat
    above = (torch.ops.stepwell.take(edges, pos + 1) <= flat) & (pos != bins - 1)
    pos = torch.where(below, pos - 1, torch.where(above, pos + 1, pos))
    inside = (flat >= lo) & (flat <= hi)
    ones = torch.ones((), dtype=x.dtype).expand(flat.shape)
    counts = torch.zeros(bins, dtype=x.dtype)
    return torch.ops.stepwell.scatter(counts, torch.where(inside, pos, -1), ones, "sum")


def nonzero_static(x: torch.Tensor, *, size: int, fill_value: int = -1) -> Any:
    """The coordinates of x's first `size` nonzero elements in row-major order, one row
    each, the rows past the last one `fill_value`: a running count of the nonzeros (a
    scan) says which row each one goes to, and a scatter writes its coordinates there."""
    if x.dim() == 0 or size <= 0 or x.is_complex():
        return NotImplemented
    if x.numel() == 0:  # no nonzero element: every row is the fill
        return torch.full((size, x.dim()), fill_value, dtype=torch.int64)
    rank, n = x.dim(), x.numel()
    strides = _contiguous_strides(x.shape)
    nonzero = (x != 0).reshape(-1)
    row = torch.cumsum(nonzero.to(torch.int64), 0) - 1
    flat, axis = torch.arange(n).reshape(n, 1), torch.arange(rank).reshape(1, rank)

    def per_axis(values: Sequence[int]) -> torch.Tensor:  # (1, rank): values[axis]
        out = torch.zeros((1, rank), dtype=torch.int64)
        for d, v in enumerate(values):
            out = torch.where(axis == d, v, out)
        return out

    coords = torch.div(flat, per_axis(strides), rounding_mode="floor") % per_axis(x.shape)
    kept = (nonzero & (row < size)).reshape(n, 1)
    offsets = torch.where(kept, row.reshape(n, 1) * rank + axis, -1)
    out = torch.full((size, rank), fill_value, dtype=torch.int64)
    return torch.ops.stepwell.scatter(out, offsets, coords, "none")


def embedding_renorm(
    weight: torch.Tensor, indices: torch.Tensor, max_norm: float, norm_type: float
) -> Any:
    """The rows of `weight` that `indices` names, scaled to norm `max_norm` where their
    `norm_type` norm exceeds it (eager's `max_norm / (norm + 1e-7)`): which rows are
    named is a max scatter of ones, so no `unique` (a data-dependent size) is needed."""
    if weight.dim() != 2 or not weight.is_floating_point() or indices.numel() == 0:
        return NotImplemented
    rows = weight.shape[0]
    named = torch.ops.stepwell.scatter(
        torch.zeros(rows, dtype=torch.int32),
        _wrapped(indices.reshape(-1), rows),
        torch.ones((), dtype=torch.int32).expand(indices.numel()),
        "amax",
    )
    norm = torch.linalg.vector_norm(weight, norm_type, dim=1, keepdim=True)
    scale = torch.where((named.reshape(rows, 1) > 0) & (norm > max_norm),
                        max_norm / (norm + 1e-7), 1.0)  # fmt: skip
    return (weight * scale).to(weight.dtype)


SCATTER_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.nonzero_static.default: nonzero_static,
    aten.embedding_renorm.default: embedding_renorm,
    aten.index_reduce.default: index_reduce,
    aten.put.default: put,
    aten.diagonal_scatter.default: diagonal_scatter,
    aten.histc.default: histc,
    aten.scatter.src: _scalar_as_vector(scatter_src),
    aten.scatter.value: _scalar_as_vector(scatter_value),
    aten.scatter.reduce: _scalar_as_vector(scatter_reduce_legacy),
    aten.scatter.value_reduce: _scalar_as_vector(scatter_reduce_legacy),
    aten.scatter_add.default: _scalar_as_vector(scatter_add),
    aten.scatter_reduce.two: _scalar_as_vector(scatter_reduce),
    aten.index_put.default: index_put,
    aten._unsafe_index_put.default: index_put,
    aten.index_add.default: index_add,
    aten.index_copy.default: index_copy,
    aten.index_fill.int_Scalar: index_fill,
    aten.index_fill.int_Tensor: index_fill,
    aten.masked_scatter.default: masked_scatter,
}
"""ATen overload -> its decomposition into `stepwell::scatter` (or `take`) and prims."""
