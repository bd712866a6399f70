"""Trace PyTorch's own decomposition of one ATen op and splice it in as prims ops.

`trace_decomposition` runs the op under `make_fx` with `torch._decomp`'s table (whose
entries are mostly `torch._refs`, which call `torch.ops.prims`) on tensors of the op's
operand types. `splice` imports the traced graph with the prims classes. Python numbers
in tensor slots become explicit `prims.full` ops, `aten.mm`/`aten.bmm` become
`prims.matmul` (a transpose feeding it folds into the matmul's flags), and any ATen op
left without a decomposition becomes `prims.extern`.
"""

from __future__ import annotations

import contextlib
import logging
import math
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, cast

import torch
import torch._refs
import torch.fx
from torch._decomp import decomposition_table
from torch.fx.experimental.proxy_tensor import make_fx
from torch.fx.experimental.symbolic_shapes import statically_known_true
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType
from xdsl.ir import Attribute, Block, Operation, SSAValue

from stepwell.dialects.prims import PRIMS_OP_CLASSES
from stepwell.dialects.prims_support import (
    SPECIAL_FUNCTION_OPS,
    ArgReduceOp,
    BitcastOp,
    ExternOp,
    MatmulOp,
    ScanIndexOp,
    ScanOp,
    ScatterOp,
    SliceOp,
    SortOp,
    TakeOp,
)
from stepwell.dialects.torch_support import TorchOp
from stepwell.ir.fx_nodes import NodeImporter, spread_results
from stepwell.ir.sizes import Size, is_static
from stepwell.ir.types import torch_dtype
from stepwell.passes.support.arg_reductions import ARG_REDUCTION_DECOMPOSITIONS
from stepwell.passes.support.bitcast import BITCAST_DECOMPOSITIONS
from stepwell.passes.support.composites import COMPOSITE_DECOMPOSITIONS
from stepwell.passes.support.contractions import CONTRACTION_DECOMPOSITIONS
from stepwell.passes.support.convolution import CONVOLUTION_DECOMPOSITIONS
from stepwell.passes.support.foreach import foreach_decompositions
from stepwell.passes.support.indexing import INDEXING_DECOMPOSITIONS
from stepwell.passes.support.padding import PADDING_DECOMPOSITIONS
from stepwell.passes.support.pooling import POOLING_DECOMPOSITIONS
from stepwell.passes.support.scans import SCAN_DECOMPOSITIONS
from stepwell.passes.support.scatter import SCATTER_DECOMPOSITIONS
from stepwell.passes.support.slicing import SLICING_DECOMPOSITIONS, symbolic_int
from stepwell.passes.support.sorting import SORT_DECOMPOSITIONS
from stepwell.passes.support.special_functions import SPECIAL_DECOMPOSITIONS
from stepwell.passes.support.symbolic import SIZE_VALUES, trace_symbolic

aten = torch.ops.aten
prims = torch.ops.prims

PRIMS_OPS: dict[str, type[TorchOp]] = {
    c.OVERLOAD: c for c in (*PRIMS_OP_CLASSES, *SPECIAL_FUNCTION_OPS)
}


def _scalar_tensor(
    s: Any, dtype: torch.dtype | None = None, layout: Any = None, device: Any = None,
    pin_memory: Any = None,
) -> torch.Tensor:  # fmt: skip
    """ATen's `scalar_tensor`: a 0-d `full` of `s` (a size too: `math.sqrt(x.shape[-1])`
    under `dynamic=True` is `scalar_tensor(s27)`), of the default float type when no dtype
    is given, as ATen makes it (torch._refs' would give int64 for an int)."""
    dtype = dtype or torch.get_default_dtype()
    return prims.full((), s, dtype=dtype, device=device or "cpu", requires_grad=False)


def _empty(
    size: list[int],
    dtype: torch.dtype | None = None,
    layout: Any = None,
    device: Any = None,
    pin_memory: Any = None,
    memory_format: Any = None,
) -> torch.Tensor:
    """An uninitialized tensor is a zero fill (any value is its value; writes that
    replace it leave the fill dead), as the top-level `empty` ops are."""
    dtype = dtype or torch.get_default_dtype()
    return prims.full(size, 0, dtype=dtype, device=device or "cpu", requires_grad=False)


