# RUN: %python %s > %t
# RUN: filecheck %s --input-file %t
# RUN: filecheck %s --input-file %t --check-prefix=GATE
"""Every op carries the user's source location from its node's stack trace: the innermost
frame outside torch (a submodule's forward, not its caller), and the column at which the
code on that line starts."""

import torch
from torch import nn

from stepwell.frontend.fx import import_program
from stepwell.ir.printing import to_text


class Gate(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(x) * x
        # GATE: torch.aten.sigmoid {{.*}} loc("{{.*}}locations.py":[[# @LINE - 1]]:9)
        # GATE-NEXT: torch.aten.mul.Tensor {{.*}} loc("{{.*}}locations.py":[[# @LINE - 2]]:9)


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.gate = Gate()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.relu()
        # CHECK: torch.aten.relu {{.*}} loc("{{.*}}locations.py":[[# @LINE - 1]]:9)
        if x.shape[0] > 0:
            z = self.gate(y)
        # CHECK-NEXT: torch.aten.sigmoid
        # CHECK-NEXT: torch.aten.mul.Tensor
        return torch.cat(
            [z, y],
            dim=0,
        )
        # CHECK-NEXT: torch.aten.cat {{.*}} loc("{{.*}}locations.py":[[# @LINE - 4]]:9)


ep = torch.export.export(Net(), (torch.randn(2, 3),))
print(to_text(import_program(ep), locations=True))
print("// without locations")
print(to_text(import_program(ep)))

# CHECK: // without locations
# CHECK-NOT: loc(
