"""The flash-attention backward kernel for `prims.attention_backward`, in tile ops.

P is recomputed from the saved log-sum-exp, never loaded: P = exp(scale · Q Kᵀ + mask −
lse), with delta = rowsum(dO ∘ O) an operand (FlashAttention-2's backward). Program
(p, bh) of the grid [max(#query blocks, #key blocks), B·H] does two independent jobs:

    dq for query block p of head bh:           dk, dv for key block p of bh's kv head:
    for key blocks j (causal: j ≤ diagonal)    (only the group's first head; GQA: its
        S = scale · Q Kⱼᵀ + mask                 loop runs over the group's g heads)
        P = exp(S − lse);  dP = dO Vⱼᵀ         for heads h of the group, query blocks m
        dS = P ∘ (dP − delta)                    (causal: m from the diagonal on):
        dq += dS Kⱼ                                Sᵀ = scale · K Qₘᵀ + maskᵀ;  Pᵀ = exp(Sᵀ − lse)
    dq *= scale                                    dv += Pᵀ dOₘ;  dPᵀ = V dOₘᵀ
                                                   dSᵀ = Pᵀ ∘ (dPᵀ − delta);  dk += dSᵀ Qₘ
                                               dk *= scale

The key-block job works in the transposed frame (tiles [1, BN, BM]) so every product is
a plain `tile.dot` of loaded tiles (Qᵀ and dOᵀ are transposed views, not copies). A
program with no job (p past the blocks, or not the first head of its group for dk/dv)
runs its loops zero times and stores at a block coordinate past the view (masked).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from xdsl.dialects import arith, scf
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import IndexType, TensorType, f32, i1, i32
from xdsl.ir import Attribute, Block, Region, SSAValue

from stepwell.dialects import tile
from stepwell.dialects.prims_support import AttentionBackwardOp
from stepwell.passes.support import heuristics
from stepwell.passes.support.attention_kernel import (
    MAX_HEAD_DIM,
    _element,
    _expand,
    _shared_heads,
    locate,
    row_column,
    shape4,
)
from stepwell.passes.support.views import View, view_of

if TYPE_CHECKING:
    from stepwell.passes.support.kernels import KernelBuilder


def supported(op: AttentionBackwardOp) -> bool:
    """Can the kernel compute `op`? (Static shapes, float, head dims up to 256.)"""
    q, k, v = shape4(op.query), shape4(op.key), shape4(op.value)
    elements = {_element(x) for x in (op.grad_out, op.query, op.key, op.value)}
    return (
        all(d >= 0 for d in (*q, *k, *v))
        and len(elements) == 1
        and str(next(iter(elements))) in ("f16", "bf16", "f32")
        and max(q[-1], v[-1]) <= MAX_HEAD_DIM
        and q[1] % k[1] == 0
        and min(q[2], k[2]) > 0
    )


def scale_of(op: AttentionBackwardOp) -> float:
    if op.scale is not None:
        return float(op.scale.value.data)
    return 1.0 / math.sqrt(shape4(op.query)[-1])


class _Kernel:
    """The views, sizes and helpers shared by the two jobs."""

    def __init__(self, kb: KernelBuilder, outputs: list[SSAValue]) -> None:
        op = self.op = cast(AttentionBackwardOp, kb.group.ops[0])
        self.kb = kb
        b, h, self.length, d = shape4(op.query)
        _, hkv, self.keys, _ = shape4(op.key)
        dv = shape4(op.value)[-1]
        self.g = h // hkv
        cfg = heuristics.attention_backward(self.length, self.keys, max(d, dv))
        self.bm, self.bn = cfg.block[1], cfg.block[2]
        self.bd, self.bdv = max(16, heuristics.next_pow2(d)), max(16, heuristics.next_pow2(dv))
        self.nq = heuristics.cdiv(self.length, self.bm)
        self.nk = heuristics.cdiv(self.keys, self.bn)
        kb.cfg, kb.space = cfg, [[b, hkv, self.g], [self.length], [self.keys]]
        kb.grid = [max(self.nq, self.nk), b * h, 1]
        batch = (b, hkv, self.g)
        t = (0, 1, 2, 4, 3)  # the last two dims swapped

        def arg(v: SSAValue, as_: tuple[int, ...] | None = None, perm: bool = False) -> SSAValue:
            got = view_of(v, kb.part.materialized)
            assert got is not None
            view = _shared_heads(got, self.g) if as_ is None else got.reshape(as_)
            assert view is not None
            return kb.arg(view.permute(t) if perm else view, view.source)

        self.q, self.qt = arg(op.query, (*batch, self.length, d)), arg(
            op.query, (*batch, self.length, d), True)  # fmt: skip
        self.do, self.dot = arg(op.grad_out, (*batch, self.length, dv)), arg(
            op.grad_out, (*batch, self.length, dv), True)  # fmt: skip
        self.k, self.kt = arg(op.key), arg(op.key, None, True)
        self.v, self.vt = arg(op.value), arg(op.value, None, True)
        self.rows: dict[str, SSAValue] = {}  # lse/delta as a column, or a row (transposed)
        for name, value in (("lse", op.lse), ("delta", op.delta)):
            got = view_of(value, kb.part.materialized)
            assert got is not None
            col = row_column(got, batch)
            self.rows[name] = kb.arg(col, col.source)
            self.rows[name + "T"] = kb.arg(col.permute(t), col.source)
        self.mask = self.mask_t = None
        if op.mask is not None:
            got = view_of(op.mask, kb.part.materialized)
            assert got is not None
            m = _expand(got, (b, h, self.length, self.keys)).reshape((*batch, self.length,
                                                                      self.keys))  # fmt: skip
            assert m is not None
            self.mask, self.mask_t = kb.arg(m, m.source), kb.arg(m.permute(t), m.source)
        kv_heads = (b, hkv, self.keys)
        self.out: dict[SSAValue, SSAValue] = {}
        for value in outputs:
            shape = (*batch, self.length, d) if value is op.grad_query else (
                *kv_heads, shape4(value)[-1])  # fmt: skip
            view = View.of(value).reshape(shape)
            assert view is not None
            self.out[value] = kb.arg(view, value, output=True)

    # -- small builders -----------------------------------------------------------------
    def add(self, op: object) -> SSAValue:
        return self.kb.add(op)  # type: ignore[arg-type]

    def i(self, n: int) -> SSAValue:
        return self.kb.index(n)

    def load(self, view: SSAValue, coords: list[SSAValue], shape: list[int],
             element: Attribute | None = None) -> SSAValue:  # fmt: skip
        mt = cast(TensorType[Attribute], view.type)
        elem = element or mt.element_type
        return self.add(tile.LoadOp(view, coords, [3, 1, 1], TensorType(elem, shape)))

    def f32(self, x: SSAValue) -> SSAValue:
        return x if _element(x) == f32 else self.add(
            arith.ExtFOp(x, TensorType(f32, cast(TensorType[Attribute], x.type).get_shape())))

    def narrow(self, x: SSAValue, like: SSAValue) -> SSAValue:
        """x (f32) in `like`'s element type, for a product with it."""
        elem = _element(like)
        shape = cast(TensorType[Attribute], x.type).get_shape()
        return x if elem == f32 else self.add(arith.TruncFOp(x, TensorType(elem, shape)))

    def probabilities(self, s: SSAValue, lse: SSAValue, valid: SSAValue) -> SSAValue:
        """exp(s − lse) on valid lanes, 0 elsewhere (and where a row saw no key)."""
        t = s.type
        ninf = self.kb.b.splat(-math.inf, lse.type)
        seen = self.add(tile.SelectOp(
            self.add(tile.CmpOp("eq", lse, ninf, TensorType(i1, _shape(lse)))),
            self.kb.b.splat(0.0, lse.type), lse))  # fmt: skip
        s = self.add(tile.SelectOp(valid, s, self.kb.b.splat(-math.inf, t)))
        return self.add(xmath.ExpOp(self.add(arith.SubfOp(s, self.add(
            tile.BroadcastOp(seen, t))))))  # fmt: skip

    def logits(self, s: SSAValue, mask: SSAValue | None, coords: list[SSAValue]) -> SSAValue:
        """scale · s plus the mask tile at `coords` (boolean: -inf where it hides)."""
        t = s.type
        s = self.add(arith.MulfOp(s, self.kb.b.splat(scale_of(self.op), t)))
        if mask is None:
            return s
        m = self.load(mask, coords, _shape(s))
        if _element(m) == i1:
            return self.add(tile.SelectOp(m, s, self.kb.b.splat(-math.inf, t)))
        return self.add(arith.AddfOp(s, self.f32(m)))

    def valid(self, keys_at: SSAValue, rows_at: SSAValue, shape: list[int]) -> SSAValue:
        """Lanes whose key and query are in range and, causal, key ≤ query."""
        bool_t, int_t = TensorType(i1, shape), TensorType(i32, shape)
        keys = self.add(tile.BroadcastOp(keys_at, int_t))
        rows = self.add(tile.BroadcastOp(rows_at, int_t))
        ok = self.add(arith.AndIOp(
            self.add(tile.CmpOp("lt", keys, self.kb.b.splat(self.keys, int_t), bool_t)),
            self.add(tile.CmpOp("lt", rows, self.kb.b.splat(self.length, int_t), bool_t))))
        if self.op.is_causal():
            ok = self.add(arith.AndIOp(ok, self.add(tile.CmpOp("le", keys, rows, bool_t))))
        return ok

    def loop(self, lo: SSAValue, hi: SSAValue, carries: list[SSAValue], body_fn) -> list[SSAValue]:  # type: ignore[no-untyped-def]
        """scf.for over [lo, hi) carrying `carries`; body_fn(index, carries) -> carries."""
        body = Block(arg_types=[IndexType(), *(c.type for c in carries)])
        outer, self.kb.b = self.kb.b, type(self.kb.b)(splats=self.kb.b.splats)
        new = body_fn(body.args[0], list(body.args[1:]))
        body.add_ops(self.kb.b.ops)
        body.add_op(scf.YieldOp(*new))
        self.kb.b = outer
        return list(self.add(scf.ForOp(lo, hi, self.i(1), carries, Region(body))).owner.results)

    def none_if(self, flag: SSAValue, n: SSAValue) -> SSAValue:
        """n when flag (an index) is 0, else 0: a loop bound for programs without a job."""
        off = self.add(arith.MinSIOp(flag, self.i(1)))
        return self.add(arith.MuliOp(n, self.add(arith.SubiOp(self.i(1), off))))


