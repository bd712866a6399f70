"""Mapping between PyTorch dtypes/shapes and MLIR builtin types.

A tensor value is a builtin `tensor<...>`: static dims are integers, dynamic dims are `?`
and the type's encoding lists the symbol of each `?` in order, so the relation between
shapes survives the IR: `tensor<?x64x?xf32, ["s0", "s1"]>`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any, cast

import numpy
import torch
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    BFloat16Type,
    ComplexType,
    DictionaryAttr,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
    Float8E8M0FNUType,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    NoneAttr,
    Signedness,
    StringAttr,
    TensorType,
    bf16,
    f8E4M3FN,
    f8E4M3FNUZ,
    f8E5M2,
    f8E5M2FNUZ,
    f8E8M0FNU,
    f16,
    f32,
    f64,
    i1,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation

from stepwell.ir.sizes import Size, SizeError, parse_size, simplify, size_text

ui8 = IntegerType(8, Signedness.UNSIGNED)
ui16 = IntegerType(16, Signedness.UNSIGNED)
ui32 = IntegerType(32, Signedness.UNSIGNED)
ui64 = IntegerType(64, Signedness.UNSIGNED)

_DTYPES: tuple[tuple[torch.dtype, Attribute], ...] = (
    (torch.float64, f64),
    (torch.float32, f32),
    (torch.float16, f16),
    (torch.bfloat16, bf16),
    (torch.int64, i64),
    (torch.int32, i32),
    (torch.int16, i16),
    (torch.int8, i8),
    (torch.uint8, ui8),
    (torch.bool, i1),
    # exotic: imported and run through ATen op by op (see `is_exotic`)
    (torch.complex128, ComplexType(f64)),
    (torch.complex64, ComplexType(f32)),
    (torch.complex32, ComplexType(f16)),
    (torch.uint64, ui64),
    (torch.uint32, ui32),
    (torch.uint16, ui16),
    (torch.float8_e4m3fn, f8E4M3FN),
    (torch.float8_e5m2, f8E5M2),
    (torch.float8_e4m3fnuz, f8E4M3FNUZ),
    (torch.float8_e5m2fnuz, f8E5M2FNUZ),
    (torch.float8_e8m0fnu, f8E8M0FNU),
)
_TO_ELEMENT = dict(_DTYPES)
_TO_DTYPE = {str(t): d for d, t in _DTYPES}


class UnsupportedTypeError(ValueError):
    """A dtype or value that has no MLIR encoding in stepwell."""


def element_type(dtype: torch.dtype) -> Attribute:
    """The MLIR element type of a torch dtype (`torch.float32` -> `f32`)."""
    try:
        return _TO_ELEMENT[dtype]
    except KeyError:
        supported = ", ".join(str(d).removeprefix("torch.") for d, _ in _DTYPES)
        raise UnsupportedTypeError(
            f"dtype {dtype} is not supported (supported: {supported})"
        ) from None


def torch_dtype(element: Attribute) -> torch.dtype:
    """The torch dtype of an MLIR element type (`f32` -> `torch.float32`)."""
    try:
        return _TO_DTYPE[str(element)]
    except KeyError:
        raise UnsupportedTypeError(f"element type {element} has no torch dtype") from None


def converted_number(value: float, dtype: torch.dtype) -> float:
    """The Python number `value` as eager converts it to float type `dtype`: through
    float32 for the 16-bit types, rounding to nearest even (c10's conversion). Computed
    with numpy, not torch: a decomposition calls this while make_fx traces it, where a
    torch tensor would be a traced constant (and a fake tensor rejects it)."""
    if dtype == torch.float64:
        return float(value)
    with numpy.errstate(over="ignore"):
        single = numpy.float32(value)
    if dtype == torch.float32:
        return float(single)
    if dtype == torch.float16:
        with numpy.errstate(over="ignore"):
            return float(numpy.float16(single))
    if dtype == torch.bfloat16:
        if numpy.isnan(single):
            return float(single)
        bits = int(single.view(numpy.uint32))
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000  # (to nearest, ties to even)
        return float(numpy.uint32(bits).view(numpy.float32))
    return float(torch.tensor(float(value), dtype=torch.float64).to(torch.float32).to(dtype))


def float_constant(value: float, dtype: torch.dtype) -> float:
    """The Python number `value` converted to float type `dtype` as eager converts one
    (through float32 for the 16-bit types, rounding to nearest): past the largest finite
    value by half an ulp or more it is an infinity, closer it is that largest value
    (`where(h > 0, 65519.0, h)` of a float16 `h` gives 65504, `65520.0` gives inf). Only
    a number past the largest finite value needs the conversion: packing the constant
    into the kernel rounds the others alike."""
    if dtype == torch.float64 or not math.isfinite(value) or abs(value) <= torch.finfo(dtype).max:
        return value
    return converted_number(value, dtype)


def is_float(element: Attribute) -> bool:
    return isinstance(element, Float16Type | BFloat16Type | Float32Type | Float64Type)


_FLOAT8 = (
    Float8E4M3FNType,
    Float8E5M2Type,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E8M0FNUType,
)


def is_exotic(element: Attribute) -> bool:
    """An element type that stepwell imports but does not compute with: complex, unsigned
    wider than 8 bits, float8. An op reading or producing one stays a whole ATen call
    (`prims.extern`) and never enters a kernel."""
    if isinstance(element, IntegerType):
        return element.signedness.data == Signedness.UNSIGNED and element.width.data > 8
    return isinstance(element, (ComplexType, *_FLOAT8))


def has_exotic_types(op: Operation) -> bool:
    """Does `op` read or produce a tensor (or scalar) of an exotic element type?"""
    for v in (*op.operands, *op.results):
        t = v.type
        if is_exotic(t.element_type if isinstance(t, TensorType) else t):
            return True
    return False


def tensor_type(shape: Sequence[int | torch.SymInt], dtype: torch.dtype) -> TensorType[Attribute]:
    """`tensor<...>` for a (possibly symbolic) shape; symbols go into the encoding."""
    dims: list[int] = []
    symbols: list[StringAttr] = []
    for d in shape:
        if isinstance(d, torch.SymInt):
            static = d.node.maybe_as_int()
            expr = None if static is not None else simplified_size(d)
            if expr is not None and expr.is_Integer:
                static = int(expr)
            if static is not None:
                dims.append(int(static))
                continue
            dims.append(DYNAMIC_INDEX)
            symbols.append(StringAttr(canonical_size_text(str(expr))))
        else:
            dims.append(int(d))
    encoding: Attribute = ArrayAttr(symbols) if symbols else NoneAttr()
    return TensorType(element_type(dtype), dims, encoding)


def simplified_size(d: torch.SymInt) -> Any:
    """`d`'s expression, simplified over what its shape environment knows now, the ranges
    and equalities of guards recorded after the size was made: MPT's ALiBi slice has the
    size `64 - Max(0, 64 - s0)`, which Dynamo's guard `Eq(s0, 64 - Max(0, 64 - s0))`
    makes `s0`, the size of the scores it is added to (the graph runs only where its
    guards hold)."""
    env, expr = d.node.shape_env, d.node.expr
    if env is None or expr.is_Symbol:
        return expr
    try:
        equalities = guarded_equalities(env)
        # (before the environment's simplification too, which may respell a guard's side:
        # `s0//6` of a multiple of 6 becomes a `CleanDiv`, and `Eq(s0//(2*(s0//6)), 3)`
        # of `view(2, -1, 3)` no longer matches)
        return _replaced(env.simplify(_replaced(expr, equalities)), equalities)
    except Exception:  # noqa: BLE001 - (sympy refusing an expression: keep it as it is)
        return d.node.expr


def _replaced(expr: Any, equalities: dict[Any, Any]) -> Any:
    """`expr` with each side of `equalities` found in it replaced by the simpler one."""
    for _ in range(4):  # (a simpler side may itself equal a simpler one still)
        simpler = expr.xreplace(equalities)
        if simpler == expr:
            break
        expr = simpler
    return expr


def guarded_equalities(env: Any) -> dict[Any, Any]:
    """`{expression: simpler}` for each guard `Eq(a, b)` of `env` between sizes, the
    side with more to it mapped to the simpler one (`_simplicity`): a symbol the
    environment keeps (one it replaced, by `2*s1` say, names no size the graph's
    arguments give) for `Eq(s0, 64 - Max(0, 64 - s0))`; a constant for `Eq(s0//(s0//2),
    2)`, which a view splitting `s0` in pairs leaves; the shorter expression for the two
    halves of a `chunk(2)` of `s0` that meet (`Eq(s0 - (s0 + 1)//2, (s0 + 1)//2)`)."""
    import sympy

    found: dict[Any, Any] = {}
    for guard in env.guards:
        if not isinstance(guard.expr, sympy.Eq):
            continue
        simpler, other = sorted(guard.expr.args, key=_simplicity)
        if (other.is_Symbol or not other.free_symbols or other in found
                or simpler.free_symbols & set(env.replacements)):  # fmt: skip
            continue
        found[other] = simpler
    return found


def _simplicity(size: Any) -> tuple[Any, ...]:
    """Sorts a constant first, then a symbol, then expressions by their operations."""
    import sympy

    return (not size.is_Integer, not size.is_Symbol, sympy.count_ops(size), len(str(size)),
            str(size))  # fmt: skip


def size_hints(values: Sequence[object]) -> dict[str, int]:
    """The example value of each size symbol of `values` (FX `meta["val"]`s: fake tensors
    with symbolic sizes, symbolic scalars), by name: what the symbol was when the graph
    was traced (Dynamo's hint). Block sizes are chosen for these; correctness never
    depends on them (masks, grids and loops are computed from the actual sizes)."""
    hints: dict[str, int] = {}
    for v in values:
        dims = list(v.shape) if isinstance(v, torch.Tensor) else [v]
        for d in dims:
            if not isinstance(d, torch.SymInt):
                continue
            hint = getattr(d.node, "hint", None)
            for symbol in d.node.expr.free_symbols:
                if d.node.expr == symbol and isinstance(hint, int):
                    hints.setdefault(str(symbol), int(hint))
                elif str(symbol) not in hints and d.node.shape_env is not None:
                    value = d.node.shape_env.var_to_val.get(symbol)
                    if value is not None:
                        hints[str(symbol)] = int(value)
    return hints


def size_ranges(values: Sequence[object]) -> dict[str, tuple[int, int]]:
    """The value range the shape environment of `values` (FX `meta["val"]`s) holds for
    each of their plain size symbols, where it is narrower than a size's (2 up to an
    int64: Dynamo specializes 0 and 1): what Dynamo's guards bound (`s0 <= 64` once a
    slice of a 64-row buffer guarded on it)."""
    from torch.utils._sympy.numbers import IntInfinity, NegativeIntInfinity

    ranges: dict[str, tuple[int, int]] = {}
    for v in values:
        dims = list(v.shape) if isinstance(v, torch.Tensor) else [v]
        for d in dims:
            if not isinstance(d, torch.SymInt) or d.node.shape_env is None:
                continue
            expr = d.node.expr
            found = d.node.shape_env.var_to_range.get(expr) if expr.is_Symbol else None
            if found is None:
                continue
            if isinstance(found.lower, NegativeIntInfinity) or not found.lower.is_finite:
                continue  # (an integer argument, not a size: no range of a size to say)
            lower = int(found.lower)
            upper = found.upper
            top = MAX_SIZE if isinstance(upper, IntInfinity) or not upper.is_finite else int(upper)
            if (lower > 2 or top < MAX_SIZE) and lower <= top:
                ranges[str(expr)] = (max(lower, 2), min(top, MAX_SIZE))
    return ranges


def size_equalities(values: Sequence[object]) -> dict[str, str]:
    """`{expression: simpler}` for each equality Dynamo's guards hold between sizes over
    the symbols of `values` (FX `meta["val"]`s; `guarded_equalities`), in stepwell's
    spelling: a decomposition traced at those symbols may make the expression where the
    graph's types say the simpler size (`SIZE_EQUALITIES`)."""
    env = next((d.node.shape_env for v in values
                for d in (list(v.shape) if isinstance(v, torch.Tensor) else [v])
                if isinstance(d, torch.SymInt) and d.node.shape_env is not None), None)  # fmt: skip
    found: dict[str, str] = {}
    for expr, simpler in (guarded_equalities(env) if env is not None else {}).items():
        try:
            found[size_text(parse_size(str(expr)))] = size_text(parse_size(str(simpler)))
        except SizeError:
            continue  # (outside the size grammar: never in a type)
    return found


