"""`python -m stepwell.fuzz programs --count N`: the program fuzzer for nightly runs.

Prints one line per wrong result or crash (with the program to rerun it) and a summary;
exits 1 when any program was wrong or crashed. `--json FILE` writes the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from collections import Counter


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
    p.add_argument("--json", metavar="FILE", help="write the counts and failures as JSON")
    p.add_argument("--quiet", action="store_true", help="print only failures and the summary")
    args = parser.parse_args(argv)
    if args.count < 0:
        parser.error("--count must be >= 0")

    os.environ.setdefault("TRITON_INTERPRET", "1")
    warnings.filterwarnings("ignore")
    from stepwell.fuzz.programs import generate, run

    start = time.perf_counter()
    counts: Counter[str] = Counter()
    failures = []
    for seed in range(args.seed, args.seed + args.count):
        outcome = run(generate(seed))
        counts[outcome.status] += 1
        if outcome.status in ("wrong", "crash"):
            failures.append({"seed": seed, "status": outcome.status, "detail": outcome.detail,
                             "source": outcome.program.source})  # fmt: skip
            print(f"seed {seed}: {outcome.status}: {outcome.detail}")
            print("    " + outcome.program.source.replace("\n", "\n    ").rstrip())
        elif not args.quiet:
            print(f"seed {seed}: {outcome.status}", file=sys.stderr)
    seconds = time.perf_counter() - start
    summary = {"count": args.count, "first_seed": args.seed, "seconds": round(seconds, 1),
               **{k: counts[k] for k in ("ok", "wrong", "crash", "skipped")}}  # fmt: skip
    print(" ".join(f"{k}={v}" for k, v in summary.items()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({**summary, "failures": failures}, f, indent=1)
    return 1 if counts["wrong"] or counts["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
