// RUN: stepwell-opt %s -p decompose-torch-to-prims --check-numerics | filecheck %s --check-prefix=GOOD
// RUN: stepwell-opt %s -p 'decompose-torch-to-prims,canonicalize-prims,cse,convert-prims-to-tile' --check-numerics | filecheck %s --check-prefix=TILE
// RUN: not stepwell-opt %s --load-plugin %S/Inputs/wrong_sub_pass.py -p 'decompose-torch-to-prims,swap-sub-for-add' --check-numerics 2>&1 | filecheck %s --check-prefix=BAD

// A correct pass leaves the results unchanged; a wrong one is named with its first bad op.

// GOOD: prims.sub
// TILE: tile.launch
// BAD: error: pass 'swap-sub-for-add' changed output #0
// BAD-NEXT: prims.sub
// BAD-NOT: Traceback

func.func @forward(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = torch.aten.exp %x : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = torch.aten.sub.Tensor %0, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %1 : tensor<4x8xf32>
}
