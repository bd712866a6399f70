"""The `tile` dialect: kernels over a launch grid that read and write tiles of views.

    tile.kernel @k0_softmax(%x: memref<8x100xf32, strided<[100, 1]>>,
                            %y: memref<8x100xf32, strided<[100, 1]>>)
        attributes {grid = [8 : i64, 1 : i64, 1 : i64], space = [[8 : i64], [100 : i64]],
                    block = [1 : i64, 128 : i64], num_warps = 4 : i64, kind = "reduction"} {
      %r = tile.program_id {axis = 0 : i64} : index
      %c0 = arith.constant 0 : index
      %t = tile.load %x[%r, %c0] {groups = [1 : i64, 1 : i64]} : memref<...> -> tensor<1x128xf32>
      %m = tile.reduce "max" %t {axis = 1 : i64} : tensor<1x128xf32> -> tensor<1x1xf32>
      ...
      tile.store %o, %y[%r, %c0] {groups = [1 : i64, 1 : i64]} : tensor<1x128xf32>, memref<...>
    }
    %y = tile.launch @k0_softmax(%x) : (tensor<8x100xf32>) -> tensor<8x100xf32>

A kernel argument is a view: a strided memref whose sizes, strides and offset say how the
kernel indexes the tensor passed to `tile.launch` (inputs first, then one per result).
Broadcasts, transposes and slices are strides and offsets of views, not copies.

Coordinates are in tiles. `tile.load %v[%c0, %c1]` with `groups = [g0, g1]` splits the
view's dims into consecutive groups (g0 dims, then g1 dims); coordinate i selects block
c_i of the flattened group i, whose size is dim i of the result tile. Lanes outside the
view are masked: they read as 0, are never stored, and reductions (`tile.reduce`) see
only in-view lanes: lanes inside the kernel's `space` (and, for loaded values, inside the
view). `space` lists the kernel's iteration space per coordinate group and `block` its
tile size, from which the lowering derives those masks; a reduction runs along a group
that one tile covers whole (at coordinate 0).

A kernel may have symbolic sizes (one compile for every size). Its `symbols` property
names them, and its last arguments are those sizes as `index` scalars, in that order. A
view's `?` sizes and strides are expressions over the symbols (`stepwell.ir.sizes`),
listed per view in `dims` (its `?` sizes, then its `?` strides); entries of `space` and
`grid` may be such expressions as strings. A launch binds each symbol from the sizes of
its inputs, whose types name it (`tensor<?x16xf32, ["s0"]>`: dim 0 binds `s0`):

    tile.kernel @k0_add(%x: memref<?x16xf32, strided<[16, 1]>>,
                        %y: memref<?x16xf32, strided<[16, 1]>>, %s0: index)
        attributes {symbols = ["s0"], dims = [["s0"], ["s0"]],
                    grid = ["((16*s0 + 127) // 128)", 1 : i64, 1 : i64],
                    space = [["s0", 16 : i64]], block = [128 : i64], ...}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
    TensorType,
)
from xdsl.dialects.utils import parse_func_op_like, print_func_op_like
from xdsl.ir import Attribute, BlockArgument, Dialect, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    MemoryReadEffect,
    MemoryWriteEffect,
    NoTerminator,
    Pure,
    SymbolOpInterface,
    SymbolTable,
)
from xdsl.utils.exceptions import VerifyException

from stepwell.dialects.prims_support import (  # one list for both levels
    SCAN_KINDS,
    SCATTER_KINDS,
)
from stepwell.ir.sizes import (
    Size,
    SizeError,
    evaluate,
    parse_size,
    product,
    simplify,
    size_text,
    statically_equal,
    symbols_of,
)
from stepwell.ir.types import int_array, int_values, plain_symbols

ints = int_array
int_list = int_values


KERNEL_KINDS = ("pointwise", "reduction", "matmul", "attention", "attention_backward")
"""The kinds of kernel the kernel builder makes (`passes/support/kernel_kinds.py`)."""

COMBO_KIND = "combo"
"""The kind of a kernel made of `tile.part`s: several kernels in one launch
(`combine-launches`)."""


def checked_ints(attr: Attribute, what: str, minimum: int = 0) -> list[int]:
    """The integers of an array property, or a VerifyException naming `what`."""
    if not isinstance(attr, ArrayAttr) or not all(
        isinstance(a, IntegerAttr) and not isinstance(a.type, IndexType) for a in attr.data
    ):
        raise VerifyException(f"{what} must be an array of integers, got {attr}")
    values = int_list(attr)
    if any(v < minimum for v in values):
        raise VerifyException(f"{what} {values} must be >= {minimum}")
    return values


def _check_view_type(t: Attribute, symbolic: bool = False) -> None:
    """A kernel argument: a memref of non-negative sizes with integer strides (negative
    ones step back from the offset: a flip) that reaches no element before 0. With
    `symbolic`, sizes, strides and the offset may be `?` (the kernel's `dims` gives
    them)."""
    if not isinstance(t, MemRefType):
        raise VerifyException(f"kernel arguments are views (memref), not {t}")
    mt = cast(MemRefType[Attribute], t)
    if not symbolic and any(d < 0 for d in mt.get_shape()):
        raise VerifyException(f"a view has static sizes, not {t}")
    layout = mt.layout
    if isinstance(layout, StridedLayoutAttr):
        strides, offset = layout.get_strides(), layout.get_offset()
        sizes = mt.get_shape()
        if (
            len(strides) != len(sizes)
            or not (isinstance(offset, int) or (symbolic and offset is None))
            or not all(isinstance(x, int) or (symbolic and x is None) for x in strides)
        ):
            raise VerifyException(f"a view has one static stride per dim: {t}")
        if offset is None:  # (a symbolic offset: known only at launch)
            return
        first = cast(int, offset) + sum(
            cast(int, st) * (n - 1)
            for n, st in zip(sizes, strides, strict=True)
            if st is not None and cast(int, st) < 0 and n > 0
        )
        if first < 0:
            raise VerifyException(f"a view reaches elements before its tensor's first: {t}")


def _dynamic_count(t: Attribute) -> int:
    """How many `?` sizes, strides and offsets the memref type `t` has."""
    mt = cast(MemRefType[Attribute], t)
    n = sum(d < 0 for d in mt.get_shape())
    layout = mt.layout
    if isinstance(layout, StridedLayoutAttr):
        n += sum(st is None for st in layout.get_strides()) + (layout.get_offset() is None)
    return n


def size_attr(size: Size) -> Attribute:
    """An entry of `space` or `grid`: an integer, or a size expression as a string."""
    return IntegerAttr(size, 64) if isinstance(size, int) else StringAttr(size_text(size))


def _read_size(attr: Attribute, what: str, names: Sequence[str]) -> Size:
    if isinstance(attr, IntegerAttr) and not isinstance(attr.type, IndexType):
        return attr.value.data
    if isinstance(attr, StringAttr):
        try:
            size = parse_size(attr.data)
        except SizeError as e:
            raise VerifyException(f"{what}: {e}") from None
        unknown = symbols_of(size) - set(names)
        if unknown:
            raise VerifyException(f"{what} reads {sorted(unknown)}, not symbols of the kernel "
                                  f"{list(names)}")  # fmt: skip
        return size
    raise VerifyException(f"{what} must be an integer or a size expression, got {attr}")


@irdl_op_definition
class KernelOp(IRDLOperation):
    """`tile.kernel`: one GPU kernel. Arguments are views (strided memrefs), then the
    kernel's size symbols (`index`), if it has any."""

    name = "tile.kernel"
    body = region_def()
    sym_name = prop_def(StringAttr)
    function_type = prop_def(FunctionType)
    grid = prop_def(ArrayAttr)
    space = prop_def(ArrayAttr)
    block = prop_def(ArrayAttr)
    num_warps = prop_def(IntegerAttr)
    kind = prop_def(StringAttr)
    fused = opt_prop_def(ArrayAttr)
    symbols = opt_prop_def(ArrayAttr)
    dims = opt_prop_def(ArrayAttr)
    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface(), NoTerminator())

    def __init__(
        self,
        name: str,
        arg_types: Sequence[Attribute],
        body: Region,
        grid: Sequence[Size],
        space: Sequence[Sequence[Size]],
        block: Sequence[int],
        num_warps: int,
        kind: str,
        fused: Sequence[str] = (),
        symbols: Sequence[str] = (),
        dims: Sequence[Sequence[Size]] = (),
    ) -> None:
        """`arg_types` are the views' then (with `symbols`) one `index` per symbol;
        `dims` gives each view's `?` sizes then `?` strides."""
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(name),
            "function_type": FunctionType.from_lists(list(arg_types), []),
            "grid": ArrayAttr([size_attr(g) for g in grid]),
            "space": ArrayAttr([ArrayAttr([size_attr(d) for d in s]) for s in space]),
            "block": ints(block),
            "num_warps": IntegerAttr(num_warps, 64),
            "kind": StringAttr(kind),
        }
        if fused:
            props["fused"] = ArrayAttr([StringAttr(f) for f in fused])
        if symbols:
            props["symbols"] = ArrayAttr([StringAttr(n) for n in symbols])
            props["dims"] = ArrayAttr(
                [ArrayAttr([StringAttr(size_text(d)) for d in view]) for view in dims]
            )
        super().__init__(properties=props, regions=[body])

    @property
    def args(self) -> tuple[SSAValue, ...]:
        return self.body.block.args

    def symbol_names(self) -> list[str]:
        """The kernel's size symbols, in the order of its trailing `index` arguments."""
        return [cast(StringAttr, a).data for a in self.symbols.data] if self.symbols else []

    @property
    def views(self) -> tuple[SSAValue, ...]:
        """The view arguments (every argument but the trailing size symbols)."""
        n = len(self.symbol_names())
        args = self.body.block.args
        return args[: len(args) - n] if n else args

    def view_types(self) -> list[Attribute]:
        n = len(self.symbol_names())
        types = list(self.function_type.inputs.data)
        return types[: len(types) - n] if n else types

    def is_symbolic(self) -> bool:
        return bool(self.symbol_names())

    def view_layout(self, i: int) -> tuple[list[Size], list[Size], Size]:
        """Sizes, strides and offset of view argument `i`, `?` entries as expressions."""
        mt = cast(MemRefType[Attribute], self.view_types()[i])
        exprs = iter(self.view_dims(i))
        sizes: list[Size] = [d if d >= 0 else next(exprs) for d in mt.get_shape()]
        layout = mt.layout
        if isinstance(layout, StridedLayoutAttr):
            strides: list[Size] = [st if st is not None else next(exprs)
                                   for st in layout.get_strides()]  # fmt: skip
            found = layout.get_offset()
            offset: Size = next(exprs) if found is None else cast(int, found)
        else:
            strides, acc = [], 1
            for d in reversed(sizes):
                strides.insert(0, acc)
                acc = acc * d
            offset = 0
        return sizes, strides, offset

    def view_dims(self, i: int) -> list[Size]:
        if self.dims is None:
            return []
        entries = cast(ArrayAttr[Attribute], self.dims.data[i]).data
        return [_read_size(e, f"dims of view {i}", self.symbol_names()) for e in entries]

    def space_dims(self) -> list[list[Size]]:
        names = self.symbol_names()
        return [
            [_read_size(d, "space", names) for d in cast(ArrayAttr[Attribute], g).data]
            for g in self.space.data
        ]

    def grid_sizes(self) -> list[Size]:
        return [_read_size(g, "grid", self.symbol_names()) for g in self.grid.data]

    def verify_(self) -> None:
        if self.body.block.arg_types != self.function_type.inputs.data:
            raise VerifyException("kernel arguments must match its function type")
        names = self.symbol_names()
        if len(set(names)) != len(names):
            raise VerifyException(f"symbols {names} are not distinct")
        for n in names:
            if not n.isidentifier() or n.startswith("_"):
                raise VerifyException(f"{n!r} is not a size symbol name")
        types = list(self.function_type.inputs.data)
        if len(types) < len(names) or not all(
            isinstance(t, IndexType) for t in types[len(types) - len(names) :]
        ):
            raise VerifyException("a kernel's last arguments are its symbols, as index values")
        views = self.view_types()
        for t in views:
            _check_view_type(t, symbolic=bool(names))
        if names:
            if self.dims is None or len(self.dims.data) != len(views):
                raise VerifyException("a symbolic kernel's dims lists each view's ? sizes "
                                      "and strides")  # fmt: skip
            for i, t in enumerate(views):
                entries = self.dims.data[i]
                if not isinstance(entries, ArrayAttr) or len(entries.data) != _dynamic_count(t):
                    raise VerifyException(f"dims of view {i} gives one size per ? of {t}")
                self.view_dims(i)
        elif self.dims is not None:
            raise VerifyException("dims without symbols")
        space = self.space_dims()
        if len(checked_ints(self.block, "block", 1)) != len(space):
            raise VerifyException("block needs one size per coordinate group of the space")
        for group in space:
            if any(isinstance(d, int) and d < 0 for d in group):
                raise VerifyException(f"each group of space {group} must be >= 0")
        grid = self.grid_sizes()
        if len(grid) != 3:
            raise VerifyException("grid has three dimensions")
        if any(isinstance(g, int) and g < 0 for g in grid):
            raise VerifyException(f"grid {grid} must be >= 0")
        warps = self.num_warps.value.data
        if warps < 1 or warps > 32 or warps & (warps - 1):
            raise VerifyException(f"num_warps is a power of two from 1 to 32, not {warps}")
        if self.kind.data not in (*KERNEL_KINDS, COMBO_KIND):
            raise VerifyException(f"unknown kernel kind '{self.kind.data}' "
                                  f"{(*KERNEL_KINDS, COMBO_KIND)}")  # fmt: skip
        self._verify_parts()
        from stepwell.dialects.kernel_ops import kernel_body_ops  # defined over this dialect

        body_ops = kernel_body_ops()
        for op in self.body.walk():
            if type(op) not in body_ops:
                raise VerifyException(
                    f"'{op.name}' cannot appear in a tile.kernel (no Triton rule or tile "
                    "interpreter for it; see dialects/kernel_ops.py)"
                )
            if isinstance(op, scf.ForOp):
                step = op.step.owner
                if isinstance(step, arith.ConstantOp) and isinstance(
                    step.value, IntegerAttr) and step.value.value.data <= 0:  # fmt: skip
                    raise VerifyException(f"a loop's step is positive, not "
                                          f"{step.value.value.data}")  # fmt: skip

    def is_combo(self) -> bool:
        return self.kind.data == COMBO_KIND

    def parts(self) -> list[PartOp]:
        """A combo kernel's parts, in program order (none for any other kernel)."""
        return [op for op in self.body.block.ops if isinstance(op, PartOp)]

    def _verify_parts(self) -> None:
        """A combo kernel is static and holds parts only, whose programs follow each other
        from 0 and fill its one-dimensional grid; no other kernel holds a part."""
        parts = self.parts()
        if not self.is_combo():
            if any(isinstance(op, PartOp) for op in self.body.walk()):
                raise VerifyException(f"only a '{COMBO_KIND}' kernel holds tile.part ops")
            return
        if len(parts) < 2 or len(parts) != len(list(self.body.block.ops)):
            raise VerifyException("a combo kernel's body is two or more tile.part ops")
        start: Size = 0
        for part in parts:
            if not statically_equal(part.start_size(), start):
                raise VerifyException(f"part {part.part_name.data} starts at program "
                                      f"{size_text(part.start_size())}, not "
                                      f"{size_text(start)}")  # fmt: skip
            start = simplify(start + part.programs())
        grid = self.grid_sizes()
        if not (statically_equal(grid[0], start) and grid[1:] == [1, 1]):
            raise VerifyException(f"a combo kernel's grid is [{size_text(start)}, 1, 1], the "
                                  f"programs of its parts, not {grid}")  # fmt: skip
        if self.space.data or self.block.data:
            raise VerifyException("a combo kernel's space and block are its parts'")

    @classmethod
    def parse(cls, parser: Parser) -> KernelOp:
        name, _inputs, _outputs, body, extra, _, _ = parse_func_op_like(
            parser, reserved_attr_names=("sym_name", "function_type")
        )
        types = [a.type for a in body.block.args] if body.blocks else []
        props = dict(extra.data) if extra is not None else {}
        op = cls.create(
            properties={
                "sym_name": StringAttr(name),
                "function_type": FunctionType.from_lists(types, []),
                **props,
            },
            regions=[body],
        )
        return op

    def print(self, printer: Printer) -> None:
        extra = {k: v for k, v in self.properties.items() if k not in ("sym_name", "function_type")}
        print_func_op_like(
            printer,
            self.sym_name,
            self.function_type,
            self.body,
            extra,
            reserved_attr_names=(),
            print_empty_outputs=False,
        )


