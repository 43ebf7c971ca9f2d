"""The examples and the passes' FileCheck inputs through the full pipeline: every runnable
kernel's distributed program agrees with its workgroup program.

A FileCheck chunk (``// -----``) is runnable when it parses, has one kernel with only static
memref parameters and a layout naming the subgroup count, and the pipeline accepts it (chunks
testing diagnostics are not). The test fails if a file that used to provide runnable kernels
provides none, so that it cannot pass vacuously.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects.builtin import MemRefType
from xdsl.utils.exceptions import DiagnosticException, ParseError

import wgdist
from wgdist.checker import check, infer_subgroups
from wgdist.interp import find_function

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute,reorder-workgroups"
EXAMPLES = sorted((ROOT / "examples").glob("*.mlir"))
FILECHECK = sorted((ROOT / "tests" / "filecheck" / "passes").glob("xegpu-*.mlir"))


def runnable_chunks(path: Path) -> list[tuple[str, str]]:
    out = []
    for i, chunk in enumerate(path.read_text().split("// -----")):
        try:
            m = wgdist.parse(chunk)
            f = find_function(m, None)
            types = f.function_type.inputs.data  # type: ignore[attr-defined]
            if not types or not all(isinstance(t, MemRefType) and all(d > 0 for d in t.get_shape()) for t in types):
                continue
            infer_subgroups(f)
            wgdist.run_pipeline(m.clone(), PIPELINE)
        except (ParseError, DiagnosticException, ValueError):
            continue
        out.append((f"{path.name}#{i}", chunk))
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_agree(path: Path) -> None:
    r = check(path, PIPELINE, grid=(2, 2), seed=1)
    assert r.ok, r.report


def test_pass_filecheck_inputs_agree() -> None:
    ran = 0
    for path in FILECHECK:
        for name, chunk in runnable_chunks(path):
            r = check(chunk, PIPELINE, seed=2)
            assert r.ok, f"{name}\n{r.report}"
            ran += 1
    assert ran >= 5, f"only {ran} runnable kernels in {len(FILECHECK)} FileCheck inputs"
