"""Matmul prologues (support/prologues.py): elementwise ops that compute a matmul's
operand run on its operand tiles in the K loop. Each case is checked against eager at
the tile level (the tile interpreter) and in Triton (its interpreter): values, dtype,
shape and NaN positions; and by what the kernels read and write."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from gpu_compile import compile_for

from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import Example, export
from stepwell.fuzz.compare import mismatch
from stepwell.ir.interpret_tile import run_tile
from stepwell.lowering.compiler import compile_module
from stepwell.pipeline import bind_inputs


def _cast(x: torch.Tensor, w: torch.Tensor) -> Any:
    return x @ w.float()


def _dequantize(x: torch.Tensor, w: torch.Tensor, scale: torch.Tensor) -> Any:
    """A weight-only int8 linear layer: the weight is dequantized as the matmul loads it."""
    return x @ (w.float() * scale[:, None]).t()


def _k_tail(x: torch.Tensor, w: torch.Tensor) -> Any:
    """K = 37: the last K tile's lanes past K load as 0, where exp(0 - 3) and 0 + 1 are
    not 0; the prologue must zero them."""
    return torch.exp(x - 3) @ (w + 1)


def _log(x: torch.Tensor, w: torch.Tensor) -> Any:
    """NaN (log of a negative) and -inf (log of 0) rows, at eager's positions."""
    return torch.log(x) @ w


def _rms_gqa(x: torch.Tensor, g: torch.Tensor, wq: torch.Tensor, wk: torch.Tensor) -> Any:
    """Llama's RMSNorm feeding projections of two widths (two matmul kernels)."""
    h = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * g
    return h @ wq.t(), h @ wk.t()


def _layer_norm_half(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor, wl: torch.Tensor) -> Any:
    return F.linear(F.layer_norm(x, (x.shape[-1],), w, b), wl)


def _bmm(a: torch.Tensor, b: torch.Tensor) -> Any:
    return torch.bmm(a * 2, b.sigmoid())


def _gram(x: torch.Tensor) -> Any:
    """One computed value read as both operands, once transposed."""
    y = x.relu()
    return y @ y.t()


def _int(x: torch.Tensor, w: torch.Tensor) -> Any:
    return x.float() @ w


def _two_sides(x: torch.Tensor) -> Any:
    """Both operands' prologues load x through one view, into tiles of other shapes
    (lhs [BM, BK] at (m, k), rhs [BK, BN] at (k, n)): two loads, not one."""
    return (x * 2) @ x.relu()


def _positions(x: torch.Tensor, p: torch.Tensor, w: torch.Tensor) -> Any:
    """`x + p` with p broadcast over the batch, collapsed to the matmul's rows: p has no
    strides in the collapsed view, so the sum is stored and loaded (no prologue)."""
    return F.linear(x + p, w)


CASES: dict[str, tuple[Callable[..., Any], Callable[[], tuple[torch.Tensor, ...]], int]] = {
    # (function, inputs, kernels)
    "cast_f16": (_cast, lambda: (torch.randn(40, 64), torch.randn(64, 48).half()), 1),
    "dequantize_i8": (_dequantize, lambda: (torch.randn(24, 96),
                                            torch.randint(-127, 128, (80, 96), dtype=torch.int8),
                                            torch.rand(80) / 64), 1),
    "k_tail": (_k_tail, lambda: (torch.randn(3, 37), torch.randn(37, 20)), 1),
    "log_nan": (_log, lambda: (torch.randn(5, 50).where(torch.rand(5, 1) > 0.4, torch.rand(5, 50))
                               .index_fill(0, torch.tensor([1]), 0.0), torch.randn(50, 7)), 1),
    "rms_gqa": (_rms_gqa, lambda: (torch.randn(2, 40, 64), torch.randn(64), torch.randn(128, 64),
                                   torch.randn(32, 64)), 2),
    # (the norm's statistics; the projection, converting w and b as it loads them)
    "layer_norm_f16": (_layer_norm_half, lambda: (torch.randn(3, 40, 64).half(),
                                                  torch.randn(64).half(), torch.randn(64).half(),
                                                  torch.randn(48, 64).half() / 8), 2),
    "bmm": (_bmm, lambda: (torch.randn(4, 16, 24), torch.randn(4, 24, 8)), 1),
    "gram": (_gram, lambda: (torch.randn(33, 45),), 1),
    "two_sides": (_two_sides, lambda: (torch.randn(64, 64),), 1),
    "f64": (_k_tail, lambda: (torch.randn(3, 37, dtype=torch.float64),
                              torch.randn(37, 20, dtype=torch.float64)), 1),
    "int32": (_int, lambda: (torch.randint(-9, 9, (12, 40), dtype=torch.int32),
                             torch.randn(40, 16)), 1),
}  # fmt: skip