@irdl_op_definition
class PartOp(IRDLOperation):
    """`tile.part`: one kernel inside a combo kernel (`combine-launches`). The programs
    `start` .. `start + prod(grid) - 1` of the combo's grid run it, each as the program of
    `grid` that its offset from `start` numbers (axis 0 fastest). Inside the part,
    `tile.program_id` is that program's coordinate and reductions mask lanes against the
    part's `space`; its body reads and writes the combo kernel's views:

        tile.part attributes {name = "k4_matmul", start = 2 : i64,
                              grid = [1 : i64, 1 : i64, 1 : i64], space = [...],
                              block = [...], kind = "matmul"} {
          ...
        }
    """

    name = "tile.part"
    part_name = prop_def(StringAttr, prop_name="name")
    start = prop_def(Attribute)  # an integer, or a size expression as a string
    grid = prop_def(ArrayAttr)
    space = prop_def(ArrayAttr)
    block = prop_def(ArrayAttr)
    kind = prop_def(StringAttr)
    fused = opt_prop_def(ArrayAttr)
    body = region_def("single_block")
    traits = traits_def(HasParent(KernelOp), NoTerminator())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict-with-keyword $body"

    def __init__(self, kernel: KernelOp, start: Size, body: Region) -> None:
        """The part that runs `kernel` (its body moved into `body`) from program `start`."""
        props: dict[str, Attribute] = {
            "name": kernel.sym_name,
            "start": size_attr(start),
            "grid": kernel.grid,
            "space": kernel.space,
            "block": kernel.block,
            "kind": kernel.kind,
        }
        if kernel.fused is not None:
            props["fused"] = kernel.fused
        super().__init__(properties=props, regions=[body])

    def _symbols(self) -> list[str]:
        kernel = self.parent_op()
        return kernel.symbol_names() if isinstance(kernel, KernelOp) else []

    def start_size(self) -> Size:
        return _read_size(self.start, "start", self._symbols())

    def grid_sizes(self) -> list[Size]:
        return [_read_size(g, "grid", self._symbols()) for g in self.grid.data]

    def programs(self) -> Size:
        return simplify(product(self.grid_sizes()))

    def space_dims(self) -> list[list[Size]]:
        names = self._symbols()
        return [[_read_size(d, "space", names) for d in cast(ArrayAttr[Attribute], g).data]
                for g in self.space.data]  # fmt: skip

    def coordinates(self, program: int, bindings: dict[str, int]) -> tuple[int, int, int]:
        """The part's own program coordinates of the combo's program `program`."""
        gx, gy, _ = (evaluate(g, bindings) for g in self.grid_sizes())
        local = program - evaluate(self.start_size(), bindings)
        return local % gx, (local // gx) % gy, local // (gx * gy)

    def verify_(self) -> None:
        if len(self.grid_sizes()) != 3:
            raise VerifyException("a part's grid has three dimensions")
        if len(checked_ints(self.block, "block", 1)) != len(self.space.data):
            raise VerifyException("block needs one size per coordinate group of the space")
        self.space_dims()
        self.start_size()
        if self.kind.data not in KERNEL_KINDS:
            raise VerifyException(f"unknown part kind '{self.kind.data}' {KERNEL_KINDS}")
        if any(isinstance(op, PartOp) for op in self.body.walk() if op is not self):
            raise VerifyException("a tile.part holds no part")


@irdl_op_definition
class ProgramIdOp(IRDLOperation):
    """`tile.program_id`: this program's index along a grid axis."""

    name = "tile.program_id"
    traits = traits_def(Pure())
    axis = prop_def(IntegerAttr)
    result = result_def(IndexType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, axis: int) -> None:
        super().__init__(properties={"axis": IntegerAttr(axis, 64)}, result_types=[IndexType()])

    def verify_(self) -> None:
        if not 0 <= self.axis.value.data < 3:
            raise VerifyException(f"a grid has axes 0, 1 and 2, not {self.axis.value.data}")


@irdl_op_definition
class LanesOp(IRDLOperation):
    """`tile.lanes`: each lane's index along one axis of the kernel's space,
    `coord * T + lane` (T = dim `axis` of the i32 result; its other dims are 1). Kernels
    that compare positions use it: causal masks, bounds of a looped dim."""

    name = "tile.lanes"
    traits = traits_def(Pure())
    coord = operand_def(IndexType)
    axis = prop_def(IntegerAttr)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$coord attr-dict `:` type($result)"

    def __init__(self, coord: SSAValue, axis: int, result_type: Attribute) -> None:
        super().__init__(
            operands=[coord], result_types=[result_type], properties={"axis": IntegerAttr(axis, 64)}
        )

    def verify_(self) -> None:
        t = cast(TensorType[Attribute], self.result.type)
        shape, axis = list(t.get_shape()), self.axis.value.data
        if str(t.element_type) != "i32" or not 0 <= axis < len(shape):
            raise VerifyException(f"tile.lanes gives an i32 tile with an axis {axis}")
        if any(d != 1 for i, d in enumerate(shape) if i != axis):
            raise VerifyException(f"tile.lanes varies along axis {axis} only, not {shape}")


@irdl_op_definition
class SplatOp(IRDLOperation):
    """`tile.splat`: an integer tile whose every lane is an `index` value (a symbolic
    size, computed from the kernel's size arguments, as data: an iota's extent)."""

    name = "tile.splat"
    traits = traits_def(Pure())
    value = operand_def(IndexType)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$value attr-dict `:` type($result)"

    def __init__(self, value: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[value], result_types=[result_type])

    def verify_(self) -> None:
        element = cast(TensorType[Attribute], self.result.type).element_type
        if str(element) not in ("i32", "i64"):
            raise VerifyException(f"tile.splat gives an i32 or i64 tile, not {element}")


def _check_groups(view: SSAValue, coords: Sequence[SSAValue], groups: Attribute, tile: Attribute):
    g = checked_ints(groups, "groups")
    rank = len(cast(MemRefType[Attribute], view.type).get_shape())
    if sum(g) != rank:
        raise VerifyException(f"groups {g} cover {sum(g)} dims but the view has rank {rank}")
    if len(g) != len(coords):
        raise VerifyException(f"{len(coords)} coordinates for {len(g)} groups")
    if len(cast(TensorType[Attribute], tile).get_shape()) != len(g):
        raise VerifyException("the tile needs one dim per coordinate group")


@irdl_op_definition
class LoadOp(IRDLOperation):
    """`tile.load`: read one tile of a view at tile coordinates (see the module doc)."""

    name = "tile.load"
    traits = traits_def(MemoryReadEffect())
    view = operand_def(MemRefType)
    coords = var_operand_def(IndexType)
    groups = prop_def(ArrayAttr)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$view `[` $coords `]` attr-dict `:` type($view) `->` type($result)"

    def __init__(
        self, view: SSAValue, coords: Sequence[SSAValue], groups: Sequence[int], tile: Attribute
    ) -> None:
        super().__init__(
            operands=[view, coords], result_types=[tile], properties={"groups": ints(groups)}
        )

    def verify_(self) -> None:
        _check_groups(self.view, self.coords, self.groups, self.result.type)
        vt = cast(MemRefType[Attribute], self.view.type).element_type
        if cast(TensorType[Attribute], self.result.type).element_type != vt:
            raise VerifyException("a load's tile has the view's element type")


@irdl_op_definition
class StoreOp(IRDLOperation):
    """`tile.store`: write a tile into a view at tile coordinates; lanes outside it are
    not written."""

    name = "tile.store"
    traits = traits_def(MemoryWriteEffect())
    value = operand_def(TensorType)
    view = operand_def(MemRefType)
    coords = var_operand_def(IndexType)
    groups = prop_def(ArrayAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$value `,` $view `[` $coords `]` attr-dict `:` type($value) `,` type($view)"

    def __init__(
        self, value: SSAValue, view: SSAValue, coords: Sequence[SSAValue], groups: Sequence[int]
    ) -> None:
        super().__init__(operands=[value, view, coords], properties={"groups": ints(groups)})

    def verify_(self) -> None:
        _check_groups(self.view, self.coords, self.groups, self.value.type)


@irdl_op_definition
class ReduceOp(IRDLOperation):
    """`tile.reduce`: reduce one axis of a tile (kept as size 1) over in-view lanes. The
    tile covers lanes [coord * size, (coord + 1) * size) of the kernel space's group
    `axis` (coord 0 when absent); lanes past the space are not reduced. A float max/min
    is NaN where a lane is NaN, unless `propagate_nan = false`."""

    name = "tile.reduce"
    traits = traits_def(Pure())
    kind = prop_def(StringAttr)
    axis = prop_def(IntegerAttr)
    propagate_nan = opt_prop_def(BoolAttr)
    input = operand_def(TensorType)
    coord = opt_operand_def(IndexType)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$kind $input (`at` $coord^)? attr-dict `:` type($input) `->` type($result)"

    def __init__(
        self,
        kind: str,
        value: SSAValue,
        axis: int,
        result_type: Attribute,
        coord: SSAValue | None = None,
        propagate_nan: bool = True,
    ) -> None:
        props: dict[str, Attribute] = {"kind": StringAttr(kind), "axis": IntegerAttr(axis, 64)}
        if not propagate_nan:  # the caller propagates NaN itself (attention's exp(s - m))
            props["propagate_nan"] = IntegerAttr.from_bool(False)
        super().__init__(
            operands=[value, [coord] if coord is not None else []],
            result_types=[result_type],
            properties=props,
        )

    def propagates_nan(self) -> bool:
        """A float max/min is NaN where an in-view lane is (as `prims.amax`), unless
        `propagate_nan = false` lets it skip NaN lanes (cheaper on GPUs)."""
        return self.propagate_nan is None or bool(self.propagate_nan.value.data)

    def verify_(self) -> None:
        from stepwell.dialects.kernel_ops import REDUCE_KINDS  # defined over this dialect

        if self.kind.data not in REDUCE_KINDS:
            kinds = ", ".join(REDUCE_KINDS)
            raise VerifyException(f"unknown reduction '{self.kind.data}' (one of {kinds})")
        src = list(cast(TensorType[Attribute], self.input.type).get_shape())
        dst = list(cast(TensorType[Attribute], self.result.type).get_shape())
        axis = self.axis.value.data
        if not 0 <= axis < len(src) or dst != src[:axis] + [1] + src[axis + 1 :]:
            raise VerifyException(f"reducing axis {axis} of {src} keeps it as 1, not {dst}")


@irdl_op_definition
class BroadcastOp(IRDLOperation):
    """`tile.broadcast`: repeat the size-1 dims of a tile to a larger tile."""

    name = "tile.broadcast"
    traits = traits_def(Pure())
    input = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, value: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[value], result_types=[result_type])

    def verify_(self) -> None:
        src = cast(TensorType[Attribute], self.input.type).get_shape()
        dst = cast(TensorType[Attribute], self.result.type).get_shape()
        if len(src) != len(dst) or any(s not in (1, d) for s, d in zip(src, dst, strict=True)):
            raise VerifyException(f"cannot broadcast {list(src)} to {list(dst)}")


@irdl_op_definition
class DotOp(IRDLOperation):
    """`tile.dot`: acc + a @ b on tiles ([.., M, K] x [.., K, N]), accumulating in acc's type."""

    name = "tile.dot"
    traits = traits_def(Pure())
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    acc = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = "$lhs `,` $rhs `,` $acc attr-dict `:` functional-type(operands, results)"

    def __init__(self, lhs: SSAValue, rhs: SSAValue, acc: SSAValue) -> None:
        super().__init__(operands=[lhs, rhs, acc], result_types=[acc.type])

    def verify_(self) -> None:
        a = cast(TensorType[Attribute], self.lhs.type).get_shape()
        b = cast(TensorType[Attribute], self.rhs.type).get_shape()
        c = cast(TensorType[Attribute], self.acc.type).get_shape()
        if len(a) < 2 or len(a) != len(b) or a[:-2] != b[:-2]:
            raise VerifyException(f"dot takes tiles of one rank >= 2 and equal batch dims, "
                                  f"not {list(a)} and {list(b)}")  # fmt: skip
        if a[-1] != b[-2] or list(c) != [*a[:-1], b[-1]]:
            raise VerifyException(f"dot of {list(a)} and {list(b)} does not give {list(c)}")


CMP_PREDICATES = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


@irdl_op_definition
class CmpOp(IRDLOperation):
    """`tile.cmp`: elementwise comparison of two tiles into an i1 tile (`ne` is true for
    NaN, the others false, as in PyTorch). xDSL's arith.cmpf/cmpi only produce scalars."""

    name = "tile.cmp"
    traits = traits_def(Pure())
    predicate = prop_def(StringAttr)
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$predicate $lhs `,` $rhs attr-dict `:` functional-type(operands, results)"

    def __init__(self, predicate: str, lhs: SSAValue, rhs: SSAValue, result_type: Attribute):
        super().__init__(
            operands=[lhs, rhs],
            result_types=[result_type],
            properties={"predicate": StringAttr(predicate)},
        )

    def verify_(self) -> None:
        if self.predicate.data not in CMP_PREDICATES:
            raise VerifyException(f"unknown predicate '{self.predicate.data}'")
        if self.lhs.type != self.rhs.type:
            raise VerifyException("tile.cmp compares two tiles of one type")
        out = cast(TensorType[Attribute], self.result.type)
        if (
            str(out.element_type) != "i1"
            or out.get_shape() != cast(TensorType[Attribute], self.lhs.type).get_shape()
        ):
            raise VerifyException("tile.cmp gives an i1 tile of the operands' shape")


@irdl_op_definition
class ScanOp(IRDLOperation):
    """`tile.scan`: the inclusive scan of a tile along one axis, which the tile covers
    whole (lanes past the kernel's space come after every in-space lane, so they change
    no in-space result)."""

    name = "tile.scan"
    traits = traits_def(Pure())
    kind = prop_def(StringAttr)
    axis = prop_def(IntegerAttr)
    input = operand_def(TensorType)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$kind $input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, kind: str, value: SSAValue, axis: int) -> None:
        super().__init__(
            operands=[value],
            result_types=[value.type],
            properties={"kind": StringAttr(kind), "axis": IntegerAttr(axis, 64)},
        )

    def verify_(self) -> None:
        if self.kind.data not in SCAN_KINDS:
            raise VerifyException(f"tile.scan kind {self.kind.data!r} is not one of {SCAN_KINDS}")
        rank = len(cast(TensorType[Attribute], self.input.type).get_shape())
        if not 0 <= self.axis.value.data < rank or self.result.type != self.input.type:
            raise VerifyException("tile.scan scans an axis of its tile into a tile of its type")


