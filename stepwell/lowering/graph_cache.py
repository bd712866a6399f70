"""The graph cache: a compiled graph (every level's IR, the Triton source, the manifest)
kept on disk, so a new process compiling a graph it has seen skips decomposition,
fusion and emission (Inductor's FX graph cache does the same for Inductor).

The key is the torch-level IR with its locations, the pipeline spec and a fingerprint
of the compiler: stepwell's own source files, and the torch, triton and xDSL versions.
Editing any stepwell file therefore misses every entry made before, as a new release
does. Entries are written and checked as the kernel cache's are (`cache.py`); a bad one
is discarded with a warning and the graph compiled again. `STEPWELL_GRAPH_CACHE=0`
turns it off; a custom pipeline or plugin passes bypass it (their code is not in the
fingerprint).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from stepwell.lowering.cache import read_entry, write_entry

GRAPH_CACHE_FORMAT = 2
LEVEL_FILES = ("torch", "prims", "tile")


def enabled() -> bool:
    return os.environ.get("STEPWELL_GRAPH_CACHE", "1") not in ("0", "false", "off", "")


@functools.cache
def compiler_fingerprint() -> str:
    """A digest of every stepwell source file and of the versions of what it builds on."""
    import torch
    import triton
    import xdsl

    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    versions = f"{torch.__version__}|{triton.__version__}|{getattr(xdsl, '__version__', '?')}"
    digest.update(f"{versions}|{GRAPH_CACHE_FORMAT}".encode())
    return digest.hexdigest()


def graph_key(torch_text: str, spec: str) -> str:
    text = f"{compiler_fingerprint()}\n{spec}\n{torch_text}"
    return "graph-" + hashlib.sha256(text.encode()).hexdigest()[:32]


def load(key: str) -> tuple[dict[str, str], str, dict[str, Any], str | None] | None:
    """(level -> IR text, Triton source, manifest, the graph-level plan's text or None)
    of a cached graph, or None."""
    hit = read_entry(key, stem="graph", accept=_complete)
    if hit is None:
        return None
    files, _ = hit
    try:
        levels = {lv: str(files[f"{lv}.mlir"]) for lv in LEVEL_FILES if f"{lv}.mlir" in files}
        plan = files.get("plan.mlir")
        return levels, str(files["py"]), json.loads(files["json"]), str(plan) if plan else None
    except (KeyError, ValueError):  # an entry of another shape: compile again
        return None


def _complete(files: dict[str, str | bytes]) -> bool:
    """Does an entry hold what `load` reads?"""
    if not all(isinstance(files.get(f), str) for f in ("py", "json", "tile.mlir")):
        return False
    try:
        return isinstance(json.loads(files["json"]), dict)
    except ValueError:
        return False


def store(
    key: str, levels: dict[str, str], source: str, manifest: dict[str, Any], plan: str
) -> None:
    files: dict[str, str | bytes] = {f"{lv}.mlir": text for lv, text in levels.items()}
    files["plan.mlir"] = plan
    files["py"] = source
    files["json"] = json.dumps(manifest)
    write_entry(key, files, {}, stem="graph")
