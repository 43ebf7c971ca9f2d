"""The vector ops wgdist defines in place of xDSL's (load/store, bitcast, shuffle, print,
create_mask): built in Python they verify, infer and print as parsed IR does."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import IndexType, MemRefType, VectorType, f16, f32, i1, i8, i32, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector import (
    BitcastOp,
    CreateMaskOp,
    LoadOp,
    PrintOp,
    PrintPunctuation,
    ShuffleOp,
    StoreOp,
)
from wgdist.dialects.vector_ops._common import i64_dense


def value(t: Attribute, name: str | None = None) -> SSAValue:
    arg = Block(arg_types=[t]).args[0]
    arg.name_hint = name
    return arg


def printed(op: Operation) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(op)
    return out.getvalue()


WIDTHS: dict[Attribute, int] = {i8: 8, f16: 16, f32: 32, i64: 64, IndexType(): 64}


def test_shuffle_infers_llvm22_result_type() -> None:
    a, b = value(VectorType(f32, [4, 3])), value(VectorType(f32, [2, 3]))
    op = ShuffleOp(a, b, i64_dense([5, 0, -1]))
    op.verify()
    assert op.result.type == VectorType(f32, [3, 3])
    z = value(VectorType(f32, []))
    zero_d = ShuffleOp(z, z, i64_dense([1, 0]))
    zero_d.verify()
    assert zero_d.result.type == VectorType(f32, [2])


def test_shuffle_of_0d_and_1d_is_a_rank_mismatch() -> None:
    op = ShuffleOp(value(VectorType(f32, [])), value(VectorType(f32, [4])), i64_dense([0, 1]))
    with pytest.raises(VerifyException, match="rank mismatch"):
        op.verify()


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(list(WIDTHS)),
    st.sampled_from(list(WIDTHS)),
    st.integers(1, 8),
    st.integers(1, 8),
    st.lists(st.integers(1, 4), max_size=2),
)
def test_bitcast_accepts_exactly_equal_minor_bit_counts(
    s_el: Attribute, r_el: Attribute, s_n: int, r_n: int, lead: list[int]
) -> None:
    op = BitcastOp(value(VectorType(s_el, [*lead, s_n])), VectorType(r_el, [*lead, r_n]))
    if WIDTHS[s_el] * s_n == WIDTHS[r_el] * r_n:
        op.verify()
    else:
        with pytest.raises(VerifyException, match="minor 1-D vectors must be equal"):
            op.verify()


def test_bitcast_keeps_rank_and_leading_dims() -> None:
    with pytest.raises(VerifyException, match="same rank"):
        BitcastOp(value(VectorType(f32, [4, 4])), VectorType(f32, [16])).verify()
    with pytest.raises(VerifyException, match="dimension size mismatch at: 0"):
        BitcastOp(value(VectorType(f32, [4, 8])), VectorType(f32, [2, 16])).verify()


def test_load_store_of_a_memref_of_vectors() -> None:
    vt = VectorType(f32, [8])
    m, i = value(MemRefType(vt, [4, 4])), value(IndexType())
    load = LoadOp(m, [i, i], vt)
    load.verify()
    StoreOp(load.result, m, [i, i]).verify()
    with pytest.raises(VerifyException, match="base memref and result vector types should match"):
        LoadOp(m, [i, i], VectorType(f32, [4])).verify()
    with pytest.raises(VerifyException, match="requires 2 indices"):
        LoadOp(value(MemRefType(f32, [4, 4])), [i], vt).verify()


def test_create_mask_0d_needs_one_operand() -> None:
    i = value(IndexType())
    CreateMaskOp([i], VectorType(i1, [])).verify()
    with pytest.raises(VerifyException, match="exactly one operand for 0-D"):
        CreateMaskOp([], VectorType(i1, [])).verify()
    with pytest.raises(VerifyException, match="an operand for each result vector dimension"):
        CreateMaskOp([i, i], VectorType(i1, [4])).verify()


def test_print_builder_prints_llvm22_syntax() -> None:
    s = value(i32, "s")
    assert printed(PrintOp(s, PrintPunctuation.COMMA)) == "vector.print %s : i32 punctuation <comma>"
    assert printed(PrintOp(string="hi")) == 'vector.print str "hi"'
    with pytest.raises(VerifyException, match="not set when printing strings"):
        PrintOp(s, string="hi").verify()
