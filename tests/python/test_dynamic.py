"""Dynamic graphs through `torch.compile(backend="stepwell")`: symbolic-size arithmetic
in the graph is computed at run time, every size gives eager's result."""

from __future__ import annotations

import contextlib
import copy
import json
import math
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import torch
from torch import nn

from stepwell.fuzz.compare import mismatch


def _ops() -> dict[str, Callable[[torch.Tensor], torch.Tensor]]:
    return {
        # operator.mul on sizes: a flattening view
        "mul": lambda x: x.reshape(x.shape[0] * x.shape[1]) * 2,
        # operator.add: a size one larger
        "add": lambda x: torch.cat([x, x[:1]]).sum(1) + x.shape[0] + 1,
        # operator.sub and a slice with a symbolic end
        "sub": lambda x: x[: x.shape[0] - 1].exp(),
        # operator.floordiv: the first half
        "floordiv": lambda x: x[: x.shape[0] // 2] + 1,
        # operator.mod, as a size
        "mod": lambda x: torch.zeros(x.shape[0] % 3 + 1, x.shape[1]) + x[:1],
        # sym_size / sym_numel as values
        "numel": lambda x: x * x.numel(),
        "sym_size": lambda x: x.new_ones(x.shape[1]) * x.shape[0],
        # a comparison on sizes, as torch.sym_max
        "sym_max": lambda x: x.sum() + torch.sym_max(x.shape[0], 3),
        # truediv on sizes (a float)
        "truediv": lambda x: x / (x.shape[0] / 2),
    }


@pytest.mark.parametrize("name", list(_ops()))
def test_symbolic_size_arithmetic(name: str) -> None:
    """Each operator on symbolic sizes in a dynamic graph (first dim marked dynamic),
    several sizes through one compiled function, compared with eager."""
    torch._dynamo.reset()
    fn = _ops()[name]
    compiled = torch.compile(fn, backend="stepwell", dynamic=True)
    for rows in (4, 7, 12):
        x = torch.randn(rows, 5)
        got, want = compiled(x), fn(x)
        assert mismatch(want, got) is None, (rows, mismatch(want, got))


def test_gpt2_at_new_lengths(tmp_path: Path) -> None:
    """GPT-2 called at a new sequence length gets a dynamic graph from Dynamo (whose
    position ids, views and masks are computed from symbolic sizes): it compiles once,
    runs as kernels (no ATen call) and matches eager at every length."""
    from stepwell.frontend.loader import load_example

    torch._dynamo.reset()
    root = Path(__file__).resolve().parents[2]
    model = load_example(str(root / "examples/gpt2.py")).fn
    compiled = torch.compile(model, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for length in (16, 9, 13):
        ids = torch.randint(0, 256, (2, length))
        with torch.no_grad():
            got, want = compiled(ids), model(ids)
        assert mismatch(want, got) is None, (length, mismatch(want, got))
    specs = _specializations(tmp_path, "graph1")
    assert list(specs) == ["symbolic"], list(specs)  # one compile for lengths 9 and 13
    symbolic = specs["symbolic"]
    assert symbolic["externs"] == {} and not symbolic["graph_level_copies"]
    assert all(k["symbols"] for k in symbolic["kernels"])
    # attention is re-fused at a symbolic length too: as many kernels as the static graph,
    # one flash-attention kernel a layer, which skips the key blocks right of the diagonal
    # (its causal mask, built from iotas of the length, was evaluated at sample lengths)
    static = json.loads((tmp_path / "graph0/manifest.json").read_text())
    names = [k["name"] for k in symbolic["kernels"]]
    assert len(names) == len(static["kernels"]), names
    tile_text = (tmp_path / "graph1/symbolic/tile.mlir").read_text()
    attention = [n for n in names if n.endswith("_attention")]
    assert len(attention) == 2, names
    for name in attention:
        start = tile_text.index(f"tile.kernel @{name}(")
        body = tile_text[start : tile_text.index("tile.kernel @", start + 1)]
        assert "arith.minsi" in body  # the causal bound on the key loop


def test_gpt2_at_new_batch_sizes_and_lengths(tmp_path: Path) -> None:
    """GPT-2 at a new batch size (Dynamo's second graph: the batch symbolic), then at new
    batch sizes and lengths (its third: both): each dynamic graph compiles once, to
    kernels alone, and matches eager. The logits' `[B*L, V]` rows go back to `[B, L, V]`
    at graph level with B and L from the input ids (neither is in `B*L` alone)."""
    from stepwell.frontend.loader import load_example

    torch._dynamo.reset()
    model = load_example(str(Path(__file__).resolve().parents[2] / "examples/gpt2.py")).fn
    compiled = torch.compile(model, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for batch, length in ((2, 16), (3, 16), (5, 16), (3, 9), (5, 13)):
        ids = torch.randint(0, 256, (batch, length))
        with torch.no_grad():
            got, want = compiled(ids), model(ids)
        assert mismatch(want, got) is None, (batch, length, mismatch(want, got))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph0", "graph1", "graph2"]
    static = json.loads((tmp_path / "graph0/manifest.json").read_text())
    for graph in ("graph1", "graph2"):
        specs = _specializations(tmp_path, graph)
        assert list(specs) == ["symbolic"], (graph, list(specs))
        assert specs["symbolic"]["externs"] == {}
        # the causal mask is proved so with both sizes symbolic too: its [B, 1, L, L]
        # sample is evaluated before the heads' broadcast (B x 4 x 67 x 67 lanes were
        # past the evaluation limit, and the mask stayed: 21 kernels, not 16)
        names = [k["name"] for k in specs["symbolic"]["kernels"]]
        assert len(names) == len(static["kernels"]), (graph, names)


@pytest.mark.parametrize("name", ["llama", *(pytest.param(m, marks=pytest.mark.full)
                                             for m in ("qwen2", "bert", "opt"))])  # fmt: skip
def test_zoo_at_new_lengths_compiles_once(name: str, tmp_path: Path) -> None:
    """Each zoo language model at sequence lengths 16 (static), 9 and 13 (Dynamo's dynamic
    graph): the dynamic graph compiles once to kernels alone, attention re-fused, and
    every length matches eager. BERT slices its 64-row position buffer to the length:
    the guard Dynamo recorded (`s <= 64`, `stepwell.size_ranges`) lets it decompose."""
    from stepwell.frontend.loader import load_example

    torch._dynamo.reset()
    example = load_example(str(Path(__file__).resolve().parents[2] / f"examples/{name}.py"))
    model = example.fn
    compiled = torch.compile(model, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for length in (16, 9, 13):
        inputs = [torch.randint(0, 100, (x.shape[0], length)) if x.dtype == torch.int64 else x
                  for x in example.inputs]  # fmt: skip
        with torch.no_grad():
            got, want = compiled(*inputs), model(*inputs)
        assert mismatch(want, got) is None, (length, mismatch(want, got))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph0", "graph1"]
    specs = _specializations(tmp_path, "graph1")
    assert list(specs) == ["symbolic"], list(specs)
    symbolic = specs["symbolic"]
    static = json.loads((tmp_path / "graph0/manifest.json").read_text())
    assert symbolic["externs"] == {} and not symbolic["graph_level_copies"]
    names = [k["name"] for k in symbolic["kernels"]]
    assert sum(n.endswith("_attention") for n in names) == sum(
        k["name"].endswith("_attention") for k in static["kernels"]) > 0, names  # fmt: skip
    # as many kernels as the static graph: rotate_half's negation asked its size was a
    # kernel of its own (25 vs 19), and the positions' iota gathered by the rotary
    # table's `cat` was one (20 vs 19) until a gather of a symbolic view of an iota
    # became index math over the size arguments
    assert len(names) == len(static["kernels"]), names


def _specializations(dump: Path, graph: str) -> dict[str, dict[str, Any]]:
    """The manifest of each specialization of a dumped dynamic graph, by folder name."""
    return {
        d.name: json.loads((d / "manifest.json").read_text())
        for d in sorted((dump / graph).iterdir())
        if d.is_dir()
    }


def _assert_symbolic_only(dump: Path, graphs: Sequence[str] = ("graph0",)) -> None:
    """Each of the dumped `graphs` compiled once, with symbolic sizes, calling no ATen."""
    for graph in graphs:
        specs = _specializations(dump, graph)
        assert list(specs) == ["symbolic"], (graph, list(specs))
        assert specs["symbolic"]["externs"] == {}, (graph, specs["symbolic"]["externs"])


def _assert_compiles_once(fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]],
                          dump: Path) -> None:  # fmt: skip
    """`fn` compiled with `dynamic=True` gives eager's results (values, dtypes, shapes)
    for each argument tuple of `calls`, from one compile with symbolic sizes that calls
    no ATen."""
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(dump)})  # fmt: skip
    for args in calls:
        got, want = compiled(*args), fn(*args)
        assert mismatch(want, got) is None, ([a.shape for a in args], mismatch(want, got))
    _assert_symbolic_only(dump)


