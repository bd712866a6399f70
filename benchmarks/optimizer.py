"""A compiled optimizer step, stepwell vs TorchInductor: launches per step and errors.

For each zoo model and each optimizer (SGD with momentum, Adam, AdamW), every parameter
gets a random gradient, and `torch.compile(opt.step)` runs three steps beside an eager
optimizer on a copy of the model. The step writes every parameter and state tensor (the
momentum, Adam's moments and step counts) in place:

- **stepwell**: kernels launched + ATen calls + graph-level copies, the copies of written
  inputs the runtime makes after the call (`input write-back`) included, for the step's
  steady graph (the one Dynamo compiles once the state exists); and how many of its
  input writes a kernel made in place (write-inputs-in-place). Before input writes stayed
  in the graph, each of them was an ATen `copy_` in AOTAutograd's runtime wrapper.
- **Inductor**: Triton kernels launched + extern calls of the same graph's generated code
  (Triton for CPU tensors: `fusion.use_inductor_triton`; the kernels are generated and
  counted, not run).
- **error**: the largest difference from eager over every parameter and state tensor
  after the three steps.

Writes `results/optimizer.json`. Run from the repository root:

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/optimizer.py
"""

from __future__ import annotations

import os

os.environ.setdefault("TRITON_INTERPRET", "1")  # stepwell's kernels run on the CPU

import argparse  # noqa: E402
import contextlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import asdict, dataclass  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402
from unittest import mock  # noqa: E402

import torch  # noqa: E402

import stepwell  # noqa: E402, F401 - registers the backend
from stepwell.frontend.loader import import_file, load_example  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
fusion = import_file(ROOT / "benchmarks/fusion.py", "stepwell_fusion_benchmark")

MODELS = ("mlp", "cnn", "gpt2", "llama")
OPTIMIZERS: dict[str, Callable[[Any], torch.optim.Optimizer]] = {
    "sgd": lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.9),
    "adam": lambda ps: torch.optim.Adam(ps, lr=1e-3),
    "adamw": lambda ps: torch.optim.AdamW(ps, lr=1e-3, weight_decay=0.01),
}
STEPS = 3


@dataclass
class Row:
    model: str
    optimizer: str
    tensors: int = 0  # parameters and state tensors the step writes
    error: float = 0.0
    sw_kernels: int = 0
    sw_externs: int = 0
    sw_copies: int = 0
    sw_in_place: int = 0
    sw_writes_copied: int = 0
    sw_error: str = ""
    ind_launches: int = 0
    ind_externs: int = 0
    ind_error: str = ""

    @property
    def sw_per_step(self) -> int:
        return self.sw_kernels + self.sw_externs + self.sw_copies

    @property
    def ind_per_step(self) -> int:
        return self.ind_launches + self.ind_externs


def _model(name: str) -> torch.nn.Module:
    torch.manual_seed(0)
    model = load_example(str(ROOT / f"examples/{name}.py")).fn
    module = model if isinstance(model, torch.nn.Module) else model.__self__
    for p in module.parameters():
        p.grad = torch.randn_like(p)
    return module


def _state(model: torch.nn.Module, opt: torch.optim.Optimizer) -> list[torch.Tensor]:
    out = [p.detach() for p in model.parameters()]
    for p in model.parameters():
        out += [v for v in opt.state[p].values() if isinstance(v, torch.Tensor)]
    return out


def stepwell_numbers(row: Row) -> None:
    eager, model = _model(row.model), _model(row.model)
    ref, opt = OPTIMIZERS[row.optimizer](eager.parameters()), OPTIMIZERS[row.optimizer](
        model.parameters())  # fmt: skip
    torch._dynamo.reset()
    with tempfile.TemporaryDirectory() as tmp:
        step = torch.compile(opt.step, backend="stepwell", options={"dump_dir": tmp})
        for _ in range(STEPS):
            ref.step()
            step()
        manifests = sorted(Path(tmp).rglob("manifest.json"), key=lambda p: p.stat().st_mtime)
        steady = json.loads(manifests[-1].read_text())  # (the last graph compiled)
    row.sw_kernels = steady["launches"]
    row.sw_externs = sum(steady["externs"].values())
    row.sw_copies = sum(steady["graph_level_copies"].values())
    row.sw_in_place = steady["input_writes"]["in_place"]
    row.sw_writes_copied = steady["input_writes"]["copied"]
    want, got = _state(eager, ref), _state(model, opt)
    row.tensors = len(got)
    pairs = zip(want, got, strict=True)
    row.error = max((a.double() - b.double()).abs().max().item() for a, b in pairs)


def inductor_numbers(row: Row) -> None:
    from torch._inductor.graph import GraphLowering

    model = _model(row.model)
    opt = OPTIMIZERS[row.optimizer](model.parameters())
    codes: list[str] = []
    torch._dynamo.reset()
    with (
        mock.patch.object(GraphLowering, "save_output_code", codes.append),
        fusion._skip_triton_runs(),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        step = torch.compile(opt.step, backend="inductor")
        for _ in range(STEPS):
            step()
    code = codes[-1]  # (the steady graph)
    row.ind_launches = len(fusion._LAUNCH.findall(code))
    row.ind_externs = len(fusion._EXTERN.findall(code))


def table(rows: list[Row]) -> str:
    head = ("| model | optimizer | tensors written | error | stepwell launches/step "
            "(kernels+externs+copies) | written in place / copied | Inductor launches/step "
            "(kernels+externs) | ratio |")  # fmt: skip
    lines = [head, "|" + "---|" * 8]
    for r in rows:
        if r.sw_error:
            lines.append(f"| {r.model} | {r.optimizer} | error: {r.sw_error[:80]} |" + " - |" * 5)
            continue
        ind = f"{r.ind_per_step} ({r.ind_launches}+{r.ind_externs})" if not r.ind_error else "-"
        ratio = f"{r.sw_per_step / r.ind_per_step:.2f}" if r.ind_per_step else "-"
        lines.append(
            f"| {r.model} | {r.optimizer} | {r.tensors} | {r.error:.1e} "
            f"| {r.sw_per_step} ({r.sw_kernels}+{r.sw_externs}+{r.sw_copies}) "
            f"| {r.sw_in_place} / {r.sw_writes_copied} | {ind} | {ratio} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/optimizer.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--optimizers", default=",".join(OPTIMIZERS))
    parser.add_argument("--out", type=Path, default=ROOT / "results/optimizer.json")
    parser.add_argument("--no-inductor", action="store_true", help="stepwell numbers only")
    args = parser.parse_args(argv)
    rows = [Row(m, o) for m in args.models.split(",") for o in args.optimizers.split(",")]
    for row in rows:
        start = time.perf_counter()
        try:
            stepwell_numbers(row)
        except Exception as e:
            row.sw_error = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"
        print(f"{row.model}/{row.optimizer}: {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)  # fmt: skip
    backend = None
    if not args.no_inductor:
        backend = fusion.use_inductor_triton()
        for row in rows:
            try:
                inductor_numbers(row)
            except Exception as e:
                row.ind_error = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "inductor_backend": backend,
        "rows": [{**asdict(r), "sw_per_step": r.sw_per_step, "ind_per_step": r.ind_per_step}
                 for r in rows],  # fmt: skip
        "table": table(rows),
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    ok = all(not r.sw_error and r.error < 1e-5 and r.sw_writes_copied == 0 for r in rows)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
