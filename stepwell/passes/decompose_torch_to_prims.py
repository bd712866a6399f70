"""decompose-torch-to-prims: rewrite every torch-dialect op into the prims dialect.

Each op is decomposed with PyTorch's own tables (`torch._decomp`, `torch._refs`): the op is
traced with `make_fx` on tensors of its operand types and the traced prims graph is
spliced in its place, so coverage follows PyTorch rather than a hand-kept list. Each
distinct (op, types, constants) is traced once per pass run and reused.

- `mm`/`bmm`/`addmm`/`linear`/`matmul` end as `prims.matmul` (plus explicit adds);
- ops named in `legal-ops` stay whole as their composite primitive
  (`aten.scaled_dot_product_attention` -> `prims.attention`), as torch-mlir's
  `backend-legal-ops` does; otherwise SDPA becomes its math decomposition;
- an op without a decomposition, with dynamic dims, registered as effectful
  (`is_effectful`), or reading or producing an exotic element type (complex, float8,
  unsigned wider than 8 bits: `is_exotic`) becomes `prims.extern` and is reported once
  on stderr. After the pass no `torch.*` op remains (verified).
"""

from __future__ import annotations

import contextlib
import math
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import torch
from torch._prims_common import ELEMENTWISE_TYPE_PROMOTION_KIND, elementwise_dtypes
from xdsl.context import Context
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    ModuleOp,
    NoneAttr,
    NoneType,
    TensorType,
    i1,
)
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Operation, SSAValue, TypeAttribute
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import PassFailedException

from stepwell.dialects.codecs import call_arguments, decode
from stepwell.dialects.prims import PrimsConvertElementTypeOp
from stepwell.dialects.prims_support import AttentionOp, ExternOp
from stepwell.dialects.torch_support import OperatorOp, SymAttr, TorchOp
from stepwell.ir.callees import SYM_FUNCTIONS, is_effectful, resolve_callee, written_arguments
from stepwell.ir.fx_nodes import TENSOR_TYPES
from stepwell.ir.interpret import call_generic, generic_arguments
from stepwell.ir.levels import require_level
from stepwell.ir.limits import deadline
from stepwell.ir.sizes import Size
from stepwell.ir.types import (
    UnsupportedTypeError,
    converted_number,
    element_type,
    equalities_of,
    has_exotic_types,
    ranges_of,
    torch_dtype,
    with_equalities,
)
from stepwell.passes.support import sdpa
from stepwell.passes.support.composites import composite_of
from stepwell.passes.support.constants import full_op
from stepwell.passes.support.decompose import splice, trace_decomposition
from stepwell.passes.support.eager_errors import raises_in_eager, zero_divisor_check
from stepwell.passes.support.symbolic import (
    erase_dead_size_arithmetic,
    is_size_arithmetic,
    scalar_size,
)

# composite primitives a backend may keep whole: overload -> builder
SDPA = "aten.scaled_dot_product_attention.default"


def _attention(op: TorchOp) -> list[Operation]:
    """`scaled_dot_product_attention` kept whole as `prims.attention`."""
    groups = dict(op.operand_groups())
    q, k, v = (groups[n][0] for n in ("query", "key", "value"))
    mask = groups["attn_mask"][0] if groups["attn_mask"] else None
    props = {k_: decode(a) for k_, a in op.properties.items() if k_ != "operandSegmentSizes"}
    if props.get("dropout_p", 0.0) != 0.0:
        raise _NotLegal("dropout_p != 0")
    return [AttentionOp(q, k, v, mask, op.results[0].type, props.get("is_causal", False),
                        props.get("scale"))]  # fmt: skip


class _NotLegal(Exception):
    """A legal-op occurrence that its composite cannot express; decompose it instead."""


LEGAL_COMPOSITES: dict[str, Callable[[TorchOp], list[Operation]]] = {SDPA: _attention}


def _legal_names(entry: str) -> set[str]:
    """The spellings of an overload that legal-ops accepts (`aten.` and `.default` may
    be left out: `scaled_dot_product_attention` works unquoted in a pass pipeline)."""
    short = entry.removesuffix(".default")
    return {entry, short, short.removeprefix("aten.")}


