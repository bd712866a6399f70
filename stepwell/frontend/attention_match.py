"""Read explicit attention in an ATen FX graph as `softmax(c · Q Kᵀ + Σ biasᵢ) · V`.

`match(gm, softmax, wants_grad)` starts at a 4-d `aten._softmax` and lists no model
spellings. Views (reshape, permute, transpose, (un)squeeze, expand, clone) are read by
what they do, not by name: a chain of them is a `Strided` layout over the tensor it
starts from, so `einsum`'s unit dims and permutes read like `bmm`'s reshapes. It reads:

1. the probabilities: views and float casts to a `bmm` (or `matmul`) where they are the
   left operand (dropout in eval mode leaves no node; in training it draws a mask and is
   refused); they must enter it as `[batch.., queries, keys]` with the keys on the
   softmax's dim: the softmax itself, or its transpose when the scores are written
   `K Qᵀ` (softmax over dim -2); that matmul's right operand is V;
2. the logits, back to a view of `bmm(A, B)` that keeps its order, as an affine form:
   `mul`/`div` by a compile-time constant fold into c (and scale the biases added before
   them), `add`/`sub` of a float tensor that does not come from a matmul is a bias,
   `where` and `masked_fill` with a fill at or below -1e4 (after scaling) are masks;
   (A, B) is (Q, Kᵀ), or (K, Qᵀ) when the softmax is over dim -2;
3. Q, K, V: the matmul operands followed back through views to the furthest 4-d
   `[B, H, ·, ·]` tensor they read in order or with its last two dims swapped, of one
   float dtype (a `repeat_kv` expand + reshape stays: the repeated heads are what sdpa
   gets).

Anything else is refused with a reason: another op in the way, a `· V` over another dim,
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

from stepwell.ir.strides import contiguous_strides, reshape_strides

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


@dataclass(frozen=True)
class Operand:
    """A 4-d tensor as the graph has it; `swapped`: it holds the wanted one transposed."""

    tensor: Node
    swapped: bool = False

    def transposed(self) -> Operand:
        return Operand(self.tensor, not self.swapped)


@dataclass
class Attention:
    """`result = softmax(logits) · v`: q [B, H, L, D], k [B, H, S, D], v [B, H, S, Dv];
    the logits' biases are [.., S, L] (transposed) when the scores are K Qᵀ."""

    q: Operand
    k: Operand
    v: Operand
    result: Node
    logits: Logits
    transposed: bool = False


@dataclass(frozen=True)
class Strided:
    """A value read from a tensor through views: one (size, stride) per dim over the
    tensor's row-major elements (the views here never move the offset)."""

    sizes: tuple[int, ...]
    strides: tuple[int, ...]

    @staticmethod
    def of(x: Node) -> Strided:
        return Strided(shape(x), tuple(contiguous_strides(shape(x))))  # type: ignore[arg-type]

    def permute(self, perm: list[int]) -> Strided:
        return Strided(tuple(self.sizes[p] for p in perm), tuple(self.strides[p] for p in perm))

    def reshape(self, to: tuple[int, ...]) -> Strided | None:
        strides = reshape_strides(self.sizes, self.strides, to)
        return None if strides is None else Strided(to, strides)

    def swap_last_two(self) -> Strided:
        n = len(self.sizes)
        return self.permute([*range(n - 2), n - 1, n - 2])

    def same_as(self, other: Strided | None) -> bool:
        """Whether both read the same elements at every index (a size-1 dim's stride is
        never used)."""
        if other is None or self.sizes != other.sizes:
            return False
        return all(n == 1 or a == b for n, a, b in
                   zip(self.sizes, self.strides, other.strides, strict=True))  # fmt: skip


def _permute(x: Node, at: Strided) -> Strided | None:
    return at.permute([int(d) % len(at.sizes) for d in x.args[1]])  # type: ignore[union-attr]


def _transpose(x: Node, at: Strided) -> Strided | None:
    perm, (a, b) = list(range(len(at.sizes))), (int(d) % len(at.sizes) for d in x.args[1:3])  # type: ignore[call-overload]
    perm[a], perm[b] = perm[b], perm[a]
    return at.permute(perm)


