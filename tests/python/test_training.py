"""Training through `torch.compile(backend="stepwell")`: forward and backward graphs (and
optimizer steps) compiled to kernels, checked against eager's losses and gradients."""

from __future__ import annotations

import copy
import json
import os
import warnings
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from stepwell.frontend.loader import import_file
from stepwell.passes.support.foreach import foreach_decompositions

ROOT = Path(__file__).resolve().parents[2]


training = import_file(ROOT / "examples/training.py", "stepwell_training_examples")

ADAMW_STEPS = 10 if os.environ.get("STEPWELL_TEST_FULL", "") == "1" else 4
"""Steps of `test_adamw_steps_follow_eager` (`make test-full`: 10)."""


def grads_of(model: nn.Module) -> dict[str, torch.Tensor]:
    return {
        n.removeprefix("_orig_mod."): p.grad.clone()
        for n, p in model.named_parameters()
        if p.grad is not None
    }


def step(model: nn.Module, inputs: tuple[Any, ...]) -> tuple[torch.Tensor, dict[str, torch.Tensor]]:
    model.zero_grad(set_to_none=True)
    loss = model(*inputs)
    loss.backward()
    return loss.detach(), grads_of(model)


def manifests(dump: Path) -> dict[str, dict[str, Any]]:
    return {d.name: json.loads((d / "manifest.json").read_text()) for d in sorted(dump.iterdir())}


def assert_same_step(want: Any, got: Any, tol: float = 1e-4) -> None:
    (want_loss, want_grads), (loss, grads) = want, got
    assert loss.dtype == want_loss.dtype and loss.shape == want_loss.shape
    torch.testing.assert_close(loss, want_loss, atol=tol, rtol=tol)
    assert grads.keys() == want_grads.keys()
    for name, g in want_grads.items():
        assert grads[name].dtype == g.dtype and grads[name].shape == g.shape, name
        torch.testing.assert_close(grads[name], g, atol=tol, rtol=tol, msg=name)


@pytest.mark.parametrize("name", [pytest.param(m, marks=pytest.mark.full)
                                  if m in ("qwen2", "bert", "opt") else m
                                  for m in training.MODELS])  # fmt: skip
def test_zoo_training_step(name: str, tmp_path: Path) -> None:
    """One step of every zoo model: loss and every parameter's gradient match eager
    (1e-4, float32), and both the forward and the backward graph ran stepwell kernels;
    each of a transformer's two attention layers (spelled out with matmul and softmax)
    is a flash-attention kernel in the forward and one in the backward."""
    torch._dynamo.reset()
    model, inputs = training.example(name)
    want = step(model, inputs)
    compiled = torch.compile(copy.deepcopy(model), backend="stepwell",
                             options={"dump_dir": str(tmp_path)})  # fmt: skip
    assert_same_step(want, step(compiled, inputs))
    graphs = manifests(tmp_path)
    assert [g for g in graphs if g.endswith("-backward")], graphs.keys()
    assert all(m["kernels"] for m in graphs.values())
    kinds = [k["kind"] for m in graphs.values() for k in m["kernels"]]
    layers = 0 if name in ("mlp", "cnn") else 2
    assert (kinds.count("attention"), kinds.count("attention_backward")) == (layers, layers)


def test_cnn_batch_norm_in_train_mode() -> None:
    """Batch statistics in the forward, running statistics updated (a buffer mutation),
    gradients through the batch norm."""
    torch._dynamo.reset()
    model, inputs = training.example("cnn", train_mode=True)
    eager, compiled_model = model, copy.deepcopy(model)
    want = step(eager, inputs)
    got = step(torch.compile(compiled_model, backend="stepwell"), inputs)
    assert_same_step(want, got)
    bn, bn2 = eager.model.bn1, compiled_model.model.bn1
    torch.testing.assert_close(bn2.running_mean, bn.running_mean)
    torch.testing.assert_close(bn2.running_var, bn.running_var)
    assert bn2.num_batches_tracked.item() == bn.num_batches_tracked.item() == 1


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(32)
        self.fc1 = nn.Linear(32, 64)
        self.fc2 = nn.Linear(64, 32)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))


