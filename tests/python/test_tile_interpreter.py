"""The tile-level reference interpreter (`stepwell.ir.interpret_tile`), without Triton.

Models at level tile against eager PyTorch, hand-written kernels (masked lanes, strided
and broadcast views) against hand-computed references, and fused functions against the
Triton runtime (which runs in Triton's interpreter on CPU; conftest.py enables it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from xdsl.utils.exceptions import InterpretationError

import stepwell.ir.interpret_tile as interpret_tile
from stepwell.dialects import tile
from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import export, load_example
from stepwell.ir.interpret_tile import run_tile
from stepwell.ir.printing import parse_module
from stepwell.pipeline import bind_inputs, check_example, compare, lower

ROOT = Path(__file__).resolve().parents[2]
MODELS = ["mlp", "cnn", "gpt2", "bert", pytest.param("llama", marks=pytest.mark.full)]


@pytest.mark.parametrize("name", MODELS)
def test_model_at_tile_level(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    example = load_example(str(ROOT / "examples" / f"{name}.py"))
    module = lower(import_program(export(example)), "tile")
    launches = [op for op in module.walk() if isinstance(op, tile.LaunchOp)]
    assert launches, "the tile level of a model launches kernels"

    def no_triton(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("level tile must not run Triton")

    stores = 0
    real_store = interpret_tile.store

    def counting_store(*args: Any) -> None:
        nonlocal stores
        stores += 1
        real_store(*args)

    monkeypatch.setattr("stepwell.lowering.runtime.Runtime.__call__", no_triton)
    monkeypatch.setattr(interpret_tile, "store", counting_store)
    result = check_example(example, "tile", atol=1e-4, rtol=1e-4)
    assert result.passed, str(result)
    assert stores >= len(launches)  # every kernel ran through the tile interpreter


ROW_REDUCTION = """
builtin.module {
  tile.kernel @rows(%x: memref<5x100xf32, strided<[100, 1]>>,
                    %y: memref<5xf32, strided<[1]>>) attributes {
      grid = [3 : i64, 1 : i64, 1 : i64], space = [[5 : i64], [100 : i64]],
      block = [2 : i64, 128 : i64], num_warps = 4 : i64, kind = "reduction"} {
    %r = tile.program_id {axis = 0 : i64} : index
    %c0 = arith.constant 0 : index
    %t = tile.load %x[%r, %c0] {groups = [1 : i64, 1 : i64]}
        : memref<5x100xf32, strided<[100, 1]>> -> tensor<2x128xf32>
    %e = math.exp %t : tensor<2x128xf32>
    %s = tile.reduce "sum" %e {axis = 1 : i64} : tensor<2x128xf32> -> tensor<2x1xf32>
    %m = tile.reduce "max" %t {axis = 1 : i64} : tensor<2x128xf32> -> tensor<2x1xf32>
    %o = arith.addf %s, %m : tensor<2x1xf32>
    tile.store %o, %y[%r, %c0] {groups = [1 : i64, 0 : i64]}
        : tensor<2x1xf32>, memref<5xf32, strided<[1]>>
  }
  func.func @forward(%x: tensor<5x100xf32>) -> tensor<5xf32> {
    %0 = tile.launch @rows(%x) : (tensor<5x100xf32>) -> tensor<5xf32>
    func.return %0 : tensor<5xf32>
  }
}
"""


def test_masked_row_reduction() -> None:
    # all values negative: a max or a sum that saw the 28 lanes past each row (read as 0,
    # so exp gives 1) would be off; 5 rows in blocks of 2 also leave a row out of view
    x = torch.randn(5, 100, generator=torch.Generator().manual_seed(0)) - 5.0
    (y,) = run_tile(parse_module(ROW_REDUCTION), x)
    expected = torch.tensor(
        [sum(float(v) for v in row.exp()) + max(float(v) for v in row) for row in x]
    )
    torch.testing.assert_close(y, expected, atol=1e-5, rtol=1e-5)


def test_reduction_of_a_later_tile_sees_only_its_in_view_lanes() -> None:
    # the second 128-lane tile of 200-wide rows: lanes 200..255 are outside the view
    text = (
        ROW_REDUCTION.replace("5x100", "2x200")
        .replace("[100, 1]", "[200, 1]")
        .replace("5xf32", "2xf32")
        .replace("[[5 : i64], [100 : i64]]", "[[2 : i64], [200 : i64]]")
        .replace("grid = [3 : i64", "grid = [1 : i64")
        .replace("%x[%r, %c0]", "%x[%r, %c1]")
        .replace("%c0 = arith.constant 0 : index", "%c0 = arith.constant 0 : index\n"
                 "    %c1 = arith.constant 1 : index")
    )  # fmt: skip
    x = -torch.rand(2, 200, generator=torch.Generator().manual_seed(6)) - 1.0
    (y,) = run_tile(parse_module(text), x)
    tail = x[:, 128:]
    torch.testing.assert_close(y, tail.exp().sum(1) + tail.amax(1), atol=1e-5, rtol=1e-5)


VIEWS = """
builtin.module {
  tile.kernel @views(%xt: memref<5x100xf32, strided<[1, 5]>>,
                     %b: memref<5x100xf32, strided<[0, 1], offset: 3>>,
                     %y: memref<5x100xf32, strided<[100, 1]>>) attributes {
      grid = [2 : i64, 1 : i64, 1 : i64], space = [[5 : i64, 100 : i64]],
      block = [256 : i64], num_warps = 4 : i64, kind = "pointwise"} {
    %p = tile.program_id {axis = 0 : i64} : index
    %a = tile.load %xt[%p] {groups = [2 : i64]}
        : memref<5x100xf32, strided<[1, 5]>> -> tensor<256xf32>
    %c = tile.load %b[%p] {groups = [2 : i64]}
        : memref<5x100xf32, strided<[0, 1], offset: 3>> -> tensor<256xf32>
    %two = arith.constant dense<2.0> : tensor<256xf32>
    %m = arith.mulf %a, %two : tensor<256xf32>
    %s = arith.addf %m, %c : tensor<256xf32>
    tile.store %s, %y[%p] {groups = [2 : i64]}
        : tensor<256xf32>, memref<5x100xf32, strided<[100, 1]>>
  }
  func.func @forward(%x: tensor<100x5xf32>, %b: tensor<103xf32>) -> tensor<5x100xf32> {
    %0 = tile.launch @views(%x, %b) : (tensor<100x5xf32>, tensor<103xf32>) -> tensor<5x100xf32>
    func.return %0 : tensor<5x100xf32>
  }
}
"""


def test_strided_and_broadcast_views() -> None:
    # %xt reads x transposed (strides [1, 5]); %b broadcasts b[3:] over rows (stride 0)
    g = torch.Generator().manual_seed(1)
    x, b = torch.randn(100, 5, generator=g), torch.randn(103, generator=g)
    (y,) = run_tile(parse_module(VIEWS), x, b)
    torch.testing.assert_close(y, x.t() * 2 + b[3:], atol=0, rtol=0)
    # a non-contiguous input is made contiguous before the kernel's view applies
    (y2,) = run_tile(parse_module(VIEWS), x.t().contiguous().t(), b)
    torch.testing.assert_close(y2, y, atol=0, rtol=0)


def test_kernel_that_misses_part_of_its_result_is_an_error() -> None:
    text = VIEWS.replace("grid = [2 : i64", "grid = [1 : i64")  # 256 of 500 elements
    with pytest.raises(InterpretationError, match="244 of 500 elements of result 0 unwritten"):
        run_tile(parse_module(text), torch.randn(100, 5), torch.randn(103))


X = torch.randn(8, 100, generator=torch.Generator().manual_seed(2))
W = torch.randn(100, generator=torch.Generator().manual_seed(3))
B = torch.randn(100, generator=torch.Generator().manual_seed(4))


class Fn(torch.nn.Module):
    def __init__(self, fn: Callable[..., torch.Tensor]) -> None:
        super().__init__()
        self.fn = fn

    def forward(self, *args: torch.Tensor) -> torch.Tensor:
        return self.fn(*args)


class LinearGelu(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        torch.manual_seed(5)
        self.linear = torch.nn.Linear(100, 48)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(self.linear(x))


FUSED: dict[str, tuple[torch.nn.Module, tuple[torch.Tensor, ...]]] = {
    "softmax": (Fn(lambda x: torch.softmax(x, -1)), (X,)),
    "layer_norm": (Fn(lambda x, w, b: F.layer_norm(x, (100,), w, b)), (X, W, B)),
    "linear_gelu": (LinearGelu(), (X,)),
}


@pytest.mark.parametrize("name", list(FUSED))
def test_tile_interpreter_agrees_with_triton(name: str) -> None:
    from stepwell.lowering.runtime import Runtime, kernels_of
    from stepwell.lowering.triton.emitter import emit_module

    model, inputs = FUSED[name]
    ep = torch.export.export(model, inputs)
    module = lower(import_program(ep), "tile")
    assert len(kernels_of(module)) == 1, "the function fuses into one kernel"
    args = bind_inputs(module, ep, inputs)
    with torch.no_grad():
        ours = run_tile(module, *args)
        triton = Runtime(module, emit_module(kernels_of(module)))(*args)
        eager = model(*inputs)
    _, _, same = compare(ours, triton, atol=1e-5, rtol=1e-5)
    assert same, (ours, triton)
    torch.testing.assert_close(ours[0], eager, atol=1e-5, rtol=1e-5)


REDUCE_KIND = """
builtin.module {
  tile.kernel @k0(%x: memref<4x5xDT, strided<[5, 1]>>, %y: memref<4x1xOUT, strided<[1, 1]>>)
      attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64], [5 : i64]],
                  block = [4 : i64, 8 : i64], num_warps = 4 : i64, kind = "reduction"} {
    %c0 = arith.constant 0 : index
    %t = tile.load %x[%c0, %c0] {groups = [1 : i64, 1 : i64]}
        : memref<4x5xDT, strided<[5, 1]>> -> tensor<4x8xDT>
    %r = tile.reduce "KIND" %t {axis = 1 : i64} : tensor<4x8xDT> -> tensor<4x1xOUT>
    tile.store %r, %y[%c0, %c0] {groups = [1 : i64, 1 : i64]}
        : tensor<4x1xOUT>, memref<4x1xOUT, strided<[1, 1]>>
  }
  func.func @forward(%x: tensor<4x5xDT>) -> tensor<4x1xOUT> {
    %0 = tile.launch @k0(%x) : (tensor<4x5xDT>) -> tensor<4x1xOUT>
    func.return %0 : tensor<4x1xOUT>
  }
}
"""

REFERENCE = {
    "sum": lambda x: x.sum(1, keepdim=True, dtype=x.dtype),
    "prod": lambda x: x.prod(1, keepdim=True, dtype=x.dtype),
    "max": lambda x: x.amax(1, keepdim=True),
    "min": lambda x: x.amin(1, keepdim=True),
    "argmax": lambda x: x.argmax(1, keepdim=True),
    "argmin": lambda x: x.argmin(1, keepdim=True),
}


@pytest.mark.parametrize("dtype", ["f32", "i32"])
@pytest.mark.parametrize("kind", list(REFERENCE))
def test_every_reduction_kind_runs_in_triton_as_in_the_tile_interpreter(
    kind: str, dtype: str
) -> None:
    """Each tile.reduce kind has an emit rule; the 3 masked lanes of each 8-lane row take
    the kind's identity, so Triton, the tile interpreter and PyTorch agree."""
    from stepwell.dialects.kernel_ops import REDUCE_KINDS
    from stepwell.lowering.runtime import Runtime, kernels_of
    from stepwell.lowering.triton.emitter import emit_module

    assert set(REFERENCE) == set(REDUCE_KINDS), "a test per reduction kind"
    out = "i64" if kind.startswith("arg") else dtype
    module = parse_module(
        REDUCE_KIND.replace("KIND", kind).replace("DT", dtype).replace("OUT", out)
    )
    g = torch.Generator().manual_seed(3)
    x = torch.randn(4, 5, generator=g) * 2
    x = x if dtype == "f32" else x.round().to(torch.int32) - 1
    expected = REFERENCE[kind](x)
    with torch.no_grad():
        (ours,) = run_tile(module, x)
        (triton,) = Runtime(module, emit_module(kernels_of(module)))(x)
    for got in (ours, triton):
        assert got.dtype == expected.dtype
        torch.testing.assert_close(got, expected, atol=1e-5, rtol=1e-5)


