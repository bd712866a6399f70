"""Generate `stepwell/dialects/torch.py` and its op reference from PyTorch's ATen schemas.

Coverage: every functional overload tagged `torch.Tag.core`, every op that PyTorch's
export decomposition table reduces to core ATen, plus every op listed in
`stepwell/tools/model_ops.txt` (what torch.export, Dynamo and AOTAutograd emit for the
example models; `collect_model_ops.py` writes it) and a few symbolic-shape ops.

    python -m stepwell.tools.gen_torch_dialect            # rewrite both files
    python -m stepwell.tools.gen_torch_dialect --check    # exit 1 if either is stale

The op reference, `docs/dialects/torch.md`, lists every generated op with its schema,
grouped by why the op is covered.

An overload is skipped (and then imported as a generic `torch.operator`) when it mutates
its inputs, has an `out=` form, or takes argument types the dialect has no encoding for.
"""

from __future__ import annotations

import argparse
import keyword
import re
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "dialects" / "torch.py"
DOCS = ROOT.parent / "docs" / "dialects" / "torch.md"
MODEL_OPS = Path(__file__).with_name("model_ops.txt")

# Always generated: symbolic-shape queries that dynamic graphs contain.
EXTRA_OPS = ("aten.sym_size.int", "aten.sym_numel.default", "aten.sym_stride.int")

# Python names an IRDL field may not take (Operation attributes, keywords).
RESERVED = {
    "name", "operands", "results", "regions", "attributes", "properties", "parent",
    "successors", "result", "sym_args", "self", "location", "type", "verify", "print", "parse",
}  # fmt: skip

# schema type (as printed by `Argument.real_type`) -> property constraint expression
PROP_CONSTRAINTS = {
    "int": "INT",
    "float": "FLOAT",
    "number": "NUMBER",
    "bool": "BOOL",
    "str": "STR",
    "ScalarType": "DTYPE",
    "Layout": "ENUM",
    "MemoryFormat": "ENUM",
    "Device": "ENUM",
    "List[int]": "INT_LIST",
    "List[float]": "LIST",
    "List[bool]": "LIST",
    "List[number]": "LIST",
}
TENSOR_TYPES = {"Tensor", "Optional[Tensor]", "List[Tensor]", "List[Optional[Tensor]]"}


def _strip_optional(t: str) -> tuple[str, bool]:
    m = re.fullmatch(r"Optional\[(.*)\]", t)
    return (m.group(1), True) if m else (t, False)


def _ir_name(key: str) -> str:
    ns, op, overload = key.split(".")
    return f"torch.{ns}.{op}" + ("" if overload == "default" else f".{overload}")


def _class_name(key: str) -> str:
    _, op, overload = key.split(".")
    parts = [p for p in re.split(r"_+", op) if p]
    camel = ("_" if op.startswith("_") else "") + "".join(p[:1].upper() + p[1:] for p in parts)
    ov = "" if overload == "default" else overload[:1].upper() + overload[1:]
    return f"Aten{camel}{ov.replace('_', '')}Op"


def _field(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) or name in RESERVED else name


def _supported(schema: torch._C.FunctionSchema) -> bool:
    if schema.is_mutable or any(a.is_out for a in schema.arguments):
        return False
    for a in schema.arguments:
        t = str(a.real_type)
        base, _ = _strip_optional(t)
        if t not in TENSOR_TYPES and base not in PROP_CONSTRAINTS:
            return False
    for r in schema.returns:
        if str(r.type) not in {"Tensor", "List[Tensor]", "int", "float", "bool", "number"}:
            return False
    return True


# Why an overload is covered, in order of precedence (the sections of the op reference).
CORE = "Core ATen (`torch.Tag.core`)"
EXPORT = "Decomposed by `torch.export.default_decompositions()`"
MODELS = "Emitted for the example models (`model_ops.txt`)"
SYMBOLIC = "Symbolic shapes"
SECTIONS = (CORE, EXPORT, MODELS, SYMBOLIC)


def overload_sources() -> dict[str, str]:
    """Every wanted overload (`aten.add.Tensor`) -> the first section that wants it."""
    found: dict[str, set[str]] = {section: set() for section in SECTIONS}
    found[SYMBOLIC].update(EXTRA_OPS)
    for name in torch._C._dispatch_get_all_op_names():
        if not name.startswith("aten::"):
            continue
        op, _, overload = name[len("aten::") :].partition(".")
        try:
            packet = getattr(torch.ops.aten, op)
            ov = getattr(packet, overload or "default")
        except (AttributeError, RuntimeError):
            continue
        if torch.Tag.core in ov.tags:
            found[CORE].add(f"aten.{op}.{overload or 'default'}")
    # ops that PyTorch's export decomposition table reduces to core ATen: what
    # torch.export emits before decomposition for ordinary models
    for ov in torch.export.default_decompositions():
        if isinstance(ov, torch._ops.OpOverload) and ov.namespace == "aten":
            found[EXPORT].add(f"aten.{ov._schema.name.split('::')[1]}.{ov._overloadname}")
    if MODEL_OPS.exists():
        for line in MODEL_OPS.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and line.startswith("aten."):
                found[MODELS].add(line)
    sources: dict[str, str] = {}
    for section in SECTIONS:
        for key in sorted(found[section]):
            sources.setdefault(key, section)
    return sources


