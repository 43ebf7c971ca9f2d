"""Differential test: wgdist's xegpu-propagate-layout against mlir-opt 22's at the lane and inst
kinds, over every chunk of the pass's FileCheck inputs that has no subgroup layout (at both
kinds) and over restatements of upstream LLVM's own propagation test functions
(``llvm_inputs/lane.mlir`` at lane, ``llvm_inputs/inst.mlir`` at inst) and of the shape_cast
chains after a gather (``llvm_inputs/gather_casts.mlir``, at both).

For each chunk and kind: where mlir-opt 22's assignment is valid (it succeeds and its output
passes wgdist's verifier), wgdist assigns the same layouts to the same ops (descriptor types,
anchor properties, ``layout_result_N``), and wgdist's output verifies under mlir-opt 22.
"The same" is up to spelling below the workgroup level (:func:`~wgdist.layout.rules_below.below_plain`:
LLVM 22 writes the 1-D source of a unit-dim shape_cast as ``#xegpu.slice<lane_layout = [1, 16],
dims = [0]>``, wgdist as ``lane_layout = [16]``; an ``order`` on a layout with lanes along one
dim places nothing). Where mlir-opt 22's assignment is not valid, the chunk is listed in
:data:`LLVM_INVALID`; where it is valid IR but wrong (a dpas operand used under another layout
without a conversion, values left without a layout), in :data:`LLVM_WRONG`, each with the
reason; a listed chunk that agrees again fails the test. Chunks with a subgroup layout are left
out as a class: at these kinds LLVM 22 replaces the user's subgroup layouts by its defaults
(upstream-llvm22.md section 4, item 13), wgdist keeps them and adds the inst/lane fields.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from tests.support.footprint import _parse_any, mlir_opt
from wgdist import print_module, run_pipeline
from wgdist.dialects.xegpu import DISTRIBUTE_LAYOUT_TYPES, TensorDescType
from wgdist.layout import AnyLayout
from wgdist.layout.rules_below import below_plain

needs_mlir = pytest.mark.skipif(mlir_opt() is None, reason="mlir-opt 22 not installed (apt-get install mlir-22-tools)")

INPUTS = sorted(
    p
    for p in (Path(__file__).parents[2] / "filecheck" / "passes").glob("xegpu-propagate-layout*.mlir")
    if "invalid" not in p.name
)

KINDS = ("lane", "inst")

LLVM_INPUTS = Path(__file__).parent / "llvm_inputs"
LLVM_FILES = {"lane.mlir": ("lane",), "inst.mlir": ("inst",), "gather_casts.mlir": KINDS}
"""The restated upstream functions and the layout kinds each file runs at."""

LLVM_INVALID: dict[tuple[str, str], str] = {
    ("@tdesc_gather_chunk", "inst"): "LLVM 22 gives the chunked descriptor inst_data = [16, 0] "
    "(wgdist: [16, 4], the whole chunk, as it does for the chunked load without a descriptor)",
    ("@gather_scatter_chunk32_anchored", "inst"): "LLVM 22 gives the rank-1 mask and offsets the "
    "rank-2 inst_data = [16, 16] of the chunked store's anchor (wgdist: inst_data = [16])",
    ("@gather_row_broadcast_scatter", "inst"): "LLVM 22 gives the rank-1 mask and offsets the "
    "rank-2 inst_data = [16, 16] of the chunked store's anchor (wgdist: inst_data = [16])",
}
"""``(function, kind)`` where mlir-opt 22's assignment is invalid, with the reason."""