def test_runtime_removes_its_kernel_folder_when_collected() -> None:
    import gc

    from stepwell.lowering.runtime import Runtime, kernels_of
    from stepwell.lowering.triton.emitter import emit_module

    module = parse_module(
        REDUCE_KIND.replace("KIND", "sum").replace("DT", "f32").replace("OUT", "f32")
    )
    runtime = Runtime(module, emit_module(kernels_of(module)))
    folder = runtime.directory
    (y,) = runtime(torch.ones(4, 5))
    assert (folder / "kernels.py").is_file() and torch.equal(y, torch.full((4, 1), 5.0))
    del runtime
    gc.collect()
    assert not folder.exists()


def test_every_kernel_op_has_a_triton_rule_and_a_tile_interpreter() -> None:
    """The ops a tile.kernel may hold are the structural ops (a rule each in the emitter
    and the interpreter) and the pointwise ops of `kernel_ops.POINTWISE` (one definition
    each); the kernel verifier refuses any other op."""
    from xdsl.dialects import scf

    from stepwell.dialects.kernel_ops import POINTWISE, STRUCTURAL, kernel_body_ops
    from stepwell.ir.interpret_tile import TileFunctions
    from stepwell.lowering.triton.emitter import EMIT_RULES

    assert set(EMIT_RULES) | {scf.YieldOp} == STRUCTURAL  # scf.for's rule emits the yield
    assert not STRUCTURAL & set(POINTWISE)
    interpreted = {c for c, _ in TileFunctions._impls()}  # terminators included
    body = kernel_body_ops()
    assert body <= interpreted, sorted(c.__name__ for c in body - interpreted)