class Checkpointed(nn.Module):
    """Two blocks under `torch.utils.checkpoint` (activations recomputed in backward)."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for block in self.blocks:
            x = torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)
        return x.square().mean()


def test_fullgraph_and_checkpointing() -> None:
    """fullgraph=True on a training step, with gradient checkpointing inside; the input's
    gradient too (an input that needs grad)."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    model = Checkpointed()
    x = torch.randn(4, 8, 32, requires_grad=True)
    want = step(model, (x,))
    want_dx = x.grad.clone()
    x.grad = None
    compiled = torch.compile(copy.deepcopy(model), backend="stepwell", fullgraph=True)
    assert_same_step(want, step(compiled, (x,)))
    torch.testing.assert_close(x.grad, want_dx, atol=1e-4, rtol=1e-4)


def test_adamw_steps_follow_eager(tmp_path: Path) -> None:
    """AdamW (foreach) steps on GPT-2, model and optimizer step both compiled: the loss
    curve matches eager's (1e-4), the optimizer step is a few fused kernels (no ATen).
    `make test` runs 4 steps, `make test-full` (STEPWELL_TEST_FULL=1) 10: every step
    after the first reruns the same compiled graphs, ~5 s of Triton's interpreter each."""
    torch._dynamo.reset()
    model, inputs = training.example("gpt2")
    compiled_model = copy.deepcopy(model)

    def run(m: nn.Module, compile_it: bool) -> list[float]:
        opt = torch.optim.AdamW(m.parameters(), lr=1e-3, foreach=True)
        forward = m
        update = opt.step
        if compile_it:
            options = {"dump_dir": str(tmp_path)}
            forward = torch.compile(m, backend="stepwell", options=options)
            update = torch.compile(opt.step, backend="stepwell", options=options)
        losses = []
        for _ in range(ADAMW_STEPS):
            opt.zero_grad()
            loss = forward(*inputs)
            loss.backward()
            update()
            losses.append(loss.item())
        return losses

    want, got = run(model, False), run(compiled_model, True)
    assert want[-1] < want[0]
    torch.testing.assert_close(torch.tensor(got), torch.tensor(want), atol=1e-4, rtol=1e-4)
    for p, q in zip(model.parameters(), compiled_model.parameters(), strict=True):
        torch.testing.assert_close(q, p, atol=1e-4, rtol=1e-4)
    optimizer_graph = [m for m in manifests(tmp_path).values() if len(m["kernels"]) < 20][-1]
    assert optimizer_graph["externs"] == {}
    assert 0 < len(optimizer_graph["kernels"]) <= 10


def test_bf16_autocast_training_stays_close() -> None:
    """GPT-2 under CPU bf16 autocast: the compiled step runs and its loss and gradients
    stay within bf16's precision of eager's autocast step (the tolerance of docs/training.md:
    2e-2 on the loss, 5e-2 relative to the largest gradient)."""
    torch._dynamo.reset()
    model, inputs = training.example("gpt2")
    compiled = torch.compile(copy.deepcopy(model), backend="stepwell")
    with torch.autocast("cpu", dtype=torch.bfloat16):
        want_loss, want_grads = step(model, inputs)
        loss, grads = step(compiled, inputs)
    assert loss.dtype == want_loss.dtype
    torch.testing.assert_close(loss, want_loss, atol=2e-2, rtol=2e-2)
    for name, g in want_grads.items():
        assert grads[name].dtype == g.dtype
        scale = g.abs().max().clamp_min(1e-6)
        assert (grads[name] - g).abs().max() / scale < 5e-2, name


