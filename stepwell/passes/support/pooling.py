"""Pooling as gathers and reductions: `max_pool2d/3d_with_indices`, `avg_pool2d`/`avg_pool3d`,
`adaptive_max_pool2d/3d` and `_adaptive_avg_pool3d` (windows of varying size, gathered at the
largest one and masked). The windows have any number of spatial dims.

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

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch
from torch._meta_registrations import pooling_output_shape

import stepwell.passes.support.indexing  # noqa: F401 - defines torch.ops.stepwell.take

aten = torch.ops.aten


def _pair(v: int | Sequence[int], default: Sequence[int] | None = None) -> tuple[int, int]:
    return _ntuple(v, 2, default)  # type: ignore[return-value]


def _ntuple(
    v: int | Sequence[int], n: int, default: Sequence[int] | None = None
) -> tuple[int, ...]:
    """An int or a list of one or `n` ints (empty: `default`) as `n` ints."""
    if isinstance(v, int):
        return (v,) * n
    v = list(v) or list(default or [])
    return tuple(v[:1] * n) if len(v) == 1 else tuple(v[:n])


@dataclass(frozen=True)
class _Windows:
    """The window elements of every output position over the last `n` (spatial) dims of
    x, shape (..., O1..On, K1..Kn). A subclass says where a window element lies along
    each axis (`_along`) and whether it is inside the input (`_inside`).

    Each piece of index math is traced once (`_once`) and read wherever it is needed:
    it is made of `iota` and constants alone, so canonicalize-prims gives each reader a
    copy of it (`RecomputeGeneratedValues`) and all of it still fuses into the pooling
    kernel. Building it afresh for every use made the decomposition several times larger,
    and tracing it dominated the compile of a pooling layer."""

    shape: tuple[int, ...]  # x's shape
    kernel: tuple[int, ...]  # window elements per axis (the largest window's, if they vary)
    out_hw: tuple[int, ...]
    _memo: dict[tuple[object, ...], torch.Tensor] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def _once(self, key: tuple[object, ...], make: Callable[[], torch.Tensor]) -> torch.Tensor:
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    @property
    def n(self) -> int:
        return len(self.kernel)

    def _axis_shape(self, axis: int, window: bool) -> list[int]:
        """(O1..On, K1..Kn) with every dim 1 but output dim `axis` (or window dim)."""
        shape = [1] * (2 * self.n)
        shape[self.n + axis if window else axis] = (self.kernel if window else self.out_hw)[axis]
        return shape

    def _along(self, axis: int) -> torch.Tensor:
        raise NotImplementedError

    def _inside(self, axis: int) -> torch.Tensor:
        raise NotImplementedError

    def along(self, axis: int) -> torch.Tensor:
        return self._once(("along", axis), lambda: self._along(axis))

    def inside(self, axis: int) -> torch.Tensor:
        return self._once(("inside", axis), lambda: self._inside(axis))

    def valid(self) -> torch.Tensor:
        def make() -> torch.Tensor:
            ok = self.inside(0)
            for axis in range(1, self.n):
                ok = ok & self.inside(axis)
            return ok

        return self._once(("valid",), make)

    def plane(self) -> torch.Tensor:
        """Each element's position in its spatial plane (row-major: `row * W + col`)."""

        def make() -> torch.Tensor:
            sizes = self.shape[-self.n :]
            at = self.along(0)
            for axis in range(1, self.n):
                at = at * sizes[axis] + self.along(axis)
            return at

        return self._once(("plane",), make)

    def offsets(self) -> torch.Tensor:
        """Element offsets into x (-1, which reads 0, outside the input)."""
        lead = list(self.shape[: -self.n])
        base = torch.arange(math.prod(lead)).reshape(*lead, *[1] * (2 * self.n))
        base = base * math.prod(self.shape[-self.n :])
        return torch.where(self.valid(), base + self.plane(), -1)

    def full(self, t: torch.Tensor) -> torch.Tensor:
        return t.expand(*self.shape[: -self.n], *self.out_hw, *self.kernel)


@dataclass(frozen=True)
class Windows(_Windows):
    """Windows of one size with stride, padding and dilation (max and average pooling)."""

    stride: tuple[int, ...]
    padding: tuple[int, ...]
    dilation: tuple[int, ...]

    def _along(self, axis: int) -> torch.Tensor:
        """`o * stride - pad + k * dilation`, shape (O1..On, K1..Kn) after broadcasting."""
        out = torch.arange(self.out_hw[axis]).reshape(self._axis_shape(axis, window=False))
        step = torch.arange(self.kernel[axis]).reshape(self._axis_shape(axis, window=True))
        return out * self.stride[axis] - self.padding[axis] + step * self.dilation[axis]

    def _inside(self, axis: int) -> torch.Tensor:
        at = self.along(axis)
        return (at >= 0) & (at < self.shape[-self.n + axis])


