"""Runtime values of the interpreter: element types, memory buffers, views and descriptors.

Scalars: integers (and ``index``) are Python ints holding the *signed* two's-complement value of
their width, ``i1`` is a Python bool, floats are numpy scalars of their width (``bf16`` is held as
a float32 rounded to bf16, but is 16 bits wherever widths or bytes matter: :func:`bit_width`,
:func:`to_bits`). Vectors are numpy arrays. Memory lives in :class:`Buffer` objects;
a memref value is a :class:`MemRef` view (offset, shape, strides, in elements) on a buffer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
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
    NoneAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import DiagnosticException

from wgdist.diagnostics import OpError


class InterpError(OpError):
    """A runtime error of the interpreted program, located at the op that caused it."""

    def __init__(self, op: Operation, message: str) -> None:
        super().__init__(op, message)
        self.context: list[str] = []

    def add_context(self, where: str) -> None:
        """Append where it happened (``in subgroup 3 of workgroup (1, 0)``) to the message."""
        self.context.append(where)
        self.args = (f"{self.args[0]} ({', '.join(self.context)})",)


class UnsupportedOpError(InterpError):
    """The interpreter has no semantics for this op (or for this form of it)."""


class KernelError(OpError, ValueError):
    """A user error about the kernel as a whole (its signature, its launch, its sizes), located
    at the op it concerns (usually the function); a ``ValueError`` too, for library callers."""


class DeadlockError(DiagnosticException):
    """Subgroups of a workgroup wait on a barrier that can never complete."""


# ---------------------------------------------------------------------------------------------
# Element types


def is_float(t: Attribute) -> bool:
    return isinstance(t, Float16Type | Float32Type | Float64Type | BFloat16Type)


def int_width(t: Attribute) -> int:
    """Bit width of an integer-like type (index counts as 64)."""
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, IntegerType):
        return t.width.data
    raise TypeError(f"{t} is not an integer type")


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
    raise TypeError(f"element type {t} is not supported by the interpreter")


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
    raise TypeError(f"element type {t} has no known bit width")


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


# ---------------------------------------------------------------------------------------------
# Memory


@dataclass
class WriterInfo:
    """Who is running: used to record writers of tracked buffers."""

    wg: int = 0
    sg: int = 0


class Buffer:
    """A flat allocation. Global buffers given to the kernel are *tracked*: every store records
    the subgroup and workgroup that wrote each element and how often it was written."""

    def __init__(
        self, data: np.ndarray, name: str, space: str = "global", track: bool = False,
        elt: Attribute | None = None,
    ):  # fmt: skip
        self.data = data.reshape(-1)
        self.name = name
        self.space = space
        self.track = track
        self.elt = elt  # the element type, where known (float32 data may hold bf16 values)
        n = self.data.size
        if track:
            self.last_sg = np.full(n, -1, dtype=np.int32)
            self.last_wg = np.full(n, -1, dtype=np.int64)
            self.n_wgs = np.zeros(n, dtype=np.int32)
            self.n_writes = np.zeros(n, dtype=np.int32)

    def note_write(self, lin: np.ndarray, who: WriterInfo, unique: bool = True) -> None:
        if not self.track:
            return
        lin = np.asarray(lin).reshape(-1)
        self.last_sg[lin] = who.sg
        new_wg = lin[self.last_wg[lin] != who.wg]
        if unique:
            self.n_wgs[new_wg] += 1
            self.n_writes[lin] += 1
        else:
            new_wg = np.unique(new_wg)
            self.n_wgs[new_wg] += 1
            np.add.at(self.n_writes, lin, 1)
        self.last_wg[lin] = who.wg


@dataclass
class MemRef:
    """A strided view (in elements) on a buffer."""

    buf: Buffer
    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    elt: Attribute

    def linear(self, op: Operation, idx: tuple[int, ...]) -> int:
        for d, (i, n) in enumerate(zip(idx, self.shape)):
            if not 0 <= i < n:
                raise InterpError(
                    op,
                    f"index {list(idx)} is out of bounds of {self.describe()} in dimension {d} "
                    f"(size {n})",
                )
        return self.offset + sum(i * s for i, s in zip(idx, self.strides))

    def describe(self) -> str:
        return f"memref '{self.buf.name}' of shape {list(self.shape)}"


def memref_layout(t: MemRefType, op: Operation) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Static shape, strides and offset of a memref type (errors for dynamic parts)."""
    shape = t.get_shape()
    if any(d < 0 for d in shape):
        raise UnsupportedOpError(op, f"dynamic memref shape {list(shape)} is not supported")
    if isinstance(t.layout, NoneAttr):
        strides = tuple(int(x or 0) for x in MemRefType.strides_for_shape(shape))  # static shape
        offset = 0
    else:
        s = t.get_strides()
        o = t.get_offset()
        known = [x for x in s or () if x is not None]
        if s is None or len(known) != len(s) or o is None:
            raise UnsupportedOpError(op, f"memref layout {t.layout} is not a static strided layout")
        strides = tuple(int(x) for x in known)
        offset = int(o)
    return tuple(shape), strides, offset


