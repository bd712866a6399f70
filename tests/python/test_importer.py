"""FX importer behaviour the lit tests (tests/filecheck/frontend) do not cover: make_fx
graphs, reading argument attributes back, import errors, and known gaps (xfail)."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from torch.fx.experimental.proxy_tensor import make_fx
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.dialects.func import FuncOp, ReturnOp

from stepwell.frontend.fx import (
    FxImportError,
    GraphInput,
    graph_inputs,
    import_graph,
    import_program,
)
from stepwell.ir.printing import parse_module, to_text


def ops(module: ModuleOp) -> list[str]:
    return [op.name for op in module.walk() if not isinstance(op, ModuleOp | FuncOp | ReturnOp)]


def test_make_fx_graph_imports_as_is() -> None:
    def f(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x @ y, dim=-1)

    x, y = torch.randn(2, 3), torch.randn(3, 4)
    gm = make_fx(f)(x, y)
    module = import_graph(gm, (x, y))
    module.verify()
    assert ops(module) == ["torch.aten.mm", "torch.aten._softmax"]
    assert graph_inputs(module) == [GraphInput("x_1", "input"), GraphInput("y_1", "input")]


def test_graph_module_attributes_become_named_arguments() -> None:
    class M(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.lin = torch.nn.Linear(3, 2)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return self.lin(x).relu()

    gm = torch.fx.symbolic_trace(M())  # a torch-level graph: the importer traces it to ATen
    module = import_graph(gm, (torch.randn(4, 3),))
    module.verify()
    kinds = {i.name: i.kind for i in graph_inputs(module)}
    assert kinds == {"x": "input", "lin.weight": "parameter", "lin.bias": "parameter"}
    assert "torch.aten.relu" in ops(module)


def test_unsupported_dtype_is_an_import_error() -> None:
    """Packed sub-byte dtypes (two float4 in a byte) have no MLIR element type."""

    class M(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return x.view(torch.float4_e2m1fn_x2).view(torch.uint8) + 1

    ep = torch.export.export(M(), (torch.randint(0, 9, (3, 2), dtype=torch.uint8),))
    with pytest.raises(
        FxImportError, match=r"test_importer.py:\d+:\d+: cannot import .*float4_e2m1fn_x2"
    ):
        import_program(ep)


def test_complex_imports() -> None:
    """Complex tensors import (`complex<f32>`) when an op on them has no pair rule (a
    complex quotient); the ops on them become ATen calls later. With rules for all of
    them, the complex values are real pairs from the start (complex_pairs.py)."""

    class M(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            z = torch.view_as_complex(x)
            return torch.view_as_real(z / (z + 1))

    module = import_program(torch.export.export(M(), (torch.randn(3, 2),)))
    module.verify()
    assert "tensor<3xcomplex<f32>>" in str(module)

    class Pairs(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.view_as_real(torch.view_as_complex(x) * 2)

    module = import_program(torch.export.export(Pairs(), (torch.randn(3, 2),)))
    module.verify()
    assert "complex" not in str(module)


def test_graph_inputs_round_trip_through_text() -> None:
    class M(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.w = torch.nn.Parameter(torch.ones(3))
            self.register_buffer("b", torch.zeros(3))

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return x * self.w + self.b

    module = import_program(torch.export.export(M(), (torch.randn(3),)))
    expected = [GraphInput("w", "parameter"), GraphInput("b", "buffer"), GraphInput("x", "input")]
    assert graph_inputs(module) == expected
    assert graph_inputs(parse_module(to_text(module))) == expected


def test_explicit_none_argument_round_trips() -> None:
    class M(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.ops.aten.mean.dim(x, None)

    module = import_program(torch.export.export(M(), (torch.randn(3, 4),)))
    text = to_text(module)
    assert "torch.aten.mean.dim %x {dim = none}" in text
    parsed = parse_module(text)
    parsed.verify()
    assert parsed.is_structurally_equivalent(module)


def _dynamo_modules(dynamic: bool) -> list[ModuleOp]:
    """Import what a plain Dynamo backend receives: a torch-level GraphModule."""

    def f(x: torch.Tensor) -> torch.Tensor:
        return x.view(x.shape[0] * 2, -1).relu()

    modules: list[ModuleOp] = []

    def backend(gm: torch.fx.GraphModule, inputs: list[object]) -> torch.fx.GraphModule:
        modules.append(import_graph(gm, inputs))
        return gm

    torch._dynamo.reset()
    torch.compile(f, backend=backend, dynamic=dynamic)(torch.randn(4, 6))
    torch._dynamo.reset()
    return modules


def test_dynamo_static_graph_imports() -> None:
    (module,) = _dynamo_modules(dynamic=False)
    assert ops(module) == ["torch.aten.view", "torch.aten.relu"]


def test_dynamo_dynamic_graph_keeps_locations() -> None:
    (module,) = _dynamo_modules(dynamic=True)
    body = [op for op in module.walk() if op.name.startswith("torch.")]
    assert body and all(isinstance(op.location, FileLineColLoc) for op in body)


def test_a_size_dynamos_guards_make_a_constant_is_static() -> None:
    """`view(2, -1, 3)` of `s0` elements: PyTorch sizes the last dim `s0//(2*(s0//6))`,
    which Dynamo's guard `Eq(s0//(2*(s0//6)), 3)` makes 3. The shape environment spells
    the inner `s0//6` as an exact division once it knows `s0 % 6 == 0`, so the guard's
    side no longer matched, and the dim stayed `?` (spelled, before sizes.py put the
    divisor in parentheses, `s0//2*(s0//6)`: 27 at s0 = 18, not 3)."""

    def f(x: torch.Tensor) -> torch.Tensor:
        return x.view(2, -1, 3).sum(1)

    modules: list[ModuleOp] = []

    def backend(gm: torch.fx.GraphModule, inputs: list[object]) -> torch.fx.GraphModule:
        modules.append(import_graph(gm, inputs))
        return gm

    torch._dynamo.reset()
    torch.compile(f, backend=backend, dynamic=True)(torch.randn(18))
    torch._dynamo.reset()
    (module,) = modules
    view, total = (op for op in module.walk() if op.name.startswith("torch.aten"))
    assert str(view.result_types[0]).startswith("tensor<2x?x3xf32, ["), view.result_types[0]
    assert str(total.result_types[0]) == "tensor<2x3xf32>", total.result_types[0]


def test_a_symbolic_number_in_a_tensor_slot_imports_as_a_scalar_operand() -> None:
    """AOTAutograd passes `x * x.shape[1]` and `x // x.shape[0]` as `mul.Tensor(x, s1)`
    and `floor_divide.default(x, s0)`: a SymInt where the op takes a tensor. It was
    imported as an `i64` operand of the Tensor overload, which the op's verifier refuses
    (the printed torch level did not parse back), and `//` stayed an ATen call. It is
    the Scalar overload's operand now, as a Python number is; `where`, which has no
    Scalar overload, gets a 0-d tensor of the size."""
    from torch._dynamo.backends.common import aot_autograd

    from stepwell.frontend.fx import import_graph_with_attributes

    def f(x: torch.Tensor) -> torch.Tensor:
        return x * x.shape[1] + x // x.shape[0] + torch.where(x > 0, x, x.shape[1])

    modules: list[ModuleOp] = []

    def compile_forward(gm: torch.fx.GraphModule, inputs: list[object]) -> object:
        modules.append(import_graph_with_attributes(gm, inputs)[0])
        return gm.forward

    torch._dynamo.reset()
    torch.compile(f, backend=aot_autograd(fw_compiler=compile_forward), dynamic=True)(
        torch.randn(5, 4))
    torch._dynamo.reset()
    (module,) = modules
    module.verify()
    text = to_text(module)
    assert "torch.aten.mul.Scalar" in text and "torch.aten.floor_divide.Scalar" in text, text
    parse_module(text).verify()  # (it reads back)


class _ModeRegions(torch.nn.Module):
    """`torch.no_grad()` and `torch.autocast` inside forward, as Llama's rotary embedding
    in some transformers releases: torch.export keeps them as wrapper ops on submodules."""

    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("freq", torch.arange(4.0))

    def forward(self, x: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        with torch.no_grad():
            y = x[:, None] * self.freq
        with torch.autocast("cpu", enabled=False):
            z = y.float().cos()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            p = y @ w  # autocast: a bf16 matmul
        return z + 1, p


@pytest.mark.parametrize("level", ["prims", "tile"])
def test_grad_mode_and_autocast_regions_are_inlined(level: str) -> None:
    from stepwell.frontend.loader import Example, export
    from stepwell.pipeline import bind_inputs, check_example, lower, run

    m = _ModeRegions()
    x, w = torch.randn(3), torch.randn(4, 5)
    example = Example(m, (x, w), "test")
    assert check_example(example, level, atol=1e-2, rtol=1e-2).passed
    ep = export(example)
    module = lower(import_program(ep), level)
    outputs = run(module, bind_inputs(module, ep, (x, w)), level)
    expected = m(x, w)
    assert [o.dtype for o in outputs] == [torch.float32, torch.bfloat16]
    assert [o.dtype for o in outputs] == [e.dtype for e in expected]
    torch.testing.assert_close(outputs[0], expected[0])
    torch.testing.assert_close(outputs[1], expected[1])


@torch.library.custom_op("stepwell_test::twice", mutates_args=())
def _twice(x: torch.Tensor) -> torch.Tensor:
    return x * 2


@_twice.register_fake
def _(x: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


def test_a_custom_op_of_the_process_is_called_as_aten_ops_are(tmp_path: Path) -> None:
    """A model's own `torch.library` op (transformers' `grouped_mm_fallback` in MoE
    models): stepwell has no rule for it, so it runs as an ATen-style call between the
    kernels and the model compiles (its verifier refused the namespace before); a name no
    process registered is still refused."""
    import json

    from stepwell.ir.callees import callee_error

    torch._dynamo.reset()
    fn = lambda x: _twice(x * 3) + 1  # noqa: E731
    x = torch.randn(8)
    options = {"dump_dir": str(tmp_path)}
    got = torch.compile(fn, backend="stepwell", options=options)(x)
    assert torch.equal(got, fn(x))
    (manifest,) = [json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")]
    assert manifest["externs"] == {"stepwell_test.twice.default": 1}
    assert callee_error("stepwell_test.twice.default") is None
    assert callee_error("stepwell_test.nothing.default") is not None
    assert callee_error("builtins.print.default") is not None
