"""fuse-attention: recover `softmax(scale · Q Kᵀ + mask) · V` from decomposed prims.

Decomposition splits attention into a dozen ops, and every model spells them differently.
This pass does not list spellings: it starts at each `prims.matmul` (the `· V`) and reads
the graph backwards, normalizing as it goes (see docs/refusion.md):

1. the probabilities: views and float casts back to a softmax over the last dim, written
   out (amax, sub, exp, sum, div) as `_softmax` decomposes, optionally wrapped in
   `_safe_softmax`'s "rows that see no key give 0";
2. the logits, as an affine form `c · (Q Kᵀ) + Σ cᵢ · biasᵢ` with boolean masks: scalar
   `mul`/`div` by constants fold into c (and scale the biases added before them), `add`/
   `sub` of a tensor that does not depend on the scores is a bias, `where(m, x, fill)`
   with a fill of -inf is a boolean mask and with another constant an additive one,
   float casts and reshapes of the batch dims are transparent;
3. Q and K: scalar factors applied to them (sdpa's √scale on both) move into c; a key or
   value repeated across heads by `broadcast_in_dim` + reshape (`repeat_kv`) is replaced
   by the unrepeated tensor (grouped-query attention);
4. masks that do not depend on the inputs are evaluated at compile time: one that is the
   lower-triangular pattern becomes `causal = true`, so the kernel skips masked blocks.

What does not fit the form is refused and left alone: a softmax over another dim, a mask
or any other op between the softmax and `· V`, a scale that is not a constant, `V`
contracted along the wrong dim, and any intermediate value (scores, logits,
probabilities) that is used outside the pattern, since the fused kernel never makes it.
With `report=true` the pass prints why each candidate was refused.
"""

from __future__ import annotations

import graphlib
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

