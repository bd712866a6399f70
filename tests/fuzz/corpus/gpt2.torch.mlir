builtin.module {
  func.func @forward(%p_model_transformer_wte_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.wte.weight", stepwell.kind = "parameter"}, %p_model_transformer_wpe_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.wpe.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.0.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.0.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_0_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.0.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_1_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_1.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_weight: tensor<64x192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_attn_bias: tensor<192xf32> {stepwell.name = "model.transformer.h.1.attn.c_attn.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_weight: tensor<64x64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_attn_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.attn.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_weight: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_ln_2_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.ln_2.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_weight: tensor<64x256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_fc_bias: tensor<256xf32> {stepwell.name = "model.transformer.h.1.mlp.c_fc.bias", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_weight: tensor<256x64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.weight", stepwell.kind = "parameter"}, %p_model_transformer_h_1_mlp_c_proj_bias: tensor<64xf32> {stepwell.name = "model.transformer.h.1.mlp.c_proj.bias", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_weight: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.weight", stepwell.kind = "parameter"}, %p_model_transformer_ln_f_bias: tensor<64xf32> {stepwell.name = "model.transformer.ln_f.bias", stepwell.kind = "parameter"}, %p_model_lm_head_weight: tensor<256x64xf32> {stepwell.name = "model.lm_head.weight", stepwell.kind = "parameter"}, %input_ids: tensor<2x16xi64> {stepwell.name = "input_ids", stepwell.kind = "input"}) -> tensor<2x16x256xf32> {
    %0 = torch.aten.view %input_ids {size = [-1 : i64, 16 : i64]} : (tensor<2x16xi64>) -> tensor<2x16xi64>
    %1 = torch.aten.embedding %p_model_lm_head_weight, %0 : (tensor<256x64xf32>, tensor<2x16xi64>) -> tensor<2x16x64xf32>
    %2 = torch.aten.arange {end = 16 : i64, device = "cpu", pin_memory = false} : () -> tensor<16xi64>
    %3 = torch.aten.add.Scalar %2 {other = 0 : i64} : (tensor<16xi64>) -> tensor<16xi64>
    %4 = torch.aten.unsqueeze %3 {dim = 0 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %5 = torch.aten.embedding %p_model_transformer_wpe_weight, %4 : (tensor<64x64xf32>, tensor<1x16xi64>) -> tensor<1x16x64xf32>
    torch.aten._assert_tensor_metadata %5 {dtype = f32, device = "cpu", layout = "strided"} : (tensor<1x16x64xf32>) -> ()
    %6 = torch.aten.to.dtype_layout %5 {dtype = f32, layout = "strided", device = "cpu"} : (tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
    %7 = torch.aten.add.Tensor %1, %6 : (tensor<2x16x64xf32>, tensor<1x16x64xf32>) -> tensor<2x16x64xf32>
    %8 = torch.aten.expand %4 {size = [2 : i64, -1 : i64]} : (tensor<1x16xi64>) -> tensor<2x16xi64>
    %9 = torch.aten.slice.Tensor %8 {dim = 1 : i64, start = 0 : i64, end = 1 : i64} : (tensor<2x16xi64>) -> tensor<2x1xi64>
    %10 = torch.aten.sub.Scalar %9 {other = 1 : i64} : (tensor<2x1xi64>) -> tensor<2x1xi64>
    %11 = torch.aten.diff %8, %10, none : (tensor<2x16xi64>, tensor<2x1xi64>) -> tensor<2x16xi64>
    %12 = torch.aten.ne.Scalar %11 {other = 1 : i64} : (tensor<2x16xi64>) -> tensor<2x16xi1>
    %13 = torch.aten.cumsum %12 {dim = -1 : i64} : (tensor<2x16xi1>) -> tensor<2x16xi64>
    %14 = torch.aten.expand %4 {size = [2 : i64, -1 : i64]} : (tensor<1x16xi64>) -> tensor<2x16xi64>
    %15 = torch.aten.arange {end = 2 : i64, device = "cpu", pin_memory = false} : () -> tensor<2xi64>
    %16 = torch.aten.arange {end = 1 : i64, device = "cpu", pin_memory = false} : () -> tensor<1xi64>
    %17 = torch.aten.arange {end = 16 : i64, device = "cpu", pin_memory = false} : () -> tensor<16xi64>
    %18 = torch.aten.add.Scalar %17 {other = 0 : i64} : (tensor<16xi64>) -> tensor<16xi64>
    %19 = torch.aten.arange {end = 16 : i64, device = "cpu", pin_memory = false} : () -> tensor<16xi64>
    %20 = torch.aten.add.Scalar %19 {other = 0 : i64} : (tensor<16xi64>) -> tensor<16xi64>
    %21 = torch.aten.unsqueeze %15 {dim = 1 : i64} : (tensor<2xi64>) -> tensor<2x1xi64>
    %22 = torch.aten.unsqueeze %21 {dim = 2 : i64} : (tensor<2x1xi64>) -> tensor<2x1x1xi64>
    %23 = torch.aten.unsqueeze %22 {dim = 3 : i64} : (tensor<2x1x1xi64>) -> tensor<2x1x1x1xi64>
    %24 = torch.aten.unsqueeze %16 {dim = 0 : i64} : (tensor<1xi64>) -> tensor<1x1xi64>
    %25 = torch.aten.unsqueeze %24 {dim = 2 : i64} : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %26 = torch.aten.unsqueeze %25 {dim = 3 : i64} : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %27 = torch.aten.unsqueeze %18 {dim = 0 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %28 = torch.aten.unsqueeze %27 {dim = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %29 = torch.aten.unsqueeze %28 {dim = 3 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x16x1xi64>
    %30 = torch.aten.unsqueeze %20 {dim = 0 : i64} : (tensor<16xi64>) -> tensor<1x16xi64>
    %31 = torch.aten.unsqueeze %30 {dim = 1 : i64} : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %32 = torch.aten.unsqueeze %31 {dim = 2 : i64} : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %33 = torch.aten.new_ones %29 {size = [], dtype = i1, pin_memory = false} : (tensor<1x1x16x1xi64>) -> tensor<i1>
    %34 = torch.aten.index.Tensor %14, [%23, %29] : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %35 = torch.aten.index.Tensor %14, [%23, %32] : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %36 = torch.aten.le.Tensor %35, %34 : (tensor<2x1x1x16xi64>, tensor<2x1x16x1xi64>) -> tensor<2x1x16x16xi1>
    torch.aten._assert_tensor_metadata %36 {dtype = i1, device = "cpu", layout = "strided"} : (tensor<2x1x16x16xi1>) -> ()
    %37 = torch.aten.to.dtype_layout %36 {dtype = i1, layout = "strided", device = "cpu"} : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %38 = torch.aten.__and__.Tensor %33, %37 : (tensor<i1>, tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %39 = torch.aten.index.Tensor %13, [%23, %29] : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x16x1xi64>) -> tensor<2x1x16x1xi64>
    %40 = torch.aten.index.Tensor %13, [%23, %32] : (tensor<2x16xi64>, tensor<2x1x1x1xi64>, tensor<1x1x1x16xi64>) -> tensor<2x1x1x16xi64>
    %41 = torch.aten.eq.Tensor %39, %40 : (tensor<2x1x16x1xi64>, tensor<2x1x1x16xi64>) -> tensor<2x1x16x16xi1>
    torch.aten._assert_tensor_metadata %41 {dtype = i1, device = "cpu", layout = "strided"} : (tensor<2x1x16x16xi1>) -> ()
    %42 = torch.aten.to.dtype_layout %41 {dtype = i1, layout = "strided", device = "cpu"} : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %43 = torch.aten.__and__.Tensor %38, %42 : (tensor<2x1x16x16xi1>, tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %44 = torch.aten.expand %43 {size = [2 : i64, -1 : i64, 16 : i64, 16 : i64]} : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xi1>
    %45 = torch.aten.zeros {size = [], dtype = f32, device = "cpu", pin_memory = false} : () -> tensor<f32>
    %46 = torch.aten.where.ScalarOther %44, %45 {other = -3.4028234663852886e+38 : f64} : (tensor<2x1x16x16xi1>, tensor<f32>) -> tensor<2x1x16x16xf32>
    %47 = torch.aten.dropout %7 {p = 1.000000e-01 : f64, train = false} : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %48 = torch.aten.layer_norm %47, %p_model_transformer_h_0_ln_1_weight, %p_model_transformer_h_0_ln_1_bias {normalized_shape = [64 : i64], cudnn_enable = false} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %49 = torch.aten.view %48 {size = [-1 : i64, 64 : i64]} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %50 = torch.aten.addmm %p_model_transformer_h_0_attn_c_attn_bias, %49, %p_model_transformer_h_0_attn_c_attn_weight : (tensor<192xf32>, tensor<32x64xf32>, tensor<64x192xf32>) -> tensor<32x192xf32>
    %51 = torch.aten.view %50 {size = [2 : i64, 16 : i64, 192 : i64]} : (tensor<32x192xf32>) -> tensor<2x16x192xf32>
    %52, %53, %54 = torch.aten.split.Tensor %51 {split_size = 64 : i64, dim = 2 : i64} : (tensor<2x16x192xf32>) -> (tensor<2x16x64xf32>, tensor<2x16x64xf32>, tensor<2x16x64xf32>)
    %55 = torch.aten.view %53 {size = [2 : i64, 16 : i64, -1 : i64, 16 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %56 = torch.aten.transpose.int %55 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %57 = torch.aten.view %54 {size = [2 : i64, 16 : i64, -1 : i64, 16 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %58 = torch.aten.transpose.int %57 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %59 = torch.aten.view %52 {size = [2 : i64, 16 : i64, -1 : i64, 16 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %60 = torch.aten.transpose.int %59 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %61 = torch.aten.transpose.int %56 {dim0 = -1 : i64, dim1 = -2 : i64} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %62 = torch.aten.matmul %60, %61 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %63 = torch.aten.mul.Scalar %62 {other = 2.500000e-01 : f64} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %64 = torch.aten.add.Tensor %63, %46 : (tensor<2x4x16x16xf32>, tensor<2x1x16x16xf32>) -> tensor<2x4x16x16xf32>
    %65 = torch.aten.softmax.int %64 {dim = -1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    torch.aten._assert_tensor_metadata %65 {dtype = f32, device = "cpu", layout = "strided"} : (tensor<2x4x16x16xf32>) -> ()
    %66 = torch.aten.to.dtype %65 {dtype = f32} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %67 = torch.aten.dropout %66 {p = 0.000000e+00 : f64, train = false} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %68 = torch.aten.matmul %67, %58 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %69 = torch.aten.transpose.int %68 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %70 = torch.aten.reshape %69 {shape = [2 : i64, 16 : i64, -1 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %71 = torch.aten.view %70 {size = [-1 : i64, 64 : i64]} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %72 = torch.aten.addmm %p_model_transformer_h_0_attn_c_proj_bias, %71, %p_model_transformer_h_0_attn_c_proj_weight : (tensor<64xf32>, tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %73 = torch.aten.view %72 {size = [2 : i64, 16 : i64, 64 : i64]} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %74 = torch.aten.dropout %73 {p = 1.000000e-01 : f64, train = false} : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %75 = torch.aten.add.Tensor %74, %47 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %76 = torch.aten.layer_norm %75, %p_model_transformer_h_0_ln_2_weight, %p_model_transformer_h_0_ln_2_bias {normalized_shape = [64 : i64], cudnn_enable = false} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %77 = torch.aten.view %76 {size = [-1 : i64, 64 : i64]} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %78 = torch.aten.addmm %p_model_transformer_h_0_mlp_c_fc_bias, %77, %p_model_transformer_h_0_mlp_c_fc_weight : (tensor<256xf32>, tensor<32x64xf32>, tensor<64x256xf32>) -> tensor<32x256xf32>
    %79 = torch.aten.view %78 {size = [2 : i64, 16 : i64, 256 : i64]} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    %80 = torch.aten.mul.Scalar %79 {other = 5.000000e-01 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %81 = torch.aten.pow.Tensor_Scalar %79 {exponent = 3.000000e+00 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %82 = torch.aten.mul.Scalar %81 {other = 4.471500e-02 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %83 = torch.aten.add.Tensor %79, %82 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %84 = torch.aten.mul.Scalar %83 {other = 0.79788456080286541 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %85 = torch.aten.tanh %84 : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %86 = torch.aten.add.Scalar %85 {other = 1.000000e+00 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %87 = torch.aten.mul.Tensor %80, %86 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %88 = torch.aten.view %87 {size = [-1 : i64, 256 : i64]} : (tensor<2x16x256xf32>) -> tensor<32x256xf32>
    %89 = torch.aten.addmm %p_model_transformer_h_0_mlp_c_proj_bias, %88, %p_model_transformer_h_0_mlp_c_proj_weight : (tensor<64xf32>, tensor<32x256xf32>, tensor<256x64xf32>) -> tensor<32x64xf32>
    %90 = torch.aten.view %89 {size = [2 : i64, 16 : i64, 64 : i64]} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %91 = torch.aten.dropout %90 {p = 1.000000e-01 : f64, train = false} : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %92 = torch.aten.add.Tensor %75, %91 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %93 = torch.aten.layer_norm %92, %p_model_transformer_h_1_ln_1_weight, %p_model_transformer_h_1_ln_1_bias {normalized_shape = [64 : i64], cudnn_enable = false} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %94 = torch.aten.view %93 {size = [-1 : i64, 64 : i64]} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %95 = torch.aten.addmm %p_model_transformer_h_1_attn_c_attn_bias, %94, %p_model_transformer_h_1_attn_c_attn_weight : (tensor<192xf32>, tensor<32x64xf32>, tensor<64x192xf32>) -> tensor<32x192xf32>
    %96 = torch.aten.view %95 {size = [2 : i64, 16 : i64, 192 : i64]} : (tensor<32x192xf32>) -> tensor<2x16x192xf32>
    %97, %98, %99 = torch.aten.split.Tensor %96 {split_size = 64 : i64, dim = 2 : i64} : (tensor<2x16x192xf32>) -> (tensor<2x16x64xf32>, tensor<2x16x64xf32>, tensor<2x16x64xf32>)
    %100 = torch.aten.view %98 {size = [2 : i64, 16 : i64, -1 : i64, 16 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %101 = torch.aten.transpose.int %100 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %102 = torch.aten.view %99 {size = [2 : i64, 16 : i64, -1 : i64, 16 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %103 = torch.aten.transpose.int %102 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %104 = torch.aten.view %97 {size = [2 : i64, 16 : i64, -1 : i64, 16 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %105 = torch.aten.transpose.int %104 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %106 = torch.aten.transpose.int %101 {dim0 = -1 : i64, dim1 = -2 : i64} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %107 = torch.aten.matmul %105, %106 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %108 = torch.aten.mul.Scalar %107 {other = 2.500000e-01 : f64} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %109 = torch.aten.add.Tensor %108, %46 : (tensor<2x4x16x16xf32>, tensor<2x1x16x16xf32>) -> tensor<2x4x16x16xf32>
    %110 = torch.aten.softmax.int %109 {dim = -1 : i64} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    torch.aten._assert_tensor_metadata %110 {dtype = f32, device = "cpu", layout = "strided"} : (tensor<2x4x16x16xf32>) -> ()
    %111 = torch.aten.to.dtype %110 {dtype = f32} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %112 = torch.aten.dropout %111 {p = 0.000000e+00 : f64, train = false} : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %113 = torch.aten.matmul %112, %103 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %114 = torch.aten.transpose.int %113 {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %115 = torch.aten.reshape %114 {shape = [2 : i64, 16 : i64, -1 : i64]} : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %116 = torch.aten.view %115 {size = [-1 : i64, 64 : i64]} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %117 = torch.aten.addmm %p_model_transformer_h_1_attn_c_proj_bias, %116, %p_model_transformer_h_1_attn_c_proj_weight : (tensor<64xf32>, tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %118 = torch.aten.view %117 {size = [2 : i64, 16 : i64, 64 : i64]} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %119 = torch.aten.dropout %118 {p = 1.000000e-01 : f64, train = false} : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %120 = torch.aten.add.Tensor %119, %92 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %121 = torch.aten.layer_norm %120, %p_model_transformer_h_1_ln_2_weight, %p_model_transformer_h_1_ln_2_bias {normalized_shape = [64 : i64], cudnn_enable = false} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %122 = torch.aten.view %121 {size = [-1 : i64, 64 : i64]} : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %123 = torch.aten.addmm %p_model_transformer_h_1_mlp_c_fc_bias, %122, %p_model_transformer_h_1_mlp_c_fc_weight : (tensor<256xf32>, tensor<32x64xf32>, tensor<64x256xf32>) -> tensor<32x256xf32>
    %124 = torch.aten.view %123 {size = [2 : i64, 16 : i64, 256 : i64]} : (tensor<32x256xf32>) -> tensor<2x16x256xf32>
    %125 = torch.aten.mul.Scalar %124 {other = 5.000000e-01 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %126 = torch.aten.pow.Tensor_Scalar %124 {exponent = 3.000000e+00 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %127 = torch.aten.mul.Scalar %126 {other = 4.471500e-02 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %128 = torch.aten.add.Tensor %124, %127 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %129 = torch.aten.mul.Scalar %128 {other = 0.79788456080286541 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %130 = torch.aten.tanh %129 : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %131 = torch.aten.add.Scalar %130 {other = 1.000000e+00 : f64} : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %132 = torch.aten.mul.Tensor %125, %131 : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %133 = torch.aten.view %132 {size = [-1 : i64, 256 : i64]} : (tensor<2x16x256xf32>) -> tensor<32x256xf32>
    %134 = torch.aten.addmm %p_model_transformer_h_1_mlp_c_proj_bias, %133, %p_model_transformer_h_1_mlp_c_proj_weight : (tensor<64xf32>, tensor<32x256xf32>, tensor<256x64xf32>) -> tensor<32x64xf32>
    %135 = torch.aten.view %134 {size = [2 : i64, 16 : i64, 64 : i64]} : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %136 = torch.aten.dropout %135 {p = 1.000000e-01 : f64, train = false} : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %137 = torch.aten.add.Tensor %120, %136 : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %138 = torch.aten.layer_norm %137, %p_model_transformer_ln_f_weight, %p_model_transformer_ln_f_bias {normalized_shape = [64 : i64], cudnn_enable = false} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
    %139 = torch.aten.view %138 {size = [-1 : i64, 16 : i64, 64 : i64]} : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %140 = torch.aten.alias %139 : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %141 = torch.aten.linear %140, %p_model_lm_head_weight, none : (tensor<2x16x64xf32>, tensor<256x64xf32>) -> tensor<2x16x256xf32>
    func.return %141 : tensor<2x16x256xf32>
  }
}
