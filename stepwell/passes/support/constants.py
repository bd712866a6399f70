"""Constant tensors at the prims level: a `full` or `scalar_tensor` seen through views."""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.codecs import decode

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
