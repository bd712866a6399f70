"""`make demo`: a tiny GPT-2 through stepwell, one step at a time.

    python -m stepwell.tools.demo [--example FILE[:NAME]] [--lines N]
    python -m stepwell.tools.demo --train [--steps N]

Each step is one function over a shared `Demo` record and prints what it did: export,
import into the torch dialect, a print -> parse round trip, decomposition into prims,
fusion into tile kernels, the Triton source of one kernel, and a run of the kernels (in
Triton's interpreter on CPU) compared with eager PyTorch.

`--train` instead trains the tiny GPT-2 of `examples/training.py` for a few AdamW steps
with `torch.compile(backend="stepwell")` on the model (forward and backward graphs) and on
the optimizer step, next to the same steps in eager PyTorch, and prints both losses, the
kernels of each compiled graph and the time taken.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import torch
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import ParseError, VerifyException

from stepwell.frontend.fx import FxImportError, import_program
from stepwell.frontend.loader import LoadError, export, import_file, load_example
from stepwell.ir.printing import parse_module, to_text
from stepwell.lowering.compiler import Artifacts, compile_module
from stepwell.lowering.triton.mode import prefer_interpreter
from stepwell.pipeline import bind_inputs, compare

REPO = Path(__file__).resolve().parents[2]
DEFAULT_EXAMPLE = "examples/gpt2.py"
WIDTH = 120  # IR lines are clipped to this many characters


class DemoError(Exception):
    """A step failed; the message says which and why."""


@dataclass
class Demo:
    """What the steps share: the input, what each step produced, where to print."""

    example: str
    lines: int
    out: TextIO
    program: torch.export.ExportedProgram | None = None
    module: ModuleOp | None = None
    artifacts: Artifacts | None = None
    timings: dict[str, float] = field(default_factory=dict)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)


def step_export(demo: Demo) -> None:
    """Call the example's NAME() and torch.export the model it returns."""
    demo.program = export(load_example(demo.example))
    n_params = sum(
        1 for s in demo.program.graph_signature.input_specs if s.kind.name == "PARAMETER"
    )
    demo.say(f"exported {demo.example}: {n_params} parameters")


def step_import(demo: Demo) -> None:
    """Import the exported program into the torch dialect and show the start of it."""
    assert demo.program is not None
    demo.module = import_program(demo.program)
    ops = torch_ops(demo.module)
    counts = Counter(op.name for op in ops)
    common = ", ".join(f"{name} x{n}" for name, n in counts.most_common(5))
    demo.say(f"{len(ops)} torch ops, {len(counts)} distinct; most common: {common}")
    demo.say(f"first {demo.lines} lines of the torch IR:")
    for line in to_text(demo.module).splitlines()[: demo.lines]:
        demo.say("  " + (line if len(line) <= WIDTH else line[: WIDTH - 4] + " ..."))


def step_round_trip(demo: Demo) -> None:
    """Print the module, parse the text back, and compare: the IR is its own file format."""
    assert demo.module is not None
    text = to_text(demo.module, locations=True)
    parsed = parse_module(text, demo.example)
    parsed.verify()
    if not parsed.is_structurally_equivalent(demo.module):
        raise DemoError("the parsed module differs from the printed one")
    if to_text(parsed, locations=True) != text:
        raise DemoError("printing the parsed module gives different text")
    demo.say(f"round trip: {len(text.splitlines())} lines printed, parsed back, identical")


def step_compile(demo: Demo) -> None:
    """torch -> prims -> tile: decompose, clean up, fuse; show the kernels."""
    assert demo.module is not None
    n_torch = len(torch_ops(demo.module))
    demo.artifacts = compile_module(demo.module)
    prims_ops = demo.artifacts.levels["prims"].count(" = prims.")
    m = demo.artifacts.manifest
    demo.say(f"{n_torch} torch ops -> {prims_ops} prims ops -> {len(m['kernels'])} kernels"
             f" + {sum(m['externs'].values())} ATen calls ({', '.join(m['externs'])})")  # fmt: skip
    for k in m["kernels"][: demo.lines]:
        moved = k["bytes_read"] + k["bytes_written"]
        demo.say(f"  {k['name']:<28} {len(k['fused']):>3} prims ops  grid {k['grid']}  "
                 f"block {k['block']}  {moved:>7} bytes")  # fmt: skip
    if len(m["kernels"]) > demo.lines:
        demo.say(f"  ... {len(m['kernels']) - demo.lines} more")


def step_kernel(demo: Demo) -> None:
    """The Triton source of the first softmax kernel (or the first kernel)."""
    assert demo.artifacts is not None
    source = demo.artifacts.source
    chunks = source.split("@triton.jit\n")[1:]
    pick = next((c for c in chunks if "softmax" in c.split("(")[0]), chunks[0])
    for line in ("@triton.jit\n" + pick).rstrip().splitlines()[: demo.lines * 2]:
        demo.say("  " + (line if len(line) <= WIDTH else line[: WIDTH - 4] + " ..."))


