// RUN: stepwell-opt %s --split-input-file --verify-diagnostics | filecheck %s

// One case per tile verifier error.

builtin.module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    // CHECK: error: 'tile.launch' op '@nope' does not name a tile.kernel
    %0 = tile.launch @nope(%x) : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}

// -----

builtin.module {
  tile.kernel @k(%x: memref<4xf32, strided<[1]>>, %y: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  }
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    // CHECK: error: 'tile.launch' op k takes 2 views (inputs, then results), the launch gives 3
    %0, %1 = tile.launch @k(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    func.return %0 : tensor<4xf32>
  }
}

// -----

builtin.module {
  tile.kernel @k(%x: memref<4xf32, strided<[1]>>, %y: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  }
  func.func @f(%x: tensor<4xi32>) -> tensor<4xf32> {
    // CHECK: error: 'tile.launch' op a i32 tensor for the view memref<4xf32, strided<[1]>>
    %0 = tile.launch @k(%x) : (tensor<4xi32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}

// -----

// CHECK: error: 'tile.kernel' op unknown kernel kind 'banana'
tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "banana"} {
}

// -----

// CHECK: error: 'tile.kernel' op num_warps is a power of two from 1 to 32, not 3
tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 3 : i64, kind = "pointwise"} {
}

// -----

// CHECK: error: 'tile.kernel' op block must be an array of integers, got [4.000000e+00 : f32]
tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4.0 : f32], num_warps = 4 : i64, kind = "pointwise"} {
}

// -----

// CHECK: error: 'tile.kernel' op grid has three dimensions
tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
}

// -----

// CHECK: error: 'tile.kernel' op kernel arguments are views (memref), not tensor<4xf32>
tile.kernel @k(%x: tensor<4xf32>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
}

// -----

tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  // CHECK: error: 'tile.program_id' op a grid has axes 0, 1 and 2, not 64
  %p = tile.program_id {axis = 64 : i64} : index
}

// -----

tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  %c0 = arith.constant 0 : index
  // CHECK: error: 'tile.load' op groups [2] cover 2 dims but the view has rank 1
  %t = tile.load %x[%c0] {groups = [2 : i64]} : memref<4xf32, strided<[1]>> -> tensor<4xf32>
}

// -----

tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0] {groups = [1 : i64]} : memref<4xf32, strided<[1]>> -> tensor<4xf32>
  // CHECK: error: 'tile.reduce' op unknown reduction 'banana'
  %r = tile.reduce "banana" %t {axis = 0 : i64} : tensor<4xf32> -> tensor<1xf32>
}

// -----

tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0] {groups = [1 : i64]} : memref<4xf32, strided<[1]>> -> tensor<4xf32>
  // CHECK: error: 'tile.dot' op dot takes tiles of one rank >= 2 and equal batch dims, not [4] and [4]
  %d = tile.dot %t, %t, %t : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
}

// -----

tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0] {groups = [1 : i64]} : memref<4xf32, strided<[1]>> -> tensor<4xf32>
  // CHECK: error: 'tile.select' op tile.select's condition is an i1 tile of the values' shape
  %s = tile.select %t, %t, %t : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
}

// -----

// A negative stride steps back from the offset (a flip); it may not reach before 0.
builtin.module {
  // CHECK: a view reaches elements before its tensor's first: memref<4xf32, strided<[-1], offset: 2>>
  tile.kernel @k(%x: memref<4xf32, strided<[-1], offset: 2>>, %y: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  }
}

// -----

builtin.module {
  tile.kernel @k(%x: memref<4xf32, strided<[1]>>, %y: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
    %v = arith.constant dense<1.0> : tensor<1x6xf32>
    %p = arith.constant dense<0> : tensor<1x6xi64>
    // CHECK: tile.sort sorts a last axis of a power-of-two length
    %s, %i = tile.sort %v, %p {descending = false, size = 6 : i64} : tensor<1x6xf32>, tensor<1x6xi64> -> tensor<1x6xf32>, tensor<1x6xi64>
  }
}

// -----

builtin.module {
  // CHECK: grid: '__import__(1)': sizes are integers, symbols, + - * // %
  tile.kernel @k(%x: memref<?xf32, strided<[1]>>, %s0: index) attributes {symbols = ["s0"], dims = [["s0"]], grid = ["__import__(1)", 1 : i64, 1 : i64], space = [["s0"]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  }
}

// -----

builtin.module {
  // CHECK: dims of view 0 reads ['s9'], not symbols of the kernel ['s0']
  tile.kernel @k(%x: memref<?xf32, strided<[1]>>, %s0: index) attributes {symbols = ["s0"], dims = [["s9"]], grid = [1 : i64, 1 : i64, 1 : i64], space = [["s0"]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  }
}

// -----

builtin.module {
  // CHECK: a kernel's last arguments are its symbols, as index values
  tile.kernel @k(%x: memref<?xf32, strided<[1]>>) attributes {symbols = ["s0"], dims = [["s0"]], grid = [1 : i64, 1 : i64, 1 : i64], space = [["s0"]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  }
}

// -----

builtin.module {
  // CHECK: a view has static sizes, not memref<?xf32, strided<[1]>>
  tile.kernel @k(%x: memref<?xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  }
}

// -----

builtin.module {
  // CHECK: tile.splat gives an i32 or i64 tile, not f32
  tile.kernel @k(%x: memref<?xf32, strided<[1]>>, %s0: index) attributes {symbols = ["s0"], dims = [["s0"]], grid = [1 : i64, 1 : i64, 1 : i64], space = [["s0"]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
    %n = tile.splat %s0 : tensor<4xf32>
  }
}

// -----

builtin.module {
  // CHECK: a loop's step is positive, not -1
  tile.kernel @k(%x: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
    %lo = arith.constant 0 : index
    %hi = arith.constant 2 : index
    %step = arith.constant -1 : index
    scf.for %i = %lo to %hi step %step {
    }
  }
}

// -----

builtin.module {
  // CHECK: k never writes its result 0 (no tile.store or tile.scatter into its view)
  tile.kernel @k(%x: memref<4xf32, strided<[1]>>, %out: memref<4xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[4 : i64]], block = [4 : i64], num_warps = 4 : i64, kind = "pointwise"} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.load %x[%0] {groups = [1 : i64]} : memref<4xf32, strided<[1]>> -> tensor<4xf32>
  }
  func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = tile.launch @k(%x) : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
