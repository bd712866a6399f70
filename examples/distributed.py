"""Train a zoo model on 2 CPU processes (gloo) under DDP, FSDP2 or tensor parallelism,
once in eager and once with ``torch.compile(backend="stepwell")``, and compare.

    python examples/distributed.py --mode ddp --model gpt2 --steps 3
    python examples/distributed.py --mode fsdp --model llama
    python examples/distributed.py --mode tp --model llama

Each rank builds the same model (seeded), wraps it, and runs ``--steps`` AdamW steps on
its own batch (DDP, FSDP2: data parallel; every rank gets different token ids) or on the
shared batch (tensor parallel). The compiled run must give the eager run's losses and
parameters (``--tol``, 1e-4 in float32). The modes:

- ``ddp``: ``DistributedDataParallel``; Dynamo's DDP optimizer splits the graph at
  gradient-bucket boundaries (``--bucket-cap-mb``), and the all-reduces run between the
  compiled graphs, from DDP's hooks.
- ``fsdp``: FSDP2 ``fully_shard`` on every block of the model's ``ModuleList`` and on the
  root; parameters are gathered and gradients reduce-scattered by FSDP's hooks around
  the compiled graphs.
- ``tp``: Llama's attention (q/k/v column-wise, o row-wise) and MLP (gate/up column-wise,
  down row-wise) sharded with DTensor; the all-reduces of the row-wise layers are
  functional collectives inside the compiled forward and backward graphs, where stepwell
  keeps them whole and `schedule-collectives` overlaps them with independent kernels.

Prints one JSON object: per rank, the losses of both runs, the largest parameter
difference, and what the compiled graphs hold (graphs, kernels, ATen calls, collectives),
read from each rank's dump (``STEPWELL_DUMP``-style folders under ``--dump``).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))
import training  # noqa: E402 - the zoo's training models, beside this file

MODES = ("ddp", "fsdp", "tp")
WORLD = 2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _blocks(model: nn.Module) -> list[nn.Module]:
    """The repeated blocks of a model: the children of its ModuleLists."""
    return [b for m in model.modules() if isinstance(m, nn.ModuleList) for b in m]


def tensor_parallel(model: nn.Module, mesh: Any) -> None:
    """Shard every Llama-style decoder layer: attention q/k/v and MLP gate/up column-wise,
    attention o and MLP down row-wise (each rank keeps half of the heads)."""
    from torch.distributed.tensor.parallel import (
        ColwiseParallel,
        RowwiseParallel,
        parallelize_module,
    )

    plan = {
        **{f"self_attn.{p}": ColwiseParallel() for p in ("q_proj", "k_proj", "v_proj")},
        "self_attn.o_proj": RowwiseParallel(),
        **{f"mlp.{p}": ColwiseParallel() for p in ("gate_proj", "up_proj")},
        "mlp.down_proj": RowwiseParallel(),
    }
    layers = [b for b in _blocks(model) if hasattr(b, "self_attn") and hasattr(b, "mlp")]
    if not layers:
        raise ValueError("tensor parallel needs Llama-style layers (self_attn.q_proj, mlp...)")
    for layer in layers:
        parallelize_module(layer, mesh, plan)
        attn = layer.self_attn
        for name in ("num_heads", "num_key_value_heads"):  # the heads each rank keeps
            if hasattr(attn, name):
                setattr(attn, name, getattr(attn, name) // mesh.size())


def wrap(model: nn.Module, mode: str, bucket_cap_mb: float) -> nn.Module:
    from torch.distributed.device_mesh import init_device_mesh

    if mode == "ddp":
        # DDP (and Dynamo's DDP optimizer, which must agree with it) make the first bucket
        # 1 MiB; a tiny model split into small buckets needs a first one no larger
        cap = int(bucket_cap_mb * 1024 * 1024)
        dist._DEFAULT_FIRST_BUCKET_BYTES = min(dist._DEFAULT_FIRST_BUCKET_BYTES, cap)
        return nn.parallel.DistributedDataParallel(model, bucket_cap_mb=bucket_cap_mb)
    mesh = init_device_mesh("cpu", (WORLD,))
    if mode == "fsdp":
        from torch.distributed.fsdp import fully_shard

        for block in _blocks(model):
            fully_shard(block, mesh=mesh)
        fully_shard(model, mesh=mesh)
        return model
    tensor_parallel(model, mesh)
    return model


def batch(inputs: tuple[torch.Tensor, ...], mode: str, rank: int, step: int) -> tuple[Any, ...]:
    """The step's inputs: the example's own for tensor parallel (every rank computes the
    same batch), a different random batch per rank and step for data parallel."""
    if mode == "tp":
        return inputs
    gen = torch.Generator().manual_seed(1000 * step + rank)
    out = []
    for x in inputs:
        if x.dtype == torch.int64:
            out.append(torch.randint(0, int(x.max()) + 1, x.shape, generator=gen))
        else:
            out.append(torch.randn(x.shape, generator=gen, dtype=x.dtype))
    return tuple(out)


def full(t: torch.Tensor) -> torch.Tensor:
    """A parameter as one tensor (a DTensor gathered from every rank)."""
    return t.full_tensor() if hasattr(t, "full_tensor") else t


def train(
    name: str, mode: str, rank: int, steps: int, bucket_cap_mb: float, dump: Path | None
) -> tuple[list[float], dict[str, torch.Tensor]]:
    torch._dynamo.reset()
    model, inputs = training.example(name)
    model = wrap(model, mode, bucket_cap_mb)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    run = model
    if dump is not None:
        run = torch.compile(model, backend="stepwell", options={"dump_dir": str(dump)})
    losses = []
    for step in range(steps):
        opt.zero_grad(set_to_none=True)
        loss = run(*batch(inputs, mode, rank, step))
        loss.backward()
        opt.step()
        losses.append(float(loss.detach()))
    params = {n: full(p.detach()).clone() for n, p in model.named_parameters()}
    return losses, params


def compiled_graphs(dump: Path) -> dict[str, Any]:
    """What a rank's compiled graphs hold, from their dumped manifests."""
    graphs = kernels = 0
    externs: dict[str, int] = {}
    for manifest in sorted(dump.rglob("manifest.json")):
        m = json.loads(manifest.read_text())
        graphs += 1
        kernels += len(m.get("kernels", []))
        for callee, n in m.get("externs", {}).items():
            externs[callee] = externs.get(callee, 0) + n
    collectives = {k: n for k, n in externs.items() if "c10d" in k.split(".")[0]}
    aten = sum(n for k, n in externs.items() if k not in collectives)
    eager = [d.name for d in dump.glob("graph*") if not any(d.rglob("manifest.json"))]
    return {
        "graphs": graphs,
        "kernels": kernels,
        "aten_calls": aten,
        "collectives": collectives,
        "eager_graphs": len(eager),  # graphs stepwell could not compile (run eagerly)
    }


