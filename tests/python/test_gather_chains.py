"""Gathers of gathers (canonicalize-prims `GatherOfGather`, `GatherOfIndexMath`): an
upsampling gathers its input's corners, a `cat` gathers the upsampled tensor, and a
convolution's window gathers the `cat`. Each gather of a gather now reads the first
source at composed offsets, and index math is computed where it is read, so the chain is
one kernel that stores nothing in between. Each case is compared with eager (values,
dtype, shape, NaN positions) and counted in kernels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from native import native_like_eager

W_HEAD = torch.randn(8, 16, 1, 1)
W_PAD = torch.randn(4, 3, 3, 3)

CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...], int]] = {
    # SegFormer's decode head: bilinear upsampling, cat, 1x1 convolution (3 kernels and
    # two stored 2x16x8x8 tensors before)
    "upsample, cat, 1x1 conv": (
        lambda a, b: F.conv2d(torch.cat([F.interpolate(b, size=(8, 8), mode="bilinear"), a],
                                        1), W_HEAD).relu(),
        (torch.randn(2, 8, 8, 8), torch.randn(2, 8, 4, 4)), 1),
    # the window reads 0 in the padding, outside the upsampled tensor: the composed
    # gather is masked there
    "nearest upsampling, padded 3x3 conv": (
        lambda x: F.conv2d(F.interpolate(x, scale_factor=2, mode="nearest"), W_PAD,
                           padding=1),
        (torch.randn(1, 3, 3, 3),), 1),
    # offsets read from inputs: torch.take's then the index's
    "take of take, input offsets": (
        lambda x, i, j: torch.take(x, i)[j] * 2,
        (torch.randn(4, 5), torch.tensor([[3, 19, 0], [7, 7, -1]]),
         torch.tensor([1, 0, 1])), 1),
    "take of take, int64 and a flip": (
        lambda x, i: torch.take(x, i).flip(0) + 1,
        (torch.randint(-9, 9, (6,)), torch.tensor([5, 0, 2, -6])), 1),
    "half: upsample, reflect pad": (
        lambda x: F.pad(F.interpolate(x, scale_factor=2, mode="nearest"), (1, 1, 1, 1),
                        mode="reflect") * 3,
        (torch.randn(1, 2, 3, 3).half(),), 1),
    "empty": (
        lambda x, i: torch.take(x, i)[1:].flip(0),
        (torch.randn(3), torch.zeros(0, dtype=torch.long)), 0),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_gather_of_a_gather_reads_the_first_source(name: str) -> None:
    fn, args, kernels = CASES[name]
    manifest = native_like_eager(fn, *args)
    names = [k["name"] for k in manifest["kernels"]]
    assert len(names) <= kernels, names
