"""The on-disk compile cache: entries of named files, written atomically, checked on read.

An entry is a folder `$STEPWELL_CACHE_DIR/<key>/` (else `~/.cache/stepwell`) holding its
files and a `manifest.json`, written last, that lists each file with its size, SHA-256
and whether it is bytes or text, plus free-form metadata. It is written into a temporary
folder beside the cache and renamed into place, so readers see a complete entry or none,
and of two concurrent writers of one key the first rename wins (both hold the same
files). An entry that does not match its manifest (truncated, edited, half written) is
discarded with a warning, and the caller compiles again.

With `STEPWELL_REMOTE_CACHE=redis://HOST:PORT` a Redis server is the second level
(`remote_cache.py`): a local miss is looked up there (and kept locally), and every
entry written is stored there too.

Two kinds of entry use it: compiled GPU kernels (`triton/targets.py`, keyed by the
kernel's source and target) and compiled graphs (`graph_cache.py`, keyed by the
torch-level IR, the pipeline and stepwell's own code).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from stepwell.lowering.remote_cache import remote_cache


def cache_dir() -> Path:
    """Where compiled kernels and graphs are kept: $STEPWELL_CACHE_DIR, else
    ~/.cache/stepwell."""
    env = os.environ.get("STEPWELL_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "stepwell"


def read_entry(
    key: str, stem: str, accept: Callable[[dict[str, str | bytes]], bool] = lambda _: True
) -> tuple[dict[str, str | bytes], dict[str, Any]] | None:
    """The files (name -> text or bytes) and metadata of entry `key`, or None when there
    is none or it is bad (then it is removed, with a warning). `stem` is the one the entry
    is written with (`write_entry`); `accept` says whether an entry from the remote cache
    holds what the caller needs (only then is it kept locally)."""
    folder = cache_dir() / key
    if not folder.is_dir():
        return _read_remote(key, stem, accept)
    try:
        entry = json.loads((folder / "manifest.json").read_text())
        files: dict[str, str | bytes] = {}
        for name, (file, size, digest, binary) in entry["artifacts"].items():
            data = (folder / file).read_bytes()
            if len(data) != size or hashlib.sha256(data).hexdigest() != digest:
                raise ValueError(f"{file} does not match its manifest")
            files[name] = data if binary else data.decode()
        return files, dict(entry["metadata"])
    except (OSError, ValueError, KeyError, TypeError) as e:  # JSON and UTF-8 errors included
        warnings.warn(f"stepwell: discarding a bad compile-cache entry {folder}: {e}",
                      stacklevel=3)  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)
        return None


def _read_remote(
    key: str, stem: str, accept: Callable[[dict[str, str | bytes]], bool]
) -> tuple[dict[str, str | bytes], dict[str, Any]] | None:
    """Entry `key` from the remote cache, if one is configured and holds an entry the
    caller accepts; it is then kept locally too (the local cache is the first level).
    One it does not accept is ignored with a warning (the caller compiles and replaces
    it)."""
    remote = remote_cache()
    hit = None if remote is None else remote.get(key)
    if hit is None:
        return None
    if not accept(hit[0]):
        warnings.warn(f"stepwell: ignoring a remote cache entry {key} that lacks files",
                      stacklevel=3)  # fmt: skip
        return None
    try:
        _write_local(key, *hit, stem=stem)
    except (OSError, ValueError) as e:  # the hit is still good to use
        warnings.warn(f"stepwell: could not keep remote cache entry {key} locally: {e}",
                      stacklevel=3)  # fmt: skip
    return hit


def write_entry(
    key: str, files: dict[str, str | bytes], metadata: dict[str, Any], stem: str
) -> None:
    """Store `files` (name -> text or bytes, kept as `STEM.NAME`) and `metadata` as
    entry `key`, atomically, and in the remote cache when one is configured."""
    _write_local(key, files, metadata, stem)
    remote = remote_cache()
    if remote is not None:
        remote.put(key, files, metadata)


def _write_local(
    key: str, files: dict[str, str | bytes], metadata: dict[str, Any], stem: str
) -> None:
    root = cache_dir()
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=root))
    try:
        listed: dict[str, tuple[str, int, str, bool]] = {}
        for name, data in files.items():
            binary = isinstance(data, bytes | bytearray)
            raw = bytes(data) if binary else str(data).encode()
            file = f"{stem}.{name}"
            (tmp / file).write_bytes(raw)
            listed[name] = (file, len(raw), hashlib.sha256(raw).hexdigest(), binary)
        (tmp / "manifest.json").write_text(json.dumps({"artifacts": listed, "metadata": metadata}))
        try:
            tmp.rename(root / key)
        except OSError:  # another process stored the same key first
            pass
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
