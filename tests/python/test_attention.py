"""Attention re-fusion: fuse-attention finds attention however it is spelled, refuses what
is not attention, and the flash-attention kernel computes what eager PyTorch does.

References are eager PyTorch (`F.scaled_dot_product_attention` or the function itself);
kernels run in Triton's interpreter (conftest.py) or the tile interpreter.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination

from stepwell.dialects import tile
from stepwell.dialects.prims_support import AttentionOp
from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import Example, export, load_example
from stepwell.fuzz.compare import mismatch
from stepwell.ir.context import make_context
from stepwell.passes.canonicalize_prims import CanonicalizePrims
from stepwell.passes.convert_prims_to_tile import ConvertPrimsToTile
from stepwell.passes.fuse_attention import FuseAttention
from stepwell.pipeline import bind_inputs, check_example, lower, run

ROOT = Path(__file__).resolve().parents[2]


def compile_to_tile(
    fn: Callable[..., torch.Tensor], args: tuple[torch.Tensor, ...], legal: tuple[str, ...] = ()
) -> tuple[ModuleOp, list[AttentionOp], list[torch.Tensor]]:
    """Lower `fn` to the tile level; also returns the prims.attention ops fuse-attention
    made (inspected before convert-prims-to-tile consumes them) and the bound inputs."""
    ep = export(Example(fn, args, "attention"))
    module = lower(import_program(ep), "prims", legal_ops=legal)
    PassPipeline((CanonicalizePrims(), CommonSubexpressionElimination(),
                  FuseAttention())).apply(make_context(), module)  # fmt: skip
    fused = [op.clone() for op in module.walk() if isinstance(op, AttentionOp)]
    ConvertPrimsToTile().apply(make_context(), module)
    module.verify()
    return module, fused, bind_inputs(module, ep, args)


def attention_kernels(module: ModuleOp) -> list[tile.KernelOp]:
    kernels = [op for op in module.walk() if isinstance(op, tile.KernelOp)]
    return [k for k in kernels if k.kind.data == "attention"]


# -- the kernel --------------------------------------------------------------------------------
KERNEL_CASES = {  # B, H, Hkv, L, S, D, causal, mask, dtype
    "plain": (2, 4, 4, 16, 16, 16, False, None, torch.float32),
    "causal_gqa_odd_lengths": (1, 4, 2, 37, 37, 40, True, None, torch.float32),
    "bool_mask_cross": (2, 2, 2, 20, 33, 64, False, "bool", torch.float32),
    "additive_mask_mqa": (2, 2, 1, 20, 33, 24, False, "add", torch.float32),
    "head_dim_256_causal": (1, 1, 1, 17, 17, 256, True, None, torch.float32),
    "many_blocks_causal": (1, 2, 2, 150, 150, 32, True, None, torch.float32),
    "bf16_causal_gqa": (1, 4, 2, 70, 70, 64, True, None, torch.bfloat16),
}


def sdpa_case(
    spec: tuple[int, int, int, int, int, int, bool, str | None, torch.dtype],
    seed: int, mask_dtype: torch.dtype = torch.float32,
) -> tuple[Callable[..., torch.Tensor], tuple[torch.Tensor, ...]]:  # fmt: skip
    """SDPA over random q, k, v (and a boolean or additive mask) of a case's shapes."""
    b, h, hkv, length, keys, d, causal, mask, dtype = spec
    g = torch.Generator().manual_seed(seed)
    q = torch.randn(b, h, length, d, generator=g).to(dtype)
    k = torch.randn(b, hkv, keys, d, generator=g).to(dtype)
    v = torch.randn(b, hkv, keys, d, generator=g).to(dtype)
    args: tuple[torch.Tensor, ...] = (q, k, v)
    if mask == "bool":
        args += (torch.rand(b, 1, length, keys, generator=g) > 0.3,)
    elif mask == "add":
        args += (torch.randn(1, 1, length, keys, generator=g).to(mask_dtype),)

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, *m: torch.Tensor) -> torch.Tensor:
        return F.scaled_dot_product_attention(
            q, k, v, attn_mask=m[0] if m else None, is_causal=causal, enable_gqa=h != hkv
        )

    return fn, args


@pytest.mark.parametrize("case", list(KERNEL_CASES))
def test_sdpa_kept_whole_reaches_the_attention_kernel(case: str) -> None:
    dtype = KERNEL_CASES[case][-1]
    fn, args = sdpa_case(KERNEL_CASES[case], 0)
    module, _, inputs = compile_to_tile(fn, args, ("scaled_dot_product_attention",))
    (kernel,) = [op for op in module.walk() if isinstance(op, tile.KernelOp)]
    assert kernel.kind.data == "attention"
    assert not [op for op in module.walk() if op.name == "prims.extern"]
    ref = fn(*(a.float() if a.is_floating_point() else a for a in args)).to(dtype)
    tol = 1e-5 if dtype == torch.float32 else 2e-2
    for level in ("tile", "triton"):
        (out,) = run(module, inputs, level)
        torch.testing.assert_close(out, ref, atol=tol, rtol=tol)


