"""Decompositions for the special functions PyTorch's table leaves to the backend.

- `polygamma(n, x)` is `digamma` for n = 0, eager's own trigamma algorithm for n = 1
  (the recurrence up by 6, the asymptotic series, the reflection formula below 1/2, so
  that the poles give eager's huge finite values), and `(-1)^(n+1) n! zeta(n + 1, x)`
  above (the Hurwitz zeta function, as eager computes n >= 2);
- `special_modified_bessel_i0`/`_i1` are `prims.bessel_i0`/`bessel_i1` (the same functions);
- the Bessel functions of the second kind (`special_bessel_y0`, `_y1`,
  `special_modified_bessel_k0`, `_k1` and their scaled forms) stay whole, and the
  decomposition imports them as the prims of `prims_support.SPECIAL_FUNCTION_OPS`; an
  integer or bool operand is converted to the default float type first, as eager does.

`angle` of a real tensor is pi below 0 and 0 elsewhere. The kernels' formulas are in
`special_rules.py`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch

aten = torch.ops.aten
prims = torch.ops.prims


def _floating(x: torch.Tensor) -> torch.Tensor:
    if x.is_floating_point():
        return x
    return prims.convert_element_type(x, torch.get_default_dtype())


def _trigamma(x: torch.Tensor) -> torch.Tensor:
    """psi'(x): psi'(w) for w = x, or pi^2 / sin^2(pi x) - psi'(1 - x) below 1/2; psi'(w)
    as the sum of 1/(w + k)^2 for k < 6 plus the asymptotic series at w + 6."""
    reflect = x < 0.5
    w = torch.where(reflect, 1.0 - x, x)
    total = torch.zeros_like(w)
    for k in range(6):
        total = total + 1.0 / ((w + k) * (w + k))
    z = w + 6.0
    izz = 1.0 / (z * z)
    total = total + (1.0 + 1.0 / (2.0 * z) + izz * (1.0 / 6 - izz * (1.0 / 30 - izz / 42))) / z
    pole = math.pi**2 / torch.sin(math.pi * x) ** 2
    return torch.where(reflect, pole - total, total)


def _polygamma(n: int, x: torch.Tensor) -> Any:
    if x.is_complex() or n < 0:
        return NotImplemented
    x = _floating(x)
    if n == 0:
        return prims.digamma(x)
    if n == 1:
        return _trigamma(x)
    scale = float((-1) ** (n + 1) * math.factorial(n))
    return torch.special.zeta(n + 1.0, x) * scale


def _same_function(prim: Any) -> Callable[[torch.Tensor], Any]:
    def decomposition(x: torch.Tensor) -> Any:
        return NotImplemented if x.is_complex() else prim(_floating(x))

    return decomposition


def _converting(op: Any) -> Callable[[torch.Tensor], Any]:
    """The op itself on a float operand (imported as its prim), after a conversion of an
    integer or bool operand."""

    def decomposition(x: torch.Tensor) -> Any:
        if x.is_floating_point() or x.is_complex():
            return NotImplemented
        return op(_floating(x))

    return decomposition


def _angle(x: torch.Tensor) -> Any:
    """The argument of a real number: pi below 0, 0 at and above it (also -0.0), NaN kept;
    complex numbers stay ATen's."""
    if x.is_complex():
        return NotImplemented
    x = _floating(x)
    return torch.where(x < 0, math.pi, torch.where(torch.isnan(x), x, 0.0))


def _frexp(x: torch.Tensor) -> Any:
    """(mantissa, exponent) with x = mantissa * 2^exponent and 0.5 <= |mantissa| < 1, in
    float64 (exact): the exponent from log2, corrected by one where log2 rounded across a
    power of two, the mantissa by two exact power-of-two scalings (no overflow for
    subnormals); 0, inf and NaN are their own mantissa with exponent 0, as eager's."""
    if not x.is_floating_point():
        return NotImplemented
    w = x.double()
    a = w.abs()
    e = torch.floor(torch.log2(a)) + 1
    half = torch.floor(e * 0.5)
    m = w * torch.exp2(-half) * torch.exp2(half - e)
    big = m.abs() >= 1
    m, e = torch.where(big, m * 0.5, m), torch.where(big, e + 1, e)
    small = m.abs() < 0.5
    m, e = torch.where(small, m * 2, m), torch.where(small, e - 1, e)
    special = (a == 0) | ~torch.isfinite(a)
    m, e = torch.where(special, w, m), torch.where(special, 0.0, e)
    return m.to(x.dtype), e.to(torch.int32)


SPECIAL_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.frexp.Tensor: _frexp,
    aten.angle.default: _angle,
    aten.polygamma.default: _polygamma,
    aten.special_modified_bessel_i0.default: _same_function(prims.bessel_i0),
    aten.special_modified_bessel_i1.default: _same_function(prims.bessel_i1),
    **{
        op: _converting(op)
        for op in (
            aten.special_bessel_y0.default,
            aten.special_bessel_y1.default,
            aten.special_modified_bessel_k0.default,
            aten.special_modified_bessel_k1.default,
            aten.special_scaled_modified_bessel_k0.default,
            aten.special_scaled_modified_bessel_k1.default,
        )
    },
}
"""ATen overload -> its decomposition."""
