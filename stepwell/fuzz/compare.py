"""Compare a compiled result with eager PyTorch: structure, dtype, shape, NaN positions and
values (float tolerances per dtype; integers and bools exactly). Signs of zero are not
compared: eager itself gives -0.0 or +0.0 for the same product depending on the shape."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch

TOLERANCES: dict[torch.dtype, tuple[float, float]] = {
    torch.float64: (1e-7, 1e-7),
    torch.float32: (1e-4, 1e-4),
    torch.float16: (1e-2, 1e-2),
    torch.bfloat16: (3e-2, 3e-2),
}
"""dtype -> (rtol, atol) for values computed in that dtype."""


def mismatch(
    expected: Any,
    got: Any,
    where: str = "output",
    tolerances: Sequence[torch.dtype | None] = (),
) -> str | None:
    """None when `got` matches `expected`; otherwise what differs, in one line. Floats are
    compared with the tolerance of their dtype, or for output i of a sequence that of
    `tolerances[i]` when given (a float32 result computed through bfloat16 has bfloat16's
    precision)."""
    if isinstance(expected, list | tuple):
        if not isinstance(got, list | tuple) or len(got) != len(expected):
            return f"{where}: expected a sequence of {len(expected)}, got {type(got).__name__}"
        for i, (e, g) in enumerate(zip(expected, got, strict=True)):
            tol = tolerances[i] if i < len(tolerances) else None
            if (m := mismatch(e, g, f"{where}[{i}]", (tol,) if tol else ())) is not None:
                return m
        return None
    if not isinstance(expected, torch.Tensor):
        return None if expected == got else f"{where}: expected {expected!r}, got {got!r}"
    if not isinstance(got, torch.Tensor):
        return f"{where}: expected a tensor, got {type(got).__name__}"
    if got.dtype != expected.dtype:
        return f"{where}: dtype {got.dtype}, eager {expected.dtype}"
    if got.shape != expected.shape:
        return f"{where}: shape {tuple(got.shape)}, eager {tuple(expected.shape)}"
    e, g = expected.detach().cpu(), got.detach().cpu()
    if e.is_floating_point() and e.element_size() == 1:  # float8: little math; exact in f32
        e, g = e.float(), g.float()
    if e.is_floating_point() or e.is_complex():
        if not torch.equal(torch.isnan(e), torch.isnan(g)):
            return f"{where}: NaN at other positions than eager"
        loosest = tolerances[0] if tolerances and tolerances[0] is not None else e.dtype
        rtol, atol = TOLERANCES.get(loosest, (1e-4, 1e-4))
        ok = torch.isclose(g, e, rtol=rtol, atol=atol, equal_nan=True)
        return None if bool(ok.all()) else _first_difference(where, e, g, ~ok)
    return None if torch.equal(e, g) else _first_difference(where, e, g, e != g)


def _first_difference(where: str, e: torch.Tensor, g: torch.Tensor, differs: torch.Tensor) -> str:
    i = int(differs.flatten().nonzero()[0])
    got, eager = g.flatten()[i].item(), e.flatten()[i].item()
    return f"{where}: value {got} at flat index {i}, eager {eager}"
