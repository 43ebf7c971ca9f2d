"""At layout-kind=subgroup, every kernel of the propagation FileCheck inputs goes on through
xegpu-wg-to-sg-distribute and computes what the workgroup program computes (``wgdist.checker.check_all``
on random inputs, every function of the chunk).

A kernel here is a chunk with a subgroup layout (or ``num-subgroups``); a function that takes or
returns workgroup-level vectors (the pass's unit-style inputs) is run with those vectors moved to
memory (:func:`.kernelize.kernelize`: loaded through descriptors without a layout, results stored),
so the propagation decides their layouts too. A chunk returning a scalar has nowhere to put it and
is counted in ``SCALAR_RESULTS`` (the class cannot grow unnoticed). :data:`OPTIONS` lists the
chunks that need a distribution option, with the reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.unit.propagate.kernelize import kernelize
from wgdist.checker import check_all

PASSES = Path(__file__).parents[2] / "filecheck" / "passes"

OPTIONS: dict[str, tuple[str, str]] = {
    "xegpu-propagate-layout-rfc-appendix.mlir#0": (
        "{slm-bytes=262144}",
        "the RFC's explicit 256x256 f32 conversion before the reduction exchanges 256 KiB through "
        "shared local memory, more than the default 128 KiB a workgroup has",
    ),
    "xegpu-propagate-layout-conflicts.mlir#0": (
        "{slm-bytes=262144}",
        "the RFC appendix 1.2 shape: the 256x256 f32 dpas result converts to the reduction's "
        "layout through 256 KiB of shared local memory",
    ),
}
"""Chunk -> (xegpu-wg-to-sg-distribute options, why)."""

_SIGNATURE = re.compile(r"func @\w+\(([^)]*)\)")


def _chunks() -> tuple[list[tuple[str, str]], list[str]]:
    kernels, scalar_results = [], []
    for path in sorted(PASSES.glob("xegpu-propagate-layout*.mlir")):
        if "invalid" in path.name:
            continue
        for i, chunk in enumerate(path.read_text().split("// -----\n")):
            sigs = _SIGNATURE.findall(chunk)
            if not sigs or not any(k in chunk for k in ("sg_layout", "sg_map", "num-subgroups")):
                continue
            name = f"{path.name}#{i}"
            kernel = kernelize(chunk)
            if kernel is None:
                scalar_results.append(name)
            else:
                kernels.append((name, kernel))
    return kernels, scalar_results


KERNELS, SCALAR_RESULTS = _chunks()


def test_the_inputs_hold_kernels() -> None:
    assert len(KERNELS) >= 55, [n for n, _ in KERNELS]
    assert len(SCALAR_RESULTS) <= 1, SCALAR_RESULTS
    assert set(OPTIONS) <= {n for n, _ in KERNELS}


@pytest.mark.parametrize(("name", "text"), KERNELS, ids=[n for n, _ in KERNELS])
def test_propagated_kernel_distributes_and_agrees(name: str, text: str) -> None:
    options = OPTIONS.get(name, ("", ""))[0]
    results = check_all(text, f"xegpu-propagate-layout,xegpu-wg-to-sg-distribute{options}", seed=0)
    for r in results:
        assert r.ok, r.report
        assert r.written > 0, r.report
