// RUN: stepwell-opt %s --split-input-file -p canonicalize-prims | filecheck %s

// x * 1, x + (-0.0), x - 0.0, a same-type convert and an identity broadcast disappear.
// CHECK-LABEL: func.func @no_ops
// CHECK-NEXT: %[[E:.*]] = prims.exp %x
// CHECK-NEXT: func.return %[[E]]
func.func @no_ops(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %one = prims.full {shape = [4 : i64, 8 : i64], fill_value = 1.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x8xf32>
  %nzero = prims.full {shape = [4 : i64, 8 : i64], fill_value = -0.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x8xf32>
  %zero = prims.full {shape = [4 : i64, 8 : i64], fill_value = 0.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x8xf32>
  %0 = prims.mul %x, %one : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = prims.add %0, %nzero : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = prims.sub %a, %zero : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = prims.convert_element_type %1 {dtype = f32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = prims.broadcast_in_dim %2 {shape = [4 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = prims.exp %3 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %4 : tensor<4x8xf32>
}

// -----

// Float x + 0.0 is not x: it turns -0.0 into +0.0 (eager's cumsum starts from +0.0), and
// so is x - (-0.0). An integer's + 0 is a no-op.
// CHECK-LABEL: func.func @plus_zero_kept
// CHECK-NEXT: prims.full
// CHECK-NEXT: prims.full
// CHECK-NEXT: %[[A:.*]] = prims.add %x, %{{.*}}
// CHECK-NEXT: %[[S:.*]] = prims.sub %[[A]], %{{.*}}
// CHECK-NEXT: func.return %[[S]], %i
func.func @plus_zero_kept(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %zero = prims.full {shape = [4 : i64], fill_value = 0.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4xf32>
  %nzero = prims.full {shape = [4 : i64], fill_value = -0.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4xf32>
  %izero = prims.full {shape = [4 : i64], fill_value = 0 : i64, dtype = i32, device = "cpu", requires_grad = false} : () -> tensor<4xi32>
  %0 = prims.add %x, %zero : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = prims.sub %0, %nzero : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = prims.add %i, %izero : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  func.return %1, %2 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Real computations stay: x * 2 and a converting cast.
// CHECK-LABEL: func.func @kept
// CHECK: prims.mul %x, %{{.*}}
// CHECK: prims.convert_element_type %{{.*}} {dtype = f16}
func.func @kept(%x: tensor<4xf32>) -> tensor<4xf16> {
  %two = prims.full {shape = [4 : i64], fill_value = 2.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4xf32>
  %0 = prims.mul %x, %two : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = prims.convert_element_type %0 {dtype = f16} : (tensor<4xf32>) -> tensor<4xf16>
  func.return %1 : tensor<4xf16>
}

// -----

// Two reshapes in a row become one.
// CHECK-LABEL: func.func @reshapes
// CHECK-NEXT: %[[R:.*]] = prims.reshape %x {shape = [2 : i64, 16 : i64]} : (tensor<4x8xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: func.return %[[R]]
func.func @reshapes(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = prims.collapse %x {start = 0 : i64, end = 1 : i64} : (tensor<4x8xf32>) -> tensor<32xf32>
  %1 = prims.split_dim %0 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32xf32>) -> tensor<2x16xf32>
  func.return %1 : tensor<2x16xf32>
}

// -----

// Index math used through a view is recomputed below it (it then fuses into the view's
// consumer); float math and values with another use stay where they are.
// CHECK-LABEL: func.func @sink_index_math
// CHECK-DAG: %[[B1:.*]] = prims.broadcast_in_dim %i {{.*}} -> tensor<4x3xi64>
// CHECK-DAG: %[[B2:.*]] = prims.broadcast_in_dim %j {{.*}} -> tensor<4x3xi64>
// CHECK: %[[A:.*]] = prims.add %[[B1]], %[[B2]] : (tensor<4x3xi64>, tensor<4x3xi64>) -> tensor<4x3xi64>
// CHECK-NEXT: %[[E:.*]] = prims.exp %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[F:.*]] = prims.broadcast_in_dim %[[E]]
// CHECK-NEXT: func.return %[[A]], %[[F]]
func.func @sink_index_math(%i: tensor<3xi64>, %j: tensor<3xi64>, %x: tensor<3xf32>) -> (tensor<4x3xi64>, tensor<4x3xf32>) {
  %0 = prims.add %i, %j : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %1 = prims.broadcast_in_dim %0 {shape = [4 : i64, 3 : i64], broadcast_dimensions = [1 : i64]} : (tensor<3xi64>) -> tensor<4x3xi64>
  %2 = prims.exp %x : (tensor<3xf32>) -> tensor<3xf32>
  %3 = prims.broadcast_in_dim %2 {shape = [4 : i64, 3 : i64], broadcast_dimensions = [1 : i64]} : (tensor<3xf32>) -> tensor<4x3xf32>
  func.return %1, %3 : tensor<4x3xi64>, tensor<4x3xf32>
}

// -----

// A value generated from iota and constants alone (a window's bounds, a mask) is
// recomputed below every view of it, even when other ops read it too: the view's copy
// reads views of the iota and the constant (placed where those are defined, one per
// value and view; the constant's view is a constant of the view's shape), which kernels
// compute in place. Index math on an argument with a second use stays where it is.
// CHECK-LABEL: func.func @sink_generated_index_math
// CHECK-NEXT: %[[N:.*]] = prims.iota {length = 3
// CHECK-NEXT: %[[NB:.*]] = prims.broadcast_in_dim %[[N]] {{.*}} -> tensor<4x3xi64>
// CHECK-NEXT: %[[K:.*]] = prims.full {shape = [3 : i64], fill_value = 2 : i64
// CHECK-NEXT: %[[KB:.*]] = prims.full {shape = [4 : i64, 3 : i64], fill_value = 2 : i64
// CHECK-NEXT: %[[S:.*]] = prims.mul %[[N]], %[[K]] : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
// CHECK-NEXT: %[[SB:.*]] = prims.mul %[[NB]], %[[KB]] : (tensor<4x3xi64>, tensor<4x3xi64>) -> tensor<4x3xi64>
// CHECK-NEXT: %[[A:.*]] = prims.add %i, %i : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
// CHECK-NEXT: %[[AB:.*]] = prims.broadcast_in_dim %[[A]]
// CHECK-NEXT: func.return %[[S]], %[[SB]], %[[A]], %[[AB]]
func.func @sink_generated_index_math(%i: tensor<3xi64>) -> (tensor<3xi64>, tensor<4x3xi64>, tensor<3xi64>, tensor<4x3xi64>) {
  %n = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %k = prims.full {shape = [3 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %0 = prims.mul %n, %k : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %1 = prims.broadcast_in_dim %0 {shape = [4 : i64, 3 : i64], broadcast_dimensions = [1 : i64]} : (tensor<3xi64>) -> tensor<4x3xi64>
  %2 = prims.add %i, %i : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %3 = prims.broadcast_in_dim %2 {shape = [4 : i64, 3 : i64], broadcast_dimensions = [1 : i64]} : (tensor<3xi64>) -> tensor<4x3xi64>
  func.return %0, %1, %2, %3 : tensor<3xi64>, tensor<4x3xi64>, tensor<3xi64>, tensor<4x3xi64>
}

// -----

// Float math computed pointwise from the inputs moves below a view that elementwise ops
// read (a rotary table broadcast over the heads, gathered where it is used): the cos and
// the gather happen in the consumer's space. Below a view that an attention reads it
// stays (the attention reads the small value through a stride-0 view).
// CHECK-LABEL: func.func @sink_pointwise_float
// CHECK-NEXT: %[[OB:.*]] = prims.broadcast_in_dim %o {{.*}} -> tensor<2x4x6xi64>
// CHECK-NEXT: %[[T:.*]] = prims.take %f, %[[OB]] : (tensor<6xf32>, tensor<2x4x6xi64>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %[[C:.*]] = prims.cos %[[T]] : (tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %[[M:.*]] = prims.mul %x, %[[C]]
// CHECK-NEXT: %[[E:.*]] = prims.exp %m : (tensor<6xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[EB:.*]] = prims.broadcast_in_dim %[[E]]
// CHECK-NEXT: prims.attention %q, %k, %v mask %[[EB]]
func.func @sink_pointwise_float(%f: tensor<6xf32>, %o: tensor<6xi64>, %x: tensor<2x4x6xf32>, %m: tensor<6xf32>, %q: tensor<1x1x6x4xf32>, %k: tensor<1x1x6x4xf32>, %v: tensor<1x1x6x4xf32>) -> (tensor<2x4x6xf32>, tensor<1x1x6x4xf32>) {
  %t = prims.take %f, %o : (tensor<6xf32>, tensor<6xi64>) -> tensor<6xf32>
  %c = prims.cos %t : (tensor<6xf32>) -> tensor<6xf32>
  %b = prims.broadcast_in_dim %c {shape = [2 : i64, 4 : i64, 6 : i64], broadcast_dimensions = [2 : i64]} : (tensor<6xf32>) -> tensor<2x4x6xf32>
  %0 = prims.mul %x, %b : (tensor<2x4x6xf32>, tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  %e = prims.exp %m : (tensor<6xf32>) -> tensor<6xf32>
  %eb = prims.broadcast_in_dim %e {shape = [1 : i64, 1 : i64, 6 : i64, 6 : i64], broadcast_dimensions = [3 : i64]} : (tensor<6xf32>) -> tensor<1x1x6x6xf32>
  %1 = prims.attention %q, %k, %v mask %eb {scale = 0.5 : f64} : (tensor<1x1x6x4xf32>, tensor<1x1x6x4xf32>, tensor<1x1x6x4xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x4xf32>
  func.return %0, %1 : tensor<2x4x6xf32>, tensor<1x1x6x4xf32>
}

// -----

// A float-to-integer conversion (a nearest-neighbour upsampling's source index,
// `trunc(i * 0.5)`) moves below the broadcast as float math does, so the index is computed
// in the consumer's space from its lanes, not stored by a kernel of its own.
// CHECK-LABEL: func.func @sink_float_to_int
// CHECK-NOT: (tensor<16xf32>) -> tensor<16xi64>
// CHECK: %[[C:.*]] = prims.convert_element_type %{{.*}} {dtype = i64} : (tensor<16x16xf32>) -> tensor<16x16xi64>
// CHECK: prims.take %x, %[[C]]
func.func @sink_float_to_int(%x: tensor<8xf32>) -> tensor<16x16xf32> {
  %i = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
  %f = prims.convert_element_type %i {dtype = f32} : (tensor<16xi64>) -> tensor<16xf32>
  %h = prims.full {shape = [16 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<16xf32>
  %m = prims.mul %f, %h : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %c = prims.convert_element_type %m {dtype = i64} : (tensor<16xf32>) -> tensor<16xi64>
  %b = prims.broadcast_in_dim %c {shape = [16 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<16x16xi64>
  %t = prims.take %x, %b : (tensor<8xf32>, tensor<16x16xi64>) -> tensor<16x16xf32>
  func.return %t : tensor<16x16xf32>
}

// -----

// Cross entropy gathers `x - amax(x)` at the targets while `exp` reads it too: the
// gather moves into the subtraction's operands, `x` and the row maxima broadcast back
// (`_broadcast_reduction`, read through the broadcast's strides), so no kernel stores
// the shifted copy of `x` for it.
// CHECK-LABEL: func.func @gather_before_shift
// CHECK: %[[B:.*]] = prims.broadcast_in_dim %a
// CHECK: %[[GX:.*]] = prims.take %x, %i {{.*}} -> tensor<4xf32>
// CHECK: %[[GA:.*]] = prims.take %[[B]], %i {{.*}} -> tensor<4xf32>
// CHECK: prims.sub %[[GX]], %[[GA]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @gather_before_shift(%x: tensor<4x8xf32>, %i: tensor<4xi64>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %a = prims.amax %x {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %b = prims.broadcast_in_dim %a {shape = [4 : i64, 8 : i64], broadcast_dimensions = [0 : i64]} : (tensor<4xf32>) -> tensor<4x8xf32>
  %s = prims.sub %x, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = prims.exp %s : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %f = prims.reshape %s {shape = [32 : i64]} : (tensor<4x8xf32>) -> tensor<32xf32>
  %t = prims.take %f, %i {in_bounds = true} : (tensor<32xf32>, tensor<4xi64>) -> tensor<4xf32>
  func.return %e, %t : tensor<4x8xf32>, tensor<4xf32>
}

// -----

// A generated float value whose ops read one value several times (the clamp
// `where(w >= 0 | w != w, w, 0)` of a bilinear weight reads w three times) moves below
// its broadcasts as a DAG: each value is viewed once (views placed where the value is
// defined, and reused), so `w` is computed once in the broadcast space, not once per
// path to it, and nothing at the small shape remains.
// CHECK-LABEL: func.func @sink_generated_dag
// CHECK-NOT: tensor<16xi1>
// CHECK-COUNT-1: prims.sub
// CHECK-NOT: prims.sub
// CHECK: func.return
func.func @sink_generated_dag(%x: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %i = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
  %f = prims.convert_element_type %i {dtype = f32} : (tensor<16xi64>) -> tensor<16xf32>
  %h = prims.full {shape = [16 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<16xf32>
  %w = prims.sub %f, %h : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %z = prims.full {shape = [16 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<16xf32>
  %ge = prims.ge %w, %z : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  %ne = prims.ne %w, %w : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  %c = prims.bitwise_or %ge, %ne : (tensor<16xi1>, tensor<16xi1>) -> tensor<16xi1>
  %cl = prims.where %c, %w, %z : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %b = prims.broadcast_in_dim %cl {shape = [4 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xf32>) -> tensor<4x16xf32>
  %m = prims.mul %x, %b : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %b2 = prims.broadcast_in_dim %cl {shape = [4 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xf32>) -> tensor<4x16xf32>
  %a = prims.add %x, %b2 : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  func.return %m, %a : tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// A gather reads an elementwise op's operands instead of its result (the negation of a
// rotary embedding's `cat(-x2, x1)` then fuses into the gathering kernel); a constant
// operand becomes a constant of the gather's shape.
// CHECK-LABEL: func.func @gather_before_elementwise
// CHECK-NEXT: %[[G:.*]] = prims.take %x, %i : (tensor<6xf32>, tensor<2xi64>) -> tensor<2xf32>
// CHECK-NEXT: %[[C:.*]] = prims.full {shape = [2 : i64], fill_value = 2.000000e+00 : f64
// CHECK-NEXT: %[[M:.*]] = prims.mul %[[G]], %[[C]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: func.return %[[M]]
func.func @gather_before_elementwise(%x: tensor<6xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %c = prims.full {shape = [6 : i64], fill_value = 2.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<6xf32>
  %0 = prims.mul %x, %c : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %1 = prims.take %0, %i : (tensor<6xf32>, tensor<2xi64>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}

// -----

// Through index math made from iota and constants alone: the gather moves into the
// mask, and the gather of the iota is its value at the offsets (GatherOfIndexMath), so
// no kernel stores the mask; only x is read from memory. `iota < 3` is not 0 where its
// operands are, so the mask's gather is masked first: an offset outside the 6 elements
// (`%i` could hold any) still reads 0 (`_guarded_first`). `where` and `take %x` need no
// such mask (where(0, 0, 0) is 0).
// CHECK-LABEL: func.func @gather_through_index_math
// CHECK-NOT: prims.iota
// CHECK: %[[LOW:.*]] = prims.ge %i, %{{.*}} : (tensor<2xi64>, tensor<2xi64>)
// CHECK: %[[HIGH:.*]] = prims.lt %i, %{{.*}} : (tensor<2xi64>, tensor<2xi64>)
// CHECK: %[[IN:.*]] = prims.bitwise_and %[[LOW]], %[[HIGH]]
// CHECK: %[[L:.*]] = prims.lt %i, %{{.*}} : (tensor<2xi64>, tensor<2xi64>)
// CHECK: %[[M:.*]] = prims.where %[[IN]], %[[L]], %{{.*}} : (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>)
// CHECK: %[[G:.*]] = prims.take %x, %i :
// CHECK: %[[W:.*]] = prims.where %[[M]], %[[G]]
// CHECK-NEXT: func.return %[[W]]
func.func @gather_through_index_math(%x: tensor<6xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %n = prims.iota {length = 6 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<6xi64>
  %k = prims.full {shape = [6 : i64], fill_value = 3 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<6xi64>
  %m = prims.lt %n, %k : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  %z = prims.full {shape = [6 : i64], fill_value = 0.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<6xf32>
  %0 = prims.where %m, %x, %z : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %1 = prims.take %0, %i : (tensor<6xf32>, tensor<2xi64>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}

// -----

// Not through index math that reads memory too: the mask compares iota with an input
// (a padding mask), and gathering it would make it a tensor in memory; the gather stays.
// CHECK-LABEL: func.func @gather_keeps_index_math
// CHECK: %[[W:.*]] = prims.where
// CHECK-NEXT: %[[G:.*]] = prims.take %[[W]], %i
// CHECK-NEXT: func.return %[[G]]
func.func @gather_keeps_index_math(%x: tensor<6xf32>, %i: tensor<2xi64>, %k: tensor<6xi64>) -> tensor<2xf32> {
  %n = prims.iota {length = 6 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<6xi64>
  %m = prims.lt %n, %k : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  %z = prims.full {shape = [6 : i64], fill_value = 0.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<6xf32>
  %0 = prims.where %m, %x, %z : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %1 = prims.take %0, %i : (tensor<6xf32>, tensor<2xi64>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}

// -----

// A gather of a broadcast iota is computed from its offsets: a [2, 3] view of iota(3)
// (stride 0 on the rows) at offset o is (o % 3) · step + start, and 0 at an offset
// outside the 6 elements, as the gather read there. The conversion after the view is
// computed at the offsets too, so one `where` masks the float result.
// CHECK-LABEL: func.func @gather_of_iota_view
// CHECK-NOT: prims.iota
// CHECK-NOT: prims.take
// CHECK: %[[IN:.*]] = prims.bitwise_and
// CHECK: %[[R:.*]] = prims.remainder %i, %{{.*}} : (tensor<4xi64>, tensor<4xi64>)
// CHECK: %[[V:.*]] = prims.add
// CHECK-NEXT: %[[F:.*]] = prims.convert_element_type %[[V]] {dtype = f32}
// CHECK-NEXT: %[[Z:.*]] = prims.full {shape = [4 : i64], fill_value = 0.000000e+00 : f64
// CHECK-NEXT: prims.where %[[IN]], %[[F]], %[[Z]]
func.func @gather_of_iota_view(%i: tensor<4xi64>) -> tensor<4xf32> {
  %n = prims.iota {length = 3 : i64, start = 5 : i64, step = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %b = prims.broadcast_in_dim %n {shape = [2 : i64, 3 : i64], broadcast_dimensions = [1 : i64]} : (tensor<3xi64>) -> tensor<2x3xi64>
  %f = prims.convert_element_type %b {dtype = f32} : (tensor<2x3xi64>) -> tensor<2x3xf32>
  %r = prims.reshape %f {shape = [6 : i64]} : (tensor<2x3xf32>) -> tensor<6xf32>
  %0 = prims.take %r, %i : (tensor<6xf32>, tensor<4xi64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// A gather of index math that reads a value several times (each clamp reads the last
// one three times) computes each value once at the offsets: the moved gather keeps the
// cone a DAG, 3 clamps stay 3, not one copy per path through them (7).
// CHECK-LABEL: func.func @gather_of_shared_index_math
// CHECK-NOT: prims.take
// CHECK-COUNT-3: prims.where
// CHECK-NOT: prims.where
// CHECK: func.return
func.func @gather_of_shared_index_math(%i: tensor<4xi64>) -> tensor<4xi64> {
  %n = prims.iota {length = 8 : i64, start = -3 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
  %z = prims.full {shape = [8 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
  %m1 = prims.ge %n, %z : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
  %w1 = prims.where %m1, %n, %z : (tensor<8xi1>, tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  %h = prims.full {shape = [8 : i64], fill_value = 3 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
  %m2 = prims.le %w1, %h : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
  %w2 = prims.where %m2, %w1, %h : (tensor<8xi1>, tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  %o = prims.full {shape = [8 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
  %m3 = prims.ge %w2, %o : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
  %w3 = prims.where %m3, %w2, %o : (tensor<8xi1>, tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  %0 = prims.take %w3, %i {in_bounds = true} : (tensor<8xi64>, tensor<4xi64>) -> tensor<4xi64>
  func.return %0 : tensor<4xi64>
}

// -----

// A gather of a gather reads the first source at the composed offsets: the inner
// gather's result is no longer a tensor that a kernel would store and read back.
// CHECK-LABEL: func.func @gather_of_gather
// CHECK-NEXT: %[[O:.*]] = prims.take %i, %j {in_bounds = true} : (tensor<6xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: %[[G:.*]] = prims.take %x, %[[O]] : (tensor<8xf32>, tensor<4xi64>) -> tensor<4xf32>
// CHECK-NEXT: func.return %[[G]]
func.func @gather_of_gather(%x: tensor<8xf32>, %i: tensor<6xi64>, %j: tensor<4xi64>) -> tensor<4xf32> {
  %0 = prims.take %x, %i : (tensor<8xf32>, tensor<6xi64>) -> tensor<6xf32>
  %1 = prims.take %0, %j {in_bounds = true} : (tensor<6xf32>, tensor<4xi64>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// -----

// An elementwise op with constants, of a transposed reduction: it moves above the
// transpose and joins the reduction's kernel; the transpose is what that kernel stores.
// CHECK-LABEL: func.func @elementwise_before_transpose
// CHECK:         %[[S:.*]] = prims.sum %x {dims = [2 : i64]} : (tensor<4x8x6xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[C:.*]] = prims.full {shape = [4 : i64, 8 : i64], fill_value = 2.000000e+00 : f64
// CHECK-NEXT:    %[[M:.*]] = prims.mul %[[S]], %[[C]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[T:.*]] = prims.transpose %[[M]] {permutation = [1 : i64, 0 : i64]}
// CHECK-NEXT:    func.return %[[T]]
func.func @elementwise_before_transpose(%x: tensor<4x8x6xf32>) -> tensor<8x4xf32> {
  %0 = prims.sum %x {dims = [2 : i64]} : (tensor<4x8x6xf32>) -> tensor<4x8xf32>
  %1 = prims.transpose %0 {permutation = [1 : i64, 0 : i64]} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %2 = prims.full {shape = [8 : i64, 4 : i64], fill_value = 2.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<8x4xf32>
  %3 = prims.mul %1, %2 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  func.return %3 : tensor<8x4xf32>
}

// scalar_tensor is a 0-d full.
// CHECK-LABEL: func.func @scalar_tensor
// CHECK-NEXT: prims.full {shape = [], fill_value = 3 : i64, dtype = i64
func.func @scalar_tensor() -> tensor<i64> {
  %0 = prims.scalar_tensor {s = 3 : i64, dtype = i64, device = "cpu"} : () -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

// An attention that was whole from the start (SDPA) and whose only reader moves the heads
// inside the tokens writes [B, L, H, Dv] itself: the flattening for the output
// projection is then a view, not a copy.
// CHECK-LABEL: func.func @sdpa_heads_inside_tokens
// CHECK-NEXT:  %[[O:.*]] = prims.attention %q, %k, %v {causal = true, transpose_out = true} : {{.*}} -> tensor<2x16x4x8xf32>
// CHECK-NEXT:  %[[F:.*]] = prims.reshape %[[O]]
// CHECK-NEXT:  func.return %[[F]]
func.func @sdpa_heads_inside_tokens(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %v: tensor<2x4x16x8xf32>) -> tensor<2x16x32xf32> {
  %o = prims.attention %q, %k, %v {causal = true} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x16x8xf32>
  %t = prims.transpose %o {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32>
  %f = prims.reshape %t {shape = [2 : i64, 16 : i64, 32 : i64]} : (tensor<2x16x4x8xf32>) -> tensor<2x16x32xf32>
  func.return %f : tensor<2x16x32xf32>
}

// -----

// Another reader of the [B, H, L, Dv] result keeps the layout.
// CHECK-LABEL: func.func @sdpa_also_read_whole
// CHECK-NEXT:  prims.attention %q, %k, %v :
// CHECK-NEXT:  prims.transpose
func.func @sdpa_also_read_whole(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %v: tensor<2x4x16x8xf32>) -> (tensor<2x16x4x8xf32>, tensor<2x4x16x8xf32>) {
  %o = prims.attention %q, %k, %v : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x16x8xf32>
  %t = prims.transpose %o {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32>
  func.return %t, %o : tensor<2x16x4x8xf32>, tensor<2x4x16x8xf32>
}

// -----

// Two transposes that undo each other are no transpose; two that compose to a third
// permutation stay (each may be a view strides express).
// CHECK-LABEL: func.func @transposes
// CHECK-NEXT:  %[[T:.*]] = prims.transpose %x {permutation = [0 : i64, 2 : i64, 1 : i64]}
// CHECK-NEXT:  %[[U:.*]] = prims.transpose %[[T]] {permutation = [1 : i64, 0 : i64, 2 : i64]}
// CHECK-NEXT:  func.return %x, %[[U]]
func.func @transposes(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>) {
  %a = prims.transpose %x {permutation = [2 : i64, 0 : i64, 1 : i64]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %b = prims.transpose %a {permutation = [1 : i64, 2 : i64, 0 : i64]} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %t = prims.transpose %x {permutation = [0 : i64, 2 : i64, 1 : i64]} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  %u = prims.transpose %t {permutation = [1 : i64, 0 : i64, 2 : i64]} : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  func.return %b, %u : tensor<2x3x4xf32>, tensor<4x2x3xf32>
}

// -----

// A transpose that only moves a size-1 dim is a reshape, and folds with the reshapes
// around it (einsum's matmuls): here back to the matmul's own shape, so nothing is left.
// CHECK-LABEL: func.func @unit_dim_transpose
// CHECK-NEXT:  %[[R:.*]] = prims.reshape %x {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64]}
// CHECK-NEXT:  %[[T:.*]] = prims.transpose %y {permutation = [0 : i64, 2 : i64, 1 : i64]}
// CHECK-NEXT:  func.return %[[R]], %[[T]]
func.func @unit_dim_transpose(%x: tensor<8x16x16xf32>, %y: tensor<2x3x4xf32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x3xf32>) {
  %0 = prims.reshape %x {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64, 16 : i64]} : (tensor<8x16x16xf32>) -> tensor<2x4x16x1x16xf32>
  %1 = prims.transpose %0 {permutation = [0 : i64, 1 : i64, 2 : i64, 4 : i64, 3 : i64]} : (tensor<2x4x16x1x16xf32>) -> tensor<2x4x16x16x1xf32>
  %2 = prims.squeeze %1 {dimensions = [4 : i64]} : (tensor<2x4x16x16x1xf32>) -> tensor<2x4x16x16xf32>
  %t = prims.transpose %y {permutation = [0 : i64, 2 : i64, 1 : i64]} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  func.return %2, %t : tensor<2x4x16x16xf32>, tensor<2x4x3xf32>
}

// -----

// A sum, prod, amax or amin over size-1 dims only (a 0-d tensor, dims = [], a keepdim
// reduction of a unit dim) combines one element: its operand, reshaped. One with an
// output dtype, or over a dim longer than 1, stays.
// CHECK-LABEL: func.func @unit_reductions
// CHECK-NEXT: %[[R:.*]] = prims.reshape %b {shape = [3 : i64]} : (tensor<3x1xi32>) -> tensor<3xi32>
// CHECK-NEXT: %[[S:.*]] = prims.sum %b {dims = [0 : i64]}
// CHECK-NEXT: func.return %a, %a, %[[R]], %[[S]]
func.func @unit_reductions(%a: tensor<f32>, %b: tensor<3x1xi32>) -> (tensor<f32>, tensor<f32>, tensor<3xi32>, tensor<1xi32>) {
  %0 = prims.sum %a {dims = []} : (tensor<f32>) -> tensor<f32>
  %1 = prims.amax %0 {dims = [0 : i64]} : (tensor<f32>) -> tensor<f32>
  %2 = prims.prod %b {dims = [1 : i64]} : (tensor<3x1xi32>) -> tensor<3xi32>
  %3 = prims.sum %b {dims = [0 : i64]} : (tensor<3x1xi32>) -> tensor<1xi32>
  func.return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<3xi32>, tensor<1xi32>
}

// -----

// fill of a static tensor is a full: a constant kernels compute where they read it.
// CHECK-LABEL: func.func @fill
// CHECK-NEXT: %[[F:.*]] = prims.full {shape = [3 : i64], fill_value = 0 : i64, dtype = i64
// CHECK-NEXT: func.return %[[F]]
func.func @fill(%x: tensor<3xi64>) -> tensor<3xi64> {
  %0 = prims.fill %x {value = 0 : i64} : (tensor<3xi64>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}

// -----

// A conversion of an argument that two ops read gets a copy per reader, so each kernel
// converts the argument as it loads it; the ATen call shares the first one.
// CHECK-LABEL: func.func @conversions
// CHECK-NEXT:    %[[A:.*]] = prims.convert_element_type %x {dtype = f32}
// CHECK-NEXT:    %[[M:.*]] = prims.amax %[[A]]
// CHECK-NEXT:    %[[B:.*]] = prims.convert_element_type %x {dtype = f32}
// CHECK-NEXT:    %[[N:.*]] = prims.amin %[[B]]
// CHECK-NEXT:    prims.extern "aten.cumsum.default"(%[[A]])
func.func @conversions(%x: tensor<4x8xf16>) -> (tensor<4xf32>, tensor<8xf32>, tensor<4x8xf32>) {
  %0 = prims.convert_element_type %x {dtype = f32} : (tensor<4x8xf16>) -> tensor<4x8xf32>
  %1 = prims.amax %0 {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %2 = prims.amin %0 {dims = [0 : i64]} : (tensor<4x8xf32>) -> tensor<8xf32>
  %3 = prims.extern "aten.cumsum.default"(%0) {args = [#torch.sym<0>, 1 : i64]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %1, %2, %3 : tensor<4xf32>, tensor<8xf32>, tensor<4x8xf32>
}

// -----

// A gather of a reshape (here a broadcast that only adds a unit dim) gathers the
// reshape's source at the same offsets: row-major order is unchanged.
// CHECK-LABEL: func.func @gather_through_reshape
// CHECK-NEXT:    %[[G:.*]] = prims.take %x, %i : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[G]]
func.func @gather_through_reshape(%x: tensor<2x3xf32>, %i: tensor<4xi64>) -> tensor<4xf32> {
  %0 = prims.broadcast_in_dim %x {shape = [2 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
  %1 = prims.take %0, %i : (tensor<2x3x1xf32>, tensor<4xi64>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// -----

// A broadcast that copies elements (a real expansion) keeps its gather.
// CHECK-LABEL: func.func @gather_of_expansion
// CHECK:         prims.broadcast_in_dim %x
// CHECK-NEXT:    prims.take
func.func @gather_of_expansion(%x: tensor<3xf32>, %i: tensor<4xi64>) -> tensor<4xf32> {
  %0 = prims.broadcast_in_dim %x {shape = [2 : i64, 3 : i64], broadcast_dimensions = [1 : i64]} : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = prims.take %0, %i : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// -----

// A gather of a view that reorders and repeats an elementwise value that is read
// elsewhere too (a rotary angle table, broadcast over heads for a gather and read by
// another rotation): each offset o of the [4, 3, 2] view of the transposed [2, 3]
// product is its element's offset in the product, (o % 2) · 3 + (o // 2) % 3 (the
// broadcast's dim adds nothing); the gather then moves on into the product's operands,
// which are inputs, so the gathering kernel computes the product where it reads it.
// CHECK-LABEL: func.func @gather_through_view
// CHECK:         %[[P:.*]] = prims.mul %x, %y : (tensor<2x3xf32>
// CHECK:         %[[IN:.*]] = prims.bitwise_and
// CHECK:         %[[R:.*]] = prims.remainder %i, %{{.*}}
// CHECK:         %[[RM:.*]] = prims.mul %[[R]], %{{.*}}
// CHECK:         %[[D:.*]] = prims.div %i, %{{.*}}
// CHECK:         %[[DR:.*]] = prims.remainder %[[D]], %{{.*}}
// CHECK:         %[[O:.*]] = prims.add %[[RM]], %[[DR]]
// CHECK-NEXT:    %[[X:.*]] = prims.take %x, %[[O]] {in_bounds = true} : (tensor<2x3xf32>, tensor<5xi64>) -> tensor<5xf32>
// CHECK-NEXT:    %[[Y:.*]] = prims.take %y, %[[O]] {in_bounds = true} : (tensor<2x3xf32>, tensor<5xi64>) -> tensor<5xf32>
// CHECK-NEXT:    %[[M:.*]] = prims.mul %[[X]], %[[Y]]
// CHECK-NEXT:    %[[Z:.*]] = prims.full {shape = [5 : i64], fill_value = 0.0
// CHECK-NEXT:    %[[W:.*]] = prims.where %[[IN]], %[[M]], %[[Z]]
// CHECK-NEXT:    func.return %[[W]], %[[P]]
func.func @gather_through_view(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %i: tensor<5xi64>) -> (tensor<5xf32>, tensor<2x3xf32>) {
  %0 = prims.mul %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = prims.transpose %0 {permutation = [1 : i64, 0 : i64]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = prims.broadcast_in_dim %1 {shape = [4 : i64, 3 : i64, 2 : i64], broadcast_dimensions = [1 : i64, 2 : i64]} : (tensor<3x2xf32>) -> tensor<4x3x2xf32>
  %3 = prims.take %2, %i : (tensor<4x3x2xf32>, tensor<5xi64>) -> tensor<5xf32>
  func.return %3, %0 : tensor<5xf32>, tensor<2x3xf32>
}

// -----

// A value read by several gathers is copied into each only when no gather computes it:
// moving these two would copy `take %x, %i` into both, and a chain of such values (the
// slice_scatters of circular padding, each gathering the last one twice) doubled its ops
// at every link. The value stays, stored once.
// CHECK-LABEL: func.func @gather_of_gathered_value
// CHECK-NEXT:    %[[G:.*]] = prims.take %x, %i
// CHECK-NEXT:    %[[V:.*]] = prims.mul %[[G]], %x
// CHECK-NEXT:    %[[A:.*]] = prims.take %[[V]], %j
// CHECK-NEXT:    %[[B:.*]] = prims.take %[[V]], %k
// CHECK-NEXT:    func.return %[[A]], %[[B]]
func.func @gather_of_gathered_value(%x: tensor<6xf32>, %i: tensor<6xi64>, %j: tensor<6xi64>, %k: tensor<6xi64>) -> (tensor<6xf32>, tensor<6xf32>) {
  %0 = prims.take %x, %i {in_bounds = true} : (tensor<6xf32>, tensor<6xi64>) -> tensor<6xf32>
  %1 = prims.mul %0, %x : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %2 = prims.take %1, %j {in_bounds = true} : (tensor<6xf32>, tensor<6xi64>) -> tensor<6xf32>
  %3 = prims.take %1, %k {in_bounds = true} : (tensor<6xf32>, tensor<6xi64>) -> tensor<6xf32>
  func.return %2, %3 : tensor<6xf32>, tensor<6xf32>
}

// -----

// A gather of a slice of cheap elementwise math on the inputs: the slice moves to the
// inputs (SliceBeforeComputation; the product is also read whole, so it stays too), and
// the gather then moves above the product to the sliced inputs, which kernels read in
// place.
// CHECK-LABEL: func.func @gather_through_slice
// CHECK:         %[[P:.*]] = prims.mul %x, %y : (tensor<2x3xf32>
// CHECK-NEXT:    %[[XS:.*]] = prims.slice %x {start_indices = [0 : i64, 1 : i64]
// CHECK-NEXT:    %[[YS:.*]] = prims.slice %y {start_indices = [0 : i64, 1 : i64]
// CHECK-NEXT:    %[[X:.*]] = prims.take %[[XS]], %i : (tensor<2x2xf32>, tensor<5xi64>) -> tensor<5xf32>
// CHECK-NEXT:    %[[Y:.*]] = prims.take %[[YS]], %i
// CHECK-NEXT:    %[[M:.*]] = prims.mul %[[X]], %[[Y]]
// CHECK-NEXT:    func.return %[[M]], %[[P]]
func.func @gather_through_slice(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %i: tensor<5xi64>) -> (tensor<5xf32>, tensor<2x3xf32>) {
  %0 = prims.mul %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = prims.slice %0 {start_indices = [0 : i64, 1 : i64], limit_indices = [2 : i64, 3 : i64], strides = [1 : i64, 1 : i64]} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %2 = prims.take %1, %i : (tensor<2x2xf32>, tensor<5xi64>) -> tensor<5xf32>
  func.return %2, %0 : tensor<5xf32>, tensor<2x3xf32>
}

// -----

// A padded window reads offset -1 as 0 (a convolution of `exp(x)`): moved above the
// `exp`, the gather would read exp(0) = 1 there, so it is masked first, and the moved
// gather is `in_bounds` (a lane outside may hold any value, the `where` drops it).
// CHECK-LABEL: func.func @gather_keeps_padding_zero
// CHECK:         %[[IN:.*]] = prims.bitwise_and
// CHECK:         %[[G:.*]] = prims.take %x, %o {in_bounds = true}
// CHECK-NEXT:    %[[E:.*]] = prims.exp %[[G]]
// CHECK-NEXT:    %[[Z:.*]] = prims.full {shape = [4 : i64], fill_value = 0.0
// CHECK-NEXT:    %[[W:.*]] = prims.where %[[IN]], %[[E]], %[[Z]]
// CHECK-NEXT:    func.return %[[W]]
func.func @gather_keeps_padding_zero(%x: tensor<3xf32>, %o: tensor<4xi64>) -> tensor<4xf32> {
  %0 = prims.exp %x : (tensor<3xf32>) -> tensor<3xf32>
  %1 = prims.take %0, %o : (tensor<3xf32>, tensor<4xi64>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// -----

// Offsets that index math keeps inside the source (`_int_range`: iota(4) · 2 % 3 lies
// in [0, 2]) need no mask.
// CHECK-LABEL: func.func @gather_inside_needs_no_mask
// CHECK-NOT:     prims.bitwise_and
// CHECK:         %[[G:.*]] = prims.take %x, %{{.*}} : (tensor<3xf32>, tensor<4xi64>)
// CHECK-NEXT:    %[[E:.*]] = prims.exp %[[G]]
// CHECK-NEXT:    func.return %[[E]]
func.func @gather_inside_needs_no_mask(%x: tensor<3xf32>) -> tensor<4xf32> {
  %n = prims.iota {length = 4 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<4xi64>
  %two = prims.full {shape = [4 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<4xi64>
  %three = prims.full {shape = [4 : i64], fill_value = 3 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<4xi64>
  %m = prims.mul %n, %two : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %o = prims.remainder %m, %three : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %0 = prims.exp %x : (tensor<3xf32>) -> tensor<3xf32>
  %1 = prims.take %0, %o : (tensor<3xf32>, tensor<4xi64>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// -----

// SDPA's decomposition on bfloat16 widens q, k and v, attends in float32 and narrows the
// result: one attention on the bfloat16 tensors instead (the kernel loads them and
// computes in float32 itself); the key's transposes move onto the bfloat16 key (where
// they cancel), and the float16 mask, widened and broadcast over heads, is read as
// stored.
// CHECK-LABEL: func.func @attention_reads_half
// CHECK-NOT:     prims.convert_element_type
// CHECK:         %[[M:.*]] = prims.broadcast_in_dim %m {{.*}} : (tensor<1x1x4x4xf16>) -> tensor<1x2x4x4xf16>
// CHECK-NEXT:    %[[A:.*]] = prims.attention %q, %k, %v mask %[[M]] {scale = 5.000000e-01 : f64} : (tensor<1x2x4x8xbf16>, tensor<1x2x4x8xbf16>, tensor<1x2x4x8xbf16>, tensor<1x2x4x4xf16>) -> tensor<1x2x4x8xbf16>
// CHECK-NEXT:    func.return %[[A]]
func.func @attention_reads_half(%q: tensor<1x2x4x8xbf16>, %k: tensor<1x2x4x8xbf16>, %v: tensor<1x2x4x8xbf16>, %m: tensor<1x1x4x4xf16>) -> tensor<1x2x4x8xbf16> {
  %qf = prims.convert_element_type %q {dtype = f32} : (tensor<1x2x4x8xbf16>) -> tensor<1x2x4x8xf32>
  %kt = prims.transpose %k {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x4x8xbf16>) -> tensor<1x2x8x4xbf16>
  %kf = prims.convert_element_type %kt {dtype = f32} : (tensor<1x2x8x4xbf16>) -> tensor<1x2x8x4xf32>
  %kb = prims.transpose %kf {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<1x2x8x4xf32>) -> tensor<1x2x4x8xf32>
  %vf = prims.convert_element_type %v {dtype = f32} : (tensor<1x2x4x8xbf16>) -> tensor<1x2x4x8xf32>
  %mf = prims.convert_element_type %m {dtype = f32} : (tensor<1x1x4x4xf16>) -> tensor<1x1x4x4xf32>
  %mb = prims.broadcast_in_dim %mf {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %a = prims.attention %qf, %kb, %vf mask %mb {scale = 0.5 : f64} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %r = prims.convert_element_type %a {dtype = bf16} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xbf16>
  func.return %r : tensor<1x2x4x8xbf16>
}

// -----

// SDPA's boolean mask, decomposed to an additive `where(keep, 0, -inf)` and broadcast
// over heads: the attention masks with `keep` itself (booleans), so no kernel stores
// the additive mask.
// CHECK-LABEL: func.func @attention_boolean_mask
// CHECK-NOT:     prims.where
// CHECK:         %[[M:.*]] = prims.broadcast_in_dim %keep {{.*}} : (tensor<1x1x4x4xi1>) -> tensor<1x2x4x4xi1>
// CHECK-NEXT:    %[[A:.*]] = prims.attention %q, %k, %v mask %[[M]] {{.*}} tensor<1x2x4x4xi1>) -> tensor<1x2x4x8xf32>
func.func @attention_boolean_mask(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x4x8xf32>, %v: tensor<1x2x4x8xf32>, %keep: tensor<1x1x4x4xi1>) -> tensor<1x2x4x8xf32> {
  %z = prims.full {shape = [1 : i64, 1 : i64, 4 : i64, 4 : i64], fill_value = 0.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x1x4x4xf32>
  %n = prims.full {shape = [1 : i64, 1 : i64, 4 : i64, 4 : i64], fill_value = 0xFFF0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<1x1x4x4xf32>
  %w = prims.where %keep, %z, %n : (tensor<1x1x4x4xi1>, tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %mb = prims.broadcast_in_dim %w {shape = [1 : i64, 2 : i64, 4 : i64, 4 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %a = prims.attention %q, %k, %v mask %mb {scale = 0.5 : f64} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  func.return %a : tensor<1x2x4x8xf32>
}

// -----

// A slice of a softmax's rows moves above the whole softmax (division, broadcasts,
// sums, exp, subtraction, max), to its input: only the row it keeps is computed.
// CHECK-LABEL: func.func @slice_before_softmax
// CHECK-NEXT:    %[[X:.*]] = prims.slice %x {start_indices = [3 : i64, 0 : i64], limit_indices = [4 : i64, 8 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:    %[[M:.*]] = prims.amax %[[X]] {dims = [1 : i64]} : (tensor<1x8xf32>) -> tensor<1xf32>
// CHECK-NEXT:    %[[MB:.*]] = prims.broadcast_in_dim %[[M]] {shape = [1 : i64, 8 : i64], broadcast_dimensions = [0 : i64]}
// CHECK-NEXT:    %[[D:.*]] = prims.sub %[[X]], %[[MB]] : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:    %[[E:.*]] = prims.exp %[[D]] : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:    %[[S:.*]] = prims.sum %[[E]] {dims = [1 : i64]} : (tensor<1x8xf32>) -> tensor<1xf32>
// CHECK-NEXT:    %[[SB:.*]] = prims.broadcast_in_dim %[[S]] {shape = [1 : i64, 8 : i64], broadcast_dimensions = [0 : i64]}
// CHECK-NEXT:    %[[Y:.*]] = prims.div %[[E]], %[[SB]] : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @slice_before_softmax(%x: tensor<4x8xf32>) -> tensor<1x8xf32> {
  %0 = prims.amax %x {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %1 = prims.broadcast_in_dim %0 {shape = [4 : i64, 8 : i64], broadcast_dimensions = [0 : i64]} : (tensor<4xf32>) -> tensor<4x8xf32>
  %2 = prims.sub %x, %1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = prims.exp %2 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = prims.sum %3 {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %5 = prims.broadcast_in_dim %4 {shape = [4 : i64, 8 : i64], broadcast_dimensions = [0 : i64]} : (tensor<4xf32>) -> tensor<4x8xf32>
  %6 = prims.div %3, %5 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %7 = prims.slice %6 {start_indices = [3 : i64, 0 : i64], limit_indices = [4 : i64, 8 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  func.return %7 : tensor<1x8xf32>
}

// -----

// The slice stays where it is when the value it slices is also read whole (the softmax is
// computed whole anyway), and when it cuts a reduced dim (the columns of a row's sum:
// the sum needs them all).
// CHECK-LABEL: func.func @slice_kept
// CHECK:         %[[E:.*]] = prims.exp %x
// CHECK-NEXT:    %[[S:.*]] = prims.sum %[[E]] {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK:         %[[Y:.*]] = prims.div %[[E]], %{{.*}} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[R:.*]] = prims.slice %[[Y]]
// CHECK-NEXT:    %[[C:.*]] = prims.slice %[[Y]]
// CHECK-NEXT:    func.return %[[R]], %[[Y]], %[[C]]
func.func @slice_kept(%x: tensor<4x8xf32>) -> (tensor<1x8xf32>, tensor<4x8xf32>, tensor<4x2xf32>) {
  %0 = prims.exp %x : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = prims.sum %0 {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %2 = prims.broadcast_in_dim %1 {shape = [4 : i64, 8 : i64], broadcast_dimensions = [0 : i64]} : (tensor<4xf32>) -> tensor<4x8xf32>
  %3 = prims.div %0, %2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = prims.slice %3 {start_indices = [3 : i64, 0 : i64], limit_indices = [4 : i64, 8 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %5 = prims.slice %3 {start_indices = [0 : i64, 2 : i64], limit_indices = [4 : i64, 4 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<4x2xf32>
  func.return %4, %3, %5 : tensor<1x8xf32>, tensor<4x8xf32>, tensor<4x2xf32>
}

// -----

// A value also read whole, but computed by cheap elementwise math from the inputs: its
// sliced part is computed again from the sliced input, and the whole value stays for
// its other reader (two `y[i] = ...` writes: the second reads row 2 of the first).
// CHECK-LABEL: func.func @slice_of_shared_pointwise
// CHECK:         %[[E:.*]] = prims.exp %x
// CHECK:         %[[XS:.*]] = prims.slice %x {start_indices = [2 : i64, 0 : i64], limit_indices = [3 : i64, 8 : i64]
// CHECK-NEXT:    %[[ES:.*]] = prims.exp %[[XS]] : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:    func.return %[[ES]], %[[E]]
func.func @slice_of_shared_pointwise(%x: tensor<4x8xf32>) -> (tensor<1x8xf32>, tensor<4x8xf32>) {
  %0 = prims.exp %x : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = prims.slice %0 {start_indices = [2 : i64, 0 : i64], limit_indices = [3 : i64, 8 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  func.return %1, %0 : tensor<1x8xf32>, tensor<4x8xf32>
}

// -----

// A slice across the reduced dim alone moves through the division and the broadcast,
// not into the sum: the exp is then read whole by the sum and sliced by the division,
// so nothing moves.
// CHECK-LABEL: func.func @slice_of_reduced_dim
// CHECK:         %[[Y:.*]] = prims.div
// CHECK-NEXT:    %[[C:.*]] = prims.slice %[[Y]]
// CHECK-NEXT:    func.return %[[C]]
func.func @slice_of_reduced_dim(%x: tensor<4x8xf32>) -> tensor<4x2xf32> {
  %0 = prims.exp %x : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = prims.sum %0 {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
  %2 = prims.broadcast_in_dim %1 {shape = [4 : i64, 8 : i64], broadcast_dimensions = [0 : i64]} : (tensor<4xf32>) -> tensor<4x8xf32>
  %3 = prims.div %0, %2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = prims.slice %3 {start_indices = [0 : i64, 2 : i64], limit_indices = [4 : i64, 4 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<4x2xf32>
  func.return %5 : tensor<4x2xf32>
}

// -----

// Through a matmul: a slice of its rows slices the lhs, a slice of its columns the rhs
// (here stored transposed, so its rows); the weight is read whole only where every
// column is kept.
// CHECK-LABEL: func.func @slice_of_product
// CHECK-NEXT:    %[[X:.*]] = prims.slice %x {start_indices = [3 : i64, 0 : i64], limit_indices = [4 : i64, 8 : i64], {{.*}}} : (tensor<4x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:    %[[M:.*]] = prims.matmul %[[X]], %w {transpose_rhs = true} : (tensor<1x8xf32>, tensor<6x8xf32>) -> tensor<1x6xf32>
// CHECK-NEXT:    %[[E:.*]] = prims.exp %[[M]] : (tensor<1x6xf32>) -> tensor<1x6xf32>
// CHECK-NEXT:    func.return %[[E]]
func.func @slice_of_product(%x: tensor<4x8xf32>, %w: tensor<6x8xf32>) -> tensor<1x6xf32> {
  %0 = prims.matmul %x, %w {transpose_rhs = true} : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
  %1 = prims.exp %0 : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = prims.slice %1 {start_indices = [3 : i64, 0 : i64], limit_indices = [4 : i64, 6 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x6xf32>) -> tensor<1x6xf32>
  func.return %2 : tensor<1x6xf32>
}

// -----

// CHECK-LABEL: func.func @columns_of_product
// CHECK-NEXT:    %[[W:.*]] = prims.slice %w {start_indices = [2 : i64, 0 : i64], limit_indices = [4 : i64, 8 : i64], {{.*}}} : (tensor<6x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT:    %[[M:.*]] = prims.matmul %x, %[[W]] {transpose_rhs = true} : (tensor<4x8xf32>, tensor<2x8xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    func.return %[[M]]
func.func @columns_of_product(%x: tensor<4x8xf32>, %w: tensor<6x8xf32>) -> tensor<4x2xf32> {
  %0 = prims.matmul %x, %w {transpose_rhs = true} : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
  %1 = prims.slice %0 {start_indices = [0 : i64, 2 : i64], limit_indices = [4 : i64, 4 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x6xf32>) -> tensor<4x2xf32>
  func.return %1 : tensor<4x2xf32>
}

// -----

// A mask negated twice (`masked_fill(~keep, c)`, then fuse-attention's keys-to-attend)
// is the mask itself.
// CHECK-LABEL: func.func @not_of_not
// CHECK-NEXT:  func.return %m
func.func @not_of_not(%m: tensor<4x4xi1>) -> tensor<4x4xi1> {
  %0 = prims.bitwise_not %m : (tensor<4x4xi1>) -> tensor<4x4xi1>
  %1 = prims.bitwise_not %0 : (tensor<4x4xi1>) -> tensor<4x4xi1>
  func.return %1 : tensor<4x4xi1>
}

// -----

// The size of a computed value is read from an argument that gives the same symbol: the
// symbol's own argument, else a tensor argument with that dim. The negation is then no
// graph-level value (rotate_half's `cat` at a symbolic length asked `-x2` its size).
// CHECK-LABEL: func.func @size_from_an_argument
// CHECK-NOT:     aten.sym_size.int
// CHECK:         func.return %n, %y :
// CHECK-LABEL: func.func @size_from_a_tensor_argument
// CHECK-NEXT:    %[[S:.*]] = prims.extern "aten.sym_size.int"(%x) {args = [#torch.sym<0>, 0 : i64]}
// CHECK-NEXT:    func.return %[[S]]
func.func @size_from_an_argument(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %x: tensor<?x8xf32, ["s0"]>) -> (i64, tensor<?x8xf32, ["s0"]>) {
  %y = prims.neg %x : (tensor<?x8xf32, ["s0"]>) -> tensor<?x8xf32, ["s0"]>
  %s = prims.extern "aten.sym_size.int"(%y) {args = [#torch.sym<0>, 0 : i64]} : (tensor<?x8xf32, ["s0"]>) -> i64
  func.return %s, %y : i64, tensor<?x8xf32, ["s0"]>
}
func.func @size_from_a_tensor_argument(%x: tensor<?x8xf32, ["s0"]>) -> i64 {
  %y = prims.neg %x : (tensor<?x8xf32, ["s0"]>) -> tensor<?x8xf32, ["s0"]>
  %t = prims.transpose %y {permutation = [1 : i64, 0 : i64]} : (tensor<?x8xf32, ["s0"]>) -> tensor<8x?xf32, ["s0"]>
  %s = prims.extern "aten.sym_size.int"(%t) {args = [#torch.sym<0>, 1 : i64]} : (tensor<8x?xf32, ["s0"]>) -> i64
  func.return %s : i64
}

// -----

// A gather of a broadcast iota of symbolic size is computed from its offsets too: the
// [s0, s1] view of iota(s0) (stride 0 on its columns) at offset o is o // s1, with s1 a
// `full` of the size argument, and the lanes outside the s0 · s1 elements are masked,
// with that product computed from the size arguments (the positions a rotary table's
// `cat` gathers at a symbolic length: a kernel of their own before).
// CHECK-LABEL: func.func @gather_of_symbolic_iota_view
// CHECK-NOT:   prims.take
// CHECK:       %[[N:.*]] = prims.extern "_operator.mul"(%s0, %s1)
// CHECK:       prims.full sym(%[[N]]) {{.*}}fill_value = #torch.sym<0>
// CHECK:       %[[IN:.*]] = prims.bitwise_and
// CHECK:       %[[S1:.*]] = prims.full sym(%s1) {{.*}}fill_value = #torch.sym<0>
// CHECK:       %[[Q:.*]] = prims.div %i, %[[S1]]
// CHECK:       prims.where %[[IN]], %[[Q]]
func.func @gather_of_symbolic_iota_view(%s0: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %s1: i64 {stepwell.name = "s1", stepwell.kind = "symint"}, %i: tensor<?xi64, ["s0"]>) -> tensor<?xi64, ["s0"]> {
  %n = prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?xi64, ["s0"]>
  %b = prims.broadcast_in_dim %n {shape = [-9223372036854775808 : i64, -9223372036854775808 : i64], broadcast_dimensions = [0 : i64]} : (tensor<?xi64, ["s0"]>) -> tensor<?x?xi64, ["s0", "s1"]>
  %0 = prims.take %b, %i : (tensor<?x?xi64, ["s0", "s1"]>, tensor<?xi64, ["s0"]>) -> tensor<?xi64, ["s0"]>
  func.return %0 : tensor<?xi64, ["s0"]>
}

// -----

// A gather of a gather at symbolic sizes composes too, and index math holding a size (a
// `full` of `s0 - 1`: a flip of a row of length s0) is computed at the outer offsets:
// one gather of x, its offsets `(s0 - 1) - i` (the cache a decode step rebuilds with a
// `cat`, read where the next `cat` gathers it, not copied by a kernel of its own first).
// CHECK-LABEL: func.func @gather_of_symbolic_flip
// CHECK:       %[[M:.*]] = prims.extern "_operator.sub"(%s0)
// CHECK:       %[[F:.*]] = prims.full sym(%[[M]]) {{.*}} -> tensor<?xi64, ["s1"]>
// CHECK:       %[[O:.*]] = prims.sub %[[F]], %i
// CHECK:       prims.take %x, %[[O]]
// CHECK-NOT:   prims.take
func.func @gather_of_symbolic_flip(%s0: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %s1: i64 {stepwell.name = "s1", stepwell.kind = "symint"}, %x: tensor<?xf32, ["s0"]>, %i: tensor<?xi64, ["s1"]>) -> tensor<?xf32, ["s1"]> {
  %m = prims.extern "_operator.sub"(%s0) {args = [#torch.sym<0>, 1 : i64]} : (i64) -> i64
  %f = prims.full sym(%m) {shape = [-9223372036854775808 : i64], fill_value = #torch.sym<0>, dtype = i64, device = "cpu", requires_grad = false} : (i64) -> tensor<?xi64, ["s0"]>
  %n = prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<?xi64, ["s0"]>
  %o = prims.sub %f, %n : (tensor<?xi64, ["s0"]>, tensor<?xi64, ["s0"]>) -> tensor<?xi64, ["s0"]>
  %a = prims.take %x, %o : (tensor<?xf32, ["s0"]>, tensor<?xi64, ["s0"]>) -> tensor<?xf32, ["s0"]>
  %b = prims.take %a, %i : (tensor<?xf32, ["s0"]>, tensor<?xi64, ["s1"]>) -> tensor<?xf32, ["s1"]>
  func.return %b : tensor<?xf32, ["s1"]>
}

// -----

// An index check goes where the index math proves the index in [0, bound): a wrap of
// `iota(3) * 2 + 1` (its `where` never taken: the comparison of ranges decides it) and a
// `roll`'s `(iota + 4) fmod 6`. The check of an input's index stays.
// CHECK-LABEL: func.func @index_checks
// CHECK:       %[[W:.*]] = prims.where
// CHECK:       %[[R:.*]] = prims.fmod
// CHECK-NEXT:  %[[C:.*]] = prims.check_index %i, %{{.*}}
// CHECK-NEXT:  func.return %[[W]], %[[R]], %[[C]]
func.func @index_checks(%i: tensor<3xi64>) -> (tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) {
  %n = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %two = prims.full {shape = [3 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %one = prims.full {shape = [3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %zero = prims.full {shape = [3 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %six = prims.full {shape = [3 : i64], fill_value = 6 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %four = prims.full {shape = [3 : i64], fill_value = 4 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
  %m = prims.mul %n, %two : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %odd = prims.add %m, %one : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %neg = prims.lt %odd, %zero : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
  %up = prims.add %odd, %six : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %w = prims.where %neg, %up, %odd : (tensor<3xi1>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %a = prims.check_index %w, %six : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %s = prims.add %n, %four : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %r = prims.fmod %s, %six : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %b = prims.check_index %r, %six : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %c = prims.check_index %i, %six : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  func.return %a, %b, %c : tensor<3xi64>, tensor<3xi64>, tensor<3xi64>
}
