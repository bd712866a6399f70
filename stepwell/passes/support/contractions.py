"""Contractions and distances PyTorch's table leaves to the backend, as products and
reductions that fuse into one kernel each:

- `addbmm`: a batched matrix product summed over the batch (`prims.matmul` and a sum);
- `_cdist_forward` (`torch.cdist`): the rows' differences broadcast over [..., P, R, M]
  and reduced over M by the p-norm (0, 1, 2, inf or any p);
- `_trilinear` (`F.bilinear`): the three operands unsqueezed, multiplied and summed over
  the contracted dims.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch

aten = torch.ops.aten


def _addbmm(
    self: torch.Tensor, batch1: torch.Tensor, batch2: torch.Tensor, *, beta: Any = 1,
    alpha: Any = 1,
) -> Any:  # fmt: skip
    """beta self + alpha sum_b batch1[b] @ batch2[b]: a batched product and its sum over b
    (self ignored when beta is 0, NaN included, as eager)."""
    if not self.is_floating_point():
        return NotImplemented
    total = torch.bmm(batch1, batch2).sum(0)
    total = total if alpha == 1 else total * alpha
    if beta == 0:
        return total.expand(torch.broadcast_shapes(self.shape, total.shape)).clone()
    return (self if beta == 1 else self * beta) + total


def _cdist(x1: torch.Tensor, x2: torch.Tensor, p: float, compute_mode: int | None = None) -> Any:
    """The p-norm distance of every row of x1 to every row of x2 (batched): differences
    broadcast over [..., P, R, M] and reduced over M in one kernel (eager's matrix-product
    form for p = 2 differs from it by rounding only)."""
    if not (x1.is_floating_point() and x2.is_floating_point()) or p < 0:
        return NotImplemented
    diff = (x1.unsqueeze(-2) - x2.unsqueeze(-3)).abs()
    if p == 0:
        return (diff != 0).sum(-1).to(x1.dtype)
    if math.isinf(p):
        return diff.amax(-1)
    if p == 1:
        return diff.sum(-1)
    if p == 2:
        return (diff * diff).sum(-1).sqrt()
    return diff.pow(p).sum(-1).pow(1.0 / p)


def _trilinear(
    i1: torch.Tensor,
    i2: torch.Tensor,
    i3: torch.Tensor,
    expand1: list[int],
    expand2: list[int],
    expand3: list[int],
    sumdim: list[int],
    unroll_dim: int = 1,
) -> Any:
    """`bilinear`'s kernel: each input unsqueezed at its `expand` dims, the three
    multiplied (broadcast) and summed over `sumdim`: one reduction kernel."""
    if not all(t.is_floating_point() for t in (i1, i2, i3)):
        return NotImplemented

    def expanded(t: torch.Tensor, dims: list[int]) -> torch.Tensor:
        for d in sorted(dims):
            t = t.unsqueeze(d)
        return t

    product = expanded(i1, expand1) * expanded(i2, expand2) * expanded(i3, expand3)
    return product.sum(sumdim) if sumdim else product


CONTRACTION_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.addbmm.default: _addbmm,
    aten._cdist_forward.default: _cdist,
    aten._trilinear.default: _trilinear,
}
"""ATen overload -> its decomposition."""
