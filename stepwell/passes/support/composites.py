"""Decompositions for ATen ops that PyTorch's table leaves whole although they are
compositions of ops it has rules for, or decomposes otherwise than eager computes them.

- `relu` is `where(x < 0, 0, x)`, as eager's kernel is: `relu(-0.0)` is -0.0, where the
  table's `where(x <= 0, 0, x)` gives +0.0 (NaN stays NaN in both);
- `x ** c` for a float tensor and a number c (`pow.Tensor_Scalar`) is what eager's CPU
  kernel computes: c converted to x's type first when it is float16 or bfloat16 (a half
  `x ** 1.0004` is x); `sqrt` for c = 0.5 and `rsqrt` for c = -0.5, except in float16,
  where eager calls C's pow (which differs at -inf and -0.0: `pow(-inf, 0.5)` is +inf,
  `sqrt(-inf)` NaN); the table made 0.5 a sqrt for every type and -0.5 C's pow;
- `rms_norm` (`F.rms_norm`, `nn.RMSNorm`) is its CompositeImplicitAutograd kernel
  (`rms_norm_composite` in ATen's layer_norm.cpp) written without its in-place `add_`:
  the mean of squares in float32 for half inputs, eps the epsilon of that type when not
  given, the weight applied after the cast back; it then fuses as a hand-written RMSNorm
  does;
- the shift operators `a << b` and `a >> b` (`__lshift__`, `__rshift__`, Scalar and
  Tensor) are `bitwise_left_shift`/`bitwise_right_shift`, whose refs the table has;
- `cross_entropy` with `label_smoothing` and class-index targets is ATen's
  `cross_entropy_loss_label_smoothing` (LossNLL.cpp) written without its in-place
  `masked_fill_` (whose `copy_` kept the whole loss an ATen call); without smoothing, or
  with probability targets, ATen's own composite has no in-place op and is traced as is;
- `sum`, `prod` and `nansum` with a `dtype` convert their input to it first, as
  eager does (`i.sum(dtype=float16)` of int32 `[70000, -70000, 1]` is NaN: 70000 is inf
  in float16); the table converts it to the accumulation type directly;
- the backwards of `hardshrink`, `softshrink` and `logit` test x as eager's kernels do,
  so that a NaN x passes the gradient (the shrinks: `x in [-l, l] ? 0 : g`) or gives
  NaN (logit: `x outside [eps, 1 - eps] ? 0 : g / (x (1 - x))`); the table tests the
  other way round, and gave 0 for a NaN x (a `softshrink` that AOTAutograd decomposes
  before differentiating it still does: its gradient is the `where`'s);
- `rrelu` in eval mode (`nn.RReLU().eval()`) is a leaky ReLU of slope (lower + upper) / 2,
  as ATen computes it; in training its slopes are random and it stays an ATen call;
- Inductor's `prims.fma(a, b, c)`, which Dynamo makes of `addcmul_`/`addcdiv_` with a
  `value` (single-tensor Adam, AdamW, RMSprop...), is `a * b + c`: it is registered only
  once Dynamo first uses it, so it is found by its schema name (`composite_of`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch._decomp import decomposition_table

from stepwell.ir.types import converted_number

aten = torch.ops.aten


def _rms_norm(
    input: torch.Tensor,  # (the schema's names: the pass calls it with keywords)
    normalized_shape: Sequence[int],
    weight: torch.Tensor | None = None,
    eps: float | None = None,
) -> torch.Tensor:
    x = input
    dims = list(range(x.dim() - len(normalized_shape), x.dim()))
    acc = torch.float32 if x.dtype in (torch.float16, torch.bfloat16) else x.dtype
    if not acc.is_floating_point:
        return NotImplemented  # (eager refuses integers; keep its error)
    up = x.to(acc)
    if eps is None:
        eps = torch.finfo(acc).eps
    result = (up * torch.rsqrt(up.pow(2).mean(dims, keepdim=True) + eps)).type_as(x)
    return result if weight is None else result * weight


def _cross_entropy_loss(
    self: torch.Tensor,  # (the schema's names: the pass calls it with keywords)
    target: torch.Tensor,
    weight: torch.Tensor | None = None,
    reduction: int = 1,
    ignore_index: int = -100,
    label_smoothing: float = 0.0,
) -> torch.Tensor:
    if label_smoothing <= 0.0 or target.is_floating_point():
        return aten.cross_entropy_loss.default(self, target, weight, reduction, ignore_index,
                                               label_smoothing)  # fmt: skip
    class_dim = 0 if self.dim() == 1 else 1
    logp = torch.log_softmax(self, class_dim)
    nll = aten.nll_loss_nd(logp, target, weight, reduction, ignore_index)
    classes = logp.shape[class_dim]
    ignored = target == ignore_index
    if weight is not None:
        shape = [1] * logp.dim()
        shape[class_dim] = classes
        smooth = -(logp * weight.view(shape)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    smooth = smooth.masked_fill(ignored, 0.0)
    if reduction == 1:  # mean: over the weights of the targets not ignored, as nll_loss
        if weight is not None:
            picked = weight.gather(0, target.masked_fill(ignored, 0).flatten())
            total = smooth.sum() / picked.masked_fill(ignored.flatten(), 0).sum()
        else:
            total = smooth.sum() / (~ignored).sum()
    elif reduction == 2:  # sum
        total = smooth.sum()
    else:
        total = smooth
    return (1 - label_smoothing) * nll + total * (label_smoothing / classes)


def _relu(self: torch.Tensor) -> torch.Tensor:  # (the schema's name: called with keywords)
    if self.dtype == torch.bool:
        return NotImplemented  # (eager refuses it; keep its error)
    return torch.where(self < 0, 0, self)


def _pow_tensor_scalar(self: torch.Tensor, exponent: Any) -> torch.Tensor:
    if not self.is_floating_point() or type(exponent) not in (int, float):
        return torch._refs.pow(self, exponent)  # (integers, bools, complex: the table's)
    if self.dtype in (torch.float16, torch.bfloat16):  # (through float32, as c10 converts)
        exponent = converted_number(exponent, self.dtype)
    if self.dtype == torch.float16 and exponent in (0.5, -0.5):  # C's pow (a 0-d exponent)
        return torch._refs.pow(self, torch.scalar_tensor(exponent, dtype=self.dtype))
    if self.dtype == torch.bfloat16 and exponent in (3.0, -2.0):
        # (eager's bfloat16 kernel multiplies in bfloat16, rounding each product; its
        # float16 kernel calls pow in float32)
        square = self * self
        return square * self if exponent == 3.0 else 1 / square
    if exponent == -0.5:
        return torch.rsqrt(self)
    return torch._refs.pow(self, exponent)  # (0.5: sqrt; 2: x * x; else C's pow)


def _cast_first(decomposition: Callable[..., Any]) -> Callable[..., Any]:
    def cast_first(self: torch.Tensor, *args: Any, dtype: Any = None, **kwargs: Any) -> Any:
        if dtype is not None and dtype != self.dtype:
            self = torch.ops.prims.convert_element_type(self, dtype)
        return decomposition(self, *args, dtype=dtype, **kwargs)

    return cast_first


CAST_FIRST = (aten.sum.default, aten.sum.dim_IntList, aten.prod.default, aten.prod.dim_int,
              aten.nansum.default)  # fmt: skip
"""Reductions with a `dtype` that eager applies to the input before reducing (not
`mean`: eager's `mean(dtype=float16)` of int32 `[70000, -70000, 1]` is 1/3)."""


def _shrink_backward(grad_output: torch.Tensor, self: torch.Tensor, lambd: float) -> Any:
    return torch.where((self >= -lambd) & (self <= lambd), 0.0, grad_output)


def _hardshrink_backward(grad_out: torch.Tensor, self: torch.Tensor, lambd: float) -> Any:
    return _shrink_backward(grad_out, self, lambd)


def _logit_backward(
    grad_output: torch.Tensor, self: torch.Tensor, eps: float | None = None
) -> torch.Tensor:
    slope = grad_output / (self * (1.0 - self))
    if eps is None:  # outside [0, 1]: NaN (a NaN x gives NaN through the slope)
        return torch.where((self < 0.0) | (self > 1.0), math.nan, slope)
    return torch.where((self < eps) | (self > 1.0 - eps), 0.0, slope)


def _rrelu(
    x: torch.Tensor, lower: float = 0.125, upper: float = 1.0 / 3.0, training: bool = False,
    generator: Any = None,
) -> torch.Tensor:
    if training:  # random slopes: ATen draws them (the op stays an extern)
        raise NotImplementedError("rrelu in training draws random slopes")
    return aten.leaky_relu.default(x, (lower + upper) / 2)


def _welford_mean(decomposition: Callable[..., Any]) -> Callable[..., Any]:
    """`var_mean`/`std_mean` as `decomposition` computes them, except that the mean of a
    row of more than one element holding an infinity is NaN: eager computes both in one
    Welford pass, whose mean meets `inf - inf` there (a plain mean is the infinity)."""

    def spread_and_mean(self: torch.Tensor, dim: Any = None, *, correction: Any = None,
                        keepdim: bool = False) -> Any:  # fmt: skip
        spread, mean = decomposition(self, dim, correction=correction, keepdim=keepdim)
        if not self.is_floating_point() or self.dim() == 0:
            return spread, mean  # (complex: a mean of pairs; 0-d: one element)
        dims = [d % self.dim() for d in dim] if dim else list(range(self.dim()))
        if math.prod(self.shape[d] for d in dims) == 1:
            return spread, mean  # (rows of one element: Welford's mean is the element)
        holds_infinity = torch.isinf(self).any(dim=dims, keepdim=keepdim)
        return spread, torch.where(holds_infinity, float("nan"), mean)

    return spread_and_mean


COMPOSITE_DECOMPOSITIONS: dict[Any, Callable[..., Any]] = {
    aten.relu.default: _relu,
    aten.pow.Tensor_Scalar: _pow_tensor_scalar,
    aten.rrelu.default: _rrelu,
    aten.softshrink_backward.default: _shrink_backward,
    aten.hardshrink_backward.default: _hardshrink_backward,
    aten.logit_backward.default: _logit_backward,
    aten.rms_norm.default: _rms_norm,
    aten.cross_entropy_loss.default: _cross_entropy_loss,
    **{op: _cast_first(decomposition_table[op]) for op in CAST_FIRST},
    aten.__lshift__.Scalar: aten.bitwise_left_shift.Tensor_Scalar,
    aten.__lshift__.Tensor: aten.bitwise_left_shift.Tensor,
    aten.__rshift__.Scalar: aten.bitwise_right_shift.Tensor_Scalar,
    aten.__rshift__.Tensor: aten.bitwise_right_shift.Tensor,
}
"""ATen overload -> its decomposition."""


def _fma(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
    return a * b + c


BY_SCHEMA_NAME: dict[str, Callable[..., Any]] = {"prims::fma": _fma}
"""Decompositions of ops registered outside ATen, by their schema's name."""


WELFORD_MEANS: dict[Any, Callable[..., Any]] = {
    aten.var_mean.correction: _welford_mean(decomposition_table[aten.var_mean.correction]),
    aten.std_mean.correction: _welford_mean(decomposition_table[aten.std_mean.correction]),
}
"""The graph's own `var_mean`/`std_mean` -> eager's Welford mean. Only for those calls
(`composite_of`), not inside other decompositions: eager's batch and instance norms take
their statistics in two passes, whose mean of a row holding an infinity is the infinity
(their running mean too)."""


def composite_of(fn: Any) -> Callable[..., Any] | None:
    """The decomposition of the graph's op `fn` in these tables (`WELFORD_MEANS` too), or
    None."""
    found = COMPOSITE_DECOMPOSITIONS.get(fn) or WELFORD_MEANS.get(fn)
    if found is None and isinstance(fn, torch._ops.OpOverload):
        found = BY_SCHEMA_NAME.get(fn._schema.name)
    return found
