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


class Emitter:
    """Appends ops to ``out``; constants go once each to ``hoist`` (ops placed before the loop)
    when given, so loop bodies do not rebuild them every step."""

    def __init__(self, out: list[Operation], hoist: Emitter | None = None) -> None:
        self.out = out
        self.hoist = hoist
        self._consts: dict[tuple[str, Attribute], SSAValue] = {}
        self._offsets: dict[tuple[SSAValue, int], SSAValue] = {}

    def add(self, op: Operation) -> Operation:
        self.out.append(op)
        return op

    def constant(self, attr: Attribute, typ: Attribute) -> SSAValue:
        if self.hoist is not None:
            return self.hoist.constant(attr, typ)
        key = (str(attr), typ)
        if key not in self._consts:
            op = arith.ConstantOp(attr, typ)  # type: ignore[arg-type]  # attr from zero_attr / an index
            self._consts[key] = self.add(op).results[0]
        return self._consts[key]

    def const(self, value: int) -> SSAValue:
        return self.constant(IntegerAttr(value, IndexType()), IndexType())

    def zero(self, typ: Attribute) -> SSAValue:
        attr = zero_attr(typ)
        assert attr is not None, typ
        return self.constant(attr, typ)

    def offset(self, base: SSAValue, times: int, step: SSAValue, step_value: int | None,
               base_value: int | None = None) -> SSAValue:
        """``base + times * step`` (``base`` itself for 0; a constant when both are known)."""
        if times == 0:
            return base
        if step_value is not None and base_value is not None:
            return self.const(base_value + times * step_value)
        if (base, times) not in self._offsets:  # one per step in this block
            if step_value is not None:
                by = self.const(times * step_value)
            else:
                by = self.add(arith.MuliOp(step, self.const(times))).results[0]
            self._offsets[base, times] = self.add(arith.AddiOp(base, by)).results[0]
        return self._offsets[base, times]
