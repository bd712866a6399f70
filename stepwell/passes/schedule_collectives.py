"""schedule-collectives: start each collective as early and wait for it as late as its
data allows, so kernels run while the collective is in flight.

A functional collective is two ops at the graph level: a start
(`prims.extern "_c10d_functional.all_reduce.default"`, `all_gather_into_tensor`,
`reduce_scatter_tensor`, ...) that issues the communication and returns a tensor not yet
valid, and `prims.extern "_c10d_functional.wait_tensor.default"` that blocks until it is.
AOTAutograd emits the wait right after the start, so a rank would sit idle for the whole
transfer. This pass, on every block of graph-level ops (tile launches and externs):

- moves each start up to just after the last op it must follow: the producer of one of
  its operands, the previous start (every rank must issue collectives in one order), or
  an op with unknown effects that is not a collective;
- moves each wait down to just before the first op that uses its result (or the block's
  terminator), past independent kernels, other collectives and other waits, but not past
  an op with unknown effects that is not a collective.

`wait_tensor` returns the tensor it is given, so an op may read a collective's result
directly, after its wait, instead of the wait's result: a wait never moves below such
a reader, and a start that reads it never moves above the wait.

Kernels never wait on a collective they do not need, and the relative order of the
starts, hence what every rank sends, is unchanged. Ops other than collectives do not
move, so fusion decisions made before this pass stand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator, is_side_effect_free

from stepwell.dialects import tile
from stepwell.dialects.prims_support import ExternOp
from stepwell.ir.callees import collective_kind


def _kind(op: Operation | None) -> str | None:
    return collective_kind(op.callee.data) if isinstance(op, ExternOp) else None


def _barrier(op: Operation) -> bool:
    """An op no collective moves across: one with unknown effects that is not itself a
    collective (a random op, an extern called for its effect). A kernel launch has value
    semantics (it writes only the outputs it allocates), so it is no barrier."""
    if _kind(op) is not None or isinstance(op, tile.LaunchOp):
        return False
    return not is_side_effect_free(op)


def _uses(op: Operation, producer: Operation) -> bool:
    """Does `op` (or an op nested in it) read a result of `producer`?"""
    results = set(producer.results)
    return any(o in results for o in _reads(op))


def _blocks(module: ModuleOp) -> Iterator[Block]:
    for op in module.walk():
        for region in op.regions:
            yield from region.blocks


def _waits_for(wait: Operation, op: Operation) -> bool:
    """Is `wait` the wait of a collective whose result `op` reads directly? (Then the
    value is valid only after the wait, whose result is the same tensor.)"""
    return _kind(wait) == "wait" and any(o is wait.operands[0] for o in _reads(op))


def _reads(op: Operation) -> Iterator[SSAValue]:
    return (o for inner in op.walk() for o in inner.operands)


def hoist_start(block: Block, start: Operation) -> None:
    """Move `start` up to just after the last op it must follow."""
    anchor = start.prev_op
    while anchor is not None:
        if _uses(start, anchor) or _kind(anchor) == "start" or _barrier(anchor):
            break
        if _waits_for(anchor, start):  # reads another collective's result
            break
        anchor = anchor.prev_op
    if anchor is start.prev_op:
        return
    start.detach()
    if anchor is None:
        block.insert_op_before(start, block.first_op)  # type: ignore[arg-type]
    else:
        block.insert_op_after(start, anchor)


def sink_wait(block: Block, wait: Operation) -> None:
    """Move `wait` down to just before the first op that needs it."""
    anchor = wait.next_op
    while anchor is not None:
        if _uses(anchor, wait) or anchor.has_trait(IsTerminator) or _barrier(anchor):
            break
        if _waits_for(wait, anchor):  # reads the collective's result, not the wait's
            break
        anchor = anchor.next_op
    if anchor is None:
        return
    while _kind(anchor.prev_op) == "wait" and anchor.prev_op is not wait:  # type: ignore[arg-type]
        anchor = anchor.prev_op  # waits that sank here before this one keep their order
    if anchor is wait.next_op or anchor is wait:
        return
    wait.detach()
    block.insert_op_before(wait, anchor)


@dataclass(frozen=True)
class ScheduleCollectives(ModulePass):
    """Overlap functional collectives with the kernels that do not depend on them."""

    name = "schedule-collectives"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for block in list(_blocks(op)):
            ops = list(block.ops)
            for start in [o for o in ops if _kind(o) == "start"]:
                hoist_start(block, start)
            for wait in reversed([o for o in ops if _kind(o) == "wait"]):
                sink_wait(block, wait)
