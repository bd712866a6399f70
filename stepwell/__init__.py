"""stepwell: a multi-level IR compiler for PyTorch (torch -> prims -> tile -> Triton).

import stepwell
fast = stepwell.compile(model)                   # or torch.compile(model, backend="stepwell")
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

try:
    __version__ = version("stepwell")
except PackageNotFoundError:  # a source tree that was not installed
    __version__ = "0+unknown"


def compile(fn: Any, target: str = "interpret", dump_dir: Any = None, legal_ops: Any = ()) -> Any:  # noqa: A001
    """Compile a function or nn.Module; see `stepwell.lowering.backend.compile`."""
    from stepwell.lowering.backend import compile as _compile

    return _compile(fn, target=target, dump_dir=dump_dir, legal_ops=legal_ops)


__all__ = ["__version__", "compile"]
