"""Tile-level kernels with symbolic sizes (one compile for every size): size arguments,
`?` views, grids computed at launch, masks and loop trip counts on symbolic bounds.

Hand-written kernels run by the tile interpreter, by Triton (its interpreter on CPU)
through the IR runtime and through the launch plan, each against eager PyTorch at
several sizes; they also compile for cuda:90 and gfx942. Size expressions are parsed
by a fixed grammar (IR text is untrusted) and bad symbolic kernels are refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import torch
from gpu_compile import compile_for
from xdsl.utils.exceptions import VerifyException

from stepwell.ir.interpret_tile import run_tile
from stepwell.ir.printing import parse_module
from stepwell.ir.sizes import SizeError, evaluate, parse_size, size_source, size_text
from stepwell.lowering.plan_builder import build_launch_plan
from stepwell.lowering.runtime import Runtime, kernels_of
from stepwell.lowering.triton.emitter import emit_module

# a pointwise kernel over [s0, 16] with a broadcast operand; a row reduction over s0
# rows (blocks of 2: an odd s0 leaves a row out of view); a column reduction over s1
# columns, looped over tiles of 32 with the trip count computed from the size argument
MODULE = """
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
  tile.kernel @rows(%x: memref<?x100xf32, strided<[100, 1]>>,
                    %y: memref<?xf32, strided<[1]>>, %s0: index) attributes {
      symbols = ["s0"], dims = [["s0"], ["s0"]],
      grid = ["((s0 + 1) // 2)", 1 : i64, 1 : i64], space = [["s0"], [100 : i64]],
      block = [2 : i64, 128 : i64], num_warps = 4 : i64, kind = "reduction"} {
    %r = tile.program_id {axis = 0 : i64} : index
    %c0 = arith.constant 0 : index
    %t = tile.load %x[%r, %c0] {groups = [1 : i64, 1 : i64]}
        : memref<?x100xf32, strided<[100, 1]>> -> tensor<2x128xf32>
    %e = math.exp %t : tensor<2x128xf32>
    %s = tile.reduce "sum" %e {axis = 1 : i64} : tensor<2x128xf32> -> tensor<2x1xf32>
    tile.store %s, %y[%r, %c0] {groups = [1 : i64, 0 : i64]}
        : tensor<2x1xf32>, memref<?xf32, strided<[1]>>
  }
  tile.kernel @cols(%x: memref<4x?xf32, strided<[?, 1]>>,
                    %y: memref<4xf32, strided<[1]>>, %s1: index) attributes {
      symbols = ["s1"], dims = [["s1", "s1"], []],
      grid = [4 : i64, 1 : i64, 1 : i64], space = [[4 : i64], ["s1"]],
      block = [1 : i64, 32 : i64], num_warps = 1 : i64, kind = "reduction"} {
    %r = tile.program_id {axis = 0 : i64} : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %n0 = arith.addi %s1, %c31 : index
    %n = arith.divsi %n0, %c32 : index
    %init = arith.constant dense<0.0> : tensor<1x1xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%a = %init) -> (tensor<1x1xf32>) {
      %t = tile.load %x[%r, %k] {groups = [1 : i64, 1 : i64]}
          : memref<4x?xf32, strided<[?, 1]>> -> tensor<1x32xf32>
      %s = tile.reduce "sum" %t at %k {axis = 1 : i64} : tensor<1x32xf32> -> tensor<1x1xf32>
      %a2 = arith.addf %a, %s : tensor<1x1xf32>
      scf.yield %a2 : tensor<1x1xf32>
    }
    tile.store %acc, %y[%r, %c0] {groups = [1 : i64, 0 : i64]}
        : tensor<1x1xf32>, memref<4xf32, strided<[1]>>
  }
  func.func @forward(%x: tensor<?x16xf32, ["s0"]>, %b: tensor<16xf32>,
                     %z: tensor<?x100xf32, ["s0"]>, %w: tensor<4x?xf32, ["s1"]>)
      -> (tensor<?x16xf32, ["s0"]>, tensor<?xf32, ["s0"]>, tensor<4xf32>) {
    %0 = tile.launch @add(%x, %b)
        : (tensor<?x16xf32, ["s0"]>, tensor<16xf32>) -> tensor<?x16xf32, ["s0"]>
    %1 = tile.launch @rows(%z) : (tensor<?x100xf32, ["s0"]>) -> tensor<?xf32, ["s0"]>
    %2 = tile.launch @cols(%w) : (tensor<4x?xf32, ["s1"]>) -> tensor<4xf32>
    func.return %0, %1, %2 : tensor<?x16xf32, ["s0"]>, tensor<?xf32, ["s0"]>, tensor<4xf32>
  }
}
"""

SIZES = [(1, 1), (3, 5), (8, 32), (13, 100)]


def _inputs(n: int, n1: int) -> tuple[torch.Tensor, ...]:
    g = torch.Generator().manual_seed(n * 1000 + n1)
    return (torch.randn(n, 16, generator=g), torch.randn(16, generator=g),
            torch.randn(n, 100, generator=g) - 3.0, torch.randn(4, n1, generator=g))  # fmt: skip


def _expected(x: torch.Tensor, b: torch.Tensor, z: torch.Tensor, w: torch.Tensor):  # type: ignore[no-untyped-def]
    return x + b, z.exp().sum(1), w.sum(1)


def _check(got, want) -> None:  # type: ignore[no-untyped-def]
    assert len(got) == len(want)
    for g, r in zip(got, want, strict=True):
        assert g.shape == r.shape and g.dtype == r.dtype
        torch.testing.assert_close(g, r, atol=1e-4, rtol=1e-4)


@pytest.fixture(scope="module")
def module():  # type: ignore[no-untyped-def]
    m = parse_module(MODULE)
    m.verify()
    return m


@pytest.mark.parametrize("n, n1", SIZES)
def test_the_tile_interpreter_runs_one_kernel_at_every_size(module, n: int, n1: int) -> None:  # type: ignore[no-untyped-def]
    args = _inputs(n, n1)
    _check(run_tile(module, *args), _expected(*args))


def test_triton_runs_one_kernel_at_every_size(module) -> None:  # type: ignore[no-untyped-def]
    source = emit_module(kernels_of(module))
    assert "def add(x0_ptr, b1_ptr, y2_ptr, sym_s0):" in source
    assert "mask3 = offs2 < 16*sym_s0" in source  # the bound is the size argument
    assert "for k9 in range(c2, t7, c3):" in source  # the trip count computed in the kernel
    runtime = Runtime(module, source)
    plan = build_launch_plan(module)
    assert plan is not None
    launches = [s for s in plan.steps if s["op"] == "launch"]
    assert launches[0]["grid"][0] == "((16*s0 + 63)//64)"
    assert launches[0]["binds"] == [[0, 0, "s0"]] and launches[2]["binds"] == [[0, 1, "s1"]]
    for n, n1 in SIZES:
        args = _inputs(n, n1)
        want = _expected(*args)
        _check(runtime(*args), want)  # the IR runtime
        _check(plan.run(runtime.kernels(True), list(args), True), want)  # the launch plan


def test_symbolic_kernels_reading_one_tensor_combine_into_one_launch() -> None:
    """combine-launches on symbolic kernels: MODULE with @rows over [s0, 16] and reading
    @add's input x, so the two combine; the combo takes their symbol, its grid is the sum
    of their grids' programs, and both interpreters run it at every size."""
    from xdsl.context import Context

    from stepwell.passes.combine_launches import CombineLaunches

    text = MODULE.replace("100", "16").replace("128", "16")
    module = parse_module(text.replace("tile.launch @rows(%z)", "tile.launch @rows(%x)"))
    CombineLaunches().apply(Context(), module)
    module.verify()
    combo, cols = kernels_of(module)
    assert combo.is_combo() and combo.symbol_names() == ["s0"] and not cols.is_combo()
    runtime = Runtime(module, emit_module([combo, cols]))
    for n, n1 in SIZES:
        assert evaluate(combo.grid_sizes()[0], {"s0": n}) == (16 * n + 63) // 64 + (n + 1) // 2
        x, b, z, w = _inputs(n, n1)
        z = z[:, :16]
        want = (x + b, x.exp().sum(1), w.sum(1))
        _check(run_tile(module, x, b, z, w), want)
        _check(runtime(x, b, z, w), want)


