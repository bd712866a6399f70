"""2-d pooling as gathers and reductions: `max_pool2d_with_indices`, `avg_pool2d` and
`adaptive_max_pool2d` (windows of varying size, gathered at the largest one and masked).

Each output position reads its window with one `stepwell::take` (offsets from `iota`
arithmetic: `ih = oh * stride - pad + kh * dilation`, likewise for columns), padding
lanes are masked (`-inf` for max, 0 for a sum), and a reduction over the window's last
dim gives the result, so a pooling layer is one row kernel with its gather inside.
PyTorch's own decomposition of max pooling writes memory (`copy_to`) and avg_pool2d has
none, so both used to be ATen calls.

max pooling's index is eager's: the first position of the maximum, or the last NaN in a
window holding NaN (its CPU kernel replaces the running max on `val > max || isnan(val)`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import torch
from torch._meta_registrations import pooling_output_shape

import stepwell.passes.support.indexing  # noqa: F401 - defines torch.ops.stepwell.take

aten = torch.ops.aten


def _pair(v: int | Sequence[int], default: Sequence[int] | None = None) -> tuple[int, int]:
    if isinstance(v, int):
        return (v, v)
    v = list(v) or list(default or [])
    return (v[0], v[0]) if len(v) == 1 else (v[0], v[1])


@dataclass(frozen=True)
class Windows:
    """The window elements of every output position, shape (..., OH, OW, KH, KW). Each
    method builds its index math afresh: a value with one use moves below the broadcasts
    to its consumer (canonicalize-prims), so all of it fuses into the pooling kernel."""

    shape: tuple[int, ...]  # x's shape
    kernel: tuple[int, int]
    stride: tuple[int, int]
    padding: tuple[int, int]
    dilation: tuple[int, int]
    out_hw: tuple[int, int]

    def _along(self, axis: int) -> torch.Tensor:
        """Input rows (axis 0) or columns (axis 1) of every window element, shape
        (OH, OW, KH, KW) after broadcasting: `o * stride - pad + k * dilation`."""
        out_shape, k_shape = [1, 1, 1, 1], [1, 1, 1, 1]
        out_shape[axis], k_shape[2 + axis] = self.out_hw[axis], self.kernel[axis]
        out = torch.arange(self.out_hw[axis]).reshape(out_shape)
        step = torch.arange(self.kernel[axis]).reshape(k_shape)
        return out * self.stride[axis] - self.padding[axis] + step * self.dilation[axis]

    def valid(self) -> torch.Tensor:
        h, w = self.shape[-2:]
        rows_ok = (self._along(0) >= 0) & (self._along(0) < h)
        return rows_ok & (self._along(1) >= 0) & (self._along(1) < w)

    def plane(self) -> torch.Tensor:
        """Each element's position in its (H, W) plane: `row * W + col`."""
        return self._along(0) * self.shape[-1] + self._along(1)

    def offsets(self) -> torch.Tensor:
        """Element offsets into x (-1, which reads 0, for padding)."""
        lead = list(self.shape[:-2])
        base = torch.arange(math.prod(lead)).reshape(*lead, 1, 1, 1, 1) * math.prod(self.shape[-2:])
        return torch.where(self.valid(), base + self.plane(), -1)

    def full(self, t: torch.Tensor) -> torch.Tensor:
        return t.expand(*self.shape[:-2], *self.out_hw, *self.kernel)


def max_pool2d_with_indices(
    x: torch.Tensor,
    kernel_size: Sequence[int],
    stride: Sequence[int] = (),
    padding: Sequence[int] = (0,),
    dilation: Sequence[int] = (1,),
    ceil_mode: bool = False,
) -> Any:
    if x.dim() not in (3, 4) or x.numel() == 0 or x.dtype == torch.bool:
        return NotImplemented
    k, s = _pair(kernel_size), _pair(stride, kernel_size)
    p, d = _pair(padding), _pair(dilation)
    out_hw = tuple(pooling_output_shape(x.shape[-2 + i], k[i], p[i], s[i], d[i], ceil_mode)
                   for i in range(2))  # fmt: skip
    if min(out_hw) <= 0:
        return NotImplemented
    win = Windows(tuple(x.shape), k, s, p, d, out_hw)  # type: ignore[arg-type]
    return _window_max(x, win.valid, win.offsets, lambda: win.full(win.plane()))


def _window_max(
    x: torch.Tensor,
    valid: Callable[[], torch.Tensor],
    offsets: Callable[[], torch.Tensor],
    plane: Callable[[], torch.Tensor],
) -> tuple[torch.Tensor, torch.Tensor]:
    """The maximum of each window (the last two dims of the gathered windows) and its
    position in the input plane, by eager's rule: the first maximum, or the last NaN."""
    lowest = float("-inf") if x.is_floating_point() else torch.iinfo(x.dtype).min
    values = torch.where(valid(), torch.ops.stepwell.take(x, offsets()), lowest)
    window = (-2, -1)
    out = values.amax(window)
    best = values == out[..., None, None]
    first_max = torch.where(best, plane(), 2**62).amin(window)
    if not x.is_floating_point():
        return out, first_max
    nan = values != values
    last_nan = torch.where(nan, plane(), -1).amax(window)
    return out, torch.where(nan.any(window), last_nan, first_max)


