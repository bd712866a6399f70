"""Training versions of the example zoo: each model with its loss, as one module.

``example(name)`` returns ``(TrainingModel, inputs)``: calling it runs the zoo model and
its loss (cross-entropy of next-token logits for the language models, mean squared output
for the others) and returns the scalar loss, so that ``torch.compile`` sees the forward
and the loss as one graph and AOTAutograd derives one backward for both. Dropout is off
(the models are in eval mode): a training step is then deterministic, so its loss and
gradients can be compared with eager exactly. Gradients flow in eval mode as in train
mode; the CNN's batch norm uses running statistics there (``train_mode=True`` keeps
batch statistics and updates the running ones).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import nn

MODELS = ("mlp", "cnn", "gpt2", "bert", "llama", "qwen2", "opt")
LANGUAGE_MODELS = ("gpt2", "llama", "qwen2", "opt")


class TrainingModel(nn.Module):
    """A zoo model followed by its loss; ``forward(*inputs)`` returns the scalar loss."""

    def __init__(self, model: nn.Module, language_model: bool) -> None:
        super().__init__()
        self.model = model
        self.language_model = language_model

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        out = self.model(*inputs)
        if self.language_model:  # predict token t+1 from tokens up to t
            logits = out[:, :-1].flatten(0, 1)
            return F.cross_entropy(logits, inputs[0][:, 1:].flatten())
        return out.square().mean()


def _zoo(name: str):  # noqa: ANN202 - the example module
    path = Path(__file__).with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"stepwell_zoo_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # Dynamo looks classes up by their module
    spec.loader.exec_module(module)
    return module


def example(
    name: str = "gpt2", train_mode: bool = False
) -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """Return ``(TrainingModel, inputs)`` for zoo model ``name`` (one of ``MODELS``)."""
    if name not in MODELS:
        raise ValueError(f"unknown zoo model {name!r}; one of {', '.join(MODELS)}")
    model, inputs = _zoo(name).example()
    model.train(train_mode)
    return TrainingModel(model, name in LANGUAGE_MODELS).train(train_mode), inputs
