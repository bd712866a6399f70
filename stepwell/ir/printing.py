"""Print and parse IR text with stepwell's dialects."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Attribute, Operation
from xdsl.printer import Printer
from xdsl.targets.mlir import MLIRTarget

from stepwell.ir.context import make_context
from stepwell.ir.diagnostics import LocatingParser, gc_paused


class StepwellPrinter(Printer):
    """xDSL's printer with a fast path for `loc("file":line:col)`: an imported model has
    one on every op, and xDSL prints it in a dozen small writes (a third of the time it
    takes to print a module with locations). The text is the same."""

    def print_attribute(self, attribute: Attribute) -> None:
        if type(attribute) is not FileLineColLoc or self.printing_location:
            return super().print_attribute(attribute)
        names: dict[str, str] = self.__dict__.setdefault("_stepwell_file_names", {})
        name = attribute.filename.data
        quoted = names.get(name)
        if quoted is None:
            sub = Printer(stream=io.StringIO())
            sub.print_attribute(attribute.filename)
            quoted = names[name] = sub.stream.getvalue()  # type: ignore[union-attr]
        self.print_string(f"loc({quoted}:{attribute.line.data}:{attribute.column.data})")


@dataclass(frozen=True)
class StepwellMLIRTarget(MLIRTarget):
    """stepwell-opt's `-t mlir` (the default): xDSL's, printed by `StepwellPrinter`."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        if self.syntax_highlight:
            return super().emit(ctx, module, output)
        printer = StepwellPrinter(
            stream=output,
            print_generic_format=self.print_generic_format,
            print_properties_as_attributes=self.print_properties_as_attributes,
            print_debuginfo=self.print_debuginfo,
        )
        with gc_paused():
            printer.print_op(module)
        printer.print_metadata(ctx.loaded_dialects)
        print("\n", file=output)


def to_text(op: Operation, locations: bool = False) -> str:
    """MLIR text of `op`; with `locations`, each op's `loc(...)` (unknown ones omitted)."""
    out = io.StringIO()
    with gc_paused():
        StepwellPrinter(stream=out, print_debuginfo=locations).print_op(op)
    text = out.getvalue()
    if locations:
        text = text.replace(" loc(unknown)", "")
    return text + "\n"


def parse_module(text: str, name: str = "<string>") -> ModuleOp:
    """Parse MLIR text into a module; raises xDSL's ParseError with a location on bad input."""
    return LocatingParser(make_context(), text, name).parse_module()
