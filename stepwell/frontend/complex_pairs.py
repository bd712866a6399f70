"""Complex tensors as pairs of reals, before import: a complex value is two real tensors
of its shape, its real and its imaginary part.

Kernels have no complex type, so a complex op used to run in ATen, and with it the
rotary embeddings of models that write them as a complex product (Meta's Llama:
`view_as_real(view_as_complex(x.reshape(.., -1, 2)) * freqs_cis)`). This rewrite gives
every complex value of an ATen FX graph a real twin (its two parts) and computes it with
real ops, which then decompose and fuse like any other: `view_as_complex(x)` is
`(x[..., 0], x[..., 1])`, a product is `(ar·br - ai·bi, ar·bi + ai·br)`, views and
copies apply to both parts alike, and `view_as_real(z)` stacks z's parts on a new last
dim.

Rules are keyed by ATen overload (`RULES`). The rewrite is all or nothing: when any node
that reads or makes a complex value has no rule (an FFT, a complex division, a complex
Python scalar), the graph is left as it was and ATen computes its complex ops, as before.
Complex graph inputs enter through `view_as_real` and complex outputs leave through
`view_as_complex` (both views in ATen); the graph's own values never hold complex."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import torch
import torch.fx
from torch._guards import detect_fake_mode
from torch.fx import Node

aten = torch.ops.aten


def is_complex(v: Any) -> bool:
    """Is `v` (a node, or anything else) a complex tensor value?"""
    val = v.meta.get("val") if isinstance(v, Node) else None
    return isinstance(val, torch.Tensor) and val.is_complex()


Pair = tuple[Node, Node]


@dataclass
class Rewriter:
    """Emits the real ops of one graph; `twin` maps each complex node to its (real part,
    imaginary part), two real nodes of its shape."""

    graph: torch.fx.Graph
    twin: dict[Node, Pair] = field(default_factory=dict)
    at: Node | None = None  # the node being rewritten: new nodes take its source location

    def call(self, target: Any, *args: Any, **kwargs: Any) -> Node:
        """A new node computing `target`, with its fake value (`meta["val"]`) computed."""
        node = self.graph.call_function(target, args, kwargs)
        vals, kwvals = torch.fx.node.map_arg((args, kwargs), lambda a: a.meta["val"])
        mode = detect_fake_mode((vals, kwvals))
        with mode if mode is not None else contextlib.nullcontext():
            node.meta["val"] = target(*vals, **kwvals)
        if self.at is not None:
            for key in ("stack_trace", "nn_module_stack", "source_fn_stack"):
                if key in self.at.meta:
                    node.meta[key] = self.at.meta[key]
        return node

    def split(self, x: Node) -> Pair:
        """A real `[.., 2]` tensor as the pair it holds."""
        return self.call(aten.select.int, x, -1, 0), self.call(aten.select.int, x, -1, 1)

    def both(self, target: Any, z: Node, *args: Any, **kwargs: Any) -> Pair:
        """`target` applied alike to both parts of `z` (a view, a copy)."""
        re, im = self.twin[z]
        return self.call(target, re, *args, **kwargs), self.call(target, im, *args, **kwargs)


Rule = Callable[[Rewriter, Node], "Pair | Node"]


@dataclass(frozen=True)
class Spec:
    rule: Rule
    accepts: Callable[[Node], bool] = lambda n: True


# -- arithmetic -----------------------------------------------------------------------------
def _real_operand(x: Any) -> bool:
    """A tensor or a real Python number (not a complex scalar)."""
    return isinstance(x, Node | int | float | bool)


def _shape(x: Any) -> tuple[str, ...]:
    """`x`'s shape, compared as text: a symbolic size by its expression (no guard)."""
    return tuple(map(str, x.meta["val"].shape)) if isinstance(x, Node) else ()


def _binary_ok(n: Node) -> bool:
    """Complex or real operands (alpha 1); a complex operand that a real one broadcasts
    to a larger shape is refused (its imaginary part would need that shape too)."""
    a, b = n.args[:2]
    if len(n.args) > 2 or n.kwargs.get("alpha", 1) != 1:
        return False
    if not all(is_complex(x) or _real_operand(x) or isinstance(x, complex) for x in (a, b)):
        return False
    if not isinstance(a, Node) and not isinstance(b, Node):
        return False
    out = _shape(n)
    return all(_shape(z) == out for z in (a, b) if is_complex(z)) or (
        is_complex(a) and is_complex(b)
    )