@dataclass(frozen=True)
class AdaptiveWindows(_Windows):
    """Adaptive pooling's windows: output cell i along an axis of size D covers
    [floor(i D / O), ceil((i + 1) D / O)), so windows vary in size; they are gathered at
    the largest size (`kernel`), the lanes past each window's end outside."""

    @staticmethod
    def of(shape: Sequence[int], out: Sequence[int]) -> AdaptiveWindows:
        sizes = shape[-len(out) :]
        longest = [max(-(-(i + 1) * d // o) - i * d // o for i in range(o))
                   for d, o in zip(sizes, out, strict=True)]  # fmt: skip
        return AdaptiveWindows(tuple(shape), tuple(longest), tuple(out))

    def bounds(self, axis: int) -> tuple[torch.Tensor, torch.Tensor]:
        """Each window's (start, end) along `axis`, shape (O1..On, K1..Kn) broadcast."""
        d, o = self.shape[-self.n + axis], self.out_hw[axis]

        def start() -> torch.Tensor:
            i = torch.arange(o).reshape(self._axis_shape(axis, window=False))
            # (non-negative: truncating division is floor division, one prims.div)
            return torch.div(i * d, o, rounding_mode="trunc")

        def end() -> torch.Tensor:
            i = torch.arange(o).reshape(self._axis_shape(axis, window=False))
            return torch.div((i + 1) * d + o - 1, o, rounding_mode="trunc")

        return self._once(("start", axis), start), self._once(("end", axis), end)

    def _along(self, axis: int) -> torch.Tensor:
        step = torch.arange(self.kernel[axis]).reshape(self._axis_shape(axis, window=True))
        return self.bounds(axis)[0] + step

    def _inside(self, axis: int) -> torch.Tensor:
        return self.along(axis) < self.bounds(axis)[1]

    def sizes(self) -> torch.Tensor:
        """Each window's number of elements, shape (O1..On)."""
        count: torch.Tensor | None = None
        for axis in range(self.n):
            start, end = self.bounds(axis)
            length = (end - start).reshape(self._axis_shape(axis, window=False)[: self.n])
            length = length.expand(*self.out_hw)  # (at the output's shape, as in `avg_pool`)
            count = length if count is None else count * length
        assert count is not None
        return count


def max_pool_with_indices(
    n: int,
    x: torch.Tensor,
    kernel_size: Sequence[int],
    stride: Sequence[int] = (),
    padding: Sequence[int] = (0,),
    dilation: Sequence[int] = (1,),
    ceil_mode: bool = False,
) -> Any:
    """`max_pool{n}d_with_indices`: each window's maximum and its flat position in the
    input's spatial dims (eager's index)."""
    if x.dim() not in (n + 1, n + 2) or x.numel() == 0 or x.dtype == torch.bool:
        return NotImplemented
    k, s = _ntuple(kernel_size, n), _ntuple(stride, n, kernel_size)
    p, d = _ntuple(padding, n), _ntuple(dilation, n)
    out = tuple(pooling_output_shape(x.shape[-n + i], k[i], p[i], s[i], d[i], ceil_mode)
                for i in range(n))  # fmt: skip
    if any(o <= 0 for o in out):  # (each size on its own: `min` would compare sizes)
        return NotImplemented
    win = Windows(tuple(x.shape), k, out, stride=s, padding=p, dilation=d)
    return _window_max(x, win)


def max_pool2d_with_indices(x: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
    return max_pool_with_indices(2, x, *args, **kwargs)


def max_pool3d_with_indices(x: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
    return max_pool_with_indices(3, x, *args, **kwargs)


def _window_max(x: torch.Tensor, win: _Windows) -> tuple[torch.Tensor, torch.Tensor]:
    """The maximum of each window (the last `win.n` dims of the gathered windows) and
    its position in the input's spatial dims, by eager's rule: the first maximum, or the
    last NaN."""
    lowest = float("-inf") if x.is_floating_point() else torch.iinfo(x.dtype).min
    values = torch.where(win.valid(), torch.ops.stepwell.take(x, win.offsets()), lowest)
    window = tuple(range(-win.n, 0))
    out = values.amax(window)
    best = values == out[(..., *[None] * win.n)]
    plane = win.full(win.plane())
    first_max = torch.where(best, plane, 2**62).amin(window)
    if not x.is_floating_point():
        return out, first_max
    nan = values != values
    last_nan = torch.where(nan, plane, -1).amax(window)
    return out, torch.where(nan.any(window), last_nan, first_max)


def adaptive_max_pool(n: int, x: torch.Tensor, output_size: Sequence[int]) -> Any:
    """`adaptive_max_pool{n}d`: each output cell's maximum over its adaptive window
    (`AdaptiveWindows`) and its flat position in the input's spatial dims."""
    if x.dim() not in (n + 1, n + 2) or x.numel() == 0 or x.dtype == torch.bool:
        return NotImplemented
    out = _ntuple(output_size, n)
    if any(o <= 0 for o in out):  # (each size on its own: `min` would compare sizes)
        return NotImplemented
    win = AdaptiveWindows.of(tuple(x.shape), out)
    return _window_max(x, win)


def avg_pool(
    n: int,
    x: torch.Tensor,
    kernel_size: Sequence[int],
    stride: Sequence[int] = (),
    padding: Sequence[int] = (0,),
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Any:
    """`avg_pool{n}d`: the window sums (padding reads 0) over eager's divisor."""
    if x.dim() not in (n + 1, n + 2) or x.numel() == 0 or not x.is_floating_point():
        return NotImplemented
    k, s = _ntuple(kernel_size, n), _ntuple(stride, n, kernel_size)
    p = _ntuple(padding, n)
    spatial = tuple(x.shape[-n:])
    out = tuple(pooling_output_shape(spatial[i], k[i], p[i], s[i], 1, ceil_mode)
                for i in range(n))  # fmt: skip
    if any(o <= 0 for o in out):  # (each size on its own: `min` would compare sizes)
        return NotImplemented
    win = Windows(tuple(x.shape), k, out, stride=s, padding=p, dilation=(1,) * n)
    window = tuple(range(-n, 0))
    total = torch.where(win.valid(), torch.ops.stepwell.take(x, win.offsets()), 0).sum(window)
    if divisor_override:
        return total / divisor_override
    # eager's divisor: the window clipped to the padded input, or to the input itself
    # (each bound built afresh, as in Windows, so the divisor fuses into the kernel)

    def start(axis: int) -> torch.Tensor:
        size = [1] * n
        size[axis] = out[axis]
        return torch.arange(out[axis]).reshape(size) * s[axis] - p[axis]

    def end(axis: int) -> torch.Tensor:
        return torch.clamp(start(axis) + k[axis], max=spatial[axis] + p[axis])

    def extent(axis: int, o: int) -> int:  # the same bound for one window, in Python
        lo = o * s[axis] - p[axis]
        hi = min(lo + k[axis], spatial[axis] + p[axis])
        if count_include_pad:
            return hi - lo
        return min(hi, spatial[axis]) - max(lo, 0)

    def extents(axis: int) -> set[int]:
        """The extents of the windows along `axis`: without ceil mode, each window lies
        inside the padded input, so it is the kernel's length wherever the padding counts
        (or there is none), for every size; otherwise each window's, in Python."""
        if not ceil_mode and (count_include_pad or p[axis] == 0):
            return {k[axis]}
        if isinstance(out[axis], torch.SymInt):
            return set()  # (a symbolic number of windows: the divisor is computed below)
        return {extent(axis, o) for o in range(out[axis])}

    # every window divides by the same count (a constant) when, along each axis, every
    # output position's extent is the same
    counts = [extents(axis) for axis in range(n)]
    if all(len(e) == 1 for e in counts):
        return (total / math.prod(e.pop() for e in counts)).to(x.dtype)
    divisor: torch.Tensor | None = None
    for axis in range(n):
        if count_include_pad:
            length = end(axis) - start(axis)
        else:
            length = end(axis).clamp(max=spatial[axis]) - start(axis).clamp(min=0)
        # (at the output's shape: a product of partly broadcast factors would be a
        # smaller value of its own, which no kernel of the output's size takes)
        length = length.expand(*out)
        divisor = length if divisor is None else divisor * length
    return (total / divisor).to(x.dtype)


def avg_pool2d(x: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
    return avg_pool(2, x, *args, **kwargs)


def avg_pool3d(x: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
    return avg_pool(3, x, *args, **kwargs)


def adaptive_avg_pool3d(x: torch.Tensor, output_size: Sequence[int]) -> Any:
    """Each output cell's mean over its adaptive window (`AdaptiveWindows`): the lanes
    past a window's end read 0, and the sum is divided by the window's own size."""
    n = 3
    if x.dim() not in (n + 1, n + 2) or x.numel() == 0 or not x.is_floating_point():
        return NotImplemented
    out = _ntuple(output_size, n)
    if any(o <= 0 for o in out):  # (each size on its own: `min` would compare sizes)
        return NotImplemented
    win = AdaptiveWindows.of(tuple(x.shape), out)
    window = tuple(range(-n, 0))
    total = torch.where(win.valid(), torch.ops.stepwell.take(x, win.offsets()), 0).sum(window)
    return (total / win.sizes()).to(x.dtype)


POOLING_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.max_pool2d_with_indices.default: max_pool2d_with_indices,
    aten.max_pool3d_with_indices.default: max_pool3d_with_indices,
    aten.avg_pool2d.default: avg_pool2d,
    aten.avg_pool3d.default: avg_pool3d,
    aten._adaptive_avg_pool3d.default: adaptive_avg_pool3d,
    aten.adaptive_max_pool2d.default: functools.partial(adaptive_max_pool, 2),
    aten.adaptive_max_pool3d.default: functools.partial(adaptive_max_pool, 3),
}
"""ATen overload -> its decomposition into gathers and reductions."""