def test_a_launch_whose_inputs_give_a_symbol_two_sizes_is_refused() -> None:
    from stepwell.ir.sizes import bind_symbols

    binds = [[0, 0, "s0"], [1, 1, "s0"]]
    assert bind_symbols(binds, [torch.empty(3, 2), torch.empty(2, 3)]) == {"s0": 3}
    with pytest.raises(ValueError, match="s0 is 3 and 4"):
        bind_symbols(binds, [torch.empty(3, 2), torch.empty(2, 4)])


@pytest.mark.parametrize("target", ["cuda:90", pytest.param("hip:gfx942", marks=pytest.mark.full)])
def test_symbolic_kernels_compile_for_gpus(target: str, tmp_path: Path) -> None:
    from stepwell.lowering.triton.targets import signature

    assert signature(kernels_of(parse_module(MODULE))[0])["sym_s0"] == "i32"
    lines = compile_for(MODULE, target, tmp_path)
    assert lines[:3] == ["add None True", "rows None True", "cols None True"]


@pytest.mark.parametrize("text, value", [
    ("s0", 9), ("8*s93", 40), ("((s0 + 1)//2)", 5), ("s93 - 1", 4), ("Max(1, s0)", 9),
    ("PythonMod(s0, 2)", 1), ("s0*s93 + 3", 48), ("CeilDiv(s0, 4)", 3), ("7 - s93", 2),
    # as torch prints a numel over a dim; the quotient of an exact division is itself
    ("((s0**2)//s0)", 9), ("(s0*s93)//s93", 9), ("s0 ** 2", 81), ("(2*s0 + 1)//2", 9),
    # a divisor that is a product (`view(2, -1, 3)` of `s0` elements: its last dim is
    # `s0//(2*(s0//6))`), printed `s0//2*(s0//3)`, read back as `(s0//2)*(s0//3)`
    ("s0//(2*(s0//3))", 1), ("PythonMod(s0, 2*s93)", 9), ("CeilDiv(s0, 2*s93)", 1),
    ("(8*s0)//(s93**2)", 2), ("PythonMod(s0*s93, s93*s93)", 20),
])  # fmt: skip
def test_size_expressions_read_print_and_evaluate(text: str, value: int) -> None:
    size = parse_size(text)
    bindings = {"s0": 9, "s93": 5}
    assert evaluate(size, bindings) == value
    assert parse_size(size_text(size)) == size  # the printed form reads back
    assert eval(size_source(size), {}, bindings) == value  # (its Python: a kernel's grid)


