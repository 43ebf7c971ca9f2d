"""Kernels that broke ``xegpu-propagate-layout,xegpu-wg-to-sg-distribute`` once (adversarial
testing), each proved on the reference interpreter with :func:`wgdist.check`: the distributed
program must compute what the workgroup program computes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from wgdist import run_pipeline
from wgdist.ir.diagnostics import OpError
from wgdist.layout import Layout, RuleError, shape_cast_source_layout
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.regather import run_plan

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


# A column reduction that only feeds a vector.reduction: no anchor downstream gives the reduced
# vector (or its accumulator constant) a layout; it must follow its source (exact i32 compare).
REDUCE_TO_SCALAR_I32 = """
#l = #xegpu.layout<sg_layout = [2, 4], sg_data = [4, 4]>
gpu.module @kernels {
  gpu.func @k(%X: memref<16x32xi32>, %Y: memref<16x32xi32>) kernel {
    %xd = xegpu.create_nd_tdesc %X : memref<16x32xi32> -> !xegpu.tensor_desc<16x32xi32, #l>
    %x = xegpu.load_nd %xd[0, 0] : !xegpu.tensor_desc<16x32xi32, #l> -> vector<16x32xi32>
    %z = arith.constant dense<0> : vector<32xi32>
    %r = vector.multi_reduction <add>, %x, %z [0] : vector<16x32xi32> to vector<32xi32>
    %s = vector.reduction <maxsi>, %r : vector<32xi32> into i32
    %b = vector.broadcast %s : i32 to vector<16x32xi32>
    %y = arith.subi %x, %b : vector<16x32xi32>
    %yd = xegpu.create_nd_tdesc %Y : memref<16x32xi32> -> !xegpu.tensor_desc<16x32xi32, #l>
    xegpu.store_nd %y, %yd[0, 0] : vector<16x32xi32>, !xegpu.tensor_desc<16x32xi32, #l>
    gpu.return
  }
}
"""


def test_reduction_feeding_only_a_scalar_reduction_follows_its_source() -> None:
    _agree(REDUCE_TO_SCALAR_I32)
    prop = str(run_pipeline(REDUCE_TO_SCALAR_I32, "xegpu-propagate-layout"))
    assert "#xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [4, 4], order = [1, 0]>, dims = [0]>" in prop


# shape_cast 1024 -> 32x32 where the users need [4,2]/[4,8]: no 1-D source layout gives the same
# elements per subgroup, so the cast keeps its source's distribution and the result converts.
SHAPE_CAST_CONFLICT = """
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [4, 8]>
#v = #xegpu.layout<sg_layout = [8], sg_data = [32]>
gpu.module @kernels {
  gpu.func @k(%X: memref<32x32xf32>, %V: memref<1024xf32>, %Y: memref<32x32xf32>) kernel {
    %xd = xegpu.create_nd_tdesc %X : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
    %x = xegpu.load_nd %xd[0, 0] : !xegpu.tensor_desc<32x32xf32, #l> -> vector<32x32xf32>
    %vd = xegpu.create_nd_tdesc %V : memref<1024xf32> -> !xegpu.tensor_desc<1024xf32, #v>
    %v = xegpu.load_nd %vd[0] : !xegpu.tensor_desc<1024xf32, #v> -> vector<1024xf32>
    %v2 = vector.shape_cast %v : vector<1024xf32> to vector<32x32xf32>
    %c = arith.cmpf ogt, %x, %v2 : vector<32x32xf32>
    %s = arith.select %c, %x, %v2 : vector<32x32xi1>, vector<32x32xf32>
    %yd = xegpu.create_nd_tdesc %Y : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
    xegpu.store_nd %s, %yd[0, 0] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #l>
    gpu.return
  }
}
"""


def test_shape_cast_without_a_matching_source_layout_converts_its_result() -> None:
    _agree(SHAPE_CAST_CONFLICT)
    prop = str(run_pipeline(SHAPE_CAST_CONFLICT, "xegpu-propagate-layout"))
    assert prop.count("xegpu.convert_layout") == 1
    assert "sg_layout = [8, 1], sg_data = [1, 32]" in prop


# extract_strided_slice / insert_strided_slice had no propagation rule: the slice had no layout.
STRIDED_SLICES = """
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 8]>
gpu.module @kernels {
  gpu.func @k(%X: memref<16x32xf32>, %Y: memref<16x32xf32>) kernel {
    %xd = xegpu.create_nd_tdesc %X : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #l>
    %x = xegpu.load_nd %xd[0, 0] : !xegpu.tensor_desc<16x32xf32, #l> -> vector<16x32xf32>
    %s = vector.extract_strided_slice %x {offsets = [OFFS], sizes = [SIZES], strides = [1, 1]} : vector<16x32xf32> to vector<SMALLxf32>
    %e = math.exp %s : vector<SMALLxf32>
    %i = vector.insert_strided_slice %e, %x {offsets = [0, 0], strides = [1, 1]} : vector<SMALLxf32> into vector<16x32xf32>
    %yd = xegpu.create_nd_tdesc %Y : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #l>
    xegpu.store_nd %i, %yd[0, 0] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32, #l>
    gpu.return
  }
}
"""


def _slices(offs: str, sizes: str) -> str:
    return STRIDED_SLICES.replace("OFFS", offs).replace("SIZES", sizes).replace("SMALL", sizes.replace(", ", "x"))


@pytest.mark.parametrize(("offs", "sizes"), [("0, 16", "16, 16"), ("8, 16", "8, 16")])
def test_strided_slices_take_the_layout_of_the_larger_vector(offs: str, sizes: str) -> None:
    out = _agree(_slices(offs, sizes))
    assert "xegpu.convert_layout" not in out


def test_strided_slice_off_the_tile_grid_converts_and_agrees() -> None:
    """A window off its source's tile grid: every subgroup holds the whole window, cut from the
    whole source, and its users convert (propagation's fallback, issue 12); it used to be refused."""
    out = _agree(_slices("0, 8", "16, 16"))
    # the source goes through SLM whole; each subgroup cuts the window from all of it
    assert "xegpu.store_matrix" in out and "gpu.barrier" in out, out
    assert "offsets = [0, 8], sizes = [16, 16]" in out and "vector<16x32xf32> to vector<16x16xf32>" in out, out


# A flatten-to-1-D round trip between two 2-D layouts neither of which has a 1-D equivalent
# (wrap along the columns): the 1-D values take a contiguous block layout and both sides convert.
FLATTEN_ROUND_TRIP = """
#a = #xegpu.layout<sg_layout = [1, 8], sg_data = [4, 16], order = [0, 1]>
#s = #xegpu.layout<sg_layout = [8, 1], sg_data = [2, 8], order = [0, 1]>
gpu.module @kernels {
  gpu.func @k(%X: memref<16x64xf32>, %Y: memref<16x64xf32>) kernel {
    %xd = xegpu.create_nd_tdesc %X : memref<16x64xf32> -> !xegpu.tensor_desc<16x64xf32, #a>
    %x = xegpu.load_nd %xd[0, 0] : !xegpu.tensor_desc<16x64xf32, #a> -> vector<16x64xf32>
    %f = vector.shape_cast %x : vector<16x64xf32> to vector<1024xf32>
    %e = math.exp %f : vector<1024xf32>
    %y = vector.shape_cast %e : vector<1024xf32> to vector<16x64xf32>
    %yd = xegpu.create_nd_tdesc %Y : memref<16x64xf32> -> !xegpu.tensor_desc<16x64xf32, #s>
    xegpu.store_nd %y, %yd[0, 0] : vector<16x64xf32>, !xegpu.tensor_desc<16x64xf32, #s>
    gpu.return
  }
}
"""


def test_flatten_round_trip_between_layouts_without_a_1d_equivalent() -> None:
    _agree(FLATTEN_ROUND_TRIP)
    prop = str(run_pipeline(FLATTEN_ROUND_TRIP, "xegpu-propagate-layout"))
    assert "sg_layout = [8], sg_data = [128]" in prop


# An scf.if result that only feeds a vector.reduction takes the layout of what its branches yield.
IF_TO_SCALAR = """
#l = #xegpu.layout<sg_layout = [4], sg_data = [8]>
gpu.module @kernels {
  gpu.func @k(%X: memref<64xf32>, %Y: memref<64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %cond = arith.cmpi eq, %bid, %c0 : index
    %xd = xegpu.create_nd_tdesc %X : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #l>
    %x = xegpu.load_nd %xd[0] : !xegpu.tensor_desc<64xf32, #l> -> vector<64xf32>
    %r = scf.if %cond -> (vector<64xf32>) {
      %e = math.exp %x : vector<64xf32>
      scf.yield %e : vector<64xf32>
    } else {
      scf.yield %x : vector<64xf32>
    }
    %t = vector.reduction <maximumf>, %r : vector<64xf32> into f32
    %b = vector.broadcast %t : f32 to vector<64xf32>
    %yd = xegpu.create_nd_tdesc %Y : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #l>
    xegpu.store_nd %b, %yd[0] : vector<64xf32>, !xegpu.tensor_desc<64xf32, #l>
    gpu.return
  }
}
"""


def test_if_result_feeding_only_a_scalar_reduction_follows_its_branches() -> None:
    _agree(IF_TO_SCALAR)


def _i32_affine_kernel(lay_b: str) -> str:
    vals = ", ".join(str(i) for i in range(32))
    return f"""
#a = #xegpu.layout<sg_layout = [4], sg_data = [4]>
#b = #xegpu.layout<{lay_b}>
gpu.module @kernels {{
  gpu.func @k(%X: memref<32xi32>, %Y: memref<32xi32>, %Z: memref<32xi32>) kernel {{
    %xa = xegpu.create_nd_tdesc %X : memref<32xi32> -> !xegpu.tensor_desc<32xi32, #a>
    %xb = xegpu.create_nd_tdesc %X : memref<32xi32> -> !xegpu.tensor_desc<32xi32, #b>
    %va = xegpu.load_nd %xa[0] : !xegpu.tensor_desc<32xi32, #a> -> vector<32xi32>
    %vb = xegpu.load_nd %xb[0] : !xegpu.tensor_desc<32xi32, #b> -> vector<32xi32>
    %c = arith.constant dense<[{vals}]> : vector<32xi32>
    %h = arith.constant dense<0x7FFFFFFF> : vector<32xi32>
    %sa = arith.addi %va, %c : vector<32xi32>
    %sa2 = arith.minsi %sa, %h : vector<32xi32>
    %sb = arith.muli %vb, %c : vector<32xi32>
    %yd = xegpu.create_nd_tdesc %Y : memref<32xi32> -> !xegpu.tensor_desc<32xi32, #a>
    xegpu.store_nd %sa2, %yd[0] : vector<32xi32>, !xegpu.tensor_desc<32xi32, #a>
    %zd = xegpu.create_nd_tdesc %Z : memref<32xi32> -> !xegpu.tensor_desc<32xi32, #b>
    xegpu.store_nd %sb, %zd[0] : vector<32xi32>, !xegpu.tensor_desc<32xi32, #b>
    gpu.return
  }}
}}
"""


def test_affine_i32_constant_with_two_layouts() -> None:
    # the per-tile shift is an index: it must be cast to i32 before the broadcast (was invalid IR)
    out = _agree(_i32_affine_kernel("sg_layout = [4], sg_data = [2]"))
    assert "arith.index_cast" in out


def test_layouts_with_different_subgroup_counts_are_a_diagnostic() -> None:
    # 4 subgroups for #a, 2 for #b: two subgroups would skip #b's data (was accepted silently)
    with pytest.raises(OpError, match=r"'xegpu.create_nd_tdesc' op sg_layout size 2 .* differs from the 4 subgroups"):
        run_pipeline(_i32_affine_kernel("sg_layout = [2], sg_data = [16]"), PIPELINE)


# ---- property: every shape_cast the propagation accepts is distributable --------------------------
@st.composite
def _cast_case(draw: st.DrawFn) -> tuple[tuple[int, ...], Layout, tuple[int, ...]]:
    m, n = draw(st.sampled_from([8, 16, 32])), draw(st.sampled_from([8, 16, 32]))
    lm = draw(st.sampled_from([1, 2, 4]))
    ln = draw(st.sampled_from([1, 2, 4]))
    dm = draw(st.sampled_from([d for d in (1, 2, 4, 8, 16, 32) if m % d == 0 and (m // d) % lm == 0]))
    dn = draw(st.sampled_from([d for d in (1, 2, 4, 8, 16, 32) if n % d == 0 and (n // d) % ln == 0]))
    order = draw(st.sampled_from([(1, 0), (0, 1)]))
    a = draw(st.sampled_from([d for d in (2, 4) if m % d == 0]))
    shape3 = draw(st.sampled_from([(a, m // a, n), (m, n // 2, 2), (m * n,)]))
    return (m, n), Layout((lm, ln), (dm, dn), order=order), shape3


@settings(max_examples=60, deadline=None)
@given(_cast_case())
def test_accepted_shape_casts_are_distributable(case: tuple[tuple[int, ...], Layout, tuple[int, ...]]) -> None:
    src, src_layout, res = case
    try:
        res_layout = shape_cast_source_layout(src_layout, res, src)  # the layout of the result side
    except RuleError:
        return
    ds, d = Dist(src, src_layout), Dist(res, res_layout)
    ids = np.arange(int(np.prod(src))).reshape(src)
    plan = run_plan(ds, d, ids, ids.reshape(res))
    assert plan is not None
    for s in range(d.num_subgroups):  # the plan reads exactly the result's elements, per subgroup
        got = []
        for runs in plan:
            flat = np.zeros(int(np.prod(d.tile_shape)), dtype=int)
            for j, q, p, k in runs:
                start = ds.table[s][j]
                tile = ids[tuple(slice(o, o + t) for o, t in zip(start, ds.tile_shape))].ravel()
                flat[p : p + k] = tile[q : q + k]
            got.append(flat)
        want = [
            ids.reshape(res)[tuple(slice(o, o + t) for o, t in zip(start, d.tile_shape))].ravel()
            for start in d.table[s]
        ]
        assert all(np.array_equal(a, b) for a, b in zip(got, want))
