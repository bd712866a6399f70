"""Rewrite explicit attention into `aten.scaled_dot_product_attention` before AOTAutograd.

In training, AOTAutograd partitions the joint graph before stepwell sees it, so attention
spelled `matmul -> scale -> mask -> softmax -> matmul` (HF "eager" attention) saves its
probabilities and cannot be re-fused afterwards. `rewrite_attention` re-traces a Dynamo
graph to ATen (`make_fx`, in Dynamo's fake mode, grad mode as it is) and replaces each
attention that `attention_match.match` proves by one sdpa call, whose backward AOTAutograd
then derives (on CPU: `_scaled_dot_product_flash_attention_for_cpu` and its backward).

The mask passed to sdpa is boolean when the logits have one `where`/`masked_fill` with
-inf and no other bias, else a float bias in the query's dtype, built from the biases:
`where(cond, 0, fill)` per mask, `coefficient · bias` per added tensor, summed. A mask
with a finite fill *replaces* the logits it hides, where the float bias adds to them: the
two agree wherever a row keeps a key (the hidden lanes' exp underflows in both), and a row
that such masks hide wholly (uniform in eager: every logit is the fill) is mean(V) after
the sdpa (`_filled_rows`).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from typing import Any

import torch
import torch.fx
import torch.fx.traceback as fx_traceback
from torch._guards import detect_fake_mode
from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode, unset_fake_temporarily
from torch.fx import GraphModule, Node
from torch.fx.experimental.proxy_tensor import make_fx
from torch.utils._python_dispatch import is_traceable_wrapper_subclass

from stepwell.frontend.attention_match import (
    MASKED,
    Attention,
    Mask,
    Operand,
    Refused,
    dtype,
    match,
    shape,
)

aten = torch.ops.aten


def rewrite_attention(
    gm: GraphModule, example_inputs: Sequence[Any]
) -> tuple[GraphModule, list[str]]:
    """Return (graph, remarks): `gm` re-traced to ATen ops (make_fx, in the fake mode of
    example_inputs) with every attention it can prove replaced by
    aten.scaled_dot_product_attention; the remarks say, per candidate softmax, what was
    fused or why it was refused (with the node's user source location if available from
    node.meta['stack_trace']). `gm` itself comes back, unchanged, when nothing is fused,
    when no input requires grad or one has symbolic sizes, or when no node is a softmax."""
    if not _worth_tracing(gm, example_inputs):
        return gm, []
    if any(re.search("grad_enabled|inference_mode", str(n.target)) for n in gm.graph.nodes):
        return gm, ["attention not rewritten: the graph changes grad mode"]
    try:
        traced = _trace(gm, example_inputs)
        traced.graph.eliminate_dead_code()  # autograd's dead `detach`es of saved outputs
        softmaxes = [n for n in traced.graph.nodes if n.target is aten._softmax.default]
        inputs = zip(traced.graph.find_nodes(op="placeholder"), example_inputs, strict=True)
        wants_grad = {p for p, x in inputs if isinstance(x, torch.Tensor) and x.requires_grad}
        remarks = [_rewrite_one(traced, sm, wants_grad) for sm in softmaxes]
        if not any(r.startswith("fused") for r in remarks):
            return gm, remarks
        traced.graph.eliminate_dead_code()  # keeps mutating and random ops (is_impure)
        if any(isinstance(getattr(traced, n.target), FakeTensor)
               for n in traced.graph.find_nodes(op="get_attr")):  # fmt: skip
            return gm, ["attention not rewritten: tracing made a constant of a fake tensor"]
        traced.recompile()
        traced.meta.update(gm.meta)
    except Exception as error:  # noqa: BLE001 - never fail: the graph runs as it is
        return gm, [f"attention not rewritten: {type(error).__name__}: {error}"]
    return traced, remarks


def _worth_tracing(gm: GraphModule, inputs: Sequence[Any]) -> bool:
    """Cheap checks first: a softmax, an input requiring grad, only static sizes."""
    if not any("softmax" in str(n.target) for n in gm.graph.nodes if n.op != "placeholder"):
        return False
    if not torch.is_grad_enabled() or not any(
        isinstance(x, torch.Tensor) and x.requires_grad for x in inputs
    ):
        return False  # inference (AOTAutograd's test): parameters require grad under no_grad
    if any(is_traceable_wrapper_subclass(x) for x in inputs):
        return False  # DTensor and other subclasses: AOTAutograd unwraps them itself
    values = [
        *inputs,
        *(n.meta.get("example_value") for n in gm.graph.find_nodes(op="placeholder")),
    ]
    sizes = [s for x in values if isinstance(x, torch.Tensor) for s in x.shape]
    return not any(isinstance(x, torch.SymInt) for x in [*values, *sizes])


def _trace(gm: GraphModule, inputs: Sequence[Any]) -> GraphModule:
    """`gm` as ATen ops, each node keeping the user's stack trace (as AOTAutograd does)."""
    mode = detect_fake_mode(inputs) or FakeTensorMode()

    def fake(x: Any) -> Any:
        if isinstance(x, FakeTensor) and x.fake_mode is mode:
            return x  # already fake: converting again would make a second, unrelated one
        return mode.from_tensor(x, static_shapes=True) if isinstance(x, torch.Tensor) else x

    def run(*args: Any) -> Any:
        return torch.fx.Interpreter(gm).run(*args)

    with mode, fx_traceback.preserve_node_meta():
        return make_fx(run)(*[fake(x) for x in inputs])


