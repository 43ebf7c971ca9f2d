"""layout_access: where LLVM 22 keeps each layout, read and written through one module."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp

import wgdist
from wgdist.dialects.xegpu import LayoutAttr, SgMapAttr, SliceAttr, TensorDescType, WgMapAttr
from wgdist.dialects.xegpu.layout_access import (
    drop_sg_fields,
    operand_layout_anchor,
    set_result_layout,
    to_layout_attr,
    value_layout,
)
from wgdist.layout import Layout

IR = """
func.func @f(%m: memref<128x128xf32>, %a: vector<128x64xf16>, %b: vector<64x128xf16>, %v: vector<128x128xf32>, %acc: vector<128xf32>, %lb: index, %ub: index, %st: index) {
  %t = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #xegpu.wg_map<sg_layout = [4, 4], sg_data = [32, 32]>>
  %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}> : !xegpu.tensor_desc<128x128xf32, #xegpu.wg_map<sg_layout = [4, 4], sg_data = [32, 32]>> -> vector<128x128xf32>
  %d = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.sg_map<sg_layout = [4, 4], sg_data = [32, 32]>, dims = [1]>} [1] : vector<128x128xf32> to vector<128xf32>
  %c = xegpu.convert_layout %v <{input_layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>, target_layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 16]>}> : vector<128x128xf32>
  %e = arith.addf %v, %v : vector<128x128xf32>
  %l = scf.for %i = %lb to %ub step %st iter_args(%it = %x) -> (vector<128x128xf32>) {
    scf.yield %it : vector<128x128xf32>
  }
  xegpu.store_nd %x, %t[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}> : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #xegpu.wg_map<sg_layout = [4, 4], sg_data = [32, 32]>>
  return
}
"""


def _ops(module: ModuleOp) -> dict[str, object]:
    out = {}
    for op in module.walk():
        for r in op.results:
            if r.name_hint:
                out[r.name_hint] = r
        out.setdefault(op.name, op)
    return out


def test_value_layout_reads_each_place() -> None:
    module = wgdist.parse(IR)
    v = _ops(module)
    assert value_layout(v["t"]) == WgMapAttr(sg_layout=[4, 4], sg_data=[32, 32])
    assert value_layout(v["t"]).to_model() == Layout(sg_layout=(4, 4), sg_data=(32, 32))
    assert value_layout(v["x"]) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32])
    assert value_layout(v["d"]) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32])
    r = value_layout(v["r"])
    assert isinstance(r, SliceAttr) and r.to_model().root == Layout(sg_layout=(4, 4), sg_data=(32, 32))
    assert value_layout(v["c"]) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 16])
    assert value_layout(v["e"]) is None
    # the scf.for result has no layout_result_0: its block argument falls back to the init value
    for_op = v["scf.for"]
    assert isinstance(for_op, scf.ForOp)
    assert value_layout(for_op.body.block.args[1]) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32])
    assert value_layout(for_op.body.block.args[0]) is None


def test_set_result_layout_writes_the_right_place() -> None:
    module = wgdist.parse(IR)
    v = _ops(module)
    new = LayoutAttr(sg_layout=[2, 8], sg_data=[64, 16])
    e_op = v["e"].op
    set_result_layout(e_op, 0, new)
    assert e_op.attributes["layout_result_0"] == new and value_layout(v["e"]) == new
    set_result_layout(e_op, 0, None)
    assert "layout_result_0" not in e_op.attributes
    d_op = v["d"].op
    cd = LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32], order=[1, 0])
    set_result_layout(d_op, 0, cd)
    assert d_op.properties["layout_cd"] == cd
    x_op = v["x"].op
    set_result_layout(x_op, 0, None)
    assert "layout" not in x_op.properties
    t_new = set_result_layout(v["t"].op, 0, new)
    assert isinstance(t_new.type, TensorDescType) and t_new.type.layout == new
    users = {u.operation.name for u in t_new.uses}
    assert users == {"xegpu.load_nd", "xegpu.store_nd"}, "uses moved to the retyped value"
    module.verify()


def test_operand_layout_anchor() -> None:
    module = wgdist.parse(IR)
    v = _ops(module)
    dpas = v["d"].op
    assert operand_layout_anchor(dpas, 0) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 64])
    assert operand_layout_anchor(dpas, 1) is None
    assert operand_layout_anchor(v["c"].op, 0) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32])
    assert operand_layout_anchor(v["xegpu.store_nd"], 0) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32])
    assert operand_layout_anchor(v["e"].op, 0) is None


def test_drop_sg_fields() -> None:
    full = LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32], inst_data=[8, 16], lane_layout=[1, 16], lane_data=[1, 1], order=[0, 1])
    assert drop_sg_fields(full) == LayoutAttr(inst_data=[8, 16], lane_layout=[1, 16], lane_data=[1, 1], order=[0, 1])
    assert drop_sg_fields(LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32], order=[0, 1])) is None
    assert drop_sg_fields(LayoutAttr(sg_layout=[4, 4], inst_data=[8, 16], order=[0, 1])) == LayoutAttr(inst_data=[8, 16])
    assert drop_sg_fields(WgMapAttr(sg_layout=[4, 4], sg_data=[32, 32])) is None
    sg = SgMapAttr(sg_layout=[4, 4], sg_data=[32, 32], wi_layout=[1, 16], wi_data=[1, 1])
    assert drop_sg_fields(sg) == SgMapAttr(wi_layout=[1, 16], wi_data=[1, 1])
    sl = SliceAttr(full, [1])
    assert drop_sg_fields(sl) == SliceAttr(drop_sg_fields(full), [1])
    assert drop_sg_fields(SliceAttr(WgMapAttr(sg_layout=[4, 4]), [0])) is None
    assert drop_sg_fields(None) is None


def test_to_layout_attr_upgrades_spellings() -> None:
    sg = SgMapAttr(sg_layout=[4, 4], sg_data=[32, 32], wi_layout=[1, 16], wi_data=[1, 1], order=[0, 1])
    assert to_layout_attr(sg) == LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32], lane_layout=[1, 16], lane_data=[1, 1], order=[0, 1])
    assert to_layout_attr(SliceAttr(WgMapAttr(sg_layout=[4, 4], sg_order=[0, 1]), [1])) == SliceAttr(
        LayoutAttr(sg_layout=[4, 4], order=[0, 1]), [1]
    )
