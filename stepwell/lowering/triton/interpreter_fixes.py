"""bfloat16 in Triton's interpreter, made to compute as the GPU does, inside a context.

Triton's interpreter (3.4 to 3.9) stores a bfloat16 tile as its raw uint16 bits and then
lets numpy compute on the bits: integer -> bfloat16 casts write the integer as bits
(-5 became NaN, 1 became 9.2e-41), comparisons and `tl.max` order the bit patterns
(-0.0 != 0), negation and math wrap the bits, `tl.dot` multiplies them, and
float32 -> bfloat16 truncates where PyTorch and the GPU round to nearest even.

`unchecked_overflow()` turns off the interpreter's integer-overflow sanitizer (it computes
every int32 add, sub and mul again in int64, about half of a kernel's interpreted time)
and turns on its `tl.device_assert`s (an index out of range), as a GPU kernel with asserts
is compiled: debug on, no overflow sanitizer.

`bf16_semantics()` patches the interpreter's builder for the duration of a launch (and
restores it afterwards, so nothing leaks into the process): a bfloat16 operand is widened
to float32 (exact), the operation runs in float32 and a bfloat16 result is rounded to
nearest even. A handle holds bfloat16 bits when its dtype is bfloat16 and its numpy data
is uint16 (comparison results keep the operand's dtype but hold numpy bools).

`prepare_kernels()` does at load time, for a whole module of kernels at once, what the
interpreter does on each kernel's first launch: rewrite its AST for interpretation.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import hashlib
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

_LOCK = threading.RLock()


def _is_bf16_bits(h: Any, tl: Any) -> bool:
    return (
        getattr(h, "dtype", None) is not None
        and h.dtype.scalar == tl.bfloat16
        and (getattr(h.data, "dtype", None) == np.uint16)
    )


def _tile_type(tl: Any, dtype: Any, shape: Any) -> Any:
    return tl.block_type(dtype, list(shape)) if len(shape) else dtype


def widen_bits(bits: np.ndarray) -> np.ndarray:
    """bfloat16 bits -> float32 values (exact)."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)


def round_to_bf16_bits(values: np.ndarray) -> np.ndarray:
    """float32 values -> bfloat16 bits, rounded to nearest even; NaN stays a quiet NaN."""
    f32 = np.ascontiguousarray(values, dtype=np.float32)
    bits = f32.view(np.uint32)
    rounded = bits + (np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1)))
    out = (rounded >> np.uint32(16)).astype(np.uint16)
    quiet_nan = (bits >> np.uint32(16)).astype(np.uint16) | np.uint16(0x40)
    return np.where(np.isnan(f32), quiet_nan, out).astype(np.uint16)