def unknown_legal_ops(entries: str | tuple[str, ...] | list[str]) -> list[str]:
    """The legal-ops entries that name no composite stepwell can keep whole."""
    known = {name for key in LEGAL_COMPOSITES for name in _legal_names(key)}
    return [e for e in ((entries,) if isinstance(entries, str) else entries) if e not in known]


def unknown_legal_message(unknown: list[str]) -> str:
    names = ", ".join(sorted(n.removeprefix("aten.").removesuffix(".default")
                             for n in LEGAL_COMPOSITES))  # fmt: skip
    return f"{', '.join(unknown)}: not an op stepwell keeps whole (known: {names})"


# Runtime checks of facts the IR's types already state: dropped, not lowered. (Not
# `aten._assert_scalar`: a check of a data-dependent scalar, `torch._check(n <= 3)` of an
# `.item()`, which the types cannot state; it stays an ATen call at graph level, on the
# host, and raises eager's message.)
METADATA_ASSERTS = {
    "aten._assert_tensor_metadata.default",
    "aten._assert_async.msg",
    "aten.sym_constrain_range_for_size.default",
}


def _check_metadata_assert(op: Operation) -> None:
    """An `_assert_tensor_metadata` whose dtype or sizes contradict its operand's type is a
    located error, as eager raises on it (edited IR: an import states what the trace saw)."""
    if not isinstance(op, TorchOp) or op.OVERLOAD != "aten._assert_tensor_metadata.default":
        return
    t = op.operands[0].type
    if not isinstance(t, TensorType):
        return
    dtype = op.properties.get("dtype")
    if isinstance(dtype, TypeAttribute) and dtype != t.element_type:
        raise PassFailedException(f"{_where(op)}'{op.name}': asserts dtype {dtype}, but its "
                                  f"operand is {t}")  # fmt: skip
    size = op.properties.get("size")
    if isinstance(size, ArrayAttr) and all(isinstance(d, IntegerAttr) for d in size.data):
        sizes = [cast(IntegerAttr, d).value.data for d in size.data]
        if sizes != list(t.get_shape()):
            raise PassFailedException(f"{_where(op)}'{op.name}': asserts sizes {sizes}, but "
                                      f"its operand is {t}")  # fmt: skip


# Uninitialized tensors (`torch.empty`, scratch a decomposition writes into): any value
# is theirs, so a zero fill (a kernel, or nothing once the writes replace it).
EMPTY_OPS = {"aten.empty.memory_format", "aten.empty_strided.default",
             "aten.empty_like.default", "aten.new_empty.default",
             "aten.new_empty_strided.default"}  # fmt: skip

# Copies of a graph constant (Dynamo lifts `torch.tensor([...])` made in the program this
# way): in a functional graph nothing writes into either, so the value is the constant.
VALUE_IDENTITIES = {"aten.lift_fresh_copy.default", "aten.lift_fresh.default"}


def _is_torch(op: Operation) -> bool:
    """A torch-dialect op (the prims classes share TorchOp's machinery, not its level)."""
    return isinstance(op, OperatorOp) or (isinstance(op, TorchOp) and op.name.startswith("torch."))


def _holds_nothing(op: Operation) -> bool:
    """Are all of op's results static tensors with no elements?"""
    return bool(op.results) and all(
        isinstance(t, TensorType) and DYNAMIC_INDEX not in t.get_shape()
        and math.prod(t.get_shape()) == 0
        for t in op.result_types
    )  # fmt: skip


SYMBOLIC_TRACE_SECONDS = 20
"""How long a decomposition may take to trace with symbolic sizes before the op stays an
ATen call: PyTorch's `adaptive_avg_pool2d` unrolls a loop over a symbolic window length
and took more than 10 minutes of sympy for a batch, height and width all dynamic. (The
backend then compiles the graph once per size, where the same trace takes a second.)"""


class TraceTooLong(BaseException):
    """A decomposition's trace ran past `SYMBOLIC_TRACE_SECONDS` (a BaseException: PyTorch's
    own `except Exception` handlers let it through)."""


def _has_dynamic_dims(op: Operation) -> bool:
    return any(
        isinstance(v.type, TensorType) and DYNAMIC_INDEX in v.type.get_shape()
        for v in (*op.operands, *op.results)
    )


