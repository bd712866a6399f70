"""Gathers as kernels: advanced indexing, `gather`, `index_select`, `embedding`,
`take_along_dim` compile to `prims.take` and run natively (no ATen call), matching eager
on values, dtype, shape and NaN positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from native import compile_bound, native_like_eager, run

from stepwell.frontend.loader import Example
from stepwell.fuzz.compare import mismatch

X = torch.randn(5, 6, 7)
A = torch.tensor([[0, -1], [3, 2]])
B = torch.tensor([1, -2])

CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "one index": (lambda x, a: x[a], (X, A)),
    "take (row-major, negative from the end)": (
        lambda x, i: torch.take(x, i), (X, torch.tensor([[0, -1], [77, -210]]))),
    "middle dim": (lambda x, b: x[:, b] + 1, (X, B)),
    "last dim": (lambda x, b: x[..., b], (X, B)),
    "two adjacent": (lambda x, a, b: x[a, b], (X, A, B)),
    "separated (dims move first)": (lambda x, a, b: x[a, :, b], (X, A, B)),
    "gather": (lambda x, i: torch.gather(x, 2, i), (X, torch.randint(0, 7, (5, 6, 3)))),
    "gather dim 0": (lambda x, i: torch.gather(x, 0, i), (X, torch.randint(0, 5, (2, 6, 7)))),
    "index_select": (lambda x, i: torch.index_select(x, 1, i), (X, torch.tensor([5, 0, 2]))),
    "embedding": (
        lambda w, i: torch.nn.functional.embedding(i, w) * 2,
        (torch.randn(10, 4), torch.tensor([[1, 8, 3], [0, 0, 9]])),
    ),
    "take_along_dim": (
        lambda x, i: torch.take_along_dim(x, i, 1),
        (X, torch.randint(0, 6, (5, 2, 7))),
    ),
    "float16": (lambda x, i: x[i], (torch.randn(4, 3).half(), torch.tensor([3, 0]))),
    "bfloat16": (lambda x, i: x[i] * 2, (torch.randn(4, 3).bfloat16(), torch.tensor([-1]))),
    "int32 source, int32 index": (
        lambda x, i: x[i],
        (torch.arange(6, dtype=torch.int32).reshape(2, 3), torch.tensor([1, 0], dtype=torch.int32)),
    ),
    "bool source": (
        lambda x, i: x[i],
        (torch.tensor([True, False, True]), torch.tensor([2, 0, 1])),
    ),
    "NaN values": (
        lambda x, i: x[i],
        (torch.tensor([1.0, float("nan"), float("inf")]), torch.tensor([1, 2, 1])),
    ),
    "empty index": (lambda x, i: x[i], (torch.randn(4, 3), torch.tensor([], dtype=torch.long))),
    "index from arange": (lambda x: x[torch.arange(3) * 2 - 1], (torch.randn(6, 2),)),
    # as_strided of a contiguous value: a gather at offset + Σ i_d · stride_d (an ATen
    # call before, 1 launch more than Inductor)
    "as_strided windows": (lambda v: v.as_strided((5, 4), (2, 1)) * 2, (torch.randn(16),)),
    "as_strided with an offset": (lambda v: v.as_strided((3, 3), (3, 1), 2) + 1,
                                  (torch.randn(12),)),
    "as_strided of a matrix, int64": (lambda v: v.as_strided((2, 2, 3), (4, 1, 2)) * 3,
                                      (torch.arange(12).view(3, 4),)),
    "as_strided, stride 0, float16": (lambda v: v.as_strided((3, 4), (0, 1), 1) - 1,
                                      (torch.randn(5).half(),)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_gathers_match_eager_natively(name: str) -> None:
    fn, args = CASES[name]
    got, manifest = run(fn, *args)
    want = fn(*args)
    assert mismatch([want], got) is None, mismatch([want], got)
    assert manifest["externs"] == {}, manifest["externs"]
    assert "prims.take" not in manifest["graph_level_prims"]


def test_embedding_is_one_kernel() -> None:
    """The offsets (index * row + column) fuse into the gathering kernel."""
    _, manifest = run(lambda w, i: torch.nn.functional.embedding(i, w), torch.randn(64, 8),
                      torch.randint(0, 64, (2, 16)))  # fmt: skip
    assert len(manifest["kernels"]) == 1
    assert manifest["graph_level_copies"] == {}


W = torch.randn(4, 3)

OUT_OF_RANGE: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    # (fn, inputs): eager raises; stepwell read 0 or, where the flat offset stayed inside
    # the tensor, another element (`W.gather(1, [[5]])` gave W[1, 2])
    "x[i] past the end": (lambda x, i: x[i] * 2, (W, torch.tensor([1, 4]))),
    "x[i] below -size": (lambda x, i: x[i], (W, torch.tensor([-5]))),
    "x[i, j], j past its dim only": (lambda x, i, j: x[i, j], (W, torch.tensor([0]),
                                                               torch.tensor([3]))),
    "gather inside the flat tensor": (lambda w, i: w.gather(1, i), (W, torch.full((4, 1), 5))),
    "gather, negative": (lambda w, i: w.gather(1, i), (W, torch.full((4, 1), -1))),
    "index_select, negative": (lambda w, i: w.index_select(0, i), (W, torch.tensor([-1]))),
    "embedding past the table": (lambda w, i: F.embedding(i, w) + 1, (W, torch.tensor([[0, 9]]))),
    "embedding, negative": (lambda w, i: F.embedding(i, w), (W, torch.tensor([-1]))),
    "take past the end": (lambda x, i: torch.take(x, i), (W, torch.tensor([12]))),
    "index_add": (lambda w, i: w.index_add(0, i, torch.ones(2, 3)), (W, torch.tensor([0, 4]))),
    "index_copy, negative": (lambda w, i: w.index_copy(0, i, torch.ones(1, 3)),
                             (W, torch.tensor([-1]))),
    "index_put, int64": (lambda x, i: x.index_put((i,), torch.tensor(7)),
                         (torch.arange(5), torch.tensor([5]))),
    "scatter_add, float16": (lambda w, i: w.scatter_add(1, i, torch.ones(4, 1).half()),
                             (W.half(), torch.full((4, 1), 3))),
    "index_reduce": (lambda w, i: w.index_reduce(0, i, torch.ones(1, 3), "amax"),
                     (W, torch.tensor([4]))),
    "bool source": (lambda x, i: x[i], (torch.tensor([True, False]), torch.tensor([2]))),
}


@pytest.mark.parametrize("name", list(OUT_OF_RANGE))
def test_an_index_out_of_range_raises_as_in_eager(name: str) -> None:
    """Every index a gather or scatter uses is checked in its kernel (`prims.check_index`,
    a `tl.device_assert`): out of range, the program stops with an IndexError, as eager
    does, instead of reading 0 or a neighbouring element."""
    fn, args = OUT_OF_RANGE[name]
    with pytest.raises((IndexError, RuntimeError)):
        fn(*args)
    with pytest.raises(IndexError, match="index out of bounds"):
        run(fn, *args)


def test_index_fill_counts_a_negative_index_from_the_end() -> None:
    """As eager does, though PyTorch's reference fills through `index_copy`, which takes
    no negative index (a probe of the checks found it raising)."""
    for x in (torch.randn(4, 3), torch.arange(12).reshape(4, 3), torch.randn(4, 3).half()):
        for fn in (lambda x, i: x.index_fill(0, i, 2), lambda x, i: x.index_fill(1, i, x[0, 0])):
            native_like_eager(fn, x, torch.tensor([-1, 1]))


def test_an_index_check_costs_no_launch_and_folds_where_proven() -> None:
    """The check fuses into the gathering kernel (one kernel, as before), asserts only
    lanes inside the kernel's space (a tail block past the 5 rows holds no row), and is
    gone where the index math proves the index in range (`roll`, an `arange`)."""
    w, i = torch.randn(64, 8), torch.tensor([[63, 0, 5, 1, -62]])
    artifacts, inputs = compile_bound(lambda w, i: F.embedding(i.abs(), w), w, i)
    got = list(artifacts.runtime(*inputs))
    assert mismatch([F.embedding(i.abs(), w)], got) is None
    assert len(artifacts.manifest["kernels"]) == 1
    assert artifacts.source.count("tl.device_assert(") == 1
    for fn in (lambda x: x.roll(2, 0) * 2, lambda x: x[torch.arange(3) * 2 + 1] + 1):
        x = torch.randn(6, 2)
        artifacts, inputs = compile_bound(fn, x)
        assert mismatch([fn(x)], list(artifacts.runtime(*inputs))) is None
        assert "tl.device_assert(" not in artifacts.source
        assert "prims.check_index" not in artifacts.levels["tile"]


def test_boolean_mask_stays_an_aten_call() -> None:
    """A mask's result size depends on the data: `aten.index.Tensor` stays whole."""
    x, m = torch.randn(4, 3), torch.tensor([True, False, True, False])
    got, manifest = run(lambda x, m: x[m], x, m)
    assert mismatch([x[m]], got) is None
    assert manifest["externs"] == {"aten.index.Tensor": 1}


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


