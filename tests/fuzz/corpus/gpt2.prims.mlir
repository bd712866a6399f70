builtin.module {
  func.func @forward(%p_model_transformer_wte_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.wte.weight", stepwell.kind = "parameter"}, %p_model_transformer_wpe_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.wpe.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_weight: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.weight", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_bias: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.bias", stepwell.kind = "parameter"}, %p_model_lm_head_weight: tensor<256x64xf32> {stepwell.name = "model.lm_head.weight", stepwell.kind = "parameter"}, %input_ids: tensor<2x16xi64> {stepwell.name = "input_ids", stepwell.kind = "input"}) -> tensor<2x16x256xf32> {
    %0 = prims.extern "aten.index.Tensor"(%p_model_lm_head_weight, %input_ids) {args = [#torch.sym<0>, [#torch.sym<1>]]} : (tensor<256x64xf32>, tensor<2x16xi64>) -> tensor<2x16x64xf32>
    %1 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %2 = prims.full {shape = [16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %3 = prims.add %1, %2 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
    %4 = prims.broadcast_in_dim %3 {shape = [1 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<1x16xi64>
    %5 = prims.extern "aten.index.Tensor"(%p_model_transformer_wpe_weight, %4) {args = [#torch.sym<0>, [#torch.sym<1>]]} : (tensor<64x64xf32>, tensor<1x16xi64>) -> tensor<1x16x64xf32>
    %6 = prims.broadcast_in_dim %5 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x16x64xf32>) -> tensor<2x16x64xf32>
    %7 = prims.add %0, %6 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %8 = prims.broadcast_in_dim %4 {shape = [2 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x16xi64>) -> tensor<2x16xi64>
    %9 = prims.slice %8 {start_indices = [0 : i64, 0 : i64], limit_indices = [2 : i64, 1 : i64], strides = [1 : i64, 1 : i64]} : (tensor<2x16xi64>) -> tensor<2x1xi64>
    %10 = prims.full {shape = [2 : i64, 1 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x1xi64>
    %11 = prims.sub %9, %10 : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi64>
    %12 = prims.cat [%11, %8] {dim = 1 : i64} : (tensor<2x1xi64>, tensor<2x16xi64>) -> tensor<2x17xi64>
    %13 = prims.clone %12 {memory_format = "contiguous_format"} : (tensor<2x17xi64>) -> tensor<2x17xi64>
    %14 = prims.slice %13 {start_indices = [0 : i64, 0 : i64], limit_indices = [2 : i64, 16 : i64], strides = [1 : i64, 1 : i64]} : (tensor<2x17xi64>) -> tensor<2x16xi64>
    %15 = prims.slice %13 {start_indices = [0 : i64, 1 : i64], limit_indices = [2 : i64, 17 : i64], strides = [1 : i64, 1 : i64]} : (tensor<2x17xi64>) -> tensor<2x16xi64>
    %16 = prims.sub %15, %14 : (tensor<2x16xi64>, tensor<2x16xi64>) -> tensor<2x16xi64>
    %17 = prims.full {shape = [2 : i64, 16 : i64], fill_value = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x16xi64>
    %18 = prims.ne %16, %17 : (tensor<2x16xi64>, tensor<2x16xi64>) -> tensor<2x16xi1>
    %19 = prims.broadcast_in_dim %18 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xi1>) -> tensor<2x16x1xi1>
    %20 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %21 = prims.broadcast_in_dim %20 {shape = [16 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<16xi64>) -> tensor<16x1xi64>
    %22 = prims.broadcast_in_dim %21 {shape = [16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<16x1xi64>) -> tensor<16x16xi64>
    %23 = prims.broadcast_in_dim %20 {shape = [16 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<16x16xi64>
    %24 = prims.le %22, %23 : (tensor<16x16xi64>, tensor<16x16xi64>) -> tensor<16x16xi1>
    %25 = prims.convert_element_type %19 {dtype = i64} : (tensor<2x16x1xi1>) -> tensor<2x16x1xi64>
    %26 = prims.broadcast_in_dim %24 {shape = [2 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [1 : i64, 2 : i64]} : (tensor<16x16xi1>) -> tensor<2x16x16xi1>
    %27 = prims.broadcast_in_dim %25 {shape = [2 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xi64>) -> tensor<2x16x16xi64>
    %28 = prims.full {shape = [2 : i64, 16 : i64, 16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2x16x16xi64>
    %29 = prims.where %26, %27, %28 : (tensor<2x16x16xi1>, tensor<2x16x16xi64>, tensor<2x16x16xi64>) -> tensor<2x16x16xi64>
    %30 = prims.sum %29 {dims = [1 : i64]} : (tensor<2x16x16xi64>) -> tensor<2x16xi64>
    %31 = prims.broadcast_in_dim %4 {shape = [2 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x16xi64>) -> tensor<2x16xi64>
    %32 = prims.iota {length = 2 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<2xi64>
    %33 = prims.iota {length = 1 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<1xi64>
    %34 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %35 = prims.full {shape = [16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %36 = prims.add %34, %35 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
    %37 = prims.iota {length = 16 : i64, start = 0 : i64, step = 1 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %38 = prims.full {shape = [16 : i64], fill_value = 0 : i64, dtype = i64, device = "cpu", requires_grad = false} : () -> tensor<16xi64>
    %39 = prims.add %37, %38 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
    %40 = prims.broadcast_in_dim %32 {shape = [2 : i64, 1 : i64], broadcast_dimensions = [0 : i64]} : (tensor<2xi64>) -> tensor<2x1xi64>
    %41 = prims.broadcast_in_dim %40 {shape = [2 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x1xi64>) -> tensor<2x1x1xi64>
    %42 = prims.broadcast_in_dim %41 {shape = [2 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x1x1xi64>) -> tensor<2x1x1x1xi64>
    %43 = prims.broadcast_in_dim %33 {shape = [1 : i64, 1 : i64], broadcast_dimensions = [1 : i64]} : (tensor<1xi64>) -> tensor<1x1xi64>
    %44 = prims.broadcast_in_dim %43 {shape = [1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %45 = prims.broadcast_in_dim %44 {shape = [1 : i64, 1 : i64, 1 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %46 = prims.broadcast_in_dim %36 {shape = [1 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<1x16xi64>
    %47 = prims.broadcast_in_dim %46 {shape = [1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 2 : i64]} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %48 = prims.broadcast_in_dim %47 {shape = [1 : i64, 1 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<1x1x16xi64>) -> tensor<1x1x16x1xi64>
    %49 = prims.broadcast_in_dim %39 {shape = [1 : i64, 16 : i64], broadcast_dimensions = [1 : i64]} : (tensor<16xi64>) -> tensor<1x16xi64>
    %50 = prims.broadcast_in_dim %49 {shape = [1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 2 : i64]} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %51 = prims.broadcast_in_dim %50 {shape = [1 : i64, 1 : i64, 1 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 3 : i64]} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %52 = prims.full {shape = [], fill_value = true, dtype = i1, device = "cpu", requires_grad = false} : () -> tensor<i1>
    %53 = prims.extern "aten.index.Tensor"(%31, %42, %48) {args = [#torch.sym<0>, [#torch.sym<1>, #torch.sym<2>]]} : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %54 = prims.extern "aten.index.Tensor"(%31, %42, %51) {args = [#torch.sym<0>, [#torch.sym<1>, #torch.sym<2>]]} : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %55 = prims.broadcast_in_dim %54 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x16xi64>) -> tensor<2x1x16x16xi64>
    %56 = prims.broadcast_in_dim %53 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x1xi64>) -> tensor<2x1x16x16xi64>
    %57 = prims.le %55, %56 : (tensor<2x1x16x16xi64>, tensor<2x1x16x16xi64>) -> tensor<2x1x16x16xi1>
    %58 = prims.broadcast_in_dim %52 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<i1>) -> tensor<2x1x16x16xi1>
    %59 = prims.bitwise_and %58, %57 : (tensor<2x1x16x16xi1>, tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %60 = prims.extern "aten.index.Tensor"(%30, %42, %48) {args = [#torch.sym<0>, [#torch.sym<1>, #torch.sym<2>]]} : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %61 = prims.extern "aten.index.Tensor"(%30, %42, %51) {args = [#torch.sym<0>, [#torch.sym<1>, #torch.sym<2>]]} : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %62 = prims.broadcast_in_dim %60 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x1xi64>) -> tensor<2x1x16x16xi64>
    %63 = prims.broadcast_in_dim %61 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x1x16xi64>) -> tensor<2x1x16x16xi64>
    %64 = prims.eq %62, %63 : (tensor<2x1x16x16xi64>, tensor<2x1x16x16xi64>) -> tensor<2x1x16x16xi1>
    %65 = prims.bitwise_and %59, %64 : (tensor<2x1x16x16xi1>, tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %66 = prims.broadcast_in_dim %65 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %67 = prims.full {shape = [], fill_value = 0 : i64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<f32>
    %68 = prims.scalar_tensor {s = -3.4028234663852886e+38 : f64, dtype = f32, device = "cpu"} : () -> tensor<f32>
    %69 = prims.broadcast_in_dim %67 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<2x1x16x16xf32>
    %70 = prims.broadcast_in_dim %68 {shape = [2 : i64, 1 : i64, 16 : i64, 16 : i64], broadcast_dimensions = []} : (tensor<f32>) -> tensor<2x1x16x16xf32>
    %71 = prims.where %66, %69, %70 : (tensor<2x1x16x16xi1>, tensor<2x1x16x16xf32>, tensor<2x1x16x16xf32>) -> tensor<2x1x16x16xf32>
    %72 = prims.var %7 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %73 = prims.broadcast_in_dim %72 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %74 = prims.sum %7 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %75 = prims.broadcast_in_dim %74 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %76 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %77 = prims.div %75, %76 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %78 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %79 = prims.add %73, %78 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %80 = prims.rsqrt %79 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %81 = prims.broadcast_in_dim %77 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %82 = prims.sub %7, %81 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %83 = prims.broadcast_in_dim %80 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %84 = prims.mul %82, %83 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %85 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_1_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %86 = prims.mul %84, %85 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %87 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_1_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %88 = prims.add %86, %87 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %89 = prims.collapse %88 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %90 = prims.matmul %89, %p_model_transformer_h_0_attn_c_attn_weight : (tensor<32x64xf32>, tensor<64x192xf32>) -> tensor<32x192xf32>
    %91 = prims.full {shape = [32 : i64, 192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x192xf32>
    %92 = prims.mul %90, %91 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %93 = prims.full {shape = [192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<192xf32>
    %94 = prims.mul %p_model_transformer_h_0_attn_c_attn_bias, %93 : (tensor<192xf32>, tensor<192xf32>) -> tensor<192xf32>
    %95 = prims.broadcast_in_dim %94 {shape = [32 : i64, 192 : i64], broadcast_dimensions = [1 : i64]} : (tensor<192xf32>) -> tensor<32x192xf32>
    %96 = prims.add %92, %95 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %97 = prims.split_dim %96 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x192xf32>) -> tensor<2x16x192xf32>
    %98 = prims.slice %97 {start_indices = [0 : i64, 0 : i64, 0 : i64], limit_indices = [2 : i64, 16 : i64, 64 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %99 = prims.slice %97 {start_indices = [0 : i64, 0 : i64, 64 : i64], limit_indices = [2 : i64, 16 : i64, 128 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %100 = prims.slice %97 {start_indices = [0 : i64, 0 : i64, 128 : i64], limit_indices = [2 : i64, 16 : i64, 192 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %101 = prims.split_dim %99 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %102 = prims.transpose %101 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %103 = prims.split_dim %100 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %104 = prims.transpose %103 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %105 = prims.split_dim %98 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %106 = prims.transpose %105 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %107 = prims.transpose %102 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %108 = prims.broadcast_in_dim %106 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %109 = prims.collapse %108 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %110 = prims.broadcast_in_dim %107 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %111 = prims.collapse %110 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %112 = prims.matmul %109, %111 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %113 = prims.split_dim %112 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %114 = prims.full {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x4x16x16xf32>
    %115 = prims.mul %113, %114 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %116 = prims.broadcast_in_dim %71 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x16xf32>) -> tensor<2x4x16x16xf32>
    %117 = prims.add %115, %116 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %118 = prims.amax %117 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %119 = prims.broadcast_in_dim %118 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %120 = prims.broadcast_in_dim %119 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %121 = prims.sub %117, %120 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %122 = prims.exp %121 : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %123 = prims.sum %122 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %124 = prims.broadcast_in_dim %123 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %125 = prims.broadcast_in_dim %124 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %126 = prims.div %122, %125 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %127 = prims.broadcast_in_dim %126 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %128 = prims.collapse %127 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %129 = prims.broadcast_in_dim %104 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %130 = prims.collapse %129 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %131 = prims.matmul %128, %130 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %132 = prims.split_dim %131 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %133 = prims.transpose %132 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %134 = prims.collapse %133 {start = 2 : i64, end = 3 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %135 = prims.collapse %134 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %136 = prims.matmul %135, %p_model_transformer_h_0_attn_c_proj_weight : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %137 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %138 = prims.mul %136, %137 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %139 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %140 = prims.mul %p_model_transformer_h_0_attn_c_proj_bias, %139 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %141 = prims.broadcast_in_dim %140 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %142 = prims.add %138, %141 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %143 = prims.split_dim %142 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %144 = prims.add %143, %7 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %145 = prims.var %144 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %146 = prims.broadcast_in_dim %145 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %147 = prims.sum %144 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %148 = prims.broadcast_in_dim %147 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %149 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %150 = prims.div %148, %149 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %151 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %152 = prims.add %146, %151 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %153 = prims.rsqrt %152 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %154 = prims.broadcast_in_dim %150 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %155 = prims.sub %144, %154 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %156 = prims.broadcast_in_dim %153 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %157 = prims.mul %155, %156 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %158 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_2_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %159 = prims.mul %157, %158 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %160 = prims.broadcast_in_dim %p_model_transformer_h_0_ln_2_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %161 = prims.add %159, %160 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %162 = prims.collapse %161 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %163 = prims.matmul %162, %p_model_transformer_h_0_mlp_c_fc_weight : (tensor<32x64xf32>, tensor<64x256xf32>) -> tensor<32x256xf32>
    %164 = prims.full {shape = [32 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x256xf32>
    %165 = prims.mul %163, %164 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %166 = prims.full {shape = [256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<256xf32>
    %167 = prims.mul %p_model_transformer_h_0_mlp_c_fc_bias, %166 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %168 = prims.broadcast_in_dim %167 {shape = [32 : i64, 256 : i64], broadcast_dimensions = [1 : i64]} : (tensor<256xf32>) -> tensor<32x256xf32>
    %169 = prims.add %165, %168 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %170 = prims.split_dim %169 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    %171 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %172 = prims.mul %170, %171 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %173 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 3.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %174 = prims.pow %170, %173 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %175 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 4.471500e-02 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %176 = prims.mul %174, %175 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %177 = prims.add %170, %176 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %178 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 0.79788456080286541 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %179 = prims.mul %177, %178 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %180 = prims.tanh %179 : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %181 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %182 = prims.add %180, %181 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %183 = prims.mul %172, %182 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %184 = prims.collapse %183 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x256xf32>) -> tensor<32x256xf32>
    %185 = prims.matmul %184, %p_model_transformer_h_0_mlp_c_proj_weight : (tensor<32x256xf32>, tensor<256x64xf32>) -> tensor<32x64xf32>
    %186 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %187 = prims.mul %185, %186 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %188 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %189 = prims.mul %p_model_transformer_h_0_mlp_c_proj_bias, %188 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %190 = prims.broadcast_in_dim %189 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %191 = prims.add %187, %190 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %192 = prims.split_dim %191 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %193 = prims.add %144, %192 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %194 = prims.var %193 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %195 = prims.broadcast_in_dim %194 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %196 = prims.sum %193 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %197 = prims.broadcast_in_dim %196 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %198 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %199 = prims.div %197, %198 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %200 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %201 = prims.add %195, %200 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %202 = prims.rsqrt %201 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %203 = prims.broadcast_in_dim %199 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %204 = prims.sub %193, %203 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %205 = prims.broadcast_in_dim %202 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %206 = prims.mul %204, %205 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %207 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_1_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %208 = prims.mul %206, %207 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %209 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_1_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %210 = prims.add %208, %209 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %211 = prims.collapse %210 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %212 = prims.matmul %211, %p_model_transformer_h_1_attn_c_attn_weight : (tensor<32x64xf32>, tensor<64x192xf32>) -> tensor<32x192xf32>
    %213 = prims.full {shape = [32 : i64, 192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x192xf32>
    %214 = prims.mul %212, %213 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %215 = prims.full {shape = [192 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<192xf32>
    %216 = prims.mul %p_model_transformer_h_1_attn_c_attn_bias, %215 : (tensor<192xf32>, tensor<192xf32>) -> tensor<192xf32>
    %217 = prims.broadcast_in_dim %216 {shape = [32 : i64, 192 : i64], broadcast_dimensions = [1 : i64]} : (tensor<192xf32>) -> tensor<32x192xf32>
    %218 = prims.add %214, %217 : (tensor<32x192xf32>, tensor<32x192xf32>) -> tensor<32x192xf32>
    %219 = prims.split_dim %218 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x192xf32>) -> tensor<2x16x192xf32>
    %220 = prims.slice %219 {start_indices = [0 : i64, 0 : i64, 0 : i64], limit_indices = [2 : i64, 16 : i64, 64 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %221 = prims.slice %219 {start_indices = [0 : i64, 0 : i64, 64 : i64], limit_indices = [2 : i64, 16 : i64, 128 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %222 = prims.slice %219 {start_indices = [0 : i64, 0 : i64, 128 : i64], limit_indices = [2 : i64, 16 : i64, 192 : i64], strides = [1 : i64, 1 : i64, 1 : i64]} : (tensor<2x16x192xf32>) -> tensor<2x16x64xf32>
    %223 = prims.split_dim %221 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %224 = prims.transpose %223 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %225 = prims.split_dim %222 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %226 = prims.transpose %225 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %227 = prims.split_dim %220 {dim = 2 : i64, outer_length = 4 : i64} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %228 = prims.transpose %227 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %229 = prims.transpose %224 {permutation = [0 : i64, 1 : i64, 3 : i64, 2 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %230 = prims.broadcast_in_dim %228 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %231 = prims.collapse %230 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %232 = prims.broadcast_in_dim %229 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %233 = prims.collapse %232 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %234 = prims.matmul %231, %233 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %235 = prims.split_dim %234 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %236 = prims.full {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], fill_value = 2.500000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x4x16x16xf32>
    %237 = prims.mul %235, %236 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %238 = prims.broadcast_in_dim %71 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x1x16x16xf32>) -> tensor<2x4x16x16xf32>
    %239 = prims.add %237, %238 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %240 = prims.amax %239 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %241 = prims.broadcast_in_dim %240 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %242 = prims.broadcast_in_dim %241 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %243 = prims.sub %239, %242 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %244 = prims.exp %243 : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %245 = prims.sum %244 {dims = [3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16xf32>
    %246 = prims.broadcast_in_dim %245 {shape = [2 : i64, 4 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %247 = prims.broadcast_in_dim %246 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %248 = prims.div %244, %247 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %249 = prims.broadcast_in_dim %248 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %250 = prims.collapse %249 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %251 = prims.broadcast_in_dim %226 {shape = [2 : i64, 4 : i64, 16 : i64, 16 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %252 = prims.collapse %251 {start = 0 : i64, end = 1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %253 = prims.matmul %250, %252 : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %254 = prims.split_dim %253 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %255 = prims.transpose %254 {permutation = [0 : i64, 2 : i64, 1 : i64, 3 : i64]} : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %256 = prims.collapse %255 {start = 2 : i64, end = 3 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %257 = prims.collapse %256 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %258 = prims.matmul %257, %p_model_transformer_h_1_attn_c_proj_weight : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %259 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %260 = prims.mul %258, %259 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %261 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %262 = prims.mul %p_model_transformer_h_1_attn_c_proj_bias, %261 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %263 = prims.broadcast_in_dim %262 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %264 = prims.add %260, %263 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %265 = prims.split_dim %264 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %266 = prims.add %265, %193 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %267 = prims.var %266 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %268 = prims.broadcast_in_dim %267 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %269 = prims.sum %266 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %270 = prims.broadcast_in_dim %269 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %271 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %272 = prims.div %270, %271 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %273 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %274 = prims.add %268, %273 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %275 = prims.rsqrt %274 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %276 = prims.broadcast_in_dim %272 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %277 = prims.sub %266, %276 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %278 = prims.broadcast_in_dim %275 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %279 = prims.mul %277, %278 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %280 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_2_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %281 = prims.mul %279, %280 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %282 = prims.broadcast_in_dim %p_model_transformer_h_1_ln_2_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %283 = prims.add %281, %282 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %284 = prims.collapse %283 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %285 = prims.matmul %284, %p_model_transformer_h_1_mlp_c_fc_weight : (tensor<32x64xf32>, tensor<64x256xf32>) -> tensor<32x256xf32>
    %286 = prims.full {shape = [32 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x256xf32>
    %287 = prims.mul %285, %286 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %288 = prims.full {shape = [256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<256xf32>
    %289 = prims.mul %p_model_transformer_h_1_mlp_c_fc_bias, %288 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %290 = prims.broadcast_in_dim %289 {shape = [32 : i64, 256 : i64], broadcast_dimensions = [1 : i64]} : (tensor<256xf32>) -> tensor<32x256xf32>
    %291 = prims.add %287, %290 : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %292 = prims.split_dim %291 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    %293 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 5.000000e-01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %294 = prims.mul %292, %293 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %295 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 3.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %296 = prims.pow %292, %295 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %297 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 4.471500e-02 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %298 = prims.mul %296, %297 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %299 = prims.add %292, %298 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %300 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 0.79788456080286541 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %301 = prims.mul %299, %300 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %302 = prims.tanh %301 : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %303 = prims.full {shape = [2 : i64, 16 : i64, 256 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x256xf32>
    %304 = prims.add %302, %303 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %305 = prims.mul %294, %304 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %306 = prims.collapse %305 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x256xf32>) -> tensor<32x256xf32>
    %307 = prims.matmul %306, %p_model_transformer_h_1_mlp_c_proj_weight : (tensor<32x256xf32>, tensor<256x64xf32>) -> tensor<32x64xf32>
    %308 = prims.full {shape = [32 : i64, 64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<32x64xf32>
    %309 = prims.mul %307, %308 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %310 = prims.full {shape = [64 : i64], fill_value = 1.000000e+00 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<64xf32>
    %311 = prims.mul %p_model_transformer_h_1_mlp_c_proj_bias, %310 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %312 = prims.broadcast_in_dim %311 {shape = [32 : i64, 64 : i64], broadcast_dimensions = [1 : i64]} : (tensor<64xf32>) -> tensor<32x64xf32>
    %313 = prims.add %309, %312 : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %314 = prims.split_dim %313 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %315 = prims.add %266, %314 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %316 = prims.var %315 {dims = [2 : i64], correction = 0.000000e+00 : f64} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %317 = prims.broadcast_in_dim %316 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %318 = prims.sum %315 {dims = [2 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16xf32>
    %319 = prims.broadcast_in_dim %318 {shape = [2 : i64, 16 : i64, 1 : i64], broadcast_dimensions = [0 : i64, 1 : i64]} : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %320 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 6.400000e+01 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %321 = prims.div %319, %320 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %322 = prims.full {shape = [2 : i64, 16 : i64, 1 : i64], fill_value = 1.000000e-05 : f64, dtype = f32, device = "cpu", requires_grad = false} : () -> tensor<2x16x1xf32>
    %323 = prims.add %317, %322 : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %324 = prims.rsqrt %323 : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %325 = prims.broadcast_in_dim %321 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %326 = prims.sub %315, %325 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %327 = prims.broadcast_in_dim %324 {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [0 : i64, 1 : i64, 2 : i64]} : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %328 = prims.mul %326, %327 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %329 = prims.broadcast_in_dim %p_model_transformer_ln_f_weight {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %330 = prims.mul %328, %329 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %331 = prims.broadcast_in_dim %p_model_transformer_ln_f_bias {shape = [2 : i64, 16 : i64, 64 : i64], broadcast_dimensions = [2 : i64]} : (tensor<64xf32>) -> tensor<2x16x64xf32>
    %332 = prims.add %330, %331 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %333 = prims.collapse %332 {start = 0 : i64, end = 1 : i64} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %334 = prims.matmul %333, %p_model_lm_head_weight {transpose_rhs = true} : (tensor<32x64xf32>, tensor<256x64xf32>) -> tensor<32x256xf32>
    %335 = prims.split_dim %334 {dim = 0 : i64, outer_length = 2 : i64} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    func.return %335 : tensor<2x16x256xf32>
  }
}
