"""Constant tensors at the prims level: a `full` or `scalar_tensor` seen through views."""

from __future__ import annotations

from typing import cast

from xdsl.dialects.builtin import FloatAttr, IntAttr, IntegerAttr, StringAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.codecs import decode
from stepwell.dialects.torch_support import SymAttr
from stepwell.ir.types import int_array, is_float

TRANSPARENT = (
    prims.PrimsBroadcastInDimOp,
    prims.PrimsConvertElementTypeOp,
    prims.PrimsReshapeOp,
    prims.PrimsCollapseOp,
    prims.PrimsSplitDimOp,
    prims.PrimsSqueezeOp,
)
"""Ops that keep a tensor filled with one number filled with that number."""


def splat(v: SSAValue) -> float | None:
    """The number a constant tensor is filled with (`prims.full`, `prims.scalar_tensor`,
    seen through broadcasts, reshapes and casts), else None."""
    op = v.owner if isinstance(v.owner, Operation) else None
    while isinstance(op, TRANSPARENT):
        owner = op.operands[0].owner
        op = owner if isinstance(owner, Operation) else None
    if isinstance(op, prims.PrimsFullOp) and not op.operands:
        return float(decode(op.fill_value))
    if isinstance(op, prims.PrimsScalarTensorOp) and not op.operands:
        return float(decode(op.s))
    return None


def full_op(t: Attribute, value: float | SSAValue) -> prims.PrimsFullOp:
    """`prims.full` of tensor type `t` filled with `value` (as t's element kind), or with
    the size an `i64` value holds (size arithmetic: `fill_value = #torch.sym<0>`)."""
    tt = cast(TensorType[Attribute], t)
    el = tt.element_type
    if isinstance(value, SSAValue):
        return prims.PrimsFullOp.make(
            [tt], sym_args=[value], shape=int_array(list(tt.get_shape())),
            fill_value=SymAttr(IntAttr(0)), dtype=el, device=StringAttr("cpu"),
            requires_grad=IntegerAttr.from_bool(False),
        )  # fmt: skip
    if is_float(el):
        fill: Attribute = FloatAttr(value, 64)
    elif str(el) == "i1":
        fill = IntegerAttr.from_bool(bool(value))
    else:
        fill = IntegerAttr(int(value), 64)
    return prims.PrimsFullOp.make(
        [tt], shape=int_array(list(tt.get_shape())), fill_value=fill, dtype=el,
        device=StringAttr("cpu"), requires_grad=IntegerAttr.from_bool(False),
    )  # fmt: skip


def fill_size(op: object) -> SSAValue | None:
    """The `i64` size value a `prims.full` is filled with (`full sym(%n)`, `fill_value =
    #torch.sym<0>`, `%n` size arithmetic on the size arguments), else None."""
    from stepwell.passes.support.symbolic import scalar_size

    if not (isinstance(op, prims.PrimsFullOp) and len(op.operands) == 1
            and isinstance(op.fill_value, SymAttr)):  # fmt: skip
        return None
    return op.operands[0] if scalar_size(op.operands[0]) is not None else None
