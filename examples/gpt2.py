"""A tiny GPT-2 language model (2 layers, 64 wide) with random weights."""

from __future__ import annotations

import torch
from torch import nn
from transformers import GPT2Config, GPT2LMHeadModel


class GPT2Logits(nn.Module):
    """Wrap ``GPT2LMHeadModel`` so that ``forward(input_ids)`` returns only the logits."""

    def __init__(self, model: GPT2LMHeadModel) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=input_ids, use_cache=False).logits


def _build(attn_implementation: str) -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    torch.manual_seed(0)
    config = GPT2Config(
        n_layer=2,
        n_embd=64,
        n_head=4,
        vocab_size=256,
        n_positions=64,
        bos_token_id=0,
        eos_token_id=0,
        use_cache=False,
        attn_implementation=attn_implementation,
    )
    model = GPT2LMHeadModel(config).to(torch.float32).eval()
    input_ids = torch.randint(0, config.vocab_size, (2, 16), dtype=torch.int64)
    return GPT2Logits(model).eval(), (input_ids,)


def example() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return GPT-2 with eager (explicit matmul/softmax) attention and (2, 16) input ids."""
    return _build("eager")


def example_sdpa() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return GPT-2 using ``scaled_dot_product_attention`` and (2, 16) input ids."""
    return _build("sdpa")
