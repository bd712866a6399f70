// A reduction of a reshape of `x[x > 0]` (length u0, a data-dependent size ATen makes):
// the kernel reads `[u0 // 2, 2]` and needs `u0` itself, which no input's dim is; the
// launch takes it from the tensor ATen made.
func.func @reduce_a_data_dependent_reshape(%x: tensor<6xf32>, %m: tensor<6xi1>) -> tensor<?xf32, ["(u0//2)"]> {
  %p = prims.extern "aten.index.Tensor"(%x, %m) {args = [], kwargs = {self = #torch.sym<0>, indices = [#torch.sym<1>]}} : (tensor<6xf32>, tensor<6xi1>) -> tensor<?xf32, ["u0"]>
  %r = prims.extern "aten.view.default"(%p) {args = [], kwargs = {self = #torch.sym<0>, size = [-1 : i64, 2 : i64]}} : (tensor<?xf32, ["u0"]>) -> tensor<?x2xf32, ["(u0//2)"]>
  %s = prims.sum %r {dims = [1 : i64]} : (tensor<?x2xf32, ["(u0//2)"]>) -> tensor<?xf32, ["(u0//2)"]>
  func.return %s : tensor<?xf32, ["(u0//2)"]>
}
