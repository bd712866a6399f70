builtin.module {
  func.func @forward(%p_conv1_weight: tensor<8x3x3x3xf32> {stepwell.name = "conv1.weight", stepwell.kind = "parameter"}, %p_conv1_bias: tensor<8xf32> {stepwell.name = "conv1.bias", stepwell.kind = "parameter"}, %p_bn1_weight: tensor<8xf32> {stepwell.name = "bn1.weight", stepwell.kind = "parameter"}, %p_bn1_bias: tensor<8xf32> {stepwell.name = "bn1.bias", stepwell.kind = "parameter"}, %p_conv2_weight: tensor<16x8x3x3xf32> {stepwell.name = "conv2.weight", stepwell.kind = "parameter"}, %p_conv2_bias: tensor<16xf32> {stepwell.name = "conv2.bias", stepwell.kind = "parameter"}, %p_fc_weight: tensor<10x16xf32> {stepwell.name = "fc.weight", stepwell.kind = "parameter"}, %p_fc_bias: tensor<10xf32> {stepwell.name = "fc.bias", stepwell.kind = "parameter"}, %b_bn1_running_mean: tensor<8xf32> {stepwell.name = "bn1.running_mean", stepwell.kind = "buffer"}, %b_bn1_running_var: tensor<8xf32> {stepwell.name = "bn1.running_var", stepwell.kind = "buffer"}, %b_bn1_num_batches_tracked: tensor<i64> {stepwell.name = "bn1.num_batches_tracked", stepwell.kind = "buffer"}, %x: tensor<2x3x16x16xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<2x10xf32> {
    %0 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %1 = prims.split_dim %0 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %2 = prims.split_dim %1 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %3 = prims.split_dim %2 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %4 = prims.split_dim %3 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x16xi64>) -> tensor<1x1x1x1x16xi64>
    %5 = prims.split_dim %4 {dim = 4 : i64, outer_length = 16 : i64} : (tensor<1x1x1x1x16xi64>) -> tensor<1x1x1x1x16x1xi64>
    %6 = prims.split_dim %5 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16x1xi64>) -> tensor<1x1x1x1x16x1x1xi64>
    %7 = prims.split_dim %6 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %8 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x1x1xi64>
    %9 = prims.mul %7, %8 : (tensor<1x1x1x1x16x1x1x1xi64>, tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %10 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x1x1xi64>
    %11 = prims.sub %9, %10 : (tensor<1x1x1x1x16x1x1x1xi64>, tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %12 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %13 = prims.split_dim %12 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %14 = prims.split_dim %13 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %15 = prims.split_dim %14 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %16 = prims.split_dim %15 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %17 = prims.split_dim %16 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %18 = prims.split_dim %17 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %19 = prims.split_dim %18 {dim = 6 : i64, outer_length = 3 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %20 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x3x1xi64>
    %21 = prims.mul %19, %20 : (tensor<1x1x1x1x1x1x3x1xi64>, tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %22 = prims.broadcast_in_dim %11 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %23 = prims.broadcast_in_dim %21 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %24 = prims.add %22, %23 : (tensor<1x1x1x1x16x1x3x1xi64>, tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %25 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x3x1xi64>
    %26 = prims.ge %24, %25 : (tensor<1x1x1x1x16x1x3x1xi64>, tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi1>
    %27 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %28 = prims.split_dim %27 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %29 = prims.split_dim %28 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %30 = prims.split_dim %29 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %31 = prims.split_dim %30 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x16xi64>) -> tensor<1x1x1x1x16xi64>
    %32 = prims.split_dim %31 {dim = 4 : i64, outer_length = 16 : i64} : (tensor<1x1x1x1x16xi64>) -> tensor<1x1x1x1x16x1xi64>
    %33 = prims.split_dim %32 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16x1xi64>) -> tensor<1x1x1x1x16x1x1xi64>
    %34 = prims.split_dim %33 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %35 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x1x1xi64>
    %36 = prims.mul %34, %35 : (tensor<1x1x1x1x16x1x1x1xi64>, tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %37 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x1x1xi64>
    %38 = prims.sub %36, %37 : (tensor<1x1x1x1x16x1x1x1xi64>, tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %39 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %40 = prims.split_dim %39 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %41 = prims.split_dim %40 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %42 = prims.split_dim %41 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %43 = prims.split_dim %42 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %44 = prims.split_dim %43 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %45 = prims.split_dim %44 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %46 = prims.split_dim %45 {dim = 6 : i64, outer_length = 3 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %47 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x3x1xi64>
    %48 = prims.mul %46, %47 : (tensor<1x1x1x1x1x1x3x1xi64>, tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %49 = prims.broadcast_in_dim %38 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %50 = prims.broadcast_in_dim %48 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %51 = prims.add %49, %50 : (tensor<1x1x1x1x16x1x3x1xi64>, tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %52 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x3x1xi64>
    %53 = prims.lt %51, %52 : (tensor<1x1x1x1x16x1x3x1xi64>, tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi1>
    %54 = prims.bitwise_and %26, %53 : (tensor<1x1x1x1x16x1x3x1xi1>, tensor<1x1x1x1x16x1x3x1xi1>) -> tensor<1x1x1x1x16x1x3x1xi1>
    %55 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %56 = prims.split_dim %55 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %57 = prims.split_dim %56 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %58 = prims.split_dim %57 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %59 = prims.split_dim %58 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x16xi64>) -> tensor<1x1x1x1x16xi64>
    %60 = prims.split_dim %59 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16xi64>) -> tensor<1x1x1x1x1x16xi64>
    %61 = prims.split_dim %60 {dim = 5 : i64, outer_length = 16 : i64} : (tensor<1x1x1x1x1x16xi64>) -> tensor<1x1x1x1x1x16x1xi64>
    %62 = prims.split_dim %61 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x16x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %63 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x1xi64>
    %64 = prims.mul %62, %63 : (tensor<1x1x1x1x1x16x1x1xi64>, tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %65 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x1xi64>
    %66 = prims.sub %64, %65 : (tensor<1x1x1x1x1x16x1x1xi64>, tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %67 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %68 = prims.split_dim %67 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %69 = prims.split_dim %68 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %70 = prims.split_dim %69 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %71 = prims.split_dim %70 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %72 = prims.split_dim %71 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %73 = prims.split_dim %72 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %74 = prims.split_dim %73 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %75 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x3xi64>
    %76 = prims.mul %74, %75 : (tensor<1x1x1x1x1x1x1x3xi64>, tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %77 = prims.broadcast_in_dim %66 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %78 = prims.broadcast_in_dim %76 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %79 = prims.add %77, %78 : (tensor<1x1x1x1x1x16x1x3xi64>, tensor<1x1x1x1x1x16x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %80 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x3xi64>
    %81 = prims.ge %79, %80 : (tensor<1x1x1x1x1x16x1x3xi64>, tensor<1x1x1x1x1x16x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi1>
    %82 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %83 = prims.split_dim %82 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %84 = prims.split_dim %83 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %85 = prims.split_dim %84 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %86 = prims.split_dim %85 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x16xi64>) -> tensor<1x1x1x1x16xi64>
    %87 = prims.split_dim %86 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16xi64>) -> tensor<1x1x1x1x1x16xi64>
    %88 = prims.split_dim %87 {dim = 5 : i64, outer_length = 16 : i64} : (tensor<1x1x1x1x1x16xi64>) -> tensor<1x1x1x1x1x16x1xi64>
    %89 = prims.split_dim %88 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x16x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %90 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x1xi64>
    %91 = prims.mul %89, %90 : (tensor<1x1x1x1x1x16x1x1xi64>, tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %92 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x1xi64>
    %93 = prims.sub %91, %92 : (tensor<1x1x1x1x1x16x1x1xi64>, tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %94 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %95 = prims.split_dim %94 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %96 = prims.split_dim %95 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %97 = prims.split_dim %96 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %98 = prims.split_dim %97 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %99 = prims.split_dim %98 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %100 = prims.split_dim %99 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %101 = prims.split_dim %100 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %102 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x3xi64>
    %103 = prims.mul %101, %102 : (tensor<1x1x1x1x1x1x1x3xi64>, tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %104 = prims.broadcast_in_dim %93 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %105 = prims.broadcast_in_dim %103 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %106 = prims.add %104, %105 : (tensor<1x1x1x1x1x16x1x3xi64>, tensor<1x1x1x1x1x16x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %107 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x3xi64>
    %108 = prims.lt %106, %107 : (tensor<1x1x1x1x1x16x1x3xi64>, tensor<1x1x1x1x1x16x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi1>
    %109 = prims.bitwise_and %81, %108 : (tensor<1x1x1x1x1x16x1x3xi1>, tensor<1x1x1x1x1x16x1x3xi1>) -> tensor<1x1x1x1x1x16x1x3xi1>
    %110 = prims.broadcast_in_dim %54 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x16x1x3x1xi1>) -> tensor<1x1x1x1x16x16x3x3xi1>
    %111 = prims.broadcast_in_dim %109 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x16x1x3xi1>) -> tensor<1x1x1x1x16x16x3x3xi1>
    %112 = prims.bitwise_and %110, %111 : (tensor<1x1x1x1x16x16x3x3xi1>, tensor<1x1x1x1x16x16x3x3xi1>) -> tensor<1x1x1x1x16x16x3x3xi1>
    %113 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %114 = prims.split_dim %113 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %115 = prims.split_dim %114 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %116 = prims.split_dim %115 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %117 = prims.split_dim %116 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x16xi64>) -> tensor<1x1x1x1x16xi64>
    %118 = prims.split_dim %117 {dim = 4 : i64, outer_length = 16 : i64} : (tensor<1x1x1x1x16xi64>) -> tensor<1x1x1x1x16x1xi64>
    %119 = prims.split_dim %118 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16x1xi64>) -> tensor<1x1x1x1x16x1x1xi64>
    %120 = prims.split_dim %119 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %121 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x1x1xi64>
    %122 = prims.mul %120, %121 : (tensor<1x1x1x1x16x1x1x1xi64>, tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %123 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x1x1xi64>
    %124 = prims.sub %122, %123 : (tensor<1x1x1x1x16x1x1x1xi64>, tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x1x1xi64>
    %125 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %126 = prims.split_dim %125 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %127 = prims.split_dim %126 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %128 = prims.split_dim %127 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %129 = prims.split_dim %128 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %130 = prims.split_dim %129 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %131 = prims.split_dim %130 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %132 = prims.split_dim %131 {dim = 6 : i64, outer_length = 3 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %133 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x3x1xi64>
    %134 = prims.mul %132, %133 : (tensor<1x1x1x1x1x1x3x1xi64>, tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %135 = prims.broadcast_in_dim %124 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x16x1x1x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %136 = prims.broadcast_in_dim %134 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %137 = prims.add %135, %136 : (tensor<1x1x1x1x16x1x3x1xi64>, tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %138 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x3x1xi64>
    %139 = prims.mul %137, %138 : (tensor<1x1x1x1x16x1x3x1xi64>, tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %140 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x16x1x3x1xi64>
    %141 = prims.add %139, %140 : (tensor<1x1x1x1x16x1x3x1xi64>, tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x1x3x1xi64>
    %142 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %143 = prims.split_dim %142 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %144 = prims.split_dim %143 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %145 = prims.split_dim %144 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %146 = prims.split_dim %145 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x16xi64>) -> tensor<1x1x1x1x16xi64>
    %147 = prims.split_dim %146 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x16xi64>) -> tensor<1x1x1x1x1x16xi64>
    %148 = prims.split_dim %147 {dim = 5 : i64, outer_length = 16 : i64} : (tensor<1x1x1x1x1x16xi64>) -> tensor<1x1x1x1x1x16x1xi64>
    %149 = prims.split_dim %148 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x16x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %150 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x1xi64>
    %151 = prims.mul %149, %150 : (tensor<1x1x1x1x1x16x1x1xi64>, tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %152 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x1xi64>
    %153 = prims.sub %151, %152 : (tensor<1x1x1x1x1x16x1x1xi64>, tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x1xi64>
    %154 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %155 = prims.split_dim %154 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %156 = prims.split_dim %155 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %157 = prims.split_dim %156 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %158 = prims.split_dim %157 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %159 = prims.split_dim %158 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %160 = prims.split_dim %159 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %161 = prims.split_dim %160 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %162 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x3xi64>
    %163 = prims.mul %161, %162 : (tensor<1x1x1x1x1x1x1x3xi64>, tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %164 = prims.broadcast_in_dim %153 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x16x1x1xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %165 = prims.broadcast_in_dim %163 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %166 = prims.add %164, %165 : (tensor<1x1x1x1x1x16x1x3xi64>, tensor<1x1x1x1x1x16x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %167 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x16x1x3xi64>
    %168 = prims.mul %166, %167 : (tensor<1x1x1x1x1x16x1x3xi64>, tensor<1x1x1x1x1x16x1x3xi64>) -> tensor<1x1x1x1x1x16x1x3xi64>
    %169 = prims.broadcast_in_dim %141 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x16x1x3x1xi64>) -> tensor<1x1x1x1x16x16x3x3xi64>
    %170 = prims.broadcast_in_dim %168 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x16x1x3xi64>) -> tensor<1x1x1x1x16x16x3x3xi64>
    %171 = prims.add %169, %170 : (tensor<1x1x1x1x16x16x3x3xi64>, tensor<1x1x1x1x16x16x3x3xi64>) -> tensor<1x1x1x1x16x16x3x3xi64>
    %172 = prims.iota {length = 1 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1xi64>
    %173 = prims.split_dim %172 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<1xi64>) -> tensor<1x1xi64>
    %174 = prims.split_dim %173 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %175 = prims.split_dim %174 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %176 = prims.split_dim %175 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1xi64>) -> tensor<1x1x1x1x1xi64>
    %177 = prims.split_dim %176 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1xi64>
    %178 = prims.split_dim %177 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1xi64>
    %179 = prims.split_dim %178 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1x1xi64>
    %180 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 3 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x1xi64>
    %181 = prims.mul %179, %180 : (tensor<1x1x1x1x1x1x1x1xi64>, tensor<1x1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1x1xi64>
    %182 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %183 = prims.split_dim %182 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %184 = prims.split_dim %183 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %185 = prims.split_dim %184 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %186 = prims.split_dim %185 {dim = 3 : i64, outer_length = 3 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x3x1xi64>
    %187 = prims.split_dim %186 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3x1xi64>) -> tensor<1x1x1x3x1x1xi64>
    %188 = prims.split_dim %187 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3x1x1xi64>) -> tensor<1x1x1x3x1x1x1xi64>
    %189 = prims.split_dim %188 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3x1x1x1xi64>) -> tensor<1x1x1x3x1x1x1x1xi64>
    %190 = prims.broadcast_in_dim %181 {shape = [1 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x3x1x1x1x1xi64>
    %191 = prims.add %190, %189 : (tensor<1x1x1x3x1x1x1x1xi64>, tensor<1x1x1x3x1x1x1x1xi64>) -> tensor<1x1x1x3x1x1x1x1xi64>
    %192 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %193 = prims.split_dim %192 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<2xi64>) -> tensor<2x1xi64>
    %194 = prims.split_dim %193 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<2x1xi64>) -> tensor<2x1x1xi64>
    %195 = prims.split_dim %194 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<2x1x1xi64>) -> tensor<2x1x1x1xi64>
    %196 = prims.split_dim %195 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1xi64>) -> tensor<2x1x1x1x1xi64>
    %197 = prims.split_dim %196 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1xi64>
    %198 = prims.split_dim %197 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1x1xi64>
    %199 = prims.split_dim %198 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1x1x1xi64>
    %200 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 3 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x1x1x1x1x1xi64>
    %201 = prims.mul %199, %200 : (tensor<2x1x1x1x1x1x1x1xi64>, tensor<2x1x1x1x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1x1x1xi64>
    %202 = prims.broadcast_in_dim %201 {shape = [2 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x1x1x1x1x1x1xi64>) -> tensor<2x1x1x3x1x1x1x1xi64>
    %203 = prims.broadcast_in_dim %191 {shape = [2 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x3x1x1x1x1xi64>) -> tensor<2x1x1x3x1x1x1x1xi64>
    %204 = prims.add %202, %203 : (tensor<2x1x1x3x1x1x1x1xi64>, tensor<2x1x1x3x1x1x1x1xi64>) -> tensor<2x1x1x3x1x1x1x1xi64>
    %205 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 256 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x3x1x1x1x1xi64>
    %206 = prims.mul %204, %205 : (tensor<2x1x1x3x1x1x1x1xi64>, tensor<2x1x1x3x1x1x1x1xi64>) -> tensor<2x1x1x3x1x1x1x1xi64>
    %207 = prims.broadcast_in_dim %206 {shape = [2 : i64, 1 : i64, 1 : i64, 3 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x1x3x1x1x1x1xi64>) -> tensor<2x1x1x3x16x16x3x3xi64>
    %208 = prims.broadcast_in_dim %171 {shape = [2 : i64, 1 : i64, 1 : i64, 3 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x16x16x3x3xi64>) -> tensor<2x1x1x3x16x16x3x3xi64>
    %209 = prims.add %207, %208 : (tensor<2x1x1x3x16x16x3x3xi64>, tensor<2x1x1x3x16x16x3x3xi64>) -> tensor<2x1x1x3x16x16x3x3xi64>
    %210 = prims.broadcast_in_dim %112 {shape = [2 : i64, 1 : i64, 1 : i64, 3 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x16x16x3x3xi1>) -> tensor<2x1x1x3x16x16x3x3xi1>
    %211 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 3 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], fill_value = -1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x3x16x16x3x3xi64>
    %212 = prims.where %210, %209, %211 : (tensor<2x1x1x3x16x16x3x3xi1>, tensor<2x1x1x3x16x16x3x3xi64>, tensor<2x1x1x3x16x16x3x3xi64>) -> tensor<2x1x1x3x16x16x3x3xi64>
    %213 = prims.broadcast_in_dim %212 {shape = [2 : i64, 1 : i64, 8 : i64, 3 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x1x3x16x16x3x3xi64>) -> tensor<2x1x8x3x16x16x3x3xi64>
    %214 = prims.take %x, %213 : (tensor<2x3x16x16xf32>, tensor<2x1x8x3x16x16x3x3xi64>) -> tensor<2x1x8x3x16x16x3x3xf32>
    %215 = prims.split_dim %p_conv1_weight {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8x3x3x3xf32>) -> tensor<1x8x3x3x3xf32>
    %216 = prims.split_dim %215 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8x3x3x3xf32>) -> tensor<1x1x8x3x3x3xf32>
    %217 = prims.broadcast_in_dim %216 {shape = [1 : i64, 1 : i64, 8 : i64, 3 : i64, 1 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 5 : i64, 6 : i64]} : (tensor<1x1x8x3x3x3xf32>) -> tensor<1x1x8x3x1x3x3xf32>
    %218 = prims.broadcast_in_dim %217 {shape = [1 : i64, 1 : i64, 8 : i64, 3 : i64, 1 : i64, 1 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x8x3x1x3x3xf32>) -> tensor<1x1x8x3x1x1x3x3xf32>
    %219 = prims.broadcast_in_dim %218 {shape = [2 : i64, 1 : i64, 8 : i64, 3 : i64, 16 : i64, 16 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x8x3x1x1x3x3xf32>) -> tensor<2x1x8x3x16x16x3x3xf32>
    %220 = prims.mul %214, %219 : (tensor<2x1x8x3x16x16x3x3xf32>, tensor<2x1x8x3x16x16x3x3xf32>) -> tensor<2x1x8x3x16x16x3x3xf32>
    %221 = prims.sum %220 {dims = [3 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x8x3x16x16x3x3xf32>) -> tensor<2x1x8x16x16xf32>
    %222 = prims.collapse %221 {start = 1 : i64, end = 2 : i64} : (tensor<2x1x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %223 = prims.split_dim %p_conv1_bias {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xf32>) -> tensor<1x8xf32>
    %224 = prims.split_dim %223 {dim = 1 : i64, outer_length = 8 : i64} : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %225 = prims.split_dim %224 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x8x1xf32>) -> tensor<1x8x1x1xf32>
    %226 = prims.broadcast_in_dim %225 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %227 = prims.add %222, %226 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %228 = prims.convert_element_type %b_bn1_running_mean {dtype = f32} : (tensor<8xf32>) -> tensor<8xf32>
    %229 = prims.convert_element_type %b_bn1_running_var {dtype = f32} : (tensor<8xf32>) -> tensor<8xf32>
    %230 = prims.full {shape = [8 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<8xf32>
    %231 = prims.add %229, %230 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %232 = prims.sqrt %231 : (tensor<8xf32>) -> tensor<8xf32>
    %233 = prims.reciprocal %232 : (tensor<8xf32>) -> tensor<8xf32>
    %234 = prims.full {shape = [8 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<8xf32>
    %235 = prims.mul %233, %234 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %236 = prims.broadcast_in_dim %228 {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %237 = prims.broadcast_in_dim %236 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %238 = prims.broadcast_in_dim %235 {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %239 = prims.broadcast_in_dim %238 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %240 = prims.broadcast_in_dim %237 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %241 = prims.sub %227, %240 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %242 = prims.broadcast_in_dim %239 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %243 = prims.mul %241, %242 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %244 = prims.broadcast_in_dim %p_bn1_weight {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %245 = prims.broadcast_in_dim %244 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %246 = prims.broadcast_in_dim %245 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %247 = prims.mul %243, %246 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %248 = prims.broadcast_in_dim %p_bn1_bias {shape = [8 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<8xf32>) -> tensor<8x1xf32>
    %249 = prims.broadcast_in_dim %248 {shape = [8 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %250 = prims.broadcast_in_dim %249 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1xf32>) -> tensor<2x8x16x16xf32>
    %251 = prims.add %247, %250 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %252 = prims.full {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x8x16x16xf32>
    %253 = prims.lt %251, %252 : (tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xi1>
    %254 = prims.full {shape = [], fill_value = 0 : i64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<f32>
    %255 = prims.broadcast_in_dim %254 {shape = [2 : i64, 8 : i64, 16 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<2x8x16x16xf32>
    %256 = prims.where %253, %255, %251 : (tensor<2x8x16x16xi1>, tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %257 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %258 = prims.split_dim %257 {dim = 0 : i64, outer_length = 8 : i64} : (tensor<8xi64>) -> tensor<8x1xi64>
    %259 = prims.split_dim %258 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<8x1xi64>) -> tensor<8x1x1xi64>
    %260 = prims.split_dim %259 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<8x1x1xi64>) -> tensor<8x1x1x1xi64>
    %261 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %262 = prims.split_dim %261 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2xi64>) -> tensor<1x2xi64>
    %263 = prims.split_dim %262 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x2xi64>) -> tensor<1x1x2xi64>
    %264 = prims.split_dim %263 {dim = 2 : i64, outer_length = 2 : i64} : (tensor<1x1x2xi64>) -> tensor<1x1x2x1xi64>
    %265 = prims.full {shape = [8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8x1x1x1xi64>
    %266 = prims.mul %260, %265 : (tensor<8x1x1x1xi64>, tensor<8x1x1x1xi64>) -> tensor<8x1x1x1xi64>
    %267 = prims.full {shape = [8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8x1x1x1xi64>
    %268 = prims.sub %266, %267 : (tensor<8x1x1x1xi64>, tensor<8x1x1x1xi64>) -> tensor<8x1x1x1xi64>
    %269 = prims.full {shape = [1 : i64, 1 : i64, 2 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x2x1xi64>
    %270 = prims.mul %264, %269 : (tensor<1x1x2x1xi64>, tensor<1x1x2x1xi64>) -> tensor<1x1x2x1xi64>
    %271 = prims.broadcast_in_dim %268 {shape = [8 : i64, 1 : i64, 2 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x1x1xi64>) -> tensor<8x1x2x1xi64>
    %272 = prims.broadcast_in_dim %270 {shape = [8 : i64, 1 : i64, 2 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x2x1xi64>) -> tensor<8x1x2x1xi64>
    %273 = prims.add %271, %272 : (tensor<8x1x2x1xi64>, tensor<8x1x2x1xi64>) -> tensor<8x1x2x1xi64>
    %274 = prims.full {shape = [8 : i64, 1 : i64, 2 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8x1x2x1xi64>
    %275 = prims.ge %273, %274 : (tensor<8x1x2x1xi64>, tensor<8x1x2x1xi64>) -> tensor<8x1x2x1xi1>
    %276 = prims.full {shape = [8 : i64, 1 : i64, 2 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8x1x2x1xi64>
    %277 = prims.lt %273, %276 : (tensor<8x1x2x1xi64>, tensor<8x1x2x1xi64>) -> tensor<8x1x2x1xi1>
    %278 = prims.bitwise_and %275, %277 : (tensor<8x1x2x1xi1>, tensor<8x1x2x1xi1>) -> tensor<8x1x2x1xi1>
    %279 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %280 = prims.split_dim %279 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %281 = prims.split_dim %280 {dim = 1 : i64, outer_length = 8 : i64} : (tensor<1x8xi64>) -> tensor<1x8x1xi64>
    %282 = prims.split_dim %281 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x8x1xi64>) -> tensor<1x8x1x1xi64>
    %283 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %284 = prims.split_dim %283 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<2xi64>) -> tensor<1x2xi64>
    %285 = prims.split_dim %284 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x2xi64>) -> tensor<1x1x2xi64>
    %286 = prims.split_dim %285 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x2xi64>) -> tensor<1x1x1x2xi64>
    %287 = prims.full {shape = [1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x8x1x1xi64>
    %288 = prims.mul %282, %287 : (tensor<1x8x1x1xi64>, tensor<1x8x1x1xi64>) -> tensor<1x8x1x1xi64>
    %289 = prims.full {shape = [1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x8x1x1xi64>
    %290 = prims.sub %288, %289 : (tensor<1x8x1x1xi64>, tensor<1x8x1x1xi64>) -> tensor<1x8x1x1xi64>
    %291 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 2 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x2xi64>
    %292 = prims.mul %286, %291 : (tensor<1x1x1x2xi64>, tensor<1x1x1x2xi64>) -> tensor<1x1x1x2xi64>
    %293 = prims.broadcast_in_dim %290 {shape = [1 : i64, 8 : i64, 1 : i64, 2 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x8x1x1xi64>) -> tensor<1x8x1x2xi64>
    %294 = prims.broadcast_in_dim %292 {shape = [1 : i64, 8 : i64, 1 : i64, 2 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x2xi64>) -> tensor<1x8x1x2xi64>
    %295 = prims.add %293, %294 : (tensor<1x8x1x2xi64>, tensor<1x8x1x2xi64>) -> tensor<1x8x1x2xi64>
    %296 = prims.full {shape = [1 : i64, 8 : i64, 1 : i64, 2 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x8x1x2xi64>
    %297 = prims.ge %295, %296 : (tensor<1x8x1x2xi64>, tensor<1x8x1x2xi64>) -> tensor<1x8x1x2xi1>
    %298 = prims.full {shape = [1 : i64, 8 : i64, 1 : i64, 2 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x8x1x2xi64>
    %299 = prims.lt %295, %298 : (tensor<1x8x1x2xi64>, tensor<1x8x1x2xi64>) -> tensor<1x8x1x2xi1>
    %300 = prims.bitwise_and %297, %299 : (tensor<1x8x1x2xi1>, tensor<1x8x1x2xi1>) -> tensor<1x8x1x2xi1>
    %301 = prims.broadcast_in_dim %278 {shape = [8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x2x1xi1>) -> tensor<8x8x2x2xi1>
    %302 = prims.broadcast_in_dim %300 {shape = [8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x8x1x2xi1>) -> tensor<8x8x2x2xi1>
    %303 = prims.bitwise_and %301, %302 : (tensor<8x8x2x2xi1>, tensor<8x8x2x2xi1>) -> tensor<8x8x2x2xi1>
    %304 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %305 = prims.split_dim %304 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<16xi64>) -> tensor<2x8xi64>
    %306 = prims.split_dim %305 {dim = 1 : i64, outer_length = 8 : i64} : (tensor<2x8xi64>) -> tensor<2x8x1xi64>
    %307 = prims.split_dim %306 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<2x8x1xi64>) -> tensor<2x8x1x1xi64>
    %308 = prims.split_dim %307 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<2x8x1x1xi64>) -> tensor<2x8x1x1x1xi64>
    %309 = prims.split_dim %308 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<2x8x1x1x1xi64>) -> tensor<2x8x1x1x1x1xi64>
    %310 = prims.full {shape = [2 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 256 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x8x1x1x1x1xi64>
    %311 = prims.mul %309, %310 : (tensor<2x8x1x1x1x1xi64>, tensor<2x8x1x1x1x1xi64>) -> tensor<2x8x1x1x1x1xi64>
    %312 = prims.full {shape = [8 : i64, 1 : i64, 2 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8x1x2x1xi64>
    %313 = prims.mul %273, %312 : (tensor<8x1x2x1xi64>, tensor<8x1x2x1xi64>) -> tensor<8x1x2x1xi64>
    %314 = prims.broadcast_in_dim %313 {shape = [8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<8x1x2x1xi64>) -> tensor<8x8x2x2xi64>
    %315 = prims.broadcast_in_dim %295 {shape = [8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x8x1x2xi64>) -> tensor<8x8x2x2xi64>
    %316 = prims.add %314, %315 : (tensor<8x8x2x2xi64>, tensor<8x8x2x2xi64>) -> tensor<8x8x2x2xi64>
    %317 = prims.broadcast_in_dim %311 {shape = [2 : i64, 8 : i64, 8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64]} : (tensor<2x8x1x1x1x1xi64>) -> tensor<2x8x8x8x2x2xi64>
    %318 = prims.broadcast_in_dim %316 {shape = [2 : i64, 8 : i64, 8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [2 : i64, 3 : i64, 4 : i64, 5 : i64]} : (tensor<8x8x2x2xi64>) -> tensor<2x8x8x8x2x2xi64>
    %319 = prims.add %317, %318 : (tensor<2x8x8x8x2x2xi64>, tensor<2x8x8x8x2x2xi64>) -> tensor<2x8x8x8x2x2xi64>
    %320 = prims.broadcast_in_dim %303 {shape = [2 : i64, 8 : i64, 8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [2 : i64, 3 : i64, 4 : i64, 5 : i64]} : (tensor<8x8x2x2xi1>) -> tensor<2x8x8x8x2x2xi1>
    %321 = prims.full {shape = [2 : i64, 8 : i64, 8 : i64, 8 : i64, 2 : i64, 2 : i64], fill_value = -1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x8x8x8x2x2xi64>
    %322 = prims.where %320, %319, %321 : (tensor<2x8x8x8x2x2xi1>, tensor<2x8x8x8x2x2xi64>, tensor<2x8x8x8x2x2xi64>) -> tensor<2x8x8x8x2x2xi64>
    %323 = prims.take %256, %322 : (tensor<2x8x16x16xf32>, tensor<2x8x8x8x2x2xi64>) -> tensor<2x8x8x8x2x2xf32>
    %324 = prims.broadcast_in_dim %303 {shape = [2 : i64, 8 : i64, 8 : i64, 8 : i64, 2 : i64, 2 : i64], broadcast_dimensions = [2 : i64, 3 : i64, 4 : i64, 5 : i64]} : (tensor<8x8x2x2xi1>) -> tensor<2x8x8x8x2x2xi1>
    %325 = prims.full {shape = [2 : i64, 8 : i64, 8 : i64, 8 : i64, 2 : i64, 2 : i64], fill_value = 0xfff0000000000000 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x8x8x8x2x2xf32>
    %326 = prims.where %324, %323, %325 : (tensor<2x8x8x8x2x2xi1>, tensor<2x8x8x8x2x2xf32>, tensor<2x8x8x8x2x2xf32>) -> tensor<2x8x8x8x2x2xf32>
    %327 = prims.amax %326 {dims = [4 : i64, 5 : i64]} : (tensor<2x8x8x8x2x2xf32>) -> tensor<2x8x8x8xf32>
    %328 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %329 = prims.split_dim %328 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %330 = prims.split_dim %329 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8xi64>) -> tensor<1x1x8xi64>
    %331 = prims.split_dim %330 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x8xi64>) -> tensor<1x1x1x8xi64>
    %332 = prims.split_dim %331 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8xi64>) -> tensor<1x1x1x1x8xi64>
    %333 = prims.split_dim %332 {dim = 4 : i64, outer_length = 8 : i64} : (tensor<1x1x1x1x8xi64>) -> tensor<1x1x1x1x8x1xi64>
    %334 = prims.split_dim %333 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8x1xi64>) -> tensor<1x1x1x1x8x1x1xi64>
    %335 = prims.split_dim %334 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %336 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x1x1xi64>
    %337 = prims.mul %335, %336 : (tensor<1x1x1x1x8x1x1x1xi64>, tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %338 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x1x1xi64>
    %339 = prims.sub %337, %338 : (tensor<1x1x1x1x8x1x1x1xi64>, tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %340 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %341 = prims.split_dim %340 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %342 = prims.split_dim %341 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %343 = prims.split_dim %342 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %344 = prims.split_dim %343 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %345 = prims.split_dim %344 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %346 = prims.split_dim %345 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %347 = prims.split_dim %346 {dim = 6 : i64, outer_length = 3 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %348 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x3x1xi64>
    %349 = prims.mul %347, %348 : (tensor<1x1x1x1x1x1x3x1xi64>, tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %350 = prims.broadcast_in_dim %339 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %351 = prims.broadcast_in_dim %349 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %352 = prims.add %350, %351 : (tensor<1x1x1x1x8x1x3x1xi64>, tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %353 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x3x1xi64>
    %354 = prims.ge %352, %353 : (tensor<1x1x1x1x8x1x3x1xi64>, tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi1>
    %355 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %356 = prims.split_dim %355 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %357 = prims.split_dim %356 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8xi64>) -> tensor<1x1x8xi64>
    %358 = prims.split_dim %357 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x8xi64>) -> tensor<1x1x1x8xi64>
    %359 = prims.split_dim %358 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8xi64>) -> tensor<1x1x1x1x8xi64>
    %360 = prims.split_dim %359 {dim = 4 : i64, outer_length = 8 : i64} : (tensor<1x1x1x1x8xi64>) -> tensor<1x1x1x1x8x1xi64>
    %361 = prims.split_dim %360 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8x1xi64>) -> tensor<1x1x1x1x8x1x1xi64>
    %362 = prims.split_dim %361 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %363 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x1x1xi64>
    %364 = prims.mul %362, %363 : (tensor<1x1x1x1x8x1x1x1xi64>, tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %365 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x1x1xi64>
    %366 = prims.sub %364, %365 : (tensor<1x1x1x1x8x1x1x1xi64>, tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %367 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %368 = prims.split_dim %367 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %369 = prims.split_dim %368 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %370 = prims.split_dim %369 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %371 = prims.split_dim %370 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %372 = prims.split_dim %371 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %373 = prims.split_dim %372 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %374 = prims.split_dim %373 {dim = 6 : i64, outer_length = 3 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %375 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x3x1xi64>
    %376 = prims.mul %374, %375 : (tensor<1x1x1x1x1x1x3x1xi64>, tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %377 = prims.broadcast_in_dim %366 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %378 = prims.broadcast_in_dim %376 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %379 = prims.add %377, %378 : (tensor<1x1x1x1x8x1x3x1xi64>, tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %380 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 8 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x3x1xi64>
    %381 = prims.lt %379, %380 : (tensor<1x1x1x1x8x1x3x1xi64>, tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi1>
    %382 = prims.bitwise_and %354, %381 : (tensor<1x1x1x1x8x1x3x1xi1>, tensor<1x1x1x1x8x1x3x1xi1>) -> tensor<1x1x1x1x8x1x3x1xi1>
    %383 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %384 = prims.split_dim %383 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %385 = prims.split_dim %384 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8xi64>) -> tensor<1x1x8xi64>
    %386 = prims.split_dim %385 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x8xi64>) -> tensor<1x1x1x8xi64>
    %387 = prims.split_dim %386 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8xi64>) -> tensor<1x1x1x1x8xi64>
    %388 = prims.split_dim %387 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8xi64>) -> tensor<1x1x1x1x1x8xi64>
    %389 = prims.split_dim %388 {dim = 5 : i64, outer_length = 8 : i64} : (tensor<1x1x1x1x1x8xi64>) -> tensor<1x1x1x1x1x8x1xi64>
    %390 = prims.split_dim %389 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x8x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %391 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x1xi64>
    %392 = prims.mul %390, %391 : (tensor<1x1x1x1x1x8x1x1xi64>, tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %393 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x1xi64>
    %394 = prims.sub %392, %393 : (tensor<1x1x1x1x1x8x1x1xi64>, tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %395 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %396 = prims.split_dim %395 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %397 = prims.split_dim %396 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %398 = prims.split_dim %397 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %399 = prims.split_dim %398 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %400 = prims.split_dim %399 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %401 = prims.split_dim %400 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %402 = prims.split_dim %401 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %403 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x3xi64>
    %404 = prims.mul %402, %403 : (tensor<1x1x1x1x1x1x1x3xi64>, tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %405 = prims.broadcast_in_dim %394 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %406 = prims.broadcast_in_dim %404 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %407 = prims.add %405, %406 : (tensor<1x1x1x1x1x8x1x3xi64>, tensor<1x1x1x1x1x8x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %408 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x3xi64>
    %409 = prims.ge %407, %408 : (tensor<1x1x1x1x1x8x1x3xi64>, tensor<1x1x1x1x1x8x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi1>
    %410 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %411 = prims.split_dim %410 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %412 = prims.split_dim %411 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8xi64>) -> tensor<1x1x8xi64>
    %413 = prims.split_dim %412 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x8xi64>) -> tensor<1x1x1x8xi64>
    %414 = prims.split_dim %413 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8xi64>) -> tensor<1x1x1x1x8xi64>
    %415 = prims.split_dim %414 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8xi64>) -> tensor<1x1x1x1x1x8xi64>
    %416 = prims.split_dim %415 {dim = 5 : i64, outer_length = 8 : i64} : (tensor<1x1x1x1x1x8xi64>) -> tensor<1x1x1x1x1x8x1xi64>
    %417 = prims.split_dim %416 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x8x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %418 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x1xi64>
    %419 = prims.mul %417, %418 : (tensor<1x1x1x1x1x8x1x1xi64>, tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %420 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x1xi64>
    %421 = prims.sub %419, %420 : (tensor<1x1x1x1x1x8x1x1xi64>, tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %422 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %423 = prims.split_dim %422 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %424 = prims.split_dim %423 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %425 = prims.split_dim %424 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %426 = prims.split_dim %425 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %427 = prims.split_dim %426 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %428 = prims.split_dim %427 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %429 = prims.split_dim %428 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %430 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x3xi64>
    %431 = prims.mul %429, %430 : (tensor<1x1x1x1x1x1x1x3xi64>, tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %432 = prims.broadcast_in_dim %421 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %433 = prims.broadcast_in_dim %431 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %434 = prims.add %432, %433 : (tensor<1x1x1x1x1x8x1x3xi64>, tensor<1x1x1x1x1x8x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %435 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], fill_value = 8 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x3xi64>
    %436 = prims.lt %434, %435 : (tensor<1x1x1x1x1x8x1x3xi64>, tensor<1x1x1x1x1x8x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi1>
    %437 = prims.bitwise_and %409, %436 : (tensor<1x1x1x1x1x8x1x3xi1>, tensor<1x1x1x1x1x8x1x3xi1>) -> tensor<1x1x1x1x1x8x1x3xi1>
    %438 = prims.broadcast_in_dim %382 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x8x1x3x1xi1>) -> tensor<1x1x1x1x8x8x3x3xi1>
    %439 = prims.broadcast_in_dim %437 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x8x1x3xi1>) -> tensor<1x1x1x1x8x8x3x3xi1>
    %440 = prims.bitwise_and %438, %439 : (tensor<1x1x1x1x8x8x3x3xi1>, tensor<1x1x1x1x8x8x3x3xi1>) -> tensor<1x1x1x1x8x8x3x3xi1>
    %441 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %442 = prims.split_dim %441 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %443 = prims.split_dim %442 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8xi64>) -> tensor<1x1x8xi64>
    %444 = prims.split_dim %443 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x8xi64>) -> tensor<1x1x1x8xi64>
    %445 = prims.split_dim %444 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8xi64>) -> tensor<1x1x1x1x8xi64>
    %446 = prims.split_dim %445 {dim = 4 : i64, outer_length = 8 : i64} : (tensor<1x1x1x1x8xi64>) -> tensor<1x1x1x1x8x1xi64>
    %447 = prims.split_dim %446 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8x1xi64>) -> tensor<1x1x1x1x8x1x1xi64>
    %448 = prims.split_dim %447 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %449 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x1x1xi64>
    %450 = prims.mul %448, %449 : (tensor<1x1x1x1x8x1x1x1xi64>, tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %451 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x1x1xi64>
    %452 = prims.sub %450, %451 : (tensor<1x1x1x1x8x1x1x1xi64>, tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x1x1xi64>
    %453 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %454 = prims.split_dim %453 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %455 = prims.split_dim %454 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %456 = prims.split_dim %455 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %457 = prims.split_dim %456 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %458 = prims.split_dim %457 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %459 = prims.split_dim %458 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %460 = prims.split_dim %459 {dim = 6 : i64, outer_length = 3 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %461 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x3x1xi64>
    %462 = prims.mul %460, %461 : (tensor<1x1x1x1x1x1x3x1xi64>, tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x1x1x3x1xi64>
    %463 = prims.broadcast_in_dim %452 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %464 = prims.broadcast_in_dim %462 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %465 = prims.add %463, %464 : (tensor<1x1x1x1x8x1x3x1xi64>, tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %466 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 8 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x3x1xi64>
    %467 = prims.mul %465, %466 : (tensor<1x1x1x1x8x1x3x1xi64>, tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %468 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x8x1x3x1xi64>
    %469 = prims.add %467, %468 : (tensor<1x1x1x1x8x1x3x1xi64>, tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x1x3x1xi64>
    %470 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %471 = prims.split_dim %470 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %472 = prims.split_dim %471 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8xi64>) -> tensor<1x1x8xi64>
    %473 = prims.split_dim %472 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x8xi64>) -> tensor<1x1x1x8xi64>
    %474 = prims.split_dim %473 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8xi64>) -> tensor<1x1x1x1x8xi64>
    %475 = prims.split_dim %474 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x8xi64>) -> tensor<1x1x1x1x1x8xi64>
    %476 = prims.split_dim %475 {dim = 5 : i64, outer_length = 8 : i64} : (tensor<1x1x1x1x1x8xi64>) -> tensor<1x1x1x1x1x8x1xi64>
    %477 = prims.split_dim %476 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x8x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %478 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x1xi64>
    %479 = prims.mul %477, %478 : (tensor<1x1x1x1x1x8x1x1xi64>, tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %480 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x1xi64>
    %481 = prims.sub %479, %480 : (tensor<1x1x1x1x1x8x1x1xi64>, tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x1xi64>
    %482 = prims.iota {length = 3 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<3xi64>
    %483 = prims.split_dim %482 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
    %484 = prims.split_dim %483 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x3xi64>) -> tensor<1x1x3xi64>
    %485 = prims.split_dim %484 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x3xi64>) -> tensor<1x1x1x3xi64>
    %486 = prims.split_dim %485 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x3xi64>) -> tensor<1x1x1x1x3xi64>
    %487 = prims.split_dim %486 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x3xi64>
    %488 = prims.split_dim %487 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x3xi64>
    %489 = prims.split_dim %488 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %490 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x3xi64>
    %491 = prims.mul %489, %490 : (tensor<1x1x1x1x1x1x1x3xi64>, tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x1x1x3xi64>
    %492 = prims.broadcast_in_dim %481 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x8x1x1xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %493 = prims.broadcast_in_dim %491 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %494 = prims.add %492, %493 : (tensor<1x1x1x1x1x8x1x3xi64>, tensor<1x1x1x1x1x8x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %495 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 3 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x8x1x3xi64>
    %496 = prims.mul %494, %495 : (tensor<1x1x1x1x1x8x1x3xi64>, tensor<1x1x1x1x1x8x1x3xi64>) -> tensor<1x1x1x1x1x8x1x3xi64>
    %497 = prims.broadcast_in_dim %469 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x8x1x3x1xi64>) -> tensor<1x1x1x1x8x8x3x3xi64>
    %498 = prims.broadcast_in_dim %496 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x8x1x3xi64>) -> tensor<1x1x1x1x8x8x3x3xi64>
    %499 = prims.add %497, %498 : (tensor<1x1x1x1x8x8x3x3xi64>, tensor<1x1x1x1x8x8x3x3xi64>) -> tensor<1x1x1x1x8x8x3x3xi64>
    %500 = prims.iota {length = 1 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1xi64>
    %501 = prims.split_dim %500 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<1xi64>) -> tensor<1x1xi64>
    %502 = prims.split_dim %501 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %503 = prims.split_dim %502 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %504 = prims.split_dim %503 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1xi64>) -> tensor<1x1x1x1x1xi64>
    %505 = prims.split_dim %504 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1xi64>
    %506 = prims.split_dim %505 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1xi64>
    %507 = prims.split_dim %506 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1x1xi64>
    %508 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 8 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1x1x1x1x1xi64>
    %509 = prims.mul %507, %508 : (tensor<1x1x1x1x1x1x1x1xi64>, tensor<1x1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1x1xi64>
    %510 = prims.iota {length = 8 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<8xi64>
    %511 = prims.split_dim %510 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<8xi64>) -> tensor<1x8xi64>
    %512 = prims.split_dim %511 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x8xi64>) -> tensor<1x1x8xi64>
    %513 = prims.split_dim %512 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x1x8xi64>) -> tensor<1x1x1x8xi64>
    %514 = prims.split_dim %513 {dim = 3 : i64, outer_length = 8 : i64} : (tensor<1x1x1x8xi64>) -> tensor<1x1x1x8x1xi64>
    %515 = prims.split_dim %514 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8x1xi64>) -> tensor<1x1x1x8x1x1xi64>
    %516 = prims.split_dim %515 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8x1x1xi64>) -> tensor<1x1x1x8x1x1x1xi64>
    %517 = prims.split_dim %516 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<1x1x1x8x1x1x1xi64>) -> tensor<1x1x1x8x1x1x1x1xi64>
    %518 = prims.broadcast_in_dim %509 {shape = [1 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x8x1x1x1x1xi64>
    %519 = prims.add %518, %517 : (tensor<1x1x1x8x1x1x1x1xi64>, tensor<1x1x1x8x1x1x1x1xi64>) -> tensor<1x1x1x8x1x1x1x1xi64>
    %520 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %521 = prims.split_dim %520 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<2xi64>) -> tensor<2x1xi64>
    %522 = prims.split_dim %521 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<2x1xi64>) -> tensor<2x1x1xi64>
    %523 = prims.split_dim %522 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<2x1x1xi64>) -> tensor<2x1x1x1xi64>
    %524 = prims.split_dim %523 {dim = 3 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1xi64>) -> tensor<2x1x1x1x1xi64>
    %525 = prims.split_dim %524 {dim = 4 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1xi64>
    %526 = prims.split_dim %525 {dim = 5 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1x1xi64>
    %527 = prims.split_dim %526 {dim = 6 : i64, outer_length = 1 : i64} : (tensor<2x1x1x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1x1x1xi64>
    %528 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 8 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x1x1x1x1x1xi64>
    %529 = prims.mul %527, %528 : (tensor<2x1x1x1x1x1x1x1xi64>, tensor<2x1x1x1x1x1x1x1xi64>) -> tensor<2x1x1x1x1x1x1x1xi64>
    %530 = prims.broadcast_in_dim %529 {shape = [2 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x1x1x1x1x1x1xi64>) -> tensor<2x1x1x8x1x1x1x1xi64>
    %531 = prims.broadcast_in_dim %519 {shape = [2 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x8x1x1x1x1xi64>) -> tensor<2x1x1x8x1x1x1x1xi64>
    %532 = prims.add %530, %531 : (tensor<2x1x1x8x1x1x1x1xi64>, tensor<2x1x1x8x1x1x1x1xi64>) -> tensor<2x1x1x8x1x1x1x1xi64>
    %533 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 8 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 64 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x8x1x1x1x1xi64>
    %534 = prims.mul %532, %533 : (tensor<2x1x1x8x1x1x1x1xi64>, tensor<2x1x1x8x1x1x1x1xi64>) -> tensor<2x1x1x8x1x1x1x1xi64>
    %535 = prims.broadcast_in_dim %534 {shape = [2 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x1x8x1x1x1x1xi64>) -> tensor<2x1x1x8x8x8x3x3xi64>
    %536 = prims.broadcast_in_dim %499 {shape = [2 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x8x8x3x3xi64>) -> tensor<2x1x1x8x8x8x3x3xi64>
    %537 = prims.add %535, %536 : (tensor<2x1x1x8x8x8x3x3xi64>, tensor<2x1x1x8x8x8x3x3xi64>) -> tensor<2x1x1x8x8x8x3x3xi64>
    %538 = prims.broadcast_in_dim %440 {shape = [2 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x1x1x8x8x3x3xi1>) -> tensor<2x1x1x8x8x8x3x3xi1>
    %539 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 8 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], fill_value = -1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x8x8x8x3x3xi64>
    %540 = prims.where %538, %537, %539 : (tensor<2x1x1x8x8x8x3x3xi1>, tensor<2x1x1x8x8x8x3x3xi64>, tensor<2x1x1x8x8x8x3x3xi64>) -> tensor<2x1x1x8x8x8x3x3xi64>
    %541 = prims.broadcast_in_dim %540 {shape = [2 : i64, 1 : i64, 16 : i64, 8 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x1x8x8x8x3x3xi64>) -> tensor<2x1x16x8x8x8x3x3xi64>
    %542 = prims.take %327, %541 : (tensor<2x8x8x8xf32>, tensor<2x1x16x8x8x8x3x3xi64>) -> tensor<2x1x16x8x8x8x3x3xf32>
    %543 = prims.split_dim %p_conv2_weight {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16x8x3x3xf32>) -> tensor<1x16x8x3x3xf32>
    %544 = prims.split_dim %543 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x16x8x3x3xf32>) -> tensor<1x1x16x8x3x3xf32>
    %545 = prims.broadcast_in_dim %544 {shape = [1 : i64, 1 : i64, 16 : i64, 8 : i64, 1 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 5 : i64, 6 : i64]} : (tensor<1x1x16x8x3x3xf32>) -> tensor<1x1x16x8x1x3x3xf32>
    %546 = prims.broadcast_in_dim %545 {shape = [1 : i64, 1 : i64, 16 : i64, 8 : i64, 1 : i64, 1 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x16x8x1x3x3xf32>) -> tensor<1x1x16x8x1x1x3x3xf32>
    %547 = prims.broadcast_in_dim %546 {shape = [2 : i64, 1 : i64, 16 : i64, 8 : i64, 8 : i64, 8 : i64, 3 : i64, 3 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64, 7 : i64]} : (tensor<1x1x16x8x1x1x3x3xf32>) -> tensor<2x1x16x8x8x8x3x3xf32>
    %548 = prims.mul %542, %547 : (tensor<2x1x16x8x8x8x3x3xf32>, tensor<2x1x16x8x8x8x3x3xf32>) -> tensor<2x1x16x8x8x8x3x3xf32>
    %549 = prims.sum %548 {dims = [3 : i64, 6 : i64, 7 : i64]} : (tensor<2x1x16x8x8x8x3x3xf32>) -> tensor<2x1x16x8x8xf32>
    %550 = prims.collapse %549 {start = 1 : i64, end = 2 : i64} : (tensor<2x1x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %551 = prims.split_dim %p_conv2_bias {dim = 0 : i64, outer_length = 1 : i64} : (tensor<16xf32>) -> tensor<1x16xf32>
    %552 = prims.split_dim %551 {dim = 1 : i64, outer_length = 16 : i64} : (tensor<1x16xf32>) -> tensor<1x16x1xf32>
    %553 = prims.split_dim %552 {dim = 2 : i64, outer_length = 1 : i64} : (tensor<1x16x1xf32>) -> tensor<1x16x1x1xf32>
    %554 = prims.broadcast_in_dim %553 {shape = [2 : i64, 16 : i64, 8 : i64, 8 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x16x1x1xf32>) -> tensor<2x16x8x8xf32>
    %555 = prims.add %550, %554 : (tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %556 = prims.full {shape = [2 : i64, 16 : i64, 8 : i64, 8 : i64], fill_value = 0.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x8x8xf32>
    %557 = prims.lt %555, %556 : (tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xi1>
    %558 = prims.full {shape = [], fill_value = 0 : i64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<f32>
    %559 = prims.broadcast_in_dim %558 {shape = [2 : i64, 16 : i64, 8 : i64, 8 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<2x16x8x8xf32>
    %560 = prims.where %557, %559, %555 : (tensor<2x16x8x8xi1>, tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %561 = prims.sum %560 {dims = [3 : i64, 2 : i64]} : (tensor<2x16x8x8xf32>) -> tensor<2x16xf32>
    %562 = prims.broadcast_in_dim %561 {shape = [2 : i64, 16 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1x1xf32>
    %563 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1x1xf32>
    %564 = prims.div %562, %563 : (tensor<2x16x1x1xf32>, tensor<2x16x1x1xf32>) -> tensor<2x16x1x1xf32>
    %565 = prims.squeeze %564 {dimensions = [2 : i64]} : (tensor<2x16x1x1xf32>) -> tensor<2x16x1xf32>
    %566 = prims.squeeze %565 {dimensions = [2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16xf32>
    %567 = prims.matmul %566, %p_fc_weight {transpose_rhs = true} : (tensor<2x16xf32>, tensor<10x16xf32>) -> tensor<2x10xf32>
    %568 = prims.full {shape = [2 : i64, 10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x10xf32>
    %569 = prims.mul %567, %568 : (tensor<2x10xf32>, tensor<2x10xf32>) -> tensor<2x10xf32>
    %570 = prims.full {shape = [10 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<10xf32>
    %571 = prims.mul %p_fc_bias, %570 : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %572 = prims.broadcast_in_dim %571 {shape = [2 : i64, 10 : i64], broadcast_dimensions = [1 : i64]} : (tensor<10xf32>) -> tensor<2x10xf32>
    %573 = prims.add %569, %572 : (tensor<2x10xf32>, tensor<2x10xf32>) -> tensor<2x10xf32>
    func.return %573 : tensor<2x10xf32>
  }
}
