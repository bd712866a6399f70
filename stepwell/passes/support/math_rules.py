"""Elementwise math with no core Triton op, as formulas over the ops that exist.

Core `triton.language` (all that Triton's interpreter and every target share) has exp,
log, sqrt, sin, cos and erf, but no atan, asin, sinh, lgamma, log1p or expm1. Each rule
here builds one of those from tile ops, the way a libm does:

- `expm1` and `log1p` keep full relative precision near 0 in the input's own type
  (Kahan's and Goldberg's corrections of `exp(x) - 1` and `log(1 + x)`);
- the others compute in float64 and round once to the result type, so a float32 result
  is correctly rounded or within an ulp, and a float64 result is within a few ulps:
  `atan` is Cephes' rational approximation after range reduction, `asin`/`acos`/`atan2`
  are built on it with C's rules for signed zeros, infinities and quadrants; the
  hyperbolic functions and their inverses avoid the cancellations and overflows of the
  textbook formulas (tanh from expm1, in its own type: GELU's tanh stays float32);
  `lgamma` is Lanczos' approximation (g = 7, 9 terms) with the
  reflection formula below 1/2.

Each returns None (the op then stays at graph level) for operands it does not handle,
integer ones in particular: the prims level has promoted integers to floats before these
ops in every decomposition PyTorch has.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from xdsl.dialects import arith
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import IntegerType, TensorType, f64, i1
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import prims, tile
from stepwell.ir.types import is_float

if TYPE_CHECKING:
    from stepwell.passes.support.tile_rules import TileBuilder

Rule = Callable[["TileBuilder", Sequence[SSAValue], Attribute], "SSAValue | None"]

_INT_OF_WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def _element(t: Attribute) -> Attribute:
    return cast(TensorType[Attribute], t).element_type


@dataclass(frozen=True)
class E:
    """A tile value in a formula: arithmetic operators append float ops to the builder;
    plain numbers become splats of the value's type."""

    b: TileBuilder
    v: SSAValue

    @property
    def type(self) -> TensorType[Attribute]:
        return cast(TensorType[Attribute], self.v.type)

    def lift(self, other: E | float) -> E:
        return other if isinstance(other, E) else E(self.b, self.b.splat(other, self.type))

    def op(self, cls: type[Operation], *xs: E | float) -> E:
        operands = [self.v, *(self.lift(x).v for x in xs)]
        return E(self.b, self.b.add(cls.create(operands=operands, result_types=[self.type])))

    def __add__(self, o: E | float) -> E:
        return self.op(arith.AddfOp, o)

    def __radd__(self, o: float) -> E:
        return self.lift(o).op(arith.AddfOp, self)

    def __sub__(self, o: E | float) -> E:
        return self.op(arith.SubfOp, o)

    def __rsub__(self, o: float) -> E:
        return self.lift(o).op(arith.SubfOp, self)

    def __mul__(self, o: E | float) -> E:
        return self.op(arith.MulfOp, o)

    def __rmul__(self, o: float) -> E:
        return self.lift(o).op(arith.MulfOp, self)

    def __truediv__(self, o: E | float) -> E:
        return self.op(arith.DivfOp, o)

    def __rtruediv__(self, o: float) -> E:
        return self.lift(o).op(arith.DivfOp, self)

    def __neg__(self) -> E:
        return self.op(arith.NegfOp)

    def cmp(self, predicate: str, o: E | float) -> E:
        mask = TensorType(i1, self.type.get_shape())
        return E(self.b, self.b.add(tile.CmpOp(predicate, self.v, self.lift(o).v, mask)))

    def __and__(self, o: E) -> E:
        return E(self.b, self.b.add(arith.AndIOp(self.v, o.v)))

    def __or__(self, o: E) -> E:
        return E(self.b, self.b.add(arith.OrIOp(self.v, o.v)))

    def where(self, a: E | float, other: E | float) -> E:
        """`self ? a : other` for a mask `self`; numbers take the other branch's type."""
        if not isinstance(a, E):
            a = cast(E, other).lift(a)
        return E(self.b, self.b.add(tile.SelectOp(self.v, a.v, a.lift(other).v)))

    def call(self, cls: type[Operation]) -> E:
        return self.op(cls)

    def abs(self) -> E:
        return self.op(xmath.AbsFOp)

    def exp(self) -> E:
        return self.op(xmath.ExpOp)

    def log(self) -> E:
        return self.op(xmath.LogOp)

    def sqrt(self) -> E:
        return self.op(xmath.SqrtOp)

    def floor(self) -> E:
        return self.op(xmath.FloorOp)

    def sin(self) -> E:
        return self.op(xmath.SinOp)

    def cos(self) -> E:
        return self.op(xmath.CosOp)

    def erf(self) -> E:
        return self.op(xmath.ErfOp)

    def isnan(self) -> E:
        return self.cmp("ne", self)

    def signbit(self) -> E:
        """The sign bit (true for -0.0 and a negative NaN)."""
        width = _INT_OF_WIDTH[str(self.type.element_type)]
        bits = TensorType(IntegerType(width), self.type.get_shape())
        as_int = E(self.b, self.b.add(arith.BitcastOp(self.v, bits)))
        return as_int.cmp("lt", 0)

    def copysign_of(self, sign: E) -> E:
        """|self| with the sign bit of `sign` (self is >= 0 or NaN)."""
        return sign.signbit().where(-self, self)

    def to(self, element: Attribute) -> E:
        if self.type.element_type == element:
            return self
        t = TensorType(element, self.type.get_shape())
        return E(self.b, self.b.add(tile.CastOp(self.v, t)))


