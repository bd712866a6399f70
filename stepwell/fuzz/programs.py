"""Random PyTorch programs, run through `torch.compile(backend="stepwell")` and compared
with eager on values, dtype, shape and NaN positions.

A program is a few inputs (f32/f16/bf16/i32/i64/bool, odd and zero sizes, 0-d tensors)
and a chain of ops drawn from `OPS`: pointwise math, comparisons, casts, `where`,
reductions, views, matmuls, gathers (indexing, `gather`), `cat` and scans. Each program
is Python source (`Program.source`), so a failure
is reported as a program to paste and rerun. A program whose eager run raises is not a
test (it is counted as skipped).

Discontinuous ops (rounding, comparisons, casts to integers, remainders) only read values
that every correct implementation computes bit for bit ("exact" values: inputs, integer
arithmetic, views, max/min, negation), so an ulp of difference in `exp` never turns into a
reported wrong result; domain-sensitive math (log, sqrt, pow) reads `abs(x) + 1`. An
output that differs from eager is still right when it matches the program run in float64
(`_matches_float64`: a half-precision intermediate that eager rounds one ulp away from the
correctly rounded value).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch

from stepwell.fuzz.compare import mismatch

FLOATS = (torch.float32, torch.float16, torch.bfloat16)
INTS = (torch.int32, torch.int64)
DTYPES = (*FLOATS, *FLOATS, *INTS, torch.bool)  # floats twice as often
SIZES = (1, 1, 2, 3, 4, 5, 7, 8, 16, 17, 0)
GROWN = {2: 3, 3: 5, 4: 6, 5: 9, 7: 10, 8: 11, 16: 13, 17: 24}
"""Sizes for a second call under `dynamic=True`: one-to-one, and 0 and 1 (which Dynamo
specializes) kept."""
MODES = ("static", "dynamic", "train")
"""How `run` compiles a program: static shapes; `dynamic=True`, called at the program's
sizes and again at grown ones; or differentiated (float inputs require grad, and the
gradients of a weighted sum of the float outputs are compared too)."""
PRECISION = (torch.bfloat16, torch.float16, torch.float32, torch.float64)
"""Float dtypes from the least precise to the most."""


@dataclass
class Value:
    """A variable of the program being built: its name, example dtype and shape."""

    name: str
    dtype: torch.dtype
    shape: tuple[int, ...]
    exact: bool
    loosest: torch.dtype | None = None
    """The least precise float dtype the value was computed through (its tolerance)."""

    @property
    def is_float(self) -> bool:
        return self.dtype.is_floating_point


@dataclass
class Builder:
    rng: random.Random
    values: list[Value] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def pick(self, pred: Callable[[Value], bool] = lambda v: True) -> Value | None:
        choices = [v for v in self.values if pred(v)]
        if not choices:
            return None
        if self.rng.random() < 0.6:  # prefer recent values, so ops form chains
            choices = choices[-2:]
        return self.rng.choice(choices)

    def emit(self, expr: str, dtype: torch.dtype, shape: tuple[int, ...], exact: bool) -> None:
        name = f"v{len(self.values)}"
        self.lines.append(f"{name} = {expr}")
        by_name = {v.name: v for v in self.values}
        sources = [by_name[n] for n in re.findall(r"\b[vx]\d+\b", expr) if n in by_name]
        floats = [d for v in sources for d in (v.loosest, v.dtype) if d and d.is_floating_point]
        if dtype.is_floating_point:
            floats.append(dtype)
        loosest = min(floats, key=lambda d: PRECISION.index(d)) if floats else None
        self.values.append(Value(name, dtype, shape, exact, loosest))


Op = Callable[[Builder], bool]
"""Appends one op reading earlier values; False when no value fits it."""


def _unary_float(fn: str, safe: bool = False) -> Op:
    def op(b: Builder) -> bool:
        x = b.pick(lambda v: v.is_float)
        if x is None:
            return False
        arg = f"({x.name}.abs() + 1)" if safe else x.name
        b.emit(f"torch.{fn}({arg})", x.dtype, x.shape, exact=False)
        return True

    return op


def _exact_unary(fn: str, kinds: str, result: torch.dtype | None = None) -> Op:
    """neg/abs/... on values of `kinds` ('f' float, 'i' int, 'b' bool); exactness kept.
    The result has the operand's dtype, or `result` (logical_not: bool)."""

    def op(b: Builder) -> bool:
        x = b.pick(lambda v: _kind(v) in kinds)
        if x is None:
            return False
        b.emit(f"{fn}({x.name})", result or x.dtype, x.shape, x.exact)
        return True

    return op