def test_fully_masked_rows_give_zero() -> None:
    """A row that sees no key gives 0, as sdpa's `_safe_softmax` does (not NaN)."""
    q, k, v = (torch.randn(1, 1, 8, 16) for _ in range(3))
    mask = torch.ones(1, 1, 8, 8, dtype=torch.bool)
    mask[..., 3, :] = False

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
        return F.scaled_dot_product_attention(q, k, v, attn_mask=m)

    module, _, inputs = compile_to_tile(fn, (q, k, v, mask), ("scaled_dot_product_attention",))
    (out,) = run(module, inputs, "triton")
    ref = fn(q, k, v, mask)
    assert torch.equal(out[0, 0, 3], torch.zeros(16))
    torch.testing.assert_close(out, torch.nan_to_num(ref, nan=0.0), atol=1e-5, rtol=1e-5)


# -- the models --------------------------------------------------------------------------------
MODELS = ["gpt2.py", "gpt2.py:example_sdpa", "bert.py", "llama.py",
          pytest.param("qwen2.py", marks=pytest.mark.full),
          pytest.param("opt.py", marks=pytest.mark.full)]  # fmt: skip


@pytest.mark.parametrize("spec", MODELS)
def test_every_attention_of_a_model_is_one_kernel(spec: str) -> None:
    example = load_example(str(ROOT / "examples" / spec))
    layers = example.fn.model.config.num_hidden_layers  # type: ignore[union-attr]
    ep = torch.export.export(example.fn, example.inputs)  # type: ignore[arg-type]
    module = lower(import_program(ep), "tile")
    kernels = [op for op in module.walk() if isinstance(op, tile.KernelOp)]
    assert len(attention_kernels(module)) == layers
    assert not [k for k in kernels if "softmax" in k.sym_name.data]
    result = check_example(example, "tile", atol=1e-4, rtol=1e-4)
    assert result.passed, str(result)


# -- spellings -----------------------------------------------------------------------------------
B, H, L, D = 2, 4, 24, 16


@st.composite
def spellings(draw: st.DrawFn) -> dict[str, object]:
    return {
        "scale_at": draw(st.sampled_from(["div_scores", "mul_scores", "mul_q", "mul_k",
                                          "sqrt_both"])),
        "scale": draw(st.sampled_from([1 / math.sqrt(D), 0.1, 0.3])),
        "mask": draw(st.sampled_from(["none", "where_inf", "where_min", "masked_fill", "additive",
                                      "causal_triu", "causal_iota", "padding", "causal_padding"])),
        "softmax": draw(st.sampled_from(["torch", "manual", "dtype_f32"])),
        "bf16_upcast": draw(st.booleans()),
        "gqa": draw(st.sampled_from(["none", "expand", "repeat_interleave"])),
        "layout": draw(st.sampled_from(["bhld", "blhd"])),
        "dropout": draw(st.booleans()),
        "out_layout": draw(st.sampled_from(["bhld", "blhd"])),  # back to [B, L, H*D]?
        "matmul": draw(st.sampled_from(["matmul", "einsum"])),
    }  # fmt: skip


def build(s: dict[str, object]) -> tuple[Callable[..., torch.Tensor], tuple[torch.Tensor, ...]]:
    """A function spelled as `s` says, and inputs for it."""
    g = torch.Generator().manual_seed(1)
    dtype = torch.bfloat16 if s["bf16_upcast"] else torch.float32
    hkv = H if s["gqa"] == "none" else H // 2
    shape_q = (B, L, H, D) if s["layout"] == "blhd" else (B, H, L, D)
    shape_kv = (B, L, hkv, D) if s["layout"] == "blhd" else (B, hkv, L, D)
    q = torch.randn(shape_q, generator=g).to(dtype)
    k, v = (torch.randn(shape_kv, generator=g).to(dtype) for _ in range(2))
    pad = torch.ones(B, L, dtype=torch.bool)
    pad[1, L - 5 :] = False
    bias = torch.randn(B, 1, L, L, generator=g)
    scale = float(s["scale"])  # type: ignore[arg-type]
    mask = s["mask"]

    def softmax(x: torch.Tensor) -> torch.Tensor:
        if s["softmax"] == "manual":
            e = (x - x.amax(-1, keepdim=True)).exp()
            return e / e.sum(-1, keepdim=True)
        if s["softmax"] == "dtype_f32":
            return F.softmax(x, dim=-1, dtype=torch.float32)
        return torch.softmax(x, -1)

    def repeat(t: torch.Tensor) -> torch.Tensor:
        if s["gqa"] == "expand":
            return t[:, :, None].expand(B, hkv, H // hkv, L, D).reshape(B, H, L, D)
        if s["gqa"] == "repeat_interleave":
            return t.repeat_interleave(H // hkv, dim=1)
        return t

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, pad: torch.Tensor,
           bias: torch.Tensor) -> torch.Tensor:  # fmt: skip
        if s["layout"] == "blhd":
            q, k, v = (t.transpose(1, 2) for t in (q, k, v))
        k, v = repeat(k), repeat(v)
        if s["scale_at"] == "mul_q":
            q = q * scale
        elif s["scale_at"] == "mul_k":
            k = k * scale
        elif s["scale_at"] == "sqrt_both":
            q, k = q * math.sqrt(scale), k * math.sqrt(scale)
        if s["matmul"] == "einsum":  # einsum's views: unit dims moved around the bmm
            x = torch.einsum("bhqd,bhkd->bhqk", q, k)
        else:
            x = q @ k.transpose(-2, -1)
        if s["scale_at"] == "div_scores":
            x = x / (1 / scale)
        elif s["scale_at"] == "mul_scores":
            x = x * scale
        if s["bf16_upcast"]:
            x = x.float()
        causal = torch.ones(L, L, dtype=torch.bool, device=x.device).tril()
        iota = torch.arange(L, device=x.device)
        keep = pad[:, None, None, :]
        if mask == "where_inf":
            x = torch.where(keep, x, float("-inf"))
        elif mask == "where_min":
            x = torch.where(keep, x, torch.finfo(x.dtype).min)
        elif mask == "masked_fill":
            x = x.masked_fill(~keep, float("-inf"))
        elif mask == "additive":
            x = x + bias.to(x.dtype)
        elif mask == "causal_triu":
            x = x.masked_fill(torch.ones(L, L, dtype=torch.bool).triu(1), float("-inf"))
        elif mask == "causal_iota":
            x = torch.where(iota[:, None] >= iota[None, :], x, float("-inf"))
        elif mask == "padding":
            x = x + (~keep).to(x.dtype) * torch.finfo(x.dtype).min
        elif mask == "causal_padding":
            x = x.masked_fill(~(causal & keep), float("-inf"))
        p = softmax(x)
        if s["dropout"]:
            p = F.dropout(p, p=0.1, training=False)
        if s["matmul"] == "einsum":
            out = torch.einsum("bhqk,bhkd->bhqd", p.to(v.dtype), v)
        else:
            out = p.to(v.dtype) @ v
        if s["out_layout"] == "blhd":
            return out.transpose(1, 2).reshape(B, L, H * D)
        return out

    return fn, (q, k, v, pad, bias)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spellings())