CAT_CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "rotary embedding": (
        lambda x, c, s: x * c + rotate_half(x) * s,
        (torch.randn(2, 4, 16, 8), torch.randn(16, 8), torch.randn(16, 8)),
    ),
    "three inputs": (
        lambda a, b: torch.cat([a, b, a], 1),
        (torch.randn(2, 3, 4), torch.randn(2, 5, 4)),
    ),
    "promoted dtypes": (lambda a, b: torch.cat([a, b]), (torch.randn(3).half(), torch.arange(2))),
    "gather of a slice": (
        lambda x, i: x[:, 2:][:, i],
        (torch.randn(5, 6), torch.tensor([0, -1, 2])),
    ),
    "gather of a transpose": (lambda x, i: x.t()[i], (torch.randn(5, 6), torch.tensor([5, 0]))),
}


@pytest.mark.parametrize("name", list(CAT_CASES))
def test_cat_and_strided_sources_fuse(name: str) -> None:
    """A cat of a few tensors is gathers selected by position: with its consumer one
    kernel, no ATen call, no copy of a sliced or transposed source."""
    fn, args = CAT_CASES[name]
    manifest = native_like_eager(fn, *args)
    assert "prims.cat" not in manifest["graph_level_prims"]
    if name != "promoted dtypes":  # (arange's values are read from memory there)
        assert len(manifest["kernels"]) == 1 and manifest["graph_level_copies"] == {}


