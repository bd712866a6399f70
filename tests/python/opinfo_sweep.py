"""Sweep PyTorch's OpInfo database through stepwell's torch -> prims path on CPU.

For each selected OpInfo (float32, CPU) and each of its first `MAX_SAMPLES` sample inputs:
`fn(*tensors)` calls the op with the sample's non-tensor arguments baked in; it is run
eagerly (the reference), traced with `make_fx` (real tensors) to an ATen graph, imported
(`import_graph`), decomposed (`decompose-torch-to-prims`) and interpreted, and the result
is compared with eager by `torch.testing.assert_close` (equal_nan=True).

Selected: OpInfos that support float32 on CPU, minus random ops and ops with unspecified
results (`RANDOM_OPS`, `has_nondeterministic_output`), in-place ops (`resize_`) and
autograd's backward kernels. A graph with in-place ATen ops is traced again with
functionalization (see `trace`), as torch.export would hand it over.

Each op ends in one outcome: `pass` (every traceable sample matches), `untraceable` (no
sample is stepwell's to run: eager raises, make_fx cannot trace it, it returns no tensor,
it draws random numbers (an OpInfo that seeds its RNG, e.g. SDPA with dropout) or eager
itself is not reproducible; the reason is kept), or the first failing sample's class:
`import` (import_graph raised), `decompose` (the pass raised), `interpret` (the
interpreter raised), `wrong` (a result differs: shape, dtype or values; the note says
whether the torch-level module was already wrong) or `timeout`. Passing ops also list the
`prims.extern` callees left after decomposition (ATen fallbacks, correct but undecomposed).

An op is "core" when the ATen graph traced from its first traceable sample holds only ops
tagged `torch.Tag.core` or ops that `torch._decomp.core_aten_decompositions()` lowers to
core (plus `getitem` and the functionalization artifact `lift_fresh_copy`): the OpInfo
exercises the core ATen op set.

Run it as a script for the full report: `python tests/python/opinfo_sweep.py [name ...]`.
"""

from __future__ import annotations

import contextlib
import functools
import json
import multiprocessing
import operator
import os
import sys
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch
import torch.utils._pytree as pytree

from stepwell.fuzz.limits import deadline

MAX_SAMPLES = int(os.environ.get("STEPWELL_OPINFO_SAMPLES", "5"))
"""Sample inputs tried per OpInfo (the first ones its sample function yields)."""

SAMPLE_TIMEOUT_S = 20
"""A sample that takes longer than this (trace + import + decompose + interpret) fails."""

BASE_ATOL = 1e-5
BASE_RTOL = 1.3e-6
"""assert_close's float32 defaults, raised to the OpInfo's own float32 toleranceOverride
(any test, any device) where it declares a looser one."""

FUNCTIONALIZE = os.environ.get("STEPWELL_OPINFO_FUNCTIONALIZE", "1") == "1"
"""Retrace graphs with in-place ATen ops with functionalization (see `trace`);
`STEPWELL_OPINFO_FUNCTIONALIZE=0` feeds them to the importer as they are."""

RANDOM_OPS = frozenset(
    """bernoulli cauchy exponential geometric log_normal multinomial normal poisson uniform
    rand rand_like randn randn_like randint randint_like randperm
    nn.functional.dropout nn.functional.dropout2d nn.functional.dropout3d
    nn.functional.alpha_dropout nn.functional.feature_alpha_dropout
    nn.functional.rrelu nn.functional.gumbel_softmax
    nn.functional.fractional_max_pool2d nn.functional.fractional_max_pool3d
    nn.functional.multi_head_attention_forward
    empty empty_like empty_strided empty_permuted new_empty new_empty_strided
    """.split()
)
"""Random ops and ops with unspecified (uninitialised) results: nothing to compare."""

OUTCOMES = ("pass", "import", "decompose", "interpret", "wrong", "timeout", "untraceable")
FAILURES = ("import", "decompose", "interpret", "wrong", "timeout")

_EXTRA_CORE = ("aten.lift_fresh_copy.default",)


