// RUN: stepwell-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Malformed IR text: each error names FILE:LINE:COL of the offending token, as in the
// input file (also after --split-input-file), and shows the line with a caret under it.

func.func @missing_result_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.relu %a : (tensor<4xf32>) ->
  func.return %0 : tensor<4xf32>
}
// CHECK:      parse-errors.mlir:[[# @LINE - 2]]:3: error: type expected
// CHECK-NEXT:   func.return %0 : tensor<4xf32>
// CHECK-NEXT:   ^^^^^^^^^^^

// -----

func.func @unknown_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.not_an_op %a : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:29: error: Operation torch.aten.not_an_op is not registered

// -----

func.func @unknown_dialect(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "foo.bar"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:17: error: Operation foo.bar is not registered

// -----

func.func @extra_operand(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.relu %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:26: error: Expected ':'

// -----

func.func @missing_operand(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.layer_norm %a, none {normalized_shape = [4 : i64]} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:39: error: Expected ',' before operand 'bias' of torch.aten.layer_norm

// -----

func.func @operand_type_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.add.Tensor %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:30: error: expected 1 operand types but had 2

// -----

func.func @operand_type_mismatch(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten._to_copy %a {dtype = f16} : (tensor<4xf32>) -> tensor<4xf16>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 2]]:15: error: operand is used with type tensor<4xf32>, but has been previously used or defined with type tensor<4xf16>

// -----

func.func @undefined_value(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.relu %b : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: values used but not defined: [%b]

// -----

func.func @unclosed_list(%a: tensor<4xf32>) -> tensor<8xf32> {
  %0 = torch.aten.cat [%a, %a {dim = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:31: error: ']' expected

// -----

func.func @negative_sym_index(%a: tensor<4xf32>, %n: i64) -> tensor<4xf32> {
  %0 = torch.aten.view %a sym(%n) {size = [#torch.sym<-1>]} : (tensor<4xf32>, i64) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:55: error: Expected integer literal

// -----

// A string literal that never closes made xDSL's lexer backtrack exponentially (a hang);
// it is found by a linear pre-scan and reported where it starts.
func.func @unclosed_string(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = prims.extern "aten.abs.default(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:21: error: string literal is not closed on its line or holds an invalid escape

// -----

func.func @invalid_escape(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = prims.extern "aten.abs\q.default.with.a.long.tail.that.would.backtrack.for.ever"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:21: error: string literal is not closed on its line or holds an invalid escape

// -----

// A quote inside a comment starts no string: "
func.func @quote_in_comment(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.relu %a : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK-NOT: error
// CHECK: func.func @quote_in_comment

// -----

// A dense literal is held element by element: a huge one is refused before it is built.
func.func @huge_dense() {
  %0 = arith.constant dense<1.0> : tensor<100000000000xf32>
  func.return
}
// CHECK: parse-errors.mlir:[[# @LINE - 3]]:23: error: a dense literal of 100000000000 elements is refused
