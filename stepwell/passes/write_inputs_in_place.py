"""write-inputs-in-place: the kernel that computes an input's new value writes it there.

A function result marked `stepwell.writes = K` is argument K's new value: the program
mutates that input (an optimizer step's parameters and state, a batch norm's running
statistics, a KV cache written at a position; `types.WRITES`). The runtime stores such a
result into its argument after the call, one `copy_` each. This pass makes the kernel's
own store the write, as Inductor's in-place buffers do: the launch takes the argument as
the init of that result, marked `in_place`, and the runtime gives the result the
argument's memory (`LaunchOp.donated`), so the copy finds the value already there.

    %p1, %m1 = tile.launch @k0(%p, %g, %m) : (...) -> (tensor<64xf32>, tensor<64xf32>)
    func.return %p1, %m1 : tensor<64xf32>, tensor<64xf32>   // {stepwell.writes = 0}, {= 2}

becomes

    %p1, %m1 = tile.launch @k0(%p, %g, %m) inits(%p, %m : ...) {in_place = [0, 1]} : ...

A result that starts uninitialized becomes an init: the launch's results, and the
kernel's result views with them, are reordered so that it follows the launch's existing
inits (a scatter's result, whose init is the argument itself, is taken as it is: the
kernel then writes only the scattered elements, not a copy of the whole tensor).

The old value must not be needed once the kernel writes. A write is made in place when

- the result is the launch's own (not a graph-level view of it) and has the argument's
  type;
- no op after the launch reads the argument or a value that may share its memory (a
  graph-level op's result computed from it, such as a view, or an in-place result
  on it); the return counts, except where it gives the written result itself;
- the kernel reads the argument only where it writes the result: every use of a view
  the launch passes the argument (or a value sharing its memory) to is a `tile.load`
  with the result view's type, the store's coordinates, groups and tile type, before
  that store in its block, and no other init of the launch shares the argument. Each
  program then reads each element before it writes it, and reads no element another
  program writes.

Otherwise the write stays a copy after the call; with `report=true` the pass says why.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, FunctionType, ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from stepwell.dialects import tile
from stepwell.ir.types import function_writes, int_array


def sharing(arg: SSAValue, block: Block) -> set[SSAValue]:
    """`arg` and the values of `block` that may share its memory: the results of any
    graph-level op (not a launch) that reads one of them (views, ATen calls that may
    return a view), and the results of launches that take one of them as a donated init."""
    share = {arg}
    for op in block.ops:
        if isinstance(op, tile.LaunchOp):
            for k, init in enumerate(op.inits):
                if init in share and op.donated(k):
                    share.add(op.results[k])
        elif not isinstance(op, ReturnOp) and any(v in share for v in op.operands):
            share.update(op.results)
    return share


def _read_later(launch: tile.LaunchOp, share: set[SSAValue], result: int) -> str | None:
    """The first op after `launch` that reads a value of `share` (the return, except at
    position `result`), as a reason; None when there is none."""
    op = launch.next_op
    while op is not None:
        for i, v in enumerate(op.operands):
            if v in share and not (isinstance(op, ReturnOp) and i == result):
                return f"'{op.name}' reads the old value after the kernel"
        op = op.next_op
    return None


def _reads_elsewhere(launch: tile.LaunchOp, kernel: tile.KernelOp, k: int,
                     share: set[SSAValue]) -> str | None:  # fmt: skip
    """Why the kernel of `launch` may read the argument (`share`) where result `k` does
    not write it; None when every read is a load of the very tile the result's store
    writes, before that store."""
    for j, init in enumerate(launch.inits):
        if j != k and init in share:
            return "another result of the kernel starts as the argument"
    reading = [i for i, value in enumerate(launch.inputs) if value in share]
    if not reading:
        return None
    views = kernel.views
    out = views[len(launch.inputs) + k]
    stores = [u.operation for u in out.uses]
    if len(stores) != 1 or not isinstance(store := stores[0], tile.StoreOp):
        return "the kernel reads the argument and writes the result other than by one store"
    for i in reading:
        if views[i].type != out.type:
            return "the kernel reads the argument through a view of another layout"
        for use in views[i].uses:
            load = use.operation
            if not (
                isinstance(load, tile.LoadOp)
                and load.parent_block() is store.parent_block()
                and load.is_before_in_block(store)
                and tuple(load.coords) == tuple(store.coords)
                and load.groups == store.groups
                and load.result.type == store.value.type
            ):
                return "the kernel reads the argument where it does not write the result"
    return None


def _as_init(launch: tile.LaunchOp, kernel: tile.KernelOp, k: int, arg: SSAValue) -> tile.LaunchOp:
    """`launch` with its uninitialized result `k` moved to follow its inits and started
    as `arg` (in place); the kernel's result views are reordered to match."""
    n_in, n_init = len(launch.inputs), len(launch.inits)
    order = list(range(len(launch.results)))
    order.insert(n_init, order.pop(k))  # new position -> old result
    _reorder_views(kernel, n_in, order)
    new = tile.LaunchOp(
        launch.callee.root_reference.data,
        list(launch.inputs),
        [launch.results[i].type for i in order],
        inits=[*launch.inits, arg],
        sizes=list(launch.sizes),
    )
    new.location = launch.location
    for name, value in launch.attributes.items():
        new.attributes[name] = value
    new.properties["in_place"] = int_array([*launch.in_place_inits(), n_init])
    block = cast(Block, launch.parent_block())
    block.insert_op_before(new, launch)
    for position, old in enumerate(order):
        launch.results[old].replace_all_uses_with(new.results[position])
        new.results[position].name_hint = launch.results[old].name_hint
    block.erase_op(launch)
    return new


