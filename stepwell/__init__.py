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


def compile(  # noqa: A001
    fn: Any,
    target: str = "interpret",
    dump_dir: Any = None,
    legal_ops: Any = (),
    pipeline: str | None = None,
    plugins: Any = (),
) -> Any:
    """Compile a function or nn.Module; see `stepwell.lowering.backend.compile`."""
    from stepwell.lowering.backend import compile as _compile

    return _compile(fn, target, dump_dir, legal_ops, pipeline, plugins)


__all__ = ["__version__", "compile"]
