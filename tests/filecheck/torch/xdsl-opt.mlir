// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | stepwell-opt | filecheck %s

// Plain xdsl-opt parses and prints stepwell's IR: stepwell registers its dialects as an
// xDSL Universe under the `xdsl.universe` entry point.

// CHECK-LABEL: func.func @f
func.func @f(%x: tensor<?x4xf32, ["s0"]>, %n: i64) -> tensor<?x4xf32, ["s0"]> {
  // CHECK: %[[R:.*]] = torch.aten.relu %x : (tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0"]>
  %0 = torch.aten.relu %x : (tensor<?x4xf32, ["s0"]>) -> tensor<?x4xf32, ["s0"]>
  // CHECK: torch.aten.view %[[R]] sym(%n) {size = [#torch.sym<0>, 4 : i64]}
  %1 = torch.aten.view %0 sym(%n) {size = [#torch.sym<0>, 4 : i64]} : (tensor<?x4xf32, ["s0"]>, i64) -> tensor<?x4xf32, ["s0"]>
  func.return %1 : tensor<?x4xf32, ["s0"]>
}
