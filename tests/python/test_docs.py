"""The docs show real code and real output.

A fenced block in a doc can be tagged by an HTML comment on the line before it:

    <!-- file: PATH -->      the block is the file PATH (from the repo root), verbatim
    <!-- excerpt: PATH -->   the block is a contiguous run of lines of PATH
    <!-- output: COMMAND --> the block is what `stepwell ...` / `stepwell-opt ...` prints
                             (stdout, then stderr), run from the repo root; a block line
                             ending in ` ...` only has to start the printed line
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from stepwell.tools import cli, opt

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]

_TAGGED = re.compile(
    r"^<!-- (file|excerpt|output): (.+?) -->\n```[^\n]*\n(.*?)^```$", re.MULTILINE | re.DOTALL
)


@dataclass(frozen=True)
class Block:
    doc: Path
    kind: str
    arg: str
    text: str

    def __str__(self) -> str:
        return f"{self.doc.name}:{self.kind}:{self.arg}"


def tagged_blocks(doc: Path) -> list[Block]:
    return [Block(doc, *m.groups()) for m in _TAGGED.finditer(doc.read_text())]


BLOCKS = [b for doc in DOCS for b in tagged_blocks(doc)]


def test_the_docs_exist_and_are_tagged() -> None:
    names = {p.relative_to(REPO).as_posix() for p in DOCS}
    assert {"README.md", "docs/architecture.md", "docs/plugins.md"} <= names
    assert (REPO / "docs" / "dialects" / "torch.md").is_file()
    kinds = {(b.doc.name, b.kind) for b in BLOCKS}
    assert {("plugins.md", "file"), ("plugins.md", "output"), ("README.md", "output")} <= kinds


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "file"], ids=str)
def test_file_block_is_the_file(block: Block) -> None:
    assert block.text == (REPO / block.arg).read_text()


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "excerpt"], ids=str)
def test_excerpt_block_is_in_the_file(block: Block) -> None:
    assert block.text in (REPO / block.arg).read_text()


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "output"], ids=str)
def test_output_block_is_what_the_command_prints(
    block: Block, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    command, *argv = shlex.split(block.arg)
    main = {"stepwell": cli.main, "stepwell-opt": opt.main}[command]
    try:
        main(argv)
    except SystemExit:
        pass
    out, err = capfd.readouterr()
    printed = (out + err).rstrip("\n").splitlines()
    shown = block.text.rstrip("\n").splitlines()
    assert len(printed) == len(shown), "\n".join(printed)
    for got, want in zip(printed, shown, strict=True):
        if want.endswith(" ..."):
            assert got.startswith(want.removesuffix(" ...")), (got, want)
        else:
            assert got == want


def test_readme_gives_two_commands_that_the_makefile_defines() -> None:
    readme = (REPO / "README.md").read_text()
    section = readme.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    assert blocks == ["make demo\nmake test\n"]
    makefile = (REPO / "Makefile").read_text()
    demo = makefile.split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    assert "-m stepwell.tools.demo" in demo
    test = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "lit -v tests/filecheck" in test and "pytest" in test and "ruff check" in test


def test_relative_links_resolve() -> None:
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)#:]+)\)", doc.read_text()):
            assert (doc.parent / target).exists(), f"{doc.name}: broken link {target}"
