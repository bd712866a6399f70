// RUN: stepwell-opt %s -p 'decompose-torch-to-prims{report=false},canonicalize-prims,cse,convert-prims-to-tile' -t triton | filecheck %s

// The Triton source of a softmax kernel: whole rows, masked tails, masked reductions.

// CHECK: import triton.language as tl
// CHECK: @triton.jit
// CHECK-NEXT: def k0_softmax(x0_ptr, out1_ptr):
// CHECK: tl.program_id(0)
// CHECK: # prims.amax
// CHECK: [[OFFS:offs[0-9]+]] = ({{.*}} * 128 + tl.arange(0, 128))[None, :]
// CHECK: [[MASK:mask[0-9]+]] = [[OFFS]] < 100
// CHECK: [[X:x[0-9]+]] = tl.load(x0_ptr + {{.*}}, mask={{.*}}[[MASK]]{{.*}}, other=0)
// CHECK: tl.max(tl.where((tl.arange(0, 128)[None, :] < 100), [[X]], float('-inf')), axis=1, keep_dims=True)
// CHECK: # prims.exp
// CHECK: tl.exp(
// CHECK: tl.sum(tl.where((tl.arange(0, 128)[None, :] < 100), {{.*}}, 0), axis=1, keep_dims=True)
// CHECK: tl.store(out1_ptr + {{.*}}, mask={{.*}}[[MASK]]
func.func @softmax(%x: tensor<8x100xf32>) -> tensor<8x100xf32> {
  %0 = torch.aten._softmax %x {dim = -1 : i64, half_to_float = false} : (tensor<8x100xf32>) -> tensor<8x100xf32>
  func.return %0 : tensor<8x100xf32>
}
