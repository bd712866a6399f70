"""Plugins: passes and dialects from a Python file or an installed package, and the
registry of every pass a pipeline may name (stepwell's, xDSL's, installed packages'
`xdsl.universe` entry points, and plugin files).

A plugin file either defines `UNIVERSE` (an xDSL `Universe`), or top-level `ModulePass`
subclasses (registered under their `name`) and `Dialect` objects. A plugin file may not
shadow a pass that already exists: a pipeline naming `cse` always means the same pass.
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe


class PluginError(Exception):
    """A --load-plugin file that cannot be loaded."""


def load_plugin(path: str) -> Universe:
    """Load a Python file and collect its passes and dialects.

    A plugin either defines `UNIVERSE` (an xDSL `Universe`), or top-level `ModulePass`
    subclasses (registered under their `name`) and `Dialect` objects.
    """
    file = Path(path)
    if not file.is_file():
        raise PluginError(f"{path}: error: plugin file not found")
    spec = importlib.util.spec_from_file_location(f"stepwell_plugin_{file.stem}", file)
    if spec is None or spec.loader is None:
        raise PluginError(f"{path}: error: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # the plugin's own bug: report it as the plugin's error
        raise PluginError(f"{path}: error: loading the plugin failed: {e!r}") from e
    return _plugin_universe(module)


def _plugin_universe(module: ModuleType) -> Universe:
    universe = getattr(module, "UNIVERSE", None)
    if isinstance(universe, Universe):
        return universe
    passes: dict[str, Callable[[], type[ModulePass]]] = {}
    dialects: dict[str, Callable[[], Dialect]] = {}
    for value in vars(module).values():
        if (
            inspect.isclass(value)
            and issubclass(value, ModulePass)
            and value.__module__ == module.__name__
            and isinstance(getattr(value, "name", None), str)
        ):
            passes[value.name] = _const(value)
        elif isinstance(value, Dialect):
            dialects[value.name] = _const(value)
    return Universe(all_dialects=dialects, all_passes=passes)


def _const(value):  # type: ignore[no-untyped-def]
    return lambda: value


@functools.cache
def _installed_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """xDSL's, installed packages' and stepwell's passes (scanning entry points takes
    tens of milliseconds: once per process)."""
    from xdsl.transforms import get_all_passes

    from stepwell.universe import stepwell_passes

    return {**get_all_passes(), **Universe.get_multiverse().all_passes, **stepwell_passes()}


def available_passes(
    plugins: Sequence[str] = (),
) -> dict[str, Callable[[], type[ModulePass]]]:
    """Pass name -> factory: xDSL's passes, every installed `xdsl.universe` (stepwell's
    own included), then the plugin files, which may add passes but not replace one."""
    passes = dict(_installed_passes())
    for path in plugins:
        for name, factory in load_plugin(path).all_passes.items():
            if name in passes:
                raise PluginError(f"{path}: error: pass '{name}' already exists; a plugin "
                                  "may add passes, not replace them (rename it)")  # fmt: skip
            passes[name] = factory
    return passes
