"""Symbolic sizes: the integer expressions over size symbols that IR types and kernels hold.

A dynamic dim is `?` in a type, and its size is an expression over the graph's size
symbols, as Dynamo names them: `s0`, `8*s93`, `((s0 + 1)//2)`, `s1 - 1`, `Max(1, s0)`.
This module is the one place that reads, prints and evaluates them:

- `parse_size(text)` reads an expression from IR text. IR text is untrusted, so this is a
  parser over a fixed grammar (integers, symbol names, `+ - * // %`, a symbol `**` an
  integer up to MAX_POWER, parentheses, and the calls `Max`, `Min`, `FloorDiv`,
  `CeilDiv`, `Mod`, `PythonMod`), never `eval`;
- a size is `int | sympy.Expr` (`Size`); symbols are positive integers, so `8*s0 == 8*s0`
  whatever way it was spelled, and `FloorDiv(2*s0, 2)` and `s0**2 // s0` are `s0`;
- `size_text` prints one as the IR spells it, `size_source` as Triton source (the kernel's
  symbol arguments are plain Python ints there), and `evaluate` computes it for a binding
  of the symbols (`SizeFunction` compiles it once for launches).

Dynamo specializes sizes 0 and 1, so a symbol is at least 2 in every graph it hands over;
the comparisons here only decide what holds for every value (`statically_equal`).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

import sympy
from torch.utils._sympy.functions import CeilDiv, FloorDiv, PythonMod

Size = Union[int, sympy.Expr]  # noqa: UP007 (a runtime alias)
Bindings = Mapping[str, int]

MAX_TEXT = 512  # longer expressions are refused: nothing Dynamo prints comes close


class SizeError(ValueError):
    """An expression outside the grammar, or one that cannot be evaluated."""


def symbol(name: str) -> sympy.Symbol:
    """The size symbol `name`: a positive integer."""
    if not name.isidentifier() or name.startswith("_"):
        raise SizeError(f"{name!r} is not a size symbol name")
    return sympy.Symbol(name, integer=True, positive=True)


def floor_div(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """`a // b`, the quotient itself when b divides a as polynomials with integer
    coefficients (`s0**2 // s0` is `s0`: torch prints a numel divided by a dim so, and
    FloorDiv cancels integer factors only)."""
    q = sympy.cancel(a / b)
    if sympy.fraction(q)[1] != 1:
        return FloorDiv(a, b)
    if q.is_Integer:
        return q
    symbols = sorted(q.free_symbols, key=str)
    if symbols and q.is_polynomial():
        if all(c.is_Integer for c in sympy.Poly(q, *symbols).coeffs()):
            return q
    return FloorDiv(a, b)


MAX_POWER = 8
"""The largest exponent a size expression may raise a size to (`s0**2`)."""

_BINARY: dict[type[ast.operator], Callable[[sympy.Expr, sympy.Expr], sympy.Expr]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: floor_div(a, b),
    ast.Mod: lambda a, b: PythonMod(a, b),
}
_CALLS: dict[str, Callable[[sympy.Expr, sympy.Expr], sympy.Expr]] = {
    "Max": sympy.Max,
    "Min": sympy.Min,
    "max": sympy.Max,
    "min": sympy.Min,
    "FloorDiv": lambda a, b: floor_div(a, b),
    "CeilDiv": CeilDiv,
    "cdiv": CeilDiv,
    "Mod": PythonMod,
    "PythonMod": PythonMod,
}


@functools.lru_cache(maxsize=4096)
def parse_size(text: str) -> Size:
    """The size `text` spells: an int, or a sympy expression over positive symbols
    (memoized: types repeat their sizes, and sympy expressions are immutable)."""
    if len(text) > MAX_TEXT:
        raise SizeError(f"a size expression longer than {MAX_TEXT} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise SizeError(f"{text!r} is not a size expression") from None
    return simplify(_build(tree.body, text))


def _build(node: ast.AST, text: str) -> sympy.Expr:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return sympy.Integer(node.value)
    if isinstance(node, ast.Name):
        return symbol(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_build(node.operand, text)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return _BINARY[type(node.op)](_build(node.left, text), _build(node.right, text))
    if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow)
            and isinstance(node.left, ast.Name) and isinstance(node.right, ast.Constant)
            and type(node.right.value) is int and 0 < node.right.value <= MAX_POWER):  # fmt: skip
        # (a symbol's power, as torch prints s0*s0; only a symbol, so that nested powers
        # of short untrusted text cannot make a number of gigabytes)
        return symbol(node.left.id) ** node.right.value
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _CALLS
        and len(node.args) == 2
        and not node.keywords
    ):
        a, b = (_build(x, text) for x in node.args)
        return _CALLS[node.func.id](a, b)
    raise SizeError(
        f"{text!r}: sizes are integers, symbols, + - * // %, a symbol ** a small integer, "
        "and Max/Min/FloorDiv/CeilDiv/Mod calls"
    )


def simplify(size: Size) -> Size:
    """An int when the size is a constant, else the expression."""
    if isinstance(size, int):
        return size
    expr = sympy.sympify(size)
    if expr.is_Integer:
        return int(expr)
    return expr


def is_static(size: Size) -> bool:
    return isinstance(size, int) or bool(sympy.sympify(size).is_Integer)


def symbols_of(size: Size) -> set[str]:
    """The names of the symbols `size` reads."""
    if isinstance(size, int):
        return set()
    return {s.name for s in size.free_symbols}


def statically_equal(a: Size, b: Size) -> bool:
    """Do `a` and `b` hold the same value for every binding?"""
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return sympy.expand(sympy.sympify(a) - sympy.sympify(b)) == 0


def product(sizes: Sequence[Size]) -> Size:
    out: Size = 1
    for s in sizes:
        out = out * s
    return simplify(out)


def rename_symbols(size: Size, prefix: str) -> Size:
    """`size` with each symbol `s` renamed `prefix + s`."""
    if isinstance(size, int):
        return size
    expr = sympy.sympify(size)
    return expr.xreplace({s: symbol(prefix + s.name) for s in expr.free_symbols})


def ceil_div(a: Size, b: Size) -> Size:
    """`a / b` rounded up (a grid's program count): an int for ints."""
    if isinstance(a, int) and isinstance(b, int):
        return -(-a // b)
    return simplify(CeilDiv(a, b))


# -- printing -----------------------------------------------------------------------------------
def size_text(size: Size) -> str:
    """The IR spelling: `8*s0`, `((s0 + 1)//2)`, `Max(1, s0)`; parse_size reads it back."""
    return _print(size, python=False)


def size_source(size: Size) -> str:
    """Python/Triton source of the size, reading each symbol as a variable of its name."""
    return _print(size, python=True, top=False)  # parenthesized: it goes into expressions


def _print(size: Size, python: bool, top: bool = True) -> str:
    """`size` spelled as torch spells sizes: `8*s0`, `s0 + s1` (parenthesized inside
    another expression), `(s0//2)`."""
    text = _print_inner(size, python)
    if top and isinstance(size, sympy.Add) and text.startswith("(") and text.endswith(")"):
        return text[1:-1]
    return text


def _print_x(size: Size, python: bool) -> str:
    return _print(size, python, top=False)


def _agree(a: sympy.Expr, b: sympy.Expr) -> bool:
    """Do Python's and C's `a // b` and `a % b` agree for every value of the symbols? Only
    for constants (where sympy has folded them): a symbol may be an integer argument
    (`x % n` under `dynamic=True`), and a sum of sizes may be negative (`s0 - 10`)."""
    return bool(a.is_Integer and b.is_Integer and a >= 0 and b > 0)


def _floor_remainder(a: str, b: str) -> str:
    """Python's `a % b` (the divisor's sign) written to mean it in Triton too, whose `%`
    and `//` round toward zero as C's do: `((a % b) + b) % b` is the same under either
    rule. (A size expression may be negative: `-s0 % 8`, a pad to a multiple of 8.)"""
    return f"(({a} % {b} + {b}) % {b})"


def _floor_quotient(a: str, b: str) -> str:
    """Python's `a // b` under either rule: the exact quotient `(a - a % b) // b`."""
    return f"(({a} - {_floor_remainder(a, b)}) // {b})"


def _divisor(size: Size, python: bool) -> str:
    """The right operand of `//` or `%`, parenthesized where it is a product: `//`, `%`
    and `*` bind alike, left to right, so `s0//(2*s1)` printed `s0//2*s1` reads back as
    `(s0//2)*s1`."""
    text, expr = _print_x(size, python), sympy.sympify(size)
    negated = isinstance(expr, sympy.Mul) and expr.as_coeff_Mul()[0] == -1  # ("(-s1)")
    return f"({text})" if isinstance(expr, sympy.Mul | sympy.Pow) and not negated else text


def _print_inner(size: Size, python: bool) -> str:
    if isinstance(size, int):
        return str(size)
    expr = sympy.sympify(size)
    if expr.is_Integer:
        return str(int(expr))
    if expr.is_Symbol:
        return expr.name
    if isinstance(expr, sympy.Add):
        terms = sorted(
            expr.args,
            key=lambda t: (
                bool(t.as_coeff_Mul()[0] < 0),
                bool(t.is_Integer),
                sympy.default_sort_key(t),
            ),
        )
        out = _print_x(terms[0], python)
        for t in terms[1:]:
            if t.as_coeff_Mul()[0] < 0:
                out += f" - {_print_x(-t, python)}"
            else:
                out += f" + {_print_x(t, python)}"
        return f"({out})"
    if isinstance(expr, sympy.Mul):
        coeff, rest = expr.as_coeff_Mul()
        factors = [_print_x(f, python) for f in sympy.Mul.make_args(rest)]
        if coeff == -1:
            return f"(-{'*'.join(factors)})"
        if coeff != 1:
            factors.insert(0, _print_x(int(coeff), python) if coeff.is_Integer else str(coeff))
        return "*".join(factors)
    if isinstance(expr, FloorDiv):
        a, b = expr.args
        if python and not _agree(a, b):
            return _floor_quotient(_print_x(a, python), _divisor(b, python))
        return f"({_print_x(a, python)}//{_divisor(b, python)})"
    if isinstance(expr, CeilDiv):
        a, b = expr.args
        if python:  # -((-a) // b)
            return f"(-{_floor_quotient(f'(-{_print_x(a, python)})', _divisor(b, python))})"
        return f"CeilDiv({_print_x(a, python)}, {_print_x(b, python)})"
    if isinstance(expr, PythonMod):
        a, b = expr.args
        if python and not _agree(a, b):
            return _floor_remainder(_print_x(a, python), _divisor(b, python))
        return f"({_print_x(a, python)} % {_divisor(b, python)})"
    if isinstance(expr, sympy.Max | sympy.Min):
        name = (
            ("max" if python else "Max")
            if isinstance(expr, sympy.Max)
            else ("min" if python else "Min")
        )
        out = _print_x(expr.args[0], python)
        for a in expr.args[1:]:
            out = f"{name}({out}, {_print_x(a, python)})"
        return out
    if isinstance(expr, sympy.Pow) and expr.exp.is_Integer and int(expr.exp) > 0:
        return "*".join([_print_x(expr.base, python)] * int(expr.exp))
    raise SizeError(f"no spelling for the size {expr}")


# -- evaluation ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SizeFunction:
    """A size compiled once into a closure over the bindings (launches evaluate sizes
    every call; sympy's `subs` would cost more than the launch)."""

    size: Size
    run: Callable[[Bindings], int]

    def __call__(self, bindings: Bindings) -> int:
        return self.run(bindings)


def compile_size(size: Size) -> SizeFunction:
    return SizeFunction(size, _closure(size))


def evaluate(size: Size, bindings: Bindings) -> int:
    """The value of `size` with each symbol bound (a SizeError names one left unbound)."""
    return _closure(size)(bindings)


def _closure(size: Size) -> Callable[[Bindings], int]:
    if isinstance(size, int):
        value = size
        return lambda _b: value
    expr = sympy.sympify(size)
    if expr.is_Integer:
        value = int(expr)
        return lambda _b: value
    if expr.is_Symbol:
        name = expr.name

        def read(b: Bindings) -> int:
            try:
                return int(b[name])
            except KeyError:
                raise SizeError(f"the size symbol {name} is not bound") from None

        return read
    parts = [_closure(a) for a in expr.args]
    if isinstance(expr, sympy.Add):
        return lambda b: sum(p(b) for p in parts)
    if isinstance(expr, sympy.Mul):

        def mul(b: Bindings) -> int:
            out = 1
            for p in parts:
                out *= p(b)
            return out

        return mul
    if isinstance(expr, sympy.Pow) and expr.exp.is_Integer and int(expr.exp) > 0:
        base, n = parts[0], int(expr.exp)
        return lambda b: base(b) ** n
    two: dict[type, Callable[[int, int], int]] = {
        FloorDiv: lambda x, y: x // y,
        CeilDiv: lambda x, y: -(-x // y),
        PythonMod: lambda x, y: x % y,
        sympy.Max: max,
        sympy.Min: min,
    }
    for cls, fn in two.items():
        if isinstance(expr, cls):
            first, *rest = parts

            def fold(b: Bindings, first=first, rest=rest, fn=fn) -> int:  # type: ignore[no-untyped-def]
                out = first(b)
                for p in rest:
                    out = fn(out, p(b))
                return out

            return fold
    raise SizeError(f"cannot evaluate the size {expr}")


def bind_symbols(binds: Sequence[Sequence[Any]], tensors: Sequence[Any]) -> dict[str, int]:
    """Each symbol of `binds` (`[input, dim, name]`: the symbol is that input's size
    there) with its value; two sizes for one symbol are an error (the graph does not
    hold for these inputs)."""
    bindings: dict[str, int] = {}
    for i, dim, name in binds:
        n = int(tensors[i].shape[dim])
        if bindings.setdefault(name, n) != n:
            raise ValueError(f"the size symbol {name} is {bindings[name]} and {n} at once")
    return bindings


def solve_sizes(pairs: Sequence[tuple[Size, int]]) -> dict[str, int]:
    """The symbols' values that make each size of `pairs` its actual value: plain symbols
    first, then sizes linear in one symbol not yet bound (`s0 + 1` of a dim of 10 gives
    s0 = 9). A symbol no pair determines is left out; a contradiction is a SizeError."""
    bound: dict[str, int] = {}
    todo = [(sympy.sympify(s), n) for s, n in pairs if not is_static(s)]
    progress = True
    while todo and progress:
        progress, left = False, []
        for expr, n in todo:
            expr = expr.xreplace({symbol(k): v for k, v in bound.items()})
            free = sorted(expr.free_symbols, key=lambda s: s.name)
            if not free:
                if int(expr) != n:
                    raise SizeError(f"a size is {n} where its type says {int(expr)}")
                continue
            if len(free) == 1 and sympy.degree(expr, free[0]) == 1 and expr.is_polynomial():
                value = sympy.solve(sympy.Eq(expr, n), free[0])
                if len(value) == 1 and value[0].is_Integer:
                    bound[free[0].name] = int(value[0])
                    progress = True
                    continue
            left.append((expr, n))
        todo = left
    return bound
