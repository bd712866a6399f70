"""Import FX nodes into the `torch` dialect, one node at a time (`NodeImporter`).

The frontend (`frontend/fx.py`: whole programs and graphs) and decomposition
(`passes/support/decompose.py`: the prims graphs PyTorch's decompositions trace) both
build ops through it, so neither passes nor the frontend need each other. Every op
carries the user's source location from the node's stack trace. An ATen overload without
a generated class, or any other callable, is imported as a generic `torch.operator`, so
import never fails on an unknown op.
"""

from __future__ import annotations

import linecache
import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import torch
import torch.fx
from torch._higher_order_ops.auto_functionalize import (
    AsStridedViewInfo,
    NotView,
    SliceViewInfo,
    ViewInfo,
    read_view_information_from_args,
)
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    ModuleOp,
    NoneType,
    StringAttr,
    TensorType,
    f64,
    i1,
    i64,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from stepwell.dialects.torch import TORCH_OP_CLASSES, Aten_ToCopyOp
from stepwell.dialects.torch_support import OperatorOp, SymAttr, TorchOp
from stepwell.ir.strides import dim_order
from stepwell.ir.types import (
    OUTPUT_ORDERS,
    SIZE_EQUALITIES,
    SIZE_HINTS,
    SIZE_RANGES,
    WRITES,
    UnsupportedTypeError,
    element_type,
    hints_attribute,
    int_array,
    orders_attribute,
    ranges_attribute,
    size_equalities,
    size_hints,
    size_ranges,
    type_of_value,
)

TORCH_OPS: dict[str, type[TorchOp]] = {c.OVERLOAD: c for c in TORCH_OP_CLASSES}
"""Generated op class by overload name (`aten.add.Tensor`), derived from the dialect."""

TENSOR_TYPES = ("Tensor", "Optional[Tensor]", "List[Tensor]", "List[Optional[Tensor]]")

ARG_NAME = "stepwell.name"
ARG_KIND = "stepwell.kind"


class FxImportError(Exception):
    """The graph cannot be imported; the message names the node and its source line."""