def _kind(v: Value) -> str:
    return "b" if v.dtype == torch.bool else "f" if v.is_float else "i"


def _rounding(fn: str) -> Op:
    def op(b: Builder) -> bool:
        x = b.pick(lambda v: v.exact and v.dtype != torch.bool)
        if x is None:
            return False
        b.emit(f"torch.{fn}({x.name})", x.dtype, x.shape, exact=True)
        return True

    return op


def _partner(b: Builder, x: Value, exact: bool = False, kinds: str = "fib",
             tensor: bool = False) -> tuple[str, torch.dtype]:  # fmt: skip
    """A second operand for `x`: a value of a broadcastable shape and one of `kinds`, or a
    Python scalar of those kinds (a 0-d tensor of it where the op takes only tensors)."""
    same = b.pick(lambda v: v.shape in (x.shape, x.shape[1:], ()) and (v.exact or not exact)
                  and _kind(v) in kinds)  # fmt: skip
    if same is not None and b.rng.random() < 0.75:
        return same.name, torch.promote_types(x.dtype, same.dtype)
    scalars = [s for s in (2, -1, True, 0.5, 3.0) if _scalar_kind(s) in kinds]
    scalar = b.rng.choice(scalars) if x.dtype != torch.bool else True
    dtype = torch.result_type(torch.ones((1,), dtype=x.dtype), scalar)
    return (f"torch.tensor({scalar!r})" if tensor else repr(scalar)), dtype


def _scalar_kind(s: float | int | bool) -> str:
    return "b" if isinstance(s, bool) else "f" if isinstance(s, float) else "i"


def _binary(fn: str, kinds: str = "fib", exact: bool = False, tensor: bool = False,
            partners: str = "fib") -> Op:  # fmt: skip
    """A binary pointwise op: the first operand one of `kinds`, the second of `partners`;
    `exact` results (max, min) keep their operands' exactness; `tensor`: the op takes no
    Python scalar (maximum, minimum)."""

    def op(b: Builder) -> bool:
        x = b.pick(lambda v: _kind(v) in kinds)
        if x is None:
            return False
        other, dtype = _partner(b, x, kinds=partners, tensor=tensor)
        names = {v.name: v for v in b.values}
        exact_out = exact and x.exact and (other not in names or names[other].exact)
        b.emit(f"{fn}({x.name}, {other})", dtype, x.shape, exact_out)
        return True

    return op


def _compare(fn: str) -> Op:
    def op(b: Builder) -> bool:
        x = b.pick(lambda v: v.exact)
        if x is None:
            return False
        other, _ = _partner(b, x, exact=True)
        b.emit(f"torch.{fn}({x.name}, {other})", torch.bool, x.shape, exact=True)
        return True

    return op


def _cast(b: Builder) -> bool:
    to = b.rng.choice(DTYPES)
    # to an integer or bool only from values every implementation computes alike
    x = b.pick(lambda v: v.exact or to.is_floating_point)
    if x is None:
        return False
    exact = x.exact and (not x.is_float or not to.is_floating_point or to == torch.float32)
    b.emit(f"{x.name}.to({to})", to, x.shape, exact and to != torch.float16)
    return True


def _where(b: Builder) -> bool:
    c = b.pick(lambda v: v.dtype == torch.bool)
    if c is None:
        return False
    x = b.pick(lambda v: v.shape == c.shape)
    y = b.pick(lambda v: v.shape in (c.shape, ()))
    if x is None or y is None:
        return False
    dtype = torch.promote_types(x.dtype, y.dtype)
    b.emit(f"torch.where({c.name}, {x.name}, {y.name})", dtype, c.shape, x.exact and y.exact)
    return True


