// Two batched matmuls of one shape and K (horizontal fusion), one of which reads a copy
// of a returned transposed input (the collapse of its batch dims cannot be a view):
// the copy kernel is launched first, and the matmul kernel loads the copy.
func.func @copy_feeding_a_matmul(%a: tensor<8x16x16xf32>, %b: tensor<8x16x16xf32>, %w: tensor<8x16x16xf32>, %x: tensor<2x16x4x16xf32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) {
  %t = prims.transpose %x {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
  %p = prims.matmul %a, %b : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %p4 = prims.split_dim %p {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
  %c = prims.collapse %t {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
  %q = prims.matmul %c, %w : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %q4 = prims.split_dim %q {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
  %s = prims.add %p4, %q4 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
  func.return %t, %s : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>
}
