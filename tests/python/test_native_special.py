"""Special functions as kernel formulas (`passes/support/special_rules.py`): erfc, erfcx,
erfinv, ndtri, log_ndtr, digamma, polygamma, Hurwitz's zeta, the Bessel functions J, Y,
I and K of orders 0 and 1 (plain and scaled), the spherical j0 and Airy's Ai.

Each matches eager on values, dtype, shape, NaN positions and signed zeros over special
values and random ones, in one kernel with no ATen call; the tile interpreter agrees too.
Eager's own float64 Bessel J and Y (Cephes) are good to about 1e-7, so float64 is compared
at 1e-6 there and at 1e-12 elsewhere.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import native
import pytest
import torch
from native import compiled_in_one_kernel

from stepwell.frontend.loader import Example
from stepwell.pipeline import check_example

INF, NAN = math.inf, math.nan
SPECIAL = [0.0, -0.0, 1e-30, -1e-30, 1e-8, 0.3, -0.3, 0.5, -0.5, 0.9, -0.999, 1.0, -1.0,
           1.5, 2.0, -2.0, 2.5, -2.5, 3.0, -3.7, 5.52, 10.0, -10.0, 13.9, 14.1, 29.9,
           30.1, 88.0, -88.0, 700.0, 1e10, INF, -INF, NAN]  # fmt: skip

special = torch.special
UNARY: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "erfc": special.erfc, "erfcx": special.erfcx, "erfinv": special.erfinv,
    "ndtri": special.ndtri, "log_ndtr": special.log_ndtr, "digamma": special.digamma,
    "trigamma": lambda t: special.polygamma(1, t),
    "polygamma3": lambda t: special.polygamma(3, t),
    "bessel_j0": special.bessel_j0, "bessel_j1": special.bessel_j1,
    "bessel_y0": special.bessel_y0, "bessel_y1": special.bessel_y1,
    "i0": special.i0, "i1": special.i1, "i0e": special.i0e, "i1e": special.i1e,
    "modified_bessel_i0": special.modified_bessel_i0,
    "modified_bessel_i1": special.modified_bessel_i1,
    "modified_bessel_k0": special.modified_bessel_k0,
    "modified_bessel_k1": special.modified_bessel_k1,
    "scaled_modified_bessel_k0": special.scaled_modified_bessel_k0,
    "scaled_modified_bessel_k1": special.scaled_modified_bessel_k1,
    "spherical_bessel_j0": special.spherical_bessel_j0,
    "airy_ai": special.airy_ai,
}  # fmt: skip
EAGER_IS_LOOSE = {"bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1"}
IN_INPUT_TYPE = {"trigamma"}  # eager's algorithm, decomposed: computed in the input's type


def tolerance(name: str) -> dict[torch.dtype, float]:
    if name == "airy_ai":  # eager's float64 Ai is off by up to 3e-6 just below -2
        return {torch.float32: 1e-5, torch.float64: 1e-5}
    return {torch.float32: 2e-6, torch.float64: 1e-6 if name in EAGER_IS_LOOSE else 1e-12}


def reference(
    fn: Callable[..., torch.Tensor], *xs: torch.Tensor, wide: bool = True
) -> torch.Tensor:
    """Eager, in float64 for a float32 input (eager's float32 kernels compute in float32
    and are off by several ulps, e.g. erfcx far below 0), rounded to the input's type."""
    if xs[0].dtype != torch.float32 or not wide:
        return fn(*xs)
    return fn(*(x.double() for x in xs)).float()


