"""Kernels that broke ``xegpu-propagate-layout,xegpu-wg-to-sg-distribute`` once (adversarial
testing), each proved on the reference interpreter with :func:`wgdist.check`: the distributed
program must compute what the workgroup program computes."""

from __future__ import annotations

import wgdist
from wgdist import run_pipeline

PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


def _agree(src: str) -> str:
    r = wgdist.check(src, PIPELINE, seed=1)
    assert r.ok, src + "\n" + r.report
    agree = [ln for ln in r.report.splitlines() if ln.startswith("agree")]
    assert agree and "(0 element(s) written)" not in agree[0], r.report
    return str(run_pipeline(src, PIPELINE))


# A shape_cast whose result tiles each take row runs from four source tiles: propagation accepts
# it (same elements per subgroup), distribution once rejected it (no tile-to-tile map).
SHAPE_CAST_RUNS = """
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
#o = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 4]>
gpu.module @kernels {
  gpu.func @k(%X: memref<32x32xf32>, %Y: memref<8x32xf32>) kernel {
    %xd = xegpu.create_nd_tdesc %X : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
    %x = xegpu.load_nd %xd[0, 0] : !xegpu.tensor_desc<32x32xf32, #l> -> vector<32x32xf32>
    %x3 = vector.shape_cast %x : vector<32x32xf32> to vector<4x8x32xf32>
    %t = vector.transpose %x3, [1, 0, 2] : vector<4x8x32xf32> to vector<8x4x32xf32>
    %z = arith.constant dense<0.0> : vector<8x32xf32>
    %r = vector.multi_reduction <add>, %t, %z [1] : vector<8x4x32xf32> to vector<8x32xf32>
    %yd = xegpu.create_nd_tdesc %Y : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32, #o>
    xegpu.store_nd %r, %yd[0, 0] : vector<8x32xf32>, !xegpu.tensor_desc<8x32xf32, #o>
    gpu.return
  }
}
"""


def test_shape_cast_assembled_from_runs_of_several_source_tiles() -> None:
    out = _agree(SHAPE_CAST_RUNS)
    assert "vector.insert_strided_slice" in out


def test_shape_cast_runs_inverse_direction() -> None:
    # the same cast backwards: 4x8x32 tiles [1,2,2]/[4,4,4] -> 32x32 [2,2]/[4,4]
    src = """
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 4]>
gpu.module @kernels {
  gpu.func @k(%X: memref<32x32xf32>, %Y: memref<32x32xf32>) kernel {
    %xd = xegpu.create_nd_tdesc %X : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #a>
    %x = xegpu.load_nd %xd[0, 0] : !xegpu.tensor_desc<32x32xf32, #a> -> vector<32x32xf32>
    %x3 = vector.shape_cast %x {layout_result_0 = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4], order = [2, 0, 1]>} : vector<32x32xf32> to vector<4x8x32xf32>
    %e = math.exp %x3 {layout_result_0 = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4], order = [2, 0, 1]>} : vector<4x8x32xf32>
    %y = vector.shape_cast %e {layout_result_0 = #a} : vector<4x8x32xf32> to vector<32x32xf32>
    %yd = xegpu.create_nd_tdesc %Y : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #a>
    xegpu.store_nd %y, %yd[0, 0] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #a>
    gpu.return
  }
}
"""
    out = _agree(src)
    assert out.count("vector.insert_strided_slice") > 0
