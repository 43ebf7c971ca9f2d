"""xegpu gather/scatter: create_tdesc, update_offset, load, store, prefetch, atomic_rmw.

Element ``i`` (of the offsets' shape) covers ``chunk`` consecutive elements from ``offsets[i]``;
masked-off lanes read 0 and write nothing; an unmasked lane outside the memref is an error. The
accesses take a scattered tensor descriptor or a memref with offsets. A prefetch changes nothing
but is checked like a load with every lane on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import MemRefType, VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.xegpu import (
    AtomicRMWOp,
    CreateTdescOp,
    LoadGatherOp,
    PrefetchOp,
    StoreScatterOp,
    TensorDescType,
    UpdateOffsetOp,
)
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.elements import array_converter, int_width, is_float, unsigned_dtype
from wgdist.interp.values import InterpError, MemRef, ScatterDesc, UnsupportedOpError
from wgdist.interp.xegpu_nd import tdesc_type


def memref_source(op: Operation, t: Attribute) -> None:
    """Refuse a raw pointer (integer) source (where an address cannot stand: a mem_desc)."""
    if not isinstance(t, MemRefType):
        raise UnsupportedOpError(op, f"raw pointer sources ({t}) are not supported")


def source_reader(op: Operation, src: SSAValue, slot: int, elt: Attribute) -> Callable[[Frame], MemRef]:
    """Reads an access's source: a memref, or an address (an integer: the pointer buffer it
    falls in, :mod:`~wgdist.interp.pointers`)."""
    if isinstance(src.type, MemRefType):
        return lambda v: v[slot]
    return lambda v: v[0].memory.resolve(op, v[slot], elt)


def _create_tdesc(c: FuncCompiler, op: CreateTdescOp) -> Step:
    src, offs = c.ins(op)
    (r,) = c.outs(op)
    t = tdesc_type(op, op.result)
    chunk = t.chunk_size
    elt = t.element_type
    source = source_reader(op, op.source, src, elt)

    def step(v: Frame) -> None:
        v[r] = ScatterDesc(source(v), np.asarray(v[offs]), chunk, elt)

    return step


def _update_offset(c: FuncCompiler, op: UpdateOffsetOp) -> Step:
    d, delta = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        desc: ScatterDesc = v[d]
        v[r] = ScatterDesc(desc.mem, desc.offsets + np.asarray(v[delta]), desc.chunk, desc.elt)

    return step


def _lanes(op: Operation, mem: MemRef, offsets: np.ndarray, mask: np.ndarray, chunk: int) -> np.ndarray:
    """Linear positions (shape offsets.shape + [chunk]) after checking unmasked lanes."""
    if len(mem.shape) != 1:
        raise UnsupportedOpError(op, f"gather/scatter on a rank-{len(mem.shape)} memref")
    pos = offsets[..., None] + np.arange(chunk)
    m = np.broadcast_to(mask[..., None], pos.shape)
    bad = m & ((pos < 0) | (pos >= mem.shape[0]))
    if bad.any():
        where = np.argwhere(bad)[0]
        raise InterpError(
            op, f"lane {[int(x) for x in where[:-1]]} accesses element {int(pos[tuple(where)])} outside "
            f"{mem.describe()}",
        )
    return mem.offset + pos * mem.strides[0]


Parts = tuple[bool, list[int], int, Callable[[Frame], MemRef] | None]
"""(descriptor form?, the slots of the source and what follows it, chunk size, the source
reader of the memref/address form)."""


def _scatter_parts(c: FuncCompiler, op: LoadGatherOp | StoreScatterOp | PrefetchOp) -> Parts:
    first = 1 if op.HAS_VALUE else 0  # a store's value comes first
    src = op.source_value()
    src_t = src.type
    slots = c.ins(op)[first:]
    if isinstance(src_t, TensorDescType):
        return True, slots, src_t.chunk_size, None
    if isinstance(src_t, MemRefType):
        elt = src_t.element_type
    elif isinstance(op, LoadGatherOp | StoreScatterOp) and isinstance(op.value.type, VectorType):
        elt = op.value.type.element_type
    else:
        raise UnsupportedOpError(op, f"a prefetch from an address ({src_t}) is not supported")
    return False, slots, op.chunk(), source_reader(op, src, slots[0], elt)


def _resolve(v: Frame, parts: Parts, with_mask: bool) -> tuple[MemRef, np.ndarray, np.ndarray]:
    form, slots, _, source = parts
    if form:
        desc: ScatterDesc = v[slots[0]]
        mask = v[slots[1]] if with_mask else np.ones(desc.offsets.shape, np.bool_)
        return desc.mem, desc.offsets, np.asarray(mask)
    assert source is not None
    offs = np.asarray(v[slots[1]])
    mask = v[slots[2]] if with_mask else np.ones(offs.shape, np.bool_)
    return source(v), offs, np.broadcast_to(np.asarray(mask), offs.shape)


def _load(c: FuncCompiler, op: LoadGatherOp) -> Step:
    parts = _scatter_parts(c, op)
    chunk = parts[2]
    (r,) = c.outs(op)
    rt = op.value.type
    assert isinstance(rt, VectorType)
    rshape = rt.get_shape()
    conv = array_converter(rt.element_type)

    def step(v: Frame) -> None:
        mem, offs, mask = _resolve(v, parts, True)
        lin = _lanes(op, mem, offs, mask, chunk)
        m = np.broadcast_to(mask[..., None], lin.shape)
        out = np.zeros(lin.shape, dtype=mem.buf.data.dtype)
        out[m] = mem.buf.data[lin[m]]
        if out.size != int(np.prod(rshape)):
            raise UnsupportedOpError(op, f"result shape {list(rshape)} does not match {list(out.shape)}")
        v[r] = conv(out.reshape(rshape))

    return step


def _store(c: FuncCompiler, op: StoreScatterOp) -> Step:
    parts = _scatter_parts(c, op)
    chunk = parts[2]
    val = c.slot(op.value)

    def step(v: Frame) -> None:
        mem, offs, mask = _resolve(v, parts, True)
        lin = _lanes(op, mem, offs, mask, chunk)
        m = np.broadcast_to(mask[..., None], lin.shape)
        value = np.asarray(v[val]).reshape(lin.shape)
        mem.buf.data[lin[m]] = value[m]
        mem.buf.note_write(lin[m], v[0].who, unique=False)

    return step


def _prefetch(c: FuncCompiler, op: PrefetchOp) -> Step:
    """No visible effect, but the lanes are checked as a load's would be (all of them on)."""
    parts = _scatter_parts(c, op)
    chunk = parts[2]

    def step(v: Frame) -> None:
        mem, offs, mask = _resolve(v, parts, False)
        _lanes(op, mem, offs, mask, chunk)

    return step


