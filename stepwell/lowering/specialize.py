"""Dynamic graphs run as native kernels: one compile per binding of their sizes.

Dynamo hands a backend a graph with symbolic sizes (`s0`) once an input changed size
(automatic dynamic), or from the start with `dynamic=True` / `mark_dynamic`. The tile
level's kernels have static shapes, so a symbolic graph compiled as it is would leave
every op with a `?` dim to ATen (`prims.extern`). Instead, a `SpecializingGraph` compiles
the graph for the sizes of each call: it traces the symbolic graph with the call's
concrete inputs (`make_fx` in fake mode, so every size, slice bound and `operator.*`
on sizes becomes a constant), and compiles that static graph through the whole pipeline.
Each binding of sizes (and strides, dtypes, scalar arguments) is compiled once and kept;
the on-disk graph cache makes a binding seen by an earlier process a warm hit.

A graph called with more distinct bindings than `max_specializations` (default 32,
`STEPWELL_MAX_SPECIALIZATIONS` or `options={"max_specializations": N}`) stops
specializing: further bindings run the symbolic graph compiled once, where the ops with
symbolic sizes run through ATen (a warning says so once). Kernels whose sizes are
arguments (one compile for every size) are the next step; see docs/architecture.md.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch
import torch.fx

DEFAULT_MAX_SPECIALIZATIONS = 32
SYMBOLIC_SCALARS = (torch.SymInt, torch.SymFloat, torch.SymBool)


def max_specializations(option: int | None = None) -> int:
    """The limit from `option`, else `$STEPWELL_MAX_SPECIALIZATIONS`, else 32."""
    if option is not None:
        return int(option)
    env = os.environ.get("STEPWELL_MAX_SPECIALIZATIONS")
    return int(env) if env else DEFAULT_MAX_SPECIALIZATIONS


def has_symbolic_sizes(example_inputs: Sequence[Any]) -> bool:
    """True if an input is a symbolic scalar or a tensor with a symbolic size or stride."""
    for x in example_inputs:
        if isinstance(x, SYMBOLIC_SCALARS):
            return True
        if isinstance(x, torch.Tensor) and any(
            isinstance(d, torch.SymInt) for d in (*x.shape, *x.stride())
        ):
            return True
    return False


def binding_key(args: Sequence[Any]) -> tuple[Any, ...]:
    """What a specialization depends on: each tensor's sizes, strides, dtype and device
    kind, and each scalar's value."""
    return tuple(
        (tuple(a.shape), a.stride(), a.dtype, a.device.type)
        if isinstance(a, torch.Tensor)
        else (type(a).__name__, a)
        for a in args
    )


def binding_names(example_inputs: Sequence[Any], args: Sequence[Any]) -> dict[str, int]:
    """Each plain symbol of the example inputs (`s0`, not `2*s0`) and its value in `args`."""
    names: dict[str, int] = {}
    for ex, a in zip(example_inputs, args, strict=False):
        if isinstance(ex, torch.SymInt) and isinstance(a, int) and str(ex).isidentifier():
            names.setdefault(str(ex), a)
        elif isinstance(ex, torch.Tensor) and isinstance(a, torch.Tensor):
            for d, n in zip(ex.shape, a.shape, strict=False):
                if isinstance(d, torch.SymInt) and str(d).isidentifier():
                    names.setdefault(str(d), int(n))
    return names


def duck_size(example_inputs: Sequence[Any]) -> list[tuple[str, str]]:
    """Make the plain size symbols of the inputs that have the same hint one symbol, as
    Dynamo's duck sizing does for inputs: for each later symbol of a hint,
    `bool(first == later)` records the guard `later == first` in the shape environment,
    which Dynamo installs with the graph's other guards (a call where they differ is
    recompiled), and makes every size printed from then on name `first`. A KV cache's
    keys and values get a symbol each although they always grow together; a decomposition
    that multiplies them (`softmax(q kᵀ) v`) needs them equal. Returns the (later, first)
    pairs made equal."""
    first: dict[int, torch.SymInt] = {}
    pairs: list[tuple[str, str]] = []
    for x in example_inputs:
        dims = list(x.shape) if isinstance(x, torch.Tensor) else [x]
        for d in dims:
            if not isinstance(d, torch.SymInt) or not str(d).isidentifier():
                continue
            hint = d.node.hint
            if not isinstance(hint, int):
                continue
            seen = first.setdefault(hint, d)
            if str(seen) != str(d):
                name = str(d)
                if bool(d == seen):  # (true at the hint: the guard, and the replacement)
                    pairs.append((name, str(seen)))
    return pairs