def _rewrite_one(gm: GraphModule, softmax: Node, wants_grad: set[Node]) -> str:
    """Fuse the attention around `softmax` if it can be proved; say what happened."""
    trace = softmax.meta.get("stack_trace") or ""
    frames = re.findall(r'File "([^"]+)", line (\d+)', trace)
    where = f"{os.path.basename(frames[-1][0])}:{frames[-1][1]}" if frames else softmax.name
    try:
        found = match(gm, softmax, wants_grad)
        mask = _replace(found)
    except Refused as why:
        return f"not fused at {where}: {why}"
    except Exception as error:  # noqa: BLE001 - the nodes it made are dead: DCE drops them
        return f"not fused at {where}: {type(error).__name__}: {error}"
    return f"fused attention at {where} (scale={found.logits.scale:g}, mask={mask})"


class Emit:
    """Insert ATen calls before `at`, with their fake `meta['val']` and `at`'s stack trace."""

    def __init__(self, at: Node) -> None:
        self.at = at

    def __call__(self, target: Any, *args: Any, **kwargs: Any) -> Node:
        with self.at.graph.inserting_before(self.at):
            new = self.at.graph.call_function(target, args, kwargs)
        new.meta["stack_trace"] = self.at.meta.get("stack_trace")
        vals, kwvals = torch.fx.map_arg((args, kwargs), lambda n: n.meta["val"])
        mode = detect_fake_mode(vals) or detect_fake_mode([self.at.meta["val"]])
        with mode, torch.no_grad():  # (a factory has no tensor argument)
            new.meta["val"] = target(*vals, **kwvals)
        return new


