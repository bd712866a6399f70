"""OpInfo conformance of `torch.compile(backend="stepwell")`, end to end.

    python -m stepwell.conformance opinfo [--ops NAME ...] [--samples N] [--workers W]
                                          [--out results/opinfo.json]

Every OpInfo of PyTorch's `op_db` that supports float32 on CPU, every sample input (or the
first `--samples N`): `fn(*tensors)` calls the op with the sample's non-tensor arguments
baked in; it is run eagerly (the reference) and through `torch.compile(fn,
backend="stepwell")` with the kernels in Triton's interpreter (`TRITON_INTERPRET=1`), and
the results are compared with `torch.testing.assert_close(equal_nan=True)` at the OpInfo's
float32 tolerance. Dynamo's caches are reset before every sample, so every sample is
compiled on its own, with static shapes. Past the first `TRACED_SAMPLES` of an op, Dynamo
takes the call as one opaque call and AOTAutograd traces it: the same ATen graph, without
Dynamo's bytecode tracing (`_compile_and_run`; `--trace-all` traces every sample). Every
compiled graph's `manifest.json` (written through `STEPWELL_DUMP`) says what ran where.

The samples run in `--workers` forked processes (2 by default, one per core), each op's
in chunks of `CHUNK`, the op with most samples first (`_schedule`), so the max-pooling
ops (1,440 samples each) share the workers rather than one of them finishing alone; an
op's result merges its chunks (`merge`). While the harness runs, Dynamo's guard-latency
profile (a metric nothing here reads, a third of a cached sample's time) is skipped.

Each sample ends in one outcome:

* `native`: correct, every graph Dynamo captured ran as stepwell kernels: no `prims.extern`
  (ATen call), no graph-level prims op other than views (`VIEW_OPS`, which move no data;
  `--strict-views` counts them as fallback too) and allocations of 0-element tensors, no
  graph break, at least one graph;
* `fallback`: correct, but some of it ran in ATen: an extern, a graph-level prims op that
  is not a view (`prims.iota`, `prims.cat`, ..., or a view op the manifest lists under
  `graph_level_copies`: a reshape that strides cannot express copies), a graph break or
  no graph at all (Dynamo ran the op eagerly);
* `fail`: an error, a timeout or a wrong result (the first error message is kept);
* `skip`: not stepwell's to run: a random op, eager raises or is not reproducible, there is
  no tensor result, or `torch.compile(backend="eager")` fails on it too.

An op is `native`/`fallback`/`fail` by its samples (any fail: fail; any fallback:
fallback), or `skip` when every sample was skipped (the first reason is kept). Random ops
(`RANDOM_OPS`, `has_nondeterministic_output`) are skipped without running.

The sample machinery (selection by key, samples, tolerances, comparison) is the prims-level
sweep's, `tests/python/opinfo_sweep.py`, loaded from the source tree.
"""

from __future__ import annotations

from stepwell.lowering.triton.mode import prefer_interpreter

prefer_interpreter()  # kernels on CPU: decided before anything imports Triton

import argparse  # noqa: E402
import contextlib  # noqa: E402
import functools  # noqa: E402
import heapq  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import multiprocessing  # noqa: E402
import os  # noqa: E402
import queue  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from dataclasses import asdict, dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import Any  # noqa: E402

import torch  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_TIMEOUT_S = int(os.environ.get("STEPWELL_CONFORMANCE_TIMEOUT", "60"))
"""A sample that takes longer than this (compile + run in the interpreter) fails."""

OUTCOMES = ("native", "fallback", "fail", "skip")

VIEW_OPS = frozenset(
    f"prims.{name}"
    for name in "broadcast_in_dim transpose slice split_dim collapse squeeze reshape".split()
)
"""Graph-level prims ops that are views by design (docs/architecture.md: never kernels, no
data moved): they do not make a sample `fallback` unless `STRICT_VIEWS` is set, or the
manifest says one copies (`graph_level_copies`: its operand's strides cannot express it)."""

TRACED_SAMPLES = 2
"""The samples of each op run with Dynamo tracing the op's Python code; the others run as
one opaque call (`_compile_and_run`), the same ATen graph without the cost of Dynamo's
tracing, unless a traced sample broke the graph or gave none. `--trace-all`: every sample
traced (as before; a quick run took 551 s that way, 496 s with the default)."""

STRICT_VIEWS = False
"""`--strict-views`: graph-level view ops count as fallback too."""


