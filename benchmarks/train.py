"""Training report: one training step (forward, loss, backward) of each zoo model, stepwell
against eager and TorchInductor.

    python benchmarks/train.py [--models mlp,gpt2] [--out results/train.json] [--no-inductor]

For every zoo model (`examples/training.py`: the model and its loss as one module, dropout
off):

* eager: the loss and every parameter's gradient, the reference;
* stepwell: `torch.compile(model, backend="stepwell")`, one step compiled and run (the
  kernels in Triton's interpreter): the largest loss and gradient errors against eager;
  from the manifests of the forward and backward graphs: kernels, launches, ATen extern
  calls, graph-level prims ops that move data (the manifest's `graph_level_copies`: `cat`,
  `full`, `iota`, a `reshape` its input's strides cannot express; each is an ATen kernel
  too; views are not counted), the attention kernels (forward + backward: flash kernels
  once the frontend's attention rewrite and the SDPA rules keep attention whole), and the
  bytes the kernels move, also as a multiple of the step's minimum (inputs and parameters
  read once, gradients and the loss written once);
  compile time = first step − a second (steady) step;
* Inductor (`--no-inductor` skips it): kernels, launches and extern calls per step in its
  output code, with `cpu_backend = "triton"` and the stand-in CUDA driver of
  `benchmarks/fusion.py` (its Triton kernels are generated, not launched), and compile
  time of the same step with its default CPU backend (C++), first step − steady step.

"launches per step" adds kernels launched, ATen externs and data-moving graph-level ops
(the definition of issue #15): every one of them is a separate kernel on a GPU.
"""

from __future__ import annotations

import os

