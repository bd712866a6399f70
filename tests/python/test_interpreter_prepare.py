"""Kernels run in Triton's interpreter are rewritten for it when their module is loaded
(`interpreter_fixes.prepare_kernels`), all at once, not one by one on each first launch."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from stepwell.lowering.launch_plan import load_kernels

SOURCE = """
import triton
import triton.language as tl


@triton.jit
def inside(x, lo, hi):
    return lo < x < hi


@triton.jit
def k_band(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(inside(x, -1.0, 1.0), x * 2.0, -x)
    tl.store(out_ptr + offs, y, mask=mask)
"""


def test_every_kernel_is_rewritten_at_load_and_launches_reuse_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from triton.runtime import interpreter

    kernels = load_kernels(SOURCE, tmp_path, interpret=True)
    assert set(kernels) == {"inside", "k_band"}
    for kernel in kernels.values():  # the device function too
        assert kernel.fn in interpreter.InterpretedFunction.rewritten_fn

    def no_lazy_rewrite(self: object) -> None:
        raise AssertionError("a launch rewrote a kernel that load_kernels had prepared")

    monkeypatch.setattr(interpreter.FunctionRewriter, "rewrite_ast", no_lazy_rewrite)
    x = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.25, 1.0, 2.0, float("nan"), 0.75])
    out = torch.full((16,), 7.0)
    kernels["k_band"][(1,)](x, out, x.numel(), BLOCK=16)
    # the chained comparison only works rewritten (`lo < x and x < hi` on a tile)
    expected = torch.where((x > -1.0) & (x < 1.0), x * 2.0, -x)
    torch.testing.assert_close(out[: x.numel()], expected, equal_nan=True)
    assert torch.equal(out[x.numel() :], torch.full((16 - x.numel(),), 7.0))


def test_without_the_interpreter_hooks_kernels_are_rewritten_lazily(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from triton.runtime import interpreter

    from stepwell.lowering.triton.interpreter_fixes import prepare_kernels

    monkeypatch.delattr(interpreter.FunctionRewriter, "ast_transformer")
    kernels = load_kernels(SOURCE.replace("k_band", "k_lazy"), tmp_path, interpret=True)
    assert prepare_kernels(object(), SOURCE, "unused") == 0  # type: ignore[arg-type]
    assert kernels["k_lazy"].fn not in interpreter.InterpretedFunction.rewritten_fn


def _launch_band(kernels: dict[str, object]) -> None:
    x = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.25, 1.0, 2.0, float("nan"), 0.75])
    out = torch.full((16,), 7.0)
    kernels["k_cached"][(1,)](x, out, x.numel(), BLOCK=16)  # type: ignore[index]
    expected = torch.where((x > -1.0) & (x < 1.0), x * 2.0, -x)
    torch.testing.assert_close(out[: x.numel()], expected, equal_nan=True)


def test_the_rewrite_is_cached_as_text_and_a_bad_entry_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A later process compiles the cached text instead of transforming the AST again; a
    corrupt entry, or one that lacks a kernel, is rewritten and stored again."""
    from triton.runtime import interpreter

    from stepwell.lowering.triton import interpreter_fixes

    monkeypatch.setenv("STEPWELL_CACHE_DIR", str(tmp_path / "cache"))
    source = SOURCE.replace("k_band", "k_cached")
    _launch_band(load_kernels(source, tmp_path / "a", interpret=True))
    (entry,) = (tmp_path / "cache").glob("interp-*")
    text = (entry / "kernels.interp").read_text()
    assert "interpreter_semantic.to_tensor" in text and "_InterpreterComparison" in text

    rewrites: list[str] = []
    real_rewrite = interpreter_fixes._rewrite

    def counting_rewrite(*args: object) -> object:
        rewrites.append("rewrite")
        return real_rewrite(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(interpreter_fixes, "_rewrite", counting_rewrite)
    interpreter.InterpretedFunction.rewritten_fn.clear()  # as in a new process
    kernels = load_kernels(source, tmp_path / "b", interpret=True)
    assert rewrites == [] and kernels["k_cached"].fn in interpreter.InterpretedFunction.rewritten_fn
    _launch_band(kernels)

    (entry / "kernels.interp").write_text(text[: len(text) // 2])  # truncated
    with pytest.warns(UserWarning, match="bad compile-cache entry"):
        kernels = load_kernels(source, tmp_path / "c", interpret=True)
    assert rewrites == ["rewrite"]
    _launch_band(kernels)
    assert (entry / "kernels.interp").read_text() == text  # stored again, whole