def _random_gather(rng: torch.Generator) -> tuple[Callable[..., Any], tuple[Any, ...], str]:
    """One random indexing program: source shape and dtype, which dims are indexed (and
    whether a view sits between), index shapes with negative entries, a consumer."""
    rank = int(torch.randint(1, 4, (1,), generator=rng))
    shape = [int(s) for s in torch.randint(1, 6, (rank,), generator=rng)]
    dtype = [torch.float32, torch.float16, torch.int64, torch.int32, torch.bool][
        int(torch.randint(0, 5, (1,), generator=rng))
    ]
    x = (torch.randn(shape, generator=rng) * 4).to(dtype)
    kind = int(torch.randint(0, 4, (1,), generator=rng))
    dim = int(torch.randint(0, rank, (1,), generator=rng))
    n = int(torch.randint(0, 4, (1,), generator=rng))
    index = torch.randint(-shape[dim], shape[dim], (n,), generator=rng)
    if kind == 0:  # x[..., idx, ...]
        return (lambda x, i: x[(slice(None),) * dim + (i,)]), (x, index), f"x[{dim}:idx]"
    if kind == 1:  # gather along dim with an index of x's rank
        gshape = list(shape)
        gshape[dim] = max(n, 1)
        g = torch.randint(0, shape[dim], gshape, generator=rng)
        return (lambda x, i: torch.gather(x, dim, i)), (x, g), f"gather({dim})"
    if kind == 2:  # indexing a flipped, transposed view (2-D) or x itself
        size = shape[1] if rank == 2 else shape[0]
        i = torch.randint(-size, size, (n,), generator=rng)
        return (lambda x, i: x.flip(0).t()[i] if x.dim() == 2 else x[i]), (x, i), "view"
    parts = [x, x[..., :1]] if rank > 1 else [x, x]
    return (lambda a, b: torch.cat([a, b], dim=-1)), tuple(parts), "cat"


