"""Convolution as kernels: 1-d, 2-d and 3-d, stride, padding, dilation, groups
(depthwise) and transposed convolution are a gather of each window and a sum, one kernel
with the bias and the pointwise ops after it; padding (constant, reflect, replicate) is
one gather; all matching eager on values, dtype and shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from native import run

from stepwell.fuzz.compare import mismatch


def r(*shape: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return torch.randn(*shape).to(dtype)


torch.manual_seed(0)
CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "2d bias relu": (lambda x, w, b: F.relu(F.conv2d(x, w, b, padding=1)),
                     (r(2, 3, 8, 8), r(4, 3, 3, 3), r(4))),
    "2d stride dilation": (lambda x, w: F.conv2d(x, w, stride=2, padding=2, dilation=2),
                           (r(1, 4, 9, 7), r(6, 4, 3, 2))),
    "2d groups, asymmetric padding": (lambda x, w: F.conv2d(x, w, groups=2, padding=(0, 1)),
                                      (r(2, 4, 5, 5), r(6, 2, 3, 3))),
    "depthwise": (lambda x, w: F.conv2d(x, w, groups=4, padding=1), (r(2, 4, 5, 5), r(4, 1, 3, 3))),
    "1x1 and a residual": (lambda x, w: F.conv2d(x, w) + x, (r(2, 4, 5, 5), r(4, 4, 1, 1))),
    "1d bias stride": (lambda x, w, b: F.conv1d(x, w, b, stride=2, padding=1),
                       (r(2, 3, 10), r(5, 3, 3), r(5))),
    "3d": (lambda x, w: F.conv3d(x, w, padding=1), (r(1, 2, 4, 5, 3), r(3, 2, 3, 3, 3))),
    "float16": (lambda x, w: F.conv2d(x, w), (r(1, 3, 6, 6, dtype=torch.float16),
                                              r(2, 3, 3, 3, dtype=torch.float16))),
    "bfloat16": (lambda x, w: F.conv2d(x, w, padding=1), (r(1, 3, 5, 5, dtype=torch.bfloat16),
                                                          r(2, 3, 3, 3, dtype=torch.bfloat16))),
    "float64": (lambda x, w: F.conv1d(x, w), (r(1, 2, 7, dtype=torch.float64),
                                              r(3, 2, 2, dtype=torch.float64))),
    "transposed 2d, output padding": (
        lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1),
        (r(2, 4, 5, 5), r(4, 3, 3, 3), r(3))),
    "transposed groups dilation": (
        lambda x, w: F.conv_transpose2d(x, w, stride=(2, 3), padding=(0, 1), dilation=2, groups=2),
        (r(1, 4, 4, 3), r(4, 2, 2, 3))),
    "transposed 1d": (lambda x, w: F.conv_transpose1d(x, w, stride=3), (r(2, 3, 4), r(3, 2, 4))),
    "transposed 3d": (lambda x, w: F.conv_transpose3d(x, w, stride=2, padding=1),
                      (r(1, 2, 3, 3, 2), r(2, 2, 3, 3, 3))),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_convolution_is_one_kernel_and_matches_eager(name: str) -> None:
    fn, args = CASES[name]
    got, manifest = run(fn, *args)
    want = fn(*args)
    assert mismatch([want], got) is None, mismatch([want], got)
    assert manifest["externs"] == {} and manifest["graph_level_copies"] == {}
    assert len(manifest["kernels"]) == 1, [k["name"] for k in manifest["kernels"]]


def test_an_empty_batch_computes_nothing() -> None:
    """A convolution of an empty batch has an empty result: an allocation, no kernel and
    no ATen call (any op whose results hold no elements decomposes so)."""
    fn = lambda x, w: F.conv2d(x, w)  # noqa: E731
    args = (r(0, 3, 5, 5), r(2, 3, 3, 3))
    got, manifest = run(fn, *args)
    assert mismatch([fn(*args)], got) is None
    assert manifest["externs"] == {} and manifest["kernels"] == []
    assert manifest["allocations"] == {"prims.full": 1}


def test_the_cnn_example_runs_without_aten() -> None:
    """examples/cnn.py (conv, batch norm, ReLU, max pool, conv, adaptive pool, linear)."""
    from pathlib import Path

    from stepwell.frontend.loader import load_example

    example = load_example(str(Path(__file__).resolve().parents[2] / "examples/cnn.py"))
    got, manifest = run(example.fn, *example.inputs)
    assert mismatch([example.fn(*example.inputs)], got) is None
    assert manifest["externs"] == {} and manifest["graph_level_copies"] == {}


X = torch.randn(2, 3, 5, 6)
PADS: dict[str, tuple[Callable[..., Any], torch.Tensor]] = {
    "constant with a value": (lambda x: F.pad(x, (1, 2, 0, 1), value=0.5), X),
    "negative (cropping)": (lambda x: F.pad(x, (-1, 2, 1, -2)), X),
    "constant int32": (lambda x: F.pad(x, (1, 1), value=7),
                       torch.arange(12, dtype=torch.int32).reshape(3, 4)),
    "constant bool": (lambda x: F.pad(x, (1, 1)), torch.randn(2, 4) > 0),
    "constant float16": (lambda x: F.pad(x, (2, 0), value=1.5), X[0, 0].half()),
    "reflect 2-d": (lambda x: F.pad(x, (2, 1, 1, 2), mode="reflect"), X),
    "reflect 1-d": (lambda x: F.pad(x, (2, 3), mode="reflect"), X[0]),
    "replicate 2-d": (lambda x: F.pad(x, (2, 1, 1, 2), mode="replicate"), X),
    "replicate 3-d": (lambda x: F.pad(x, (1, 1, 2, 0, 1, 1), mode="replicate"),
                      torch.randn(1, 2, 3, 4, 5)),
    "pad then relu": (lambda x: F.pad(x, (1, 1, 1, 1), value=-1.0).relu() * 2, X),
    "replicate beyond the dim, and cropping": (
        lambda x: F.pad(x, (6, -1, -2, 3), mode="replicate"), X),
    "reflect with cropping": (lambda x: F.pad(x, (-2, 1, 1, -3), mode="reflect"), X),
}  # fmt: skip


def test_circular_cropping_and_empty_pads() -> None:
    """Circular padding with a negative pad crops first and wraps the cropped dim: it stays
    eager's (right values); an empty input gives an empty result with no call at all."""
    fn = lambda x: F.pad(x, (3, 3, -1, 2), mode="circular")  # noqa: E731
    got, manifest = run(fn, X)
    assert mismatch([fn(X)], got) is None
    fn = lambda x: F.pad(x, (1, 2), mode="reflect")  # noqa: E731
    empty = torch.randn(0, 3, 3)
    got, manifest = run(fn, empty)
    assert mismatch([fn(empty)], got) is None
    assert manifest["externs"] == {} and manifest["kernels"] == []
    assert manifest["allocations"] == {"prims.full": 1}


