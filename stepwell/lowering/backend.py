"""`stepwell.compile(fn)` and `torch.compile(model, backend="stepwell")`.

Both lower the program through torch -> prims -> tile -> Triton and run it with the
runtime: on CUDA/ROCm tensors as GPU kernels, on CPU tensors in Triton's interpreter
(set `TRITON_INTERPRET=1` before importing torch). `STEPWELL_DUMP=DIR` (or `dump_dir=`)
writes every level's IR, the kernel source and `manifest.json` for each compiled graph.
Training works too: AOTAutograd's forward and backward graphs are both compiled.
"""

from __future__ import annotations

import contextlib
import io
import operator
import os
import sys
import warnings
from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import torch

from stepwell.ir.callees import memory_key
from stepwell.lowering import frame_cache, graph_cache
from stepwell.lowering.specialize import (
    SpecializingGraph,
    binding_names,
    duck_size,
    has_symbolic_sizes,
    max_specializations,
)

if TYPE_CHECKING:
    from stepwell.lowering.artifacts import Artifacts

# The importer, the passes and the emitter are imported when a graph misses the graph
# cache: a warm `torch.compile` imports only the parser and the runtime.


def _dump_dir(dump_dir: str | os.PathLike[str] | None) -> Path | None:
    chosen = dump_dir if dump_dir is not None else os.environ.get("STEPWELL_DUMP")
    return Path(chosen) if chosen else None


def user_outputs(kind: str, inference: bool) -> int | None:
    """How many leading outputs of a graph AOTAutograd hands on as values a user sees, each
    of which must be a tensor of its own (`launch_plan.unaliased`); None: every output.
    A training forward returns its effect tokens, mutated inputs, outputs and their
    bases, then the tensors it saves for the backward, which may be the same tensor as an
    output (`relu` saves its result); a backward's gradients may share a tensor (autograd
    accumulates a gradient it is handed twice as eager does)."""
    if inference:
        return None
    if kind == "backward":
        return 0
    context = torch._guards.TracingContext.try_get()
    meta = getattr(context, "fw_metadata", None)
    if meta is None:
        return None
    return len(getattr(meta, "tokens", None) or ()) + int(meta.num_forward_returns)


def _next_graph_dir(root: Path, kind: str = "") -> Path:
    """A new folder `graphN` (`graphN-backward` for a backward graph), numbered in compile
    order. A dynamic graph's specializations are folders inside it (`s0=9`)."""
    root.mkdir(parents=True, exist_ok=True)
    n = sum(1 for p in root.iterdir() if p.name.startswith("graph"))
    folder = root / (f"graph{n}-{kind}" if kind == "backward" else f"graph{n}")
    folder.mkdir()
    return folder


