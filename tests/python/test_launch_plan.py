"""The launch plan (`stepwell/lowering/launch_plan.py`): a compiled graph's graph-level
function as JSON steps, run without xDSL. It must compute what the IR interpreter
computes for the same module (both compared with eager), and a malformed plan, read
from the cache, must be refused rather than run."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import torch

from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import Example, export
from stepwell.fuzz.compare import mismatch
from stepwell.ir.printing import parse_module
from stepwell.lowering.compiler import compile_module
from stepwell.lowering.launch_plan import PLAN_FORMAT, LaunchPlan, PlanError, PlanRuntime
from stepwell.lowering.plan_builder import build_launch_plan
from stepwell.lowering.runtime import Runtime
from stepwell.pipeline import bind_inputs

X = torch.randn(4, 6)
IDX = torch.tensor([0, 2, 2, 3])

PROGRAMS: dict[str, tuple[Callable[..., Any], tuple[Any, ...], str]] = {
    # (the program, its inputs, a step its plan must hold)
    "pointwise and a reduction": (lambda x: (x.exp() + 1).softmax(-1), (X,), "launch"),
    # an op no kernel takes: a `call` step with its inputs made dense
    "an ATen extern on a transposed input": (
        lambda x: torch.special.hermite_polynomial_h(x.t(), 3) + 1, (X,), "dense call"),
    # a graph-level view returned: copied, never an alias of the input
    "a returned view": (lambda x: x.t(), (X,), "call"),
    "a scatter with its init": (
        lambda x, i: x.index_put((i,), torch.ones(4, 6), accumulate=True), (X, IDX),
        "launch with inits"),
    "integers and booleans": (
        lambda a, b: ((a * 3) // 2, a > b), (IDX, IDX.flip(0)), "launch"),
    "half": (lambda x: (x.half() * 2).sum(0), (X,), "launch"),
    "empty": (lambda x: x[:0].exp() * 2, (X,), ""),
    "several outputs, one unused input": (lambda x, y: (x + 1, x.max(0)), (X, X), "launch"),
}


def _kinds(plan: LaunchPlan) -> set[str]:
    kinds = set()
    for step in plan.steps:
        kinds.add(step["op"])
        if step["op"] == "call" and step["dense"]:
            kinds.add("dense call")
        if step["op"] == "launch" and step["inits"]:
            kinds.add("launch with inits")
    return kinds | {""}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_the_plan_computes_what_the_ir_interpreter_computes(name: str) -> None:
    fn, args, step = PROGRAMS[name]
    ep = export(Example(fn, args, "fn"))
    artifacts = compile_module(import_program(ep))
    plan = build_launch_plan(artifacts.module)
    assert plan is not None
    plan = LaunchPlan.parse(plan.to_json())  # as the graph cache reads it back
    assert step in _kinds(plan), plan.steps
    bound = bind_inputs(artifacts.module, ep, args)
    want = torch.utils._pytree.tree_leaves(fn(*args))
    by_plan = list(PlanRuntime(plan, artifacts.source)(*bound))
    by_ir = list(Runtime(artifacts.module, artifacts.source)(*bound))
    assert mismatch(want, by_plan) is None, mismatch(want, by_plan)
    assert mismatch(want, by_ir) is None, mismatch(want, by_ir)
    for out in by_plan:
        for a in args:
            assert not (isinstance(out, torch.Tensor) and out.numel()
                        and out.untyped_storage().data_ptr() == a.untyped_storage().data_ptr())


def test_a_graph_with_an_op_no_step_runs_keeps_the_ir() -> None:
    """A `func.call` between graph functions has no step: no plan, the IR runs it."""
    module = parse_module("""
        func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
          %y = func.call @twice(%x) : (tensor<4xf32>) -> tensor<4xf32>
          func.return %y : tensor<4xf32>
        }
        func.func @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
          %y = prims.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
          func.return %y : tensor<4xf32>
        }""")
    assert build_launch_plan(module) is None


def _plan(*steps: dict[str, Any], returns: list[Any] | None = None, args: int = 1) -> str:
    return json.dumps({"format": PLAN_FORMAT, "function": "forward", "args": args,
                       "steps": list(steps),
                       "returns": returns if returns is not None else [{"s": 0}]})


def _call(callee: str, *args: Any, out: int = 1) -> dict[str, Any]:
    return {"op": "call", "callee": callee, "args": list(args), "kwargs": {}, "dense": False,
            "out": [out]}


def _launch(**change: Any) -> dict[str, Any]:
    """A launch of a symbolic kernel over input slot 0 (`s0` its dim 0), changed."""
    step = {"op": "launch", "kernel": "k0", "grid": ["((s0 + 63) // 64)", 1, 1],
            "in": [{"s": 0}], "inits": [], "donated": [], "new": [[["s0"], "float32"]],
            "binds": [[0, 0, "s0"]], "symbols": ["s0"], "sizes": [], "out": [1]}  # fmt: skip
    return {**step, **change}


def test_a_well_formed_plan_runs() -> None:
    text = _plan(_call("aten.mul.Tensor", {"s": 0}, 2.0), returns=[{"s": 1}])
    out = PlanRuntime(LaunchPlan.parse(text), "")(X)
    assert mismatch([X * 2], list(out)) is None


def test_a_symbolic_reshape_evaluates_its_sizes() -> None:
    """A reshape to `[s0 * s1]` and to `[-1, s1]` (one size its input does not give,
    inferred), with the symbols bound by its input's dims."""
    binds = [[0, 0, "s0"], [0, 1, "s1"]]
    flat = {"op": "reshape", "in": {"s": 0}, "shape": ["s0*s1"], "binds": binds, "with": [],
            "out": [1]}
    back = {"op": "reshape", "in": {"s": 1}, "shape": [-1, 6], "binds": [], "with": [],
            "out": [2]}
    plan = LaunchPlan.parse(_plan(flat, back, returns=[{"s": 1}, {"s": 2}]))
    x = torch.randn(4, 6)
    flat_x, again = PlanRuntime(plan, "")(x)
    assert mismatch([x.reshape(24), x], [flat_x, again]) is None


