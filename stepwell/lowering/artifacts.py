"""A compiled graph's artifacts (every level's IR, the Triton source, the manifest) and
their runtime, built by `compiler.compile_module` or read back from the graph cache.

This module is what a warm compile imports. With a launch plan in the entry
(`launch_plan.py`) that is all it needs: xDSL, the parser and the IR interpreter are
imported only when something asks for a module (`Artifacts.module`, `Artifacts.graph`)
or the graph has no plan.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stepwell.lowering import graph_cache
from stepwell.lowering.cache import cache_dir
from stepwell.lowering.launch_plan import LaunchPlan, PlanError, PlanRuntime

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

    from stepwell.lowering.runtime import Runtime


@dataclass
class Artifacts:
    """Every level of one compiled graph, the Triton source, and a runtime for it.

    From the graph cache, the tile-level module is parsed only when something asks for
    it (`module`): the runtime needs only the graph-level functions (`plan`, a small
    module of launches and ATen calls) and each kernel's grid (the manifest), so a warm
    compile skips parsing every kernel's body."""

    levels: dict[str, str]  # level -> IR text
    _module: ModuleOp | None  # the tile-level module (None: parse levels["tile"] on use)
    source: str  # Triton source of every kernel
    manifest: dict[str, Any]
    from_cache: bool = False  # read from the graph cache (lowering/graph_cache.py)
    plan_ir: str | None = None  # the graph-level functions' text alone (cache hits)
    target: ModuleOp | None = field(default=None, repr=False)  # filled in place on parse
    launch_plan: LaunchPlan | None = None  # the graph function as steps (None: none)
    _plan: ModuleOp | None = field(default=None, repr=False)
    _runtime: Runtime | PlanRuntime | None = field(default=None, repr=False)

    @property
    def module(self) -> ModuleOp:
        """The tile-level module (kernels and graph functions). After a cache hit it is
        parsed now, into the module given to `compile_module` (lowered in place, as a
        compile would leave it)."""
        if self._module is None:
            from stepwell.ir.printing import parse_module

            parsed = parse_module(self.levels["tile"], "<graph cache>")
            self._module = parsed if self.target is None else _move_into(parsed, self.target)
        return self._module

    @property
    def plan(self) -> ModuleOp | None:
        """The graph-level functions alone, parsed from the cache entry (None after a
        compile, or for an entry without them)."""
        if self._plan is None and self.plan_ir is not None:
            from stepwell.ir.printing import parse_module

            self._plan = parse_module(self.plan_ir, "<graph cache plan>")
        return self._plan

    @property
    def graph(self) -> ModuleOp:
        """A module holding the graph-level functions (their arguments name the inputs):
        the plan after a cache hit, else the tile-level module."""
        if self._module is None and (plan := self.plan) is not None:
            return plan
        return self.module

    @property
    def runtime(self) -> Runtime | PlanRuntime:
        """What runs the graph: its launch plan when it has one, else the IR interpreter
        over the graph-level functions."""
        if self._runtime is None and self.launch_plan is not None:
            self._runtime = PlanRuntime(self.launch_plan, self.source)
        if self._runtime is None:
            from stepwell.lowering.runtime import Runtime

            if self._module is None and (plan := self.plan) is not None:
                from stepwell.lowering.runtime import KernelLaunch

                launches = {k["name"]: KernelLaunch.from_manifest(k)
                            for k in self.manifest["kernels"]}  # fmt: skip
                self._runtime = Runtime(plan, self.source, launches=launches)
            else:
                self._runtime = Runtime(self.module, self.source)
        return self._runtime

    def without_module(self, plan_ir: str) -> Artifacts:
        """These artifacts as a cache hit holds them (text, the graph-level plan `plan_ir`,
        launch plan, runtime), without the compiled module's objects: what the in-memory
        layer keeps of a compile."""
        runtime = self._runtime if isinstance(self._runtime, PlanRuntime) else None
        return Artifacts(self.levels, None, self.source, self.manifest, from_cache=True,
                         plan_ir=plan_ir, launch_plan=self.launch_plan,
                         _runtime=runtime)  # fmt: skip

    def runner(self, slots: Sequence[bool], extra: Sequence[Any] = (),
               user_outputs: int | None = None) -> Callable[..., list[Any]]:  # fmt: skip
        """The runtime as a compiled FX graph's function: called with the graph's inputs
        (then `extra`, its attributes), it returns one value per output slot, None where
        the slot holds none. The first `user_outputs` slots (default: all) are tensors of
        their own (`launch_plan.unaliased`)."""
        runtime = self.runtime
        distinct = None if user_outputs is None else sum(slots[:user_outputs])

        def run(*args: Any) -> list[Any]:
            values = iter(runtime(*args, *extra, distinct=distinct))
            return [next(values) if present else None for present in slots]

        return run

    def plan_text(self) -> str:
        """The graph-level plan's text (what the graph cache keeps for the runtime)."""
        if self._module is None and self.plan_ir is not None:
            return self.plan_ir
        return plan_text(self.module)

    def plan_json(self) -> str | None:
        """The launch plan as the graph cache keeps it (None: the graph has none)."""
        return self.launch_plan.to_json() if self.launch_plan is not None else None

    def dump(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        for level, text in self.levels.items():
            (directory / f"{level}.mlir").write_text(text)
        (directory / "kernels.py").write_text(self.source)
        (directory / "manifest.json").write_text(json.dumps(self.manifest, indent=2) + "\n")


class RecentArtifacts:
    """The graph cache's in-memory layer: the artifacts this process compiled or read
    last, by cache directory and key, runtime and loaded kernels included. A second
    compile of a graph in one process (another instance of a model, the same layer
    behind a graph break, a compile after `torch._dynamo.reset()`) takes them from here
    instead of reading the entry and loading its kernels again."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[str, str], Artifacts] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Artifacts | None:
        with self._lock:
            found = self._entries.get(where := (str(cache_dir()), key))
            if found is not None:
                self._entries.move_to_end(where)
            return found

    def put(self, key: str, artifacts: Artifacts) -> None:
        with self._lock:
            self._entries[where := (str(cache_dir()), key)] = artifacts
            self._entries.move_to_end(where)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


RECENT = RecentArtifacts()


def cached_artifacts(key: str, target: ModuleOp | None = None) -> Artifacts | None:
    """The graph cache's entry `key` as artifacts, or None on a miss. `target`, the module
    being compiled, receives the tile level when something parses it (`Artifacts.module`);
    without one, the artifacts come from memory when this process has them (`RECENT`)."""
    if target is None and (recent := RECENT.get(key)) is not None:
        return recent
    hit = graph_cache.load(key)
    if hit is None:
        return None
    levels, source, manifest, plan_ir, plan_json = hit
    launch_plan = None
    if plan_json is not None:
        try:
            launch_plan = LaunchPlan.parse(plan_json)
        except PlanError:  # (the IR plan runs it instead)
            launch_plan = None
    if launch_plan is None and plan_ir is None:
        return None
    artifacts = Artifacts(levels, None, source, manifest, from_cache=True, plan_ir=plan_ir,
                          target=target, launch_plan=launch_plan)  # fmt: skip
    if target is None:
        RECENT.put(key, artifacts)
    return artifacts


def _move_into(parsed: ModuleOp, module: ModuleOp) -> ModuleOp:
    """Replace the ops of `module` by those of `parsed`; returns `module`."""
    for op in list(module.ops):
        op.detach()
        op.erase(safe_erase=False)
    for op in list(parsed.ops):
        op.detach()
        module.body.block.add_op(op)
    return module


def plan_text(module: ModuleOp) -> str:
    """The graph-level functions of a tile-level module, without its kernels: what the
    runtime interprets (a launch names its kernel; the kernel's body is in the Triton
    source)."""
    from xdsl.dialects.builtin import ModuleOp

    from stepwell.dialects import tile
    from stepwell.ir.printing import to_text

    graph = ModuleOp([op.clone() for op in module.ops if not isinstance(op, tile.KernelOp)])
    return to_text(graph, locations=True)