class CompiledFunction:
    """A function or module compiled on first call for each input signature (export)."""

    def __init__(
        self,
        fn: Callable[..., Any],
        dump_dir: str | os.PathLike[str] | None = None,
        legal_ops: Sequence[str] = (),
        pipeline: str | None = None,
        plugins: Sequence[str] = (),
    ) -> None:
        self.fn = fn
        self.dump_dir = _dump_dir(dump_dir)
        self.legal_ops = tuple(legal_ops)
        self.pipeline = pipeline
        self.plugins = tuple(plugins)
        self.cache: dict[tuple[Any, ...],
                         tuple[Artifacts, torch.export.ExportedProgram] | None] = {}  # fmt: skip
        self.dynamo: Callable[..., Any] | None = None  # (torch.compile: `with_dynamo`)
        self.captures = False  # (set by the first export that lifts a captured tensor)

    def signature(self, args: Sequence[Any]) -> tuple[Any, ...]:
        """What a compiled program was exported for: the arguments' shapes, strides, dtypes
        and devices, which of them share memory and where in it each of those starts (two
        overlapping views of one tensor are not one tensor passed twice), and for a
        module each submodule's mode (`train()`/`eval()`) and the very tensors of its
        parameters and buffers (one reassigned is read anew, as torch.compile's guards
        would have it)."""
        leaves = torch.utils._pytree.tree_leaves(list(args))
        first: dict[int, int] = {}
        owners = [first.setdefault(memory_key(a), i) if isinstance(a, torch.Tensor) else -1
                  for i, a in enumerate(leaves)]  # fmt: skip
        aliased = {o for i, o in enumerate(owners) if o not in (i, -1)}
        shared = tuple((o, leaves[i].storage_offset()) if o in aliased else o
                       for i, o in enumerate(owners))  # fmt: skip
        state: tuple[Any, ...] = ()
        if isinstance(self.fn, torch.nn.Module):
            state = (
                tuple(m.training for m in self.fn.modules()),
                tuple((n, id(t)) for n, t in self.fn.named_parameters(remove_duplicate=False)),
                tuple((n, id(t)) for n, t in self.fn.named_buffers(remove_duplicate=False)),
            )
        return (tuple(
            (tuple(a.shape), a.stride(), a.dtype, a.device.type) if isinstance(a, torch.Tensor)
            else a for a in leaves
        ), shared, state)  # fmt: skip

    def compile_for(self, args: tuple[Any, ...]) -> tuple[Artifacts, Any] | None:
        """The compiled program for `args`, or None where stepwell runs `fn` as it is
        (a program it cannot compile: control flow, an op writing a list of tensors, a
        write PyTorch cannot functionalize), which a warning says once. None as well,
        with `self.captures` set, where the export lifts a captured tensor: every call
        then goes through `with_dynamo`."""
        from stepwell.frontend.fx import RunsWithAten, import_program
        from stepwell.frontend.loader import Example, export
        from stepwell.lowering.compiler import compile_module

        key = self.signature(args)
        if key not in self.cache:
            ep = export(Example(self.fn, args, getattr(self.fn, "__name__", "fn")))
            if captured_tensors(ep):
                self.captures = True
                return None
            try:
                module = import_program(ep)
            except RunsWithAten as e:
                warnings.warn(f"stepwell runs the program with ATen: {e}", stacklevel=3)
                self.cache[key] = None
                return None
            artifacts = compile_module(
                module, self.legal_ops, pipeline=self.pipeline, plugins=self.plugins
            )
            if self.dump_dir is not None:
                artifacts.dump(_next_graph_dir(self.dump_dir))
            self.cache[key] = (artifacts, ep)
        return self.cache[key]

    def __call__(self, *args: Any) -> Any:
        from stepwell.pipeline import bind_inputs, user_outputs

        if self.captures or self.needs_gradients(args):
            return self.with_dynamo(*args)
        compiled = self.compile_for(args)
        if self.captures:
            return self.with_dynamo(*args)
        if compiled is None:
            return self.fn(*args)
        artifacts, ep = compiled
        leaves = user_outputs(ep, artifacts.runtime(*bind_inputs(artifacts.graph, ep, args)))
        flat = torch.utils._pytree.tree_leaves(list(args))
        for i, (k, views) in returned_inputs(ep).items():  # (the caller's tensor, or a
            leaves[i] = replay_views(flat[k], views)  # view of it, as eager's)
        return torch.utils._pytree.tree_unflatten(leaves, ep.call_spec.out_spec)

    def needs_gradients(self, args: Sequence[Any]) -> bool:
        """Would eager record the call for autograd (grad mode on, and an argument or a
        parameter that requires grad)? An exported program computes no gradients."""
        if not torch.is_grad_enabled():
            return False
        tensors = [a for a in torch.utils._pytree.tree_leaves(list(args))
                   if isinstance(a, torch.Tensor)]  # fmt: skip
        if isinstance(self.fn, torch.nn.Module):
            tensors += list(self.fn.parameters())
        return any(t.requires_grad for t in tensors)

    def with_dynamo(self, *args: Any) -> Any:
        """The call through `torch.compile(fn, backend="stepwell")` with the same options,
        whose graphs stepwell compiles, where an exported program falls short:
        - a call autograd records: the outputs of an exported program would require no
          grad, so no gradients at all;
        - a function that reads tensors it does not take as arguments (a global, a
          closure's, a module's reached through one): export bakes them in, so a
          parameter reassigned later, or one that requires grad, would go unseen, where
          Dynamo's guards see both."""
        if self.dynamo is None:
            options: dict[str, Any] = {"legal_ops": list(self.legal_ops),
                                       "plugins": list(self.plugins)}  # fmt: skip
            if self.pipeline is not None:
                options["pipeline"] = self.pipeline
            if self.dump_dir is not None:
                options["dump_dir"] = str(self.dump_dir / "training")
            self.dynamo = torch.compile(self.fn, backend="stepwell", options=options)
        return self.dynamo(*args)


