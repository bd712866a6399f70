func.func @size_of_a_view_kernels_read(%x: tensor<?x8xf32, ["s0"]>) -> i64 {
  %y = prims.neg %x : (tensor<?x8xf32, ["s0"]>) -> tensor<?x8xf32, ["s0"]>
  %t = prims.transpose %y {permutation = [1 : i64, 0 : i64]} : (tensor<?x8xf32, ["s0"]>) -> tensor<8x?xf32, ["s0"]>
  %s = prims.extern "aten.sym_size.int"(%t) {args = [#torch.sym<0>, 1 : i64]} : (tensor<8x?xf32, ["s0"]>) -> i64
  func.return %s : i64
}