def _arange(overload: Any) -> Callable[..., torch.Tensor]:
    """`arange(start, end, step)` (`overload`: `arange.start` or `arange.start_step`).
    PyTorch's makes `prims.iota(length, start, step)`, whose start is static at the prims
    level; an integer start that is a symbolic size (position ids after a cache of dynamic
    length: `arange(past, past + n)`; `arange(n - 1, -1, -1)`) is the iota from 0 shifted
    by it, which computes the same integers. The length is spelled as PyTorch's."""
    theirs = decomposition_table[overload]

    def arange(start: Any, end: Any, step: Any = 1, **kwargs: Any) -> torch.Tensor:
        numbers = (start, end, step)
        if not (symbolic_int(start) and all(isinstance(x, int | torch.SymInt) for x in numbers)):
            given = {k: v for k, v in kwargs.items() if v is not None}
            return theirs(*numbers[: 3 if overload is aten.arange.start_step else 2], **given)
        length = (end - start + step - 1) // step if step > 0 else (end - start + step + 1) // step
        ints = torch.arange(length, device=kwargs.get("device") or "cpu")
        ints = (ints if step == 1 else ints * step) + start
        return ints.to(kwargs.get("dtype") or torch.int64)

    return arange


# PyTorch's table, plus refs for factory-like ops it leaves to the backend, gathers as
# `prims.take`, and the per-tensor rules of the `_foreach_*` ops optimizers call.
DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    **decomposition_table,
    **SLICING_DECOMPOSITIONS,
    **INDEXING_DECOMPOSITIONS,
    **SCAN_DECOMPOSITIONS,
    **ARG_REDUCTION_DECOMPOSITIONS,
    **SORT_DECOMPOSITIONS,
    **SPECIAL_DECOMPOSITIONS,
    **CONTRACTION_DECOMPOSITIONS,
    **BITCAST_DECOMPOSITIONS,
    **POOLING_DECOMPOSITIONS,
    **CONVOLUTION_DECOMPOSITIONS,
    **PADDING_DECOMPOSITIONS,
    **SCATTER_DECOMPOSITIONS,
    **COMPOSITE_DECOMPOSITIONS,
    **foreach_decompositions(),
    aten.clone.default: torch._refs.clone,
    aten.copy.default: lambda self, src, non_blocking=False: prims.clone(
        src.to(self.dtype).expand(self.shape)
    ),  # `self` with `src`'s values (broadcast, converted): a new tensor
    aten.arange.start: _arange(aten.arange.start),
    aten.arange.start_step: _arange(aten.arange.start_step),
    aten.empty.memory_format: _empty,  # (inside other decompositions: `repeat`, ...)
    aten.empty_permuted.default: lambda size, physical_layout, **kw: _empty(size, **kw),
    aten.full_like.default: torch._refs.full_like,
    aten.scalar_tensor.default: _scalar_tensor,
    # the zeros autograd makes where a gradient is known to be 0 (`sgn`'s of a real input)
    aten._efficientzerotensor.default: _empty,
    aten.zeros_like.default: torch._refs.zeros_like,
    aten.ones_like.default: torch._refs.ones_like,
}

MATMUL_OPS = (aten.mm.default, aten.bmm.default)


def example_tensor(t: Attribute) -> torch.Tensor:
    """An uninitialised CPU tensor of a static tensor type (tracing only reads metadata)."""
    tt = cast(TensorType[Attribute], t)
    return torch.empty(tuple(tt.get_shape()), dtype=torch_dtype(tt.element_type))


