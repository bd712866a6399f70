"""Sorting as kernels: `sort` (and `sort(stable=True)`, `argsort`, `msort`) and `topk`
compile to `prims.sort` and run in row kernels (`tile.sort`, a bitonic network carrying
each value's position), fused with the row's producers and consumers, matching eager on
values, dtype, shape, NaN (largest) and ties (stable: the original order, which is also
a right answer for `stable=False`, and eager's for rows it sorts with a stable kernel)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
import torch
from native import distinct, native_like_eager, run

from stepwell.frontend.loader import Example
from stepwell.fuzz.compare import mismatch
from stepwell.pipeline import check_example

NAN, INF = math.nan, math.inf
X = torch.randn(5, 37)
TIES = torch.tensor([[1.0, 3, 3, 0, 0, 3], [2, 2, 2, 2, 2, 2]])
SPECIAL = torch.tensor([[1.0, NAN, 3, NAN, -INF, -0.0, 0.0], [-1, 2, 5, 0, INF, NAN, -2]])

CASES: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "sort": (lambda x: torch.sort(x, 1), X),
    "descending along dim 0": (lambda x: torch.sort(x, 0, descending=True), X),
    "argsort": (lambda x: torch.argsort(x, -1), X),
    "msort": (lambda x: torch.msort(x), X),
    "stable ties, both directions": (
        lambda x: (torch.sort(x, stable=True), torch.sort(x, descending=True, stable=True)),
        TIES,
    ),
    "NaN is the largest, infinities, signed zeros": (
        lambda x: (torch.sort(x), torch.sort(x, descending=True)), SPECIAL),
    "int64": (lambda x: torch.sort(x, 1), torch.randint(-5, 5, (4, 9))),
    "int32 descending": (lambda x: torch.sort(x, 1, descending=True),
                         torch.randint(-9, 9, (3, 8), dtype=torch.int32)),
    "float16": (lambda x: torch.sort(x, -1), distinct(3, 20, dtype=torch.float16)),
    "float64": (lambda x: torch.argsort(x, -1, descending=True), torch.randn(3, 20).double()),
    "topk": (lambda x: torch.topk(x, 3, 1), X),
    "topk smallest along dim 0": (lambda x: torch.topk(x, 4, 0, largest=False), X),
    "fused: softmax, sort, cumsum (top-p sampling)": (
        lambda x: torch.sort(torch.softmax(x, 1), 1, descending=True).values.cumsum(1), X),
    "a row of one": (lambda x: torch.sort(x, 1), torch.randn(3, 1)),
    # long rows of random floats hold ties, which eager's default (unstable) sort of a long
    # row orders its own way: stable=True has one answer
    "a row of 1000 (a 1024-lane network)": (
        lambda x: torch.sort(x, dim=1, stable=True), torch.randn(2, 1000)),
    "a row of 8000": (lambda x: torch.sort(x, dim=0, stable=True), torch.randn(8000)),
    "a transposed view": (lambda x: torch.sort(x.t(), 1), X),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_sorts_match_eager_natively(name: str) -> None:
    fn, x = CASES[name]
    got, manifest = run(fn, x)
    want = torch.utils._pytree.tree_leaves(fn(x))
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}
    assert len(manifest["kernels"]) == 1 and "prims.sort" not in manifest["graph_level_prims"]


def test_bool_and_unsorted_topk_stay_aten() -> None:
    """A bool sort and `topk(sorted=False)` (whose order is eager's own) are ATen calls."""
    _, manifest = run(lambda x: torch.sort(x, 1), torch.rand(3, 4) > 0.5)
    assert "aten.sort.default" in manifest["externs"]
    _, manifest = run(lambda x: torch.topk(x, 2, 1, sorted=False), X)
    assert "aten.topk.default" in manifest["externs"]


def test_a_row_too_long_for_one_tile_runs_at_graph_level() -> None:
    x = torch.randn(2, 20000)
    got, manifest = run(lambda t: torch.sort(t, dim=1, stable=True), x)
    assert mismatch(list(torch.sort(x, dim=1, stable=True)), got) is None
    assert manifest["graph_level_prims"].get("prims.sort") == 1


@pytest.mark.parametrize("level", ["prims", "tile"])
def test_sorts_in_the_interpreters(level: str) -> None:
    example = Example(lambda t: (torch.sort(t, 1), torch.topk(t, 2, 1)), (SPECIAL,), "f")
    assert check_example(example, level).passed
    example = Example(lambda t: torch.sort(t, descending=True, stable=True), (TIES,), "f")
    assert check_example(example, level).passed


DISTINCT_WITH_NAN = torch.tensor([[1.0, NAN, 3, NAN, -INF], [5, 4, 3, 2, 1], [NAN, 2, 1, 7, 0.5],
                                  [2.5, -0.0, 7, 1, 3]])  # fmt: skip
SELECTIONS: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "kthvalue": (lambda x: torch.kthvalue(x, 3, 1), X),
    "kthvalue along dim 0, keepdim": (lambda x: torch.kthvalue(x, 2, 0, keepdim=True), X),
    "kthvalue, NaN the largest": (lambda x: torch.kthvalue(x, 4, 1), DISTINCT_WITH_NAN),
    "median along a dim (odd and even rows)": (lambda x: (torch.median(x, 1), torch.median(x, 0)),
                                               X),
    "median: a row with NaN is NaN, at its first NaN": (lambda x: torch.median(x, 1),
                                                        DISTINCT_WITH_NAN),
    "nanmedian skips NaN": (lambda x: torch.nanmedian(x, 1), DISTINCT_WITH_NAN),
    "median and nanmedian of all": (lambda x: (torch.median(x), torch.nanmedian(x)),
                                    DISTINCT_WITH_NAN),
    "median of int64": (lambda x: torch.median(x, 1), torch.randperm(20).reshape(4, 5)),
}  # fmt: skip


