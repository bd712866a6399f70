"""User-facing diagnostics: `FILE:LINE:COL: error: message`, never a Python traceback.

`LocatingParser` remembers where each op starts in the text, so a verifier error names
the line of the op that failed, as `mlir-opt` does.
"""

from __future__ import annotations

import bisect
import gc
import math
import re
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    ComplexType,
    FileLineColLoc,
    IndexType,
    IntAttr,
    IntegerType,
    LocationAttr,
    ModuleOp,
    StringAttr,
    TensorType,
)
from xdsl.ir import Operation
from xdsl.parser import AttrParser, Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Span

from stepwell.ir.dominance import first_use_before_def
from stepwell.ir.sizes import SizeError, parse_size


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
        self._strings: dict[str, StringAttr] = {}  # attributes are immutable: shared
        self._ints: dict[str, IntAttr] = {}

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        with gc_paused():
            return super().parse_module(allow_implicit_module)

    def parse_optional_location(self) -> LocationAttr | None:
        """`loc("file":line:col)` read with one regular expression (the common case:
        every op of an imported model has one); other locations as xDSL parses them."""
        token = self._current_token
        if token.text == "loc":
            m = _FILE_LINE_COL.match(self.lexer.input.content, token.span.start)
            if m is not None:
                self._resume_from(m.end())
                return FileLineColLoc(self._string(m[1]), self._int(m[2]), self._int(m[3]))
        return super().parse_optional_location()

    def _string(self, text: str) -> StringAttr:
        attr = self._strings.get(text)
        if attr is None:
            attr = self._strings[text] = StringAttr(text)
        return attr

    def _int(self, digits: str) -> IntAttr:
        """One IntAttr per distinct number (ops on one source line share their line)."""
        attr = self._ints.get(digits)
        if attr is None:
            attr = self._ints[digits] = IntAttr(int(digits))
        return attr

    def _parse_op_result_list(self) -> list[tuple[Span, int]]:
        """`%name =` (one result, the common case) read with one regular expression;
        other result lists as xDSL parses them."""
        token = self._current_token
        m = _ONE_RESULT.match(self.lexer.input.content, token.span.start)
        if m is None:
            return super()._parse_op_result_list()
        self._resume_from(m.end())
        return [(Span(m.start(1), m.end(1), self.lexer.input), 1)]

    def _parse_tensor_literal_element(self) -> AttrParser._TensorLiteralElement:
        element = super()._parse_tensor_literal_element()
        if type(element.value) is int and element.span.text[:2] in ("0x", "0X"):
            return _FloatBits(element.is_negative, element.value, element.span)
        return element

    def parse_operation(self) -> Operation:
        offset = self._current_token.span.start
        line = bisect.bisect_right(self.line_starts, offset)
        column = offset - self.line_starts[line - 1] + 1
        op = super().parse_operation()
        self.positions[op] = (line + self.line_offset, column)
        return op


class _FloatBits(AttrParser._TensorLiteralElement):
    """A hexadecimal element of a dense literal. Under a float element type it is the
    value's bit pattern, as in MLIR and as xDSL's printer writes non-finite values
    (`dense<0xff800000> : tensor<4xf32>` is -inf); xDSL 0.75 reads it back as the integer
    4286578688 converted to float, so a printed -inf or NaN changed value on re-parsing."""

    def to_type(
        self, parser: AttrParser, type: AnyFloat | IntegerType | IndexType | ComplexType
    ) -> Any:
        if not isinstance(type, AnyFloat):
            return super().to_type(parser, type)
        assert isinstance(self.value, int)
        if self.value.bit_length() > type.bitwidth:
            parser.raise_error("hexadecimal float literal out of range for its type", self.span)
        raw = self.value.to_bytes(type.compile_time_size, "little")
        return next(iter(type.iter_unpack(raw)))


_ONE_RESULT = re.compile(r"(%(?:[0-9]+|[A-Za-z_$.-][0-9A-Za-z_$.-]*))[ \t]*=(?!=)[ \t]*")
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
    with gc_paused():
        return _verify_located(module, file, positions)


def _verify_located(
    module: ModuleOp, file: str, positions: dict[Operation, tuple[int, int]]
) -> Diagnostic | None:
    if (found := first_use_before_def(module)) is not None:
        user, index = found
        line, col = positions.get(user, (0, 0))
        name = found[0].operands[index].name_hint
        value = f"%{name}" if name else f"operand #{index}"
        return Diagnostic(file, line, col, f"'{user.name}' op uses {value} before it is defined "
                          "(or where its definition is not visible)")  # fmt: skip
    verified: set[Hashable] = set()
    for op in module.walk():
        key = _local_signature(op)
        if key is not None and key in verified:
            continue
        try:
            op.verify(verify_nested_ops=False)
            _check_size_names(op)
            if key is not None:
                verified.add(key)
        except (VerifyException, DiagnosticException) as e:
            line, col = positions.get(op, (0, 0))
            if isinstance(op.location, FileLineColLoc) and (line, col) == (0, 0):
                loc = op.location
                return Diagnostic(loc.filename.data, loc.line.data, loc.column.data, str(e))
            return Diagnostic(file, line, col, f"'{op.name}' op {_first_line(e)}")
    return None


def _check_size_names(op: Operation) -> None:
    """Raise VerifyException if a tensor type an op makes (its results, its blocks'
    arguments) names a `?` dim by something other than a size expression (`["s0"]`,
    `["(s0//2)"]`): the symbols kernels and launches read from the encoding."""
    values = [*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)]
    for v in values:
        t = v.type
        if not isinstance(t, TensorType) or not isinstance(t.encoding, ArrayAttr):
            continue
        for name in t.encoding.data:
            if isinstance(name, StringAttr):
                try:
                    parse_size(name.data)
                except SizeError as e:
                    raise VerifyException(f"type {t}: {e}") from None


def _local_signature(op: Operation) -> Hashable | None:
    """What an op's verifier reads, when that is all it reads: ops whose class sets
    `VERIFY_IS_LOCAL` (torch and prims ops: their verifiers look at their own operand and
    result types, properties and attributes only) and that have no regions or successors
    and do not end their block (where xDSL checks for a terminator). Two ops with one
    signature verify alike, so a model's thousands of repeated ops verify once each."""
    if not getattr(type(op), "VERIFY_IS_LOCAL", False) or op.regions or op.successors:
        return None
    if op.parent is not None and op.parent.last_op is op:
        return None
    return (
        type(op),
        tuple(op.operand_types),
        tuple(op.result_types),
        tuple(op.properties.items()),
        tuple(op.attributes.items()),
    )


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a burst of allocations (parsing a
    large module builds millions of objects, none of them garbage, and the collector
    rescans them all again and again). Restores the collector's previous state."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _first_line(e: Exception) -> str:
    """The exception's message on one line (xDSL nests causes over several lines)."""
    text = " ".join(line.strip() for line in str(e).strip().splitlines() if line.strip())
    return text or type(e).__name__
