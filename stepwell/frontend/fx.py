"""Import FX graphs (torch.export, Dynamo/AOTAutograd, make_fx) into the `torch` dialect.

    import_program(ep)                 ExportedProgram -> builtin.module { func.func @forward }
    import_graph(gm, example_inputs)   GraphModule     -> the same

Parameters, buffers and constants become function arguments carrying their fully
qualified name (`{stepwell.name = "fc1.weight", stepwell.kind = "parameter"}`). Every op
carries the user's source location from the node's stack trace. An ATen overload without a
generated class, or any other callable, is imported as a generic `torch.operator`, so
import never fails on an unknown op.
"""

from __future__ import annotations

import contextlib
import copy
import warnings
from collections.abc import Sequence
from typing import Any

import torch
import torch.fx
from xdsl.dialects.builtin import (
    ModuleOp,
    StringAttr,
)
from xdsl.dialects.func import FuncOp

from stepwell.frontend.aten_graph import (  # noqa: F401 - the frontend's public names
    FUNCTIONAL_HOPS,
    drop_opaque_inputs,
    graph_attributes,
    input_writes,
    is_aten_graph,
)
from stepwell.frontend.complex_pairs import complex_as_pairs
from stepwell.ir.fx_nodes import (  # noqa: F401 - the frontend's public names
    ARG_KIND,
    ARG_NAME,
    TENSOR_TYPES,
    TORCH_OPS,
    FxImportError,
    GraphInput,
    NodeImporter,
    RunsWithAten,
    _build_module,
    _meta_val,
    _where,
    eager_dtype,
    one_element_constants,
    source_location,
)
from stepwell.ir.writes import storage_of


class SubgraphError(RunsWithAten):
    """A graph that calls a higher-order op on subgraphs (`torch.cond`, `while_loop`,
    `map`): the backend runs such a graph with ATen, as it is."""


def refuse_subgraphs(gm: torch.fx.GraphModule) -> None:
    """Raise `SubgraphError`, located, if an attribute of `gm` that a node reads is a
    subgraph (a branch of `torch.cond`, a loop body), and `RunsWithAten` if a node calls a
    higher-order op that stepwell has no import for (`run_and_save_rng_state`, which
    activation checkpointing wraps a random op in so its recomputation draws the same
    numbers: functionalization has no rule for it)."""
    subgraphs = [n for n in gm.graph.nodes if n.op == "get_attr"
                 and isinstance(getattr(gm, str(n.target), None), torch.nn.Module)]  # fmt: skip
    if subgraphs:  # (every call that runs one needs ATen: the backend compiles the rest)
        n = subgraphs[0]
        users = ", ".join(sorted({str(u.target) for u in n.users}))
        at = _where(next(iter(n.users), n))  # (the call has the stack trace)
        callers = {u.name: None for s in subgraphs for u in s.users}
        raise SubgraphError(f"{at}: '{n.target}' is a subgraph that {users} runs "
                            "(control flow): stepwell compiles no subgraphs", list(callers))
    unknown = [n for n in gm.graph.nodes if n.op == "call_function"
               and isinstance(n.target, torch._ops.HigherOrderOperator)
               and n.target not in FUNCTIONAL_HOPS and n.target.name() not in MODE_WRAPPERS]
    if unknown:
        n = unknown[0]
        raise RunsWithAten(f"{_where(n)}: stepwell has no import for the higher-order op "
                           f"{n.target.name()}", [u.name for u in unknown])  # fmt: skip


MUTATION_OUTPUTS = ("USER_INPUT_MUTATION", "BUFFER_MUTATION", "PARAMETER_MUTATION")
"""Outputs of a functionalized program that carry an input's new value, not a result."""


