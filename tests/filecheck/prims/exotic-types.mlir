// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false}' -o %t.1.mlir
// RUN: filecheck %s --input-file %t.1.mlir
// RUN: stepwell-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: stepwell-opt %t.1.mlir --print-op-generic | stepwell-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false},canonicalize-prims,cse,convert-prims-to-tile' | filecheck %s --check-prefix=TILE

// Exotic element types (complex, float8, unsigned wider than 8 bits) at the torch and
// prims levels: the ops on them stay whole as `prims.extern`, the module prints and
// parses back identically (custom and generic forms), and only the float ops around
// them become kernels; the externs run at graph level.

// CHECK-LABEL: func.func @exotic
// CHECK-SAME: %u: tensor<5xui16>, %z: tensor<2xcomplex<f64>>
// CHECK: %[[C:.*]] = prims.extern "aten.complex.default"(%a, %b) {{.*}} -> tensor<4x3xcomplex<f32>>
// CHECK-NEXT: %[[M:.*]] = prims.extern "aten.mul.Tensor"(%[[C]], %[[C]]) {{.*}} : (tensor<4x3xcomplex<f32>>, tensor<4x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
// CHECK-NEXT: %[[R:.*]] = prims.extern "aten.view_as_real.default"(%[[M]]) {{.*}} : (tensor<4x3xcomplex<f32>>) -> tensor<4x3x2xf32>
// CHECK-NEXT: %[[S:.*]] = prims.sum %[[R]] {dims = [2 : i64]} : (tensor<4x3x2xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: prims.add %[[S]], %a
// CHECK-NEXT: prims.extern "aten._to_copy.default"(%a) {{.*}}dtype = f8E5M2{{.*}} : (tensor<4x3xf32>) -> tensor<4x3xf8E5M2>
// CHECK-NEXT: prims.extern "aten.mul.Tensor"(%u, %u) {{.*}} : (tensor<5xui16>, tensor<5xui16>) -> tensor<5xui16>
// CHECK-NEXT: prims.extern "aten.mul.Tensor"(%z, %z) {{.*}} : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>

// TILE-LABEL: func.func @exotic
// TILE: prims.extern "aten.complex.default"
// TILE-NEXT: prims.extern "aten.mul.Tensor"
// TILE-NEXT: %[[R:.*]] = prims.extern "aten.view_as_real.default"
// TILE-NEXT: tile.launch @{{.*}}(%[[R]], %a) : (tensor<4x3x2xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// TILE-NEXT: prims.extern "aten._to_copy.default"
// TILE-NEXT: prims.extern "aten.mul.Tensor"(%u, %u)
// TILE-NEXT: prims.extern "aten.mul.Tensor"(%z, %z)
// TILE-NOT: tile.launch
func.func @exotic(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>, %u: tensor<5xui16>, %z: tensor<2xcomplex<f64>>) -> (tensor<4x3xf32>, tensor<4x3xf8E5M2>, tensor<5xui16>, tensor<2xcomplex<f64>>) {
  %0 = torch.operator "aten.complex.default"(%a, %b) {args = [#torch.sym<0>, #torch.sym<1>]} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xcomplex<f32>>
  %1 = torch.aten.mul.Tensor %0, %0 : (tensor<4x3xcomplex<f32>>, tensor<4x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
  %2 = torch.operator "aten.view_as_real.default"(%1) {args = [#torch.sym<0>]} : (tensor<4x3xcomplex<f32>>) -> tensor<4x3x2xf32>
  %3 = torch.aten.sum.dim_IntList %2 {dim = [-1 : i64]} : (tensor<4x3x2xf32>) -> tensor<4x3xf32>
  %4 = torch.aten.add.Tensor %3, %a : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %5 = torch.aten._to_copy %a {dtype = f8E5M2} : (tensor<4x3xf32>) -> tensor<4x3xf8E5M2>
  %6 = torch.aten.mul.Tensor %u, %u : (tensor<5xui16>, tensor<5xui16>) -> tensor<5xui16>
  %7 = torch.aten.mul.Tensor %z, %z : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  func.return %4, %5, %6, %7 : tensor<4x3xf32>, tensor<4x3xf8E5M2>, tensor<5xui16>, tensor<2xcomplex<f64>>
}
