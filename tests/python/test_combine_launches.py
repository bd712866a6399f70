"""combine-launches: independent kernels that read one tensor run as one combo kernel,
with eager's values at the tile level (the tile interpreter) and in Triton (its
interpreter), and the combo compiles for GPUs."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch

from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import Example, export
from stepwell.fuzz.compare import mismatch
from stepwell.ir.interpret_tile import run_tile
from stepwell.lowering.compiler import compile_module
from stepwell.pipeline import bind_inputs


def _gqa(x: torch.Tensor, wq: torch.Tensor, wk: torch.Tensor, wv: torch.Tensor) -> Any:
    """Llama's projections: Q has more columns than K and V (grouped-query attention)."""
    return x @ wq.t(), x @ wk.t(), x @ wv.t()


def _rows_and_columns(x: torch.Tensor) -> Any:
    """Two reductions of one tensor over different axes: two iteration spaces."""
    return x.sum(1), x.amax(0)


def _row_max_and_flip(x: torch.Tensor) -> Any:
    return x.amax(1), x.t().flip(0).abs()


def _flags(x: torch.Tensor) -> Any:
    """A row reduction beside a flipped transpose: two iteration spaces."""
    return x.all(1), x.t().flip(0) ^ True


def _compile(fn: Callable[..., Any], args: tuple[torch.Tensor, ...], pipeline: str | None = None):  # type: ignore[no-untyped-def]
    ep = export(Example(fn, args, "fn"))
    artifacts = compile_module(import_program(ep), pipeline=pipeline)
    return artifacts, bind_inputs(artifacts.module, ep, args)


CASES: dict[str, tuple[Callable[..., Any], Callable[[], tuple[torch.Tensor, ...]], int]] = {
    # (function, its inputs, kernels it is without combine-launches)
    "gqa_f32": (_gqa, lambda: (torch.randn(2, 40, 64), torch.randn(128, 64),
                               torch.randn(32, 64), torch.randn(32, 64)), 2),
    "rows_columns_i32": (_rows_and_columns,
                         lambda: (torch.randint(-50, 50, (37, 70), dtype=torch.int32),), 2),
    "row_max_flip_f16": (_row_max_and_flip, lambda: (torch.randn(33, 300).half(),), 2),
    "flags_bool": (_flags, lambda: (torch.rand(9, 130) > 0.1,), 2),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_independent_kernels_reading_one_tensor_are_one_launch(case: str) -> None:
    fn, make, separate = CASES[case]
    torch.manual_seed(0)
    args = make()
    want = list(fn(*args))
    artifacts, inputs = _compile(fn, args)
    kernels = artifacts.manifest["kernels"]
    assert artifacts.manifest["launches"] == 1 and len(kernels) == 1, kernels
    (combo,) = kernels
    assert combo["kind"] == "combo" and len(combo["parts"]) == separate, combo
    got = list(artifacts.runtime(*inputs))  # Triton, in its interpreter
    assert mismatch(want, got) is None, mismatch(want, got)
    tiled = list(run_tile(artifacts.module, *inputs, function=_function(artifacts)))
    assert mismatch(want, tiled) is None, mismatch(want, tiled)


def _function(artifacts: Any) -> str:
    from xdsl.dialects.func import FuncOp

    (fn,) = [op for op in artifacts.module.ops if isinstance(op, FuncOp)]
    return fn.sym_name.data


def test_a_combo_launches_each_part_over_its_own_grid() -> None:
    """The Q projection's grid has several programs along two axes (batch and row
    blocks); each program of the combo runs one program of one part."""
    fn, make, _ = CASES["gqa_f32"]
    torch.manual_seed(1)
    args = make()
    artifacts, _ = _compile(fn, args)
    (combo,) = artifacts.manifest["kernels"]
    grids = [p["grid"] for p in combo["parts"]]
    assert any(sum(d > 1 for d in g) >= 2 for g in grids), grids
    assert combo["grid"] == [sum(g[0] * g[1] * g[2] for g in grids), 1, 1]


def test_without_the_pass_the_kernels_launch_apart() -> None:
    from stepwell.pipeline import default_pipeline

    fn, make, separate = CASES["gqa_f32"]
    args = make()
    artifacts, inputs = _compile(fn, args, default_pipeline(skip=("combine-launches",)))
    assert artifacts.manifest["launches"] == separate
    assert mismatch(list(fn(*args)), list(artifacts.runtime(*inputs))) is None


def test_a_kernel_that_reads_another_s_result_is_not_combined() -> None:
    def chain(x: torch.Tensor, w: torch.Tensor) -> Any:
        y = x @ w
        return y, (y @ w).amax(0)

    args = (torch.randn(16, 16), torch.randn(16, 16))
    artifacts, inputs = _compile(chain, args)
    assert all(k["kind"] != "combo" for k in artifacts.manifest["kernels"])
    assert mismatch(list(chain(*args)), list(artifacts.runtime(*inputs))) is None


COMPILE_FOR = """
import sys
from pathlib import Path
from stepwell.ir.printing import parse_module
from stepwell.lowering.runtime import kernels_of
from stepwell.lowering.triton.emitter import emit_module
from stepwell.lowering.triton.targets import compile_all, load_for_compile

kernels = kernels_of(parse_module(Path(sys.argv[1]).read_text()))
fns = load_for_compile(emit_module(kernels), Path(sys.argv[2]))
for r in compile_all(kernels, fns, sys.argv[3], workers=1):
    print(r.name, r.error, bool(r.asm.get(sys.argv[4])))
"""


@pytest.mark.parametrize("target", ["cuda:90", "hip:gfx942"])
def test_a_combo_kernel_compiles_for_gpus(target: str, tmp_path: Path) -> None:
    fn, make, _ = CASES["gqa_f32"]
    artifacts, _ = _compile(fn, make())
    (tmp_path / "module.mlir").write_text(artifacts.levels["tile"])
    asm = "ptx" if target.startswith("cuda") else "amdgcn"
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env["TRITON_CACHE_DIR"] = str(tmp_path / "triton")
    env["STEPWELL_CACHE_DIR"] = str(tmp_path / "cache")
    proc = subprocess.run(
        [sys.executable, "-c", COMPILE_FOR, str(tmp_path / "module.mlir"), str(tmp_path),
         target, asm], capture_output=True, text=True, env=env, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = [line for line in proc.stdout.split("\n") if line]
    assert len(lines) == 1 and lines[0].endswith("_combo None True"), lines


@pytest.mark.parametrize("old, new, why", [
    ("start = 4 : i64", "start = 3 : i64", "starts at program 3, not 4"),
    ('grid = [6 : i64, 1 : i64, 1 : i64], space = []',
     'grid = [7 : i64, 1 : i64, 1 : i64], space = []', "grid is \\[6, 1, 1\\]"),
    ('kind = "combo"', 'kind = "matmul"', "only a 'combo' kernel holds tile.part ops"),
])  # fmt: skip
def test_a_malformed_combo_kernel_is_refused(old: str, new: str, why: str) -> None:
    from stepwell.ir.printing import parse_module

    fn, make, _ = CASES["gqa_f32"]
    artifacts, _ = _compile(fn, make())
    text = artifacts.levels["tile"]
    assert old in text
    with pytest.raises(Exception, match=why):
        parse_module(text.replace(old, new, 1)).verify()
