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

import contextlib
import importlib.util
import sys
import tempfile
from pathlib import Path
from typing import Any

import torch
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls

from stepwell.dialects import tile
from stepwell.ir.interpret import has_torch_ops, make_interpreter
from stepwell.ir.types import torch_dtype
from stepwell.lowering.triton.interpreter_fixes import bf16_semantics
from stepwell.lowering.triton.mode import InterpreterUnavailable, compiling_for_gpu, use_interpreter

StepwellRuntimeError = InterpreterUnavailable
"""The module cannot run here (e.g. CPU tensors without Triton's interpreter)."""


def kernels_of(module: ModuleOp) -> list[tile.KernelOp]:
    return [op for op in module.ops if isinstance(op, tile.KernelOp)]


def load_kernels(source: str, directory: Path, interpret: bool) -> dict[str, Any]:
    """Write the Triton source to `directory/kernels.py` and import its kernels (for
    Triton's interpreter when `interpret`, see `mode.use_interpreter`)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "kernels.py"
    if not path.exists() or path.read_text() != source:
        path.write_text(source)
    name = f"stepwell_kernels_{'cpu' if interpret else 'gpu'}_{abs(hash(str(path)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    if interpret:
        use_interpreter()
        spec.loader.exec_module(module)
    else:
        with compiling_for_gpu():
            spec.loader.exec_module(module)
    return {k: v for k, v in vars(module).items() if hasattr(v, "fn")}


@register_impls
class LaunchFunctions(InterpreterFunctions):
    """`tile.launch`: allocate the results, launch the kernel over its grid."""

    def __init__(
        self, kernels: dict[str, Any], grids: dict[str, tuple[int, int, int]], interpret: bool
    ) -> None:
        self.kernels = kernels
        self.grids = grids
        self.interpret = interpret

    @impl(tile.LaunchOp)
    def run_launch(self, interpreter: Interpreter, op: tile.LaunchOp, args: PythonValues):
        name = op.callee.root_reference.data
        values = [a.contiguous() for a in args]
        inputs, inits = values[: len(op.inputs)], values[len(op.inputs) :]
        device = values[0].device if values else torch.device("cpu")
        # a result with an init starts as a copy of it (a scatter writes only some elements),
        # or as the init itself when nothing else reads that memory
        outputs = [
            init if op.donated(k) else init.clone(memory_format=torch.contiguous_format)
            for k, init in enumerate(inits)
        ] + [
            torch.empty(tuple(t.get_shape()), dtype=torch_dtype(t.element_type), device=device)
            for t in op.result_types[len(inits) :]  # type: ignore[attr-defined]
        ]
        if any(o.numel() > 0 for o in outputs):  # a fused kernel may have an empty output too
            with bf16_semantics() if self.interpret else contextlib.nullcontext():
                self.kernels[name][self.grids[name]](*inputs, *outputs)
        return tuple(outputs)


class Runtime:
    """A loaded tile-level module: call it with the function's arguments."""

    def __init__(
        self,
        module: ModuleOp,
        kernel_source: str,
        directory: Path | None = None,
        grids: dict[str, tuple[int, ...]] | None = None,
    ):
        """`module` holds the graph-level functions (and, unless `grids` gives each
        kernel's grid, the kernels)."""
        self.module = module
        self.source = kernel_source
        # a folder of our own is removed when the runtime is collected (or at exit)
        self._tmp = None if directory else tempfile.TemporaryDirectory(prefix="stepwell-kernels-")
        self.directory = directory or Path(self._tmp.name)  # type: ignore[union-attr]
        self.loaded: dict[bool, dict[str, Any]] = {}
        self.torch_level = has_torch_ops(module)  # (once: every call makes an interpreter)
        self.grids = grids if grids is not None else {
            k.sym_name.data: tuple(tile.int_list(k.grid))  # type: ignore[misc]
            for k in kernels_of(module)
        }

    def kernels(self, interpret: bool) -> dict[str, Any]:
        if interpret not in self.loaded:
            self.loaded[interpret] = load_kernels(self.source, self.directory, interpret)
        return self.loaded[interpret]

    def __call__(self, *args: Any, function: str = "forward") -> tuple[Any, ...]:
        # kernels run where the tensors are; a graph with no tensor input (arange,
        # linspace) allocates its outputs on the CPU, so it runs in the interpreter too
        tensors = [a for a in args if isinstance(a, torch.Tensor)]
        on_cpu = not tensors or any(a.device.type == "cpu" for a in tensors)
        interp = make_interpreter(self.module, self.torch_level)
        interp.register_implementations(LaunchFunctions(self.kernels(on_cpu), self.grids, on_cpu))
        with torch.no_grad():
            outputs = tuple(interp.call_op(function, tuple(args)))
        return _unaliased(outputs, tensors)


def _unaliased(outputs: tuple[Any, ...], inputs: list[torch.Tensor]) -> tuple[Any, ...]:
    """Graph-level views (reshape, transpose, ...) are views at run time; an output that
    is a view of an input is copied, so that writing into one never changes the other (a
    functional graph's outputs are new tensors)."""
    storages = {t.untyped_storage().data_ptr() for t in inputs if t.numel()}
    return tuple(
        o.clone()
        if isinstance(o, torch.Tensor) and o.numel() and o.untyped_storage().data_ptr() in storages
        else o
        for o in outputs
    )
