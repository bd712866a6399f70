"""Convolution (1-d, 2-d, 3-d; stride, padding, dilation, groups, transposed) as a
gather and a sum.

`aten.convolution` has no decomposition in PyTorch (it is a core ATen op that backends
call a library for), so it used to be an ATen call. Here every output element is the
sum over its window of input times weight:

    out[n, g·OCg + o, *p] = Σ_{c, *k} x[n, g·Cg + c, *(p·stride - pad + k·dilation)]
                                      · w[g·OCg + o, c, *k]      (+ bias[g·OCg + o])

written as one `stepwell::take` of the input at offsets from `iota` arithmetic (padding
lanes read offset -1, which is 0), a product with the weight seen through broadcasts,
and a `sum` over (c, *k). The index math moves to its consumer (canonicalize-prims), so
a convolution is one row kernel (rows: output elements, columns: the window times the
input channels of a group) with the bias and whatever pointwise ops follow (activation,
residual) fused in its epilogue. Transposed convolution gathers the other way: output
position q reads input i where `q = i·stride - pad + k·dilation` (k runs over the
kernel; a q that no whole i reaches reads 0). float16/bfloat16 multiply and accumulate
in float32, as eager's kernels do.
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

LOW_PRECISION = (torch.float16, torch.bfloat16)


def _spread(values: Sequence[int], d: int) -> list[int]:
    v = list(values)
    return v * d if len(v) == 1 else v


def convolution(
    x: torch.Tensor,
    weight: torch.Tensor,
    bias: torch.Tensor | None,
    stride: Sequence[int],
    padding: Sequence[int],
    dilation: Sequence[int],
    transposed: bool,
    output_padding: Sequence[int],
    groups: int,
) -> Any:
    d = x.dim() - 2
    if (
        d not in (1, 2, 3)
        or weight.dim() != x.dim()
        or not x.is_floating_point()
        or x.dtype != weight.dtype
        or x.numel() == 0
        or weight.numel() == 0
    ):
        return NotImplemented
    s, p, dl = _spread(stride, d), _spread(padding, d), _spread(dilation, d)
    n, c, *size = x.shape
    kernel = list(weight.shape[2:])
    g = groups
    if transposed:  # weight (C, OC/G, *k): out[q] gathers x[i] where q = i·s - p + k·dl
        cg, ocg = c // g, weight.shape[1]
        op = _spread(output_padding, d)
        out = [(size[i] - 1) * s[i] - 2 * p[i] + dl[i] * (kernel[i] - 1) + op[i] + 1
               for i in range(d)]  # fmt: skip
        if c % g or weight.shape[0] != c:
            return NotImplemented
    else:  # weight (OC, C/G, *k): out[q] gathers x[q·s - p + k·dl]
        cg, ocg = weight.shape[1], weight.shape[0] // g
        out = [(size[i] + 2 * p[i] - dl[i] * (kernel[i] - 1) - 1) // s[i] + 1 for i in range(d)]
        if c != cg * g or weight.shape[0] % g:
            return NotImplemented
    if any(o <= 0 for o in out):  # (each size on its own: `min` would compare sizes)
        return NotImplemented
    oc = ocg * g
    # the full space: (N, G, OCg, Cg, *out, *kernel); the sum is over Cg and the kernel
    full = (n, g, ocg, cg, *out, *kernel)
    rank = len(full)

    def along(extent: int, axis: int) -> torch.Tensor:
        shape = [1] * rank
        shape[axis] = extent
        return torch.arange(extent).reshape(shape)

    # each index value is built afresh for each use: a value with one use moves below
    # the broadcasts into the consumer's kernel, instead of being a small kernel of its own
    def numerator(i: int) -> torch.Tensor:  # transposed: i·s = q + p - k·dl
        return along(out[i], 4 + i) + p[i] - along(kernel[i], 4 + d + i) * dl[i]

    def pos(i: int) -> torch.Tensor:
        """Input coordinate `i` read by every window element. (Transposed: truncating
        division and remainder, which equal floor's where the numerator is not negative,
        the only lanes `inside` keeps; floor's would use the numerator several times.)"""
        if transposed:
            return torch.div(numerator(i), s[i], rounding_mode="trunc")
        return along(out[i], 4 + i) * s[i] - p[i] + along(kernel[i], 4 + d + i) * dl[i]

    def inside(i: int) -> torch.Tensor:
        if transposed:
            ok = (numerator(i) >= 0) & (pos(i) < size[i])
            return ok & (torch.fmod(numerator(i), s[i]) == 0) if s[i] != 1 else ok
        return (pos(i) >= 0) & (pos(i) < size[i])

    valid = functools.reduce(operator.and_, [inside(i) for i in range(d)])
    plane = sum(pos(i) * math.prod(size[i + 1 :]) for i in range(d))
    assert isinstance(plane, torch.Tensor)
    channel = along(g, 1) * cg + along(cg, 3)
    base = (along(n, 0) * c + channel) * math.prod(size)
    offsets = torch.where(valid, base + plane, -1).expand(full)
    acc = torch.float32 if x.dtype in LOW_PRECISION else x.dtype
    values = torch.ops.stepwell.take(x, offsets).to(acc)
    # the weight as (1, G, OCg, Cg, 1.., *k), views only; converted after the broadcast,
    # so the cast is computed in the kernel, not apart
    if transposed:
        w = weight.reshape(g, cg, ocg, *kernel).transpose(1, 2).unsqueeze(0)
    else:
        w = weight.reshape(1, g, ocg, cg, *kernel)
    for _ in range(d):
        w = w.unsqueeze(4)
    w = w.expand(full).to(acc)
    reduced = (3, *range(4 + d, 4 + 2 * d))
    result = (values * w).sum(reduced).reshape(n, oc, *out)
    if bias is not None:
        result = result + bias.to(acc).reshape(1, oc, *[1] * d)
    return result.to(x.dtype)


CONVOLUTION_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.convolution.default: convolution,
}
"""ATen overload -> its decomposition into a gather and a sum."""