def inputs(name: str, dtype: torch.dtype) -> torch.Tensor:
    torch.manual_seed(0)
    if name in ("erfinv", "ndtri"):  # defined on [-1, 1] and [0, 1]: dense there, ends too
        ends = [0.5, 1.0, -1.0, 1.1, -0.0, NAN]
        x = torch.cat(
            [
                torch.rand(300, dtype=dtype) * 2 - 1,
                1 - torch.logspace(-15, 0, 40, dtype=dtype),
                torch.logspace(-30, 0, 30, dtype=dtype),
                torch.tensor(ends, dtype=dtype),
            ]
        )
        return x if name == "erfinv" else x.abs()
    big = [v for v in SPECIAL if abs(v) < 3e38 or not math.isfinite(v)]
    x = torch.cat([torch.tensor(big, dtype=dtype), torch.randn(300, dtype=dtype) * 8,
                   torch.rand(100, dtype=dtype) * 4])  # fmt: skip
    if name.startswith(("trigamma", "polygamma")):
        x = x[x.abs() < 12]  # eager's and the formula's poles agree; far below, see zeta
    return x


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("name", list(UNARY))
def test_special_function_matches_eager(name: str, dtype: torch.dtype, tmp_path: Path) -> None:
    fn = UNARY[name]
    x = inputs(name, dtype)
    got = compiled_in_one_kernel(lambda t: fn(t), tmp_path, x)
    native.assert_close(got, reference(fn, x, wide=name not in IN_INPUT_TYPE), tolerance(name))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_zeta_matches_eager(dtype: torch.dtype, tmp_path: Path) -> None:
    """Integer and fractional s, q across 0 (the poles at non-positive integers, NaN for a
    fractional s there), s = 1 and s < 1."""
    s_values = torch.tensor([0.5, 1.0, 1.5, 2.0, 3.0, 4.5, 7.0, 12.0, 30.0], dtype=dtype)
    q_values = torch.tensor([-9.5, -3.2, -2.0, -0.5, 0.0, 1e-3, 0.5, 1.0, 2.5, 10.0, 1e4],
                            dtype=dtype)  # fmt: skip
    s, q = torch.meshgrid(s_values, q_values, indexing="ij")
    got = compiled_in_one_kernel(lambda a, b: special.zeta(a, b), tmp_path, s, q)
    want = reference(special.zeta, s, q)
    native.assert_close(got, want, {torch.float32: 2e-6, torch.float64: 1e-12})


@pytest.mark.parametrize("dtype", [torch.int64, torch.bool])
def test_integer_and_bool_inputs_become_float32(dtype: torch.dtype, tmp_path: Path) -> None:
    x = torch.tensor([0, 1, 2, 3, 5, 7], dtype=torch.int64).to(dtype)
    fn = lambda t: special.bessel_y0(t) + special.modified_bessel_k1(t) + special.digamma(t)  # noqa: E731
    got = compiled_in_one_kernel(fn, tmp_path, x)
    native.assert_close(got, fn(x), {torch.float32: 2e-6})


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_types_round_once(dtype: torch.dtype, tmp_path: Path) -> None:
    """Half types compute in float64 and round once (eager has no half Bessel Y)."""
    x = torch.tensor([0.25, 1.0, 2.0, 3.5, 5.0, 7.0], dtype=dtype)
    fn = lambda t: special.erfc(t) + special.i0e(t) + special.digamma(t)  # noqa: E731
    got = compiled_in_one_kernel(fn, tmp_path, x)
    native.assert_close(got, fn(x.double()).to(dtype), {dtype: 1e-2})


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_trigamma_of_half_types_rounds_once(dtype: torch.dtype, tmp_path: Path) -> None:
    """`polygamma(1, x)` of float16/bfloat16 computed at the input's precision (17.83
    for eager's 17.94 at -3.737; at the pole -1, 1.05e7 for eager's 1.29e15). Like
    eager, it computes in float32 and rounds once: eager's values exactly."""
    x = torch.tensor([-3.737, -3.987, -1.0, -0.4, 0.3, 1.0, 2.5, 7.0, 11.0]).to(dtype)
    got = compiled_in_one_kernel(lambda t: special.polygamma(1, t), tmp_path, x)
    assert torch.equal(got, special.polygamma(1, x)), (got, special.polygamma(1, x))


def test_empty_input(tmp_path: Path) -> None:
    x = torch.empty(0, 3)
    torch._dynamo.reset()
    got = torch.compile(lambda t: special.erfc(t) * special.i0e(t), backend="stepwell")(x)
    assert got.shape == (0, 3) and got.dtype == torch.float32


@pytest.mark.parametrize("name", ["erfinv", "digamma", "bessel_y1", "modified_bessel_k0"])
def test_at_tile_level(name: str) -> None:
    """The tile interpreter (torch on tiles, no Triton) runs the same formulas."""
    x = torch.tensor([v for v in SPECIAL if math.isfinite(v) and 0 < v < 1])
    result = check_example(Example(lambda a: UNARY[name](a), (x,), name), "tile",
                           atol=1e-5, rtol=1e-5)  # fmt: skip
    assert result.passed, str(result)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int64, torch.bool])
