"""Decompositions traced with symbolic sizes: one prims graph for every size of a `?` dim.

An op whose types have `?` dims (`tensor<?x16xf32, ["s33"]>`) is traced with fake
tensors whose sizes are the symbols of its types: each name in an encoding becomes a
ShapeEnv symbol of that name (so the traced graph's types name the same symbols), with a
hint that only decides nothing (a trace that records a guard, a decision on a size, is
refused: the graph would not hold for every size).

An integer operand is traced as the size it holds (`scalar_size`: a size argument, a
`sym_size`, or `_operator.*` arithmetic on them), so a view to a computed shape, an
`arange(s0)` and a slice with a computed end decompose once for every size too.

PyTorch's decompositions pass sizes as SymInts (`broadcast_in_dim(x, [sym_size(x, 0),
32], [1])`). At the prims level a dynamic entry of such an argument is DYNAMIC_INDEX and
the result type says what it is, as `?` does in the type (a shape, an iota length, a
slice limit); a size used as a value (`x * x.shape[0]`) is a `prims.full` of it, and a
slice whose start is a size a gather (`slicing.py`). Any other use is refused and the
op stays whole. So is a trace that decides on a size, except where PyTorch only chooses
strides (`LAYOUT_DECISIONS`) or where the decision holds for every size in the symbols'
ranges (`_always`: `s0 >= s0 // 2`), or because each dim of an operand fits an int64
(`2*s0 < 9223372036854775807`, a slice to the end of a cat's dim). A trace that decides
is traced once more with
PyTorch's `guard_or_false` questions given their default answer (`_trace_symbolic`).
"""

from __future__ import annotations

import itertools
import logging
import operator
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import sympy
import torch
import torch.fx
from torch.utils._sympy.functions import FloorDiv, Mod, PythonMod
from torch.utils._sympy.value_ranges import ValueRanges, bound_sympy
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    DictionaryAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
)
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue

from stepwell.dialects.prims_support import ExternOp
from stepwell.dialects.torch_support import OperatorOp, SymAttr, TorchOp
from stepwell.ir.interpret import generic_arguments
from stepwell.ir.sizes import (
    Size,
    SizeError,
    parse_size,
    product,
    simplify,
    statically_equal,
    symbol,
)
from stepwell.ir.types import symbol_binds, tensor_sizes, torch_dtype
from stepwell.passes.support import slicing  # (also registers stepwell::slice)

QUIET_LOGGERS = ("torch.fx.experimental.symbolic_shapes", "torch._subclasses.fake_tensor")

FIRST_HINT = 1009
"""Hints of a trace's symbols: 1009, 1011, ... (distinct, odd, far from the static sizes
of a model; a trace that compared one with anything is refused anyway)."""


SIZE_FUNCTIONS: dict[str, Callable[..., Any]] = {
    **{
        f"{module}.{name}": fn
        for module in ("_operator", "operator")
        for name, fn in (
            ("add", lambda a, b: a + b),
            ("sub", lambda a, b: a - b),
            ("mul", lambda a, b: a * b),
            ("floordiv", FloorDiv),
            ("mod", PythonMod),
            ("neg", lambda a: -a),
        )
    },
    "torch.sym_max": sympy.Max,
    "torch.sym_min": sympy.Min,
    "torch.sym_sum": lambda *terms: sympy.Add(*terms),  # (of a list: `sym_sum([a, b])`)
    "torch.sym_float": lambda a: a,  # (a size as a float: exact, as eager's conversion)
}
"""The size arithmetic (`SYM_FUNCTIONS` callees) whose result `scalar_size` follows."""