def worker(rank: int, port: int, args: argparse.Namespace, out: Path) -> None:
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    dist.init_process_group("gloo", rank=rank, world_size=WORLD)
    try:
        want_losses, want = train(args.model, args.mode, rank, args.steps, args.bucket_cap_mb,
                                  None)  # fmt: skip
        dump = out / f"dump-rank{rank}"
        losses, got = train(args.model, args.mode, rank, args.steps, args.bucket_cap_mb, dump)
        assert got.keys() == want.keys()
        diff = max(float((got[n] - want[n]).abs().max()) for n in want)
        result = {
            "eager_losses": want_losses,
            "stepwell_losses": losses,
            "max_param_diff": diff,
            **compiled_graphs(dump),
        }
        (out / f"rank{rank}.json").write_text(json.dumps(result))
    finally:
        dist.destroy_process_group()


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Spawn the ranks; returns {"rank0": {...}, "rank1": {...}} and whether they match."""
    with tempfile.TemporaryDirectory(prefix="stepwell-dist-") as tmp:
        out = Path(args.dump) if args.dump else Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        mp.spawn(worker, args=(free_port(), args, out), nprocs=WORLD)
        ranks = {f"rank{r}": json.loads((out / f"rank{r}.json").read_text()) for r in range(WORLD)}
    ok = all(
        r["max_param_diff"] <= args.tol
        and all(abs(a - b) <= args.tol * max(1.0, abs(a))
                for a, b in zip(r["eager_losses"], r["stepwell_losses"], strict=True))
        for r in ranks.values()
    )  # fmt: skip
    return {"model": args.model, "mode": args.mode, "steps": args.steps, "match": ok, **ranks}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mode", choices=MODES, default="ddp", help="how the model is distributed")
    p.add_argument("--model", choices=training.MODELS, default="gpt2", help="zoo model")
    p.add_argument("--steps", type=int, default=3, help="AdamW steps (default 3)")
    p.add_argument("--bucket-cap-mb", type=float, default=0.05,
                   help="DDP gradient bucket size; small buckets split the graph (default 0.05)")
    p.add_argument("--tol", type=float, default=1e-4, help="allowed difference from eager")
    p.add_argument("--dump", default="", help="keep each rank's dumps and results here")
    return p  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    result = run(parser().parse_args(argv))
    print(json.dumps(result, indent=2))
    return 0 if result["match"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
