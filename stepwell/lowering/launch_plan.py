"""The launch plan: a compiled graph's graph-level function as a list of steps that runs
without xDSL, as Inductor's generated wrapper runs without FX.

`plan_builder.build_launch_plan` turns the tile-level module's graph function into plain
JSON when every graph-level op is one of the kinds below; the graph cache keeps it
(`plan.json`) next to the plan's IR. A warm `torch.compile` then imports neither xDSL's
parser nor its interpreter, and every call runs a short Python loop instead of
interpreting IR:

    {"format": 1, "function": "forward", "args": 3,
     "steps": [{"op": "launch", "kernel": "k0_mm", "grid": [4, 1, 1], "in": [{"s": 0},
                {"s": 1}], "inits": [], "donated": [], "new": [[[8, 16], "float32"]],
                "out": [3]},
               {"op": "call", "callee": "aten.gelu.default", "args": [{"s": 3}],
                "kwargs": {"approximate": "tanh"}, "dense": true, "out": [4]}],
     "returns": [{"s": 4}]}

A step's values are slots: the function's arguments are slots 0..args-1, each step's
results take the next ones. An argument is a slot (`{"s": i}`), a dtype (`{"dtype":
"float32"}`), a device (`{"device": "cpu"}`), a layout or memory format (`{"torch":
"contiguous_format"}`), a list, or a JSON scalar. Steps:

- `launch`: allocate the results and launch a Triton kernel (what `tile.launch` does);
- `call`: an ATen or prims overload by name (`prims.extern`, `torch.operator`, a prims op
  at graph level), resolved by `callees.resolve_callee`, which names no Python function;
  `dense` hands it its tensors in the standard layout, as an extern sees them;
- `reshape`: a view when the strides allow one, as the interpreter's `prims.reshape`; a
  symbolic size is evaluated with the symbols its input's dims bind (`binds`: `[0, dim,
  name]`), or the dims of the slots in `with` (function arguments: `[i, dim, name]` of
  the i-th), and one none of them binds is -1 (reshape infers it).

A plan that does not have this shape is refused (`PlanError`): it is read from the
cache, so it is checked like any other input. The steps run with the same semantics as
the IR interpreter's rules for the same ops (`stepwell/ir/interpret.py`,
`stepwell/lowering/runtime.py`); `test_launch_plan.py` compares the two.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import shutil
import sys
import tempfile
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from stepwell.ir.callees import (
    call_on_copies,
    dense_arguments,
    flat_results,
    on_graph_device,
    resolve_callee,
)
from stepwell.ir.sizes import (
    SizeError,
    SizeFunction,
    bind_symbols,
    compile_size,
    parse_size,
    symbols_of,
)
from stepwell.ir.writes import storage_of, write_back

PLAN_FORMAT = 6

DTYPES: dict[str, torch.dtype] = {
    name: d
    for name in dir(torch)
    if isinstance(d := getattr(torch, name, None), torch.dtype) and not name.startswith("_")
}
"""dtype names (`float32`, `int64`, ...) a plan may use."""


class PlanError(ValueError):
    """A launch plan that is not well formed."""


# -- what running compiled kernels needs, with or without xDSL ------------------------------


def load_kernels(source: str, directory: Path, interpret: bool) -> dict[str, Any]:
    """Write the Triton source to `directory/kernels.py` and import its kernels (for
    Triton's interpreter when `interpret`, see `mode.use_interpreter`)."""
    from stepwell.lowering.triton.mode import compiling_for_gpu, use_interpreter

    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "kernels.py"
    if not path.exists() or path.read_text() != source:
        path.write_text(source)
    name = f"stepwell_kernels_{'cpu' if interpret else 'gpu'}_{abs(hash(str(path)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    if interpret:
        from stepwell.lowering.triton.interpreter_fixes import prepare_kernels

        use_interpreter()
        spec.loader.exec_module(module)
        prepare_kernels(module, source, str(path))
    else:
        with compiling_for_gpu():
            spec.loader.exec_module(module)
    return {k: v for k, v in vars(module).items() if hasattr(v, "fn")}


SizeSpec = int | str
"""A grid entry or a dim of a launch's result: an int, or a size expression over the
kernel's symbols (`stepwell.ir.sizes`)."""


@functools.lru_cache(maxsize=4096)
def _size_function(text: str) -> SizeFunction:
    return compile_size(parse_size(text))


def size_value(spec: SizeSpec, bindings: Mapping[str, int]) -> int:
    """The value of a grid entry or result dim for the launch's bindings of symbols."""
    return spec if isinstance(spec, int) else _size_function(spec)(bindings)


def launch(
    kernel: Any,
    grid: Sequence[int],
    args: Sequence[torch.Tensor],
    n_inputs: int,
    donated: Sequence[bool],
    new: Sequence[tuple[Sequence[int], torch.dtype]],
    interpret: bool,
    symbols: Sequence[int] = (),
    device: torch.device | None = None,
) -> tuple[torch.Tensor, ...]:
    """Run one kernel: `args` are its inputs, then the inits of its first results, and
    `symbols` the values of its size symbols (its last arguments). Its results live where
    its arguments do; a kernel with none (an `iota`, a constant mask) allocates them on
    `device`, the graph's (`graph_device`).

    A result with an init starts as a copy of it (a scatter writes only some elements),
    or as the init itself when it is `donated` (nothing else reads that memory); the
    other results (`new`: shape and dtype) are allocated uninitialized."""
    from stepwell.lowering.triton.interpreter_fixes import bf16_semantics, unchecked_overflow

    values = [a.contiguous() for a in args]
    inputs, inits = values[:n_inputs], values[n_inputs:]
    if values:
        device = values[0].device
    outputs = [
        init if donated[k] else init.clone(memory_format=torch.contiguous_format)
        for k, init in enumerate(inits)
    ] + [torch.empty(tuple(shape), dtype=dtype, device=device) for shape, dtype in new]
    if any(o.numel() > 0 for o in outputs) and all(g > 0 for g in grid):
        # (a fused kernel may have an empty output too)
        with contextlib.ExitStack() as interpreter_semantics:
            if interpret:
                interpreter_semantics.enter_context(bf16_semantics())
                interpreter_semantics.enter_context(unchecked_overflow())
            options = {} if interpret else _assert_options(kernel, device)
            try:
                kernel[tuple(grid)](*inputs, *outputs, *symbols, **options)
            except Exception as err:
                failed = _failed_check(err)
                if failed is None:
                    raise
                raise IndexError(failed) from None
    return tuple(outputs)


def _failed_check(err: BaseException) -> str | None:
    """The message of the kernel's index check that `err` (the interpreter's error, or
    what it wraps) reports, or None when it is about something else."""
    from stepwell.dialects.prims_support import INDEX_ERROR

    seen: list[BaseException] = []
    todo: list[object] = [err]
    while todo:
        e = todo.pop()
        if not isinstance(e, BaseException) or any(e is s for s in seen):
            continue
        seen.append(e)
        if isinstance(e, AssertionError) and str(e).startswith(INDEX_ERROR):
            return str(e)
        todo.extend([e.__cause__, e.__context__, *e.args])
    return None


def _assert_options(kernel: Any, device: torch.device) -> dict[str, bool]:
    """The options a GPU launch of `kernel` compiles it with (`emitter.assert_options`)."""
    backend = "hip" if torch.version.hip is not None else device.type
    return _kernel_options(kernel, backend)


@functools.lru_cache(maxsize=4096)
def _kernel_options(kernel: Any, backend: str) -> dict[str, bool]:
    """(Once per kernel: a launch does not search the kernel's source again.)"""
    from stepwell.lowering.triton.emitter import assert_options

    return assert_options(getattr(kernel, "src", ""), backend)


def unaliased(outputs: tuple[Any, ...], inputs: Sequence[torch.Tensor],
              distinct: int | None = None,
              orders: Sequence[tuple[int, ...]] = ()) -> tuple[Any, ...]:  # fmt: skip
    """Graph-level views (reshape, transpose, ...) are views at run time; an output that
    is a view of an input is copied, so that writing into one never changes the other (a
    functional graph's outputs are new tensors), in the dim order eager gives it
    (`orders`, one per output: `types.OUTPUT_ORDERS`; row-major where it has none: the
    copy `x.contiguous()` of a transposed `x` is row-major, though `contiguous` is no op
    at the prims level and the output is `x` there). So is one of the first `distinct` outputs
    (default: all) that shares memory with an earlier one (`cse` makes `(x * 2, x * 2)` or
    `(x * 2, (x * 2).t())` one value): each output a user gets is a tensor of its own, as
    autograd needs (a `detach`ed twin must not take the other's grad; an output that is a
    view of another is remade from it by AOTAutograd anyway). A user output whose elements
    share memory (a broadcast, `overlaps`) is made contiguous. A training forward's saved
    tensors, after its user outputs, may share an output's memory (`relu` saves its
    output)."""
    storages = {storage_of(t) for t in inputs if t.numel()}
    seen: set[int] = set()
    out = []
    for i, o in enumerate(outputs):
        if isinstance(o, torch.Tensor) and o.numel() and (ptr := storage_of(o)) is not None:
            users = distinct is None or i < distinct
            if ptr in storages or (ptr in seen and users):
                o = laid_out(o, orders[i] if i < len(orders) else ())
            elif users and overlaps(o):
                o = o.contiguous()  # (its own memory: written elementwise, no clone needed)
                seen.add(ptr)
            else:
                seen.add(ptr)
        out.append(o)
    return tuple(out)


def laid_out(t: torch.Tensor, order: tuple[int, ...]) -> torch.Tensor:
    """A copy of `t` whose dims lie in memory in `order` (outermost first; row-major for
    ())."""
    if not order or len(order) != t.dim():
        return t.clone(memory_format=torch.contiguous_format)
    out = torch.empty([t.shape[d] for d in order], dtype=t.dtype, device=t.device)
    out = out.permute([order.index(d) for d in range(t.dim())])
    return out.copy_(t)


def finish_call(outputs: tuple[Any, ...], args: Sequence[Any],
                writes: Sequence[tuple[int, int]], distinct: int | None,
                orders: Sequence[tuple[int, ...]] = ()) -> tuple[Any, ...]:  # fmt: skip
    """A compiled function's results as its caller gets them: the results that are inputs'
    new values (`writes`, (result, argument) pairs: `types.WRITES`) are stored into those
    inputs and left out; the others are `unaliased` first (in their `orders`), so a
    result that was a view of an input keeps the value it had before the write."""
    inputs = [a for a in args if isinstance(a, torch.Tensor)]
    if not writes:
        return unaliased(outputs, inputs, distinct, orders)
    written = {r for r, _ in writes}
    kept = [i for i in range(len(outputs)) if i not in written]
    results = unaliased(tuple(outputs[i] for i in kept), inputs, distinct,
                        [orders[i] if i < len(orders) else () for i in kept])  # fmt: skip
    write_back([(args[a], outputs[r]) for r, a in writes])  # (this module's: tests watch it)
    return results


def check_writable(args: Sequence[Any], writes: Sequence[tuple[int, int]]) -> None:
    """Refuse, before any kernel runs, to write an input eager would not write in place:
    an inference tensor outside inference mode (eager's RuntimeError, same words)."""
    for _, a in writes:
        arg = args[a]
        if (isinstance(arg, torch.Tensor) and arg.is_inference()
                and not torch.is_inference_mode_enabled()):  # fmt: skip
            raise RuntimeError(
                "Inplace update to inference tensor outside InferenceMode is not allowed."
                "You can make a clone to get a normal tensor before doing inplace update."
                "See https://github.com/pytorch/rfcs/pull/17 for more details."
            )


def overlaps(t: torch.Tensor) -> bool:
    """Do several elements of `t` share memory (a broadcast: a stride 0 over a dim of more
    than one)? A graph-level broadcast is a view; returned as it is, an in-place op on
    the output failed ("more than one element of the written-to tensor refers to a single
    memory location") where eager's result, a new tensor, has an element per place."""
    return any(st == 0 and n > 1 for st, n in zip(t.stride(), t.shape, strict=True))


def graph_device(args: Sequence[Any]) -> torch.device:
    """Where a graph's tensors live: the device of its first tensor argument that is not
    a 0-dim CPU tensor (a scalar, such as an optimizer's step count, which PyTorch lets
    any device's ops read), else CPU. Its kernels launch there, and its factories
    (`full`, `iota`) make their tensors there, whatever device the IR's constants name."""
    tensors = [a for a in args if isinstance(a, torch.Tensor)]
    return next((t.device for t in tensors if t.dim() or t.device.type != "cpu"),
                tensors[0].device if tensors else torch.device("cpu"))  # fmt: skip


def on_cpu(args: Sequence[Any]) -> bool:
    """Do the kernels run in Triton's interpreter? Kernels run where the tensors are; a
    graph with no tensor input (arange, linspace) allocates its outputs on the CPU."""
    tensors = [a for a in args if isinstance(a, torch.Tensor)]
    return not tensors or any(a.device.type == "cpu" for a in tensors)


# -- the plan -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """A reference to slot `index` (an argument or a step's result)."""

    index: int


def encode(value: Any) -> Any:
    """A step argument as JSON (see the module docstring); PlanError if it has none."""
    if isinstance(value, Slot):
        return {"s": value.index}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, torch.dtype):
        return {"dtype": str(value).removeprefix("torch.")}
    if isinstance(value, torch.device):
        return {"device": str(value)}
    if isinstance(value, torch.layout | torch.memory_format):
        return {"torch": str(value).removeprefix("torch.")}
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    raise PlanError(f"no plan encoding for an argument of type {type(value).__name__}")


