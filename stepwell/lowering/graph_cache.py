"""The graph cache: a compiled graph (every level's IR, the Triton source, the manifest)
kept on disk, so a new process compiling a graph it has seen skips decomposition,
fusion and emission (Inductor's FX graph cache does the same for Inductor).

The key is the torch-level IR with its locations, the pipeline spec and a fingerprint
of the compiler: stepwell's own source files, and the torch, triton and xDSL versions.
Editing any stepwell file therefore misses every entry made before, as a new release
does. Entries are written and checked as the kernel cache's are (`cache.py`); a bad one
is discarded with a warning and the graph compiled again. `STEPWELL_GRAPH_CACHE=0`
turns it off; a custom pipeline or plugin passes bypass it (their code is not in the
fingerprint).

`torch.compile` looks a graph up before importing it, by a key made from the FX graph
itself (`fx_graph_key`: each node's op, target, arguments, value metadata and stack
trace; each input's size, strides, dtype and device kind), as Inductor's FX graph cache
does. A hit then needs neither the importer nor the passes, only the parser and the
runtime: a warm compile costs what reading the entry and parsing its graph-level plan
cost. Within a process, the artifacts read or compiled last are kept in memory as well
(`artifacts.RECENT`), and `frame_cache.py` finds an inference graph before AOTAutograd
traces it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import torch
import torch.fx

from stepwell.lowering.cache import read_entry, write_entry

GRAPH_CACHE_FORMAT = 6
LEVEL_FILES = ("torch", "prims", "tile")


def enabled() -> bool:
    return os.environ.get("STEPWELL_GRAPH_CACHE", "1") not in ("0", "false", "off", "")


@functools.cache
def compiler_fingerprint() -> str:
    """A digest of every stepwell source file and of the versions of what it builds on."""
    import triton
    import xdsl

    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    versions = f"{torch.__version__}|{triton.__version__}|{getattr(xdsl, '__version__', '?')}"
    digest.update(f"{versions}|{GRAPH_CACHE_FORMAT}".encode())
    return digest.hexdigest()


def graph_key(torch_text: str, spec: str) -> str:
    text = f"{compiler_fingerprint()}\n{spec}\n{torch_text}"
    return "graph-" + hashlib.sha256(text.encode()).hexdigest()[:32]


def fx_graph_key(gm: torch.fx.GraphModule, inputs: Sequence[Any], settings: str) -> str | None:
    """The key of an ATen-level FX graph called with `inputs`, under `settings` (the
    compile options that change the result), or None when the graph holds something
    the key cannot describe exactly (a Python callable, an opaque object): such a graph
    is looked up by its torch-level IR instead (`graph_key`). A graph attribute (a
    constant tensor) is an argument of the compiled graph, so its metadata is in the key
    and its values are not, except a one-element constant's, which the compiled graph
    holds as a number (`fx_nodes.one_element_constants`)."""
    from stepwell.frontend.aten_graph import is_aten_graph

    if not is_aten_graph(gm):  # the importer retraces it first
        return None
    return _described_key(gm, inputs, settings, "graph", "val", _callable_name)


def dynamo_graph_key(
    gm: torch.fx.GraphModule, inputs: Sequence[Any], settings: str
) -> str | None:
    """The key of the graph Dynamo hands a backend (torch-level calls such as
    `torch._C._nn.linear` and tensor methods by name), or None when it holds something
    the key cannot describe exactly. A submodule or attribute has values the key does
    not hold, so a graph with one has no key; nor has a graph called with a tensor
    subclass or a non-tensor input."""
    if not all(type(x) in (torch.Tensor, torch.nn.Parameter) for x in inputs):
        return None  # (a tensor subclass or a non-tensor input)
    for n in gm.graph.nodes:
        if n.op in ("call_module", "get_attr") or _holds_a_tensor((n.args, n.kwargs)):
            return None
    return _described_key(gm, inputs, settings, "frame", "example_value", _torch_callable_name)


def _holds_a_tensor(args: Any) -> bool:
    found: list[bool] = []
    torch.fx.node.map_aggregate(args, lambda a: found.append(isinstance(a, torch.Tensor)))
    return any(found)


def _described_key(
    gm: torch.fx.GraphModule,
    inputs: Sequence[Any],
    settings: str,
    kind: str,
    meta: str,
    name_of: Callable[[Any], str],
) -> str | None:
    """`KIND-` and a digest of `kind`, the graph's nodes (op, target by `name_of`,
    arguments, the value metadata `n.meta[meta]`, stack frames) and the inputs' metadata."""
    lines = [settings]
    try:
        lines += ["input " + _describe_value(x) for x in inputs]
        lines.append(_describe_shape_env(gm, inputs, meta))
        for n in gm.graph.nodes:
            target = name_of(n.target) if n.op == "call_function" else n.target
            if n.op == "get_attr":
                described = _describe_attribute(getattr(gm, str(n.target)))
            else:
                described = _describe_meta(n.meta[meta]) if meta in n.meta else "-"
            lines.append(
                f"{n.op} {n.name} {target} {_describe_arg(n.args)} {_describe_arg(n.kwargs)}"
                f" {described} {_stack_frames(n)} {n.meta.get('stepwell_name', '')}"
            )
    except _Undescribable:
        return None
    text = f"{compiler_fingerprint()}\n{kind}\n" + "\n".join(lines)
    return f"{kind}-" + hashlib.sha256(text.encode()).hexdigest()[:32]


