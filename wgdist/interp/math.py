"""math ops, elementwise on scalars and vectors (float ops computed in float64 and rounded to the
result type). :data:`ELEMENTWISE` holds every math op the interpreter runs; ``math.fpowi`` and
``math.ipowi`` are not among them (see :data:`wgdist.interp.table.UNSUPPORTED_ELEMENTWISE`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from math import erf
from typing import Any

import numpy as np
from xdsl.dialects import math
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation

from wgdist.interp.arith import elementwise
from wgdist.interp.core import FuncCompiler, Step, StepTable
from wgdist.interp.elements import element_type, int_width, np_dtype


def _erf(x: Any) -> Any:
    return np.vectorize(erf, otypes=[np.float64])(x)


_FLOAT: dict[type[Operation], Callable[..., Any]] = {
    math.AbsFOp: np.abs,
    math.CeilOp: np.ceil,
    math.FloorOp: np.floor,
    math.TruncOp: np.trunc,
    math.RoundOp: lambda x: np.sign(x) * np.floor(np.abs(x) + 0.5),
    math.RoundEvenOp: np.rint,
    math.SqrtOp: np.sqrt,
    math.RsqrtOp: lambda x: 1.0 / np.sqrt(x),
    math.ExpOp: np.exp,
    math.Exp2Op: np.exp2,
    math.ExpM1Op: np.expm1,
    math.LogOp: np.log,
    math.Log2Op: np.log2,
    math.Log10Op: np.log10,
    math.Log1pOp: np.log1p,
    math.SinOp: np.sin,
    math.CosOp: np.cos,
    math.TanOp: np.tan,
    math.SinhOp: np.sinh,
    math.CoshOp: np.cosh,
    math.TanhOp: np.tanh,
    math.AsinOp: np.arcsin,
    math.AcosOp: np.arccos,
    math.AtanOp: np.arctan,
    math.AsinhOp: np.arcsinh,
    math.AcoshOp: np.arccosh,
    math.AtanhOp: np.arctanh,
    math.CbrtOp: np.cbrt,
    math.ErfOp: _erf,
    math.Atan2Op: np.arctan2,
    math.PowFOp: np.power,
    math.CopySignOp: np.copysign,
    math.FmaOp: lambda a, b, c: a * b + c,
}


def _float_math(c: FuncCompiler, op: Operation, fn: Callable[..., Any]) -> Step:
    def f(*xs: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(*[np.asarray(x, dtype=np.float64) for x in xs])

    return elementwise(c, op, f)


def _absi(c: FuncCompiler, op: math.AbsIOp) -> Step:
    if isinstance(op.results[0].type, VectorType):
        return elementwise(c, op, np.abs)
    return elementwise(c, op, abs)


def _count_bits(bits: int, kind: str) -> Callable[[int], int]:
    """The bit count ``kind`` (``ctpop``, ``ctlz``, ``cttz``) of a ``bits``-wide integer."""

    def one(x: int) -> int:
        u = int(x) & ((1 << bits) - 1)
        if kind == "ctpop":
            return bin(u).count("1")
        if kind == "ctlz":
            return bits - u.bit_length()
        return bits if u == 0 else (u & -u).bit_length() - 1

    return one


def _bits(c: FuncCompiler, op: Operation, kind: str) -> Step:
    one = _count_bits(int_width(element_type(op.results[0].type)), kind)
    if isinstance(op.results[0].type, VectorType):
        dt = np_dtype(element_type(op.results[0].type))
        return elementwise(c, op, lambda a: np.vectorize(one, otypes=[np.int64])(a).astype(dt))
    return elementwise(c, op, one)


_BIT_COUNTS: dict[type[Operation], str] = {
    math.CtPopOp: "ctpop",
    math.CountLeadingZerosOp: "ctlz",
    math.CountTrailingZerosOp: "cttz",
}
ELEMENTWISE: StepTable = {
    **{cls: functools.partial(_float_math, fn=fn) for cls, fn in _FLOAT.items()},
    **{cls: functools.partial(_bits, kind=k) for cls, k in _BIT_COUNTS.items()},
    math.AbsIOp: _absi,
}
