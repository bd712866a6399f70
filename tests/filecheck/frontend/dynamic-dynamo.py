# RUN: %python %s > %t
# RUN: filecheck %s --input-file %t
# RUN: filecheck %s --input-file %t --check-prefix=LOC
# ruff: noqa: E501  (FileCheck patterns match whole lines of IR)
"""Dynamo with dynamic=True: sizes are SymInt graph inputs, imported as `i64` arguments
named by their symbol; dynamic dims are `?` carrying the same symbols. Both routes work:
AOTAutograd's ATen graph (imported as is, with source locations: LOC) and Dynamo's own
torch-level graph (traced to ATen by the importer)."""

import torch
from torch._dynamo.backends.common import aot_autograd

from stepwell.frontend.fx import import_graph
from stepwell.ir.printing import to_text


def f(x: torch.Tensor) -> torch.Tensor:
    return x.view(x.shape[0] * 2, -1).relu()
    # LOC: torch.operator "_operator.mul"{{.*}} loc("{{.*}}dynamic-dynamo.py":[[# @LINE - 1]]:5)
    # LOC-NEXT: torch.aten.view {{.*}} loc("{{.*}}dynamic-dynamo.py":[[# @LINE - 2]]:5)
    # LOC-NEXT: torch.aten.relu {{.*}} loc("{{.*}}dynamic-dynamo.py":[[# @LINE - 3]]:5)


def capture(gm: torch.fx.GraphModule, example_inputs: list) -> torch.fx.GraphModule:
    print(to_text(import_graph(gm, example_inputs), locations=True))
    return gm


with torch.no_grad():
    torch.compile(f, backend=aot_autograd(fw_compiler=capture), dynamic=True)(torch.randn(4, 6))

# CHECK-LABEL: func.func @forward(
# CHECK-SAME: %[[N0:[a-z0-9_]+]]: i64 {stepwell.name = "[[S0:s[0-9]+]]", stepwell.kind = "symint"}
# CHECK-SAME: %[[N1:[a-z0-9_]+]]: i64 {stepwell.name = "[[S1:s[0-9]+]]", stepwell.kind = "symint"}
# CHECK-SAME: %[[X:[a-z0-9_]+]]: tensor<?x?xf32, ["[[S0]]", "[[S1]]"]> {stepwell.name = "{{[a-z0-9_]+}}", stepwell.kind = "input"}
# CHECK-SAME: -> tensor<?x?xf32, ["2*[[S0]]", "([[S1]]//2)"]>
# CHECK: %[[M:.*]] = torch.operator "_operator.mul"(%[[N0]]) {args = [#torch.sym<0>, 2 : i64]} : (i64) -> i64
# CHECK: %[[V:.*]] = torch.aten.view %[[X]] sym(%[[M]]) {size = [#torch.sym<0>, -1 : i64]}
# CHECK: torch.aten.relu %[[V]] : (tensor<?x?xf32, ["2*[[S0]]", "([[S1]]//2)"]>) -> tensor<?x?xf32, ["2*[[S0]]", "([[S1]]//2)"]>

torch._dynamo.reset()
torch.compile(f, backend=capture, dynamic=True)(torch.randn(4, 6))

# CHECK-LABEL: func.func @forward(
# CHECK-SAME: %[[N0:[a-z0-9_]+]]: i64 {stepwell.name = "[[S0:s[0-9]+]]", stepwell.kind = "symint"}
# CHECK-SAME: %[[N1:[a-z0-9_]+]]: i64 {stepwell.name = "[[S1:s[0-9]+]]", stepwell.kind = "symint"}
# CHECK-SAME: %[[X:[a-z0-9_]+]]: tensor<?x?xf32, ["[[S0]]", "[[S1]]"]> {stepwell.name = "{{[a-z0-9_]+}}", stepwell.kind = "input"}
# CHECK: %[[M:.*]] = torch.operator "_operator.mul"(%[[N0]]) {args = [#torch.sym<0>, 2 : i64]} : (i64) -> i64
# CHECK: %[[V:.*]] = torch.aten.view %[[X]] sym(%[[M]]) {size = [#torch.sym<0>, -1 : i64]}
# CHECK: torch.aten.relu %[[V]] : (tensor<?x?xf32, ["2*[[S0]]", "([[S1]]//2)"]>) -> tensor<?x?xf32, ["2*[[S0]]", "([[S1]]//2)"]>


def guidance(x: torch.Tensor) -> torch.Tensor:
    """Classifier-free guidance: the two halves of a chunk(2) of a dynamic batch meet,
    which Dynamo guards as `Eq(s0 - (s0 + 1)//2, (s0 + 1)//2)`. The importer spells both
    halves' batch the simpler way, so the sum of the two is of one type."""
    uncond, cond = x.chunk(2)
    return uncond + 7.5 * (cond - uncond)


torch._dynamo.reset()
with torch.no_grad():
    torch.compile(guidance, backend=aot_autograd(fw_compiler=capture), dynamic=True)(
        torch.randn(8, 6))

# CHECK-LABEL: func.func @forward(
# CHECK-SAME: %[[N0:[a-z0-9_]+]]: i64 {stepwell.name = "[[S0:s[0-9]+]]", stepwell.kind = "symint"}
# CHECK-SAME: -> tensor<?x?xf32, ["(([[S0]] + 1)//2)", "[[S1:s[0-9]+]]"]>
# CHECK: %[[U:.*]], %[[C:.*]] = torch.aten.split.Tensor {{.*}} -> (tensor<?x?xf32, ["(([[S0]] + 1)//2)", "[[S1]]"]>, tensor<?x?xf32, ["(([[S0]] + 1)//2)", "[[S1]]"]>)
# CHECK: torch.aten.sub.Tensor %[[C]], %[[U]] {{.*}} -> tensor<?x?xf32, ["(([[S0]] + 1)//2)", "[[S1]]"]>