import torch
from xdsl.context import Context
from xdsl.dialects.builtin import (
    IntegerAttr,
    ModuleOp,
    TensorType,
    i1,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.transforms.dead_code_elimination import region_dce

from stepwell.dialects import prims
from stepwell.dialects.prims_support import AttentionBackwardOp, AttentionOp, MatmulOp
from stepwell.dialects.tile import int_list, ints
from stepwell.ir.types import is_float
from stepwell.passes.support.constants import full_op, splat
from stepwell.passes.support.fusion import static_shape as shape
from stepwell.passes.support.views import View, view_of

RESHAPES = (prims.PrimsReshapeOp, prims.PrimsCollapseOp, prims.PrimsSplitDimOp,
            prims.PrimsSqueezeOp)  # fmt: skip
MASKED = -1e4
"""A fill at or below this (after scaling) masks a lane: exp underflows to 0 in f32."""
MAX_EVAL = 1 << 26
"""Largest constant mask (elements) evaluated at compile time to detect causality."""


class Refused(Exception):
    """The candidate is not attention (or not one this pass can prove); says why."""


class NoSoftmax(Refused):
    """The matmul's left operand is no softmax: not a candidate (not reported)."""


def element(v: SSAValue) -> Attribute:
    return cast(TensorType[Attribute], v.type).element_type


def owner(v: SSAValue) -> Operation | None:
    return v.owner if isinstance(v.owner, Operation) else None


def is_reshape(op: Operation) -> bool:
    """A reshape-like op: a view that keeps row-major element order."""
    if isinstance(op, RESHAPES):
        return True
    return isinstance(op, prims.PrimsBroadcastInDimOp) and math.prod(
        shape(op.operands[0])
    ) == math.prod(shape(op.results[0]))


def is_float_cast(op: Operation) -> bool:
    return (
        isinstance(op, prims.PrimsConvertElementTypeOp)
        and is_float(element(op.operands[0]))
        and is_float(element(op.results[0]))
    )


def strip(v: SSAValue, through: Callable[[Operation], bool], ops: list[Operation]) -> SSAValue:
    """Walk back from `v` through ops `through` accepts, recording them in `ops`."""
    while (op := owner(v)) is not None and through(op):
        ops.append(op)
        v = op.operands[0]
    return v


# -- the match ------------------------------------------------------------------------------
@dataclass
class Logits:
    """logits = scale · scores + Σ coef · additive + (-inf where a boolean mask is false)."""

    scores: MatmulOp | None = None
    scale: float = 1.0
    additive: list[tuple[SSAValue, float]] = field(default_factory=list)
    fills: list[tuple[SSAValue, float, bool]] = field(default_factory=list)  # (m, fill, keep_if)
    keep: list[tuple[SSAValue, bool]] = field(default_factory=list)  # (m, attend where m is)
    ops: list[Operation] = field(default_factory=list)


@dataclass
class Match:
    out: MatmulOp  # the · V matmul the attention replaces
    logits: Logits
    x: SSAValue  # the softmax's input
    consumed: list[Operation]  # ops the fused op replaces (checked to have no other users)


class Matcher:
    """Reads one candidate `· V` matmul backwards (see the module doc)."""

    def __init__(self, order: dict[Operation, int]) -> None:
        self.order = order

    def match(self, out: MatmulOp) -> Match:
        if out.flags()[0]:
            raise Refused("the probabilities are transposed into · V (wrong dim)")
        consumed: list[Operation] = []
        probs = strip(out.lhs, lambda o: is_reshape(o) or is_float_cast(o), consumed)
        x = self.softmax(probs, consumed)
        logits = self.logits(x, Logits())
        consumed += logits.ops
        scores = cast(MatmulOp, logits.scores)
        n_rows, n_keys = shape(x)[-2:]
        if shape(out.lhs)[-2:] != (n_rows, n_keys) or shape(scores.result)[-2:] != (
            n_rows,
            n_keys,
        ):
            raise Refused("the softmax rows do not line up with the scores and · V")
        batch = math.prod(shape(x)[:-2])
        if math.prod(shape(out.result)[:-2]) != batch or len(shape(out.rhs)) != len(
            shape(out.result)
        ):
            raise Refused("· V does not keep the scores' batch")
        if len(shape(scores.lhs)) != len(shape(scores.result)) or len(shape(scores.rhs)) != len(
            shape(scores.result)
        ):
            raise Refused("Q Kᵀ broadcasts a batch dim")
        self.only_internal_uses(consumed, out)
        return Match(out, logits, x, consumed)

    def softmax(self, y: SSAValue, consumed: list[Operation]) -> SSAValue:
        """The input of the softmax `y` computes (its ops join `consumed`)."""
        op = owner(y)
        if isinstance(op, prims.PrimsWhereOp) and splat(op.operands[1]) == 0.0:
            inner = self.softmax(op.operands[2], consumed)  # _safe_softmax
            if not self.all_masked_rows(op.operands[0], inner, consumed):
                raise Refused("a where() after the softmax that is not _safe_softmax's")
            consumed.append(op)
            return inner
        if not isinstance(op, prims.PrimsDivOp):
            raise NoSoftmax(f"no softmax feeds · V (found {op.name if op else 'an argument'})")
        e, total = op.operands
        sums: list[Operation] = [op]
        total = strip(total, lambda o: isinstance(o, prims.PrimsBroadcastInDimOp), sums)
        sum_op = owner(total)
        exp = owner(e)
        if not (isinstance(sum_op, prims.PrimsSumOp) and sum_op.operands[0] is e):
            raise Refused("the probabilities are not exp / sum(exp)")
        rank = len(shape(e))
        if int_list(sum_op.properties["dims"]) != [rank - 1]:
            raise Refused("softmax over another dim than the keys (the last)")
        if not isinstance(exp, prims.PrimsExpOp) or not isinstance(
            sub := owner(exp.operands[0]), prims.PrimsSubOp
        ):
            raise Refused("the softmax numerator is not exp(x - max)")
        x, peak = sub.operands
        sums += [sum_op, exp, sub]
        peak = strip(peak, lambda o: isinstance(o, prims.PrimsBroadcastInDimOp), sums)
        amax = owner(peak)
        if not (isinstance(amax, prims.PrimsAmaxOp) and amax.operands[0] is x):
            raise Refused("the softmax does not subtract the max of its input")
        if int_list(amax.properties["dims"]) != [rank - 1]:
            raise Refused("softmax max over another dim than the keys (the last)")
        consumed += [*sums, amax]
        return x

    def all_masked_rows(self, cond: SSAValue, x: SSAValue, consumed: list[Operation]) -> bool:
        """Is `cond` "every lane of x's row is -inf" (as `_safe_softmax` builds it)? Only
        comparisons of x with -inf, logic, casts, sums and broadcasts may make it."""
        allowed = (prims.PrimsEqOp, prims.PrimsNeOp, prims.PrimsBitwiseNotOp,
                   prims.PrimsConvertElementTypeOp, prims.PrimsSumOp, prims.PrimsAmaxOp,
                   prims.PrimsAminOp, prims.PrimsBroadcastInDimOp, *RESHAPES)  # fmt: skip
        seen: list[Operation] = []
        stack, reaches_x = [cond], False
        while stack:
            v = stack.pop()
            if v is x:
                reaches_x = True
                continue
            if splat(v) is not None:
                continue
            op = owner(v)
            if not isinstance(op, allowed):
                return False
            if isinstance(op, prims.PrimsEqOp | prims.PrimsNeOp) and x in op.operands:
                other = op.operands[1] if op.operands[0] is x else op.operands[0]
                if splat(other) != -math.inf:
                    return False
            seen.append(op)
            stack.extend(op.operands)
        consumed += seen
        return reaches_x

    def logits(self, x: SSAValue, form: Logits, coef: float = 1.0, viewed: bool = False) -> Logits:
        """Read `x` as an affine form of the scores (see `Logits`); `coef` is the factor
        applied to x by the ops already read; after a reshape only casts, scales and
        reshapes may follow (masks are applied at the softmax's shape)."""
        op = owner(x)
        if isinstance(op, MatmulOp):
            form.scores, form.scale = op, coef
            form.ops.append(op)
            return form
        if op is None:
            raise Refused("the softmax input does not come from a Q Kᵀ matmul")
        form.ops.append(op)
        if is_float_cast(op):
            return self.logits(op.operands[0], form, coef, viewed)
        if is_reshape(op):
            return self.logits(op.operands[0], form, coef, True)
        a, b = (*op.operands, None, None)[:2]
        if isinstance(op, prims.PrimsMulOp | prims.PrimsDivOp):
            assert a is not None and b is not None
            for value, factor in (
                ((a, b), (b, a)) if isinstance(op, prims.PrimsMulOp) else ((a, b),)
            ):
                c = splat(factor)
                if c is not None and value.type == op.results[0].type:
                    c = c if isinstance(op, prims.PrimsMulOp) else 1.0 / c
                    return self.logits(value, form, coef * c, viewed)
            raise Refused("the scores are scaled by a value that is not a constant")
        if viewed:
            raise Refused(f"'{op.name}' on the scores before their reshape to the softmax's shape")
        if isinstance(op, prims.PrimsAddOp | prims.PrimsSubOp):
            assert a is not None and b is not None
            sign = -1.0 if isinstance(op, prims.PrimsSubOp) else 1.0
            if not self.depends_on_scores(b, form):
                form.additive.append((b, coef * sign))
                return self.logits(a, form, coef, viewed)
            if sign > 0 and not self.depends_on_scores(a, form):
                form.additive.append((a, coef))
                return self.logits(b, form, coef, viewed)
            raise Refused("the scores are added to something that depends on them")
        if isinstance(op, prims.PrimsWhereOp):
            m, t, f = op.operands
            for keep_if, kept, fill in ((True, t, f), (False, f, t)):
                c = splat(fill)
                if c is not None and not self.depends_on_scores(m, form):
                    c *= coef
                    if c == -math.inf:
                        form.keep.append((m, keep_if))
                    elif c <= MASKED:
                        form.fills.append((m, c, keep_if))
                    else:
                        raise Refused(f"where() fills with {c}, which does not mask")
                    return self.logits(kept, form, coef, viewed)
            raise Refused("a where() on the scores that is not a mask")
        raise Refused(f"'{op.name}' between the scores and the softmax")

    def depends_on_scores(self, v: SSAValue, form: Logits) -> bool:
        """Does `v` depend on a value of the pattern? Values defined before the earliest
        op read so far cannot (SSA order), so the search stops there. Ops an earlier
        fusion inserted have no position and stop it too: they compute that attention's
        operands, and a pattern whose values another attention reads is refused anyway
        (`only_internal_uses`)."""
        first = min(self.order.get(o, -1) for o in form.ops)
        inside = set(form.ops)
        stack, seen = [v], set()
        while stack:
            op = owner(stack.pop())
            if op is None or op in seen or self.order.get(op, -1) < first:
                continue
            if op in inside or isinstance(op, MatmulOp):
                return True
            seen.add(op)
            stack.extend(op.operands)
        return False

    @staticmethod
    def only_internal_uses(consumed: list[Operation], out: MatmulOp) -> None:
        inside = set(consumed) | {out}
        for op in consumed:
            for r in op.results:
                for use in r.uses:
                    if use.operation not in inside:
                        raise Refused(
                            f"the {op.name} result is used outside the attention "
                            f"(by {use.operation.name}); fusing would lose it"
                        )


# -- building the fused op ------------------------------------------------------------------
@dataclass
class Builder:
    """Creates the prims ops that feed `prims.attention`, before the `· V` matmul."""

    anchor: Operation
    new: list[Operation] = field(default_factory=list)

    def add(self, op: Operation) -> SSAValue:
        op.location = self.anchor.location
        self.new.append(op)
        return op.results[0]

    def reshape(self, v: SSAValue, to: Sequence[int]) -> SSAValue:
        """`v` as shape `to`: the value it was reshaped from if there is one (so a Q that
        a matmul read collapsed to [B·H, L, D] is read as the [B, H, L, D] it was, which
        strides can express), else a new `prims.reshape`."""
        found = viewed_as(v, tuple(to))
        if found is not None:
            return found
        t = TensorType(element(v), list(to))
        return self.add(prims.PrimsReshapeOp.make([t], a=v, shape=ints(to)))

    def transpose_last(self, v: SSAValue) -> SSAValue:
        r = len(shape(v))
        return self.transpose(v, [*range(r - 2), r - 1, r - 2])

    def transpose(self, v: SSAValue, perm: Sequence[int]) -> SSAValue:
        t = TensorType(element(v), [shape(v)[p] for p in perm])
        return self.add(prims.PrimsTransposeOp.make([t], a=v, permutation=ints(perm)))

    def full(self, like: SSAValue, value: float, el: Attribute | None = None) -> SSAValue:
        """A constant of `like`'s shape (and element type unless `el`)."""
        return self.add(full_op(TensorType(el or element(like), list(shape(like))), value))

    def binary(self, cls: type[Operation], a: SSAValue, b: SSAValue) -> SSAValue:
        return self.add(cls.create(operands=[a, b], result_types=[a.type]))

    def where(self, m: SSAValue, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.add(prims.PrimsWhereOp.create(operands=[m, a, b], result_types=[a.type]))

    def scaled(self, v: SSAValue, c: float) -> SSAValue:
        return v if c == 1.0 else self.binary(prims.PrimsMulOp, v, self.full(v, c))


def viewed_as(v: SSAValue, target: tuple[int, ...]) -> SSAValue | None:
    """A value of shape `target` whose reshape `v` is, through reshapes of the batch dims
    and transposes of the last two (which commute; an even number of them cancel)."""
    flipped = False
    while True:
        if not flipped and shape(v) == target:
            return v
        op = owner(v)
        if op is None or len(shape(v)) < 2:
            return None
        rank = len(shape(v))
        if is_reshape(op) and shape(op.operands[0])[-2:] == shape(v)[-2:]:
            v = op.operands[0]
        elif isinstance(op, prims.PrimsTransposeOp) and int_list(op.properties["permutation"]) == [
            *range(rank - 2),
            rank - 1,
            rank - 2,
        ]:
            flipped, v = not flipped, op.operands[0]
        else:
            return None


def unscaled(v: SSAValue, b: Builder) -> tuple[SSAValue, float]:
    """`v` without the constant factors applied on its way (through views), and their
    product: sdpa's math scales Q and K by √scale each."""
    op = owner(v)
    if (
        isinstance(op, prims.PrimsMulOp | prims.PrimsDivOp)
        and op.results[0].type == op.operands[0].type
    ):
        c = splat(op.operands[1])
        if c is not None:
            inner, f = unscaled(op.operands[0], b)
            return inner, f * (c if isinstance(op, prims.PrimsMulOp) else 1.0 / c)
    if op is not None and (isinstance(op, prims.PrimsTransposeOp) or is_reshape(op)):
        inner, f = unscaled(op.operands[0], b)
        if f != 1.0:
            clone = op.clone()
            clone.operands = [inner, *op.operands[1:]]
            return b.add(clone), f
    return v, 1.0


def unrepeated(v: SSAValue, heads: tuple[int, int], last: tuple[int, int],
               b: Builder) -> SSAValue | None:  # fmt: skip
    """If `v` (logically [B·H.., T, D]) repeats each of Hkv heads H/Hkv times through a
    `broadcast_in_dim` and reshapes (`repeat_kv`), the [B, Hkv, T, D] tensor it repeats."""
    nb, h = heads
    y = strip(v, lambda o: isinstance(o, prims.PrimsTransposeOp) or is_reshape(o), [])
    expand = owner(y)
    if not isinstance(expand, prims.PrimsBroadcastInDimOp):
        return None
    out = shape(expand.results[0])
    if len(out) != 5 or out[0] != nb or out[1] * out[2] != h or out[3:] != last:
        return None
    src = expand.operands[0]
    if math.prod(shape(src)) * out[2] != math.prod(out):
        return None  # the broadcast expands something besides the group dim

    def materialized(u: SSAValue) -> bool:
        op = owner(u)
        return (
            u is y or op is None or not (is_reshape(op) or isinstance(op, prims.PrimsTransposeOp))
        )

    view = view_of(v, materialized)
    if view is None or view.source is not y:
        return None
    grouped = view.reshape(out)
    if grouped is None or grouped != View.of(y):
        return None
    return b.reshape(src, (out[0], out[1], *out[3:]))


def heads_of(x: SSAValue) -> tuple[int, int]:
    """(B, H) of the softmax input [.., H, L, S]: leading dims fold into B."""
    s = shape(x)
    if len(s) == 2:
        return (1, 1)
    return (math.prod(s[:-3]), s[-3])


def evaluate(v: SSAValue) -> torch.Tensor | None:
    """The value of `v` when it depends on no function argument (and is small)."""
    if math.prod(shape(v)) > MAX_EVAL:
        return None
    ops: list[Operation] = []
    seen: set[Operation] = set()
    stack = [v]
    while stack:
        u = stack.pop()
        if isinstance(u, BlockArgument):
            return None
        op = cast(Operation, u.owner)
        if op in seen:
            continue
        if not op.name.startswith("prims."):
            return None
        seen.add(op)
        ops.append(op)
        stack.extend(op.operands)
    from stepwell.ir.interpret import interpret

    block = Block()
    mapping: dict[SSAValue, SSAValue] = {}
    deps = {op: [u.owner for u in op.operands if u.owner in seen] for op in ops}
    for op in graphlib.TopologicalSorter(deps).static_order():
        clone = op.clone(value_mapper=mapping)
        block.add_op(clone)
        mapping.update(zip(op.results, clone.results, strict=True))
    block.add_op(ReturnOp(mapping[v]))
    func = FuncOp("mask", ([], [v.type]), Region(block))
    try:
        return cast(torch.Tensor, interpret(ModuleOp([func]), function="mask")[0])
    except Exception:  # a mask the interpreter cannot run: not provably causal
        return None


def proves_causal(v: SSAValue, keep_if: bool | None, coef: float = 1.0) -> bool:
    """Is the mask term `v` (boolean: attend where == keep_if; additive: keep_if None,
    scaled by coef) a constant equal to the causal pattern? It is evaluated with real
    tensors even when the pass runs under a torch.compile backend's fake-tensor mode."""
    from torch._subclasses.fake_tensor import unset_fake_temporarily

    try:
        with unset_fake_temporarily():
            const = evaluate(v)
            if const is None:
                return False
            return is_causal(const * coef if keep_if is None else const, keep_if)
    except Exception:  # a mask the interpreter cannot run: not provably causal
        return False


def is_causal(mask: torch.Tensor, keep_if: bool | None) -> bool:
    """Is `mask` (boolean: attend where == keep_if; additive: keep_if None) the
    top-left causal pattern: lane (i, j) attends iff j <= i, for every leading index?"""
    rows, cols = mask.shape[-2:]
    if keep_if is None:
        attend = mask == 0
        if not bool(((mask == 0) | (mask <= MASKED)).all()):
            return False
    else:
        attend = mask if keep_if else ~mask
    tril = torch.ones(rows, cols, dtype=torch.bool).tril()
    return bool((attend == tril).all())


def build(m: Match, b: Builder, report: Callable[[str], None]) -> AttentionOp:
    """`prims.attention`, made with `b` (with the views and masks feeding it; none of
    them in the block yet)."""
    out, form = m.out, m.logits
    scores = cast(MatmulOp, form.scores)
    nb, h = heads_of(m.x)
    rows, keys = shape(m.x)[-2:]
    q, fq = unscaled(scores.lhs, b)
    k, fk = unscaled(scores.rhs, b)
    q = b.transpose_last(q) if scores.flags()[0] else q
    k = k if scores.flags()[1] else b.transpose_last(k)  # Kᵀ -> K: [.., keys, D]
    v = b.transpose_last(out.rhs) if out.flags()[1] else out.rhs
    d, dv = shape(q)[-1], shape(v)[-1]
    if element(q) != element(k):
        raise Refused(f"Q and K differ in type ({element(q)}, {element(k)})")
    q4 = b.reshape(q, (nb, h, rows, d))
    k4, v4 = unrepeated(k, (nb, h), (keys, d), b), unrepeated(v, (nb, h), (keys, dv), b)
    if k4 is None or v4 is None or shape(k4)[1] != shape(v4)[1]:  # K and V share their heads
        k4, v4 = b.reshape(k, (nb, h, keys, d)), b.reshape(v, (nb, h, keys, dv))
    causal = False
    additive: list[SSAValue] = []
    keep: list[SSAValue] = []
    for value, c in form.additive:
        if not causal and c > 0 and proves_causal(value, None, c):
            causal = True
            continue
        additive.append(b.scaled(value, c))
    for mask, fill, keep_if in form.fills:
        if not causal and proves_causal(mask, keep_if):
            causal = True
            continue
        zero, filled = b.full(mask, 0.0, element(m.x)), b.full(mask, fill, element(m.x))
        additive.append(b.where(mask, zero, filled) if keep_if else b.where(mask, filled, zero))
    for mask, keep_if in form.keep:
        if not causal and proves_causal(mask, keep_if):
            causal = True
            continue
        keep.append(mask if keep_if else b.add(prims.PrimsBitwiseNotOp.create(
            operands=[mask], result_types=[mask.type])))  # fmt: skip
    mask = _combine(b, additive, keep)
    if mask is not None:
        mask = b.reshape(mask, (nb, h, rows, keys))
    scale = form.scale * fq * fk
    transposed = reads_transposed(out, (nb, h, rows, dv))
    dims = [nb, rows, h, dv] if transposed else [nb, h, rows, dv]
    result_type = TensorType(element(out.result), dims)
    attention = AttentionOp(q4, k4, v4, mask, result_type, causal, scale, transposed)
    b.add(attention)
    report(f"fused attention at {out.location}: causal={causal}, mask={'yes' if mask else 'no'}, "
           f"gqa={shape(k4)[1] != h}, scale={scale:.6g}")  # fmt: skip
    return attention


def reads_transposed(out: MatmulOp, heads: tuple[int, ...]) -> bool:
    """Is `· V`'s result only reshaped to [B, H, L, Dv] and transposed to [B, L, H, Dv]
    (the usual way back to [B, L, H·Dv] for the output projection)? Then the kernel
    writes [B, L, H, Dv] and that transpose costs no copy."""
    users = [u.operation for u in out.result.uses]
    for user in users:
        if not (is_reshape(user) and shape(user.results[0]) == heads):
            return False
        for use in user.results[0].uses:
            t = use.operation
            if not (
                isinstance(t, prims.PrimsTransposeOp)
                and int_list(t.properties["permutation"]) == [0, 2, 1, 3]
            ):
                return False
    return bool(users)


def _combine(b: Builder, additive: list[SSAValue], keep: list[SSAValue]) -> SSAValue | None:
    bias = None
    for term in additive:
        bias = term if bias is None else b.binary(prims.PrimsAddOp, bias, term)
    allowed = None
    for term in keep:
        allowed = term if allowed is None else b.binary(prims.PrimsBitwiseAndOp, allowed, term)
    if allowed is None:
        return bias
    if bias is None:
        return allowed
    return b.where(allowed, bias, b.full(bias, -math.inf))


# -- the pass ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class FuseAttention(ModulePass):
    """Rewrite softmax(scale · Q Kᵀ + mask) · V, however spelled, to `prims.attention`."""

    name = "fuse-attention"

    report: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in [f for f in op.ops if isinstance(f, FuncOp) and f.body.blocks]:
            fused = fuse_function(func, self._say)
            if fused + causal_masks(func, self._say):
                region_dce(func.body)  # the replaced ops, and e.g. a causal mask nobody reads

    def _say(self, text: str) -> None:
        if self.report:
            print(f"fuse-attention: {text}", file=sys.stderr)


def fuse_function(func: FuncOp, say: Callable[[str], None]) -> int:
    """Fuse every attention in `func`; the number fused. Program positions are computed
    once (linear time); the ops a fusion inserts before `· V` need none."""
    block = func.body.block
    order = {o: i for i, o in enumerate(block.ops)}
    fused = 0
    replaced: set[Operation] = set()  # dead now; xDSL's dce erases them afterwards
    for out in [o for o in block.ops if isinstance(o, MatmulOp)]:
        if out in replaced:
            continue  # consumed by an earlier fusion
        builder = Builder(out)
        try:
            match = Matcher(order).match(out)
            if any(d < 0 for d in (*shape(match.x), *shape(out.rhs))):
                raise Refused("dynamic sizes")
            attention = build(match, builder, say)
        except NoSoftmax:
            continue
        except Refused as why:
            say(f"not fused at {out.location}: {why}")
            _drop(builder.new)
            continue
        used = _created(attention)
        _drop([o for o in builder.new if o not in set(used)])
        result = Builder(out)
        replaced.update((out, *match.consumed))
        if attention.transposed():  # the [B, H, L, Dv] readers read a view of [B, L, H, Dv]
            heads = result.transpose(attention.result, [0, 2, 1, 3])
            for use in list(out.result.uses):
                reader = use.operation
                reader.results[0].replace_all_uses_with(heads)
                replaced.add(reader)
        else:
            out.result.replace_all_uses_with(result.reshape(attention.result, shape(out.result)))
        block.insert_ops_before([*used, *result.new], out)
        fused += 1
    return fused


def causal_masks(func: FuncOp, say: Callable[[str], None]) -> int:
    """Attentions kept whole (SDPA's, and their backward) whose mask operand is a
    constant causal pattern become `causal = true` without the mask, so their kernels
    skip the masked blocks; the number rewritten."""
    rewritten = 0
    for op in list(func.body.block.ops):
        if not isinstance(op, AttentionOp | AttentionBackwardOp) or op.mask is None:
            continue
        if op.is_causal() or not proves_causal(op.mask, True if element(op.mask) == i1 else None):
            continue
        props = dict(op.properties) | {"causal": IntegerAttr.from_bool(True)}
        new = type(op).create(operands=list(op.operands[:-1]), result_types=list(op.result_types),
                              properties=props, attributes=dict(op.attributes))  # fmt: skip
        new.location = op.location
        func.body.block.insert_op_before(new, op)
        for old, value in zip(op.results, new.results, strict=True):
            old.replace_all_uses_with(value)
        func.body.block.erase_op(op)
        say(f"{new.name} at {new.location}: the mask is causal (causal=true, mask dropped)")
        rewritten += 1
    return rewritten


def _created(attention: AttentionOp) -> list[Operation]:
    """The new ops feeding `attention` (not yet in a block), in dependency order."""
    order: list[Operation] = []
    seen: set[Operation] = set()

    def visit(op: Operation) -> None:
        if op in seen or op.parent is not None:
            return
        seen.add(op)
        for v in op.operands:
            if isinstance(v.owner, Operation):
                visit(v.owner)
        order.append(op)

    visit(attention)
    return order


def _drop(ops: list[Operation]) -> None:
    """Erase ops made but not used (outside any block), so they hold no uses."""
    for op in reversed(ops):
        op.erase(safe_erase=False)
