// RUN: stepwell-opt %s --split-input-file -p fuse-attention | filecheck %s
// RUN: stepwell-opt %s --split-input-file -p 'fuse-attention{report=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT

// Each case was made from a PyTorch function (torch.export, decompose-torch-to-prims,
// canonicalize-prims, cse); B=1, H=2, L=S=4, D=8 unless the types say otherwise. Some
// spellings are fused; the look-alikes (not attention, or fusing would lose an output)
// stay as they are. A plain softmax under a mask gives `blind_nan = true`: a row the mask
// hides entirely is softmax's 0/0, NaN, as in eager (SDPA's `_safe_softmax` gives 0).

// GPT-2's spelling: scores / sqrt(d) + an additive mask, softmax written out by
// `_softmax`'s decomposition. The division folds into the scale; the bias is the mask.
// CHECK-LABEL: func.func @div_scale_additive_mask
// CHECK-NOT: prims.amax
// CHECK: %[[O:.*]] = prims.attention %{{.*}}, %{{.*}}, %{{.*}} mask %{{.*}} {scale = 0.35355339059327373 : f64, blind_nan = true}
// CHECK-NOT: prims.matmul
// CHECK: prims.split_dim %{{.*}}
// REPORT: fused attention {{.*}} causal=False, mask=yes, gqa=False, scale=0.353553
func.func @div_scale_additive_mask(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>, %a_3: tensor<1x1x4x4xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 2.8284271247461903 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %6 = prims.div %4, %5 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %7 = prims.broadcast_in_dim %a_3 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.add %6, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.amax %8 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %10 = prims.broadcast_in_dim %9 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %12 = prims.sub %8, %11 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.exp %12 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.sum %13 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %15 = prims.broadcast_in_dim %14 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %17 = prims.div %13, %16 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.collapse %17 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %19 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %20 = prims.matmul %18, %19 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %21 = prims.split_dim %20 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %21 : tensor<1x2x4x8xf32>
}

// -----

// scaled_dot_product_attention's math decomposition: sqrt(scale) on Q and on K, and
// `_safe_softmax` (rows that see no key give 0).
// CHECK-LABEL: func.func @sdpa_math
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} {scale = 0.35355339059327373 : f64}
// CHECK-NOT: prims.exp
// CHECK-NOT: prims.matmul
// REPORT: fused attention {{.*}} causal=False, mask=no, gqa=False, scale=0.353553
func.func @sdpa_math(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 8 : i64], fill_value = 0.59460355750136051 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x8xf32>
  %1 = prims.mul %a, %0 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %2 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %3 = prims.full {shape = [1 : i64, 2 : i64, 8 : i64, 4 : i64], fill_value = 0.59460355750136051 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x8x4xf32>
  %4 = prims.mul %2, %3 : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  %5 = prims.collapse %1 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %6 = prims.collapse %4 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %7 = prims.matmul %5, %6 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %8 = prims.split_dim %7 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.amax %8 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %10 = prims.broadcast_in_dim %9 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %12 = prims.sub %8, %11 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.exp %12 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.sum %13 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %15 = prims.broadcast_in_dim %14 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %17 = prims.div %13, %16 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %19 = prims.eq %8, %18 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xi1>
  %20 = prims.bitwise_not %19 : (tensor<1x2x4x4xi1>) -> tensor<1x2x4x4xi1>
  %21 = prims.convert_element_type %20 {dtype = i64} : (tensor<1x2x4x4xi1>) -> tensor<1x2x4x4xi64>
  %22 = prims.sum %21 {dims = [3 : i64]} : (tensor<1x2x4x4xi64>) -> tensor<1x2x4xi64>
  %23 = prims.broadcast_in_dim %22 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xi64>) -> tensor<1x2x4x1xi64>
  %24 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x1xi64>
  %25 = prims.ne %23, %24 : (tensor<1x2x4x1xi64>, tensor<1x2x4x1xi64>) -> tensor<1x2x4x1xi1>
  %26 = prims.bitwise_not %25 : (tensor<1x2x4x1xi1>) -> tensor<1x2x4x1xi1>
  %27 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 0 : i64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %28 = prims.broadcast_in_dim %26 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xi1>) -> tensor<1x2x4x4xi1>
  %29 = prims.where %28, %27, %17 : (tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %30 = prims.collapse %29 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %31 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %32 = prims.matmul %30, %31 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %33 = prims.split_dim %32 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %34 = prims.transpose %33 {permutation = [2 : i64, 0 : i64, 1 : i64, 3 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<4x1x2x8xf32>
  %35 = prims.transpose %34 {permutation = [1 : i64, 2 : i64, 0 : i64, 3 : i64]} : (tensor<4x1x2x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %35 : tensor<1x2x4x8xf32>
}

// -----

// A causal mask from triu(ones) with masked_fill(-inf), the scale multiplied into Q:
// the constant mask is evaluated, recognized as causal and dropped.
// CHECK-LABEL: func.func @causal_iota_mul_scale_on_q
// CHECK-NOT: prims.iota
// CHECK-NOT: prims.where
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} {causal = true, scale = 5.000000e-01 : f64}
// REPORT: fused attention {{.*}} causal=True, mask=no, gqa=False, scale=0.5
func.func @causal_iota_mul_scale_on_q(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 8 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x8xf32>
  %1 = prims.mul %a, %0 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %2 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %3 = prims.collapse %1 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %4 = prims.collapse %2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %5 = prims.matmul %3, %4 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %6 = prims.split_dim %5 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %7 = prims.full {shape = [4 : i64, 4 : i64], fill_value = true, dtype = i1, device = "cpu", requires_grad = false} : () -> tensor<4x4xi1>
  %8 = prims.iota {length = 4 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<4xi64>
  %9 = prims.broadcast_in_dim %8 {shape = [1 : i64, 4 : i64], broadcast_dimensions = [1 : i64]} : (tensor<4xi64>) -> tensor<1x4xi64>
  %10 = prims.broadcast_in_dim %8 {shape = [4 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<4xi64>) -> tensor<4x1xi64>
  %11 = prims.broadcast_in_dim %9 {shape = [4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x4xi64>) -> tensor<4x4xi64>
  %12 = prims.broadcast_in_dim %10 {shape = [4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<4x1xi64>) -> tensor<4x4xi64>
  %13 = prims.sub %11, %12 : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi64>
  %14 = prims.full {shape = [4 : i64, 4 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<4x4xi64>
  %15 = prims.ge %13, %14 : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
  %16 = prims.bitwise_and %15, %7 : (tensor<4x4xi1>, tensor<4x4xi1>) -> tensor<4x4xi1>
  %17 = prims.broadcast_in_dim %16 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<4x4xi1>) -> tensor<1x2x4x4xi1>
  %18 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %19 = prims.where %17, %18, %6 : (tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %20 = prims.amax %19 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %21 = prims.broadcast_in_dim %20 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %22 = prims.broadcast_in_dim %21 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %23 = prims.sub %19, %22 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %24 = prims.exp %23 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %25 = prims.sum %24 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %26 = prims.broadcast_in_dim %25 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %27 = prims.broadcast_in_dim %26 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %28 = prims.div %24, %27 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %29 = prims.collapse %28 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %30 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %31 = prims.matmul %29, %30 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %32 = prims.split_dim %31 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %32 : tensor<1x2x4x8xf32>
}

// -----

// bf16 with an fp32 upcast around the softmax and a boolean padding mask [B, 1, 1, T]
// filled with finfo.min: the boolean mask itself, whose hidden keys have the logit
// finfo.min (`fill`: it replaces them, so a row that hides every key attends to all
// alike, as eager's where() makes it; no row is NaN).
// CHECK-LABEL: func.func @bf16_upcast_bool_padding
// CHECK-NOT: prims.where
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} mask %{{.*}} {scale = 1.250000e-01 : f64, fill = -3.4028234663852886e+38 : f64} : ({{.*}}, tensor<1x2x4x4xi1>) -> tensor<1x2x4x8xbf16>
// CHECK-NOT: prims.convert_element_type
// REPORT: fused attention {{.*}} causal=False, mask=yes, gqa=False, scale=0.125
func.func @bf16_upcast_bool_padding(%a: tensor<1x2x4x8xbf16>, %a_1: tensor<1x2x4x8xbf16>, %a_2: tensor<1x2x4x8xbf16>, %a_3: tensor<1x4xi1>) -> tensor<1x2x4x8xbf16> {
  %0 = prims.broadcast_in_dim %a_3 {shape = [1 : i64, 1 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 2 : i64]} : (tensor<1x4xi1>) -> tensor<1x1x4xi1>
  %1 = prims.broadcast_in_dim %0 {shape = [1 : i64, 1 : i64, 1 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64]} : (tensor<1x1x4xi1>) -> tensor<1x1x1x4xi1>
  %2 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xbf16>) -> tensor<1x2x8x4xbf16>
  %3 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xbf16>) -> tensor<2x4x8xbf16>
  %4 = prims.collapse %2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xbf16>) -> tensor<2x8x4xbf16>
  %5 = prims.matmul %3, %4 : (tensor<2x4x8xbf16>, tensor<2x8x4xbf16>) -> tensor<2x4x4xbf16>
  %6 = prims.split_dim %5 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xbf16>) -> tensor<1x2x4x4xbf16>
  %7 = prims.convert_element_type %6 {dtype = f32} : (tensor<1x2x4x4xbf16>) -> tensor<1x2x4x4xf32>
  %8 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 1.250000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %9 = prims.mul %7, %8 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.scalar_tensor {s = -3.4028234663852886e+38 : f64, dtype = f32, device = "cpu"} : () -> tensor<f32>
  %11 = prims.broadcast_in_dim %1 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x4xi1>) -> tensor<1x2x4x4xi1>
  %12 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<1x2x4x4xf32>
  %13 = prims.where %11, %9, %12 : (tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.amax %13 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %15 = prims.broadcast_in_dim %14 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %17 = prims.sub %13, %16 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.exp %17 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %19 = prims.sum %18 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %20 = prims.broadcast_in_dim %19 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %21 = prims.broadcast_in_dim %20 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %22 = prims.div %18, %21 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %23 = prims.convert_element_type %22 {dtype = bf16} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xbf16>
  %24 = prims.collapse %23 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xbf16>) -> tensor<2x4x4xbf16>
  %25 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xbf16>) -> tensor<2x4x8xbf16>
  %26 = prims.matmul %24, %25 : (tensor<2x4x4xbf16>, tensor<2x4x8xbf16>) -> tensor<2x4x8xbf16>
  %27 = prims.split_dim %26 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xbf16>) -> tensor<1x2x4x8xbf16>
  func.return %27 : tensor<1x2x4x8xbf16>
}

