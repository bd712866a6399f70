"""Storing a function's results that are its inputs' new values into those inputs.

A result marked `stepwell.writes = K` (`types.WRITES`: an optimizer step's parameters, a
batch norm's running statistics, a KV cache, a custom op's `mutates_args` on an input)
is not returned to the caller: whatever runs the function (the reference interpreter,
the tile interpreter, the compiled runtimes) stores it into argument K after the call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch


def store_writes(outputs: tuple[Any, ...], args: Sequence[Any],
                 writes: Sequence[tuple[int, int]]) -> tuple[Any, ...]:  # fmt: skip
    """`outputs` without the results that are inputs' new values (`writes`, (result,
    argument) pairs), each stored into its argument (`write_back`)."""
    if not writes:
        return outputs
    written = {r for r, _ in writes}
    results = tuple(o for i, o in enumerate(outputs) if i not in written)
    write_back([(args[a], outputs[r]) for r, a in writes])
    return results


def write_back(writes: Sequence[tuple[torch.Tensor, torch.Tensor]]) -> None:
    """Store each new value into its input (`input.copy_(value)`), unless it is already
    there: a kernel wrote it in place (write-inputs-in-place), which autograd does not
    see, so the input's version is bumped as `copy_` would (a tensor saved for a backward
    and written since must make that backward raise, as eager's does). A value that
    shares memory with an input being written (the old value of another input,
    `a.copy_(b); b.copy_(a)` with the copies folded away) is copied first: every value is
    the one the function computed, before any write."""
    stores = []
    for dest, value in writes:
        if _is_view_of(value, dest):
            torch.autograd.graph.increment_version(dest)
            continue
        if any(_shares_memory(value, d) for d, _ in writes):
            value = value.clone()
        stores.append((dest, value))
    for dest, value in stores:
        dest.copy_(value)


def _is_view_of(value: Any, dest: torch.Tensor) -> bool:
    """Is `value` the very elements of `dest` (the same memory, sizes and strides)?"""
    return isinstance(value, torch.Tensor) and (value is dest or (
        value.numel() > 0 and value.data_ptr() == dest.data_ptr()
        and value.shape == dest.shape and value.stride() == dest.stride()
        and value.dtype == dest.dtype))  # fmt: skip


def _shares_memory(a: Any, b: torch.Tensor) -> bool:
    return (isinstance(a, torch.Tensor) and a.numel() > 0 and b.numel() > 0
            and storage_of(a) is not None and storage_of(a) == storage_of(b))  # fmt: skip


def storage_of(t: torch.Tensor) -> int | None:
    """The address of `t`'s memory; None for a tensor without storage (a ZeroTensor)."""
    try:
        return t.untyped_storage().data_ptr()
    except (RuntimeError, NotImplementedError):
        return None
