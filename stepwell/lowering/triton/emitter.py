"""lower-tile-to-triton: one readable `@triton.jit` function per `tile.kernel`.

Emission is a table of rules keyed by op class (`EMIT_RULES`); each rule appends Python
lines through the `Emitter` it is given (no global state). Masks are made explicit here:
a load or store masks lanes outside its view, a reduction replaces them by its identity.
The source uses only core `triton.language` (no libdevice), so it runs under
`TRITON_INTERPRET=1` and compiles with Triton 3.4 and newer.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    IntegerAttr,
    NameLoc,
    TensorType,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.utils.exceptions import DiagnosticException

from stepwell.dialects import tile
from stepwell.dialects.kernel_ops import POINTWISE, REDUCE_KINDS, identity, tl_type
from stepwell.ir.sizes import (
    Size,
    product,
    rename_symbols,
    simplify,
    size_source,
    size_text,
    statically_equal,
)
from stepwell.ir.types import is_float

SYMBOL_PREFIX = "sym_"
"""A kernel's size symbol `s0` is its parameter `sym_s0` (no clash with emitted names)."""


class EmitError(DiagnosticException):
    """An op the emitter cannot emit; names the op and where it came from."""


def _shape(v: SSAValue) -> list[int]:
    return list(cast(TensorType[Attribute], v.type).get_shape())


def _coordinate_range(coord: SSAValue, grid: Sequence[Size]) -> tuple[int, int] | None:
    """The least and greatest tile coordinate `coord` can be, or None when that is not
    known: a program id runs over its grid dimension (`grid`), a loop's counter from its
    lower bound to below its upper one, a constant is itself, and index arithmetic
    (`+ - * // % min max`) follows its operands. A coordinate the kernel computes may
    lie past a view on purpose (the attention backward's programs with no job store
    there), so only what this proves spares a mask."""
    owner = coord.owner
    if isinstance(owner, Block):  # a loop's counter
        loop = owner.parent_op()
        if not isinstance(loop, scf.ForOp) or coord is not loop.body.block.args[0]:
            return None
        low, high = (_coordinate_range(v, grid) for v in (loop.lb, loop.ub))
        step = _constant_index(loop.step)
        if low is None or high is None or step is None or step <= 0:
            return None
        return low[0], max(low[0], high[1] - 1)
    if isinstance(owner, tile.ProgramIdOp):  # (a symbolic grid: from 0, on without a bound)
        size = grid[owner.axis.value.data]
        return (0, max(size - 1, 0)) if isinstance(size, int) else (0, UNBOUNDED)
    if isinstance(owner, arith.ConstantOp):
        value = _constant_index(coord)
        return None if value is None else (value, value)
    rule = _RANGE_RULES.get(type(owner))
    if rule is None:
        return None
    ranges = [_coordinate_range(v, grid) for v in owner.operands]
    return None if any(r is None for r in ranges) else rule(*cast(list[tuple[int, int]], ranges))


UNBOUNDED = sys.maxsize
"""The greatest value of a coordinate whose range has no known end (a symbolic grid's)."""


