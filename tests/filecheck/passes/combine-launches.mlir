// RUN: stepwell-opt %s --split-input-file -p convert-prims-to-tile,combine-launches | filecheck %s
// RUN: stepwell-opt %s --split-input-file -p convert-prims-to-tile,combine-launches -t triton | filecheck %s --check-prefix=TRITON
// RUN: stepwell-opt %s --split-input-file -p 'convert-prims-to-tile,combine-launches{max-parts=2}' | filecheck %s --check-prefix=TWO
// RUN: not stepwell-opt %s -p 'convert-prims-to-tile,combine-launches{max-parts=1}' 2>&1 | filecheck %s --check-prefix=BAD
// BAD: error: max-parts is at least 2, not 1

// Grouped-query projections: Q (8 columns) and K (4 columns) cannot share a matmul loop,
// but both read x and neither reads the other, so they are one combo kernel whose parts
// are the two matmul kernels, programs one after the other.
// CHECK:       tile.kernel @k0_k1_combo(%x: memref<4x8xf32, {{.*}}>, %wq: memref<8x8xf32, {{.*}}>, %x_1: memref<4x8xf32, {{.*}}>, %wk: memref<8x4xf32, {{.*}}>, %q: memref<4x8xf32, {{.*}}>, %k: memref<4x4xf32, {{.*}}>)
// CHECK-SAME:    grid = [2 : i64, 1 : i64, 1 : i64], space = [], block = []
// CHECK-SAME:    kind = "combo", fused = ["prims.matmul", "prims.matmul"]
// CHECK-NEXT:    tile.part attributes {name = "k0_matmul", start = 0 : i64, grid = [1 : i64, 1 : i64, 1 : i64], space = {{.*}}, kind = "matmul"
// CHECK:         tile.store {{.*}}, %q[
// CHECK:         tile.part attributes {name = "k1_matmul", start = 1 : i64, grid = [1 : i64, 1 : i64, 1 : i64], space = {{.*}}, kind = "matmul"
// CHECK:         tile.store {{.*}}, %k[
// CHECK-NOT:   tile.kernel @k0_matmul
// CHECK-LABEL: func.func @gqa
// CHECK-NEXT:    %[[Q:.*]], %[[K:.*]] = tile.launch @k0_k1_combo(%x, %wq, %x, %wk)
// CHECK-NEXT:    func.return %[[Q]], %[[K]]
// TRITON:      def k0_k1_combo(x0_ptr, wq1_ptr, x2_ptr, wk3_ptr, q4_ptr, k5_ptr):
// TRITON:        [[PROG:prog[0-9]+]] = tl.program_id(0)
// TRITON-NEXT:   if [[PROG]] < 1:
// TRITON-NEXT:     # part k0_matmul: matmul, grid [1, 1, 1]
// TRITON-NEXT:     pid{{[0-9]+}} = [[PROG]]
// TRITON:          tl.store(q4_ptr
// TRITON:        else:
// TRITON-NEXT:     [[LOCAL:prog[0-9]+]] = [[PROG]] - 1
// TRITON-NEXT:     # part k1_matmul: matmul, grid [1, 1, 1]
// TRITON-NEXT:     pid{{[0-9]+}} = [[LOCAL]]
// TRITON:          tl.store(k5_ptr
func.func @gqa(%x: tensor<4x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x4xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>) {
  %q = prims.matmul %x, %wq : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %k = prims.matmul %x, %wk : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  func.return %q, %k : tensor<4x8xf32>, tensor<4x4xf32>
}

// -----

// The row sum of x can run late: it moves down to the second matmul, which reads x and
// the first matmul's result, and the two are one launch after that matmul.
// CHECK-LABEL: func.func @sinks
// CHECK-NEXT:    %[[P:.*]] = tile.launch @k1_matmul(%y, %w)
// CHECK-NEXT:    %[[A:.*]], %[[B:.*]] = tile.launch @k0_k2_combo(%x, %x, %[[P]])
// CHECK-NEXT:    func.return %[[A]], %[[B]]
func.func @sinks(%x: tensor<4x8xf32>, %y: tensor<8x6xf32>, %w: tensor<6x4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>) {
  %a = prims.sum %x {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %p = prims.matmul %y, %w : (tensor<8x6xf32>, tensor<6x4xf32>) -> tensor<8x4xf32>
  %b = prims.matmul %x, %p : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  func.return %a, %b : tensor<4xf32>, tensor<4x4xf32>
}

// -----

// A kernel that reads another's result is not combined with it, even when both read w.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %[[Y:.*]] = tile.launch @k0_matmul(%x, %w)
// CHECK-NEXT:    %[[Z:.*]] = tile.launch @k1_matmul(%[[Y]], %w)
func.func @chain(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %y = prims.matmul %x, %w : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %z = prims.matmul %y, %w : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %y, %z : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// No launch moves across a collective: the projections stay apart around the all-reduce.
// CHECK-LABEL: func.func @barrier
// CHECK-NEXT:    tile.launch @k0_matmul(%x, %wq)
// CHECK-NEXT:    prims.extern "_c10d_functional.all_reduce.default"
// CHECK-NEXT:    tile.launch @k1_matmul(%x, %wk)
func.func @barrier(%x: tensor<4x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x4xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>, tensor<4x8xf32>) {
  %q = prims.matmul %x, %wq : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %s = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %k = prims.matmul %x, %wk : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %r = prims.extern "_c10d_functional.wait_tensor.default"(%s) {args = [#torch.sym<0>]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %q, %k, %r : tensor<4x8xf32>, tensor<4x4xf32>, tensor<4x8xf32>
}

// -----

// Kernels that read no tensor in common stay apart.
// CHECK-LABEL: func.func @apart
// CHECK-NEXT:    tile.launch @k0_matmul(%x, %wq)
// CHECK-NEXT:    tile.launch @k1_matmul(%y, %wk)
func.func @apart(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x4xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>) {
  %q = prims.matmul %x, %wq : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %k = prims.matmul %y, %wk : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  func.return %q, %k : tensor<4x8xf32>, tensor<4x4xf32>
}

// -----

// Three projections of x of three widths are one combo; with max-parts=2 the third
// launches alone.
// CHECK-LABEL: func.func @three
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %{{.*}} = tile.launch @k0_k1_k2_combo(%x, %wa, %x, %wb, %x, %wc)
// TWO-LABEL:   func.func @three
// TWO-NEXT:      %{{.*}}, %{{.*}} = tile.launch @k0_k1_combo(%x, %wa, %x, %wb)
// TWO-NEXT:      %{{.*}} = tile.launch @k2_matmul(%x, %wc)
func.func @three(%x: tensor<4x8xf32>, %wa: tensor<8x8xf32>, %wb: tensor<8x4xf32>, %wc: tensor<8x2xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>, tensor<4x2xf32>) {
  %a = prims.matmul %x, %wa : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %b = prims.matmul %x, %wb : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %c = prims.matmul %x, %wc : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  func.return %a, %b, %c : tensor<4x8xf32>, tensor<4x4xf32>, tensor<4x2xf32>
}
