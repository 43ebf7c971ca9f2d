"""SLM exchanges in the shape mlir-opt 22's XeVM pipeline lowers (issue 15, the road to an Intel
GPU binary; :mod:`wgdist.passes.distribute.slm`):

* the SLM matrix is a private ``memref.global`` read with ``memref.get_global``, never a
  ``memref.alloca`` (LLVM 22 keeps an alloca inside its lane-level region);
* every ``store_matrix`` of a convert_layout exchange stores at most 16 rows by 16 columns
  (at most 16 elements per lane), from a ``vector.extract_strided_slice`` whose
  ``layout_result_0`` has one column per lane, or from a load whose ``layout`` property has
  lanes; a value whose columns are not a multiple of 16 is stored whole;
* the exchanged values still agree with the workgroup kernel (the interpreter, which reads
  ``memref.get_global`` of SLM globals as one buffer per workgroup).
"""

from __future__ import annotations

import pytest
from xdsl.dialects import memref
from xdsl.dialects.builtin import VectorType

import wgdist
from wgdist import run_pipeline
from wgdist.dialects.memref import GlobalOp
from wgdist.dialects.vector import ExtractStridedSliceOp
from wgdist.dialects.xegpu import LayoutAttr, LoadNdOp, StoreMatrixOp

LANES = [1, 16]


def _convert_kernel(shape: tuple[int, int], a: tuple[list[int], list[int]], b: tuple[list[int], list[int]], elt: str = "f32") -> str:
    """Load ``shape`` split as ``a``, convert it to ``b``, store it (split as ``b``)."""
    t = f"{shape[0]}x{shape[1]}x{elt}"
    la = f"#xegpu.layout<sg_layout = {a[0]}, sg_data = {a[1]}>"
    lb = f"#xegpu.layout<sg_layout = {b[0]}, sg_data = {b[1]}>"
    return f"""
func.func @k(%m: memref<{t}>, %o: memref<{t}>) {{
  %t = xegpu.create_nd_tdesc %m : memref<{t}> -> !xegpu.tensor_desc<{t}, {la}>
  %v = xegpu.load_nd %t[0, 0] <{{layout = {la}}}> : !xegpu.tensor_desc<{t}, {la}> -> vector<{t}>
  %c = xegpu.convert_layout %v <{{input_layout = {la}, target_layout = {lb}}}> : vector<{t}>
  %to = xegpu.create_nd_tdesc %o : memref<{t}> -> !xegpu.tensor_desc<{t}, {lb}>
  xegpu.store_nd %c, %to[0, 0] <{{layout = {lb}}}> : vector<{t}>, !xegpu.tensor_desc<{t}, {lb}>
  func.return
}}
"""


def _lanes(attr: object) -> bool:
    return isinstance(attr, LayoutAttr) and "lane_layout = [1, 16], lane_data = [1, 1]" in str(attr)


CASES = [
    # (shape, input split, target split, element type, expected stored block shape)
    ((64, 64), ([4, 2], [16, 32]), ([2, 4], [32, 16]), "f32", [16, 16]),
    ((128, 64), ([4, 2], [32, 32]), ([2, 4], [64, 16]), "f16", [16, 16]),
    ((32, 32), ([4, 1], [8, 32]), ([2, 2], [16, 16]), "f32", [8, 16]),
    ((64, 32), ([2, 2], [32, 16]), ([4, 1], [16, 32]), "f32", [16, 16]),
]


