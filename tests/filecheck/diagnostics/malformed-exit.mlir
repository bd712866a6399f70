// RUN: not stepwell-opt %s 2>&1 | filecheck %s
// RUN: not stepwell-opt %S/no-such-file.mlir 2>&1 | filecheck %s --check-prefix=NOFILE

// Malformed text or a missing input: one error message and a non-zero exit status (`not`),
// never a Python traceback. (An unknown pass, a missing plugin, and the exact exit
// status: tests/python/test_cli.py.)

// CHECK-NOT: Traceback
// CHECK: malformed-exit.mlir:[[# @LINE + 4]]:39: error: Expected ':'
// CHECK-NOT: Traceback

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = torch.aten.relu %a {alpha = 1} tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// NOFILE-NOT: Traceback
// NOFILE: no-such-file.mlir: error: no such file
// NOFILE-NOT: Traceback
