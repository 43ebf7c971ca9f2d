"""strategy=pipeline's output still reaches SPIR-V that spirv-val accepts through mlir-opt 22's
XeVM pipeline (with-mlir tier, as tests/unit/cli/test_lower_to_spirv.py), for GEMMs whose
unscheduled form lowers. :data:`LLVM22_FAILS` lists the scheduled kernels LLVM 22 does not lower
although their unscheduled form does, with LLVM 22's first error; the test fails when one starts
working, so the list stays exact."""

from __future__ import annotations

import pytest

import wgdist
from tests.support.footprint import mlir_opt
from tests.unit.cli.lowering import lower, spirv_val
from tests.unit.schedule.gemm_gen import DISTRIBUTE, gemm

needs_mlir = pytest.mark.skipif(mlir_opt() is None, reason="mlir-opt 22 not installed (apt-get install mlir-22-tools)")

SMALL = dict(m=16, n=16, sg=(2, 1), dm=8, dn=16)
LOWERS = [
    ("static", {}, "stages=2"),
    ("dynamic", dict(dynamic=True), "stages=2"),
    ("barrier", dict(barrier=True), "stages=2"),
    ("small", SMALL, "stages=2"),
    ("no-prefetch", dict(prefetch=False), "stages=2"),
    ("rotation", {}, "stages=1 fragments=2"),
    ("rotation-dynamic", dict(dynamic=True), "stages=1 fragments=0"),
]
LLVM22_FAILS = {
    # A read rotated through two iter_args (distance 2: stages=3, or fragment 0 with fragments=2)
    # makes the loop yield one of its own iter_args unchanged: mlir-opt 22's
    # xegpu-subgroup-distribute crashes on that (building a gpu.yield); the same kernel with
    # the forwarded values passed through an arith.addf lowers.
    ("static", "stages=3"): ({}, "crash"),
    ("static", "stages=2 fragments=2"): ({}, "crash"),
    # A loop-carried tile stored to SLM (convert_layout exchange): LLVM 22's lane-layout
    # propagation finds no layout for it.
    ("convert", "stages=2"): (dict(convert=True), "error: Failed to update operation with the layout."),
}


def _lowered(kw: dict[str, object], options: str | None) -> tuple[str, bytes | None]:
    passes = DISTRIBUTE + (f",xegpu-k-loop-schedule{{{options}}}" if options else "")
    return lower(str(wgdist.run_pipeline(wgdist.parse(gemm(**kw)), passes)))  # type: ignore[arg-type]


@needs_mlir
@pytest.mark.parametrize("name,kw,options", LOWERS, ids=[c[0] for c in LOWERS])
def test_scheduled_gemm_lowers_to_valid_spirv(name: str, kw: dict[str, object], options: str) -> None:
    status, binary = _lowered(kw, options)
    assert status == "binary" and binary is not None, f"{name}: {status}"
    assert binary[:4] == b"\x03\x02\x23\x07", "not a SPIR-V module (magic number)"
    assert spirv_val(binary) in ("", None)


@needs_mlir
@pytest.mark.parametrize("key", sorted(LLVM22_FAILS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_documented_exclusions_are_still_what_they_say(key: tuple[str, str]) -> None:
    kw, why = LLVM22_FAILS[key]
    unscheduled, _ = _lowered(kw, None)
    assert unscheduled == "binary", f"{key}: the unscheduled kernel no longer lowers: {unscheduled}"
    status, _ = _lowered(kw, key[1])
    if status != why and status != "binary":  # once more: a loaded machine can kill mlir-opt
        status, _ = _lowered(kw, key[1])
    assert status == why, f"{key}: now {status!r}: move it to LOWERS if it lowers"
