"""Special functions as formulas over tile ops: the error-function family, the normal
quantile, digamma, Hurwitz's zeta and the Bessel functions.

Each formula computes in float64 and rounds once to the result type (`_float_rule`), as
`math_rules.py` does, so float32 results are within about an ulp of the true value. The
methods are chosen so that a fixed, branch-free sequence of tile ops reaches float64
precision (or close to it) over the whole domain; a kernel then evaluates every branch and
selects per element:

- `erfc`/`erfcx`: `1 - erf(x)` where erfc is not small, the continued fraction
  `erfc(x) = exp(-x^2) / (sqrt(pi) (x + 1/2 / (x + 1 / (x + 3/2 / ...))))` beyond (evaluated
  from a fixed depth, backwards);
- `ndtri` and `erfinv`: a starting point (Abramowitz and Stegun 26.2.23 in the tails, the
  Maclaurin series near 0), then three Halley steps on `erfc` or `erf`, each of which
  triples the number of correct digits;
- `digamma`: the recurrence up by 8, the asymptotic series with Bernoulli numbers, and the
  reflection formula below 0; `zeta(s, q)`: the Euler-Maclaurin sum (24 terms, then 12
  Bernoulli corrections: `q` down to about -15 is exact, as eager's Cephes); `polygamma`
  is `(-1)^(n+1) n! zeta(n+1, x)` in the decompositions;
- the Bessel functions `J0, J1, Y0, Y1` (ordinary) and `I0, I1, K0, K1` (modified): the
  power series for small arguments, Hankel's asymptotic expansions for large ones, and for
  `K` between 2 and 30 the trapezoidal rule on `K_n(x) = int_0^inf exp(-x cosh t) cosh(nt)
  dt`, which converges exponentially. `J`/`Y` near their crossover are good to about
  1e-12 absolute (the series cancels there), everything else to a few float64 ulps. At
  ±inf, `J`, `Y`, `I0` and `I1` are NaN, as eager's (Cephes') are;
- Airy's `Ai`: its power series on [-8, 2], `K_{1/3}` (as above) beyond, and the
  oscillating asymptotic expansion below -8.

Operands that are not floats decline (the decompositions convert integers first).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

from xdsl.ir import Operation

from stepwell.dialects import prims, prims_support
from stepwell.passes.support.math_rules import E, Rule, _float_rule

_SQRT_PI = math.sqrt(math.pi)
_INV_SQRT2 = 1.0 / math.sqrt(2.0)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
_EULER = 0.57721566490153286061
_INF, _NAN = math.inf, math.nan


@cache
def _bernoulli(n: int) -> Fraction:
    """The Bernoulli number B_n (B_1 = -1/2), from the recurrence sum C(n+1, k) B_k = 0."""
    if n == 0:
        return Fraction(1)
    return -sum((math.comb(n + 1, k) * _bernoulli(k) for k in range(n)), Fraction(0)) / (n + 1)


def _horner(u: E, coefficients: Sequence[float]) -> E:
    """sum c_k u^k for coefficients c_0, c_1, ... (evaluated from the highest degree)."""
    acc = u.lift(coefficients[-1])
    for c in reversed(coefficients[:-1]):
        acc = acc * u + c
    return acc


def _is_integer(x: E) -> E:
    return x.cmp("eq", x.floor())


# ---- the error function family ---------------------------------------------------------

_ERFC_CUT = 2.0  # below, 1 - erf(x) keeps 14 digits (erfc(2) = 4.7e-3)
_ERFC_DEPTH = 60  # continued-fraction depth: within 1e-15 from x = 2 on


def _erfc_fraction(a: E) -> E:
    """x + 1/2 / (x + 1 / (x + 3/2 / ...)) (so erfc(x) = exp(-x^2) / (sqrt(pi) * it))."""
    t = a
    for k in range(_ERFC_DEPTH, 0, -1):
        t = a + (0.5 * k) / t
    return t


def erfc(x: E) -> E:
    a = x.abs()
    tail = (-(a * a)).exp() / (_SQRT_PI * _erfc_fraction(a))
    far = x.cmp("lt", 0.0).where(2.0 - tail, tail)
    return a.cmp("lt", _ERFC_CUT).where(1.0 - x.erf(), far)


def erfcx(x: E) -> E:
    """exp(x^2) erfc(x): no overflow for large x (the fraction alone), inf far below 0."""
    near = (x * x).exp() * (1.0 - x.erf())
    return x.cmp("lt", _ERFC_CUT).where(near, 1.0 / (_SQRT_PI * _erfc_fraction(x)))


_AS_P = (2.515517, 0.802853, 0.010328)  # Abramowitz & Stegun 26.2.23, |error| < 4.5e-4
_AS_Q = (1.0, 1.432788, 0.189269, 0.001308)


def _upper_quantile(q: E) -> E:
    """z with Q(z) = q for 0 < q <= 1/2 (Q the normal upper tail): A&S's start, then
    Halley's steps on Q(z) = erfc(z / sqrt 2) / 2 (Q' = -phi, Q'' = z phi)."""
    t = (-2.0 * q.log()).sqrt()
    z = t - _horner(t, _AS_P) / _horner(t, _AS_Q)
    for _ in range(3):
        density = (-0.5 * z * z).exp() * _INV_SQRT_2PI
        u = (0.5 * erfc(z * _INV_SQRT2) - q) / density
        z = z + u / (1.0 - 0.5 * z * u)
    return z


def ndtri(p: E) -> E:
    """The normal quantile: -inf at 0, inf at 1, NaN outside [0, 1]."""
    lower = p.cmp("lt", 0.5)
    z = _upper_quantile(lower.where(p, 1.0 - p))
    r = p.cmp("eq", 0.5).where(0.0, lower.where(-z, z))
    r = p.cmp("eq", 0.0).where(-_INF, p.cmp("eq", 1.0).where(_INF, r))
    return (p.cmp("lt", 0.0) | p.cmp("gt", 1.0)).where(_NAN, r)


def erfinv(y: E) -> E:
    """Halley's steps on erf(x) = |y| from the Maclaurin series below 1/2 (relative
    precision near 0), the normal quantile of (1 - |y|) / 2 above; ±inf at ±1."""
    a = y.abs()
    x = a * (_SQRT_PI / 2) * (1.0 + a * a * (math.pi / 12 + a * a * (7 * math.pi**2 / 480)))
    for _ in range(3):
        v = (x.erf() - a) / ((2.0 / _SQRT_PI) * (-(x * x)).exp())
        x = x - v / (1.0 + x * v)
    r = a.cmp("lt", 0.5).where(x, _upper_quantile(0.5 * (1.0 - a)) * _INV_SQRT2)
    r = a.cmp("eq", 1.0).where(_INF, a.cmp("gt", 1.0).where(_NAN, r))
    return r.copysign_of(y)


# ---- digamma and zeta ------------------------------------------------------------------

_DIGAMMA_SHIFT = 8  # psi(x) = psi(x + 8) - sum 1/(x + k): the series is exact from 8 on
_DIGAMMA_SERIES = tuple(float(_bernoulli(2 * k) / (2 * k)) for k in range(1, 8))


def digamma(x: E) -> E:
    """psi(x); below 0, psi(1 - x) - pi / tan(pi x) (tan of x's distance to the nearest
    integer, exact); NaN at the negative integers, -inf at +0 and inf at -0 (as eager)."""
    reflect = x.cmp("lt", 0.0)
    w = reflect.where(1.0 - x, x)
    z = w + float(_DIGAMMA_SHIFT)
    zz = 1.0 / (z * z)
    psi = z.log() - 0.5 / z - zz * _horner(zz, _DIGAMMA_SERIES)
    for k in range(_DIGAMMA_SHIFT):
        psi = psi - 1.0 / (w + float(k))
    f = math.pi * (x - (x + 0.5).floor())
    r = reflect.where(psi - math.pi * f.cos() / f.sin(), psi)
    r = x.cmp("eq", 0.0).where(x.signbit().where(x.lift(_INF), -_INF), r)
    return (reflect & _is_integer(x)).where(_NAN, r)


_ZETA_TERMS = 24
_MACHEP = 1.11022302462515654042e-16  # Cephes' machine epsilon, as eager's zeta uses it
_ZETA_FACTORS = tuple(
    float(math.factorial(2 * i + 2) / _bernoulli(2 * i + 2)) for i in range(12)
)  # (2i + 2)! / B_{2i+2}: 12, -720, 30240, ...


def zeta(s: E, q: E) -> E:
    """Hurwitz's zeta, sum over k >= 0 of (q + k)^-s, with Cephes' domain: inf at s = 1
    and at q a non-positive integer, NaN for s < 1 and for q < 0 with a fractional s."""
    odd = _is_integer(s) & (s * 0.5).floor().cmp("ne", s * 0.5)

    def power(a: E) -> E:  # a^-s, signed for a < 0 (s is an integer there); 1 for |a| = 1
        log = a.abs().log()
        m = log.cmp("eq", 0.0).where(log.lift(1.0), (-(s * log)).exp())
        return (a.cmp("lt", 0.0) & odd).where(-m, m)

    head = power(q)
    early = None  # Cephes returns the head once a term is negligible beside it
    for k in range(1, _ZETA_TERMS + 1):
        term = power(q + float(k))
        head = head + term
        negligible = term.cmp("lt", head * _MACHEP) & (-(head * _MACHEP)).cmp("lt", term)
        early = negligible if early is None else early | negligible
    assert early is not None
    w = q + float(_ZETA_TERMS)
    b = power(w)
    total = head + b * w / (s - 1.0) - 0.5 * b
    rising = s.lift(1.0)  # s (s + 1) ... (s + 2i), built up two factors a step
    for i, factor in enumerate(_ZETA_FACTORS):
        rising = rising * (s + float(2 * i))
        b = b / w
        total = total + rising * b / factor
        rising = rising * (s + float(2 * i + 1))
        b = b / w
    # as Cephes: the head when a term was negligible beside it (zeta(inf, 1) is 1, not
    # the tail's inf * 0), else the head and the tail (NaN for zeta(inf, 2), as eager)
    total = early.where(head, total)
    # Cephes' order: s = 1, then s < 1, then q a pole, then q <= 0 with a fractional s
    r = (q.cmp("le", 0.0) & s.cmp("ne", s.floor())).where(_NAN, total)
    r = (q.cmp("le", 0.0) & _is_integer(q)).where(_INF, r)
    r = s.cmp("lt", 1.0).where(_NAN, r)
    return s.cmp("eq", 1.0).where(_INF, r)


# ---- Bessel functions ------------------------------------------------------------------

_J_CUT = 14.0  # the series below, Hankel's expansion above (both ~1e-12 absolute there)
_J_TERMS = 34
_HANKEL_TERMS = 28
_I_CUT = 30.0
_I_TERMS = 50
_I_ASYMPTOTIC_TERMS = 20
_K_SERIES_CUT = 2.0
_K_TERMS = 25
_K_STEP = 0.125  # the trapezoidal rule's step and number of nodes (t up to 4)
_K_NODES = 32


def _series_coefficients(nu: int, sign: int, n: int) -> tuple[float, ...]:
    """sign^k / (k! (k + nu)!): the power series of J_nu (sign -1) or I_nu (+1) in x^2/4."""
    return tuple(sign**k / (math.factorial(k) * math.factorial(k + nu)) for k in range(n))


def _harmonic(k: int) -> float:
    return math.fsum(1.0 / j for j in range(1, k + 1))


def _hankel_terms(nu: int, u: E, n: int) -> list[E]:
    """a_k(nu) u^k for k < n (u = 1/x): a_k = prod_j (4 nu^2 - (2j - 1)^2) / (k! 8^k)."""
    terms, c = [u.lift(1.0)], u.lift(1.0)
    for k in range(1, n):
        c = c * u * ((4.0 * nu * nu - (2.0 * k - 1.0) ** 2) / (8.0 * k))
        terms.append(c)
    return terms


def _hankel(nu: int, a: E) -> tuple[E, E]:
    """(J_nu(a), Y_nu(a)) for large a: sqrt(2/(pi a)) (P cos chi - Q sin chi) and
    (P sin chi + Q cos chi) with chi = a - (nu/2 + 1/4) pi, the sines and cosines of chi
    taken from those of a (no rounding of a - pi/4)."""
    terms = _hankel_terms(nu, 1.0 / a, _HANKEL_TERMS)
    p, q = a.lift(0.0), a.lift(0.0)
    for k, t in enumerate(terms):
        sign = -1.0 if (k // 2) % 2 else 1.0
        if k % 2:
            q = q + sign * t
        else:
            p = p + sign * t
    s, c = a.sin() * _INV_SQRT2, a.cos() * _INV_SQRT2
    cos_chi, sin_chi = (c + s, s - c) if nu == 0 else (s - c, -(s + c))
    amplitude = (2.0 / math.pi / a).sqrt()
    return amplitude * (p * cos_chi - q * sin_chi), amplitude * (p * sin_chi + q * cos_chi)


def _j_series(nu: int, a: E) -> E:
    u = -(a * a) * 0.25
    s = _horner(u, _series_coefficients(nu, 1, _J_TERMS))
    return s if nu == 0 else s * a * 0.5


def _bessel_j(nu: int) -> Callable[[E], E]:
    def j(x: E) -> E:
        a = x.abs()
        r = a.cmp("lt", _J_CUT).where(_j_series(nu, a), _hankel(nu, a)[0])
        return r if nu == 0 else x.signbit().where(-r, r)  # NaN at ±inf, as eager

    return j


def _y_series(nu: int, a: E) -> E:
    """Y_0 and Y_1 from their series (DLMF 10.8.1), the harmonic numbers as constants."""
    u = -(a * a) * 0.25
    log_half = (a * 0.5).log()
    if nu == 0:
        coefficients = [_harmonic(k) / math.factorial(k) ** 2 for k in range(_J_TERMS)]
        return (2.0 / math.pi) * ((log_half + _EULER) * _j_series(0, a) - _horner(u, coefficients))
    coefficients = [
        (2.0 * _harmonic(k) + 1.0 / (k + 1) - 2.0 * _EULER)
        / (math.factorial(k) * math.factorial(k + 1))
        for k in range(_J_TERMS)
    ]
    return (
        (-2.0 / math.pi) / a
        + (2.0 / math.pi) * log_half * _j_series(1, a)
        - (a / (2.0 * math.pi)) * _horner(u, coefficients)
    )


def _bessel_y(nu: int) -> Callable[[E], E]:
    def y(x: E) -> E:
        r = x.cmp("lt", _J_CUT).where(_y_series(nu, x), _hankel(nu, x)[1])
        r = x.cmp("eq", 0.0).where(-_INF, r)
        return x.cmp("lt", 0.0).where(_NAN, r)  # and NaN at inf, as eager

    return y


def _scaled_i(nu: int, a: E) -> E:
    """exp(-a) I_nu(a) for a >= 0: the series below 30, the asymptotic expansion above."""
    u = a * a * 0.25
    series = _horner(u, _series_coefficients(nu, 1, _I_TERMS)) * (-a).exp()
    if nu == 1:
        series = series * a * 0.5
    terms = _hankel_terms(nu, 1.0 / a, _I_ASYMPTOTIC_TERMS)
    total = a.lift(0.0)
    for k, t in enumerate(terms):
        total = total + (-t if k % 2 else t)
    asymptotic = total / (2.0 * math.pi * a).sqrt()
    r = a.cmp("lt", _I_CUT).where(series, asymptotic)
    return a.cmp("eq", _INF).where(0.0, r)


def _bessel_i(nu: int, scaled: bool) -> Callable[[E], E]:
    def i(x: E) -> E:
        a = x.abs()
        r = _scaled_i(nu, a)
        if not scaled:  # exp(a) I: exp(a - log(...)) in the asymptotic branch, no overflow
            r = a.cmp("lt", _I_CUT).where(r * a.exp(), (r.log() + a).exp())
            r = a.cmp("eq", _INF).where(_NAN, r)  # as eager
        return r if nu == 0 else x.cmp("lt", 0.0).where(-r, r)

    return i


def _k_series(nu: int, x: E) -> E:
    """K_0 and K_1 from their series (DLMF 10.31.1) for small x."""
    u = x * x * 0.25
    log_half = (x * 0.5).log()
    i_series = _horner(u, _series_coefficients(nu, 1, _K_TERMS))
    if nu == 0:
        coefficients = [_harmonic(k) / math.factorial(k) ** 2 for k in range(_K_TERMS)]
        return -(log_half + _EULER) * i_series + _horner(u, coefficients)
    coefficients = [
        (2.0 * _harmonic(k) + 1.0 / (k + 1) - 2.0 * _EULER)
        / (math.factorial(k) * math.factorial(k + 1))
        for k in range(_K_TERMS)
    ]
    return 1.0 / x + log_half * i_series * x * 0.5 - x * 0.25 * _horner(u, coefficients)


def _scaled_k_integral(nu: int, x: E) -> E:
    """exp(x) K_nu(x) = int_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt by the trapezoidal
    rule (exponentially convergent for this integrand; exact to 1e-16 on [2, 30])."""
    total = x.lift(0.5)
    for j in range(1, _K_NODES + 1):
        t = j * _K_STEP
        total = total + (x * (1.0 - math.cosh(t))).exp() * math.cosh(nu * t)
    return total * _K_STEP


def _scaled_k(nu: int, x: E) -> E:
    """exp(x) K_nu(x) for x > 0 over the three ranges."""
    terms = _hankel_terms(nu, 1.0 / x, _I_ASYMPTOTIC_TERMS)
    total = x.lift(0.0)
    for t in terms:
        total = total + t
    asymptotic = total * (math.pi / 2.0 / x).sqrt()
    r = x.cmp("lt", _I_CUT).where(_scaled_k_integral(nu, x), asymptotic)
    return x.cmp("lt", _K_SERIES_CUT).where(_k_series(nu, x) * x.exp(), r)


def _bessel_k(nu: int, scaled: bool) -> Callable[[E], E]:
    def k(x: E) -> E:
        r = _scaled_k(nu, x)
        if not scaled:
            r = x.cmp("lt", _K_SERIES_CUT).where(_k_series(nu, x), r * (-x).exp())
        r = x.cmp("eq", 0.0).where(_INF, x.cmp("eq", _INF).where(0.0, r))
        return x.cmp("lt", 0.0).where(_NAN, r)

    return k


_AIRY_AI0 = 0.355028053887817239260  # Ai(0)
_AIRY_DAI0 = 0.258819403792806798405  # -Ai'(0)
_AIRY_TERMS = 28
_AIRY_SERIES = (-8.0, 2.0)  # the power series between these (cancellation stays < 1e-10)
_AIRY_K_CUT = 30.0  # zeta beyond which K_{1/3} takes its asymptotic expansion


def _airy_coefficients(first: int) -> tuple[float, ...]:
    """The power series of Ai's two solutions in z = x^3: 1, 1/(2*3), 1/(2*3*5*6), ...
    (`first` = 2), and 1, 1/(3*4), 1/(3*4*6*7), ... (`first` = 3)."""
    c = [1.0]
    for k in range(1, _AIRY_TERMS):
        c.append(c[-1] / ((3 * k + first - 3) * (3 * k + first - 2)))
    return tuple(c)


def _airy_u(n: int) -> list[float]:
    """u_k of Ai's asymptotic expansions (DLMF 9.7.2): (2k+1)(2k+3)...(6k-1) / (216^k k!)."""
    u = [1.0]
    for k in range(1, n):
        u.append(u[-1] * (6 * k - 5) * (6 * k - 3) * (6 * k - 1) / ((2 * k - 1) * 216 * k))
    return u


