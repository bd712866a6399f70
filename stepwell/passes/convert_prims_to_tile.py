"""convert-prims-to-tile: fuse prims ops into tile kernels and launch them.

Fusion (which ops share a kernel) is decided in `support/fusion.py`, each kernel is built
in `support/kernels.py` with block sizes from `support/heuristics.py`. Views, permutes,
slices and broadcasts become strides of the kernels' views, not copies. Ops no kernel
takes (`prims.extern`, `prims.attention`, anything without a tile rule, dynamic shapes)
stay at graph level, where the runtime calls ATen for them.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DictionaryAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.traits import Pure
from xdsl.transforms.common_subexpression_elimination import cse
from xdsl.utils.exceptions import PassFailedException

from stepwell.dialects import tile
from stepwell.dialects.prims_support import ExternOp
from stepwell.dialects.torch_support import SymAttr
from stepwell.ir.levels import require_level
from stepwell.ir.types import hints_of, plain_symbols, symbol_binds
from stepwell.passes.support import heuristics
from stepwell.passes.support.fusion import Group, Partition, Partitioner, dynamic_attributes
from stepwell.passes.support.kernels import KernelBuilder, kernel_name
from stepwell.passes.support.output_orders import drop_unjoined, order_outputs
from stepwell.passes.support.symbolic import (
    erase_dead_size_arithmetic,
    is_size_arithmetic,
    scalar_size,
    size_value,
)


@dataclass(frozen=True)
class ConvertPrimsToTile(ModulePass):
    """Fuse prims ops into `tile.kernel`s launched with `tile.launch`."""

    name = "convert-prims-to-tile"

    warp_size: int = 32
    """The target's warp size (32 on NVIDIA, 64 on AMD CDNA), which sets the kernels'
    `num_warps` (support/heuristics.py); `stepwell compile --target` fills it in from
    the target's record."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        require_level(op, self.name, "prims", "run decompose-torch-to-prims first")
        if self.warp_size not in heuristics.WARP_SIZES:
            sizes = ", ".join(map(str, heuristics.WARP_SIZES))
            raise PassFailedException(f"warp-size is one of {sizes}, not {self.warp_size}")
        count = sum(isinstance(o, tile.KernelOp) for o in op.ops)
        for extern in [o for o in op.walk() if isinstance(o, ExternOp)]:
            check_extern_results(extern)
        for func in [f for f in op.ops if isinstance(f, FuncOp) and f.body.blocks]:
            count = convert_function(op, func, count, self.warp_size)


def check_extern_results(op: ExternOp) -> None:
    """Refuse, located, a `prims.extern` whose declared results ATen's meta function
    contradicts (edited IR: a result of 8 elements where ATen returns 4 made the kernels
    after it read past the buffer). An op with no meta function, with symbolic or
    non-tensor types, without operands, or whose result depends on its operands' values
    is not judged, nor is a result that no kernel reads."""
    import torch

    from stepwell.ir.interpret import call_generic
    from stepwell.ir.types import element_type
    from stepwell.passes.decompose_torch_to_prims import _meta_tensor, _where

    types = [*(v.type for v in op.operands), *op.result_types]
    if not all(isinstance(t, TensorType) and all(d >= 0 for d in t.get_shape())
               for t in types):  # fmt: skip
        return  # (a symbolic or data-dependent size: not judged)
    if not op.operands:  # (a factory: run, it would allocate its result on the CPU, and
        return  # a random one, `prims.normal`, draw from the caller's generator)
    try:
        with torch._guards.tracing(None):
            out = call_generic(op.callee.data, op, [_meta_tensor(v.type) for v in op.operands])
    except Exception:  # noqa: BLE001 - no meta function, a value-dependent result, ...
        return
    leaves = [x for x in torch.utils._pytree.tree_leaves(out) if isinstance(x, torch.Tensor)]
    if len(leaves) != len(op.results):
        return
    for i, (got, want) in enumerate(zip(leaves, op.result_types, strict=True)):
        want = cast(TensorType[Attribute], want)
        if not all(type(d) is int for d in got.shape):
            continue  # (a data-dependent size: nonzero's)
        if all(isinstance(u.operation, ExternOp | ReturnOp) for u in op.results[i].uses):
            continue  # (no kernel reads it, only ATen or the caller, which take the tensor
            # ATen made: `embedding_bag`'s offset2bag and bag sizes, which PyTorch's fake
            # and meta functions size differently)
        if tuple(got.shape) != tuple(want.get_shape()) or element_type(got.dtype) != (
            want.element_type
        ):
            raise PassFailedException(
                f"{_where(op)}'prims.extern' ({op.callee.data}) declares result #{i} as {want} "
                f"but ATen makes it {TensorType(element_type(got.dtype), list(got.shape))}"
            )


