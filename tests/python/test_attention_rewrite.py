"""The attention rewrite before AOTAutograd (`stepwell.frontend.attention_rewrite`): each
spelling of explicit attention becomes one `aten.scaled_dot_product_attention`, each
refusal keeps its softmax, and either way a training step matches eager exactly."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from torch import nn
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import make_boxed_func
from torch.fx import GraphModule

from stepwell.frontend.attention_rewrite import rewrite_attention

aten = torch.ops.aten
Spell = Callable[["Heads", torch.Tensor, torch.Tensor, torch.Tensor], Any]


class Heads(nn.Module):
    """Project x [B, L, 32] to 4 query heads (and `kv_heads` key/value heads), run `spell`
    on q, k, v [B, heads, L, 8]; the loss is the mean square of what it returns."""

    def __init__(self, spell: Spell, kv_heads: int = 4, length: int = 8) -> None:
        super().__init__()
        torch.manual_seed(0)
        self.spell, self.d = spell, 8
        self.q, self.k, self.v = (nn.Linear(32, n * 8) for n in (4, kv_heads, kv_heads))
        self.scale = nn.Parameter(torch.tensor(0.3))
        self.register_buffer("bias", torch.randn(1, 4, length, length))
        self.register_buffer("causal", torch.ones(length, length, dtype=torch.bool).tril())
        keep = torch.ones(2, 1, 1, length).index_fill_(3, torch.tensor([length - 1]), 0)
        self.register_buffer("padding", (1 - keep) * torch.finfo(torch.float32).min)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, _ = x.shape
        q, k, v = (p(x).view(b, n, -1, self.d).transpose(1, 2) for p in (self.q, self.k, self.v))
        out = self.spell(self, q, k, v)
        return sum(o.square().mean() for o in (out if isinstance(out, tuple) else (out,)))


def kt(k: torch.Tensor) -> torch.Tensor:
    return k.transpose(-1, -2)


def repeat_kv(x: torch.Tensor, heads: int) -> torch.Tensor:
    b, hkv, s, d = x.shape
    return x[:, :, None].expand(b, hkv, heads // hkv, s, d).reshape(b, heads, s, d)


def plain(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.softmax(q @ kt(k) / math.sqrt(m.d), dim=-1) @ v


def float_mask(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return torch.softmax(torch.matmul(q, kt(k)) * 0.25 + m.bias, dim=-1) @ v


def causal_fill(m: Heads, q: Any, k: Any, v: Any) -> Any:
    s = (q @ kt(k) * 0.3).masked_fill(~m.causal, float("-inf"))
    return s.softmax(-1) @ v


def gpt2_mask(m: Heads, q: Any, k: Any, v: Any) -> Any:
    s = q @ kt(k) / m.d**0.5
    s = torch.where(m.causal, s, torch.full([], torch.finfo(s.dtype).min, dtype=s.dtype))
    return F.softmax(s + m.padding, dim=-1) @ v


def scale_after_mask(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.softmax((q @ kt(k) + m.bias) * 0.5, dim=-1) @ v


def grouped(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.softmax(q @ kt(repeat_kv(k, 4)) * 0.3 + m.bias, dim=-1) @ repeat_kv(v, 4)


def built_causal(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """A causal mask made in the graph from constants (arange compares, as HF builds it)."""
    n = q.shape[-2]
    i = torch.arange(n)
    s = (q @ kt(k) * 0.3).masked_fill(i[None, :] > i[:, None], float("-inf"))
    return s.softmax(-1) @ v


def built_causal_min(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """The same with a finfo.min fill and an additive all-zero padding mask."""
    n = q.shape[-2]
    keep = torch.ones(n, n, dtype=torch.bool).tril()
    s = torch.where(keep, q @ kt(k) * 0.3, torch.finfo(q.dtype).min)
    return F.softmax(s + torch.zeros(1, 1, 1, n), dim=-1) @ v


def built_no_op_mask(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """A constant mask that hides nothing: no mask at all."""
    return F.softmax(q @ kt(k) * 0.3 + torch.zeros(q.shape[-2], q.shape[-2]), dim=-1) @ v


def built_not_causal(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """A constant mask that hides the diagonal: kept as a mask."""
    n = q.shape[-2]
    i = torch.arange(n)
    s = (q @ kt(k) * 0.3).masked_fill(i[None, :] == i[:, None], float("-inf"))
    return s.softmax(-1) @ v


def keys_first(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """Scores written K Qᵀ: the softmax is over dim -2, and Pᵀ · V."""
    return F.softmax(k @ kt(q) * 0.3 + kt(m.bias), dim=-2).transpose(-1, -2) @ v


def keys_first_causal(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """K Qᵀ with a causal mask built transposed (key j hides from query i when j > i)."""
    i = torch.arange(q.shape[-2])
    s = (k @ kt(q) * 0.3).masked_fill(i[:, None] > i[None, :], float("-inf"))
    return s.softmax(-2).mT @ v


def einsum(m: Heads, q: Any, k: Any, v: Any) -> Any:
    s = torch.einsum("bhqd,bhkd->bhqk", q, k) * 0.3 + m.bias
    return torch.einsum("bhqk,bhkd->bhqd", s.softmax(-1), v)


def einsum_keys_first(m: Heads, q: Any, k: Any, v: Any) -> Any:
    s = torch.einsum("bhkd,bhqd->bhkq", k, q) / math.sqrt(m.d)
    return torch.einsum("bhkq,bhkd->bhqd", s.softmax(-2), v)


def unit_dims(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """Matmuls over a unit dim that the softmax's input and output squeeze away."""
    s = (q[:, :, None] @ kt(k)[:, :, None]).squeeze(2) * 0.3
    return (s.softmax(-1).unsqueeze(2) @ v[:, :, None]).squeeze(2)


