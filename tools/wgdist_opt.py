"""``wgdist-opt``: xdsl-opt with wgdist's dialects and passes, and located diagnostics."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import IO

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, i64
from xdsl.ir import Attribute
from xdsl.printer import Printer
from xdsl.universe import Universe
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    VerifyException,
)
from xdsl.xdsl_opt_main import xDSLOptMain

from wgdist.dialects import get_new_dialects, get_replaced_dialects
from wgdist.passes import get_all_passes


class WgdistOptMain(xDSLOptMain):
    version_format = "wgdist-opt (xdsl {xdsl_version})"
    last_module: ModuleOp | None = None
    chunk_offset: int = 0

    def register_all_dialects(self) -> None:
        dialects = Universe.get_multiverse().all_dialects
        dialects.update(get_replaced_dialects())
        dialects.update(get_new_dialects())
        for name, factory in dialects.items():
            self.ctx.register_dialect(name, factory)

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in get_all_passes().items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        # xDSL's other targets (llvm, *-asm, mps, csl, wat, wgsl) do not apply to XeGPU modules and
        # fail inside xDSL on them: offer MLIR text only.
        self.available_targets.clear()
        self.available_targets["mlir"] = _mlir_target

    def register_all_frontends(self) -> None:
        from wgdist.parser import LocatingParser

        def parse_mlir(io: IO[bytes]) -> ModuleOp:
            data = io.read()
            try:
                text = data.decode()
            except UnicodeDecodeError as e:
                line = data.count(b"\n", 0, e.start) + 1 + self.chunk_offset
                col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
                raise DiagnosticException(
                    f"{self.get_input_name()}:{line}:{col}: error: input is not UTF-8 text "
                    f"(byte 0x{data[e.start]:02x})"
                ) from None
            parser = LocatingParser(self.ctx, text, self.get_input_name())
            parser.line_offset = self.chunk_offset
            self.last_module = parser.parse_module(not self.args.no_implicit_module)
            return self.last_module

        self.available_frontends["mlir"] = parse_mlir

    def setup_pipeline(self) -> None:
        from wgdist.diagnostics import check_pipeline

        check_pipeline(self.available_passes, self.args.passes)
        super().setup_pipeline()

    def apply_passes(self, prog: ModuleOp) -> None:
        """A verifier failure (before or between passes) names the op and its location."""
        from wgdist.diagnostics import first_verify_error

        try:
            super().apply_passes(prog)
        except VerifyException:
            located = first_verify_error(prog)
            if located is None:
                raise
            raise located from None

    def get_input_stream(self) -> tuple[IO[bytes], str]:
        """Like mlir-opt, read any file name as MLIR text unless it names another frontend;
        ``-`` is standard input."""
        if self.args.input_file == "-":
            self.args.input_file = None
        stream, extension = super().get_input_stream()
        if extension not in self.available_frontends:
            extension = "mlir"
        return stream, extension

    def prepare_output(self) -> IO[str]:
        """``-o -`` is standard output, as in mlir-opt."""
        if self.args.output_file == "-":
            return sys.stdout
        return super().prepare_output()

    def parse_chunk(self, chunk: IO[bytes], file_extension: str, start_offset: int = 0) -> ModuleOp | None:
        self.chunk_offset = start_offset
        return super().parse_chunk(chunk, file_extension, start_offset)


class MlirPrinter(Printer):
    """xDSL's printer, but the ``i64`` integers of an array print without their type, as in
    mlir-opt (``[0, 8]``, ``[1, 2 : i32, [3]]``; xDSL writes ``[0 : i64, 8 : i64]``). MLIR elides
    the type there in every context, generic form included (``offsets = [0, 8]`` of
    ``vector.extract_strided_slice``); both spellings parse to the same attribute. The generic
    form sorts dictionaries by name, as mlir-opt's does."""

    def print_attribute(self, attribute: Attribute) -> None:
        if isinstance(attribute, ArrayAttr):
            with self.in_square_brackets():
                self.print_list(attribute.data, self._print_array_element)
            return
        super().print_attribute(attribute)

    def print_attr_dict(self, attr_dict: Mapping[str, Attribute]) -> None:
        """The generic form lists properties and attributes sorted by name, as mlir-opt does
        (its dictionaries are always sorted); xDSL keeps insertion order."""
        if self.print_generic_format:
            attr_dict = dict(sorted(attr_dict.items()))
        super().print_attr_dict(attr_dict)

    def _print_array_element(self, element: Attribute) -> None:
        if isinstance(element, IntegerAttr) and element.type == i64:
            self.print_int(element.value.data)
        else:
            self.print_attribute(element)