@pytest.mark.parametrize("name", list(SELECTIONS))
def test_selections_match_eager_natively(name: str) -> None:
    """kthvalue, median and nanmedian are the sorted row's element at a position (a gather
    when the position counts NaNs): values and indices as eager's on distinct values (among
    ties eager's quickselect picks an index of its own; stepwell gives the first)."""
    fn, x = SELECTIONS[name]
    got, manifest = run(fn, x)
    want = torch.utils._pytree.tree_leaves(fn(x))
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}
    assert "prims.sort" not in manifest["graph_level_prims"]


def test_selections_of_0d_and_in_the_interpreters() -> None:
    x = torch.tensor(2.5)
    got, manifest = run(lambda t: (torch.median(t, 0), torch.kthvalue(t, 1)), x)
    assert mismatch([x, torch.tensor(0), x, torch.tensor(0)], got) is None
    example = Example(lambda t: (torch.median(t, 1), torch.nanmedian(t, 1)),
                      (DISTINCT_WITH_NAN,), "f")  # fmt: skip
    assert check_example(example, "tile").passed


SEQ = torch.sort(torch.randn(10)).values
PROBES = torch.cat([torch.randn(20), SEQ[:3], torch.tensor([NAN, INF, -INF])])
SEARCHES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...]]] = {
    "searchsorted": (lambda s, x: torch.searchsorted(s, x), (SEQ, PROBES)),
    "right: past equal values; NaN past the end": (
        lambda s, x: torch.searchsorted(s, x, right=True), (SEQ, PROBES)),
    "a sequence per row, side='right', int32": (
        lambda s, x: torch.searchsorted(s, x, side="right", out_int32=True),
        (torch.sort(torch.randn(3, 7), 1).values, torch.randn(3, 4))),
    "bucketize": (lambda s, x: torch.bucketize(x, s), (SEQ, PROBES.reshape(2, 13))),
    "bucketize a 0-d value": (lambda s, x: torch.bucketize(x, s), (SEQ, torch.tensor(0.25))),
    "integers with repeats": (lambda s, x: torch.searchsorted(s, x),
                              (torch.tensor([1, 2, 2, 2, 5]), torch.tensor([0, 2, 3, 5, 6]))),
    "sorter": (lambda s, x: torch.searchsorted(s, x, sorter=torch.argsort(s)),
               (torch.randn(9), torch.randn(5))),
    "isin (sorting, then searching)": (lambda s, x: torch.isin(x, s),
                                       (torch.randint(0, 50, (40,)), torch.randint(0, 50, (30,)))),
}  # fmt: skip


@pytest.mark.parametrize("name", list(SEARCHES))
def test_searches_match_eager_natively(name: str) -> None:
    fn, args = SEARCHES[name]
    manifest = native_like_eager(fn, *args)
    assert manifest["kernels"]