@dataclass(frozen=True)
class DecomposeTorchToPrims(ModulePass):
    """Decompose the torch dialect into prims with PyTorch's decomposition tables."""

    name = "decompose-torch-to-prims"

    legal_ops: tuple[str, ...] = ()
    """Overloads kept whole as composite primitives, e.g. aten.scaled_dot_product_attention."""

    report: bool = True
    """Print each op that falls back to prims.extern once on stderr."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        require_level(op, self.name, "torch", "")
        if unknown := unknown_legal_ops(self.legal_ops):
            raise PassFailedException(f"legal-ops: {unknown_legal_message(unknown)}")
        run = _Run(self)
        for torch_op in [o for o in op.walk() if _is_torch(o)]:
            run.rewrite(torch_op)  # type: ignore[arg-type]
        erase_dead_size_arithmetic(op)  # (what the decompositions read from types)
        left = [o.name for o in op.walk() if _is_torch(o)]
        if left:
            raise PassFailedException(f"torch ops left after decomposition: {sorted(set(left))}")


@dataclass
class _Run:
    """State of one pass application: the trace cache and the extern report."""

    options: DecomposeTorchToPrims
    cache: dict[tuple[str, ...], Any] = field(default_factory=dict)
    reported: set[str] = field(default_factory=set)
    refused: dict[tuple[Any, ...], bool] = field(default_factory=dict)  # `raises_in_eager`'s

    def legal(self, name: str) -> bool:
        """Is `name` (`aten.x.overload`) named in legal-ops? Entries may omit `aten.` and
        `.default`: `scaled_dot_product_attention` works unquoted in a pass pipeline."""
        legal = self.options.legal_ops
        entries = (legal,) if isinstance(legal, str) else legal
        return any(e in _legal_names(name) for e in entries)

    def rewrite(self, op: TorchOp | OperatorOp) -> None:
        name = op.OVERLOAD if isinstance(op, TorchOp) else op.op_name.data
        if _overload_name(name) in METADATA_ASSERTS and not op.results:
            _check_metadata_assert(op)
            return Rewriter.erase_op(op)
        if _overload_name(name) in VALUE_IDENTITIES and op.operands[0].type == op.result_types[0]:
            return self.replace(op, [], [op.operands[0]])
        if _fill_overflows(op, name):  # (ATen's call raises eager's error, at run time)
            return self.extern(op, name)
        if _holds_nothing(op) and not has_exotic_types(op) and not is_effectful(
            _overload_name(name)
        ):  # 0-element results: nothing to compute, whatever the op (an allocation)
            fills = [full_op(t, 0) for t in op.result_types]
            return self.replace(op, list(fills), [f.results[0] for f in fills])
        empty = _overload_name(name) in EMPTY_OPS
        if empty and not has_exotic_types(op) and not _has_dynamic_dims(op):
            return self.replace(op, [full_op(op.result_types[0], 0)], None)
        if isinstance(op, TorchOp) and name in LEGAL_COMPOSITES and self.legal(name):
            try:
                return self.replace(op, LEGAL_COMPOSITES[name](op), None)
            except _NotLegal:
                pass
        if has_exotic_types(op):  # complex, float8, wide unsigned: ATen computes them
            return self.extern(op, name)
        _round_integers_to_half(op, name)
        _round_operands_to_half(op, name)
        sdpa_rule = sdpa.RULES.get(_overload_name(name))
        if sdpa_rule is not None and not _has_dynamic_dims(op):
            kept = sdpa_rule(op, _bound_arguments(op, name))
            if kept is not None:  # the fused ATen op kept whole (training's attention)
                return self.replace(op, kept, None)
        if is_effectful(_overload_name(name)):  # an ordered effect (`with_effects`)
            return self.extern(op, name)
        if written_arguments(_overload_name(name)):  # (a custom op's `mutates_args`)
            return self.extern(op, name)
        if raises_in_eager(op, _overload_name(name), self._run(op, name), self.refused):
            return self.extern(op, name)  # (ATen raises eager's error where eager does)
        if checks := zero_divisor_check(op, _overload_name(name)):  # (a symbolic divisor)
            for check in checks:
                check.location = op.location
            Rewriter.insert_op(checks, InsertPoint.before(op))
        gm = self.trace(op, name)  # `?` dims: traced symbolically, or None
        if gm is None:
            self.check_aten_accepts(op, name)
            return self.extern(op, name)
        new_ops, results = splice(gm, list(op.operands))
        results = _respelled(new_ops, results, _function_facts(op, equalities_of))
        if any(has_exotic_types(new) for new in new_ops):  # only inside the decomposition
            for new in reversed(new_ops):
                new.erase(safe_erase=False)
            return self.extern(op, name)
        wrong = _mismatched_results(op, results)
        if wrong and self.declared_as_aten_computes(op, name, wrong):
            # PyTorch's decomposition differs from the op in a result something uses
            # (`_scaled_dot_product_flash_attention_for_cpu` returns the attention
            # weights where the op returns the log-sum-exp): the op stays whole
            return self.extern(op, name)
        if wrong:
            _refuse(op, *wrong[0])
        if _renames_unbacked(op, results):
            # a data-dependent size (nonzero's) the trace named anew (u3 for the graph's
            # u0: `capture_dynamic_output_shape_ops`): the op keeps the graph's name
            for new in reversed(new_ops):
                new.erase(safe_erase=False)
            return self.extern(op, name)
        self.replace(op, new_ops, results)
        for new in new_ops:  # (after the splice: a size op's operands are in the function)
            if isinstance(new, ExternOp) and not is_size_arithmetic(new):
                self.report(new.callee.data)

    def trace(self, op: TorchOp | OperatorOp, name: str) -> Any:
        """The op's decomposition traced on its operands: tensor types, and for an
        integer operand the size it holds (`scalar_size`; None when one holds no size
        stepwell can follow)."""
        if not any(isinstance(t, TensorType) for t in op.result_types):
            return None  # size arithmetic (`_operator.mul`) stays a call, run at launch
        operands: list[Attribute | Size] = []
        for v in op.operands:
            size = v.type if isinstance(v.type, TensorType) else scalar_size(v)
            if size is None:
                return None
            operands.append(size)
        ranges = _ranges(op)
        key = (name, *(str(x) for x in operands), str(op.properties), str(sorted(ranges.items())))
        if key not in self.cache:
            self.cache[key] = self._trace(op, name, operands, ranges)
        return self.cache[key]

    def check_aten_accepts(self, op: TorchOp | OperatorOp, name: str) -> None:
        """Refuse, with the op's location, an op whose operands ATen's meta function
        rejects (a pooling window wider than its input, from edited IR): kept as an extern,
        it would fail only when it runs. An op with no meta function, or one whose result
        depends on its operands' values (`nonzero`), is not judged: it stays an extern."""
        if not all(isinstance(v.type, TensorType) for v in op.operands) or _has_dynamic_dims(op):
            return
        try:
            with torch._guards.tracing(None):
                self._run(op, name)(*[_meta_tensor(v.type) for v in op.operands])
        except NotImplementedError:
            return
        except (RuntimeError, ValueError, IndexError) as error:
            message = str(error).strip().splitlines()[0] if str(error).strip() else ""
            if "meta" in message.lower() or not message:  # (values a meta tensor lacks)
                return
            raise PassFailedException(f"{_where(op)}'{op.name}': ATen rejects its operands: "
                                      f"{message}") from None  # fmt: skip
        except Exception:  # noqa: BLE001 - anything else is not a verdict on the operands
            return

    def declared_as_aten_computes(
        self, op: TorchOp | OperatorOp, name: str, wrong: list[tuple[int, TensorType[Attribute]]]
    ) -> bool:
        """Do the op's mismatched results have the types ATen's meta function gives them?"""
        try:
            with torch._guards.tracing(None):
                out = self._run(op, name)(*[_meta_tensor(v.type) for v in op.operands])
        except Exception:
            return False
        leaves = [x for x in torch.utils._pytree.tree_leaves(out) if isinstance(x, torch.Tensor)]
        if len(leaves) != len(op.results):
            return False
        for i, _ in wrong:
            want = cast(TensorType[Attribute], op.result_types[i])
            if want.get_shape() != tuple(leaves[i].shape) or want.element_type != element_type(
                leaves[i].dtype
            ):
                return False
        return True

    def _run(self, op: TorchOp | OperatorOp, name: str) -> Callable[..., Any]:
        def run(*tensors: Any) -> Any:
            if isinstance(op, TorchOp):
                fn = resolve_callee(name)
                # (a CompositeImplicitAutograd op runs its own kernel before make_fx's
                # table is asked: call its decomposition itself)
                fn = composite_of(fn) or fn
                return fn(**call_arguments(op, tensors))
            composite = composite_of(resolve_callee(name))
            if composite is not None:  # (an op without a class of its own: `rrelu`)
                args, kwargs = generic_arguments(name, op, tensors)
                return composite(*args, **kwargs)
            return call_generic(name, op, tensors)

        return run

    def _trace(self, op: TorchOp | OperatorOp, name: str, operands: list[Attribute | Size],
               ranges: dict[str, tuple[int, int]]) -> Any:  # fmt: skip
        limit = SYMBOLIC_TRACE_SECONDS if _has_dynamic_dims(op) else None
        try:
            with contextlib.ExitStack() as stack:
                if limit is not None:
                    stack.enter_context(deadline(limit, TraceTooLong))
                return trace_decomposition(self._run(op, name), operands, ranges)
        except (Exception, TraceTooLong):  # PyTorch cannot trace it here (or not in time):
            return None  # keep the op whole as an extern

    def report(self, name: str) -> None:
        """Say once per run that `name` stays an ATen call."""
        if self.options.report and name not in self.reported:
            self.reported.add(name)
            print(f"decompose-torch-to-prims: {name} stays an ATen call (prims.extern)",
                  file=sys.stderr)  # fmt: skip

    def extern(self, op: TorchOp | OperatorOp, name: str) -> None:
        if not is_size_arithmetic(op):  # (a size from sizes: no ATen call at run time)
            self.report(_overload_name(name))
        args, kwargs = _extern_args(op)
        new = ExternOp(_overload_name(name), list(op.operands), list(op.result_types),
                       args, kwargs)  # fmt: skip
        self.replace(op, [new], None)

    def replace(
        self, op: Operation, new_ops: list[Operation], results: list[SSAValue] | None
    ) -> None:
        for new in new_ops:
            new.location = op.location
        Rewriter.replace_op(op, new_ops, results)