def airy_ai(x: E) -> E:
    """Ai(x): the power series on [-8, 2]; above, (1/pi) sqrt(x/3) K_{1/3}(zeta) with
    zeta = 2/3 x^(3/2) (K by the trapezoidal rule, or its asymptotic expansion past 30);
    below, the oscillating asymptotic expansion (DLMF 9.7.9). NaN at ±inf, as eager."""
    z = x * x * x
    series = _AIRY_AI0 * _horner(z, _airy_coefficients(2)) - _AIRY_DAI0 * x * _horner(
        z, _airy_coefficients(3)
    )
    a = x.abs()
    zeta = (2.0 / 3.0) * a * a.sqrt()
    nu = 1.0 / 3.0
    total = zeta.lift(0.0)
    for t in _hankel_terms(nu, 1.0 / zeta, _I_ASYMPTOTIC_TERMS):  # (a_k(nu) of 4 nu^2)
        total = total + t
    scaled_k = zeta.cmp("lt", _AIRY_K_CUT).where(
        _scaled_k_integral(nu, zeta), total * (math.pi / 2.0 / zeta).sqrt()
    )
    positive = (x / 3.0).sqrt() * (-zeta).exp() * scaled_k * (1.0 / math.pi)
    u = _airy_u(_HANKEL_TERMS)
    p, q, power = zeta.lift(0.0), zeta.lift(0.0), zeta.lift(1.0)
    inv = 1.0 / zeta
    for k, uk in enumerate(u):
        sign = -1.0 if (k // 2) % 2 else 1.0
        if k % 2:
            q = q + power * (sign * uk)
        else:
            p = p + power * (sign * uk)
        power = power * inv
    s, c = zeta.sin() * _INV_SQRT2, zeta.cos() * _INV_SQRT2
    negative = (p * (s + c) - q * (c - s)) / (_SQRT_PI * a.sqrt().sqrt())
    inside = x.cmp("ge", _AIRY_SERIES[0]) & x.cmp("le", _AIRY_SERIES[1])
    r = inside.where(series, x.cmp("gt", 0.0).where(positive, negative))
    return a.cmp("eq", _INF).where(_NAN, r)


def spherical_bessel_j0(x: E) -> E:
    """sin(x) / x: 1 at 0, 0 at ±inf."""
    r = x.cmp("eq", 0.0).where(1.0, x.sin() / x)
    return x.abs().cmp("eq", _INF).where(0.0, r)


SPECIAL_FORMULAS: dict[type[Operation], Callable[..., E]] = {
    prims.PrimsErfcOp: erfc,
    prims.PrimsErfcxOp: erfcx,
    prims.PrimsErfInvOp: erfinv,
    prims.PrimsNdtriOp: ndtri,
    prims.PrimsDigammaOp: digamma,
    prims.PrimsZetaOp: zeta,
    prims.PrimsBesselJ0Op: _bessel_j(0),
    prims.PrimsBesselJ1Op: _bessel_j(1),
    prims_support.BesselY0Op: _bessel_y(0),
    prims_support.BesselY1Op: _bessel_y(1),
    prims.PrimsBesselI0Op: _bessel_i(0, scaled=False),
    prims.PrimsBesselI1Op: _bessel_i(1, scaled=False),
    prims.PrimsBesselI0eOp: _bessel_i(0, scaled=True),
    prims.PrimsBesselI1eOp: _bessel_i(1, scaled=True),
    prims_support.ModifiedBesselK0Op: _bessel_k(0, scaled=False),
    prims_support.ModifiedBesselK1Op: _bessel_k(1, scaled=False),
    prims_support.ScaledModifiedBesselK0Op: _bessel_k(0, scaled=True),
    prims_support.ScaledModifiedBesselK1Op: _bessel_k(1, scaled=True),
    prims.PrimsSphericalBesselJ0Op: spherical_bessel_j0,
    prims_support.AiryAiOp: airy_ai,
}
"""prims class -> its formula over `E` values (float64)."""

SPECIAL_RULES: dict[type[Operation], Rule] = {
    cls: _float_rule(formula) for cls, formula in SPECIAL_FORMULAS.items()
}
"""prims class -> its tile rule (`tile_rules.TILE_RULES` includes them)."""
