"""canonicalize-prims: remove what decomposition leaves behind at the prims level.

PyTorch's decompositions are written for generality: `addmm` multiplies by `beta = 1`,
`to(dtype)` converts to the dtype a value already has, `view` reshapes to the same shape.
Each pattern below removes one such no-op, so fusion sees the real computation.
Duplicate ops (the same `prims.full` made twice) are merged by `cse` afterwards: every
prims op is pure.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, StringAttr, TensorType, i1
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.transforms.dead_code_elimination import dce

from stepwell.dialects import prims
from stepwell.dialects.codecs import decode
from stepwell.dialects.prims_support import AttentionOp, ExternOp, MatmulOp
from stepwell.dialects.tile import int_list
from stepwell.ir.sizes import Size, product, simplify, statically_equal
from stepwell.ir.types import has_sizes, int_array, is_float, tensor_sizes
from stepwell.passes.support.constants import fill_size, full_op, splat
from stepwell.passes.support.symbolic import scalar_size, size_spellable, size_value

if TYPE_CHECKING:
    from stepwell.dialects.prims_support import TakeOp
    from stepwell.passes.support.views import View


def _like(v: SSAValue, element: Attribute) -> TensorType[Attribute]:
    """A tensor type of `v`'s shape (its `?` sizes included) and `element`."""
    t = cast(TensorType[Attribute], v.type)
    return TensorType(element, t.get_shape(), t.encoding)

def _shape(v: SSAValue) -> tuple[int, ...]:
    return tuple(cast(TensorType[Attribute], v.type).get_shape())


def _identity_operand(op: Operation) -> SSAValue | None:
    """The operand `op` returns unchanged, if it is a no-op."""
    x = op.operands[0] if op.operands else None
    if x is None or x.type != op.results[0].type:
        return None
    match op:
        case prims.PrimsMulOp() | prims.PrimsDivOp() if splat(op.operands[1]) == 1:
            return x  # x * 1 -> x, x / 1 -> x
        case prims.PrimsMulOp() if splat(x) == 1 and op.operands[1].type == op.results[0].type:
            return op.operands[1]  # 1 * x -> x
        case prims.PrimsAddOp() | prims.PrimsSubOp() if _adds_nothing(op, splat(op.operands[1])):
            return x  # x + 0 -> x, x - 0 -> x
        case prims.PrimsConvertElementTypeOp():
            return x  # convert to the type it has -> x
        case prims.PrimsCloneOp():
            return x  # clone -> x (values, not buffers)
        case prims.PrimsBroadcastInDimOp() if int_list(
            op.properties["broadcast_dimensions"]
        ) == list(range(len(_shape(x)))):
            return x  # broadcast to its own shape -> x
        case prims.PrimsTransposeOp() if int_list(op.properties["permutation"]) == sorted(
            int_list(op.properties["permutation"])
        ):
            return x  # identity permutation -> x
        case prims.PrimsReshapeOp() | prims.PrimsCollapseOp() | prims.PrimsSplitDimOp():
            return x  # reshape to its own shape -> x
    return None


def _adds_nothing(op: Operation, c: float | None) -> bool:
    """Whether `op` (an add or a sub of the constant `c`) leaves every value as it is: a
    zero for integers; for floats `x + (-0.0)` and `x - 0.0` only, since `-0.0 + 0.0` is
    +0.0 (eager's `cumsum`, which starts from +0.0, relies on it)."""
    if c != 0:
        return False
    if not is_float(cast(TensorType[Attribute], op.results[0].type).element_type):
        return True
    negative = math.copysign(1.0, c) < 0
    return negative if isinstance(op, prims.PrimsAddOp) else not negative


class RemoveNoOps(RewritePattern):
    """Replace an op that returns an operand unchanged by that operand."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if len(op.results) != 1 or not op.name.startswith("prims."):
            return
        x = _identity_operand(op)
        if x is not None and x.type == op.results[0].type:
            rewriter.replace(op, [], [x])


class NotOfNot(RewritePattern):
    """`bitwise_not(bitwise_not(x))` is x (every integer type and bool): a mask negated by
    the program (`masked_fill(~keep, c)`) and again by fuse-attention (which wants the keys
    to attend) is the mask itself, not a kernel that negates it twice."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, prims.PrimsBitwiseNotOp):
            return
        inner = op.operands[0].owner
        if isinstance(inner, prims.PrimsBitwiseNotOp) and inner.operands[0].type == op.results[
                0].type:  # fmt: skip
            rewriter.replace(op, [], [inner.operands[0]])


class IndexInRange(RewritePattern):
    """`check_index(i, bound)` is `i` where the index math proves every element in
    [0, bound) (`_int_range`): index math on an `iota` that a decomposition built (a
    `roll`'s, an `arange` index's)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import CheckIndexOp

        if not isinstance(op, CheckIndexOp):
            return
        index, bound = _int_range(op.index), _int_range(op.bound)
        if index is not None and bound is not None and 0 <= index[0] and index[1] < bound[0]:
            rewriter.replace(op, [], [op.index])


UNIT_REDUCTIONS = (prims.PrimsSumOp, prims.PrimsProdOp, prims.PrimsAmaxOp, prims.PrimsAminOp)


class ReduceOverUnitDims(RewritePattern):
    """A sum, prod, amax or amin over dims of size 1 only (a 0-d tensor, or `dims = []`)
    combines one element: a reshape of its operand (as `x + 0 -> x`, a sum of -0.0
    keeps its sign). Such reductions come from `sum()` of a 0-d tensor, `keepdim` sums
    over a unit dim, and losses of one element."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, UNIT_REDUCTIONS) or op.properties.get("output_dtype") is not None:
            return
        x = op.operands[0]
        dims = op.properties.get("dims")
        src = _shape(x)
        reduced = int_list(dims) if dims is not None else list(range(len(src)))
        if any(src[d] != 1 for d in reduced if src):  # a 0-d operand's dim 0 is itself
            return
        out = cast(TensorType[Attribute], op.results[0].type)
        if out.element_type != cast(TensorType[Attribute], x.type).element_type:
            return
        if out == x.type:
            rewriter.replace(op, [], [x])
            return
        new = prims.PrimsReshapeOp.make([out], a=x, shape=int_array(list(out.get_shape())))
        new.location = op.location
        rewriter.replace(op, new)


class UnitDimTransposeIsReshape(RewritePattern):
    """A transpose that only moves size-1 dims keeps the elements in order: a reshape, so
    reshape chains fold (`ReshapeOfReshape`) and matchers see one spelling (einsum's
    decomposition spells its matmuls with such views). Broadcasts that add unit dims
    stay: fusion and the attention matcher read a reduced value back through them."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, prims.PrimsTransposeOp):
            return
        src = _shape(op.operands[0])
        moved = [d for d in int_list(op.properties["permutation"]) if src[d] != 1]
        if moved != sorted(moved) or src == _shape(op.results[0]):
            return
        new = prims.PrimsReshapeOp.make(
            [op.results[0].type], a=op.operands[0], shape=int_array(list(_shape(op.results[0])))
        )
        new.location = op.location
        rewriter.replace(op, new)


class ReshapeOfReshape(RewritePattern):
    """reshape-like(reshape-like(x)) -> one reshape: only the final shape matters."""

    RESHAPES = (
        prims.PrimsReshapeOp, prims.PrimsCollapseOp, prims.PrimsSplitDimOp, prims.PrimsSqueezeOp,
    )  # fmt: skip

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, self.RESHAPES) or not isinstance(op.operands[0].owner, self.RESHAPES):
            return
        src = op.operands[0].owner.operands[0]
        shape = list(_shape(op.results[0]))
        new = prims.PrimsReshapeOp.make([op.results[0].type], a=src, shape=int_array(shape))
        new.location = op.location
        rewriter.replace(op, new)


class TransposeOfTranspose(RewritePattern):
    """transpose(transpose(x, p), q) -> x when q undoes p: decompositions and re-fusion
    leave such pairs ([2,0,1,3] then [1,2,0,3]). Pairs that compose to another
    permutation stay: each may be a view that strides express where the composition,
    with the reshapes between them, would not."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        inner = op.operands[0].owner if op.operands else None
        if not isinstance(op, prims.PrimsTransposeOp) or not isinstance(
            inner, prims.PrimsTransposeOp
        ):
            return
        p = int_list(inner.properties["permutation"])
        q = int_list(op.properties["permutation"])
        if [p[i] for i in q] == list(range(len(q))):
            rewriter.replace(op, [], [inner.operands[0]])