SIZE_EQUALITIES = "stepwell.size_equalities"
"""The function attribute holding `size_equalities`: `{"64 - Max(0, 64 - s0)" = "s0"}`."""


def equalities_of(func: Operation) -> dict[str, str]:
    """The size equalities a function carries (`SIZE_EQUALITIES`); {} when it has none."""
    attr = func.attributes.get(SIZE_EQUALITIES)
    if not isinstance(attr, DictionaryAttr):
        return {}
    return {k: v.data for k, v in attr.data.items() if isinstance(v, StringAttr)}


def with_equalities(t: Attribute, equalities: dict[str, str]) -> Attribute:
    """`t` with each `?` dim spelled with the sizes `equalities` makes its expressions
    (the dim, or a part of it: `(s0//2) + 1` once `s0//2` is 1); a static dim where that
    is a constant."""
    if not equalities or not isinstance(t, TensorType) or not isinstance(t.encoding, ArrayAttr):
        return t
    tt = cast(TensorType[Attribute], t)
    names = iter(tt.encoding.data)
    dims: list[int] = []
    symbols: list[Attribute] = []
    for d in tt.get_shape():
        name = next(names, None) if d == DYNAMIC_INDEX else None
        if not isinstance(name, StringAttr):
            dims.append(d)
            if name is not None:
                symbols.append(name)
            continue
        spelled = _spelled_with(name.data, tuple(sorted(equalities.items())))
        if isinstance(spelled, int):
            dims.append(spelled)
        else:
            dims.append(DYNAMIC_INDEX)
            symbols.append(StringAttr(spelled))
    return TensorType(tt.element_type, dims, ArrayAttr(symbols) if symbols else NoneAttr())


