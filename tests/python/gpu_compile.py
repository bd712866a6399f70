"""Shared helper of the tests that compile kernels for a GPU target: in a process of its
own, since Triton's real back ends need Triton imported without TRITON_INTERPRET, which
the test process sets (conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

COMPILE_FOR = """
import sys
from pathlib import Path
from stepwell.ir.printing import parse_module
from stepwell.lowering.runtime import kernels_of
from stepwell.lowering.triton.emitter import emit_module
from stepwell.lowering.triton.targets import compile_all, load_for_compile

kernels = kernels_of(parse_module(Path(sys.argv[1]).read_text()))
fns = load_for_compile(emit_module(kernels), Path(sys.argv[2]))
for r in compile_all(kernels, fns, sys.argv[3], workers=1):
    print(r.name, r.error, bool(r.asm.get(sys.argv[4])))
"""


def compile_for(module: str, target: str, tmp_path: Path) -> list[str]:
    """Compile every kernel of the tile-level `module` text for `target`; one line per
    kernel: its name, its error (None) and whether the target's assembly came out."""
    (tmp_path / "module.mlir").write_text(module)
    asm = "ptx" if target.startswith("cuda") else "amdgcn"
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env["TRITON_CACHE_DIR"] = str(tmp_path / "triton")
    env["STEPWELL_CACHE_DIR"] = str(tmp_path / "cache")
    proc = subprocess.run(
        [sys.executable, "-c", COMPILE_FOR, str(tmp_path / "module.mlir"), str(tmp_path),
         target, asm], capture_output=True, text=True, env=env, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [line for line in proc.stdout.split("\n") if line]