def test_every_spelling_is_fused_and_correct(s: dict[str, object]) -> None:
    fn, args = build(s)
    module, fused, inputs = compile_to_tile(fn, args)
    assert len(fused) == 1, s
    assert len(attention_kernels(module)) == 1, s
    (op,) = fused
    causal = bool(op.causal and op.causal.value.data)
    assert causal == (s["mask"] in ("causal_triu", "causal_iota")), s
    assert op.transposed() == (s["out_layout"] == "blhd"), s
    if s["gqa"] == "expand" and s["scale_at"] in ("div_scores", "mul_scores", "mul_q"):
        assert op.key.type.get_shape()[1] == H // 2  # reads the shared head, no copy
    (out,) = run(module, inputs, "triton")
    with torch.no_grad():
        ref = fn(*args)
    tol = 3e-2 if s["bf16_upcast"] else 1e-4
    torch.testing.assert_close(out, ref, atol=tol, rtol=tol)


# -- K and V repeated on the heads of [B, L, Hkv, D] -------------------------------------------
@pytest.mark.parametrize(
    ("repeat", "causal", "dtype"),
    [("interleave", True, torch.float32), ("interleave", False, torch.bfloat16),
     ("expand", True, torch.float32), ("tile", True, torch.float32),
     ("tile", False, torch.float32)],
)  # fmt: skip
def test_heads_repeated_before_they_move_forward(
    repeat: str, causal: bool, dtype: torch.dtype
) -> None:
    """K and V of [B, L, Hkv, D] repeated on their heads dim before the transpose to
    [B, H, L, D] (`repeat_interleave(g, dim=2)`, or an expand of a new dim 3 and a
    reshape): the attention reads the Hkv heads, no repeated copy. `repeat(1, 1, g, 1)`
    tiles the heads instead (head i reads head i mod Hkv, not i // g): no sharing, and
    values still match eager."""
    b, hkv, g, n, d = 2, 2, 3, 12, 16
    gen = torch.Generator().manual_seed(4)
    q = torch.randn(b, n, hkv * g, d, generator=gen).to(dtype)
    k, v = (torch.randn(b, n, hkv, d, generator=gen).to(dtype) for _ in range(2))

    def heads(t: torch.Tensor) -> torch.Tensor:
        if repeat == "interleave":
            return t.repeat_interleave(g, dim=2)
        if repeat == "expand":
            return t[:, :, :, None].expand(b, n, hkv, g, d).reshape(b, n, hkv * g, d)
        return t.repeat(1, 1, g, 1)

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        qt, kt, vt = (t.transpose(1, 2) for t in (q, heads(k), heads(v)))
        s = (qt @ kt.transpose(-2, -1)) / math.sqrt(d)
        if causal:
            s = s.masked_fill(~torch.ones(n, n, dtype=torch.bool).tril(), -math.inf)
        return (torch.softmax(s.float(), -1).to(dtype) @ vt).transpose(1, 2)

    module, fused, inputs = compile_to_tile(fn, (q, k, v))
    (op,) = fused
    assert len(attention_kernels(module)) == 1
    shared = repeat != "tile"
    assert op.key.type.get_shape()[1] == (hkv if shared else hkv * g)
    assert op.value.type.get_shape()[1] == (hkv if shared else hkv * g)
    (out,) = run(module, inputs, "triton")
    ref = fn(q, k, v)
    tol = 2e-2 if dtype == torch.bfloat16 else 1e-5
    assert out.dtype == ref.dtype and out.shape == ref.shape
    torch.testing.assert_close(out, ref, atol=tol, rtol=tol)


def test_a_scale_computed_from_constants_is_fused() -> None:
    """`s / torch.full((), d).sqrt()`: the scale is elementwise ops of a constant, one
    value; the attention is fused with it and matches eager."""
    q, k, v = (torch.randn(2, 3, 10, 16) for _ in range(3))

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        s = (q @ k.transpose(-2, -1)) / torch.full((), 16, dtype=torch.float64).sqrt().float()
        return torch.softmax(s, -1) @ v

    module, fused, inputs = compile_to_tile(fn, (q, k, v))
    (op,) = fused
    assert op.scale.value.data == pytest.approx(0.25)
    (out,) = run(module, inputs, "triton")
    torch.testing.assert_close(out, fn(q, k, v), atol=1e-5, rtol=1e-5)