SPLIT_BY_ARGUMENT = """
func.func @forward(%x: tensor<?x3xf32, ["s0*s1"]>, %ids: tensor<?x?xi64, ["s0", "s1"]>)
    -> tensor<?x?x3xf32, ["s0", "s1"]> {
  %y = prims.split_dim %x {dim = 0 : i64, outer_length = -9223372036854775808 : i64}
      : (tensor<?x3xf32, ["s0*s1"]>) -> tensor<?x?x3xf32, ["s0", "s1"]>
  func.return %y : tensor<?x?x3xf32, ["s0", "s1"]>
}
"""


def test_a_reshape_takes_the_symbols_its_input_does_not_give_from_the_arguments() -> None:
    """`[s0*s1, 3]` split to `[s0, s1, 3]` (a matmul's rows back to batch and length):
    its input gives neither symbol alone; the function's other argument does. The IR
    interpreter and the plan (a `with` slot) both evaluate them."""
    from stepwell.ir.interpret import interpret
    from stepwell.ir.printing import parse_module
    from stepwell.lowering.plan_builder import build_launch_plan

    module = parse_module(SPLIT_BY_ARGUMENT)
    plan = build_launch_plan(module)
    assert plan is not None
    (step,) = plan.steps
    assert step["with"] == [{"s": 1}] and step["shape"] == ["s0", "s1", 3], step
    for b, n in ((2, 5), (3, 1), (4, 7)):
        x, ids = torch.randn(b * n, 3), torch.zeros(b, n, dtype=torch.int64)
        want = [x.reshape(b, n, 3)]
        assert mismatch(want, list(interpret(module, x, ids))) is None
        again = PlanRuntime(LaunchPlan.parse(plan.to_json()), "")(x, ids)
        assert mismatch(want, list(again)) is None