def import_program(ep: torch.export.ExportedProgram, name: str = "forward") -> ModuleOp:
    """Import an ExportedProgram; its signature names parameters, buffers and constants.
    A program that writes a tensor in place (`x.detach().add_(y)`, `F.embedding`'s
    `max_norm`, a train-mode BatchNorm's running statistics) is functionalized first, so
    every later read sees the written value; the function returns the program's results,
    then the new value of each input or buffer it writes, marked `stepwell.writes` (the
    runtimes store it into that argument, as for a `torch.compile` graph's input writes).
    Regions under `torch.no_grad()` or `torch.autocast(...)` inside `forward`, which
    torch.export keeps as wrapper higher-order ops around submodules, are inlined the same
    way (autocast applied to the ops it covers)."""
    if mutates(ep.graph) or has_mode_wrappers(ep.graph):
        why = None
        try:
            ep = ep.run_decompositions({})  # (an empty table: functionalization only)
        except Exception as e:  # noqa: BLE001 - whatever PyTorch raises, said below
            why = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200]}"
        if mutates(ep.graph):  # (value semantics would write copies: writes lost)
            raise RunsWithAten(
                "the program writes tensors in place and PyTorch cannot functionalize it"
                + (f" ({why})" if why else ""))  # fmt: skip
    refuse_subgraphs(ep.graph_module)
    specs = ep.graph_signature.output_specs
    results = [k for k, s in enumerate(specs) if s.kind.name not in MUTATION_OUTPUTS
               and not isinstance(s.arg, torch.export.graph_signature.ConstantArgument)]
    graph, writes = _program_writes(ep)  # (a constant result, None or a number, is the
    # signature's: `stepwell.compile` puts it back among the results)
    kinds = {
        "PARAMETER": "parameter",
        "BUFFER": "buffer",
        "CONSTANT_TENSOR": "constant",
        "CUSTOM_OBJ": "constant",
        "TOKEN": "token",
    }
    inputs: list[GraphInput] = []
    for spec in ep.graph_signature.input_specs:
        kind = kinds.get(spec.kind.name, "input")
        target = spec.target if spec.target is not None else spec.arg.name
        if kind == "input":
            target = spec.arg.name
            val = _meta_val(_placeholder(ep.graph, spec.arg.name))
            kind = "input" if isinstance(val, torch.Tensor) else "symint"
        inputs.append(GraphInput(target, kind))
    constants = {spec.arg.name: ep.constants.get(str(spec.target))
                 for spec in ep.graph_signature.input_specs
                 if spec.kind.name == "CONSTANT_TENSOR"}  # fmt: skip
    paired = complex_as_pairs(graph)
    if paired is not graph:  # (the copies into the inputs, in the new graph)
        graph, writes = paired, input_writes(paired)
    return _build_module(graph, inputs, name, results, one_element_constants(constants),
                         writes=writes)  # fmt: skip


def _program_writes(
    ep: torch.export.ExportedProgram,
) -> tuple[torch.fx.Graph, dict[torch.fx.Node, torch.fx.Node]]:
    """A copy of the program's graph in which each output that carries an input's or a
    buffer's new value (`MUTATION_OUTPUTS`) is also stored into it by a
    `copy_(placeholder, value)`, and those copies (`aten_graph.input_writes`). Where one
    is not a plain write (the program returns the old value too), nothing is written
    back and a warning names the inputs."""
    specs = ep.graph_signature.output_specs
    mutated = [(k, s) for k, s in enumerate(specs) if s.kind.name in MUTATION_OUTPUTS]
    if not mutated:
        return ep.graph, {}
    graph = copy.deepcopy(ep.graph)
    # a buffer or parameter by its name, a user input by its argument's (which may be the
    # same word: a buffer `k` and an argument `k`)
    arg_of = {(s.kind.name, str(s.target) if s.kind.name != "USER_INPUT" else s.arg.name):
              s.arg.name for s in ep.graph_signature.input_specs}  # fmt: skip
    written_kind = {"USER_INPUT_MUTATION": "USER_INPUT", "BUFFER_MUTATION": "BUFFER",
                    "PARAMETER_MUTATION": "PARAMETER"}  # fmt: skip
    output = next(n for n in graph.nodes if n.op == "output")
    values = output.args[0]
    copies = []
    for k, spec in mutated:
        dest = _placeholder(graph, arg_of[(written_kind[spec.kind.name], str(spec.target))])
        with graph.inserting_before(output):
            write = graph.call_function(torch.ops.aten.copy_.default, (dest, values[k]))
        write.meta.update(values[k].meta)
        write.meta["val"] = dest.meta["val"]
        copies.append(write)
    writes = input_writes(graph)
    if all(c in writes for c in copies):
        return graph, writes
    warnings.warn(
        f"the program writes {', '.join(str(s.target) for _, s in mutated)} in place and "
        "returns or reads an old value too: the compiled module returns its results but "
        "does not write those inputs back", stacklevel=3)  # fmt: skip
    return ep.graph, {}


