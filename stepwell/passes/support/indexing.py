"""Gathers for the prims level: advanced indexing and `gather` as one primitive, `take`.

PyTorch's tables leave `aten.index.Tensor` and `aten.gather` whole (Inductor lowers them
itself), so they used to stay ATen calls; `embedding`, `index_select`, `take` and
`take_along_dim` decompose to them; a `cat` of a few tensors is a gather too. stepwell
adds one primitive,
`stepwell::take(a, offsets)` (`prims.take` in the IR): `a`'s elements, in row-major order,
at the integer `offsets` (the result has the offsets' shape). The decompositions below
compute the offsets with ordinary prims (iota, arithmetic, broadcasts), so a gather fuses
with what computes its indices and with what consumes its values, and a kernel reads
`a` at data-dependent addresses (`tile.gather`).

Negative indices wrap once, as in PyTorch. An index still out of range is an error, as
in eager PyTorch: each index passes through `stepwell::check_index` (`prims.check_index`,
a `tile.assert` in its kernel). A `take` offset outside `a` reads 0 (a padded window
relies on it), never memory outside the tensor. Boolean masks (whose
result size depends on the data) keep `aten.index.Tensor` as an ATen call.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch.fx.experimental.symbolic_shapes import statically_known_true

aten = torch.ops.aten


@torch.library.custom_op("stepwell::take", mutates_args=())
def take_prim(a: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    """`a.flatten()[offsets]`: `a`'s elements in row-major order at `offsets`; an offset
    outside `a` reads 0."""
    flat, offsets = a.reshape(-1), offsets.long()
    inside = (offsets >= 0) & (offsets < flat.numel())
    if flat.numel() == 0:
        return torch.zeros(offsets.shape, dtype=a.dtype, device=a.device)
    values = flat[torch.where(inside, offsets, 0)]
    return torch.where(inside, values, torch.zeros((), dtype=a.dtype, device=a.device))


@take_prim.register_fake
def _(a: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    return a.new_empty(offsets.shape)


def _contiguous_strides(shape: Sequence[int]) -> list[int]:
    strides, acc = [], 1
    for size in reversed(shape):
        strides.append(acc)
        acc *= size
    return strides[::-1]


def _checked(index: torch.Tensor, size: int) -> torch.Tensor:
    """An index outside [0, size) is an error, as in eager (`stepwell::check_index`):
    `gather`, `index_select`, `embedding` and the scatters along a dim take no negative
    index."""
    index = index.long()
    # (a `full` of the size, broadcast: `full_like` fills, which a symbolic size refuses)
    bound = torch.scalar_tensor(size, dtype=torch.long, device=index.device)
    return torch.ops.stepwell.check_index(index, bound.expand(index.shape))


def _wrapped(index: torch.Tensor, size: int) -> torch.Tensor:
    """A negative index counts from the end (once), as `x[i]`, `take` and `index_put` do;
    one still outside [0, size) is an error (`_checked`)."""
    index = index.long()
    return _checked(torch.where(index < 0, index + size, index), size)


def _along(size: int, dim: int, rank: int) -> torch.Tensor:
    """0..size-1 along `dim` of a rank-`rank` tensor, size 1 elsewhere (to broadcast)."""
    shape = [1] * rank
    shape[dim] = size
    return torch.arange(size, dtype=torch.long).reshape(shape)


def strided_take(
    x: torch.Tensor, shape: Sequence[Any], dim: int, start: Any, step: int
) -> torch.Tensor:
    """The elements of `x` at `start + k * step` along `dim`, k < shape[dim], every
    element along the other dims (`shape` is x's but at `dim`): a slice as a gather, for
    a start that is a symbolic size."""
    return take_along(x, dim, _along(shape[dim], dim, x.dim()) * step + start, shape)


def take_along(x: torch.Tensor, dim: int, index: torch.Tensor, shape: Sequence[Any]) -> Any:
    """`x` at `index` along `dim` (broadcast to `shape`, x's shape but at `dim`), at the
    same position along every other dim."""
    strides = _contiguous_strides(x.shape)
    rank = x.dim()
    offsets = index * strides[dim]
    for d in range(rank):
        if d != dim:
            offsets = offsets + _along(shape[d], d, rank) * strides[d]
    return torch.ops.stepwell.take(x, offsets.expand(shape))


def index_tensor(
    x: torch.Tensor,
    indices: Sequence[torch.Tensor | None],
    normalized: Callable[[torch.Tensor, int], torch.Tensor] = _wrapped,
) -> Any:
    """`x[indices]` (advanced indexing, `aten.index.Tensor`) as `take`: the indexed dims
    are replaced by the indices' broadcast shape, in place when the indexed dims are
    adjacent, first otherwise (NumPy's rule). `normalized` makes each index an offset
    along its dim: negative ones count from the end (`_checked`: they are an error)."""
    if any(i is not None and i.dtype in (torch.bool, torch.uint8) for i in indices):
        return NotImplemented  # a mask: the result's size depends on the data
    if x.numel() == 0 and any(i is not None and i.numel() for i in indices):
        return NotImplemented  # only an out-of-range index could read an empty tensor
    full = list(indices) + [None] * (x.dim() - len(indices))
    indexed = [d for d, i in enumerate(full) if i is not None]
    tensors = torch.broadcast_tensors(*[i for i in full if i is not None])
    bshape = list(tensors[0].shape)
    strides = _contiguous_strides(x.shape)
    adjacent = indexed == list(range(indexed[0], indexed[-1] + 1))
    before = [d for d in range(x.dim()) if d not in indexed and (adjacent and d < indexed[0])]
    after = [d for d in range(x.dim()) if d not in indexed and d not in before]
    # result dims: `before` dims, the broadcast index dims, `after` dims
    rank = len(before) + len(bshape) + len(after)
    at = len(before)
    offsets = torch.zeros([1] * rank, dtype=torch.long)
    for d, index in zip(indexed, tensors, strict=True):
        part = normalized(index, x.shape[d]) * strides[d]
        offsets = offsets + part.reshape([1] * at + bshape + [1] * len(after))
    for pos, d in enumerate(before):
        offsets = offsets + _along(x.shape[d], pos, rank) * strides[d]
    for pos, d in enumerate(after):
        offsets = offsets + _along(x.shape[d], at + len(bshape) + pos, rank) * strides[d]
    shape = [x.shape[d] for d in before] + bshape + [x.shape[d] for d in after]
    return torch.ops.stepwell.take(x, offsets.expand(shape))


def gather(x: torch.Tensor, dim: int, index: torch.Tensor, sparse_grad: bool = False) -> Any:
    """`torch.gather`: out[i][j][k] = x[index[i][j][k]][j][k] (for dim 0), as `take`."""
    if x.dim() == 0:  # one element, at index 0 of its one-element row
        if index.dim() > 1 or dim not in (0, -1):
            return NotImplemented
        if index.numel() == 0:
            return x.new_zeros(index.shape)
        return torch.ops.stepwell.take(x.reshape(1), _checked(index, 1))
    dim = dim % x.dim()
    strides = _contiguous_strides(x.shape)
    rank = index.dim()
    offsets = _checked(index, x.shape[dim]) * strides[dim]
    for d in range(rank):
        if d != dim:
            offsets = offsets + _along(index.shape[d], d, rank) * strides[d]
    if math.prod(index.shape) == 0:
        return x.new_zeros(index.shape)  # (no elements: an allocation)
    return torch.ops.stepwell.take(x, offsets.expand(index.shape))


def index_select(x: torch.Tensor, dim: int, index: torch.Tensor) -> Any:
    """`x.index_select(dim, index)`: `x[..., index]` along `dim`, where a negative index
    is an error, as in eager."""
    if x.dim() == 0 or index.dim() > 1:
        return NotImplemented
    d = dim % x.dim()
    return index_tensor(x, [None] * d + [index.reshape(-1)], _checked)


def embedding(
    weight: torch.Tensor, indices: torch.Tensor, padding_idx: int = -1,
    scale_grad_by_freq: bool = False, sparse: bool = False,
) -> Any:  # fmt: skip
    """`F.embedding`: the rows of `weight` at `indices`, where a negative index is an
    error, as in eager (`padding_idx` and the rest change only the gradient)."""
    if weight.dim() != 2:
        return NotImplemented
    return index_tensor(weight, [indices], _checked)


MAX_CAT_INPUTS = 4
"""A `cat` of more inputs stays whole: each input's gather reads every output position."""


def cat(tensors: Sequence[torch.Tensor], dim: int = 0) -> Any:
    """`torch.cat` of a few tensors as gathers: output position i along `dim` reads input
    k at i - start_k, selected by `where` (so a cat fuses into its consumer, a rotary
    embedding's `rotate_half` for one). Legacy empty 1-D inputs are skipped, as in
    PyTorch; inputs are converted to the promoted dtype. A symbolic size that may be 0
    (`s0 - 2`) is not asked: an empty input's gather is never selected (the next input
    starts where it would), and reads 0 rather than memory outside it."""
    parts = [t for t in tensors if not (t.dim() == 1 and statically_known_true(t.numel() == 0))]
    if not parts or len(parts) > MAX_CAT_INPUTS or parts[0].dim() == 0:
        return NotImplemented
    dtype = parts[0].dtype
    for t in parts[1:]:
        dtype = torch.promote_types(dtype, t.dtype)
    rank = parts[0].dim()
    dim = dim % rank
    shape = list(parts[0].shape)
    shape[dim] = sum(t.shape[dim] for t in parts)
    if any(t.dim() != rank for t in parts) or statically_known_true(math.prod(shape) == 0):
        return NotImplemented
    position = _along(shape[dim], dim, rank)
    result: torch.Tensor | None = None
    start = 0
    for t in parts:
        size = t.shape[dim]
        if statically_known_true(size == 0):
            continue
        strides = _contiguous_strides(t.shape)
        offsets = (position - start) * strides[dim]
        for d in range(rank):
            if d != dim:
                offsets = offsets + _along(shape[d], d, rank) * strides[d]
        values = torch.ops.stepwell.take(t.to(dtype), offsets.expand(shape))
        result = values if result is None else torch.where(position >= start, values, result)
        start += size
    return result


def diagonal(x: torch.Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Any:
    """`torch.diagonal` (and `diagonal_copy`) as `take`: element k of the result's last
    dim is x[..., k + max(0, -offset), ..., k + max(0, offset), ...]; the other dims keep
    their order. (A copy rather than a view: graphs here are functional, and an output
    that aliases an input is rebuilt as a view by AOTAutograd's wrappers.)"""
    if x.dim() < 2:
        return NotImplemented
    d1, d2 = dim1 % x.dim(), dim2 % x.dim()
    if d1 == d2:
        return NotImplemented
    rows, cols = max(0, -offset), max(0, offset)
    n = max(0, min(x.shape[d1] - rows, x.shape[d2] - cols))
    others = [d for d in range(x.dim()) if d not in (d1, d2)]
    shape = [x.shape[d] for d in others] + [n]
    if math.prod(shape) == 0:
        return x.new_zeros(shape)  # (no elements: an allocation)
    strides = _contiguous_strides(x.shape)
    rank = len(shape)
    k = _along(n, rank - 1, rank)
    offsets = (k + rows) * strides[d1] + (k + cols) * strides[d2]
    for pos, d in enumerate(others):
        offsets = offsets + _along(x.shape[d], pos, rank) * strides[d]
    return torch.ops.stepwell.take(x, offsets.expand(shape))


def unfold(x: torch.Tensor, dim: int, size: int, step: int) -> Any:
    """`Tensor.unfold`: the windows of `size` every `step` along `dim` (that dim becomes
    the window count, a new last dim the window), as `take` at (w * step + k) * stride."""
    if step <= 0 or (x.dim() == 0 and size > 1):
        return NotImplemented  # eager's error
    if x.dim() == 0:  # a 0-d tensor is one window of its element, or none
        return x.reshape(1) if size == 1 else x.new_zeros([0])
    d = dim % x.dim()
    if size > x.shape[d]:
        return NotImplemented  # eager's error
    count = (x.shape[d] - size) // step + 1
    shape = [count if i == d else n for i, n in enumerate(x.shape)] + [size]
    if math.prod(shape) == 0:
        return x.new_zeros(shape)  # (no elements: an allocation)
    strides = _contiguous_strides(x.shape)
    rank = len(shape)
    offsets = (_along(count, d, rank) * step + _along(size, rank - 1, rank)) * strides[d]
    for i in range(x.dim()):
        if i != d:
            offsets = offsets + _along(x.shape[i], i, rank) * strides[i]
    return torch.ops.stepwell.take(x, offsets.expand(shape))


def take(x: torch.Tensor, index: torch.Tensor) -> Any:
    """`torch.take`: x's elements in row-major order at `index` (negative ones from the end)."""
    if x.numel() == 0:
        return NotImplemented  # only an out-of-range index could read an empty tensor
    return torch.ops.stepwell.take(x, _wrapped(index, x.numel()))


def as_strided(
    x: torch.Tensor, size: Sequence[int], stride: Sequence[int], storage_offset: int | None = None
) -> Any:
    """`x.as_strided(size, stride, offset)` of a contiguous `x`, whose storage holds its
    values in row-major order: element i of the result is x's element at
    offset - x's offset + Σ i_d · stride_d, a gather (`v.as_strided((5, 4), (2, 1))`:
    overlapping windows of a vector). Static sizes only; one that is a reshape of x's
    values is left to `to_value_semantics`, one that reads outside x stays an ATen call."""
    offset = x.storage_offset() if storage_offset is None else storage_offset
    values = (*size, *stride, offset)
    if not all(type(v) is int for v in values) or not x.is_contiguous() or x.numel() == 0:
        return NotImplemented
    start = offset - x.storage_offset()
    rank = len(size)
    if math.prod(size) == 0 or start < 0 or any(st < 0 for st in stride):
        return NotImplemented
    if start + sum((n - 1) * st for n, st in zip(size, stride, strict=True)) >= x.numel():
        return NotImplemented
    kept = [(n, st) for n, st in zip(size, stride, strict=True) if n != 1]
    contiguous = [st for n, st in zip(size, _contiguous_strides(size), strict=True) if n != 1]
    if start == 0 and math.prod(size) == x.numel() and [st for _, st in kept] == contiguous:
        return NotImplemented  # (a reshape of x's values)
    offsets = torch.full([1] * rank, start, dtype=torch.long)
    for d, (n, st) in enumerate(zip(size, stride, strict=True)):
        offsets = offsets + _along(n, d, rank) * st
    return torch.ops.stepwell.take(x, offsets.expand(list(size)))


INDEXING_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.as_strided.default: as_strided,
    aten.take.default: take,
    aten.unfold.default: unfold,
    aten.unfold_copy.default: unfold,
    aten.diagonal.default: diagonal,
    aten.diagonal_copy.default: diagonal,
    aten.index.Tensor: index_tensor,
    aten.index_select.default: index_select,
    aten.embedding.default: embedding,
    aten.gather.default: gather,
    aten.cat.default: cat,
}
"""ATen overload -> its decomposition into `stepwell::take` and prims."""
