"""The `stepwell` command: run the compiler on a user's example.

    stepwell import FILE[:NAME] [-o OUT.mlir]     torch-level IR of the exported program

FILE defines NAME() (default `example`) returning `(callable_or_module, example_inputs)`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from stepwell.frontend.fx import FxImportError, import_program
from stepwell.frontend.loader import LoadError, export, load_example
from stepwell.ir.printing import to_text


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
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    try:
        sys.exit(args.func(args))
    except (LoadError, FxImportError) as e:
        print(e, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