@functools.cache
def sweep() -> ModuleType:
    """`tests/python/opinfo_sweep.py`, the prims-level OpInfo harness, as a module."""
    path = ROOT / "tests/python/opinfo_sweep.py"
    if not path.exists():
        raise RuntimeError(f"{path} not found: run the conformance suite from a source tree")
    from stepwell.frontend.loader import import_file

    return import_file(path, "stepwell_opinfo_sweep")


def select_opinfos(names: Sequence[str] = ()) -> list[Any]:
    """Every OpInfo that supports float32 on CPU (`names`: by name or `name.variant`)."""
    from torch.testing._internal.common_methods_invocations import op_db

    key = sweep().op_key
    return [
        info
        for info in op_db
        if (not names or info.name in names or key(info) in names)
        and torch.float32 in info.supported_dtypes("cpu")
    ]


def is_random(info: Any) -> bool:
    """Random ops and ops with unspecified results: nothing to compare with eager."""
    return info.name in sweep().RANDOM_OPS or bool(info.has_nondeterministic_output)


# -- one sample -----------------------------------------------------------------------------


class _Skip(Exception):
    """Not stepwell's to run (the message says why)."""


@dataclass
class SampleResult:
    """One sample's outcome and what its compiled graphs held."""

    outcome: str
    error: str = ""
    graphs: int = 0
    graph_breaks: int = 0
    launches: int = 0
    externs: list[str] = field(default_factory=list)
    graph_level: list[str] = field(default_factory=list)
    copies: list[str] = field(default_factory=list)  # graph-level ops that move data
    opaque: bool = False  # decided by an opaque run (`_compile_and_run`), not a traced one


def _error_line(e: BaseException) -> str:
    """The first line of the underlying error (Dynamo wraps the backend's exception)."""
    inner = getattr(e, "inner_exception", None)
    return sweep()._first_line(inner if isinstance(inner, BaseException) else e)


def _graph_breaks() -> int:
    from torch._dynamo.utils import counters

    return sum(counters["graph_break"].values())


def _compile_and_run(
    fn: Callable[..., Any], tensors: Sequence[torch.Tensor], backend: str, opaque: bool = False
) -> Any:
    """`torch.compile(fn, backend=...)` on fresh copies of `tensors`. `opaque`: Dynamo puts
    `fn` into its graph as one call (`allow_in_graph`) instead of tracing its Python
    bytecode, and AOTAutograd traces it at the dispatcher, as it traces every graph: the
    same ATen graph reaches the backend, without Dynamo's bytecode tracing and its guards
    on everything `fn` touches (most of a small sample's time)."""
    torch._dynamo.reset()
    if opaque:
        inner = torch._dynamo.allow_in_graph(fn)

        def fn(*ts: torch.Tensor) -> Any:
            return inner(*ts)

    compiled = torch.compile(fn, backend=backend)
    return compiled(*sweep()._clone(tensors))


def _manifests(directory: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(directory.glob("graph*/manifest.json"))]


def run_sample(
    info: Any, sample: Any, tol: tuple[float, float], opaque: bool = False
) -> SampleResult:
    """Compile and run one sample with stepwell and compare with eager (`opaque`: see
    `_compile_and_run`; a sample that fails or gives no graph that way is run again with
    Dynamo tracing it, and that run decides)."""
    sw = sweep()
    fn, tensors = sw.sample_function(info, sample)
    try:
        want = fn(*sw._clone(tensors))
        again = fn(*sw._clone(tensors))
    except Exception as e:
        raise _Skip(f"eager: {sw._first_line(e)}") from e
    if not want:
        raise _Skip("no tensor output")
    try:
        sw._compare(again, want, (0.0, 0.0))
    except AssertionError as e:
        raise _Skip("eager is not reproducible (random)") from e
    dump = Path(tempfile.mkdtemp(prefix="stepwell-conformance-"))
    old_dump = os.environ.get("STEPWELL_DUMP")
    os.environ["STEPWELL_DUMP"] = str(dump)
    breaks = _graph_breaks()
    try:
        try:
            got = _compile_and_run(fn, tensors, "stepwell", opaque)
            error = None
        except sw._Timeout:
            raise
        except Exception as e:
            error = e
        manifests = _manifests(dump)
    finally:
        if old_dump is None:
            os.environ.pop("STEPWELL_DUMP", None)
        else:
            os.environ["STEPWELL_DUMP"] = old_dump
        shutil.rmtree(dump, ignore_errors=True)
    graphs = len(manifests)
    if opaque and (error is not None or not graphs):  # (a wrong value below stays a fail)
        return run_sample(info, sample, tol)
    result = SampleResult("native", graphs=graphs, graph_breaks=_graph_breaks() - breaks)
    result.opaque = opaque
    result.launches = sum(m["launches"] for m in manifests)
    result.externs = sorted({x for m in manifests for x in m["externs"]})
    result.graph_level = sorted({x for m in manifests for x in m["graph_level_prims"]})
    result.copies = sorted({x for m in manifests for x in m["graph_level_copies"]})
    if error is None:
        try:
            sw._compare(list(got), want, tol)
        except AssertionError as e:
            error = e
    if error is not None:
        _check_dynamo_eager(fn, tensors, want, tol)  # raises _Skip if Dynamo cannot either
        result.outcome, result.error = "fail", _error_line(error)
    elif result.externs or _non_view(result) or result.graph_breaks or not graphs:
        result.outcome = "fallback"
    return result


