"""Block sizes and num_warps per kernel kind, in one place (an autotuner can replace it).

Every number here is a starting point that works on any GPU Triton targets; none is
hard-coded in the lowering, which reads them from the kernel's attributes.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_ROW = 16384
"""Longest row a reduction kernel keeps whole in one program; longer rows are walked in
column tiles, one loop per reduction (a looped multi-pass kernel)."""


def next_pow2(n: int) -> int:
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class Config:
    block: tuple[int, ...]
    num_warps: int


def pointwise(numel: int) -> Config:
    block = min(1024, max(16, next_pow2(numel)))
    return Config((block,), 4 if block >= 512 else 2)


def reduction(rows: int, cols: int) -> Config:
    """Whole rows (BN >= cols); several rows per program while the tile stays small."""
    bn = max(16, next_pow2(cols))
    bm = max(1, min(next_pow2(rows), 4096 // bn))
    warps = 8 if bm * bn >= 8192 else 4 if bm * bn >= 2048 else 2
    return Config((bm, bn), warps)


def looped_reduction(rows: int, cols: int) -> Config:
    """One row per program, 2048-wide column tiles walked in a loop."""
    del rows, cols
    return Config((1, 2048), 8)


def matmul(m: int, n: int, k: int) -> Config:
    """(1, BM, BN) output tiles and a BK loop; Triton's dot needs every size >= 16."""
    bm = min(64, max(16, next_pow2(m)))
    bn = min(64, max(16, next_pow2(n)))
    bk = min(32, max(16, next_pow2(k)))
    return Config((1, bm, bn, bk), 4)


def attention(q_len: int, kv_len: int, head_dim: int) -> Config:
    """(1, BM, BN): BM query rows per program, BN keys per loop step; smaller tiles for
    larger head dims so that Q, K, V and the accumulator fit in registers."""
    bm, bn, warps = (
        (128, 64, 4) if head_dim <= 64 else (128, 64, 8) if head_dim <= 128 else (64, 32, 8)
    )
    bm = min(bm, max(16, next_pow2(q_len)))
    bn = min(bn, max(16, next_pow2(kv_len)))
    return Config((1, bm, bn), warps)
