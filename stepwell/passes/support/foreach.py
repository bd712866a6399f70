"""Decompositions of ATen's `_foreach_*` ops (what optimizers call) into one op per tensor.

PyTorch has none (Inductor lowers them itself). `aten._foreach_add.List(xs, ys, alpha=a)`
is `[aten.add(x, y, alpha=a) for x, y in zip(xs, ys)]`: each one then decomposes to prims
as usual, and fusion puts the per-parameter chains of an optimizer step into a few
kernels. One rule covers every overload, read from its schema: a `Tensor[]` or `Scalar[]`
argument is indexed per tensor (so is the `Tensor scalars` of `addcmul/addcdiv.Tensor`,
one value per tensor), anything else is passed to every call unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

PER_TENSOR_TYPES = ("List[Tensor]", "List[number]", "List[Scalar]")


def _addcmul(x: Any, t1: Any, t2: Any, value: Any = 1) -> Any:
    return x + value * (t1 * t2)  # as torch._refs.addcmul computes it


def _addcdiv(x: Any, t1: Any, t2: Any, value: Any = 1) -> Any:
    return x + value * (t1 / t2)


def _maximum(x: Any, y: Any) -> Any:
    return torch.maximum(x, y) if isinstance(y, torch.Tensor) else torch.clamp_min(x, y)


def _minimum(x: Any, y: Any) -> Any:
    return torch.minimum(x, y) if isinstance(y, torch.Tensor) else torch.clamp_max(x, y)


def _norm(x: Any, ord: Any = 2, dtype: Any = None) -> Any:  # noqa: A002 - ATen's name
    return torch.linalg.vector_norm(x, ord, dtype=dtype)


def _powsum(x: Any, ord: Any = 2, dtype: Any = None) -> Any:  # noqa: A002 - ATen's name
    return x.abs().pow(ord).sum(dtype=dtype)


def _copy(x: Any, src: Any, non_blocking: bool = False) -> Any:
    return src.to(x.dtype).expand_as(x).clone()


PER_TENSOR_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "addcmul": _addcmul,
    "addcdiv": _addcdiv,
    "maximum": _maximum,
    "minimum": _minimum,
    "norm": _norm,
    "powsum": _powsum,
    "copy": _copy,
    "zero": torch.zeros_like,
    "max": torch.amax,
}
"""Per-tensor functions whose `torch.<name>` does not take the foreach op's arguments."""


def foreach_decomposition(overload: torch._ops.OpOverload) -> Callable[..., Any] | None:
    """The per-tensor decomposition of a functional `_foreach_*` overload, or None."""
    schema = overload._schema
    name = schema.name.removeprefix("aten::_foreach_")
    fn = PER_TENSOR_FUNCTIONS.get(name) or getattr(torch, name, None)
    if schema.is_mutable or not callable(fn):
        return None
    arguments = schema.arguments

    def per_tensor(arg: torch._C.Argument) -> bool:
        return str(arg.real_type) in PER_TENSOR_TYPES or (
            arg.name == "scalars" and str(arg.real_type) == "Tensor"
        )

    def decomposition(*args: Any, **kwargs: Any) -> list[Any]:
        bound = {a.name: v for a, v in zip(arguments, args, strict=False)} | kwargs
        lists = [bound[a.name] for a in arguments if a.name in bound and per_tensor(a)]
        out = []
        for i in range(len(lists[0]) if lists else 0):
            positional, keywords = [], {}
            for a in arguments:
                if a.name not in bound:
                    continue
                v = bound[a.name][i] if per_tensor(a) else bound[a.name]
                if a.kwarg_only or (a.name in ("value", "scalars") and len(positional) == 3):
                    keywords["value" if a.name == "scalars" else a.name] = v
                else:
                    positional.append(v)
            out.append(fn(*positional, **keywords))
        return out

    return decomposition


def foreach_decompositions() -> dict[Any, Callable[..., Any]]:
    """Every functional `aten._foreach_*` overload this PyTorch has, with its rule."""
    table: dict[Any, Callable[..., Any]] = {}
    for schema in torch._C._jit_get_all_schemas():
        if not schema.name.startswith("aten::_foreach_") or schema.is_mutable:
            continue
        packet = getattr(torch.ops.aten, schema.name.removeprefix("aten::"))
        overload = getattr(packet, schema.overload_name or "default")
        rule = foreach_decomposition(overload)
        if rule is not None:
            table[overload] = rule
    return table
