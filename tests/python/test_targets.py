"""Cross-vendor targets: kernels compile for NVIDIA and AMD without the hardware."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def stepwell(*args: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    if cache is not None:
        env["STEPWELL_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [sys.executable, "-m", "stepwell.tools.cli", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


@pytest.mark.parametrize(  # conv and pooling; RMSNorm, rotary, GQA
    "name", ["cnn", pytest.param("llama", marks=pytest.mark.full)])
def test_kernels_compile_for_gfx942(name: str, tmp_path: Path) -> None:
    proc = stepwell("compile", f"examples/{name}.py", "--target", "hip:gfx942", "-o",
                    str(tmp_path), "--emit", "amdgcn,hsaco", cache=tmp_path / "cache")  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    for kernel in manifest["kernels"]:
        asm = (tmp_path / f"{kernel['name']}.amdgcn").read_text()
        assert "gfx942" in asm
        assert (tmp_path / f"{kernel['name']}.hsaco").read_bytes()[:4] == b"\x7fELF"
        assert not (tmp_path / f"{kernel['name']}.ptx").exists()  # --emit chose


def test_unknown_target_lists_the_valid_ones() -> None:
    proc = stepwell("compile", "examples/mlp.py", "--target", "cuda:70")
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    for valid in ("interpret", "cuda:80", "cuda:90", "hip:gfx90a", "hip:gfx942"):
        assert valid in proc.stderr


def test_second_compile_comes_from_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = stepwell("compile", "examples/mlp.py", "--target", "cuda:80", "-o",
                     str(tmp_path / "a"), cache=cache)  # fmt: skip
    assert first.returncode == 0 and "compile cache" not in first.stdout
    second = stepwell("compile", "examples/mlp.py", "--target", "cuda:80", "-o",
                      str(tmp_path / "b"), cache=cache)  # fmt: skip
    assert "3 of 3 kernels for cuda:80 came from the compile cache" in second.stdout
    for ptx in (tmp_path / "a").glob("*.ptx"):
        assert (tmp_path / "b" / ptx.name).read_text() == ptx.read_text()
        assert ".target sm_80" in ptx.read_text()


def test_explain_table_and_page(tmp_path: Path) -> None:
    page = tmp_path / "mlp.html"
    proc = stepwell("explain", "examples/mlp.py", "--target", "cuda:90", "--html", str(page),
                    cache=tmp_path / "cache")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split()[:2] == ["kernel", "fused"]
    kernels = [line for line in lines if line.startswith("k") and line.split()[0] != "kernel"]
    assert len(kernels) == 3 and all("mlp.py:" in k and "warps 4" in k for k in kernels)
    assert "3 kernels for cuda:90" in proc.stdout
    text = page.read_text()
    assert "http" not in text.replace("<!doctype html>", "")  # self-contained
    for level in ("torch", "prims", "tile", "triton"):
        assert f"<h3>{level}</h3>" in text
    assert "@triton.jit" in text and "tile.kernel @k0_" in text


def test_explain_of_a_program_without_kernels(tmp_path: Path) -> None:
    """A program whose every op stays an ATen call has no kernel row: the table is its
    header and the summary (it raised TypeError on the empty body)."""
    source = tmp_path / "aten_only.py"
    source.write_text(
        "import torch\n\n\ndef example():\n"
        "    return (lambda m: m.nonzero()), (torch.rand(6) > 0.5,)\n"
    )
    proc = stepwell("explain", str(source), cache=tmp_path / "cache")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout.splitlines()[0].split()[:2] == ["kernel", "fused"]
    assert "0 kernels for interpret" in proc.stdout and "aten.nonzero.default x1" in proc.stdout


def test_one_target_record_is_what_every_consumer_reads() -> None:
    """The CLI's --target choices, stepwell-opt's -t artifacts, --emit and compile_dump
    all come from the records in target_table.TARGETS."""
    from stepwell.lowering.triton import target_table, targets
    from stepwell.tools import cli, compile_dump, opt

    assert targets.ALL_TARGETS == target_table.ALL_TARGETS == ("interpret", *target_table.TARGETS)
    assert compile_dump.TARGETS is target_table.TARGETS
    compile_parser = cli.build_parser()._subparsers._group_actions[0].choices["compile"]  # type: ignore[union-attr]
    target_action = next(a for a in compile_parser._actions if a.dest == "target")
    assert tuple(target_action.choices) == target_table.ALL_TARGETS
    available = opt.StepwellOptMain(["--print-pipeline"]).available_targets
    for artifact, record in target_table.text_artifact_targets().items():
        assert artifact in available and artifact not in record.binary
    for record in target_table.TARGETS.values():
        assert targets.artifacts_of(record.name) == record.artifacts
        assert record.binary <= set(record.artifacts)


NEW_OPS = """
import torch


