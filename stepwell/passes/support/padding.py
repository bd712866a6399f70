"""Padding as one gather: constant, reflect, replicate and circular, any number of dims.

Each output element reads the input element its coordinates map to, with one
`stepwell::take` at offsets from `iota` arithmetic; per padded dim, output coordinate
`o` (before it, `l` elements of padding) reads input coordinate

    constant   o - l, or the fill value outside [0, S)   (negative padding crops)
    reflect    S-1 - |S-1 - |o - l||
    replicate  clamp(o - l, 0, S-1)
    circular   (o - l) mod S

so a pad is computed in whatever kernel reads it (a convolution with `padding="same"`
and an even kernel, an upsampling, a pointwise op). PyTorch decomposes constant padding
by writing into a new tensor (an ATen call here before) and reflect/replicate padding
through several index tensors (four small kernels before).
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

import torch

import stepwell.passes.support.indexing  # noqa: F401 - defines torch.ops.stepwell.take

aten = torch.ops.aten

MODES = ("constant", "reflect", "replicate", "circular")


def _pairs(x: torch.Tensor, pad: Sequence[Any]) -> list[tuple[Any, Any]]:
    """(before, after) for every dim of x; `pad` lists the last dim's pair first. An
    amount may be a size (`n - x.shape[1]`, a pad to a length or to a multiple, traced
    with symbolic sizes): a SymInt, kept as one."""
    pairs: list[tuple[Any, Any]] = [(0, 0)] * x.dim()
    for k in range(len(pad) // 2):
        pairs[x.dim() - 1 - k] = (_amount(pad[2 * k]), _amount(pad[2 * k + 1]))
    return pairs


def _amount(p: Any) -> Any:
    return p if isinstance(p, torch.SymInt) else int(p)


def _padded(pair: tuple[Any, Any]) -> bool:
    """Does the pair pad or crop (a symbolic amount may: asking whether it is 0 would
    decide on a size)?"""
    return any(isinstance(p, torch.SymInt) or p != 0 for p in pair)


def gather_pad(x: torch.Tensor, pad: Sequence[int], mode: str, value: Any = 0) -> Any:
    if mode not in MODES or len(pad) % 2 or len(pad) // 2 > x.dim():
        return NotImplemented
    pairs = _pairs(x, pad)
    size = list(x.shape)
    out = [s + lo + hi for s, (lo, hi) in zip(size, pairs, strict=True)]
    if any(o < 0 for o in out):  # (each size on its own: `min` would compare sizes)
        return NotImplemented
    if math.prod(out) == 0:
        return x.new_zeros(out)  # (no elements: an allocation)
    if x.numel() == 0:  # nothing to read: all padding
        if mode != "constant":
            return NotImplemented  # eager's error (no element to reflect or repeat)
        return torch.full(out, value if value is not None else 0, dtype=x.dtype)
    # eager's limits: reflect pads less than the dim, circular at most the dim, replicate
    # any amount; negative padding crops (circular crops first and wraps the cropped dim:
    # that stays eager's)
    limit = {"reflect": lambda s: s - 1, "circular": lambda s: s}.get(mode)
    if limit is not None and any(max(p) > limit(size[i]) for i, p in enumerate(pairs) if any(p)):
        return NotImplemented  # eager refuses these; keep its error
    if mode == "circular" and any(min(p) < 0 for p in pairs):
        return NotImplemented
    rank = x.dim()

    # each index value is built afresh for each use: a value with one use moves below
    # the broadcasts into the consumer's kernel instead of becoming a kernel of its own
    def shifted(i: int) -> torch.Tensor:
        shape = [1] * rank
        shape[i] = out[i]
        return torch.arange(out[i]).reshape(shape) - pairs[i][0]

    def source(i: int) -> torch.Tensor:
        """The input coordinate along dim i of every output element."""
        last = size[i] - 1
        if not _padded(pairs[i]) or mode == "constant":
            return shifted(i)
        if mode == "reflect":
            return last - (last - shifted(i).abs()).abs()
        if mode == "replicate":  # (clamp's decomposition reads its input several times)
            low = torch.maximum(shifted(i), torch.scalar_tensor(0, dtype=torch.int64))
            return torch.minimum(low, torch.scalar_tensor(last, dtype=torch.int64))
        return torch.fmod(shifted(i) + size[i], size[i])  # circular: o - l >= -S

    strides = [math.prod(size[i + 1 :]) for i in range(rank)]
    offsets = sum(source(i) * strides[i] for i in range(rank))
    assert isinstance(offsets, torch.Tensor)
    padded = [i for i, p in enumerate(pairs) if _padded(p)]
    if mode != "constant" or not padded:
        return torch.ops.stepwell.take(x, offsets.expand(out))

    def valid() -> torch.Tensor:
        inside = [(source(i) >= 0) & (source(i) < size[i]) for i in padded]
        return functools.reduce(operator.and_, inside)

    values = torch.ops.stepwell.take(x, torch.where(valid(), offsets, -1).expand(out))
    fill = torch.scalar_tensor(value if value is not None else 0, dtype=x.dtype)
    return torch.where(valid().expand(out), values, fill)


def pad(x: torch.Tensor, pad: Sequence[int], mode: str = "constant",
        value: float | None = None) -> Any:  # fmt: skip
    return gather_pad(x, pad, mode, value)


def constant_pad_nd(x: torch.Tensor, pad: Sequence[int], value: Any = 0) -> Any:
    return gather_pad(x, pad, "constant", value)


def _mode(mode: str) -> Callable[..., Any]:
    def decomposition(x: torch.Tensor, padding: Sequence[int]) -> Any:
        return gather_pad(x, padding, mode)

    return decomposition


PADDING_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.pad.default: pad,
    aten.constant_pad_nd.default: constant_pad_nd,
    aten._pad_circular.default: _mode("circular"),
    **{getattr(aten, f"reflection_pad{d}d").default: _mode("reflect") for d in (1, 2, 3)},
    **{getattr(aten, f"replication_pad{d}d").default: _mode("replicate") for d in (1, 2, 3)},
}
"""ATen overload -> its decomposition into one gather."""
