// RUN: stepwell-opt %s -t triton | filecheck %s

// A K loop whose bounds leave the tiles that cover the view (edited tile IR: from -1 to 2
// over a K of 64 in tiles of 32) keeps a mask where it may leave them (here below 0; past
// the tile count it is `< 64`): the lanes outside the view read 0, as the tile level's semantics and its interpreter say, where an unmasked load
// read past the buffer. The compiler's own loops, from 0 to the tile count, need none
// when the tiles cover K exactly (@exact).

// CHECK: def k0_matmul(
// CHECK: for [[K:k[0-9]+]] in range(
// CHECK: [[OFFS:offs[0-9]+]] = ([[K]] * 32 + tl.arange(0, 32))
// CHECK-NEXT: = [[OFFS]] >= 0
// CHECK: def k1_matmul(
// CHECK-NOT: >= 0
// CHECK: tl.store(
builtin.module {
  tile.kernel @k0_matmul(%arg0: memref<4x64xf32, strided<[64, 1]>>, %arg1: memref<64x8xf32, strided<[8, 1]>>, %out: memref<4x8xf32, strided<[8, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [4 : i64], [8 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
    %4 = arith.constant -1 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x16x16xf32>) {
      %10 = tile.load %arg0[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x64xf32, strided<[64, 1]>> -> tensor<1x16x32xf32>
      %11 = tile.load %arg1[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x8xf32, strided<[8, 1]>> -> tensor<1x32x16xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x16x32xf32>, tensor<1x32x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %12 : tensor<1x16x16xf32>
    }
    tile.store %7, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<4x8xf32, strided<[8, 1]>>
  }
  tile.kernel @k1_matmul(%arg0: memref<4x64xf32, strided<[64, 1]>>, %arg1: memref<64x8xf32, strided<[8, 1]>>, %out: memref<4x8xf32, strided<[8, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [4 : i64], [8 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x16x16xf32>) {
      %10 = tile.load %arg0[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<4x64xf32, strided<[64, 1]>> -> tensor<1x16x32xf32>
      %11 = tile.load %arg1[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x8xf32, strided<[8, 1]>> -> tensor<1x32x16xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x16x32xf32>, tensor<1x32x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %12 : tensor<1x16x16xf32>
    }
    tile.store %7, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<4x8xf32, strided<[8, 1]>>
  }
  func.func @forward(%arg0: tensor<4x64xf32>, %arg1: tensor<64x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
    %0 = tile.launch @k0_matmul(%arg0, %arg1) : (tensor<4x64xf32>, tensor<64x8xf32>) -> tensor<4x8xf32>
    %1 = tile.launch @k1_matmul(%arg0, %arg1) : (tensor<4x64xf32>, tensor<64x8xf32>) -> tensor<4x8xf32>
    func.return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
  }
}
