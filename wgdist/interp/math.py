"""math ops, elementwise on scalars and vectors (computed in float64, rounded to the type)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation

from wgdist.interp.arith import elementwise
from wgdist.interp.core import FuncCompiler, Step, handler
from wgdist.interp.values import element_type, int_width, np_dtype


def _erf(x: Any) -> Any:
    from math import erf

    return np.vectorize(erf, otypes=[np.float64])(x)


FLOAT_MATH: dict[str, Callable[..., Any]] = {
    "absf": np.abs,
    "ceil": np.ceil,
    "floor": np.floor,
    "trunc": np.trunc,
    "round": lambda x: np.sign(x) * np.floor(np.abs(x) + 0.5),
    "roundeven": np.rint,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "exp": np.exp,
    "exp2": np.exp2,
    "expm1": np.expm1,
    "log": np.log,
    "log2": np.log2,
    "log10": np.log10,
    "log1p": np.log1p,
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "tanh": np.tanh,
    "asin": np.arcsin,
    "acos": np.arccos,
    "atan": np.arctan,
    "asinh": np.arcsinh,
    "acosh": np.arccosh,
    "atanh": np.arctanh,
    "cbrt": np.cbrt,
    "erf": _erf,
    "atan2": np.arctan2,
    "powf": np.power,
    "copysign": np.copysign,
    "fma": lambda a, b, c: a * b + c,
}


def _float_math(c: FuncCompiler, op: Operation, fn: Callable[..., Any]) -> Step:
    def f(*xs: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(*[np.asarray(x, dtype=np.float64) for x in xs])

    return elementwise(c, op, f)


for _k, _f in FLOAT_MATH.items():
    handler(f"math.{_k}")(functools.partial(_float_math, fn=_f))


@handler("math.absi")
def _absi(c: FuncCompiler, op: Operation) -> Step:
    if isinstance(op.results[0].type, VectorType):
        return elementwise(c, op, np.abs)
    return elementwise(c, op, abs)


@handler("math.ctpop", "math.ctlz", "math.cttz")
def _bits(c: FuncCompiler, op: Operation) -> Step:
    bits = int_width(element_type(op.results[0].type))
    kind = op.name.split(".")[1]

    def one(x: int) -> int:
        u = int(x) & ((1 << bits) - 1)
        if kind == "ctpop":
            return bin(u).count("1")
        if kind == "ctlz":
            return bits - u.bit_length()
        return bits if u == 0 else (u & -u).bit_length() - 1

    if isinstance(op.results[0].type, VectorType):
        dt = np_dtype(element_type(op.results[0].type))
        return elementwise(c, op, lambda a: np.vectorize(one, otypes=[np.int64])(a).astype(dt))
    return elementwise(c, op, one)
