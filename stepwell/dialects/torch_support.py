"""Hand-written support for the generated `torch` dialect.

The generated module (`stepwell/dialects/torch.py`) holds one class per ATen overload. Those
classes derive from `TorchOp`, defined here, which gives all of them one readable textual
form and the link back to their ATen schema:

    %0 = torch.aten.add.Tensor %a, %b {alpha = 2 : i64} : (tensor<4xf32>, tensor<4xf32>) -> ...
    %1 = torch.aten.cat [%a, %b] {dim = 1 : i64} : ...
    %2 = torch.aten.native_layer_norm %x, none, none {...} : ...       (absent optional tensor)
    %3 = torch.aten.view %x sym(%s0) {size = [#torch.sym<0>, 64 : i64]} : ...

Tensor arguments are operands in schema order (`[...]` for `Tensor[]`, `none` for an absent
`Tensor?`). Every other argument is a property holding a constant; an argument whose value
is symbolic (a SymInt computed in the graph) holds `#torch.sym<i>`, a reference to the i-th
value of the trailing `sym(...)` operand group.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self, cast

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    Float64Type,
    FloatAttr,
    FunctionType,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    i32,
)
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    OperandDef,
    OptOperandDef,
    OptPropertyDef,
    ParsePropInAttrDict,
    VarOperandDef,
    irdl_attr_definition,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.lexer import Span

from stepwell.ir.callees import callee_error

SEGMENTS = "operandSegmentSizes"


@irdl_attr_definition
class SymAttr(ParametrizedAttribute):
    """`#torch.sym<i>`: this argument is the i-th value of the op's `sym(...)` operands."""

    name = "torch.sym"
    index: IntAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False)),)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.index.data))


# Property constraints, by ATen argument type (see gen_torch_dialect.PROP_CONSTRAINTS).
INT = IntegerAttr | SymAttr
FLOAT = FloatAttr | IntegerAttr | SymAttr
NUMBER = IntegerAttr | FloatAttr | SymAttr
BOOL = IntegerAttr | SymAttr
STR = StringAttr
DTYPE = Attribute  # an element type: `dtype = f32`
ENUM = StringAttr  # layout, memory format, device: `device = "cpu"`
INT_LIST = ArrayAttr[IntegerAttr | SymAttr]
LIST = ArrayAttr
# Types of symbolic scalar values (SymInt, SymFloat, SymBool).
SYM_TYPES = IntegerType | IndexType | Float64Type


