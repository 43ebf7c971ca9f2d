"""How the interpreter holds the elements of each MLIR type, and conversions between them.

Scalars: integers (and ``index``) are Python ints holding the *signed* two's-complement value of
their width, ``i1`` is a Python bool, floats are numpy scalars of their width (``bf16`` is held as
a float32 rounded to bf16, but is 16 bits wherever widths or bytes matter: :func:`bit_width`,
:func:`to_bits`). Vectors are numpy arrays of :func:`np_dtype`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    VectorType,
)
from xdsl.ir import Attribute


class UnsupportedTypeError(ValueError):
    """An element type the interpreter holds no values of (``i3``, ``f80``, ...): a limit of the
    checker that a user meets with a valid kernel, so a user error, not an internal one."""



def is_float(t: Attribute) -> bool:
    return isinstance(t, Float16Type | Float32Type | Float64Type | BFloat16Type)


def int_width(t: Attribute) -> int:
    """Bit width of an integer-like type (index counts as 64)."""
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, IntegerType):
        return t.width.data
    raise UnsupportedTypeError(f"{t} is not an integer type")


_INT_DTYPES = {1: np.bool_, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
_UINT_DTYPES = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def np_dtype(t: Attribute) -> np.dtype:
    """The numpy dtype holding elements of type ``t`` (bf16 is stored as float32)."""
    if isinstance(t, Float16Type):
        return np.dtype(np.float16)
    if isinstance(t, Float32Type | BFloat16Type):
        return np.dtype(np.float32)
    if isinstance(t, Float64Type):
        return np.dtype(np.float64)
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, IntegerType) and t.width.data in _INT_DTYPES:
        return np.dtype(_INT_DTYPES[t.width.data])
    raise UnsupportedTypeError(f"element type {t} is not supported by the interpreter")


def unsigned_dtype(bits: int) -> np.dtype:
    return np.dtype(_UINT_DTYPES[bits])


def round_bf16(x: Any) -> Any:
    """Round float32 data to the nearest bf16 value (ties to even), kept as float32."""
    a = np.asarray(x, dtype=np.float32)
    bits = a.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    out = np.where(np.isnan(a), a, rounded.astype(np.uint32).view(np.float32))
    return out if isinstance(x, np.ndarray) else np.float32(out)


def bit_width(t: Attribute) -> int:
    """Bit width of an element type as the hardware stores it: ``bf16`` and ``f16`` are 16 bits
    (whatever dtype holds them here), ``index`` 64, ``i1`` 1."""
    if isinstance(t, Float16Type | BFloat16Type):
        return 16
    if isinstance(t, Float32Type):
        return 32
    if isinstance(t, Float64Type):
        return 64
    if isinstance(t, IntegerType | IndexType):
        return int_width(t)
    raise UnsupportedTypeError(f"element type {t} has no known bit width")


def byte_width(t: Attribute) -> int:
    """Bytes one element of ``t`` occupies in memory (``i1`` takes a byte)."""
    return max(1, bit_width(t) // 8)


def bits_dtype(t: Attribute) -> np.dtype:
    """The dtype of the in-memory representation of ``t`` (``bf16``: its ``uint16`` bits)."""
    if isinstance(t, BFloat16Type):
        return np.dtype(np.uint16)
    return np_dtype(t)


def bf16_bits(x: Any) -> np.ndarray:
    """The bf16 bit patterns (``uint16``) of float data, rounded to nearest even (a NaN stays a
    quiet NaN even when its payload lies in the dropped bits)."""
    a = np.asarray(x, dtype=np.float32)
    hi = (round_bf16(a).view(np.uint32) >> 16).astype(np.uint16)
    return np.where(np.isnan(a), hi | np.uint16(0x7FC0), hi).astype(np.uint16)


def bf16_from_bits(u: Any) -> np.ndarray:
    """bf16 values (held as float32) from their ``uint16`` bit patterns."""
    return (np.asarray(u).astype(np.uint32) << 16).view(np.float32)


def to_bits(a: Any, t: Attribute) -> np.ndarray:
    """Interpreter values of element type ``t`` as their in-memory representation: an array of
    :func:`bits_dtype` (bf16 values become their 16-bit patterns)."""
    if isinstance(t, BFloat16Type):
        return bf16_bits(a)
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(a).astype(np_dtype(t))


def from_bits(a: np.ndarray, t: Attribute) -> np.ndarray:
    """The inverse of :func:`to_bits`: in-memory representations to interpreter values."""
    return bf16_from_bits(a) if isinstance(t, BFloat16Type) else a


def wrap_int(x: int, bits: int) -> int:
    """The signed value of ``x`` truncated to ``bits`` bits (i1 gives a bool)."""
    if bits == 1:
        return bool(x & 1)
    half = 1 << (bits - 1)
    if -half <= x < half:
        return x
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >= half else x


def to_unsigned(x: int, bits: int) -> int:
    return int(x) & ((1 << bits) - 1)


def element_type(t: Attribute) -> Attribute:
    """The element type of a vector/memref type, or the type itself for scalars."""
    if isinstance(t, VectorType | MemRefType):
        return t.element_type
    return t


def scalar_converter(t: Attribute) -> Callable[[Any], Any]:
    """A function turning a Python number into the interpreter's scalar of type ``t``."""
    if isinstance(t, IntegerType | IndexType):
        bits = int_width(t)
        return lambda x: wrap_int(int(x), bits)
    if isinstance(t, BFloat16Type):
        return lambda x: round_bf16(np.float32(x))
    dt = np_dtype(t).type

    def conv(x: Any) -> Any:
        with np.errstate(over="ignore"):
            return dt(x)

    return conv


def array_converter(t: Attribute) -> Callable[[Any], Any]:
    """A function casting an array to the storage dtype of element type ``t`` (bf16 rounded)."""
    dt = np_dtype(t)
    if isinstance(t, BFloat16Type):
        return lambda a: round_bf16(np.asarray(a).astype(np.float32))

    def conv(a: Any) -> Any:
        a = np.asarray(a)
        if a.dtype == dt:
            return a
        with np.errstate(over="ignore", invalid="ignore"):
            return a.astype(dt)

    return conv
