# RUN: %python %s | filecheck %s
# ruff: noqa: E501  (FileCheck patterns match whole lines of IR)
"""Parameters, buffers and lifted constants become function arguments that carry their
fully qualified name and kind as argument attributes (in torch.export's order); user
inputs keep their names. A one-element constant is also computed by a `full` of its
number, which the function reads instead of the argument (passes see the number)."""

import torch
from torch import nn

from stepwell.frontend.fx import import_program
from stepwell.ir.printing import to_text


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(4, 4, bias=False)
        self.register_buffer("scale", torch.ones(4))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.proj(x) * self.scale


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])
        self.shift = nn.Parameter(torch.zeros(4))
        self.register_buffer("steps", torch.zeros(4, dtype=torch.int64), persistent=False)
        self.two = torch.tensor(2.0)  # neither parameter nor buffer: a lifted constant

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        x = tokens
        for block in self.blocks:
            x = block(x)
        return x + self.shift + self.two + self.steps


ep = torch.export.export(Net(), (torch.randn(2, 4),))
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward(
# CHECK-SAME: %[[SHIFT:[a-z_0-9]+]]: tensor<4xf32> {stepwell.name = "shift", stepwell.kind = "parameter"}
# CHECK-SAME: %[[W0:[a-z_0-9]+]]: tensor<4x4xf32> {stepwell.name = "blocks.0.proj.weight", stepwell.kind = "parameter"}
# CHECK-SAME: %[[W1:[a-z_0-9]+]]: tensor<4x4xf32> {stepwell.name = "blocks.1.proj.weight", stepwell.kind = "parameter"}
# CHECK-SAME: %[[STEPS:[a-z_0-9]+]]: tensor<4xi64> {stepwell.name = "steps", stepwell.kind = "buffer"}
# CHECK-SAME: %[[S0:[a-z_0-9]+]]: tensor<4xf32> {stepwell.name = "blocks.0.scale", stepwell.kind = "buffer"}
# CHECK-SAME: %[[S1:[a-z_0-9]+]]: tensor<4xf32> {stepwell.name = "blocks.1.scale", stepwell.kind = "buffer"}
# CHECK-SAME: %[[TWO:[a-z_0-9]+]]: tensor<f32> {stepwell.name = "two", stepwell.kind = "constant"}
# CHECK-SAME: %tokens: tensor<2x4xf32> {stepwell.name = "tokens", stepwell.kind = "input"}
# CHECK-SAME: -> tensor<2x4xf32>
# CHECK: %[[TWO_VALUE:.*]] = torch.aten.full {size = [], fill_value = 2.000000e+00 : f64, dtype = f32
# CHECK: %[[P0:.*]] = torch.aten.linear %tokens, %[[W0]], none :
# CHECK: %[[M0:.*]] = torch.aten.mul.Tensor %[[P0]], %[[S0]] :
# CHECK: %[[P1:.*]] = torch.aten.linear %[[M0]], %[[W1]], none :
# CHECK: %[[M1:.*]] = torch.aten.mul.Tensor %[[P1]], %[[S1]] :
# CHECK: torch.aten.add.Tensor %[[M1]], %[[SHIFT]] :
# CHECK: torch.aten.add.Tensor %{{.*}}, %[[TWO_VALUE]] :
# CHECK: torch.aten.add.Tensor %{{.*}}, %[[STEPS]] :