def test_random_gathers_match_eager() -> None:
    """80 random indexing programs (dtypes, ranks, negative and repeated indices, empty
    index lists, views, cats) against eager on values, dtype and shape."""
    rng = torch.Generator().manual_seed(1234)
    for case in range(80):
        fn, args, what = _random_gather(rng)
        got, _ = run(fn, *args)
        want = fn(*args)
        assert mismatch([want], got) is None, (
            case,
            what,
            [a.shape for a in args],
            mismatch([want], got),
        )


FLIPS: dict[str, tuple[Callable[..., Any], tuple[Any, ...], int]] = {
    # (fn, inputs, kernels): a flip is read through negative strides, never an ATen call
    "flip read by a kernel": (lambda x: torch.flip(x, [1]) * 2, (torch.randn(3, 5),), 1),
    "two dims, with the original": (lambda x: torch.flip(x, [0, 1]) + x, (X,), 1),
    "fliplr of a transpose": (lambda x: torch.fliplr(x.t()) + 1, (torch.randn(4, 6),), 1),
    "rot90": (lambda x: torch.rot90(x, 1, [0, 1]) - 1, (torch.randn(3, 4),), 1),
    "flipped then reshaped": (lambda x: torch.flip(x, [1]).reshape(-1) * 3, (X,), 1),
    "int64": (lambda x: torch.flip(x, [0]) + 1, (torch.arange(6),), 1),
    "bool": (lambda x: torch.flip(x, [1]) & x, (torch.rand(3, 4) > 0.5,), 1),
    "float16": (lambda x: torch.flip(x, [0]) * 2, (torch.randn(5, 3).half(),), 1),
    "scan of a flip": (lambda x: torch.flip(x, [1]).cumsum(1), (torch.randn(3, 9),), 1),
    "a returned flip is a copy kernel": (lambda x: torch.flip(x, [0]), (torch.randn(7),), 1),
    # stored flipped by the kernel computing it (negative strides): no copy kernel
    "of a computed value, returned": (lambda x: torch.flip(x.exp(), [1]), (X,), 1),
    "of an iota (lanes reversed)": (
        lambda x: torch.flip(torch.arange(6), [0]) + x,
        (torch.arange(6),),
        1,
    ),
    "of a constant, returned": (
        lambda x: (torch.flip(torch.ones(3, 2) * 2, [0]), x + 1),
        (torch.randn(3),),
        2,
    ),  # fmt: skip
    "empty": (lambda x: torch.flip(x, [0]) + 1, (torch.randn(0, 3),), None),
}


@pytest.mark.parametrize("name", list(FLIPS))
def test_flip_is_a_strided_view(name: str) -> None:
    """`prims.rev` is a view with negative strides from the dim's last element: kernels
    read through it (fused), and a returned flip is one copy kernel, not ATen's flip."""
    fn, args, kernels = FLIPS[name]
    got, manifest = run(fn, *args)
    out = fn(*args)
    assert mismatch(list(out) if isinstance(out, tuple) else [out], got) is None
    assert manifest["externs"] == {} and "prims.rev" not in manifest["graph_level_prims"]
    if kernels is not None:
        assert len(manifest["kernels"]) == kernels, manifest["kernels"]


def test_flip_at_tile_level() -> None:
    """The tile interpreter reads a negative-stride view (torch has none: it flips a
    positive-stride one)."""
    from stepwell.pipeline import check_example

    x = torch.randn(3, 4, 5)
    example = Example(lambda t: (torch.flip(t, [0, 2]) * 2, torch.flip(t, [1])), (x,), "f")
    assert check_example(example, "tile").passed


DIAGONALS: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "of a matrix": (lambda x: torch.diagonal(x[0]) * 2, X),
    "an offset above": (lambda x: torch.diagonal(x, 2, 1, 2), X),
    "an offset below": (lambda x: torch.diagonal(x, -1, 0, 2) + 1, X),
    "dims in either order": (lambda x: torch.diagonal(x, 1, 2, 0), X),
    "returned": (lambda x: torch.diagonal(x), X),
    "diagonal_copy": (lambda x: torch.diagonal_copy(x, 0, 1, 2), X),
    "torch.diag": (lambda x: torch.diag(x[0]), X),
    "a trace": (lambda x: torch.diagonal(x, 0, -2, -1).sum(-1), X),
    "int64": (lambda x: torch.diagonal(x), torch.arange(12).reshape(3, 4)),
    "empty (offset past the matrix)": (lambda x: torch.diagonal(x, 9), X),
}