def captured_tensors(ep: torch.export.ExportedProgram) -> list[str]:
    """The tensors `ep` lifted as constants: ones its function read without taking them as
    arguments, parameters or buffers of the module exported (a global, a closure's)."""
    return [str(s.target) for s in ep.graph_signature.input_specs
            if s.kind.name == "CONSTANT_TENSOR"]  # fmt: skip


def returned_inputs(ep: torch.export.ExportedProgram) -> dict[int, tuple[int, list[torch.fx.Node]]]:
    """`{user output: (user input, views)}` for each output of `ep` that is one of its
    inputs (`return x`), an input written in place (`x.add_(1); return x`), or a view of
    one made by `views` in order (`return x.t()`, `x[1:, ::2]`, `x.view(-1)`): eager
    returns the caller's tensor itself, or a view sharing its memory, where the compiled
    program returns a copy (a write into it must reach the input). A view made after the
    program writes the input is of the written value (functionalization regenerates it),
    so it is not among them: it comes back as a copy with eager's values."""
    inputs = [s.arg.name for s in ep.graph_signature.input_specs
              if s.kind.name == "USER_INPUT" and hasattr(s.arg, "name")]  # fmt: skip
    nodes = {n.name: n for n in ep.graph.nodes}
    found: dict[int, tuple[int, list[torch.fx.Node]]] = {}
    users = [s for s in ep.graph_signature.output_specs if s.kind.name == "USER_OUTPUT"]
    for i, spec in enumerate(users):
        node = nodes.get(getattr(spec.arg, "name", ""))
        views: list[torch.fx.Node] = []
        while (node is not None and node.op == "call_function" and _aliases_its_first(node)
               and isinstance(node.args[0], torch.fx.Node)):  # fmt: skip
            if not _writes_its_first(node):  # (an in-place op returns the tensor it writes)
                if _reads_a_node(node):
                    break
                views.append(node)
            node = node.args[0]
        if node is not None and node.op == "placeholder" and node.name in inputs:
            found[i] = (inputs.index(node.name), views[::-1])
    return found


def replay_views(tensor: torch.Tensor, views: Sequence[torch.fx.Node]) -> torch.Tensor:
    """`tensor` through the view ops `views` (`returned_inputs`), as eager made them."""
    for node in views:
        tensor = node.target(tensor, *node.args[1:], **node.kwargs)
    return tensor


def _reads_a_node(node: torch.fx.Node) -> bool:
    """Does `node` take a graph value besides its first argument (a size computed in the
    graph)? Such a view cannot be made again from the caller's tensor alone."""
    rest = (node.args[1:], node.kwargs)
    return any(isinstance(a, torch.fx.Node) for a in torch.utils._pytree.tree_leaves(rest))


def _aliases_its_first(node: torch.fx.Node) -> bool:
    """Does `node` return its first argument (an in-place op) or one view of it (`t`,
    `slice`, `view`, `expand`...), per its schema's alias annotations?"""
    target = node.target
    if not isinstance(target, torch._ops.OpOverload) or not node.args:
        return False
    schema = target._schema
    first = schema.arguments[0].alias_info if schema.arguments else None
    returned = schema.returns[0].alias_info if len(schema.returns) == 1 else None
    return (first is not None and returned is not None
            and returned.before_set == first.before_set)  # fmt: skip


