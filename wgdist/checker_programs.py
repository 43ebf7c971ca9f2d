"""What a check runs: the workgroup program and its distributed form, read and verified as
wgdist-check needs them (:func:`read_module`, :func:`programs`), the layouts the pipeline's
layout passes assign (:func:`layout_module`), and the diagnostics of all the module copies a
check verifies, each printed once (:func:`each_diagnostic_once`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, NoneAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import ArgSpecParseError, VerifyException

from wgdist import parse, run_pipeline
from wgdist.checker_tiles import against_tiles, distribute_with_tiles
from wgdist.dialects.xegpu import TensorDescType
from wgdist.dialects.xegpu.types import LAYOUT_FITS_SHAPE
from wgdist.interp.kernel_inputs import has_sg_layout, layout_passes
from wgdist.interp.launch import kernel_functions
from wgdist.interp.value_check import TileEntry
from wgdist.ir.diagnostics import (
    Diagnostic,
    PipelineError,
    VerifyError,
    capture_diagnostics,
    location_of,
)
from wgdist.ir.verifier import check_op, located_verify_errors
from wgdist.layout import distribution_errors


def kernels(module: ModuleOp) -> list[Operation]:
    """The functions a check runs by default: the ``gpu.func ... kernel`` functions, else every
    function with a body."""
    funcs = kernel_functions(module)
    return [f for f in funcs if f.name == "gpu.func" and "kernel" in f.attributes] or funcs


def read_module(src: str | Path | ModuleOp, ctx: Context, layout_notes: list[str] | None = None) -> ModuleOp:
    """Parse (text or a file) and verify; a verifier failure names the op and its location.

    With ``layout_notes`` (the workgroup program of an ``--against`` check, which runs without
    being distributed), an op whose only fault is a layout that does not fit or distribute its
    data is accepted and a note is appended instead: the interpreter does not read layouts
    (except their subgroup count)."""
    token = LAYOUT_FITS_SHAPE.set(layout_notes is None)  # a descriptor type's layout, likewise
    try:
        if isinstance(src, ModuleOp):
            module = src
        elif isinstance(src, Path):
            module = parse(src.read_text(), ctx, str(src))
        else:
            module = parse(src, ctx)
    finally:
        LAYOUT_FITS_SHAPE.reset(token)
    if layout_notes is None:
        with located_verify_errors(module):
            module.verify()
        return module
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
            check_op(op)
            check_descriptor_layouts(op)
        except VerifyException as e:
            if "layout" not in str(e):
                raise VerifyError(op, str(e)) from None
            note = (
                f"note: {location_of(op) or '?'}: '{op.name}' {e} (not needed to run the workgroup "
                "program: checked anyway)"
            )
            if note not in layout_notes:
                layout_notes.append(note)
    return module


def check_descriptor_layouts(op: Operation) -> None:
    """A VerifyException for a result descriptor type whose layout does not distribute its
    shape (the check that :data:`LAYOUT_FITS_SHAPE` turned off while parsing)."""
    for r in op.results:
        t = r.type
        if isinstance(t, TensorDescType) and not isinstance(t.layout, NoneAttr):
            errs = distribution_errors(t.get_shape(), t.layout.to_model())
            if errs:
                raise VerifyException(f"result type {t}: its layout cannot distribute {list(t.get_shape())}: {'; '.join(errs)}")


def programs(
    kernel: str | Path | ModuleOp, pipeline: str | None, against: str | Path | ModuleOp | None, ctx: Context,
    notes: list[str], values: bool = True,
) -> tuple[ModuleOp, ModuleOp, list[TileEntry]]:
    """The workgroup program, the distributed one (``against``, or ``pipeline`` applied) and
    which distributed value holds which tile of which workgroup value (:mod:`wgdist.checker_tiles`;
    none without ``values``); with ``against``, the workgroup program's layouts need not
    distribute (``notes`` says where they do not)."""
    wg_mod = read_module(kernel, ctx, notes if against is not None else None)
    tiles: list[TileEntry] = []
    if against is not None:
        sg_mod = read_module(against, ctx)
        if values:
            tiles, tile_notes = against_tiles(wg_mod, sg_mod, ctx)
            notes += tile_notes
    elif pipeline is not None:

        def run(m: ModuleOp) -> None:
            with located_verify_errors(m):
                run_pipeline(m, pipeline, ctx)

        try:
            sg_mod, tiles = distribute_with_tiles(wg_mod, pipeline, ctx, run)
        except ArgSpecParseError as e:  # a BaseException in xDSL 0.74: a malformed pipeline
            raise PipelineError(str(e).rstrip()) from None
    else:
        raise ValueError("give a pipeline or a distributed program (--against) to compare with")
    return wg_mod, sg_mod, tiles


def layout_module(wg_mod: ModuleOp, pipeline: str | None, ctx: Context) -> tuple[ModuleOp, str] | None:
    """The workgroup program after the pipeline's layout passes (:func:`layout_passes`, run on
    a copy, their remarks and warnings dropped: the pipeline's own run printed them), with
    their text; None without such passes, or when no kernel lacks sg_layout (the
    subgroup count is then read from the workgroup program itself)."""
    prefix = layout_passes(pipeline) if pipeline is not None else None
    if prefix is None or all(has_sg_layout(f) for f in kernels(wg_mod)):
        return None
    with capture_diagnostics(lambda _: None):  # the full pipeline's run already reported them
        return run_pipeline(wg_mod.clone(), prefix, ctx), prefix


@contextmanager
def each_diagnostic_once() -> Iterator[None]:
    """Within the block, each warning or remark is printed once (on stderr, as
    :func:`wgdist.ir.diagnostics.emit` prints it), however many copies of a module a check
    verifies or runs passes on: the workgroup program, its copy through the pipeline, the copy
    the layout passes see."""
    seen: set[tuple[str, str, str | None, int | None, int | None]] = set()

    def report(d: Diagnostic) -> None:
        key = (d.severity, d.message, d.file, d.line, d.col)
        if key in seen:
            return
        seen.add(key)
        where = f"{d.file}:{d.line}:{d.col}: " if d.file is not None else ""
        print(f"{where}{d.severity}: {d.message}", file=sys.stderr)

    with capture_diagnostics(report):
        yield
