"""arith casts (``extsi``, ``extui``, ``trunci``, ``index_cast``, ``index_castui``, ``sitofp``,
``uitofp``, ``fptosi``, ``fptoui``, ``extf``, ``truncf``) and ``arith.bitcast``, on scalars and
vectors: all lane by lane, so :data:`ELEMENTWISE` holds them all."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from xdsl.dialects.arith import BitcastOp
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation

from wgdist.dialects.arith_casts import (
    ExtFOp,
    ExtSIOp,
    ExtUIOp,
    FPToSIOp,
    FPToUIOp,
    IndexCastOp,
    IndexCastUIOp,
    SIToFPOp,
    TruncFOp,
    TruncIOp,
    UIToFPOp,
)
from wgdist.interp.arith import elementwise
from wgdist.interp.core import FuncCompiler, Step, StepTable
from wgdist.interp.elements import (
    bit_width,
    bits_dtype,
    element_type,
    from_bits,
    int_width,
    is_float,
    np_dtype,
    to_bits,
    to_unsigned,
    unsigned_dtype,
    wrap_int,
)
from wgdist.interp.values import InterpError, UnsupportedOpError


def _cast(c: FuncCompiler, op: Operation, kind: str) -> Step:
    """The step of ``arith.<kind>``: the source is read signed, unsigned or as it is, then
    converted to the result type (integers wrap; a float to integer cast truncates)."""
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
            return elementwise(c, op, lambda a: _fp_to_int(op, a))
        return elementwise(c, op, lambda a: wrap_int(int(pre(a)), bits))
    if not is_float(dst_t):
        bits = int_width(dst_t)
        if kind in ("fptosi", "fptoui"):
            return elementwise(c, op, lambda a: _fp_to_int(op, a).astype(np_dtype(dst_t)))

        def to_int(a: Any) -> Any:
            x = np.asarray(pre(a)).astype(np.int64)
            if bits == 1:
                return (x & 1).astype(np.bool_)
            return x.astype(np_dtype(dst_t))

        return elementwise(c, op, to_int)
    if kind in ("sitofp", "uitofp"):
        return elementwise(c, op, lambda a: np.asarray(pre(a)).astype(np.float64))
    return elementwise(c, op, lambda a: np.asarray(a).astype(np.float64) if vec else np.float64(a))


def _fp_to_int(op: Operation, a: Any) -> Any:
    x = np.asarray(a)
    if np.any(~np.isfinite(x)):
        raise InterpError(op, f"converts a non-finite value ({x[~np.isfinite(x)].flat[0]})")
    t = np.trunc(x).astype(np.int64)
    return t if np.ndim(a) else int(t)


def _bitcast(c: FuncCompiler, op: BitcastOp) -> Step:
    src_t = element_type(op.operands[0].type)
    dst_t = element_type(op.results[0].type)
    if bit_width(src_t) != bit_width(dst_t):
        raise UnsupportedOpError(op, f"bitcast from {src_t} to {dst_t}: the bit widths differ")
    dst = bits_dtype(dst_t)
    return elementwise(c, op, lambda a: from_bits(to_bits(a, src_t).view(dst), dst_t))


_CASTS: dict[type[Operation], str] = {
    ExtSIOp: "extsi",
    ExtUIOp: "extui",
    TruncIOp: "trunci",
    IndexCastOp: "index_cast",
    IndexCastUIOp: "index_castui",
    SIToFPOp: "sitofp",
    UIToFPOp: "uitofp",
    FPToSIOp: "fptosi",
    FPToUIOp: "fptoui",
    ExtFOp: "extf",
    TruncFOp: "truncf",
}
ELEMENTWISE: StepTable = {
    **{cls: functools.partial(_cast, kind=k) for cls, k in _CASTS.items()},
    BitcastOp: _bitcast,
}
