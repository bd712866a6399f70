# RUN: %python %s | filecheck %s
# ruff: noqa: E501  (FileCheck patterns match whole lines of IR)
"""Non-tensor arguments are properties: ints, floats, bools, dtypes, devices; a Python
number where the schema has a Tensor switches to the Scalar overload (as ATen dispatch
does); arguments equal to their schema default are left out; dtypes map to MLIR types."""

import torch
from torch import nn

from stepwell.frontend.fx import import_program
from stepwell.ir.printing import to_text


class Net(nn.Module):
    def forward(self, x: torch.Tensor, mask: torch.Tensor, idx: torch.Tensor) -> tuple:
        a = x * 0.5 + 1
        b = torch.where(mask, x, -1.0)
        c = torch.sum(x, dim=1, keepdim=False)
        d = torch.sum(x, dim=[0, 1], keepdim=True, dtype=torch.float64)
        e = x.to(torch.bfloat16).to(torch.float16)
        f = torch.add(x, x, alpha=3)
        g = idx.to(torch.uint8) + idx.to(torch.int8).to(torch.uint8)
        return a, b, c, d, e, f, g


inputs = (torch.randn(2, 3), torch.rand(2, 3) > 0.5, torch.arange(4, dtype=torch.int32))
ep = torch.export.export(Net(), inputs)
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward(%x: tensor<2x3xf32> {{.*}}, %mask: tensor<2x3xi1> {{.*}}, %idx: tensor<4xi32>
# CHECK-SAME: -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<1x1xf64>, tensor<2x3xf16>, tensor<2x3xf32>, tensor<4xui8>)
# CHECK: %[[MUL:.*]] = torch.aten.mul.Scalar %x {other = 5.000000e-01 : f64}
# CHECK: torch.aten.add.Scalar %[[MUL]] {other = 1 : i64}
# CHECK: torch.aten.where.ScalarOther %mask, %x {other = -1.000000e+00 : f64} : (tensor<2x3xi1>, tensor<2x3xf32>) -> tensor<2x3xf32>
# CHECK: torch.aten.sum.dim_IntList %x {dim = [1 : i64]} : (tensor<2x3xf32>) -> tensor<2xf32>
# CHECK: torch.aten.sum.dim_IntList %x {dim = [0 : i64, 1 : i64], keepdim = true, dtype = f64} : (tensor<2x3xf32>) -> tensor<1x1xf64>
# CHECK: torch.aten.to.dtype %x {dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
# CHECK: torch.aten.to.dtype %{{.*}} {dtype = f16} : (tensor<2x3xbf16>) -> tensor<2x3xf16>
# CHECK: torch.aten.add.Tensor %x, %x {alpha = 3 : i64}
# CHECK: torch.aten.to.dtype %idx {dtype = ui8} : (tensor<4xi32>) -> tensor<4xui8>
# CHECK: torch.aten.to.dtype %idx {dtype = i8} : (tensor<4xi32>) -> tensor<4xi8>
