// RUN: stepwell-opt %s --split-input-file -p 'decompose-torch-to-prims{report=false}' | filecheck %s
// RUN: stepwell-opt %s --split-input-file -p 'decompose-torch-to-prims{legal-ops=scaled_dot_product_attention report=false}' | filecheck %s --check-prefix=LEGAL
// RUN: stepwell-opt %s --split-input-file -p decompose-torch-to-prims > /dev/null 2> %t.err
// RUN: filecheck %s --check-prefix=REPORT < %t.err

// Type promotion is explicit: the i64 operand is converted before the add.
// CHECK-LABEL: func.func @promote
// CHECK: %[[C:.*]] = prims.convert_element_type %a {dtype = f32} : (tensor<4x8xi64>) -> tensor<4x8xf32>
// CHECK-NEXT: prims.add %[[C]], %b : (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NOT: torch.
func.func @promote(%a: tensor<4x8xi64>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = torch.aten.add.Tensor %a, %b : (tensor<4x8xi64>, tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// Broadcasting is explicit; a Python scalar becomes a prims.full of the full shape.
// CHECK-LABEL: func.func @broadcast
// CHECK: %[[B:.*]] = prims.broadcast_in_dim %b {shape = [4 : i64, 8 : i64], broadcast_dimensions = [1 : i64]}
// CHECK-NEXT: %[[M:.*]] = prims.mul %a, %[[B]]
// CHECK-NEXT: %[[TWO:.*]] = prims.full {shape = [4 : i64, 8 : i64], fill_value = 2.000000e+00 : f64, dtype = f32
// CHECK-NEXT: prims.mul %[[M]], %[[TWO]]
func.func @broadcast(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = torch.aten.mul.Tensor %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = torch.aten.mul.Scalar %0 {other = 2.0 : f64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %1 : tensor<4x8xf32>
}

// -----

// keepdim is a broadcast_in_dim after the reduction.
// CHECK-LABEL: func.func @sum_keepdim
// CHECK: %[[S:.*]] = prims.sum %a {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK-NEXT: prims.broadcast_in_dim %[[S]] {shape = [4 : i64, 1 : i64], broadcast_dimensions = [0 : i64]}
func.func @sum_keepdim(%a: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %0 = torch.aten.sum.dim_IntList %a {dim = [1 : i64], keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  func.return %0 : tensor<4x1xf32>
}

// -----

// Views become shape prims with value semantics; slicing becomes prims.slice.
// CHECK-LABEL: func.func @views
// CHECK: %[[V:.*]] = prims.split_dim %a {dim = 0 : i64, outer_length = 2 : i64} : (tensor<4x8xf32>) -> tensor<2x2x8xf32>
// CHECK-NEXT: %[[P:.*]] = prims.transpose %[[V]] {permutation = [2 : i64, 0 : i64, 1 : i64]}
// CHECK-NEXT: prims.slice %[[P]] {start_indices = [0 : i64, 0 : i64, 1 : i64], limit_indices = [8 : i64, 2 : i64, 2 : i64], strides = [1 : i64, 1 : i64, 1 : i64]}
func.func @views(%a: tensor<4x8xf32>) -> tensor<8x2x1xf32> {
  %0 = torch.aten.view %a {size = [2 : i64, 2 : i64, 8 : i64]} : (tensor<4x8xf32>) -> tensor<2x2x8xf32>
  %1 = torch.aten.permute %0 {dims = [2 : i64, 0 : i64, 1 : i64]} : (tensor<2x2x8xf32>) -> tensor<8x2x2xf32>
  %2 = torch.aten.slice.Tensor %1 {dim = 2 : i64, start = 1 : i64} : (tensor<8x2x2xf32>) -> tensor<8x2x1xf32>
  func.return %2 : tensor<8x2x1xf32>
}

// -----

// CHECK-LABEL: func.func @softmax
// CHECK: %[[MAX:.*]] = prims.amax %a {dims = [1 : i64]}
// CHECK: %[[SUB:.*]] = prims.sub %a,
// CHECK-NEXT: %[[EXP:.*]] = prims.exp %[[SUB]]
// CHECK-NEXT: prims.sum %[[EXP]] {dims = [1 : i64]}
// CHECK: prims.div %[[EXP]],
func.func @softmax(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = torch.aten._softmax %a {dim = -1 : i64, half_to_float = false} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @layer_norm
// CHECK: prims.var %a {dims = [1 : i64], correction = 0.000000e+00 : f64}
// CHECK: prims.rsqrt
// CHECK: prims.broadcast_in_dim %w {shape = [4 : i64, 8 : i64], broadcast_dimensions = [1 : i64]}
// CHECK: prims.broadcast_in_dim %b {shape = [4 : i64, 8 : i64], broadcast_dimensions = [1 : i64]}
func.func @layer_norm(%a: tensor<4x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = torch.aten.layer_norm %a, %w, %b {normalized_shape = [8 : i64]} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// linear's [N, K] weight is read transposed by the matmul: no transpose op remains.
// CHECK-LABEL: func.func @linear
// CHECK-NOT: prims.transpose
// CHECK: %[[MM:.*]] = prims.matmul %x, %w {transpose_rhs = true} : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
// CHECK: prims.add
// CHECK-LABEL: func.func @bmm
// CHECK: prims.matmul %a, %b : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
func.func @linear(%x: tensor<4x8xf32>, %w: tensor<6x8xf32>, %b: tensor<6xf32>) -> tensor<4x6xf32> {
  %0 = torch.aten.linear %x, %w, %b : (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  func.return %0 : tensor<4x6xf32>
}
func.func @bmm(%a: tensor<2x4x8xf32>, %b: tensor<2x8x3xf32>) -> tensor<2x4x3xf32> {
  %0 = torch.aten.bmm %a, %b : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
  func.return %0 : tensor<2x4x3xf32>
}

// -----

// SDPA: its math decomposition by default, one prims.attention when legal.
// CHECK-LABEL: func.func @sdpa
// CHECK-NOT: prims.attention
// CHECK: prims.matmul
// CHECK: prims.amax
// CHECK: prims.exp
// CHECK: prims.matmul
// LEGAL-LABEL: func.func @sdpa
// LEGAL-NEXT: %[[O:.*]] = prims.attention %q, %k, %v {causal = true} : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
// LEGAL-NEXT: func.return %[[O]]
func.func @sdpa(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x8x16xf32>, %v: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, none {is_causal = true} : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  func.return %0 : tensor<1x2x8x16xf32>
}

// -----

// No decomposition: an ATen call, reported once however often it occurs (an integer
// product wraps around, which no sum of logarithms gives, so scatter_reduce "prod" of
// integers stays whole).
// CHECK-LABEL: func.func @scatter_prod
// CHECK: prims.extern "aten.scatter_reduce.two"(%x, %i, %s) {args = [#torch.sym<0>, 0 : i64, #torch.sym<1>, #torch.sym<2>, "prod"]
// CHECK: prims.extern "aten.scatter_reduce.two"
// REPORT: decompose-torch-to-prims: aten.scatter_reduce.two stays an ATen call (prims.extern)
// REPORT-NOT: aten.scatter_reduce.two stays
func.func @scatter_prod(%x: tensor<4x3xi64>, %i: tensor<2x3xi64>, %s: tensor<2x3xi64>) -> tensor<4x3xi64> {
  %0 = torch.aten.scatter_reduce.two %x, %i, %s {dim = 0 : i64, reduce = "prod"} : (tensor<4x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  %1 = torch.aten.scatter_reduce.two %0, %i, %s {dim = 0 : i64, reduce = "prod"} : (tensor<4x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  func.return %1 : tensor<4x3xi64>
}

// -----

// A float product: no atomic multiply, so the magnitudes' logarithms are summed by a
// float64 scatter, the sign bits counted by an integer one, and the product is the
// exp of the sum with the sign of the count's parity.
// CHECK-LABEL: func.func @scatter_prod_float
// CHECK-NOT: prims.extern
// CHECK: prims.log
// CHECK: %[[LOGS:.*]] = prims.scatter %{{.*}}, %{{.*}}, %{{.*}} {reduce = "sum"} : (tensor<4x3xf64>, tensor<2x3xi64>, tensor<2x3xf64>) -> tensor<4x3xf64>
// CHECK: prims.signbit
// CHECK: %[[SIGNS:.*]] = prims.scatter %{{.*}}, %{{.*}}, %{{.*}} {reduce = "sum"} : (tensor<4x3xi32>, tensor<2x3xi64>, tensor<2x3xi32>) -> tensor<4x3xi32>
// CHECK: prims.exp %[[LOGS]]
// CHECK: prims.where
// CHECK-NOT: prims.extern
func.func @scatter_prod_float(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %s: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = torch.aten.scatter_reduce.two %x, %i, %s {dim = 0 : i64, reduce = "prod"} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// scatter_add: one prims.scatter at offsets computed from the index (its value, checked
// to lie in [0, 4) as eager checks it, times the row stride, plus each element's column).
// CHECK-LABEL: func.func @scatter_add
// CHECK-NOT: prims.extern
// CHECK: %[[SIZE:.*]] = prims.full {shape = [], fill_value = 4 : i64
// CHECK-NEXT: %[[BOUND:.*]] = prims.broadcast_in_dim %[[SIZE]] {shape = [2 : i64, 3 : i64]
// CHECK-NEXT: %[[I:.*]] = prims.check_index %i, %[[BOUND]]
// CHECK-NEXT: %[[ROW:.*]] = prims.full {{.*}}fill_value = 3
// CHECK-NEXT: prims.mul %[[I]], %[[ROW]]
// CHECK: %[[OFF:.*]] = prims.add
// CHECK: prims.scatter %x, %[[OFF]], %s {reduce = "sum"} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
func.func @scatter_add(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %s: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = torch.aten.scatter_add %x, %i, %s {dim = 0 : i64} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// A float16 scatter_add sums in float32, as eager's CPU kernel does (float16 atomics
// stop at 2048 where eager gives 3000 for 3,000 ones).
// CHECK-LABEL: func.func @scatter_add_f16
// CHECK: %[[X:.*]] = prims.convert_element_type %x {dtype = f32} : (tensor<4x3xf16>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[S:.*]] = prims.convert_element_type %s {dtype = f32}
// CHECK-NEXT: %[[SUM:.*]] = prims.scatter %[[X]], %{{.*}}, %[[S]] {reduce = "sum"} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[OUT:.*]] = prims.convert_element_type %[[SUM]] {dtype = f16}
// CHECK-NEXT: func.return %[[OUT]]
func.func @scatter_add_f16(%x: tensor<4x3xf16>, %i: tensor<2x3xi64>, %s: tensor<2x3xf16>) -> tensor<4x3xf16> {
  %0 = torch.aten.scatter_add %x, %i, %s {dim = 0 : i64} : (tensor<4x3xf16>, tensor<2x3xi64>, tensor<2x3xf16>) -> tensor<4x3xf16>
  func.return %0 : tensor<4x3xf16>
}

// -----

// Convolution: a gather of every window (offsets from iota arithmetic, -1 in the
// padding), times the weight seen through broadcasts, summed over (C, KH, KW).
// CHECK-LABEL: func.func @conv
// CHECK-NOT: prims.extern
// CHECK: prims.iota
// CHECK: %[[OFF:.*]] = prims.where
// CHECK: prims.take %x, %{{.*}} : (tensor<1x3x8x8xf32>, tensor<1x1x4x3x6x6x3x3xi64>)
// CHECK: prims.sum %{{.*}} {dims = [3 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x4x3x6x6x3x3xf32>) -> tensor<1x1x4x6x6xf32>
// CHECK-NOT: prims.extern
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = torch.aten.convolution %x, %w, none {stride = [1 : i64, 1 : i64], padding = [0 : i64, 0 : i64], dilation = [1 : i64, 1 : i64], transposed = false, output_padding = [0 : i64, 0 : i64], groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  func.return %0 : tensor<1x4x6x6xf32>
}

// -----

// Exotic element types (complex, float8, unsigned wider than 8 bits) are imported but
// not computed with: an op reading or producing one stays whole as an ATen call, even
// one PyTorch could decompose (complex mul, abs, a cast to float8); the float ops
// around them decompose as usual.
// CHECK-LABEL: func.func @exotic
// CHECK: %[[C:.*]] = prims.extern "aten.complex.default"(%a, %b) {args = [#torch.sym<0>, #torch.sym<1>]} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xcomplex<f32>>
// CHECK-NEXT: %[[D:.*]] = prims.extern "aten.complex.default"(%b, %a)
// CHECK-NEXT: %[[M:.*]] = prims.extern "aten.mul.Tensor"(%[[C]], %[[D]]) {args = [], kwargs = {self = #torch.sym<0>, other = #torch.sym<1>}} : (tensor<4x3xcomplex<f32>>, tensor<4x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
// CHECK-NEXT: %[[ABS:.*]] = prims.extern "aten.abs.default"(%[[M]]) {{.*}} : (tensor<4x3xcomplex<f32>>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[F8:.*]] = prims.extern "aten._to_copy.default"(%[[ABS]]) {args = [], kwargs = {self = #torch.sym<0>, dtype = f8E4M3FN}} : (tensor<4x3xf32>) -> tensor<4x3xf8E4M3FN>
// CHECK-NEXT: %[[BACK:.*]] = prims.extern "aten._to_copy.default"(%[[F8]]) {{.*}} : (tensor<4x3xf8E4M3FN>) -> tensor<4x3xf32>
// CHECK-NEXT: prims.add %[[BACK]], %a : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[U:.*]] = prims.extern "aten.mul.Tensor"(%u, %u) {{.*}} : (tensor<5xui32>, tensor<5xui32>) -> tensor<5xui32>
// CHECK-NOT: torch.
// REPORT: decompose-torch-to-prims: aten.complex.default stays an ATen call (prims.extern)
// REPORT: decompose-torch-to-prims: aten.mul.Tensor stays an ATen call (prims.extern)
func.func @exotic(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>, %u: tensor<5xui32>) -> (tensor<4x3xf32>, tensor<5xui32>) {
  %0 = torch.operator "aten.complex.default"(%a, %b) {args = [#torch.sym<0>, #torch.sym<1>]} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xcomplex<f32>>
  %c = torch.operator "aten.complex.default"(%b, %a) {args = [#torch.sym<0>, #torch.sym<1>]} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xcomplex<f32>>
  %1 = torch.aten.mul.Tensor %0, %c : (tensor<4x3xcomplex<f32>>, tensor<4x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
  %2 = torch.aten.abs %1 : (tensor<4x3xcomplex<f32>>) -> tensor<4x3xf32>
  %3 = torch.aten._to_copy %2 {dtype = f8E4M3FN} : (tensor<4x3xf32>) -> tensor<4x3xf8E4M3FN>
  %4 = torch.aten._to_copy %3 {dtype = f32} : (tensor<4x3xf8E4M3FN>) -> tensor<4x3xf32>
  %5 = torch.aten.add.Tensor %4, %a : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %6 = torch.aten.mul.Tensor %u, %u : (tensor<5xui32>, tensor<5xui32>) -> tensor<5xui32>
  func.return %5, %6 : tensor<4x3xf32>, tensor<5xui32>
}

// -----

// SDPA's CPU flash forward whose log-sum-exp is used (training saves it) is kept whole
// as prims.attention with an lse result; its backward is rowsum(dO * O) in prims plus
// prims.attention_backward. A forward whose lse nobody reads decomposes to its math.
// CHECK-LABEL: func.func @flash_training
// CHECK: %[[O:.*]], %[[LSE:.*]] = prims.attention %q, %k, %v mask %m {scale = 2.500000e-01 : f64} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x1x16x16xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16xf32>)
// CHECK-NEXT: %[[P:.*]] = prims.mul %do, %[[O]]
// CHECK-NEXT: %[[DELTA:.*]] = prims.sum %[[P]] {dims = [3 : i64]} : (tensor<2x4x16x8xf32>) -> tensor<2x4x16xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = prims.attention_backward %do, %q, %k, %v, %[[LSE]], %[[DELTA]] mask %m {scale = 2.500000e-01 : f64}
// CHECK-NOT: prims.extern
// CHECK-LABEL: func.func @flash_inference
// CHECK-NOT: prims.attention
// CHECK: prims.exp
func.func @flash_training(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %v: tensor<2x4x16x8xf32>, %m: tensor<2x1x16x16xf32>, %do: tensor<2x4x16x8xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) {
  %o, %lse = torch.aten._scaled_dot_product_flash_attention_for_cpu %q, %k, %v, %m {scale = 2.500000e-01 : f64} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x1x16x16xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16xf32>)
  %dq, %dk, %dv = torch.operator "aten._scaled_dot_product_flash_attention_for_cpu_backward.default"(%do, %q, %k, %v, %o, %lse, %m) {args = [#torch.sym<0>, #torch.sym<1>, #torch.sym<2>, #torch.sym<3>, #torch.sym<4>, #torch.sym<5>, 0.000000e+00 : f64, false], kwargs = {attn_mask = #torch.sym<6>, scale = 2.500000e-01 : f64}} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x1x16x16xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>)
  func.return %dq, %dk, %dv : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
}
func.func @flash_inference(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %v: tensor<2x4x16x8xf32>) -> tensor<2x4x16x8xf32> {
  %o, %lse = torch.aten._scaled_dot_product_flash_attention_for_cpu %q, %k, %v, none {scale = 2.500000e-01 : f64} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16xf32>)
  func.return %o : tensor<2x4x16x8xf32>
}

// -----

// A fresh copy of a graph constant (Dynamo's `lift_fresh_copy` of `torch.tensor([...])`
// made in the program) is the constant: nothing in a functional graph writes into it.
// CHECK-LABEL: func.func @lifted_constant
// CHECK-NOT: lift_fresh_copy
// CHECK: prims.add %c, %c
func.func @lifted_constant(%c: tensor<2xi64> {stepwell.name = "_tensor_constant0", stepwell.kind = "constant"}) -> tensor<2xi64> {
  %0 = torch.operator "aten.lift_fresh_copy.default"(%c) {args = [#torch.sym<0>]} : (tensor<2xi64>) -> tensor<2xi64>
  %1 = torch.aten.add.Tensor %0, %0 : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  func.return %1 : tensor<2xi64>
}

// -----

// An uninitialized tensor (`torch.empty`, a decomposition's scratch) may hold any value:
// a zero fill, which fusion makes a kernel or drops once writes replace it.
// CHECK-LABEL: func.func @uninitialized
// CHECK-NOT: prims.extern
// CHECK: prims.full {shape = [3 : i64, 2 : i64], fill_value = 0.000000e+00 : f64, dtype = f32
func.func @uninitialized() -> tensor<3x2xf32> {
  %0 = torch.operator "aten.empty.memory_format"() {args = [[3 : i64, 2 : i64]], kwargs = {dtype = f32, layout = "strided", device = "cpu", pin_memory = false}} : () -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// max along a dim: the row's amax and its arg-reduction (first index, first NaN).
// CHECK-LABEL: func.func @max_dim
// CHECK-DAG: prims.amax %x {dims = [1 : i64]} : (tensor<3x5xf32>) -> tensor<3xf32>
// CHECK-DAG: prims.arg_reduce %x {dim = 1 : i64, kind = "argmax"} : (tensor<3x5xf32>) -> tensor<3xi64>
// CHECK-NOT: prims.extern
func.func @max_dim(%x: tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>) {
  %v, %i = torch.operator "aten.max.dim"(%x) {args = [#torch.sym<0>, 1 : i64], kwargs = {}} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>)
  func.return %v, %i : tensor<3xf32>, tensor<3xi64>
}

// -----

// topk: the row sorted by largest, and its first k (a slice: a view).
// CHECK-LABEL: func.func @topk
// CHECK: %[[V:.*]], %[[I:.*]] = prims.sort %x {dim = 1 : i64, descending = true} : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
// CHECK-DAG: prims.slice %[[V]] {start_indices = [0 : i64, 0 : i64], limit_indices = [3 : i64, 2 : i64]
// CHECK-DAG: prims.slice %[[I]] {start_indices = [0 : i64, 0 : i64], limit_indices = [3 : i64, 2 : i64]
// CHECK-NOT: prims.extern
func.func @topk(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>) {
  %v, %i = torch.operator "aten.topk.default"(%x) {args = [#torch.sym<0>, 2 : i64, 1 : i64], kwargs = {}} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  func.return %v, %i : tensor<3x2xf32>, tensor<3x2xi64>
}

// -----

// diagonal: a gather at offsets (k + rows) * stride1 + (k + cols) * stride2.
// CHECK-LABEL: func.func @diagonal
// CHECK: prims.iota
// CHECK: prims.take %x, %{{.*}} : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<3xf32>
// CHECK-NOT: prims.extern
func.func @diagonal(%x: tensor<4x5xf32>) -> tensor<3xf32> {
  %d = torch.operator "aten.diagonal.default"(%x) {args = [#torch.sym<0>, 2 : i64], kwargs = {}} : (tensor<4x5xf32>) -> tensor<3xf32>
  func.return %d : tensor<3xf32>
}

// -----

// Special functions PyTorch's table leaves to ATen: Bessel Y and K are prims of their own
// (an integer operand converted first), polygamma n >= 2 is a scaled Hurwitz zeta, and
// the modified Bessel I0 is prims.bessel_i0.
// CHECK-LABEL: func.func @special_functions
// CHECK: prims.bessel_y0 %x : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[S:.*]] = prims.full {shape = [4 : i64], fill_value = 3.000000e+00 : f64
// CHECK: %[[Z:.*]] = prims.zeta %[[S]], %x
// CHECK: %[[C:.*]] = prims.full {shape = [4 : i64], fill_value = -2.000000e+00 : f64
// CHECK: prims.mul %[[Z]], %[[C]]
// CHECK: prims.bessel_i0 %x
// CHECK: %[[F:.*]] = prims.convert_element_type %n {dtype = f32} : (tensor<4xi64>) -> tensor<4xf32>
// CHECK: prims.modified_bessel_k1 %[[F]]
// CHECK-NOT: prims.extern
func.func @special_functions(%x: tensor<4xf32>, %n: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %y = torch.operator "aten.special_bessel_y0.default"(%x) {args = [#torch.sym<0>], kwargs = {}} : (tensor<4xf32>) -> tensor<4xf32>
  %p = torch.operator "aten.polygamma.default"(%x) {args = [2 : i64, #torch.sym<0>], kwargs = {}} : (tensor<4xf32>) -> tensor<4xf32>
  %i = torch.operator "aten.special_modified_bessel_i0.default"(%x) {args = [#torch.sym<0>], kwargs = {}} : (tensor<4xf32>) -> tensor<4xf32>
  %k = torch.operator "aten.special_modified_bessel_k1.default"(%n) {args = [#torch.sym<0>], kwargs = {}} : (tensor<4xi64>) -> tensor<4xf32>
  func.return %y, %p, %i, %k : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// median along a dim: the row sorted, and the element at (n - 1) // 2, or at the row's
// first NaN (sorted last) when it holds one: a gather (prims.take) of values and indices.
// CHECK-LABEL: func.func @median_dim
// CHECK: %[[NAN:.*]] = prims.ne %x, %x
// CHECK: %[[V:.*]], %[[I:.*]] = prims.sort %x {dim = 1 : i64, descending = false}
// CHECK: prims.take %[[V]], %{{.*}} : (tensor<3x5xf32>, tensor<3x1xi64>) -> tensor<3x1xf32>
// CHECK: prims.take %[[I]], %{{.*}} : (tensor<3x5xi64>, tensor<3x1xi64>) -> tensor<3x1xi64>
// CHECK-NOT: prims.extern
func.func @median_dim(%x: tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>) {
  %v, %i = torch.operator "aten.median.dim"(%x) {args = [#torch.sym<0>, 1 : i64], kwargs = {}} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>)
  func.return %v, %i : tensor<3xf32>, tensor<3xi64>
}

// -----

// An op whose results hold no elements computes nothing, whatever it is: each result is a
// 0-element prims.full (an allocation), not an ATen call.
// CHECK-LABEL: func.func @empty_results
// CHECK-NEXT: %[[M:.*]] = prims.full {shape = [0 : i64, 3 : i64, 6 : i64], fill_value = 0.000000e+00 : f64, dtype = f32
// CHECK-NEXT: prims.full {shape = [0 : i64, 3 : i64], fill_value = 0.000000e+00 : f64, dtype = f32
// CHECK-NEXT: %[[E:.*]] = prims.full {shape = [0 : i64, 3 : i64], fill_value = 0 : i64, dtype = i32
// CHECK-NEXT: func.return %[[M]], %[[E]]
func.func @empty_results(%x: tensor<0x3x3xf32>, %y: tensor<0x3xf32>) -> (tensor<0x3x6xf32>, tensor<0x3xi32>) {
  %p = torch.operator "aten.reflection_pad1d.default"(%x) {args = [#torch.sym<0>, [1 : i64, 2 : i64]], kwargs = {}} : (tensor<0x3x3xf32>) -> tensor<0x3x6xf32>
  %m, %e = torch.operator "aten.frexp.Tensor"(%y) {args = [#torch.sym<0>], kwargs = {}} : (tensor<0x3xf32>) -> (tensor<0x3xf32>, tensor<0x3xi32>)
  func.return %p, %e : tensor<0x3x6xf32>, tensor<0x3xi32>
}

// -----

// Symbolic sizes: the decomposition is traced once for every size of `s0` (fake tensors
// whose dim 0 is the symbol), so the prims ops keep `?` with the symbol, and a shape
// argument holds `?` (the dynamic-index value) where its result type has one.
// CHECK-LABEL: func.func @symbolic
// CHECK: prims.erf %{{.*}} : (tensor<?x32xf32, ["s0"]>) -> tensor<?x32xf32, ["s0"]>
// CHECK: prims.var %{{.*}} {dims = [1 : i64], correction = 0.000000e+00 : f64} : (tensor<?x32xf32, ["s0"]>) -> tensor<?xf32, ["s0"]>
// CHECK: prims.broadcast_in_dim %{{.*}} {shape = [-9223372036854775808 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<?xf32, ["s0"]>) -> tensor<?x1xf32, ["s0"]>
// CHECK-NOT: torch.
// CHECK-NOT: prims.extern
func.func @symbolic(%x: tensor<?x32xf32, ["s0"]>, %w: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<?x32xf32, ["s0"]> {
  %0 = torch.aten.gelu %x : (tensor<?x32xf32, ["s0"]>) -> tensor<?x32xf32, ["s0"]>
  %1, %2, %3 = torch.aten.native_layer_norm %0, %w, %b {normalized_shape = [32 : i64], eps = 1.000000e-05 : f64} : (tensor<?x32xf32, ["s0"]>, tensor<32xf32>, tensor<32xf32>) -> (tensor<?x32xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>, tensor<?x1xf32, ["s0"]>)
  func.return %1 : tensor<?x32xf32, ["s0"]>
}

// -----

// Sizes as operands: `%n` is the size argument `s0` (`stepwell.name`), and the sizes
// computed from it (`_operator.mul`, `_operator.sub`) are followed, so a view to a
// computed shape, an arange of a size and a slice with a computed end decompose once
// for every size: each prims argument holds `?` where its result type says the size.
// CHECK-LABEL: func.func @size_operands
// CHECK: prims.reshape %{{.*}} {shape = [-9223372036854775808 : i64]} : (tensor<?x32xf32, ["s0"]>) -> tensor<?xf32, ["32*s0"]>
// CHECK: prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64, {{.*}}} : () -> tensor<?xi64, ["s0"]>
// CHECK: prims.slice %{{.*}} {start_indices = [1 : i64, 0 : i64], limit_indices = [-9223372036854775808 : i64, 32 : i64], strides = [1 : i64, 1 : i64]} : (tensor<?x32xf32, ["s0"]>) -> tensor<?x32xf32, ["s0 - 2"]>
// CHECK-NOT: torch.aten
// CHECK-NOT: prims.extern "aten
func.func @size_operands(%n: i64 {stepwell.name = "s0"}, %x: tensor<?x32xf32, ["s0"]>) -> (tensor<?xf32, ["32*s0"]>, tensor<?xi64, ["s0"]>, tensor<?x32xf32, ["s0 - 2"]>) {
  %m = torch.operator "_operator.mul"(%n) {args = [#torch.sym<0>, 32 : i64]} : (i64) -> i64
  %0 = torch.aten.view %x sym(%m) {size = [#torch.sym<0>]} : (tensor<?x32xf32, ["s0"]>, i64) -> tensor<?xf32, ["32*s0"]>
  %1 = torch.aten.arange sym(%n) {end = #torch.sym<0>, device = "cpu", pin_memory = false} : (i64) -> tensor<?xi64, ["s0"]>
  %e = torch.operator "_operator.sub"(%n) {args = [#torch.sym<0>, 1 : i64]} : (i64) -> i64
  %2 = torch.aten.slice.Tensor %x sym(%e) {dim = 0 : i64, start = 1 : i64, end = #torch.sym<0>, step = 1 : i64} : (tensor<?x32xf32, ["s0"]>, i64) -> tensor<?x32xf32, ["s0 - 2"]>
  func.return %0, %1, %2 : tensor<?xf32, ["32*s0"]>, tensor<?xi64, ["s0"]>, tensor<?x32xf32, ["s0 - 2"]>
}

// -----

// A slice of a 64-row buffer to a symbolic length `s0` clamps its end to 64: for every
// size that is a decision on `s0`, so it stays whole, unless the function says (as
// Dynamo's guards do, `stepwell.size_ranges`) that `s0` is at most 64.
// CHECK-LABEL: func.func @bounded_slice
// CHECK: prims.slice %{{.*}} {start_indices = [0 : i64, 0 : i64], limit_indices = [1 : i64, -9223372036854775808 : i64], strides = [1 : i64, 1 : i64]} : (tensor<1x64xi64>) -> tensor<1x?xi64, ["s0"]>
// CHECK-LABEL: func.func @unbounded_slice
// CHECK: prims.extern "aten.slice.Tensor"
func.func @bounded_slice(%n: i64 {stepwell.name = "s0"}, %buf: tensor<1x64xi64>) -> tensor<1x?xi64, ["s0"]> attributes {stepwell.size_ranges = {s0 = [2 : i64, 64 : i64]}} {
  %0 = torch.aten.slice.Tensor %buf sym(%n) {dim = 1 : i64, start = 0 : i64, end = #torch.sym<0>, step = 1 : i64} : (tensor<1x64xi64>, i64) -> tensor<1x?xi64, ["s0"]>
  func.return %0 : tensor<1x?xi64, ["s0"]>
}
func.func @unbounded_slice(%n: i64 {stepwell.name = "s0"}, %buf: tensor<1x64xi64>) -> tensor<1x?xi64, ["s0"]> {
  %0 = torch.aten.slice.Tensor %buf sym(%n) {dim = 1 : i64, start = 0 : i64, end = #torch.sym<0>, step = 1 : i64} : (tensor<1x64xi64>, i64) -> tensor<1x?xi64, ["s0"]>
  func.return %0 : tensor<1x?xi64, ["s0"]>
}

// -----

// A slice whose start is a size (`x[s0 // 2:]`; `table[-s0:]` of a 64-row table; a
// start a backward graph receives as an argument named by the size it holds) has no
// `prims.slice` (its starts are static): it is a gather at offsets computed from the
// start, `prims.take`, for every size. `s0 >= s0 // 2`, which the trace asks, holds for
// every size once the division is bounded by `s0/2 - 1/2` and `s0/2`.
// CHECK-LABEL: func.func @slice_from_a_size
// CHECK: prims.take %x
// CHECK: prims.take %table
// CHECK: prims.take %x
// CHECK-NOT: prims.extern "aten
func.func @slice_from_a_size(%n: i64 {stepwell.name = "s0"}, %x: tensor<?x32xf32, ["s0"]>, %table: tensor<64x4xf32>, %half: i64 {stepwell.name = "(s0//2)", stepwell.kind = "symint"}) -> (tensor<?x32xf32, ["s0 - (s0//2)"]>, tensor<?x4xf32, ["s0"]>, tensor<?x32xf32, ["s0 - (s0//2)"]>) attributes {stepwell.size_ranges = {s0 = [2 : i64, 64 : i64]}} {
  %h = torch.operator "_operator.floordiv"(%n) {args = [#torch.sym<0>, 2 : i64]} : (i64) -> i64
  %0 = torch.aten.slice.Tensor %x sym(%h) {dim = 0 : i64, start = #torch.sym<0>, step = 1 : i64} : (tensor<?x32xf32, ["s0"]>, i64) -> tensor<?x32xf32, ["s0 - (s0//2)"]>
  %m = torch.operator "_operator.neg"(%n) {args = [#torch.sym<0>]} : (i64) -> i64
  %1 = torch.aten.slice.Tensor %table sym(%m) {dim = 0 : i64, start = #torch.sym<0>, step = 1 : i64} : (tensor<64x4xf32>, i64) -> tensor<?x4xf32, ["s0"]>
  %2 = torch.aten.slice.Tensor %x sym(%half) {dim = 0 : i64, start = #torch.sym<0>, step = 1 : i64} : (tensor<?x32xf32, ["s0"]>, i64) -> tensor<?x32xf32, ["s0 - (s0//2)"]>
  func.return %0, %1, %2 : tensor<?x32xf32, ["s0 - (s0//2)"]>, tensor<?x4xf32, ["s0"]>, tensor<?x32xf32, ["s0 - (s0//2)"]>
}

// -----

// A slice whose size may be 0 (`s0 - 2`, s0 >= 2): PyTorch's decompositions ask
// `guard_or_false(size > 0)` there (softmax pads an empty dim with -inf; stride orders
// compare `s1*Max(1, s0 - 2)` with `s1`), and either answer is correct, so the trace
// takes the default one for every size: softmax, cumsum and a cat decompose once.
// CHECK-LABEL: func.func @maybe_empty_slice
// CHECK-NOT: "aten.{{_softmax|cumsum|cat}}
// CHECK: prims.exp
// CHECK-NOT: "aten.{{_softmax|cumsum|cat}}
// CHECK: prims.take %x
// CHECK-NOT: "aten.{{_softmax|cumsum|cat}}
// CHECK: func.return
func.func @maybe_empty_slice(%x: tensor<?x?xf32, ["s0", "s1"]>) -> (tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["2*s0 - 2", "s1"]>) {
  %0 = torch.aten.slice.Tensor %x {start = 2 : i64, end = 9223372036854775807 : i64} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0 - 2", "s1"]>
  %1 = torch.aten.softmax.int %0 {dim = 0 : i64} : (tensor<?x?xf32, ["s0 - 2", "s1"]>) -> tensor<?x?xf32, ["s0 - 2", "s1"]>
  %2 = torch.aten.cumsum %0 {dim = 0 : i64} : (tensor<?x?xf32, ["s0 - 2", "s1"]>) -> tensor<?x?xf32, ["s0 - 2", "s1"]>
  %3 = torch.aten.cat [%0, %x] : (tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["2*s0 - 2", "s1"]>
  func.return %1, %2, %3 : tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["s0 - 2", "s1"]>, tensor<?x?xf32, ["2*s0 - 2", "s1"]>
}

// -----

// A slice of a cat's dim `2*s0` to its end asks `2*s0 < 9223372036854775807`, which
// the range of s0 (up to an int64's largest value) does not prove; every dim of a
// tensor is below it, so the slice decomposes once for every size.
// CHECK-LABEL: func.func @slice_to_the_end_of_a_cat
// CHECK-NOT: "aten.slice
// CHECK: prims.slice %{{.*}} -> tensor<?x3xf32, ["2*s0 - 3"]>
// CHECK-NOT: "aten.slice
// CHECK: func.return
func.func @slice_to_the_end_of_a_cat(%x: tensor<?x3xf32, ["s0"]>) -> tensor<?x3xf32, ["2*s0 - 3"]> {
  %0 = torch.aten.cat [%x, %x] : (tensor<?x3xf32, ["s0"]>, tensor<?x3xf32, ["s0"]>) -> tensor<?x3xf32, ["2*s0"]>
  %1 = torch.aten.slice.Tensor %0 {start = 3 : i64, end = 9223372036854775807 : i64} : (tensor<?x3xf32, ["2*s0"]>) -> tensor<?x3xf32, ["2*s0 - 3"]>
  func.return %1 : tensor<?x3xf32, ["2*s0 - 3"]>
}

// -----

// A slice of step 2 of a symbolic dim: `prims.slice` says a symbolic limit only for a
// step of 1 (`start + size`), so it is a gather of its source at `start + 2k`.
// CHECK-LABEL: func.func @stepped_symbolic_slice
// CHECK-NOT: "aten.slice
// CHECK: prims.take %x, %{{.*}} -> tensor<?x3xf32, ["((s0 + 1)//2)"]>
func.func @stepped_symbolic_slice(%x: tensor<?x3xf32, ["s0"]>) -> tensor<?x3xf32, ["((s0 + 1)//2)"]> {
  %0 = torch.aten.slice.Tensor %x {start = 0 : i64, end = 9223372036854775807 : i64, step = 2 : i64} : (tensor<?x3xf32, ["s0"]>) -> tensor<?x3xf32, ["((s0 + 1)//2)"]>
  func.return %0 : tensor<?x3xf32, ["((s0 + 1)//2)"]>
}

// -----

// A constant pad of one symbolic dim of two: each padded size is checked on its own
// (`min` of the sizes compared `s0` with `s1 + 2`, a guard), so it is one gather.
// CHECK-LABEL: func.func @pad_of_a_symbolic_dim
// CHECK-NOT: "aten.constant_pad_nd
// CHECK: prims.take %x, %{{.*}} -> tensor<?x?xf32, ["s0", "s1 + 2"]>
func.func @pad_of_a_symbolic_dim(%x: tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0", "s1 + 2"]> {
  %0 = torch.aten.constant_pad_nd %x {pad = [2 : i64, 0 : i64]} : (tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?x?xf32, ["s0", "s1 + 2"]>
  func.return %0 : tensor<?x?xf32, ["s0", "s1 + 2"]>
}

// -----

// `chunk(2)` of a symbolic dim: a split into pieces of `(s0 + 1)//2`. Each piece is
// found by comparing its start and end with `s0`, decisions that hold for every size
// (where `range(0, s0, size)` needs `s0` itself): a slice from 0, then a gather from
// `(s0 + 1)//2` (a start `prims.slice` cannot hold).
// CHECK-LABEL: func.func @chunk_of_a_symbolic_dim
// CHECK-NOT: "aten.split
// CHECK: prims.slice %x {{.*}}-> tensor<3x?xf32, ["((s0 + 1)//2)"]>
// CHECK: prims.take %x, %{{.*}} -> tensor<3x?xf32, ["s0 - ((s0 + 1)//2)"]>
func.func @chunk_of_a_symbolic_dim(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %x: tensor<3x?xf32, ["s0"]>) -> (tensor<3x?xf32, ["((s0 + 1)//2)"]>, tensor<3x?xf32, ["s0 - ((s0 + 1)//2)"]>) {
  %a = torch.operator "_operator.add"(%n) {args = [#torch.sym<0>, 1 : i64]} : (i64) -> i64
  %h = torch.operator "_operator.floordiv"(%a) {args = [#torch.sym<0>, 2 : i64]} : (i64) -> i64
  %0, %1 = torch.aten.split.Tensor %x sym(%h) {split_size = #torch.sym<0>, dim = 1 : i64} : (tensor<3x?xf32, ["s0"]>, i64) -> (tensor<3x?xf32, ["((s0 + 1)//2)"]>, tensor<3x?xf32, ["s0 - ((s0 + 1)//2)"]>)
  func.return %0, %1 : tensor<3x?xf32, ["((s0 + 1)//2)"]>, tensor<3x?xf32, ["s0 - ((s0 + 1)//2)"]>
}

// -----

// `arange(s0, s0 + s1)` (position ids after a cache of s0 entries): `prims.iota`'s start
// is static, so it is the iota from 0 plus a fill of s0.
// CHECK-LABEL: func.func @arange_from_a_size
// CHECK-NOT: "aten.arange
// CHECK: %[[IOTA:.*]] = prims.iota {length = -9223372036854775808 : i64, start = 0 : i64, step = 1 : i64
// CHECK-NEXT: %[[PAST:.*]] = prims.full sym(%n) {{.*}}fill_value = #torch.sym<0>
// CHECK-NEXT: prims.add %[[IOTA]], %[[PAST]] : {{.*}} -> tensor<?xi64, ["s1"]>
func.func @arange_from_a_size(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %m: i64 {stepwell.name = "s1", stepwell.kind = "symint"}) -> tensor<?xi64, ["s1"]> {
  %0 = torch.operator "_operator.add"(%n, %m) {args = [#torch.sym<0>, #torch.sym<1>]} : (i64, i64) -> i64
  %1 = torch.aten.arange.start sym(%n, %0) {start = #torch.sym<0>, end = #torch.sym<1>} : (i64, i64) -> tensor<?xi64, ["s1"]>
  func.return %1 : tensor<?xi64, ["s1"]>
}

// -----

// Average pooling over two symbolic dims: each output size is checked on its own (no
// comparison of the two), and with no ceil mode and the padding counted every window
// divides by the kernel's 9 elements, decided without walking the windows in Python.
// CHECK-LABEL: func.func @pool_of_symbolic_sizes
// CHECK-NOT: "aten.avg_pool2d
// CHECK: %[[NINE:.*]] = prims.full {{.*}}fill_value = 9.000000e+00 : f64
// CHECK-NEXT: prims.div %{{.*}}, %[[NINE]]
func.func @pool_of_symbolic_sizes(%x: tensor<2x3x?x?xf32, ["s0", "s1"]>) -> tensor<2x3x?x?xf32, ["((s0 - 1)//2) + 1", "((s1 - 1)//2) + 1"]> {
  %0 = torch.aten.avg_pool2d %x {kernel_size = [3 : i64, 3 : i64], stride = [2 : i64, 2 : i64], padding = [1 : i64, 1 : i64]} : (tensor<2x3x?x?xf32, ["s0", "s1"]>) -> tensor<2x3x?x?xf32, ["((s0 - 1)//2) + 1", "((s1 - 1)//2) + 1"]>
  func.return %0 : tensor<2x3x?x?xf32, ["((s0 - 1)//2) + 1", "((s1 - 1)//2) + 1"]>
}

// -----

// var_mean's mean of a row holding an infinity is NaN: eager's one Welford pass meets
// inf - inf there, where a plain mean is that infinity.
// CHECK-LABEL: func.func @var_mean_is_welford_s
// CHECK: %[[VAR:.*]] = prims.var %x
// CHECK: %[[MEAN:.*]] = prims.div
// CHECK: %[[INF:.*]] = prims.full {{.*}}fill_value = 0x7ff0000000000000 : f64
// CHECK-NEXT: prims.eq %{{.*}}, %[[INF]]
// CHECK: %[[HOLDS:.*]] = prims.ne
// CHECK: %[[NAN:.*]] = prims.broadcast_in_dim
// CHECK-NEXT: %[[WELFORD:.*]] = prims.where %[[HOLDS]], %[[NAN]], %[[MEAN]]
// CHECK-NEXT: func.return %[[VAR]], %[[WELFORD]]
func.func @var_mean_is_welford_s(%x: tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0, %1 = torch.operator "aten.var_mean.correction"(%x) {args = [#torch.sym<0>, [1 : i64]]} : (tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// MPT's ALiBi slice `bias[..., max(0, 64 - L):]` has the size `64 - Max(0, 64 - L)`,
// which Dynamo's guard makes L (`stepwell.size_equalities`): the slice's decomposition,
// traced at the graph's symbols, makes that expression, and its result is spelled `s0`
// as the graph's types say, so the add with an (L, L) tensor decomposes too.
// CHECK-LABEL: func.func @guarded_equal_slice
// CHECK: prims.take %bias, {{.*}} -> tensor<4x1x?xf32, ["s0"]>
// CHECK-NOT: prims.extern "aten.add
// CHECK: prims.add
// CHECK-NOT: prims.extern "aten.add
// CHECK: func.return
func.func @guarded_equal_slice(%bias: tensor<4x1x64xf32>, %n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %x: tensor<?x4x?x?xf32, ["s1", "s0", "s0"]>) -> tensor<?x4x?x?xf32, ["s1", "s0", "s0"]> attributes {stepwell.size_equalities = {"64 - Max(0, (64 - s0))" = "s0"}} {
  %0 = torch.operator "_operator.sub"(%n) {args = [64 : i64, #torch.sym<0>]} : (i64) -> i64
  %1 = torch.operator "torch.sym_max"(%0) {args = [#torch.sym<0>, 0 : i64]} : (i64) -> i64
  %2 = torch.aten.slice.Tensor %bias sym(%1) {dim = 2 : i64, start = #torch.sym<0>, end = 9223372036854775807 : i64} : (tensor<4x1x64xf32>, i64) -> tensor<4x1x?xf32, ["s0"]>
  %3 = torch.aten.add.Tensor %x, %2 : (tensor<?x4x?x?xf32, ["s1", "s0", "s0"]>, tensor<4x1x?xf32, ["s0"]>) -> tensor<?x4x?x?xf32, ["s1", "s0", "s0"]>
  func.return %3 : tensor<?x4x?x?xf32, ["s1", "s0", "s0"]>
}

// -----

// Dynamo's sum of a list of sizes (`torch.sym_sum`) is size arithmetic like
// `_operator.add`: a fill of that length decomposes (the op was rejected as no
// operator overload).
// CHECK-LABEL: func.func @sum_of_sizes
// CHECK: prims.full {{.*}} -> tensor<?xf32, ["s0 + s1"]>
// CHECK-NOT: prims.extern "aten
func.func @sum_of_sizes(%n: i64 {stepwell.name = "s0"}, %m: i64 {stepwell.name = "s1"}, %x: tensor<?x?xf32, ["s0", "s1"]>) -> tensor<?xf32, ["s0 + s1"]> {
  %0 = torch.operator "torch.sym_sum"(%n, %m) {args = [[#torch.sym<0>, #torch.sym<1>]]} : (i64, i64) -> i64
  %1 = torch.aten.new_zeros %x sym(%0) {size = [#torch.sym<0>]} : (tensor<?x?xf32, ["s0", "s1"]>, i64) -> tensor<?xf32, ["s0 + s1"]>
  func.return %1 : tensor<?xf32, ["s0 + s1"]>
}

// -----

// The gradient of such a slice (`slice_backward`, which PyTorch writes as a
// `slice_scatter` asking whether the start is 0) gathers the slice's gradient at each
// position's offset into it, masked outside: `prims.take`, then `prims.where`.
// CHECK-LABEL: func.func @slice_backward_from_a_size
// CHECK: prims.take %g
// CHECK: prims.where
// CHECK-NOT: prims.extern "aten
func.func @slice_backward_from_a_size(%n: i64 {stepwell.name = "s0"}, %g: tensor<4x?xf32, ["s0"]>) -> tensor<4x64xf32> attributes {stepwell.size_ranges = {s0 = [2 : i64, 64 : i64]}} {
  %m = torch.operator "_operator.neg"(%n) {args = [#torch.sym<0>]} : (i64) -> i64
  %0 = torch.aten.slice_backward %g sym(%m) {input_sizes = [4 : i64, 64 : i64], dim = 1 : i64, start = #torch.sym<0>, end = 9223372036854775807 : i64, step = 1 : i64} : (tensor<4x?xf32, ["s0"]>, i64) -> tensor<4x64xf32>
  func.return %0 : tensor<4x64xf32>
}

// -----

// A decomposition that would use a size it cannot follow (`%n` is no size argument)
// as a slice bound has no prims form for every size: the op stays whole.
// CHECK-LABEL: func.func @symbolic_slice
// CHECK: prims.extern "aten.slice.Tensor"
func.func @symbolic_slice(%x: tensor<?x32xf32, ["s0"]>, %n: i64) -> tensor<?x32xf32, ["s1"]> {
  %0 = torch.aten.slice.Tensor %x sym(%n) {dim = 0 : i64, start = 1 : i64, end = #torch.sym<0>, step = 1 : i64} : (tensor<?x32xf32, ["s0"]>, i64) -> tensor<?x32xf32, ["s1"]>
  func.return %0 : tensor<?x32xf32, ["s1"]>
}

// -----

// An integer operand of a float16 op is converted to float16 first, as eager converts
// it (70000 is inf there), not widened straight to float32 with the half one.
// CHECK-LABEL: func.func @int_times_half
// CHECK:       %[[L:.*]] = prims.convert_element_type %l {dtype = f16} : (tensor<5xi64>) -> tensor<5xf16>
// CHECK:       prims.convert_element_type %[[L]] {dtype = f32}
// CHECK-NOT:   prims.convert_element_type %l
func.func @int_times_half(%l: tensor<5xi64>, %h: tensor<5xf16>) -> tensor<5xf16> {
  %0 = torch.aten.mul.Tensor %l, %h : (tensor<5xi64>, tensor<5xf16>) -> tensor<5xf16>
  func.return %0 : tensor<5xf16>
}

// -----

// A number compared with (or added to) a float16 tensor is converted to float16 first,
// as eager's kernels convert it: 0.1 is 0.0999755859375 there. A multiply keeps it.
// CHECK-LABEL: func.func @number_meets_half
// CHECK:       prims.full {{.*}}fill_value = 0.0999755859375 : f64
// CHECK:       prims.eq
// CHECK:       prims.full {{.*}}fill_value = 2.048000e+03 : f64
// CHECK:       prims.add
// CHECK:       prims.full {{.*}}fill_value = 1.000000e-01 : f64
// CHECK:       prims.mul
func.func @number_meets_half(%h: tensor<5xf16>) -> (tensor<5xi1>, tensor<5xf16>, tensor<5xf16>) {
  %0 = torch.aten.eq.Scalar %h {other = 1.000000e-01 : f64} : (tensor<5xf16>) -> tensor<5xi1>
  %1 = torch.aten.add.Scalar %h {other = 2049 : i64} : (tensor<5xf16>) -> tensor<5xf16>
  %2 = torch.aten.mul.Scalar %h {other = 1.000000e-01 : f64} : (tensor<5xf16>) -> tensor<5xf16>
  func.return %0, %1, %2 : tensor<5xi1>, tensor<5xf16>, tensor<5xf16>
}

// -----

// A mean over a symbolic row divides by the row's length, which the decomposition reads
// with `aten.sym_size` and `sym_float`: size arithmetic, computed from the size
// arguments, not an ATen call, so no remark says it stays one (and a float16 power by a
// constant is a kernel op, not an extern: its exponent is rounded outside the trace).
// CHECK-LABEL: func.func @mean_of_a_symbolic_row
// CHECK:       prims.sum
// CHECK:       prims.extern "aten.sym_size.int"
// CHECK:       prims.div
// CHECK-NOT:   prims.extern "aten.pow
// CHECK:       prims.pow
// REPORT-NOT:  sym_size
// REPORT-NOT:  sym_float
// REPORT-NOT:  aten.pow
func.func @mean_of_a_symbolic_row(%s0: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %x: tensor<4x?xf32, ["s0"]>, %h: tensor<4xf16>) -> (tensor<4x1xf32>, tensor<4xf16>) {
  %0 = torch.aten.mean.dim %x {dim = [-1 : i64], keepdim = true} : (tensor<4x?xf32, ["s0"]>) -> tensor<4x1xf32>
  %1 = torch.aten.pow.Tensor_Scalar %h {exponent = 3.000000e+00 : f64} : (tensor<4xf16>) -> tensor<4xf16>
  func.return %0, %1 : tensor<4x1xf32>, tensor<4xf16>
}

// -----

// max.dim of bools (which eager takes, where argmax refuses them): the row's amax, and
// the arg-reduction of its 0/1 values as int32 (True the larger, the first on ties).
// CHECK-LABEL: func.func @max_dim_of_bools
// CHECK:       prims.convert_element_type %b {dtype = i32}
// CHECK:       prims.arg_reduce
// CHECK-NOT:   prims.extern
func.func @max_dim_of_bools(%b: tensor<3x4xi1>) -> (tensor<3xi1>, tensor<3xi64>) {
  %v, %i = torch.operator "aten.max.dim"(%b) {args = [#torch.sym<0>, 1 : i64], kwargs = {}} : (tensor<3x4xi1>) -> (tensor<3xi1>, tensor<3xi64>)
  func.return %v, %i : tensor<3xi1>, tensor<3xi64>
}

// -----

// A fill with a number its dtype cannot hold (300 as an int8) stays an ATen call, which
// raises eager's "value cannot be converted to type int8_t without overflow" when it
// runs; a kernel would store it wrapped (44). A number in range decomposes.
// CHECK-LABEL: func.func @fill_out_of_range
// CHECK:       prims.extern "aten.full.default"
// CHECK:       prims.fill %{{.*}} {value = 100 : i64}
// REPORT:      aten.full.default stays an ATen call
func.func @fill_out_of_range() -> (tensor<4xi8>, tensor<4xi8>) {
  %0 = torch.aten.full {size = [4 : i64], fill_value = 300 : i64, dtype = i8, device = "cpu", pin_memory = false} : () -> tensor<4xi8>
  %1 = torch.aten.full {size = [4 : i64], fill_value = 100 : i64, dtype = i8, device = "cpu", pin_memory = false} : () -> tensor<4xi8>
  func.return %0, %1 : tensor<4xi8>, tensor<4xi8>
}

// -----

// What eager's CPU kernels refuse stays an ATen call, which raises eager's error at run
// time (a kernel cannot): `bool - int8` (the op called once on one-element zeros of its
// operands' dtypes raises), and an integer division by a tensor, which may hold a zero.
// A float division by a tensor (inf, no error) is decomposed.
// CHECK-LABEL: func.func @eager_refuses
// CHECK: prims.extern "aten.sub.Tensor"
// CHECK: prims.extern "aten.floor_divide.default"
// CHECK-NOT: prims.extern
// CHECK: func.return
func.func @eager_refuses(%b: tensor<2xi1>, %i: tensor<2xi8>, %f: tensor<2xf32>) -> (tensor<2xi8>, tensor<2xi8>, tensor<2xf32>) {
  %0 = torch.aten.sub.Tensor %b, %i {alpha = 1 : i64} : (tensor<2xi1>, tensor<2xi8>) -> tensor<2xi8>
  %1 = torch.aten.floor_divide %i, %i : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %2 = torch.aten.floor_divide %f, %f : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %0, %1, %2 : tensor<2xi8>, tensor<2xi8>, tensor<2xf32>
}

// -----

// An integer remainder by a number that is a symbol (0 at some call) is decomposed after
// a host check of the number that raises eager's error; a check of a data-dependent
// number (`torch._check` of an `.item()`) stays, on the host, as an ATen call.
// CHECK-LABEL: func.func @host_checks
// CHECK: %[[NE:.*]] = prims.extern "_operator.ne"(%n) {args = [#torch.sym<0>, 0 : i64]} : (i64) -> i1
// CHECK-NEXT: prims.extern "aten._assert_scalar.default"(%[[NE]]) {args = [#torch.sym<0>, "ZeroDivisionError"]} : (i1) -> ()
// CHECK: prims.remainder
// CHECK: prims.extern "aten._assert_scalar.default"(%c) {args = [#torch.sym<0>, "Runtime assertion failed for expression u0 <= 3"]} : (i1) -> ()
// CHECK: func.return
func.func @host_checks(%x: tensor<?xi64, ["s0"]>, %n: i64 {stepwell.name = "s1", stepwell.kind = "symint"}, %c: i1) -> tensor<?xi64, ["s0"]> attributes {stepwell.size_hints = {s0 = 8 : i64, s1 = 3 : i64}} {
  %0 = torch.aten.remainder.Scalar %x sym(%n) {other = #torch.sym<0>} : (tensor<?xi64, ["s0"]>, i64) -> tensor<?xi64, ["s0"]>
  torch.operator "aten._assert_scalar.default"(%c) {args = [#torch.sym<0>, "Runtime assertion failed for expression u0 <= 3"]} : (i1) -> ()
  func.return %0 : tensor<?xi64, ["s0"]>
}

// -----

// An integer floor division by a number that is a symbol: its host check, then the
// number as a 0-d full of it (PyTorch's decomposition makes a `scalar_tensor` of it, a
// symbolic trace refused: the division compiled per value of the number).
// CHECK-LABEL: func.func @floor_divide_by_a_symbol
// CHECK: %[[NE:.*]] = prims.extern "_operator.ne"(%n)
// CHECK-NEXT: prims.extern "aten._assert_scalar.default"(%[[NE]]) {args = [#torch.sym<0>, "ZeroDivisionError"]}
// CHECK-NEXT: %[[N:.*]] = prims.full sym(%n) {shape = [], fill_value = #torch.sym<0>, dtype = i64
// CHECK: prims.fmod %x, %{{.*}}
// CHECK: prims.div %x, %{{.*}}
// CHECK-NOT: prims.extern
// CHECK: func.return
func.func @floor_divide_by_a_symbol(%x: tensor<?xi64, ["s0"]>, %n: i64 {stepwell.name = "s1", stepwell.kind = "symint"}) -> tensor<?xi64, ["s0"]> attributes {stepwell.size_hints = {s0 = 8 : i64, s1 = 3 : i64}} {
  %0 = torch.aten.floor_divide.Scalar %x sym(%n) {other = #torch.sym<0>} : (tensor<?xi64, ["s0"]>, i64) -> tensor<?xi64, ["s0"]>
  func.return %0 : tensor<?xi64, ["s0"]>
}

// -----

// A pad by an amount that is a size (to a multiple of 4): one gather of the input at
// symbolic positions, masked where the padding lies (the amount was made an int, a
// guard on the size, and the pad stayed an ATen call). The padded size is proved
// positive from the remainder's bounds.
// CHECK-LABEL: func.func @pad_to_a_multiple
// CHECK: prims.iota {length = -9223372036854775808 : i64{{.*}} -> tensor<?xi64, ["s0 + ((4 - (s0 % 4)) % 4)"]>
// CHECK: prims.take %x, %{{.*}} : (tensor<2x?xf32, ["s0"]>, tensor<2x?xi64, ["s0 + ((4 - (s0 % 4)) % 4)"]>)
// CHECK: prims.where
// CHECK-NOT: prims.extern "aten.constant_pad_nd
// CHECK: func.return
func.func @pad_to_a_multiple(%n: i64 {stepwell.name = "s0", stepwell.kind = "symint"}, %x: tensor<2x?xf32, ["s0"]>) -> tensor<2x?xf32, ["s0 + ((4 - (s0 % 4)) % 4)"]> {
  %0 = torch.operator "_operator.mod"(%n) {args = [#torch.sym<0>, 4 : i64]} : (i64) -> i64
  %1 = torch.operator "_operator.sub"(%0) {args = [4 : i64, #torch.sym<0>]} : (i64) -> i64
  %2 = torch.operator "_operator.mod"(%1) {args = [#torch.sym<0>, 4 : i64]} : (i64) -> i64
  %3 = torch.aten.constant_pad_nd %x sym(%2) {pad = [0 : i64, #torch.sym<0>], value = 0.000000e+00 : f64} : (tensor<2x?xf32, ["s0"]>, i64) -> tensor<2x?xf32, ["s0 + ((4 - (s0 % 4)) % 4)"]>
  func.return %3 : tensor<2x?xf32, ["s0 + ((4 - (s0 % 4)) % 4)"]>
}