def _non_view(result: SampleResult) -> list[str]:
    """The graph-level ops that make a sample `fallback`: those not views by design, and
    those the manifest found copying (a view op its operand's strides cannot express, a
    scatter's starting copy)."""
    ops = [op for op in result.graph_level if STRICT_VIEWS or op not in VIEW_OPS]
    return sorted(set(ops) | set(result.copies))


def _check_dynamo_eager(
    fn: Callable[..., Any], tensors: Sequence[torch.Tensor], want: Any, tol: Any
) -> None:
    """Raise _Skip when `torch.compile(backend="eager")` fails on the sample too."""
    sw = sweep()
    try:
        got = _compile_and_run(fn, tensors, "eager")
        sw._compare(list(got), want, tol)
    except sw._Timeout:
        raise
    except Exception as e:
        raise _Skip(f"dynamo (backend=eager): {_error_line(e)}") from e


# -- one op ---------------------------------------------------------------------------------


@dataclass
class OpResult:
    """One OpInfo's outcome over its samples."""

    op: str
    outcome: str
    samples: dict[str, int] = field(default_factory=dict)  # outcome -> count
    error: str = ""
    sample: str = ""
    skip_reason: str = ""
    externs: list[str] = field(default_factory=list)
    graph_level: list[str] = field(default_factory=list)
    graph_breaks: int = 0
    no_graph: int = 0
    launches: int = 0
    opaque: int = 0  # samples decided by an opaque call (`_compile_and_run`), not rerun traced
    seconds: float = 0.0  # CPU time: the sum over its chunks when the op was split
    start: int = 0  # the first sample this result covers (a chunk of the op's samples)
    trace_all: bool = False  # a traced sample broke the graph or gave none: no opaque runs


def run_op(
    info: Any,
    max_samples: int | None = None,
    traced: int | None = TRACED_SAMPLES,
    start: int = 0,
    opaque_ok: bool = True,
) -> OpResult:
    """Samples `start` to `max_samples` (all when None) of `info`, folded into one outcome.
    The op's first `traced` samples (all when None) are run with Dynamo tracing the call;
    the others opaquely (`_compile_and_run`), unless `opaque_ok` is False or a traced one
    broke the graph or gave none (`OpResult.trace_all` then says so)."""
    sw = sweep()
    begin = time.perf_counter()
    result = OpResult(sw.op_key(info), "skip", start=start)
    counts: Counter[str] = Counter()
    if is_random(info):
        result.skip_reason = "random"
        return result
    try:
        samples = sw.first_samples(info, max_samples if max_samples else 10**9)[start:]
    except Exception as e:
        result.skip_reason = f"sample_inputs: {sw._first_line(e)}"
        return result
    tol = sw.tolerances(info)
    opaque_ok = opaque_ok and traced is not None
    for n, sample in enumerate(samples, start):
        opaque = opaque_ok and n >= (traced or 0)
        try:
            with sw._deadline(SAMPLE_TIMEOUT_S), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                s = run_sample(info, sample, tol, opaque)
        except _Skip as e:
            counts["skip"] += 1
            result.skip_reason = result.skip_reason or str(e)
            continue
        except sw._Timeout as e:
            s = SampleResult("fail", error=f"timeout: {e}")
        except Exception as e:  # a bug in this harness, reported as a failure
            s = SampleResult("fail", error=f"harness: {sw._first_line(e)}")
        counts[s.outcome] += 1
        result.opaque += s.opaque
        if not s.opaque and (s.graph_breaks or not s.graphs):
            opaque_ok = False  # Dynamo's view of the op matters: trace every sample
        if s.outcome == "fail" and not result.error:
            result.error, result.sample = s.error, sw._describe(sample)
        result.externs = sorted(set(result.externs) | set(s.externs))
        result.graph_level = sorted(set(result.graph_level) | set(s.graph_level))
        result.graph_breaks += s.graph_breaks
        result.no_graph += s.graphs == 0
        result.launches += s.launches
    torch._dynamo.reset()
    result.trace_all = traced is not None and not opaque_ok
    result.samples = {k: counts[k] for k in OUTCOMES if counts[k]}
    result.seconds = round(time.perf_counter() - begin, 3)
    return _settle(result, empty=not samples)