def example():
    def fn(x, i, long, q, k, v, do):
        rows = x.cumsum(-1) + x.logcumsumexp(-1) * x.cumprod(-1)
        half = x.shape[-1] // 2
        rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
        gathered = torch.gather(x, 1, i[:, None].expand(-1, 3))
        # training's attention: the forward with its log-sum-exp, then the backward
        o, lse = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu(
            q, k, v, is_causal=True)
        grads = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward(
            do, q, k, v, o, lse, 0.0, True)
        # math formulas (float64 inside, a bitcast for the sign bit of a half)
        special = torch.lgamma(x) * torch.atan2(x, rows) + torch.signbit(x.half()) + x.expm1()
        special = special + torch.special.erfinv(x.tanh()) * torch.special.bessel_y1(x.abs())
        special = special + torch.special.modified_bessel_k0(x.abs())
        special = special + torch.special.zeta(x.abs() + 1, x)
        return (rows + rotated[i], gathered, long.cumsum(-1), torch.cummax(x, -1), grads,
                special, torch.max(x, 1), torch.flip(x, [1]) * 2, torch.sort(x, 1))
    attention = tuple(torch.randn(1, 2, 80, 32) for _ in range(4))
    return fn, (torch.randn(4, 16), torch.tensor([3, 0, 1, 2]), torch.randn(2, 17000),
                *attention)
"""


@pytest.mark.parametrize("target", [pytest.param("cuda:90", marks=pytest.mark.full), "hip:gfx942"])
def test_scans_and_gathers_compile_for_gpus(target: str, tmp_path: Path) -> None:
    """tile.scan (cumsum, cumprod, associative_scan with a combine function, and a scan
    carried across the column tiles of a long row), tile.gather, training's attention
    kernels (the forward storing its log-sum-exp, the flash backward), math_rules'
    formulas (float64 math, bitcasts), arg-reductions (tl.argmax), the sort network and
    negative-stride views (a flip) compile with Triton's real back ends."""
    source = tmp_path / "new_ops.py"
    source.write_text(NEW_OPS)
    proc = stepwell("compile", str(source), "--target", target, "-o", str(tmp_path / "out"),
                    cache=tmp_path / "cache")  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["externs"] == {} and manifest["kernels"]
    kinds = [k["kind"] for k in manifest["kernels"]]
    assert kinds.count("attention") == kinds.count("attention_backward") == 1, kinds
    suffix = ".ptx" if target.startswith("cuda") else ".amdgcn"
    for kernel in manifest["kernels"]:
        assert (tmp_path / "out" / f"{kernel['name']}{suffix}").stat().st_size > 0
    if target.startswith("cuda"):  # the gathers' index checks are compiled in (debug)
        assert "__assertfail" in "".join(p.read_text() for p in (tmp_path / "out").glob("*.ptx"))


