// RUN: stepwell-opt %s --split-input-file -p 'decompose-torch-to-prims{report=false},canonicalize-prims,cse,canonicalize-prims,convert-prims-to-tile' | filecheck %s
// RUN: stepwell-opt %s --split-input-file -p 'decompose-torch-to-prims{report=false},canonicalize-prims,cse,canonicalize-prims,convert-prims-to-tile{warp-size=64}' | filecheck %s --check-prefix=WARP64
// RUN: stepwell-opt %S/Inputs/packed-heads.mlir -p 'decompose-torch-to-prims{report=false},canonicalize-prims,cse,fuse-attention,canonicalize-prims,convert-prims-to-tile' | filecheck %s --check-prefix=HEADS
// RUN: stepwell-opt %S/Inputs/extern-side-result.mlir -p convert-prims-to-tile | filecheck %s --check-prefix=SIDE
// RUN: stepwell-opt %S/Inputs/size-of-a-view.mlir -p convert-prims-to-tile | filecheck %s --check-prefix=VIEWSIZE
// RUN: stepwell-opt %S/Inputs/copy-feeding-a-matmul.mlir -p convert-prims-to-tile --check-numerics | filecheck %s --check-prefix=COPYMM
// RUN: stepwell-opt %S/Inputs/data-dependent-size.mlir -p convert-prims-to-tile | filecheck %s --check-prefix=UNBACKED
// (canonicalize-prims runs again after cse, as in the default pipeline: cse merges the
// copies of index math that canonicalize-prims made for each reader, such as a pooling
// window's mask.)

// Fusion decisions: each function below must become the kernels its CHECKs name.

// softmax: one row kernel (max, exp, sum, div), one launch. An 8x128 tile takes 64
// threads: 2 warps of 32 lanes, or 1 of 64 on a 64-lane target (warp-size=64).
// CHECK-LABEL: tile.kernel @k0_softmax
// CHECK-SAME: num_warps = 2 : i64, kind = "reduction", fused = ["prims.amax", "prims.sub", "prims.exp", "prims.sum", "prims.div"]
// WARP64-LABEL: tile.kernel @k0_softmax
// WARP64-SAME: num_warps = 1 : i64, kind = "reduction"
// CHECK: tile.reduce "max"
// CHECK: tile.reduce "sum"
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @softmax
// CHECK-NEXT: %[[Y:.*]] = tile.launch @k0_softmax(%x)
// CHECK-NEXT: func.return %[[Y]]
func.func @softmax(%x: tensor<8x100xf32>) -> tensor<8x100xf32> {
  %0 = torch.aten._softmax %x {dim = -1 : i64, half_to_float = false} : (tensor<8x100xf32>) -> tensor<8x100xf32>
  func.return %0 : tensor<8x100xf32>
}

// -----

