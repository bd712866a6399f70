"""Copies stored by their producer (fusion.py `join_copy`, views.py `copy_into`): a view
that strides cannot express (`y.transpose(1, 2).reshape(n, -1)`, a flip) of a value a kernel
computes is written by that kernel, straight into the copy's layout, instead of by a
copy kernel that reads the value back. Each case is compared with eager (values, dtype,
shape, NaN positions) and counted in kernels and bytes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from gpu_compile import compile_for
from native import compile_bound, distinct, run
from xdsl.dialects.func import FuncOp

from stepwell.fuzz.compare import mismatch
from stepwell.ir.interpret_tile import run_tile


def _mixer(x: torch.Tensor, w: torch.Tensor) -> Any:
    """An MLP-Mixer's token mixing: a layer norm over channels, then a linear layer over
    the tokens, which reads the normalized rows transposed and collapsed."""
    return F.linear(F.layer_norm(x, (x.shape[-1],)).transpose(1, 2), w)


def _pointwise(x: torch.Tensor) -> Any:
    """The copy and the value it copies are both outputs: one kernel stores both."""
    y = torch.sin(x) * 2
    return y.transpose(0, 1).reshape(-1), y + 1


def _permute3(x: torch.Tensor) -> Any:
    return (x + 1).permute(2, 0, 1).reshape(x.shape[2], -1)


def _long_rows(x: torch.Tensor) -> Any:
    """Rows longer than one tile: the kernel stores full rows in a loop over column tiles,
    the copy among them."""
    return torch.softmax(x, -1).t().reshape(-1)


def _epilogue(a: torch.Tensor, b: torch.Tensor) -> Any:
    """A projection split into heads and laid out head-major by its matmul's epilogue."""
    return (a @ b).relu().view(2, 8, 4, 16).transpose(1, 2).reshape(8, 8, 16)


def _strided(x: torch.Tensor) -> Any:
    """A slice copies only part of the value, which is cheap math on the input: the
    slice's part is computed again from the sliced input (`SliceBeforeComputation`), in a
    kernel that one launch runs with the value's (a combo), not a copy kernel reading
    the value back."""
    y = x.exp()
    return y, y[:, ::2].t().reshape(-1)


