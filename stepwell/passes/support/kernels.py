"""Build a `tile.kernel` for one fusion group (see fusion.py for the grouping).

A group's iteration space is split into coordinate groups: pointwise kernels walk all
dims as one flat index; row kernels walk rows (kept dims) and whole columns (reduced
dims, permuted last); matmul kernels walk (batch, M, N) with a K loop. Every input and
output is a strided view of a graph-level tensor expressed in that space.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

import sympy
import torch
from torch.utils._sympy.functions import FloorDiv, PythonMod
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    IndexType,
    IntegerAttr,
    NameLoc,
    NoneAttr,
    StringAttr,
    TensorType,
    f32,
    f64,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from stepwell.dialects import prims, tile
from stepwell.dialects.codecs import decode
from stepwell.dialects.kernel_ops import combine, identity
from stepwell.dialects.prims_support import (
    INDEX_ERROR,
    ArgReduceOp,
    CheckIndexOp,
    MatmulOp,
    ScanIndexOp,
    ScanOp,
    ScatterOp,
    SortOp,
    TakeOp,
)
from stepwell.ir.sizes import Size, ceil_div, product, simplify, symbols_of
from stepwell.ir.types import is_float
from stepwell.passes.support import heuristics, prologues
from stepwell.passes.support.fusion import (
    ATTENTION_KINDS,
    REDUCTIONS,
    Group,
    Partitioner,
    matmul_inner,
    shape,
)
from stepwell.passes.support.kernel_kinds import KERNEL_KINDS
from stepwell.passes.support.tile_rules import TILE_RULES, TileBuilder
from stepwell.passes.support.views import (
    VIEW_RULES,
    View,
    contiguous_strides,
    is_view_op,
    view_of,
    view_through,
)


@dataclass
class Kernel:
    """The built kernel and how to launch it."""

    op: tile.KernelOp
    inputs: list[SSAValue]  # graph-level tensors passed for the input views, in order
    outputs: list[SSAValue]  # the group's values the kernel stores, in order
    inits: list[SSAValue] = field(default_factory=list)  # what the first outputs start as


@dataclass
class KernelBuilder:
    group: Group
    part: Partitioner
    name: str
    warp_size: int = 32  # the target's (heuristics.WARP_SIZES)
    hints: dict[str, int] = field(default_factory=dict)  # size symbol -> example size
    b: TileBuilder = field(default_factory=TileBuilder)
    arg_types: list[Attribute] = field(default_factory=list)
    arg_sources: list[SSAValue] = field(default_factory=list)
    arg_dims: list[list[Size]] = field(default_factory=list)  # each view's `?` expressions
    symbol_args: dict[str, SSAValue] = field(default_factory=dict)  # trailing index args
    views: dict[tuple[object, ...], SSAValue] = field(default_factory=dict)
    n_inputs: int = 0
    tiles: dict[SSAValue, SSAValue] = field(default_factory=dict)
    loads: dict[tuple[object, ...], SSAValue] = field(default_factory=dict)
    block: Block = field(default_factory=Block)
    looped: bool = False
    scan_carry: dict[Operation, SSAValue] = field(default_factory=dict)  # looped scans
    scan_next: dict[Operation, SSAValue] = field(default_factory=dict)
    scatters: dict[Operation, tuple[SSAValue, SSAValue]] = field(default_factory=dict)
    # a matmul prologue's operand layout: a view in the value's shape -> the tile's view
    prologue_view: Callable[[View], View | None] | None = None

    # -- the space (set by the group's kind: kernel_kinds.py) ------------------------------
    cfg: heuristics.Config = heuristics.Config((1,), 1)
    space: list[list[Size]] = field(default_factory=list)  # coordinate groups of dims
    grid: list[Size] = field(default_factory=lambda: [1, 1, 1])
    coords: dict[str, list[SSAValue]] = field(default_factory=dict)  # space -> coordinates
    shapes: dict[str, list[int]] = field(default_factory=dict)  # space -> tile shape

    def matmul_k(self) -> int:
        return matmul_inner(next(op for op in self.group.ops if isinstance(op, MatmulOp)))

    def add(self, op: Operation) -> SSAValue:
        return self.b.add(op)

    def symbol_arg(self, name: str) -> SSAValue:
        """The kernel's `index` argument holding the size symbol `name`."""
        if name not in self.symbol_args:
            arg = self.block.insert_arg(IndexType(), len(self.block.args))
            arg.name_hint = name
            self.symbol_args[name] = arg
        return self.symbol_args[name]

    def size_index(self, size: Size) -> SSAValue:
        """`size` as an `index` value of the kernel (a loop's trip count): index
        arithmetic on the size arguments it reads."""
        if isinstance(size, int):
            return self.index(size)
        return self.size_expression(sympy.sympify(size), self.index, self.symbol_arg)

    def size_tile(self, size: Size, t: TensorType[Attribute]) -> SSAValue:
        """An integer tile of `t` whose lanes all hold `size` (a constant, or arithmetic
        on the size arguments it reads: on `index` values for a 32-bit tile, on tiles of
        `t` for a 64-bit one, each size argument widened as it is splat, since a size
        argument is a 32-bit integer in the kernel and `n * 10_000_000` would wrap)."""
        size = simplify(size)
        if isinstance(size, int):
            return self.b.splat(size, t)
        if t.element_type == i64:
            return self.size_expression(
                sympy.sympify(size), lambda n: self.b.splat(n, t),
                lambda name: self.add(tile.SplatOp(self.symbol_arg(name), t)))  # fmt: skip
        return self.add(tile.SplatOp(self.size_index(size), t))

    def size_expression(
        self, expr: sympy.Expr, constant: Callable[[int], SSAValue],
        symbol: Callable[[str], SSAValue],
    ) -> SSAValue:  # fmt: skip
        """The value of the size expression `expr`: `constant` and `symbol` make its
        leaves, integer ops combine them (sums, products, powers, quotients, remainders,
        maxima and minima)."""
        if expr.is_Integer:
            return constant(int(expr))
        if expr.is_Symbol:
            return symbol(expr.name)
        if isinstance(expr, sympy.Pow) and expr.exp.is_Integer and int(expr.exp) > 0:
            base = self.size_expression(expr.base, constant, symbol)
            out = base
            for _ in range(int(expr.exp) - 1):
                out = self.add(arith.MuliOp(out, base))
            return out
        if isinstance(expr, FloorDiv | PythonMod):  # Python's: rounded toward -inf
            a, b = (self.size_expression(x, constant, symbol) for x in expr.args)
            mod = isinstance(expr, PythonMod)  # (any symbol may be negative: an int argument)
            return (self.floor_mod(a, b) if mod else
                    self.add(arith.DivSIOp(self.add(arith.SubiOp(a, self.floor_mod(a, b))), b)))
        folds = {sympy.Add: arith.AddiOp, sympy.Mul: arith.MuliOp, sympy.Max: arith.MaxSIOp,
                 sympy.Min: arith.MinSIOp}  # fmt: skip
        for cls, op_cls in folds.items():
            if isinstance(expr, cls):
                first, *rest = (self.size_expression(a, constant, symbol) for a in expr.args)
                for v in rest:
                    first = self.add(op_cls(first, v))
                return first
        raise NotImplementedError(f"a size of {expr}")

    def floor_mod(self, a: SSAValue, b: SSAValue) -> SSAValue:
        """Python's `a % b` (the divisor's sign) from `arith.remsi`'s (the dividend's, as
        Triton's `%`): `((a rem b) + b) rem b`. A size expression is Python arithmetic,
        and may be negative: `(s0 - 10) // 3` of a size below 10 was 1 too large
        truncated, `-s0 % 8` (a pad to a multiple of 8) negative, as was `n % s1` of an
        int argument `n < 0`. `a // b` is then the exact quotient `(a - a % b) // b`."""
        rem = self.add(arith.RemSIOp(a, b))
        return self.add(arith.RemSIOp(self.add(arith.AddiOp(rem, b)), b))

    def index(self, value: int) -> SSAValue:
        return self.add(arith.ConstantOp(IntegerAttr(value, IndexType())))

    def tile_type(self, space: str, element: Attribute) -> TensorType[Attribute]:
        return TensorType(element, self.shapes[space])

    # -- views ------------------------------------------------------------------------------
    def groups_for(self, space: str) -> list[int]:
        return KERNEL_KINDS[self.group.kind].groups_for(self, space)

    def in_space(self, view: View, space: str) -> View:
        """Re-express a view of a value in the kernel's space (order of coordinate groups)."""
        g = self.group
        if space == prologues.SPACE:  # a matmul operand tile's layout
            assert self.prologue_view is not None
            laid = self.prologue_view(view)
            assert laid is not None, view
            return laid
        if space == "reduced":
            v = view.reshape(g.rows)
            assert v is not None
            return v
        v = view.reshape(g.shape)
        assert v is not None, (view, g.shape)
        return v.permute(g.perm) if g.kind == "reduction" else v

    def arg(self, view: View, source: SSAValue, output: bool = False) -> SSAValue:
        """The kernel argument for a view: inputs first, then outputs, each made once."""
        key = (id(source), view.offset, view.sizes, view.strides, output)
        if key in self.views:
            return self.views[key]
        views = len(self.block.args) - len(self.symbol_args)  # (size symbols come last)
        index = views if output else self.n_inputs
        arg = self.block.insert_arg(view.memref_type(), index)
        arg.name_hint = source.name_hint or ("out" if output else "in")
        self.arg_types.insert(index, view.memref_type())
        self.arg_sources.insert(index, source)
        self.arg_dims.insert(index, view.dynamic_dims())
        self.n_inputs += not output
        self.views[key] = arg
        return arg

    def load(self, v: SSAValue, space: str, element: Attribute) -> SSAValue:
        full = self.part.constant(v)
        if full is not None:
            return self.b.splat(self.part.full_value(full), self.tile_type(space, element))
        size = self.part.size_fill(v)
        if size is not None:  # a size as data: computed from the size arguments
            shape = self.shapes[space]
            value = self.size_tile(size, TensorType(i64, shape))
            t = self.tile_type(space, element)
            return value if element == i64 else self.add(tile.CastOp(value, t))
        view = view_of(v, self.part.materialized)
        assert view is not None
        return self.load_view(view, v, space, element)

    def at(self, space: str) -> tuple[object, ...]:
        """What a load in `space` is keyed by besides its view: the space, and for a
        prologue's operand space (lhs or rhs tile) its coordinates and tile shape."""
        return (space, *map(id, self.coords[space]), *self.shapes[space])

    def load_view(self, view: View, v: SSAValue, space: str, element: Attribute) -> SSAValue:
        """The tile of `v`, read through `view` of the tensor under it, in `space`."""
        view = self.in_space(view, space)
        iota = self.part.generated(v)
        if isinstance(iota, prims.PrimsIotaOp):
            key = ("iota", id(iota), view.offset, view.sizes, view.strides, *self.at(space))
            if key not in self.loads:
                self.loads[key] = self.iota_values(cast(prims.PrimsIotaOp, iota), view, space)
            return self.loads[key]
        key = ("load", id(view.source), view.offset, view.sizes, view.strides, *self.at(space))
        if key not in self.loads:
            a = self.arg(view, view.source)
            t = self.tile_type(space, element)
            self.loads[key] = self.add(
                tile.LoadOp(a, self.coords[space], self.groups_for(space), t)
            )
        return self.loads[key]

    def iota_values(self, iota: prims.PrimsIotaOp, view: View, space: str) -> SSAValue:
        """`start + step * i` where `i` is the iota element each lane reads through
        `view`: per coordinate group, `((lane // inner) % size) * stride` over its dims."""
        shape = self.shapes[space]
        idx_t = TensorType(i64, shape)
        index = self.strided_sum(None, (), view.offset, idx_t)
        first = 0
        for axis, (coord, n) in enumerate(zip(self.coords[space], self.groups_for(space),
                                              strict=True)):  # fmt: skip
            dims = list(zip(view.sizes[first : first + n], view.strides[first : first + n],
                            strict=True))  # fmt: skip
            first += n
            if all(stride == 0 or size == 1 for size, stride in dims):
                continue
            lane_shape = [shape[a] if a == axis else 1 for a in range(len(shape))]
            lanes = self.add(tile.LanesOp(coord, axis, TensorType(i32, lane_shape)))
            lanes = self.add(tile.CastOp(lanes, TensorType(i64, lane_shape)))
            lanes = self.add(tile.BroadcastOp(lanes, idx_t))
            index = self.strided_sum(lanes, dims, 0, idx_t, index)
        start, step = (int(decode(p)) for p in (iota.start, iota.step))
        values = self.size_tile(0, idx_t) if index is None else index
        if step != 1:
            values = self.add(arith.MuliOp(values, self.b.splat(step, idx_t)))
        if start != 0:
            values = self.add(arith.AddiOp(values, self.b.splat(start, idx_t)))
        element = cast(TensorType[Attribute], iota.results[0].type).element_type
        if element != i64:
            values = self.add(tile.CastOp(values, TensorType(element, shape)))
        return values

    def strided_sum(
        self,
        positions: SSAValue | None,
        dims: Sequence[tuple[Size, Size]],
        offset: Size,
        t: TensorType[Attribute],
        total: SSAValue | None = None,
    ) -> SSAValue | None:
        """`total + offset + Σ ((positions // inner) % size) · stride` over `dims` (row-major
        positions: the last dim is innermost), with no op for a factor 1 or a term 0; None
        when every term is 0 and there is no `total`."""

        def plus(a: SSAValue | None, b: SSAValue) -> SSAValue:
            return b if a is None else self.add(arith.AddiOp(a, b))

        if offset != 0:
            total = plus(total, self.size_tile(offset, t))
        inner: Size = 1
        for size, stride in reversed(dims):
            if positions is not None and size != 1 and stride != 0:
                d = positions if inner == 1 else self.add(
                    arith.DivSIOp(positions, self.size_tile(inner, t)))  # fmt: skip
                d = self.add(arith.RemSIOp(d, self.size_tile(size, t)))
                total = plus(total, d if stride == 1 else self.add(
                    arith.MuliOp(d, self.size_tile(stride, t))))  # fmt: skip
            inner = inner * size
        return total

    def operand(self, op: Operation, i: int, space: str) -> SSAValue:
        v = op.operands[i]
        element = cast(TensorType[Attribute], v.type).element_type
        reg = self.group.register_uses.get((op, i))
        if reg is None:
            return self.load(v, space, element)
        u, rel = reg
        value = self.full_value(u) if rel in ("full", "copied") else self.tiles[u]
        if rel == "bcast":
            key = ("bcast", value)
            if key not in self.loads:
                self.loads[key] = self.add(tile.BroadcastOp(value, self.tile_type("full", element)))
            return self.loads[key]
        return value

    # -- ops ----------------------------------------------------------------------------------
    def emit(self, op: Operation) -> None:
        space = self.group.space_of[op.results[0]]  # (a prologue's: the operand tile's)
        start = len(self.b.ops)
        if isinstance(op, prims.PrimsRevOp) and op.results[0] not in self.group.copied:
            # a flip's own copy kernel reads its operand through the flipped strides
            element = cast(TensorType[Attribute], op.result.type).element_type
            if self.part.constant(op.a) is not None:  # a flipped splat is the splat
                self.tiles[op.results[0]] = self.load(op.a, space, element)
            else:
                source = view_of(op.a, self.part.materialized)
                flipped = None if source is None else VIEW_RULES[prims.PrimsRevOp](source, op)
                assert flipped is not None
                self.tiles[op.results[0]] = self.load_view(flipped, op.a, space, element)
            self._locate(op, start)
            return
        if is_view_op(op):  # a copy kernel: the operand's elements, in order
            self.tiles[op.results[0]] = self.operand(op, 0, space)
            self._locate(op, start)
            return
        if isinstance(op, prims.PrimsFullOp | prims.PrimsIotaOp):  # a fill kernel's value
            element = cast(TensorType[Attribute], op.results[0].type).element_type
            self.tiles[op.results[0]] = self.load(op.results[0], space, element)
            self._locate(op, start)
            return
        if isinstance(op, ScatterOp):  # written by `store`, which ends the kernel
            self.scatters[op] = (self.operand(op, 1, "full"), self.operand(op, 2, "full"))
            self._locate(op, start)
            return
        if isinstance(op, MatmulOp):
            if op.result not in self.tiles:  # every product of the kernel, in one K loop
                products = [m for m in self.group.ops if isinstance(m, MatmulOp)]
                for m, tile_ in zip(products, self.emit_matmuls(products), strict=True):
                    self.tiles[m.result] = tile_
            self._locate(op, start)
            return
        if isinstance(op, TakeOp):
            result = self.emit_take(op, space)
        elif isinstance(op, CheckIndexOp):
            result = self.emit_check(op, space)
        elif isinstance(op, ScanOp):  # along the row: the column axis of the tile
            result = self.emit_scan(op)
        elif isinstance(op, ScanIndexOp | SortOp):
            values, indices = (self.emit_scan_index(op) if isinstance(op, ScanIndexOp)
                               else self.emit_sort(op))  # fmt: skip
            self._locate(op, start)
            self.tiles[op.indices] = indices
            self.tiles[op.values] = values
            return
        elif type(op) in REDUCTIONS:
            result = self.emit_reduction(op)
        elif isinstance(op, ArgReduceOp):
            result = self.emit_arg_reduce(op)
        else:
            xs = [self.operand(op, i, space) for i in range(len(op.operands))]
            element = cast(TensorType[Attribute], op.results[0].type).element_type
            result = TILE_RULES[type(op)](self.b, xs, self.tile_type(space, element))
            assert result is not None, op.name
        self._locate(op, start)  # each tile op names the prims op it came from
        self.tiles[op.results[0]] = result

    def emit_take(self, op: TakeOp, space: str) -> SSAValue:
        """A gather. The source is read as one flat view of the dense tensor under it; a
        source that is a strided view of it (a slice, a transpose) has each offset turned
        into that view's element address, and an offset outside the view reads 0."""
        offsets = self.operand(op, 1, space)
        view = view_of(op.a, self.part.materialized)
        assert view is not None
        root = view.source
        numel = product(shape(root))
        element = cast(TensorType[Attribute], op.result.type).element_type
        flat = self.arg(View(root, 0, (max(numel, 1) if isinstance(numel, int) else numel,),
                             (1,)), root)  # fmt: skip
        if view.offset != 0 or view.strides != tuple(contiguous_strides(view.sizes)):
            offsets = self.view_addresses(offsets, view)
        return self.add(tile.GatherOp(flat, offsets, self.tile_type(space, element)))

    def emit_check(self, op: CheckIndexOp, space: str) -> SSAValue:
        """The index tile, after a `tile.assert` that each of its lanes inside the
        kernel's space lies in [0, bound)."""
        index, bound = (self.operand(op, i, space) for i in range(2))
        t = cast(TensorType[Attribute], index.type)
        mask_t = TensorType(i1, t.get_shape())
        ok = self.add(arith.AndIOp(
            self.add(tile.CmpOp("ge", index, self.b.splat(0, t), mask_t)),
            self.add(tile.CmpOp("lt", index, bound, mask_t)),
        ))  # fmt: skip
        live = self.live_lanes(space)
        if live is not None:
            ok = self.add(tile.SelectOp(live, ok, self.b.splat(1, mask_t)))
        where = op.location
        at = f" ({where.filename.data}:{where.line.data})" \
            if isinstance(where, FileLineColLoc) else ""
        self.add(tile.AssertOp(ok, tile.assert_message(INDEX_ERROR + at)))
        return index

    def live_lanes(self, space: str) -> SSAValue | None:
        """An i1 tile of `space`: true on the lanes inside the kernel's space (None when
        every lane is: each coordinate group's extent is a whole number of tiles)."""
        shape = self.shapes[space]
        dims = [d for group in self.space for d in group]
        live: SSAValue | None = None
        first = 0
        for axis, (coord, n) in enumerate(zip(self.coords[space], self.groups_for(space),
                                              strict=True)):  # fmt: skip
            total = product(dims[first : first + n])
            first += n
            size = shape[axis]
            if n == 0 or (isinstance(total, int) and total % size == 0):
                continue
            lane_shape = [size if a == axis else 1 for a in range(len(shape))]
            lanes = self.add(tile.LanesOp(coord, axis, TensorType(i32, lane_shape)))
            lanes = self.add(tile.CastOp(lanes, TensorType(i64, lane_shape)))
            inside = self.add(tile.CmpOp("lt", lanes,
                                         self.size_tile(total, TensorType(i64, lane_shape)),
                                         TensorType(i1, lane_shape)))  # fmt: skip
            if lane_shape != shape:
                inside = self.add(tile.BroadcastOp(inside, TensorType(i1, shape)))
            live = inside if live is None else self.add(arith.AndIOp(live, inside))
        return live

    def view_addresses(self, offsets: SSAValue, view: View) -> SSAValue:
        """Element addresses of row-major positions `offsets` in `view` (-1 outside it)."""
        t = cast(TensorType[Attribute], offsets.type)
        idx_t = TensorType(i64, t.get_shape())
        o = offsets if t.element_type == i64 else self.add(tile.CastOp(offsets, idx_t))
        dims = list(zip(view.sizes, view.strides, strict=True))
        address = self.strided_sum(o, dims, view.offset, idx_t)
        if address is None:  # (every position reads the view's one element at offset 0)
            address = self.size_tile(0, idx_t)
        inner = product(view.sizes)
        mask_t = TensorType(i1, t.get_shape())
        inside = self.add(arith.AndIOp(
            self.add(tile.CmpOp("ge", o, self.b.splat(0, idx_t), mask_t)),
            self.add(tile.CmpOp("lt", o, self.size_tile(inner, idx_t), mask_t)),
        ))  # fmt: skip
        return self.add(tile.SelectOp(inside, address, self.b.splat(-1, idx_t)))

    def emit_scan(self, op: ScanOp) -> SSAValue:
        """A scan of the row tile; in a looped kernel, each column tile's scan is combined
        with the carry of the tiles before it (`scan_carry`), and the carry moves on by
        the tile's masked total (`scan_next`)."""
        x = self.operand(op, 0, "full")
        scanned = self.add(tile.ScanOp(op.kind.data, x, 1))
        if not self.looped:
            return scanned
        kind = op.kind.data
        element = cast(TensorType[Attribute], x.type).element_type
        combine_op = combine(kind, element)
        carry = self.scan_carry[op]
        result = self.add(combine_op(scanned, self.add(tile.BroadcastOp(carry, x.type))))
        part = self.add(tile.ReduceOp(kind, x, 1, carry.type, self.coords["full"][1]))
        self.scan_next[op] = self.add(combine_op(carry, part))
        return result

    def column_positions(self, like: SSAValue) -> SSAValue:
        """Each lane's column (its index along the row) as an i64 tile shaped as `like`."""
        shape = list(cast(TensorType[Attribute], like.type).get_shape())
        lanes = self.add(tile.LanesOp(self.coords["full"][1], 1, TensorType(i32, [1, shape[1]])))
        lanes = self.add(tile.CastOp(lanes, TensorType(i64, [1, shape[1]])))
        return self.add(tile.BroadcastOp(lanes, TensorType(i64, shape)))

    def emit_sort(self, op: SortOp) -> tuple[SSAValue, SSAValue]:
        """The row tile sorted with the columns its values came from (lanes past the row
        sort last, so the stored row is the sorted row)."""
        x = self.operand(op, 0, "full")
        row = shape(op.x)[op.dim.value.data]
        so = tile.SortOp(x, self.column_positions(x), bool(op.descending.value.data), row)
        self.add(so)
        return so.values, so.indices

    def emit_scan_index(self, op: ScanIndexOp) -> tuple[SSAValue, SSAValue]:
        """cummax/cummin: the running extremum and the column where it was last reached
        (each lane's column: its lane along the column axis)."""
        x = self.operand(op, 0, "full")
        scan = tile.ScanIndexOp(op.kind.data, x, self.column_positions(x), 1)
        self.add(scan)
        return scan.values, scan.indices

    def emit_arg_reduce(self, op: ArgReduceOp) -> SSAValue:
        """argmax/argmin of the row tile (`tl.argmax`: the first of equal lanes; masked
        lanes hold the identity, so they never win); a row holding a NaN gives its first
        NaN's column, as eager does (tl.argmax skips NaN)."""
        x = self.operand(op, 0, "full")
        kind, col = op.kind.data, self.coords["full"][1]
        shape_ = cast(TensorType[Attribute], x.type).get_shape()
        red_t = self.tile_type("reduced", i64)
        index = self.add(tile.ReduceOp(kind, x, 1, red_t, col))
        if not is_float(cast(TensorType[Attribute], x.type).element_type):
            return index
        nan = self.add(tile.CmpOp("ne", x, x, TensorType(i1, shape_)))
        nan = self.add(tile.CastOp(nan, TensorType(i32, shape_)))
        first_nan = self.add(tile.ReduceOp("argmax", nan, 1, red_t, col))
        any_nan = self.add(tile.ReduceOp("max", nan, 1, self.tile_type("reduced", i32), col))
        has = self.add(tile.CmpOp("gt", any_nan, self.b.splat(0, any_nan.type),
                                  self.tile_type("reduced", i1)))  # fmt: skip
        return self.add(tile.SelectOp(has, first_nan, index))

    def emit_reduction(self, op: Operation) -> SSAValue:
        kind = REDUCTIONS[type(op)]
        x = self.operand(op, 0, "full")
        element = cast(TensorType[Attribute], x.type).element_type
        red_t = self.tile_type("reduced", element)
        if kind != "var":
            return self.add(tile.ReduceOp(kind, x, 1, red_t, self.coords["full"][1]))
        # the corrected two-pass variance (`variance`); masked lanes never enter a sum
        col = self.coords["full"][1]
        total = self.add(tile.ReduceOp("sum", x, 1, red_t, col))
        mean = self.add(arith.DivfOp(total, self.row_length(red_t)))
        d = self.add(arith.SubfOp(x, self.add(tile.BroadcastOp(mean, x.type))))
        sum_d = self.add(tile.ReduceOp("sum", d, 1, red_t, col))
        sum_d2 = self.add(tile.ReduceOp("sum", self.add(arith.MulfOp(d, d)), 1, red_t, col))
        return self.variance(op, sum_d, sum_d2)

    def variance(self, op: Operation, sum_d: SSAValue, sum_d2: SSAValue) -> SSAValue:
        """(Σd² - (Σd)²/n) / max(n - correction, 0) for d = x - mean: the corrected
        two-pass algorithm (Chan, Golub and LeVeque), whose Σd term removes the rounding
        of the mean. A row of equal values gets exactly 0, as eager's Welford does (a
        plain Σd² of a mean rounded by one ulp is not 0, and `var(x) == 0` would
        differ)."""
        correction = float(cast(prims.PrimsVarOp, op).correction.value.data)  # type: ignore[union-attr]
        red_t = cast(TensorType[Attribute], sum_d.type)
        n = self.row_length(red_t)
        drift = self.add(arith.DivfOp(self.add(arith.MulfOp(sum_d, sum_d)), n))
        sq = self.add(arith.SubfOp(sum_d2, drift))
        # a Σd² past the type's range is the variance's infinity (eager's), not inf - inf
        overflow = self.add(tile.CmpOp("eq", sum_d2, self.b.splat(float("inf"), red_t),
                                       TensorType(i1, red_t.get_shape())))  # fmt: skip
        sq = self.add(tile.SelectOp(overflow, sum_d2, sq))
        length = product(self.group.cols)
        if isinstance(length, int):
            return self.add(arith.DivfOp(sq, self.b.splat(max(length - correction, 0.0), red_t)))
        divisor = self.add(arith.SubfOp(n, self.b.splat(correction, red_t)))
        divisor = self.add(arith.MaximumfOp(divisor, self.b.splat(0.0, red_t)))
        return self.add(arith.DivfOp(sq, divisor))

    def row_length(self, t: TensorType[Attribute]) -> SSAValue:
        """The length of the reduced row, as a float tile of `t`: a constant, or the
        value of its size expression for a symbolic row (read from the size arguments
        as a 64-bit integer, then converted)."""
        length = product(self.group.cols)
        if isinstance(length, int):
            return self.b.splat(length, t)
        lengths = self.size_tile(length, TensorType(i64, t.get_shape()))
        return self.add(tile.CastOp(lengths, t))

    def operand_layout(self, view: View, transposed: bool, batch_shared: bool) -> View:
        """A matmul operand's view as the kernel reads it: (batch..., rows, cols)."""
        rank = len(view.sizes)
        if transposed:
            view = view.permute([*range(rank - 2), rank - 1, rank - 2])
        nb = len(self.group.shape) - 2
        if batch_shared and rank == 2 and nb:  # one weight for every batch
            view = View(view.source, view.offset, (*self.group.shape[:-2], *view.sizes),
                        (0,) * nb + view.strides)  # fmt: skip
        return view

    def matmul_operand(self, v: SSAValue, transposed: bool, batch_shared: bool) -> SSAValue:
        """The kernel argument of a matmul operand, as a (batch..., rows, cols) view."""
        view = view_of(v, self.part.materialized)
        assert view is not None
        view = self.operand_layout(view, transposed, batch_shared)
        return self.arg(view, view.source)

    def prologue_tile(self, v: SSAValue, transposed: bool, rhs: bool) -> SSAValue:
        """The step's tile of an operand that the kernel's prologue ops compute
        (prologues.py): its ops on tiles of their inputs, each loaded through the views
        from the operand's root to the matmul and the operand's layout; lanes past K
        are zero (masked loads read 0, but `x * r + b` of a 0 need not be)."""
        root = self.part.root(v)

        def layout(w: View) -> View | None:  # an input's view in root's shape -> the tile's
            through = view_through(v, root, w)
            return None if through is None else self.operand_layout(through, transposed, rhs)

        uses = self.group.register_uses
        cone: list[Operation] = []
        stack = [cast(Operation, root.owner)]
        while stack:  # the prologue ops `root` depends on
            op = stack.pop()
            if op not in cone:
                cone.append(op)
                stack.extend(cast(Operation, uses[(op, i)][0].owner)
                             for i in range(len(op.operands)) if (op, i) in uses)  # fmt: skip
        outer_tiles, outer_view = self.tiles, self.prologue_view
        self.tiles, self.prologue_view = {}, layout
        for op in sorted(cone, key=self.part.order.__getitem__):
            self.emit(op)
        value = self.tiles[root]
        self.tiles, self.prologue_view = outer_tiles, outer_view
        k, bk = self.matmul_k(), self.cfg.block[3]
        if not isinstance(k, int) or k % bk:  # the last K step's lanes past K
            t = cast(TensorType[Attribute], value.type)
            axis = 1 if rhs else 2
            lane_shape = [bk if a == axis else 1 for a in range(3)]
            lanes_t, index_t = TensorType(i32, lane_shape), TensorType(i64, lane_shape)
            lanes = self.add(tile.LanesOp(self.coords[prologues.SPACE][axis], axis, lanes_t))
            if isinstance(k, int):
                bound = self.b.splat(k, lanes_t)
            else:  # (a symbolic K: index arithmetic on the size arguments, as i64)
                lanes, bound = self.add(tile.CastOp(lanes, index_t)), self.size_tile(k, index_t)
            inside = self.add(tile.CmpOp("lt", lanes, bound, TensorType(i1, lane_shape)))
            inside = self.add(tile.BroadcastOp(inside, TensorType(i1, t.get_shape())))
            value = self.add(tile.SelectOp(inside, value, self.b.splat(0, t)))
        return value

    def emit_matmuls(self, products: list[MatmulOp]) -> list[SSAValue]:
        """The output tiles of the kernel's matmuls (one output shape and one K:
        `Partitioner.share_loop`): one loop over K loads each distinct A and B operand
        once per step and keeps an f32 accumulator per product (f64 for f64 products)."""
        _, bm, bn, bk = self.cfg.block
        k = self.matmul_k()
        nb = len(self.group.shape) - 2
        wide = any(_element_of(m.result) == f64 for m in products)
        acc_el = f64 if wide else f32
        acc_t = TensorType(acc_el, [1, bm, bn])
        zero = self.add(arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(acc_t, [0.0])))
        lb, ub, step = self.index(0), self.size_index(ceil_div(k, bk)), self.index(1)
        body = Block(arg_types=[IndexType(), *[acc_t] * len(products)])
        iv, accs = body.args[0], body.args[1:]
        pb, pm, pn = self.coords["full"]
        tiles: dict[tuple[SSAValue, bool, bool], SSAValue] = {}
        outer = (self.b, self.loads)
        self.b, self.loads = TileBuilder(splats=outer[0].splats), {}

        def operand_tile(v: SSAValue, transposed: bool, rhs: bool) -> SSAValue:
            """The step's tile of a matmul operand, loaded once per distinct operand."""
            if (v, transposed, rhs) not in tiles:
                coords, shape_ = ([pb, iv, pn], [1, bk, bn]) if rhs else ([pb, pm, iv], [1, bm, bk])
                if self.group.space_of.get(self.part.root(v)) == prologues.SPACE:
                    self.coords[prologues.SPACE], self.shapes[prologues.SPACE] = coords, shape_
                    tiles[(v, transposed, rhs)] = self.prologue_tile(v, transposed, rhs)
                else:
                    arg = self.matmul_operand(v, transposed, rhs)
                    element = cast(TensorType[Attribute], v.type).element_type
                    tiles[(v, transposed, rhs)] = self.add(
                        tile.LoadOp(arg, coords, [nb, 1, 1], TensorType(element, shape_))
                    )
            return tiles[(v, transposed, rhs)]

        dots = []
        for m, acc in zip(products, accs, strict=True):
            tl_, tr = m.flags()
            a, b_ = operand_tile(m.lhs, tl_, False), operand_tile(m.rhs, tr, True)
            dots.append(self.add(tile.DotOp(a, b_, acc)))
        body.add_ops(self.b.ops)
        body.add_op(scf.YieldOp(*dots))
        self.b, self.loads = outer
        loop = scf.ForOp(lb, ub, step, [zero] * len(products), Region(body))
        self.add(loop)
        results = []
        for m, result in zip(products, loop.results, strict=True):
            out_el = _element_of(m.result)
            if out_el != acc_el:
                result = self.add(arith.TruncFOp(result, TensorType(out_el, [1, bm, bn])))
            results.append(result)
        return results

    # -- rows longer than one tile: one loop over column tiles per pass -----------------
    def full_value(self, v: SSAValue) -> SSAValue:
        """The tile of an in-kernel full-row value, emitting its ops here if needed (in a
        looped kernel each pass recomputes the elementwise ops it reads from loads)."""
        if v not in self.tiles:
            self.emit(cast(Operation, v.owner))
        return self.tiles[v]

    def loop(self, inits: list[SSAValue], body_fn) -> list[SSAValue]:  # type: ignore[no-untyped-def]
        """`scf.for` over the column tiles; `body_fn(iter_args)` returns what to yield."""
        n = ceil_div(product(self.group.cols), self.cfg.block[1])
        lb, ub, step = self.index(0), self.size_index(n), self.index(1)
        body = Block(arg_types=[IndexType(), *[v.type for v in inits]])
        outer = (self.b, list(self.coords["full"]), self.loads, dict(self.tiles))
        self.b = TileBuilder(splats=outer[0].splats)
        self.coords["full"] = [self.coords["reduced"][0], body.args[0]]
        self.loads = {}
        yields = body_fn(list(body.args[1:]))
        body.add_ops(self.b.ops)
        body.add_op(scf.YieldOp(*yields))
        self.b, self.coords["full"], self.loads, self.tiles = outer
        loop = scf.ForOp(lb, ub, step, inits, Region(body))
        self.b.ops.append(loop)
        return list(loop.results)

    def looped_reduction(self, op: Operation) -> SSAValue:
        """One pass per reduction: accumulate the row tile by tile."""
        kind = REDUCTIONS[type(op)]
        element = cast(TensorType[Attribute], op.operands[0].type).element_type
        red_t = self.tile_type("reduced", element)

        def accumulate(kind_: str, value_of) -> SSAValue:  # type: ignore[no-untyped-def]
            init = self.b.splat(identity(kind_, element), red_t)

            def body(accs: list[SSAValue]) -> list[SSAValue]:
                part = self.add(tile.ReduceOp(kind_, value_of(), 1, red_t, self.coords["full"][1]))
                return [self.add(combine(kind_, element)(accs[0], part))]

            return self.loop([init], body)[0]

        if kind != "var":
            return accumulate(kind, lambda: self.operand(op, 0, "full"))
        mean = self.add(arith.DivfOp(accumulate("sum", lambda: self.operand(op, 0, "full")),
                                     self.row_length(red_t)))  # fmt: skip
        zero = self.b.splat(identity("sum", element), red_t)

        def sums(accs: list[SSAValue]) -> list[SSAValue]:  # Σd and Σd² in one pass
            x = self.operand(op, 0, "full")
            d = self.add(arith.SubfOp(x, self.add(tile.BroadcastOp(mean, x.type))))
            col = self.coords["full"][1]
            parts = [self.add(tile.ReduceOp("sum", t, 1, red_t, col))
                     for t in (d, self.add(arith.MulfOp(d, d)))]  # fmt: skip
            return [self.add(arith.AddfOp(a, p)) for a, p in zip(accs, parts, strict=True)]

        sum_d, sum_d2 = self.loop([zero, zero], sums)
        return self.variance(op, sum_d, sum_d2)

    def looped_arg_reduce(self, op: ArgReduceOp) -> SSAValue:
        """argmax/argmin of a row walked in column tiles. Each tile's extremum (its NaN
        lanes left out) and the first column holding it replace the carried pair only
        where strictly better, so the first of equal values wins; a row holding a NaN
        gives its first NaN's column, as eager does."""
        kind = "max" if op.kind.data == "argmax" else "min"
        element = cast(TensorType[Attribute], op.x.type).element_type
        val_t, idx_t = self.tile_type("reduced", element), self.tile_type("reduced", i64)
        floating = is_float(element)
        none = self.b.splat(torch.iinfo(torch.int64).max, idx_t)  # (no column yet)
        inits = [self.b.splat(identity(kind, element), val_t), self.b.splat(0, idx_t)]
        if floating:
            inits.append(none)

        def first_column(where: SSAValue, col: SSAValue) -> SSAValue:
            """The first column of the tile where `where` holds (`none` if nowhere)."""
            positions = self.column_positions(where)
            big = self.b.splat(torch.iinfo(torch.int64).max, positions.type)
            chosen = self.add(tile.SelectOp(where, positions, big))
            return self.add(tile.ReduceOp("min", chosen, 1, idx_t, col))

        def body(accs: list[SSAValue]) -> list[SSAValue]:
            x = self.operand(op, 0, "full")
            col = self.coords["full"][1]
            flags_t = TensorType(i1, cast(TensorType[Attribute], x.type).get_shape())
            if floating:  # (NaN lanes take the identity: they never win here)
                nan = self.add(tile.CmpOp("ne", x, x, flags_t))
                x = self.add(tile.SelectOp(nan, self.b.splat(identity(kind, element), x.type), x))
            best = self.add(tile.ReduceOp(kind, x, 1, val_t, col))
            at = first_column(self.add(tile.CmpOp(
                "eq", x, self.add(tile.BroadcastOp(best, x.type)), flags_t)), col)  # fmt: skip
            better = self.add(tile.CmpOp("gt" if kind == "max" else "lt", best, accs[0],
                                         self.tile_type("reduced", i1)))  # fmt: skip
            carried = [self.add(tile.SelectOp(better, best, accs[0])),
                       self.add(tile.SelectOp(better, at, accs[1]))]  # fmt: skip
            if floating:
                carried.append(self.add(arith.MinSIOp(accs[2], first_column(nan, col))))
            return carried

        found = self.loop(inits, body)
        if not floating:
            return found[1]
        has_nan = self.add(tile.CmpOp("ne", found[2], none, self.tile_type("reduced", i1)))
        return self.add(tile.SelectOp(has_nan, found[2], found[1]))

    def build_looped(self, outputs: list[SSAValue]) -> None:
        """Reductions and reduced values in order, then one loop storing full rows."""
        for op in self.group.ops:
            if type(op) in REDUCTIONS or isinstance(op, ArgReduceOp):
                start = len(self.b.ops)
                self.tiles[op.results[0]] = (
                    self.looped_arg_reduce(op) if isinstance(op, ArgReduceOp)
                    else self.looped_reduction(op)
                )  # fmt: skip
                self._locate(op, start)
            elif self.group.space_of[op.results[0]] == "reduced":
                self.emit(op)
        for v in outputs:
            if self.group.space_of[v] == "reduced":
                self.store(v)
        full = [v for v in outputs if self.group.space_of[v] in ("full", "copied")]
        scans = [op for op in self.group.ops if isinstance(op, ScanOp)]
        if full:
            inits = []
            for op in scans:  # each scan carries its running total across column tiles
                element = cast(TensorType[Attribute], op.x.type).element_type
                red_t = self.tile_type("reduced", element)
                inits.append(self.b.splat(identity(op.kind.data, element), red_t))

            def body(carries: list[SSAValue]) -> list[SSAValue]:
                self.scan_carry = dict(zip(scans, carries, strict=True))
                self.scan_next = dict(self.scan_carry)
                for v in full:
                    self.store(v)
                return [self.scan_next[op] for op in scans]

            self.loop(inits, body)

    def build_body(self, outputs: list[SSAValue]) -> None:
        if self.looped:
            self.build_looped(outputs)
            return
        for op in self.group.ops:
            if self.group.space_of[op.results[0]] != prologues.SPACE:  # (in the K loop)
                self.emit(op)
        for v in outputs:
            self.store(v)

    def _locate(self, op: Operation, start: int) -> None:
        where = op.location if isinstance(op.location, FileLineColLoc) else NoneAttr()
        for new in self.b.ops[start:]:
            new.location = NameLoc(StringAttr(op.name), where)

    def scatter(self, v: SSAValue) -> None:
        """Write a scatter's values into its (flat) result at their offsets; lanes past
        the kernel's space get offset -1, which writes nothing."""
        op = cast(ScatterOp, v.owner)
        offsets, values = self.scatters[op]
        start = len(self.b.ops)
        n = product(shape(v))  # (a size expression for symbolic sizes: never 0)
        out = self.arg(View(v, 0, (max(n, 1) if isinstance(n, int) else n,), (1,)), v,
                       output=True)  # fmt: skip
        idx_t = TensorType(i64, self.shapes["full"])
        element = cast(TensorType[Attribute], offsets.type).element_type
        if element != i64:
            offsets = self.add(tile.CastOp(offsets, idx_t))
        inside = self.live_lanes("full")
        if inside is not None:
            offsets = self.add(tile.SelectOp(inside, offsets, self.b.splat(-1, idx_t)))
        self.add(tile.ScatterOp(op.reduce.data, values, out, offsets))
        self._locate(op, start)

    def store(self, v: SSAValue) -> None:
        space = self.group.space_of[v]
        if space == "scatter":
            return self.scatter(v)
        if space == "copied":  # the tile of the value it copies, placed as the copy
            view, groups = self.copied_view(v)
            space = "full"
        elif v in self.group.copied:  # a row value's copy: its tile, placed as the copy
            view, groups = self.in_space(self.group.copied[v][0], space), self.groups_for(space)
        else:
            view, groups = self.in_space(View.of(v), space), self.groups_for(space)
        a = self.arg(view, v, output=True)
        value = self.full_value(v) if space == "full" else self.tiles[v]
        self.add(tile.StoreOp(value, a, self.coords[space], groups))

    def copied_view(self, v: SSAValue) -> tuple[View, list[int]]:
        """A copy's memory in the kernel's full space, in dims that refine the space's
        (`views.refine`), and how many of them each coordinate group covers."""
        g = self.group
        view, blocks = g.copied[v]
        starts = [sum(blocks[:d]) for d in range(len(blocks))]
        order = g.perm if g.kind == "reduction" else list(range(len(g.shape)))
        view = view.permute([starts[d] + i for d in order for i in range(blocks[d])])
        groups, at = [], 0
        for n in self.groups_for("full"):  # (space dims per coordinate group, in order)
            groups.append(sum(blocks[d] for d in order[at : at + n]))
            at += n
        return view, groups

    # -- the kernel -------------------------------------------------------------------------------
    def build(self, outputs: list[SSAValue]) -> Kernel:
        # a scatter's result starts as its operand (`tile.launch ... inits(...)`): first
        scattered = [v for v in outputs if self.group.space_of[v] == "scatter"]
        outputs = scattered + [v for v in outputs if v not in scattered]
        KERNEL_KINDS[self.group.kind].build(self, outputs)
        n_in = self.n_inputs
        self.block.add_ops(self.b.ops)
        fused = [op.name for op in self.group.ops]
        for name in self.symbols():  # a symbolic kernel's sizes: its last arguments
            self.symbol_arg(name)
        symbols = list(self.symbol_args)
        kernel = tile.KernelOp(
            self.name, [*self.arg_types, *[IndexType()] * len(symbols)], Region(self.block),
            self.grid, self.space, self.cfg.block[: len(self.space)], self.cfg.num_warps,
            self.group.kind, fused, symbols, self.arg_dims if symbols else (),
        )  # fmt: skip
        inits = [cast(ScatterOp, v.owner).a for v in scattered]
        # results in the order of the kernel's output views (a looped kernel stores its
        # reduced values before the loop that stores full rows)
        stored = list(self.arg_sources[n_in:])
        assert sorted(map(id, stored)) == sorted(map(id, outputs)), "one view per output"
        assert stored[: len(scattered)] == scattered
        return Kernel(kernel, self.arg_sources[:n_in], stored, inits)


    def symbols(self) -> list[str]:
        """The size symbols the kernel's views, space and grid read, sorted by name."""
        names: set[str] = set()
        for size in (*self.grid, *(d for g in self.space for d in g),
                     *(d for dims in self.arg_dims for d in dims)):  # fmt: skip
            names |= symbols_of(size)
        return sorted(names)