def test_a_kernel_with_index_checks_is_compiled_with_debug_on_cuda() -> None:
    """`tl.device_assert` does nothing unless Triton's `debug` is on; a kernel holding one
    gets it (without the integer-overflow asserts debug would add), as Inductor compiles
    kernels with indirect indexing; other kernels and AMD's get Triton's defaults."""
    from stepwell.lowering.triton.emitter import assert_options

    checked = 'tl.device_assert(t3, "index out of bounds (a.py:3)")'
    assert assert_options(checked, "cuda") == {"debug": True, "sanitize_overflow": False}
    assert assert_options(checked, "hip") == {}
    assert assert_options("tl.store(out_ptr + offs, x)", "cuda") == {}


def test_the_target_warp_size_sets_num_warps() -> None:
    """Pointwise and reduction kernels ask for threads: a 64-lane AMD target gets half
    the warps of a 32-lane NVIDIA one; matmul kernels keep theirs; the warp size comes
    from the target's record (target_table.TARGETS) through the default pipeline."""
    from stepwell.frontend.fx import import_program
    from stepwell.frontend.loader import export, load_example
    from stepwell.lowering.compiler import compile_module

    example = load_example(str(ROOT / "examples" / "gpt2.py"))
    warps = {}
    for target in ("cuda:90", "hip:gfx942"):
        manifest = compile_module(import_program(export(example)), target=target).manifest
        warps[target] = {k["name"]: (k["kind"], k["num_warps"]) for k in manifest["kernels"]}
    assert warps["cuda:90"].keys() == warps["hip:gfx942"].keys()  # the same kernels
    kinds = set()
    for name, (kind, nvidia) in warps["cuda:90"].items():
        amd = warps["hip:gfx942"][name][1]
        kinds.add(kind)
        assert amd == (max(1, nvidia // 2) if kind in ("pointwise", "reduction") else nvidia)
    assert {"reduction", "matmul"} <= kinds


def test_a_warp_size_no_gpu_has_is_refused() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "stepwell.tools.opt", str(ROOT / "tests/fuzz/corpus/mlp.prims.mlir"),
         "-p", "convert-prims-to-tile{warp-size=48}"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 1 and "warp-size is one of 8, 16, 32, 64, 128, not 48" in proc.stderr


TENSOR_CORE_PROGRAMS = '''
import math
import torch


def matmul_bias_gelu():
    x, w = torch.randn(4096, 4096).half(), torch.randn(4096, 4096).half()
    return (lambda x, w, b: torch.nn.functional.gelu(x @ w + b)), (x, w, torch.randn(4096).half())


def causal_attention(d=64):
    q, k, v = (torch.randn(2, 4, 1024, d, dtype=torch.bfloat16) for _ in range(3))

    def fn(q, k, v):
        s = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(d))
        n = s.shape[-1]
        s = s.masked_fill(~torch.ones(n, n, dtype=torch.bool).tril(), -math.inf)
        return torch.softmax(s.float(), dim=-1).to(q.dtype) @ v

    return fn, (q, k, v)


def causal_attention_128():
    return causal_attention(128)
'''


@pytest.mark.parametrize(
    ("name", "block", "warps"),
    [("matmul_bias_gelu", "1x128x128", 8), ("causal_attention", "1x128x64", 8),
     ("causal_attention_128", "1x128x64", 8)],
)  # fmt: skip
def test_tensor_core_kernels_do_not_spill_on_cuda90(
    name: str, block: str, warps: int, tmp_path: Path
) -> None:
    """A large half-precision matmul and a causal attention get two warp groups on their
    128-row tiles: ptxas reports no register spills (with 4 warps these tiles spill 136 to
    544 bytes a thread)."""
    program = tmp_path / "programs.py"
    program.write_text(TENSOR_CORE_PROGRAMS)
    proc = stepwell("explain", f"{program}:{name}", "--target", "cuda:90",
                    cache=tmp_path / "cache")  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    (row,) = [line for line in proc.stdout.splitlines() if line.startswith("k0_")]
    assert f" {block} " in row and f"warps {warps}," in row, row
    assert "spills 0" in row, row
