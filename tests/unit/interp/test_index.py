"""The ``index`` dialect steps against the interpreter's ``arith`` ops on index (an independent
implementation of the same operations), on random and edge values."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.interp import InterpError, run_kernel

PAIRS = [
    ("add", "addi"), ("sub", "subi"), ("mul", "muli"), ("divs", "divsi"), ("divu", "divui"),
    ("ceildivs", "ceildivsi"), ("ceildivu", "ceildivui"), ("floordivs", "floordivsi"),
    ("rems", "remsi"), ("remu", "remui"), ("maxs", "maxsi"), ("maxu", "maxui"), ("mins", "minsi"),
    ("minu", "minui"), ("shl", "shli"), ("shrs", "shrsi"), ("shru", "shrui"), ("and", "andi"),
    ("or", "ori"), ("xor", "xori"),
]  # fmt: skip


def _kernel() -> str:
    body = []
    for k, (ix, ar) in enumerate(PAIRS):
        body += [
            f"    %i{k} = index.{ix} %a, %b",
            f"    %r{k} = arith.{ar} %a, %b : index",
            f"    %p{k} = arith.constant {2 * k} : index",
            f"    %q{k} = arith.constant {2 * k + 1} : index",
            f"    memref.store %i{k}, %o[%p{k}] : memref<{2 * len(PAIRS)}xindex>",
            f"    memref.store %r{k}, %o[%q{k}] : memref<{2 * len(PAIRS)}xindex>",
        ]
    lines = "\n".join(body)
    return (
        f"func.func @k(%o: memref<{2 * len(PAIRS)}xindex>, %a: index, %b: index) {{\n{lines}\n    return\n}}\n"
    )


KERNEL = wgdist.parse(_kernel())
EDGES = [0, 1, -1, 2, 63, 64, 2**63 - 1, -(2**63), 7, -7]


def _both(a: int, b: int) -> list[tuple[int, int]]:
    r = run_kernel(KERNEL, [np.zeros(2 * len(PAIRS), dtype=np.int64), a, b])
    d = [int(x) for x in r.buffers[0].data]
    return list(zip(d[0::2], d[1::2]))


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.sampled_from(EDGES), st.integers(-(2**63), 2**63 - 1)),
       st.one_of(st.sampled_from([x for x in EDGES if x not in (0,)]), st.integers(1, 63)))
def test_index_binary_ops_agree_with_arith(a: int, b: int) -> None:
    if not 0 <= b < 64:  # shifts are undefined there: take the others only
        b = b % 63 + 1
    for (name, _), (got, want) in zip(PAIRS, _both(a, b)):
        assert got == want, f"index.{name} {a}, {b}: {got} != arith {want}"


def test_division_by_zero_and_wide_shifts_are_undefined() -> None:
    for op, amount in (("divs", "%c0"), ("remu", "%c0"), ("shl", "%c64"), ("shru", "%cm")):
        src = (
            "func.func @k(%o: memref<1xindex>) {\n  %c0 = arith.constant 0 : index\n"
            "  %c64 = arith.constant 64 : index\n  %cm = arith.constant -1 : index\n"
            f"  %x = index.{op} %c64, {amount}\n  memref.store %x, %o[%c0] : memref<1xindex>\n  return\n}}\n"
        )
        with pytest.raises(InterpError, match=r"<string>:5:\d+: error: 'index\.\w+' op (division by zero|shift amount)"):
            run_kernel(wgdist.parse(src), [np.zeros(1, dtype=np.int64)])


def test_constants_casts_and_sizeof() -> None:
    src = """
func.func @k(%o: memref<6xindex>, %w: memref<2xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %k = index.constant -5
  %t = index.bool.constant true
  %m = arith.constant -3 : i8
  %s = index.casts %m : i8 to index
  %u = index.castu %m : i8 to index
  %n = index.sizeof
  %ts = index.casts %t : i1 to index
  %big = index.constant 300
  %tr = index.casts %big : index to i8
  memref.store %k, %o[%c0] : memref<6xindex>
  memref.store %s, %o[%c1] : memref<6xindex>
  memref.store %u, %o[%c2] : memref<6xindex>
  memref.store %n, %o[%c3] : memref<6xindex>
  memref.store %ts, %o[%c4] : memref<6xindex>
  memref.store %tr, %w[%c0] : memref<2xi8>
  return
}
"""
    r = run_kernel(wgdist.parse(src), [np.zeros(6, dtype=np.int64), np.zeros(2, dtype=np.int8)])
    assert [int(x) for x in r.buffers[0].data[:5]] == [-5, -3, 253, 64, -1]
    assert int(r.buffers[1].data[0]) == 300 - 256


CMP_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def _cmp_kernel() -> str:
    n = len(CMP_PREDICATES)
    body = []
    for k, pred in enumerate(CMP_PREDICATES):
        body += [
            f"  %i{k} = index.cmp {pred}(%a, %b)",
            f"  %r{k} = arith.cmpi {pred}, %a, %b : index",
            f"  %p{k} = arith.constant {2 * k} : index",
            f"  %q{k} = arith.constant {2 * k + 1} : index",
            f"  memref.store %i{k}, %o[%p{k}] : memref<{2 * n}xi1>",
            f"  memref.store %r{k}, %o[%q{k}] : memref<{2 * n}xi1>",
        ]
    lines = "\n".join(body)
    return f"func.func @k(%o: memref<{2 * n}xi1>, %a: index, %b: index) {{\n{lines}\n  return\n}}\n"


CMP_KERNEL = wgdist.parse(_cmp_kernel())


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.sampled_from(EDGES), st.integers(-(2**63), 2**63 - 1)),
       st.one_of(st.sampled_from(EDGES), st.integers(-(2**63), 2**63 - 1)))
def test_index_cmp_agrees_with_arith_cmpi(a: int, b: int) -> None:
    r = run_kernel(CMP_KERNEL, [np.zeros(2 * len(CMP_PREDICATES), dtype=np.bool_), a, b])
    d = [bool(x) for x in r.buffers[0].data]
    for pred, got, want in zip(CMP_PREDICATES, d[0::2], d[1::2]):
        assert got == want, f"index.cmp {pred}({a}, {b}): {got} != arith.cmpi {want}"


def test_index_cmp_signed_and_unsigned_differ_on_negative() -> None:
    r = run_kernel(CMP_KERNEL, [np.zeros(2 * len(CMP_PREDICATES), dtype=np.bool_), -1, 1])
    got = dict(zip(CMP_PREDICATES, (bool(x) for x in r.buffers[0].data[0::2])))
    assert got == {"eq": False, "ne": True, "slt": True, "sle": True, "sgt": False, "sge": False,
                   "ult": False, "ule": False, "ugt": True, "uge": True}  # fmt: skip
