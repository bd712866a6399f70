// RUN: stepwell-opt %s | filecheck %s
// RUN: stepwell-opt %s | stepwell-opt | filecheck %s
// RUN: stepwell-opt %s --print-op-generic | stepwell-opt | filecheck %s

// Round trip of the torch dialect's custom format: print -> parse -> print is identical.

// CHECK-LABEL: func.func @forms
func.func @forms(%a: tensor<4x?xf32, ["s0"]>, %b: tensor<4x?xf32, ["s0"]>, %s: i64) -> tensor<4x?xf32, ["s0"]> {
  // CHECK: %[[ADD:.*]] = torch.aten.add.Tensor %a, %b {alpha = 2 : i64} : (tensor<4x?xf32, ["s0"]>, tensor<4x?xf32, ["s0"]>) -> tensor<4x?xf32, ["s0"]>
  %0 = torch.aten.add.Tensor %a, %b {alpha = 2 : i64} : (tensor<4x?xf32, ["s0"]>, tensor<4x?xf32, ["s0"]>) -> tensor<4x?xf32, ["s0"]>
  // CHECK: torch.aten.cat [%[[ADD]], %a] {dim = 0 : i64}
  %1 = torch.aten.cat [%0, %a] {dim = 0 : i64} : (tensor<4x?xf32, ["s0"]>, tensor<4x?xf32, ["s0"]>) -> tensor<8x?xf32, ["s0"]>
  // CHECK: torch.aten.view %{{.*}} sym(%s) {size = [8 : i64, #torch.sym<0>]}
  %2 = torch.aten.view %1 sym(%s) {size = [8 : i64, #torch.sym<0>]} : (tensor<8x?xf32, ["s0"]>, i64) -> tensor<8x?xf32, ["s0"]>
  // CHECK: torch.aten.native_layer_norm %a, none, none {normalized_shape = [4 : i64], eps = 1.000000e-05 : f64}
  %3, %4, %5 = torch.aten.native_layer_norm %a, none, none {normalized_shape = [4 : i64], eps = 1.000000e-05 : f64} : (tensor<4x?xf32, ["s0"]>) -> (tensor<4x?xf32, ["s0"]>, tensor<4x1xf32>, tensor<4x1xf32>)
  // CHECK: torch.aten.masked_fill.Scalar %a, %{{.*}} {value = 0xfff0000000000000 : f64}
  %m = torch.aten.gt.Scalar %a {other = 0 : i64} : (tensor<4x?xf32, ["s0"]>) -> tensor<4x?xi1, ["s0"]>
  %6 = torch.aten.masked_fill.Scalar %a, %m {value = 0xFFF0000000000000 : f64} : (tensor<4x?xf32, ["s0"]>, tensor<4x?xi1, ["s0"]>) -> tensor<4x?xf32, ["s0"]>
  // CHECK: torch.aten._to_copy %a {dtype = f16}
  %7 = torch.aten._to_copy %a {dtype = f16} : (tensor<4x?xf32, ["s0"]>) -> tensor<4x?xf16, ["s0"]>
  // CHECK: torch.operator "aten.foo.default"(%a, %s) {args = [#torch.sym<0>, 3 : i64, #torch.sym<1>]}
  %8 = torch.operator "aten.foo.default"(%a, %s) {args = [#torch.sym<0>, 3 : i64, #torch.sym<1>]} : (tensor<4x?xf32, ["s0"]>, i64) -> tensor<4x?xf32, ["s0"]>
  func.return %0 : tensor<4x?xf32, ["s0"]>
}
