"""combine-launches: launch independent kernels that read the same tensor as one kernel.

Fusion (`convert-prims-to-tile`) merges kernels that share an iteration space. Kernels
that do not, but read one tensor and do not depend on each other, still cost a launch
each: Llama's Q projection (64 columns) beside its K/V projections (32 columns), the
rotary embeddings of q and of k, a layer's weight gradients in a backward graph. This pass
makes each such set one *combo* kernel (horizontal fusion, Inductor's combo kernels):

    tile.kernel @k3_k4_combo(...) attributes {kind = "combo", grid = [3, 1, 1], ...} {
      tile.part attributes {name = "k3_matmul", start = 0 : i64,
                            grid = [2 : i64, 1 : i64, 1 : i64], ...} {
        ...                                  // k3's body: programs 0 and 1
      }
      tile.part attributes {name = "k4_matmul", start = 2 : i64,
                            grid = [1 : i64, 1 : i64, 1 : i64], ...} {
        ...                                  // k4's body: program 2
      }
    }
    %q, %k = tile.launch @k3_k4_combo(%x, %wq, %x, %wk) : (...) -> (...)

Each part is the kernel it replaces, unchanged: its own blocks, masks and space; the
combo's programs are the parts' programs one after another, and the emitter branches on
the program number (`if pid < 2: ... else: ...`). The launch's inputs are the parts'
inputs in order, then its results are the parts' results in order.

On each block of graph-level ops, scanning launches in order, a later launch joins the
group of an earlier one when

- there is a place where all of them can run: after every op that produces what any of
  them reads, before every op that reads a result of any of them (so none reads
  another's result), with only kernel launches and side-effect-free ops between each
  launch and that place (nothing a launch could be reordered across: a collective's
  start or wait, a random op);
- it reads a tensor that a launch of the group reads;
- both kernels are launched without `inits` (a scatter's starting copy), both with
  `sizes` or both binding their size symbols from their inputs' types, and neither is
  a combo already; a group holds at most `max-parts` kernels.

The combined launch goes to the earliest such place. A combo runs with the
largest `num_warps` of its parts. Kernels no launch calls any more are erased.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects.builtin import IndexType, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.traits import is_side_effect_free
from xdsl.utils.exceptions import PassFailedException

from stepwell.dialects import tile
from stepwell.ir.sizes import Size, product, simplify


def _combinable(op: Operation, kernels: dict[str, tile.KernelOp]) -> bool:
    if not isinstance(op, tile.LaunchOp) or op.inits:
        return False
    kernel = kernels.get(op.callee.root_reference.data)
    return kernel is not None and not kernel.is_combo()


def _blocks(module: ModuleOp) -> Iterator[Block]:
    for op in module.walk():
        if isinstance(op, tile.KernelOp):
            continue
        for region in op.regions:
            yield from region.blocks


WINDOW = 256
"""How many ops after a group's first launch are looked at for more of the group."""


@dataclass
class _Group:
    """Launches to combine, and where their combined launch may go: before an op at a
    position from `earliest` (after every producer of what they read) to `latest` (the
    first op that reads a result)."""

    launches: list[tile.LaunchOp]
    earliest: float
    latest: float


class _Planner:
    """Positions of the ops of one block, kept as groups are combined."""

    def __init__(self, block: Block, kernels: dict[str, tile.KernelOp]) -> None:
        self.block, self.kernels = block, kernels
        self.ops = list(block.ops)
        self.position: dict[Operation, float] = {op: i for i, op in enumerate(self.ops)}
        self.barriers = [i for i, op in enumerate(self.ops) if _barrier(op)]

    def top(self, op: Operation) -> Operation | None:
        """The op of the block that is or holds `op`."""
        while op.parent_block() is not self.block:
            parent = op.parent_op()
            if parent is None:
                return None
            op = parent
        return op

    def earliest(self, launch: Operation) -> float:
        owners = [self.top(o.owner) for o in launch.operands if isinstance(o.owner, Operation)]
        return max((self.position[o] + 1 for o in owners if o is not None), default=0)

    def latest(self, launch: Operation) -> float:
        users = [self.top(u.operation) for r in launch.results for u in r.uses]
        return min((self.position[u] for u in users if u is not None), default=len(self.ops))

    def group_from(self, at: int, taken: set[Operation], max_parts: int) -> _Group | None:
        """The launches that combine with the launch at `at` (and launches after it, up
        to the next op with effects), or None."""
        first = cast(tile.LaunchOp, self.ops[at])
        floor = max((b + 1 for b in self.barriers if b < at), default=0)
        group = _Group([first], max(floor, self.earliest(first)), self.latest(first))
        read = set(first.inputs)
        for i in range(at + 1, min(len(self.ops), at + WINDOW)):
            other = self.ops[i]
            if _barrier(other):
                break  # no launch moves past an op with effects
            if other in taken or not _combinable(other, self.kernels):
                continue
            launch = cast(tile.LaunchOp, other)
            if not read & set(launch.inputs):
                continue
            if any(v.owner in group.launches for v in launch.operands):
                continue  # (a group's launches run side by side)
            if bool(launch.sizes) != bool(first.sizes):
                continue  # (one launch gives all sizes, or its inputs bind them all)
            earliest = max(group.earliest, self.earliest(launch))
            latest = min(group.latest, self.latest(launch))
            if earliest > latest:
                continue
            group.launches.append(launch)
            group.earliest, group.latest = earliest, latest
            read |= set(launch.inputs)
            if len(group.launches) == max_parts:
                break
        return group if len(group.launches) > 1 else None

    def anchor(self, group: _Group, taken: set[Operation]) -> Operation:
        """The op the group's combined launch goes before: the first op left at or after
        its earliest position."""
        for op in self.ops[math.ceil(group.earliest) :]:
            if op not in taken or op in group.launches:
                return op
        raise AssertionError("a group's latest op is its first reader or the terminator")

    def placed(self, launch: Operation, anchor: Operation) -> None:
        self.position[launch] = self.position[anchor] - 0.5


