"""Block sizes and num_warps per kernel kind, in one place (an autotuner can replace it).

Every number here is a starting point that works on any GPU Triton targets; none is
hard-coded in the lowering, which reads them from the kernel's attributes. The target
enters through its warp size (32 lanes on NVIDIA, 64 on AMD's CDNA): pointwise and
reduction kernels ask for a number of threads, so a 64-lane target gets half the warps.
Matmul and attention kernels keep their warp counts: their tiles are split across warps
for the matrix units, and Triton's AMD backend expects the same counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stepwell.ir.sizes import Size, simplify

MAX_ROW = 16384
MAX_SORT = MAX_ROW
"""The longest row a sort kernel holds in one tile (a bitonic network: log2(n)^2 / 2 steps
over the tile); longer sorts are ATen's."""
"""Longest row a reduction kernel keeps whole in one program; longer rows are walked in
column tiles, one loop per reduction (a looped multi-pass kernel)."""


SIZE_HINT = 1024
"""What a symbolic size is taken to be where a heuristic needs a number (block sizes,
warps) and the function names no hint for it. Only performance depends on it: masks,
grids and loops are computed from the sizes."""


def hint(size: Size, hints: Mapping[str, int] | None = None) -> int:
    """`size` for the heuristics: each symbol taken as its hint (the example size the
    graph was traced with: `stepwell.ir.types.SIZE_HINTS`), else as SIZE_HINT."""
    if isinstance(size, int):
        return size
    expr = simplify(size)
    if isinstance(expr, int):
        return expr
    hints = hints or {}
    value = expr.xreplace({s: hints.get(str(s), SIZE_HINT) for s in expr.free_symbols})
    return max(int(value), 1)


def next_pow2(n: int) -> int:
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class Config:
    block: tuple[int, ...]
    num_warps: int


WARP_SIZES = (8, 16, 32, 64, 128)
"""The warp sizes a target may have (NVIDIA: 32, AMD CDNA: 64, Intel GPUs: 16 or 32)."""


def warps_for(threads: int, warp_size: int) -> int:
    """The number of warps that make `threads` threads (at least one)."""
    return max(1, threads // warp_size)


def pointwise(numel: int, warp_size: int = 32) -> Config:
    block = min(1024, max(16, next_pow2(numel)))
    return Config((block,), warps_for(128 if block >= 512 else 64, warp_size))


def reduction(rows: int, cols: int, warp_size: int = 32) -> Config:
    """Whole rows (BN >= cols); several rows per program while the tile stays small."""
    bn = max(16, next_pow2(cols))
    bm = max(1, min(next_pow2(rows), 4096 // bn))
    threads = 256 if bm * bn >= 8192 else 128 if bm * bn >= 2048 else 64
    return Config((bm, bn), warps_for(threads, warp_size))


def looped_reduction(rows: int, cols: int, warp_size: int = 32) -> Config:
    """One row per program, 2048-wide column tiles walked in a loop."""
    del rows, cols
    return Config((1, 2048), warps_for(256, warp_size))


MATMUL_PROGRAMS = 128
"""Output tiles a matmul keeps at least (batch included) before its blocks shrink: about
one per streaming multiprocessor of a large GPU (132 on an H100), so that a big tile never
leaves most of the chip idle."""


def matmul(m: int, n: int, k: int, batch: int = 1, element_bits: int = 32) -> Config:
    """(1, BM, BN) output tiles and a BK loop; Triton's dot needs every size >= 16.

    16-bit operands (the tensor-core case) get 128x128 tiles and 8 warps, two warp groups
    of 64 rows each: 160 registers and no spills for cuda:90, 48 KiB of LDS for gfx942
    (4 warps at this tile spill on cuda:90; a 64-wide K block would need all 64 KiB of
    gfx942's LDS). The tiles halve, the longer side first, down to 64x64 while there are
    fewer than MATMUL_PROGRAMS of them. Wider types keep 64x64x32 tiles and 4 warps (an
    fp32 128x128 tile needs 96 KiB of shared memory in three stages)."""
    big = 128 if element_bits <= 16 else 64
    bm = min(big, max(16, next_pow2(m)))
    bn = min(big, max(16, next_pow2(n)))
    bk = min(32, max(16, next_pow2(k)))
    while bm * bn > 64 * 64 and cdiv(m, bm) * cdiv(n, bn) * batch < MATMUL_PROGRAMS:
        if bm >= bn:
            bm //= 2
        else:
            bn //= 2
    return Config((1, bm, bn, bk), 8 if bm * bn >= 128 * 128 else 4)


def attention_backward(q_len: int, kv_len: int, head_dim: int) -> Config:
    """(1, BM, BN) for the attention backward: square tiles, smaller than the forward's,
    since each program keeps two accumulators (dk and dv, or dq) and recomputes P."""
    bm, warps = (64, 4) if head_dim <= 64 else (64, 8) if head_dim <= 128 else (32, 8)
    return Config((1, min(bm, max(16, next_pow2(q_len))), min(bm, max(16, next_pow2(kv_len)))),
                  warps)  # fmt: skip


def attention(q_len: int, kv_len: int, head_dim: int) -> Config:
    """(1, BM, BN): BM query rows per program, BN keys per loop step; smaller tiles for
    larger head dims so that Q, K, V and the accumulator fit in registers. 8 warps (two
    warp groups of 64 query rows) at head dims <= 64 as at 128: with 4 the bf16 kernel
    spills 352 bytes a thread on cuda:90, 544 with a causal mask; with 8, none."""
    bm, bn, warps = (128, 64, 8) if head_dim <= 128 else (64, 32, 8)
    bm = min(bm, max(16, next_pow2(q_len)))
    bn = min(bn, max(16, next_pow2(kv_len)))
    return Config((1, bm, bn), warps)
