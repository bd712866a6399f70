"""The `stepwell` command: run the compiler on a user's example.

    stepwell import FILE[:NAME] [-o OUT.mlir]     torch-level IR of the exported program
    stepwell lower FILE[:NAME] --level prims      the IR at a level
    stepwell check FILE[:NAME] --level prims      run a level, compare with eager
    stepwell compile FILE[:NAME] --target cuda:90 -o DIR   every level, kernels, artifacts
    stepwell explain FILE[:NAME] --target hip:gfx942 [--html OUT.html]   per-kernel table

FILE defines NAME() (default `example`) returning `(callable_or_module, example_inputs)`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stepwell.frontend.fx import FxImportError, import_program
from stepwell.frontend.loader import LoadError, export, load_example
from stepwell.ir.printing import to_text
from stepwell.lowering.compiler import Artifacts, compile_module, graph_level_note
from stepwell.lowering.triton.mode import prefer_interpreter, use_gpu_compiler
from stepwell.lowering.triton.targets import ALL_TARGETS
from stepwell.pipeline import LEVELS, check_example, lower


def _write(text: str, out: str | None) -> None:
    if out is None:
        sys.stdout.write(text)
    else:
        Path(out).write_text(text)


def cmd_import(args: argparse.Namespace) -> int:
    example = load_example(args.example)
    module = import_program(export(example))
    _write(to_text(module, locations=not args.no_locations), args.output)
    return 0


def cmd_lower(args: argparse.Namespace) -> int:
    module = lower(import_program(export(load_example(args.example))), args.level)
    _write(to_text(module, locations=not args.no_locations), args.output)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    result = check_example(load_example(args.example), args.level, args.atol, args.rtol)
    print(result)
    return 0 if result.passed else 1


def dynamic_dim(text: str) -> tuple[int, int]:
    """`INPUT:DIM` of --dynamic, as two non-negative ints."""
    parts = text.split(":")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected INPUT:DIM (two numbers), got {text!r}")
    return int(parts[0]), int(parts[1])


def dynamic_shapes(example: Any, dims: Sequence[tuple[int, int]]) -> tuple[Any, ...] | None:
    """torch.export's `dynamic_shapes` for the example with `dims` marked dynamic."""
    if not dims:
        return None
    import torch

    shapes: list[dict[int, Any] | None] = [None] * len(example.inputs)
    for i, d in dims:
        x = example.inputs[i] if i < len(example.inputs) else None
        if not isinstance(x, torch.Tensor) or d >= x.dim():
            raise LoadError(f"{example.source}: error: --dynamic {i}:{d}: the example has no "
                            "tensor input with that dim")  # fmt: skip
        shapes[i] = {**(shapes[i] or {}), d: torch.export.Dim.DYNAMIC}
    return tuple(shapes)


def cmd_compile(args: argparse.Namespace) -> int:
    example = load_example(args.example)
    pipeline = args.pipeline
    if args.verbose and pipeline is None:  # remarks need the passes to run: no graph cache
        from stepwell.lowering.triton.target_table import TARGETS
        from stepwell.pipeline import default_pipeline

        warp = TARGETS[args.target].warp_size if args.target in TARGETS else 32
        pipeline = default_pipeline("tile", args.legal_ops or (), (), warp, remarks=True)
    artifacts = compile_module(
        import_program(export(example, dynamic_shapes(example, args.dynamic))),
        args.legal_ops or (),
        pipeline=pipeline,
        plugins=args.load_plugin,
        target=args.target,
    )
    out = Path(args.output or Path("stepwell-out") / Path(args.example.split(":")[0]).stem)
    failed = 0
    if args.target != "interpret":
        failed = _compile_for_gpu(artifacts, args.target, args.emit, out)
    artifacts.dump(out)
    m = artifacts.manifest
    if artifacts.from_cache:
        print("the compiled graph came from the compile cache")
    print(
        f"{len(m['kernels'])} kernels, {m['launches']} launches, "
        f"{sum(m['externs'].values())} ATen calls{graph_level_note(m)}; wrote {out}/"
    )
    return 1 if failed else 0