def trace_decomposition(
    run: Callable[..., Any],
    operands: Sequence[Attribute | Size],
    ranges: Mapping[str, tuple[int, int]] | None = None,
) -> torch.fx.GraphModule:
    """`run(*operands)` traced to prims with PyTorch's decomposition table. An operand is
    a tensor type or the size an integer operand holds; with `?` dims or symbolic sizes,
    the op is traced once for every size in `ranges` (each symbol's, where its function
    bounds it: `symbolic.trace_symbolic`)."""
    if any(
        DYNAMIC_INDEX in t.get_shape() if isinstance(t, TensorType) else not is_static(t)
        for t in operands
    ):
        return trace_symbolic(lambda inputs: _trace(run, inputs), operands, ranges)
    inputs = [example_tensor(t) if isinstance(t, TensorType) else int(t) for t in operands]
    return _trace(run, inputs)


def _trace(run: Callable[..., Any], inputs: Sequence[torch.Tensor]) -> torch.fx.GraphModule:
    # outside any ambient tracing context (AOTAutograd compiles the backward inside one):
    # its fake mode would give these static example tensors symbolic sizes
    with torch._guards.tracing(None), _quiet(FAKE_TENSOR_LOG):
        gm = make_fx(run, decomposition_table=DECOMPOSITIONS, tracing_mode="fake")(*inputs)
    to_value_semantics(gm)
    for node in gm.graph.nodes:
        if node.op == "call_function" and _writes_memory(node.target):
            raise UntraceableError(f"the decomposition mutates memory ({node.target})")
    materialize_scalars(gm)
    return gm


FAKE_TENSOR_LOG = "torch._subclasses.fake_tensor"
"""Logs a traceback when a meta function rejects its operands (the op then stays an
extern, or the pass reports the rejection itself)."""


@contextlib.contextmanager
def _quiet(logger: str) -> Iterator[None]:
    """`logger` silent inside the block."""
    log = logging.getLogger(logger)
    disabled, log.disabled = log.disabled, True
    try:
        yield
    finally:
        log.disabled = disabled


def to_value_semantics(gm: torch.fx.GraphModule) -> None:
    """Views are a memory-layout notion: `collapse_view` becomes `collapse`, `view_of`
    disappears (the prims level has value semantics)."""
    for node in list(gm.graph.nodes):
        if node.target is prims.fill.default and _fresh(node.args[0]):
            empty = node.args[0]
            val = node.meta["val"]
            with gm.graph.inserting_before(node):
                full = _full(gm.graph, node, node.args[1], val.dtype)
            node.replace_all_uses_with(full)
            gm.graph.erase_node(node)
            gm.graph.erase_node(empty)
        elif node.target in AS_STRIDED and _is_reshape(node):
            node.target = prims.reshape.default
            node.args = (node.args[0], list(node.args[1]))
            node.kwargs = {}
        elif node.target is prims.collapse_view.default:
            node.target = prims.collapse.default
        elif node.target is prims.view_of.default:
            node.replace_all_uses_with(node.args[0])
            gm.graph.erase_node(node)


AS_STRIDED = (aten.as_strided.default, prims.as_strided.default)


def _is_reshape(node: torch.fx.Node) -> bool:
    """`as_strided(x, size, contiguous strides, x's offset)` of a contiguous x (what
    `torch._refs.view` emits for unsqueeze-like views) is a reshape of x's values."""
    x = node.args[0]
    if not isinstance(x, torch.fx.Node):
        return False
    src = x.meta["val"]

    def val(a: Any) -> Any:  # a symbolic trace passes sizes as the nodes computing them
        return a.meta["val"] if isinstance(a, torch.fx.Node) else a

    size, stride = [val(a) for a in node.args[1]], [val(a) for a in node.args[2]]
    offset = val(node.args[3] if len(node.args) > 3 else node.kwargs.get("storage_offset", 0))
    from stepwell.passes.support.views import contiguous_strides

    def same(a: Any, b: Any) -> bool:  # for every size (no guard)
        return statically_known_true(a == b)

    contiguous = [s for s, d in zip(contiguous_strides(size), size, strict=True)
                  if not same(d, 1)]  # fmt: skip
    given = [s for s, d in zip(stride, size, strict=True) if not same(d, 1)]
    return (
        src.is_contiguous()
        and same(offset, src.storage_offset())
        and same(src.numel(), math.prod(size))
        and len(given) == len(contiguous)
        and all(same(a, b) for a, b in zip(given, contiguous, strict=True))
    )