def _replace(found: Attention) -> str:
    """Put one sdpa call (and its mask) in place of the result; say which mask it got."""
    emit, q_dtype = Emit(found.result), dtype(found.q.tensor)
    q, k, v = (_as_is(emit, x) for x in (found.q, found.k, found.v))
    bias, kind = _mask(emit, found.logits.biases, q_dtype)  # type: ignore[arg-type]
    if bias is not None and found.transposed:  # [.., S, L] as the scores K Qᵀ: to [.., L, S]
        b, h, n, _ = shape(q)
        scores = [b, h, shape(k)[2], n]
        bias = emit(aten.transpose.int, emit(aten.expand.default, bias, scores), -2, -1)
    pattern = constant_pattern(bias) if bias is not None else None
    causal = pattern == "causal"
    filled = _filled_rows(emit, found.logits.biases, v, found.transposed, q_dtype)  # type: ignore[arg-type]
    blind = None if pattern is not None else _blind_rows(emit, bias, found.logits.biases)
    through_scores = any(not isinstance(term, Mask) for _, term in found.logits.biases)
    if pattern is not None:  # no mask, or SDPA's causal flag: its kernels skip the blocks
        bias, kind = None, pattern
    sdpa, scale = aten.scaled_dot_product_attention.default, found.logits.scale
    swamped = None if bias is None else _swamped_rows(emit, bias, found.logits.biases, q_dtype)  # type: ignore[arg-type]
    if swamped is not None:  # (sdpa's result there is not used)
        bias = emit(aten.where.ScalarSelf, swamped, 0.0, bias)
    if bias is not None and dtype(bias) not in (torch.bool, q_dtype):  # (sdpa's mask is the
        bias = _cast_bias(emit, bias, q_dtype)  # query's dtype or bool)
    out = emit(sdpa, q, k, v, attn_mask=bias, dropout_p=0.0, is_causal=causal, scale=scale)
    if swamped is not None:
        uniform = _uniform_attention(emit, q, k, v, scale)
        out = emit(aten.where.self, swamped, uniform, out)
    if blind is not None:
        out = _nan_where_blind(emit, out, v, blind, through_scores, q_dtype)
    if filled is not None:  # no logit is a score: no gradient to Q, K from those rows
        out = emit(aten.where.self, *filled, out)
    if shape(out) != shape(found.result):  # the result was a [B*H, L, Dv] bmm
        out = emit(aten.reshape.default, out, list(shape(found.result)))
    found.result.replace_all_uses_with(out)
    return kind


MAX_EVAL = 1 << 24
"""Largest mask (elements) evaluated at compile time to see whether it is causal."""


def constant_pattern(mask: Node) -> str | None:
    """"none" or "causal" if `mask` is computed from constants alone (no graph input: it
    cannot change between calls) and, evaluated on real tensors, hides nothing, or is
    the top-left causal pattern (key j attends to query i iff j <= i); else None. A key
    attends where the mask is True or 0 and is hidden where it is False or at or below
    -1e4."""
    val = mask.meta.get("val")
    if not isinstance(val, torch.Tensor) or val.dim() < 2 or val.numel() > MAX_EVAL:
        return None
    try:
        with unset_fake_temporarily():
            value = _evaluate(mask, {})
    except _NotConstant:
        return None
    attend = value if value.dtype == torch.bool else value == 0
    if value.dtype != torch.bool and not bool((attend | (value <= MASKED)).all()):
        return None
    if bool(attend.all()):
        return "none"
    rows, cols = value.shape[-2:]
    causal = bool((attend == torch.ones(rows, cols, dtype=torch.bool).tril()).all())
    return "causal" if causal else None


class _NotConstant(Exception):
    """The value depends on a graph input or on something that cannot run here."""