def _reduction(fn: str, kinds: str, exact: bool, out: torch.dtype | None = None) -> Op:
    """`fn(x, dim)` over a random dim (all dims for 0-d); sum/prod of ints promote."""

    def op(b: Builder) -> bool:
        x = b.pick(lambda v: _kind(v) in kinds and (v.exact or not exact or fn == "amax"))
        if x is None:
            return False
        if not x.shape:
            b.emit(f"torch.{fn}({x.name})", _reduced_dtype(fn, x.dtype, out), (), exact)
            return True
        if fn in ("amax", "amin", "argmax", "argmin") and 0 in x.shape:
            return False
        dim = b.rng.randrange(len(x.shape))
        keep = b.rng.random() < 0.3
        shape = tuple(1 if i == dim else s for i, s in enumerate(x.shape) if keep or i != dim)
        exact_out = exact and x.exact
        dtype = _reduced_dtype(fn, x.dtype, out)
        b.emit(f"torch.{fn}({x.name}, {dim}, keepdim={keep})", dtype, shape, exact_out)
        return True

    return op


def _reduced_dtype(fn: str, dtype: torch.dtype, out: torch.dtype | None) -> torch.dtype:
    if out is not None:
        return out
    if fn in ("sum", "prod") and not dtype.is_floating_point:
        return torch.int64
    return dtype


def _softmax(fn: str) -> Op:
    def op(b: Builder) -> bool:
        x = b.pick(lambda v: v.is_float and len(v.shape) > 0)
        if x is None:
            return False
        dim = b.rng.randrange(len(x.shape))
        b.emit(f"torch.{fn}({x.name}, {dim})", x.dtype, x.shape, exact=False)
        return True

    return op


def _transpose(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 2)
    if x is None:
        return False
    shape = (*x.shape[:-2], x.shape[-1], x.shape[-2])
    b.emit(f"{x.name}.transpose(-1, -2)", x.dtype, shape, x.exact)
    return True


def _slice(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 1 and v.shape[-1] > 1)
    if x is None:
        return False
    step = b.rng.choice([1, 2, 3])
    start = b.rng.randrange(x.shape[-1])
    n = len(range(start, x.shape[-1], step))
    b.emit(f"{x.name}[..., {start}::{step}]", x.dtype, (*x.shape[:-1], n), x.exact)
    return True


def _slice_rows(b: Builder) -> bool:
    """A range of the first dim (`x[1:3]`, `x[::2]`): slices that reductions over the
    other dims commute with (canonicalize-prims computes such a slice first)."""
    x = b.pick(lambda v: len(v.shape) >= 2 and v.shape[0] > 1)
    if x is None:
        return False
    start = b.rng.randrange(x.shape[0])
    stop = b.rng.randint(start + 1, x.shape[0])
    step = b.rng.choice([1, 2])
    n = len(range(start, stop, step))
    b.emit(f"{x.name}[{start}:{stop}:{step}]", x.dtype, (n, *x.shape[1:]), x.exact)
    return True


def _flip(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 1)
    if x is None:
        return False
    dims = sorted(b.rng.sample(range(len(x.shape)), b.rng.randint(1, len(x.shape))))
    b.emit(f"{x.name}.flip({dims})", x.dtype, x.shape, x.exact)
    return True


def _power(b: Builder) -> bool:
    """`x ** c` for a small constant c (integers: exact, wrapping as eager's products do)."""
    x = b.pick(lambda v: _kind(v) in "fi")
    if x is None:
        return False
    c = b.rng.choice([0, 1, 2, 3, 5])
    b.emit(f"{x.name} ** {c}", x.dtype, x.shape, x.exact and not x.is_float)
    return True


def _int_division(fn: str) -> Op:
    """Floor division or remainder of an integer by a nonzero constant (eager raises on a
    zero divisor), either sign."""

    def op(b: Builder) -> bool:
        x = b.pick(lambda v: _kind(v) == "i" and v.exact)
        if x is None:
            return False
        c = b.rng.choice([2, -3, 5, 7])
        b.emit(fn.format(x=x.name, c=c), x.dtype, x.shape, exact=True)
        return True

    return op


def _clamp(b: Builder) -> bool:
    x = b.pick(lambda v: _kind(v) in "fi")
    if x is None:
        return False
    lo = b.rng.choice([-2, 0, None])
    hi = b.rng.choice([1, 3]) if lo is not None else 1
    b.emit(f"{x.name}.clamp({lo}, {hi})", x.dtype, x.shape, x.exact)
    return True


