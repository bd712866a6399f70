"""Strided views: how a value produced by prims view ops indexes its source tensor.

A chain of `broadcast_in_dim`, `transpose`, `slice`, `rev`, `split_dim`, `collapse`,
`squeeze` and `reshape` ops over a materialized (contiguous) tensor is a `View`: an offset and one
(size, stride) per dim. Kernels read such values through the view instead of copying.
`view_of` returns None when a chain is not expressible with strides (a reshape that
merges dims of a non-contiguous view); the caller then materializes the view op.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    IntegerAttr,
    MemRefType,
    StridedLayoutAttr,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.prims_support import SliceOp
from stepwell.ir.sizes import Size, SizeError, simplify
from stepwell.ir.strides import contiguous_strides, reshape_strides
from stepwell.ir.types import tensor_sizes


@dataclass(frozen=True)
class View:
    """`source` (a contiguous tensor) indexed as offset + sum(index_d * strides_d)."""

    source: SSAValue
    offset: int
    sizes: tuple[int, ...]
    strides: tuple[int, ...]

    @staticmethod
    def of(value: SSAValue) -> View:
        shape = tuple(tensor_sizes(value.type))
        return View(value, 0, shape, contiguous_strides(shape))

    def permute(self, perm: Sequence[int]) -> View:
        return View(
            self.source,
            self.offset,
            tuple(self.sizes[p] for p in perm),
            tuple(self.strides[p] for p in perm),
        )

    def reshape(self, shape: Sequence[int]) -> View | None:
        strides = reshape_strides(self.sizes, self.strides, tuple(shape))
        return None if strides is None else View(self.source, self.offset, tuple(shape), strides)

    def memref_type(self) -> MemRefType[Attribute]:
        """The view as a kernel argument's type; a symbolic size, stride or offset is `?`
        (its expression is in `dynamic_dims`)."""
        element = cast(TensorType[Attribute], self.source.type).element_type
        offset = simplify(self.offset)
        strides = [st if isinstance(st, int) else None for st in map(simplify, self.strides)]
        layout = StridedLayoutAttr(strides, offset if isinstance(offset, int) else None)
        sizes = [d if isinstance(d, int) else DYNAMIC_INDEX for d in map(simplify, self.sizes)]
        return MemRefType(element, sizes, layout)

    def dynamic_dims(self) -> list[Size]:
        """The expressions of the memref type's `?` sizes, then of its `?` strides, then
        of its offset if that is `?` (`x[:, 1:]` of an (n, s, s) tensor starts at `s`)."""
        entries = map(simplify, (*self.sizes, *self.strides, self.offset))
        return [d for d in entries if not isinstance(d, int)]


def copy_into(view: View, target: SSAValue) -> View | None:
    """Where a copy of `view`, written row-major into `target`, puts each element of
    `view.source`: `target`'s memory as a view indexed like the source's memory (in a
    shape whose row-major order is the source's, see `refine`). Defined when `view`
    reads every element of its source exactly once in some order (transposes, flips and
    reshapes of a contiguous tensor, static sizes); None otherwise.

    Storing the source's elements through it writes the copy: a kernel that computes
    the source stores `x.transpose(1, 2).reshape(n, -1)` or `x.flip(-1)` directly,
    instead of a second kernel reading `x` back to copy it. A flipped dim (negative
    stride) walks the source's memory backwards, so the target steps back along it from
    its last element."""
    source_shape = tensor_sizes(view.source.type)
    sizes = [simplify(d) for d in view.sizes]
    strides = [simplify(d) for d in view.strides]
    if not all(isinstance(d, int) and d >= 0 for d in (*sizes, *source_shape, view.offset)):
        return None  # (a `?` dim of the source's type is DYNAMIC_INDEX, negative)
    if not all(isinstance(d, int) for d in strides):
        return None
    if math.prod(sizes) != math.prod(source_shape) or not math.prod(sizes):
        return None
    dims = sorted((d for d, n in enumerate(sizes) if n != 1), key=lambda d: -abs(strides[d]))
    expected = 1
    for d in reversed(dims):  # the source's memory, outermost dim first: a permutation
        if abs(strides[d]) != expected:
            return None
        expected *= sizes[d]
    flipped = [d for d in dims if strides[d] < 0]
    if view.offset != sum((sizes[d] - 1) * -strides[d] for d in flipped):
        return None  # (the view starts where its flipped dims' last elements lie)
    written = contiguous_strides(tuple(sizes))  # (the copy is row-major in view's shape)
    offset = sum((sizes[d] - 1) * written[d] for d in flipped)
    return View(target, offset, tuple(sizes[d] for d in dims),
                tuple(-written[d] if strides[d] < 0 else written[d] for d in dims))  # fmt: skip


def refine(view: View, shape: Sequence[int]) -> tuple[View, tuple[int, ...]] | None:
    """`view` (static, as many elements as `shape`) indexed in row-major order as a
    tensor of `shape`, when strides alone cannot say it (`View.reshape` gives None): in
    the coarsest shape that refines both (each dim of either is a run of its dims), and
    how many of its dims each dim of `shape` covers (a tile axis's coordinate group).
    None when no such shape exists ((3, 4) against (2, 6))."""
    n = math.prod(view.sizes)
    if not n or n != math.prod(shape):
        return None

    def cuts(sizes: Sequence[int]) -> list[int]:  # flat-index boundaries, inner first
        out, inner = [], 1
        for size in reversed(sizes):
            inner *= size
            out.append(inner)
        return out

    bounds = sorted({1, *cuts(view.sizes), *cuts(shape)})
    if any(b % a for a, b in zip(bounds, bounds[1:], strict=False)):
        return None
    sizes: list[int] = []
    strides: list[int] = []
    for lo, hi in zip(bounds, bounds[1:], strict=False):  # innermost first
        d = next(d for d in range(len(view.sizes) - 1, -1, -1)
                 if math.prod(view.sizes[d + 1:]) <= lo < math.prod(view.sizes[d:]))  # fmt: skip
        sizes.append(hi // lo)
        strides.append(view.strides[d] * (lo // math.prod(view.sizes[d + 1 :])))
    blocks = []
    for size, hi in zip(shape, reversed(cuts(shape)), strict=True):
        lo = hi // size if size else hi
        blocks.append(sum(1 for a, b in zip(bounds, bounds[1:], strict=False)
                          if lo <= a and b <= hi))  # fmt: skip
    return View(view.source, view.offset, tuple(sizes[::-1]), tuple(strides[::-1])), tuple(blocks)


def _int_list(attr: Attribute) -> list[int]:
    return [cast(IntegerAttr, a).value.data for a in cast(ArrayAttr[Attribute], attr).data]


def _broadcast_in_dim(v: View, op: Operation) -> View | None:
    shape = tensor_sizes(op.results[0].type)  # (the property holds `?` as DYNAMIC_INDEX)
    dims = _int_list(op.properties["broadcast_dimensions"])
    strides = [0] * len(shape)
    for i, d in enumerate(dims):
        strides[d] = v.strides[i] if v.sizes[i] == shape[d] else 0
    return View(v.source, v.offset, tuple(shape), tuple(strides))


def _transpose(v: View, op: Operation) -> View | None:
    return v.permute(_int_list(op.properties["permutation"]))


def _slice(v: View, op: Operation) -> View | None:
    bounds = cast(SliceOp, op).bounds()
    offset = v.offset + sum(s * st for (s, _, _), st in zip(bounds, v.strides, strict=True))
    sizes = tuple(tensor_sizes(op.results[0].type))  # (the verifier checked the bounds)
    strides = tuple(st * k for (_, _, k), st in zip(bounds, v.strides, strict=True))
    return View(v.source, offset, sizes, strides)


def _rev(v: View, op: Operation) -> View | None:
    """A reversed dim starts at its last element and steps back: a negative stride.
    (A symbolic size may be 0: the view then reads nothing, wherever it starts.)"""
    dims = set(_int_list(op.properties["dims"]))
    offset = v.offset + sum((n - 1) * st for d, (n, st) in enumerate(zip(v.sizes, v.strides,
                                                                          strict=True))
                            if d in dims and (not isinstance(n, int) or n > 0))  # fmt: skip
    strides = tuple(-st if d in dims else st for d, st in enumerate(v.strides))
    return View(v.source, offset, v.sizes, strides)


def _reshape_to_result(v: View, op: Operation) -> View | None:
    return v.reshape(tensor_sizes(op.results[0].type))


VIEW_RULES: dict[type[Operation], Callable[[View, Operation], View | None]] = {
    prims.PrimsBroadcastInDimOp: _broadcast_in_dim,  # size-1 or new dims get stride 0
    prims.PrimsTransposeOp: _transpose,  # strides permute
    SliceOp: _slice,  # offset moves, strides scale by the step
    prims.PrimsRevOp: _rev,  # flip: negative strides from the dim's last element
    prims.PrimsSplitDimOp: _reshape_to_result,  # reshapes: strided when expressible
    prims.PrimsCollapseOp: _reshape_to_result,
    prims.PrimsSqueezeOp: _reshape_to_result,
    prims.PrimsReshapeOp: _reshape_to_result,
}
"""How each prims view op composes with the view of its operand."""


def is_view_op(op: Operation) -> bool:
    return type(op) in VIEW_RULES


def view_through(value: SSAValue, root: SSAValue, root_view: View) -> View | None:
    """The view of `value`, a chain of view ops over `root`, when `root` itself is read
    through `root_view` (a matmul prologue reads each of its inputs through the views
    between the value it computes and the matmul that reads it). A chain whose reshape
    merges dims strides cannot merge is still one when a later reshape splits them
    again where they were (`Grouped`)."""
    try:
        view = _through(value, lambda v: v is root, lambda _: root_view)
    except SizeError:
        return None
    if view is not None:
        return view
    grouped = Grouped.of(root_view)
    if grouped is None:
        return None
    found = _grouped_through(value, lambda v: v is root, lambda _: grouped)
    return None if found is None else found.view()


def view_of(value: SSAValue, materialized: Callable[[SSAValue], bool]) -> View | None:
    """The view of `value` over the nearest materialized value up its chain of view ops
    (through reshapes that merge unmergeable dims and split them again, as
    `view_through`)."""

    def at_root(v: SSAValue) -> bool:
        return materialized(v) or not isinstance(v.owner, Operation)

    try:
        view = _through(value, at_root, View.of)
    except SizeError:  # a `?` whose size the type does not say: not a view kernels read
        return None
    if view is not None:
        return view
    found = _grouped_through(value, at_root, lambda v: Grouped.of(View.of(v)))
    return None if found is None else found.view()


def _through(value: SSAValue, at_root: Callable[[SSAValue], bool],
             root_view: Callable[[SSAValue], View]) -> View | None:  # fmt: skip
    if at_root(value):
        return root_view(value)
    op = value.owner
    rule = VIEW_RULES.get(type(op)) if isinstance(op, Operation) else None
    if rule is None:
        return None
    base = _through(op.operands[0], at_root, root_view)
    return None if base is None else rule(base, cast(Operation, op))


Atom = tuple[int, int]
"""A run of elements of a dim: (size, stride)."""


@dataclass(frozen=True)
class Grouped:
    """A view whose dims may each be several strided runs (`atoms`, outermost first, in
    row-major order within the dim): what a reshape that merges dims whose strides do
    not merge makes of a view (nn.MultiheadAttention's packed projection, (L, B, 3, E)
    viewed as (L, B·H, D) and then as (B, H, L, D)). A later reshape that splits such a
    dim where its runs meet makes plain dims again; `view()` is the strided `View` when
    every dim is one run. Static sizes only."""

    source: SSAValue
    offset: int
    dims: tuple[tuple[Atom, ...], ...]

    @staticmethod
    def of(view: View) -> Grouped | None:
        if not all(isinstance(x, int) for x in (view.offset, *view.sizes, *view.strides)):
            return None
        if 0 in view.sizes:
            return None
        return Grouped(view.source, view.offset,
                       tuple(((n, st),) for n, st in zip(view.sizes, view.strides,
                                                         strict=True)))  # fmt: skip

    def view(self) -> View | None:
        sizes, strides = [], []
        for atoms in self.dims:
            runs = _merged(atoms)
            if len(runs) > 1:
                return None
            size, stride = runs[0] if runs else (1, 0)
            sizes.append(size)
            strides.append(stride)
        return View(self.source, self.offset, tuple(sizes), tuple(strides))

    def sizes(self) -> list[int]:
        return [math.prod(n for n, _ in atoms) for atoms in self.dims]

    def reshape(self, shape: Sequence[int]) -> Grouped | None:
        """The runs of every dim, outermost first, cut where `shape`'s dims begin (a run
        is cut only where the cut divides it) and grouped into `shape`'s dims."""
        atoms = [a for dim in self.dims for a in dim if a[0] != 1]
        if math.prod(shape) != math.prod(n for n, _ in atoms):
            return None
        cuts, inner = set(), 1  # where `shape`'s dims begin, as counts of inner elements
        for size in reversed(shape):
            inner *= size
            cuts.add(inner)
        pieces: list[Atom] = []  # innermost first
        inner = 1
        for n, st in reversed(atoms):
            lo = inner  # (the run (n, st) spans the inner counts inner .. inner * n)
            for cut in sorted(c for c in cuts if inner < c < inner * n):
                if cut % lo:
                    return None
                pieces.append((cut // lo, st * (lo // inner)))
                lo = cut
            if (inner * n) % lo:
                return None
            pieces.append(((inner * n) // lo, st * (lo // inner)))
            inner *= n
        pieces.reverse()
        dims: list[tuple[Atom, ...]] = []
        for size in shape:
            group: list[Atom] = []
            while pieces and math.prod(m for m, _ in group) < size:
                group.append(pieces.pop(0))
            if math.prod(m for m, _ in group) != size:
                return None
            dims.append(tuple(group))
        return None if pieces else Grouped(self.source, self.offset, tuple(dims))

    def permute(self, perm: Sequence[int]) -> Grouped:
        return Grouped(self.source, self.offset, tuple(self.dims[p] for p in perm))


def _merged(atoms: Sequence[Atom]) -> list[Atom]:
    """`atoms` without size-1 runs, adjacent runs that walk memory as one merged."""
    runs: list[Atom] = []
    for n, st in atoms:
        if n == 1:
            continue
        if runs and runs[-1][1] == st * n:
            runs[-1] = (runs[-1][0] * n, st)
        else:
            runs.append((n, st))
    return runs


def _grouped_through(value: SSAValue, at_root: Callable[[SSAValue], bool],
                     root: Callable[[SSAValue], Grouped | None]) -> Grouped | None:  # fmt: skip
    if at_root(value):
        return root(value)
    op = value.owner
    if not isinstance(op, Operation) or type(op) not in VIEW_RULES:
        return None
    base = _grouped_through(op.operands[0], at_root, root)
    if base is None:
        return None
    shape = tensor_sizes(op.results[0].type)
    if not all(isinstance(d, int) and d > 0 for d in shape):
        return None
    if isinstance(op, prims.PrimsTransposeOp):
        return base.permute(_int_list(op.properties["permutation"]))
    if isinstance(op, prims.PrimsBroadcastInDimOp):
        dims: list[tuple[Atom, ...]] = [((n, 0),) for n in shape]
        for i, d in enumerate(_int_list(op.properties["broadcast_dimensions"])):
            if base.sizes()[i] == shape[d]:
                dims[d] = base.dims[i]
        return Grouped(base.source, base.offset, tuple(dims))
    if isinstance(op, SliceOp | prims.PrimsRevOp):  # on single runs: the plain rule
        plain = base.view()
        if plain is None:
            return None
        moved = VIEW_RULES[type(op)](plain, op)
        return None if moved is None else Grouped.of(moved)
    return base.reshape(shape)  # split_dim, collapse, squeeze, reshape
