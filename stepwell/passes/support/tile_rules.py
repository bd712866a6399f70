"""Elementwise prims ops as `arith`/`math` ops on tiles: one rule per prims class.

A rule gets the tile operands (already loaded or computed, all of one tile shape) and the
result tile type, appends ops through `b` and returns the result value. An op whose
class has no rule (or whose rule returns None) is not fused: it runs at graph level.
"""

from __future__ import annotations

import math as pymath
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntegerType,
    Signedness,
    TensorType,
    f64,
    i1,
)
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import prims, tile
from stepwell.dialects.prims_support import BitcastOp, CheckIndexOp
from stepwell.ir.types import float_constant, is_float, torch_dtype
from stepwell.passes.support.math_rules import MATH_RULES
from stepwell.passes.support.special_rules import SPECIAL_RULES


@dataclass
class TileBuilder:
    """Collects the ops of a kernel body; `constants` remembers splat values by value."""

    ops: list[Operation] = field(default_factory=list)
    splats: dict[SSAValue, float | int | bool] = field(default_factory=dict)

    def add(self, op: Operation) -> SSAValue:
        """Append `op`; its first result (ops without results return None)."""
        self.ops.append(op)
        return op.results[0] if op.results else cast(SSAValue, None)

    def splat(self, value: float | int | bool, t: Attribute) -> SSAValue:
        tt = cast(TensorType[Attribute], t)
        if is_float(tt.element_type):
            attr = DenseIntOrFPElementsAttr.from_list(tt, [rounded(float(value),
                                                                   tt.element_type)])
        else:  # (as eager fills a bool tensor: any nonzero number is True, 0.5 too)
            value = bool(value) if tt.element_type == i1 else wrapped(int(value), tt.element_type)
            attr = DenseIntOrFPElementsAttr.from_list(tt, [int(value)])
        v = self.add(arith.ConstantOp(attr))
        self.splats[v] = value
        return v


def rounded(value: float, element: Attribute) -> float:
    """`value` for a constant of float type `element`, as eager converts a Python number
    (`types.float_constant`: past the type's range by half an ulp an infinity; packing
    1e5 as a float16 raised OverflowError)."""
    return float_constant(value, torch_dtype(element))


def wrapped(value: int, element: Attribute) -> int:
    """`value` in the range of the integer type `element`, wrapped as eager converts a
    Python number for an integer tensor (`uint8 + -1` adds 255, `int8 + 200` adds -56)."""
    if not isinstance(element, IntegerType) or element.width.data == 1:
        return value
    width = element.width.data
    if element.signedness.data == Signedness.UNSIGNED:
        return value % (1 << width)
    return (value + (1 << (width - 1))) % (1 << width) - (1 << (width - 1))


def _elem(v: SSAValue | Attribute) -> Attribute:
    t = v.type if isinstance(v, SSAValue) else v
    return cast(TensorType[Attribute], t).element_type


Rule = Callable[[TileBuilder, Sequence[SSAValue], Attribute], SSAValue | None]