def scalar_size(value: SSAValue) -> Size | None:
    """The size expression an integer value holds, or None when it is not one: a size
    argument (`%arg: i64 {stepwell.name = "s33"}`, or a size a backward graph receives,
    named by what it holds: `{stepwell.name = "(s33//2)", stepwell.kind = "symint"}`),
    `aten.sym_size`/`sym_numel` of a tensor, or `SIZE_FUNCTIONS` arithmetic on such
    values and constants."""
    if not isinstance(value.type, IntegerType | AnyFloat):
        return None
    if isinstance(value, BlockArgument):
        func = value.block.parent_op()
        attrs = func.arg_attrs.data if isinstance(func, FuncOp) and func.arg_attrs else ()
        a = attrs[value.index] if value.index < len(attrs) else None
        name = a.data.get("stepwell.name") if isinstance(a, DictionaryAttr) else None
        kind = a.data.get("stepwell.kind") if isinstance(a, DictionaryAttr) else None
        if not isinstance(name, StringAttr):
            return None
        try:  # (a backward graph's saved size is named by what it holds: `(s27//2)`)
            return parse_size(name.data) if kind == StringAttr("symint") else symbol(name.data)
        except SizeError:
            return None
    if not isinstance(value, OpResult) or len(value.op.results) != 1:
        return None
    op = value.op
    name = (op.OVERLOAD if isinstance(op, TorchOp) else op.op_name.data
            if isinstance(op, OperatorOp) else op.callee.data if isinstance(op, ExternOp)
            else None)  # fmt: skip
    if name in ("aten.sym_size.int", "aten.sym_numel.default") and op.operands:
        t = op.operands[0].type
        if not isinstance(t, TensorType):
            return None
        sizes = tensor_sizes(t)
        if name == "aten.sym_numel.default":
            return product(sizes)
        if isinstance(op, TorchOp):
            dim = op.properties.get("dim")
            d = dim.value.data if isinstance(dim, IntegerAttr) else None
        else:
            args, kwargs = generic_arguments(name, op, [t])
            d = (args[1:] or [kwargs.get("dim")])[0]
        return sizes[d] if isinstance(d, int) and -len(sizes) <= d < len(sizes) else None
    fn = SIZE_FUNCTIONS.get(name or "")
    if name is None or fn is None:
        return None
    operands = [scalar_size(v) for v in op.operands]
    if any(x is None for x in operands):
        return None
    args, kwargs = generic_arguments(name, op, operands)
    if name == "torch.sym_sum" and len(args) == 1 and isinstance(args[0], list | tuple):
        args = tuple(args[0])
    if kwargs or not all(isinstance(x, int | sympy.Expr) for x in args):
        return None
    return simplify(fn(*args))


class SymbolicTraceError(ValueError):
    """The op cannot be decomposed for every size (a guard, or a symbolic argument that
    the prims level has no place for)."""


