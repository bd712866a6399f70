"""Leaf recomputation: a value that one kernel computes from memory alone by a few
elementwise ops (`x.float()` of a half argument) and another kernel reads from memory is
computed again by that reader, on the inputs it loads, instead of being stored by the
first kernel and loaded back (Inductor inlines such pointwise nodes into every reader).

Placement puts a conversion of an argument into whichever kernel already reads the
argument: a bf16 block's `x.float()` for its residual add joins the RMSNorm's kernel (a
sibling reader of `x`), which then stores the float32 copy for the output projection's
epilogue: 2 + 4 bytes per element that the epilogue, loading `x` itself, does not need.
`recompute_leaves` runs after merging and prologues and moves such reads:

- the value's cone in its kernel: at most `MAX_OPS` elementwise ops (conversions not
  counted), on the value's shape and in the kernel's full space, whose other operands
  are loaded from memory, computed in place (constants, iotas) or row statistics of the
  kernel (`amax` broadcast back: the reader loads the statistic, which the kernel then
  stores; a log-softmax's `x - amax(x)` that `cse` shared between cross entropy and a
  KL term is recomputed by the KL's kernel from x and the row maxima, not stored
  whole);
- each reader that loads the value is an op in the full space of a pointwise, row or
  matmul-epilogue kernel, or a row kernel's reduction (a loss's sum over the elementwise
  terms), not a gather's source, not a matmul or attention operand (prologues.py moves
  those). The reader's kernel gets its own copy of the cone, placed
  before the reader, and reads the value in registers. The copy must fit the reader's
  space (`Partitioner.externals_fit`, `Partitioner.relation`) and read nothing computed
  by, or after, the reader's kernel (a cycle);
- it pays: the bytes the copies load that their kernels did not load before are fewer
  than the loads of the value they replace plus its store, when no kernel loads it any
  more. The original ops that nothing reads any more leave their kernel (a kernel left
  empty is not launched).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from xdsl.ir import Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.prims_support import MatmulOp
from stepwell.ir.types import tensor_sizes
from stepwell.passes.support.prologues import (
    can_read,
    elementwise,
    erase_unread,
    is_static,
    nbytes,
    view_chain,
)

if TYPE_CHECKING:
    from stepwell.passes.support.fusion import Group, Partitioner

MAX_OPS = 16
"""The most ops a reader recomputes (twice prologues.MAX_OPS: a leaf's reader is a
memory-bound pointwise or row kernel, or an epilogue, where a few more lanes of math cost
less than the store and load they replace; a KL term over two log-softmaxes is 12)."""

READER_KINDS = ("pointwise", "reduction", "matmul")
"""Kernels whose full-space ops may read a recomputed value in registers."""


def row_reduction(op: Operation, h: Group) -> bool:
    """Is `op` a reduction of row kernel `h` (its result in h's reduced space)? It reads
    its operand in h's full space, as an elementwise op does."""
    return (isinstance(op, prims.PrimsOp) and op.KIND == "reduction" and len(op.results) == 1
            and h.kind == "reduction" and h.space_of.get(op.results[0]) == "reduced")  # fmt: skip


class Leaves:
    """Finds and moves the recomputable leaves of one partition (see the module doc)."""

    def __init__(self, p: Partitioner) -> None:
        self.p = p

    def run(self) -> None:
        p = self.p
        for g in list(p.groups):
            for op in list(g.ops):
                if p.group_of.get(op) is not g or not elementwise(op):
                    continue  # (erased by an earlier move)
                if g.space_of.get(op.results[0]) == "full" and self.fuse(op.results[0], g):
                    p.renumber()  # (clones sit before their readers; cycles are checked
                    # in program order)

    def cone(self, r: SSAValue, g: Group) -> tuple[list[Operation], set[SSAValue]] | None:
        """The ops of g computing `r` from memory (in program order) and the values they
        load; None if some op of the cone reads a value g computes otherwise."""
        p = self.p
        full = tuple(tensor_sizes(r.type))
        ops: list[Operation] = []
        inputs: set[SSAValue] = set()
        math_ops = 0
        stack = [cast(Operation, r.owner)]
        while stack:
            op = stack.pop()
            if op in ops:
                continue
            ops.append(op)
            math_ops += not isinstance(op, prims.PrimsConvertElementTypeOp)
            if math_ops > MAX_OPS:  # (conversions are free: a half model rounds each
                return None  # value to its dtype and back, which doubles the ops)
            for u in op.operands:
                if p.generated(u) is not None:
                    continue  # (a constant or an iota: computed in place)
                src = u.owner
                if p.producer_group(u) is g and g.space_of.get(p.root(u)) == "reduced":
                    inputs.add(p.root(u))  # (a row statistic, loaded through its view)
                elif p.producer_group(u) is g:
                    if not (isinstance(src, Operation) and elementwise(src)
                            and g.space_of.get(u) == "full"
                            and tuple(tensor_sizes(u.type)) == full):  # fmt: skip
                        return None
                    stack.append(src)
                else:
                    inputs.add(p.root(u))
        return sorted(ops, key=p.order.__getitem__), inputs

    def loads(self, r: SSAValue, g: Group) -> list[tuple[Operation, int]] | None:
        """The uses of `r` that load it from memory, each an op of another kernel that
        could read it in registers; None if some other op loads it (a graph-level op, the
        return, a gather, a matmul): then it stays stored."""
        p = self.p
        out = []
        for user, i in p.final_uses(r):
            if g.register_uses.get((user, i), (None,))[0] is r:
                continue
            h = p.group_of.get(user)
            if (h is None or h is g or h.kind not in READER_KINDS or h.scatters
                    or isinstance(user, MatmulOp) or not (
                        elementwise(user) and h.space_of.get(user.results[0]) == "full"
                        or row_reduction(user, h))):  # fmt: skip
                return None
            out.append((user, i))
        return out

    def fuse(self, r: SSAValue, g: Group) -> bool:
        p = self.p
        found = self.cone(r, g)
        uses = self.loads(r, g) if found is not None else None
        if found is None or not uses:
            return False
        ops, inputs = found
        values = [v for op in ops for v in (*op.operands, *op.results)]
        if not all(is_static(v) for v in values if p.generated(v) is None):
            return False
        readers: dict[Group, list[tuple[Operation, int]]] = {}
        for user, i in uses:
            readers.setdefault(p.group_of[user], []).append((user, i))
        new_loads = sum(nbytes(v) for h in readers for v in inputs if v not in h.reads)
        if new_loads >= nbytes(r) * (len(readers) + 1):
            return False  # (no kernel loads r any more: its store goes too)
        if not all(can_read(p, h, inputs) for h in readers):
            return False
        if not all(p.externals_fit(op, h, "full") for op in ops for h in readers):
            return False
        copied = [self.copy_into(h, reads, r, ops) for h, reads in readers.items()]
        erase_unread(p, r, ops)  # (a reader that could not take a copy still loads r)
        return any(copied)

    def copy_into(
        self, h: Group, uses: list[tuple[Operation, int]], r: SSAValue, ops: list[Operation]
    ) -> bool:
        """Clone `ops` (and the views from `r` to each use) before the first reader in
        `h`, as full-space ops of h; False (with nothing changed) if a reader could not
        read the copy in registers."""
        p = self.p
        block = p.func.body.block
        at = min((u for u, _ in uses), key=p.order.__getitem__)
        env: dict[SSAValue, SSAValue] = {}
        clones: list[Operation] = []
        for op in ops:
            clone = op.clone(value_mapper=env)
            block.insert_op_before(clone, at)
            clones.append(clone)
            env.update(zip(op.results, clone.results, strict=True))
            p.order[clone] = p.order[at]
            rels = [(i, env[u], "full") for i, u in enumerate(op.operands) if u in env]
            p.add(h, clone, "full", rels)
        rewired: list[tuple[Operation, int, SSAValue]] = []
        for user, i in uses:
            v = user.operands[i]
            for view in view_chain(v, r):
                if view.results[0] not in env:
                    clone = view.clone(value_mapper=env)
                    block.insert_op_before(clone, at)
                    clones.append(clone)
                    env[view.results[0]] = clone.results[0]
            rel = p.relation(h, env[v])
            if rel not in ("full", "bcast"):
                for u, j, old in rewired:
                    u.operands = [*u.operands[:j], old, *u.operands[j + 1:]]
                    del h.register_uses[(u, j)]
                for clone in reversed(clones):
                    if clone in p.group_of:
                        p.detach(clone)
                    clone.detach()
                    clone.erase()
                return False
            rewired.append((user, i, v))
            user.operands = [*user.operands[:i], env[v], *user.operands[i + 1:]]
            h.register_uses[(user, i)] = (env[r], cast(str, rel))
        return True


def recompute_leaves(p: Partitioner) -> None:
    """Recompute the leaf values of partition `p` in the kernels that read them."""
    Leaves(p).run()
