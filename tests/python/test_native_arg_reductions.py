"""Arg-reductions as kernels: `argmax`, `argmin` (over a dim or the whole tensor) and
`max`/`min` along a dim compile to `prims.arg_reduce` (and amax/amin) and run in row
kernels (`tile.reduce "argmax"`), fused with the row's producers, matching eager on
values, dtype, shape, ties (the first index) and NaN (the first NaN wins)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
from gpu_compile import compile_for
from native import compile_bound, native_like_eager, run

from stepwell.frontend.loader import Example
from stepwell.fuzz.compare import mismatch
from stepwell.pipeline import check_example

NAN, INF = math.nan, math.inf
X = torch.randn(5, 37)


def _long_rows() -> torch.Tensor:
    x = torch.randn(5, 20000)
    x[0, 100] = x[0, 19999] = 50.0  # a tie: the first column wins, across tiles
    x[0, 17] = x[0, 17000] = -50.0
    x[1, 18000] = NAN  # a NaN in a late tile wins over every value
    x[1, 19000] = NAN
    x[2, 3] = -INF  # (float16 keeps it)
    x[3] = -INF  # all -inf: column 0 for both
    x[4, 0] = NAN  # a NaN first
    return x


LONG = _long_rows()

CASES: dict[str, tuple[Callable[..., Any], torch.Tensor, int]] = {
    # name: (fn, input, kernels)
    "argmax along a dim": (lambda x: x.argmax(1), X, 1),
    "argmin dim 0 keepdim": (lambda x: x.argmin(0, keepdim=True), X, 1),
    "argmax of the whole tensor": (lambda x: x.argmax(), X, 1),
    "argmin of the whole tensor, keepdim": (lambda x: torch.argmin(x, keepdim=True), X, 1),
    "max along a dim": (lambda x: torch.max(x, 1), X, 1),
    "min along dim 0, keepdim": (lambda x: torch.min(x, 0, keepdim=True), X, 1),
    "ties take the first index": (
        lambda x: (x.argmax(1), x.argmin(1)),
        torch.tensor([[1.0, 3, 3, 0, 0], [2, 2, 2, 2, 2]]),
        1,
    ),
    "the first NaN wins": (
        lambda x: (x.argmax(1), x.argmin(1), torch.max(x, 1)),
        torch.tensor([[1.0, NAN, 3, NAN], [-1, 2, 5, 0], [NAN, NAN, 1, 1]]),
        1,
    ),
    "infinities": (
        lambda x: (x.argmax(1), x.argmin(1)),
        torch.tensor([[-INF, -INF], [INF, 1.0]]),
        1,
    ),
    "int64": (lambda x: (x.argmax(1), torch.min(x, 1)), torch.randint(-5, 5, (4, 9)), 1),
    "int32 whole": (lambda x: x.argmin(), torch.randint(-9, 9, (6, 5), dtype=torch.int32), 1),
    "float16": (lambda x: x.argmax(-1), torch.randn(3, 20).half(), 1),
    "with its softmax": (lambda x: (torch.softmax(x, 1), torch.softmax(x, 1).argmax(1)), X, 1),
    "of a transpose": (lambda x: x.t().argmax(1), X, 1),
    "middle dim of 3": (lambda x: torch.max(x * 2, 1), torch.randn(2, 7, 3), 1),
    "max() of the whole tensor": (lambda x: torch.max(x), X, 1),
    "min() with a NaN": (lambda x: x.min(), torch.tensor([1.0, NAN, -2]), 1),
    "max() of bools": (lambda x: x.max(), torch.tensor([False, True]), 1),
    # (max.dim takes bools, argmax does not: the index is of the 0/1 values, ties first)
    "max and min along a dim of bools": (
        lambda x: (torch.max(x, 1), torch.min(x, 0, keepdim=True)),
        torch.tensor([[False, True, True], [False, False, False], [True, False, True]]), 1),
    "max along dim 0 of a 0-d tensor": (lambda x: torch.max(x, 0), torch.tensor(2.5), 1),
    "greedy decoding's last position": (
        lambda logits: logits[:, -1, :].argmax(-1), torch.randn(2, 5, 50), 1),
    # rows longer than one tile (MAX_ROW): a looped kernel carries the best value and its
    # first column across column tiles, and the first NaN's column apart
    "a vocabulary-long row (looped)": (
        lambda logits: (logits[:, -1, :].argmax(-1), torch.max(logits[:, -1, :] * 2, -1)),
        torch.randn(2, 3, 50257), 1),
    "long rows: ties across tiles, NaN in a late tile, all -inf": (
        lambda x: (x.argmax(1), x.argmin(1), torch.max(x, 1)), LONG, 1),
    "long int32 rows with ties": (
        lambda x: (x.argmax(1), torch.min(x, 1)),
        torch.randint(-3, 3, (3, 20000), dtype=torch.int32), 1),
    "long float16 rows with an infinity": (
        lambda x: x.argmin(1, keepdim=True), LONG[:3].half(), 1),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_arg_reductions_match_eager_natively(name: str) -> None:
    fn, x, kernels = CASES[name]
    got, manifest = run(fn, x)
    want = torch.utils._pytree.tree_leaves(fn(x))  # (max's values and indices flattened)
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}
    assert "prims.arg_reduce" not in manifest["graph_level_prims"]  # (ATen's at run time)
    assert len(manifest["kernels"]) == kernels, manifest["kernels"]


def test_an_empty_row_keeps_eagers_error() -> None:
    """A zero-length dim is not decomposed: ATen's argmax raises, as eager does."""
    with pytest.raises(Exception, match="empty|zero|0"):
        run(lambda x: x.argmax(1), torch.randn(3, 0))


