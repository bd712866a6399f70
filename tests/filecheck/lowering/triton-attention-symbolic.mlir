// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false legal-ops=scaled_dot_product_attention},convert-prims-to-tile' | filecheck %s --check-prefix=TILE
// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false legal-ops=scaled_dot_product_attention},convert-prims-to-tile' -t triton | filecheck %s

// Causal attention of a symbolic length `s0` (prefill of any length): one flash-attention
// kernel for every length. Its grid is computed from s0 at launch, the key loop runs to
// ceil(s0 / BN) blocks, stopped at the diagonal, and the last block's keys past s0 are
// masked by comparing with the size argument (`tile.splat` of s0). The blocks are sized
// for the hint (s0 = 8): 16 x 16.

// TILE: tile.kernel @k0_attention(%q: memref<1x2x1x?x16xf32, strided<[?, ?, ?, 16, 1]>>, %k: memref<1x2x1x16x?xf32, strided<[?, ?, 0, 1, 16]>>, %v: memref<1x2x1x?x16xf32, strided<[?, ?, 0, 16, 1]>>, %out: memref<1x2x1x?x16xf32, strided<[?, ?, ?, 16, 1]>>, %s0: index)
// TILE-SAME: grid = ["((s0 + 15)//16)", 2 : i64, 1 : i64], space = {{\[}}[1 : i64, 2 : i64, 1 : i64], ["s0"], ["s0"]], block = [1 : i64, 16 : i64, 16 : i64]
// TILE-SAME: symbols = ["s0"]
// TILE: arith.minsi
// TILE: scf.for
// TILE: tile.splat %s0 : tensor<1x16x16xi32>
// TILE: tile.launch @k0_attention(%q, %k, %v) : (tensor<1x2x?x16xf32, ["s0"]>, tensor<1x2x?x16xf32, ["s0"]>, tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]>

// CHECK: def k0_attention(q0_ptr, k1_ptr, v2_ptr, out3_ptr, sym_s0):
// CHECK: grid ['((s0 + 15)//16)', 2, 1]
// CHECK: for {{k[0-9]+}} in range(
// CHECK: tl.full([1, 16, 16], sym_s0, tl.int32)
func.func @forward(%q: tensor<1x2x?x16xf32, ["s0"]>, %k: tensor<1x2x?x16xf32, ["s0"]>, %v: tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]> attributes {stepwell.size_hints = {s0 = 8 : i64}} {
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, none {is_causal = true} : (tensor<1x2x?x16xf32, ["s0"]>, tensor<1x2x?x16xf32, ["s0"]>, tensor<1x2x?x16xf32, ["s0"]>) -> tensor<1x2x?x16xf32, ["s0"]>
  func.return %0 : tensor<1x2x?x16xf32, ["s0"]>
}