class RunsWithAten(FxImportError):
    """A graph stepwell does not compile, which the backend runs with ATen, saying why in
    a warning: one with a higher-order op that has no import (control flow's subgraphs, a
    user's Triton kernel) or an op writing a list of tensors. `nodes` names the FX nodes
    that need ATen, where they are known: the backend then compiles the rest of the
    graph around them (`lowering/split.py`)."""

    def __init__(self, message: str, nodes: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.nodes = tuple(nodes)


@dataclass(frozen=True)
class GraphInput:
    """What a function argument stands for: a user input, a parameter, a buffer, ..."""

    name: str
    kind: str  # "input" | "parameter" | "buffer" | "constant" | "symint"


@dataclass
class NodeImporter:
    """Turns FX nodes into ops appended to `block`; `ops` maps overload names to classes.

    The decomposition pass reuses it (with the prims classes) to splice traced graphs.
    """

    block: Block
    values: dict[torch.fx.Node, list[SSAValue]] = field(default_factory=dict)
    ops: dict[str, type[TorchOp]] = field(default_factory=lambda: TORCH_OPS)

    # -- values ---------------------------------------------------------------------------
    def value(self, node: torch.fx.Node) -> SSAValue:
        vals = self.values.get(node)
        if vals is None:
            raise FxImportError(f"node {node.name} is used before it is defined")
        if len(vals) != 1:
            raise FxImportError(f"node {node.name} has {len(vals)} results; expected getitem")
        return vals[0]

    # -- constants and symbolic scalars ---------------------------------------------------
    def scalar_attr(self, v: Any, syms: list[SSAValue]) -> Attribute:
        """A non-tensor argument as a property; SSA values go into the sym group."""
        if isinstance(v, torch.fx.Node):
            syms.append(self.value(v))
            return SymAttr(IntAttr(len(syms) - 1))
        if v is None:
            return NoneType()  # prints and parses back as `none`
        if isinstance(v, bool):
            return IntegerAttr(int(v), i1)
        if isinstance(v, int):
            return IntegerAttr(v, i64)
        if isinstance(v, float):
            return FloatAttr(v, f64)
        if isinstance(v, str):
            return StringAttr(v)
        if isinstance(v, torch.dtype):
            return element_type(v)
        if isinstance(v, torch.device | torch.layout | torch.memory_format):
            return StringAttr(str(v).removeprefix("torch."))
        if isinstance(v, list | tuple):
            return ArrayAttr([self.scalar_attr(x, syms) for x in v])
        raise UnsupportedTypeError(f"cannot encode argument {v!r} ({type(v).__name__})")

    # -- ops ------------------------------------------------------------------------------
    def import_aten(self, node: torch.fx.Node, cls: type[TorchOp], target: Any = None) -> Operation:
        schema = (target or node.target)._schema  # type: ignore[union-attr]
        groups: list[list[SSAValue]] = []
        props: dict[str, Attribute] = {}
        syms: list[SSAValue] = []
        for i, arg in enumerate(schema.arguments):
            t = str(arg.real_type)
            if i < len(node.args) and not arg.kwarg_only:
                v = node.args[i]
            elif arg.name in node.kwargs:
                v = node.kwargs[arg.name]
            else:  # absent: the schema default
                if t in TENSOR_TYPES:
                    groups.append([])
                continue
            if t == "Tensor":
                groups.append([self.value(v)])
            elif t == "Optional[Tensor]":
                groups.append([] if v is None else [self.value(v)])
            elif t == "List[Tensor]":
                groups.append([self.value(x) for x in v])
            elif t == "List[Optional[Tensor]]":
                present = [x for x in v if x is not None]
                groups.append([self.value(x) for x in present])
                if len(present) != len(v):
                    k = iter(range(len(present)))
                    props[arg.name] = ArrayAttr(
                        [NoneType() if x is None else IntegerAttr(next(k), i64) for x in v]
                    )
            else:
                if arg.has_default_value() and _same(v, arg.default_value):
                    continue
                props[arg.name] = self.scalar_attr(v, syms)
        if "sym_args" in dict(cls.operand_group_defs()):
            groups.append(syms)
        elif syms:
            raise FxImportError(f"{node.target} got a symbolic value where none is allowed")
        return cls.build_from_groups(groups, props, _result_types(node))

    def import_generic(
        self, node: torch.fx.Node, op_class: Any = OperatorOp, call: Call | None = None
    ) -> Operation:
        """Anything without a generated class: a `torch.operator` (or, given `op_class`, a
        `prims.extern`) carrying its full name."""
        call = call or Call.of(node)
        inputs: list[SSAValue] = []
        args = [self.scalar_attr(a, inputs) for a in call.args]
        kwargs = {k: self.scalar_attr(v, inputs) for k, v in call.kwargs.items()}
        return op_class(_target_name(call.target), inputs, call.result_types, args, kwargs)

    def import_with_effects(self, node: torch.fx.Node) -> None:
        """`with_effects(token, op, *args, **kwargs) -> (token, *op's results)`: the call
        of `op` (an ordered side effect such as `_linalg_check_errors`), its token output
        being its token input. AOTAutograd threads tokens through the graph only to order
        effects; the call keeps them itself: a `torch.operator` whatever class `op` has
        (its effects unknown), then a `prims.extern` of an effectful callee
        (`is_effectful`), neither CSE'd nor dropped."""
        token, op, *args = node.args
        val = node.meta.get("val")
        results = list(val[1:]) if isinstance(val, list | tuple) else []
        if not isinstance(token, torch.fx.Node) or not isinstance(op, torch._ops.OpOverload):
            raise FxImportError(f"with_effects around {op!r} (not an ATen op)")
        if any(isinstance(r, list) for r in results):
            raise FxImportError(f"with_effects around {op}, which returns a list")
        types = [type_of_value(r) for r in results if r is not None] if op._schema.returns else []
        call = Call(op, tuple(args), dict(node.kwargs), types)
        self.append(node, imported := self.import_generic(node, call=call))
        self.values[node] = [self.value(token), *imported.results]

    def import_auto_functionalized(self, node: torch.fx.Node) -> None:
        """`auto_functionalized(op, **kwargs)` / `auto_functionalized_v2(op, **kwargs)`:
        functionalization's call of an op that writes some of its arguments (a custom
        op's `mutates_args`). Its results are the op's returns, then the written
        arguments' new values (v1) or those of the tensors they view (v2's `_all_bases`,
        each argument a view of one of them). Imported as a `torch.operator` of the op
        on the written views, which writes copies of them at run time
        (`callees.call_on_copies`), then each new view scattered into its base."""
        op, kwargs = node.args[0], dict(node.kwargs)
        if not isinstance(op, torch._ops.OpOverload):
            raise RunsWithAten(f"{node.target} of {op!r}, not an operator overload",
                               [node.name])  # fmt: skip
        schema = op._schema
        written = [a for a in schema.arguments
                   if a.alias_info is not None and a.alias_info.is_write]  # fmt: skip
        if any(str(a.real_type) not in ("Tensor", "Optional[Tensor]") for a in written):
            raise RunsWithAten(f"{op} writes a list of tensors", [node.name])
        aside = torch.fx.Graph()  # stand-ins for the views and scatters
        if node.target is torch.ops.higher_order.auto_functionalized:
            kwargs.pop("_only_clone_these_tensors", None)
            bases = [kwargs.get(a.name) for a in written]
            views: list[Any] = [None if b is None else NotView(i) for i, b in enumerate(bases)]
        else:
            if torch._library.utils.is_out(op):
                raise RunsWithAten(f"{op} is an out= op", [node.name])
            kwargs.pop("_only_clone_these_bases", None)
            bases = list(kwargs.pop("_all_bases"))
            infos = read_view_information_from_args(
                [a.name for a in written], [a.type for a in written], kwargs, bases)
            views = [infos[a.name] for a in written]
        present = [(v, _view_of(aside, node, v, bases)) for v in views if v is not None]
        for _, arg in present:
            if arg.graph is aside:
                self.import_node(arg)
        arguments = iter(arg for _, arg in present)
        kwargs.update({a.name: None if v is None else next(arguments)
                       for a, v in zip(written, views, strict=True)})  # fmt: skip
        returns = node.meta["val"][: max(len(schema.returns), 1)]
        own = [type_of_value(r) for r in returns if r is not None]
        types = own + [type_of_value(arg.meta["val"]) for _, arg in present]
        call = self.import_generic(node, call=Call(op, (), kwargs, types))
        self.append(node, call)
        new_bases = list(bases)  # each base with its written views scattered into it
        for (view, arg), new in zip(present, call.results[len(own):], strict=True):
            i = view.base_index
            new_bases[i] = _scattered(aside, self, node, new_bases[i], arg, view, new)
        self.values[node] = [*call.results[: len(own)],
                             *(self.value(b) for b in new_bases if b is not None)]  # fmt: skip
        for n in reversed(aside.nodes):  # (no stand-in stays among a node's users)
            aside.erase_node(n)

    def rebase_as_strided(self, node: torch.fx.Node) -> bool:
        """`as_strided(v, size, stride, offset)` reads the storage under `v`, which a view
        `v` (permute, diagonal, slice, expand, ...) shares with the tensor it views. In
        value semantics that storage is the base tensor's values in memory order: import
        `as_strided(reshape(permute(base, memory_order), [-1]), size, stride, offset)`,
        the offset being `v`'s own when the call gives none. False (import as usual) when
        the base is not dense from offset 0 or a shape is symbolic."""
        v = node.args[0]
        if not isinstance(v, torch.fx.Node):
            return False
        base = v
        while (
            base.op == "call_function"
            and isinstance(base.target, torch._ops.OpOverload)
            and base.target._schema.returns
            and base.target._schema.returns[0].alias_info is not None
            and base.args
            and isinstance(base.args[0], torch.fx.Node)
        ):
            base = base.args[0]
        bval, vval = base.meta.get("val"), v.meta.get("val")
        if not (isinstance(bval, torch.Tensor) and isinstance(vval, torch.Tensor)):
            return False
        facts = (*bval.shape, *bval.stride(), vval.storage_offset())
        if any(isinstance(d, torch.SymInt) and d.node.maybe_as_int() is None for d in facts):
            return False  # symbolic sizes: keep the op as it is (`int(d)` would guard
            # on the symbol's example value and make every later type static)
        if not _dense_from_zero(bval):
            return False
        if base is v and bval.is_contiguous():
            return False  # already its own contiguous storage
        classes = [self.ops.get(f"aten.{n}.default") for n in ("permute", "reshape", "as_strided")]
        if any(c is None for c in classes):
            return False
        permute, reshape, as_strided = classes
        order = sorted(range(bval.dim()), key=lambda d: (-bval.stride()[d], d))
        base_type = cast(TensorType[Attribute], self.value(base).type)
        shape = [base_type.get_shape()[d] for d in order]
        elem = base_type.element_type
        loc = source_location(node)
        p = permute.make([TensorType(elem, shape)], self_=self.value(base), dims=int_array(order))
        flat = reshape.make(
            [TensorType(elem, [bval.numel()])], self_=p.results[0], shape=int_array([bval.numel()])
        )
        size, stride = node.args[1], node.args[2]
        given = node.args[3] if len(node.args) > 3 else node.kwargs.get("storage_offset")
        offset = vval.storage_offset() if given is None else given
        out = as_strided.make(
            _result_types(node), self_=flat.results[0], size=int_array(list(size)),  # type: ignore[arg-type]
            stride=int_array(list(stride)), storage_offset=IntegerAttr(int(offset), i64),  # type: ignore[arg-type]
        )  # fmt: skip
        for op in (p, flat, out):
            if loc is not None:
                op.location = loc
            self.block.add_op(op)
        self.values[node] = list(out.results)
        return True

    def append(self, node: torch.fx.Node, op: Operation) -> None:
        """Add `op` for `node`, with the node's source location."""
        loc = source_location(node)
        if loc is not None:
            op.location = loc
        self.block.add_op(op)
        self.values[node] = list(op.results)

    def complex_scalars_as_tensors(
        self, node: torch.fx.Node, target: torch._ops.OpOverload
    ) -> torch.fx.Node:
        """`node` as is, or, when it passes a Python complex number in a Scalar slot (a
        polar's backward: `mul.Scalar(x, 1j)`), a stand-in calling the overload that takes
        a Tensor there (`mul.Tensor`), whose number `numbers_as_tensors` then makes a
        0-d complex tensor of its parts: no attribute holds a complex number."""
        schema = target._schema
        arguments = zip(schema.arguments, node.args, strict=False)
        slots = [i for i, (a, v) in enumerate(arguments)
                 if str(a.real_type) in ("Scalar", "number")
                 and isinstance(v, complex)]  # fmt: skip
        if not slots:
            return node
        overload = _overload_with(target, slots, ("Tensor",))
        if overload is None:
            return node  # (no such overload: the encoder says it cannot take the number)
        arguments = list(zip(overload._schema.arguments, node.args, strict=False))
        positional = [v for c, v in arguments if not c.kwarg_only]
        keywords = {c.name: v for c, v in arguments if c.kwarg_only}  # (`add.Scalar`'s
        graph = torch.fx.Graph()  # alpha is `add.Tensor`'s keyword)
        stand_in = graph.call_function(overload, tuple(positional), {**keywords, **node.kwargs})
        stand_in.meta.update(node.meta)
        stand_in.name = node.name
        return stand_in

    def numbers_as_tensors(self, node: torch.fx.Node) -> torch.fx.Node:
        """`node` again, in a graph of its own, with each Python number in a Tensor slot
        made a 0-d tensor (an `aten.full` of the number's default dtype, as PyTorch wraps
        a number: it promotes like one, below dimensioned tensors). A float number of a
        float64 op is a float64 tensor: eager computes with the number as a double
        (`addcmul_(..., value=1e-50)` of float64 tensors, which Dynamo makes
        `prims.fma`), and the default dtype would round it."""
        target = cast(torch._ops.OpOverload, node.target)
        graph = torch.fx.Graph()
        args = list(node.args)
        result = node.meta.get("val")
        result_dtype = result.dtype if isinstance(result, torch.Tensor) else None
        for i in _wrapped_numbers(node, target):
            value = args[i]
            default = torch.get_default_dtype()
            if result_dtype in (torch.float64, torch.complex128):
                default = torch.float64
            if isinstance(value, complex):  # (no attribute holds one: its parts do)
                parts = [self._full(graph, node, f"{node.name}_arg{i}_{part}", x, default)
                         for part, x in (("re", value.real), ("im", value.imag))]  # fmt: skip
                full = graph.call_function(torch.ops.aten.complex.default, tuple(parts))
                full.meta.update(node.meta)
                full.meta["val"] = torch.empty((), dtype=_DEFAULT_COMPLEX[default],
                                               device="meta")  # fmt: skip
                full.name = f"{node.name}_arg{i}"
                self.import_node(full)
            else:
                number = _number(value)
                dtype = (torch.bool if isinstance(number, bool | torch.SymBool) else torch.int64
                         if isinstance(number, int | torch.SymInt) else default)  # fmt: skip
                full = self._full(graph, node, f"{node.name}_arg{i}", value, dtype)
            args[i] = full
        stand_in = graph.call_function(target, tuple(args), dict(node.kwargs))
        stand_in.meta.update(node.meta)
        stand_in.name = node.name
        return stand_in

    def _full(self, graph: torch.fx.Graph, node: torch.fx.Node, name: str, value: Any,
              dtype: torch.dtype) -> torch.fx.Node:  # fmt: skip
        """A 0-d `aten.full` of `value` in `graph`, imported, located at `node`."""
        full = graph.call_function(torch.ops.aten.full.default, ([], value), {"dtype": dtype})
        full.meta.update(node.meta)
        full.meta["val"] = torch.empty((), dtype=dtype, device="meta")
        full.name = name
        self.import_node(full)
        return full

    def import_node(self, node: torch.fx.Node) -> None:
        if node.target is operator.getitem and isinstance(node.args[0], torch.fx.Node):
            src, index = node.args
            vals = self.values[src]
            span = _result_span(src, cast(int, index))
            # a result that is None (with_effects' of an op returning nothing) has no value;
            # a list result is its tensors' values (each read by a getitem of its own)
            self.values[node] = [] if span is None else vals[span[0]:span[0] + span[1]]
            return
        target = node.target
        if target is torch.ops.aten.as_strided.default and self.rebase_as_strided(node):
            return
        try:
            if target is torch.ops.higher_order.with_effects:
                return self.import_with_effects(node)
            if target in AUTO_FUNCTIONALIZED:
                return self.import_auto_functionalized(node)
            if isinstance(target, torch._ops.HigherOrderOperator):
                raise RunsWithAten(f"stepwell has no import for {target.name()}", [node.name])
            if isinstance(target, torch._ops.OpOverload):
                if (stand_in := self.complex_scalars_as_tensors(node, target)) is not node:
                    self.import_node(stand_in)
                    self.values[node] = self.values[stand_in]
                    return
                overload = _scalar_overload(node, target)
                if overload is None:  # no overload takes the number: a 0-d tensor of it
                    stand_in = self.numbers_as_tensors(node)
                    self.import_node(stand_in)
                    self.values[node] = self.values[stand_in]
                    return
                target = overload
            cls = self.ops.get(str(target)) if isinstance(target, torch._ops.OpOverload) else None
            op = (
                self.import_aten(node, cls, target)
                if cls is not None
                else self.import_generic(node)
            )
        except (UnsupportedTypeError, FxImportError) as e:
            kind = RunsWithAten if isinstance(e, RunsWithAten) else FxImportError
            raise kind(f"{_where(node)}: cannot import {node.format_node()}: {e}") from e
        self.append(node, op)


@dataclass(frozen=True)
class Call:
    """What a generic op is imported from: a node's target, arguments and result types
    (the node's own, or those of the call a `with_effects` node wraps)."""

    target: Any
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    result_types: list[Attribute]

    @staticmethod
    def of(node: torch.fx.Node) -> Call:
        return Call(node.target, tuple(node.args), dict(node.kwargs), _result_types(node))


def _result_span(node: torch.fx.Node, index: int) -> tuple[int, int] | None:
    """Where the values `getitem(node, index)` reads start among the op's results, and
    how many: results that are `None` (the input gradient `convolution_backward` is not
    asked for) have no SSA value (None); a list result (`Tensor[]` in a tuple) has one
    per tensor (`spread_results`)."""
    val = node.meta.get("val")
    if not isinstance(val, list | tuple):
        return index, 1
    if index < len(val) and val[index] is None:
        return None
    count = len(spread_results(val[index:index + 1])) if index < len(val) else 1
    return len(spread_results(val[:index])), count


def spread_results(values: Sequence[Any]) -> list[Any]:
    """An op's results, one per tensor: `values` with each list inside spread out and its
    `None`s left out."""
    return [x for v in values for x in (v if isinstance(v, list | tuple) else (v,))
            if x is not None]  # fmt: skip


AUTO_FUNCTIONALIZED = (torch.ops.higher_order.auto_functionalized,
                       torch.ops.higher_order.auto_functionalized_v2)  # fmt: skip
"""Functionalization's calls of an op that writes its arguments."""


def _view_of(aside: torch.fx.Graph, node: torch.fx.Node, view: ViewInfo,
             bases: Sequence[Any]) -> torch.fx.Node:  # fmt: skip
    """The argument `view` describes: a view of one of `bases` (a node made in `aside`,
    with `node`'s source location), or that base itself."""
    base = bases[view.base_index]
    if isinstance(view, AsStridedViewInfo):
        return _made(aside, node, torch.ops.aten.as_strided.default,
                     (base, list(view.size), list(view.stride), view.storage_offset))
    if isinstance(view, SliceViewInfo):
        return _made(aside, node, torch.ops.aten.slice.Tensor,
                     (base, view.dim, view.start, view.end))
    return base  # (NotView, AliasViewInfo)


def _scattered(aside: torch.fx.Graph, importer: NodeImporter, node: torch.fx.Node,
               base: torch.fx.Node, arg: torch.fx.Node, view: ViewInfo,
               new: SSAValue) -> torch.fx.Node:  # fmt: skip
    """`base` with `new`, the written argument `arg`'s new value, in the place `view`
    describes; imported."""
    written = aside.placeholder(f"{node.name}_written_{len(aside.nodes)}")
    written.meta["val"] = arg.meta["val"]
    importer.values[written] = [new]
    if isinstance(view, AsStridedViewInfo):
        made = _made(aside, node, torch.ops.aten.as_strided_scatter.default,
                     (base, written, list(view.size), list(view.stride), view.storage_offset))
    elif isinstance(view, SliceViewInfo):
        made = _made(aside, node, torch.ops.aten.slice_scatter.default,
                     (base, written, view.dim, view.start, view.end))
    else:
        return written
    importer.import_node(made)
    return made


def _made(aside: torch.fx.Graph, node: torch.fx.Node, target: Any,
          args: tuple[Any, ...]) -> torch.fx.Node:  # fmt: skip
    """A node of `target(*args)` in `aside`, its value computed from its arguments'."""
    made = aside.call_function(target, args)
    made.meta.update(node.meta)
    made.meta["val"] = target(*[a.meta["val"] if isinstance(a, torch.fx.Node) else a
                                for a in args])  # fmt: skip
    made.name = f"{node.name}_{target.__name__.split('.')[0]}_{len(aside.nodes)}"
    return made


def _dense_from_zero(t: torch.Tensor) -> bool:
    """The tensor's elements fill its storage from offset 0 with no gap or overlap, in
    some order of its dims (contiguous, channels-last, transposed, ...)."""
    if t.storage_offset() != 0:
        return False
    expected = 1
    for d in sorted(range(t.dim()), key=lambda d: (t.stride()[d], d)):
        if t.shape[d] == 1:
            continue
        if t.stride()[d] != expected:
            return False
        expected *= t.shape[d]
    return True


_DEFAULT_COMPLEX = {torch.float64: torch.complex128, torch.float32: torch.complex64,
                    torch.float16: torch.complex32, torch.bfloat16: torch.complex64}
"""The dtype PyTorch wraps a Python complex number as, by the default float dtype."""


def _wrapped_numbers(node: torch.fx.Node, target: torch._ops.OpOverload) -> list[int]:
    """The positions of the numbers `node` passes in Tensor slots of `target`: Python
    numbers, and symbolic ones (`floor_divide.default(x, s0)`, as AOTAutograd passes
    `x // x.shape[0]`; no torch-level op takes an i64 where a tensor goes)."""
    return [
        i
        for i, (a, v) in enumerate(zip(target._schema.arguments, node.args, strict=False))
        if str(a.real_type) == "Tensor" and isinstance(_number(v), NUMBERS)
    ]


NUMBERS = (int, float, bool, complex, torch.SymInt, torch.SymFloat, torch.SymBool)


def _number(v: Any) -> Any:
    """A node argument as the number it is or holds (a symbolic scalar's node: its
    SymInt), or as it is."""
    return v.meta.get("val") if isinstance(v, torch.fx.Node) else v


def _scalar_overload(node: torch.fx.Node, target: torch._ops.OpOverload) -> Any:
    """FX passes Python numbers in Tensor slots (`mul.Tensor(x, 0.5)`); switch such a node
    to the overload taking a Scalar there (`mul.Scalar`), as ATen itself would dispatch;
    None when no overload does (`prims.fma(a, 2.0, c)`, which Dynamo makes of
    `addcmul_(..., value=2.0)`)."""
    wrapped = _wrapped_numbers(node, target)
    if not wrapped:
        return target
    if any(isinstance(node.args[i], complex) for i in wrapped):
        return None  # (a complex number is no attribute: a 0-d tensor of its parts)
    return _overload_with(target, wrapped, ("Scalar", "number"))


def _overload_with(
    target: torch._ops.OpOverload, slots: Sequence[int], kinds: tuple[str, ...]
) -> Any:
    """The functional overload of `target`'s op that takes one of `kinds` (`Scalar`,
    `Tensor`) at the argument positions `slots` and the same types elsewhere; None when
    there is none. (`prims.fma` is found among prims' overloads, not aten's.)"""
    schema = target._schema
    namespace, op_name = schema.name.split("::")
    packet = getattr(getattr(torch.ops, namespace), op_name)
    for name in packet.overloads():
        cand = getattr(packet, name)._schema
        if len(cand.arguments) != len(schema.arguments) or cand.is_mutable:
            continue
        pairs = enumerate(zip(schema.arguments, cand.arguments, strict=True))
        if all(str(c.real_type) in kinds if i in slots else str(c.real_type) == str(a.real_type)
               for i, (a, c) in pairs):  # fmt: skip
            return getattr(packet, name)
    return None


def _same(value: Any, default: Any) -> bool:
    if isinstance(value, torch.fx.Node):
        return False
    if isinstance(value, list | tuple) and isinstance(default, list | tuple):
        return list(value) == list(default)
    return type(value) is type(default) and value == default


def _target_name(target: Any) -> str:
    if isinstance(target, torch._ops.OpOverload | torch._ops.HigherOrderOperator):
        return str(target)
    module = getattr(target, "__module__", None) or ""
    return f"{module}.{getattr(target, '__name__', str(target))}".lstrip(".")


def _result_types(node: torch.fx.Node) -> list[Attribute]:
    if isinstance(node.target, torch._ops.OpOverload) and not node.target._schema.returns:
        return []
    val = node.meta.get("val")
    if val is None:
        if "example_value" in node.meta:
            val = node.meta["example_value"]
        else:
            raise FxImportError(f"node {node.name} has no meta['val'] (run FakeTensorProp)")
    if isinstance(val, list | tuple):
        return [type_of_value(x) for x in spread_results(val)]
    return [type_of_value(val)]


_FRAME = re.compile(r'File "([^"]+)", line (\d+)')
_TORCH_DIR = str(Path(torch.__file__).parent)


def source_location(node: torch.fx.Node) -> FileLineColLoc | None:
    """`loc("file.py":line:col)` of the innermost frame outside torch itself in the node's
    stack trace; the column is where the code on that line starts (1-based)."""
    trace = node.meta.get("stack_trace")
    if not trace:
        return None
    frames = [(m.group(1), int(m.group(2))) for m in _FRAME.finditer(trace)]
    if not frames:
        return None
    user = [f for f in frames if not f[0].startswith(_TORCH_DIR)]
    file, line = (user or frames)[-1]
    text = linecache.getline(file, line)
    col = len(text) - len(text.lstrip()) + 1 if text.strip() else 1
    return FileLineColLoc(StringAttr(file), IntAttr(line), IntAttr(col))


def _where(node: torch.fx.Node) -> str:
    loc = source_location(node)
    if loc is None:
        return f"node {node.name}"
    return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"


def _build_module(
    graph: torch.fx.Graph,
    inputs: Sequence[GraphInput],
    name: str = "forward",
    keep: Sequence[int] | None = None,
    scalars: dict[str, Scalar] | None = None,
    ordered: int | None = None,
    writes: dict[torch.fx.Node, torch.fx.Node] | None = None,
) -> ModuleOp:
    """The function of `graph`, returning its outputs (those at the positions `keep`),
    then the new value of each input that a `copy_` node of `writes` (copy_ node -> the
    placeholder it writes, `aten_graph.input_writes`) stores into, marked `WRITES`.
    `scalars`: the one-element constant tensors among its arguments, by node name
    (`one_element_constants`): the function computes them with `full` (so passes see the
    number: a `torch.tensor(finfo.min)` fill that masks attention scores) and leaves
    their arguments unused. The first `ordered` outputs (default: all; those a user sees)
    that eager lays out in another dim order than row-major have it recorded
    (`OUTPUT_ORDERS`), so that their kernels store them with eager's strides."""
    placeholders = [n for n in graph.nodes if n.op == "placeholder"]
    attrs = [n for n in graph.nodes if n.op == "get_attr"]
    arg_nodes = placeholders + attrs
    try:
        arg_types = [type_of_value(_meta_val(n)) for n in arg_nodes]
    except UnsupportedTypeError as e:
        raise FxImportError(f"cannot import a graph input: {e}") from e
    block = Block(arg_types=arg_types)
    importer = NodeImporter(block)
    for n, arg in zip(arg_nodes, block.args, strict=True):
        importer.values[n] = [arg]
        arg.name_hint = _ssa_name(n.name)
    for n in arg_nodes:
        if scalars and n.name in scalars:
            importer.values[n] = _constant_as_full(importer, n, scalars[n.name])
    writes = writes or {}
    for node in graph.nodes:
        if node in writes:  # (its result, the written input, is that input's new value)
            importer.values[node] = [_written_value(importer, node, writes[node])]
        elif node.op == "call_function":
            importer.import_node(node)
        elif node.op in ("call_module", "call_method"):
            raise FxImportError(f"node {node.name}: {node.op} is not ATen-level; trace first")
    returned = next(n for n in graph.nodes if n.op == "output").args[0]
    if keep is not None:  # (a program's outputs: one entry for each of its output specs)
        returned = [returned[k] for k in keep]
    outputs = _flatten_outputs(returned)
    results = [_as_eager_dtype(importer, o) for o in outputs]
    res_attrs = [DictionaryAttr({}) for _ in results]
    for copy, dest in writes.items():
        results.append(importer.value(copy))
        res_attrs.append(DictionaryAttr({WRITES: IntegerAttr(arg_nodes.index(dest), 64)}))
    block.add_op(ReturnOp(*results))
    arg_attrs = ArrayAttr(
        [
            DictionaryAttr({ARG_NAME: StringAttr(i.name), ARG_KIND: StringAttr(i.kind)})
            for i in inputs
        ]
    )
    func = FuncOp(name, (arg_types, [r.type for r in results]), Region(block), arg_attrs=arg_attrs,
                  res_attrs=ArrayAttr(res_attrs) if writes else None)
    values = [_meta_val(n) for n in arg_nodes]
    if hints := size_hints(values):
        func.attributes[SIZE_HINTS] = hints_attribute(hints)  # block sizes are chosen for them
    if ranges := size_ranges(values):
        func.attributes[SIZE_RANGES] = ranges_attribute(ranges)  # what Dynamo's guards bound
    if equalities := size_equalities(values):  # (and the sizes they make equal)
        func.attributes[SIZE_EQUALITIES] = DictionaryAttr(
            {k: StringAttr(v) for k, v in sorted(equalities.items())})  # fmt: skip
    orders = [_eager_order(o) for o in outputs[:ordered]]
    if any(orders):
        func.attributes[OUTPUT_ORDERS] = orders_attribute(orders)
    return ModuleOp([func])


def _written_value(importer: NodeImporter, copy: torch.fx.Node,
                   dest: torch.fx.Node) -> SSAValue:  # fmt: skip
    """The value `copy` (`copy_(dest, source)`) stores into the input `dest`: the source,
    or, where its shape or dtype is not the input's, `aten.copy(dest, source)` (which
    broadcasts and converts as `copy_` does)."""
    source = copy.args[1]
    have, want = source.meta.get("val"), dest.meta.get("val")
    if (isinstance(have, torch.Tensor) and isinstance(want, torch.Tensor)
            and have.shape == want.shape and have.dtype == want.dtype):  # fmt: skip
        return importer.value(source)
    graph = torch.fx.Graph()
    node = graph.call_function(torch.ops.aten.copy.default, (dest, source))
    node.meta.update(copy.meta)
    node.meta["val"] = torch.empty_like(want, device="meta")
    importer.import_node(node)
    value = importer.value(node)
    graph.erase_node(node)  # (no longer among `dest`'s and `source`'s users)
    return value


def _eager_order(node: torch.fx.Node) -> tuple[int, ...] | None:
    """The dim order of the tensor eager returns for `node` when it is not row-major
    (with symbolic sizes, the order at the sizes Dynamo traced it with: eager's layout
    follows its inputs' order, not their sizes)."""
    val = node.meta.get("val")
    if not isinstance(val, torch.Tensor) or val.layout is not torch.strided:
        return None
    return dim_order(*([_hint(d) for d in dims] for dims in (val.shape, val.stride())))


def _hint(size: object) -> object:
    """A size as an int: a SymInt's example value (its hint) where it has one."""
    if isinstance(size, torch.SymInt):
        hint = size.node.hint
        return int(hint) if isinstance(hint, int) else size
    return size


@dataclass(frozen=True)
class Scalar:
    """A one-element constant tensor: its shape, number, dtype and device."""

    shape: tuple[int, ...]
    value: bool | int | float
    dtype: torch.dtype
    device: torch.device


def one_element_constants(named: dict[str, Any]) -> dict[str, Scalar]:
    """The constant tensors of `named` (node name -> value) that `_build_module` computes
    with `full`: one element of a real or bool dtype, needing no gradient (a fake or
    meta tensor has no number to read)."""
    from torch._subclasses.fake_tensor import FakeTensor, unset_fake_temporarily

    out = {}
    for k, v in named.items():
        if not (isinstance(v, torch.Tensor) and not isinstance(v, torch.nn.Parameter | FakeTensor)
                and v.numel() == 1 and not v.is_complex() and not v.requires_grad
                and v.device.type != "meta"):  # fmt: skip
            continue
        with unset_fake_temporarily():  # (a backend may trace under a fake mode)
            out[k] = Scalar(tuple(v.shape), v.item(), v.dtype, v.device)
    return out


def _constant_as_full(importer: NodeImporter, arg: torch.fx.Node, c: Scalar) -> list[SSAValue]:
    """The values of an `aten.full` of the constant `c`, imported in place of the
    argument `arg` stands for."""
    graph = torch.fx.Graph()
    node = graph.call_function(
        torch.ops.aten.full.default, (list(c.shape), c.value),
        {"dtype": c.dtype, "device": c.device},
    )  # fmt: skip
    node.meta.update(arg.meta)
    node.meta["val"] = torch.empty(c.shape, dtype=c.dtype, device="meta")
    node.name = arg.name
    importer.import_node(node)
    return importer.values[node]


def eager_dtype(node: torch.fx.Node) -> torch.dtype | None:
    """The dtype eager PyTorch gives a pointwise node, sampled on one-element tensors of its
    operands' dtypes and ranks (so zero-dim and dimensioned operands promote as they do).
    A few meta kernels disagree with eager (`bool ** True` is int64 in meta, bool in
    eager); None when the node is not a pointwise ATen op or the sample cannot run."""
    target = node.target
    if not isinstance(target, torch._ops.OpOverload) or torch.Tag.pointwise not in target.tags:
        return None

    def sample(a: Any) -> Any:
        if isinstance(a, torch.fx.Node):
            val = a.meta.get("val")
            if not isinstance(val, torch.Tensor):
                raise FxImportError("not a tensor")
            return torch.ones([1] * val.dim(), dtype=val.dtype)
        if isinstance(a, list | tuple):
            return type(a)(sample(x) for x in a)
        return a

    from torch._subclasses.fake_tensor import unset_fake_temporarily

    try:  # a real sample, also under a backend's fake-tensor mode
        with torch.no_grad(), unset_fake_temporarily():
            out = target(*sample(node.args), **{k: sample(v) for k, v in node.kwargs.items()})
    except Exception:  # noqa: BLE001 - a sample that cannot run tells nothing
        return None
    return out.dtype if isinstance(out, torch.Tensor) else None


def _as_eager_dtype(importer: NodeImporter, node: torch.fx.Node) -> SSAValue:
    """The value of a graph output, converted to eager's dtype where the graph's meta
    dtype is not eager's (see `eager_dtype`)."""
    value = importer.value(node)
    want = eager_dtype(node)
    if want is None or not isinstance(value.type, TensorType):
        return value
    have = cast(TensorType[Attribute], value.type)
    if element_type(want) == have.element_type:
        return value
    to = TensorType(element_type(want), have.get_shape(), have.encoding)
    op = Aten_ToCopyOp.make([to], self_=value, dtype=element_type(want))
    if (loc := source_location(node)) is not None:
        op.location = loc
    importer.block.add_op(op)
    return op.results[0]


def _meta_val(node: torch.fx.Node) -> Any:
    if "val" in node.meta:
        return node.meta["val"]
    raise FxImportError(f"input {node.name} has no meta['val']")


def _flatten_outputs(out: Any) -> list[torch.fx.Node]:
    if isinstance(out, torch.fx.Node):
        return [out]
    if isinstance(out, list | tuple):
        return [n for o in out for n in _flatten_outputs(o)]
    if out is None:
        return []
    raise FxImportError(f"graph output {out!r} is not a tensor or symbolic value")


def _ssa_name(name: str) -> str | None:
    clean = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return clean if clean and not clean[0].isdigit() else None
