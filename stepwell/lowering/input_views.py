"""Outputs of a compiled FX graph that are views of its inputs, remade from the inputs at
run time.

The runtime returns a copy of an output that shares memory with an input
(`launch_plan.unaliased`). AOTAutograd, though, knows from its trace which outputs alias
an input, and makes each such output again from the input it aliases
(`gen_alias_from_base`): with dynamic shapes it reads the compiled output's sizes,
strides and storage offset and calls `as_strided` on the input, so a contiguous copy of
`x[:, n // 2:]` became `x`'s first elements (a wrong result). Inductor returns the real
view. So does stepwell now, for an output that the FX graph computes from its
placeholders through view ops and size arithmetic alone: the view ops run again on the
actual inputs, which costs no kernel and gives eager's sizes, strides and offset."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

import torch
import torch.fx

from stepwell.frontend.aten_graph import input_writes

Runner = Callable[..., list[Any]]

SIZE_OPS = (
    torch.ops.aten.sym_size.int,
    torch.ops.aten.sym_stride.int,
    torch.ops.aten.sym_numel.default,
    torch.ops.aten.sym_storage_offset.default,
)
"""ATen ops that read a tensor's metadata, not its values."""


def _is_tensor(node: torch.fx.Node) -> bool:
    return isinstance(node.meta.get("val"), torch.Tensor)


def written_inputs(graph: torch.fx.Graph) -> dict[torch.fx.Node, torch.fx.Node]:
    """Each node that is an input's new value (a write's `copy_`, and the value it copies
    when that has the input's shape and dtype) -> the input: after the call the input
    holds that value, so a view of the value is a view of the input."""
    found: dict[torch.fx.Node, torch.fx.Node] = {}
    for copy, dest in input_writes(graph).items():
        found[copy] = dest
        source, want = copy.args[1], dest.meta.get("val")
        have = source.meta.get("val") if isinstance(source, torch.fx.Node) else None
        if (isinstance(have, torch.Tensor) and isinstance(want, torch.Tensor)
                and have.shape == want.shape and have.dtype == want.dtype):  # fmt: skip
            found[source] = dest
    return found


def _inputs_of(node: torch.fx.Node,
               writes: dict[torch.fx.Node, torch.fx.Node]) -> list[torch.fx.Node]:  # fmt: skip
    """The nodes `node` is computed from when replayed: an input's new value's is that
    input alone (`written_inputs`)."""
    return [writes[node]] if node in writes else list(node.all_input_nodes)


def _replayable(node: torch.fx.Node) -> bool:
    """Can `node` be computed again at run time without running a kernel: a placeholder,
    a view op, an item of a list of views, or arithmetic on sizes?"""
    if node.op == "placeholder":
        return True
    if node.op != "call_function":
        return False
    target = node.target
    if target is operator.getitem:
        return True  # (of a view op's list of views, whose own node is checked too)
    if isinstance(target, torch._ops.OpOverload):
        if target.is_view:
            return True
        return target in SIZE_OPS
    if isinstance(target, torch._ops.OperatorBase):  # a higher-order op (a custom op's
        return False  # auto_functionalized, with_effects): running it again repeats it
    return not _is_tensor(node) and callable(target)  # operator.floordiv, sym_max, ...


def input_view_outputs(graph: torch.fx.GraphModule) -> dict[int, torch.fx.Node]:
    """The flat outputs of `graph` (by position among its output leaves, Nones counted)
    that are views of its tensor inputs, or of another output (a buffer's new value,
    which AOTAutograd writes back into the buffer before it makes the views again):
    computed from those by view ops and size arithmetic alone (an input returned as it
    is is a pass-through, which the backend handles)."""
    leaves = _leaves(graph)
    outputs = {leaf: i for i, leaf in enumerate(leaves)
               if isinstance(leaf, torch.fx.Node) and _is_tensor(leaf)}  # fmt: skip
    writes = written_inputs(graph.graph)  # (a view of an input's new value views it)
    found: dict[int, torch.fx.Node] = {}
    for leaf, i in outputs.items():
        if leaf.op != "call_function" or not (_replayable(leaf) or leaf in writes):
            continue
        stack, seen, ok = _inputs_of(leaf, writes), {leaf}, True
        while stack and ok:
            node = stack.pop()
            if node in seen or node in outputs:  # (an output: what the runtime returns)
                continue
            seen.add(node)
            ok = _replayable(node) or node in writes
            stack.extend(_inputs_of(node, writes))
        if ok:
            found[i] = leaf
    return found


def _leaves(graph: torch.fx.GraphModule) -> list[Any]:
    output = next(n for n in graph.graph.nodes if n.op == "output")
    return torch.utils._pytree.tree_leaves(output.args[0], is_leaf=lambda x: x is None)


def _replay(graph: torch.fx.GraphModule, wanted: Sequence[torch.fx.Node],
            args: Sequence[Any], outputs: Sequence[Any],
            writes: dict[torch.fx.Node, torch.fx.Node]) -> list[Any]:  # fmt: skip
    """The values of the nodes `wanted` (see `input_view_outputs`), computed from the
    graph's arguments `args` and the values of its other outputs, `outputs`; an input's
    new value (`writes`, `written_inputs`) is that input, which the call wrote."""
    known: dict[torch.fx.Node, Any] = {}
    for leaf, value in zip(_leaves(graph), outputs, strict=True):
        if isinstance(leaf, torch.fx.Node) and leaf not in wanted:
            known[leaf] = value
    needed: set[torch.fx.Node] = set()
    stack = list(wanted)
    while stack:
        node = stack.pop()
        if node not in needed:
            needed.add(node)
            if node in wanted or node not in known:
                stack.extend(_inputs_of(node, writes))
    env: dict[torch.fx.Node, Any] = {}
    placeholders = iter(args)
    for node in graph.graph.nodes:
        if node.op == "placeholder":
            env[node] = next(placeholders)
        elif node in needed:
            if node in known and node not in wanted:
                env[node] = known[node]
                continue
            if node in writes:  # (the input, which the call wrote)
                env[node] = env[writes[node]]
                continue
            a = torch.fx.node.map_arg(node.args, env.__getitem__)
            kw = torch.fx.node.map_arg(node.kwargs, env.__getitem__)
            env[node] = node.target(*a, **kw)  # type: ignore[operator]
    return [env[n] for n in wanted]


def with_input_views(run: Runner, graph: torch.fx.GraphModule,
                     views: dict[int, torch.fx.Node] | None = None) -> Runner:  # fmt: skip
    """`run`, with the outputs that are views of inputs (`views`, else
    `input_view_outputs`) remade from the actual inputs; `run` itself when there are
    none. `run` need not compute them (the backend compiles the graph without them)."""
    views = input_view_outputs(graph) if views is None else views
    if not views:
        return run
    positions, nodes = list(views), list(views.values())
    writes = written_inputs(graph.graph)  # (once: each call replays the views)

    def remade(*args: Any) -> list[Any]:
        outputs = list(run(*args))
        replayed = _replay(graph, nodes, args, outputs, writes)
        for i, value in zip(positions, replayed, strict=True):
            outputs[i] = value
        return outputs

    return remade
