"""The full pipeline (torch -> prims -> tile -> Triton) against eager PyTorch.

Kernels run in Triton's interpreter on CPU (conftest.py sets TRITON_INTERPRET=1), through
`torch.compile(backend="stepwell")`, the entry point users take.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F

from stepwell.frontend.loader import load_example
from stepwell.fuzz.compare import mismatch

ROOT = Path(__file__).resolve().parents[2]
MODELS = ["mlp", "cnn", "gpt2", "bert", "llama", "qwen2", "opt"]


def assert_matches(out, ref, tol: float = 1e-4) -> None:
    outs = out if isinstance(out, tuple | list) else (out,)
    refs = ref if isinstance(ref, tuple | list) else (ref,)
    assert len(outs) == len(refs)
    for a, b in zip(outs, refs, strict=True):
        assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, a.shape, b.dtype, b.shape)
        torch.testing.assert_close(a, b, atol=tol, rtol=tol, equal_nan=True)


@pytest.mark.parametrize("name", MODELS)
def test_model_through_torch_compile(name: str) -> None:
    example = load_example(str(ROOT / "examples" / f"{name}.py"))
    torch._dynamo.reset()
    with torch.no_grad():
        ref = example.fn(*example.inputs)
        out = torch.compile(example.fn, backend="stepwell")(*example.inputs)
    assert_matches(out, ref)


X = torch.randn(8, 100, generator=torch.Generator().manual_seed(0))
Y = torch.randn(100, generator=torch.Generator().manual_seed(1))
W = torch.randn(100, generator=torch.Generator().manual_seed(2))

FUNCTIONS = {
    "softmax": (lambda x: torch.softmax(x, -1), (X,)),
    "log_softmax": (lambda x: torch.log_softmax(x, -1), (X,)),
    "layer_norm": (lambda x, w, b: F.layer_norm(x, (100,), w, b), (X, W, Y)),
    "rms_norm": (lambda x, w: x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w, (X, W)),
    "gelu": (F.gelu, (X,)),
    "gelu_tanh": (lambda x: F.gelu(x, approximate="tanh"), (X,)),
    "silu_mul": (lambda x, y: F.silu(x) * y, (X, Y)),
    "var_mean": (lambda x: torch.var_mean(x, dim=1), (X,)),
    "cumsum": (lambda x: torch.cumsum(x, 1), (X,)),
    "argmax": (lambda x: torch.argmax(x, 1), (X,)),
    "masked_fill": (lambda x: x.masked_fill(x > 0.5, float("-inf")), (X,)),
    "transposed_input": (lambda x: (x.t() * 2).sum(0), (X,)),
    "sliced_input": (lambda x: x[:, 10:60:2] + 1, (X,)),
    "int64_output": (lambda x: (x * 10).long() + 3, (X,)),
    "bool_output": (lambda x, y: (x > y) & (x < 1.0), (X, Y)),
    "to_bfloat16": (lambda x: (x * 3.3).to(torch.bfloat16), (X,)),  # rounds to nearest even
    "zero_size_dim": (lambda x: x[:, :0] * 2, (X,)),
    "sum_dim0": (lambda x: x.sum(0), (X,)),
    "mean_all": (lambda x: x.mean(), (X,)),
}


LONG = torch.randn(3, 20000, generator=torch.Generator().manual_seed(3))
W_LONG = torch.randn(20000, generator=torch.Generator().manual_seed(4))
FUNCTIONS.update(
    {  # rows longer than one tile: looped multi-pass kernels
        "long_softmax": (lambda x: torch.softmax(x, -1), (LONG,)),
        "long_layer_norm": (lambda x, w: F.layer_norm(x, (20000,), w, w), (LONG, W_LONG)),
        "long_var_mean": (lambda x: torch.var_mean(x, -1), (LONG,)),
        "long_amax_nan": (lambda x: x.amax(-1), (LONG.masked_fill(LONG > 3.5, float("nan")),)),
        "int32_amax": (lambda x: x.amax(1), ((X * 50).to(torch.int32),)),
        "reciprocal_log1p": (lambda x: torch.reciprocal(x) + torch.log1p(x.abs()), (X,)),
        "fmod_remainder": (lambda x, y: torch.fmod(x, y) + torch.remainder(x, y), (X * 5, Y)),
        "sum_of_scalar": (lambda x: x.sum(0, keepdim=True), (X[0, 0],)),
        "tensor_constant": (lambda x: x + torch.tensor(2.0), (X,)),
        "index_constant": (lambda x: x[[1, 2]], (X,)),
    }
)


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_function_through_torch_compile(name: str) -> None:
    fn, args = FUNCTIONS[name]
    torch._dynamo.reset()
    assert_matches(torch.compile(fn, backend="stepwell")(*args), fn(*args))


def test_stepwell_compile_dumps_every_level(tmp_path: Path) -> None:
    import stepwell

    fn, args = FUNCTIONS["layer_norm"]
    compiled = stepwell.compile(fn, dump_dir=tmp_path)
    assert_matches(compiled(*args), fn(*args))
    graph = tmp_path / "graph0"
    for level in ("torch", "prims", "tile"):
        assert (graph / f"{level}.mlir").read_text().startswith("builtin.module")
    assert "@triton.jit" in (graph / "kernels.py").read_text()
    manifest = json.loads((graph / "manifest.json").read_text())
    (kernel,) = manifest["kernels"]  # layer_norm is one kernel
    assert kernel["kind"] == "reduction" and "prims.var" in kernel["fused"]
    # reads x (8x100) and w, b (100 each) once, writes y once: all f32
    assert kernel["bytes_read"] == 4 * (800 + 100 + 100)
    assert kernel["bytes_written"] == 4 * 800


# one model per family of kernels (MLP; convolution and pooling; layer norm, GELU and
# causal attention; RMSNorm, rotary embeddings and GQA): BERT, Qwen2 and OPT repeat
# them. `benchmarks/compile_latency.py` compiles every zoo model's kernels for cuda:90;
# `make test` compiles the MLP's (the others run under `make test-full`; test_targets.py
# and test_copy_stores.py compile gathers, scans, attention and copies for both GPUs).
GPU_MODELS = ["mlp", pytest.param("cnn", marks=pytest.mark.full),
              pytest.param("gpt2", marks=pytest.mark.full),
              pytest.param("llama", marks=pytest.mark.full)]  # fmt: skip


@pytest.mark.parametrize("name", GPU_MODELS)
def test_kernels_compile_for_cuda_90(name: str, tmp_path: Path) -> None:
    """Code only the interpreter accepts is caught: every kernel goes through
    triton.compile for an H100-class target (no GPU needed)."""
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    proc = subprocess.run(
        [sys.executable, "-m", "stepwell.tools.cli", "compile", f"examples/{name}.py",
         "--target", "cuda:90", "-o", str(tmp_path), "--emit", "ptx"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["kernels"]
    for kernel in manifest["kernels"]:
        ptx = (tmp_path / f"{kernel['name']}.ptx").read_text()
        assert ".target sm_90" in ptx
        assert kernel["target"]["num_warps"] == kernel["num_warps"]


REDUCTIONS_OF_ONE = {  # 0-d tensors, dims = [], keepdim over a unit dim: no reduction left
    "sum_0d": (lambda x: x.sum() + x.sum(0, keepdim=True), torch.tensor(-1.5)),
    "mean_0d_nan": (lambda x: x.mean() * 2, torch.tensor(float("nan"))),
    "amax_amin_unit": (lambda x: x.amax(1) - x.amin(1, keepdim=True), torch.randn(4, 1)),
    "int_prod_unit": (lambda x: x.prod(0) * 3, torch.tensor([[2, -7, 5]], dtype=torch.int32)),
    "bool_all_any_0d": (lambda x: (x.all(), x.any(0)), torch.tensor(True)),
    "loss_of_one": (lambda x, y: F.mse_loss(x, y), torch.tensor(0.5), torch.tensor(-2.0)),
}


@pytest.mark.parametrize("name", list(REDUCTIONS_OF_ONE))
def test_a_reduction_of_one_element_is_its_operand(name: str, tmp_path: Path) -> None:
    """Values, dtype, shape and NaN as eager; every op in kernels (no graph-level sum)."""
    fn, *args = REDUCTIONS_OF_ONE[name]
    torch._dynamo.reset()
    want = fn(*args)
    got = torch.compile(fn, backend="stepwell", options={"dump_dir": str(tmp_path)})(*args)
    assert mismatch(want, got) is None, mismatch(want, got)
    for manifest in tmp_path.glob("*/manifest.json"):
        graph_ops = json.loads(manifest.read_text())["graph_level_prims"]
        assert not {"prims.sum", "prims.prod", "prims.amax", "prims.amin"} & set(graph_ops)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int32])
def test_round_is_half_to_even_in_a_kernel(dtype: torch.dtype, tmp_path: Path) -> None:
    """torch.round: ties to even, large values and infinities unchanged, NaN kept, the
    sign of a zero result kept; integers unchanged; one kernel, no ATen call."""
    values = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, -0.3, 0.3, 2.6, -2.6, 1000.5, float("nan"),
              float("inf"), -float("inf"), 2**23 + 1, -(2**24) - 2, 0.0, -0.0]  # fmt: skip
    x = torch.tensor(values if dtype.is_floating_point else [3, -4, 0, 7], dtype=dtype)
    if dtype == torch.float16:
        x = x[torch.isfinite(x) & (x.abs() < 60000) | x.isnan() | x.isinf()]
    torch._dynamo.reset()
    want = torch.round(x) * 1
    got = torch.compile(lambda t: torch.round(t) * 1, backend="stepwell",
                        options={"dump_dir": str(tmp_path)})(x)  # fmt: skip
    assert mismatch(want, got) is None, mismatch(want, got)
    if dtype.is_floating_point:
        assert torch.equal(torch.signbit(got), torch.signbit(want))
    (manifest,) = [json.loads(p.read_text()) for p in tmp_path.glob("*/manifest.json")]
    assert manifest["externs"] == {} and "prims.round" not in manifest["graph_level_prims"]


@pytest.mark.parametrize("native", [True, False])
def test_f64_matmul_with_and_without_a_native_f64_dot(native: bool) -> None:
    """Triton before 3.9 cannot compile an f64 `tl.dot`; the kernels call
    `_stepwell_dot_f64`, which is `tl.dot` from Triton 3.9 on and an FMA sum before. Both
    branches against eager (the flag is the kernels module's global, read at launch)."""
    import triton.language as tl

    from stepwell.frontend.fx import import_program
    from stepwell.frontend.loader import Example, export
    from stepwell.lowering.compiler import compile_module
    from stepwell.lowering.runtime import Runtime
    from stepwell.pipeline import bind_inputs

    def fn(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return x @ y + 1

    a, b = torch.randn(40, 70, dtype=torch.float64), torch.randn(70, 50, dtype=torch.float64)
    ep = export(Example(fn, (a, b), "fn"))
    artifacts = compile_module(import_program(ep))
    assert "_stepwell_dot_f64(" in artifacts.source
    runtime = Runtime(artifacts.module, artifacts.source)
    for kernel in runtime.kernels(True).values():
        kernel.fn.__globals__["_STEPWELL_F64_DOT"] = tl.constexpr(native)
    (out,) = runtime(*bind_inputs(artifacts.module, ep, (a, b)))
    assert out.dtype == torch.float64
    torch.testing.assert_close(out, fn(a, b), rtol=1e-12, atol=1e-12)
