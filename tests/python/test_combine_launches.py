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


def _extremes(x: torch.Tensor) -> Any:
    """Both reductions of a half tensor upcast it: two conversions, one per kernel."""
    return x.amax(1), x.amin(0)


def _flags(x: torch.Tensor) -> Any:
    """A row reduction beside a flipped transpose: two iteration spaces."""
    return x.all(1), x.t().flip(0) ^ True


def _any_all(x: torch.Tensor) -> Any:
    """`all` over columns reduces `(~x).long()`, which no kernel should store."""
    return x.any(1), x.all(0)


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
    "extremes_f16": (_extremes, lambda: (torch.randn(33, 300).half(),), 2),
    "any_all_bool": (_any_all, lambda: (torch.rand(9, 130) > 0.1,), 2),
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


@pytest.mark.parametrize("case", ["extremes_f16", "any_all_bool"])
def test_kernels_that_convert_one_input_each_convert_it_as_they_load_it(case: str) -> None:
    """No kernel stores a converted copy of the input (an f32 copy of the half input, an
    int64 copy of the bool one) for the other to load: the kernels write their results
    only, and each reads x once (fusion.py: `leaf_producers`)."""
    fn, make, _ = CASES[case]
    (x,) = make()
    artifacts, _ = _compile(fn, (x,))
    written = sum(t.numel() * t.element_size() for t in fn(x))
    assert artifacts.manifest["bytes_written"] == written
    assert artifacts.manifest["bytes_read"] == 2 * x.numel() * x.element_size()


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


def test_kernels_of_symbolic_sizes_are_one_launch_at_every_size(tmp_path: Path) -> None:
    """With a dynamic length, the projections are symbolic kernels: their combo takes the
    size symbols of both, and its grid and each part's programs are expressions of them."""
    import json

    fn, make, separate = CASES["gqa_f32"]
    _, wq, wk, wv = make()
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for length in (40, 7, 130):
        x = torch.randn(2, length, 64)
        assert mismatch(list(fn(x, wq, wk, wv)), list(compiled(x, wq, wk, wv))) is None
    manifests = [json.loads(p.read_text()) for p in tmp_path.rglob("manifest.json")]
    assert len(manifests) == 1, "one symbolic compile for every length"
    (combo,) = manifests[0]["kernels"]
    assert combo["kind"] == "combo" and combo["symbols"] and len(combo["parts"]) == separate
    assert isinstance(combo["grid"][0], str), combo["grid"]  # an expression of the length


# two symbolic kernels reading x [s0, 16]: a pointwise add (blocks of 64 elements) and a
# row reduction (blocks of 2 rows; an odd s0 leaves a row out of view)
SYMBOLIC = """
builtin.module {
  tile.kernel @add(%x: memref<?x16xf32, strided<[16, 1]>>,
                   %b: memref<?x16xf32, strided<[0, 1]>>,
                   %y: memref<?x16xf32, strided<[16, 1]>>, %s0: index)
      attributes {symbols = ["s0"], dims = [["s0"], ["s0"], ["s0"]],
                  grid = ["((16*s0 + 63) // 64)", 1 : i64, 1 : i64],
                  space = [["s0", 16 : i64]], block = [64 : i64], num_warps = 2 : i64,
                  kind = "pointwise"} {
    %p = tile.program_id {axis = 0 : i64} : index
    %a = tile.load %x[%p] {groups = [2 : i64]}
        : memref<?x16xf32, strided<[16, 1]>> -> tensor<64xf32>
    %c = tile.load %b[%p] {groups = [2 : i64]}
        : memref<?x16xf32, strided<[0, 1]>> -> tensor<64xf32>
    %o = arith.addf %a, %c : tensor<64xf32>
    tile.store %o, %y[%p] {groups = [2 : i64]}
        : tensor<64xf32>, memref<?x16xf32, strided<[16, 1]>>
  }
  tile.kernel @rows(%x: memref<?x16xf32, strided<[16, 1]>>,
                    %y: memref<?xf32, strided<[1]>>, %s0: index) attributes {
      symbols = ["s0"], dims = [["s0"], ["s0"]],
      grid = ["((s0 + 1) // 2)", 1 : i64, 1 : i64], space = [["s0"], [16 : i64]],
      block = [2 : i64, 16 : i64], num_warps = 4 : i64, kind = "reduction"} {
    %r = tile.program_id {axis = 0 : i64} : index
    %c0 = arith.constant 0 : index
    %t = tile.load %x[%r, %c0] {groups = [1 : i64, 1 : i64]}
        : memref<?x16xf32, strided<[16, 1]>> -> tensor<2x16xf32>
    %e = math.exp %t : tensor<2x16xf32>
    %s = tile.reduce "sum" %e {axis = 1 : i64} : tensor<2x16xf32> -> tensor<2x1xf32>
    tile.store %s, %y[%r, %c0] {groups = [1 : i64, 0 : i64]}
        : tensor<2x1xf32>, memref<?xf32, strided<[1]>>
  }
  func.func @forward(%x: tensor<?x16xf32, ["s0"]>, %b: tensor<16xf32>)
      -> (tensor<?x16xf32, ["s0"]>, tensor<?xf32, ["s0"]>) {
    %0 = tile.launch @add(%x, %b)
        : (tensor<?x16xf32, ["s0"]>, tensor<16xf32>) -> tensor<?x16xf32, ["s0"]>
    %1 = tile.launch @rows(%x) : (tensor<?x16xf32, ["s0"]>) -> tensor<?xf32, ["s0"]>
    func.return %0, %1 : tensor<?x16xf32, ["s0"]>, tensor<?xf32, ["s0"]>
  }
}
"""


def test_a_symbolic_combo_runs_at_every_size_in_both_interpreters() -> None:
    from xdsl.context import Context

    from stepwell.ir.printing import parse_module
    from stepwell.ir.sizes import evaluate
    from stepwell.lowering.runtime import Runtime, kernels_of
    from stepwell.lowering.triton.emitter import emit_module
    from stepwell.passes.combine_launches import CombineLaunches

    module = parse_module(SYMBOLIC)
    CombineLaunches().apply(Context(), module)
    module.verify()
    (combo,) = kernels_of(module)
    assert combo.is_combo() and combo.symbol_names() == ["s0"]
    runtime = Runtime(module, emit_module([combo]))
    for n in (1, 2, 5, 33):
        programs = evaluate(combo.grid_sizes()[0], {"s0": n})
        assert programs == (n + 1) // 2 + (16 * n + 63) // 64  # the parts' programs
        x, b = torch.randn(n, 16), torch.randn(16)
        want = [x + b, x.exp().sum(1)]
        for got in (run_tile(module, x, b), runtime(x, b)):
            assert mismatch(want, list(got)) is None, (n, mismatch(want, list(got)))