@functools.lru_cache(maxsize=4096)
def _spelled_with(name: str, equalities: tuple[tuple[str, str], ...]) -> int | str:
    """The size `name` spells, its parts that `equalities` names replaced: an int when
    that leaves a constant, else its text (`name` itself where nothing changes)."""
    if dict(equalities).get(name) is not None:
        name = dict(equalities)[name]
    try:
        size = parse_size(name)
        subs = {parse_size(k): parse_size(v) for k, v in equalities}
    except SizeError:
        return name
    if isinstance(size, int):
        return size
    replaced = simplify(size.xreplace(subs))
    return replaced if isinstance(replaced, int) else size_text(replaced)


MAX_SIZE = (1 << 63) - 2
"""The largest size a range holds (an int64, less the one `x[:9223372036854775807]` is)."""

SIZE_RANGES = "stepwell.size_ranges"
"""The function attribute holding `size_ranges`: `{s0 = [2 : i64, 64 : i64]}`."""


def ranges_attribute(ranges: dict[str, tuple[int, int]]) -> DictionaryAttr:
    return DictionaryAttr({k: ArrayAttr([IntegerAttr(lo, 64), IntegerAttr(hi, 64)])
                           for k, (lo, hi) in sorted(ranges.items())})  # fmt: skip


def ranges_of(func: Operation) -> dict[str, tuple[int, int]]:
    """The size ranges a function carries (`SIZE_RANGES`); {} when it has none."""
    attr = func.attributes.get(SIZE_RANGES)
    if not isinstance(attr, DictionaryAttr):
        return {}
    out: dict[str, tuple[int, int]] = {}
    for k, v in attr.data.items():
        if isinstance(v, ArrayAttr) and len(v.data) == 2 and all(
            isinstance(b, IntegerAttr) for b in v.data
        ):
            lo, hi = (cast(IntegerAttr, b).value.data for b in v.data)
            out[k] = (lo, hi)
    return out