def _evaluate(node: Node, done: dict[Node, Any]) -> Any:
    """`node`'s value from the constants it is computed from, with real tensors."""
    if node in done:
        return done[node]
    if node.op != "call_function" or not isinstance(node.target, torch._ops.OpOverload):
        raise _NotConstant(node.name)
    if torch.Tag.nondeterministic_seeded in node.target.tags:
        raise _NotConstant(node.name)
    args, kwargs = torch.fx.map_arg((node.args, node.kwargs), lambda n: _evaluate(n, done))
    try:
        done[node] = node.target(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - e.g. a device this machine lacks
        raise _NotConstant(node.name) from error
    return done[node]


def _mask(
    emit: Emit, biases: list[tuple[float, Node | Mask]], to: torch.dtype
) -> tuple[Node | None, str]:
    """sdpa's `attn_mask` for the biases, and its kind: "bool", "float" or "none"."""
    if len(biases) == 1 and isinstance(m := biases[0][1], Mask) and m.fill == -math.inf:
        if m.keep:
            return m.cond, "bool"
        negated = m.cond.target in (aten.bitwise_not.default, aten.logical_not.default)
        return (m.cond.args[0] if negated else emit(aten.logical_not.default, m.cond)), "bool"  # type: ignore[return-value]
    bias: Node | None = None
    for coef, term in biases:
        if isinstance(term, Mask):
            fill = _fill_in(term, to)
            value = emit(aten.where.Scalar, term.cond, *((0.0, fill) if term.keep else (fill, 0.0)))
        else:
            value = term if coef == 1 else emit(aten.mul.Tensor, term, coef)
        bias = value if bias is None else emit(aten.add.Tensor, bias, value)
    # (in its own dtype: the rows it hides or swamps are found there, before it becomes
    # the query's, where a float32 bias of finfo.min would be -inf in float16)
    return bias, "none" if bias is None else "float"


def _fill_in(term: Mask, to: torch.dtype) -> float:
    """The mask's fill as a value of `to`: a huge finite fill stays finite there."""
    return max(term.fill, torch.finfo(to).min) if term.fill > -math.inf else term.fill


def _filled_rows(
    emit: Emit, biases: list[tuple[float, Node | Mask]], v: Node, transposed: bool, to: torch.dtype
) -> tuple[Node, Node] | None:
    """(rows, out): `rows` [.., L, 1] is True for a query row whose masks hide every key
    while one of them has a finite fill. No logit of such a row depends on the scores: a
    hidden logit is its mask's fill plus the biases added after that mask, and eager's
    softmax of them is not sdpa's (its additive mask adds the scores). `out` is that row's
    result, `softmax(those logits) · V`: mean(V) when one fill and no bias after it make
    the row uniform. None when no mask has a finite fill, or their masks are constants
    that hide no row."""
    masks = [(i, term) for i, (_, term) in enumerate(biases) if isinstance(term, Mask)]
    if all(term.fill == -math.inf for _, term in masks):
        return None
    hides = {id(term): emit(aten.logical_not.default, term.cond) if term.keep else term.cond
             for _, term in masks}  # fmt: skip
    hidden: Node | None = None
    for h in hides.values():
        hidden = h if hidden is None else emit(aten.logical_or.default, hidden, h)
    assert hidden is not None
    while len(shape(hidden)) < 2:
        hidden = emit(aten.unsqueeze.default, hidden, 0)
    rows = emit(aten.all.dim, hidden, -2 if transposed else -1, True)
    if transposed:  # the keys were dim -2: a query's flag to [.., L, 1]
        rows = emit(aten.transpose.int, rows, -2, -1)
    if _constant_false(rows, hidden):
        return None
    added_after = [i for i, (_, term) in enumerate(biases) if not isinstance(term, Mask)]
    if len({term.fill for _, term in masks}) == 1 and all(
        i < j for i, _ in masks for j in added_after  # (listed from the softmax back)
    ):
        return rows, emit(aten.mean.dim, v, [-2], True)
    logits = emit(aten.scalar_tensor.default, 0.0, dtype=to)  # any value: every lane is hidden
    for coef, term in reversed(biases):  # from the scores out
        if isinstance(term, Mask):
            logits = emit(aten.where.ScalarSelf, hides[id(term)], _fill_in(term, to), logits)
        else:
            logits = emit(aten.add.Tensor, logits, term, alpha=coef)
    if dtype(logits) != to:
        logits = emit(aten._to_copy.default, logits, dtype=to)
    if transposed:
        logits = emit(aten.transpose.int, logits, -2, -1)
    return rows, emit(aten.matmul.default, emit(aten._softmax.default, logits, -1, False), v)


SWAMPING_SPACING = 32.0
"""Where the spacing of eager's logits dtype is this or more, `scores + bias` rounds any
score below 16 in magnitude away (to `bias` itself): the row's weights are uniform."""


def swamping(logits_dtype: torch.dtype) -> float:
    """The added bias at or below which a row's logits are swamped in `logits_dtype`:
    -2^28 (-2.7e8) in float32, -2^15 in float16 (its `finfo.min`, -65504, is below),
    -2^12 in bfloat16 (a BERT-style -1e4 mask), -2^57 in float64; HF's `finfo.min` masks
    and the older -1e9 fills are all below theirs."""
    return -SWAMPING_SPACING / torch.finfo(logits_dtype).eps


def _cast_bias(emit: Emit, bias: Node, to: torch.dtype) -> Node:
    """`bias` in the query's dtype `to` for sdpa: a finite value below `to`'s range stays
    finite, at `to`'s `finfo.min` (a float32 -1e5 would be -inf in float16, and a row of
    it sdpa's 0/0; eager's float32 logits there are the softmax of the scores). A -inf
    becomes that too: it hides its key all the same (exp underflows to 0), and rows that
    are -inf at every key are found before (`_blind_rows`)."""
    if torch.finfo(to).min > torch.finfo(dtype(bias)).min:
        bias = emit(aten.clamp_min.default, bias, torch.finfo(to).min)
    return emit(aten._to_copy.default, bias, dtype=to)


def _logits_dtype(q_dtype: torch.dtype, biases: list[tuple[float, Node | Mask]]) -> torch.dtype:
    """The dtype eager's `scores + bias` is computed in: the scores' promoted with each
    added tensor's (a float32 mask on float16 scores makes float32 logits)."""
    for _, term in biases:
        if not isinstance(term, Mask) and dtype(term).is_floating_point:
            q_dtype = torch.promote_types(q_dtype, dtype(term))
    return q_dtype


def _swamped_rows(
    emit: Emit, bias: Node, biases: list[tuple[float, Node | Mask]], q_dtype: torch.dtype
) -> Node | None:
    """`[.., L, 1]`: True for a query row whose added float bias is at most
    `swamping(eager's logits dtype)` at every key (HF's causal mask with left padding:
    the padding's rows). Eager's logits
    there are the bias alone, so its probabilities are uniform, and the gradient of each
    score is the uniform softmax's. sdpa's forward agrees, but its CPU backward reads
    P = exp(logit - lse) with lse = bias + log(S) rounded back to the bias: P = 1 at
    every key, S times eager's dV. None when no added tensor is in the bias, or the row
    flags are constants that are False. A row with a -inf among its keys is not one (its
    weights are uniform over the other keys alone; one that is -inf at every key is
    `_blind_rows`)."""
    if not any(not isinstance(term, Mask) for _, term in biases) or dtype(bias) == torch.bool:
        return None
    below = swamping(_logits_dtype(q_dtype, biases))
    swamped = emit(aten.logical_and.default, emit(aten.le.Scalar, bias, below),
                   emit(aten.gt.Scalar, bias, -math.inf))  # fmt: skip
    rows = emit(aten.all.dim, swamped, -1, True)
    return None if _constant_false(rows, bias) else rows


def _uniform_attention(emit: Emit, q: Node, k: Node, v: Node, scale: float | None) -> Node:
    """Attention whose probabilities are uniform over the S keys, as eager's softmax of
    logits that all round to one value: mean(V), with eager's gradients. Those are dV =
    dO / S at every key, and for the scores the uniform softmax's backward, dS_ij =
    (dO_i · (v_j - mean(V))) / S, which reach Q and K through `scale · q_i · k_j`:
    exactly the gradients of `scale / S · Q (Kᵀ Vc)`, with Vc = V' - mean(V') and X' =
    `detach(X)`. That term is added less its detached self (zero in value), and is made
    of D x Dv products, so no [L, S] tensor is made:

        mean(V) + T - T',  T = scale / S · Q (Kᵀ Vc)"""
    d, n = shape(q)[-1], shape(k)[-2]
    scale = 1 / math.sqrt(d) if scale is None else scale
    v_ = emit(aten.detach.default, v)
    centered = emit(aten.sub.Tensor, v_, emit(aten.mean.dim, v_, [-2], True))
    keys = emit(aten.matmul.default, emit(aten.transpose.int, k, -2, -1), centered)
    t = emit(aten.mul.Tensor, emit(aten.matmul.default, q, keys), scale / n)
    zero = emit(aten.sub.Tensor, t, emit(aten.detach.default, t))
    return emit(aten.add.Tensor, emit(aten.mean.dim, v, [-2], True), zero)


def _constant_false(rows: Node, mask: Node) -> bool:
    """Whether `rows` is computed from constants alone (`mask` at most MAX_EVAL elements)
    and is False everywhere."""
    val = mask.meta.get("val")
    if not isinstance(val, torch.Tensor) or val.numel() > MAX_EVAL:
        return False
    try:
        with unset_fake_temporarily():
            return not bool(_evaluate(rows, {}).any())
    except _NotConstant:
        return False


def _blind_rows(
    emit: Emit, bias: Node | None, biases: list[tuple[float, Node | Mask]]
) -> Node | None:
    """`[.., L, 1]`: True for a query row whose mask hides every key, where the written-out
    softmax gives 0/0 (NaN) and sdpa 0; None when no row can be: no mask, or only masks
    with finite fills (a row they hide entirely is `_filled_rows`)."""
    if bias is None:
        return None
    if dtype(bias) == torch.bool:
        return emit(aten.logical_not.default, emit(aten.any.dim, bias, -1, True))
    if all(isinstance(term, Mask) and term.fill > -math.inf for _, term in biases):
        return None
    return emit(aten.all.dim, emit(aten.eq.Scalar, bias, -math.inf), -1, True)


def _nan_where_blind(
    emit: Emit, out: Node, v: Node, blind: Node, through_scores: bool, to: torch.dtype
) -> Node:
    """sdpa's `out` with NaN in the rows `blind` marks, as the softmax's 0/0 gives, and
    NaN gradients where eager's reach. The probabilities' NaN row reaches every key's
    dV; the scores' gradient there is NaN too, unless masks (`masked_fill`, `where`) hid
    every key of the row, whose backward zeroes it. So with an added bias, `out · NaN`
    in those rows (dQ, dK and dV NaN); with masks alone, `out + NaN · Σₛ V` (dV only)."""
    nan, zero, one = (emit(aten.scalar_tensor.default, c, dtype=to) for c in (math.nan, 0.0, 1.0))
    if through_scores:
        return emit(aten.mul.Tensor, out, emit(aten.where.self, blind, nan, one))
    v_sum = emit(aten.where.self, blind, emit(aten.sum.dim_IntList, v, [-2], True), zero)
    return emit(aten.add.Tensor, out,
                emit(aten.mul.Tensor, v_sum, emit(aten.where.self, blind, nan, zero)))  # fmt: skip


def _as_is(emit: Emit, x: Operand) -> Node:
    """The tensor `x` stands for: its node, or that node transposed back."""
    if not x.swapped:
        return x.tensor
    return _untranspose(x.tensor) or emit(aten.transpose.int, x.tensor, -2, -1)


def _untranspose(kt: Node) -> Node | None:
    """K when `kt` is K with its last two dims swapped (transpose or permute), else None."""
    if kt.target is aten.transpose.int:
        swaps = sorted(int(d) % 4 for d in kt.args[1:]) == [2, 3]  # type: ignore[call-overload]
    else:
        dims = kt.args[1] if kt.target is aten.permute.default else []
        swaps = [int(d) % 4 for d in dims] == [0, 1, 3, 2]  # type: ignore[union-attr]
    return kt.args[0] if swaps else None  # type: ignore[return-value]
