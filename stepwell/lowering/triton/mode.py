"""The one place that decides whether Triton interprets kernels on the CPU or compiles
them for a GPU (`TRITON_INTERPRET`); nothing else in stepwell reads or writes it.

Triton reads `TRITON_INTERPRET` when it is first imported (its library functions such as
`tl.sum` are made interpretable then) and again when a `@triton.jit` function is defined.
So a command that will run kernels on CPU tensors calls `use_interpreter()` before
anything imports Triton (torch.export does), and compiling real kernels for a GPU target
defines them under `compiling_for_gpu()`, which restores the setting afterwards.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

VARIABLE = "TRITON_INTERPRET"


class InterpreterUnavailable(RuntimeError):
    """Kernels must run on CPU tensors but Triton was imported without its interpreter."""


def interpreting() -> bool:
    return os.environ.get(VARIABLE) == "1"


def use_interpreter() -> None:
    """Run kernels in Triton's interpreter from now on, or explain why that is too late.
    A caller's explicit setting (`TRITON_INTERPRET=0`) is kept if Triton is not loaded."""
    if interpreting():
        return
    if "triton" in sys.modules:
        raise InterpreterUnavailable(
            "stepwell runs kernels on CPU tensors in Triton's interpreter, which must be "
            f"enabled before Triton is imported: set {VARIABLE}=1 in the environment "
            "(or before importing torch)"
        )
    os.environ[VARIABLE] = "1"


def prefer_interpreter() -> None:
    """A command about to run kernels on the CPU: the interpreter unless the user chose."""
    os.environ.setdefault(VARIABLE, "1")


def use_gpu_compiler() -> None:
    """A command that compiles real kernels for a GPU target and runs none on the CPU."""
    os.environ.pop(VARIABLE, None)


@contextlib.contextmanager
def compiling_for_gpu() -> Iterator[None]:
    """Define `@triton.jit` functions as real (compilable) kernels within the block."""
    saved = os.environ.pop(VARIABLE, None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ[VARIABLE] = saved
