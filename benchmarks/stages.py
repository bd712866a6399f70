"""Time stepwell's stages from a torch-level module to Triton source (shared by the
compile-latency and scaling benchmarks)."""

from __future__ import annotations

import time
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from stepwell.ir.context import make_context
from stepwell.lowering.runtime import kernels_of
from stepwell.lowering.triton.emitter import emit_module
from stepwell.pipeline import passes_to

PASS_STAGES = {
    "decompose-torch-to-prims": "decompose",
    "canonicalize-prims": "canonicalize",
    "cse": "cse",
    "fuse-attention": "fuse_attention",
    "convert-prims-to-tile": "to_tile",
}
"""Stage name of each pass `passes_to("tile")` runs (a pass that runs twice, as
canonicalize-prims does around fuse-attention, adds both runs to its stage)."""


def time_stages(module: ModuleOp, times: dict[str, float]) -> tuple[list[Any], str]:
    """Lower `module` in place, adding each stage's seconds to `times`; returns the
    kernels and their Triton source."""
    ctx = make_context()
    for stage in PASS_STAGES.values():
        times[stage] = 0.0
    for p in passes_to("tile"):
        t = time.perf_counter()
        p.apply(ctx, module)
        stage = PASS_STAGES.get(p.name, p.name.replace("-", "_"))
        times[stage] = times.get(stage, 0.0) + time.perf_counter() - t
    t = time.perf_counter()
    module.verify()
    times["verify"] = time.perf_counter() - t
    kernels = kernels_of(module)
    t = time.perf_counter()
    source = emit_module(kernels)
    times["emit"] = time.perf_counter() - t
    return kernels, source