def _unsigned(pick: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``pick`` applied to the unsigned reading of two integer arrays of the same dtype."""

    def fn(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        u = unsigned_dtype(a.dtype.itemsize * 8)
        return np.asarray(pick(a.view(u), b.view(u))).view(a.dtype)

    return fn


_FLOAT_RMW = {"addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf"}
_RMW: dict[str, Callable[[Any, Any], Any]] = {
    "addf": np.add, "addi": np.add, "mulf": np.multiply, "muli": np.multiply,
    "maxs": np.maximum, "mins": np.minimum, "maxu": _unsigned(np.maximum), "minu": _unsigned(np.minimum),
    "maximumf": np.maximum, "minimumf": np.minimum, "maxnumf": np.fmax, "minnumf": np.fmin,
    "andi": np.bitwise_and, "ori": np.bitwise_or, "xori": np.bitwise_xor, "assign": lambda a, b: b,
}  # fmt: skip


def _rmw_kind(op: AtomicRMWOp, elt: Attribute) -> Callable[[Any, Any], Any]:
    kind = op.kind_name
    fn = _RMW.get(kind)
    if fn is None:
        raise UnsupportedOpError(op, f"atomic kind '{kind}' is not supported")
    if kind != "assign" and (kind in _FLOAT_RMW) != is_float(elt):
        what = "floating-point" if kind in _FLOAT_RMW else "integer"
        raise InterpError(op, f"the {what} atomic kind '{kind}' does not apply to {elt} elements")
    if not is_float(elt) and int_width(elt) == 1 and kind not in ("andi", "ori", "xori", "assign"):
        raise UnsupportedOpError(op, f"atomic kind '{kind}' on i1 elements is not supported")
    return fn


def _atomic_rmw(c: FuncCompiler, op: AtomicRMWOp) -> Step:
    t = op.tensorDesc.type
    if not isinstance(t, TensorDescType):
        raise UnsupportedOpError(op, f"expects a scattered tensor descriptor, got {t}")
    elt = t.element_type
    fn = _rmw_kind(op, elt)
    conv = array_converter(elt)
    d, mask, val = c.ins(op)
    (r,) = c.outs(op)
    chunk = t.chunk_size

    def step(v: Frame) -> None:
        desc: ScatterDesc = v[d]
        mk = np.broadcast_to(np.asarray(v[mask]), desc.offsets.shape)
        lin = _lanes(op, desc.mem, desc.offsets, mk, chunk).reshape(-1)
        m = np.broadcast_to(mk[..., None], (*mk.shape, chunk)).reshape(-1)
        data = desc.mem.buf.data
        value = conv(np.asarray(v[val])).astype(data.dtype).reshape(-1)
        old = np.zeros(lin.shape, dtype=data.dtype)
        with np.errstate(over="ignore", invalid="ignore"):
            for i in np.flatnonzero(m):  # lane by lane: duplicates accumulate like atomics do
                j = lin[i]
                cur = data[j : j + 1]
                old[i] = cur[0]
                data[j] = conv(fn(cur, value[i : i + 1]))[0]
        desc.mem.buf.note_write(lin[m], v[0].who, unique=False)
        v[r] = old.reshape(np.shape(v[val]))

    return step


STEPS: StepTable = {
    CreateTdescOp: _create_tdesc,
    UpdateOffsetOp: _update_offset,
    LoadGatherOp: _load,
    StoreScatterOp: _store,
    PrefetchOp: _prefetch,
    AtomicRMWOp: _atomic_rmw,
}
