"""Load a user's example (`FILE[:NAME]`) and export it, with errors a user can act on."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import torch


class LoadError(Exception):
    """The example cannot be loaded or exported; the message says why, in one line."""


@dataclass(frozen=True)
class Example:
    fn: Callable[..., Any]
    inputs: tuple[Any, ...]
    source: str


def import_file(file: Path, module_name: str) -> ModuleType:
    """Import the Python file `file` as module `module_name` (registered in sys.modules,
    where Dynamo and pickling look classes up); LoadError if it cannot be imported."""
    loader_spec = importlib.util.spec_from_file_location(module_name, file)
    if loader_spec is None or loader_spec.loader is None:
        raise LoadError(f"{file}: error: cannot load as a Python module")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[module_name] = module
    try:
        loader_spec.loader.exec_module(module)
    except Exception as e:
        raise LoadError(f"{file}: error: importing the file failed: {e!r}") from e
    return module


def load_example(spec: str) -> Example:
    """`path/to/file.py[:NAME]` -> the (callable, inputs) that NAME() (default `example`)
    returns."""
    path, _, name = spec.partition(":")
    name = name or "example"
    file = Path(path)
    if file.is_dir():
        raise LoadError(f"{path}: error: is a directory, not a Python file")
    if not file.is_file():
        raise LoadError(f"{path}: error: no such file")
    module = import_file(file, f"stepwell_user_{file.stem}")
    factory = getattr(module, name, None)
    if not callable(factory):
        found = sorted(k for k, v in vars(module).items() if callable(v) and not k.startswith("_"))
        raise LoadError(
            f"{path}: error: no function '{name}' (callables defined there: {', '.join(found)})"
        )
    try:
        result = factory()
    except Exception as e:
        raise LoadError(f"{path}:{name}: error: calling {name}() failed: {e!r}") from e
    if not (isinstance(result, tuple) and len(result) == 2 and callable(result[0])):
        raise LoadError(
            f"{path}:{name}: error: {name}() must return (callable_or_module, inputs_tuple)"
        )
    fn, inputs = result
    return Example(fn, tuple(inputs) if isinstance(inputs, list | tuple) else (inputs,), spec)


def export(example: Example, dynamic_shapes: Any = None) -> torch.export.ExportedProgram:
    """torch.export the example; a program torch.export rejects becomes one LoadError."""
    fn = example.fn
    module = fn if isinstance(fn, torch.nn.Module) else _Wrap(fn)
    if not isinstance(fn, torch.nn.Module):
        if dynamic_shapes is not None:  # (the wrapper's `*args` is one argument)
            dynamic_shapes = (tuple(dynamic_shapes),)
        # torch.export records frames of `forward` methods; anchor the user's function
        # too so its ops carry the user's lines rather than the wrapper's
        anchor = getattr(torch.fx.proxy, "_register_stack_trace_anchor", None)
        if anchor is not None:
            anchor(fn)
    quiet = logging.getLogger("torch.fx.experimental.symbolic_shapes")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:  # torch prints its partial graph on failure: keep stderr to our one message
        with contextlib.redirect_stderr(io.StringIO()):
            return torch.export.export(module, example.inputs, dynamic_shapes=dynamic_shapes)
    except Exception as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise LoadError(
            f"{example.source}: error: torch.export rejected the program: "
            f"{type(e).__name__}: {first}"
        ) from e
    finally:
        quiet.setLevel(level)


class _Wrap(torch.nn.Module):
    def __init__(self, fn: Callable[..., Any]) -> None:
        super().__init__()
        self.fn = fn

    def forward(self, *args: Any) -> Any:
        return self.fn(*args)