@pytest.mark.parametrize("name", list(DIAGONALS))
def test_diagonal_is_a_gather(name: str) -> None:
    """`diagonal` (and `diagonal_copy`, `diag` of a matrix) is a `prims.take` at offsets
    (k + rows) * stride1 + (k + cols) * stride2: fused, no ATen call."""
    fn, x = DIAGONALS[name]
    got, manifest = run(fn, x)
    assert mismatch([fn(x)], got) is None
    assert manifest["externs"] == {}
    assert len(manifest["kernels"]) == (0 if name.startswith("empty") else 1)


UNFOLDS: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "windows of 3 every 2": (lambda x: x.unfold(1, 3, 2) * 2, X),
    "overlapping, last dim": (lambda x: x.unfold(-1, 2, 1), X),
    "non-overlapping, dim 0": (lambda x: x.unfold(0, 2, 2).sum(-1), X),
    "a window of the whole dim": (lambda x: x.unfold(2, 7, 1), X),
    "of a 1-d tensor (a sliding window)": (lambda x: x.unfold(0, 4, 3), torch.arange(10)),
}


@pytest.mark.parametrize("name", list(UNFOLDS))
def test_unfold_is_a_gather(name: str) -> None:
    fn, x = UNFOLDS[name]
    got, manifest = run(fn, x)
    assert mismatch([fn(x)], got) is None
    assert manifest["externs"] == {} and len(manifest["kernels"]) == 1


def _rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), -1)


def _rope_cat(q: torch.Tensor, inv_freq: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
    """Rotary embeddings as Llama writes them: the angle table `pos * inv_freq` (the
    positions are an input, as a model's `position_ids`), doubled by a `cat`, its cos and
    sin broadcast over batch and heads."""
    angles = pos[:, None].float() * inv_freq[None]
    emb = torch.cat((angles, angles), -1)
    return q * emb.cos() + _rotate_half(q) * emb.sin()


def _rope_interleaved(q: torch.Tensor, inv_freq: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
    """Rotary embeddings on interleaved pairs (GPT-J, the original Llama)."""
    angles = pos[:, None].float() * inv_freq[None]
    cos, sin = angles.cos(), angles.sin()
    pairs = q.reshape(*q.shape[:-1], -1, 2)
    x0, x1 = pairs[..., 0], pairs[..., 1]
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), -1).flatten(-2)


@pytest.mark.parametrize("rope", [_rope_cat, _rope_interleaved])
def test_rotary_embeddings_are_native(rope: Callable[..., Any]) -> None:
    q = torch.randn(2, 4, 16, 16)
    inv_freq = 1.0 / (10000 ** (torch.arange(0, 16, 2).float() / 16))
    pos = torch.arange(16)
    got, manifest = run(rope, q, inv_freq, pos)
    assert mismatch([rope(q, inv_freq, pos)], got) is None
    assert manifest["externs"] == {} and manifest["graph_level_copies"] == {}
    # the table, its cos and sin and the rotation are computed where q is read: one
    # kernel. (Llama's spelling took three before the table moved below its broadcasts;
    # the pairs' stack gathers q itself, GatherThroughReshape, and the table broadcast
    # over batch and heads, GatherThroughView: it took three, then two.)
    assert len(manifest["kernels"]) == 1
    (kernel,) = manifest["kernels"]
    assert kernel["bytes_written"] == q.numel() * 4
    # it reads q (Llama's spelling: as itself and through rotate_half's gather, one
    # tensor counted once) and the table's inputs once: no table in memory
    assert kernel["bytes_read"] == q.numel() * 4 + inv_freq.numel() * 4 + pos.numel() * 8