def _mul(r: Rewriter, n: Node) -> Pair:
    """(ar + ai i)(br + bi i) = (ar br - ai bi, ar bi + ai br). A real operand is a
    complex one of imaginary part +0, as eager promotes it: `(inf + 1i) * 2` is
    `inf + nan i` and `(3 - 1i) * 0` is `0 + 0i`, which scaling each part would not give
    (`inf + 2i`, `0 - 0i`)."""
    a, b = n.args[:2]
    if isinstance(a, complex):  # (a Python complex number: `1j * z`)
        a, b = b, a
    if not is_complex(a):  # (a real tensor times a complex one or a complex number)
        a, b = b, a
    if isinstance(a, complex):  # a real tensor b times the number a: b + 0i
        c, d = a.real, a.imag
        return (r.call(aten.sub.Tensor, r.call(aten.mul.Tensor, b, c), 0.0 * d),
                r.call(aten.add.Tensor, r.call(aten.mul.Tensor, b, d), 0.0 * c))  # fmt: skip
    ar, ai = r.twin[a]
    if isinstance(b, complex):
        br, bi = b.real, b.imag
    elif is_complex(b):
        br, bi = r.twin[b]
    else:  # a real tensor or number
        br, bi = b, 0.0
    mul = aten.mul.Tensor
    re = r.call(aten.sub.Tensor, r.call(mul, ar, br), r.call(mul, ai, bi))
    im = r.call(aten.add.Tensor, r.call(mul, ar, bi), r.call(mul, ai, br))
    return re, im


def _add_or_sub(sub: bool) -> Rule:
    def rule(r: Rewriter, n: Node) -> Pair:
        a, b = n.args[:2]
        op = aten.sub.Tensor if sub else aten.add.Tensor
        if isinstance(a, complex) or isinstance(b, complex):  # a Python complex number
            (ar, ai), (br, bi) = _parts(r, a), _parts(r, b)
            re = _combine(r, op, ar, br, sub)  # (a node: one operand is a tensor)
            if isinstance(ai, Node) or isinstance(bi, Node):
                return re, _combine(r, op, ai, bi, sub)
            # a real tensor and a complex number: the imaginary part is that number's
            return re, r.call(aten.full_like.default, re, ai - bi if sub else ai + bi)
        if is_complex(a) and is_complex(b):
            (ar, ai), (br, bi) = r.twin[a], r.twin[b]
            return r.call(op, ar, br), r.call(op, ai, bi)
        if is_complex(a):  # z ± c: (zr ± c, zi)
            ar, ai = r.twin[a]
            return r.call(op, ar, b), ai
        br, bi = r.twin[b]  # c ± z: (c ± zr, ±zi)
        if not sub:
            return r.call(op, br, a), bi
        minus = r.call(op, a, br) if isinstance(a, Node) else r.call(aten.rsub.Scalar, br, a)
        return minus, r.call(aten.neg.default, bi)

    return rule


def _parts(r: Rewriter, x: Any) -> tuple[Any, Any]:
    """`x`'s real and imaginary parts: a complex node's pair, a Python complex number's
    floats, a real tensor or number and 0."""
    if isinstance(x, complex):
        return x.real, x.imag
    return r.twin[x] if is_complex(x) else (x, 0.0)


def _combine(r: Rewriter, op: Any, a: Any, b: Any, sub: bool) -> Node:
    """`a ± b` of two parts, one a node, the other a node or a Python number."""
    if isinstance(a, Node):
        return r.call(op, a, b)
    return r.call(aten.rsub.Scalar, b, a) if sub else r.call(op, b, a)


def _div(r: Rewriter, n: Node) -> Pair:
    """Only a complex numerator over a real divisor (a complex quotient is not rewritten)."""
    return r.both(aten.div.Tensor, n.args[0], n.args[1])


def _div_ok(n: Node) -> bool:
    a, b = n.args[:2]
    return is_complex(a) and not is_complex(b) and _real_operand(b) and _shape(a) == _shape(n)


def _neg(r: Rewriter, n: Node) -> Pair:
    return r.both(aten.neg.default, n.args[0])


def _conj(r: Rewriter, n: Node) -> Pair:
    re, im = r.twin[n.args[0]]
    return re, r.call(aten.neg.default, im)


def _same_shapes(n: Node) -> bool:
    a, b = n.args[:2]
    return isinstance(a, Node) and isinstance(b, Node) and _shape(a) == _shape(b)


def _polar(r: Rewriter, n: Node) -> Pair:
    mag, angle = n.args[:2]
    return (r.call(aten.mul.Tensor, mag, r.call(aten.cos.default, angle)),
            r.call(aten.mul.Tensor, mag, r.call(aten.sin.default, angle)))  # fmt: skip