@irdl_op_definition
class ScanIndexOp(IRDLOperation):
    """`tile.scan_index`: the running max or min of a tile along one axis (covered whole)
    and, from `positions` (each lane's index along that axis), where it was last reached:
    ties and NaN take the later position, as `cummax`/`cummin`."""

    name = "tile.scan_index"
    traits = traits_def(Pure())
    kind = prop_def(StringAttr)
    axis = prop_def(IntegerAttr)
    input = operand_def(TensorType)
    positions = operand_def(TensorType)
    values = result_def(TensorType)
    indices = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$kind $input `,` $positions attr-dict `:` type($input) `,` type($positions) `->` "
        "type($values) `,` type($indices)"
    )

    def __init__(self, kind: str, value: SSAValue, positions: SSAValue, axis: int) -> None:
        super().__init__(
            operands=[value, positions],
            result_types=[value.type, positions.type],
            properties={"kind": StringAttr(kind), "axis": IntegerAttr(axis, 64)},
        )

    def verify_(self) -> None:
        if self.kind.data not in ("max", "min"):
            raise VerifyException(f"tile.scan_index kind {self.kind.data!r} is not max or min")
        shape = cast(TensorType[Attribute], self.input.type).get_shape()
        pos = cast(TensorType[Attribute], self.positions.type)
        if pos.get_shape() != shape or not 0 <= self.axis.value.data < len(shape):
            raise VerifyException("tile.scan_index scans an axis of two tiles of one shape")