def op_key(info: Any) -> str:
    """`name` or `name.variant` (OpInfos share names across variants)."""
    return f"{info.name}.{info.variant_test_name}" if info.variant_test_name else info.name


def select_opinfos(names: Sequence[str] = ()) -> list[Any]:
    """The float32 CPU OpInfos that are deterministic, out-of-place and not backward
    kernels (`names`: only those, by name or `name.variant`)."""
    from torch.testing._internal.common_methods_invocations import op_db

    chosen = []
    for info in op_db:
        if names and info.name not in names and op_key(info) not in names:
            continue
        if torch.float32 not in info.supported_dtypes("cpu"):
            continue
        if info.name in RANDOM_OPS or info.has_nondeterministic_output:
            continue
        if "backward" in info.name:  # autograd's kernels (_softmax_backward_data, ...)
            continue
        if info.name.endswith("_") and not info.name.endswith("__"):  # in-place (resize_)
            continue
        chosen.append(info)
    return chosen


def tolerances(info: Any) -> tuple[float, float]:
    """(atol, rtol): the defaults or the OpInfo's loosest float32 override
    (`toleranceOverride` or `precisionOverride`)."""
    atol, rtol = BASE_ATOL, BASE_RTOL
    for deco in info.decorators:
        for d in getattr(deco, "decorators", None) or [deco]:
            tol = getattr(d, "d", {}).get(torch.float32) if hasattr(d, "d") else None
            if isinstance(tol, float):  # precisionOverride: an atol
                atol = max(atol, tol)
            elif tol is not None:  # toleranceOverride: tol(atol, rtol)
                atol, rtol = max(atol, tol.atol), max(rtol, tol.rtol)
    return atol, rtol


# -- one sample -----------------------------------------------------------------------------


class _Timeout(Exception):
    pass


class _Failed(Exception):
    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class _Skip(Exception):
    """Not stepwell's to run: eager fails or is random, make_fx fails, no tensor result."""


def _deadline(seconds: int) -> contextlib.AbstractContextManager[None]:
    return deadline(seconds, lambda: _Timeout(f"over {seconds}s"))


def _first_line(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}".strip().splitlines()
    return (text[0] if text else type(e).__name__)[:300]


def _clone(ts: Sequence[torch.Tensor]) -> list[torch.Tensor]:
    return [t.clone() for t in ts]


def sample_function(info: Any, sample: Any) -> tuple[Callable[..., Any], list[torch.Tensor]]:
    """`fn(*tensors)` calling the op on the sample, non-tensor arguments baked in."""
    leaves, spec = pytree.tree_flatten((sample.input, sample.args, sample.kwargs))
    slots = [i for i, x in enumerate(leaves) if isinstance(x, torch.Tensor)]
    tensors = [leaves[i].detach() for i in slots]

    def fn(*ts: torch.Tensor) -> Any:
        vals = list(leaves)
        for i, t in zip(slots, ts, strict=True):
            vals[i] = t
        inp, args, kwargs = pytree.tree_unflatten(vals, spec)
        out = info.op(inp, *args, **kwargs)
        return tuple(x for x in pytree.tree_leaves(out) if isinstance(x, torch.Tensor))

    return fn, tensors


def trace(fn: Callable[..., Any], tensors: Sequence[torch.Tensor]) -> Any:
    """The ATen graph of `fn` by make_fx; a graph that mutates (`copy_` into a view, e.g.
    `pad(mode="circular")`) is traced again through dispatch-level functionalization, as
    torch.export would give it: the importer gives every op value semantics."""
    from torch._subclasses.functional_tensor import dispatch_functionalize
    from torch.fx.experimental.proxy_tensor import make_fx

    gm = make_fx(fn, tracing_mode="real")(*_clone(tensors))
    if FUNCTIONALIZE and any(_mutates(n.target) for n in gm.graph.nodes):
        # dispatch-level (as export does): torch.func.functionalize misses mutations made
        # inside Python kernels such as pad(mode="circular")'s
        gm = make_fx(dispatch_functionalize(fn), tracing_mode="real")(*_clone(tensors))
    return gm


