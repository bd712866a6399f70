"""Leaf recomputation (support/leaves.py): a value one kernel computes from memory alone
(`x.float()` of a half argument) that another kernel loads is computed again by its
reader instead of being stored. Each case is checked against eager at the tile level
(the tile interpreter) and in Triton (its interpreter): values, dtype, shape and NaN
positions; and by what the kernels write."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from test_prologues import _compile, _function, _outputs

from stepwell.fuzz.compare import mismatch
from stepwell.ir.interpret_tile import run_tile


def _residual(x: torch.Tensor, w: torch.Tensor) -> Any:
    """A row max reads `x.float()` (placement puts the residual's conversion in its
    kernel), the product's epilogue adds `x.float()`."""
    xf = x.float()
    c = (xf - xf.amax(-1, keepdim=True)).to(x.dtype)
    return xf + (c @ w).float()


def _rms_block(x: torch.Tensor, g: torch.Tensor, w: torch.Tensor) -> Any:
    """A half RMSNorm, a projection and the residual, as a bf16 model writes them."""
    return x + F.linear(F.rms_norm(x, (x.shape[-1],), g), w)


def _int_rows(i: torch.Tensor, w: torch.Tensor) -> Any:
    """An integer tensor converted for a row sum and for an epilogue."""
    f = i.float()
    return f.sum(1), f * 0.5 + f @ w


def _bool_mask(m: torch.Tensor, x: torch.Tensor, w: torch.Tensor) -> Any:
    """A bool tensor converted (0/1) for a row count and for an epilogue's scaling."""
    f = m.float()
    return f.sum(-1), (x @ w) * f


def _two_inputs(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor, w: torch.Tensor) -> Any:
    """`x + y` reads two full tensors that the product's kernel does not load: recomputing
    it there reads as much as the sum's store and load cost, so it stays stored."""
    s = x + y
    return s.amax(-1), (z @ w) + s


def _shared_input(x: torch.Tensor, y: torch.Tensor, w: torch.Tensor) -> Any:
    """`x + y` where the product's kernel loads x anyway: only y is a new load."""
    s = x + y
    return s.amax(-1), (x @ w) + s


def _shifted_rows(x: torch.Tensor, z: torch.Tensor, w: torch.Tensor) -> Any:
    """`x - amax(x)` (a log-softmax's shift) read by its row kernel and by a product's
    epilogue: the epilogue recomputes it from x and the row maxima, which the row kernel
    stores instead of the shifted rows."""
    s = x - x.amax(-1, keepdim=True)
    return s.exp().sum(-1), (z @ w) * s


CASES: dict[str, tuple[Callable[..., Any], Callable[[], tuple[torch.Tensor, ...]]]] = {
    "residual_bf16": (_residual, lambda: (torch.randn(8, 64).bfloat16(),
                                          torch.randn(64, 64).bfloat16() / 8)),
    "residual_f16_nan": (_residual, lambda: (
        torch.randn(8, 64).half().index_fill(1, torch.tensor([3]), float("nan"))
        .index_fill(1, torch.tensor([5]), float("inf")), torch.randn(64, 64).half() / 8)),
    "residual_empty": (_residual, lambda: (torch.randn(0, 64).bfloat16(),
                                           torch.randn(64, 64).bfloat16())),
    "rms_block_bf16": (_rms_block, lambda: (torch.randn(2, 12, 64).bfloat16(),
                                            torch.randn(64).bfloat16(),
                                            torch.randn(64, 64).bfloat16() / 8)),
    "int32": (_int_rows, lambda: (torch.randint(-9, 9, (16, 32), dtype=torch.int32),
                                  torch.randn(32, 32))),
    "bool": (_bool_mask, lambda: (torch.rand(16, 32) > 0.5, torch.randn(16, 24),
                                  torch.randn(24, 32))),
    "two_inputs": (_two_inputs, lambda: (torch.randn(16, 32), torch.randn(16, 32),
                                         torch.randn(16, 32), torch.randn(32, 32))),
    "shared_input": (_shared_input, lambda: (torch.randn(16, 32), torch.randn(16, 32),
                                             torch.randn(32, 32))),
    "shifted_rows": (_shifted_rows, lambda: (torch.randn(16, 32), torch.randn(16, 24),
                                             torch.randn(24, 32))),
    "shifted_rows_nan": (_shifted_rows, lambda: (
        torch.randn(16, 32).index_fill(1, torch.tensor([3]), float("nan")),
        torch.randn(16, 24), torch.randn(24, 32))),
}  # fmt: skip


def _nbytes(ts: list[torch.Tensor]) -> int:
    return sum(t.numel() * t.element_size() for t in ts)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_leaf_recomputed_by_its_reader_matches_eager(case: str) -> None:
    fn, make = CASES[case]
    torch.manual_seed(0)
    args = make()
    want = _outputs(fn, args)
    artifacts, inputs = _compile(fn, args)
    assert artifacts.manifest["externs"] == {}, artifacts.manifest["externs"]
    got = list(artifacts.runtime(*inputs))  # Triton, in its interpreter
    assert mismatch(want, got) is None, mismatch(want, got)
    tiled = list(run_tile(artifacts.module, *inputs, function=_function(artifacts)))
    assert mismatch(want, tiled) is None, mismatch(want, tiled)


@pytest.mark.parametrize(("case", "extra"), [
    ("residual_bf16", 8 * 4),  # the row maxima
    ("rms_block_bf16", 2 * 12 * 4),  # rstd (the projection recomputes the norm)
    ("int32", 0),  # (the row sums are outputs)
    ("bool", 0),
    ("shared_input", 0),
    ("shifted_rows", 16 * 4),  # the row maxima, not the shifted rows
])  # fmt: skip
def test_no_kernel_stores_a_conversion_for_another(case: str, extra: int) -> None:
    """The kernels write their outputs and `extra` bytes of intermediates, not a
    converted copy of an input."""
    fn, make = CASES[case]
    torch.manual_seed(0)
    args = make()
    artifacts, _ = _compile(fn, args)
    want = _nbytes(_outputs(fn, args)) + extra
    assert artifacts.manifest["bytes_written"] == want, artifacts.manifest["kernels"]


def test_a_leaf_that_reads_more_than_it_saves_stays_stored() -> None:
    fn, make = CASES["two_inputs"]
    torch.manual_seed(0)
    args = make()
    artifacts, _ = _compile(fn, args)
    stored = _nbytes(_outputs(fn, args)) + 16 * 32 * 4  # the outputs and `x + y`
    assert artifacts.manifest["bytes_written"] == stored, artifacts.manifest["kernels"]


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_elementwise_terms_are_recomputed_by_the_kernel_that_sums_them(dtype: torch.dtype) -> None:
    """A KL term over two log-softmaxes, summed over every element together with an MSE:
    the softmax kernels store row statistics only, and the kernel that sums recomputes
    the terms (a reduction reads the leaf in registers), so no kernel writes a tensor of
    the logits' size. Eager's values, dtype and shape."""

    def fn(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return (F.kl_div(x.log_softmax(-1), y.softmax(-1), reduction="batchmean")
                + F.mse_loss(x, y))  # fmt: skip

    torch.manual_seed(0)
    x, y = torch.randn(16, 100).to(dtype), torch.randn(16, 100).to(dtype)
    artifacts, inputs = _compile(fn, (x, y))
    got = list(artifacts.runtime(*inputs))
    assert mismatch([fn(x, y)], got) is None, mismatch([fn(x, y)], got)
    written = [k["bytes_written"] for k in artifacts.manifest["kernels"]]
    assert max(written) < x.numel() * x.element_size(), artifacts.manifest["kernels"]
