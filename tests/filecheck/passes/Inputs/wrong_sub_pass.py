"""A deliberately wrong pass (prims.sub -> prims.add) for testing --check-numerics."""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from stepwell.dialects.prims import PrimsAddOp, PrimsSubOp


@dataclass(frozen=True)
class SwapSubForAdd(ModulePass):
    name = "swap-sub-for-add"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for sub in [o for o in op.walk() if isinstance(o, PrimsSubOp)]:
            add = PrimsAddOp.create(operands=list(sub.operands), result_types=[sub.result.type])
            Rewriter.replace_op(sub, add)
