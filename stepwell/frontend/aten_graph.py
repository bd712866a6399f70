"""Is an FX graph functional ATen (what the importer takes as it is)? A light module:
the graph cache asks it before anything heavy is imported."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import torch

FUNCTIONAL_HOPS = (
    torch.ops.higher_order.with_effects,  # an ordered side effect (`import_with_effects`)
    torch.ops.higher_order.auto_functionalized,  # an op writing its arguments, on copies
    torch.ops.higher_order.auto_functionalized_v2,  # (`import_auto_functionalized`)
)
"""Higher-order ops a functional ATen graph may call."""


def is_aten_graph(gm: torch.fx.GraphModule) -> bool:
    """True if every call is an ATen overload, getitem, a symbolic-scalar operator or one
    of functionalization's own higher-order ops (`FUNCTIONAL_HOPS`), and the only op that
    writes an argument is a write of a new value into an input (`input_writes`)."""
    writes = input_writes(gm.graph)
    for n in gm.graph.nodes:
        if n.op in ("call_module", "call_method"):
            return False
        if n.op == "call_function" and not isinstance(n.target, torch._ops.OpOverload):
            if n.target is operator.getitem or n.target in FUNCTIONAL_HOPS or _is_sym_op(n):
                continue
            return False
        if n.op == "call_function" and _writes_an_argument(n.target) and n not in writes:
            return False  # in-place ops: functionalize first (value semantics)
        if n.op == "placeholder" and "val" not in n.meta:
            return False
        if n.op == "call_function" and "val" not in n.meta and n.target._schema.returns:
            return False
    return True


def input_writes(graph: torch.fx.Graph) -> dict[torch.fx.Node, torch.fx.Node]:
    """The graph's writes of new values into its inputs, `copy_` node -> input node.

    With `keep_inference_input_mutations`, AOTAutograd leaves an input's mutation in the
    graph as it functionalized it: the graph computes the new value, and one
    `copy_(input, value)` stores it (an optimizer step's parameters and state, a batch
    norm's running statistics, a KV cache written at a position). Such a copy counts as a
    write when its destination is a placeholder written once and no node after it reads
    that placeholder (its own result, the new value, may be read), so the rest of the
    graph has value semantics: the importer makes the value a result of the function
    marked as the input's new value (`fx_nodes.WRITES`)."""
    order = {n: i for i, n in enumerate(graph.nodes)}
    writes: dict[torch.fx.Node, torch.fx.Node] = {}
    written: set[torch.fx.Node] = set()
    for n in graph.nodes:
        if n.op != "call_function" or n.target is not torch.ops.aten.copy_.default:
            continue
        dest = n.args[0]
        if (
            not isinstance(dest, torch.fx.Node)
            or dest.op != "placeholder"
            or dest in written
            or n.kwargs.get("non_blocking")
            # (users outside the graph, nodes an importer made aside, do not count)
            or any(order.get(u, -1) > order[n] for u in dest.users)
        ):
            continue
        written.add(dest)
        writes[n] = dest
    return writes


def graph_attributes(gm: torch.fx.GraphModule) -> list[Any]:
    """The values of the graph's attributes (`get_attr` nodes), in graph order: the
    compiled graph takes them as arguments after its inputs."""
    return [getattr(gm, str(n.target)) for n in gm.graph.nodes if n.op == "get_attr"]


def _writes_an_argument(target: torch._ops.OpOverload) -> bool:
    """An op that mutates one of its inputs (effects such as asserts do not count)."""
    return any(a.alias_info is not None and a.alias_info.is_write for a in target._schema.arguments)


def _is_sym_op(n: torch.fx.Node) -> bool:
    val = n.meta.get("val")
    return isinstance(val, torch.SymInt | torch.SymFloat | torch.SymBool | int | float | bool)


def drop_opaque_inputs(
    gm: torch.fx.GraphModule, example_inputs: Sequence[Any]
) -> tuple[list[Any], list[int], dict[int, int]]:
    """Remove the graph inputs that are opaque objects the computation never reads.

    AOTAutograd passes objects that are neither tensors nor numbers to some graphs (the
    `FakeScriptObject`s standing for a DTensor's process group in a tensor-parallel
    graph); the graph at most returns them as they are, for the backward. They have no
    IR type, so they are left out: returns the remaining example inputs, the positions
    they had (`kept`: call the graph with `args[i] for i in kept`), and, for each output
    that was such an input, its output position -> input position (the output becomes
    `None` in the graph; the caller puts the argument back). An opaque input that an op
    reads is kept, and importing the graph reports it."""
    output = next(n for n in gm.graph.nodes if n.op == "output")
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    opaque = {
        node: i
        for i, (node, value) in enumerate(zip(placeholders, example_inputs, strict=True))
        if not isinstance(value, _IMPORTABLE) and set(node.users) <= {output}
    }
    passthrough: dict[int, int] = {}
    outs = output.args[0]
    if opaque and isinstance(outs, list | tuple):
        for slot, out in enumerate(outs):
            if out in opaque:
                passthrough[slot] = opaque[out]
        output.args = (type(outs)(None if o in opaque else o for o in outs),)
    kept = []
    for i, node in enumerate(placeholders):
        if node in opaque and not node.users:
            gm.graph.erase_node(node)
        else:
            kept.append(i)
    if len(kept) < len(placeholders):
        gm.recompile()
    return [example_inputs[i] for i in kept], kept, passthrough


_IMPORTABLE = (torch.Tensor, torch.SymInt, torch.SymFloat, torch.SymBool, int, float, bool)
