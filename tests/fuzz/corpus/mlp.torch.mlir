builtin.module {
  func.func @forward(%p_fc1_weight: tensor<64x32xf32> {stepwell.name = "fc1.weight", stepwell.kind = "parameter"}, %p_fc1_bias: tensor<64xf32> {stepwell.name = "fc1.bias", stepwell.kind = "parameter"}, %p_fc2_weight: tensor<64x64xf32> {stepwell.name = "fc2.weight", stepwell.kind = "parameter"}, %p_fc2_bias: tensor<64xf32> {stepwell.name = "fc2.bias", stepwell.kind = "parameter"}, %p_fc3_weight: tensor<10x64xf32> {stepwell.name = "fc3.weight", stepwell.kind = "parameter"}, %p_fc3_bias: tensor<10xf32> {stepwell.name = "fc3.bias", stepwell.kind = "parameter"}, %x: tensor<4x32xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<4x10xf32> {
    %0 = torch.aten.linear %x, %p_fc1_weight, %p_fc1_bias : (tensor<4x32xf32>, tensor<64x32xf32>, tensor<64xf32>) -> tensor<4x64xf32>
    %1 = torch.aten.relu %0 : (tensor<4x64xf32>) -> tensor<4x64xf32>
    %2 = torch.aten.linear %1, %p_fc2_weight, %p_fc2_bias : (tensor<4x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<4x64xf32>
    %3 = torch.aten.gelu %2 : (tensor<4x64xf32>) -> tensor<4x64xf32>
    %4 = torch.aten.linear %3, %p_fc3_weight, %p_fc3_bias : (tensor<4x64xf32>, tensor<10x64xf32>, tensor<10xf32>) -> tensor<4x10xf32>
    func.return %4 : tensor<4x10xf32>
  }
}