def _complex(r: Rewriter, n: Node) -> Pair:
    return n.args[0], n.args[1]


# -- entering and leaving -------------------------------------------------------------------
def _view_as_complex(r: Rewriter, n: Node) -> Pair:
    return r.split(n.args[0])


def _view_as_real(r: Rewriter, n: Node) -> Node:
    return r.call(aten.stack.default, list(r.twin[n.args[0]]), -1)


def _part(index: int) -> Rule:
    return lambda r, n: r.twin[n.args[0]][index]


def _to_copy(r: Rewriter, n: Node) -> Pair:
    """A complex type change, as a real one of both parts (complex64 <-> complex128)."""
    return r.both(aten._to_copy.default, n.args[0], dtype=n.meta["val"].real.dtype)


def _to_copy_ok(n: Node) -> bool:
    """A type change only (no device change, no other option)."""
    keys = set(n.kwargs) - {"dtype", "layout", "device", "memory_format"}
    device = n.kwargs.get("device")
    same_device = device is None or torch.device(device) == n.args[0].meta["val"].device
    return is_complex(n.args[0]) and is_complex(n) and not keys and same_device


# -- views and copies: the same op on both parts ------------------------------------------
def _alike(r: Rewriter, n: Node) -> Pair:
    return r.both(n.target, n.args[0], *n.args[1:], **n.kwargs)


def _cat(r: Rewriter, n: Node) -> Pair:
    parts = [r.twin[p] for p in n.args[0]]
    rest = n.args[1:]
    return (r.call(aten.cat.default, [p[0] for p in parts], *rest),
            r.call(aten.cat.default, [p[1] for p in parts], *rest))  # fmt: skip


def _cat_ok(n: Node) -> bool:
    return all(is_complex(p) for p in n.args[0])


def _first_complex(n: Node) -> bool:
    """Only the first operand is complex (an index or a size is not)."""
    first = n.args[0]
    return is_complex(first) and not any(is_complex(a) for a in n.all_input_nodes if a is not first)


ALIKE = Spec(_alike, _first_complex)
RULES: dict[Any, Spec] = {
    aten.mul.Tensor: Spec(_mul, _binary_ok),
    aten.mul.Scalar: Spec(_mul, _binary_ok),
    aten.add.Tensor: Spec(_add_or_sub(False), _binary_ok),
    aten.add.Scalar: Spec(_add_or_sub(False), _binary_ok),
    aten.sub.Tensor: Spec(_add_or_sub(True), _binary_ok),
    aten.sub.Scalar: Spec(_add_or_sub(True), _binary_ok),
    aten.div.Tensor: Spec(_div, _div_ok),
    aten.neg.default: Spec(_neg),
    aten._conj.default: Spec(_conj),
    aten.conj_physical.default: Spec(_conj),
    aten.polar.default: Spec(_polar, _same_shapes),
    aten.complex.default: Spec(_complex, _same_shapes),
    aten.view_as_complex.default: Spec(_view_as_complex),
    aten.view_as_real.default: Spec(_view_as_real),
    aten.real.default: Spec(_part(0)),
    aten.imag.default: Spec(_part(1)),
    aten._to_copy.default: Spec(_to_copy, _to_copy_ok),
    aten.to.dtype: Spec(_to_copy, lambda n: is_complex(n.args[0]) and is_complex(n)),
    aten.cat.default: Spec(_cat, _cat_ok),
    **dict.fromkeys(
        (aten.view.default, aten._unsafe_view.default, aten.reshape.default,
         aten.unsqueeze.default, aten.squeeze.dim, aten.squeeze.dims, aten.squeeze.default,
         aten.select.int, aten.slice.Tensor, aten.permute.default, aten.transpose.int,
         aten.t.default, aten.expand.default, aten.clone.default, aten.alias.default,
         aten.flip.default, aten.roll.default, aten.repeat.default, aten.narrow.default,
         aten.index_select.default, aten.index.Tensor, aten.gather.default),
        ALIKE,
    ),  # fmt: skip
}
"""How each ATen op that reads or makes a complex value is computed on its parts; `accepts`
refuses the calls its rule does not cover (the graph is then left whole)."""


CHECKS = frozenset({aten._assert_tensor_metadata.default})
"""Ops that only check an input's metadata: kept as they are, reading the complex input."""


def _kept(n: Node) -> bool:
    """A metadata check of complex graph inputs, left reading them."""
    return n.target in CHECKS and all(a.op in ("placeholder", "get_attr")
                                      for a in n.all_input_nodes)  # fmt: skip


