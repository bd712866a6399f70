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
    "torch.sym_sum": torch.sym_sum,
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
    of them, so no tensor the graph still holds changes: each copy has its tensor's
    strides, and tensors that share memory (one tensor passed twice, two views of one
    buffer) are views of one copy of that memory, as eager's op sees them. Its results
    are its returns that alias no argument, then the written arguments' new values (the
    written tensors that are not None), as the importer declares them for
    `auto_functionalized`."""
    fn = resolve_callee(name)
    written = written_arguments(name)
    if not written:
        return fn(*args, **kwargs)
    schema = fn._schema
    args, kwargs = list(args), dict(kwargs)
    slots = []  # (holder, key) of each written argument given
    for i in written:
        key = schema.arguments[i].name
        if i < len(args):
            slots.append((args, i))
        elif key in kwargs:
            slots.append((kwargs, key))
    copies = _copies([holder[k] for holder, k in slots])  # type: ignore[index]
    for (holder, k), copy in zip(slots, copies, strict=True):
        holder[k] = copy  # type: ignore[index]
    out = fn(*args, **kwargs)
    returns = out if isinstance(out, tuple) else (out,) if schema.returns else ()
    own = [r for r, s in zip(returns, schema.returns, strict=False)
           if s.alias_info is None and r is not None]  # fmt: skip
    flat = [t for c in copies for t in (c if isinstance(c, list) else [c])]
    return (*own, *(c for c in flat if c is not None))


def dense_arguments(name: str, args: list[Any], kwargs: dict[str, Any],
                    ) -> tuple[list[Any], dict[str, Any]]:  # fmt: skip
    """The arguments of a call to `name` with each tensor in the standard (contiguous)
    layout, as an extern sees them, but for those the callee writes (`call_on_copies`
    copies them in the layout they have, so that arguments sharing memory still share
    it); one tensor given twice stays one tensor."""
    written = written_arguments(name)
    names = set()
    if written:
        schema = resolve_callee(name)._schema
        names = {schema.arguments[i].name for i in written}
    memo: dict[int, Any] = {}

    def dense(value: Any) -> Any:
        if isinstance(value, torch.Tensor):
            if id(value) not in memo:
                memo[id(value)] = value.contiguous()
            return memo[id(value)]
        if isinstance(value, list):
            return [dense(v) for v in value]
        return value

    return ([a if i in written else dense(a) for i, a in enumerate(args)],
            {k: v if k in names else dense(v) for k, v in kwargs.items()})  # fmt: skip


def _copies(values: list[Any]) -> list[Any]:
    """Copies of `values` (tensors, lists of tensors, None) that alias one another as the
    values do: tensors sharing memory become views, with their own sizes, strides and
    offsets, of one copy of that memory; any other tensor a copy with its strides (a
    contiguous one where its elements overlap, as an expanded tensor's do)."""
    tensors = [t for v in values for t in (v if isinstance(v, list) else [v])
               if isinstance(t, torch.Tensor)]  # fmt: skip
    storages: dict[int, Any] = {}
    for t in tensors:
        storages.setdefault(memory_key(t), []).append(t)
    made: dict[int, torch.Tensor] = {}
    for group in storages.values():
        if len({id(t) for t in group}) == 1 and not _overlaps_itself(group[0]):
            t = group[0]
            made[id(t)] = torch.empty_strided(t.size(), t.stride(), dtype=t.dtype,
                                              device=t.device).copy_(t)  # fmt: skip
        elif len({id(t) for t in group}) == 1:
            made[id(group[0])] = group[0].clone()
        else:  # (one copy of the memory they share, each a view of it as before)
            memory = group[0].untyped_storage().clone()
            for t in group:
                made[id(t)] = torch.empty(0, dtype=t.dtype, device=t.device).set_(
                    memory, t.storage_offset(), t.size(), t.stride())

    def copy(value: Any) -> Any:
        if isinstance(value, torch.Tensor):
            return made[id(value)]
        if isinstance(value, list):
            return [copy(v) for v in value]
        return value

    return [copy(v) for v in values]


def memory_key(t: torch.Tensor) -> int:
    """Where `t`'s memory starts (its storage's address), or its own identity when it
    has no memory (empty, or no storage): equal for tensors that share memory."""
    try:
        return t.untyped_storage().data_ptr() if t.numel() else id(t)
    except (RuntimeError, NotImplementedError):  # (no storage: a copy of its own)
        return id(t)


def _overlaps_itself(t: torch.Tensor) -> bool:
    """Do two of `t`'s elements share memory (a stride 0 over a dim of more than one)?"""
    return torch._debug_has_internal_overlap(t) != 0


def flat_results(n: int, out: Any) -> tuple[Any, ...]:
    """An overload's return value as an op's `n` results: a tuple of `n` is the results,
    `None`s included (`mkldnn_rnn_layer`'s workspace in inference); otherwise its `None`
    entries are not results (`convolution_backward` with an output_mask); a list (a
    `Tensor[]` return) stays whole when the op has one result. A list inside a tuple
    gives one result per tensor (`_amp_foreach_non_finite_check_and_unscale`'s
    `(Tensor[], Tensor)`)."""
    if not n:
        return ()
    if not isinstance(out, list | tuple):
        return (out,)
    if isinstance(out, tuple) and any(isinstance(o, list) for o in out):
        out = tuple(x for o in out for x in (o if isinstance(o, list) else (o,)))
    if isinstance(out, tuple) and len(out) == n:
        return out
    if isinstance(out, tuple):
        present = tuple(o for o in out if o is not None)
        if len(present) == n:
            return present
    if n == 1 and len(out) != 1:
        return (out,)
    return tuple(o for o in out if o is not None)
