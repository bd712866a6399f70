"""Rewrites of Dynamo's torch-level graph, before AOTAutograd traces it to ATen.

AOTAutograd runs some of PyTorch's Python decompositions while it traces (they are
registered at the Autograd dispatch key), so no backend ever sees the op they replace.
Where such a decomposition disagrees with eager, the call is replaced here, in the
torch-level graph, by one that computes eager's values, and AOTAutograd traces that
(and differentiates it) instead. `REPLACEMENTS` is keyed by the function Dynamo records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
import torch.nn.functional as F
from torch.nn import _reduction


def multilabel_margin_loss(input: torch.Tensor, target: torch.Tensor,
                           size_average: bool | None = None, reduce: bool | None = None,
                           reduction: str = "mean") -> torch.Tensor:  # fmt: skip
    """`F.multilabel_margin_loss` as eager computes it: for each sample, over the target
    classes before the first -1 (`j`) and the classes that are no target (`i`), the sum of
    `max(0, 1 - (x[j] - x[i]))`, divided by the number of classes. PyTorch's
    decomposition (`multilabel_margin_loss_forward`) also sums the slots after the first
    -1, as if they named class 0, and returns a 1-element loss for a 1-d input."""
    if size_average is not None or reduce is not None:
        reduction = _reduction.legacy_get_string(size_average, reduce)
    x = input if input.dim() > 1 else input.unsqueeze(0)
    y = target if target.dim() > 1 else target.unsqueeze(0)
    classes = x.shape[-1]
    valid = torch.cumprod((y >= 0).to(torch.int64), dim=-1).bool()  # (slots before a -1)
    named = torch.where(valid, y, 0)
    is_target = ((named.unsqueeze(-1) == torch.arange(classes, device=x.device))
                 & valid.unsqueeze(-1)).any(dim=-2)  # (N, C)  # fmt: skip
    picked = x.gather(-1, named)  # (N, S): the target classes' values
    margins = torch.relu(1 - (picked.unsqueeze(-1) - x.unsqueeze(-2)))  # (N, S, C)
    counted = valid.unsqueeze(-1) & ~is_target.unsqueeze(-2)
    loss = torch.where(counted, margins, 0).sum(dim=(-2, -1)) / classes
    if input.dim() <= 1:
        loss = loss.squeeze(0)
    if reduction == "mean":
        return loss.mean()
    return loss.sum() if reduction == "sum" else loss


REPLACEMENTS: dict[Callable[..., Any], Callable[..., Any]] = {
    F.multilabel_margin_loss: multilabel_margin_loss,
}
"""Function Dynamo records -> a replacement computing eager's values."""


def replace_upstream_decompositions(gm: torch.fx.GraphModule) -> None:
    """Point each call in Dynamo's graph `gm` that `REPLACEMENTS` names at its replacement
    (in place; the graph's structure is unchanged)."""
    changed = False
    for node in gm.graph.nodes:
        if node.op == "call_function" and node.target in REPLACEMENTS:
            node.target = REPLACEMENTS[node.target]
            changed = True
    if changed:
        gm.recompile()
