"""Workgroup mode and ``sg_id_range``: the region runs once per workgroup, as a workgroup of the
range's size; ``gpu.subgroup_id`` used for anything else stays an error."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import wgdist
from wgdist.checker import check, infer_subgroups
from wgdist.interp import InterpError, find_function, run_kernel

KERNEL = (Path(__file__).resolve().parents[2] / "filecheck" / "tools" / "wgdist-check-sg-id-range.mlir").read_text()


def test_the_region_runs_once_in_workgroup_mode_and_the_check_agrees() -> None:
    r = check(KERNEL, "xegpu-wg-to-sg-distribute")
    assert r.ok and r.subgroups == 8, r.report
    assert r.wg.buffers[2].n_writes.max() == 1 and r.sg.buffers[2].n_writes.max() == 1
    assert infer_subgroups(find_function(wgdist.parse(KERNEL), None)) == 8


def test_a_wrong_range_in_the_distributed_program_is_caught() -> None:
    sg = wgdist.run_pipeline(wgdist.parse(KERNEL), "xegpu-wg-to-sg-distribute")
    text = str(sg).replace("arith.constant 6 : index", "arith.constant 5 : index")
    r = check(KERNEL, against=text)
    assert not r.ok and r.comparison.counts.get("unwritten", 0) == 256, r.report


NUM = """
func.func @k(%o: memref<2xindex>) {
  %sg = gpu.subgroup_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = gpu.num_subgroups : index
  memref.store %n, %o[%c0] : memref<2xindex>
  %p = arith.cmpi ult, %sg, %c2 : index
  scf.if %p {
    %m = gpu.num_subgroups : index
    memref.store %m, %o[%c1] : memref<2xindex>
  } {sg_id_range = #xegpu.range<[0, 2]>}
  return
}
"""


def test_num_subgroups_inside_the_region_is_the_range_size() -> None:
    r = run_kernel(wgdist.parse(NUM), [np.zeros(2, dtype=np.int64)], subgroups=8, mode="workgroup")
    assert r.buffers[0].data.tolist() == [8, 2]


def test_subgroup_id_for_anything_else_is_an_error_in_workgroup_mode() -> None:
    other = NUM.replace("memref.store %n, %o[%c0]", "memref.store %sg, %o[%c0]")
    with pytest.raises(InterpError, match=r"'gpu.subgroup_id' op has no value in workgroup mode .*only decide the condition of an scf.if with sg_id_range"):
        run_kernel(wgdist.parse(other), [np.zeros(2, dtype=np.int64)], subgroups=8, mode="workgroup")
    no_range = NUM.replace(" {sg_id_range = #xegpu.range<[0, 2]>}", "")
    with pytest.raises(InterpError, match="has no value in workgroup mode"):
        run_kernel(wgdist.parse(no_range), [np.zeros(2, dtype=np.int64)], subgroups=8, mode="workgroup")
