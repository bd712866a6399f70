# RUN: %python %s | filecheck %s
# ruff: noqa: E501  (FileCheck patterns match whole lines of IR)
"""torch.export with dynamic_shapes: each dynamic dim imports as `?` and the tensor type's
encoding keeps its symbol, so relations between shapes survive (a symbol shared by two
inputs, an expression over symbols). Symbolic sizes computed in the graph are `i64` values
that ops take through `sym(...)`."""

import torch
from torch import nn
from torch.export import Dim

from stepwell.frontend.fx import import_program
from stepwell.ir.printing import to_text


class Concat(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple:
        return torch.cat([x, z], dim=0), torch.cat([x, y], dim=0)


n, m = Dim("n"), Dim("m")
ep = torch.export.export(
    Concat(),
    (torch.randn(3, 4), torch.randn(5, 4), torch.randn(3, 4)),
    dynamic_shapes=({0: n}, {0: m}, {0: n}),
)
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward(
# CHECK-SAME: %x: tensor<?x4xf32, ["[[N:s[0-9]+]]"]>
# CHECK-SAME: %y: tensor<?x4xf32, ["[[M:s[0-9]+]]"]>
# CHECK-SAME: %z: tensor<?x4xf32, ["[[N]]"]>
# CHECK: torch.aten.cat [%x, %z] : (tensor<?x4xf32, ["[[N]]"]>, tensor<?x4xf32, ["[[N]]"]>) -> tensor<?x4xf32, ["2*[[N]]"]>
# CHECK: torch.aten.cat [%x, %y] : (tensor<?x4xf32, ["[[N]]"]>, tensor<?x4xf32, ["[[M]]"]>) -> tensor<?x4xf32, ["{{s[0-9]+ \+ s[0-9]+}}"]>


class Flatten(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.view(x.shape[0] * 3, -1)


ep = torch.export.export(Flatten(), (torch.randn(2, 3, 5),), dynamic_shapes=({0: Dim("b")},))
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward(
# CHECK-SAME: %x: tensor<?x3x5xf32, ["[[B:s[0-9]+]]"]>
# CHECK-SAME: -> tensor<?x5xf32, ["3*[[B]]"]>
# CHECK: %[[D0:.*]] = torch.aten.sym_size.int %x {dim = 0 : i64} : (tensor<?x3x5xf32, ["[[B]]"]>) -> i64
# CHECK: %[[P:.*]] = torch.operator "_operator.mul"(%[[D0]]) {args = [#torch.sym<0>, 3 : i64]} : (i64) -> i64
# CHECK: torch.aten.view %x sym(%[[P]]) {size = [#torch.sym<0>, -1 : i64]} : (tensor<?x3x5xf32, ["[[B]]"]>, i64) -> tensor<?x5xf32, ["3*[[B]]"]>
