"""The flash-attention kernel for `prims.attention`, in tile ops.

One program computes a block of BM query rows of one (batch, head): it loads its Q tile
once, then walks the keys in blocks of BN with the online softmax (FlashAttention-2):

    m, l, acc = -inf, 0, 0                       # running max, sum and output, in f32
    for j in blocks of keys (causal: only those at or left of the diagonal):
        s = scale * Q Kⱼᵀ  (+ mask)               # masked / out-of-range lanes -> -inf
                                                  # (masked ones -> `fill` when it is set)
        m' = max(m, rowmax(s));  α = exp(m - m');  p = exp(s - m')
        l = α l + rowsum(p);     acc = α acc + p Vⱼ
    out = acc / l                                # a row that sees no key gives 0

Grouped-query attention is a view, not a copy: the kernel's batch group is (B, Hkv, g)
with g = H / Hkv, and K and V are read with stride 0 along g. Head dims up to 256 and
lengths that are not block multiples are masked lanes of the views.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from xdsl.dialects import arith, scf
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import (
    FileLineColLoc,
    IndexType,
    NameLoc,
    NoneAttr,
    StringAttr,
    TensorType,
    f32,
    i1,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from stepwell.dialects import tile
from stepwell.dialects.prims_support import AttentionOp
from stepwell.ir.sizes import Size, ceil_div, simplify
from stepwell.ir.types import has_sizes, is_float, tensor_sizes
from stepwell.passes.support import heuristics
from stepwell.passes.support.views import View, view_of

if TYPE_CHECKING:
    from stepwell.passes.support.kernels import KernelBuilder

MAX_HEAD_DIM = 256


def shape4(v: SSAValue) -> tuple[Size, ...]:
    """The sizes of an operand; a `?` dim is the expression its type names."""
    return tuple(tensor_sizes(v.type))


def supported(op: AttentionOp) -> bool:
    """Can the kernel compute `op`? Float, head dims up to 256; the batch and the lengths
    may be symbolic (the grid and the key loop's bound), the heads and head dims, which
    size its tiles, may not."""
    values = (op.query, op.key, op.value, *([op.mask] if op.mask is not None else []))
    if not all(has_sizes(x.type) for x in values):
        return False
    q, k, v = shape4(op.query), shape4(op.key), shape4(op.value)
    static = (q[1], k[1], v[1], q[-1], v[-1])
    if not all(isinstance(d, int) for d in static):
        return False
    lengths = [d for d in (q[2], k[2]) if isinstance(d, int)]  # a symbol is >= 2 (Dynamo)
    return (
        all(is_float(_element(x)) for x in (op.query, op.key, op.value))
        and _element(op.query) == _element(op.key)
        and k[1] == v[1]
        and max(cast(int, q[-1]), cast(int, v[-1])) <= MAX_HEAD_DIM
        and cast(int, q[1]) % cast(int, k[1]) == 0
        and min(lengths, default=1) > 0
    )


def _element(v: SSAValue) -> Attribute:
    return cast(TensorType[Attribute], v.type).element_type


def _expand(view: View, shape: tuple[int, ...]) -> View:
    """`view` broadcast (right-aligned, size-1 dims stride 0) to `shape`."""
    pad = len(shape) - len(view.sizes)
    sizes = (1,) * pad + view.sizes
    strides = (0,) * pad + view.strides
    return View(view.source, view.offset, shape,
                tuple(0 if s == 1 and n != 1 else st
                      for s, st, n in zip(sizes, strides, shape, strict=True)))  # fmt: skip


def _shared_heads(view: View, groups: int) -> View:
    """[B, Hkv, T, D] read as [B, Hkv, g, D, T] with stride 0 along g (Kᵀ, V untransposed
    is the caller's choice of the last two dims)."""
    b, h, t, d = view.sizes
    sb, sh, st, sd = view.strides
    return View(view.source, view.offset, (b, h, groups, t, d), (sb, sh, 0, st, sd))


def build_attention(kb: KernelBuilder, outputs: list[SSAValue]) -> None:
    """Fill `kb` (a KernelBuilder for a one-op attention group) with the kernel, which
    stores `outputs` (the result, and the log-sum-exp when something reads it)."""
    op = cast(AttentionOp, kb.group.ops[0])
    b, h, length, d = shape4(op.query)
    _, hkv, keys, _ = shape4(op.key)
    dv = shape4(op.value)[-1]
    h, hkv, d, dv = (cast(int, x) for x in (h, hkv, d, dv))  # static (`supported`)
    g = h // hkv
    cfg = heuristics.attention(heuristics.hint(length, kb.hints), heuristics.hint(keys, kb.hints),
                               max(d, dv))  # fmt: skip
    bm, bn = cfg.block[1], cfg.block[2]
    bd, bdv = max(16, heuristics.next_pow2(d)), max(16, heuristics.next_pow2(dv))
    kb.cfg, kb.space = cfg, [[b, hkv, g], [length], [keys]]
    kb.grid = [ceil_div(length, bm), simplify(b * h), 1]
    materialized = kb.part.materialized

    def view(v: SSAValue) -> View:
        got = view_of(v, materialized)
        assert got is not None
        return got

    batch = (b, hkv, g)
    q_view = view(op.query).reshape((*batch, length, d))
    assert q_view is not None
    k_view = _shared_heads(view(op.key), g).permute([0, 1, 2, 4, 3])  # Kᵀ: [.., D, T]
    v_view = _shared_heads(view(op.value), g)
    out = View.of(op.result)
    if op.transposed():  # stored [B, L, H, Dv], written through its [B, H, L, Dv] view
        out = out.permute([0, 2, 1, 3])
    out = out.reshape((*batch, length, dv))
    assert out is not None
    q_arg, k_arg, v_arg = (kb.arg(x, x.source) for x in (q_view, k_view, v_view))
    mask_arg = None
    if op.mask is not None:
        m = _expand(view(op.mask), (b, h, length, keys)).reshape((*batch, length, keys))
        assert m is not None
        mask_arg = kb.arg(m, m.source)
    out_args = {}
    for value in outputs:  # output arguments in the order of the launch's results
        if value in kb.group.copied:  # a copy of the result: its tiles where it puts them
            stored = kb.group.copied[value][0].reshape((*batch, length, dv))
            assert stored is not None
        else:
            stored = out if value is op.result else row_column(View.of(value), batch)
        out_args[value] = kb.arg(stored, value, output=True)

    add, index = kb.add, kb.index
    pm, pb = add(tile.ProgramIdOp(0)), add(tile.ProgramIdOp(1))
    zero = index(0)
    groups = [3, 1, 1]
    row_t, score_t = TensorType(f32, [1, bm, 1]), TensorType(f32, [1, bm, bn])
    acc_t = TensorType(f32, [1, bm, bdv])
    q = add(tile.LoadOp(q_arg, [pb, pm, zero], groups, TensorType(_element(op.query), [1, bm, bd])))
    m0 = kb.b.splat(-math.inf, row_t)
    l0 = kb.b.splat(0.0, row_t)
    acc0 = kb.b.splat(0.0, acc_t)
    if isinstance(keys, int):
        n_blocks = index(heuristics.cdiv(keys, bn))
    else:  # (keys + BN - 1) // BN from the kernel's size arguments
        n_blocks = add(arith.DivSIOp(add(arith.AddiOp(kb.size_index(keys), index(bn - 1))),
                                     index(bn)))  # fmt: skip
    rows = add(tile.BroadcastOp(add(tile.LanesOp(pm, 1, TensorType(i32, [1, bm, 1]))),
                                TensorType(i32, [1, bm, bn])))  # fmt: skip
    upper = n_blocks
    if op.causal is not None and op.causal.value.data:  # skip blocks right of the diagonal
        last_row = add(arith.MuliOp(add(arith.AddiOp(pm, index(1))), index(bm)))
        reach = add(arith.DivSIOp(add(arith.AddiOp(last_row, index(bn - 1))), index(bn)))
        upper = add(arith.MinSIOp(reach, n_blocks))

    body = Block(arg_types=[IndexType(), row_t, row_t, acc_t])
    j, m_i, l_i, acc = body.args
    outer, kb.b = kb.b, type(kb.b)(splats=kb.b.splats)
    kt = add(tile.LoadOp(k_arg, [pb, zero, j], groups,
                         TensorType(_element(op.key), [1, bd, bn])))  # fmt: skip
    s = add(tile.DotOp(q, kt, kb.b.splat(0.0, score_t)))
    s = add(arith.MulfOp(s, kb.b.splat(op_scale(op), score_t)))
    ninf = kb.b.splat(-math.inf, score_t)
    fill = op.mask_fill()
    hidden_value = ninf if fill is None else kb.b.splat(fill, score_t)
    if mask_arg is not None:
        mask = add(tile.LoadOp(mask_arg, [pb, pm, j], groups,
                               TensorType(_element(op.mask), [1, bm, bn])))  # fmt: skip
        if _element(op.mask) == i1:
            s = add(tile.SelectOp(mask, s, hidden_value))
        else:
            if _element(op.mask) != f32:
                mask = add(tile.CastOp(mask, score_t))
            s = add(arith.AddfOp(s, mask))
            if fill is not None:  # (a hidden key's logit is the fill, not s - inf)
                bool_tile = TensorType(i1, [1, bm, bn])
                s = add(tile.SelectOp(add(tile.CmpOp("eq", mask, ninf, bool_tile)),
                                      hidden_value, s))  # fmt: skip
    if op.rounded is not None:  # the logits as the half graph summed them
        half = TensorType(op.rounded, [1, bm, bn])
        s = add(tile.CastOp(add(tile.CastOp(s, half)), score_t))
    floor = op.logit_floor()
    if floor is not None:  # (NaN-propagating, as torch.max)
        s = add(arith.MaximumfOp(s, kb.b.splat(floor, score_t)))
    bool_t = TensorType(i1, [1, bm, bn])
    cols = add(tile.BroadcastOp(add(tile.LanesOp(j, 2, TensorType(i32, [1, 1, bn]))),
                                TensorType(i32, [1, bm, bn])))  # fmt: skip
    valid = add(tile.CmpOp("lt", cols, kb.size_tile(keys, TensorType(i32, [1, bm, bn])), bool_t))
    if upper is not n_blocks:
        valid = add(arith.AndIOp(valid, add(tile.CmpOp("le", cols, rows, bool_t))))
    s = add(tile.SelectOp(valid, s, ninf))
    # NaN in s reaches the output through exp(s - m) anyway: the row max may skip it
    m_new = add(arith.MaximumfOp(m_i, add(tile.ReduceOp("max", s, 2, row_t, j, False))))
    no_key = add(tile.CmpOp("eq", m_new, kb.b.splat(-math.inf, row_t), TensorType(i1, [1, bm, 1])))
    m_safe = add(tile.SelectOp(no_key, kb.b.splat(0.0, row_t), m_new))
    alpha = add(xmath.ExpOp(add(arith.SubfOp(m_i, m_safe))))
    p = add(xmath.ExpOp(add(arith.SubfOp(s, add(tile.BroadcastOp(m_safe, score_t))))))
    l_new = add(
        arith.AddfOp(add(arith.MulfOp(l_i, alpha)), add(tile.ReduceOp("sum", p, 2, row_t, j)))
    )
    vt = add(tile.LoadOp(v_arg, [pb, j, zero], groups,
                         TensorType(_element(op.value), [1, bn, bdv])))  # fmt: skip
    if _element(op.value) != f32:
        p = add(arith.TruncFOp(p, TensorType(_element(op.value), [1, bm, bn])))
    scaled = add(arith.MulfOp(acc, add(tile.BroadcastOp(alpha, acc_t))))
    acc_new = add(tile.DotOp(p, vt, scaled))
    body.add_ops(kb.b.ops)
    body.add_op(scf.YieldOp(m_new, l_new, acc_new))
    kb.b = outer
    loop = scf.ForOp(zero, upper, index(1), [m0, l0, acc0], Region(body))
    add(loop)
    m_fin, l_fin, acc_fin = loop.results
    if op.blind_rows_nan():  # a row that saw no key: 0 / 0 (acc and l stayed 0)
        l_safe = l_fin
    else:  # 0, as _safe_softmax gives it
        empty = add(tile.CmpOp("eq", l_fin, kb.b.splat(0.0, row_t), TensorType(i1, [1, bm, 1])))
        l_safe = add(tile.SelectOp(empty, kb.b.splat(1.0, row_t), l_fin))
    results = [v for v in out_args if v is op.result or v in kb.group.copied]
    if results:  # (the result, or the copy of it the kernel stores instead)
        o = add(arith.DivfOp(acc_fin, add(tile.BroadcastOp(l_safe, acc_t))))
        if _element(op.result) != f32:
            o = add(arith.TruncFOp(o, TensorType(_element(op.result), [1, bm, bdv])))
        for value in results:
            add(tile.StoreOp(o, out_args[value], [pb, pm, zero], groups))
    if op.lse is not None and op.lse in out_args:  # m + log(l); -inf where no key is seen
        lse = add(arith.AddfOp(m_fin, add(xmath.LogOp(l_fin))))
        add(tile.StoreOp(lse, out_args[op.lse], [pb, pm, zero], groups))
    locate(kb, op)


def row_column(view: View, batch: tuple[int, ...]) -> View:
    """A per-row statistic [B, H, L] as [B, Hkv, g, L, 1]: a column of the query rows,
    stored from or loaded into a [1, BM, 1] tile."""
    rows = view.reshape((*batch, view.sizes[-1]))
    assert rows is not None
    return View(rows.source, rows.offset, (*rows.sizes, 1), (*rows.strides, 0))


def locate(kb: KernelBuilder, op: Operation) -> None:
    """Every op of the kernel body carries the primitive's name and the user's line."""
    where = NameLoc(StringAttr(op.name), op.location if isinstance(op.location, FileLineColLoc)
                    else NoneAttr())  # fmt: skip
    for new in kb.b.ops:
        for inner in new.walk():
            inner.location = where


def op_scale(op: AttentionOp) -> float:
    """The op's scale, 1/sqrt(D) by default (as scaled_dot_product_attention)."""
    if op.scale is not None:
        return float(op.scale.value.data)
    return 1.0 / math.sqrt(cast(int, shape4(op.query)[-1]))
