"""stepwell's dialects and passes as an xDSL `Universe` (entry point `xdsl.universe`).

Plain `xdsl-opt` sees stepwell's IR through this, and `stepwell-opt` sees any other
installed package's passes the same way. Factories import lazily so that listing the
universe stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe


def _torch() -> Dialect:
    from stepwell.dialects.torch import Torch

    return Torch


def _prims() -> Dialect:
    from stepwell.dialects.prims import Prims

    return Prims


def _tile() -> Dialect:
    from stepwell.dialects.tile import Tile

    return Tile


def stepwell_dialects() -> dict[str, Callable[[], Dialect]]:
    """Dialect name -> factory, for every dialect stepwell defines."""
    return {"torch": _torch, "prims": _prims, "tile": _tile}


def stepwell_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Pass name -> factory, for every pass stepwell defines (see passes/registry.py)."""
    from stepwell.passes.registry import PASSES

    return dict(PASSES)


STEPWELL_UNIVERSE = Universe(all_dialects=stepwell_dialects(), all_passes=stepwell_passes())
