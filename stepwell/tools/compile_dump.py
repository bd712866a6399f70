"""Compile every kernel of a `stepwell compile` dump with whichever Triton runs this script.

    python -m stepwell.tools.compile_dump OUT_DIR [--target cuda:90] [--target hip:gfx942]

It needs only Triton (not torch, not xDSL), so it can check the generated kernels against
an older Triton in a separate environment, e.g. the Triton 3.4 that GPU images ship:

    python -m venv /tmp/t34 && /tmp/t34/bin/pip install triton==3.4.0
    stepwell compile examples/gpt2.py -o out/
    PYTHONPATH=. /tmp/t34/bin/python -m stepwell.tools.compile_dump out/
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

from stepwell.lowering.triton.target_table import TARGETS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dump", type=Path, help="a folder `stepwell compile -o` wrote")
    parser.add_argument("--target", action="append", choices=TARGETS, help="(cuda:90)")
    args = parser.parse_args(argv)
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    spec = importlib.util.spec_from_file_location("kernels", args.dump / "kernels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    manifest = json.loads((args.dump / "manifest.json").read_text())
    failed = compiled = 0
    for name in args.target or ["cuda:90"]:
        target = GPUTarget(*TARGETS[name].gpu_target())
        for k in manifest["kernels"]:
            try:
                src = ASTSource(getattr(module, k["name"]), k["signature"], {})
                triton.compile(src, target=target, options={"num_warps": k["num_warps"]})
                compiled += 1
            except Exception as e:  # report Triton's message per kernel, keep going
                failed += 1
                print(f"error: {k['name']} for {name}: {str(e).strip().splitlines()[-1]}")
    print(f"triton {triton.__version__}: {compiled} kernels compiled, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
