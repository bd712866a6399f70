"""Compile a torch-level module through every level, keep each level's IR, and describe
the result (the manifest) so a researcher can see what a model became.

    artifacts = compile_module(module)           # torch -> prims -> tile -> Triton
    artifacts.runtime(*args)                     # run it
    artifacts.dump(Path("out"))                  # every level, kernels.py, manifest.json
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from typing import Any, cast

from xdsl.dialects.builtin import (
    FileLineColLoc,
    MemRefType,
    ModuleOp,
    NameLoc,
    TensorType,
)
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import PassPipeline

from stepwell.dialects import tile
from stepwell.dialects.prims_support import ExternOp
from stepwell.ir.printing import to_text
from stepwell.ir.sizes import Size, parse_size, product, simplify
from stepwell.ir.types import function_writes, torch_dtype
from stepwell.lowering import graph_cache
from stepwell.lowering.artifacts import Artifacts, cached_artifacts, plan_text
from stepwell.lowering.plan_builder import build_launch_plan, size_spec
from stepwell.lowering.runtime import kernels_of
from stepwell.lowering.triton.emitter import emit_module
from stepwell.lowering.triton.target_table import TARGETS
from stepwell.lowering.triton.targets import signature
from stepwell.pipeline import default_pipeline, parse_pipeline


def _bytes_of(kernel: tile.KernelOp, i: int) -> Size:
    """Bytes view `i` touches: broadcast (stride 0) dims are read once (an expression
    over the kernel's symbols when it has `?` sizes)."""
    import torch

    mt = cast(MemRefType[Attribute], kernel.view_types()[i])
    sizes, strides, _ = kernel.view_layout(i)
    n = product([d for d, st in zip(sizes, strides, strict=True) if st != 0])
    return simplify(n * torch.empty((), dtype=torch_dtype(mt.element_type)).element_size())


def source_lines(kernel: tile.KernelOp) -> list[str]:
    """`file.py:line` of the user's code each op of the kernel came from, in order."""
    lines: dict[str, None] = {}
    for op in kernel.walk():
        loc = op.location
        if isinstance(loc, NameLoc) and isinstance(loc.location, FileLineColLoc):
            fl = loc.location
            lines[f"{fl.filename.data.rsplit('/', 1)[-1]}:{fl.line.data}"] = None
    return list(lines)


def _bytes_read(kernel: tile.KernelOp, ins: range, launch: tile.LaunchOp | None) -> Size:
    """Bytes the input views touch. Views of one tensor (`x[:, 1:] - x[:, :-1]` reads
    `x` twice, shifted by one) count at most the tensor's bytes when the kernel's one
    launch shows they share it (static sizes), as Inductor counts a buffer once; not in
    a combo kernel, whose parts are kernels of their own that read it each."""
    import torch

    by_tensor: dict[SSAValue, list[int]] = {}
    if launch is not None and not kernel.is_combo():  # (a combo's parts read apart)
        for i, v in zip(ins, launch.inputs, strict=False):
            by_tensor.setdefault(v, []).append(i)
    grouped = {i for views in by_tensor.values() if len(views) > 1 for i in views}
    total: Size = sum(_bytes_of(kernel, i) for i in ins if i not in grouped)
    for v, views in by_tensor.items():
        if len(views) < 2:
            continue
        read: Size = sum(_bytes_of(kernel, i) for i in views)
        t = cast(TensorType[Attribute], v.type)
        if isinstance(read, int) and all(d >= 0 for d in t.get_shape()):
            whole = math.prod(t.get_shape()) * torch.empty(
                (), dtype=torch_dtype(t.element_type)).element_size()  # fmt: skip
            read = min(read, whole)
        total = total + read
    return simplify(total)


def kernel_manifest(
    kernel: tile.KernelOp, n_outputs: int, launch: tile.LaunchOp | None = None
) -> dict[str, Any]:
    """What `kernel` is and moves; `launch`, its only launch, tells which of its views
    read one tensor."""
    n_views = len(kernel.view_types())
    ins, outs = range(n_views - n_outputs), range(n_views - n_outputs, n_views)
    entry = {
        "name": kernel.sym_name.data,
        "kind": kernel.kind.data,
        "fused": [f.data for f in kernel.fused.data] if kernel.fused else [],
        "grid": [size_spec(g) for g in kernel.grid_sizes()],
        "symbols": kernel.symbol_names(),
        "block": tile.int_list(kernel.block),
        "num_warps": kernel.num_warps.value.data,
        "bytes_read": size_spec(_bytes_read(kernel, ins, launch)),
        "bytes_written": size_spec(simplify(sum(_bytes_of(kernel, i) for i in outs))),
        "sources": source_lines(kernel),
        "signature": signature(kernel),
    }
    if kernel.is_combo():  # the kernels it launches as one (combine-launches)
        entry["parts"] = [
            {"name": p.part_name.data, "kind": p.kind.data,
             "grid": [size_spec(g) for g in p.grid_sizes()],
             "block": tile.int_list(p.block),
             "fused": [f.data for f in p.fused.data] if p.fused else []}
            for p in kernel.parts()
        ]  # fmt: skip
    return entry


def graph_level_note(manifest: dict[str, Any]) -> str:
    """What runs at graph level and copies (each is an ATen kernel at run time, counted as a
    launch by benchmarks/fusion.py), for a summary line: "" when nothing does."""
    copies = manifest.get("graph_level_copies", {})
    return ("; graph-level ops that copy: " + ", ".join(f"{n} x{c}" for n, c in copies.items())
            if copies else "")  # fmt: skip


def on_host(op: Operation) -> bool:
    """Is `op` an ATen call on numbers alone (no tensor in or out): a comparison of sizes,
    a check of a number (`aten._assert_scalar`: `torch._check(n <= 3)` of an `.item()`,
    a divisor that may be 0)? It runs on the host and launches no kernel, so it is no
    ATen call in the manifest's `externs`; counted as `host_ops`."""
    return isinstance(op, ExternOp) and not any(
        isinstance(t, TensorType) for t in (*op.operand_types, *op.result_types)
    )


def manifest_of(module: ModuleOp) -> dict[str, Any]:
    from stepwell.passes.support.symbolic import is_size_arithmetic

    launches = Counter()
    outputs: dict[str, int] = {}
    launch_of: dict[str, tile.LaunchOp] = {}
    for op in module.walk():
        if isinstance(op, tile.LaunchOp):
            name = op.callee.root_reference.data
            launches[name] += 1
            outputs[name] = len(op.results)
            launch_of[name] = op
    externs = Counter(op.callee.data for op in module.walk()  # (a size is no ATen kernel)
                      if isinstance(op, ExternOp) and not is_size_arithmetic(op)
                      and not on_host(op))  # fmt: skip
    host = Counter(op.callee.data for op in module.walk()
                   if on_host(op) and not is_size_arithmetic(op))  # fmt: skip
    graph_level = [
        op for op in module.walk() if op.name.startswith("prims.") and not isinstance(op, ExternOp)
    ]
    # an op whose results hold no elements computes nothing: ATen allocates a 0-element
    # tensor, as the runtime does for a kernel's output, and launches no kernel
    allocations = Counter(op.name for op in graph_level if holds_nothing(op))
    graph_ops = Counter(op.name for op in graph_level if not holds_nothing(op))
    kernels = [
        kernel_manifest(k, outputs.get(name, 0), launch_of[name] if launches[name] == 1 else None)
        for k in kernels_of(module)
        for name in [k.sym_name.data]
    ]
    copies = Counter(op.name for op in copying_ops(module) if not holds_nothing(op))
    for op in module.walk():  # a scatter's result starts as a copy of its operand
        if isinstance(op, tile.LaunchOp):
            copies["tile.launch inits"] += sum(not op.donated(k) for k in range(len(op.inits)))
    in_place, copied = input_writes(module)
    copies["input write-back"] += copied  # (a `copy_` into the input after the call)
    copies = +copies  # (no zero counts)
    return {
        "kernels": kernels,
        "launches": sum(launches.values()),
        "externs": dict(externs),
        "host_ops": dict(host),
        "graph_level_prims": dict(graph_ops),
        "graph_level_copies": dict(copies),
        "allocations": dict(allocations),
        "input_writes": {"in_place": in_place, "copied": copied},
        "bytes_read": _total(k["bytes_read"] for k in kernels),
        "bytes_written": _total(k["bytes_written"] for k in kernels),
    }


def input_writes(module: ModuleOp) -> tuple[int, int]:
    """How many of the module's writes into inputs (`types.WRITES` results) a kernel
    makes in place, and how many the runtime copies after the call."""
    in_place = copied = 0
    for func in module.ops:
        if not isinstance(func, FuncOp) or not func.body.blocks:
            continue
        ret = func.body.block.last_op
        for r, a in function_writes(func):
            value = ret.operands[r] if ret is not None else None
            launch = value.owner if value is not None else None
            if isinstance(launch, tile.LaunchOp):
                k = launch.results.index(value)
                if k in launch.in_place_inits() and launch.inits[k] is func.body.block.args[a]:
                    in_place += 1
                    continue
            copied += 1
    return in_place, copied


def _total(values: Iterable[int | str]) -> int | str:
    """The sum of per-kernel figures, each an int or a size expression's text."""
    return size_spec(simplify(sum(parse_size(v) if isinstance(v, str) else v for v in values)))


def holds_nothing(op: Operation) -> bool:
    """Are all of op's results tensors of 0 elements (static sizes)?"""
    return bool(op.results) and all(
        isinstance(r.type, TensorType)
        and all(d >= 0 for d in r.type.get_shape())
        and math.prod(r.type.get_shape()) == 0
        for r in op.results
    )


def copying_ops(module: ModuleOp) -> list[Operation]:
    """Graph-level prims ops that run as ATen kernels (`cat`, `iota`, `full`, a reshape
    its input's strides cannot express), not as views (`transpose`, a reshape of a dense
    tensor): a view's chain ends at a dense tensor or at an op that copies."""
    from stepwell.passes.support.views import is_view_op, view_of

    copies: set[Operation] = set()

    def base(v: SSAValue) -> bool:
        return not (isinstance(v.owner, Operation) and is_view_op(v.owner)) or v.owner in copies

    for op in module.walk():  # producers come first: a chain's copies are known
        if not op.name.startswith("prims.") or isinstance(op, ExternOp):
            continue
        if not is_view_op(op) or view_of(op.results[0], base) is None:
            copies.add(op)
    return [op for op in module.walk() if op in copies]


def compile_module(
    module: ModuleOp,
    legal_ops: Sequence[str] = (),
    skip: Collection[str] = (),
    pipeline: str | None = None,
    plugins: Sequence[str] = (),
    target: str = "interpret",
) -> Artifacts:
    """Lower a torch-level module to Triton in place, recording every level.

    `pipeline` is a pass-pipeline spec (default: `default_pipeline("tile", legal_ops,
    skip)`) over every registered pass, those of the `plugins` files included. The prims
    level is recorded after the first pass that leaves no torch op, the tile level at the
    end; whatever the pipeline leaves at graph level runs through ATen. `target` (a GPU
    target's name, or "interpret") gives the default pipeline its warp size."""
    import torch

    from stepwell.ir.context import make_context
    from stepwell.ir.levels import ops_by_level

    warp_size = TARGETS[target].warp_size if target in TARGETS else 32
    spec = (
        pipeline if pipeline is not None else default_pipeline("tile", legal_ops, skip, warp_size)
    )
    levels = {"torch": to_text(module, locations=True)}
    key = None
    if pipeline is None and not plugins and graph_cache.enabled():
        key = graph_cache.graph_key(levels["torch"], spec)
        if (hit := cached_artifacts(key, module)) is not None:
            return hit
    passes = parse_pipeline(spec, plugins)
    ctx = make_context()
    # (a pass that runs an op, such as ATen's check of an extern's declared results,
    # must not draw from the caller's random numbers: `torch.manual_seed(0)` then a
    # compiled `torch.randn` gives eager's numbers)
    with torch.random.fork_rng(devices=[]):
        for p in passes:
            PassPipeline((p,)).apply(ctx, module)
            if "prims" not in levels and "torch" not in ops_by_level(module):
                levels["prims"] = to_text(module, locations=True)
    module.verify()
    levels["tile"] = to_text(module, locations=True)
    source = emit_module(kernels_of(module))
    manifest = manifest_of(module)
    artifacts = Artifacts(levels, module, source, manifest,
                          launch_plan=build_launch_plan(module))  # fmt: skip
    if key is not None:
        graph_cache.store(key, levels, source, manifest, plan_text(module),
                          artifacts.plan_json())  # fmt: skip
    return artifacts
