"""The remote compile cache on a real Redis server (Debian's `redis-server`, started here
on a free port): a cold process fills it, a second process with an empty local cache
compiles nothing; Redis down, dying mid-run or holding a corrupt entry never fails a
compile."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_compile_cache import COMPILE, TILE

from stepwell.lowering import remote_cache
from stepwell.lowering.remote_cache import PREFIX, decode, encode

ROOT = Path(__file__).resolve().parents[2]
redis = pytest.importorskip("redis")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A redis-server process on a free local port, with no persistence."""

    def __init__(self, folder: Path) -> None:
        exe = shutil.which("redis-server")
        if exe is None:
            pytest.skip("redis-server is not installed (.ci/run installs Debian's)")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.client = redis.Redis.from_url(self.url)
        for _ in range(100):
            try:
                self.client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path)
    yield s
    s.stop()


def run(args: list[str], cache: Path, url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env.update(STEPWELL_CACHE_DIR=str(cache), STEPWELL_REMOTE_CACHE=url)
    proc = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def compile_kernels(cache: Path, url: str) -> list[tuple[str, bool]]:
    """Compile the MLP's kernels for cuda:80 in a new process: (kernel, from a cache)."""
    out = run(["-c", COMPILE, str(TILE)], cache, url).stdout.splitlines()
    return [(line.split()[0], line.split()[1] == "True") for line in out]


def test_a_second_machine_compiles_nothing(server: Server, tmp_path: Path) -> None:
    """Kernels and compiled graphs: the first process (empty caches) compiles and fills
    Redis; a second one with an empty local cache takes everything from Redis, and keeps
    it in its local cache."""
    cold = compile_kernels(tmp_path / "a", server.url)
    assert cold and not any(cached for _, cached in cold)
    assert len(server.client.keys(PREFIX + "*")) == len(cold)
    warm = compile_kernels(tmp_path / "b", server.url)
    assert [name for name, _ in warm] == [name for name, _ in cold]
    assert all(cached for _, cached in warm)  # compiled nothing
    assert len(list((tmp_path / "b").iterdir())) == len(cold)  # now local too

    graph = ["-m", "stepwell.tools.cli", "compile", "examples/mlp.py", "-o"]
    first = run([*graph, str(tmp_path / "o1")], tmp_path / "c", server.url).stdout
    assert "came from the compile cache" not in first
    second = run([*graph, str(tmp_path / "o2")], tmp_path / "d", server.url).stdout
    assert "the compiled graph came from the compile cache" in second
    assert (tmp_path / "o1/kernels.py").read_text() == (tmp_path / "o2/kernels.py").read_text()


def test_redis_down_or_dying_mid_run_compiles_locally(server: Server, tmp_path: Path) -> None:
    """An unreachable server, or one that stops between two compiles of one process: a
    warning, and the kernels compile locally."""
    nobody = f"redis://127.0.0.1:{free_port()}"
    proc = run(["-W", "always", "-c", COMPILE, str(TILE)], tmp_path / "a", nobody)
    assert "is unreachable" in proc.stderr and "compiling locally" in proc.stderr
    assert proc.stdout.count("False") == len(proc.stdout.splitlines()) > 0

    # one process: the first compile stores in Redis, then the server goes away
    mid_run = COMPILE.replace(
        "with tempfile.TemporaryDirectory() as tmp:",
        "import os, shutil, signal, time\n"
        "from stepwell.lowering.cache import cache_dir\n"
        "with tempfile.TemporaryDirectory() as tmp:\n"
        "    compile_all(kernels, load_for_compile(emit_module(kernels), Path(tmp)), 'cuda:80')\n"
        "    os.kill(int(sys.argv[2]), signal.SIGKILL); time.sleep(0.5)\n"
        "    shutil.rmtree(cache_dir())\n",
    )
    proc = run(["-W", "always", "-c", mid_run, str(TILE), str(server.proc.pid)],
               tmp_path / "b", server.url)  # fmt: skip
    assert "is unreachable" in proc.stderr or "could not store" in proc.stderr
    assert proc.stdout.count("False") == len(proc.stdout.splitlines()) > 0


def test_a_corrupt_remote_entry_is_ignored_and_replaced(server: Server, tmp_path: Path) -> None:
    cold = compile_kernels(tmp_path / "a", server.url)
    keys = sorted(server.client.keys(PREFIX + "*"))
    good = server.client.get(keys[0])
    server.client.set(keys[0], good[: len(good) // 2])  # truncated
    server.client.set(keys[1], b"not an entry at all")
    proc = run(["-W", "always", "-c", COMPILE, str(TILE)], tmp_path / "b", server.url)
    assert proc.stderr.count("ignoring a bad remote cache entry") == 2
    warm = [line.split()[1] == "True" for line in proc.stdout.splitlines()]
    assert warm.count(False) == 2 and len(warm) == len(cold)  # the two bad ones compiled
    for key in keys[:2]:  # and were stored again, whole
        files, _ = decode(server.client.get(key))
        assert "cubin" in files


def _header_blob(header: bytes, payload: bytes = b"") -> bytes:
    from stepwell.lowering.remote_cache import MAGIC

    return MAGIC + len(header).to_bytes(8, "big") + header + payload


MALFORMED = {
    "artifacts-is-a-list": _header_blob(b'{"artifacts": [], "metadata": {}}'),
    "deep-json": _header_blob(b"[" * 100000 + b"]" * 100000),
    "name-with-slash": encode({"py/x": "print()", "json": "{}", "tile.mlir": ""}, {}),
    "name-with-nul": encode({"p\0y": "x"}, {}),
    "lacks-files": encode({"json": "{}"}, {}),
}


@pytest.mark.parametrize("damage", ["name-with-slash"])
def test_a_malformed_graph_entry_never_fails_a_compile(
    server: Server, tmp_path: Path, damage: str
) -> None:
    """An entry of another shape under a graph's key (every one of MALFORMED is refused by
    `decode`, below, or by the graph cache's check that its files are there): the compile
    warns, compiles the graph, replaces the entry with a whole one, and a later process
    takes that one."""
    graph = ["-m", "stepwell.tools.cli", "compile", "examples/mlp.py", "-o"]
    run([*graph, str(tmp_path / "o1")], tmp_path / "a", server.url)
    (key,) = [k for k in server.client.keys(PREFIX + "graph-*")]
    server.client.set(key, MALFORMED[damage])
    proc = run(["-W", "always", *graph, str(tmp_path / "o2")], tmp_path / "b", server.url)
    assert "ignoring a" in proc.stderr and "remote cache entry" in proc.stderr
    assert "came from the compile cache" not in proc.stdout.split("kernels,")[0]
    files, _ = decode(server.client.get(key))
    assert {"py", "json", "tile.mlir"} <= files.keys()
    again = run([*graph, str(tmp_path / "o3")], tmp_path / "c", server.url).stdout
    assert "the compiled graph came from the compile cache" in again


def test_entries_round_trip_and_damage_is_detected() -> None:
    files = {"ptx": "// ptx text", "cubin": bytes(range(256)) * 3, "empty": b""}
    blob = encode(files, {"n_regs": 32})
    assert decode(blob) == (files, {"n_regs": 32})
    for bad in (blob[:-1], blob[:40], b"x" + blob, blob[:-5] + b"XXXXX", *MALFORMED.values()):
        if bad is MALFORMED["lacks-files"]:  # well formed: the graph cache refuses it
            from stepwell.lowering import graph_cache

            assert not graph_cache._complete(decode(bad)[0])
            continue
        with pytest.raises(ValueError):
            decode(bad)


def test_only_redis_urls_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEPWELL_REMOTE_CACHE", "http://example.com/cache")
    with pytest.warns(UserWarning, match="not a redis:// URL"):
        assert remote_cache.remote_cache() is None
    monkeypatch.setenv("STEPWELL_REMOTE_CACHE", "")
    assert remote_cache.remote_cache() is None
