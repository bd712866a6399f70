"""fuse-attention: recover `softmax(scale · Q Kᵀ + mask) · V` from decomposed prims.

Decomposition splits attention into a dozen ops, and every model spells them differently.
This pass does not list spellings: it starts at each `prims.matmul` (the `· V`) and reads
the graph backwards, normalizing as it goes (see docs/refusion.md):

1. the probabilities: views and float casts back to a softmax over the last dim, written
   out (amax, sub, exp, sum, div) as `_softmax` decomposes, optionally wrapped in
   `_safe_softmax`'s "rows that see no key give 0";
2. the logits, as an affine form `c · (Q Kᵀ) + Σ cᵢ · biasᵢ` with boolean masks: scalar
   `mul`/`div` by constants fold into c (and scale the biases added before them), one by
   a value that is not a constant but one number (a 0-d input) moves onto Q, `add`/
   `sub` of a tensor that does not depend on the scores is a bias, `where(m, x, fill)`
   with a fill of -inf is a boolean mask and with another constant an additive one,
   float casts and reshapes of the batch dims are transparent;
3. Q and K: scalar factors applied to them (sdpa's √scale on both) move into c; a key or
   value repeated across heads by `broadcast_in_dim` + reshape (`repeat_kv`) is replaced
   by the unrepeated tensor (grouped-query attention);
4. masks that do not depend on the inputs are evaluated at compile time: one that is the
   lower-triangular pattern becomes `causal = true`, so the kernel skips masked blocks.

What does not fit the form is refused and left alone: a softmax over another dim, a mask
or any other op between the softmax and `· V`, a scale that depends on the scores, `V`
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

import sympy
import torch
from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    TensorType,
    bf16,
    f16,
    f32,
    f64,
    i1,
    i64,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.transforms.dead_code_elimination import region_dce

from stepwell.dialects import prims
from stepwell.dialects.codecs import decode
from stepwell.dialects.prims_support import AttentionBackwardOp, AttentionOp, MatmulOp
from stepwell.dialects.tile import int_list, ints
from stepwell.ir.sizes import Size, SizeError, is_static, product, statically_equal, symbols_of
from stepwell.ir.sizes import evaluate as evaluate_size
from stepwell.ir.types import int_values, is_float, sized_tensor_type, torch_dtype
from stepwell.passes.support.constants import fill_size, full_op, splat
from stepwell.passes.support.fusion import is_sized_tensor, shape
from stepwell.passes.support.symbolic import scalar_size
from stepwell.passes.support.views import VIEW_RULES, View, view_of

RESHAPES = (prims.PrimsReshapeOp, prims.PrimsCollapseOp, prims.PrimsSplitDimOp,
            prims.PrimsSqueezeOp)  # fmt: skip
MASKED = -1e4
"""A fill at or below this (after scaling) masks a lane: exp underflows to 0 in f32."""
MAX_EVAL = 1 << 26
"""Largest constant mask (elements) evaluated at compile time to detect causality."""
MAX_SYMBOLIC_EVAL = 1 << 20
"""Largest sample of a symbolic mask (elements), which the tile interpreter evaluates
(about 2.5 s a million): a window wider than about 500 keys, sampled past twice its
width, is not proved causal (it is not) and stays a mask, instead of minutes of
compile time (a window of 4000 took 131 s)."""


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
    return isinstance(op, prims.PrimsBroadcastInDimOp) and statically_equal(
        product(shape(op.operands[0])), product(shape(op.results[0]))
    )


def last_two(rank: int) -> list[int]:
    """The permutation that swaps the last two of `rank` dims."""
    return [*range(rank - 2), rank - 1, rank - 2]


def same_view(a: View, b: View) -> bool:
    """Do two views read the same elements in the same order (a size-1 dim's stride
    does not matter)?"""
    return (
        a.source is b.source
        and statically_equal(a.offset, b.offset)
        and same(a.sizes, b.sizes)
        and all(statically_equal(n, 1) or statically_equal(x, y)
                for n, x, y in zip(a.sizes, a.strides, b.strides, strict=True))  # fmt: skip
    )


HALVES = (f16, bf16)


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


def same(a: Sequence[Size], b: Sequence[Size]) -> bool:
    """Are two shapes equal for every binding of their symbols?"""
    return len(a) == len(b) and all(statically_equal(x, y) for x, y in zip(a, b, strict=True))


def check_sizes(m: Match, out: MatmulOp) -> None:
    """Every `?` dim must be a size stepwell can compute (`build` then asks the heads
    and head dims, which size the kernel's tiles, to be static)."""
    values = (m.x, out.rhs, *cast(MatmulOp, m.logits.scores).operands)
    if not all(is_sized_tensor(v) for v in values):
        raise Refused("sizes stepwell cannot compute")


# -- the match ------------------------------------------------------------------------------
@dataclass
class Logits:
    """logits = scale · scores + Σ coef · additive + (-inf where a boolean mask is false)."""

    scores: MatmulOp | None = None
    scale: float = 1.0
    additive: list[tuple[SSAValue, float]] = field(default_factory=list)
    # (m, fill, keep_if, outer: no bias or -inf mask is applied after it)
    fills: list[tuple[SSAValue, float, bool, bool]] = field(default_factory=list)
    keep: list[tuple[SSAValue, bool]] = field(default_factory=list)  # (m, attend where m is)
    floor: float | None = None  # max(logits, floor), applied after everything else
    # a factor of one value that is not a constant (Dynamo's dynamic float `self.scale`,
    # a 0-d input), applied to the scores alone: moved onto Q (divided by if True)
    runtime: tuple[SSAValue, bool] | None = None
    rounded: Attribute | None = None  # the half type the summed logits are rounded to
    ops: list[Operation] = field(default_factory=list)


@dataclass
class Match:
    out: MatmulOp  # the · V matmul the attention replaces
    logits: Logits
    x: SSAValue  # the softmax's input: [.., rows, keys], or [.., keys, rows] if flipped
    consumed: list[Operation]  # ops the fused op replaces (checked to have no other users)
    flipped: bool = False  # scores written K Qᵀ, the softmax over dim -2, Pᵀ · V
    safe: bool = False  # `_safe_softmax`: a row that sees no key is 0, not softmax's NaN


class Matcher:
    """Reads one candidate `· V` matmul backwards (see the module doc)."""

    def __init__(self, order: dict[Operation, int]) -> None:
        self.order = order

    def match(self, out: MatmulOp) -> Match:
        consumed: list[Operation] = []
        probs, flipped = self.probabilities(out, consumed)
        x = self.softmax(probs, consumed, len(shape(probs)) - (2 if flipped else 1))
        logits = self.logits(x, Logits())
        consumed += logits.ops
        scores = cast(MatmulOp, logits.scores)
        if not same(shape(scores.result)[-2:], shape(x)[-2:]):
            raise Refused("the softmax rows do not line up with the scores")
        batch = product(shape(x)[:-2])
        if not statically_equal(product(shape(out.result)[:-2]), batch) or len(
            shape(out.rhs)
        ) != len(shape(out.result)):
            raise Refused("· V does not keep the scores' batch")
        if len(shape(scores.lhs)) != len(shape(scores.result)) or len(shape(scores.rhs)) != len(
            shape(scores.result)
        ):
            raise Refused("Q Kᵀ broadcasts a batch dim")
        self.only_internal_uses(consumed, out)
        safe = isinstance(owner(probs), prims.PrimsWhereOp)  # (softmax() checked its form)
        return Match(out, logits, x, consumed, flipped, safe)

    @staticmethod
    def probabilities(out: MatmulOp, consumed: list[Operation]) -> tuple[SSAValue, bool]:
        """What `· V` reads as P, back through float casts and views; and whether P is
        the softmax's output transposed (scores written K Qᵀ, normalized over dim -2).
        The views may reshape the batch dims, add unit dims and transpose (einsum's
        spelling); any composition of them that reads the softmax's output, or its
        transpose, as [batch.., rows, keys] is accepted."""
        chain: list[Operation] = []
        v = out.lhs
        while (op := owner(v)) is not None and (
            is_float_cast(op) or is_reshape(op) or isinstance(op, prims.PrimsTransposeOp)
        ):
            consumed.append(op)
            chain += [] if is_float_cast(op) else [op]
            v = op.operands[0]
        if len(shape(v)) < 2:
            raise NoSoftmax("no softmax feeds · V")
        try:
            read: View | None = View.of(v)
            for op in reversed(chain):
                read = None if read is None else VIEW_RULES[type(op)](read, op)
            if read is not None and out.flags()[0]:
                read = read.permute(last_two(len(read.sizes)))
            for flipped in (False, True):
                base = View.of(v)
                base = base.permute(last_two(len(base.sizes))) if flipped else base
                if read is not None and same(base.sizes[-2:], read.sizes[-2:]):
                    batched = base.reshape(read.sizes)
                    if batched is not None and same_view(batched, read):
                        return v, flipped
        except SizeError:
            pass
        if not isinstance(owner(v), prims.PrimsDivOp | prims.PrimsWhereOp):
            raise NoSoftmax("no softmax feeds · V")
        raise Refused("· V reads the probabilities through views that neither reshape "
                      "their batch dims nor transpose them")  # fmt: skip

    def softmax(self, y: SSAValue, consumed: list[Operation], dim: int) -> SSAValue:
        """The input of the softmax over `dim` that `y` computes (its ops join
        `consumed`)."""
        op = owner(y)
        if isinstance(op, prims.PrimsWhereOp) and splat(op.operands[1]) == 0.0:
            probs = strip(op.operands[2], is_float_cast, consumed)  # (a half softmax's cast)
            inner = self.softmax(probs, consumed, dim)  # _safe_softmax
            if not self.all_masked_rows(op.operands[0], inner, consumed, dim):
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
        keys = "the keys (dim -2 of K Qᵀ)" if dim == len(shape(e)) - 2 else "the keys (the last)"
        if int_list(sum_op.properties["dims"]) != [dim]:
            raise Refused(f"softmax over another dim than {keys}")
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
        if int_list(amax.properties["dims"]) != [dim]:
            raise Refused(f"softmax max over another dim than {keys}")
        consumed += [*sums, amax]
        return x

    def all_masked_rows(self, cond: SSAValue, x: SSAValue, consumed: list[Operation],
                        dim: int) -> bool:  # fmt: skip
        """Is `cond` "every lane of x's row (along `dim`) is -inf" (as `_safe_softmax`
        builds it)? Only comparisons of x with -inf, logic, casts, reductions over `dim`
        and broadcasts may make it."""
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
            if isinstance(op, prims.PrimsSumOp | prims.PrimsAmaxOp | prims.PrimsAminOp) and (
                len(shape(op.operands[0])) != len(shape(x))
                or int_list(op.properties["dims"]) != [dim]
            ):
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
            narrowed = element(op.results[0])
            if (narrowed in HALVES and element(op.operands[0]) in (f32, f64)
                    and not (form.additive or form.keep or form.fills)
                    and form.floor is None and form.rounded is None):  # fmt: skip
                form.rounded = narrowed  # (the summed logits, rounded: `s16 + mask16`)
            return self.logits(op.operands[0], form, coef, viewed)
        if is_reshape(op):
            return self.logits(op.operands[0], form, coef, True)
        a, b = (*op.operands, None, None)[:2]
        if isinstance(op, prims.PrimsMulOp | prims.PrimsDivOp):
            assert a is not None and b is not None
            for value, factor in (
                ((a, b), (b, a)) if isinstance(op, prims.PrimsMulOp) else ((a, b),)
            ):
                c = scalar_constant(factor)
                if c is not None and value.type == op.results[0].type:
                    c = c if isinstance(op, prims.PrimsMulOp) else 1.0 / c
                    return self.logits(value, form, coef * c, viewed)
            for value, factor in (
                ((a, b), (b, a)) if isinstance(op, prims.PrimsMulOp) else ((a, b),)
            ):
                one = single_value(factor)
                if (one is not None and value.type == op.results[0].type
                        and form.runtime is None and not self.depends_on_scores(one, form)):
                    form.runtime = (one, isinstance(op, prims.PrimsDivOp))  # fmt: skip
                    return self.logits(value, form, coef, viewed)
            raise Refused("the scores are scaled by a value that is not a constant")
        if form.runtime is not None and isinstance(
            op, prims.PrimsAddOp | prims.PrimsSubOp | prims.PrimsMaximumOp | prims.PrimsWhereOp
        ):
            raise Refused("a bias or mask under a scale that is not a constant")
        through_views = prims.PrimsAddOp | prims.PrimsSubOp | prims.PrimsMaximumOp
        if viewed and not isinstance(op, through_views):
            raise Refused(f"'{op.name}' on the scores before their reshape to the softmax's shape")
        if isinstance(op, prims.PrimsAddOp | prims.PrimsSubOp):
            # (before a reshape too: a bias on [B·H, L, S] scores, ALiBi's `baddbmm`, is
            # reshaped to the softmax's shape with them; `build` does it)
            assert a is not None and b is not None
            sign = -1.0 if isinstance(op, prims.PrimsSubOp) else 1.0
            if sign > 0 and direct_scores(b) and not direct_scores(a):
                a, b = b, a  # (the bias first: `baddbmm` adds the scores to it)
            if not self.depends_on_scores(b, form):
                form.additive.append((b, coef * sign))
                return self.logits(a, form, coef, viewed)
            if sign > 0 and not self.depends_on_scores(a, form):
                form.additive.append((a, coef))
                return self.logits(b, form, coef, viewed)
            raise Refused("the scores are added to something that depends on them")
        if isinstance(op, prims.PrimsMaximumOp):
            # max(logits, c) (XGLM's `torch.max(w, finfo.min)`): a floor under every
            # logit, read only where nothing else has been (the floor comes last)
            assert a is not None and b is not None
            for inner, bound in ((a, b), (b, a)):
                c = splat(bound)
                if c is not None and inner.type == op.results[0].type:
                    if form.additive or form.keep or form.fills or form.floor is not None:
                        raise Refused("a max() of the logits with a bias or mask after it")
                    if coef <= 0:
                        raise Refused("a max() of the logits scaled by a negative factor")
                    widened = owner(inner)
                    if element(op.results[0]) not in (f32, f64) or (
                        is_float_cast(widened) and element(widened.operands[0]) not in (f32, f64)
                    ):
                        # (a float16 `s + finfo.min` rounds to the floor or overflows to
                        # -inf; the kernel's float32 sum keeps s, so a row the mask hides
                        # wholly would not be uniform)
                        raise Refused("a max() of half-precision logits")
                    form.floor = c * coef
                    return self.logits(inner, form, coef, viewed)
            raise Refused("a max() of the logits with something that is not a constant")
        if isinstance(op, prims.PrimsWhereOp):
            m, t, f = op.operands
            for keep_if, kept, fill in ((True, t, f), (False, f, t)):
                c = splat(fill)
                if c is not None and not self.depends_on_scores(m, form):
                    c *= coef
                    if c == -math.inf:
                        form.keep.append((m, keep_if))
                    elif c <= MASKED:
                        outer = not form.additive and not form.keep  # (read outside in)
                        form.fills.append((m, c, keep_if, outer))
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

    def reshape(self, v: SSAValue, to: Sequence[Size]) -> SSAValue:
        """`v` as shape `to`: the value it was reshaped from if there is one (so a Q that
        a matmul read collapsed to [B·H, L, D] is read as the [B, H, L, D] it was, which
        strides can express), else a new `prims.reshape`."""
        found = viewed_as(v, tuple(to))
        if found is not None:
            return found
        t = sized_tensor_type(list(to), element(v))
        return self.add(prims.PrimsReshapeOp.make([t], a=v, shape=ints(t.get_shape())))

    def transpose_last(self, v: SSAValue) -> SSAValue:
        return self.transpose(v, last_two(len(shape(v))))

    def transpose(self, v: SSAValue, perm: Sequence[int]) -> SSAValue:
        t = sized_tensor_type([shape(v)[p] for p in perm], element(v))
        return self.add(prims.PrimsTransposeOp.make([t], a=v, permutation=ints(perm)))

    def full(self, like: SSAValue, value: float, el: Attribute | None = None) -> SSAValue:
        """A constant of `like`'s shape (and element type unless `el`)."""
        return self.add(full_op(sized_tensor_type(list(shape(like)), el or element(like)), value))

    def binary(self, cls: type[Operation], a: SSAValue, b: SSAValue) -> SSAValue:
        return self.add(cls.create(operands=[a, b], result_types=[a.type]))

    def where(self, m: SSAValue, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.add(prims.PrimsWhereOp.create(operands=[m, a, b], result_types=[a.type]))

    def convert(self, v: SSAValue, el: Attribute) -> SSAValue:
        t = sized_tensor_type(list(shape(v)), el)
        return self.add(prims.PrimsConvertElementTypeOp.make([t], a=v, dtype=el))

    def scaled(self, v: SSAValue, c: float) -> SSAValue:
        return v if c == 1.0 else self.binary(prims.PrimsMulOp, v, self.full(v, c))


def viewed_as(v: SSAValue, target: tuple[Size, ...]) -> SSAValue | None:
    """A value of shape `target` whose reshape `v` is, through reshapes of the batch dims
    and transposes of the last two (which commute; an even number of them cancel)."""
    flipped = False
    while True:
        if not flipped and same(shape(v), target):
            return v
        op = owner(v)
        if op is None or len(shape(v)) < 2:
            return None
        rank = len(shape(v))
        if is_reshape(op) and same(shape(op.operands[0])[-2:], shape(v)[-2:]):
            v = op.operands[0]
        elif (isinstance(op, prims.PrimsTransposeOp)
              and int_list(op.properties["permutation"]) == last_two(rank)):  # fmt: skip
            flipped, v = not flipped, op.operands[0]
        else:
            return None


def single_value(v: SSAValue) -> SSAValue | None:
    """The one-element value (a 0-d tensor, or all dims 1) that `v` repeats through
    broadcasts, reshapes and float casts: every element of `v` is its one value."""
    while (op := owner(v)) is not None and (
        isinstance(op, prims.PrimsBroadcastInDimOp) or is_reshape(op) or is_float_cast(op)
    ):
        if statically_equal(product(shape(v)), 1):
            break
        v = op.operands[0]
    if not (is_sized_tensor(v) and statically_equal(product(shape(v)), 1)):
        return None
    return v if is_float(element(v)) else None


def scaled_by(q: SSAValue, factor: SSAValue, divide: bool, b: Builder) -> SSAValue:
    """`q` times (or divided by) the one value of `factor`, computed in float32 at least
    and rounded back to `q`'s type."""
    wide = f32 if element(q) in HALVES else element(q)
    one = b.convert(factor, wide) if element(factor) != wide else factor
    if shape(one):
        one = b.reshape(one, ())
    qw = b.convert(q, wide) if element(q) != wide else q
    t = sized_tensor_type(list(shape(qw)), wide)
    spread = b.add(prims.PrimsBroadcastInDimOp.make(
        [t], a=one, shape=ints(t.get_shape()), broadcast_dimensions=ints([])))  # fmt: skip
    cls = prims.PrimsDivOp if divide else prims.PrimsMulOp
    product_ = b.binary(cls, qw, spread)
    return b.convert(product_, element(q)) if element(q) != wide else product_


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


def unrepeated(v: SSAValue, heads: tuple[Size, int], last: tuple[Size, int],
               b: Builder) -> SSAValue | None:  # fmt: skip
    """If `v` (logically [B·H.., T, D]) repeats each of Hkv heads H/Hkv times through a
    `broadcast_in_dim` and reshapes and transposes (`repeat_kv` on [B, Hkv, T, D], or
    `repeat_interleave` on the heads of [B, T, Hkv, D] before the heads move forward),
    the [B, Hkv, T, D] tensor it repeats."""
    nb, h = heads
    y = strip(v, lambda o: isinstance(o, prims.PrimsTransposeOp) or is_reshape(o), [])
    expand = owner(y)
    if not isinstance(expand, prims.PrimsBroadcastInDimOp):
        return None
    out, src = shape(expand.results[0]), expand.operands[0]
    group = repeated_dim(expand)
    if len(out) != 5 or group is None or group == 0:
        return None

    def materialized(u: SSAValue) -> bool:
        op = owner(u)
        return (
            u is y or op is None or not (is_reshape(op) or isinstance(op, prims.PrimsTransposeOp))
        )

    # the order of y's dims that reads it as [B, Hkv, rep, T, D]: the heads dim and the
    # repeats just after it, the others in their order
    rest = [d for d in range(5) if d not in (group - 1, group)]
    perm = (rest[0], group - 1, group, rest[1], rest[2])
    grouped = [out[p] for p in perm]
    if (not statically_equal(grouped[0], nb) or not statically_equal(grouped[1] * grouped[2], h)
            or not same(grouped[3:], last)):  # fmt: skip
        return None
    lead = next((n for n in range(1, len(shape(v)) + 1)
                 if statically_equal(product(shape(v)[:n]), nb * h)), None)  # fmt: skip
    if lead is None:
        return None
    as_grouped = leading_split(v, grouped[:3], lead, materialized)
    if as_grouped is None or as_grouped.source is not y:
        return None
    if not same_view(as_grouped, View.of(y).permute(perm)):
        return None
    once = [*out[:group], 1, *out[group + 1 :]]  # y before the repeat
    unrepeated_y = b.reshape(src, once)
    if list(perm) != sorted(perm):
        unrepeated_y = b.transpose(unrepeated_y, perm)
    return b.reshape(unrepeated_y, (grouped[0], grouped[1], *grouped[3:]))


def leading_split(v: SSAValue, parts: Sequence[Size], lead: int,
                  materialized: Callable[[SSAValue], bool]) -> View | None:  # fmt: skip
    """The view of `v` with its first `lead` dims ([B·H] or [B, H]) split into `parts`,
    over the nearest materialized value. Strides cannot always say `v` itself ([B·H, T, D]
    collapsed from heads that a transpose moved forward), but they can say its split: a
    transpose that keeps the leading dims in place is applied after the split, and a
    reshape's operand is reshaped to the split shape at once (reshapes compose in
    row-major order)."""
    target = [*parts, *shape(v)[lead:]]
    op = owner(v)
    if op is not None and not materialized(v):
        if isinstance(op, prims.PrimsTransposeOp):
            perm = int_list(op.permutation)
            if perm[:lead] == list(range(lead)):
                base = leading_split(op.operands[0], parts, lead, materialized)
                k = len(parts)
                return None if base is None else base.permute(
                    [*range(k), *(p - lead + k for p in perm[lead:])])
        elif is_reshape(op):
            base = view_of(op.operands[0], materialized)
            return None if base is None else base.reshape(target)
    view = view_of(v, materialized)
    return None if view is None else view.reshape(target)


def repeated_dim(expand: prims.PrimsBroadcastInDimOp) -> int | None:
    """The one dim a `broadcast_in_dim` repeats (every other dim keeps its source's
    size); None when it repeats none or several."""
    out, src = shape(expand.results[0]), shape(expand.operands[0])
    mapped = dict(zip(int_list(expand.broadcast_dimensions), src, strict=True))
    repeated = [d for d in range(len(out))
                if not statically_equal(out[d], 1)
                and (d not in mapped or statically_equal(mapped[d], 1))]  # fmt: skip
    if len(repeated) != 1:
        return None
    kept = [d for d in range(len(out)) if d not in repeated]
    if not all(d in mapped and statically_equal(mapped[d], out[d]) or statically_equal(out[d], 1)
               for d in kept):  # fmt: skip
        return None
    return repeated[0]


def direct_scores(v: SSAValue) -> bool:
    """Is `v` a product, reached through casts, reshapes and constant scales (the scores
    themselves, not a bias added to them)?"""
    for _ in range(16):
        op = owner(v)
        if isinstance(op, MatmulOp):
            return True
        if op is None:
            return False
        if is_float_cast(op) or is_reshape(op):
            v = op.operands[0]
        elif (isinstance(op, prims.PrimsMulOp | prims.PrimsDivOp)
              and splat(op.operands[1]) is not None):  # fmt: skip
            v = op.operands[0]
        elif isinstance(op, prims.PrimsMulOp) and splat(op.operands[0]) is not None:
            v = op.operands[1]
        else:
            return False
    return False


def scalar_constant(v: SSAValue) -> float | None:
    """The one value of `v`: a splat, or elementwise ops and broadcasts of constants
    (`math.sqrt` of a head dim that Dynamo made a tensor, `sqrt(scalar_tensor(64))`, or
    `torch.full((), 64.0).sqrt()`), evaluated once on 0-d tensors."""
    c = splat(v)
    if c is not None:
        return c
    block = Block()
    scalar = uniform_copy(v, block, {})
    if scalar is None:
        return None
    block.add_op(ReturnOp(scalar))
    func = FuncOp("scale", ([], [scalar.type]), Region(block))
    from stepwell.ir.interpret import interpret

    try:
        value = cast(torch.Tensor, interpret(ModuleOp([func]), function="scale")[0])
    except Exception:  # an op the interpreter cannot run on it: no constant scale
        return None
    return None if value.is_complex() else float(value)


def uniform_copy(v: SSAValue, block: Block, copies: dict[SSAValue, SSAValue],
                 depth: int = 0) -> SSAValue | None:  # fmt: skip
    """`v`'s one value as a 0-d tensor computed in `block`, when `v` is a constant `full`,
    a broadcast of such a value, or an elementwise op or conversion of such values (every
    element is then the same); None otherwise."""
    if v in copies:
        return copies[v]
    op = owner(v)
    if op is None or depth > 32:
        return None
    element = cast(TensorType[Attribute], v.type).element_type
    if isinstance(op, prims.PrimsFullOp) and not op.operands:
        new = full_op(TensorType(element, []), decode(op.fill_value))
    elif isinstance(op, prims.PrimsBroadcastInDimOp):
        result = uniform_copy(op.operands[0], block, copies, depth + 1)
        if result is not None:
            copies[v] = result
        return result
    elif isinstance(op, prims.PrimsOp) and len(op.results) == 1 and (
        op.KIND == "elementwise" or isinstance(op, prims.PrimsConvertElementTypeOp)
    ):
        operands = [uniform_copy(u, block, copies, depth + 1) for u in op.operands]
        if any(u is None for u in operands):
            return None
        new = op.create(operands=cast(list[SSAValue], operands),
                        result_types=[TensorType(element, [])],
                        properties=dict(op.properties))  # fmt: skip
    else:
        return None
    block.add_op(new)
    copies[v] = new.results[0]
    return new.results[0]


def heads_of(x: SSAValue) -> tuple[Size, Size]:
    """(B, H) of the softmax input [.., H, L, S]: leading dims fold into B."""
    s = shape(x)
    if len(s) == 2:
        return (1, 1)
    return (product(s[:-3]), s[-3])


def subgraph(v: SSAValue) -> tuple[list[Operation], dict[SSAValue, str]] | None:
    """The prims ops `v` is computed by, in dependency order, and the function's size
    arguments they read (by symbol); None when `v` reads another argument or a non-prims
    op: then it is no constant."""
    ops: list[Operation] = []
    sizes: dict[SSAValue, str] = {}
    seen: set[Operation] = set()
    stack = [v]
    while stack:
        u = stack.pop()
        if isinstance(u, BlockArgument):
            size = scalar_size(u)  # a size argument (`{stepwell.name = "s0"}`)
            if size is None or is_static(size) or not sympy.sympify(size).is_Symbol:
                return None
            sizes[u] = str(size)
            continue
        size = scalar_size(u) if isinstance(u.type, IntegerType) else None
        if size is not None and sympy.sympify(size).is_Symbol:
            sizes[u] = str(size)  # (a size read from a tensor: `sym_size(x, 1)`)
            continue
        op = cast(Operation, u.owner)
        if op in seen:
            continue
        if not op.name.startswith("prims."):
            return None
        seen.add(op)
        ops.append(op)
        stack.extend(op.operands)
    deps = {op: [u.owner for u in op.operands if u.owner in seen] for op in ops}
    return list(graphlib.TopologicalSorter(deps).static_order()), sizes


def constant_function(v: SSAValue, ops: list[Operation], sizes: dict[SSAValue, str],
                      symbols: list[str]) -> ModuleOp:  # fmt: skip
    """A module whose `@mask` computes `v` from `ops`, taking each symbol as an argument."""
    attrs = [DictionaryAttr({"stepwell.name": StringAttr(n), "stepwell.kind": StringAttr("symint")})
             for n in symbols]  # fmt: skip
    block = Block(arg_types=[i64] * len(symbols))
    mapping: dict[SSAValue, SSAValue] = {u: block.args[symbols.index(n)] for u, n in sizes.items()}
    for op in ops:
        clone = op.clone(value_mapper=mapping)
        block.add_op(clone)
        mapping.update(zip(op.results, clone.results, strict=True))
    result = mapping[v]
    if symbols:  # computed by a kernel: an f64 copy (exact for masks), not a graph-level view
        t = cast(TensorType[Attribute], v.type)
        f64_t = TensorType(f64, t.get_shape(), t.encoding)
        convert = prims.PrimsConvertElementTypeOp.make([f64_t], a=result, dtype=f64)
        block.add_op(convert)
        result = convert.results[0]
    block.add_op(ReturnOp(result))
    types = ([i64] * len(symbols), [result.type])
    func = FuncOp("mask", types, Region(block), arg_attrs=ArrayAttr(attrs))
    return ModuleOp([func])


def evaluate(v: SSAValue) -> torch.Tensor | None:
    """The value of `v` when it depends on no function argument, has static sizes and is
    small (at most MAX_EVAL elements)."""
    found = subgraph(v)
    if found is None or found[1] or not all(is_static(d) for d in shape(v)):
        return None
    if math.prod(cast(tuple[int, ...], shape(v))) > MAX_EVAL:
        return None
    from stepwell.ir.interpret import interpret

    try:
        module = constant_function(v, found[0], {}, [])
        return cast(torch.Tensor, interpret(module, function="mask")[0])
    except Exception:  # a mask the interpreter cannot run: not provably causal
        return None


SAMPLE_SIZES = (2, 3, 5, 16, 67)
"""The sizes a symbolic mask is evaluated at (Dynamo specializes 0 and 1), besides one
past twice its largest constant."""


def sample_bindings(symbols: list[str], ops: list[Operation]) -> list[dict[str, int]]:
    """The bindings a mask of `symbols` is evaluated at to be taken as constant: every
    symbol at each of SAMPLE_SIZES and at one size past twice the largest integer in the
    mask's ops (so a threshold such as a sliding window shows), and, with several
    symbols, each at a different size (so `j <= i + (keys - queries)` shows)."""
    largest = max([abs(c) for op in ops for c in op_integers(op)] or [0])
    sizes = [*SAMPLE_SIZES, 2 * largest + 3]
    out = [dict.fromkeys(symbols, n) for n in sizes]
    if len(symbols) > 1:
        out += [{s: n + 3 * i for i, s in enumerate(symbols)} for n in (2, sizes[-1])]
        out += [{s: n + 3 * i for i, s in enumerate(reversed(symbols))} for n in (2, sizes[-1])]
    return out


def op_integers(op: Operation) -> list[int]:
    """The integers in an op's properties (its shapes, bounds and fill values)."""
    found: list[int] = []
    stack: list[Attribute] = list(op.properties.values())
    while stack:
        a = stack.pop()
        if isinstance(a, IntegerAttr) and abs(a.value.data) < 1 << 62:
            found.append(a.value.data)  # (not `?`, DYNAMIC_INDEX)
        elif isinstance(a, FloatAttr) and a.value.data.is_integer() and abs(a.value.data) < 1 << 31:
            found.append(int(a.value.data))  # (not a float's -inf or finfo.min fill)
        elif isinstance(a, ArrayAttr):
            stack.extend(a.data)
    return found


UNSAMPLED_OPS = frozenset({
    "prims.shift_left", "prims.shift_right_arithmetic", "prims.remainder", "prims.fmod",
    "prims.gcd", "prims.pow", "prims.floor", "prims.ceil", "prims.round", "prims.trunc",
})  # fmt: skip
"""Ops whose thresholds no integer of a mask shows: `(i - j) >> 7` changes at 128, a
parity `n % 4` at every fourth size."""


def piecewise_in_positions(ops: list[Operation]) -> bool:
    """Whether a mask built of `ops` changes with its sizes only where `sample_bindings`
    looks: the positions (iotas, sizes, gathers and scans of them) meet integer
    constants through sums, products, min/max and comparisons, so every threshold
    comes from its integers. Floats only follow the comparisons (an additive mask's
    `where(m, 0, -inf)`, `(1 - m.float()) * finfo.min`); bitwise ops only combine
    booleans. Refused: a position converted to a float (`(i - j).float() * 0.01 < 1`,
    `i - j < 100.5`), shifted (`(i - j) >> 7`), divided or taken modulo, whose
    thresholds no integer of the mask shows."""
    for op in ops:
        if op.name in ("prims.remainder", "prims.div") and _coordinate_of_a_position(op):
            continue  # (a coordinate from an offset: `o // 17 % s0`)
        if op.name in UNSAMPLED_OPS:
            return False
        elements = [element(u) for u in (*op.operands, *op.results)
                    if isinstance(u.type, TensorType)]  # fmt: skip
        if op.name == "prims.convert_element_type":
            if is_float(element(op.results[0])) and element(op.operands[0]) != i1:
                return False  # (a position as a float)
        elif op.name == "prims.iota" and is_float(element(op.results[0])):
            return False
        elif op.name.startswith("prims.bitwise_") and any(e != i1 for e in elements):
            return False
        elif op.name == "prims.div" and not all(is_float(e) for e in elements):
            return False  # (an integer quotient; floats here come from booleans)
    return True


def _coordinate_of_a_position(op: Operation) -> bool:
    """Is `op` an integer division or remainder of a position (a value computed from an
    iota) by a positive constant or a symbolic size: a coordinate from an offset, as the
    index math of a gather moved into its offsets builds it (`o // 17 % s0`)? It repeats
    with a period that is one of the mask's integers or one of its sizes, and
    `sample_bindings` takes the positions past twice its integers and varies its sizes,
    so a sample shows it. Not a size taken modulo a constant (`s0 % 32`), whose
    threshold no sample need reach."""
    if len(op.operands) != 2 or is_float(element(op.results[0])):
        return False
    from stepwell.passes.support.views import is_view_op

    divisor = op.operands[1]
    while isinstance(divisor.owner, Operation) and is_view_op(divisor.owner):
        divisor = divisor.owner.operands[0]  # (a broadcast or slice of the full)
    full = divisor.owner
    if not isinstance(full, prims.PrimsFullOp):
        return False
    if full.operands:  # (a size: `#torch.sym<0>`)
        size = fill_size(full)
        if size is None or is_static(cast(Size, scalar_size(size))):
            return False
    elif not (isinstance(full.fill_value, IntegerAttr) and full.fill_value.value.data > 0):
        return False
    return _reads_a_position(op.operands[0])


def _reads_a_position(v: SSAValue) -> bool:
    """Does `v` depend on a `prims.iota` (a position), through any prims ops?"""
    stack, seen = [v], set()
    while stack:
        u = stack.pop()
        owner = u.owner
        if not isinstance(owner, Operation) or owner in seen:
            continue
        seen.add(owner)
        if isinstance(owner, prims.PrimsIotaOp):
            return True
        stack.extend(owner.operands)
    return False


def evaluate_symbolic(v: SSAValue) -> list[torch.Tensor] | None:
    """The values of `v`, a constant except for its sizes, at each of `sample_bindings`:
    it is lowered to tile kernels and run by the tile interpreter (the prims interpreter
    runs no symbolic iota). None when it reads a tensor argument, or at a binding where
    it has more than MAX_EVAL elements or cannot be run."""
    found = subgraph(v)
    if found is None or not piecewise_in_positions(found[0]):
        return None
    ops, sizes = found
    typed = [*(r for op in ops for r in op.results), v]
    symbols = sorted({*sizes.values(), *(n for r in typed if isinstance(r.type, TensorType)
                                         for d in shape(r) for n in symbols_of(d))})  # fmt: skip
    from stepwell.ir.interpret_tile import run_tile
    from stepwell.passes.convert_prims_to_tile import convert_function

    try:
        module = constant_function(v, ops, sizes, symbols)
        convert_function(module, cast(FuncOp, module.body.block.last_op), 0)
        values = []
        for binding in sample_bindings(symbols, ops):
            if evaluate_size(product(shape(v)), binding) > MAX_SYMBOLIC_EVAL:
                return None
            value = run_tile(module, *[binding[n] for n in symbols], function="mask")[0]
            values.append(value.to(torch_dtype(element(v))))
        return values
    except Exception:  # a mask the tile level cannot run: not provably causal
        return None


def proves_causal(v: SSAValue, keep_if: bool | None, coef: float = 1.0,
                  flipped: bool = False) -> bool:  # fmt: skip
    """Is the mask term `v` (boolean: attend where == keep_if; additive: keep_if None,
    scaled by coef; [.., keys, rows] if `flipped`) a constant equal to the causal
    pattern? It is evaluated with real tensors even when the pass runs under a
    torch.compile backend's fake-tensor mode.
    A mask of symbolic size is taken as causal when it is at every one of
    `sample_bindings` and is built as `piecewise_in_positions` says (positions meet
    integer constants through sums, products and comparisons), so those bindings take
    every symbol past the thresholds its constants could set."""
    from torch._subclasses.fake_tensor import unset_fake_temporarily

    v = leading_broadcast_source(v)
    try:
        with unset_fake_temporarily():
            static = all(is_static(d) for d in shape(v))
            consts = [evaluate(v)] if static else evaluate_symbolic(v)
            if not consts or any(c is None for c in consts):
                return False
            terms = [c * coef if keep_if is None else c for c in cast(list[torch.Tensor], consts)]
            return all(is_causal(t.mT if flipped else t, keep_if) for t in terms)
    except Exception:  # a mask the interpreter cannot run: not provably causal
        return False


def leading_broadcast_source(v: SSAValue) -> SSAValue:
    """The tensor that `v` broadcasts over leading dims only (its last two dims are that
    tensor's): every leading index of `v` is a copy of it, so one is causal if the other
    is, and evaluating the smaller costs fewer lanes (an additive mask [B, 1, L, L] that
    the scores' add broadcast over the heads)."""
    while isinstance(op := v.owner, prims.PrimsBroadcastInDimOp):
        source, rank = op.operands[0], len(shape(v))
        dims = int_values(op.broadcast_dimensions)
        last = zip(shape(source)[-2:], shape(v)[-2:], strict=False)
        if (len(dims) < 2 or dims[-2:] != [rank - 2, rank - 1]
                or not all(statically_equal(a, b) for a, b in last)):  # fmt: skip
            break
        v = source
    return v


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
    rows, keys = shape(m.x)[-2:][::-1] if m.flipped else shape(m.x)[-2:]
    lhs, fl = unscaled(scores.lhs, b)
    rhs, fr = unscaled(scores.rhs, b)
    lhs = b.transpose_last(lhs) if scores.flags()[0] else lhs  # [.., M, D]
    rhs = rhs if scores.flags()[1] else b.transpose_last(rhs)  # [.., N, D]
    (q, fq), (k, fk) = ((rhs, fr), (lhs, fl)) if m.flipped else ((lhs, fl), (rhs, fr))
    v = b.transpose_last(out.rhs) if out.flags()[1] else out.rhs
    d, dv = shape(q)[-1], shape(v)[-1]
    if not all(is_static(x) for x in (h, d, dv)):
        raise Refused("a symbolic head count or head dim (they size the kernel's tiles)")
    if element(q) != element(k):
        raise Refused(f"Q and K differ in type ({element(q)}, {element(k)})")
    q4 = b.reshape(q, (nb, h, rows, d))
    if form.runtime is not None:  # (s · Q Kᵀ = (s · Q) Kᵀ)
        q4 = scaled_by(q4, *form.runtime, b)
    k4, v4 = unrepeated(k, (nb, h), (keys, d), b), unrepeated(v, (nb, h), (keys, dv), b)
    shared = k4 is not None and v4 is not None and statically_equal(shape(k4)[1], shape(v4)[1])
    if not shared:  # K and V share their heads
        k4, v4 = b.reshape(k, (nb, h, keys, d)), b.reshape(v, (nb, h, keys, dv))
    causal = False
    additive: list[SSAValue] = []
    keep: list[SSAValue] = []
    flip = m.flipped  # (the masks are [.., keys, rows] too)
    fills = form.fills
    floor = form.floor  # (with a floor, a key a causal mask hides has the floor's logit)
    plain = floor is None  # (then a mask may become `causal`)
    if plain and len(fills) == 1 and proves_causal(fills[0][0], fills[0][2], flipped=flip):
        causal, fills = True, []  # (a causal mask hides no row's every key)
    # A finite fill replaces the logits it hides (the fused op's `fill`): a row it hides
    # wholly attends to every key alike. Then no other mask becomes `causal` (its keys
    # would be skipped, not filled), and a bias or mask applied after the fill, or a
    # second fill of another value, cannot be expressed.
    fill = fills[0][1] if fills else None
    if any(f != fill or not outer for _, f, _, outer in fills):
        raise Refused("a finite mask fill with a bias, another fill or an -inf mask "
                      "applied after it (a row it hides wholly would not be uniform)")
    for value, c in form.additive:
        if not same(shape(value), shape(m.x)):  # a bias added before the reshape
            value = b.reshape(value, shape(m.x))
        if not causal and plain and fill is None and c > 0 and proves_causal(value, None, c, flip):
            causal = True
            continue
        additive.append(b.scaled(value, c))
    for mask, _, keep_if, _ in fills:
        keep.append(mask if keep_if else b.add(prims.PrimsBitwiseNotOp.create(
            operands=[mask], result_types=[mask.type])))  # fmt: skip
    for mask, keep_if in form.keep:
        if not causal and plain and fill is None and proves_causal(mask, keep_if, flipped=flip):
            causal = True
            continue
        keep.append(mask if keep_if else b.add(prims.PrimsBitwiseNotOp.create(
            operands=[mask], result_types=[mask.type])))  # fmt: skip
    mask = _combine(b, additive, keep)
    if mask is not None:
        mask = b.reshape(b.transpose_last(mask) if flip else mask, (nb, h, rows, keys))
    scale = form.scale * fq * fk
    transposed = reads_transposed(out, (nb, h, rows, dv))
    dims = [nb, rows, h, dv] if transposed else [nb, h, rows, dv]
    result_type = sized_tensor_type(dims, element(out.result))
    # a mask may hide a whole row: NaN there unless the softmax was _safe_softmax (or
    # the hidden logits are a finite fill: the row is then uniform)
    blind_nan = mask is not None and not m.safe and fill is None and floor is None
    attention = AttentionOp(q4, k4, v4, mask, result_type, causal, scale, transposed,
                            blind_nan=blind_nan, fill=fill, floor=floor,
                            rounded=form.rounded)  # fmt: skip
    b.add(attention)
    report(f"fused attention at {out.location}: causal={causal}, mask={'yes' if mask else 'no'}, "
           f"gqa={not statically_equal(shape(k4)[1], h)}, scale={scale:.6g}")  # fmt: skip
    return attention


def reads_transposed(out: MatmulOp, heads: tuple[Size, ...]) -> bool:
    """Is `· V`'s result only reshaped to [B, H, L, Dv] and transposed to [B, L, H, Dv]
    (the usual way back to [B, L, H·Dv] for the output projection)? Then the kernel
    writes [B, L, H, Dv] and that transpose costs no copy."""
    users = [u.operation for u in out.result.uses]
    for user in users:
        if not (is_reshape(user) and same(shape(user.results[0]), heads)):
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
            check_sizes(match, out)
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
