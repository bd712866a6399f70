"""Decompositions for ATen ops that PyTorch's table leaves whole although they are
compositions of ops it has rules for.

- `rms_norm` (`F.rms_norm`, `nn.RMSNorm`) is its CompositeImplicitAutograd kernel
  (`rms_norm_composite` in ATen's layer_norm.cpp) written without its in-place `add_`:
  the mean of squares in float32 for half inputs, eps the epsilon of that type when not
  given, the weight applied after the cast back; it then fuses as a hand-written RMSNorm
  does;
- the shift operators `a << b` and `a >> b` (`__lshift__`, `__rshift__`, Scalar and
  Tensor) are `bitwise_left_shift`/`bitwise_right_shift`, whose refs the table has.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch

aten = torch.ops.aten


def _rms_norm(
    input: torch.Tensor,  # (the schema's names: the pass calls it with keywords)
    normalized_shape: Sequence[int],
    weight: torch.Tensor | None = None,
    eps: float | None = None,
) -> torch.Tensor:
    x = input
    dims = list(range(x.dim() - len(normalized_shape), x.dim()))
    acc = torch.float32 if x.dtype in (torch.float16, torch.bfloat16) else x.dtype
    if not acc.is_floating_point:
        return NotImplemented  # (eager refuses integers; keep its error)
    up = x.to(acc)
    if eps is None:
        eps = torch.finfo(acc).eps
    result = (up * torch.rsqrt(up.pow(2).mean(dims, keepdim=True) + eps)).type_as(x)
    return result if weight is None else result * weight


COMPOSITE_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.rms_norm.default: _rms_norm,
    aten.__lshift__.Scalar: aten.bitwise_left_shift.Tensor_Scalar,
    aten.__lshift__.Tensor: aten.bitwise_left_shift.Tensor,
    aten.__rshift__.Scalar: aten.bitwise_right_shift.Tensor_Scalar,
    aten.__rshift__.Tensor: aten.bitwise_right_shift.Tensor,
}
"""ATen overload -> its decomposition."""
