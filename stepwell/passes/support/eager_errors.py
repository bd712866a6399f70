"""Ops eager refuses, kept as ATen calls so that they raise eager's error at run time.

A decomposition computes what it can: PyTorch's tables do not repeat the checks of
eager's CPU kernels, and a kernel cannot raise. So `bool - int8`, an integer to a
negative power, `round(ints, decimals=1)`, `log_ndtr` of float16 or an integer bound of
`clamp` outside the dtype gave numbers where eager raises, and an integer division by
zero gave 0. An op for which `raises_in_eager` says so stays a `prims.extern`: ATen runs
it, and raises where eager does (or computes what eager computes, where the doubt was
about the values).

- a pointwise op (`torch.Tag.pointwise`, or `ALSO_POINTWISE`) is called once at
  compile time on one-element tensors of its operands' dtypes (zeros: a valid index,
  and a zero divisor only where it is the op's own number), with its own numbers; an
  error there is eager's error for every input (cached per call);
- an integer division or remainder by a tensor may divide by zero, which only the values
  decide (`INTEGER_DIVISIONS`), and so may one by a symbolic number (`SCALAR_DIVISIONS`);
- `topk` of a bool tensor and `index_copy` by an int32 index (not pointwise) are refused
  by eager whatever their sizes (`REFUSED_DTYPES`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, cast

import torch
from xdsl.dialects.builtin import (
    AnyFloat,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
    i1,
)
from xdsl.ir import Attribute, Operation

from stepwell.dialects.torch_support import OperatorOp, TorchOp
from stepwell.ir.callees import resolve_callee
from stepwell.ir.types import UnsupportedTypeError, is_float, torch_dtype

INTEGER_DIVISIONS = frozenset({
    "aten.floor_divide.default",
    "aten.remainder.Tensor",
    "aten.remainder.Scalar_Tensor",
    "aten.fmod.Tensor",
    "aten.div.Tensor_mode",
})
"""Overloads whose divisor is a tensor operand: over integers, a zero in it raises."""

SCALAR_DIVISIONS = frozenset({
    "aten.floor_divide.Scalar",
    "aten.remainder.Scalar",
    "aten.fmod.Scalar",
    "aten.div.Scalar_mode",
})
"""Overloads whose divisor is a number: one that is a symbol (`x % n` of an int argument
under `dynamic=True`) may be 0 at run time, which over integers raises: a check of the
number on the host (`zero_divisor_check`), the op still decomposed."""

REFUSED_DTYPES: dict[str, dict[int, tuple[torch.dtype, ...]]] = {
    "aten.topk.default": {0: (torch.bool,)},
    "aten.index_copy.default": {1: (torch.int32, torch.int16, torch.int8, torch.uint8)},
}
"""Overloads eager refuses for a dtype of the operand at a position, whatever the values
(not pointwise): `topk` of bools, `index_copy` by an index that is not int64."""

ALSO_POINTWISE = frozenset({"aten.floor_divide.Scalar", "aten.floor_divide.default"})
"""Elementwise overloads PyTorch does not tag `pointwise`."""


def raises_in_eager(op: Operation, name: str, run: Callable[..., Any],
                    seen: dict[tuple[Any, ...], bool]) -> bool:  # fmt: skip
    """May eager raise where a decomposition of `op` (`name`: `aten.x.overload`) would
    compute numbers? `run(*tensors)` calls the op with its own properties; `seen` keeps
    the answers of such calls (a model repeats its ops). An operand that is a number (a
    symbolic size or int argument: `x - x.shape[0]` of a bool `x`, `n % x`) is called
    with 1 (1.0 for a float)."""
    operand_types = (TensorType, IntegerType, AnyFloat)
    if not isinstance(op, TorchOp | OperatorOp) or not all(
            isinstance(v.type, operand_types) for v in op.operands):  # fmt: skip
        return False
    try:
        dtypes = tuple(torch_dtype(cast(TensorType[Attribute], v.type).element_type)
                       if isinstance(v.type, TensorType) else None
                       for v in op.operands)  # fmt: skip
    except UnsupportedTypeError:
        return False
    refused = REFUSED_DTYPES.get(name, {})
    if any(k < len(dtypes) and dtypes[k] in kinds for k, kinds in refused.items()):
        return True
    if name in INTEGER_DIVISIONS and len(dtypes) > 1 and not _floats(op):
        return True
    if not _pointwise(name):
        return False
    ranks = tuple(len(v.type.get_shape()) if isinstance(v.type, TensorType) else None
                  for v in op.operands)  # fmt: skip
    key = (name, dtypes, ranks, str(op.properties))
    if key not in seen:
        seen[key] = _refused(lambda: run(*[
            torch.zeros([1] * rank, dtype=dtype) if dtype is not None and rank is not None
            else 1.0 if isinstance(v.type, AnyFloat) else 1
            for v, rank, dtype in zip(op.operands, ranks, dtypes, strict=True)]))  # fmt: skip
    return seen[key]


def zero_divisor_check(op: Operation, name: str) -> list[Operation]:
    """For an integer tensor divided by a number that is an operand (a symbol: a constant
    0 is caught at compile time, by `raises_in_eager`'s call), host ops that raise eager's
    error when it is 0 at run time: `aten._assert_scalar(n != 0, "ZeroDivisionError")`,
    which costs no kernel. An empty list otherwise."""
    from stepwell.dialects.prims_support import ExternOp
    from stepwell.dialects.torch_support import SymAttr

    operands = list(op.operands)
    if (name not in SCALAR_DIVISIONS or len(operands) < 2 or _floats(op)
            or not isinstance(operands[0].type, TensorType)
            or isinstance(operands[1].type, TensorType)):  # fmt: skip
        return []
    nonzero = ExternOp("_operator.ne", [operands[1]], [i1],
                       [SymAttr(IntAttr(0)), IntegerAttr(0, 64)])
    check = ExternOp("aten._assert_scalar.default", [nonzero.results[0]], [],
                     [SymAttr(IntAttr(0)), StringAttr("ZeroDivisionError")])  # fmt: skip
    return [nonzero, check]


def _floats(op: Operation) -> bool:
    """Does `op` divide floats (its result a float: a zero divisor gives inf, no error)?"""
    result = op.results[0].type if op.results else None
    return isinstance(result, TensorType) and is_float(result.element_type)


@functools.cache
def _pointwise(name: str) -> bool:
    if name in ALSO_POINTWISE:
        return True
    try:
        target = resolve_callee(name)
    except Exception:  # noqa: BLE001 - a name with no overload: nothing to ask
        return False
    return torch.Tag.pointwise in getattr(target, "tags", ())


def _refused(call: Callable[[], Any]) -> bool:
    """Does `call` raise, run by eager's CPU kernels (outside any fake mode AOTAutograd
    compiles in, whose meta functions skip those checks)?"""
    from torch._subclasses.fake_tensor import unset_fake_temporarily

    try:
        with unset_fake_temporarily(), torch._guards.tracing(None), torch.no_grad():
            call()
    except Exception:  # noqa: BLE001 - whatever eager raises, it raises at run time too
        return True
    return False
