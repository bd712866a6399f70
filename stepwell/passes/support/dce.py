"""Dead-code elimination for pure prims ops (every prims op is pure)."""

from __future__ import annotations

from xdsl.ir import Operation


def erase_dead_prims(root: Operation) -> int:
    """Erase prims ops whose results nobody uses, users before producers; the count."""
    erased = 0
    for dead in reversed(list(root.walk())):
        if (
            dead.name.startswith("prims.")
            and dead.results
            and not any(r.uses for r in dead.results)
        ):
            dead.detach()
            dead.erase()
            erased += 1
    return erased
