"""wgdist's merged arith dialect: vector results, builders, and compatibility with xDSL's classes."""

import pytest
from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import IndexType, IntegerType, VectorType, f16, f32, i1, i32, i64
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.test_value import create_ssa_value

import wgdist
from wgdist.dialects import arith

V4F32 = VectorType(f32, [4])
V4I32 = VectorType(i32, [4])


def test_comparisons_infer_shaped_i1_results():
    a, b = create_ssa_value(V4F32), create_ssa_value(V4F32)
    cmpf = arith.CmpfOp(a, b, "ogt")
    cmpi = arith.CmpiOp(create_ssa_value(V4I32), create_ssa_value(V4I32), "ult")
    scalar = arith.CmpiOp(create_ssa_value(IndexType()), create_ssa_value(IndexType()), "ult")
    assert cmpf.result.type == VectorType(i1, [4])
    assert cmpi.result.type == VectorType(i1, [4])
    assert scalar.result.type == i1
    assert cmpi.predicate.value.data == 6
    for op in (cmpf, cmpi, scalar):
        op.verify()


def test_corrected_classes_are_xdsl_subclasses():
    # Call sites that build or match xDSL's classes keep working with the corrected ones.
    op = arith.CmpiOp(create_ssa_value(V4I32), create_ssa_value(V4I32), "eq")
    assert isinstance(op, xarith.CmpiOp)
    sel = arith.SelectOp(create_ssa_value(i1), create_ssa_value(V4F32), create_ssa_value(V4F32))
    assert isinstance(sel, xarith.SelectOp)
    sel.verify()


def test_select_condition_shape_is_checked():
    x, y = create_ssa_value(V4F32), create_ssa_value(V4F32)
    arith.SelectOp(create_ssa_value(VectorType(i1, [4])), x, y).verify()
    with pytest.raises(VerifyException, match=r"condition type vector<8xi1> must be i1 or i1 with the shape"):
        arith.SelectOp(create_ssa_value(VectorType(i1, [8])), x, y).verify()


@pytest.mark.parametrize(
    ("cls", "src", "dst"),
    [
        (arith.ExtSIOp, V4I32, VectorType(i64, [4])),
        (arith.ExtUIOp, VectorType(i1, [4]), V4I32),
        (arith.TruncIOp, V4I32, VectorType(IntegerType(8), [4])),
        (arith.SIToFPOp, V4I32, V4F32),
        (arith.UIToFPOp, V4I32, V4F32),
        (arith.FPToSIOp, V4F32, V4I32),
        (arith.FPToUIOp, V4F32, V4I32),
        (arith.ExtFOp, VectorType(f16, [4]), V4F32),
        (arith.TruncFOp, V4F32, VectorType(f16, [4])),
        (arith.IndexCastOp, V4I32, VectorType(IndexType(), [4])),
        (arith.IndexCastUIOp, VectorType(IndexType(), [4]), V4I32),
        (arith.ExtSIOp, i32, i64),
    ],
)
def test_casts_accept_vectors_and_check_shapes(cls, src, dst):
    cls(create_ssa_value(src), dst).verify()
    if isinstance(src, VectorType):
        bad = VectorType(dst.element_type, [8])
        with pytest.raises(VerifyException, match="requires the same shape"):
            cls(create_ssa_value(src), bad).verify()


def test_cast_width_rules():
    with pytest.raises(VerifyException, match="must be wider"):
        arith.ExtSIOp(create_ssa_value(V4I32), VectorType(IntegerType(16), [4])).verify()
    with pytest.raises(VerifyException, match="must be narrower"):
        arith.TruncFOp(create_ssa_value(V4F32), V4F32).verify()
    with pytest.raises(VerifyException, match="exactly one side must be index"):
        arith.IndexCastOp(create_ssa_value(V4I32), VectorType(i64, [4])).verify()


def test_truncf_rounding_mode_builder():
    op = arith.TruncFOp(create_ssa_value(V4F32), VectorType(f16, [4]), "toward_zero")
    assert op.roundingmode is not None and op.roundingmode.value.data == 3
    with pytest.raises(ValueError, match="no rounding mode 'nearest'"):
        arith.TruncFOp(create_ssa_value(V4F32), VectorType(f16, [4]), "nearest")


def test_context_parses_into_corrected_classes():
    module = wgdist.parse(
        """
func.func @f(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<4xi32>) -> vector<4xf32> {
  %c = arith.cmpf ogt, %a, %b : vector<4xf32>
  %s = arith.select %c, %a, %b : vector<4xi1>, vector<4xf32>
  %e = arith.extsi %i : vector<4xi32> to vector<4xi64>
  %t = arith.sitofp %i : vector<4xi32> to vector<4xf32>
  %x = arith.addi %i, %i : vector<4xi32>
  func.return %s : vector<4xf32>
}
"""
    )
    module.verify()
    ops = {op.name: op for op in module.walk()}
    assert type(ops["arith.cmpf"]) is arith.CmpfOp
    assert ops["arith.cmpf"].results[0].type == VectorType(i1, [4])
    assert type(ops["arith.select"]) is arith.SelectOp
    assert type(ops["arith.extsi"]) is arith.ExtSIOp
    assert type(ops["arith.sitofp"]) is arith.SIToFPOp
    # Ops xDSL already handles stay xDSL's classes.
    assert type(ops["arith.addi"]) is xarith.AddiOp