os.environ.setdefault("TRITON_INTERPRET", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import argparse  # noqa: E402
import contextlib  # noqa: E402
import copy  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import asdict, dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402
from unittest import mock  # noqa: E402

import torch  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


from stepwell.frontend.loader import import_file  # noqa: E402

training = import_file(ROOT / "examples/training.py", "stepwell_training_examples")
fusion = import_file(ROOT / "benchmarks/fusion.py", "stepwell_fusion_benchmark")


@dataclass
class Row:
    """One model's numbers for one training step."""

    model: str
    loss_error: float = 0.0
    grad_error: float = 0.0
    sw_graphs: int = 0
    sw_kernels: int = 0
    sw_launches: int = 0
    sw_externs: int = 0
    sw_extern_ops: dict[str, int] = field(default_factory=dict)
    sw_copies: int = 0  # graph-level prims that move data
    sw_copy_ops: dict[str, int] = field(default_factory=dict)
    sw_bytes: int = 0
    min_bytes: int = 0  # inputs and parameters read once, gradients and the loss written once
    sw_attention: str = ""  # attention kernels: forward + backward
    sw_compile_s: float = 0.0
    sw_error: str = ""
    ind_graphs: int = 0
    ind_kernels: int = 0
    ind_launches: int = 0
    ind_externs: int = 0
    ind_extern_ops: dict[str, int] = field(default_factory=dict)
    ind_compile_s: float = 0.0
    ind_error: str = ""

    @property
    def sw_per_step(self) -> int:
        return self.sw_launches + self.sw_externs + self.sw_copies

    @property
    def ind_per_step(self) -> int:
        return self.ind_launches + self.ind_externs


def step(model: torch.nn.Module, inputs: tuple[Any, ...]) -> tuple[float, dict[str, Any]]:
    """One training step: the loss and each parameter's gradient (zeroed first)."""
    model.zero_grad(set_to_none=True)
    loss = model(*inputs)
    loss.backward()
    grads = {
        n.removeprefix("_orig_mod."): p.grad  # a compiled module's parameters keep their names
        for n, p in model.named_parameters()
        if p.grad is not None
    }
    return loss.item(), grads


def timed_steps(model: torch.nn.Module, inputs: tuple[Any, ...]) -> tuple[float, Any, float]:
    """(first step's seconds, its loss and gradients, a second step's seconds)."""
    start = time.perf_counter()
    result = step(model, inputs)
    first = time.perf_counter() - start
    start = time.perf_counter()
    step(model, inputs)
    return first, result, time.perf_counter() - start


def stepwell_numbers(row: Row, model: torch.nn.Module, inputs: tuple[Any, ...]) -> None:
    want_loss, want_grads = step(model, inputs)
    torch._dynamo.reset()
    with tempfile.TemporaryDirectory() as dump:
        compiled = torch.compile(
            copy.deepcopy(model), backend="stepwell", options={"dump_dir": dump}
        )
        try:
            first, (loss, grads), steady = timed_steps(compiled, inputs)
        except Exception as e:
            row.sw_error = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"
            return
        row.sw_compile_s = round(first - steady, 2)
        row.loss_error = abs(loss - want_loss)
        row.grad_error = max((grads[n] - g).abs().max().item() for n, g in want_grads.items())
        if set(grads) != set(want_grads):
            row.sw_error = f"gradients missing: {sorted(set(want_grads) - set(grads))}"
        kinds: list[str] = []
        for graph in sorted(Path(dump).iterdir()):
            manifest = json.loads((graph / "manifest.json").read_text())
            kinds += [k["kind"] for k in manifest["kernels"]]
            row.sw_graphs += 1
            row.sw_kernels += len(manifest["kernels"])
            row.sw_launches += manifest["launches"]
            row.sw_bytes += manifest["bytes_read"] + manifest["bytes_written"]
            for op, n in manifest["externs"].items():
                row.sw_extern_ops[op] = row.sw_extern_ops.get(op, 0) + n
            for op, n in manifest["graph_level_copies"].items():
                row.sw_copy_ops[op] = row.sw_copy_ops.get(op, 0) + n
        row.sw_attention = f"{kinds.count('attention')}+{kinds.count('attention_backward')}"
    row.sw_externs = sum(row.sw_extern_ops.values())
    row.sw_copies = sum(row.sw_copy_ops.values())
    row.min_bytes = minimum_bytes(model, inputs)


def minimum_bytes(model: torch.nn.Module, inputs: tuple[Any, ...]) -> int:
    """A step's floor: every input and parameter read once, every gradient and the loss
    written once."""
    params = sum(p.numel() * p.element_size() for p in model.parameters() if p.requires_grad)
    data = sum(x.numel() * x.element_size() for x in inputs if isinstance(x, torch.Tensor))
    return data + 2 * params + 4


def inductor_compile_time(row: Row, model: torch.nn.Module, inputs: tuple[Any, ...]) -> None:
    """Inductor's own CPU path (C++ kernels): first step − steady step. Runs before
    `use_inductor_triton` switches Inductor to Triton for CPU tensors."""
    import torch._inductor.config as inductor_config

    torch._dynamo.reset()
    compiled = torch.compile(copy.deepcopy(model), backend="inductor")
    with (
        inductor_config.patch(force_disable_caches=True),  # a cold compile every run
        contextlib.redirect_stderr(io.StringIO()),
    ):
        first, _, steady = timed_steps(compiled, inputs)
    row.ind_compile_s = round(first - steady, 2)


def inductor_counts(row: Row, model: torch.nn.Module, inputs: tuple[Any, ...]) -> None:
    """Kernels, launches and externs of Inductor's Triton code for the step's graphs. Its
    kernels are not launched (the interpreter runs them for minutes); a step that then
    fails on the garbage values (a max-pool's indices feeding a scatter) is counted with
    the kernels launched instead."""
    from torch._inductor.graph import GraphLowering

    for launch in (False, True):
        codes: list[str] = []
        torch._dynamo.reset()
        with (
            mock.patch.object(GraphLowering, "save_output_code", codes.append),
            contextlib.nullcontext() if launch else fusion._skip_triton_runs(),
            contextlib.redirect_stderr(io.StringIO()),
        ):
            try:
                step(torch.compile(copy.deepcopy(model), backend="inductor"), inputs)
                break
            except Exception:
                if launch:
                    raise
    row.ind_graphs = len(codes)
    for code in codes:
        row.ind_kernels += code.count("@triton.jit")
        row.ind_launches += len(fusion._LAUNCH.findall(code))
        for names in fusion._EXTERN.findall(code):
            name = names[0] or f"aten.{names[1]}"
            row.ind_extern_ops[name] = row.ind_extern_ops.get(name, 0) + 1
    row.ind_externs = sum(row.ind_extern_ops.values())


def _inductor(row: Row, measure: Any, name: str) -> None:
    model, inputs = training.example(name)
    try:
        measure(row, model, inputs)
    except Exception as e:
        row.ind_error = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"


def table(rows: list[Row]) -> str:
    """Markdown: launches per step, kernels, externs, copies and compile time."""
    head = (
        "| model | loss err | grad err | stepwell launches/step (kernels+externs+copies) "
        "| attention kernels (fwd+bwd) | KiB (kernels) | × minimum | compile s "
        "| inductor launches/step (kernels+externs) | compile s | ratio |"
    )
    lines = [head, "|" + "---|" * 11]
    for r in rows:
        if r.sw_error:
            lines.append(f"| {r.model} | error: {r.sw_error[:80]} |" + " - |" * 9)
            continue
        sw = f"{r.sw_per_step} ({r.sw_launches}+{r.sw_externs}+{r.sw_copies})"
        ind = f"{r.ind_per_step} ({r.ind_launches}+{r.ind_externs})" if r.ind_graphs else "-"
        ratio = f"{r.sw_per_step / r.ind_per_step:.2f}" if r.ind_per_step else "-"
        lines.append(
            f"| {r.model} | {r.loss_error:.1e} | {r.grad_error:.1e} | {sw} | {r.sw_attention} "
            f"| {r.sw_bytes / 1024:.0f} | {r.sw_bytes / max(r.min_bytes, 1):.1f} "
            f"| {r.sw_compile_s} | {ind} | {r.ind_compile_s} | {ratio} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/train.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--models", default=",".join(training.MODELS))
    parser.add_argument("--out", type=Path, default=ROOT / "results/train.json")
    parser.add_argument("--no-inductor", action="store_true", help="stepwell numbers only")
    args = parser.parse_args(argv)
    rows = []
    for name in args.models.split(","):
        start = time.perf_counter()
        rows.append(Row(name))
        stepwell_numbers(rows[-1], *training.example(name))
        if not args.no_inductor:
            _inductor(rows[-1], inductor_compile_time, name)
        print(f"{name}: {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    backend = None
    if not args.no_inductor:  # then Inductor's Triton code, for its counts
        backend = fusion.use_inductor_triton()
        for row in rows:
            _inductor(row, inductor_counts, row.model)
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "inductor_backend": backend,
        "rows": [
            {**asdict(r), "sw_per_step": r.sw_per_step, "ind_per_step": r.ind_per_step}
            for r in rows
        ],  # fmt: skip
        "table": table(rows),
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0 if all(not r.sw_error and r.grad_error < 1e-4 for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
