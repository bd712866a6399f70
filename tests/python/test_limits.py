"""`stepwell.ir.limits.deadline`: a time limit raised in the block, nesting-safe (a
decomposition's limit inside a fuzzer's)."""

from __future__ import annotations

import time

import pytest

from stepwell.ir.limits import deadline


class Outer(BaseException):
    pass


class Inner(BaseException):
    pass


def _spin(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_the_limit_fires_in_the_block() -> None:
    start = time.monotonic()
    with pytest.raises(Inner), deadline(1, Inner):
        _spin(5)
    assert time.monotonic() - start < 3


def test_an_enclosing_limit_still_fires_after_an_inner_one() -> None:
    start = time.monotonic()
    with pytest.raises(Outer), deadline(2, Outer):
        with deadline(10, Inner):
            _spin(0.2)
        _spin(10)
    assert time.monotonic() - start < 4