def _element_of(v: SSAValue) -> Attribute:
    return cast(TensorType[Attribute], v.type).element_type


def kernel_name(index: int, group: Group) -> str:
    """`k3_softmax`, `k1_matmul_add_gelu`: the kernel's number and what it computes."""
    prologue = [op for op in group.ops if group.space_of.get(op.results[0]) == prologues.SPACE]
    ops = [op for op in group.ops if op not in prologue] + prologue  # (what it computes first)
    names = [op.name.removeprefix("prims.") for op in ops]
    kinds = set(names)
    if group.kind in ATTENTION_KINDS:
        what = group.kind
    elif "scatter" in kinds:
        what = "scatter"
    elif group.kind == "reduction":
        if {"amax", "exp", "sum", "div"} <= kinds:
            what = "log_softmax" if "log" in kinds else "softmax"
        elif "var" in kinds and "rsqrt" in kinds:
            what = "layer_norm"
        elif "rsqrt" in kinds and "sum" in kinds:
            what = "rms_norm"
        else:
            what = "_".join(
                dict.fromkeys(
                    n for n in names if n in ("sum", "prod", "amax", "amin", "var", "scan",
                                              "scan_index", "arg_reduce", "sort")
                )
            )
    else:
        what = "_".join(list(dict.fromkeys(n for n in names if n != "convert_element_type"))[:3])
    if "erf" in kinds or ("tanh" in kinds and "pow" in kinds):
        what += "_gelu"
    return f"k{index}_{what or group.kind}"
