"""What a `prims.extern` or `torch.operator` may call: ATen-level operators and the
arithmetic of symbolic sizes, looked up by name in fixed places, never imported.

IR text is untrusted input. A callee names either an operator overload in one of the
`torch.ops` namespaces below (`aten.add.Tensor`, `prims.convert_element_type.default`) or
one of the symbolic-size functions Dynamo puts in graphs (`_operator.mul`,
`torch.sym_max`). Anything else is refused by the ops' verifiers and by `resolve_callee`,
so no IR can name a Python function to run.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable
from typing import Any

import torch

OP_NAMESPACES = (
    "aten", "prims", "torch_nn", "quantized_decomposed", "quantized", "_quantized",
    "_c10d_functional", "c10d_functional", "_dtensor", "torchvision", "torchaudio",
)  # fmt: skip
"""`torch.ops` namespaces whose operator overloads a callee may name: PyTorch's own
(ATen, prims, the nn and quantization ops its decompositions emit, the functional
collectives) and the domain libraries. A callee in another namespace must be an operator
the running process has already registered (`torch.library`: a model's custom op, such as
transformers' `grouped_mm_fallback`), which stepwell calls as it calls ATen; naming one
never imports or registers anything."""

SYM_FUNCTIONS: dict[str, Callable[..., Any]] = {
    **{
        f"{module}.{name}": getattr(operator, name)
        for module in ("_operator", "operator")
        for name in (
            "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "neg", "pos", "abs",
            "eq", "ne", "lt", "le", "gt", "ge", "and_", "or_", "xor", "not_", "invert",
        )
    },
    "math.ceil": math.ceil,
    "math.floor": math.floor,
    "math.trunc": math.trunc,
    "math.sqrt": math.sqrt,
    "torch.sym_max": torch.sym_max,
    "torch.sym_min": torch.sym_min,
    "torch.sym_not": torch.sym_not,
    "torch.sym_float": torch.sym_float,
    "torch.sym_int": torch.sym_int,
    "torch.sym_ite": torch.sym_ite,
}  # fmt: skip
"""Functions on symbolic sizes that may appear in an ATen-level graph, by name."""


def on_graph_device(
    args: list[Any], kwargs: dict[str, Any], device: torch.device | None
) -> dict[str, Any]:
    """`kwargs` for a call that runs in a graph on `device`. A factory (a call with no
    tensor argument: `full`, `iota`, `arange`, `scalar_tensor`) makes its tensor on the
    graph's device, whatever device the IR names: the IR's constants are device-neutral
    (passes make them with `cpu`), and a graph's tensors live where its inputs do. A call
    with a tensor argument keeps its `device=` (`x.to("cpu")` is a transfer). `device`
    None (no tensor input) keeps every `device=`."""
    if device is None or "device" not in kwargs:
        return kwargs
    leaves = torch.utils._pytree.tree_leaves((args, kwargs))
    if any(isinstance(leaf, torch.Tensor) for leaf in leaves):
        return kwargs
    return {**kwargs, "device": device}


COLLECTIVE_NAMESPACES = ("_c10d_functional", "c10d_functional")
"""The namespaces of the functional collectives (`all_reduce`, `all_gather_into_tensor`,
`reduce_scatter_tensor`, ...) that tensor-parallel and compiled-autograd graphs hold."""


def collective_kind(name: str) -> str | None:
    """`"wait"` for `wait_tensor`, `"start"` for a collective that returns a tensor to
    wait on, None for any other callee. Every rank must issue the same collectives in
    the same order, so passes keep them (no CSE, no DCE) and never reorder two of them."""
    namespace, _, rest = name.partition(".")
    if namespace not in COLLECTIVE_NAMESPACES:
        return None
    return "wait" if rest.split(".")[0] == "wait_tensor" else "start"


@functools.cache
def is_effectful(name: str) -> bool:
    """Is `name` an op PyTorch registers as effectful (`_print`, `_linalg_check_errors`),
    which AOTAutograd orders by effect tokens (`with_effects`)? Passes keep such calls
    whole and where they are: no decomposition, CSE or DCE."""
    from torch._higher_order_ops.effects import has_effects

    op = _overload(name)
    return op is not None and has_effects(op)


class UnknownCalleeError(ValueError):
    """A callee name that is neither an allowed operator overload nor a size function."""


def _overload(name: str) -> torch._ops.OpOverload | None:
    parts = name.split(".")
    if len(parts) != 3 or not all(p.isidentifier() for p in parts):
        return None
    if parts[0] not in OP_NAMESPACES and not _registered(parts[0], parts[1], parts[2]):
        return None
    try:
        found = getattr(getattr(getattr(torch.ops, parts[0]), parts[1]), parts[2])
    except (AttributeError, RuntimeError):
        return None
    return found if isinstance(found, torch._ops.OpOverload) else None


def _registered(namespace: str, op: str, overload: str) -> bool:
    """Is `namespace::op.overload` an operator this process registered (a lookup in the
    dispatcher, which creates nothing)?"""
    try:
        torch._C._dispatch_find_schema_or_throw(
            f"{namespace}::{op}", "" if overload == "default" else overload
        )
    except RuntimeError:
        return False
    return True


def callee_error(name: str) -> str | None:
    """None if `name` may be called; otherwise why not (for a verifier)."""
    if name in SYM_FUNCTIONS or _overload(name) is not None:
        return None
    namespaces = ", ".join(OP_NAMESPACES)
    return (
        f"callee '{name}' is not an operator overload in torch.ops.{{{namespaces}}} "
        "or one this process registered (NAMESPACE.OP.OVERLOAD), nor a symbolic-size function"
    )


def resolve_callee(name: str) -> Callable[..., Any]:
    """The operator overload or size function `name` stands for."""
    if name in SYM_FUNCTIONS:
        return SYM_FUNCTIONS[name]
    found = _overload(name)
    if found is None:
        raise UnknownCalleeError(callee_error(name))
    return found


@functools.cache
def written_arguments(name: str) -> tuple[int, ...]:
    """The positions of the arguments the callee `name` writes (`Tensor(a!)`: a custom
    op's `mutates_args`, an in-place ATen op); empty for a functional op, a size
    function, or an in-place view (`detach_`, `t_`: it changes no value, and value
    semantics take it as the view it makes)."""
    found = _overload(name)
    if found is None or torch.Tag.inplace_view in found.tags:
        return ()
    return tuple(i for i, a in enumerate(found._schema.arguments)
                 if a.alias_info is not None and a.alias_info.is_write)  # fmt: skip


def call_on_copies(name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """Call the callee `name` as an op of value semantics. A functional op is simply
    called. An op that writes some of its arguments (`written_arguments`) writes copies
    of them, so no tensor the graph still holds changes; its results are its returns
    that alias no argument, then the written arguments' new values (the written tensors
    that are not None), as the importer declares them for `auto_functionalized`."""
    fn = resolve_callee(name)
    written = written_arguments(name)
    if not written:
        return fn(*args, **kwargs)
    schema = fn._schema
    args, kwargs = list(args), dict(kwargs)
    copies = []
    for i in written:
        key = schema.arguments[i].name
        held, slot = (args, i) if i < len(args) else (kwargs, key)
        if isinstance(held, dict) and key not in held:
            continue  # (an optional written argument left out: None)
        copy = _copy(held[slot])  # type: ignore[index]
        held[slot] = copy  # type: ignore[index]
        copies.extend(copy if isinstance(copy, list) else [copy])
    out = fn(*args, **kwargs)
    returns = out if isinstance(out, tuple) else (out,) if schema.returns else ()
    own = [r for r, s in zip(returns, schema.returns, strict=False)
           if s.alias_info is None and r is not None]  # fmt: skip
    return (*own, *(c for c in copies if c is not None))


def _copy(value: Any) -> Any:
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


def flat_results(n: int, out: Any) -> tuple[Any, ...]:
    """An overload's return value as an op's `n` results: a tuple of `n` is the results,
    `None`s included (`mkldnn_rnn_layer`'s workspace in inference); otherwise its `None`
    entries are not results (`convolution_backward` with an output_mask); a list (a
    `Tensor[]` return) stays whole when the op has one result."""
    if not n:
        return ()
    if not isinstance(out, list | tuple):
        return (out,)
    if isinstance(out, tuple) and len(out) == n:
        return out
    if isinstance(out, tuple):
        present = tuple(o for o in out if o is not None)
        if len(present) == n:
            return present
    if n == 1 and len(out) != 1:
        return (out,)
    return tuple(o for o in out if o is not None)