def cmd_explain(args: argparse.Namespace) -> int:
    from stepwell.tools.explain import page, table

    example = load_example(args.example)
    artifacts = compile_module(import_program(export(example)), target=args.target)
    failed = 0
    if args.target != "interpret":
        import tempfile

        with tempfile.TemporaryDirectory(prefix="stepwell-explain-") as tmp:
            failed = _compile_for_gpu(artifacts, args.target, "none", Path(tmp))
    sys.stdout.write(table(artifacts, args.target))
    if args.html:
        Path(args.html).write_text(page(artifacts, args.target, args.example))
        print(f"wrote {args.html}")
    return 1 if failed else 0


def _compile_for_gpu(artifacts: Artifacts, target: str, emit: str | None, out: Path) -> int:
    """triton.compile every kernel for `target` (through the compile cache); write the
    artifacts next to kernels.py and what Triton reports into the manifest."""
    from stepwell.lowering.runtime import kernels_of
    from stepwell.lowering.triton.targets import compile_all, load_for_compile

    kernels = kernels_of(artifacts.module)
    results = compile_all(kernels, load_for_compile(artifacts.source, out), target)
    wanted = emit.split(",") if emit else None
    by_name = {k["name"]: k for k in artifacts.manifest["kernels"]}
    for result in results:
        entry = by_name[result.name]
        if result.error:
            entry["error"] = result.error
            print(f"error: kernel {result.name} failed to compile for {target}: "
                  f"{result.error}", file=sys.stderr)  # fmt: skip
            continue
        entry["target"] = {"name": target, **result.metadata}
        for ext, data in result.asm.items():
            if ext == "source" or (wanted is not None and ext not in wanted):
                continue
            path = out / f"{result.name}.{ext}"
            if isinstance(data, bytes):
                path.write_bytes(data)
            else:
                path.write_text(data)
    cached = sum(r.cached for r in results)
    if cached:
        print(f"{cached} of {len(results)} kernels for {target} came from the compile cache")
    return sum(r.error is not None for r in results)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stepwell",
        description="Compile PyTorch programs through stepwell's IR levels "
        "(torch -> prims -> tile -> Triton).",
        epilog="FILE[:NAME] names a Python file and a function in it (default `example`) "
        "that returns (callable_or_module, example_inputs_tuple).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser(
        "import",
        help="export FILE[:NAME] with torch.export and print its torch-level IR",
        description="Call NAME() from FILE, torch.export the program it returns, import "
        "it into the torch dialect and print the module (with source locations).",
    )
    p.add_argument("example", metavar="FILE[:NAME]")
    p.add_argument("-o", "--output", metavar="OUT.mlir", help="write the IR here")
    p.add_argument("--no-locations", action="store_true", help="omit loc(...) annotations")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser(
        "lower",
        help="print the IR of FILE[:NAME] at a level",
        description="Export and import FILE[:NAME], lower it to LEVEL and print the module.",
    )
    p.add_argument("example", metavar="FILE[:NAME]")
    p.add_argument("--level", choices=LEVELS, default="prims", help="IR level (default prims)")
    p.add_argument("-o", "--output", metavar="OUT.mlir", help="write the IR here")
    p.add_argument("--no-locations", action="store_true", help="omit loc(...) annotations")
    p.set_defaults(func=cmd_lower)

    p = sub.add_parser(
        "check",
        help="run FILE[:NAME] at a level and compare with eager PyTorch",
        description="Export FILE[:NAME], lower it to LEVEL, run that level in the reference "
        "interpreter on the example inputs and compare with eager PyTorch. Prints the max "
        "abs/rel error and PASS or FAIL; exits 1 on FAIL.",
    )
    p.add_argument("example", metavar="FILE[:NAME]")
    p.add_argument("--level", choices=LEVELS, default="prims", help="IR level (default prims)")
    p.add_argument("--atol", type=float, default=1e-5, help="absolute tolerance (1e-5)")
    p.add_argument("--rtol", type=float, default=1e-5, help="relative tolerance (1e-5)")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser(
        "compile",
        help="compile FILE[:NAME] through every level and write the artifacts",
        description="Export FILE[:NAME] and lower it torch -> prims -> tile -> Triton. Writes "
        "each level's IR (torch.mlir, prims.mlir, tile.mlir), the Triton source (kernels.py) "
        "and manifest.json (per kernel: fused prims ops, grid, block sizes, num_warps, bytes "
        "read and written; the ATen calls). For a GPU target every kernel is also compiled "
        "with triton.compile (no GPU needed) and its artifacts written beside kernels.py.",
    )
    p.add_argument("example", metavar="FILE[:NAME]")
    p.add_argument("--target", default="interpret", choices=ALL_TARGETS,
                   help="interpret (default; CPU) or a GPU target backend:arch")  # fmt: skip
    p.add_argument("-o", "--output", metavar="DIR", help="output folder (stepwell-out/FILE)")
    p.add_argument("--emit", metavar="KINDS", help="artifacts to write, e.g. ttir,ptx,cubin "
                   "or amdgcn,hsaco (default: all the backend makes)")  # fmt: skip
    p.add_argument("--legal-ops", nargs="*", metavar="OP",
                   help="ops kept whole as composite primitives, e.g. "
                   "scaled_dot_product_attention")  # fmt: skip
    p.add_argument("--pipeline", metavar="SPEC",
                   help="the pass pipeline from torch to tile level, e.g. "
                   "'decompose-torch-to-prims,my-pass,convert-prims-to-tile' (default: "
                   "stepwell-opt --print-pipeline)")  # fmt: skip
    p.add_argument("--load-plugin", action="append", default=[], metavar="FILE.py",
                   help="load passes from a Python file for --pipeline (repeatable)")  # fmt: skip
    p.add_argument("-v", "--verbose", action="store_true",
                   help="remarks on stderr: each op that stays an ATen call, each attention "
                   "fused, and each look-alike left unfused with the reason")  # fmt: skip
    p.add_argument("--dynamic", action="append", default=[], type=dynamic_dim,
                   metavar="INPUT:DIM",
                   help="export with dim DIM of example input INPUT (0-based) of any size "
                   "(torch.export's Dim.DYNAMIC; repeatable): kernels then take that size "
                   "as an argument, e.g. --dynamic 0:0 for a batch")  # fmt: skip
    p.set_defaults(func=cmd_compile)

    p = sub.add_parser(
        "explain",
        help="a per-kernel table of what FILE[:NAME] became for a target",
        description="Compile FILE[:NAME] and print one row per kernel: the prims ops it "
        "fuses, the source lines they came from, grid, block sizes, bytes moved, and (for a "
        "GPU target, compiled with triton.compile) the backend's resource figures. --html "
        "writes the same as one self-contained page with every level's IR side by side.",
    )
    p.add_argument("example", metavar="FILE[:NAME]")
    p.add_argument("--target", default="interpret", choices=ALL_TARGETS,
                   help="interpret (default) or a GPU target backend:arch")  # fmt: skip
    p.add_argument("--html", metavar="OUT.html", help="also write an HTML page")
    p.set_defaults(func=cmd_explain)
    return parser


