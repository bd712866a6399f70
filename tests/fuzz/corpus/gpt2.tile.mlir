builtin.module {
  tile.kernel @k0_layer_norm(%input_ids: memref<2x16x64xi64, strided<[16, 1, 0]>>, %p_model_lm_head_weight: memref<16384xf32, strided<[1]>>, %p_model_transformer_wpe_weight: memref<4096xf32, strided<[1]>>, %out: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %out_1: memref<2x16xf32, strided<[16, 1]>>, %out_2: memref<2x16xf32, strided<[16, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.check_index", "prims.mul", "prims.add", "prims.add", "prims.take", "prims.mul", "prims.add", "prims.add", "prims.take", "prims.add", "prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %input_ids[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xi64, strided<[16, 1, 0]>> -> tensor<32x64xi64>
    %3 = arith.constant dense<256> : tensor<32x64xi64>
    %4 = arith.constant dense<0> : tensor<32x64xi64>
    %5 = tile.cmp "ge" %2, %4 : (tensor<32x64xi64>, tensor<32x64xi64>) -> tensor<32x64xi1>
    %6 = tile.cmp "lt" %2, %3 : (tensor<32x64xi64>, tensor<32x64xi64>) -> tensor<32x64xi1>
    %7 = arith.andi %5, %6 : tensor<32x64xi1>
    tile.assert %7, "index out of bounds (/work/main/.venv/lib/python3.11/site-packages/transformers/models/gpt2/modeling_gpt2.py:569)" : tensor<32x64xi1>
    %8 = arith.constant dense<64> : tensor<32x64xi64>
    %9 = arith.muli %2, %8 : tensor<32x64xi64>
    %10 = arith.addi %4, %9 : tensor<32x64xi64>
    %11 = tile.lanes %1 {axis = 1 : i64} : tensor<1x64xi32>
    %12 = tile.cast %11 : tensor<1x64xi32> -> tensor<1x64xi64>
    %13 = tile.broadcast %12 : tensor<1x64xi64> -> tensor<32x64xi64>
    %14 = arith.remsi %13, %8 : tensor<32x64xi64>
    %15 = arith.addi %10, %14 : tensor<32x64xi64>
    %16 = tile.gather %p_model_lm_head_weight[%15] : memref<16384xf32, strided<[1]>>, tensor<32x64xi64> -> tensor<32x64xf32>
    %17 = tile.lanes %0 {axis = 0 : i64} : tensor<32x1xi32>
    %18 = tile.cast %17 : tensor<32x1xi32> -> tensor<32x1xi64>
    %19 = tile.broadcast %18 : tensor<32x1xi64> -> tensor<32x64xi64>
    %20 = arith.constant dense<16> : tensor<32x64xi64>
    %21 = arith.remsi %19, %20 : tensor<32x64xi64>
    %22 = arith.muli %21, %8 : tensor<32x64xi64>
    %23 = arith.addi %4, %22 : tensor<32x64xi64>
    %24 = arith.addi %23, %14 : tensor<32x64xi64>
    %25 = tile.gather %p_model_transformer_wpe_weight[%24] : memref<4096xf32, strided<[1]>>, tensor<32x64xi64> -> tensor<32x64xf32>
    %26 = arith.addf %16, %25 : tensor<32x64xf32>
    %27 = tile.reduce "sum" %26 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %28 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %29 = arith.divf %27, %28 : tensor<32x1xf32>
    %30 = tile.broadcast %29 : tensor<32x1xf32> -> tensor<32x64xf32>
    %31 = arith.subf %26, %30 : tensor<32x64xf32>
    %32 = tile.reduce "sum" %31 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %33 = arith.mulf %31, %31 : tensor<32x64xf32>
    %34 = tile.reduce "sum" %33 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %35 = arith.mulf %32, %32 : tensor<32x1xf32>
    %36 = arith.divf %35, %28 : tensor<32x1xf32>
    %37 = arith.subf %34, %36 : tensor<32x1xf32>
    %38 = arith.constant dense<0x7f800000> : tensor<32x1xf32>
    %39 = tile.cmp "eq" %34, %38 : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xi1>
    %40 = tile.select %39, %34, %37 : (tensor<32x1xi1>, tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %41 = arith.divf %40, %28 : tensor<32x1xf32>
    %42 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %43 = arith.addf %41, %42 : tensor<32x1xf32>
    %44 = math.rsqrt %43 : tensor<32x1xf32>
    tile.store %26, %out[%0, %1] {groups = [2 : i64, 1 : i64]} : tensor<32x64xf32>, memref<2x16x64xf32, strided<[1024, 64, 1]>>
    tile.store %29, %out_1[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
    tile.store %44, %out_2[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
  }
  tile.kernel @k1_matmul_add_sub(%in: memref<32x64xf32, strided<[64, 1]>>, %in_1: memref<32x64xf32, strided<[1, 0]>>, %in_2: memref<32x64xf32, strided<[1, 0]>>, %p_model_transformer_h_0_ln_1_weight: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_0_ln_1_bias: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_0_attn_c_attn_weight: memref<64x192xf32, strided<[192, 1]>>, %p_model_transformer_h_0_attn_c_attn_bias: memref<32x192xf32, strided<[0, 1]>>, %out: memref<32x192xf32, strided<[192, 1]>>) attributes {grid = [1 : i64, 3 : i64, 1 : i64], space = [[], [32 : i64], [192 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.sub", "prims.mul", "prims.mul", "prims.add", "prims.matmul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %in_1[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %12 = arith.subf %10, %11 : tensor<1x32x32xf32>
      %13 = tile.load %in_2[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %14 = arith.mulf %12, %13 : tensor<1x32x32xf32>
      %15 = tile.load %p_model_transformer_h_0_ln_1_weight[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %16 = arith.mulf %14, %15 : tensor<1x32x32xf32>
      %17 = tile.load %p_model_transformer_h_0_ln_1_bias[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %18 = arith.addf %16, %17 : tensor<1x32x32xf32>
      %19 = tile.load %p_model_transformer_h_0_attn_c_attn_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x192xf32, strided<[192, 1]>> -> tensor<1x32x64xf32>
      %20 = tile.dot %18, %19, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %20 : tensor<1x32x64xf32>
    }
    %21 = tile.load %p_model_transformer_h_0_attn_c_attn_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x192xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %22 = arith.addf %7, %21 : tensor<1x32x64xf32>
    tile.store %22, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x192xf32, strided<[192, 1]>>
  }
  tile.kernel @k2_attention(%in: memref<2x4x1x16x16xf32, strided<[3072, 16, 3072, 192, 1]>>, %in_1: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>>, %in_2: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>>, %out: memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>) attributes {grid = [1 : i64, 8 : i64, 1 : i64], space = [[2 : i64, 4 : i64, 1 : i64], [16 : i64], [16 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 8 : i64, kind = "attention", fused = ["prims.attention"]} {
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
    %10 = arith.addi %0, %7 : index
    %11 = arith.constant 16 : index
    %12 = arith.muli %10, %11 : index
    %13 = arith.constant 15 : index
    %14 = arith.addi %12, %13 : index
    %15 = arith.divsi %14, %11 : index
    %16 = arith.minsi %15, %7 : index
    %17, %18, %19 = scf.for %20 = %2 to %16 step %7 iter_args(%21 = %4, %22 = %5, %23 = %6) -> (tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>) {
      %24 = tile.load %in_1[%1, %2, %20] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>> -> tensor<1x16x16xf32>
      %25 = tile.dot %3, %24, %6 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %26 = arith.constant dense<2.500000e-01> : tensor<1x16x16xf32>
      %27 = arith.mulf %25, %26 : tensor<1x16x16xf32>
      %28 = arith.constant dense<0xff800000> : tensor<1x16x16xf32>
      %29 = tile.lanes %20 {axis = 2 : i64} : tensor<1x1x16xi32>
      %30 = tile.broadcast %29 : tensor<1x1x16xi32> -> tensor<1x16x16xi32>
      %31 = arith.constant dense<16> : tensor<1x16x16xi32>
      %32 = tile.cmp "lt" %30, %31 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %33 = tile.cmp "le" %30, %9 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %34 = arith.andi %32, %33 : tensor<1x16x16xi1>
      %35 = tile.select %34, %27, %28 : (tensor<1x16x16xi1>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %36 = tile.reduce "max" %35 at %20 {axis = 2 : i64, propagate_nan = false} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %37 = arith.maximumf %21, %36 : tensor<1x16x1xf32>
      %38 = tile.cmp "eq" %37, %4 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
      %39 = tile.select %38, %5, %37 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
      %40 = arith.subf %21, %39 : tensor<1x16x1xf32>
      %41 = math.exp %40 : tensor<1x16x1xf32>
      %42 = tile.broadcast %39 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %43 = arith.subf %35, %42 : tensor<1x16x16xf32>
      %44 = math.exp %43 : tensor<1x16x16xf32>
      %45 = arith.mulf %22, %41 : tensor<1x16x1xf32>
      %46 = tile.reduce "sum" %44 at %20 {axis = 2 : i64} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %47 = arith.addf %45, %46 : tensor<1x16x1xf32>
      %48 = tile.load %in_2[%1, %20, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>> -> tensor<1x16x16xf32>
      %49 = tile.broadcast %41 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %50 = arith.mulf %23, %49 : tensor<1x16x16xf32>
      %51 = tile.dot %44, %48, %50 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %37, %47, %51 : tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>
    }
    %52 = tile.cmp "eq" %18, %5 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
    %53 = arith.constant dense<1.000000e+00> : tensor<1x16x1xf32>
    %54 = tile.select %52, %53, %18 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %55 = tile.broadcast %54 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
    %56 = arith.divf %19, %55 : tensor<1x16x16xf32>
    tile.store %56, %out[%1, %0, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>
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
  tile.kernel @k4_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %out: memref<2x16xf32, strided<[16, 1]>>, %out_1: memref<2x16xf32, strided<[16, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = tile.reduce "sum" %7 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %9 = arith.mulf %7, %7 : tensor<32x64xf32>
    %10 = tile.reduce "sum" %9 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %11 = arith.mulf %8, %8 : tensor<32x1xf32>
    %12 = arith.divf %11, %4 : tensor<32x1xf32>
    %13 = arith.subf %10, %12 : tensor<32x1xf32>
    %14 = arith.constant dense<0x7f800000> : tensor<32x1xf32>
    %15 = tile.cmp "eq" %10, %14 : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xi1>
    %16 = tile.select %15, %10, %13 : (tensor<32x1xi1>, tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %17 = arith.divf %16, %4 : tensor<32x1xf32>
    %18 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %19 = arith.addf %17, %18 : tensor<32x1xf32>
    %20 = math.rsqrt %19 : tensor<32x1xf32>
    tile.store %5, %out[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
    tile.store %20, %out_1[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
  }
  tile.kernel @k5_matmul_add_mul_gelu(%in: memref<32x64xf32, strided<[64, 1]>>, %in_1: memref<32x64xf32, strided<[1, 0]>>, %in_2: memref<32x64xf32, strided<[1, 0]>>, %p_model_transformer_h_0_ln_2_weight: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_0_ln_2_bias: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_0_mlp_c_fc_weight: memref<64x256xf32, strided<[256, 1]>>, %p_model_transformer_h_0_mlp_c_fc_bias: memref<32x256xf32, strided<[0, 1]>>, %out: memref<32x256xf32, strided<[256, 1]>>) attributes {grid = [1 : i64, 4 : i64, 1 : i64], space = [[], [32 : i64], [256 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.sub", "prims.mul", "prims.mul", "prims.add", "prims.matmul", "prims.add", "prims.mul", "prims.pow", "prims.mul", "prims.add", "prims.mul", "prims.tanh", "prims.add", "prims.mul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %in_1[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %12 = arith.subf %10, %11 : tensor<1x32x32xf32>
      %13 = tile.load %in_2[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %14 = arith.mulf %12, %13 : tensor<1x32x32xf32>
      %15 = tile.load %p_model_transformer_h_0_ln_2_weight[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %16 = arith.mulf %14, %15 : tensor<1x32x32xf32>
      %17 = tile.load %p_model_transformer_h_0_ln_2_bias[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %18 = arith.addf %16, %17 : tensor<1x32x32xf32>
      %19 = tile.load %p_model_transformer_h_0_mlp_c_fc_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x256xf32, strided<[256, 1]>> -> tensor<1x32x64xf32>
      %20 = tile.dot %18, %19, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %20 : tensor<1x32x64xf32>
    }
    %21 = tile.load %p_model_transformer_h_0_mlp_c_fc_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x256xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %22 = arith.addf %7, %21 : tensor<1x32x64xf32>
    %23 = arith.constant dense<5.000000e-01> : tensor<1x32x64xf32>
    %24 = arith.mulf %22, %23 : tensor<1x32x64xf32>
    %25 = arith.mulf %22, %22 : tensor<1x32x64xf32>
    %26 = arith.mulf %25, %22 : tensor<1x32x64xf32>
    %27 = arith.constant dense<4.471500e-02> : tensor<1x32x64xf32>
    %28 = arith.mulf %26, %27 : tensor<1x32x64xf32>
    %29 = arith.addf %22, %28 : tensor<1x32x64xf32>
    %30 = arith.constant dense<0.797884583> : tensor<1x32x64xf32>
    %31 = arith.mulf %29, %30 : tensor<1x32x64xf32>
    %32 = math.absf %31 : tensor<1x32x64xf32>
    %33 = arith.constant dense<-2.000000e+00> : tensor<1x32x64xf32>
    %34 = arith.mulf %32, %33 : tensor<1x32x64xf32>
    %35 = math.exp %34 : tensor<1x32x64xf32>
    %36 = arith.constant dense<1.000000e+00> : tensor<1x32x64xf32>
    %37 = arith.subf %35, %36 : tensor<1x32x64xf32>
    %38 = math.log %35 : tensor<1x32x64xf32>
    %39 = arith.divf %34, %38 : tensor<1x32x64xf32>
    %40 = arith.mulf %37, %39 : tensor<1x32x64xf32>
    %41 = arith.constant dense<0x7f800000> : tensor<1x32x64xf32>
    %42 = tile.cmp "eq" %35, %41 : (tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xi1>
    %43 = tile.cmp "eq" %35, %36 : (tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xi1>
    %44 = arith.constant dense<-1.000000e+00> : tensor<1x32x64xf32>
    %45 = tile.cmp "eq" %37, %44 : (tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xi1>
    %46 = tile.select %42, %35, %40 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %47 = tile.select %45, %44, %46 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %48 = tile.select %43, %34, %47 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %49 = arith.negf %48 : tensor<1x32x64xf32>
    %50 = arith.constant dense<2.000000e+00> : tensor<1x32x64xf32>
    %51 = arith.addf %48, %50 : tensor<1x32x64xf32>
    %52 = arith.divf %49, %51 : tensor<1x32x64xf32>
    %53 = arith.bitcast %31 : tensor<1x32x64xf32> to tensor<1x32x64xi32>
    %54 = arith.constant dense<0> : tensor<1x32x64xi32>
    %55 = tile.cmp "lt" %53, %54 : (tensor<1x32x64xi32>, tensor<1x32x64xi32>) -> tensor<1x32x64xi1>
    %56 = arith.negf %52 : tensor<1x32x64xf32>
    %57 = tile.select %55, %56, %52 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %58 = arith.addf %57, %36 : tensor<1x32x64xf32>
    %59 = arith.mulf %24, %58 : tensor<1x32x64xf32>
    tile.store %59, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x256xf32, strided<[256, 1]>>
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
  tile.kernel @k7_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %out: memref<2x16xf32, strided<[16, 1]>>, %out_1: memref<2x16xf32, strided<[16, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = tile.reduce "sum" %7 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %9 = arith.mulf %7, %7 : tensor<32x64xf32>
    %10 = tile.reduce "sum" %9 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %11 = arith.mulf %8, %8 : tensor<32x1xf32>
    %12 = arith.divf %11, %4 : tensor<32x1xf32>
    %13 = arith.subf %10, %12 : tensor<32x1xf32>
    %14 = arith.constant dense<0x7f800000> : tensor<32x1xf32>
    %15 = tile.cmp "eq" %10, %14 : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xi1>
    %16 = tile.select %15, %10, %13 : (tensor<32x1xi1>, tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %17 = arith.divf %16, %4 : tensor<32x1xf32>
    %18 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %19 = arith.addf %17, %18 : tensor<32x1xf32>
    %20 = math.rsqrt %19 : tensor<32x1xf32>
    tile.store %5, %out[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
    tile.store %20, %out_1[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
  }
  tile.kernel @k8_matmul_add_sub(%in: memref<32x64xf32, strided<[64, 1]>>, %in_1: memref<32x64xf32, strided<[1, 0]>>, %in_2: memref<32x64xf32, strided<[1, 0]>>, %p_model_transformer_h_1_ln_1_weight: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_1_ln_1_bias: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_1_attn_c_attn_weight: memref<64x192xf32, strided<[192, 1]>>, %p_model_transformer_h_1_attn_c_attn_bias: memref<32x192xf32, strided<[0, 1]>>, %out: memref<32x192xf32, strided<[192, 1]>>) attributes {grid = [1 : i64, 3 : i64, 1 : i64], space = [[], [32 : i64], [192 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.sub", "prims.mul", "prims.mul", "prims.add", "prims.matmul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %in_1[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %12 = arith.subf %10, %11 : tensor<1x32x32xf32>
      %13 = tile.load %in_2[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %14 = arith.mulf %12, %13 : tensor<1x32x32xf32>
      %15 = tile.load %p_model_transformer_h_1_ln_1_weight[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %16 = arith.mulf %14, %15 : tensor<1x32x32xf32>
      %17 = tile.load %p_model_transformer_h_1_ln_1_bias[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %18 = arith.addf %16, %17 : tensor<1x32x32xf32>
      %19 = tile.load %p_model_transformer_h_1_attn_c_attn_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x192xf32, strided<[192, 1]>> -> tensor<1x32x64xf32>
      %20 = tile.dot %18, %19, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %20 : tensor<1x32x64xf32>
    }
    %21 = tile.load %p_model_transformer_h_1_attn_c_attn_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x192xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %22 = arith.addf %7, %21 : tensor<1x32x64xf32>
    tile.store %22, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x192xf32, strided<[192, 1]>>
  }
  tile.kernel @k9_attention(%in: memref<2x4x1x16x16xf32, strided<[3072, 16, 3072, 192, 1]>>, %in_1: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>>, %in_2: memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>>, %out: memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>) attributes {grid = [1 : i64, 8 : i64, 1 : i64], space = [[2 : i64, 4 : i64, 1 : i64], [16 : i64], [16 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 8 : i64, kind = "attention", fused = ["prims.attention"]} {
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
    %10 = arith.addi %0, %7 : index
    %11 = arith.constant 16 : index
    %12 = arith.muli %10, %11 : index
    %13 = arith.constant 15 : index
    %14 = arith.addi %12, %13 : index
    %15 = arith.divsi %14, %11 : index
    %16 = arith.minsi %15, %7 : index
    %17, %18, %19 = scf.for %20 = %2 to %16 step %7 iter_args(%21 = %4, %22 = %5, %23 = %6) -> (tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>) {
      %24 = tile.load %in_1[%1, %2, %20] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 1, 192], offset: 64>> -> tensor<1x16x16xf32>
      %25 = tile.dot %3, %24, %6 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %26 = arith.constant dense<2.500000e-01> : tensor<1x16x16xf32>
      %27 = arith.mulf %25, %26 : tensor<1x16x16xf32>
      %28 = arith.constant dense<0xff800000> : tensor<1x16x16xf32>
      %29 = tile.lanes %20 {axis = 2 : i64} : tensor<1x1x16xi32>
      %30 = tile.broadcast %29 : tensor<1x1x16xi32> -> tensor<1x16x16xi32>
      %31 = arith.constant dense<16> : tensor<1x16x16xi32>
      %32 = tile.cmp "lt" %30, %31 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %33 = tile.cmp "le" %30, %9 : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
      %34 = arith.andi %32, %33 : tensor<1x16x16xi1>
      %35 = tile.select %34, %27, %28 : (tensor<1x16x16xi1>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      %36 = tile.reduce "max" %35 at %20 {axis = 2 : i64, propagate_nan = false} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %37 = arith.maximumf %21, %36 : tensor<1x16x1xf32>
      %38 = tile.cmp "eq" %37, %4 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
      %39 = tile.select %38, %5, %37 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
      %40 = arith.subf %21, %39 : tensor<1x16x1xf32>
      %41 = math.exp %40 : tensor<1x16x1xf32>
      %42 = tile.broadcast %39 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %43 = arith.subf %35, %42 : tensor<1x16x16xf32>
      %44 = math.exp %43 : tensor<1x16x16xf32>
      %45 = arith.mulf %22, %41 : tensor<1x16x1xf32>
      %46 = tile.reduce "sum" %44 at %20 {axis = 2 : i64} : tensor<1x16x16xf32> -> tensor<1x16x1xf32>
      %47 = arith.addf %45, %46 : tensor<1x16x1xf32>
      %48 = tile.load %in_2[%1, %20, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : memref<2x4x1x16x16xf32, strided<[3072, 16, 0, 192, 1], offset: 128>> -> tensor<1x16x16xf32>
      %49 = tile.broadcast %41 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
      %50 = arith.mulf %23, %49 : tensor<1x16x16xf32>
      %51 = tile.dot %44, %48, %50 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %37, %47, %51 : tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<1x16x16xf32>
    }
    %52 = tile.cmp "eq" %18, %5 : (tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xi1>
    %53 = arith.constant dense<1.000000e+00> : tensor<1x16x1xf32>
    %54 = tile.select %52, %53, %18 : (tensor<1x16x1xi1>, tensor<1x16x1xf32>, tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %55 = tile.broadcast %54 : tensor<1x16x1xf32> -> tensor<1x16x16xf32>
    %56 = arith.divf %19, %55 : tensor<1x16x16xf32>
    tile.store %56, %out[%1, %0, %2] {groups = [3 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<2x4x1x16x16xf32, strided<[1024, 16, 1024, 64, 1]>>
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
  tile.kernel @k11_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %out: memref<2x16xf32, strided<[16, 1]>>, %out_1: memref<2x16xf32, strided<[16, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = tile.reduce "sum" %7 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %9 = arith.mulf %7, %7 : tensor<32x64xf32>
    %10 = tile.reduce "sum" %9 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %11 = arith.mulf %8, %8 : tensor<32x1xf32>
    %12 = arith.divf %11, %4 : tensor<32x1xf32>
    %13 = arith.subf %10, %12 : tensor<32x1xf32>
    %14 = arith.constant dense<0x7f800000> : tensor<32x1xf32>
    %15 = tile.cmp "eq" %10, %14 : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xi1>
    %16 = tile.select %15, %10, %13 : (tensor<32x1xi1>, tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %17 = arith.divf %16, %4 : tensor<32x1xf32>
    %18 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %19 = arith.addf %17, %18 : tensor<32x1xf32>
    %20 = math.rsqrt %19 : tensor<32x1xf32>
    tile.store %5, %out[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
    tile.store %20, %out_1[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
  }
  tile.kernel @k12_matmul_add_mul_gelu(%in: memref<32x64xf32, strided<[64, 1]>>, %in_1: memref<32x64xf32, strided<[1, 0]>>, %in_2: memref<32x64xf32, strided<[1, 0]>>, %p_model_transformer_h_1_ln_2_weight: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_1_ln_2_bias: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_h_1_mlp_c_fc_weight: memref<64x256xf32, strided<[256, 1]>>, %p_model_transformer_h_1_mlp_c_fc_bias: memref<32x256xf32, strided<[0, 1]>>, %out: memref<32x256xf32, strided<[256, 1]>>) attributes {grid = [1 : i64, 4 : i64, 1 : i64], space = [[], [32 : i64], [256 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.sub", "prims.mul", "prims.mul", "prims.add", "prims.matmul", "prims.add", "prims.mul", "prims.pow", "prims.mul", "prims.add", "prims.mul", "prims.tanh", "prims.add", "prims.mul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %in_1[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %12 = arith.subf %10, %11 : tensor<1x32x32xf32>
      %13 = tile.load %in_2[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %14 = arith.mulf %12, %13 : tensor<1x32x32xf32>
      %15 = tile.load %p_model_transformer_h_1_ln_2_weight[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %16 = arith.mulf %14, %15 : tensor<1x32x32xf32>
      %17 = tile.load %p_model_transformer_h_1_ln_2_bias[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %18 = arith.addf %16, %17 : tensor<1x32x32xf32>
      %19 = tile.load %p_model_transformer_h_1_mlp_c_fc_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x256xf32, strided<[256, 1]>> -> tensor<1x32x64xf32>
      %20 = tile.dot %18, %19, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %20 : tensor<1x32x64xf32>
    }
    %21 = tile.load %p_model_transformer_h_1_mlp_c_fc_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x256xf32, strided<[0, 1]>> -> tensor<1x32x64xf32>
    %22 = arith.addf %7, %21 : tensor<1x32x64xf32>
    %23 = arith.constant dense<5.000000e-01> : tensor<1x32x64xf32>
    %24 = arith.mulf %22, %23 : tensor<1x32x64xf32>
    %25 = arith.mulf %22, %22 : tensor<1x32x64xf32>
    %26 = arith.mulf %25, %22 : tensor<1x32x64xf32>
    %27 = arith.constant dense<4.471500e-02> : tensor<1x32x64xf32>
    %28 = arith.mulf %26, %27 : tensor<1x32x64xf32>
    %29 = arith.addf %22, %28 : tensor<1x32x64xf32>
    %30 = arith.constant dense<0.797884583> : tensor<1x32x64xf32>
    %31 = arith.mulf %29, %30 : tensor<1x32x64xf32>
    %32 = math.absf %31 : tensor<1x32x64xf32>
    %33 = arith.constant dense<-2.000000e+00> : tensor<1x32x64xf32>
    %34 = arith.mulf %32, %33 : tensor<1x32x64xf32>
    %35 = math.exp %34 : tensor<1x32x64xf32>
    %36 = arith.constant dense<1.000000e+00> : tensor<1x32x64xf32>
    %37 = arith.subf %35, %36 : tensor<1x32x64xf32>
    %38 = math.log %35 : tensor<1x32x64xf32>
    %39 = arith.divf %34, %38 : tensor<1x32x64xf32>
    %40 = arith.mulf %37, %39 : tensor<1x32x64xf32>
    %41 = arith.constant dense<0x7f800000> : tensor<1x32x64xf32>
    %42 = tile.cmp "eq" %35, %41 : (tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xi1>
    %43 = tile.cmp "eq" %35, %36 : (tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xi1>
    %44 = arith.constant dense<-1.000000e+00> : tensor<1x32x64xf32>
    %45 = tile.cmp "eq" %37, %44 : (tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xi1>
    %46 = tile.select %42, %35, %40 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %47 = tile.select %45, %44, %46 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %48 = tile.select %43, %34, %47 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %49 = arith.negf %48 : tensor<1x32x64xf32>
    %50 = arith.constant dense<2.000000e+00> : tensor<1x32x64xf32>
    %51 = arith.addf %48, %50 : tensor<1x32x64xf32>
    %52 = arith.divf %49, %51 : tensor<1x32x64xf32>
    %53 = arith.bitcast %31 : tensor<1x32x64xf32> to tensor<1x32x64xi32>
    %54 = arith.constant dense<0> : tensor<1x32x64xi32>
    %55 = tile.cmp "lt" %53, %54 : (tensor<1x32x64xi32>, tensor<1x32x64xi32>) -> tensor<1x32x64xi1>
    %56 = arith.negf %52 : tensor<1x32x64xf32>
    %57 = tile.select %55, %56, %52 : (tensor<1x32x64xi1>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
    %58 = arith.addf %57, %36 : tensor<1x32x64xf32>
    %59 = arith.mulf %24, %58 : tensor<1x32x64xf32>
    tile.store %59, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x256xf32, strided<[256, 1]>>
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
  tile.kernel @k14_layer_norm(%in: memref<2x16x64xf32, strided<[1024, 64, 1]>>, %out: memref<2x16xf32, strided<[16, 1]>>, %out_1: memref<2x16xf32, strided<[16, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [64 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.var", "prims.sum", "prims.div", "prims.add", "prims.rsqrt"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 1 : i64]} : memref<2x16x64xf32, strided<[1024, 64, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    %6 = tile.broadcast %5 : tensor<32x1xf32> -> tensor<32x64xf32>
    %7 = arith.subf %2, %6 : tensor<32x64xf32>
    %8 = tile.reduce "sum" %7 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %9 = arith.mulf %7, %7 : tensor<32x64xf32>
    %10 = tile.reduce "sum" %9 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %11 = arith.mulf %8, %8 : tensor<32x1xf32>
    %12 = arith.divf %11, %4 : tensor<32x1xf32>
    %13 = arith.subf %10, %12 : tensor<32x1xf32>
    %14 = arith.constant dense<0x7f800000> : tensor<32x1xf32>
    %15 = tile.cmp "eq" %10, %14 : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xi1>
    %16 = tile.select %15, %10, %13 : (tensor<32x1xi1>, tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %17 = arith.divf %16, %4 : tensor<32x1xf32>
    %18 = arith.constant dense<1.000000e-05> : tensor<32x1xf32>
    %19 = arith.addf %17, %18 : tensor<32x1xf32>
    %20 = math.rsqrt %19 : tensor<32x1xf32>
    tile.store %5, %out[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
    tile.store %20, %out_1[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
  }
  tile.kernel @k15_matmul_sub_mul(%in: memref<32x64xf32, strided<[64, 1]>>, %in_1: memref<32x64xf32, strided<[1, 0]>>, %in_2: memref<32x64xf32, strided<[1, 0]>>, %p_model_transformer_ln_f_weight: memref<32x64xf32, strided<[0, 1]>>, %p_model_transformer_ln_f_bias: memref<32x64xf32, strided<[0, 1]>>, %p_model_lm_head_weight: memref<64x256xf32, strided<[1, 64]>>, %out: memref<32x256xf32, strided<[256, 1]>>) attributes {grid = [1 : i64, 4 : i64, 1 : i64], space = [[], [32 : i64], [256 : i64]], block = [1 : i64, 32 : i64, 64 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.sub", "prims.mul", "prims.mul", "prims.add", "prims.matmul"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x32x64xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 2 : index
    %6 = arith.constant 1 : index
    %7 = scf.for %8 = %4 to %5 step %6 iter_args(%9 = %3) -> (tensor<1x32x64xf32>) {
      %10 = tile.load %in[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[64, 1]>> -> tensor<1x32x32xf32>
      %11 = tile.load %in_1[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %12 = arith.subf %10, %11 : tensor<1x32x32xf32>
      %13 = tile.load %in_2[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[1, 0]>> -> tensor<1x32x32xf32>
      %14 = arith.mulf %12, %13 : tensor<1x32x32xf32>
      %15 = tile.load %p_model_transformer_ln_f_weight[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %16 = arith.mulf %14, %15 : tensor<1x32x32xf32>
      %17 = tile.load %p_model_transformer_ln_f_bias[%2, %0, %8] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<32x64xf32, strided<[0, 1]>> -> tensor<1x32x32xf32>
      %18 = arith.addf %16, %17 : tensor<1x32x32xf32>
      %19 = tile.load %p_model_lm_head_weight[%2, %8, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<64x256xf32, strided<[1, 64]>> -> tensor<1x32x64xf32>
      %20 = tile.dot %18, %19, %9 : (tensor<1x32x32xf32>, tensor<1x32x64xf32>, tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
      scf.yield %20 : tensor<1x32x64xf32>
    }
    tile.store %7, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x32x64xf32>, memref<32x256xf32, strided<[256, 1]>>
  }
  func.func @forward(%p_model_transformer_wte_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.wte.weight", stepwell.kind = "parameter"}, %p_model_transformer_wpe_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.wpe.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_weight: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.weight", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_bias: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.bias", stepwell.kind = "parameter"}, %p_model_lm_head_weight: tensor<256x64xf32> {stepwell.name = "model.lm_head.weight", stepwell.kind = "parameter"}, %input_ids: tensor<2x16xi64> {stepwell.name = "input_ids", stepwell.kind = "input"}) -> tensor<2x16x256xf32> {
    %0, %1, %2 = tile.launch @k0_layer_norm(%input_ids, %p_model_lm_head_weight, %p_model_transformer_wpe_weight) : (tensor<2x16xi64>, tensor<256x64xf32>, tensor<64x64xf32>) -> (tensor<2x16x64xf32>, tensor<2x16x1xf32>, tensor<2x16x1xf32>)
    %3 = tile.launch @k1_matmul_add_sub(%0, %1, %2, %p_model_transformer_h_0_ln_1_weight, %p_model_transformer_h_0_ln_1_bias, %p_model_transformer_h_0_attn_c_attn_weight, %p_model_transformer_h_0_attn_c_attn_bias) : (tensor<2x16x64xf32>, tensor<2x16x1xf32>, tensor<2x16x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x192xf32>, tensor<192xf32>) -> tensor<32x192xf32>
    %4 = tile.launch @k2_attention(%3, %3, %3) : (tensor<32x192xf32>, tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<2x16x4x16xf32>
    %5 = tile.launch @k3_matmul_add(%4, %p_model_transformer_h_0_attn_c_proj_weight, %p_model_transformer_h_0_attn_c_proj_bias, %0) : (tensor<2x16x4x16xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %6, %7 = tile.launch @k4_layer_norm(%5) : (tensor<2x16x64xf32>) -> (tensor<2x16x1xf32>, tensor<2x16x1xf32>)
    %8 = tile.launch @k5_matmul_add_mul_gelu(%5, %6, %7, %p_model_transformer_h_0_ln_2_weight, %p_model_transformer_h_0_ln_2_bias, %p_model_transformer_h_0_mlp_c_fc_weight, %p_model_transformer_h_0_mlp_c_fc_bias) : (tensor<2x16x64xf32>, tensor<2x16x1xf32>, tensor<2x16x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256xf32>) -> tensor<2x16x256xf32>
    %9 = tile.launch @k6_matmul_add(%8, %p_model_transformer_h_0_mlp_c_proj_weight, %p_model_transformer_h_0_mlp_c_proj_bias, %5) : (tensor<2x16x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %10, %11 = tile.launch @k7_layer_norm(%9) : (tensor<2x16x64xf32>) -> (tensor<2x16x1xf32>, tensor<2x16x1xf32>)
    %12 = tile.launch @k8_matmul_add_sub(%9, %10, %11, %p_model_transformer_h_1_ln_1_weight, %p_model_transformer_h_1_ln_1_bias, %p_model_transformer_h_1_attn_c_attn_weight, %p_model_transformer_h_1_attn_c_attn_bias) : (tensor<2x16x64xf32>, tensor<2x16x1xf32>, tensor<2x16x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x192xf32>, tensor<192xf32>) -> tensor<32x192xf32>
    %13 = tile.launch @k9_attention(%12, %12, %12) : (tensor<32x192xf32>, tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<2x16x4x16xf32>
    %14 = tile.launch @k10_matmul_add(%13, %p_model_transformer_h_1_attn_c_proj_weight, %p_model_transformer_h_1_attn_c_proj_bias, %9) : (tensor<2x16x4x16xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %15, %16 = tile.launch @k11_layer_norm(%14) : (tensor<2x16x64xf32>) -> (tensor<2x16x1xf32>, tensor<2x16x1xf32>)
    %17 = tile.launch @k12_matmul_add_mul_gelu(%14, %15, %16, %p_model_transformer_h_1_ln_2_weight, %p_model_transformer_h_1_ln_2_bias, %p_model_transformer_h_1_mlp_c_fc_weight, %p_model_transformer_h_1_mlp_c_fc_bias) : (tensor<2x16x64xf32>, tensor<2x16x1xf32>, tensor<2x16x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256xf32>) -> tensor<2x16x256xf32>
    %18 = tile.launch @k13_matmul_add(%17, %p_model_transformer_h_1_mlp_c_proj_weight, %p_model_transformer_h_1_mlp_c_proj_bias, %14) : (tensor<2x16x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %19, %20 = tile.launch @k14_layer_norm(%18) : (tensor<2x16x64xf32>) -> (tensor<2x16x1xf32>, tensor<2x16x1xf32>)
    %21 = tile.launch @k15_matmul_sub_mul(%18, %19, %20, %p_model_transformer_ln_f_weight, %p_model_transformer_ln_f_bias, %p_model_lm_head_weight) : (tensor<2x16x64xf32>, tensor<2x16x1xf32>, tensor<2x16x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>) -> tensor<32x256xf32>
    %22 = prims.split_dim %21 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    func.return %22 : tensor<2x16x256xf32>
  }
}