def _float_rule(formula: Callable[..., E], wide: bool = True) -> Rule:
    """A rule computing `formula` on float operands (in float64 when `wide`), rounded
    once to the result type; integer and bool operands decline."""

    def rule(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
        if not all(is_float(_element(x.type)) for x in xs) or not is_float(_element(t)):
            return None
        work = f64 if wide else _element(t)
        return formula(*(E(b, x).to(work) for x in xs)).to(_element(t)).v

    return rule


def expm1(x: E) -> E:
    """exp(x) - 1 without cancellation near 0 (Kahan): (u - 1) * x / log(u), u = exp(x)."""
    u = x.exp()
    um1 = u - 1.0
    kahan = um1 * (x / u.log())  # (um1 * x) would overflow first near the top
    big = u.cmp("eq", math.inf)
    return u.cmp("eq", 1.0).where(x, um1.cmp("eq", -1.0).where(-1.0, big.where(u, kahan)))


def log1p(x: E) -> E:
    """log(1 + x) without losing x near 0 (Goldberg): log(u) * (x / (u - 1)), u = 1 + x
    (the ratio first: `log(u) * x` overflows for x past max / 89)."""
    u = x + 1.0
    goldberg = u.log() * (x / (u - 1.0))
    exact = u.cmp("eq", 1.0) | u.cmp("eq", math.inf)  # x tiny, or x = inf
    return exact.where(x, goldberg)


_ATAN_P = (-8.750608600031904122785e-1, -1.615753718733365076637e1, -7.500855792314704667340e1,
           -1.228866684490136173410e2, -6.485021904942025371773e1)  # fmt: skip
_ATAN_Q = (2.485846490142306297962e1, 1.650270098316988542046e2, 4.328810604912902668951e2,
           4.853903996359136964868e2, 1.945506571482613964425e2)  # fmt: skip
_TAN_3PI_8 = 2.41421356237309504880
_MOREBITS = 6.123233995736765886130e-17  # pi/2 - float64(pi/2)


def _polynomial(z: E, coefficients: Sequence[float], monic: bool = False) -> E:
    acc = (z + coefficients[0]) if monic else z * coefficients[0] + coefficients[1]
    for c in coefficients[1 if monic else 2 :]:
        acc = acc * z + c
    return acc


def atan(x: E) -> E:
    """Cephes' atan: |x| reduced to [0, 0.66] by atan(x) = pi/2 - atan(1/x) and
    pi/4 + atan((x - 1)/(x + 1)), then z + z^3 P(z^2)/Q(z^2)."""
    a = x.abs()
    big = a.cmp("gt", _TAN_3PI_8)
    mid = a.cmp("gt", 0.66)
    z = big.where(-1.0 / a, mid.where((a - 1.0) / (a + 1.0), a))
    zz = z * z
    r = z * (zz * _polynomial(zz, _ATAN_P) / _polynomial(zz, _ATAN_Q, monic=True)) + z
    zero = a.lift(0.0)
    base = big.where(math.pi / 2, mid.where(math.pi / 4, zero))
    extra = big.where(_MOREBITS, mid.where(0.5 * _MOREBITS, zero))
    return (base + (r + extra)).copysign_of(x)


def atan2(y: E, x: E) -> E:
    """C's atan2: atan(y/x) moved to x's half-plane; signed zeros, infinities and NaN
    as C99 Annex F says."""
    left = x.signbit()  # x < 0, also -0.0
    r = atan(y / x)
    r = left.where(y.signbit().where(r - math.pi, r + math.pi), r)
    both_inf = y.abs().cmp("eq", math.inf) & x.abs().cmp("eq", math.inf)
    corner = left.where(3 * math.pi / 4, x.lift(math.pi / 4))
    r = both_inf.where(corner.copysign_of(y), r)
    on_axis = left.where(y.lift(math.pi).copysign_of(y), y)  # y = ±0
    r = y.cmp("eq", 0.0).where(on_axis, r)
    return (x.isnan() | y.isnan()).where(x + y, r)


def asin(x: E) -> E:
    return atan2(x, ((1.0 - x) * (1.0 + x)).sqrt())


def acos(x: E) -> E:
    """2 atan(sqrt((1 - x)/(1 + x))): accurate at both ends (no 1 - x^2 cancellation)."""
    return 2.0 * atan(((1.0 - x) / (1.0 + x)).sqrt())


_LN2 = math.log(2.0)
_EXP_LIMIT = 709.0  # exp overflows float64 just above 709.78


def sinh(x: E) -> E:
    a = x.abs()
    em1 = expm1(a)
    small = (em1 + em1 / (em1 + 1.0)) * 0.5  # exact near 0
    e = a.exp()
    large = a.cmp("lt", _EXP_LIMIT).where((e - 1.0 / e) * 0.5, (a - _LN2).exp())
    return a.cmp("lt", 1.0).where(small, large).copysign_of(x)


def tanh(x: E) -> E:
    """-expm1(-2|x|) / (expm1(-2|x|) + 2) with x's sign: full relative precision near 0,
    where `2 * sigmoid(2x) - 1` cancels (tanh(1e-8) was 0), and x's signed zero."""
    em1 = expm1(x.abs() * -2.0)
    return (-em1 / (em1 + 2.0)).copysign_of(x)


def cosh(x: E) -> E:
    a = x.abs()
    e = a.exp()
    return a.cmp("lt", _EXP_LIMIT).where((e + 1.0 / e) * 0.5, (a - _LN2).exp())


def tan(x: E) -> E:
    return x.sin() / x.cos()


def log10(x: E) -> E:
    return x.log() * (1.0 / math.log(10.0))


_HUGE = 2.0**28  # above it, sqrt(x^2 + 1) is x in float64


def asinh(x: E) -> E:
    """log1p(a + a^2 / (1 + sqrt(1 + a^2))) for a = |x|, log(a) + log 2 for huge a."""
    a = x.abs()
    near = log1p(a + a * a / (1.0 + (1.0 + a * a).sqrt()))
    return a.cmp("gt", _HUGE).where(a.log() + _LN2, near).copysign_of(x)


def acosh(x: E) -> E:
    """log1p(t + sqrt(2t + t^2)) for t = x - 1; NaN below 1."""
    t = x - 1.0
    near = log1p(t + (2.0 * t + t * t).sqrt())
    r = x.cmp("gt", _HUGE).where(x.log() + _LN2, near)
    return x.cmp("lt", 1.0).where(math.nan, r)


def atanh(x: E) -> E:
    """log1p(2a / (1 - a)) / 2 for a = |x|: ±inf at ±1, NaN beyond."""
    a = x.abs()
    r = 0.5 * log1p(2.0 * a / (1.0 - a))
    return a.cmp("gt", 1.0).where(math.nan, r).copysign_of(x)


def hypot(x: E, y: E) -> E:
    """m sqrt(1 + (n/m)^2) (no overflow for large m); inf if either is inf, even NaN."""
    ax, ay = x.abs(), y.abs()
    m = ax.cmp("ge", ay).where(ax, ay)
    n = ax.cmp("ge", ay).where(ay, ax)
    ratio = n / m
    r = m.cmp("eq", 0.0).where(0.0, m * (1.0 + ratio * ratio).sqrt())
    r = (x.isnan() | y.isnan()).where(math.nan, r)
    return (ax.cmp("eq", math.inf) | ay.cmp("eq", math.inf)).where(math.inf, r)


_LANCZOS = (0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012,
            9.9843695780195716e-6, 1.5056327351493116e-7)  # fmt: skip
_HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)


