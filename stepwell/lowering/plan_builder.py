"""Build a compiled graph's launch plan (`launch_plan.py`) from its tile-level module.

Each graph-level op becomes the step that does what the IR interpreter's rule for it
does: the rule is looked up in the interpreter's own table (`PrimsLevelFunctions`), so an
op whose rule is not one a step reproduces (a graph-level sort, a `func.call`) leaves
the graph without a plan, and the runtime interprets its IR as before.
"""

from __future__ import annotations

from typing import Any, cast

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import tile
from stepwell.dialects.codecs import call_arguments
from stepwell.dialects.prims_support import ExternOp
from stepwell.dialects.torch_support import OperatorOp
from stepwell.ir.interpret import (
    PrimsLevelFunctions,
    StepwellFunctions,
    generic_arguments,
    has_torch_ops,
)
from stepwell.ir.sizes import Size, size_text, symbols_of
from stepwell.ir.types import function_writes, orders_of, symbol_binds, tensor_sizes, torch_dtype
from stepwell.lowering.launch_plan import LaunchPlan, PlanError, Slot, encode

_STEPS: dict[Any, str] = {
    StepwellFunctions.run_schema_op: "schema",
    StepwellFunctions.run_extern: "extern",
    StepwellFunctions.run_operator: "operator",
    StepwellFunctions.run_reshape: "reshape",
    StepwellFunctions.run_collapse: "reshape",
    StepwellFunctions.run_split_dim: "reshape",
}
"""The interpreter rules a plan step reproduces."""


def _rules(torch_level: bool) -> dict[type[Operation], str]:
    """Each op class's step kind ("" for a rule no step reproduces)."""
    functions = StepwellFunctions if torch_level else PrimsLevelFunctions
    return {cls: _STEPS.get(fn, "") for cls, fn in functions._impls()}  # type: ignore[attr-defined]


def build_launch_plan(module: ModuleOp, function: str = "forward") -> LaunchPlan | None:
    """The plan of `@function` in a tile-level module, or None when one of its ops has no
    step (see the module docstring)."""
    funcs = [op for op in module.ops if isinstance(op, FuncOp)]
    func = next((f for f in funcs if f.sym_name.data == function), None)
    if func is None or len(funcs) != 1 or len(func.body.blocks) != 1:
        return None
    kernels = {k.sym_name.data: k for k in module.ops if isinstance(k, tile.KernelOp)}
    rules = _rules(has_torch_ops(module))
    block = func.body.block
    slots: dict[SSAValue, int] = {a: i for i, a in enumerate(block.args)}
    steps: list[dict[str, Any]] = []
    try:
        for op in block.ops:
            if isinstance(op, ReturnOp):
                returns = [encode(Slot(slots[v])) for v in op.operands]
                return LaunchPlan(function, len(block.args), tuple(steps), tuple(returns),
                                  tuple(function_writes(func)), tuple(orders_of(func)))  # fmt: skip
            step = _step(op, slots, kernels, rules)
            if step is None:
                return None
            step["out"] = list(range(len(slots), len(slots) + len(op.results)))
            slots.update({r: i for r, i in zip(op.results, step["out"], strict=True)})
            steps.append(step)
    except (PlanError, KeyError):  # an argument with no encoding, a kernel with no grid
        return None
    return None


def _step(
    op: Operation,
    slots: dict[SSAValue, int],
    kernels: dict[str, tile.KernelOp],
    rules: dict[type[Operation], str],
) -> dict[str, Any] | None:
    refs = [Slot(slots[v]) for v in op.operands]
    if isinstance(op, tile.LaunchOp):
        name = op.callee.root_reference.data
        kernel = kernels[name]
        news = [cast(TensorType[Attribute], t) for t in op.result_types[len(op.inits) :]]
        n_in, n_inits = len(op.inputs), len(op.inits)
        return {
            "op": "launch",
            "kernel": name,
            "grid": [size_spec(g) for g in kernel.grid_sizes()],
            "in": encode(refs[:n_in]),
            "inits": encode(refs[n_in : n_in + n_inits]),
            "sizes": encode(refs[n_in + n_inits :]),
            "donated": [op.donated(k) for k in range(len(op.inits))],
            "new": [
                [
                    [size_spec(d) for d in tensor_sizes(t)],
                    encode(torch_dtype(t.element_type))["dtype"],
                ]
                for t in news
            ],  # fmt: skip
            "binds": (symbol_binds([v.type for v in op.inputs])
                      if kernel.is_symbolic() and not op.sizes else []),  # fmt: skip
            "symbols": kernel.symbol_names(),
        }
    rule = rules.get(type(op), "")
    if rule == "reshape":
        return _reshape(op, refs[0])
    if rule in ("extern", "operator"):
        name = cast(ExternOp, op).callee.data if rule == "extern" else cast(
            OperatorOp, op).op_name.data  # fmt: skip
        args, kwargs = generic_arguments(name, op, refs)
        return _call(name, args, kwargs, dense=rule == "extern")
    if rule == "schema":
        kwargs = call_arguments(op, refs)  # type: ignore[arg-type]
        return _call(op.OVERLOAD, [], kwargs, dense=False)  # type: ignore[attr-defined]
    return None


def _reshape(op: Operation, source: Slot) -> dict[str, Any] | None:
    """A reshape step: each size evaluated from the symbols the input's dims bind, and
    those it does not from the function's arguments that do (`with`: `[B, L, V]` from a
    `[B*L, V]` matmul result needs B or L from an input); one size still unknown is -1,
    for reshape to infer (None if more than one)."""
    binds = symbol_binds([op.operands[0].type])
    bound = {b[2] for b in binds}
    sizes = tensor_sizes(op.results[0].type)
    wanted = set().union(*(symbols_of(d) for d in sizes)) - bound
    block = op.parent_block()
    args = list(block.args) if block is not None else []
    extra: list[int] = []
    for i, a in enumerate(args):
        found = [b for b in symbol_binds([a.type]) if b[2] in wanted]
        if found:
            extra.append(i)
            binds += [[len(extra), b[1], b[2]] for b in found]
            wanted -= {b[2] for b in found}
    bound = {b[2] for b in binds}
    shape = [d if symbols_of(d) <= bound else -1 for d in sizes]
    if shape.count(-1) > 1:
        return None
    return {"op": "reshape", "in": encode(source), "binds": binds,
            "with": encode([Slot(i) for i in extra]),  # (function arguments are slots)
            "shape": [d if isinstance(d, int) else size_spec(d) for d in shape]}  # fmt: skip


def size_spec(size: Size) -> int | str:
    """A size as a plan (and manifest) holds it: an int or its expression's text."""
    return size if isinstance(size, int) else size_text(size)


def _call(name: str, args: list[Any], kwargs: dict[str, Any], dense: bool) -> dict[str, Any]:
    return {"op": "call", "callee": name, "args": encode(args),
            "kwargs": {k: encode(v) for k, v in kwargs.items()}, "dense": dense}  # fmt: skip
