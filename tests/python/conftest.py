"""Kernels run on CPU in Triton's interpreter, which must be on before Triton is imported."""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")
