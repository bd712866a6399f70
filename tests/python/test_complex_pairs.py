"""Complex values as pairs of reals (frontend/complex_pairs.py): complex rotary embeddings
and the other complex ops with a rule compile to kernels, and match eager in values,
dtype, shape and NaN positions; a graph with a complex op that has no rule is left to
ATen whole."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
from native import run

from stepwell.frontend.complex_pairs import complex_as_pairs, rewritable
from stepwell.frontend.loader import Example, export
from stepwell.fuzz.compare import mismatch


def freqs_cis(dim: int, end: int, theta: float = 10000.0) -> torch.Tensor:
    """Meta's Llama `precompute_freqs_cis`: unit complex numbers e^(i·pos·θ_k)."""
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    angles = torch.outer(torch.arange(end), freqs).float()
    return torch.polar(torch.ones_like(angles), angles)


def apply_rotary_emb(xq: torch.Tensor, xk: torch.Tensor,
                     fc: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:  # fmt: skip
    """Meta's Llama `apply_rotary_emb`: pairs of the head dim as complex numbers."""
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    fc = fc.view(1, xq_.shape[1], 1, xq_.shape[-1])
    xq_out = torch.view_as_real(xq_ * fc).flatten(3)
    xk_out = torch.view_as_real(xk_ * fc).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)