def _rope_from_arange(q: torch.Tensor) -> torch.Tensor:
    """Llama's spelling with a table that reads no input: positions and frequencies from
    `arange` (as `precompute_freqs_cis` builds them)."""
    d, n = q.shape[-1], q.shape[-2]
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, d, 2)[: d // 2].float() / d))
    angles = torch.outer(torch.arange(n), inv_freq).float()
    emb = torch.cat((angles, angles), -1)
    return q * emb.cos() + _rotate_half(q) * emb.sin()


def test_a_rotary_table_built_from_arange_is_computed_where_it_is_read() -> None:
    """The table's cone (`arange`, a slice, pow, cos, sin) is recomputed in the rotation's
    lanes: one kernel, which reads q (as itself and through `rotate_half`'s gather: one
    tensor, counted once) and writes the result, and reads no table."""
    q = torch.randn(2, 4, 12, 16)
    got, manifest = run(_rope_from_arange, q)
    assert mismatch([_rope_from_arange(q)], got) is None
    assert manifest["externs"] == {}
    (kernel,) = manifest["kernels"]
    assert kernel["bytes_written"] == q.numel() * 4
    assert kernel["bytes_read"] == q.numel() * 4


def _projected_rope_heads_last(
    x: torch.Tensor, wq: torch.Tensor, wk: torch.Tensor, inv_freq: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """Q and K projections rotated before their heads are transposed (Meta's Llama
    layout: [b, s, h, d], the table broadcast as [1, s, 1, d])."""
    b, s, _ = x.shape
    d = 2 * inv_freq.numel()
    angles = torch.outer(torch.arange(s).float(), inv_freq)
    emb = torch.cat((angles, angles), -1).view(1, s, 1, d)

    def rotate(t: torch.Tensor) -> torch.Tensor:
        return t * emb.cos() + _rotate_half(t) * emb.sin()

    q = rotate((x @ wq.t()).view(b, s, -1, d)).transpose(1, 2)
    k = rotate((x @ wk.t()).view(b, s, -1, d)).transpose(1, 2)
    return q, k


def test_rotated_projections_share_one_rotation_kernel() -> None:
    """`k * cos` could be the K projection's epilogue, but `rotate_half` gathers K from
    memory anyway: it joins the rotation kernel instead (fusion.py `epilogues_last`), so
    the Q and K projections are one matmul kernel and both rotations one more, and no
    kernel stores the cos table broadcast over batch and heads."""
    x, wq, wk = torch.randn(2, 16, 64), torch.randn(64, 64), torch.randn(64, 64)
    inv_freq = 1.0 / (10000 ** (torch.arange(0, 16, 2).float() / 16))
    got, manifest = run(_projected_rope_heads_last, x, wq, wk, inv_freq)
    want = list(_projected_rope_heads_last(x, wq, wk, inv_freq))
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}
    assert len(manifest["kernels"]) == 2, [k["name"] for k in manifest["kernels"]]
    projections = 2 * x.shape[0] * x.shape[1] * wq.shape[0] * 4
    assert manifest["bytes_written"] == 2 * projections  # projected, then rotated


A, B = torch.randn(5, 6), torch.randn(5, 6)
A[1, 2] = float("nan")
IDX = torch.tensor([0, 4, 2, -1, 4])
GATHERED_VIEWS: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...]]] = {
    # each value is gathered through two different views, as a rotary table is by its
    # cos and sin halves: before GatherThroughView, a kernel stored it for both to read
    "rows of a transposed slice and of a slice": (
        lambda a, b, i: (lambda p: p.t()[1:][i] - p[:, 1:][i])(a * b + 1), (A, B, IDX)),
    "int32, broadcast over a new dim, and transposed": (
        lambda a, b, i: (lambda p, j: torch.gather(p.unsqueeze(0).expand(3, -1, -1), 2, j)
                         + torch.gather(p.t().unsqueeze(0).expand(3, -1, -1)[:, :5], 2, j))(
            a * 3 - b, i.abs().clamp(max=4).expand(3, 5, 5)),
        (A.nan_to_num().mul(9).int(), B.mul(9).int(), IDX)),
    "float16, every other column of a transpose": (
        lambda a, b, i: (lambda p: p.transpose(0, 1)[:, ::2].index_select(1, i.abs() % 3)
                         * p.t()[:, i])(a.exp() - b),
        (A.half(), B.half(), IDX)),
    "bool": (lambda a, b, i: (lambda m: m.t()[i] & m[:, :5][i])(a > b), (A, B, IDX)),
    "no offsets": (lambda a, b, i: (lambda p: p.t()[i[:0]] + p[i[:0], :5])(a * b), (A, B, IDX)),
}  # fmt: skip


