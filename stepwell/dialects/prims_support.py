"""Hand-written part of the `prims` dialect: the verifier rules of the generated ops, and
the three composite primitives vendors want whole.

The generated ops (`prims.py`, from `torch.ops.prims` schemas) share the torch dialect's
textual form. Broadcasting and type promotion are explicit at this level: elementwise
ops take operands of one shape, and `prims.broadcast_in_dim` / `prims.convert_element_type`
make every change of shape or type visible.

    %c = prims.matmul %a, %b {transpose_rhs = true} : (tensor<4x8xf32>, tensor<6x8xf32>) -> ...
    %o = prims.attention %q, %k, %v {causal = true, scale = 0.125 : f64} : (...) -> ...
    %y = prims.extern "aten.convolution.default"(%x, %w) {args = [...]} : (...) -> ...
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar, cast

import torch
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    BoolAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
    f32,
    i1,
)
from xdsl.ir import Attribute, Operation, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import EffectInstance, MemoryEffect, Pure
from xdsl.utils.exceptions import VerifyException

from stepwell.dialects.codecs import call_arguments
from stepwell.dialects.torch_support import TorchOp, call_operand_error, call_properties
from stepwell.ir.callees import callee_error, collective_kind, is_effectful, resolve_callee
from stepwell.ir.sizes import Size, SizeError, simplify
from stepwell.ir.types import (
    float_constant,
    int_array,
    int_values,
    is_float,
    sized_tensor_type,
    tensor_sizes,
    torch_dtype,
)


def _tensor(value: SSAValue | Attribute) -> TensorType[Attribute]:
    t = value.type if isinstance(value, SSAValue) else value
    return cast(TensorType[Attribute], t)


def _static_ints(attr: Attribute | None) -> list[int] | None:
    """The integers of an integer-list property; None if one is symbolic (#torch.sym)."""
    items = cast(ArrayAttr[Attribute], attr).data
    if not all(isinstance(d, IntegerAttr) for d in items):
        return None
    return [cast(IntegerAttr, d).value.data for d in items]


def _verify_elementwise(op: PrimsOp) -> None:
    """Operands and results have one shape; tensor operands one element type."""
    shapes = {tuple(_tensor(v).get_shape()) for v in (*op.operands, *op.results)}
    if len(shapes) > 1:
        raise VerifyException(
            f"elementwise operands and results must have one shape (broadcast explicitly "
            f"with prims.broadcast_in_dim), got {sorted(shapes)}"
        )
    operand_types = [_tensor(v).element_type for v in op.operands]
    if op.name == "prims.where":  # predicate is i1, the two branches agree
        operand_types = operand_types[1:]
    if any(t != operand_types[0] for t in operand_types[1:]):
        raise VerifyException(
            "elementwise operands must have one element type (promote explicitly with "
            f"prims.convert_element_type), got {', '.join(map(str, operand_types))}"
        )


def _verify_broadcast_in_dim(op: PrimsOp) -> None:
    src = _tensor(op.operands[0]).get_shape()
    dst = _tensor(op.results[0]).get_shape()
    dims_attr = op.properties.get("broadcast_dimensions")
    dims = _static_ints(dims_attr)
    if dims is None:
        return
    if len(dims) != len(src):
        raise VerifyException(
            f"broadcast_dimensions has {len(dims)} entries but the operand has rank {len(src)}"
        )
    if any(b <= a for a, b in zip(dims, dims[1:], strict=False)):
        raise VerifyException(f"broadcast_dimensions {dims} must be strictly increasing")
    for i, d in enumerate(dims):
        if not 0 <= d < len(dst):
            raise VerifyException(f"broadcast dimension {d} is out of range for rank {len(dst)}")
        if src[i] not in (1, dst[d], -1) and dst[d] != -1:
            raise VerifyException(
                f"operand dim {i} of size {src[i]} cannot broadcast to result dim {d} "
                f"of size {dst[d]}"
            )


def _verify_reduction(op: PrimsOp) -> None:
    src = _tensor(op.operands[0]).get_shape()
    dims_attr = op.properties.get("dims")
    dims = _static_ints(dims_attr) if isinstance(dims_attr, ArrayAttr) else list(range(len(src)))
    if dims is None:
        return
    if not src and dims in ([], [0]):  # a 0-d tensor reduces to itself (PyTorch's rule)
        dims = []
    for d in dims:
        if not 0 <= d < len(src):
            raise VerifyException(f"reduction dim {d} is out of range for rank {len(src)}")
    expected = [s for i, s in enumerate(src) if i not in dims]
    got = list(_tensor(op.results[0]).get_shape())
    if got != expected:
        raise VerifyException(f"reducing dims {dims} of {list(src)} gives {expected}, not {got}")


def _static_tensor(t: Attribute) -> bool:
    return isinstance(t, TensorType) and all(
        d >= 0 for d in cast(TensorType[Attribute], t).get_shape()
    )


@functools.cache
def _float_only(op_class: type[PrimsOp]) -> bool:
    """True for unary elementwise math whose reference in `torch._refs` turns integers
    into floats (sin, exp, log, ...): the prim itself is only defined on floats."""
    import torch._refs

    ref = getattr(torch._refs, op_class.OVERLOAD.split(".")[1], None)
    tensors = [n for n, _ in op_class.get_irdl_definition().operands if n != "sym_args"]
    if op_class.KIND != "elementwise" or ref is None or len(tensors) != 1:
        return False
    try:
        return bool(ref(torch.empty(1, dtype=torch.int32, device="meta")).dtype.is_floating_point)
    except Exception:  # noqa: BLE001 - a ref that cannot run on ints is no float-only math
        return False


class _MetaCall:
    """A prim's call on meta tensors, for the meta cache: equal when op class, operand
    types and properties are equal. The op rides along only until the call is made (a
    cached entry holds no IR)."""

    def __init__(self, op: PrimsOp) -> None:
        self.key = (type(op), tuple(op.operand_types), tuple(sorted(op.properties.items())))
        self.op: PrimsOp | None = op

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _MetaCall) and self.key == other.key


