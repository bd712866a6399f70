builtin.module {
  tile.kernel @k0_sum(%x: memref<1536xf32, strided<[1]>>, %p_conv1_weight: memref<2x1x8x16x16x3x3x3xf32, strided<[0, 216, 27, 0, 0, 9, 3, 1]>>, %out: memref<2x1x8x16x16xf32, strided<[2048, 2048, 256, 16, 1]>>) attributes {grid = [32 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 1 : i64, 8 : i64, 16 : i64, 16 : i64], [3 : i64, 3 : i64, 3 : i64]], block = [128 : i64, 32 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.sub", "prims.add", "prims.ge", "prims.lt", "prims.sub", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.mul", "prims.add", "prims.add", "prims.bitwise_and", "prims.where", "prims.take", "prims.mul", "prims.sum"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.lanes %0 {axis = 0 : i64} : tensor<128x1xi32>
    %3 = tile.cast %2 : tensor<128x1xi32> -> tensor<128x1xi64>
    %4 = tile.broadcast %3 : tensor<128x1xi64> -> tensor<128x32xi64>
    %5 = arith.constant dense<16> : tensor<128x32xi64>
    %6 = arith.divsi %4, %5 : tensor<128x32xi64>
    %7 = arith.remsi %6, %5 : tensor<128x32xi64>
    %8 = arith.constant dense<1> : tensor<128x32xi64>
    %9 = arith.subi %7, %8 : tensor<128x32xi64>
    %10 = tile.lanes %1 {axis = 1 : i64} : tensor<1x32xi32>
    %11 = tile.cast %10 : tensor<1x32xi32> -> tensor<1x32xi64>
    %12 = tile.broadcast %11 : tensor<1x32xi64> -> tensor<128x32xi64>
    %13 = arith.constant dense<3> : tensor<128x32xi64>
    %14 = arith.divsi %12, %13 : tensor<128x32xi64>
    %15 = arith.remsi %14, %13 : tensor<128x32xi64>
    %16 = arith.addi %9, %15 : tensor<128x32xi64>
    %17 = arith.constant dense<0> : tensor<128x32xi64>
    %18 = tile.cmp "ge" %16, %17 : (tensor<128x32xi64>, tensor<128x32xi64>) -> tensor<128x32xi1>
    %19 = tile.cmp "lt" %16, %5 : (tensor<128x32xi64>, tensor<128x32xi64>) -> tensor<128x32xi1>
    %20 = arith.remsi %4, %5 : tensor<128x32xi64>
    %21 = arith.subi %20, %8 : tensor<128x32xi64>
    %22 = arith.remsi %12, %13 : tensor<128x32xi64>
    %23 = arith.addi %21, %22 : tensor<128x32xi64>
    %24 = tile.cmp "ge" %23, %17 : (tensor<128x32xi64>, tensor<128x32xi64>) -> tensor<128x32xi1>
    %25 = tile.cmp "lt" %23, %5 : (tensor<128x32xi64>, tensor<128x32xi64>) -> tensor<128x32xi1>
    %26 = arith.andi %18, %19 : tensor<128x32xi1>
    %27 = arith.andi %24, %25 : tensor<128x32xi1>
    %28 = arith.muli %16, %5 : tensor<128x32xi64>
    %29 = arith.muli %17, %13 : tensor<128x32xi64>
    %30 = arith.constant dense<2048> : tensor<128x32xi64>
    %31 = arith.divsi %4, %30 : tensor<128x32xi64>
    %32 = arith.constant dense<2> : tensor<128x32xi64>
    %33 = arith.remsi %31, %32 : tensor<128x32xi64>
    %34 = arith.muli %33, %13 : tensor<128x32xi64>
    %35 = arith.constant dense<9> : tensor<128x32xi64>
    %36 = arith.divsi %12, %35 : tensor<128x32xi64>
    %37 = arith.remsi %36, %13 : tensor<128x32xi64>
    %38 = arith.addi %29, %37 : tensor<128x32xi64>
    %39 = arith.addi %34, %38 : tensor<128x32xi64>
    %40 = arith.constant dense<256> : tensor<128x32xi64>
    %41 = arith.muli %39, %40 : tensor<128x32xi64>
    %42 = arith.addi %28, %23 : tensor<128x32xi64>
    %43 = arith.addi %41, %42 : tensor<128x32xi64>
    %44 = arith.andi %26, %27 : tensor<128x32xi1>
    %45 = arith.constant dense<-1> : tensor<128x32xi64>
    %46 = tile.select %44, %43, %45 : (tensor<128x32xi1>, tensor<128x32xi64>, tensor<128x32xi64>) -> tensor<128x32xi64>
    %47 = tile.gather %x[%46] : memref<1536xf32, strided<[1]>>, tensor<128x32xi64> -> tensor<128x32xf32>
    %48 = tile.load %p_conv1_weight[%0, %1] {groups = [5 : i64, 3 : i64]} : memref<2x1x8x16x16x3x3x3xf32, strided<[0, 216, 27, 0, 0, 9, 3, 1]>> -> tensor<128x32xf32>
    %49 = arith.mulf %47, %48 : tensor<128x32xf32>
    %50 = tile.reduce "sum" %49 at %1 {axis = 1 : i64} : tensor<128x32xf32> -> tensor<128x1xf32>
    tile.store %50, %out[%0, %1] {groups = [5 : i64, 0 : i64]} : tensor<128x1xf32>, memref<2x1x8x16x16xf32, strided<[2048, 2048, 256, 16, 1]>>
  }
  tile.kernel @k1_amax(%in: memref<4096xf32, strided<[1]>>, %p_conv1_bias: memref<8xf32, strided<[1]>>, %b_bn1_running_mean: memref<8xf32, strided<[1]>>, %b_bn1_running_var: memref<8xf32, strided<[1]>>, %p_bn1_weight: memref<8xf32, strided<[1]>>, %p_bn1_bias: memref<8xf32, strided<[1]>>, %out: memref<2x8x8x8xf32, strided<[512, 64, 8, 1]>>) attributes {grid = [4 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 8 : i64, 8 : i64, 8 : i64], [2 : i64, 2 : i64]], block = [256 : i64, 16 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.bitwise_and", "prims.where", "prims.take", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.where", "prims.take", "prims.add", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.where", "prims.take", "prims.sub", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.where", "prims.take", "prims.add", "prims.sqrt", "prims.reciprocal", "prims.where", "prims.mul", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.where", "prims.take", "prims.mul", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.mul", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.where", "prims.take", "prims.add", "prims.lt", "prims.where", "prims.where", "prims.amax"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.lanes %0 {axis = 0 : i64} : tensor<256x1xi32>
    %3 = tile.cast %2 : tensor<256x1xi32> -> tensor<256x1xi64>
    %4 = tile.broadcast %3 : tensor<256x1xi64> -> tensor<256x16xi64>
    %5 = arith.constant dense<8> : tensor<256x16xi64>
    %6 = arith.divsi %4, %5 : tensor<256x16xi64>
    %7 = arith.remsi %6, %5 : tensor<256x16xi64>
    %8 = arith.constant dense<2> : tensor<256x16xi64>
    %9 = arith.muli %7, %8 : tensor<256x16xi64>
    %10 = tile.lanes %1 {axis = 1 : i64} : tensor<1x16xi32>
    %11 = tile.cast %10 : tensor<1x16xi32> -> tensor<1x16xi64>
    %12 = tile.broadcast %11 : tensor<1x16xi64> -> tensor<256x16xi64>
    %13 = arith.divsi %12, %8 : tensor<256x16xi64>
    %14 = arith.remsi %13, %8 : tensor<256x16xi64>
    %15 = arith.addi %9, %14 : tensor<256x16xi64>
    %16 = arith.constant dense<0> : tensor<256x16xi64>
    %17 = tile.cmp "ge" %15, %16 : (tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi1>
    %18 = arith.constant dense<16> : tensor<256x16xi64>
    %19 = tile.cmp "lt" %15, %18 : (tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi1>
    %20 = arith.remsi %4, %5 : tensor<256x16xi64>
    %21 = arith.muli %20, %8 : tensor<256x16xi64>
    %22 = arith.remsi %12, %8 : tensor<256x16xi64>
    %23 = arith.addi %21, %22 : tensor<256x16xi64>
    %24 = tile.cmp "ge" %23, %16 : (tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi1>
    %25 = tile.cmp "lt" %23, %18 : (tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi1>
    %26 = arith.andi %17, %19 : tensor<256x16xi1>
    %27 = arith.andi %24, %25 : tensor<256x16xi1>
    %28 = arith.muli %15, %18 : tensor<256x16xi64>
    %29 = arith.constant dense<64> : tensor<256x16xi64>
    %30 = arith.divsi %4, %29 : tensor<256x16xi64>
    %31 = arith.remsi %30, %5 : tensor<256x16xi64>
    %32 = arith.constant dense<512> : tensor<256x16xi64>
    %33 = arith.divsi %4, %32 : tensor<256x16xi64>
    %34 = arith.remsi %33, %8 : tensor<256x16xi64>
    %35 = arith.muli %34, %5 : tensor<256x16xi64>
    %36 = arith.addi %31, %35 : tensor<256x16xi64>
    %37 = arith.constant dense<256> : tensor<256x16xi64>
    %38 = arith.muli %36, %37 : tensor<256x16xi64>
    %39 = arith.addi %28, %23 : tensor<256x16xi64>
    %40 = arith.addi %38, %39 : tensor<256x16xi64>
    %41 = arith.andi %26, %27 : tensor<256x16xi1>
    %42 = arith.constant dense<-1> : tensor<256x16xi64>
    %43 = tile.select %41, %40, %42 : (tensor<256x16xi1>, tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi64>
    %44 = tile.gather %in[%43] : memref<4096xf32, strided<[1]>>, tensor<256x16xi64> -> tensor<256x16xf32>
    %45 = arith.divsi %43, %37 : tensor<256x16xi64>
    %46 = arith.remsi %45, %5 : tensor<256x16xi64>
    %47 = tile.cmp "ge" %43, %16 : (tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi1>
    %48 = arith.constant dense<4096> : tensor<256x16xi64>
    %49 = tile.cmp "lt" %43, %48 : (tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi1>
    %50 = arith.andi %47, %49 : tensor<256x16xi1>
    %51 = tile.select %50, %46, %42 : (tensor<256x16xi1>, tensor<256x16xi64>, tensor<256x16xi64>) -> tensor<256x16xi64>
    %52 = tile.gather %p_conv1_bias[%51] : memref<8xf32, strided<[1]>>, tensor<256x16xi64> -> tensor<256x16xf32>
    %53 = arith.addf %44, %52 : tensor<256x16xf32>
    %54 = tile.gather %b_bn1_running_mean[%51] : memref<8xf32, strided<[1]>>, tensor<256x16xi64> -> tensor<256x16xf32>
    %55 = arith.subf %53, %54 : tensor<256x16xf32>
    %56 = tile.gather %b_bn1_running_var[%51] : memref<8xf32, strided<[1]>>, tensor<256x16xi64> -> tensor<256x16xf32>
    %57 = arith.constant dense<1.000000e-05> : tensor<256x16xf32>
    %58 = arith.addf %56, %57 : tensor<256x16xf32>
    %59 = math.sqrt %58 : tensor<256x16xf32>
    %60 = arith.constant dense<1.000000e+00> : tensor<256x16xf32>
    %61 = arith.divf %60, %59 : tensor<256x16xf32>
    %62 = arith.constant dense<0.000000e+00> : tensor<256x16xf32>
    %63 = tile.select %50, %61, %62 : (tensor<256x16xi1>, tensor<256x16xf32>, tensor<256x16xf32>) -> tensor<256x16xf32>
    %64 = arith.mulf %55, %63 : tensor<256x16xf32>
    %65 = tile.gather %p_bn1_weight[%51] : memref<8xf32, strided<[1]>>, tensor<256x16xi64> -> tensor<256x16xf32>
    %66 = arith.mulf %64, %65 : tensor<256x16xf32>
    %67 = tile.gather %p_bn1_bias[%51] : memref<8xf32, strided<[1]>>, tensor<256x16xi64> -> tensor<256x16xf32>
    %68 = arith.addf %66, %67 : tensor<256x16xf32>
    %69 = tile.cmp "lt" %68, %62 : (tensor<256x16xf32>, tensor<256x16xf32>) -> tensor<256x16xi1>
    %70 = tile.select %69, %62, %68 : (tensor<256x16xi1>, tensor<256x16xf32>, tensor<256x16xf32>) -> tensor<256x16xf32>
    %71 = arith.constant dense<0xff800000> : tensor<256x16xf32>
    %72 = tile.select %41, %70, %71 : (tensor<256x16xi1>, tensor<256x16xf32>, tensor<256x16xf32>) -> tensor<256x16xf32>
    %73 = tile.reduce "max" %72 at %1 {axis = 1 : i64} : tensor<256x16xf32> -> tensor<256x1xf32>
    tile.store %73, %out[%0, %1] {groups = [4 : i64, 0 : i64]} : tensor<256x1xf32>, memref<2x8x8x8xf32, strided<[512, 64, 8, 1]>>
  }
  tile.kernel @k2_sum(%in: memref<1024xf32, strided<[1]>>, %p_conv2_weight: memref<2x1x16x8x8x8x3x3xf32, strided<[0, 1152, 72, 0, 0, 9, 3, 1]>>, %p_conv2_bias: memref<2x1x16x8x8xf32, strided<[0, 16, 1, 0, 0]>>, %out: memref<2x1x16x8x8xf32, strided<[1024, 1024, 64, 8, 1]>>) attributes {grid = [64 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 1 : i64, 16 : i64, 8 : i64, 8 : i64], [8 : i64, 3 : i64, 3 : i64]], block = [32 : i64, 128 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.sub", "prims.add", "prims.ge", "prims.lt", "prims.sub", "prims.add", "prims.ge", "prims.lt", "prims.bitwise_and", "prims.bitwise_and", "prims.mul", "prims.mul", "prims.mul", "prims.add", "prims.add", "prims.mul", "prims.add", "prims.add", "prims.bitwise_and", "prims.where", "prims.take", "prims.mul", "prims.sum", "prims.add", "prims.lt", "prims.where"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.lanes %0 {axis = 0 : i64} : tensor<32x1xi32>
    %3 = tile.cast %2 : tensor<32x1xi32> -> tensor<32x1xi64>
    %4 = tile.broadcast %3 : tensor<32x1xi64> -> tensor<32x128xi64>
    %5 = arith.constant dense<8> : tensor<32x128xi64>
    %6 = arith.divsi %4, %5 : tensor<32x128xi64>
    %7 = arith.remsi %6, %5 : tensor<32x128xi64>
    %8 = arith.constant dense<1> : tensor<32x128xi64>
    %9 = arith.subi %7, %8 : tensor<32x128xi64>
    %10 = tile.lanes %1 {axis = 1 : i64} : tensor<1x128xi32>
    %11 = tile.cast %10 : tensor<1x128xi32> -> tensor<1x128xi64>
    %12 = tile.broadcast %11 : tensor<1x128xi64> -> tensor<32x128xi64>
    %13 = arith.constant dense<3> : tensor<32x128xi64>
    %14 = arith.divsi %12, %13 : tensor<32x128xi64>
    %15 = arith.remsi %14, %13 : tensor<32x128xi64>
    %16 = arith.addi %9, %15 : tensor<32x128xi64>
    %17 = arith.constant dense<0> : tensor<32x128xi64>
    %18 = tile.cmp "ge" %16, %17 : (tensor<32x128xi64>, tensor<32x128xi64>) -> tensor<32x128xi1>
    %19 = tile.cmp "lt" %16, %5 : (tensor<32x128xi64>, tensor<32x128xi64>) -> tensor<32x128xi1>
    %20 = arith.remsi %4, %5 : tensor<32x128xi64>
    %21 = arith.subi %20, %8 : tensor<32x128xi64>
    %22 = arith.remsi %12, %13 : tensor<32x128xi64>
    %23 = arith.addi %21, %22 : tensor<32x128xi64>
    %24 = tile.cmp "ge" %23, %17 : (tensor<32x128xi64>, tensor<32x128xi64>) -> tensor<32x128xi1>
    %25 = tile.cmp "lt" %23, %5 : (tensor<32x128xi64>, tensor<32x128xi64>) -> tensor<32x128xi1>
    %26 = arith.andi %18, %19 : tensor<32x128xi1>
    %27 = arith.andi %24, %25 : tensor<32x128xi1>
    %28 = arith.muli %16, %5 : tensor<32x128xi64>
    %29 = arith.muli %17, %5 : tensor<32x128xi64>
    %30 = arith.constant dense<1024> : tensor<32x128xi64>
    %31 = arith.divsi %4, %30 : tensor<32x128xi64>
    %32 = arith.constant dense<2> : tensor<32x128xi64>
    %33 = arith.remsi %31, %32 : tensor<32x128xi64>
    %34 = arith.muli %33, %5 : tensor<32x128xi64>
    %35 = arith.constant dense<9> : tensor<32x128xi64>
    %36 = arith.divsi %12, %35 : tensor<32x128xi64>
    %37 = arith.remsi %36, %5 : tensor<32x128xi64>
    %38 = arith.addi %29, %37 : tensor<32x128xi64>
    %39 = arith.addi %34, %38 : tensor<32x128xi64>
    %40 = arith.constant dense<64> : tensor<32x128xi64>
    %41 = arith.muli %39, %40 : tensor<32x128xi64>
    %42 = arith.addi %28, %23 : tensor<32x128xi64>
    %43 = arith.addi %41, %42 : tensor<32x128xi64>
    %44 = arith.andi %26, %27 : tensor<32x128xi1>
    %45 = arith.constant dense<-1> : tensor<32x128xi64>
    %46 = tile.select %44, %43, %45 : (tensor<32x128xi1>, tensor<32x128xi64>, tensor<32x128xi64>) -> tensor<32x128xi64>
    %47 = tile.gather %in[%46] : memref<1024xf32, strided<[1]>>, tensor<32x128xi64> -> tensor<32x128xf32>
    %48 = tile.load %p_conv2_weight[%0, %1] {groups = [5 : i64, 3 : i64]} : memref<2x1x16x8x8x8x3x3xf32, strided<[0, 1152, 72, 0, 0, 9, 3, 1]>> -> tensor<32x128xf32>
    %49 = arith.mulf %47, %48 : tensor<32x128xf32>
    %50 = tile.reduce "sum" %49 at %1 {axis = 1 : i64} : tensor<32x128xf32> -> tensor<32x1xf32>
    %51 = tile.load %p_conv2_bias[%0, %1] {groups = [5 : i64, 0 : i64]} : memref<2x1x16x8x8xf32, strided<[0, 16, 1, 0, 0]>> -> tensor<32x1xf32>
    %52 = arith.addf %50, %51 : tensor<32x1xf32>
    %53 = arith.constant dense<0.000000e+00> : tensor<32x1xf32>
    %54 = tile.cmp "lt" %52, %53 : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xi1>
    %55 = tile.select %54, %53, %52 : (tensor<32x1xi1>, tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    tile.store %55, %out[%0, %1] {groups = [5 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x1x16x8x8xf32, strided<[1024, 1024, 64, 8, 1]>>
  }
  tile.kernel @k3_sum(%in: memref<2x16x8x8xf32, strided<[1024, 64, 8, 1]>>, %out: memref<2x16xf32, strided<[16, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[2 : i64, 16 : i64], [8 : i64, 8 : i64]], block = [32 : i64, 64 : i64], num_warps = 4 : i64, kind = "reduction", fused = ["prims.sum", "prims.div"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = arith.constant 0 : index
    %2 = tile.load %in[%0, %1] {groups = [2 : i64, 2 : i64]} : memref<2x16x8x8xf32, strided<[1024, 64, 8, 1]>> -> tensor<32x64xf32>
    %3 = tile.reduce "sum" %2 at %1 {axis = 1 : i64} : tensor<32x64xf32> -> tensor<32x1xf32>
    %4 = arith.constant dense<6.400000e+01> : tensor<32x1xf32>
    %5 = arith.divf %3, %4 : tensor<32x1xf32>
    tile.store %5, %out[%0, %1] {groups = [2 : i64, 0 : i64]} : tensor<32x1xf32>, memref<2x16xf32, strided<[16, 1]>>
  }
  tile.kernel @k4_matmul_add(%in: memref<2x16xf32, strided<[16, 1]>>, %p_fc_weight: memref<16x10xf32, strided<[1, 16]>>, %p_fc_bias: memref<2x10xf32, strided<[0, 1]>>, %out: memref<2x10xf32, strided<[10, 1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[], [2 : i64], [10 : i64]], block = [1 : i64, 16 : i64, 16 : i64], num_warps = 4 : i64, kind = "matmul", fused = ["prims.matmul", "prims.add"]} {
    %0 = tile.program_id {axis = 0 : i64} : index
    %1 = tile.program_id {axis = 1 : i64} : index
    %2 = tile.program_id {axis = 2 : i64} : index
    %3 = arith.constant dense<0.000000e+00> : tensor<1x16x16xf32>
    %4 = arith.constant 0 : index
    %5 = arith.constant 1 : index
    %6 = scf.for %7 = %4 to %5 step %5 iter_args(%8 = %3) -> (tensor<1x16x16xf32>) {
      %9 = tile.load %in[%2, %0, %7] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<2x16xf32, strided<[16, 1]>> -> tensor<1x16x16xf32>
      %10 = tile.load %p_fc_weight[%2, %7, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<16x10xf32, strided<[1, 16]>> -> tensor<1x16x16xf32>
      %11 = tile.dot %9, %10, %8 : (tensor<1x16x16xf32>, tensor<1x16x16xf32>, tensor<1x16x16xf32>) -> tensor<1x16x16xf32>
      scf.yield %11 : tensor<1x16x16xf32>
    }
    %12 = tile.load %p_fc_bias[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : memref<2x10xf32, strided<[0, 1]>> -> tensor<1x16x16xf32>
    %13 = arith.addf %6, %12 : tensor<1x16x16xf32>
    tile.store %13, %out[%2, %0, %1] {groups = [0 : i64, 1 : i64, 1 : i64]} : tensor<1x16x16xf32>, memref<2x10xf32, strided<[10, 1]>>
  }
  func.func @forward(%p_conv1_weight: tensor<8x3x3x3xf32> {stepwell.name = "conv1.weight", stepwell.kind = "parameter"}, %p_conv1_bias: tensor<8xf32> {stepwell.name = "conv1.bias", stepwell.kind = "parameter"}, %p_bn1_weight: tensor<8xf32> {stepwell.name = "bn1.weight", stepwell.kind = "parameter"}, %p_bn1_bias: tensor<8xf32> {stepwell.name = "bn1.bias", stepwell.kind = "parameter"}, %p_conv2_weight: tensor<16x8x3x3xf32> {stepwell.name = "conv2.weight", stepwell.kind = "parameter"}, %p_conv2_bias: tensor<16xf32> {stepwell.name = "conv2.bias", stepwell.kind = "parameter"}, %p_fc_weight: tensor<10x16xf32> {stepwell.name = "fc.weight", stepwell.kind = "parameter"}, %p_fc_bias: tensor<10xf32> {stepwell.name = "fc.bias", stepwell.kind = "parameter"}, %b_bn1_running_mean: tensor<8xf32> {stepwell.name = "bn1.running_mean", stepwell.kind = "buffer"}, %b_bn1_running_var: tensor<8xf32> {stepwell.name = "bn1.running_var", stepwell.kind = "buffer"}, %b_bn1_num_batches_tracked: tensor<i64> {stepwell.name = "bn1.num_batches_tracked", stepwell.kind = "buffer"}, %x: tensor<2x3x16x16xf32> {stepwell.name = "x", stepwell.kind = "input"}) -> tensor<2x10xf32> {
    %0 = tile.launch @k0_sum(%x, %p_conv1_weight) : (tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<2x1x8x16x16xf32>
    %1 = tile.launch @k1_amax(%0, %p_conv1_bias, %b_bn1_running_mean, %b_bn1_running_var, %p_bn1_weight, %p_bn1_bias) : (tensor<2x1x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
    %2 = tile.launch @k2_sum(%1, %p_conv2_weight, %p_conv2_bias) : (tensor<2x8x8x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x8x8xf32>
    %3 = tile.launch @k3_sum(%2) : (tensor<2x16x8x8xf32>) -> tensor<2x16x1x1xf32>
    %4 = tile.launch @k4_matmul_add(%3, %p_fc_weight, %p_fc_bias) : (tensor<2x16x1x1xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    func.return %4 : tensor<2x10xf32>
  }
}
