"""Which IR level a module is at, so that a pass given the wrong level says so.

The levels are the dialects `torch` < `prims` < `tile`; a module is at the earliest level
any of its ops belongs to (a tile-level module still holds graph-level prims ops)."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

LEVELS = ("torch", "prims", "tile")


def ops_by_level(module: ModuleOp) -> dict[str, Operation]:
    """The first op of each level present in `module`."""
    found: dict[str, Operation] = {}
    for op in module.walk():
        level = op.dialect_name()
        if level in LEVELS and level not in found:
            found[level] = op
    return found


def require_level(module: ModuleOp, pass_name: str, level: str, earlier_fix: str) -> None:
    """Fail unless `module` holds no op of a level before `level`, and (when it holds no
    op of `level` itself) none of a later one either."""
    found = ops_by_level(module)
    index = LEVELS.index(level)
    for earlier in LEVELS[:index]:
        if earlier in found:
            raise PassFailedException(
                f"{pass_name} takes {level}-level IR, but '{found[earlier].name}' is at the "
                f"{earlier} level: {earlier_fix}"
            )
    later = [lv for lv in LEVELS[index + 1 :] if lv in found]
    if level not in found and later:
        raise PassFailedException(
            f"{pass_name} takes {level}-level IR, but the module is already at the "
            f"{later[0]} level ('{found[later[0]].name}')"
        )
