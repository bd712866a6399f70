"""Kernels run on CPU in Triton's interpreter, which must be on before Triton is imported.

Random test data is seeded: module-level tensors once at collection (every worker collects
the files in the same order) and each test's own draws before it runs, so a failure seen
in CI reproduces here with the same data, whatever order the workers run tests in."""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

import pytest  # noqa: E402
import torch  # noqa: E402

torch.manual_seed(0)


@pytest.fixture(autouse=True)
def _seeded() -> None:
    torch.manual_seed(0)
