"""The level pipeline: which passes take a module from one IR level to the next, and
numerical checking of a level against eager PyTorch.

    module = import_program(ep)                  # torch level
    lower(module, "prims")                       # decompose-torch-to-prims
    check_example(example, "prims")              # interpret and compare with eager
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import torch
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.passes import ModulePass, PassPipeline

from stepwell.frontend.fx import graph_inputs, import_program
from stepwell.frontend.loader import Example, export
from stepwell.ir.context import make_context
from stepwell.ir.interpret import interpret
from stepwell.ir.types import function_writes

LEVELS = ("torch", "prims", "tile", "triton")
"""IR levels in pipeline order."""

LEVEL_PIPELINES = {
    "prims": "decompose-torch-to-prims{report=false}",
    "tile": "canonicalize-prims,cse,fuse-attention,canonicalize-prims,convert-prims-to-tile,"
    "combine-launches,schedule-collectives,write-inputs-in-place",
}
"""The pass pipeline (xDSL spec text) that takes a module from the previous level to this
one; `default_pipeline` joins them. `stepwell-opt --print-pipeline` prints the whole."""


REPORTING_PASSES = ("decompose-torch-to-prims", "fuse-attention", "write-inputs-in-place")
"""Passes with a `report` option: remarks on stderr (what stays an ATen call, what looks
like attention but is not fused, and why; which input writes stay copies)."""


def default_pipeline(
    level: str = "tile",
    legal_ops: Sequence[str] = (),
    skip: Collection[str] = (),
    warp_size: int = 32,
    remarks: bool = False,
) -> str:
    """The spec text of the passes from the torch level down to `level`, with legal-ops
    given to decompose-torch-to-prims, the target's warp size to convert-prims-to-tile
    (when it is not 32), the passes named in `skip` left out, and with `remarks` the
    reporting passes' remarks on."""
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}' (choose from {', '.join(LEVELS)})")
    specs = [
        spec
        for lv in LEVELS[1 : LEVELS.index(level) + 1]
        if lv in LEVEL_PIPELINES
        for spec in LEVEL_PIPELINES[lv].split(",")
    ]
    if legal_ops:
        legal = ",".join(legal_ops)
        keep = f"decompose-torch-to-prims{{legal-ops={legal} "
        specs = [s.replace("decompose-torch-to-prims{", keep) for s in specs]
    if warp_size != 32:
        specs = [
            f"{s}{{warp-size={warp_size}}}" if s == "convert-prims-to-tile" else s for s in specs
        ]
    if remarks:
        specs = [_report(s) if s.split("{")[0] in REPORTING_PASSES else s for s in specs]
    return ",".join(s for s in specs if s.split("{")[0] not in skip)


def _report(spec: str) -> str:
    """`spec` with `report=true`."""
    if "report=false" in spec:
        return spec.replace("report=false", "report=true")
    if spec.endswith("}"):
        return spec[:-1] + " report=true}"
    return spec + "{report=true}"


def parse_pipeline(spec: str, plugins: Sequence[str] = ()) -> tuple[ModulePass, ...]:
    """The passes of a pipeline spec (`a,b{opt=1}`), from every registered pass: xDSL's,
    stepwell's, installed packages' and those of the plugin files."""
    from stepwell.plugins import available_passes

    return PassPipeline.parse_spec(available_passes(plugins), spec).passes


def passes_to(
    level: str, legal_ops: Sequence[str] = (), skip: Collection[str] = ()
) -> list[ModulePass]:
    """The passes that take a torch-level module down to `level`, but those named in
    `skip` (e.g. `fuse-attention`, to see what a model becomes without it)."""
    return list(parse_pipeline(default_pipeline(level, legal_ops, skip)))


def lower(module: ModuleOp, level: str, legal_ops: Sequence[str] = ()) -> ModuleOp:
    """Lower a torch-level module to `level` in place (and verify it)."""
    PassPipeline(tuple(passes_to(level, legal_ops))).apply(make_context(), module)
    module.verify()
    return module


def bind_inputs(
    module: ModuleOp, ep: torch.export.ExportedProgram, user_inputs: Sequence[Any]
) -> list[Any]:
    """The function arguments: parameters, buffers and constants by their FQN, then the
    user's inputs in order."""
    state = {**ep.state_dict, **ep.constants}
    flat = iter(torch.utils._pytree.tree_leaves(list(user_inputs)))
    args: list[Any] = []
    for gi in graph_inputs(module):
        args.append(
            state[gi.name] if gi.kind in ("parameter", "buffer", "constant") else next(flat)
        )
    return args


