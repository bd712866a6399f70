"""Attribute codecs: a torch/prims op's properties back to the Python values its ATen
overload takes (`decode`), and the whole call (`call_arguments`). The frontend's
`NodeImporter` is the encoder; the interpreters, decomposition and the prims verifier
decode through here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import torch
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    NoneAttr,
    NoneType,
    StringAttr,
)
from xdsl.ir import Attribute

from stepwell.dialects.torch_support import SymAttr, TorchOp
from stepwell.ir.callees import resolve_callee
from stepwell.ir.types import torch_dtype


def decode(attr: Attribute, type_str: str = "", syms: Sequence[Any] = ()) -> Any:
    """A property back to the Python value an ATen argument of type `type_str` takes."""
    base = type_str.removeprefix("Optional[").removesuffix("]") if type_str else ""
    if isinstance(attr, SymAttr):
        return syms[attr.index.data]
    if isinstance(attr, NoneAttr | NoneType):
        return None
    if isinstance(attr, IntegerAttr):
        value = cast(IntegerAttr, attr)
        width = (
            cast(IntegerType, value.type).width.data if isinstance(value.type, IntegerType) else 64
        )
        return bool(value.value.data) if width == 1 else int(value.value.data)
    if isinstance(attr, FloatAttr):
        return float(cast(FloatAttr, attr).value.data)
    if isinstance(attr, StringAttr):
        s = attr.data
        if base == "Device":
            return torch.device(s)
        if base in ("Layout", "MemoryFormat"):
            return getattr(torch, s)
        return s
    if isinstance(attr, ArrayAttr):
        inner = base[len("List[") : -1] if base.startswith("List[") else ""
        return [decode(a, inner, syms) for a in cast(ArrayAttr[Attribute], attr).data]
    if isinstance(attr, DictionaryAttr):
        return {k: decode(v, "", syms) for k, v in attr.data.items()}
    return torch_dtype(attr)  # an element type standing for a dtype


def call_arguments(op: TorchOp, values: Sequence[Any]) -> dict[str, Any]:
    """Keyword arguments for the op's overload, from operand values and properties."""
    schema = resolve_callee(op.OVERLOAD)._schema
    groups: dict[str, list[Any]] = {}
    start = 0
    for name, ssa in op.operand_groups():
        groups[name] = list(values[start : start + len(ssa)])
        start += len(ssa)
    tensor_groups = iter([v for n, v in groups.items() if n != "sym_args"])
    syms = groups.get("sym_args", [])
    kwargs: dict[str, Any] = {}
    for arg in schema.arguments:
        t = str(arg.real_type)
        if t in ("Tensor", "Optional[Tensor]", "List[Tensor]", "List[Optional[Tensor]]"):
            vals = next(tensor_groups)
            if t == "Tensor":
                kwargs[arg.name] = vals[0]
            elif t == "Optional[Tensor]":
                kwargs[arg.name] = vals[0] if vals else None
            elif t == "List[Tensor]":
                kwargs[arg.name] = vals
            else:
                layout = op.properties.get(arg.name)
                kwargs[arg.name] = (
                    [
                        None if isinstance(x, NoneAttr | NoneType) else vals[decode(x)]
                        for x in layout.data
                    ]
                    if isinstance(layout, ArrayAttr)
                    else vals
                )
        elif arg.name in op.properties:
            kwargs[arg.name] = decode(op.properties[arg.name], t, syms)
    return kwargs
