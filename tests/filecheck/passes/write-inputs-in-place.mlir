// RUN: stepwell-opt %s --split-input-file -p 'convert-prims-to-tile,write-inputs-in-place{report=true}' 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REPORT < %t.err
// RUN: stepwell-opt %s --split-input-file -p convert-prims-to-tile,write-inputs-in-place -t triton | filecheck %s --check-prefix=TRITON
// RUN: not stepwell-opt %S/Inputs/write-inputs-bad.mlir -p write-inputs-in-place 2>&1 | filecheck %s --check-prefix=BAD
// BAD: error: @bad: result 0: stepwell.writes must name an argument (0..0)

// An SGD step: the new parameter (argument 0's new value) is stored by the kernel that
// computes it, into the parameter itself: the launch takes %p as the init of that
// result, in place, and the runtime copies nothing after the call.
// CHECK-LABEL: func.func @step
// CHECK-NEXT:    %[[NEW:.*]], %[[NORM:.*]] = tile.launch @k0_sum(%g, %p) inits(%p : tensor<64xf32>) {in_place = [0 : i64]}
// CHECK-NEXT:    func.return %[[NORM]], %[[NEW]]
// REPORT: write-inputs-in-place: argument 0 (%p): written in place by its kernel
func.func @step(%p: tensor<64xf32>, %g: tensor<64xf32>) -> (tensor<f32>, tensor<64xf32> {stepwell.writes = 0 : i64}) {
  %lr = prims.full {shape = [64 : i64], fill_value = 1.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
  %d = prims.mul %g, %lr : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %new = prims.sub %p, %d : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %norm = prims.sum %new {dims = [0 : i64]} : (tensor<64xf32>) -> tensor<f32>
  func.return %norm, %new : tensor<f32>, tensor<64xf32>
}

// -----

// The written result is the kernel's second: the launch's results and the kernel's
// result views are reordered so that it comes first, as the init's result.
// CHECK:       tile.kernel @k0_mul_sub(%p: {{.*}}, %g: {{.*}}, %new: {{.*}}, %twice: {{.*}})
// CHECK-LABEL: func.func @reordered
// CHECK-NEXT:    %[[NEW:.*]], %[[TWICE:.*]] = tile.launch @k0_mul_sub(%p, %g) inits(%p : tensor<64xf32>) {in_place = [0 : i64]}
// CHECK-NEXT:    func.return %[[TWICE]], %[[NEW]]
// TRITON:      def k0_mul_sub(p0_ptr, g1_ptr, new2_ptr, twice3_ptr):
// TRITON-DAG:    tl.store(twice3_ptr
// TRITON-DAG:    tl.store(new2_ptr
func.func @reordered(%p: tensor<64xf32>, %g: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32> {stepwell.writes = 0 : i64}) {
  %two = prims.full {shape = [64 : i64], fill_value = 2.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
  %twice = prims.mul %p, %two : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %new = prims.sub %p, %g : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return %twice, %new : tensor<64xf32>, tensor<64xf32>
}

// -----

// `x.add_(x.flip(0))`: the kernel reads x where it does not write (a reversed view), so
// writing in place would read elements another program already wrote: a copy.
// CHECK-LABEL: func.func @flip
// CHECK-NEXT:    tile.launch @k0_add(%x, %x) : (
// REPORT: write-inputs-in-place: argument 0 (%x): stays a copy: the kernel reads the argument through a view of another layout
func.func @flip(%x: tensor<16xf32>) -> (tensor<16xf32> {stepwell.writes = 0 : i64}) {
  %r = prims.rev %x {dims = [0 : i64]} : (tensor<16xf32>) -> tensor<16xf32>
  %new = prims.add %x, %r : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %new : tensor<16xf32>
}

// -----

// The function also returns the old value (a view of x): it stays a copy after the call.
// CHECK-LABEL: func.func @old_value_returned
// CHECK:         tile.launch @k0_mul(%x) : (
// REPORT: write-inputs-in-place: argument 0 (%x): stays a copy: 'func.return' reads the old value after the kernel
func.func @old_value_returned(%x: tensor<4x4xf32>) -> (tensor<16xf32>, tensor<4x4xf32> {stepwell.writes = 0 : i64}) {
  %old = prims.reshape %x {shape = [16 : i64]} : (tensor<4x4xf32>) -> tensor<16xf32>
  %two = prims.full {shape = [4 : i64, 4 : i64], fill_value = 2.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x4xf32>
  %new = prims.mul %x, %two : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return %old, %new : tensor<16xf32>, tensor<4x4xf32>
}

// -----

// `c.index_add_(0, idx, v)`: the scatter's result started as a kernel's copy of c; it now
// starts as c itself, so the kernel adds the rows into c and the copy kernel is gone.
// CHECK-NOT:   tile.kernel @k0_clone
// CHECK-LABEL: func.func @index_add
// CHECK-NEXT:    %[[NEW:.*]] = tile.launch @k1_scatter(%idx, %v) inits(%c : tensor<8x4xf32>) {in_place = [0 : i64]}
// CHECK-NEXT:    func.return %[[NEW]]
// REPORT: write-inputs-in-place: argument 0 (%c): written in place by its kernel
func.func @index_add(%c: tensor<8x4xf32>, %idx: tensor<3x4xi64>, %v: tensor<3x4xf32>) -> (tensor<8x4xf32> {stepwell.writes = 0 : i64}) {
  %new = prims.scatter %c, %idx, %v {reduce = "sum"} : (tensor<8x4xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<8x4xf32>
  func.return %new : tensor<8x4xf32>
}
