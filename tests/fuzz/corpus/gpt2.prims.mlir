builtin.module {
  func.func @forward(%p_model_transformer_wte_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.wte.weight", stepwell.kind = "parameter"}, %p_model_transformer_wpe_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.wpe.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_weight: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.weight", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_bias: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.bias", stepwell.kind = "parameter"}, %p_model_lm_head_weight: tensor<256x64xf32> {stepwell.name = "model.lm_head.weight", stepwell.kind = "parameter"}, %input_ids: tensor<2x16xi64> {stepwell.name = "input_ids", stepwell.kind = "input"}) -> tensor<2x16x256xf32> {
    %0 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1xi64>
    %1 = prims.fill %0 {value = 0 : i64} : (tensor<1x1x1xi64>) -> tensor<1x1x1xi64>
    %2 = prims.full {shape = [], fill_value = 256 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %3 = prims.broadcast_in_dim %2 {shape = [2 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x16xi64>
    %4 = prims.check_index %input_ids, %3 : (tensor<2x16xi64>, tensor<2x16xi64>) -> tensor<2x16xi64>
    %5 = prims.full {shape = [2 : i64, 16 : i64], fill_value = 64 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x16xi64>
    %6 = prims.mul %4, %5 : (tensor<2x16xi64>, tensor<2x16xi64>) -> tensor<2x16xi64>
    %7 = prims.split_dim %6 {dim = 1 : i64, outer_length = 16 : i64} : (tensor<2x16xi64>) -> tensor<2x16x1xi64>
    %8 = prims.broadcast_in_dim %1 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x1xi64>) -> tensor<2x16x1xi64>
    %9 = prims.add %8, %7 : (tensor<2x16x1xi64>, tensor<2x16x1xi64>) -> tensor<2x16x1xi64>
    %10 = prims.iota {length = 64 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<64xi64>
    %11 = prims.split_dim %10 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<64xi64>) -> tensor<1x64xi64>
    %12 = prims.split_dim %11 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x64xi64>) -> tensor<1x1x64xi64>
    %13 = prims.full {shape = [1 : i64, 1 : i64, 64 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x64xi64>
    %14 = prims.mul %12, %13 : (tensor<1x1x64xi64>, tensor<1x1x64xi64>) -> tensor<1x1x64xi64>
    %15 = prims.broadcast_in_dim %9 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xi64>) -> tensor<2x16x64xi64>
    %16 = prims.broadcast_in_dim %14 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x64xi64>) -> tensor<2x16x64xi64>
    %17 = prims.add %15, %16 : (tensor<2x16x64xi64>, tensor<2x16x64xi64>) -> tensor<2x16x64xi64>
    %18 = prims.broadcast_in_dim %17 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x64xi64>) -> tensor<2x16x64xi64>
    %19 = prims.take %p_model_lm_head_weight, %18 : (tensor<256x64xf32>, tensor<2x16x64xi64>) -> tensor<2x16x64xf32>
    %20 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %21 = prims.full {shape = [16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %22 = prims.add %20, %21 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
    %23 = prims.broadcast_in_dim %22 {shape = [1 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<1x16xi64>
    %24 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1xi64>
    %25 = prims.fill %24 {value = 0 : i64} : (tensor<1x1x1xi64>) -> tensor<1x1x1xi64>
    %26 = prims.full {shape = [], fill_value = 64 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %27 = prims.broadcast_in_dim %26 {shape = [1 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<1x16xi64>
    %28 = prims.check_index %23, %27 : (tensor<1x16xi64>, tensor<1x16xi64>) -> tensor<1x16xi64>
    %29 = prims.full {shape = [1 : i64, 16 : i64], fill_value = 64 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x16xi64>
    %30 = prims.mul %28, %29 : (tensor<1x16xi64>, tensor<1x16xi64>) -> tensor<1x16xi64>
    %31 = prims.split_dim %30 {dim = 1 : i64, outer_length = 16 : i64} : (tensor<1x16xi64>) -> tensor<1x16x1xi64>
    %32 = prims.broadcast_in_dim %25 {shape = [1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x1xi64>) -> tensor<1x16x1xi64>
    %33 = prims.add %32, %31 : (tensor<1x16x1xi64>, tensor<1x16x1xi64>) -> tensor<1x16x1xi64>
    %34 = prims.iota {length = 64 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<64xi64>
    %35 = prims.split_dim %34 {dim = 0 : i64, outer_length = 1 : i64} : (tensor<64xi64>) -> tensor<1x64xi64>
    %36 = prims.split_dim %35 {dim = 1 : i64, outer_length = 1 : i64} : (tensor<1x64xi64>) -> tensor<1x1x64xi64>
    %37 = prims.full {shape = [1 : i64, 1 : i64, 64 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x64xi64>
    %38 = prims.mul %36, %37 : (tensor<1x1x64xi64>, tensor<1x1x64xi64>) -> tensor<1x1x64xi64>
    %39 = prims.broadcast_in_dim %33 {shape = [1 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x16x1xi64>) -> tensor<1x16x64xi64>
    %40 = prims.broadcast_in_dim %38 {shape = [1 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x64xi64>) -> tensor<1x16x64xi64>
    %41 = prims.add %39, %40 : (tensor<1x16x64xi64>, tensor<1x16x64xi64>) -> tensor<1x16x64xi64>
    %42 = prims.broadcast_in_dim %41 {shape = [1 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x16x64xi64>) -> tensor<1x16x64xi64>
    %43 = prims.take %p_model_transformer_wpe_weight, %42 : (tensor<64x64xf32>, tensor<1x16x64xi64>) -> tensor<1x16x64xf32>
    %44 = prims.broadcast_in_dim %43 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x16x64xf32>) -> tensor<2x16x64xf32>
    %45 = prims.add %19, %44 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %46 = prims.broadcast_in_dim %23 {shape = [2 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x16xi64>) -> tensor<2x16xi64>
    %47 = prims.slice %46 {start_indices = [0 : i64, 0 : i64], limit_indices = [2 : i64, 1 : i64], strides = [1 : i64, 1 : i64]} : (tensor<2x16xi64>) -> tensor<2x1xi64>
    %48 = prims.full {shape = [2 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1xi64>
    %49 = prims.sub %47, %48 : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi64>
    %50 = prims.iota {length = 17 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<17xi64>
    %51 = prims.reshape %50 {shape = [1 : i64, 17 : i64]} : (tensor<17xi64>) -> tensor<1x17xi64>
    %52 = prims.full {shape = [1 : i64, 17 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x17xi64>
    %53 = prims.sub %51, %52 : (tensor<1x17xi64>, tensor<1x17xi64>) -> tensor<1x17xi64>
    %54 = prims.full {shape = [1 : i64, 17 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x17xi64>
    %55 = prims.mul %53, %54 : (tensor<1x17xi64>, tensor<1x17xi64>) -> tensor<1x17xi64>
    %56 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %57 = prims.reshape %56 {shape = [2 : i64, 1 : i64]} : (tensor<2xi64>) -> tensor<2x1xi64>
    %58 = prims.full {shape = [2 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1xi64>
    %59 = prims.mul %57, %58 : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi64>
    %60 = prims.broadcast_in_dim %55 {shape = [2 : i64, 17 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x17xi64>) -> tensor<2x17xi64>
    %61 = prims.broadcast_in_dim %59 {shape = [2 : i64, 17 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x1xi64>) -> tensor<2x17xi64>
    %62 = prims.add %60, %61 : (tensor<2x17xi64>, tensor<2x17xi64>) -> tensor<2x17xi64>
    %63 = prims.broadcast_in_dim %62 {shape = [2 : i64, 17 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x17xi64>) -> tensor<2x17xi64>
    %64 = prims.take %49, %63 : (tensor<2x1xi64>, tensor<2x17xi64>) -> tensor<2x17xi64>
    %65 = prims.full {shape = [1 : i64, 17 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x17xi64>
    %66 = prims.sub %51, %65 : (tensor<1x17xi64>, tensor<1x17xi64>) -> tensor<1x17xi64>
    %67 = prims.full {shape = [1 : i64, 17 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x17xi64>
    %68 = prims.mul %66, %67 : (tensor<1x17xi64>, tensor<1x17xi64>) -> tensor<1x17xi64>
    %69 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %70 = prims.reshape %69 {shape = [2 : i64, 1 : i64]} : (tensor<2xi64>) -> tensor<2x1xi64>
    %71 = prims.full {shape = [2 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1xi64>
    %72 = prims.mul %70, %71 : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi64>
    %73 = prims.broadcast_in_dim %68 {shape = [2 : i64, 17 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x17xi64>) -> tensor<2x17xi64>
    %74 = prims.broadcast_in_dim %72 {shape = [2 : i64, 17 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x1xi64>) -> tensor<2x17xi64>
    %75 = prims.add %73, %74 : (tensor<2x17xi64>, tensor<2x17xi64>) -> tensor<2x17xi64>
    %76 = prims.broadcast_in_dim %75 {shape = [2 : i64, 17 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x17xi64>) -> tensor<2x17xi64>
    %77 = prims.take %46, %76 : (tensor<2x16xi64>, tensor<2x17xi64>) -> tensor<2x17xi64>
    %78 = prims.full {shape = [1 : i64, 17 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x17xi64>
    %79 = prims.ge %51, %78 : (tensor<1x17xi64>, tensor<1x17xi64>) -> tensor<1x17xi1>
    %80 = prims.broadcast_in_dim %79 {shape = [2 : i64, 17 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x17xi1>) -> tensor<2x17xi1>
    %81 = prims.where %80, %77, %64 : (tensor<2x17xi1>, tensor<2x17xi64>, tensor<2x17xi64>) -> tensor<2x17xi64>
    %82 = prims.slice %81 {start_indices = [0 : i64, 0 : i64], limit_indices = [2 : i64, 16 : i64], strides = [1 : i64, 1 : i64]} : (tensor<2x17xi64>) -> tensor<2x16xi64>
    %83 = prims.slice %81 {start_indices = [0 : i64, 1 : i64], limit_indices = [2 : i64, 17 : i64], strides = [1 : i64, 1 : i64]} : (tensor<2x17xi64>) -> tensor<2x16xi64>
    %84 = prims.sub %83, %82 : (tensor<2x16xi64>, tensor<2x16xi64>) -> tensor<2x16xi64>
    %85 = prims.full {shape = [2 : i64, 16 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x16xi64>
    %86 = prims.ne %84, %85 : (tensor<2x16xi64>, tensor<2x16xi64>) -> tensor<2x16xi1>
    %87 = prims.convert_element_type %86 {dtype = i64} : (tensor<2x16xi1>) -> tensor<2x16xi64>
    %88 = prims.scan %87 {dim = 1 : i64, kind = "sum"} : (tensor<2x16xi64>) -> tensor<2x16xi64>
    %89 = prims.broadcast_in_dim %23 {shape = [2 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x16xi64>) -> tensor<2x16xi64>
    %90 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %91 = prims.iota {length = 1 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1xi64>
    %92 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %93 = prims.full {shape = [16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %94 = prims.add %92, %93 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
    %95 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %96 = prims.full {shape = [16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %97 = prims.add %95, %96 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
    %98 = prims.broadcast_in_dim %90 {shape = [2 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<2xi64>) -> tensor<2x1xi64>
    %99 = prims.broadcast_in_dim %98 {shape = [2 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x1xi64>) -> tensor<2x1x1xi64>
    %100 = prims.broadcast_in_dim %99 {shape = [2 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x1x1xi64>) -> tensor<2x1x1x1xi64>
    %101 = prims.broadcast_in_dim %91 {shape = [1 : i64, 1 : i64], broadcast_dimensions = [1 : i64]} : (tensor<1xi64>) -> tensor<1x1xi64>
    %102 = prims.broadcast_in_dim %101 {shape = [1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %103 = prims.broadcast_in_dim %102 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %104 = prims.broadcast_in_dim %94 {shape = [1 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<1x16xi64>
    %105 = prims.broadcast_in_dim %104 {shape = [1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 2 : i64]} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %106 = prims.broadcast_in_dim %105 {shape = [1 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x16xi64>) -> tensor<1x1x16x1xi64>
    %107 = prims.broadcast_in_dim %97 {shape = [1 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<1x16xi64>
    %108 = prims.broadcast_in_dim %107 {shape = [1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 2 : i64]} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %109 = prims.broadcast_in_dim %108 {shape = [1 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64]} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %110 = prims.full {shape = [], fill_value = 0 : i64, dtype = i1, device = "cpu", requires_grad = false} : () -> tensor<i1>
    %111 = prims.fill %110 {value = true} : (tensor<i1>) -> tensor<i1>
    %112 = prims.broadcast_in_dim %100 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x1xi64>) -> tensor<2x1x16x1xi64>
    %113 = prims.broadcast_in_dim %106 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %114 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1xi64>
    %115 = prims.fill %114 {value = 0 : i64} : (tensor<1x1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %116 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %117 = prims.lt %112, %116 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi1>
    %118 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %119 = prims.add %112, %118 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %120 = prims.where %117, %119, %112 : (tensor<2x1x16x1xi1>, tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %121 = prims.full {shape = [], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %122 = prims.broadcast_in_dim %121 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x16x1xi64>
    %123 = prims.check_index %120, %122 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %124 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %125 = prims.mul %123, %124 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %126 = prims.broadcast_in_dim %115 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x1xi64>) -> tensor<2x1x16x1xi64>
    %127 = prims.add %126, %125 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %128 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %129 = prims.lt %113, %128 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi1>
    %130 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %131 = prims.add %113, %130 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %132 = prims.where %129, %131, %113 : (tensor<2x1x16x1xi1>, tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %133 = prims.full {shape = [], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %134 = prims.broadcast_in_dim %133 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x16x1xi64>
    %135 = prims.check_index %132, %134 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %136 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %137 = prims.mul %135, %136 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %138 = prims.add %127, %137 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %139 = prims.broadcast_in_dim %138 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %140 = prims.take %89, %139 : (tensor<2x16xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %141 = prims.broadcast_in_dim %100 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x1xi64>) -> tensor<2x1x1x16xi64>
    %142 = prims.broadcast_in_dim %109 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %143 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1xi64>
    %144 = prims.fill %143 {value = 0 : i64} : (tensor<1x1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %145 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %146 = prims.lt %141, %145 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi1>
    %147 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %148 = prims.add %141, %147 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %149 = prims.where %146, %148, %141 : (tensor<2x1x1x16xi1>, tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %150 = prims.full {shape = [], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %151 = prims.broadcast_in_dim %150 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x1x16xi64>
    %152 = prims.check_index %149, %151 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %153 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %154 = prims.mul %152, %153 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %155 = prims.broadcast_in_dim %144 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x1xi64>) -> tensor<2x1x1x16xi64>
    %156 = prims.add %155, %154 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %157 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %158 = prims.lt %142, %157 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi1>
    %159 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %160 = prims.add %142, %159 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %161 = prims.where %158, %160, %142 : (tensor<2x1x1x16xi1>, tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %162 = prims.full {shape = [], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %163 = prims.broadcast_in_dim %162 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x1x16xi64>
    %164 = prims.check_index %161, %163 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %165 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %166 = prims.mul %164, %165 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %167 = prims.add %156, %166 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %168 = prims.broadcast_in_dim %167 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %169 = prims.take %89, %168 : (tensor<2x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %170 = prims.broadcast_in_dim %169 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x16xi64>) -> tensor<2x1x16x16xi64>
    %171 = prims.broadcast_in_dim %140 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x1xi64>) -> tensor<2x1x16x16xi64>
    %172 = prims.le %170, %171 : (tensor<2x1x16x16xi64>, tensor<2x1x16x16xi64>) -> tensor<2x1x16x16xi1>
    %173 = prims.broadcast_in_dim %111 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i1>) -> tensor<2x1x16x16xi1>
    %174 = prims.bitwise_and %173, %172 : (tensor<2x1x16x16xi1>, tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %175 = prims.broadcast_in_dim %100 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x1xi64>) -> tensor<2x1x16x1xi64>
    %176 = prims.broadcast_in_dim %106 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %177 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1xi64>
    %178 = prims.fill %177 {value = 0 : i64} : (tensor<1x1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %179 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %180 = prims.lt %175, %179 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi1>
    %181 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %182 = prims.add %175, %181 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %183 = prims.where %180, %182, %175 : (tensor<2x1x16x1xi1>, tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %184 = prims.full {shape = [], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %185 = prims.broadcast_in_dim %184 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x16x1xi64>
    %186 = prims.check_index %183, %185 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %187 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %188 = prims.mul %186, %187 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %189 = prims.broadcast_in_dim %178 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x1xi64>) -> tensor<2x1x16x1xi64>
    %190 = prims.add %189, %188 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %191 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %192 = prims.lt %176, %191 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi1>
    %193 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %194 = prims.add %176, %193 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %195 = prims.where %192, %194, %176 : (tensor<2x1x16x1xi1>, tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %196 = prims.full {shape = [], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %197 = prims.broadcast_in_dim %196 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x16x1xi64>
    %198 = prims.check_index %195, %197 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %199 = prims.full {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x16x1xi64>
    %200 = prims.mul %198, %199 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %201 = prims.add %190, %200 : (tensor<2x1x16x1xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %202 = prims.broadcast_in_dim %201 {shape = [2 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %203 = prims.take %88, %202 : (tensor<2x16xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %204 = prims.broadcast_in_dim %100 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x1xi64>) -> tensor<2x1x1x16xi64>
    %205 = prims.broadcast_in_dim %109 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %206 = prims.full {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1x1x1x1xi64>
    %207 = prims.fill %206 {value = 0 : i64} : (tensor<1x1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %208 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %209 = prims.lt %204, %208 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi1>
    %210 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %211 = prims.add %204, %210 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %212 = prims.where %209, %211, %204 : (tensor<2x1x1x16xi1>, tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %213 = prims.full {shape = [], fill_value = 2 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %214 = prims.broadcast_in_dim %213 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x1x16xi64>
    %215 = prims.check_index %212, %214 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %216 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %217 = prims.mul %215, %216 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %218 = prims.broadcast_in_dim %207 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<1x1x1x1xi64>) -> tensor<2x1x1x16xi64>
    %219 = prims.add %218, %217 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %220 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %221 = prims.lt %205, %220 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi1>
    %222 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %223 = prims.add %205, %222 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %224 = prims.where %221, %223, %205 : (tensor<2x1x1x16xi1>, tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %225 = prims.full {shape = [], fill_value = 16 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<i64>
    %226 = prims.broadcast_in_dim %225 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i64>) -> tensor<2x1x1x16xi64>
    %227 = prims.check_index %224, %226 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %228 = prims.full {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1x1x16xi64>
    %229 = prims.mul %227, %228 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %230 = prims.add %219, %229 : (tensor<2x1x1x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %231 = prims.broadcast_in_dim %230 {shape = [2 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %232 = prims.take %88, %231 : (tensor<2x16xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %233 = prims.broadcast_in_dim %203 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x1xi64>) -> tensor<2x1x16x16xi64>
    %234 = prims.broadcast_in_dim %232 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x16xi64>) -> tensor<2x1x16x16xi64>
    %235 = prims.eq %233, %234 : (tensor<2x1x16x16xi64>, tensor<2x1x16x16xi64>) -> tensor<2x1x16x16xi1>
    %236 = prims.bitwise_and %174, %235 : (tensor<2x1x16x16xi1>, tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %237 = prims.broadcast_in_dim %236 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %238 = prims.full {shape = [], fill_value = 0 : i64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<f32>
    %239 = prims.fill %238 {value = 0 : i64} : (tensor<f32>) -> tensor<f32>
    %240 = prims.full {shape = [], fill_value = -3.4028234663852886e+38 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<f32>
    %241 = prims.broadcast_in_dim %239 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<2x1x16x16xf32>
    %242 = prims.broadcast_in_dim %240 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<2x1x16x16xf32>
    %243 = prims.where %237, %241, %242 : (tensor<2x1x16x16xi1>, tensor<2x1x16x16xf32>, tensor<2x1x16x16xf32>) -> tensor<2x1x16x16xf32>
    %244 = prims.var %45 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %245 = prims.broadcast_in_dim %244 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %246 = prims.sum %45 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %247 = prims.broadcast_in_dim %246 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %248 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %249 = prims.div %247, %248 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %250 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %251 = prims.add %245, %250 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %252 = prims.rsqrt %251 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %253 = prims.broadcast_in_dim %249 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %254 = prims.sub %45, %253 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %255 = prims.broadcast_in_dim %252 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %256 = prims.mul %254, %255 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %257 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_1_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %258 = prims.mul %256, %257 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %259 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_1_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %260 = prims.add %258, %259 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %261 = prims.collapse %260 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %262 = prims.matmul %261, %p_model_transformer_h_0_attn_c_attn_weight : (tensor<32x64xf32>, tensor<64x192xf32>) -> tensor<32x192xf32>
    %263 = prims.full {shape = [32 : i64, 192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x192xf32>
    %264 = prims.mul %262, %263 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %265 = prims.full {shape = [192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<192xf32>
    %266 = prims.mul %p_model_transformer_h_0_attn_c_attn_bias, %265 : (tensor<192xf32>, tensor<192xf32>) -> tensor<192xf32>
    %267 = prims.broadcast_in_dim %266 {shape = [32 : i64, 192 : i64], broadcast_dimensions = [1 : i64]} : (tensor<192xf32>) -> tensor<32x192xf32>
    %268 = prims.add %264, %267 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %269 = prims.split_dim %268 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x192xf32>) -> tensor<2x16x192xf32>
    %270 = prims.slice %269 {start_indices = [0 : i64, 0 : i64, 0 : i64], limit_indices = [2 : i64, 16 : i64, 64 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %271 = prims.slice %269 {start_indices = [0 : i64, 0 : i64, 64 : i64], limit_indices = [2 : i64, 16 : i64, 128 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %272 = prims.slice %269 {start_indices = [0 : i64, 0 : i64, 128 : i64], limit_indices = [2 : i64, 16 : i64, 192 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %273 = prims.split_dim %271 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %274 = prims.transpose %273 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %275 = prims.split_dim %272 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %276 = prims.transpose %275 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %277 = prims.split_dim %270 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %278 = prims.transpose %277 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %279 = prims.transpose %274 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %280 = prims.broadcast_in_dim %278 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %281 = prims.collapse %280 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %282 = prims.broadcast_in_dim %279 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %283 = prims.collapse %282 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %284 = prims.matmul %281, %283 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %285 = prims.split_dim %284 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %286 = prims.full {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x4x16x16xf32>
    %287 = prims.mul %285, %286 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %288 = prims.broadcast_in_dim %243 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x16xf32>) -> tensor<2x4x16x16xf32>
    %289 = prims.add %287, %288 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %290 = prims.amax %289 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %291 = prims.broadcast_in_dim %290 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %292 = prims.broadcast_in_dim %291 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %293 = prims.sub %289, %292 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %294 = prims.exp %293 : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %295 = prims.sum %294 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %296 = prims.broadcast_in_dim %295 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %297 = prims.broadcast_in_dim %296 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %298 = prims.div %294, %297 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %299 = prims.broadcast_in_dim %298 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %300 = prims.collapse %299 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %301 = prims.broadcast_in_dim %276 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %302 = prims.collapse %301 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %303 = prims.matmul %300, %302 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %304 = prims.split_dim %303 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %305 = prims.transpose %304 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %306 = prims.collapse %305 {start = 2 : i64, end = 3 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %307 = prims.collapse %306 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %308 = prims.matmul %307, %p_model_transformer_h_0_attn_c_proj_weight : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %309 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %310 = prims.mul %308, %309 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %311 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %312 = prims.mul %p_model_transformer_h_0_attn_c_proj_bias, %311 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %313 = prims.broadcast_in_dim %312 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %314 = prims.add %310, %313 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %315 = prims.split_dim %314 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %316 = prims.add %315, %45 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %317 = prims.var %316 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %318 = prims.broadcast_in_dim %317 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %319 = prims.sum %316 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %320 = prims.broadcast_in_dim %319 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %321 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %322 = prims.div %320, %321 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %323 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %324 = prims.add %318, %323 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %325 = prims.rsqrt %324 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %326 = prims.broadcast_in_dim %322 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %327 = prims.sub %316, %326 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %328 = prims.broadcast_in_dim %325 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %329 = prims.mul %327, %328 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %330 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_2_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %331 = prims.mul %329, %330 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %332 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_2_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %333 = prims.add %331, %332 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %334 = prims.collapse %333 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %335 = prims.matmul %334, %p_model_transformer_h_0_mlp_c_fc_weight : (tensor<32x64xf32>, tensor<64x256xf32>) -> tensor<32x256xf32>
    %336 = prims.full {shape = [32 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x256xf32>
    %337 = prims.mul %335, %336 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %338 = prims.full {shape = [256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<256xf32>
    %339 = prims.mul %p_model_transformer_h_0_mlp_c_fc_bias, %338 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %340 = prims.broadcast_in_dim %339 {shape = [32 : i64, 256 : i64], broadcast_dimensions = [1 : i64]} : (tensor<256xf32>) -> tensor<32x256xf32>
    %341 = prims.add %337, %340 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %342 = prims.split_dim %341 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    %343 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %344 = prims.mul %342, %343 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %345 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 3.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %346 = prims.pow %342, %345 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %347 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 4.471500e-02 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %348 = prims.mul %346, %347 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %349 = prims.add %342, %348 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %350 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 0.79788456080286541 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %351 = prims.mul %349, %350 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %352 = prims.tanh %351 : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %353 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %354 = prims.add %352, %353 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %355 = prims.mul %344, %354 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %356 = prims.collapse %355 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x256xf32>) -> tensor<32x256xf32>
    %357 = prims.matmul %356, %p_model_transformer_h_0_mlp_c_proj_weight : (tensor<32x256xf32>, tensor<256x64xf32>) -> tensor<32x64xf32>
    %358 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %359 = prims.mul %357, %358 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %360 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %361 = prims.mul %p_model_transformer_h_0_mlp_c_proj_bias, %360 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %362 = prims.broadcast_in_dim %361 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %363 = prims.add %359, %362 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %364 = prims.split_dim %363 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %365 = prims.add %316, %364 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %366 = prims.var %365 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %367 = prims.broadcast_in_dim %366 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %368 = prims.sum %365 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %369 = prims.broadcast_in_dim %368 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %370 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %371 = prims.div %369, %370 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %372 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %373 = prims.add %367, %372 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %374 = prims.rsqrt %373 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %375 = prims.broadcast_in_dim %371 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %376 = prims.sub %365, %375 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %377 = prims.broadcast_in_dim %374 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %378 = prims.mul %376, %377 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %379 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_1_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %380 = prims.mul %378, %379 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %381 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_1_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %382 = prims.add %380, %381 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %383 = prims.collapse %382 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %384 = prims.matmul %383, %p_model_transformer_h_1_attn_c_attn_weight : (tensor<32x64xf32>, tensor<64x192xf32>) -> tensor<32x192xf32>
    %385 = prims.full {shape = [32 : i64, 192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x192xf32>
    %386 = prims.mul %384, %385 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %387 = prims.full {shape = [192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<192xf32>
    %388 = prims.mul %p_model_transformer_h_1_attn_c_attn_bias, %387 : (tensor<192xf32>, tensor<192xf32>) -> tensor<192xf32>
    %389 = prims.broadcast_in_dim %388 {shape = [32 : i64, 192 : i64], broadcast_dimensions = [1 : i64]} : (tensor<192xf32>) -> tensor<32x192xf32>
    %390 = prims.add %386, %389 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %391 = prims.split_dim %390 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x192xf32>) -> tensor<2x16x192xf32>
    %392 = prims.slice %391 {start_indices = [0 : i64, 0 : i64, 0 : i64], limit_indices = [2 : i64, 16 : i64, 64 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %393 = prims.slice %391 {start_indices = [0 : i64, 0 : i64, 64 : i64], limit_indices = [2 : i64, 16 : i64, 128 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %394 = prims.slice %391 {start_indices = [0 : i64, 0 : i64, 128 : i64], limit_indices = [2 : i64, 16 : i64, 192 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %395 = prims.split_dim %393 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %396 = prims.transpose %395 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %397 = prims.split_dim %394 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %398 = prims.transpose %397 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %399 = prims.split_dim %392 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %400 = prims.transpose %399 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %401 = prims.transpose %396 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %402 = prims.broadcast_in_dim %400 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %403 = prims.collapse %402 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %404 = prims.broadcast_in_dim %401 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %405 = prims.collapse %404 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %406 = prims.matmul %403, %405 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %407 = prims.split_dim %406 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %408 = prims.full {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x4x16x16xf32>
    %409 = prims.mul %407, %408 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %410 = prims.broadcast_in_dim %243 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x16xf32>) -> tensor<2x4x16x16xf32>
    %411 = prims.add %409, %410 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %412 = prims.amax %411 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %413 = prims.broadcast_in_dim %412 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %414 = prims.broadcast_in_dim %413 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %415 = prims.sub %411, %414 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %416 = prims.exp %415 : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %417 = prims.sum %416 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %418 = prims.broadcast_in_dim %417 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %419 = prims.broadcast_in_dim %418 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %420 = prims.div %416, %419 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %421 = prims.broadcast_in_dim %420 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %422 = prims.collapse %421 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %423 = prims.broadcast_in_dim %398 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %424 = prims.collapse %423 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %425 = prims.matmul %422, %424 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %426 = prims.split_dim %425 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %427 = prims.transpose %426 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %428 = prims.collapse %427 {start = 2 : i64, end = 3 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %429 = prims.collapse %428 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %430 = prims.matmul %429, %p_model_transformer_h_1_attn_c_proj_weight : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %431 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %432 = prims.mul %430, %431 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %433 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %434 = prims.mul %p_model_transformer_h_1_attn_c_proj_bias, %433 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %435 = prims.broadcast_in_dim %434 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %436 = prims.add %432, %435 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %437 = prims.split_dim %436 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %438 = prims.add %437, %365 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %439 = prims.var %438 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %440 = prims.broadcast_in_dim %439 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %441 = prims.sum %438 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %442 = prims.broadcast_in_dim %441 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %443 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %444 = prims.div %442, %443 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %445 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %446 = prims.add %440, %445 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %447 = prims.rsqrt %446 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %448 = prims.broadcast_in_dim %444 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %449 = prims.sub %438, %448 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %450 = prims.broadcast_in_dim %447 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %451 = prims.mul %449, %450 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %452 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_2_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %453 = prims.mul %451, %452 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %454 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_2_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %455 = prims.add %453, %454 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %456 = prims.collapse %455 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %457 = prims.matmul %456, %p_model_transformer_h_1_mlp_c_fc_weight : (tensor<32x64xf32>, tensor<64x256xf32>) -> tensor<32x256xf32>
    %458 = prims.full {shape = [32 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x256xf32>
    %459 = prims.mul %457, %458 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %460 = prims.full {shape = [256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<256xf32>
    %461 = prims.mul %p_model_transformer_h_1_mlp_c_fc_bias, %460 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %462 = prims.broadcast_in_dim %461 {shape = [32 : i64, 256 : i64], broadcast_dimensions = [1 : i64]} : (tensor<256xf32>) -> tensor<32x256xf32>
    %463 = prims.add %459, %462 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %464 = prims.split_dim %463 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    %465 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %466 = prims.mul %464, %465 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %467 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 3.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %468 = prims.pow %464, %467 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %469 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 4.471500e-02 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %470 = prims.mul %468, %469 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %471 = prims.add %464, %470 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %472 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 0.79788456080286541 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %473 = prims.mul %471, %472 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %474 = prims.tanh %473 : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %475 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %476 = prims.add %474, %475 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %477 = prims.mul %466, %476 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %478 = prims.collapse %477 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x256xf32>) -> tensor<32x256xf32>
    %479 = prims.matmul %478, %p_model_transformer_h_1_mlp_c_proj_weight : (tensor<32x256xf32>, tensor<256x64xf32>) -> tensor<32x64xf32>
    %480 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %481 = prims.mul %479, %480 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %482 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %483 = prims.mul %p_model_transformer_h_1_mlp_c_proj_bias, %482 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %484 = prims.broadcast_in_dim %483 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %485 = prims.add %481, %484 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %486 = prims.split_dim %485 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %487 = prims.add %438, %486 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %488 = prims.var %487 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %489 = prims.broadcast_in_dim %488 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %490 = prims.sum %487 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %491 = prims.broadcast_in_dim %490 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %492 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %493 = prims.div %491, %492 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %494 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %495 = prims.add %489, %494 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %496 = prims.rsqrt %495 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %497 = prims.broadcast_in_dim %493 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %498 = prims.sub %487, %497 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %499 = prims.broadcast_in_dim %496 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %500 = prims.mul %498, %499 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %501 = prims.broadcast_in_dim %p_model_transformer_ln_f_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %502 = prims.mul %500, %501 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %503 = prims.broadcast_in_dim %p_model_transformer_ln_f_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %504 = prims.add %502, %503 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %505 = prims.collapse %504 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %506 = prims.matmul %505, %p_model_lm_head_weight {transpose_rhs = true} : (tensor<32x64xf32>, tensor<256x64xf32>) -> tensor<32x256xf32>
    %507 = prims.split_dim %506 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    func.return %507 : tensor<2x16x256xf32>
  }
}
