"""The parser's and printer's fast paths (one regular expression for `%r =`, plain
operands and `loc(...)`, memoized op tails, signature-memoized verification) read and
write exactly what xDSL's general paths do.

The reference is xDSL's generic format, which goes through none of the ops' custom
parse or print code: a module read from its custom text must equal the module read from
its generic text, and print back to the same text. (The generic text is read by
`LocatingParser` too: xDSL's own parser misreads the hexadecimal floats in it.)"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from stepwell.ir.context import make_context
from stepwell.ir.diagnostics import Diagnostic, LocatingParser, verify_located
from stepwell.ir.printing import to_text

CORPUS = Path(__file__).resolve().parents[1] / "fuzz" / "corpus"


def _generic(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out, print_generic_format=True, print_debuginfo=True).print_op(module)
    return out.getvalue()


def _check_against_generic(text: str) -> ModuleOp:
    ctx = make_context()
    fast = LocatingParser(ctx, text, "in.mlir").parse_module()
    general = LocatingParser(ctx, _generic(fast), "generic.mlir").parse_module()
    assert fast.is_structurally_equivalent(general)
    assert to_text(general, locations=True) == to_text(fast, locations=True)
    assert _generic(general) == _generic(fast)
    return fast


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.mlir")), ids=lambda p: p.name)
def test_corpus_reads_as_its_generic_form_and_prints_back(path: Path) -> None:
    text = path.read_text()
    module = _check_against_generic(text)
    assert to_text(module).strip() == text.strip()


SPELLINGS = """\
func.func @f(%x: tensor<4xf32>, %n: i64) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = torch.aten.add.Tensor %x,   %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("m.py":1:2)
  %b = torch.aten.add.Tensor %a, // a comment between operands
      %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c = torch.aten.add.Tensor %b, %a sym(%n) {alpha = #torch.sym<0>} : (tensor<4xf32>, tensor<4xf32>, i64) -> tensor<4xf32> loc("m.py":3:4)
  %s:2 = torch.aten.sort %c {dim = 0 : i64, descending = false} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi64>)
  %d = prims.mul %s#0, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("other file.py":5:6)
  %e = prims.mul %d, %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>   loc("m.py":7:8)
  %f=prims.mul %e,%e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %e, %f : tensor<4xf32>, tensor<4xf32>
}
"""  # noqa: E501 (one op per line, as written)


def test_unusual_spellings_read_as_xdsl_reads_them() -> None:
    module = _check_against_generic(SPELLINGS)
    text = to_text(module, locations=True)
    assert "%c = torch.aten.add.Tensor %b, %a sym(%n) {alpha = #torch.sym<0>}" in text
    assert '%d = prims.mul %s, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> ' \
           'loc("other file.py":5:6)' in text  # fmt: skip
    assert "%f = prims.mul %e, %e" in text


def _first_error(body: str) -> Diagnostic | None:
    """Parse and verify a function `@f(%x: tensor<4xf32>)` with `body` as its ops."""
    text = f"func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {{\n{body}}}\n"
    parser = LocatingParser(make_context(), text, "t.mlir")
    return verify_located(parser.parse_module(), "t.mlir", parser.positions)


def test_a_repeated_op_signature_still_fails_where_its_position_is_wrong() -> None:
    """The second relu has the signature of the first, verified already; ending the
    block without a terminator must still be reported (xDSL checks the position)."""
    diag = _first_error(
        "  %a = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  %b = torch.aten.relu %a : (tensor<4xf32>) -> tensor<4xf32>\n"
    )
    assert diag is not None and diag.line == 3 and "terminator" in diag.message


def test_each_bad_op_is_reported_though_an_equal_good_one_came_first() -> None:
    diag = _first_error(
        "  %a = prims.sum %x {dims = [0 : i64]} : (tensor<4xf32>) -> tensor<f32>\n"
        "  %b = prims.sum %x {dims = [3 : i64]} : (tensor<4xf32>) -> tensor<f32>\n"
        "  func.return %x : tensor<4xf32>\n"
    )
    assert diag is not None and diag.line == 3
