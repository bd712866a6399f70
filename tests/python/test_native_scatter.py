"""Scatters as kernels: `scatter` (src and value), `scatter_add`, `scatter_reduce` (sum,
amax, amin, mean, float prod, with and without self), `index_put` (with and without accumulate),
`index_add` are one `prims.scatter` each, a pointwise kernel that computes offsets and
values and writes them with stores or atomics into a copy of its operand; `masked_scatter`
is a gather after a scan. Each matches eager on values, dtype and shape, through Triton
(its interpreter) and through the tile-level interpreter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
from native import native_like_eager

from stepwell.dialects import tile
from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import Example, export
from stepwell.fuzz.compare import mismatch
from stepwell.ir.interpret_tile import run_tile
from stepwell.lowering.compiler import compile_module
from stepwell.pipeline import bind_inputs

torch.manual_seed(0)
X = torch.randn(5, 4)
IDX = torch.tensor([[0, 1, 2, 3], [4, 0, 1, 2]])  # repeats along dim 0: combined
SRC = torch.randn(2, 4)
ROWS = torch.tensor([0, 2, 0, 4])  # row 0 twice

NAN, INF = float("nan"), float("inf")
SPECIAL = torch.tensor([[1.0, -2.0, NAN, 0.0], [3.0, -0.0, -1.0, 5.0], [-INF, 2.0, 1.0, -3.0]])
SPECIAL_IDX = torch.tensor([[0, 0, 1, 2], [2, 1, 1, 0], [0, 2, 2, 1]])
SPECIAL_SRC = torch.tensor([[NAN, -5.0, 2.0, -0.0], [INF, 1.0, -7.0, 2.0], [0.5, -INF, 3.0, 1.0]])

CASES: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "scatter_add": (lambda x, i, s: torch.scatter_add(x, 0, i, s), (X, IDX, SRC)),
    "scatter_add int64": (lambda x, i, s: torch.scatter_add(x, 0, i, s),
                          (torch.arange(20).reshape(5, 4), IDX, torch.ones(2, 4).long())),
    "scatter src (distinct targets)": (lambda x, i, s: torch.scatter(x, 1, i, s),
                                       (X, torch.tensor([[3], [0], [1], [2], [0]]),
                                        torch.randn(5, 1))),
    "scatter value": (lambda x, i: torch.scatter(x, 1, i, 2.5),
                      (X, torch.tensor([[0], [3], [1], [2], [0]]))),
    "scatter bool": (lambda x, i, s: torch.scatter(x, 0, i[:1], s[:1]), (X > 0, IDX, SRC > 0)),
    "zeros then scatter_add": (lambda i, s: torch.zeros(5, 4).scatter_add(0, i, s * 2),
                               (IDX, SRC)),
    "scatter_reduce amax int64": (lambda x, i, s: x.scatter_reduce(0, i, s, "amax"),
                                  ((X * 10).long(), IDX, (SRC * 10).long())),
    "scatter_reduce amin int32, not self": (
        lambda x, i, s: x.scatter_reduce(0, i, s, "amin", include_self=False),
        ((X * 10).int(), IDX, (SRC * 10).int())),
    "scatter_reduce mean": (lambda x, i, s: x.scatter_reduce(0, i, s, "mean"), (X, IDX, SRC)),
    "scatter_reduce mean int, not self": (
        lambda x, i, s: x.scatter_reduce(0, i, s, "mean", include_self=False),
        ((X * 10).long(), IDX, (SRC * 10).long())),
    "scatter_reduce sum int32": (lambda x, i, s: x.scatter_reduce(0, i, s, "sum"),
                                 ((X * 10).int(), IDX, (SRC * 10).int())),
    "index_put accumulate": (lambda x, i, v: torch.index_put(x, (i,), v, accumulate=True),
                             (X, ROWS, torch.randn(4, 4))),
    "index_put two indices, negative": (lambda x, i, j, v: torch.index_put(x, (i, j), v),
                                        (X, torch.tensor([0, 2, 4]), torch.tensor([1, -1, 3]),
                                         torch.randn(3))),
    "index_put broadcast value, float16": (
        lambda x, i, v: x.index_put((i,), v, accumulate=True),
        (X.half(), torch.tensor([1, 1, 3]), torch.randn(4).half())),
    "index_add alpha": (lambda x, i, s: x.index_add(1, i, s, alpha=2),
                        (X, torch.tensor([3, 0, 3]), torch.randn(5, 3))),
    "masked_scatter": (lambda x, m, s: x.masked_scatter(m, s), (X, X > 0, torch.randn(20))),
    "scatter_add then relu": (lambda x, i, s: torch.scatter_add(x, 0, i, s).relu(), (X, IDX, SRC)),
    "index_reduce mean": (lambda x, i, s: x.index_reduce(0, i, s, "mean"),
                          (X, ROWS, torch.randn(4, 4))),
    "index_reduce mean int, not self": (
        lambda x, i, s: x.index_reduce(1, i, s, "mean", include_self=False),
        ((X * 10).long(), torch.tensor([2, 0, 2]), torch.randint(-9, 9, (5, 3)))),
    "index_reduce amax int32": (lambda x, i, s: x.index_reduce(0, i, s, "amax"),
                                ((X * 10).int(), ROWS, torch.randint(-9, 9, (4, 4),
                                                                     dtype=torch.int32))),
    "put": (lambda x, i, s: x.put(i, s), (X, torch.tensor([[0, 7], [-1, 13]]), torch.randn(4))),
    "put accumulate": (lambda x, i, s: x.put(i, s, accumulate=True),
                       (X, torch.tensor([3, 3, -20, 19]), torch.randn(2, 2))),
    "diagonal_scatter": (lambda x, s: torch.diagonal_scatter(x, s), (X, torch.randn(4))),
    "diagonal_scatter offset, 3-d": (
        lambda x, s: torch.diagonal_scatter(x, s, 1, 2, 0),
        (torch.randn(4, 3, 5), torch.randn(3, 3))),
    "histc": (lambda x: torch.histc(x, bins=7), (torch.randn(50),)),
    "histc with a range, outliers and NaN": (
        lambda x: torch.histc(x, bins=4, min=-1, max=1),
        (torch.tensor([-2.0, -1.0, -0.5, 0.0, 0.49, 0.5, 1.0, 3.0, float("nan")]),)),
    "histc of one value": (lambda x: torch.histc(x, bins=3), (torch.full((5,), 2.0),)),
    # float max/min: integer atomics on order-preserving keys (NaN wins, ±inf, ±0)
    "scatter_reduce amax float, NaN wins": (
        lambda x, i, s: x.scatter_reduce(0, i, s, "amax"), (SPECIAL, SPECIAL_IDX, SPECIAL_SRC)),
    "scatter_reduce amin float, not self": (
        lambda x, i, s: x.scatter_reduce(0, i, s, "amin", include_self=False),
        (SPECIAL, SPECIAL_IDX, SPECIAL_SRC)),
    "scatter_reduce amax float64": (lambda x, i, s: x.scatter_reduce(0, i, s, "amax"),
                                    (X.double(), IDX, SRC.double())),
    "scatter_reduce amin bfloat16": (lambda x, i, s: x.scatter_reduce(0, i, s, "amin"),
                                     (X.bfloat16(), IDX, SRC.bfloat16())),
    "index_reduce amax float": (lambda x, i, s: x.index_reduce(0, i, s, "amax"),
                                (X, ROWS, torch.randn(4, 4))),
    # float products: a float64 sum scatter of log-magnitudes and a count of sign bits
    "scatter_reduce prod": (lambda x, i, s: x.scatter_reduce(0, i, s, "prod"), (X, IDX, SRC)),
    "scatter_reduce prod, not self": (
        lambda x, i, s: x.scatter_reduce(0, i, s, "prod", include_self=False), (X, IDX, SRC)),
    "scatter_reduce prod float16": (lambda x, i, s: x.scatter_reduce(0, i, s, "prod"),
                                    (X.half(), IDX, SRC.half())),
    "scatter_reduce prod float64": (lambda x, i, s: x.scatter_reduce(0, i, s, "prod"),
                                    (X.double(), IDX, SRC.double())),
    "index_reduce prod, not self": (
        lambda x, i, s: x.index_reduce(0, i, s, "prod", include_self=False),
        (X, ROWS, torch.randn(4, 4))),
    "scatter multiply": (lambda x, i, s: x.scatter(0, i, s, reduce="multiply"), (X, IDX, SRC)),
    "scatter multiply value": (lambda x, i: x.scatter(0, i, -2.5, reduce="multiply"), (X, IDX)),
    # one boolean mask and one value: `where(mask, v, x)`
    "masked put": (lambda x: _put(x, (x > 0.5,), 0.0), (X,)),
    "masked put, columns": (lambda x, m: _put(x, (slice(None), m), -1.5),
                            (X, torch.tensor([True, False, True, False]))),
    "masked put, leading rows of 3-d": (lambda x: _put(x, (x[:, 0, 0] > 0,), 7.0),
                                        (torch.randn(4, 2, 3),)),
    "masked put int64": (lambda x: _put(x, (x % 2 == 0,), -1), (torch.arange(12).view(3, 4),)),
    "masked put float16 NaN": (lambda x: _put(x, (x < 0,), float("nan")), (X.half(),)),
    "masked accumulate": (lambda x: x.index_put((x > 0,), torch.tensor(2.0), accumulate=True),
                          (X,)),
}  # fmt: skip


def _put(x: torch.Tensor, index: tuple[Any, ...], value: float) -> torch.Tensor:
    y = x.clone()
    y[index] = value
    return y


def compiled(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, list[Any]]:
    ep = export(Example(fn, args, "fn"))
    artifacts = compile_module(import_program(ep))
    return artifacts, bind_inputs(artifacts.module, ep, args)


@pytest.mark.parametrize("name", list(CASES))
def test_scatter_is_native_and_matches_eager(name: str) -> None:
    fn, args = CASES[name]
    artifacts, bound = compiled(fn, args)
    want = [fn(*args)]
    got = list(artifacts.runtime(*bound))
    assert mismatch(want, got) is None, ("triton", mismatch(want, got))
    by_tile = list(run_tile(artifacts.module, *bound))
    assert mismatch(want, by_tile) is None, ("tile", mismatch(want, by_tile))
    manifest = artifacts.manifest
    assert manifest["externs"] == {}, manifest["externs"]
    assert not set(manifest["graph_level_copies"]) - {"tile.launch inits", "prims.full"}


def test_a_scatter_is_one_kernel_with_its_index_math_and_values() -> None:
    """index_put with accumulate: offsets (wrapped negative indices, the row's columns),
    the values (`v * 2`) and the atomic add, in one kernel; the operand (an argument, which
    is never written) is copied once, by a copy kernel whose result the scatter takes."""
    fn = lambda x, i, v: torch.index_put(x, (i,), v * 2, accumulate=True)  # noqa: E731
    artifacts, _ = compiled(fn, (X, torch.tensor([0, -1, 0]), torch.randn(3, 4)))
    names = sorted(k["name"] for k in artifacts.manifest["kernels"])
    assert sorted(n.split("_", 1)[1] for n in names) == ["clone", "scatter"], names
    assert "tl.atomic_add" in artifacts.source
    assert artifacts.manifest["graph_level_copies"] == {}
    assert artifacts.manifest["externs"] == {}
    scatter = next(
        op for op in artifacts.module.walk() if isinstance(op, tile.LaunchOp) and op.inits
    )
    assert scatter.donated(0)


def test_a_fresh_operand_is_scattered_in_place() -> None:
    """`zeros(...).scatter_add(...)`: the zeros (a fill kernel) are made for the scatter
    alone, so its result takes their memory (no copy)."""
    fn = lambda i, s: torch.zeros(5, 4).scatter_add(0, i, s)  # noqa: E731
    artifacts, bound = compiled(fn, (IDX, SRC))
    fill, scatter = [op for op in artifacts.module.walk() if isinstance(op, tile.LaunchOp)]
    assert fill.callee.root_reference.data.endswith("_full")
    assert len(scatter.inits) == 1 and scatter.donated(0)
    assert "tile.launch inits" not in artifacts.manifest["graph_level_copies"]
    assert mismatch([fn(IDX, SRC)], list(artifacts.runtime(*bound))) is None


def test_an_input_is_never_written() -> None:
    """The operand of a scatter is a user's tensor: it is copied, never written."""
    fn = lambda x, i, s: torch.scatter_add(x, 0, i, s)  # noqa: E731
    x = X.clone()
    artifacts, bound = compiled(fn, (x, IDX, SRC))
    artifacts.runtime(*bound)
    assert torch.equal(x, X)


def test_an_integer_product_keeps_the_aten_call() -> None:
    """An integer product wraps around, which a sum of logarithms does not: it stays
    whole, as ATen's."""
    fn = lambda x, i, s: x.scatter_reduce(0, i, s, "prod")  # noqa: E731
    args = ((X * 10).long(), IDX, (SRC * 10).long())
    artifacts, bound = compiled(fn, args)
    assert artifacts.manifest["externs"] == {"aten.scatter_reduce.two": 1}
    assert mismatch([fn(*args)], list(artifacts.runtime(*bound))) is None


@pytest.mark.parametrize("include_self", [True, False])
def test_a_float_product_has_eager_nans_infinities_and_signed_zeros(include_self: bool) -> None:
    """Products over NaN, ±inf, ±0 and negatives: 0 * inf is NaN, NaN stays, the sign is
    the parity of the sign bits (-0.0 * 2 is -0.0); exact to float32 rounding."""
    fn = lambda x, i, s: x.scatter_reduce(0, i, s, "prod", include_self=include_self)  # noqa: E731
    artifacts, bound = compiled(fn, (SPECIAL, SPECIAL_IDX, SPECIAL_SRC))
    assert "tl.atomic_add" in artifacts.source and artifacts.manifest["externs"] == {}
    want = fn(SPECIAL, SPECIAL_IDX, SPECIAL_SRC)
    for got in (artifacts.runtime(*bound)[0], run_tile(artifacts.module, *bound)[0]):
        assert got.dtype == want.dtype and torch.equal(got.isnan(), want.isnan())
        finite = ~want.isnan()
        assert torch.equal(got[finite], want[finite])  # (signed zeros, infinities: exact)
        assert torch.equal(got[finite].signbit(), want[finite].signbit())


@pytest.mark.parametrize("reduce", ["amax", "amin"])
def test_float_extrema_scatter_integer_keys(reduce: str) -> None:
    """A float atomic max/min compares bits, so a NaN would not win as in eager: the
    scatter combines the floats' order-preserving integer keys with the integer atomic
    max (bitcasts in the kernels around it), with eager's NaN."""
    fn = lambda x, i, s: x.scatter_reduce(0, i, s, reduce)  # noqa: E731
    src = SRC.clone()
    src[0, 1] = float("nan")
    artifacts, bound = compiled(fn, (X, IDX, src))
    assert artifacts.manifest["graph_level_prims"] == {}
    assert "tl.atomic_max" in artifacts.source and "bitcast=True" in artifacts.source
    assert mismatch([fn(X, IDX, src)], list(artifacts.runtime(*bound))) is None


@pytest.mark.parametrize(
    "fn",
    [
        lambda x: (x + 1, torch.zeros(3, 2)),  # a constant output
        lambda x: x @ torch.full((4, 4), 0.5),  # a constant matmul operand
        lambda x: (x * 2, torch.arange(6).reshape(2, 3)),  # an iota output
    ],
    ids=["constant output", "constant matmul operand", "iota output"],
)
def test_a_constant_needed_in_memory_is_a_fill_kernel(fn: Callable[..., Any]) -> None:
    """A `full` or `iota` that must be in memory is stored by a kernel, not ATen."""
    artifacts, bound = compiled(fn, (X[:, :4],))
    assert mismatch(list(torch.utils._pytree.tree_leaves(fn(X[:, :4]))),
                    list(artifacts.runtime(*bound))) is None  # fmt: skip
    assert artifacts.manifest["graph_level_copies"] == {}, artifacts.manifest
    assert artifacts.manifest["externs"] == {}


def test_a_kernel_holding_a_scatter_never_becomes_a_row_kernel() -> None:
    """The values a scatter writes, also summed per row: the sum does not join the
    scatter's (pointwise) kernel (a review found this crashing the kernel builder)."""

    def fn(x: torch.Tensor, i: torch.Tensor, s: torch.Tensor) -> Any:
        v = s * 2
        return x.scatter_add(0, i, v), v.sum(1), torch.softmax(v, 1)

    artifacts, bound = compiled(fn, (X, IDX, SRC))
    assert mismatch(list(fn(X, IDX, SRC)), list(artifacts.runtime(*bound))) is None


@pytest.mark.parametrize(
    "fn",
    [
        lambda x, i, s: x.scatter_reduce(1, i, s, "amin", include_self=False),
        lambda x, i, s: (x + 1, torch.full((3,), 2**60 + 1)),
        lambda x, i, s: torch.full((3, 4), 2**60 + 1).scatter_add(1, i, s),
    ],
    ids=["amin identity int64", "int64 constant output", "int64 constant scattered into"],
)
def test_int64_constants_are_exact(fn: Callable[..., Any]) -> None:
    """Constants in kernels keep every bit of an int64 (the reduction identity of a
    scatter, a fill kernel's value); a float on the way made 2**63 - 1 wrap around."""
    args = (torch.arange(12).reshape(3, 4), torch.tensor([[0, 0], [1, 2], [3, 3]]),
            torch.tensor([[5, -9], [7, 8], [1, 1]]))  # fmt: skip
    artifacts, bound = compiled(fn, args)
    want = list(torch.utils._pytree.tree_leaves(fn(*args)))
    assert mismatch(want, list(artifacts.runtime(*bound))) is None
    assert mismatch(want, list(run_tile(artifacts.module, *bound))) is None


def test_a_masked_assignment_is_one_where_kernel() -> None:
    """`y[y > 1] = 0` was a comparison kernel, a graph-level `full` of the 0 and an ATen
    `index_put` (3 launches, Inductor 1): a mask selects each element once, so setting
    them to one value is a `where`, fused with the comparison."""
    artifacts, _ = compiled(lambda x: _put(x, (x > 1,), 0.0), (X,))
    manifest = artifacts.manifest
    assert manifest["externs"] == {} and not manifest["graph_level_prims"], manifest
    assert len(manifest["kernels"]) == 1


E = torch.zeros(0, dtype=torch.long)
EMPTY_INDEX = {
    "index_add": (lambda x, s: x.index_add(0, E, s), torch.float32),
    "index_add of int32": (lambda x, s: x.index_add(0, E, s), torch.int32),
    "index_put accumulate": (lambda x, s: x.index_put((E,), s, accumulate=True), torch.float32),
    "index_put of bool": (lambda x, s: x.index_put((E,), s), torch.bool),
    "scatter": (lambda x, s: x.scatter(0, E.view(0, 1).expand(0, 5), s), torch.float32),
    "scatter_add": (lambda x, s: x.scatter_add(0, E.view(0, 1).expand(0, 5), s), torch.float16),
    "scatter_reduce amax": (
        lambda x, s: x.scatter_reduce(0, E.view(0, 1).expand(0, 5), s, "amax"), torch.float32),
}  # fmt: skip


@pytest.mark.parametrize("name", list(EMPTY_INDEX))
def test_an_empty_index_writes_nothing_in_a_kernel(name: str) -> None:
    """An index of no element (an expert no token is routed to) leaves the tensor as it
    is: no ATen call that does nothing (a launch of its own each, 4 in a row before)."""
    fn, dtype = EMPTY_INDEX[name]
    x = (torch.randn(4, 5) * 4).to(dtype)
    manifest = native_like_eager(lambda x, s: fn(x, s) * 1, x, torch.zeros(0, 5, dtype=dtype))
    assert len(manifest["kernels"]) <= 1, manifest["kernels"]