@irdl_op_definition
class SortOp(IRDLOperation):
    """`tile.sort`: sort a tile along its last axis, carrying `positions` (each lane's
    index along it) with the values. Lanes whose position is `size` or more (past the
    row) go last; the others ascend (`descending` false) or descend, NaN counting as the
    largest value, and equal values keep the order of their positions (a stable sort)."""

    name = "tile.sort"
    traits = traits_def(Pure())
    descending = prop_def(BoolAttr)
    size = prop_def(IntegerAttr)
    input = operand_def(TensorType)
    positions = operand_def(TensorType)
    values = result_def(TensorType)
    indices = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$input `,` $positions attr-dict `:` type($input) `,` type($positions) `->` "
        "type($values) `,` type($indices)"
    )

    def __init__(self, value: SSAValue, positions: SSAValue, descending: bool, size: int) -> None:
        super().__init__(
            operands=[value, positions],
            result_types=[value.type, positions.type],
            properties={
                "descending": IntegerAttr.from_bool(descending),
                "size": IntegerAttr(size, 64),
            },  # fmt: skip
        )

    def verify_(self) -> None:
        shape = cast(TensorType[Attribute], self.input.type).get_shape()
        if cast(TensorType[Attribute], self.positions.type).get_shape() != shape:
            raise VerifyException("tile.sort sorts values and positions of one shape")
        if not shape or shape[-1] & (shape[-1] - 1):
            raise VerifyException("tile.sort sorts a last axis of a power-of-two length")
        if not 0 < self.size.value.data <= shape[-1]:
            raise VerifyException(f"tile.sort size {self.size.value.data} is not in (0, "
                                  f"{shape[-1]}]")  # fmt: skip