def wanted_overloads() -> list[str]:
    return sorted(overload_sources())


def _schema_of(key: str) -> torch._C.FunctionSchema | None:
    _, op, overload = key.split(".")
    try:
        return getattr(getattr(torch.ops.aten, op), overload)._schema
    except (AttributeError, RuntimeError):
        return None


def _docstring(schema: torch._C.FunctionSchema) -> str:
    """The schema as a docstring body, backslashes escaped so that `__doc__` is verbatim."""
    return str(schema).replace("\\", "\\\\")


def render_class(
    key: str,
    schema: torch._C.FunctionSchema,
    class_name: str | None = None,
    ir_name: str | None = None,
    base: str = "TorchOp",
    pure: bool = False,
) -> str:
    """One IRDL class for one overload (shared with gen_prims_dialect); `pure` adds the
    `Pure` trait, so xDSL's dce, cse and canonicalize may erase and merge it."""
    lines = [
        "@irdl_op_definition",
        f"class {class_name or _class_name(key)}({base}):",
        f'    """{_docstring(schema)}"""',
        "",
        f'    name = "{ir_name or _ir_name(key)}"',
        f'    OVERLOAD: ClassVar[str] = "{key}"',
    ]
    props: list[str] = []
    n_group = 0
    has_sym = False
    for a in schema.arguments:
        t = str(a.real_type)
        field = _field(a.name)
        if t == "Tensor":
            lines.append(f"    {field} = operand_def(TensorType)")
        elif t == "Optional[Tensor]":
            lines.append(f"    {field} = opt_operand_def(TensorType)")
            n_group += 1
        elif t in TENSOR_TYPES:
            lines.append(f"    {field} = var_operand_def(TensorType)")
            n_group += 1
            if t == "List[Optional[Tensor]]":  # positions of the Nones, see torch_support
                props.append(f'    {a.name}_nones = opt_prop_def(LIST, prop_name="{a.name}")')
        else:
            base, optional = _strip_optional(t)
            constr = PROP_CONSTRAINTS[base]
            has_sym |= constr in {"INT", "FLOAT", "NUMBER", "INT_LIST", "LIST", "BOOL"}
            if optional:
                constr = f"{constr} | NoneType"
            kind = "opt_prop_def" if (optional or a.has_default_value()) else "prop_def"
            pname = f', prop_name="{a.name}"' if field != a.name else ""
            props.append(f"    {field} = {kind}({constr}{pname})")
    if has_sym:
        lines.append("    sym_args = var_operand_def(SYM_TYPES)")
        n_group += 1
    lines.extend(props)
    rets = [str(r.type) for r in schema.returns]
    for i, r in enumerate(rets):
        rname = "result" if len(rets) == 1 else f"result{i}"
        if r == "Tensor":
            lines.append(f"    {rname} = result_def(TensorType)")
        elif r == "List[Tensor]":
            lines.append(f"    {rname} = var_result_def(TensorType)")
        else:
            lines.append(f"    {rname} = result_def(SYM_TYPES)")
    if n_group > 1:
        lines.append("    irdl_options = (AttrSizedOperandSegments(as_property=True),)")
    if pure:
        lines.append("    traits = traits_def(Pure())")
    return "\n".join(lines)


def is_pure(key: str, schema: torch._C.FunctionSchema) -> bool:
    """A functional overload: it returns something, writes no argument and draws no
    random numbers (at the torch level every value is immutable, so views are pure too)."""
    _, op, overload = key.split(".")
    tags = getattr(getattr(torch.ops.aten, op), overload).tags
    return (
        bool(schema.returns)
        and not schema.is_mutable
        and not any(a.alias_info is not None and a.alias_info.is_write for a in schema.arguments)
        and torch.Tag.nondeterministic_seeded not in tags
    )


CLASS_IMPORTS = """\
from typing import ClassVar

from xdsl.dialects.builtin import NoneType, TensorType
from xdsl.ir import Dialect
from xdsl.irdl import (
    AttrSizedOperandSegments,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
    var_result_def,
)
"""
"""What a generated module of op classes imports (shared with gen_prims_dialect)."""

CONSTRAINTS = ("BOOL", "DTYPE", "ENUM", "FLOAT", "INT", "INT_LIST", "LIST", "NUMBER", "STR",
               "SYM_TYPES")  # fmt: skip
"""The property constraints of torch_support.py that `render_class` refers to."""


def support_imports(*extra: str) -> str:
    """`from stepwell.dialects.torch_support import (...)`: the constraints, then `extra`."""
    names = "".join(f"    {n},\n" for n in (*CONSTRAINTS, *extra))
    return f"from stepwell.dialects.torch_support import (\n{names})\n"


