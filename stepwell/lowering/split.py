"""A graph that calls something stepwell cannot compile, split around it.

Some nodes of an ATen graph have no import: a higher-order op on subgraphs (`torch.cond`,
`while_loop`, `flex_attention`), an op writing a list of tensors. The importer raises
`RunsWithAten` naming them. Rather than run the whole graph with ATen, the backend cuts
it at those nodes (`split_around`): the stretches between them are compiled as graphs of
their own, and each named node (with the getitems that unpack its results) runs with
ATen, as it is, in between. A model with one `torch.cond`, or one attention stepwell
cannot fuse, keeps every other op in kernels.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection
from typing import Any

import torch
import torch.fx
from torch.fx.passes.split_module import split_module

Runner = Callable[..., Any]


class _Compiled(torch.nn.Module):
    """A compiled part in the split graph's calling convention: its one result, or the
    tuple of its results (a runner returns them as a flat list)."""

    def __init__(self, run: Runner, single: bool) -> None:
        super().__init__()
        self.run, self.single = run, single

    def forward(self, *args: Any) -> Any:
        out = list(self.run(*args))
        return out[0] if self.single else tuple(out)


def split_around(graph: torch.fx.GraphModule, names: Collection[str],
                 compile_part: Callable[[torch.fx.GraphModule, str], Runner]
                 ) -> torch.fx.GraphModule | None:  # fmt: skip
    """`graph` cut before and after each node named in `names`: a module that runs each
    stretch between them compiled (`compile_part` of it, a graph of its own, and of its
    name: `submod_0`, ...) and the named nodes with ATen. None when there is nothing to
    compile around them (a name not in the graph, no other op, or a placeholder with
    symbolic sizes, which a part's compile would not bind)."""
    nodes = list(graph.graph.nodes)
    by_name = {n.name: n for n in nodes}
    if not names or any(n not in by_name for n in names) or any(
        _symbolic(n.meta.get("val")) for n in nodes if n.op == "placeholder"
    ):
        return None
    aten = {by_name[n] for n in names}
    for n in nodes:  # (the getitems unpacking one of them stay with it)
        if n.target is operator.getitem and n.args and n.args[0] in aten:
            aten.add(n)
    computed = [n for n in nodes if n.op == "call_function"]
    if len(computed) <= len(aten):
        return None
    part, before, parts = 0, None, {}
    for n in computed:  # (a part ends where the graph turns from kernels to ATen or back)
        if before is not None and (n in aten) != before:
            part += 1
        parts[n], before = part, n in aten
    top = split_module(graph, None, lambda n: parts.get(n, 0), keep_original_order=True)
    kept = {parts[n] for n in aten}
    for name, sub in list(top.named_children()):
        index = int(name.removeprefix("submod_")) if name.startswith("submod_") else None
        if index is None or index in kept:
            continue
        out = next(n for n in sub.graph.nodes if n.op == "output").args[0]
        setattr(top, name, _Compiled(compile_part(sub, name), not isinstance(out, tuple | list)))
    return top


def example_inputs(graph: torch.fx.GraphModule) -> list[Any]:
    """The values a part's placeholders stand for (their FX metadata)."""
    return [n.meta.get("val") for n in graph.graph.nodes if n.op == "placeholder"]


def _symbolic(value: Any) -> bool:
    if isinstance(value, torch.SymInt | torch.SymFloat | torch.SymBool):
        return True
    return isinstance(value, torch.Tensor) and any(
        isinstance(d, torch.SymInt) for d in (*value.shape, *value.stride()))