def _mismatched_results(
    op: Operation, results: Sequence[SSAValue]
) -> list[tuple[int, TensorType[Attribute]]]:
    """The used results whose decomposition disagrees with the op's declared type (index
    and the decomposition's type). Either the IR is wrong (a result type contradicting
    the operands, from hand-written or edited IR, would flow on unnoticed into ops that
    trust it) or PyTorch's decomposition differs from ATen in that result."""
    wrong = []
    for i, (declared, value) in enumerate(zip(op.result_types, results, strict=True)):
        if not (isinstance(declared, TensorType) and isinstance(value.type, TensorType)):
            continue
        got = cast(TensorType[Attribute], value.type)
        if op.results[i].uses and not _compatible(got, cast(TensorType[Attribute], declared)):
            wrong.append((i, got))
    return wrong


UNBACKED = re.compile(r"\bu\d+\b")
"""A data-dependent size's symbol (`u0`), in a tensor type's `?` dims."""


def _renames_unbacked(op: Operation, results: Sequence[SSAValue]) -> bool:
    """Does a used result's type name a data-dependent size other than as declared?"""
    for declared, value, result in zip(op.result_types, results, op.results, strict=True):
        if result.uses and isinstance(declared, TensorType) and value.type != declared:
            if UNBACKED.search(str(cast(TensorType[Attribute], declared).encoding)):
                return True
    return False