def _decode(value: Any, slots: list[Any]) -> Any:
    if isinstance(value, list):
        return [_decode(v, slots) for v in value]
    if isinstance(value, dict):
        if "s" in value:
            return slots[value["s"]]
        if "dtype" in value:
            return DTYPES[value["dtype"]]
        if "device" in value:
            return torch.device(value["device"])
        return getattr(torch, value["torch"])
    return value


def _check_arg(value: Any, defined: int) -> None:
    """A step argument reads only slots defined before it and names only known values."""
    if isinstance(value, list):
        for v in value:
            _check_arg(v, defined)
        return
    if isinstance(value, dict):
        if len(value) != 1:
            raise PlanError(f"an argument is one tagged value, not {value}")
        ((tag, v),) = value.items()
        if tag == "s":
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < defined:
                raise PlanError(f"slot {v!r} is not defined before its use")
        elif tag == "dtype":
            if v not in DTYPES:
                raise PlanError(f"unknown dtype {v!r}")
        elif tag == "device":
            torch.device(v)
        elif tag == "torch":
            if not isinstance(getattr(torch, str(v), None), torch.layout | torch.memory_format):
                raise PlanError(f"unknown layout or memory format {v!r}")
        else:
            raise PlanError(f"unknown argument tag {tag!r}")
    elif value is not None and not isinstance(value, bool | int | float | str):
        raise PlanError(f"an argument of type {type(value).__name__}")


