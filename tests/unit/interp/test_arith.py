"""Interpreter: arith and math ops on scalars and vectors, against numpy/Python written here."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.interp import InterpError, run_kernel


def run_vec(op_text: str, ty: str, n: int, a: np.ndarray, b: np.ndarray, out_ty: str | None = None) -> np.ndarray:
    """Run ``%r = OP %x, %y`` on vector<n x ty> loaded from two memrefs; return the result."""
    out_ty = out_ty or ty
    src = f"""
func.func @k(%a: memref<{n}x{ty}>, %b: memref<{n}x{ty}>, %o: memref<{n}x{out_ty}>) {{
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0] : memref<{n}x{ty}>, vector<{n}x{ty}>
  %y = vector.load %b[%c0] : memref<{n}x{ty}>, vector<{n}x{ty}>
  %r = {op_text}
  vector.store %r, %o[%c0] : memref<{n}x{out_ty}>, vector<{n}x{out_ty}>
  func.return
}}"""
    res = run_kernel(wgdist.parse(src), [a, b, np.zeros(n)])
    return res.buffers[2].data


def run_scalar(op_text: str, ty: str, a: int | float, b: int | float, out_ty: str | None = None) -> object:
    out_ty = out_ty or ty
    src = f"""
func.func @k(%a: memref<1x{ty}>, %b: memref<1x{ty}>, %o: memref<1x{out_ty}>) {{
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<1x{ty}>
  %y = memref.load %b[%c0] : memref<1x{ty}>
  %r = {op_text}
  memref.store %r, %o[%c0] : memref<1x{out_ty}>
  func.return
}}"""
    res = run_kernel(wgdist.parse(src), [np.array([a]), np.array([b]), np.zeros(1)])
    return res.buffers[2].data[0].item()


def cmp(name: str, pred: int, ty: str, rty: str) -> str:
    return f'"{name}"(%x, %y) <{{predicate = {pred} : i64}}> : ({ty}, {ty}) -> {rty}'


def signed(x: int, bits: int) -> int:
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >= 1 << (bits - 1) else x


def c_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


INT_REF = {
    "addi": lambda a, b, w: signed(a + b, w),
    "subi": lambda a, b, w: signed(a - b, w),
    "muli": lambda a, b, w: signed(a * b, w),
    "divsi": lambda a, b, w: signed(c_div(a, b), w),
    "remsi": lambda a, b, w: signed(a - c_div(a, b) * b, w),
    "divui": lambda a, b, w: signed((a % (1 << w)) // (b % (1 << w)), w),
    "remui": lambda a, b, w: signed((a % (1 << w)) % (b % (1 << w)), w),
    "floordivsi": lambda a, b, w: signed(a // b, w),
    "ceildivsi": lambda a, b, w: signed(-((-a) // b), w),
    "maxsi": lambda a, b, w: max(a, b),
    "minui": lambda a, b, w: signed(min(a % (1 << w), b % (1 << w)), w),
    "andi": lambda a, b, w: signed(a & b, w),
    "xori": lambda a, b, w: signed(a ^ b, w),
}


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(sorted(INT_REF)),
    bits=st.sampled_from([8, 32]),
    data=st.data(),
)
def test_integer_ops_scalar_and_vector(name: str, bits: int, data: st.DataObject) -> None:
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    xs = data.draw(st.lists(st.integers(lo, hi), min_size=4, max_size=4))
    ys = data.draw(st.lists(st.integers(lo, hi).filter(lambda v: v != 0), min_size=4, max_size=4))
    dt = {8: np.int8, 32: np.int32}[bits]
    want = [INT_REF[name](x, y, bits) for x, y in zip(xs, ys)]
    got = run_vec(f"arith.{name} %x, %y : vector<4xi{bits}>", f"i{bits}", 4, np.array(xs, dt), np.array(ys, dt))
    assert [int(v) for v in got] == want
    got_s = run_scalar(f"arith.{name} %x, %y : i{bits}", f"i{bits}", xs[0], ys[0])
    assert got_s == want[0]


def test_index_overflow_wraps_at_64_bits() -> None:
    big = (1 << 63) - 1
    assert run_scalar("arith.addi %x, %y : i64", "i64", big, 1) == -(1 << 63)


def test_division_by_zero_is_an_error_naming_the_op() -> None:
    with pytest.raises(InterpError, match="'arith.divsi' op division by zero"):
        run_scalar("arith.divsi %x, %y : i32", "i32", 3, 0)


def test_shifts_and_out_of_range_shift() -> None:
    got = run_vec("arith.shrui %x, %y : vector<2xi8>", "i8", 2, np.array([-128, 64], np.int8), np.array([1, 2], np.int8))
    assert list(got) == [64, 16]
    got = run_vec("arith.shrsi %x, %y : vector<2xi8>", "i8", 2, np.array([-128, 64], np.int8), np.array([1, 2], np.int8))
    assert list(got) == [-64, 16]
    with pytest.raises(InterpError, match="shift amount"):
        run_scalar("arith.shli %x, %y : i8", "i8", 1, 9)


def test_float_ops_round_to_the_element_type() -> None:
    a = np.array([1.0, 2049.0, -3.5, 0.1], np.float16)
    b = np.array([2.0 ** -11, 1.0, 0.25, 0.2], np.float16)
    got = run_vec("arith.addf %x, %y : vector<4xf16>", "f16", 4, a, b)
    assert got.dtype == np.float16
    assert list(got) == list((a.astype(np.float32) + b.astype(np.float32)).astype(np.float16))


def test_maximumf_propagates_nan_and_maxnumf_does_not() -> None:
    a = np.array([np.nan, 1.0], np.float32)
    b = np.array([2.0, np.nan], np.float32)
    got = run_vec("arith.maximumf %x, %y : vector<2xf32>", "f32", 2, a, b)
    assert np.isnan(got).all()
    got = run_vec("arith.maxnumf %x, %y : vector<2xf32>", "f32", 2, a, b)
    assert list(got) == [2.0, 1.0]


@pytest.mark.parametrize(
    ("pred", "want"),
    [(2, [True, False, False]), (6, [False, False, True]), (0, [False, True, False]), (5, [False, True, True])],
)
def test_cmpi_signed_and_unsigned(pred: int, want: list[bool]) -> None:
    # generic form: xDSL 0.74's custom cmpi syntax types vector comparisons as i1
    a = np.array([-1, 5, 3], np.int32)
    b = np.array([2, 5, -7], np.int32)
    got = run_vec(cmp("arith.cmpi", pred, "vector<3xi32>", "vector<3xi1>"), "i32", 3, a, b, out_ty="i1")
    assert [bool(v) for v in got] == want


def test_cmpf_ordered_and_unordered() -> None:
    a = np.array([np.nan, 1.0, 2.0], np.float32)
    b = np.array([1.0, 1.0, 1.0], np.float32)
    for pred, want in [(4, [False, False, False]), (11, [True, False, False]), (3, [False, True, True])]:
        got = run_vec(cmp("arith.cmpf", pred, "vector<3xf32>", "vector<3xi1>"), "f32", 3, a, b, "i1")
        assert [bool(v) for v in got] == want


def test_casts() -> None:
    # xDSL 0.74's cast ops are scalar-only: cast element by element in a loop
    src = """
