"""combine-launches: independent kernels that read one tensor run as one combo kernel,
with eager's values at the tile level (the tile interpreter) and in Triton (its
interpreter), and the combo compiles for GPUs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
from gpu_compile import compile_for

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
    from stepwell.tools.explain import rows  # `stepwell explain` shows each part's block

    ((name, *_, block, _bytes, _backend),) = rows(artifacts)
    assert name == combo["name"]
    assert block == "+".join("x".join(map(str, p["block"])) for p in combo["parts"]), block


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


@pytest.mark.parametrize("target", ["cuda:90", "hip:gfx942"])
def test_a_combo_kernel_compiles_for_gpus(target: str, tmp_path: Path) -> None:
    fn, make, _ = CASES["gqa_f32"]
    artifacts, _ = _compile(fn, make())
    lines = compile_for(artifacts.levels["tile"], target, tmp_path)
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
