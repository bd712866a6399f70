"""ATen ops PyTorch's decomposition table leaves whole although they are compositions
(`support/composites.py`): `rms_norm`, the shift operators and a label-smoothed
`cross_entropy` are kernels, not ATen calls,
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

LOGITS = torch.randn(7, 10) * 2
TARGET = torch.randint(0, 10, (7,))
TARGET[1], TARGET[4] = -100, 3  # an ignored target, a repeated class
CLASS_WEIGHTS = torch.rand(10) + 0.1
LOGITS_3D, TARGET_3D = torch.randn(2, 10, 5), torch.randint(0, 10, (2, 5))
TARGET_3D[0, 2] = -100

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
    # cross_entropy with label smoothing (ATen's composite fills in place: an ATen call)
    "cross_entropy, label smoothing, mean": (
        lambda z, t: F.cross_entropy(z, t, label_smoothing=0.1), (LOGITS, TARGET), 2),
    "cross_entropy, label smoothing, class weights, sum and mean": (
        lambda z, t, w: (F.cross_entropy(z, t, w, reduction="sum", label_smoothing=0.2),
                         F.cross_entropy(z, t, w, label_smoothing=0.2)),
        (LOGITS, TARGET, CLASS_WEIGHTS), 2),
    "cross_entropy, label smoothing, no reduction, [N, C, d] logits": (
        lambda z, t: F.cross_entropy(z, t, reduction="none", label_smoothing=0.1),
        (LOGITS_3D, TARGET_3D), 2),
    "cross_entropy, label smoothing, float16": (
        lambda z, t: F.cross_entropy(z, t, label_smoothing=0.1), (LOGITS.half(), TARGET), 2),
    # rrelu in eval mode: a leaky ReLU of the mean slope, fused with what follows
    "rrelu, eval": (lambda x: F.rrelu(x, 0.1, 0.3).exp(), (X,), 1),
    "nn.RReLU, eval, float16": (torch.nn.RReLU().eval(), (X.half(),), 1),
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
