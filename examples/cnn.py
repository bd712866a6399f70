"""A small CNN: conv, batch norm, ReLU, max pool, conv, adaptive average pool, linear."""

from __future__ import annotations

import torch
from torch import nn


class SmallCNN(nn.Module):
    """Two conv blocks and a linear classifier on 3x16x16 images."""

    def __init__(self, num_classes: int = 10) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, kernel_size=3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(8, 16, kernel_size=3, padding=1)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.pool(self.relu(self.bn1(self.conv1(x))))
        x = self.relu(self.conv2(x))
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


def example() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return the CNN in eval mode (non-trivial BN statistics) and a (2, 3, 16, 16) input."""
    torch.manual_seed(0)
    model = SmallCNN()
    with torch.no_grad():
        model.bn1.running_mean.copy_(torch.randn(8) * 0.1)
        model.bn1.running_var.copy_(torch.rand(8) + 0.5)
        model.bn1.weight.copy_(torch.rand(8) + 0.5)
        model.bn1.bias.copy_(torch.randn(8) * 0.1)
    model.eval()
    x = torch.randn(2, 3, 16, 16, dtype=torch.float32)
    return model, (x,)