// layer_norm: mean and variance (siblings reading x) and the normalization: one kernel,
// in which the mean and the variance share one sum of x (CSE inside the kernel); the
// variance is the corrected two-pass one, sums of d = x - mean and of d * d.
// CHECK-LABEL: tile.kernel @k0_layer_norm
// CHECK-SAME: kind = "reduction"
// CHECK: %[[X:.*]] = tile.load %x
// CHECK-NEXT: tile.reduce "sum" %[[X]]
// CHECK-NOT: tile.reduce "sum" %[[X]]
// CHECK: %[[D:.*]] = arith.subf %[[X]]
// CHECK-NEXT: tile.reduce "sum" %[[D]]
// CHECK-NEXT: %[[D2:.*]] = arith.mulf %[[D]], %[[D]]
// CHECK-NEXT: tile.reduce "sum" %[[D2]]
// CHECK-NOT: tile.reduce
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @layer_norm
// CHECK-NEXT: tile.launch @k0_layer_norm(%x, %w, %b)
// CHECK-NEXT: func.return
func.func @layer_norm(%x: tensor<4x16x64xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<4x16x64xf32> {
  %0 = torch.aten.layer_norm %x, %w, %b {normalized_shape = [64 : i64]} : (tensor<4x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<4x16x64xf32>
  func.return %0 : tensor<4x16x64xf32>
}

// -----

// RMSNorm as Llama writes it: x * rsqrt(mean(x^2) + eps) * w: one kernel.
// CHECK-LABEL: tile.kernel @k0_rms_norm
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @rms_norm
// CHECK-NEXT: tile.launch @k0_rms_norm(%x, %w)
// CHECK-NEXT: func.return
func.func @rms_norm(%x: tensor<4x64xf32>, %w: tensor<64xf32>) -> tensor<4x64xf32> {
  %0 = torch.aten.pow.Tensor_Scalar %x {exponent = 2 : i64} : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %1 = torch.aten.mean.dim %0 {dim = [-1 : i64], keepdim = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  %2 = torch.aten.add.Scalar %1 {other = 1.0e-06 : f64} : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %3 = torch.aten.rsqrt %2 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %4 = torch.aten.mul.Tensor %x, %3 : (tensor<4x64xf32>, tensor<4x1xf32>) -> tensor<4x64xf32>
  %5 = torch.aten.mul.Tensor %w, %4 : (tensor<64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  func.return %5 : tensor<4x64xf32>
}

// -----

// x * sigmoid(x) + y: one pointwise kernel; y's broadcast is a stride-0 view, not a copy.
// CHECK-LABEL: tile.kernel @k0_
// CHECK-SAME: %{{.*}}: memref<4x64xf32, strided<[0, 1]>>
// CHECK-SAME: kind = "pointwise"
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @silu_add
// CHECK-NEXT: tile.launch
// CHECK-NEXT: func.return
func.func @silu_add(%x: tensor<4x64xf32>, %y: tensor<64xf32>) -> tensor<4x64xf32> {
  %0 = torch.aten.sigmoid %x : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %1 = torch.aten.mul.Tensor %x, %0 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %2 = torch.aten.add.Tensor %1, %y : (tensor<4x64xf32>, tensor<64xf32>) -> tensor<4x64xf32>
  func.return %2 : tensor<4x64xf32>
}

// -----

// linear + bias + gelu: one matmul kernel with the bias and gelu as its epilogue; the
// [N, K] weight is read transposed through its view's strides.
// CHECK-LABEL: tile.kernel @k0_matmul_add_mul_gelu
// CHECK-SAME: %{{.*}}: memref<64x32xf32, strided<[1, 64]>>
// CHECK: scf.for
// CHECK: tile.dot
// CHECK: math.erf
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @linear_gelu
// CHECK-NEXT: tile.launch @k0_matmul_add_mul_gelu(%x, %w, %b)
// CHECK-NEXT: func.return
func.func @linear_gelu(%x: tensor<8x64xf32>, %w: tensor<32x64xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %0 = torch.aten.linear %x, %w, %b : (tensor<8x64xf32>, tensor<32x64xf32>, tensor<32xf32>) -> tensor<8x32xf32>
  %1 = torch.aten.gelu %0 : (tensor<8x32xf32>) -> tensor<8x32xf32>
  func.return %1 : tensor<8x32xf32>
}

// -----

// A GPT-2 MLP sub-block: layer_norm, fc, gelu, fc, residual: three kernels. The norm's
// kernel stores only each row's mean and rstd: `(x - mean) * rstd * w + b` is the fc
// kernel's prologue, computed on each x tile of its K loop (no normalized copy of x).
// CHECK-LABEL: tile.kernel @k1_matmul_add_mul_gelu
// CHECK: scf.for
// CHECK-NEXT: tile.load %x
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: tile.dot
// CHECK: scf.yield
// CHECK-LABEL: func.func @gpt2_mlp
// CHECK-NEXT: %[[MEAN:.*]], %[[RSTD:.*]] = tile.launch @k0_layer_norm(%x) : (tensor<2x16x64xf32>) -> (tensor<2x16x1xf32>, tensor<2x16x1xf32>)
// CHECK-NEXT: %[[H:.*]] = tile.launch @k1_matmul_add_mul_gelu(%x, %[[MEAN]], %[[RSTD]], %lnw, %lnb, %w1, %b1)
// CHECK-NEXT: %[[Y:.*]] = tile.launch @k2_matmul_add(%[[H]], %w2, %b2, %x)
// CHECK-NEXT: func.return %[[Y]]
func.func @gpt2_mlp(%x: tensor<2x16x64xf32>, %lnw: tensor<64xf32>, %lnb: tensor<64xf32>, %w1: tensor<256x64xf32>, %b1: tensor<256xf32>, %w2: tensor<64x256xf32>, %b2: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %0 = torch.aten.layer_norm %x, %lnw, %lnb {normalized_shape = [64 : i64]} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  %1 = torch.aten.linear %0, %w1, %b1 : (tensor<2x16x64xf32>, tensor<256x64xf32>, tensor<256xf32>) -> tensor<2x16x256xf32>
  %2 = torch.aten.gelu %1 : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
  %3 = torch.aten.linear %2, %w2, %b2 : (tensor<2x16x256xf32>, tensor<64x256xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  %4 = torch.aten.add.Tensor %x, %3 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
  func.return %4 : tensor<2x16x64xf32>
}

// -----

// Horizontal fusion: a SwiGLU MLP's gate and up projections read one input with weights
// of one shape, so they are one matmul kernel whose K loop loads each x tile once and
// keeps two accumulators; silu(gate) * up is its epilogue. The down projection reads
// their product, not x: a kernel of its own.
// CHECK-LABEL: tile.kernel @k0_matmul_neg_exp
// CHECK:       scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-COUNT-1: tile.load %x
// CHECK-COUNT-2: tile.dot
// CHECK:       scf.yield
// CHECK-LABEL: func.func @swiglu
// CHECK-NEXT:  %[[H:.*]] = tile.launch @k0_matmul_neg_exp(%x, %wg, %wu)
// CHECK-NEXT:  %[[Y:.*]] = tile.launch @k1_matmul(%[[H]], %wd)
// CHECK-NEXT:  func.return %[[Y]]
func.func @swiglu(%x: tensor<8x64xf32>, %wg: tensor<64x128xf32>, %wu: tensor<64x128xf32>, %wd: tensor<128x64xf32>) -> tensor<8x64xf32> {
  %g = torch.aten.mm %x, %wg : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
  %u = torch.aten.mm %x, %wu : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
  %s = torch.aten.silu %g : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %h = torch.aten.mul.Tensor %s, %u : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %y = torch.aten.mm %h, %wd : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
  func.return %y : tensor<8x64xf32>
}

// -----

// Grouped-query attention's K and V projections (one shape) share a kernel with two
// outputs; Q's projection, of another width, keeps its own.
// CHECK-LABEL: func.func @kv
// CHECK-NEXT:  %[[Q:.*]] = tile.launch @k0_matmul(%x, %wq)
// CHECK-NEXT:  %[[K:.*]], %[[V:.*]] = tile.launch @k1_matmul(%x, %wk, %wv)
// CHECK-NEXT:  func.return %[[Q]], %[[K]], %[[V]]
func.func @kv(%x: tensor<8x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>) -> (tensor<8x64xf32>, tensor<8x32xf32>, tensor<8x32xf32>) {
  %q = torch.aten.mm %x, %wq : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  %k = torch.aten.mm %x, %wk : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  %v = torch.aten.mm %x, %wv : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  func.return %q, %k, %v : tensor<8x64xf32>, tensor<8x32xf32>, tensor<8x32xf32>
}

// -----

// Backward of two linear layers reading one x: the input gradient dq Wq + dk Wk is one
// kernel (two accumulators, the sum as its epilogue); the weight gradients dqᵀ x and
// dkᵀ x share x and are one kernel with two results.
// CHECK-LABEL: tile.kernel @k0_matmul_add
// CHECK:       scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-COUNT-2: tile.dot
// CHECK-LABEL: func.func @linear_backward
// CHECK-NEXT:  %[[DX:.*]] = tile.launch @k0_matmul_add(%dq, %wq, %dk, %wk)
// CHECK-NEXT:  %[[DWQ:.*]], %[[DWK:.*]] = tile.launch @k1_matmul(%dq, %x, %dk)
// CHECK-NEXT:  func.return %[[DX]], %[[DWQ]], %[[DWK]]
func.func @linear_backward(%x: tensor<8x64xf32>, %dq: tensor<8x32xf32>, %dk: tensor<8x32xf32>, %wq: tensor<32x64xf32>, %wk: tensor<32x64xf32>) -> (tensor<8x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) {
  %a = torch.aten.mm %dq, %wq : (tensor<8x32xf32>, tensor<32x64xf32>) -> tensor<8x64xf32>
  %b = torch.aten.mm %dk, %wk : (tensor<8x32xf32>, tensor<32x64xf32>) -> tensor<8x64xf32>
  %dx = torch.aten.add.Tensor %a, %b : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %dqt = torch.aten.t %dq : (tensor<8x32xf32>) -> tensor<32x8xf32>
  %dkt = torch.aten.t %dk : (tensor<8x32xf32>) -> tensor<32x8xf32>
  %dwq = torch.aten.mm %dqt, %x : (tensor<32x8xf32>, tensor<8x64xf32>) -> tensor<32x64xf32>
  %dwk = torch.aten.mm %dkt, %x : (tensor<32x8xf32>, tensor<8x64xf32>) -> tensor<32x64xf32>
  func.return %dx, %dwq, %dwk : tensor<8x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>
}

// -----

// A chain (the second product reads the first) is not horizontal: two kernels.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:  %[[H:.*]] = tile.launch @k0_matmul(%x, %w)
// CHECK-NEXT:  %[[Y:.*]] = tile.launch @k1_matmul(%[[H]], %w)
func.func @chain(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %h = torch.aten.mm %x, %w : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %y = torch.aten.mm %h, %w : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  func.return %y : tensor<8x8xf32>
}

// -----

// A row longer than one tile (20000 > 16384): still one kernel, walking the row in column
// tiles, one loop per reduction (max, then sum) and one that writes the result.
// CHECK-LABEL: tile.kernel @k0_softmax
// CHECK-SAME: block = [1 : i64, 2048 : i64]
// CHECK: scf.for
// CHECK: tile.reduce "max" %{{.*}} at %{{.*}}
// CHECK: arith.maximumf
// CHECK: scf.for
// CHECK: math.exp
// CHECK: tile.reduce "sum" %{{.*}} at %{{.*}}
// CHECK: scf.for
// CHECK: arith.divf
// CHECK: tile.store
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @long_softmax
// CHECK-NEXT: tile.launch @k0_softmax(%x)
// CHECK-NEXT: func.return
func.func @long_softmax(%x: tensor<2x20000xf32>) -> tensor<2x20000xf32> {
  %0 = torch.aten._softmax %x {dim = -1 : i64, half_to_float = false} : (tensor<2x20000xf32>) -> tensor<2x20000xf32>
  func.return %0 : tensor<2x20000xf32>
}

// -----

// layer_norm's backward: x̂ is recomputed by pointwise ops placed before the row sums;
// merging pulls them into the row kernel (grad input), and the two column sums (the
// weight and bias gradients) share one kernel, which computes g * x̂ itself (a product
// only it reads): two launches in all. x̂ = (x - mean) * rstd is computed from memory
// alone, so the column sums compute it again from x (support/leaves.py) instead of the
// row kernel storing it for them: 8 KiB stored and loaded become 256 B of statistics.
// CHECK-LABEL: tile.kernel @k0_sum
// CHECK-SAME: kind = "reduction"
// CHECK-LABEL: tile.kernel @k1_sum
// CHECK-SAME: kind = "reduction", fused = ["prims.sub", "prims.mul", "prims.mul", "prims.sum", "prims.sum"]
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @layer_norm_backward
// CHECK-NEXT: %[[DX:.*]] = tile.launch @k0_sum
// CHECK-NEXT: %[[DW:.*]], %[[DB:.*]] = tile.launch @k1_sum(%x, %mean, %rstd, %g)
// CHECK-NEXT: func.return %[[DX]], %[[DW]], %[[DB]]
func.func @layer_norm_backward(%g: tensor<32x64xf32>, %x: tensor<32x64xf32>, %mean: tensor<32x1xf32>, %rstd: tensor<32x1xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<32x64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %0:3 = torch.aten.native_layer_norm_backward %g, %x, %mean, %rstd, %w, %b {normalized_shape = [64 : i64], output_mask = [true, true, true]} : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<32x64xf32>, tensor<64xf32>, tensor<64xf32>)
  func.return %0#0, %0#1, %0#2 : tensor<32x64xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

// An optimizer step's pointwise chains over parameters of one size share a kernel
// (horizontal merge), as do the two chains here: one launch for both updates.
// CHECK-LABEL: tile.kernel @k0_
// CHECK-SAME: kind = "pointwise"
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @two_updates
// CHECK-NEXT: %{{.*}}, %{{.*}} = tile.launch @k0_
// CHECK-NEXT: func.return
func.func @two_updates(%p: tensor<8x16xf32>, %g: tensor<8x16xf32>, %q: tensor<128xf32>, %h: tensor<128xf32>) -> (tensor<8x16xf32>, tensor<128xf32>) {
  %0 = torch.aten.mul.Scalar %g {other = 0.1 : f64} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = torch.aten.sub.Tensor %p, %0 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = torch.aten.mul.Scalar %h {other = 0.1 : f64} : (tensor<128xf32>) -> tensor<128xf32>
  %3 = torch.aten.sub.Tensor %q, %2 : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
  func.return %1, %3 : tensor<8x16xf32>, tensor<128xf32>
}

// -----

// embedding: the row offsets (index * 64 + column, negative indices wrapped) are
// computed in the kernel that gathers the rows and scales them: one kernel, no ATen.
// CHECK-LABEL: tile.kernel @k0_
// CHECK-SAME: %w: memref<4096xf32, strided<[1]>>
// CHECK: tile.lanes
// CHECK: tile.gather %w[%{{.*}}] : memref<4096xf32, strided<[1]>>, tensor<{{.*}}xi64> -> tensor<{{.*}}xf32>
// CHECK: arith.mulf
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @embedding
// CHECK-NEXT: tile.launch @k0_
// CHECK-NEXT: func.return
func.func @embedding(%w: tensor<64x64xf32>, %ids: tensor<2x16xi64>) -> tensor<2x16x64xf32> {
  %0 = torch.aten.embedding %w, %ids : (tensor<64x64xf32>, tensor<2x16xi64>) -> tensor<2x16x64xf32>
  %1 = torch.aten.mul.Scalar %0 {other = 8.0 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
  func.return %1 : tensor<2x16x64xf32>
}

// -----

// gather along the last dim (a cross-entropy's target logits): one kernel.
// CHECK-LABEL: tile.kernel @k0_
// CHECK: tile.gather
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @gather
// CHECK-NEXT: tile.launch @k0_
// CHECK-NEXT: func.return
func.func @gather(%x: tensor<30x256xf32>, %t: tensor<30x1xi64>) -> tensor<30x1xf32> {
  %0 = torch.aten.gather %x, %t {dim = 1 : i64} : (tensor<30x256xf32>, tensor<30x1xi64>) -> tensor<30x1xf32>
  func.return %0 : tensor<30x1xf32>
}

// -----

// cumsum then a scale: one row kernel whose row op is a scan (`tile.scan`, in float64 as
// eager's CPU cumsum accumulates, plus +0.0: eager's sum starts from it, so -0.0 never
// comes out), not the triangular-mask sum PyTorch's decomposition builds.
// CHECK-LABEL: tile.kernel @k0_scan
// CHECK-SAME: kind = "reduction", fused = ["prims.convert_element_type", "prims.scan", "prims.add", "prims.convert_element_type", "prims.mul"]
// CHECK: tile.scan "sum" %{{.*}} {axis = 1 : i64} : tensor<{{.*}}xf64> -> tensor<{{.*}}xf64>
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @cumsum
// CHECK-NEXT: tile.launch @k0_scan(%x)
// CHECK-NEXT: func.return
func.func @cumsum(%x: tensor<8x100xf32>) -> tensor<8x100xf32> {
  %0 = torch.aten.cumsum %x {dim = 1 : i64} : (tensor<8x100xf32>) -> tensor<8x100xf32>
  %1 = torch.aten.mul.Scalar %0 {other = 2.0 : f64} : (tensor<8x100xf32>) -> tensor<8x100xf32>
  func.return %1 : tensor<8x100xf32>
}

// -----

// max_pool2d with padding: each window is a gather of the input at computed offsets (the
// padding masked to -inf), reduced by amax; its index by amin: one row kernel, no ATen.
// CHECK-LABEL: tile.kernel @k0_amax
// CHECK-SAME: kind = "reduction"
// CHECK: tile.gather
// CHECK: tile.reduce "max"
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @max_pool
// CHECK-NEXT: tile.launch @k0_amax(%x)
// CHECK-NEXT: func.return
func.func @max_pool(%x: tensor<2x3x8x8xf32>) -> tensor<2x3x4x4xf32> {
  %0 = torch.aten.max_pool2d %x {kernel_size = [3 : i64, 3 : i64], stride = [2 : i64, 2 : i64], padding = [1 : i64, 1 : i64]} : (tensor<2x3x8x8xf32>) -> tensor<2x3x4x4xf32>
  func.return %0 : tensor<2x3x4x4xf32>
}

// -----

// Convolution with bias and ReLU: the window gather, the product with the weight, the
// sum over (C, KH, KW), the bias and the ReLU are one row kernel, no ATen call.
// CHECK-LABEL: tile.kernel @k0_sum
// CHECK-SAME: kind = "reduction"
// CHECK: tile.gather
// CHECK: tile.load
// CHECK: tile.reduce "sum"
// CHECK: tile.select
// CHECK: tile.store
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @conv_relu
// CHECK-NEXT: tile.launch @k0_sum(%x, %w, %b)
// CHECK-NEXT: func.return
func.func @conv_relu(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<2x4x8x8xf32> {
  %0 = torch.aten.convolution %x, %w, %b {stride = [1 : i64, 1 : i64], padding = [1 : i64, 1 : i64], dilation = [1 : i64, 1 : i64], transposed = false, output_padding = [0 : i64, 0 : i64], groups = 1 : i64} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x8x8xf32>
  %1 = torch.aten.relu %0 : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  func.return %1 : tensor<2x4x8x8xf32>
}

// -----

// scatter_add then ReLU: the offsets and the atomic add are one pointwise kernel over the
// index's elements, whose result starts as %x: an argument, which is never written, so a
// copy kernel (prims.clone) makes the memory the scatter takes (`inits`, donated); the
// ReLU reads the finished result in a third kernel.
// CHECK-LABEL: tile.kernel @k0_scatter
// CHECK-SAME: kind = "pointwise"
// CHECK: tile.load
// CHECK: tile.scatter "sum" %{{.*}}, %out[%{{.*}}] : tensor<16xf32>, memref<12xf32, strided<[1]>>, tensor<16xi64>
// CHECK-NOT: tile.store
// CHECK-LABEL: tile.kernel @k1_clone
// CHECK-LABEL: tile.kernel @k2_
// CHECK-LABEL: func.func @scatter_add_relu
// CHECK-NEXT: %[[C:.*]] = tile.launch @k1_clone(%x)
// CHECK-NEXT: %[[S:.*]] = tile.launch @k0_scatter(%i, %s) inits(%[[C]] : tensor<4x3xf32>)
// CHECK-NEXT: tile.launch @k2_{{.*}}(%[[S]])
func.func @scatter_add_relu(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %s: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = torch.aten.scatter_add %x, %i, %s {dim = 0 : i64} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %1 = torch.aten.relu %0 : (tensor<4x3xf32>) -> tensor<4x3xf32>
  func.return %1 : tensor<4x3xf32>
}

// -----

// A transposed value flattened: strides cannot express the merged dims, so a kernel
// copies it (walking the transposed view in order), and the multiply that reads the copy
// joins that kernel: one launch, no ATen copy.
// CHECK-LABEL: tile.kernel @k0_collapse_mul
// CHECK: tile.load %x[%{{.*}}] {groups = [3 : i64]} : memref<3x4x5xf32, strided<[5, 15, 1]>>
// CHECK: arith.mulf
// CHECK: tile.store
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @flatten_transposed
// CHECK-NEXT: tile.launch @k0_collapse_mul(%x)
// CHECK-NEXT: func.return
func.func @flatten_transposed(%x: tensor<4x3x5xf32>) -> tensor<12x5xf32> {
  %0 = torch.aten.transpose.int %x {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<4x3x5xf32>) -> tensor<3x4x5xf32>
  %1 = torch.aten.reshape %0 {shape = [12 : i64, 5 : i64]} : (tensor<3x4x5xf32>) -> tensor<12x5xf32>
  %2 = torch.aten.mul.Scalar %1 {other = 2 : i64} : (tensor<12x5xf32>) -> tensor<12x5xf32>
  func.return %2 : tensor<12x5xf32>
}

// -----

// Training's attention (SDPA's CPU flash forward, lse used, and its backward): the
// forward kernel stores the output and each row's log-sum-exp; delta = rowsum(dO * O)
// is a row kernel; the backward is one kernel whose programs compute dq for a query
// block (one key loop) and dk, dv for a key block (a loop over the group's heads and
// the query blocks), with P recomputed from the lse, never loaded.
// CHECK-LABEL: tile.kernel @k0_attention(
// CHECK-SAME: %o: memref<2x4x1x16x8xf32, {{.*}}>, %lse: memref<2x4x1x16x1xf32, strided<[64, 16, 16, 1, 0]>>)
// CHECK: tile.store %{{.*}}, %o[
// CHECK: tile.store %{{.*}}, %lse[
// CHECK-LABEL: tile.kernel @k1_sum(
// CHECK-LABEL: tile.kernel @k2_attention_backward(
// CHECK-SAME: kind = "attention_backward"
// CHECK: scf.for
// CHECK-COUNT-3: tile.dot
// CHECK: tile.store %{{.*}}, %dq
// CHECK: scf.for
// CHECK: scf.for
// CHECK-COUNT-4: tile.dot
// CHECK: tile.store %{{.*}}, %dk
// CHECK: tile.store %{{.*}}, %dv
// CHECK-LABEL: func.func @flash_training
// CHECK: %[[O:.*]], %[[L:.*]] = tile.launch @k0_attention(%q, %k, %v, %m)
// CHECK: %[[D:.*]] = tile.launch @k1_sum(%do, %[[O]])
// CHECK: tile.launch @k2_attention_backward({{.*}}%[[L]], %[[L]], %[[D]], %[[D]], %m, %m)
func.func @flash_training(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %v: tensor<2x4x16x8xf32>, %m: tensor<2x1x16x16xf32>, %do: tensor<2x4x16x8xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) {
  %o, %lse = torch.aten._scaled_dot_product_flash_attention_for_cpu %q, %k, %v, %m {scale = 2.500000e-01 : f64} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x1x16x16xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16xf32>)
  %dq, %dk, %dv = torch.operator "aten._scaled_dot_product_flash_attention_for_cpu_backward.default"(%do, %q, %k, %v, %o, %lse, %m) {args = [#torch.sym<0>, #torch.sym<1>, #torch.sym<2>, #torch.sym<3>, #torch.sym<4>, #torch.sym<5>, 0.000000e+00 : f64, false], kwargs = {attn_mask = #torch.sym<6>, scale = 2.500000e-01 : f64}} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x1x16x16xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>)
  func.return %dq, %dk, %dv : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
}

// -----

// Math that core Triton lacks is a formula in the kernel (passes/support/math_rules.py):
// atan2 in float64 (the quotient's atan, moved to x's half-plane by x's sign bit, read
// through a bitcast) rounded once to f32; signbit of a float is its bit, not x < 0.
// CHECK-LABEL: tile.kernel @k0_atan2_signbit(
// CHECK: tile.cast %{{.*}} : tensor<{{.*}}xf32> -> tensor<{{.*}}xf64>
// CHECK: arith.divf %{{.*}} : tensor<{{.*}}xf64>
// CHECK: arith.bitcast %{{.*}} : tensor<{{.*}}xf64> to tensor<{{.*}}xi64>
// CHECK: tile.cast %{{.*}} : tensor<{{.*}}xf64> -> tensor<{{.*}}xf32>
// CHECK: arith.bitcast %{{.*}} : tensor<{{.*}}xf32> to tensor<{{.*}}xi32>
// CHECK-NOT: tile.launch
// CHECK-LABEL: func.func @math
// CHECK-COUNT-1: tile.launch
// CHECK-NOT: prims.
func.func @math(%y: tensor<8xf32>, %x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi1>) {
  %a = torch.aten.atan2 %y, %x : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s = torch.operator "aten.signbit.default"(%x) {args = [#torch.sym<0>], kwargs = {}} : (tensor<8xf32>) -> tensor<8xi1>
  func.return %a, %s : tensor<8xf32>, tensor<8xi1>
}

// -----

// Special functions are formulas too (passes/support/special_rules.py): Bessel Y1 (its
// series and Hankel's expansion, selected per element) and erfinv (Halley's steps) fuse
// with their consumer, in float64 rounded once to f32.
// CHECK-LABEL: tile.kernel @k0_bessel_y1_erf_inv_add(
// CHECK-SAME: fused = ["prims.bessel_y1", "prims.erf_inv", "prims.add"]
// CHECK: tile.cast %{{.*}} : tensor<{{.*}}xf32> -> tensor<{{.*}}xf64>
// CHECK: math.log %{{.*}} : tensor<{{.*}}xf64>
// CHECK: math.sin %{{.*}} : tensor<{{.*}}xf64>
// CHECK: math.erf %{{.*}} : tensor<{{.*}}xf64>
// CHECK: tile.cast %{{.*}} : tensor<{{.*}}xf64> -> tensor<{{.*}}xf32>
// CHECK-LABEL: func.func @special_functions
// CHECK-COUNT-1: tile.launch
// CHECK-NOT: prims.
func.func @special_functions(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = torch.operator "aten.special_bessel_y1.default"(%x) {args = [#torch.sym<0>], kwargs = {}} : (tensor<8xf32>) -> tensor<8xf32>
  %e = torch.operator "aten.erfinv.default"(%x) {args = [#torch.sym<0>], kwargs = {}} : (tensor<8xf32>) -> tensor<8xf32>
  %s = torch.aten.add.Tensor %y, %e : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %s : tensor<8xf32>
}

// -----

// prod is a row reduction like sum: tile.reduce "prod" (masked lanes contribute one).
// CHECK-LABEL: tile.kernel @k0_prod(
// CHECK: tile.reduce "prod" %{{.*}} {axis = 1 : i64} : tensor<4x16xf32> -> tensor<4x1xf32>
// CHECK-LABEL: func.func @prod
// CHECK-NOT: prims.prod
func.func @prod(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %p = torch.operator "aten.prod.dim_int"(%x) {args = [#torch.sym<0>, 1 : i64], kwargs = {}} : (tensor<4x8xf32>) -> tensor<4xf32>
  func.return %p : tensor<4xf32>
}

// -----

// A flip is a view: its kernel reads through a negative stride from the dim's last
// element (offset 19: the last element of the 5x4 tensor), fused; no copy, no ATen flip.
// CHECK-LABEL: tile.kernel @k0_mul(
// CHECK-SAME: %x: memref<5x4xf32, strided<[-4, -1], offset: 19>>
// CHECK-LABEL: func.func @flip
// CHECK-NOT: prims.rev
// CHECK: tile.launch @k0_mul(%x)
func.func @flip(%x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %f = torch.aten.flip %x {dims = [0, 1]} : (tensor<5x4xf32>) -> tensor<5x4xf32>
  %y = torch.aten.mul.Tensor %f, %f : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
  func.return %y : tensor<5x4xf32>
}

// -----

// argmax and the row's max in one row kernel: tl.argmax of the row tile, and the first
// NaN's column where the row holds one.
// CHECK-LABEL: tile.kernel @k0_arg_reduce_amax(
// CHECK: tile.reduce "argmax" %{{.*}} : tensor<{{.*}}xf32> -> tensor<{{.*}}xi64>
// CHECK: tile.cmp "ne"
// CHECK: tile.reduce "argmax" %{{.*}} : tensor<{{.*}}xi32> -> tensor<{{.*}}xi64>
// CHECK: tile.select
// CHECK: tile.reduce "max" %{{.*}} : tensor<{{.*}}xf32> -> tensor<{{.*}}xf32>
// CHECK-LABEL: func.func @max_dim
// CHECK-COUNT-1: tile.launch
// CHECK-NOT: prims.
func.func @max_dim(%x: tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>) {
  %v, %i = torch.operator "aten.max.dim"(%x) {args = [#torch.sym<0>, 1 : i64], kwargs = {}} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>)
  func.return %v, %i : tensor<3xf32>, tensor<3xi64>
}

// -----

// argmax over rows longer than one tile (20000 > MAX_ROW) is a looped row kernel: each
// column tile's max (NaN lanes left out) and the first column holding it replace the
// carried pair where strictly greater, and the first NaN's column is carried apart.
// CHECK-LABEL: tile.kernel @k0_arg_reduce(
// CHECK: scf.for
// CHECK: tile.cmp "ne"
// CHECK: tile.reduce "max"
// CHECK: tile.lanes
// CHECK: tile.reduce "min" %{{.*}} : tensor<{{.*}}xi64> -> tensor<{{.*}}xi64>
// CHECK: tile.cmp "gt"
// CHECK: arith.minsi
// CHECK: scf.yield
// CHECK-LABEL: func.func @long_argmax
// CHECK-COUNT-1: tile.launch
// CHECK-NOT: prims.
func.func @long_argmax(%x: tensor<3x20000xf32>) -> tensor<3xi64> {
  %i = torch.aten.argmax %x {dim = 1 : i64, keepdim = false} : (tensor<3x20000xf32>) -> tensor<3xi64>
  func.return %i : tensor<3xi64>
}

// -----

// A sort of rows of 5 is a row kernel over 16 lanes: tile.sort carries each lane's
// column; lanes 5..15 (past the row) sort last, so the stored row is the sorted one.
// CHECK-LABEL: tile.kernel @k0_sort(
// CHECK: tile.lanes
// CHECK: tile.sort %{{.*}}, %{{.*}} {descending = false, size = 5 : i64} : tensor<{{[0-9]+}}x16xf32>, tensor<{{[0-9]+}}x16xi64>
// CHECK-LABEL: func.func @sort
// CHECK-COUNT-1: tile.launch
// CHECK-NOT: prims.
func.func @sort(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
  %v, %i = torch.operator "aten.sort.default"(%x) {args = [#torch.sym<0>, 1 : i64], kwargs = {}} : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
  func.return %v, %i : tensor<3x5xf32>, tensor<3x5xi64>
}

// -----

// Symbolic sizes: gelu and layer_norm over `s0` rows are one row kernel whose size is an
// argument; its grid is computed from it at launch, and every `?` view says its size.
// CHECK-LABEL: tile.kernel @k0_layer_norm_gelu(%x: memref<?x32xf32, strided<[32, 1]>>, %w: memref<?x32xf32, strided<[0, 1]>>, %b: memref<?x32xf32, strided<[0, 1]>>, %out: memref<?x32xf32, strided<[32, 1]>>, %s0: index) attributes {grid = ["((s0 + 127)//128)", 1 : i64, 1 : i64], space = [["s0"], [32 : i64]], block = [128 : i64, 32 : i64]
// CHECK-SAME: symbols = ["s0"], dims = [["s0"], ["s0"], ["s0"], ["s0"]]
// CHECK: func.func @symbolic
// CHECK-NEXT: tile.launch @k0_layer_norm_gelu(%x, %w, %b) : (tensor<?x32xf32, ["s0"]>, tensor<32xf32>, tensor<32xf32>) -> tensor<?x32xf32, ["s0"]>
func.func @symbolic(%x: tensor<?x32xf32, ["s0"]>, %w: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<?x32xf32, ["s0"]> {
  %0 = torch.aten.gelu %x : (tensor<?x32xf32, ["s0"]>) -> tensor<?x32xf32, ["s0"]>
  %1, %2, %3 = torch.aten.native_layer_norm %0, %w, %b {normalized_shape = [32 : i64], eps = 1.000000e-05 : f64} : (tensor<?x32xf32, ["s0"]>, tensor<32xf32>, tensor<32xf32>) -> (tensor<?x32xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>)
  func.return %1 : tensor<?x32xf32, ["s0"]>
}

// -----

// A variance over a symbolic row divides by the row's length less the correction, read
// from the size argument (`s0`, converted to the row's float type): a looped kernel,
// not a graph-level `prims.var`. A sum of squares past the type's range is the
// variance's infinity (eager's), not inf - inf.
// CHECK-LABEL: tile.kernel @k0_var(%x: memref<4x?xf32, strided<[?, 1]>>, %out: memref<4xf32, strided<[1]>>, %s0: index)
// CHECK: %[[N:.*]] = tile.splat %s0 : tensor<1x1xi64>
// CHECK-NEXT: %[[LENGTH:.*]] = tile.cast %[[N]] : tensor<1x1xi64> -> tensor<1x1xf32>
// CHECK: %[[OVERFLOW:.*]] = tile.cmp "eq" %[[SUMSQ:.*]], %{{.*}} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xi1>
// CHECK-NEXT: tile.select %[[OVERFLOW]], %[[SUMSQ]], %{{.*}}
// CHECK: %[[LESS:.*]] = arith.subf %[[LENGTH]], %{{.*}} : tensor<1x1xf32>
// CHECK-NEXT: %[[DIVISOR:.*]] = arith.maximumf %[[LESS]], %{{.*}} : tensor<1x1xf32>
// CHECK-NEXT: arith.divf %{{.*}}, %[[DIVISOR]] : tensor<1x1xf32>
// CHECK: func.func @variance_of_a_symbolic_row
// CHECK-NOT: prims.var
// CHECK: tile.launch @k0_var(%x)
func.func @variance_of_a_symbolic_row(%x: tensor<4x?xf32, ["s0"]>) -> tensor<4xf32> {
  %0 = torch.aten.var.correction %x {dim = [1 : i64], correction = 1 : i64} : (tensor<4x?xf32, ["s0"]>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// A sort and a cummax along a static row of `s0` rows: row kernels whose grid is computed
// from the size, one kernel for both (they stayed graph-level ops, so their graph
// compiled per size).
// CHECK-LABEL: tile.kernel @k0_sort_scan_index(%x: memref<?x5xf32, strided<[5, 1]>>
// CHECK-SAME: grid = ["((s0 + 255)//256)", 1 : i64, 1 : i64]
// CHECK-SAME: symbols = ["s0"]
// CHECK: tile.sort %{{.*}}, %{{.*}} {descending = true, size = 5 : i64}
// CHECK: tile.scan_index "max"
// CHECK-LABEL: func.func @sort_of_symbolic_rows
// CHECK-NEXT: tile.launch @k0_sort_scan_index(%x)
// CHECK-NEXT: func.return
func.func @sort_of_symbolic_rows(%x: tensor<?x5xf32, ["s0"]>) -> (tensor<?x5xf32, ["s0"]>, tensor<?x5xi64, ["s0"]>, tensor<?x5xf32, ["s0"]>, tensor<?x5xi64, ["s0"]>) {
  %v, %i = torch.aten.sort %x {dim = 1 : i64, descending = true} : (tensor<?x5xf32, ["s0"]>) -> (tensor<?x5xf32, ["s0"]>, tensor<?x5xi64, ["s0"]>)
  %m, %j = torch.operator "aten.cummax.default"(%x) {args = [#torch.sym<0>, 1 : i64]} : (tensor<?x5xf32, ["s0"]>) -> (tensor<?x5xf32, ["s0"]>, tensor<?x5xi64, ["s0"]>)
  func.return %v, %i, %m, %j : tensor<?x5xf32, ["s0"]>, tensor<?x5xi64, ["s0"]>, tensor<?x5xf32, ["s0"]>, tensor<?x5xi64, ["s0"]>
}

// -----

// A scatter whose values have symbolic sizes (`s0` rows added into 4): a kernel over the
// values, each lane past the symbolic element count `6*s0` given offset -1 (no write).
// Each index of a lane inside it is checked: 0 <= i < 4, else the launch stops.
// CHECK-LABEL: tile.kernel @k0_scatter(%i: memref<?x6xi64, strided<[1, 0]>>, %x: memref<?x6xf32, strided<[6, 1]>>, %out: memref<24xf32, strided<[1]>>, %s0: index)
// CHECK-SAME: grid = ["((6*s0 + 1023)//1024)", 1 : i64, 1 : i64], space = [["s0", 6 : i64]]
// CHECK: %[[I:.*]] = tile.load %i
// CHECK: %[[GE:.*]] = tile.cmp "ge" %[[I]], %{{.*}}
// CHECK-NEXT: %[[LT:.*]] = tile.cmp "lt" %[[I]], %{{.*}}
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[GE]], %[[LT]]
// CHECK: %[[N:.*]] = tile.splat %s0 : tensor<1024xi64>
// CHECK-NEXT: %[[COUNT:.*]] = arith.muli %{{.*}}, %[[N]] : tensor<1024xi64>
// CHECK-NEXT: %[[INSIDE:.*]] = tile.cmp "lt" %{{.*}}, %[[COUNT]]
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK-NEXT: %[[CHECKED:.*]] = tile.select %[[INSIDE]], %[[OK]], %[[TRUE]]
// CHECK-NEXT: tile.assert %[[CHECKED]], "index out of bounds"
// CHECK: %[[WHERE:.*]] = tile.select %[[INSIDE]], %{{.*}}, %{{.*}}
// CHECK-NEXT: tile.scatter "sum" %{{.*}}, %out[%[[WHERE]]]
// CHECK: func.func @symbolic_scatter
// CHECK-NOT: prims.scatter
// CHECK: tile.launch @k0_scatter(%i, %x) inits(
func.func @symbolic_scatter(%rows: tensor<4x6xf32>, %i: tensor<?xi64, ["s0"]>, %x: tensor<?x6xf32, ["s0"]>) -> tensor<4x6xf32> {
  %0 = torch.aten.index_add %rows, %i, %x {dim = 0 : i64} : (tensor<4x6xf32>, tensor<?xi64, ["s0"]>, tensor<?x6xf32, ["s0"]>) -> tensor<4x6xf32>
  func.return %0 : tensor<4x6xf32>
}

// -----

// Block sizes come from the function's size hints (the example sizes Dynamo traced
// with, `stepwell.size_hints`) where it has them: 4 rows a program here, not 128; the
// grid and masks are still computed from `s0` at launch.
// CHECK-LABEL: tile.kernel @k0_layer_norm_gelu
// CHECK-SAME: grid = ["((s0 + 3)//4)", 1 : i64, 1 : i64], space = [["s0"], [32 : i64]], block = [4 : i64, 32 : i64]
// CHECK: func.func @hinted
// CHECK-SAME: stepwell.size_hints = {s0 = 4 : i64}
func.func @hinted(%x: tensor<?x32xf32, ["s0"]>, %w: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<?x32xf32, ["s0"]> attributes {stepwell.size_hints = {s0 = 4 : i64}} {
  %0 = torch.aten.gelu %x : (tensor<?x32xf32, ["s0"]>) -> tensor<?x32xf32, ["s0"]>
  %1, %2, %3 = torch.aten.native_layer_norm %0, %w, %b {normalized_shape = [32 : i64], eps = 1.000000e-05 : f64} : (tensor<?x32xf32, ["s0"]>, tensor<32xf32>, tensor<32xf32>) -> (tensor<?x32xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>)
  func.return %1 : tensor<?x32xf32, ["s0"]>
}

// -----

// A view with `?` in its arguments (here a slice to `s0 - 1` rows) that the return reads
// has no ATen form at graph level: a kernel copies it (`prims.clone`, reading it through
// strides), and the function returns the copy.
// CHECK-LABEL: tile.kernel @k0_clone(%x: memref<?x4xf32, strided<[4, 1]>>, %out: memref<?x4xf32, strided<[4, 1]>>, %s0: index)
// CHECK: func.func @returned_symbolic_slice
// CHECK-NOT: prims.slice
// CHECK: %[[COPY:.*]] = tile.launch @k0_clone(%x)
// CHECK: func.return %[[COPY]]
func.func @returned_symbolic_slice(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %x: tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0 - 1"]> {
  %e = torch.operator "_operator.sub"(%n) {args = [#torch.sym<0>, 1 : i64]} : (i64) -> i64
  %0 = torch.aten.slice.Tensor %x sym(%e) {dim = 0 : i64, start = 0 : i64, end = #torch.sym<0>, step = 1 : i64} : (tensor<?x4xf32, ["s0"]>, i64) -> tensor<?x4xf32, ["s0 - 1"]>
  func.return %0 : tensor<?x4xf32, ["s0 - 1"]>
}

// -----

// A view whose offset is a size (rows 1.. of an (s0, s1) tensor, flipped: it starts at
// the last row, `s1*(s0 - 1)`) is a memref with `offset: ?`, its expression last in the
// view's `dims`.
// CHECK-LABEL: tile.kernel @k0_mul(%x: memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-SAME: dims = [["s0 - 1", "s1", "(-s1)", "s1 + s1*(s0 - 2)"], ["s0 - 1", "s1", "s1"]]
// CHECK: func.func @symbolic_offset
func.func @symbolic_offset(%x: tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]> {
  %0 = torch.aten.slice.Tensor %x {dim = 0 : i64, start = 1 : i64, step = 1 : i64} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]>
  %1 = torch.aten.flip %0 {dims = [0 : i64]} : (tensor<?x?xf32, ["s0 - 1", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]>
  %2 = torch.aten.mul.Scalar %1 {other = 2 : i64} : (tensor<?x?xf32, ["s0 - 1", "s1"]>) -> tensor<?x?xf32, ["s0 - 1", "s1"]>
  func.return %2 : tensor<?x?xf32, ["s0 - 1", "s1"]>
}

// -----

// A fill of symbolic size has no input to bind its size from: the launch passes the
// function's size argument (`sizes`).
// CHECK-LABEL: tile.kernel @k0_full
// CHECK-SAME: symbols = ["s0"]
// CHECK: func.func @symbolic_fill
// CHECK: tile.launch @k0_full() sizes(%n : i64)
func.func @symbolic_fill(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %x: tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0"]> {
  %0 = torch.aten.ones_like %x : (tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0"]>
  func.return %0 : tensor<?x4xf32, ["s0"]>
}

// -----

// An exported graph passes no size arguments: a fill of symbolic size with no input
// takes `s0` from `aten.sym_size` of the argument whose dim it is (size arithmetic at
// graph level, not an ATen kernel).
// CHECK-LABEL: func.func @fill_without_size_argument
// CHECK: %[[N:.*]] = prims.extern "aten.sym_size.int"(%x) {args = [#torch.sym<0>, 0 : i64]} : (tensor<?x4xf32, ["s0"]>) -> i64
// CHECK: tile.launch @k{{[0-9]+}}_full() sizes(%[[N]] : i64) : () -> tensor<?xf32, ["s0"]>
func.func @fill_without_size_argument(%x: tensor<?x4xf32, ["s0"]>) -> (tensor<?xf32, ["s0"]>, tensor<?x4xf32, ["s0"]>) {
  %n = torch.aten.sym_size.int %x {dim = 0 : i64} : (tensor<?x4xf32, ["s0"]>) -> i64
  %0 = torch.aten.new_zeros %x sym(%n) {size = [#torch.sym<0>]} : (tensor<?x4xf32, ["s0"]>, i64) -> tensor<?xf32, ["s0"]>
  %1 = torch.aten.sin %x : (tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0"]>
  func.return %0, %1 : tensor<?xf32, ["s0"]>, tensor<?x4xf32, ["s0"]>
}

// -----

// An iota of symbolic length (`arange(s0)` over a `?x?` input) is computed in the
// kernel: its index math reads the sizes as data through `tile.splat` of the size
// arguments; the embedding's gather has a symbolic index shape.
// CHECK-LABEL: tile.kernel @k0_add
// CHECK-SAME: symbols = ["s1", "s0"]
// CHECK: tile.splat %{{.*}} : tensor<{{.*}}xi64>
// CHECK: func.func @symbolic_iota
// CHECK-NOT: prims.
// CHECK-NOT: prims.extern
func.func @symbolic_iota(%n: i64 {stepwell.name = "s1", stepwell.kind = "symint"}, %x: tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0", "s1"]> {
  %0 = torch.aten.arange sym(%n) {end = #torch.sym<0>, device = "cpu", pin_memory = false} : (i64) -> tensor<?xi64, ["s1"]>
  %1 = torch.aten.add.Tensor %x, %0 : (tensor<?x?xf32, ["s0", "s1"]>, tensor<?xi64, ["s1"]>) -> tensor<?x?xf32, ["s0", "s1"]>
  func.return %1 : tensor<?x?xf32, ["s0", "s1"]>
}

// -----

// The row max and the column min of a half tensor each upcast it: each kernel converts
// x as it loads it (the column kernel takes its conversion out of the row kernel, where
// it had joined as a reader of x), so no kernel stores an f32 copy of x.
// CHECK-LABEL: tile.kernel @k0_amax(%x: memref<4x8xf16, {{.*}}>, %{{.*}}: memref<4xf32, {{.*}}>)
// CHECK-LABEL: tile.kernel @k1_amin(%x: memref<8x4xf16, {{.*}}>, %{{.*}}: memref<8xf32, {{.*}}>)
// CHECK-LABEL: func.func @half_extremes
// CHECK-NEXT:    tile.launch @k0_amax(%x)
// CHECK-NEXT:    tile.launch @k1_amin(%x)
func.func @half_extremes(%x: tensor<4x8xf16>) -> (tensor<4xf32>, tensor<8xf32>) {
  %0 = torch.aten.to.dtype %x {dtype = f32} : (tensor<4x8xf16>) -> tensor<4x8xf32>
  %1 = torch.aten.amax %0 {dim = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %2 = torch.aten.amin %0 {dim = [0 : i64]} : (tensor<4x8xf32>) -> tensor<8xf32>
  func.return %1, %2 : tensor<4xf32>, tensor<8xf32>
}

// -----

// Leaves (support/leaves.py): the residual's `x.float()` joins the row kernel as a reader
// of x, but only the matmul's epilogue reads it: the epilogue converts x as it loads it,
// and the row kernel stores no f32 copy of x (only the row maxima).
// CHECK-LABEL: tile.kernel @k0_amax(%x: memref<8x64xbf16, {{.*}}>, %m: memref<8xf32, {{.*}}>) attributes
// CHECK-LABEL: tile.kernel @k1_matmul_add_sub(%x: memref<8x64xbf16, {{.*}}>, %m: {{.*}}, %w: {{.*}}, %o: memref<8x64xf32, {{.*}}>) attributes
// CHECK: scf.for
// CHECK: tile.dot
// CHECK: tile.load %x{{.*}} -> tensor<1x16x64xbf16>
// CHECK-NEXT: tile.cast %{{.*}} : tensor<1x16x64xbf16> -> tensor<1x16x64xf32>
// CHECK: arith.addf
// CHECK-LABEL: func.func @half_residual
// CHECK-NEXT: %[[M:.*]] = tile.launch @k0_amax(%x) : (tensor<8x64xbf16>) -> tensor<8xf32>
// CHECK-NEXT: tile.launch @k1_matmul_add_sub(%x, %[[M]], %w)
func.func @half_residual(%x: tensor<8x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<8x64xf32> {
  %xf = torch.aten.to.dtype %x {dtype = f32} : (tensor<8x64xbf16>) -> tensor<8x64xf32>
  %m = torch.aten.amax %xf {dim = [-1 : i64], keepdim = true} : (tensor<8x64xf32>) -> tensor<8x1xf32>
  %c = torch.aten.sub.Tensor %xf, %m : (tensor<8x64xf32>, tensor<8x1xf32>) -> tensor<8x64xf32>
  %cb = torch.aten.to.dtype %c {dtype = bf16} : (tensor<8x64xf32>) -> tensor<8x64xbf16>
  %y = torch.aten.mm %cb, %w : (tensor<8x64xbf16>, tensor<64x64xbf16>) -> tensor<8x64xbf16>
  %yf = torch.aten.to.dtype %y {dtype = f32} : (tensor<8x64xbf16>) -> tensor<8x64xf32>
  %o = torch.aten.add.Tensor %xf, %yf : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  func.return %o : tensor<8x64xf32>
}

// -----

// A leaf whose cone reads a row statistic of its kernel: `x - amax(x)` is read by the
// row kernel (its exp-sum) and by the product's epilogue. The epilogue recomputes it from
// x and the row maxima, which the row kernel stores (16 floats) instead of the shifted
// rows (16x32).
// CHECK-LABEL: func.func @shifted_rows
// CHECK-NEXT: %[[M:.*]], %[[R:.*]] = tile.launch @k0_amax_sum(%x) : (tensor<16x32xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// CHECK-NEXT: tile.launch @k1_matmul_sub_mul(%z, %w, %x, %[[M]])
func.func @shifted_rows(%x: tensor<16x32xf32>, %z: tensor<16x24xf32>, %w: tensor<24x32xf32>) -> (tensor<16xf32>, tensor<16x32xf32>) {
  %m = torch.aten.amax %x {dim = [-1 : i64], keepdim = true} : (tensor<16x32xf32>) -> tensor<16x1xf32>
  %s = torch.aten.sub.Tensor %x, %m : (tensor<16x32xf32>, tensor<16x1xf32>) -> tensor<16x32xf32>
  %e = torch.aten.exp %s : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = torch.aten.sum.dim_IntList %e {dim = [-1 : i64]} : (tensor<16x32xf32>) -> tensor<16xf32>
  %y = torch.aten.mm %z, %w : (tensor<16x24xf32>, tensor<24x32xf32>) -> tensor<16x32xf32>
  %o = torch.aten.mul.Tensor %y, %s : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  func.return %r, %o : tensor<16xf32>, tensor<16x32xf32>
}

// -----

// Matmul prologues (support/prologues.py): the half weight is converted as each tile is
// loaded in the K loop; no kernel stores an f32 copy of it.
// CHECK-LABEL: tile.kernel @k0_matmul(%x: memref<40x64xf32, strided<[64, 1]>>, %w: memref<64x48xf16, strided<[48, 1]>>
// CHECK: scf.for
// CHECK: tile.load %w{{.*}} -> tensor<1x32x64xf16>
// CHECK-NEXT: tile.cast %{{.*}} : tensor<1x32x64xf16> -> tensor<1x32x64xf32>
// CHECK-NEXT: tile.dot
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @cast_weight
// CHECK-NEXT: tile.launch @k0_matmul(%x, %w)
// CHECK-NEXT: func.return
func.func @cast_weight(%x: tensor<40x64xf32>, %w: tensor<64x48xf16>) -> tensor<40x48xf32> {
  %0 = torch.aten.to.dtype %w {dtype = f32} : (tensor<64x48xf16>) -> tensor<64x48xf32>
  %1 = torch.aten.mm %x, %0 : (tensor<40x64xf32>, tensor<64x48xf32>) -> tensor<40x48xf32>
  func.return %1 : tensor<40x48xf32>
}

// -----

// K = 37 is not a multiple of the K tile (32): the last step's lanes past K load as 0,
// but exp(0) is 1, so the prologue's tile is zeroed there before the dot.
// CHECK-LABEL: tile.kernel @k0_matmul_exp
// CHECK: scf.for %[[K:[0-9a-z_]+]] =
// CHECK-NEXT: tile.load %x
// CHECK-NEXT: %[[E:.*]] = math.exp
// CHECK-NEXT: %[[L:.*]] = tile.lanes %[[K]] {axis = 2 : i64} : tensor<1x1x32xi32>
// CHECK-NEXT: %[[KS:.*]] = arith.constant dense<37> : tensor<1x1x32xi32>
// CHECK-NEXT: %[[IN:.*]] = tile.cmp "lt" %[[L]], %[[KS]]
// CHECK-NEXT: %[[M:.*]] = tile.broadcast %[[IN]]
// CHECK-NEXT: %[[A:.*]] = tile.select %[[M]], %[[E]]
// CHECK: tile.dot %[[A]]
// CHECK-LABEL: func.func @k_tail
// CHECK-NEXT: tile.launch @k0_matmul_exp(%x, %w)
// CHECK-NEXT: func.return
func.func @k_tail(%x: tensor<3x37xf32>, %w: tensor<37x20xf32>) -> tensor<3x20xf32> {
  %0 = torch.aten.exp %x : (tensor<3x37xf32>) -> tensor<3x37xf32>
  %1 = torch.aten.mm %0, %w : (tensor<3x37xf32>, tensor<37x20xf32>) -> tensor<3x20xf32>
  func.return %1 : tensor<3x20xf32>
}

// -----

// No prologue when it would read more than the operand: `x + y` reads two tensors of
// the sum's size in every K step, so the sum is stored once and the matmul loads it.
// CHECK-LABEL: func.func @two_inputs
// CHECK-NEXT: %[[S:.*]] = tile.launch @k0_add(%x, %y)
// CHECK-NEXT: tile.launch @k1_matmul(%[[S]], %w)
func.func @two_inputs(%x: tensor<16x32xf32>, %y: tensor<16x32xf32>, %w: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %0 = torch.aten.add.Tensor %x, %y : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = torch.aten.mm %0, %w : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  func.return %1 : tensor<16x8xf32>
}

// -----

// An iota read through a broadcast is computed from the lanes with no op for a factor 1
// or a term 0: `arange(8)` over a 4x8 tile is `lane % 8`, with no division, product or
// sum of index math (step 1, start 0, innermost dim).
// CHECK-LABEL: tile.kernel @k0_add
// CHECK: tile.lanes
// CHECK-NOT: arith.divsi
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.addi
// CHECK: arith.remsi
// CHECK-NOT: arith.divsi
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.addi
// CHECK: func.func @iota_lanes
func.func @iota_lanes(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = torch.aten.arange {end = 8 : i64, device = "cpu", pin_memory = false} : () -> tensor<8xi64>
  %1 = torch.aten.add.Tensor %x, %0 : (tensor<4x8xf32>, tensor<8xi64>) -> tensor<4x8xf32>
  func.return %1 : tensor<4x8xf32>
}

// -----

// A copy (a view strides cannot express: the transpose of a row-major value, flattened)
// is stored by the kernel computing the value, through the copy's layout: the softmax's
// element [i, j] goes to element `j * 4 + i` of the result, strides [1, 4]. No copy
// kernel reads the rows back.
// CHECK-LABEL: tile.kernel @k0_softmax
// CHECK-SAME: %out: memref<4x8xf32, strided<[1, 4]>>
// CHECK: tile.store
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @copied
// CHECK-NEXT: %[[Y:.*]] = tile.launch @k0_softmax(%x) : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK-NEXT: func.return %[[Y]]
func.func @copied(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  %0 = torch.aten._softmax %x {dim = 1 : i64, half_to_float = false} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = torch.aten.t %0 : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %2 = torch.aten.view %1 {size = [32 : i64]} : (tensor<8x4xf32>) -> tensor<32xf32>
  func.return %2 : tensor<32xf32>
}

// -----

// A flip of a scan's result (a reverse cumsum: flip, cumsum, flip) is stored by the scan
// kernel through negative strides from the row's last element (offset 7): the first
// flip is read the same way; no kernel copies the flipped rows.
// CHECK-LABEL: tile.kernel @k0_scan(
// CHECK-SAME: %x: memref<4x8xf32, strided<[8, -1], offset: 7>>
// CHECK-SAME: %out: memref<4x8xf32, strided<[8, -1], offset: 7>>
// CHECK: tile.scan "sum"
// CHECK: tile.store
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @flipped_store
// CHECK-NEXT: %[[Y:.*]] = tile.launch @k0_scan(%x)
// CHECK-NEXT: func.return %[[Y]]
func.func @flipped_store(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = torch.aten.flip %x {dims = [1]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = torch.aten.cumsum %0 {dim = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = torch.aten.flip %1 {dims = [1]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %2 : tensor<4x8xf32>
}

// -----

// A flip of a reduction's result is stored by the reduction kernel beside the result,
// through a negative stride from the last row (offset 7): no copy kernel.
// CHECK-LABEL: tile.kernel @k0_sum(
// CHECK-SAME: %out: memref<8xf32, strided<[1]>>
// CHECK-SAME: %out_1: memref<8xf32, strided<[-1], offset: 7>>
// CHECK: %[[S:.*]] = tile.reduce "sum"
// CHECK: tile.store %[[S]], %out[
// CHECK: tile.store %[[S]], %out_1[
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @flipped_row_store
// CHECK-NEXT: %[[S:.*]], %[[F:.*]] = tile.launch @k0_sum(%x)
// CHECK-NEXT: func.return %[[F]], %[[S]]
func.func @flipped_row_store(%x: tensor<4x8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = torch.aten.sum.dim_IntList %x {dim = [0 : i64], keepdim = false} : (tensor<4x8xf32>) -> tensor<8xf32>
  %1 = torch.aten.flip %0 {dims = [0]} : (tensor<8xf32>) -> tensor<8xf32>
  func.return %1, %0 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Split into heads and laid out head-major in the matmul's epilogue: each tile axis of
// the output covers two dims of the copy's layout (coordinate groups [0, 2, 2]).
// CHECK-LABEL: tile.kernel @k0_matmul_collapse
// CHECK-SAME: %out: memref<2x8x4x16xf32, strided<[512, 16, 128, 1]>>
// CHECK: tile.store {{.*}} {groups = [0 : i64, 2 : i64, 2 : i64]}
// CHECK-NOT: tile.kernel
// CHECK-LABEL: func.func @heads
// CHECK-NEXT: %[[Y:.*]] = tile.launch @k0_matmul_collapse(%a, %b)
// CHECK-NEXT: func.return %[[Y]]
func.func @heads(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>) -> tensor<8x8x16xf32> {
  %0 = torch.aten.mm %a, %b : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
  %1 = torch.aten.view %0 {size = [2 : i64, 8 : i64, 4 : i64, 16 : i64]} : (tensor<16x64xf32>) -> tensor<2x8x4x16xf32>
  %2 = torch.aten.transpose.int %1 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x8x4x16xf32>) -> tensor<2x4x8x16xf32>
  %3 = torch.aten.view %2 {size = [8 : i64, 8 : i64, 16 : i64]} : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
  func.return %3 : tensor<8x8x16xf32>
}

// -----

// An integer power by a constant is square-and-multiply in the kernel (x^5 = x * (x^2)^2:
// three products; products wrap as eager's do), not a pow left at graph level.
// CHECK-LABEL: tile.kernel @k0_
// CHECK: %[[SQ:.*]] = arith.muli %[[X:.*]], %[[X]] : tensor<{{.*}}xi32>
// CHECK-NEXT: %[[QU:.*]] = arith.muli %[[SQ]], %[[SQ]] : tensor<{{.*}}xi32>
// CHECK-NEXT: arith.muli %[[X]], %[[QU]] : tensor<{{.*}}xi32>
// CHECK-NOT: prims.pow
// CHECK-LABEL: func.func @int_pow
// CHECK-NEXT: tile.launch
// CHECK-NEXT: func.return
func.func @int_pow(%x: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %0 = torch.aten.pow.Tensor_Scalar %x {exponent = 5 : i64} : (tensor<4x8xi32>) -> tensor<4x8xi32>
  func.return %0 : tensor<4x8xi32>
}

// -----

// A result eager lays out in another dim order (`x.t() * 2` has strides (1, 4);
// `stepwell.output_orders` records it at import) is stored by its kernel in that order:
// the kernel writes the row-major [3, 4] it transposes, and the function returns a
// transposed view of it, with eager's strides. A result without an order stays
// row-major (the two share the kernel: the same elementwise space).
// CHECK-LABEL: tile.kernel @k0_
// CHECK-SAME: %out: memref<4x3xf32, strided<[3, 1]>>, %out_1: memref<4x3xf32, strided<[1, 4]>>
// CHECK: tile.store %[[ADD:.*]], %out[
// CHECK: tile.store %[[MUL:.*]], %out_1[
// CHECK-LABEL: func.func @transposed_result
// CHECK-NEXT: %[[ROWS:.*]], %[[FLAT:.*]] = tile.launch @k0_{{.*}}(%x, %x) : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<12xf32>)
// CHECK-NEXT: %[[BACK:.*]] = prims.reshape %[[FLAT]] {shape = [3 : i64, 4 : i64]}
// CHECK-NEXT: %[[T:.*]] = prims.transpose %[[BACK]] {permutation = [1 : i64, 0 : i64]}
// CHECK-NEXT: func.return %[[T]], %[[ROWS]] : tensor<4x3xf32>, tensor<3x4xf32>
func.func @transposed_result(%x: tensor<3x4xf32>) -> (tensor<4x3xf32>, tensor<3x4xf32>) attributes {stepwell.output_orders = [[1 : i64, 0 : i64], []]} {
  %0 = torch.aten.t %x : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %1 = torch.aten.mul.Scalar %0 {other = 2.0 : f64} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %2 = torch.aten.add.Scalar %x {other = 1.0 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  func.return %1, %2 : tensor<4x3xf32>, tensor<3x4xf32>
}

// -----

// A fill past its float type's range is that type's infinity, as eager converts the
// number (`torch.where(m, h, 1e5)` of a float16 `h`): 0x7c00 is float16's +inf.
// CHECK-LABEL: tile.kernel @k0_
// CHECK: %[[INF:.*]] = arith.constant dense<0x7c00> : tensor<{{.*}}xf16>
// CHECK: tile.select %{{.*}}, %{{.*}}, %[[INF]]
func.func @half_fill_past_its_range(%m: tensor<3xi1>, %h: tensor<3xf16>) -> tensor<3xf16> {
  %0 = torch.aten.where.ScalarOther %m, %h {other = 1.000000e+05 : f64} : (tensor<3xi1>, tensor<3xf16>) -> tensor<3xf16>
  func.return %0 : tensor<3xf16>
}

// nn.MultiheadAttention's packed projection, sequence first: (L·B, 3·E) viewed as
// (L, B·H, D) merges B and H, whose strides do not merge, and the (B, H, L, D) view the
// attention reads splits them again; the whole chain is one strided view of the
// projection (`views.Grouped`), so the kernel reads q, k and v from it, no copy kernel.
// The output projection's `permute(2, 0, 1, 3).reshape(L·B, E)` of the result is a copy
// strides cannot express: the attention kernel stores its tiles where the copy puts
// them (strides [16, 8, 96, 32, 1] over (B, H, g, L, D)), and the result is never
// stored in its own layout.
// HEADS-LABEL: tile.kernel @k0_attention
// HEADS-SAME: %qkv: memref<2x2x1x3x8xf32, strided<[48, 8, 288, 96, 1]>>, %qkv_1: memref<2x2x1x8x3xf32, strided<[48, 8, 0, 1, 96], offset: 16>>, %qkv_2: memref<2x2x1x3x8xf32, strided<[48, 8, 0, 96, 1], offset: 32>>, %out: memref<2x2x1x3x8xf32, strided<[16, 8, 96, 32, 1]>>
// HEADS-NOT: tile.kernel
// HEADS-LABEL: func.func @packed_heads
// HEADS-NEXT: %[[O:.*]] = tile.launch @k0_attention(%qkv, %qkv, %qkv) : (tensor<6x48xf32>, tensor<6x48xf32>, tensor<6x48xf32>) -> tensor<6x16xf32>
// HEADS-NEXT: func.return %[[O]] : tensor<6x16xf32>

// An extern result that no kernel reads is not held to ATen's meta function (input
// `passes/Inputs/extern-side-result.mlir`): only ATen and the caller read it, and they
// take the tensor ATen made (`embedding_bag`'s offset2bag, which PyTorch's fake and meta
// functions size differently). A result a kernel reads still is (test_cli.py).
// SIDE-LABEL: func.func @extern_side_result
// SIDE: prims.extern "aten._embedding_bag_forward_only.default"
// SIDE: tile.launch


// The caller reads the size of a view that only a kernel reads (`sym_size` of a
// transposed symbolic value, not made at graph level; Inputs/size-of-a-view.mlir): the
// size is spelled from the argument it came from (it raised KeyError).
// VIEWSIZE-LABEL: func.func @size_of_a_view_kernels_read
// VIEWSIZE: %[[S:.*]] = prims.extern "aten.sym_size.int"(%x) {args = [#torch.sym<0>, 0 : i64]}
// VIEWSIZE-NEXT: func.return %[[S]] : i64

// A copy kernel whose copy a matmul reads is not merged into that matmul's kernel as an
// epilogue, even once horizontal fusion gave the kernel an earlier first op (it was, and
// the kernel loaded the copy it had not stored: an internal KeyError).
// COPYMM: tile.kernel @k0_matmul_add(%a: {{.*}}, %b: {{.*}}, %c: {{.*}}, %w: {{.*}}, %s: {{.*}} kind = "matmul", fused = ["prims.matmul", "prims.matmul", "prims.add"]
// COPYMM: tile.kernel @k1_collapse(%t:
// COPYMM-LABEL: func.func @copy_feeding_a_matmul
// COPYMM: %[[C:.*]] = tile.launch @k1_collapse(%t)
// COPYMM-NEXT: %[[S:.*]] = tile.launch @k0_matmul_add(%a, %b, %[[C]], %w)
// COPYMM-NEXT: func.return %t, %[[S]]

// A kernel that needs a data-dependent size no input of its has as a dim takes it from the
// graph-level tensor ATen made (it failed: "no input or argument gives the size u0").
// UNBACKED-LABEL: func.func @reduce_a_data_dependent_reshape
// UNBACKED: %[[P:.*]] = prims.extern "aten.index.Tensor"(%x, %m)
// UNBACKED: %[[R:.*]] = prims.extern "aten.view.default"(%[[P]])
// UNBACKED-NEXT: %[[U:.*]] = prims.extern "aten.sym_size.int"(%[[P]]) {args = [#torch.sym<0>, 0 : i64]}
// UNBACKED-NEXT: tile.launch @k0_sum(%[[R]]) sizes(%[[U]] : i64)
