"""Errors a user can cause end in one located message and exit status 1, never a traceback.

The messages themselves are checked by the lit tests (tests/filecheck/cli, diagnostics);
these tests pin the exit status and that stderr is nothing but the message.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from stepwell.tools import cli, opt

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
ERRORS = REPO / "tests" / "filecheck" / "cli" / "import-errors.py"
MALFORMED = REPO / "tests" / "filecheck" / "diagnostics" / "malformed-exit.mlir"


def run(*argv: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """Run an installed command in a fresh process (slow: each one imports torch)."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run(
        [str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, cwd=cwd, env=env
    )


def call(argv: tuple[str, ...], capfd: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run a command's `main` in this process: (exit status, stdout, stderr)."""
    main = {"stepwell": cli.main, "stepwell-opt": opt.main}[argv[0]]
    try:
        main(list(argv[1:]))
        status = 0
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else int(e.code is not None)
    out, err = capfd.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("stepwell-opt", str(MALFORMED)),
            f"{MALFORMED}:13:39: error: Expected ':'",
        ),
        (("stepwell-opt", "missing.mlir"), "missing.mlir: error: no such file"),
        (
            ("stepwell-opt", str(MALFORMED), "-p", "no-such-pass"),
            "stepwell-opt: error: Unrecognized passes: ['no-such-pass']",
        ),
        (
            ("stepwell-opt", str(MALFORMED), "--load-plugin", "nope.py"),
            "nope.py: error: plugin file not found",
        ),
        (("stepwell", "import", "missing.py"), "missing.py: error: no such file"),
        (
            ("stepwell", "import", f"{ERRORS}:nope"),
            f"{ERRORS}: error: no function 'nope' (callables defined there: branchy, example, "
            "example_bad_return, example_cond, example_raises)",
        ),
        (
            ("stepwell", "import", f"{ERRORS}:example_raises"),
            f"{ERRORS}:example_raises: error: calling example_raises() failed: "
            "RuntimeError('no weights here')",
        ),
        (
            ("stepwell", "import", f"{ERRORS}:example_bad_return"),
            f"{ERRORS}:example_bad_return: error: example_bad_return() must return "
            "(callable_or_module, inputs_tuple)",
        ),
    ],
    ids=[
        "opt-malformed",
        "opt-no-file",
        "opt-no-pass",
        "opt-no-plugin",
        "import-no-file",
        "import-no-name",
        "import-name-raises",
        "import-bad-return",
    ],
)
def test_user_error_is_one_message_and_exit_1(
    argv: tuple[str, ...], message: str, capfd: pytest.CaptureFixture[str]
) -> None:
    status, out, err = call(argv, capfd)
    assert (status, out) == (1, "")
    assert "Traceback" not in err
    assert err.splitlines()[0] == message
    if argv[0] == "stepwell":  # the malformed-text case adds context lines, see below
        assert err == message + "\n"


@pytest.mark.parametrize(
    "argv",
    [("stepwell-opt", "tests/filecheck/diagnostics/malformed-exit.mlir"), ("stepwell", "import")],
)
def test_installed_commands_exit_nonzero_without_traceback(argv: tuple[str, ...]) -> None:
    result = run(*argv)
    assert result.returncode == (1 if argv[0] == "stepwell-opt" else 2)  # 2: argparse usage
    assert result.stderr and "Traceback" not in result.stderr


def test_malformed_text_shows_the_line_with_a_caret(capfd: pytest.CaptureFixture[str]) -> None:
    lines = call(("stepwell-opt", str(MALFORMED)), capfd)[2].splitlines()
    assert lines[1:] == [
        "  %0 = torch.aten.relu %a {alpha = 1} tensor<4xf32>",
        " " * 38 + "^^^^^^",
        " " * 38 + "Expected ':'",
    ]


def test_export_rejection_exits_1_without_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(("stepwell", "import", str(ERRORS)), capfd)
    assert (status, out) == (1, "")
    assert "Traceback" not in err
    assert f"{ERRORS}: error: torch.export rejected the program: " in err.splitlines()[-1]


def test_export_rejection_is_only_stepwells_message(capfd: pytest.CaptureFixture[str]) -> None:
    err = call(("stepwell", "import", str(ERRORS)), capfd)[2]
    assert len(err.splitlines()) == 1


