"""``wgdist-opt``: xdsl-opt with wgdist's dialects and passes, and located diagnostics.

xDSL's ``xdsl-opt`` driver gives the command line (its argparse options: ``-p``,
``--split-input-file``, ``--verify-diagnostics``, ``--print-op-generic``, ...); each hook below
hands its step to the library: :func:`wgdist.ir.parse` reads, :func:`wgdist.ir.check_pipeline`
checks ``-p``, :func:`wgdist.ir.verify` verifies before, between and after passes,
:class:`wgdist.ir.printer.MLIRTarget` prints, and :func:`wgdist.ir.cli.run_tool` turns errors
into messages and exit statuses (the policy all wgdist tools share).

As in mlir-opt 22, ``--split-input-file[=MARKER]`` processes every chunk, prints each error, the
output of the good chunks separated by ``// -----``, and exits 1 if any chunk failed; and
``--verify-diagnostics[=all|only-expected]`` checks the diagnostics of every chunk (parser,
verifier, passes, and the warnings and remarks passes emit) against its ``expected-*`` lines
(:mod:`wgdist.ir.expected`). ``--help`` lists wgdist's passes and the generic ones that apply to
its IR (:data:`GENERIC_PASSES`).
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import sys
from collections.abc import Sequence
from functools import partial
from typing import IO, TYPE_CHECKING

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.universe import Universe
from xdsl.utils.exceptions import DiagnosticException, ParseError

from wgdist.dialects import get_new_dialects, get_replaced_dialects
from wgdist.ir import check_pipeline, located_verify_errors, parse, verify
from wgdist.ir.cli import run_tool
from wgdist.ir.diagnostics import Diagnostic, capture_diagnostics
from wgdist.ir.printer import MLIRTarget
from wgdist.ir.xdsl_driver import xDSLOptMain
from wgdist.passes import get_all_passes

if TYPE_CHECKING:  # imported when --verify-diagnostics is given (start-up)
    from wgdist.ir.expected import ExpectedDiagnostics

# xDSL's generic passes that apply to wgdist's IR; the rest of xDSL's (riscv, x86, snitch, eqsat,
# ...) expect other dialects and fail on XeGPU code, so -p and --help offer only these.
GENERIC_PASSES = (
    "arith-add-fastmath",
    "canonicalize",
    "constant-fold-interp",
    "control-flow-hoist",
    "cse",
    "dce",
    "licm",
    "loop-hoist-memref",
    "reconcile-unrealized-casts",
    "scf-for-loop-flatten",
    "scf-for-loop-range-folding",
    "scf-for-loop-unroll",
)
_USER_ERRORS = (ParseError, DiagnosticException, ValueError, KeyError, NotImplementedError)


def _mlir_style_options(argv: Sequence[str]) -> list[str]:
    """``--split-input-file=M`` and ``--verify-diagnostics=L`` (mlir-opt's ``=`` forms) as
    separate options: argparse would take the input file as the optional value otherwise."""
    out: list[str] = []
    for arg in argv:
        for flag in ("--split-input-file=", "--verify-diagnostics="):
            if arg.startswith(flag):
                out += [flag[:-1] + "-value", arg[len(flag) :]]
                break
        else:
            out.append(arg)
    return out


class WgdistOptMain(xDSLOptMain):
    version_format = "wgdist-opt (xdsl {xdsl_version})"
    chunk_offset: int = 0  # first line of the --split-input-file chunk being parsed

    def __init__(self, args: Sequence[str] | None = None) -> None:
        super().__init__(args=_mlir_style_options(sys.argv[1:] if args is None else args))

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        # replace xDSL's two flags by mlir-opt's (argparse resolves the clash in the group)
        arg_parser._optionals.conflict_handler = "resolve"
        arg_parser.add_argument(
            "--split-input-file",
            action="store_const",
            const="// -----",
            default=None,
            help="split the input at each '// -----' (or --split-input-file=MARKER) and process "
            "every chunk: errors of all chunks, the good chunks' output, exit 1 if any failed",
        )
        arg_parser.add_argument("--split-input-file-value", dest="split_input_file", help=argparse.SUPPRESS)
        arg_parser.add_argument(
            "--output-split-marker",
            default="// -----",
            metavar="MARKER",
            help="the line between the outputs of --split-input-file's chunks (default '// -----'), "
            "as mlir-opt's --output-split-marker=MARKER",
        )
        arg_parser.add_argument(
            "--verify-diagnostics",
            action="store_const",
            const="all",
            default=None,
            help="check the diagnostics against the expected-* lines of the input, as mlir-opt "
            "does (--verify-diagnostics=only-expected: ignore diagnostics no line expects)",
        )
        arg_parser.add_argument(
            "--print-diagnostics",
            action="store_true",
            help="print each chunk's error on stdout and go on, exit 0 (for FileCheck tests of "
            "the messages themselves; xdsl-opt's --verify-diagnostics and --parsing-diagnostics)",
        )
        arg_parser.add_argument(
            "--verify-diagnostics-value",
            dest="verify_diagnostics",
            choices=("all", "", "only-expected"),
            help=argparse.SUPPRESS,
        )

    def register_all_dialects(self) -> None:
        dialects = Universe.get_multiverse().all_dialects
        dialects.update(get_replaced_dialects())
        dialects.update(get_new_dialects())
        for name, factory in dialects.items():
            self.ctx.register_dialect(name, factory)

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name in [n for n in self.available_passes if n not in GENERIC_PASSES]:
            del self.available_passes[name]
        for name, factory in get_all_passes().items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        # xDSL's other targets (llvm, *-asm, mps, csl, wat, wgsl) do not apply to XeGPU modules and
        # fail inside xDSL on them: offer MLIR text only.
        self.available_targets.clear()
        self.available_targets["mlir"] = lambda: MLIRTarget

    def register_all_frontends(self) -> None:
        def parse_mlir(io: IO[bytes]) -> ModuleOp:
            return parse(
                io.read(),
                self.ctx,
                self.get_input_name(),
                line_offset=self.chunk_offset,
                implicit_module=not self.args.no_implicit_module,
            )

        self.available_frontends["mlir"] = parse_mlir

    def setup_pipeline(self) -> None:
        """Check ``-p`` first; verify with :func:`wgdist.ir.verify` wherever xDSL verifies."""
        check_pipeline(self.available_passes, self.args.passes)
        super().setup_pipeline()
        xdsl_callback = self.pipeline.callback

        def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
            verified = self.args.disable_verify
            if not verified:
                verify(module)
            if xdsl_callback is not None:  # --time-passes, --print-between-passes; not a second verify
                self.args.disable_verify = True
                try:
                    xdsl_callback(previous, module, following)
                finally:
                    self.args.disable_verify = verified

        self.pipeline = dataclasses.replace(self.pipeline, callback=callback)

    def apply_passes(self, prog: ModuleOp) -> None:
        """A verifier failure inside a pass names the op and its location."""
        with located_verify_errors(prog):
            super().apply_passes(prog)

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

    def run(self) -> int:  # type: ignore[override]
        """Process every chunk (mlir-opt's ``splitAndProcessBuffer``); return the exit status."""
        if self.args.shrink:
            super().run()
            return 0
        stream, extension = self.get_input_stream()
        with stream:
            data = stream.read()
        marker = self.args.split_input_file
        pieces = data.split(marker.encode()) if marker else [data]
        offsets = [0]
        for piece in pieces[:-1]:
            offsets.append(offsets[-1] + piece.count(b"\n"))
        expected = None
        if self.args.verify_diagnostics is not None:
            from wgdist.ir.expected import ExpectedDiagnostics

            expected = ExpectedDiagnostics(
                self.get_input_name(),
                data.decode(errors="replace"),
                only_expected=self.args.verify_diagnostics == "only-expected",
            )
        output = self.prepare_output()
        status = 0
        try:
            for i, (piece, offset) in enumerate(zip(pieces, offsets, strict=True)):
                if i > 0:
                    output.write(self.args.output_split_marker + "\n")
                if (self.args.print_diagnostics or self.args.parsing_diagnostics) and expected is None:
                    chunk_status = self._process_printed(piece, offset, extension, output)
                elif expected is None:
                    chunk_status = run_tool("wgdist-opt", partial(self._process, piece, offset, extension, output))
                else:
                    chunk_status = self._process_verified(piece, offset, extension, output, expected)
                status = max(status, chunk_status)
                output.flush()
        finally:
            if output is not sys.stdout:
                output.close()
        if expected is not None:
            for message in expected.finish():
                print(message, file=sys.stderr)
            status = max(status, 1 if expected.failed else 0)
        return status

    def _process(self, piece: bytes, offset: int, extension: str, output: IO[str]) -> None:
        """Parse, transform and print one chunk; its output appears only if all of it worked."""
        self.chunk_offset = offset
        try:
            module = self.available_frontends[extension](io.BytesIO(piece))
        except ParseError as e:  # its span counts lines from the chunk's start
            if not e.span.line_offset:
                e.span = dataclasses.replace(e.span, line_offset=offset)
            raise
        self.apply_passes(module)
        output.write(self.output_resulting_program(module))

    def _process_printed(self, piece: bytes, offset: int, extension: str, output: IO[str]) -> int:
        """One chunk under ``--print-diagnostics``: a user error is printed on stdout, status 0."""
        try:
            self._process(piece, offset, extension, output)
        except (ParseError, DiagnosticException) as e:
            print(e)
            for note in getattr(e, "__notes__", ()):
                print(note)
        return 0

    def _process_verified(
        self, piece: bytes, offset: int, extension: str, output: IO[str], expected: ExpectedDiagnostics
    ) -> int:
        """One chunk under ``--verify-diagnostics``: every diagnostic goes to ``expected``."""
        expected.add_chunk(piece.decode(errors="replace"), offset)

        def report(diagnostic: Diagnostic) -> None:
            for message in expected.check(diagnostic):
                print(message, file=sys.stderr)

        text = io.StringIO()
        try:
            with capture_diagnostics(report):
                self._process(piece, offset, extension, text)
        except _USER_ERRORS as e:
            from wgdist.ir.expected import diagnostics_of

            for diagnostic in diagnostics_of(e):
                report(diagnostic)
            return 0
        output.write(text.getvalue())
        return 0


def main(argv: Sequence[str] | None = None) -> None:
    sys.exit(run_tool("wgdist-opt", lambda: WgdistOptMain(args=argv).run()))


if __name__ == "__main__":
    main()
