"""Gather/scatter with ``chunk_size`` 1 on values of any rank: the offsets and mask have the
value's shape (one offset per element), so propagation gives them the value's subgroup layout,
whatever it splits. It used to read every 2-D value as ``N x chunk`` rows: a rank-1 layout on the
2-D offsets (a verifier error) or 'cannot derive a layout'."""

from __future__ import annotations

import pytest

import wgdist
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.layout import Layout, same_distribution

PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"

KERNEL = """
func.func @g(%src: memref<4096xf32>, %dst: memref<4096xf32>) {{
  %off = vector.step : vector<32xindex>
  %o2 = vector.broadcast %off : vector<32xindex> to vector<16x32xindex>
  %m = vector.constant_mask [16, 32] : vector<16x32xi1>
  %v = xegpu.load %src[%o2], %m : memref<4096xf32>, vector<16x32xindex>, vector<16x32xi1> -> vector<16x32xf32>
  xegpu.store %v, %dst[%o2], %m <{{layout = #xegpu.layout<sg_layout = {lay}, sg_data = {data}>}}> : vector<16x32xf32>, memref<4096xf32>, vector<16x32xindex>, vector<16x32xi1>
  return
}}
"""


@pytest.mark.parametrize(("lay", "data"), [([2, 1], [8, 32]), ([2, 2], [8, 16]), ([1, 4], [16, 8])])
def test_offsets_of_any_rank_take_the_value_layout(lay: list[int], data: list[int]) -> None:
    src = KERNEL.format(lay=lay, data=data)
    module = wgdist.run_pipeline(src, "xegpu-propagate-layout")
    func = module.body.block.first_op
    assert func is not None
    bcast = next(op for op in func.walk() if op.name == "vector.broadcast")
    got = value_layout(bcast.results[0])
    assert got is not None
    model = got.to_model()
    assert same_distribution((16, 32), model, Layout(sg_layout=tuple(lay), sg_data=tuple(data)))
    r = wgdist.check(src, PIPELINE, seed=0)
    assert r.ok, r.report
    assert r.written > 0, r.report
