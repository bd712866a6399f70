"""ATen ops PyTorch's decomposition table leaves whole although they are compositions
(`support/composites.py`): `rms_norm` and the shift operators are kernels, not ATen calls,
and match eager in values, dtype, shape and NaN positions; shifts by any amount (negative,
the width or more) as eager computes them (`tile_rules._shift`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from gpu_compile import compile_for
from native import compile_bound, run

from stepwell.fuzz.compare import mismatch

torch.manual_seed(0)
X = torch.randn(3, 5, 16)
X[0, 1, 2] = float("nan")
W = torch.randn(16)
HALF_NORM = torch.nn.RMSNorm(16, eps=1e-5).half()
with torch.no_grad():
    HALF_NORM.weight.uniform_(0.5, 2)

CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...], int]] = {
    # name: (fn, args, kernels)
    "rms_norm, weight and eps": (lambda x, w: F.rms_norm(x, (16,), w, 1e-6), (X, W), 1),
    "rms_norm over two dims, no weight": (lambda x: F.rms_norm(x, (5, 16)), (X,), 1),
    "nn.RMSNorm, float16 (mean of squares in float32)": (HALF_NORM, (X.half(),), 1),
    "rms_norm, bfloat16 weight": (lambda x, w: F.rms_norm(x, (16,), w),
                                  (X.bfloat16(), W.bfloat16()), 1),
    "rms_norm of an empty batch": (lambda x, w: F.rms_norm(x, (16,), w), (X[:0], W), 0),
    "shifts by scalars": (lambda a: (a << 3) ^ (a >> 2) | (a >> 40) + (a << 33),
                          (torch.randint(-2**31, 2**31 - 1, (4, 8), dtype=torch.int32),), 1),
    "shifts by tensors, out of range too": (
        lambda a, s: (a << s, a >> s, a.long() >> s.long(), a.short() << s.short()),
        (torch.randint(-1000, 1000, (4, 8), dtype=torch.int32),
         torch.randint(-3, 70, (4, 8), dtype=torch.int32)), 1),
    "uint8 (logical right shift), int8": (
        lambda a: ((a.to(torch.uint8) >> 3) | (a.to(torch.uint8) << 9),
                   a.to(torch.int8) >> 1),
        (torch.randint(-128, 255, (16,)),), 1),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_composites_are_kernels_that_match_eager(name: str) -> None:
    fn, args, kernels = CASES[name]
    got, manifest = run(fn, *args)
    want = fn(*args)
    want = list(want) if isinstance(want, tuple) else [want]
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {} and manifest["graph_level_prims"] == {}
    assert len(manifest["kernels"]) == kernels


def test_shifts_compile_for_a_gpu(tmp_path: Path) -> None:
    fn, args, _ = CASES["shifts by tensors, out of range too"]
    artifacts, _ = compile_bound(fn, *args)
    lines = compile_for(artifacts.levels["tile"], "cuda:90", tmp_path)
    assert lines and all(line.endswith(" None True") for line in lines), lines
