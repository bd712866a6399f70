// RUN: stepwell-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Every operand is defined before its use, at every level (xDSL does not check this).

func.func @use_before_def(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.relu %1 : (tensor<4xf32>) -> tensor<4xf32>
  %1 = torch.aten.relu %a : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: dominance.mlir:[[# @LINE - 4]]:3: error: 'torch.aten.relu' op uses operand #0 before it is defined

// -----

func.func @prims_use_before_def(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = prims.add %a, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = prims.neg %a : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: dominance.mlir:[[# @LINE - 4]]:3: error: 'prims.add' op uses operand #1 before it is defined

// -----

func.func @return_before_def(%a: tensor<4xf32>) -> tensor<4xf32> {
  func.return %0 : tensor<4xf32>
  %0 = prims.neg %a : (tensor<4xf32>) -> tensor<4xf32>
}
// CHECK: dominance.mlir:[[# @LINE - 3]]:3: error: 'func.return' op uses operand #0 before it is defined

// -----

func.func @in_order(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = prims.neg %a : (tensor<4xf32>) -> tensor<4xf32>
  %1 = prims.add %a, %0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
// CHECK-LABEL: func.func @in_order