class TorchOp(IRDLOperation):
    """Base of every generated `torch.aten.*` op.

    `OVERLOAD` is the `torch.ops` path (`aten.add.Tensor`); the class docstring is the ATen
    schema it was generated from. The interpreter and the decomposition pass find the
    PyTorch operator (and its schema) through `OVERLOAD`, so the schema lives in one place.
    """

    OVERLOAD: ClassVar[str] = ""
    VERIFY_IS_LOCAL: ClassVar[bool] = True
    """The verifier reads only this op's operand and result types, properties and
    attributes (`ir.diagnostics.verify_located` verifies each distinct signature once)."""

    # -- operand groups ------------------------------------------------------------------
    @classmethod
    def operand_group_defs(cls) -> list[tuple[str, OperandDef]]:
        return list(cls.get_irdl_definition().operands)

    def operand_groups(self) -> list[tuple[str, list[SSAValue]]]:
        """The operands split by definition: (name, values) in definition order."""
        defs = self.operand_group_defs()
        if len(defs) == 1 and isinstance(defs[0][1], VarOperandDef):
            return [(defs[0][0], list(self.operands))]
        if any(isinstance(d, VarOperandDef | OptOperandDef) for _, d in defs) and (
            SEGMENTS in self.properties
        ):
            sizes = cast(DenseArrayBase, self.properties[SEGMENTS]).get_values()
        else:
            sizes = [1] * len(defs)
            if len(defs) != len(self.operands):  # at most one variadic group, no segments
                var = [i for i, (_, d) in enumerate(defs) if type(d) is not OperandDef]
                sizes[var[0]] = len(self.operands) - (len(defs) - 1)
        groups: list[tuple[str, list[SSAValue]]] = []
        start = 0
        for (name, _), size in zip(defs, sizes, strict=True):
            groups.append((name, list(self.operands[start : start + int(size)])))
            start += int(size)
        return groups

    def sym_values(self) -> list[SSAValue]:
        for name, values in self.operand_groups():
            if name == "sym_args":
                return values
        return []

    # -- custom format -------------------------------------------------------------------
    def print(self, printer: Printer) -> None:
        plain = _plain_operands(type(self))
        if plain is not None:  # the common case, without splitting groups
            separator = " "
            for value in self.operands[:plain]:
                printer.print_string(separator)
                printer.print_operand(value)
                separator = ", "
            if len(self.operands) > plain:
                printer.print_string(" sym(")
                printer.print_list(self.operands[plain:], printer.print_operand)
                printer.print_string(")")
        else:
            self._print_operand_groups(printer)
        props = {k: v for k, v in self.properties.items() if k != SEGMENTS}
        _print_memo(printer, ("props", *props.items()), lambda p: p.print_op_attributes(props))
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" : ")
        print_function_type_memo(printer, self.operand_types, self.result_types)

    def _print_operand_groups(self, printer: Printer) -> None:
        first = True
        for (name, values), (_, d) in zip(
            self.operand_groups(), self.operand_group_defs(), strict=True
        ):
            if name == "sym_args":
                if values:
                    printer.print_string(" sym(")
                    printer.print_list(values, printer.print_operand)
                    printer.print_string(")")
                continue
            printer.print_string(" " if first else ", ")
            first = False
            if isinstance(d, OptOperandDef):
                if values:
                    printer.print_operand(values[0])
                else:
                    printer.print_string("none")
            elif isinstance(d, VarOperandDef):
                printer.print_string("[")
                printer.print_list(values, printer.print_operand)
                printer.print_string("]")
            else:
                printer.print_operand(values[0])

    @classmethod
    def parse(cls, parser: Parser) -> TorchOp:
        pos = parser.pos
        defs = cls.operand_group_defs()
        plain = _plain_operands(cls)
        found = None if plain is None else _match_plain_operands(parser, plain)
        if found is None:
            groups = cls._parse_operand_groups(parser, defs)
            props, attrs, ftype = _parse_tail_memo(parser)
        elif plain == len(defs):
            groups, end = found
            props, attrs, ftype = _parse_tail_memo(parser, end)
        else:  # and the sym group
            groups, end = found
            parser._resume_from(end)  # pyright: ignore[reportPrivateUsage]
            syms: list[UnresolvedOperand] = []
            if parser.parse_optional_keyword("sym") is not None:
                syms = parser.parse_comma_separated_list(
                    parser.Delimiter.PAREN, parser.parse_unresolved_operand
                )
            groups.append(syms)
            props, attrs, ftype = _parse_tail_memo(parser)
        flat = [o for g in groups for o in g]
        operands = parser.resolve_operands(flat, ftype.inputs.data, pos)
        if cls.has_segments():
            props[SEGMENTS] = DenseArrayBase.from_list(i32, [len(g) for g in groups])
        return cls.create(
            operands=operands,
            result_types=list(ftype.outputs.data),
            properties=props,
            attributes=attrs.data if attrs else {},
        )

    @classmethod
    def _parse_operand_groups(
        cls, parser: Parser, defs: list[tuple[str, OperandDef]]
    ) -> list[list[UnresolvedOperand]]:
        groups: list[list[UnresolvedOperand]] = []
        first = True
        for name, d in defs:
            if name == "sym_args":
                syms: list[UnresolvedOperand] = []
                if parser.parse_optional_keyword("sym") is not None:
                    syms = parser.parse_comma_separated_list(
                        parser.Delimiter.PAREN, parser.parse_unresolved_operand
                    )
                groups.append(syms)
                continue
            if not first:
                parser.parse_punctuation(",", f" before operand '{name}' of {cls.name}")
            first = False
            if isinstance(d, OptOperandDef) and parser.parse_optional_keyword("none"):
                groups.append([])
            elif isinstance(d, VarOperandDef) and not isinstance(d, OptOperandDef):
                groups.append(
                    parser.parse_comma_separated_list(
                        parser.Delimiter.SQUARE, parser.parse_unresolved_operand
                    )
                )
            else:
                groups.append([parser.parse_unresolved_operand()])
        return groups

    @classmethod
    def has_segments(cls) -> bool:
        return any(
            isinstance(o, AttrSizedOperandSegments) for o in cls.get_irdl_definition().options
        )

    @classmethod
    def make(
        cls,
        result_types: Sequence[Attribute],
        **fields: SSAValue | Sequence[SSAValue] | Attribute | None,
    ) -> Self:
        """The op from its operands and properties named as in its schema:
        `prims.PrimsReshapeOp.make([t], a=x, shape=ints([2, 3]))`. A name the op does
        not have, a missing operand or required property, or a value of the wrong kind
        raises TypeError here (not at verification, or never). Optional operands take
        None, variadic ones a sequence; `sym_args` defaults to none."""
        definition = cls.get_irdl_definition()
        known = [n for n, _ in definition.operands] + list(definition.properties)
        if unknown := [n for n in fields if n not in known]:
            raise TypeError(
                f"{cls.name}.make: no operand or property {', '.join(map(repr, unknown))} "
                f"(it has {', '.join(known)})"
            )
        groups: list[Sequence[SSAValue]] = []
        for name, d in definition.operands:
            value = fields.pop(name, [] if name == "sym_args" else _MISSING)
            if value is _MISSING:
                raise TypeError(f"{cls.name}.make: operand '{name}' is missing")
            if isinstance(d, VarOperandDef):  # optional operands included
                values = [] if value is None else [value] if isinstance(value, SSAValue) else value
                if not isinstance(d, OptOperandDef) and isinstance(value, SSAValue):
                    raise TypeError(f"{cls.name}.make: operand '{name}' takes a sequence")
                groups.append(list(cast(Sequence[SSAValue], values)))
            elif isinstance(value, SSAValue):
                groups.append([value])
            else:
                raise TypeError(f"{cls.name}.make: operand '{name}' takes one SSA value")
        props: dict[str, Attribute] = {}
        for name, d in definition.properties.items():
            if name == SEGMENTS:
                continue
            value = fields.pop(name, None)
            if value is None:
                if not isinstance(d, OptPropertyDef):
                    raise TypeError(f"{cls.name}.make: property '{name}' is missing")
                continue
            if not isinstance(value, Attribute):
                raise TypeError(f"{cls.name}.make: property '{name}' takes an attribute")
            props[name] = value
        return cast(Self, cls.build_from_groups(groups, props, result_types))

    @classmethod
    def build_from_groups(
        cls,
        groups: Sequence[Sequence[SSAValue]],
        properties: dict[str, Attribute],
        result_types: Sequence[Attribute],
    ) -> TorchOp:
        """Create the op from one operand list per definition (schema order, sym last)."""
        props = dict(properties)
        if cls.has_segments():
            props[SEGMENTS] = DenseArrayBase.from_list(i32, [len(g) for g in groups])
        return cls.create(
            operands=[v for g in groups for v in g],
            result_types=list(result_types),
            properties=props,
        )

    def verify_(self) -> None:
        refs = [(key, ref) for key, value in self.properties.items() for ref in _sym_refs(value)]
        if not refs:
            return
        n_sym = len(self.sym_values())
        for key, ref in refs:
            if ref >= n_sym:
                raise VerifyException(
                    f"property '{key}' refers to #torch.sym<{ref}> but the op has "
                    f"{n_sym} sym operand(s)"
                )


