"""The vector ops wgdist adds to xDSL: builders, inferred types, verifiers, printing.

Shapes are cross-checked against numpy (transpose, reductions, slicing), which is the brute-force
reference for what each op computes.
"""

from __future__ import annotations

import io
from math import prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import IndexType, UnitAttr, VectorType, f16, f32, i1, i32
from xdsl.ir import Attribute, Block, Dialect, Operation, SSAValue
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

import wgdist
from wgdist.dialects import vector as wv
from wgdist.dialects.vector import (
    BroadcastOp,
    CombiningKindAttr,
    CombiningKindFlag,
    ConstantMaskOp,
    ExtractStridedSliceOp,
    InsertStridedSliceOp,
    MultiDimReductionOp,
    ShapeCastOp,
    StepOp,
    TransposeOp,
    Vector,
)


def value(t: Attribute, name: str | None = None) -> SSAValue:
    arg = Block(arg_types=[t]).args[0]
    arg.name_hint = name
    return arg


def printed(op: Operation) -> str:
    """The op in custom syntax, its results named ``%r``, ``%r_1``, ..."""
    for res in op.results:
        res.name_hint = "r"
    out = io.StringIO()
    Printer(stream=out).print_op(op)
    return out.getvalue()


shapes = st.lists(st.integers(1, 5), min_size=1, max_size=4)


# ---- the merged dialect ------------------------------------------------------------------------
def test_merged_dialect_keeps_xdsl_ops_and_adds_each_new_op_once() -> None:
    from xdsl.dialects import vector as xv

    names = [op.name for op in Vector.operations]
    assert len(names) == len(set(names))
    assert {op.name for op in xv.Vector.operations} <= set(names)
    for added in (
        "vector.multi_reduction",
        "vector.transpose",
        "vector.shape_cast",
        "vector.step",
        "vector.extract_strided_slice",
        "vector.insert_strided_slice",
        "vector.constant_mask",
    ):
        assert added in names
        assert added not in {op.name for op in xv.Vector.operations}
    assert isinstance(Vector, Dialect) and Vector.name == "vector"
    assert wv.BroadcastOp is BroadcastOp is xv.BroadcastOp


def test_library_context_parses_added_ops() -> None:
    module = wgdist.parse(
        "func.func @f(%v: vector<4x8xf32>) -> vector<8x4xf32> {\n"
        "  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>\n"
        "  return %t : vector<8x4xf32>\n}\n"
    )
    module.verify()
    ops = [op for op in module.walk() if isinstance(op, TransposeOp)]
    assert len(ops) == 1 and ops[0].get_permutation() == (1, 0)


# ---- multi_reduction ---------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(shapes, st.data())
def test_multi_reduction_result_type_matches_numpy(shape: list[int], data: st.DataObject) -> None:
    dims = data.draw(st.sets(st.integers(0, len(shape) - 1), min_size=1))
    expected_shape = np.zeros(shape).sum(axis=tuple(dims)).shape
    acc_type = VectorType(f32, expected_shape) if expected_shape else f32
    op = MultiDimReductionOp("add", value(VectorType(f32, shape)), value(acc_type), sorted(dims))
    op.verify()
    assert op.dest.type == acc_type
    assert op.get_reduction_dims() == tuple(sorted(dims))


def test_multi_reduction_builder_accepts_kind_spellings_and_prints_mlir_syntax() -> None:
    src, acc = value(VectorType(f32, [4, 8]), "src"), value(VectorType(f32, [4]), "acc")
    for kind in (
        "maximumf",
        CombiningKindFlag.MAXIMUMF,
        CombiningKindAttr(CombiningKindFlag.MAXIMUMF),
    ):
        op = MultiDimReductionOp(kind, src, acc, [1])
        assert op.kind == CombiningKindAttr(CombiningKindFlag.MAXIMUMF)
    assert printed(op) == (
        "%r = vector.multi_reduction <maximumf>, %src, %acc [1] : vector<4x8xf32> to vector<4xf32>"
    )


def test_multi_reduction_rejects_wrong_result_and_bad_dim() -> None:
    src = value(VectorType(f32, [4, 8]))
    with pytest.raises(
        VerifyException, match=r"destination type 'vector<8xf32>' is incompatible with .*expected vector<4xf32>"
    ):
        MultiDimReductionOp("add", src, value(VectorType(f32, [8])), [1]).verify()
    with pytest.raises(VerifyException, match=r"incompatible .*reduction dimension 2 is out of range \[0, 2\)"):
        MultiDimReductionOp("add", src, value(VectorType(f32, [4])), [2]).verify()
    with pytest.raises(VerifyException, match="destination type 'f32' is incompatible .*expected vector<4xf32>"):
        MultiDimReductionOp("add", src, value(f32), [1]).verify()
    with pytest.raises(ValueError):
        MultiDimReductionOp("average", src, value(VectorType(f32, [4])), [1])


# ---- transpose ---------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(shapes, st.data())
def test_transpose_infers_numpy_shape(shape: list[int], data: st.DataObject) -> None:
    perm = data.draw(st.permutations(range(len(shape))))
    op = TransposeOp(value(VectorType(f16, shape)), perm)
    op.verify()
    assert op.result.type == VectorType(f16, np.zeros(shape).transpose(perm).shape)


def test_transpose_rejects_non_permutations() -> None:
    src = value(VectorType(f32, [4, 8]))
    with pytest.raises(
        VerifyException, match=r"duplicate position index: 1 \(permutation \[1, 1\]\)"
    ):
        TransposeOp(src, [1, 1], VectorType(f32, [8, 8])).verify()
    with pytest.raises(VerifyException, match=r"transposition length mismatch: 1 \(permutation \[0\], rank 2\)"):
        TransposeOp(src, [0], VectorType(f32, [4, 8])).verify()
    with pytest.raises(
        VerifyException, match=r"dimension size mismatch at: 1 \(result dim 0 is 4, source dim 1 is 8\)"
    ):
        TransposeOp(src, [1, 0], VectorType(f32, [4, 8])).verify()


