"""The edge cases of the native families that OpInfo's samples hold and that used to fall
back to ATen: 0-d rows (sort, argsort, topk, gather), inputs without elements (padding,
histc, put with no index), a Python number as the value searched for, adaptive 3-d max
pooling, `nonzero_static` (a scan and a scatter) and embedding's `max_norm` (a max
scatter of the rows named). Each matches eager on values, dtype, shape and NaN positions,
through Triton (its interpreter) and the tile-level interpreter, with no ATen call."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from native import compile_bound

from stepwell.fuzz.compare import mismatch
from stepwell.ir.interpret_tile import run_tile

torch.manual_seed(0)
SCALAR = torch.tensor(-2.5)
SORTED = torch.sort(torch.randn(20)).values
NONZERO = torch.tensor([[0.0, 1.0, float("nan")], [0.0, 0.0, -3.0]])

CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "sort of a 0-d tensor": (lambda x: torch.sort(x, 0, True), (SCALAR,)),
    "sort of a 0-d int": (lambda x: torch.sort(x), (torch.tensor(7),)),
    "argsort of a 0-d tensor": (lambda x: torch.argsort(x), (SCALAR,)),
    "topk of a 0-d tensor": (lambda x: torch.topk(x, 1, -1, False), (SCALAR,)),
    "gather from a 0-d tensor": (lambda x, i: torch.gather(x, 0, i),
                                 (SCALAR, torch.tensor([0, 0]))),
    "gather 0-d from 0-d": (lambda x, i: torch.gather(x, 0, i), (SCALAR, torch.tensor(0))),
    "searchsorted of a number": (lambda s: torch.searchsorted(s, 0.3), (SORTED,)),
    "searchsorted of a number, right, int32, sorter": (
        lambda s, o: torch.searchsorted(s, -0.2, side="right", out_int32=True, sorter=o),
        (SORTED.flip(0), torch.arange(19, -1, -1))),
    "adaptive max pool 3d, indices": (
        lambda x: F.adaptive_max_pool3d(x, (2, 3, None), return_indices=True),
        (torch.randn(2, 3, 4, 4, 6),)),
    "adaptive max pool 3d, unbatched, NaN": (
        lambda x: F.adaptive_max_pool3d(x, (3, None, 2), return_indices=True),
        (torch.where(torch.rand(3, 4, 4, 6) < 0.1, float("nan"), torch.randn(3, 4, 4, 6)),)),
    "pad of an empty tensor": (lambda x: F.pad(x, (1, 1, 1, 1, 1, 1), value=2.0),
                               (torch.randn(0, 3, 3),)),
    "pad of an empty half tensor": (lambda x: F.pad(x, (0, 2), value=-1.0),
                                    (torch.randn(2, 0).half(),)),
    "put with no index": (lambda x, i, s: x.put(i, s, accumulate=True),
                          (torch.randn(3, 2), torch.zeros(0, dtype=torch.long), torch.zeros(0))),
    "histc of an empty tensor": (lambda x: torch.histc(x, bins=3, min=0, max=10),
                                 (torch.randn(5, 0, 5),)),
    "nonzero_static, fewer than size": (lambda x: torch.nonzero_static(x, size=6, fill_value=-7),
                                        (NONZERO,)),
    "nonzero_static, more than size": (lambda x: torch.nonzero_static(x, size=2), (NONZERO,)),
    "nonzero_static of bools, 3-d": (lambda x: torch.nonzero_static(x, size=9),
                                     (torch.rand(2, 3, 4) > 0.5,)),
    "nonzero_static of an empty tensor": (lambda x: torch.nonzero_static(x, size=3),
                                          (torch.randn(5, 0, 5),)),
    "nonzero_static of ints": (lambda x: torch.nonzero_static(x, size=3),
                               (torch.tensor([0, 5, 0, -2, 9], dtype=torch.int32),)),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_edge_cases_are_native_and_match_eager(name: str) -> None:
    fn, args = CASES[name]
    want = fn(*args)
    want = list(want) if isinstance(want, tuple) else [want]
    artifacts, bound = compile_bound(fn, *args)
    got = list(artifacts.runtime(*bound))
    assert mismatch(want, got) is None, ("triton", mismatch(want, got))
    by_tile = list(run_tile(artifacts.module, *bound))
    assert mismatch(want, by_tile) is None, ("tile", mismatch(want, by_tile))
    assert artifacts.manifest["externs"] == {}, artifacts.manifest["externs"]


@pytest.mark.parametrize("norm_type", [2.0, 1.0])
def test_embedding_max_norm_renormalizes_the_rows_it_reads(
    norm_type: float, tmp_path: Path
) -> None:
    """`F.embedding(max_norm=...)` renormalizes the rows it looks up in place (eager's
    `embedding_renorm_`): through torch.compile the lookup and the weight written back
    match eager's, rows not looked up or within the norm untouched, with no ATen call."""
    weight = torch.randn(6, 5)
    weight[2] *= 0.1  # a row within the norm
    index = torch.tensor([[0, 2], [2, 4]])
    fn = lambda w, i: F.embedding(i, w, max_norm=1.0, norm_type=norm_type)  # noqa: E731
    eager_weight, compiled_weight = weight.clone(), weight.clone()
    want = fn(eager_weight, index)
    torch._dynamo.reset()
    got = torch.compile(fn, backend="stepwell", options={"dump_dir": str(tmp_path)})(
        compiled_weight, index
    )
    assert mismatch([want, eager_weight], [got, compiled_weight]) is None
    assert torch.equal(compiled_weight[[1, 3, 5]], weight[[1, 3, 5]])  # not looked up
    manifests = [json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")]
    assert manifests and all(m["externs"] == {} for m in manifests), manifests
