"""Read explicit attention in an ATen FX graph as `softmax(c · Q Kᵀ + Σ biasᵢ) · V`.

`match(gm, softmax, wants_grad)` starts at an `aten._softmax` over the last dim and lists no model
spellings; it reads:

1. the probabilities: float casts, clones, views and same-shape expands to a `bmm` (or
   `matmul`) where they are the left operand (dropout in eval mode leaves no node; in
   training it draws a mask and is refused); that matmul's right operand is V;
2. the logits, back to the view of `bmm(Q, Kᵀ)`, as an affine form: `mul`/`div` by a
   compile-time constant fold into c (and scale the biases added before them), `add`/
   `sub` of a float tensor that does not come from a matmul is a bias, `where` and
   `masked_fill` with a fill at or below -1e4 (after scaling) are masks;
3. Q, Kᵀ, V: the matmul operands stripped of views, clones and same-shape expands back to
   4-d `[B, H, ·, ·]` tensors of one float dtype (a `repeat_kv` expand + reshape stays:
   the repeated heads are what sdpa gets).

Anything else is refused with a reason: another op in the way, a softmax over another dim,
a scale that is not a constant, an intermediate value used outside the pattern (the fused
kernel never makes it), or a bias that needs a gradient (sdpa's fused kernels give none:
it would run its math path). `detach` is never looked through: it stops gradients.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import torch
from torch._subclasses.fake_tensor import FakeTensor
from torch.fx import GraphModule, Node

aten = torch.ops.aten
VIEWS = frozenset({aten.view.default, aten._unsafe_view.default, aten.reshape.default})
COPIES = frozenset({aten.clone.default, aten.alias.default, aten.expand.default})
MATMULS = frozenset({aten.bmm.default, aten.matmul.default})
PRODUCTS = MATMULS | {aten.scaled_dot_product_attention.default}
"""What scores come from (an attention fused already counts: its output feeds the next)."""
FLOATS = (torch.float32, torch.float16, torch.bfloat16)
MASKED = -1e4
"""A fill at or below this (after scaling) masks a lane: exp underflows to 0."""
FOLD: Mapping[Any, Callable[[float], float]] = MappingProxyType(
    {
        aten.sqrt.default: math.sqrt,
        aten.rsqrt.default: lambda v: 1 / math.sqrt(v),
        aten.reciprocal.default: lambda v: 1 / v,
        aten.neg.default: lambda v: -v,
    }
)
"""Unary ops folded into a constant scale (`s / torch.sqrt(torch.tensor(d))`)."""


class Refused(Exception):
    """The candidate is not an attention the rewrite can prove; the message says why."""


@dataclass
class Mask:
    """A bias `where(cond, 0, fill)` if `keep` (True attends), else `where(cond, fill, 0)`."""

    cond: Node
    keep: bool
    fill: float


@dataclass
class Logits:
    """The affine form read so far: logits = scale · (Q Kᵀ) + Σ coefficient · bias."""

    scale: float = 1.0
    biases: list[tuple[float, Node | Mask]] = field(default_factory=list)


@dataclass
class Attention:
    """`result = softmax(logits) · v`, with Kᵀ as the graph has it: `kt` is [B, H, D, S]."""

    q: Node
    kt: Node
    v: Node
    result: Node
    logits: Logits


def node(x: Any) -> Node:
    """`x` as a node; a constant where a tensor is needed refuses the candidate."""
    if not isinstance(x, Node):
        raise Refused(f"{x!r} stands where a tensor was expected")
    return x


def shape(x: Any) -> tuple[int, ...]:
    """The static shape of a node's value (() for a constant)."""
    val = x.meta.get("val") if isinstance(x, Node) else None
    return tuple(val.shape) if isinstance(val, torch.Tensor) else ()


def dtype(x: Node) -> torch.dtype | None:
    val = x.meta.get("val")
    return val.dtype if isinstance(val, torch.Tensor) else None


def same(x: Node) -> bool:
    """A view or copy that leaves the values and the shape as they are."""
    return x.target in VIEWS | COPIES and shape(x) == shape(x.args[0])


