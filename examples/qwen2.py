"""A tiny Qwen2 causal LM (2 layers, 64 wide, GQA, qkv biases) with random weights."""

from __future__ import annotations

import torch
from torch import nn
from transformers import Qwen2Config, Qwen2ForCausalLM


class Qwen2Logits(nn.Module):
    """Wrap ``Qwen2ForCausalLM`` so that ``forward(input_ids)`` returns only the logits."""

    def __init__(self, model: Qwen2ForCausalLM) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=input_ids, use_cache=False).logits


def example(attn_implementation: str = "eager") -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return Qwen2 (4 query heads over 2 key/value heads) and (2, 16) input ids."""
    torch.manual_seed(0)
    config = Qwen2Config(
        num_hidden_layers=2,
        hidden_size=64,
        num_attention_heads=4,
        num_key_value_heads=2,
        intermediate_size=128,
        vocab_size=256,
        max_position_embeddings=64,
        bos_token_id=0,
        eos_token_id=0,
        use_cache=False,
        attn_implementation=attn_implementation,
    )
    model = Qwen2ForCausalLM(config).to(torch.float32).eval()
    input_ids = torch.randint(0, config.vocab_size, (2, 16), dtype=torch.int64)
    return Qwen2Logits(model).eval(), (input_ids,)
