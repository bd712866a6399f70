"""The xDSL context with every dialect stepwell uses."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.ir import Dialect

from stepwell.universe import stepwell_dialects


def _lazily(module: str, name: str) -> Callable[[], Dialect]:
    """A factory that imports `module` and returns its dialect `name` when first called."""

    def load() -> Dialect:
        return getattr(importlib.import_module(module), name)

    return load


XDSL_DIALECTS: dict[str, Callable[[], Dialect]] = {
    "func": _lazily("xdsl.dialects.func", "Func"),
    "arith": _lazily("xdsl.dialects.arith", "Arith"),
    "math": _lazily("xdsl.dialects.math", "Math"),
    "scf": _lazily("xdsl.dialects.scf", "Scf"),
    "tensor": _lazily("xdsl.dialects.tensor", "Tensor"),
}
"""xDSL's dialects that stepwell's IR uses, loaded when the IR first names one (a warm
compile parses only the graph-level plan, which needs few of them)."""


def make_context(allow_unregistered: bool = False) -> Context:
    """A fresh context with xDSL's builtin/func/arith/math/scf/tensor and stepwell's dialects."""
    ctx = Context(allow_unregistered=allow_unregistered)
    ctx.load_dialect(Builtin)
    for name, factory in (*XDSL_DIALECTS.items(), *stepwell_dialects().items()):
        ctx.register_dialect(name, factory)
    return ctx
