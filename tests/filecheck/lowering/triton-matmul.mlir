// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false},canonicalize-prims,cse,convert-prims-to-tile' -t triton | filecheck %s

// The Triton source of a matmul kernel. Its tiles carry the batch dim, whose block is 1;
// the product is a 2D dot of the tiles reshaped (Triton gives a 3D dot Ampere-style MMA,
// a 2D one Hopper's wgmma) and goes back to the batched shape by expand_dims. An f32
// product asks for IEEE precision (no TF32).

// CHECK: def k0_matmul(
// CHECK: for {{k[0-9]+}} in range(
// CHECK: [[ACC:acc[0-9]+]] = tl.expand_dims(tl.dot(tl.reshape({{x[0-9]+}}, ([[M:[0-9]+]], [[K:[0-9]+]])), tl.reshape({{x[0-9]+}}, ([[K]], [[N:[0-9]+]])), tl.reshape({{acc[0-9]+}}, ([[M]], [[N]])), input_precision="ieee"), 0)
// CHECK: tl.store(
func.func @forward(%x: tensor<64x96xf32>, %w: tensor<96x80xf32>) -> tensor<64x80xf32> {
  %0 = torch.aten.mm %x, %w : (tensor<64x96xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>
  func.return %0 : tensor<64x80xf32>
}

// An f64 product calls `_stepwell_dot_f64`: `tl.dot` where Triton compiles an f64 dot
// (3.9 and newer), a sum of products before (`_STEPWELL_F64_DOT`, read at import).

// CHECK: def k1_matmul(
// CHECK: _stepwell_dot_f64(tl.reshape({{x[0-9]+}}, ({{[0-9]+}}, {{[0-9]+}})), tl.reshape(
func.func @double(%x: tensor<16x24xf64>, %w: tensor<24x8xf64>) -> tensor<16x8xf64> {
  %0 = torch.aten.mm %x, %w : (tensor<16x24xf64>, tensor<24x8xf64>) -> tensor<16x8xf64>
  func.return %0 : tensor<16x8xf64>
}
