"""A stepwell plugin: the `fold-double-relu` pass, `relu(relu(x)) -> relu(x)`.

Installed (`pip install examples/plugin`), it adds its pass to `stepwell-opt` and `xdsl-opt`
through the `xdsl.universe` entry point; uninstalled, `--load-plugin` loads this file.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.universe import Universe

from stepwell.dialects.torch import AtenReluOp


class FoldDoubleRelu(RewritePattern):
    """relu(relu(x)) -> relu(x): relu is idempotent."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: AtenReluOp, rewriter: PatternRewriter) -> None:
        inner = op.self_.owner
        if isinstance(inner, AtenReluOp):
            rewriter.replace(op, [], [inner.result])


@dataclass(frozen=True)
class FoldDoubleReluPass(ModulePass):
    """Replace every relu of a relu by the inner relu."""

    name = "fold-double-relu"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(FoldDoubleRelu()).rewrite_module(op)


UNIVERSE = Universe(all_passes={FoldDoubleReluPass.name: lambda: FoldDoubleReluPass})
"""What the entry point exposes: pass name -> factory returning the pass class."""