@dataclass(frozen=True)
class LaunchPlan:
    """A checked plan (`parse`); `run` executes it."""

    function: str
    args: int
    steps: tuple[dict[str, Any], ...]
    returns: tuple[Any, ...]
    writes: tuple[tuple[int, int], ...] = ()  # (result, argument): an input's new value
    orders: tuple[tuple[int, ...], ...] = ()  # each result's dim order in eager (`orders_of`)

    def to_json(self) -> str:
        return json.dumps({"format": PLAN_FORMAT, "function": self.function, "args": self.args,
                           "steps": list(self.steps), "returns": list(self.returns),
                           "writes": [list(w) for w in self.writes],
                           "orders": [list(o) for o in self.orders]})  # fmt: skip

    @staticmethod
    def parse(text: str) -> LaunchPlan:
        """The plan in `text`, checked: slots defined before use, known steps, callees
        that `resolve_callee` accepts. PlanError otherwise."""
        try:
            data = json.loads(text)
        except ValueError as e:
            raise PlanError(f"not JSON: {e}") from e
        if not isinstance(data, dict) or data.get("format") != PLAN_FORMAT:
            raise PlanError("not a launch plan of this format")
        args, steps = data.get("args"), data.get("steps")
        if not isinstance(args, int) or args < 0 or not isinstance(steps, list):
            raise PlanError("a plan has a number of arguments and a list of steps")
        defined = args
        for step in steps:
            defined = _check_step(step, defined)
        returns = data.get("returns")
        if not isinstance(returns, list):
            raise PlanError("a plan returns a list")
        _check_arg(returns, defined)
        function = data.get("function")
        if not isinstance(function, str):
            raise PlanError("a plan names its function")
        writes = data.get("writes", [])
        if (not isinstance(writes, list) or not all(_ints(w) and len(w) == 2 for w in writes)
                or not all(0 <= r < len(returns) and 0 <= a < args for r, a in writes)
                or len({a for _, a in writes}) != len(writes)):  # fmt: skip
            raise PlanError("a plan's writes are distinct (result, argument) pairs")
        orders = data.get("orders", [])
        if not isinstance(orders, list) or len(orders) > len(returns) or not all(
                _ints(o) and sorted(o) == list(range(len(o))) for o in orders):  # fmt: skip
            raise PlanError("a plan's orders are permutations, at most one per result")
        return LaunchPlan(function, args, tuple(steps), tuple(returns),
                          tuple((r, a) for r, a in writes),
                          tuple(tuple(o) for o in orders))  # fmt: skip

    def run(self, kernels: dict[str, Any], args: Sequence[Any], interpret: bool) -> tuple[Any, ...]:
        """The function's results for `args` (the kernels by name)."""
        if len(args) != self.args:
            raise TypeError(f"@{self.function} takes {self.args} arguments, got {len(args)}")
        slots: list[Any] = list(args)
        device = graph_device(args)
        for step in self.steps:
            kind = step["op"]
            if kind == "launch":
                name = step["kernel"]
                inputs = _decode(step["in"], slots) + _decode(step["inits"], slots)
                if step["sizes"]:  # the symbols' values, passed as scalars
                    values = (int(v) for v in _decode(step["sizes"], slots))
                    b = dict(zip(step["symbols"], values, strict=True))
                else:
                    b = bind_symbols(step["binds"], inputs) if step["binds"] else {}
                new = [([size_value(d, b) for d in shape], DTYPES[dtype])
                       for shape, dtype in step["new"]]  # fmt: skip
                grid = [size_value(g, b) for g in step["grid"]]
                slots.extend(launch(kernels[name], grid, inputs, len(step["in"]),
                                    step["donated"], new, interpret,
                                    [b[n] for n in step["symbols"]], device))  # fmt: skip
            elif kind == "call":
                call_args = _decode(step["args"], slots)
                kwargs = {k: _decode(v, slots) for k, v in step["kwargs"].items()}
                if step["dense"]:  # an extern sees its inputs in the standard layout
                    call_args, kwargs = dense_arguments(step["callee"], call_args, kwargs)
                kwargs = on_graph_device(call_args, kwargs, device)
                out = call_on_copies(step["callee"], call_args, kwargs)
                slots.extend(flat_results(len(step["out"]), out))
            else:  # reshape
                source = slots[step["in"]["s"]]
                given = [source, *_decode(step["with"], slots)]
                b = bind_symbols(step["binds"], given) if step["binds"] else {}
                slots.append(source.reshape([size_value(d, b) for d in step["shape"]]))
        return tuple(_decode(list(self.returns), slots))


