builtin.module {
  tile.kernel @k0_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %in_1: memref<2x16x64xf32, strided<[0, 64, 1]>>, %p_model_transformer_h_0_ln_1_weight: memref<2x16x64xf32, strided<[0, 0, 1]>>, %p_model_transformer_h_0_ln_1_bias: memref<2x16x64xf32, strided<[0, 0, 1]>>, %out: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %out_1: memref<2x16x64xf32, strided<[1024, 64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.add", "prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt", "prims.sub", "prims.mul", "prims.mul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.load %in_1[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 64, 1]>> -> tensor<32x64xf32>
    %4 = arith.addf %2, %3 : tensor<32x64xf32>
    %5 = tile.reduce "sum" %4 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %6 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %7 = arith.divf %5, %6 : tensor<32x1xf32>
    %8 = tile.broadcast %7 : tensor<32x1xf32> -> tensor<32x64xf32>
    %9 = arith.subf %4, %8 : tensor<32x64xf32>
    %10 = arith.mulf %9, %9 : tensor<32x64xf32>
    %11 = tile.reduce "sum" %10 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %12 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %13 = arith.divf %11, %12 : tensor<32x1xf32>
    %14 = tile.reduce "sum" %4 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %15 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %16 = arith.divf %14, %15 : tensor<32x1xf32>
    %17 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %18 = arith.addf %13, %17 : tensor<32x1xf32>
    %19 = math.rsqrt %18 : tensor<32x1xf32>
    %20 = tile.broadcast %16 : tensor<32x1xf32> -> tensor<32x64xf32>
    %21 = arith.subf %4, %20 : tensor<32x64xf32>
    %22 = tile.broadcast %19 : tensor<32x1xf32> -> tensor<32x64xf32>
    %23 = arith.mulf %21, %22 : tensor<32x64xf32>
    %24 = tile.load %p_model_transformer_h_0_ln_1_weight[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %25 = arith.mulf %23, %24 : tensor<32x64xf32>
    %26 = tile.load %p_model_transformer_h_0_ln_1_bias[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %27 = arith.addf %25, %26 : tensor<32x64xf32>
    tile.store %4, %out[%0, %1] {groups = [2 : i64, 1 : i64]} : tensor<32x64xf32>, memref<2x16x64xf32, strided<[1024, 64, 1]>>
    tile.store %27, %out_1[%0, %1] {groups = [2 : i64, 1 : i64]} : tensor<32x64xf32>, memref<2x16x64xf32, strided<[1024, 64, 1]>>
  }
  tile.kernel @k1_matmul_add(%in: memref<32x64xf32, strided<[64, 1]>>, %p_model_transformer_h_0_attn_c_attn_weight: memref<64x192xf32, strided<[192, 1]>>, %p_model_transformer_h_0_attn_c_attn_bias: memref<32x192xf32, strided<[0, 1]>>, %out: memref<32x192xf32, strided<[192, 1]>>) attributes {grid = [1 : i64, 3 : i64, 1 : i64], space = [[], [32 : i64], [192 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_0_attn_c_attn_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x192xf32, strided<[192, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_0_attn_c_attn_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x192xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    tile.store %14, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x192xf32, strided<[192, 1]>>
  }
  tile.kernel @k2_attention(%in: memref<2x4x1x16x16xf32, strided<[3072, 16, 3072, 192, 1]>>, %in_1: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>>, %in_2: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>>, %out: memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>) attributes {grid = [1 : i64, 8 : i64, 1 : i64], space = [[2 : i64, 4 : i64, 1 : i64], [16 : i64], [16 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 4 : i64, kind = "attention", fused = ["prims.attention"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = arith.constant 0 : index
    %3 = tile.load %in[%1, %0, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 3072, 192, 1]>> -> tensor<1x16x16xf32>
    %4 = arith.constant dense<0xff800000> : tensor<1x16x1xf32>
    %5 = arith.constant dense<0.000000e+00> : tensor<1x16x1xf32>
    %6 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
    %7 = arith.constant 1 : index
    %8 = tile.lanes %0 {axis = 1 : i64} : tensor<1x16x1xi32>
    %9 = tile.broadcast %8 : tensor<1x16x1xi32> -> tensor<1x16x16xi32>
    %10 = arith.constant 1 : index
    %11 = arith.addi %0, %10 : index
    %12 = arith.constant 16 : index
    %13 = arith.muli %11, %12 : index
    %14 = arith.constant 15 : index
    %15 = arith.addi %13, %14 : index
    %16 = arith.constant 16 : index
    %17 = arith.divsi %15, %16 : index
    %18 = arith.minsi %17, %7 : index
    %19 = arith.constant 1 : index
    %20, %21, %22 = scf.for %23 = %2 to %18 step %19 iter_args(%24 = %4, %25 = %5, %26 = %6) -> (tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>) {
      %27 = tile.load %in_1[%1, %2, %23] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>> -> tensor<1x16x16xf32>
      %28 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
      %29 = tile.dot %3, %27, %28 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %30 = arith.constant dense<2.500000e-01> : tensor<1x16x16xf32>
      %31 = arith.mulf %29, %30 : tensor<1x16x16xf32>
      %32 = arith.constant dense<0xff800000> : tensor<1x16x16xf32>
      %33 = tile.lanes %23 {axis = 2 : i64} : tensor<1x1x16xi32>
      %34 = tile.broadcast %33 : tensor<1x1x16xi32> -> tensor<1x16x16xi32>
      %35 = arith.constant dense<16> : tensor<1x16x16xi32>
      %36 = tile.cmp "lt" %34, %35 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %37 = tile.cmp "le" %34, %9 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %38 = arith.andi %36, %37 : tensor<1x16x16xi1>
      %39 = tile.select %38, %31, %32 : (tensor<1x16x16xi1>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %40 = tile.reduce "max" %39 at %23 {axis = 2 : i64, propagate_nan = false} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %41 = arith.maximumf %24, %40 : tensor<1x16x1xf32>
      %42 = arith.constant dense<0xff800000> : tensor<1x16x1xf32>
      %43 = tile.cmp "eq" %41, %42 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
      %44 = arith.constant dense<0.000000e+00> : tensor<1x16x1xf32>
      %45 = tile.select %43, %44, %41 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
      %46 = arith.subf %24, %45 : tensor<1x16x1xf32>
      %47 = math.exp %46 : tensor<1x16x1xf32>
      %48 = tile.broadcast %45 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %49 = arith.subf %39, %48 : tensor<1x16x16xf32>
      %50 = math.exp %49 : tensor<1x16x16xf32>
      %51 = arith.mulf %25, %47 : tensor<1x16x1xf32>
      %52 = tile.reduce "sum" %50 at %23 {axis = 2 : i64} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %53 = arith.addf %51, %52 : tensor<1x16x1xf32>
      %54 = tile.load %in_2[%1, %23, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>> -> tensor<1x16x16xf32>
      %55 = tile.broadcast %47 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %56 = arith.mulf %26, %55 : tensor<1x16x16xf32>
      %57 = tile.dot %50, %54, %56 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %41, %53, %57 : tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>
    }
    %58 = arith.constant dense<0.000000e+00> : tensor<1x16x1xf32>
    %59 = tile.cmp "eq" %21, %58 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
    %60 = arith.constant dense<1.000000e+00> : tensor<1x16x1xf32>
    %61 = tile.select %59, %60, %21 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %62 = tile.broadcast %61 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
    %63 = arith.divf %22, %62 : tensor<1x16x16xf32>
    tile.store %63, %out[%1, %0, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>
  }
  tile.kernel @k3_matmul_add(%in: memref<32x64xf32, strided<[64, 1]>>, %p_model_transformer_h_0_attn_c_proj_weight: memref<64x64xf32, strided<[64, 1]>>, %p_model_transformer_h_0_attn_c_proj_bias: memref<32x64xf32, strided<[0, 1]>>, %in_1: memref<32x64xf32, strided<[64, 1]>>, %out: memref<32x64xf32, strided<[64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [32 : i64], [64 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_0_attn_c_proj_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_0_attn_c_proj_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    %15 = tile.load %in_1[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
    %16 = arith.addf %14, %15 : tensor<1x32x64xf32>
    tile.store %16, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x64xf32, strided<[64, 1]>>
  }
  tile.kernel @k4_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %p_model_transformer_h_0_ln_2_weight: memref<2x16x64xf32, strided<[0, 0, 1]>>, %p_model_transformer_h_0_ln_2_bias: memref<2x16x64xf32, strided<[0, 0, 1]>>, %out: memref<2x16x64xf32, strided<[1024, 64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt", "prims.sub", "prims.mul", "prims.mul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = arith.mulf %7, %7 : tensor<32x64xf32>
    %9 = tile.reduce "sum" %8 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %10 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %11 = arith.divf %9, %10 : tensor<32x1xf32>
    %12 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %13 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %14 = arith.divf %12, %13 : tensor<32x1xf32>
    %15 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %16 = arith.addf %11, %15 : tensor<32x1xf32>
    %17 = math.rsqrt %16 : tensor<32x1xf32>
    %18 = tile.broadcast %14 : tensor<32x1xf32> -> tensor<32x64xf32>
    %19 = arith.subf %2, %18 : tensor<32x64xf32>
    %20 = tile.broadcast %17 : tensor<32x1xf32> -> tensor<32x64xf32>
    %21 = arith.mulf %19, %20 : tensor<32x64xf32>
    %22 = tile.load %p_model_transformer_h_0_ln_2_weight[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %23 = arith.mulf %21, %22 : tensor<32x64xf32>
    %24 = tile.load %p_model_transformer_h_0_ln_2_bias[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %25 = arith.addf %23, %24 : tensor<32x64xf32>
    tile.store %25, %out[%0, %1] {groups = [2 : i64, 1 : i64]} : tensor<32x64xf32>, memref<2x16x64xf32, strided<[1024, 64, 1]>>
  }
  tile.kernel @k5_matmul_add_mul_gelu(%in: memref<32x64xf32, strided<[64, 1]>>, %p_model_transformer_h_0_mlp_c_fc_weight: memref<64x256xf32, strided<[256, 1]>>, %p_model_transformer_h_0_mlp_c_fc_bias: memref<32x256xf32, strided<[0, 1]>>, %out: memref<32x256xf32, strided<[256, 1]>>) attributes {grid = [1 : i64, 4 : i64, 1 : i64], space = [[], [32 : i64], [256 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.mul", "prims.pow", "prims.mul", "prims.add", "prims.mul", "prims.tanh", "prims.add", "prims.mul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_0_mlp_c_fc_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x256xf32, strided<[256, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_0_mlp_c_fc_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x256xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    %15 = arith.constant dense<5.000000e-01> : tensor<1x32x64xf32>
    %16 = arith.mulf %14, %15 : tensor<1x32x64xf32>
    %17 = arith.constant dense<3.000000e+00> : tensor<1x32x64xf32>
    %18 = arith.mulf %14, %14 : tensor<1x32x64xf32>
    %19 = arith.mulf %18, %14 : tensor<1x32x64xf32>
    %20 = arith.constant dense<4.471500e-02> : tensor<1x32x64xf32>
    %21 = arith.mulf %19, %20 : tensor<1x32x64xf32>
    %22 = arith.addf %14, %21 : tensor<1x32x64xf32>
    %23 = arith.constant dense<0.797884583> : tensor<1x32x64xf32>
    %24 = arith.mulf %22, %23 : tensor<1x32x64xf32>
    %25 = math.tanh %24 : tensor<1x32x64xf32>
    %26 = arith.constant dense<1.000000e+00> : tensor<1x32x64xf32>
    %27 = arith.addf %25, %26 : tensor<1x32x64xf32>
    %28 = arith.mulf %16, %27 : tensor<1x32x64xf32>
    tile.store %28, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x256xf32, strided<[256, 1]>>
  }
  tile.kernel @k6_matmul_add(%in: memref<32x256xf32, strided<[256, 1]>>, %p_model_transformer_h_0_mlp_c_proj_weight: memref<256x64xf32, strided<[64, 1]>>, %p_model_transformer_h_0_mlp_c_proj_bias: memref<32x64xf32, strided<[0, 1]>>, %in_1: memref<32x64xf32, strided<[64, 1]>>, %out: memref<32x64xf32, strided<[64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [32 : i64], [64 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 8 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x256xf32, strided<[256, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_0_mlp_c_proj_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<256x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_0_mlp_c_proj_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    %15 = tile.load %in_1[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
    %16 = arith.addf %15, %14 : tensor<1x32x64xf32>
    tile.store %16, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x64xf32, strided<[64, 1]>>
  }
  tile.kernel @k7_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %p_model_transformer_h_1_ln_1_weight: memref<2x16x64xf32, strided<[0, 0, 1]>>, %p_model_transformer_h_1_ln_1_bias: memref<2x16x64xf32, strided<[0, 0, 1]>>, %out: memref<2x16x64xf32, strided<[1024, 64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt", "prims.sub", "prims.mul", "prims.mul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = arith.mulf %7, %7 : tensor<32x64xf32>
    %9 = tile.reduce "sum" %8 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %10 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %11 = arith.divf %9, %10 : tensor<32x1xf32>
    %12 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %13 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %14 = arith.divf %12, %13 : tensor<32x1xf32>
    %15 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %16 = arith.addf %11, %15 : tensor<32x1xf32>
    %17 = math.rsqrt %16 : tensor<32x1xf32>
    %18 = tile.broadcast %14 : tensor<32x1xf32> -> tensor<32x64xf32>
    %19 = arith.subf %2, %18 : tensor<32x64xf32>
    %20 = tile.broadcast %17 : tensor<32x1xf32> -> tensor<32x64xf32>
    %21 = arith.mulf %19, %20 : tensor<32x64xf32>
    %22 = tile.load %p_model_transformer_h_1_ln_1_weight[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %23 = arith.mulf %21, %22 : tensor<32x64xf32>
    %24 = tile.load %p_model_transformer_h_1_ln_1_bias[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %25 = arith.addf %23, %24 : tensor<32x64xf32>
    tile.store %25, %out[%0, %1] {groups = [2 : i64, 1 : i64]} : tensor<32x64xf32>, memref<2x16x64xf32, strided<[1024, 64, 1]>>
  }
  tile.kernel @k8_matmul_add(%in: memref<32x64xf32, strided<[64, 1]>>, %p_model_transformer_h_1_attn_c_attn_weight: memref<64x192xf32, strided<[192, 1]>>, %p_model_transformer_h_1_attn_c_attn_bias: memref<32x192xf32, strided<[0, 1]>>, %out: memref<32x192xf32, strided<[192, 1]>>) attributes {grid = [1 : i64, 3 : i64, 1 : i64], space = [[], [32 : i64], [192 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_1_attn_c_attn_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x192xf32, strided<[192, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_1_attn_c_attn_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x192xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    tile.store %14, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x192xf32, strided<[192, 1]>>
  }
  tile.kernel @k9_attention(%in: memref<2x4x1x16x16xf32, strided<[3072, 16, 3072, 192, 1]>>, %in_1: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>>, %in_2: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>>, %out: memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>) attributes {grid = [1 : i64, 8 : i64, 1 : i64], space = [[2 : i64, 4 : i64, 1 : i64], [16 : i64], [16 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 4 : i64, kind = "attention", fused = ["prims.attention"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = arith.constant 0 : index
    %3 = tile.load %in[%1, %0, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 3072, 192, 1]>> -> tensor<1x16x16xf32>
    %4 = arith.constant dense<0xff800000> : tensor<1x16x1xf32>
    %5 = arith.constant dense<0.000000e+00> : tensor<1x16x1xf32>
    %6 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
    %7 = arith.constant 1 : index
    %8 = tile.lanes %0 {axis = 1 : i64} : tensor<1x16x1xi32>
    %9 = tile.broadcast %8 : tensor<1x16x1xi32> -> tensor<1x16x16xi32>
    %10 = arith.constant 1 : index
    %11 = arith.addi %0, %10 : index
    %12 = arith.constant 16 : index
    %13 = arith.muli %11, %12 : index
    %14 = arith.constant 15 : index
    %15 = arith.addi %13, %14 : index
    %16 = arith.constant 16 : index
    %17 = arith.divsi %15, %16 : index
    %18 = arith.minsi %17, %7 : index
    %19 = arith.constant 1 : index
    %20, %21, %22 = scf.for %23 = %2 to %18 step %19 iter_args(%24 = %4, %25 = %5, %26 = %6) -> (tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>) {
      %27 = tile.load %in_1[%1, %2, %23] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>> -> tensor<1x16x16xf32>
      %28 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
      %29 = tile.dot %3, %27, %28 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %30 = arith.constant dense<2.500000e-01> : tensor<1x16x16xf32>
      %31 = arith.mulf %29, %30 : tensor<1x16x16xf32>
      %32 = arith.constant dense<0xff800000> : tensor<1x16x16xf32>
      %33 = tile.lanes %23 {axis = 2 : i64} : tensor<1x1x16xi32>
      %34 = tile.broadcast %33 : tensor<1x1x16xi32> -> tensor<1x16x16xi32>
      %35 = arith.constant dense<16> : tensor<1x16x16xi32>
      %36 = tile.cmp "lt" %34, %35 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %37 = tile.cmp "le" %34, %9 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %38 = arith.andi %36, %37 : tensor<1x16x16xi1>
      %39 = tile.select %38, %31, %32 : (tensor<1x16x16xi1>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %40 = tile.reduce "max" %39 at %23 {axis = 2 : i64, propagate_nan = false} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %41 = arith.maximumf %24, %40 : tensor<1x16x1xf32>
      %42 = arith.constant dense<0xff800000> : tensor<1x16x1xf32>
      %43 = tile.cmp "eq" %41, %42 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
      %44 = arith.constant dense<0.000000e+00> : tensor<1x16x1xf32>
      %45 = tile.select %43, %44, %41 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
      %46 = arith.subf %24, %45 : tensor<1x16x1xf32>
      %47 = math.exp %46 : tensor<1x16x1xf32>
      %48 = tile.broadcast %45 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %49 = arith.subf %39, %48 : tensor<1x16x16xf32>
      %50 = math.exp %49 : tensor<1x16x16xf32>
      %51 = arith.mulf %25, %47 : tensor<1x16x1xf32>
      %52 = tile.reduce "sum" %50 at %23 {axis = 2 : i64} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %53 = arith.addf %51, %52 : tensor<1x16x1xf32>
      %54 = tile.load %in_2[%1, %23, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>> -> tensor<1x16x16xf32>
      %55 = tile.broadcast %47 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %56 = arith.mulf %26, %55 : tensor<1x16x16xf32>
      %57 = tile.dot %50, %54, %56 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %41, %53, %57 : tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>
    }
    %58 = arith.constant dense<0.000000e+00> : tensor<1x16x1xf32>
    %59 = tile.cmp "eq" %21, %58 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
    %60 = arith.constant dense<1.000000e+00> : tensor<1x16x1xf32>
    %61 = tile.select %59, %60, %21 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %62 = tile.broadcast %61 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
    %63 = arith.divf %22, %62 : tensor<1x16x16xf32>
    tile.store %63, %out[%1, %0, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>
  }
  tile.kernel @k10_matmul_add(%in: memref<32x64xf32, strided<[64, 1]>>, %p_model_transformer_h_1_attn_c_proj_weight: memref<64x64xf32, strided<[64, 1]>>, %p_model_transformer_h_1_attn_c_proj_bias: memref<32x64xf32, strided<[0, 1]>>, %in_1: memref<32x64xf32, strided<[64, 1]>>, %out: memref<32x64xf32, strided<[64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [32 : i64], [64 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_1_attn_c_proj_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_1_attn_c_proj_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    %15 = tile.load %in_1[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
    %16 = arith.addf %14, %15 : tensor<1x32x64xf32>
    tile.store %16, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x64xf32, strided<[64, 1]>>
  }
  tile.kernel @k11_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %p_model_transformer_h_1_ln_2_weight: memref<2x16x64xf32, strided<[0, 0, 1]>>, %p_model_transformer_h_1_ln_2_bias: memref<2x16x64xf32, strided<[0, 0, 1]>>, %out: memref<2x16x64xf32, strided<[1024, 64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt", "prims.sub", "prims.mul", "prims.mul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = arith.mulf %7, %7 : tensor<32x64xf32>
    %9 = tile.reduce "sum" %8 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %10 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %11 = arith.divf %9, %10 : tensor<32x1xf32>
    %12 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %13 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %14 = arith.divf %12, %13 : tensor<32x1xf32>
    %15 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %16 = arith.addf %11, %15 : tensor<32x1xf32>
    %17 = math.rsqrt %16 : tensor<32x1xf32>
    %18 = tile.broadcast %14 : tensor<32x1xf32> -> tensor<32x64xf32>
    %19 = arith.subf %2, %18 : tensor<32x64xf32>
    %20 = tile.broadcast %17 : tensor<32x1xf32> -> tensor<32x64xf32>
    %21 = arith.mulf %19, %20 : tensor<32x64xf32>
    %22 = tile.load %p_model_transformer_h_1_ln_2_weight[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %23 = arith.mulf %21, %22 : tensor<32x64xf32>
    %24 = tile.load %p_model_transformer_h_1_ln_2_bias[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %25 = arith.addf %23, %24 : tensor<32x64xf32>
    tile.store %25, %out[%0, %1] {groups = [2 : i64, 1 : i64]} : tensor<32x64xf32>, memref<2x16x64xf32, strided<[1024, 64, 1]>>
  }
  tile.kernel @k12_matmul_add_mul_gelu(%in: memref<32x64xf32, strided<[64, 1]>>, %p_model_transformer_h_1_mlp_c_fc_weight: memref<64x256xf32, strided<[256, 1]>>, %p_model_transformer_h_1_mlp_c_fc_bias: memref<32x256xf32, strided<[0, 1]>>, %out: memref<32x256xf32, strided<[256, 1]>>) attributes {grid = [1 : i64, 4 : i64, 1 : i64], space = [[], [32 : i64], [256 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.mul", "prims.pow", "prims.mul", "prims.add", "prims.mul", "prims.tanh", "prims.add", "prims.mul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_1_mlp_c_fc_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x256xf32, strided<[256, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_1_mlp_c_fc_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x256xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    %15 = arith.constant dense<5.000000e-01> : tensor<1x32x64xf32>
    %16 = arith.mulf %14, %15 : tensor<1x32x64xf32>
    %17 = arith.constant dense<3.000000e+00> : tensor<1x32x64xf32>
    %18 = arith.mulf %14, %14 : tensor<1x32x64xf32>
    %19 = arith.mulf %18, %14 : tensor<1x32x64xf32>
    %20 = arith.constant dense<4.471500e-02> : tensor<1x32x64xf32>
    %21 = arith.mulf %19, %20 : tensor<1x32x64xf32>
    %22 = arith.addf %14, %21 : tensor<1x32x64xf32>
    %23 = arith.constant dense<0.797884583> : tensor<1x32x64xf32>
    %24 = arith.mulf %22, %23 : tensor<1x32x64xf32>
    %25 = math.tanh %24 : tensor<1x32x64xf32>
    %26 = arith.constant dense<1.000000e+00> : tensor<1x32x64xf32>
    %27 = arith.addf %25, %26 : tensor<1x32x64xf32>
    %28 = arith.mulf %16, %27 : tensor<1x32x64xf32>
    tile.store %28, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x256xf32, strided<[256, 1]>>
  }
  tile.kernel @k13_matmul_add(%in: memref<32x256xf32, strided<[256, 1]>>, %p_model_transformer_h_1_mlp_c_proj_weight: memref<256x64xf32, strided<[64, 1]>>, %p_model_transformer_h_1_mlp_c_proj_bias: memref<32x64xf32, strided<[0, 1]>>, %in_1: memref<32x64xf32, strided<[64, 1]>>, %out: memref<32x64xf32, strided<[64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [32 : i64], [64 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 8 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x256xf32, strided<[256, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_transformer_h_1_mlp_c_proj_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<256x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    %13 = tile.load %p_model_transformer_h_1_mlp_c_proj_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %14 = arith.addf %7, %13 : tensor<1x32x64xf32>
    %15 = tile.load %in_1[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x64xf32>
    %16 = arith.addf %15, %14 : tensor<1x32x64xf32>
    tile.store %16, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x64xf32, strided<[64, 1]>>
  }
  tile.kernel @k14_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %p_model_transformer_ln_f_weight: memref<2x16x64xf32, strided<[0, 0, 1]>>, %p_model_transformer_ln_f_bias: memref<2x16x64xf32, strided<[0, 0, 1]>>, %out: memref<2x16x64xf32, strided<[1024, 64, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt", "prims.sub", "prims.mul", "prims.mul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = arith.mulf %7, %7 : tensor<32x64xf32>
    %9 = tile.reduce "sum" %8 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %10 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %11 = arith.divf %9, %10 : tensor<32x1xf32>
    %12 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %13 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %14 = arith.divf %12, %13 : tensor<32x1xf32>
    %15 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %16 = arith.addf %11, %15 : tensor<32x1xf32>
    %17 = math.rsqrt %16 : tensor<32x1xf32>
    %18 = tile.broadcast %14 : tensor<32x1xf32> -> tensor<32x64xf32>
    %19 = arith.subf %2, %18 : tensor<32x64xf32>
    %20 = tile.broadcast %17 : tensor<32x1xf32> -> tensor<32x64xf32>
    %21 = arith.mulf %19, %20 : tensor<32x64xf32>
    %22 = tile.load %p_model_transformer_ln_f_weight[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %23 = arith.mulf %21, %22 : tensor<32x64xf32>
    %24 = tile.load %p_model_transformer_ln_f_bias[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[0, 0, 1]>> -> tensor<32x64xf32>
    %25 = arith.addf %23, %24 : tensor<32x64xf32>
    tile.store %25, %out[%0, %1] {groups = [2 : i64, 1 : i64]} : tensor<32x64xf32>, memref<2x16x64xf32, strided<[1024, 64, 1]>>
  }
  tile.kernel @k15_matmul(%in: memref<32x64xf32, strided<[64, 1]>>, %p_model_lm_head_weight: memref<64x256xf32, strided<[1, 64]>>, %out: memref<32x256xf32, strided<[256, 1]>>) attributes {grid = [1 : i64, 4 : i64, 1 : i64], space = [[], [32 : i64], [256 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %p_model_lm_head_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x256xf32, strided<[1, 64]>> -> tensor<1x32x64xf32>
      %12 = tile.dot %10, %11, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %12 : tensor<1x32x64xf32>
    }
    tile.store %7, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x256xf32, strided<[256, 1]>>
  }
  func.func @forward(%p_model_transformer_wte_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.wte.weight", stepwell.kind = "parameter"}, %p_model_transformer_wpe_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.wpe.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_weight: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.weight", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_bias: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.bias", stepwell.kind = "parameter"}, %p_model_lm_head_weight: tensor<256x64xf32> {stepwell.name = "model.lm_head.weight", stepwell.kind = "parameter"}, %input_ids: tensor<2x16xi64> {stepwell.name = "input_ids", stepwell.kind = "input"}) -> tensor<2x16x256xf32> {
    %0 = prims.extern "aten.index.Tensor"(%p_model_lm_head_weight, %input_ids) {args = [#torch.sym<0>, [#torch.sym<1>]]} : (tensor<256x64xf32>, tensor<2x16xi64>) -> tensor<2x16x64xf32>
    %1 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %2 = prims.broadcast_in_dim %1 {shape = [1 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<1x16xi64>
    %3 = prims.extern "aten.index.Tensor"(%p_model_transformer_wpe_weight, %2) {args = [#torch.sym<0>, [#torch.sym<1>]]} : (tensor<64x64xf32>, tensor<1x16xi64>) -> tensor<1x16x64xf32>
    %4, %5 = tile.launch @k0_layer_norm(%0, %3, %p_model_transformer_h_0_ln_1_weight, %p_model_transformer_h_0_ln_1_bias) : (tensor<2x16x64xf32>, tensor<1x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<2x16x64xf32>, tensor<2x16x64xf32>)
    %6 = tile.launch @k1_matmul_add(%5, %p_model_transformer_h_0_attn_c_attn_weight, %p_model_transformer_h_0_attn_c_attn_bias) : (tensor<2x16x64xf32>, tensor<64x192xf32>, tensor<192xf32>) -> tensor<32x192xf32>
    %7 = tile.launch @k2_attention(%6, %6, %6) : (tensor<32x192xf32>, tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<2x16x4x16xf32>
    %8 = tile.launch @k3_matmul_add(%7, %p_model_transformer_h_0_attn_c_proj_weight, %p_model_transformer_h_0_attn_c_proj_bias, %4) : (tensor<2x16x4x16xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %9 = tile.launch @k4_layer_norm(%8, %p_model_transformer_h_0_ln_2_weight, %p_model_transformer_h_0_ln_2_bias) : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %10 = tile.launch @k5_matmul_add_mul_gelu(%9, %p_model_transformer_h_0_mlp_c_fc_weight, %p_model_transformer_h_0_mlp_c_fc_bias) : (tensor<2x16x64xf32>, tensor<64x256xf32>, tensor<256xf32>) -> tensor<2x16x256xf32>
    %11 = tile.launch @k6_matmul_add(%10, %p_model_transformer_h_0_mlp_c_proj_weight, %p_model_transformer_h_0_mlp_c_proj_bias, %8) : (tensor<2x16x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %12 = tile.launch @k7_layer_norm(%11, %p_model_transformer_h_1_ln_1_weight, %p_model_transformer_h_1_ln_1_bias) : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %13 = tile.launch @k8_matmul_add(%12, %p_model_transformer_h_1_attn_c_attn_weight, %p_model_transformer_h_1_attn_c_attn_bias) : (tensor<2x16x64xf32>, tensor<64x192xf32>, tensor<192xf32>) -> tensor<32x192xf32>
    %14 = tile.launch @k9_attention(%13, %13, %13) : (tensor<32x192xf32>, tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<2x16x4x16xf32>
    %15 = tile.launch @k10_matmul_add(%14, %p_model_transformer_h_1_attn_c_proj_weight, %p_model_transformer_h_1_attn_c_proj_bias, %11) : (tensor<2x16x4x16xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %16 = tile.launch @k11_layer_norm(%15, %p_model_transformer_h_1_ln_2_weight, %p_model_transformer_h_1_ln_2_bias) : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %17 = tile.launch @k12_matmul_add_mul_gelu(%16, %p_model_transformer_h_1_mlp_c_fc_weight, %p_model_transformer_h_1_mlp_c_fc_bias) : (tensor<2x16x64xf32>, tensor<64x256xf32>, tensor<256xf32>) -> tensor<2x16x256xf32>
    %18 = tile.launch @k13_matmul_add(%17, %p_model_transformer_h_1_mlp_c_proj_weight, %p_model_transformer_h_1_mlp_c_proj_bias, %15) : (tensor<2x16x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %19 = tile.launch @k14_layer_norm(%18, %p_model_transformer_ln_f_weight, %p_model_transformer_ln_f_bias) : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %20 = tile.launch @k15_matmul(%19, %p_model_lm_head_weight) : (tensor<2x16x64xf32>, tensor<256x64xf32>) -> tensor<32x256xf32>
    %21 = prims.split_dim %20 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    func.return %21 : tensor<2x16x256xf32>
  }
}
