"""Strides of row-major tensors and of reshapes without a copy (PyTorch's rules).

Pure functions of sizes and strides (no IR): the prims-level views
(passes/support/views.py) and the FX-level attention matcher (frontend/attention_match.py)
both use them; importing this module loads no dialect.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import sympy

from stepwell.ir.sizes import Size


def contiguous_strides(shape: Sequence[Size]) -> tuple[Size, ...]:
    """Row-major strides; a dim of 0 counts as 1 (as PyTorch's), and a symbolic dim as
    itself (when it is 0 the tensor holds nothing, so no stride is ever used)."""
    strides: list[Size] = []
    acc: Size = 1
    for d in reversed(shape):
        strides.append(acc)
        acc = acc * (max(d, 1) if isinstance(d, int) else d)
    return tuple(reversed(strides))


def reshape_strides(
    sizes: tuple[int, ...], strides: tuple[int, ...], shape: tuple[int, ...]
) -> tuple[int, ...] | None:
    """Strides for viewing (sizes, strides) as `shape` without a copy (PyTorch's
    `computeStride`), or None when a merged chunk of dims is not contiguous."""
    if math.prod(sizes) != math.prod(shape):
        return None
    if math.prod(sizes) == 0:
        return contiguous_strides(shape)
    # drop size-1 dims: they constrain nothing
    chunks = [(s, st) for s, st in zip(sizes, strides, strict=True) if s != 1]
    out: list[int] = []
    view_d = len(shape) - 1
    chunk_base = chunks[-1][1] if chunks else 1
    tensor_numel, view_numel = 1, 1
    new_strides = [0] * len(shape)
    i = len(chunks) - 1
    while i >= 0:
        size, stride = chunks[i]
        tensor_numel *= size
        # a chunk ends where the next (outer) dim does not continue this one
        if i == 0 or chunks[i - 1][1] != size * stride:
            while view_d >= 0 and (_short(view_numel, tensor_numel) or shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base
                view_numel *= shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if i > 0:
                chunk_base = chunks[i - 1][1]
                tensor_numel, view_numel = 1, 1
        i -= 1
    while view_d >= 0:  # leading size-1 dims
        new_strides[view_d] = 0
        view_d -= 1
    out = new_strides
    return tuple(out)


def _short(view_numel: Size, tensor_numel: Size) -> bool:
    """Do the view dims taken so far hold fewer elements than the chunk? (With symbolic
    sizes: until their products are the same expression; a mismatch fails after.)"""
    if isinstance(view_numel, int) and isinstance(tensor_numel, int):
        return view_numel < tensor_numel
    return sympy.expand(view_numel - tensor_numel) != 0


def dim_order(sizes: Sequence[object], strides: Sequence[object]) -> tuple[int, ...] | None:
    """The order of dims, outermost first, in which a dense tensor of these sizes and
    strides lays out its elements, when that is not row-major (`x.t() * 2`: eager's
    result has strides (1, n), order (1, 0)); None when it is row-major, when it has
    gaps, overlaps or nothing in it, or when a size or stride is symbolic. A dim of
    size 1 stays where it is (its stride addresses nothing)."""
    if not all(isinstance(v, int) for v in (*sizes, *strides)) or len(sizes) != len(strides):
        return None
    shape, steps = [int(s) for s in sizes], [int(s) for s in strides]  # type: ignore[call-overload]
    if math.prod(shape) == 0:
        return None
    moving = [d for d, n in enumerate(shape) if n > 1]
    ordered = sorted(moving, key=lambda d: -steps[d])
    expected = 1
    for d in reversed(ordered):
        if steps[d] != expected:
            return None
        expected *= shape[d]
    if ordered == moving:
        return None
    order = list(range(len(shape)))
    for slot, d in zip(moving, ordered, strict=True):
        order[slot] = d
    return tuple(order)