def test_angle_of_real_numbers(dtype: torch.dtype, tmp_path: Path) -> None:
    x = torch.tensor([-2.5, -0.0, 0.0, 3.0, -INF, INF, NAN]).to(dtype)
    if not dtype.is_floating_point:
        x = torch.tensor([-2, 0, 3, 1]).to(dtype)
    got = compiled_in_one_kernel(lambda t: torch.angle(t), tmp_path, x)
    native.assert_close(got, torch.angle(x), {torch.float32: 0.0, torch.float64: 0.0})


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16])
def test_frexp_is_exact(dtype: torch.dtype, tmp_path: Path) -> None:
    """Mantissa and int32 exponent bit for bit: powers of two (where log2 could round
    across), subnormals, the largest finite values, ±0, ±inf and NaN."""
    info = torch.finfo(dtype)
    values = [0.0, -0.0, INF, -INF, NAN, 1.0, 0.5, 3.0, -7.25, info.tiny, info.tiny / 4,
              info.max, -info.max, 2.0**-10, 1 - info.eps, 1 + info.eps]  # fmt: skip
    x = torch.cat([torch.tensor(values, dtype=dtype), torch.randn(200, dtype=dtype) * 100])
    torch._dynamo.reset()
    got = torch.compile(lambda t: torch.frexp(t), backend="stepwell")(x)
    want = torch.frexp(x)
    assert got.exponent.dtype == torch.int32 and torch.equal(got.exponent, want.exponent)
    nan = want.mantissa.isnan()
    assert torch.equal(got.mantissa.isnan(), nan)
    assert torch.equal(got.mantissa[~nan], want.mantissa[~nan])
    assert torch.equal(got.mantissa[~nan].signbit(), want.mantissa[~nan].signbit())


@pytest.mark.parametrize(
    "dtype, as_type",
    [(torch.float32, torch.int32), (torch.float64, torch.int64), (torch.float16, torch.int16),
     (torch.int32, torch.float32), (torch.bfloat16, torch.float16)],  # fmt: skip
)
def test_view_as_another_type_is_a_kernel_bitcast(
    dtype: torch.dtype, as_type: torch.dtype, tmp_path: Path
) -> None:
    """`Tensor.view(dtype)` of the same width is `prims.bitcast`, fused (bit for bit)."""
    x = torch.tensor([1.0, -2.5, 0.0, -0.0, INF, -INF, NAN, 3e-5]).to(dtype)
    if dtype == torch.bfloat16:  # (bfloat16 arithmetic in float32 leaves its own NaN bits)
        x = x[~x.isnan()]
    if not dtype.is_floating_point:
        x = torch.tensor([0, 1, -1, 2**30, -(2**31), 12345]).to(dtype)
    got = compiled_in_one_kernel(lambda t: (t * 1).view(as_type), tmp_path, x)
    want = (x * 1).view(as_type)
    assert got.dtype == want.dtype
    bits = {2: torch.int16, 4: torch.int32, 8: torch.int64}[want.element_size()]
    assert torch.equal(got.view(bits), want.view(bits))


@pytest.mark.parametrize("shifted", [False, True])
@pytest.mark.parametrize("kind", ["t", "u", "v", "w"])
def test_chebyshev_polynomials(kind: str, shifted: bool, tmp_path: Path) -> None:
    """Closed forms (trigonometric inside [-1, 1], hyperbolic outside, eager's values at
    ±1, 0 for n < 0, 1 for n = 0 even at NaN) against eager's recurrence, in one kernel."""
    fn = getattr(special, f"{'shifted_' if shifted else ''}chebyshev_polynomial_{kind}")
    torch.manual_seed(0)
    x = torch.cat([torch.rand(300) * 2.4 - 1.2, torch.tensor([1.0, -1.0, 0.0, NAN, 0.5, 0.0])])
    n = torch.cat([torch.randint(-1, 12, (300,)).float(), torch.tensor([3.0, 4, 5, 0, 7, 8])])
    got = compiled_in_one_kernel(lambda a, b: fn(a, b), tmp_path, x, n)
    native.assert_close(got, reference(fn, x, n), {torch.float32: 2e-6})


def test_chebyshev_of_a_python_degree_and_integers(tmp_path: Path) -> None:
    x = torch.tensor([-3, -1, 0, 1, 2])
    fn = lambda t: special.chebyshev_polynomial_u(t, 4) + special.chebyshev_polynomial_t(t, 3)  # noqa: E731
    got = compiled_in_one_kernel(fn, tmp_path, x)
    native.assert_close(got, fn(x), {torch.float32: 2e-6})
