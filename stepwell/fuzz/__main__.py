"""stepwell's fuzzers, for nightly runs (`make test` runs small slices of both):

    python -m stepwell.fuzz programs --count N     random programs vs eager
    python -m stepwell.fuzz programs --mode train  ... with gradients (or --mode dynamic)
    python -m stepwell.fuzz mutants --count N      mutated IR into stepwell-opt
    python -m stepwell.fuzz corpus                 regenerate the IR the mutants start from

Each prints one line per finding (with what reproduces it) and a summary, and exits 1
when anything was found. `--json FILE` writes the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

CORPUS = Path("tests/fuzz/corpus")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m stepwell.fuzz",
        description="Fuzz stepwell: random PyTorch programs through torch.compile("
        "backend='stepwell'), compared with eager on values, dtype, shape and NaN positions.",
    )
    sub = parser.add_subparsers(dest="kind", required=True)
    p = sub.add_parser("programs", help="random PyTorch programs against eager")
    p.add_argument("--count", type=int, default=100, help="programs to run (default 100)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--mode", choices=("static", "dynamic", "train"), default="static",
                   help="static shapes (default); dynamic=True, called at the program's sizes "
                   "and again at larger ones; or train: gradients of the float inputs "
                   "compared too")  # fmt: skip
    p.add_argument("--json", metavar="FILE", help="write the counts and failures as JSON")
    p.add_argument("--quiet", action="store_true", help="print only failures and the summary")
    m = sub.add_parser("mutants", help="mutated IR into stepwell-opt: no traceback, no hang")
    m.add_argument("--count", type=int, default=100, help="mutants per corpus file")
    m.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    m.add_argument("--corpus", default=str(CORPUS), help=f"IR files to mutate (default {CORPUS})")
    m.add_argument("--json", metavar="FILE", help="write the counts and findings as JSON")
    c = sub.add_parser("corpus", help="write the zoo's IR at every level for the mutants")
    c.add_argument("--out", default=str(CORPUS), help=f"directory (default {CORPUS})")
    c.add_argument("--models", default="mlp,cnn,gpt2", help="examples/ models, comma-separated")
    args = parser.parse_args(argv)
    if getattr(args, "count", 0) < 0:
        parser.error("--count must be >= 0")

    from stepwell.lowering.triton.mode import prefer_interpreter

    prefer_interpreter()
    warnings.filterwarnings("ignore")
    if args.kind == "mutants":
        return fuzz_mutants(args)
    if args.kind == "corpus":
        return write_corpus(Path(args.out), args.models.split(","))
    from stepwell.fuzz.programs import generate, run

    start = time.perf_counter()
    counts: Counter[str] = Counter()
    failures = []
    for seed in range(args.seed, args.seed + args.count):
        outcome = run(generate(seed), args.mode)
        counts[outcome.status] += 1
        if outcome.status in ("wrong", "crash"):
            failures.append({"seed": seed, "status": outcome.status, "detail": outcome.detail,
                             "source": outcome.program.source})  # fmt: skip
            print(f"seed {seed}: {outcome.status}: {outcome.detail}")
            print("    " + outcome.program.source.replace("\n", "\n    ").rstrip())
        elif not args.quiet:
            print(f"seed {seed}: {outcome.status}", file=sys.stderr)
    seconds = time.perf_counter() - start
    summary = {"mode": args.mode, "count": args.count, "first_seed": args.seed,
               "seconds": round(seconds, 1),
               **{k: counts[k] for k in ("ok", "wrong", "crash", "skipped")}}  # fmt: skip
    print(" ".join(f"{k}={v}" for k, v in summary.items()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({**summary, "failures": failures}, f, indent=1)
    return 1 if counts["wrong"] or counts["crash"] else 0


def fuzz_mutants(args: argparse.Namespace) -> int:
    from stepwell.fuzz.mutants import mutate, run_mutant

    files = sorted(Path(args.corpus).glob("*.mlir"))
    if not files:
        print(f"stepwell.fuzz: error: no .mlir files in {args.corpus}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    counts: Counter[str] = Counter()
    findings = []
    for path in files:
        text, level = path.read_text(), path.suffixes[-2].lstrip(".")
        for seed in range(args.seed, args.seed + args.count):
            outcome = run_mutant(mutate(text, seed), level)
            counts[outcome.status] += 1
            if outcome.status in ("traceback", "hang"):
                findings.append({"file": path.name, "seed": seed, **vars(outcome)})
                print(f"{path.name} seed {seed}: {outcome.status}: {outcome.detail}")
    summary = {"files": len(files), "per_file": args.count,
               "seconds": round(time.perf_counter() - start, 1),
               **{k: counts[k] for k in ("ok", "rejected", "traceback", "hang")}}  # fmt: skip
    print(" ".join(f"{k}={v}" for k, v in summary.items()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({**summary, "findings": findings}, f, indent=1)
    return 1 if findings else 0


def write_corpus(out: Path, models: list[str]) -> int:
    """MODEL.LEVEL.mlir for each model of examples/ at the torch, prims and tile levels."""
    from stepwell.frontend.fx import import_program
    from stepwell.frontend.loader import export, load_example
    from stepwell.ir.printing import to_text
    from stepwell.pipeline import lower

    out.mkdir(parents=True, exist_ok=True)
    root = Path(__file__).resolve().parents[2]
    for model in models:
        module = import_program(export(load_example(str(root / "examples" / f"{model}.py"))))
        for level in ("torch", "prims", "tile"):
            (out / f"{model}.{level}.mlir").write_text(to_text(lower(module.clone(), level)))
            print(f"wrote {out / f'{model}.{level}.mlir'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
