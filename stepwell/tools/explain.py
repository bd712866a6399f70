"""`stepwell explain`: what a model became, per kernel, for one target.

A compact table (kernel, fused prims ops, source lines, grid, block, bytes moved, and the
backend's resource figures), and with `--html` one self-contained page with that table
and the IR of every level side by side (no network needed to view it).
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

from stepwell.lowering.compiler import Artifacts, graph_level_note

COLUMNS = ("kernel", "fused prims ops", "source lines", "grid", "block", "bytes", "backend")


def _fused(ops: list[str]) -> str:
    counts = Counter(op.removeprefix("prims.") for op in ops)
    return ", ".join(f"{n}x{c}" if c > 1 else n for n, c in counts.items())


def _backend(kernel: dict[str, Any]) -> str:
    if "error" in kernel:
        return "FAILED: " + kernel["error"][:60]
    t = kernel.get("target")
    if not t:
        return "-"
    parts = [f"warps {t.get('num_warps')}", f"stages {t.get('num_stages')}"]
    if "shared" in t:
        parts.append(f"smem {t['shared']}B")
    for key in ("registers", "spills"):
        if key in t:
            parts.append(f"{key} {t[key]}")
    return ", ".join(parts)


def _block(kernel: dict) -> str:
    """`32x64`; a combo kernel's parts' blocks, `+` between (`1x32x64+1x32x32`)."""
    blocks = [p["block"] for p in kernel["parts"]] if "parts" in kernel else [kernel["block"]]
    return "+".join("x".join(map(str, b)) for b in blocks)


def rows(artifacts: Artifacts) -> list[tuple[str, ...]]:
    out = []
    for k in artifacts.manifest["kernels"]:
        out.append(
            (
                k["name"],
                _fused(k["fused"]),
                " ".join(k.get("sources", [])) or "-",
                "x".join(map(str, k["grid"])),
                _block(k),
                str(k["bytes_read"] + k["bytes_written"]),
                _backend(k),
            )
        )
    return out


def table(artifacts: Artifacts, target: str) -> str:
    """The per-kernel table as aligned text, with a summary line."""
    body = rows(artifacts)
    widths = [max([len(c), *(min(len(r[i]), 48) for r in body)]) for i, c in enumerate(COLUMNS)]

    def fmt(cells: tuple[str, ...]) -> str:  # the last column (backend) is never clipped
        clipped = [c if len(c) <= 48 or i == len(cells) - 1 else c[:45] + "..."
                   for i, c in enumerate(cells)]  # fmt: skip
        return "  ".join(c.ljust(w) for c, w in zip(clipped, widths, strict=True)).rstrip()

    m = artifacts.manifest
    lines = [fmt(COLUMNS), fmt(tuple("-" * w for w in widths))]
    lines += [fmt(r) for r in body]
    externs = ", ".join(f"{n} x{c}" for n, c in m["externs"].items()) or "none"
    lines.append(
        f"{len(body)} kernels for {target}, {m['launches']} launches, "
        f"{m['bytes_read'] + m['bytes_written']} bytes moved; ATen calls: {externs}"
        f"{graph_level_note(m)}"
    )
    return "\n".join(lines) + "\n"


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>stepwell explain: {title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; font-size: 13px; }}
td, th {{ border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }}
.levels {{ display: flex; gap: 8px; }}
.level {{ flex: 1; min-width: 0; }}
pre {{ background: #f6f6f6; font-size: 11px; overflow: auto; max-height: 80vh; padding: 4px; }}
</style></head><body>
<h1>{title} for {target}</h1>
<p>{summary}</p>
<table><tr>{head}</tr>{rows}</table>
<h2>Every level</h2>
<div class="levels">{levels}</div>
</body></html>
"""


def page(artifacts: Artifacts, target: str, title: str) -> str:
    """One self-contained HTML page: the table, then each level's IR side by side."""
    esc = html.escape
    head = "".join(f"<th>{esc(c)}</th>" for c in COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows(artifacts)
    )
    texts = {**artifacts.levels, "triton": artifacts.source}
    levels = "".join(
        f'<div class="level"><h3>{esc(name)}</h3><pre>{esc(text)}</pre></div>'
        for name, text in texts.items()
    )
    summary = esc(table(artifacts, target).splitlines()[-1])
    return PAGE.format(
        title=esc(title), target=esc(target), summary=summary, head=head, rows=body, levels=levels
    )