SIZE_HINTS = "stepwell.size_hints"
"""The function attribute holding `size_hints`: `{s0 = 64 : i64}`."""


def hints_attribute(hints: dict[str, int]) -> DictionaryAttr:
    return DictionaryAttr({k: IntegerAttr(v, 64) for k, v in sorted(hints.items())})


def hints_of(func: Operation) -> dict[str, int]:
    """The size hints a function carries (`SIZE_HINTS`); {} when it has none."""
    attr = func.attributes.get(SIZE_HINTS)
    if not isinstance(attr, DictionaryAttr):
        return {}
    return {k: v.value.data for k, v in attr.data.items() if isinstance(v, IntegerAttr)}


def canonical_size_text(text: str) -> str:
    """One spelling per size (`size_text`), so types with equal sizes are equal; text
    outside the size grammar stays as it is (the value is then not lowered symbolically)."""
    try:
        return size_text(parse_size(text))
    except SizeError:
        return text


def tensor_sizes(t: Attribute) -> list[Size]:
    """The sizes of a tensor type, each `?` as the expression its encoding names."""
    tt = cast(TensorType[Attribute], t)
    names = iter(dynamic_names(tt))
    return [d if d >= 0 else parse_size(next(names, "?")) for d in tt.get_shape()]


def has_sizes(t: Attribute) -> bool:
    """Is `t` a tensor type whose `?` dims all name sizes stepwell can compute?"""
    if not isinstance(t, TensorType):
        return False
    try:
        tensor_sizes(t)
    except SizeError:
        return False
    return True


