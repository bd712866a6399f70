"""`stepwell-opt`: xdsl-opt with stepwell's dialects and passes, and plugins.

    stepwell-opt in.mlir -p 'pass-a,pass-b{opt=1}'
    stepwell-opt in.mlir --load-plugin my_passes.py -p my-pass
    stepwell-opt in.mlir --split-input-file --verify-diagnostics

Every dialect and pass of every installed package that registers an `xdsl.universe`
entry point is available (stepwell registers its own the same way). Bad input ends in
`FILE:LINE:COL: error: ...` on stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    PassFailedException,
)
from xdsl.xdsl_opt_main import xDSLOptMain

from stepwell.dialects import tile
from stepwell.ir.diagnostics import Diagnostic, LocatingParser, from_parse_error, verify_located
from stepwell.ir.levels import ops_by_level
from stepwell.ir.printing import StepwellMLIRTarget
from stepwell.lowering.triton.target_table import text_artifact_targets
from stepwell.plugins import PluginError, load_plugin
from stepwell.universe import stepwell_dialects, stepwell_passes

DESCRIPTION = """\
stepwell's modular optimizer: parse MLIR text with the torch/prims/tile dialects, run a
comma-separated pass pipeline (-p 'a,b{opt=1}') and print the result. Passes and dialects
of installed plugins (entry point `xdsl.universe`) and of --load-plugin files are included.
"""


class StepwellOptMain(xDSLOptMain):
    def __init__(self, args: Sequence[str] | None = None) -> None:
        self._argv = args
        self.plugins = [load_plugin(p) for p in _plugin_paths(args)]
        super().__init__(description=DESCRIPTION, args=args)

    def register_all_dialects(self) -> None:
        super().register_all_dialects()
        known = set(self.ctx.registered_dialect_names)
        for name, factory in stepwell_dialects().items():
            if name not in known:  # stepwell used from a source tree without install
                self.ctx.register_dialect(name, factory)
        for path, plugin in zip(_plugin_paths(self._argv), self.plugins, strict=True):
            for name, factory in plugin.all_dialects.items():
                if name in self.ctx.registered_dialect_names:
                    raise PluginError(f"{path}: error: dialect '{name}' already exists; a "
                                      "plugin may add dialects, not replace them (rename it)")
                self.ctx.register_dialect(name, factory)

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in stepwell_passes().items():
            self.available_passes.setdefault(name, factory)
        for path, plugin in zip(_plugin_paths(self._argv), self.plugins, strict=True):
            for name, factory in plugin.all_passes.items():
                if name in self.available_passes:
                    raise PluginError(f"{path}: error: pass '{name}' already exists; a plugin "
                                      "may add passes, not replace them (rename it)")  # fmt: skip
                self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        super().register_all_targets()
        self.available_targets["mlir"] = lambda: StepwellMLIRTarget
        self.available_targets["triton"] = _emit_triton
        for artifact, target in text_artifact_targets().items():
            self.available_targets[artifact] = _gpu_output(target.name, artifact)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        arg_parser.add_argument(
            "--check-numerics",
            action="store_true",
            help="run the module before and after every pass on the same seeded random "
            "inputs; on a divergence name the pass and the first op whose rewrite diverges, "
            "and exit 1",
        )
        arg_parser.add_argument(
            "--print-pipeline",
            action="store_true",
            help="print the default pipeline from torch to tile level (what torch.compile "
            "and `stepwell compile` run; give them another with pipeline=/--pipeline) and exit",
        )
        arg_parser.add_argument(
            "--load-plugin",
            action="append",
            default=[],
            metavar="FILE.py",
            help="load passes and dialects from a Python file (repeatable)",
        )

    def apply_passes(self, prog: ModuleOp) -> None:
        if not self.args.check_numerics:
            return super().apply_passes(prog)
        from stepwell.ir.numerics import NumericsError, check_pass  # imports torch: lazily

        for p in self.pipeline.passes:
            before = prog.clone()
            PassPipeline((p,), self.pipeline.callback).apply(self.ctx, prog)
            try:
                divergence = check_pass(self.ctx, before, prog, p)
            except NumericsError as e:
                diag = Diagnostic(self.get_input_name(), 0, 0, f"--check-numerics: {e}")
                raise _Failure(diag) from e
            except Exception as e:  # noqa: BLE001 - the reference run itself failed
                first = (str(e).strip().splitlines() or [""])[0][:300]
                diag = Diagnostic(self.get_input_name(), 0, 0, (
                    f"--check-numerics: cannot run the module around pass '{p.name}' on "
                    f"random inputs ({type(e).__name__}: {first})"))  # fmt: skip
                raise _Failure(diag) from e
            if divergence is not None:
                raise _Failure(Diagnostic(self.get_input_name(), 0, 0, divergence.describe(p.name)))

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        if (self.args.frontend or file_extension) != "mlir":
            return super().parse_chunk(chunk, file_extension, start_offset)
        name = self.get_input_name()
        try:
            text = chunk.read().decode()
        except UnicodeDecodeError as e:
            raise _Failure(Diagnostic(name, 0, 0, f"the input is not UTF-8 text ({e.reason} "
                                      f"at byte {e.start})")) from e  # fmt: skip
        if not re.sub(r"//[^\n]*", "", text).strip() and not self.args.split_input_file:
            raise _Failure(Diagnostic(name, 0, 0, "the input is empty: expected MLIR text"))
        parser = LocatingParser(self.ctx, text, name, start_offset)
        module = parser.parse_module(not self.args.no_implicit_module)
        if not self.args.disable_verify:
            diag = verify_located(module, name, parser.positions)
            if diag is not None:
                raise _Failure(diag)
        return module

    def run(self) -> None:
        if self.args.print_pipeline:
            from stepwell.pipeline import default_pipeline

            print(default_pipeline("tile"))
            return
        chunks, file_extension = self.prepare_input()
        output = self.prepare_output()
        failed = False
        try:
            for i, (chunk, offset) in enumerate(chunks):
                if i > 0:
                    output.write("// -----\n")
                diag = self._run_chunk(chunk, file_extension, offset, output)
                if diag is None:
                    continue
                if self.args.verify_diagnostics or self.args.parsing_diagnostics:
                    print(diag, file=output)
                else:
                    print(diag, file=sys.stderr)
                    failed = True
                    break
        finally:
            if output is not sys.stdout:
                output.close()
        if failed:
            sys.exit(1)

    def _run_chunk(
        self, chunk: IO[bytes], file_extension: str, offset: int, output: IO[str]
    ) -> Diagnostic | None:
        try:
            module = self.parse_chunk(chunk, file_extension, offset)
            if module is None:
                return None
            self.apply_passes(module)
            output.write(self.output_resulting_program(module))
            output.flush()
        except _Failure as f:
            return f.diagnostic
        except ParseError as e:
            return from_parse_error(e, offset)
        except (DiagnosticException, PassFailedException, KernelCompileError) as e:
            return Diagnostic(self.get_input_name(), 0, 0, str(e).strip())
        except MemoryError:
            return Diagnostic(self.get_input_name(), 0, 0, "out of memory: a type or literal "
                              "in the input is too large")  # fmt: skip
        except RecursionError:
            return Diagnostic(self.get_input_name(), 0, 0, "the input nests too deeply "
                              "(brackets, types or regions) to be read")  # fmt: skip
        except Exception as e:  # noqa: BLE001 - a defect of stepwell's: one message
            first = (str(e).strip().splitlines() or [""])[0][:300]
            return Diagnostic(self.get_input_name(), 0, 0, (
                f"internal error ({type(e).__name__}: {first}); please report it with "
                "this input"))  # fmt: skip
        finally:
            chunk.close()
        return None


def _tile_kernels(module: ModuleOp, target: str) -> list[tile.KernelOp]:
    """The module's kernels; a module that is not at the tile level is an error."""
    kernels = [op for op in module.ops if isinstance(op, tile.KernelOp)]
    if not kernels:
        level = next((lv for lv in ops_by_level(module) if lv != "tile"), None)
        found = f"it is at the {level} level" if level else "it has no tile.kernel"
        raise KernelCompileError(
            f"-t {target} takes tile-level IR and {found}: lower it with "
            "-p decompose-torch-to-prims,convert-prims-to-tile first"
        )
    return kernels