def specialize_graph(gm: torch.fx.GraphModule, args: Sequence[Any]) -> torch.fx.GraphModule:
    """`gm` traced with the concrete `args`: a graph with static sizes. Sizes computed
    from symbols (`operator.mul`, `sym_size`) fold to constants; the scalar inputs stay
    placeholders (their values are in `meta["val"]`) so the signature does not change."""
    import torch.fx.traceback as fx_traceback
    from torch.fx.experimental.proxy_tensor import make_fx

    # AOTAutograd passes effect tokens (`with_effects`) as None at run time: trace with
    # what a token is at compile time, an empty tensor; a tensor in the layout the graph
    # was traced with (a backward's `view` of a saved tensor needs those strides)
    originals = [n for n in gm.graph.nodes if n.op == "placeholder"]
    tokens = [torch.empty(0) if a is None else _traced_layout(n, a)
              for n, a in zip(originals, args, strict=True)]  # fmt: skip
    with fx_traceback.preserve_node_meta(), torch._guards.tracing(None):
        traced = make_fx(
            torch.fx.Interpreter(gm).run, tracing_mode="fake", _allow_non_fake_inputs=True
        )(*tokens)
    placeholders = [n for n in traced.graph.nodes if n.op == "placeholder"]
    for node, original, a in zip(placeholders, originals, tokens, strict=True):
        node.meta["stepwell_name"] = original.meta.get("stepwell_name", original.name)
        if not isinstance(a, torch.Tensor):
            node.meta["val"] = a
    return traced


def _traced_layout(node: torch.fx.Node, value: Any) -> Any:
    """`value` (a graph input at run time) with the strides its placeholder was traced
    with, at `value`'s sizes: a copy where they differ (a saved tensor the forward
    stored row-major that the backward's `view` reads through a permute), else itself."""
    val = node.meta.get("val")
    if not (isinstance(val, torch.Tensor) and isinstance(value, torch.Tensor)):
        return value
    if val.dim() != value.dim():
        return value
    binding = {d.node.expr: n for d, n in zip(val.shape, value.shape, strict=True)
               if isinstance(d, torch.SymInt) and d.node.expr.is_Symbol}  # fmt: skip
    try:
        strides = tuple(int(st.node.expr.subs(binding)) if isinstance(st, torch.SymInt)
                        else int(st) for st in val.stride())  # fmt: skip
    except (TypeError, ValueError, AttributeError):  # (a stride the sizes do not give)
        return value
    if strides == value.stride() or value.numel() == 0:
        return value
    laid = torch.empty_strided(value.shape, strides, dtype=value.dtype, device=value.device)
    if torch._debug_has_internal_overlap(laid) != 0:
        return value
    return laid.copy_(value)


def split_constant_outputs(gm: torch.fx.GraphModule) -> list[tuple[int, Any]]:
    """Remove the outputs that tracing made constants (a size the forward returns for
    the backward: `9` where the symbolic graph returned `s0`) from `gm`'s output node;
    returns each one's position among the flat outputs and its value."""
    output = next(n for n in gm.graph.nodes if n.op == "output")
    leaves, spec = torch.utils._pytree.tree_flatten(output.args[0])
    constants = [
        (i, x) for i, x in enumerate(leaves) if x is not None and not isinstance(x, torch.fx.Node)
    ]
    if constants:
        kept = [x for x in leaves if x is None or isinstance(x, torch.fx.Node)]
        output.args = (tuple(kept),)
        gm.recompile()
    return constants


Runner = Callable[..., list[Any]]


@dataclass
class SpecializingGraph:
    """Run a symbolic graph, compiling one static specialization per binding of sizes.

    `compile_static(gm, args)` compiles a static graph and returns a runner (flat
    outputs, `None` where the graph returns none); `compile_symbolic()` compiles the
    graph as it is, for bindings past the limit; `trace_failed(error)` raises, or returns
    a runner of the graph as it is when the graph cannot be specialized."""

    gm: torch.fx.GraphModule
    example_inputs: Sequence[Any]
    compile_static: Callable[[torch.fx.GraphModule, Sequence[Any]], Runner]
    compile_symbolic: Callable[[], Runner]
    trace_failed: Callable[[Exception], Runner]
    limit: int = DEFAULT_MAX_SPECIALIZATIONS
    compiled: dict[tuple[Any, ...], Runner] = field(default_factory=dict)
    symbolic: Runner | None = None

    def runner_for(self, args: Sequence[Any]) -> Runner:
        key = binding_key(args)
        runner = self.compiled.get(key)
        if runner is not None:
            return runner
        if len(self.compiled) >= self.limit:
            if self.symbolic is None:
                warnings.warn(
                    f"stepwell: a dynamic graph was called with more than {self.limit} "
                    "distinct sizes; further sizes run it compiled once with symbolic sizes "
                    "(its ops without a symbolic kernel call ATen; raise "
                    "STEPWELL_MAX_SPECIALIZATIONS to compile more)",
                    stacklevel=3,
                )
                self.symbolic = self.compile_symbolic()
            return self.symbolic
        try:
            specialized = specialize_graph(self.gm, args)
        except Exception as e:
            self.compiled[key] = self.trace_failed(e)
            return self.compiled[key]
        constants = split_constant_outputs(specialized)
        compiled = self.compile_static(specialized, args)
        runner = _with_constants(compiled, constants) if constants else compiled
        self.compiled[key] = runner
        return runner

    def __call__(self, *args: Any) -> list[Any]:
        return self.runner_for(args)(*args)


def _with_constants(run: Runner, constants: list[tuple[int, Any]]) -> Runner:
    """`run`, with the constant outputs put back at their positions."""

    def with_constants(*args: Any) -> list[Any]:
        outputs = list(run(*args))
        for i, value in constants:
            outputs.insert(i, value)
        return outputs

    return with_constants
