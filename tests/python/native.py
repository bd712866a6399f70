"""Shared helpers of the native-coverage tests (`test_native_*.py`): compile a function
through stepwell and return its outputs with the manifest (what ran as kernels, what
stayed ATen's or at graph level), and compare with eager."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import Example, export
from stepwell.fuzz.compare import mismatch
from stepwell.lowering.compiler import compile_module
from stepwell.pipeline import bind_inputs


def distinct(*shape: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """Random values of `shape` with no two equal, exact in `dtype`: multiples of 1/8
    around 0 in a shuffled order. Where ties are undefined (which index `topk` or an
    unstable sort returns among equal values), random float16 data would make a test flaky:
    6 rows of 40 `randn` halves hold a tie now and then."""
    n = 1
    for size in shape:
        n *= size
    return ((torch.randperm(n) - n // 2).to(torch.float32) / 8).reshape(shape).to(dtype)


def compile_bound(fn: Callable[..., Any], *args: Any) -> tuple[Any, list[Any]]:
    """`fn` exported and compiled for `args`: the artifacts and the inputs bound to them."""
    ep = export(Example(fn, args, "fn"))
    artifacts = compile_module(import_program(ep))
    return artifacts, list(bind_inputs(artifacts.module, ep, args))


def run(fn: Callable[..., Any], *args: Any) -> tuple[list[Any], dict[str, Any]]:
    """`fn` exported, compiled and run on `args`: its outputs and the manifest."""
    artifacts, inputs = compile_bound(fn, *args)
    return list(artifacts.runtime(*inputs)), artifacts.manifest


def native_like_eager(fn: Callable[..., Any], *args: Any) -> dict[str, Any]:
    """Run `fn` through stepwell, check its outputs against eager's (values, dtype, shape,
    NaN positions: `mismatch`) and that no op called ATen; returns the manifest."""
    got, manifest = run(fn, *args)
    want = [fn(*args)]
    assert mismatch(want, got) is None, mismatch(want, got)
    assert manifest["externs"] == {}, manifest["externs"]
    return manifest


def compiled_in_one_kernel(
    fn: Callable[..., torch.Tensor], tmp_path: Path, *args: torch.Tensor
) -> torch.Tensor:
    """`fn` through `torch.compile(backend="stepwell")`, checking that it ran as one
    kernel with no ATen call and nothing but broadcasts at graph level."""
    torch._dynamo.reset()
    out = torch.compile(fn, backend="stepwell", options={"dump_dir": str(tmp_path)})(*args)
    (manifest,) = [json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")]
    assert manifest["externs"] == {}, manifest["externs"]
    assert len(manifest["kernels"]) == 1, manifest["kernels"]
    assert not set(manifest["graph_level_prims"]) - {"prims.broadcast_in_dim"}, manifest
    return out


def assert_close(
    got: torch.Tensor, want: torch.Tensor, tolerance: dict[torch.dtype, float]
) -> None:
    """Same dtype, shape, NaN positions and sign bits of zeros; values within the dtype's
    tolerance (relative, with the same absolute floor for results near a zero)."""
    if not want.is_floating_point():
        assert mismatch(want, got) is None, mismatch(want, got)
        return
    assert (got.dtype, got.shape) == (want.dtype, want.shape), (got.dtype, got.shape)
    assert torch.equal(got.isnan(), want.isnan()), "NaN at other positions than eager"
    assert torch.equal(torch.signbit(got[got == 0]), torch.signbit(want[got == 0]))
    tol = tolerance.get(want.dtype, 1e-3)
    finite = torch.isfinite(want)
    assert torch.equal(got[~finite], want[~finite]) or torch.equal(
        got[~finite].isnan(), want[~finite].isnan()
    )
    close = torch.isclose(got[finite].double(), want[finite].double(), rtol=tol, atol=tol)
    bad = (~close).nonzero().flatten()[:5].tolist()
    assert close.all(), [(got[finite][i].item(), want[finite][i].item()) for i in bad]
