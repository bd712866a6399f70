"""The compile cache: entries are written atomically, checked on read (a bad entry is
discarded with a warning and rebuilt), and concurrent compiles on one cache agree."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Compile every kernel of a tile-level file for cuda:80 through the cache in $1 and print
# one line per kernel: name, whether it came from the cache, SHA-256 of each artifact.
COMPILE = """
import hashlib, sys, tempfile
from pathlib import Path
from stepwell.ir.printing import parse_module
from stepwell.lowering.runtime import kernels_of
from stepwell.lowering.triton.emitter import emit_module
from stepwell.lowering.triton.targets import compile_all, load_for_compile
module = parse_module(Path(sys.argv[1]).read_text())
kernels = kernels_of(module)
with tempfile.TemporaryDirectory() as tmp:
    results = compile_all(kernels, load_for_compile(emit_module(kernels), Path(tmp)), "cuda:80")
for r in results:
    assert r.error is None, r.error
    digests = sorted(
        (ext, hashlib.sha256(v if isinstance(v, bytes) else v.encode()).hexdigest()[:12])
        for ext, v in r.asm.items() if ext in ("cubin", "ptx", "ttir")
    )
    print(r.name, r.cached, digests)
"""
TILE = ROOT / "tests" / "fuzz" / "corpus" / "mlp.tile.mlir"


def start(
    cache: Path, workers: int | None = None, tmp: Path | None = None
) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env["STEPWELL_CACHE_DIR"] = str(cache)
    if tmp is not None:
        env["TMPDIR"] = str(tmp)
    if workers is not None:
        env["STEPWELL_COMPILE_WORKERS"] = str(workers)
    return subprocess.Popen([sys.executable, "-c", COMPILE, str(TILE)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip


def compile_with(
    cache: Path, workers: int | None = None, tmp: Path | None = None
) -> tuple[list[str], str]:
    proc = start(cache, workers, tmp)
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err[-2000:]
    return out.splitlines(), err


def artifacts(lines: list[str]) -> list[str]:
    """The kernel names and artifact digests, without the cached flag."""
    return [line.split(" ", 2)[0] + line.split(" ", 2)[2] for line in lines]


def entries(cache: Path) -> list[Path]:
    return sorted(p for p in cache.iterdir() if not p.name.startswith("."))


@pytest.fixture(scope="module")
def cold_compile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A cache filled by one cold compile in one process (`workers=1`), and what it printed;
    tests copy the cache before they change it."""
    cache = tmp_path_factory.mktemp("cold") / "cache"
    lines, _ = compile_with(cache, workers=1)
    assert lines and all(" False " in line for line in lines)  # nothing came from a cache
    return cache, lines


@pytest.mark.parametrize(
    "damage",
    ["truncate-cubin", "empty-manifest", "non-utf8-ptx", "drop-manifest"],
)
def test_a_bad_entry_is_discarded_and_rebuilt(
    tmp_path: Path, damage: str, cold_compile: tuple[Path, list[str]]
) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(cold_compile[0], cache)
    first = cold_compile[1]
    entry = entries(cache)[0]
    if damage == "truncate-cubin":
        cubin = entry / "kernel.cubin"
        cubin.write_bytes(cubin.read_bytes()[:100])
    elif damage == "empty-manifest":
        (entry / "manifest.json").write_text("")
    elif damage == "non-utf8-ptx":
        (entry / "kernel.ptx").write_bytes(b"\xff\xfe not utf-8")
    else:
        (entry / "manifest.json").unlink()
    second, err = compile_with(cache)
    assert "discarding a bad compile-cache entry" in err
    assert artifacts(second) == artifacts(first)
    assert sum(" False " in line for line in second) == 1, "only the damaged kernel recompiled"
    third, err = compile_with(cache)
    assert "discarding" not in err and all(" True " in line for line in third)


def test_compile_workers_give_the_artifacts_of_one_process(
    tmp_path: Path, cold_compile: tuple[Path, list[str]]
) -> None:
    """The kernels a cache misses compile in worker processes at once; the artifacts are
    those of compiling them one after another in the calling process. The workers leave
    no temporary folder behind (each once left a stepwell-compile-* folder in /tmp)."""
    serial = cold_compile[1]  # workers=1
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    parallel, _ = compile_with(tmp_path / "parallel", workers=3, tmp=tmp)
    assert len(serial) > 1 and artifacts(parallel) == artifacts(serial)
    assert all(" False " in line for line in parallel)  # compiled, not read from a cache
    assert list(tmp.iterdir()) == []