@pytest.mark.parametrize("text", ["__import__('os')", "s0.real", "s0 ** 100", "s0 ** s93",
                                  "2 ** s0", "(9)**8", "((s0)**8)**8", "(s0 + 1)**2", "1.5",
                                  "f(s0, 1)", "lambda: 1", "s0 +", "_hidden"])  # fmt: skip
def test_a_size_outside_the_grammar_is_refused(text: str) -> None:
    with pytest.raises(SizeError):
        parse_size(text)


@pytest.mark.parametrize("edit, why", [
    (('dims = [["s0"], ["s0"], ["s0"]]', 'dims = [["s9"], ["s0"], ["s0"]]'), "not symbols"),
    (('dims = [["s0"], ["s0"], ["s0"]]', 'dims = [["s0"], ["s0"]]'), "each view"),
    (('dims = [["s0"], ["s0"], ["s0"]]', 'dims = [["s0", "s0"], ["s0"], ["s0"]]'), "one size"),
    (('grid = ["((16*s0 + 63) // 64)"', 'grid = ["open(s0)"'), "grid"),
    (('space = [["s0", 16 : i64]]', 'space = [["s0 ** s0", 16 : i64]]'), "space"),
    (('%x: tensor<?x16xf32, ["s0"]>, %b', '%x: tensor<?x16xf32, ["2*s0"]>, %b'), "binds"),
])  # fmt: skip
def test_a_bad_symbolic_kernel_is_refused(edit: tuple[str, str], why: str) -> None:
    old, new = edit
    assert old in MODULE
    text = MODULE.replace(old, new)
    if "2*s0" in new:  # the launch's input no longer binds s0 by itself
        text = text.replace("%0 = tile.launch @add(%x, %b)\n        : (tensor<?x16xf32, "
                            '["s0"]>', "%0 = tile.launch @add(%x, %b)\n        : (tensor<?x16"
                            'xf32, ["2*s0"]>')  # fmt: skip
    with pytest.raises(VerifyException, match=why):
        parse_module(text).verify()


# -- from the torch level: decomposed, fused and tiled once for every size ----------------
TORCH_LEVEL = """
func.func @forward(%x: tensor<?x16xf32, ["s0"]>, %w1: tensor<32x16xf32>, %b1: tensor<32xf32>,
                   %g: tensor<32xf32>, %beta: tensor<32xf32>)
    -> (tensor<?x32xf32, ["s0"]>, tensor<32xf32>) {
  %wt = torch.aten.t %w1 : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %h = torch.aten.addmm %b1, %x, %wt : (tensor<32xf32>, tensor<?x16xf32, ["s0"]>,
                                       tensor<16x32xf32>) -> tensor<?x32xf32, ["s0"]>
  %a = torch.aten.gelu %h : (tensor<?x32xf32, ["s0"]>) -> tensor<?x32xf32, ["s0"]>
  %y, %m, %r = torch.aten.native_layer_norm %a, %g, %beta {normalized_shape = [32 : i64],
      eps = 1.000000e-05 : f64} : (tensor<?x32xf32, ["s0"]>, tensor<32xf32>, tensor<32xf32>)
      -> (tensor<?x32xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>)
  %s = torch.aten.sum.dim_IntList %y {dim = [0 : i64], keepdim = false}
      : (tensor<?x32xf32, ["s0"]>) -> tensor<32xf32>
  func.return %y, %s : tensor<?x32xf32, ["s0"]>, tensor<32xf32>
}
"""


