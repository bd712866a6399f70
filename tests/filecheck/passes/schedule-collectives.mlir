// RUN: stepwell-opt %s --split-input-file -p schedule-collectives | filecheck %s
// RUN: stepwell-opt %s --split-input-file -p convert-prims-to-tile,combine-launches,schedule-collectives | filecheck %s --check-prefix=TILE
// RUN: stepwell-opt %s --split-input-file -p cse,dce | filecheck %s --check-prefix=CSE

// A row-parallel layer: the all-reduce starts as soon as its input exists, and its wait
// moves past the independent work (the exp, the second matmul) to its first use. At the
// tile level the independent kernel runs while the all-reduce is in flight.
// CHECK-LABEL: func.func @overlap
// CHECK-NEXT:    %[[P:.*]] = prims.matmul %x, %w
// CHECK-NEXT:    %[[S:.*]] = prims.extern "_c10d_functional.all_reduce.default"(%[[P]])
// CHECK-NEXT:    %[[E:.*]] = prims.exp %x
// CHECK-NEXT:    %[[Q:.*]] = prims.matmul %[[E]], %w
// CHECK-NEXT:    %[[W:.*]] = prims.extern "_c10d_functional.wait_tensor.default"(%[[S]])
// CHECK-NEXT:    %[[R:.*]] = prims.add %[[W]], %x
// TILE-LABEL: func.func @overlap
// TILE-NEXT:    %[[P:.*]], %[[E:.*]] = tile.launch @k0_matmul_exp(%x, %w)
// TILE-NEXT:    %[[S:.*]] = prims.extern "_c10d_functional.all_reduce.default"(%[[P]])
// TILE-NEXT:    %[[Q:.*]] = tile.launch @k1_matmul(%[[E]], %w)
// TILE-NEXT:    %[[W:.*]] = prims.extern "_c10d_functional.wait_tensor.default"(%[[S]])
// TILE-NEXT:    %[[R:.*]] = tile.launch @k2_add(%[[W]], %x)
// TILE-NEXT:    func.return %[[R]], %[[Q]]
func.func @overlap(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %p = prims.matmul %x, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %e = prims.exp %x : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = prims.extern "_c10d_functional.all_reduce.default"(%p) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %r0 = prims.extern "_c10d_functional.wait_tensor.default"(%s) {args = [#torch.sym<0>]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %q = prims.matmul %e, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %r = prims.add %r0, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %r, %q : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Two collectives keep their order (every rank issues them alike) and so do their
// waits; a wait whose value is only returned waits at the end.
// CHECK-LABEL: func.func @order
// CHECK-NEXT:    %[[A:.*]] = prims.extern "_c10d_functional.all_reduce.default"(%x)
// CHECK-NEXT:    %[[B:.*]] = prims.extern "_c10d_functional.all_gather_into_tensor.default"(%y)
// CHECK-NEXT:    %[[N:.*]] = prims.neg %y
// CHECK-NEXT:    %[[WA:.*]] = prims.extern "_c10d_functional.wait_tensor.default"(%[[A]])
// CHECK-NEXT:    %[[WB:.*]] = prims.extern "_c10d_functional.wait_tensor.default"(%[[B]])
// CHECK-NEXT:    func.return %[[WA]], %[[WB]], %[[N]]
func.func @order(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<4xf32>) {
  %a = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %wa = prims.extern "_c10d_functional.wait_tensor.default"(%a) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  %n = prims.neg %y : (tensor<4xf32>) -> tensor<4xf32>
  %b = prims.extern "_c10d_functional.all_gather_into_tensor.default"(%y) {args = [#torch.sym<0>, 2, "0"]} : (tensor<4xf32>) -> tensor<8xf32>
  %wb = prims.extern "_c10d_functional.wait_tensor.default"(%b) {args = [#torch.sym<0>]} : (tensor<8xf32>) -> tensor<8xf32>
  func.return %wa, %wb, %n : tensor<4xf32>, tensor<8xf32>, tensor<4xf32>
}

// -----

// An op with unknown effects (a random op) is a barrier no collective moves across.
// CHECK-LABEL: func.func @barrier
// CHECK-NEXT:    %[[A:.*]] = prims.extern "_c10d_functional.all_reduce.default"(%x)
// CHECK-NEXT:    %[[WA:.*]] = prims.extern "_c10d_functional.wait_tensor.default"(%[[A]])
// CHECK-NEXT:    %[[R:.*]] = prims.extern "aten.rand_like.default"(%x)
// CHECK-NEXT:    %[[B:.*]] = prims.extern "_c10d_functional.all_reduce.default"(%x)
// CHECK-NEXT:    %[[N:.*]] = prims.neg %x
func.func @barrier(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %wa = prims.extern "_c10d_functional.wait_tensor.default"(%a) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  %r = prims.extern "aten.rand_like.default"(%x) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  %n = prims.neg %x : (tensor<4xf32>) -> tensor<4xf32>
  %b = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %wb = prims.extern "_c10d_functional.wait_tensor.default"(%b) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %wa, %r, %n, %wb : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Collectives are never merged or dropped: cse keeps both all-reduces of %x and the
// unused one.
// CHECK-LABEL: func.func @kept
// CSE-LABEL:  func.func @kept
// CSE-COUNT-3: prims.extern "_c10d_functional.all_reduce.default"(%x)
// CSE-COUNT-2: prims.extern "_c10d_functional.wait_tensor.default"
func.func @kept(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %b = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %unused = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %wa = prims.extern "_c10d_functional.wait_tensor.default"(%a) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  %wb = prims.extern "_c10d_functional.wait_tensor.default"(%b) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %wa, %wb : tensor<4xf32>, tensor<4xf32>
}

// -----

// wait_tensor returns its operand: a reader of the all-reduce's own result (not the
// wait's) keeps the wait before it, and a collective of that result starts after it.
// CHECK-LABEL: func.func @alias
// CHECK-NEXT:    %[[A:.*]] = prims.extern "_c10d_functional.all_reduce.default"(%x)
// CHECK-NEXT:    %[[WA:.*]] = prims.extern "_c10d_functional.wait_tensor.default"(%[[A]])
// CHECK-NEXT:    %[[B:.*]] = prims.extern "_c10d_functional.all_reduce.default"(%[[A]])
// CHECK-NEXT:    %[[N:.*]] = prims.neg %[[A]]
func.func @alias(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = prims.extern "_c10d_functional.all_reduce.default"(%x) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %wa = prims.extern "_c10d_functional.wait_tensor.default"(%a) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  %n = prims.neg %a : (tensor<4xf32>) -> tensor<4xf32>
  %b = prims.extern "_c10d_functional.all_reduce.default"(%a) {args = [#torch.sym<0>, "sum", "0"]} : (tensor<4xf32>) -> tensor<4xf32>
  %wb = prims.extern "_c10d_functional.wait_tensor.default"(%b) {args = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %n, %wb : tensor<4xf32>, tensor<4xf32>
}