_STEP_KEYS = {
    "launch": {"op", "kernel", "grid", "in", "inits", "donated", "new", "out", "binds",
               "symbols", "sizes"},
    "call": {"op", "callee", "args", "kwargs", "dense", "out"},
    "reshape": {"op", "in", "shape", "binds", "out", "with"},
}


def _ints(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    )


def _sizes(value: Any) -> bool:
    """A list of sizes: ints, or size expressions that parse (their symbols are checked
    against the launch's by `_check_symbols`)."""
    if not isinstance(value, list):
        return False
    for v in value:
        if isinstance(v, str):
            try:
                _size_function(v)
            except SizeError:
                return False
        elif not isinstance(v, int) or isinstance(v, bool):
            return False
    return True


def _check_symbols(step: dict[str, Any]) -> None:
    """A launch's symbols are bound, by `binds` (dims of its inputs) or by `sizes` (one
    scalar slot per symbol), and every size it evaluates reads only bound symbols."""
    binds, names, sizes = step["binds"], step["symbols"], step["sizes"]
    n_in = len(step["in"]) if isinstance(step["in"], list) else 0
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise PlanError("a launch's symbols are names")
    if not isinstance(sizes, list) or (sizes and (binds or len(sizes) != len(names))):
        raise PlanError("a launch passes one size per symbol, or binds them from inputs")
    if not isinstance(binds, list) or not all(
        isinstance(b, list) and len(b) == 3 and isinstance(b[0], int) and 0 <= b[0] < n_in
        and isinstance(b[1], int) and b[1] >= 0 and isinstance(b[2], str)
        for b in binds
    ):  # fmt: skip
        raise PlanError("a launch binds symbols as [input, dim, name]")
    bound = set(names) if sizes else {b[2] for b in binds}
    if not all(n in bound for n in names):
        raise PlanError("a launch passes only symbols its inputs bind")
    evaluated = [*step["grid"], *(d for n in step["new"] for d in n[0])]
    for text in (v for v in evaluated if isinstance(v, str)):
        if not symbols_of(_size_function(text).size) <= bound:
            raise PlanError(f"the size {text!r} reads a symbol the launch does not bind")


