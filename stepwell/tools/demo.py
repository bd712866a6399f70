"""`make demo`: a tiny GPT-2 through stepwell, one step at a time.

    python -m stepwell.tools.demo [--example FILE[:NAME]] [--lines N]

Each step is one function over a shared `Demo` record and prints what it did. Today the
steps are export, import into the torch dialect, and a print -> parse round trip; the
levels below torch (prims, tile, Triton) join `STEPS` as they land.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import torch
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import ParseError, VerifyException

from stepwell.frontend.fx import FxImportError, import_program
from stepwell.frontend.loader import LoadError, export, load_example
from stepwell.ir.printing import parse_module, to_text

REPO = Path(__file__).resolve().parents[2]
DEFAULT_EXAMPLE = "examples/gpt2.py"
WIDTH = 120  # IR lines are clipped to this many characters


class DemoError(Exception):
    """A step failed; the message says which and why."""


@dataclass
class Demo:
    """What the steps share: the input, what each step produced, where to print."""

    example: str
    lines: int
    out: TextIO
    program: torch.export.ExportedProgram | None = None
    module: ModuleOp | None = None
    timings: dict[str, float] = field(default_factory=dict)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)


def step_export(demo: Demo) -> None:
    """Call the example's NAME() and torch.export the model it returns."""
    demo.program = export(load_example(demo.example))
    n_params = sum(
        1 for s in demo.program.graph_signature.input_specs if s.kind.name == "PARAMETER"
    )
    demo.say(f"exported {demo.example}: {n_params} parameters")


def step_import(demo: Demo) -> None:
    """Import the exported program into the torch dialect and show the start of it."""
    assert demo.program is not None
    demo.module = import_program(demo.program)
    ops = torch_ops(demo.module)
    counts = Counter(op.name for op in ops)
    common = ", ".join(f"{name} x{n}" for name, n in counts.most_common(5))
    demo.say(f"{len(ops)} torch ops, {len(counts)} distinct; most common: {common}")
    demo.say(f"first {demo.lines} lines of the torch IR:")
    for line in to_text(demo.module).splitlines()[: demo.lines]:
        demo.say("  " + (line if len(line) <= WIDTH else line[: WIDTH - 4] + " ..."))


def step_round_trip(demo: Demo) -> None:
    """Print the module, parse the text back, and compare: the IR is its own file format."""
    assert demo.module is not None
    text = to_text(demo.module, locations=True)
    parsed = parse_module(text, demo.example)
    parsed.verify()
    if not parsed.is_structurally_equivalent(demo.module):
        raise DemoError("the parsed module differs from the printed one")
    if to_text(parsed, locations=True) != text:
        raise DemoError("printing the parsed module gives different text")
    demo.say(f"round trip: {len(text.splitlines())} lines printed, parsed back, identical")


STEPS: list[tuple[str, Callable[[Demo], None]]] = [
    ("export", step_export),
    ("import", step_import),
    ("round trip", step_round_trip),
]


def torch_ops(module: ModuleOp) -> list[Operation]:
    """The ops of the module's functions, without the func.func/func.return plumbing."""
    return [op for op in module.walk() if not isinstance(op, ModuleOp | FuncOp | ReturnOp)]


def run(demo: Demo) -> None:
    for i, (name, step) in enumerate(STEPS, 1):
        demo.say(f"[{i}/{len(STEPS)}] {name}")
        start = time.perf_counter()
        step(demo)
        demo.timings[name] = time.perf_counter() - start
    total = sum(demo.timings.values())
    detail = ", ".join(f"{k} {v:.1f}s" for k, v in demo.timings.items())
    demo.say(f"done in {total:.1f}s ({detail})")


def _default_example() -> str:
    bundled = REPO / DEFAULT_EXAMPLE
    if not bundled.is_file():  # an installed stepwell: look in the current directory
        return DEFAULT_EXAMPLE
    return (
        str(bundled.relative_to(Path.cwd())) if bundled.is_relative_to(Path.cwd()) else str(bundled)
    )


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--example", default=_default_example(), metavar="FILE[:NAME]")
    parser.add_argument("--lines", type=int, default=15, help="IR lines to show")
    args = parser.parse_args(argv)
    try:
        run(Demo(args.example, args.lines, out))
    except (LoadError, FxImportError, DemoError, ParseError, VerifyException) as e:
        print(f"demo: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