// -----

// Grouped-query attention: K and V repeated across heads by expand + reshape
// (`repeat_kv`); the fused op reads the one shared head instead of the copy.
// CHECK-LABEL: func.func @gqa_repeat_kv
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} {scale = 3.500000e-01 : f64} : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
// CHECK-NOT: prims.collapse %{{.*}} {start = 1 : i64, end = 2 : i64}
// REPORT: fused attention {{.*}} causal=False, mask=no, gqa=True, scale=0.35
func.func @gqa_repeat_kv(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x1x4x8xf32>, %a_2: tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.broadcast_in_dim %a_1 {shape = [1 : i64, 1 : i64, 1 : i64, 4 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64, 4 : i64]} : (tensor<1x1x4x8xf32>) -> tensor<1x1x1x4x8xf32>
  %1 = prims.broadcast_in_dim %0 {shape = [1 : i64, 1 : i64, 2 : i64, 4 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64]} : (tensor<1x1x1x4x8xf32>) -> tensor<1x1x2x4x8xf32>
  %2 = prims.collapse %1 {start = 1 : i64, end = 2 : i64} : (tensor<1x1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %3 = prims.transpose %2 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %4 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %5 = prims.collapse %3 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %6 = prims.matmul %4, %5 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %7 = prims.split_dim %6 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 3.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %9 = prims.mul %7, %8 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.amax %9 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.sub %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.exp %13 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %15 = prims.sum %14 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %17 = prims.broadcast_in_dim %16 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.div %14, %17 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %19 = prims.broadcast_in_dim %a_2 {shape = [1 : i64, 1 : i64, 1 : i64, 4 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64, 4 : i64]} : (tensor<1x1x4x8xf32>) -> tensor<1x1x1x4x8xf32>
  %20 = prims.broadcast_in_dim %19 {shape = [1 : i64, 1 : i64, 2 : i64, 4 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64]} : (tensor<1x1x1x4x8xf32>) -> tensor<1x1x2x4x8xf32>
  %21 = prims.collapse %18 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %22 = prims.reshape %20 {shape = [2 : i64, 4 : i64, 8 : i64]} : (tensor<1x1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %23 = prims.matmul %21, %22 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %24 = prims.split_dim %23 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %24 : tensor<1x2x4x8xf32>
}

// -----

// The output transposed back to [B, L, H*D], as models feed their output projection: the
// fused op writes [B, L, H, D] (`transpose_out`), so the transposes are views of it, and
// Q, K, V are the arguments themselves, not the collapsed copies the matmuls read.
// CHECK-LABEL: func.func @output_back_to_tokens
// CHECK-NEXT: %[[O:.*]] = prims.attention %a, %a_1, %a_2 {transpose_out = true, scale = 2.500000e-01 : f64} : {{.*}} -> tensor<1x4x2x8xf32>
// CHECK-NEXT: %[[T:.*]] = prims.transpose %[[O]] {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]}
// CHECK-NEXT: %[[U:.*]] = prims.transpose %[[T]] {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]}
// CHECK-NEXT: prims.collapse %[[U]] {start = 2 : i64, end = 3 : i64}
// REPORT: fused attention {{.*}} causal=False, mask=no, gqa=False, scale=0.25
func.func @output_back_to_tokens(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> tensor<1x4x16xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %6 = prims.mul %4, %5 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %7 = prims.amax %6 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %8 = prims.broadcast_in_dim %7 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %9 = prims.broadcast_in_dim %8 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.sub %6, %9 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %11 = prims.exp %10 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %12 = prims.sum %11 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %13 = prims.broadcast_in_dim %12 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %14 = prims.broadcast_in_dim %13 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %15 = prims.div %11, %14 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %16 = prims.collapse %15 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %17 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %18 = prims.matmul %16, %17 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %19 = prims.split_dim %18 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %20 = prims.transpose %19 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x4x2x8xf32>
  %21 = prims.collapse %20 {start = 2 : i64, end = 3 : i64} : (tensor<1x4x2x8xf32>) -> tensor<1x4x16xf32>
  func.return %21 : tensor<1x4x16xf32>
}

// -----

// Not attention: the softmax runs over the queries (dim 2), not the keys.
// CHECK-LABEL: func.func @wrong_axis
// CHECK-NOT: prims.attention
// CHECK: prims.amax %{{.*}} {dims = [2 : i64]}
// REPORT: not fused {{.*}} softmax over another dim than the keys (the last)
func.func @wrong_axis(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.amax %4 {dims = [2 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %6 = prims.broadcast_in_dim %5 {shape = [1 : i64, 2 : i64, 1 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x1x4xf32>
  %7 = prims.broadcast_in_dim %6 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x1x4xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.sub %4, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.exp %8 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.sum %9 {dims = [2 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 1 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x1x4xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x1x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.div %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.collapse %13 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %15 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %16 = prims.matmul %14, %15 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %17 = prims.split_dim %16 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %17 : tensor<1x2x4x8xf32>
}

// -----

// Not attention: the mask multiplies the probabilities, after the softmax.
// CHECK-LABEL: func.func @mask_after_softmax
// CHECK-NOT: prims.attention
// CHECK: prims.exp
func.func @mask_after_softmax(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>, %a_3: tensor<1x1x4x4xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.amax %4 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %6 = prims.broadcast_in_dim %5 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %7 = prims.broadcast_in_dim %6 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.sub %4, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.exp %8 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.sum %9 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.div %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.broadcast_in_dim %a_3 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %15 = prims.mul %13, %14 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %16 = prims.collapse %15 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %17 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %18 = prims.matmul %16, %17 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %19 = prims.split_dim %18 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %19 : tensor<1x2x4x8xf32>
}

// -----

// A scale that is one value but not a constant (Dynamo's `dynamic=True` lifts a model's
// float `self.scale` to a 0-d input): s · Q Kᵀ = (s · Q) Kᵀ, so Q is scaled (in float32
// at least) and the kernel's scale is the constant rest.
// CHECK-LABEL: func.func @runtime_scale
// CHECK: %[[S:.*]] = prims.broadcast_in_dim %s {{.*}} -> tensor<1x2x4x8xf32>
// CHECK: %[[Q:.*]] = prims.mul %a, %[[S]]
// CHECK: prims.attention %[[Q]], %a_1, %a_2 mask %{{.*}} {scale = 1.000000e+00 : f64, blind_nan = true}
// CHECK-NOT: prims.amax
// REPORT: fused attention {{.*}} causal=False, mask=yes, gqa=False, scale=1
func.func @runtime_scale(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>, %a_3: tensor<1x1x4x4xf32>, %s: tensor<f32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.broadcast_in_dim %s {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<1x2x4x4xf32>
  %6 = prims.mul %4, %5 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %7 = prims.broadcast_in_dim %a_3 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.add %6, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.amax %8 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %10 = prims.broadcast_in_dim %9 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %12 = prims.sub %8, %11 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.exp %12 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.sum %13 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %15 = prims.broadcast_in_dim %14 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %17 = prims.div %13, %16 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.collapse %17 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %19 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %20 = prims.matmul %18, %19 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %21 = prims.split_dim %20 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %21 : tensor<1x2x4x8xf32>
}

// -----

// Not fused: the bias is added under that scale, which would scale it too.
// CHECK-LABEL: func.func @bias_under_runtime_scale
// CHECK-NOT: prims.attention
// CHECK: prims.exp
// REPORT: not fused {{.*}} a bias or mask under a scale that is not a constant
func.func @bias_under_runtime_scale(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>, %a_3: tensor<1x1x4x4xf32>, %s: tensor<f32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.broadcast_in_dim %s {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<1x2x4x4xf32>
  %7 = prims.broadcast_in_dim %a_3 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %6 = prims.add %4, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.div %6, %5 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.amax %8 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %10 = prims.broadcast_in_dim %9 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %12 = prims.sub %8, %11 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.exp %12 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.sum %13 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %15 = prims.broadcast_in_dim %14 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %17 = prims.div %13, %16 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.collapse %17 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %19 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %20 = prims.matmul %18, %19 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %21 = prims.split_dim %20 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %21 : tensor<1x2x4x8xf32>
}

// -----

// Not attention with a constant scale: the scores are divided by their own max.
// CHECK-LABEL: func.func @scale_from_scores
// CHECK-NOT: prims.attention
// CHECK: prims.exp
// REPORT: not fused {{.*}} the scores are scaled by a value that is not a constant
func.func @scale_from_scores(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.abs %4 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %6 = prims.amax %5 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %7 = prims.broadcast_in_dim %6 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %8 = prims.broadcast_in_dim %7 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.div %4, %8 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.amax %9 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.sub %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.exp %13 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %15 = prims.sum %14 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %17 = prims.broadcast_in_dim %16 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.div %14, %17 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %19 = prims.collapse %18 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %20 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %21 = prims.matmul %19, %20 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %22 = prims.split_dim %21 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %22 : tensor<1x2x4x8xf32>
}

// -----

// Not attention: the probabilities are transposed, so V is contracted over the queries.
// CHECK-LABEL: func.func @v_wrong_dim
// CHECK-NOT: prims.attention
// CHECK: prims.exp
// REPORT: not fused {{.*}} softmax over another dim than the keys (dim -2 of K Qᵀ)
func.func @v_wrong_dim(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.amax %4 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %6 = prims.broadcast_in_dim %5 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %7 = prims.broadcast_in_dim %6 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.sub %4, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.exp %8 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.sum %9 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.div %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.transpose %13 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %15 = prims.collapse %14 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %16 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %17 = prims.matmul %15, %16 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %18 = prims.split_dim %17 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %18 : tensor<1x2x4x8xf32>
}

// -----

// Scores written K Qᵀ ([.., keys, queries]), the softmax over dim -2, Pᵀ · V: attention
// with its score matrix transposed. Q is the scores' rhs, K their lhs.
// CHECK-LABEL: func.func @scores_transposed
// CHECK-SAME: (%[[K:.*]]: tensor<1x2x4x8xf32>, %[[Q:.*]]: tensor<1x2x4x8xf32>, %[[V:.*]]: tensor<1x2x4x8xf32>)
// CHECK-NOT: prims.exp
// CHECK: prims.attention %[[Q]], %[[K]], %[[V]] {scale = 1.000000e+00 : f64}
// CHECK-NOT: prims.matmul
// REPORT: fused attention {{.*}} causal=False, mask=no, gqa=False, scale=1
func.func @scores_transposed(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.amax %4 {dims = [2 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %6 = prims.broadcast_in_dim %5 {shape = [1 : i64, 2 : i64, 1 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x1x4xf32>
  %7 = prims.broadcast_in_dim %6 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x1x4xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.sub %4, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.exp %8 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.sum %9 {dims = [2 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 1 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x1x4xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x1x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.div %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.transpose %13 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %15 = prims.collapse %14 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %16 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %17 = prims.matmul %15, %16 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %18 = prims.split_dim %17 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %18 : tensor<1x2x4x8xf32>
}

// -----

// Not fused: the probabilities are also returned, and the fused kernel never makes them.
// CHECK-LABEL: func.func @scores_used_elsewhere
// CHECK-NOT: prims.attention
// CHECK: prims.exp
// REPORT: not fused {{.*}} the prims.div result is used outside the attention (by func.return)
func.func @scores_used_elsewhere(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>) -> (tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.amax %4 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %6 = prims.broadcast_in_dim %5 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %7 = prims.broadcast_in_dim %6 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.sub %4, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.exp %8 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.sum %9 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.div %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.collapse %13 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %15 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %16 = prims.matmul %14, %15 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %17 = prims.split_dim %16 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %17, %13 : tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>
}


// -----

// Attentions kept whole (SDPA's in training, forward and backward) whose mask is a
// constant causal pattern become causal = true without the mask, so their kernels skip
// the masked blocks; a mask that depends on an input stays.
// CHECK-LABEL: func.func @kept_whole_causal_mask
// CHECK-NOT: prims.iota
// CHECK: %[[O:.*]], %[[LSE:.*]] = prims.attention %q, %q, %q {causal = true} : (
// CHECK: prims.attention_backward %q, %q, %q, %q, %[[LSE]], %[[LSE]] {causal = true} : (
// CHECK: prims.attention %q, %q, %q mask %m : (
// REPORT: prims.attention at {{.*}}: the mask is causal (causal=true, mask dropped)
// REPORT: prims.attention_backward at {{.*}}: the mask is causal (causal=true, mask dropped)
func.func @kept_whole_causal_mask(%q: tensor<1x2x8x16xf32>, %m: tensor<1x1x8x8xi1>) -> (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) {
  %0 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
  %1 = prims.broadcast_in_dim %0 {shape = [8 : i64, 8 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xi64>) -> tensor<8x8xi64>
  %2 = prims.broadcast_in_dim %0 {shape = [8 : i64, 8 : i64], broadcast_dimensions = [1 : i64]} : (tensor<8xi64>) -> tensor<8x8xi64>
  %3 = prims.ge %1, %2 : (tensor<8x8xi64>, tensor<8x8xi64>) -> tensor<8x8xi1>
  %mask = prims.broadcast_in_dim %3 {shape = [1 : i64, 1 : i64, 8 : i64, 8 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<8x8xi1>) -> tensor<1x1x8x8xi1>
  %o, %lse = prims.attention %q, %q, %q mask %mask : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x1x8x8xi1>) -> (tensor<1x2x8x16xf32>, tensor<1x2x8xf32>)
  %dq, %dk, %dv = prims.attention_backward %q, %q, %q, %q, %lse, %lse mask %mask : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>, tensor<1x1x8x8xi1>) -> (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>)
  %p = prims.attention %q, %q, %q mask %m : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x1x8x8xi1>) -> tensor<1x2x8x16xf32>
  func.return %o, %dq, %p : tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>
}

// -----

// A symbolic length (`s0`): the causal mask is built from an iota of the length, so it
// is evaluated at sample lengths (2, 3, 5, 16, 67 and past twice its constants); it is
// causal at each, so the attention is `causal = true` with `?` lengths.
// CHECK-LABEL: func.func @symbolic_causal
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} {causal = true, scale = 2.500000e-01 : f64} : (tensor<1x2x?x16xf32, ["s0"]>, tensor<1x2x?x16xf32, ["s0"]>, tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]>
// CHECK-NOT: prims.softmax
// REPORT: fused attention {{.*}} causal=True, mask=no, gqa=False, scale=0.25
func.func @symbolic_causal(%q: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "q", stepwell.kind = "input"}, %k: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "k", stepwell.kind = "input"}, %v: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "v", stepwell.kind = "input"}) -> tensor<1x2x?x16xf32, ["s0"]> attributes {stepwell.size_hints = {s0 = 8 : i64}} {
  %0 = prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?xi64, ["s0"]>
  %1 = prims.broadcast_in_dim %0 {shape = [1 : i64, -9223372036854775808 : i64], broadcast_dimensions = [1 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<1x?xi64, ["s0"]>
  %2 = prims.broadcast_in_dim %0 {shape = [-9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<?x1xi64, ["s0"]>
  %3 = prims.broadcast_in_dim %1 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x?xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %4 = prims.broadcast_in_dim %2 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<?x1xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %5 = prims.transpose %k {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x16x?xf32, ["s0"]>
  %6 = prims.collapse %q {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %7 = prims.collapse %5 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x16x?xf32, ["s0"]>) -> tensor<2x16x?xf32, ["s0"]>
  %8 = prims.matmul %6, %7 : (tensor<2x?x16xf32, ["s0"]>, tensor<2x16x?xf32, ["s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %9 = prims.split_dim %8 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %10 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %11 = prims.mul %9, %10 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %12 = prims.broadcast_in_dim %3 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %13 = prims.broadcast_in_dim %4 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %14 = prims.le %12, %13 : (tensor<1x2x?x?xi64, ["s0", "s0"]>, tensor<1x2x?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %15 = prims.bitwise_not %14 : (tensor<1x2x?x?xi1, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %16 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %17 = prims.where %15, %16, %11 : (tensor<1x2x?x?xi1, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %18 = prims.amax %17 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %19 = prims.broadcast_in_dim %18 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %20 = prims.broadcast_in_dim %19 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %21 = prims.sub %17, %20 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %22 = prims.exp %21 : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %23 = prims.sum %22 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %24 = prims.broadcast_in_dim %23 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %25 = prims.broadcast_in_dim %24 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %26 = prims.div %22, %25 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %27 = prims.collapse %26 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %28 = prims.collapse %v {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %29 = prims.matmul %27, %28 : (tensor<2x?x?xf32, ["s0", "s0"]>, tensor<2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %30 = prims.split_dim %29 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]>
  func.return %30 : tensor<1x2x?x16xf32, ["s0"]>
}

// -----

// Positions taken as coordinates of an offset (`i % s0`, as a gather of a position moved
// into its offsets computes them) are still positions: the mask is sampled, and it is
// causal at every sample (a remainder was refused outright before, and the symbolic
// Llama's mask stayed an operand once its positions' gather became index math).
// CHECK-LABEL: func.func @symbolic_causal_of_coordinates
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} {causal = true, scale = 2.500000e-01 : f64}
func.func @symbolic_causal_of_coordinates(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %q: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "q", stepwell.kind = "input"}, %k: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "k", stepwell.kind = "input"}, %v: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "v", stepwell.kind = "input"}) -> tensor<1x2x?x16xf32, ["s0"]> attributes {stepwell.size_hints = {s0 = 8 : i64}} {
  %0 = prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?xi64, ["s0"]>
  %d = prims.full sym(%n) {shape = [-9223372036854775808 : i64], fill_value = #torch.sym<0>, dtype = i64, device = "cpu", requires_grad = false} : (i64) -> tensor<?xi64, ["s0"]>
  %p = prims.remainder %0, %d : (tensor<?xi64, ["s0"]>, tensor<?xi64, ["s0"]>) -> tensor<?xi64, ["s0"]>
  %1 = prims.broadcast_in_dim %p {shape = [1 : i64, -9223372036854775808 : i64], broadcast_dimensions = [1 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<1x?xi64, ["s0"]>
  %2 = prims.broadcast_in_dim %p {shape = [-9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<?x1xi64, ["s0"]>
  %3 = prims.broadcast_in_dim %1 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x?xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %4 = prims.broadcast_in_dim %2 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<?x1xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %5 = prims.transpose %k {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x16x?xf32, ["s0"]>
  %6 = prims.collapse %q {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %7 = prims.collapse %5 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x16x?xf32, ["s0"]>) -> tensor<2x16x?xf32, ["s0"]>
  %8 = prims.matmul %6, %7 : (tensor<2x?x16xf32, ["s0"]>, tensor<2x16x?xf32, ["s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %9 = prims.split_dim %8 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %10 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %11 = prims.mul %9, %10 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %12 = prims.broadcast_in_dim %3 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %13 = prims.broadcast_in_dim %4 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %14 = prims.le %12, %13 : (tensor<1x2x?x?xi64, ["s0", "s0"]>, tensor<1x2x?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %15 = prims.bitwise_not %14 : (tensor<1x2x?x?xi1, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %16 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %17 = prims.where %15, %16, %11 : (tensor<1x2x?x?xi1, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %18 = prims.amax %17 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %19 = prims.broadcast_in_dim %18 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %20 = prims.broadcast_in_dim %19 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %21 = prims.sub %17, %20 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %22 = prims.exp %21 : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %23 = prims.sum %22 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %24 = prims.broadcast_in_dim %23 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %25 = prims.broadcast_in_dim %24 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %26 = prims.div %22, %25 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %27 = prims.collapse %26 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %28 = prims.collapse %v {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %29 = prims.matmul %27, %28 : (tensor<2x?x?xf32, ["s0", "s0"]>, tensor<2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %30 = prims.split_dim %29 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]>
  func.return %30 : tensor<1x2x?x16xf32, ["s0"]>
}

// -----

// Positions modulo 4 repeat past length 4: the sample past twice the mask's constants
// (11) shows that the pattern is not causal, so the mask stays an operand.
// CHECK-LABEL: func.func @symbolic_positions_modulo_4
// CHECK: prims.attention %q, %k, %v mask %{{.*}} {scale = 2.500000e-01 : f64
func.func @symbolic_positions_modulo_4(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %q: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "q", stepwell.kind = "input"}, %k: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "k", stepwell.kind = "input"}, %v: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "v", stepwell.kind = "input"}) -> tensor<1x2x?x16xf32, ["s0"]> attributes {stepwell.size_hints = {s0 = 8 : i64}} {
  %0 = prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?xi64, ["s0"]>
  %d = prims.full {shape = [-9223372036854775808 : i64], fill_value = 4 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?xi64, ["s0"]>
  %p = prims.remainder %0, %d : (tensor<?xi64, ["s0"]>, tensor<?xi64, ["s0"]>) -> tensor<?xi64, ["s0"]>
  %1 = prims.broadcast_in_dim %p {shape = [1 : i64, -9223372036854775808 : i64], broadcast_dimensions = [1 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<1x?xi64, ["s0"]>
  %2 = prims.broadcast_in_dim %p {shape = [-9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<?x1xi64, ["s0"]>
  %3 = prims.broadcast_in_dim %1 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x?xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %4 = prims.broadcast_in_dim %2 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<?x1xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %5 = prims.transpose %k {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x16x?xf32, ["s0"]>
  %6 = prims.collapse %q {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %7 = prims.collapse %5 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x16x?xf32, ["s0"]>) -> tensor<2x16x?xf32, ["s0"]>
  %8 = prims.matmul %6, %7 : (tensor<2x?x16xf32, ["s0"]>, tensor<2x16x?xf32, ["s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %9 = prims.split_dim %8 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %10 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %11 = prims.mul %9, %10 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %12 = prims.broadcast_in_dim %3 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %13 = prims.broadcast_in_dim %4 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %14 = prims.le %12, %13 : (tensor<1x2x?x?xi64, ["s0", "s0"]>, tensor<1x2x?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %15 = prims.bitwise_not %14 : (tensor<1x2x?x?xi1, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %16 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %17 = prims.where %15, %16, %11 : (tensor<1x2x?x?xi1, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %18 = prims.amax %17 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %19 = prims.broadcast_in_dim %18 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %20 = prims.broadcast_in_dim %19 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %21 = prims.sub %17, %20 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %22 = prims.exp %21 : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %23 = prims.sum %22 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %24 = prims.broadcast_in_dim %23 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %25 = prims.broadcast_in_dim %24 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %26 = prims.div %22, %25 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %27 = prims.collapse %26 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %28 = prims.collapse %v {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %29 = prims.matmul %27, %28 : (tensor<2x?x?xf32, ["s0", "s0"]>, tensor<2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %30 = prims.split_dim %29 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]>
  func.return %30 : tensor<1x2x?x16xf32, ["s0"]>
}

// -----

// A sliding window of 4 (`0 <= i - j < 4`) is causal at lengths up to 4 only: the
// sample past twice its constants shows it, so the mask stays an operand.
// CHECK-LABEL: func.func @symbolic_sliding_window
// CHECK: prims.attention %q, %k, %v mask %{{.*}} {scale = 2.500000e-01 : f64, blind_nan = true}
// REPORT: fused attention {{.*}} causal=False, mask=yes, gqa=False, scale=0.25
func.func @symbolic_sliding_window(%q: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "q", stepwell.kind = "input"}, %k: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "k", stepwell.kind = "input"}, %v: tensor<1x2x?x16xf32, ["s0"]> {stepwell.name = "v", stepwell.kind = "input"}) -> tensor<1x2x?x16xf32, ["s0"]> attributes {stepwell.size_hints = {s0 = 8 : i64}} {
  %0 = prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?xi64, ["s0"]>
  %1 = prims.broadcast_in_dim %0 {shape = [-9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<?x1xi64, ["s0"]>
  %2 = prims.broadcast_in_dim %0 {shape = [1 : i64, -9223372036854775808 : i64], broadcast_dimensions = [1 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<1x?xi64, ["s0"]>
  %3 = prims.broadcast_in_dim %1 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<?x1xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %4 = prims.broadcast_in_dim %2 {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x?xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s0"]>
  %5 = prims.full {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?x?xi64, ["s0", "s0"]>
  %6 = prims.full {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 4 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?x?xi64, ["s0", "s0"]>
  %7 = prims.transpose %k {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x16x?xf32, ["s0"]>
  %8 = prims.collapse %q {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %9 = prims.collapse %7 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x16x?xf32, ["s0"]>) -> tensor<2x16x?xf32, ["s0"]>
  %10 = prims.matmul %8, %9 : (tensor<2x?x16xf32, ["s0"]>, tensor<2x16x?xf32, ["s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %11 = prims.split_dim %10 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %12 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %13 = prims.mul %11, %12 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %14 = prims.broadcast_in_dim %3 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %15 = prims.broadcast_in_dim %4 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %16 = prims.sub %14, %15 : (tensor<1x2x?x?xi64, ["s0", "s0"]>, tensor<1x2x?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %17 = prims.broadcast_in_dim %5 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %18 = prims.ge %16, %17 : (tensor<1x2x?x?xi64, ["s0", "s0"]>, tensor<1x2x?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %19 = prims.broadcast_in_dim %6 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [2 : i64, 3 : i64]} : (tensor<?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi64, ["s0", "s0"]>
  %20 = prims.lt %16, %19 : (tensor<1x2x?x?xi64, ["s0", "s0"]>, tensor<1x2x?x?xi64, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %21 = prims.bitwise_and %18, %20 : (tensor<1x2x?x?xi1, ["s0", "s0"]>, tensor<1x2x?x?xi1, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %22 = prims.bitwise_not %21 : (tensor<1x2x?x?xi1, ["s0", "s0"]>) -> tensor<1x2x?x?xi1, ["s0", "s0"]>
  %23 = prims.full {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %24 = prims.where %22, %23, %13 : (tensor<1x2x?x?xi1, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %25 = prims.amax %24 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %26 = prims.broadcast_in_dim %25 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %27 = prims.broadcast_in_dim %26 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %28 = prims.sub %24, %27 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %29 = prims.exp %28 : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %30 = prims.sum %29 {dims = [3 : i64]} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?xf32, ["s0"]>
  %31 = prims.broadcast_in_dim %30 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x?xf32, ["s0"]>) -> tensor<1x2x?x1xf32, ["s0"]>
  %32 = prims.broadcast_in_dim %31 {shape = [1 : i64, 2 : i64, -9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x?x1xf32, ["s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %33 = prims.div %29, %32 : (tensor<1x2x?x?xf32, ["s0", "s0"]>, tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<1x2x?x?xf32, ["s0", "s0"]>
  %34 = prims.collapse %33 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x?xf32, ["s0", "s0"]>) -> tensor<2x?x?xf32, ["s0", "s0"]>
  %35 = prims.collapse %v {start = 0 : i64, end = 1 : i64} : (tensor<1x2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %36 = prims.matmul %34, %35 : (tensor<2x?x?xf32, ["s0", "s0"]>, tensor<2x?x16xf32, ["s0"]>) -> tensor<2x?x16xf32, ["s0"]>
  %37 = prims.split_dim %36 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]>
  func.return %37 : tensor<1x2x?x16xf32, ["s0"]>
}

// -----

// Grouped-query attention repeated on the heads of [B, L, Hkv, D] before they move
// forward (`repeat_interleave(2, dim=2).transpose(1, 2)`): strides cannot say the
// [B·H, L, D] operand, but they can say it split as [B, Hkv, 2, L, D]; the fused op reads
// the Hkv heads.
// CHECK-LABEL: func.func @gqa_heads_last
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} {scale = 3.500000e-01 : f64} : (tensor<2x4x4x8xf32>, tensor<2x2x4x8xf32>, tensor<2x2x4x8xf32>) -> tensor<2x4x4x8xf32>
// REPORT: fused attention {{.*}} causal=False, mask=no, gqa=True, scale=0.35
func.func @gqa_heads_last(%args: tensor<2x4x4x8xf32>, %args_1: tensor<2x4x2x8xf32>, %args_2: tensor<2x4x2x8xf32>) -> tensor<2x4x4x8xf32> {
  %0 = prims.broadcast_in_dim %args_1 {shape = [2 : i64, 4 : i64, 2 : i64, 1 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 4 : i64]} : (tensor<2x4x2x8xf32>) -> tensor<2x4x2x1x8xf32>
  %1 = prims.broadcast_in_dim %0 {shape = [2 : i64, 4 : i64, 2 : i64, 2 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64]} : (tensor<2x4x2x1x8xf32>) -> tensor<2x4x2x2x8xf32>
  %2 = prims.collapse %1 {start = 2 : i64, end = 3 : i64} : (tensor<2x4x2x2x8xf32>) -> tensor<2x4x4x8xf32>
  %3 = prims.transpose %2 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  %4 = prims.broadcast_in_dim %args_2 {shape = [2 : i64, 4 : i64, 2 : i64, 1 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 4 : i64]} : (tensor<2x4x2x8xf32>) -> tensor<2x4x2x1x8xf32>
  %5 = prims.broadcast_in_dim %4 {shape = [2 : i64, 4 : i64, 2 : i64, 2 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64]} : (tensor<2x4x2x1x8xf32>) -> tensor<2x4x2x2x8xf32>
  %6 = prims.collapse %5 {start = 2 : i64, end = 3 : i64} : (tensor<2x4x2x2x8xf32>) -> tensor<2x4x4x8xf32>
  %7 = prims.transpose %6 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  %8 = prims.transpose %args {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  %9 = prims.transpose %3 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<2x4x4x8xf32>) -> tensor<2x4x8x4xf32>
  %10 = prims.collapse %8 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x4x8xf32>) -> tensor<8x4x8xf32>
  %11 = prims.collapse %9 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x8x4xf32>) -> tensor<8x8x4xf32>
  %12 = prims.matmul %10, %11 : (tensor<8x4x8xf32>, tensor<8x8x4xf32>) -> tensor<8x4x4xf32>
  %13 = prims.split_dim %12 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x4x4xf32>) -> tensor<2x4x4x4xf32>
  %14 = prims.full {shape = [2 : i64, 4 : i64, 4 : i64, 4 : i64], fill_value = 3.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x4x4x4xf32>
  %15 = prims.mul %13, %14 : (tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %16 = prims.amax %15 {dims = [3 : i64]} : (tensor<2x4x4x4xf32>) -> tensor<2x4x4xf32>
  %17 = prims.broadcast_in_dim %16 {shape = [2 : i64, 4 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
  %18 = prims.broadcast_in_dim %17 {shape = [2 : i64, 4 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x4x1xf32>) -> tensor<2x4x4x4xf32>
  %19 = prims.sub %15, %18 : (tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %20 = prims.exp %19 : (tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %21 = prims.sum %20 {dims = [3 : i64]} : (tensor<2x4x4x4xf32>) -> tensor<2x4x4xf32>
  %22 = prims.broadcast_in_dim %21 {shape = [2 : i64, 4 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
  %23 = prims.broadcast_in_dim %22 {shape = [2 : i64, 4 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x4x1xf32>) -> tensor<2x4x4x4xf32>
  %24 = prims.div %20, %23 : (tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %25 = prims.collapse %24 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x4x4xf32>) -> tensor<8x4x4xf32>
  %26 = prims.collapse %7 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x4x8xf32>) -> tensor<8x4x8xf32>
  %27 = prims.matmul %25, %26 : (tensor<8x4x4xf32>, tensor<8x4x8xf32>) -> tensor<8x4x8xf32>
  %28 = prims.split_dim %27 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x4x8xf32>) -> tensor<2x4x4x8xf32>
  func.return %28 : tensor<2x4x4x8xf32>
}


// -----

// The scale computed from constants (`/ torch.full((), 8.0).sqrt()`; under dynamic=True a
// head dim's `math.sqrt(q.shape[-1])` is `sqrt(scalar_tensor(8))`): elementwise ops and
// broadcasts of fulls are one value, evaluated once, 1/sqrt(8).
// CHECK-LABEL: func.func @computed_scale
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} {scale = 0.35355339{{[0-9]*}} : f64}
// REPORT: fused attention {{.*}} causal=False, mask=no, gqa=False, scale=0.353553
func.func @computed_scale(%args: tensor<1x2x4x8xf32>, %args_1: tensor<1x2x4x8xf32>, %args_2: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %args_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %args {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.full {shape = [], fill_value = 8.000000e+00 : f64, dtype = f64, device = "cpu", requires_grad = false} : () -> tensor<f64>
  %6 = prims.broadcast_in_dim %5 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = []} : (tensor<f64>) -> tensor<1x2x4x4xf64>
  %7 = prims.sqrt %6 : (tensor<1x2x4x4xf64>) -> tensor<1x2x4x4xf64>
  %8 = prims.convert_element_type %7 {dtype = f32} : (tensor<1x2x4x4xf64>) -> tensor<1x2x4x4xf32>
  %9 = prims.div %4, %8 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %10 = prims.amax %9 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %12 = prims.broadcast_in_dim %11 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.sub %9, %12 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.exp %13 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %15 = prims.sum %14 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %17 = prims.broadcast_in_dim %16 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.div %14, %17 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %19 = prims.collapse %18 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %20 = prims.collapse %args_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %21 = prims.matmul %19, %20 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %22 = prims.split_dim %21 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %22 : tensor<1x2x4x8xf32>
}


// -----

// BLOOM's ALiBi: `slopes.baddbmm(q, kᵀ)` adds the bias to [B·H, L, S] scores before their
// view to the softmax's [B, H, L, S] (the bias is the add's first operand): the bias is
// reshaped with them into the mask, beside the additive mask added after the view.
// CHECK-LABEL: func.func @alibi_before_the_view
// CHECK: %[[BIAS:.*]] = prims.reshape %{{.*}} {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64]} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK: %[[M:.*]] = prims.add %{{.*}}, %[[BIAS]]
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} mask %[[M]] {scale = 2.500000e-01 : f64, blind_nan = true}
// CHECK-NOT: prims.amax
// REPORT: fused attention {{.*}} causal=False, mask=yes, gqa=False, scale=0.25
func.func @alibi_before_the_view(%args: tensor<2x4x8xf32>, %args_1: tensor<2x4x8xf32>, %args_2: tensor<2x4x8xf32>, %args_3: tensor<2x1x4xf32>, %args_4: tensor<1x1x4x4xf32>) -> tensor<2x4x8xf32> {
  %0 = prims.transpose %args_1 {permutation = [0 : i64, 2 : i64, 1 : i64]} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %1 = prims.matmul %args, %0 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %2 = prims.full {shape = [2 : i64, 4 : i64, 4 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x4x4xf32>
  %3 = prims.mul %1, %2 : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.broadcast_in_dim %args_3 {shape = [2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x1x4xf32>) -> tensor<2x4x4xf32>
  %5 = prims.add %4, %3 : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %6 = prims.split_dim %5 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %7 = prims.broadcast_in_dim %args_4 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %8 = prims.add %6, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.amax %8 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %10 = prims.broadcast_in_dim %9 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %12 = prims.sub %8, %11 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.exp %12 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.sum %13 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %15 = prims.broadcast_in_dim %14 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %17 = prims.div %13, %16 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.collapse %17 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %19 = prims.matmul %18, %args_2 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  func.return %19 : tensor<2x4x8xf32>
}

// -----

// XGLM's spelling: `torch.max(scores + mask, finfo.min)` before the softmax. The max is
// the fused op's floor (every logit at least finfo.min; a row the mask hides wholly is
// uniform), so no row is NaN (no blind_nan) and no mask becomes `causal`.
// CHECK-LABEL: func.func @floored_logits
// CHECK-NOT: prims.maximum
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} mask %{{.*}} {scale = 0.35355339059327373 : f64, floor = -3.4028234663852886e+38 : f64}
// REPORT: fused attention {{.*}} causal=False, mask=yes
func.func @floored_logits(%a: tensor<1x2x4x8xf32>, %a_1: tensor<1x2x4x8xf32>, %a_2: tensor<1x2x4x8xf32>, %a_3: tensor<1x1x4x4xf32>) -> tensor<1x2x4x8xf32> {
  %0 = prims.transpose %a_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %1 = prims.collapse %a {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %2 = prims.collapse %0 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = prims.matmul %1, %2 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %4 = prims.split_dim %3 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %5 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 2.8284271247461903 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %6 = prims.div %4, %5 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %7 = prims.broadcast_in_dim %a_3 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %m = prims.add %6, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %low = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = -3.4028234663852886e+38 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %8 = prims.maximum %m, %low : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.amax %8 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %10 = prims.broadcast_in_dim %9 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %11 = prims.broadcast_in_dim %10 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %12 = prims.sub %8, %11 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.exp %12 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %14 = prims.sum %13 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %15 = prims.broadcast_in_dim %14 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %17 = prims.div %13, %16 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.collapse %17 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf32>) -> tensor<2x4x4xf32>
  %19 = prims.collapse %a_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf32>) -> tensor<2x4x8xf32>
  %20 = prims.matmul %18, %19 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %21 = prims.split_dim %20 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<1x2x4x8xf32>
  func.return %21 : tensor<1x2x4x8xf32>
}

// -----

// float16 scores plus a float16 additive mask: the graph rounds their sum to float16
// (the narrowing cast under the softmax's widening one), so `s + finfo.min` is finfo.min
// there (or -inf) and a row the mask hides wholly is not the scores' own softmax. The
// fused op rounds its logits the same way (`rounded = f16`).
// CHECK-LABEL: func.func @half_logits_rounded
// CHECK: prims.attention %{{.*}}, %{{.*}}, %{{.*}} mask %{{.*}} {scale = 3.500000e-01 : f64, blind_nan = true, rounded = f16}
// REPORT: fused attention {{.*}} causal=False, mask=yes
func.func @half_logits_rounded(%args: tensor<1x2x4x8xf16> {stepwell.name = "args_0", stepwell.kind = "input"}, %args_1: tensor<1x2x4x8xf16> {stepwell.name = "args_1", stepwell.kind = "input"}, %args_2: tensor<1x2x4x8xf16> {stepwell.name = "args_2", stepwell.kind = "input"}, %args_3: tensor<1x1x4x4xf16> {stepwell.name = "args_3", stepwell.kind = "input"}) -> tensor<1x2x4x8xf16> {
  %0 = prims.broadcast_in_dim %args_3 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf16>) -> tensor<1x2x4x4xf16>
  %1 = prims.transpose %args_1 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xf16>) -> tensor<1x2x8x4xf16>
  %2 = prims.collapse %args {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf16>) -> tensor<2x4x8xf16>
  %3 = prims.collapse %1 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x8x4xf16>) -> tensor<2x8x4xf16>
  %4 = prims.matmul %2, %3 : (tensor<2x4x8xf16>, tensor<2x8x4xf16>) -> tensor<2x4x4xf16>
  %5 = prims.split_dim %4 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x4xf16>) -> tensor<1x2x4x4xf16>
  %6 = prims.convert_element_type %5 {dtype = f32} : (tensor<1x2x4x4xf16>) -> tensor<1x2x4x4xf32>
  %7 = prims.full {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], fill_value = 3.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x2x4x4xf32>
  %8 = prims.mul %6, %7 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %9 = prims.convert_element_type %8 {dtype = f16} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf16>
  %10 = prims.convert_element_type %9 {dtype = f32} : (tensor<1x2x4x4xf16>) -> tensor<1x2x4x4xf32>
  %11 = prims.convert_element_type %0 {dtype = f32} : (tensor<1x2x4x4xf16>) -> tensor<1x2x4x4xf32>
  %12 = prims.add %10, %11 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %13 = prims.convert_element_type %12 {dtype = f16} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf16>
  %14 = prims.convert_element_type %13 {dtype = f32} : (tensor<1x2x4x4xf16>) -> tensor<1x2x4x4xf32>
  %15 = prims.amax %14 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %16 = prims.broadcast_in_dim %15 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %17 = prims.broadcast_in_dim %16 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %18 = prims.sub %14, %17 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %19 = prims.exp %18 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %20 = prims.sum %19 {dims = [3 : i64]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4xf32>
  %21 = prims.broadcast_in_dim %20 {shape = [1 : i64, 2 : i64, 4 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
  %22 = prims.broadcast_in_dim %21 {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %23 = prims.div %19, %22 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %24 = prims.convert_element_type %23 {dtype = f16} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf16>
  %25 = prims.collapse %24 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x4xf16>) -> tensor<2x4x4xf16>
  %26 = prims.collapse %args_2 {start = 0 : i64, end = 1 : i64} : (tensor<1x2x4x8xf16>) -> tensor<2x4x8xf16>
  %27 = prims.matmul %25, %26 : (tensor<2x4x4xf16>, tensor<2x4x8xf16>) -> tensor<2x4x8xf16>
  %28 = prims.split_dim %27 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2x4x8xf16>) -> tensor<1x2x4x8xf16>
  func.return %28 : tensor<1x2x4x8xf16>
}
