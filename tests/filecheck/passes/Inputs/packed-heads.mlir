// The input of convert-prims-to-tile.mlir's HEADS case (the default pipeline, with
// fuse-attention: nn.MultiheadAttention's packed heads).
func.func @packed_heads(%qkv: tensor<6x48xf32>) -> tensor<6x16xf32> {
  %0 = torch.aten.view %qkv {size = [3 : i64, 2 : i64, 48 : i64]} : (tensor<6x48xf32>) -> tensor<3x2x48xf32>
  %1 = torch.operator "aten.unflatten.int"(%0) {args = [#torch.sym<0>, -1 : i64, [3 : i64, 16 : i64]]} : (tensor<3x2x48xf32>) -> tensor<3x2x3x16xf32>
  %2 = torch.aten.unsqueeze %1 {dim = 0 : i64} : (tensor<3x2x3x16xf32>) -> tensor<1x3x2x3x16xf32>
  %3 = torch.aten.transpose.int %2 {dim0 = 0 : i64, dim1 = -2 : i64} : (tensor<1x3x2x3x16xf32>) -> tensor<3x3x2x1x16xf32>
  %4 = torch.aten.squeeze.dim %3 {dim = -2 : i64} : (tensor<3x3x2x1x16xf32>) -> tensor<3x3x2x16xf32>
  %5 = torch.aten.contiguous %4 : (tensor<3x3x2x16xf32>) -> tensor<3x3x2x16xf32>
  %6 = torch.aten.select.int %5 {dim = 0 : i64, index = 0 : i64} : (tensor<3x3x2x16xf32>) -> tensor<3x2x16xf32>
  %7 = torch.aten.select.int %5 {dim = 0 : i64, index = 1 : i64} : (tensor<3x3x2x16xf32>) -> tensor<3x2x16xf32>
  %8 = torch.aten.select.int %5 {dim = 0 : i64, index = 2 : i64} : (tensor<3x3x2x16xf32>) -> tensor<3x2x16xf32>
  %9 = torch.aten.view %6 {size = [3 : i64, 4 : i64, 8 : i64]} : (tensor<3x2x16xf32>) -> tensor<3x4x8xf32>
  %10 = torch.aten.transpose.int %9 {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x4x8xf32>) -> tensor<4x3x8xf32>
  %11 = torch.aten.view %10 {size = [2 : i64, 2 : i64, 3 : i64, 8 : i64]} : (tensor<4x3x8xf32>) -> tensor<2x2x3x8xf32>
  %12 = torch.aten.view %7 {size = [3 : i64, 4 : i64, 8 : i64]} : (tensor<3x2x16xf32>) -> tensor<3x4x8xf32>
  %13 = torch.aten.transpose.int %12 {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x4x8xf32>) -> tensor<4x3x8xf32>
  %14 = torch.aten.view %13 {size = [2 : i64, 2 : i64, 3 : i64, 8 : i64]} : (tensor<4x3x8xf32>) -> tensor<2x2x3x8xf32>
  %15 = torch.aten.view %8 {size = [3 : i64, 4 : i64, 8 : i64]} : (tensor<3x2x16xf32>) -> tensor<3x4x8xf32>
  %16 = torch.aten.transpose.int %15 {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x4x8xf32>) -> tensor<4x3x8xf32>
  %17 = torch.aten.view %16 {size = [2 : i64, 2 : i64, 3 : i64, 8 : i64]} : (tensor<4x3x8xf32>) -> tensor<2x2x3x8xf32>
  %18 = torch.aten.scaled_dot_product_attention %11, %14, %17, none : (tensor<2x2x3x8xf32>, tensor<2x2x3x8xf32>, tensor<2x2x3x8xf32>) -> tensor<2x2x3x8xf32>
  %19 = torch.aten.permute %18 {dims = [2 : i64, 0 : i64, 1 : i64, 3 : i64]} : (tensor<2x2x3x8xf32>) -> tensor<3x2x2x8xf32>
  %20 = torch.aten.reshape %19 {shape = [6 : i64, 16 : i64]} : (tensor<3x2x2x8xf32>) -> tensor<6x16xf32>
  func.return %20 : tensor<6x16xf32>
}
