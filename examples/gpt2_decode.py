"""Greedy decoding with the tiny GPT-2 (SDPA attention) and a KV cache that grows by one
position each step: the shape a serving loop hands `torch.compile` (a new cache length
every call)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import torch
from torch import nn
from transformers import GPT2Config, GPT2LMHeadModel
from transformers.cache_utils import DynamicCache


class DecodeStep(nn.Module):
    """One decoding step: `forward(token, *kv)` -> (last logits, *kv with one more
    position); kv is each layer's keys and values, (batch, heads, length, head_dim)."""

    def __init__(self, lm: GPT2LMHeadModel) -> None:
        super().__init__()
        self.lm = lm
        self.layers = lm.config.n_layer

    def forward(self, token: torch.Tensor, *kv: torch.Tensor) -> tuple[torch.Tensor, ...]:
        cache = DynamicCache()
        for layer in range(self.layers):
            cache.update(kv[2 * layer], kv[2 * layer + 1], layer)
        out = self.lm(input_ids=token, past_key_values=cache, use_cache=True)
        layers = out.past_key_values.layers
        return out.logits[:, -1], *[t for x in layers for t in (x.keys, x.values)]


def build() -> DecodeStep:
    torch.manual_seed(0)
    config = GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=256, n_positions=64,
                        attn_implementation="sdpa")  # fmt: skip
    return DecodeStep(GPT2LMHeadModel(config).eval()).eval()


Step = tuple[torch.Tensor, torch.Tensor, list[torch.Tensor], list[torch.Tensor]]


def decode(
    step: DecodeStep, compiled: Callable[..., Any], steps: int, prompt: Any = (5, 17, 42)
) -> Iterator[Step]:
    """Prefill `prompt` eagerly, then `steps` greedy steps through `compiled`, next to the
    eager step on the same cache: yields (compiled logits, eager logits, compiled kv,
    eager kv) per step. Both continue from eager's token and cache, so one step's
    difference never changes what the next step is given."""
    with torch.no_grad():
        prefill = step.lm(input_ids=torch.tensor([prompt]), use_cache=True)
        kv = [t for x in prefill.past_key_values.layers for t in (x.keys, x.values)]
        token = prefill.logits[:, -1].argmax(-1, keepdim=True)
        for _ in range(steps):
            want, *want_kv = step(token, *kv)
            got, *got_kv = compiled(token, *kv)
            yield got, want, got_kv, want_kv
            kv, token = want_kv, want.argmax(-1, keepdim=True)


def example() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """The decode step at cache length 3."""
    step = build()
    with torch.no_grad():
        prefill = step.lm(input_ids=torch.tensor([[5, 17, 42]]), use_cache=True)
    kv = [t for x in prefill.past_key_values.layers for t in (x.keys, x.values)]
    return step, (prefill.logits[:, -1].argmax(-1, keepdim=True), *kv)