def _check_step(step: Any, defined: int) -> int:
    """Check one step; returns the number of slots defined after it."""
    if not isinstance(step, dict) or set(step) != _STEP_KEYS.get(step.get("op"), set()):
        raise PlanError(f"not a plan step: {str(step)[:80]}")
    out = step["out"]
    if not _ints(out) or out != list(range(defined, defined + len(out))):
        raise PlanError(f"a step's results take the next slots, not {out}")
    kind = step["op"]
    if kind == "launch":
        _check_arg(step["in"], defined)
        _check_arg(step["inits"], defined)
        inits, donated, new = step["inits"], step["donated"], step["new"]
        if (
            not isinstance(step["kernel"], str)
            or not _sizes(step["grid"])
            or len(step["grid"]) != 3
        ):
            raise PlanError("a launch names its kernel and grid")
        if (
            not isinstance(inits, list)
            or not isinstance(donated, list)
            or (len(donated) != len(inits) or not all(isinstance(d, bool) for d in donated))
        ):
            raise PlanError("a launch says for each init whether it is donated")
        if not isinstance(new, list) or not all(
            isinstance(n, list) and len(n) == 2 and _sizes(n[0]) and n[1] in DTYPES for n in new
        ):
            raise PlanError("a launch's new results are [shape, dtype] pairs")
        _check_symbols(step)
        if len(out) != len(inits) + len(new):
            raise PlanError("a launch has one result per init and per new result")
    elif kind == "call":
        if not isinstance(step["callee"], str) or not isinstance(step["kwargs"], dict):
            raise PlanError("a call names its callee and has keyword arguments")
        try:
            resolve_callee(step["callee"])  # a name it does not accept is no callee
        except Exception as e:
            raise PlanError(f"a call to {step['callee']!r}: {e}") from e
        _check_arg(step["args"], defined)
        _check_arg(list(step["kwargs"].values()), defined)
        if not isinstance(step["args"], list) or not isinstance(step["dense"], bool):
            raise PlanError("a call has a list of arguments")
    else:
        _check_arg(step["in"], defined)
        if not isinstance(step["in"], dict) or not _sizes(step["shape"]) or len(out) != 1:
            raise PlanError("a reshape takes one slot to a shape")
        given = step["with"]
        _check_arg(given, defined)
        if not isinstance(given, list) or not all(isinstance(g, dict) for g in given):
            raise PlanError("a reshape's `with` is a list of slots")
        binds = step["binds"]
        if not isinstance(binds, list) or not all(
            isinstance(b, list) and len(b) == 3 and isinstance(b[0], int)
            and 0 <= b[0] <= len(given) and isinstance(b[1], int)
            and b[1] >= 0 and isinstance(b[2], str) for b in binds
        ):  # fmt: skip
            raise PlanError("a reshape binds symbols as [i, dim, name] of its input (0) "
                            "or of its `with` slots (1...)")  # fmt: skip
        bound = {b[2] for b in binds}
        for text in (v for v in step["shape"] if isinstance(v, str)):
            if not symbols_of(_size_function(text).size) <= bound:
                raise PlanError(f"the size {text!r} reads a symbol the reshape does not bind")
    return defined + len(out)