class AttentionWritesTokenMajor(RewritePattern):
    """An attention whose every reader transposes its [B, H, L, Dv] result to
    [B, L, H, Dv] (to flatten the heads for the output projection) writes [B, L, H, Dv]
    itself (`transpose_out`). The flattening is then a view of the kernel's output, not a
    copy kernel. (`fuse-attention` does this for the attentions it builds; this covers
    those whole from the start, such as SDPA's, and readers that canonicalization has
    only just reduced to one transpose.)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import AttentionOp

        if not isinstance(op, AttentionOp) or op.transposed():
            return
        readers = [u.operation for u in op.result.uses]
        if not readers or not all(
            isinstance(r, prims.PrimsTransposeOp)
            and int_list(r.properties["permutation"]) == [0, 2, 1, 3]
            for r in readers
        ):
            return
        b, h, lq, dv = _shape(op.result)
        element = cast(TensorType[Attribute], op.result.type).element_type
        new = AttentionOp(
            op.query, op.key, op.value, op.mask, TensorType(element, [b, lq, h, dv]),
            bool(op.causal and op.causal.value.data),
            op.scale.value.data if op.scale is not None else None, True,
            op.lse.type if op.lse is not None else None, **op.logit_options(),
        )  # fmt: skip
        new.location = op.location
        rewriter.insert(new, InsertPoint.before(op))
        for r in readers:
            rewriter.replace(r, [], [new.result])
        if op.lse is not None and new.lse is not None:
            op.lse.replace_all_uses_with(new.lse)
        rewriter.erase_op(op)


class AttentionReadsHalfInputs(RewritePattern):
    """convert(attention(convert(q), convert(k), convert(v)) → float32) back to float16 or
    bfloat16 is attention(q, k, v) in that type (SDPA's math decomposition on half
    inputs widens them, computes, and narrows the result): the attention kernel then
    loads the half tiles itself (products accumulate in float32, the softmax in float32,
    P in the value's type for P·V, as flash attention on a GPU computes it) and stores
    half, instead of one kernel widening q, k and v into float32 copies and another
    narrowing the result. Views between a widening and the attention (a key transposed
    twice) move onto the half value."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from xdsl.dialects.builtin import bf16, f16, f32

        from stepwell.dialects.prims_support import AttentionOp

        if not isinstance(op, prims.PrimsConvertElementTypeOp):
            return
        attention = op.operands[0].owner
        half = cast(TensorType[Attribute], op.results[0].type).element_type
        if not (isinstance(attention, AttentionOp) and attention.lse is None
                and half in (f16, bf16) and attention.result.has_one_use()):  # fmt: skip
            return
        if cast(TensorType[Attribute], attention.result.type).element_type != f32:
            return
        new: list[Operation] = []
        narrow = [_narrowed(x, half, new) for x in (attention.query, attention.key,
                                                     attention.value)]  # fmt: skip
        if any(x is None for x in narrow):
            return
        q, k, v = cast(list[SSAValue], narrow)
        k, v = _shared_heads(k, v, attention, new)
        fused = AttentionOp(
            q, k, v, attention.mask, op.results[0].type, attention.is_causal(),
            attention.scale.value.data if attention.scale is not None else None,
            attention.transposed(), **attention.logit_options(),
        )  # fmt: skip
        fused.location = attention.location
        rewriter.replace(op, [*new, fused])


class AttentionMaskAsStored(RewritePattern):
    """An attention mask that is views of a widening conversion (a float16 additive mask
    widened to the float32 logits, then broadcast over heads) is read as it is stored:
    the attention kernel widens each mask tile as it loads it, instead of a kernel
    storing the widened mask broadcast over heads for it to read. An additive mask
    `where(keep, 0, -inf)` of a boolean `keep` (SDPA's decomposition of a boolean mask)
    is `keep` itself: the kernel masks with booleans (-inf where false) as it loads."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import AttentionOp

        if not isinstance(op, AttentionOp) or op.mask is None:
            return
        views, base = _under_views(op.mask)
        source = base.owner
        if isinstance(source, prims.PrimsConvertElementTypeOp):
            narrow = cast(TensorType[Attribute], source.operands[0].type).element_type
            wide = cast(TensorType[Attribute], base.type).element_type
            if not (is_float(narrow) and is_float(wide)) or _width(narrow) >= _width(wide):
                return
        elif isinstance(source, prims.PrimsWhereOp):
            keep = cast(TensorType[Attribute], source.operands[0].type)
            if keep.element_type != i1 or keep.get_shape() != cast(
                    TensorType[Attribute], base.type).get_shape():  # fmt: skip
                return
            if splat(source.operands[1]) != 0.0 or splat(source.operands[2]) != -math.inf:
                return
        else:
            return
        new: list[Operation] = []
        mask = _rebuilt_views(views, source.operands[0], new)
        fused = AttentionOp(
            op.query, op.key, op.value, mask, op.result.type, op.is_causal(),
            op.scale.value.data if op.scale is not None else None, op.transposed(),
            op.lse.type if op.lse is not None else None, **op.logit_options(),
        )  # fmt: skip
        fused.location = op.location
        rewriter.replace(op, [*new, fused])


def _width(element: Attribute) -> int:
    return cast(int, getattr(element, "bitwidth", 0))


def _shared_heads(
    k: SSAValue, v: SSAValue, attention: Operation, new: list[Operation]
) -> tuple[SSAValue, SSAValue]:
    """K and V as the [B, Hkv, S, D] tensors they repeat over query heads, when both are
    `repeat_kv` views of them (`fuse_attention.unrepeated`: `enable_gqa`'s repeat, which
    a widening hid from `fuse-attention`); otherwise K and V. The kernel reads shared
    heads with stride 0 instead of a copy kernel repeating them."""
    from stepwell.passes.fuse_attention import Builder, unrepeated

    b, h, keys, d = _shape(k)
    dv = _shape(v)[3]
    builder = Builder(anchor=attention)
    k4 = unrepeated(k, (b, h), (keys, d), builder)
    v4 = unrepeated(v, (b, h), (keys, dv), builder)
    if k4 is None or v4 is None or _shape(k4)[1] != _shape(v4)[1]:
        return k, v
    new.extend(builder.new)
    return k4, v4


def _narrowed(value: SSAValue, half: Attribute, new: list[Operation]) -> SSAValue | None:
    """`value` as the `half` tensor it widens, when it is views of a widening
    `convert_element_type` of one: the views rebuilt on the half tensor (appended to
    `new`), else None."""
    views, base = _under_views(value)
    widen = base.owner
    if not isinstance(widen, prims.PrimsConvertElementTypeOp):
        return None
    if cast(TensorType[Attribute], widen.operands[0].type).element_type != half:
        return None
    return _rebuilt_views(views, widen.operands[0], new)


def _under_views(value: SSAValue) -> tuple[list[Operation], SSAValue]:
    """The view ops `value` is computed by, outermost first, and the value under them."""
    from stepwell.passes.support.views import is_view_op

    views: list[Operation] = []
    while isinstance(value.owner, Operation) and is_view_op(value.owner) and len(
            value.owner.operands) == 1:  # fmt: skip
        views.append(value.owner)
        value = value.owner.operands[0]
    return views, value


def _rebuilt_views(views: list[Operation], source: SSAValue, new: list[Operation]) -> SSAValue:
    """`views` (outermost first) applied again to `source`, of its element type; the new
    ops appended to `new`."""
    element = cast(TensorType[Attribute], source.type).element_type
    for view in reversed(views):
        rebuilt = type(view).create(
            operands=[source], result_types=[_like(view.results[0], element)],
            properties=dict(view.properties), attributes=dict(view.attributes),
        )  # fmt: skip
        rebuilt.location = view.location
        new.append(rebuilt)
        source = rebuilt.results[0]
    return source

def _rebuilt(op: Operation, operands: list[SSAValue], result_type: Attribute) -> Operation:
    """`op` again (same properties, location) on `operands`."""
    new = type(op).create(
        operands=operands,
        result_types=[result_type],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
    )
    new.location = op.location
    return new


def _int_to_float(op: Operation) -> bool:
    """A conversion of integers (an index, an iota) to floats: as cheap as index math."""
    from stepwell.ir.types import is_float

    return isinstance(op, prims.PrimsConvertElementTypeOp) and not is_float(
        cast(TensorType[Attribute], op.operands[0].type).element_type
    )


class SinkViewIntoIndexMath(RewritePattern):
    """view(f(x, y)) -> f(view(x), view(y)) for an elementwise f on integers or bools (or
    converting integers to floats) whose result only the view uses (`broadcast_in_dim`,
    `reshape`, `transpose`, ...). A conversion of floats (to integers: the source index
    of a nearest-neighbour upsampling, `floor(i * 0.5)`) moves as float math does.

    Index and mask arithmetic (a gather's offsets, a causal mask from `iota` and compares)
    is computed in a small space and then broadcast to where it is used; moved below the
    view, it is recomputed in the consumer's space, so it fuses into the consumer's kernel
    instead of being a kernel of its own (Inductor inlines such pointwise producers into
    their consumers the same way). Float math moves too when the view is its only use and
    it is pointwise all the way up to the inputs (`_pointwise_of_inputs`: a rotary
    embedding's `cos(pos * inv_freq)`, broadcast over batch and heads): it then costs a
    few more lanes of arithmetic in the consumer instead of a launch, a store and a load.
    Float math that depends on a reduction or a product stays where it is (recomputing
    it per element would multiply real work), as does a value with another use that
    reads memory (no work that loads is duplicated), except a conversion of an input (or
    of a view of one: `x.float()` of a half `x`, split into rotary pairs), which every
    view converts as it loads. A value *generated* from `iota` and constants alone (a
    mask, a window's bounds, a bilinear weight: `_generated`), integer or float, is
    recomputed for each view even when other ops use it too: it reads nothing, so each
    kernel computes it from its lane indices for the cost of a few integer ops, where a
    kernel of its own would cost a launch and a store."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.ir.types import is_float
        from stepwell.passes.support.views import is_view_op

        if not (is_view_op(op) and op.name.startswith("prims.") and len(op.operands) == 1):
            return
        inner = op.operands[0].owner
        if not isinstance(inner, prims.PrimsOp) or not (
            inner.KIND == "elementwise" or isinstance(inner, prims.PrimsConvertElementTypeOp)
        ):
            return  # (a float-to-integer conversion follows the rules of float math)
        value = inner.results[0]
        if len(inner.results) != 1:
            return
        single_use = len(list(value.uses)) == 1
        floats = any(is_float(cast(TensorType[Attribute], v.type).element_type)
                     for v in (*inner.operands, value)) and not _int_to_float(inner)  # fmt: skip
        loaded = _converts_an_input(inner) and _read_pointwise(op.results[0])
        if floats and not loaded and not (_read_pointwise(op.results[0]) and (
            (single_use and _pointwise_of_inputs(value)) or _generated(value)
        )):  # fmt: skip
            return
        if not single_use and not loaded and not _generated(value):
            return
        if not inner.operands or any(_shape(x) != _shape(value) for x in inner.operands):
            return
        viewed = [self.view(op, x, rewriter) for x in inner.operands]
        rebuilt = _rebuilt(inner, [v.results[0] for v in viewed], op.results[0].type)
        key = self.key(op, value)
        if self.made.get(key) is op:  # (a view made here: its value is now `rebuilt`'s)
            self.made[key] = rebuilt
        rewriter.replace(op, rebuilt)

    def __init__(self) -> None:
        self.made: dict[tuple[Any, ...], Operation] = {}

    @staticmethod
    def key(op: Operation, x: SSAValue) -> tuple[Any, ...]:
        """What makes `op`'s view of `x` the same as another: the view and its sizes."""
        element = cast(TensorType[Attribute], x.type).element_type
        return (x, type(op), tuple(sorted(op.properties.items())), _like(op.results[0], element))

    def view(self, op: Operation, x: SSAValue, rewriter: PatternRewriter) -> Operation:
        """`op`'s view of `x`, made once per pass: placed right after x is defined, so it
        (and what it becomes when it moves on into x's producer) dominates every use. A
        value that several ops of a generated cone read (the clamp
        `where(w >= 0 | w != w, w, 0)` reads w three times) is then viewed once, not once
        per path to it, and the sunk cone stays as small as it was."""
        result_type = _like(op.results[0], cast(TensorType[Attribute], x.type).element_type)
        key = self.key(op, x)
        made = self.made.get(key)
        if made is not None and made.parent is not None:
            return made  # (the view, or what it became when it moved into x's producer)
        v = type(op).create(operands=[x], result_types=[result_type],
                            properties=dict(op.properties), attributes=dict(op.attributes))
        v.location = op.location
        owner = x.owner
        at = (InsertPoint.after(owner) if isinstance(owner, Operation)
              else InsertPoint.at_start(cast(Block, owner)))  # fmt: skip
        rewriter.insert(v, at)
        self.made[key] = v
        return v


def _converts_an_input(op: Operation) -> bool:
    """Is `op` a type conversion of a function argument, or of views of one?"""
    from stepwell.passes.support.views import is_view_op

    if not isinstance(op, prims.PrimsConvertElementTypeOp):
        return False
    x = op.operands[0]
    while isinstance(x.owner, Operation) and is_view_op(x.owner):
        x = x.owner.operands[0]
    return isinstance(x, BlockArgument)


class RecomputeGeneratedValues(RewritePattern):
    """A value generated from `iota` and constants alone (`_generated`: a mask, a
    gather's offsets, a window's bounds) that several ops use gets a copy of its ops for
    each further use, so no two kernels share it: each kernel computes it from its lane
    indices instead of one kernel storing it and the others loading it (`cse` merges the
    index math that every layer of a model builds alike, and would make it such a value).
    Copies that land in one kernel are one again after the kernel's own CSE. Uses inside
    the cone (an op that is generated itself: the clamp `where(w >= 0, w, 0)` of a
    bilinear weight reads `w` three times) share it: each copy is the cone as it is, a
    DAG, not a tree as large as the paths through it."""

    MAX_USES = 64  # (more uses than this: keep the one value)

    def __init__(self) -> None:
        self.known: dict[Operation, bool] = {}

    def generated(self, op: Operation) -> bool:
        """Is `op` a prims op computing a `_generated` value (remembered: a rewrite makes
        new ops, and a copy in place of an operand is generated as the original was)?"""
        if op not in self.known:
            self.known[op] = (isinstance(op, prims.PrimsOp) and len(op.results) == 1
                              and _generated(op.results[0]))  # fmt: skip
        return self.known[op]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, prims.PrimsOp) or len(op.results) != 1:
            return
        value = op.results[0]
        if not 1 < len(list(value.uses)) or not self.generated(op):
            return
        uses = [u for u in value.uses if not self.generated(u.operation)]
        if not 1 < len(uses) <= self.MAX_USES:
            return
        for use in uses[1:]:
            # the whole cone at once, so that no op of it gains a use (one rewrite each)
            copies: list[Operation] = []
            copied = _copy_cone(value, {}, copies)
            rewriter.insert(copies, InsertPoint.before(use.operation))
            use.operation.operands[use.index] = copied
        rewriter.handle_operation_modification(op)


class RecomputeConversions(RewritePattern):
    """A type conversion of a function argument (`x.float()` of a half input) that
    several ops read gets a copy for each further reader, as a generated value does, so
    that each kernel reading it can convert the argument as it loads it
    (`Partitioner.leaf_producers`) instead of one kernel storing the converted copy
    (twice the bytes, for a widening) and the others loading it. Readers that stay at
    graph level (`prims.extern`) share one conversion. Copies that land in one kernel are
    one again after the kernel's own CSE."""

    MAX_USES = RecomputeGeneratedValues.MAX_USES

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:

        if not isinstance(op, prims.PrimsConvertElementTypeOp):
            return
        if not isinstance(op.operands[0], BlockArgument):
            return
        uses = [u for u in op.results[0].uses if not isinstance(u.operation, ExternOp)]
        if not 1 < len(uses) <= self.MAX_USES or op.parent_block() is None:
            return
        order = {o: i for i, o in enumerate(cast(Block, op.parent_block()).ops)}
        uses.sort(key=lambda u: (order.get(u.operation, len(order)), u.index))
        for use in uses[1:]:  # (the first reader, in program order, keeps op)
            copy = op.clone()
            rewriter.insert(copy, InsertPoint.before(use.operation))
            use.operation.operands[use.index] = copy.results[0]
        rewriter.handle_operation_modification(op)


def _copy_cone(value: SSAValue, memo: dict[SSAValue, SSAValue], out: list[Operation]) -> SSAValue:
    """A copy of the ops computing `value` (a `_generated` value: they all are prims ops),
    appended to `out` producers first; returns the copy of `value`."""
    if value in memo:
        return memo[value]
    if not isinstance(value.type, TensorType):
        return value  # (a size a `full` holds: its arithmetic is shared, not copied)
    op = cast(Operation, value.owner)
    operands = [_copy_cone(x, memo, out) for x in op.operands]
    copy = op.clone()
    for i, x in enumerate(operands):
        copy.operands[i] = x
    out.append(copy)
    for old, new in zip(op.results, copy.results, strict=True):
        memo[old] = new
    return memo[value]


def _read_pointwise(value: SSAValue) -> bool:
    """Do only elementwise ops, views and gathers read `value`? Then what computes it can
    join their kernel. An attention or a product takes its operands from memory, where a
    broadcast of a small value is cheap to read as it is (stride 0)."""
    from stepwell.dialects.prims_support import TakeOp
    from stepwell.passes.support.views import is_view_op

    return all(
        is_view_op(u.operation)  # (prims.slice is a view, not a PrimsOp)
        or isinstance(u.operation, TakeOp | prims.PrimsConvertElementTypeOp)
        or (isinstance(u.operation, prims.PrimsOp) and u.operation.KIND == "elementwise")
        for u in value.uses
    )


class SinkViewIntoGather(RewritePattern):
    """view(take(a, offsets)) -> take(a, view(offsets)) when the view is the gather's only
    use: a gather's result has its offsets' shape, element for element, so any view of it
    is the gather at the viewed offsets. The gather then happens in the view's consumer
    (an embedding or a rotary table read where it is broadcast over the batch), not in a
    kernel of its own whose result the consumer reads back."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import TakeOp
        from stepwell.passes.support.views import is_view_op

        if not (is_view_op(op) and op.name.startswith("prims.") and len(op.operands) == 1):
            return
        take = op.operands[0].owner
        if not isinstance(take, TakeOp) or len(list(take.result.uses)) != 1:
            return
        if not _read_pointwise(op.results[0]):
            return
        offsets_type = cast(TensorType[Attribute], take.offsets.type)
        viewed = type(op).create(
            operands=[take.offsets],
            result_types=[_like(op.results[0], offsets_type.element_type)],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
        )
        viewed.location = op.location
        gather = TakeOp(take.a, viewed.results[0], op.results[0].type, take.is_in_bounds())
        gather.location = take.location
        rewriter.replace(op, [viewed, gather])


class GatherOfGather(RewritePattern):
    """take(take(x, o1), o2) -> take(x, take(o1, o2)): the o2-th elements of a gather are
    x at the o2-th offsets of o1. The inner gather's result, which a kernel could only
    read back from memory, is then never stored: the outer gather reads x itself, at
    offsets computed where they are read (a 1×1 convolution's window gathers the `cat`
    of a bilinear upsampling, which gathers its input's corners: three gathers, two
    stored tensors and three launches before). Only when `o1` is cheap to compute at
    other offsets: elementwise math on inputs, `iota` and constants
    (`_pointwise_of_inputs`: the wrapped indices of `torch.take`, index math that
    `GatherOfIndexMath` computes at the offsets). The outer gather's lanes outside the
    inner result are masked first (`_guarded_first`), as they read 0."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import TakeOp

        if not isinstance(op, TakeOp) or not isinstance(inner := op.a.owner, TakeOp):
            return
        o1 = inner.offsets
        if not _pointwise_of_inputs(o1, gathers=False):
            return
        if not (has_sizes(o1.type) and has_sizes(op.offsets.type)):
            return  # (a `?` size no expression names)
        if _guarded_first(op, rewriter):
            return
        offsets_type = cast(TensorType[Attribute], o1.type)
        composed = TakeOp(o1, op.offsets, _like(op.offsets, offsets_type.element_type),
                          in_bounds=True)  # fmt: skip
        gather = TakeOp(inner.a, composed.result, op.result.type, inner.is_in_bounds())
        composed.location = gather.location = op.location
        rewriter.replace(op, [composed, gather])


ORDER_KEEPING_VIEWS = (
    prims.PrimsReshapeOp, prims.PrimsSplitDimOp, prims.PrimsCollapseOp,
    prims.PrimsCollapseViewOp, prims.PrimsSqueezeOp, prims.PrimsBroadcastInDimOp,
)  # fmt: skip
"""Views that can keep every element where it is in row-major order (a broadcast only
when it inserts size-1 dims: `GatherThroughReshape` checks)."""


class GatherThroughReshape(RewritePattern):
    """take(reshape(x), offsets) -> take(x, offsets): a gather's offsets count `a`'s
    elements in row-major order, which a reshape (split_dim, collapse, squeeze, or a
    broadcast that only inserts size-1 dims) does not change. The gather then reads `x`
    itself, so `GatherBeforeElementwise` can move it above the ops that compute `x` (a
    `stack` of interleaved rotary halves, whose halves gain a unit dim first)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import TakeOp

        if not isinstance(op, TakeOp):
            return
        view = op.a.owner
        if not isinstance(view, ORDER_KEEPING_VIEWS) or len(view.operands) != 1:
            return
        src = view.operands[0]
        if math.prod(_shape(src)) != math.prod(_shape(op.a)):
            return
        if isinstance(view, prims.PrimsBroadcastInDimOp):
            dims = int_list(view.properties["broadcast_dimensions"])
            if dims != sorted(set(dims)):
                return
        gather = TakeOp(src, op.offsets, op.result.type, op.is_in_bounds())
        gather.location = op.location
        rewriter.replace(op, gather)


class GatherBeforeElementwise(RewritePattern):
    """take(f(x, y), offsets) -> f(take(x, offsets), take(y, offsets)) for an elementwise f
    whose result only the gather reads: gathers commute with elementwise ops, and a gather
    of an input reads it where it lies, so `f` fuses into the gathering kernel (a rotary
    embedding's `cat(-x2, x1)` negates in the kernel that reads x). A value with other uses
    moves too when it is pointwise all the way up to the inputs (`_pointwise_of_inputs`:
    a rotary table `pos * inv_freq` that both the cos and the sin halves gather): each
    gather then reads the inputs, and the table is no kernel of its own. Not when a gather
    computes the value: each reader would copy it, and a chain of such values (circular
    padding's slice_scatters, each gathering the last one twice) doubled the ops at each
    link (2-d circular padding ran for more than 20 minutes). Not when an
    operand is index math (`_gatherable`: computed from `iota`, as a padding mask is):
    gathering it would make it a tensor in memory, where now kernels compute it from their
    lane indices."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import TakeOp

        if not isinstance(op, TakeOp) or not _gather_moves_into(op.a, op.a.has_one_use()):
            return
        inner = cast(Operation, op.a.owner)
        if not _keeps_zero(inner) and _guarded_first(op, rewriter):
            return
        shape = _shape(op.results[0])
        gathered = []
        for x in inner.operands:
            element = cast(TensorType[Attribute], x.type).element_type
            full = x.owner
            if isinstance(full, prims.PrimsFullOp) and not full.operands:  # a constant
                g = prims.PrimsFullOp.create(
                    properties={**full.properties, "shape": int_array(list(shape))},
                    result_types=[_like(op.results[0], element)],
                )
            else:
                g = TakeOp(x, op.offsets, _like(op.results[0], element), op.is_in_bounds())
            g.location = op.location
            gathered.append(g)
        rebuilt = _rebuilt(inner, [g.results[0] for g in gathered], op.results[0].type)
        rewriter.replace(op, [*gathered, rebuilt])


def _keeps_zero(op: Operation) -> bool:
    """Is the elementwise `op` 0 where every operand but its constants is 0? Then a gather
    moves above it exactly: the moved gathers read 0 outside their source, and `op` of
    those 0s is the 0 the gather of its result read there (`x * 2`, `-x`, a conversion,
    `relu`); otherwise the gather is masked first (`_guarded_first`). Found by running
    `op` on 0-d tensors."""
    import torch

    from stepwell.dialects.codecs import call_arguments
    from stepwell.ir.callees import resolve_callee
    from stepwell.ir.types import torch_dtype

    overload = getattr(op, "OVERLOAD", None)
    if overload is None:
        return False
    values = []
    for x in op.operands:
        full = x.owner
        fill = decode(full.properties["fill_value"]) if (
            isinstance(full, prims.PrimsFullOp) and not full.operands) else 0  # fmt: skip
        element = cast(TensorType[Attribute], x.type).element_type
        values.append(torch.tensor(fill, dtype=torch_dtype(element)))
    try:
        out = resolve_callee(overload)(**call_arguments(op, values))
    except Exception:  # (an op that does not run on 0-d tensors: mask, to be safe)
        return False
    return isinstance(out, torch.Tensor) and out.numel() == 1 and bool(out == 0)


def _guarded_first(op: TakeOp, rewriter: PatternRewriter) -> bool:
    """Before a rule moves gather `op` above what computes its source: does `op` first
    need its lanes outside the source masked? A moved gather no longer reads 0 there:
    `exp(take(x, -1))` is 1 where `take(exp(x), -1)` is 0, and a padded convolution's
    window reads its padding as offset -1. Unless every offset is known to lie inside
    (`in_bounds`, or `_int_range` proves it), `op` becomes
    `where(0 <= offsets < numel, take{in_bounds}(a, offsets), 0)` (True: the rule moves
    the new gather on its next visit). A symbolic element count is a `full` of its
    value, computed from the function's arguments (`size_value`); where they do not give
    it the gather stays where it is (True too)."""
    from stepwell.dialects.prims_support import TakeOp

    if op.is_in_bounds():
        return False
    offsets_type = cast(TensorType[Attribute], op.offsets.type)
    if not (has_sizes(op.a.type) and has_sizes(offsets_type)):
        return True  # (a `?` size with no expression: no mask to build, the gather stays)
    numel = product(tensor_sizes(op.a.type))
    size_ops: list[Operation] = []
    if isinstance(numel, int):
        bounds = _int_range(op.offsets)
        if bounds is not None and 0 <= bounds[0] and bounds[1] < numel:
            return False
        high = full_op(offsets_type, numel)
    else:
        block = _function_body(op)
        made = None if block is None else size_value(numel, block)
        if made is None:
            return True
        size_ops = made[0]
        high = full_op(offsets_type, made[1])
    mask_type = TensorType(i1, offsets_type.get_shape(), offsets_type.encoding)
    low = full_op(offsets_type, 0)
    above = prims.PrimsGeOp.create(operands=[op.offsets, low.results[0]],
                                   result_types=[mask_type])  # fmt: skip
    below = prims.PrimsLtOp.create(operands=[op.offsets, high.results[0]],
                                   result_types=[mask_type])  # fmt: skip
    inside = prims.PrimsBitwiseAndOp.create(operands=[above.results[0], below.results[0]],
                                            result_types=[mask_type])  # fmt: skip
    gather = TakeOp(op.a, op.offsets, op.result.type, in_bounds=True)
    zero = full_op(op.result.type, 0)
    masked = prims.PrimsWhereOp.create(
        operands=[inside.results[0], gather.result, zero.results[0]],
        result_types=[op.result.type],
    )
    new = [*size_ops, low, high, above, below, inside, gather, zero, masked]
    for o in new:
        o.location = op.location
    rewriter.replace(op, new)
    return True


def _always(true: bool, false: bool) -> bool | None:
    return True if true else False if false else None


COMPARISONS: dict[type[Operation], Callable[[tuple[int, int], tuple[int, int]], bool | None]] = {
    prims.PrimsLtOp: lambda a, b: _always(a[1] < b[0], a[0] >= b[1]),
    prims.PrimsLeOp: lambda a, b: _always(a[1] <= b[0], a[0] > b[1]),
    prims.PrimsGtOp: lambda a, b: _always(a[0] > b[1], a[1] <= b[0]),
    prims.PrimsGeOp: lambda a, b: _always(a[0] >= b[1], a[1] < b[0]),
}
"""A comparison of integer ranges -> True or False where every pair of values compares
so, else None (`_int_range` picks a `where`'s branch by it)."""


def _int_range(value: SSAValue, budget: int = 64) -> tuple[int, int] | None:
    """The least and greatest value an integer tensor may hold, from the index math that
    computes it (`iota`, constants, views, +, -, ·, truncating division, remainder,
    max/min, `where`, whose condition a comparison of ranges may decide, `check_index`, `fmod`),
    or None when something else (an input, a load) is on the way or
    the walk would visit more than `budget` ops."""
    memo: dict[SSAValue, tuple[int, int] | None] = {}

    def walk(v: SSAValue) -> tuple[int, int] | None:
        nonlocal budget
        if v in memo:
            return memo[v]
        owner = v.owner
        budget -= 1
        if budget < 0 or not isinstance(owner, Operation):
            return None
        memo[v] = result = visit(owner)
        return result

    def truth(cond: SSAValue) -> bool | None:
        """Every element of a comparison of integer ranges, where it is one value."""
        owner = cond.owner
        compare = COMPARISONS.get(type(owner)) if isinstance(owner, Operation) else None
        if compare is None:
            return None
        a, b = walk(owner.operands[0]), walk(owner.operands[1])
        return None if a is None or b is None else compare(a, b)

    def visit(op: Operation) -> tuple[int, int] | None:
        from stepwell.dialects.prims_support import CheckIndexOp
        from stepwell.passes.support.views import is_view_op

        element = cast(TensorType[Attribute], op.results[0].type).element_type
        if not isinstance(element, IntegerType):
            return None
        if isinstance(op, prims.PrimsIotaOp):
            if op.sym_args:
                return None
            n, start, step = (cast(IntegerAttr, op.properties[k]).value.data
                              for k in ("length", "start", "step"))  # fmt: skip
            last = start + step * max(n - 1, 0)
            return min(start, last), max(start, last)
        if isinstance(op, prims.PrimsFullOp) and not op.operands:
            fill = decode(op.properties["fill_value"])
            return (int(fill), int(fill)) if isinstance(fill, bool | int) else None
        if is_view_op(op) or isinstance(op, prims.PrimsConvertElementTypeOp):
            return walk(op.operands[0])
        if isinstance(op, prims.PrimsWhereOp):
            known = truth(op.operands[0])
            if known is not None:  # (a negative index's wrap of an `iota`: never taken)
                return walk(op.operands[1] if known else op.operands[2])
            a, b = walk(op.operands[1]), walk(op.operands[2])
            return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))
        if isinstance(op, prims.PrimsNegOp):
            a = walk(op.operands[0])
            return None if a is None else (-a[1], -a[0])
        if isinstance(op, CheckIndexOp):  # (in [0, bound), or the program has stopped)
            a, b = walk(op.operands[0]), walk(op.operands[1])
            low, high = (0, None) if a is None else (max(a[0], 0), a[1])
            if b is not None:
                high = b[1] - 1 if high is None else min(high, b[1] - 1)
            return None if high is None else (low, high)
        if len(op.operands) != 2:
            return None
        a, b = walk(op.operands[0]), walk(op.operands[1])
        if a is None or b is None:
            return None
        if isinstance(op, prims.PrimsAddOp):
            return a[0] + b[0], a[1] + b[1]
        if isinstance(op, prims.PrimsSubOp):
            return a[0] - b[1], a[1] - b[0]
        if isinstance(op, prims.PrimsMulOp):
            products = [x * y for x in a for y in b]
            return min(products), max(products)
        if isinstance(op, prims.PrimsMaximumOp):
            return max(a[0], b[0]), max(a[1], b[1])
        if isinstance(op, prims.PrimsMinimumOp):
            return min(a[0], b[0]), min(a[1], b[1])
        if isinstance(op, prims.PrimsDivOp) and b[0] > 0:  # (truncating, by a positive)
            quotients = [abs(x) // y * (1 if x >= 0 else -1) for x in a for y in b]
            return min(quotients), max(quotients)
        if isinstance(op, prims.PrimsRemainderOp) and b[0] > 0:  # (the divisor's sign)
            return (a[0], a[1]) if 0 <= a[0] and a[1] < b[0] else (0, b[1] - 1)
        if isinstance(op, prims.PrimsFmodOp) and b[0] > 0 and a[0] >= 0:  # (the dividend's)
            return (a[0], a[1]) if a[1] < b[0] else (0, b[1] - 1)
        return None

    return walk(value)


def _gather_moves_into(value: SSAValue, only_use: bool) -> bool:
    """May a gather of `value` move above the elementwise op computing it
    (`GatherBeforeElementwise`)? `only_use`: the gather is all that reads it. A value
    with other uses moves when each operand is pointwise of the inputs or a reduction's
    result broadcast back (`_broadcast_reduction`): cross entropy gathers `x - amax(x)` at
    the targets, and the gather then reads `x` and the row maxima, so the kernel that
    computes the row statistics stores no shifted copy of `x` for it."""
    inner = value.owner
    if not isinstance(inner, prims.PrimsOp) or not (
        inner.KIND == "elementwise" or isinstance(inner, prims.PrimsConvertElementTypeOp)
    ):
        return False
    if len(inner.results) != 1 or not inner.operands:
        return False
    if not only_use and not (_pointwise_of_inputs(value, gathers=False) or all(
        _pointwise_of_inputs(x, gathers=False) or _broadcast_reduction(x, value)
        for x in inner.operands
    )):  # fmt: skip
        return False  # (a gather in the cone copied for each reader: see the class)
    if not all(_gatherable(x) for x in inner.operands):
        return False
    return all(_shape(x) == _shape(value) for x in inner.operands)


class GatherThroughView(RewritePattern):
    """take(view(x), offsets) -> take(x, index(offsets)) when a gather could move into
    what computes `x` (`_gather_moves_into`) but a view that reorders or repeats its
    elements stands between (a rotary angle table `pos * inv_freq` broadcast over batch
    and heads, then gathered by a complex multiplication's `view_as_real`): each offset
    of the view becomes its element's offset in `x` (`_view_index`), and the gather moves
    on into `x`'s producers, so the table is computed where it is read instead of in a
    kernel of its own. (A reshape that keeps the order is `GatherThroughReshape`.)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import TakeOp
        from stepwell.passes.support.views import View, view_through

        if not isinstance(op, TakeOp):
            return
        views, root = _under_views(op.a)
        only_use = all(v.results[0].has_one_use() for v in views) and root.has_one_use()
        if not views or not _gather_moves_into(root, only_use):
            return
        view = view_through(op.a, root, View.of(root))
        offsets_type = cast(TensorType[Attribute], op.offsets.type)
        if view is None or not has_sizes(offsets_type) or not all(
            isinstance(x, int) for x in (view.offset, *view.sizes, *view.strides)
        ):
            return
        if _guarded_first(op, rewriter):
            return
        new, index = _view_index(view, op.offsets, op.location)
        gather = TakeOp(root, index, op.result.type, in_bounds=True)
        gather.location = op.location
        rewriter.replace(op, [*new, gather])


def _view_index(
    view: View, offsets: SSAValue, location: Attribute, block: Block | None = None
) -> tuple[list[Operation], SSAValue]:
    """The prims ops computing, for each row-major offset into `view` (offsets within
    it), the offset of its element in the view's source: coordinate
    (o // inner_d) % size_d times stride_d, summed, plus the view's offset. Dims that
    walk memory as one (a broadcast's repeats, a contiguous run) count as one dim, and
    an offset that reads its element in place is the offsets themselves. A symbolic size,
    stride or offset is a `full` of its value, computed from the arguments of `block`
    (`symbolic.size_value`; `_expressible_view` checked that they give it)."""
    offsets_type = cast(TensorType[Attribute], offsets.type)
    new: list[Operation] = []

    def emit(o: Operation) -> SSAValue:
        o.location = location
        new.append(o)
        return o.results[0]

    def const(value: Size) -> SSAValue:
        if isinstance(value, int) or value.is_Integer:
            return emit(full_op(offsets_type, int(value)))
        made = None if block is None else size_value(value, block)
        assert made is not None  # (`_expressible_view` checked)
        for o in made[0]:
            emit(o)
        return emit(full_op(offsets_type, made[1]))

    def binary(cls: type[Operation], a: SSAValue, b: SSAValue) -> SSAValue:
        return emit(cls.create(operands=[a, b], result_types=[offsets_type]))

    dims: list[tuple[Size, Size]] = []  # (size, stride), outermost first, merged
    for size, stride in zip(view.sizes, view.strides, strict=True):
        if size == 1:
            continue
        if dims and statically_equal(dims[-1][1], stride * size):  # (the outer dim
            dims[-1] = (simplify(dims[-1][0] * size), stride)  # continues this one)
        else:
            dims.append((size, stride))
    total = product(view.sizes)
    index: SSAValue | None = None
    inner: Size = 1
    for size, stride in reversed(dims):
        if not statically_equal(stride, 0):
            coordinate = offsets if inner == 1 else binary(
                prims.PrimsDivOp, offsets, const(inner))  # fmt: skip
            if not statically_equal(simplify(inner * size), total):  # (offsets are
                coordinate = binary(prims.PrimsRemainderOp, coordinate, const(size))  # in it)
            term = coordinate if stride == 1 else binary(
                prims.PrimsMulOp, coordinate, const(stride))  # fmt: skip
            index = term if index is None else binary(prims.PrimsAddOp, index, term)
        inner = simplify(inner * size)
    if index is None:
        index = const(0)
    if not statically_equal(view.offset, 0):
        index = binary(prims.PrimsAddOp, index, const(view.offset))
    return new, index


def _expressible_view(view: View | None, block: Block | None) -> bool:
    """Can `_view_index` compute offsets into `view` in `block`: every offset, size and
    stride a number, or an expression the block's arguments give (`size_value`)?"""
    if view is None:
        return False
    fields = (view.offset, *view.sizes, *view.strides)
    if all(isinstance(x, int) for x in fields):
        return True
    return block is not None and all(
        isinstance(x, int) or x.is_Integer or size_spellable(x, block) for x in fields
    )


class MergeGathers(RewritePattern):
    """take{in_bounds}(a, o) next to take(a, o) is that exact take: it reads the same
    elements, and 0 outside, which `in_bounds` allows. A moved gather masked on one path
    (`_guarded_first`: `sigmoid(y)` of a SiLU) and exact on another (the `y` it
    multiplies) then stays one gather of `y`, which moves on as a value's only gather
    does, instead of two gathers that keep `y` in memory. The two offsets are often
    copies of one index computation (`RecomputeGeneratedValues`): `_same_value`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import TakeOp

        if not isinstance(op, TakeOp) or not op.is_in_bounds():
            return
        for use in op.a.uses:
            exact = use.operation
            if not (isinstance(exact, TakeOp) and use.index == 0 and not exact.is_in_bounds()
                    and exact.result.type == op.result.type
                    and exact.parent_block() is op.parent_block()
                    and _same_value(exact.offsets, op.offsets)):  # fmt: skip
                continue
            if exact.is_before_in_block(op):
                rewriter.replace(op, [], [exact.result])
                return
            first = TakeOp(op.a, op.offsets, op.result.type)  # (where both can read it)
            first.location = exact.location
            rewriter.replace(op, [first])
            rewriter.replace(exact, [], [first.result])
            return


def _same_value(a: SSAValue, b: SSAValue, budget: int = 1024) -> bool:
    """Do `a` and `b` hold the same tensor by construction: the same value, or results of
    ops of one kind with the same properties on operands that are the same in turn (at
    most `budget` pairs of ops compared)?"""
    memo: dict[tuple[int, int], bool] = {}
    left = [budget]

    def same(u: SSAValue, v: SSAValue) -> bool:
        if u is v:
            return True
        key = (id(u), id(v))
        if key in memo:
            return memo[key]
        x, y = u.owner, v.owner
        left[0] -= 1
        if (left[0] < 0 or not isinstance(x, Operation) or not isinstance(y, Operation)
                or type(x) is not type(y) or u.type != v.type
                or x.results.index(u) != y.results.index(v) or x.regions or y.regions
                or x.properties != y.properties or len(x.operands) != len(y.operands)):  # fmt: skip
            memo[key] = False
            return False
        memo[key] = result = all(same(p, q) for p, q in zip(x.operands, y.operands, strict=True))
        return result

    return same(a, b)


class GatherOfIndexMath(RewritePattern):
    """take(g, offsets) -> g computed at each offset, for a value `g` generated from
    `iota` and constants alone (`_generated`: index math, a mask, a bilinear weight): a
    gather of a value that reads no memory is computed from the offsets. `iota`'s
    element at offset o is start + step · o, a constant is itself, an elementwise op is
    itself on its operands at the offsets, and a chain of views reads its root at the
    offsets `_view_index` computes from the chain's strides. The whole cone is rebuilt
    at once, each of its values once per offsets it is read at: a value that several of
    its ops read (floor division reads its dividend three times, the clamp
    `where(w >= 0 | w != w, w, 0)` reads w three times) stays one value, where moving
    the gather up one op at a time (`GatherBeforeElementwise`) copied it once per path to
    it (a Funnel Transformer's relative shift grew 283 ops into 31,892 and never
    finished compiling). With this, a gather moves through index math and float math
    built from `iota` (a rotary embedding's `cos(arange · inv_freq)`, a mask) and leaves
    kernels to compute it from their lanes' offsets, never a tensor in memory."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import TakeOp
        from stepwell.passes.support.views import is_view_op

        if not isinstance(op, TakeOp) or not isinstance(op.a.owner, Operation):
            return
        root = op.a
        while isinstance(root.owner, Operation) and is_view_op(root.owner):
            root = root.owner.operands[0]
        source = root.owner
        result = cast(TensorType[Attribute], op.result.type)
        if isinstance(source, prims.PrimsFullOp) and not source.operands:
            fill = decode(source.properties["fill_value"])
            if isinstance(fill, bool | int | float) and has_sizes(result):
                if fill != 0 and _guarded_first(op, rewriter):
                    return
                new = full_op(result, fill)
                new.location = op.location
                rewriter.replace(op, new)
            return
        if not isinstance(source, prims.PrimsIotaOp) and not _generated(op.a):
            return
        block = _function_body(op)
        if not has_sizes(op.offsets.type) or not _computable_at_offsets(op.a, block):
            return
        if _guarded_first(op, rewriter):
            return
        new, value = _GeneratedAt(op.offsets, op.location, block).at(op.a)
        rewriter.replace(op, new, [value])  # (maybe no new op: iota(n)[i] is i itself)


def _computable_at_offsets(value: SSAValue, block: Block | None = None) -> bool:
    """Can `_GeneratedAt` compute `value` (a `_generated` one) at given offsets? Every
    constant is a number, every chain of views has strides, sizes and offsets that are
    numbers or that `block`'s arguments give, every elementwise op reads operands of its
    result's shape."""
    from stepwell.passes.support.views import is_view_op

    stack, seen = [value], set()
    while stack:
        v = stack.pop()
        if v in seen:
            continue
        seen.add(v)
        owner = v.owner
        if not isinstance(owner, Operation) or len(owner.results) != 1:
            return False
        if isinstance(owner, prims.PrimsIotaOp):
            continue
        if isinstance(owner, prims.PrimsFullOp):
            if owner.operands:
                if fill_size(owner) is None:
                    return False
            elif not isinstance(decode(owner.properties["fill_value"]), bool | int | float):
                return False
            continue
        if is_view_op(owner):
            step = _view_step(v, block)
            if step is None:
                return False
            stack.append(step[0])
            continue
        if not (isinstance(owner, prims.PrimsOp) and (
            owner.KIND == "elementwise" or isinstance(owner, prims.PrimsConvertElementTypeOp)
        )):  # fmt: skip
            return False
        if any(_shape(x) != _shape(v) for x in owner.operands):
            return False
        stack.extend(owner.operands)
    return True


def _view_root(value: SSAValue) -> SSAValue:
    """The value under `value`'s chain of view ops."""
    from stepwell.passes.support.views import is_view_op

    while isinstance(value.owner, Operation) and is_view_op(value.owner):
        value = value.owner.operands[0]
    return value


def _view_step(
    value: SSAValue, block: Block | None = None
) -> tuple[SSAValue, View | None] | None:
    """Where the elements of `value`, a view, lie: (source, view) when its whole chain of
    views is one strided view of the value under it, else for its own view op alone:
    (operand, None) when the op keeps every element where it is in row-major order (a
    reshape of a sliced value: `GatherThroughReshape`), (operand, view) when it is a
    strided view of its operand; None when it is neither, or a symbolic size is not one
    the arguments of `block` give (`_expressible_view`)."""
    from stepwell.passes.support.views import View, view_through

    def static(view: View | None) -> bool:
        return _expressible_view(view, block)

    root = _view_root(value)
    view = view_through(value, root, View.of(root))
    if static(view):
        return root, view
    op = cast(Operation, value.owner)
    x = op.operands[0]
    if isinstance(op, ORDER_KEEPING_VIEWS) and math.prod(_shape(x)) == math.prod(_shape(value)):
        dims = (int_list(op.properties["broadcast_dimensions"])
                if isinstance(op, prims.PrimsBroadcastInDimOp) else [])  # fmt: skip
        if dims == sorted(set(dims)) and min((*_shape(x), *_shape(value)), default=0) >= 0:
            return x, None
    view = view_through(value, x, View.of(x))
    return (x, view) if static(view) else None


def _function_body(op: Operation) -> Block | None:
    """The body of the function `op` is in, directly (whose arguments give sizes)."""
    block = op.parent_block()
    func = block.parent_op() if block is not None else None
    return block if isinstance(func, FuncOp) and func.body.blocks.first is block else None


class _GeneratedAt:
    """The ops computing generated values at `offsets` (`GatherOfIndexMath`): `at(v)`
    is v's elements at the offsets, as the new ops and the value; each (value, offsets)
    pair is computed once."""

    def __init__(self, offsets: SSAValue, location: Attribute, block: Block | None) -> None:
        self.offsets, self.location, self.block = offsets, location, block
        self.new: list[Operation] = []
        self.memo: dict[tuple[SSAValue, SSAValue], SSAValue] = {}

    def at(self, value: SSAValue) -> tuple[list[Operation], SSAValue]:
        return self.new, self.value(value, self.offsets)

    def emit(self, o: Operation) -> SSAValue:
        o.location = self.location
        self.new.append(o)
        return o.results[0]

    def value(self, v: SSAValue, offsets: SSAValue) -> SSAValue:
        key = (v, offsets)
        if key not in self.memo:
            self.memo[key] = self.compute(v, offsets)
        return self.memo[key]

    def compute(self, v: SSAValue, offsets: SSAValue) -> SSAValue:
        from stepwell.passes.support.views import is_view_op

        owner = cast(Operation, v.owner)
        offsets_type = cast(TensorType[Attribute], offsets.type)
        element = cast(TensorType[Attribute], v.type).element_type
        result = _like(offsets, element)
        if isinstance(owner, prims.PrimsFullOp):
            if (size := fill_size(owner)) is not None:
                return self.emit(full_op(result, size))
            return self.emit(full_op(result, decode(owner.properties["fill_value"])))
        if is_view_op(owner):
            root = _view_root(v)
            if isinstance(root.owner, prims.PrimsFullOp):
                return self.value(root, offsets)  # (any element of it is its fill)
            step = _view_step(v, self.block)
            assert step is not None  # (`_computable_at_offsets` checked)
            source, view = step
            if view is None:  # (the same elements, in the same order)
                return self.value(source, offsets)
            new, index = _view_index(view, offsets, self.location, self.block)
            self.new.extend(new)
            return self.value(source, index)
        if isinstance(owner, prims.PrimsIotaOp):
            start, step = (cast(IntegerAttr, owner.properties[k]).value.data
                           for k in ("start", "step"))  # fmt: skip
            index = offsets
            if step != 1:
                index = self.binary(prims.PrimsMulOp, index, full_op(offsets_type, step))
            if start != 0:
                index = self.binary(prims.PrimsAddOp, index, full_op(offsets_type, start))
            if offsets_type.element_type != element:
                index = self.emit(prims.PrimsConvertElementTypeOp.make(
                    [result], a=index, dtype=element))  # fmt: skip
            return index
        operands = [self.value(x, offsets) for x in owner.operands]
        return self.emit(_rebuilt(owner, operands, result))

    def binary(self, cls: type[Operation], a: SSAValue, constant: Operation) -> SSAValue:
        b = self.emit(constant)
        return self.emit(cls.create(operands=[a, b], result_types=[a.type]))


def _pointwise_of_inputs(value: SSAValue, limit: int = 32, gathers: bool = True) -> bool:
    """Is `value` computed from the function's arguments, `iota` and constants through
    elementwise, view and (with `gathers`) gather prims ops alone (no reduction, scan,
    product or extern on the way), at most `limit` of them producing floats or gathering?
    Integer index math is not counted (a `cat`'s offsets are many small ops)."""
    return _cone_is(value, limit, allow_arguments=True, gathers=gathers)


def _generated(value: SSAValue, limit: int = 128) -> bool:
    """Is `value` computed from `prims.iota` and constant `prims.full`s alone, through at
    most `limit` elementwise prims ops and any number of views (nothing it depends on
    reads memory)? A padded 2-d convolution's window offsets are 58 such ops."""
    return _cone_is(value, limit, allow_arguments=False)


def _cone_is(
    value: SSAValue, limit: int, allow_arguments: bool, visits: int = 1024, gathers: bool = True
) -> bool:
    """One walk up `value`'s producers (at most `visits` ops): see `_pointwise_of_inputs`
    (`allow_arguments`) and `_generated`."""
    from stepwell.dialects.prims_support import TakeOp
    from stepwell.ir.types import is_float
    from stepwell.passes.support.views import is_view_op

    stack, seen, counted = [value], set(), 0
    while stack:
        owner = stack.pop().owner
        if owner in seen:
            continue
        if not isinstance(owner, Operation):  # a block argument: a function input
            if allow_arguments:
                continue
            return False
        if isinstance(owner, prims.PrimsIotaOp) or _constant_full(owner):
            continue
        pointwise = is_view_op(owner) or (  # (prims.slice is a view, not a PrimsOp)
            isinstance(owner, prims.PrimsOp)
            and (owner.KIND == "elementwise" or _int_to_float(owner)
                 or isinstance(owner, prims.PrimsConvertElementTypeOp))
        )  # fmt: skip
        gather = allow_arguments and gathers and isinstance(owner, TakeOp)
        if not (pointwise or gather):
            return False  # a load, a reduction, a product, an extern, ...
        seen.add(owner)
        result = cast(TensorType[Attribute], owner.results[0].type).element_type
        if not is_view_op(owner):  # (a view costs no work where it is recomputed)
            counted += 1 if (gather or is_float(result) or not allow_arguments) else 0
        if counted > limit or len(seen) > visits:
            return False
        stack.extend(owner.operands)
    return True


def _constant_full(op: Operation | None) -> bool:
    """Is `op` a `prims.full` of a number, or of a size (`full sym(%n)`, its operand size
    arithmetic on the size arguments): the same value in every lane, read from no
    tensor?"""
    if not isinstance(op, prims.PrimsFullOp):
        return False
    return not op.operands or (len(op.operands) == 1 and fill_size(op) is not None)


def _broadcast_reduction(x: SSAValue, value: SSAValue) -> bool:
    """Is `x` a view (a broadcast back over the reduced dims) of a reduction's result
    with fewer elements than `value`? A gather of it reads that small result."""
    views, root = _under_views(x)
    owner = root.owner
    return bool(views) and isinstance(owner, prims.PrimsOp) and owner.KIND == "reduction" and (
        0 <= math.prod(_shape(root)) < math.prod(_shape(value))
    )  # fmt: skip


def _gatherable(value: SSAValue) -> bool:
    """May a gather move into `value` (`GatherBeforeElementwise`)? Yes into anything that
    does not read `iota`, and into what is computed from `iota` and constants alone
    (`_generated`: a gather of it becomes index math on the offsets, `GatherOfIndexMath`),
    and into float math that reads inputs too (the gather moves on into its operands).
    Not into integer or boolean index math that reads memory as well (a padding mask
    from `iota` and an input): gathering it would store what kernels now compute from
    their lane indices."""
    from stepwell.ir.types import is_float

    if not _from_iota(value) or _generated(value):
        return True
    return is_float(cast(TensorType[Attribute], value.type).element_type)


def _from_iota(value: SSAValue, limit: int = 64) -> bool:
    """Is `value` computed from a `prims.iota` (through at most `limit` prims ops)?"""
    stack, seen = [value], set()
    while stack and len(seen) < limit:
        owner = stack.pop().owner
        if not isinstance(owner, prims.PrimsOp) or owner in seen:
            continue
        if isinstance(owner, prims.PrimsIotaOp):
            return True
        seen.add(owner)
        stack.extend(owner.operands)
    return False


Bounds = list[tuple[int, int, int]]
"""A slice's (start, limit, step) in each dim."""


class SliceBeforeComputation(RewritePattern):
    """slice(f(x, y)) -> f(slice(x), slice(y)), all the way up: through elementwise ops
    and conversions, `broadcast_in_dim` (the broadcast dims take the slice's sizes, its
    operand's dims the slice's bounds) and reductions over dims the slice keeps whole (the
    slice moves to the kept dims). Slicing commutes exactly with each, so the elements a
    slice drops are never computed: `softmax(x)[:, -1]` normalizes one row per batch
    instead of all of them, and a layer norm whose last token alone a head reads computes
    that token's statistics (Inductor computes every row's reductions there).

    The whole cone above the slice moves at once, and only when nothing else reads a
    value of it (`_slice_cone`): a value that another op reads whole is computed whole
    anyway, and slicing part of its readers would make them read it back from memory.
    Except when the cone is cheap elementwise math on the inputs (`_pointwise_of_inputs`):
    then the slice's part of it is computed again from the inputs, and the value its
    other readers read is no longer read at another lane (`y[1] = 0; y[2, 3] = 1` reads
    row 2 of the first write's result: two kernels, the first storing it whole).
    Where the cone stops (an input, a matmul, a scan, a reduction over a sliced dim) its
    operand is sliced: a strided view. Static shapes only; several equal slices of one
    value count as one."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        from stepwell.dialects.prims_support import SliceOp

        if not isinstance(op, SliceOp) or not isinstance(op.a.owner, prims.PrimsOp | MatmulOp):
            return
        if not all(d >= 0 for v in (op.a, op.result) for d in _shape(v)):
            return
        readers = [u.operation for u in op.a.uses]
        slices = [u for u in readers if isinstance(u, SliceOp)
                  and u.result.type == op.result.type and u.properties == op.properties]
        bounds = [(s, int(e), k) for s, e, k in op.bounds()]
        cone = _slice_cone(op.a, bounds, set(slices)) if len(slices) == len(readers) else None
        if cone is None and _pointwise_of_inputs(op.a, gathers=False):
            cone = _slice_cone(op.a, bounds, set(slices), shared=True)
        if cone is None:
            return
        demand, leaves = cone
        made: dict[SSAValue, SSAValue] = {}
        for inner in sorted({cast(Operation, v.owner) for v in demand}, key=_position):
            new: list[Operation] = []
            operands = []
            for x in inner.operands:
                if x in made:
                    operands.append(made[x])
                elif x in leaves:
                    cut = _slice(x, leaves[x])
                    cut.location = op.location
                    new.append(cut)
                    operands.append(made.setdefault(x, cut.results[0]))
                else:
                    operands.append(x)  # (a broadcast's size-1 operand: read whole)
            value = inner.results[0]
            sizes = _sliced_sizes(demand[value])
            rebuilt = type(inner).create(
                operands=operands,
                result_types=[TensorType(cast(TensorType[Attribute], value.type).element_type,
                                         sizes)],
                properties=dict(inner.properties),
                attributes=dict(inner.attributes),
            )  # fmt: skip
            if isinstance(inner, prims.PrimsBroadcastInDimOp):
                rebuilt.properties["shape"] = int_array(sizes)
            if isinstance(inner, prims.PrimsSplitDimOp):
                d = cast(int, _int_prop(inner, "dim"))
                rebuilt.properties["outer_length"] = IntegerAttr(sizes[d], 64)
            rebuilt.location = inner.location
            rewriter.insert([*new, rebuilt], InsertPoint.after(inner))
            made[value] = rebuilt.results[0]
        for u in slices:
            rewriter.replace_all_uses_with(u.results[0], made[op.a])
            rewriter.erase_op(u)


def _int_prop(op: Operation, name: str) -> int | None:
    """An integer property's value (None when it is symbolic)."""
    attr = op.properties.get(name)
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def _one_range(start: int, count: int, step: int) -> tuple[int, int, int]:
    """(start, limit, step) of `count` elements from `start`, `step` apart."""
    return (start, start + (count - 1) * step + 1, step) if count > 1 else (start, start + 1, 1)


def _split_bounds(op: prims.PrimsSplitDimOp, bounds: Bounds) -> list[Bounds] | None:
    """A slice of split_dim's (outer, inner) dims as one slice of the dim it splits:
    whole inner rows from consecutive outer ones, or one inner element from each outer
    row (a token of every sequence of flattened rows: rows j, j + L, j + 2L, ...)."""
    d = _int_prop(op, "dim")
    if d is None or op.operands[1:]:
        return None
    inner = _shape(op.results[0])[d + 1]
    (so, _, ko), (si, _, ki) = bounds[d], bounds[d + 1]
    no, ni = _sliced_sizes([bounds[d], bounds[d + 1]])
    if (si, ni, ki) == (0, inner, 1) and (ko == 1 or no == 1):
        merged = (so * inner, (so + no) * inner, 1)
    elif ni == 1:
        merged = _one_range(so * inner + si, no, ko * inner)
    else:
        return None
    return [[*bounds[:d], merged, *bounds[d + 2 :]]]


def _collapse_bounds(op: prims.PrimsCollapseOp, bounds: Bounds) -> list[Bounds] | None:
    """A slice of collapse's merged dim as a slice of each dim it merges: one element
    (its coordinates), every `step`-th outer index at one inner position (the inverse of
    `_split_bounds`'s strided rows), or whole runs of the inner dims."""
    start, end = _int_prop(op, "start"), _int_prop(op, "end")
    if start is None or end is None or op.operands[1:]:
        return None
    dims = _shape(op.operands[0])[start : end + 1]
    s, _, k = bounds[start]
    (n,) = _sliced_sizes([bounds[start]])
    inner = math.prod(dims[1:])

    def at(offset: int) -> Bounds:  # one element of the inner dims, row-major
        out = []
        for size in reversed(dims[1:]):
            out.append((offset % size, offset % size + 1, 1))
            offset //= size
        return out[::-1]

    if n == 1:
        merged = [(s // inner, s // inner + 1, 1), *at(s % inner)]
    elif k % inner == 0:
        merged = [_one_range(s // inner, n, k // inner), *at(s % inner)]
    elif k == 1 and s % inner == 0 and n % inner == 0:
        merged = [(s // inner, s // inner + n // inner, 1), *((0, m, 1) for m in dims[1:])]
    else:
        return None
    return [[*bounds[:start], *merged, *bounds[start + 1 :]]]


def _matmul_bounds(op: MatmulOp, bounds: Bounds) -> list[Bounds] | None:
    """A product's rows are its lhs's rows, its columns its rhs's columns, its batches
    both's (a rank-2 rhs is every batch's): [..., M, K] x [..., K, N] sliced in the
    batch, M and N dims, K whole (each operand maybe stored transposed)."""
    rank = len(bounds)
    lhs, rhs = _shape(op.lhs), _shape(op.rhs)
    if len(lhs) != rank or len(rhs) not in (2, rank) or rank < 2:
        return None
    transpose_lhs, transpose_rhs = op.flags()
    *batch, rows, cols = bounds
    k_lhs = (0, lhs[-2 if transpose_lhs else -1], 1)
    k_rhs = (0, rhs[-1 if transpose_rhs else -2], 1)
    lhs_bounds = [*batch, *((k_lhs, rows) if transpose_lhs else (rows, k_lhs))]
    rhs_bounds = [*(batch if len(rhs) == rank else []),
                  *((cols, k_rhs) if transpose_rhs else (k_rhs, cols))]  # fmt: skip
    return [lhs_bounds, rhs_bounds]


def _read_in_place(v: SSAValue) -> bool:
    """Is `v` a function argument, a view of one, a constant or an attention's output: a
    slice of it is a strided read of memory (the attention stores its output whatever
    reads it) or a smaller constant, with nothing computed to store for the slice?"""
    from stepwell.passes.support.views import is_view_op

    while isinstance(v.owner, Operation) and is_view_op(v.owner):
        v = v.owner.operands[0]
    generated = isinstance(v.owner, prims.PrimsFullOp | prims.PrimsIotaOp)
    stored = isinstance(v.owner, AttentionOp)  # (its kernel takes no consumer in)
    return isinstance(v, BlockArgument) or generated or stored


def _position(op: Operation) -> int:
    block = cast(Block, op.parent)
    return block.get_operation_index(op)


def _sliced_sizes(bounds: Bounds) -> list[int]:
    return [max(0, (e - s + k - 1) // k) for s, e, k in bounds]


def _slice(x: SSAValue, bounds: Bounds) -> Operation:
    from stepwell.dialects.prims_support import SliceOp

    element = cast(TensorType[Attribute], x.type).element_type
    starts, limits, steps = zip(*bounds, strict=True)
    return SliceOp(x, starts, limits, steps, TensorType(element, _sliced_sizes(bounds)))


def _slice_cone(
    value: SSAValue, bounds: Bounds, slices: set[Operation], shared: bool = False
) -> tuple[dict[SSAValue, Bounds], dict[SSAValue, Bounds]] | None:
    """The values above a slice of `value` (by `bounds`) that would be computed sliced
    (`demand`), and those read as slices where the cone stops (`leaves`), each with its
    bounds; None when a value is demanded with two different bounds, when another op
    reads a demanded value, when the cone stops at a value a kernel computes (a scan's
    result: its kernel would store it whole for a second kernel to read the slice, where
    now the cone fuses into it), or when nothing but `value` itself would move."""
    demand: dict[SSAValue, Bounds] = {}
    leaves: dict[SSAValue, Bounds] = {}
    stack = [(value, bounds)]
    while stack:
        v, b = stack.pop()
        if all(s == 0 and e == n and k == 1 for (s, e, k), n in zip(b, _shape(v), strict=True)):
            continue  # (read whole: not part of the cone)
        known = demand.get(v, leaves.get(v))
        if known is not None:
            if known != b:
                return None
            continue
        owner = v.owner
        above = (_bounds_above(owner, b) if isinstance(owner, prims.PrimsOp | MatmulOp)
                 and len(owner.results) == 1 else None)  # fmt: skip
        if above is None:
            leaves[v] = b
            continue
        demand[v] = b
        stack.extend(zip(owner.operands, above, strict=True))
    if value not in demand or not all(_read_in_place(v) for v in leaves):
        return None
    inside = {v.owner for v in demand} | slices
    if not shared and any(u.operation not in inside for v in demand for u in v.uses):
        return None
    return demand, leaves


def _bounds_above(op: prims.PrimsOp | MatmulOp, bounds: Bounds) -> list[Bounds] | None:
    """The slice of each operand of `op` that gives `bounds` (start, limit, step per
    dim) of its result, or None when no slice of the operands does."""
    out = _shape(op.results[0])
    if not all(d >= 0 for x in (*op.operands, op.results[0]) for d in _shape(x)):
        return None
    if isinstance(op, MatmulOp):
        return _matmul_bounds(op, bounds)
    if isinstance(op, prims.PrimsSplitDimOp):
        return _split_bounds(op, bounds)
    if isinstance(op, prims.PrimsCollapseOp):
        return _collapse_bounds(op, bounds)
    if op.KIND == "elementwise" or isinstance(op, prims.PrimsConvertElementTypeOp):
        if any(_shape(x) != out for x in op.operands):
            return None
        return [bounds for _ in op.operands]
    if isinstance(op, prims.PrimsBroadcastInDimOp):
        source = _shape(op.operands[0])
        dims = int_list(op.properties["broadcast_dimensions"])
        return [[bounds[d] if n == out[d] else (0, n, 1)
                 for n, d in zip(source, dims, strict=True)]]  # fmt: skip
    if op.KIND == "reduction" and len(op.operands) == 1 and "dims" in op.properties:
        source = _shape(op.operands[0])
        reduced = {d % len(source) for d in int_list(op.properties["dims"])}
        kept = iter(bounds)
        return [[(0, n, 1) if d in reduced else next(kept) for d, n in enumerate(source)]]
    return None


PERMUTING_VIEWS = (prims.PrimsTransposeOp, prims.PrimsRevOp)
"""Views that move every element to another place and drop or repeat none."""


class ElementwiseBeforePermutation(RewritePattern):
    """f(view(r), c) -> view(f(r, c)) for an elementwise f whose other operands are
    constants, a view that only moves elements (`transpose`, `flip`) and `r` a float
    value computed from a reduction (a reduction's result, or elementwise math on one):
    f of each element does not care where the element is, so f joins the reduction's
    kernel as its epilogue and the view becomes the layout that kernel stores
    (`x.sum(-1).t() * 2 + 1` and `x.mean(1).flip(0, 1) * 2` were two kernels, the second
    reading the stored reduction at other lanes). Not for integers, nor for math on the
    inputs alone, whose views `SinkViewIntoIndexMath` moves the other way."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not (isinstance(op, prims.PrimsOp) and len(op.results) == 1 and op.operands and (
            op.KIND == "elementwise" or isinstance(op, prims.PrimsConvertElementTypeOp)
        )):  # fmt: skip
            return
        viewed = [x for x in op.operands if splat(x) is None]
        if len(viewed) != 1 or not viewed[0].has_one_use():
            return
        view = viewed[0].owner
        if not isinstance(view, PERMUTING_VIEWS) or view.sym_args:
            return
        r = view.operands[0]
        producer = r.owner
        if not (isinstance(producer, prims.PrimsOp) and (
            producer.KIND in ("reduction", "elementwise")
            or isinstance(producer, prims.PrimsConvertElementTypeOp)
        ) and not _pointwise_of_inputs(r)):  # fmt: skip
            return  # (elementwise math on the inputs alone: the view moves up into it)
        if not all(is_float(cast(TensorType[Attribute], v.type).element_type)
                   for v in (*op.operands, op.results[0])):  # fmt: skip
            return
        if any(d < 0 for d in _shape(r)):
            return
        new: list[Operation] = []
        operands: list[SSAValue] = []
        for x in op.operands:
            if x is viewed[0]:
                operands.append(r)
                continue
            constant = full_op(_like(r, cast(TensorType[Attribute], x.type).element_type),
                               cast(float, splat(x)))  # fmt: skip
            constant.location = op.location
            new.append(constant)
            operands.append(constant.results[0])
        result_type = _like(r, cast(TensorType[Attribute], op.results[0].type).element_type)
        moved = _rebuilt(op, operands, result_type)
        again = type(view).create(operands=[moved.results[0]], result_types=[op.results[0].type],
                                  properties=dict(view.properties),
                                  attributes=dict(view.attributes))  # fmt: skip
        again.location = view.location
        rewriter.replace(op, [*new, moved, again])


class ScalarTensorIsFull(RewritePattern):
    """scalar_tensor(s) -> full([], s): one spelling for constants, which kernels inline."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, prims.PrimsScalarTensorOp):
            return
        t = cast(TensorType[Attribute], op.results[0].type)
        new = prims.PrimsFullOp.make(
            [t], shape=int_array([]), fill_value=op.properties["s"], dtype=t.element_type,
            device=op.properties.get("device") or StringAttr("cpu"),
            requires_grad=IntegerAttr.from_bool(False),
        )  # fmt: skip
        new.location = op.location
        rewriter.replace(op, new)


class FillIsFull(RewritePattern):
    """`fill(x, v)` is `full(shape(x), v)`: a constant that kernels compute where they
    read it (decompositions spell zeros as a fill of an empty tensor). A symbolic shape
    too, when its `?` dims name their sizes (the full's say the same)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, prims.PrimsFillOp) or op.sym_args:
            return
        t = cast(TensorType[Attribute], op.result.type)
        if not has_sizes(t):
            return
        value = decode(op.value)
        if not isinstance(value, bool | int | float):
            return
        new = full_op(t, value)
        new.location = op.location
        rewriter.replace(op, new)


class BroadcastOfFullIsFull(RewritePattern):
    """`broadcast_in_dim(full(c))` is `full(c)` of the broadcast's shape: a constant has
    no layout to share, and a graph output that broadcasts one (`repeat_interleave` of a
    `torch.tensor(5)`) is then one fill with an element per place, not a fill of one
    element and a copy of its stride-0 view."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, prims.PrimsBroadcastInDimOp) or op.sym_args:
            return
        full = op.operands[0].owner
        t = cast(TensorType[Attribute], op.results[0].type)
        if not (isinstance(full, prims.PrimsFullOp) and not full.operands
                and all(d >= 0 for d in t.get_shape())):  # fmt: skip
            return  # (a symbolic size: the full would need its size operands)
        value = decode(full.properties["fill_value"])
        if not isinstance(value, bool | int | float):
            return
        new = full_op(t, value)
        new.location = op.location
        rewriter.replace(op, new)


class SizeFromAnArgument(RewritePattern):
    """`sym_size(t, d)` whose size is a symbol a function argument gives is read from
    that argument (the symbol's own `i64` argument, else a tensor argument with that dim)
    rather than from `t`: the size of a value a kernel computes does not make the value a
    graph-level tensor. (`rotate_half`'s `cat` at a symbolic length asked the size of
    `-x2`, so the negation was stored by a kernel of its own: Llama's symbolic graph had
    four more kernels than its static one.)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not (isinstance(op, ExternOp) and op.callee.data == "aten.sym_size.int"
                and op.operands and not isinstance(op.operands[0], BlockArgument)):  # fmt: skip
            return
        size = scalar_size(op.results[0])
        block = _function_body(op)
        if size is None or isinstance(size, int) or not size.is_Symbol or block is None:
            return
        made = size_value(size, block)  # (its own argument, else a tensor argument's dim)
        if made is None:
            return
        new, value = made
        for o in new:
            o.location = op.location
        rewriter.replace(op, new, [value])


PATTERNS: list[Callable[[], RewritePattern]] = [
    SliceBeforeComputation,
    SizeFromAnArgument,
    ScalarTensorIsFull,
    FillIsFull,
    BroadcastOfFullIsFull,
    RemoveNoOps,
    IndexInRange,
    NotOfNot,
    ReduceOverUnitDims,
    UnitDimTransposeIsReshape,
    ReshapeOfReshape,
    TransposeOfTranspose,
    AttentionWritesTokenMajor,
    AttentionReadsHalfInputs,
    AttentionMaskAsStored,
    SinkViewIntoIndexMath,
    RecomputeGeneratedValues,
    RecomputeConversions,
    SinkViewIntoGather,
    GatherOfGather,
    GatherOfIndexMath,
    GatherThroughReshape,
    GatherThroughView,
    MergeGathers,
    GatherBeforeElementwise,
    ElementwiseBeforePermutation,
]


@dataclass(frozen=True)
class CanonicalizePrims(ModulePass):
    """Remove no-op prims left by decomposition (x*1, x+0, same-type converts, ...)."""

    name = "canonicalize-prims"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier([p() for p in PATTERNS]), apply_recursively=True
        ).rewrite_module(op)
        dce(op)  # xDSL's: erases the ops left unused (prims ops are Pure)