@pytest.mark.parametrize("name", list(GATHERED_VIEWS))
def test_a_gather_of_a_view_computes_the_value_where_it_reads_it(name: str) -> None:
    """take(view(f(x, y))) gathers x and y instead (GatherThroughView): the value f computes
    is never stored for the gather to read back, whatever the view (transpose, slice,
    strided slice, broadcast) and the element type; eager's values, dtype, shape and NaNs."""
    fn, args = GATHERED_VIEWS[name]
    got, manifest = run(fn, *args)
    want = fn(*args)
    assert mismatch([want], got) is None
    assert manifest["externs"] == {}
    assert len(manifest["kernels"]) == (1 if want.numel() else 0), manifest["kernels"]
    assert manifest["bytes_written"] == want.numel() * want.element_size()  # (that alone)


UPSAMPLING: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "nearest x2": (lambda x: F.interpolate(x, scale_factor=2, mode="nearest") * 2,
                   (torch.randn(1, 3, 8, 8),)),
    "nearest to a size": (lambda x: F.interpolate(x, size=(7, 5), mode="nearest") + 1,
                          (torch.randn(2, 2, 4, 6),)),
    "nearest, float16": (lambda x: F.interpolate(x, scale_factor=2, mode="nearest") * 2,
                         (torch.randn(1, 2, 4, 4).half(),)),
    "nearest, NaN": (lambda x: F.interpolate(x, scale_factor=3, mode="nearest").relu(),
                     (torch.tensor([[[[1.0, float("nan")], [-2.0, 3.0]]]]),)),
    "nearest of 1-d": (lambda x: F.interpolate(x, scale_factor=2, mode="nearest") - 1,
                       (torch.randn(2, 3, 5),)),
    "bilinear": (lambda x: F.interpolate(x, scale_factor=2, mode="bilinear") * 2,
                 (torch.randn(1, 3, 8, 8),)),
    "bilinear, corners aligned": (
        lambda x: F.interpolate(x, size=(9, 7), mode="bilinear", align_corners=True).relu(),
        (torch.randn(2, 2, 5, 4),)),
    "bilinear, float16": (lambda x: F.interpolate(x, scale_factor=2, mode="bilinear") + 1,
                          (torch.randn(1, 2, 4, 4).half(),)),
}


@pytest.mark.parametrize("name", list(UPSAMPLING))
def test_an_upsampling_computes_its_source_index_where_it_reads(name: str) -> None:
    """The source index `trunc(i * scale)` is float math converted to an integer, and a
    bilinear weight a clamp of its fraction (canonicalize-prims: `SinkViewIntoIndexMath`);
    they move below their broadcasts, so the gathers and their consumer are one kernel,
    which reads the input (once, however many corners it gathers) and writes the output
    only (Inductor's count: one kernel). Eager's values, dtypes, shapes, NaN positions."""
    fn, args = UPSAMPLING[name]
    got, manifest = run(fn, *args)
    want = fn(*args)
    assert mismatch([want], got) is None, mismatch([want], got)
    assert manifest["externs"] == {} and len(manifest["kernels"]) == 1, manifest["kernels"]
    (kernel,) = manifest["kernels"]
    assert kernel["bytes_written"] == want.numel() * want.element_size()
    assert kernel["bytes_read"] == args[0].numel() * args[0].element_size()


@pytest.mark.parametrize("dtype", [torch.float32, torch.int64, torch.bool])
def test_shifted_views_of_one_tensor_count_its_bytes_once(dtype: torch.dtype) -> None:
    """`x[:, 1:] - x[:, :-1]` loads x through two views in one kernel: the manifest counts
    x's bytes once (the views overlap in all but one column), as Inductor counts a
    buffer once, not the two views' sum."""
    x = (torch.randn(8, 32) * 4).to(dtype)

    def fn(x: torch.Tensor) -> torch.Tensor:
        return x[:, 1:] ^ x[:, :-1] if dtype == torch.bool else x[:, 1:] - x[:, :-1]

    got, manifest = run(fn, x)
    assert mismatch([fn(x)], got) is None, mismatch([fn(x)], got)
    (kernel,) = manifest["kernels"]
    assert kernel["bytes_read"] == x.numel() * x.element_size()