@contextlib.contextmanager
def bf16_semantics() -> Iterator[None]:
    """Within the block, Triton's interpreter computes bfloat16 as float32 rounded back."""
    from triton.runtime import interpreter

    tl, handle = interpreter.tl, interpreter.TensorHandle
    builder, reduce_ops = interpreter.InterpreterBuilder, interpreter.ReduceOps
    saved = {
        (builder, "cast_impl"): builder.cast_impl,
        (builder, "create_fp_to_fp"): builder.create_fp_to_fp,
        (builder, "binary_op"): builder.binary_op,
        (builder, "unary_op"): builder.unary_op,
        (builder, "create_dot"): builder.create_dot,
        (reduce_ops, "min_max"): reduce_ops.min_max,
    }
    original_cast, original_binary = builder.cast_impl, builder.binary_op
    original_unary, original_dot = builder.unary_op, builder.create_dot
    original_min_max = reduce_ops.min_max

    def widen(h: Any) -> Any:
        return handle(widen_bits(h.data), tl.float32) if _is_bf16_bits(h, tl) else h

    def narrow(h: Any) -> Any:
        return handle(round_to_bf16_bits(h.data), tl.bfloat16)

    def cast_impl(self: Any, src: Any, dst_type: Any) -> Any:
        src = widen(src)
        if dst_type.scalar == tl.bfloat16:
            if src.dtype.scalar == tl.bfloat16:  # a bool result tagged bf16: 0/1 values
                src = handle(np.asarray(src.data, dtype=np.float32), tl.float32)
            return narrow(original_cast(self, src, tl.float32))
        return original_cast(self, src, dst_type)

    def create_fp_to_fp(self: Any, src: Any, dst_type: Any, rounding_mode: Any) -> Any:
        return cast_impl(self, src, dst_type)

    def binary_op(self: Any, lhs: Any, rhs: Any, op: Any) -> Any:
        if not (_is_bf16_bits(lhs, tl) or _is_bf16_bits(rhs, tl)):
            return original_binary(self, lhs, rhs, op)
        out = original_binary(self, widen(lhs), widen(rhs), op)
        return narrow(out) if out.data.dtype == np.float32 else out

    def unary_op(self: Any, arg: Any, op: Any) -> Any:
        if not _is_bf16_bits(arg, tl):
            return original_unary(self, arg, op)
        return narrow(original_unary(self, widen(arg), op))

    def create_dot(self: Any, a: Any, b: Any, d: Any, *rest: Any) -> Any:
        return original_dot(self, widen(a), widen(b), d, *rest)

    def min_max(self: Any, input: Any, val_reduce_op: Any, idx_reduce_op: Any = None) -> Any:
        x = input[0] if isinstance(input, tuple) else input
        if not _is_bf16_bits(x.handle, tl):
            return original_min_max(self, input, val_reduce_op, idx_reduce_op)
        wide = tl.core.tensor(widen(x.handle), _tile_type(tl, tl.float32, x.shape))
        result = original_min_max(self, wide, val_reduce_op, idx_reduce_op)
        values = result[0] if isinstance(result, tuple) else result
        bf16 = tl.core.tensor(narrow(values.handle), _tile_type(tl, tl.bfloat16, values.shape))
        return (bf16, result[1]) if isinstance(result, tuple) else bf16

    patched = {
        (builder, "cast_impl"): cast_impl,
        (builder, "create_fp_to_fp"): create_fp_to_fp,
        (builder, "binary_op"): binary_op,
        (builder, "unary_op"): unary_op,
        (builder, "create_dot"): create_dot,
        (reduce_ops, "min_max"): min_max,
    }
    with _LOCK:
        for (owner, name), fn in patched.items():
            setattr(owner, name, fn)
        try:
            yield
        finally:
            for (owner, name), fn in saved.items():
                setattr(owner, name, fn)


@contextlib.contextmanager
def unchecked_overflow() -> Iterator[None]:
    """Within the block, Triton's interpreter checks `tl.device_assert` (as a GPU kernel
    that holds one is compiled: `emitter.assert_options`) and does not sanitize integer
    overflow (its check computes each int32 op again), unless debug was on already."""
    from triton.runtime import interpreter

    builder = interpreter.interpreter_builder
    with _LOCK:
        saved = builder.options
        if not saved.debug:
            builder.options = dataclasses.replace(saved, debug=True, sanitize_overflow=False)
        try:
            yield
        finally:
            builder.options = saved


INTERP_FORMAT = 1
"""Bump when the text `prepare_kernels` caches changes shape."""