def transparent(x: Node) -> bool:
    """`same`, or a cast between float dtypes."""
    if x.target is aten._to_copy.default:
        return set(x.kwargs) <= {"dtype"} and x.kwargs.get("dtype") in FLOATS
    return same(x)


def from_matmul(x: Any) -> bool:
    """Whether `x` is computed from a matmul: the side of a binary op the scores are on."""
    todo, seen = ([x] if isinstance(x, Node) else []), set()
    while todo:
        n = todo.pop()
        if n.target in PRODUCTS:
            return True
        todo += [a for a in n.all_input_nodes if a not in seen]
        seen.update(n.all_input_nodes)
    return False


def needs_grad(x: Node, wants_grad: set[Node]) -> bool:
    """Whether a gradient flows into `x`: it is computed from an input in `wants_grad`."""
    todo, seen = [x], {x}
    while todo:
        n = todo.pop()
        if n in wants_grad:
            return True
        if n.target is not aten.detach.default:
            todo += [a for a in n.all_input_nodes if a not in seen]
            seen.update(n.all_input_nodes)
    return False


def constant(x: Any, gm: GraphModule) -> float | None:
    """The value of a scalar known at compile time, else None."""
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        return float(x)
    if not isinstance(x, Node) or math.prod(shape(x)) != 1:
        return None
    if x.op == "get_attr":  # a tensor literal, lifted by make_fx
        value = getattr(gm, str(x.target), None)
        real = isinstance(value, torch.Tensor) and not isinstance(value, FakeTensor)
        return float(value.item()) if real and value.numel() == 1 else None  # type: ignore[union-attr]
    if x.target in (aten.full.default, aten.scalar_tensor.default):
        return constant(x.args[1 if x.target is aten.full.default else 0], gm)
    inner = constant(x.args[0], gm) if x.args else None
    if inner is None:
        return None
    if x.target in FOLD:
        return FOLD[x.target](inner)
    if x.target is aten._to_copy.default and "dtype" in x.kwargs:
        return torch.tensor(inner, dtype=x.kwargs["dtype"]).item()  # rounded as the graph does
    return inner if x.target in VIEWS | COPIES | {aten.lift_fresh_copy.default} else None


def strip(x: Node, want: tuple[int, ...]) -> Node:
    """The 4-d tensor of shape `want` that matmul operand `x` is a ([B*H, ·, ·]) view of."""
    while len(shape(x)) != 4:
        if not (x.target in VIEWS or same(x)):
            raise Refused(f"a matmul operand is not a view of a 4-d tensor ({x.target})")
        x = node(x.args[0])
    while same(x):
        x = node(x.args[0])
    if shape(x) != want:
        raise Refused(f"a matmul operand has shape {list(shape(x))}, not {list(want)}")
    return x


def match(gm: GraphModule, softmax: Node, wants_grad: set[Node]) -> Attention:
    """Read the attention around `softmax` in normal form, or raise Refused; `wants_grad`
    are the inputs that require grad."""
    size = shape(softmax)
    if len(size) != 4:
        raise Refused(f"the scores are {len(size)}-d, not [B, H, L, S]")
    if softmax.args[2] or int(softmax.args[1]) % 4 != 3:  # type: ignore[arg-type]
        raise Refused("the softmax is not over the last dim")
    b, h, n, s = size
    pv, inside = probabilities(softmax)
    if shape(pv.args[0]) not in ((b * h, n, s), size):
        raise Refused(f"the probabilities enter the matmul as {list(shape(pv.args[0]))}")
    dv, users = shape(pv)[-1], list(pv.users)
    view = users[0] if len(users) == 1 and users[0].target in VIEWS else None
    result = view if view is not None and shape(view) == (b, h, n, dv) else pv
    v = strip(node(pv.args[1]), (b, h, s, dv))
    logits, x = Logits(), node(softmax.args[0])
    while x.target not in MATMULS:  # outside in, to the scores Q Kᵀ
        inside.append(x)
        if shape(x) != size:
            raise Refused("the scores are broadcast or reshaped before the softmax")
        scores = x.target in VIEWS and node(x.args[0]).target in MATMULS
        x = node(x.args[0]) if scores else step(gm, x, logits)
    d = shape(x.args[0])[-1]
    q, kt = strip(node(x.args[0]), (b, h, n, d)), strip(node(x.args[1]), (b, h, d, s))
    within = {*inside, x, pv, result}
    if any(u not in within for m in within - {result} for u in m.users):
        raise Refused("the scores are used outside the attention")
    if any(isinstance(t, Node) and needs_grad(t, wants_grad) for _, t in logits.biases):
        raise Refused("a bias needs a gradient, which sdpa's fused kernels do not give")
    dtypes = {dtype(q), dtype(kt), dtype(v)}
    if len(dtypes) != 1 or not dtypes <= set(FLOATS):
        raise Refused(f"q, k and v are not of one float dtype ({dtypes})")
    return Attention(q, kt, v, result, logits)