def _mutates(target: Any) -> bool:
    schema = getattr(target, "_schema", None)
    return bool(schema is not None and schema.is_mutable)


def _module_inputs(module: Any, gm: Any, tensors: Sequence[torch.Tensor]) -> list[Any]:
    from stepwell.frontend.fx import graph_inputs

    user = iter(tensors)
    args: list[Any] = []
    for gi in graph_inputs(module):
        args.append(next(user) if gi.kind == "input" else getattr(gm, gi.name).clone())
    return args


def _compare(got: Sequence[Any], want: Sequence[torch.Tensor], tol: tuple[float, float]) -> None:
    if len(got) != len(want):
        raise AssertionError(f"{len(got)} results, eager gives {len(want)}")
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        atol, rtol = tol if w.is_floating_point() or w.is_complex() else (0.0, 0.0)
        try:
            torch.testing.assert_close(g, w, atol=atol, rtol=rtol, equal_nan=True)
        except AssertionError as e:
            lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
            raise AssertionError(f"result {i}: " + " | ".join(lines[:4])) from None


@functools.cache
def _core_decomposed() -> frozenset[str]:
    from torch._decomp import core_aten_decompositions

    return frozenset(str(k) for k in core_aten_decompositions())


def _is_core(targets: Sequence[Any]) -> bool:
    decomposed = _core_decomposed()
    for t in targets:
        if t is operator.getitem or str(t) in _EXTRA_CORE:
            continue
        if not isinstance(t, torch._ops.OpOverload):
            return False
        if torch.Tag.core not in t.tags and str(t) not in decomposed:
            return False
    return True


def run_sample(info: Any, sample: Any, tol: tuple[float, float]) -> tuple[list[Any], set[str]]:
    """(call targets of the traced ATen graph, the `prims.extern` callees left after
    decomposition). Raises _Skip, _Failed or _Timeout."""
    from stepwell.dialects.prims_support import ExternOp
    from stepwell.frontend.fx import import_graph
    from stepwell.ir.context import make_context
    from stepwell.ir.interpret import interpret
    from stepwell.passes.decompose_torch_to_prims import DecomposeTorchToPrims

    fn, tensors = sample_function(info, sample)
    try:
        want = fn(*_clone(tensors))
        again = fn(*_clone(tensors))
    except Exception as e:
        raise _Skip(f"eager: {_first_line(e)}") from e
    if not want:
        raise _Skip("no tensor output")
    try:
        _compare(again, want, (0.0, 0.0))
    except AssertionError as e:
        raise _Skip("eager is nondeterministic (e.g. dropout_p > 0)") from e
    try:
        gm = trace(fn, tensors)
    except _Timeout:
        raise
    except Exception as e:
        raise _Skip(f"make_fx: {_first_line(e)}") from e
    targets = [n.target for n in gm.graph.nodes if n.op == "call_function"]
    if any(torch.Tag.nondeterministic_seeded in getattr(t, "tags", ()) for t in targets):
        raise _Skip("random (the OpInfo seeds its RNG: wrapper_set_seed)")
    try:
        module = import_graph(gm, tensors)
    except _Timeout:
        raise
    except Exception as e:
        raise _Failed("import", _first_line(e)) from e
    try:
        DecomposeTorchToPrims(report=False).apply(make_context(), module)
    except _Timeout:
        raise
    except Exception as e:
        raise _Failed("decompose", _first_line(e)) from e
    externs = {o.callee.data for o in module.walk() if isinstance(o, ExternOp)}
    try:
        got = interpret(module, *_module_inputs(module, gm, _clone(tensors)))
    except _Timeout:
        raise
    except Exception as e:
        raise _Failed("interpret", _first_line(e)) from e
    try:
        _compare(got, want, tol)
    except AssertionError as e:
        note = _torch_level_note(gm, tensors, want, tol)
        raise _Failed("wrong", f"{_first_line(e)}{note}") from e
    return targets, externs


