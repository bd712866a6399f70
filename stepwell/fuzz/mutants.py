"""Mutated IR through `stepwell-opt`: whatever the text, a diagnostic and an exit status,
never a traceback and never a hang.

A mutant is a seeded edit of a module's text (`MUTATIONS`: numbers, names, types, lines
swapped, deleted or cut short); `run_mutant` parses it with stepwell-opt in this process,
runs the pass or target that follows its level (`NEXT_STEP`) and sorts the outcome:
"ok" (it ran), "rejected" (a located diagnostic and exit 1), "traceback" (any other
exception escaped) or "hang" (over the time limit).
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from stepwell.fuzz.limits import deadline

NEXT_STEP = {
    "torch": ["-p", "decompose-torch-to-prims"],
    "prims": ["-p", "canonicalize-prims,cse,convert-prims-to-tile"],
    "tile": ["-t", "triton"],
}
"""Level -> the stepwell-opt arguments that take a module of that level one step on."""

_NUMBER = re.compile(r"(?<![%#\w])-?\d+(\.\d+)?(e[+-]?\d+)?")
_VALUE = re.compile(r"%[\w.]+")
_ELEMENT = re.compile(r"\b(f32|f16|bf16|f64|i64|i32|i1)\b")
_OP_NAME = re.compile(r"\b(torch\.aten|prims|tile|arith|math|scf)\.[\w.]+")

Mutation = Callable[[random.Random, list[str]], list[str]]


def _pick(rng: random.Random, lines: list[str], pattern: re.Pattern[str]) -> int | None:
    candidates = [i for i, line in enumerate(lines) if pattern.search(line)]
    return rng.choice(candidates) if candidates else None


def _replace_one(rng: random.Random, line: str, pattern: re.Pattern[str], new: str) -> str:
    matches = list(pattern.finditer(line))
    m = rng.choice(matches)
    return line[: m.start()] + new + line[m.end() :]


def _number(rng: random.Random, lines: list[str]) -> list[str]:
    i = _pick(rng, lines, _NUMBER)
    if i is not None:
        new = rng.choice(["-1", "0", "7", "64", "1000000", "1099511627776", "1e300", "-2"])
        lines[i] = _replace_one(rng, lines[i], _NUMBER, new)
    return lines


def _value(rng: random.Random, lines: list[str]) -> list[str]:
    i = _pick(rng, lines, _VALUE)
    names = sorted({v for line in lines for v in _VALUE.findall(line)})
    if i is not None and names:
        lines[i] = _replace_one(rng, lines[i], _VALUE, rng.choice(names))
    return lines


def _element(rng: random.Random, lines: list[str]) -> list[str]:
    i = _pick(rng, lines, _ELEMENT)
    if i is not None:
        lines[i] = _replace_one(rng, lines[i], _ELEMENT, rng.choice(["f32", "i32", "i1", "bf16"]))
    return lines


def _op_name(rng: random.Random, lines: list[str]) -> list[str]:
    i = _pick(rng, lines, _OP_NAME)
    names = sorted({m.group() for line in lines for m in _OP_NAME.finditer(line)})
    if i is not None:
        lines[i] = _replace_one(rng, lines[i], _OP_NAME, rng.choice(names))
    return lines


def _delete(rng: random.Random, lines: list[str]) -> list[str]:
    if lines:
        del lines[rng.randrange(len(lines))]
    return lines


def _swap(rng: random.Random, lines: list[str]) -> list[str]:
    if len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return lines


def _duplicate(rng: random.Random, lines: list[str]) -> list[str]:
    if lines:
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines)), lines[i])
    return lines


def _cut(rng: random.Random, lines: list[str]) -> list[str]:
    text = "\n".join(lines)
    return text[: rng.randrange(len(text) + 1)].split("\n")


def _character(rng: random.Random, lines: list[str]) -> list[str]:
    if lines:
        i = rng.randrange(len(lines))
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice('"{}<>()[],:=%@\\x') + lines[i][at:]
    return lines


MUTATIONS: dict[str, Mutation] = {
    "number": _number,
    "value": _value,
    "element": _element,
    "op-name": _op_name,
    "delete": _delete,
    "swap": _swap,
    "duplicate": _duplicate,
    "cut": _cut,
    "character": _character,
}
"""Mutation name -> edit; a mutant applies one to three of them."""


def mutate(text: str, seed: int) -> str:
    rng = random.Random(seed)
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        lines = MUTATIONS[rng.choice(sorted(MUTATIONS))](rng, lines)
    return "\n".join(lines)


@dataclass
class Outcome:
    status: str  # "ok" | "rejected" | "traceback" | "hang"
    detail: str = ""


class _Hang(BaseException):
    """Raised by the alarm; a BaseException so that no `except Exception` swallows it."""


def run_mutant(text: str, level: str, seconds: int = 20) -> Outcome:
    """Run stepwell-opt on `text` (IR of `level`) in this process and sort the outcome."""
    from stepwell.tools.opt import main

    with tempfile.TemporaryDirectory(prefix="stepwell-mutant-") as tmp:
        path = Path(tmp) / "mutant.mlir"
        path.write_text(text)
        args = [str(path), *NEXT_STEP[level], "-o", str(Path(tmp) / "out")]
        stderr = io.StringIO()
        try:
            with deadline(seconds, _Hang), contextlib.redirect_stderr(stderr):
                main(args)
        except SystemExit as e:
            message = stderr.getvalue()
            if "Traceback (most recent call last)" in message:
                return Outcome("traceback", message.strip().splitlines()[-1][:200])
            if e.code not in (0, None):
                return Outcome("rejected", (message.strip().splitlines() or [""])[0][:200])
        except _Hang:
            return Outcome("hang", f"over {seconds} s")
        except Exception as e:  # noqa: BLE001 - an escaped exception is the finding
            return Outcome("traceback", f"{type(e).__name__}: {str(e).splitlines()[0][:200]}")
        return Outcome("ok")
