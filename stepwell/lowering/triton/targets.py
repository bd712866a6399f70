"""GPU targets: compile the emitted kernels with `triton.compile` for a `GPUTarget`, which
needs no GPU, and collect what each backend produces (ttir, ttgir, llir, ptx/cubin or
amdgcn/hsaco) and reports (registers, spills, shared memory).

Triton only compiles real (not interpreted) kernels: call this in a process where
`TRITON_INTERPRET` was not set when Triton was imported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute

from stepwell.dialects import tile

TARGETS: dict[str, tuple[str, int | str, int]] = {
    "cuda:80": ("cuda", 80, 32),
    "cuda:90": ("cuda", 90, 32),
    "hip:gfx90a": ("hip", "gfx90a", 64),
    "hip:gfx942": ("hip", "gfx942", 64),
}
"""Target string (`backend:arch`) -> Triton's GPUTarget(backend, arch, warp size)."""

ALL_TARGETS = ("interpret", *TARGETS)

POINTER_TYPES = {
    "f64": "*fp64", "f32": "*fp32", "f16": "*fp16", "bf16": "*bf16", "i64": "*i64",
    "i32": "*i32", "i16": "*i16", "i8": "*i8", "ui8": "*u8", "i1": "*i1",
}  # fmt: skip


class TargetError(ValueError):
    """An unknown target string."""


def check_target(target: str) -> str:
    if target not in ALL_TARGETS:
        raise TargetError(f"unknown target '{target}' (valid: {', '.join(ALL_TARGETS)})")
    return target


@dataclass
class CompiledKernel:
    name: str
    target: str
    asm: dict[str, Any] = field(default_factory=dict)
    metadata: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


def signature(kernel: tile.KernelOp) -> dict[str, str]:
    """Triton's signature for the emitted function: one typed pointer per view."""
    sig = {}
    for i, arg in enumerate(kernel.args):
        element = cast(MemRefType[Attribute], arg.type).element_type
        sig[f"{arg.name_hint or 'arg'}{i}_ptr"] = POINTER_TYPES[str(element)]
    return sig


def compile_kernel(fn: Any, kernel: tile.KernelOp, target: str) -> CompiledKernel:
    """Compile one emitted `@triton.jit` function for `target`; errors are recorded, not
    raised, so one failing kernel leaves the others compiled."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    name = kernel.sym_name.data
    backend, arch, warp = TARGETS[check_target(target)]
    try:
        src = ASTSource(fn, signature(kernel), {})
        compiled = triton.compile(
            src,
            target=GPUTarget(backend, arch, warp),
            options={"num_warps": kernel.num_warps.value.data},
        )
    except Exception as e:  # Triton's own diagnostics: report them with the kernel name
        first = str(e).strip().splitlines()
        return CompiledKernel(name, target, error=f"{type(e).__name__}: {' '.join(first[-3:])}")
    meta = compiled.metadata
    info = {
        key: getattr(meta, key)
        for key in ("num_warps", "num_stages", "shared", "num_ctas")
        if hasattr(meta, key)
    }
    n_regs = getattr(compiled, "n_regs", None)
    n_spills = getattr(compiled, "n_spills", None)
    if n_regs is not None:
        info["registers"] = n_regs
    if n_spills is not None:
        info["spills"] = n_spills
    return CompiledKernel(name, target, dict(compiled.asm), info)
