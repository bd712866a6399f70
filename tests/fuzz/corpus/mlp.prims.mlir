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
    %8 = prims.lt %6, %7 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
    %9 = prims.full {shape = [], fill_value = 0 : i64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<f32>
    %10 = prims.broadcast_in_dim %9 {shape = [4 : i64, 64 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<4x64xf32>
    %11 = prims.where %8, %10, %6 : (tensor<4x64xi1>, tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %12 = prims.matmul %11, %p_fc2_weight {transpose_rhs = true} : (tensor<4x64xf32>, tensor<64x64xf32>) -> tensor<4x64xf32>
    %13 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %14 = prims.mul %12, %13 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %15 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %16 = prims.mul %p_fc2_bias, %15 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %17 = prims.broadcast_in_dim %16 {shape = [4 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<4x64xf32>
    %18 = prims.add %14, %17 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %19 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %20 = prims.mul %18, %19 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %21 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 0.70710678118654757 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %22 = prims.mul %18, %21 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %23 = prims.erf %22 : (tensor<4x64xf32>) -> tensor<4x64xf32>
    %24 = prims.full {shape = [4 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x64xf32>
    %25 = prims.add %23, %24 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %26 = prims.mul %20, %25 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %27 = prims.matmul %26, %p_fc3_weight {transpose_rhs = true} : (tensor<4x64xf32>, tensor<10x64xf32>) -> tensor<4x10xf32>
    %28 = prims.full {shape = [4 : i64, 10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<4x10xf32>
    %29 = prims.mul %27, %28 : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %30 = prims.full {shape = [10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<10xf32>
    %31 = prims.mul %p_fc3_bias, %30 : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %32 = prims.broadcast_in_dim %31 {shape = [4 : i64, 10 : i64], broadcast_dimensions = [1 : i64]} : (tensor<10xf32>) -> tensor<4x10xf32>
    %33 = prims.add %29, %32 : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    func.return %33 : tensor<4x10xf32>
  }
}
