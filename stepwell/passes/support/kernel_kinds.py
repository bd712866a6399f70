"""The kinds of kernel, one class each, in one table (`KERNEL_KINDS`).

A kind decides a kernel's space (its coordinate groups), its grid, its block sizes and
warps (from `heuristics.py`) and how each of its spaces is split into coordinate groups
for loads and stores; `KernelBuilder` (kernels.py) asks the kind of its group and builds
the body. Attention is a kind whose kernel is built whole by `attention_kernel.py`.
The names are those of `tile.kernel`'s `kind` attribute (`tile.KERNEL_KINDS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from stepwell.dialects import tile
from stepwell.dialects.prims_support import MatmulOp, element_bits
from stepwell.ir.sizes import ceil_div, product
from stepwell.passes.support import heuristics
from stepwell.passes.support.attention_backward_kernel import build_attention_backward
from stepwell.passes.support.attention_kernel import build_attention

if TYPE_CHECKING:
    from xdsl.ir import SSAValue

    from stepwell.passes.support.kernels import KernelBuilder


class KernelKind:
    """How a kind of kernel is laid out; subclasses fill in `setup` and `groups_for`."""

    name: ClassVar[str]
    stores_copies: ClassVar[bool] = True
    """Can its kernel store a result where a copy of it goes (`Group.copied`: a slice
    of the result stored as its own tensor, a view strides cannot express)?"""

    def setup(self, kb: KernelBuilder) -> None:
        """Set `kb`'s config, space, grid, coordinates and tile shapes."""
        raise NotImplementedError

    def groups_for(self, kb: KernelBuilder, space: str) -> list[int]:
        """How many dims of the space each coordinate group of a `space` view covers."""
        raise NotImplementedError

    def build(self, kb: KernelBuilder, outputs: list[SSAValue]) -> None:
        self.setup(kb)
        kb.build_body(outputs)


class Pointwise(KernelKind):
    """One flat coordinate over every element; BLOCK elements a program."""

    name = "pointwise"

    def setup(self, kb: KernelBuilder) -> None:
        g = kb.group
        kb.cfg = heuristics.pointwise(heuristics.hint(g.numel, kb.hints), kb.warp_size)
        kb.space = [list(g.shape)]
        n, block = g.numel, kb.cfg.block[0]
        kb.grid = [heuristics.cdiv(max(n, 1), block) if isinstance(n, int)
                   else ceil_div(n, block), 1, 1]  # fmt: skip
        kb.coords = {"full": [kb.add(tile.ProgramIdOp(0))]}
        kb.shapes = {"full": [kb.cfg.block[0]]}

    def groups_for(self, kb: KernelBuilder, space: str) -> list[int]:
        return [len(kb.group.shape)]


class Reduction(KernelKind):
    """(rows, cols): BM whole rows a program, or one row walked in column tiles when it
    is longer than `heuristics.MAX_ROW` (looped)."""

    name = "reduction"

    def setup(self, kb: KernelBuilder) -> None:
        g = kb.group
        rows, cols = product(g.rows), product(g.cols)
        # a row of symbolic length may be longer than one tile: walked in column tiles
        kb.looped = not isinstance(cols, int) or cols > heuristics.MAX_ROW
        config = heuristics.looped_reduction if kb.looped else heuristics.reduction
        kb.cfg = config(heuristics.hint(rows, kb.hints), heuristics.hint(cols, kb.hints),
                        kb.warp_size)  # fmt: skip
        kb.space = [list(g.rows), list(g.cols)]
        kb.grid = [heuristics.cdiv(max(rows, 1), kb.cfg.block[0]) if isinstance(rows, int)
                   else ceil_div(rows, kb.cfg.block[0]), 1, 1]  # fmt: skip
        pid = kb.add(tile.ProgramIdOp(0))
        zero = kb.index(0)
        kb.coords = {"full": [pid, zero], "reduced": [pid, zero]}
        bm, bn = kb.cfg.block
        kb.shapes = {"full": [bm, bn], "reduced": [bm, 1]}

    def groups_for(self, kb: KernelBuilder, space: str) -> list[int]:
        g = kb.group
        return [len(g.rows), len(g.cols)] if space == "full" else [len(g.rows), 0]


class Matmul(KernelKind):
    """(batch, M, N) output tiles of (1, BM, BN), a BK loop over K."""

    name = "matmul"

    def setup(self, kb: KernelBuilder) -> None:
        out = kb.group.shape
        m, n = out[-2], out[-1]
        m_hint, n_hint, k_hint = (heuristics.hint(x, kb.hints) for x in (m, n, kb.matmul_k()))
        batch = list(out[:-2])
        mm = next(op for op in kb.group.ops if isinstance(op, MatmulOp))
        bits = max(element_bits(mm.lhs.type) or 32, element_bits(mm.rhs.type) or 32)
        kb.cfg = heuristics.matmul(m_hint, n_hint, k_hint,
                                   heuristics.hint(product(batch), kb.hints), bits)  # fmt: skip
        _, bm, bn, _ = kb.cfg.block
        kb.space = [batch, [m], [n]]
        nb = product(batch)
        kb.grid = [ceil_div(m, bm), ceil_div(n, bn), max(nb, 1) if isinstance(nb, int) else nb]
        pm, pn, pb = (kb.add(tile.ProgramIdOp(a)) for a in range(3))
        kb.coords = {"full": [pb, pm, pn]}
        kb.shapes = {"full": [1, bm, bn]}

    def groups_for(self, kb: KernelBuilder, space: str) -> list[int]:
        return [len(kb.group.shape) - 2, 1, 1]


class Attention(KernelKind):
    """One `prims.attention`: the flash-attention kernel of attention_kernel.py."""

    name = "attention"

    def build(self, kb: KernelBuilder, outputs: list[SSAValue]) -> None:
        build_attention(kb, outputs)

    def groups_for(self, kb: KernelBuilder, space: str) -> list[int]:
        raise NotImplementedError("the attention kernel lays out its own views")


class AttentionBackward(Attention):
    """One `prims.attention_backward`: the kernel of attention_backward_kernel.py."""

    name = "attention_backward"
    stores_copies = False  # (its three gradients are stored in their own layouts)

    def build(self, kb: KernelBuilder, outputs: list[SSAValue]) -> None:
        build_attention_backward(kb, outputs)


KERNEL_KINDS: dict[str, KernelKind] = {
    k.name: k for k in (Pointwise(), Reduction(), Matmul(), Attention(), AttentionBackward())
}
"""kind name -> its layout."""

assert set(KERNEL_KINDS) == set(tile.KERNEL_KINDS), "a class per tile.kernel kind"
