"""Matmul prologues: the elementwise ops that compute a matmul's operand run in the
matmul's K loop, on each operand tile as it is loaded, instead of in another kernel that
stores the operand for the matmul to load back (Inductor's prologue fusion of templates).

Placement and merging (fusion.py) leave such ops in the kernel of their producer: a
conversion `w.float()` of a half weight in a kernel of its own, the tail `x * rstd * w`
of an RMSNorm in the norm's row kernel, which then stores the normalized rows once and
each projection reads them back. `fuse_prologues` runs after merging and moves them:

- every reader of the operand must be a matmul (through view ops: a transpose, a
  collapse). Each matmul kernel that reads it gets its own copy of the ops (cloned in the
  IR, placed before its first matmul); the originals that nothing reads any more leave
  their kernel, and a kernel left empty is not launched;
- at most `MAX_OPS` ops, each elementwise (or a conversion) on the operand's shape and
  in the full space of a pointwise or row kernel; an op of that kernel that other ops
  also read is copied (the norm's `x - mean`), one that is read from memory is loaded;
- the ops read at most the operand's own bytes plus an eighth (broadcast vectors: the
  norm's weight, its per-row statistics), and what their kernel must store for them
  that it did not store before (the norm's `rstd`) is at most an eighth of the operand:
  the operand's store and load are saved for a few more small reads; or what they read
  and the new stores together are at most the operand's bytes (a half value stored in
  place of its float32 widening, which the K loop then widens);
- a read never makes a cycle: not of a value the matmul kernel computes, nor of one that
  a kernel depending on the matmul kernel computes;
- with symbolic sizes the eighth is judged by structure (`small_by_structure`).

In the matmul kernel the copied ops have the space `SPACE`; kernels.py emits them in
the K loop, in the operand tile's layout, and zeroes the lanes past K.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.prims_support import CheckIndexOp, MatmulOp
from stepwell.ir.types import has_sizes, tensor_sizes
from stepwell.passes.support.views import is_view_op, view_of, view_through

if TYPE_CHECKING:
    from stepwell.passes.support.fusion import Group, Partitioner

MAX_OPS = 8
"""The most ops a prologue recomputes (per operand tile, in every K step)."""

SPACE = "operand"
"""`Group.space_of` of a prologue op's result: computed on the matmul's operand tiles."""


def elementwise(op: object) -> bool:
    """An op a prologue may recompute: elementwise or a conversion, one result (not an
    index check, whose assert needs the lanes of a pointwise or row kernel's space)."""
    return (
        isinstance(op, prims.PrimsOp)
        and not isinstance(op, CheckIndexOp)
        and len(op.results) == 1
        and (op.KIND == "elementwise" or isinstance(op, prims.PrimsConvertElementTypeOp))
    )


def width(v: SSAValue) -> int:
    """Bytes an element of tensor `v` takes (a bool: 1)."""
    element = cast(TensorType[Attribute], v.type).element_type
    return max(1, getattr(element, "bitwidth", 32) // 8)


def nbytes(v: SSAValue) -> int:
    size = 1
    for d in cast(TensorType[Attribute], v.type).get_shape():
        size *= d
    return size * width(v)


def is_static(v: SSAValue) -> bool:
    return isinstance(v.type, TensorType) and all(d >= 0 for d in v.type.get_shape())


def view_chain(v: SSAValue, root: SSAValue) -> list[Operation]:
    """The view ops from `root` down to `v`, first to last."""
    chain: list[Operation] = []
    while v is not root:
        op = cast(Operation, v.owner)
        chain.append(op)
        v = op.operands[0]
    return chain[::-1]


class Prologues:
    """Finds and moves the prologues of one partition (see the module doc)."""

    def __init__(self, p: Partitioner) -> None:
        self.p = p

    def run(self) -> None:
        p = self.p
        roots: dict[SSAValue, None] = {}  # (in order, each once)
        for g in p.groups:
            if g.kind != "matmul":
                continue
            for op in g.ops:
                if isinstance(op, MatmulOp):
                    roots.update((p.root(v), None) for v in (op.lhs, op.rhs))
        moved = False
        for r in roots:
            moved |= self.fuse(r)
        if moved:  # clones sit before their matmuls: renumber, keeping each kernel in order
            p.renumber()

    def cone(self, r: SSAValue) -> tuple[Group, list[Operation], set[SSAValue]] | None:
        """The kernel computing `r`, the ops a prologue recomputes for it (in program
        order) and the values it reads from memory; None if `r` has no prologue."""
        p = self.p
        owner = r.owner
        g = p.group_of.get(owner) if elementwise(owner) else None  # type: ignore[arg-type]
        if g is None or g.kind not in ("pointwise", "reduction") or g.scatters:
            return None
        if g.space_of.get(r) != "full":
            return None
        full = tuple(tensor_sizes(r.type))
        ops: list[Operation] = []
        inputs: set[SSAValue] = set()
        stack = [cast(Operation, owner)]
        while stack:
            op = stack.pop()
            if op in ops:
                continue
            ops.append(op)
            if len(ops) > MAX_OPS:
                return None
            for u in op.operands:
                if p.generated(u) is not None:
                    continue  # (a constant or an iota: computed in place)
                src = u.owner
                same = tuple(tensor_sizes(u.type)) == full
                if same and elementwise(src) and p.group_of.get(src) is g and (  # type: ignore[arg-type]
                    g.space_of.get(u) == "full" and not self.stored(u, g)
                ):  # (a value g stores anyway is loaded: no more reads than recomputing it)
                    stack.append(cast(Operation, src))
                elif view_of(u, p.materialized) is None:
                    return None
                else:
                    inputs.add(p.root(u))
        return g, sorted(ops, key=p.order.__getitem__), inputs

    def stored(self, v: SSAValue, g: Group) -> bool:
        """Does kernel g store `v` (as `Partitioner.outputs` decides: an op outside g, or
        not in registers, reads it)?"""
        uses = self.p.final_uses(v)
        return any(g.register_uses.get(use, (None,))[0] is not v for use in uses)

    def worth_it(
        self, r: SSAValue, g: Group, ops: list[Operation], inputs: set[SSAValue]
    ) -> bool:
        """Do the prologue's reads and the stores it adds cost less than the operand's
        round trip through memory (the module doc's eighth)? With symbolic sizes, the
        same by structure: at most one input read in full, in a dtype no wider than the
        operand's, the others broadcast; new stores only of per-row (reduced) values."""
        p = self.p
        if not all(is_static(v) for v in (r, *inputs)):
            return self.small_by_structure(r, g, ops, inputs)

        size = nbytes(r)
        reads = sum(nbytes(v) for v in inputs)
        new_stores = sum(
            nbytes(v) for v in inputs if p.producer_group(v) is g and not self.stored(v, g)
        )
        if reads <= size + size // 8 and new_stores <= size // 8:
            return True
        # (or the kernel stores a narrower value in the operand's place: a bfloat16
        # norm output that a float32 conversion widened for the product, now widened in
        # the K loop, stored and loaded at half the bytes)
        return reads + new_stores <= size

    def small_by_structure(
        self, r: SSAValue, g: Group, ops: list[Operation], inputs: set[SSAValue]
    ) -> bool:
        p = self.p
        computed = {res for op in ops for res in op.results}
        full: set[SSAValue] = set()
        for op in ops:
            for u in op.operands:
                if u in computed or p.generated(u) is not None:
                    continue
                w = view_of(u, p.materialized)
                if w is None:
                    return False
                if all(st != 0 or n == 1 for n, st in zip(w.sizes, w.strides, strict=True)):
                    full.add(p.root(u))
        if len(full) > 1 or any(width(v) > width(r) for v in full):
            return False
        return all(
            g.space_of.get(v) == "reduced"
            for v in inputs
            if p.producer_group(v) is g and not self.stored(v, g)
        )

    def readers(self, r: SSAValue) -> dict[Group, list[tuple[MatmulOp, int]]] | None:
        """The matmul kernels reading `r` and where; None if anything else reads it."""
        p = self.p
        out: dict[Group, list[tuple[MatmulOp, int]]] = {}
        for user, i in p.final_uses(r):
            m = p.group_of.get(user)
            if not isinstance(user, MatmulOp) or m is None or m.kind != "matmul":
                return None
            out.setdefault(m, []).append((user, i))
        return out or None

    def laid_out(
        self, r: SSAValue, ops: list[Operation], readers: dict[Group, list[tuple[MatmulOp, int]]]
    ) -> bool:
        """Can every input the ops load be read through the views from `r` to each
        matmul that reads it? (A broadcast over a dim that a collapse to the matmul's
        rows merges has no strides: `x + p` of a `[B, S, D]` x and an `[S, D]` p.)"""
        p = self.p
        computed = {res for op in ops for res in op.results}
        for op in ops:
            for u in op.operands:
                if u in computed or p.constant(u) is not None or p.size_fill(u) is not None:
                    continue
                w = view_of(u, p.materialized)
                for uses in readers.values():
                    for mm, i in uses:
                        if w is None or view_through(mm.operands[i], r, w) is None:
                            return False
        return True

    def fuse(self, r: SSAValue) -> bool:
        found = self.cone(r)
        readers = self.readers(r)
        if found is None or readers is None:
            return False
        g, ops, inputs = found
        p = self.p
        values = [v for op in ops for v in (*op.operands, *op.results)]
        values += [mm.result for uses in readers.values() for mm, _ in uses]
        if not all(has_sizes(v.type) for v in values):  # (static, or `?` sizes stepwell computes)
            return False
        if not self.worth_it(r, g, ops, inputs):
            return False
        if not all(can_read(p, m, inputs) for m in readers):
            return False
        if not self.laid_out(r, ops, readers):
            return False
        for m, uses in readers.items():
            self.copy_into(m, uses, r, ops)
        erase_unread(p, r, ops)
        return True

    def copy_into(
        self, m: Group, uses: list[tuple[MatmulOp, int]], r: SSAValue, ops: list[Operation]
    ) -> None:
        """Clone the prologue `ops` (and the views from `r` to each use) before the first
        matmul of `m` that reads `r`, as ops of `m` in the space `SPACE`."""
        p = self.p
        block = p.func.body.block
        at = min((mm for mm, _ in uses), key=p.order.__getitem__)
        env: dict[SSAValue, SSAValue] = {}
        for op in ops:
            clone = op.clone(value_mapper=env)
            block.insert_op_before(clone, at)
            env.update(zip(op.results, clone.results, strict=True))
            p.group_of[clone] = m
            m.ops.append(clone)
            m.space_of[clone.results[0]] = SPACE
            for i, u in enumerate(op.operands):
                if u in env:
                    m.register_uses[(clone, i)] = (env[u], SPACE)
                elif p.generated(u) is None:
                    root = p.root(u)
                    if root not in m.reads:
                        m.reads.add(root)
                        p.readers.setdefault(root, []).append(m)
        copied = env[r]
        for mm, i in uses:
            v = mm.operands[i]
            for view in view_chain(v, r):
                if view.results[0] not in env:
                    clone = view.clone(value_mapper=env)
                    block.insert_op_before(clone, at)
                    env[view.results[0]] = clone.results[0]
            operands = list(mm.operands)
            operands[i] = env[v]
            mm.operands = operands
            m.register_uses[(mm, i)] = (copied, SPACE)

def can_read(p: Partitioner, m: Group, inputs: set[SSAValue]) -> bool:
    """Can kernel `m` load `inputs`: none is its own value or one of a node that depends
    on it (which would make a cycle between kernels)?"""
    for v in inputs:
        for node in p.sources(v):
            if node is m:
                return False
            if m in p.producers(node) or p.depends_on(node, m):  # type: ignore[arg-type]
                return False
    return True


def erase_unread(p: Partitioner, r: SSAValue, ops: list[Operation]) -> None:
    """Erase the views of `r` and the ops of `ops` that nothing reads now, after their
    readers got copies (those other ops still read stay in their kernel)."""
    views: list[Operation] = []
    stack = [r]
    while stack:
        v = stack.pop()
        for use in v.uses:
            if is_view_op(use.operation) and use.operation not in views:
                views.append(use.operation)
                stack.append(use.operation.results[0])
    for op in sorted([*views, *ops], key=p.order.__getitem__, reverse=True):
        if any(res.uses for res in op.results):
            continue
        if op in p.group_of:
            p.detach(op)
        op.detach()
        op.erase()


def fuse_prologues(p: Partitioner) -> None:
    """Move the matmul prologues of partition `p` into their matmul kernels."""
    Prologues(p).run()