def _roll(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 1)
    if x is None:
        return False
    dim = b.rng.randrange(len(x.shape))
    shift = b.rng.choice([1, -2, 3])
    b.emit(f"{x.name}.roll({shift}, {dim})", x.dtype, x.shape, x.exact)
    return True


def _repeat_interleave(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 1 and math.prod(v.shape) <= 512)
    if x is None:
        return False
    dim = b.rng.randrange(len(x.shape))
    shape = tuple(n * 2 if d == dim else n for d, n in enumerate(x.shape))
    b.emit(f"{x.name}.repeat_interleave(2, {dim})", x.dtype, shape, x.exact)
    return True


def _reshape(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 1)
    if x is None:
        return False
    n = 1
    for s in x.shape:
        n *= s
    b.emit(f"{x.name}.reshape(-1)" if n else f"{x.name}.reshape(0)", x.dtype, (n,), x.exact)
    return True


def _unsqueeze_expand(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) <= 2)
    if x is None:
        return False
    k = b.rng.choice([1, 3])
    b.emit(f"{x.name}.unsqueeze(0).expand({k}, *{x.name}.shape)", x.dtype, (k, *x.shape), x.exact)
    return True


def _matmul(b: Builder) -> bool:
    x = b.pick(lambda v: v.is_float and len(v.shape) == 2)
    if x is None:
        return False
    y = b.pick(lambda v: v.dtype == x.dtype and len(v.shape) == 2 and v.shape[0] == x.shape[1])
    if y is None:
        # (x's own size and dtype: the program also runs at grown sizes and in float64)
        b.lines.append(f"w{len(b.values)} = torch.ones({x.name}.shape[1], 3, "
                       f"dtype={x.name}.dtype)")  # fmt: skip
        other = f"w{len(b.values)}"
        n = 3
    else:
        other, n = y.name, y.shape[1]
    b.emit(f"{x.name} @ {other}", x.dtype, (x.shape[0], n), exact=False)
    return True


def _index(b: Builder) -> bool:
    """Advanced indexing with literal indices (negative and repeated) along a random dim."""
    x = b.pick(lambda v: len(v.shape) >= 1 and 0 not in v.shape)
    if x is None:
        return False
    dim = b.rng.randrange(len(x.shape))
    n = x.shape[dim]
    idx = [b.rng.randrange(-n, n) for _ in range(b.rng.choice([1, 2, 3]))]
    shape = (*x.shape[:dim], len(idx), *x.shape[dim + 1 :])
    b.emit(f"{x.name}[{':, ' * dim}torch.tensor({idx})]", x.dtype, shape, x.exact)
    return True


def _gather(b: Builder) -> bool:
    """`gather` along the last dim with an index computed from a value (kept in range)."""
    x = b.pick(lambda v: len(v.shape) >= 1 and 0 not in v.shape)
    i = (
        b.pick(lambda v: v.dtype in INTS and v.exact and len(v.shape) == len(x.shape))
        if x
        else None
    )
    if (
        x is None
        or i is None
        or any(a > c for a, c in zip(i.shape[:-1], x.shape[:-1], strict=True))
    ):
        return False
    index = f"({i.name}.long() % {x.shape[-1]})"
    b.emit(f"torch.gather({x.name}, -1, {index})", x.dtype, i.shape, x.exact)
    return True


def _cat(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 1)
    if x is None:
        return False
    y = b.pick(lambda v: v.shape[:-1] == x.shape[:-1] and len(v.shape) == len(x.shape))
    y = y or x
    dtype = torch.promote_types(x.dtype, y.dtype)
    shape = (*x.shape[:-1], x.shape[-1] + y.shape[-1])
    b.emit(f"torch.cat([{x.name}, {y.name}], -1)", dtype, shape, x.exact and y.exact)
    return True