def _settle(result: OpResult, empty: bool = False) -> OpResult:
    """`result.outcome` from its sample counts (any fail: fail; any fallback: fallback;
    any native: native; else skip, with a reason)."""
    result.outcome = next(
        (o for o in ("fail", "fallback", "native") if result.samples.get(o)), "skip"
    )
    if result.outcome != "skip":
        result.skip_reason = ""
    elif empty and not result.skip_reason:
        result.skip_reason = "no samples"
    return result


def merge(parts: Sequence[OpResult]) -> OpResult:
    """One op's result from the results of its chunks of samples (any order): counts,
    launches and seconds add up, ATen ops are united, the first failure (by sample) and
    the first skip reason are kept."""
    parts = sorted(parts, key=lambda r: r.start)
    first = parts[0]
    out = OpResult(first.op, "skip", skip_reason=first.skip_reason, trace_all=first.trace_all)
    counts: Counter[str] = Counter()
    for r in parts:
        counts.update(r.samples)
        if r.error and not out.error:
            out.error, out.sample = r.error, r.sample
        out.skip_reason = out.skip_reason or r.skip_reason
        out.externs = sorted(set(out.externs) | set(r.externs))
        out.graph_level = sorted(set(out.graph_level) | set(r.graph_level))
        out.graph_breaks += r.graph_breaks
        out.no_graph += r.no_graph
        out.launches += r.launches
        out.opaque += r.opaque
        out.seconds = round(out.seconds + r.seconds, 3)
        out.trace_all = out.trace_all or r.trace_all
    out.samples = {k: counts[k] for k in OUTCOMES if counts[k]}
    return _settle(out, empty=not sum(counts.values()))


# -- the run --------------------------------------------------------------------------------


@functools.cache
def _by_key() -> dict[str, Any]:
    return {sweep().op_key(i): i for i in select_opinfos()}


CHUNK = 64
"""With several workers an op's samples run in chunks of this many, longest op first, so
that the sample-heavy ops (max pooling: 1,440 samples) share the workers instead of one
of them finishing alone at the end."""


@dataclass(frozen=True)
class Job:
    """Samples `start` to `stop` (all when None) of one op, as `run_op` runs them."""

    key: str
    start: int
    stop: int | None
    traced: int | None
    opaque_ok: bool = True


def _worker(job: Job) -> dict[str, Any]:
    info = _by_key()[job.key]
    return asdict(run_op(info, job.stop, job.traced, job.start, job.opaque_ok))


@contextlib.contextmanager
def _no_guard_profiling() -> Iterator[None]:
    """Dynamo times every new guard set once for its metrics (`profile_guard_manager`,
    after flushing the CPU caches): about 30 ms of a sample that takes 150 ms when its
    graph is cached. The harness reads no such metric, so while it runs the profile is
    skipped; Dynamo's guards themselves are built and checked as always."""
    import torch._dynamo.guards as guards

    real = getattr(guards, "profile_guard_manager", None)
    if real is None:  # (another torch: nothing to skip)
        yield
        return
    guards.profile_guard_manager = lambda *args: 0.0
    try:
        yield
    finally:
        guards.profile_guard_manager = real


