"""Fusion report: kernel launches and global-memory bytes, stepwell against the minimum and
against TorchInductor, for a suite of graphs.

    python benchmarks/fusion.py [--only NAME ...] [--out results/fusion.json] [--no-inductor]
    python benchmarks/fusion.py --outside   # transformers architectures outside the zoo

For every graph of the suite (softmax, layer_norm, RMSNorm, a linear-GELU-linear MLP, an
attention block with SDPA spelt out, a GPT-2 block, a Llama-style attention block with
rotary embeddings in five spellings, an MLP-Mixer layer, a UNet residual block of group
norms and padded convolutions, a bfloat16 attention block, a grab-bag of scans,
arg-reductions, integer and boolean ops, sorting (sort, topk, cummax), nearest and bilinear
upsampling, a mixture-of-experts router, losses (cross entropy, KL, MSE), and the example models
`examples/{mlp,cnn,gpt2,bert,llama,qwen2,opt}.py`, GPT-2 also with SDPA):

* stepwell: `compile_module(import_program(export(...)))` without running; from its
  manifest: kernels, kernel launches, ATen extern calls and the bytes its kernels read and
  write (a tensor a kernel reads through several views counts once, at most its size, as
  Inductor counts a buffer; bytes moved by extern calls are not in the manifest and not
  counted); and the
  same without the fuse-attention pass, to show what re-fusing attention saves;
* minimum: every input, parameter, buffer and output moved once (bytes of each tensor);
* Inductor: `torch.compile(backend="inductor")` with `cpu_backend = "triton"`, so that it
  emits Triton on this CPU-only machine (a stand-in Triton driver reports a CUDA sm_90
  target; see `use_inductor_triton`), the output code captured as `run_and_get_code`
  does: `@triton.jit` kernels, their launches and extern calls in the wrappers (`extern_kernels.`
  and ATen fallbacks, `torch.ops.aten.X.overload(` or `aten.X.overload(`),
  and bytes moved, Inductor's own estimates: `ind_bytes` over all its scheduler nodes
  (Triton kernels and extern calls, `GraphLowering.count_bytes`, as its `inductor_metrics`
  log reports) and `ind_kernel_bytes` over its Triton kernels only
  (`TritonKernel.estimate_kernel_num_bytes`, which counts an in/out buffer twice). The
  kernels then run in Triton's interpreter; where that fails (an interpreter gap) the code
  is still counted and the table says `ran: no`. By default Inductor's Triton kernels are
  not launched at all (`--run-inductor` launches them: minutes per graph).

Kernels run in Triton's interpreter: `TRITON_INTERPRET=1` is set before torch is imported.
"""

from __future__ import annotations

import os

