builtin.module {
  func.func @forward(%p_conv1_weight: tensor<8x3x3x3xf32> {stepwell.name = "conv1.weight", stepwell.kind = "parameter"}, %p_conv1_bias: tensor<8xf32> {stepwell.name = "conv1.bias", stepwell.kind = "parameter"}, %p_bn1_weight: tensor<8xf32> {stepwell.name = "bn1.weight", stepwell.kind = "parameter"}, %p_bn1_bias: tensor<8xf32> {stepwell.name = "bn1.bias", stepwell.kind = "parameter"}, %p_conv2_weight: tensor<16x8x3x3xf32> {stepwell.name = "conv2.weight", stepwell.kind = "parameter"}, %p_conv2_bias: tensor<16xf32> {stepwell.name = "conv2.bias", stepwell.kind = "parameter"}, %p_fc_weight: tensor<10x16xf32> {stepwell.name = "fc.weight", stepwell.kind = "parameter"}, %p_fc_bias: tensor<10xf32> {stepwell.name = "fc.bias", stepwell.kind = "parameter"}, %b_bn1_running_mean: tensor<8xf32> {stepwell.name = "bn1.running_mean", stepwell.kind = "buffer"}, %b_bn1_running_var: tensor<8xf32> {stepwell.name = "bn1.running_var", stepwell.kind = "buffer"}, %b_bn1_num_batches_tracked: tensor<i64> {stepwell.name = "bn1.num_batches_tracked", stepwell.kind = "buffer"}, %x: tensor<2x3x16x16xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<2x10xf32> {
    %0 = torch.aten.conv2d %x, %p_conv1_weight, %p_conv1_bias {padding = [1 : i64, 1 : i64]} : (tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x16x16xf32>
    %1 = torch.aten.batch_norm %0, %p_bn1_weight, %p_bn1_bias, %b_bn1_running_mean, %b_bn1_running_var {training = false, momentum = 1.000000e-01 : f64, eps = 1.000000e-05 : f64, cudnn_enabled = false} : (tensor<2x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x16x16xf32>
    %2 = torch.aten.relu %1 : (tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %3 = torch.aten.max_pool2d %2 {kernel_size = [2 : i64, 2 : i64], stride = [2 : i64, 2 : i64]} : (tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32>
    %4 = torch.aten.conv2d %3, %p_conv2_weight, %p_conv2_bias {padding = [1 : i64, 1 : i64]} : (tensor<2x8x8x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x8x8xf32>
    %5 = torch.aten.relu %4 : (tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %6 = torch.aten.adaptive_avg_pool2d %5 {output_size = [1 : i64, 1 : i64]} : (tensor<2x16x8x8xf32>) -> tensor<2x16x1x1xf32>
    %7 = torch.aten.flatten.using_ints %6 {start_dim = 1 : i64} : (tensor<2x16x1x1xf32>) -> tensor<2x16xf32>
    %8 = torch.aten.linear %7, %p_fc_weight, %p_fc_bias : (tensor<2x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    func.return %8 : tensor<2x10xf32>
  }
}
