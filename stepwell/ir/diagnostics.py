"""User-facing diagnostics: `FILE:LINE:COL: error: message`, never a Python traceback.

`LocatingParser` remembers where each op starts in the text, so a verifier error names
the line of the op that failed, as `mlir-opt` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    column: int
    message: str
    context: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        head = f"{where}: error: {self.message}"
        return head + ("\n" + self.context if self.context else "")


class LocatingParser(Parser):
    """A Parser that records the (line, column) at which each operation starts."""

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0) -> None:
        super().__init__(ctx, text, name)
        self.positions: dict[Operation, tuple[int, int]] = {}
        self.line_offset = line_offset

    def parse_operation(self) -> Operation:
        loc = self._current_token.span.get_location()
        op = super().parse_operation()
        self.positions[op] = (loc.line + self.line_offset, loc.col)
        return op


def from_parse_error(e: ParseError, line_offset: int = 0) -> Diagnostic:
    loc = e.span.get_location()
    context = e.span.print_with_context(e.msg).split("\n", 1)[1].rstrip("\n")
    return Diagnostic(loc.file, loc.line + line_offset, loc.col, e.msg, context)


def verify_located(
    module: ModuleOp, file: str, positions: dict[Operation, tuple[int, int]]
) -> Diagnostic | None:
    """Verify op by op (outermost first); the first failure as a located diagnostic."""
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as e:
            line, col = positions.get(op, (0, 0))
            if isinstance(op.location, FileLineColLoc) and (line, col) == (0, 0):
                loc = op.location
                return Diagnostic(loc.filename.data, loc.line.data, loc.column.data, str(e))
            return Diagnostic(file, line, col, f"'{op.name}' op {_first_line(e)}")
    return None


def _first_line(e: Exception) -> str:
    """The exception's message on one line (xDSL nests causes over several lines)."""
    text = " ".join(line.strip() for line in str(e).strip().splitlines() if line.strip())
    return text or type(e).__name__