@pytest.mark.parametrize("text, why", [
    ("not json", "not JSON"),
    (json.dumps({"format": 99}), "format"),
    (_plan(_call("builtins.eval", "1")), "builtins.eval"),
    (_plan(_call("os.system", "true")), "os.system"),
    (_plan(_call("aten.mul.Tensor", {"s": 5}, 2.0)), "not defined"),
    (_plan(_call("aten.mul.Tensor", {"s": 0}, 2.0, out=7)), "next slots"),
    (_plan(_call("aten.to.dtype", {"s": 0}, {"dtype": "__class__"})), "unknown dtype"),
    (_plan(_call("aten.mul.Tensor", {"s": 0}, {"py": "x"})), "unknown argument tag"),
    (_plan({"op": "exec", "code": "x", "out": [1]}), "not a plan step"),
    (_plan({"op": "reshape", "in": {"s": 0}, "shape": ["a"], "out": [1]}), "reshape"),
    (_plan({"op": "reshape", "in": {"s": 0}, "shape": ["s1", 4], "binds": [[0, 0, "s0"]],
            "with": [], "out": [1]}), "does not bind"),
    (_plan({"op": "reshape", "in": {"s": 0}, "shape": [-1], "binds": [[2, 0, "s0"]],
            "with": [], "out": [1]}), "binds symbols as"),
    (_plan({"op": "reshape", "in": {"s": 0}, "shape": [-1], "binds": [[2, 0, "s0"]],
            "with": [{"s": 0}], "out": [1]}), "binds symbols as"),
    (_plan({"op": "reshape", "in": {"s": 0}, "shape": [-1], "binds": [],
            "with": [{"s": 4}], "out": [1]}), "not defined"),
    (_plan(returns=[{"s": 3}]), "not defined"),
    (_plan(_launch(grid=["__import__('os')", 1, 1])), "kernel and grid"),
    (_plan(_launch(grid=["s9", 1, 1])), "does not bind"),
    (_plan(_launch(binds=[[3, 0, "s0"]])), "binds symbols"),
    (_plan(_launch(symbols=["s7"])), "only symbols its inputs bind"),
    (_plan(_launch(new=[[["s0 ** s0"], "float32"]])), "new results"),
])  # fmt: skip
def test_a_malformed_plan_is_refused(text: str, why: str) -> None:
    with pytest.raises(PlanError, match=why):
        LaunchPlan.parse(text)


def test_interpreted_launches_skip_the_overflow_sanitizer_and_restore_it() -> None:
    """Triton's interpreter recomputes each int32 add/sub/mul in int64 for an overflow
    assert that only runs with debug on; `unchecked_overflow` turns that off for a launch
    (as a GPU compile without debug does) and leaves the interpreter's options as they
    were, and keeps them when debug is on."""
    import dataclasses

    from triton.runtime import interpreter

    from stepwell.lowering.triton.interpreter_fixes import unchecked_overflow

    builder = interpreter.interpreter_builder
    before = builder.options
    assert before.sanitize_overflow and not before.debug
    with unchecked_overflow():
        assert builder.options.sanitize_overflow is False
        assert builder.options.debug is True  # (device asserts: an index out of range)
    assert builder.options is before
    builder.options = dataclasses.replace(before, debug=True)
    try:
        with unchecked_overflow():
            assert builder.options.sanitize_overflow is True  # debug asks for the checks
    finally:
        builder.options = before
    # integer index math near int32's range still computes what eager does
    x = torch.arange(3 * 5, dtype=torch.int32).reshape(3, 5) * 100_000_000
    fn = lambda a: (a + a // 7) * 3 - a  # noqa: E731
    module = import_program(export(Example(fn, (x,), "fn")))
    got = compile_module(module).runtime(x)
    assert mismatch([fn(x)], list(got)) is None


def test_outputs_a_user_gets_are_tensors_of_their_own() -> None:
    """`unaliased`: an output that is a view of an input is copied; of the first
    `distinct` outputs (default all), one that shares memory with an earlier output is
    copied; later ones (a training forward's saved tensors) may share it."""
    from stepwell.lowering.launch_plan import unaliased

    a, x = torch.arange(3.0), torch.zeros(2)
    out = unaliased((a, a, a), [x], distinct=2)
    assert out[0] is a and out[2] is a and out[1] is not a and torch.equal(out[1], a)
    everything = unaliased((a, a), [x])
    assert everything[1] is not a and torch.equal(everything[1], a)
    (copied,) = unaliased((x.view(2, 1),), [x])
    assert copied.untyped_storage().data_ptr() != x.untyped_storage().data_ptr()
    whole, part = a.view(3), a[:2]  # another view of an earlier output's memory: copied
    got = unaliased((whole, part), [x])
    assert got[0] is whole and got[1] is not part and torch.equal(got[1], part)
    got = unaliased((whole, part), [x], distinct=1)  # (a saved tensor after it: shared)
    assert got[0] is whole and got[1] is part