def _sort_values(b: Builder) -> bool:
    """The values of `sort` or `topk` along the last dim (exact: ties give equal values;
    the indices of ties are the implementation's choice, so they are not compared)."""
    x = b.pick(lambda v: _kind(v) in "fi" and len(v.shape) >= 1 and v.exact)
    if x is None:
        return False
    n = x.shape[-1]
    descending = b.rng.random() < 0.5
    if n and b.rng.random() < 0.5:
        k = b.rng.randint(1, n)
        b.emit(f"torch.topk({x.name}, {k}, largest={descending}).values", x.dtype,
               (*x.shape[:-1], k), exact=True)  # fmt: skip
    else:
        b.emit(f"torch.sort({x.name}, -1, descending={descending}).values", x.dtype, x.shape,
               exact=True)  # fmt: skip
    return True


def _masked_fill(b: Builder) -> bool:
    c = b.pick(lambda v: v.dtype == torch.bool)
    x = b.pick(lambda v: c is not None and v.shape == c.shape and v.dtype != torch.bool)
    if c is None or x is None:
        return False
    fill = b.rng.choice(["-1", "0", "float('-inf')"] if x.is_float else ["-1", "3"])
    b.emit(f"{x.name}.masked_fill({c.name}, {fill})", x.dtype, x.shape, x.exact)
    return True


def _index_select(b: Builder) -> bool:
    x = b.pick(lambda v: len(v.shape) >= 1 and 0 not in v.shape)
    if x is None:
        return False
    dim = b.rng.randrange(len(x.shape))
    idx = [b.rng.randrange(x.shape[dim]) for _ in range(b.rng.choice([1, 2, 4]))]
    shape = (*x.shape[:dim], len(idx), *x.shape[dim + 1 :])
    b.emit(f"torch.index_select({x.name}, {dim}, torch.tensor({idx}))", x.dtype, shape,
           x.exact)  # fmt: skip
    return True


def _scatter_add(b: Builder) -> bool:
    """Integers (exact in any order) added at an index computed from a value, kept in
    range, along the last dim."""
    x = b.pick(lambda v: v.dtype in INTS and v.exact and len(v.shape) >= 1 and 0 not in v.shape)
    i = b.pick(lambda v: x is not None and v.dtype in INTS and v.exact and v.shape == x.shape)
    if x is None or i is None:
        return False
    b.emit(f"torch.scatter_add({x.name}, -1, ({i.name}.long() % {x.shape[-1]}), {x.name})",
           x.dtype, x.shape, exact=True)  # fmt: skip
    return True


def _scan(fn: str, kinds: str, exact: bool) -> Op:
    """cumsum/cumprod/cummax/cummin along a random dim (ints and bools scan in int64)."""

    def op(b: Builder) -> bool:
        x = b.pick(lambda v: _kind(v) in kinds and len(v.shape) >= 1 and (v.exact or not exact))
        if x is None:
            return False
        dim = b.rng.randrange(len(x.shape))
        if fn in ("cummax", "cummin"):
            b.emit(f"torch.{fn}({x.name}, {dim}).values", x.dtype, x.shape, x.exact)
            return True
        dtype = x.dtype if x.is_float else torch.int64
        b.emit(f"torch.{fn}({x.name}, {dim})", dtype, x.shape, exact and x.exact)
        return True

    return op


