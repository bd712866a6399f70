// RUN: stepwell-opt %s | filecheck %s
// RUN: stepwell-opt %s | stepwell-opt | filecheck %s

// Every tile op prints and parses back unchanged.

builtin.module {
  // CHECK-LABEL: tile.kernel @k0(%x: memref<4x5xf32, strided<[5, 1]>>, %w: memref<8x8xf32, strided<[8, 1]>>, %y: memref<4x1xf32, strided<[1, 1]>>, %z: memref<8x8xf32, strided<[8, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64], [5 : i64]], block = [4 : i64, 8 : i64], num_warps = 4 : i64, kind = "reduction"} {
  tile.kernel @k0(%x: memref<4x5xf32, strided<[5, 1]>>, %w: memref<8x8xf32, strided<[8, 1]>>, %y: memref<4x1xf32, strided<[1, 1]>>, %z: memref<8x8xf32, strided<[8, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64], [5 : i64]], block = [4 : i64, 8 : i64], num_warps = 4 : i64, kind = "reduction"} {
    // CHECK-NEXT: %p = tile.program_id {axis = 0 : i64} : index
    %p = tile.program_id {axis = 0 : i64} : index
    %c0 = arith.constant 0 : index
    // CHECK: %l = tile.lanes %p {axis = 1 : i64} : tensor<1x8xi32>
    %l = tile.lanes %p {axis = 1 : i64} : tensor<1x8xi32>
    // CHECK-NEXT: %t = tile.load %x[%p, %c0] {groups = [1 : i64, 1 : i64]} : memref<4x5xf32, strided<[5, 1]>> -> tensor<4x8xf32>
    %t = tile.load %x[%p, %c0] {groups = [1 : i64, 1 : i64]} : memref<4x5xf32, strided<[5, 1]>> -> tensor<4x8xf32>
    // CHECK-NEXT: %r = tile.reduce "prod" %t at %c0 {axis = 1 : i64, propagate_nan = false} : tensor<4x8xf32> -> tensor<4x1xf32>
    %r = tile.reduce "prod" %t at %c0 {axis = 1 : i64, propagate_nan = false} : tensor<4x8xf32> -> tensor<4x1xf32>
    // CHECK-NEXT: %b = tile.broadcast %r : tensor<4x1xf32> -> tensor<4x8xf32>
    %b = tile.broadcast %r : tensor<4x1xf32> -> tensor<4x8xf32>
    // CHECK-NEXT: %m = tile.cmp "lt" %t, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %m = tile.cmp "lt" %t, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    // CHECK-NEXT: %s = tile.select %m, %t, %b : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %s = tile.select %m, %t, %b : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    // CHECK-NEXT: %q = tile.rem %s, %t : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %q = tile.rem %s, %t : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    // CHECK-NEXT: %h = tile.cast %q : tensor<4x8xf32> -> tensor<4x8xf16>
    %h = tile.cast %q : tensor<4x8xf32> -> tensor<4x8xf16>
    // CHECK-NEXT: %a = tile.load %w[%c0, %c0] {groups = [1 : i64, 1 : i64]} : memref<8x8xf32, strided<[8, 1]>> -> tensor<8x8xf32>
    %a = tile.load %w[%c0, %c0] {groups = [1 : i64, 1 : i64]} : memref<8x8xf32, strided<[8, 1]>> -> tensor<8x8xf32>
    // CHECK-NEXT: %d = tile.dot %a, %a, %a : (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %d = tile.dot %a, %a, %a : (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    // CHECK-NEXT: tile.store %r, %y[%p, %c0] {groups = [1 : i64, 1 : i64]} : tensor<4x1xf32>, memref<4x1xf32, strided<[1, 1]>>
    tile.store %r, %y[%p, %c0] {groups = [1 : i64, 1 : i64]} : tensor<4x1xf32>, memref<4x1xf32, strided<[1, 1]>>
    tile.store %d, %z[%c0, %c0] {groups = [1 : i64, 1 : i64]} : tensor<8x8xf32>, memref<8x8xf32, strided<[8, 1]>>
  }
  // CHECK-LABEL: func.func @forward
  func.func @forward(%x: tensor<4x5xf32>, %w: tensor<8x8xf32>) -> tensor<4x1xf32> {
    // CHECK-NEXT: %0, %1 = tile.launch @k0(%x, %w) : (tensor<4x5xf32>, tensor<8x8xf32>) -> (tensor<4x1xf32>, tensor<8x8xf32>)
    %0, %1 = tile.launch @k0(%x, %w) : (tensor<4x5xf32>, tensor<8x8xf32>) -> (tensor<4x1xf32>, tensor<8x8xf32>)
    func.return %0 : tensor<4x1xf32>
  }
}

// A scatter kernel: tile.scatter at data-dependent indices, launched with an init.
// CHECK-LABEL: tile.kernel @k_scatter
builtin.module {
  tile.kernel @k_scatter(%i: memref<4xi64, strided<[1]>>, %v: memref<4xf32, strided<[1]>>, %o: memref<8xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 1 : i64, kind = "pointwise"} {
    %p = tile.program_id {axis = 0 : i64} : index
    %t = tile.load %i[%p] {groups = [1 : i64]} : memref<4xi64, strided<[1]>> -> tensor<4xi64>
    %x = tile.load %v[%p] {groups = [1 : i64]} : memref<4xf32, strided<[1]>> -> tensor<4xf32>
    // CHECK: tile.scatter "amax" %x, %o[%t] : tensor<4xf32>, memref<8xf32, strided<[1]>>, tensor<4xi64>
    tile.scatter "amax" %x, %o[%t] : tensor<4xf32>, memref<8xf32, strided<[1]>>, tensor<4xi64>
  }
  // CHECK-LABEL: func.func @scattered
  func.func @scattered(%a: tensor<8xf32>, %i: tensor<4xi64>, %v: tensor<4xf32>) -> tensor<8xf32> {
    // CHECK-NEXT: %0 = tile.launch @k_scatter(%i, %v) inits(%a : tensor<8xf32>) : (tensor<4xi64>, tensor<4xf32>) -> tensor<8xf32>
    %0 = tile.launch @k_scatter(%i, %v) inits(%a : tensor<8xf32>) : (tensor<4xi64>, tensor<4xf32>) -> tensor<8xf32>
    func.return %0 : tensor<8xf32>
  }
}
