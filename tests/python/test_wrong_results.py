"""Regression tests for wrong results found by fuzzing `torch.compile(backend="stepwell")`:
each compares the compiled program with eager on values, dtype, shape and NaN positions."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch

import stepwell  # noqa: F401 - registers the backend
from stepwell.fuzz.compare import mismatch

I32 = torch.tensor([-5, 1, 0, 7, -128, 255], dtype=torch.int32)
BOOL = torch.tensor([True, False, True, True, False, False])
OTHER = torch.tensor([True, True, False, True, False, True])
BF16 = torch.tensor([[-3.5, 2.0, -0.0, 7.25], [-1, -2, -3, -4]], dtype=torch.bfloat16)


def check(fn: Callable[..., torch.Tensor], *args: torch.Tensor) -> None:
    torch._dynamo.reset()
    expected = fn(*args)
    got = torch.compile(fn, backend="stepwell")(*args)
    assert mismatch(expected, got) is None, mismatch(expected, got)


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.bool, torch.float16])
def test_convert_to_bfloat16_keeps_the_value(dtype: torch.dtype) -> None:
    check(lambda x: x.to(torch.bfloat16) * 2, I32.to(dtype))


def test_where_promotes_int_and_bfloat16_to_bfloat16() -> None:
    check(lambda c, x, y: torch.where(c, x, y), BOOL, I32, torch.ones(6, dtype=torch.bfloat16))


def test_bool_add_is_logical_or() -> None:
    check(lambda x, y: x + y, BOOL, OTHER)
    check(lambda x: x + True, BOOL)


def test_bool_maximum_and_minimum_are_or_and() -> None:
    check(lambda x, y: torch.maximum(x, y) ^ torch.minimum(x, y), BOOL, OTHER)


def test_bool_pow_keeps_eager_dtype() -> None:
    check(lambda x: x**True, BOOL)


def test_bfloat16_negative_zero_to_bool_is_false() -> None:
    check(lambda x: x.to(torch.bool), BF16)


def test_bfloat16_compare_reduce_and_negate_order_values_not_bits() -> None:
    check(lambda x: (x < -1.0, x.amax(-1), x.amin(-1), -x, x.abs()), BF16)


def test_bfloat16_mean_to_bool_then_divide() -> None:
    check(lambda x: x.mean(-1).to(torch.bool) / 2, torch.randn(3, 4, dtype=torch.bfloat16))


def test_var_over_an_empty_dim_is_nan() -> None:
    check(lambda x: torch.softmax(x, -1).var(-1), torch.randn(3, 0))


@pytest.mark.parametrize("op", [torch.all, torch.any])
def test_all_and_any_over_an_empty_dim(op: Callable[..., torch.Tensor]) -> None:
    check(lambda x: op(x, -1), torch.zeros(3, 0))
    check(lambda x: op(x), torch.zeros(0, dtype=torch.bool))


@pytest.mark.parametrize("op", [torch.sum, torch.prod])
def test_sum_and_prod_over_an_empty_dim_give_the_identity(op: Callable[..., torch.Tensor]) -> None:
    check(lambda x: op(x, -1), torch.ones(3, 0))


@pytest.mark.parametrize("op", [torch.floor, torch.ceil, torch.sin])
def test_rounding_and_math_of_integers(op: Callable[..., torch.Tensor]) -> None:
    check(lambda x: op(x) * 2, I32)


X4 = torch.randn(2, 3, 4, 5, generator=torch.Generator().manual_seed(0))
AS_STRIDED_OF_VIEWS: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "channels_last": lambda x: torch.as_strided(
        (x * 2).contiguous(memory_format=torch.channels_last), (2, 3), (1, 2)
    ),
    "permute": lambda x: torch.as_strided((x * 2).permute(0, 2, 3, 1), (4, 3), (1, 7)),
    "transpose_with_offset": lambda x: torch.as_strided((x[0, 0] + 1).t(), (3, 2), (2, 1), 3),
    "diagonal": lambda x: torch.as_strided((x[0, 0] * 3).diagonal(), (2, 2), (1, 1)),
    "slice_unsafe": lambda x: torch.as_strided((x * 2)[:, 1:], (5, 5), (3, 7), 4),
    "select": lambda x: torch.as_strided((x - 1).select(1, 2), (3, 3), (4, 1)),
    "step_slice": lambda x: torch.as_strided((x * 2)[:, ::2], (2, 2), (3, 1)),
}


@pytest.mark.parametrize("name", list(AS_STRIDED_OF_VIEWS))
def test_as_strided_of_a_view_reads_the_storage_under_it(name: str) -> None:
    """as_strided reinterprets the storage a view shares with its base, not the view's
    values laid out contiguously."""
    check(AS_STRIDED_OF_VIEWS[name], X4)


@pytest.mark.parametrize(
    "fn",
    [lambda: torch.arange(5) * 2, lambda: torch.linspace(0, 1, 7) + 1],
    ids=["arange", "linspace"],
)
def test_a_graph_without_tensor_inputs_runs_its_kernels_on_the_cpu(
    fn: Callable[[], torch.Tensor],
) -> None:
    check(fn)