def _writes_complex_input(n: Node) -> bool:
    """A `copy_` of a new value into a complex graph input (an input the graph writes:
    `aten_graph.input_writes`): kept, with the value made complex again."""
    return (n.op == "call_function" and n.target is aten.copy_.default
            and isinstance(n.args[0], Node) and n.args[0].op == "placeholder"
            and is_complex(n.args[0]))  # fmt: skip


def _touches_complex(n: Node) -> bool:
    return is_complex(n) or any(is_complex(a) for a in n.all_input_nodes)


def rewritable(graph: torch.fx.Graph) -> bool:
    """Does `graph` hold complex values, all of them made and read by ops with a rule?"""
    found = False
    for n in graph.nodes:
        if n.op in ("placeholder", "get_attr", "output"):
            found = found or is_complex(n)
            continue
        if not _touches_complex(n) or _kept(n):
            continue
        found = True
        if _writes_complex_input(n):
            continue
        spec = RULES.get(n.target) if n.op == "call_function" else None
        val = n.meta.get("val")
        if spec is None or not isinstance(val, torch.Tensor) or not spec.accepts(n):
            return False
    return found


def complex_as_pairs(graph: torch.fx.Graph) -> torch.fx.Graph:
    """`graph` with its complex values computed as real pairs (a new graph; `graph` is
    not changed), or `graph` itself when it holds none or one without a rule."""
    if not rewritable(graph):
        return graph
    try:
        return _rewrite(graph)
    except Exception:  # (values fake tensors cannot recompute, e.g. from two fake modes)
        return graph  # left whole: ATen computes its complex ops, as without the rewrite


def _rewrite(graph: torch.fx.Graph) -> torch.fx.Graph:
    new = torch.fx.Graph()
    returned, old_output = new.graph_copy(graph, {}, return_output_node=True)
    new.output(returned).meta.update(old_output.meta)  # (node_copy copied the others' meta)
    r = Rewriter(new)
    placeholders = [n for n in new.nodes if n.op == "placeholder"]
    for n in list(new.nodes):
        if n.op in ("placeholder", "get_attr") and is_complex(n):
            r.at = n  # (after the last placeholder: placeholders come first)
            with new.inserting_before((placeholders[-1] if n.op == "placeholder" else n).next):
                dense = r.call(aten.resolve_conj.default, n) if n.meta["val"].is_conj() else n
                r.twin[n] = r.split(r.call(aten.view_as_real.default, dense))
        if n.op != "call_function" or not _touches_complex(n) or _kept(n):
            continue
        r.at = n
        with new.inserting_before(n):
            if _writes_complex_input(n):  # (the input gets the complex value back)
                source = n.args[1]
                n.args = (n.args[0], _leave(r, source) if source in r.twin else source)
                continue
            out = RULES[n.target].rule(r, n)
            if is_complex(n):
                r.twin[n] = cast(Pair, tuple(_as_dtype(r, x, n.meta["val"].real.dtype)
                                             for x in cast(Pair, out)))  # fmt: skip
            else:
                n.replace_all_uses_with(_as_dtype(r, cast(Node, out), n.meta["val"].dtype))
    output = next(n for n in new.nodes if n.op == "output")
    r.at = output
    with new.inserting_before(output):
        leaving = {n: _leave(r, n) for n in output.all_input_nodes
                   if is_complex(n) and n.op == "call_function" and n in r.twin}  # fmt: skip
    output.args = torch.fx.node.map_arg(output.args, lambda a: leaving.get(a, a))
    for n in reversed(list(new.nodes)):  # the complex nodes, now unread
        if (n.op == "call_function" and not n.users and _touches_complex(n) and not _kept(n)
                and not _writes_complex_input(n)):  # fmt: skip
            new.erase_node(n)
    new.lint()
    return new


def _as_dtype(r: Rewriter, x: Node, dtype: torch.dtype) -> Node:
    """`x` in `dtype`: a part computed from a wider real operand (a float64 tensor times a
    complex64 one is complex128 in eager, but a 0-d one is not) gets eager's type."""
    if x.meta["val"].dtype == dtype:
        return x
    return r.call(aten._to_copy.default, x, dtype=dtype)


def _leave(r: Rewriter, n: Node) -> Node:
    """A complex output: its parts stacked (a new contiguous tensor), viewed as complex."""
    return r.call(aten.view_as_complex.default, r.call(aten.stack.default, list(r.twin[n]), -1))
