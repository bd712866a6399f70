"""The program fuzzer, a fixed slice of it: random PyTorch programs through
`torch.compile(backend="stepwell")` match eager on values, dtype, shape and NaN positions.
`python -m stepwell.fuzz programs --count 5000` is the long run."""

from __future__ import annotations

import pytest

from stepwell.fuzz.programs import generate, run

SEEDS = range(100)


@pytest.mark.parametrize("first", range(0, len(SEEDS), 25))
def test_random_programs_match_eager(first: int) -> None:
    findings = []
    for seed in SEEDS[first : first + 25]:
        outcome = run(generate(seed))
        if outcome.status in ("wrong", "crash"):
            findings.append(
                f"seed {seed}: {outcome.status}: {outcome.detail}\n{outcome.program.source}"
            )
    assert not findings, "\n".join(findings)


def test_generated_programs_are_reproducible_and_varied() -> None:
    assert generate(7).source == generate(7).source
    sources = {generate(s).source for s in range(100)}
    assert len(sources) == 100
    text = "".join(sources)
    ops = ("torch.where", "torch.sum", "@", ".to(torch.bfloat16)", "torch.amax", "torch.cat",
           "torch.cumsum", "torch.gather", "torch.tensor(")  # fmt: skip
    for op in ops:
        assert op in text, f"the first 100 programs never use {op}"
