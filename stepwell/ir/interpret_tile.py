"""Reference interpreter for the tile level, independent of Triton.

    run_tile(module, *tensors) -> tuple of torch tensors

Graph-level ops run through the torch/prims interpreter (`stepwell.ir.interpret`); a
`tile.launch` allocates its results and runs the kernel's body once per program id of
its grid, with the semantics of the tile dialect's module doc:

- a kernel argument is a view, `torch.as_strided` of the tensor passed to the launch
  (inputs made contiguous, then the freshly allocated results, written through);
- `tile.load` / `tile.store` address tiles by coordinates over coordinate groups: group
  i of the view's dims is flattened row-major and coordinate c_i selects its elements
  [c_i * T_i, (c_i + 1) * T_i), T_i being dim i of the tile; a group of no dims has size 1;
- every tile value is a `Tile`: a tensor plus a validity mask (None: every lane valid).
  Loads mark the lanes outside the view invalid (and read them as 0), elementwise ops AND
  their operands' masks, and reductions (`tile.reduce`, the K axis of `tile.dot`) see
  only valid lanes. Stores write only the lanes inside the store's view.

Index values (`tile.program_id`, `arith.constant : index`, loop counters) are Python ints.
A launch also checks what Triton would not: every view stays inside its tensor, and the
kernel writes every element of its results.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import torch
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StridedLayoutAttr,
    TensorType,
)
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    OpImplResult,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from stepwell.dialects import tile
from stepwell.dialects.kernel_ops import POINTWISE, REDUCE_KINDS, identity
from stepwell.ir.interpret import interpret, make_interpreter
from stepwell.ir.sizes import bind_symbols, evaluate, product
from stepwell.ir.types import element_type, symbol_binds, tensor_sizes, torch_dtype


@dataclass(frozen=True)
class Tile:
    """A tile value: `value` and, where some lanes are outside every view, `mask` (True
    for valid lanes, broadcastable to `value`)."""

    value: torch.Tensor
    mask: torch.Tensor | None = None


@dataclass(frozen=True)
class View:
    """A kernel argument: the strided view of a launch tensor, and for results the same
    view of a counter of writes (to check that the kernel writes every element)."""

    tensor: torch.Tensor
    written: torch.Tensor | None = None
    flipped: tuple[int, ...] = ()
    """Dims of a result view that run backwards in memory (negative strides): `tensor`
    and `written` see them forwards, and a store counts their indices from the end."""


def _tensor_type(v: SSAValue | Attribute) -> TensorType[Attribute]:
    return cast(TensorType[Attribute], v.type if isinstance(v, SSAValue) else v)


def _dtype(v: SSAValue | Attribute) -> torch.dtype:
    return torch_dtype(_tensor_type(v).element_type)


def _and(*masks: torch.Tensor | None) -> torch.Tensor | None:
    out: torch.Tensor | None = None
    for m in masks:
        if m is not None:
            out = m if out is None else out & m
    return out


# -- views and addressing ----------------------------------------------------------------------
def make_view(
    tensor: torch.Tensor,
    t: Attribute,
    what: str,
    written: torch.Tensor | None = None,
    layout: tuple[Sequence[int], Sequence[int], int] | None = None,
) -> View:
    """`tensor` seen through the memref type `t` (sizes, strides, offset); `layout` gives
    them evaluated when `t` has `?` entries (a symbolic kernel's view)."""
    mt = cast(MemRefType[Attribute], t)
    if layout is not None:
        sizes, strides, offset = list(layout[0]), list(layout[1]), layout[2]
    else:
        sizes = [int(s) for s in mt.get_shape()]
        strided_layout = mt.layout
        if isinstance(strided_layout, StridedLayoutAttr):
            strides = [int(cast(int, s)) for s in strided_layout.get_strides()]
            offset = int(cast(int, strided_layout.get_offset()))
        else:
            strides, acc = [], 1
            for s in reversed(sizes):
                strides.insert(0, acc)
                acc *= max(s, 1)
            offset = 0
    if torch_dtype(mt.element_type) != tensor.dtype:
        raise InterpretationError(f"{what}: view of {mt.element_type} on a {tensor.dtype} tensor")
    if math.prod(sizes) > 0:
        lo = offset + sum(st * (n - 1) for n, st in zip(sizes, strides, strict=True) if st < 0)
        hi = offset + sum(st * (n - 1) for n, st in zip(sizes, strides, strict=True) if st > 0)
        if lo < 0 or hi >= tensor.numel():
            raise InterpretationError(
                f"{what}: view {t} reaches elements [{lo}, {hi}] of a tensor of "
                f"{tensor.numel()} elements"
            )

    # torch has no negative strides: a flipped dim is viewed from its first element in
    # memory; an input's view is flipped (a copy), a result's keeps the dims forwards and
    # its stores count their indices from the end (View.flipped)
    flipped = [d for d, st in enumerate(strides) if st < 0]
    start = offset + sum(strides[d] * (sizes[d] - 1) for d in flipped if sizes[d] > 0)

    def strided(x: torch.Tensor) -> torch.Tensor:
        return torch.as_strided(x, sizes, [abs(st) for st in strides], x.storage_offset() + start)

    if written is None:
        return View(strided(tensor).flip(flipped) if flipped else strided(tensor))
    return View(strided(tensor), strided(written), tuple(flipped))


def lanes(
    sizes: Sequence[int], coords: Sequence[int], groups: Sequence[int], shape: Sequence[int]
) -> tuple[list[torch.Tensor], torch.Tensor | None]:
    """The view index of each lane of a tile, one tensor per view dim (broadcastable to
    `shape`), and the mask of lanes inside the view (None: all of them)."""
    rank = len(shape)
    index: list[torch.Tensor] = []
    mask: torch.Tensor | None = None
    start = 0
    for axis, (c, n) in enumerate(zip(coords, groups, strict=True)):
        dims = list(sizes[start : start + n])
        start += n
        total, size = math.prod(dims), shape[axis]
        lin = c * size + torch.arange(size)
        valid = (lin >= 0) & (lin < total)
        at = [1] * rank
        at[axis] = size
        if not bool(valid.all()):
            mask = _and(mask, valid.reshape(at))
        flat = torch.where(valid, lin, 0)
        dim_index: list[torch.Tensor] = []
        for d in reversed(dims):
            dim_index.insert(0, (flat % max(d, 1)).reshape(at))
            flat = flat // max(d, 1)
        index.extend(dim_index)
    return index, mask


def _full_mask(mask: torch.Tensor | None, shape: Sequence[int]) -> torch.Tensor:
    return torch.ones(shape, dtype=torch.bool) if mask is None else mask.expand(shape)


def load(view: torch.Tensor, coords: Sequence[int], groups: Sequence[int], t: Attribute) -> Tile:
    shape = list(_tensor_type(t).get_shape())
    if view.numel() == 0:
        none = torch.zeros(shape, dtype=torch.bool, device=view.device)
        return Tile(torch.zeros(shape, dtype=view.dtype, device=view.device), none)
    index, mask = lanes(view.shape, coords, groups, shape)
    index = [i.to(view.device) for i in index]
    gathered = view[tuple(index)] if index else view
    value = gathered.reshape([*([1] * (len(shape) - gathered.dim())), *gathered.shape])
    value = value.expand(shape)
    if mask is not None:
        mask = mask.to(view.device)
        value = torch.where(mask, value, torch.zeros((), dtype=value.dtype, device=value.device))
    return Tile(value.contiguous(), mask)


def store(value: Tile, view: View, coords: Sequence[int], groups: Sequence[int]) -> None:
    target = view.tensor
    if target.numel() == 0:
        return
    shape = list(value.value.shape)
    index, mask = lanes(target.shape, coords, groups, shape)
    for d in view.flipped:
        index[d] = target.shape[d] - 1 - index[d]
    keep = _full_mask(mask, shape).to(target.device)
    selected = tuple(i.to(target.device).expand(shape)[keep] for i in index)
    data = value.value.expand(shape)[keep].to(target.dtype)
    if not selected:  # a view of rank 0: every valid lane is its one element
        if data.numel():
            target.copy_(data[-1])
        if view.written is not None and data.numel():
            view.written.add_(1)
        return
    target[selected] = data
    if view.written is not None:
        ones = torch.ones_like(data, dtype=view.written.dtype)
        view.written.index_put_(selected, ones, accumulate=True)


# -- elementwise rules -----------------------------------------------------------------------
def reduce(
    kind: str, x: Tile, axis: int, result: Attribute, extent: int | None = None, start: int = 0
) -> Tile:
    """`tile.reduce` over the valid lanes of `axis` (kept as size 1): those of `x`'s mask
    and, with `extent` (the size of the kernel's space along the axis), the lanes whose
    position `start + lane` is inside it (`start` is the tile's first lane)."""
    value = x.value
    valid = x.mask
    if extent is not None and start + value.shape[axis] > extent:
        at = [1] * value.dim()
        at[axis] = value.shape[axis]
        lanes = torch.arange(value.shape[axis], device=value.device) + start
        valid = _and(valid, (lanes < extent).reshape(at))
    if kind not in REDUCE_KINDS:
        raise InterpretationError(f"unknown reduction '{kind}'")
    if valid is not None:
        fill = identity(kind, element_type(value.dtype))
        ident = torch.tensor(fill, dtype=value.dtype, device=value.device)
        value = torch.where(valid, value, ident)
    out = REDUCE_KINDS[kind].torch(value, axis)
    mask = None if valid is None else valid.expand(x.value.shape).any(axis, keepdim=True)
    return Tile(out.to(_dtype(result)), mask)


def dot(a: Tile, b: Tile, acc: Tile) -> Tile:
    """acc + a @ b over the valid lanes of K, in float32 (IEEE, never TF32) or acc's type
    (float64 for an f64 accumulator)."""
    floating = acc.value.dtype.is_floating_point and acc.value.dtype != torch.float64
    compute = torch.float32 if floating else acc.value.dtype
    x, y = a.value.to(compute), b.value.to(compute)
    if a.mask is not None:
        x = torch.where(a.mask, x, torch.zeros((), dtype=compute, device=x.device))
    if b.mask is not None:
        y = torch.where(b.mask, y, torch.zeros((), dtype=compute, device=y.device))
    if x.is_cuda:
        allow = torch.backends.cuda.matmul.allow_tf32
        torch.backends.cuda.matmul.allow_tf32 = False
        try:
            prod = torch.matmul(x, y)
        finally:
            torch.backends.cuda.matmul.allow_tf32 = allow
    else:
        prod = torch.matmul(x, y)
    value = (acc.value.to(compute) + prod).to(acc.value.dtype)
    rows = None if a.mask is None else a.mask.expand(a.value.shape).any(-1, keepdim=True)
    cols = None if b.mask is None else b.mask.expand(b.value.shape).any(-2, keepdim=True)
    return Tile(value, _and(acc.mask, rows, cols))


def constant(op: arith.ConstantOp, device: torch.device) -> int | Tile:
    value = op.value
    if isinstance(value, IntegerAttr):  # an index
        return int(value.value.data)
    dense = cast(DenseIntOrFPElementsAttr, value)
    t = _tensor_type(op.result)
    dtype, shape = torch_dtype(t.element_type), list(t.get_shape())
    values = [bool(v) for v in dense.get_values()] if dtype == torch.bool else dense.get_values()
    if len(set(values)) <= 1 or all(isinstance(v, float) and math.isnan(v) for v in values):
        return Tile(torch.full(shape, values[0] if values else 0, dtype=dtype, device=device))
    return Tile(torch.tensor(values, dtype=dtype, device=device).reshape(shape))


# -- the interpreter functions -------------------------------------------------------------------
@register_impls
class TileFunctions(InterpreterFunctions):
    """`tile.launch` and everything a kernel body holds, on `Tile` values."""

    def __init__(self) -> None:
        self.program: tuple[int, int, int] = (0, 0, 0)
        self.device = torch.device("cpu")
        self.kernel: tile.KernelOp | None = None
        self.part: tile.PartOp | None = None  # the combo kernel's part being run
        self.bindings: dict[str, int] = {}  # the launched kernel's size symbols
        self.constants: dict[tuple[Operation, torch.device], int | Tile] = {}

    @classmethod
    def _impls(cls):  # type: ignore[override]
        own = list(super()._impls())
        return own + [(c, cls.run_pointwise) for c in POINTWISE]

    def run_pointwise(
        self, interpreter: Interpreter, op: Operation, args: PythonValues
    ) -> OpImplResult:
        """A pointwise op by its definition (`dialects/kernel_ops.POINTWISE`): on tiles,
        or on `index` scalars for integer arithmetic."""
        definition = POINTWISE[type(op)]
        if definition.index is not None and all(isinstance(a, int) for a in args):
            return OpImplResult((definition.index(*args),), None)
        tiles = cast(Sequence[Tile], args)
        value = definition.torch(op)(*(t.value for t in tiles))
        return OpImplResult((Tile(value, _and(*(t.mask for t in tiles))),), None)

    @impl(tile.LaunchOp)
    def run_launch(self, interpreter: Interpreter, op: tile.LaunchOp, args: PythonValues):
        kernel = cast(tile.KernelOp, interpreter.get_op_for_symbol(op.callee))
        name = kernel.sym_name.data
        n_sizes = len(op.sizes)
        sizes = [int(a) for a in args[len(args) - n_sizes :]] if n_sizes else []
        values = [cast(torch.Tensor, a).contiguous() for a in args[: len(args) - n_sizes]]
        inputs, inits = values[: len(op.inputs)], values[len(op.inputs) :]
        device = values[0].device if values else torch.device("cpu")
        if sizes:
            bindings = dict(zip(kernel.symbol_names(), sizes, strict=True))
        else:
            bindings = (bind_symbols(symbol_binds(op.operand_types[: len(op.inputs)]), inputs)
                        if kernel.is_symbolic() else {})  # fmt: skip
        outputs = [_allocate(r.type, device, bindings) for r in op.outputs]
        written = [torch.zeros(o.shape, dtype=torch.int32, device=device) for o in outputs]
        for out, init, w in zip(outputs, inits, written, strict=False):
            out.copy_(init)  # starts as the init: every element counts as written
            w.fill_(1)
        types = kernel.view_types()
        if len(types) != len(inputs) + len(outputs):
            raise InterpretationError(
                f"@{name} takes {len(types)} views, launched with {len(inputs)} inputs and "
                f"{len(outputs)} results"
            )

        def layout(i: int) -> tuple[list[int], list[int], int] | None:
            if not kernel.is_symbolic():
                return None
            sizes, strides, offset = kernel.view_layout(i)
            return ([evaluate(d, bindings) for d in sizes],
                    [evaluate(d, bindings) for d in strides],
                    evaluate(offset, bindings))  # fmt: skip

        views = [
            make_view(x, t, f"@{name} input {i}", layout=layout(i))
            for i, (x, t) in enumerate(zip(inputs, types, strict=False))
        ]
        views += [
            make_view(o, t, f"@{name} result {i}", w, layout(len(inputs) + i))
            for i, (o, w, t) in enumerate(zip(outputs, written, types[len(inputs) :], strict=True))
        ]
        symbols = tuple(bindings[n] for n in kernel.symbol_names())
        gx, gy, gz = (evaluate(g, bindings) for g in kernel.grid_sizes())
        saved = self.program, self.device, self.kernel, self.bindings
        self.device, self.kernel, self.bindings = device, kernel, bindings
        try:
            for z in range(gz):
                for y in range(gy):
                    for x in range(gx):
                        self.program = (x, y, z)
                        interpreter.run_ssacfg_region(kernel.body, (*views, *symbols), name)
        finally:
            self.program, self.device, self.kernel, self.bindings = saved
        for i, w in enumerate(written):
            missing = int((w == 0).sum())
            if missing:
                raise InterpretationError(
                    f"@{name} leaves {missing} of {w.numel()} elements of result {i} unwritten"
                )
        return tuple(outputs)

    @impl(tile.PartOp)
    def run_part(self, interpreter: Interpreter, op: tile.PartOp, args: PythonValues):
        """A combo kernel's part, when this program is one of the part's."""
        program = self.program[0]
        start = evaluate(op.start_size(), self.bindings)
        if not start <= program < start + evaluate(op.programs(), self.bindings):
            return ()
        saved = self.program, self.part
        self.program, self.part = op.coordinates(program, self.bindings), op
        try:
            interpreter.run_ssacfg_region(op.body, (), op.part_name.data)
        finally:
            self.program, self.part = saved
        return ()

    @impl(tile.ProgramIdOp)
    def run_program_id(self, interpreter: Interpreter, op: tile.ProgramIdOp, args: PythonValues):
        return (self.program[op.axis.value.data],)

    @impl(tile.LanesOp)
    def run_lanes(self, interpreter: Interpreter, op: tile.LanesOp, args: PythonValues):
        shape = list(_tensor_type(op.result).get_shape())
        axis = op.axis.value.data
        lane = torch.arange(shape[axis], dtype=torch.int32, device=self.device)
        return (Tile((int(args[0]) * shape[axis] + lane).reshape(shape)),)

    @impl(tile.SplatOp)
    def run_splat(self, interpreter: Interpreter, op: tile.SplatOp, args: PythonValues):
        shape = list(_tensor_type(op.result).get_shape())
        return (Tile(torch.full(shape, int(args[0]), dtype=_dtype(op.result),
                                device=self.device)),)  # fmt: skip

    @impl(arith.ConstantOp)
    def run_constant(self, interpreter: Interpreter, op: arith.ConstantOp, args: PythonValues):
        key = (op, self.device)
        if key not in self.constants:
            self.constants[key] = constant(op, self.device)
        return (self.constants[key],)

    @impl(tile.LoadOp)
    def run_load(self, interpreter: Interpreter, op: tile.LoadOp, args: PythonValues):
        view, *coords = args
        groups = tile.int_list(op.groups)
        return (load(cast(View, view).tensor, coords, groups, op.result.type),)

    @impl(tile.ScanOp)
    def run_scan(self, interpreter: Interpreter, op: tile.ScanOp, args: PythonValues):
        from stepwell.dialects.prims_support import eager_scan

        x = cast(Tile, args[0])
        return (Tile(eager_scan(x.value, op.axis.value.data, op.kind.data), x.mask),)

    @impl(tile.ScanIndexOp)
    def run_scan_index(self, interpreter: Interpreter, op: tile.ScanIndexOp, args: PythonValues):
        x, positions = cast(Tile, args[0]), cast(Tile, args[1])
        axis = op.axis.value.data
        out = torch.cummax(x.value, axis) if op.kind.data == "max" else torch.cummin(x.value, axis)
        indices = torch.gather(positions.value, axis, out.indices)
        return (Tile(out.values, x.mask), Tile(indices, positions.mask))

    @impl(tile.SortOp)
    def run_sort(self, interpreter: Interpreter, op: tile.SortOp, args: PythonValues):
        """torch's stable sort (NaN largest) of the last axis, then the lanes at positions
        past `size` moved last (a second stable sort, on validity)."""
        x, positions = cast(Tile, args[0]), cast(Tile, args[1])
        _, order = torch.sort(x.value, dim=-1, descending=bool(op.descending.value.data),
                              stable=True)  # fmt: skip
        invalid = torch.gather(positions.value >= op.size.value.data, -1, order)
        _, last = torch.sort(invalid.to(torch.int8), dim=-1, stable=True)
        order = torch.gather(order, -1, last)
        values, indices = (torch.gather(t, -1, order) for t in (x.value, positions.value))
        return (Tile(values, x.mask), Tile(indices, positions.mask))

    @impl(tile.GatherOp)
    def run_gather(self, interpreter: Interpreter, op: tile.GatherOp, args: PythonValues):
        view, indices = cast(View, args[0]).tensor, cast(Tile, args[1])
        idx = indices.value.long()
        inside = (idx >= 0) & (idx < view.numel())
        values = (
            view[torch.where(inside, idx, 0)]
            if view.numel()
            else torch.zeros(idx.shape, dtype=view.dtype, device=idx.device)
        )
        zero = torch.zeros((), dtype=view.dtype, device=values.device)
        return (Tile(torch.where(inside, values, zero), indices.mask),)

    @impl(tile.ScatterOp)
    def run_scatter(self, interpreter: Interpreter, op: tile.ScatterOp, args: PythonValues):
        """In lane order: "none" keeps the last value written to an element."""
        from stepwell.dialects.prims_support import eager_scatter

        value, view, indices = cast(Tile, args[0]), cast(View, args[1]), cast(Tile, args[2])
        if view.flipped:
            raise InterpretationError("tile.scatter into a view with a negative stride")
        flat = view.tensor
        idx = indices.value.long()
        if indices.mask is not None:  # lanes outside the kernel's space write nothing
            idx = torch.where(indices.mask, idx, -1)
        flat.copy_(eager_scatter(flat, idx, value.value.to(flat.dtype), op.kind.data))
        if view.written is not None:
            inside = (idx >= 0) & (idx < flat.numel())
            view.written.view(-1)[idx[inside]] = 1
        return ()

    @impl(tile.AssertOp)
    def run_assert(self, interpreter: Interpreter, op: tile.AssertOp, args: PythonValues):
        cond = cast(Tile, args[0])
        failed = ~cond.value.bool()
        if cond.mask is not None:  # lanes outside the kernel's space
            failed = failed & cond.mask
        if bool(failed.any()):
            raise IndexError(op.message.data)
        return ()

    @impl(tile.StoreOp)
    def run_store(self, interpreter: Interpreter, op: tile.StoreOp, args: PythonValues):
        value, view, *coords = args
        store(cast(Tile, value), cast(View, view), coords, tile.int_list(op.groups))
        return ()

    @impl(tile.ReduceOp)
    def run_reduce(self, interpreter: Interpreter, op: tile.ReduceOp, args: PythonValues):
        x, axis = cast(Tile, args[0]), op.axis.value.data
        space = (self.part.space_dims() if self.part is not None
                 else self.kernel.space_dims() if self.kernel is not None else [])  # fmt: skip
        extent = (evaluate(product(space[axis]), self.bindings)
                  if len(space) == x.value.dim() else None)  # fmt: skip
        start = int(args[1]) * x.value.shape[axis] if len(args) > 1 else 0
        return (reduce(op.kind.data, x, axis, op.result.type, extent, start),)

    @impl(tile.BroadcastOp)
    def run_broadcast(self, interpreter: Interpreter, op: tile.BroadcastOp, args: PythonValues):
        x = cast(Tile, args[0])
        shape = list(_tensor_type(op.result).get_shape())
        mask = None if x.mask is None else x.mask.expand(shape)
        return (Tile(x.value.expand(shape), mask),)

    @impl(tile.DotOp)
    def run_dot(self, interpreter: Interpreter, op: tile.DotOp, args: PythonValues):
        a, b, acc = cast(Sequence[Tile], args)
        return (dot(a, b, acc),)

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues):
        lb, ub, step, *carried = args
        values = tuple(carried)
        for i in range(cast(int, lb), cast(int, ub), cast(int, step)):
            values = interpreter.run_ssacfg_region(op.body, (i, *values), "for")
        return values

    @impl_terminator(scf.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: scf.YieldOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()


def _allocate(t: Attribute, device: torch.device, bindings: dict[str, int]) -> torch.Tensor:
    """A launch result, filled with NaN (floats) so that lanes no kernel writes show."""
    tt = _tensor_type(t)
    dtype = torch_dtype(tt.element_type)
    shape = tuple(evaluate(d, bindings) for d in tensor_sizes(tt))
    if dtype.is_floating_point:
        return torch.full(shape, math.nan, dtype=dtype, device=device)
    return torch.zeros(shape, dtype=dtype, device=device)


def make_tile_interpreter(module: ModuleOp) -> Interpreter:
    """The torch/prims interpreter plus the tile level's functions."""
    interpreter = make_interpreter(module)
    interpreter.register_implementations(TileFunctions())
    return interpreter


def run_tile(module: ModuleOp, *args: Any, function: str = "forward") -> tuple[torch.Tensor, ...]:
    """Run `@function` of a tile-level module on tensors, kernels by their tile IR."""
    return interpret(module, *args, function=function, interpreter=make_tile_interpreter(module))