def _writes_its_first(node: torch.fx.Node) -> bool:
    """Is `node` an in-place op (`add_`): one that writes its first argument and returns
    it?"""
    if not _aliases_its_first(node):
        return False
    first = cast(torch._ops.OpOverload, node.target)._schema.arguments[0].alias_info
    return first is not None and first.is_write


def compile(  # noqa: A001 - mirrors torch.compile
    fn: Callable[..., Any],
    target: str = "interpret",
    dump_dir: str | os.PathLike[str] | None = None,
    legal_ops: Sequence[str] = (),
    pipeline: str | None = None,
    plugins: Sequence[str] = (),
) -> CompiledFunction:
    """Compile `fn` (a function or nn.Module) with stepwell; returns a callable.

    `target` is where the kernels run: `interpret` (CPU, Triton's interpreter) or a GPU
    target; the device of the inputs decides at run time. `pipeline` replaces the default
    pass pipeline (`stepwell-opt --print-pipeline` prints it) with any spec over the
    registered passes, those of the `plugins` files included. `torch.compile` takes the
    same as `options={"pipeline": ..., "plugins": [...], "legal_ops": [...]}`.
    """
    from stepwell.lowering.triton.targets import check_target

    check_target(target)  # an unknown target is an error; the inputs' device picks the code
    return CompiledFunction(fn, dump_dir, legal_ops, pipeline, plugins)


def output_slots(graph: torch.fx.GraphModule) -> list[bool]:
    """For each flat output of `graph`, whether it is a value (False: a literal `None`,
    e.g. the gradient of an input that needs none, which the compiled module omits)."""
    out = next(n for n in graph.graph.nodes if n.op == "output").args[0]
    return [leaf is not None for leaf in torch.utils._pytree.tree_leaves(out, is_leaf=_is_none)]


def _is_none(x: Any) -> bool:
    return x is None


LITERALS = (bool, int, float)


@contextlib.contextmanager
def without_literals(
    graph: torch.fx.GraphModule, remade: Collection[int] = ()
) -> Iterator[dict[int, Any]]:
    """The flat outputs of `graph` that are Python numbers (a size Dynamo made a constant:
    `torch.linspace(0, 1, n), n * 3` returns 9), by position. Inside the block they are
    taken out of the graph (a `None` in their place, which the compiled module omits; the
    runner gets them back from `with_literals`), and so are the outputs at the positions
    `remade` (views of inputs, which `input_views` makes again from the inputs: a kernel
    copying one would be wasted); after it the graph has them again, since a graph may be
    compiled more than once (a symbolic attempt that is refused, then once per size:
    Mixtral's `hidden_dim` came out None once the attempt had taken it)."""
    node = next(n for n in graph.graph.nodes if n.op == "output")
    original = node.args
    leaves, spec = torch.utils._pytree.tree_flatten(original[0], is_leaf=_is_none)
    found = {i: leaf for i, leaf in enumerate(leaves) if isinstance(leaf, LITERALS)}
    dropped = set(found) | set(remade)
    if dropped:
        kept = [None if i in dropped else leaf for i, leaf in enumerate(leaves)]
        node.args = (torch.utils._pytree.tree_unflatten(kept, spec),)
        graph.recompile()
    try:
        yield found
    finally:
        if dropped:
            node.args = original
            graph.recompile()


def with_literals(
    run: Callable[..., list[Any]], literals: dict[int, Any]
) -> Callable[..., list[Any]]:
    """`run` with the numbers `without_literals` took out back at their positions."""

    def run_with_literals(*args: Any) -> list[Any]:
        out = list(run(*args))
        for i, value in literals.items():
            out[i] = value
        return out

    return run_with_literals


