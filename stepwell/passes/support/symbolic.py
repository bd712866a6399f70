"""Decompositions traced with symbolic sizes: one prims graph for every size of a `?` dim.

An op whose types have `?` dims (`tensor<?x16xf32, ["s33"]>`) is traced with fake
tensors whose sizes are the symbols of its types: each name in an encoding becomes a
ShapeEnv symbol of that name (so the traced graph's types name the same symbols), with a
hint that only decides nothing (a trace that records a guard, a decision on a size, is
refused: the graph would not hold for every size).

PyTorch's decompositions pass sizes as SymInts (`broadcast_in_dim(x, [sym_size(x, 0),
32], [1])`). At the prims level a dynamic entry of a shape argument is -1 and the result
type says what it is, as `?` does in the type; any other use of a symbolic size (a slice
bound, an `operator.mul` feeding an op) is refused and the op stays whole.
"""

from __future__ import annotations

import itertools
import logging
import warnings
from collections.abc import Callable, Sequence
from typing import Any, cast

import sympy
import torch
import torch.fx
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType
from xdsl.ir import Attribute

from stepwell.ir.sizes import SizeError
from stepwell.ir.types import tensor_sizes, torch_dtype

FIRST_HINT = 1009
"""Hints of a trace's symbols: 1009, 1011, ... (distinct, odd, far from the static sizes
of a model; a trace that compared one with anything is refused anyway)."""


class SymbolicTraceError(ValueError):
    """The op cannot be decomposed for every size (a guard, or a symbolic argument that
    the prims level has no place for)."""


def symbolic_examples(types: Sequence[Attribute]) -> tuple[list[torch.Tensor], Any]:
    """Fake tensors of `types` whose `?` dims are the symbols their encodings name, and
    the ShapeEnv holding those symbols."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv
    from torch.utils._sympy.numbers import int_oo
    from torch.utils._sympy.value_ranges import ValueRanges

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
                env.backed_var_to_val[s] = sympy.Integer(hints[s])
                env.var_to_range[s] = ValueRanges(2, int_oo)  # Dynamo specializes 0 and 1
        return env.create_symintnode(expr, hint=int(expr.xreplace(hints)))

    examples = []
    for t in types:
        tt = cast(TensorType[Attribute], t)
        try:
            sizes = [symint(d) for d in tensor_sizes(tt)]
        except SizeError as e:
            raise SymbolicTraceError(str(e)) from None
        with mode:
            examples.append(torch.empty(sizes, dtype=torch_dtype(tt.element_type)))
    return examples, env


def trace_symbolic(
    trace: Callable[[Sequence[torch.Tensor]], torch.fx.GraphModule], types: Sequence[Attribute]
) -> torch.fx.GraphModule:
    """`trace(examples)` on symbolic fake tensors of `types`, its shape arguments made
    static (`dynamic_shape_args`); SymbolicTraceError if the trace guarded on a size."""
    quiet = logging.getLogger("torch.fx.experimental.symbolic_shapes")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # a refused trace is an answer here, not a warning
    try:
        return _trace_symbolic(trace, types)
    finally:
        quiet.setLevel(level)


def _trace_symbolic(
    trace: Callable[[Sequence[torch.Tensor]], torch.fx.GraphModule], types: Sequence[Attribute]
) -> torch.fx.GraphModule:
    from torch._subclasses.fake_tensor import unset_fake_temporarily

    # outside any ambient fake mode (AOTAutograd compiles inside its own): ours holds
    # the symbols of these types
    with unset_fake_temporarily(), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Raw SymInt value")  # handled below
        examples, env = symbolic_examples(types)
        gm = trace(examples)
    if env.guards:
        raise SymbolicTraceError(f"the decomposition decides on sizes ({env.guards[0].expr})")
    dynamic_shape_args(gm)
    return gm


def _is_symbolic(a: Any) -> bool:
    if isinstance(a, torch.SymInt):
        return a.node.maybe_as_int() is None
    return isinstance(a, torch.fx.Node) and isinstance(a.meta.get("val"), torch.SymInt)


def _expr(a: Any) -> Any:
    """The sympy expression of a SymInt or of the node computing one."""
    v = a.meta["val"] if isinstance(a, torch.fx.Node) else a
    return v.node.expr if isinstance(v, torch.SymInt) else v


_prims = torch.ops.prims
SHAPE_ARGS: dict[Any, int] = {
    _prims.broadcast_in_dim.default: 1,
    _prims.full.default: 0,
    _prims.reshape.default: 1,
}
"""Prims whose argument at this position is their result's shape."""


def dynamic_shape_args(gm: torch.fx.GraphModule) -> None:
    """The symbolic entries of a prim's shape argument (`SHAPE_ARGS`: the result's shape)
    become DYNAMIC_INDEX, as the result type says them with `?`; the `sym_size` nodes
    that fed them go. SymbolicTraceError for any other symbolic argument (a slice bound,
    a size used as a value)."""
    graph = gm.graph
    for node in graph.nodes:
        if node.op != "call_function":
            continue
        val = node.meta.get("val")
        args = list(node.args)
        for i, a in enumerate(args):
            symbolic = isinstance(a, list | tuple) and any(_is_symbolic(x) for x in a)
            if not symbolic and not _is_symbolic(a):
                continue
            if SHAPE_ARGS.get(node.target) != i or not isinstance(val, torch.Tensor) or len(
                a
            ) != val.dim():
                raise SymbolicTraceError(f"{node.target} takes a symbolic size")
            entries = []
            for x, d in zip(a, val.shape, strict=True):
                if not _is_symbolic(x):
                    entries.append(x)
                elif sympy.expand(_expr(x) - _expr(d)) == 0:
                    entries.append(DYNAMIC_INDEX)
                else:
                    raise SymbolicTraceError(f"{node.target}: a size that is not its result's")
            args[i] = entries
        node.args = tuple(args)
        if any(_is_symbolic(v) for v in node.kwargs.values()):
            raise SymbolicTraceError(f"{node.target} takes a symbolic size")
    graph.eliminate_dead_code()
    for node in graph.nodes:
        if node.op == "call_function" and isinstance(node.meta.get("val"), torch.SymInt):
            raise SymbolicTraceError(f"a size computed by {node.target} stays in use")
    gm.recompile()
