"""Runtime values of the interpreter and its errors: memory buffers, views and descriptors.

Memory lives in :class:`Buffer` objects; a memref value is a :class:`MemRef` view (offset,
shape, strides, in elements) on a buffer; XeGPU descriptors are :class:`NdDesc`,
:class:`ScatterDesc` and :class:`MemDesc`. How scalars and vector elements are held is in
:mod:`wgdist.interp.elements`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    MemRefType,
    NoneAttr,
)
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import DiagnosticException

from wgdist.interp.elements import bits_dtype, byte_width, from_bits, to_bits
from wgdist.ir.diagnostics import OpError


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


class UndefinedOpError(InterpError):
    """The op is undefined for these operands (a division by zero, a shift by the width or
    more): the inputs, not the program, are at fault when they were drawn at random."""


class KernelError(OpError, ValueError):
    """A user error about the kernel as a whole (its signature, its launch, its sizes), located
    at the op it concerns (usually the function); a ``ValueError`` too, for library callers."""


class DeadlockError(DiagnosticException):
    """Subgroups of a workgroup wait on a barrier that can never complete."""


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