@pytest.mark.parametrize("level", ["prims", "tile"])
def test_arg_reductions_in_the_interpreters(level: str) -> None:
    x = torch.tensor([[1.0, NAN, 3, NAN], [-1, 2, 5, 0], [4, 4, -2, -2]])
    example = Example(lambda t: (t.argmax(1), torch.min(t, 1), t.argmin()), (x,), "f")
    assert check_example(example, level).passed
    looped = Example(lambda t: (t.argmax(1), torch.min(t, 1)), (LONG,), "long")
    assert check_example(looped, level).passed


PRODUCTS: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "of all": (lambda x: torch.prod(x), torch.randn(5, 6)),
    "along a dim, keepdim, fused with a consumer": (
        lambda x: torch.prod(x, 1, keepdim=True) * x, torch.randn(5, 6)),
    "int32 (int64 result)": (lambda x: torch.prod(x, 0), torch.randint(-3, 4, (4, 5),
                                                                       dtype=torch.int32)),
    "bool": (lambda x: torch.prod(x > 0, 1), torch.randn(4, 6)),
    "a long row (looped)": (lambda x: torch.prod(x, 1), 1 + torch.randn(3, 3000) * 1e-3),
    "NaN, inf and zero": (lambda x: torch.prod(x, 0),
                          torch.tensor([[NAN, 1.0, INF, 0.0], [2.0, 0.0, INF, -INF]])),
    "float16": (lambda x: torch.prod(x, 1), torch.rand(3, 8).half() + 0.5),
    "empty dim (1)": (lambda x: torch.prod(x, 1), torch.randn(4, 0)),
}  # fmt: skip


@pytest.mark.parametrize("name", list(PRODUCTS))
def test_products_are_row_kernels(name: str) -> None:
    fn, x = PRODUCTS[name]
    got, manifest = run(fn, x)
    assert mismatch([fn(x)], got) is None, mismatch([fn(x)], got)
    assert manifest["externs"] == {} and "prims.prod" not in manifest["graph_level_prims"]


def _cdist(p: float) -> Callable[..., Any]:
    return lambda a, b: torch.cdist(a, b, p=p)


DISTANCES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...]]] = {
    **{f"cdist p={p}": (_cdist(p), (torch.randn(2, 5, 3), torch.randn(2, 4, 3)))
       for p in (0.0, 1.0, 2.0, 3.5, INF)},
    "cdist of large sets (eager: matrix products)": (
        lambda a, b: torch.cdist(a, b), (torch.randn(30, 8), torch.randn(27, 8))),
    "addbmm": (lambda s, a, b: torch.addbmm(s, a, b, beta=0.5, alpha=2.0),
               (torch.randn(3, 5), torch.randn(4, 3, 6), torch.randn(4, 6, 5))),
    "addbmm with beta 0 ignores NaN in self": (
        lambda s, a, b: torch.addbmm(s, a, b, beta=0),
        (torch.full((3, 5), NAN), torch.randn(2, 3, 4), torch.randn(2, 4, 5))),
}  # fmt: skip


@pytest.mark.parametrize("name", list(DISTANCES))
def test_distances_and_batched_sums_are_kernels(name: str) -> None:
    fn, args = DISTANCES[name]
    native_like_eager(fn, *args)


def test_bilinear_is_one_reduction() -> None:
    """`F.bilinear` (ATen's `_trilinear`): the broadcast product of the three operands
    summed over the two contracted dims, in a kernel."""
    args = (torch.randn(8, 3), torch.randn(8, 4), torch.randn(5, 3, 4), torch.randn(5))
    fn = torch.nn.functional.bilinear
    manifest = native_like_eager(fn, *args)
    assert [k["kind"] for k in manifest["kernels"]] == ["reduction"]


def test_an_arg_reduction_of_a_dynamic_length_compiles_once(tmp_path: Path) -> None:
    """CLIP-text's pooling: the hidden state at each row's `input_ids.argmax(-1)`. With a
    dynamic length the row is a looped kernel (one compile for every length), not a
    compile per size."""
    torch._dynamo.reset()

    def pool(ids: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        return h[torch.arange(h.shape[0]), ids.argmax(-1)] * 2

    compiled = torch.compile(pool, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for batch, length in ((2, 7), (3, 9), (4, 300)):
        ids, h = torch.randint(0, 5, (batch, length)), torch.randn(batch, length, 8)
        assert mismatch(pool(ids, h), compiled(ids, h)) is None, (batch, length)
    (graph,) = tmp_path.iterdir()
    assert [d.name for d in graph.iterdir() if d.is_dir()] == ["symbolic"]
    manifest = json.loads((graph / "symbolic/manifest.json").read_text())
    assert manifest["externs"] == {} and not manifest["graph_level_copies"]


@pytest.mark.parametrize("target", ["cuda:90", "hip:gfx942"])
def test_a_looped_arg_reduction_compiles_for_gpus(target: str, tmp_path: Path) -> None:
    artifacts, _ = compile_bound(lambda x: (x.argmax(1), torch.min(x, 1)), LONG)
    lines = compile_for(artifacts.levels["tile"], target, tmp_path)
    assert [line.split(" ", 1)[1] for line in lines] == ["None True"], lines