@pytest.mark.parametrize("processes", [2, 4])
def test_concurrent_compiles_on_one_cache_agree(
    tmp_path: Path, processes: int, cold_compile: tuple[Path, list[str]]
) -> None:
    cache = tmp_path / "cache"
    procs = [start(cache) for _ in range(processes)]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=900)
        assert p.returncode == 0, err[-2000:]
        outs.append(artifacts(out.splitlines()))
    assert all(o == outs[0] for o in outs)
    assert outs[0] == artifacts(cold_compile[1])  # and with a compile that had the cache alone
    for entry in entries(cache):  # complete: every artifact matches the manifest
        manifest = json.loads((entry / "manifest.json").read_text())
        for file, size, digest, _ in manifest["artifacts"].values():
            data = (entry / file).read_bytes()
            assert len(data) == size and hashlib.sha256(data).hexdigest() == digest
    assert not [p for p in cache.iterdir() if p.name.startswith(".")], "no temporaries left"
    again, _ = compile_with(cache)
    assert artifacts(again) == outs[0] and all(" True " in line for line in again)


# Compile examples/mlp.py in a fresh process through the graph cache in $STEPWELL_CACHE_DIR;
# print whether it came from the cache, a digest of its Triton source, and the max error
# of its output against eager.
GRAPH = """
import hashlib, torch
from stepwell.frontend.fx import import_program
from stepwell.frontend.loader import export, load_example
from stepwell.lowering.compiler import compile_module
from stepwell.pipeline import bind_inputs
ex = load_example("examples/mlp.py")
ep = export(ex)
module = import_program(ep)
a = compile_module(module)
(out,) = a.runtime(*bind_inputs(a.graph, ep, ex.inputs))
err = float((out - ex.fn(*ex.inputs)).abs().max())
digest = hashlib.sha256(a.source.encode()).hexdigest()[:12]
kernel_bodies_parsed = a._module is not None  # a hit runs from the plan alone
tile_in_place = a.module is module and "tile.kernel" in str(module)  # parsed on demand
print(a.from_cache, digest, len(a.manifest["kernels"]), err < 1e-5, kernel_bodies_parsed,
      tile_in_place)
"""


