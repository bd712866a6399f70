"""The IR mutation fuzzer, a fixed slice of it: mutants of the zoo's IR at the torch,
prims and tile levels go through stepwell-opt with no traceback and no hang.
`python -m stepwell.fuzz mutants --count 1000` is the long run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stepwell.fuzz.mutants import mutate, run_mutant

CORPUS = Path(__file__).resolve().parents[1] / "fuzz" / "corpus"
FILES = sorted(p for p in CORPUS.glob("*.mlir") if not p.name.startswith("gpt2"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_mutants_end_in_a_diagnostic_never_a_traceback(path: Path) -> None:
    text, level = path.read_text(), path.suffixes[-2].lstrip(".")
    # (100 seeds a file under `make test-full`; `python -m stepwell.fuzz mutants` for more)
    seeds = range(100 if os.environ.get("STEPWELL_TEST_FULL") else 50)
    outcomes = [run_mutant(mutate(text, seed), level, seconds=30) for seed in seeds]
    bad = [f"seed {s}: {o.status}: {o.detail}" for s, o in enumerate(outcomes)
           if o.status in ("traceback", "hang")]  # fmt: skip
    assert not bad, "\n".join(bad)
    assert any(o.status == "rejected" for o in outcomes), "the mutants reach the verifiers"


def test_corpus_covers_every_level() -> None:
    levels = {p.suffixes[-2].lstrip(".") for p in FILES}
    assert levels == {"torch", "prims", "tile"}


def test_a_traceback_is_told_apart_from_a_diagnostic() -> None:
    assert run_mutant((CORPUS / "mlp.tile.mlir").read_text(), "tile").status == "ok"
    assert run_mutant("func.func @f( {", "tile").status == "rejected"