KEEP = torch.rand(10, 10, generator=torch.Generator().manual_seed(0)) > 0.3


def _lifted_fill(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """GPT-Neo's mask: a where() whose fill is a tensor constant made in forward."""
    s = q @ k.transpose(-1, -2)
    s = torch.where(KEEP, s, torch.tensor(torch.finfo(s.dtype).min))
    return s.softmax(-1) @ v


def test_a_fill_that_is_a_tensor_constant_masks() -> None:
    """`torch.where(mask, s, torch.tensor(finfo.min))`: the fill was an argument (a lifted
    constant) whose number no pass could read, and the attention was not fused. A
    one-element constant is now a `full` in the IR."""
    q, k, v = (torch.randn(2, 3, 10, 16) for _ in range(3))
    module, fused, inputs = compile_to_tile(_lifted_fill, (q, k, v))
    assert len(fused) == 1
    (out,) = run(module, inputs, "triton")
    assert mismatch([_lifted_fill(q, k, v)], [out]) is None


def test_torch_compile_reads_a_tensor_constant_fill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same through torch.compile, where the constant is a graph attribute that the
    backend traces under Dynamo's fake mode: one attention kernel, eager's values."""
    q, k, v = (torch.randn(2, 3, 10, 16) for _ in range(3))
    monkeypatch.setenv("STEPWELL_DUMP", str(tmp_path))
    torch._dynamo.reset()
    with torch.no_grad():
        out = torch.compile(_lifted_fill, backend="stepwell", fullgraph=True)(q, k, v)
    assert mismatch([_lifted_fill(q, k, v)], [out]) is None
    (graph,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert (graph / "kernels.py").read_text().count("_attention(") == 1


@pytest.mark.parametrize("spelling", ["lengths", "additive", "bf16", "sdpa"])
def test_a_row_the_mask_hides_entirely(spelling: str) -> None:
    """A query row whose mask hides every key: a softmax written out gives NaN there
    (0/0), as eager does, and SDPA (`_safe_softmax`) gives 0; the other rows, values."""
    gen = torch.Generator().manual_seed(2)
    dtype = torch.bfloat16 if spelling == "bf16" else torch.float32
    q = torch.randn(2, 2, 3, 8, generator=gen).to(dtype)
    k, v = (torch.randn(2, 2, 5, 8, generator=gen).to(dtype) for _ in range(2))
    keep = torch.arange(5)[None, :] < torch.tensor([3, 0])[:, None]  # batch 1: no key
    bias = torch.zeros(2, 1, 3, 5).masked_fill(~keep[:, None, None, :], -math.inf)

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, keep: torch.Tensor,
           bias: torch.Tensor) -> torch.Tensor:  # fmt: skip
        if spelling == "sdpa":
            return F.scaled_dot_product_attention(q, k, v, attn_mask=keep[:, None, None, :])
        s = q @ k.transpose(-1, -2)
        if spelling == "additive":
            return torch.softmax(s + bias, -1) @ v
        s = s.masked_fill(~keep[:, None, None, :], -math.inf)
        return torch.softmax(s.float(), -1).to(dtype) @ v

    args = (q, k, v, keep, bias)
    module, fused, inputs = compile_to_tile(fn, args)
    (op,) = fused
    assert op.blind_rows_nan() == (spelling != "sdpa")
    want = fn(*args)
    assert want[1].isnan().all() == (spelling != "sdpa")
    tol = [torch.bfloat16] if spelling == "bf16" else []
    for level in ("triton", "tile"):
        (out,) = run(module, inputs, level)
        assert mismatch([want], [out], tolerances=tol) is None, (level, mismatch([want], [out]))


FILLED: dict[str, tuple[torch.dtype, float, str]] = {
    "float32, masked_fill -1e4": (torch.float32, -1e4, "masked_fill"),
    "float16, where finfo.min (DeBERTa-v2)": (torch.float16, -65504.0, "where"),
    "bfloat16, masked_fill finfo.min": (torch.bfloat16, -3.3895313892515355e38, "masked_fill"),
    "float32, a relative bias then the fill": (torch.float32, -1e4, "bias"),
}


@pytest.mark.parametrize("name", list(FILLED))
def test_a_row_a_finite_fill_hides_entirely_attends_to_every_key(name: str) -> None:
    """`masked_fill(~m, -1e4)` before the softmax: a row the mask hides wholly has every
    logit -1e4 and attends to all keys alike (the mean of V). The fill was added to the
    scores as a bias, which softmax shifts away: such a row got unmasked attention
    (DeBERTa-v2 in float16 at its padded positions). Now the fill replaces them."""
    dtype, fill, spelling = FILLED[name]
    gen = torch.Generator().manual_seed(3)
    q, k, v = (torch.randn(2, 2, 6, 8, generator=gen).to(dtype) for _ in range(3))
    rel = torch.randn(2, 6, 6, generator=gen).to(dtype)
    lengths = torch.tensor([4, 6])
    pad = torch.arange(6)[None, :] < lengths[:, None]
    keep = (pad[:, :, None] & pad[:, None, :])[:, None]  # rows 4, 5 of batch 0: no key

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, keep: torch.Tensor,
           rel: torch.Tensor) -> torch.Tensor:  # fmt: skip
        s = (q @ k.transpose(-1, -2)) / math.sqrt(8)
        if spelling == "bias":
            s = s + rel[None]
        if spelling == "where":
            s = torch.where(keep, s, torch.tensor(fill, dtype=dtype))
        else:
            s = s.masked_fill(~keep, fill)
        return torch.softmax(s.float(), -1).to(dtype) @ v

    args = (q, k, v, keep, rel)
    module, fused, inputs = compile_to_tile(fn, args)
    (op,) = fused
    assert op.mask_fill() == pytest.approx(fill) and not op.blind_rows_nan()
    if spelling != "bias":  # the boolean mask read as it is: no kernel builds a mask
        from native import compile_bound

        artifacts, _ = compile_bound(fn, *args)  # (the default pipeline)
        assert len(artifacts.manifest["kernels"]) == 1, artifacts.manifest["kernels"]
    want = fn(*args)
    tol = [dtype] if dtype != torch.float32 else []
    for level in ("triton", "tile"):
        (out,) = run(module, inputs, level)
        assert mismatch([want], [out], tolerances=tol) is None, (level, mismatch([want], [out]))
    hidden = want[0, :, 4:].float()
    torch.testing.assert_close(hidden, v[0].float().mean(1, keepdim=True).expand_as(hidden),
                               atol=1e-2, rtol=1e-2)  # fmt: skip


FLOORED = {
    "float32, finfo.min padding": (torch.float32, "finfo"),
    "float32, -inf padding": (torch.float32, "inf"),
    "float16, finfo.min padding (refused)": (torch.float16, "finfo"),
}


@pytest.mark.parametrize("name", list(FLOORED))
def test_a_floor_under_the_logits_is_fused(name: str) -> None:
    """XGLM: `torch.max(s + mask, finfo.min)` before the softmax. The floor is the fused
    op's `floor` (it was refused: 'prims.maximum' between the scores and the softmax).
    A row whose mask hides every key then has every logit at the floor and attends to
    all keys alike, as in eager. Half-precision logits are refused: eager's float16
    `s + finfo.min` rounds to the floor (or overflows to -inf, which the floor brings
    back), where the kernel's float32 sum keeps s."""
    dtype, padding = FLOORED[name]
    gen = torch.Generator().manual_seed(5)
    q, k, v = (torch.randn(2, 2, 6, 8, generator=gen).to(dtype) for _ in range(3))
    low = torch.finfo(dtype).min if padding == "finfo" else -math.inf
    hide = torch.arange(6)[None, :] >= torch.tensor([4, 6])[:, None]  # batch 0: keys 4, 5
    causal = torch.ones(6, 6, dtype=torch.bool).tril()
    visible = causal[None] & ~hide[:, None, :]
    mask = torch.zeros(2, 1, 6, 6, dtype=dtype).masked_fill(~visible[:, None], low)
    mask[0, 0, 5] = low  # batch 0, row 5: no key at all

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        s = (q @ k.transpose(-1, -2)) * 0.35 + mask
        s = torch.max(s, torch.full((), torch.finfo(s.dtype).min, dtype=s.dtype))
        return torch.softmax(s.float(), -1).to(dtype) @ v

    args = (q, k, v, mask)
    module, fused, inputs = compile_to_tile(fn, args)
    if dtype == torch.float32:
        (op,) = fused
        assert op.logit_floor() == torch.finfo(dtype).min and not op.is_causal()
    else:
        assert fused == []
    want = fn(*args)
    tol = [dtype] if dtype != torch.float32 else []
    for level in ("triton", "tile"):
        (out,) = run(module, inputs, level)
        assert mismatch([want], [out], tolerances=tol) is None, (level, mismatch([want], [out]))
    uniform = v[0].float().mean(1)  # batch 0, row 5
    torch.testing.assert_close(want[0, :, 5].float(), uniform, atol=1e-2, rtol=1e-2)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_logits_are_rounded_as_the_graph_sums_them(dtype: torch.dtype) -> None:
    """Half scores plus a half `finfo.min` mask (HF's eager attention in float16): the
    graph's sum rounds to finfo.min (or -inf) in a row the mask hides wholly, whose
    weights then follow eager's rounding, not the scores. The kernel summed in float32
    and gave that row the scores' own softmax (0.66 off); it now rounds the logits to
    the half type (`rounded`)."""
    gen = torch.Generator().manual_seed(5)
    q, k, v = (torch.randn(2, 2, 6, 8, generator=gen).to(dtype) for _ in range(3))
    hide = torch.arange(6)[None, :] >= torch.tensor([4, 6])[:, None]
    visible = torch.ones(6, 6, dtype=torch.bool).tril()[None] & ~hide[:, None, :]
    mask = torch.zeros(2, 1, 6, 6, dtype=dtype).masked_fill(~visible[:, None],
                                                           torch.finfo(dtype).min)  # fmt: skip
    mask[0, 0, 5] = torch.finfo(dtype).min  # batch 0, row 5: no key at all

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        s = (q @ k.transpose(-1, -2)) * 0.35 + mask
        return torch.softmax(s.float(), -1).to(dtype) @ v

    args = (q, k, v, mask)
    module, fused, inputs = compile_to_tile(fn, args)
    (op,) = fused
    assert str(op.rounded) == {torch.float16: "f16", torch.bfloat16: "bf16"}[dtype]
    want = fn(*args)
    for level in ("triton", "tile"):
        (out,) = run(module, inputs, level)
        assert mismatch([want], [out], tolerances=[dtype]) is None, (level, mismatch([want], [out]))


def test_a_bias_added_after_a_finite_fill_is_not_fused_and_stays_right() -> None:
    """`masked_fill(~m, -1e4) + bias`: a row the fill hides wholly has the logits
    -1e4 + bias, which no fused form expresses (the fill would replace the bias): left
    unfused, eager's values."""
    gen = torch.Generator().manual_seed(4)
    q, k, v = (torch.randn(1, 2, 5, 8, generator=gen) for _ in range(3))
    keep = torch.tensor([True, True, False, True, False])[None, None, :, None].expand(1, 1, 5, 5)
    bias = torch.randn(1, 1, 5, 5, generator=gen)

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, keep: torch.Tensor,
           bias: torch.Tensor) -> torch.Tensor:  # fmt: skip
        s = (q @ k.transpose(-1, -2)).masked_fill(~keep, -1e4) + bias
        return torch.softmax(s, -1) @ v

    args = (q, k, v, keep.contiguous(), bias)
    module, fused, inputs = compile_to_tile(fn, args)
    assert fused == []
    (out,) = run(module, inputs, "triton")
    assert mismatch([fn(*args)], [out]) is None


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_a_bias_added_before_the_view_is_a_mask(dtype: torch.dtype) -> None:
    """BLOOM's ALiBi: `slopes.baddbmm(q, kᵀ)` on [B·H, L, S] scores, the view to
    [B, H, L, S], a causal mask added, a float32 softmax: one attention kernel with the
    bias reshaped into its mask, and eager's values."""
    b, h, n, d = 2, 4, 12, 16
    gen = torch.Generator().manual_seed(5)
    q, k, v = (torch.randn(b * h, n, d, generator=gen).to(dtype) for _ in range(3))
    slopes = torch.randn(b * h, 1, n, generator=gen).to(dtype)
    causal = torch.zeros(b, 1, n, n).masked_fill(torch.ones(n, n).triu(1).bool(), -1e30)

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, slopes: torch.Tensor,
           causal: torch.Tensor) -> torch.Tensor:  # fmt: skip
        s = slopes.baddbmm(q, k.transpose(1, 2), beta=1.0, alpha=d**-0.5)
        p = torch.softmax(s.view(b, h, n, n) + causal, -1, dtype=torch.float32).to(dtype)
        return torch.bmm(p.view(b * h, n, n), v)

    args = (q, k, v, slopes, causal)
    module, fused, inputs = compile_to_tile(fn, args)
    assert len(fused) == 1 and len(attention_kernels(module)) == 1
    (out,) = run(module, inputs, "triton")
    tol = 3e-2 if dtype == torch.bfloat16 else 1e-5
    torch.testing.assert_close(out, fn(*args), atol=tol, rtol=tol)