def softmax_dim_2(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.softmax(q @ kt(k), dim=-2) @ v


def keys_first_wrong_dim(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.softmax(k @ kt(q), dim=-1).transpose(-1, -2) @ v


def scores_permuted(m: Heads, q: Any, k: Any, v: Any) -> Any:
    """(Q Kᵀ)ᵀ with the softmax over its last dim: over the queries, not attention."""
    return F.softmax((q @ kt(k)).transpose(-1, -2), dim=-1) @ v


def probabilities_out(m: Heads, q: Any, k: Any, v: Any) -> Any:
    p = F.softmax(q @ kt(k) * 0.3, dim=-1)
    return p @ v, p


def dropout_train(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.dropout(F.softmax(q @ kt(k) * 0.3, dim=-1), 0.5, training=True) @ v


def learned_bias(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.softmax(q @ kt(k) * 0.3 + m.scale * m.bias, dim=-1) @ v


def learned_scale(m: Heads, q: Any, k: Any, v: Any) -> Any:
    return F.softmax(q @ kt(k) * m.scale, dim=-1) @ v


@dataclass
class Seen:
    """What the capturing backend saw: Dynamo's graphs, the rewrite's, AOT's forwards."""

    dynamo: list[GraphModule] = field(default_factory=list)
    rewritten: list[GraphModule] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)
    forward: list[GraphModule] = field(default_factory=list)


def step(model: nn.Module, inputs: tuple[torch.Tensor, ...]) -> list[torch.Tensor]:
    """The loss and the gradients of every parameter and input that requires grad."""
    torch.manual_seed(1)  # the same dropout masks in eager and compiled runs
    loss = model(*inputs)
    wrt = [*model.parameters(), *(x for x in inputs if x.requires_grad)]
    return [loss.detach(), *torch.autograd.grad(loss, wrt, materialize_grads=True)]


def compiled_step(model: nn.Module, inputs: tuple[torch.Tensor, ...]) -> tuple[list, Seen]:
    """`step` through torch.compile with the rewrite in front of AOTAutograd."""
    seen = Seen()

    def forward(g: GraphModule, _: Any) -> Any:
        seen.forward.append(g)
        return make_boxed_func(g.forward)

    def backward(g: GraphModule, _: Any) -> Any:
        return make_boxed_func(g.forward)

    def capture(gm: GraphModule, example_inputs: list[Any]) -> Any:
        rewritten, remarks = rewrite_attention(gm, example_inputs)
        seen.dynamo.append(gm), seen.rewritten.append(rewritten), seen.remarks.extend(remarks)
        return aot_autograd(fw_compiler=forward, bw_compiler=backward)(rewritten, example_inputs)

    torch._dynamo.reset()
    return step(torch.compile(model, backend=capture, fullgraph=True), inputs), seen


def assert_same(want: list[torch.Tensor], got: list[torch.Tensor]) -> None:
    assert len(got) == len(want)
    for w, g in zip(want, got, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape
        torch.testing.assert_close(g, w, atol=1e-5, rtol=1e-5)


def count(g: GraphModule, target: Any) -> int:
    return sum(n.target is target for n in g.graph.nodes)


@pytest.mark.parametrize(
    ("spell", "mask", "kv_heads"),
    [
        (plain, "none", 4),
        (float_mask, "float", 4),
        (causal_fill, "bool", 4),  # a buffer (a graph input) may change: a mask
        (built_causal, "causal", 4),
        (built_causal_min, "causal", 4),
        (built_no_op_mask, "none", 4),
        (built_not_causal, "bool", 4),
        (gpt2_mask, "float", 4),
        (scale_after_mask, "float", 4),
        (grouped, "float", 2),
        (keys_first, "float", 4),
        (keys_first_causal, "causal", 4),
        (einsum, "float", 4),
        (einsum_keys_first, "none", 4),
        (unit_dims, "none", 4),
    ],
)
def test_fused(spell: Spell, mask: str, kv_heads: int) -> None:
    """One sdpa, no softmax left (in the rewrite nor in AOT's forward), eager's step."""
    model, inputs = Heads(spell, kv_heads), (torch.randn(2, 8, 32, requires_grad=True),)
    want = step(model, inputs)
    got, seen = compiled_step(model, inputs)
    assert_same(want, got)
    (graph,) = seen.rewritten
    sdpa_op = aten.scaled_dot_product_attention.default
    assert count(graph, sdpa_op) == 1
    (sdpa,) = [n for n in graph.graph.nodes if n.target is sdpa_op]
    assert sdpa.kwargs["is_causal"] == (mask == "causal")
    assert (sdpa.kwargs["attn_mask"] is None) == (mask in ("none", "causal"))
    # the causal buffer is a graph input, so a row it might hide wholly (its finite fill
    # plus the padding added after it) is a softmax of those alone, beside the sdpa
    fills = 1 if spell is gpt2_mask else 0
    assert count(graph, aten._softmax.default) == fills
    assert count(seen.forward[0], aten._softmax.default) == fills
    (remark,) = seen.remarks
    assert remark.startswith("fused attention at test_attention_rewrite.py:"), remark
    assert remark.endswith(f"mask={mask})"), remark


@pytest.mark.parametrize(
    ("spell", "why"),
    [
        (softmax_dim_2, "· V does not contract the keys, the softmax's dim"),
        (keys_first_wrong_dim, "· V does not contract the keys, the softmax's dim"),
        (scores_permuted, "reads the scores' matmul through a permutation"),
        (learned_bias, "a bias needs a gradient"),
        (probabilities_out, "the probabilities are used outside the attention"),
        (dropout_train, "dropout with p > 0"),
        (learned_scale, "the scale is not a compile-time constant"),
    ],
)
def test_refused(spell: Spell, why: str) -> None:
    """The graph comes back as it was, the remark says why, and the step matches eager."""
    model, inputs = Heads(spell), (torch.randn(2, 8, 32, requires_grad=True),)
    want = step(model, inputs)
    got, seen = compiled_step(model, inputs)
    assert_same(want, got)
    assert seen.rewritten == seen.dynamo
    assert count(seen.forward[0], aten._softmax.default) == 1
    (remark,) = seen.remarks
    assert remark.startswith("not fused at test_attention_rewrite.py:") and why in remark, remark


def test_untouched_without_grad_or_static_sizes() -> None:
    """Inference (nothing requires grad, or grad mode off) and symbolic sizes: no trace,
    the same graph."""
    seen: list[tuple[GraphModule, GraphModule, list[str]]] = []

    def capture(gm: GraphModule, example_inputs: list[Any]) -> Any:
        seen.append((gm, *rewrite_attention(gm, example_inputs)))
        return gm.forward

    model = Heads(plain)
    torch._dynamo.reset()
    torch.compile(model.requires_grad_(False), backend=capture)(torch.randn(2, 8, 32))
    model.requires_grad_(True)
    torch.compile(model, backend=capture, dynamic=True)(torch.randn(2, 8, 32))
    torch._dynamo.reset()
    with torch.no_grad():  # parameters require grad, but nothing records a backward
        torch.compile(model, backend=capture)(torch.randn(2, 8, 32))
    assert len(seen) == 3
    for gm, rewritten, remarks in seen:
        assert rewritten is gm and remarks == []


def no_grad_bias(m: Heads, q: Any, k: Any, v: Any) -> Any:
    with torch.no_grad():
        bias = m.bias * m.scale
    return F.softmax(q @ kt(k) * 0.3 + bias, dim=-1) @ v


def test_grad_mode_changes_are_left_alone() -> None:
    """An ATen trace would forget a no_grad region (its ops would get gradients)."""
    model, inputs = Heads(no_grad_bias), (torch.randn(2, 8, 32, requires_grad=True),)
    want = step(model, inputs)
    got, seen = compiled_step(model, inputs)
    assert_same(want, got)
    assert seen.rewritten == seen.dynamo
    assert seen.remarks == ["attention not rewritten: the graph changes grad mode"]


def test_never_fails() -> None:
    """A graph that cannot be traced with the given inputs comes back with a remark."""
    seen: list[tuple[GraphModule, list[str]]] = []

    def capture(gm: GraphModule, example_inputs: list[Any]) -> Any:
        wrong = [torch.randn(3, requires_grad=True) for _ in example_inputs]
        seen.append(rewrite_attention(gm, wrong))
        return gm.forward

    torch._dynamo.reset()
    torch.compile(Heads(plain), backend=capture)(torch.randn(2, 8, 32, requires_grad=True))
    ((graph, remarks),) = seen
    assert isinstance(graph, GraphModule) and remarks[0].startswith("attention not rewritten")


@pytest.mark.parametrize("name", ["gpt2", "llama"])
def test_zoo(name: str) -> None:
    """Every attention layer of the zoo's GPT-2 and Llama becomes one sdpa."""
    from examples.training import example

    model, inputs = example(name)
    want = step(model, inputs)
    got, seen = compiled_step(model, inputs)
    assert_same(want, got)
    (graph,) = seen.rewritten
    assert count(graph, aten.scaled_dot_product_attention.default) == 2
    assert count(graph, aten._softmax.default) == 0
    assert count(seen.forward[0], aten._softmax.default) == 0
    assert [r.split(" at ")[0] for r in seen.remarks] == ["fused attention"] * 2, seen.remarks
    assert f"modeling_{name}.py" in seen.remarks[0]


FILLS = {
    "finite": (torch.float32, None),
    "finite_1e4": (torch.float32, -1e4),
    "finite_fp16": (torch.float16, None),
    "finite_keys_first": (torch.float32, -1e4),
}
"""Finite-fill spellings: dtype and fill (None: the dtype's finfo.min)."""


@pytest.mark.parametrize("spelling", ["additive", "fill", "keys_first", "bf16", *FILLS])
def test_a_row_the_mask_hides_entirely_in_training(spelling: str) -> None:
    """A query row whose input-dependent mask hides every key: the written-out softmax
    gives 0/0 there, NaN in the output and in the gradients it reaches, where sdpa gives 0.
    With a finite fill, every logit of that row is the fill: eager's weights are uniform,
    where sdpa's additive bias leaves the scores' own softmax. Through the rewrite and
    stepwell's kernels, eager's values, NaNs and gradients."""
    import stepwell  # noqa: F401  (registers the backend)

    dtype, fill = FILLS.get(spelling, (torch.bfloat16 if spelling == "bf16" else torch.float32,
                                       -math.inf))  # fmt: skip
    fill = torch.finfo(dtype).min if fill is None else fill
    gen = torch.Generator().manual_seed(3)
    q, k, v = (torch.randn(2, 2, 4, 8, generator=gen).to(dtype) for _ in range(3))
    keep = torch.arange(4)[None, :] < torch.tensor([2, 0])[:, None]  # batch 1 sees no key
    bias = torch.zeros(2, 1, 1, 4, dtype=dtype).masked_fill(~keep[:, None, None, :], -math.inf)

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, keep: torch.Tensor,
           bias: torch.Tensor) -> torch.Tensor:  # fmt: skip
        if spelling.endswith("keys_first"):  # K Qᵀ, softmax over the keys' dim -2
            s = (k @ kt(q)).masked_fill(~keep[:, None, :, None], fill)
            return kt(s.softmax(-2)) @ v
        s = q @ kt(k) * 0.5
        if spelling == "fill" or spelling in FILLS:
            return s.masked_fill(~keep[:, None, None, :], fill).softmax(-1) @ v
        return torch.softmax(s + bias, -1) @ v

    def grads(f: Callable[..., torch.Tensor]) -> list[torch.Tensor]:
        leaves = [x.clone().requires_grad_() for x in (q, k, v)]
        out = f(*leaves, keep, bias)
        out.float().sum().backward()
        return [out.detach(), *(x.grad for x in leaves)]  # type: ignore[misc]

    want = grads(fn)
    assert want[0][1].isnan().all() != (spelling in FILLS)
    torch._dynamo.reset()
    got = grads(torch.compile(fn, backend="stepwell"))
    tol = {torch.bfloat16: 3e-2, torch.float16: 3e-3}.get(dtype, 1e-5)
    for w, g in zip(want, got, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape
        torch.testing.assert_close(g, w, atol=tol, rtol=tol, equal_nan=True)
    rewritten, remarks = rewrite_attention(*_dynamo_graph(fn, (q, k, v, keep, bias)))
    assert remarks[0].startswith("fused attention"), remarks
    added = {"additive": 2, "bf16": 2, "fill": 2, "keys_first": 2}.get(spelling, 1)
    # the NaN or uniform rows' where(s); an added bias also has the swamped rows' one
    assert count(rewritten, aten.where.self) == added


F32, F16, BF16 = torch.float32, torch.float16, torch.bfloat16


@pytest.mark.parametrize(
    "dtype,mask_dtype,fill,keys_first",
    [
        (F32, F32, None, False),
        pytest.param(F32, F32, None, True, marks=pytest.mark.full),
        (BF16, BF16, None, False),
        pytest.param(BF16, BF16, None, True, marks=pytest.mark.full),
        (F16, F16, None, False),
        (F16, F32, None, True),
        (BF16, F32, None, False),
        (F32, F32, -1e9, True),
        (F16, F32, -1e9, False),
        (BF16, BF16, -1e4, True),
    ],
)
def test_a_row_an_added_finfo_min_mask_hides_entirely_in_training(
    dtype: torch.dtype, mask_dtype: torch.dtype, fill: float | None, keys_first: bool
) -> None:
    """HF's eager attention adds a float mask of `finfo.min` (a causal mask with left
    padding hides every key of the padding's rows). Eager's logits there round to the
    mask alone: uniform weights, and the uniform softmax's gradients. sdpa's forward
    agrees, but its CPU backward gave dV S times eager's there (its log-sum-exp rounds
    back to the mask): a Llama step's gradients were wrong in 14 tensors. Such rows are
    computed apart now (`_uniform_attention`); gradients of Q, K and V are eager's. A
    float32 mask on half scores gave NaN rows (it became -inf in the query's dtype
    before its rows were found), and a float16 one (-65504, which swamps scores below
    16) sdpa's softmax of the scores, where eager's is uniform. A -1e9 fill in float32
    (or -1e4 in bfloat16) swamps them as well: its spacing is 64."""
    import stepwell  # noqa: F401  (registers the backend)

    gen = torch.Generator().manual_seed(5)
    n = 6
    q, k, v = (torch.randn(2, 2, n, 8, generator=gen).to(dtype) for _ in range(3))
    allowed = torch.tril(torch.ones(n, n, dtype=torch.bool)) & (torch.arange(n) >= 2)
    fill = torch.finfo(mask_dtype).min if fill is None else fill
    mask = torch.where(allowed, 0.0, fill).to(mask_dtype)[None, None]
    mask = torch.cat([mask, torch.zeros_like(mask)])  # batch 1: no padding

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        if keys_first:
            return kt(torch.softmax(k @ kt(q) * 0.4 + kt(mask), -2).to(v.dtype)) @ v
        return torch.softmax(q @ kt(k) * 0.4 + mask, -1).to(v.dtype) @ v

    def grads(f: Callable[..., torch.Tensor]) -> list[torch.Tensor]:
        leaves = [x.clone().requires_grad_() for x in (q, k, v)]
        out = f(*leaves, mask)
        out.float().square().sum().backward()
        return [out.detach(), *(x.grad for x in leaves)]  # type: ignore[misc]

    want = grads(fn)
    torch._dynamo.reset()
    got = grads(torch.compile(fn, backend="stepwell"))
    tol = {torch.bfloat16: 3e-2, torch.float16: 4e-3}.get(dtype, 1e-5)
    for w, g in zip(want, got, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape
        torch.testing.assert_close(g, w, atol=tol, rtol=tol)
    rewritten, remarks = rewrite_attention(*_dynamo_graph(fn, (q, k, v, mask)))
    assert remarks[0].startswith("fused attention"), remarks
    assert count(rewritten, aten.scaled_dot_product_attention.default) == 1


def test_finite_fills_with_other_fills_or_a_bias_after_them() -> None:
    """Two masks with different finite fills, or a bias added after a finite-fill mask:
    a row they hide wholly is neither uniform nor sdpa's, but the softmax of the fills
    and the biases after them, and gets no gradient to Q and K. Masks that are constants
    hiding no row add nothing after the sdpa."""
    gen = torch.Generator().manual_seed(4)
    q, k, v = (torch.randn(2, 2, 4, 8, generator=gen) for _ in range(3))
    keep = torch.arange(4)[None, :] < torch.tensor([2, 0])[:, None]
    bias = torch.randn(2, 1, 1, 4, generator=gen)

    def two_fills(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, keep: torch.Tensor,
                  bias: torch.Tensor) -> torch.Tensor:  # fmt: skip
        s = (q @ kt(k)).masked_fill(~keep[:, None, None, :2].repeat(1, 1, 1, 2), -1e4)
        return s.masked_fill(~keep[:, None, None, :], -2e4).softmax(-1) @ v

    def bias_after(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, keep: torch.Tensor,
                   bias: torch.Tensor) -> torch.Tensor:  # fmt: skip
        s = (q @ kt(k)).masked_fill(~keep[:, None, None, :], -1e4)
        return (s + bias).softmax(-1) @ v

    def causal_then_bias(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                         keep: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        causal = torch.arange(4)[:, None] >= torch.arange(4)  # a constant hiding no row
        s = torch.where(causal, q @ kt(k), -1e4)
        return (s + bias).softmax(-1) @ v

    for fn, added in ((two_fills, 1), (bias_after, 1), (causal_then_bias, 0)):
        rewritten, remarks = rewrite_attention(*_dynamo_graph(fn, (q, k, v, keep, bias)))
        assert remarks[0].startswith("fused attention"), remarks
        assert count(rewritten, aten._softmax.default) == added  # of the fills alone
        want = step_fn(fn, (q, k, v, keep, bias))
        torch._dynamo.reset()
        got = step_fn(torch.compile(fn, backend="stepwell"), (q, k, v, keep, bias))
        for w, g in zip(want, got, strict=True):
            torch.testing.assert_close(g, w, atol=1e-5, rtol=1e-5, equal_nan=True)


def step_fn(f: Callable[..., torch.Tensor], args: tuple[torch.Tensor, ...]) -> list[torch.Tensor]:
    """f's output and the gradients of q, k, v (the first three arguments)."""
    leaves = [x.clone().requires_grad_() for x in args[:3]]
    out = f(*leaves, *args[3:])
    out.sum().backward()
    return [out.detach(), *(x.grad for x in leaves)]  # type: ignore[misc]


def _dynamo_graph(
    fn: Callable[..., Any], args: tuple[torch.Tensor, ...]
) -> tuple[GraphModule, list]:
    """Dynamo's graph of `fn` and its example inputs (q, k, v requiring grad)."""
    seen: list[tuple[GraphModule, list]] = []

    def capture(gm: GraphModule, example_inputs: list[Any]) -> Any:
        seen.append((gm, example_inputs))
        return gm.forward

    torch._dynamo.reset()
    leaves = [x.clone().requires_grad_() if i < 3 else x for i, x in enumerate(args)]
    torch.compile(fn, backend=capture, fullgraph=True)(*leaves)
    return seen[0]
