"""Kernels run on CPU in Triton's interpreter, which must be on before Triton is imported.

Random test data is seeded: module-level tensors once at collection (every worker collects
the files in the same order) and each test's own draws before it runs, so a failure seen
in CI reproduces here with the same data, whatever order the workers run tests in."""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

import pytest  # noqa: E402
import torch  # noqa: E402

torch.manual_seed(0)

FULL = os.environ.get("STEPWELL_TEST_FULL", "") == "1"
"""`make test-full`: the tests marked `full` run too (`make test` skips them)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "full: one more case of a check `make test` already makes on others (another zoo "
        "model, the second GPU target, another distributed mode); runs in `make test-full` "
        "(STEPWELL_TEST_FULL=1), so `make test` stays under 20 minutes on 2 cores",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if FULL:
        return
    skip = pytest.mark.skip(reason="make test-full only (STEPWELL_TEST_FULL=1)")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _seeded() -> None:
    torch.manual_seed(0)