class _Undescribable(Exception):
    """Something in an FX graph that has no exact, process-independent description."""


def _callable_name(target: Any) -> str:
    if isinstance(target, torch._ops.OpOverload | torch._ops.HigherOrderOperator):
        return str(target.name())
    if getattr(target, "__module__", None) in ("_operator", "operator", "math", "builtins"):
        return f"{target.__module__}.{target.__qualname__}"
    raise _Undescribable(target)


def _torch_callable_name(target: Any) -> str:
    """A function of torch's or Python's own modules by the name it is found under there
    (`torch.nn.functional.max_pool2d`, whose qualified name is `boolean_dispatch.<locals>
    .fn`, by its `__name__`)."""
    if isinstance(target, torch._ops.OpOverload | torch._ops.OpOverloadPacket):
        return str(target)
    module = getattr(target, "__module__", None) or ""
    if module.split(".")[0] in _NAMED_MODULES and module in sys.modules:
        for name in (getattr(target, "__qualname__", None), getattr(target, "__name__", None)):
            if isinstance(name, str) and _found_as(sys.modules[module], name) is target:
                return f"{module}.{name}"
    raise _Undescribable(target)


def _found_as(module: Any, name: str) -> Any:
    found = module
    for part in name.split("."):
        found = getattr(found, part, None)
    return found


_NAMED_MODULES = frozenset({"torch", "_operator", "operator", "math", "builtins"})


def _describe_shape_env(gm: torch.fx.GraphModule, inputs: Sequence[Any], meta: str) -> str:
    """What the shape environment of a graph with symbolic sizes knows that the importer
    simplifies sizes by (`types.simplified_size`, `size_ranges`, `size_equalities`): its
    replacements, divisibility facts, symbol ranges and guarded equalities. Two graphs of
    the same nodes can differ there: `x[:, 5::3]` first traced at 7 columns guards that
    the slice is `(s0//3) - 1 == 1` long, and its type says 1; the recompile at 10
    columns has no such guard, and the first graph's kernels gave 1 column where eager
    gives 2."""
    from stepwell.ir.types import guarded_equalities

    env = _shape_env([*inputs, *(n.meta.get(meta) for n in gm.graph.nodes)])
    if env is None:
        return "env -"
    facts = [
        *(f"replace {k} {v}" for k, v in env.replacements.items()),
        *(f"divisible {d}" for d in env.divisible),
        *(f"range {k} {r.lower} {r.upper}" for k, r in env.var_to_range.items()),
        *(f"equal {k} {v}" for k, v in guarded_equalities(env).items()),
    ]
    return "env " + ";".join(sorted(facts))


def _shape_env(values: Sequence[Any]) -> Any:
    """The shape environment of the first symbolic size among `values` (tensors, sizes,
    sequences of them), or None."""
    for v in values:
        if isinstance(v, list | tuple):
            if (found := _shape_env(v)) is not None:
                return found
            continue
        dims = list(v.shape) if isinstance(v, torch.Tensor) else [v]
        for d in dims:
            if isinstance(d, torch.SymInt | torch.SymFloat | torch.SymBool):
                return d.node.shape_env
    return None


def _describe_meta(val: Any) -> str:
    if isinstance(val, list | tuple):
        return "(" + ",".join(_describe_meta(v) for v in val) + ")"
    return _describe_value(val)