def _mlir_target() -> type:
    """xDSL's ``mlir`` target, printing i64 array elements the way mlir-opt does."""
    from dataclasses import dataclass

    from xdsl.context import Context
    from xdsl.targets.mlir import MLIRTarget

    @dataclass(frozen=True)
    class WgdistMLIRTarget(MLIRTarget):
        def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
            if self.syntax_highlight:
                return super().emit(ctx, module, output)
            printer = MlirPrinter(
                stream=output,
                print_generic_format=self.print_generic_format,
                print_properties_as_attributes=self.print_properties_as_attributes,
                print_debuginfo=self.print_debuginfo,
            )
            printer.print_op(module)
            printer.print_metadata(ctx.loaded_dialects)
            print("\n", file=output)

    return WgdistMLIRTarget


def run_tool(tool_factory, argv: Sequence[str] | None, name: str) -> int:  # type: ignore[no-untyped-def]
    """Run an xDSLOptMain-like tool; every user error becomes one message and status 1."""
    from wgdist.diagnostics import PipelineError, first_verify_error

    tool = None
    try:
        tool = tool_factory(argv)
        tool.run()
        return 0
    except ParseError as e:
        print(format_parse_error(e), file=sys.stderr)
    except PipelineError as e:
        print(f"{name}: error: {e}", file=sys.stderr)
    except DiagnosticException as e:
        located = None
        verify_failed = isinstance(e, VerifyException) or "does not verify" in str(e)
        if tool is not None and getattr(tool, "last_module", None) is not None and verify_failed:
            located = first_verify_error(tool.last_module)
        msg = str(located) if located is not None else str(e).split("\n\n", 1)[0]
        print(msg.rstrip(), file=sys.stderr)
    except OSError as e:  # input or -o file: name it and say why, as a user reads it
        what = f"{e.filename}: {e.strerror}" if e.filename and e.strerror else str(e)
        print(f"{name}: error: {what}", file=sys.stderr)
    except ValueError as e:
        print(f"{name}: error: {e}", file=sys.stderr)
    except (KeyError, NotImplementedError) as e:
        print(f"{name}: error: {type(e).__name__}: {e}", file=sys.stderr)
    except ArgSpecParseError as e:  # a BaseException in xDSL 0.74: a malformed -p pipeline
        print(f"{name}: error: {e}".rstrip(), file=sys.stderr)
    except SystemExit as e:  # argparse on a misused command line (it printed why): status 1
        if e.code in (0, None):
            return 0
        return 1
    except Exception as e:  # a bug in wgdist, not in the input: say so, keep the trace optional
        if os.environ.get("WGDIST_TRACEBACK"):
            raise
        print(
            f"{name}: internal error: {type(e).__name__}: {e}\n"
            "(a bug in wgdist; set WGDIST_TRACEBACK=1 to see where)",
            file=sys.stderr,
        )
        return 2
    return 1


def format_parse_error(e: ParseError) -> str:
    """``file:line:col: error: message`` followed by the source line and a caret."""
    loc = e.span.get_location()
    context = str(e).split("\n")
    body = "\n".join(context[1:3])
    msg = e.msg.strip()
    if e.span.start >= len(e.span.input.content.rstrip()):
        msg = "unexpected end of input" + (f" ({msg})" if msg else "")
    return f"{loc.file}:{loc.line}:{loc.col}: error: {msg}\n{body}".rstrip()


def main(argv: Sequence[str] | None = None) -> None:
    sys.exit(run_tool(lambda a: WgdistOptMain(args=a), argv, "wgdist-opt"))


if __name__ == "__main__":
    main()
