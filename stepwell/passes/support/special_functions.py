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
    if n == 1:  # (in float32 for float16 and bfloat16, rounded once, as eager's opmath)
        low = x.dtype in (torch.float16, torch.bfloat16)
        return _trigamma(x.float()).to(x.dtype) if low else _trigamma(x)
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


def _chebyshev_closed_form(kind: str, w: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    """T, U, V or W of degree k at w, for |w| != 1, in float64: trigonometric inside
    (-1, 1) with w = cos(theta), hyperbolic outside with |w| = cosh(t), the sign (-1)^k
    (and for V/W each other's form) below -1."""
    inside = w.abs() < 1
    theta = torch.acos(w.clamp(-1, 1))
    t = torch.acosh(w.abs().clamp(min=1))
    odd = torch.fmod(k, 2) != 0
    flip = (w < 0) & odd  # (-1)^k below -1
    if kind == "t":
        trig, hyper = torch.cos(k * theta), torch.cosh(k * t)
    elif kind == "u":
        trig = torch.sin((k + 1) * theta) / torch.sin(theta)
        hyper = torch.sinh((k + 1) * t) / torch.sinh(t)
    else:  # V and W: half-angle forms; below -1 each is the other's, mirrored
        c = torch.cosh((k + 0.5) * t) / torch.cosh(t * 0.5)
        s = torch.sinh((k + 0.5) * t) / torch.sinh(t * 0.5)
        if kind == "v":
            trig = torch.cos((k + 0.5) * theta) / torch.cos(theta * 0.5)
            hyper = torch.where(w > 0, c, s)
        else:
            trig = torch.sin((k + 0.5) * theta) / torch.sin(theta * 0.5)
            hyper = torch.where(w > 0, s, c)
    hyper = torch.where(flip, -hyper, hyper)
    return torch.where(inside, trig, hyper)


def _chebyshev_at_one(kind: str, w: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    """The value at w = ±1 (eager's special cases, where the closed forms are 0/0)."""
    even = torch.fmod(k, 2) == 0
    positive = w > 0
    if kind == "t":
        return torch.where(positive | even, 1.0, -1.0)
    if kind == "u":
        return torch.where(positive | even, k + 1, -(k + 1))
    if kind == "v":
        return torch.where(positive, 1.0, torch.where(even, 2 * k + 1, -(2 * k + 1)))
    return torch.where(positive, 2 * k + 1, torch.where(even, 1.0, -1.0))


def _chebyshev(kind: str, shifted: bool) -> Callable[..., Any]:
    """Chebyshev polynomials of the four kinds (and shifted: of 2x - 1) of a degree
    tensor n (truncated to an integer, as eager's): closed forms in float64 instead of
    eager's n-step recurrence, 0 for n < 0, 1 for n = 0."""

    def decomposition(x: Any, n: Any) -> Any:
        tensors = [v for v in (x, n) if isinstance(v, torch.Tensor)]
        if any(v.is_complex() for v in tensors):
            return NotImplemented
        dtype = torch.result_type(x, n)
        dtype = dtype if dtype.is_floating_point else torch.get_default_dtype()
        shape = torch.broadcast_shapes(*(v.shape for v in tensors))
        w = torch.as_tensor(x, dtype=torch.float64).expand(shape) if not isinstance(
            x, torch.Tensor) else x.to(torch.float64).expand(shape)  # fmt: skip
        k = torch.full(shape, float(n), dtype=torch.float64) if not isinstance(
            n, torch.Tensor) else torch.trunc(n.to(torch.float64)).expand(shape)  # fmt: skip
        if shifted:
            w = w + w - 1
        r = torch.where(w.abs() == 1, _chebyshev_at_one(kind, w, k),
                        _chebyshev_closed_form(kind, w, k))  # fmt: skip
        r = torch.where(k == 0, 1.0, torch.where(k < 0, 0.0, r))
        return r.to(dtype)

    return decomposition


def _chebyshev_overloads() -> dict[Any, Callable[..., Any]]:
    table: dict[Any, Callable[..., Any]] = {}
    for kind in "tuvw":
        for shifted in (False, True):
            name = f"special_{'shifted_' if shifted else ''}chebyshev_polynomial_{kind}"
            packet = getattr(aten, name)
            for overload in ("default", "n_scalar"):
                table[getattr(packet, overload)] = _chebyshev(kind, shifted)
    return table


SPECIAL_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    **_chebyshev_overloads(),
    aten.frexp.Tensor: _frexp,
    aten.angle.default: _angle,
    aten.polygamma.default: _polygamma,
    aten.special_modified_bessel_i0.default: _same_function(prims.bessel_i0),
    aten.special_modified_bessel_i1.default: _same_function(prims.bessel_i1),
    **{
        op: _converting(op)
        for op in (
            aten.special_airy_ai.default,
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
