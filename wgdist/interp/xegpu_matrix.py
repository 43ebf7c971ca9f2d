"""xegpu shared local memory matrices: create_mem_desc, load_matrix, store_matrix.

A mem_desc is a matrix view of an SLM buffer (:class:`~wgdist.interp.values.MemDesc`). Its
``stride`` orders the dimensions (smallest stride fastest); with ``block`` the matrix is stored
block by block, blocks and the elements inside a block both in that order.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    ArrayAttr,
    BFloat16Type,
    DenseArrayBase,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation

from wgdist.dialects.xegpu import (
    CreateMemDescOp,
    LoadMatrixOp,
    MemDescType,
    MemLayoutAttr,
    StoreMatrixOp,
)
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.elements import bit_width, bits_dtype, byte_width
from wgdist.interp.memref import is_slm
from wgdist.interp.values import InterpError, MemDesc, MemRef, UnsupportedOpError
from wgdist.interp.xegpu_nd import mixed_getter
from wgdist.interp.xegpu_scatter import memref_source


def _ints_entry(layout: MemLayoutAttr | NoneAttr, key: str) -> tuple[int, ...] | None:
    """The integers of a ``#xegpu.mem_layout`` entry (``stride``, ``block``), if it has it."""
    if isinstance(layout, NoneAttr):
        return None
    a = layout.attrs.data.get(key)
    if isinstance(a, ArrayAttr):
        return tuple(x.value.data for x in a.data if isinstance(x, IntegerAttr))
    if isinstance(a, DenseArrayBase):
        return tuple(int(x) for x in a.get_values())
    return None


def slm_units(mem: MemRef, elt: Attribute, nbytes: int) -> tuple[np.ndarray | None, np.ndarray, np.ndarray | None]:
    """``(units, raw, phys)`` of :class:`MemDesc` for ``nbytes`` bytes of ``mem``'s buffer from
    the view's origin, seen as elements of type ``elt``."""
    storage = mem.buf.data
    raw = storage.view(np.uint8)
    start = mem.offset * byte_width(mem.elt)
    w = byte_width(elt)
    if not isinstance(mem.elt, BFloat16Type):
        return raw[start : start + nbytes].view(bits_dtype(elt)), raw, None
    # bf16 data is held as float32: its two bytes are the upper half of each float32
    hi = 1 if sys.byteorder == "little" else 0
    if w == 2:
        halves = storage.view(np.uint16)[hi::2]
        return halves[start // 2 : (start + nbytes) // 2].view(bits_dtype(elt)), raw, None
    k = start + np.arange(nbytes)
    return None, raw, 4 * (k // 2) + 2 * hi + k % 2


def _create_mem_desc(c: FuncCompiler, op: CreateMemDescOp) -> Step:
    src_t = op.source.type
    memref_source(op, src_t)
    assert isinstance(src_t, MemRefType)
    if not is_slm(src_t.memory_space):
        raise UnsupportedOpError(op, "expects a shared local memory (address space 3) memref")
    t = op.mem_desc.type
    assert isinstance(t, MemDescType)
    shape = t.get_shape()
    elt = t.element_type
    if bit_width(elt) % 8:
        raise UnsupportedOpError(op, f"a mem_desc of {elt} elements is not supported")
    layout = t.mem_layout
    strides = _ints_entry(layout, "stride") or tuple(int(np.prod(shape[i + 1 :])) for i in range(len(shape)))
    block = _ints_entry(layout, "block")
    (src,) = c.ins(op)
    (r,) = c.outs(op)
    count = int(np.prod(shape))
    if block is None:  # a padded stride reaches past the element count
        count = max(count, 1 + sum((n - 1) * s for n, s in zip(shape, strides)))
    need = count * byte_width(elt)

    def step(v: Frame) -> None:
        mem: MemRef = v[src]
        nbytes = int(np.prod(mem.shape)) * byte_width(mem.elt)
        if nbytes < need:
            raise InterpError(op, f"a {list(shape)} {elt} matrix needs {need} bytes, the buffer has {nbytes}")
        units, raw, phys = slm_units(mem, elt, need)
        v[r] = MemDesc(units, raw, phys, mem.buf, shape, strides, block, elt)

    return step


def matrix_offsets(md: MemDesc, offs: tuple[int, ...], shape: tuple[int, ...]) -> np.ndarray:
    """Element offsets in the SLM view of the box ``shape`` at ``offs``."""
    idx = [o + np.arange(n).reshape([-1 if k == d else 1 for k in range(len(shape))]) for d, (o, n) in enumerate(zip(offs, shape))]
    if md.block is None:
        return np.asarray(sum(i * s for i, s in zip(idx, md.strides)))
    order = sorted(range(len(md.shape)), key=lambda d: md.strides[d])  # fastest first
    inner: Any = 0
    outer: Any = 0
    acc_in = 1
    acc_out = 1
    nblocks = [n // b for n, b in zip(md.shape, md.block)]
    for d in order:
        inner = inner + (idx[d] % md.block[d]) * acc_in
        acc_in *= md.block[d]
        outer = outer + (idx[d] // md.block[d]) * acc_out
        acc_out *= nblocks[d]
    return np.asarray(outer * acc_in + inner)


def _matrix_box(op: Operation, md: MemDesc, offs: tuple[int, ...], shape: tuple[int, ...]) -> np.ndarray:
    if len(offs) != len(md.shape):
        raise InterpError(op, f"{len(offs)} offsets for a rank-{len(md.shape)} mem_desc")
    for d, (o, n, m) in enumerate(zip(offs, shape, md.shape)):
        if o < 0 or o + n > m:
            raise InterpError(
                op, f"box [{o}, {o + n}) is out of bounds of the {list(md.shape)} mem_desc in dimension {d}"
            )
    return matrix_offsets(md, offs, shape)


def _load_matrix(c: FuncCompiler, op: LoadMatrixOp) -> Step:
    d = c.slot(op.mem_desc)
    offs = mixed_getter(c, op.mixed_offsets())
    rt = op.res.type
    assert isinstance(rt, VectorType)
    shape = rt.get_shape()
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        md: MemDesc = v[d]
        v[r] = md.read(_matrix_box(op, md, offs(v), shape))

    return step


def _store_matrix(c: FuncCompiler, op: StoreMatrixOp) -> Step:
    val = c.slot(op.data)
    d = c.slot(op.mem_desc)
    offs = mixed_getter(c, op.mixed_offsets())
    assert isinstance(op.data.type, VectorType)
    shape = op.data.type.get_shape()

    def step(v: Frame) -> None:
        md: MemDesc = v[d]
        md.write(_matrix_box(op, md, offs(v), shape), v[val])

    return step


STEPS: StepTable = {
    CreateMemDescOp: _create_mem_desc,
    LoadMatrixOp: _load_matrix,
    StoreMatrixOp: _store_matrix,
}