_GRIDS: dict[tuple[tuple[int, ...], tuple[int, ...]], np.ndarray] = {}


def offset_grid(shape: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    """Linear offsets of every element of a box of ``shape`` with element ``strides``."""
    key = (shape, strides)
    g = _GRIDS.get(key)
    if g is None:
        g = np.zeros(shape, dtype=np.int64)
        for d, (n, s) in enumerate(zip(shape, strides)):
            sh = [1] * len(shape)
            sh[d] = n
            g = g + (np.arange(n, dtype=np.int64) * s).reshape(sh)
        g.setflags(write=False)
        if len(_GRIDS) < 4096:
            _GRIDS[key] = g
    return g


# ---------------------------------------------------------------------------------------------
# XeGPU descriptors


@dataclass
class NdDesc:
    """A block tensor descriptor: a window of ``tshape`` at ``offsets`` on a strided region."""

    buf: Buffer
    base: int  # element offset of the region's origin in the buffer
    shape: tuple[int, ...]  # extent of the region (source rank)
    strides: tuple[int, ...]
    offsets: tuple[int, ...]  # current offsets (source rank)
    tshape: tuple[int, ...]  # tile shape (rank <= source rank; trailing dims)
    elt: Attribute
    array_length: int = 1
    boundary_check: bool = True


@dataclass
class ScatterDesc:
    """A scattered tensor descriptor: per-lane element offsets and a chunk size."""

    mem: MemRef
    offsets: np.ndarray
    chunk: int
    elt: Attribute


@dataclass
class MemDesc:
    """A matrix view on shared local memory with an optional strided/blocked layout.

    The matrix's elements live in the SLM buffer's bytes in their in-memory representation
    (:func:`to_bits`; bf16 as 16-bit patterns). ``units`` is a live view of those bytes as that
    representation's dtype, or ``None`` where numpy has no such view (8-, 32- or 64-bit elements
    on a bf16 buffer, whose float32 storage holds each element's two bytes in its upper half):
    then ``phys`` gives the storage byte (in ``raw``) of each byte of the matrix.
    """

    units: np.ndarray | None
    raw: np.ndarray  # the buffer's storage as bytes (a live view)
    phys: np.ndarray | None
    buf: Buffer
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    block: tuple[int, ...] | None
    elt: Attribute

    def _bytes(self, idx: np.ndarray) -> np.ndarray:
        assert self.phys is not None
        w = byte_width(self.elt)
        phys: np.ndarray = self.phys[np.asarray(idx)[..., None] * w + np.arange(w)]
        return phys

    def read(self, idx: np.ndarray) -> np.ndarray:
        """The elements at element offsets ``idx`` (any shape)."""
        if self.units is not None:
            bits = self.units[idx]
        else:
            b = np.ascontiguousarray(self.raw[self._bytes(idx)])
            bits = b.view(bits_dtype(self.elt)).reshape(np.shape(idx))
        return from_bits(bits, self.elt)

    def write(self, idx: np.ndarray, value: Any) -> None:
        bits = to_bits(np.broadcast_to(value, np.shape(idx)), self.elt)
        if self.units is not None:
            self.units[idx] = bits
        else:
            self.raw[self._bytes(idx)] = np.ascontiguousarray(bits).view(np.uint8).reshape(*np.shape(idx), -1)


@dataclass
class NamedBarrier:
    bid: int
    participants: int


@dataclass
class BarrierState:
    """Named barrier bookkeeping of one workgroup."""

    arrived: dict[int, int] = field(default_factory=dict)  # id -> arrivals in current generation
    generation: dict[int, int] = field(default_factory=dict)  # id -> completed generations
    participants: dict[int, int] = field(default_factory=dict)
    arrived_at: dict[tuple[int, int], int] = field(default_factory=dict)  # (id, sg) -> generation
    allocated: int | None = None
