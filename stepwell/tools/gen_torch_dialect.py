"""Generate `stepwell/dialects/torch.py` from PyTorch's ATen schemas.

Coverage: every functional overload tagged `torch.Tag.core`, every op that PyTorch's
export decomposition table reduces to core ATen, plus every op listed in
`stepwell/tools/model_ops.txt` (what torch.export, Dynamo and AOTAutograd emit for the
example models; `collect_model_ops.py` writes it) and a few symbolic-shape ops.

    python -m stepwell.tools.gen_torch_dialect            # rewrite the file
    python -m stepwell.tools.gen_torch_dialect --check    # exit 1 if the file is stale

An overload is skipped (and then imported as a generic `torch.operator`) when it mutates
its inputs, has an `out=` form, or takes argument types the dialect has no encoding for.
"""

from __future__ import annotations

import argparse
import keyword
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "dialects" / "torch.py"
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


@dataclass(frozen=True)
class Arg:
    name: str
    type: str
    optional: bool  # None allowed
    has_default: bool


def _strip_optional(t: str) -> tuple[str, bool]:
    m = re.fullmatch(r"Optional\[(.*)\]", t)
    return (m.group(1), True) if m else (t, False)


def _overload_key(schema: torch._C.FunctionSchema) -> str:
    ns, op = schema.name.split("::")
    return f"{ns}.{op}.{schema.overload_name or 'default'}"


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


def wanted_overloads() -> list[str]:
    keys: set[str] = set(EXTRA_OPS)
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
            keys.add(f"aten.{op}.{overload or 'default'}")
    # ops that PyTorch's export decomposition table reduces to core ATen: what
    # torch.export emits before decomposition for ordinary models
    for ov in torch.export.default_decompositions():
        if isinstance(ov, torch._ops.OpOverload) and ov.namespace == "aten":
            keys.add(f"aten.{ov._schema.name.split('::')[1]}.{ov._overloadname}")
    if MODEL_OPS.exists():
        for line in MODEL_OPS.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and line.startswith("aten."):
                keys.add(line)
    return sorted(keys)


def _schema_of(key: str) -> torch._C.FunctionSchema | None:
    _, op, overload = key.split(".")
    try:
        return getattr(getattr(torch.ops.aten, op), overload)._schema
    except (AttributeError, RuntimeError):
        return None


def render_class(
    key: str,
    schema: torch._C.FunctionSchema,
    class_name: str | None = None,
    ir_name: str | None = None,
    base: str = "TorchOp",
) -> str:
    """One IRDL class for one overload (shared with gen_prims_dialect)."""
    lines = [
        "@irdl_op_definition",
        f"class {class_name or _class_name(key)}({base}):",
        f'    """{str(schema)}"""',
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
                constr = f"{constr} | NoneAttr"
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
    return "\n".join(lines)


HEADER = '''\
# Generated by stepwell/tools/gen_torch_dialect.py from the ATen schemas of torch {version}.
# DO NOT EDIT: run `make regen-dialects` instead.
"""The `torch` dialect: one op per ATen overload ({count} ops), see torch_support.py."""

# ruff: noqa: E501
from typing import ClassVar

from xdsl.dialects.builtin import NoneAttr, TensorType
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

from stepwell.dialects.torch_support import (
    BOOL,
    DTYPE,
    ENUM,
    FLOAT,
    INT,
    INT_LIST,
    LIST,
    NUMBER,
    STR,
    SYM_TYPES,
    OperatorOp,
    SymAttr,
    TorchOp,
)
'''


def render() -> str:
    classes: list[str] = []
    names: list[str] = []
    for key in wanted_overloads():
        schema = _schema_of(key)
        if schema is None or not _supported(schema):
            continue
        classes.append(render_class(key, schema))
        names.append(_class_name(key))
    assert len(set(names)) == len(names), "class name clash"
    out = [HEADER.format(version=torch.__version__.split("+")[0], count=len(names))]
    out.extend("\n\n" + c + "\n" for c in classes)
    out.append("\n\nTORCH_OP_CLASSES: tuple[type[TorchOp], ...] = (\n")
    out.extend(f"    {n},\n" for n in names)
    out.append(")\n\n")
    out.append(
        'Torch = Dialect("torch", [OperatorOp, *TORCH_OP_CLASSES], [SymAttr])\n'
        '"""All torch-level ops: the generated classes and the generic `torch.operator`."""\n'
    )
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if args.output.read_text() != text:
            print(f"{args.output} is stale: run `make regen-dialects`", file=sys.stderr)
            return 1
        return 0
    args.output.write_text(text)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