@functools.lru_cache(maxsize=4096)
def _meta_result(call: _MetaCall) -> tuple[tuple[tuple[int, ...], torch.dtype], ...] | str:
    """What PyTorch's meta function of a prim gives for these operand types and
    properties: result (shape, dtype) pairs, or the error it raises (first line)."""
    op, call.op = call.op, None
    assert op is not None
    try:  # (a shape whose storage size overflows an int64: PyTorch says so)
        values = [torch.empty(tuple(_tensor(t).get_shape()),
                              dtype=torch_dtype(_tensor(t).element_type), device="meta")
                  for t in op.operand_types]  # fmt: skip
        out = resolve_callee(op.OVERLOAD)(**_rounded_fills(call_arguments(op, values)))
    except Exception as e:  # noqa: BLE001 - PyTorch's own checks, reported as they are
        return (str(e).strip().splitlines() or [type(e).__name__])[0]
    outs = out if isinstance(out, list | tuple) else (out,)
    return tuple((tuple(o.shape), o.dtype) for o in outs if isinstance(o, torch.Tensor))


def _rounded_fills(args: dict[str, Any]) -> dict[str, Any]:
    """`args` with a fill (`prims.full`'s `fill_value`) past its float16 or bfloat16
    dtype's range rounded as a kernel stores it (`types.float_constant`: that dtype's
    largest value within half an ulp of it, else an infinity): a decomposition makes
    `full((), 1e5, dtype=float16)` of `torch.where(m, h, 1e5)`, whose eager value there
    is inf, and PyTorch's meta function of `full` may refuse the unrounded number. A
    float32 fill past float32's range stays refused, as eager's `where(m, x, 1e300)` is."""
    dtype, fill = args.get("dtype"), args.get("fill_value")
    if dtype in (torch.float16, torch.bfloat16) and isinstance(fill, float):
        return {**args, "fill_value": float_constant(fill, dtype)}
    return args


def _verify_reshape_to_scalar(op: PrimsOp) -> None:
    """`prims.reshape` to a 0-d tensor: of one element, keeping its element type."""
    src, dst = _tensor(op.operand_types[0]), _tensor(op.result_types[0])
    if math.prod(src.get_shape()) != 1 or src.element_type != dst.element_type:
        raise VerifyException(f"a reshape to a 0-d tensor takes one element of its type, "
                              f"not {src}")  # fmt: skip


def _verify_with_meta(op: PrimsOp) -> None:
    """Check a prim's properties against its operand and result types with PyTorch's own
    meta function (dims, permutations, shapes, dtypes), on static shapes."""
    # a symbolic size (an i64 operand) or a dynamic dim: nothing static to check
    if not all(_static_tensor(t) for t in (*op.operand_types, *op.result_types)):
        return
    for t in op.result_types:  # refuse absurd sizes before anything allocates them
        if math.prod(cast(TensorType[Attribute], t).get_shape()) > MAX_ELEMENTS:
            raise VerifyException(f"result type {t} has more than {MAX_ELEMENTS} elements")
    if _float_only(type(op)) and not all(is_float(_tensor(v).element_type) for v in op.operands):
        raise VerifyException(f"{op.name} is defined on floating-point tensors only")
    if op.name == "prims.reshape" and not list(_tensor(op.result_types[0]).get_shape()):
        _verify_reshape_to_scalar(op)  # PyTorch's meta fails on shape []: reduce() of ()
        return
    meta = _meta_result(_MetaCall(op))
    if isinstance(meta, str):
        raise VerifyException(f"PyTorch rejects these arguments: {meta}")
    declared = [(tuple(_tensor(t).get_shape()), torch_dtype(_tensor(t).element_type))
                for t in op.result_types]  # fmt: skip
    if declared != list(meta):
        want = ", ".join(f"{list(shape)} {dtype}" for shape, dtype in meta)
        raise VerifyException(f"the result types disagree with the operands and properties, "
                              f"which give {want}")  # fmt: skip


MAX_ELEMENTS = 2**40
"""No tensor type in IR text may have more elements (a dense constant or interpreter run
of it would exhaust memory; real models are many orders of magnitude below)."""


VERIFIERS: dict[str, Callable[[PrimsOp], None]] = {
    "elementwise": _verify_elementwise,
    "broadcast_in_dim": _verify_broadcast_in_dim,
    "reduction": _verify_reduction,
}
"""Verifier rule by op KIND (the generator assigns each generated op its KIND)."""


class PrimsOp(TorchOp):
    """Base of every generated `prims.*` op; KIND selects its verifier rule. Prims ops
    have value semantics and no side effects (random ops are not generated): Pure."""

    KIND: ClassVar[str] = "other"
    traits = traits_def(Pure())

    def verify_(self) -> None:
        super().verify_()
        rule = VERIFIERS.get(self.KIND)
        if rule is not None:
            rule(self)
        _verify_with_meta(self)


