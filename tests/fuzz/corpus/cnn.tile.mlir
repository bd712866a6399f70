builtin.module {
  tile.kernel @k0_add_sqrt_reciprocal(%b_bn1_running_var: memref<8xf32, strided<[1]>>, %out: memref<8xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[8 : i64]], block = [16 : i64], num_warps = 2 : i64, kind = "pointwise", fused = ["prims.add", "prims.sqrt", "prims.reciprocal"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.load %b_bn1_running_var[%0] {groups = [1 : i64]} : memref<8xf32, strided<[1]>> -> tensor<16xf32>
    %2 = arith.constant dense<1.000000e-05> : tensor<16xf32>
    %3 = arith.addf %1, %2 : tensor<16xf32>
    %4 = math.sqrt %3 : tensor<16xf32>
    %5 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %6 = arith.divf %5, %4 : tensor<16xf32>
    tile.store %6, %out[%0] {groups = [1 : i64]} : tensor<16xf32>, memref<8xf32, strided<[1]>>
  }
  tile.kernel @k1_sub_mul_add(%in: memref<2x8x16x16xf32, strided<[2048, 256, 16, 1]>>, %b_bn1_running_mean: memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>>, %in_1: memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>>, %p_bn1_weight: memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>>, %p_bn1_bias: memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>>, %out: memref<2x8x16x16xf32, strided<[2048, 256, 16, 1]>>) attributes {grid = [4 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 8 : i64, 16 : i64, 16 : i64]], block = [1024 : i64], num_warps = 4 : i64, kind = "pointwise", fused = ["prims.sub", "prims.mul", "prims.mul", "prims.add", "prims.le", "prims.where"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.load %in[%0] {groups = [4 : i64]} : memref<2x8x16x16xf32, strided<[2048, 256, 16, 1]>> -> tensor<1024xf32>
    %2 = tile.load %b_bn1_running_mean[%0] {groups = [4 : i64]} : memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>> -> tensor<1024xf32>
    %3 = arith.subf %1, %2 : tensor<1024xf32>
    %4 = tile.load %in_1[%0] {groups = [4 : i64]} : memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>> -> tensor<1024xf32>
    %5 = arith.mulf %3, %4 : tensor<1024xf32>
    %6 = tile.load %p_bn1_weight[%0] {groups = [4 : i64]} : memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>> -> tensor<1024xf32>
    %7 = arith.mulf %5, %6 : tensor<1024xf32>
    %8 = tile.load %p_bn1_bias[%0] {groups = [4 : i64]} : memref<2x8x16x16xf32, strided<[0, 1, 0, 0]>> -> tensor<1024xf32>
    %9 = arith.addf %7, %8 : tensor<1024xf32>
    %10 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %11 = tile.cmp "le" %9, %10 : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xi1>
    %12 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %13 = tile.select %11, %12, %9 : (tensor<1024xi1>, tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
    tile.store %13, %out[%0] {groups = [4 : i64]} : tensor<1024xf32>, memref<2x8x16x16xf32, strided<[2048, 256, 16, 1]>>
  }
  tile.kernel @k2_sum(%in: memref<2x16x8x8xf32, strided<[1024, 64, 8, 1]>>, %out: memref<2x16xf32, strided<[16, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [8 : i64, 8 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.le", "prims.where", "prims.sum", "prims.div"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 2 : i64]} : memref<2x16x8x8xf32, strided<[1024, 64, 8, 1]>> -> tensor<32x64xf32>
    %3 = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
    %4 = tile.cmp "le" %2, %3 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xi1>
    %5 = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
    %6 = tile.select %4, %5, %2 : (tensor<32x64xi1>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %7 = tile.reduce "sum" %6 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %8 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %9 = arith.divf %7, %8 : tensor<32x1xf32>
    tile.store %9, %out[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
  }
  tile.kernel @k3_matmul_add(%in: memref<2x16xf32, strided<[16, 1]>>, %p_fc_weight: memref<16x10xf32, strided<[1, 16]>>, %p_fc_bias: memref<2x10xf32, strided<[0, 1]>>, %out: memref<2x10xf32, strided<[10, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [2 : i64], [10 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 1 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x16x16xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<2x16xf32, strided<[16, 1]>> -> tensor<1x16x16xf32>
      %11 = tile.load %p_fc_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<16x10xf32, strided<[1, 16]>> -> tensor<1x16x16xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %12 : tensor<1x16x16xf32>
    }
    %13 = tile.load %p_fc_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<2x10xf32, strided<[0, 1]>> -> tensor<1x16x16xf32>
    %14 = arith.addf %7, %13 : tensor<1x16x16xf32>
    tile.store %14, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<2x10xf32, strided<[10, 1]>>
  }
  func.func @forward(%p_conv1_weight: tensor<8x3x3x3xf32> {stepwell.name = "conv1.weight", stepwell.kind = "parameter"}, %p_conv1_bias: tensor<8xf32> {stepwell.name = "conv1.bias", stepwell.kind = "parameter"}, %p_bn1_weight: tensor<8xf32> {stepwell.name = "bn1.weight", stepwell.kind = "parameter"}, %p_bn1_bias: tensor<8xf32> {stepwell.name = "bn1.bias", stepwell.kind = "parameter"}, %p_conv2_weight: tensor<16x8x3x3xf32> {stepwell.name = "conv2.weight", stepwell.kind = "parameter"}, %p_conv2_bias: tensor<16xf32> {stepwell.name = "conv2.bias", stepwell.kind = "parameter"}, %p_fc_weight: tensor<10x16xf32> {stepwell.name = "fc.weight", stepwell.kind = "parameter"}, %p_fc_bias: tensor<10xf32> {stepwell.name = "fc.bias", stepwell.kind = "parameter"}, %b_bn1_running_mean: tensor<8xf32> {stepwell.name = "bn1.running_mean", stepwell.kind = "buffer"}, %b_bn1_running_var: tensor<8xf32> {stepwell.name = "bn1.running_var", stepwell.kind = "buffer"}, %b_bn1_num_batches_tracked: tensor<i64> {stepwell.name = "bn1.num_batches_tracked", stepwell.kind = "buffer"}, %x: tensor<2x3x16x16xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<2x10xf32> {
    %0 = prims.extern "aten.convolution.default"(%x, %p_conv1_weight, %p_conv1_bias) {args = [#torch.sym<0>, #torch.sym<1>, #torch.sym<2>, [1 : i64, 1 : i64], [1 : i64, 1 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x16x16xf32>
    %1 = tile.launch @k0_add_sqrt_reciprocal(%b_bn1_running_var) : (tensor<8xf32>) -> tensor<8xf32>
    %2 = tile.launch @k1_sub_mul_add(%0, %b_bn1_running_mean, %1, %p_bn1_weight, %p_bn1_bias) : (tensor<2x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x16x16xf32>
    %3 = prims.extern "aten.max_pool2d.default"(%2) {args = [], kwargs = {self = #torch.sym<0>, kernel_size = [2 : i64, 2 : i64], stride = [2 : i64, 2 : i64]}} : (tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32>
    %4 = prims.extern "aten.convolution.default"(%3, %p_conv2_weight, %p_conv2_bias) {args = [#torch.sym<0>, #torch.sym<1>, #torch.sym<2>, [1 : i64, 1 : i64], [1 : i64, 1 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (tensor<2x8x8x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x8x8xf32>
    %5 = tile.launch @k2_sum(%4) : (tensor<2x16x8x8xf32>) -> tensor<2x16x1x1xf32>
    %6 = tile.launch @k3_matmul_add(%5, %p_fc_weight, %p_fc_bias) : (tensor<2x16x1x1xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    func.return %6 : tensor<2x10xf32>
  }
}