def _warm_up() -> None:
    """Compile and run one graph, so forked workers start with everything imported."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _compile_and_run(lambda a, b: a + b, [torch.ones(2), torch.ones(2)], "stepwell")
        torch._dynamo.reset()
    _by_key()


def _sample_count(key: str, max_samples: int | None) -> int:
    """How many samples `run_op` will run for the op (0: random, or no samples)."""
    info = _by_key()[key]
    if is_random(info):
        return 0
    try:
        return len(sweep().first_samples(info, max_samples or 10**9))
    except Exception:
        return 0


def run(
    names: Sequence[str] = (),
    max_samples: int | None = None,
    workers: int = 2,
    progress: bool = False,
    traced: int | None = TRACED_SAMPLES,
) -> list[OpResult]:
    """Run the selected OpInfos in `workers` forked processes; results in op_db order.
    With several workers, each op's samples run in chunks of `CHUNK` (`_schedule`)."""
    torch._dynamo.config.suppress_errors = False
    with _no_guard_profiling():
        return _run(names, max_samples, workers, progress, traced)


def _run(
    names: Sequence[str], max_samples: int | None, workers: int, progress: bool,
    traced: int | None,
) -> list[OpResult]:  # fmt: skip
    keys = [sweep().op_key(i) for i in select_opinfos(names)]
    _warm_up()
    if workers <= 1 or len(keys) < 2:
        out = []
        for k in keys:
            out.append(OpResult(**_worker(Job(k, 0, max_samples, traced))))
            if progress:
                _progress(out[-1], len(out), len(keys))
        return out
    sizes = {k: _sample_count(k, max_samples) for k in keys}
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the forked workers share the CPUs
    try:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(workers, maxtasksperchild=25) as pool:
            results = _schedule(pool, workers, sizes, traced, progress)
    finally:
        torch.set_num_threads(threads)
    return [results[k] for k in keys]


def _schedule(
    pool: Any, workers: int, sizes: dict[str, int], traced: int | None, progress: bool
) -> dict[str, OpResult]:
    """Run every op's samples on `pool`, keeping `workers` jobs in flight, the op with the
    most samples first. An op's first chunk decides whether its later chunks may run
    opaquely (a traced sample that broke the graph makes every later sample traced), so
    those chunks are queued when it returns; the op's result merges its chunks."""
    ready: list[tuple[int, int, Job]] = []  # (-op samples, order, job): a heap
    order = itertools.count()
    for key, size in sizes.items():
        heapq.heappush(ready, (-size, next(order), Job(key, 0, min(size, CHUNK) or None, traced)))
    parts: dict[str, list[OpResult]] = {k: [] for k in sizes}
    waiting = {k: 1 for k in sizes}  # chunks of each op not yet returned
    done: queue.SimpleQueue[tuple[Job, dict[str, Any] | BaseException]] = queue.SimpleQueue()
    results: dict[str, OpResult] = {}
    in_flight = 0
    while ready or in_flight:
        while ready and in_flight < workers:
            job = heapq.heappop(ready)[2]
            pool.apply_async(
                _worker, (job,),
                callback=functools.partial(lambda j, d: done.put((j, d)), job),
                error_callback=functools.partial(lambda j, e: done.put((j, e)), job),
            )  # fmt: skip
            in_flight += 1
        job, d = done.get()
        in_flight -= 1
        if isinstance(d, BaseException):  # the worker died: a bug in this harness
            d = asdict(OpResult(job.key, "fail", error=f"harness: {d!r}", start=job.start))
        r = OpResult(**d)
        parts[job.key].append(r)
        waiting[job.key] -= 1
        size = sizes[job.key]
        if job.start == 0 and size > CHUNK:
            for start in range(CHUNK, size, CHUNK):
                later = Job(job.key, start, min(start + CHUNK, size), traced, not r.trace_all)
                heapq.heappush(ready, (-size, next(order), later))
                waiting[job.key] += 1
        if not waiting[job.key]:
            results[job.key] = merge(parts.pop(job.key))
            if progress:
                _progress(results[job.key], len(results), len(sizes))
    return results


def _progress(r: OpResult, done: int, total: int) -> None:
    note = r.error or r.skip_reason
    print(f"[{done}/{total}] {r.outcome:<8} {r.op} ({r.seconds:.1f}s) {note[:100]}", flush=True)