def _lgamma_lanczos(z: E) -> E:
    """log Γ(z) for z >= 1/2."""
    x = z - 1.0
    s = x.lift(_LANCZOS[0])
    for i, c in enumerate(_LANCZOS[1:], start=1):
        s = s + c / (x + float(i))
    t = x + 7.5
    return _HALF_LOG_2PI + (x + 0.5) * t.log() - t + s.log()


def lgamma(x: E) -> E:
    """log|Γ(x)|: Lanczos for x >= 1/2, else log(pi / |sin(pi x)|) - lgamma(1 - x) with
    sin(pi x) taken of x's distance to the nearest integer (exact, so x near a pole
    keeps its precision); inf at the poles (0, -1, -2, ...) and at ±inf."""
    reflect = x.cmp("lt", 0.5)
    w = reflect.where(1.0 - x, x)
    lw = _lgamma_lanczos(w)
    fraction = x - (x + 0.5).floor()  # in [-1/2, 1/2], exact: |sin(pi x)| = |sin(pi f)|
    sin_pi = (math.pi * fraction).sin().abs()
    # log(pi / |sin(pi f)|), as log(pi) - log|sin(pi f)| (the quotient overflows for a
    # subnormal x), and as -log|f| where sin(pi f) is pi f to the last bit (pi f is
    # rounded to a multiple of the smallest subnormal there)
    tiny = fraction.abs().cmp("lt", 1e-8)
    reflected = tiny.where(-fraction.abs().log(), math.log(math.pi) - sin_pi.log()) - lw
    r = reflect.where(reflected, lw)
    r = (x.cmp("eq", 1.0) | x.cmp("eq", 2.0)).where(0.0, r)  # exactly, as libm's
    return x.abs().cmp("eq", math.inf).where(math.inf, r)


