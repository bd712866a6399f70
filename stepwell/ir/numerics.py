"""Numerical checking of passes: run a module before and after a pass on the same seeded
random inputs; when they diverge, name the first op whose own rewrite diverges.

The op is found by isolation: each op of the module before the pass is cut out into a
one-op function, fed the values it saw in the full run, rewritten by the same pass and
run again. The first op whose isolated results differ is the culprit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import torch
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.passes import ModulePass

from stepwell.ir.interpret import interpret, make_interpreter
from stepwell.ir.types import is_float, torch_dtype


class NumericsError(Exception):
    """The module cannot be checked numerically (e.g. it has dynamic shapes)."""


def entry(module: ModuleOp) -> FuncOp:
    funcs = [o for o in module.ops if isinstance(o, FuncOp) and o.body.blocks]
    named = [f for f in funcs if f.sym_name.data == "forward"]
    if not (named or funcs):
        raise NumericsError("the module has no function to run")
    return (named or funcs)[0]


def random_inputs(func: FuncOp, seed: int = 0) -> list[torch.Tensor]:
    """Seeded inputs for each argument: normal floats, small non-negative integers
    (valid as indices), random booleans."""
    gen = torch.Generator().manual_seed(seed)
    out: list[torch.Tensor] = []
    for t in func.function_type.inputs.data:
        if not isinstance(t, TensorType):
            raise NumericsError(f"cannot make a random value of type {t}")
        shape = tuple(cast(TensorType[Attribute], t).get_shape())
        if any(d < 0 for d in shape):
            raise NumericsError("cannot make random inputs for dynamic shapes")
        dtype = torch_dtype(t.element_type)
        if is_float(t.element_type):
            out.append(torch.randn(shape, generator=gen).to(dtype))
        elif dtype == torch.bool:
            out.append(torch.randint(0, 2, shape, generator=gen).bool())
        else:
            out.append(torch.randint(0, 2, shape, generator=gen).to(dtype))
    return out


def run(module: ModuleOp, inputs: Sequence[Any]) -> tuple[Any, ...]:
    """Run any level: the tile level's kernels by their tile IR semantics."""
    from stepwell.dialects.tile import LaunchOp
    from stepwell.ir.interpret_tile import run_tile

    name = entry(module).sym_name.data
    if any(isinstance(op, LaunchOp) for op in module.walk()):
        return run_tile(module, *inputs, function=name)
    return interpret(module, *inputs, function=name)


def max_difference(a: Sequence[Any], b: Sequence[Any]) -> float | None:
    """Largest abs difference between two result lists; None if they agree (1e-4 tol)."""
    if len(a) != len(b):
        return float("inf")
    worst: float | None = None
    for x, y in zip(a, b, strict=True):
        if not isinstance(x, torch.Tensor) or not isinstance(y, torch.Tensor):
            if x != y:
                worst = float("inf")
            continue
        if x.shape != y.shape or x.dtype != y.dtype:
            return float("inf")
        if not torch.allclose(x, y, atol=1e-4, rtol=1e-4, equal_nan=True):
            d = (x.double() - y.double()).abs().nan_to_num(float("inf"))
            worst = max(worst or 0.0, float(d.max()))
    return worst


class _Recorder(Interpreter.Listener):
    def __init__(self) -> None:
        self.inputs: dict[Operation, tuple[Any, ...]] = {}

    def will_interpret_op(self, op: Operation, args: tuple[Any, ...]) -> None:
        self.inputs[op] = args

    def did_interpret_op(self, op: Operation, results: tuple[Any, ...]) -> None:
        pass


@dataclass(frozen=True)
class Divergence:
    output: int
    max_abs: float
    op: Operation | None

    def describe(self, pass_name: str) -> str:
        text = (
            f"pass '{pass_name}' changed output #{self.output} (max abs error {self.max_abs:.3g})"
        )
        if self.op is not None:
            from stepwell.ir.printing import to_text

            text += "; first diverging op:\n  " + to_text(self.op, locations=True).strip()
        return text


RUN_LIMIT = 1 << 26
"""The most elements a tensor of a module --check-numerics runs may have (256 MiB of
float32): the reference interpreter holds every value of the function at once."""


def _check_run_size(module: ModuleOp) -> None:
    for op in entry(module).walk():
        for v in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)):
            if isinstance(v.type, TensorType):
                numel = math.prod(d for d in v.type.get_shape() if d >= 0)
                if numel > RUN_LIMIT:
                    raise NumericsError(f"a value of {numel} elements ({v.type}) is past the "
                                        f"{RUN_LIMIT} elements a check runs")  # fmt: skip


def check_pass(
    ctx: Context, before: ModuleOp, after: ModuleOp, pass_: ModulePass, seed: int = 0
) -> Divergence | None:
    """Compare `before` and `after` (= pass_ applied to before) on seeded random inputs.
    A module with a tensor past `RUN_LIMIT` elements is refused before anything runs (a
    gigabyte fill got the process killed rather than an error)."""
    for module in (before, after):
        _check_run_size(module)
    inputs = random_inputs(entry(before), seed)
    recorder = _Recorder()
    interp = make_interpreter(before)
    interp.listeners = (recorder,)
    ref = interpret(before, *inputs, function=entry(before).sym_name.data, interpreter=interp)
    got = run(after, inputs)
    for i, (x, y) in enumerate(zip(ref, got, strict=False)):
        worst = max_difference([x], [y])
        if worst is not None:
            return Divergence(i, worst, first_diverging_op(ctx, before, pass_, recorder.inputs))
    if len(ref) != len(got):
        return Divergence(min(len(ref), len(got)), float("inf"), None)
    return None


def first_diverging_op(
    ctx: Context, module: ModuleOp, pass_: ModulePass, seen: dict[Operation, tuple[Any, ...]]
) -> Operation | None:
    for op in entry(module).body.block.ops:
        if isinstance(op, ReturnOp) or op not in seen:
            continue
        isolated = _isolate(op)
        rewritten = isolated.clone()
        try:
            pass_.apply(ctx, rewritten)
            ref = run(isolated, seen[op])
            got = run(rewritten, seen[op])
        except Exception:
            return op  # the pass or its result fails on this op alone
        if max_difference(ref, got) is not None:
            return op
    return None


def _isolate(op: Operation) -> ModuleOp:
    """`op` alone in `func @forward(operands) -> results`."""
    types = [v.type for v in op.operands]
    block = Block(arg_types=types)
    clone = op.clone()
    for i, arg in enumerate(block.args):
        clone.operands[i] = arg
    block.add_op(clone)
    block.add_op(ReturnOp(*clone.results))
    func = FuncOp("forward", (types, [r.type for r in op.results]), Region(block))
    return ModuleOp([func])
