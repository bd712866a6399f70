"""canonicalize-prims: remove what decomposition leaves behind at the prims level.

PyTorch's decompositions are written for generality: `addmm` multiplies by `beta = 1`,
`to(dtype)` converts to the dtype a value already has, `view` reshapes to the same shape.
Each pattern below removes one such no-op, so fusion sees the real computation.
Duplicate ops (the same `prims.full` made twice) are merged by `cse` afterwards: every
prims op is pure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from stepwell.dialects import prims
from stepwell.dialects.tile import int_list
from stepwell.ir.types import int_array
from stepwell.passes.support.constants import splat
from stepwell.passes.support.dce import erase_dead_prims


def _shape(v: SSAValue) -> tuple[int, ...]:
    return tuple(cast(TensorType[Attribute], v.type).get_shape())


def _identity_operand(op: Operation) -> SSAValue | None:
    """The operand `op` returns unchanged, if it is a no-op."""
    x = op.operands[0] if op.operands else None
    if x is None or x.type != op.results[0].type:
        return None
    match op:
        case prims.PrimsMulOp() | prims.PrimsDivOp() if splat(op.operands[1]) == 1:
            return x  # x * 1 -> x, x / 1 -> x
        case prims.PrimsMulOp() if splat(x) == 1 and op.operands[1].type == op.results[0].type:
            return op.operands[1]  # 1 * x -> x
        case prims.PrimsAddOp() | prims.PrimsSubOp() if splat(op.operands[1]) == 0:
            return x  # x + 0 -> x, x - 0 -> x
        case prims.PrimsConvertElementTypeOp():
            return x  # convert to the type it has -> x
        case prims.PrimsCloneOp():
            return x  # clone -> x (values, not buffers)
        case prims.PrimsBroadcastInDimOp() if int_list(
            op.properties["broadcast_dimensions"]
        ) == list(range(len(_shape(x)))):
            return x  # broadcast to its own shape -> x
        case prims.PrimsTransposeOp() if int_list(op.properties["permutation"]) == sorted(
            int_list(op.properties["permutation"])
        ):
            return x  # identity permutation -> x
        case prims.PrimsReshapeOp() | prims.PrimsCollapseOp() | prims.PrimsSplitDimOp():
            return x  # reshape to its own shape -> x
    return None


class RemoveNoOps(RewritePattern):
    """Replace an op that returns an operand unchanged by that operand."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if len(op.results) != 1 or not op.name.startswith("prims."):
            return
        x = _identity_operand(op)
        if x is not None and x.type == op.results[0].type:
            rewriter.replace(op, [], [x])


class ReshapeOfReshape(RewritePattern):
    """reshape-like(reshape-like(x)) -> one reshape: only the final shape matters."""

    RESHAPES = (prims.PrimsReshapeOp, prims.PrimsCollapseOp, prims.PrimsSplitDimOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, self.RESHAPES) or not isinstance(op.operands[0].owner, self.RESHAPES):
            return
        src = op.operands[0].owner.operands[0]
        shape = list(_shape(op.results[0]))
        new = prims.PrimsReshapeOp.build_from_groups([[src], []], {"shape": int_array(shape)},
                                                     [op.results[0].type])  # fmt: skip
        new.location = op.location
        rewriter.replace(op, new)


PATTERNS: list[Callable[[], RewritePattern]] = [RemoveNoOps, ReshapeOfReshape]


@dataclass(frozen=True)
class CanonicalizePrims(ModulePass):
    """Remove no-op prims left by decomposition (x*1, x+0, same-type converts, ...)."""

    name = "canonicalize-prims"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier([p() for p in PATTERNS]), apply_recursively=True
        ).rewrite_module(op)
        erase_dead_prims(op)
