"""A 3-layer MLP: batch 4, 32 inputs, 64 hidden units, 10 outputs."""

from __future__ import annotations

import torch
from torch import nn


class MLP(nn.Module):
    """Linear -> ReLU -> Linear -> GELU -> Linear."""

    def __init__(self, in_features: int = 32, hidden: int = 64, out_features: int = 10) -> None:
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden)
        self.act1 = nn.ReLU()
        self.fc2 = nn.Linear(hidden, hidden)
        self.act2 = nn.GELU()
        self.fc3 = nn.Linear(hidden, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc3(self.act2(self.fc2(self.act1(self.fc1(x)))))


def example() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return the MLP in eval mode and a (4, 32) float32 input."""
    torch.manual_seed(0)
    model = MLP().eval()
    x = torch.randn(4, 32, dtype=torch.float32)
    return model, (x,)