def mutates(graph: torch.fx.Graph) -> bool:
    """Does an ATen op of `graph` write the values of one of its arguments (`add_`,
    `embedding_renorm_`; not an in-place view such as `detach_`, which changes no value)?"""
    return any(
        n.op == "call_function"
        and isinstance(n.target, torch._ops.OpOverload)
        and n.target._schema.is_mutable
        and torch.Tag.inplace_view not in n.target.tags
        for n in graph.nodes
    )


MODE_WRAPPERS = ("wrap_with_set_grad_enabled", "wrap_with_autocast")
"""Higher-order ops torch.export's pre-dispatch graph wraps a grad-mode or autocast region
in; running the decompositions inlines them."""


def has_mode_wrappers(graph: torch.fx.Graph) -> bool:
    """Does `graph` call a grad-mode or autocast wrapper around a submodule?"""
    return any(
        n.op == "call_function"
        and isinstance(n.target, torch._ops.HigherOrderOperator)
        and n.target.name() in MODE_WRAPPERS
        for n in graph.nodes
    )


def _placeholder(graph: torch.fx.Graph, name: str) -> torch.fx.Node:
    return next(n for n in graph.nodes if n.op == "placeholder" and n.name == name)


def import_graph(
    gm: torch.fx.GraphModule, example_inputs: Sequence[Any], name: str = "forward"
) -> ModuleOp:
    """Import a GraphModule. Graphs that are not functional ATen (Dynamo's torch-level
    graphs, `symbolic_trace` output, graphs with in-place ops) are first traced to
    functional ATen with `make_fx` on the example inputs; symbolic sizes keep their
    symbols. The graph's attributes (constants, parameters) become trailing arguments;
    `import_graph_with_attributes` also returns their values."""
    return import_graph_with_attributes(gm, example_inputs, name)[0]


def import_graph_with_attributes(
    gm: torch.fx.GraphModule, example_inputs: Sequence[Any], name: str = "forward",
    user_outputs: int | None = None,
) -> tuple[ModuleOp, list[Any]]:
    """`import_graph`, and the values of the arguments that stand for graph attributes
    (to pass after the example inputs when running the module). The first `user_outputs`
    outputs (default: all) are stored with eager's strides (`_build_module`'s `ordered`);
    the others (a training forward's saved tensors) row-major, as kernels read them."""
    refuse_subgraphs(gm)  # (before a retrace, which cannot functionalize their calls)
    if not is_aten_graph(gm):
        gm = _retrace(gm, example_inputs)
    inputs = []
    for n in gm.graph.nodes:
        if n.op == "placeholder":
            val = n.meta.get("val")
            if isinstance(val, torch.SymInt | torch.SymFloat | torch.SymBool):
                inputs.append(GraphInput(str(val), "symint"))  # named by its symbol: s0
            else:
                inputs.append(GraphInput(n.meta.get("stepwell_name", n.name), "input"))
    attributes = graph_attributes(gm)
    attribute_nodes = [n for n in gm.graph.nodes if n.op == "get_attr"]
    constants = {}
    for n, value in zip(attribute_nodes, attributes, strict=True):
        fqn = n.meta.get("stepwell_name", str(n.target))
        kind = n.meta.get("stepwell_kind") or _attr_kind(gm, str(n.target))
        inputs.append(GraphInput(fqn, kind))
        if kind == "constant":
            constants[n.name] = value
        if "val" not in n.meta:
            n.meta["val"] = _fake_like(value)
    graph = complex_as_pairs(gm.graph)
    module = _build_module(graph, inputs, name, scalars=one_element_constants(constants),
                           ordered=user_outputs, writes=input_writes(graph))  # fmt: skip
    return module, attributes


