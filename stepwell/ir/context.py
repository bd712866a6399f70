"""The xDSL context with every dialect stepwell uses."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.ir import Dialect

from stepwell.universe import stepwell_dialects


def _func() -> Dialect:
    from xdsl.dialects.func import Func

    return Func


def _arith() -> Dialect:
    from xdsl.dialects.arith import Arith

    return Arith


def _math() -> Dialect:
    from xdsl.dialects.math import Math

    return Math


def _scf() -> Dialect:
    from xdsl.dialects.scf import Scf

    return Scf


def _tensor() -> Dialect:
    from xdsl.dialects.tensor import Tensor

    return Tensor


XDSL_DIALECTS: dict[str, Callable[[], Dialect]] = {
    "func": _func,
    "arith": _arith,
    "math": _math,
    "scf": _scf,
    "tensor": _tensor,
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
