# RUN: stepwell import %s | filecheck %s
# RUN: stepwell import %s:example_fn --no-locations -o %t.mlir
# RUN: filecheck %s --input-file %t.mlir --check-prefix=FN
# RUN: stepwell-opt %t.mlir | filecheck %s --check-prefix=FN
"""`stepwell import FILE[:NAME]`: NAME() (default `example`) returns (module or function,
inputs); the exported program's torch IR is printed with source locations, or written
to -o without them (--no-locations); stepwell-opt parses the result back."""

import torch
from torch import nn

# CHECK-LABEL: func.func @forward(
# CHECK-SAME: %p_weight: tensor<3xf32> {stepwell.name = "weight", stepwell.kind = "parameter"}
# CHECK-SAME: %x: tensor<2x3xf32> {stepwell.name = "x", stepwell.kind = "input"}


class Scale(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.full((3,), 2.0))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(x) * self.weight
        # CHECK: torch.aten.tanh %x {{.*}} loc("{{.*}}import.py":[[# @LINE - 1]]:9)
        # CHECK-NEXT: torch.aten.mul.Tensor {{.*}} loc("{{.*}}import.py":[[# @LINE - 2]]:9)


def example() -> tuple:
    return Scale(), (torch.randn(2, 3),)


def softplus(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.softplus(a - b)


def example_fn() -> tuple:
    return softplus, (torch.randn(4), torch.randn(4))


# FN-LABEL: func.func @forward(%{{.*}}: tensor<4xf32> {{.*}}, %{{.*}}: tensor<4xf32>
# FN: torch.aten.sub.Tensor
# FN: torch.aten.softplus
# FN-NOT: loc(