def test_a_torch_level_graph_lowers_to_symbolic_kernels_once() -> None:
    """addmm, gelu, layer_norm and a sum over the symbolic dim (a looped reduction whose
    trip count is computed from the size argument): every op becomes a symbolic kernel
    (no ATen call), and the tile interpreter and Triton agree with eager at sizes from
    1 to 2500 (two column tiles of the sum's loop)."""
    import torch.nn.functional as F

    from stepwell.pipeline import lower

    module = lower(parse_module(TORCH_LEVEL), "tile")
    text = str(module)
    assert "prims.extern" not in text and "tile.kernel" in text
    kernels = kernels_of(module)
    assert kernels and all(k.symbol_names() == ["s0"] for k in kernels)
    runtime = Runtime(module, emit_module(kernels))
    g = torch.Generator().manual_seed(0)
    w1, b1 = torch.randn(32, 16, generator=g), torch.randn(32, generator=g)
    gamma, beta = torch.randn(32, generator=g), torch.randn(32, generator=g)
    for n in (1, 7, 64, 2500):  # (2500: the sum over s0 takes two 2048-wide tiles)
        x = torch.randn(n, 16, generator=g)
        y = F.layer_norm(F.gelu(F.linear(x, w1, b1)), (32,), gamma, beta)
        want = (y, y.sum(0))
        args = (x, w1, b1, gamma, beta)
        _check(run_tile(module, *args), want)
        _check(runtime(*args), want)


TORCH_IOTA = """
func.func @forward(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"},
                   %x: tensor<?x4xf32, ["s0"]>, %table: tensor<64x4xf32>)
    -> tensor<?x4xf32, ["s0"]> {
  %p = torch.aten.arange sym(%n) {end = #torch.sym<0>, device = "cpu", pin_memory = false}
      : (i64) -> tensor<?xi64, ["s0"]>
  %e = torch.aten.embedding %table, %p
      : (tensor<64x4xf32>, tensor<?xi64, ["s0"]>) -> tensor<?x4xf32, ["s0"]>
  %y = torch.aten.add.Tensor %x, %e
      : (tensor<?x4xf32, ["s0"]>, tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0"]>
  func.return %y : tensor<?x4xf32, ["s0"]>
}
"""


@pytest.fixture(scope="module")
def iota_module():  # type: ignore[no-untyped-def]
    from stepwell.pipeline import lower

    return lower(parse_module(TORCH_IOTA), "tile")


def test_position_embeddings_of_a_symbolic_length_are_one_kernel(iota_module) -> None:  # type: ignore[no-untyped-def]
    """`embedding(table, arange(s0))` (GPT-2's position embeddings): the iota of the
    size argument's length is computed in the kernel (`tile.splat`) and feeds the
    gather; the tile interpreter and Triton match eager at every size."""
    text = str(iota_module)
    assert "prims.extern" not in text and "tile.splat" in text
    kernels = kernels_of(iota_module)
    assert len(kernels) == 1 and kernels[0].symbol_names() == ["s0"]
    runtime = Runtime(iota_module, emit_module(kernels))
    table = torch.randn(64, 4)
    for n in (2, 7, 64):
        x = torch.randn(n, 4)
        want = (x + table[torch.arange(n)],)
        _check(run_tile(iota_module, n, x, table), want)
        _check(runtime(n, x, table), want)