# ---- shape_cast / step / constant_mask ---------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(shapes, shapes)
def test_shape_cast_accepts_exactly_equal_element_counts(a: list[int], b: list[int]) -> None:
    op = ShapeCastOp(value(VectorType(i32, a)), VectorType(i32, b))
    if prod(a) == prod(b):
        op.verify()
    else:
        with pytest.raises(VerifyException, match=rf"number of elements at source \({prod(a)}\) and result \({prod(b)}\)"):
            op.verify()


def test_shape_cast_rejects_element_type_change() -> None:
    op = ShapeCastOp(value(VectorType(f32, [4, 8])), VectorType(f16, [32]))
    with pytest.raises(
        VerifyException, match="has different source and result element types"
    ):
        op.verify()


def test_step_builder_and_verifier() -> None:
    op = StepOp(16)
    op.verify()
    assert op.result.type == VectorType(IndexType(), [16])
    assert printed(op) == "%r = vector.step : vector<16xindex>"
    with pytest.raises(VerifyException, match="vector of index values of ranks 1, but got .vector<4x2xindex>."):
        StepOp(VectorType(IndexType(), [4, 2])).verify()


def test_constant_mask_builder_and_bounds() -> None:
    op = ConstantMaskOp([3, 2], VectorType(i1, [4, 3]))
    op.verify()
    assert op.get_mask_dim_sizes() == (3, 2)
    assert printed(op) == "%r = vector.constant_mask [3, 2] : vector<4x3xi1>"
    full = ConstantMaskOp([4, 3])
    full.verify()
    assert full.result.type == VectorType(i1, [4, 3])
    ConstantMaskOp([0, 0], VectorType(i1, [4, 3])).verify()
    with pytest.raises(VerifyException, match=r"out of bounds of vector result dimension size \(mask_dim_sizes\[1\] = 4, dimension 1 is 3\)"):
        ConstantMaskOp([1, 4], VectorType(i1, [4, 3])).verify()
    with pytest.raises(VerifyException, match="expected all mask dim sizes to be zeros"):
        ConstantMaskOp([0, 1], VectorType(i1, [4, 3])).verify()


# ---- strided slices ----------------------------------------------------------------------------
@st.composite
def slices(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    """(shape, offsets, sizes) with any offsets/sizes in [0, 6], in or out of bounds."""
    shape = draw(shapes)
    k = draw(st.integers(1, len(shape)))
    offsets = draw(st.lists(st.integers(0, 6), min_size=k, max_size=k))
    sizes = draw(st.lists(st.integers(1, 6), min_size=k, max_size=k))
    return shape, offsets, sizes


@settings(max_examples=100, deadline=None)
@given(slices())
def test_extract_strided_slice_matches_numpy_slicing(
    case: tuple[list[int], list[int], list[int]],
) -> None:
    shape, offsets, sizes = case
    in_bounds = all(o + s <= d for o, s, d in zip(offsets, sizes, shape))
    op = ExtractStridedSliceOp(value(VectorType(f32, shape)), offsets, sizes)
    if in_bounds:
        op.verify()
        index = tuple(slice(o, o + s) for o, s in zip(offsets, sizes))
        assert op.result.type == VectorType(f32, np.zeros(shape)[index].shape)
    else:
        with pytest.raises(VerifyException, match="to be confined to"):
            op.verify()


@settings(max_examples=100, deadline=None)
@given(shapes, st.data())
def test_insert_strided_slice_accepts_exactly_in_bounds_slices(
    shape: list[int], data: st.DataObject
) -> None:
    k = data.draw(st.integers(1, len(shape)))
    v_shape = data.draw(st.lists(st.integers(1, 5), min_size=k, max_size=k))
    offsets = data.draw(st.lists(st.integers(0, 5), min_size=len(shape), max_size=len(shape)))
    lead = len(shape) - k
    dest = np.zeros(shape)
    index = tuple(o if d < lead else slice(o, o + v_shape[d - lead]) for d, o in enumerate(offsets))
    try:
        fits = dest[index].shape == tuple(v_shape)
    except IndexError:
        fits = False
    op = InsertStridedSliceOp(
        value(VectorType(f32, v_shape)), value(VectorType(f32, shape)), offsets
    )
    assert op.result.type == VectorType(f32, shape)
    if fits:
        op.verify()
    else:
        with pytest.raises(VerifyException, match="to be confined to"):
            op.verify()


def test_strided_slices_print_mlir_attr_dict() -> None:
    src = value(VectorType(f32, [4, 8]), "v")
    ext = ExtractStridedSliceOp(src, [0, 2], [2, 4])
    ext.attributes["zzz"] = UnitAttr()
    assert printed(ext) == (
        "%r = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1], zzz}"
        " : vector<4x8xf32> to vector<2x4xf32>"
    )
    ins = InsertStridedSliceOp(value(VectorType(f32, [2, 4]), "w"), src, [2, 4])
    ins.verify()
    assert printed(ins) == (
        "%r = vector.insert_strided_slice %w, %v {offsets = [2, 4], strides = [1, 1]}"
        " : vector<2x4xf32> into vector<4x8xf32>"
    )
    with pytest.raises(VerifyException, match=r"expected strides to be confined to \[1, 2\) \(strides\[1\] = 2"):
        ExtractStridedSliceOp(src, [0, 0], [2, 4], [1, 2]).verify()
