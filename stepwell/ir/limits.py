"""A time limit for code run in this process: the fuzzers and OpInfo sweeps, and a
decomposition traced with symbolic sizes (`decompose-torch-to-prims`)."""

from __future__ import annotations

import contextlib
import math
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any


@contextlib.contextmanager
def deadline(seconds: float, error: Callable[[], BaseException]) -> Iterator[None]:
    """Raise `error()` in the block once `seconds` have passed (SIGALRM: no limit off the
    main thread or where the platform has none). Raise a BaseException subclass to get
    past `except Exception` handlers in the code under the limit. Limits nest: an outer
    one still fires when its own time is up."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        signal.alarm(1)  # (again in a second, should the code under the limit swallow it)
        raise error()

    start = time.monotonic()
    previous = signal.signal(signal.SIGALRM, on_alarm)
    outer = signal.alarm(0)  # (seconds left of an enclosing limit, 0: none)
    signal.alarm(max(1, math.ceil(min(seconds, outer) if outer else seconds)))
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        if outer:  # (it fires at once if its time ran out in the block)
            signal.alarm(max(1, math.ceil(outer - (time.monotonic() - start))))
