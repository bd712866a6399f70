"""A fast subset of the OpInfo conformance suite (`python -m stepwell.conformance opinfo`):
21 representative ops, 2 samples each, through torch.compile(backend="stepwell")."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from stepwell import conformance

OPS = (
    "add mul div.no_rounding_mode exp tanh sigmoid nn.functional.relu nn.functional.gelu "
    "nn.functional.silu softmax log_softmax sum var where clamp matmul nn.functional.layer_norm "
    "nn.functional.conv2d cat transpose index_select argmax masked.sum scatter_reduce.prod"
).split()

MIN_PASSING = 0.90
"""Recorded figure: (native + fallback) / tried OpInfos of `OPS` (names select every variant:
27 OpInfos; measured 24/26 = 92.3% with 2 samples before scatter_reduce.prod joined, `sum`
and `masked.sum` failing; see benchmarks/CONFORMANCE.md)."""


@pytest.fixture(scope="module")
def results() -> dict[str, conformance.OpResult]:
    """The subset, run once in two forked workers."""
    return {r.op: r for r in conformance.run(OPS, max_samples=2, workers=2)}


def test_every_op_ran(results: dict[str, conformance.OpResult]) -> None:
    assert set(OPS) <= set(results)
    assert all(r.outcome != "skip" for r in results.values()), results


def test_passing_fraction(results: dict[str, conformance.OpResult]) -> None:
    summary = conformance.summarize(list(results.values()), 0.0, 2)
    fractions = summary["op_fractions"]
    failing = {r.op: r.error for r in results.values() if r.outcome == "fail"}
    assert fractions["native"] + fractions["fallback"] >= MIN_PASSING, failing
    assert conformance.headline(summary).startswith("stepwell OpInfo conformance: ops (")


def test_add_is_native(results: dict[str, conformance.OpResult]) -> None:
    add = results["add"]
    assert add.outcome == "native", add
    assert add.samples == {"native": 2} and not add.externs and add.launches >= 2


@pytest.mark.parametrize("op", ["sum", "masked.sum"])
def test_reductions_of_one_element_and_lifted_constants_are_native(
    op: str, results: dict[str, conformance.OpResult]
) -> None:
    """`sum`'s first samples reduce a 0-d tensor (a reduction of one element: its
    operand); `masked.sum` builds its mask from a constant Dynamo lifts with
    `lift_fresh_copy` (the constant itself)."""
    assert results[op].outcome == "native", results[op]


def test_conv2d_is_native(results: dict[str, conformance.OpResult]) -> None:
    conv = results["nn.functional.conv2d"]
    assert conv.outcome == "native", conv
    assert not conv.externs


def test_a_product_scatter_is_native(results: dict[str, conformance.OpResult]) -> None:
    """No atomic multiplies, yet `scatter_reduce(..., "prod")` of floats runs as kernels: a
    sum scatter of log-magnitudes and a count of sign bits."""
    prod = results["scatter_reduce.prod"]
    assert prod.outcome == "native", prod
    assert not prod.externs


def test_markdown_lists_every_op(results: dict[str, conformance.OpResult]) -> None:
    text = conformance.markdown(conformance.summarize(list(results.values()), 0.0, 2))
    assert all(f"| {op} |" in text for op in OPS)


def test_samples_after_the_traced_ones_run_opaquely_with_the_same_outcome() -> None:
    """Past the first `traced` samples, Dynamo puts the sample's call into its graph as one
    opaque call: the outcome is the same as with every sample traced, and an op whose
    traced samples broke the graph or gave none (`nonzero`: data-dependent) keeps being
    traced, so its graph breaks still make it `fallback`."""
    opaque = {r.op: r for r in conformance.run(["add", "nonzero"], 3, workers=1, traced=1)}
    traced = {r.op: r for r in conformance.run(["add", "nonzero"], 3, workers=1, traced=None)}
    assert opaque["add"].opaque == 2 and traced["add"].opaque == 0
    assert opaque["add"].samples == traced["add"].samples == {"native": 3}
    assert opaque["add"].launches == traced["add"].launches
    assert opaque["nonzero"].opaque == 0 and opaque["nonzero"].graph_breaks > 0
    assert opaque["nonzero"].outcome == traced["nonzero"].outcome == "fallback"


def test_an_opaque_sample_that_fails_is_run_again_traced(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error on the opaque path is not the op's failure: the sample runs again with
    Dynamo tracing it, and that run decides."""
    real = conformance._compile_and_run
    calls: list[bool] = []

    def flaky(fn, tensors, backend, opaque=False):  # type: ignore[no-untyped-def]
        calls.append(opaque)
        if opaque:
            raise RuntimeError("opaque capture failed")
        return real(fn, tensors, backend, opaque)

    monkeypatch.setattr(conformance, "_compile_and_run", flaky)
    (add,) = conformance.run(["add"], 2, workers=1, traced=1)
    assert add.samples == {"native": 2} and add.opaque == 0, add  # (the rerun decided)
    assert calls[-2:] == [True, False] and calls.count(True) == 1  # (after the warm-up)


