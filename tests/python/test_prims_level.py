"""Every example model, lowered to the prims level and interpreted, matches eager PyTorch."""

from __future__ import annotations

import collections

import pytest
import torch

from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import Example, export
from stepwell.ir.interpret import interpret
from stepwell.pipeline import bind_inputs, check_example, compare, lower

MODELS = {
    "mlp": "examples/mlp.py",
    "cnn": "examples/cnn.py",
    "gpt2": "examples/gpt2.py",
    "gpt2-sdpa": "examples/gpt2.py:example_sdpa",
    "bert": "examples/bert.py",
    "llama": "examples/llama.py",
}


def load(spec: str) -> Example:
    from stepwell.frontend.loader import load_example

    return load_example(spec)


@pytest.mark.parametrize("level", ["torch", "prims"])
@pytest.mark.parametrize("name", list(MODELS))
def test_model_matches_eager(name: str, level: str) -> None:
    result = check_example(load(MODELS[name]), level, atol=1e-5, rtol=1e-5)
    assert result.passed, str(result)
    if level == "torch":  # the torch level runs the very same ATen kernels
        assert result.max_abs == 0.0


def test_no_torch_ops_left_and_externs_are_few() -> None:
    example = load(MODELS["gpt2"])
    module = lower(import_program(export(example)), "prims")
    names = collections.Counter(op.name for op in module.walk())
    assert not [n for n in names if n.startswith("torch.")]
    assert names["prims.matmul"] >= 2 * 4 + 1  # qkv, proj, fc, proj per layer + lm head
    # embedding lookups stay ATen calls; everything else is a primitive
    externs = {op.callee.data for op in module.walk() if op.name == "prims.extern"}
    assert externs <= {"aten.index.Tensor"}, externs


def test_sdpa_legal_becomes_one_attention_per_layer() -> None:
    example = load(MODELS["gpt2-sdpa"])
    ep = export(example)
    module = lower(import_program(ep), "prims", legal_ops=["scaled_dot_product_attention"])
    attention = [op for op in module.walk() if op.name == "prims.attention"]
    assert len(attention) == 2  # two layers
    with torch.no_grad():
        expected = [example.fn(*example.inputs)]
        got = interpret(module, *bind_inputs(module, ep, example.inputs))
    max_abs, _, ok = compare(got, expected, 1e-5, 1e-5)
    assert ok, max_abs


def test_cse_keeps_random_externs_apart_and_merges_functional_ones() -> None:
    """An extern with results is functional, so xDSL's cse may merge two alike; two
    `rand_like` calls are two different tensors (ATen's nondeterministic_seeded tag)."""
    from xdsl.transforms.common_subexpression_elimination import cse

    from stepwell.ir.printing import parse_module

    t = "tensor<4xf32>"
    text = "".join(
        f'%{n} = prims.extern "{callee}"(%x) {{args = [#torch.sym<0>]}} : ({t}) -> {t}\n'
        for n, callee in [("a", "aten.rand_like.default"), ("b", "aten.rand_like.default"),
                          ("c", "aten.relu.default"), ("d", "aten.relu.default")]
    )  # fmt: skip
    module = parse_module(
        f"func.func @f(%x: {t}) -> ({t}, {t}, {t}, {t}) {{\n{text}"
        f"func.return %a, %b, %c, %d : {t}, {t}, {t}, {t}\n}}\n"
    )
    cse(module)
    callees = [op.callee.data for op in module.walk() if op.name == "prims.extern"]
    assert callees == ["aten.rand_like.default", "aten.rand_like.default", "aten.relu.default"]


def _int_dtype_reductions(
    i: torch.Tensor, b: torch.Tensor, c: torch.Tensor
) -> tuple[torch.Tensor, ...]:
    return (
        i.sum(-1, dtype=torch.int32),
        i.prod(-1, dtype=torch.int32),
        i.cumsum(-1, dtype=torch.int32),
        b.sum(-1, dtype=torch.int32),
        b.cumsum(-1, dtype=torch.int16),
        c.sum(-1, dtype=torch.int8),
        c.cumsum(-1, dtype=torch.int8),
    )


@pytest.mark.parametrize("level", ["prims", "tile"])
def test_integer_reductions_keep_the_requested_dtype_and_wrap(level: str) -> None:
    """Eager prims widen int32 sums/scans to int64; the reference interpreter gives each
    result the IR's declared type, wrapping as the program's `dtype=` does in eager."""
    i = torch.tensor([[2**30, 2**30, 2**30], [-7, 3, 100000]], dtype=torch.int32)
    b = torch.tensor([[True, True, False], [True, True, True]])
    c = torch.tensor([[100, 100, 100], [-128, -1, 5]], dtype=torch.int8)
    example = Example(_int_dtype_reductions, (i, b, c), "test")
    result = check_example(example, level, atol=0, rtol=0)
    assert result.passed and result.max_abs == 0.0, str(result)
    ep = export(example)
    module = lower(import_program(ep), "prims")
    outputs = interpret(module, *bind_inputs(module, ep, example.inputs))
    expected = _int_dtype_reductions(i, b, c)
    assert [o.dtype for o in outputs] == [e.dtype for e in expected]
    assert int(outputs[0][0]) == -(2**30)  # 3 * 2**30 wraps in int32


def _add_in_place_then_double(y: torch.Tensor) -> torch.Tensor:
    y.add_(1)
    return y * 2


def _wrong_on_purpose(y: torch.Tensor) -> torch.Tensor:
    return y * 2


def test_check_gives_each_side_its_own_inputs() -> None:
    """An input written in place by eager must not change what the compiled side reads."""
    y = torch.zeros(3)
    result = check_example(Example(_add_in_place_then_double, (y,), "test"), "prims")
    assert result.passed and result.max_abs == 0.0, str(result)
    assert torch.equal(y, torch.zeros(3))  # the caller's tensor is left alone


def test_check_fails_on_a_different_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The negative control: the compared side really is the lowered program."""
    import stepwell.pipeline as pipeline

    real_run = pipeline.run
    monkeypatch.setattr(
        pipeline, "run", lambda m, a, level: tuple(o + 1 for o in real_run(m, a, level))
    )
    result = check_example(Example(_wrong_on_purpose, (torch.ones(3),), "test"), "prims")
    assert not result.passed and result.max_abs == 1.0
