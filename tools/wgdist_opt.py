"""``wgdist-opt``: xdsl-opt with wgdist's dialects and passes, and located diagnostics.

xDSL's ``xdsl-opt`` driver gives the command line (its argparse options: ``-p``,
``--split-input-file``, ``--verify-diagnostics``, ``--print-op-generic``, ...); each hook below
hands its step to the library: :func:`wgdist.ir.parse` reads, :func:`wgdist.ir.check_pipeline`
checks ``-p``, :func:`wgdist.ir.verify` verifies before, between and after passes,
:class:`wgdist.ir.printer.MLIRTarget` prints, and :func:`wgdist.ir.cli.run_tool` turns errors
into messages and exit statuses (the policy all wgdist tools share).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.universe import Universe
from xdsl.xdsl_opt_main import xDSLOptMain

from wgdist.dialects import get_new_dialects, get_replaced_dialects
from wgdist.ir import check_pipeline, located_verify_errors, parse, verify
from wgdist.ir.cli import run_tool
from wgdist.ir.printer import MLIRTarget
from wgdist.passes import get_all_passes


class WgdistOptMain(xDSLOptMain):
    version_format = "wgdist-opt (xdsl {xdsl_version})"
    chunk_offset: int = 0  # first line of the --split-input-file chunk being parsed

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
            if not self.args.disable_verify:
                verify(module)
            if xdsl_callback is not None:
                xdsl_callback(previous, module, following)

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


def main(argv: Sequence[str] | None = None) -> None:
    sys.exit(run_tool("wgdist-opt", lambda: WgdistOptMain(args=argv).run()))


if __name__ == "__main__":
    main()