@irdl_op_definition
class MatmulOp(IRDLOperation):
    """`prims.matmul`: batched matrix product `[..., M, K] x [..., K, N] -> [..., M, N]`.

    `transpose_lhs`/`transpose_rhs` say an operand is stored transposed (a linear layer's
    `[N, K]` weight), so no transpose op or copy is needed. An rhs of rank 2 is shared by
    every batch; otherwise the batch dims of both operands are equal.
    """

    name = "prims.matmul"
    traits = traits_def(Pure())
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    transpose_lhs = opt_prop_def(BoolAttr)
    transpose_rhs = opt_prop_def(BoolAttr)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"

    def __init__(
        self, lhs: SSAValue, rhs: SSAValue, result_type: Attribute,
        transpose_lhs: bool = False, transpose_rhs: bool = False,
    ) -> None:  # fmt: skip
        props: dict[str, Attribute] = {}
        if transpose_lhs:
            props["transpose_lhs"] = IntegerAttr.from_bool(True)
        if transpose_rhs:
            props["transpose_rhs"] = IntegerAttr.from_bool(True)
        super().__init__(operands=[lhs, rhs], result_types=[result_type], properties=props)

    def flags(self) -> tuple[bool, bool]:
        return (
            bool(self.transpose_lhs and self.transpose_lhs.value.data),
            bool(self.transpose_rhs and self.transpose_rhs.value.data),
        )

    def verify_(self) -> None:
        a, b = _tensor(self.lhs).get_shape(), _tensor(self.rhs).get_shape()
        if len(a) < 2 or len(b) < 2:
            raise VerifyException(f"matmul operands need rank >= 2, got {len(a)} and {len(b)}")
        tl, tr = self.flags()
        m, k = (a[-1], a[-2]) if tl else (a[-2], a[-1])
        k2, n = (b[-1], b[-2]) if tr else (b[-2], b[-1])
        if -1 not in (k, k2) and k != k2:
            raise VerifyException(f"matmul inner sizes differ: {k} vs {k2}")
        if len(b) > 2 and list(a[:-2]) != list(b[:-2]):
            raise VerifyException(f"matmul batch dims differ: {list(a[:-2])} vs {list(b[:-2])}")
        expected = [*a[:-2], m, n]
        got = list(_tensor(self.result).get_shape())
        if got != expected:
            raise VerifyException(f"matmul result shape should be {expected}, got {got}")
        ta, tb = _tensor(self.lhs).element_type, _tensor(self.rhs).element_type
        if ta != tb:
            raise VerifyException(f"matmul operand element types differ: {ta} vs {tb}")


@irdl_op_definition
class AttentionOp(IRDLOperation):
    """`prims.attention`: softmax(scale * q kᵀ + mask) v, as one primitive.

    q: [B, H, Lq, D], k: [B, Hkv, Lk, D], v: [B, Hkv, Lk, Dv] with H a multiple of Hkv
    (grouped-query attention). `mask` is boolean (true = attend) or additive, and
    broadcasts to [B, H, Lq, Lk]. `scale` defaults to 1/sqrt(D). With `transpose_out` the
    result is [B, Lq, H, Dv] (heads inside tokens, as an output projection reads them)
    instead of [B, H, Lq, Dv]. The optional second result `lse` [B, H, Lq] (f32) is each
    query row's log-sum-exp of its logits, which training saves for
    `prims.attention_backward` (-inf for a row that sees no key). A row that sees no key
    (its mask hides every key) is 0, as SDPA's `_safe_softmax` makes it, or NaN with
    `blind_nan` (a plain softmax's 0/0, as eager computes one written out). With `fill`,
    a key the mask hides (false, or -inf in an additive mask) has the logit `fill`
    instead of -inf, as `masked_fill(~m, -1e4)` written before the softmax gives it: a row
    that hides every key then attends to all of them alike. With `floor`, every logit
    (scaled, masked and filled) is at least `floor`, as `max(logits, finfo.min)` written
    before the softmax makes it (XGLM): a hidden key's logit is then the floor. With
    `rounded` (f16 or bf16), the logits (scores, biases and masks summed) are rounded to
    that type before the floor and the softmax, as a graph that adds a half mask to half
    scores computes them: `s + finfo.min` rounds to finfo.min (or overflows to -inf), so a
    row such a mask hides wholly is eager's, not the scores' own softmax.
    """

    name = "prims.attention"
    traits = traits_def(Pure())
    query = operand_def(TensorType)
    key = operand_def(TensorType)
    value = operand_def(TensorType)
    mask = opt_operand_def(TensorType)
    causal = opt_prop_def(BoolAttr)
    scale = opt_prop_def(FloatAttr)
    transpose_out = opt_prop_def(BoolAttr)
    blind_nan = opt_prop_def(BoolAttr)
    fill = opt_prop_def(FloatAttr)
    floor = opt_prop_def(FloatAttr)
    rounded = opt_prop_def(TypeAttribute)
    result = result_def(TensorType)
    lse = opt_result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$query `,` $key `,` $value (`mask` $mask^)? attr-dict `:` "
        "functional-type(operands, results)"
    )

    def __init__(
        self, query: SSAValue, key: SSAValue, value: SSAValue, mask: SSAValue | None,
        result_type: Attribute, causal: bool = False, scale: float | None = None,
        transpose_out: bool = False, lse_type: Attribute | None = None,
        blind_nan: bool = False, fill: float | None = None, floor: float | None = None,
        rounded: Attribute | None = None,
    ) -> None:  # fmt: skip
        props = _attention_props(causal, scale, transpose_out)
        if blind_nan:
            props["blind_nan"] = IntegerAttr.from_bool(True)
        if fill is not None:
            props["fill"] = FloatAttr(fill, 64)
        if floor is not None:
            props["floor"] = FloatAttr(floor, 64)
        if rounded is not None:
            props["rounded"] = rounded
        super().__init__(
            operands=[query, key, value, [mask] if mask is not None else []],
            result_types=[result_type, [lse_type] if lse_type is not None else []],
            properties=props,
        )

    def verify_(self) -> None:
        _verify_attention_operands(self.query, self.key, self.value)
        q, v = _tensor(self.query).get_shape(), _tensor(self.value).get_shape()
        out = list(_tensor(self.result).get_shape())
        want = [q[0], q[2], q[1], v[3]] if self.transposed() else [q[0], q[1], q[2], v[3]]
        if (
            any(a != b and -1 not in (a, b) for a, b in zip(out, want, strict=False))
            or len(out) != 4
        ):
            raise VerifyException(f"attention result should be {want}, got {out}")
        if self.lse is not None:
            _verify_row_stat(self.lse, q, "lse")
        if self.fill is not None and (self.mask is None or self.lse is not None):
            raise VerifyException("an attention's fill needs a mask (and no lse result)")
        if self.floor is not None and (self.lse is not None or self.is_causal()):
            raise VerifyException("an attention's floor needs no lse result and no causal")
        if self.rounded is not None and (
            self.lse is not None or str(self.rounded) not in ("f16", "bf16")
        ):
            raise VerifyException("an attention's logits are rounded to f16 or bf16 (no lse)")

    def mask_fill(self) -> float | None:
        """The logit of a hidden key (`fill`); None: -inf."""
        return self.fill.value.data if self.fill is not None else None

    def logit_floor(self) -> float | None:
        """The least logit (`floor`); None: none."""
        return self.floor.value.data if self.floor is not None else None

    def logit_options(self) -> dict[str, Any]:
        """The keyword arguments that rebuild this attention's treatment of its logits
        (`blind_nan`, `fill`, `floor`, `rounded`) in a new one."""
        return {"blind_nan": self.blind_rows_nan(), "fill": self.mask_fill(),
                "floor": self.logit_floor(), "rounded": self.rounded}  # fmt: skip

    def transposed(self) -> bool:
        """Is the result [B, Lq, H, Dv] (`transpose_out`)?"""
        return bool(self.transpose_out and self.transpose_out.value.data)

    def is_causal(self) -> bool:
        return bool(self.causal and self.causal.value.data)

    def blind_rows_nan(self) -> bool:
        """Is a row that sees no key NaN (`blind_nan`), not 0?"""
        return bool(self.blind_nan and self.blind_nan.value.data)