def _mlp() -> nn.Module:
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.LayerNorm(32), nn.Linear(32, 8))


def test_a_dynamic_graph_compiles_once_for_every_size(tmp_path: Path) -> None:
    """Batch 8 compiles statically; from batch 9 on Dynamo hands over a graph with a
    symbolic batch, compiled once into kernels whose batch is an argument: the same
    three kernels (no ATen call) run at every size, including ones never seen."""
    torch._dynamo.reset()
    model = _mlp().eval()
    compiled = torch.compile(model, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for batch in (8, 9, 17, 33, 17, 2, 100):
        x = torch.randn(batch, 16)
        with torch.no_grad():
            got, want = compiled(x), model(x)
        assert mismatch(want, got) is None, (batch, mismatch(want, got))
    static = json.loads((tmp_path / "graph0/manifest.json").read_text())
    specs = _specializations(tmp_path, "graph1")
    assert list(specs) == ["symbolic"]  # one compile, no specialization
    symbolic = specs["symbolic"]
    assert symbolic["externs"] == {} and not symbolic["graph_level_copies"]
    assert len(symbolic["kernels"]) == len(static["kernels"]) == 3
    assert all(k["symbols"] and isinstance(k["grid"][0], str) for k in symbolic["kernels"])
    source = (tmp_path / "graph1/symbolic/kernels.py").read_text()
    assert "sym_s" in source  # the batch is a kernel argument
    # blocks are sized for Dynamo's hint (batch 9, the size it traced the graph at), not
    # for a fixed guess: the matmuls' row blocks and the norm's rows a program fit 9
    blocks = {k["name"]: k["block"] for k in symbolic["kernels"]}
    assert all(b[0] * b[1] <= 16 * 64 for b in blocks.values() if len(b) == 2), blocks
    assert all(b[1] == 16 for b in blocks.values() if len(b) == 3), blocks  # (1, BM, BN)


def _size_operand_programs() -> dict[str, Callable[[torch.Tensor], Any]]:
    return {
        # a view to a shape computed from sizes (`aten.view(x, [-1, s1])`, `s0*s1`)
        "view": lambda x: (x.view(-1, x.shape[1]) * 2).view(x.shape[0] * x.shape[1]),
        # slices with a symbolic end (`_operator.sub`), and a start past a symbolic dim
        "slice_end": lambda x: x[:, : x.shape[1] - 1] * 3,
        "shifted": lambda x: x[:, 1:] - x[:, :-1],
        # split and expand: symbolic limits and shapes in every dim the split keeps
        "split": lambda x: sum(torch.split(x[:, :1].expand(x.shape[0], 6) * x[:, :1], 2, 1)),
        "expand": lambda x: x[:, :1].expand(x.shape[0], x.shape[1]) + x,
        # iotas of symbolic length, computed in the kernel (`tile.splat` of the sizes)
        "arange": lambda x: x + torch.arange(x.shape[1]),
        "arange_2d": lambda x: x * torch.arange(x.numel()).view(x.shape[0], x.shape[1]),
        # a gather (embedding) with symbolic index shape, integer indices and results
        "embedding": lambda x: torch.nn.functional.embedding(
            (x * 10).long().abs() % 4, torch.arange(12).view(4, 3)
        ),
        # sizes as data: cat's gathers read `i - start` and strides that are sizes,
        # computed in the kernel from its size arguments
        "cat": lambda x: torch.cat([x, x * 2], 1),
        "cat_rows": lambda x: torch.cat([x, x[:1]]) + 1,
        "size_as_value": lambda x: x * x.shape[1] + x.numel(),
        # a size as a divisor (`floor_divide.default(x, s1)`: the SymInt in a Tensor
        # slot, a 0-d full of it), of floats and of integers (a flat index unravelled)
        "floor_divide": lambda x: x // x.shape[1] + (x * 4).long() // x.shape[0],
        "unravel": lambda x: torch.arange(x.numel()).view(x.shape) // x.shape[1] + x,
        "index": lambda x: x[torch.arange(x.shape[0]).flip(0)] + x,
        # a scan along a symbolic row: a looped kernel carrying the sum across tiles
        "cumsum": lambda x: torch.cumsum(x, 1) + torch.cumsum(x > 0, 0),
        # a copy of a non-contiguous view with symbolic sizes (a reshape strides cannot
        # express)
        "copy": lambda x: x.t().reshape(-1) * 2,
        # heads: a copy of a [2, s0, 16] transposed view flattened with an inner size
        # 16*s0 (the Triton index math once divided by 16 and multiplied by s0 instead)
        "heads": lambda x: (x[:, :1].expand(x.shape[0], 32) * x[:, :1])
        .reshape(-1, 2, 16).transpose(0, 1).reshape(-1),
        # a size made a tensor: attention's `1 / math.sqrt(q.shape[-1])` is
        # `scalar_tensor(s1)` (a 0-d full of the size, of the default float type)
        "scale": lambda x: x / math.sqrt(x.shape[-1]),
        # slices whose start is a size (`prims.slice` holds static starts): gathers at
        # offsets the kernel computes from its size arguments
        "last": lambda x: x[:, -1] * 2,
        "narrow": lambda x: x.narrow(1, x.shape[1] - 3, 2).sum(1),
        "second_half": lambda x: x[:, x.shape[1] // 2:].cos(),
        "strided_tail": lambda x: x[:, x.shape[1] // 3::2] + 1,
        # views at an offset that is a size (`x[1:]` starts a row of `s1` in), flipped too
        "row_offset": lambda x: x[1:] * 2 + x[:-1],
        "flipped_rows": lambda x: x[1:].flip(0) * 3 - x[1:, 1:].flip(1).sum(1, keepdim=True),
        # a size that is a maximum (`torch.sym_max`): a fill's length, and a value the
        # kernel computes from its size arguments (`arith.maxsi`)
        "max_size": lambda x: x.new_zeros(max(x.shape[1] - 3, 2)) + x.shape[0],
        "max_as_value": lambda x: x + max(x.shape[1] - 8, 1) * torch.arange(x.shape[1]),
        # views at symbolic sizes returned as they are (ATen cannot make them at graph
        # level from `?` arguments): a copy kernel computes each
        "returned_slice": lambda x: (x[:, : x.shape[1] - 1], x.exp()),
        "returned_broadcast": lambda x: (x[:, :1].expand(x.shape[0], x.shape[1]) + 0, x[:1]
                                         .expand(x.shape[0], x.shape[1])),
        # a slice whose size may be 0 (`s1 - 2`), which PyTorch's softmax, stride orders
        # and stepwell's cat ask about where either answer is correct
        "past_two": lambda x: x[:, 2:].softmax(1) + x[:, 2:].cumsum(1)
        + torch.cat([x[:, 2:], x[:, :1]], 1)[:, 1:],
        "positions": lambda x: torch.nn.functional.embedding(
            torch.arange(x.shape[1]).unsqueeze(0), torch.ones(32, 4)
        ) + x[:, :, None],
    }


@pytest.mark.parametrize("name", list(_size_operand_programs()))
def test_sizes_as_operands_compile_once(name: str, tmp_path: Path) -> None:
    """Ops whose operands are symbolic sizes (views to computed shapes, slice bounds,
    expand sizes) decompose once for every size: with both dims dynamic, one symbolic
    compile runs every size as kernels, and each result matches eager's."""
    torch._dynamo.reset()
    fn = _size_operand_programs()[name]
    options = {"dump_dir": str(tmp_path)}
    compiled = torch.compile(fn, backend="stepwell", dynamic=True, options=options)
    for rows, cols in ((3, 7), (5, 9), (2, 16), (9, 8)):
        x = torch.randn(rows, cols)
        got, want = compiled(x), fn(x)
        assert mismatch(want, got) is None, (rows, cols, mismatch(want, got))
    specs = _specializations(tmp_path, "graph0")
    assert list(specs) == ["symbolic"], list(specs)
    manifest = specs["symbolic"]
    assert manifest["externs"] == {} and not manifest["graph_level_copies"], manifest


class _Tail(nn.Module):
    """An ALiBi-like table sliced to the input's length from its end (MPT's
    `bias[..., -L:]`): the slice's start, 32 - L, is a size."""

    def __init__(self, dtype: torch.dtype) -> None:
        super().__init__()
        self.register_buffer("table", (torch.randn(4, 32) * 8).to(dtype))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        tail = self.table[:, -x.shape[1]:]
        if x.dtype == torch.bool:
            return x & tail
        return x * 2 + tail


class _Alibi(nn.Module):
    """MPT's ALiBi slice: `bias[:, max(0, 64 - L):]`, of size `64 - Max(0, 64 - L)`,
    added to an (L, L) tensor. Only Dynamo's guard `Eq(L, 64 - Max(0, 64 - L))` says the
    two sizes are one."""

    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("bias", torch.randn(4, 1, 64))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        start = max(0, self.bias.size(2) - x.shape[-1])
        return (x + self.bias[:, :, start:]).softmax(-1)


def test_a_slice_that_dynamo_guards_equal_to_a_length_compiles_once(tmp_path: Path) -> None:
    """The slice's size is spelled as the length it equals under Dynamo's guard, in the
    graph's types and in what decompositions traced at the graph's symbols make
    (`stepwell.size_equalities`): one compile for every length (it compiled per length),
    eager's values."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    model = _Alibi()
    compiled = torch.compile(model, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for n in (8, 13, 20):
        x = torch.randn(2, 4, n, n)
        assert mismatch(model(x), compiled(x)) is None, n
    specs = _specializations(tmp_path, "graph0")
    assert list(specs) == ["symbolic"], list(specs)
    assert specs["symbolic"]["externs"] == {}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int32, torch.bool])
def test_a_slice_from_the_end_of_a_table_compiles_once(dtype: torch.dtype,
                                                       tmp_path: Path) -> None:  # fmt: skip
    """A slice whose start is a size is a gather, not an ATen call: one compile for every
    length, eager's values and dtype (integers, bools, halves; a whole-table slice)."""
    torch.manual_seed(0)
    _assert_compiles_once(_Tail(dtype), [((torch.randn(4, n) * 8).to(dtype),)
                                         for n in (5, 11, 32, 2)], tmp_path)


_SLICES_OF_A_CAT = {
    "from_3": lambda x: torch.cat([x, x.flip(1)], dim=1)[:, 3:],
    "last_3": lambda x: torch.cat([x.flip(1), x], dim=1)[:, -3:],
    "second_half": lambda x: torch.cat([x, x, x], dim=1)[:, x.shape[1] // 2:],
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int64, torch.bool])
@pytest.mark.parametrize("name", list(_SLICES_OF_A_CAT))
def test_a_slice_to_the_end_of_a_cat_compiles_once(name: str, dtype: torch.dtype,
                                                   tmp_path: Path) -> None:  # fmt: skip
    """A slice to the end of a dim that is a sum of sizes (a cat's `2*s0`) asks whether
    that dim is below int64's largest value, which the symbols' ranges alone do not
    prove; every dim of a tensor is. One compile for every length (it compiled per
    length), eager's values and dtype."""
    torch.manual_seed(0)
    _assert_compiles_once(_SLICES_OF_A_CAT[name], [((torch.randn(3, n) * 8).to(dtype),)
                                                   for n in (5, 11, 2, 8)], tmp_path)


_STEPS_AND_PADS = {
    "every_other": lambda x: x[:, ::2] * 2,
    "every_third_from_1": lambda x: x[:, 1::3].flip(1),
    "causal_pad": lambda x: nn.functional.pad(x.transpose(1, 2), (2, 0)),
    "shift_by_a_pad": lambda x: nn.functional.pad(x, (0, 0, 1, -1)),
    # pads by a size (a SymInt amount, which the pad converted to an int: a guard)
    "pad_to_a_multiple": lambda x: nn.functional.pad(x, (0, 0, 0, (4 - x.shape[1] % 4) % 4)),
    "pad_to_a_length": lambda x: nn.functional.pad(x, (1, 0, 0, 12 - x.shape[1]), value=1),
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int64, torch.bool])
@pytest.mark.parametrize("name", list(_STEPS_AND_PADS))
def test_a_stepped_slice_or_a_pad_of_a_dynamic_dim_compiles_once(
    name: str, dtype: torch.dtype, tmp_path: Path
) -> None:
    """A slice of step 2 or 3 of a dynamic dim is a gather (its limit is symbolic, which
    `prims.slice` holds only for a step of 1), and a constant pad of one checks each
    padded size on its own (`min` of the sizes compared them, a guard), also by an
    amount that is a size (kept a SymInt; a remainder's bounds prove the padded size
    positive): one compile for every length, odd and even (each compiled per length),
    eager's values and dtype."""
    torch.manual_seed(0)
    _assert_compiles_once(_STEPS_AND_PADS[name], [((torch.randn(3, n, 4) * 8).to(dtype),)
                                                  for n in (5, 11, 8, 2)], tmp_path)


def test_the_gradient_of_a_stepped_slice_and_a_pad_compiles_once(tmp_path: Path) -> None:
    """Training through `x[:, 1::2]` and a causal pad of a dynamic length: the forward and
    the backward (a gather of the gradient at each position's offset into the slice,
    masked outside it) each compile once, and the gradient is eager's."""
    torch._dynamo.reset()
    torch.manual_seed(0)

    def fn(x: torch.Tensor) -> torch.Tensor:
        odd = x[:, 1::2].tanh()
        return nn.functional.pad(odd.transpose(1, 2), (2, 0)).cumsum(-1)

    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for length in (5, 11, 8):
        x = torch.randn(3, length, 4)
        ours, theirs = x.clone().requires_grad_(), x.clone().requires_grad_()
        weights = torch.randn(fn(x).shape)
        (compiled(ours) * weights).sum().backward()
        (fn(theirs) * weights).sum().backward()
        assert mismatch(theirs.grad, ours.grad) is None, (length, mismatch(theirs.grad, ours.grad))
    _assert_symbolic_only(tmp_path, ("graph0", "graph1-backward"))


def _scatters(x: torch.Tensor, i: torch.Tensor) -> list[torch.Tensor]:
    """Scatters whose sizes follow the length n of `x` (n, 6) and `i` (n,) in [0, 4)."""
    rows = torch.zeros(4, x.shape[1], dtype=x.dtype)
    cols = i[:, None].expand(-1, 3)  # (n, 3) of columns in [0, 4)
    return [
        rows.index_add(0, i, x),  # tokens summed per expert (a MoE's combine)
        torch.zeros(x.shape[0], 4, dtype=x.dtype).scatter_add(1, cols, x[:, :3]),
        x.index_put((i % x.shape[0],), x[:2].sum(0), accumulate=True),
        x.index_copy(0, torch.arange(x.shape[0]).flip(0), x),  # rows reversed
        rows.scatter_reduce(0, i[:, None].expand(-1, x.shape[1]), x, "amax",
                            include_self=False),
    ]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int64])