def _describe_value(x: Any) -> str:
    """A tensor by its metadata (sizes, strides, dtype, device kind, requires_grad), a
    size by its symbol or value, a scalar by its exact value."""
    if isinstance(x, torch.Tensor):
        if x.layout != torch.strided:  # (a sparse tensor has no strides)
            raise _Undescribable(x)
        return (
            f"T{tuple(str(d) for d in x.shape)}{tuple(str(d) for d in x.stride())}"
            f"{x.dtype}:{x.device.type}:{int(x.requires_grad)}:{int(x.is_conj())}"
            f"{int(x.is_neg())}"
        )
    if isinstance(x, torch.SymInt | torch.SymFloat | torch.SymBool):
        return f"S{x}"
    if x is None or isinstance(x, bool | int | float | str):
        return f"{type(x).__name__}:{x!r}"
    raise _Undescribable(x)


def _describe_attribute(x: Any) -> str:
    """A graph attribute: its metadata, and its value when it has one element (the
    importer folds such a constant into the compiled graph: `x + torch.tensor(0.3)`
    must not find the kernels of `x + torch.tensor(0.1)`)."""
    described = _describe_value(x)
    if isinstance(x, torch.Tensor) and x.numel() == 1 and x.device.type != "meta":
        from torch._subclasses.fake_tensor import FakeTensor, unset_fake_temporarily

        if isinstance(x, FakeTensor):
            raise _Undescribable(x)  # (a number the key cannot read)
        with unset_fake_temporarily():
            value = x.detach().reshape(()).item()
        described += f"={type(value).__name__}:{value!r}"
    return described


def _describe_arg(a: Any) -> str:
    if isinstance(a, torch.fx.Node):
        return f"%{a.name}"
    if isinstance(a, list):
        return "[" + ",".join(_describe_arg(v) for v in a) + "]"
    if isinstance(a, tuple):  # (`x[(0, 1)]` is not `x[[0, 1]]`)
        return "(" + ",".join(_describe_arg(v) for v in a) + ")"
    if isinstance(a, dict):
        return "{" + ",".join(f"{k}={_describe_arg(v)}" for k, v in a.items()) + "}"
    if isinstance(a, torch.dtype | torch.device | torch.layout | torch.memory_format):
        return f"{type(a).__name__}:{a}"
    if isinstance(a, slice):  # (indexing in a Dynamo graph: `x[..., :n]`)
        return f"slice({_describe_arg([a.start, a.stop, a.step])})"
    if a is Ellipsis:
        return "..."
    return _describe_value(a)


def _stack_frames(n: torch.fx.Node) -> str:
    """The frames of the node's stack trace (the IR's locations come from them)."""
    trace = n.meta.get("stack_trace") or ""
    return "|".join(ln.strip() for ln in trace.splitlines() if ln.strip().startswith("File "))


def load(
    key: str,
) -> tuple[dict[str, str], str, dict[str, Any], str | None, str | None] | None:
    """(level -> IR text, Triton source, manifest, the graph-level plan's text, the
    launch plan's JSON; each of the last two or None) of a cached graph, or None."""
    hit = read_entry(key, stem="graph", accept=_complete)
    if hit is None:
        return None
    files, _ = hit
    try:
        levels = {lv: str(files[f"{lv}.mlir"]) for lv in LEVEL_FILES if f"{lv}.mlir" in files}
        plan, steps = files.get("plan.mlir"), files.get("plan.json")
        return (levels, str(files["py"]), json.loads(files["json"]),
                str(plan) if plan else None, str(steps) if steps else None)  # fmt: skip
    except (KeyError, ValueError):  # an entry of another shape: compile again
        return None


def _complete(files: dict[str, str | bytes]) -> bool:
    """Does an entry hold what `load` reads?"""
    if not all(isinstance(files.get(f), str) for f in ("py", "json", "tile.mlir")):
        return False
    try:
        return isinstance(json.loads(files["json"]), dict)
    except ValueError:
        return False


def store(
    key: str,
    levels: dict[str, str],
    source: str,
    manifest: dict[str, Any],
    plan: str,
    launch_plan: str | None = None,
) -> None:
    files: dict[str, str | bytes] = {f"{lv}.mlir": text for lv, text in levels.items()}
    files["plan.mlir"] = plan
    if launch_plan is not None:
        files["plan.json"] = launch_plan
    files["py"] = source
    files["json"] = json.dumps(manifest)
    write_entry(key, files, {}, stem="graph")
