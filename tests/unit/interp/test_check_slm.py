"""A kernel whose result lives in shared local memory is judged by what the workgroup program
left there: every element it wrote must hold the same value after the distributed run."""

from __future__ import annotations

from wgdist.checker import check

WG = """
gpu.module @m {
  gpu.func @k() kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %slm = memref.alloc() : memref<8xi32, 3>
    scf.for %s = %c0 to %c4 step %c1 {
      %t = arith.addi %s, %s : index
      %v = arith.index_cast %t : index to i32
      memref.store %v, %slm[%s] : memref<8xi32, 3>
    }
    gpu.return
  }
}
"""

SG = """
gpu.module @m {
  gpu.func @k() kernel {
    %sg = gpu.subgroup_id : index
    %scratch = memref.alloc() : memref<2xf32, 3>
    %slm = memref.alloc() : memref<8xi32, 3>
    %t = arith.addi %sg, FACTOR : index
    %v = arith.index_cast %t : index to i32
    memref.store %v, %slm[%sg] : memref<8xi32, 3>
    gpu.return
  }
}
"""


def test_slm_results_agree_and_count_as_compared() -> None:
    r = check(WG, against=SG.replace("FACTOR", "%sg"), subgroups=4, grid=(2, 1))
    assert r.ok, r.report
    assert "shared local memory: 8 element(s) the workgroup program left there compared" in r.report
    assert "nothing was compared" not in r.report and "NOTHING COMPARED" not in r.report


def test_a_wrong_slm_value_is_named_with_its_workgroup_and_element() -> None:
    wrong = SG.replace("%t = arith.addi %sg, FACTOR : index", "%c1 = arith.constant 1 : index\n    %t = arith.addi %sg, %c1 : index")
    r = check(WG, against=wrong, subgroups=4, grid=(2, 1), schedules=1)
    assert not r.ok
    assert r.comparison.counts == {"slm value": 6}  # sg + 1 vs 2 sg: all but sg 1, in both workgroups
    first = r.comparison.differences[0].message
    assert first.startswith("SLM alloc at <string>:") and "[0] in workgroup (0, 0, 0): workgroup mode 0, subgroup mode 1" in first
