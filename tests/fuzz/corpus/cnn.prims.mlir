builtin.module {
  func.func @forward(%p_conv1_weight: tensor<8x3x3x3xf32> {stepwell.name = "conv1.weight", stepwell.kind = "parameter"}, %p_conv1_bias: tensor<8xf32> {stepwell.name = "conv1.bias", stepwell.kind = "parameter"}, %p_bn1_weight: tensor<8xf32> {stepwell.name = "bn1.weight", stepwell.kind = "parameter"}, %p_bn1_bias: tensor<8xf32> {stepwell.name = "bn1.bias", stepwell.kind = "parameter"}, %p_conv2_weight: tensor<16x8x3x3xf32> {stepwell.name = "conv2.weight", stepwell.kind = "parameter"}, %p_conv2_bias: tensor<16xf32> {stepwell.name = "conv2.bias", stepwell.kind = "parameter"}, %p_fc_weight: tensor<10x16xf32> {stepwell.name = "fc.weight", stepwell.kind = "parameter"}, %p_fc_bias: tensor<10xf32> {stepwell.name = "fc.bias", stepwell.kind = "parameter"}, %b_bn1_running_mean: tensor<8xf32> {stepwell.name = "bn1.running_mean", stepwell.kind = "buffer"}, %b_bn1_running_var: tensor<8xf32> {stepwell.name = "bn1.running_var", stepwell.kind = "buffer"}, %b_bn1_num_batches_tracked: tensor<i64> {stepwell.name = "bn1.num_batches_tracked", stepwell.kind = "buffer"}, %x: tensor<2x3x16x16xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<2x10xf32> {
    %0 = prims.extern "aten.convolution.default"(%x, %p_conv1_weight, %p_conv1_bias) {args = [#torch.sym<0>, #torch.sym<1>, #torch.sym<2>, [1 : i64, 1 : i64], [1 : i64, 1 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x16x16xf32>
    %1 = prims.convert_element_type %b_bn1_running_mean {dtype = f32} : (tensor<8xf32>) -> tensor<8xf32>
    %2 = prims.convert_element_type %b_bn1_running_var {dtype = f32} : (tensor<8xf32>) -> tensor<8xf32>
    %3 = prims.full {shape = [8 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<8xf32>
    %4 = prims.add %2, %3 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %5 = prims.sqrt %4 : (tensor<8xf32>) -> tensor<8xf32>
    %6 = prims.reciprocal %5 : (tensor<8xf32>) -> tensor<8xf32>
    %7 = prims.full {shape = [8 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<8xf32>
    %8 = prims.mul %6, %7 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %9 = prims.broadcast_in_dim %1 {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %10 = prims.broadcast_in_dim %9 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %11 = prims.broadcast_in_dim %8 {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %12 = prims.broadcast_in_dim %11 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %13 = prims.broadcast_in_dim %10 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %14 = prims.sub %0, %13 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %15 = prims.broadcast_in_dim %12 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %16 = prims.mul %14, %15 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %17 = prims.broadcast_in_dim %p_bn1_weight {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %18 = prims.broadcast_in_dim %17 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %19 = prims.broadcast_in_dim %18 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %20 = prims.mul %16, %19 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %21 = prims.broadcast_in_dim %p_bn1_bias {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %22 = prims.broadcast_in_dim %21 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %23 = prims.broadcast_in_dim %22 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %24 = prims.add %20, %23 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %25 = prims.full {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x8x16x16xf32>
    %26 = prims.le %24, %25 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xi1>
    %27 = prims.full {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x8x16x16xf32>
    %28 = prims.where %26, %27, %24 : (tensor<2x8x16x16xi1>, tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %29 = prims.extern "aten.max_pool2d.default"(%28) {args = [], kwargs = {self = #torch.sym<0>, kernel_size = [2 : i64, 2 : i64], stride = [2 : i64, 2 : i64]}} : (tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32>
    %30 = prims.extern "aten.convolution.default"(%29, %p_conv2_weight, %p_conv2_bias) {args = [#torch.sym<0>, #torch.sym<1>, #torch.sym<2>, [1 : i64, 1 : i64], [1 : i64, 1 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (tensor<2x8x8x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x8x8xf32>
    %31 = prims.full {shape = [2 : i64, 16 : i64, 8 : i64, 8 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x8x8xf32>
    %32 = prims.le %30, %31 : (tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xi1>
    %33 = prims.full {shape = [2 : i64, 16 : i64, 8 : i64, 8 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x8x8xf32>
    %34 = prims.where %32, %33, %30 : (tensor<2x16x8x8xi1>, tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %35 = prims.sum %34 {dims = [3 : i64, 2 : i64]} : (tensor<2x16x8x8xf32>) -> tensor<2x16xf32>
    %36 = prims.broadcast_in_dim %35 {shape = [2 : i64, 16 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1x1xf32>
    %37 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1x1xf32>
    %38 = prims.div %36, %37 : (tensor<2x16x1x1xf32>, tensor<2x16x1x1xf32>) -> tensor<2x16x1x1xf32>
    %39 = prims.squeeze %38 {dimensions = [2 : i64]} : (tensor<2x16x1x1xf32>) -> tensor<2x16x1xf32>
    %40 = prims.squeeze %39 {dimensions = [2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16xf32>
    %41 = prims.matmul %40, %p_fc_weight {transpose_rhs = true} : (tensor<2x16xf32>, tensor<10x16xf32>) -> tensor<2x10xf32>
    %42 = prims.full {shape = [2 : i64, 10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x10xf32>
    %43 = prims.mul %41, %42 : (tensor<2x10xf32>, tensor<2x10xf32>) -> tensor<2x10xf32>
    %44 = prims.full {shape = [10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<10xf32>
    %45 = prims.mul %p_fc_bias, %44 : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %46 = prims.broadcast_in_dim %45 {shape = [2 : i64, 10 : i64], broadcast_dimensions = [1 : i64]} : (tensor<10xf32>) -> tensor<2x10xf32>
    %47 = prims.add %43, %46 : (tensor<2x10xf32>, tensor<2x10xf32>) -> tensor<2x10xf32>
    func.return %47 : tensor<2x10xf32>
  }
}
