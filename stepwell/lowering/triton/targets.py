"""GPU targets: compile the emitted kernels with `triton.compile` for a `GPUTarget`, which
needs no GPU, and collect what each backend produces (ttir, ttgir, llir, ptx/cubin or
amdgcn/hsaco) and reports (registers, spills, shared memory).

Triton only compiles real (not interpreted) kernels: call this in a process where
`TRITON_INTERPRET` was not set when Triton was imported.
"""

from __future__ import annotations

import functools
import hashlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute

from stepwell.dialects import tile
from stepwell.lowering.cache import read_entry, write_entry
from stepwell.lowering.triton.emitter import SYMBOL_PREFIX, assert_options, view_name
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
    """Triton's signature for the emitted function: one typed pointer per view, then one
    32-bit integer per size symbol (what Triton's JIT picks for a size below 2**31)."""
    sig = {}
    for i, arg in enumerate(kernel.views):
        element = cast(MemRefType[Attribute], arg.type).element_type
        sig[f"{view_name(arg, i)}_ptr"] = POINTER_TYPES[str(element)]
    for name in kernel.symbol_names():
        sig[SYMBOL_PREFIX + name] = "i32"
    return sig


CACHE_FORMAT = 4
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
    record = TARGETS[target]

    def complete(files: dict[str, str | bytes]) -> bool:  # every artifact, of its kind
        return all(
            isinstance(files.get(ext), bytes if ext in record.binary else str)
            for ext in record.artifacts
        )

    hit = read_entry(key, stem="kernel", accept=complete)
    if hit is None:
        return None
    asm, metadata = hit
    return CompiledKernel(name, target, dict(asm), metadata, cached=True)


def _store_cached(key: str, result: CompiledKernel) -> None:
    files = {ext: data for ext, data in result.asm.items() if ext != "source"}
    write_entry(key, files, result.metadata, stem="kernel")


def _compile(fn: Any, kernel: tile.KernelOp, target: str) -> CompiledKernel:
    return _compile_fn(fn, kernel.sym_name.data, signature(kernel),
                       kernel.num_warps.value.data, target)  # fmt: skip


def _compile_fn(
    fn: Any, name: str, sig: dict[str, str], num_warps: int, target: str
) -> CompiledKernel:
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    record = TARGETS[check_target(target)]
    try:
        # pointers 16-byte aligned, as Triton's JIT specializes PyTorch's allocations: the
        # code (vector widths, layouts) is what a launch on the GPU compiles
        aligned = {(i,): [["tt.divisibility", 16]] for i, t in enumerate(sig.values())
                   if t.startswith("*")}  # fmt: skip
        src = ASTSource(fn, sig, {}, aligned)
        gpu = GPUTarget(*record.gpu_target())
        options = {"num_warps": num_warps, **assert_options(getattr(fn, "src", ""), gpu.backend)}
        compiled = triton.compile(src, target=gpu, options=options)
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


def compile_workers(option: int | None = None) -> int:
    """Processes that compile kernels at once: `option`, else `$STEPWELL_COMPILE_WORKERS`,
    else one per core (at most 8); 1 compiles in this process."""
    import os

    if option is None:
        env = os.environ.get("STEPWELL_COMPILE_WORKERS")
        option = int(env) if env else min(8, os.cpu_count() or 1)
    return max(1, option)


@dataclass(frozen=True)
class _Job:
    """One kernel to compile in a worker: its module's source (which the worker imports
    once, into a folder of its own under `directory`, which the parent removes), its name,
    Triton signature, warps and target. Plain data: it pickles."""

    source: str
    directory: str
    name: str
    sig: dict[str, str]
    num_warps: int
    target: str


def _compile_job(job: _Job) -> CompiledKernel:
    """In a worker process: import the kernels (real, not interpreted) and compile one."""
    fns = _worker_kernels(job.source, job.directory)
    return _compile_fn(fns[job.name], job.name, job.sig, job.num_warps, job.target)


@functools.lru_cache(maxsize=4)
def _worker_kernels(source: str, directory: str) -> dict[str, Any]:
    own = Path(directory) / f"worker-{os.getpid()}"
    own.mkdir(exist_ok=True)
    return load_for_compile(source, own)


def compile_all(
    kernels: list[tile.KernelOp], fns: dict[str, Any], target: str, workers: int | None = None
) -> list[CompiledKernel]:
    """Compile every kernel for `target` (through the cache); failures are per kernel.
    Kernels the cache does not hold are compiled by `compile_workers(workers)` processes
    at once, as Inductor's compile workers do (forked: the parent's imports are shared)."""
    from stepwell.lowering.triton.emitter import emit_kernel, emit_module

    sources = [emit_kernel(k) for k in kernels]
    keys = [
        cache_key(src, target, k.num_warps.value.data)
        for k, src in zip(kernels, sources, strict=True)
    ]
    results: list[CompiledKernel | None] = [
        _load_cached(key, k.sym_name.data, target) for k, key in zip(kernels, keys, strict=True)
    ]
    missing = [i for i, r in enumerate(results) if r is None]
    n = min(compile_workers(workers), len(missing))
    if n > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        module = emit_module(kernels)
        with tempfile.TemporaryDirectory(prefix="stepwell-compile-") as directory:
            jobs = [
                _Job(module, directory, kernels[i].sym_name.data, signature(kernels[i]),
                     kernels[i].num_warps.value.data, target)
                for i in missing
            ]  # fmt: skip
            context = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(n, mp_context=context) as pool:
                compiled = list(pool.map(_compile_job, jobs))
    else:
        compiled = [_compile(fns[kernels[i].sym_name.data], kernels[i], target) for i in missing]
    for i, result in zip(missing, compiled, strict=True):
        if result.error is None:
            _store_cached(keys[i], result)
        results[i] = result
    return [cast(CompiledKernel, r) for r in results]


def load_for_compile(source: str, directory: Path) -> dict[str, Any]:
    """Import the emitted kernels as real (not interpreted) Triton functions."""
    from stepwell.lowering.launch_plan import load_kernels

    return load_kernels(source, directory, interpret=False)
