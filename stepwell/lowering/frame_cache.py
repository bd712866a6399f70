"""The frame cache: a Dynamo graph found again without AOTAutograd tracing it.

On a warm `torch.compile`, stepwell's graph cache answers in about 0.02 s, but it is asked
only after AOTAutograd has traced the Dynamo graph again (functionalized, decomposed,
analysed for aliasing): GPT-2 0.43 s, Llama 0.63 s, most of what a warm first call
spent beyond Dynamo. Inductor's AOTAutogradCache skips that trace by storing AOTAutograd's result
(its runtime wrappers' metadata and the compiled graphs). This cache does it for the
graphs whose AOTAutograd wrapper has nothing to do at run time, which is every graph of
a plain inference call:

- inference: AOTAutograd compiled one graph with no backward (no grad mode, or no input
  that needs gradients), with no autocast around the call and no change of grad mode
  inside the graph;
- no input is mutated but by the graph itself (a write AOTAutograd keeps in the graph,
  `keep_inference_input_mutations`: an optimizer step's parameters and state), and every
  output is a new tensor (no alias of an input or of another output);
- no effect tokens, tensor subclasses, RNG state or opaque inputs; no constant tensors in
  the traced graph (their values are not in a key); static sizes;
- the traced graph takes Dynamo's inputs one for one.

For such a graph the entry maps the Dynamo graph's key (`graph_cache.dynamo_graph_key`,
with the state of `settings` and the options) to the graph cache's key of the
traced graph and its output slots; a hit runs that graph's runtime on Dynamo's
arguments directly. Anything else goes through AOTAutograd as before, and a missing or
bad entry is a miss. The entry is JSON and names no code.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import torch

from stepwell.lowering import graph_cache
from stepwell.lowering.cache import read_entry, write_entry

STEM = "frame"


@dataclass(frozen=True)
class FrameEntry:
    """A Dynamo graph's compiled form: the graph cache's key of AOTAutograd's inference
    graph, and which of that graph's outputs are tensors (the others are None)."""

    graph_key: str
    slots: tuple[bool, ...]


def settings(options: str) -> str:
    """What a Dynamo graph's trace depends on beyond the graph: the options and the state
    AOTAutograd traces under (grad mode, default dtype, deterministic algorithms, which
    SDPA implementations are on, the current CUDA device)."""
    sdp = torch.backends.cuda
    device = torch.cuda.current_device() if torch.cuda.is_initialized() else "-"
    modes = (
        f"grad={torch.is_grad_enabled()} inference_mode={torch.is_inference_mode_enabled()} "
        f"default_dtype={torch.get_default_dtype()} "
        f"deterministic={torch.are_deterministic_algorithms_enabled()} "
        f"sdp={sdp.flash_sdp_enabled()}{sdp.mem_efficient_sdp_enabled()}"
        f"{sdp.math_sdp_enabled()}{sdp.cudnn_sdp_enabled()} cuda_device={device}"
    )
    return f"frame {options} {modes}"


def key(gm: torch.fx.GraphModule, inputs: Sequence[Any], options: str) -> str | None:
    """The frame cache's key of Dynamo's `gm` called with `inputs`, or None when the graph
    cannot have an entry: a submodule, something without an exact description, or an
    autocast region around the call (AOTAutograd runs its graph with autocast off)."""
    if not graph_cache.enabled() or torch._C._is_any_autocast_enabled():
        return None
    return graph_cache.dynamo_graph_key(gm, inputs, settings(options))


def lookup(frame_key: str, outputs: int) -> Callable[..., list[Any]] | None:
    """The compiled Dynamo graph of entry `frame_key` (whose graph has `outputs` outputs),
    or None on a miss: no entry, a bad one, or none usable in the graph cache behind it."""
    from stepwell.lowering.artifacts import cached_artifacts

    entry = _read(frame_key)
    if entry is None or len(entry.slots) != outputs:
        return None
    try:
        artifacts = cached_artifacts(entry.graph_key)
        run = artifacts.runner(entry.slots) if artifacts is not None else None
    except Exception as e:  # noqa: BLE001 - an entry that does not parse: compile again
        warnings.warn(f"stepwell: frame cache entry {frame_key} unusable: {e!r:.200}",
                      stacklevel=2)  # fmt: skip
        return None
    return None if run is None else torch._dynamo.disable(run, reason="a graph stepwell compiled")


def store(frame_key: str, entry: FrameEntry) -> None:
    data = {"graph_key": entry.graph_key, "slots": list(entry.slots)}
    write_entry(frame_key, {"json": json.dumps(data)}, {}, stem=STEM)


def _read(frame_key: str) -> FrameEntry | None:
    hit = read_entry(frame_key, stem=STEM, accept=lambda files: _parse(files) is not None)
    return None if hit is None else _parse(hit[0])


def _parse(files: dict[str, str | bytes]) -> FrameEntry | None:
    text = files.get("json")
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    graph_key, slots = data.get("graph_key"), data.get("slots")
    if not isinstance(graph_key, str) or not graph_key.startswith("graph-"):
        return None
    if not isinstance(slots, list) or not all(isinstance(s, bool) for s in slots):
        return None
    return FrameEntry(graph_key, tuple(slots))


def passes_through(dynamo_inputs: Sequence[Any], traced_inputs: Sequence[Any]) -> bool:
    """Does AOTAutograd's runtime wrapper hand the traced inference graph Dynamo's inputs
    as they are and return its outputs as they are? Read from the metadata of the trace
    being compiled (`TracingContext.fw_metadata`); False when any of it is missing."""
    from torch._guards import TracingContext

    context = TracingContext.try_get()
    meta = getattr(context, "fw_metadata", None)
    if meta is None or len(dynamo_inputs) != len(traced_inputs):
        return False
    try:
        from torch._functorch._aot_autograd.schemas import (
            MutationType,
            OutputType,
            PlainTensorMeta,
        )

        inputs_untouched = not any(  # (a write the graph makes itself is no wrapper's)
            (i.mutates_data and i.mutation_type != MutationType.MUTATED_IN_GRAPH)
            or i.mutates_metadata
            or i.mutates_storage_metadata
            or i.mutation_inductor_storage_resize
            for i in meta.input_info
        )
        outputs_new = all(o.output_type == OutputType.non_alias for o in meta.output_info)
        plain = all(isinstance(m, PlainTensorMeta | int) for m in meta.subclass_inp_meta)
        return bool(
            inputs_untouched
            and outputs_new
            and plain
            and meta.num_intermediate_bases == 0
            and meta.grad_enabled_mutation is None  # (the wrapper sets grad mode after)
            and not meta.tokens
            and not getattr(meta, "num_graphsafe_rng_states", 0)
            and not meta.is_rng_op_functionalized
            and all(
                _same_metadata(a, b) for a, b in zip(dynamo_inputs, traced_inputs, strict=True)
            )
        )
    except (AttributeError, ImportError):  # another torch: AOTAutograd as before
        return False


def _same_metadata(a: Any, b: Any) -> bool:
    def metadata(t: torch.Tensor) -> tuple[Any, ...]:
        return (t.shape, t.stride(), t.dtype, t.device.type)

    both = isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)
    return both and metadata(a) == metadata(b)
