"""A model's own `torch.library` op that writes its arguments (`mutates_args`).

Functionalization calls such an op through `auto_functionalized_v2` (torch.compile) or
`auto_functionalized`: the op runs on copies of the tensors it writes, and the written
views are scattered back into the tensors they view. stepwell imports that call as a
`torch.operator` of the op plus the scatters, and the runtime writes copies
(`callees.call_on_copies`), so no tensor the graph still holds changes. Every case is
compared with eager, results and every argument (values, dtype, shape, strides, NaN
positions), on two calls, also at dynamic sizes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch

from stepwell.fuzz.compare import mismatch


@torch.library.custom_op("stepwell_test::bump", mutates_args=("x",))
def _bump(x: torch.Tensor, y: torch.Tensor) -> None:
    x.add_(y)


@_bump.register_fake
def _(x: torch.Tensor, y: torch.Tensor) -> None:
    return None


@torch.library.custom_op("stepwell_test::scale_both", mutates_args=("a", "b"))
def _scale_both(a: torch.Tensor, b: torch.Tensor, s: float) -> torch.Tensor:
    a.mul_(s)
    b.add_(a)
    return a.sum(0) + b.sum(0)


@_scale_both.register_fake
def _(a: torch.Tensor, b: torch.Tensor, s: float) -> torch.Tensor:
    return a.new_empty(a.shape[1:])


@torch.library.custom_op("stepwell_test::maybe_fill", mutates_args=("out",))
def _maybe_fill(x: torch.Tensor, out: torch.Tensor | None) -> torch.Tensor:
    if out is not None:
        out.fill_(7)
    return x + 1


@_maybe_fill.register_fake
def _(x: torch.Tensor, out: torch.Tensor | None) -> torch.Tensor:
    return torch.empty_like(x)


@torch.library.custom_op("stepwell_test::fill_all", mutates_args=("xs",))
def _fill_all(xs: list[torch.Tensor]) -> None:
    for x in xs:
        x.fill_(3)


@_fill_all.register_fake
def _(xs: list[torch.Tensor]) -> None:
    return None


def _check(fn: Callable[..., Any], make: Callable[[], tuple[Any, ...]], dump: Path,
           dynamic: bool | None = None, calls: int = 2) -> None:  # fmt: skip
    """`fn` compiled matches eager: results and every argument, on each call."""
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=dynamic,
                             options={"dump_dir": str(dump)})  # fmt: skip
    for i in range(calls):
        torch.manual_seed(i)
        eager_args = make()
        torch.manual_seed(i)
        args = make()
        expected = fn(*eager_args)
        got = compiled(*args)
        assert mismatch((expected, eager_args), (got, args)) is None, mismatch(
            (expected, eager_args), (got, args))  # fmt: skip


def _externs(dump: Path) -> dict[str, int]:
    total: dict[str, int] = {}
    for m in dump.rglob("manifest.json"):
        for k, v in json.loads(m.read_text()).get("externs", {}).items():
            total[k] = total.get(k, 0) + v
    return total


def _on_a_temporary(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    z = x.sin()
    _bump(z, y)
    return z * 2 + 1


def _on_an_input(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    _bump(x, y)
    return x * 3


def _on_a_slice(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    _bump(x[1:3], y[:2])
    return x.sum(0)


def _on_a_column(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    _bump(x[:, 1], y[:, 0])  # (a view kept as sizes, strides and an offset)
    return x.cos()


def _on_a_transpose(x: torch.Tensor, y: torch.Tensor) -> None:
    _bump(x.t(), y.t())


def _old_value_read_after(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    old = x.clone()
    _bump(x, y)
    return x - old


def _pair(n: int = 5, dtype: torch.dtype = torch.float32) -> Callable[[], tuple[Any, ...]]:
    def make() -> tuple[Any, ...]:
        if dtype.is_floating_point:
            return torch.randn(4, n).to(dtype), torch.randn(4, n).to(dtype)
        return torch.randint(-9, 9, (4, n), dtype=dtype), torch.randint(-9, 9, (4, n), dtype=dtype)

    return make


@pytest.mark.parametrize("fn", [_on_a_temporary, _on_an_input, _on_a_slice, _on_a_column,
                                _on_a_transpose, _old_value_read_after],
                         ids=lambda f: f.__name__.strip("_"))  # fmt: skip
def test_an_op_writing_its_argument_compiles_and_matches_eager(
    fn: Callable[..., Any], tmp_path: Path
) -> None:
    """The op runs as an ATen-style call between the kernels (it compiled to a crash
    before: `cannot encode argument <OpOverload ...>`); what it writes is seen by the
    ops after it and, for an input or a view of one, by the caller."""
    _check(fn, _pair(5), tmp_path)
    assert _externs(tmp_path) == {"stepwell_test.bump.default": 1}  # (one graph)


@pytest.mark.parametrize("dtype", [torch.int32, torch.float16, torch.bool],
                         ids=str)  # fmt: skip
def test_integer_half_and_bool_writes(dtype: torch.dtype, tmp_path: Path) -> None:
    def fn(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        _maybe_fill(x, y)
        return y.to(torch.int64) + x.to(torch.int64)

    def make() -> tuple[Any, ...]:
        return (torch.randint(0, 2, (3, 4)).to(dtype), torch.randint(0, 2, (3, 4)).to(dtype))

    _check(fn, make, tmp_path)


def test_two_written_arguments_and_a_result(tmp_path: Path) -> None:
    def fn(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        r = _scale_both(a, b[:, :3], 2.0)
        return r + a.mean()

    make = lambda: (torch.randn(4, 3), torch.randn(4, 6))  # noqa: E731
    _check(fn, make, tmp_path)


def test_an_optional_written_argument_left_out(tmp_path: Path) -> None:
    def fn(x: torch.Tensor) -> torch.Tensor:
        return _maybe_fill(x, None) * 2

    _check(fn, lambda: (torch.randn(3, 4),), tmp_path)


def test_empty_tensors(tmp_path: Path) -> None:
    _check(_on_an_input, lambda: (torch.randn(0, 5), torch.randn(0, 5)), tmp_path)


def test_at_dynamic_sizes(tmp_path: Path) -> None:
    torch._dynamo.reset()
    compiled = torch.compile(_on_a_slice, backend="stepwell", dynamic=True)
    for n in (5, 8, 11):
        x, y = torch.randn(4, n), torch.randn(4, n)
        ex, ey = x.clone(), y.clone()
        expected = _on_a_slice(ex, ey)
        got = compiled(x, y)
        assert mismatch((expected, ex), (got, x)) is None


def test_the_ops_own_copy_leaves_the_graphs_values_alone(tmp_path: Path) -> None:
    """A clone taken before the write keeps the old value, though in value semantics the
    clone is the very value the op is given (call_on_copies gives the op a copy)."""

    def fn(x: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        z = x * 2
        before = z.clone()
        _bump(z, y)
        return before, z

    _check(fn, _pair(5), tmp_path)


def test_a_list_of_written_tensors_runs_the_graph_with_aten() -> None:
    """An op writing a `Tensor[]` has no import: the graph runs with ATen, as it is, and a
    warning says why; the results and inputs are still eager's."""
    torch._dynamo.reset()

    def fn(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        _fill_all([a, b])
        return a + b

    a, b = torch.randn(3), torch.randn(3)
    with pytest.warns(UserWarning, match="writes a list of tensors"):
        got = torch.compile(fn, backend="stepwell")(a, b)
    assert torch.equal(got, torch.full((3,), 6.0))
    assert torch.equal(a, torch.full((3,), 3.0))


def test_the_reference_interpreter_runs_the_write_on_copies() -> None:
    """The IR of such a graph runs in the reference interpreter as in the compiled
    program: the op is a `torch.operator` whose extra result is the written copy."""
    from stepwell.frontend.fx import import_graph
    from stepwell.ir.interpret import interpret

    def fn(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        z = x.sin()
        _bump(z[1:], y[1:])
        return z

    x, y = torch.randn(3, 4), torch.randn(3, 4)
    captured: list[Any] = []

    def backend(gm: torch.fx.GraphModule, inputs: list[Any]) -> Callable[..., Any]:
        from torch._functorch.aot_autograd import aot_module_simplified

        def grab(g: torch.fx.GraphModule, ins: list[Any]) -> Callable[..., Any]:
            captured.append((g, ins))
            return g.forward

        return aot_module_simplified(gm, inputs, fw_compiler=grab)

    torch._dynamo.reset()
    torch.compile(fn, backend=backend)(x, y)
    ((g, ins),) = captured
    module = import_graph(g, ins)
    text = str(module)
    assert '"stepwell_test.bump.default"' in text and "slice_scatter" in text
    (got,) = interpret(module, x, y)
    expected = fn(x.clone(), y)
    assert mismatch(expected, got) is None


@torch.library.custom_op("stepwell_test::bump_two", mutates_args=("a", "b"))
def _bump_two(a: torch.Tensor, b: torch.Tensor) -> None:
    a.add_(1)
    b.add_(1)


@_bump_two.register_fake
def _(a: torch.Tensor, b: torch.Tensor) -> None:
    return None


def test_one_tensor_or_overlapping_views_given_twice_are_written_as_one(tmp_path: Path) -> None:
    """`bump_two(x, x)` adds 2 to x in eager; the two arguments were copied apart and
    each copy got 1. Written arguments that share memory are now views of one copy of
    it, so the op sees them alias as eager's does (x[0:2] and x[1:3] overlap at x[1])."""
    _check(lambda x: _bump_two(x, x), lambda: (torch.zeros(3),), tmp_path)
    _check(lambda x: _bump_two(x[0:2], x[1:3]), lambda: (torch.zeros(3),), tmp_path)


def test_an_output_of_the_op_is_not_computed_again_after_the_call() -> None:
    """A graph output that is the op's own result (or a view of it) made the runtime call
    the op once more after the graph, on the inputs it had already written
    (`input_views` took the higher-order op for size arithmetic it may replay)."""
    calls: list[int] = []

    @torch.library.custom_op("stepwell_test::bump_counted", mutates_args=("x",))
    def bump_counted(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        calls.append(1)
        x.add_(y)
        return x * 2

    @bump_counted.register_fake
    def _(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.empty_like(x)

    torch._dynamo.reset()
    fn = lambda x, y: bump_counted(x, y)[1:]  # noqa: E731
    x, y = torch.ones(3), torch.ones(3)
    got = torch.compile(fn, backend="stepwell")(x, y)
    assert len(calls) == 1
    assert torch.equal(got, torch.full((2,), 4.0)) and torch.equal(x, torch.full((3,), 2.0))
