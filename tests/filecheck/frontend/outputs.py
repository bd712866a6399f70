# RUN: %python %s | filecheck %s
# ruff: noqa: E501  (FileCheck patterns match whole lines of IR)
"""Tuple, list and nested outputs flatten into the function's results in order; getitem of
a multi-result op selects that op's result; an input returned as is stays a block arg."""

import torch
from torch import nn

from stepwell.frontend.fx import import_program
from stepwell.ir.printing import to_text


class Outputs(nn.Module):
    def forward(self, x: torch.Tensor) -> tuple:
        values, indices = torch.max(x, dim=1)
        head, tail = torch.split(x, [1, 3], dim=1)
        return (indices, values), [tail, head], x


ep = torch.export.export(Outputs(), (torch.randn(2, 4),))
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward(%x: tensor<2x4xf32> {{.*}}) -> (tensor<2xi64>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x4xf32>)
# CHECK: %[[V:[0-9]+]], %[[I:[0-9]+]] = torch.aten.max.dim %x {dim = 1 : i64} : (tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2xi64>)
# CHECK: %[[H:[0-9]+]], %[[T:[0-9]+]] = torch.aten.split_with_sizes %x {split_sizes = [1 : i64, 3 : i64], dim = 1 : i64} : (tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x3xf32>)
# CHECK: func.return %[[I]], %[[V]], %[[T]], %[[H]], %x : tensor<2xi64>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x4xf32>


class OnlyLast(nn.Module):
    """Only the second result of a multi-result op is used."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sort(x, dim=-1).indices


ep = torch.export.export(OnlyLast(), (torch.randn(3, 5),))
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward(%x: tensor<3x5xf32> {{.*}}) -> tensor<3x5xi64>
# CHECK: %{{[0-9]+}}, %[[IDX:[0-9]+]] = torch.aten.sort %x : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
# CHECK: func.return %[[IDX]] : tensor<3x5xi64>
