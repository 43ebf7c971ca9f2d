"""Op builders and helpers: ops built in Python verify and print like their parsed forms."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, VectorType, f16, f32
from xdsl.dialects.test import TestOp as _ValueSource
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.xegpu import (
    CachePolicy,
    CachePolicyAttr,
    ConvertLayoutOp,
    CreateNdTdescOp,
    DpasOp,
    FenceOp,
    FenceScope,
    LayoutAttr,
    LoadNdOp,
    MemorySpace,
    PrefetchNdOp,
    StoreNdOp,
    TensorDescType,
    UpdateNdOffsetOp,
)


def _values(*types):
    op = _ValueSource(result_types=list(types))
    return op.results


def test_nd_builders_and_mixed_offsets() -> None:
    mem, i = _values(MemRefType(f16, [64, 64]), _index())
    tdesc_t = TensorDescType([16, 16], f16)
    create = CreateNdTdescOp(mem, tdesc_t, offsets=[0, i])
    create.verify()
    assert create.mixed_offsets() == [0, i]
    assert list(create.const_offsets.get_values()) == [0, DYNAMIC_INDEX]
    load = LoadNdOp(create.result, VectorType(f16, [16, 16]), offsets=[i, 8], l1_hint=CachePolicyAttr(CachePolicy.CACHED))
    load.verify()
    assert load.mixed_offsets() == [i, 8]
    assert list(load.properties) == sorted(load.properties), "properties sorted as mlir-opt prints them"
    store = StoreNdOp(load.value, create.result, offsets=[0, 0])
    store.verify()
    assert store.mixed_offsets() == [0, 0]
    pre = PrefetchNdOp(create.result)
    pre.verify()
    assert pre.mixed_offsets() == []
    upd = UpdateNdOffsetOp(create.result, [i, 16])
    upd.verify()
    assert upd.mixed_offsets() == [i, 16] and upd.result.type == tdesc_t


def _index():
    from xdsl.dialects.builtin import IndexType

    return IndexType()


def test_load_nd_shape_is_checked() -> None:
    (t,) = _values(TensorDescType([16, 16], f16))
    with pytest.raises(VerifyException, match=r"Result shape \[8, 16\] is not consistent with tensor descriptor"):
        LoadNdOp(t, VectorType(f16, [8, 16])).verify()
    LoadNdOp(t, VectorType(f16, [8, 16, 2]), packed=True).verify()


def test_dpas_builder_and_layout_checks() -> None:
    a, b = _values(VectorType(f16, [128, 64]), VectorType(f16, [64, 128]))
    ok = DpasOp(
        a, b, VectorType(f32, [128, 128]),
        layout_a=LayoutAttr(sg_layout=[4, 4], sg_data=[32, 64]),
        layout_b=LayoutAttr(sg_layout=[4, 4], sg_data=[64, 32]),
        layout_cd=LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32]),
    )  # fmt: skip
    ok.verify()
    other = DpasOp(  # LLVM 22 accepts operand splits that do not multiply (distribution moves them)
        a, b, VectorType(f32, [128, 128]),
        layout_b=LayoutAttr(sg_layout=[4, 4], sg_data=[64, 16]),
        layout_cd=LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32]),
    )  # fmt: skip
    other.verify()
    bad = DpasOp(
        a, b, VectorType(f32, [128, 128]),
        layout_b=LayoutAttr(sg_layout=[2, 4], sg_data=[64, 32]),
        layout_cd=LayoutAttr(sg_layout=[4, 4], sg_data=[32, 32]),
    )  # fmt: skip
    with pytest.raises(VerifyException, match="cover the same number of subgroups, got layout_b 8, layout_cd 16"):
        bad.verify()


def test_convert_layout_and_fence_builders() -> None:
    (v,) = _values(VectorType(f32, [32, 32]))
    op = ConvertLayoutOp(v, LayoutAttr(sg_layout=[2, 2], sg_data=[16, 16]), LayoutAttr(sg_layout=[2, 2], sg_data=[16, 8]))
    op.verify()
    assert op.result.type == v.type
    with pytest.raises(VerifyException, match="WgLayout or SgLayout at the same time"):
        ConvertLayoutOp(v, LayoutAttr(sg_layout=[2, 2]), LayoutAttr(inst_data=[8, 16])).verify()
    f = FenceOp(MemorySpace.SLM, FenceScope.GPU)
    f.verify()
    assert "memory_kind = slm, fence_scope = gpu" in str(f)
