"""Inputs a compiled program writes (an optimizer step's parameters and state, a batch
norm's running statistics, a KV cache, `x.add_(...)` on an argument).

AOTAutograd keeps each such write in the graph (`keep_inference_input_mutations`), the
importer makes it a result marked `stepwell.writes`, and write-inputs-in-place lets the
kernel computing the new value store it into the input itself, where nothing needs the
old value afterwards; the others are copied into the input after the call. Every case is
compared with eager, the inputs' new values included; the in-place writes are observed at
run time (the value the runtime would copy is already the input's memory)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch

from stepwell.fuzz.compare import mismatch
from stepwell.lowering import launch_plan


def _written(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records, for each input write the runtime finishes, whether the kernel already
    wrote the value into the input's memory (True) or it is copied there (False)."""
    seen: list[bool] = []
    real = launch_plan.write_back

    def recording(writes: Any) -> None:
        seen.extend(value.data_ptr() == dest.data_ptr() for dest, value in writes)
        real(writes)

    monkeypatch.setattr(launch_plan, "write_back", recording)
    return seen


def _manifest_writes(dump: Path) -> dict[str, int]:
    total = {"in_place": 0, "copied": 0}
    for m in sorted(dump.rglob("manifest.json")):
        for k, v in json.loads(m.read_text()).get("input_writes", {}).items():
            total[k] += v
    return total


def _check(fn: Callable[..., Any], make: Callable[[], tuple[Any, ...]], dump: Path,
           dynamic: bool | None = None) -> None:  # fmt: skip
    """`fn` compiled matches eager on a second call: results and every argument."""
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=dynamic,
                             options={"dump_dir": str(dump)})  # fmt: skip
    for _ in range(2):
        torch.manual_seed(0)
        eager_args = make()
        torch.manual_seed(0)
        args = make()
        expected = fn(*eager_args)
        got = compiled(*args)
        assert mismatch((expected, eager_args), (got, args)) is None, mismatch(
            (expected, eager_args), (got, args))  # fmt: skip


def _sgd(p: torch.Tensor, g: torch.Tensor, m: torch.Tensor) -> None:
    m.mul_(0.9).add_(g)
    p.add_(m, alpha=-0.1)


def _flip(x: torch.Tensor) -> None:
    x.add_(x.flip(0))  # reads x where it writes another element: not in place


def _swap(a: torch.Tensor, b: torch.Tensor) -> None:
    t = a.clone()
    a.copy_(b)
    b.copy_(t)


