"""Stores whose layout shares data (layouts-spec 1.3 rule 5): valid, and distributed so that
every element is written exactly once (the interpreter counts the writes of each element),
with the distributed program agreeing with the workgroup program."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.layout import Layout, distribution_errors, owner_counts

PIPE = "xegpu-wg-to-sg-distribute"


def _nd_kernel(shape: tuple[int, int], lay: tuple[int, int], data: tuple[int, int]) -> str:
    s = f"{shape[0]}x{shape[1]}xf32"
    layout = f"#xegpu.layout<sg_layout = [{lay[0]}, {lay[1]}], sg_data = [{data[0]}, {data[1]}]>"
    return f"""
#s = {layout}
func.func @k(%m: memref<{s}>, %o: memref<{s}>) {{
  %t = xegpu.create_nd_tdesc %m : memref<{s}> -> !xegpu.tensor_desc<{s}, #s>
  %v = xegpu.load_nd %t[0, 0] <{{layout = #s}}> : !xegpu.tensor_desc<{s}, #s> -> vector<{s}>
  %w = arith.addf %v, %v {{layout_result_0 = #s}} : vector<{s}>
  %q = xegpu.create_nd_tdesc %o : memref<{s}> -> !xegpu.tensor_desc<{s}, #s>
  xegpu.store_nd %w, %q[0, 0] <{{layout = #s}}> : vector<{s}>, !xegpu.tensor_desc<{s}, #s>
  return
}}"""


def _writes_once(res: wgdist.checker.CheckResult, arg: int) -> None:
    assert res.ok, res.report
    n = res.sg.buffers[arg].n_writes
    assert np.all(n == 1), f"element write counts {sorted(set(n.tolist()))}"


@st.composite
def _sharing_layouts(draw: st.DrawFn) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    shape, lay, data = [], [], []
    for _ in range(2):
        n = draw(st.sampled_from([16, 32]))
        L = draw(st.sampled_from([1, 2, 4]))
        d = draw(st.sampled_from([x for x in (4, 8, 16, 32) if x <= n and n % x == 0 and ((n // x) % L == 0 or L % (n // x) == 0)]))
        shape.append(n)
        lay.append(L)
        data.append(d)
    return (shape[0], shape[1]), (lay[0], lay[1]), (data[0], data[1])


@settings(max_examples=12, deadline=None)
@given(_sharing_layouts())
def test_store_nd_writes_each_element_once(case: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]) -> None:
    shape, lay, data = case
    assert not distribution_errors(shape, Layout(lay, data))
    res = wgdist.check(_nd_kernel(shape, lay, data), PIPE)
    _writes_once(res, 1)


def test_store_nd_sharing_example_is_shared() -> None:
    """The issue's example: 64x64 over [8, 4]/[32, 32], each element held by 8 subgroups."""
    counts = owner_counts((64, 64), Layout((8, 4), (32, 32)))
    assert set(counts.values()) == {8}
    _writes_once(wgdist.check(_nd_kernel((64, 64), (8, 4), (32, 32)), PIPE), 1)


SCATTER_SLICE = """
#l = #xegpu.layout<sg_layout = [4, 8], sg_data = [16, 16]>
#r = #xegpu.slice<#xegpu.layout<sg_layout = [4, 8], sg_data = [16, 16]>, dims = [1]>
func.func @k(%m: memref<64x128xf32>, %o: memref<64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<64x128xf32, #l> -> vector<64x128xf32>
  %z = arith.constant {layout_result_0 = #r} dense<0.0> : vector<64xf32>
  %s = vector.multi_reduction <add>, %v, %z {layout_result_0 = #r} [1] : vector<64x128xf32> to vector<64xf32>
  %off = vector.step {layout_result_0 = #r} : vector<64xindex>
  %mask = arith.constant {layout_result_0 = #r} dense<true> : vector<64xi1>
  xegpu.store %s, %o[%off], %mask <{layout = #r}> : vector<64xf32>, memref<64xf32>, vector<64xindex>, vector<64xi1>
  return
}"""


def test_scatter_store_of_slice_writes_each_element_once() -> None:
    """A row sum scattered with a slice layout was written by all 8 subgroup columns."""
    _writes_once(wgdist.check(SCATTER_SLICE, PIPE), 1)


def test_sharing_store_verifies() -> None:
    """The verifier accepts sharing layouts on store_nd, store and store_matrix (LLVM 22 does)."""
    text = """
func.func @f(%t: !xegpu.tensor_desc<64x64xf32>, %v: vector<64x64xf32>, %m: memref<256xf32>,
             %off: vector<64xindex>, %mask: vector<64xi1>, %w: vector<64xf32>,
             %md: !xegpu.mem_desc<32x32xf32>, %x: vector<32x32xf32>) {
  xegpu.store_nd %v, %t[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32>
  xegpu.store %w, %m[%off], %mask <{layout = #xegpu.layout<sg_layout = [8], sg_data = [16]>}> : vector<64xf32>, memref<256xf32>, vector<64xindex>, vector<64xi1>
  xegpu.store_matrix %x, %md[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>}> : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32>
  return
}"""
    wgdist.verify(wgdist.parse(text))