def _product_range(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    ends = [x * y for x in a for y in b]
    return min(ends), max(ends)


def _quotient_range(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int] | None:
    """Of `a // b` for a divisor known positive and a dividend not negative."""
    if b[0] <= 0 or a[0] < 0:
        return None
    return a[0] // b[1], a[1] // b[0]


def _remainder_range(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int] | None:
    if b[0] <= 0 or a[0] < 0:
        return None
    return (0, min(a[1], b[1] - 1)) if a[1] >= b[0] else a


_RANGE_RULES: dict[type[Operation], Callable[..., tuple[int, int] | None]] = {
    arith.AddiOp: lambda a, b: (a[0] + b[0], a[1] + b[1]),
    arith.SubiOp: lambda a, b: (a[0] - b[1], a[1] - b[0]),
    arith.MuliOp: _product_range,
    arith.DivSIOp: _quotient_range,
    arith.FloorDivSIOp: _quotient_range,
    arith.RemSIOp: _remainder_range,
    arith.MinSIOp: lambda a, b: (min(a[0], b[0]), min(a[1], b[1])),
    arith.MaxSIOp: lambda a, b: (max(a[0], b[0]), max(a[1], b[1])),
}
"""How index arithmetic maps the ranges of its operands (`_coordinate_range`)."""


def _constant_index(v: SSAValue) -> int | None:
    owner = v.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


@dataclass
class Emitter:
    kernel: tile.KernelOp
    lines: list[str] = field(default_factory=list)
    names: dict[SSAValue, str] = field(default_factory=dict)
    indent: int = 1
    counter: int = 0
    offsets: dict[tuple[str, int, int, int], tuple[str, str | None]] = field(default_factory=dict)
    last_comment: str = ""
    part: tile.PartOp | None = None  # the combo kernel's part being emitted
    part_program: str = ""  # its program number (counted from the part's start)
    combo_program: str = ""  # the combo kernel's program number

    def space_dims(self) -> list[list[Size]]:
        """The iteration space of what is being emitted: the kernel's, or its part's."""
        return self.part.space_dims() if self.part is not None else self.kernel.space_dims()

    def fresh(self, base: str) -> str:
        self.counter += 1
        return f"{base}{self.counter}"

    def line(self, text: str) -> None:
        self.lines.append("    " * self.indent + text)

    def name(self, v: SSAValue) -> str:
        return self.names[v]

    def define(self, v: SSAValue, expr: str, base: str = "t") -> str:
        n = self.fresh(base)
        self.line(f"{n} = {expr}")
        self.names[v] = n
        return n

    def comment(self, op: Operation) -> None:
        loc = op.location
        if isinstance(loc, NameLoc):
            text = loc.desc.data
            if isinstance(loc.location, FileLineColLoc):
                fl = loc.location
                text += f"  ({fl.filename.data.rsplit('/', 1)[-1]}:{fl.line.data})"
            if text != self.last_comment:
                self.line(f"# {text}")
                self.last_comment = text

    # -- addressing ---------------------------------------------------------------------------
    def group_offsets(
        self, coord: SSAValue, size: int, axis: int, rank: int, total: int
    ) -> tuple[str, str | None]:
        """Linear offsets of one coordinate group, broadcast to position `axis`, and its
        bounds mask (None when the tiles cover the group exactly)."""
        key = (self.name(coord), size, axis, rank * 1_000_000 + total)
        if key not in self.offsets:
            index = ", ".join(":" if i == axis else "None" for i in range(rank))
            lin = self.fresh("offs")
            self.line(f"{lin} = ({self.name(coord)} * {size} + tl.arange(0, {size}))[{index}]")
            mask = None
            known = _coordinate_range(coord, (self.part or self.kernel).grid_sizes())
            starts = known is not None and known[0] >= 0
            ends = (known is not None and isinstance(total, int) and total % size == 0
                    and known[1] < total // size)  # fmt: skip
            checks = [] if starts else [f"({lin} >= 0)"]
            if not ends:
                checks.append(f"({lin} < {self.source(total)})")
            if checks:
                mask = self.fresh("mask")
                self.line(f"{mask} = {' & '.join(checks)}" if len(checks) > 1
                          else f"{mask} = {checks[0][1:-1]}")  # fmt: skip
            self.offsets[key] = (lin, mask)
        return self.offsets[key]

    def address(
        self,
        view: SSAValue,
        coords: Sequence[SSAValue],
        groups: Sequence[int],
        tile_shape: Sequence[int],
    ) -> tuple[str, str | None]:
        """`ptr + offset + sum(index_d * stride_d)` for a tile of a view, and its mask."""
        sizes, strides, offset = self.layout(view)
        terms = [f"{self.name(view)}_ptr"] + ([self.source(offset)] if offset != 0 else [])
        masks: list[str] = []
        start = 0
        for axis, (coord, n) in enumerate(zip(coords, groups, strict=True)):
            dims = list(zip(sizes[start : start + n], strides[start : start + n], strict=True))
            start += n
            total = product([s for s, _ in dims])
            lin, mask = self.group_offsets(coord, tile_shape[axis], axis, len(tile_shape), total)
            if mask:
                masks.append(mask)
            # a group the view does not move along (broadcast, or no dims) still spans
            # its tile axis, so the pointer block has the tile's full shape
            terms.extend(_index_terms(lin, dims, self.source) or [f"0 * {lin}"])
        return " + ".join(terms), " & ".join(masks) or None

    def layout(self, view: SSAValue) -> tuple[list[Size], list[Size], Size]:
        """Sizes, strides and offset of a view argument (`?` entries as expressions)."""
        return self.kernel.view_layout(list(self.kernel.views).index(view))

    def source(self, size: Size) -> str:
        """A size in the kernel's source: its symbols are the `sym_*` parameters."""
        if isinstance(size, int):
            return str(size)
        return size_source(rename_symbols(size, SYMBOL_PREFIX))

    def reduce_mask(self, x: SSAValue, axis: int, coord: SSAValue | None) -> str | None:
        """In-view lanes of a reduction: those inside the kernel space's group `axis`."""
        total = product(self.space_dims()[axis])
        size = _shape(x)[axis]
        if isinstance(total, int) and total % size == 0 and total != 0:
            return None
        rank = len(_shape(x))
        index = ", ".join(":" if i == axis else "None" for i in range(rank))
        lanes = f"tl.arange(0, {size})"
        if not _is_zero(coord):
            lanes = f"({self.name(coord)} * {size} + {lanes})"
        return f"({lanes}[{index}] < {self.source(total)})"


def _is_zero(v: SSAValue | None) -> bool:
    """No value, or the index constant 0 (a whole-row reduction's coordinate)."""
    if v is None:
        return True
    op = v.owner
    return (
        isinstance(op, arith.ConstantOp)
        and isinstance(op.value, IntegerAttr)
        and (op.value.value.data == 0)
    )


def _index_terms(
    lin: str, dims: list[tuple[Size, Size]], source: Callable[[Size], str] = str
) -> list[str]:
    """`((lin // inner) % size) * stride` per dim, merging dims that are contiguous
    (sizes and strides may be expressions: `source` spells them)."""
    merged: list[tuple[Size, Size]] = []
    for size, stride in dims:
        if size == 1:
            continue
        if merged and statically_equal(merged[-1][1], stride * size):
            prev_size, _ = merged.pop()
            merged.append((simplify(prev_size * size), stride))
        else:
            merged.append((size, stride))
    def operand(size: Size) -> str:  # a divisor or modulus: `x // (16*s0)`, not `x // 16*s0`
        text = source(size)
        return text if text.isidentifier() or text.isdigit() else f"({text})"

    terms: list[str] = []
    inner: Size = 1
    for i, (size, stride) in enumerate(reversed(merged)):
        outermost = i == len(merged) - 1
        idx = lin if inner == 1 else f"({lin} // {operand(inner)})"
        if not outermost:
            idx = f"({idx} % {operand(size)})"
        if stride != 0:
            terms.append(idx if stride == 1 else f"{idx} * {source(stride)}")
        inner = simplify(inner * size)
    return terms


Rule = Callable[[Emitter, Operation], None]


def _constant(e: Emitter, op: Operation) -> None:
    value = cast(arith.ConstantOp, op).value
    r = op.results[0]
    if isinstance(value, IntegerAttr):  # an index
        e.define(r, str(value.value.data), "c")
        return
    dense = cast(DenseIntOrFPElementsAttr, value)
    t = cast(TensorType[Attribute], r.type)
    vals = dense.get_values()
    v = vals[0]
    if isinstance(v, float) and not math.isfinite(v):
        literal = "float('nan')" if math.isnan(v) else f"float('{'-' if v < 0 else ''}inf')"
    else:
        literal = repr(bool(v)) if str(t.element_type) == "i1" else repr(v)
    e.define(r, f"tl.full({list(t.get_shape())}, {literal}, {tl_type(t.element_type)})", "k")


def _program_id(e: Emitter, op: Operation) -> None:
    axis = cast(tile.ProgramIdOp, op).axis.value.data
    if e.part is None:
        e.define(op.results[0], f"tl.program_id({axis})", "pid")
        return
    gx, gy, gz = e.part.grid_sizes()  # the part's coordinate, from its program number
    n, src = e.part_program, e.source

    def operand(size: Size) -> str:
        text = src(size)
        return text if text.isidentifier() or text.isdigit() else f"({text})"

    one = [statically_equal(g, 1) for g in (gx, gy, gz)]
    expr = [
        n if one[1] and one[2] else f"{n} % {operand(gx)}",
        "0" if one[1] else (n if one[0] and one[2] else f"({n} // {operand(gx)}) % {operand(gy)}"),
        "0" if one[2] else f"{n} // {operand(simplify(gx * gy))}",
    ][axis]
    e.define(op.results[0], expr, "pid")


def _part(e: Emitter, op: Operation) -> None:
    """A combo kernel's part: its programs' branch of an if/elif chain on the program
    number, with the part's body inside (names defined there stay there)."""
    part = cast(tile.PartOp, op)
    start = part.start_size()
    end = e.source(simplify(start + part.programs()))
    if op.prev_op is None:
        e.line(f"if {e.combo_program} < {end}:")
    elif op.next_op is None:
        e.line("else:")
    else:
        e.line(f"elif {e.combo_program} < {end}:")
    e.indent += 1
    outer_offsets = dict(e.offsets)
    e.part = part
    e.part_program = e.combo_program
    if not statically_equal(start, 0):
        e.part_program = e.fresh("prog")
        text = e.source(start)
        text = text if isinstance(start, int) else f"({text})"
        e.line(f"{e.part_program} = {e.combo_program} - {text}")
    grid = [size_text(g) if not isinstance(g, int) else g for g in part.grid_sizes()]
    e.line(f"# part {part.part_name.data}: {part.kind.data}, grid {grid}")
    for inner in part.body.block.ops:
        emit_op(e, inner)
    e.part, e.part_program = None, ""
    e.offsets = outer_offsets
    e.last_comment = ""
    e.indent -= 1


def _lanes(e: Emitter, op: Operation) -> None:
    lanes = cast(tile.LanesOp, op)
    shape, axis = _shape(lanes.result), lanes.axis.value.data
    index = ", ".join(":" if i == axis else "None" for i in range(len(shape)))
    size = shape[axis]
    e.define(lanes.result, f"({e.name(lanes.coord)} * {size} + tl.arange(0, {size}))[{index}]",
             "lane")  # fmt: skip


def _splat(e: Emitter, op: Operation) -> None:
    splat = cast(tile.SplatOp, op)
    t = cast(TensorType[Attribute], splat.result.type)
    e.define(splat.result, f"tl.full({_shape(splat.result)}, {e.name(splat.value)}, "
             f"{tl_type(t.element_type)})", "k")  # fmt: skip


def _load(e: Emitter, op: Operation) -> None:
    ld = cast(tile.LoadOp, op)
    ptr, mask = e.address(ld.view, ld.coords, tile.int_list(ld.groups), _shape(ld.result))
    masked = f", mask={mask}, other=0" if mask else ""
    e.define(ld.result, f"tl.load({ptr}{masked})", "x")


def _gather(e: Emitter, op: Operation) -> None:
    """Loads at data-dependent indices of a 1-D view; an index outside it reads 0."""
    g = cast(tile.GatherOp, op)
    ptr, inside = _element_address(e, g.view, g.indices)
    e.define(g.result, f"tl.load({ptr}, mask={inside}, other=0)", "x")


def _element_address(e: Emitter, view: SSAValue, indices: SSAValue) -> tuple[str, str]:
    """The addresses of elements `indices` of a 1-D view, and the mask of those inside it."""
    (size,), (stride,), offset = e.layout(view)
    idx = e.name(indices)
    ptr = f"{e.name(view)}_ptr" + (f" + {e.source(offset)}" if offset != 0 else "")
    ptr += f" + {idx}" if stride == 1 else f" + {idx} * {e.source(stride)}"
    return ptr, f"({idx} >= 0) & ({idx} < {e.source(size)})"


def _assert(e: Emitter, op: Operation) -> None:
    """A failed lane stops the launch (Triton compiles it only with `debug` on: a kernel
    that holds one is compiled so, `assert_options`)."""
    a = cast(tile.AssertOp, op)
    e.line(f'tl.device_assert({e.name(a.cond)}, "{a.message.data}")')


def assert_options(source: str, backend: str) -> dict[str, bool]:
    """Triton options for a kernel of this source on `backend` ("cuda", "hip"): `debug`
    where it holds a `tl.device_assert`, which Triton drops otherwise, and without the
    integer-overflow asserts `debug` would add too, as Inductor compiles its kernels
    with indirect indexing (which leaves AMD's kernels unchecked, as Inductor does)."""
    if backend != "cuda" or "tl.device_assert(" not in source:
        return {}
    return {"debug": True, "sanitize_overflow": False}


SCATTER_CALLS = {"none": "tl.store", "sum": "tl.atomic_add", "amax": "tl.atomic_max",
                 "amin": "tl.atomic_min"}  # fmt: skip
"""`tile.scatter` kind -> the Triton call that writes (atomically when combining)."""


def _scatter(e: Emitter, op: Operation) -> None:
    """Stores (or atomics) at data-dependent indices of a 1-D view; an index outside it
    writes nothing."""
    sc = cast(tile.ScatterOp, op)
    ptr, inside = _element_address(e, sc.view, sc.indices)
    e.line(f"{SCATTER_CALLS[sc.kind.data]}({ptr}, {e.name(sc.value)}, mask={inside})")


def _store(e: Emitter, op: Operation) -> None:
    st = cast(tile.StoreOp, op)
    ptr, mask = e.address(st.view, st.coords, tile.int_list(st.groups), _shape(st.value))
    masked = f", mask={mask}" if mask else ""
    e.line(f"tl.store({ptr}, {e.name(st.value)}{masked})")


def _literal(value: float | int) -> str:
    """A Python literal for a constant in Triton source (infinities included)."""
    if isinstance(value, float) and math.isinf(value):
        return "float('inf')" if value > 0 else "float('-inf')"
    return repr(value)


def _reduce(e: Emitter, op: Operation) -> None:
    """Masked lanes take the identity; a float max/min is NaN if any in-view lane is NaN
    (as `prims.amax` is; tl.max/tl.min skip NaN). In-view lanes are those of the kernel's
    space along `axis`, at the reduction's tile coordinate."""
    red = cast(tile.ReduceOp, op)
    kind, axis = red.kind.data, red.axis.value.data
    if kind not in REDUCE_KINDS:
        raise EmitError(f"tile.reduce {kind} has no Triton rule")
    x = e.name(red.input)
    elem = cast(TensorType[Attribute], red.input.type).element_type
    mask = e.reduce_mask(red.input, axis, red.coord)
    masked = f"tl.where({mask}, {x}, {_literal(identity(kind, elem))})" if mask else x
    call = REDUCE_KINDS[kind].triton.format(x=masked, axis=axis)
    out = cast(TensorType[Attribute], red.result.type).element_type
    if out != elem:
        call = f"({call}).to({tl_type(out)})"
    result = e.define(red.result, call, "r")
    if kind in ("max", "min") and is_float(elem) and red.propagates_nan():
        nan = f"({x} != {x})" + (f" & {mask}" if mask else "")
        any_nan = f"tl.max(({nan}).to(tl.int32), axis={axis}, keep_dims=True) > 0"
        e.line(f"{result} = tl.where({any_nan}, float('nan'), {result})")


SCAN_CALL = {
    "sum": "tl.cumsum({x}, axis={axis})",
    "prod": "tl.cumprod({x}, axis={axis})",
    "max": "tl.associative_scan({x}, {axis}, _stepwell_max)",
    "min": "tl.associative_scan({x}, {axis}, _stepwell_min)",
    "logsumexp": "tl.associative_scan({x}, {axis}, _stepwell_logaddexp)",
}
"""tile.scan kind -> the Triton expression."""


def _scan(e: Emitter, op: Operation) -> None:
    sc = cast(tile.ScanOp, op)
    call = SCAN_CALL[sc.kind.data].format(x=e.name(sc.input), axis=sc.axis.value.data)
    e.define(sc.result, call, "s")


def _scan_index(e: Emitter, op: Operation) -> None:
    sc = cast(tile.ScanIndexOp, op)
    values, indices = e.fresh("s"), e.fresh("s")
    fn = "_stepwell_cummax" if sc.kind.data == "max" else "_stepwell_cummin"
    x, pos, axis = e.name(sc.input), e.name(sc.positions), sc.axis.value.data
    e.line(f"{values}, {indices} = tl.associative_scan(({x}, {pos}), {axis}, {fn})")
    e.names[sc.values], e.names[sc.indices] = values, indices


def _sort(e: Emitter, op: Operation) -> None:
    """A bitonic network over the last axis (`_stepwell_sort`), values and positions
    swapped together; lanes at positions >= size go last."""
    so = cast(tile.SortOp, op)
    shape = _shape(so.input)
    n_dims = int(math.log2(shape[-1]))
    elem = cast(TensorType[Attribute], so.input.type).element_type
    values, indices = e.fresh("srt"), e.fresh("srt")
    args = (f"{e.name(so.input)}, {e.name(so.positions)}, {so.size.value.data}, {n_dims}, "
            f"{bool(so.descending.value.data)}, {is_float(elem)}")  # fmt: skip
    e.line(f"{values}, {indices} = _stepwell_sort({args})")
    e.names[so.values], e.names[so.indices] = values, indices


def _broadcast(e: Emitter, op: Operation) -> None:
    e.define(
        op.results[0], f"tl.broadcast_to({e.name(op.operands[0])}, {tuple(_shape(op.results[0]))})"
    )


def _dot(e: Emitter, op: Operation) -> None:
    """`tl.dot`. A batched tile whose batch dims are all 1 (a matmul or attention kernel
    whose block takes one batch index: `[1, M, K] @ [1, K, N]`) is multiplied as the 2D
    tile it is: Triton lowers a 3D dot to Ampere-style MMA, a 2D one to Hopper's
    warp-group MMA (wgmma): on an H200, 2.9x faster for a 4096^3 fp16 matmul kernel and
    170x for an attention kernel (docs/gpu.md; timed with the product reshaped back,
    the form before `expand_dims`). The product goes back to the
    batched shape by `expand_dims`, not `reshape`: Triton 3.6 fails to compile a reshape
    of a wgmma result with 128-wide head dims. An f64 product of 2D tiles calls
    `_stepwell_dot_f64`: `tl.dot` from Triton 3.9 on, a sum of products before (older
    Tritons assert on an f64 `tl.dot`)."""
    dot = cast(tile.DotOp, op)
    elem = cast(TensorType[Attribute], dot.lhs.type).element_type
    precision = ', input_precision="ieee"' if str(elem) == "f32" else ""
    a, b, acc = e.name(dot.lhs), e.name(dot.rhs), e.name(dot.acc)
    shapes = [_shape(v) for v in (dot.lhs, dot.rhs, dot.acc)]
    batch = shapes[0][:-2]
    unit_batch = bool(batch) and all(d == 1 for s in shapes for d in s[:-2])
    if unit_batch:
        a, b, acc = (
            f"tl.reshape({name}, {tuple(s[-2:])})"
            for name, s in zip((a, b, acc), shapes, strict=True)
        )
    if str(elem) == "f64" and (unit_batch or not batch):
        result = f"_stepwell_dot_f64({a}, {b}, {acc})"  # Triton < 3.9 has no f64 tl.dot
    else:
        result = f"tl.dot({a}, {b}, {acc}{precision})"
    if unit_batch:
        for _ in batch:
            result = f"tl.expand_dims({result}, 0)"
    e.define(dot.result, result, "acc")


def _for(e: Emitter, op: Operation) -> None:
    loop = cast(scf.ForOp, op)
    body = loop.body.block
    iv = e.fresh("k")
    e.names[body.args[0]] = iv
    accs = []
    for arg, init, res in zip(body.args[1:], loop.iter_args, loop.results, strict=True):
        n = e.fresh("acc")
        e.line(f"{n} = {e.name(init)}")
        e.names[arg] = n
        e.names[res] = n
        accs.append(n)
    lb, ub, step = (e.name(v) for v in (loop.lb, loop.ub, loop.step))
    e.line(f"for {iv} in range({lb}, {ub}, {step}):")
    e.indent += 1
    outer_offsets = dict(e.offsets)  # names defined in the loop are not visible after it
    for inner in body.ops:
        if isinstance(inner, scf.YieldOp):
            for n, v in zip(accs, inner.operands, strict=True):
                e.line(f"{n} = {e.name(v)}")
        else:
            emit_op(e, inner)
    e.indent -= 1
    e.offsets = outer_offsets


EMIT_RULES: dict[type[Operation], Rule] = {
    tile.ProgramIdOp: _program_id,
    tile.PartOp: _part,
    tile.LanesOp: _lanes,
    tile.SplatOp: _splat,
    tile.LoadOp: _load,
    tile.GatherOp: _gather,
    tile.ScanOp: _scan,
    tile.ScanIndexOp: _scan_index,
    tile.SortOp: _sort,
    tile.StoreOp: _store,
    tile.ScatterOp: _scatter,
    tile.AssertOp: _assert,
    tile.ReduceOp: _reduce,
    tile.BroadcastOp: _broadcast,
    tile.DotOp: _dot,
    scf.ForOp: _for,
    arith.ConstantOp: _constant,
}
"""The structural kernel-body ops -> the rule that emits their Triton code; pointwise
ops are emitted from their definitions (`dialects/kernel_ops.POINTWISE`)."""


def _pointwise(e: Emitter, op: Operation) -> None:
    expr = POINTWISE[type(op)].triton([e.name(v) for v in op.operands], op)
    e.define(op.results[0], expr)


def emit_op(e: Emitter, op: Operation) -> None:
    """Emit one op; anything that goes wrong is an EmitError naming the op and its
    location (the verifiers should have refused such IR; this is the last guard)."""
    where = f"'{op.name}' (from {op.location}) in kernel @{e.kernel.sym_name.data}"
    rule = EMIT_RULES.get(type(op)) or (_pointwise if type(op) in POINTWISE else None)
    if rule is None:
        raise EmitError(f"no Triton rule for {where}")
    e.comment(op)
    try:
        rule(e, op)
    except EmitError:
        raise
    except Exception as err:  # noqa: BLE001 - reported as a diagnostic, never a traceback
        raise EmitError(f"cannot emit {where}: {type(err).__name__}: {err}") from err


def view_name(view: SSAValue, index: int) -> str:
    """The name of the kernel's view `index` in Triton source (its pointer is `NAME_ptr`):
    the view's name hint made an identifier, then the index, after a `_` where the hint
    ends in a digit. The index is then the name's last run of digits, so two views never
    share a name (a combo kernel's hints `arg1` at 11 and `arg11` at 1 were both
    `arg111`)."""
    hint = re.sub(r"\W", "_", view.name_hint or "arg", flags=re.ASCII)
    hint = hint if not hint[0].isdigit() else f"v{hint}"
    return f"{hint}_{index}" if hint[-1].isdigit() else f"{hint}{index}"


def emit_kernel(kernel: tile.KernelOp) -> str:
    """The Python source of one `@triton.jit` function for `kernel`."""
    e = Emitter(kernel)
    params = []
    for i, arg in enumerate(kernel.views):
        base = view_name(arg, i)
        e.names[arg] = base
        params.append(f"{base}_ptr")
    symbol_args = kernel.args[len(kernel.views) :]
    for name, arg in zip(kernel.symbol_names(), symbol_args, strict=True):
        e.names[arg] = SYMBOL_PREFIX + name  # a size: a plain int argument
        params.append(SYMBOL_PREFIX + name)
    fused = kernel.fused.data if kernel.fused else ()
    space = [[size_text(d) if not isinstance(d, int) else d for d in g]
             for g in kernel.space_dims()]  # fmt: skip
    grid = [size_text(g) if not isinstance(g, int) else g for g in kernel.grid_sizes()]
    head = [
        "@triton.jit",
        f"def {kernel.sym_name.data}({', '.join(params)}):",
        f'    """{kernel.kind.data} kernel: {", ".join(f.data for f in fused)}.',
        f'    space {space}, block {tile.int_list(kernel.block)}, grid {grid}"""',
    ]
    if kernel.is_combo():
        parts = ", ".join(p.part_name.data for p in kernel.parts())
        head[-2:] = [f'    """combo kernel, one launch of {parts}.', f'    grid {grid}"""']
    if kernel.is_combo():
        e.combo_program = e.fresh("prog")
        e.line(f"{e.combo_program} = tl.program_id(0)")
    for op in kernel.body.block.ops:
        emit_op(e, op)
    return "\n".join(head + e.lines) + "\n"


PRELUDE = """\
# Generated by stepwell (lower-tile-to-triton); one @triton.jit function per tile.kernel.
import triton
import triton.language as tl
"""

_SORT_HELPERS = """\
@triton.jit
def _stepwell_sort_step(x, pos, size, flip, i: tl.constexpr, n_dims: tl.constexpr,
                        descending: tl.constexpr, floating: tl.constexpr):
    # compare-and-swap the lanes 2**(n_dims - i - 1) apart along the last axis; the
    # values move as their integer bits, so the swap is exact (NaN payloads included)
    n_outer: tl.constexpr = x.numel >> n_dims
    shape: tl.constexpr = [n_outer * 2**i, 2, 2 ** (n_dims - i - 1)]
    itype: tl.constexpr = tl.core.get_int_dtype(x.dtype.primitive_bitwidth, True)
    right_sel = tl.arange(0, 2)[None, :, None]
    left_sel = 1 - right_sel
    ix = x.to(itype, bitcast=True)
    iy = tl.reshape(ix, shape)
    ileft = tl.reshape(tl.broadcast_to(tl.sum(iy * left_sel, 1).to(itype)[:, None, :], shape),
                       x.shape)
    iright = tl.reshape(tl.broadcast_to(tl.sum(iy * right_sel, 1).to(itype)[:, None, :], shape),
                        x.shape)
    left = ileft.to(x.dtype, bitcast=True)
    right = iright.to(x.dtype, bitcast=True)
    py = tl.reshape(pos, shape)
    pleft = tl.reshape(tl.broadcast_to(tl.sum(py * left_sel, 1).to(pos.dtype)[:, None, :],
                                       shape), x.shape)
    pright = tl.reshape(tl.broadcast_to(tl.sum(py * right_sel, 1).to(pos.dtype)[:, None, :],
                                        shape), x.shape)
    # should the pair swap? by (value, position): NaN is the largest value, ties keep
    # their positions' order (stable), lanes past the row go last
    if floating:
        left_nan = left != left
        right_nan = right != right
        if descending:
            after = (left < right) | (right_nan & ~left_nan)
        else:
            after = (left > right) | (left_nan & ~right_nan)
        equal = (left == right) | (left_nan & right_nan)
    else:
        if descending:
            after = left < right
        else:
            after = left > right
        equal = left == right
    after = after | (equal & (pleft > pright))
    left_valid = pleft < size
    right_valid = pright < size
    after = (right_valid & ~left_valid) | ((right_valid == left_valid) & after)
    swap = (after ^ flip).to(tl.int1)
    ix = ix ^ tl.where(swap, ileft ^ iright, tl.zeros_like(ix))
    pos = pos ^ tl.where(swap, pleft ^ pright, tl.zeros_like(pos))
    return ix.to(x.dtype, bitcast=True), pos


@triton.jit
def _stepwell_sort_flip(x, stage: tl.constexpr, n_dims: tl.constexpr):
    # which runs of 2**stage merge descending (alternate runs; none in the last stage)
    if stage < n_dims:
        n_outer: tl.constexpr = x.numel >> n_dims
        shape: tl.constexpr = [n_outer * 2 ** (n_dims - 1 - stage), 2, 2**stage]
        flip = tl.reshape(tl.broadcast_to(tl.arange(0, 2)[None, :, None], shape), x.shape)
    else:
        flip = tl.zeros(x.shape, tl.int32)
    return flip


@triton.jit
def _stepwell_sort(x, pos, size, n_dims: tl.constexpr, descending: tl.constexpr,
                   floating: tl.constexpr):
    # a bitonic sort of the last axis (length 2**n_dims): stage s merges runs of 2**s,
    # alternating direction until the last stage
    for stage in tl.static_range(1, n_dims + 1):
        flip = _stepwell_sort_flip(x, stage, n_dims)
        for i in tl.static_range(stage):
            x, pos = _stepwell_sort_step(x, pos, size, flip, i + (n_dims - stage), n_dims,
                                         descending, floating)
    return x, pos
"""

_DOT_F64_HELPER = """\
_STEPWELL_F64_DOT = tl.constexpr(tuple(int(p) for p in triton.__version__.split(".")[:2]) >= (3, 9))


@triton.jit
def _stepwell_dot_f64(a, b, acc):
    # Triton 3.9 compiles an f64 tl.dot (DMMA on sm_90); older ones assert: an FMA sum
    if _STEPWELL_F64_DOT:
        return tl.dot(a, b, acc, input_precision="ieee")
    else:
        return acc + tl.sum(a[:, :, None] * b[None, :, :], axis=1)
"""

HELPERS = {
    "_stepwell_mul": "@triton.jit\ndef _stepwell_mul(a, b):\n    return a * b\n",
    "_stepwell_max": "@triton.jit\ndef _stepwell_max(a, b):\n"
    "    return tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)\n",
    "_stepwell_min": "@triton.jit\ndef _stepwell_min(a, b):\n"
    "    return tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL)\n",
    "_stepwell_cummax": "@triton.jit\ndef _stepwell_cummax(va, ia, vb, ib):\n"
    "    pick = (vb >= va) | (vb != vb)  # the later lane on ties and NaN\n"
    "    return tl.where(pick, vb, va), tl.where(pick, ib, ia)\n",
    "_stepwell_cummin": "@triton.jit\ndef _stepwell_cummin(va, ia, vb, ib):\n"
    "    pick = (vb <= va) | (vb != vb)\n"
    "    return tl.where(pick, vb, va), tl.where(pick, ib, ia)\n",
    "_stepwell_logaddexp": "@triton.jit\ndef _stepwell_logaddexp(a, b):\n"
    "    hi = tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)\n"
    "    lo = tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL)\n"
    "    # equal values (also both -inf or both inf) give hi + log 2\n"
    "    return tl.where(hi == lo, hi + 0.6931471805599453, hi + tl.log(1 + tl.exp(lo - hi)))\n",
    "_stepwell_sort": _SORT_HELPERS,
    "_stepwell_dot_f64": _DOT_F64_HELPER,
}
"""Combine functions the kernels may call (tl.reduce needs a @triton.jit function),
emitted once each after the prelude when a kernel uses them."""


def emit_module(kernels: Sequence[tile.KernelOp]) -> str:
    """One Python module holding every kernel."""
    bodies = [emit_kernel(k) for k in kernels]
    helpers = [h for name, h in HELPERS.items()
               if any(f"{name}{c}" in b for b in bodies for c in ",)(")]  # fmt: skip
    return PRELUDE + "".join("\n\n" + text for text in [*helpers, *bodies])