def convert_function(module: ModuleOp, func: FuncOp, first_index: int, warp_size: int = 32) -> int:
    chains = order_outputs(func)  # results eager lays out in another dim order
    partitioner = Partitioner(func)
    part = partitioner.run()
    if chains and drop_unjoined(func, chains, part):
        partitioner = Partitioner(func)
        part = partitioner.run()
    hints = hints_of(func)
    launches: dict[Group, tuple[str, list[SSAValue], list[SSAValue], list[SSAValue]]] = {}
    kernels: dict[str, tile.KernelOp] = {}
    for i, g in enumerate(part.groups):
        name = kernel_name(first_index + i, g)
        kernel = KernelBuilder(g, partitioner, name, warp_size, hints=hints).build(part.outputs[g])
        cse(kernel.op)  # xDSL's: e.g. layer_norm's mean and variance share one sum of x
        module.body.block.insert_op_before(kernel.op, func)
        launches[g] = (name, kernel.inputs, kernel.outputs, kernel.inits)
        kernels[name] = kernel.op
    symint_args = symbol_arguments(func)

    old = func.body.block
    new = Block(arg_types=old.arg_types)
    env: dict[SSAValue, SSAValue] = dict(zip(old.args, new.args, strict=True))
    for arg, new_arg in zip(old.args, new.args, strict=True):
        new_arg.name_hint = arg.name_hint
    for node in schedule(partitioner, part):
        if isinstance(node, Group):
            name, inputs, outputs, inits = launches[node]
            sizes = [env[size] if isinstance(size, SSAValue) else _added(new, size)
                     for size in launch_sizes(kernels[name], inputs, symint_args, new.args,
                                              made=new)]
            launch = tile.LaunchOp(name, [env[v] for v in inputs], [v.type for v in outputs],
                                   [env[v] for v in inits], sizes)  # fmt: skip
            launch.location = node.ops[-1].location
            new.add_op(launch)
            env.update(zip(outputs, launch.results, strict=True))
        else:
            if is_size_arithmetic(node) and any(v not in env for v in node.operands):
                # a size of a view that only kernels read, which is not made at graph
                # level: what still reads it (the caller) gets it spelled from the
                # arguments' sizes (the size its type says); the others are dead here
                _spell_from_arguments(node, old, new, env)
                continue
            clone = node.clone(value_mapper=env)
            new.add_op(clone)
            env.update(zip(node.results, clone.results, strict=True))
    ret = old.last_op
    assert isinstance(ret, ReturnOp)
    new.add_op(ReturnOp(*[env[v] for v in ret.operands]))
    func.body.detach_block(old)
    func.body.add_block(new)
    old.erase(safe_erase=False)
    erase_dead_size_arithmetic(func)  # (the sizes a kernel computes from its arguments)
    for dead in reversed(list(new.ops)):  # views only that size arithmetic read
        if dead.results and dead.has_trait(Pure) and not any(r.uses for r in dead.results):
            dead.detach()
            dead.erase()
    for op in new.ops:
        if dynamic_attributes(op):
            raise PassFailedException(
                f"{op.name} at graph level has a symbolic size in its arguments, which ATen "
                "cannot run: compile this graph with static sizes"
            )
    return first_index + len(part.groups)


def _spell_from_arguments(node: Operation, old: Block, new: Block,
                          env: dict[SSAValue, SSAValue]) -> None:  # fmt: skip
    """Map each result of the size arithmetic `node` to ops added to `new` that compute
    the size it holds from the function's arguments (`symbolic.size_value`), where that
    size can be spelled so (`sym_size` of a transposed view: the dim of the input it
    came from)."""
    for r in node.results:
        size = scalar_size(r)
        spelled = None if size is None else size_value(size, old)
        if spelled is None:
            continue
        ops, value = spelled
        for op in ops:
            clone = op.clone(value_mapper=env)
            new.add_op(clone)
            env.update(zip(op.results, clone.results, strict=True))
        env[r] = env[value]
        for op in reversed(ops):  # (made on the old block's arguments: not kept)
            op.erase()


