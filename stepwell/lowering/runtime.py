"""Run a tile-level module: Triton kernels for `tile.launch`, ATen for everything else.

The runtime is the reference interpreter (`stepwell.ir.interpret`) plus one rule: a
`tile.launch` allocates its outputs and launches the kernel's `@triton.jit` function,
whose source `lower-tile-to-triton` generated. Graph-level prims ops (the fallback for ops
no kernel takes) and `prims.extern` run through ATen, on whatever device the tensors are.
On CPU tensors the kernels run in Triton's interpreter, which needs `TRITON_INTERPRET=1`
before Triton is imported; `ensure_interpreter()` sets it when Triton is not loaded yet.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls

from stepwell.dialects import tile
from stepwell.ir.interpret import make_interpreter
from stepwell.ir.types import torch_dtype


class RuntimeError_(RuntimeError):
    """The module cannot run here (e.g. CPU tensors with Triton loaded for a GPU)."""


def ensure_interpreter() -> None:
    """Make Triton run kernels on CPU. Must happen before `triton` is first imported."""
    if os.environ.get("TRITON_INTERPRET") == "1":
        return
    if "triton" in sys.modules:
        raise RuntimeError_(
            "stepwell runs kernels on CPU tensors in Triton's interpreter, but Triton was "
            "imported without TRITON_INTERPRET=1: set it before importing triton or torch"
        )
    os.environ["TRITON_INTERPRET"] = "1"


def kernels_of(module: ModuleOp) -> list[tile.KernelOp]:
    return [op for op in module.ops if isinstance(op, tile.KernelOp)]


def load_kernels(source: str, directory: Path) -> dict[str, Any]:
    """Write the Triton source to `directory/kernels.py` and import its kernels."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "kernels.py"
    path.write_text(source)
    name = f"stepwell_kernels_{abs(hash(str(path)))}_{len(sys.modules)}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return {k: v for k, v in vars(module).items() if hasattr(v, "run") or hasattr(v, "fn")}


@register_impls
class LaunchFunctions(InterpreterFunctions):
    """`tile.launch`: allocate the results, launch the kernel over its grid."""

    def __init__(self, kernels: dict[str, Any], grids: dict[str, tuple[int, int, int]]) -> None:
        self.kernels = kernels
        self.grids = grids

    @impl(tile.LaunchOp)
    def run_launch(self, interpreter: Interpreter, op: tile.LaunchOp, args: PythonValues):
        name = op.callee.root_reference.data
        inputs = [a.contiguous() for a in args]
        device = inputs[0].device if inputs else torch.device("cpu")
        outputs = [
            torch.empty(tuple(t.get_shape()), dtype=torch_dtype(t.element_type), device=device)
            for t in op.result_types  # type: ignore[attr-defined]
        ]
        if all(o.numel() > 0 for o in outputs):
            self.kernels[name][self.grids[name]](*inputs, *outputs)
        return tuple(outputs)


class Runtime:
    """A loaded tile-level module: call it with the function's arguments."""

    def __init__(self, module: ModuleOp, kernel_source: str, directory: Path | None = None):
        self.module = module
        self.directory = directory or Path(tempfile.mkdtemp(prefix="stepwell-kernels-"))
        self.kernels = load_kernels(kernel_source, self.directory)
        self.grids = {
            k.sym_name.data: tuple(tile.int_list(k.grid))  # type: ignore[misc]
            for k in kernels_of(module)
        }

    def __call__(self, *args: Any, function: str = "forward") -> tuple[Any, ...]:
        interp = make_interpreter(self.module)
        interp.register_implementations(LaunchFunctions(self.kernels, self.grids))
        with torch.no_grad():
            return tuple(interp.call_op(function, tuple(args)))


def run_module(module: ModuleOp, args: Sequence[Any], source: str) -> tuple[Any, ...]:
    return Runtime(module, source)(*args)