OPS: dict[str, Op] = {
    "exp": _unary_float("exp"),
    "log": _unary_float("log", safe=True),
    "sqrt": _unary_float("sqrt", safe=True),
    "sin": _unary_float("sin"),
    "tanh": _unary_float("tanh"),
    "sigmoid": _unary_float("sigmoid"),
    "rsqrt": _unary_float("rsqrt", safe=True),
    "neg": _exact_unary("torch.neg", "fi"),
    "abs": _exact_unary("torch.abs", "fi"),
    "relu": _exact_unary("torch.relu", "fi"),
    "bitwise_not": _exact_unary("torch.bitwise_not", "ib"),
    "logical_not": _exact_unary("torch.logical_not", "fib", torch.bool),
    "floor": _rounding("floor"),
    "ceil": _rounding("ceil"),
    "round": _rounding("round"),
    "add": _binary("torch.add"),
    "sub": _binary("torch.sub", "fi", partners="fi"),  # (eager refuses a bool operand)
    "mul": _binary("torch.mul"),
    "div": _binary("torch.div", "f"),
    "maximum": _binary("torch.maximum", "fib", exact=True, tensor=True),
    "minimum": _binary("torch.minimum", "fib", exact=True, tensor=True),
    "bitwise_and": _binary("torch.bitwise_and", "ib", exact=True, partners="ib"),
    "bitwise_or": _binary("torch.bitwise_or", "ib", exact=True, partners="ib"),
    "eq": _compare("eq"),
    "lt": _compare("lt"),
    "ge": _compare("ge"),
    "ne": _compare("ne"),
    "cast": _cast,
    "where": _where,
    "sum": _reduction("sum", "fib", exact=False),
    "mean": _reduction("mean", "f", exact=False),
    "amax": _reduction("amax", "fib", exact=True),
    "amin": _reduction("amin", "fi", exact=True),
    "prod": _reduction("prod", "ib", exact=False),
    "var": _reduction("var", "f", exact=False),
    "any": _reduction("any", "fib", exact=True, out=torch.bool),
    "all": _reduction("all", "fib", exact=True, out=torch.bool),
    "argmax": _reduction("argmax", "i", exact=True, out=torch.int64),
    "softmax": _softmax("softmax"),
    "log_softmax": _softmax("log_softmax"),
    "transpose": _transpose,
    "slice": _slice,
    "slice_rows": _slice_rows,
    "flip": _flip,
    "reshape": _reshape,
    "expand": _unsqueeze_expand,
    "matmul": _matmul,
    "index": _index,
    "gather": _gather,
    "cat": _cat,
    "cumsum": _scan("cumsum", "fib", exact=False),
    "cumsum_int": _scan("cumsum", "ib", exact=True),
    "cummax": _scan("cummax", "fi", exact=True),
    "cummin": _scan("cummin", "fi", exact=True),
    "power": _power,
    "floor_divide": _int_division('torch.div({x}, {c}, rounding_mode="floor")'),
    "remainder": _int_division("torch.remainder({x}, {c})"),
    "clamp": _clamp,
    "roll": _roll,
    "repeat_interleave": _repeat_interleave,
    "sort": _sort_values,
    "masked_fill": _masked_fill,
    "index_select": _index_select,
    "scatter_add": _scatter_add,
}
"""Op name -> generator; a new op is one entry."""


@dataclass
class Program:
    seed: int
    inputs: list[tuple[torch.dtype, tuple[int, ...]]]
    source: str
    tolerances: list[torch.dtype | None] = field(default_factory=list)
    """Per output, the dtype whose tolerance it is compared with (its least precise)."""

    def function(self) -> Callable[..., Any]:
        scope: dict[str, Any] = {"torch": torch}
        exec(compile(self.source, f"<fuzz program {self.seed}>", "exec"), scope)  # noqa: S102
        return scope["program"]

    def make_inputs(self, grown: bool = False) -> list[torch.Tensor]:
        """The inputs, drawn from the program's seed; `grown`: each size of 2 or more
        replaced by a larger one (`GROWN`), the same for equal sizes, so sizes that
        matched still match."""
        g = torch.Generator().manual_seed(self.seed)
        out = []
        for dtype, shape in self.inputs:
            if grown:
                shape = tuple(GROWN.get(n, n) for n in shape)
            if dtype == torch.bool:
                out.append(torch.randint(0, 2, shape, generator=g).bool())
            elif dtype.is_floating_point:
                scale = float(torch.randint(1, 4, (), generator=g))
                out.append((torch.randn(shape, generator=g) * scale).to(dtype))
            else:
                out.append(torch.randint(-8, 9, shape, generator=g).to(dtype))
        return out