def kernel_directory(owner: object) -> Path:
    """A new folder for `owner`'s kernel files, removed when `owner` is collected (or at
    exit), quietly (a `TemporaryDirectory` left to the collector warns)."""
    path = Path(tempfile.mkdtemp(prefix="stepwell-kernels-"))
    weakref.finalize(owner, shutil.rmtree, path, ignore_errors=True)
    return path


class PlanRuntime:
    """A compiled graph run by its launch plan: call it with the function's arguments
    (the same contract as `runtime.Runtime`)."""

    def __init__(self, plan: LaunchPlan, kernel_source: str, directory: Path | None = None):
        self.plan = plan
        self.source = kernel_source
        self.directory = directory or kernel_directory(self)
        self.loaded: dict[bool, dict[str, Any]] = {}

    def kernels(self, interpret: bool) -> dict[str, Any]:
        if interpret not in self.loaded:
            self.loaded[interpret] = load_kernels(self.source, self.directory, interpret)
        return self.loaded[interpret]

    def __call__(self, *args: Any, function: str = "forward",
                 distinct: int | None = None) -> tuple[Any, ...]:  # fmt: skip
        if function != self.plan.function:
            raise ValueError(f"the plan holds @{self.plan.function}, not @{function}")
        interpret = on_cpu(args)
        check_writable(args, self.plan.writes)
        with torch.no_grad():
            outputs = self.plan.run(self.kernels(interpret), args, interpret)
            return finish_call(outputs, args, self.plan.writes, distinct, self.plan.orders)