# -- scores written K Qᵀ ------------------------------------------------------------------------
def _kq_triangle(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, lower: bool) -> torch.Tensor:
    """Key i masked for query j where i > j (causal) or where i < j (not causal)."""
    i = torch.arange(q.shape[-2])
    masked = i[:, None] > i[None, :] if lower else i[:, None] < i[None, :]
    return torch.softmax((k @ q.mT).masked_fill(masked, float("-inf")), -2).mT @ v


def _kq_padding(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    keep = (k[..., :1] > -1.0).float()  # [B, H, keys, 1]: padding along the keys
    return torch.softmax(k @ q.mT * 0.25 + (1 - keep) * -1e9, -2).mT.to(v.dtype) @ v


def _kq_safe(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """`_safe_softmax` over the keys: query 3 sees no key and gets 0."""
    s = k @ q.mT
    s = s.masked_fill(torch.arange(s.shape[-1]) == 3, float("-inf"))
    p = torch.where(torch.isneginf(s).all(-2, keepdim=True), 0.0, torch.softmax(s, -2))
    return p.mT @ v


TRANSPOSED: dict[str, tuple[Callable[..., torch.Tensor], bool]] = {  # fn, causal
    "plain": (lambda q, k, v: torch.softmax(k @ q.mT / 4, -2).transpose(-1, -2) @ v, False),
    "einsum": (lambda q, k, v: torch.einsum("bhkq,bhkd->bhqd", torch.softmax(
        torch.einsum("bhkd,bhqd->bhkq", k, q) * 0.25, 2), v), False),  # fmt: skip
    "causal": (lambda q, k, v: _kq_triangle(q, k, v, True), True),
    "anti_causal_mask": (lambda q, k, v: _kq_triangle(q, k, v, False), False),
    "padding": (_kq_padding, False),
    "safe_softmax": (_kq_safe, False),
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("name", list(TRANSPOSED))
def test_scores_written_k_q_transposed_are_attention(name: str, dtype: torch.dtype) -> None:
    """softmax(K Qᵀ, dim=-2)ᵀ · V is attention with its score matrix transposed: one
    attention kernel, causal when the (transposed) mask is, and eager's values."""
    fn, causal = TRANSPOSED[name]
    args = tuple(t.to(dtype) for t in (Q, K, V))
    module, fused, inputs = compile_to_tile(fn, args)
    assert len(fused) == 1 and len(attention_kernels(module)) == 1
    assert bool(fused[0].causal and fused[0].causal.value.data) == causal
    (out,) = run(module, inputs, "triton")
    with torch.no_grad():
        ref = fn(*args)
    assert out.dtype == ref.dtype and out.shape == ref.shape
    tol = 3e-2 if dtype == torch.bfloat16 else 1e-5
    torch.testing.assert_close(out, ref, atol=tol, rtol=tol)


# -- what is not attention ---------------------------------------------------------------------
Q, K, V = (torch.randn(B, H, L, D, generator=torch.Generator().manual_seed(i)) for i in range(3))
NOT_ATTENTION: dict[str, Callable[..., torch.Tensor]] = {
    "softmax_over_queries": lambda q, k, v: torch.softmax(q @ k.transpose(-1, -2), -2) @ v,
    "mask_after_softmax": lambda q, k, v: (
        (torch.softmax(q @ k.transpose(-1, -2), -1) * (q[..., :1] > 0)) @ v
    ),
    "scale_from_the_scores": lambda q, k, v: (
        (lambda x: torch.softmax(x / x.abs().amax(-1, keepdim=True), -1))(q @ k.transpose(-1, -2))
        @ v
    ),
    "v_along_the_queries": lambda q, k, v: torch.softmax(q @ k.transpose(-1, -2), -1).mT @ v,
    "k_q_softmax_over_queries": lambda q, k, v: torch.softmax(k @ q.mT, -1).mT @ v,
    "transposed_then_reshaped": lambda q, k, v: (
        torch.softmax(k @ q.mT, -2).mT.reshape(B, H, 2, L // 2, L).transpose(2, 3)
        .reshape(B, H, L, L) @ v
    ),
    "probabilities_also_returned": lambda q, k, v: (lambda p: torch.cat([p @ v, p], -1))(
        torch.softmax(q @ k.transpose(-1, -2), -1)
    ),
}


@pytest.mark.parametrize("name", list(NOT_ATTENTION))
def test_what_is_not_attention_stays_unfused_and_correct(name: str) -> None:
    fn = NOT_ATTENTION[name]
    module, fused, inputs = compile_to_tile(fn, (Q, K, V))
    assert fused == [] and attention_kernels(module) == []
    (out,) = run(module, inputs, "triton")
    torch.testing.assert_close(out, fn(Q, K, V), atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("causal", [False, True])
def test_the_gpu_benchmark_spelling_is_one_attention_kernel(causal: bool) -> None:
    """benchmarks/gpu.py --attention times this spelling: it must reach the kernel."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("gpu_bench", ROOT / "benchmarks" / "gpu.py")
    assert spec is not None and spec.loader is not None
    gpu = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gpu)
    q, k, v = (t.to(torch.bfloat16) for t in (Q, K, V))
    module, fused, inputs = compile_to_tile(lambda *a: gpu.masked_attention(*a, causal), (q, k, v))
    (op,) = fused
    assert bool(op.causal) == causal
    assert len(attention_kernels(module)) == 1
    (out,) = run(module, inputs, "triton")
    torch.testing.assert_close(out, gpu.masked_attention(q, k, v, causal), atol=3e-2, rtol=3e-2)


def test_torch_compile_fuses_a_causal_attention_in_one_graph(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through torch.compile the pass runs under Dynamo's fake-tensor mode; the causal
    mask must still be evaluated (with real tensors) and recognized, with no graph break."""

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        s = q @ k.transpose(-2, -1) / math.sqrt(D)
        s = s.masked_fill(~torch.ones(L, L, dtype=torch.bool, device=s.device).tril(), -math.inf)
        return torch.softmax(s, -1) @ v

    monkeypatch.setenv("STEPWELL_DUMP", str(tmp_path))
    torch._dynamo.reset()
    with torch.no_grad():
        out = torch.compile(fn, backend="stepwell", fullgraph=True)(Q, K, V)
    torch.testing.assert_close(out, fn(Q, K, V), atol=1e-5, rtol=1e-5)
    (graph,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    source = (graph / "kernels.py").read_text()
    assert source.count("\n@triton.jit\n") == 1 and "def k0_attention" in source
    assert "tl.minimum(" in source  # the key loop stops at the diagonal: causal


class _ScaledByAttribute(torch.nn.Module):
    """MPT's spelling: scores times a float attribute (`self.softmax_scale`), which Dynamo
    lifts to a 0-d input under `dynamic=True`, then a bias and a causal fill."""

    def __init__(self, heads: int, dim: int, length: int) -> None:
        super().__init__()
        self.heads, self.scale = heads, 1 / math.sqrt(dim)
        self.qkv = torch.nn.Linear(heads * dim, 3 * heads * dim)
        self.register_buffer("bias", torch.randn(heads, 1, length))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, _ = x.shape
        q, k, v = (t.reshape(b, n, self.heads, -1).transpose(1, 2) for t in self.qkv(x).chunk(3, 2))
        s = torch.matmul(q, k.transpose(-1, -2)) * self.scale + self.bias[:, :, :n]
        hidden = torch.ones(n, n, dtype=torch.bool, device=x.device).triu(1)
        s = s.masked_fill(hidden, torch.finfo(x.dtype).min)
        return torch.softmax(s.float(), -1).to(x.dtype) @ v


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_a_scale_that_is_a_graph_input_is_fused(dtype: torch.dtype, tmp_path: Path) -> None:
    """A scale Dynamo passes as a 0-d input (not a constant) moves onto Q, s · Q Kᵀ =
    (s · Q) Kᵀ: every graph, at each length, has an attention kernel (it had none), and
    matches eager in values and dtype."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    model = _ScaledByAttribute(4, 16, 32).to(dtype)
    compiled = torch.compile(model, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for n in (8, 13, 20):
        x = torch.randn(2, n, 64).to(dtype)
        with torch.no_grad():
            got, want = compiled(x), model(x)
        assert mismatch(want, got) is None, (n, mismatch(want, got))
    sources = [p.read_text() for p in tmp_path.rglob("kernels.py")]
    assert sources and all("_attention(" in source for source in sources)


def test_torch_compile_remarks_say_why_a_look_alike_is_not_fused(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """`options={"remarks": True}`: the refusal and its reason reach stderr, and the result
    still matches eager."""
    torch._dynamo.reset()
    fn = NOT_ATTENTION["probabilities_also_returned"]
    got = torch.compile(fn, backend="stepwell", options={"remarks": True})(Q, K, V)
    torch.testing.assert_close(got, fn(Q, K, V), atol=1e-5, rtol=1e-5)
    err = capfd.readouterr().err
    assert "fuse-attention: not fused at" in err and "used outside the attention" in err


HALF_CASES = {  # B, H, Hkv, L, S, D, causal, mask, dtype
    "bf16 causal": (2, 4, 4, 16, 16, 32, True, None, torch.bfloat16),
    "f16, an f16 additive mask": (1, 4, 4, 12, 20, 16, False, "add", torch.float16),
    "bf16 gqa (enable_gqa)": (1, 4, 2, 12, 20, 16, False, None, torch.bfloat16),
    "f16 gqa, an f16 additive mask": (1, 4, 2, 12, 20, 16, False, "add", torch.float16),
    "bf16 boolean mask": (2, 2, 2, 9, 9, 8, False, "bool", torch.bfloat16),
    "f32 boolean mask (read as booleans)": (2, 2, 2, 9, 9, 8, False, "bool", torch.float32),
}


@pytest.mark.parametrize("case", list(HALF_CASES))
def test_half_attention_is_one_kernel_that_loads_half(case: str) -> None:
    """SDPA's decomposition on float16/bfloat16 widens q, k and v to float32 and narrows
    the result (`AttentionReadsHalfInputs`): one attention kernel that loads the half
    tiles and stores half, not a widening kernel, a float32 attention and a narrowing
    kernel (3 launches and 5x the bytes before); eager's values to half precision."""
    from native import run as run_native

    from stepwell.fuzz.compare import mismatch

    fn, args = sdpa_case(HALF_CASES[case], 1, mask_dtype=HALF_CASES[case][-1])

    got, manifest = run_native(fn, *args)
    want = fn(*args)
    assert mismatch([want], got) is None, mismatch([want], got)
    assert manifest["externs"] == {}
    # the attention reads the half mask as stored, a boolean mask as booleans (not SDPA's
    # `where(mask, 0, -inf)` stored), and K and V of grouped-query attention as their Hkv
    # heads (no repeat copy): every input once
    (kernel,) = manifest["kernels"]
    assert kernel["kind"] == "attention"
    assert kernel["bytes_written"] == want.numel() * want.element_size()
    assert kernel["bytes_read"] == sum(a.numel() * a.element_size() for a in args)


MHA_CASES = {  # batch_first, masks, need_weights, kernels besides attention's
    "sequence_first": (False, False, False, 2),
    "batch_first": (True, False, False, 3),  # (+ the copy of the transposed input)
    "padding_and_causal_masks": (False, True, False, None),
    "with_weights": (False, False, True, None),
}


@pytest.mark.parametrize("case", list(MHA_CASES))
def test_multihead_attention_reads_its_packed_heads_in_place(case: str, tmp_path: Path) -> None:
    """nn.MultiheadAttention packs q, k and v in one projection, sequence first, and
    views it as (L, B·H, D): a reshape merging two dims of different strides, which a
    later view splits again. The attention kernel reads the heads straight from the
    projection (no copy kernel for q, k and v), and stores its output where the output
    projection's `permute(2, 0, 1, 3).reshape(L·B, E)` puts it (no copy kernel back).
    Compared with eager, under torch.compile, with masks and the attention weights too."""
    batch_first, masks, need_weights, others = MHA_CASES[case]
    torch.manual_seed(0)
    mha = torch.nn.MultiheadAttention(32, 4, batch_first=batch_first).eval()
    x = torch.randn(2, 7, 32) if batch_first else torch.randn(7, 2, 32)
    kwargs: dict[str, object] = {"need_weights": need_weights}
    if masks:
        kwargs["key_padding_mask"] = torch.tensor([[False] * 5 + [True] * 2, [False] * 7])
        kwargs["attn_mask"] = torch.triu(torch.ones(7, 7, dtype=torch.bool), 1)

    def fn(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor | None]:
        return mha(x, x, x, **kwargs)

    torch._dynamo.reset()
    with torch.no_grad():  # (an inference graph: a training forward also saves q, k, v)
        got = torch.compile(fn, backend="stepwell", options={"dump_dir": str(tmp_path)})(x)
        expected = fn(x)
    assert mismatch(expected, got) is None, mismatch(expected, got)
    import json

    (manifest,) = [json.loads(p.read_text()) for p in tmp_path.rglob("manifest.json")]
    kinds = [k["kind"] for k in manifest["kernels"]]
    assert manifest["externs"] == {}
    if others is not None:
        assert kinds.count("attention") == 1 and len(kinds) == 1 + others, kinds