def _compile(fn: Callable[..., Any], args: tuple[torch.Tensor, ...]) -> tuple[Any, list[Any]]:
    ep = export(Example(fn, args, "fn"))
    artifacts = compile_module(import_program(ep))
    return artifacts, bind_inputs(artifacts.module, ep, args)


def _outputs(fn: Callable[..., Any], args: tuple[torch.Tensor, ...]) -> list[torch.Tensor]:
    out = fn(*args)
    return list(out) if isinstance(out, tuple) else [out]


def _function(artifacts: Any) -> str:
    from xdsl.dialects.func import FuncOp

    (fn,) = [op for op in artifacts.module.ops if isinstance(op, FuncOp)]
    return fn.sym_name.data


def _matmul_parts(artifacts: Any) -> list[dict[str, Any]]:
    kernels = []
    for k in artifacts.manifest["kernels"]:
        kernels += k.get("parts", [k])
    return [k for k in kernels if k["kind"] == "matmul"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_matmul_computes_its_operands_as_it_loads_them(case: str) -> None:
    fn, make, kernels = CASES[case]
    torch.manual_seed(0)
    args = make()
    want = _outputs(fn, args)
    artifacts, inputs = _compile(fn, args)
    assert artifacts.manifest["externs"] == {}, artifacts.manifest["externs"]
    assert len(artifacts.manifest["kernels"]) == kernels, artifacts.manifest["kernels"]
    for part in _matmul_parts(artifacts):  # the matmul kernels hold the prologue's ops
        assert part["fused"][0] != "prims.matmul", part["fused"]
    got = list(artifacts.runtime(*inputs))  # Triton, in its interpreter
    assert mismatch(want, got) is None, mismatch(want, got)
    tiled = list(run_tile(artifacts.module, *inputs, function=_function(artifacts)))
    assert mismatch(want, tiled) is None, mismatch(want, tiled)


def test_a_cast_weight_is_read_once_in_its_own_dtype() -> None:
    """No kernel stores an f32 copy of the half weight: one kernel reads x and w as they
    are and writes the product only."""
    fn, make, _ = CASES["cast_f16"]
    x, w = make()
    artifacts, _ = _compile(fn, (x, w))
    assert artifacts.manifest["bytes_read"] == x.numel() * 4 + w.numel() * 2
    assert artifacts.manifest["bytes_written"] == 40 * 48 * 4


def test_a_norm_feeding_projections_stores_its_statistics_only() -> None:
    """The RMSNorm kernel writes one rstd a row, not the normalized rows: each projection
    recomputes `x * rstd * g` on its x tiles."""
    fn, make, _ = CASES["rms_gqa"]
    args = make()
    artifacts, _ = _compile(fn, args)
    outputs = sum(t.numel() * t.element_size() for t in _outputs(fn, args))
    rows = 2 * 40
    assert artifacts.manifest["bytes_written"] == outputs + rows * 4


def _unfused(artifacts: Any) -> bool:
    return all(p["fused"][0] == "prims.matmul" for p in _matmul_parts(artifacts))


def test_an_operand_read_by_another_op_is_stored_once() -> None:
    """`h` is returned too: it is stored anyway, so the matmul loads it (no prologue)."""

    def also_returned(x: torch.Tensor, w: torch.Tensor) -> Any:
        h = x * 2
        return h @ w, h

    args = (torch.randn(16, 32), torch.randn(32, 8))
    artifacts, inputs = _compile(also_returned, args)
    assert _unfused(artifacts) and len(artifacts.manifest["kernels"]) == 2
    assert mismatch(list(also_returned(*args)), list(artifacts.runtime(*inputs))) is None


def test_an_input_the_views_to_the_matmul_cannot_express_is_not_fused() -> None:
    args = (torch.randn(8, 16, 64), torch.randn(16, 64), torch.randn(48, 64))
    artifacts, inputs = _compile(_positions, args)
    assert _unfused(artifacts) and len(artifacts.manifest["kernels"]) == 2
    assert mismatch([_positions(*args)], list(artifacts.runtime(*inputs))) is None
    tiled = list(run_tile(artifacts.module, *inputs, function=_function(artifacts)))
    assert mismatch([_positions(*args)], tiled) is None


def test_a_prologue_reading_more_than_the_operand_is_not_fused() -> None:
    """`x + y` reads two tensors of the operand's size: recomputing it in every K step
    would read more than storing the sum once, so the matmul loads the sum."""

    def two_inputs(x: torch.Tensor, y: torch.Tensor, w: torch.Tensor) -> Any:
        return (x + y) @ w

    args = (torch.randn(16, 32), torch.randn(16, 32), torch.randn(32, 8))
    artifacts, inputs = _compile(two_inputs, args)
    assert _unfused(artifacts) and len(artifacts.manifest["kernels"]) == 2
    assert mismatch([two_inputs(*args)], list(artifacts.runtime(*inputs))) is None


def test_llama_s_norms_run_in_its_projections() -> None:
    """Llama's RMSNorms feed only their projections: their tails run in the projections'
    K loops (the zoo's bytes figure), with eager's values."""
    from stepwell.frontend.loader import load_example

    example = load_example(str(Path(__file__).resolve().parents[2] / "examples/llama.py"))
    ep = export(example)
    artifacts = compile_module(import_program(ep))
    with torch.no_grad():
        want = _outputs(example.fn, example.inputs)
    got = list(artifacts.runtime(*bind_inputs(artifacts.module, ep, example.inputs)))
    assert mismatch(want, got) is None, mismatch(want, got)
    assert artifacts.manifest["externs"] == {}
    fused = [p["fused"] for p in _matmul_parts(artifacts) if p["fused"][0] != "prims.matmul"]
    assert any("prims.rsqrt" not in f and f.count("prims.mul") >= 2 for f in fused), fused


@pytest.mark.parametrize("target", ["cuda:90", "hip:gfx942"])
@pytest.mark.parametrize("case", ["k_tail", "f64"])
def test_prologue_kernels_compile_for_gpus(target: str, case: str, tmp_path: Path) -> None:
    fn, make, _ = CASES[case]
    artifacts, _ = _compile(fn, make())
    lines = compile_for(artifacts.levels["tile"], target, tmp_path)
    assert len(lines) == 1 and lines[0].endswith(" None True"), lines


@pytest.mark.parametrize("case", ["rms_gqa", "cast_f16"])
def test_prologues_of_symbolic_sizes_compile_once(case: str, tmp_path: Path) -> None:
    """With every size symbolic (a symbolic K too: its last tile is masked by the K size
    argument), the prologue is judged by structure and the kernels run at every size."""
    import json

    fn, make, _ = CASES[case]
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    full = make()
    for n in (40, 7, 29):
        if case == "cast_f16":  # K itself changes: x's columns and w's rows
            args = [torch.randn(n, n + 5), torch.randn(n + 5, 48).half()]
        else:  # the sequence length
            args = [torch.randn(2, n, 64), *full[1:]]
        want = _outputs(fn, tuple(args))
        assert mismatch(want, _outputs(compiled, tuple(args))) is None
    (manifest,) = [json.loads(p.read_text()) for p in tmp_path.rglob("manifest.json")]
    parts = [p for k in manifest["kernels"] for p in k.get("parts", [k])]
    matmuls = [p for p in parts if p["kind"] == "matmul"]
    assert matmuls and all(p["fused"][0] != "prims.matmul" for p in matmuls), parts
    assert all(k["symbols"] for k in manifest["kernels"]), manifest["kernels"]