def generate(seed: int) -> Program:
    """A random program of 1-3 inputs and 2-8 ops, the same for the same seed."""
    rng = random.Random(seed)
    b = Builder(rng)
    inputs = []
    rank = rng.choice([0, 1, 2, 2, 3])
    base = tuple(rng.choice(SIZES) for _ in range(rank))
    for i in range(rng.randint(1, 3)):
        shape = base if i == 0 or rng.random() < 0.7 else base[1:]
        dtype = rng.choice(DTYPES)
        inputs.append((dtype, shape))
        b.values.append(Value(f"x{i}", dtype, shape, exact=True))
    n_inputs = len(b.values)
    names = list(OPS)
    while len(b.values) - n_inputs < rng.randint(2, 8):
        OPS[rng.choice(names)](b)

    # every value no later op reads is an output, so no op is dead code
    def read_later(name: str) -> bool:
        at = next(i for i, line in enumerate(b.lines) if line.startswith(f"{name} = "))
        return any(re.search(rf"\b{name}\b", line) for line in b.lines[at + 1 :])

    outs = [v.name for v in b.values[n_inputs:] if not read_later(v.name)]
    params = ", ".join(v.name for v in b.values[:n_inputs])
    body = "".join(f"    {line}\n" for line in b.lines)
    source = f"def program({params}):\n{body}    return ({', '.join(outs)},)\n"
    by_name = {v.name: v for v in b.values}
    return Program(seed, inputs, source, [by_name[o].loosest for o in outs])


@dataclass
class Outcome:
    program: Program
    status: str  # "ok" | "wrong" | "crash" | "skipped"
    detail: str = ""


def _dynamo_can_run(fn: Callable[..., Any], program: Program, mode: str) -> bool:
    """Whether PyTorch alone runs the program in `mode`: Dynamo (backend `eager`), and for
    training AOTAutograd too (`aot_eager`). When it does not, a failure is PyTorch's, not
    stepwell's."""
    import torch._dynamo

    torch._dynamo.reset()
    backend = "aot_eager" if mode == "train" else "eager"
    try:
        _call(torch.compile(fn, backend=backend, dynamic=mode == "dynamic"), program, mode)
    except Exception:  # noqa: BLE001 - any failure of PyTorch alone
        return False
    return True


def _call(fn: Callable[..., Any], program: Program, mode: str, grown: bool = False) -> Any:
    """`fn`'s results on the program's inputs; in training, followed by the gradients of
    `sum(w_i * out_i)` over the float outputs (w_i drawn from the seed) with respect to
    each input (None where an input is not float or gets no gradient)."""
    inputs = program.make_inputs(grown)
    if mode != "train":
        return fn(*inputs)
    leaves = [x.requires_grad_() if x.is_floating_point() else x for x in inputs]
    outs = fn(*leaves)
    g = torch.Generator().manual_seed(program.seed + 1)
    terms = [(o.to(_widest(o.dtype)) * torch.randn(o.shape, generator=g)).sum() for o in outs
             if isinstance(o, torch.Tensor) and o.requires_grad]  # fmt: skip
    if terms:
        sum(terms).backward()
    detached = tuple(o.detach() if isinstance(o, torch.Tensor) else o for o in outs)
    return (*detached, *(x.grad if x.requires_grad else None for x in leaves))


def _tie_routing_forgiven(program: Program, expected: tuple[Any, ...], got: tuple[Any, ...],
                         tolerances: list[torch.dtype | None], grown: bool) -> tuple[Any, ...]:
    """`got` with each input gradient that differs from eager's only by where it sends
    the gradient among equal inputs replaced by eager's. `sort`, `topk`, `max(x, dim)`
    and `cummax` are not differentiable at ties: any tied input may take an output's
    gradient, and eager's choice follows its kernel's tie order (seed 20337: a float16
    `sort` of 336 values, 4 pairs of ties, each pair's gradients swapped). Such a
    gradient has, for each value of the input, the same multiset of gradients as eager's."""
    n = len(program.inputs)
    inputs = program.make_inputs(grown)
    fixed = list(got)
    for k, x in enumerate(inputs):
        i = len(expected) - n + k
        e, g = expected[i], got[i]
        if not (isinstance(e, torch.Tensor) and isinstance(g, torch.Tensor)) or e.shape != g.shape:
            continue
        tol = tolerances[i:i + 1]
        if mismatch(e, g, tolerances=tol) is None:
            continue
        flat, ef, gf = x.detach().flatten(), e.flatten(), g.flatten()
        if all(mismatch(ef[flat == v].sort().values, gf[flat == v].sort().values,
                        tolerances=tol) is None for v in flat.unique()):  # fmt: skip
            fixed[i] = e
    return tuple(fixed)


def _eager_runs_grown(fn: Callable[..., Any], program: Program) -> bool:
    """Whether eager runs the program at grown sizes (a literal size, as in a `reshape`,
    can make it refuse them)."""
    try:
        _call(fn, program, "dynamic", grown=True)
    except Exception:  # noqa: BLE001 - eager refuses: the program is tested at one size
        return False
    return True