def test_a_scatter_of_dynamic_sizes_compiles_once(dtype: torch.dtype, tmp_path: Path) -> None:
    """Scatters (index_add, scatter_add, index_put with accumulate, index_copy,
    scatter_reduce) whose values or result have a dynamic length are kernels over the
    values they write, masked by the symbolic element count: one compile for every
    length (each compiled per length), eager's values and dtype, duplicate indices
    included."""
    torch.manual_seed(0)
    calls = [((torch.randn(n, 6) * 4).to(dtype), torch.randint(0, 4, (n,))) for n in (5, 11, 8, 2)]
    _assert_compiles_once(_scatters, calls, tmp_path)


def test_the_gradient_of_a_gather_of_a_dynamic_length_compiles_once(tmp_path: Path) -> None:
    """The backward of a gather and an embedding over a dynamic length is a scatter with
    symbolic sizes (scatter_add, index_put with accumulate): forward and backward each
    compile once, and the gradients are eager's."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    table = torch.randn(7, 4)

    def fn(x: torch.Tensor, ids: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        picked = x.gather(1, ids[:, None].expand(-1, 2) % x.shape[1])
        return picked.sum(1, keepdim=True) * nn.functional.embedding(ids, w)

    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for length in (5, 11, 8):
        x, ids = torch.randn(length, 3), torch.randint(0, 7, (length,))
        leaves = [(x.clone().requires_grad_(), table.clone().requires_grad_()) for _ in "ab"]
        (compiled(leaves[0][0], ids, leaves[0][1]) ** 2).sum().backward()
        (fn(leaves[1][0], ids, leaves[1][1]) ** 2).sum().backward()
        for ours, theirs in zip(leaves[0], leaves[1], strict=True):
            assert mismatch(theirs.grad, ours.grad) is None, (length, mismatch(theirs.grad,
                                                                               ours.grad))
    _assert_symbolic_only(tmp_path, ("graph0", "graph1-backward"))


def _positions(x: torch.Tensor, cache: torch.Tensor) -> list[torch.Tensor]:
    """Aranges whose start is a size: position ids after a cache of dynamic length, a
    reversed index, float and int32 positions."""
    past, n = cache.shape[1], x.shape[1]
    return [
        x + torch.arange(past, past + n)[None, :, None],
        x[:, torch.arange(n - 1, -1, -1)],
        torch.arange(past, past + 2 * n, 2, dtype=torch.float32).sin(),
        torch.arange(n, 0, -3, dtype=torch.int32) * 3,
    ]


def test_an_arange_from_a_size_compiles_once(tmp_path: Path) -> None:
    """`arange` whose start is a symbolic size (position ids after a KV cache whose length
    changes every step) is an iota from 0 shifted by it (`prims.iota`'s start is static):
    one compile for every pair of lengths (it compiled per length), eager's values and
    dtypes."""
    calls = [(torch.randn(2, n, 3), torch.randn(2, past))
             for n, past in ((5, 7), (11, 3), (8, 20), (2, 9))]  # fmt: skip
    _assert_compiles_once(_positions, calls, tmp_path)


_CHUNKS = {
    # (the two halves of a length: odd lengths give a shorter second half)
    "halves": lambda x: [c * 2 for c in x.chunk(2, 1)],
    # classifier-free guidance: the halves of a batch (even) meet, guarded equal
    "guidance": lambda x: (lambda u, c: u + 3 * (c - u))(*x.chunk(2, 0)),
    "unsafe_halves": lambda x: [c.flip(1) for c in x.unsafe_chunk(2, 1)],
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int64, torch.bool])
@pytest.mark.parametrize("name", list(_CHUNKS))
def test_a_chunk_of_a_dynamic_dim_compiles_once(name: str, dtype: torch.dtype,
                                                 tmp_path: Path) -> None:  # fmt: skip
    """`chunk(2)` of a dynamic dim splits it into pieces of `(s0 + 1)//2`: each piece is
    found by comparing its start and end with `s0`, which holds for every size (`range`
    needed the size itself). Where the two halves meet, Dynamo guards them equal, and the
    importer spells both the same way. One compile for every length (each compiled per
    length), eager's values and dtype."""
    torch.manual_seed(0)
    fn = _CHUNKS[name]
    if dtype == torch.bool and name == "guidance":
        fn = lambda x: (lambda u, c: u ^ c)(*x.chunk(2, 0))  # noqa: E731 (no bool arithmetic)
    lengths = (6, 10, 4, 16) if name == "guidance" else (5, 10, 3, 8)
    _assert_compiles_once(fn, [((torch.randn(n, n + 1) * 8).to(dtype),) for n in lengths],
                          tmp_path)  # fmt: skip


def test_the_gradient_of_a_view_merging_dynamic_dims() -> None:
    """A language model's loss, `cross_entropy(logits.view(-1, V), labels.view(-1))`
    under `dynamic=True`: the backward graph's tensors carry only the product `s0*s1` of
    the batch and the length, which come as size arguments, and the view back to
    (batch, length, V) raised "only one dimension can be inferred" (every length of a
    GPT-2 training step). The size arguments bind their symbols now."""
    import torch.nn.functional as F

    def lm_loss(logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1))

    def flat_sin(x: torch.Tensor) -> torch.Tensor:
        return x.view(-1, x.size(-1)).sin().sum()

    torch._dynamo.reset()
    compiled = [torch.compile(f, backend="stepwell", dynamic=True) for f in (lm_loss, flat_sin)]
    for batch, length in ((2, 8), (3, 5)):
        logits = torch.randn(batch, length, 11)
        labels = torch.randint(0, 11, (batch, length))
        for fn, c in zip((lm_loss, flat_sin), compiled, strict=True):
            args = (logits, labels) if fn is lm_loss else (logits,)
            (want,) = torch.autograd.grad(fn(x := logits.clone().requires_grad_(), *args[1:]), x)
            (got,) = torch.autograd.grad(c(x := logits.clone().requires_grad_(), *args[1:]), x)
            assert mismatch(want, got) is None, (fn.__name__, batch, length)


