builtin.module {
  func.func @forward(%p_fc1_weight: tensor<64x32xf32> {stepwell.name = "fc1.weight", stepwell.kind = "parameter"}, %p_fc1_bias: tensor<64xf32> {stepwell.name = "fc1.bias", stepwell.kind = "parameter"}, %p_fc2_weight: tensor<64x64xf32> {stepwell.name = "fc2.weight", stepwell.kind = "parameter"}, %p_fc2_bias: tensor<64xf32> {stepwell.name = "fc2.bias", stepwell.kind = "parameter"}, %p_fc3_weight: tensor<10x64xf32> {stepwell.name = "fc3.weight", stepwell.kind = "parameter"}, %p_fc3_bias: tensor<10xf32> {stepwell.name = "fc3.bias", stepwell.kind = "parameter"}, %x: tensor<4x32xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<4x10xf32> {
    %0 = prims.matmul %x, %p_fc1_weight {transpose_rhs = true} : (tensor<4x32xf32>, tensor<64x32xf32>) -> tensor<4x64xf32>
    %1 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %2 = prims.mul %0, %1 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %3 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %4 = prims.mul %p_fc1_bias, %3 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %5 = prims.broadcast_in_dim %4 {shape = [4 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<4x64xf32>
    %6 = prims.add %2, %5 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %7 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %8 = prims.le %6, %7 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
    %9 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %10 = prims.where %8, %9, %6 : (tensor<4x64xi1>, tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %11 = prims.matmul %10, %p_fc2_weight {transpose_rhs = true} : (tensor<4x64xf32>, tensor<64x64xf32>) -> tensor<4x64xf32>
    %12 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %13 = prims.mul %11, %12 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %14 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %15 = prims.mul %p_fc2_bias, %14 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %16 = prims.broadcast_in_dim %15 {shape = [4 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<4x64xf32>
    %17 = prims.add %13, %16 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %18 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %19 = prims.mul %17, %18 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %20 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 0.70710678118654757 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %21 = prims.mul %17, %20 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %22 = prims.erf %21 : (tensor<4x64xf32>) -> tensor<4x64xf32>
    %23 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %24 = prims.add %22, %23 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %25 = prims.mul %19, %24 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %26 = prims.matmul %25, %p_fc3_weight {transpose_rhs = true} : (tensor<4x64xf32>, tensor<10x64xf32>) -> tensor<4x10xf32>
    %27 = prims.full {shape = [4 : i64, 10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x10xf32>
    %28 = prims.mul %26, %27 : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %29 = prims.full {shape = [10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<10xf32>
    %30 = prims.mul %p_fc3_bias, %29 : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %31 = prims.broadcast_in_dim %30 {shape = [4 : i64, 10 : i64], broadcast_dimensions = [1 : i64]} : (tensor<10xf32>) -> tensor<4x10xf32>
    %32 = prims.add %28, %31 : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    func.return %32 : tensor<4x10xf32>
  }
}
