"""``index`` dialect ops (what mlir-opt 22 writes, e.g. ``index.sub`` rebasing the subgroup id of
an ``sg_id_range``): integer arithmetic on 64-bit ``index`` values, wrapping.

The divisions and remainders by zero and the shifts by 64 or more (or a negative amount) are
undefined, as in MLIR: an :class:`~wgdist.interp.values.UndefinedOpError` at the op.
``index.casts``/``index.castu`` sign- or zero-extend (or truncate) between ``index`` and an
integer type; ``index.sizeof`` is 64, the interpreter's ``index`` width; ``index.cmp`` compares
signed (``s*``), unsigned (``u*``) or for (in)equality, an ``i1``.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import IndexType
from xdsl.ir import Operation

from wgdist.dialects.index import (
    AddOp,
    AndOp,
    BoolConstantOp,
    CastSOp,
    CastUOp,
    CeilDivSOp,
    CeilDivUOp,
    CmpOp,
    CmpPredicate,
    ConstantOp,
    DivSOp,
    DivUOp,
    FloorDivSOp,
    MaxSOp,
    MaxUOp,
    MinSOp,
    MinUOp,
    MulOp,
    OrOp,
    RemSOp,
    RemUOp,
    ShlOp,
    ShrSOp,
    ShrUOp,
    SizeOfOp,
    SubOp,
    XOrOp,
)
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.elements import int_width, to_unsigned, wrap_int
from wgdist.interp.values import UndefinedOpError

BITS = 64


def _u(x: int) -> int:
    return to_unsigned(x, BITS)


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _shift(b: int, op: Operation) -> int:
    if not 0 <= b < BITS:
        raise UndefinedOpError(op, f"shift amount {b} is out of range for {BITS}-bit index")
    return b


_DIVISIONS = {DivSOp, DivUOp, CeilDivSOp, CeilDivUOp, FloorDivSOp, RemSOp, RemUOp}

_BINARY: dict[type[Operation], Callable[[int, int, Operation], int]] = {
    AddOp: lambda a, b, op: a + b,
    SubOp: lambda a, b, op: a - b,
    MulOp: lambda a, b, op: a * b,
    DivSOp: lambda a, b, op: _tdiv(a, b),
    DivUOp: lambda a, b, op: _u(a) // _u(b),
    CeilDivSOp: lambda a, b, op: -((-a) // b),
    CeilDivUOp: lambda a, b, op: -((-_u(a)) // _u(b)),
    FloorDivSOp: lambda a, b, op: a // b,
    RemSOp: lambda a, b, op: a - b * _tdiv(a, b),
    RemUOp: lambda a, b, op: _u(a) % _u(b),
    MaxSOp: lambda a, b, op: max(a, b),
    MaxUOp: lambda a, b, op: max(_u(a), _u(b)),
    MinSOp: lambda a, b, op: min(a, b),
    MinUOp: lambda a, b, op: min(_u(a), _u(b)),
    ShlOp: lambda a, b, op: a << _shift(b, op),
    ShrSOp: lambda a, b, op: a >> _shift(b, op),
    ShrUOp: lambda a, b, op: _u(a) >> _shift(b, op),
    AndOp: lambda a, b, op: a & b,
    OrOp: lambda a, b, op: a | b,
    XOrOp: lambda a, b, op: a ^ b,
}


def _binary(c: FuncCompiler, op: Operation) -> Step:
    x, y = c.ins(op)
    (r,) = c.outs(op)
    fn = _BINARY[type(op)]
    divides = type(op) in _DIVISIONS

    def step(v: Frame) -> None:
        a, b = int(v[x]), int(v[y])
        if divides and b == 0:
            raise UndefinedOpError(op, "division by zero")
        v[r] = wrap_int(fn(a, b, op), BITS)

    return step


def _constant(c: FuncCompiler, op: ConstantOp | BoolConstantOp) -> Step:
    (r,) = c.outs(op)
    value = bool(op.value.value.data) if isinstance(op, BoolConstantOp) else wrap_int(op.value.value.data, BITS)

    def step(v: Frame) -> None:
        v[r] = value

    return step


def _cast(c: FuncCompiler, op: CastSOp | CastUOp) -> Step:
    (x,) = c.ins(op)
    (r,) = c.outs(op)
    src, dst = op.input.type, op.output.type
    src_bits = BITS if isinstance(src, IndexType) else int_width(src)
    dst_bits = BITS if isinstance(dst, IndexType) else int_width(dst)
    unsigned = isinstance(op, CastUOp)

    def step(v: Frame) -> None:
        a = int(v[x])
        if src_bits == 1 and not unsigned and a:
            a = -1  # a true i1 sign-extends to all ones
        v[r] = wrap_int(to_unsigned(a, src_bits) if unsigned else a, dst_bits)

    return step


def _sizeof(c: FuncCompiler, op: SizeOfOp) -> Step:
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        v[r] = BITS

    return step


_CMP: dict[CmpPredicate, Callable[[int, int], bool]] = {
    CmpPredicate.EQ: lambda a, b: a == b,
    CmpPredicate.NE: lambda a, b: a != b,
    CmpPredicate.SLT: lambda a, b: a < b,
    CmpPredicate.SLE: lambda a, b: a <= b,
    CmpPredicate.SGT: lambda a, b: a > b,
    CmpPredicate.SGE: lambda a, b: a >= b,
    CmpPredicate.ULT: lambda a, b: _u(a) < _u(b),
    CmpPredicate.ULE: lambda a, b: _u(a) <= _u(b),
    CmpPredicate.UGT: lambda a, b: _u(a) > _u(b),
    CmpPredicate.UGE: lambda a, b: _u(a) >= _u(b),
}


def _cmp(c: FuncCompiler, op: CmpOp) -> Step:
    x, y = c.ins(op)
    (r,) = c.outs(op)
    fn = _CMP[op.pred.data]

    def step(v: Frame) -> None:
        v[r] = fn(wrap_int(int(v[x]), BITS), wrap_int(int(v[y]), BITS))

    return step


STEPS: StepTable = {
    **{cls: _binary for cls in _BINARY},
    ConstantOp: _constant,
    BoolConstantOp: _constant,
    CastSOp: _cast,
    CastUOp: _cast,
    SizeOfOp: _sizeof,
    CmpOp: _cmp,
}