def test_chunks_in_two_workers_give_what_one_worker_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """With several workers an op's samples run in chunks: the merged result is the one a
    single worker gives, and an op whose first chunk broke the graph (`nonzero`) is traced
    in its later chunks too."""
    monkeypatch.setattr(conformance, "CHUNK", 2)
    ops = ["add", "nonzero"]
    split = {r.op: r for r in conformance.run(ops, 5, workers=2)}
    whole = {r.op: r for r in conformance.run(ops, 5, workers=1)}
    for op in ops:
        a, b = split[op], whole[op]
        assert (a.outcome, a.samples, a.opaque, a.launches, a.externs, a.graph_breaks) == (
            b.outcome, b.samples, b.opaque, b.launches, b.externs, b.graph_breaks
        ), (a, b)  # fmt: skip
    assert split["add"].samples == {"native": 5} and split["add"].opaque == 5 - 2
    assert split["nonzero"].opaque == 0 and split["nonzero"].trace_all


class _SyncPool:
    """A pool that runs each job at once, in the caller (for `_schedule`'s order)."""

    def apply_async(self, fn, args, callback, error_callback):  # type: ignore[no-untyped-def]
        try:
            callback(fn(*args))
        except Exception as e:
            error_callback(e)


def test_the_op_with_most_samples_runs_first_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """`_schedule` starts the longest op first, queues its later chunks (opaque unless the
    first chunk said to trace all) ahead of shorter ops, and merges each op's chunks."""
    jobs: list[conformance.Job] = []

    def fake(job: conformance.Job) -> dict:
        jobs.append(job)
        stop = job.stop if job.stop is not None else 0
        r = conformance.OpResult(job.key, "native", start=job.start)
        r.samples = {"native": stop - job.start}
        r.trace_all = job.key == "mid"
        if job.key == "mid" and job.start == 4:
            r.samples, r.error = {"fail": 1, "native": 0}, "wrong"
        return asdict(r)

    monkeypatch.setattr(conformance, "_worker", fake)
    monkeypatch.setattr(conformance, "CHUNK", 4)
    sizes = {"small": 3, "big": 10, "mid": 6}
    got = conformance._schedule(_SyncPool(), 2, sizes, 2, False)
    assert [(j.key, j.start, j.stop) for j in jobs] == [
        ("big", 0, 4), ("mid", 0, 4), ("big", 4, 8), ("big", 8, 10), ("mid", 4, 6),
        ("small", 0, 3),
    ]  # fmt: skip
    assert all(j.opaque_ok for j in jobs if j.key == "big")
    assert not [j for j in jobs if j.key == "mid" and j.start][0].opaque_ok
    assert got["big"].samples == {"native": 10} and got["big"].outcome == "native"
    assert got["small"].samples == {"native": 3}
    assert got["mid"].outcome == "fail" and got["mid"].error == "wrong"
    assert got["mid"].samples == {"native": 4, "fail": 1}


def test_merge_keeps_the_first_failure_by_sample() -> None:
    """Chunks merge in sample order whatever order they returned in: counts add up, the
    first failing sample's error is kept, ATen ops are united; all skips stay a skip."""
    late = conformance.OpResult("op", "fail", {"fail": 1}, error="late", start=8)
    early = conformance.OpResult("op", "fail", {"fail": 2}, error="early", start=4)
    first = conformance.OpResult("op", "fallback", {"fallback": 4}, externs=["aten.a"])
    merged = conformance.merge([late, first, early])
    assert merged.outcome == "fail" and merged.error == "early"
    assert merged.samples == {"fallback": 4, "fail": 3} and merged.externs == ["aten.a"]
    skips = [conformance.OpResult("op", "skip", {"skip": 2}, skip_reason="eager: x")] * 2
    assert conformance.merge(skips).outcome == "skip"
    assert conformance.merge(skips).skip_reason == "eager: x"