def _barrier(op: Operation) -> bool:
    """An op no launch moves across: one with effects that is not a kernel launch."""
    return not isinstance(op, tile.LaunchOp) and not is_side_effect_free(op)


def _combo_name(names: Sequence[str], taken: set[str]) -> str:
    """`k3_k4_combo` for kernels `k3_matmul` and `k4_matmul` (unique in the module)."""
    stem = "_".join(n.split("_")[0] for n in names) + "_combo"
    name, n = stem, 1
    while name in taken:
        n += 1
        name = f"{stem}{n}"
    taken.add(name)
    return name


def combine(
    group: Sequence[tile.LaunchOp], kernels: dict[str, tile.KernelOp], name: str
) -> tuple[tile.KernelOp, tile.LaunchOp]:
    """The combo kernel of `group`'s kernels and its launch (not inserted). Its size
    symbols are those of its kernels (a name is one size throughout a function)."""
    members = [kernels[launch.callee.root_reference.data] for launch in group]
    inputs = [list(launch.inputs) for launch in group]
    symbols = list(dict.fromkeys(n for k in members for n in k.symbol_names()))
    order = [(k, i) for k, x in zip(members, inputs, strict=True) for i in range(len(x))]
    order += [(k, i) for k, x in zip(members, inputs, strict=True)
              for i in range(len(x), len(k.views))]  # fmt: skip
    types = [k.view_types()[i] for k, i in order]
    body = Block(arg_types=[*types, *(IndexType() for _ in symbols)])
    position = {(id(k), i): j for j, (k, i) in enumerate(order)}
    by_symbol = dict(zip(symbols, body.args[len(types) :], strict=True))
    parts: list[tile.PartOp] = []
    start: Size = 0
    for kernel in members:
        mapping: dict[SSAValue, SSAValue] = {}
        for i, view in enumerate(kernel.views):
            arg = body.args[position[id(kernel), i]]
            mapping[view] = arg
            arg.name_hint = view.name_hint
        for n, arg in zip(kernel.symbol_names(), kernel.args[len(kernel.views) :], strict=True):
            mapping[arg] = by_symbol[n]
        part_body = Block()
        for op in kernel.body.block.ops:
            part_body.add_op(op.clone(value_mapper=mapping))
        parts.append(tile.PartOp(kernel, start, Region(part_body)))
        start = simplify(start + product(kernel.grid_sizes()))
    for part in parts:
        body.add_op(part)
    fused = [f for k in members if k.fused is not None for f in k.fused.data]
    combo = tile.KernelOp(
        name,
        body.arg_types,
        Region(body),
        grid=[start, 1, 1],
        space=[],
        block=[],
        num_warps=max(k.num_warps.value.data for k in members),
        kind=tile.COMBO_KIND,
        fused=[cast(StringAttr, f).data for f in fused],
        symbols=symbols,
        dims=[k.view_dims(i) for k, i in order] if symbols else (),
    )
    sizes: dict[str, SSAValue] = {}
    for kernel, launch in zip(members, group, strict=True):
        for n, v in zip(kernel.symbol_names(), launch.sizes, strict=False):
            sizes.setdefault(n, v)
    launch = tile.LaunchOp(
        name,
        [v for x in inputs for v in x],
        [r.type for launch in group for r in launch.outputs],
        sizes=[sizes[n] for n in symbols] if sizes else (),
    )
    launch.location = group[0].location
    return combo, launch


@dataclass(frozen=True)
class CombineLaunches(ModulePass):
    """Launch independent kernels that read the same tensor as one combo kernel."""

    name = "combine-launches"

    max_parts: int = 8
    """The most kernels one combo kernel holds."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.max_parts < 2:
            raise PassFailedException(f"max-parts is at least 2, not {self.max_parts}")
        kernels = {k.sym_name.data: k for k in op.ops if isinstance(k, tile.KernelOp)}
        names = set(kernels)
        made: list[tuple[tile.KernelOp, tile.KernelOp]] = []  # (combo, its first kernel)
        for block in list(_blocks(op)):
            planner = _Planner(block, kernels)
            taken: set[Operation] = set()
            for at, first in enumerate(planner.ops):
                if first in taken or not _combinable(first, kernels):
                    continue
                group = planner.group_from(at, taken, self.max_parts)
                if group is None:
                    continue
                members = [launch.callee.root_reference.data for launch in group.launches]
                combo, launch = combine(group.launches, kernels, _combo_name(members, names))
                anchor = planner.anchor(group, taken)
                block.insert_op_before(launch, anchor)
                planner.placed(launch, anchor)
                taken.update(group.launches)
                results = iter(launch.results)
                for old in group.launches:
                    for r in old.results:
                        r.replace_all_uses_with(next(results))
                    block.erase_op(old)
                made.append((combo, kernels[members[0]]))
        for combo, first in made:
            op.body.block.insert_op_before(combo, first)
        called = {
            x.callee.root_reference.data for x in op.walk() if isinstance(x, tile.LaunchOp)
        }
        combined = {p.part_name.data for combo, _ in made for p in combo.parts()}
        for name in combined - called:  # kernels now launched only as parts
            op.body.block.erase_op(kernels[name])