def prepare_kernels(module: ModuleType, source: str, filename: str) -> int:
    """Rewrite every `@triton.jit` function of `module` (defined by `source`) for Triton's
    interpreter now, with one parse, one AST transform and one compile for the module.

    Left to itself, the interpreter rewrites a kernel on its first launch: it reads the
    kernel's source back with `inspect.getsourcelines` (three times), parses, transforms
    and compiles it alone, about 10 ms a kernel and most of a warm first call's overhead
    on CPU. The rewrite here is the interpreter's own transformer, and the result goes
    into the interpreter's own cache, so a launch finds it there. The rewritten module is
    kept as text in the compile cache (`interp-<hash>`, keyed by the source and the
    interpreter's code), so a later process only compiles it: the transform and the
    location fix-up cost 0.4-0.5 s for a zoo model's 19 kernels. Returns how many functions were
    prepared: 0 when this Triton lacks that transformer or cache, and the interpreter
    then rewrites each kernel lazily as before."""
    from triton.runtime import interpreter

    interpreted = getattr(interpreter, "InterpretedFunction", None)
    rewriter = getattr(interpreter, "FunctionRewriter", None)
    cache = getattr(interpreted, "rewritten_fn", None)
    transformer = getattr(rewriter, "ast_transformer", None)
    if not isinstance(cache, dict) or not isinstance(transformer, ast.NodeTransformer):
        return 0
    jitted = {name: v for name, v in vars(module).items() if isinstance(v, interpreted)}
    namespace = vars(module)
    for name, value in vars(interpreter).items():  # what the rewritten code calls
        namespace.setdefault(name, value)
    key = _rewrite_key(source, sorted(jitted), interpreter.__file__)
    rewritten = _run_cached_rewrite(key, set(jitted), namespace)
    if rewritten is None:  # compiled from the tree, whose lines are those of `filename`
        tree = _rewrite(source, filename, set(jitted), transformer)
        rewritten = _run(tree, filename, namespace)
        _store_rewrite(key, ast.unparse(tree))
    for name, fn in rewritten.items():
        if name in jitted:
            cache[jitted[name].fn] = fn
    return sum(name in rewritten for name in jitted)


def _rewrite(
    source: str, filename: str, names: set[str], transformer: ast.NodeTransformer
) -> ast.Module:
    """The functions `names` of `source`, rewritten by the interpreter's transformer."""
    defs = [
        node
        for node in ast.parse(source, filename).body
        if isinstance(node, ast.FunctionDef) and node.name in names
    ]
    for node in defs:
        node.decorator_list = []  # the interpreter's rewrite starts at `def`, too
    tree = ast.Module(body=[transformer.visit(node) for node in defs], type_ignores=[])
    return ast.fix_missing_locations(tree)


def _run(text: str | ast.Module, filename: str, namespace: dict[str, Any]) -> dict[str, Any]:
    rewritten: dict[str, Any] = {}
    exec(compile(text, filename, "exec"), namespace, rewritten)
    return rewritten


@functools.lru_cache(maxsize=8)
def _file_digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _rewrite_key(source: str, names: list[str], interpreter_file: str) -> str:
    import triton

    h = hashlib.sha256()
    for part in (str(INTERP_FORMAT), triton.__version__, _file_digest(interpreter_file),
                 ",".join(names), source):  # fmt: skip
        h.update(part.encode())
        h.update(b"\0")
    return "interp-" + h.hexdigest()[:32]


def _run_cached_rewrite(
    key: str, names: set[str], namespace: dict[str, Any]
) -> dict[str, Any] | None:
    """The rewritten functions from the compile cache's text, or None on a miss (or an
    entry that does not define every function: it is then rewritten and stored again)."""
    from stepwell.lowering.cache import cache_dir, read_entry

    hit = read_entry(key, "kernels", accept=lambda files: isinstance(files.get("interp"), str))
    if hit is None or not isinstance(text := hit[0].get("interp"), str):
        return None
    try:  # the file's path, so that a traceback through a kernel shows its lines
        rewritten = _run(text, str(cache_dir() / key / "kernels.interp"), namespace)
    except SyntaxError:
        return None
    return rewritten if names <= set(rewritten) else None


def _store_rewrite(key: str, text: str) -> None:
    from stepwell.lowering.cache import write_entry

    try:
        write_entry(key, {"interp": text}, {"kind": "interpreter rewrite"}, "kernels")
    except OSError as e:  # a read-only cache costs the next process the rewrite, no more
        warnings.warn(f"stepwell: could not cache the interpreter's rewrite: {e}", stacklevel=3)
