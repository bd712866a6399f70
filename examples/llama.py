"""A tiny Llama causal LM (2 layers, 64 wide, grouped-query attention) with random weights."""

from __future__ import annotations

import torch
from torch import nn
from transformers import LlamaConfig, LlamaForCausalLM


class LlamaLogits(nn.Module):
    """Wrap ``LlamaForCausalLM`` so that ``forward(input_ids)`` returns only the logits."""

    def __init__(self, model: LlamaForCausalLM) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=input_ids, use_cache=False).logits


def example(attn_implementation: str = "eager") -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return Llama (4 query heads sharing 2 key/value heads) and (2, 16) input ids."""
    torch.manual_seed(0)
    config = LlamaConfig(
        num_hidden_layers=2,
        hidden_size=64,
        num_attention_heads=4,
        num_key_value_heads=2,
        intermediate_size=128,
        vocab_size=256,
        max_position_embeddings=64,
        bos_token_id=0,
        eos_token_id=0,
        pad_token_id=None,
        use_cache=False,
        attn_implementation=attn_implementation,
    )
    model = LlamaForCausalLM(config).to(torch.float32).eval()
    input_ids = torch.randint(0, config.vocab_size, (2, 16), dtype=torch.int64)
    return LlamaLogits(model).eval(), (input_ids,)
