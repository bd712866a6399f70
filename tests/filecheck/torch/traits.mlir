// RUN: stepwell-opt %s -p dce | filecheck %s --check-prefix=DCE
// RUN: stepwell-opt %s -p cse | filecheck %s --check-prefix=CSE

// Functional ATen overloads are Pure, so xDSL's own dce and cse work on the torch level;
// ops that draw random numbers (dropout) are not, and stay.

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %dead = torch.aten.neg %x : (tensor<4xf32>) -> tensor<4xf32>
  %a = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  %b = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  %r = torch.aten.dropout %x {p = 0.5 : f64, train = true} : (tensor<4xf32>) -> tensor<4xf32>
  %s = torch.aten.add.Tensor %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %s : tensor<4xf32>
}
// DCE-LABEL: func.func @f
// DCE-NOT:     torch.aten.neg
// DCE:         torch.aten.dropout
// DCE:         torch.aten.add.Tensor

// CSE-LABEL: func.func @f
// CSE:         %[[A:.*]] = torch.aten.relu %x
// CSE-NOT:     torch.aten.relu
// CSE:         torch.aten.add.Tensor %[[A]], %[[A]]