def _retrace(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> torch.fx.GraphModule:
    """Trace `gm` to functional ATen with make_fx, keeping each node's stack trace.

    Runs the graph with `torch.fx.Interpreter` so node metadata carries over, outside
    Dynamo's tracing context when sizes are static (its fake mode would add guards Dynamo
    cannot source), and accepts the module's real parameters as inputs."""
    import torch.fx.traceback as fx_traceback
    from torch.fx.experimental.proxy_tensor import make_fx

    symbolic = any(isinstance(x, torch.SymInt) for x in example_inputs) or any(
        isinstance(x, torch.Tensor) and any(isinstance(d, torch.SymInt) for d in x.shape)
        for x in example_inputs
    )
    # (value semantics; an input written in place gets a `copy_` at the end: input_writes)
    run = torch.func.functionalize(torch.fx.Interpreter(gm).run, remove="mutations")
    context = contextlib.nullcontext() if symbolic else torch._guards.tracing(None)
    with fx_traceback.preserve_node_meta(), context:
        traced = make_fx(
            run, tracing_mode="symbolic" if symbolic else "fake", _allow_non_fake_inputs=True
        )(*example_inputs)
    _name_parameter_constants(traced, gm)
    originals = [n for n in gm.graph.nodes if n.op == "placeholder"]
    retraced = [n for n in traced.graph.nodes if n.op == "placeholder"]
    _refuse_aliased_writes(traced, example_inputs, originals)
    for old, new in zip(originals, retraced, strict=False):
        new.meta["stepwell_name"] = old.name  # the user's input names, not arg0_1
    return traced


def _refuse_aliased_writes(traced: torch.fx.GraphModule, example_inputs: Sequence[Any],
                           originals: Sequence[torch.fx.Node]) -> None:  # fmt: skip
    """Raise FxImportError if the traced graph writes an input that shares memory with
    another example input (`f(x, x)` where f writes its first argument): the trace
    made the write to one of them and read the other's old value, so the module would
    compute what no eager call does. `torch.compile`'s runtime handles such aliasing;
    a graph imported directly takes its inputs as distinct tensors."""
    placeholders = [n for n in traced.graph.nodes if n.op == "placeholder"]
    written = {placeholders.index(dest) for dest in input_writes(traced.graph).values()}
    tensors = [(i, x) for i, x in enumerate(example_inputs)
               if isinstance(x, torch.Tensor) and x.numel() and not _is_fake(x)]  # fmt: skip
    for i, x in tensors:
        for j, y in tensors:
            if i != j and i in written and storage_of(x) == storage_of(y):
                names = [n.name for n in originals] + [""] * len(example_inputs)
                raise FxImportError(
                    f"inputs {j} ({names[j]}) and {i} ({names[i]}) share memory and the "
                    "graph writes one of them: import_graph takes its inputs as distinct "
                    "tensors; pass separate tensors, or compile with torch.compile")


def _is_fake(t: torch.Tensor) -> bool:
    return isinstance(t, torch._subclasses.FakeTensor) or t.device.type == "meta"


def _name_parameter_constants(traced: torch.fx.GraphModule, source: torch.nn.Module) -> None:
    """make_fx turns the module's parameters into `_param_constantN` attributes: give them
    back their fully qualified names."""
    by_id = {id(p): n for n, p in [*source.named_parameters(), *source.named_buffers()]}
    for node in traced.graph.nodes:
        if node.op == "get_attr":
            value = getattr(traced, str(node.target), None)
            name = by_id.get(id(value))
            if name is not None:
                node.meta["stepwell_name"] = name
                node.meta["stepwell_kind"] = (
                    "parameter" if isinstance(value, torch.nn.Parameter) else "buffer"
                )


def _attr_kind(gm: torch.fx.GraphModule, target: str) -> str:
    attr = gm.get_parameter(target) if _has_param(gm, target) else None
    return "parameter" if attr is not None else "constant"


def _has_param(gm: torch.fx.GraphModule, target: str) -> bool:
    try:
        gm.get_parameter(target)
        return True
    except AttributeError:
        return False


def _fake_like(t: torch.Tensor) -> torch.Tensor:
    return torch.empty_strided(t.shape, t.stride(), dtype=t.dtype, device="meta")


def graph_inputs(module: ModuleOp, name: str = "forward") -> list[GraphInput]:
    """The `GraphInput` of each argument of `@name`, read back from its arg attributes."""
    func = next(op for op in module.ops if isinstance(op, FuncOp) and op.sym_name.data == name)
    out: list[GraphInput] = []
    for d in func.arg_attrs.data if func.arg_attrs else []:
        n, k = d.data.get(ARG_NAME), d.data.get(ARG_KIND)
        out.append(
            GraphInput(
                n.data if isinstance(n, StringAttr) else "",
                k.data if isinstance(k, StringAttr) else "input",
            )
        )
    return out