XQ, XK = torch.randn(2, 12, 4, 16), torch.randn(2, 12, 2, 16)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_complex_rotary_embeddings_are_kernels(dtype: torch.dtype) -> None:
    """The table built in the graph: no ATen call, and no kernel for the table (each
    rotation computes its cos and sin from its lanes' positions)."""
    xq, xk = XQ.to(dtype), XK.to(dtype)

    def fn(xq: torch.Tensor, xk: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return apply_rotary_emb(xq, xk, freqs_cis(16, 12))

    got, manifest = run(fn, xq, xk)
    assert mismatch(list(fn(xq, xk)), got) is None
    assert manifest["externs"] == {}
    assert len(manifest["kernels"]) == 2  # the q and the k rotations, nothing else
    assert all(k["bytes_read"] == k["bytes_written"] for k in manifest["kernels"])


def test_a_complex_input_enters_as_a_view() -> None:
    """freqs_cis passed in (a buffer): it enters through `view_as_real`, an ATen view, and
    both rotations are one combo kernel that reads it."""
    got, manifest = run(apply_rotary_emb, XQ, XK, freqs_cis(16, 12))
    assert mismatch(list(apply_rotary_emb(XQ, XK, freqs_cis(16, 12))), got) is None
    assert manifest["externs"] == {"aten.view_as_real.default": 1}
    assert len(manifest["kernels"]) == 1


Z = torch.randn(3, 4, dtype=torch.complex64)
W = torch.randn(3, 4, dtype=torch.complex64)
R = torch.randn(3, 4)
CASES: dict[str, tuple[Callable[..., Any], tuple[torch.Tensor, ...]]] = {
    "arithmetic": (lambda z, w, r: torch.view_as_real(z * w + z - w * 2 - r + (-z).conj()),
                   (Z, W, R)),
    "real times complex, complex over real": (
        lambda z, w, r: torch.view_as_real(r * z / (r.abs() + 1) + 1.5), (Z, W, R)),
    "parts and views": (
        lambda z, w, r: (z.t().real * 2, z[1:, ::2].imag, torch.view_as_real(
            torch.cat([z.unsqueeze(0), w.unsqueeze(0)]).permute(2, 1, 0).reshape(4, 6))),
        (Z, W, R)),
    "polar and complex()": (
        lambda z, w, r: torch.view_as_real(torch.polar(r.abs(), r) * torch.complex(r, -r)),
        (Z, W, R)),
    "complex128 output": (lambda z, w, r: z.to(torch.complex128) * w.to(torch.complex128) + 1,
                          (Z, W, R)),
    "a returned input and an empty tensor": (
        lambda z, e: (z, torch.view_as_real(e * e)), (Z, torch.zeros(0, 4, dtype=torch.complex64))),
    "integer and bool real operands": (
        lambda z, w, r: torch.view_as_real(z * torch.arange(4) + (r > 0) + w * True),
        (Z, W, R)),
    # (a Python complex number in a Tensor slot failed to import: "'complex' object has
    # no attribute 'name'"; now a pair of floats)
    "Python complex numbers": (
        lambda z, w, r: torch.view_as_real(z * 2j + 1j * w + r * 1j - 1j + (z + (0.5 - 1j))),
        (Z, W, R)),
    "a real tensor and a Python complex number": (
        lambda z, w, r: (torch.view_as_real(r + 1j), torch.view_as_real(2j + r),
                         torch.view_as_real(r - (1 + 1j)), torch.view_as_real((r > 0) * 1j)),
        (Z, W, R)),
    # (a real operand is a complex one of imaginary part +0, as eager promotes it: each
    # part scaled gave `inf + 2i` for eager's `inf + nan i`, and `0 - 0i` for `0 + 0i`)
    "a real operand at inf, nan and signed zeros": (
        lambda z, w, r: (torch.view_as_real(z * r), torch.view_as_real(r * z),
                         torch.view_as_real(z * 2.0), torch.view_as_real(0.0 * z),
                         torch.view_as_real(r * (0.5 - 1j)), torch.view_as_real(z * (r > 0))),
        (torch.tensor([complex(float("inf"), 1), complex(3, -1), complex(-0.0, float("nan")),
                       complex(-2, float("inf"))]),
         W[0], torch.tensor([2.0, 0.0, -0.0, float("inf")]))),
    "nan and inf": (lambda z, w, r: torch.view_as_real(z * w), (
        torch.tensor([complex(float("nan"), 1), complex(float("inf"), 0), 1 + 2j]),
        torch.tensor([1 + 1j, complex(2, 0), complex(0, float("inf"))]), R)),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_complex_ops_match_eager(name: str) -> None:
    fn, args = CASES[name]
    got, manifest = run(fn, *args)
    want = fn(*args)
    assert mismatch(list(want) if isinstance(want, tuple) else [want], got) is None
    externs = set(manifest["externs"])
    assert externs <= {"aten.view_as_real.default", "aten.view_as_complex.default"}, externs


def test_complex_division_leaves_the_graph_whole() -> None:
    fn = lambda z, w: torch.view_as_real(z / w) + 1  # noqa: E731
    ep = export(Example(fn, (Z, W), "fn"))
    assert not rewritable(ep.graph) and complex_as_pairs(ep.graph) is ep.graph
    got, manifest = run(fn, Z, W)
    assert mismatch([fn(Z, W)], got) is None
    assert "aten.div.Tensor" in manifest["externs"]


def test_the_exported_program_is_not_changed() -> None:
    ep = export(Example(lambda z: torch.view_as_real(z * z), (Z,), "fn"))
    before = str(ep.graph)
    assert complex_as_pairs(ep.graph) is not ep.graph
    assert str(ep.graph) == before


def test_torch_compile_complex_rotary_embeddings(tmp_path: Path) -> None:
    torch._dynamo.reset()
    fc = freqs_cis(16, 12)
    f = torch.compile(apply_rotary_emb, backend="stepwell", options={"dump_dir": str(tmp_path)})
    assert mismatch(list(apply_rotary_emb(XQ, XK, fc)), list(f(XQ, XK, fc))) is None
    import json

    (manifest,) = [json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")]
    assert set(manifest["externs"]) <= {"aten.view_as_real.default"}


def test_torch_compile_dynamic_lengths() -> None:
    """The table built from the sequence length (a symbol): one graph for every length."""

    def fn(q: torch.Tensor, k: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return apply_rotary_emb(q, k, freqs_cis(16, q.shape[1]))

    torch._dynamo.reset()
    f = torch.compile(fn, backend="stepwell", dynamic=True)
    for length in (5, 9):
        q, k = torch.randn(2, length, 4, 16), torch.randn(2, length, 2, 16)
        assert mismatch(list(fn(q, k)), list(f(q, k))) is None


@torch.library.custom_op("stepwell_test::cneg", mutates_args=())
def _cneg(x: torch.Tensor) -> torch.Tensor:
    return -x


@_cneg.register_fake
def _(x: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


def test_a_python_complex_number_in_a_graph_left_complex() -> None:
    """A graph the pair rewrite leaves complex (a custom op reads a complex value) and
    that multiplies by a Python complex number (`x * 1j`) failed to import: "cannot
    encode argument 1j". The number is now a 0-d `complex(full(re), full(im))`."""

    def fn(x: torch.Tensor) -> torch.Tensor:
        t = x * 1j + (2 - 1j)
        return _cneg(t).real

    torch._dynamo.reset()
    x = torch.randn(3, dtype=torch.complex64)
    assert mismatch(fn(x), torch.compile(fn, backend="stepwell")(x)) is None


def test_a_complex_number_in_a_scalar_slot() -> None:
    """`torch.polar`'s backward multiplies by `1j` through `aten.mul.Scalar`, a complex
    number in a Scalar slot, which failed to import ("cannot encode argument 1j"). Such a
    call becomes the Tensor overload with a 0-d `complex(full(re), full(im))` (found by
    an OpInfo probe of gradients)."""
    torch.manual_seed(0)
    a, t = torch.rand(3, requires_grad=True), torch.randn(3, requires_grad=True)

    def loss(polar: Callable[..., torch.Tensor]) -> torch.Tensor:
        return (torch.view_as_real(polar(a, t)) * torch.arange(6.0).reshape(3, 2)).sum()

    torch._dynamo.reset()
    want = torch.autograd.grad(loss(torch.polar), [a, t])
    got = torch.autograd.grad(loss(torch.compile(torch.polar, backend="stepwell")), [a, t])
    assert mismatch(list(want), list(got)) is None, mismatch(list(want), list(got))
    z = torch.randn(4, dtype=torch.complex64)
    for fn in (lambda x: torch.ops.aten.mul.Scalar(x, 1j),
               lambda x: torch.ops.aten.add.Scalar(x, 2 - 1j, alpha=2)):  # fmt: skip
        torch._dynamo.reset()
        assert mismatch(fn(z), torch.compile(fn, backend="stepwell")(z)) is None