def probabilities(softmax: Node) -> tuple[Node, list[Node]]:
    """Follow the probabilities to the `· V` matmul; return it and the nodes on the way."""
    x, inside = softmax, [softmax]
    while True:
        users = list(x.users)
        if any(dropout(u) for u in users):
            raise Refused("dropout with p > 0 in training mode")
        if len(users) != 1:
            raise Refused("the probabilities are used outside the attention")
        (u,) = users
        if u.target in MATMULS and u.args[0] is x and u.args[1] is not x:
            return u, inside
        if not (u.target in VIEWS or transparent(u)):
            to = "the graph's output" if u.op == "output" else u.target
            raise Refused(f"the probabilities go to {to}, not to a matmul")
        inside.append(u)
        x = u


def dropout(u: Node) -> bool:
    """Whether `u` draws a dropout mask (CPU: empty_like + bernoulli_; else native_dropout)."""
    drawn = [u, *(u.users if u.target is aten.empty_like.default else [])]
    return any("bernoulli" in str(n.target) or "native_dropout" in str(n.target) for n in drawn)


def step(gm: GraphModule, x: Node, form: Logits) -> Node:
    """Fold logits op `x` into `form`; return its operand that carries the scores."""
    t, args = x.target, x.args
    if transparent(x):
        return node(args[0])
    if t in (aten.where.self, aten.masked_fill.Scalar, aten.masked_fill.Tensor):
        where = t is aten.where.self
        i = on_scores(x, (1, 2) if where else (0,))
        cond, fill = node(args[0 if where else 1]), constant(args[3 - i if where else 2], gm)
        if dtype(cond) is not torch.bool or from_matmul(cond):
            raise Refused(f"{t} selects by something that is not a mask")
        if fill is None or not fill * form.scale <= MASKED:
            raise Refused(f"{t} fills with something that is not a mask (a constant <= -1e4)")
        form.biases.append((1.0, Mask(cond, where and i == 1, fill * form.scale)))
        return node(args[i])
    i = on_scores(x, (0, 1))
    other = args[1 - i]
    if t is aten.mul.Tensor or (t is aten.div.Tensor and i == 0):
        factor = constant(other, gm)
        if factor is None or factor == 0:
            scalar = math.prod(shape(other)) == 1
            raise Refused(
                "the scale is not a compile-time constant" if scalar else f"{t} by a tensor"
            )
        form.scale *= factor if t is aten.mul.Tensor else 1 / factor
        return node(args[i])
    if t in (aten.add.Tensor, aten.sub.Tensor):
        signed = float(x.kwargs.get("alpha", 1)) * (-1 if t is aten.sub.Tensor else 1)  # type: ignore[arg-type]
        if isinstance(other, Node):  # a number shifts every logit alike: softmax ignores it
            if dtype(other) not in FLOATS:
                raise Refused(f"a bias of dtype {dtype(other)}")
            form.biases.append((form.scale * (signed if i == 0 else 1.0), other))
        form.scale *= 1.0 if i == 0 else signed
        return node(args[i])
    raise Refused(f"{t} stands between the scores and the softmax")


def on_scores(x: Node, positions: tuple[int, ...]) -> int:
    """Which of `x`'s operands at `positions` carries the scores (exactly one must)."""
    on = [i for i in positions if from_matmul(x.args[i])]
    if len(on) != 1:
        raise Refused(f"{'no' if not on else 'more than one'} operand of {x.target} is the scores")
    return on[0]