def _attention_props(
    causal: bool, scale: float | None, transpose_out: bool = False
) -> dict[str, Attribute]:
    """The properties of an attention primitive, in their printed order (absent: the
    default)."""
    props: dict[str, Attribute] = {}
    if causal:
        props["causal"] = IntegerAttr.from_bool(True)
    if transpose_out:
        props["transpose_out"] = IntegerAttr.from_bool(True)
    if scale is not None:
        props["scale"] = FloatAttr(scale, 64)
    return props


def _verify_row_stat(value: SSAValue, q: Sequence[int], what: str) -> None:
    """A per-query-row statistic (log-sum-exp, rowsum(dO * O)): f32 [B, H, Lq]."""
    t = _tensor(value)
    want = [q[0], q[1], q[2]]
    got = list(t.get_shape())
    if len(got) != 3 or any(a != b and -1 not in (a, b) for a, b in zip(got, want, strict=True)):
        raise VerifyException(f"attention {what} should be {want}, got {got}")
    if t.element_type != f32:
        raise VerifyException(f"attention {what} is f32, not {t.element_type}")


def _verify_attention_operands(query: SSAValue, key: SSAValue, value: SSAValue) -> None:
    q, k, v = (_tensor(x).get_shape() for x in (query, key, value))
    if not len(q) == len(k) == len(v) == 4:
        raise VerifyException("attention operands must be rank 4: [B, H, L, D]")
    if q[-1] != k[-1] and -1 not in (q[-1], k[-1]):
        raise VerifyException(f"query and key head dims differ: {q[-1]} vs {k[-1]}")
    if k[2] != v[2] and -1 not in (k[2], v[2]):
        raise VerifyException(f"key and value lengths differ: {k[2]} vs {v[2]}")
    if k[1] != v[1] and -1 not in (k[1], v[1]):
        raise VerifyException(f"key and value head counts differ: {k[1]} vs {v[1]}")
    if k[1] > 0 and q[1] > 0 and q[1] % k[1] != 0:
        raise VerifyException(f"{q[1]} query heads are not a multiple of {k[1]} kv heads")


@irdl_op_definition
class AttentionBackwardOp(IRDLOperation):
    """`prims.attention_backward`: the gradients (dq, dk, dv) of `prims.attention`
    (without `transpose_out`) given the gradient of its result, as one primitive.

    Operands: grad_out [B, H, Lq, Dv], q, k, v and mask as the forward's, its `lse`
    [B, H, Lq] and `delta` = rowsum(grad_out * out) [B, H, Lq], both f32. With
    P = exp(scale * q kᵀ + mask - lse) (recomputed, never saved):
    dv = Pᵀ dO, dS = P * (dO vᵀ - delta), dq = scale * dS k, dk = scale * dSᵀ q, with
    dk and dv summed over the query heads that share a kv head (grouped-query attention).
    """

    name = "prims.attention_backward"
    traits = traits_def(Pure())
    grad_out = operand_def(TensorType)
    query = operand_def(TensorType)
    key = operand_def(TensorType)
    value = operand_def(TensorType)
    lse = operand_def(TensorType)
    delta = operand_def(TensorType)
    mask = opt_operand_def(TensorType)
    causal = opt_prop_def(BoolAttr)
    scale = opt_prop_def(FloatAttr)
    grad_query = result_def(TensorType)
    grad_key = result_def(TensorType)
    grad_value = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$grad_out `,` $query `,` $key `,` $value `,` $lse `,` $delta (`mask` $mask^)? "
        "attr-dict `:` functional-type(operands, results)"
    )

    def __init__(
        self, grad_out: SSAValue, query: SSAValue, key: SSAValue, value: SSAValue,
        lse: SSAValue, delta: SSAValue, mask: SSAValue | None, causal: bool = False,
        scale: float | None = None,
    ) -> None:  # fmt: skip
        props = _attention_props(causal, scale)
        super().__init__(
            operands=[grad_out, query, key, value, lse, delta, [mask] if mask else []],
            result_types=[query.type, key.type, value.type],
            properties=props,
        )

    def verify_(self) -> None:
        _verify_attention_operands(self.query, self.key, self.value)
        q, v = _tensor(self.query).get_shape(), _tensor(self.value).get_shape()
        if list(_tensor(self.grad_out).get_shape()) != [q[0], q[1], q[2], v[3]]:
            raise VerifyException(f"attention_backward grad_out should be "
                                  f"{[q[0], q[1], q[2], v[3]]}")  # fmt: skip
        _verify_row_stat(self.lse, q, "lse")
        _verify_row_stat(self.delta, q, "delta")
        for grad, x in ((self.grad_query, self.query), (self.grad_key, self.key),
                        (self.grad_value, self.value)):  # fmt: skip
            if grad.type != x.type:
                raise VerifyException(f"attention_backward gradients have their operands' "
                                      f"types: {grad.type} vs {x.type}")  # fmt: skip

    def is_causal(self) -> bool:
        return bool(self.causal and self.causal.value.data)


