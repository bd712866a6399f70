// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false legal-ops=scaled_dot_product_attention},convert-prims-to-tile' | filecheck %s --check-prefix=TILE
// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false legal-ops=scaled_dot_product_attention},convert-prims-to-tile' -t triton | filecheck %s

// Causal grouped-query attention (4 query heads sharing 2 kv heads, 100 tokens, head dim
// 64, bf16) kept whole: one flash-attention kernel. K and V are read with stride 0 along
// the group of query heads that share them; the key loop stops at the diagonal. Both
// products are 2D dots of the [1, M, K] tiles reshaped (a 3D dot gets no wgmma).

// TILE: tile.kernel @k0_attention(%{{.*}}: memref<1x2x2x100x64xbf16, strided<[25600, 12800, 6400, 64, 1]>>, %{{.*}}: memref<1x2x2x64x100xbf16, strided<[12800, 6400, 0, 1, 64]>>, %{{.*}}: memref<1x2x2x100x64xbf16, strided<[12800, 6400, 0, 64, 1]>>, %{{.*}}: memref<1x2x2x100x64xbf16, strided<[25600, 12800, 6400, 64, 1]>>)
// TILE-SAME: grid = [1 : i64, 4 : i64, 1 : i64], space = {{\[}}[1 : i64, 2 : i64, 2 : i64], [100 : i64], [100 : i64]], block = [1 : i64, 128 : i64, 64 : i64]
// TILE: tile.lanes %{{.*}} {axis = 1 : i64} : tensor<1x128x1xi32>
// TILE: arith.minsi
// TILE: scf.for
// TILE: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x128x64xbf16>, tensor<1x64x64xbf16>, tensor<1x128x64xf32>) -> tensor<1x128x64xf32>
// TILE: tile.reduce "max" %{{.*}} at %{{.*}} {axis = 2 : i64, propagate_nan = false}
// TILE: tile.reduce "sum" %{{.*}} at %{{.*}} {axis = 2 : i64}
// TILE: scf.yield
// TILE: tile.launch @k0_attention(%q, %k, %v)

// CHECK: def k0_attention(q0_ptr, k1_ptr, v2_ptr, out3_ptr):
// CHECK: [[PM:pid[0-9]+]] = tl.program_id(0)
// CHECK: [[ROWS:lane[0-9]+]] = ([[PM]] * 128 + tl.arange(0, 128))[None, :, None]
// CHECK: [[UB:t[0-9]+]] = tl.minimum(
// CHECK: for [[J:k[0-9]+]] in range({{.*}}, [[UB]], {{.*}}):
// CHECK: tl.load(k1_ptr + ({{.*}} // 2) * 6400
// CHECK: tl.expand_dims(tl.dot(tl.reshape({{.*}}, (128, 64)), tl.reshape({{.*}}, (64, 64)), tl.reshape({{.*}}, (128, 64))), 0)
// CHECK: [[COLS:lane[0-9]+]] = ([[J]] * 64 + tl.arange(0, 64))[None, None, :]
// CHECK: tl.max(tl.where({{.*}}), axis=2, keep_dims=True)
// CHECK-NOT: float('nan')
// CHECK: tl.exp(
// CHECK: tl.sum(
// CHECK: tl.load(v2_ptr + ({{.*}} // 2) * 6400
// CHECK: .to(tl.bfloat16, fp_downcast_rounding="rtne")
// CHECK: tl.expand_dims(tl.dot(tl.reshape({{.*}}, (128, 64)), tl.reshape({{.*}}, (64, 64)), tl.reshape({{.*}}, (128, 64))), 0)
// CHECK: tl.store(out3_ptr
func.func @forward(%q: tensor<1x4x100x64xbf16>, %k: tensor<1x2x100x64xbf16>, %v: tensor<1x2x100x64xbf16>) -> tensor<1x4x100x64xbf16> {
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, none {is_causal = true, enable_gqa = true} : (tensor<1x4x100x64xbf16>, tensor<1x2x100x64xbf16>, tensor<1x2x100x64xbf16>) -> tensor<1x4x100x64xbf16>
  func.return %0 : tensor<1x4x100x64xbf16>
}