os.environ.setdefault("TRITON_INTERPRET", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import argparse  # noqa: E402
import contextlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import logging  # noqa: E402
import math  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import asdict, dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402
from unittest import mock  # noqa: E402

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

Factory = Callable[[], tuple[Any, tuple[torch.Tensor, ...]]]


# -- the suite ------------------------------------------------------------------------------


class Softmax(nn.Module):
    """softmax over the last dim."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=-1)


class RMSNorm(nn.Module):
    """Llama's RMSNorm spelt out: x * rsqrt(mean(x^2) + eps) * weight."""

    def __init__(self, dim: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.rand(dim) + 0.5)
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        var = x.pow(2).mean(-1, keepdim=True)
        return x * torch.rsqrt(var + self.eps) * self.weight


class GeluMLP(nn.Module):
    """linear -> GELU -> linear."""

    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(F.gelu(self.fc1(x)))


class Attention(nn.Module):
    """q/k/v projections, SDPA spelt out (matmul, scale, causal mask, softmax, matmul),
    output projection."""

    def __init__(self, dim: int, heads: int, causal: bool = False) -> None:
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)
        self.o = nn.Linear(dim, dim)
        self.heads = heads
        self.causal = causal

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        h = self.heads

        def split(y: torch.Tensor) -> torch.Tensor:
            return y.view(b, t, h, d // h).transpose(1, 2)

        q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
        scores = q @ k.transpose(-2, -1) / math.sqrt(d // h)
        if self.causal:
            mask = torch.ones(t, t, dtype=torch.bool).tril()
            scores = scores.masked_fill(~mask, float("-inf"))
        y = torch.softmax(scores, dim=-1) @ v
        return self.o(y.transpose(1, 2).reshape(b, t, d))


class GPT2Block(nn.Module):
    """Pre-LN GPT-2 block: x + attn(ln1(x)); x + mlp(ln2(x)) with tanh-GELU."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads, causal=True)
        self.ln2 = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, 4 * dim)
        self.proj = nn.Linear(4 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln1(x))
        return x + self.proj(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class RopeAttention(nn.Module):
    """Llama-style attention: bias-free q/k/v projections, rotary embeddings over
    positions built from `arange` in the forward, causal SDPA, output projection.
    `rotary` picks the spelling: "half" (rotate_half with slices and cat, the table
    `cat(freqs, freqs)` as in transformers' Llama), "cos_first" (the same, with cos and
    sin taken before the cat), "complex" (`view_as_complex` times `polar`) or "pairs"
    (interleaved even/odd lanes, stacked)."""

    def __init__(self, dim: int, heads: int, rotary: str = "half", heads_last: bool = False):
        super().__init__()
        self.heads, self.head_dim, self.rotary = heads, dim // heads, rotary
        self.heads_last = heads_last  # rotate [b, s, h, d], then transpose (Meta's Llama)
        self.q, self.k, self.v, self.o = (nn.Linear(dim, dim, bias=False) for _ in range(4))
        exponents = torch.arange(0, self.head_dim, 2).float() / self.head_dim
        self.register_buffer("inv_freq", 1.0 / (10000**exponents))

    def rotate(self, t: torch.Tensor, freqs: torch.Tensor) -> torch.Tensor:
        """t: [b, h, s, d] (heads first, as transformers' models rotate them); freqs:
        [s, d / 2]."""
        if self.heads_last:
            return self.rotate_heads_last(t.transpose(1, 2), freqs).transpose(1, 2)
        b, h, s, d = t.shape
        if self.rotary == "complex":
            cis = torch.polar(torch.ones_like(freqs), freqs)
            pairs = torch.view_as_complex(t.float().reshape(b, h, s, -1, 2))
            return torch.view_as_real(pairs * cis).flatten(3).type_as(t)
        if self.rotary == "half":  # as transformers' Llama: cat(freqs, freqs).cos()
            table = torch.cat((freqs, freqs), -1)
            return t * table.cos() + rotate_half(t) * table.sin()
        cos, sin = freqs.cos(), freqs.sin()
        if self.rotary == "pairs":
            even, odd = t[..., 0::2], t[..., 1::2]
            return torch.stack((even * cos - odd * sin, even * sin + odd * cos), -1).flatten(3)
        cos, sin = torch.cat((cos, cos), -1), torch.cat((sin, sin), -1)  # "cos_first"
        return t * cos + rotate_half(t) * sin

    def rotate_heads_last(self, t: torch.Tensor, freqs: torch.Tensor) -> torch.Tensor:
        """t: [b, s, h, d]; the table broadcast as [1, s, 1, d]."""
        s = t.shape[1]
        table = torch.cat((freqs, freqs), -1).view(1, s, 1, -1)
        return t * table.cos() + rotate_half(t) * table.sin()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, _ = x.shape
        freqs = torch.outer(torch.arange(s, device=x.device).float(), self.inv_freq)

        def heads(y: torch.Tensor) -> torch.Tensor:
            return y.view(b, s, self.heads, self.head_dim).transpose(1, 2)

        q = self.rotate(heads(self.q(x)), freqs)
        k = self.rotate(heads(self.k(x)), freqs)
        y = F.scaled_dot_product_attention(q, k, heads(self.v(x)), is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, s, -1))


class MixerLayer(nn.Module):
    """An MLP-Mixer layer: token mixing (layer norm, then an MLP over the tokens of the
    transposed rows) and channel mixing, each with a residual."""

    def __init__(self, tokens: int, dim: int) -> None:
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.tokens = nn.Sequential(
            nn.Linear(tokens, 2 * tokens), nn.GELU(), nn.Linear(2 * tokens, tokens)
        )
        self.channels = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.tokens(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channels(self.norm2(x))


class ConvBlock(nn.Module):
    """A UNet residual block: group norm, SiLU and a padded 3x3 convolution, twice, with
    a time embedding added between, and the residual. (Ops that are not 0 at 0 before a
    padded convolution: its padding must still read 0.)"""

    def __init__(self, channels: int, embed: int) -> None:
        super().__init__()
        self.norm1, self.norm2 = nn.GroupNorm(4, channels), nn.GroupNorm(4, channels)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.time = nn.Linear(embed, channels)

    def forward(self, x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        h = self.conv1(F.silu(self.norm1(x))) + self.time(t)[:, :, None, None]
        return x + self.conv2(F.silu(self.norm2(h)))


class HalfAttention(nn.Module):
    """A bfloat16 attention block as a modern model writes it: `nn.RMSNorm`, one packed
    QKV projection, causal SDPA (whose decomposition widens to float32 and narrows
    back), the output projection and the residual."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.norm = nn.RMSNorm(dim)
        self.qkv, self.o = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        q, k, v = self.qkv(self.norm(x)).view(b, s, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return x + self.o(y.transpose(1, 2).reshape(b, s, d))


def _conv_block() -> tuple[Any, tuple[torch.Tensor, ...]]:
    torch.manual_seed(0)
    return ConvBlock(16, 32).eval(), (torch.randn(2, 16, 12, 12), torch.randn(2, 32))


def _half_attention() -> tuple[Any, tuple[torch.Tensor, ...]]:
    torch.manual_seed(0)
    return HalfAttention(64, 4).to(torch.bfloat16).eval(), (torch.randn(2, 16, 64).bfloat16(),)


def grab_bag(x: torch.Tensor, i: torch.Tensor, m: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """Scans over both dims, arg-reductions, a max with indices, integer and boolean
    arithmetic, `any`/`all`, a masked integer sum."""
    top = torch.max(x, 1)
    return (
        torch.cumsum(x, 0),
        torch.cumprod(x.clamp(-1, 1), 1),
        x.argmin(0),
        x.argmax(1),
        top.values,
        top.indices,
        (i // 3) % 4 + (i & 5) - (i | 2),
        m.any(1) | (x > 1).all(1),
        torch.where(m, i, -i).sum(0),
        (i.float() / 7).floor().long().clamp(0, 3),
    )


def sorting(x: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """A sort, a top-k, a running max with its indices and a log-cumsum-exp."""
    ordered, order = torch.sort(x, 1)
    top = torch.topk(x, 3, 1)
    running = torch.cummax(x, 1)
    return (ordered, order, top.values, top.indices, running.values, running.indices,
            torch.logcumsumexp(x, 1))  # fmt: skip


def upsampling(x: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """A decoder's nearest and bilinear upsamplings, each scaled (index math from `iota`,
    floats converted to source indices, a bilinear weight's clamps)."""
    return (F.interpolate(x, scale_factor=2, mode="nearest") * 2,
            F.interpolate(x, scale_factor=2, mode="bilinear").relu())  # fmt: skip


def router(h: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """A mixture-of-experts router: logits, softmax, the top 2 experts and their weights
    normalized to sum to one."""
    top = torch.topk(torch.softmax(h @ w.t(), -1), 2, -1)
    return top.values / top.values.sum(-1, keepdim=True), top.indices


def losses(logits: torch.Tensor, target: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """Cross entropy, a KL divergence against a softmax and a mean squared error."""
    return (F.cross_entropy(logits, target)
            + F.kl_div(logits.log_softmax(-1), y.softmax(-1), reduction="batchmean")
            + F.mse_loss(logits, y))  # fmt: skip


def _grab_bag() -> tuple[Any, tuple[torch.Tensor, ...]]:
    torch.manual_seed(0)
    return grab_bag, (torch.randn(8, 32), torch.randint(-10, 10, (8, 32)),
                      torch.rand(8, 32) > 0.5)  # fmt: skip


def _module(make: Callable[[], nn.Module], *shape: int) -> Factory:
    def factory() -> tuple[Any, tuple[torch.Tensor, ...]]:
        torch.manual_seed(0)
        return make().eval(), (torch.randn(*shape),)

    return factory


def _zoo(name: str, function: str = "example") -> Factory:
    def factory() -> tuple[Any, tuple[torch.Tensor, ...]]:
        from stepwell.frontend.loader import load_example

        example = load_example(str(ROOT / "examples" / f"{name}.py:{function}"))
        return example.fn, example.inputs

    return factory


SUITE: dict[str, Factory] = {
    "softmax": _module(Softmax, 64, 512),
    "layer_norm": _module(lambda: nn.LayerNorm(256), 64, 256),
    "rms_norm": _module(lambda: RMSNorm(256), 64, 256),
    "gelu_mlp": _module(lambda: GeluMLP(128, 512), 64, 128),
    "attention": _module(lambda: Attention(64, 4), 2, 16, 64),
    "gpt2_block": _module(lambda: GPT2Block(64, 4), 2, 16, 64),
    "rope_attention": _module(lambda: RopeAttention(64, 4), 2, 16, 64),
    "rope_attention/cos_first": _module(lambda: RopeAttention(64, 4, "cos_first"), 2, 16, 64),
    "rope_attention/heads_last": _module(
        lambda: RopeAttention(64, 4, heads_last=True), 2, 16, 64
    ),
    "rope_attention/complex": _module(lambda: RopeAttention(64, 4, "complex"), 2, 16, 64),
    "rope_attention/pairs": _module(lambda: RopeAttention(64, 4, "pairs"), 2, 16, 64),
    "mixer_layer": _module(lambda: MixerLayer(16, 64), 2, 16, 64),
    "conv_block": _conv_block,
    "half_attention": _half_attention,
    "grab_bag": _grab_bag,
    "sorting": lambda: (sorting, (torch.randn(8, 32),)),
    "upsampling": lambda: (upsampling, (torch.randn(2, 4, 8, 8),)),
    "router": lambda: (router, (torch.randn(16, 64), torch.randn(8, 64))),
    "losses": lambda: (losses, (torch.randn(16, 100), torch.randint(0, 100, (16,)),
                                torch.randn(16, 100))),  # fmt: skip
    "zoo/mlp": _zoo("mlp"),
    "zoo/cnn": _zoo("cnn"),
    "zoo/gpt2": _zoo("gpt2"),
    "zoo/gpt2_sdpa": _zoo("gpt2", "example_sdpa"),
    "zoo/bert": _zoo("bert"),
    "zoo/llama": _zoo("llama"),
    "zoo/qwen2": _zoo("qwen2"),
    "zoo/opt": _zoo("opt"),
}


class _Output(nn.Module):
    """A transformers model's forward with one output field (logits, last hidden state)."""

    def __init__(self, model: nn.Module, key: str) -> None:
        super().__init__()
        self.model, self.key = model, key

    def forward(self, *args: torch.Tensor) -> torch.Tensor:
        return getattr(self.model(*args), self.key)


def _hf(config: str, model: str, key: str = "logits", image: bool = False, **kw: Any) -> Factory:
    """A tiny transformers model (2 layers, 64 wide, 4 heads, random weights) on (2, 16)
    token ids, or on (2, 3, 32, 32) images."""

    def factory() -> tuple[Any, tuple[torch.Tensor, ...]]:
        import transformers

        torch.manual_seed(0)
        cfg = getattr(transformers, config)(attn_implementation="eager", **kw)
        net = _Output(getattr(transformers, model)(cfg).eval(), key).eval()
        x = torch.randn(2, 3, 32, 32) if image else torch.randint(0, 256, (2, 16))
        return net, (x,)

    return factory


_LM = dict(vocab_size=256, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
           intermediate_size=128, max_position_embeddings=64, use_cache=False)  # fmt: skip
OUTSIDE: dict[str, Factory] = {
    "hf/mistral": _hf("MistralConfig", "MistralForCausalLM", num_key_value_heads=2,
                      sliding_window=8, **_LM),  # fmt: skip
    "hf/phi": _hf("PhiConfig", "PhiForCausalLM", **_LM),
    "hf/gpt_neox": _hf("GPTNeoXConfig", "GPTNeoXForCausalLM", **_LM),
    "hf/gemma": _hf("GemmaConfig", "GemmaForCausalLM", num_key_value_heads=1, head_dim=16,
                    **_LM),  # fmt: skip
    "hf/falcon": _hf("FalconConfig", "FalconForCausalLM", **_LM),
    "hf/gptj": _hf("GPTJConfig", "GPTJForCausalLM", vocab_size=256, n_embd=64, n_layer=2,
                   n_head=4, rotary_dim=8, n_positions=64, use_cache=False),  # fmt: skip
    "hf/distilbert": _hf("DistilBertConfig", "DistilBertModel", "last_hidden_state",
                         vocab_size=256, dim=64, n_layers=2, n_heads=4, hidden_dim=128,
                         max_position_embeddings=64),  # fmt: skip
    "hf/vit": _hf("ViTConfig", "ViTModel", "last_hidden_state", image=True, image_size=32,
                  patch_size=8, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                  intermediate_size=128),  # fmt: skip
    "hf/t5_encoder": _hf("T5Config", "T5EncoderModel", "last_hidden_state", vocab_size=256,
                         d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4),  # fmt: skip
}
"""Architectures outside the example zoo (`--outside`): what stepwell makes of models it
was not written against."""


# -- measurements ---------------------------------------------------------------------------


@dataclass
class Row:
    """One graph's numbers."""

    graph: str
    min_bytes: int = 0
    sw_kernels: int = 0
    sw_launches: int = 0
    sw_externs: int = 0
    sw_extern_ops: dict[str, int] = field(default_factory=dict)
    sw_graph_level: dict[str, int] = field(default_factory=dict)
    sw_copies: int = 0  # graph-level ops that run as an ATen kernel (cat, full, a copy)
    sw_bytes: int = 0
    sw_error: str = ""
    sw_kernels_unfused: int = 0  # without fuse-attention (attention left decomposed)
    sw_bytes_unfused: int = 0
    ind_kernels: int = 0
    ind_launches: int = 0
    ind_externs: int = 0
    ind_extern_ops: dict[str, int] = field(default_factory=dict)
    ind_bytes: int = 0
    ind_kernel_bytes: int = 0
    ind_graphs: int = 0
    ind_ran: bool = False
    ind_error: str = ""
    ind_backend: str = ""
    seconds: float = 0.0


def _nbytes(t: Any) -> int:
    return t.numel() * t.element_size() if isinstance(t, torch.Tensor) else 0


def minimum_bytes(fn: Any, inputs: tuple[torch.Tensor, ...]) -> int:
    """Every input, parameter, buffer and output read or written once."""
    total = sum(_nbytes(t) for t in inputs)
    if isinstance(fn, nn.Module):
        seen: set[int] = set()
        for t in list(fn.parameters()) + list(fn.buffers()):
            if t.data_ptr() not in seen:
                seen.add(t.data_ptr())
                total += _nbytes(t)
    with torch.no_grad():
        out = fn(*inputs)
    return total + sum(_nbytes(t) for t in torch.utils._pytree.tree_leaves(out))


def stepwell_numbers(row: Row, fn: Any, inputs: tuple[torch.Tensor, ...]) -> None:
    """Compile (without running) and read the manifest; again without fuse-attention."""
    from stepwell.frontend.fx import import_program
    from stepwell.frontend.loader import Example, export
    from stepwell.lowering.compiler import compile_module

    try:
        ep = export(Example(fn, inputs, row.graph))
        manifest = compile_module(import_program(ep)).manifest
        unfused = compile_module(import_program(ep), skip=("fuse-attention",)).manifest
    except Exception as e:
        row.sw_error = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"
        return
    row.sw_kernels = len(manifest["kernels"])
    row.sw_launches = manifest["launches"]
    row.sw_extern_ops = dict(manifest["externs"])
    row.sw_externs = sum(row.sw_extern_ops.values())
    row.sw_graph_level = dict(manifest["graph_level_prims"])
    row.sw_copies = sum(manifest["graph_level_copies"].values())
    row.sw_bytes = manifest["bytes_read"] + manifest["bytes_written"]
    row.sw_kernels_unfused = len(unfused["kernels"])
    row.sw_bytes_unfused = unfused["bytes_read"] + unfused["bytes_written"]


class _StandInDriver:
    """A Triton driver for a machine without a GPU that reports a CUDA sm_90 target, so
    that Inductor picks its Triton code generator for CPU tensors (cpu_backend="triton")
    and Triton builds a CUDA backend for its option and hash queries. The kernels run in
    Triton's interpreter (TRITON_INTERPRET=1), which needs no driver."""

    def __init__(self) -> None:
        from triton.backends.compiler import GPUTarget

        self.target = GPUTarget("cuda", 90, 32)

    @classmethod
    def is_active(cls) -> bool:
        return True

    def get_current_target(self) -> Any:
        return self.target

    def get_active_torch_device(self) -> torch.device:
        return torch.device("cpu")

    def get_current_device(self) -> int:
        return 0

    def get_current_stream(self, device: Any = None) -> int:
        return 0

    def get_benchmarker(self) -> Any:
        from triton.testing import do_bench

        return do_bench

    def get_device_interface(self) -> Any:
        return torch.cpu


def use_inductor_triton() -> str:
    """Make Inductor emit Triton for CPU tensors; returns a description of the setup.

    Triton 3.9 finds no active driver on a CPU-only machine (`0 active drivers`), so the
    stand-in driver is installed with `triton.runtime.driver.set_active`. Inductor's
    Triton kernels import `libdevice` from `triton_helpers`, whose functions the
    interpreter does not patch (they return None); `tl.math` (which it does patch) stands
    in, as Inductor itself does when no libdevice is found."""
    import torch._inductor.config as inductor_config
    import triton.language as tl
    from torch._inductor.runtime import triton_helpers
    from triton.runtime import driver

    driver.set_active(_StandInDriver())
    inductor_config.cpu_backend = "triton"
    inductor_config.compile_threads = 1  # no worker pool
    inductor_config.force_disable_caches = True  # generate every kernel (bytes are counted then)
    triton_helpers.libdevice = tl.math
    triton_helpers.set_driver_to_cpu = lambda: None  # only warns without triton-cpu
    return "triton (cpu_backend='triton', stand-in CUDA sm_90 driver, Triton interpreter)"


_LAUNCH = re.compile(r"^\s*(\w+)\.run\(", re.MULTILINE)
_EXTERN = re.compile(r"(?:extern_kernels\.(\w+)|(?<![\w.])(?:torch\.ops\.)?aten\.(\w+)\.\w+)\(")
"""Inductor's extern calls: `extern_kernels.mm(...)` and ATen fallbacks, spelled
`torch.ops.aten._scaled_dot_product_flash_attention_for_cpu.default(...)` or, for the
fallbacks its wrapper imports as `aten`, `aten.scatter_reduce_.two(...)`."""


@contextlib.contextmanager
def _kernel_bytes(sink: list[int]) -> Any:
    """Record Inductor's byte estimate of every Triton kernel it generates."""
    from torch._inductor.codegen.triton import TritonKernel

    original = TritonKernel.codegen_kernel

    def codegen_kernel(self: Any, *args: Any, **kwargs: Any) -> Any:
        code = original(self, *args, **kwargs)
        sink.append(int(self.estimate_kernel_num_bytes()))
        return code

    with mock.patch.object(TritonKernel, "codegen_kernel", codegen_kernel):
        yield


@contextlib.contextmanager
def _count_all_bytes() -> Any:
    """Make Inductor add every graph's bytes (all scheduler nodes: its kernels and its extern
    calls, `GraphLowering.count_bytes`) to `metrics.num_bytes_accessed`, as it does when its
    `inductor_metrics` log is on, without printing the log."""
    from torch._inductor import compile_fx, metrics

    quiet = logging.getLogger("stepwell.fusion.inductor_metrics")
    quiet.setLevel(logging.INFO)
    quiet.propagate = False
    if not quiet.handlers:
        quiet.addHandler(logging.NullHandler())
    metrics.reset()
    with mock.patch.object(compile_fx, "inductor_metrics_log", quiet):
        yield


@contextlib.contextmanager
def _skip_triton_runs() -> Any:
    """Launch no Inductor Triton kernel (outputs stay uninitialised): the interpreter runs
    Inductor's kernels very slowly (minutes for one softmax), and only the code counts."""
    from torch._inductor.runtime.triton_heuristics import CachingAutotuner

    with mock.patch.object(CachingAutotuner, "run", lambda self, *a, **k: None):
        yield


def inductor_numbers(
    row: Row, fn: Any, inputs: tuple[torch.Tensor, ...], backend: str, run: bool = False
) -> None:
    """torch.compile with Inductor; count kernels and extern calls in the output code
    (`run`: launch the Triton kernels in the interpreter and compare with eager)."""
    from torch._inductor.graph import GraphLowering

    row.ind_backend = backend
    codes: list[str] = []

    def save_output_code(code: str) -> None:
        codes.append(code)

    torch._dynamo.reset()
    kernel_bytes: list[int] = []
    with (
        mock.patch.object(GraphLowering, "save_output_code", save_output_code),
        _kernel_bytes(kernel_bytes),
        _count_all_bytes(),
        contextlib.nullcontext() if run or "triton" not in backend else _skip_triton_runs(),
    ):
        try:
            with torch.no_grad(), contextlib.redirect_stderr(io.StringIO()):
                got = torch.compile(fn, backend="inductor")(*inputs)
                want = fn(*inputs)
            if run or "triton" not in backend:
                torch.testing.assert_close(got, want, atol=1e-4, rtol=1e-4)
                row.ind_ran = True
        except Exception as e:
            row.ind_error = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"
    row.ind_graphs = len(codes)
    from torch._inductor import metrics

    row.ind_kernel_bytes = sum(kernel_bytes)
    row.ind_bytes = int(metrics.num_bytes_accessed)
    for code in codes:
        if "triton" in backend:
            row.ind_kernels += code.count("@triton.jit")
            row.ind_launches += len(_LAUNCH.findall(code))
        else:  # C++ kernels: one `cpp_fused_*` per kernel, called from the wrapper
            names = set(re.findall(r"(cpp_fused_\w+)\s*=\s*async_compile\.cpp", code))
            row.ind_kernels += len(names)
            row.ind_launches += sum(len(re.findall(rf"\b{n}\(", code)) for n in names)
        for names in _EXTERN.findall(code):
            name = names[0] or f"aten.{names[1]}"
            row.ind_extern_ops[name] = row.ind_extern_ops.get(name, 0) + 1
    row.ind_externs = sum(row.ind_extern_ops.values())


def measure(name: str, inductor: str | None, run: bool = False) -> Row:
    """All numbers for one graph of the suite."""
    start = time.perf_counter()
    row = Row(name)
    fn, inputs = {**SUITE, **OUTSIDE}[name]()
    row.min_bytes = minimum_bytes(fn, inputs)
    stepwell_numbers(row, fn, inputs)
    if inductor is not None:
        inductor_numbers(row, fn, inputs, inductor, run)
    row.seconds = round(time.perf_counter() - start, 1)
    return row


# -- report ---------------------------------------------------------------------------------


def _kb(n: int) -> str:
    return f"{n / 1024:.1f}"


def table(rows: list[Row]) -> str:
    """A markdown table: launches and KiB moved for stepwell (and without fuse-attention),
    the minimum and Inductor."""
    head = (
        "| graph | min KiB | stepwell kernels | launches+externs | KiB (kernels) | x min "
        "| without fuse-attention: kernels, KiB "
        "| inductor kernels | launches+externs | KiB (all) | x min | inductor ran |"
    )
    lines = [head, "|" + "---|" * 12]
    for r in rows:
        sw = f"{r.sw_kernels} | {r.sw_launches}+{r.sw_externs} | {_kb(r.sw_bytes)} | " + (
            f"{r.sw_bytes / r.min_bytes:.2f}" if r.min_bytes else "-"
        )
        sw += f" | {r.sw_kernels_unfused}, {_kb(r.sw_bytes_unfused)}"
        if r.sw_error:
            sw = f"error | - | - | {r.sw_error[:60]} | -"
        ind = f"{r.ind_kernels} | {r.ind_launches}+{r.ind_externs} | {_kb(r.ind_bytes)} | " + (
            f"{r.ind_bytes / r.min_bytes:.2f}" if r.min_bytes else "-"
        )
        ran = "yes" if r.ind_ran else f"no ({r.ind_error[:50]})" if r.ind_error else "not run"
        lines.append(f"| {r.graph} | {_kb(r.min_bytes)} | {sw} | {ind} | {ran} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python benchmarks/fusion.py")
    parser.add_argument("--only", nargs="*", default=[], help=f"graphs of {list(SUITE)}")
    parser.add_argument(
        "--outside",
        action="store_true",
        help=f"the transformers architectures outside the zoo instead: {list(OUTSIDE)} "
        "(writes results/fusion_outside.json unless --out)",
    )
    parser.add_argument("--out", type=Path, default=None,
                        help="JSON result (default results/fusion.json)")  # fmt: skip
    parser.add_argument("--no-inductor", action="store_true", help="stepwell numbers only")
    parser.add_argument(
        "--inductor-cpp", action="store_true", help="count Inductor's C++ kernels instead"
    )
    parser.add_argument(
        "--run-inductor",
        action="store_true",
        help="run Inductor's Triton kernels in the interpreter and check them (slow)",
    )
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    backend: str | None = None
    if not args.no_inductor:
        if args.inductor_cpp:
            backend = "cpp (Inductor's default CPU backend: C++/OpenMP kernels, not Triton)"
        else:
            try:
                backend = use_inductor_triton()
            except Exception as e:
                print(f"Inductor-as-Triton setup failed ({e!r}); counting C++ kernels instead")
                backend = "cpp (fallback: Inductor's C++ kernels, Triton setup failed)"
    rows = []
    if args.out is None:
        args.out = ROOT / ("results/fusion_outside.json" if args.outside else "results/fusion.json")
    for name in args.only or list(OUTSIDE if args.outside else SUITE):
        rows.append(measure(name, backend, args.run_inductor))
        r = rows[-1]
        print(f"{name}: done in {r.seconds}s {r.sw_error or ''} {r.ind_error or ''}", flush=True)
    print()
    print(f"Inductor backend: {backend or 'not run'}")
    print("stepwell KiB (kernels): read + written by its kernels, ATen externs not counted;")
    print("inductor KiB (all): its estimate over kernels and extern calls (count_bytes);")
    print("min: every input, parameter, buffer and output moved once.")
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    summary = {
        "inductor_backend": backend,
        "torch": torch.__version__,
        "subset": list(args.only) or (list(OUTSIDE) if args.outside else []),
        # (benchmarks/report.py renders whole runs of SUITE only)
        "rows": [asdict(r) for r in rows],
    }
    args.out.write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
