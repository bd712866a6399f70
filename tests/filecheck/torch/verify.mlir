// RUN: stepwell-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not stepwell-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=FIRST

// Every verifier error of the torch dialect, one case per error, each reported at the line
// and column of the op that fails. Without --verify-diagnostics the first one ends the run.

// FIRST-NOT: Traceback
// FIRST: verify.mlir:[[# @LINE + 5]]:3: error: 'torch.aten.relu' op Expected 1 operand, but got 2
// FIRST-NOT: error:
// FIRST-NOT: Traceback

func.func @too_many_operands(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "torch.aten.relu"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.relu' op Expected 1 operand, but got 2

// -----

func.func @too_few_operands(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "torch.aten.add.Tensor"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.add.Tensor' op Expected at least 2 operands, but got 1

// -----

func.func @segment_sizes_do_not_add_up(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0, %1, %2 = "torch.aten.native_layer_norm"(%a) <{normalized_shape = [4 : i64], eps = 1.0e-05 : f64, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.native_layer_norm' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'

// -----

func.func @non_tensor_operand(%a: tensor<4xf32>, %s: i64) -> tensor<4xf32> {
  %0 = torch.aten.add.Tensor %a, %s : (tensor<4xf32>, i64) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.add.Tensor' op operand 'other' at position 1 does not verify: i64 should be of base attribute tensor

// -----

func.func @non_tensor_optional_operand(%a: tensor<4xf32>, %s: i64) -> tensor<4xf32> {
  %0, %1, %2 = torch.aten.native_layer_norm %a, %s, none {normalized_shape = [4 : i64], eps = 1.0e-05 : f64} : (tensor<4xf32>, i64) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.native_layer_norm' op operand 'weight' at position 1 does not verify: i64 should be of base attribute tensor

// -----

func.func @non_tensor_in_tensor_list(%a: tensor<4xf32>, %s: i64) -> tensor<8xf32> {
  %0 = torch.aten.cat [%a, %s] : (tensor<4xf32>, i64) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.cat' op operand 'tensors' at positions 0 to 1 does not verify: i64 should be of base attribute tensor

// -----

func.func @non_tensor_result(%a: tensor<4xf32>) -> i64 {
  %0 = torch.aten.relu %a : (tensor<4xf32>) -> i64
  func.return %0 : i64
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.relu' op result 'result' at position 0 does not verify: i64 should be of base attribute tensor

// -----

func.func @tensor_where_a_scalar_belongs(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.sym_size.int %a {dim = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.sym_size.int' op result 'result' at position 0 does not verify: Unexpected attribute tensor<4xf32>

// -----

func.func @wrong_result_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0, %1 = "torch.aten.relu"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.relu' op Expected 1 result, but got 2

// -----

func.func @tensor_as_sym_operand(%a: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.view %a sym(%t) {size = [#torch.sym<0>]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.view' op operand 'sym_args' at position 1 does not verify: Unexpected attribute tensor<4xf32>

// -----

func.func @sym_reference_without_operand(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.view %a {size = [#torch.sym<0>]} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.view' op property 'size' refers to #torch.sym<0> but the op has 0 sym operand(s)

// -----

func.func @sym_reference_out_of_range(%a: tensor<4xf32>, %n: i64) -> tensor<4xf32> {
  %0 = torch.aten.view %a sym(%n) {size = [#torch.sym<1>]} : (tensor<4xf32>, i64) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.view' op property 'size' refers to #torch.sym<1> but the op has 1 sym operand(s)

// -----

func.func @missing_property(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.view %a : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.view' op property 'size' expected in operation 'torch.aten.view'

// -----

func.func @list_property_not_a_list(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.view %a {size = "4"} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.view' op expected ArrayAttr attribute, but got '<class 'xdsl.dialects.builtin.StringAttr'>'

// -----

func.func @bool_property_not_a_bool(%a: tensor<4xf32>) -> tensor<1xf32> {
  %0 = torch.aten.sum.dim_IntList %a {dim = [0 : i64], keepdim = 1.0 : f64} : (tensor<4xf32>) -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.aten.sum.dim_IntList' op Unexpected attribute 1.000000e+00 : f64

// -----

func.func @operator_without_name(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "torch.operator"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.operator' op property 'name' expected in operation 'torch.operator'

// -----

func.func @operator_args_not_a_list(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.operator "aten.foo.default"(%a) {args = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: verify.mlir:[[# @LINE - 3]]:3: error: 'torch.operator' op 3 : i64 should be of base attribute array

// -----

func.func @operator_python_function(%a: tensor<4xf32>) {
  // CHECK: error: 'torch.operator' op callee 'os.system' is not an operator overload
  %0 = torch.operator "os.system"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
