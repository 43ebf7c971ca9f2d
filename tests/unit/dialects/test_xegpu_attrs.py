"""The xegpu attribute/type API: model conversion, builders, printing and verification."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from xdsl.dialects.builtin import NoneAttr, f16, f32
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

import wgdist
from wgdist.dialects.xegpu import (
    BlockTensorDescAttr,
    LayoutAttr,
    MemDescType,
    MemLayoutAttr,
    RangeAttr,
    ScatterTensorDescAttr,
    SgMapAttr,
    SliceAttr,
    TensorDescType,
    WgMapAttr,
)
from wgdist.layout import Layout, SliceLayout


def parse_attr(text: str):
    return Parser(wgdist.context(), text).parse_attribute()


def test_layout_to_model_and_back() -> None:
    a = LayoutAttr(sg_layout=[8, 4], sg_data=[32, 64], inst_data=[8, 16], lane_layout=[1, 16], lane_data=[1, 1], order=[1, 0])
    m = a.to_model()
    assert m == Layout((8, 4), (32, 64), (8, 16), (1, 16), (1, 1), (1, 0))
    assert LayoutAttr.from_model(m) == a
    assert a.is_wg and a.get_rank() == 2


def test_layout_prints_in_llvm22_field_order() -> None:
    a = parse_attr("#xegpu.layout<order = [0, 1], lane_data = [1, 1], lane_layout = [1, 16], sg_data = [16, 32], sg_layout = [2, 2]>")
    assert str(a) == (
        "#xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>"
    )


def test_rfc_spellings_mean_the_same_layout() -> None:
    wg = WgMapAttr(sg_layout=[8, 4], sg_data=[32, 32], sg_order=[0, 1])
    assert wg.to_model() == Layout(sg_layout=(8, 4), sg_data=(32, 32), order=(0, 1))
    assert str(wg) == "#xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>"
    sg = SgMapAttr(sg_layout=[8, 4], sg_data=[32, 32], wi_layout=[1, 16], wi_data=[1, 1])
    assert sg.to_model() == Layout(sg_layout=(8, 4), sg_data=(32, 32), lane_layout=(1, 16), lane_data=(1, 1))
    assert parse_attr(str(sg)) == sg


def test_slice_model_and_nesting() -> None:
    root = LayoutAttr(sg_layout=[8, 4, 2], sg_data=[32, 32, 2])
    s = SliceAttr(SliceAttr(root, [1]), [0])
    m = s.to_model()
    assert isinstance(m, SliceLayout) and m.root == root.to_model() and m.rank == 1
    assert m.kept_dims == (2,)
    assert s.root() == root
    assert parse_attr(str(s)) == s


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"sg_layout": [2, 2], "sg_data": [16, 16], "order": [1, 1]}, r"order \[1, 1\] is not a permutation of 0..1"),
        ({"sg_data": [16, 16], "inst_data": [8, 8]}, "expected sg_layout being used with sg_data"),
        ({"sg_layout": [2, 2], "sg_data": [16]}, "sg_layout 2, sg_data 1"),
        ({"sg_layout": [0, 2]}, r"sg_layout\[0\] = 0 must be at least 1"),
        ({"inst_data": [8, 16], "order": [1, 0]}, "expected sg_layout/lane_layout being used with order"),
        ({}, "expected at least one of sg_layout, inst_data or lane_layout"),
    ],
)
def test_layout_verify_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(VerifyException, match=message):
        LayoutAttr(**kwargs)


def test_lane_layout_without_lane_data_is_accepted_like_llvm22() -> None:
    assert LayoutAttr(lane_layout=[1, 16]).to_model().lane_data is None


def test_rfc_spelling_errors_name_their_own_fields() -> None:
    with pytest.raises(VerifyException, match=r"#xegpu.wg_map: sg_order \[0, 0\] is not a permutation"):
        WgMapAttr(sg_layout=[4, 4], sg_order=[0, 0])
    with pytest.raises(VerifyException, match="wi_layout 2, wi_data 1"):
        SgMapAttr(wi_layout=[1, 16], wi_data=[1])


def test_slice_dims_are_checked() -> None:
    root = LayoutAttr(sg_layout=[8, 4], sg_data=[32, 32])
    with pytest.raises(VerifyException, match=r"repeated dim \(1\)"):
        SliceAttr(root, [1, 1])
    with pytest.raises(VerifyException, match=r"invalid dim \(2\)"):
        SliceAttr(root, [2])


def test_range_and_encodings() -> None:
    assert str(RangeAttr(0, 2)) == "#xegpu.range<[0 : i64, 2 : i64]>"
    with pytest.raises(VerifyException, match="'end' : 2 must be greater than 'start' : 4"):
        RangeAttr(4, 2)
    assert str(BlockTensorDescAttr()) == "#xegpu.block_tdesc_attr<>"
    assert BlockTensorDescAttr().is_default()
    assert str(ScatterTensorDescAttr(chunk_size=8)) == "#xegpu.scatter_tdesc_attr<chunk_size = 8 : i64>"
    ml = MemLayoutAttr({"stride": [1, 32], "block": [16, 16]})
    assert str(ml) == "#xegpu.mem_layout<block = [16, 16], stride = [1, 32]>"
    assert ml.get("stride") == (1, 32)


def test_tensor_desc_type_api() -> None:
    lay = LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32])
    t = TensorDescType([128, 128], f32, BlockTensorDescAttr(), lay)
    assert isinstance(t.encoding, NoneAttr), "an all-default block encoding is dropped"
    assert t.get_shape() == (128, 128) and t.element_type == f32 and t.layout == lay
    assert t.with_layout(None).layout == NoneAttr()
    assert str(t) == "!xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>>"
    t2 = TensorDescType([8, 16], f16, BlockTensorDescAttr(array_length=2))
    assert t2.array_length == 2 and t2.boundary_check


def test_tensor_desc_distributability_is_per_dimension() -> None:
    # wrap in dim 0 (4 tiles on 2 subgroups), sharing in dim 1 (1 tile on 4 subgroups): LLVM 22
    # rejects the mix, wgdist accepts it.
    TensorDescType([128, 32], f32, None, LayoutAttr(sg_layout=[2, 4], sg_data=[32, 32]))
    with pytest.raises(VerifyException, match=r"cannot distribute \[96, 64\].*dim 0: 6 tiles of sg_data 16"):
        TensorDescType([96, 64], f32, None, LayoutAttr(sg_layout=[4, 4], sg_data=[16, 16]))
    with pytest.raises(VerifyException, match="expected layout rank to match tensor rank, got layout rank 1 and tensor rank 2"):
        TensorDescType([128, 128], f32, None, LayoutAttr(sg_layout=[8], sg_data=[16]))


def test_tensor_desc_rejects_slices_with_a_message() -> None:
    with pytest.raises(ParseError, match="#xegpu.slice is not allowed in !xegpu.tensor_desc"):
        parse_attr("!xegpu.tensor_desc<256xf32, #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>>")


def test_mem_desc_type() -> None:
    md = parse_attr("!xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<stride = [1, 32]>>")
    assert isinstance(md, MemDescType) and md.get_shape() == (32, 32)
    assert str(md) == "!xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<stride = [1, 32]>>"


_dims = st.lists(st.integers(1, 8), min_size=1, max_size=3)


@given(st.data())
def test_from_model_print_parse_round_trip(data: st.DataObject) -> None:
    rank = data.draw(st.integers(1, 3))
    arr = st.lists(st.integers(1, 8), min_size=rank, max_size=rank).map(tuple)
    sg_layout = data.draw(st.none() | arr)
    sg_data = data.draw(st.none() | arr) if sg_layout is not None else None
    inst_data = data.draw(st.none() | arr)
    lane_layout = data.draw(st.none() | arr)
    lane_data = data.draw(st.none() | arr) if lane_layout is not None else None
    if sg_layout is None and inst_data is None and lane_layout is None:
        inst_data = data.draw(arr)
    order = None
    if sg_layout is not None or lane_layout is not None:
        order = data.draw(st.none() | st.permutations(range(rank)).map(tuple))
    model = Layout(sg_layout, sg_data, inst_data, lane_layout, lane_data, order)
    attr = LayoutAttr.from_model(model)
    assert attr.to_model() == model
    assert parse_attr(str(attr)) == attr
