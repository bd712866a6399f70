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

# A Python number in a Tensor slot of an op with no Scalar overload (Inductor's prims.fma,
# which Dynamo makes of `addcmul_(a, b, value=2.0)`) is a 0-d `full` of it;
# decompose-torch-to-prims makes fma a multiply and an add (no ATen call).
import torch._inductor.inductor_prims  # noqa: E402, F401  (registers prims.fma)
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

from stepwell.frontend.fx import import_graph  # noqa: E402
from stepwell.pipeline import lower  # noqa: E402

args = (torch.randn(4), torch.randn(4))
gm = make_fx(lambda a, c: torch.ops.prims.fma(a, 2.0, c))(*args)
module = import_graph(gm, args)
print(to_text(module))
lower(module, "prims")
print(to_text(module))

# CHECK-LABEL: func.func @forward
# CHECK:       %[[TWO:.*]] = torch.aten.full {size = [], fill_value = 2.000000e+00 : f64, dtype = f32
# CHECK-NEXT:  torch.operator "prims.fma.default"(%{{.*}}, %[[TWO]], %{{.*}})
# CHECK-LABEL: func.func @forward
# CHECK-NOT:   prims.extern
# CHECK:       prims.mul
# CHECK:       prims.add
# CHECK-NOT:   prims.extern

# Of float64 tensors, the number is a float64 `full`: eager computes with it as a double
# (a float32 one rounded `value=1e-50` to 0).
args64 = (torch.randn(4, dtype=torch.float64), torch.randn(4, dtype=torch.float64))
gm = make_fx(lambda a, c: torch.ops.prims.fma(a, 1e-50, c))(*args64)
print(to_text(import_graph(gm, args64)))

# CHECK-LABEL: func.func @forward
# CHECK:       %[[TINY:.*]] = torch.aten.full {size = [], fill_value = 1.000000e-50 : f64, dtype = f64
# CHECK-NEXT:  torch.operator "prims.fma.default"(%{{.*}}, %[[TINY]], %{{.*}})

# An op whose results hold a list (`(Tensor[], Tensor)`: GradScaler's unscale) has one
# result per tensor, in order; each getitem of the list reads its own.
scaled = ([torch.randn(3), torch.randn(2)], torch.zeros(1), torch.tensor([0.5]))
unscale = torch.ops.aten._amp_foreach_non_finite_check_and_unscale.default
gm = make_fx(lambda gs, found, inv: unscale(gs, found, inv))(*scaled)
print(to_text(import_graph(gm, [*scaled[0], *scaled[1:]])))

# CHECK-LABEL: func.func @forward
# CHECK:       %[[G0:.*]], %[[G1:.*]], %[[FOUND:.*]] = torch.operator "aten._amp_foreach_non_finite_check_and_unscale.default"
# CHECK-SAME:  -> (tensor<3xf32>, tensor<2xf32>, tensor<1xf32>)
# CHECK-NEXT:  func.return %[[G0]], %[[G1]], %[[FOUND]]

# An op that writes its arguments (a custom op's `mutates_args`), called on a view: the
# functionalized program calls it through `auto_functionalized_v2`, imported as the op on
# the view, whose extra result is the view's new value (written on a copy at run time),
# scattered back into the tensor it views, which later reads see.


@torch.library.custom_op("stepwell_test::bump", mutates_args=("x",))
def bump(x: torch.Tensor, y: torch.Tensor) -> None:
    x.add_(y)


@bump.register_fake
def _(x: torch.Tensor, y: torch.Tensor) -> None:
    return None


class Bumps(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        z = x * 2
        bump(z[1:], y)
        return z.sum(0)


ep = torch.export.export(Bumps(), (torch.randn(3, 4), torch.randn(2, 4)))
print(to_text(import_program(ep)))

# CHECK-LABEL: func.func @forward
# CHECK:       %[[Z:.*]] = torch.aten.mul.Scalar %x
# CHECK-NEXT:  %[[VIEW:.*]] = torch.aten.slice.Tensor %[[Z]] {start = 1 : i64, end = 3 : i64}
# CHECK-NEXT:  %[[NEW:.*]] = torch.operator "stepwell_test.bump.default"(%y, %[[VIEW]]) {args = [], kwargs = {y = #torch.sym<0>, x = #torch.sym<1>}} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
# CHECK-NEXT:  %[[ALL:.*]] = torch.aten.slice_scatter %[[Z]], %[[NEW]] {start = 1 : i64, end = 3 : i64}
# CHECK-NEXT:  torch.aten.sum.dim_IntList %[[ALL]]