def _binary(
    float_op: type[Operation],
    int_op: type[Operation] | None,
    bool_op: type[Operation] | None = None,
) -> Rule:
    """One op per element kind; booleans use `bool_op` (default `int_op`), since a 1-bit
    integer add or max wraps or reads true as -1 where PyTorch's bool arithmetic is logic."""

    def rule(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
        elem = _elem(xs[0])
        op = float_op if is_float(elem) else (bool_op or int_op) if elem == i1 else int_op
        if op is None:
            return None
        return b.add(op.create(operands=list(xs), result_types=[t]))

    return rule


def _abs(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """|x|; an unsigned integer is its own (math.absi takes signless integers only)."""
    elem = _elem(xs[0])
    if isinstance(elem, IntegerType) and elem.signedness.data == Signedness.UNSIGNED:
        return xs[0]
    return _binary(math.AbsFOp, math.AbsIOp)(b, xs, t)


def _unary_float(op: type[Operation]) -> Rule:
    def rule(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
        if not is_float(_elem(xs[0])):
            return None
        return b.add(op.create(operands=list(xs), result_types=[t]))

    return rule


def _rounding(op: type[Operation]) -> Rule:
    """floor/ceil/trunc/round: the identity on integers and bools, as in PyTorch."""

    def rule(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
        if not is_float(_elem(xs[0])):
            return xs[0]
        return b.add(op.create(operands=list(xs), result_types=[t]))

    return rule


def _compare(predicate: str) -> Rule:
    def rule(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
        return b.add(tile.CmpOp(predicate, xs[0], xs[1], t))

    return rule


def _where(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    return b.add(tile.SelectOp(*xs))


def _neg(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    if is_float(_elem(xs[0])):
        return b.add(arith.NegfOp.create(operands=[xs[0]], result_types=[t]))
    zero = b.splat(0, t)
    return b.add(arith.SubiOp.create(operands=[zero, xs[0]], result_types=[t]))


def _bitwise_not(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    ones = b.splat(1 if _elem(xs[0]) == i1 else -1, t)
    return b.add(arith.XOrIOp.create(operands=[xs[0], ones], result_types=[t]))


def _pow(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """x ** y on floats: products for the common constant exponents, otherwise
    `_pow_general` (C's pow: a constant 0.5 is no sqrt, which differs at -inf and -0.0;
    the decomposition makes `x ** 0.5` a sqrt where eager does). Integers: `_int_pow` for
    a constant exponent; an exponent tensor declines (it stays at graph level)."""
    x, y = xs
    c = b.splats.get(y)
    if not is_float(_elem(x)):
        return _int_pow(b, x, c, t)
    if c == 2:
        return b.add(arith.MulfOp.create(operands=[x, x], result_types=[t]))
    if c == 3:
        sq = b.add(arith.MulfOp.create(operands=[x, x], result_types=[t]))
        return b.add(arith.MulfOp.create(operands=[sq, x], result_types=[t]))
    if c == 1:
        return x
    return _pow_general(b, x, y, t)


def _int_pow(b: TileBuilder, x: SSAValue, c: float | int | bool | None,
             t: Attribute) -> SSAValue | None:  # fmt: skip
    """x ** c for integer x and a constant integer c >= 0 by square-and-multiply (about
    2·log2(c) products). Products wrap around as eager's do, and x ** 0 is 1, 0 ** 0
    included. Booleans, negative c and exponent tensors decline."""
    if _elem(x) == i1 or c is None or isinstance(c, bool) or c != int(c) or c < 0:
        return None
    n = int(c)
    result: SSAValue | None = None
    square = x
    while n:
        if n & 1:
            result = square if result is None else b.add(arith.MuliOp(result, square))
        n >>= 1
        if n:
            square = b.add(arith.MuliOp(square, square))
    return result if result is not None else b.splat(1, t)


def _pow_general(b: TileBuilder, x: SSAValue, y: SSAValue, t: Attribute) -> SSAValue:
    """C's pow from exp2(y * log2|x|), computed in float64 (so float32 results stay
    correctly rounded to about an ulp): a negative base (-0.0 too) is NaN unless y is an
    integer, when the sign is (-1)**y; x ** 0 and 1 ** y are 1 (also for NaN), (-1) ** ±inf is 1,
    (-inf) ** y is +inf or +0 for any y that is not an odd integer."""
    shape = cast(TensorType[Attribute], t).get_shape()
    wide = TensorType(f64, shape)
    mask = TensorType(i1, shape)
    x64 = b.add(tile.CastOp(x, wide)) if _elem(t) != f64 else x
    y64 = b.add(tile.CastOp(y, wide)) if _elem(t) != f64 else y
    zero, one = b.splat(0.0, wide), b.splat(1.0, wide)
    # (signbit: -0.0 counts, so (-0.0) ** -3 is -inf and (-0.0) ** 5 is -0.0, as C's)
    negative_zero = b.add(arith.AndIOp(
        b.add(tile.CmpOp("eq", x64, zero, mask)),
        b.add(tile.CmpOp("lt", b.add(arith.DivfOp(one, x64)), zero, mask))))  # fmt: skip
    negative = b.add(arith.OrIOp(b.add(tile.CmpOp("lt", x64, zero, mask)), negative_zero))
    integer = b.add(tile.CmpOp("eq", b.add(math.FloorOp(y64)), y64, mask))
    half = b.add(arith.MulfOp(y64, b.splat(0.5, wide)))
    odd = b.add(
        arith.AndIOp(integer, b.add(tile.CmpOp("ne", b.add(math.FloorOp(half)), half, mask)))
    )
    magnitude = b.add(math.AbsFOp(x64))
    # (-inf) ** y is +inf for y > 0 and +0 for y < 0 when y is no odd integer, as C's
    minus_inf = b.add(tile.CmpOp("eq", x64, b.splat(-pymath.inf, wide), mask))
    by_magnitude = b.add(arith.OrIOp(b.add(arith.AndIOp(negative, integer)), minus_inf))
    base = b.add(tile.SelectOp(by_magnitude, magnitude, x64))
    log = b.add(math.Log2Op(base))  # NaN for a negative base with a fractional y
    exponent = b.add(tile.SelectOp(b.add(tile.CmpOp("eq", log, zero, mask)), zero,
                                   b.add(arith.MulfOp(y64, log))))  # fmt: skip
    r = b.add(math.Exp2Op(exponent))
    r = b.add(tile.SelectOp(b.add(arith.AndIOp(negative, odd)), b.add(arith.NegfOp(r)), r))
    trivial = b.add(arith.OrIOp(b.add(tile.CmpOp("eq", y64, zero, mask)),
                                b.add(tile.CmpOp("eq", x64, one, mask))))  # fmt: skip
    r = b.add(tile.SelectOp(trivial, one, r))
    return b.add(tile.CastOp(r, t)) if _elem(t) != f64 else r


def _reciprocal(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    if not is_float(_elem(xs[0])):
        return None
    return b.add(arith.DivfOp(b.splat(1.0, t), xs[0]))


def _fmod(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """C fmod: the remainder takes the dividend's sign (Triton's `%`)."""
    return b.add(tile.RemOp(xs[0], xs[1]))


def _remainder(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """Python's %: the remainder takes the divisor's sign: fmod, then + y when the signs
    of a nonzero remainder and y differ."""
    x, y = xs
    r = b.add(tile.RemOp(x, y))
    zero = b.splat(0, t)
    mask_t = TensorType(i1, cast(TensorType[Attribute], t).get_shape())
    nonzero = b.add(tile.CmpOp("ne", r, zero, mask_t))
    differ = b.add(
        arith.XOrIOp(
            b.add(tile.CmpOp("lt", r, zero, mask_t)), b.add(tile.CmpOp("lt", y, zero, mask_t))
        )
    )
    fix = b.add(arith.AndIOp(nonzero, differ))
    add = arith.AddfOp if is_float(_elem(x)) else arith.AddiOp
    return b.add(tile.SelectOp(fix, b.add(add(r, y)), r))


def _shift(left: bool) -> Rule:
    """`x << s`, `x >> s` (arithmetic for signed x, logical for unsigned), as PyTorch
    computes them for any s: a shift by less than 0 or by the width or more is 0, or for
    a right shift of a signed x its sign (-1 or 0). Triton's shift of such an s is
    undefined, so it shifts by 0 there and the result is selected."""

    def rule(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
        x, s = xs
        element = _elem(x)
        if not isinstance(element, IntegerType) or element == i1:
            return None
        if _elem(s) != element:
            s = b.add(tile.CastOp(s, t))
        width = element.width.data
        mask_t = TensorType(i1, cast(TensorType[Attribute], t).get_shape())
        ok = b.add(arith.AndIOp(b.add(tile.CmpOp("ge", s, b.splat(0, t), mask_t)),
                                b.add(tile.CmpOp("lt", s, b.splat(width, t), mask_t))))  # fmt: skip
        by = b.add(tile.SelectOp(ok, s, b.splat(0, t)))
        unsigned = element.signedness.data == Signedness.UNSIGNED
        if left:
            return b.add(tile.SelectOp(ok, b.add(arith.ShLIOp(x, by)), b.splat(0, t)))
        if unsigned:
            return b.add(tile.SelectOp(ok, b.add(arith.ShRUIOp(x, by)), b.splat(0, t)))
        sign = b.add(arith.ShRSIOp(x, b.splat(width - 1, t)))
        return b.add(tile.SelectOp(ok, b.add(arith.ShRSIOp(x, by)), sign))

    return rule


def _convert(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    """prims.convert_element_type: a cast; to bool it is `x != 0`, as in PyTorch."""
    (x,) = xs
    if _elem(x) == _elem(t):
        return x
    if _elem(t) == i1:
        return b.add(tile.CmpOp("ne", x, b.splat(0, x.type), t))
    return b.add(tile.CastOp(x, t))


def _bitcast(b: TileBuilder, xs: Sequence[SSAValue], t: Attribute) -> SSAValue | None:
    return b.add(arith.BitcastOp(xs[0], t))


TILE_RULES: dict[type[Operation], Rule] = {
    prims.PrimsAddOp: _binary(arith.AddfOp, arith.AddiOp, arith.OrIOp),  # a + b (bools: or)
    prims.PrimsSubOp: _binary(arith.SubfOp, arith.SubiOp, arith.XOrIOp),  # a - b (bools: xor)
    prims.PrimsMulOp: _binary(arith.MulfOp, arith.MuliOp, arith.AndIOp),  # a * b (bools: and)
    prims.PrimsDivOp: _binary(arith.DivfOp, arith.DivSIOp),  # a / b (ints truncate)
    prims.PrimsMaximumOp: _binary(arith.MaximumfOp, arith.MaxSIOp, arith.OrIOp),  # NaN-prop.
    prims.PrimsMinimumOp: _binary(arith.MinimumfOp, arith.MinSIOp, arith.AndIOp),
    prims.PrimsBitwiseAndOp: _binary(arith.AndIOp, arith.AndIOp),  # on ints and bools
    prims.PrimsBitwiseOrOp: _binary(arith.OrIOp, arith.OrIOp),
    prims.PrimsBitwiseXorOp: _binary(arith.XOrIOp, arith.XOrIOp),
    prims.PrimsBitwiseNotOp: _bitwise_not,  # x ^ -1 (x ^ true for bools)
    prims.PrimsShiftLeftOp: _shift(left=True),
    prims.PrimsShiftRightArithmeticOp: _shift(left=False),  # (logical for unsigned)
    prims.PrimsEqOp: _compare("eq"),
    prims.PrimsNeOp: _compare("ne"),  # true for NaN, as in PyTorch
    prims.PrimsLtOp: _compare("lt"),
    prims.PrimsLeOp: _compare("le"),
    prims.PrimsGtOp: _compare("gt"),
    prims.PrimsGeOp: _compare("ge"),
    prims.PrimsWhereOp: _where,  # select
    prims.PrimsNegOp: _neg,
    prims.PrimsAbsOp: _abs,
    prims.PrimsExpOp: _unary_float(math.ExpOp),
    prims.PrimsExp2Op: _unary_float(math.Exp2Op),
    prims.PrimsLogOp: _unary_float(math.LogOp),
    prims.PrimsLog2Op: _unary_float(math.Log2Op),
    prims.PrimsSqrtOp: _unary_float(math.SqrtOp),
    prims.PrimsRsqrtOp: _unary_float(math.RsqrtOp),
    prims.PrimsSinOp: _unary_float(math.SinOp),
    prims.PrimsCosOp: _unary_float(math.CosOp),
    prims.PrimsErfOp: _unary_float(math.ErfOp),
    prims.PrimsFloorOp: _rounding(math.FloorOp),
    prims.PrimsCeilOp: _rounding(math.CeilOp),
    prims.PrimsTruncOp: _rounding(math.TruncOp),  # toward zero
    prims.PrimsRoundOp: _rounding(math.RoundEvenOp),  # half to even, as torch.round
    prims.PrimsPowOp: _pow,  # integers: constant exponents only
    prims.PrimsConvertElementTypeOp: _convert,
    prims.PrimsCloneOp: lambda b, xs, t: xs[0],  # the values (a kernel stores a copy)
    prims.PrimsReciprocalOp: _reciprocal,  # 1 / x
    prims.PrimsFmodOp: _fmod,  # C fmod
    prims.PrimsRemainderOp: _remainder,  # Python %
    BitcastOp: _bitcast,  # the same bits as another type
    CheckIndexOp: lambda b, xs, t: xs[0],  # the index (KernelBuilder adds its tile.assert)
}
TILE_RULES.update(MATH_RULES)
TILE_RULES.update(SPECIAL_RULES)
"""prims class -> rule building its tile computation (formulas for the math core Triton
lacks: `math_rules.py`, and for the special functions: `special_rules.py`)."""