@functools.cache
def _plain_operands(cls: type[TorchOp]) -> int | None:
    """How many plain operands `cls` has when all its operand definitions are single
    operands but for a last `sym_args` group (they print as a comma-separated list and
    ` sym(...)`); None when it has an optional or variadic operand."""
    defs = cls.operand_group_defs()
    if defs and defs[-1][0] == "sym_args":
        defs = defs[:-1]
    return len(defs) if all(type(d) is OperandDef for _, d in defs) else None


_MISSING: Any = object()


def _print_memo(printer: Printer, key: tuple[Any, ...], draw: Callable[[Printer], None]) -> None:
    """Print what `draw` prints, remembering its text by `key` for this printer (a
    model's IR repeats a few signatures and property dicts thousands of times)."""
    memo: dict[tuple[Any, ...], str] = printer.__dict__.setdefault("_stepwell_texts", {})
    text = memo.get(key)
    if text is None:
        sub = Printer(stream=io.StringIO())
        draw(sub)
        text = memo[key] = cast(io.StringIO, sub.stream).getvalue()
    printer.print_string(text)


def print_function_type_memo(
    printer: Printer, inputs: Sequence[Attribute], outputs: Sequence[Attribute]
) -> None:
    """`printer.print_function_type(inputs, outputs)`, remembering the text of each
    signature printed (the printing counterpart of `parse_function_type_memo`)."""
    key = ("ftype", *inputs, None, *outputs)  # None separates inputs from outputs
    _print_memo(printer, key, lambda p: p.print_function_type(inputs, outputs))