EMPTY_OPS = (
    aten.empty.memory_format,
    aten.empty_permuted.default,
    aten.empty_strided.default,
    prims.empty_strided.default,
)


def _fresh(node: Any) -> bool:
    """An uninitialised tensor only this node reads (so `fill` of it is a `full`)."""
    return isinstance(node, torch.fx.Node) and node.target in EMPTY_OPS and len(node.users) == 1


class UntraceableError(Exception):
    """The op's decomposition cannot be expressed with value semantics."""


def _writes_memory(target: Any) -> bool:
    """In-place prims (`copy_to`) and layout-dependent views (`as_strided`) have no
    value-semantics meaning at the prims level."""
    if target is aten.as_strided.default:
        return True
    schema = getattr(target, "_schema", None)
    return bool(schema is not None and schema.is_mutable)


def materialize_scalars(gm: torch.fx.GraphModule) -> None:
    """Make prims' implicit scalar broadcasting explicit: a Python number in a tensor slot
    becomes `prims.full`, a 0-d tensor beside bigger ones a `prims.broadcast_in_dim`."""
    graph = gm.graph
    for node in list(graph.nodes):
        target = node.target
        if not (isinstance(target, torch._ops.OpOverload) and target.namespace == "prims"):
            continue
        val = node.meta.get("val")
        cls = PRIMS_OPS.get(str(target))
        if not isinstance(val, torch.Tensor) or cls is None or cls.KIND != "elementwise":
            continue  # only elementwise prims broadcast scalars implicitly
        schema_args = target._schema.arguments
        args = list(node.args)
        tensor_slots = [
            i for i, a in enumerate(schema_args[: len(args)]) if str(a.real_type) == "Tensor"
        ]
        if len(tensor_slots) < 2:
            continue
        for i in tensor_slots:
            a = args[i]
            with graph.inserting_before(node):
                if isinstance(a, int | float | bool) or _is_size_node(a):
                    args[i] = _full(graph, node, a, _scalar_dtype(node, args))
                elif (isinstance(a, torch.fx.Node) and isinstance(a.meta["val"], torch.Tensor)
                      and a.meta["val"].dim() < val.dim()):  # fmt: skip
                    args[i] = _broadcast(graph, a, list(val.shape))
        node.args = tuple(args)
    graph.lint()


def _scalar_dtype(node: torch.fx.Node, args: list[Any]) -> torch.dtype:
    dtype = node.meta["val"].dtype
    tensors = [a.meta["val"] for a in args if isinstance(a, torch.fx.Node)]
    if dtype == torch.bool and node.target is not prims.where.default and tensors:
        dtype = tensors[0].dtype  # a comparison: the scalar takes the operand's type
    return dtype


def _is_size_node(a: Any) -> bool:
    """A node computing a symbolic size (a size used as a value: `idx * stride`)."""
    return isinstance(a, torch.fx.Node) and isinstance(a.meta.get("val"), SIZE_VALUES)


def _full(graph: torch.fx.Graph, node: torch.fx.Node, value: Any, dtype: torch.dtype) -> Any:
    val = node.meta["val"]
    shape = list(val.shape)
    full = graph.call_function(
        prims.full.default,
        (shape, value),
        {"dtype": dtype, "device": torch.device("cpu"), "requires_grad": False},
    )
    full.meta["val"] = val.new_empty(shape, dtype=dtype)  # (symbolic sizes: a fake tensor)
    return full


def _broadcast(graph: torch.fx.Graph, src: torch.fx.Node, shape: list[int]) -> Any:
    rank = src.meta["val"].dim()
    dims = list(range(len(shape) - rank, len(shape)))
    b = graph.call_function(prims.broadcast_in_dim.default, (src, shape, dims))
    b.meta["val"] = torch.empty(shape, dtype=src.meta["val"].dtype, device="meta")
    return b


