"""arith ops on scalars (Python ints / numpy float scalars) and vectors (numpy arrays):
``arith.constant`` and the integer, float, comparison and select ops; the casts are in
:mod:`wgdist.interp.arith_casts`.

:func:`elementwise` builds the step of an op that applies one function lane by lane (math and
``vector.fma`` use it too). :data:`ELEMENTWISE` holds this module's ops of
:func:`wgdist.dialects.elementwise.elementwise_ops`, :data:`STEPS` the others.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation

from wgdist.dialects.arith import CmpfOp, CmpiOp, RemFOp, SelectOp
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.elements import (
    array_converter,
    element_type,
    int_width,
    is_float,
    np_dtype,
    round_bf16,
    scalar_converter,
    to_unsigned,
    unsigned_dtype,
    wrap_int,
)
from wgdist.interp.values import UndefinedOpError, UnsupportedOpError

Fn = Callable[..., Any]


def result_converter(t: Attribute) -> Fn:
    """Cast a computed value to the representation of type ``t``."""
    if isinstance(t, VectorType):
        conv = array_converter(t.element_type)
        shape = t.get_shape()
        return lambda a: np.broadcast_to(conv(a), shape).copy() if np.ndim(a) == 0 else conv(a)
    return scalar_converter(t)


def elementwise(c: FuncCompiler, op: Operation, fn: Fn) -> Step:
    """A step computing ``fn(*operands)`` and converting it to the result type."""
    ins = c.ins(op)
    (r,) = c.outs(op)
    conv = result_converter(op.results[0].type)
    if len(ins) == 1:
        (a,) = ins

        def step1(v: Frame) -> None:
            v[r] = conv(fn(v[a]))

        return step1
    if len(ins) == 2:
        a, b = ins

        def step2(v: Frame) -> None:
            v[r] = conv(fn(v[a], v[b]))

        return step2

    def stepn(v: Frame) -> None:
        v[r] = conv(fn(*[v[i] for i in ins]))

    return stepn


# ---------------------------------------------------------------------------------------------
# constants


def constant_value(op: Operation, attr: Attribute, t: Attribute) -> Any:
    """The interpreter value of a constant attribute of type ``t`` (read-only for vectors)."""
    if isinstance(attr, DenseIntOrFPElementsAttr):
        if not isinstance(t, VectorType):
            raise UnsupportedOpError(op, f"dense constant of type {t} is not supported")
        vals = np.array(attr.get_values(), dtype=np.float64 if is_float(t.element_type) else object)
        arr = np.empty(t.get_shape(), dtype=vals.dtype)
        arr[...] = vals.reshape(t.get_shape()) if vals.size > 1 else vals.reshape(())
        if not is_float(t.element_type):
            bits = int_width(t.element_type)
            arr = np.vectorize(lambda x: wrap_int(int(x), bits), otypes=[object])(arr)
        return array_converter(t.element_type)(arr.astype(np_dtype(t.element_type)))
    if isinstance(attr, IntegerAttr | FloatAttr):
        return scalar_converter(t)(attr.value.data)
    raise UnsupportedOpError(op, f"constant attribute {attr} is not supported")


def _constant(c: FuncCompiler, op: xarith.ConstantOp) -> Step:
    (r,) = c.outs(op)
    val = constant_value(op, op.value, op.result.type)
    if isinstance(val, np.ndarray):
        val.setflags(write=False)

    def step(v: Frame) -> None:
        v[r] = val

    return step


# ---------------------------------------------------------------------------------------------
# integer arithmetic


def _div_trunc(a: Any, b: Any) -> Any:
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def _check_nonzero(op: Operation, b: Any) -> None:
    if np.any(np.asarray(b) == 0):
        raise UndefinedOpError(op, "division by zero")


def int_binary(c: FuncCompiler, op: Operation, kind: str) -> Step:
    """The step of the integer binary op ``arith.<kind>`` (wrapping, division by zero an
    error)."""
    t = op.results[0].type
    et = element_type(t)
    bits = int_width(et)
    vec = isinstance(t, VectorType)
    divlike = kind in ("divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi")

    def u(x: Any) -> Any:
        if vec:
            return np.asarray(x).astype(np.int64 if bits == 1 else unsigned_dtype(bits))
        return to_unsigned(x, bits)

    def s(x: Any) -> Any:
        return np.asarray(x).astype(np.int64) if vec else x

    ops: dict[str, Fn] = {
        "addi": lambda a, b: s(a) + s(b),
        "subi": lambda a, b: s(a) - s(b),
        "muli": lambda a, b: s(a) * s(b),
        "andi": lambda a, b: s(a) & s(b),
        "ori": lambda a, b: s(a) | s(b),
        "xori": lambda a, b: s(a) ^ s(b),
        "maxsi": lambda a, b: np.maximum(s(a), s(b)) if vec else max(a, b),
        "minsi": lambda a, b: np.minimum(s(a), s(b)) if vec else min(a, b),
        "maxui": lambda a, b: np.maximum(u(a), u(b)) if vec else max(u(a), u(b)),
        "minui": lambda a, b: np.minimum(u(a), u(b)) if vec else min(u(a), u(b)),
        "divui": lambda a, b: u(a) // u(b),
        "remui": lambda a, b: u(a) % u(b),
        "divsi": lambda a, b: _div_trunc(s(a), s(b)) if vec else _sdiv(a, b),
        "remsi": lambda a, b: s(a) - _div_trunc(s(a), s(b)) * s(b) if vec else a - _sdiv(a, b) * b,
        "floordivsi": lambda a, b: s(a) // s(b),
        "ceildivsi": lambda a, b: -((-s(a)) // s(b)),
        "ceildivui": lambda a, b: -((-u(a)) // u(b)),
    }
    fn = ops[kind]
    if divlike:
        inner = fn

        def fn(a: Any, b: Any) -> Any:
            _check_nonzero(op, b)
            return inner(a, b)

    if vec:
        conv = array_converter(et)

        def vfn(a: Any, b: Any) -> Any:
            res = np.asarray(fn(a, b))
            if bits == 1:
                return (res & 1).astype(np.bool_)
            return conv(res.astype(np.int64 if res.dtype.kind == "O" else res.dtype).astype(np_dtype(et)))

        return elementwise(c, op, vfn)
    ins = c.ins(op)
    (r,) = c.outs(op)
    a_, b_ = ins
    if kind in ("addi", "subi", "muli") and bits == 64:
        pyop = {"addi": operator.add, "subi": operator.sub, "muli": operator.mul}[kind]

        def fast(v: Frame) -> None:
            x = pyop(v[a_], v[b_])
            v[r] = x if -(1 << 63) <= x < (1 << 63) else wrap_int(x, 64)

        return fast

    def step(v: Frame) -> None:
        v[r] = wrap_int(int(fn(v[a_], v[b_])), bits)

    return step


def _sdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _shift(c: FuncCompiler, op: Operation, kind: str) -> Step:
    t = op.results[0].type
    et = element_type(t)
    bits = int_width(et)
    vec = isinstance(t, VectorType)

    def check(b: Any) -> None:
        if np.any((np.asarray(b) < 0) | (np.asarray(b) >= bits)):
            raise UndefinedOpError(op, f"shift amount {b} is out of range for {bits}-bit integers")

    if vec:
        conv = array_converter(et)
        udt = np.int64 if bits == 1 else unsigned_dtype(bits)

        def vfn(a: Any, b: Any) -> Any:
            check(b)
            b64 = np.asarray(b).astype(np.int64)
            if kind == "shli":
                res = np.left_shift(np.asarray(a).astype(np.int64), b64)
            elif kind == "shrsi":
                res = np.right_shift(np.asarray(a).astype(np.int64), b64)
            else:
                res = np.right_shift(np.asarray(a).astype(udt).astype(np.uint64), b64.astype(np.uint64))
            res = np.asarray(res).astype(np.uint64) & np.uint64((1 << bits) - 1)
            out = res.astype(unsigned_dtype(bits) if bits > 1 else np.uint8)
            return conv(out.view(np_dtype(et)) if bits > 1 else (out & 1).astype(np.bool_))

        return elementwise(c, op, vfn)

    def sfn(a: int, b: int) -> int:
        check(b)
        if kind == "shli":
            return wrap_int(a << b, bits)
        if kind == "shrsi":
            return wrap_int(a >> b, bits)
        return wrap_int(to_unsigned(a, bits) >> b, bits)

    return elementwise(c, op, sfn)


_INT_BINARY: dict[type[Operation], str] = {
    xarith.AddiOp: "addi",
    xarith.SubiOp: "subi",
    xarith.MuliOp: "muli",
    xarith.AndIOp: "andi",
    xarith.OrIOp: "ori",
    xarith.XOrIOp: "xori",
    xarith.MaxSIOp: "maxsi",
    xarith.MinSIOp: "minsi",
    xarith.MaxUIOp: "maxui",
    xarith.MinUIOp: "minui",
    xarith.DivUIOp: "divui",
    xarith.RemUIOp: "remui",
    xarith.DivSIOp: "divsi",
    xarith.RemSIOp: "remsi",
    xarith.FloorDivSIOp: "floordivsi",
    xarith.CeilDivSIOp: "ceildivsi",
    xarith.CeilDivUIOp: "ceildivui",
}
_SHIFTS: dict[type[Operation], str] = {
    xarith.ShLIOp: "shli",
    xarith.ShRSIOp: "shrsi",
    xarith.ShRUIOp: "shrui",
}


# ---------------------------------------------------------------------------------------------
# float arithmetic


def _float_fn(c: FuncCompiler, op: Operation, fn: Fn) -> Step:
    et = element_type(op.results[0].type)
    if isinstance(et, BFloat16Type):
        inner = fn

        def fn(*xs: Any) -> Any:
            res = inner(*xs)
            return round_bf16(np.float32(res) if np.ndim(res) == 0 else res)

    def quiet(*xs: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(*xs)

    return elementwise(c, op, quiet)


_FLOAT: dict[type[Operation], Fn] = {
    xarith.AddfOp: operator.add,
    xarith.SubfOp: operator.sub,
    xarith.MulfOp: operator.mul,
    xarith.DivfOp: operator.truediv,
    RemFOp: np.fmod,
    xarith.NegfOp: operator.neg,
    xarith.MaximumfOp: np.maximum,
    xarith.MinimumfOp: np.minimum,
    xarith.MaxnumfOp: np.fmax,
    xarith.MinnumfOp: np.fmin,
}


# ---------------------------------------------------------------------------------------------
# comparisons and select

_CMPI: dict[int, tuple[Fn, bool]] = {
    0: (operator.eq, False),
    1: (operator.ne, False),
    2: (operator.lt, False),
    3: (operator.le, False),
    4: (operator.gt, False),
    5: (operator.ge, False),
    6: (operator.lt, True),
    7: (operator.le, True),
    8: (operator.gt, True),
    9: (operator.ge, True),
}


def _cmpi(c: FuncCompiler, op: CmpiOp) -> Step:
    pred = op.predicate.value.data
    t = op.operands[0].type
    bits = int_width(element_type(t))
    cmp, unsigned = _CMPI[pred]
    if isinstance(t, VectorType):
        udt = np.uint8 if bits == 1 else unsigned_dtype(bits)
        if unsigned:
            return elementwise(c, op, lambda a, b: cmp(a.astype(udt), b.astype(udt)))
        return elementwise(c, op, lambda a, b: cmp(a, b))
    if unsigned:
        return elementwise(c, op, lambda a, b: cmp(to_unsigned(a, bits), to_unsigned(b, bits)))
    a_, b_ = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        v[r] = bool(cmp(v[a_], v[b_]))

    return step


def _unordered(a: Any, b: Any) -> Any:
    return np.isnan(a) | np.isnan(b)


_CMPF: dict[int, Fn] = {
    0: lambda a, b: np.zeros(np.broadcast(a, b).shape, np.bool_),
    1: lambda a, b: (a == b) & ~_unordered(a, b),
    2: lambda a, b: (a > b) & ~_unordered(a, b),
    3: lambda a, b: (a >= b) & ~_unordered(a, b),
    4: lambda a, b: (a < b) & ~_unordered(a, b),
    5: lambda a, b: (a <= b) & ~_unordered(a, b),
    6: lambda a, b: (a != b) & ~_unordered(a, b),
    7: lambda a, b: ~_unordered(a, b),
    8: lambda a, b: (a == b) | _unordered(a, b),
    9: lambda a, b: (a > b) | _unordered(a, b),
    10: lambda a, b: (a >= b) | _unordered(a, b),
    11: lambda a, b: (a < b) | _unordered(a, b),
    12: lambda a, b: (a <= b) | _unordered(a, b),
    13: lambda a, b: (a != b) | _unordered(a, b),
    14: _unordered,
    15: lambda a, b: np.ones(np.broadcast(a, b).shape, np.bool_),
}


def _cmpf(c: FuncCompiler, op: CmpfOp) -> Step:
    fn = _CMPF[op.predicate.value.data]
    return elementwise(c, op, fn)


def _select(c: FuncCompiler, op: SelectOp) -> Step:
    """A vector condition picks lane by lane; a scalar one picks a whole operand."""
    if isinstance(op.operands[0].type, VectorType) and isinstance(op.results[0].type, VectorType):
        return elementwise(c, op, lambda p, a, b: np.where(p, a, b))
    cnd, a_, b_ = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        v[r] = v[a_] if v[cnd] else v[b_]

    return step


ELEMENTWISE: StepTable = {
    **{cls: functools.partial(int_binary, kind=k) for cls, k in _INT_BINARY.items()},
    **{cls: functools.partial(_shift, kind=k) for cls, k in _SHIFTS.items()},
    **{cls: functools.partial(_float_fn, fn=fn) for cls, fn in _FLOAT.items()},
    CmpiOp: _cmpi,
    CmpfOp: _cmpf,
    SelectOp: _select,
}
STEPS: StepTable = {xarith.ConstantOp: _constant}
