"""Print and parse IR text with stepwell's dialects."""

from __future__ import annotations

import io

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.printer import Printer

from stepwell.ir.context import make_context
from stepwell.ir.diagnostics import LocatingParser


def to_text(op: Operation, locations: bool = False) -> str:
    """MLIR text of `op`; with `locations`, each op's `loc(...)` (unknown ones omitted)."""
    out = io.StringIO()
    Printer(stream=out, print_debuginfo=locations).print_op(op)
    text = out.getvalue()
    if locations:
        text = text.replace(" loc(unknown)", "")
    return text + "\n"


def parse_module(text: str, name: str = "<string>") -> ModuleOp:
    """Parse MLIR text into a module; raises xDSL's ParseError with a location on bad input."""
    return LocatingParser(make_context(), text, name).parse_module()