def _expand(x: Node, at: Strided) -> Strided | None:
    to, lead = shape(x), len(shape(x)) - len(at.sizes)
    strides = [0] * lead + [st if n == m else 0 for n, m, st in
                            zip(at.sizes, to[lead:], at.strides, strict=True)]  # fmt: skip
    return Strided(to, tuple(strides))


def _reshape(x: Node, at: Strided) -> Strided | None:
    return at.reshape(shape(x))


def _t(x: Node, at: Strided) -> Strided | None:
    return at.permute([1, 0]) if len(at.sizes) == 2 else at


def _keep(x: Node, at: Strided) -> Strided | None:
    return at


RESHAPES = (
    *VIEWS,
    aten.unsqueeze.default,
    aten.squeeze.dim,
    aten.squeeze.dims,
    aten.squeeze.default,
)
"""Views that keep the elements' order: a reshape to the result's shape."""


VIEW_RULES: Mapping[Any, Callable[[Node, Strided], Strided | None]] = MappingProxyType(
    {
        **dict.fromkeys(RESHAPES, _reshape),
        aten.permute.default: _permute,
        aten.transpose.int: _transpose,
        aten.t.default: _t,
        aten.expand.default: _expand,
        aten.clone.default: _keep,
        aten.alias.default: _keep,
    }
)
"""How each ATen view (or copy) composes with the layout of its operand; `detach` is not
one: it stops gradients."""


def view_step(x: Node, at: Strided) -> Strided | None:
    """The layout of view `x` when its operand is read through `at` (None: not a view,
    or not expressible with strides)."""
    rule = VIEW_RULES.get(x.target)
    if rule is None:
        return None
    try:
        return rule(x, at)
    except (TypeError, ValueError, IndexError):  # arguments the rule does not expect
        return None


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


def match(gm: GraphModule, softmax: Node, wants_grad: set[Node]) -> Attention:
    """Read the attention around `softmax` in normal form, or raise Refused; `wants_grad`
    are the inputs that require grad."""
    size = shape(softmax)
    if len(size) != 4:
        raise Refused(f"the scores are {len(size)}-d, not [B, H, L, S]")
    if softmax.args[2] or int(softmax.args[1]) % 4 not in (2, 3):  # type: ignore[arg-type]
        raise Refused("the softmax is not over one of the last two dims")
    flipped = int(softmax.args[1]) % 4 == 2  # type: ignore[arg-type]
    b, h = size[:2]
    n, s = (size[3], size[2]) if flipped else (size[2], size[3])
    pv, inside = probabilities(softmax, flipped)
    dv = shape(pv)[-1]
    result = result_of(pv, inside)
    v = operand(node(pv.args[1]), (b, h, s, dv))
    logits, x = Logits(), node(softmax.args[0])
    while x.target not in MATMULS:  # outside in, to the scores
        inside.append(x)
        if shape(x) != size:
            raise Refused("the scores are broadcast or reshaped before the softmax")
        x = scores_of(x, inside) or step(gm, x, logits)
    d = shape(x.args[0])[-1]
    if flipped:  # the scores are K Qᵀ
        k = operand(node(x.args[0]), (b, h, s, d))
        q = operand(node(x.args[1]), (b, h, d, n)).transposed()
    else:
        q = operand(node(x.args[0]), (b, h, n, d))
        k = operand(node(x.args[1]), (b, h, d, s)).transposed()
    within = {*inside, x, pv, result}
    if any(u not in within for m in within - {result} for u in m.users):
        raise Refused("the scores are used outside the attention")
    if any(isinstance(t, Node) and needs_grad(t, wants_grad) for _, t in logits.biases):
        raise Refused("a bias needs a gradient, which sdpa's fused kernels do not give")
    dtypes = {dtype(q.tensor), dtype(k.tensor), dtype(v.tensor)}
    if len(dtypes) != 1 or not dtypes <= set(FLOATS):
        raise Refused(f"q, k and v are not of one float dtype ({dtypes})")
    return Attention(q, k, v, result, logits, flipped)


