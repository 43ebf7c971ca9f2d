"""Small IR builders for ``strategy=pipeline``: constants, zero values, index arithmetic."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue


def zero_attr(typ: Attribute) -> Attribute | None:
    """The ``arith.constant`` value 0 of ``typ`` (a vector or a scalar of ints or floats)."""
    if isinstance(typ, VectorType):
        elt = typ.element_type
        if isinstance(elt, AnyFloat):
            return DenseIntOrFPElementsAttr.from_list(typ, [0.0])
        if isinstance(elt, IntegerType | IndexType):
            return DenseIntOrFPElementsAttr.from_list(typ, [0])
        return None
    if isinstance(typ, AnyFloat):
        return FloatAttr(0.0, typ)
    if isinstance(typ, IntegerType | IndexType):
        return IntegerAttr(0, typ)
    return None


def zero(typ: Attribute) -> Operation:
    attr = zero_attr(typ)
    assert attr is not None, typ
    return arith.ConstantOp(attr, typ)


class Emitter:
    """Appends ops to a list, with index helpers that fold constants."""

    def __init__(self, out: list[Operation]) -> None:
        self.out = out

    def add(self, op: Operation) -> Operation:
        self.out.append(op)
        return op

    def const(self, value: int) -> SSAValue:
        return self.add(arith.ConstantOp(IntegerAttr(value, IndexType()))).results[0]

    def offset(self, base: SSAValue, times: int, step: SSAValue, step_value: int | None) -> SSAValue:
        """``base + times * step`` (``base`` itself for 0)."""
        if times == 0:
            return base
        if step_value is not None:
            by = self.const(times * step_value)
        else:
            by = self.add(arith.MuliOp(step, self.const(times))).results[0]
        return self.add(arith.AddiOp(base, by)).results[0]