def graph_compile(cache: Path, **env: str) -> list[str]:
    environ = {**os.environ, "STEPWELL_CACHE_DIR": str(cache), **env}
    proc = subprocess.run([sys.executable, "-c", GRAPH], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.split()


def test_a_second_process_takes_the_compiled_graph_from_the_cache(tmp_path: Path) -> None:
    cold = graph_compile(tmp_path)
    warm = graph_compile(tmp_path)
    assert cold[0] == "False" and warm[0] == "True"  # no pass ran the second time
    assert cold[1:4] == warm[1:4] and warm[3] == "True"  # same kernels, right answer
    # the warm run needed no kernel body (only the graph-level plan), and the tile-level
    # module is still there when asked for, lowered in place as a compile leaves it
    assert cold[4:] == ["True", "True"] and warm[4:] == ["False", "True"]
    (entry,) = tmp_path.glob("graph-*")
    # a damaged entry is discarded and compiled again (and stored again)
    tile = entry / "graph.tile.mlir"
    tile.write_text(tile.read_text()[:-100])
    again = graph_compile(tmp_path)
    assert again[0] == "False" and again[1:] == cold[1:]
    (entry,) = tmp_path.glob("graph-*")  # an entry without a plan (an older format) works
    (entry / "graph.plan.mlir").unlink()
    manifest = json.loads((entry / "manifest.json").read_text())
    del manifest["artifacts"]["plan.mlir"]
    (entry / "manifest.json").write_text(json.dumps(manifest))
    assert graph_compile(tmp_path)[:5] == ["True", *cold[1:4], "True"]
    assert graph_compile(tmp_path)[0] == "True"


def test_the_graph_cache_can_be_turned_off(tmp_path: Path) -> None:
    assert graph_compile(tmp_path, STEPWELL_GRAPH_CACHE="0")[0] == "False"
    assert not list(tmp_path.glob("graph-*"))


def test_the_graph_key_covers_the_pipeline_and_the_compiler() -> None:
    from stepwell.lowering import graph_cache

    text = "func.func @f() {\n  func.return\n}\n"
    key = graph_cache.graph_key(text, "a,b")
    assert key != graph_cache.graph_key(text, "a,b{x=1}")
    assert key != graph_cache.graph_key(text + " ", "a,b")
    assert len(graph_cache.compiler_fingerprint()) == 64  # every stepwell file hashed


# torch.compile examples/mlp.py in a fresh process with the caches in $STEPWELL_CACHE_DIR;
# print the max error against eager, then which heavy modules the process imported.
TORCH_COMPILE = """
import os, sys, torch
from stepwell.frontend.loader import load_example
ex = load_example("examples/mlp.py")
with torch.no_grad():
    out = torch.compile(ex.fn, backend="stepwell")(*ex.inputs)
    err = float((out - ex.fn(*ex.inputs)).abs().max())
heavy = ("stepwell.frontend.fx", "stepwell.passes.support.fusion", "stepwell.dialects.torch",
         "stepwell.lowering.triton.emitter", "xdsl.interpreters", "xdsl.interpreter",
         "xdsl.parser", "stepwell.dialects.prims", "stepwell.dialects.tile")
print(err < 1e-5, *sorted(m for m in heavy if m in sys.modules))
"""


def torch_compile(cache: Path) -> list[str]:
    environ = {**os.environ, "STEPWELL_CACHE_DIR": str(cache), "TRITON_INTERPRET": "1"}
    proc = subprocess.run([sys.executable, "-c", TORCH_COMPILE], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.split()


def test_a_warm_torch_compile_imports_neither_the_importer_nor_the_passes(
    tmp_path: Path,
) -> None:
    cold = torch_compile(tmp_path)
    assert cold[0] == "True" and "stepwell.passes.support.fusion" in cold  # it compiled
    # the FX graph's key found the entry: nothing was imported, decomposed or emitted
    assert torch_compile(tmp_path) == ["True"]
    # the cold process stored the graph under both keys: its torch-level IR's (which
    # `stepwell.compile` and the CLI look up) and its FX graph's
    assert len(list(tmp_path.glob("graph-*"))) == 2


def test_graphs_that_differ_in_a_one_element_constant_are_not_one_entry() -> None:
    """`x + torch.tensor(c)` for another c is another compiled graph (the constant is
    folded into its kernel): the key read only the constant's metadata, so the second
    function got the first one's kernels, in memory and on disk."""
    import torch

    import stepwell  # noqa: F401 - registers the backend

    x = torch.zeros(3, dtype=torch.float16)
    for c in (0.1, 0.3, -2.0):
        torch._dynamo.reset()
        fn = torch.compile(lambda a: a + torch.tensor(c) * torch.tensor([2.0]), backend="stepwell")  # noqa: B023
        want = x + torch.tensor(c) * torch.tensor([2.0])
        assert torch.equal(fn(x), want), (c, fn(x), want)


@pytest.mark.parametrize("dtype", ["float32", "int64", "bool"])
def test_graphs_whose_sizes_guards_simplify_otherwise_are_not_one_entry(dtype: str) -> None:
    """`x[:, 5::3]` first called at 7 columns is 1 column long, which Dynamo guards
    (`(s0//3) - 1 == 1`) and the importer writes into the type; the recompile at 10
    columns has the same nodes but no such guard, and got the first graph's kernels: 1
    column where eager gives 2 (the fuzzer's `--mode dynamic`, 4 seeds). The key holds
    the shape environment's facts now."""
    import torch

    import stepwell  # noqa: F401 - registers the backend
    from stepwell.fuzz.compare import mismatch

    def fn(x: torch.Tensor) -> torch.Tensor:
        return x[:, 5::3] * 2

    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="stepwell", dynamic=True)
    for rows, cols in ((2, 7), (3, 10), (2, 17)):
        x = torch.arange(rows * cols).reshape(rows, cols).to(getattr(torch, dtype))
        assert mismatch(fn(x), compiled(x)) is None, (rows, cols)


def test_the_fx_graph_key_sees_what_changes_the_compiled_code() -> None:
    import torch

    from stepwell.lowering import graph_cache

    def key(fn, *inputs: torch.Tensor, settings: str = "s") -> str | None:
        make_fx = torch.fx.experimental.proxy_tensor.make_fx
        gm = make_fx(fn, tracing_mode="fake", _allow_non_fake_inputs=True)(*inputs)
        return graph_cache.fx_graph_key(gm, inputs, settings)

    x = torch.randn(4, 8)
    base = key(lambda a: torch.relu(a) + 1, x)
    assert base is not None and base == key(lambda a: torch.relu(a) + 1, x)  # deterministic
    assert base != key(lambda a: torch.relu(a) + 2, x)  # a scalar argument
    assert base != key(lambda a: torch.relu(a) - 1, x)  # an op
    assert base != key(lambda a: torch.relu(a) + 1, x.double())  # a dtype
    assert base != key(lambda a: torch.relu(a) + 1, torch.randn(8, 4).t())  # strides
    assert base != key(lambda a: torch.relu(a) + 1, torch.randn(4, 9))  # sizes
    assert base != key(lambda a: torch.relu(a) + 1, x, settings="t")  # compile options
    # a constant tensor is a graph attribute: its metadata is in the key, its values not
    row, other_row, col = torch.ones(8), torch.full((8,), 3.0), torch.ones(1, 8)
    assert key(lambda a: a + row, x) != key(lambda a: a + col, x)
    assert key(lambda a: a + row, x) == key(lambda a: a + other_row, x)
    # ... except a one-element constant's value, which the compiled graph holds as a number
    assert key(lambda a: a + torch.tensor(0.1), x) != key(lambda a: a + torch.tensor(0.3), x)
    assert key(lambda a: a * torch.tensor([2]), x) != key(lambda a: a * torch.tensor([3]), x)
    # a graph the key cannot describe exactly is looked up by its torch-level IR instead
    gm = torch.fx.symbolic_trace(lambda a: torch.nn.functional.gelu(a))
    assert graph_cache.fx_graph_key(gm, (x,), "s") is None
