// RUN: stepwell-opt %s | filecheck %s --check-prefix=IR
// RUN: stepwell-opt %s | stepwell-opt | filecheck %s --check-prefix=IR
// RUN: stepwell-opt %s -t triton | filecheck %s

// A kernel with a symbolic size prints and parses back, and its Triton source takes the
// size as an argument: the mask bound and the loop's trip count read it.

// IR: tile.kernel @rows(%x: memref<?x100xf32, strided<[100, 1]>>, %y: memref<?xf32, strided<[1]>>, %s0: index) attributes {symbols = ["s0"], dims = [["s0"], ["s0"]], grid = ["((s0 + 1)//2)", 1 : i64, 1 : i64], space = [["s0"], [100 : i64]], block = [2 : i64, 128 : i64], num_warps = 4 : i64, kind = "reduction"}
// IR: tile.launch @rows(%z) : (tensor<?x100xf32, ["s0"]>) -> tensor<?xf32, ["s0"]>

// CHECK: def rows(x0_ptr, y1_ptr, sym_s0):
// CHECK: grid ['((s0 + 1)//2)', 1, 1]
// CHECK: [[ROWS:offs[0-9]+]] = (pid{{[0-9]+}} * 2 + tl.arange(0, 2))[:, None]
// CHECK-NEXT: [[MASK:mask[0-9]+]] = [[ROWS]] < sym_s0
// CHECK: tl.load(x0_ptr + [[ROWS]] * 100 + {{.*}}, mask=[[MASK]] & {{.*}}, other=0)
// CHECK: tl.store(y1_ptr + [[ROWS]] + {{.*}}, mask=[[MASK]])
// CHECK: def cols(x0_ptr, y1_ptr, sym_s1):
// CHECK: [[N:t[0-9]+]] = sym_s1 + c{{[0-9]+}}
// CHECK: for {{k[0-9]+}} in range(c{{[0-9]+}}, {{t[0-9]+}}, c{{[0-9]+}}):
// CHECK: tl.load(x0_ptr + {{offs[0-9]+}} * sym_s1 + {{offs[0-9]+}}, mask={{mask[0-9]+}}, other=0)
builtin.module {
  tile.kernel @rows(%x: memref<?x100xf32, strided<[100, 1]>>,
                    %y: memref<?xf32, strided<[1]>>, %s0: index) attributes {
      symbols = ["s0"], dims = [["s0"], ["s0"]],
      grid = ["((s0 + 1)//2)", 1 : i64, 1 : i64], space = [["s0"], [100 : i64]],
      block = [2 : i64, 128 : i64], num_warps = 4 : i64, kind = "reduction"} {
    %r = tile.program_id {axis = 0 : i64} : index
    %c0 = arith.constant 0 : index
    %t = tile.load %x[%r, %c0] {groups = [1 : i64, 1 : i64]}
        : memref<?x100xf32, strided<[100, 1]>> -> tensor<2x128xf32>
    %s = tile.reduce "sum" %t {axis = 1 : i64} : tensor<2x128xf32> -> tensor<2x1xf32>
    tile.store %s, %y[%r, %c0] {groups = [1 : i64, 0 : i64]}
        : tensor<2x1xf32>, memref<?xf32, strided<[1]>>
  }
  tile.kernel @cols(%x: memref<4x?xf32, strided<[?, 1]>>,
                    %y: memref<4xf32, strided<[1]>>, %s1: index) attributes {
      symbols = ["s1"], dims = [["s1", "s1"], []],
      grid = [4 : i64, 1 : i64, 1 : i64], space = [[4 : i64], ["s1"]],
      block = [1 : i64, 32 : i64], num_warps = 1 : i64, kind = "reduction"} {
    %r = tile.program_id {axis = 0 : i64} : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %n0 = arith.addi %s1, %c31 : index
    %n = arith.divsi %n0, %c32 : index
    %init = arith.constant dense<0.0> : tensor<1x1xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%a = %init) -> (tensor<1x1xf32>) {
      %t = tile.load %x[%r, %k] {groups = [1 : i64, 1 : i64]}
          : memref<4x?xf32, strided<[?, 1]>> -> tensor<1x32xf32>
      %s = tile.reduce "sum" %t at %k {axis = 1 : i64} : tensor<1x32xf32> -> tensor<1x1xf32>
      %a2 = arith.addf %a, %s : tensor<1x1xf32>
      scf.yield %a2 : tensor<1x1xf32>
    }
    tile.store %acc, %y[%r, %c0] {groups = [1 : i64, 0 : i64]}
        : tensor<1x1xf32>, memref<4xf32, strided<[1]>>
  }
  func.func @forward(%z: tensor<?x100xf32, ["s0"]>, %w: tensor<4x?xf32, ["s1"]>)
      -> (tensor<?xf32, ["s0"]>, tensor<4xf32>) {
    %0 = tile.launch @rows(%z) : (tensor<?x100xf32, ["s0"]>) -> tensor<?xf32, ["s0"]>
    %1 = tile.launch @cols(%w) : (tensor<4x?xf32, ["s1"]>) -> tensor<4xf32>
    func.return %0, %1 : tensor<?xf32, ["s0"]>, tensor<4xf32>
  }
}
