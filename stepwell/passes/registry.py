"""Every pass stepwell defines: name -> factory returning the pass class.

A pass is one file in this package whose kebab-case `name` matches the file name;
`tests/python/test_registry.py` checks that this table and the files agree.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass


def _decompose_torch_to_prims() -> type[ModulePass]:
    from stepwell.passes.decompose_torch_to_prims import DecomposeTorchToPrims

    return DecomposeTorchToPrims


def _combine_launches() -> type[ModulePass]:
    from stepwell.passes.combine_launches import CombineLaunches

    return CombineLaunches


def _convert_prims_to_tile() -> type[ModulePass]:
    from stepwell.passes.convert_prims_to_tile import ConvertPrimsToTile

    return ConvertPrimsToTile


def _canonicalize_prims() -> type[ModulePass]:
    from stepwell.passes.canonicalize_prims import CanonicalizePrims

    return CanonicalizePrims


def _fuse_attention() -> type[ModulePass]:
    from stepwell.passes.fuse_attention import FuseAttention

    return FuseAttention


def _schedule_collectives() -> type[ModulePass]:
    from stepwell.passes.schedule_collectives import ScheduleCollectives

    return ScheduleCollectives


def _write_inputs_in_place() -> type[ModulePass]:
    from stepwell.passes.write_inputs_in_place import WriteInputsInPlace

    return WriteInputsInPlace


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "canonicalize-prims": _canonicalize_prims,
    "combine-launches": _combine_launches,
    "convert-prims-to-tile": _convert_prims_to_tile,
    "decompose-torch-to-prims": _decompose_torch_to_prims,
    "fuse-attention": _fuse_attention,
    "schedule-collectives": _schedule_collectives,
    "write-inputs-in-place": _write_inputs_in_place,
}
