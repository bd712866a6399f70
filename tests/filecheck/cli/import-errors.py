# RUN: not stepwell import %S/no-such-file.py 2>&1 | filecheck %s --check-prefix=NOFILE
# RUN: not stepwell import %s:no_such_name 2>&1 | filecheck %s --check-prefix=NONAME
# RUN: not stepwell import %s 2>&1 | filecheck %s --check-prefix=REJECTED
# RUN: not stepwell import %s:example_cond 2>&1 | filecheck %s --check-prefix=COND
# ruff: noqa: E501  (FileCheck patterns match whole lines of IR)
"""`stepwell import` on a missing file, a missing NAME, a program torch.export rejects, or
one with control flow stepwell does not compile (`torch.cond`'s subgraphs): one clear
message naming the file, a non-zero exit, no traceback. (A NAME() that raises or
returns the wrong thing: tests/python/test_cli.py, which uses this file too.)"""

import torch


def branchy(x: torch.Tensor) -> torch.Tensor:
    if x.sum() > 0:  # data-dependent control flow: torch.export cannot trace it
        return x + 1
    return x - 1


def example() -> tuple:
    return branchy, (torch.randn(4),)


def example_cond() -> tuple:
    def f(x: torch.Tensor) -> torch.Tensor:
        return torch.cond(x.sum() > 0, lambda x: x.sin(), lambda x: x.cos(), (x,))

    return f, (torch.randn(4),)


def example_raises() -> tuple:
    raise RuntimeError("no weights here")


def example_bad_return() -> torch.Tensor:
    return torch.randn(4)


# NOFILE-NOT: Traceback
# NOFILE: no-such-file.py: error: no such file
# NOFILE-NOT: Traceback

# NONAME-NOT: Traceback
# NONAME: import-errors.py: error: no function 'no_such_name' (callables defined there: branchy, example, example_bad_return, example_cond, example_raises)
# NONAME-NOT: Traceback

# REJECTED-NOT: Traceback
# REJECTED: import-errors.py: error: torch.export rejected the program: {{.*}}data-dependent
# REJECTED-NOT: Traceback

# COND-NOT: Traceback
# COND: {{.*}}: 'true_graph_0' is a subgraph that cond runs (control flow): stepwell compiles no subgraphs
# COND-NOT: Traceback