def _pointwise_cases() -> dict[str, tuple[Callable[..., Any], list[str], str]]:
    """name -> (build the op from its operand values and the result type, the operands'
    element types, the result's element type): one case per POINTWISE op."""
    from xdsl.dialects import arith
    from xdsl.dialects import math as xmath

    from stepwell.dialects import tile
    from stepwell.dialects.kernel_ops import POINTWISE

    f, i, b = "f32", "i32", "i1"
    cases: dict[str, tuple[Callable[..., Any], list[str], str]] = {}
    for cls in POINTWISE:
        name = cls.__name__
        if cls in (tile.CmpOp,):
            for pred in ("eq", "ne", "lt", "le", "gt", "ge"):
                cases[f"CmpOp_{pred}"] = (
                    lambda xs, t, pred=pred: tile.CmpOp(pred, xs[0], xs[1], t),
                    [f, f],
                    b,
                )
        elif cls is tile.SelectOp:
            cases[name] = (lambda xs, t: tile.SelectOp(*xs), [b, f, f], f)
        elif cls in (tile.CastOp, arith.ExtFOp, arith.TruncFOp, arith.BitcastOp):
            src, dst = {tile.CastOp: (f, i), arith.ExtFOp: ("f16", f), arith.TruncFOp: (f, "bf16"),
                        arith.BitcastOp: (f, i)}[cls]  # fmt: skip
            cases[name] = (lambda xs, t, cls=cls: cls(xs[0], t), [src], dst)
        elif cls in (xmath.AbsIOp,):
            cases[name] = (lambda xs, t, cls=cls: cls(xs[0]), [i], i)
        elif issubclass(cls, arith.SignlessIntegerBinaryOperation) or cls in (
            arith.MaxSIOp, arith.MinSIOp, arith.DivSIOp, arith.RemSIOp,
        ):  # fmt: skip
            cases[name] = (lambda xs, t, cls=cls: cls(*xs), [i, i], i)
        elif len(cls.get_irdl_definition().operands) == 2:
            cases[name] = (lambda xs, t, cls=cls: cls(*xs), [f, f], f)
        else:
            cases[name] = (lambda xs, t, cls=cls: cls(*xs), [f], f)
    return cases


