"""The GPU targets, one `Target` record each, in one table (`TARGETS`).

Everything that depends on a backend reads its record: `stepwell compile --target` and
`--emit`, `stepwell explain`, `stepwell-opt -t ttir|ptx|amdgcn|...`, the compile cache
(which artifacts are binary), `python -m stepwell.tools.compile_dump` and the resource
figures in the manifest. A new backend is one record here. This module imports neither
torch nor xDSL, so `compile_dump` can use it beside any Triton.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass


def ptxas_resources(ptx: str, arch: int) -> dict[str, int]:
    """Registers and spill bytes from `ptxas -v` (the ptxas Triton ships): what the GPU
    driver would report, without a GPU. Empty if ptxas is not found."""
    import re
    import subprocess
    import tempfile

    try:
        from triton.backends.nvidia.compiler import get_ptxas

        try:
            ptxas = get_ptxas(arch).path
        except TypeError:  # older Triton: get_ptxas() takes no arch
            ptxas = get_ptxas().path
    except Exception:  # no NVIDIA backend in this Triton
        return {}
    suffix = "a" if arch >= 90 else ""
    with tempfile.NamedTemporaryFile("w", suffix=".ptx") as f:
        f.write(ptx)
        f.flush()
        proc = subprocess.run(
            [ptxas, f"-arch=sm_{arch}{suffix}", "-v", f.name, "-o", os.devnull],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    text = proc.stdout + proc.stderr
    out: dict[str, int] = {}
    if m := re.search(r"Used (\d+) registers", text):
        out["registers"] = int(m.group(1))
    if m := re.search(r"(\d+) bytes spill stores", text):
        out["spills"] = int(m.group(1))
    return out


def amdgcn_resources(asm: str) -> dict[str, int]:
    """VGPRs, SGPRs, scratch (spill) bytes and occupancy from the AMDGCN listing."""
    import re

    fields = {"NumVgprs": "registers", "TotalNumSgprs": "sgprs", "ScratchSize": "spills",
              "Occupancy": "occupancy"}  # fmt: skip
    out: dict[str, int] = {}
    for key, name in fields.items():
        if m := re.search(rf"; {key}: (\d+)", asm):
            out[name] = int(m.group(1))
    return out


def _ptx_resources(asm: dict[str, object], target: Target) -> dict[str, int]:
    return ptxas_resources(str(asm["ptx"]), int(target.arch)) if "ptx" in asm else {}


def _amdgcn_resources(asm: dict[str, object], target: Target) -> dict[str, int]:
    return amdgcn_resources(str(asm["amdgcn"])) if "amdgcn" in asm else {}


@dataclass(frozen=True)
class Target:
    """One GPU target: Triton's `GPUTarget(backend, arch, warp_size)`, what Triton makes
    for it, and how to read its resource figures."""

    name: str  # `backend:arch`, what --target takes
    backend: str  # Triton's backend name
    arch: int | str
    warp_size: int
    artifacts: tuple[str, ...]  # what --emit may name, in pipeline order
    binary: frozenset[str]  # artifacts that are bytes, not text
    resources: Callable[[dict[str, object], Target], dict[str, int]]
    opt_default: bool = False  # the target `stepwell-opt -t ARTIFACT` compiles for

    def gpu_target(self) -> tuple[str, int | str, int]:
        return (self.backend, self.arch, self.warp_size)


_CUDA = ("ttir", "ttgir", "llir", "ptx", "cubin")
_HIP = ("ttir", "ttgir", "llir", "amdgcn", "hsaco")

TARGETS: dict[str, Target] = {
    t.name: t
    for t in (
        Target("cuda:80", "cuda", 80, 32, _CUDA, frozenset({"cubin"}), _ptx_resources),
        Target("cuda:90", "cuda", 90, 32, _CUDA, frozenset({"cubin"}), _ptx_resources, True),
        Target("hip:gfx90a", "hip", "gfx90a", 64, _HIP, frozenset({"hsaco"}), _amdgcn_resources),
        Target("hip:gfx942", "hip", "gfx942", 64, _HIP, frozenset({"hsaco"}), _amdgcn_resources,
               True),
    )
}  # fmt: skip
"""Target name -> its record."""

ALL_TARGETS = ("interpret", *TARGETS)
"""What --target takes: the CPU (Triton's interpreter) or a GPU target."""


def text_artifact_targets() -> dict[str, Target]:
    """`stepwell-opt -t NAME`: each text artifact, compiled for the target that is the
    default of its backend."""
    out: dict[str, Target] = {}
    for t in TARGETS.values():
        if t.opt_default:
            for artifact in t.artifacts:
                if artifact not in t.binary:
                    out.setdefault(artifact, t)
    return out
