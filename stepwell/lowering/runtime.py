"""Run a tile-level module: Triton kernels for `tile.launch`, ATen for everything else.

The runtime is the reference interpreter (`stepwell.ir.interpret`) plus one rule: a
`tile.launch` allocates its outputs and launches the kernel's `@triton.jit` function,
whose source `lower-tile-to-triton` generated. Graph-level prims ops (the fallback for ops
no kernel takes) and `prims.extern` run through ATen, on whatever device the tensors are.
On CPU tensors the kernels run in Triton's interpreter, which Triton only enables when
`TRITON_INTERPRET=1` is set before it is first imported (its own library functions, such
as `tl.sum`, are decorated then): `mode.use_interpreter()` sets it if Triton is not loaded
yet and otherwise says what to do.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls

from stepwell.dialects import tile
from stepwell.ir.interpret import has_torch_ops, make_interpreter
from stepwell.ir.sizes import bind_symbols, evaluate
from stepwell.ir.types import function_writes, orders_of, symbol_binds, tensor_sizes, torch_dtype
from stepwell.lowering.launch_plan import (
    check_writable,
    finish_call,
    graph_device,
    kernel_directory,
    launch,
    load_kernels,
    on_cpu,
    size_value,
)
from stepwell.lowering.plan_builder import size_spec
from stepwell.lowering.triton.mode import InterpreterUnavailable

StepwellRuntimeError = InterpreterUnavailable
"""The module cannot run here (e.g. CPU tensors without Triton's interpreter)."""


def kernels_of(module: ModuleOp) -> list[tile.KernelOp]:
    return [op for op in module.ops if isinstance(op, tile.KernelOp)]


@register_impls
class LaunchFunctions(InterpreterFunctions):
    """`tile.launch`: allocate the results, launch the kernel over its grid."""

    def __init__(
        self,
        kernels: dict[str, Any],
        launches: dict[str, KernelLaunch],
        interpret: bool,
        device: torch.device | None = None,
    ) -> None:
        self.kernels = kernels
        self.launches = launches
        self.interpret = interpret
        self.device = device

    @impl(tile.LaunchOp)
    def run_launch(self, interpreter: Interpreter, op: tile.LaunchOp, args: PythonValues):
        name = op.callee.root_reference.data
        spec = self.launches[name]
        n_sizes = len(op.sizes)
        if n_sizes:
            bindings = dict(zip(spec.symbols, (int(a) for a in args[-n_sizes:]), strict=True))
            args = args[:-n_sizes]
        else:
            n_in = len(op.inputs)
            bindings = (bind_symbols(symbol_binds(op.operand_types[:n_in]), args[:n_in])
                        if spec.symbols else {})  # fmt: skip
        new = [
            (
                [evaluate(d, bindings) for d in tensor_sizes(t)],
                torch_dtype(t.element_type),
            )  # type: ignore[attr-defined]
            for t in op.result_types[len(op.inits) :]
        ]
        donated = [op.donated(k) for k in range(len(op.inits))]
        grid = [size_value(g, bindings) for g in spec.grid]
        return launch(self.kernels[name], grid, args, len(op.inputs), donated, new,
                      self.interpret, [bindings[n] for n in spec.symbols],
                      self.device)  # fmt: skip


@dataclass(frozen=True)
class KernelLaunch:
    """What launching a kernel needs besides its arguments: its grid (ints or size
    expressions) and its size symbols, in the order of its last arguments."""

    grid: tuple[int | str, ...]
    symbols: tuple[str, ...] = ()

    @staticmethod
    def of(kernel: tile.KernelOp) -> KernelLaunch:
        return KernelLaunch(tuple(size_spec(g) for g in kernel.grid_sizes()),
                            tuple(kernel.symbol_names()))  # fmt: skip

    @staticmethod
    def from_manifest(entry: dict[str, Any]) -> KernelLaunch:
        return KernelLaunch(tuple(entry["grid"]), tuple(entry.get("symbols", ())))


class Runtime:
    """A loaded tile-level module: call it with the function's arguments."""

    def __init__(
        self,
        module: ModuleOp,
        kernel_source: str,
        directory: Path | None = None,
        launches: dict[str, KernelLaunch] | None = None,
    ):
        """`module` holds the graph-level functions (and, unless `launches` gives each
        kernel's grid and symbols, the kernels)."""
        self.module = module
        self.source = kernel_source
        # a folder of our own is removed when the runtime is collected (or at exit)
        self.directory = directory or kernel_directory(self)
        self.loaded: dict[bool, dict[str, Any]] = {}
        self.torch_level = has_torch_ops(module)  # (once: every call makes an interpreter)
        self._writes: dict[str, list[tuple[int, int]]] = {}
        self.launches = (
            launches
            if launches is not None
            else {k.sym_name.data: KernelLaunch.of(k) for k in kernels_of(module)}
        )

    def kernels(self, interpret: bool) -> dict[str, Any]:
        if interpret not in self.loaded:
            self.loaded[interpret] = load_kernels(self.source, self.directory, interpret)
        return self.loaded[interpret]

    def __call__(self, *args: Any, function: str = "forward",
                 distinct: int | None = None) -> tuple[Any, ...]:  # fmt: skip
        interpret = on_cpu(args)
        device = graph_device(args)
        interp = make_interpreter(self.module, self.torch_level, device)
        kernels = self.kernels(interpret)
        interp.register_implementations(
            LaunchFunctions(kernels, self.launches, interpret, device)
        )
        check_writable(args, self.writes(function))
        with torch.no_grad():
            outputs = tuple(interp.call_op(function, tuple(args)))
            return finish_call(outputs, args, self.writes(function), distinct,
                               self.orders(function))  # fmt: skip

    def writes(self, function: str) -> list[tuple[int, int]]:
        """The (result, argument) pairs of `@function`'s results that are its inputs' new
        values (`types.WRITES`)."""
        if function not in self._writes:
            func = self._function(function)
            self._writes[function] = function_writes(func) if func is not None else []
        return self._writes[function]

    def orders(self, function: str) -> list[tuple[int, ...]]:
        """The dim order eager gives each of `@function`'s results (`types.OUTPUT_ORDERS`)."""
        func = self._function(function)
        return orders_of(func) if func is not None else []

    def _function(self, name: str) -> FuncOp | None:
        return next((op for op in self.module.ops
                     if isinstance(op, FuncOp) and op.sym_name.data == name), None)  # fmt: skip