LLVM_WRONG: dict[tuple[str, str], str] = {
    ("@widen_narrow_b", "lane"): "LLVM 22 leaves the dpas whose result only feeds func.return "
    "without layout_cd ('op has users but no layout assigned'); wgdist gives it the C default",
    ("@sum_to_b_and_store", "lane"): "the sum is dpas B and stored: LLVM 22 gives it the store's "
    "lane_data = [1, 1] and the dpas layout_b = [2, 1] with no conversion between them "
    "(upstream-llvm22.md section 3); wgdist converts in front of the store",
    ("@branch_b_and_store", "lane"): "as @sum_to_b_and_store, for an scf.if result",
    ("@zero_to_slm", "inst"): "LLVM 22 gives the store_matrix and its value no layout ('op has "
    "users but no layout assigned'; its lowering then stops: 'Could not find layout attribute for "
    "operand 0 of operation xegpu.store_matrix'); wgdist gives the 2-D inst default [8, 16]",
    ("@gather_fold_cube", "lane"): "LLVM 22 takes no shape_cast but 1-D -> 2-D and no reduction "
    "to 2-D ('Expecting output type to be 1D vector'), leaving the cast and the first reduction "
    "without a layout; wgdist keeps the lanes on the innermost dim through the cast",
    ("@gather_fold_cube", "inst"): "as at lane; wgdist's 3-D reduction source is the result's "
    "inst_data [8, 16] with 1 on the reduced dim, so the cast converts to it (inst_data only)",
    ("@gather_reshape_roundtrip", "lane"): "LLVM 22 leaves the 1-D -> 3-D and 3-D -> 2-D casts "
    "without a layout ('Expecting shape cast to be 1D -> 2D'); wgdist: lanes on the innermost dim",
    ("@gather_reshape_roundtrip", "inst"): "as at lane, with inst_data on the innermost dim",
    ("@gather_to_rows", "lane"): "LLVM 22 writes the 256-element gather as a slice of the 16x16 "
    "layout on dims [1], which gives every lane all 256 elements, not the 16 columns the cast "
    "hands on; wgdist: lane_layout = [16] (lane i holds column i)",
    ("@gather_to_rows", "inst"): "as at lane (a slice of inst_data [8, 16] on dims [1]); "
    "wgdist: inst_data = [16] through the cast, converted to the store's [8, 16]",
    ("@row_sums_broadcast_in_loop", "inst"): "LLVM 22 gives the reduction's source (and the "
    "load and descriptor) lane_layout = [1, 16] at layout-kind=inst, a lane layout among inst "
    "layouts (upstream-llvm22.md section 3); wgdist: the inst default [8, 16]",
    ("@gather_reshape_chain", "lane"): "as @gather_reshape_roundtrip",
    ("@gather_reshape_chain", "inst"): "as @gather_reshape_roundtrip",
    ("@gather_to_tile", "lane"): "as @gather_to_rows",
    ("@gather_to_tile", "inst"): "as @gather_to_rows",
    ("@gather_to_transposed_lanes", "lane"): "as @gather_to_rows, and LLVM 22 hands the user's "
    "lane_layout = [4, 4] to the store's [1, 16] with no conversion; wgdist converts both ways",
    ("@gather_to_transposed_lanes", "inst"): "as at lane; LLVM 22 also keeps the user's lane layout "
    "among the inst layouts",
    ("@gather_cube_sums", "lane"): "as @gather_fold_cube",
    ("@gather_cube_sums", "inst"): "as @gather_fold_cube",
}
"""``(function, kind)`` where mlir-opt 22's assignment is valid IR but wrong, with the reason
(each checked to still differ)."""


def _chunks() -> list[tuple[str, str, str]]:
    """``(id, text, kind)`` for every chunk and kind the differential runs."""
    out = []
    for path in INPUTS:
        for i, chunk in enumerate(path.read_text().split("// -----\n")):
            if "func" in chunk and "sg_layout" not in chunk and "sg_map" not in chunk:
                out.extend((f"{path.name}#{i}", chunk, kind) for kind in KINDS)
    for name, kinds in LLVM_FILES.items():
        for i, chunk in enumerate((LLVM_INPUTS / name).read_text().split("// -----\n")):
            if "func" in chunk:
                out.extend((f"llvm_inputs/{name}#{i}", chunk, kind) for kind in kinds)
    return out


CHUNKS = _chunks()


def _function_name(text: str) -> str:
    return "@" + text.split("func @", 1)[1].split("(", 1)[0]


