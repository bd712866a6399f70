"""User-facing diagnostics: `FILE:LINE:COL: error: message`, never a Python traceback.

`LocatingParser` remembers where each op starts in the text, so a verifier error names
the line of the op that failed, as `mlir-opt` does.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, LocationAttr, ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Span

from stepwell.ir.dominance import first_use_before_def


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
    """A Parser that records the (line, column) at which each operation starts.

    Lines are found by bisecting a table of line starts made once (xDSL's
    `Span.get_location` counts newlines from the top of the file each time, which made
    parsing quadratic). The text is pre-scanned for string literals first (see
    `check_string_literals`)."""

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0) -> None:
        check_string_literals(text, name)
        check_dense_literal_sizes(text, name)
        super().__init__(ctx, text, name)
        self.positions: dict[Operation, tuple[int, int]] = {}
        self.line_offset = line_offset
        self.line_starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def parse_optional_location(self) -> LocationAttr | None:
        """`loc("file":line:col)` read with one regular expression (the common case:
        every op of an imported model has one); other locations as xDSL parses them."""
        token = self._current_token
        if token.text == "loc":
            m = _FILE_LINE_COL.match(self.lexer.input.content, token.span.start)
            if m is not None:
                self._resume_from(m.end())
                return FileLineColLoc(StringAttr(m[1]), IntAttr(int(m[2])), IntAttr(int(m[3])))
        return super().parse_optional_location()

    def parse_operation(self) -> Operation:
        offset = self._current_token.span.start
        line = bisect.bisect_right(self.line_starts, offset)
        column = offset - self.line_starts[line - 1] + 1
        op = super().parse_operation()
        self.positions[op] = (line + self.line_offset, column)
        return op


_FILE_LINE_COL = re.compile(r'loc\(\s*"([^"\\\n]*)"\s*:\s*(\d+)\s*:\s*(\d+)\s*\)')
_COMMENT_OR_QUOTE = re.compile(r'//[^\n]*|"')
_STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')
"""The string literals xDSL's lexer accepts, written so that each character has one way
to match: xDSL 0.75 writes `(?:[^"...]+|escape)*`, whose nested repetition backtracks
exponentially on a literal that is never closed or holds an invalid escape (`\\q`), so
`xdsl-opt` hangs on such input. This form fails in linear time."""


MAX_DENSE_ELEMENTS = 2**24
"""The largest dense literal accepted: xDSL stores every element of a literal, a splat
included, as a Python object (16M elements is about 0.5 GB already)."""

_DENSE = re.compile(r"dense<[^\n]*?>\s*:\s*(?:tensor|vector|memref)<([0-9x?]*)x?[a-z!]")


def check_dense_literal_sizes(text: str, name: str) -> None:
    """Raise a located ParseError for a dense literal too large to hold in memory, before
    xDSL allocates it (`dense<1.0> : tensor<100000000000xf32>` was a MemoryError)."""
    for m in _DENSE.finditer(text):
        dims = [int(d) for d in m.group(1).split("x") if d.isdigit()]
        count = math.prod(dims)
        if count > MAX_DENSE_ELEMENTS:
            raise ParseError(
                Span(m.start(), m.end(), Input(text, name)),
                f"a dense literal of {count} elements is refused (the limit is "
                f"{MAX_DENSE_ELEMENTS}: each element would be held in memory)",
            )


def check_string_literals(text: str, name: str) -> None:
    """Raise a located ParseError for the first string literal xDSL would reject (before
    xDSL's lexer gets to backtrack on it)."""
    pos = 0
    while (m := _COMMENT_OR_QUOTE.search(text, pos)) is not None:
        if m.group() != '"':
            pos = m.end()
            continue
        literal = _STRING_LITERAL.match(text, m.start())
        if literal is None:
            end = m.start() + 1
            while end < len(text) and text[end] not in '"\n':
                end += 1
            raise ParseError(
                Span(m.start(), end, Input(text, name)),
                "string literal is not closed on its line or holds an invalid escape "
                '(allowed: \\" \\n \\t \\\\ and \\XX with two hex digits)',
            )
        pos = literal.end()


def from_parse_error(e: ParseError, line_offset: int = 0) -> Diagnostic:
    loc = e.span.get_location()
    context = e.span.print_with_context(e.msg).split("\n", 1)[1].rstrip("\n")
    return Diagnostic(loc.file, loc.line + line_offset, loc.col, e.msg, context)


def verify_located(
    module: ModuleOp, file: str, positions: dict[Operation, tuple[int, int]]
) -> Diagnostic | None:
    """Verify op by op (outermost first); the first failure as a located diagnostic.
    Dominance (each operand defined before its use) is checked first."""
    if (found := first_use_before_def(module)) is not None:
        user, index = found
        line, col = positions.get(user, (0, 0))
        name = found[0].operands[index].name_hint
        value = f"%{name}" if name else f"operand #{index}"
        return Diagnostic(file, line, col, f"'{user.name}' op uses {value} before it is defined "
                          "(or where its definition is not visible)")  # fmt: skip
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
