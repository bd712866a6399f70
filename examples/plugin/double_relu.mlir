func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  %1 = torch.aten.relu %0 : (tensor<4xf32>) -> tensor<4xf32>
  %2 = torch.aten.neg %1 : (tensor<4xf32>) -> tensor<4xf32>
  func.return %2 : tensor<4xf32>
}
