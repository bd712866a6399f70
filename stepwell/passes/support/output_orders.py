"""Results stored with eager's strides (convert-prims-to-tile).

Eager lays out the result of an elementwise op or a reduction in the dim order of its
inputs: `x.t() * 2` has strides (1, n), a ReLU of a channels-last tensor is channels-last.
A kernel stores row-major, so the compiled function returned the same values with other
strides (Inductor keeps eager's). The frontend records each result's order
(`types.OUTPUT_ORDERS`); for a result a kernel computes, this module makes the function
return

    %t    = prims.transpose %v {permutation = order}        // a view
    %flat = prims.reshape %t {shape = [numel]}               // a copy: strides cannot say it
    %back = prims.reshape %flat {shape = sizes in order}     // a view
    %r    = prims.transpose %back {permutation = inverse}    // a view: eager's strides

The copy joins the kernel that computes `%v` as the store of its tile in that order
(`Partitioner.join_copy`), and `%v` itself is no longer stored: the same bytes, eager's
strides. Where the copy cannot join that kernel (it would cost a launch of its own) or
`%v` is stored anyway (another kernel reads it), the result stays row-major
(`drop_unjoined`). Results with symbolic sizes stay row-major.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from xdsl.dialects.builtin import TensorType
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.prims_support import ExternOp
from stepwell.dialects.tile import ints
from stepwell.dialects.torch_support import OperatorOp
from stepwell.ir.types import orders_of
from stepwell.passes.support.fusion import Partition, is_static_tensor
from stepwell.passes.support.views import is_view_op


@dataclass
class Chain:
    """The ops that return result `index` (the value `value`) in another dim order."""

    index: int
    value: SSAValue
    ops: list[Operation]

    @property
    def copy(self) -> Operation:
        return self.ops[1]


def order_outputs(func: FuncOp) -> list[Chain]:
    """Return each result that has a recorded order, and that a kernel computes for the
    return alone, through a copy in that order (see the module doc)."""
    orders = orders_of(func)
    ret = func.body.block.last_op
    if not orders or not isinstance(ret, ReturnOp):
        return []
    chains = []
    for index, (v, order) in enumerate(zip(ret.operands, orders, strict=False)):
        if order and _computed_for_return(v, ret) and len(order) == len(_shape(v)):
            ops = _chain(v, order)
            ret.operands = [*ret.operands[:index], ops[-1].results[0], *ret.operands[index + 1:]]
            for op in ops:
                func.body.block.insert_op_before(op, ret)
                op.location = ret.location
            chains.append(Chain(index, v, ops))
    return chains


def drop_unjoined(func: FuncOp, chains: list[Chain], part: Partition) -> bool:
    """Return row-major the results whose copy did not join their value's kernel, or
    whose value that kernel stores as well; True when there was one (the function must
    be partitioned again)."""
    ret = cast(ReturnOp, func.body.block.last_op)
    dropped = False
    for chain in chains:
        producer = part.group_of.get(cast(Operation, chain.value.owner))
        if (producer is not None and part.group_of.get(chain.copy) is producer
                and chain.value not in part.outputs[producer]):  # fmt: skip
            continue
        i = chain.index
        ret.operands = [*ret.operands[:i], chain.value, *ret.operands[i + 1:]]
        for op in reversed(chain.ops):
            op.detach()
            op.erase()
        dropped = True
    return dropped


def _computed_for_return(v: SSAValue, ret: ReturnOp) -> bool:
    """Is `v` a static tensor a kernel computes (not an argument, a view, an ATen call)
    that the return reads once?"""
    op = v.owner
    if not isinstance(op, Operation) or is_view_op(op):
        return False
    if isinstance(op, ExternOp | OperatorOp) or not is_static_tensor(v):
        return False
    return [u.operation for u in v.uses].count(ret) == 1


def _shape(v: SSAValue) -> tuple[int, ...]:
    return tuple(cast(TensorType[Attribute], v.type).get_shape())


def _chain(v: SSAValue, order: tuple[int, ...]) -> list[Operation]:
    element = cast(TensorType[Attribute], v.type).element_type
    sizes = _shape(v)
    laid = [sizes[d] for d in order]
    numel = 1
    for n in laid:
        numel *= n
    inverse = [order.index(d) for d in range(len(order))]
    t = prims.PrimsTransposeOp.make([TensorType(element, laid)], a=v, permutation=ints(order))
    flat = prims.PrimsReshapeOp.make([TensorType(element, [numel])], a=t.results[0],
                                     shape=ints([numel]))  # fmt: skip
    back = prims.PrimsReshapeOp.make([TensorType(element, laid)], a=flat.results[0],
                                     shape=ints(laid))  # fmt: skip
    r = prims.PrimsTransposeOp.make([v.type], a=back.results[0], permutation=ints(inverse))
    return [t, flat, back, r]