POINTWISE_CASES = _pointwise_cases()

POINTWISE_KERNEL = """
builtin.module {
  tile.kernel @k0(ARGS, %out: memref<4x8xRES, strided<[8, 1]>>)
      attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64], [8 : i64]],
                  block = [4 : i64, 8 : i64], num_warps = 1 : i64, kind = "pointwise"} {
    %c0 = arith.constant 0 : index
LOADS
OP
    tile.store %r, %out[%c0, %c0] {groups = [1 : i64, 1 : i64]}
        : tensor<4x8xRES>, memref<4x8xRES, strided<[8, 1]>>
  }
  func.func @forward(PARAMS) -> tensor<4x8xRES> {
    %0 = tile.launch @k0(NAMES) : (TYPES) -> tensor<4x8xRES>
    func.return %0 : tensor<4x8xRES>
  }
}
"""


def _random_tile(element: str, g: torch.Generator, nonzero: bool) -> torch.Tensor:
    if element == "i1":
        return torch.rand(4, 8, generator=g) > 0.5
    if element == "i32":
        x = torch.randint(-9, 10, (4, 8), generator=g, dtype=torch.int32)
        return torch.where(x == 0, 3, x) if nonzero else x
    x = torch.randn(4, 8, generator=g) * 3
    x[0, :3] = torch.tensor([0.0, -0.0, float("nan")])  # signed zeros and NaN
    x[1, 0] = x[1, 1]  # an equal pair for the comparisons
    return x.to({"f32": torch.float32, "f16": torch.float16}[element])