def _trains(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> bool:
    """Will AOTAutograd trace a backward (grad mode on, an input or parameter that needs
    gradients)? An inference graph keeps its inputs' writes in the graph, as Inductor
    does: the new value is stored into the input by the graph (by its kernel, in place
    where it can be: write-inputs-in-place), not by an ATen `copy_` in AOTAutograd's
    runtime wrapper. A training graph does not: with its writes in the forward,
    AOTAutograd's gradients of a value read after the write come out wrong (`w.grad`
    twice eager's for `n.add_(1); (x * w).sum() * n`; aot_eager and Inductor alike)."""
    if not torch.is_grad_enabled():
        return False
    return any(isinstance(x, torch.Tensor) and x.requires_grad for x in example_inputs) or any(
        p.requires_grad for p in gm.parameters())  # fmt: skip


def positive_ints_only(
    run: Callable[..., Any], inputs: Sequence[Any], otherwise: Callable[[], Callable[..., Any]]
) -> Callable[..., Any]:
    """`run` (a graph compiled with symbolic sizes) for the calls whose integer inputs are
    all at least 1, `otherwise()` (made at the first such call) for the others. The size
    algebra takes every symbol for a positive integer, as a size is (Dynamo specializes 0
    and 1); an int argument under `dynamic=True` is a symbol too, and may be 0 or
    negative, where `max(n, 0)` simplified to `n` is wrong. (An input holding an
    expression, a size a backward graph receives such as `32 - s0`, may be anything: it
    is the symbols that are taken positive.)"""
    positions = [i for i, x in enumerate(inputs)
                 if isinstance(x, torch.SymInt) and x.node.expr.is_Symbol]  # fmt: skip
    if not positions:
        return run
    made: list[Callable[..., Any]] = []

    def dispatch(*args: Any) -> Any:
        if all(args[i] >= 1 for i in positions):
            return run(*args)
        if not made:
            made.append(otherwise())
        return made[0](*args)

    return dispatch


class NotNative(Exception):
    """A graph compiled with symbolic sizes still calls ATen (some op has no symbolic
    kernel yet): it is compiled per binding of its sizes instead."""


def fully_native(manifest: dict[str, Any]) -> bool:
    """Does the compiled graph run as kernels alone (no ATen call, no graph-level copy)?"""
    return not manifest.get("externs") and not manifest.get("graph_level_copies")


def partition(joint: torch.fx.GraphModule, joint_inputs: Any, **kwargs: Any) -> Any:
    """PyTorch's min-cut partitioner (Inductor's choices), except that a random op an
    activation checkpoint would recompute in the backward (`dropout` in a checkpointed
    block) is saved instead. Recomputing it needs the generator's state saved and
    restored around it (`run_and_save_rng_state`/`run_with_rng_state`), which stepwell
    cannot import: such graphs ran with ATen. Saved, the backward reads the forward's
    random values, eager's own mask, and the graph compiles into kernels; the cost is
    keeping that tensor alive (a mask of the block's size) where eager recomputes it."""
    from torch._functorch.partitioners import min_cut_rematerialization_partition
    from torch.utils.checkpoint import CheckpointPolicy

    recomputed = (CheckpointPolicy.MUST_RECOMPUTE, CheckpointPolicy.PREFER_RECOMPUTE)

    def save(node: torch.fx.Node) -> None:  # (a tuple's tensors: its getitems)
        if not isinstance(node.meta.get("val"), tuple | list):
            node.meta["recompute"] = CheckpointPolicy.MUST_SAVE
            return
        node.meta["recompute"] = None
        for user in node.users:
            if user.target is operator.getitem:
                save(user)

    for node in joint.graph.nodes:
        random = torch.Tag.nondeterministic_seeded in getattr(node.target, "tags", ())
        if random and node.meta.get("recompute") in recomputed:
            save(node)
    return min_cut_rematerialization_partition(joint, joint_inputs, compiler="inductor",
                                               **kwargs)  # fmt: skip


def stepwell_backend(gm: torch.fx.GraphModule, example_inputs: list[Any], **options: Any):
    """The `torch.compile` backend (entry point `torch_dynamo_backends: stepwell`).

    AOTAutograd traces the forward and, when an input needs gradients, the joint graph,
    which PyTorch's min-cut partitioner splits into a forward that saves few activations
    (cheap pointwise ops are recomputed in the backward) and a backward; stepwell compiles
    both (and the inference graph) through the same pipeline. A graph with symbolic sizes
    is compiled once into kernels whose sizes are arguments when every op has a symbolic
    kernel (`options={"symbolic_kernels": False}` turns that off), and otherwise once per
    binding of its sizes (`specialize.py`), up to `options={"max_specializations": N}`
    bindings. `options={"remarks": True}` prints the
    passes' remarks (ops left to ATen, attention fused or not and why) on stderr.

    In training, attention spelled out (matmul, softmax, matmul) is first rewritten to
    `scaled_dot_product_attention` (frontend/attention_rewrite.py), so AOTAutograd derives
    SDPA's backward and the forward saves O and the log-sum-exp, not the probabilities:
    both become flash kernels. `options={"rewrite_attention": False}` turns that off."""
    from torch._dynamo.backends.common import aot_autograd
    from torch._functorch.aot_autograd import make_boxed_func

    from stepwell.lowering.artifacts import cached_artifacts

    options = {**options, **(options.get("options") or {})}  # torch.compile(options=...)
    dump_dir = _dump_dir(options.get("dump_dir"))
    legal_ops = tuple(options.get("legal_ops", ()))
    pipeline: str | None = options.get("pipeline")
    plugins = tuple(options.get("plugins", ()))
    if options.get("remarks") and pipeline is None:  # the passes' remarks on stderr
        from stepwell.pipeline import default_pipeline

        pipeline = default_pipeline("tile", legal_ops, remarks=True)

    limit = max_specializations(options.get("max_specializations"))
    symbolic_kernels = bool(options.get("symbolic_kernels", True))
    rewrite = bool(options.get("rewrite_attention", True))
    # a plain inference graph seen before skips AOTAutograd (frame_cache.py)
    frame_key = None
    if pipeline is None and not plugins and dump_dir is None and not options.get("remarks"):
        frame_key = frame_cache.key(gm, example_inputs, f"{legal_ops} rewrite={rewrite}")
    outputs = len(output_slots(gm))
    if frame_key is not None and (hit := frame_cache.lookup(frame_key, outputs)) is not None:
        return hit
    recorded: list[frame_cache.FrameEntry] = []
    from stepwell.frontend.torch_level import replace_upstream_decompositions

    replace_upstream_decompositions(gm)  # (ones AOTAutograd would run, disagreeing with eager)
    if rewrite:
        from stepwell.frontend.attention_rewrite import rewrite_attention

        gm, remarks = rewrite_attention(gm, example_inputs)
        if options.get("remarks"):
            for remark in remarks:
                print(f"attention-rewrite: {remark}", file=sys.stderr)

    def compile_static(
        graph: torch.fx.GraphModule,
        inputs: Sequence[Any],
        dump_to: Path | None,
        native_only: bool = False,
        record: bool = False,
        user_outputs: int | None = None,
    ) -> Callable[..., list[Any]]:
        """Compile a graph; its runner returns the flat outputs (None where none). The
        graph cache is asked first, by the FX graph's own key: a hit imports nothing.
        With `native_only`, a graph that would call ATen raises `NotNative`. With
        `record`, a graph that has a key and no attributes is noted for the frame cache."""
        from stepwell.lowering.input_views import input_view_outputs, with_input_views

        views = input_view_outputs(graph)  # (made again from the inputs at run time)
        with without_literals(graph, views) as literals:  # (compiled without them)
            runner = compile_without_literals(graph, inputs, dump_to, native_only,
                                              record and not literals and not views,
                                              user_outputs)  # fmt: skip
        runner = with_literals(runner, literals) if literals else runner
        return with_input_views(runner, graph, views)

    def compile_without_literals(
        graph: torch.fx.GraphModule,
        inputs: Sequence[Any],
        dump_to: Path | None,
        native_only: bool,
        record: bool,
        user_outputs: int | None,
    ) -> Callable[..., list[Any]]:
        key = None
        if pipeline is None and not plugins and graph_cache.enabled():
            users = "" if user_outputs is None else f" users={user_outputs}"  # (their strides)
            key = graph_cache.fx_graph_key(graph, inputs, f"torch.compile {legal_ops}{users}")
        artifacts = cached_artifacts(key) if key is not None else None
        if artifacts is not None:
            from stepwell.frontend.aten_graph import graph_attributes

            attributes = graph_attributes(graph)
        else:
            from stepwell.frontend.fx import import_graph_with_attributes
            from stepwell.lowering.compiler import compile_module

            module, attributes = import_graph_with_attributes(graph, inputs,
                                                              user_outputs=user_outputs)
            artifacts = compile_module(module, legal_ops, pipeline=pipeline, plugins=plugins)
            if key is not None:
                from stepwell.lowering.artifacts import RECENT

                plan = artifacts.plan_text()
                graph_cache.store(key, artifacts.levels, artifacts.source, artifacts.manifest,
                                  plan, artifacts.plan_json())  # fmt: skip
                _ = artifacts.runtime  # built now: memory keeps it, kernels loaded
                RECENT.put(key, artifacts.without_module(plan))
        if native_only and not fully_native(artifacts.manifest):
            m = artifacts.manifest
            raise NotNative(f"ATen calls {m.get('externs')}, copies {m.get('graph_level_copies')}")
        if dump_to is not None:
            artifacts.dump(dump_to)
        slots = output_slots(graph)
        if record and key is not None and not attributes and len(slots) == outputs:
            recorded.append(frame_cache.FrameEntry(key, tuple(slots)))
        return artifacts.runner(slots, attributes, user_outputs)

    def eager(graph: torch.fx.GraphModule, e: Exception,
              dump_to: Path | None = None) -> Callable[..., Any]:  # fmt: skip
        from stepwell.ir.fx_nodes import RunsWithAten
        from stepwell.lowering.split import example_inputs, split_around

        def compile_part(part: torch.fx.GraphModule, name: str) -> Callable[..., Any]:
            to = None if dump_to is None else dump_to / name
            return eager_on_error(part, lambda: compile_static(part, example_inputs(part), to),
                                  to)  # fmt: skip

        if isinstance(e, RunsWithAten):  # (control flow, ...: ATen runs those nodes)
            split = split_around(graph, e.nodes, compile_part)
            if split is not None:
                warnings.warn(f"stepwell runs {', '.join(e.nodes)} with ATen and compiles "
                              f"the rest of the graph: {e}", stacklevel=2)  # fmt: skip
                return split.forward
            warnings.warn(f"stepwell runs a graph with ATen: {e}", stacklevel=2)
            return graph.forward
        if not torch._dynamo.config.suppress_errors:
            raise e
        # torch.compile's own convention: with suppress_errors, run the graph eagerly
        warnings.warn(f"stepwell could not compile a graph, running it eagerly: {e!r}",
                      stacklevel=2)  # fmt: skip
        return graph.forward

    def eager_on_error(graph: torch.fx.GraphModule, compile_it: Callable[[], Any],
                       dump_to: Path | None = None) -> Any:  # fmt: skip
        try:
            return compile_it()
        except Exception as e:
            return eager(graph, e, dump_to)

    def graph_compiler(kind: str, inference: bool = False):
        def compile_graph(graph: torch.fx.GraphModule, all_inputs: list[Any]):
            from stepwell.frontend.aten_graph import drop_opaque_inputs

            inputs, kept, passthrough = drop_opaque_inputs(graph, all_inputs)
            record = (
                inference
                and frame_key is not None
                and len(kept) == len(all_inputs)
                and not has_symbolic_sizes(all_inputs)  # (static graphs only)
                and frame_cache.passes_through(example_inputs, all_inputs)
            )
            compiled = compile_kept(graph, inputs, record, user_outputs(kind, inference))
            if len(kept) == len(all_inputs):
                return make_boxed_func(compiled)

            def run(*args: Any) -> Any:
                outputs = list(compiled(*[args[i] for i in kept]))
                for slot, i in passthrough.items():
                    outputs[slot] = args[i]
                return outputs

            return make_boxed_func(run)

        def compile_kept(graph: torch.fx.GraphModule, inputs: list[Any], record: bool = False,
                         users: int | None = None):  # fmt: skip
            graph_dir = None if dump_dir is None else _next_graph_dir(dump_dir, kind)
            if not has_symbolic_sizes(inputs):
                return eager_on_error(
                    graph, lambda: compile_static(graph, inputs, graph_dir, record=record,
                                                  user_outputs=users), graph_dir)  # fmt: skip

            def specialization(static: torch.fx.GraphModule, args: Sequence[Any]):
                names = binding_names(inputs, args)
                folder = ",".join(f"{k}={v}" for k, v in sorted(names.items())) or "static"
                dump_to = None if graph_dir is None else graph_dir / folder
                # (eagerly: the specialized graph, whose outputs leave out the constants)
                return eager_on_error(static, lambda: compile_static(
                    static, args, dump_to, user_outputs=users), dump_to)

            def symbolic(why: str = "past its specialization limit") -> Callable[..., list[Any]]:
                dump_to = None if graph_dir is None else graph_dir / "symbolic"
                try:
                    return compile_static(graph, inputs, dump_to, user_outputs=users)
                except Exception as e:  # noqa: BLE001 - an op neither a symbolic kernel
                    # nor ATen at graph level can run (a slice with a symbolic bound)
                    warnings.warn(f"stepwell runs a dynamic graph with ATen {why}: {e}",
                                  stacklevel=2)  # fmt: skip
                    return graph.forward

            once: list[Callable[..., list[Any]]] = []

            def unspecialized(e: Exception) -> Callable[..., Any]:
                """A graph whose sizes depend on its data (`x[x > 0]`, then `pad`) cannot
                be traced again at a call's sizes (a guard on `u0`): it runs compiled once
                with symbolic sizes, its ops without a symbolic kernel calling ATen."""
                from torch.fx.experimental.symbolic_shapes import GuardOnDataDependentSymNode

                if not isinstance(e, GuardOnDataDependentSymNode):
                    return eager(graph, e)
                if not once:
                    once.append(symbolic("whose sizes depend on its data"))
                return once[0]

            def symbolic_for_positive_ints() -> Callable[..., Any]:
                return positive_ints_only(symbolic(), inputs, lambda: graph.forward)

            def per_binding() -> SpecializingGraph:
                return SpecializingGraph(graph, inputs, specialization,
                                         symbolic_for_positive_ints, unspecialized, limit)

            if symbolic_kernels:  # one compile for every size, when it is all kernels
                # (what the attempt prints, such as the ops it leaves to ATen, is shown
                # only if it is kept: otherwise the graph is specialized per size); when
                # it is not, once more with the symbols of equal hints made one (guarded)
                for attempt in ("symbolic", "duck-sized"):
                    if attempt == "duck-sized" and not duck_size(inputs):
                        break
                    said = io.StringIO()
                    try:
                        dump_to = None if graph_dir is None else graph_dir / "symbolic"
                        with contextlib.redirect_stderr(said):
                            run = compile_static(graph, inputs, dump_to, native_only=True,
                                                 user_outputs=users)
                        sys.stderr.write(said.getvalue())
                        return positive_ints_only(run, inputs, per_binding)
                    except Exception as e:  # noqa: BLE001 - ops without symbolic kernels
                        if options.get("remarks"):
                            print(f"stepwell: {attempt}, a dynamic graph is compiled per "
                                  f"size: {e!r:.300}", file=sys.stderr)  # fmt: skip

            return per_binding()

        return compile_graph

    compiled = aot_autograd(
        fw_compiler=graph_compiler("forward"),
        bw_compiler=graph_compiler("backward"),
        inference_compiler=graph_compiler("forward", inference=True),
        partition_fn=partition,
        keep_inference_input_mutations=not _trains(gm, example_inputs),
    )(gm, example_inputs)
    if frame_key is not None and len(recorded) == 1:
        frame_cache.store(frame_key, recorded[0])
    return compiled