def _added(block: Block, op: Operation) -> SSAValue:
    block.add_op(op)
    return op.results[0]


def schedule(p: Partitioner, part: Partition) -> list[Group | Operation]:
    """Kernels and graph-level ops in an order that respects their dependencies,
    closest to program order: Kahn's algorithm taking the ready node that comes first in
    the program (a heap), O(n log n)."""
    order = p.order
    nodes: list[Group | Operation] = [*part.groups, *part.graph_ops]
    position = {id(n): min(order[o] for o in n.ops) if isinstance(n, Group) else order[n]
                for n in nodes}  # fmt: skip
    by_id = {id(n): n for n in nodes}
    waiting = {id(n): 0 for n in nodes}
    users: dict[int, list[int]] = {id(n): [] for n in nodes}
    for n in nodes:
        for d in p.producers(n):
            if id(d) in waiting:
                waiting[id(n)] += 1
                users[id(d)].append(id(n))
    ready = [(position[i], i) for i, count in waiting.items() if count == 0]
    heapq.heapify(ready)
    out: list[Group | Operation] = []
    while ready:
        _, i = heapq.heappop(ready)
        out.append(by_id[i])
        for u in users[i]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, (position[u], u))
    if len(out) != len(nodes):
        stuck = [by_id[i] for i, count in waiting.items() if count > 0]
        raise AssertionError(
            "fusion produced a dependency cycle: "
            + "; ".join(f"{_describe(n)} waits on {waiting[id(n)]}" for n in stuck[:5])
        )
    return out


def _describe(n: Group | Operation) -> str:
    return f"kernel({', '.join(o.name for o in n.ops[:4])})" if isinstance(n, Group) else n.name


def symbol_arguments(func: FuncOp) -> dict[str, SSAValue]:
    """The function's size arguments by symbol (AOTAutograd passes each symbol as an
    `i64` argument named by it: `%arg: i64 {stepwell.name = "s33"}`)."""
    found: dict[str, SSAValue] = {}
    attrs = func.arg_attrs.data if func.arg_attrs is not None else ()
    for arg, a in zip(func.body.block.args, attrs, strict=False):
        name = a.data.get("stepwell.name") if isinstance(a, DictionaryAttr) else None
        if isinstance(arg.type, IntegerType) and isinstance(name, StringAttr):
            found.setdefault(name.data, arg)
    return found


def launch_sizes(
    kernel: tile.KernelOp,
    inputs: list[SSAValue],
    symint_args: dict[str, SSAValue],
    args: Sequence[SSAValue] = (),
    made: Block | None = None,
) -> list[SSAValue | Operation]:
    """The `sizes` of a launch: none when its inputs' types bind every symbol of the
    kernel, else for each symbol the function's size argument, or where it has none (an
    exported graph passes no sizes) `aten.sym_size` of an argument (`args`), or else of a
    tensor the ops already in `made` make, that has the symbol as a dim (an op to insert
    before the launch; size arithmetic, not an ATen kernel): a data-dependent size (`u0`,
    the length of `x[x > 0]`) is a dim of the tensor ATen made, even where the kernel
    reads only a reshape of it (`[u0 // 2, 2]`). `made` is read only for a symbol the
    arguments lack."""
    names = kernel.symbol_names()
    bound: set[str] = set()
    for v in inputs:
        bound |= plain_symbols(v.type)
    if all(n in bound for n in names):
        return []
    dims = {name: (i, d) for i, d, name in reversed(symbol_binds([a.type for a in args]))}
    if made is not None and any(n not in symint_args and n not in dims for n in names):
        args = [*args, *(r for op in made.ops for r in op.results
                         if isinstance(r.type, TensorType))]  # fmt: skip
        dims = {name: (i, d) for i, d, name in reversed(symbol_binds([a.type for a in args]))}
    out: list[SSAValue | Operation] = []
    for n in names:
        if n in symint_args:
            out.append(symint_args[n])
        elif n in dims:
            i, d = dims[n]
            out.append(ExternOp("aten.sym_size.int", [args[i]], [i64],
                                args=[SymAttr(IntAttr(0)), IntegerAttr(d, 64)]))  # fmt: skip
        else:
            raise PassFailedException(
                f"{kernel.sym_name.data}: no input or argument gives the size {n}"
            )
    return out
