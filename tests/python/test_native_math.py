"""Math without a core Triton op (`passes/support/math_rules.py`): inverse trigonometric
and hyperbolic functions, sinh/cosh/tan, log10, hypot, lgamma, fmax/fmin, sign/signbit,
nextafter, and the precise expm1/log1p, as kernel formulas.

Each matches eager on values (float32 to about an ulp, float64 to 1e-13), dtype, shape,
NaN positions and signed zeros, over special values (±0, tiny, near ±1, poles, huge,
±inf, NaN) and random ones; and runs in one kernel with no ATen call and the op not
left at graph level. The tile interpreter agrees too.
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
from stepwell.fuzz.compare import mismatch
from stepwell.pipeline import check_example

INF, NAN = math.inf, math.nan
SPECIAL = [0.0, -0.0, 1e-30, -1e-30, 1e-8, -1e-8, 0.3, -0.3, 0.5, -0.5, 0.66, 0.7, 0.99,
           -0.99, 1.0, -1.0, 1.5, 2.0, 2.5, -2.5, 3.0, -3.7, -4.0, 10.0, -10.0, 88.0, -88.0,
           100.0, 1e10, -1e10, 1e30, INF, -INF, NAN]  # fmt: skip

UNARY: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "atan": torch.atan, "asin": torch.asin, "acos": torch.acos, "sinh": torch.sinh,
    "cosh": torch.cosh, "tan": torch.tan, "log10": torch.log10, "asinh": torch.asinh,
    "acosh": torch.acosh, "atanh": torch.atanh, "lgamma": torch.lgamma,
    "expm1": torch.expm1, "log1p": torch.log1p, "sign": torch.sign,
    "signbit": torch.signbit,
}  # fmt: skip
BINARY: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "atan2": torch.atan2, "hypot": torch.hypot, "fmax": torch.fmax, "fmin": torch.fmin,
    "nextafter": torch.nextafter,
}  # fmt: skip
TOLERANCE = {torch.float32: 2e-6, torch.float64: 1e-13}


def compiled(fn: Callable[..., torch.Tensor], tmp_path: Path, *args: torch.Tensor) -> torch.Tensor:
    return compiled_in_one_kernel(fn, tmp_path, *args)


def assert_close(got: torch.Tensor, want: torch.Tensor) -> None:
    native.assert_close(got, want, TOLERANCE)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("name", list(UNARY))
def test_unary_math_matches_eager(name: str, dtype: torch.dtype, tmp_path: Path) -> None:
    fn = UNARY[name]
    torch.manual_seed(0)
    x = torch.cat([torch.tensor(SPECIAL, dtype=dtype), torch.randn(300, dtype=dtype) * 4,
                   torch.rand(100, dtype=dtype) * 2 - 1])  # fmt: skip
    assert_close(compiled(lambda t: fn(t), tmp_path, x), fn(x))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("name", list(BINARY))
def test_binary_math_matches_eager(name: str, dtype: torch.dtype, tmp_path: Path) -> None:
    """Every pair of special values (atan2's quadrants, signed zeros, inf/inf corners)."""
    fn = BINARY[name]
    x = torch.tensor(SPECIAL, dtype=dtype)
    a, b = torch.meshgrid(x, x, indexing="ij")
    assert_close(compiled(lambda s, t: fn(s, t), tmp_path, a, b), fn(a, b))


@pytest.mark.parametrize("name", ["atan", "lgamma", "sinh", "signbit", "sign"])
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_types(name: str, dtype: torch.dtype, tmp_path: Path) -> None:
    fn = UNARY[name]
    x = torch.tensor([v for v in SPECIAL if abs(v) < 6e4 or not math.isfinite(v)], dtype=dtype)
    got, want = compiled(lambda t: fn(t), tmp_path, x), fn(x)
    assert mismatch(want, got) is None, mismatch(want, got)


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.bool])
def test_integer_sign_signbit_fmax(dtype: torch.dtype, tmp_path: Path) -> None:
    x = torch.tensor([3, -4, 0, 7, -1], dtype=torch.int64).to(dtype)
    y = torch.tensor([1, -9, 0, 8, 2], dtype=torch.int64).to(dtype)
    fn = lambda s, t: (torch.sign(s), torch.signbit(s), torch.fmax(s, t), torch.fmin(s, t))  # noqa: E731
    torch._dynamo.reset()
    got = torch.compile(fn, backend="stepwell")(x, y)
    assert mismatch(list(fn(x, y)), list(got)) is None


def test_an_integer_input_is_promoted_then_computed(tmp_path: Path) -> None:
    x = torch.arange(-3, 4)
    assert_close(compiled(lambda t: torch.atan(t) + torch.cosh(t), tmp_path, x),
                 torch.atan(x) + torch.cosh(x))  # fmt: skip


