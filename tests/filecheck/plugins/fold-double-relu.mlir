// RUN: stepwell-opt %s --load-plugin %S/../../../examples/plugin/stepwell_fold_relu.py -p fold-double-relu | filecheck %s

// The example plugin's pass, loaded from its file: relu(relu(x)) -> relu(x).

// CHECK-LABEL: func.func @chain
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: %[[R:.*]] = torch.aten.relu %x
  // CHECK-NEXT: func.return %[[R]]
  %0 = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  %1 = torch.aten.relu %0 : (tensor<4xf32>) -> tensor<4xf32>
  %2 = torch.aten.relu %1 : (tensor<4xf32>) -> tensor<4xf32>
  func.return %2 : tensor<4xf32>
}

// CHECK-LABEL: func.func @not_adjacent
func.func @not_adjacent(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: %[[A:.*]] = torch.aten.relu %x
  // CHECK-NEXT: %[[B:.*]] = torch.aten.neg %[[A]]
  // CHECK-NEXT: %[[C:.*]] = torch.aten.relu %[[B]]
  // CHECK-NEXT: func.return %[[C]]
  %0 = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  %1 = torch.aten.neg %0 : (tensor<4xf32>) -> tensor<4xf32>
  %2 = torch.aten.relu %1 : (tensor<4xf32>) -> tensor<4xf32>
  func.return %2 : tensor<4xf32>
}

// CHECK-LABEL: func.func @inner_has_other_uses
func.func @inner_has_other_uses(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %[[A:.*]] = torch.aten.relu %x
  // CHECK-NEXT: func.return %[[A]], %[[A]]
  %0 = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  %1 = torch.aten.relu %0 : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