HEADER = (
    """\
# Generated by stepwell/tools/gen_torch_dialect.py from the ATen schemas of torch {version}.
# DO NOT EDIT: run `make regen-dialects` instead.
\"\"\"The `torch` dialect: one op per ATen overload ({count} ops), see torch_support.py.\"\"\"

# ruff: noqa: E501
"""
    + CLASS_IMPORTS.replace("    result_def,\n", "    result_def,\n    traits_def,\n")
    + "from xdsl.traits import Pure\n"
    + "\n"
    + support_imports("OperatorOp", "SymAttr", "TorchOp")
)


def generated_overloads() -> list[tuple[str, torch._C.FunctionSchema]]:
    """(overload, schema) of every class the dialect gets, sorted by overload."""
    out: list[tuple[str, torch._C.FunctionSchema]] = []
    for key in wanted_overloads():
        schema = _schema_of(key)
        if schema is not None and _supported(schema):
            out.append((key, schema))
    return out


def _torch_version() -> str:
    return torch.__version__.split("+")[0]


def render(ops: list[tuple[str, torch._C.FunctionSchema]] | None = None) -> str:
    ops = generated_overloads() if ops is None else ops
    classes = [render_class(key, schema, pure=is_pure(key, schema)) for key, schema in ops]
    names = [_class_name(key) for key, _ in ops]
    assert len(set(names)) == len(names), "class name clash"
    out = [HEADER.format(version=_torch_version(), count=len(names))]
    out.extend("\n\n" + c + "\n" for c in classes)
    out.append("\n\nTORCH_OP_CLASSES: tuple[type[TorchOp], ...] = (\n")
    out.extend(f"    {n},\n" for n in names)
    out.append(")\n\n")
    out.append(
        'Torch = Dialect("torch", [OperatorOp, *TORCH_OP_CLASSES], [SymAttr])\n'
        '"""All torch-level ops: the generated classes and the generic `torch.operator`."""\n'
    )
    return "".join(out)


DOCS_HEADER = """\
<!-- Generated by stepwell/tools/gen_torch_dialect.py from the ATen schemas of torch {version}.
     DO NOT EDIT: run `make regen-dialects` instead. -->

# The `torch` dialect

One op per ATen overload, generated from PyTorch's own schemas: {count} ops. Names follow
torch-mlir (`torch.aten.add.Tensor`, `torch.aten.sum.dim_IntList`; the `default` overload
is left out). The Python class of each op is in `stepwell.dialects.torch`; its docstring is
the schema below and its `OVERLOAD` the `torch.ops` path (`aten.add.Tensor`).

Tensor arguments are operands in schema order: `[%a, %b]` for a `Tensor[]`, `none` for an
absent `Tensor?`. Every other argument is a property holding a constant (`dim = 1 : i64`,
`dtype = f16`, `device = "cpu"`); a property whose value is computed in the graph holds
`#torch.sym<i>`, the i-th value of the op's trailing `sym(...)` operands. Arguments equal
to their schema default are left out.

```mlir
{example}
```

An overload without a class here (it mutates its inputs, has an `out=` form or takes an
argument type the dialect cannot encode) imports as the generic `torch.operator`, which
carries its full name, so import never fails on an unknown op.
"""


DOCS_EXAMPLE = (
    "%0 = torch.aten.add.Tensor %a, %b {alpha = 2 : i64}"
    ' : (tensor<?x64xf32, ["s0"]>, tensor<?x64xf32, ["s0"]>) -> tensor<?x64xf32, ["s0"]>\n'
    "%1 = torch.aten.view %0 sym(%n) {size = [#torch.sym<0>, 8 : i64, 8 : i64]}"
    ' : (tensor<?x64xf32, ["s0"]>, i64) -> tensor<?x8x8xf32, ["s0"]>\n'
    '%2 = torch.operator "aten.narrow_copy.default"(%a) {args = [#torch.sym<0>, 3 : i64]}'
    ' : (tensor<?x64xf32, ["s0"]>) -> tensor<?x64xf32, ["s0"]>'
)


def _md_code(text: str) -> str:
    return "`" + text.replace("|", "\\|") + "`"


def render_docs(ops: list[tuple[str, torch._C.FunctionSchema]] | None = None) -> str:
    """docs/dialects/torch.md: the generated ops, one table per coverage section."""
    ops = generated_overloads() if ops is None else ops
    sources = overload_sources()
    out = [DOCS_HEADER.format(version=_torch_version(), count=len(ops), example=DOCS_EXAMPLE)]
    for section in SECTIONS:
        rows = [(key, schema) for key, schema in ops if sources[key] == section]
        if not rows:
            continue
        out.append(f"\n## {section}: {len(rows)} ops\n\n")
        out.append("| op | class | ATen schema |\n|---|---|---|\n")
        out.extend(
            f"| {_md_code(_ir_name(key))} | {_md_code(_class_name(key))} "
            f"| {_md_code(str(schema))} |\n"
            for key, schema in rows
        )
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a file is stale")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT, help="the dialect")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the op reference")
    args = parser.parse_args(argv)
    ops = generated_overloads()
    files = {args.output: render(ops), args.docs: render_docs(ops)}
    if args.check:
        stale = [p for p, text in files.items() if not p.is_file() or p.read_text() != text]
        for path in stale:
            print(f"{path} is stale: run `make regen-dialects`", file=sys.stderr)
        return 1 if stale else 0
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
