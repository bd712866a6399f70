"""SSA dominance: every operand is defined before its use (xDSL 0.75 does not check it).

Within a block an op may use the block's arguments, the results of ops above it, and
whatever the enclosing regions see; an op that is `IsolatedFromAbove` (func.func,
tile.kernel) starts afresh. Graph regions whose ops use no SSA values of each other
(builtin.module) pass trivially. One walk, linear in the number of operands.
"""

from __future__ import annotations

from xdsl.ir import Operation, Region, SSAValue
from xdsl.traits import IsolatedFromAbove


def first_use_before_def(op: Operation) -> tuple[Operation, int] | None:
    """The first (op, operand index) whose operand is not visible where it is used."""
    return _in_op(op, set())


def _in_op(op: Operation, visible: set[SSAValue]) -> tuple[Operation, int] | None:
    for i, operand in enumerate(op.operands):
        if operand not in visible:
            return op, i
    scope = set() if op.has_trait(IsolatedFromAbove) else visible
    for region in op.regions:
        if (found := _in_region(region, scope)) is not None:
            return found
    return None


def _in_region(region: Region, visible: set[SSAValue]) -> tuple[Operation, int] | None:
    for block in region.blocks:
        added: list[SSAValue] = [a for a in block.args if a not in visible]
        visible.update(added)
        try:
            for op in block.ops:
                if (found := _in_op(op, visible)) is not None:
                    return found
                new = [r for r in op.results if r not in visible]
                visible.update(new)
                added.extend(new)
        finally:
            visible.difference_update(added)
    return None