@irdl_op_definition
class GatherOp(IRDLOperation):
    """`tile.gather`: read a one-dimensional view at data-dependent element indices (a
    tile of integers); the result tile has the indices' shape. An index outside the view
    reads 0 (never memory outside it)."""

    name = "tile.gather"
    traits = traits_def(MemoryReadEffect())
    view = operand_def(MemRefType)
    indices = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = (
        "$view `[` $indices `]` attr-dict `:` type($view) `,` type($indices) `->` type($result)"
    )

    def __init__(self, view: SSAValue, indices: SSAValue, tile: Attribute) -> None:
        super().__init__(operands=[view, indices], result_types=[tile])

    def verify_(self) -> None:
        _check_indexed(self.name, self.view, self.indices, self.result, "result")


def _check_indexed(name: str, view: SSAValue, indices: SSAValue, tile: SSAValue, role: str) -> None:
    """A gather's or scatter's view is one-dimensional, its indices integers, and its
    `tile` (result or value) has the view's element type and the indices' shape."""
    vt = cast(MemRefType[Attribute], view.type)
    it = cast(TensorType[Attribute], indices.type)
    xt = cast(TensorType[Attribute], tile.type)
    if len(vt.get_shape()) != 1:
        raise VerifyException(f"{name} indexes a one-dimensional view, not {vt}")
    if not isinstance(it.element_type, IntegerType) or it.element_type.width.data == 1:
        raise VerifyException(f"{name}'s indices are integers, not {it.element_type}")
    if xt.element_type != vt.element_type or xt.get_shape() != it.get_shape():
        raise VerifyException(f"{name}'s {role} has the view's element type and the indices' shape")