class ExternEffects(MemoryEffect):
    """An extern with results is a functional ATen call (the graph is functionalized:
    in-place ops were rewritten before import), so unused it may go and two alike may be
    one. Not so a random op (`rand_like`, `bernoulli`: ATen's `nondeterministic_seeded`
    tag): two calls give two different tensors. Nor a collective (`collective_kind`):
    every rank must issue the same ones in the same order. Nor an op PyTorch registers as
    effectful (`_print`, `_linalg_check_errors`: AOTAutograd wraps them in `with_effects`).
    One without results is called for its effect. All of those have unknown effects and
    stay as they are."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance] | None:
        callee = cast(ExternOp, op).callee.data
        if not op.results or _seeded(callee) or collective_kind(callee) is not None:
            return None
        return None if is_effectful(callee) else frozenset()


@functools.cache
def _seeded(callee: str) -> bool:
    """Is `callee` a random ATen op (or unknown: then assume it may be)?"""
    try:
        fn = resolve_callee(callee)
    except Exception:  # noqa: BLE001 - an unknown callee: the verifier reports it
        return True
    return torch.Tag.nondeterministic_seeded in getattr(fn, "tags", ())


@irdl_op_definition
class ExternOp(IRDLOperation):
    """`prims.extern`: call a named ATen op at run time, the fallback for anything that is
    not lowered. `args`/`kwargs` encode the call like `torch.operator` does
    (`#torch.sym<i>` is the i-th operand)."""

    name = "prims.extern"
    traits = traits_def(ExternEffects())
    callee = prop_def(StringAttr)
    args = opt_prop_def(ArrayAttr)
    kwargs = opt_prop_def(DictionaryAttr)
    inputs = var_operand_def()
    outputs = var_result_def()
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, $outputs)"

    def __init__(
        self, callee: str, inputs: Sequence[SSAValue], result_types: Sequence[Attribute],
        args: Sequence[Attribute] | None = None, kwargs: dict[str, Attribute] | None = None,
    ) -> None:  # fmt: skip
        props = call_properties("callee", callee, args, kwargs)
        super().__init__(operands=[inputs], result_types=[result_types], properties=props)

    def verify_(self) -> None:
        if (error := callee_error(self.callee.data)) is not None:
            raise VerifyException(error)
        if (error := call_operand_error(self.args, self.kwargs, len(self.inputs))) is not None:
            raise VerifyException(error)


@irdl_op_definition
class SliceOp(IRDLOperation):
    """`prims.slice`: `a[start:limit:stride]` in every dim (PyTorch's prims lack one since
    slicing became `as_strided`, which has no value-semantics meaning)."""

    name = "prims.slice"
    traits = traits_def(Pure())
    a = operand_def(TensorType)
    start_indices = prop_def(ArrayAttr)
    limit_indices = prop_def(ArrayAttr)
    strides = prop_def(ArrayAttr)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$a attr-dict `:` functional-type(operands, results)"

    def __init__(
        self, a: SSAValue, start: Sequence[int], limit: Sequence[int], strides: Sequence[int],
        result_type: Attribute,
    ) -> None:  # fmt: skip
        super().__init__(
            operands=[a],
            result_types=[result_type],
            properties={
                "start_indices": int_array(start),
                "limit_indices": int_array(limit),
                "strides": int_array(strides),
            },
        )

    def bounds(self) -> list[tuple[int, Size, int]]:
        """(start, limit, step) per dim. A limit of `?` (DYNAMIC_INDEX, from a symbolic
        decomposition) is where the result's size ends: start + (size - 1) * step + 1."""
        sizes = tensor_sizes(self.result.type)
        out: list[tuple[int, Size, int]] = []
        for s, e, st, n in zip(int_values(self.start_indices), int_values(self.limit_indices),
                               int_values(self.strides), sizes, strict=True):  # fmt: skip
            out.append((s, simplify(s + (n - 1) * st + 1) if e == DYNAMIC_INDEX else e, st))
        return out

    def verify_(self) -> None:
        src = _tensor(self.a).get_shape()
        got = list(_tensor(self.result).get_shape())
        if not (len(self.start_indices.data) == len(self.limit_indices.data)
                == len(self.strides.data) == len(src) == len(got)):  # fmt: skip
            raise VerifyException(f"slice needs one start/limit/stride per dim ({len(src)})")
        limits = int_values(self.limit_indices)
        try:
            bounds = self.bounds()
        except SizeError as e:
            raise VerifyException(f"slice: {e}") from None
        for (s, e, st), size, n, given in zip(bounds, src, got, limits, strict=True):
            if given == DYNAMIC_INDEX:
                if n != DYNAMIC_INDEX or st <= 0 or s < 0:
                    raise VerifyException("a slice limit is `?` only in a dim of `?` size")
                continue
            if st <= 0 or not 0 <= s <= e or (size >= 0 and e > size):
                raise VerifyException(f"slice bounds {s}:{e}:{st} invalid for a dim of {size}")
            if n != max(0, (e - s + st - 1) // st):
                expected = [max(0, (e - s + st - 1) // st) if isinstance(e, int) else "?"
                            for s, e, st in bounds]  # fmt: skip
                raise VerifyException(f"slice result shape should be {expected}, got {got}")


@irdl_op_definition
class TakeOp(IRDLOperation):
    """`prims.take`: `a`'s elements, in row-major order, at integer `offsets`; the result has
    the offsets' shape and `a`'s element type (advanced indexing and `gather` decompose to
    it; an offset outside `a` reads 0: a padded convolution's window relies on it).

    `in_bounds = true` says that no lane whose offset lies outside `a` matters: such a
    lane may hold any value (it still never reads memory outside `a`). canonicalize-prims
    sets it on the gathers it moves after masking those lanes with a `where`
    (`_guarded_first`), since a moved gather no longer reads 0 there (`exp(take(x, -1))` is
    1, where `take(exp(x), -1)` is 0)."""

    name = "prims.take"
    a = operand_def(TensorType)
    offsets = operand_def(TensorType)
    result = result_def(TensorType)
    in_bounds = opt_prop_def(BoolAttr)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$a `,` $offsets attr-dict `:` functional-type(operands, results)"

    def __init__(
        self, a: SSAValue, offsets: SSAValue, result_type: Attribute, in_bounds: bool = False
    ) -> None:
        properties = {"in_bounds": BoolAttr.from_bool(True)} if in_bounds else {}
        super().__init__(operands=[a, offsets], result_types=[result_type],
                         properties=properties)  # fmt: skip

    def is_in_bounds(self) -> bool:
        return self.in_bounds is not None and bool(self.in_bounds.value.data)

    def verify_(self) -> None:
        a, offsets, result = _tensor(self.a), _tensor(self.offsets), _tensor(self.result)
        if not isinstance(offsets.element_type, IntegerType) or offsets.element_type == i1:
            raise VerifyException(f"take's offsets are integers, not {offsets.element_type}")
        if result.element_type != a.element_type:
            raise VerifyException("take's result has the element type of its source")
        if list(result.get_shape()) != list(offsets.get_shape()):
            raise VerifyException(
                f"take's result shape {list(result.get_shape())} is the offsets' shape "
                f"{list(offsets.get_shape())}"
            )


SCATTER_KINDS = ("none", "sum", "amax", "amin")


def eager_scatter(a: torch.Tensor, offsets: torch.Tensor, src: torch.Tensor,
                  reduce: str) -> torch.Tensor:  # fmt: skip
    """`prims.scatter`'s meaning, in ATen: a copy of `a` with `src` combined in at the
    row-major `offsets`; offsets outside `a` are skipped."""
    out = a.clone().reshape(-1)
    offsets = offsets.reshape(-1).long()
    values = src.reshape(-1).to(a.dtype)
    inside = (offsets >= 0) & (offsets < out.numel())
    offsets, values = offsets[inside], values[inside]
    if reduce == "none":
        out[offsets] = values
    else:
        out.scatter_reduce_(0, offsets, values, reduce, include_self=True)
    return out.reshape(a.shape)


@irdl_op_definition
class ScatterOp(IRDLOperation):
    """`prims.scatter`: a copy of `a` with each element of `src` combined into the element
    of `a` at its row-major offset in `offsets` (`reduce`: none stores it; sum, amax,
    amin combine it with what is there); offsets outside `a` are skipped (`scatter`,
    `scatter_add`, `scatter_reduce`, `index_put` and `index_add` decompose to it)."""

    name = "prims.scatter"
    a = operand_def(TensorType)
    offsets = operand_def(TensorType)
    src = operand_def(TensorType)
    reduce = prop_def(StringAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$a `,` $offsets `,` $src attr-dict `:` functional-type(operands, results)"

    def __init__(self, a: SSAValue, offsets: SSAValue, src: SSAValue, reduce: str) -> None:
        super().__init__(
            operands=[a, offsets, src],
            result_types=[a.type],
            properties={"reduce": StringAttr(reduce)},
        )

    def verify_(self) -> None:
        a, offsets, src = _tensor(self.a), _tensor(self.offsets), _tensor(self.src)
        if not isinstance(offsets.element_type, IntegerType) or offsets.element_type == i1:
            raise VerifyException(f"scatter's offsets are integers, not {offsets.element_type}")
        if list(offsets.get_shape()) != list(src.get_shape()):
            raise VerifyException("scatter's offsets and values have one shape")
        if src.element_type != a.element_type or self.result.type != self.a.type:
            raise VerifyException("scatter's values and result have the type of its operand")
        if self.reduce.data not in SCATTER_KINDS:
            raise VerifyException(f"scatter reduce {self.reduce.data!r} is not one of "
                                  f"{SCATTER_KINDS}")  # fmt: skip


SCAN_KINDS = ("sum", "prod", "max", "min", "logsumexp")


def _check_scan_dim(op: IRDLOperation, x: TensorType[Attribute]) -> None:
    """A scan runs along one dim of its operand (dim 0 of a 0-d tensor)."""
    rank, dim = len(x.get_shape()), cast(IntegerAttr, op.dim).value.data  # type: ignore[attr-defined]
    if not 0 <= dim < max(rank, 1):
        raise VerifyException(f"{op.name} dim {dim} is out of range for rank {rank}")


_EAGER_SCANS: dict[str, Callable[[torch.Tensor, int], torch.Tensor]] = {
    "sum": lambda x, d: torch.cumsum(x, d),
    "prod": lambda x, d: torch.cumprod(x, d),
    "max": lambda x, d: torch.cummax(x, d).values,
    "min": lambda x, d: torch.cummin(x, d).values,
    "logsumexp": lambda x, d: torch.logcumsumexp(x, d),
}


def eager_scan(x: torch.Tensor, dim: int, kind: str) -> torch.Tensor:
    """The meaning of a scan of `kind` along `dim`, in eager PyTorch (for interpreters)."""
    if x.dim() == 0:
        return x.clone()
    return _EAGER_SCANS[kind](x, dim)


@irdl_op_definition
class ScanOp(IRDLOperation):
    """`prims.scan`: the inclusive scan of `x` along `dim` (`kind`: sum, prod, max, min,
    logsumexp), of `x`'s shape and type (`cumsum`, `cumprod`, `logcumsumexp`)."""

    name = "prims.scan"
    x = operand_def(TensorType)
    dim = prop_def(IntegerAttr)
    kind = prop_def(StringAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$x attr-dict `:` functional-type(operands, results)"

    def __init__(self, x: SSAValue, dim: int, kind: str) -> None:
        super().__init__(
            operands=[x],
            result_types=[x.type],
            properties={"dim": IntegerAttr(dim, 64), "kind": StringAttr(kind)},
        )

    def verify_(self) -> None:
        x = _tensor(self.x)
        if self.result.type != self.x.type:
            raise VerifyException("a scan's result has its operand's type")
        if self.kind.data not in SCAN_KINDS:
            raise VerifyException(f"scan kind {self.kind.data!r} is not one of {SCAN_KINDS}")
        _check_scan_dim(self, x)
        if self.kind.data == "logsumexp" and not is_float(x.element_type):
            raise VerifyException("a logsumexp scan needs a float operand")


@irdl_op_definition
class ScanIndexOp(IRDLOperation):
    """`prims.scan_index`: the running max (`kind = "max"`) or min of `x` along `dim`, and
    the int64 index where it was last reached (ties and NaN take the later index), as
    `cummax`/`cummin` return them."""

    name = "prims.scan_index"
    x = operand_def(TensorType)
    dim = prop_def(IntegerAttr)
    kind = prop_def(StringAttr)
    values = result_def(TensorType)
    indices = result_def(TensorType)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$x attr-dict `:` functional-type(operands, results)"

    def __init__(self, x: SSAValue, dim: int, kind: str) -> None:
        sizes = tensor_sizes(x.type)  # (named: `?` dims keep their symbols)
        super().__init__(
            operands=[x],
            result_types=[x.type, sized_tensor_type(sizes, IntegerType(64))],
            properties={"dim": IntegerAttr(dim, 64), "kind": StringAttr(kind)},
        )

    def verify_(self) -> None:
        x, idx = _tensor(self.x), _tensor(self.indices)
        if self.values.type != self.x.type or list(idx.get_shape()) != list(x.get_shape()):
            raise VerifyException("scan_index gives values of its operand's type and indices")
        if idx.element_type != IntegerType(64):
            raise VerifyException("scan_index's indices are i64")
        if self.kind.data not in ("max", "min"):
            raise VerifyException(f"scan_index kind {self.kind.data!r} is not max or min")
        _check_scan_dim(self, x)


def eager_arg_reduce(x: torch.Tensor, dim: int, kind: str) -> torch.Tensor:
    """`prims.arg_reduce`'s meaning (eager's argmax/argmin: first index, NaN wins)."""
    return torch.argmax(x, dim) if kind == "argmax" else torch.argmin(x, dim)


def eager_sort(x: torch.Tensor, dim: int, descending: bool) -> tuple[torch.Tensor, torch.Tensor]:
    """`prims.sort`'s meaning: a stable sort, NaN the largest."""
    out = torch.sort(x, dim=dim, descending=descending, stable=True)
    return out.values, out.indices


@irdl_op_definition
class ArgReduceOp(IRDLOperation):
    """`prims.arg_reduce`: the int64 index along `dim` of the first maximum (`kind =
    "argmax"`) or minimum (`"argmin"`) of `x`, or of the first NaN when there is one (as
    eager's argmax/argmin); the result drops `dim`."""

    name = "prims.arg_reduce"
    x = operand_def(TensorType)
    dim = prop_def(IntegerAttr)
    kind = prop_def(StringAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$x attr-dict `:` functional-type(operands, results)"

    def __init__(self, x: SSAValue, dim: int, kind: str) -> None:
        sizes = [n for d, n in enumerate(tensor_sizes(x.type)) if d != dim]  # (named)
        super().__init__(
            operands=[x],
            result_types=[sized_tensor_type(sizes, IntegerType(64))],
            properties={"dim": IntegerAttr(dim, 64), "kind": StringAttr(kind)},
        )

    def verify_(self) -> None:
        x, idx = _tensor(self.x), _tensor(self.result)
        rank, dim = len(x.get_shape()), self.dim.value.data
        if not 0 <= dim < rank:
            raise VerifyException(f"prims.arg_reduce dim {dim} is out of range for rank {rank}")
        kept = [n for d, n in enumerate(x.get_shape()) if d != dim]
        if idx.element_type != IntegerType(64) or list(idx.get_shape()) != kept:
            raise VerifyException("prims.arg_reduce gives i64 indices of its operand's shape "
                                  "without dim")  # fmt: skip
        if self.kind.data not in ("argmax", "argmin"):
            raise VerifyException(f"prims.arg_reduce kind {self.kind.data!r} is not "
                                  "argmax or argmin")  # fmt: skip


@irdl_op_definition
class SortOp(IRDLOperation):
    """`prims.sort`: `x` sorted along `dim` (ascending, or `descending`), NaN as the
    largest value, equal values in their original order (stable), and the int64
    positions along `dim` the values came from."""

    name = "prims.sort"
    x = operand_def(TensorType)
    dim = prop_def(IntegerAttr)
    descending = prop_def(BoolAttr)
    values = result_def(TensorType)
    indices = result_def(TensorType)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$x attr-dict `:` functional-type(operands, results)"

    def __init__(self, x: SSAValue, dim: int, descending: bool) -> None:
        sizes = tensor_sizes(x.type)  # (named: `?` dims keep their symbols)
        super().__init__(
            operands=[x],
            result_types=[x.type, sized_tensor_type(sizes, IntegerType(64))],
            properties={
                "dim": IntegerAttr(dim, 64),
                "descending": IntegerAttr.from_bool(descending),
            },  # fmt: skip
        )

    def verify_(self) -> None:
        x, idx = _tensor(self.x), _tensor(self.indices)
        if self.values.type != self.x.type or list(idx.get_shape()) != list(x.get_shape()):
            raise VerifyException("prims.sort gives values of its operand's type and indices")
        if idx.element_type != IntegerType(64):
            raise VerifyException("prims.sort's indices are i64")
        rank, dim = len(x.get_shape()), self.dim.value.data
        if not 0 <= dim < rank:
            raise VerifyException(f"prims.sort dim {dim} is out of range for rank {rank}")


def element_bits(t: Attribute) -> int | None:
    """The width in bits of a tensor type's element (None for types without one)."""
    element = _tensor(t).element_type
    width = getattr(element, "bitwidth", None)
    return width if isinstance(width, int) else None


@irdl_op_definition
class BitcastOp(IRDLOperation):
    """`prims.bitcast`: `x`'s bits read as another element type of the same width, element
    by element (`Tensor.view(dtype)` in value semantics)."""

    name = "prims.bitcast"
    x = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$x attr-dict `:` functional-type(operands, results)"

    def __init__(self, x: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[x], result_types=[result_type])

    def verify_(self) -> None:
        x, r = _tensor(self.x), _tensor(self.result)
        if list(x.get_shape()) != list(r.get_shape()):
            raise VerifyException("prims.bitcast keeps its operand's shape")
        if element_bits(x) is None or element_bits(x) != element_bits(r) or r.element_type == i1:
            raise VerifyException(f"prims.bitcast reads {x.element_type} as a type of the same "
                                  f"width, not {r.element_type}")  # fmt: skip


# Special functions PyTorch's prims lack (ATen computes them; stepwell gives them a prim so
# kernels can compute them): elementwise, float results, verified and interpreted through
# their ATen overload like the generated prims.


class _AtenSelfOp(PrimsOp):
    """An elementwise prim of one operand named `self` in its ATen schema."""

    KIND: ClassVar[str] = "elementwise"
    self_ = operand_def(TensorType)
    result = result_def(TensorType)


@irdl_op_definition
class BesselY0Op(_AtenSelfOp):
    """`prims.bessel_y0`: the Bessel function of the second kind of order 0
    (aten::special_bessel_y0)."""

    name = "prims.bessel_y0"
    OVERLOAD: ClassVar[str] = "aten.special_bessel_y0.default"


@irdl_op_definition
class BesselY1Op(_AtenSelfOp):
    """`prims.bessel_y1`: the Bessel function of the second kind of order 1
    (aten::special_bessel_y1)."""

    name = "prims.bessel_y1"
    OVERLOAD: ClassVar[str] = "aten.special_bessel_y1.default"


@irdl_op_definition
class ModifiedBesselK0Op(_AtenSelfOp):
    """`prims.modified_bessel_k0`: the modified Bessel function of the second kind of
    order 0 (aten::special_modified_bessel_k0)."""

    name = "prims.modified_bessel_k0"
    OVERLOAD: ClassVar[str] = "aten.special_modified_bessel_k0.default"


@irdl_op_definition
class ModifiedBesselK1Op(_AtenSelfOp):
    """`prims.modified_bessel_k1`: the modified Bessel function of the second kind of
    order 1 (aten::special_modified_bessel_k1)."""

    name = "prims.modified_bessel_k1"
    OVERLOAD: ClassVar[str] = "aten.special_modified_bessel_k1.default"


@irdl_op_definition
class ScaledModifiedBesselK0Op(_AtenSelfOp):
    """`prims.scaled_modified_bessel_k0`: exp(x) K0(x)
    (aten::special_scaled_modified_bessel_k0)."""

    name = "prims.scaled_modified_bessel_k0"
    OVERLOAD: ClassVar[str] = "aten.special_scaled_modified_bessel_k0.default"


@irdl_op_definition
class ScaledModifiedBesselK1Op(_AtenSelfOp):
    """`prims.scaled_modified_bessel_k1`: exp(x) K1(x)
    (aten::special_scaled_modified_bessel_k1)."""

    name = "prims.scaled_modified_bessel_k1"
    OVERLOAD: ClassVar[str] = "aten.special_scaled_modified_bessel_k1.default"


@irdl_op_definition
class AiryAiOp(PrimsOp):
    """`prims.airy_ai`: the Airy function Ai (aten::special_airy_ai)."""

    name = "prims.airy_ai"
    KIND: ClassVar[str] = "elementwise"
    OVERLOAD: ClassVar[str] = "aten.special_airy_ai.default"
    x = operand_def(TensorType)
    result = result_def(TensorType)


INDEX_ERROR = "index out of bounds"
"""The message of a failed `prims.check_index` (eager raises `IndexError`)."""


def check_indices(index: torch.Tensor, bound: torch.Tensor) -> torch.Tensor:
    """`prims.check_index`'s meaning, in ATen."""
    outside = (index < 0) | (index >= bound)
    if index.numel() and bool(outside.any()):
        first, size = index[outside].reshape(-1)[0].item(), bound[outside].reshape(-1)[0].item()
        raise IndexError(f"{INDEX_ERROR}: index {first} is outside [0, {size})")
    return index


@torch.library.custom_op("stepwell::check_index", mutates_args=())
def _check_index(index: torch.Tensor, bound: torch.Tensor) -> torch.Tensor:
    """`index`, an `IndexError` where an element is outside [0, bound)."""
    return check_indices(index, bound).clone()


@_check_index.register_fake
def _(index: torch.Tensor, bound: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(index)


@irdl_op_definition
class CheckIndexOp(PrimsOp):
    """`prims.check_index`: `index` itself, an error where an element is outside
    [0, bound) (`bound`: the indexed dim's size, one per element). The decompositions of
    indexing, `gather`, `embedding` and the scatters check each index they use, after
    counting a negative one from the end, so an index out of range stops the program as
    eager's `IndexError` does, instead of reading another element: in a kernel it is a
    `tile.assert`. It is elementwise index math to every pass (fused, recomputed, moved
    as `add` is); canonicalize-prims drops a check its index math proves in range."""

    name = "prims.check_index"
    KIND: ClassVar[str] = "elementwise"
    OVERLOAD: ClassVar[str] = "stepwell.check_index.default"
    index = operand_def(TensorType)
    bound = operand_def(TensorType)
    result = result_def(TensorType)

    def verify_(self) -> None:
        super().verify_()
        element = _tensor(self.index).element_type
        if not isinstance(element, IntegerType) or element == i1:
            raise VerifyException(f"check_index's index is an integer, not {element}")


SPECIAL_FUNCTION_OPS: tuple[type[PrimsOp], ...] = (
    CheckIndexOp,
    AiryAiOp,
    BesselY0Op,
    BesselY1Op,
    ModifiedBesselK0Op,
    ModifiedBesselK1Op,
    ScaledModifiedBesselK0Op,
    ScaledModifiedBesselK1Op,
)
"""The elementwise prims stepwell adds, the special functions and `check_index`; the
decomposition imports their ATen (or `stepwell::`) ops as them (`PRIMS_OPS` in
`passes/support/decompose.py`)."""


COMPOSITE_OPS = (
    MatmulOp,
    AttentionOp,
    AttentionBackwardOp,
    ExternOp,
    SliceOp,
    TakeOp,
    ScatterOp,
    ScanOp,
    ScanIndexOp,
    ArgReduceOp,
    SortOp,
    BitcastOp,
    *SPECIAL_FUNCTION_OPS,
)