X = torch.randn(6, 10)
CASES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...], int]] = {
    "mixer token mixing": (_mixer, (torch.randn(2, 16, 64), torch.randn(32, 16)), 2),
    "pointwise, both stored": (_pointwise, (X,), 1),
    "permute of three dims": (_permute3, (torch.randn(4, 6, 8),), 1),
    "rows longer than a tile": (_long_rows, (torch.randn(2, 20000),), 1),
    "matmul epilogue": (_epilogue, (torch.randn(16, 32), torch.randn(32, 64)), 1),
    "int64": (lambda i: (i * 3 - 1).t().reshape(-1), (torch.randint(-9, 9, (5, 7)),), 1),
    "bool": (lambda x: (x > 0).t().reshape(-1), (X,), 1),
    "float16": (lambda h: (h * 2).transpose(0, 1).reshape(-1), (X.half(),), 1),
    "NaN positions": (lambda x: torch.log(x).t().reshape(-1), (X,), 1),
    "a slice: computed again beside the value": (_strided, (X,), 1),
    # a flip (`prims.rev`) copies its operand's elements in reverse: its producer stores
    # them through negative strides from the flipped dims' last elements
    "flip of a pointwise value": (lambda x: x.relu().flip(0), (X,), 1),
    "flip and its value": (lambda x: ((y := x.sin()).flip(1), y), (X,), 1),
    "reverse cumsum": (lambda x: x.flip(-1).cumsum(-1).flip(-1), (X,), 1),
    "flip of a scan over rows": (lambda x: x.cumsum(0).flip(0), (X,), 1),
    "flip of softmax rows": (lambda x: torch.softmax(x, -1).flip(-1), (torch.randn(3, 20000),), 1),
    "flip of both dims, transposed": (lambda x: (x * 2).flip(0, 1).t().reshape(-1), (X,), 1),
    "flip, int64": (lambda i: (i * 3 - 1).flip(1), (torch.randint(-9, 9, (5, 7)),), 1),
    "flip, bool": (lambda x: (x > 0).flip(0), (X,), 1),
    "flip, float16 NaN": (lambda h: torch.log(h).flip(1), (X.half(),), 1),
    # a flip of a row value (a reduction's result): stored beside it, one per row
    "flip of a column sum": (lambda x: x.sum(0).flip(0), (X,), 1),
    "flip of a row max and the max": (lambda x: ((m := x.amax(-1)).flip(0), m), (X,), 1),
    "flip of kept dims": (lambda x: x.sum(-1, keepdim=True).flip(0, 1), (X,), 1),
    "flip of a mean over the middle dim": (lambda x: x.mean(1).flip(0, 1),
                                           (torch.randn(4, 8, 6),), 1),  # fmt: skip
    "flip of sums of rows longer than a tile": (lambda x: x.sum(-1).flip(0),
                                                (torch.randn(3, 20000),), 1),  # fmt: skip
    "flip of a transposed row value": (lambda x: x.sum(0).t().flip(1),
                                       (torch.randn(3, 4, 5),), 1),  # fmt: skip
    "flip of row sums, int64": (lambda i: i.sum(1).flip(0), (torch.randint(-9, 9, (5, 7)),), 1),
    "flip of row NaN positions, float16": (lambda h: h.log().amax(1).flip(0), (X.half(),), 1),
    # elementwise math with constants after the flip or transpose of a row value: it
    # joins the reduction's kernel, which stores the result flipped or transposed
    "flipped mean, times 2": (lambda x: x.mean(1).flip(0, 1) * 2, (torch.randn(4, 8, 6),), 1),
    "transposed row sums, scaled and shifted": (lambda x: x.sum(-1).t() * 2 + 1,
                                                (torch.randn(4, 8, 6),), 1),  # fmt: skip
    "transposed row maxima, float16 NaN": (lambda h: h.log().amax(-1).t() - 1,
                                           (torch.randn(3, 4, 5).half(),), 1),  # fmt: skip
    # fuzz seed 1200846: a flip of an input's transpose in the kernel that also reads the
    # input in its own order (the flipped view has no strides in that kernel's shape: it
    # failed an assertion in KernelBuilder.in_space)
    "flip of a transposed input beside its readers": (
        lambda x, h: (torch.minimum(h, x), h.relu(), h.transpose(-1, -2).flip([1, 2])),
        (torch.randn(5, 7, 5), torch.randn(5, 7, 5).half()), 1),
    # fuzz seed 10096: a kernel that makes a value and reads its flipped copy (a copy
    # kernel, as the repeat after it reads the flip from memory) must not be one kernel
    # with its own input ("fusion produced a dependency cycle")
    "a copy the copied value's kernel reads back": (
        lambda x: ((c := x.cumsum(0).flip([1])).repeat_interleave(2, 0),
                   torch.cummax(x, 0).values | c),
        (torch.randint(-8, 9, (1, 16)),), 2),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_copy_is_stored_by_its_producer(name: str) -> None:
    """In Triton (its interpreter) and at the tile level (stepwell's tile interpreter)."""
    fn, args, kernels = CASES[name]
    want = fn(*args)
    want = list(want) if isinstance(want, tuple) else [want]
    artifacts, inputs = compile_bound(fn, *args)
    got = list(artifacts.runtime(*inputs))
    assert mismatch(want, got) is None, mismatch(want, got)
    (func,) = [op for op in artifacts.module.ops if isinstance(op, FuncOp)]
    tiled = list(run_tile(artifacts.module, *inputs, function=func.sym_name.data))
    assert mismatch(want, tiled) is None, mismatch(want, tiled)
    manifest = artifacts.manifest
    assert manifest["externs"] == {}, manifest["externs"]
    names = [k["name"] for k in manifest["kernels"]]
    assert len(names) == kernels, names


def test_the_copy_is_written_once_and_never_read_back() -> None:
    """The normalized rows are written once (in the matmul's layout) and read once."""
    x, w = torch.randn(2, 16, 64), torch.randn(32, 16)
    _, manifest = run(_mixer, x, w)
    norm, matmul = manifest["kernels"]
    rows = x.numel() * 4
    assert norm["bytes_written"] == rows, norm
    assert matmul["bytes_read"] == rows + w.numel() * 4, matmul


def test_an_empty_copy_matches_eager() -> None:
    x = torch.randn(0, 5)
    got, _ = run(lambda x: (x * 2).t().reshape(-1), x)
    assert mismatch([(x * 2).t().reshape(-1)], got) is None
    got, _ = run(lambda x: (x * 2).flip(0), x)
    assert mismatch([(x * 2).flip(0)], got) is None


@pytest.mark.parametrize("target", ["cuda:90", pytest.param("hip:gfx942", marks=pytest.mark.full)])
def test_copy_stores_compile_for_gpus(target: str, tmp_path: Path) -> None:
    """A store through a copy's layout with two dims per tile axis (the head-major split
    in a matmul epilogue), the layer norm's transposed store and a scan's flipped store
    (negative strides) compile for both GPUs."""
    lines = []
    for name in ("matmul epilogue", "mixer token mixing", "reverse cumsum"):
        fn, args, _ = CASES[name]
        artifacts, _ = compile_bound(fn, *args)
        (tmp_path / name.split()[0]).mkdir()
        lines += compile_for(artifacts.levels["tile"], target, tmp_path / name.split()[0])
    assert len(lines) == 4 and all(line.endswith(" None True") for line in lines), lines


def _topk(x: torch.Tensor) -> Any:
    top = torch.topk(x, 3, 1)
    return top.values, top.indices


def _matmul_corner(a: torch.Tensor, b: torch.Tensor) -> Any:
    y = (a @ b).relu()
    return y[:5, :7]


def _rows_corner(x: torch.Tensor) -> Any:
    """Rows over two dims: a cut of the inner one is not a masked store of the rows' tile
    axis (it masks by the flat row index), but the rows' slice is computed first
    (canonicalize-prims `SliceBeforeComputation`): the softmax of the 6 kept rows only,
    whose first 5 columns are a leading slice the kernel stores."""
    return torch.softmax(x, -1)[:2, :3, :5]


def _corner_read_twice(x: torch.Tensor) -> Any:
    """The sorted corner is an output and a later kernel's input: it reads the stored
    corner, not the sorted rows (which are not stored)."""
    corner = torch.sort(x, 1).values[:, :4]
    return corner, corner.exp().sum(1)


def _router(x: torch.Tensor) -> Any:
    """A mixture-of-experts router: only kernels read the top k (a softmax over them),
    so the sort's kernel stores those k columns and never the sorted rows. Written as a
    sum, so the test below counts the bytes of the one small output."""
    top = torch.topk(x, 2, -1)
    return torch.softmax(top.values, -1).sum(-1), top.indices.sum(-1)


def _corner_read_by_kernels(x: torch.Tensor) -> Any:
    """Two nested leading slices, read only by a later kernel."""
    return torch.sort(x, 1, descending=True).values[:, :6][:, :3].exp().sum(1)


PREFIXES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...], bool]] = {
    "topk": (_topk, (torch.randn(8, 32),), True),
    "topk of float16": (_topk, (distinct(4, 40, dtype=torch.float16),), True),
    "matmul corner": (_matmul_corner, (torch.randn(12, 16), torch.randn(16, 20)), True),
    "read by a later kernel": (_corner_read_twice, (torch.randn(6, 20),), True),
    "rows over two dims": (_rows_corner, (torch.randn(4, 6, 8),), True),
}
"""(The last field: does the program write no more than its outputs' bytes?)"""

