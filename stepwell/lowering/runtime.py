"""Run a tile-level module: Triton kernels for `tile.launch`, ATen for everything else.

The runtime is the reference interpreter (`stepwell.ir.interpret`) plus one rule: a
`tile.launch` allocates its outputs and launches the kernel's `@triton.jit` function,
whose source `lower-tile-to-triton` generated. Graph-level prims ops (the fallback for ops
no kernel takes) and `prims.extern` run through ATen, on whatever device the tensors are.
On CPU tensors the kernels run in Triton's interpreter, which Triton only enables when
`TRITON_INTERPRET=1` is set before it is first imported (its own library functions, such
as `tl.sum`, are decorated then): `ensure_interpreter()` sets it if Triton is not loaded
yet and otherwise says what to do.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import torch
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls

from stepwell.dialects import tile
from stepwell.ir.interpret import make_interpreter
from stepwell.ir.types import torch_dtype


class StepwellRuntimeError(RuntimeError):
    """The module cannot run here (e.g. CPU tensors without Triton's interpreter)."""


def ensure_interpreter() -> None:
    """Make Triton able to run kernels on CPU tensors, or explain why it cannot."""
    if os.environ.get("TRITON_INTERPRET") == "1":
        return
    if "triton" in sys.modules:
        raise StepwellRuntimeError(
            "stepwell runs kernels on CPU tensors in Triton's interpreter, which must be "
            "enabled before Triton is imported: set TRITON_INTERPRET=1 in the environment "
            "(or before importing torch)"
        )
    os.environ["TRITON_INTERPRET"] = "1"


def patch_interpreter() -> None:
    """Two bfloat16 gaps of Triton's interpreter (Triton 3.9), which stores bf16 as raw
    uint16 bits: `tl.dot` multiplies the bits, and float32 -> bfloat16 truncates where
    PyTorch (and the GPU, with rtne) rounds to nearest even. Dot operands are widened to
    float32 (exact) and the narrowing cast rounds to nearest even."""
    from triton.runtime import interpreter

    builder = interpreter.InterpreterBuilder
    if getattr(builder.create_dot, "stepwell_bf16", False):
        return
    tl, handle = interpreter.tl, interpreter.TensorHandle
    original_dot, original_cast = builder.create_dot, builder.cast_impl

    def widen(x: Any) -> Any:
        if x.dtype != tl.bfloat16:
            return x
        bits = x.data.astype(np.uint32) << np.uint32(16)
        return handle(bits.view(np.float32), tl.float32)

    def create_dot(self: Any, a: Any, b: Any, d: Any, *rest: Any) -> Any:
        return original_dot(self, widen(a), widen(b), d, *rest)

    def cast_impl(self: Any, src: Any, dst_type: Any) -> Any:
        if src.dtype.scalar == tl.float32 and dst_type.scalar == tl.bfloat16:
            bits = np.ascontiguousarray(src.data, dtype=np.float32).view(np.uint32)
            rounded = bits + (np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1)))
            out = (rounded >> np.uint32(16)).astype(np.uint16)
            nan = np.isnan(src.data)
            out = np.where(nan, (bits >> np.uint32(16)).astype(np.uint16) | np.uint16(0x40), out)
            return handle(out.astype(np.uint16), dst_type.scalar)
        return original_cast(self, src, dst_type)

    create_dot.stepwell_bf16 = True  # type: ignore[attr-defined]
    builder.create_dot = create_dot  # type: ignore[method-assign]
    builder.cast_impl = cast_impl  # type: ignore[method-assign]


def kernels_of(module: ModuleOp) -> list[tile.KernelOp]:
    return [op for op in module.ops if isinstance(op, tile.KernelOp)]


def load_kernels(source: str, directory: Path, interpret: bool) -> dict[str, Any]:
    """Write the Triton source to `directory/kernels.py` and import its kernels (for
    Triton's interpreter when `interpret`, see `ensure_interpreter`)."""
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
        ensure_interpreter()
        patch_interpreter()
    spec.loader.exec_module(module)
    return {k: v for k, v in vars(module).items() if hasattr(v, "fn")}


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
        self.source = kernel_source
        self.directory = directory or Path(tempfile.mkdtemp(prefix="stepwell-kernels-"))
        self.loaded: dict[bool, dict[str, Any]] = {}
        self.grids = {
            k.sym_name.data: tuple(tile.int_list(k.grid))  # type: ignore[misc]
            for k in kernels_of(module)
        }

    def kernels(self, interpret: bool) -> dict[str, Any]:
        if interpret not in self.loaded:
            self.loaded[interpret] = load_kernels(self.source, self.directory, interpret)
        return self.loaded[interpret]

    def __call__(self, *args: Any, function: str = "forward") -> tuple[Any, ...]:
        on_cpu = any(isinstance(a, torch.Tensor) and a.device.type == "cpu" for a in args)
        interp = make_interpreter(self.module)
        interp.register_implementations(LaunchFunctions(self.kernels(on_cpu), self.grids))
        with torch.no_grad():
            return tuple(interp.call_op(function, tuple(args)))