def summarize(results: Sequence[OpResult], seconds: float, max_samples: int | None) -> dict:
    """Counts and fractions over ops and over samples (skips left out of the fractions)."""
    ops = Counter(r.outcome for r in results)
    samples: Counter[str] = Counter()
    for r in results:
        samples.update(r.samples)

    def fractions(c: Counter[str]) -> dict[str, float]:
        tried = sum(c[k] for k in ("native", "fallback", "fail"))
        return {k: (c[k] / tried if tried else 0.0) for k in ("native", "fallback", "fail")}

    skips = Counter(
        "random"
        if r.skip_reason == "random"
        else r.skip_reason.split(":")[0].split(" (")[0]
        if r.skip_reason
        else "other"
        for r in results
        if r.outcome == "skip"
    )
    return {
        "ops": {k: ops[k] for k in OUTCOMES},
        "op_fractions": fractions(ops),
        "samples": {k: samples[k] for k in OUTCOMES},
        "sample_fractions": fractions(samples),
        "skipped_ops_by_reason": dict(skips),
        "max_samples": max_samples,
        "strict_views": STRICT_VIEWS,
        "sample_timeout_s": SAMPLE_TIMEOUT_S,
        "opaque_samples": sum(r.opaque for r in results),
        "seconds": round(seconds, 1),
        "torch": torch.__version__,
        "results": [asdict(r) for r in results],
    }


def headline(s: dict[str, Any]) -> str:
    """`native / fallback / fail` percentages over ops and over samples."""
    o, f = s["op_fractions"], s["sample_fractions"]
    n_ops = sum(s["ops"][k] for k in ("native", "fallback", "fail"))
    n_samples = sum(s["samples"][k] for k in ("native", "fallback", "fail"))
    return (
        f"stepwell OpInfo conformance: ops ({n_ops}): native {o['native']:.1%}, "
        f"fallback {o['fallback']:.1%}, fail {o['fail']:.1%}; samples ({n_samples}): "
        f"native {f['native']:.1%}, fallback {f['fallback']:.1%}, fail {f['fail']:.1%}; "
        f"skipped {s['ops']['skip']} ops ({s['samples']['skip']} samples); {s['seconds']}s"
    )


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")[:160]


def markdown(s: dict[str, Any]) -> str:
    """The results as a markdown table, headline first."""
    lines = [
        "# stepwell OpInfo conformance (torch.compile, Triton interpreter)",
        "",
        headline(s),
        "",
        f"Samples per op: {s['max_samples'] or 'all'}; skipped ops by reason: "
        + ", ".join(f"{k} {v}" for k, v in sorted(s["skipped_ops_by_reason"].items())),
        "",
        "| op | outcome | native | fallback | fail | skip | ATen / note |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in s["results"]:
        c = r["samples"]
        if r["outcome"] == "fail":
            note = r["error"]
        elif r["outcome"] == "skip":
            note = r["skip_reason"]
        else:
            parts = r["externs"] + r["graph_level"]
            if r["graph_breaks"]:
                parts.append(f"{r['graph_breaks']} graph breaks")
            if r["no_graph"]:
                parts.append(f"{r['no_graph']} samples without a graph")
            note = ", ".join(parts)
        lines.append(
            f"| {r['op']} | {r['outcome']} | {c.get('native', 0)} | {c.get('fallback', 0)} | "
            f"{c.get('fail', 0)} | {c.get('skip', 0)} | {_cell(note)} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m stepwell.conformance")
    sub = parser.add_subparsers(dest="suite", required=True)
    p = sub.add_parser("opinfo", help="every float32 CPU OpInfo through torch.compile")
    p.add_argument("--ops", nargs="*", default=[], help="OpInfo names or name.variant")
    p.add_argument("--samples", type=int, default=0, help="samples per op (0: all)")
    p.add_argument("--workers", type=int, default=2, help="forked worker processes")
    p.add_argument("--out", type=Path, default=Path("results/opinfo.json"))
    p.add_argument("--strict-views", action="store_true", help="graph-level views: fallback")
    p.add_argument("--quiet", action="store_true", help="no per-op progress lines")
    p.add_argument(
        "--trace-all",
        action="store_true",
        help=f"Dynamo traces every sample (default: the first {TRACED_SAMPLES} of each op; "
        "the others run as one opaque call: the same ATen graph, without Dynamo's tracing)",
    )
    args = parser.parse_args(argv)
    global STRICT_VIEWS
    STRICT_VIEWS = args.strict_views
    start = time.perf_counter()
    traced = None if args.trace_all else TRACED_SAMPLES
    results = run(args.ops, args.samples or None, args.workers, not args.quiet, traced)
    summary = summarize(results, time.perf_counter() - start, args.samples or None)
    summary["subset"] = list(args.ops)  # (benchmarks/report.py renders whole runs only)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=1) + "\n")
    args.out.with_suffix(".md").write_text(markdown(summary))
    for r in summary["results"]:
        if r["outcome"] == "fail":
            print(f"  FAIL {r['op']}: {r['error'][:160]}")
    print(headline(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
