// RUN: stepwell-opt %s -t ttir | filecheck %s --check-prefix=TTIR
// RUN: stepwell-opt %s -t ptx | filecheck %s --check-prefix=PTX
// RUN: stepwell-opt %s -t amdgcn | filecheck %s --check-prefix=AMD
// RUN: not stepwell-opt %s -t ptx -p add-odd-tile --load-plugin %S/Inputs/odd_tile.py 2> %t.err
// RUN: filecheck %s --check-prefix=ERR < %t.err

// A softmax kernel compiled for NVIDIA (sm_90) and AMD (gfx942) without either GPU.

// TTIR: // @k0_softmax: ttir for cuda:90
// TTIR: tt.func public @k0_softmax
// TTIR: tt.reduce
// TTIR: math.exp
// PTX: // @k0_softmax: ptx for cuda:90
// PTX: .target sm_90
// PTX: .visible .entry k0_softmax(
// PTX: ex2.approx
// AMD: // @k0_softmax: amdgcn for hip:gfx942
// AMD: .amdgcn_target "{{.*}}gfx942"
// AMD: k0_softmax:

// A kernel Triton rejects (a 100-lane tile: Triton's blocks are powers of two) is named
// with the target and Triton's message; the softmax kernel still compiles.
// ERR: error: kernel k1_odd_tile failed to compile for cuda:90: {{.*}}
// ERR-NOT: k0_softmax

tile.kernel @k0_softmax(%x: memref<8x100xf32, strided<[100, 1]>>, %y: memref<8x100xf32, strided<[100, 1]>>) attributes {grid = [8 : i64, 1 : i64, 1 : i64], space = [[8 : i64], [100 : i64]], block = [1 : i64, 128 : i64], num_warps = 4 : i64, kind = "reduction"} {
  %r = tile.program_id {axis = 0 : i64} : index
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%r, %c0] {groups = [1 : i64, 1 : i64]} : memref<8x100xf32, strided<[100, 1]>> -> tensor<1x128xf32>
  %m = tile.reduce "max" %t {axis = 1 : i64} : tensor<1x128xf32> -> tensor<1x1xf32>
  %b = tile.broadcast %m : tensor<1x1xf32> -> tensor<1x128xf32>
  %s = arith.subf %t, %b : tensor<1x128xf32>
  %e = math.exp %s : tensor<1x128xf32>
  %z = tile.reduce "sum" %e {axis = 1 : i64} : tensor<1x128xf32> -> tensor<1x1xf32>
  %zb = tile.broadcast %z : tensor<1x1xf32> -> tensor<1x128xf32>
  %o = arith.divf %e, %zb : tensor<1x128xf32>
  tile.store %o, %y[%r, %c0] {groups = [1 : i64, 1 : i64]} : tensor<1x128xf32>, memref<8x100xf32, strided<[100, 1]>>
}
