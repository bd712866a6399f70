"""Fusion decisions: which prims ops share a kernel.

Ops are visited in program order. A compute op joins the kernel (`Group`) of one of its
producers when its values line up with that kernel's iteration space, and otherwise
starts a new one:

- pointwise ops of one element count form one kernel (reshapes of in-kernel values keep
  element order, so they are free);
- a reduction joins the pointwise kernel of its input (which becomes a row kernel: rows
  are the kept dims, columns the reduced ones) or a row kernel reducing the same dims;
  pointwise ops on the reduced values, and on full rows that read them back through
  `broadcast_in_dim`, join too: softmax, layer_norm and RMSNorm are one kernel each;
- a matmul starts a kernel whose output tile its pointwise consumers (bias, activation,
  residual, scaling, casts) join as an epilogue, and the elementwise ops computing its
  operands (a cast, a norm's tail) run on its operand tiles as a prologue (prologues.py);
- `prims.attention` is a flash-attention kernel of its own (attention_kernel.py).

View ops are never kernels: a view of a value is read through a strided view. Joining
never duplicates an op (no reduction is recomputed; a prologue copies elementwise ops
only) and never creates a cycle between kernels; every value used outside its kernel is
stored exactly once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from xdsl.dialects.builtin import DYNAMIC_INDEX, ArrayAttr, IntegerAttr, TensorType
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Block, Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.codecs import decode
from stepwell.dialects.prims_support import (
    ArgReduceOp,
    AttentionBackwardOp,
    AttentionOp,
    MatmulOp,
    ScanIndexOp,
    ScanOp,
    ScatterOp,
    SliceOp,
    SortOp,
    TakeOp,
)
from stepwell.dialects.tile import FRESH_OPS
from stepwell.ir.sizes import Size, product
from stepwell.ir.types import has_exotic_types, has_sizes, is_float, tensor_sizes
from stepwell.passes.support import attention_backward_kernel, attention_kernel, heuristics
from stepwell.passes.support.constants import fill_size
from stepwell.passes.support.kernel_kinds import KERNEL_KINDS
from stepwell.passes.support.leaves import recompute_leaves
from stepwell.passes.support.prologues import fuse_prologues
from stepwell.passes.support.symbolic import is_size_arithmetic, scalar_size
from stepwell.passes.support.tile_rules import TILE_RULES, TileBuilder
from stepwell.passes.support.views import (
    VIEW_RULES,
    View,
    contiguous_strides,
    copy_into,
    is_view_op,
    refine,
    view_of,
)

MERGE_KINDS = ("producer", "sibling", "same-space")
"""Kinds of kernel pairs merging considers, best first (see `Partitioner.merge_groups`)."""

GENERATED = (prims.PrimsFullOp, prims.PrimsIotaOp)
ATTENTION_KINDS = frozenset(("attention", "attention_backward"))
"""Kernels built whole around one primitive: nothing joins or merges with them."""
"""Ops whose values a kernel computes where it reads them (never loaded from memory)."""

REDUCTIONS: dict[type[Operation], str] = {
    prims.PrimsSumOp: "sum",
    prims.PrimsProdOp: "prod",
    prims.PrimsAmaxOp: "max",
    prims.PrimsAminOp: "min",
    prims.PrimsVarOp: "var",
}
"""Reductions a row kernel computes, by prims class."""


def gathered_from(op: Operation, i: int) -> bool:
    """Is operand i of op a tensor the kernel reads at computed element indices (the
    source of a `prims.take`, or of a flip that a kernel copies: `prims.rev`), or one it
    starts a result from (the operand a `prims.scatter` writes into), rather than one
    value per lane of its space?"""
    return isinstance(op, TakeOp | ScatterOp | prims.PrimsRevOp) and i == 0


SCATTER_TYPES: dict[str, tuple[str, ...]] = {
    "none": ("f16", "bf16", "f32", "f64", "i1", "i8", "i16", "i32", "i64"),
    "sum": ("f16", "f32", "f64", "i32", "i64"),
    "amax": ("i32", "i64"),
    "amin": ("i32", "i64"),
}
"""Element types each `prims.scatter` kind has a Triton store or atomic for on every
target that gives eager's result: no bfloat16 atomic add, and no float atomic max/min
(Triton's compare the bits as integers, so a NaN does not win as it does in eager)."""


def shape(v: SSAValue) -> tuple[Size, ...]:
    """The sizes of a tensor value; a `?` dim is the expression its type names."""
    return tuple(tensor_sizes(v.type))


def static_shape(v: SSAValue) -> tuple[int, ...]:
    """The type's dims as they are (`?` is DYNAMIC_INDEX)."""
    return tuple(cast(TensorType[Attribute], v.type).get_shape())


def is_static_tensor(v: SSAValue) -> bool:
    return isinstance(v.type, TensorType) and all(d >= 0 for d in static_shape(v))


def is_sized_tensor(v: SSAValue) -> bool:
    """A tensor whose `?` dims all have sizes stepwell can compute (stepwell.ir.sizes)."""
    return has_sizes(v.type)


def _element(v: SSAValue) -> Attribute:
    return cast(TensorType[Attribute], v.type).element_type


def matmul_inner(op: MatmulOp) -> int:
    """The K (inner) size of a matmul."""
    lhs = shape(op.lhs)
    return lhs[-2] if op.flags()[0] else lhs[-1]


def reduce_dims(op: Operation) -> tuple[int, ...]:
    from stepwell.dialects.tile import int_list

    if isinstance(op, ArgReduceOp):
        return (op.dim.value.data,)
    dims = op.properties.get("dims")
    rank = len(shape(op.operands[0]))
    return tuple(sorted(int_list(dims))) if dims is not None else tuple(range(rank))


def dynamic_attributes(op: Operation) -> bool:
    """Does a view op hold `?` in an argument (a symbolic broadcast's shape), which ATen
    cannot run at graph level? (Reshapes evaluate theirs from their input's sizes.)"""
    if isinstance(op, prims.PrimsReshapeOp | prims.PrimsCollapseOp | prims.PrimsSplitDimOp):
        return False
    return any(
        isinstance(a, ArrayAttr) and any(
            isinstance(x, IntegerAttr) and x.value.data == DYNAMIC_INDEX for x in a.data)
        or isinstance(a, IntegerAttr) and a.value.data == DYNAMIC_INDEX
        for a in op.properties.values()
    )  # fmt: skip


@dataclass(eq=False)
class Group:
    """One future kernel: its ops in order and the space its values live in."""

    kind: str  # a tile.KERNEL_KINDS name
    shape: tuple[int, ...]  # the full iteration space, in the program's dim order
    dims: tuple[int, ...] = ()  # reduced dims (row kernels)
    ops: list[Operation] = field(default_factory=list)
    space_of: dict[SSAValue, str] = field(default_factory=dict)  # "full" | "reduced"
    # (op, operand index) -> how an in-kernel value reaches it: full/reduced/bcast
    register_uses: dict[tuple[Operation, int], tuple[SSAValue, str]] = field(default_factory=dict)
    shapes: set[tuple[int, ...]] = field(default_factory=set)
    reads: set[SSAValue] = field(default_factory=set)  # graph-level tensors it loads
    index: int = 0  # creation order (later kernels are tried first)
    scatters: int = 0  # prims.scatter ops in it (the kernel then stays pointwise)
    # a copy's result (space "copied") -> its memory as a view indexed like the kernel's
    # space, and how many of the view's dims each dim of `shape` covers (views.refine);
    # a row value's copy (space "reduced") -> its memory indexed like the value's, ()
    copied: dict[SSAValue, tuple[View, tuple[int, ...]]] = field(default_factory=dict)
    first: int = -1  # program position of its first and last op
    last: int = -1

    @property
    def perm(self) -> list[int]:
        kept = [d for d in range(len(self.shape)) if d not in self.dims]
        return kept + list(self.dims)

    @property
    def rows(self) -> tuple[int, ...]:
        return tuple(self.shape[d] for d in range(len(self.shape)) if d not in self.dims)

    @property
    def cols(self) -> tuple[int, ...]:
        return tuple(self.shape[d] for d in self.dims)

    @property
    def numel(self) -> int:
        return math.prod(self.shape)


def is_identity(view: View, target: tuple[int, ...]) -> bool:
    """Does `view` read its source in row-major order as a tensor of shape `target`?"""
    v = view.reshape(target)
    if v is None or v.offset != 0:
        return False
    return all(
        s == c or size == 1
        for s, c, size in zip(v.strides, contiguous_strides(target), target, strict=True)
    )


@dataclass
class Partition:
    """The result: kernels, the ops left at graph level, and what each kernel stores."""

    groups: list[Group]
    group_of: dict[Operation, Group]
    graph_ops: set[Operation]  # run at graph level (fallback ops, inexpressible views)
    outputs: dict[Group, list[SSAValue]]


class Partitioner:
    def __init__(self, func: FuncOp) -> None:
        self.func = func
        self.order = {op: i for i, op in enumerate(func.body.block.ops)}
        self.group_of: dict[Operation, Group] = {}
        self.groups: list[Group] = []
        self.readers: dict[SSAValue, list[Group]] = {}  # tensor -> kernels that load it
        self.graph_ops: set[Operation] = set()
        self.replaying = False  # merge_groups checks cycles once per pair, not per op
        self.refused: set[tuple[Group, Group]] = set()  # pairs that could not merge
        self.merged: set[Group] = set()  # kernels made by merging (their ops may span)
        self.copies: set[Operation] = set()  # views strides cannot express: copy kernels

    # -- what a value is ------------------------------------------------------------------
    def materialized(self, v: SSAValue) -> bool:
        """Is `v` a tensor in memory (not a view op's result, unless the view is computed
        at graph level or copied by a kernel)?"""
        owner = v.owner
        return (
            not (isinstance(owner, Operation) and is_view_op(owner))
            or owner in self.graph_ops
            or owner in self.copies
            or owner in self.group_of  # (a leading slice a kernel stores: store_prefixes)
        )

    def root(self, v: SSAValue) -> SSAValue:
        """The value `v` is a view of (through view ops not run at graph level)."""
        while not self.materialized(v):
            v = cast(Operation, v.owner).operands[0]
        return v

    def constant(self, v: SSAValue) -> prims.PrimsFullOp | None:
        full = self.generated(v)
        return full if isinstance(full, prims.PrimsFullOp) and not full.operands else None

    def generated(self, v: SSAValue) -> Operation | None:
        """The `prims.full` or `prims.iota` `v` views, if kernels compute its values in
        place (a splat; `start + step * index`) instead of reading them from memory."""
        r = self.root(v)
        op = r.owner
        if isinstance(op, GENERATED) and is_sized_tensor(r) and (
            not op.operands or self.size_fill(r) is not None
        ):  # (an iota's index math, a size fill, read sizes from the size arguments)
            return op
        return None

    def size_fill(self, v: SSAValue) -> Size | None:
        """The size the `prims.full` that `v` views is filled with, when its fill value
        is a size operand (a size as data: `idx * s0` in a gather's offsets)."""
        size = fill_size(self.root(v).owner)
        return None if size is None else scalar_size(size)

    # -- partition --------------------------------------------------------------------------
    def run(self) -> Partition:
        self.copy_scattered_operands()
        self.copy_symbolic_views()
        ops = list(self.func.body.block.ops)
        self.copy_unexpressible_views(ops)
        compute = [op for op in ops if self.is_kernel_op(op)]
        is_compute = set(compute)
        for op in ops:  # everything else runs at graph level, with the views it reads
            if not (isinstance(op, ReturnOp) or is_view_op(op) or op in is_compute):
                if not (isinstance(op, GENERATED) and self.generated(op.results[0])):
                    self.graph_ops.add(op)
        self.views_for_graph_ops(ops)
        for op in ops:  # a gather reads its source through strides, or from a copy
            if isinstance(op, TakeOp) and op in is_compute:
                owner = op.a.owner
                if isinstance(owner, Operation) and is_view_op(owner):
                    if view_of(op.a, self.materialized) is None:
                        self.graph_ops.add(owner)
                        self.views_for_graph_ops([owner])
        for op in ops:  # a scatter's result starts as a copy of a whole tensor
            if isinstance(op, ScatterOp) and op in is_compute:
                owner = op.a.owner
                if isinstance(owner, Operation) and is_view_op(owner) and owner not in self.copies:
                    self.graph_ops.add(owner)
                    self.views_for_graph_ops([owner])
        # a view made at graph level above (one the return reads) is the tensor later
        # views start from, in its own layout: those strides cannot express are copied
        self.copy_unexpressible_views(ops)
        fills = []  # constants read from memory: a fill kernel each (an ATen call if empty)
        for op in self.needed_constants(ops):
            if math.prod(shape(op.results[0])) > 0:
                fills.append(op)
            else:
                self.graph_ops.add(op)
        for op in compute:
            self.place(op)
        for op in sorted(fills, key=self.order.__getitem__):  # (merging may join them)
            self.new_group(op, "pointwise", shape(op.results[0]))
        for op in sorted(self.copies, key=self.order.__getitem__):
            producer = self.producer_group(op.operands[0])
            if producer is not None and producer.kind == "attention" and (
                    self.join_attention_copy(op, producer)):  # fmt: skip
                continue
            # a copy walks its operand's elements in order: the space is the operand's
            self.new_group(op, "pointwise", shape(op.operands[0]))
        self.merge_groups()
        fuse_prologues(self)
        recompute_leaves(self)
        self.store_prefixes()
        return Partition(self.groups, self.group_of, self.graph_ops, self.outputs())

    def renumber(self) -> None:
        """After ops were cloned into the block (prologues, leaves): program order again,
        each kernel's ops in it, and kernels left empty dropped."""
        self.order = {op: i for i, op in enumerate(self.func.body.block.ops)}
        self.groups = [g for g in self.groups if g.ops]
        for g in self.groups:
            g.ops.sort(key=self.order.__getitem__)
            g.first, g.last = self.order[g.ops[0]], self.order[g.ops[-1]]

    def store_prefixes(self) -> None:
        """A kernel's value that is read only through leading slices (start 0, step 1 in
        every dim: `topk`'s `sort(x)[..., :k]`), by the graph or by other kernels (the
        softmax over the top k of a mixture-of-experts router), is stored as those
        slices: each joins the kernel as a store of the value's tile into the slice's own
        memory, the lanes past its end masked (space "copied"), instead of the kernel
        storing the whole value for the graph or its readers to view a corner of it."""
        for op in sorted(self.prefix_slices(), key=self.order.__getitem__, reverse=True):
            if op in self.group_of or not (op in self.graph_ops or self.read_by_kernels(op)):
                continue  # (an inner slice of a chain already stored)
            chain, v = [op], op.a  # (`y[:5, :7]` is a slice of a slice: one box)
            while (isinstance(v.owner, SliceOp) and self.prefix_slice(v.owner)
                   and v.owner in self.graph_ops and v.has_one_use()):  # fmt: skip
                chain.append(v.owner)
                v = v.owner.a
            g = self.group_of.get(cast(Operation, v.owner))
            if g is None or g.space_of.get(v) != "full" or shape(v) != g.shape:
                continue
            if not KERNEL_KINDS[g.kind].stores_copies:
                continue
            if not all(isinstance(u, SliceOp) and self.prefix_slice(u)
                       and (u in self.graph_ops or self.read_by_kernels(u, g))
                       for u in (use.operation for use in v.uses)):  # fmt: skip
                continue  # (the whole value is read elsewhere: it is stored anyway)
            box = static_shape(op.result)
            if not all(b == n for dims in self.tile_axes(g) for d in dims[1:]
                       for b, n in [(box[d], g.shape[d])]):  # fmt: skip
                continue  # (a tile axis over several dims masks only its outermost)
            self.graph_ops.difference_update(chain)  # (the inner slices: views of nothing)
            g.copied[op.result] = (View(op.result, 0, box, contiguous_strides(box)),
                                   (1,) * len(box))  # fmt: skip
            last = g.last  # (`add` moves it to op's position, which may come earlier)
            self.add(g, op, "copied", [(0, v, "copied")])
            g.last = max(last, self.order[op])

    def prefix_slices(self) -> list[SliceOp]:
        return [op for op in self.func.body.block.ops
                if isinstance(op, SliceOp) and self.prefix_slice(op)]  # fmt: skip

    def prefix_slice(self, op: SliceOp) -> bool:
        """A leading box that a kernel could store: at graph level or a plain view."""
        return self.leading_box(op) and op not in self.copies

    def read_by_kernels(self, op: SliceOp, g: Group | None = None) -> bool:
        """Is view `op` (not at graph level) read only by ops of kernels other than the
        one computing its source (`g`, when known), each loading it from memory?"""
        if op in self.graph_ops or op in self.group_of:
            return False
        source = self.group_of.get(cast(Operation, self.root(op.a).owner))
        uses = self.final_uses(op.result)
        return bool(uses) and all(
            (h := self.group_of.get(u)) is not None and h is not (g or source)
            and (u, i) not in h.register_uses
            for u, i in uses
        )  # fmt: skip

    def leading_box(self, op: SliceOp) -> bool:
        return is_static_tensor(op.a) and is_static_tensor(op.result) and all(
            start == 0 and step == 1 for start, _, step in op.bounds()
        )

    @staticmethod
    def tile_axes(g: Group) -> list[list[int]]:
        """The dims of g's space each tile axis of its kind walks, outermost first (the
        dims behind kernel_kinds.py's `groups_for` of the full space)."""
        rank = len(g.shape)
        if g.kind == "reduction":
            return [[d for d in range(rank) if d not in g.dims], list(g.dims)]
        if g.kind == "matmul":
            return [list(range(rank - 2)), [rank - 2], [rank - 1]]
        return [list(range(rank))]

    def copy_symbolic_views(self) -> None:
        """A view with `?` in its arguments (a slice or broadcast at symbolic sizes) has
        no ATen form to run at graph level: where the return or a graph-level op reads it
        (through views or not), a kernel copies it (`prims.clone`, which reads it through
        strides its size arguments compute), and they read the copy."""
        block = self.func.body.block
        for op in list(block.ops):
            if not (is_view_op(op) and dynamic_attributes(op) and self.copyable(op)):
                continue
            v = op.results[0]
            readers = [u for u in v.uses if not self.is_kernel_op(u.operation)]
            if not any(self.read_at_graph_level(u.operation) for u in readers):
                continue
            clone = prims.PrimsCloneOp.create(operands=[v], result_types=[v.type])
            block.insert_op_after(clone, op)
            for u in readers:
                u.operation.operands[u.index] = clone.results[0]
        self.order = {op: i for i, op in enumerate(block.ops)}

    def read_at_graph_level(self, op: Operation) -> bool:
        """Is `op` (or, for a view, what reads it) the return or an op no kernel runs?"""
        if is_size_arithmetic(op):
            return False  # (it reads its operands' types, not their values)
        if not is_view_op(op):
            return not self.is_kernel_op(op)
        return any(self.read_at_graph_level(u.operation) for r in op.results for u in r.uses)

    def copy_scattered_operands(self) -> None:
        """A scatter kernel writes into its operand's memory, which must be its own: a
        kernel's result that nothing else reads is (the launch donates it), anything else
        (an argument, a view, a value read elsewhere) is first copied by a kernel
        (`prims.clone`), as Inductor copies before scattering, instead of by ATen."""
        block = self.func.body.block
        for op in list(block.ops):
            if not (isinstance(op, ScatterOp) and self.is_kernel_op(op)):
                continue
            a, owner = op.a, op.a.owner
            computed = isinstance(owner, Operation) and not is_view_op(owner) and (
                self.is_kernel_op(owner) or owner.name in FRESH_OPS
            )
            if (computed and a.has_one_use()) or not math.prod(shape(a)) > 0:
                continue  # (a kernel scatters static tensors of plain types only)
            clone = prims.PrimsCloneOp.create(operands=[a], result_types=[a.type])
            block.insert_op_before(clone, op)
            op.operands = [clone.results[0], *op.operands[1:]]
        self.order = {op: i for i, op in enumerate(block.ops)}

    def views_for_graph_ops(self, ops: list[Operation]) -> None:
        """Graph-level ops (and the return) read tensors: views they read are computed,
        as ATen views; a flip (`prims.rev`, a copy in ATen too) is a copy kernel."""
        for op in reversed(ops):
            if is_size_arithmetic(op):
                continue  # (it reads its operands' types, not their values)
            if op in self.graph_ops or isinstance(op, ReturnOp):
                for v in op.operands:
                    owner = v.owner
                    if isinstance(owner, Operation) and is_view_op(owner):
                        if owner in self.copies:
                            continue
                        if isinstance(owner, prims.PrimsRevOp) and self.copyable(owner):
                            self.copies.add(owner)
                        else:
                            self.graph_ops.add(owner)

    def copy_unexpressible_views(self, ops: list[Operation]) -> None:
        """Views that strides cannot express, and that something reads in memory, are
        copied by a kernel (or made at graph level where no kernel can copy them)."""
        for op in ops:
            if (is_view_op(op) and op not in self.copies and op not in self.graph_ops
                    and view_of(op.results[0], self.materialized) is None
                    and self.read_in_memory(op)):  # fmt: skip
                if self.copyable(op):
                    self.copies.add(op)
                else:
                    self.graph_ops.add(op)

    def read_in_memory(self, op: Operation) -> bool:
        """Must the view `op` makes (one strides cannot express) be in memory for an op
        that reads it, directly or through the views after it? Not when every op other
        than a view that reads it is a kernel op reading a strided view of the tensor
        under them all: nn.MultiheadAttention's (L, B, 3·E) projection viewed as
        (L, B·H, D) merges two dims of different strides, and the (B, H, L, D) view
        attention reads splits them again (`views.Grouped`). The return and graph-level
        ops take it from memory (a returned copy gives eager's strides)."""
        stack = [op.results[0]]
        while stack:
            v = stack.pop()
            for use in v.uses:
                reader = use.operation
                if is_view_op(reader):
                    stack.append(reader.results[0])
                elif not self.is_kernel_op(reader) or view_of(v, self.materialized) is None:
                    return True
        return False

    @staticmethod
    def copyable(op: Operation) -> bool:
        """Can a kernel copy op's result (not empty, no exotic dtype)? Symbolic sizes too:
        a launch whose grid is empty at some size runs nothing."""
        size = product(shape(op.results[0])) if all(
            is_sized_tensor(v) for v in (*op.operands, *op.results)) else 0  # fmt: skip
        return not has_exotic_types(op) and (not isinstance(size, int) or size > 0)

    def is_kernel_op(self, op: Operation) -> bool:
        """Can a kernel compute `op`? (Decided before grouping: grouping never fails.)"""
        if not op.results:
            return False
        if not all(is_static_tensor(v) for v in (*op.operands, *op.results)):
            if not self.symbolic_kernel_op(op):
                return False
        if has_exotic_types(op):  # complex, float8, wide unsigned: ATen computes them
            return False
        if isinstance(op, MatmulOp):
            return is_float(cast(TensorType[Attribute], op.result.type).element_type)
        if isinstance(op, AttentionOp):
            return attention_kernel.supported(op)
        if isinstance(op, AttentionBackwardOp):
            return attention_backward_kernel.supported(op)
        if isinstance(op, TakeOp):  # a gather: its source is read from memory
            return True
        if isinstance(op, ScatterOp):  # stores or atomics into a copy of its operand
            element = str(cast(TensorType[Attribute], op.a.type).element_type)
            return element in SCATTER_TYPES.get(op.reduce.data, ())
        if isinstance(op, ScanIndexOp):  # rows that one tile covers
            row = shape(op.x)[op.dim.value.data]
            return 0 < row <= heuristics.MAX_ROW
        if isinstance(op, SortOp):  # rows a bitonic network sorts in one tile
            row = shape(op.x)[op.dim.value.data]
            return 0 < row <= heuristics.MAX_SORT and str(_element(op.x)) != "i1"
        if isinstance(op, ArgReduceOp):  # a row longer than one tile: a looped kernel
            row = shape(op.x)[op.dim.value.data]
            return (not isinstance(row, int) or row > 0) and str(_element(op.x)) != "i1"
        if isinstance(op, ScanOp):  # rows longer than one tile: carried across tiles
            row = shape(op.x)[op.dim.value.data] if shape(op.x) else 0
            if not isinstance(row, int):
                return True  # (symbolic_kernel_op decided)
            return row > 0 and (row <= heuristics.MAX_ROW or op.kind.data != "logsumexp")
        if type(op) in REDUCTIONS:
            rank = len(shape(op.operands[0]))
            return rank > 0 and op.properties.get("output_dtype") is None and bool(reduce_dims(op))
        return type(op) in TILE_RULES and len(op.results) == 1 and self.rule_applies(op)

    def symbolic_kernel_op(self, op: Operation) -> bool:
        """Can a kernel with symbolic sizes compute `op`? Pointwise ops, iotas, gathers,
        reductions and scans (a symbolic row length makes a looped kernel; not
        logsumexp's scan), sorts and cummax/cummin along a static row, matmuls and
        attention (symbolic lengths and batch); everything else with a `?` dim runs at
        graph level."""
        tensors = [v for v in (*op.operands, *op.results) if isinstance(v.type, TensorType)]
        if len(tensors) != len(op.operands) + len(op.results) or not all(
            is_sized_tensor(v) for v in tensors
        ):
            return False
        if isinstance(op, MatmulOp):
            return True  # a symbolic K is the loop's trip count, masked at its end
        if isinstance(op, AttentionOp):
            return True  # symbolic lengths and batch: its grid and key loop (`supported`)
        if isinstance(op, TakeOp):
            return True  # a gather: masked by its source's element count
        if isinstance(op, ScatterOp):
            return True  # a kernel over the values it writes, its operand copied first
        if isinstance(op, ScanOp):  # a symbolic row: carried across the loop's tiles
            return op.kind.data != "logsumexp"  # (whose looped form is not built yet)
        if isinstance(op, ArgReduceOp):  # a symbolic row: a looped kernel
            return True
        if isinstance(op, ScanIndexOp | SortOp):  # symbolic rows of a static length: one
            return isinstance(shape(op.x)[op.dim.value.data], int)  # tile covers each
        if type(op) in REDUCTIONS:  # a symbolic row: a looped kernel (var reads its length
            return True  # from the size arguments)
        return type(op) in TILE_RULES and not isinstance(op, GENERATED)

    def place(self, op: Operation) -> None:
        """Put a kernel op into the kernel of a producer, or into a new kernel."""
        if isinstance(op, MatmulOp):
            self.new_group(op, "matmul", shape(op.result))
        elif isinstance(op, AttentionOp):
            self.new_group(op, "attention", shape(op.result))
        elif isinstance(op, AttentionBackwardOp):
            self.new_group(op, "attention_backward", shape(op.grad_query))
        elif type(op) in REDUCTIONS or isinstance(op, ArgReduceOp):
            dims = reduce_dims(op)
            if not self.place_row_op(op, dims, "reduced"):
                self.new_group(op, "reduction", shape(op.operands[0]), dims)
        elif isinstance(op, ScanOp | ScanIndexOp | SortOp):  # a row kernel keeping every element
            dims = (op.dim.value.data,)
            if not self.place_row_op(op, dims, "full"):
                self.new_group(op, "reduction", shape(op.x), dims)
        elif isinstance(op, ScatterOp):  # a pointwise kernel over the values it writes
            if not any(self.join_pointwise(op, g) for g in self.candidates(op)):
                self.new_group(op, "pointwise", shape(op.src), space="scatter")
        elif not any(self.join_pointwise(op, g) for g in self.epilogues_last(op)):
            self.new_group(op, "pointwise", shape(op.results[0]))

    def place_row_op(self, op: Operation, dims: tuple[int, ...], space: str) -> bool:
        """Join a reduction (`space="reduced"`) or a scan or sort (`"full"`) to a kernel
        that computes or reads its input over the same rows; else, when the elementwise
        ops computing its input from memory sit in another kernel (`leaf_producers`),
        move them into a new kernel for it (they are computed where they are used, with
        no store). False when it starts a kernel of its own."""
        if any(self.join_reduction(op, g, dims, space) for g in self.candidates(op)):
            return True
        leaves = self.leaf_producers(op)
        if not leaves:
            return False
        for leaf in leaves:
            self.detach(leaf)
        self.new_group(leaves[0], "pointwise", shape(leaves[0].results[0]))
        for leaf in leaves[1:]:  # (elementwise on one shape: they join)
            if not self.join_pointwise(leaf, self.groups[-1]):
                self.new_group(leaf, "pointwise", shape(leaf.results[0]))
        return self.join_reduction(op, self.groups[-1], dims, space)

    MAX_LEAF_OPS = 32
    """The most ops `leaf_producers` moves (a NaN-propagating clamp alone is 8)."""

    def leaf_producers(self, op: Operation) -> list[Operation]:
        """The elementwise ops (in program order) that compute `op`'s input from memory
        alone (a conversion of an argument: `x.float()` of a half `x`; `(~x).long()` of a
        bool `x`), when they sit in another kernel that joined them as a reader of their
        input and `op` is the only reader of what they compute. Moved into `op`'s kernel,
        they are computed where they are used instead of being stored by one kernel and
        loaded by the other. Empty when there are none, or more than `MAX_LEAF_OPS`."""

        def cheap(o: object) -> bool:
            return isinstance(o, prims.PrimsOp) and len(o.results) == 1 and (
                o.KIND == "elementwise" or isinstance(o, prims.PrimsConvertElementTypeOp)
            )

        first = op.operands[0].owner
        g = self.group_of.get(first) if cheap(first) else None  # type: ignore[arg-type]
        if g is None or g.kind in ATTENTION_KINDS:
            return []
        cone: list[Operation] = []
        stack = [op.operands[0]]
        while stack:
            v = stack.pop()
            owner = v.owner
            if cheap(owner) and self.group_of.get(owner) is g:  # type: ignore[arg-type]
                producer = cast(Operation, owner)
                if producer not in cone:
                    cone.append(producer)
                    stack.extend(producer.operands)
                if len(cone) > self.MAX_LEAF_OPS:
                    return []
            elif self.producer_group(v) is g:
                return []  # (it reads a value of g: moving it would need a store)
        readers = {op, *cone}  # (a value two ops of the cone read, `x != x`, moves too)
        if any(user not in readers for p in cone for user, _ in self.final_uses(p.results[0])):
            return []  # another op reads one of them: it stays stored
        if len(cone) == len(g.ops):
            return []
        return sorted(cone, key=self.order.__getitem__)

    def detach(self, op: Operation) -> None:
        """Take `op` (whose results no op of its kernel reads) out of its kernel."""
        g = self.group_of.pop(op)
        g.ops.remove(op)
        for r in op.results:
            g.space_of.pop(r, None)
        for key in [k for k in g.register_uses if k[0] is op]:
            del g.register_uses[key]
        if g.ops:  # (a kernel left empty is dropped: prologues.py)
            g.first, g.last = self.order[g.ops[0]], self.order[g.ops[-1]]
        g.shapes = {shape(r) for o in g.ops for r in o.results if g.space_of.get(r) == "full"}

    def rule_applies(self, op: Operation) -> bool:
        """Dry-run the op's tile rule on one-element stand-ins (constants as splats): a
        rule that declines (pow with a non-constant exponent, float math on integers)
        leaves the op at graph level instead of failing while the kernel is built."""
        b = TileBuilder()
        xs: list[SSAValue] = []
        for v in op.operands:
            t = TensorType(cast(TensorType[Attribute], v.type).element_type, [1])
            c = self.constant(v)
            xs.append(
                b.splat(self.full_value(c), t) if c is not None else Block(arg_types=[t]).args[0]
            )
        result_t = TensorType(cast(TensorType[Attribute], op.results[0].type).element_type, [1])
        return TILE_RULES[type(op)](b, xs, result_t) is not None

    @staticmethod
    def full_value(full: prims.PrimsFullOp) -> float | int | bool:
        """The fill value as it is: an int stays exact (a float loses int64's low bits)."""
        value = decode(full.fill_value)
        return value if isinstance(value, bool | int) else float(value)

    def candidates(self, op: Operation) -> list[Group]:
        """Kernels that produce one of op's operands, or already read one (siblings such
        as layer_norm's mean and variance), most recent first."""
        seen: list[Group] = []
        roots = {self.root(v) for v in op.operands}
        for v in op.operands:
            g = self.producer_group(v)
            if g is not None and g not in seen:
                seen.append(g)
        for r in roots:
            for g in self.readers.get(r, []):
                if g not in seen:
                    seen.append(g)
        return sorted(seen, key=lambda g: -g.index)

    def epilogues_last(self, op: Operation) -> list[Group]:
        """`candidates`, with the matmul kernels whose result `op` reads but that must
        store it anyway last. An epilogue saves its matmul's store; when a gather reads
        the result from memory too (`rotate_half`'s cat of a projection), joining the
        kernel of op's other operand saves that operand's store instead, and keeps the
        matmul free to merge with its siblings (rotary q and k next to one another)."""

        def stored_anyway(g: Group) -> bool:
            return g.kind == "matmul" and any(
                self.producer_group(v) is g
                and any(gathered_from(u, i) for u, i in self.final_uses(self.root(v)))
                for v in op.operands
            )

        return sorted(self.candidates(op), key=stored_anyway)  # (stable: the rest in order)

    def producer_group(self, v: SSAValue) -> Group | None:
        r = self.root(v)
        return (
            self.group_of.get(cast(Operation, r.owner)) if isinstance(r.owner, Operation) else None
        )

    def relation(self, g: Group, v: SSAValue) -> str | None:
        """How an operand `v` produced in `g` is available in registers, if it is."""
        u = self.root(v)
        space = g.space_of.get(u)
        view = view_of(v, lambda x: x is u or self.materialized(x))
        if space in (None, "scatter", "copied") or view is None or view.source is not u:
            return None  # (a scatter's result is complete only when its kernel ends; a
            # copy's tile is its source's, in the source's order)
        if space == "full":
            if g.kind == "reduction" and g.perm != sorted(g.perm) and shape(v) != g.shape:
                return None
            return "full" if is_identity(view, shape(u)) else None
        # a reduced value: as is, or broadcast back over the reduced dims
        if math.prod(shape(v)) == math.prod(g.rows) and is_identity(view, shape(u)):
            return "reduced"
        if shape(v) == g.shape:
            full = view.permute(g.perm)
            n = len(g.rows)
            rows_ok = is_identity(View(u, full.offset, full.sizes[:n], full.strides[:n]), shape(u))
            if rows_ok and all(
                s == 0 or z == 1 for s, z in zip(full.strides[n:], full.sizes[n:], strict=True)
            ):
                return "bcast"
        return None

    def operand_spaces(self, op: Operation, g: Group) -> list[tuple[int, SSAValue, str]] | None:
        """(index, in-kernel value, relation) for operands produced in g; None if one of
        them cannot be read in registers."""
        out = []
        for i, v in enumerate(op.operands):
            if gathered_from(op, i):
                if self.producer_group(v) is g:
                    return None  # read from memory: stored by an earlier kernel
                continue
            if self.producer_group(v) is g:
                rel = self.relation(g, v)
                if rel is None:
                    return None
                out.append((i, self.root(v), rel))
        return out

    def join_pointwise(self, op: Operation, g: Group) -> bool:
        if g.kind in ATTENTION_KINDS:  # its output tiles live in a loop's registers only
            return False
        if op in self.copies and self.producer_group(op.operands[0]) is g:
            return self.join_copy(op, g)
        rels = self.operand_spaces(op, g)
        if rels is None or not self.acyclic(op, g):
            return False
        scatter = isinstance(op, ScatterOp)
        if scatter and g.kind != "pointwise":
            return False
        n = math.prod(shape(op.src if scatter else op.results[0]))
        kinds = {r for _, _, r in rels}
        if n == g.numel and kinds <= {"full", "bcast"}:
            space = "scatter" if scatter else "full"
        elif g.kind == "reduction" and n == math.prod(g.rows) and kinds <= {"reduced"}:
            space = "reduced"
        else:
            return False
        if g.kind == "reduction" and space == "full" and g.perm != sorted(g.perm):
            if shape(op.results[0]) != g.shape:
                return False
        if not self.externals_fit(op, g, "full" if scatter else space):
            return False
        self.add(g, op, space, rels)
        return True

    def join_copy(self, op: Operation, g: Group) -> bool:
        """A copy (a view strides cannot express: `x.transpose(1, 2).reshape(n, -1)`)
        of a value `g` computes in its full space joins `g` as a second store of that
        value's tile, through the view of the copy's memory that puts each element where
        the copy would (`views.copy_into`): no copy kernel reads it back."""
        v = op.operands[0]
        u = self.root(v)
        space = g.space_of.get(u)
        if space not in ("full", "reduced") or not self.acyclic(op, g):
            return False
        if g.kind == "reduction" and g.perm != sorted(g.perm) and shape(u) != g.shape:
            if space == "full":  # (u's tile is in the kernel's order only in g's shape)
                return False
        view = view_of(v, lambda x: x is u or self.materialized(x))
        if view is not None and isinstance(op, prims.PrimsRevOp):  # (a flip copies its
            view = VIEW_RULES[prims.PrimsRevOp](view, op)  # operand's elements reversed)
        placed = None if view is None or view.source is not u else copy_into(view, op.results[0])
        if space == "reduced":  # a row value's copy: stored beside it, one per row
            if placed is None or placed.reshape(g.rows) is None:
                return False
            g.copied[op.results[0]] = (placed, ())
            self.add(g, op, "reduced", [(0, u, "reduced")])
            return True
        refined = None if placed is None else refine(placed, g.shape)
        if refined is None:
            return False
        g.copied[op.results[0]] = refined
        self.add(g, op, "copied", [(0, u, "copied")])
        return True

    def join_attention_copy(self, op: Operation, g: Group) -> bool:
        """A copy of an attention's result (a view strides cannot express, such as
        nn.MultiheadAttention's `out.permute(2, 0, 1, 3).reshape(L·B, E)` for the output
        projection), when it is the only reader of that result: the kernel stores its
        output tiles where the copy puts them (`views.copy_into`), and the result is
        never stored in its own layout."""
        attention = g.ops[0]
        v = op.operands[0]
        u = self.root(v)
        if not isinstance(attention, AttentionOp) or u is not attention.result:
            return False
        if len(g.ops) != 1 or attention.transposed() or not self.acyclic(op, g):
            return False
        stack = [u]
        while stack:  # every read of the result is this copy, through views alone
            for use in stack.pop().uses:
                reader = use.operation
                if reader is op:
                    continue
                if not is_view_op(reader) or self.materialized(reader.results[0]):
                    return False
                stack.append(reader.results[0])
        view = view_of(v, lambda x: x is u or self.materialized(x))
        placed = None if view is None or view.source is not u else copy_into(view, op.results[0])
        stored = None if placed is None else placed.reshape(shape(u))
        if stored is None:
            return False
        g.copied[op.results[0]] = (stored, ())
        self.add(g, op, "copied", [(0, u, "copied")])
        return True

    def join_reduction(
        self, op: Operation, g: Group, dims: tuple[int, ...], space: str = "reduced"
    ) -> bool:
        """Join a row op over `dims`: a reduction (its result in the reduced space) or a
        scan (`space="full"`: one result per element of the row)."""
        rels = self.operand_spaces(op, g)
        in_shape = shape(op.operands[0])
        if rels is None or [r for _, _, r in rels] not in (["full"], []):
            return False
        if g.scatters:  # a scatter's kernel stays pointwise (kernels.py: `scatter`)
            return False
        if not self.acyclic(op, g) or (not rels and not self.externals_fit(op, g, "full")):
            return False
        if g.kind == "pointwise" and g.shapes == {in_shape}:
            g.kind, g.shape, g.dims = "reduction", in_shape, dims
        elif not (g.kind == "reduction" and g.shape == in_shape and g.dims == dims):
            return False
        if space == "reduced" and self.scans_long_rows(g):
            return False  # a looped kernel computes its reductions before any scan
        self.add(g, op, space, rels)
        return True

    @staticmethod
    def scans_long_rows(g: Group) -> bool:
        """Does g scan rows longer than one tile (so its scans run in the store loop)?"""
        row = product(g.cols)
        return (not isinstance(row, int) or row > heuristics.MAX_ROW) and any(
            isinstance(op, ScanOp | ScanIndexOp) for op in g.ops
        )

    def externals_fit(self, op: Operation, g: Group, space: str) -> bool:
        """Operands from outside g must be readable as a view of g's space."""
        for i, v in enumerate(op.operands):
            if not isinstance(v.type, TensorType):
                continue  # (a size a fill holds: the kernel computes it from its sizes)
            if (self.producer_group(v) is g or self.constant(v) is not None
                    or self.size_fill(v) is not None):  # fmt: skip
                continue  # (a splat fits any space; an iota's view must, as a tensor's)
            flip = isinstance(op, prims.PrimsRevOp)
            if gathered_from(op, i) and not flip:
                continue  # (read at offsets its kernel computes, in any space)
            view = view_of(v, self.materialized)
            if flip and view is not None:  # (a flip loads through the flipped strides)
                view = VIEW_RULES[prims.PrimsRevOp](view, op)
            target = g.shape if space == "full" else g.rows
            if view is None or view.reshape(target) is None:
                return False
        return True

    def new_group(
        self, op: Operation, kind: str, shape_: tuple[int, ...], dims=(), space: str = ""
    ) -> bool:
        g = Group(kind, shape_, tuple(dims), index=len(self.groups))
        self.groups.append(g)
        row_op = kind == "reduction" and not isinstance(op, ScanOp | ScanIndexOp | SortOp)
        self.add(g, op, space or ("reduced" if row_op else "full"), [])
        return True

    def add(self, g: Group, op: Operation, space: str, rels: Iterable[tuple[int, SSAValue, str]]):
        g.ops.append(op)
        g.scatters += isinstance(op, ScatterOp)
        g.first = self.order[op] if g.first < 0 else g.first
        g.last = self.order[op]
        for r in op.results:
            g.space_of[r] = space
            if space == "full":
                g.shapes.add(shape(r))
        for i, u, rel in rels:
            g.register_uses[(op, i)] = (u, rel)
        for i, v in enumerate(op.operands):
            computed = self.generated(v) is not None  # (a flip of one too: reversed lanes)
            if (op, i) not in g.register_uses and (
                (gathered_from(op, i) and not (computed and isinstance(op, prims.PrimsRevOp)))
                or not computed
            ):
                root = self.root(v)
                if root not in g.reads:
                    g.reads.add(root)
                    self.readers.setdefault(root, []).append(g)
        self.group_of[op] = g

    # -- merging kernels ----------------------------------------------------------------------
    def merge_groups(self) -> None:
        """Merge kernels that placement left apart, as Inductor's scheduler fuses nodes:
        a producer and its consumer, two kernels that read the same tensor, two reductions
        over the same space. Placement visits ops in program order and only ever joins a
        producer's kernel, so it cannot pull an earlier pointwise kernel into a later
        reduction (a norm's backward recomputing x̂ before its row sums), nor put two
        independent reductions together (a norm's weight and bias gradients). Each merge
        replays both kernels' ops through the same join rules, so a merged kernel is one
        placement could have built; merges repeat until none applies."""
        merged = True
        while merged:  # each kind of pair to a fixpoint, best kind first
            merged = False
            for kind in MERGE_KINDS:
                while self.merge_round(kind):
                    merged = True

    def merge_round(self, kind: str) -> bool:
        """One pass over the pairs of `kind`; whether anything merged."""
        merged = False
        alive = self.alive
        for a, b in self.merge_candidates(kind):
            if a not in alive or b not in alive or (a, b) in self.refused:
                continue
            if self.try_merge(a, b):
                merged = True
                alive = self.alive
            else:  # a refused pair stays refused: merging others adds paths, never removes
                self.refused.add((a, b))
        return merged

    @property
    def alive(self) -> set[Group]:
        return set(self.groups)

    def merge_candidates(self, kind: str) -> list[tuple[Group, Group]]:
        """Pairs of one kind (`MERGE_KINDS`, best first): producer and consumer (saves a
        round trip through memory), kernels reading a common tensor (saves a read), then
        reductions over the same space and pointwise kernels of one size (save a
        launch). A pair of a better kind always merges before one of a worse kind."""
        pairs: list[tuple[Group, Group]] = []
        if kind == "producer":
            for b in self.groups:  # (sorted: the same merges every run)
                producers = [a for a in self.producers(b) if isinstance(a, Group)]
                for a in sorted(producers, key=lambda g: -g.index):
                    pairs.append((a, b))
        elif kind == "sibling":
            for readers in self.readers.values():
                pairs.extend(zip(readers, readers[1:], strict=False))
        else:
            buckets: dict[tuple[object, ...], list[Group]] = {}
            for g in self.groups:
                if g.kind == "reduction":
                    buckets.setdefault(("reduction", g.shape, g.dims), []).append(g)
                elif g.kind == "pointwise":
                    buckets.setdefault(("pointwise", g.numel), []).append(g)
            for same in buckets.values():
                pairs.extend(zip(same, same[1:], strict=False))
        seen: set[tuple[int, int]] = set()
        out = []
        for a, b in pairs:
            if a is not b and (id(a), id(b)) not in seen:
                seen.add((id(a), id(b)))
                out.append((a, b) if a.first <= b.first else (b, a))
        return out

    def try_merge(self, a: Group, b: Group) -> bool:
        """Replace kernels a and b by one that computes both, if the join rules allow it
        and no path between them leaves the pair (which would make a cycle)."""
        seed = self.merge_seed(a, b)
        if seed is None or self.depends_on(a, b) or self.depends_on(b, a):
            return False
        ops = sorted([*a.ops, *b.ops], key=self.order.__getitem__)
        owner = {op: self.group_of[op] for op in ops}
        self.replaying = True
        try:
            ok = all(self.rejoin(op, seed) for op in ops)
        finally:
            self.replaying = False
        if not ok:  # undo: the ops go back to their kernels
            self.group_of.update(owner)
            for r in seed.reads:
                self.readers[r].remove(seed)
            return False
        seed.index = min(a.index, b.index)
        self.merged.difference_update((a, b))
        self.merged.add(seed)
        for g in (a, b):
            for r in g.reads:
                self.readers[r].remove(g)
        at = self.groups.index(a if a.index < b.index else b)
        self.groups[at] = seed
        self.groups.remove(b if a.index < b.index else a)
        return True

    def merge_seed(self, a: Group, b: Group) -> Group | None:
        """An empty kernel of the merged kind and space, or None if a and b cannot share
        one: a matmul takes only a pointwise epilogue after it, a reduction only pointwise
        kernels of its size (full or reduced) and reductions over the same space."""
        kinds = sorted((a.kind, b.kind))
        if ATTENTION_KINDS.intersection(kinds):
            return None
        if kinds != ["pointwise", "pointwise"] and (a.scatters or b.scatters):
            return None  # a scatter's kernel walks its values: pointwise only
        if kinds == ["matmul", "matmul"]:  # horizontal: one A tile feeds both products
            return Group("matmul", a.shape) if self.share_loop(a, b) else None
        if kinds == ["matmul", "pointwise"]:  # an epilogue: after the products, never
            mm, pw = (a, b) if a.kind == "matmul" else (b, a)  # one of their operands
            if pw.numel != mm.numel or pw.first < mm.first or pw in self.operand_sources(mm):
                return None
            return Group("matmul", mm.shape)
        if kinds == ["pointwise", "pointwise"]:
            return Group("pointwise", a.shape) if a.numel == b.numel else None
        if kinds == ["pointwise", "reduction"]:
            red, pw = (a, b) if a.kind == "reduction" else (b, a)
            if pw.numel not in (red.numel, math.prod(red.rows)):
                return None
            return Group("reduction", red.shape, red.dims)
        if kinds == ["reduction", "reduction"] and (a.shape, a.dims) == (b.shape, b.dims):
            return Group("reduction", a.shape, a.dims)
        return None

    def share_loop(self, a: Group, b: Group) -> bool:
        """Can matmul kernels a and b be one kernel whose K loop computes every product
        (horizontal fusion)? Their products must have one output shape and one K, and
        neither may read the other's results as a matmul operand (operands are loaded
        from memory, which the other has not written yet). An operand two products
        share is loaded once per K step: the Q/K/V projections of one input, a SwiGLU
        MLP's gate and up projections, the weight gradients of those in the backward
        (one `x`), and the input gradient they sum (`dq Wq + dk Wk + dv Wv`), whose
        sum becomes the kernel's epilogue instead of a round trip through memory."""
        ma = [op for op in a.ops if isinstance(op, MatmulOp)]
        mb = [op for op in b.ops if isinstance(op, MatmulOp)]
        if a.shape != b.shape or not ma or not mb:
            return False
        k = {matmul_inner(op) for op in ma + mb}
        elements = {(_element(op.lhs), _element(op.rhs)) for op in ma + mb}
        if len(k) != 1 or len(elements) != 1:
            return False
        return not ({a, b} & (self.operand_sources(a) | self.operand_sources(b)))

    def operand_sources(self, g: Group) -> set[object]:
        """The nodes the operands of g's matmuls come from. A kernel loads its operands
        from memory in its K loop, so none may be a node the kernel itself computes (a
        copy kernel of the operand merged in as if it were an epilogue)."""
        return {src for op in g.ops if isinstance(op, MatmulOp)
                for v in op.operands for src in self.sources(v)}  # fmt: skip

    def rejoin(self, op: Operation, g: Group) -> bool:
        """Add op (of a kernel being merged) to the merged kernel g."""
        if isinstance(op, MatmulOp):
            if g.kind != "matmul" or not all(isinstance(o, MatmulOp) for o in g.ops[:1]):
                return False  # (a second matmul only when share_loop allowed the merge)
            self.add(g, op, "full", [])
            return True
        if type(op) in REDUCTIONS or isinstance(op, ArgReduceOp):
            return self.join_reduction(op, g, reduce_dims(op))
        if isinstance(op, ScanOp | ScanIndexOp | SortOp):
            return self.join_reduction(op, g, (op.dim.value.data,), "full")
        return self.join_pointwise(op, g)

    # -- dependencies -------------------------------------------------------------------------
    def node(self, op: Operation) -> object:
        return self.group_of.get(op, op)

    def producers(self, node: object) -> set[object]:
        ops = node.ops if isinstance(node, Group) else [node]
        out: set[object] = set()
        for op in ops:
            for v in op.operands:
                for src in self.sources(v):
                    if src is not node:
                        out.add(src)
        return out

    def sources(self, v: SSAValue) -> list[object]:
        """Graph nodes `v` depends on (through views, which belong to no node; a view that
        a copy kernel will make is a node from the start, before that kernel is formed)."""
        owner = v.owner
        if not isinstance(owner, Operation) or self.inlined(owner):
            return []
        if (owner in self.group_of or owner in self.graph_ops or owner in self.copies
                or not is_view_op(owner)):  # fmt: skip
            return [self.node(owner)]
        return self.sources(owner.operands[0])

    def inlined(self, op: Operation) -> bool:
        """A constant or iota that kernels compute in place (not at graph level, and not
        stored by a fill kernel for the readers that need it in memory)."""
        return (
            isinstance(op, GENERATED)
            and op not in self.graph_ops
            and op not in self.group_of
            and (self.generated(op.results[0]) is not None)
        )

    def acyclic(self, op: Operation, g: Group) -> bool:
        """Joining op to g must not make g depend on itself through another node. A node
        whose ops all come before g's first op cannot depend on g (values flow forward in
        program order), so the search stops there: linear time for long stacks."""
        if self.replaying:
            return True
        first = g.first
        others = [s for v in op.operands for s in self.sources(v) if s is not g]
        stack, seen = list(others), set()
        while stack:
            n = stack.pop()
            if n is g:
                return False
            if id(n) in seen or self.last_order(n) < first:
                continue
            seen.add(id(n))
            stack.extend(self.producers(n))
        return True

    def depends_on(self, start: Group, target: Group) -> bool:
        """Does `start` depend on `target` through some other node? (Then one kernel
        made of both would depend on itself.) Bounded by program order as `acyclic`, but
        a merged kernel breaks that bound: it may hold ops after `target` and feed nodes
        before it (x -> merged -> y with y early), so the search stops only before the
        first op of every merged kernel that reaches past `target`'s first op."""
        cut = target.first
        spanning = True
        while spanning:
            spanning = False
            for g in self.merged:
                if g.first < cut <= g.last:
                    cut, spanning = g.first, True
        stack = [n for n in self.producers(start) if n is not target]
        seen: set[int] = set()
        while stack:
            n = stack.pop()
            if n is target:
                return True
            if id(n) in seen or self.last_order(n) < cut:
                continue
            seen.add(id(n))
            stack.extend(self.producers(n))
        return False

    def last_order(self, node: object) -> int:
        return node.last if isinstance(node, Group) else self.order[cast(Operation, node)]

    # -- results --------------------------------------------------------------------------------
    def final_uses(self, v: SSAValue) -> list[tuple[Operation, int]]:
        out = []
        for use in v.uses:
            user = use.operation
            if is_view_op(user) and not (user in self.graph_ops or user in self.copies
                                         or user in self.group_of):  # fmt: skip
                out.extend(self.final_uses(user.results[0]))
            else:
                out.append((user, use.index))
        return out

    def outputs(self) -> dict[Group, list[SSAValue]]:
        result: dict[Group, list[SSAValue]] = {}
        for g in self.groups:
            stored = []
            for op in g.ops:
                for r in op.results:
                    uses = self.final_uses(r)
                    if any(g.register_uses.get((u, i), (None,))[0] is not r for u, i in uses):
                        stored.append(r)
            result[g] = stored
        return result

    def needed_constants(self, ops: list[Operation]) -> set[Operation]:
        """`prims.full` ops whose values are read from memory: by a graph-level op, the
        return, a matmul or attention kernel (which load operands, never splats), or a
        scatter that starts from them."""
        needed = set()
        for op in ops:
            if isinstance(op, GENERATED) and op not in self.graph_ops:
                for user, i in self.final_uses(op.results[0]):
                    if (
                        user in self.graph_ops
                        or isinstance(user, ReturnOp | MatmulOp | AttentionOp | TakeOp
                                      | AttentionBackwardOp)
                        or (isinstance(user, ScatterOp) and i == 0)
                    ):
                        needed.add(op)
        return needed