def _balanced_braces_end(text: str, start: int) -> int:
    """The index after the `}` closing the `{` at `start` (strings skipped), or -1."""
    depth, i, n = 0, start, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c == "\n":
            return -1
        i += 1
    return -1


def parse_attr_dict_memo(parser: Parser) -> dict[str, Attribute]:
    """`parser.parse_optional_attr_dict()`, remembering each dictionary's text (a model
    repeats `{dims = [1 : i64]}` and the like thousands of times). Returns a fresh dict."""
    memo: dict[str, dict[str, Attribute]] = parser.__dict__.setdefault("_stepwell_dicts", {})
    content = parser.lexer.input.content
    start = parser.pos
    if not content.startswith("{", start):
        return parser.parse_optional_attr_dict()
    end = _balanced_braces_end(content, start)
    hit = memo.get(content[start:end]) if end > 0 else None
    if hit is not None:
        parser._resume_from(end)  # pyright: ignore[reportPrivateUsage]
        return dict(hit)
    props = parser.parse_optional_attr_dict()
    if end > 0 and parser.pos >= end and not content[end : parser.pos].strip():
        memo[content[start:end]] = dict(props)
    return props


_VALUE_NAME = r"(%(?:[0-9]+|[A-Za-z_$.-][0-9A-Za-z_$.-]*))(?![#0-9A-Za-z_$.-])"


@functools.cache
def _operand_list_regex(count: int) -> re.Pattern[str]:
    """`%a, %b, ...`: `count` operands without a `#index`, each one captured."""
    return re.compile(r"\s*,\s*".join([_VALUE_NAME] * count))


def _match_plain_operands(
    parser: Parser, count: int
) -> tuple[list[list[UnresolvedOperand]], int] | None:
    """`count` plain operands matched by one regular expression (the common case: xDSL's
    lexer takes two tokens per operand): one group each and the position after them
    (the parser is not moved); None when they are not there."""
    source = parser.lexer.input
    if count == 0:
        return [], parser.pos
    m = _operand_list_regex(count).match(source.content, parser.pos)
    if m is None:
        return None
    groups = [
        [UnresolvedOperand(Span(m.start(i), m.end(i), source), 0)] for i in range(1, count + 1)
    ]
    return groups, m.end()


_SPACES = re.compile(r"[ \t]*")


def _parse_tail_memo(
    parser: Parser, start: int | None = None
) -> tuple[dict[str, Attribute], DictionaryAttr | None, FunctionType]:
    """What follows the operands: `{properties} attributes {...} : (types) -> types`,
    remembering each text parsed up to the end of its line (or ` loc(`), as
    `parse_function_type_memo` does for the signature alone. Returns fresh properties.
    `start`: where the tail begins when the parser has not been moved there yet (a hit
    then moves it once, past the tail)."""
    memo: dict[str, tuple[dict[str, Attribute], DictionaryAttr | None, FunctionType]]
    memo = parser.__dict__.setdefault("_stepwell_tails", {})
    content = parser.lexer.input.content
    if start is None:
        start = parser.pos
    else:
        start = _SPACES.match(content, start).end()  # type: ignore[union-attr]
    candidate = _rest_of_line(content, start)
    hit = memo.get(candidate)
    if hit is not None:
        parser._resume_from(start + len(candidate))  # pyright: ignore[reportPrivateUsage]
        return dict(hit[0]), hit[1], hit[2]
    if parser.pos != start:
        parser._resume_from(start)  # pyright: ignore[reportPrivateUsage]
        start = parser.pos  # past a comment or line break, where the tail really begins
        candidate = _rest_of_line(content, start)
    props = parse_attr_dict_memo(parser)
    attrs = parser.parse_optional_attr_dict_with_keyword()
    parser.parse_punctuation(":")
    ftype = parse_function_type_memo(parser)
    if content[start : parser.pos].rstrip() == candidate:
        memo[candidate] = (dict(props), attrs, ftype)
    return props, attrs, ftype


