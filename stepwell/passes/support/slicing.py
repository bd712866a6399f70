"""Value-semantics slicing for the prims level.

PyTorch 2.13 has no slice primitive: its tables decompose `aten.slice` into
`aten.as_strided`, whose meaning depends on the input's memory layout. stepwell adds one
primitive, `stepwell::slice` (`prims.slice` in the IR), and decomposes slicing ops to it.
Its starts are static: a slice whose start is a symbolic size (`x[:, -1]` or
`table[-L:]` at a dynamic length), or whose step is above 1 and limit symbolic
(`x[:, ::2]`), is a gather instead (`indexing.strided_take`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch._decomp import decomposition_table
from torch.fx.experimental.symbolic_shapes import statically_known_true

from stepwell.passes.support.indexing import strided_take, take_along

aten = torch.ops.aten


@torch.library.custom_op("stepwell::slice", mutates_args=())
def slice_prim(
    a: torch.Tensor, start_indices: list[int], limit_indices: list[int], strides: list[int]
) -> torch.Tensor:
    """`a[start:limit:stride]` in every dim, as a new tensor."""
    index = tuple(
        slice(s, e, st) for s, e, st in zip(start_indices, limit_indices, strides, strict=True)
    )
    return a[index].clone()


@slice_prim.register_fake
def _(a: torch.Tensor, start_indices: list[int], limit_indices: list[int],
      strides: list[int]) -> torch.Tensor:  # fmt: skip
    shape = [(e - s + st - 1) // st if statically_known_true(e >= s)  # (no guard on a
             else max(0, (e - s + st - 1) // st)  # symbolic size the bounds decide)
             for s, e, st in zip(start_indices, limit_indices, strides, strict=True)]  # fmt: skip
    return a.new_empty(shape)


def _clamp(index: int | None, size: int, default: int) -> int:
    """`index` (negative from the end) clamped to [0, size]; with symbolic sizes, decided
    without a guard wherever the bounds decide it (`x[:, :9223372036854775807]`)."""
    if index is None:
        return default
    if index < 0:
        index += size
    if statically_known_true(index >= size):
        return size
    return min(max(index, 0), size)


def slice_tensor(
    x: torch.Tensor, dim: int = 0, start: int | None = None, end: int | None = None, step: int = 1
) -> torch.Tensor:
    dim = dim % x.dim()
    size = x.shape[dim]
    starts, limits, strides = [0] * x.dim(), list(x.shape), [1] * x.dim()
    starts[dim] = _clamp(start, size, 0)
    limits[dim] = max(_clamp(end, size, size), starts[dim])
    strides[dim] = step
    if _as_take(starts[dim], limits[dim], step):
        return _slice_as_take(x, dim, starts[dim], limits[dim], step)
    return torch.ops.stepwell.slice(x, starts, limits, strides)


def _as_take(start: Any, limit: Any, step: int) -> bool:
    """Is a slice a gather: its start a symbolic size, which `prims.slice` cannot hold, or
    a symbolic limit in a dim of step above 1 (`x[:, ::2]` of a dynamic dim), which its
    result type says only for a step of 1 (`start + size`)?"""
    return symbolic_int(start) or (step != 1 and symbolic_int(limit))


def symbolic_int(size: Any) -> bool:
    """Is `size` a SymInt that no trace made a constant?"""
    return isinstance(size, torch.SymInt) and size.node.maybe_as_int() is None


def _slice_as_take(x: torch.Tensor, dim: int, start: Any, limit: Any, step: int) -> Any:
    """A slice whose start is a symbolic size (`bias[..., -L:]`), which `prims.slice`
    cannot hold (its starts are static), as a gather of `x` at the offsets of the slice's
    elements: index math the kernels compute, so it fuses like the slice would."""
    shape = list(x.shape)
    shape[dim] = (limit - start + step - 1) // step
    return strided_take(x, shape, dim, start, step)


def slice_backward(
    grad: torch.Tensor, input_sizes: Sequence[Any], dim: int, start: Any, end: Any, step: int
) -> Any:
    """The gradient of a slice: `grad` where the slice took its elements, 0 elsewhere.
    PyTorch's (`slice_scatter` into zeros) asks whether the start is 0; for a slice that
    is a gather (`_as_take`: `table[-L:]` or `x[:, ::2]` of a dynamic dim in training) it
    is a gather of `grad` at each position's offset into the slice, masked outside it."""
    dim = dim % len(input_sizes)
    size = input_sizes[dim]
    first = _clamp(start, size, 0)
    if not _as_take(first, max(_clamp(end, size, size), first), step):
        return decomposition_table[aten.slice_backward.default](
            grad, input_sizes, dim, start, end, step)  # fmt: skip
    shape = [1] * len(input_sizes)
    shape[dim] = size
    offset = torch.arange(size).reshape(shape) - first  # (from the slice's first element)
    inside = (offset >= 0) & (offset < grad.shape[dim] * step)
    if step != 1:
        inside = inside & (offset % step == 0)
        offset = offset // step
    index = torch.where(inside, offset, 0)
    values = take_along(grad, dim, index, list(input_sizes))
    return torch.where(inside, values, torch.zeros((), dtype=grad.dtype))


def split_with_sizes(x: torch.Tensor, split_sizes: Sequence[int], dim: int = 0) -> list[Any]:
    out, offset = [], 0
    for size in split_sizes:
        out.append(slice_tensor(x, dim, offset, offset + size))
        offset += size
    return out


def split(x: torch.Tensor, split_size: int, dim: int = 0) -> list[Any]:
    """Pieces of `split_size` and a last one of what is left. A piece starts wherever
    `start < total`, and is whole wherever its end is `< total`: with symbolic sizes (a
    `chunk(2)` of a dynamic dim, `split_size = (s0 + 1) // 2`) each comparison is a
    decision that holds for every size (`symbolic._always`), where `range(0, total,
    split_size)` and `min` would need the sizes themselves."""
    total = x.shape[dim % x.dim()]
    sizes: list[Any] = []
    start: Any = 0
    while start < total:
        end = start + split_size
        sizes.append(split_size if end < total else total - start)
        start = end
    return split_with_sizes(x, sizes or [0], dim)


def select(x: torch.Tensor, dim: int, index: int) -> torch.Tensor:
    dim = dim % x.dim()
    index = index + x.shape[dim] if index < 0 else index
    return torch.ops.prims.squeeze(slice_tensor(x, dim, index, index + 1), [dim])


def narrow(x: torch.Tensor, dim: int, start: int, length: int) -> torch.Tensor:
    start = start + x.shape[dim % x.dim()] if start < 0 else start
    return slice_tensor(x, dim, start, start + length)


SLICING_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.slice.Tensor: slice_tensor,
    aten.split.Tensor: split,
    aten.split_with_sizes.default: split_with_sizes,
    aten.select.int: select,
    aten.narrow.default: narrow,
    aten.slice_backward.default: slice_backward,
}
"""aten overload -> decomposition to `stepwell::slice` (a gather where a start is a
symbolic size), overriding PyTorch's as_strided."""
