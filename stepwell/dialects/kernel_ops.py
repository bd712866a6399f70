"""The pointwise ops of a `tile.kernel` body and the kinds of `tile.reduce`, each defined
once, with everything every level needs.

A pointwise op's entry (`POINTWISE`) holds its Triton expression (the emitter's rule),
its meaning on torch tensors (the tile interpreter's) and, for integer arithmetic, its
meaning on `index` scalars. A reduction kind (`REDUCE_KINDS`) holds its identity (what a
masked lane contributes), its Triton call, its torch function and the pointwise op that
combines two partial results (looped kernels). The verifiers (`tile.kernel`,
`tile.reduce`), the interpreter, the emitter and the kernel builder all read these
tables, and `tests/python/test_tile_interpreter.py` walks them: adding an op or a kind
is one entry here (plus the prims rule that produces it, in `passes/support/tile_rules.py`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import torch
from xdsl.dialects import arith, scf
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import IntegerType, TensorType
from xdsl.ir import Attribute, Operation

from stepwell.dialects import tile
from stepwell.ir.types import is_float, torch_dtype

TritonExpr = Callable[[Sequence[str], Operation], str]
"""(the operands' Python names, the op) -> the Triton expression of its result."""
TorchFn = Callable[[Operation], Callable[..., torch.Tensor]]
"""the op -> the torch function computing it on tile values (masks are ANDed)."""

TL_TYPES = {
    "f64": "tl.float64", "f32": "tl.float32", "f16": "tl.float16", "bf16": "tl.bfloat16",
    "i64": "tl.int64", "i32": "tl.int32", "i16": "tl.int16", "i8": "tl.int8",
    "ui8": "tl.uint8", "i1": "tl.int1",
}  # fmt: skip


def tl_type(t: Attribute) -> str:
    """The `tl.*` dtype of an element type."""
    return TL_TYPES[str(t)]


@dataclass(frozen=True)
class Pointwise:
    """One pointwise kernel-body op: its Triton expression, its torch meaning and (integer
    arithmetic only) its meaning on `index` scalars, which hand-written kernels use."""

    triton: TritonExpr
    torch: TorchFn
    index: Callable[[int, int], int] | None = None


def infix(symbol: str) -> TritonExpr:
    return lambda xs, op: f"{xs[0]} {symbol} {xs[1]}"


def call(fn: str) -> TritonExpr:
    return lambda xs, op: f"{fn}({', '.join(xs)})"


def _nan_propagating(fn: str) -> TritonExpr:
    """tl.maximum/tl.minimum return the other operand for a NaN unless told otherwise;
    `prims.maximum` propagates NaN, as `torch.maximum` does."""
    return lambda xs, op: f"{fn}({xs[0]}, {xs[1]}, propagate_nan=tl.PropagateNan.ALL)"


def _element(t: Attribute) -> Attribute:
    return cast(TensorType[Attribute], t).element_type


_FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


_MANTISSA_BITS = {"f16": 10, "bf16": 7, "f32": 23, "f64": 52}


def _round_half_even(xs: Sequence[str], op: Operation) -> str:
    """Round half to even from floor (no libdevice in Triton's interpreter): r =
    floor(x + 0.5), one less when x was a tie and r is odd; |x| >= 2^mantissa is an
    integer already (x + 0.5 would round); a zero keeps x's sign (round(-0.3) is -0.0)."""
    x = xs[0]
    big = 2.0 ** _MANTISSA_BITS[str(_element(op.results[0].type))]
    r = f"tl.floor({x} + 0.5)"
    even = f"tl.where(({r} - {x} == 0.5) & ({r} % 2 != 0), {r} - 1, {r})"
    return f"tl.where(tl.abs({x}) >= {big}, {x}, tl.where({even} == 0, {x} * 0, {even}))"


def _cast(xs: Sequence[str], op: Operation) -> str:
    """`.to(dtype)`; float narrowing rounds to nearest even, as PyTorch does."""
    src, dst = _element(op.operands[0].type), _element(op.results[0].type)
    narrowing = is_float(src) and is_float(dst) and _FLOAT_BITS[str(dst)] < _FLOAT_BITS[str(src)]
    rounding = ', fp_downcast_rounding="rtne"' if narrowing else ""
    return f"{xs[0]}.to({tl_type(dst)}{rounding})"


def _to(op: Operation) -> Callable[..., torch.Tensor]:
    dtype = torch_dtype(_element(op.results[0].type))
    return lambda x: x.to(dtype)


def _bitcast(xs: Sequence[str], op: Operation) -> str:
    return f"{xs[0]}.to({tl_type(_element(op.results[0].type))}, bitcast=True)"


def _reinterpret(op: Operation) -> Callable[..., torch.Tensor]:
    dtype = torch_dtype(_element(op.results[0].type))
    return lambda x: x.view(dtype)


def _cmp_triton(xs: Sequence[str], op: Operation) -> str:
    predicate = cast(tile.CmpOp, op).predicate.data
    return f"{xs[0]} {tile.CMP_PREDICATES[predicate]} {xs[1]}"


_CMP: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "eq": torch.eq, "ne": torch.ne, "lt": torch.lt, "le": torch.le, "gt": torch.gt, "ge": torch.ge,
}  # fmt: skip