class PrimsSplicer(NodeImporter):
    """Imports a traced decomposition: prims classes, matmul, and extern for the rest."""

    def import_node(self, node: torch.fx.Node) -> None:
        target = node.target
        if target is operator.getitem or str(target) in self.ops:
            return super().import_node(node)
        if target in MATMUL_OPS:
            return self.append(node, self.matmul(node))
        if target is torch.ops.stepwell.scan_index.default:
            x, dim, kind = node.args
            return self.append(node, ScanIndexOp(self.value(x), int(dim), str(kind)))
        if target is torch.ops.stepwell.sort.default:
            x, dim, descending = node.args
            return self.append(node, SortOp(self.value(x), int(dim), bool(descending)))
        if target is torch.ops.stepwell.bitcast.default:
            return self.append(node, BitcastOp(self.value(node.args[0]), self.result_type(node)))
        if target is torch.ops.stepwell.arg_reduce.default:
            x, dim, kind = node.args
            return self.append(node, ArgReduceOp(self.value(x), int(dim), str(kind)))
        if target is torch.ops.stepwell.scan.default:
            x, dim, kind = node.args
            return self.append(node, ScanOp(self.value(x), int(dim), str(kind)))
        if target is torch.ops.stepwell.take.default:
            a, offsets = node.args
            op = TakeOp(self.value(a), self.value(offsets), self.result_type(node))
            return self.append(node, op)
        if target is torch.ops.stepwell.scatter.default:
            a, offsets, src, reduce = node.args
            op = ScatterOp(self.value(a), self.value(offsets), self.value(src), str(reduce))
            return self.append(node, op)
        if target is torch.ops.stepwell.slice.default:
            x, starts, limits, strides = node.args
            op = SliceOp(self.value(x), starts, limits, strides, self.result_type(node))
            return self.append(node, op)
        self.append(node, self.import_generic(node, ExternOp))

    def matmul(self, node: torch.fx.Node) -> Operation:
        lhs, rhs = cast(tuple[torch.fx.Node, torch.fx.Node], node.args[:2])
        flags = []
        operands = []
        for n in (lhs, rhs):
            src, swapped = n, False
            if n.target is prims.transpose.default:
                perm = list(cast(Sequence[int], n.args[1]))
                r = len(perm)
                if perm == [*range(r - 2), r - 1, r - 2]:
                    src, swapped = cast(torch.fx.Node, n.args[0]), True
            operands.append(self.value(src))
            flags.append(swapped)
        result_type = self.result_type(node)
        return MatmulOp(operands[0], operands[1], result_type, flags[0], flags[1])

    def result_type(self, node: torch.fx.Node) -> Attribute:
        from stepwell.ir.types import type_of_value

        return type_of_value(node.meta["val"])


def splice(
    gm: torch.fx.GraphModule, operands: Sequence[SSAValue]
) -> tuple[list[Operation], list[SSAValue]]:
    """Import `gm` with `operands` bound to its placeholders; (new ops, result values)."""
    block = Block()
    splicer = PrimsSplicer(block, ops=PRIMS_OPS)
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    for n, v in zip(placeholders, operands, strict=True):
        splicer.values[n] = [v]
    for node in gm.graph.nodes:
        if node.op == "call_function":
            splicer.import_node(node)
    out = next(n for n in gm.graph.nodes if n.op == "output").args[0]
    results = [splicer.value(o) for o in spread_results(out if isinstance(out, list | tuple)
                                                        else [out])]  # fmt: skip
    ops = list(block.ops)
    for op in ops:
        op.detach()
    return prune(ops, results), results


def prune(ops: list[Operation], keep: Sequence[SSAValue]) -> list[Operation]:
    """Drop spliced ops whose results nobody uses (e.g. a transpose folded into a matmul)."""
    kept = set(keep)
    live: list[Operation] = []
    for op in reversed(ops):
        if any(r in kept for r in op.results) or not op.results:
            live.append(op)
            kept.update(op.operands)
    for op in ops:
        if op not in live:
            op.erase(safe_erase=False)
    return list(reversed(live))
