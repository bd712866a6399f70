// RUN: stepwell-opt %s --split-input-file --verify-diagnostics | filecheck %s

// tile.scan and tile.gather print and parse back.
// CHECK: tile.scan "logsumexp" %{{.*}} {axis = 1 : i64} : tensor<4x16xf32> -> tensor<4x16xf32>
// CHECK: tile.gather %{{.*}}[%{{.*}}] : memref<64xf32, strided<[1]>>, tensor<16xi64> -> tensor<16xf32>
// CHECK: %{{.*}}, %{{.*}} = tile.scan_index "max" %{{.*}}, %{{.*}} {axis = 1 : i64} : tensor<4x16xf32>, tensor<4x16xi64> -> tensor<4x16xf32>, tensor<4x16xi64>
tile.kernel @k(%x: memref<64xf32, strided<[1]>>, %o: memref<64xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[64 : i64]], block = [16 : i64], num_warps = 1 : i64, kind = "pointwise"} {
  %c = arith.constant dense<1.0> : tensor<4x16xf32>
  %s = tile.scan "logsumexp" %c {axis = 1 : i64} : tensor<4x16xf32> -> tensor<4x16xf32>
  %i = arith.constant dense<3> : tensor<16xi64>
  %g = tile.gather %x[%i] : memref<64xf32, strided<[1]>>, tensor<16xi64> -> tensor<16xf32>
  %p = arith.constant dense<0> : tensor<4x16xi64>
  %v, %j = tile.scan_index "max" %c, %p {axis = 1 : i64} : tensor<4x16xf32>, tensor<4x16xi64> -> tensor<4x16xf32>, tensor<4x16xi64>
}

// -----

tile.kernel @k(%x: memref<64xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[64 : i64]], block = [16 : i64], num_warps = 1 : i64, kind = "pointwise"} {
  %c = arith.constant dense<1.0> : tensor<16xf32>
  // CHECK: error: 'tile.scan' op tile.scan kind 'mean' is not one of
  %s = tile.scan "mean" %c {axis = 0 : i64} : tensor<16xf32> -> tensor<16xf32>
}

// -----

tile.kernel @k(%x: memref<8x8xf32, strided<[8, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[64 : i64]], block = [16 : i64], num_warps = 1 : i64, kind = "pointwise"} {
  %i = arith.constant dense<3> : tensor<16xi64>
  // CHECK: error: 'tile.gather' op tile.gather indexes a one-dimensional view
  %g = tile.gather %x[%i] : memref<8x8xf32, strided<[8, 1]>>, tensor<16xi64> -> tensor<16xf32>
}