@pytest.mark.parametrize("name", list(PADS))
def test_padding_is_one_gather_kernel(name: str) -> None:
    fn, x = PADS[name]
    got, manifest = run(fn, x)
    assert mismatch([fn(x)], got) is None, mismatch([fn(x)], got)
    assert manifest["externs"] == {} and manifest["graph_level_copies"] == {}
    assert len(manifest["kernels"]) == 1, [k["name"] for k in manifest["kernels"]]


def test_same_padding_with_an_even_kernel() -> None:
    """`padding="same"` with an even kernel pads asymmetrically first: the window's
    gather of the padded input reads the input itself (a gather of a gather,
    `GatherOfGather`), so the pad and the convolution are one kernel (two before), and
    no index tensor is made in memory."""
    fn = lambda x, w: F.conv2d(x, w, padding="same")  # noqa: E731
    args = (torch.randn(1, 3, 5, 5), torch.randn(2, 3, 2, 2))
    got, manifest = run(fn, *args)
    assert mismatch([fn(*args)], got) is None
    assert manifest["externs"] == {} and manifest["graph_level_copies"] == {}
    assert len(manifest["kernels"]) == 1


PADDED_AFTER: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    # an op that is not 0 where its input is (x + 1, exp, a centring, a norm) before a
    # padded convolution: its padding must read 0, not the op of 0
    "x + 1": (lambda x, w: F.conv2d(x + 1, w, padding=1), (r(2, 4, 6, 6), r(4, 4, 3, 3))),
    "exp, float16": (lambda x, w: F.conv2d(x.exp(), w, padding=1),
                     (r(1, 4, 5, 5, dtype=torch.float16), r(3, 4, 3, 3, dtype=torch.float16))),
    "centred": (lambda x, w: F.conv2d(x - x.mean((2, 3), keepdim=True), w, padding=1),
                (r(2, 4, 6, 6), r(4, 4, 3, 3))),
    "group norm, silu (a UNet block)": (
        lambda x, w: F.conv2d(F.silu(F.group_norm(x, 2)), w, padding=1),
        (r(2, 4, 6, 6), r(4, 4, 3, 3))),
    "conv + 1, then a strided conv": (
        lambda x, w: F.conv2d(F.conv2d(x, w, padding=1) + 1, w, padding=1, stride=2),
        (r(2, 4, 6, 6), r(4, 4, 3, 3))),
    "depthwise": (lambda x, w: F.conv2d(x.sigmoid(), w, groups=4, padding=1),
                  (r(2, 4, 5, 5), r(4, 1, 3, 3))),
    "1d": (lambda x, w: F.conv1d(x.cos(), w, padding=2), (r(2, 3, 7), r(2, 3, 3))),
    "transposed": (lambda x, w: F.conv_transpose2d(x.exp(), w, padding=1, stride=2),
                   (r(1, 4, 4, 4), r(4, 3, 3, 3))),
    "float64, 3d": (lambda x, w: F.conv3d(x + 2, w, padding=1),
                    (r(1, 2, 3, 4, 3, dtype=torch.float64), r(2, 2, 3, 3, 3, dtype=torch.float64))),
}  # fmt: skip


@pytest.mark.parametrize("name", list(PADDED_AFTER))
def test_padding_reads_zero_after_an_op_fused_into_the_window(name: str) -> None:
    """The op before the convolution is computed in the convolution's window gather
    (canonicalize-prims moves the gather above it); the padding lanes then get the op's
    value at offset -1, not 0, unless the moved gather is masked (`_guarded_first`).
    Wrong values before; still one kernel per convolution."""
    fn, args = PADDED_AFTER[name]
    got, manifest = run(fn, *args)
    assert mismatch([fn(*args)], got) is None, mismatch([fn(*args)], got)
    assert manifest["externs"] == {}


def test_chained_padded_convolutions_recompute_their_window_offsets() -> None:
    """Two convolutions of one shape share their window offsets (cse): each kernel
    computes them from its lanes instead of the first storing them, 8 bytes per window
    element, for the second (the offsets were 58 ops, over the old limit of 32 on what
    `RecomputeGeneratedValues` copies)."""
    x, w = r(2, 8, 8, 8), r(8, 8, 3, 3)

    def fn(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return F.conv2d(F.conv2d(x, w, padding=1).relu(), w, padding=1)

    got, manifest = run(fn, x, w)
    assert mismatch([fn(x, w)], got) is None
    first, second = manifest["kernels"]
    assert first["bytes_written"] == second["bytes_written"] == x.numel() * 4
    assert second["bytes_read"] == (x.numel() + w.numel()) * 4
