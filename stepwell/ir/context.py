"""The xDSL context with every dialect stepwell uses."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func
from xdsl.dialects.math import Math
from xdsl.dialects.scf import Scf
from xdsl.dialects.tensor import Tensor

from stepwell.universe import stepwell_dialects


def make_context(allow_unregistered: bool = False) -> Context:
    """A fresh context with xDSL's builtin/func/arith/math/scf/tensor and stepwell's dialects."""
    ctx = Context(allow_unregistered=allow_unregistered)
    for dialect in (Builtin, Func, Arith, Math, Scf, Tensor):
        ctx.load_dialect(dialect)
    for name, factory in stepwell_dialects().items():
        ctx.register_dialect(name, factory)
    return ctx
