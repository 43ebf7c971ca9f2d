"""vector memory ops: ``vector.load``/``store`` (a box of a memref), ``vector.maskedload``/
``maskedstore`` (1-D, per-lane mask) and ``vector.transfer_read``/``transfer_write`` (with a
permutation map of dims and broadcast zeros; out-of-bounds elements read the padding and are not
written)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import AffineMapAttr
from xdsl.ir import Operation
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr

from wgdist.dialects.vector import (
    LoadOp,
    MaskedLoadOp,
    MaskedStoreOp,
    StoreOp,
    TransferReadOp,
    TransferWriteOp,
)
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.memref import read_box, write_box
from wgdist.interp.values import InterpError, MemRef, UnsupportedOpError
from wgdist.interp.vector import to_result, vector_shape


def _vload(c: FuncCompiler, op: LoadOp) -> Step:
    m, *idx = c.ins(op)
    (r,) = c.outs(op)
    shape = vector_shape(op.result.type)

    def step(v: Frame) -> None:
        v[r] = read_box(op, v[m], tuple(v[i] for i in idx), shape)

    return step


def _vstore(c: FuncCompiler, op: StoreOp) -> Step:
    val, m, *idx = c.ins(op)

    def step(v: Frame) -> None:
        write_box(op, v[m], tuple(v[i] for i in idx), v[val], v[0])

    return step


def _masked_lin(op: Operation, mem: MemRef, idx: tuple[int, ...], n: int, mask: np.ndarray) -> np.ndarray:
    base = mem.offset + sum(i * s for i, s in zip(idx, mem.strides))
    pos = idx[-1] + np.arange(n)
    bad = mask & ((pos < 0) | (pos >= mem.shape[-1]))
    if np.any(bad):
        raise InterpError(op, f"unmasked lane {int(np.argmax(bad))} is out of bounds of {mem.describe()}")
    for d, (i, size) in enumerate(zip(idx[:-1], mem.shape[:-1])):
        if not 0 <= i < size and mask.any():
            raise InterpError(op, f"index {i} is out of bounds of {mem.describe()} in dimension {d}")
    return base + np.arange(n) * mem.strides[-1]


def _maskedload(c: FuncCompiler, op: MaskedLoadOp) -> Step:
    m, *idx, mask, passthru = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        mk = np.asarray(v[mask])
        lin = _masked_lin(op, v[m], tuple(v[i] for i in idx), mk.size, mk)
        out = v[passthru].copy()
        out[mk] = v[m].buf.data[lin[mk]]
        v[r] = out

    return step


def _maskedstore(c: FuncCompiler, op: MaskedStoreOp) -> Step:
    m, *idx, mask, val = c.ins(op)

    def step(v: Frame) -> None:
        mk = np.asarray(v[mask])
        mem: MemRef = v[m]
        lin = _masked_lin(op, mem, tuple(v[i] for i in idx), mk.size, mk)
        mem.buf.data[lin[mk]] = np.asarray(v[val])[mk]
        mem.buf.note_write(lin[mk], v[0].who)

    return step


def _transfer_map(op: TransferReadOp | TransferWriteOp) -> list[int | None]:
    """The memref dim of each vector dim (``None``: a broadcast dim, map result ``0``)."""
    amap = op.permutation_map
    assert isinstance(amap, AffineMapAttr)
    dims: list[int | None] = []
    for e in amap.data.results:
        if isinstance(e, AffineDimExpr):
            dims.append(e.position)
        elif isinstance(e, AffineConstantExpr) and e.value == 0:
            dims.append(None)
        else:
            raise UnsupportedOpError(op, f"permutation map result {e} is not supported")
    return dims


def _transfer_indices(mem: MemRef, idx: tuple[int, ...], shape: tuple[int, ...], dims: list[int | None]) -> tuple[np.ndarray, np.ndarray]:
    """Linear offsets of every vector element and whether it is inside the memref."""
    grids = np.indices(shape)
    lin = np.full(shape, mem.offset, dtype=np.int64)
    inside = np.ones(shape, dtype=np.bool_)
    moving = {d: k for k, d in enumerate(dims) if d is not None}
    for d, (i, size, st) in enumerate(zip(idx, mem.shape, mem.strides)):
        pos = i + grids[moving[d]] if d in moving else np.full(shape, i)
        inside &= (pos >= 0) & (pos < size)
        lin += pos * st
    return lin, inside


def _transfer_read(c: FuncCompiler, op: TransferReadOp) -> Step:
    src = c.slot(op.source)
    idx = [c.slot(x) for x in op.indices]
    pad = c.slot(op.padding)
    mask = c.slot(op.mask) if op.mask is not None else None
    shape = vector_shape(op.result.type)
    dims = _transfer_map(op)
    (r,) = c.outs(op)
    conv = to_result(op.result.type)

    def step(v: Frame) -> None:
        mem: MemRef = v[src]
        lin, inside = _transfer_indices(mem, tuple(v[i] for i in idx), shape, dims)
        if mask is not None:
            inside &= np.asarray(v[mask]).reshape(inside.shape) if np.size(v[mask]) == inside.size else np.broadcast_to(v[mask], inside.shape)
        out = np.full(shape, v[pad], dtype=mem.buf.data.dtype)
        out[inside] = mem.buf.data[lin[inside]]
        v[r] = conv(out)

    return step


def _transfer_write(c: FuncCompiler, op: TransferWriteOp) -> Step:
    val = c.slot(op.vector)
    dst = c.slot(op.source)
    idx = [c.slot(x) for x in op.indices]
    mask = c.slot(op.mask) if op.mask is not None else None
    shape = vector_shape(op.vector.type)
    dims = _transfer_map(op)
    if op.results:
        raise UnsupportedOpError(op, "transfer_write on tensors is not supported")

    def step(v: Frame) -> None:
        mem: MemRef = v[dst]
        lin, inside = _transfer_indices(mem, tuple(v[i] for i in idx), shape, dims)
        if mask is not None:
            inside &= np.broadcast_to(v[mask], inside.shape)
        mem.buf.data[lin[inside]] = np.asarray(v[val])[inside]
        mem.buf.note_write(lin[inside], v[0].who)

    return step


STEPS: StepTable = {
    LoadOp: _vload,
    StoreOp: _vstore,
    MaskedLoadOp: _maskedload,
    MaskedStoreOp: _maskedstore,
    TransferReadOp: _transfer_read,
    TransferWriteOp: _transfer_write,
}