def _torch_level_note(gm: Any, tensors: Sequence[torch.Tensor], want: Any, tol: Any) -> str:
    """Whether the torch-level module (before decomposition) was already wrong."""
    from stepwell.frontend.fx import import_graph
    from stepwell.ir.interpret import interpret

    try:
        module = import_graph(gm, tensors)
        _compare(interpret(module, *_module_inputs(module, gm, _clone(tensors))), want, tol)
    except Exception:
        return " [torch level already wrong]"
    return " [after decomposition]"


# -- one op ---------------------------------------------------------------------------------


@dataclass
class OpResult:
    op: str
    outcome: str
    core: bool | None = None
    samples: int = 0
    error: str = ""
    sample: str = ""
    aten: list[str] = field(default_factory=list)
    externs: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _describe(sample: Any) -> str:
    def show(x: Any) -> Any:
        if isinstance(x, torch.Tensor):
            return f"T{list(x.shape)}:{str(x.dtype).removeprefix('torch.')}"
        return x

    inp, args, kwargs = pytree.tree_map(show, (sample.input, sample.args, sample.kwargs))
    return f"input={inp} args={args} kwargs={kwargs}"[:300]


def first_samples(info: Any, n: int) -> list[Any]:
    """The OpInfo's first `n` float32 CPU samples, the RNG seeded before each as
    `info.sample_inputs` does (called directly: its input tracking walks the stack)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = iter(info.sample_inputs_func(info, "cpu", torch.float32, False))
        samples = []
        for _ in range(n):
            torch.manual_seed(0)
            sample = next(gen, None)
            if sample is None:
                break
            samples.append(sample)
    return samples


def run_op(info: Any, max_samples: int = MAX_SAMPLES, traced: int | None = None) -> OpResult:
    """The op's outcome over its first `max_samples` samples; with `traced`, it stops once
    that many traceable samples have run (skipped samples do not count), so an op is
    traceable, and core, exactly when it is in the full sweep."""
    start = time.perf_counter()
    result = OpResult(op_key(info), "untraceable")
    tol = tolerances(info)
    skipped: list[str] = []
    try:
        samples = first_samples(info, max_samples)
    except Exception as e:
        result.error = f"sample_inputs: {_first_line(e)}"
        return result
    for sample in samples:
        if traced is not None and result.samples >= traced:
            break
        try:
            with _deadline(SAMPLE_TIMEOUT_S), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                targets, externs = run_sample(info, sample, tol)
        except _Skip as e:
            skipped.append(str(e))
            continue
        except _Failed as e:
            result.outcome, result.error, result.sample = e.kind, str(e), _describe(sample)
            result.samples += 1
            break
        except _Timeout as e:
            result.outcome, result.error, result.sample = "timeout", str(e), _describe(sample)
            result.samples += 1
            break
        except Exception as e:  # a bug in this harness, reported as such
            result.outcome = "interpret"
            result.error = f"harness: {_first_line(e)} {traceback.format_exc(limit=-1)[-200:]}"
            break
        result.samples += 1
        result.outcome = "pass"
        result.externs = sorted(set(result.externs) | externs)
        if result.core is None:
            result.core = _is_core(targets)
            result.aten = _ops_in_targets(targets)
    if result.outcome == "untraceable":
        result.error = skipped[0] if skipped else "no samples"
    elif result.core is None and result.outcome != "untraceable":
        result.core = _core_of_failed(info, samples)
    result.seconds = round(time.perf_counter() - start, 3)
    return result


def _ops_in_targets(targets: Sequence[Any]) -> list[str]:
    return sorted({str(t) for t in targets if t is not operator.getitem})


def _core_of_failed(info: Any, samples: Sequence[Any]) -> bool | None:
    """Core-ness of an op whose first sample failed: trace the failing sample again."""
    for sample in samples:
        try:
            fn, tensors = sample_function(info, sample)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                gm = trace(fn, tensors)
            return _is_core([n.target for n in gm.graph.nodes if n.op == "call_function"])
        except Exception:
            continue
    return None


# -- the sweep ------------------------------------------------------------------------------


@functools.cache
def _selected() -> dict[str, Any]:
    return {op_key(i): i for i in select_opinfos()}


def _worker(job: tuple[str, int | None]) -> dict[str, Any]:
    key, traced = job
    return asdict(run_op(_selected()[key], traced=traced))


def _warm_up() -> None:
    """Import and exercise every stage once, so forked workers start warm."""
    from torch.testing._internal.opinfo.core import SampleInput

    info = _selected()["abs"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run_sample(info, SampleInput(torch.ones(2)), tolerances(info))
        _core_decomposed()  # materialise the core decomposition table once, before forking


def sweep(
    names: Sequence[str] = (), workers: int | None = None, traced: int | None = None
) -> list[OpResult]:
    """Run every selected op in `workers` forked processes (default: the CPUs, at most 4);
    `traced`: at most that many traceable samples per op (see `run_op`)."""
    jobs = [(op_key(i), traced) for i in select_opinfos(names)]
    if workers is None:
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
        workers = min(4, cpus or os.cpu_count() or 1)
    _warm_up()
    if workers <= 1 or len(jobs) < 8:
        return [OpResult(**_worker(j)) for j in jobs]
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the forked workers share the CPUs
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_worker, jobs, chunksize=1)
    finally:
        torch.set_num_threads(threads)
    return [OpResult(**d) for d in results]


def summarize(
    results: Sequence[OpResult], seconds: float, traced: int | None = None
) -> dict[str, Any]:
    def fraction(rs: Sequence[OpResult]) -> float:
        tried = [r for r in rs if r.outcome != "untraceable"]
        return sum(r.outcome == "pass" for r in tried) / len(tried) if tried else 0.0

    core = [r for r in results if r.core]
    return {
        "ops": len(results),
        "traceable": sum(r.outcome != "untraceable" for r in results),
        "passed": sum(r.outcome == "pass" for r in results),
        "pass_fraction": fraction(results),
        "core_ops": len(core),
        "core_traceable": sum(r.outcome != "untraceable" for r in core),
        "core_passed": sum(r.outcome == "pass" for r in core),
        "core_pass_fraction": fraction(core),
        "outcomes": dict(Counter(r.outcome for r in results)),
        "core_outcomes": dict(Counter(r.outcome for r in core)),
        "passed_without_extern": sum(r.outcome == "pass" and not r.externs for r in results),
        "core_passed_without_extern": sum(r.outcome == "pass" and not r.externs for r in core),
        "max_samples": MAX_SAMPLES,
        "traced_samples": traced,  # None: every traceable one of the first max_samples
        "seconds": round(seconds, 1),
        "torch": torch.__version__,
        "results": [asdict(r) for r in results],
    }


def report(summary: dict[str, Any]) -> str:
    s = summary
    lines = [
        f"OpInfo -> prims sweep: {s['passed']}/{s['traceable']} traceable ops pass "
        f"({s['pass_fraction']:.1%}); core: {s['core_passed']}/{s['core_traceable']} "
        f"({s['core_pass_fraction']:.1%}); {s['ops']} ops, {s['seconds']}s",
        "outcomes: " + ", ".join(f"{k}={s['outcomes'].get(k, 0)}" for k in OUTCOMES),
        "core outcomes: " + ", ".join(f"{k}={s['core_outcomes'].get(k, 0)}" for k in OUTCOMES),
        f"passing ops with no prims.extern left: {s['passed_without_extern']} "
        f"(core: {s['core_passed_without_extern']})",
    ]
    for r in s["results"]:
        if r["outcome"] in FAILURES:
            core = "core" if r["core"] else "    "
            lines.append(f"  FAIL {r['outcome']:<9} {core} {r['op']}: {r['error']}")
    untraceable = [r["op"] for r in s["results"] if r["outcome"] == "untraceable"]
    lines.append(f"untraceable ({len(untraceable)}): {' '.join(untraceable)}")
    return "\n".join(lines)


def write_json(summary: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1) + "\n")


def main(argv: Sequence[str]) -> None:
    start = time.perf_counter()
    results = sweep(argv)
    summary = summarize(results, time.perf_counter() - start)
    print(report(summary))
    if not argv:
        write_json(summary, Path(__file__).resolve().parents[2] / "results/opinfo_prims.json")


if __name__ == "__main__":
    main(sys.argv[1:])