def _rest_of_line(content: str, start: int) -> str:
    """The text from `start` to the end of its line or to ` loc(`, trailing space cut."""
    end = content.find("\n", start)
    line = content[start : len(content) if end < 0 else end]
    at = line.find(" loc(")
    return (line if at < 0 else line[:at]).rstrip()


def parse_function_type_memo(parser: Parser) -> FunctionType:
    """`parser.parse_function_type()`, remembering the text of each type parsed: a model's
    IR repeats a few signatures thousands of times, and xDSL's lexer spends most of a
    parse on them. A hit is the exact text up to the end of the line (or ` loc(`), so a
    type that spans lines or is followed by anything else is parsed as usual."""
    memo: dict[str, FunctionType] = parser.__dict__.setdefault("_stepwell_ftypes", {})
    content = parser.lexer.input.content
    start = parser.pos
    candidate = _rest_of_line(content, start)
    hit = memo.get(candidate)
    if hit is not None:
        parser._resume_from(start + len(candidate))  # pyright: ignore[reportPrivateUsage]
        return hit
    ftype = parser.parse_function_type()
    if content[start : parser.pos].rstrip() == candidate:
        memo[candidate] = ftype
    return ftype


def _sym_refs(attr: Attribute) -> list[int]:
    if isinstance(attr, SymAttr):
        return [attr.index.data]
    if isinstance(attr, ArrayAttr):
        return [r for a in cast(ArrayAttr[Attribute], attr).data for r in _sym_refs(a)]
    return []


@irdl_op_definition
class OperatorOp(IRDLOperation):
    """`torch.operator`: any call the generated classes do not cover, kept by full name.

    `args` lists the call's positional arguments: `#torch.sym<i>` for the i-th operand, any
    other attribute for a constant; `kwargs` likewise. Import never fails on an unknown op.
    """

    name = "torch.operator"
    op_name = prop_def(StringAttr, prop_name="name")
    args = opt_prop_def(ArrayAttr)
    kwargs = opt_prop_def(DictionaryAttr)
    inputs = var_operand_def()
    outputs = var_result_def()

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$name `(` $inputs `)` attr-dict `:` functional-type($inputs, $outputs)"

    def __init__(
        self,
        name: str,
        inputs: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        args: Sequence[Attribute] | None = None,
        kwargs: dict[str, Attribute] | None = None,
    ) -> None:
        props = call_properties("name", name, args, kwargs)
        super().__init__(operands=[inputs], result_types=[result_types], properties=props)

    def verify_(self) -> None:
        if (error := callee_error(self.op_name.data)) is not None:
            raise VerifyException(error)
        if (error := call_operand_error(self.args, self.kwargs, len(self.inputs))) is not None:
            raise VerifyException(error)


def call_operand_error(
    args: ArrayAttr | None, kwargs: DictionaryAttr | None, operands: int
) -> str | None:
    """Why a generic call's arguments cannot be read (`#torch.sym<i>` naming an operand
    the call does not have), or None."""
    attrs = [*(args.data if args is not None else ()),
             *(kwargs.data.values() if kwargs is not None else ())]  # fmt: skip
    for ref in (r for a in attrs for r in _sym_refs(a)):
        if ref >= operands:
            return f"an argument refers to #torch.sym<{ref}> but the call has {operands} operand(s)"
    return None


def call_properties(
    key: str,
    name: str,
    args: Sequence[Attribute] | None,
    kwargs: dict[str, Attribute] | None,
) -> dict[str, Attribute]:
    """Properties of a generic call op (`torch.operator`, `prims.extern`): the callee's
    name under `key`, then its encoded positional and keyword arguments."""
    props: dict[str, Attribute] = {key: StringAttr(name)}
    if args is not None:
        props["args"] = ArrayAttr(args)
    if kwargs:
        props["kwargs"] = DictionaryAttr(kwargs)
    return props
