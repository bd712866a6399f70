"""The frame cache (stepwell/lowering/frame_cache.py): a plain inference graph compiled
before skips AOTAutograd, and every graph whose AOTAutograd wrapper does something at
run time (an input mutated, an output aliasing an input, training) still goes through
it. Each compile here runs in this process after `torch._dynamo.reset()`, with the
caches in a fresh directory: the second compile of a graph is a warm one."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import torch

os.environ.setdefault("TRITON_INTERPRET", "1")

from stepwell.lowering import frame_cache  # noqa: E402


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("STEPWELL_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("STEPWELL_GRAPH_CACHE", raising=False)
    torch._dynamo.reset()
    yield tmp_path
    torch._dynamo.reset()


class AotCalls:
    """Counts AOTAutograd's traces (the Dynamo backend's call of aot_module_simplified)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import torch._dynamo.backends.common as common

        self.count = 0
        real = common.aot_module_simplified

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(common, "aot_module_simplified", counted)


def compile_twice(fn: Callable[..., Any], make_inputs: Callable[[], tuple[Any, ...]]):
    """(outputs of a cold compile's first call, of a warm one's), each on fresh inputs."""
    outputs = []
    for _ in range(2):
        torch._dynamo.reset()
        outputs.append((torch.compile(fn, backend="stepwell")(*(inputs := make_inputs())), inputs))
    return outputs


def assert_same(out: torch.Tensor, ref: torch.Tensor) -> None:
    assert out.dtype == ref.dtype and out.shape == ref.shape
    torch.testing.assert_close(out, ref, rtol=1e-5, atol=1e-5, equal_nan=True)