def dynamic_names(t: TensorType[Attribute]) -> list[str]:
    """The encoding's expression text for each `?` dim of `t` (none if it names none)."""
    enc = t.encoding
    if isinstance(enc, ArrayAttr) and all(isinstance(a, StringAttr) for a in enc.data):
        return [cast(StringAttr, a).data for a in enc.data]
    return []


def plain_symbols(t: Attribute) -> set[str]:
    """The symbols a value of type `t` binds: its `?` dims that are a symbol alone."""
    if not isinstance(t, TensorType):
        return set()
    return {n for n in dynamic_names(t) if n.isidentifier()}


def symbol_binds(types: Sequence[Attribute]) -> list[list[Any]]:
    """`[input, dim, name]` for each dim of a launch's input types that is a symbol alone
    (what `sizes.bind_symbols` reads the symbols' values from)."""
    return [
        [i, d, size_text(size)]
        for i, t in enumerate(types)
        if isinstance(t, TensorType)
        for d, size in enumerate(tensor_sizes(t))
        if not isinstance(size, int) and size.is_Symbol
    ]


def sized_tensor_type(sizes: Sequence[Size], element: Attribute) -> TensorType[Attribute]:
    """`tensor<...>` of `sizes`, an expression size as `?` named in the encoding."""
    dims = [d if isinstance(d, int) else DYNAMIC_INDEX for d in sizes]
    names = [StringAttr(size_text(d)) for d in sizes if not isinstance(d, int)]
    return TensorType(element, dims, ArrayAttr(names) if names else NoneAttr())