func.func @k(%a: memref<3xi8>, %f: memref<3xf32>, %o1: memref<3xi32>, %o2: memref<3xi32>, %o3: memref<3xf16>, %o4: memref<3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %x = memref.load %a[%i] : memref<3xi8>
    %s = arith.extsi %x : i8 to i32
    %u = arith.extui %x : i8 to i32
    memref.store %s, %o1[%i] : memref<3xi32>
    memref.store %u, %o2[%i] : memref<3xi32>
    %y = memref.load %f[%i] : memref<3xf32>
    %h = arith.truncf %y : f32 to f16
    memref.store %h, %o3[%i] : memref<3xf16>
    %n = arith.fptosi %y : f32 to i32
    memref.store %n, %o4[%i] : memref<3xi32>
  }
  func.return
}"""
    f = np.array([1.7, -2.5, 70000.0], np.float32)
    r = run_kernel(wgdist.parse(src), [np.array([-1, 5, -128], np.int8), f] + [np.zeros(3)] * 4)
    assert list(r.buffers[2].data) == [-1, 5, -128]
    assert list(r.buffers[3].data) == [255, 5, 128]
    with np.errstate(over="ignore"):
        assert list(r.buffers[4].data) == list(f.astype(np.float16))
    assert list(r.buffers[5].data) == [1, -2, 70000]


def test_index_cast_and_constants() -> None:
    src = """
func.func @k(%o: memref<4xi32>, %p: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %k = arith.index_cast %c3 : index to i32
  %v = arith.constant dense<[1, -2, 3, -4]> : vector<4xi32>
  %s = vector.broadcast %k : i32 to vector<4xi32>
  %m = arith.muli %v, %s : vector<4xi32>
  vector.store %m, %o[%c0] : memref<4xi32>, vector<4xi32>
  %w = arith.constant dense<0.5> : vector<4xf32>
  vector.store %w, %p[%c0] : memref<4xf32>, vector<4xf32>
  func.return
}"""
    r = run_kernel(wgdist.parse(src), [np.zeros(4), np.zeros(4)])
    assert list(r.buffers[0].data) == [3, -6, 9, -12]
    assert list(r.buffers[1].data) == [0.5] * 4


@pytest.mark.parametrize(
    ("op", "ref"),
    [("math.exp", math.exp), ("math.sqrt", math.sqrt), ("math.tanh", math.tanh), ("math.log", math.log)],
)
def test_math_ops(op: str, ref) -> None:  # type: ignore[no-untyped-def]
    src = f"""
func.func @k(%a: memref<3xf32>, %o: memref<3xf32>) {{
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0] : memref<3xf32>, vector<3xf32>
  %y = {op} %x : vector<3xf32>
  vector.store %y, %o[%c0] : memref<3xf32>, vector<3xf32>
  func.return
}}"""
    a = np.array([0.25, 1.0, 2.5], np.float32)
    r = run_kernel(wgdist.parse(src), [a, np.zeros(3)])
    assert np.allclose(r.buffers[1].data, [ref(float(x)) for x in a], rtol=1e-6)


def test_select_scalar_and_vector() -> None:
    src = """
func.func @k(%a: memref<3xi32>, %b: memref<3xi32>, %o: memref<3xi32>) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0] : memref<3xi32>, vector<3xi32>
  %y = vector.load %b[%c0] : memref<3xi32>, vector<3xi32>
  %m = "arith.cmpi"(%x, %y) <{predicate = 4 : i64}> : (vector<3xi32>, vector<3xi32>) -> vector<3xi1>
  %r = "arith.select"(%m, %x, %y) : (vector<3xi1>, vector<3xi32>, vector<3xi32>) -> vector<3xi32>
  vector.store %r, %o[%c0] : memref<3xi32>, vector<3xi32>
  func.return
}"""
    r = run_kernel(wgdist.parse(src), [np.array([1, 9, -3]), np.array([4, 2, -5]), np.zeros(3)])
    assert list(r.buffers[2].data) == [4, 9, -3]