def _meta_tensor(t: Attribute) -> torch.Tensor:
    tt = cast(TensorType[Attribute], t)
    return torch.empty(tuple(tt.get_shape()), dtype=torch_dtype(tt.element_type), device="meta")


def _where(op: Operation) -> str:
    """`file:line:col: ` of the op's location, or nothing."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}: "
    return ""


def _refuse(op: Operation, i: int, got: TensorType[Attribute]) -> None:
    raise PassFailedException(
        f"{_where(op)}'{op.name}' declares result #{i} as {op.result_types[i]} but its operands "
        f"make it {TensorType(got.element_type, got.get_shape())}"
    )


def _compatible(got: TensorType[Attribute], want: TensorType[Attribute]) -> bool:
    """Same element type and rank, and equal sizes where both are known (a data-dependent
    size, `?` in the decomposition, such as nonzero's, takes the one the graph recorded)."""
    a, b = got.get_shape(), want.get_shape()
    return (
        got.element_type == want.element_type
        and len(a) == len(b)
        and all(x == y or DYNAMIC_INDEX in (x, y) for x, y in zip(a, b, strict=True))
    )


def _overload_name(name: str) -> str:
    """`aten.relu` -> `aten.relu.default`; symbolic-size functions (`_operator.mul`,
    `math.ceil`, `torch.sym_max`) keep their names."""
    if name in SYM_FUNCTIONS:
        return name
    return name if name.count(".") == 2 else name + ".default"


HALVES = (torch.float16, torch.bfloat16)
WIDE_INTEGERS = (torch.int16, torch.int32, torch.int64)
"""Integers a half type cannot hold exactly (int8, uint8 and bool it can)."""


def _tensor_operands(
    op: TorchOp | OperatorOp,
) -> list[tuple[int, TensorType[Attribute], torch.dtype]] | None:
    """(position, type, dtype) of each tensor operand; None if a type has no dtype."""
    tensors = [(i, cast(TensorType[Attribute], v.type)) for i, v in enumerate(op.operands)
               if isinstance(v.type, TensorType)]  # fmt: skip
    try:
        return [(i, t, torch_dtype(t.element_type)) for i, t in tensors]
    except UnsupportedTypeError:
        return None


def _convert_operand(op: TorchOp | OperatorOp, i: int, to: torch.dtype) -> None:
    """Convert `op`'s operand `i` to `to` just before `op`."""
    t = cast(TensorType[Attribute], op.operands[i].type)
    converted = TensorType(element_type(to), t.get_shape(), t.encoding)
    convert = PrimsConvertElementTypeOp.make([converted], a=op.operands[i],
                                             dtype=element_type(to))  # fmt: skip
    convert.location = op.location
    Rewriter.insert_op(convert, InsertPoint.before(op))
    op.operands[i] = convert.results[0]


def _round_integers_to_half(op: TorchOp | OperatorOp, name: str) -> None:
    """An elementwise op of integer and float16/bfloat16 tensors computes in the half
    type in eager: the integer operand is converted to it first (70000 is inf in
    float16, 2049 is 2048), then widened for the arithmetic. PyTorch's decompositions
    widen it to float32 directly, which keeps digits eager loses (`l * h` gave 32768
    where eager gives inf, `l > h` True where eager compares equal halves; Inductor does
    the same). Such an operand is converted to the half type before the op."""
    tensors = _tensor_operands(op)
    if tensors is None:
        return
    dtypes = {d for _, _, d in tensors}
    if not (dtypes & set(HALVES) and dtypes & set(WIDE_INTEGERS)):
        return  # (the common case, decided from the types alone)
    try:
        overload = resolve_callee(name)
    except ValueError:
        return
    if torch.Tag.pointwise not in getattr(overload, "tags", ()):
        return
    try:
        samples = [torch.empty([1] * t.get_num_dims(), dtype=d, device="meta")
                   for _, t, d in tensors]  # fmt: skip
        _, common = elementwise_dtypes(
            *samples, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)
    except (RuntimeError, ValueError):
        return
    if common not in HALVES:
        return
    for i, _, dtype in tensors:
        if dtype in WIDE_INTEGERS:
            _convert_operand(op, i, common)


FILL_VALUES: dict[str, str] = {
    "aten.full.default": "fill_value",
    "aten.full_like.default": "fill_value",
    "aten.new_full.default": "fill_value",
    "aten.fill.Scalar": "value",
    "aten.masked_fill.Scalar": "value",
    "aten.index_fill.int_Scalar": "value",
    "aten.scalar_tensor.default": "s",
    "aten.where.ScalarOther": "other",
    "aten.where.ScalarSelf": "self",
}
"""Ops that fill with a number, by the name of its argument: eager converts it to the
result's dtype with c10's overflow check (`full((2,), 300, dtype=int8)` raises "value
cannot be converted to type int8_t without overflow"); `where` checks integer results
only (a float16 `where(m, h, 1e6)` is inf)."""


def _fill_overflows(op: TorchOp | OperatorOp, name: str) -> bool:
    """Does eager refuse the number `op` fills with (`FILL_VALUES`)? Then the op stays
    an ATen call, which raises eager's error where eager does; a kernel would store the
    number wrapped (300 as an int8 is 44)."""
    key = FILL_VALUES.get(_overload_name(name))
    if key is None or not isinstance(op, TorchOp) or len(op.results) != 1:
        return False
    number = op.properties.get(key)
    result = op.result_types[0]
    if not isinstance(number, FloatAttr | IntegerAttr) or not isinstance(result, TensorType):
        return False
    if isinstance(number, IntegerAttr) and number.type == i1:
        return False
    try:
        dtype = torch_dtype(cast(TensorType[Attribute], result).element_type)
    except UnsupportedTypeError:
        return False
    if key in ("other", "self") and (dtype.is_floating_point or dtype == torch.bool):
        return False
    return overflows(number.value.data, dtype)


def overflows(value: float, dtype: torch.dtype) -> bool:
    """c10's `overflows<To>(value)`: does converting the Python number to `dtype` fail?
    Floats take infinities and NaN and refuse what is past their largest finite value;
    integers refuse NaN, infinities and what is outside their range, except that an
    unsigned type takes a negative integer within its range, wrapped (-5 as a uint8)."""
    if dtype == torch.bool or dtype.is_complex:
        return False
    if dtype.is_floating_point:
        v = float(value)
        finfo = torch.finfo(dtype)
        return math.isfinite(v) and not finfo.min <= v <= finfo.max
    iinfo = torch.iinfo(dtype)
    if isinstance(value, float):
        return math.isnan(value) or not iinfo.min <= value <= iinfo.max
    if iinfo.min == 0 and value < 0:
        return -value > iinfo.max
    return not iinfo.min <= value <= iinfo.max


HALF_OPERAND_OPS = frozenset({
    "add", "sub", "rsub", "eq", "ne", "lt", "le", "gt", "ge", "remainder", "fmod",
    "copysign", "xlogy", "atan2", "pow",
})  # fmt: skip
"""Ops whose eager CPU kernels convert a number operand (or a 0-d tensor of another
float type) to the tensors' half type before computing: `h - 0.1` at `h = half(0.1)` is
0, `h == 0.1` is True there. Others keep the number as it is, in float32 (`mul`, `div`,
`floor_divide`, the activations' slopes and alphas), so they are not listed."""

NUMBER_OPERANDS = ("other", "self", "exponent")
"""The names under which such an op takes a number in a Tensor or Scalar slot."""


def _round_operands_to_half(op: TorchOp | OperatorOp, name: str) -> None:
    """In an op of `HALF_OPERAND_OPS` whose tensors are of one half type (float16 or
    bfloat16), a number operand is that number converted to the half type, and a 0-d
    tensor of another float type is converted to it, as eager's kernels compute
    (PyTorch's decompositions widen the tensors to float32 and keep the number as is;
    Inductor's comparisons round it too)."""
    if not isinstance(op, TorchOp) or (name.split(".") + [""])[1] not in HALF_OPERAND_OPS:
        return
    tensors = _tensor_operands(op)
    if tensors is None:
        return
    halves = {d for _, t, d in tensors if t.get_num_dims() > 0}
    if len(halves) != 1 or not halves <= set(HALVES):
        return
    (half,) = halves
    for i, t, dtype in tensors:
        if t.get_num_dims() == 0 and dtype.is_floating_point and dtype != half:
            _convert_operand(op, i, half)
    for key in NUMBER_OPERANDS:
        number = op.properties.get(key)
        if isinstance(number, FloatAttr | IntegerAttr) and not (
            isinstance(number, IntegerAttr) and number.type == i1
        ):
            value = float(number.value.data)
            rounded = converted_number(value, half)
            if rounded != value and math.isfinite(value):
                op.properties[key] = FloatAttr(rounded, 64)


def _extern_args(op: TorchOp | OperatorOp) -> tuple[list[Any], dict[str, Any]]:
    """The call in `prims.extern` form: tensors and symbolic scalars as `#torch.sym<i>`
    references to the extern's operands (the op's operands, in order), constants as is."""
    if isinstance(op, OperatorOp):
        args = list(op.args.data) if isinstance(op.args, ArrayAttr) else []
        kwargs = dict(op.kwargs.data) if isinstance(op.kwargs, DictionaryAttr) else {}
        return args, kwargs
    ref = {v: SymAttr(IntAttr(i)) for i, v in enumerate(op.operands)}
    groups = iter([vals for name, vals in op.operand_groups() if name != "sym_args"])
    syms = op.sym_values()
    kwargs: dict[str, Any] = {}
    for arg in resolve_callee(op.OVERLOAD)._schema.arguments:
        t = str(arg.real_type)
        if t in TENSOR_TYPES:
            vals = next(groups)
            if t == "Tensor":
                kwargs[arg.name] = ref[vals[0]]
            elif t == "Optional[Tensor]":
                kwargs[arg.name] = ref[vals[0]] if vals else NoneType()
            else:
                layout = op.properties.get(arg.name)
                items = [ref[v] for v in vals]
                if isinstance(layout, ArrayAttr):
                    items = [
                        a if isinstance(a, NoneAttr | NoneType) else items[decode(a)]
                        for a in layout
                    ]
                kwargs[arg.name] = ArrayAttr(items)
        elif arg.name in op.properties:
            kwargs[arg.name] = _repoint(op.properties[arg.name], syms, ref)
    return [], kwargs


def _bound_arguments(op: TorchOp | OperatorOp, name: str) -> dict[str, Any]:
    """The call's arguments by schema name: operands as SSA values, constants as Python
    values, defaults where the call leaves them out."""
    args, kwargs = _extern_args(op)
    schema = resolve_callee(_overload_name(name))._schema
    given = dict(zip((a.name for a in schema.arguments), args, strict=False)) | kwargs
    bound: dict[str, Any] = {}
    for a in schema.arguments:
        attr = given.get(a.name)
        if attr is None:
            bound[a.name] = a.default_value if a.has_default_value() else None
        elif isinstance(attr, SymAttr):
            bound[a.name] = op.operands[attr.index.data]
        else:
            bound[a.name] = decode(attr, str(a.real_type))
    return bound


def _repoint(attr: Any, syms: list[SSAValue], ref: dict[SSAValue, SymAttr]) -> Any:
    """`#torch.sym<i>` of the op's sym group -> the same value in the extern's operands."""
    if isinstance(attr, SymAttr):
        return ref[syms[attr.index.data]]
    if isinstance(attr, ArrayAttr):
        return ArrayAttr([_repoint(a, syms, ref) for a in attr.data])
    return attr


def _ranges(op: Operation) -> dict[str, tuple[int, int]]:
    """The size ranges of the function holding `op` (`stepwell.size_ranges`: what
    Dynamo's guards bound, which a decomposition may then rely on)."""
    return _function_facts(op, ranges_of)


def _function_facts(op: Operation, read: Callable[[Operation], dict[str, Any]]) -> dict[str, Any]:
    """What `read` finds on the function holding `op` ({} outside any function)."""
    func = op.parent_op()
    while func is not None and not isinstance(func, FuncOp):
        func = func.parent_op()
    return read(func) if func is not None else {}


def _respelled(new_ops: Sequence[Operation], results: Sequence[SSAValue],
               equalities: dict[str, str]) -> list[SSAValue]:  # fmt: skip
    """The spliced results, each new value's `?` dims spelled as the symbols Dynamo's
    guards make them equal (`stepwell.size_equalities`): a decomposition traced at the
    graph's symbols computes `64 - Max(0, 64 - s0)` where the graph's types say `s0`."""
    renamed: dict[SSAValue, SSAValue] = {}
    for new in new_ops if equalities else ():
        for r in list(new.results):
            t = with_equalities(r.type, equalities)
            if t != r.type:
                renamed[r] = Rewriter.replace_value_with_new_type(r, t)
    return [renamed.get(r, r) for r in results]