def type_of_value(value: object) -> Attribute:
    """The MLIR type of an FX node's `meta["val"]`: a (fake) tensor or a symbolic scalar."""
    if isinstance(value, torch.Tensor):
        return tensor_type(value.shape, value.dtype)
    if isinstance(value, bool | torch.SymBool):
        return i1
    if isinstance(value, int | torch.SymInt):
        return i64
    if isinstance(value, float | torch.SymFloat):
        return f64
    raise UnsupportedTypeError(f"no MLIR type for a value of type {type(value).__name__}")


def int_array(values: Sequence[int]) -> ArrayAttr[IntegerAttr]:
    """`[1 : i64, 2 : i64]`: the integer-list property every dialect uses."""
    return ArrayAttr([IntegerAttr(int(v), 64) for v in values])


def int_values(attr: Attribute) -> list[int]:
    """The integers of an integer-list property (see `int_array`)."""
    return [cast(IntegerAttr, a).value.data for a in cast(ArrayAttr[Attribute], attr).data]


OUTPUT_ORDERS = "stepwell.output_orders"
"""The function attribute holding each result's dim order as eager lays it out
(`strides.dim_order`), outermost dim first, `[]` for row-major: `[[1, 0], []]`. The
kernel that computes a result stores it in that order (convert-prims-to-tile)."""


def orders_attribute(orders: Sequence[Sequence[int] | None]) -> ArrayAttr[Attribute]:
    return ArrayAttr([ArrayAttr([IntegerAttr(d, 64) for d in o or ()]) for o in orders])


def orders_of(func: Operation) -> list[tuple[int, ...]]:
    """Each result's order (`OUTPUT_ORDERS`), () for row-major; [] without the attribute.
    A malformed entry (not a permutation of the result's dims) reads as row-major."""
    attr = func.attributes.get(OUTPUT_ORDERS)
    if not isinstance(attr, ArrayAttr):
        return []
    out: list[tuple[int, ...]] = []
    for entry in attr.data:
        dims = [d.value.data for d in entry.data if isinstance(d, IntegerAttr)] if isinstance(
            entry, ArrayAttr) else []  # fmt: skip
        out.append(tuple(dims) if sorted(dims) == list(range(len(dims))) else ())
    return out


WRITES = "stepwell.writes"
"""A result attribute: `-> (tensor<8xf32> {stepwell.writes = 2 : i64})` marks a result
that is the new value of argument 2 (an input the program mutates: an optimizer step's
parameters, a batch norm's running statistics, a KV cache). The caller does not get it:
the runtime stores it into that argument after the call (`writes.write_back`),
unless a kernel already wrote it there (write-inputs-in-place)."""


def function_writes(func: Operation) -> list[tuple[int, int]]:
    """The (result, argument) pairs of a `func.func`'s results marked `WRITES`, in result
    order. A mark that names no argument, or an argument another result writes, raises
    ValueError (IR text is input: it is checked, not trusted)."""
    attrs = getattr(func, "res_attrs", None)
    if not isinstance(attrs, ArrayAttr):
        return []
    block = func.regions[0].blocks.first if func.regions and func.regions[0].blocks else None
    n_args = len(block.args) if block is not None else 0
    pairs: list[tuple[int, int]] = []
    for r, d in enumerate(attrs.data):
        mark = d.data.get(WRITES) if isinstance(d, DictionaryAttr) else None
        if mark is None:
            continue
        if not isinstance(mark, IntegerAttr) or not 0 <= mark.value.data < n_args:
            raise ValueError(f"result {r}: {WRITES} must name an argument (0..{n_args - 1})")
        if any(a == mark.value.data for _, a in pairs):
            raise ValueError(f"result {r}: argument {mark.value.data} is written twice")
        pairs.append((r, mark.value.data))
    return pairs
