# RUN: %python %s | filecheck %s
# ruff: noqa: E501  (FileCheck patterns match whole lines of IR)
"""Calls without a generated op class import as the generic `torch.operator`, carrying the
full name; non-tensor arguments become `args`/`kwargs`, with `#torch.sym<i>` for the i-th
operand. Import never fails on an unknown op."""

import torch
from torch import nn

from stepwell.frontend.fx import import_program
from stepwell.ir.printing import to_text


@torch.library.custom_op("stepwell_test::scale", mutates_args=())
def scale(x: torch.Tensor, factor: float, mode: str = "mul") -> torch.Tensor:
    return x * factor


@scale.register_fake
def _(x: torch.Tensor, factor: float, mode: str = "mul") -> torch.Tensor:
    return torch.empty_like(x)


class Net(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> tuple:
        a = scale(x, 2.5, mode="div")
        var, mean = torch.ops.aten.var_mean.correction(y, [1], correction=0, keepdim=True)
        return a, var, mean


ep = torch.export.export(Net(), (torch.randn(2, 3), torch.randn(4, 5)))
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward(%x: tensor<2x3xf32> {{.*}}, %y: tensor<4x5xf32> {{.*}})
# CHECK: torch.operator "stepwell_test.scale.default"(%x) {args = [#torch.sym<0>, 2.500000e+00 : f64, "div"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
# CHECK: %{{[0-9]+}}, %{{[0-9]+}} = torch.operator "aten.var_mean.correction"(%y) {args = [#torch.sym<0>, [1 : i64]], kwargs = {correction = 0 : i64, keepdim = true}} : (tensor<4x5xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>)
