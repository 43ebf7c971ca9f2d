"""arith ops on scalars (Python ints / numpy float scalars) and vectors (numpy arrays)."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation

from wgdist.interp.core import Frame, FuncCompiler, Step, handler
from wgdist.interp.values import (
    InterpError,
    UnsupportedOpError,
    array_converter,
    bit_width,
    bits_dtype,
    element_type,
    from_bits,
    int_width,
    is_float,
    np_dtype,
    round_bf16,
    scalar_converter,
    to_bits,
    to_unsigned,
    unsigned_dtype,
    wrap_int,
)

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


@handler("arith.constant")
def _constant(c: FuncCompiler, op: Operation) -> Step:
    (r,) = c.outs(op)
    val = constant_value(op, op.properties["value"], op.results[0].type)
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
        raise InterpError(op, "division by zero")


def int_binary(c: FuncCompiler, op: Operation, kind: str) -> Step:
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
            raise InterpError(op, f"shift amount {b} is out of range for {bits}-bit integers")

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


for _k in (
    "addi subi muli andi ori xori maxsi minsi maxui minui divui remui divsi remsi floordivsi "
    "ceildivsi ceildivui"
).split():
    handler(f"arith.{_k}")(functools.partial(int_binary, kind=_k))
for _k in ("shli", "shrsi", "shrui"):
    handler(f"arith.{_k}")(functools.partial(_shift, kind=_k))


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


FLOAT_OPS: dict[str, Fn] = {
    "arith.addf": operator.add,
    "arith.subf": operator.sub,
    "arith.mulf": operator.mul,
    "arith.divf": operator.truediv,
    "arith.remf": np.fmod,
    "arith.negf": operator.neg,
    "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,
    "arith.minnumf": np.fmin,
}
for _name, _fn in FLOAT_OPS.items():
    handler(_name)(functools.partial(_float_fn, fn=_fn))


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


@handler("arith.cmpi")
def _cmpi(c: FuncCompiler, op: Operation) -> Step:
    pred = op.properties["predicate"].value.data  # type: ignore[attr-defined]
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


@handler("arith.cmpf")
def _cmpf(c: FuncCompiler, op: Operation) -> Step:
    fn = _CMPF[op.properties["predicate"].value.data]  # type: ignore[attr-defined]
    return elementwise(c, op, fn)


@handler("arith.select")
def _select(c: FuncCompiler, op: Operation) -> Step:
    cond_t = op.operands[0].type
    if isinstance(cond_t, VectorType) or not isinstance(op.results[0].type, VectorType):
        if isinstance(op.results[0].type, VectorType):
            return elementwise(c, op, lambda p, a, b: np.where(p, a, b))
        cnd, a_, b_ = c.ins(op)
        (r,) = c.outs(op)

        def step(v: Frame) -> None:
            v[r] = v[a_] if v[cnd] else v[b_]

        return step
    cnd, a_, b_ = c.ins(op)
    (r,) = c.outs(op)

    def vstep(v: Frame) -> None:
        v[r] = v[a_] if v[cnd] else v[b_]

    return vstep


# ---------------------------------------------------------------------------------------------
# casts


def _cast(c: FuncCompiler, op: Operation, kind: str) -> Step:
    src_t = element_type(op.operands[0].type)
    dst_t = element_type(op.results[0].type)
    vec = isinstance(op.results[0].type, VectorType)

    def as_unsigned(a: Any) -> Any:
        bits = int_width(src_t)
        if vec:
            if bits == 1:
                return np.asarray(a).astype(np.uint8)
            return np.asarray(a).astype(np_dtype(src_t)).view(unsigned_dtype(bits))
        return to_unsigned(a, bits)

    def as_signed(a: Any) -> Any:
        if int_width(src_t) == 1:
            return -np.asarray(a).astype(np.int64) if vec else -int(a)
        return np.asarray(a).astype(np.int64) if vec else a

    if kind in ("extsi", "index_cast", "trunci", "sitofp"):
        pre = as_signed
    elif kind in ("extui", "index_castui", "uitofp"):
        pre = as_unsigned
    else:
        pre = lambda a: a  # noqa: E731
    if not is_float(dst_t) and not vec:
        bits = int_width(dst_t)
        if kind in ("fptosi", "fptoui"):
            return elementwise(c, op, lambda a: _fp_to_int(op, a, kind))
        return elementwise(c, op, lambda a: wrap_int(int(pre(a)), bits))
    if not is_float(dst_t):
        bits = int_width(dst_t)
        if kind in ("fptosi", "fptoui"):
            return elementwise(c, op, lambda a: _fp_to_int(op, a, kind).astype(np_dtype(dst_t)))

        def to_int(a: Any) -> Any:
            x = np.asarray(pre(a)).astype(np.int64)
            if bits == 1:
                return (x & 1).astype(np.bool_)
            return x.astype(np_dtype(dst_t))

        return elementwise(c, op, to_int)
    if kind in ("sitofp", "uitofp"):
        return elementwise(c, op, lambda a: np.asarray(pre(a)).astype(np.float64))
    return elementwise(c, op, lambda a: np.asarray(a).astype(np.float64) if vec else np.float64(a))


def _fp_to_int(op: Operation, a: Any, kind: str) -> Any:
    x = np.asarray(a)
    if np.any(~np.isfinite(x)):
        raise InterpError(op, f"converts a non-finite value ({x[~np.isfinite(x)].flat[0]})")
    t = np.trunc(x).astype(np.int64)
    return t if np.ndim(a) else int(t)


for _k in (
    "extsi extui trunci index_cast index_castui sitofp uitofp fptosi fptoui extf truncf".split()
):
    handler(f"arith.{_k}")(functools.partial(_cast, kind=_k))


@handler("arith.bitcast")
def _bitcast(c: FuncCompiler, op: Operation) -> Step:
    src_t = element_type(op.operands[0].type)
    dst_t = element_type(op.results[0].type)
    if bit_width(src_t) != bit_width(dst_t):
        raise UnsupportedOpError(op, f"bitcast from {src_t} to {dst_t}: the bit widths differ")
    dst = bits_dtype(dst_t)
    return elementwise(c, op, lambda a: from_bits(to_bits(a, src_t).view(dst), dst_t))