def _emit_triton(module: ModuleOp, out: IO[str]) -> None:
    """-t triton: the Triton source lower-tile-to-triton makes of a tile-level module."""
    from stepwell.lowering.triton.emitter import emit_module

    out.write(emit_module(_tile_kernels(module, "triton")))


class KernelCompileError(Exception):
    """Some kernels did not compile for a target (the others were printed), or the
    module has none to compile."""


def _gpu_output(target: str, artifact: str):  # type: ignore[no-untyped-def]
    def emit(module: ModuleOp, out: IO[str]) -> None:
        import tempfile

        from stepwell.lowering.triton.emitter import emit_module
        from stepwell.lowering.triton.targets import compile_all, load_for_compile

        kernels = _tile_kernels(module, artifact)
        with tempfile.TemporaryDirectory(prefix="stepwell-opt-") as tmp:
            fns = load_for_compile(emit_module(kernels), Path(tmp))
            results = compile_all(kernels, fns, target)
        errors = []
        for r in results:
            if r.error:
                errors.append(f"kernel {r.name} failed to compile for {target}: {r.error}")
                continue
            out.write(f"// @{r.name}: {artifact} for {target}\n")
            out.write(str(r.asm[artifact]).rstrip() + "\n")
        if errors:
            raise KernelCompileError("\n".join(errors))

    return emit


class _Failure(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic


def _plugin_paths(args: Sequence[str] | None) -> list[str]:
    argv = list(sys.argv[1:] if args is None else args)
    paths: list[str] = []
    for i, a in enumerate(argv):
        if a == "--load-plugin" and i + 1 < len(argv):
            paths.append(argv[i + 1])
        elif a.startswith("--load-plugin="):
            paths.append(a.split("=", 1)[1])
    return paths


def main(args: Sequence[str] | None = None) -> None:
    try:
        StepwellOptMain(args).run()
    except PluginError as e:
        print(e, file=sys.stderr)
        sys.exit(1)
    except FileNotFoundError as e:
        print(f"{e.filename}: error: no such file", file=sys.stderr)
        sys.exit(1)
    except IsADirectoryError as e:
        print(f"{e.filename}: error: is a directory, not an MLIR file", file=sys.stderr)
        sys.exit(1)
    except OSError as e:  # an output path that cannot be written, a permission
        print(f"{e.filename}: error: {e.strerror}", file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:  # output piped into `head`
        sys.stderr.close()
        sys.exit(0)
    except ArgSpecParseError as e:  # a malformed -p pipeline
        print(f"stepwell-opt: error: {e}", file=sys.stderr)
        sys.exit(1)
    except ValueError as e:  # e.g. an unknown pass in -p, an unknown file extension
        print(f"stepwell-opt: error: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
