// RUN: stepwell-opt %s -o %t.1.mlir
// RUN: filecheck %s --input-file %t.1.mlir
// RUN: stepwell-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: stepwell-opt %s --print-op-generic -o %t.g1.mlir
// RUN: stepwell-opt %t.g1.mlir -o %t.g2.mlir
// RUN: diff %t.1.mlir %t.g2.mlir
// RUN: stepwell-opt %t.g1.mlir --print-op-generic -o %t.g3.mlir
// RUN: diff %t.g1.mlir %t.g3.mlir

// Round trip of the torch dialect: print -> parse -> print is identical (the diff lines),
// in the custom form, in the generic form, and from the generic form to the custom one.

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
  // CHECK: torch.operator "aten.narrow_copy.default"(%a, %s) {args = [#torch.sym<0>, 3 : i64, #torch.sym<1>]}
  %8 = torch.operator "aten.narrow_copy.default"(%a, %s) {args = [#torch.sym<0>, 3 : i64, #torch.sym<1>]} : (tensor<4x?xf32, ["s0"]>, i64) -> tensor<4x?xf32, ["s0"]>
  func.return %0 : tensor<4x?xf32, ["s0"]>
}

// CHECK-LABEL: func.func @more_forms
func.func @more_forms(%x: tensor<?x4xf32, ["s77"]>, %idx: tensor<2xi64>) -> (tensor<?x2xf32, ["s77"]>, tensor<?x1xf32, ["s77"]>, i64) {
  // CHECK: %[[N:.*]] = torch.aten.sym_size.int %x {dim = 0 : i64} : (tensor<?x4xf32, ["s77"]>) -> i64
  %n = torch.aten.sym_size.int %x {dim = 0 : i64} : (tensor<?x4xf32, ["s77"]>) -> i64
  // CHECK: torch.aten.index.Tensor %x, [%idx] {indices = [none, 0 : i64]}
  %0 = torch.aten.index.Tensor %x, [%idx] {indices = [none, 0 : i64]} : (tensor<?x4xf32, ["s77"]>, tensor<2xi64>) -> tensor<?x2xf32, ["s77"]>
  // CHECK: %{{.*}}, %{{.*}} = torch.operator "aten.var_mean.correction"(%x) {args = [#torch.sym<0>, [1 : i64]], kwargs = {correction = 0 : i64, keepdim = true}}
  %1, %2 = torch.operator "aten.var_mean.correction"(%x) {args = [#torch.sym<0>, [1 : i64]], kwargs = {correction = 0 : i64, keepdim = true}} : (tensor<?x4xf32, ["s77"]>) -> (tensor<?x1xf32, ["s77"]>, tensor<?x1xf32, ["s77"]>)
  // CHECK: torch.aten._assert_tensor_metadata %x {dtype = f32, device = "cpu", layout = "strided"} : (tensor<?x4xf32, ["s77"]>) -> ()
  torch.aten._assert_tensor_metadata %x {dtype = f32, device = "cpu", layout = "strided"} : (tensor<?x4xf32, ["s77"]>) -> ()
  // CHECK: %[[LN:.*]] = torch.aten.layer_norm %x, none, none {normalized_shape = [4 : i64], cudnn_enable = false}
  %3 = torch.aten.layer_norm %x, none, none {normalized_shape = [4 : i64], cudnn_enable = false} : (tensor<?x4xf32, ["s77"]>) -> tensor<?x4xf32, ["s77"]>
  // CHECK: torch.aten.native_layer_norm %x, none, %[[LN]] {normalized_shape = [4 : i64], eps = 1.000000e-05 : f64}
  %ln, %mean, %rstd = torch.aten.native_layer_norm %x, none, %3 {normalized_shape = [4 : i64], eps = 1.0e-05 : f64} : (tensor<?x4xf32, ["s77"]>, tensor<?x4xf32, ["s77"]>) -> (tensor<?x4xf32, ["s77"]>, tensor<?x1xf32, ["s77"]>, tensor<?x1xf32, ["s77"]>)
  // CHECK: torch.aten.relu %x attributes {stepwell.note = "kept"} : (tensor<?x4xf32, ["s77"]>) -> tensor<?x4xf32, ["s77"]>
  %4 = torch.aten.relu %x attributes {stepwell.note = "kept"} : (tensor<?x4xf32, ["s77"]>) -> tensor<?x4xf32, ["s77"]>
  // CHECK: torch.aten.sum.dim_IntList %x {dim = [1 : i64], keepdim = true, dtype = f64}
  %5 = torch.aten.sum.dim_IntList %x {dim = [1 : i64], keepdim = true, dtype = f64} : (tensor<?x4xf32, ["s77"]>) -> tensor<?x1xf64, ["s77"]>
  // CHECK: %{{.*}}, %{{.*}} = torch.aten.split_with_sizes %x {split_sizes = [1 : i64, 3 : i64], dim = 1 : i64}
  %s1, %s2 = torch.aten.split_with_sizes %x {split_sizes = [1 : i64, 3 : i64], dim = 1 : i64} : (tensor<?x4xf32, ["s77"]>) -> (tensor<?x1xf32, ["s77"]>, tensor<?x3xf32, ["s77"]>)
  // CHECK: torch.aten.new_zeros %x sym(%[[N]], %[[N]]) {size = [#torch.sym<1>, 2 : i64, #torch.sym<0>], pin_memory = false}
  %6 = torch.aten.new_zeros %x sym(%n, %n) {size = [#torch.sym<1>, 2 : i64, #torch.sym<0>], pin_memory = false} : (tensor<?x4xf32, ["s77"]>, i64, i64) -> tensor<?x2x?xf32, ["s77", "s77"]>
  // CHECK: func.return
  func.return %0, %1, %n : tensor<?x2xf32, ["s77"]>, tensor<?x1xf32, ["s77"]>, i64
}
