func.func @extern_side_result(%w: tensor<10x5xf32>, %i: tensor<8xi64>, %o: tensor<3xi64>) -> (tensor<3x5xf32>, tensor<0xi64>) {
  %r:4 = prims.extern "aten._embedding_bag_forward_only.default"(%w, %i, %o) {args = [#torch.sym<0>, #torch.sym<1>, #torch.sym<2>], kwargs = {}} : (tensor<10x5xf32>, tensor<8xi64>, tensor<3xi64>) -> (tensor<3x5xf32>, tensor<0xi64>, tensor<3xi64>, tensor<3xi64>)
  %y = prims.exp %r#0 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  func.return %y, %r#1 : tensor<3x5xf32>, tensor<0xi64>
}