def adaptive_max_pool2d(x: torch.Tensor, output_size: Sequence[int]) -> Any:
    """Output cell (i, j) takes the maximum over rows [floor(i H / OH), ceil((i + 1) H /
    OH)) and the like for columns: windows of varying size, gathered at the largest size
    with the lanes past each window's end masked."""
    if x.dim() not in (3, 4) or x.numel() == 0 or x.dtype == torch.bool:
        return NotImplemented
    size, out = tuple(x.shape[-2:]), _pair(output_size)
    if min(out) <= 0:
        return NotImplemented
    longest = [max(-(-(i + 1) * n // o) - i * n // o for i in range(o))
               for n, o in zip(size, out, strict=True)]  # fmt: skip

    def along(axis: int) -> tuple[torch.Tensor, torch.Tensor]:  # built afresh per use
        out_shape, k_shape = [1, 1, 1, 1], [1, 1, 1, 1]
        out_shape[axis], k_shape[2 + axis] = out[axis], longest[axis]
        o = torch.arange(out[axis]).reshape(out_shape)
        # (non-negative: truncating division is floor division, one prims.div)
        start = torch.div(o * size[axis], out[axis], rounding_mode="trunc")
        end = torch.div((o + 1) * size[axis] + out[axis] - 1, out[axis], rounding_mode="trunc")
        at = start + torch.arange(longest[axis]).reshape(k_shape)
        return at, at < end

    def valid() -> torch.Tensor:
        return along(0)[1] & along(1)[1]

    def plane() -> torch.Tensor:
        return (along(0)[0] * size[1] + along(1)[0]).expand(*x.shape[:-2], *out, *longest)

    def offsets() -> torch.Tensor:
        lead = list(x.shape[:-2])
        base = torch.arange(math.prod(lead)).reshape(*lead, 1, 1, 1, 1) * math.prod(size)
        return torch.where(valid(), base + along(0)[0] * size[1] + along(1)[0], -1)

    return _window_max(x, valid, offsets, plane)


def avg_pool2d(
    x: torch.Tensor,
    kernel_size: Sequence[int],
    stride: Sequence[int] = (),
    padding: Sequence[int] = (0,),
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Any:
    if x.dim() not in (3, 4) or x.numel() == 0 or not x.is_floating_point():
        return NotImplemented
    k, s, p = _pair(kernel_size), _pair(stride, kernel_size), _pair(padding)
    out_hw = tuple(pooling_output_shape(x.shape[-2 + i], k[i], p[i], s[i], 1, ceil_mode)
                   for i in range(2))  # fmt: skip
    if min(out_hw) <= 0:
        return NotImplemented
    win = Windows(tuple(x.shape), k, s, p, (1, 1), out_hw)  # type: ignore[arg-type]
    total = torch.where(win.valid(), torch.ops.stepwell.take(x, win.offsets()), 0).sum((-2, -1))
    if divisor_override:
        return total / divisor_override
    # eager's divisor: the window clipped to the padded input, or to the input itself
    # (each bound built afresh, as in Windows, so the divisor fuses into the kernel)
    (h, w), (oh, ow) = x.shape[-2:], out_hw

    def start(axis: int) -> torch.Tensor:
        size = (oh, 1) if axis == 0 else (1, ow)
        return torch.arange(out_hw[axis]).reshape(size) * s[axis] - p[axis]

    def end(axis: int) -> torch.Tensor:
        return torch.clamp(start(axis) + k[axis], max=(h, w)[axis] + p[axis])

    def extent(axis: int, o: int) -> int:  # the same bound for one window, in Python
        lo = o * s[axis] - p[axis]
        hi = min(lo + k[axis], (h, w)[axis] + p[axis])
        if count_include_pad:
            return hi - lo
        return min(hi, (h, w)[axis]) - max(lo, 0)

    sizes = {extent(0, i) * extent(1, j) for i in range(oh) for j in range(ow)}
    if len(sizes) == 1:  # every window divides by the same count: a constant
        return (total / sizes.pop()).to(x.dtype)
    if count_include_pad:
        divisor = (end(0) - start(0)) * (end(1) - start(1))
    else:
        rows = end(0).clamp(max=h) - start(0).clamp(min=0)
        divisor = rows * (end(1).clamp(max=w) - start(1).clamp(min=0))
    return (total / divisor).to(x.dtype)


POOLING_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.max_pool2d_with_indices.default: max_pool2d_with_indices,
    aten.avg_pool2d.default: avg_pool2d,
    aten.adaptive_max_pool2d.default: adaptive_max_pool2d,
}
"""ATen overload -> its decomposition into gathers and reductions."""
