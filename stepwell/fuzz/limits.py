"""A time limit for code run in this process (the fuzzers, the OpInfo sweeps)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from typing import Any


@contextlib.contextmanager
def deadline(seconds: int, error: Callable[[], BaseException]) -> Iterator[None]:
    """Raise `error()` in the block once `seconds` have passed (SIGALRM; no limit where
    the platform has none). Raise a BaseException subclass to get past `except Exception`
    handlers in the code under the limit."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise error()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
