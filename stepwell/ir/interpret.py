"""Reference interpreter for the torch and prims levels, on xDSL's interpreter framework.

    interpret(module, *tensors) -> tuple of torch tensors

Each op runs eagerly on CPU with PyTorch's own semantics: a `torch.aten.*` op calls its
ATen overload, a generated `prims.*` op calls `torch.ops.prims`, and the composites call
`torch.matmul`, `scaled_dot_product_attention` or the named extern. One rule serves every
generated class: the op's arguments are rebuilt from its operands and properties through
its schema, so the schema stays the single source of truth.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar, cast

import torch
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FloatAttr,
    ModuleOp,
    StringAttr,
    TensorType,
)
from xdsl.dialects.func import CallOp, FuncOp, ReturnOp
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_callable,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Attribute, Operation

from stepwell.dialects.codecs import call_arguments, decode
from stepwell.dialects.prims import (
    PRIMS_OP_CLASSES,
    PrimsCollapseOp,
    PrimsReshapeOp,
    PrimsSplitDimOp,
)
from stepwell.dialects.prims_support import (
    SPECIAL_FUNCTION_OPS,
    ArgReduceOp,
    AttentionBackwardOp,
    AttentionOp,
    BitcastOp,
    ExternOp,
    MatmulOp,
    ScanIndexOp,
    ScanOp,
    ScatterOp,
    SliceOp,
    SortOp,
    TakeOp,
    eager_arg_reduce,
    eager_scatter,
    eager_sort,
)
from stepwell.dialects.torch_support import OperatorOp, TorchOp
from stepwell.ir.callees import (
    call_on_copies,
    dense_arguments,
    flat_results,
    on_graph_device,
    resolve_callee,
)
from stepwell.ir.sizes import (
    SizeError,
    bind_symbols,
    evaluate,
    parse_size,
    solve_sizes,
    symbols_of,
)
from stepwell.ir.types import function_writes, symbol_binds, tensor_sizes, torch_dtype
from stepwell.ir.writes import store_writes


def call_generic(
    name: str, op: Operation, values: Sequence[Any], device: torch.device | None = None,
    dense: bool = False,
) -> Any:
    """Run a `torch.operator` / `prims.extern`: args reference operands as #torch.sym<i>.
    A factory makes its tensor on `device`, the graph's (`callees.on_graph_device`); an
    op that writes its arguments writes copies (`callees.call_on_copies`). `dense`: as an
    extern, which sees its inputs in the standard layout (`callees.dense_arguments`)."""
    args, kwargs = generic_arguments(name, op, values)
    if dense:
        args, kwargs = dense_arguments(name, args, kwargs)
    return call_on_copies(name, args, on_graph_device(args, kwargs, device))


def generic_arguments(
    name: str, op: Operation, values: Sequence[Any]
) -> tuple[list[Any], dict[str, Any]]:
    """The positional and keyword arguments of a `torch.operator` / `prims.extern` call
    to `name`, its operands given by `values`."""
    fn = resolve_callee(name)
    args_attr = op.properties.get("args")
    kwargs_attr = op.properties.get("kwargs")
    schema = getattr(fn, "_schema", None)
    types = [str(a.real_type) for a in schema.arguments] if schema is not None else []
    args = (
        [
            decode(a, types[i] if i < len(types) else "", values)
            for i, a in enumerate(cast(ArrayAttr[Attribute], args_attr).data)
        ]
        if isinstance(args_attr, ArrayAttr)
        else list(values)
    )
    by_name = {a.name: str(a.real_type) for a in schema.arguments} if schema else {}
    kwargs = (
        {k: decode(v, by_name.get(k, ""), values) for k, v in kwargs_attr.data.items()}
        if isinstance(kwargs_attr, DictionaryAttr)
        else {}
    )
    return args, kwargs


def as_results(op: Operation, out: Any) -> PythonValues:
    return flat_results(len(op.results), out)


def _dtype_or_none(element: Attribute) -> torch.dtype | None:
    try:
        return torch_dtype(element)
    except Exception:  # noqa: BLE001 - a type torch has no dtype for: left as it is
        return None


def declared_dtypes(op: Operation, values: PythonValues) -> PythonValues:
    """`values` with each tensor in its result's declared element type. Eager prims widen
    some integer results (`prims.sum` and `prims.cumsum` of int32 return int64), where the
    IR says int32 (the program's `dtype=`): the cast wraps as the compiled kernel does
    (sums and products modulo 2**32 do not depend on the width they were taken in)."""
    typed = []
    for value, result in zip(values, op.results, strict=False):
        if isinstance(value, torch.Tensor) and isinstance(result.type, TensorType):
            dtype = _dtype_or_none(result.type.element_type)
            if dtype is not None and value.dtype != dtype:
                value = value.to(dtype)
        typed.append(value)
    return (*typed, *values[len(typed) :])


@register_impls
class FuncFunctions(InterpreterFunctions):
    """`func.func`, `func.call` and `func.return`, as xDSL's own `FuncFunctions` runs them.
    Importing that one imports every interpreter xDSL has (RISC-V's among them, about
    0.5 s), which a warm compile cannot afford."""

    @impl_terminator(ReturnOp)
    def run_return(
        self, interpreter: Interpreter, op: ReturnOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()

    @impl(CallOp)
    def run_call(self, interpreter: Interpreter, op: CallOp, args: PythonValues) -> PythonValues:
        return interpreter.call_op(op.callee, args)

    @impl_callable(FuncOp)
    def call_func(self, interpreter: Interpreter, op: FuncOp, args: PythonValues):
        if (first := op.body.blocks.first) is None or not first.ops:  # a declaration
            return interpreter.call_external(op.sym_name.data, op, args)
        return interpreter.run_ssacfg_region(op.body, args, op.sym_name.data)


@register_impls
class StepwellFunctions(InterpreterFunctions):
    """Implementations of every torch- and prims-level op (one rule for generated ops).
    `PrimsLevelFunctions` leaves out the torch dialect's generated ops, so that running
    a lowered module does not import that dialect."""

    torch_level: ClassVar[bool] = True

    def __init__(self, device: torch.device | None = None) -> None:
        """`device`: the graph's device, where factories make their tensors (None: the
        device each op names)."""
        self.device = device

    @classmethod
    def _impls(cls):  # type: ignore[override]
        own = list(super()._impls())
        has_own = {c for c, _ in own}
        classes: list[type[Operation]] = [*PRIMS_OP_CLASSES, *SPECIAL_FUNCTION_OPS]
        if cls.torch_level:
            from stepwell.dialects.torch import TORCH_OP_CLASSES

            classes += TORCH_OP_CLASSES
        generated = [(c, cls.run_schema_op) for c in classes if c not in has_own]
        return own + generated

    def run_schema_op(self, interpreter: Interpreter, op: TorchOp, args: PythonValues):
        from xdsl.interpreter import OpImplResult

        kwargs = call_arguments(op, args)
        out = resolve_callee(op.OVERLOAD)(**on_graph_device([], kwargs, self.device))
        return OpImplResult(declared_dtypes(op, as_results(op, out)), None)

    @impl(OperatorOp)
    def run_operator(self, interpreter: Interpreter, op: OperatorOp, args: PythonValues):
        return as_results(op, call_generic(op.op_name.data, op, args, self.device))

    @impl(ExternOp)
    def run_extern(self, interpreter: Interpreter, op: ExternOp, args: PythonValues):
        return as_results(op, call_generic(op.callee.data, op, args, self.device,
                                           dense=True))  # fmt: skip

    @impl(PrimsReshapeOp)
    def run_reshape(self, interpreter: Interpreter, op: PrimsReshapeOp, args: PythonValues):
        return (_reshape(op, args, interpreter),)

    @impl(PrimsCollapseOp)
    def run_collapse(self, interpreter: Interpreter, op: PrimsCollapseOp, args: PythonValues):
        return (_reshape(op, args, interpreter),)

    @impl(PrimsSplitDimOp)
    def run_split_dim(self, interpreter: Interpreter, op: PrimsSplitDimOp, args: PythonValues):
        return (_reshape(op, args, interpreter),)

    @impl(ScanOp)
    def run_scan(self, interpreter: Interpreter, op: ScanOp, args: PythonValues):
        from stepwell.dialects.prims_support import eager_scan

        return declared_dtypes(op, (eager_scan(args[0], op.dim.value.data, op.kind.data),))

    @impl(ScanIndexOp)
    def run_scan_index(self, interpreter: Interpreter, op: ScanIndexOp, args: PythonValues):
        x, dim = args[0], op.dim.value.data
        out = torch.cummax(x, dim) if op.kind.data == "max" else torch.cummin(x, dim)
        return (out.values, out.indices)

    @impl(ArgReduceOp)
    def run_arg_reduce(self, interpreter: Interpreter, op: ArgReduceOp, args: PythonValues):
        return (eager_arg_reduce(args[0], op.dim.value.data, op.kind.data),)

    @impl(BitcastOp)
    def run_bitcast(self, interpreter: Interpreter, op: BitcastOp, args: PythonValues):
        element = cast(TensorType[Attribute], op.result.type).element_type
        return (args[0].contiguous().view(torch_dtype(element)),)

    @impl(SortOp)
    def run_sort(self, interpreter: Interpreter, op: SortOp, args: PythonValues):
        return eager_sort(args[0], op.dim.value.data, bool(op.descending.value.data))

    @impl(TakeOp)
    def run_take(self, interpreter: Interpreter, op: TakeOp, args: PythonValues):
        a, offsets = args
        flat = a.reshape(-1)
        inside = (offsets >= 0) & (offsets < flat.numel())
        safe = torch.where(inside, offsets, 0).long()
        zeros = torch.zeros(offsets.shape, dtype=a.dtype, device=a.device)
        values = flat[safe] if flat.numel() else zeros
        return (torch.where(inside, values, zeros),)

    @impl(ScatterOp)
    def run_scatter(self, interpreter: Interpreter, op: ScatterOp, args: PythonValues):
        a, offsets, src = args
        return (eager_scatter(a, offsets, src, op.reduce.data),)

    @impl(SliceOp)
    def run_slice(self, interpreter: Interpreter, op: SliceOp, args: PythonValues):
        bounds = op.bounds()
        if any(not isinstance(e, int) for _, e, _ in bounds):  # a `?` limit: its symbols'
            # values from the operand's actual sizes
            pairs = zip(tensor_sizes(op.a.type), args[0].shape, strict=True)
            bindings = solve_sizes(list(pairs))
            bounds = [(s, evaluate(e, bindings), st) for s, e, st in bounds]
        return (args[0][tuple(slice(s, e, st) for s, e, st in bounds)],)

    @impl(MatmulOp)
    def run_matmul(self, interpreter: Interpreter, op: MatmulOp, args: PythonValues):
        a, b = args
        tl, tr = op.flags()
        return (torch.matmul(a.mT if tl else a, b.mT if tr else b),)

    @impl(AttentionOp)
    def run_attention(self, interpreter: Interpreter, op: AttentionOp, args: PythonValues):
        q, k, v, *mask = args
        logits = _attention_logits(q, k, mask[0] if mask else None, op.is_causal(), op.scale,
                                   op.mask_fill(), op.logit_floor())  # fmt: skip
        if op.rounded is not None:  # (summed as the half graph summed them)
            logits = logits.to(torch_dtype(op.rounded)).to(logits.dtype)
        out = _attention_values(_softmax(logits, op.blind_rows_nan()).to(q.dtype), v)
        out = out.transpose(1, 2).contiguous() if op.transposed() else out
        if op.lse is None:
            return (out,)
        return out, torch.logsumexp(logits.float(), -1)

    @impl(AttentionBackwardOp)
    def run_attention_backward(
        self, interpreter: Interpreter, op: AttentionBackwardOp, args: PythonValues
    ):
        """The op's own formula, in f32, from its saved `lse` and `delta` (a row whose lse
        is -inf sees no key: P is 0 there): P = exp(logits - lse), dv = Pᵀ dO,
        dS = P (dO vᵀ - delta), dq = scale dS k, dk = scale dSᵀ q, dk and dv summed over
        the query heads sharing a kv head. Given the forward's lse and delta, these are
        autograd's gradients (tests/python/test_attention_training.py checks that)."""
        grad_out, q, k, v, lse, delta, *mask = args
        group = q.shape[1] // k.shape[1]
        kk, vv = (x.float().repeat_interleave(group, 1) for x in (k, v))
        logits = _attention_logits(q.float(), kk, mask[0] if mask else None, op.is_causal(),
                                   op.scale)  # fmt: skip
        scale = op.scale.value.data if op.scale is not None else 1.0 / math.sqrt(q.shape[-1])
        lse = lse.float().masked_fill(lse == -math.inf, 0.0)[..., None]
        probs = torch.exp(logits - lse)
        do = grad_out.float()
        dv = probs.mT @ do
        ds = probs * (do @ vv.mT - delta.float()[..., None])
        dq = scale * ds @ kk
        dk = scale * ds.mT @ q.float()

        def per_kv_head(g: torch.Tensor) -> torch.Tensor:
            return g.unflatten(1, (k.shape[1], group)).sum(2)

        return dq.to(q.dtype), per_kv_head(dk).to(k.dtype), per_kv_head(dv).to(v.dtype)


