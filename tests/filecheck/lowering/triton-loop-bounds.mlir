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

// A coordinate the kernel computes is followed through its index arithmetic from the
// grid (`_coordinate_range`). A program that stores one tile past the view (the
// attention backward's programs with no job do) keeps its mask, though the tiles cover
// the view exactly; an unmasked store wrote past the buffer, or over another head's
// rows. A program id of a grid wider than the view's tiles keeps one too.
// CHECK: def k2_pointwise(
// CHECK: [[P:pid[0-9]+]] = tl.program_id(0)
// CHECK: [[OWN:offs[0-9]+]] = ([[P]] * 16 + tl.arange(0, 16))
// CHECK-NEXT: [[X:x[0-9]+]] = tl.load(in0_ptr + [[OWN]])
// CHECK-NEXT: [[NEXT:offs[0-9]+]] = ({{t[0-9]+}} * 16 + tl.arange(0, 16))
// CHECK-NEXT: [[M:mask[0-9]+]] = [[NEXT]] < 32
// CHECK-NEXT: tl.store(out1_ptr + [[NEXT]], [[X]], mask=[[M]])
// CHECK: def k3_pointwise(
// CHECK: [[OWN:offs[0-9]+]] = ({{pid[0-9]+}} * 16 + tl.arange(0, 16))
// CHECK-NEXT: [[M:mask[0-9]+]] = [[OWN]] < 32
// CHECK-NEXT: tl.load(in0_ptr + [[OWN]], mask=[[M]]
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
  tile.kernel @k2_pointwise(%in: memref<32xf32, strided<[1]>>, %out: memref<32xf32, strided<[1]>>) attributes {grid = [2 : i64, 1 : i64, 1 : i64], space = [[32 : i64]], block = [16 : i64], num_warps = 1 : i64, kind = "pointwise"} {
    %p = tile.program_id {axis = 0 : i64} : index
    %one = arith.constant 1 : index
    %next = arith.addi %p, %one : index
    %x = tile.load %in[%p] {groups = [1 : i64]} : memref<32xf32, strided<[1]>> -> tensor<16xf32>
    tile.store %x, %out[%next] {groups = [1 : i64]} : tensor<16xf32>, memref<32xf32, strided<[1]>>
  }
  tile.kernel @k3_pointwise(%in: memref<32xf32, strided<[1]>>, %out: memref<32xf32, strided<[1]>>) attributes {grid = [3 : i64, 1 : i64, 1 : i64], space = [[32 : i64]], block = [16 : i64], num_warps = 1 : i64, kind = "pointwise"} {
    %p = tile.program_id {axis = 0 : i64} : index
    %x = tile.load %in[%p] {groups = [1 : i64]} : memref<32xf32, strided<[1]>> -> tensor<16xf32>
    tile.store %x, %out[%p] {groups = [1 : i64]} : tensor<16xf32>, memref<32xf32, strided<[1]>>
  }
  func.func @forward(%arg0: tensor<4x64xf32>, %arg1: tensor<64x8xf32>, %arg2: tensor<32xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<32xf32>, tensor<32xf32>) {
    %0 = tile.launch @k0_matmul(%arg0, %arg1) : (tensor<4x64xf32>, tensor<64x8xf32>) -> tensor<4x8xf32>
    %1 = tile.launch @k1_matmul(%arg0, %arg1) : (tensor<4x64xf32>, tensor<64x8xf32>) -> tensor<4x8xf32>
    %2 = tile.launch @k2_pointwise(%arg2) : (tensor<32xf32>) -> tensor<32xf32>
    %3 = tile.launch @k3_pointwise(%arg2) : (tensor<32xf32>) -> tensor<32xf32>
    func.return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<32xf32>, tensor<32xf32>
  }
}
