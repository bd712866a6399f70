"""A compiled graph runs where its inputs are. The IR's constants are device-neutral
(passes make `full`s with `cpu`), so at run time every factory (`full`, `iota`, a mask
built from them) and every kernel without tensor inputs must allocate on the device of
the graph's inputs, not on the CPU. No GPU is needed to check that: the inputs live on
PyTorch's `meta` device, and each kernel is replaced by a recorder of the devices of the
tensors it is launched with (outputs included), as a GPU launch would receive them."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch

from stepwell.ir.callees import on_graph_device
from stepwell.lowering.launch_plan import PlanRuntime
from stepwell.lowering.runtime import Runtime


class RecordingKernel:
    """Stands in for a compiled kernel: `kernel[grid](*args)` notes the args' devices."""

    def __init__(self) -> None:
        self.launches: list[list[str]] = []

    def __getitem__(self, grid: tuple[int, ...]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            self.launches.append([a.device.type for a in args if isinstance(a, torch.Tensor)])

        return run


def _causal_from_iota(x: torch.Tensor) -> torch.Tensor:
    n = x.shape[-1]
    pos = torch.arange(n, device=x.device)
    return x + torch.where(pos[None, :] <= pos[:, None], 0.0, -math.inf)


def _masked_softmax(x: torch.Tensor) -> torch.Tensor:
    n = x.shape[-1]
    mask = ~torch.ones(n, n, dtype=torch.bool, device=x.device).tril()
    return torch.softmax(x.masked_fill(mask, -math.inf), -1)


def _constant_plus_empty(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return x + torch.full((x.shape[-1],), 2.0, device=x.device), x[:0].exp() * 2


def _positions_from_a_scan(x: torch.Tensor) -> torch.Tensor:
    # transformers' masks number positions as `ones(...).cumsum(-1)`: a kernel with no
    # tensor input (the scan of a constant) whose result feeds the next kernel
    ones = torch.ones(x.shape[0], x.shape[-1], dtype=torch.int64, device=x.device)
    pos = ones.cumsum(-1)
    return x + torch.where(pos[:, None, :] <= pos[:, :, None], 0.0, -math.inf)


PROGRAMS = {
    "positions from the scan of a constant": _positions_from_a_scan,
    "a causal mask from arange": _causal_from_iota,
    "a masked_fill softmax": _masked_softmax,
    "a constant and an empty result": _constant_plus_empty,
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("runner", ["plan", "ir"])
def test_factories_and_kernels_allocate_on_the_inputs_device(
    name: str, runner: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("STEPWELL_CACHE_DIR", str(tmp_path))  # compiled here, not read
    kernel = RecordingKernel()
    fake = lambda self, interpret: defaultdict(lambda: kernel)  # noqa: E731
    monkeypatch.setattr(PlanRuntime, "kernels", fake)
    monkeypatch.setattr(Runtime, "kernels", fake)
    if runner == "ir":  # no launch plan: the IR interpreter runs the graph function
        monkeypatch.setattr("stepwell.lowering.compiler.build_launch_plan", lambda m: None)
    torch._dynamo.reset()
    x = torch.empty(2, 8, 8, device="meta")
    with torch.no_grad():
        out = torch.compile(PROGRAMS[name], backend="stepwell")(x)
    assert kernel.launches, "the program launched no kernel"
    for devices in kernel.launches:
        assert devices and set(devices) == {"meta"}, kernel.launches
    for o in torch.utils._pytree.tree_leaves(out):
        assert o.device.type == "meta"


def test_a_transfer_keeps_its_device_and_a_factory_follows_the_graph() -> None:
    meta, cpu = torch.device("meta"), torch.device("cpu")
    factory = on_graph_device([[4], 0.0], {"device": cpu, "dtype": torch.float32}, meta)
    assert factory == {"device": meta, "dtype": torch.float32}
    x = torch.empty(3, device=meta)
    assert on_graph_device([x], {"device": cpu}, meta) == {"device": cpu}  # `x.to("cpu")`
    assert on_graph_device([], {"device": cpu}, None) == {"device": cpu}  # no graph device


def test_a_causal_attention_left_at_graph_level_runs_on_the_inputs_device() -> None:
    """Head dim 320 is wider than the flash kernel takes: `prims.attention` runs at graph
    level, where the interpreter builds the causal mask (on the logits' device)."""
    from stepwell.frontend.fx import import_program
    from stepwell.frontend.loader import Example, export
    from stepwell.lowering.compiler import compile_module
    from stepwell.pipeline import bind_inputs

    def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)

    q = torch.randn(1, 2, 8, 320)
    ep = export(Example(attention, (q, q, q), "attention"))
    artifacts = compile_module(import_program(ep))
    assert any(op.name == "prims.attention" for op in artifacts.module.walk())
    meta = bind_inputs(artifacts.module, ep, (q.to("meta"),) * 3)
    (out,) = Runtime(artifacts.module, artifacts.source)(*meta)
    assert out.device.type == "meta" and out.shape == q.shape


def test_the_graph_device_is_not_a_cpu_scalars() -> None:
    from stepwell.lowering.launch_plan import graph_device

    step, x = torch.tensor(3.0), torch.empty(2, device="meta")
    assert graph_device([4, step, x]) == torch.device("meta")  # an optimizer's step first
    assert graph_device([step]) == torch.device("cpu")
    assert graph_device([2, 3]) == torch.device("cpu")
