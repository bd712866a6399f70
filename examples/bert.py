"""A tiny BERT encoder (2 layers, 64 wide) with random weights and a padding mask."""

from __future__ import annotations

import torch
from torch import nn
from transformers import BertConfig, BertModel


class BertHidden(nn.Module):
    """Wrap ``BertModel`` so that ``forward`` returns only ``last_hidden_state``."""

    def __init__(self, model: BertModel) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        out = self.model(input_ids=input_ids, attention_mask=attention_mask, use_cache=False)
        return out.last_hidden_state


def example(attn_implementation: str = "eager") -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return BERT and ``(input_ids, attention_mask)``, both (2, 16) int64.

    The second row of the mask ends in five zeros (padding).
    """
    torch.manual_seed(0)
    config = BertConfig(
        num_hidden_layers=2,
        hidden_size=64,
        num_attention_heads=4,
        intermediate_size=128,
        vocab_size=256,
        max_position_embeddings=64,
        use_cache=False,
        attn_implementation=attn_implementation,
    )
    model = BertModel(config, add_pooling_layer=False).to(torch.float32).eval()
    input_ids = torch.randint(0, config.vocab_size, (2, 16), dtype=torch.int64)
    attention_mask = torch.ones(2, 16, dtype=torch.int64)
    attention_mask[1, 11:] = 0
    return BertHidden(model).eval(), (input_ids, attention_mask)
