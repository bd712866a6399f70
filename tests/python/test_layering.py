"""The package is layered: a module imports (at module level or inside a function) only
from its own layer or the layers below it, so each level can be read, tested and reused
without the ones above it. A new upward import fails here; the two known ones are named
with their reason."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "stepwell"

LAYERS = [
    ["stepwell.ir.types", "stepwell.ir.callees", "stepwell.ir.sizes"],  # no IR needed
    ["stepwell.dialects"],  # torch, prims, tile
    ["stepwell.ir", "stepwell.universe"],  # contexts, interpreters, printing, diagnostics
    ["stepwell.passes", "stepwell.plugins"],  # rewrites between levels
    ["stepwell.frontend"],  # FX programs -> torch dialect (ir.fx_nodes imports each node)
    ["stepwell.pipeline"],  # pipelines as text
    ["stepwell.lowering"],  # tile -> Triton, runtime, torch.compile backend
    ["stepwell.tools", "stepwell.conformance", "stepwell.fuzz"],  # commands, harnesses
]
"""Bottom first; a module belongs to the layer of its longest matching prefix."""

KNOWN = {
    ("stepwell.universe", "stepwell.passes.registry"): "the universe lists every pass",
    ("stepwell.pipeline", "stepwell.lowering.runtime"): "pipeline.run at triton level",
    ("stepwell.pipeline", "stepwell.lowering.triton.emitter"): "pipeline.run at triton level",
}


def layer(module: str) -> int | None:
    best: tuple[int, int] | None = None
    for i, prefixes in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and (best is None or len(p) > best[1]):
                best = (i, len(p))
    return None if best is None else best[0]


def imports(path: Path) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("stepwell."):
            found.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names if a.name.startswith("stepwell.")]
    return found


def test_no_module_imports_from_a_layer_above() -> None:
    upward = []
    for path in sorted(ROOT.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        for target, line in imports(path):
            mine, theirs = layer(module), layer(target)
            if mine is not None and theirs is not None and theirs > mine:
                if (module, target) not in KNOWN:
                    upward.append(f"{path.relative_to(ROOT.parent)}:{line}: {module} -> {target}")
    assert not upward, "imports from a higher layer:\n" + "\n".join(upward)


def test_every_module_has_a_layer() -> None:
    missing = [
        str(p) for p in ROOT.rglob("*.py")
        if p.parent != ROOT or p.stem != "__init__"
        if layer(".".join(p.relative_to(ROOT.parent).with_suffix("").parts)) is None
    ]  # fmt: skip
    assert not missing, missing


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    """The rule itself: a dialect importing a pass is refused."""
    fake = tmp_path / "m.py"
    fake.write_text("from stepwell.passes.support.fusion import Partitioner\n")
    ((target, _),) = imports(fake)
    assert layer(target) > layer("stepwell.dialects.prims")  # type: ignore[operator]


def load_time_imports(path: Path) -> list[str]:
    """The stepwell modules `path` imports when it is loaded: statements at module level,
    outside `if TYPE_CHECKING:` (imports inside functions run later, on first call)."""
    found: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "TYPE_CHECKING" not in test:
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
            elif (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("stepwell")
            ):
                found.append(node.module)
                found.extend(f"{node.module}.{a.name}" for a in node.names)  # submodules
            elif isinstance(node, ast.Import):
                found.extend(a.name for a in node.names if a.name.startswith("stepwell"))

    visit(ast.parse(path.read_text()).body)
    return found


def test_no_import_cycle_at_load_time() -> None:
    """No module needs, while it loads, a module that needs it back (directly or through
    others): such a cycle breaks as soon as someone imports the other module first."""
    import graphlib

    modules = {
        ".".join(p.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__"): p
        for p in ROOT.rglob("*.py")
    }
    graph = {
        m: {t for t in load_time_imports(p) if t in modules and t != m} for m, p in modules.items()
    }
    # a package's __init__ runs before its modules: `a.b` depends on `a` too
    for m in modules:
        parent = m.rpartition(".")[0]
        if parent in modules:
            graph[m].add(parent)
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as e:
        raise AssertionError(f"import cycle: {' -> '.join(e.args[1])}") from None


def test_load_time_imports_leave_out_type_checking_and_functions(tmp_path: Path) -> None:
    fake = tmp_path / "m.py"
    fake.write_text(
        "from typing import TYPE_CHECKING\n"
        "from stepwell.dialects import tile\n"
        "if TYPE_CHECKING:\n    from stepwell.passes.support.kernels import KernelBuilder\n"
        "def f():\n    from stepwell.lowering import runtime\n"
    )
    assert load_time_imports(fake) == ["stepwell.dialects", "stepwell.dialects.tile"]
