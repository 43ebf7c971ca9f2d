"""strategy=pipeline's output still reaches SPIR-V that spirv-val accepts through mlir-opt 22's
XeVM pipeline (with-mlir tier, as tests/unit/cli/test_lower_to_spirv.py), for GEMMs whose
unscheduled form lowers: every configuration in :data:`LOWERS` (none is excluded). The forms
LLVM 22 cannot lower, which the pass avoids, are checked as minimal kernels without wgdist, so
that a test fails when LLVM starts lowering one of them (the workaround can then go)."""

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
    # A staged through SLM: its read stays in its step, B's is carried, the prologue's prefetch
    # of A has the load's layout (see pipeline_plan._only_stored_to_slm and
    # pipeline._give_prefetches_layouts for what LLVM 22 does otherwise)
    ("convert", dict(convert=True), "stages=2"),
    ("convert-dynamic", dict(convert=True, dynamic=True), "stages=2"),
    ("convert-rotation", dict(convert=True), "stages=1 fragments=2"),
]
LOWERS += [
    # a value carried over two or three steps: the steady loop runs that many steps per
    # iteration and yields only what it read (pipeline.unroll), the rest follows it unrolled
    ("stages3", {}, "stages=3"),
    ("fragments2", {}, "stages=2 fragments=2"),
    ("stages3-fragments2", dict(k_size=128), "stages=3 fragments=2"),
    ("barrier-stages3", dict(barrier=True), "stages=3 fragments=0"),
    ("convert-stages3", dict(convert=True), "stages=3"),
]
LOWERS += [
    # the same with a trip count known only at run time: the steps after the steady loop are
    # each under an scf.if, which yields only the values read or computed in it
    ("dynamic-stages3", dict(dynamic=True), "stages=3"),
    ("dynamic-fragments2", dict(dynamic=True), "stages=2 fragments=2"),
    ("dynamic-convert-stages3", dict(dynamic=True, convert=True), "stages=3"),
    ("dynamic-barrier-stages4", dict(dynamic=True, barrier=True), "stages=4 fragments=0"),
]

# What LLVM 22 cannot lower, which the forms above avoid, as minimal kernels without wgdist.
# A loop whose scf.yield forwards one of its own iter_args (what a tile read two steps ahead
# in two iter_args would need, one step per iteration): mlir-opt 22's
# xegpu-subgroup-distribute crashes (building the inner gpu.yield of the distributed scf.for);
# the same value through an arith.addf lowers.
ROTATE_CRASH = """
gpu.module @m {
  gpu.func @k(%A: memref<64x16xf16>, %C: memref<8x16xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %t = xegpu.create_nd_tdesc %A : memref<64x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %a = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %b = xegpu.load_nd %t[8, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %r:2 = scf.for %i = %c0 to %c64 step %c8 iter_args(%x = %a, %y = %b) -> (vector<8x16xf16>, vector<8x16xf16>) {
      %n = xegpu.load_nd %t[%i, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      NEXT
      scf.yield %y2, %n : vector<8x16xf16>, vector<8x16xf16>
    }
    %o = xegpu.create_nd_tdesc %C : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.store_nd %r#0, %o[0, 0] : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}
"""
ROTATE_OK = ROTATE_CRASH.replace("NEXT", "%y2 = arith.addf %y, %y : vector<8x16xf16>")
ROTATE_CRASH = ROTATE_CRASH.replace("NEXT\n", "").replace("%y2", "%y")


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
def test_llvm22_crashes_on_a_loop_yielding_its_own_iter_arg() -> None:
    """What the exclusions above are: mlir-opt 22's fault, reproduced without wgdist."""
    assert "scf.yield %y, %n" in ROTATE_CRASH
    assert lower(ROTATE_CRASH)[0] == "crash"
    status, binary = lower(ROTATE_OK)
    assert status == "binary" and binary is not None and spirv_val(binary) in ("", None)


# What the two SLM workarounds of strategy=pipeline avoid (pipeline_plan._only_stored_to_slm,
# pipeline._give_prefetches_layouts), as minimal kernels: a tile loaded for SLM (the load's
# own layout, as wgdist's distribution writes it), stored by xegpu.store_matrix in a loop.
SLM_KERNEL = """
gpu.module @m {
  memref.global "private" @slm : memref<256xi8, 3> = uninitialized
  gpu.func @k(%A: memref<64x16xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %t = xegpu.create_nd_tdesc %A : memref<64x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %slm = memref.get_global @slm : memref<256xi8, 3>
    %md = xegpu.create_mem_desc %slm : memref<256xi8, 3> -> !xegpu.mem_desc<8x16xf16>
    BODY
    gpu.return
  }
}
"""
_L = "<{layout = #xegpu.layout<inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1]>}>"
_LOAD = "xegpu.load_nd %t[AT, 0] " + _L + " : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>"
_STORE = "xegpu.store_matrix VAL, %md[0, 0] : vector<8x16xf16>, !xegpu.mem_desc<8x16xf16>"
# the tile stored is carried in an iter_arg (read one step ahead)
SLM_CARRIED = SLM_KERNEL.replace("BODY", f"""%a = {_LOAD.replace("AT", "0")}
    %r = scf.for %i = %c0 to %c64 step %c8 iter_args(%x = %a) -> (vector<8x16xf16>) {{
      {_STORE.replace("VAL", "%x")}
      %n = {_LOAD.replace("AT", "%i")}
      scf.yield %n : vector<8x16xf16>
    }}""")
# the tile is read in its step, and the descriptor is also prefetched before the loop
_IN_STEP = f"""scf.for %i = %c0 to %c64 step %c8 {{
      %n = {_LOAD.replace("AT", "%i")}
      {_STORE.replace("VAL", "%n")}
    }}"""
SLM_PREFETCH_OUTSIDE = SLM_KERNEL.replace(
    "BODY", "xegpu.prefetch_nd %t[0, 0] : !xegpu.tensor_desc<8x16xf16>\n    " + _IN_STEP)
SLM_PREFETCH_WITH_LAYOUT = SLM_KERNEL.replace(
    "BODY", f"xegpu.prefetch_nd %t[0, 0] {_L} : !xegpu.tensor_desc<8x16xf16>\n    " + _IN_STEP)


@needs_mlir
def test_llvm22_cannot_lower_a_carried_slm_tile_or_an_outside_prefetch_without_layout() -> None:
    """mlir-opt 22's lane-layout propagation assigns a loop-carried vector a layout from its
    users only, and store_matrix gives none; a prefetch outside the loop without the load's
    layout leaves the load's result without one. With the prefetch's layout it lowers."""
    assert lower(SLM_CARRIED)[0] == "error: Failed to update operation with the layout."
    assert lower(SLM_PREFETCH_OUTSIDE)[0].startswith(
        "error: Could not find layout attribute for operand 0 of operation xegpu.store_matrix")
    status, binary = lower(SLM_PREFETCH_WITH_LAYOUT)
    assert status == "binary" and binary is not None and spirv_val(binary) in ("", None)