def _shape(v: SSAValue) -> list[int]:
    return list(cast(TensorType[Attribute], v.type).get_shape())


def build_attention_backward(kb: KernelBuilder, outputs: list[SSAValue]) -> None:
    """Fill `kb` (a KernelBuilder for a one-op attention_backward group) with the kernel."""
    k = _Kernel(kb, outputs)
    p, bh = k.add(tile.ProgramIdOp(0)), k.add(tile.ProgramIdOp(1))
    if k.op.grad_query in k.out:
        _grad_query(k, p, bh)
    if k.op.grad_key in k.out or k.op.grad_value in k.out:
        _grad_key_value(k, p, bh)
    locate(kb, k.op)


def _grad_query(k: _Kernel, p: SSAValue, bh: SSAValue) -> None:
    bm, bn, zero = k.bm, k.bn, k.i(0)
    q = k.load(k.q, [bh, p, zero], [1, bm, k.bd])
    do = k.load(k.do, [bh, p, zero], [1, bm, k.bdv])
    lse = k.load(k.rows["lse"], [bh, p, zero], [1, bm, 1])
    delta = k.load(k.rows["delta"], [bh, p, zero], [1, bm, 1])
    rows = k.add(tile.LanesOp(p, 1, TensorType(i32, [1, bm, 1])))
    upper = k.i(k.nk)
    if k.op.is_causal():  # key blocks at or left of the diagonal
        reach = k.add(arith.DivSIOp(k.add(arith.AddiOp(
            k.add(arith.MuliOp(k.add(arith.AddiOp(p, k.i(1))), k.i(bm))), k.i(bn - 1))), k.i(bn)))
        upper = k.add(arith.MinSIOp(reach, upper))
    upper = k.none_if(k.add(arith.DivSIOp(p, k.i(k.nq))), upper)  # p past the query blocks
    score_t = [1, bm, bn]

    def body(j: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
        kt = k.load(k.kt, [bh, zero, j], [1, k.bd, bn])
        s = k.add(tile.DotOp(q, kt, k.kb.b.splat(0.0, TensorType(f32, score_t))))
        s = k.logits(s, k.mask, [bh, p, j])
        cols = k.add(tile.LanesOp(j, 2, TensorType(i32, [1, 1, bn])))
        probs = k.probabilities(s, lse, k.valid(cols, rows, score_t))
        vt = k.load(k.vt, [bh, zero, j], [1, k.bdv, bn])
        dp = k.add(tile.DotOp(do, vt, k.kb.b.splat(0.0, TensorType(f32, score_t))))
        ds = k.add(arith.MulfOp(probs, k.add(arith.SubfOp(dp, k.add(
            tile.BroadcastOp(delta, TensorType(f32, score_t)))))))  # fmt: skip
        key = k.load(k.k, [bh, j, zero], [1, bn, k.bd])
        return [k.add(tile.DotOp(k.narrow(ds, key), key, acc[0]))]

    acc0 = k.kb.b.splat(0.0, TensorType(f32, [1, bm, k.bd]))
    (dq,) = k.loop(zero, upper, [acc0], body)
    _store(k, k.op.grad_query, dq, [bh, p, zero], [3, 1, 1])


def _grad_key_value(k: _Kernel, p: SSAValue, bh: SSAValue) -> None:
    bm, bn, zero, g = k.bm, k.bn, k.i(0), k.g
    head = k.add(arith.SubiOp(bh, k.add(arith.MuliOp(k.add(arith.DivSIOp(bh, k.i(g))), k.i(g)))))
    heads = k.none_if(head, k.i(g))  # the group's first head does its kv head's job
    heads = k.none_if(k.add(arith.DivSIOp(p, k.i(k.nk))), heads)  # p past the key blocks
    key = k.load(k.k, [bh, p, zero], [1, bn, k.bd])
    value = k.load(k.v, [bh, p, zero], [1, bn, k.bdv])
    keys = k.add(tile.LanesOp(p, 1, TensorType(i32, [1, bn, 1])))
    first = zero
    if k.op.is_causal():  # query blocks from the one holding this block's first key
        first = k.add(arith.DivSIOp(k.add(arith.MuliOp(p, k.i(bn))), k.i(bm)))
    score_t = [1, bn, bm]

    def per_head(hh: SSAValue, accs: list[SSAValue]) -> list[SSAValue]:
        qb = k.add(arith.AddiOp(bh, hh))

        def per_block(m: SSAValue, accs: list[SSAValue]) -> list[SSAValue]:
            dk, dv = accs
            qt = k.load(k.qt, [qb, zero, m], [1, k.bd, bm])
            s = k.add(tile.DotOp(key, qt, k.kb.b.splat(0.0, TensorType(f32, score_t))))
            s = k.logits(s, k.mask_t, [qb, p, m])
            lse = k.load(k.rows["lseT"], [qb, zero, m], [1, 1, bm])
            rows = k.add(tile.LanesOp(m, 2, TensorType(i32, [1, 1, bm])))
            probs = k.probabilities(s, lse, k.valid(keys, rows, score_t))
            do = k.load(k.do, [qb, m, zero], [1, bm, k.bdv])
            dv = k.add(tile.DotOp(k.narrow(probs, do), do, dv))
            dot = k.load(k.dot, [qb, zero, m], [1, k.bdv, bm])
            dp = k.add(tile.DotOp(value, dot, k.kb.b.splat(0.0, TensorType(f32, score_t))))
            delta = k.load(k.rows["deltaT"], [qb, zero, m], [1, 1, bm])
            ds = k.add(arith.MulfOp(probs, k.add(arith.SubfOp(dp, k.add(
                tile.BroadcastOp(delta, TensorType(f32, score_t)))))))  # fmt: skip
            q = k.load(k.q, [qb, m, zero], [1, bm, k.bd])
            return [k.add(tile.DotOp(k.narrow(ds, q), q, dk)), dv]

        return k.loop(first, k.i(k.nq), accs, per_block)

    dk0 = k.kb.b.splat(0.0, TensorType(f32, [1, bn, k.bd]))
    dv0 = k.kb.b.splat(0.0, TensorType(f32, [1, bn, k.bdv]))
    dk, dv = k.loop(zero, heads, [dk0, dv0], per_head)
    kv = k.add(arith.DivSIOp(bh, k.i(g)))
    # a program that is not its group's first head stores past the view: nothing
    at = k.add(arith.AddiOp(p, k.add(arith.MuliOp(k.add(arith.MinSIOp(head, k.i(1))),
                                                  k.i(k.nk)))))  # fmt: skip
    _store(k, k.op.grad_key, dk, [kv, at, zero], [2, 1, 1])
    _store(k, k.op.grad_value, dv, [kv, at, zero], [2, 1, 1], scale=False)


def _store(k: _Kernel, value: SSAValue, acc: SSAValue, coords: list[SSAValue],
           groups: list[int], scale: bool = True) -> None:  # fmt: skip
    """Store an accumulated gradient (times the logits' scale for dq and dk)."""
    if value not in k.out:
        return
    if scale:
        acc = k.add(arith.MulfOp(acc, k.kb.b.splat(scale_of(k.op), acc.type)))
    k.add(tile.StoreOp(k.narrow(acc, value), k.out[value], coords, groups))