READ_BY_KERNELS: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...], int]] = {
    "router": (_router, (torch.randn(6, 40),), 2),
    "router of float16": (_router, (distinct(6, 40, dtype=torch.float16),), 2),
    # (one NaN a row: topk orders several NaNs of a row as it likes)
    "router with NaN": (_router, (X.index_fill(1, torch.tensor([3]), float("nan")),), 2),
    "router of int32": (lambda i: torch.topk(i, 2, -1).values.sum(-1), (
        torch.randint(-50, 50, (6, 40), dtype=torch.int32),), 2),
    "nested slices": (_corner_read_by_kernels, (torch.randn(6, 20),), 3),
}
"""(The last field: the columns of the corner the sort's kernel stores.)"""


@pytest.mark.parametrize("name", list(READ_BY_KERNELS))
def test_a_leading_slice_that_only_kernels_read_is_all_it_stores(name: str) -> None:
    """The sort's kernel writes the k columns later kernels read, not the sorted rows
    (`store_prefixes` for kernel readers): per row, the corner and the indices or
    outputs, never the row's length. Eager's values, dtypes, shapes and NaN positions."""
    fn, args, k = READ_BY_KERNELS[name]
    want = fn(*args)
    want = list(want) if isinstance(want, tuple) else [want]
    got, manifest = run(fn, *args)
    assert mismatch(want, got) is None, mismatch(want, got)
    rows, row = args[0].shape
    sort = next(m for m in manifest["kernels"] if "prims.sort" in m["fused"])
    assert sort["bytes_written"] < rows * row * args[0].element_size(), manifest["kernels"]
    # (the values' corner, at most the indices' corner (int64) beside it)
    assert sort["bytes_written"] <= rows * k * (args[0].element_size() + 8), sort


@pytest.mark.parametrize("name", list(PREFIXES))
def test_a_leading_slice_of_a_kernel_value_is_all_it_stores(name: str) -> None:
    """`sort(x)[..., :k]` (topk) writes k columns, not the sorted rows (fusion.py
    `store_prefixes`); eager's values, dtypes, shapes and NaN positions."""
    fn, args, stored = PREFIXES[name]
    want = fn(*args)
    want = list(want) if isinstance(want, tuple) else [want]
    got, manifest = run(fn, *args)
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}, manifest["externs"]
    outputs = sum(t.numel() * t.element_size() for t in want)
    assert (manifest["bytes_written"] == outputs) == stored, manifest["kernels"]