@pytest.mark.parametrize("case", sorted(POINTWISE_CASES))
def test_every_pointwise_op_means_the_same_in_triton_and_the_interpreter(case: str) -> None:
    """Each POINTWISE entry's Triton expression and torch function agree (values, dtype
    and NaN positions) on random tiles with signed zeros and NaN: the two halves of one
    definition cannot drift apart."""
    from xdsl.dialects.builtin import TensorType
    from xdsl.ir import Block

    from stepwell.ir.printing import to_text
    from stepwell.ir.types import element_type, torch_dtype
    from stepwell.lowering.runtime import Runtime, kernels_of
    from stepwell.lowering.triton.emitter import emit_module

    build, elements, result = POINTWISE_CASES[case]
    names = ["t", "u", "w"][: len(elements)]
    g = torch.Generator().manual_seed(7)
    nonzero = case in ("DivSIOp", "RemSIOp")
    args = [_random_tile(e, g, nonzero) for e in elements]
    types = [TensorType(element_type(a.dtype), [4, 8]) for a in args]
    block = Block(arg_types=types)
    for arg, n in zip(block.args, names, strict=True):
        arg.name_hint = n
    result_t = TensorType(element_type(torch_dtype_of(result)), [4, 8])
    op = build(list(block.args), result_t)
    op.results[0].name_hint = "r"
    memref = [f"memref<4x8x{e}, strided<[8, 1]>>" for e in elements]
    text = (
        POINTWISE_KERNEL.replace("ARGS", ", ".join(f"%in{k}: {m}" for k, m in enumerate(memref)))
        .replace(
            "LOADS",
            "\n".join(
                f"    %{n} = tile.load %in{k}[%c0, %c0] {{groups = [1 : i64, 1 : i64]}} "
                f": {m} -> tensor<4x8x{e}>"
                for k, (n, m, e) in enumerate(zip(names, memref, elements, strict=True))
            ),
        )
        .replace("OP", "    " + to_text(op).strip())
        .replace("PARAMS", ", ".join(f"%a{k}: tensor<4x8x{e}>" for k, e in enumerate(elements)))
        .replace("NAMES", ", ".join(f"%a{k}" for k in range(len(elements))))
        .replace("TYPES", ", ".join(f"tensor<4x8x{e}>" for e in elements))
        .replace("RES", result)
    )
    module = parse_module(text)
    with torch.no_grad():
        (ours,) = run_tile(module, *args)
        (triton,) = Runtime(module, emit_module(kernels_of(module)))(*args)
    assert ours.dtype == triton.dtype == torch_dtype(element_type(ours.dtype))
    torch.testing.assert_close(triton, ours, equal_nan=True, atol=1e-6, rtol=1e-6)


def torch_dtype_of(element: str) -> torch.dtype:
    return {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
            "i32": torch.int32, "i1": torch.bool}[element]  # fmt: skip


def test_kernel_verifier_refuses_an_op_with_no_rule() -> None:
    from xdsl.utils.exceptions import VerifyException

    text = REDUCE_KIND.replace("KIND", "sum").replace("DT", "f32").replace("OUT", "f32")
    text = text.replace(
        "    %c0 = arith.constant 0 : index",
        "    %c0 = arith.constant 0 : index\n    %z = arith.floordivsi %c0, %c0 : index",
    )
    with pytest.raises(VerifyException, match="'arith.floordivsi' cannot appear in a tile.kernel"):
        parse_module(text).verify()