def symbolic_examples(
    operands: Sequence[Attribute | Size], ranges: Mapping[str, tuple[int, int]] | None = None
) -> tuple[list[Any], Any]:
    """Fake tensors of the tensor types in `operands`, their `?` dims the symbols their
    encodings name, and SymInts of the sizes in `operands` (an integer operand's); and
    the ShapeEnv holding those symbols, each in its range (`ranges`, else 2 up to an
    int64)."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv, ValueRangesSLoc

    env = ShapeEnv()
    mode = FakeTensorMode(shape_env=env)
    hints: dict[sympy.Symbol, int] = {}
    next_hint = itertools.count(FIRST_HINT, 2)

    def symint(size: Any) -> Any:
        if isinstance(size, int):
            return size
        expr = sympy.sympify(size)
        for s in sorted(expr.free_symbols, key=lambda s: s.name):
            if s not in hints:
                hints[s] = next(next_hint)
                # Dynamo specializes 0 and 1; a size fits an int64 (`x[:9223372036854775807]`
                # is all of x); Dynamo's guards may bound it further (`ranges`)
                lower, upper = (ranges or {}).get(s.name, (2, sys.maxsize - 1))
                env.var_to_range[s] = ValueRanges(lower, upper)
                # a hint inside the range, below its top: at `s0 <= 16`, 16 made a
                # cat's `16 - s0` columns empty, which a stride choice specialized
                hints[s] = max(hints[s], lower)
                if hints[s] > upper:
                    hints[s] = max(lower, (lower + upper + 1) // 2)
                env.backed_var_to_val[s] = sympy.Integer(hints[s])
                sloc = env._get_sloc()
                env.var_to_range_sloc[s] = ValueRangesSLoc(sloc, sloc)
        return env.create_symintnode(expr, hint=int(expr.xreplace(hints)))

    examples: list[Any] = []
    for t in operands:
        if not isinstance(t, TensorType):
            examples.append(symint(t))
            continue
        tt = cast(TensorType[Attribute], t)
        try:
            sizes = [symint(d) for d in tensor_sizes(tt)]
        except SizeError as e:
            raise SymbolicTraceError(str(e)) from None
        with mode:
            examples.append(torch.empty(sizes, dtype=torch_dtype(tt.element_type)))
    return examples, env


def trace_symbolic(
    trace: Callable[[Sequence[Any]], torch.fx.GraphModule],
    operands: Sequence[Attribute | Size],
    ranges: Mapping[str, tuple[int, int]] | None = None,
) -> torch.fx.GraphModule:
    """`trace(examples)` on symbolic fake tensors and SymInts of `operands`
    (`symbolic_examples`), its shape arguments made static (`dynamic_shape_args`);
    SymbolicTraceError if the trace guarded on a size."""
    # a refused trace is an answer here, not a warning (nor an error FakeTensor logs: a
    # meta function refusing two sizes it cannot prove equal)
    quiet = [logging.getLogger(n) for n in QUIET_LOGGERS]
    levels = [q.level for q in quiet]
    for q in quiet:
        q.setLevel(logging.CRITICAL)
    try:
        return _trace_symbolic(trace, operands, ranges)
    finally:
        for q, level in zip(quiet, levels, strict=True):
            q.setLevel(level)


def _trace_symbolic(
    trace: Callable[[Sequence[Any]], torch.fx.GraphModule],
    operands: Sequence[Attribute | Size],
    ranges: Mapping[str, tuple[int, int]] | None,
) -> torch.fx.GraphModule:
    gm, decisions = _trace_deciding(trace, operands, ranges, oblivious=False)
    if decisions:
        # PyTorch asks `guard_or_false(size == 0)` and the like where either answer is
        # correct (the default one for a size it cannot know: softmax pads an empty dim
        # with -inf, stride orders pick a layout). Traced as for such sizes, the trace
        # decides nothing; one that still decides, or cannot trace, stays refused.
        try:
            oblivious, left = _trace_deciding(trace, operands, ranges, oblivious=True)
        except Exception:  # noqa: BLE001 - (a view traced as `as_strided`, refused)
            oblivious, left = gm, decisions
        if not left:
            gm, decisions = oblivious, left
    if decisions:
        raise SymbolicTraceError(f"the decomposition decides on sizes ({decisions[0].expr})")
    dynamic_shape_args(gm)
    return gm


def _trace_deciding(
    trace: Callable[[Sequence[Any]], torch.fx.GraphModule],
    operands: Sequence[Attribute | Size],
    ranges: Mapping[str, tuple[int, int]] | None,
    *,
    oblivious: bool,
) -> tuple[torch.fx.GraphModule, list[Any]]:
    """The trace, and the guards it recorded that decide on sizes. `oblivious`: PyTorch's
    `guard_or_false`/`guard_or_true` give their default answer for every size rather than
    guard on it (`backed_size_oblivious`, as torch.export may trace)."""
    from torch._subclasses.fake_tensor import unset_fake_temporarily

    # outside any ambient fake mode (AOTAutograd compiles inside its own): ours holds
    # the symbols of these types
    with (
        unset_fake_temporarily(),
        warnings.catch_warnings(),
        torch.fx.experimental._config.patch(backed_size_oblivious=oblivious),
    ):
        warnings.filterwarnings("ignore", message="Raw SymInt value")  # handled below
        examples, env = symbolic_examples(operands, ranges)
        bounds = dict(env.var_to_range)  # (a guard narrows them: `s0 > 64`, to [65, ...])
        gm = trace(examples)
    extents = _composite_extents(examples)
    decisions = [g for g in env.guards
                 if not _always(g.expr, bounds, extents)
                 and not (_chooses_strides(g) and not _specializes(g.expr, env))]
    return gm, decisions


def _specializes(guard: Any, env: Any) -> bool:
    """Did the shape environment solve `guard` for one of its symbols, and go on with
    that value (`Eq(16 - s0, 0)`, which a stride choice asks of a cat's second input of
    `16 - s0` columns when the hint makes it empty: s0 became 16 in all that followed,
    and the trace gathered the first input with a row stride of 16)? Then it decided
    more than strides."""
    return any(env.replacements.get(s, s) != s for s in guard.free_symbols)


def _composite_extents(examples: Sequence[Any]) -> list[Any]:
    """The dims of the example tensors that are expressions of several terms (`2*s0 - 2`,
    a cat's): each is the size of a tensor that exists, so it lies in [0, int64 max]."""
    found: dict[Any, None] = {}
    for t in examples:
        for d in t.shape if isinstance(t, torch.Tensor) else ():
            expr = d.node.expr if isinstance(d, torch.SymInt) else None
            if expr is not None and not expr.is_Symbol and not expr.is_Integer:
                found[expr] = None
    return list(found)


def _always(guard: Any, bounds: Mapping[sympy.Symbol, ValueRanges],
            extents: Sequence[Any] = ()) -> bool:  # fmt: skip
    """Does the comparison `guard` hold for every size in the symbols' `bounds`, once each
    floor division `a // c` by a positive constant is bounded by `a/c - (c-1)/c` and
    `a/c`? (`s0 >= s0 // 2`, or `Ne(s0 - s0 // 2, 0)`, which `x[:, s0 // 2:]` asks: the
    shape environment bounds `s0` and `s0 // 2` apart, so it cannot prove them, and
    records a guard.) Or once each of the operands' composite dims (`extents`) is a size
    of its own, in [0, int64 max - 1]? (`2*s0 - 2 < 9223372036854775807`, which a slice to
    the end of a cat's dim asks: the symbols' ranges allow `2*s0` past an int64.)"""
    if not isinstance(guard, sympy.Ge | sympy.Gt | sympy.Le | sympy.Lt | sympy.Ne):
        return False
    if _holds(guard, guard.lhs - guard.rhs, bounds):
        return True
    # (a size below an int64's largest value, as the symbols' ranges say)
    dims = {e: sympy.Symbol(f"_extent{i}") for i, e in enumerate(extents)}
    relaxed = (guard.lhs - guard.rhs).subs(dims)
    if not relaxed.free_symbols & set(dims.values()):
        return False
    ranges = {**bounds, **{t: ValueRanges(0, sys.maxsize - 1) for t in dims.values()}}
    return _holds(guard, relaxed, ranges)


def _holds(guard: Any, relaxed: Any, bounds: Mapping[sympy.Symbol, ValueRanges]) -> bool:
    """Does `guard`'s comparison of `relaxed` (its two sides' difference) with 0 hold for
    every value in `bounds`, each floor division bounded as `_always` says?"""
    ranges = dict(bounds)
    slacks = itertools.count()
    # a remainder by a positive constant c lies in [0, c - 1] (`(4 - s0 % 4) % 4`, the
    # padding to a multiple of 4), the outermost first
    for mod in sorted(relaxed.atoms(PythonMod, Mod), key=sympy.count_ops, reverse=True):
        c = mod.args[1]
        if mod in relaxed.atoms(PythonMod, Mod) and c.is_Integer and c > 0:
            t = sympy.Symbol(f"_slack{next(slacks)}")
            ranges[t] = ValueRanges(0, int(c) - 1)
            relaxed = relaxed.xreplace({mod: t})
    while divisions := relaxed.atoms(FloorDiv):  # (the innermost first)
        slack = {}
        for div in sorted(divisions, key=str):
            a, c = div.args
            if not (c.is_Integer and c > 0):
                return False
            if a.atoms(FloorDiv):
                continue
            t = sympy.Symbol(f"_slack{next(slacks)}")  # a // c = a/c - t, 0 <= t <= (c-1)/c
            ranges[t] = ValueRanges(0, sympy.Rational(int(c) - 1, int(c)))
            slack[div] = a / c - t
        relaxed = relaxed.xreplace(slack)
    if not relaxed.free_symbols <= set(ranges):
        return False  # (a symbol no range bounds)
    # each form's bounds hold: a product keeps its factors' signs, a sum cancels its terms
    found = [bound_sympy(e, ranges) for e in (relaxed, sympy.expand(relaxed))]
    low, high = max(b.lower for b in found), min(b.upper for b in found)
    holds = {sympy.Ge: low >= 0, sympy.Gt: low > 0, sympy.Le: high <= 0, sympy.Lt: high < 0,
             sympy.Ne: (low > 0) | (high < 0)}[type(guard)]  # fmt: skip
    return holds is sympy.true or holds is True


LAYOUT_DECISIONS = frozenset({
    "check_contiguous_sizes_strides",
    "_compute_contiguous",
    "is_contiguous",
    "is_channels_last_contiguous_2d",
    "is_channels_last_contiguous_3d",
    "is_non_overlapping_and_dense",
    "_is_non_overlapping_and_dense",
    "compute_elementwise_output_logical_to_physical_perm",
    "inner_wrap_fake",  # make_fx's copy of an example tensor (is its storage empty?)
})
"""PyTorch functions whose decisions on sizes (is a dim 1?) only choose strides or a
storage's size. The prims level has value semantics, so a trace that decided there holds
for every size."""


def _chooses_strides(guard: Any) -> bool:
    """Was `guard` recorded where PyTorch only chooses strides: a `LAYOUT_DECISIONS`
    function, or broadcast_in_dim's meta asking whether a size is 1 (a broadcast dim's
    stride; the sizes it requires equal are `torch._check`ed, not asked so)?"""
    name = _frame_name(guard)
    if name in LAYOUT_DECISIONS:
        return True
    expr = guard.expr
    return (name == "_broadcast_in_dim_meta" and isinstance(expr, sympy.Eq | sympy.Ne)
            and sympy.Integer(1) in expr.args)  # fmt: skip


def _frame_name(guard: Any) -> str:
    loc = getattr(getattr(guard, "sloc", None), "framework_loc", None)
    return getattr(loc, "name", "") if loc is not None and not isinstance(loc, str) else ""


SIZE_VALUES = (torch.SymInt, torch.SymFloat)
"""What a traced size computes: a size, or a size converted to a float (`sym_float`)."""


def _is_symbolic(a: Any) -> bool:
    if isinstance(a, torch.SymInt):
        return slicing.symbolic_int(a)
    return isinstance(a, torch.fx.Node) and isinstance(a.meta.get("val"), SIZE_VALUES)


def _unbacked(a: Any) -> bool:
    """Does a symbolic size read a data-dependent symbol (`u0`, PyTorch's unbacked
    SymInts, which no input's size gives)?"""
    if not _is_symbolic(a):
        return False
    from torch.fx.experimental.symbolic_shapes import free_unbacked_symbols

    return bool(free_unbacked_symbols(_expr(a)))


def _expr(a: Any) -> Any:
    """The sympy expression of a SymInt or of the node computing one."""
    v = a.meta["val"] if isinstance(a, torch.fx.Node) else a
    return v.node.expr if isinstance(v, torch.SymInt) else v


_prims = torch.ops.prims
SHAPE_ARGS: dict[Any, int] = {
    _prims.broadcast_in_dim.default: 1,
    _prims.empty_strided.default: 0,
    _prims.full.default: 0,
    _prims.reshape.default: 1,
}
"""Prims whose argument at this position is their result's shape."""


def _result_sizes(node: torch.fx.Node, i: int) -> list[Any] | None:
    """What the sizes in argument `i` of `node` must be for a dynamic entry to stand for
    the result's size in the IR (None: that argument takes no symbolic size).

    - a shape argument (`SHAPE_ARGS`): the result's shape; `empty_strided`'s strides,
      its result's (contiguous: `Max(s0, 1)` is s0, sizes being positive);
    - `iota`'s length: the result's one dim; `split_dim`'s outer length, its new dim;
    - a `stepwell::slice` limit in a dim of step 1: its start plus the result's size
      (`prims.slice` holds `?` there and reads the limit from its result type).
    """
    val = node.meta.get("val")
    if not isinstance(val, torch.Tensor):
        return None
    if SHAPE_ARGS.get(node.target) == i:
        return list(val.shape)
    if node.target is _prims.empty_strided.default and i == 1:
        return list(val.stride())
    if node.target is _prims.iota.default and i == 0:
        return [val.shape[0]]
    if node.target is _prims.split_dim.default and i == 2:
        return [val.shape[node.args[1]]]
    if node.target is torch.ops.stepwell.slice.default and i == 2:
        starts, steps = node.args[1], node.args[3]
        if any(_is_symbolic(x) for x in (*starts, *steps)):
            return None  # a symbolic start moves a view's offset: not yet
        return [
            s + d if k == 1 else None for s, d, k in zip(starts, val.shape, steps, strict=True)
        ]
    return None


def _as_full(node: torch.fx.Node) -> None:
    """`prims.scalar_tensor(n)` as the 0-d `prims.full([], n)` it is: a size in a fill
    value is an operand of the full."""
    val = node.meta["val"]
    node.target = _prims.full.default
    node.args = ([], node.args[0])
    node.kwargs = {"dtype": val.dtype, "device": val.device, "requires_grad": False}


def dynamic_shape_args(gm: torch.fx.GraphModule) -> None:
    """The symbolic sizes in a prim's arguments that its result type says (`_result_sizes`:
    a shape, an iota length, a slice limit) become DYNAMIC_INDEX, as the result type
    says them with `?`; the `sym_size` nodes that fed them go. SymbolicTraceError for any
    other symbolic argument (a slice start, a size used as a value)."""
    graph = gm.graph
    for node in graph.nodes:
        if node.op != "call_function" or isinstance(node.meta.get("val"), SIZE_VALUES):
            continue  # (size arithmetic goes once nothing uses it, or is refused below)
        if node.target is _prims.scalar_tensor.default and _is_symbolic(node.args[0]):
            _as_full(node)  # (`x // s0`'s divisor: a 0-d tensor of the size)
        args = list(node.args)
        for i, a in enumerate(args):
            scalar = not isinstance(a, list | tuple)
            entries = [a] if scalar else list(a)
            if not any(_is_symbolic(x) for x in entries):
                continue
            if any(_unbacked(x) for x in entries):
                # a data-dependent size (`u0`: nonzero's count): no input's size gives
                # it, so nothing at graph level could evaluate it
                raise SymbolicTraceError(f"{node.target} takes a data-dependent size")
            if node.target is _prims.full.default and i == 1 and scalar:
                continue  # a size as a fill value: an operand of the full
            want = _result_sizes(node, i)
            if want is None or len(want) != len(entries):
                raise SymbolicTraceError(f"{node.target} takes a symbolic size")
            for j, (x, d) in enumerate(zip(entries, want, strict=True)):
                if not _is_symbolic(x):
                    continue
                if d is None or not statically_equal(_expr(x), _expr(d)):
                    raise SymbolicTraceError(f"{node.target}: a size that is not its result's")
                entries[j] = DYNAMIC_INDEX
            args[i] = entries[0] if scalar else entries
        node.args = tuple(args)
        if any(_is_symbolic(v) for v in node.kwargs.values()):
            raise SymbolicTraceError(f"{node.target} takes a symbolic size")
    graph.eliminate_dead_code()
    for node in graph.nodes:
        if node.op == "call_function" and isinstance(node.meta.get("val"), SIZE_VALUES):
            if node.target not in SIZE_NODES:
                raise SymbolicTraceError(f"a size computed by {node.target} stays in use")
    gm.recompile()


SIZE_NODES = {
    torch.ops.aten.sym_size.int,
    torch.ops.aten.sym_numel.default,
    operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod, operator.neg,
    torch.sym_max,
    torch.sym_min,
    torch.sym_sum,
    torch.sym_float,
}
"""The size arithmetic a traced decomposition may keep to compute a fill value (a size
used as data: `prims.full(shape, s0 * 16)`): it is spliced as `prims.extern` calls on
sizes, and a kernel reads the value's expression (`scalar_size`)."""


def is_size_arithmetic(op: Operation) -> bool:
    """An op computing a size from sizes (`aten.sym_size`, `_operator.mul` on sizes)."""
    return len(op.results) == 1 and scalar_size(op.results[0]) is not None


SIZE_OPS: dict[type, str] = {
    sympy.Add: "_operator.add",
    sympy.Mul: "_operator.mul",
    FloorDiv: "_operator.floordiv",
    PythonMod: "_operator.mod",
    sympy.Max: "torch.sym_max",
    sympy.Min: "torch.sym_min",
}
"""The size arithmetic `size_value` spells an expression with, by sympy node."""


def size_value(size: Size, block: Block) -> tuple[list[Operation], SSAValue] | None:
    """Ops computing the symbolic `size` from the arguments of `block` (a function's
    body), as `scalar_size` reads them: each symbol from its own `i64` argument or an
    `aten.sym_size` of a tensor argument with it as a dim, combined with `SIZE_OPS`
    externs; the last value holds `size`. None when no argument gives a symbol or the
    expression has another form (a power: `s0 ** 2`)."""
    args = list(block.args)
    binds, own = _size_sources(block)
    if not _spellable(simplify(size), {*binds, *own}):
        return None  # (decided before any op is made: an op made holds uses of its operands)
    new: list[Operation] = []
    i64 = IntegerType(64)

    def value(e: Any) -> SSAValue | int | None:
        if isinstance(e, int) or getattr(e, "is_Integer", False):
            return int(e)
        if isinstance(e, sympy.Symbol):
            if str(e) in own:  # (its own argument: `%arg0: i64 {stepwell.name = "s70"}`)
                return own[str(e)]
            i, d = binds[str(e)]
            new.append(ExternOp("aten.sym_size.int", [args[i]], [i64],
                                args=[SymAttr(IntAttr(0)), IntegerAttr(d, 64)]))  # fmt: skip
            return new[-1].results[0]
        callee = SIZE_OPS.get(type(e))
        if callee is None:
            return None
        parts = [value(x) for x in e.args]
        if any(x is None for x in parts):
            return None
        result = parts[0]
        for part in parts[1:]:  # (Add and Mul take many terms: folded two at a time)
            operands = [x for x in (result, part) if isinstance(x, SSAValue)]
            refs = iter(range(len(operands)))
            spelled = [SymAttr(IntAttr(next(refs))) if isinstance(x, SSAValue)
                       else IntegerAttr(x, 64) for x in (result, part)]  # fmt: skip
            new.append(ExternOp(callee, operands, [i64], args=spelled))
            result = new[-1].results[0]
        return result

    out = value(simplify(size))
    held = scalar_size(out) if isinstance(out, SSAValue) else None
    if held is None or not statically_equal(held, size):  # (a spelling `scalar_size`
        for o in reversed(new):  # reads otherwise: not kept, nor its uses)
            o.erase()
        return None
    return new, out


def size_spellable(size: Size, block: Block) -> bool:
    """Would `size_value` give `size` in `block` (without making any op)?"""
    binds, own = _size_sources(block)
    return _spellable(simplify(size), {*binds, *own})


def _size_sources(block: Block) -> tuple[dict[str, tuple[int, int]], dict[str, SSAValue]]:
    """By symbol name: the (argument, dim) of the first tensor argument with it as a dim,
    and the first `i64` argument holding it."""
    args = list(block.args)
    binds = {name: (i, d) for i, d, name in reversed(symbol_binds([a.type for a in args]))}
    own: dict[str, SSAValue] = {}
    for a in args:
        held = scalar_size(a) if isinstance(a.type, IntegerType) else None
        if isinstance(held, sympy.Symbol):
            own.setdefault(str(held), a)
    return binds, own


def _spellable(e: Any, names: set[str]) -> bool:
    """Can `size_value` spell the size expression `e` with the symbols in `names`?"""
    if isinstance(e, int) or getattr(e, "is_Integer", False):
        return True
    if isinstance(e, sympy.Symbol):
        return str(e) in names
    return type(e) in SIZE_OPS and all(_spellable(x, names) for x in e.args)


def erase_dead_size_arithmetic(root: Operation) -> None:
    """Erase the size arithmetic nothing uses any more (its users read the sizes from
    their types, or a kernel computes them from its size arguments)."""
    for op in reversed([o for o in root.walk() if is_size_arithmetic(o)]):
        if not op.results[0].uses:
            op.detach()
            op.erase()