class Block(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = torch.nn.Linear(8, 16)
        self.norm = torch.nn.LayerNorm(16)

    def forward(self, x: torch.Tensor, n: torch.Tensor) -> tuple[torch.Tensor, ...]:
        h = self.norm(torch.nn.functional.gelu(self.fc(x)))
        return h[..., :4] * 2, (n * 3).to(torch.int32), h.half().sum(-1), (x > 0).sum(-1)


def test_a_warm_inference_graph_skips_aotautograd(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    torch.manual_seed(0)
    model = Block().eval()
    x = torch.randn(3, 5, 8)
    x[0, 0, 0] = float("nan")
    n = torch.arange(15, dtype=torch.int64).reshape(3, 5)
    with torch.no_grad():
        expected = model(x, n)
        calls = AotCalls(monkeypatch)
        (cold, _), (warm, _) = compile_twice(model, lambda: (x, n))
    assert calls.count == 1  # the warm compile did not trace
    assert len(list(cache.glob("frame-*"))) == 1
    for c, w, e in zip(cold, warm, expected, strict=True):
        assert_same(c, e)
        assert_same(w, e)
    # empty inputs, another entry
    with torch.no_grad():
        (_, _), (warm, _) = compile_twice(model, lambda: (x[:0], n[:0]))
        for w, e in zip(warm, model(x[:0], n[:0]), strict=True):
            assert_same(w, e)
    assert calls.count == 2


def _mutates(x: torch.Tensor) -> torch.Tensor:
    x.add_(1)
    return x * 2


def _aliases(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return x.t(), x + 1


def _overlapping(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    a.add_(1)  # (a and b share memory: AOTAutograd's wrapper passes their base instead)
    return b * 2


def test_an_input_the_graph_writes_skips_aotautograd_when_warm(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The graph writes the input itself (AOTAutograd keeps the mutation in the graph):
    the wrapper has nothing to do, so a warm compile takes the frame cache's entry, and
    the input is written on that path too."""
    calls = AotCalls(monkeypatch)
    with torch.no_grad():
        runs = compile_twice(_mutates, lambda: (torch.zeros(4),))
    for out, (x,) in runs:
        assert torch.equal(x, torch.ones(4)) and torch.equal(out, torch.full((4,), 2.0))
    assert calls.count == 1 and len(list(cache.glob("frame-*"))) == 1


def test_an_input_mutated_by_the_wrapper_still_goes_through_aotautograd(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = AotCalls(monkeypatch)

    def overlapping() -> tuple[torch.Tensor, torch.Tensor]:
        base = torch.arange(6.0)
        return base[:4], base[2:]

    with torch.no_grad():
        runs = compile_twice(_overlapping, overlapping)
    a, b = overlapping()
    expected = _overlapping(a, b)  # (eager: [6, 8, 8, 10], b seeing a's write)
    for out, inputs in runs:
        assert all(torch.equal(x, y) for x, y in zip(inputs, (a, b), strict=True))
        assert torch.equal(out, expected)
    assert calls.count == 2 and not list(cache.glob("frame-*"))


def test_an_output_aliasing_an_input_stays_a_view(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = AotCalls(monkeypatch)
    with torch.no_grad():
        runs = compile_twice(_aliases, lambda: (torch.arange(6.0).reshape(2, 3),))
    for (view, plus), (x,) in runs:
        assert view.data_ptr() == x.data_ptr() and torch.equal(view, x.t())
        assert torch.equal(plus, x + 1)
    assert calls.count == 2 and not list(cache.glob("frame-*"))


def test_training_still_goes_through_aotautograd(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 3)
    calls = AotCalls(monkeypatch)
    for _ in range(2):
        torch._dynamo.reset()
        model.zero_grad()
        x = torch.randn(2, 4)
        torch.compile(model, backend="stepwell")(x).pow(2).sum().backward()
        assert model.weight.grad is not None
        ref = torch.nn.Linear(4, 3)
        ref.load_state_dict(model.state_dict())
        ref(x).pow(2).sum().backward()
        torch.testing.assert_close(model.weight.grad, ref.weight.grad)
    assert calls.count == 2 and not list(cache.glob("frame-*"))


def test_a_bad_entry_is_a_miss(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fn(x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x) * 2

    x = torch.randn(5)
    calls = AotCalls(monkeypatch)
    with torch.no_grad():
        compile_twice(fn, lambda: (x,))
        assert calls.count == 1
        (entry,) = cache.glob("frame-*/frame.json")
        entry.write_text('{"graph_key": "graph-0", "slots": [true]}')  # a digest mismatch
        torch._dynamo.reset()
        with pytest.warns(UserWarning):
            out = torch.compile(fn, backend="stepwell")(x)
    assert calls.count == 2 and torch.equal(out, fn(x))


def test_the_frame_key_sees_the_modes_the_trace_depends_on() -> None:
    def fn(x: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.silu(x)[..., :2] + 1

    def key(x: torch.Tensor, options: str = "o") -> str | None:
        seen: list[str | None] = []

        def backend(gm: torch.fx.GraphModule, inputs: list[Any]) -> Callable[..., Any]:
            seen.append(frame_cache.key(gm, inputs, options))
            return gm.forward

        torch._dynamo.reset()
        torch.compile(fn, backend=backend)(x)
        return seen[0]

    x = torch.randn(3, 4)
    with torch.no_grad():
        base = key(x)
        assert base is not None and base.startswith("frame-") and base == key(x)
        assert base != key(x, options="p")
        assert base != key(x.double())
        assert base != key(torch.randn(3, 5))
    assert base != key(x)  # grad mode on
    torch._dynamo.reset()


def test_a_dynamic_graph_has_no_entry_and_keeps_its_symbolic_sizes(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fn(x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x * 2, dim=-1)

    calls = AotCalls(monkeypatch)
    with torch.no_grad():
        for _ in range(2):
            torch._dynamo.reset()
            compiled = torch.compile(fn, backend="stepwell", dynamic=True)
            for n in (3, 5, 9):
                x = torch.randn(n, 4)
                assert_same(compiled(x), fn(x))
    assert calls.count == 2  # one symbolic graph a compile, not one a size
    assert not list(cache.glob("frame-*"))


def test_a_second_compile_in_a_process_takes_the_graph_from_memory(
    cache: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The graph cache's in-memory layer (`artifacts.RECENT`): no entry read, no kernels
    loaded again, for a training step too (AOTAutograd's forward and backward graphs);
    another cache directory does not see it."""
    import stepwell.lowering.graph_cache as graph_cache
    import stepwell.lowering.launch_plan as launch_plan

    reads, loads = [], []
    real_load, real_kernels = graph_cache.load, launch_plan.load_kernels
    monkeypatch.setattr(graph_cache, "load", lambda *a: reads.append(1) or real_load(*a))
    monkeypatch.setattr(
        launch_plan, "load_kernels", lambda *a: loads.append(1) or real_kernels(*a)
    )
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
    x = torch.randn(3, 4)

    def step() -> torch.Tensor:
        torch._dynamo.reset()
        model.zero_grad()
        torch.compile(model, backend="stepwell")(x).pow(2).sum().backward()
        return model[0].weight.grad.clone()  # type: ignore[union-attr]

    first = step()
    assert loads  # the cold compile loaded its kernels
    reads.clear()
    loads.clear()
    assert torch.equal(step(), first)
    assert not reads and not loads
    monkeypatch.setenv("STEPWELL_CACHE_DIR", str(tmp_path_factory.mktemp("other")))
    assert torch.equal(step(), first)
    assert loads


def _grad_off_inside(x: torch.Tensor) -> torch.Tensor:
    torch.set_grad_enabled(False)
    return x * 2


def test_a_graph_that_changes_grad_mode_still_goes_through_aotautograd(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AOTAutograd's wrapper sets the grad mode the graph left behind; a hit could not."""
    calls = AotCalls(monkeypatch)
    try:
        for _ in range(2):
            torch.set_grad_enabled(True)
            torch._dynamo.reset()
            x = torch.randn(3)
            assert torch.equal(torch.compile(_grad_off_inside, backend="stepwell")(x), x * 2)
            assert not torch.is_grad_enabled()
    finally:
        torch.set_grad_enabled(True)
    assert calls.count == 2 and not list(cache.glob("frame-*"))


def test_no_frame_key_under_autocast_or_for_a_tensor_subclass() -> None:
    from stepwell.lowering import graph_cache

    class Marked(torch.Tensor):
        pass

    gm = torch.fx.symbolic_trace(lambda a: torch.relu(a) * 2)
    x = torch.randn(4)
    assert graph_cache.dynamo_graph_key(gm, [x], "s") is not None
    assert graph_cache.dynamo_graph_key(gm, [x.as_subclass(Marked)], "s") is None
    assert frame_cache.key(gm, [x], "o") is not None
    with torch.autocast("cpu"):
        assert frame_cache.key(gm, [x], "o") is None
