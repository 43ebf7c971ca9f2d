"""Differential test: wgdist's xegpu-propagate-layout against mlir-opt 22's at the lane and inst
kinds, over every chunk of the pass's FileCheck inputs that has no subgroup layout.

For each chunk and kind: where mlir-opt 22's assignment is valid (it succeeds and its output
passes wgdist's verifier), wgdist assigns exactly the same layouts to the same ops (descriptor
types, anchor properties, ``layout_result_N``), and wgdist's output verifies under mlir-opt 22.
Where mlir-opt 22's assignment is not valid, the chunk is listed in :data:`LLVM_INVALID` with
the reason. Chunks with a subgroup layout are left out as a class: at these kinds LLVM 22
replaces the user's subgroup layouts by its defaults (upstream-llvm22.md section 4, item 13),
wgdist keeps them and adds the inst/lane fields.
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

needs_mlir = pytest.mark.skipif(mlir_opt() is None, reason="mlir-opt 22 not installed (apt-get install mlir-22-tools)")

INPUTS = sorted(
    p
    for p in (Path(__file__).parents[2] / "filecheck" / "passes").glob("xegpu-propagate-layout*.mlir")
    if "invalid" not in p.name
)

KINDS = ("lane", "inst")

LLVM_INVALID: dict[tuple[str, str], str] = {
    ("@tdesc_gather_chunk", "inst"): "LLVM 22 gives the chunked descriptor inst_data = [16, 0] "
    "(wgdist: [16, 4], the whole chunk, as it does for the chunked load without a descriptor)",
}
"""``(function, kind)`` where mlir-opt 22's assignment is invalid, with the reason."""


def _chunks() -> list[tuple[str, str]]:
    out = []
    for path in INPUTS:
        for i, chunk in enumerate(path.read_text().split("// -----\n")):
            if "func" in chunk and "sg_layout" not in chunk and "sg_map" not in chunk:
                out.append((f"{path.name}#{i}", chunk))
    return out


CHUNKS = _chunks()


def _function_name(text: str) -> str:
    return "@" + text.split("func @", 1)[1].split("(", 1)[0]


def _assignment(module: ModuleOp) -> list[tuple[str, dict[str, object]]]:
    """Per op, in walk order: every layout it carries (properties, attributes, descriptor types
    of its results and its entry block's arguments), compared as models."""
    out = []
    for op in module.walk():
        if op.name in ("builtin.module", "gpu.module"):
            continue
        ent: dict[str, object] = {}
        for k, a in {**op.properties, **op.attributes}.items():
            if isinstance(a, DISTRIBUTE_LAYOUT_TYPES):
                ent[k] = a.to_model()
        ent.update(_descriptor_layouts(op))
        out.append((op.name, ent))
    return out


def _descriptor_layouts(op: Operation) -> dict[str, object]:
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
    names = {_function_name(c) for _, c in CHUNKS}
    assert {"@gather_vec", "@gather_chunk", "@tdesc_gather", "@dpas_i8", "@dpas_bf16"} <= names


@needs_mlir
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("name", "text"), CHUNKS, ids=[n for n, _ in CHUNKS])
def test_same_layouts_as_mlir_opt(name: str, text: str, kind: str) -> None:
    fn = _function_name(text)
    theirs = _mlir_opt(text, f"--xegpu-propagate-layout=layout-kind={kind}", "--mlir-print-op-generic")
    ours = run_pipeline(text, f"xegpu-propagate-layout{{layout-kind={kind}}}")
    back = _mlir_opt(print_module(ours))
    assert back.returncode == 0, f"mlir-opt 22 rejects wgdist's output: {back.stderr}"
    expected: list[tuple[str, dict[str, object]]] | None
    try:
        assert theirs.returncode == 0, theirs.stderr
        expected = _assignment(_parse_any(theirs.stdout))
    except Exception as e:  # noqa: BLE001 - any failure makes LLVM 22's assignment invalid
        expected = None
        why = str(e)
    if (fn, kind) in LLVM_INVALID:
        assert expected is None, f"{fn} [{kind}] is listed as invalid in LLVM 22 but is valid now"
        return
    assert expected is not None, f"mlir-opt 22's assignment is invalid ({why[:300]}); list it in LLVM_INVALID"
    got = _assignment(ours)
    assert [o for o, _ in got] == [o for o, _ in expected], "different ops (a conversion or clone inserted)"
    for (op, a), (_, b) in zip(got, expected):
        assert a == b, f"{op}: wgdist {a} mlir-opt 22 {b}"