@irdl_op_definition
class ScatterOp(IRDLOperation):
    """`tile.scatter`: write a tile into a one-dimensional view at data-dependent element
    indices (a tile of integers of the value's shape), storing (`kind = "none"`) or
    atomically combining (sum, amax, amin) with what the view holds; lanes whose index is
    outside the view are not written. A kernel computes an index of -1 for its lanes
    outside its space."""

    name = "tile.scatter"
    traits = traits_def(MemoryWriteEffect())
    value = operand_def(TensorType)
    view = operand_def(MemRefType)
    indices = operand_def(TensorType)
    kind = prop_def(StringAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$kind $value `,` $view `[` $indices `]` attr-dict `:` type($value) `,` type($view) "
        "`,` type($indices)"
    )

    def __init__(self, kind: str, value: SSAValue, view: SSAValue, indices: SSAValue) -> None:
        super().__init__(operands=[value, view, indices], properties={"kind": StringAttr(kind)})

    def verify_(self) -> None:
        _check_indexed(self.name, self.view, self.indices, self.value, "value")
        if self.kind.data not in SCATTER_KINDS:
            raise VerifyException(f"tile.scatter kind {self.kind.data!r} is not one of "
                                  f"{SCATTER_KINDS}")  # fmt: skip


@irdl_op_definition
class AssertOp(IRDLOperation):
    """`tile.assert`: stop the launch with `message` when a lane of `cond` (an i1 tile) is
    false: Triton's `tl.device_assert` (kernels that hold one are compiled with Triton's
    `debug` on, as Inductor's, and the interpreter raises). A kernel makes `cond` true on
    its lanes outside its space."""

    name = "tile.assert"
    cond = operand_def(TensorType)
    message = prop_def(StringAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$cond `,` $message attr-dict `:` type($cond)"

    def __init__(self, cond: SSAValue, message: str) -> None:
        super().__init__(operands=[cond], properties={"message": StringAttr(message)})

    def verify_(self) -> None:
        if str(cast(TensorType[Attribute], self.cond.type).element_type) != "i1":
            raise VerifyException("tile.assert takes a tile of i1")
        if assert_message(self.message.data) != self.message.data:
            raise VerifyException("tile.assert's message is printable text without quotes "
                                  "or backslashes")


def assert_message(text: str) -> str:
    """`text` as a `tile.assert` message may hold it: printable, without quotes or
    backslashes (the emitter writes it in a Python string literal), others as `?`."""
    return "".join(c if c.isprintable() and c not in "\\\"'" else "?" for c in text)


@irdl_op_definition
class RemOp(IRDLOperation):
    """`tile.rem`: remainder with the dividend's sign (C fmod / srem) on float or integer
    tiles (xDSL's arith has no float remainder)."""

    name = "tile.rem"
    traits = traits_def(Pure())
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"

    def __init__(self, lhs: SSAValue, rhs: SSAValue) -> None:
        super().__init__(operands=[lhs, rhs], result_types=[lhs.type])

    def verify_(self) -> None:
        if self.lhs.type != self.rhs.type:
            raise VerifyException("tile.rem takes two tiles of one type")


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`tile.select`: `cond ? a : b` per lane (xDSL's arith.select takes a scalar cond)."""

    name = "tile.select"
    traits = traits_def(Pure())
    cond = operand_def(TensorType)
    true_value = operand_def(TensorType)
    false_value = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = (
        "$cond `,` $true_value `,` $false_value attr-dict `:` functional-type(operands, results)"
    )

    def __init__(self, cond: SSAValue, a: SSAValue, b: SSAValue) -> None:
        super().__init__(operands=[cond, a, b], result_types=[a.type])

    def verify_(self) -> None:
        if self.true_value.type != self.false_value.type:
            raise VerifyException("tile.select chooses between tiles of one type")
        cond = cast(TensorType[Attribute], self.cond.type)
        shape = cast(TensorType[Attribute], self.true_value.type).get_shape()
        if str(cond.element_type) != "i1" or cond.get_shape() != shape:
            raise VerifyException("tile.select's condition is an i1 tile of the values' shape")


@irdl_op_definition
class CastOp(IRDLOperation):
    """`tile.cast`: convert each lane to the result's element type, as PyTorch's
    `convert_element_type` does (floats truncate toward zero into integers)."""

    name = "tile.cast"
    traits = traits_def(Pure())
    input = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, value: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[value], result_types=[result_type])

    def verify_(self) -> None:
        a = cast(TensorType[Attribute], self.input.type).get_shape()
        if a != cast(TensorType[Attribute], self.result.type).get_shape():
            raise VerifyException("tile.cast keeps the tile's shape")


FRESH_OPS = ("prims.full", "prims.iota")
"""Graph-level ops whose result is new memory that no other tensor shares."""


@irdl_op_definition
class LaunchOp(IRDLOperation):
    """`tile.launch`: run a kernel on tensors (value semantics; the runtime allocates the
    results and passes inputs, then results, as the kernel's views). With `inits`, the
    first results start as copies of those tensors rather than uninitialized (a scatter
    writes only some elements of its result):

        %r = tile.launch @k3_scatter(%offsets, %values) inits(%a : tensor<8xf32>)
               : (tensor<4xi64>, tensor<4xf32>) -> tensor<8xf32>

    `in_place` lists inits (function arguments) whose memory the result takes instead of
    a copy: the kernel writes the argument, whose new value the result is (set by
    write-inputs-in-place, which checks that nothing reads the old value afterwards).
    """

    name = "tile.launch"
    callee = prop_def(SymbolRefAttr)
    inputs = var_operand_def(TensorType)
    inits = var_operand_def(TensorType)
    sizes = var_operand_def(IntegerType)
    outputs = var_result_def(TensorType)
    in_place = opt_prop_def(ArrayAttr)
    irdl_options = (ParsePropInAttrDict(), AttrSizedOperandSegments(as_property=True))
    assembly_format = (
        "$callee `(` $inputs `)` (`inits` `(` $inits^ `:` type($inits) `)`)? "
        "(`sizes` `(` $sizes^ `:` type($sizes) `)`)? attr-dict "
        "`:` functional-type($inputs, $outputs)"
    )

    def __init__(
        self,
        callee: str,
        inputs: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        inits: Sequence[SSAValue] = (),
        sizes: Sequence[SSAValue] = (),
    ) -> None:
        """`sizes`, when given, are the kernel's size symbols (i64 values, in the order
        of its `symbols`); otherwise the inputs' types bind them."""
        super().__init__(
            operands=[inputs, inits, sizes],
            result_types=[result_types],
            properties={"callee": SymbolRefAttr(callee)},
        )

    def in_place_inits(self) -> list[int]:
        return int_values(self.in_place) if self.in_place is not None else []

    def donated(self, k: int) -> bool:
        """May result k take init k's memory instead of a copy? When the launch writes
        that argument `in_place`, or when nothing else reads the init and it is fresh
        memory (a kernel's result or a graph-level `full` or `iota`, never an argument or
        a view, whose memory another tensor shares)."""
        if k in self.in_place_inits():
            return True
        init = self.inits[k]
        owner = init.owner
        fresh = isinstance(owner, LaunchOp) or getattr(owner, "name", "") in FRESH_OPS
        return fresh and init.has_one_use()

    def verify_(self) -> None:
        kernel = SymbolTable.lookup_symbol(self, self.callee)
        if not isinstance(kernel, KernelOp):
            raise VerifyException(f"'{self.callee}' does not name a tile.kernel")
        views = kernel.view_types()
        values = [*self.inputs, *self.outputs]
        if self.sizes and len(self.sizes) != len(kernel.symbol_names()):
            raise VerifyException(f"sizes gives {len(self.sizes)} values for the symbols "
                                  f"{kernel.symbol_names()}")  # fmt: skip
        if kernel.is_symbolic() and not self.sizes:
            bound: set[str] = set()
            for v in self.inputs:
                bound |= plain_symbols(v.type)
            unbound = [n for n in kernel.symbol_names() if n not in bound]
            if unbound:
                raise VerifyException(f"no input of the launch of {kernel.sym_name.data} has a "
                                      f"dim that binds {unbound}")  # fmt: skip
        if len(views) != len(values):
            raise VerifyException(f"{kernel.sym_name.data} takes {len(views)} views (inputs, "
                                  f"then results), the launch gives {len(values)}")  # fmt: skip
        for v, view in zip(values, views, strict=True):
            have = cast(TensorType[Attribute], v.type).element_type
            if have != cast(MemRefType[Attribute], view).element_type:
                raise VerifyException(f"a {have} tensor for the view {view}")
        for i, out in enumerate(self.outputs):
            view = kernel.views[len(self.inputs) + i]
            written = any(isinstance(u.operation, StoreOp | ScatterOp) and u.index == 1
                          for u in view.uses)  # fmt: skip
            if not written and 0 not in cast(TensorType[Attribute], out.type).get_shape():
                raise VerifyException(f"{kernel.sym_name.data} never writes its result {i} "
                                      "(no tile.store or tile.scatter into its view)")  # fmt: skip
        if len(self.inits) > len(self.outputs):
            raise VerifyException("tile.launch has more inits than results")
        for init, out in zip(self.inits, self.outputs, strict=False):
            if init.type != out.type:
                raise VerifyException(f"an init of type {init.type} for a result {out.type}")
        if self.in_place is not None:
            if not all(isinstance(a, IntegerAttr) for a in self.in_place.data):
                raise VerifyException("in_place lists init positions (integers)")
            ks = self.in_place_inits()
            if len(set(ks)) != len(ks) or not all(0 <= k < len(self.inits) for k in ks):
                raise VerifyException(f"in_place {ks} must name distinct inits "
                                      f"(0..{len(self.inits) - 1})")  # fmt: skip
            if not all(isinstance(self.inits[k], BlockArgument) for k in ks):
                raise VerifyException("an in_place init is a function argument")


Tile = Dialect(
    "tile",
    [
        KernelOp,
        PartOp,
        ProgramIdOp,
        LanesOp,
        SplatOp,
        LoadOp,
        StoreOp,
        ReduceOp,
        BroadcastOp,
        DotOp,
        CmpOp,
        SelectOp,
        CastOp,
        RemOp,
        GatherOp,
        ScatterOp,
        AssertOp,
        ScanOp,
        ScanIndexOp,
        SortOp,
        LaunchOp,
    ],
    [],
)