@pytest.mark.parametrize("target", ["cuda:90", pytest.param("hip:gfx942", marks=pytest.mark.full)])
def test_a_symbolic_iota_kernel_compiles_for_gpus(iota_module, target: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _compiles_alone_for(str(iota_module), target, tmp_path)


def _compiles_alone_for(module: str, target: str, tmp_path: Path) -> None:
    """The module's one kernel compiles for `target` (gpu_compile.compile_for)."""
    assert [line.split(" ", 1)[1] for line in compile_for(module, target, tmp_path)] == [
        "None True"
    ]


# attention at a symbolic length: prefill (causal, queries and keys of length s0) and
# decode (one query against s0 keys of a growing cache)
TORCH_ATTENTION = {
    "prefill": ("tensor<1x2x?x16xf32, [\"s0\"]>", "true"),
    "decode": ("tensor<1x2x1x16xf32>", "false"),
}


def _attention_text(kind: str) -> str:
    q_type, causal = TORCH_ATTENTION[kind]
    kv = 'tensor<1x2x?x16xf32, ["s0"]>'
    return f"""
func.func @forward(%q: {q_type}, %k: {kv}, %v: {kv}) -> {q_type} {{
  %o = torch.aten.scaled_dot_product_attention %q, %k, %v, none {{is_causal = {causal}}}
      : ({q_type}, {kv}, {kv}) -> {q_type}
  func.return %o : {q_type}
}}
"""


@pytest.fixture(scope="module", params=list(TORCH_ATTENTION))
def attention_module(request):  # type: ignore[no-untyped-def]
    from stepwell.pipeline import lower

    return request.param, lower(parse_module(_attention_text(request.param)), "tile")


def test_attention_of_a_symbolic_length_is_one_flash_kernel(attention_module) -> None:  # type: ignore[no-untyped-def]
    """`scaled_dot_product_attention` with a symbolic length (prefill, causal; decode,
    one query against a cache of s0 keys) is one flash-attention kernel whose grid and
    key loop are computed from `s0`; causal prefill skips the blocks right of the
    diagonal. The tile interpreter and Triton match eager at lengths that are and are
    not block multiples."""
    kind, module = attention_module
    kernels = kernels_of(module)
    assert [k.kind.data for k in kernels] == ["attention"]
    assert kernels[0].symbol_names() == ["s0"]
    assert ("arith.minsi" in str(kernels[0])) == (kind == "prefill")  # the causal bound
    runtime = Runtime(module, emit_module(kernels))
    for n in (2, 7, 33, 64):
        g = torch.Generator().manual_seed(n)
        q = torch.randn(1, 2, n if kind == "prefill" else 1, 16, generator=g)
        k, v = torch.randn(2, 1, 2, n, 16, generator=g)
        want = (torch.nn.functional.scaled_dot_product_attention(
            q, k, v, is_causal=kind == "prefill"),)  # fmt: skip
        _check(run_tile(module, q, k, v), want)
        _check(runtime(q, k, v), want)


@pytest.mark.parametrize("target", ["cuda:90", pytest.param("hip:gfx942", marks=pytest.mark.full)])
def test_a_symbolic_attention_kernel_compiles_for_gpus(  # type: ignore[no-untyped-def]
    attention_module, target: str, tmp_path: Path
) -> None:
    _compiles_alone_for(str(attention_module[1]), target, tmp_path)


FILL_WITHOUT_SIZES = """
func.func @forward(%x: tensor<?x4xf32, ["s0"]>)
    -> (tensor<?xf32, ["s0"]>, tensor<?x4xf32, ["s0"]>) {
  %n = torch.aten.sym_size.int %x {dim = 0 : i64} : (tensor<?x4xf32, ["s0"]>) -> i64
  %0 = torch.aten.new_ones %x sym(%n) {size = [#torch.sym<0>]}
      : (tensor<?x4xf32, ["s0"]>, i64) -> tensor<?xf32, ["s0"]>
  %1 = torch.aten.sin %x : (tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0"]>
  func.return %0, %1 : tensor<?xf32, ["s0"]>, tensor<?x4xf32, ["s0"]>
}
"""


def test_a_fill_of_symbolic_size_without_size_arguments_runs() -> None:
    """A graph with no size argument (torch.export's) whose fill kernel has no input:
    its size comes from `aten.sym_size` of an argument at launch; the IR runtime, the
    launch plan and the tile interpreter give eager's result, and the manifest counts
    no ATen call (size arithmetic launches nothing)."""
    from stepwell.lowering.compiler import manifest_of
    from stepwell.pipeline import lower

    module = lower(parse_module(FILL_WITHOUT_SIZES), "tile")
    runtime = Runtime(module, emit_module(kernels_of(module)))
    plan = build_launch_plan(module)
    assert plan is not None and manifest_of(module)["externs"] == {}
    for n in (2, 5, 9):
        x = torch.randn(n, 4)
        want = (torch.ones(n), x.sin())
        _check(runtime(x), want)
        _check(plan.run(runtime.kernels(True), [x], True), want)
        _check(run_tile(module, x), want)


def test_a_size_is_spelled_from_the_arguments_without_stray_uses() -> None:
    """`symbolic.size_value` spells a size from a function's arguments (its own `i64`
    argument, else `sym_size` of a tensor argument); asking whether it can
    (`size_spellable`), or failing to (a power, an unknown symbol), makes no op, so no
    argument gains a use that no op in the function holds."""
    import sympy

    from stepwell.passes.support.symbolic import scalar_size, size_spellable, size_value

    module = parse_module(
        'func.func @f(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, '
        '%x: tensor<?x8xf32, ["s1"]>) -> i64 {\n  func.return %n : i64\n}'
    )
    func = next(iter(module.body.block.ops))
    block = func.regions[0].block
    s0, s1, s2 = (sympy.Symbol(n, integer=True, positive=True) for n in ("s0", "s1", "s2"))
    uses = [len(list(a.uses)) for a in block.args]
    for size in (s0 ** 2, s2 * 4, s0 + s2):
        assert not size_spellable(size, block) and size_value(size, block) is None
    assert [len(list(a.uses)) for a in block.args] == uses
    made = size_value(4 * s1 * s0 - 1, block)
    assert made is not None and size_spellable(4 * s1 * s0 - 1, block)
    ops, value = made
    assert scalar_size(value) == 4 * s1 * s0 - 1
    assert [o.callee.data for o in ops if o.callee.data == "aten.sym_size.int"] == [
        "aten.sym_size.int"]  # (s1 from the tensor's dim; s0 is its own argument)
    made = size_value(sympy.Max(0, 64 - s1), block)  # (MPT's `max(0, 64 - L)`)
    assert made is not None and scalar_size(made[1]) == sympy.Max(0, 64 - s1)


def test_a_trace_s_guard_on_floor_divisions_is_proved_only_where_it_holds() -> None:
    """`symbolic._always` lets a symbolic trace keep a guard only if it holds for every
    size in range (floor divisions bounded by `a/c - (c-1)/c` and `a/c`): checked against
    every size of a small range for random comparisons of sums, products and nested
    divisions, and it proves what `x[:, s0 // 2:]` and `x[:, s0 // 3::2]` ask."""
    import random

    import sympy
    from torch.utils._sympy.functions import FloorDiv
    from torch.utils._sympy.value_ranges import ValueRanges

    from stepwell.passes.support.symbolic import _always

    s0, s1 = (sympy.Symbol(n, integer=True, positive=True) for n in ("s0", "s1"))
    bounds = {s0: ValueRanges(2, 24), s1: ValueRanges(3, 12)}
    asked = [sympy.Ge(s0, FloorDiv(s0, 2)), sympy.Ne(s0 - FloorDiv(s0, 2), 0),
             sympy.Ne(4 * s1 * FloorDiv(s0 - FloorDiv(s0, 3) + 1, 2), 0)]  # fmt: skip
    assert all(_always(g, bounds) for g in asked)
    rng = random.Random(0)

    def term() -> sympy.Expr:
        s = rng.choice((s0, s1))
        inner = rng.randint(-3, 3) * s + rng.randint(-4, 4)
        if rng.random() < 0.5:
            inner = FloorDiv(inner, rng.randint(1, 4))
        return rng.randint(-2, 2) * FloorDiv(inner + rng.choice((0, s0, s1)), rng.randint(1, 5))

    relations = (sympy.Ge, sympy.Gt, sympy.Le, sympy.Lt, sympy.Ne)
    proved = 0
    for _ in range(400):
        lhs = term() + rng.choice((0, s0, -s1, 2 * s0))
        guard = rng.choice(relations)(lhs, term() + rng.randint(-6, 6))
        if guard in (sympy.true, sympy.false) or not _always(guard, bounds):
            continue
        proved += 1
        for a in range(2, 25):
            for b in range(3, 13):
                assert bool(guard.xreplace({s0: a, s1: b})), (guard, a, b)
    assert proved > 40  # (the check is not vacuous)


def test_a_composite_dim_is_proved_below_int64_max_and_no_further() -> None:
    """`symbolic._always` with the operands' composite dims (`extents`): a tensor of dim
    `2*s0 - 3` exists, so that dim, and less, is below int64's largest value, though
    s0's range alone allows `2*s0` past it; nothing more is proved from it."""
    import sys

    import sympy
    from torch.utils._sympy.value_ranges import ValueRanges

    from stepwell.passes.support.symbolic import _always

    s0 = sympy.Symbol("s0", integer=True, positive=True)
    bounds = {s0: ValueRanges(2, sys.maxsize - 1)}
    dim = 2 * s0 - 3
    top = sympy.Integer(sys.maxsize)
    holds = [sympy.Lt(dim, top), sympy.Gt(top, dim), sympy.Le(dim - 5, top),
             sympy.Ne(dim, top), sympy.Ge(top - dim, 1)]  # fmt: skip
    assert not any(_always(g, bounds) for g in holds)  # (the ranges alone: no)
    assert all(_always(g, bounds, [dim]) for g in holds)
    not_implied = [sympy.Lt(dim + 5, top), sympy.Lt(3 * s0, top), sympy.Lt(dim, 100),
                   sympy.Gt(dim, 1), sympy.Ne(dim, 7)]  # fmt: skip
    assert not any(_always(g, bounds, [dim]) for g in not_implied)


def _all_kernels_here_and_on_gpus(
    text: str,
    calls: Sequence[tuple[tuple[torch.Tensor, ...], tuple[Any, ...]]],
    tmp_path: Path | None,
) -> None:
    """The torch-level `text` lowered to the tile level has no graph-level op; for each
    (arguments, eager's results) of `calls` both interpreters give eager's results; and
    every kernel compiles for cuda:90 and gfx942 (in `tmp_path`; None: not compiled)."""
    from stepwell.pipeline import lower

    module = lower(parse_module(text), "tile")
    assert "= prims." not in str(module)  # (no graph-level op)
    kernels = kernels_of(module)
    runtime = Runtime(module, emit_module(kernels))
    for args, want in calls:
        _check(run_tile(module, *args), want)
        _check(runtime(*args), want)
    for target in ("cuda:90", "hip:gfx942") if tmp_path is not None else ():
        (tmp_path / target).mkdir()
        lines = compile_for(str(module), target, tmp_path / target)
        assert len(lines) == len(kernels), lines
        assert all(line.endswith(" None True") for line in lines), lines


TORCH_VAR = """
func.func @forward(%x: tensor<?x?xf32, ["s0", "s1"]>) -> (tensor<?xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>, tensor<?xf32, ["s1"]>, tensor<f32>) {
  %0 = torch.aten.var.correction %x {dim = [1 : i64], correction = 1 : i64} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?xf32, ["s0"]>
  %1 = torch.aten.var.correction %x {dim = [1 : i64], correction = 0 : i64, keepdim = true} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x1xf32, ["s0"]>
  %2 = torch.aten.var.correction %x {dim = [0 : i64], correction = 5 : i64} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?xf32, ["s1"]>
  %3 = torch.aten.var.correction %x {correction = 1 : i64} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<f32>
  func.return %0, %1, %2, %3 : tensor<?xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>, tensor<?xf32, ["s1"]>, tensor<f32>
}
"""  # noqa: E501


def test_a_variance_over_a_symbolic_row_is_a_kernel(tmp_path: Path) -> None:
    """A variance whose row length is a size (`s1`, `s0`, `s0*s1`) divides by that length
    less the correction, read from the size arguments: kernels, not graph-level ops (it
    compiled per size), eager's values in both interpreters (a correction of 5 past the
    row's length: eager's division by 0), and the kernels compile for cuda:90 and
    gfx942."""
    calls = []
    for rows, cols in ((2, 3), (4, 9), (7, 40), (3, 200)):
        x = torch.randn(rows, cols) * 3 + 1
        calls.append(((x,), (x.var(1), x.var(1, correction=0, keepdim=True),
                             x.var(0, correction=5), x.var())))  # fmt: skip
    _all_kernels_here_and_on_gpus(TORCH_VAR, calls, tmp_path)


TORCH_SORT = """
func.func @forward(%x: tensor<?x6xf32, ["s0"]>, %y: tensor<?x5xi64, ["s0"]>) -> (tensor<?x6xf32, ["s0"]>, tensor<?x6xi64, ["s0"]>, tensor<?x2xf32, ["s0"]>, tensor<?x6xf32, ["s0"]>, tensor<?x6xi64, ["s0"]>, tensor<?x5xi64, ["s0"]>, tensor<?x5xi64, ["s0"]>) {
  %0, %1 = torch.aten.sort %x {dim = 1 : i64, descending = true} : (tensor<?x6xf32, ["s0"]>) -> (tensor<?x6xf32, ["s0"]>, tensor<?x6xi64, ["s0"]>)
  %2, %3 = torch.aten.topk %x {k = 2 : i64, dim = 1 : i64, largest = false} : (tensor<?x6xf32, ["s0"]>) -> (tensor<?x2xf32, ["s0"]>, tensor<?x2xi64, ["s0"]>)
  %4, %5 = torch.operator "aten.cummax.default"(%x) {args = [#torch.sym<0>, 1 : i64]} : (tensor<?x6xf32, ["s0"]>) -> (tensor<?x6xf32, ["s0"]>, tensor<?x6xi64, ["s0"]>)
  %6, %7 = torch.operator "aten.cummin.default"(%y) {args = [#torch.sym<0>, 1 : i64]} : (tensor<?x5xi64, ["s0"]>) -> (tensor<?x5xi64, ["s0"]>, tensor<?x5xi64, ["s0"]>)
  func.return %0, %1, %2, %4, %5, %6, %7 : tensor<?x6xf32, ["s0"]>, tensor<?x6xi64, ["s0"]>, tensor<?x2xf32, ["s0"]>, tensor<?x6xf32, ["s0"]>, tensor<?x6xi64, ["s0"]>, tensor<?x5xi64, ["s0"]>, tensor<?x5xi64, ["s0"]>
}
"""  # noqa: E501


def _sort_calls() -> list[tuple[tuple[torch.Tensor, ...], tuple[Any, ...]]]:
    calls = []
    for n in (1, 3, 70):
        x, y = torch.randn(n, 6), torch.randint(0, 3, (n, 5))
        s, k, m, c = torch.sort(x, 1, descending=True), torch.topk(x, 2, 1, largest=False), \
            torch.cummax(x, 1), torch.cummin(y, 1)
        calls.append(((x, y), (s.values, s.indices, k.values, m.values, m.indices,
                               c.values, c.indices)))  # fmt: skip
    return calls


def test_sorts_and_index_scans_of_symbolic_rows_are_kernels() -> None:
    """`sort`, `topk`, `cummax` and `cummin` along a static row of a symbolic number of
    rows: row kernels whose grid is computed from `s0` (they stayed graph-level ATen
    calls, so a dynamic graph holding one compiled per size), eager's values and
    indices in both interpreters (integer ties: `cummin` gives the last column reaching
    the minimum)."""
    _all_kernels_here_and_on_gpus(TORCH_SORT, _sort_calls(), None)


@pytest.mark.full  # (a bitonic network takes Triton 30 s to compile for cuda:90)
def test_sorts_of_symbolic_rows_compile_for_gpus(tmp_path: Path) -> None:
    _all_kernels_here_and_on_gpus(TORCH_SORT, _sort_calls()[:1], tmp_path)


TORCH_SCATTER = """
func.func @forward(%rows: tensor<4x6xf32>, %i: tensor<?xi64, ["s0"]>, %x: tensor<?x6xf32, ["s0"]>) -> (tensor<4x6xf32>, tensor<?x6xf32, ["s0"]>) {
  %0 = torch.aten.index_add %rows, %i, %x {dim = 0 : i64} : (tensor<4x6xf32>, tensor<?xi64, ["s0"]>, tensor<?x6xf32, ["s0"]>) -> tensor<4x6xf32>
  %1 = torch.aten.index_put %x, [%i], %x {accumulate = true} : (tensor<?x6xf32, ["s0"]>, tensor<?xi64, ["s0"]>, tensor<?x6xf32, ["s0"]>) -> tensor<?x6xf32, ["s0"]>
  func.return %0, %1 : tensor<4x6xf32>, tensor<?x6xf32, ["s0"]>
}
"""  # noqa: E501


def test_a_scatter_of_symbolic_sizes_is_a_kernel(tmp_path: Path) -> None:
    """Scatters whose values (`s0` rows added into 4) or result (`s0` rows accumulated
    into themselves) have symbolic sizes: kernels over the values they write, masked by
    the symbolic element count (they stayed graph-level ops), eager's values in both
    interpreters with duplicate indices, and the kernels compile for cuda:90 and gfx942."""
    calls = []
    for n in (2, 7, 300):
        rows, x = torch.randn(4, 6), torch.randn(n, 6)
        i = torch.randint(0, min(n, 4), (n,))
        calls.append(((rows, i, x), (rows.index_add(0, i, x),
                                     x.index_put((i,), x, accumulate=True))))  # fmt: skip
    _all_kernels_here_and_on_gpus(TORCH_SCATTER, calls, tmp_path)


TORCH_OFFSET = """
func.func @forward(%x: tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]> {
  %0 = torch.aten.slice.Tensor %x {dim = 0 : i64, start = 1 : i64, step = 1 : i64} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]>
  %1 = torch.aten.flip %0 {dims = [0 : i64]} : (tensor<?x?xf32, ["s0 - 1", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]>
  %2 = torch.aten.mul.Scalar %1 {other = 2 : i64} : (tensor<?x?xf32, ["s0 - 1", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]>
  func.return %2 : tensor<?x?xf32, ["s0 - 1", "s1"]>
}
"""  # noqa: E501


def test_a_view_at_a_symbolic_offset_runs_and_compiles_for_gpus(tmp_path: Path) -> None:
    """Rows 1.. of an (s0, s1) tensor, flipped: a kernel argument whose offset is the
    size `s1*(s0 - 1)` (`offset: ?`, its expression last in `dims`). The tile
    interpreter and Triton's agree with eager at several sizes, and the kernel compiles
    for cuda:90 and gfx942."""
    from stepwell.pipeline import lower

    module = lower(parse_module(TORCH_OFFSET), "tile")
    (kernel,) = kernels_of(module)
    assert "offset: ?" in str(kernel.view_types()[0])
    runtime = Runtime(module, emit_module([kernel]))
    for rows, cols in ((2, 3), (5, 7), (9, 40)):
        x = torch.randn(rows, cols)
        want = (x[1:].flip(0) * 2,)
        _check(run_tile(module, x), want)
        _check(runtime(x), want)
    for target in ("cuda:90", "hip:gfx942"):
        (tmp_path / target).mkdir()
        lines = compile_for(str(module), target, tmp_path / target)
        assert lines == [f"{kernel.sym_name.data} None True"], lines


TORCH_MAYBE_EMPTY = """
func.func @forward(%x: tensor<?x?xf32, ["s0", "s1"]>) -> (tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["2*s0 - 2", "s1"]>) {
  %0 = torch.aten.slice.Tensor %x {start = 2 : i64, end = 9223372036854775807 : i64} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0 - 2", "s1"]>
  %1 = torch.aten.softmax.int %0 {dim = 0 : i64} : (tensor<?x?xf32, ["s0 - 2", "s1"]>) -> tensor<?x?xf32, ["s0 - 2", "s1"]>
  %2 = torch.aten.cumsum %0 {dim = 0 : i64} : (tensor<?x?xf32, ["s0 - 2", "s1"]>) -> tensor<?x?xf32, ["s0 - 2", "s1"]>
  %3 = torch.aten.cat [%0, %x] : (tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["2*s0 - 2", "s1"]>
  %4 = torch.aten.mul.Scalar %3 {other = 2 : i64} : (tensor<?x?xf32, ["2*s0 - 2", "s1"]>) -> tensor<?x?xf32, ["2*s0 - 2", "s1"]>
  func.return %1, %2, %4 : tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["2*s0 - 2", "s1"]>
}
"""  # noqa: E501


def test_a_slice_that_may_be_empty_is_kernels_at_every_size() -> None:
    """Rows 2.. of an (s0, s1) tensor (`s0 - 2` rows: none at s0 = 2), then a softmax and
    a cumsum over them and a cat with the tensor: PyTorch's decompositions ask whether
    `s0 - 2` is 0 where either answer is correct, so they are traced once, as kernels
    (they stayed ATen calls), and match eager where the slice is empty, one row, or
    more, in both interpreters."""
    from stepwell.pipeline import lower

    module = lower(parse_module(TORCH_MAYBE_EMPTY), "tile")
    assert "prims.extern" not in str(module)
    runtime = Runtime(module, emit_module(kernels_of(module)))
    for rows, cols in ((2, 3), (3, 5), (7, 4)):
        x = torch.randn(rows, cols)
        part = x[2:]
        want = (part.softmax(0), part.cumsum(0), torch.cat([part, x]) * 2)
        _check(run_tile(module, x), want)
        _check(runtime(x), want)
