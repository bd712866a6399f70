"""Reading a tensor's bits as another type: `Tensor.view(dtype)` of the same width is
`stepwell::bitcast(x, dtype)` (`prims.bitcast` in the IR, `arith.bitcast` in a kernel),
an elementwise op in value semantics rather than an ATen view.

It also gives floats an order-preserving integer key (`ordered_key`): the bits of a
non-negative float, and of a negative one with its magnitude bits flipped, compare as
integers the way the floats compare, and NaN gets the largest key. A scatter that combines
floats with max or min (which has no float atomic that lets NaN win, as eager's does) runs
on these keys with the integer atomics and decodes the result (`from_ordered_key`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

aten = torch.ops.aten

KEY_DTYPES = {torch.float32: torch.int32, torch.float64: torch.int64}
"""Float type -> the integer type of its keys (half types widen to float32 first)."""


@torch.library.custom_op("stepwell::bitcast", mutates_args=())
def bitcast_prim(x: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """`x`'s bits as `dtype` (of the same width), element by element."""
    return x.view(dtype).clone()


@bitcast_prim.register_fake
def _(x: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    return torch.empty_like(x, dtype=dtype)


def _bitcastable(x: torch.Tensor, dtype: torch.dtype) -> bool:
    plain = (torch.bool, torch.complex32, torch.complex64, torch.complex128)
    return (
        x.dtype not in plain and dtype not in plain
        and x.element_size() == torch.empty((), dtype=dtype).element_size()
        and not (x.dtype.itemsize == 1 and x.dtype.is_floating_point)
        and not (dtype.itemsize == 1 and dtype.is_floating_point)
    )  # fmt: skip


def view_dtype(x: torch.Tensor, dtype: torch.dtype) -> Any:
    if dtype == x.dtype:
        return x
    if not _bitcastable(x, dtype):
        return NotImplemented  # another width changes the shape; bools and float8 stay ATen's
    return torch.ops.stepwell.bitcast(x, dtype)


def ordered_key(x: torch.Tensor) -> torch.Tensor:
    """An integer per float that orders as the floats do, NaN the largest."""
    key_dtype = KEY_DTYPES[x.dtype]
    bits = torch.ops.stepwell.bitcast(x, key_dtype)
    flip = torch.iinfo(key_dtype).max
    key = torch.where(bits >= 0, bits, bits ^ flip)
    return torch.where(x != x, flip, key)


def from_ordered_key(key: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """The float `ordered_key` gave `key` (the largest key decodes to a NaN)."""
    flip = torch.iinfo(key.dtype).max
    return torch.ops.stepwell.bitcast(torch.where(key >= 0, key, key ^ flip), dtype)


BITCAST_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.view.dtype: view_dtype,
}
"""ATen overload -> its decomposition into `stepwell::bitcast`."""