@pytest.mark.parametrize(("shape", "a", "b", "elt", "block"), CASES)
def test_convert_exchange_stores_lane_blocks_from_an_slm_global(
    shape: tuple[int, int], a: tuple[list[int], list[int]], b: tuple[list[int], list[int]], elt: str, block: list[int]
) -> None:
    text = _convert_kernel(shape, a, b, elt)
    mod = run_pipeline(text, "xegpu-wg-to-sg-distribute")
    assert "memref.alloca" not in str(mod)
    globals_ = [o for o in mod.walk() if isinstance(o, GlobalOp)]
    gets = [o for o in mod.walk() if isinstance(o, memref.GetGlobalOp)]
    assert len(globals_) == 1 and len(gets) == 1
    assert gets[0].name_.string_value() == globals_[0].sym_name.data
    assert "memref<" + str(shape[0] * shape[1] * (4 if elt == "f32" else 2)) + "xi8, 3 : i64>" in str(globals_[0].type)
    stores = [o for o in mod.walk() if isinstance(o, StoreMatrixOp)]
    tile = a[1]
    assert len(stores) == (tile[0] // block[0]) * (tile[1] // block[1])
    for st in stores:
        data_t = st.data.type
        assert isinstance(data_t, VectorType) and list(data_t.get_shape()) == block
        producer = st.data.owner
        if isinstance(producer, ExtractStridedSliceOp):
            assert _lanes(producer.attributes.get("layout_result_0"))
            load = producer.operands[0].owner
        else:
            load = producer
        assert isinstance(load, LoadNdOp)
        assert _lanes(load.properties.get("layout"))
        assert f"inst_data = {block}" in str(load.properties["layout"])
    r = wgdist.check(text, "xegpu-wg-to-sg-distribute", seed=0)
    assert r.ok and r.written == shape[0] * shape[1], r.report


def test_columns_not_a_multiple_of_16_are_stored_whole() -> None:
    text = _convert_kernel((32, 32), ([1, 4], [32, 8]), ([4, 1], [8, 32]))
    mod = run_pipeline(text, "xegpu-wg-to-sg-distribute")
    stores = [o for o in mod.walk() if isinstance(o, StoreMatrixOp)]
    assert [list(s.data.type.get_shape()) for s in stores] == [[32, 8]]  # type: ignore[attr-defined]
    assert not any(isinstance(o, ExtractStridedSliceOp) for o in mod.walk())
    r = wgdist.check(text, "xegpu-wg-to-sg-distribute", seed=0)
    assert r.ok and r.written == 32 * 32, r.report


def test_interpreter_refuses_a_global_outside_slm() -> None:
    text = """
"memref.global"() <{sym_name = "g", type = memref<64xf32>, initial_value, sym_visibility = "private"}> : () -> ()
func.func @k(%o: memref<64xf32>) {
  %b = memref.get_global @g : memref<64xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %b[%c0] : memref<64xf32>
  memref.store %x, %o[%c0] : memref<64xf32>
  func.return
}
"""
    with pytest.raises(Exception, match="only uninitialized shared-local-memory globals"):
        wgdist.check(text, against=text, subgroups=1, seed=0)


_REDUCE_ROWS = """
#l = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16]>
#r = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16]>, dims = [1]>
#o = #xegpu.layout<sg_layout = [8], sg_data = [8]>
func.func @k(%m: memref<64x64xf32>, %o: memref<64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<64x64xf32, #l> -> vector<64x64xf32>
  %z = arith.constant {layout_result_0 = #r} dense<1.0> : vector<64xf32>
  %s = vector.multi_reduction <add>, %v, %z {layout_result_0 = #r} [1] : vector<64x64xf32> to vector<64xf32>
  %c = xegpu.convert_layout %s <{input_layout = #r, target_layout = #o}> : vector<64xf32>
  %to = xegpu.create_nd_tdesc %o : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #o>
  xegpu.store_nd %c, %to[0] <{layout = #o}> : vector<64xf32>, !xegpu.tensor_desc<64xf32, #o>
  func.return
}
"""

_CAST = """
#c = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>
#c1 = #xegpu.layout<sg_layout = [4], sg_data = [64]>
func.func @k(%src: memref<32x32xf32>, %dst: memref<1024xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #c>
  %o = xegpu.create_nd_tdesc %dst : memref<1024xf32> -> !xegpu.tensor_desc<1024xf32, #c1>
  %a = xegpu.load_nd %t[0, 0] <{layout = #c}> : !xegpu.tensor_desc<32x32xf32, #c> -> vector<32x32xf32>
  %f = vector.shape_cast %a {layout_result_0 = #c1} : vector<32x32xf32> to vector<1024xf32>
  xegpu.store_nd %f, %o[0] <{layout = #c1}> : vector<1024xf32>, !xegpu.tensor_desc<1024xf32, #c1>
  func.return
}
"""


def _splitk() -> str:
    from tests.unit.distribute.splitk_gen import kernel_text
    from wgdist.layout import Layout

    a, b, c = Layout((1, 4), (64, 16)), Layout((4, 1), (16, 32), order=(0, 1)), Layout((2, 2), (32, 16))
    return kernel_text(a, b, c, c, (64, 32, 64), "f16", 0, "loaded")


@pytest.mark.parametrize("text", [_REDUCE_ROWS, _CAST, _splitk(), _convert_kernel((64, 64), ([4, 2], [16, 32]), ([2, 4], [32, 16]))],
                         ids=["reduction", "linear", "splitk", "convert"])
def test_every_exchange_stores_what_the_lane_level_needs(text: str) -> None:
    """In every kind of SLM exchange (cross-subgroup reduction, the linear exchange of
    shape_cast/strided slices, split-K partial sums, convert_layout) each ``store_matrix`` of a
    value whose columns are a multiple of 16 stores at most 16 x 16 elements from an op whose
    layout has one column per lane (``layout_result_0``, or a load's ``layout``)."""
    mod = run_pipeline(text, "xegpu-wg-to-sg-distribute")
    stores = [o for o in mod.walk() if isinstance(o, StoreMatrixOp)]
    assert stores
    for st in stores:
        data_t = st.data.type
        assert isinstance(data_t, VectorType)
        rows, cols = data_t.get_shape()
        assert cols == 16 and rows <= 16, data_t
        owner = st.data.owner
        assert _lanes(owner.attributes.get("layout_result_0")) or _lanes(getattr(owner, "properties", {}).get("layout")), owner
    r = wgdist.check(text, "xegpu-wg-to-sg-distribute", seed=0)
    assert r.ok, r.report