def step_run(demo: Demo) -> None:
    """Run the compiled kernels on the example inputs and compare with eager PyTorch."""
    assert demo.artifacts is not None and demo.program is not None
    example = load_example(demo.example)
    args = bind_inputs(demo.artifacts.module, demo.program, example.inputs)
    with torch.no_grad():
        expected = torch.utils._pytree.tree_leaves(example.fn(*example.inputs))
        got = demo.artifacts.runtime(*args)
    max_abs, max_rel, ok = compare(got, expected, 1e-4, 1e-4)
    verdict = "matches" if ok else "DIFFERS FROM"
    demo.say(f"ran {demo.artifacts.manifest['launches']} kernel launches: {verdict} eager "
             f"PyTorch (max abs error {max_abs:.2g}, max rel error {max_rel:.2g})")  # fmt: skip
    if not ok:
        raise DemoError("the compiled model does not match eager PyTorch")


STEPS: list[tuple[str, Callable[[Demo], None]]] = [
    ("export", step_export),
    ("import", step_import),
    ("round trip", step_round_trip),
    ("decompose and fuse", step_compile),
    ("a kernel", step_kernel),
    ("run", step_run),
]


def torch_ops(module: ModuleOp) -> list[Operation]:
    """The ops of the module's functions, without the func.func/func.return plumbing."""
    return [op for op in module.walk() if not isinstance(op, ModuleOp | FuncOp | ReturnOp)]


def run(demo: Demo) -> None:
    for i, (name, step) in enumerate(STEPS, 1):
        demo.say(f"[{i}/{len(STEPS)}] {name}")
        start = time.perf_counter()
        step(demo)
        demo.timings[name] = time.perf_counter() - start
    total = sum(demo.timings.values())
    detail = ", ".join(f"{k} {v:.1f}s" for k, v in demo.timings.items())
    demo.say(f"done in {total:.1f}s ({detail})")


def train(steps: int, out: TextIO) -> None:
    """`--train`: GPT-2 trained with AdamW, compiled by stepwell, next to eager."""
    import copy
    import json
    import tempfile

    path = REPO / "examples" / "training.py"
    if not path.is_file():
        raise DemoError(f"{path}: not found (--train needs a source checkout)")
    training = import_file(path, "stepwell_training_examples")
    model, inputs = training.example("gpt2")
    eager_model, compiled_model = model, copy.deepcopy(model)
    eager_opt = torch.optim.AdamW(eager_model.parameters(), lr=1e-3, foreach=True)
    opt = torch.optim.AdamW(compiled_model.parameters(), lr=1e-3, foreach=True)
    with tempfile.TemporaryDirectory() as dump:
        options = {"dump_dir": dump}
        forward = torch.compile(compiled_model, backend="stepwell", options=options)
        update = torch.compile(opt.step, backend="stepwell", options=options)
        print(f"training GPT-2 ({sum(p.numel() for p in model.parameters())} parameters) "
              f"for {steps} AdamW steps: stepwell vs eager", file=out)  # fmt: skip
        start = time.perf_counter()
        for i in range(steps):
            eager_opt.zero_grad()
            want = eager_model(*inputs)
            want.backward()
            eager_opt.step()
            t = time.perf_counter()
            opt.zero_grad()
            loss = forward(*inputs)
            loss.backward()
            update()
            print(f"  step {i + 1}: loss {loss.item():.6f} (eager {want.item():.6f}), "
                  f"{time.perf_counter() - t:.1f}s", file=out)  # fmt: skip
        print(f"compiled graphs (kernels in Triton's interpreter on CPU), "
              f"{time.perf_counter() - start:.1f}s in all:", file=out)  # fmt: skip
        names = {"graph0": "forward", "graph1-backward": "backward", "graph2": "optimizer step"}
        for graph in sorted(Path(dump).iterdir()):
            manifest = json.loads((graph / "manifest.json").read_text())
            externs = sum(manifest["externs"].values())
            print(f"  {names.get(graph.name, graph.name)}: {len(manifest['kernels'])} kernels, "
                  f"{externs} ATen calls", file=out)  # fmt: skip


def _default_example() -> str:
    bundled = REPO / DEFAULT_EXAMPLE
    if not bundled.is_file():  # an installed stepwell: look in the current directory
        return DEFAULT_EXAMPLE
    return (
        str(bundled.relative_to(Path.cwd())) if bundled.is_relative_to(Path.cwd()) else str(bundled)
    )


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--example", default=_default_example(), metavar="FILE[:NAME]")
    parser.add_argument("--lines", type=int, default=15, help="IR lines to show")
    parser.add_argument("--train", action="store_true",
                        help="train GPT-2 for a few AdamW steps, compiled by stepwell")  # fmt: skip
    parser.add_argument("--steps", type=int, default=5, help="training steps (--train)")
    args = parser.parse_args(argv)
    # the example's inputs are CPU tensors: kernels run in Triton's interpreter, which
    # must be on before torch.export first imports Triton
    prefer_interpreter()
    try:
        if args.train:
            with warnings.catch_warnings():  # the interpreter's numpy warnings, Dynamo's notes
                warnings.simplefilter("ignore")
                torch._logging.set_logs(dynamo=logging.ERROR)
                train(args.steps, out)
        else:
            run(Demo(args.example, args.lines, out))
    except (LoadError, FxImportError, DemoError, ParseError, VerifyException) as e:
        print(f"demo: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