def _widest(dtype: torch.dtype) -> torch.dtype:
    """float64 for float64 (the float64 second opinion), float32 for the other floats."""
    return torch.float64 if dtype == torch.float64 else torch.float32


def run(program: Program, mode: str = "static") -> Outcome:
    """Run `program` eagerly and through torch.compile(backend="stepwell") in `mode` (one
    of `MODES`); compare. Under `dynamic`, a second call at grown sizes is compared too
    when eager runs it."""
    import torch._dynamo

    fn = program.function()
    try:
        expected = _call(fn, program, mode)
    except Exception as e:  # noqa: BLE001 - an invalid program is not a test
        return Outcome(program, "skipped", f"{type(e).__name__}: {e}")
    tolerances = program.tolerances
    if mode == "train":  # a gradient has the precision of the least precise value
        loosest = min((t for t in tolerances if t is not None), key=PRECISION.index,
                      default=None)  # fmt: skip
        tolerances = [*tolerances, *[loosest] * len(program.inputs)]
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=mode == "dynamic")
    calls = [False, True] if mode == "dynamic" and _eager_runs_grown(fn, program) else [False]
    for grown in calls:
        if grown:
            expected = _call(fn, program, mode, grown=True)
        try:
            got = _call(compiled, program, mode, grown)
        except Exception as e:  # noqa: BLE001 - a crash is what the fuzzer looks for
            cause = getattr(e, "inner_exception", None) or e.__cause__ or e
            text = (str(cause).strip().splitlines() or [""])[0][:300]
            if not _dynamo_can_run(fn, program, mode):
                return Outcome(program, "skipped", f"PyTorch itself fails: {text}")
            return Outcome(program, "crash", f"{type(cause).__name__}: {text}"
                           + (" (at grown sizes)" if grown else ""))  # fmt: skip
        if mode == "train":  # (a gradient routed to another of tied inputs is right too)
            got = _tie_routing_forgiven(program, expected, got, tolerances, grown)
        problem = mismatch(expected, got, tolerances=tolerances)
        if problem is not None and _matches_float64(fn, program, expected, got, mode, grown,
                                                   tolerances):  # fmt: skip
            problem = None
        if problem is not None:
            return Outcome(program, "wrong", problem + (" (at grown sizes)" if grown else ""))
    return Outcome(program, "ok")


def _matches_float64(fn: Callable[..., Any], program: Program, expected: Any, got: Any,
                     mode: str = "static", grown: bool = False,
                     tolerances: list[torch.dtype | None] | None = None) -> bool:  # fmt: skip
    """Does every output that differs from eager match the program run in float64 (float
    inputs widened, each output rounded back to eager's dtype) within its tolerance?

    A half-precision intermediate rounds where eager's kernel and a fused one compute it
    apart, and math after it can make that one ulp larger than the output's tolerance:
    bf16 `sin(log_softmax(x))` at a log-probability of -10.03 is `sin(-10.0)` rounded
    correctly and `sin(-10.0625)` by eager's kernel, 0.05 apart. A result is wrong only if
    it is far from both eager and the float64 answer."""
    if not isinstance(expected, tuple) or not isinstance(got, tuple | list):
        return False
    tolerances = program.tolerances if tolerances is None else tolerances

    def wide(*xs: Any) -> Any:
        return fn(*(x.double() if x.is_floating_point() else x for x in xs))

    try:
        reference = _call(wide, program, mode, grown)
    except Exception:  # noqa: BLE001 - no second opinion: eager's answer stands
        return False
    if not isinstance(reference, tuple) or not len(reference) == len(expected) == len(got):
        return False
    for i, (e, g, r) in enumerate(zip(expected, got, reference, strict=True)):
        tol = tolerances[i:i + 1] if i < len(tolerances) else []
        if mismatch(e, g, tolerances=tol) is None:
            continue
        if not (isinstance(e, torch.Tensor) and isinstance(r, torch.Tensor)) or r.shape != e.shape:
            return False
        if mismatch(r.to(e.dtype), g, tolerances=tol) is not None:
            return False
    return True
