builtin.module {
  tile.kernel @k0_matmul_add_lt(%x: memref<4x32xf32, strided<[32, 1]>>, %p_fc1_weight: memref<32x64xf32, strided<[1, 32]>>, %p_fc1_bias: memref<4x64xf32, strided<[0, 1]>>, %out: memref<4x64xf32, strided<[64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [4 : i64], [64 : i64]], block = [1 : i64, 16 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.lt", "prims.where"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x16x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 1 : index
    %6 = scf.for %7 = %4 to %5 step %5 iter_args(%8 = %3) -> (tensor<1x16x64xf32>) {
      %9 = tile.load %x[%2, %0, %7] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x32xf32, strided<[32, 1]>> -> tensor<1x16x32xf32>
      %10 = tile.load %p_fc1_weight[%2, %7, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 32]>> -> tensor<1x32x64xf32>
      %11 = tile.dot %9, %10, %8 : (tensor<1x16x32xf32>, tensor<1x32x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
      scf.yield %11 : tensor<1x16x64xf32>
    }
    %12 = tile.load %p_fc1_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x64xf32, strided<[0, 1]>> -> tensor<1x16x64xf32>
    %13 = arith.addf %6, %12 : tensor<1x16x64xf32>
    %14 = tile.cmp "lt" %13, %3 : (tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xi1>
    %15 = tile.select %14, %3, %13 : (tensor<1x16x64xi1>, tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
    tile.store %15, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x16x64xf32>, memref<4x64xf32, strided<[64, 1]>>
  }
  tile.kernel @k1_matmul_add_mul_gelu(%in: memref<4x64xf32, strided<[64, 1]>>, %p_fc2_weight: memref<64x64xf32, strided<[1, 64]>>, %p_fc2_bias: memref<4x64xf32, strided<[0, 1]>>, %out: memref<4x64xf32, strided<[64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [4 : i64], [64 : i64]], block = [1 : i64, 16 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.mul", "prims.mul", "prims.erf", "prims.add", "prims.mul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x16x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x16x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x64xf32, strided<[64, 1]>> -> tensor<1x16x32xf32>
      %11 = tile.load %p_fc2_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x64xf32, strided<[1, 64]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x16x32xf32>, tensor<1x32x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
      scf.yield %12 : tensor<1x16x64xf32>
    }
    %13 = tile.load %p_fc2_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x64xf32, strided<[0, 1]>> -> tensor<1x16x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x16x64xf32>
    %15 = arith.constant dense<5.000000e-01> : tensor<1x16x64xf32>
    %16 = arith.mulf %14, %15 : tensor<1x16x64xf32>
    %17 = arith.constant dense<0.707106769> : tensor<1x16x64xf32>
    %18 = arith.mulf %14, %17 : tensor<1x16x64xf32>
    %19 = math.erf %18 : tensor<1x16x64xf32>
    %20 = arith.constant dense<1.000000e+00> : tensor<1x16x64xf32>
    %21 = arith.addf %19, %20 : tensor<1x16x64xf32>
    %22 = arith.mulf %16, %21 : tensor<1x16x64xf32>
    tile.store %22, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x16x64xf32>, memref<4x64xf32, strided<[64, 1]>>
  }
  tile.kernel @k2_matmul_add(%in: memref<4x64xf32, strided<[64, 1]>>, %p_fc3_weight: memref<64x10xf32, strided<[1, 64]>>, %p_fc3_bias: memref<4x10xf32, strided<[0, 1]>>, %out: memref<4x10xf32, strided<[10, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [4 : i64], [10 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x16x16xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x64xf32, strided<[64, 1]>> -> tensor<1x16x32xf32>
      %11 = tile.load %p_fc3_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x10xf32, strided<[1, 64]>> -> tensor<1x32x16xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x16x32xf32>, tensor<1x32x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %12 : tensor<1x16x16xf32>
    }
    %13 = tile.load %p_fc3_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x10xf32, strided<[0, 1]>> -> tensor<1x16x16xf32>
    %14 = arith.addf %7, %13 : tensor<1x16x16xf32>
    tile.store %14, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<4x10xf32, strided<[10, 1]>>
  }
  func.func @forward(%p_fc1_weight: tensor<64x32xf32> {stepwell.name = "fc1.weight", stepwell.kind = "parameter"}, %p_fc1_bias: tensor<64xf32> {stepwell.name = "fc1.bias", stepwell.kind = "parameter"}, %p_fc2_weight: tensor<64x64xf32> {stepwell.name = "fc2.weight", stepwell.kind = "parameter"}, %p_fc2_bias: tensor<64xf32> {stepwell.name = "fc2.bias", stepwell.kind = "parameter"}, %p_fc3_weight: tensor<10x64xf32> {stepwell.name = "fc3.weight", stepwell.kind = "parameter"}, %p_fc3_bias: tensor<10xf32> {stepwell.name = "fc3.bias", stepwell.kind = "parameter"}, %x: tensor<4x32xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<4x10xf32> {
    %0 = tile.launch @k0_matmul_add_lt(%x, %p_fc1_weight, %p_fc1_bias) : (tensor<4x32xf32>, tensor<64x32xf32>, tensor<64xf32>) -> tensor<4x64xf32>
    %1 = tile.launch @k1_matmul_add_mul_gelu(%0, %p_fc2_weight, %p_fc2_bias) : (tensor<4x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<4x64xf32>
    %2 = tile.launch @k2_matmul_add(%1, %p_fc3_weight, %p_fc3_bias) : (tensor<4x64xf32>, tensor<10x64xf32>, tensor<10xf32>) -> tensor<4x10xf32>
    func.return %2 : tensor<4x10xf32>
  }
}