def test_function_example_ops_point_at_the_function(capfd: pytest.CaptureFixture[str]) -> None:
    example = REPO / "tests" / "filecheck" / "cli" / "import.py"
    status, out, _ = call(("stepwell", "import", f"{example}:example_fn"), capfd)
    assert status == 0
    locs = [line.rsplit("loc(", 1)[1] for line in out.splitlines() if "loc(" in line]
    assert locs and all(loc.startswith(f'"{example}":') for loc in locs)


def test_import_writes_output_file(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    mlir = tmp_path / "mlp.mlir"
    status, out, _ = call(
        ("stepwell", "import", str(REPO / "examples" / "mlp.py"), "-o", str(mlir)), capfd
    )
    assert (status, out) == (0, "")
    text = mlir.read_text()
    assert text.startswith("builtin.module {\n  func.func @forward(")
    # the written file is valid input for stepwell-opt, and prints back identically
    status, out, err = call(("stepwell-opt", str(mlir), "--print-debuginfo"), capfd)
    assert status == 0, err
    assert out.replace(" loc(unknown)", "").rstrip("\n") == text.rstrip("\n")


CORPUS = REPO / "tests" / "fuzz" / "corpus"


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (("stepwell-opt", "{empty}"), 1, "{empty}: error: the input is empty: expected MLIR text"),
        (("stepwell-opt", "{tmp}"), 1, "{tmp}: error: is a directory, not an MLIR file"),
        (("stepwell-opt", str(CORPUS / "mlp.torch.mlir"), "-o", "{tmp}/no/dir/out.mlir"), 1,
         "{tmp}/no/dir/out.mlir: error: no such file"),
        (("stepwell-opt", str(CORPUS / "mlp.torch.mlir"), "-t", "triton"), 1,
         f"{CORPUS / 'mlp.torch.mlir'}: error: -t triton takes tile-level IR and it is at the "
         "torch level: lower it with -p decompose-torch-to-prims,convert-prims-to-tile first"),
        (("stepwell-opt", str(CORPUS / "mlp.prims.mlir"), "-t", "ptx"), 1,
         f"{CORPUS / 'mlp.prims.mlir'}: error: -t ptx takes tile-level IR and it is at the "
         "prims level"),
        (("stepwell-opt", str(CORPUS / "mlp.torch.mlir"), "-p", "convert-prims-to-tile"), 1,
         f"{CORPUS / 'mlp.torch.mlir'}: error: convert-prims-to-tile takes prims-level IR, but "
         "'torch.aten.linear' is at the torch level: run decompose-torch-to-prims first"),
        (("stepwell-opt", str(CORPUS / "mlp.tile.mlir"), "-p", "decompose-torch-to-prims"), 1,
         f"{CORPUS / 'mlp.tile.mlir'}: error: decompose-torch-to-prims takes torch-level IR, but "
         "the module is already at the tile level"),
        (("stepwell-opt", str(CORPUS / "mlp.torch.mlir"), "-p",
          "decompose-torch-to-prims{legal-ops=not_an_op}"), 1,
         f"{CORPUS / 'mlp.torch.mlir'}: error: legal-ops: not_an_op: not an op stepwell keeps "
         "whole (known: scaled_dot_product_attention)"),
        (("stepwell", "import", "{tmp}"), 1, "{tmp}: error: is a directory, not a Python file"),
        (("stepwell", "compile", "examples/mlp.py", "--target", "cuda:90", "--emit", "bogus"), 2,
         "stepwell: error: --emit bogus: cuda:90 makes ttir, ttgir, llir, ptx, cubin"),
        (("stepwell", "compile", "examples/mlp.py", "--emit", "ptx"), 2,
         "stepwell: error: --emit needs a GPU --target (interpret makes only kernels.py)"),
        (("stepwell", "compile", "examples/mlp.py", "--legal-ops", "not_an_op"), 2,
         "stepwell: error: --legal-ops not_an_op: not an op stepwell keeps whole (known: "
         "scaled_dot_product_attention)"),
        (("stepwell", "compile", "examples/mlp.py", "-o", "{file}"), 1,
         "stepwell: error: {file}: File exists"),
        (("stepwell", "lower", "examples/mlp.py", "-o", "{tmp}"), 1,
         "stepwell: error: {tmp}: Is a directory"),
    ],
    ids=["opt-empty", "opt-directory", "opt-bad-output", "opt-triton-on-torch",
         "opt-ptx-on-prims", "opt-tile-pass-on-torch", "opt-decompose-on-tile",
         "opt-legal-ops", "import-directory", "emit-bogus", "emit-without-gpu",
         "legal-ops", "output-is-a-file", "output-is-a-directory"],
)  # fmt: skip
def test_path_level_and_option_errors_are_one_line(
    argv: tuple[str, ...],
    status: int,
    message: str,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    empty, file = tmp_path / "empty.mlir", tmp_path / "a-file"
    empty.write_text("// only a comment\n")
    file.write_text("x")
    fill = {"{tmp}": str(tmp_path), "{empty}": str(empty), "{file}": str(file)}

    def filled(text: str) -> str:
        for key, value in fill.items():
            text = text.replace(key, value)
        return text

    got_status, out, err = call(tuple(filled(a) for a in argv), capfd)
    assert got_status == status and "Traceback" not in err
    lines = [line for line in err.splitlines() if not line.startswith("usage:")]
    assert lines[0].startswith(filled(message)), err


def test_a_result_type_its_operands_contradict_is_refused(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Found by the mutant fuzzer: flatten's declared result disagreed with its operand,
    the linear after it became an extern claiming a result ATen never makes, and every
    pass accepted the module. Decomposition now checks what each op computes."""
    mlir = tmp_path / "flatten.mlir"
    mlir.write_text(
        "func.func @f(%x: tensor<2x16x1x1xf32>, %w: tensor<10x16xf32>, %b: tensor<10xf32>) "
        "-> tensor<2x10xf32> {\n"
        "  %0 = torch.aten.flatten.using_ints %x {start_dim = -2 : i64} : "
        '(tensor<2x16x1x1xf32>) -> tensor<2x16xf32> loc("m.py":3:9)\n'
        "  %1 = torch.aten.linear %0, %w, %b : (tensor<2x16xf32>, tensor<10x16xf32>, "
        "tensor<10xf32>) -> tensor<2x10xf32>\n"
        "  func.return %1 : tensor<2x10xf32>\n}\n"
    )
    status, out, err = call(("stepwell-opt", str(mlir), "-p", "decompose-torch-to-prims"), capfd)
    assert (status, out) == (1, "") and "Traceback" not in err
    assert err.splitlines()[-1] == (
        f"{mlir}: error: m.py:3:9: 'torch.aten.flatten.using_ints' declares result #0 as "
        "tensor<2x16xf32> but its operands make it tensor<2x16x1xf32>"
    )


def test_operands_aten_rejects_are_refused_with_a_location(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Found by the mutant fuzzer (seed 9300249): a pooling window wider than its input
    cannot be traced, and the op was kept as an extern (exit 0, a PyTorch traceback in the
    log) that would fail only when run. ATen's meta function is now asked; its message is
    the error, at the op's location."""
    mlir = tmp_path / "pool.mlir"
    mlir.write_text(
        "func.func @f(%x: tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32> {\n"
        "  %0 = torch.aten.max_pool2d %x {kernel_size = [2 : i64, 64 : i64], stride = "
        '[2 : i64, 2 : i64]} : (tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32> loc("m.py":4:2)\n'
        "  func.return %0 : tensor<2x8x8x8xf32>\n}\n"
    )
    assert refused_by_opt(mlir, capfd, "decompose-torch-to-prims") == (
        f"{mlir}: error: m.py:4:2: 'torch.aten.max_pool2d': ATen rejects its operands: Given "
        "input size: (8x16x16). Calculated output size: (8x8x-23). Output size is too small"
    )


def refused_by_opt(mlir: Path, capfd: pytest.CaptureFixture[str], passes: str) -> str:
    """Run stepwell-opt with `passes` on `mlir`: it must exit 1 with no output and no
    traceback; returns the last line of its stderr (the located error)."""
    status, out, err = call(("stepwell-opt", str(mlir), "-p", passes), capfd)
    assert (status, out) == (1, "") and "Traceback" not in err, err
    return err.splitlines()[-1]


def test_a_metadata_assert_its_operand_contradicts_is_refused(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Found by the mutant fuzzer (seed 9500317): an `_assert_tensor_metadata` whose dtype
    contradicts its operand was dropped silently (eager raises on it)."""
    mlir = tmp_path / "assert.mlir"
    mlir.write_text(
        "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  torch.aten._assert_tensor_metadata %x {dtype = i1} : (tensor<4xf32>) -> () "
        'loc("m.py":3:2)\n'
        "  %0 = torch.aten.neg %x : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  func.return %0 : tensor<4xf32>\n}\n"
    )
    assert refused_by_opt(mlir, capfd, "decompose-torch-to-prims") == (
        f"{mlir}: error: m.py:3:2: 'torch.aten._assert_tensor_metadata': asserts dtype i1, "
        "but its operand is tensor<4xf32>"
    )


def test_an_extern_result_aten_contradicts_is_refused_at_the_prims_level(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Found by the mutant fuzzer (seed 9500174): a `prims.extern` declaring 8 elements
    where ATen returns 4 went through to the kernels, which read past the buffer."""
    mlir = tmp_path / "extern.mlir"
    mlir.write_text(
        "func.func @f(%x: tensor<4xf32>) -> tensor<8xf32> {\n"
        '  %0 = prims.extern "aten.neg.default"(%x) {args = [#torch.sym<0>]} : '
        '(tensor<4xf32>) -> tensor<8xf32> loc("m.py":5:3)\n'
        "  %1 = prims.add %0, %0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>\n"
        "  func.return %1 : tensor<8xf32>\n}\n"
    )
    assert refused_by_opt(mlir, capfd, "convert-prims-to-tile") == (
        f"{mlir}: error: m.py:5:3: 'prims.extern' (aten.neg.default) declares result #0 as "
        "tensor<8xf32> but ATen makes it tensor<4xf32>"
    )


LOOKALIKE = '''
import torch
def f(q, k, v):
    p = torch.softmax(q @ k.transpose(-1, -2), -1)
    return torch.cat([p @ v, p], -1)  # the probabilities are returned too
def g(q, k, v):
    return torch.softmax(q @ k.transpose(-1, -2) / 4, -1) @ v
def example():
    return f, tuple(torch.randn(1, 2, 8, 8) for _ in range(3))
def fused():
    return g, tuple(torch.randn(1, 2, 8, 8) for _ in range(3))
'''


def test_compile_verbose_says_why_a_look_alike_is_not_fused(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """`stepwell compile -v`: each attention fused, and each look-alike left unfused with
    the reason (the remark names the line of the user's code)."""
    program = tmp_path / "lookalike.py"
    program.write_text(LOOKALIKE)
    status, out, err = call(("stepwell", "compile", str(program), "-v", "-o",
                             str(tmp_path / "a")), capfd)  # fmt: skip
    assert status == 0, err
    assert f'not fused at loc("{program}":5:' in err and "used outside the attention" in err
    status, out, err = call(("stepwell", "compile", f"{program}:fused", "-v", "-o",
                             str(tmp_path / "b")), capfd)  # fmt: skip
    assert status == 0, err
    assert f'fused attention at loc("{program}":7:' in err
    status, out, err = call(("stepwell", "compile", f"{program}:fused", "-o",
                             str(tmp_path / "c")), capfd)  # fmt: skip
    assert "fuse-attention:" not in err  # quiet without -v


def test_compile_with_a_dynamic_dim_makes_symbolic_kernels(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`stepwell compile --dynamic 0:0`: torch.export with the batch dynamic, and kernels
    that take it as an argument (grids are expressions of it), with no ATen call."""
    import json

    monkeypatch.setenv("STEPWELL_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "out"
    argv = ("stepwell", "compile", str(REPO / "examples" / "mlp.py"), "--dynamic", "0:0",
            "-o", str(out))  # fmt: skip
    status, printed, err = call(argv, capfd)
    assert status == 0, err
    assert "3 kernels, 3 launches, 0 ATen calls" in printed
    manifest = json.loads((out / "manifest.json").read_text())
    assert all(len(k["symbols"]) == 1 and isinstance(k["grid"][0], str)
               for k in manifest["kernels"])  # fmt: skip
    assert "sym_" in (out / "kernels.py").read_text()


def test_compile_a_function_with_a_dynamic_dim(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--dynamic` of a program that is a plain function (not a module): torch.export sees
    it through a wrapper whose `*args` is one argument, so the dims are nested for it
    (export rejected the program before). Its last row, a slice whose start is a size,
    is a kernel too."""
    monkeypatch.setenv("STEPWELL_CACHE_DIR", str(tmp_path / "cache"))
    program = tmp_path / "last.py"
    program.write_text(
        "import torch\n\n\ndef f(x):\n    return x[:, -1] * 2\n\n\n"
        "def example():\n    return f, (torch.randn(3, 8, 5),)\n"
    )
    status, printed, err = call(("stepwell", "compile", str(program), "--dynamic", "0:1",
                                 "-o", str(tmp_path / "out")), capfd)  # fmt: skip
    assert status == 0, err
    assert "1 kernels, 1 launches, 0 ATen calls" in printed, printed
    assert '["s' in (tmp_path / "out" / "torch.mlir").read_text()  # (the length symbolic)


@pytest.mark.parametrize("value, why", [("x", "expected INPUT:DIM"),
                                        ("0:5", "no tensor input with that dim")])  # fmt: skip
def test_a_bad_dynamic_dim_is_one_message(
    value: str, why: str, capfd: pytest.CaptureFixture[str]
) -> None:
    status, _, err = call(("stepwell", "compile", str(REPO / "examples" / "mlp.py"),
                           "--dynamic", value), capfd)  # fmt: skip
    assert status != 0 and why in err and "Traceback" not in err


def test_compile_names_what_stays_at_graph_level(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An op no kernel computes (an integer power by a tensor) runs at graph level as an ATen
    kernel: the summary line names it, as it names ATen calls; a program without one says
    nothing of it."""
    monkeypatch.setenv("STEPWELL_CACHE_DIR", str(tmp_path / "cache"))
    program = tmp_path / "ipow.py"
    program.write_text("import torch\n\ndef example():\n"
                       "    return (lambda a, b: torch.pow(a, b) * 2), "
                       "(torch.arange(8), torch.arange(8) % 3)\n")  # fmt: skip
    status, printed, err = call(("stepwell", "compile", str(program), "-o",
                                 str(tmp_path / "a")), capfd)  # fmt: skip
    assert status == 0, err
    assert "graph-level ops that copy: prims.pow x1" in printed
    status, printed, err = call(("stepwell", "compile", str(REPO / "examples" / "mlp.py"),
                                 "-o", str(tmp_path / "b")), capfd)  # fmt: skip
    assert status == 0, err
    assert "graph-level" not in printed


@pytest.mark.parametrize("returned", ["x.shape[0]", "None", "(None, 3)"])
def test_check_compares_a_program_that_returns_numbers_too(
    returned: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:  # fmt: skip
    """`stepwell check` of a program returning a number or None beside its tensor said
    "FAIL ... max abs error 0" and exited 1: the compiled side's results were its
    tensors alone, eager's its tensors and numbers. It compares the program's own
    results now, and still fails one that differs from eager."""
    program = tmp_path / "numbers.py"
    program.write_text(
        "import torch\n"
        "class M(torch.nn.Module):\n"
        f"    def forward(self, x):\n        return x + 1, {returned}\n"
        "def example():\n    return M(), (torch.randn(3, 4),)\n"
        "def different():\n"
        "    return (lambda x: (x + torch.rand_like(x), 3)), (torch.randn(3, 4),)\n"
    )
    for level in ("prims", "triton"):
        status, out, _ = call(("stepwell", "check", str(program), "--level", level), capfd)
        assert status == 0 and out.startswith("PASS"), (level, status, out)
    status, out, _ = call(("stepwell", "check", f"{program}:different"), capfd)
    assert status == 1 and out.startswith("FAIL"), (status, out)


F32 = "tensor<2xf32>"
HOSTILE_IR: dict[str, tuple[str, tuple[str, ...], str]] = {
    # name: (input, extra arguments, the start of the one message)
    "f80 attribute (printing it failed)": (
        "func.func @f() attributes {x = 1.0 : f80} {\n  func.return\n}\n", (),
        "error: internal error (NotImplementedError"),
    "dense literal past f32 (parsing it failed)": (
        f"func.func @f() -> {F32} {{\n  %0 = arith.constant dense<-1.0e+39> : {F32}\n"
        f"  func.return %0 : {F32}\n}}\n", (), "error: internal error (OverflowError"),
    "a storage size past int64": (
        "func.func @f(%a: tensor<9223372036854775807x6xf32>) -> tensor<5x5xf32> {\n"
        "  %0 = prims.reshape %a {shape = [5 : i64, 5 : i64]} : "
        "(tensor<9223372036854775807x6xf32>) -> tensor<5x5xf32>\n"
        "  func.return %0 : tensor<5x5xf32>\n}\n", (),
        ":2:3: error: 'prims.reshape' op PyTorch rejects these arguments: Storage size"),
    "a dim named by Python code (accepted, never run)": (
        'func.func @f(%x: tensor<?xf32, ["__import__(\'os\')"]>) -> tensor<?xf32, '
        '["__import__(\'os\')"]> {\n  func.return %x : tensor<?xf32, ["__import__(\'os\')"]>'
        "\n}\n", (), ":1:1: error: 'func.func' op type tensor<?xf32"),
    "brackets 400 deep": (
        "func.func @f() attributes {x = " + "[" * 400 + "]" * 400 + "} {\n  func.return\n}\n",
        (), "error: the input nests too deeply"),
    "a check the reference interpreter cannot run": (
        "func.func @f() -> tensor<2xf16> {\n  %0 = prims.full {shape = [2 : i64], fill_value ="
        " 1.0e+06 : f64, dtype = f16, device = \"cpu\", requires_grad = false} : () -> "
        "tensor<2xf16>\n  func.return %0 : tensor<2xf16>\n}\n",
        ("-p", "canonicalize-prims", "--check-numerics"),
        "error: --check-numerics: cannot run the module around pass 'canonicalize-prims'"),
    "a check of a gigabyte fill": (
        "func.func @f() -> tensor<1000000000xf32> {\n  %0 = prims.full {shape = [1000000000 :"
        " i64], fill_value = 1.0 : f64, dtype = f32, device = \"cpu\", requires_grad = false}"
        " : () -> tensor<1000000000xf32>\n  func.return %0 : tensor<1000000000xf32>\n}\n",
        ("-p", "canonicalize-prims", "--check-numerics"),
        "error: --check-numerics: a value of 1000000000 elements"),
}  # fmt: skip


@pytest.mark.parametrize("name", list(HOSTILE_IR))
def test_ir_that_broke_a_stage_is_one_message(
    name: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Inputs a fuzzer of stepwell-opt found ending in a traceback (xDSL's printer and
    parser, the prims verifier, Python's recursion limit, the reference interpreter
    behind --check-numerics) or in the process being killed for memory: each is one
    message naming the file, and exit status 1."""
    text, extra, message = HOSTILE_IR[name]
    path = tmp_path / "input.mlir"
    path.write_text(text)
    status, out, err = call(("stepwell-opt", str(path), *extra), capfd)
    assert status == 1 and "Traceback" not in err, err
    assert err.splitlines()[0].startswith(f"{path}") and message in err.splitlines()[0], err


def test_a_plugin_dialect_named_like_one_that_exists_is_refused(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:  # fmt: skip
    """A plugin defining a dialect `torch` raised xDSL's AlreadyRegisteredConstruct
    traceback; it is refused as a clashing pass name is."""
    plugin = tmp_path / "clash.py"
    plugin.write_text("from xdsl.ir import Dialect\nD = Dialect('torch', [], [])\n")
    status, _, err = call(("stepwell-opt", str(MALFORMED), "--load-plugin", str(plugin)), capfd)
    assert status == 1 and "Traceback" not in err, err
    assert err.splitlines()[0] == (f"{plugin}: error: dialect 'torch' already exists; a plugin "
                                   "may add dialects, not replace them (rename it)")  # fmt: skip