def _assignment(module: ModuleOp) -> list[tuple[str, dict[str, AnyLayout]]]:
    """Per op, in walk order: every layout it carries (properties, attributes, descriptor types
    of its results and its entry block's arguments), compared as models."""
    out = []
    for op in module.walk():
        if op.name in ("builtin.module", "gpu.module"):
            continue
        ent: dict[str, AnyLayout] = {}
        for k, a in {**op.properties, **op.attributes}.items():
            if isinstance(a, DISTRIBUTE_LAYOUT_TYPES):
                ent[k] = a.to_model()
        ent.update(_descriptor_layouts(op))
        out.append((op.name, ent))
    return out


def _descriptor_layouts(op: Operation) -> dict[str, AnyLayout]:
    vals = list(op.results)
    for r in op.regions:
        if r.first_block is not None:
            vals.extend(r.first_block.args)
    return {
        f"type#{i}": v.type.layout.to_model()
        for i, v in enumerate(vals)
        if isinstance(v.type, TensorDescType) and isinstance(v.type.layout, DISTRIBUTE_LAYOUT_TYPES)
    }


def _mlir_opt(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    tool = mlir_opt()
    assert tool is not None
    return subprocess.run([tool, *args, "-"], input=text, capture_output=True, text=True, check=False)


def test_inputs_cover_the_items() -> None:
    """The inputs include the lane/inst functions of each propagation item (so a renamed file
    cannot silently empty the differential)."""
    names = {_function_name(c) for _, c, _ in CHUNKS}
    assert {"@gather_vec", "@gather_chunk", "@tdesc_gather", "@dpas_i8", "@dpas_bf16"} <= names
    assert len([n for n, _, _ in CHUNKS if n.startswith("llvm_inputs/")]) == 22 + 9 + 2 * 4
    listed = set(LLVM_INVALID) | set(LLVM_WRONG)
    assert listed <= {(_function_name(c), k) for _, c, k in CHUNKS}, "an exception names no chunk"


def _spelled_alike(assignment: list[tuple[str, dict[str, AnyLayout]]]) -> list[tuple[str, dict[str, AnyLayout]]]:
    return [(op, {k: below_plain(v) for k, v in ent.items()}) for op, ent in assignment]


@needs_mlir
@pytest.mark.parametrize(("name", "text", "kind"), CHUNKS, ids=[f"{n}-{k}" for n, _, k in CHUNKS])
def test_same_layouts_as_mlir_opt(name: str, text: str, kind: str) -> None:
    fn = _function_name(text)
    theirs = _mlir_opt(
        text, "--xevm-attach-target=chip=pvc", f"--xegpu-propagate-layout=layout-kind={kind}", "--mlir-print-op-generic"
    )
    ours = run_pipeline(text, f"xegpu-propagate-layout{{layout-kind={kind}}}")
    back = _mlir_opt(print_module(ours))
    assert back.returncode == 0, f"mlir-opt 22 rejects wgdist's output: {back.stderr}"
    expected: list[tuple[str, dict[str, AnyLayout]]] | None
    try:
        assert theirs.returncode == 0, theirs.stderr
        expected = _spelled_alike(_assignment(_parse_any(theirs.stdout)))
    except Exception as e:  # noqa: BLE001 - any failure makes LLVM 22's assignment invalid
        expected = None
        why = str(e)
    if (fn, kind) in LLVM_INVALID:
        assert expected is None, f"{fn} [{kind}] is listed as invalid in LLVM 22 but is valid now"
        return
    assert expected is not None, f"mlir-opt 22's assignment is invalid ({why[:300]}); list it in LLVM_INVALID"
    got = _spelled_alike(_assignment(ours))
    if (fn, kind) in LLVM_WRONG:
        assert got != expected, f"{fn} [{kind}] is listed in LLVM_WRONG but both assign the same layouts now"
        return
    assert [o for o, _ in got] == [o for o, _ in expected], "different ops (a conversion or clone inserted)"
    for (op, a), (_, b) in zip(got, expected):
        assert a == b, f"{op}: wgdist {a} mlir-opt 22 {b}"