def test_sgd_foreach_step() -> None:
    """SGD with momentum and weight decay (foreach), the step compiled alone."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    params = [torch.randn(7, 3), torch.randn(5), torch.randn(2, 2, 2)]
    grads = [torch.randn_like(p) for p in params]

    def run(compile_it: bool) -> list[torch.Tensor]:
        ps = [nn.Parameter(p.clone()) for p in params]
        for p, g in zip(ps, grads, strict=True):
            p.grad = g.clone()
        opt = torch.optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.01, foreach=True)
        update = torch.compile(opt.step, backend="stepwell") if compile_it else opt.step
        for _ in range(3):
            update()
        return [p.detach() for p in ps]

    for got, want in zip(run(True), run(False), strict=True):
        torch.testing.assert_close(got, want, atol=1e-6, rtol=1e-6)


SINGLE_TENSOR = {
    "Adam": lambda ps: torch.optim.Adam(ps, lr=0.1, foreach=False),
    "AdamW, amsgrad": lambda ps: torch.optim.AdamW(ps, lr=0.1, amsgrad=True, foreach=False),
    "RMSprop": lambda ps: torch.optim.RMSprop(ps, lr=0.01, foreach=False),
    "Adagrad": lambda ps: torch.optim.Adagrad(ps, lr=0.1, foreach=False),
}


@pytest.mark.parametrize("name", list(SINGLE_TENSOR))
def test_single_tensor_optimizer_steps(name: str, tmp_path: Path) -> None:
    """Single-tensor optimizers (`foreach=False`: the default for CPU tensors) step as
    eager's. Their `addcmul_`/`addcdiv_` with a `value` become Inductor's `prims.fma`
    under Dynamo, with the number in a Tensor slot: the import crashed ("'aten' object
    has no attribute 'fma'"); now the number is a 0-d tensor and fma is `a * b + c`,
    compiled in kernels (no ATen call)."""
    torch.manual_seed(0)
    params = [torch.randn(7, 3), torch.randn(5)]
    grads = [torch.randn_like(p) for p in params]

    def run(compile_it: bool) -> list[torch.Tensor]:
        ps = [nn.Parameter(p.clone()) for p in params]
        opt = SINGLE_TENSOR[name](ps)
        torch._dynamo.reset()
        options = {"dump_dir": str(tmp_path)}
        step = torch.compile(opt.step, backend="stepwell", options=options) if compile_it \
            else opt.step
        for k in range(3):
            for p, g in zip(ps, grads, strict=True):
                p.grad = g * (k + 1)
            step()
        return [p.detach() for p in ps]

    for got, want in zip(run(True), run(False), strict=True):
        torch.testing.assert_close(got, want, atol=1e-5, rtol=1e-5)
    manifests = [json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")]
    assert manifests and not any("prims.fma.default" in m["externs"] for m in manifests)


def test_a_number_in_a_tensor_slot_without_a_scalar_overload(tmp_path: Path) -> None:
    """`addcmul_`/`addcdiv_` with a value on half and float64 tensors: eager's values and
    dtypes (the 0-d tensor a number becomes promotes as the number does)."""
    from stepwell.fuzz.compare import mismatch

    def fn(y: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        z = y * 1
        z.addcmul_(x, x, value=-0.5)
        z.addcdiv_(x, x.abs() + 1, value=2)
        return z

    for dtype in (torch.float32, torch.float16, torch.float64):
        x, y = torch.randn(6, dtype=dtype), torch.randn(6, dtype=dtype)
        torch._dynamo.reset()
        got = torch.compile(fn, backend="stepwell")(y, x)
        assert mismatch([fn(y, x)], [got]) is None, (dtype, mismatch([fn(y, x)], [got]))


@pytest.mark.parametrize("value", [1e-50, -0.1, 1e39])
def test_a_number_of_a_float64_op_keeps_its_precision(value: float) -> None:
    """`addcmul_`/`addcdiv_(..., value=v)` of float64 tensors (Dynamo's `prims.fma`, the
    number in a Tensor slot) compute with `v` as a double, as eager does: the number was
    a float32 tensor, so 1e-50 became 0, -0.1 lost its digits past float32's and 1e39
    raised an overflow error. Compared bit for bit."""

    def fn(p: torch.Tensor, g: torch.Tensor, a: torch.Tensor) -> torch.Tensor:
        p.addcmul_(g, a, value=value)
        return p.addcdiv_(g, a, value=value)

    p = torch.tensor([0.0, 1.0, -3.0], dtype=torch.float64)
    g = torch.tensor([1.0, 1e9, 0.3], dtype=torch.float64)
    a = torch.tensor([1.0, 1.0, 7.0], dtype=torch.float64)
    torch._dynamo.reset()
    got = torch.compile(fn, backend="stepwell")(p.clone(), g, a)
    want = fn(p.clone(), g, a)
    assert got.dtype == torch.float64
    assert torch.equal(got, want), (got, want)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_a_gradient_scaler_s_unscale_compiles(dtype: torch.dtype) -> None:
    """`_amp_foreach_non_finite_check_and_unscale_` (GradScaler's unscale): its functional
    form returns `(Tensor[], Tensor)`, a list inside the results, which the importer had
    no type for (a crash). Its results are one per tensor; the grads and `found_inf` are
    eager's, with and without a non-finite gradient."""
    from stepwell.fuzz.compare import mismatch

    def unscale(grads: list[torch.Tensor], found: torch.Tensor, inv: torch.Tensor) -> Any:
        torch._amp_foreach_non_finite_check_and_unscale_(grads, found, inv)
        return found

    for bad in (float("inf"), float("nan"), 3.0):
        grads = [torch.tensor([1.0, bad, -2.0], dtype=dtype), torch.randn(4, 2).to(dtype)]
        mine = [g.clone() for g in grads]
        found, inv = torch.zeros(1), torch.tensor([0.25])
        torch._dynamo.reset()
        got = torch.compile(unscale, backend="stepwell")(mine, found.clone(), inv)
        want = unscale(grads, found.clone(), inv)
        assert mismatch([want, *grads], [got, *mine]) is None, (bad, mismatch([want, *grads],
                                                                              [got, *mine]))


def test_a_random_op_in_a_checkpoint_compiles(tmp_path: Path) -> None:
    """A random op in a non-reentrant activation checkpoint: AOTAutograd's partitioner
    would recompute it in the backward between `run_and_save_rng_state` and
    `run_with_rng_state`, which stepwell cannot import (such graphs ran with ATen, and
    crashed before that). The partition saves the random values instead: forward and
    backward are kernels (the random numbers alone an ATen call, as for any dropout),
    nothing runs with ATen, and the recomputed dropout mask is the forward's, so the
    gradient is 4x where the output kept x and 0 elsewhere."""
    from torch.utils.checkpoint import checkpoint

    def fn(x: torch.Tensor) -> torch.Tensor:
        return checkpoint(lambda t: nn.functional.dropout(t, 0.5, True) * t, x,
                          use_reentrant=False)  # fmt: skip

    torch._dynamo.reset()
    torch.manual_seed(0)
    x = torch.randn(64, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        y = torch.compile(fn, backend="stepwell", options={"dump_dir": str(tmp_path)})(x)
        y.sum().backward()
    said = " ".join(str(w.message) for w in caught)
    assert "runs a graph with ATen" not in said, said
    kept = y != 0
    assert 0 < int(kept.sum()) < 64
    assert torch.equal(x.grad, torch.where(kept, 4 * x.detach(), 0.0))
    manifests = {p.parent.name: json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")}
    assert sorted(manifests) == ["graph0", "graph1-backward"], sorted(manifests)
    assert all(m["kernels"] for m in manifests.values())
    assert set(manifests["graph0"]["externs"]) <= {"aten.rand_like.default"}
    assert manifests["graph1-backward"]["externs"] == {}


class _Dropped(nn.Module):
    """Two blocks with dropout, each checkpointed (`checkpointed`) or not."""

    def __init__(self, checkpointed: bool) -> None:
        super().__init__()
        self.checkpointed = checkpointed
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Dropout(0.3), nn.Linear(16, 8),
                          nn.Dropout(0.2)) for _ in range(2))  # fmt: skip

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        from torch.utils.checkpoint import checkpoint

        for block in self.blocks:
            x = x + (checkpoint(block, x, use_reentrant=False) if self.checkpointed
                     else block(x))  # fmt: skip
        return x.square().mean()


def test_checkpointing_blocks_with_dropout_changes_nothing() -> None:
    """Checkpointed or not, compiled blocks with dropout draw the same random numbers and
    give the same loss and gradients (a backward that drew its masks anew, or saved the
    wrong ones, would not), with no graph left to ATen."""
    from stepwell.fuzz.compare import mismatch

    got = {}
    for checkpointed in (False, True):
        torch._dynamo.reset()
        torch.manual_seed(0)
        model = _Dropped(checkpointed).train()
        x = torch.randn(4, 8, requires_grad=True)
        torch.manual_seed(1)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            loss = torch.compile(model, backend="stepwell")(x)
            loss.backward()
        assert not [w for w in caught if "with ATen" in str(w.message)]
        got[checkpointed] = [loss.detach(), x.grad, *(p.grad for p in model.parameters())]
    assert mismatch(got[False], got[True]) is None, mismatch(got[False], got[True])


CASES = [
    ("_foreach_add.List", lambda xs, ys: (xs, ys), {"alpha": 2}),
    ("_foreach_add.Scalar", lambda xs, ys: (xs, 3.0), {}),
    ("_foreach_mul.Tensor", lambda xs, ys: (xs, torch.tensor(2.5)), {}),
    ("_foreach_addcmul.Scalar", lambda xs, ys: (xs, ys, ys, 0.5), {}),
    ("_foreach_addcdiv.ScalarList", lambda xs, ys: (xs, ys, ys, [0.5, 2.0]), {}),
    ("_foreach_addcdiv.Tensor", lambda xs, ys: (xs, ys, ys, torch.tensor([0.5, 2.0])), {}),
    ("_foreach_pow.ScalarAndTensor", lambda xs, ys: (0.9, ys), {}),
    ("_foreach_norm.Scalar", lambda xs, ys: (xs,), {}),
    ("_foreach_maximum.Scalar", lambda xs, ys: (xs, 0.0), {}),
    ("_foreach_lerp.Scalar", lambda xs, ys: (xs, ys, 0.3), {}),
    ("_foreach_sqrt.default", lambda xs, ys: (ys,), {}),
    ("_foreach_copy.default", lambda xs, ys: (xs, ys), {}),
    ("_foreach_clamp_min.ScalarList", lambda xs, ys: (xs, [0.0, 1.0]), {}),
]


@pytest.mark.parametrize(("name", "args", "kwargs"), CASES, ids=[c[0] for c in CASES])
def test_foreach_decompositions_match_aten(name: str, args: Any, kwargs: Any) -> None:
    """Each per-tensor rule gives ATen's foreach values, dtypes and shapes."""
    packet, overload = name.split(".")
    op = getattr(getattr(torch.ops.aten, packet), overload)
    torch.manual_seed(0)
    xs = [torch.randn(3), torch.randn(2, 2)]
    ys = [torch.rand(3) + 1, torch.rand(2, 2) + 1]
    want = op(*args(xs, ys), **kwargs)
    got = foreach_decompositions()[op](*args(xs, ys), **kwargs)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape
        torch.testing.assert_close(g, w)


def test_dropout_in_train_mode() -> None:
    """Dropout's random mask comes from ATen's generator (`rand_like`), the rest is
    kernels: about p of the elements are zeroed, the others scaled by 1/(1-p), and the
    backward applies the same mask; GPT-2 in train mode takes a finite step."""
    torch._dynamo.reset()
    x = torch.ones(20000, requires_grad=True)
    fn = torch.compile(lambda x: F.dropout(x, 0.25, training=True) * 3, backend="stepwell")
    y = fn(x)
    kept = y != 0
    assert abs(kept.float().mean().item() - 0.75) < 0.02
    torch.testing.assert_close(y[kept], torch.full_like(y[kept], 3 / 0.75))
    y.sum().backward()
    torch.testing.assert_close(x.grad, kept.float() * 3 / 0.75)
    model, inputs = training.example("gpt2", train_mode=True)
    loss, grads = step(torch.compile(model, backend="stepwell"), inputs)
    assert torch.isfinite(loss) and all(torch.isfinite(g).all() for g in grads.values())


def test_outputs_cse_merged_stay_tensors_of_their_own() -> None:
    """Outputs that compute the same value (`cse` makes them one) come back as distinct
    tensors: writing one leaves the other, a `detach`ed twin leaves the other's grad, and
    each output's gradient reaches the input once (hardtanh and clamp: [0, 1, 2, 1, 0]
    where one tensor for both gave [0, 2, 2, 2, 0])."""
    torch._dynamo.reset()
    a, b = torch.compile(lambda x: (x * 2, x * 2), backend="stepwell")(torch.ones(3))
    a.zero_()
    assert b.tolist() == [2.0, 2.0, 2.0]
    torch._dynamo.reset()  # (a transposed twin: another view of the one value)
    a, b = torch.compile(lambda x: (x * 2, (x * 2).t()), backend="stepwell")(torch.ones(2, 3))
    a.zero_()
    assert torch.equal(b, torch.full((3, 2), 2.0))

    torch._dynamo.reset()
    torch.manual_seed(0)
    lin = nn.Linear(4, 3)
    s, t = torch.compile(lambda x: (lin(x), lin(x).detach()), backend="stepwell")(
        torch.randn(2, 4)
    )
    assert s.requires_grad and not t.requires_grad
    s.sum().backward()
    assert lin.weight.grad is not None

    torch._dynamo.reset()
    x = torch.tensor([-3.0, -1.0, 0.0, 1.0, 3.0], requires_grad=True)
    h, c = torch.compile(lambda x: (F.hardtanh(x), x.clamp(-1, 1)), backend="stepwell")(x)
    (h.sum() + c.sum()).backward()
    want = torch.tensor([-3.0, -1.0, 0.0, 1.0, 3.0], requires_grad=True)
    (F.hardtanh(want).sum() + want.clamp(-1, 1).sum()).backward()
    assert torch.equal(x.grad, want.grad), (x.grad, want.grad)


def test_a_gradient_known_to_be_zero() -> None:
    """`sgn`'s backward of a real input is `_efficientzerotensor` alone: zeros, not a
    storage-less tensor that crashed the runtime."""
    torch._dynamo.reset()
    x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
    torch.compile(torch.sgn, backend="stepwell")(x).sum().backward()
    assert x.grad is not None and torch.equal(x.grad, torch.zeros(3))


def test_a_saved_output_is_not_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    """A training forward's saved tensors may be the same tensor as its output (`relu`
    saves its result): only the outputs a user gets are made tensors of their own (a
    saved view of an output is made again from it at run time, `input_views`), so the
    forward copies nothing, and the gradient is eager's."""
    from stepwell.lowering import launch_plan

    copies: list[int] = []
    real = launch_plan.unaliased

    def recording(outputs: Any, inputs: Any, distinct: int | None = None,
                  orders: Any = ()) -> Any:  # fmt: skip
        out = real(outputs, inputs, distinct, orders)
        copies.append(sum(a is not b for a, b in zip(outputs, out, strict=True)))
        return out

    monkeypatch.setattr(launch_plan, "unaliased", recording)  # (both runtimes call it)
    torch._dynamo.reset()
    x = torch.randn(6, requires_grad=True)
    y = torch.compile(lambda t: t.relu(), backend="stepwell")(x)
    y.sum().backward()
    assert torch.equal(x.grad, (x > 0).float())
    assert copies and copies[0] == 0, copies  # (the forward)


@pytest.mark.parametrize("conv", [nn.Conv2d(1, 4, 3, bias=False), nn.Conv1d(2, 4, 3, bias=False)])
def test_a_conv_weight_gradient_alone(conv: nn.Module) -> None:
    """A bias-free conv whose input needs no gradient: the backward's
    `convolution_backward` returns (None, grad_weight, None), one result (Wav2Vec2's
    feature encoder crashed training with 'expected Variable or None (got tuple)')."""
    torch._dynamo.reset()
    x = torch.randn(2, 1, 8, 8) if isinstance(conv, nn.Conv2d) else torch.randn(2, 2, 9)
    torch.compile(conv, backend="stepwell")(x).sum().backward()
    got = conv.weight.grad.clone()
    conv.weight.grad = None
    conv(x).sum().backward()
    torch.testing.assert_close(got, conv.weight.grad, atol=1e-5, rtol=1e-5)