def _attention_logits(
    q: torch.Tensor, k: torch.Tensor, mask: torch.Tensor | None, causal: bool,
    scale: FloatAttr | None, fill: float | None = None, floor: float | None = None,
) -> torch.Tensor:  # fmt: skip
    """scale * q kᵀ + mask, -inf where a causal or boolean mask hides a key (`fill` where
    the mask does, when given), at least `floor` when given; a kv head shared by a group
    of query heads (grouped-query attention) is read by each."""
    if k.shape[1] != q.shape[1]:
        k = k.repeat_interleave(q.shape[1] // k.shape[1], 1)
    c = scale.value.data if scale is not None else 1.0 / math.sqrt(q.shape[-1])
    logits = (q @ k.transpose(-1, -2)) * c
    if causal:
        lq, lk = logits.shape[-2:]
        keep = torch.ones(lq, lk, dtype=torch.bool, device=logits.device).tril()
        logits = logits.masked_fill(~keep, -math.inf)
    if mask is not None:
        hide = ~mask if mask.dtype == torch.bool else None
        logits = logits.masked_fill(hide, -math.inf) if hide is not None else logits + mask
        if fill is not None:
            hidden = hide if hide is not None else mask == -math.inf
            logits = logits.masked_fill(hidden, fill)
    if floor is not None:
        logits = torch.maximum(logits, logits.new_full((), floor))
    return logits


def _softmax(logits: torch.Tensor, blind_nan: bool = False) -> torch.Tensor:
    """softmax over the keys in f32; a row that sees no key (every logit -inf) gives 0,
    as the flash kernel does, or with `blind_nan` softmax's own 0/0, NaN."""
    probs = torch.softmax(logits.float(), -1)
    if blind_nan:
        return probs
    blind = logits.amax(-1, keepdim=True) == -math.inf
    return torch.where(blind, 0.0, probs)


def _attention_values(probs: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """probs · v, v shared across the query heads of its group."""
    if v.shape[1] != probs.shape[1]:
        v = v.repeat_interleave(probs.shape[1] // v.shape[1], 1)
    return probs @ v


def _reshape(op: Operation, args: PythonValues, interpreter: Interpreter) -> Any:
    """`prims.reshape`/`collapse`/`split_dim` as ATen's `reshape`: a view of the input when its
    strides allow one (no data moved), a copy otherwise. PyTorch's own prims always copy.
    Nothing in a compiled program writes into a tensor it did not allocate, so a view is
    as good as a copy; the runtime never hands a caller a view of one of its inputs."""
    t = cast(TensorType[Attribute], op.results[0].type)
    shape = list(t.get_shape())
    if any(d < 0 for d in shape):  # symbolic sizes: from the symbols the input's sizes give
        bindings = solve_sizes(list(zip(tensor_sizes(op.operands[0].type), args[0].shape,
                                        strict=True)))  # fmt: skip
        sizes = tensor_sizes(t)
        if not set().union(*(symbols_of(d) for d in sizes)) <= bindings.keys():
            bindings = {**function_bindings(op, interpreter), **bindings}
        shape = [evaluate(d, bindings) if symbols_of(d) <= bindings.keys() else -1 for d in sizes]
    return args[0].reshape(shape)


def function_bindings(op: Operation, interpreter: Interpreter) -> dict[str, int]:
    """The size symbols the arguments of the function running `op` give, from their values
    in the interpreter's current scope: the dims of its tensors that are a symbol alone,
    and its size arguments (`{stepwell.name = "s88"}`; a backward graph's tensors may
    carry only a product `s3*s88`, with `s3` and `s88` among its arguments)."""
    block = op.parent_block()
    if block is None or not block.args:
        return {}
    values = interpreter.get_values(tuple(block.args))
    binds = [b for b in symbol_binds([a.type for a in block.args])
             if isinstance(values[b[0]], torch.Tensor)]  # fmt: skip
    bindings = bind_symbols(binds, list(values))
    func = block.parent_op()
    attrs = func.arg_attrs.data if isinstance(func, FuncOp) and func.arg_attrs else ()
    sizes = []
    for a, value in zip(attrs, values, strict=False):
        name = a.data.get("stepwell.name") if isinstance(a, DictionaryAttr) else None
        if isinstance(name, StringAttr) and isinstance(value, int) and not isinstance(value, bool):
            try:
                sizes.append((parse_size(name.data), value))
            except SizeError:
                continue  # (a number that is no size)
    try:
        return {**solve_sizes(sizes), **bindings}
    except SizeError:  # (sizes that contradict each other: the tensors' say)
        return bindings


@register_impls
class PrimsLevelFunctions(StepwellFunctions):
    """`StepwellFunctions` for a module with no torch-dialect op."""

    torch_level = False


def has_torch_ops(module: ModuleOp) -> bool:
    """Does `module` hold a torch-dialect op other than `torch.operator`?"""
    return any(
        op.name.startswith("torch.") and not isinstance(op, OperatorOp) for op in module.walk()
    )


def make_interpreter(
    module: ModuleOp, torch_level: bool | None = None, device: torch.device | None = None
) -> Interpreter:
    """An interpreter of `module`; `torch_level` (default: `has_torch_ops(module)`) says
    whether it needs the torch dialect's rules; `device` is the graph's device, where
    factories make their tensors (default: the device each op names)."""
    interpreter = Interpreter(module)
    interpreter.register_implementations(FuncFunctions())
    if torch_level is None:
        torch_level = has_torch_ops(module)
    interpreter.register_implementations(
        StepwellFunctions(device) if torch_level else PrimsLevelFunctions(device)
    )
    return interpreter


def interpret(
    module: ModuleOp,
    *inputs: Any,
    function: str = "forward",
    interpreter: Interpreter | None = None,
) -> tuple[Any, ...]:
    """Run `@function` of a torch- or prims-level module on CPU tensors. The results
    that are inputs' new values (`types.WRITES`) are stored into those inputs, not
    returned, as the compiled runtimes do."""
    func = next(
        (o for o in module.ops if isinstance(o, FuncOp) and o.sym_name.data == function), None
    )
    if func is None:
        raise ValueError(f"module has no function @{function}")
    interp = interpreter or make_interpreter(module)
    with torch.no_grad():
        outputs = tuple(interp.call_op(function, tuple(inputs)))
        return store_writes(outputs, inputs, function_writes(func))