def check_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Option values argparse cannot check alone: --emit against the target's artifacts,
    --legal-ops against the composites stepwell keeps whole."""
    from stepwell.lowering.triton.targets import artifacts_of
    from stepwell.passes.decompose_torch_to_prims import unknown_legal_message, unknown_legal_ops

    if getattr(args, "emit", None):
        valid = artifacts_of(args.target)
        if not valid:
            parser.error("--emit needs a GPU --target (interpret makes only kernels.py)")
        bad = [k for k in args.emit.split(",") if k not in valid]
        if bad:
            parser.error(f"--emit {','.join(bad)}: {args.target} makes {', '.join(valid)}")
    if unknown := unknown_legal_ops(getattr(args, "legal_ops", None) or []):
        parser.error(f"--legal-ops {unknown_legal_message(unknown)}")
    if getattr(args, "pipeline", None) is not None:
        from stepwell.pipeline import parse_pipeline
        from stepwell.plugins import PluginError

        try:
            parse_pipeline(args.pipeline, args.load_plugin)
        except (ValueError, PluginError) as e:  # ArgSpecParseError is a ValueError
            parser.error(f"--pipeline: {e}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = build_parser()
    args = parser.parse_args(argv)
    check_options(parser, args)
    if getattr(args, "level", None) in ("tile", "triton"):
        # example inputs are CPU tensors: kernels run in Triton's interpreter, which must
        # be enabled before torch.export first imports Triton
        prefer_interpreter()
    if getattr(args, "target", "interpret") != "interpret":
        use_gpu_compiler()  # compile real kernels for the GPU target
    try:
        sys.exit(args.func(args))
    except (LoadError, FxImportError) as e:
        print(e, file=sys.stderr)
        sys.exit(1)
    except OSError as e:  # an output path that is a file, not writable, on a missing drive
        print(f"stepwell: error: {e.filename}: {e.strerror}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
