"""The remote compile cache: a second level, shared by machines, on a Redis server.

Set `STEPWELL_REMOTE_CACHE=redis://HOST:PORT[/DB]` and every cache entry (compiled GPU
kernels, compiled graphs: `cache.py`) is looked up in the local cache first, then in
Redis, and stored in both. A machine with the same software (same keys: the keys hold
stepwell's, torch's and triton's versions) then gets every graph and kernel another
machine compiled without compiling. An entry taken from Redis is written to the local
cache, which stays the first level.

An entry is one Redis string under `stepwell:<key>`: a magic line, the length of a JSON
header, the header (each file's offset, size, SHA-256 and kind, and the metadata), then
the files. An entry that does not match its header (truncated, edited, another format)
is ignored with a warning and replaced when the caller stores what it compiles.

Redis is never required: without the `redis` package, with a server that is down or
that stops answering mid-run, the caller gets a warning (once per process and URL) and
compiles locally; the remote level is then skipped for the rest of the process.
Entries are data, never code: nothing read from Redis is executed or unpickled.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import warnings
from typing import Any

PREFIX = "stepwell:"
MAGIC = b"stepwell-cache-entry 1\n"
TIMEOUT_S = 5.0
"""Seconds a Redis command may take before the server counts as unreachable."""

Files = dict[str, str | bytes]


def encode(files: Files, metadata: dict[str, Any]) -> bytes:
    """One blob holding `files` (name -> text or bytes) and `metadata`."""
    listed: dict[str, tuple[int, int, str, bool]] = {}
    payload = bytearray()
    for name, data in files.items():
        binary = isinstance(data, bytes | bytearray)
        raw = bytes(data) if binary else str(data).encode()
        listed[name] = (len(payload), len(raw), hashlib.sha256(raw).hexdigest(), binary)
        payload += raw
    header = json.dumps({"artifacts": listed, "metadata": metadata}).encode()
    return MAGIC + len(header).to_bytes(8, "big") + header + bytes(payload)


def decode(blob: bytes) -> tuple[Files, dict[str, Any]]:
    """The files and metadata of a blob made by `encode`; ValueError if it is bad."""
    if not blob.startswith(MAGIC):
        raise ValueError("not a stepwell cache entry")
    at = len(MAGIC)
    size = int.from_bytes(blob[at : at + 8], "big")
    try:
        header = json.loads(blob[at + 8 : at + 8 + size])
        payload = blob[at + 8 + size :]
        files: Files = {}
        for name, (offset, length, digest, binary) in header["artifacts"].items():
            if not _plain_name(name) or not isinstance(binary, bool):
                raise ValueError(f"bad file name or kind {name!r}")
            raw = payload[offset : offset + length]
            if len(raw) != length or hashlib.sha256(raw).hexdigest() != digest:
                raise ValueError(f"{name} does not match its header")
            files[name] = raw if binary else raw.decode()
        return files, dict(header["metadata"])
    except ValueError:
        raise  # (JSON and UTF-8 errors included)
    except Exception as e:  # noqa: BLE001 - any other shape of header is just as bad
        raise ValueError(f"malformed entry: {type(e).__name__}: {e}") from e


def _plain_name(name: object) -> bool:
    """A file name an entry may hold: it becomes part of a local file's name."""
    return (
        isinstance(name, str)
        and bool(name)
        and name.isprintable()
        and not any(c in name for c in "/\\\0")
        and name not in (".", "..")
    )


class RemoteCache:
    """A Redis server holding cache entries; every failure is a warning, not an error."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.down = False
        self._client: Any = None

    def _warn(self, what: str, e: BaseException) -> None:
        if not self.down:
            warnings.warn(
                f"stepwell: remote compile cache {self.url} {what} ({e}); compiling "
                "locally without it for the rest of this process",
                stacklevel=4,
            )
        self.down = True

    def client(self) -> Any:
        if self._client is None:
            import redis

            self._client = redis.Redis.from_url(
                self.url, socket_timeout=TIMEOUT_S, socket_connect_timeout=TIMEOUT_S
            )
        return self._client

    def get(self, key: str) -> tuple[Files, dict[str, Any]] | None:
        """The entry `key`, or None (absent, bad, or the server unreachable)."""
        if self.down:
            return None
        try:
            blob = self.client().get(PREFIX + key)
        except Exception as e:  # noqa: BLE001 - ImportError, connection and protocol errors
            self._warn("is unreachable", e)
            return None
        if blob is None:
            return None
        try:
            return decode(bytes(blob))
        except (ValueError, RecursionError) as e:
            warnings.warn(f"stepwell: ignoring a bad remote cache entry {key}: {e}", stacklevel=3)
            return None

    def put(self, key: str, files: Files, metadata: dict[str, Any]) -> None:
        if self.down:
            return
        try:
            self.client().set(PREFIX + key, encode(files, metadata))
        except Exception as e:  # noqa: BLE001 - as in get
            self._warn("could not store an entry", e)


@functools.cache
def _remote(url: str) -> RemoteCache:
    return RemoteCache(url)


def remote_cache() -> RemoteCache | None:
    """The remote cache `STEPWELL_REMOTE_CACHE` names (one per URL and process), or None."""
    url = os.environ.get("STEPWELL_REMOTE_CACHE", "").strip()
    if not url:
        return None
    if not url.startswith(("redis://", "rediss://", "unix://")):
        warnings.warn(f"stepwell: STEPWELL_REMOTE_CACHE={url!r} is not a redis:// URL; "
                      "ignoring it", stacklevel=3)  # fmt: skip
        return None
    return _remote(url)