def _chain(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    a.add_(b)
    b.mul_(a)
    return a.sum()


def _view_then_write(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    y = x.t()  # a view: eager's y shows the write
    before = x * 1  # a value: it does not
    x.mul_(2)
    return y, before


def _returned(x: torch.Tensor) -> torch.Tensor:
    x.add_(1)
    return x


def _index_add(c: torch.Tensor, v: torch.Tensor, i: torch.Tensor) -> None:
    c.index_add_(0, i, v)  # a scatter: the kernel adds the rows into c itself


def _kv_cache(c: torch.Tensor, k: torch.Tensor, i: torch.Tensor) -> torch.Tensor:
    c.index_copy_(1, i, k)
    return c.sum(1)


def _kv_at(c: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    c[:, 3] = k
    return c.mean()


def _int_bool(x: torch.Tensor, m: torch.Tensor) -> None:
    x.add_(7)
    m.logical_not_()


def _half(x: torch.Tensor) -> None:
    x.mul_(3.5).add_(float("nan"))


def _addcmul(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    x.addcmul_(y, y, value=0.5)  # (Dynamo's `prims.fma`, which the importer splices)
    return x


def _complex(z: torch.Tensor) -> torch.Tensor:
    z.mul_(1j)  # (a complex input, written through its real pairs)
    return z


def _strided(x: torch.Tensor) -> None:
    x[::2].add_(1)


CASES: dict[str, tuple[Callable[..., Any], Callable[[], tuple[Any, ...]], int, int]] = {
    # name: (program, its arguments, writes in place, writes copied)
    "sgd": (_sgd, lambda: (torch.randn(64), torch.randn(64), torch.randn(64)), 2, 0),
    "flip": (_flip, lambda: (torch.randn(16),), 0, 1),
    "swap": (_swap, lambda: (torch.randn(8), torch.randn(8)), 0, 2),
    "chain": (_chain, lambda: (torch.randn(8), torch.randn(8)), 2, 0),
    # (x * 1 is x: the old value is returned, so the new one is copied in after)
    "view then write": (_view_then_write, lambda: (torch.randn(4, 4),), 0, 1),
    "returned": (_returned, lambda: (torch.randn(8),), 1, 0),
    "index_add_": (_index_add, lambda: (torch.zeros(8, 4), torch.ones(3, 4),
                                        torch.tensor([1, 5, 1])), 1, 0),  # fmt: skip
    "kv index_copy_": (_kv_cache, lambda: (torch.zeros(2, 8, 4), torch.randn(2, 2, 4),
                                           torch.tensor([1, 5])), 1, 0),  # fmt: skip
    "kv at a position": (_kv_at, lambda: (torch.zeros(2, 8, 4), torch.randn(2, 4)), 1, 0),
    "int and bool": (_int_bool, lambda: (torch.arange(8, dtype=torch.int32),
                                         torch.tensor([True, False] * 4)), 2, 0),  # fmt: skip
    "float16": (_half, lambda: (torch.randn(8).half(),), 1, 0),
    "strided slice": (_strided, lambda: (torch.zeros(4, 3),), 0, 1),
    "addcmul_": (_addcmul, lambda: (torch.randn(8, 4), torch.randn(8, 4)), 1, 0),
    "complex": (_complex, lambda: (torch.randn(8, dtype=torch.complex64),), 0, 1),
}


@pytest.mark.parametrize("name", list(CASES))
def test_written_inputs_match_eager(name: str, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    fn, make, in_place, copied = CASES[name]
    seen = _written(monkeypatch)
    _check(fn, make, tmp_path)
    assert _manifest_writes(tmp_path) == {"in_place": in_place, "copied": copied}
    assert seen.count(True) == 2 * in_place and seen.count(False) == 2 * copied, seen


def test_a_non_contiguous_input_is_written_through_a_copy(tmp_path: Path) -> None:
    """A kernel writes a contiguous tensor: a transposed input gets the value by a copy,
    and keeps its strides."""
    _check(_returned, lambda: (torch.randn(6, 4).t(),), tmp_path)
    torch._dynamo.reset()
    x = torch.randn(6, 4).t()
    torch.compile(_returned, backend="stepwell")(x)
    assert x.stride() == (1, 4)


def test_an_empty_input(tmp_path: Path) -> None:
    _check(_half, lambda: (torch.randn(0).half(),), tmp_path)


def test_dynamic_sizes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _written(monkeypatch)
    _check(_sgd, lambda: (torch.randn(10), torch.randn(10), torch.randn(10)), tmp_path,
           dynamic=True)  # fmt: skip
    assert seen and all(seen)


@pytest.mark.parametrize("kind", ["sgd", "adam"])
def test_a_compiled_optimizer_step_writes_its_state_in_place(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`opt.step()` compiled: every parameter and state tensor (momentum, Adam's moments
    and step counts) is written by the step's kernels, none by a copy after them."""
    seen = _written(monkeypatch)

    def model() -> tuple[torch.nn.Module, torch.optim.Optimizer]:
        torch.manual_seed(0)
        m = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
        for p in m.parameters():
            p.grad = torch.randn_like(p)
        opt = (torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9) if kind == "sgd"
               else torch.optim.Adam(m.parameters(), lr=0.01))  # fmt: skip
        return m, opt

    (me, oe), (mc, oc) = model(), model()
    torch._dynamo.reset()
    step = torch.compile(oc.step, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for _ in range(3):
        oe.step()
        step()
    for pe, pc in zip(me.parameters(), mc.parameters(), strict=True):
        assert mismatch(pe, pc) is None
        for key, value in oe.state[pe].items():
            assert mismatch(value, oc.state[pc][key]) is None, key
    writes = _manifest_writes(tmp_path)
    assert writes["copied"] == 0 and writes["in_place"] >= 8, writes
    assert seen and all(seen)


@pytest.mark.parametrize("grad", [False, True])
def test_batch_norm_running_statistics(grad: bool, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Train mode: the running mean, variance and batch count match eager's, and so do the
    gradients. Without gradients (an inference graph) the forward's kernels write the
    statistics in place; a training graph leaves the writes to AOTAutograd (see
    `test_a_buffer_written_in_a_training_forward`)."""
    seen = _written(monkeypatch)
    torch.manual_seed(0)
    eager = torch.nn.BatchNorm1d(8).train()
    compiled_module = torch.nn.BatchNorm1d(8).train()
    compiled_module.load_state_dict(eager.state_dict())
    torch._dynamo.reset()
    compiled = torch.compile(compiled_module, backend="stepwell",
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for _ in range(2):
        x = torch.randn(4, 8)
        xe, xc = x.clone().requires_grad_(grad), x.clone().requires_grad_(grad)
        with torch.set_grad_enabled(grad):
            ye, yc = eager(xe), compiled(xc)
        assert mismatch(ye, yc) is None
        if grad:
            ye.pow(2).sum().backward()
            yc.pow(2).sum().backward()
            assert mismatch(xe.grad, xc.grad) is None
    for name, buffer in eager.named_buffers():
        assert mismatch(buffer, dict(compiled_module.named_buffers())[name]) is None, name
    assert _manifest_writes(tmp_path)["copied"] == 0
    if not grad:
        assert len(seen) == 6 and all(seen), seen  # (3 statistics, 2 calls)


class _Counted(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("n", torch.zeros(1))
        self.w = torch.nn.Parameter(torch.ones(4))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.n.add_(1)
        return (x * self.w).sum() * self.n


class _OldStatistics(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.bn = torch.nn.BatchNorm1d(4)
        self.w = torch.nn.Parameter(torch.ones(4))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        old = self.bn.running_var * self.w  # (read before the forward writes it)
        return self.bn(x) * old


@pytest.mark.parametrize("make", [_Counted, _OldStatistics])
def test_a_buffer_written_in_a_training_forward(make: type[torch.nn.Module]) -> None:
    """A buffer the forward writes, read where gradients flow: with the write kept in the
    training graph, AOTAutograd gave `w.grad` twice eager's for the counter, and the
    batch norm's weight the gradient of the old statistics (aot_eager and Inductor
    still do). Training graphs leave the writes to AOTAutograd's wrapper."""
    torch.manual_seed(0)
    eager = make()
    module = make()
    module.load_state_dict(eager.state_dict())
    torch._dynamo.reset()
    compiled = torch.compile(module, backend="stepwell")
    for _ in range(2):
        x = torch.randn(3, 4)
        eager(x).pow(2).sum().backward()
        compiled(x).pow(2).sum().backward()
    for (name, pe), pc in zip(eager.named_parameters(), module.parameters(), strict=True):
        assert mismatch(pe.grad, pc.grad) is None, name
    for (name, be), bc in zip(eager.named_buffers(), module.buffers(), strict=True):
        assert mismatch(be, bc) is None, name


def test_a_retraced_graph_keeps_its_input_writes() -> None:
    """A graph that is not functional ATen (here a torch-level graph with `add_` on its
    input) is retraced to it; the input's mutation used to be dropped there."""
    from stepwell.frontend.fx import import_graph
    from stepwell.ir.types import function_writes
    from stepwell.lowering.compiler import compile_module

    def f(x: torch.Tensor) -> torch.Tensor:
        x.add_(1)
        return x * 2

    gm = torch.fx.symbolic_trace(f)
    module = import_graph(gm, [torch.zeros(4)])
    func = next(iter(module.ops))
    assert function_writes(func) == [(1, 0)]
    artifacts = compile_module(module)
    x = torch.zeros(4)
    (out,) = artifacts.runtime(x)
    assert torch.equal(x, torch.ones(4)) and torch.equal(out, torch.full((4,), 2.0))


def test_a_retraced_graph_given_one_tensor_for_two_inputs_it_writes_is_refused() -> None:
    """`f(x, x)` where f writes its first input: the retrace wrote one of the two inputs
    and read the other's old value, so the module returned 3 where eager returns 4. A
    located error now says the inputs share memory; reading one tensor twice is fine."""
    from stepwell.frontend.fx import FxImportError, import_graph
    from stepwell.lowering.compiler import compile_module

    def f(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a.add_(1)
        return a + b

    x = torch.ones(3)
    with pytest.raises(FxImportError, match="share memory and the graph writes one of them"):
        import_graph(torch.fx.symbolic_trace(f), [x, x])
    module = import_graph(torch.fx.symbolic_trace(f), [torch.ones(3), torch.ones(3)])
    a, b = torch.ones(3), torch.ones(3)
    (out,) = compile_module(module).runtime(a, b)
    assert torch.equal(out, torch.full((3,), 3.0)) and torch.equal(a, torch.full((3,), 2.0))
    reads = import_graph(torch.fx.symbolic_trace(lambda a, b: a * b), [x, x])
    assert torch.equal(compile_module(reads).runtime(x, x)[0], x * x)


def test_an_inference_tensor_is_written_only_in_inference_mode() -> None:
    """Eager refuses to write an inference tensor outside inference mode; the kernel wrote
    it in place. The runtime now refuses first (eager's error), and the tensor keeps its
    values; inside inference mode it is written."""
    with torch.inference_mode():
        x = torch.zeros(4)
    torch._dynamo.reset()
    compiled = torch.compile(_returned, backend="stepwell")
    with pytest.raises(RuntimeError, match="Inplace update to inference tensor"):
        compiled(x)
    assert torch.equal(x, torch.zeros(4))
    torch._dynamo.reset()
    with torch.inference_mode():
        compiled = torch.compile(_returned, backend="stepwell")
        compiled(x)
    assert torch.equal(x, torch.ones(4))


def test_a_write_of_another_shape_and_dtype_broadcasts_and_converts() -> None:
    """`copy_(x, y)` with a float16 `[1]` y into a float32 `[4]` x: the written value is
    `aten.copy(x, y)` (broadcast, converted), as `copy_` writes it."""
    from stepwell.frontend.fx import import_graph
    from stepwell.lowering.compiler import compile_module

    g = torch.fx.Graph()
    x, y = g.placeholder("x"), g.placeholder("y")
    x.meta["val"], y.meta["val"] = torch.empty(4), torch.empty(1, dtype=torch.float16)
    write = g.call_function(torch.ops.aten.copy_.default, (x, y))
    write.meta["val"] = torch.empty(4)
    g.output(())
    gm = torch.fx.GraphModule(torch.nn.Module(), g)
    artifacts = compile_module(import_graph(gm, [torch.zeros(4), torch.zeros(1).half()]))
    target = torch.zeros(4)
    artifacts.runtime(target, torch.tensor([1.5], dtype=torch.float16))
    assert mismatch(torch.full((4,), 1.5), target) is None
    assert len(y.users) == 1 and len(x.users) == 1  # (nothing the import made aside)


@pytest.mark.parametrize("dynamic", [False, True])
@pytest.mark.parametrize("shape", [(), (1,), (4, 3)])
def test_a_written_input_s_version_is_bumped(shape: tuple[int, ...], dynamic: bool) -> None:
    """A kernel writing an input in place (write-inputs-in-place) is not seen by
    autograd: under `dynamic=True` a 0-d or one-element input kept its version, so a
    backward that had saved it ran with its new value (`w.grad` 3.0) where eager's
    raises. The input's version is bumped as `copy_` would."""

    def fn(x: torch.Tensor) -> torch.Tensor:
        x.add_(1)
        return x * 2

    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=dynamic)
    for run in (fn, compiled):
        w = torch.full(shape, 3.0, requires_grad=True)
        x = torch.full(shape, 2.0)
        y = (w * x).sum()  # (saves x)
        version = x._version
        run(x)
        assert x._version > version and torch.equal(x, torch.full(shape, 3.0))
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            y.backward()