def test_the_gradient_of_a_chunk_of_a_dynamic_dim_compiles_once(tmp_path: Path) -> None:
    """Training through the halves of a dynamic length: forward and backward (a cat of the
    halves' gradients) each compile once, and the gradient is eager's."""
    torch._dynamo.reset()

    def fn(x: torch.Tensor) -> torch.Tensor:
        first, second = x.chunk(2, 1)
        return first.sigmoid().sum(1) + second.tanh().sum(1)

    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for length in (5, 10, 7):
        x = torch.randn(3, length)
        ours, theirs = x.clone().requires_grad_(), x.clone().requires_grad_()
        compiled(ours).sum().backward()
        fn(theirs).sum().backward()
        assert mismatch(theirs.grad, ours.grad) is None, (length, mismatch(theirs.grad, ours.grad))
    _assert_symbolic_only(tmp_path, ("graph0", "graph1-backward"))


_POOLS = {
    "avg_1d": lambda x: nn.functional.avg_pool1d(x.flatten(2), 3, 2),
    "avg_2d_padded": lambda x: nn.functional.avg_pool2d(x, 3, 2, padding=1),
    "avg_2d_padding_not_counted": lambda x: nn.functional.avg_pool2d(
        x, 3, 2, padding=1, count_include_pad=False),
    "avg_2d_ceil": lambda x: nn.functional.avg_pool2d(x, 2, ceil_mode=True),
    "max_2d": lambda x: nn.functional.max_pool2d(x, 2, 2, padding=1),
    "conv_2d": lambda x: nn.functional.conv2d(x, torch.ones(4, 3, 3, 3, dtype=x.dtype) / 9,
                                              padding=1),
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("name", list(_POOLS))
def test_a_pooling_of_dynamic_sizes_compiles_once(name: str, dtype: torch.dtype,
                                                  tmp_path: Path) -> None:  # fmt: skip
    """Average pooling of dynamic spatial sizes divides by the kernel's size where every
    window lies inside the padded input (no ceil mode; the padding counted, or none),
    without walking the windows in Python (which guarded on every size), and otherwise
    by a divisor the kernel computes; max pooling and convolutions over two dynamic dims
    check each output size on its own (`min` compared them, a guard). Each compiled per
    size; now one compile for every size, eager's values and dtype."""
    torch.manual_seed(0)
    calls = [(torch.randn(2, 3, h, w).to(dtype),) for h, w in ((7, 9), (12, 5), (9, 16))]
    _assert_compiles_once(_POOLS[name], calls, tmp_path)


_VARIANCES = {
    "var_mean_over_length": lambda x: torch.var_mean(x, dim=1),
    "layer_norm_of_a_dynamic_dim": lambda x: nn.functional.layer_norm(x, x.shape[-1:]),
    "std_over_both": lambda x: x.std(dim=(1, 2), correction=0, keepdim=True) * x,
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize("name", list(_VARIANCES))
def test_a_variance_over_a_dynamic_dim_compiles_once(name: str, dtype: torch.dtype,
                                                     tmp_path: Path) -> None:  # fmt: skip
    """A variance whose row length is a size divides by it in the kernel, read from the
    size arguments: one compile for every length (it compiled per length), eager's
    values and dtype."""
    torch.manual_seed(0)
    calls = [((torch.randn(3, n, n + 2) * 2 + 1).to(dtype),) for n in (5, 11, 8)]
    _assert_compiles_once(_VARIANCES[name], calls, tmp_path)


def test_a_graph_without_symbolic_kernels_for_every_op_is_specialized(tmp_path: Path) -> None:
    """With `symbolic_kernels=False` (and for graphs with an op that has no symbolic
    kernel yet), each new size of a dynamic graph is compiled as a static graph."""
    torch._dynamo.reset()
    model = _mlp().eval()
    options = {"dump_dir": str(tmp_path), "symbolic_kernels": False}
    compiled = torch.compile(model, backend="stepwell", options=options)
    for batch in (8, 9, 17, 33, 17):
        x = torch.randn(batch, 16)
        with torch.no_grad():
            got, want = compiled(x), model(x)
        assert mismatch(want, got) is None, (batch, mismatch(want, got))
    specs = _specializations(tmp_path, "graph1")
    assert len(specs) == 3 and all(name.endswith(("=9", "=17", "=33")) for name in specs)
    for manifest in specs.values():
        assert manifest["externs"] == {} and len(manifest["kernels"]) == 3


def test_mark_dynamic_from_the_first_call(tmp_path: Path) -> None:
    """`mark_dynamic` gives a symbolic graph on the first call; an empty batch works."""
    torch._dynamo.reset()
    model = _mlp().eval()
    compiled = torch.compile(model, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for batch in (5, 6, 0):
        x = torch.randn(batch, 16)
        torch._dynamo.mark_dynamic(x, 0)
        with torch.no_grad():
            got, want = compiled(x), model(x)
        assert mismatch(want, got) is None, (batch, mismatch(want, got))
    assert all(m["externs"] == {} for m in _specializations(tmp_path, "graph0").values())


def test_training_with_a_dynamic_batch(tmp_path: Path) -> None:
    """Forward and backward graphs with a symbolic batch: losses and every gradient
    match eager at each size, and both graphs compile once into symbolic kernels (the
    backward's weight gradients: matmuls whose K is the batch, sums over it)."""
    torch._dynamo.reset()
    model = _mlp()
    reference = copy.deepcopy(model)
    compiled = torch.compile(model, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for batch in (4, 6, 11):
        x = torch.randn(batch, 16)
        losses = []
        for m, fn in ((reference, reference), (model, compiled)):
            m.zero_grad(set_to_none=True)
            loss = fn(x).square().mean()
            loss.backward()
            losses.append(loss.detach())
        assert mismatch(losses[0], losses[1]) is None, batch
        for (name, p), q in zip(model.named_parameters(), reference.parameters(), strict=True):
            assert mismatch(q.grad, p.grad) is None, (batch, name)
    dynamic = [d.name for d in sorted(tmp_path.iterdir()) if any(s.is_dir() for s in d.iterdir())]
    assert len(dynamic) == 2 and dynamic[-1].endswith("-backward")  # forward and backward
    for graph in dynamic:  # each compiled once, with symbolic sizes, as kernels alone
        specs = _specializations(tmp_path, graph)
        assert list(specs) == ["symbolic"], (graph, list(specs))
        assert specs["symbolic"]["externs"] == {} and specs["symbolic"]["kernels"]


class _TableTail(nn.Module):
    """A learned table sliced to the input's length from its end, and slices of the input
    whose starts are sizes (the last position, every other one from the middle)."""

    def __init__(self) -> None:
        super().__init__()
        self.table = nn.Parameter(torch.randn(4, 40))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        return ((x * self.table[:, -n:]).square().mean() + x[:, -1].sum()
                + x[:, n // 2::2].cos().sum())  # fmt: skip


def test_training_through_slices_whose_start_is_a_size(tmp_path: Path) -> None:
    """Their backward (`slice_backward`, which PyTorch's decomposition writes as a
    `slice_scatter` that asks whether the start is 0) is a gather of the gradient masked
    outside the slice; the gradient of the stepped slice's sum expands to a size that
    may be 1 (`(s - s // 2 + 1) // 2`), which broadcast_in_dim's meta asks only to pick
    a stride. Forward and backward compile once, and every gradient matches eager at
    each length."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    model = _TableTail()
    reference = copy.deepcopy(model)
    compiled = torch.compile(model, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for length in (7, 12, 31):
        x = torch.randn(4, length)
        grads = []
        for m, fn in ((reference, reference), (model, compiled)):
            m.zero_grad(set_to_none=True)
            xi = x.clone().requires_grad_()
            fn(xi).backward()
            grads.append((xi.grad, m.table.grad))
        for want, got in zip(*grads, strict=True):
            assert mismatch(want, got) is None, (length, mismatch(want, got))
    for graph in ("graph0", "graph1-backward"):
        specs = _specializations(tmp_path, graph)
        assert list(specs) == ["symbolic"], (graph, list(specs))
        assert specs["symbolic"]["externs"] == {}, specs["symbolic"]["externs"]


def test_past_the_specialization_limit_the_symbolic_graph_runs(tmp_path: Path) -> None:
    """With `max_specializations=1` (and symbolic kernels off for the first sizes), a
    third size warns once and runs the graph compiled with symbolic sizes."""
    torch._dynamo.reset()
    model = _mlp().eval()
    options = {"dump_dir": str(tmp_path), "max_specializations": 1, "symbolic_kernels": False}
    compiled = torch.compile(model, backend="stepwell", options=options)
    with torch.no_grad():
        for batch in (8, 9):
            compiled(torch.randn(batch, 16))
        for batch in (10, 11):
            x = torch.randn(batch, 16)
            with pytest.warns(UserWarning, match="more than 1 distinct sizes") if batch == 10 \
                    else contextlib.nullcontext():  # fmt: skip
                got = compiled(x)
            assert mismatch(model(x), got) is None
    specs = _specializations(tmp_path, "graph1")
    assert len(specs) == 2 and "symbolic" in specs
    # compiled once with symbolic sizes: the MLP's ops all have symbolic kernels
    assert specs["symbolic"]["externs"] == {} and len(specs["symbolic"]["kernels"]) == 3


def test_kv_cache_decode_matches_eager_token_for_token(tmp_path: Path) -> None:
    """Greedy decoding with GPT-2 and a growing KV cache (examples/gpt2_decode.py, HF's
    `DynamicCache`), 32 steps: the cache length is symbolic from the second step, and that
    graph compiles once (its keys' and values' lengths, one symbol each from Dynamo, are
    made one by a guard: `duck_size`), with one flash-attention kernel a layer (one query
    against the cache); every step's logits, cache and token match eager."""
    from stepwell.frontend.loader import import_file

    decoding = import_file(Path(__file__).resolve().parents[2] / "examples/gpt2_decode.py",
                           "stepwell_gpt2_decode")  # fmt: skip
    torch._dynamo.reset()
    step = decoding.build()
    compiled = torch.compile(step, backend="stepwell", options={"dump_dir": str(tmp_path)})
    for i, (got, want, got_kv, want_kv) in enumerate(decoding.decode(step, compiled, 32)):
        assert mismatch(want, got) is None, (i, mismatch(want, got))
        assert mismatch(want_kv, got_kv) is None, i
        assert torch.equal(got.argmax(-1), want.argmax(-1)), i
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph0", "graph1"]  # no recompile
    specs = _specializations(tmp_path, "graph1")
    assert list(specs) == ["symbolic"], list(specs)  # one compile for 31 cache lengths
    symbolic = specs["symbolic"]
    assert symbolic["externs"] == {} and not symbolic["graph_level_copies"]
    names = [k["name"] for k in symbolic["kernels"]]
    assert sum(n.endswith("_attention") for n in names) == 2, names
    # as many kernels as the first step's static graph: the cache the step rebuilds
    # (`cat` of an empty tensor and the past keys) is read where the next `cat` gathers
    # it, not copied by a kernel of its own first (19 kernels before: a gather of a
    # gather with offsets of symbolic strides was not composed)
    static = json.loads((tmp_path / "graph0/manifest.json").read_text())
    assert len(names) == len(static["kernels"]), names


def test_a_specialization_that_fails_runs_eagerly_with_suppress_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With `suppress_errors`, a binding whose compile fails runs its specialized graph
    eagerly: the sizes the forward returns for the backward appear once, and the step
    matches eager (a review found them duplicated)."""
    import stepwell.lowering.compiler as compiler

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("no compile")

    torch._dynamo.reset()
    monkeypatch.setattr(compiler, "compile_module", broken)  # (imported by the backend on a miss)
    monkeypatch.setenv("STEPWELL_GRAPH_CACHE", "0")  # (a cached graph would need no compile)
    monkeypatch.setattr(torch._dynamo.config, "suppress_errors", True)
    fn = lambda x: (x.reshape(-1, 2) * x.shape[0]).sin().sum()  # noqa: E731
    compiled = torch.compile(fn, backend="stepwell", dynamic=True)
    for n in (6, 8):
        x = torch.randn(n, requires_grad=True)
        with pytest.warns(UserWarning, match="running it eagerly"):
            got = compiled(x)
        got.backward()
        y = x.detach().clone().requires_grad_()
        fn(y).backward()
        assert mismatch(fn(y), got) is None and mismatch(y.grad, x.grad) is None


@pytest.mark.parametrize("dtype", [torch.int32, torch.bool, torch.float16, torch.float32])
def test_symbolic_kernels_keep_dtypes_and_nans(dtype: torch.dtype, tmp_path: Path) -> None:
    """Pointwise ops and a row reduction with symbolic sizes (`dynamic=True`: both dims,
    so the reduction is a looped kernel over a symbolic row), on integer, bool, half and
    float tensors (NaN in the float ones): one symbolic compile, and every size matches
    eager in values, dtype, shape and NaN positions."""
    torch._dynamo.reset()

    def fn(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        y = x * 3 + 1 if dtype != torch.bool else (x ^ ~x) & (x | True)
        return y, y.to(torch.float32).amax(1)

    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    g = torch.Generator().manual_seed(1)
    for rows in (3, 5, 9):
        x = (torch.randn(rows, 6, generator=g) * 4).to(dtype)
        if dtype.is_floating_point:
            x[1, 2] = float("nan")
        got, want = compiled(x), fn(x)
        assert mismatch(want, got) is None, (rows, mismatch(want, got))
    specs = _specializations(tmp_path, "graph0")
    assert list(specs) == ["symbolic"] and specs["symbolic"]["externs"] == {}


INPUT_VIEWS: dict[str, Callable[[torch.Tensor], Any]] = {
    "slice from a size": lambda x: x[:, x.shape[1] // 2:],
    "expand of a slice": lambda x: x[:, :1].expand(-1, x.shape[1]),
    "slice to a size": lambda x: x[:, 1:x.shape[1] - 1],
    "narrow": lambda x: x.narrow(1, 2, x.shape[1] - 2),
    "chunk": lambda x: x.chunk(2, 1)[1],
    "flat tail": lambda x: x.flatten()[x.shape[1]:],
    "int64 transpose of a slice": lambda x: x.long()[:, 1:].t(),
    "view and a computed output": lambda x: (x[:, x.shape[1] // 2:], x * 2),
}


@pytest.mark.parametrize("name", list(INPUT_VIEWS))
def test_an_output_that_views_an_input_keeps_its_offset(name: str) -> None:
    """With dynamic sizes, AOTAutograd makes an output that aliases an input again from
    the input, with `as_strided` and the compiled output's strides and offset: the copy
    stepwell returned made `x[:, n // 2:]` the first elements of x (a wrong result from
    the second size on). Such an output is now the view itself, made on the input."""
    fn = INPUT_VIEWS[name]
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell")
    for n in (8, 11, 13):
        x = torch.arange(3.0 * n).view(3, n)
        want, got = fn(x), compiled(x)
        assert mismatch(want, got) is None, (n, mismatch(want, got))


def test_a_cache_written_in_place_returns_its_filled_part() -> None:
    """A KV cache buffer written in place and returned up to the current length."""

    class Cache(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.register_buffer("k", torch.zeros(2, 16, 4))

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            self.k[:, : x.shape[1]] = x
            return self.k[:, : x.shape[1]]

    torch._dynamo.reset()
    eager, compiled = Cache(), torch.compile(Cache(), backend="stepwell")
    for t in (3, 5, 7):
        x = torch.randn(2, t, 4)
        assert mismatch(eager(x), compiled(x)) is None, t


def test_a_decomposition_too_slow_to_trace_symbolically_is_compiled_per_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PyTorch's `adaptive_avg_pool2d` decomposition unrolls a loop over a symbolic window
    length: with batch, height and width all dynamic its trace ran for more than 10
    minutes. A trace with symbolic sizes now has a time limit, past which the op stays
    an ATen call in the symbolic attempt and the graph is compiled per size."""
    import torch.nn.functional as F

    from stepwell.passes import decompose_torch_to_prims

    monkeypatch.setattr(decompose_torch_to_prims, "SYMBOLIC_TRACE_SECONDS", 2)
    torch._dynamo.reset()
    compiled = torch.compile(lambda x: F.adaptive_avg_pool2d(x, 3), backend="stepwell")
    for shape in ((1, 2, 7, 6), (1, 2, 9, 5), (2, 2, 4, 8)):
        x = torch.randn(shape)
        assert mismatch(F.adaptive_avg_pool2d(x, 3), compiled(x)) is None, shape


WINDOWS: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "a fractional window": lambda a, b: (a >= b) & ((a - b) < 100.5),
    "a shifted distance": lambda a, b: (a >= b) & (((a - b) >> 7) == 0),
    "a scaled float distance": lambda a, b: (a >= b) & ((a - b).float() * 0.01 < 1.0),
    "an integer window (sampled)": lambda a, b: (a >= b) & ((a - b) < 100),
}


@pytest.mark.parametrize("name", list(WINDOWS))
def test_a_symbolic_window_mask_is_not_taken_for_causal(name: str) -> None:
    """A mask of symbolic length is taken as causal when it is causal at sampled
    lengths, which see the thresholds its integers set. A threshold no integer shows
    (100.5, a shift by 7, a float scale) was missed: the window was dropped past 100
    keys. Such masks are now never proved causal (they stay masks)."""
    import stepwell  # noqa: F401 - registers the backend

    window = WINDOWS[name]

    def attend(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        i = torch.arange(q.shape[-2])
        keep = window(i[:, None], i[None, :])
        return (q @ k.transpose(-1, -2) * 0.35).masked_fill(~keep, -math.inf).softmax(-1) @ v

    torch._dynamo.reset()
    compiled = torch.compile(attend, backend="stepwell")
    for n in (8, 140):
        gen = torch.Generator().manual_seed(n)
        q, k, v = (torch.randn(1, 1, n, 8, generator=gen) for _ in range(3))
        for t in (q, k, v):
            torch._dynamo.mark_dynamic(t, 2)
        want, got = attend(q, k, v), compiled(q, k, v)
        assert mismatch(want, got) is None, (n, mismatch(want, got))


SIZES_AS_DATA: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "n * 10_000_000": lambda x: x + x.shape[0] * 10_000_000,
    "n * n * n": lambda x: x + x.shape[0] * x.shape[0] * x.shape[0],
    "2 * n * n * n": lambda x: x + 2 * x.shape[0] * x.shape[0] * x.shape[0],
    "numel ** 3 as a float": lambda x: x.float().sum() * 0 + x.numel() * x.numel() * x.numel(),
}


@pytest.mark.parametrize("name", list(SIZES_AS_DATA))
def test_a_size_used_as_data_does_not_wrap_at_32_bits(name: str) -> None:
    """A size expression stored as data was computed on the kernel's 32-bit size
    arguments: `x + n * 10_000_000` wrapped past n = 214 (-2144967296 at n = 215) when
    the graph was compiled at a size where it fit. It is computed on 64-bit tiles."""
    import stepwell  # noqa: F401 - registers the backend

    fn = SIZES_AS_DATA[name]
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=True)
    for n in (3, 215, 1300, 2000):
        x = torch.arange(n, dtype=torch.int64)
        want, got = fn(x), compiled(x)
        assert mismatch(want, got) is None and torch.equal(want, got), (n, want[:2], got[:2])


@pytest.mark.parametrize("dynamic", [True, None])
def test_a_number_among_the_outputs_comes_back(dynamic: bool | None) -> None:
    """`torch.linspace(0, 1, n), n * 3`: linspace makes Dynamo take n as a constant, so
    the graph returns the number 9, which the importer refused ("graph output 9 is not a
    tensor or symbolic value"). The number is now given back beside the kernels'
    outputs."""
    import stepwell  # noqa: F401 - registers the backend

    def fn(x: torch.Tensor) -> tuple[torch.Tensor, int]:
        n = x.shape[0]
        return torch.linspace(0, 1, n) * x, n * 3

    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=dynamic)
    for n in (3, 5):
        x = torch.randn(n)
        (want, k), (got, j) = fn(x), compiled(x)
        assert mismatch(want, got) is None and j == k == 3 * n


INDEX_RESULTS: dict[str, Callable[[torch.Tensor], Any]] = {
    "argmax": lambda x: x.argmax(-1),
    "sort": lambda x: x.sort(-1),
    "gather(argmax)": lambda x: x.gather(-1, x.argmax(-1, keepdim=True)) * 2,
}


@pytest.mark.parametrize("name", list(INDEX_RESULTS))
def test_index_results_past_the_specialization_limit(name: str) -> None:
    """Past the specialization limit a graph is compiled once with symbolic sizes; the
    int64 indices of argmax and sort lost their size symbols there (`tensor<?xi64>`
    where the function returns `tensor<?xi64, ["s77"]>`), and the compile failed to
    verify."""
    import stepwell  # noqa: F401 - registers the backend

    fn = INDEX_RESULTS[name]
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"max_specializations": 1})  # fmt: skip
    for n in (3, 4, 5):
        x = torch.randn(2, n)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (the limit's warning)
            got = compiled(x)
        assert mismatch(fn(x), got) is None


def test_a_wide_symbolic_window_compiles_in_seconds() -> None:
    """A sliding window of 4000 keys: proving a symbolic mask causal evaluates it past
    twice its largest integer, 8003 x 8003 lanes in the tile interpreter (131 s). Such a
    sample is now skipped (the window is no causal mask: it stays a mask)."""
    import time

    import stepwell  # noqa: F401 - registers the backend

    def attend(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        i = torch.arange(q.shape[-2])
        keep = (i[:, None] >= i[None, :]) & (i[:, None] - i[None, :] < 4000)
        return (q @ k.transpose(-1, -2) * 0.35).masked_fill(~keep, -math.inf).softmax(-1) @ v

    torch._dynamo.reset()
    compiled = torch.compile(attend, backend="stepwell")
    start = time.monotonic()
    for n in (8, 9, 10):
        q, k, v = (torch.randn(1, 1, n, 8) for _ in range(3))
        assert mismatch(attend(q, k, v), compiled(q, k, v)) is None
    assert time.monotonic() - start < 60


def test_multihead_attention_trains_at_dynamic_sizes() -> None:
    """nn.MultiheadAttention with gradients and `dynamic=True` crashed in the backward:
    its graph, compiled per size, was re-traced with the saved tensors as the forward
    stored them, and an `aten.view` of a permuted one needs the strides the graph was
    traced with ("Cannot view a tensor with shape [3, 2, 4, 2] and strides (2, 24, 6,
    1)"). The re-trace now lays each input out as traced (`specialize._traced_layout`)."""
    torch.manual_seed(0)
    eager = torch.nn.MultiheadAttention(8, 4, batch_first=True).eval()
    model = copy.deepcopy(eager)
    torch._dynamo.reset()
    compiled = torch.compile(lambda q: model(q, q, q, need_weights=False)[0],
                             backend="stepwell", dynamic=True)  # fmt: skip
    for batch, length in [(2, 3), (3, 5)]:
        q = torch.randn(batch, length, 8)
        qe, qc = q.clone().requires_grad_(), q.clone().requires_grad_()
        want, got = eager(qe, qe, qe, need_weights=False)[0], compiled(qc)
        assert mismatch(want, got) is None
        want.sum().backward()
        got.sum().backward()
        assert mismatch(qe.grad, qc.grad) is None
        assert mismatch(eager.in_proj_weight.grad, model.in_proj_weight.grad) is None
        eager.zero_grad()
        model.zero_grad()


def test_an_adaptive_pool_of_a_transposed_input_compiles_once(tmp_path: Path) -> None:
    """Swin's pooler, `adaptive_avg_pool1d(x.transpose(1, 2), 1)`, decomposes to a mean
    and an `as_strided` of it. Importing that `as_strided` asked `int()` of its base's
    symbolic sizes, which made Dynamo's shape environment fix them at their example
    values: the function's result type came out static and failed the verifier, so the
    graph was compiled per size. Now it compiles once, symbolically, with no ATen call."""
    torch._dynamo.reset()

    def pool(x: torch.Tensor) -> torch.Tensor:
        return torch.flatten(nn.functional.adaptive_avg_pool1d(x.transpose(1, 2), 1), 1)

    compiled = torch.compile(pool, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for batch, length in ((2, 7), (3, 7), (5, 4)):
        x = torch.randn(batch, length, 16)
        assert mismatch(pool(x), compiled(x)) is None, (batch, length)
    specs = _specializations(tmp_path, "graph0")
    assert list(specs) == ["symbolic"], list(specs)
    assert specs["symbolic"]["externs"] == {}


def test_an_integer_argument_past_the_specialization_limit() -> None:
    """A Python int argument is a symbol with no lower bound under `dynamic=True`; the
    graph compiled with symbolic sizes (past `max_specializations`) crashed reading its
    range ("'Infinity' object has no attribute '_mpf_'": torch's -int_oo says it is
    finite). An integer argument's range is no size's range: it is left out (found by a
    probe of 96 attention masks)."""
    torch._dynamo.reset()

    def f(x: torch.Tensor, k: int) -> torch.Tensor:
        return x + (torch.arange(x.shape[-1]) // k).float() + k

    compiled = torch.compile(f, backend="stepwell", dynamic=True,
                             options={"max_specializations": 0})  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (the limit's own warning)
        for n, k in ((9, 3), (20, 5), (7, -3), (11, -7)):
            x = torch.randn(3, n)
            assert mismatch(f(x, k), compiled(x, k)) is None, (n, k)


def test_a_graph_ops_cannot_run_at_symbolic_sizes_runs_with_aten_past_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past `max_specializations` the graph is compiled once with symbolic sizes; when an
    op can run neither as a symbolic kernel nor by ATen at graph level, that compile
    fails (here made to: every gap the probes found that way is closed), and the call
    raised. It now runs the graph with ATen, with a warning. The prefix-LM mask that first
    showed it (its last position `i[-1:]`, a slice whose start is a size) is now a gather:
    it compiles with symbolic sizes, and warns of nothing."""
    from stepwell.lowering import compiler

    def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        n = q.shape[-2]
        i, j = torch.arange(n)[:, None], torch.arange(n)[None, :]
        keep = (j <= i) | (j < (i[-1:] + 1) // 2)
        s = (q @ k.transpose(-1, -2) * 0.25).masked_fill(~keep, float("-inf"))
        return s.softmax(-1) @ v

    def refusing(module: Any, *args: Any, **kwargs: Any) -> Any:
        if "?" in str(module):  # (a symbolic graph)
            raise compiler.PassFailedException("an op with no form at symbolic sizes")
        return real(module, *args, **kwargs)

    real = compiler.compile_module
    for refuse in (True, False):  # (refused first: a compiled graph is cached)
        torch._dynamo.reset()
        monkeypatch.setattr(compiler, "compile_module", refusing if refuse else real)
        compiled = torch.compile(attention, backend="stepwell", dynamic=True,
                                 options={"max_specializations": 0})  # fmt: skip
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for n in (9, 20):
                args = [torch.randn(2, 4, n, 16) for _ in range(3)]
                assert mismatch(attention(*args), compiled(*args)) is None, n
        said = [str(w.message) for w in caught]
        assert any("with ATen past its specialization limit" in m for m in said) == refuse


def test_mixtral_experts_at_new_lengths() -> None:
    """Hugging Face Mixtral's sparse-MoE block with its experts in a Python loop (graph
    breaks at `nonzero`): the graph before the loop returns the hidden size, a number
    Dynamo made a constant. Its symbolic attempt, refused (the router's `topk` has no
    symbolic kernel), took that number out of the graph and left it out, so the
    specialization compiled next returned None for it and the block raised in
    `reshape`. Every compile now gives the graph back as it was: eager's values."""
    transformers = pytest.importorskip("transformers")
    torch._dynamo.reset()
    torch.manual_seed(0)
    config = transformers.MixtralConfig(
        vocab_size=128, hidden_size=32, num_hidden_layers=1, num_attention_heads=4,
        intermediate_size=64, num_key_value_heads=2, num_local_experts=4,
        num_experts_per_tok=2, experts_implementation="eager")  # fmt: skip
    block = transformers.MixtralForCausalLM(config).eval().model.layers[0].mlp
    compiled = torch.compile(block, backend="stepwell", dynamic=True)
    with torch.no_grad():
        for length in (8, 13):
            x = torch.randn(2, length, 32)
            assert mismatch(block(x), compiled(x)) is None, length


def test_literal_outputs_are_out_of_the_graph_only_while_it_compiles() -> None:
    """`backend.without_literals` takes a graph's number outputs out for one compile and
    puts them back, also when that compile raises."""
    from stepwell.lowering.backend import without_literals

    graph = torch.fx.symbolic_trace(lambda x: (x * 2, 32))
    output = next(n for n in graph.graph.nodes if n.op == "output")
    with pytest.raises(RuntimeError), without_literals(graph) as literals:
        assert literals == {1: 32} and graph(torch.ones(1))[1] is None
        raise RuntimeError("a refused attempt")
    assert output.args[0][1] == 32 and graph(torch.ones(1))[1] == 32


@pytest.mark.parametrize("dtype", [torch.float32, torch.int64, torch.bool])
@pytest.mark.parametrize("dynamic", [False, True])
def test_a_returned_view_of_an_input_costs_no_kernel(dynamic: bool, dtype: torch.dtype,
                                                     tmp_path: Path) -> None:  # fmt: skip
    """An output that is a view of an input is made again from the input at run time
    (`input_views`), so the graph is compiled without it: no kernel copies it (with
    symbolic sizes one did, and its result was thrown away). The output is eager's view:
    same values, strides and storage."""
    torch._dynamo.reset()

    def fn(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return x[:, : x.shape[1] - 1], x.logical_not() if dtype == torch.bool else x * 3

    compiled = torch.compile(fn, backend="stepwell", dynamic=dynamic,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    for rows, cols in ((4, 8), (5, 9)):
        x = (torch.randn(rows, cols) * 4).to(dtype)
        (view, e), want = compiled(x), fn(x)
        assert mismatch(want, (view, e)) is None
        assert view.data_ptr() == x.data_ptr() and view.stride() == want[0].stride()
    manifests = [json.loads(p.read_text()) for p in tmp_path.rglob("manifest.json")]
    assert manifests and all(m["launches"] == 1 for m in manifests), manifests


def test_a_sum_of_sizes_is_size_arithmetic(tmp_path: Path) -> None:
    """`torch.sym_sum` (Dynamo's sum of sizes: a cat of two slices, then half of it) is
    size arithmetic like `sym_max`: the graph compiles once with symbolic sizes, all in
    kernels (it ran wholly with ATen past the specialization limit: "not an operator
    overload"; then its last slice, to the end of the cat's dim, stayed an ATen call),
    and matches eager."""
    torch._dynamo.reset()

    def fn(x: torch.Tensor) -> torch.Tensor:
        both = torch.cat([x.narrow(1, 2, x.shape[1] - 2), x[:, x.shape[1] // 2:]], dim=1)
        return torch.tanh(both[:, both.shape[1] // 2:])

    compiled = torch.compile(fn, backend="stepwell", dynamic=True,
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for cols in (9, 17, 12):
            x = torch.randn(2, cols, 3)
            assert mismatch(fn(x), compiled(x)) is None, cols
    said = " ".join(str(w.message) for w in caught)
    assert "runs a dynamic graph with ATen" not in said, said
    _assert_symbolic_only(tmp_path)


DATA_DEPENDENT_REDUCTIONS: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "x[x > 0].reshape(-1, 2).sum(1)": lambda x: x[x > 0].reshape(-1, 2).sum(1),
    "x[x > 0].view(2, -1).amax(0)": lambda x: x[x > 0].view(2, -1).amax(0),
    "x.nonzero().reshape(-1, 2).sum(1)": lambda x: x.nonzero().reshape(-1, 2).sum(1),
}


@pytest.mark.parametrize(
    "dtype", [torch.float32, torch.int64, pytest.param(torch.float16, marks=pytest.mark.full)]
)
@pytest.mark.parametrize("name", list(DATA_DEPENDENT_REDUCTIONS))
def test_a_reduction_over_a_reshape_of_a_data_dependent_size(name: str, dtype: torch.dtype) -> None:
    """With data-dependent output shapes captured, `x[x > 0]` is `[u0]`, and a reduction of
    its reshape `[u0 // 2, 2]` failed to compile ("k1_sum: no input or argument gives the
    size u0"): the kernel needs `u0`, which no input's dim is. The launch reads it from
    the tensor ATen made (`aten.sym_size`)."""
    fn = DATA_DEPENDENT_REDUCTIONS[name]
    with torch._dynamo.config.patch(capture_scalar_outputs=True,
                                    capture_dynamic_output_shape_ops=True):  # fmt: skip
        torch._dynamo.reset()
        compiled = torch.compile(fn, backend="stepwell")
        for values in ([1, -1, 2, 3, -4, 5], [2, 3, 0, 0, 7, 1, 4, 0, 5, 0]):
            x = torch.tensor(values).to(dtype)
            assert mismatch(fn(x), compiled(x)) is None, values


@pytest.mark.parametrize(
    "dtype", [torch.float32, pytest.param(torch.int64, marks=pytest.mark.full),
              pytest.param(torch.float16, marks=pytest.mark.full)]
)
def test_a_pad_of_a_data_dependent_size_at_new_sizes(dtype: torch.dtype) -> None:
    """`F.pad(x[x > 0], ...)` in a graph whose input sizes are symbolic (dynamic=True, or
    automatic dynamic at a second size) is compiled per size, and tracing it again at a
    call's sizes raised GuardOnDataDependentSymNode at run time (the pad guards on the
    data-dependent `u0`). Such a graph runs compiled once with symbolic sizes."""
    import torch.nn.functional as F

    def padded(x: torch.Tensor) -> torch.Tensor:
        return F.pad(x[x[:, 0] > 0], (0, 0, 1, 2), value=7)

    with torch._dynamo.config.patch(capture_scalar_outputs=True,
                                    capture_dynamic_output_shape_ops=True):  # fmt: skip
        for dynamic in (True, None):
            torch._dynamo.reset()
            compiled = torch.compile(padded, backend="stepwell", dynamic=dynamic)
            gen = torch.Generator().manual_seed(3)
            for n in (6, 9):
                x = (torch.randn(n, 3, generator=gen) * 4).to(dtype)
                assert mismatch(padded(x), compiled(x)) is None, (dynamic, n)
