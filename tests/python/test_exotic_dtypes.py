"""Exotic dtypes (complex, float8, uint16/32/64) and effect tokens (`with_effects`) compile
through `torch.compile(backend="stepwell")`: the ops on exotic dtypes run through ATen
(`prims.extern`), the float ops around them still run as stepwell kernels, and every
result matches eager in values, dtype, shape and NaN positions."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, TensorType
from xdsl.parser import Parser

from stepwell.fuzz.compare import mismatch
from stepwell.ir.types import element_type, is_exotic, torch_dtype

EXOTIC = [
    torch.complex32, torch.complex64, torch.complex128, torch.uint16, torch.uint32,
    torch.uint64, torch.float8_e4m3fn, torch.float8_e5m2, torch.float8_e4m3fnuz,
    torch.float8_e5m2fnuz, torch.float8_e8m0fnu,
]  # fmt: skip


def compiled(fn: Callable[..., Any], *args: Any, dump: Path | None = None) -> Any:
    torch._dynamo.reset()
    options = {"dump_dir": str(dump)} if dump is not None else {}
    return torch.compile(fn, backend="stepwell", options=options)(*args)


def manifests(dump: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(dump.rglob("manifest.json"))]


def assert_eager(fn: Callable[..., Any], *args: Any, tmp_path: Path) -> list[dict[str, Any]]:
    """Compile `fn`, compare with eager; the dumped manifests of its graphs."""
    want = fn(*args)
    got = compiled(fn, *args, dump=tmp_path)
    assert mismatch(want, got) is None, mismatch(want, got)
    return manifests(tmp_path)


@pytest.mark.parametrize("dtype", EXOTIC, ids=str)
def test_exotic_dtype_round_trips(dtype: torch.dtype) -> None:
    """dtype -> element type -> dtype, and the element type prints and parses back."""
    element = element_type(dtype)
    assert torch_dtype(element) == dtype
    assert is_exotic(element)
    ctx = Context()
    ctx.load_dialect(Builtin)
    t = TensorType(element, [2, 3])
    assert Parser(ctx, str(t)).parse_attribute() == t


@pytest.mark.parametrize(
    "dtype", [torch.float32, torch.bfloat16, torch.int64, torch.uint8, torch.bool]
)
def test_common_dtypes_are_not_exotic(dtype: torch.dtype) -> None:
    assert not is_exotic(element_type(dtype))


def test_complex_products_compute_as_real_pairs(tmp_path: Path) -> None:
    """The complex values of a graph whose complex ops all have a rule are pairs of real
    tensors (frontend/complex_pairs.py): no ATen call, NaN where eager has it."""
    a, b = torch.randn(4, 3), torch.randn(4, 3)
    a[0, 0] = float("nan")

    def fn(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.view_as_real(torch.complex(a, b) * torch.complex(b, a)).sum(-1) + a

    (m,) = assert_eager(fn, a, b, tmp_path=tmp_path)
    assert m["externs"] == {}
    fused = [op for k in m["kernels"] for op in k["fused"]]
    assert "prims.sum" in fused and "prims.add" in fused


def test_complex_ops_without_a_rule_stay_in_aten(tmp_path: Path) -> None:
    """A complex quotient has no pair rule: the graph's complex ops all run in ATen."""
    a, b = torch.randn(4, 3), torch.randn(4, 3) + 2

    def fn(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.view_as_real(torch.complex(a, b) / torch.complex(b, a)).sum(-1) + a

    (m,) = assert_eager(fn, a, b, tmp_path=tmp_path)
    assert m["externs"].get("aten.complex.default") == 2
    assert "aten.div.Tensor" in m["externs"]  # the complex quotient stays whole
    fused = [op for k in m["kernels"] for op in k["fused"]]
    assert "prims.sum" in fused and "prims.add" in fused  # the float part is a kernel


def test_complex_inputs_and_outputs(tmp_path: Path) -> None:
    z = torch.randn(3, 8, dtype=torch.complex128)

    def fn(z: torch.Tensor, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return z * z.conj() + 1, torch.fft.fft(x * 2)

    assert_eager(fn, z, torch.randn(4, 8), tmp_path=tmp_path)


def test_rfft_abs(tmp_path: Path) -> None:
    (m,) = assert_eager(lambda x: torch.fft.rfft(x).abs() * 2 + 1, torch.randn(5, 16),
                        tmp_path=tmp_path)  # fmt: skip
    assert m["kernels"], "the float epilogue runs as a kernel"


def test_linalg_inv(tmp_path: Path) -> None:
    m = torch.randn(3, 4, 4) + 4 * torch.eye(4)
    (man,) = assert_eager(lambda m: torch.linalg.inv(m) * 2 + 1, m, tmp_path=tmp_path)
    assert "aten._linalg_check_errors.default" in man["externs"]


def test_linalg_inv_checks_errors() -> None:
    """`_linalg_check_errors` (under `with_effects`, whose result nothing reads) still runs:
    a singular matrix raises as in eager."""
    fn = lambda m: torch.linalg.inv(m) + 1  # noqa: E731
    singular = torch.zeros(2, 3, 3)
    with pytest.raises(torch.linalg.LinAlgError):
        fn(singular)
    with pytest.raises(torch.linalg.LinAlgError):
        compiled(fn, singular)


def test_linalg_solve_dynamic_sizes() -> None:
    """Effect tokens reach a dynamic graph's specializations as None at run time."""
    torch._dynamo.reset()
    fn = lambda a, b: torch.linalg.solve(a, b) + 1  # noqa: E731
    f = torch.compile(fn, backend="stepwell", dynamic=True)
    for n in (3, 5):
        a, b = torch.randn(2, n, n) + n * torch.eye(n), torch.randn(2, n)
        assert mismatch(fn(a, b), f(a, b)) is None


def test_linalg_inv_training() -> None:
    m0 = torch.randn(3, 4, 4) + 4 * torch.eye(4)
    fn = lambda m: (torch.linalg.inv(m) * 2).sin().sum()  # noqa: E731
    m1, m2 = m0.clone().requires_grad_(), m0.clone().requires_grad_()
    fn(m1).backward()
    compiled(fn, m2).backward()
    assert mismatch(m1.grad, m2.grad) is None


def test_complex_training() -> None:
    def fn(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return (torch.view_as_real(torch.complex(a, b) * torch.complex(b, a)).sum(-1) + a).sum()

    a0, b0 = torch.randn(4, 3), torch.randn(4, 3)
    a1, b1 = a0.clone().requires_grad_(), b0.clone().requires_grad_()
    a2, b2 = a0.clone().requires_grad_(), b0.clone().requires_grad_()
    fn(a1, b1).backward()
    compiled(fn, a2, b2).backward()
    assert mismatch([a1.grad, b1.grad], [a2.grad, b2.grad]) is None


@pytest.mark.skipif(not hasattr(torch, "hash_tensor"), reason="torch.hash_tensor is new")
def test_hash_tensor(tmp_path: Path) -> None:
    assert_eager(lambda x: torch.hash_tensor(x * 2), torch.randn(4, 5), tmp_path=tmp_path)


@pytest.mark.parametrize("dtype", [torch.uint16, torch.uint32], ids=str)
def test_wide_unsigned(dtype: torch.dtype, tmp_path: Path) -> None:
    a = torch.randint(0, 1000, (4, 3)).to(dtype)

    def fn(a: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        u = torch.cat([a * a, (a & 255) | a]).t().contiguous()
        return u, u.sum(1) * 3 + (a == a).sum()

    (m,) = assert_eager(fn, a, tmp_path=tmp_path)
    assert m["kernels"], "the int64 arithmetic runs as a kernel"


@pytest.mark.parametrize("dtype", [torch.float8_e4m3fn, torch.float8_e5m2], ids=str)
def test_float8_cast_round_trip(dtype: torch.dtype, tmp_path: Path) -> None:
    x = torch.randn(4, 5) * 10
    x[0, 0] = float("nan")
    assert_eager(lambda x: x.to(dtype).to(torch.float32) * 2, x, tmp_path=tmp_path)


def test_float8_output(tmp_path: Path) -> None:
    assert_eager(lambda x: (x + 1).to(torch.float8_e4m3fn), torch.randn(6), tmp_path=tmp_path)
