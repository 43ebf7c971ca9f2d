"""The interpreter's op table: keyed by op class, built from the families' tables and from the
one list of elementwise ops; each entry is typed by the class it is filed under."""

from __future__ import annotations

import functools
import typing

import numpy as np
import pytest
from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import IndexType
from xdsl.ir import Operation
from xdsl.utils.test_value import create_ssa_value

import wgdist
from wgdist.dialects.arith import CmpiOp
from wgdist.dialects.elementwise import elementwise_ops
from wgdist.interp import UnsupportedOpError, run_kernel
from wgdist.interp.table import HANDLERS, TABLE, UNSUPPORTED_ELEMENTWISE


def _op_parameter(fn: object) -> type:
    """The class the compiler's ``op`` parameter is annotated with."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    hint = typing.get_type_hints(fn)["op"]
    return hint


@pytest.mark.parametrize("cls", sorted(HANDLERS, key=lambda c: c.name), ids=lambda c: c.name)
def test_each_entry_is_typed_by_the_class_it_is_filed_under(cls: type[Operation]) -> None:
    hint = _op_parameter(HANDLERS[cls])
    accepted = typing.get_args(hint) or (hint,)
    assert any(issubclass(cls, t) for t in accepted), f"{cls.name} is filed with a compiler of {hint}"


def test_the_elementwise_entries_are_the_one_list_less_the_declared_gaps() -> None:
    listed = set(elementwise_ops())
    assert UNSUPPORTED_ELEMENTWISE <= listed
    assert {c for c in HANDLERS if c in listed} == listed - UNSUPPORTED_ELEMENTWISE
    assert not UNSUPPORTED_ELEMENTWISE & set(HANDLERS)


def test_keys_are_op_classes_with_distinct_names() -> None:
    assert all(isinstance(c, type) and issubclass(c, Operation) for c in HANDLERS)
    names = [c.name for c in HANDLERS]
    assert len(names) == len(set(names))
    assert not TABLE.terminators & set(HANDLERS)


def test_an_op_of_xdsls_own_class_finds_the_entry_of_its_name() -> None:
    # wgdist's context parses wgdist's arith.cmpi (a subclass); passes build xDSL's class
    a, b = create_ssa_value(IndexType()), create_ssa_value(IndexType())
    op = xarith.CmpiOp(a, b, "ult")
    assert type(op) is not CmpiOp
    assert TABLE.compiler(op) is HANDLERS[CmpiOp]


def test_a_declared_gap_is_refused_like_an_op_without_an_entry() -> None:
    src = """
func.func @k(%o: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 3 : i32
  %y = math.ipowi %x, %x : i32
  memref.store %y, %o[%c0] : memref<4xi32>
  return
}
"""
    with pytest.raises(UnsupportedOpError, match="'math.ipowi' op is not supported by the interpreter"):
        run_kernel(wgdist.parse(src), [np.zeros(4, np.int32)])
