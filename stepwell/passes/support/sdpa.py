"""SDPA's fused ATen ops kept whole: the flash-attention forward that returns each row's
log-sum-exp (what training saves) as `prims.attention` with its `lse` result, and its
backward as `prims.attention_backward`, so both become flash kernels instead of ATen calls.

A training graph gets these from AOTAutograd: `scaled_dot_product_attention` (the
user's, or the one the frontend's attention rewrite put in place of a spelled-out
attention) dispatches to `_scaled_dot_product_flash_attention_for_cpu` on CPU, and its
derivative is `..._backward`. The backward's `delta = rowsum(dO * O)` is ordinary prims
(a row reduction that fuses with its neighbours), an operand of the primitive.

Each rule takes the op's arguments by schema name (SSA values for tensors, Python values
for constants) and returns the new ops, or None when the primitive cannot express the
call (dropout): the op then decomposes as any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import Attribute, Operation, SSAValue

from stepwell.dialects import prims
from stepwell.dialects.prims_support import AttentionBackwardOp, AttentionOp
from stepwell.ir.types import int_array

Rule = Callable[[Operation, dict[str, Any]], list[Operation] | None]


def _mask(args: dict[str, Any]) -> SSAValue | None:
    mask = args.get("attn_mask")
    return mask if isinstance(mask, SSAValue) else None


def _scale(args: dict[str, Any]) -> float | None:
    scale = args.get("scale")
    return None if scale is None else float(scale)


def flash_forward(op: Operation, args: dict[str, Any]) -> list[Operation] | None:
    """(output, logsumexp) = flash attention: `prims.attention` with `lse` when the
    log-sum-exp is used (training); unused, the op decomposes and `fuse-attention`
    recovers it with what it proves of the mask (a causal pattern)."""
    if args.get("dropout_p", 0.0) != 0.0 or not op.results[1].uses:
        return None
    lse_type = op.results[1].type
    if cast(TensorType[Attribute], lse_type).element_type != f32:
        return None
    return [AttentionOp(args["query"], args["key"], args["value"], _mask(args),
                        op.results[0].type, bool(args.get("is_causal", False)),
                        _scale(args), lse_type=lse_type)]  # fmt: skip


def flash_backward(op: Operation, args: dict[str, Any]) -> list[Operation] | None:
    """(dq, dk, dv) of flash attention from the saved output and log-sum-exp."""
    if args.get("dropout_p", 0.0) != 0.0:
        return None
    grad_out, out = cast(SSAValue, args["grad_out"]), cast(SSAValue, args["out"])
    o_type = cast(TensorType[Attribute], out.type)
    shape4 = list(o_type.get_shape())
    row_t = TensorType(f32, shape4[:3])
    new: list[Operation] = [prims.PrimsMulOp.make([o_type], self_=grad_out, other=out)]
    if o_type.element_type != f32:
        new.append(prims.PrimsConvertElementTypeOp.make(
            [TensorType(f32, shape4)], a=new[-1].results[0], dtype=f32))  # fmt: skip
    new.append(prims.PrimsSumOp.make([row_t], inp=new[-1].results[0], dims=int_array([3])))
    new.append(AttentionBackwardOp(grad_out, args["query"], args["key"], args["value"],
                                   args["logsumexp"], new[-1].results[0], _mask(args),
                                   bool(args.get("is_causal", False)), _scale(args)))  # fmt: skip
    return new


RULES: dict[str, Rule] = {
    "aten._scaled_dot_product_flash_attention_for_cpu.default": flash_forward,
    "aten._scaled_dot_product_flash_attention_for_cpu_backward.default": flash_backward,
}
"""overload -> its rule. (CUDA's `_scaled_dot_product_flash_attention` pair also saves
its random-number state and sequence offsets: not kept whole yet.)"""