def operand(x: Node, want: tuple[int, ...]) -> Operand:
    """The furthest 4-d tensor up the chain of views that ends at matmul operand `x` which
    `x` reads as `want` (or as `[B*H, ·, ·]`): in order, or with its last two dims
    swapped."""
    if shape(x) not in (want, (want[0] * want[1], *want[2:])):
        raise Refused(f"a matmul operand has shape {list(shape(x))}, not {list(want)}")
    found, base = None, x
    while True:
        if len(shape(base)) == 4 and (at := layout(x, base)) is not None:
            for swapped in (False, True):
                read = Strided.of(base).swap_last_two() if swapped else Strided.of(base)
                if read.sizes == want and at.same_as(read.reshape(shape(x))):
                    found = Operand(base, swapped)
        if base.target not in VIEW_RULES or not isinstance(base.args[0], Node):
            break
        base = base.args[0]
    if found is None:
        raise Refused(f"a matmul operand is not a view of a {list(want)} tensor")
    return found


def layout(x: Node, base: Node) -> Strided | None:
    """`x`, a chain of views over `base`, as a layout over `base`'s elements."""
    if x is base:
        return Strided.of(base)
    at = layout(node(x.args[0]), base)
    return None if at is None else view_step(x, at)


def scores_of(x: Node, inside: list[Node]) -> Node | None:
    """The matmul that the chain of views ending at `x` reads in order (its nodes join
    `inside`), or None when the chain does not start at a matmul."""
    chain = [x]
    while chain[-1].target in VIEW_RULES and isinstance(chain[-1].args[0], Node):
        chain.append(chain[-1].args[0])
        if chain[-1].target in MATMULS:
            matmul = chain[-1]
            want = Strided.of(matmul).reshape(shape(x))
            if want is None or not want.same_as(layout(x, matmul)):
                raise Refused("the softmax reads the scores' matmul through a permutation")
            inside.extend(chain[1:-1])
            return matmul
    return None


def result_of(pv: Node, inside: list[Node]) -> Node:
    """The last of the views after `pv` that keeps its elements in order: sdpa's output,
    reshaped, replaces it (the views before it join `inside`)."""
    chain, at, last = [pv], Strided.of(pv), 0
    while at is not None and len(chain[-1].users) == 1:
        (u,) = chain[-1].users
        if u.target not in VIEW_RULES:
            break
        at = view_step(u, at)
        chain.append(u)
        if at is not None and at.same_as(Strided.of(u)):
            last = len(chain) - 1
    inside.extend(chain[1:last])
    return chain[last]


def probabilities(softmax: Node, flipped: bool) -> tuple[Node, list[Node]]:
    """Follow the probabilities to the `· V` matmul; return it and the nodes on the way.
    They must enter it as [batch.., queries, keys], the keys along the softmax's dim."""
    x, inside = softmax, [softmax]
    at: Strided | None = Strided.of(softmax)
    while True:
        users = list(x.users)
        if any(dropout(u) for u in users):
            raise Refused("dropout with p > 0 in training mode")
        if len(users) != 1:
            raise Refused("the probabilities are used outside the attention")
        (u,) = users
        if u.target in MATMULS and u.args[0] is x and u.args[1] is not x:
            start = Strided.of(softmax)
            want = (start.swap_last_two() if flipped else start).reshape(shape(x))
            if at is None or not at.same_as(want):
                raise Refused("· V does not contract the keys, the softmax's dim")
            if shape(x)[:-2] not in ((math.prod(shape(softmax)[:2]),), shape(softmax)[:2]):
                raise Refused(f"the probabilities enter the matmul as {list(shape(x))}")
            return u, inside
        if not (u.target in VIEW_RULES or transparent(u)):
            to = "the graph's output" if u.op == "output" else u.target
            raise Refused(f"the probabilities go to {to}, not to a matmul")
        if u.target in VIEW_RULES and at is not None:
            at = view_step(u, at)
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