@pytest.mark.parametrize("name", ["atan2", "lgamma", "asinh", "expm1"])
def test_at_tile_level(name: str) -> None:
    """The tile interpreter (torch on tiles, no Triton) runs the same formulas."""
    x = torch.tensor([v for v in SPECIAL if math.isfinite(v) and abs(v) < 50])
    fn = BINARY.get(name)
    example = (
        Example(lambda a, b: fn(a, b), (x, x.flip(0)), name)
        if fn
        else Example(lambda a: UNARY[name](a), (x,), name)
    )
    result = check_example(example, "tile", atol=1e-5, rtol=1e-5)
    assert result.passed, str(result)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16])
def test_nextafter_is_bit_exact(dtype: torch.dtype, tmp_path: Path) -> None:
    """One ulp toward y, from the bits: subnormals from ±0, across zero, at ±inf."""
    x = torch.tensor([v for v in SPECIAL if abs(v) < 6e4 or not math.isfinite(v)], dtype=dtype)
    a, b = torch.meshgrid(x, x, indexing="ij")
    got = compiled(lambda s, t: torch.nextafter(s, t), tmp_path, a, b)
    want = torch.nextafter(a, b)
    nan = want.isnan()
    assert torch.equal(got.isnan(), nan)
    bits = {torch.float16: torch.int16, torch.float32: torch.int32, torch.float64: torch.int64}
    assert torch.equal(got[~nan].view(bits[dtype]), want[~nan].view(bits[dtype]))


@pytest.mark.parametrize("dtype", [torch.int8, torch.uint8, torch.int32, torch.int64])
def test_integer_power_by_a_constant_is_a_kernel(dtype: torch.dtype, tmp_path: Path) -> None:
    """`i ** c` for a constant c >= 0 is square-and-multiply in the kernel: exact, with
    eager's wraparound (int8 ** 5, int64 ** 40), 0 ** 0 == 1, empty tensors too; no ATen
    call, no pow left at graph level."""
    lo, hi = (0, 200) if dtype == torch.uint8 else (-60, 60)
    x = torch.cat([torch.tensor([0, 1, 2, 3, 7], dtype=dtype),
                   torch.randint(lo, hi, (40,), dtype=dtype)])  # fmt: skip

    def fn(t: torch.Tensor) -> tuple[torch.Tensor, ...]:
        return t**0, t**1, t**3, t.pow(4), t**5, t**13, torch.pow(t, 40)

    got = compiled_in_one_kernel(fn, tmp_path, x)
    assert mismatch(list(fn(x)), list(got)) is None, mismatch(list(fn(x)), list(got))
    empty = x[:0]
    assert mismatch([empty**3], [torch.compile(lambda t: t**3, backend="stepwell")(empty)]) is None


def test_integer_power_by_a_tensor_stays_exact(tmp_path: Path) -> None:
    """An exponent tensor (its values unknown) keeps eager's pow: results match, with
    negative exponents of ±1 and of larger bases."""
    base = torch.tensor([2, -2, 1, -1, 3, 0, 5], dtype=torch.int64)
    exp = torch.tensor([3, 5, -4, -3, 0, 0, 2], dtype=torch.int64)
    torch._dynamo.reset()
    got = torch.compile(lambda a, b: torch.pow(a, b) + 1, backend="stepwell")(base, exp)
    assert mismatch([torch.pow(base, exp) + 1], [got]) is None


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_power_by_a_constant_is_a_kernel_bit_exact(dtype: torch.dtype, tmp_path: Path) -> None:
    """`h ** c` of a float16/bfloat16 `h` is a kernel (it was an ATen call: the exponent's
    rounding to the half type built a tensor inside the traced decomposition), with eager's
    bits: bfloat16's `h ** 3` and `h ** -2` round each product as eager's kernel does,
    float16's `h ** ±0.5` is C's pow. (bfloat16's `h ** -0.5` is eager's bfloat16 rsqrt,
    which can round down where the exact result rounds up: within an ulp, not bits.)"""
    torch.manual_seed(0)
    x = torch.cat([torch.tensor([0.0, -0.0, 1.0, -1.0, 0.1, 3.0, INF, -INF, NAN]),
                   torch.randn(1000) * 4]).to(dtype)  # fmt: skip

    def fn(t: torch.Tensor) -> tuple[torch.Tensor, ...]:
        return t**3.0, t**-2.0, t**0.5, t**-0.5, t**2, t**1.7, t**-3, torch.pow(t, 0.1)

    got, want = compiled_in_one_kernel(fn, tmp_path, x), fn(x)
    assert mismatch(list(want), list(got)) is None, mismatch(list(want), list(got))
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        same = (g == w) | (g.isnan() & w.isnan())
        if dtype == torch.bfloat16 and i == 3:
            same |= torch.isclose(g.double(), w.double(), rtol=2**-7, atol=0)
        assert bool(same.all()), (w[~same], g[~same])
