"""What one subgroup knows about a scalar: the abstract values of the barrier check.

A value is an :class:`Abs`: its integer when the subgroup can compute it (constants, the
subgroup id when the subgroup count is known, arithmetic on those), and whether it may differ
between the subgroups of a workgroup (``varies``: it reads the subgroup or lane id, memory, or
something the check does not model). Values that are unknown but the same for every subgroup
(function arguments, block ids, trip-count-free loop counters) have ``value=None,
varies=False``. Branch conditions and loop bounds are judged from these: a barrier under a
condition that varies is reached by some subgroups and not by others.

:data:`EVAL` is the table of scalar ops the check computes, keyed by op class (looked up along
the class's MRO, so wgdist's subclasses of xDSL's ``arith`` ops are found); anything else yields
an unknown value that varies when an operand varies or the op is not known to be uniform.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation

from wgdist.dialects import gpu
from wgdist.dialects import index as idx
from wgdist.dialects.arith import CmpiOp, SelectOp
from wgdist.dialects.arith_casts import ExtSIOp, ExtUIOp, IndexCastOp, IndexCastUIOp, TruncIOp


@dataclass(frozen=True)
class Abs:
    """An abstract scalar: ``value`` when known, ``varies`` when it may differ between subgroups."""

    value: int | None
    varies: bool


UNKNOWN_UNIFORM = Abs(None, False)
UNKNOWN_VARYING = Abs(None, True)


def _div(a: int, b: int) -> int | None:
    if b == 0:
        return None
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _rem(a: int, b: int) -> int | None:
    q = _div(a, b)
    return None if q is None else a - q * b


def _floordiv(a: int, b: int) -> int | None:
    return None if b == 0 else a // b


def _ceildiv(a: int, b: int) -> int | None:
    return None if b == 0 else -((-a) // b)


def _shift(a: int, b: int, left: bool) -> int | None:
    if b < 0 or b >= 64:
        return None
    return a << b if left else a >> b


_CMP: dict[str, Callable[[int, int], bool]] = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "slt": lambda a, b: a < b,
    "sle": lambda a, b: a <= b,
    "sgt": lambda a, b: a > b,
    "sge": lambda a, b: a >= b,
    "ult": lambda a, b: a < b,
    "ule": lambda a, b: a <= b,
    "ugt": lambda a, b: a > b,
    "uge": lambda a, b: a >= b,
}
_CMPI_NAMES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]

Binary = Callable[[int, int], "int | None"]

_BINARY: dict[type[Operation], Binary] = {
    xarith.AddiOp: lambda a, b: a + b,
    xarith.SubiOp: lambda a, b: a - b,
    xarith.MuliOp: lambda a, b: a * b,
    xarith.DivUIOp: _div,
    xarith.DivSIOp: _div,
    xarith.RemUIOp: _rem,
    xarith.RemSIOp: _rem,
    xarith.FloorDivSIOp: _floordiv,
    xarith.CeilDivSIOp: _ceildiv,
    xarith.CeilDivUIOp: _ceildiv,
    xarith.MaxSIOp: max,
    xarith.MaxUIOp: max,
    xarith.MinSIOp: min,
    xarith.MinUIOp: min,
    xarith.AndIOp: lambda a, b: a & b,
    xarith.OrIOp: lambda a, b: a | b,
    xarith.XOrIOp: lambda a, b: a ^ b,
    xarith.ShLIOp: lambda a, b: _shift(a, b, True),
    xarith.ShRUIOp: lambda a, b: _shift(a, b, False),
    xarith.ShRSIOp: lambda a, b: _shift(a, b, False),
    idx.AddOp: lambda a, b: a + b,
    idx.SubOp: lambda a, b: a - b,
    idx.MulOp: lambda a, b: a * b,
    idx.DivSOp: _div,
    idx.DivUOp: _div,
    idx.RemSOp: _rem,
    idx.RemUOp: _rem,
    idx.FloorDivSOp: _floordiv,
    idx.CeilDivSOp: _ceildiv,
    idx.CeilDivUOp: _ceildiv,
    idx.MaxSOp: max,
    idx.MaxUOp: max,
    idx.MinSOp: min,
    idx.MinUOp: min,
    idx.AndOp: lambda a, b: a & b,
    idx.OrOp: lambda a, b: a | b,
    idx.XOrOp: lambda a, b: a ^ b,
    idx.ShlOp: lambda a, b: _shift(a, b, True),
    idx.ShrSOp: lambda a, b: _shift(a, b, False),
    idx.ShrUOp: lambda a, b: _shift(a, b, False),
}

_CASTS: tuple[type[Operation], ...] = (
    IndexCastOp, IndexCastUIOp, ExtSIOp, ExtUIOp, TruncIOp, idx.CastSOp, idx.CastUOp,
)
"""Integer casts: the value is kept (the check's integers are the small ones of index math)."""

_UNIFORM_SOURCES: tuple[type[Operation], ...] = (
    gpu.BlockIdOp, gpu.GridDimOp, gpu.BlockDimOp,
)
"""Ops whose (unknown) value is the same for every subgroup of a workgroup."""


@dataclass(frozen=True)
class Subgroup:
    """Who evaluates: subgroup ``sg`` of ``count`` (both ``None`` when the count is unknown)."""

    sg: int | None
    count: int | None
    size: int


def _constant(op: Operation) -> Abs:
    value = getattr(op, "value", None)
    if isinstance(value, IntegerAttr):
        return Abs(int(value.value.data), False)
    return UNKNOWN_UNIFORM


def evaluate(op: Operation, ins: list[Abs], who: Subgroup) -> list[Abs]:
    """The abstract results of a scalar op (one per result) from its operands' values."""
    varies = any(a.varies for a in ins)
    n = len(op.results)
    if isinstance(op, xarith.ConstantOp | idx.ConstantOp | idx.BoolConstantOp):
        return [_constant(op)]
    if isinstance(op, gpu.SubgroupIdOp):
        return [Abs(who.sg, True)]
    if isinstance(op, gpu.NumSubgroupsOp):
        return [Abs(who.count, False)]
    if isinstance(op, gpu.SubgroupSizeOp):
        return [Abs(who.size, False)]
    if isinstance(op, _UNIFORM_SOURCES):
        return [UNKNOWN_UNIFORM] * n
    for cls in type(op).__mro__:
        fn = _BINARY.get(cls)
        if fn is not None and len(ins) == 2:
            a, b = ins[0].value, ins[1].value
            return [Abs(fn(a, b) if a is not None and b is not None else None, varies)]
    if isinstance(op, _CASTS) and len(ins) == 1:
        return [Abs(ins[0].value, varies)]
    if isinstance(op, CmpiOp | idx.CmpOp) and len(ins) == 2:
        pred = _predicate(op)
        a, b = ins[0].value, ins[1].value
        if pred is None or a is None or b is None:
            return [Abs(None, varies)]
        return [Abs(int(_CMP[pred](a, b)), varies)]
    if isinstance(op, SelectOp) and len(ins) == 3:
        c = ins[0].value
        if c is not None:
            chosen = ins[1] if c else ins[2]
            return [Abs(chosen.value, ins[0].varies or chosen.varies)]
        return [Abs(None, varies)]
    # Not modelled: unknown, and varying unless every operand is uniform and the op is pure
    # scalar arithmetic we merely do not compute (memory reads and ids may vary).
    return [UNKNOWN_VARYING] * n


def _predicate(op: Operation) -> str | None:
    if isinstance(op, CmpiOp):
        p = op.predicate.value.data
        return _CMPI_NAMES[p] if 0 <= p < len(_CMPI_NAMES) else None
    if isinstance(op, idx.CmpOp):
        return op.pred.data.value
    return None