def _reorder_views(kernel: tile.KernelOp, n_in: int, order: Sequence[int]) -> None:
    """Put the kernel's result views (after its `n_in` input views) in `order` (new
    position -> old position), with their `dims` entries."""
    block = kernel.body.block
    old_views = [block.args[n_in + i] for i in range(len(order))]
    for position, old in enumerate(order):
        moved = block.insert_arg(old_views[old].type, n_in + len(order) + position)
        moved.name_hint = old_views[old].name_hint
        old_views[old].replace_all_uses_with(moved)
    for view in old_views:
        block.erase_arg(view)
    kernel.properties["function_type"] = FunctionType.from_lists(list(block.arg_types), [])
    if kernel.dims is not None:
        dims = list(kernel.dims.data)
        results = dims[n_in : n_in + len(order)]
        dims[n_in : n_in + len(order)] = [results[i] for i in order]
        kernel.properties["dims"] = ArrayAttr(dims)


@dataclass(frozen=True)
class WriteInputsInPlace(ModulePass):
    """Let the kernel computing an input's new value write it into the input."""

    name = "write-inputs-in-place"

    report: bool = False
    """Print, on stderr, each input written in place and why the others are not."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        kernels = {k.sym_name.data: k for k in op.ops if isinstance(k, tile.KernelOp)}
        for func in [f for f in op.ops if isinstance(f, FuncOp)]:
            if not func.body.blocks:
                continue
            block = func.body.block
            ret = block.last_op
            if not isinstance(ret, ReturnOp):
                continue
            try:
                writes = function_writes(func)
            except ValueError as e:
                raise PassFailedException(f"@{func.sym_name.data}: {e}") from e
            for result, a in writes:
                name = _arg_name(func, a)
                why = self._write(block, ret, result, block.args[a], kernels)
                self._say(f"{name}: " + (why or "written in place by its kernel"))

    def _write(self, block: Block, ret: ReturnOp, result: int, arg: BlockArgument,
               kernels: dict[str, tile.KernelOp]) -> str | None:  # fmt: skip
        """Make the write of result `result` into `arg` in place; why not, if it is not."""
        value = ret.operands[result]
        launch = value.owner
        if not isinstance(launch, tile.LaunchOp) or launch.parent_block() is not block:
            return f"stays a copy: its value is not a kernel's result ({_owner_name(value)})"
        if value.type != arg.type:
            return "stays a copy: the value's type is not the argument's"
        k = launch.results.index(value)
        copy = None  # (a kernel's copy of the argument that the result starts as)
        if k < len(launch.inits) and launch.inits[k] is not arg:
            copy = launch.inits[k].owner
            if _copy_of(launch.inits[k], kernels) is not arg:
                return "stays a copy: the result starts as another tensor"
        share = sharing(arg, block)
        kernel = kernels.get(launch.callee.root_reference.data)
        if kernel is None:
            return "stays a copy: the launch's kernel is not in the module"
        why = _read_later(launch, share, result) or _reads_elsewhere(launch, kernel, k, share)
        if why:
            return f"stays a copy: {why}"
        if k < len(launch.inits):
            if isinstance(copy, tile.LaunchOp):  # the argument itself, not a copy of it
                operands = list(launch.operands)
                operands[len(launch.inputs) + k] = arg
                launch.operands = operands
                _erase_launch(copy, kernels)
            launch.properties["in_place"] = int_array(sorted({*launch.in_place_inits(), k}))
        else:
            _as_init(launch, kernel, k, arg)
        return None

    def _say(self, text: str) -> None:
        if self.report:
            print(f"write-inputs-in-place: {text}", file=sys.stderr)


def _copy_of(value: SSAValue, kernels: dict[str, tile.KernelOp]) -> SSAValue | None:
    """The tensor of which `value`, read only once, is a plain copy: the input of a launch
    whose kernel loads its one input view and stores that tile unchanged into its one
    result view, of the same layout (the copy convert-prims-to-tile makes of a scatter's
    operand); None for anything else."""
    launch = value.owner
    if (not isinstance(launch, tile.LaunchOp) or launch.inits or len(launch.inputs) != 1
            or len(launch.results) != 1 or not value.has_one_use()
            or launch.inputs[0].type != value.type):  # fmt: skip
        return None
    kernel = kernels.get(launch.callee.root_reference.data)
    if kernel is None or len(kernel.views) != 2 or kernel.views[0].type != kernel.views[1].type:
        return None
    loads = [op for op in kernel.walk() if isinstance(op, tile.LoadOp)]
    stores = [op for op in kernel.walk() if isinstance(op, tile.StoreOp)]
    if len(loads) != 1 or len(stores) != 1:
        return None
    load, store = loads[0], stores[0]
    same = (store.value is load.result and load.view is kernel.views[0]
            and store.view is kernel.views[1] and tuple(load.coords) == tuple(store.coords)
            and load.groups == store.groups)  # fmt: skip
    return launch.inputs[0] if same else None


def _erase_launch(launch: tile.LaunchOp, kernels: dict[str, tile.KernelOp]) -> None:
    """Erase `launch` (its results unused), and its kernel when nothing else calls it."""
    name = launch.callee.root_reference.data
    cast(Block, launch.parent_block()).erase_op(launch)
    kernel = kernels.get(name)
    module = kernel.parent_op() if kernel is not None else None
    if kernel is None or module is None:
        return
    called = any(isinstance(op, tile.LaunchOp) and op.callee.root_reference.data == name
                 for op in module.walk())  # fmt: skip
    if not called:
        cast(Block, kernel.parent_block()).erase_op(kernel)
        del kernels[name]


def _arg_name(func: FuncOp, a: int) -> str:
    """The argument's name (`stepwell.name`), else `%argN`."""
    attrs = func.arg_attrs.data if func.arg_attrs is not None else ()
    if a < len(attrs):
        name = attrs[a].data.get("stepwell.name")
        if isinstance(name, StringAttr):
            return name.data
    hint = func.body.block.args[a].name_hint
    return f"argument {a}" + (f" (%{hint})" if hint else "")


def _owner_name(value: SSAValue) -> str:
    owner = value.owner
    return owner.name if isinstance(owner, Operation) else "an argument"
