// RUN: stepwell-opt %s --split-input-file --verify-diagnostics | filecheck %s

// One case per prims verifier error: each names the op and the line it is on.

func.func @elementwise_shapes(%a: tensor<4x8xf32>, %b: tensor<8xf32>) {
  // CHECK: verify.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: 'prims.add' op elementwise operands and results must have one shape (broadcast explicitly with prims.broadcast_in_dim)
  %0 = prims.add %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @elementwise_types(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // CHECK: error: 'prims.mul' op elementwise operands must have one element type (promote explicitly with prims.convert_element_type), got f32, f16
  %0 = prims.mul %a, %b : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  func.return
}

// -----

func.func @broadcast_rank(%b: tensor<8xf32>) {
  // CHECK: error: 'prims.broadcast_in_dim' op broadcast_dimensions has 2 entries but the operand has rank 1
  %0 = prims.broadcast_in_dim %b {shape = [4 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8xf32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @broadcast_size(%b: tensor<3xf32>) {
  // CHECK: error: 'prims.broadcast_in_dim' op operand dim 0 of size 3 cannot broadcast to result dim 1 of size 8
  %0 = prims.broadcast_in_dim %b {shape = [4 : i64, 8 : i64], broadcast_dimensions = [1 : i64]} : (tensor<3xf32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @broadcast_order(%b: tensor<4x8xf32>) {
  // CHECK: error: 'prims.broadcast_in_dim' op broadcast_dimensions [1, 0] must be strictly increasing
  %0 = prims.broadcast_in_dim %b {shape = [8 : i64, 4 : i64], broadcast_dimensions = [1 : i64, 0 : i64]} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  func.return
}

// -----

func.func @reduction(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.sum' op reducing dims [1] of [4, 8] gives [4], not [8]
  %0 = prims.sum %a {dims = [1 : i64]} : (tensor<4x8xf32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @reduction_dim(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.amax' op reduction dim 2 is out of range for rank 2
  %0 = prims.amax %a {dims = [2 : i64]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @matmul_inner(%a: tensor<4x8xf32>, %b: tensor<6x8xf32>) {
  // CHECK: error: 'prims.matmul' op matmul inner sizes differ: 8 vs 6
  %0 = prims.matmul %a, %b : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @matmul_result(%a: tensor<4x8xf32>, %b: tensor<8x6xf32>) {
  // CHECK: error: 'prims.matmul' op matmul result shape should be [4, 6], got [4, 5]
  %0 = prims.matmul %a, %b : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x5xf32>
  func.return
}

// -----

func.func @matmul_batch(%a: tensor<2x4x8xf32>, %b: tensor<3x8x6xf32>) {
  // CHECK: error: 'prims.matmul' op matmul batch dims differ: [2] vs [3]
  %0 = prims.matmul %a, %b : (tensor<2x4x8xf32>, tensor<3x8x6xf32>) -> tensor<2x4x6xf32>
  func.return
}

// -----

func.func @matmul_types(%a: tensor<4x8xf32>, %b: tensor<8x6xf16>) {
  // CHECK: error: 'prims.matmul' op matmul operand element types differ: f32 vs f16
  %0 = prims.matmul %a, %b : (tensor<4x8xf32>, tensor<8x6xf16>) -> tensor<4x6xf32>
  func.return
}

// -----

func.func @attention_heads(%q: tensor<1x3x8x16xf32>, %k: tensor<1x2x8x16xf32>) {
  // CHECK: error: 'prims.attention' op 3 query heads are not a multiple of 2 kv heads
  %0 = prims.attention %q, %k, %k : (tensor<1x3x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x3x8x16xf32>
  func.return
}

// -----

func.func @attention_head_dim(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x8x8xf32>) {
  // CHECK: error: 'prims.attention' op query and key head dims differ: 16 vs 8
  %0 = prims.attention %q, %k, %k : (tensor<1x2x8x16xf32>, tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  func.return
}

// -----

func.func @attention_rank(%q: tensor<2x8x16xf32>) {
  // CHECK: error: 'prims.attention' op attention operands must be rank 4: [B, H, L, D]
  %0 = prims.attention %q, %q, %q : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  func.return
}

// -----

func.func @attention_kv(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x8x16xf32>, %v: tensor<1x2x4x16xf32>) {
  // CHECK: error: 'prims.attention' op key and value lengths differ: 8 vs 4
  %0 = prims.attention %q, %k, %v : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x4x16xf32>) -> tensor<1x2x8x16xf32>
  func.return
}

// -----

func.func @attention_lse(%q: tensor<1x2x8x16xf32>) {
  // CHECK: error: 'prims.attention' op attention lse should be [1, 2, 8], got [1, 2, 16]
  %0, %1 = prims.attention %q, %q, %q : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> (tensor<1x2x8x16xf32>, tensor<1x2x16xf32>)
  func.return
}

// -----

func.func @attention_backward_delta(%q: tensor<1x2x8x16xf32>, %r: tensor<1x2x8xf32>, %h: tensor<1x2x8xf16>) {
  // CHECK: error: 'prims.attention_backward' op attention delta is f32, not f16
  %0, %1, %2 = prims.attention_backward %q, %q, %q, %q, %r, %h : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf16>) -> (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>)
  func.return
}

// -----

func.func @attention_backward_grads(%q: tensor<1x2x8x16xf32>, %r: tensor<1x2x8xf32>) {
  // CHECK: error: 'prims.attention_backward' op attention_backward gradients have their operands' types: tensor<1x2x8x16xf16> vs tensor<1x2x8x16xf32>
  %0, %1, %2 = prims.attention_backward %q, %q, %q, %q, %r, %r : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> (tensor<1x2x8x16xf16>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>)
  func.return
}

// -----

func.func @reshape_to_scalar(%a: tensor<2xf32>) {
  // CHECK: error: 'prims.reshape' op a reshape to a 0-d tensor takes one element of its type, not tensor<2xf32>
  %0 = prims.reshape %a {shape = []} : (tensor<2xf32>) -> tensor<f32>
  func.return
}

// -----

func.func @slice_bounds(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.slice' op slice bounds 0:9:1 invalid for a dim of 8
  %0 = prims.slice %a {start_indices = [0 : i64, 0 : i64], limit_indices = [4 : i64, 9 : i64], strides = [1 : i64, 1 : i64]} : (tensor<4x8xf32>) -> tensor<4x9xf32>
  func.return
}

// -----

// A limit of `?` (a symbolic slice: the limit is where the result's size ends) only in a
// dim whose result size is `?`.
func.func @slice_dynamic_limit(%a: tensor<?x8xf32, ["s0"]>) {
  // CHECK: error: 'prims.slice' op a slice limit is `?` only in a dim of `?` size
  %0 = prims.slice %a {start_indices = [0 : i64, 0 : i64], limit_indices = [-9223372036854775808 : i64, -9223372036854775808 : i64], strides = [1 : i64, 1 : i64]} : (tensor<?x8xf32, ["s0"]>) -> tensor<?x8xf32, ["s0 - 1"]>
  func.return
}

// -----

func.func @slice_rank(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.slice' op slice needs one start/limit/stride per dim (2)
  %0 = prims.slice %a {start_indices = [0 : i64], limit_indices = [4 : i64], strides = [1 : i64]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @slice_result(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.slice' op slice result shape should be [4, 3], got [4, 2]
  %0 = prims.slice %a {start_indices = [0 : i64, 2 : i64], limit_indices = [4 : i64, 8 : i64], strides = [1 : i64, 2 : i64]} : (tensor<4x8xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

// IR text never names Python code to run: an extern calls an operator overload only.
func.func @extern_python_function(%a: tensor<4xf32>) {
  // CHECK: error: 'prims.extern' op callee 'builtins.print' is not an operator overload in torch.ops.{aten, prims, torch_nn, quantized_decomposed, quantized, _quantized, _c10d_functional, c10d_functional, _dtensor, torchvision, torchaudio} or one this process registered (NAMESPACE.OP.OVERLOAD), nor a symbolic-size function
  %0 = prims.extern "builtins.print"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @extern_dunder(%a: tensor<4xf32>) {
  // CHECK: error: 'prims.extern' op callee 'aten.__class__.__init__' is not an operator overload
  %0 = prims.extern "aten.__class__.__init__"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// Properties are checked against operand and result types by PyTorch's own meta functions.
func.func @full_negative_size() {
  // CHECK: error: 'prims.full' op PyTorch rejects these arguments
  %0 = prims.full {shape = [-1 : i64], fill_value = 1.0 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4xf32>
  func.return
}

// -----

func.func @reshape_disagrees(%a: tensor<4x6xf32>) {
  // CHECK: error: 'prims.reshape' op PyTorch rejects these arguments: Attempting to reshape a tensor with 24 elements to a shape with 25 elements!
  %0 = prims.reshape %a {shape = [5 : i64, 5 : i64]} : (tensor<4x6xf32>) -> tensor<5x5xf32>
  func.return
}

// -----

func.func @reshape_result_type(%a: tensor<4x6xf32>) {
  // CHECK: error: 'prims.reshape' op the result types disagree with the operands and properties, which give [24] torch.float32
  %0 = prims.reshape %a {shape = [24 : i64]} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  func.return
}

// -----

func.func @squeeze_out_of_range(%a: tensor<4x1xf32>) {
  // CHECK: error: 'prims.squeeze' op PyTorch rejects these arguments: idx 5 is out of bounds for rank 2
  %0 = prims.squeeze %a {dimensions = [5 : i64]} : (tensor<4x1xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @collapse_out_of_range(%a: tensor<4x1xf32>) {
  // CHECK: error: 'prims.collapse' op PyTorch rejects these arguments: idx 5 is out of bounds for rank 2
  %0 = prims.collapse %a {start = 0 : i64, end = 5 : i64} : (tensor<4x1xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @split_dim_remainder(%a: tensor<4x6xf32>) {
  // CHECK: error: 'prims.split_dim' op PyTorch rejects these arguments: Attempting to split dimension of length 6, but outer length of 4 divides it with a remainder!
  %0 = prims.split_dim %a {dim = 1 : i64, outer_length = 4 : i64} : (tensor<4x6xf32>) -> tensor<4x4x1xf32>
  func.return
}

// -----

func.func @transpose_not_a_permutation(%a: tensor<4x3xf32>) {
  // CHECK: error: 'prims.transpose' op PyTorch rejects these arguments: Received an invalid permutation, [0, 0]!
  %0 = prims.transpose %a {permutation = [0 : i64, 0 : i64]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  func.return
}

// -----

func.func @float_math_on_integers(%a: tensor<4xi32>) {
  // CHECK: error: 'prims.sin' op prims.sin is defined on floating-point tensors only
  %0 = prims.sin %a : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @special_function_result_type(%a: tensor<4xf32>) {
  // CHECK: error: 'prims.bessel_y0' op the result types disagree with the operands and properties, which give [4] torch.float32
  %0 = prims.bessel_y0 %a : (tensor<4xf32>) -> tensor<4xf16>
  func.return
}

// -----

func.func @huge_type(%a: tensor<4xf32>) {
  // CHECK: error: 'prims.broadcast_in_dim' op result type tensor<4x1099511627776x4xf32> has more than 1099511627776 elements
  %0 = prims.broadcast_in_dim %a {shape = [4 : i64, 1099511627776 : i64, 4 : i64], broadcast_dimensions = [0 : i64]} : (tensor<4xf32>) -> tensor<4x1099511627776x4xf32>
  func.return
}

// -----

func.func @fill_overflows_f32() {
  // CHECK: error: 'prims.full' op PyTorch rejects these arguments: value cannot be converted to type float without overflow
  %0 = prims.full {shape = [4 : i64], fill_value = 1.0e+300 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4xf32>
  func.return
}

// -----

// An integer-list property holds integers (or #torch.sym) only.
func.func @int_list_with_a_float(%b: tensor<8x1xf32>) {
  // CHECK: error: 'prims.broadcast_in_dim' op Unexpected attribute 1.000000e+00 : bf16
  %0 = prims.broadcast_in_dim %b {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : bf16]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
  func.return
}

// -----

func.func @arg_reduce_keeps_its_dim(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.arg_reduce' op prims.arg_reduce gives i64 indices of its operand's shape without dim
  %0 = prims.arg_reduce %a {dim = 1 : i64, kind = "argmax"} : (tensor<4x8xf32>) -> tensor<4x1xi64>
  func.return
}

// -----

func.func @arg_reduce_kind(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.arg_reduce' op prims.arg_reduce kind 'max' is not argmax or argmin
  %0 = prims.arg_reduce %a {dim = 1 : i64, kind = "max"} : (tensor<4x8xf32>) -> tensor<4xi64>
  func.return
}

// -----

func.func @sort_indices_are_i64(%a: tensor<4x8xf32>) {
  // CHECK: error: 'prims.sort' op prims.sort's indices are i64
  %0, %1 = prims.sort %a {dim = 1 : i64, descending = false} : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi32>)
  func.return
}

// -----

func.func @extern_names_a_missing_operand(%a: tensor<4xf32>) {
  // CHECK: error: 'prims.extern' op an argument refers to #torch.sym<7> but the call has 1 operand(s)
  %0 = prims.extern "aten.neg.default"(%a) {args = [#torch.sym<7>]} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