@dataclass(frozen=True)
class CheckResult:
    level: str
    max_abs: float
    max_rel: float
    passed: bool

    def __str__(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        return (
            f"{verdict}: level {self.level}: max abs error {self.max_abs:.3g}, "
            f"max rel error {self.max_rel:.3g}"
        )


def compare(
    outputs: Sequence[Any], expected: Sequence[Any], atol: float, rtol: float
) -> tuple[float, float, bool]:
    """(max abs error, max rel error, all close) over matching output tensors."""
    max_abs = max_rel = 0.0
    ok = len(outputs) == len(expected)
    for out, ref in zip(outputs, expected, strict=False):
        if not isinstance(ref, torch.Tensor):
            ok &= out == ref
            continue
        if out.shape != ref.shape or out.dtype != ref.dtype:
            return float("inf"), float("inf"), False
        if ref.numel() == 0:
            continue
        diff = (out.double() - ref.double()).abs()
        finite = torch.isfinite(diff)
        max_abs = max(max_abs, float(diff[finite].max()) if finite.any() else 0.0)
        rel = diff / ref.double().abs().clamp_min(1e-12)
        max_rel = max(max_rel, float(rel[finite].max()) if finite.any() else 0.0)
        ok &= torch.allclose(out, ref, atol=atol, rtol=rtol, equal_nan=True)
    return max_abs, max_rel, bool(ok)


def run(module: ModuleOp, args: Sequence[Any], level: str) -> tuple[Any, ...]:
    """Execute a module at `level`: the reference interpreter up to prims; at tile level
    the tile interpreter runs kernels by their tile IR semantics (no Triton); at triton
    level the runtime runs the Triton source `lower-tile-to-triton` emits."""
    if level in ("torch", "prims"):
        return interpret(module, *args)
    if level == "tile":
        from stepwell.ir.interpret_tile import run_tile

        return run_tile(module, *args)
    from stepwell.lowering.runtime import Runtime, kernels_of
    from stepwell.lowering.triton.emitter import emit_module

    return Runtime(module, emit_module(kernels_of(module)))(*args)


def fresh_copy(inputs: Sequence[Any]) -> list[Any]:
    """`inputs` with every tensor cloned (`clone` keeps a dense tensor's strides; an
    expanded or overlapping one comes back contiguous), other leaves as they are."""
    return torch.utils._pytree.tree_map(
        lambda x: x.clone() if isinstance(x, torch.Tensor) else x, list(inputs)
    )


def user_outputs(ep: torch.export.ExportedProgram, results: Sequence[Any]) -> list[Any]:
    """One value per output the exported program returns to its caller, from the
    compiled function's `results` (its tensors, in order; the inputs' new values after
    them): a tensor, or a constant the program returns (a size, None). Unflattened with
    `ep.call_spec.out_spec`, they are the program's own structure."""
    tensors = iter(results)
    return [s.arg.value if isinstance(s.arg, torch.export.graph_signature.ConstantArgument)
            else next(tensors) for s in ep.graph_signature.output_specs
            if s.kind.name == "USER_OUTPUT"]  # fmt: skip


def check_example(
    example: Example, level: str, atol: float = 1e-5, rtol: float = 1e-5
) -> CheckResult:
    """Export, lower to `level`, interpret, and compare with eager PyTorch: the results,
    and the inputs and buffers the program writes (`types.WRITES`)."""
    ep = export(example)
    module = lower(import_program(ep), level)
    # each side gets its own copy of the inputs, parameters and buffers: a program that
    # writes one in place (`y.add_(1)`, a batch norm's running statistics) must not see
    # the other side's write
    args = fresh_copy(bind_inputs(module, ep, example.inputs))
    eager_inputs = fresh_copy(example.inputs)
    with torch.no_grad():
        expected = torch.utils._pytree.tree_leaves(example.fn(*eager_inputs))
        results = run(module, args, level)
    outputs = torch.utils._pytree.tree_leaves(
        torch.utils._pytree.tree_unflatten(user_outputs(ep, results), ep.call_spec.out_spec))
    func = next(op for op in module.ops if isinstance(op, FuncOp))
    written = [a for _, a in function_writes(func)]
    if written:  # (eager wrote the module's own buffers and its copy of the inputs)
        eager_args = bind_inputs(module, ep, eager_inputs)
        outputs = [*outputs, *(args[a] for a in written)]
        expected = [*expected, *(eager_args[a] for a in written)]
    max_abs, max_rel, ok = compare(outputs, expected, atol, rtol)
    return CheckResult(level, max_abs, max_rel, ok)
