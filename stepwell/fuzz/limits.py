"""A time limit for code run in this process (the fuzzers, the OpInfo sweeps): see
`stepwell.ir.limits`."""

from stepwell.ir.limits import deadline

__all__ = ["deadline"]