def _fmax_fmin(predicate: str, int_pick: type[Operation], bool_pick: type[Operation]) -> Rule:
    """fmax/fmin: a NaN operand loses (the other is returned); otherwise y if
    `x predicate y` else x, so of two zeros the first is returned, as eager's;
    integers and bools as maximum/minimum."""

    def rule(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
        x, y = xs
        element = _element(x.type)
        if not is_float(element):
            op = bool_pick if element == i1 else int_pick
            return b.add(op.create(operands=[x, y], result_types=[t]))
        ex, ey = E(b, x), E(b, y)
        picked = ex.cmp(predicate, ey).where(ey, ex)
        return ex.isnan().where(ey, ey.isnan().where(ex, picked)).v

    return rule


def _sign(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """(x > 0) - (x < 0): 1, -1, else 0 (also for -0.0 and NaN, as eager); bools
    unchanged."""
    (x,) = xs
    element = _element(x.type)
    if element == i1:
        return x
    ex = E(b, x)
    one, minus_one, zero = (b.splat(v, x.type) for v in (1, -1, 0))
    positive, negative = ex.cmp("gt", E(b, zero)), ex.cmp("lt", E(b, zero))
    return b.add(tile.SelectOp(positive.v, one, b.add(tile.SelectOp(negative.v, minus_one, zero))))


def _signbit(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """The sign bit: -0.0 and a negative NaN count (floats); x < 0 (integers)."""
    (x,) = xs
    element = _element(x.type)
    if element == i1:
        return b.splat(0, t)
    ex = E(b, x)
    negative = ex.signbit() if is_float(element) else ex.cmp("lt", E(b, b.splat(0, x.type)))
    return negative.to(_element(t)).v


_TINIEST = {"f16": 2.0**-24, "bf16": 2.0**-133, "f32": 2.0**-149, "f64": 5e-324}
"""The smallest positive subnormal of each float type."""


def _nextafter(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """The float after x toward y: x's bits as an integer, one up when moving away from
    zero, one down toward it; from ±0 the tiniest subnormal of y's sign; y when x == y;
    NaN when either is."""
    x, y = xs
    element = _element(x.type)
    if not is_float(element):
        return None
    ex, ey = E(b, x), E(b, y)
    shape = ex.type.get_shape()
    bits_t = TensorType(IntegerType(_INT_OF_WIDTH[str(element)]), shape)
    bits = b.add(arith.BitcastOp(x, bits_t))
    away = ey.cmp("gt", ex).cmp("eq", ex.cmp("gt", 0.0))  # (i1 == i1: both or neither)
    step = b.add(tile.SelectOp(away.v, b.splat(1, bits_t), b.splat(-1, bits_t)))
    moved = E(b, b.add(arith.BitcastOp(b.add(arith.AddiOp(bits, step)), x.type)))
    tiny = _TINIEST[str(element)]
    tiniest = ey.cmp("gt", 0.0).where(ex.lift(tiny), -tiny)
    r = ex.cmp("eq", 0.0).where(tiniest, moved)
    r = ex.cmp("eq", ey).where(ey, r)
    return (ex.isnan() | ey.isnan()).where(ex + ey, r).v


MATH_RULES: dict[type[Operation], Rule] = {
    prims.PrimsExpm1Op: _float_rule(expm1, wide=False),
    prims.PrimsLog1pOp: _float_rule(log1p, wide=False),
    prims.PrimsAtanOp: _float_rule(atan),
    prims.PrimsAtan2Op: _float_rule(atan2),
    prims.PrimsAsinOp: _float_rule(asin),
    prims.PrimsAcosOp: _float_rule(acos),
    prims.PrimsSinhOp: _float_rule(sinh),
    prims.PrimsCoshOp: _float_rule(cosh),
    prims.PrimsTanhOp: _float_rule(tanh, wide=False),
    prims.PrimsTanOp: _float_rule(tan),
    prims.PrimsLog10Op: _float_rule(log10),
    prims.PrimsAsinhOp: _float_rule(asinh),
    prims.PrimsAcoshOp: _float_rule(acosh),
    prims.PrimsAtanhOp: _float_rule(atanh),
    prims.PrimsHypotOp: _float_rule(hypot),
    prims.PrimsLgammaOp: _float_rule(lgamma),
    prims.PrimsFmaxOp: _fmax_fmin("lt", arith.MaxSIOp, arith.OrIOp),
    prims.PrimsFminOp: _fmax_fmin("gt", arith.MinSIOp, arith.AndIOp),
    prims.PrimsNextafterOp: _nextafter,
    prims.PrimsSignOp: _sign,
    prims.PrimsSignbitOp: _signbit,
}
"""prims class -> its rule (`tile_rules.TILE_RULES` includes them)."""
