"""Every example model imports, prints, and parses back to a structurally equal module.

Each model is exported once per test session (`exported`); the checks compare the IR with
independent references: the model's own parameters and buffers, its eager outputs, and the
FX graph torch.export produced.
"""

from __future__ import annotations

import functools
import operator
from dataclasses import dataclass
from pathlib import Path

import pytest
import torch
from xdsl.dialects.builtin import (
    ArrayAttr,
    FileLineColLoc,
    ModuleOp,
    StringAttr,
    TensorType,
)
from xdsl.dialects.func import FuncOp, ReturnOp

from stepwell.frontend.fx import graph_inputs, import_program
from stepwell.frontend.loader import export, load_example
from stepwell.ir.printing import parse_module, to_text

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = [
    "mlp.py",
    "cnn.py",
    "gpt2.py",
    "gpt2.py:example_sdpa",
    "bert.py",
    "llama.py",
]

# torch dtype -> MLIR element type name, written out here as the test's own reference
ELEMENT = {torch.float32: "f32", torch.int64: "i64", torch.bool: "i1"}


@dataclass(frozen=True)
class Exported:
    model: torch.nn.Module
    inputs: tuple[torch.Tensor, ...]
    program: torch.export.ExportedProgram
    module: ModuleOp


@functools.cache
def exported(spec: str) -> Exported:
    example = load_example(str(REPO / "examples" / spec))
    assert isinstance(example.fn, torch.nn.Module)
    program = export(example)
    return Exported(example.fn, example.inputs, program, import_program(program))


@pytest.fixture(params=EXAMPLES, scope="module")
def ex(request: pytest.FixtureRequest) -> Exported:
    return exported(request.param)


def forward(module: ModuleOp) -> FuncOp:
    funcs = [op for op in module.ops if isinstance(op, FuncOp)]
    assert [f.sym_name.data for f in funcs] == ["forward"]
    return funcs[0]


def test_round_trip_is_structurally_equal(ex: Exported) -> None:
    ex.module.verify()
    text = to_text(ex.module, locations=True)
    parsed = parse_module(text)
    parsed.verify()
    assert parsed.is_structurally_equivalent(ex.module)
    assert to_text(parsed, locations=True) == text
    # the locations survive the text too
    locs = [op.location for op in parsed.walk() if not isinstance(op, ModuleOp | FuncOp)]
    assert locs == [op.location for op in ex.module.walk() if not isinstance(op, ModuleOp | FuncOp)]


def test_one_op_per_aten_call(ex: Exported) -> None:
    """The torch ops are the FX graph's calls, in order, each with a generated class."""
    calls = [
        n.target
        for n in ex.program.graph.nodes
        if n.op == "call_function" and n.target is not operator.getitem
    ]
    ops = [op for op in forward(ex.module).body.ops if not isinstance(op, ReturnOp)]
    assert len(ops) == len(calls)
    for op, target in zip(ops, calls, strict=True):
        overload = str(target)  # aten.add.Tensor
        _, name, variant = overload.split(".")
        # the generic fallback would mean a model op is missing from the dialect
        assert op.name != "torch.operator", f"{overload} has no generated class"
        ir_name = f"torch.aten.{name}" + ("" if variant == "default" else f".{variant}")
        # a Python number in a Tensor slot selects the Scalar overload, as in ATen
        assert op.name in (ir_name, f"torch.aten.{name}.Scalar"), (op.name, overload)


def test_arguments_are_parameters_buffers_and_inputs(ex: Exported) -> None:
    inputs = graph_inputs(ex.module)
    func = forward(ex.module)
    assert len(inputs) == len(func.args)
    params = {n for n, k in ((i.name, i.kind) for i in inputs) if k == "parameter"}
    # tied weights (GPT-2's lm_head and wte) are listed under every name
    assert {n for n, _ in ex.model.named_parameters()} <= params
    assert params <= {n for n, _ in ex.model.named_parameters(remove_duplicate=False)}
    buffers = {i.name for i in inputs if i.kind == "buffer"}
    assert buffers == {n for n, _ in ex.model.named_buffers()}
    state = dict(ex.model.named_parameters(remove_duplicate=False)) | dict(ex.model.named_buffers())
    user = [(i, a) for i, a in zip(inputs, func.args, strict=True) if i.kind == "input"]
    assert len(user) == len(ex.inputs)
    for (i, arg), x in zip(user, ex.inputs, strict=True):
        assert _shape_dtype(arg.type) == (tuple(x.shape), ELEMENT[x.dtype]), i.name
    for i, arg in zip(inputs, func.args, strict=True):
        if i.kind in ("parameter", "buffer"):
            t = state[i.name]
            assert _shape_dtype(arg.type) == (tuple(t.shape), ELEMENT[t.dtype]), i.name


def test_result_types_match_eager(ex: Exported) -> None:
    with torch.no_grad():
        out = ex.model(*ex.inputs)
    outs = out if isinstance(out, tuple | list) else (out,)
    results = forward(ex.module).function_type.outputs.data
    assert [_shape_dtype(t) for t in results] == [(tuple(o.shape), ELEMENT[o.dtype]) for o in outs]


def test_every_op_has_a_source_location(ex: Exported) -> None:
    for op in forward(ex.module).body.ops:
        if isinstance(op, ReturnOp):
            continue
        loc = op.location
        assert isinstance(loc, FileLineColLoc), op.name
        lines = Path(loc.filename.data).read_text().splitlines()
        # the location names a real line of Python code, and the column where it starts
        code = lines[loc.line.data - 1]
        assert code.strip() and len(code) - len(code.lstrip()) + 1 == loc.column.data


@pytest.mark.parametrize("spec", ["mlp.py", "cnn.py"])
def test_user_models_locate_ops_in_their_forward(spec: str) -> None:
    """Models defined in examples/ point at their own source, not at torch's."""
    ex = exported(spec)
    files = {
        op.location.filename.data
        for op in ex.module.walk()
        if isinstance(op.location, FileLineColLoc)
    }
    assert files == {str(REPO / "examples" / spec)}


def _shape_dtype(t: object) -> tuple[tuple[int, ...], str]:
    assert isinstance(t, TensorType)
    assert not isinstance(t.encoding, ArrayAttr) or all(
        isinstance(s, StringAttr) for s in t.encoding.data
    )
    return tuple(t.get_shape()), str(t.element_type)
