"""GPU targets: compile the emitted kernels with `triton.compile` for a `GPUTarget`, which
needs no GPU, and collect what each backend produces (ttir, ttgir, llir, ptx/cubin or
amdgcn/hsaco) and reports (registers, spills, shared memory).

Triton only compiles real (not interpreted) kernels: call this in a process where
`TRITON_INTERPRET` was not set when Triton was imported.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute

from stepwell.dialects import tile
from stepwell.lowering.cache import read_entry, write_entry
from stepwell.lowering.triton.target_table import ALL_TARGETS, TARGETS


def artifacts_of(target: str) -> tuple[str, ...]:
    """What `--emit` may name for `target` (nothing for the interpreter)."""
    return TARGETS[check_target(target)].artifacts if target != "interpret" else ()


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
    cached: bool = False


def signature(kernel: tile.KernelOp) -> dict[str, str]:
    """Triton's signature for the emitted function: one typed pointer per view."""
    sig = {}
    for i, arg in enumerate(kernel.args):
        element = cast(MemRefType[Attribute], arg.type).element_type
        sig[f"{arg.name_hint or 'arg'}{i}_ptr"] = POINTER_TYPES[str(element)]
    return sig


CACHE_FORMAT = 3
"""Bumped whenever what the cache stores changes (e.g. new resource figures)."""


def cache_key(source: str, target: str, num_warps: int) -> str:
    """The kernel's source, the target, and the versions that could change the result."""
    import torch
    import triton

    import stepwell

    versions = f"{getattr(stepwell, '__version__', '0')}|{triton.__version__}|{torch.__version__}"
    text = f"{source}\n{target}|{num_warps}|{versions}|{CACHE_FORMAT}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _load_cached(key: str, name: str, target: str) -> CompiledKernel | None:
    """The cached artifacts of `key`, or None (a bad entry is discarded: lowering/cache.py)."""
    hit = read_entry(key)
    if hit is None:
        return None
    asm, metadata = hit
    return CompiledKernel(name, target, dict(asm), metadata, cached=True)


def _store_cached(key: str, result: CompiledKernel) -> None:
    files = {ext: data for ext, data in result.asm.items() if ext != "source"}
    write_entry(key, files, result.metadata, stem="kernel")


def compile_kernel(fn: Any, kernel: tile.KernelOp, target: str, source: str = "") -> CompiledKernel:
    """Compile one emitted `@triton.jit` function for `target`; errors are recorded, not
    raised, so one failing kernel leaves the others compiled. With the kernel's `source`
    the result is cached (see `cache_key`), so a second compile does not run Triton."""
    name = kernel.sym_name.data
    key = cache_key(source, target, kernel.num_warps.value.data) if source else None
    if key is not None and (hit := _load_cached(key, name, target)) is not None:
        return hit
    result = _compile(fn, kernel, target)
    if key is not None and result.error is None:
        _store_cached(key, result)
    return result


def _compile(fn: Any, kernel: tile.KernelOp, target: str) -> CompiledKernel:
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    name = kernel.sym_name.data
    record = TARGETS[check_target(target)]
    try:
        src = ASTSource(fn, signature(kernel), {})
        compiled = triton.compile(
            src,
            target=GPUTarget(*record.gpu_target()),
            options={"num_warps": kernel.num_warps.value.data},
        )
    except Exception as e:  # Triton's own diagnostics: report them with the kernel name
        first = str(e).strip().splitlines()
        return CompiledKernel(name, target, error=f"{type(e).__name__}: {' '.join(first[-3:])}")
    meta = compiled.metadata
    info = {
        key: getattr(meta, key)
        for key in ("num_warps", "num_stages", "shared", "num_ctas")
        if hasattr(meta, key) and isinstance(getattr(meta, key), int)
    }
    asm = dict(compiled.asm)
    info.update(record.resources(asm, record))
    return CompiledKernel(name, target, asm, info)


def compile_all(
    kernels: list[tile.KernelOp], fns: dict[str, Any], target: str
) -> list[CompiledKernel]:
    """Compile every kernel for `target` (through the cache); failures are per kernel."""
    from stepwell.lowering.triton.emitter import emit_kernel

    return [compile_kernel(fns[k.sym_name.data], k, target, emit_kernel(k)) for k in kernels]


def load_for_compile(source: str, directory: Path) -> dict[str, Any]:
    """Import the emitted kernels as real (not interpreted) Triton functions."""
    from stepwell.lowering.runtime import load_kernels

    return load_kernels(source, directory, interpret=False)
