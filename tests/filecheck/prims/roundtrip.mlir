// RUN: stepwell-opt %s | filecheck %s
// RUN: stepwell-opt %s | stepwell-opt | filecheck %s
// RUN: stepwell-opt %s --print-op-generic | stepwell-opt | filecheck %s

// Round trip of the prims dialect: generated primitives and the composites.

// CHECK-LABEL: func.func @prims
func.func @prims(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %w: tensor<6x8xf32>, %q: tensor<1x4x8x16xf32>, %kv: tensor<1x2x8x16xf32>, %m: tensor<1x1x8x8xi1>, %b1: tensor<1xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[B:.*]] = prims.broadcast_in_dim %b {shape = [4 : i64, 8 : i64], broadcast_dimensions = [1 : i64]} : (tensor<8xf32>) -> tensor<4x8xf32>
  %0 = prims.broadcast_in_dim %b {shape = [4 : i64, 8 : i64], broadcast_dimensions = [1 : i64]} : (tensor<8xf32>) -> tensor<4x8xf32>
  // CHECK: prims.add %a, %[[B]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = prims.add %a, %0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: prims.sum %{{.*}} {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %2 = prims.sum %1 {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  // CHECK: prims.convert_element_type %{{.*}} {dtype = f16}
  %3 = prims.convert_element_type %1 {dtype = f16} : (tensor<4x8xf32>) -> tensor<4x8xf16>
  // CHECK: prims.matmul %a, %w {transpose_rhs = true} : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
  %4 = prims.matmul %a, %w {transpose_rhs = true} : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
  // CHECK: prims.attention %q, %kv, %kv mask %m {causal = true, scale = 2.500000e-01 : f64}
  %5 = prims.attention %q, %kv, %kv mask %m {causal = true, scale = 0.25 : f64} : (tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x1x8x8xi1>) -> tensor<1x4x8x16xf32>
  // CHECK: prims.attention %q, %kv, %kv : (
  %6 = prims.attention %q, %kv, %kv : (tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x4x8x16xf32>
  // CHECK: %{{.*}}, %[[LSE:.*]] = prims.attention %q, %kv, %kv {causal = true} : ({{.*}}) -> (tensor<1x4x8x16xf32>, tensor<1x4x8xf32>)
  %o, %lse = prims.attention %q, %kv, %kv {causal = true} : (tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> (tensor<1x4x8x16xf32>, tensor<1x4x8xf32>)
  // CHECK: prims.attention_backward %q, %q, %kv, %kv, %[[LSE]], %[[LSE]] mask %m {causal = true, scale = 2.500000e-01 : f64} : ({{.*}}) -> (tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>)
  %dq, %dk, %dv = prims.attention_backward %q, %q, %kv, %kv, %lse, %lse mask %m {causal = true, scale = 0.25 : f64} : (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x1x8x8xi1>) -> (tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>)
  // CHECK: prims.reshape %b1 {shape = []} : (tensor<1xf32>) -> tensor<f32>
  %s = prims.reshape %b1 {shape = []} : (tensor<1xf32>) -> tensor<f32>
  // CHECK: prims.slice %a {start_indices = [0 : i64, 2 : i64], limit_indices = [4 : i64, 8 : i64], strides = [1 : i64, 3 : i64]} : (tensor<4x8xf32>) -> tensor<4x2xf32>
  %7 = prims.slice %a {start_indices = [0 : i64, 2 : i64], limit_indices = [4 : i64, 8 : i64], strides = [1 : i64, 3 : i64]} : (tensor<4x8xf32>) -> tensor<4x2xf32>
  // CHECK: prims.extern "aten.convolution.default"(%a, %w) {args = [#torch.sym<0>, #torch.sym<1>]} : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
  %8 = prims.extern "aten.convolution.default"(%a, %w) {args = [#torch.sym<0>, #torch.sym<1>]} : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
  // CHECK: prims.full {shape = [4 : i64, 8 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false}
  %9 = prims.full {shape = [4 : i64, 8 : i64], fill_value = 0xFFF0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x8xf32>
  // CHECK: prims.arg_reduce %a {dim = 1 : i64, kind = "argmax"} : (tensor<4x8xf32>) -> tensor<4xi64>
  %10 = prims.arg_reduce %a {dim = 1 : i64, kind = "argmax"} : (tensor<4x8xf32>) -> tensor<4xi64>
  // CHECK: prims.sort %a {dim = 1 : i64, descending = true} : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi64>)
  %11, %12 = prims.sort %a {dim = 1 : i64, descending = true} : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi64>)
  // CHECK: prims.modified_bessel_k0 %a : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %13 = prims.modified_bessel_k0 %a : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %1 : tensor<4x8xf32>
}