def _div_trunc(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Integer division rounding toward zero; lanes dividing by 0 give 0 (torch raises)."""
    zero = b == 0
    return torch.where(zero, 0, torch.div(a, torch.where(zero, 1, b), rounding_mode="trunc"))


def _rem(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    zero = b == 0
    return torch.where(zero, 0, torch.fmod(a, torch.where(zero, 1, b)))


def _index_div(a: int, b: int) -> int:
    return (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1)


def _same(fn: Callable[..., torch.Tensor]) -> TorchFn:
    return lambda op: fn


POINTWISE: dict[type[Operation], Pointwise] = {
    arith.AddfOp: Pointwise(infix("+"), _same(torch.add)),
    arith.AddiOp: Pointwise(infix("+"), _same(torch.add), lambda a, b: a + b),
    arith.SubfOp: Pointwise(infix("-"), _same(torch.sub)),
    arith.SubiOp: Pointwise(infix("-"), _same(torch.sub), lambda a, b: a - b),
    arith.MulfOp: Pointwise(infix("*"), _same(torch.mul)),
    arith.MuliOp: Pointwise(infix("*"), _same(torch.mul), lambda a, b: a * b),
    arith.DivfOp: Pointwise(infix("/"), _same(torch.div)),
    arith.DivSIOp: Pointwise(infix("//"), _same(_div_trunc), _index_div),
    arith.RemSIOp: Pointwise(infix("%"), _same(_rem), lambda a, b: a - _index_div(a, b) * b),
    arith.AndIOp: Pointwise(infix("&"), _same(torch.bitwise_and)),
    arith.OrIOp: Pointwise(infix("|"), _same(torch.bitwise_or)),
    arith.XOrIOp: Pointwise(infix("^"), _same(torch.bitwise_xor)),
    # (shifts by 0 <= s < the width only: tile_rules.py `_shift` masks the others)
    arith.ShLIOp: Pointwise(infix("<<"), _same(torch.bitwise_left_shift)),
    arith.ShRSIOp: Pointwise(infix(">>"), _same(torch.bitwise_right_shift)),  # signed
    arith.ShRUIOp: Pointwise(infix(">>"), _same(torch.bitwise_right_shift)),  # unsigned
    arith.MaximumfOp: Pointwise(_nan_propagating("tl.maximum"), _same(torch.maximum)),
    arith.MinimumfOp: Pointwise(_nan_propagating("tl.minimum"), _same(torch.minimum)),
    arith.MaxSIOp: Pointwise(call("tl.maximum"), _same(torch.maximum), max),
    arith.MinSIOp: Pointwise(call("tl.minimum"), _same(torch.minimum), min),
    arith.NegfOp: Pointwise(lambda xs, op: f"-{xs[0]}", _same(torch.neg)),
    arith.ExtFOp: Pointwise(_cast, _to),
    arith.TruncFOp: Pointwise(_cast, _to),
    tile.CastOp: Pointwise(_cast, _to),
    arith.BitcastOp: Pointwise(_bitcast, _reinterpret),  # the same bits as another type
    tile.CmpOp: Pointwise(_cmp_triton, lambda op: _CMP[cast(tile.CmpOp, op).predicate.data]),
    tile.SelectOp: Pointwise(call("tl.where"), _same(torch.where)),
    tile.RemOp: Pointwise(infix("%"), _same(torch.fmod)),  # the dividend's sign
    xmath.ExpOp: Pointwise(call("tl.exp"), _same(torch.exp)),
    xmath.Exp2Op: Pointwise(call("tl.exp2"), _same(torch.exp2)),
    xmath.LogOp: Pointwise(call("tl.log"), _same(torch.log)),
    xmath.Log2Op: Pointwise(call("tl.log2"), _same(torch.log2)),
    xmath.SqrtOp: Pointwise(call("tl.sqrt"), _same(torch.sqrt)),
    xmath.RsqrtOp: Pointwise(call("tl.rsqrt"), _same(torch.rsqrt)),
    xmath.SinOp: Pointwise(call("tl.sin"), _same(torch.sin)),
    xmath.CosOp: Pointwise(call("tl.cos"), _same(torch.cos)),
    xmath.TanhOp: Pointwise(lambda xs, op: f"2 * tl.sigmoid(2 * {xs[0]}) - 1", _same(torch.tanh)),
    xmath.ErfOp: Pointwise(call("tl.erf"), _same(torch.erf)),
    xmath.FloorOp: Pointwise(call("tl.floor"), _same(torch.floor)),
    xmath.CeilOp: Pointwise(call("tl.ceil"), _same(torch.ceil)),
    xmath.RoundEvenOp: Pointwise(_round_half_even, _same(torch.round)),
    xmath.TruncOp: Pointwise(
        lambda xs, op: f"tl.where({xs[0]} < 0, tl.ceil({xs[0]}), tl.floor({xs[0]}))",
        _same(torch.trunc),
    ),
    xmath.AbsFOp: Pointwise(call("tl.abs"), _same(torch.abs)),
    xmath.AbsIOp: Pointwise(call("tl.abs"), _same(torch.abs)),
}
"""op class -> its definition. The Triton source uses core `triton.language` only (no
libdevice: Triton's interpreter lacks it), hence tanh through sigmoid and trunc by sign."""


@dataclass(frozen=True)
class ReduceKind:
    """One `tile.reduce` kind. `identity`: "zero", "one", "low" (the element type's
    lowest value: -inf, the integer minimum, false) or "high"."""

    triton: str
    torch: Callable[[torch.Tensor, int], torch.Tensor]
    identity: str
    combine_float: type[Operation] | None = None
    combine_int: type[Operation] | None = None
    combine_bool: type[Operation] | None = None


REDUCE_KINDS: dict[str, ReduceKind] = {
    "sum": ReduceKind(
        "tl.sum({x}, axis={axis}, keep_dims=True)",
        lambda x, axis: x.sum(axis, keepdim=True, dtype=x.dtype),
        "zero", arith.AddfOp, arith.AddiOp, arith.OrIOp,
    ),
    "prod": ReduceKind(
        "tl.reduce({x}, {axis}, _stepwell_mul, keep_dims=True)",
        lambda x, axis: x.prod(axis, keepdim=True, dtype=x.dtype),
        "one", arith.MulfOp, arith.MuliOp, arith.AndIOp,
    ),
    "max": ReduceKind(
        "tl.max({x}, axis={axis}, keep_dims=True)",
        lambda x, axis: x.amax(axis, keepdim=True),
        "low", arith.MaximumfOp, arith.MaxSIOp, arith.OrIOp,
    ),
    "min": ReduceKind(
        "tl.min({x}, axis={axis}, keep_dims=True)",
        lambda x, axis: x.amin(axis, keepdim=True),
        "high", arith.MinimumfOp, arith.MinSIOp, arith.AndIOp,
    ),
    "argmax": ReduceKind(  # the lane's index along the tile axis
        "tl.argmax({x}, axis={axis}, keep_dims=True)",
        lambda x, axis: x.argmax(axis, keepdim=True),
        "low",
    ),
    "argmin": ReduceKind(
        "tl.argmin({x}, axis={axis}, keep_dims=True)",
        lambda x, axis: x.argmin(axis, keepdim=True),
        "high",
    ),
}  # fmt: skip
"""reduction kind -> its definition."""


def identity(kind: str, element: Attribute) -> float | int:
    """The value a masked lane takes so that it cannot change a `kind` reduction over
    `element`s (and the value a looped reduction starts from)."""
    which = REDUCE_KINDS[kind].identity
    if which in ("zero", "one"):
        return 0 if which == "zero" else 1
    high = which == "high"
    if is_float(element):
        return math.inf if high else -math.inf
    if isinstance(element, IntegerType) and element.width.data == 1:
        return int(high)
    info = torch.iinfo(torch_dtype(element))
    return info.max if high else info.min


def combine(kind: str, element: Attribute) -> type[Operation]:
    """The pointwise op that combines two partial `kind` results over `element`s."""
    k = REDUCE_KINDS[kind]
    if is_float(element):
        op = k.combine_float
    elif isinstance(element, IntegerType) and element.width.data == 1:
        op = k.combine_bool
    else:
        op = k.combine_int
    if op is None:
        raise ValueError(f"a '{kind}' reduction has no combining op (it is not looped)")
    return op


STRUCTURAL: frozenset[type[Operation]] = frozenset(
    {
        tile.ProgramIdOp, tile.LanesOp, tile.SplatOp, tile.LoadOp, tile.StoreOp, tile.ReduceOp,
        tile.BroadcastOp, tile.DotOp, tile.GatherOp, tile.ScatterOp, tile.AssertOp, tile.ScanOp,
        tile.ScanIndexOp,
        tile.SortOp, tile.PartOp, arith.ConstantOp, scf.ForOp, scf.YieldOp,
    }
)  # fmt: skip
"""The kernel-body ops that are not pointwise: the emitter and the interpreter have a
rule of their own for each (scf.yield is emitted by scf.for's rule)."""


def kernel_body_ops() -> frozenset[type[Operation]]:
    """Every op a `tile.kernel` body may hold; the kernel verifier refuses any other."""
    return STRUCTURAL | frozenset(POINTWISE)
