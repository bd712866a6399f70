"""A tiny OPT causal LM (2 layers, 64 wide, learned positions, ReLU MLP) with random weights."""

from __future__ import annotations

import torch
from torch import nn
from transformers import OPTConfig, OPTForCausalLM


class OPTLogits(nn.Module):
    """Wrap ``OPTForCausalLM`` so that ``forward(input_ids)`` returns only the logits."""

    def __init__(self, model: OPTForCausalLM) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=input_ids, use_cache=False).logits


def example(attn_implementation: str = "eager") -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return OPT and (2, 16) input ids."""
    torch.manual_seed(0)
    config = OPTConfig(
        num_hidden_layers=2,
        hidden_size=64,
        num_attention_heads=4,
        ffn_dim=128,
        word_embed_proj_dim=64,
        vocab_size=256,
        max_position_embeddings=64,
        bos_token_id=0,
        eos_token_id=0,
        pad_token_id=1,
        use_cache=False,
        attn_implementation=attn_implementation,
    )
    model = OPTForCausalLM(config).to(torch.float32).eval()
    input_ids = torch.randint(2, config.vocab_size, (2, 16), dtype=torch.int64)
    return OPTLogits(model).eval(), (input_ids,)
