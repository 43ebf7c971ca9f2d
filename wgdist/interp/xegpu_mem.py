"""xegpu gather/scatter (create_tdesc, update_offset, load, store, prefetch, atomic_rmw), shared
local memory matrices (create_mem_desc, load_matrix, store_matrix), named barriers and fence.

Gather/scatter: element ``i`` (of the offsets' shape) covers ``chunk`` consecutive elements from
``offsets[i]``; masked-off lanes read 0 and write nothing; an unmasked lane outside the memref is an
error. A prefetch changes nothing but is checked like a load with every lane on. A mem_desc's ``stride`` orders the dimensions (smallest stride fastest); with ``block``
the matrix is stored block by block, blocks and the elements inside a block both in that order.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ArrayAttr, BFloat16Type, MemRefType, NoneAttr, VectorType
from xdsl.ir import Operation

from wgdist.interp.core import Compiled, Frame, FuncCompiler, GenStep, Step, Thread, Wait, handler
from wgdist.interp.memref import is_slm
from wgdist.interp.values import (
    InterpError,
    MemDesc,
    MemRef,
    NamedBarrier,
    ScatterDesc,
    UnsupportedOpError,
    array_converter,
    bit_width,
    bits_dtype,
    byte_width,
    int_width,
    is_float,
    unsigned_dtype,
)
from wgdist.interp.xegpu_nd import mixed_getter


def _is_tdesc(t: Any) -> bool:
    return hasattr(t, "chunk_size") and hasattr(t, "is_scattered")


def _memref_source(op: Operation, t: Any) -> None:
    if not isinstance(t, MemRefType):
        raise UnsupportedOpError(op, f"raw pointer sources ({t}) are not supported")


def _prop_int(op: Operation, name: str, default: int) -> int:
    a = op.properties.get(name)
    return default if a is None else a.value.data  # type: ignore[attr-defined]


@handler("xegpu.create_tdesc")
def _create_tdesc(c: FuncCompiler, op: Operation) -> Step:
    _memref_source(op, op.operands[0].type)
    src, offs = c.ins(op)
    (r,) = c.outs(op)
    t = op.results[0].type
    chunk = t.chunk_size  # type: ignore[attr-defined]
    elt = t.element_type  # type: ignore[attr-defined]

    def step(v: Frame) -> None:
        v[r] = ScatterDesc(v[src], np.asarray(v[offs]), chunk, elt)

    return step


@handler("xegpu.update_offset")
def _update_offset(c: FuncCompiler, op: Operation) -> Step:
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


def _scatter_parts(c: FuncCompiler, op: Operation, first: int) -> tuple[bool, list[int], int]:
    """(descriptor form?, operand slots from ``first``, chunk size)."""
    src_t = op.operands[first].type
    if _is_tdesc(src_t):
        return True, c.ins(op)[first:], src_t.chunk_size  # type: ignore[attr-defined]
    _memref_source(op, src_t)
    return False, c.ins(op)[first:], _prop_int(op, "chunk_size", 1)


def _resolve(v: Frame, form: bool, slots: list[int], with_mask: bool) -> tuple[MemRef, np.ndarray, np.ndarray]:
    if form:
        desc: ScatterDesc = v[slots[0]]
        mask = v[slots[1]] if with_mask else np.ones(desc.offsets.shape, np.bool_)
        return desc.mem, desc.offsets, np.asarray(mask)
    offs = np.asarray(v[slots[1]])
    mask = v[slots[2]] if with_mask else np.ones(offs.shape, np.bool_)
    return v[slots[0]], offs, np.broadcast_to(np.asarray(mask), offs.shape)


@handler("xegpu.load")
def _load(c: FuncCompiler, op: Operation) -> Step:
    form, slots, chunk = _scatter_parts(c, op, 0)
    (r,) = c.outs(op)
    rt = op.results[0].type
    assert isinstance(rt, VectorType)
    rshape = rt.get_shape()
    conv = array_converter(rt.element_type)

    def step(v: Frame) -> None:
        mem, offs, mask = _resolve(v, form, slots, True)
        lin = _lanes(op, mem, offs, mask, chunk)
        m = np.broadcast_to(mask[..., None], lin.shape)
        out = np.zeros(lin.shape, dtype=mem.buf.data.dtype)
        out[m] = mem.buf.data[lin[m]]
        if out.size != int(np.prod(rshape)):
            raise UnsupportedOpError(op, f"result shape {list(rshape)} does not match {list(out.shape)}")
        v[r] = conv(out.reshape(rshape))

    return step


@handler("xegpu.store")
def _store(c: FuncCompiler, op: Operation) -> Step:
    form, slots, chunk = _scatter_parts(c, op, 1)
    val = c.slot(op.operands[0])

    def step(v: Frame) -> None:
        mem, offs, mask = _resolve(v, form, slots, True)
        lin = _lanes(op, mem, offs, mask, chunk)
        m = np.broadcast_to(mask[..., None], lin.shape)
        value = np.asarray(v[val]).reshape(lin.shape)
        mem.buf.data[lin[m]] = value[m]
        mem.buf.note_write(lin[m], v[0].who, unique=False)

    return step


@handler("xegpu.prefetch")
def _prefetch(c: FuncCompiler, op: Operation) -> Step:
    """No visible effect, but the lanes are checked as a load's would be (all of them on)."""
    form, slots, chunk = _scatter_parts(c, op, 0)

    def step(v: Frame) -> None:
        mem, offs, mask = _resolve(v, form, slots, False)
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


def _rmw_kind(op: Operation, elt: Any) -> Callable[[Any, Any], Any]:
    kind = getattr(op, "kind_name", None)
    if not isinstance(kind, str):
        raise UnsupportedOpError(op, f"has no readable atomic kind ({op.properties.get('kind')})")
    fn = _RMW.get(kind)
    if fn is None:
        raise UnsupportedOpError(op, f"atomic kind '{kind}' is not supported")
    if kind != "assign" and (kind in _FLOAT_RMW) != is_float(elt):
        what = "floating-point" if kind in _FLOAT_RMW else "integer"
        raise InterpError(op, f"the {what} atomic kind '{kind}' does not apply to {elt} elements")
    if not is_float(elt) and int_width(elt) == 1 and kind not in ("andi", "ori", "xori", "assign"):
        raise UnsupportedOpError(op, f"atomic kind '{kind}' on i1 elements is not supported")
    return fn


@handler("xegpu.atomic_rmw")
def _atomic_rmw(c: FuncCompiler, op: Operation) -> Step:
    t = op.operands[0].type
    if not _is_tdesc(t):
        raise UnsupportedOpError(op, f"expects a scattered tensor descriptor, got {t}")
    elt = t.element_type  # type: ignore[attr-defined]
    fn = _rmw_kind(op, elt)
    conv = array_converter(elt)
    d, mask, val = c.ins(op)
    (r,) = c.outs(op)
    chunk = t.chunk_size  # type: ignore[attr-defined]

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


# ---------------------------------------------------------------------------------------------
# shared local memory matrices


def _ints_entry(layout: Any, key: str) -> tuple[int, ...] | None:
    if isinstance(layout, NoneAttr) or layout is None:
        return None
    a = layout.attrs.data.get(key)
    if a is None:
        return None
    if isinstance(a, ArrayAttr):
        return tuple(x.value.data for x in a.data)  # type: ignore[attr-defined]
    return tuple(a.get_values())  # type: ignore[attr-defined]


def slm_units(mem: MemRef, elt: Any, nbytes: int) -> tuple[np.ndarray | None, np.ndarray, np.ndarray | None]:
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


@handler("xegpu.create_mem_desc")
def _create_mem_desc(c: FuncCompiler, op: Operation) -> Step:
    src_t = op.operands[0].type
    _memref_source(op, src_t)
    assert isinstance(src_t, MemRefType)
    if not is_slm(src_t.memory_space):
        raise UnsupportedOpError(op, "expects a shared local memory (address space 3) memref")
    t = op.results[0].type
    shape = t.get_shape()  # type: ignore[attr-defined]
    elt = t.element_type  # type: ignore[attr-defined]
    if bit_width(elt) % 8:
        raise UnsupportedOpError(op, f"a mem_desc of {elt} elements is not supported")
    layout = t.mem_layout  # type: ignore[attr-defined]
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
        return sum(i * s for i, s in zip(idx, md.strides))  # type: ignore[return-value]
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


@handler("xegpu.load_matrix")
def _load_matrix(c: FuncCompiler, op: Operation) -> Step:
    d = c.slot(op.operands[0])
    offs = mixed_getter(c, _matrix_mixed(op, 1))
    rt = op.results[0].type
    assert isinstance(rt, VectorType)
    shape = rt.get_shape()
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        md: MemDesc = v[d]
        v[r] = md.read(_matrix_box(op, md, offs(v), shape))

    return step


@handler("xegpu.store_matrix")
def _store_matrix(c: FuncCompiler, op: Operation) -> Step:
    val = c.slot(op.operands[0])
    d = c.slot(op.operands[1])
    offs = mixed_getter(c, _matrix_mixed(op, 2))
    shape = op.operands[0].type.get_shape()  # type: ignore[attr-defined]

    def step(v: Frame) -> None:
        md: MemDesc = v[d]
        md.write(_matrix_box(op, md, offs(v), shape), v[val])

    return step


def _matrix_mixed(op: Operation, first_offset: int) -> list[Any]:
    if hasattr(op, "mixed_offsets"):
        return op.mixed_offsets()  # type: ignore[no-any-return]
    static = tuple(op.properties["const_offsets"].get_values())  # type: ignore[attr-defined]
    dyn = iter(op.operands[first_offset:])
    return [next(dyn) if s == -(2**63) else s for s in static]


# ---------------------------------------------------------------------------------------------
# named barriers and fences (no-ops in workgroup mode, where one program instance runs)


@handler("xegpu.alloc_nbarrier")
def _alloc_nbarrier(c: FuncCompiler, op: Operation) -> Step:
    n = _prop_int(op, "nbarrier_num", 0)

    def step(v: Frame) -> None:
        v[0].shared.barriers.allocated = n

    return step


@handler("xegpu.init_nbarrier")
def _init_nbarrier(c: FuncCompiler, op: Operation) -> Step:
    i, n = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        th: Thread = v[0]
        bid, num = int(v[i]), int(v[n])
        st = th.shared.barriers
        if st.allocated is not None and not 0 <= bid < st.allocated:
            raise InterpError(op, f"named barrier id {bid} is not below the {st.allocated} allocated")
        if th.sg is not None:
            assert th.num_subgroups is not None
            if num < 1 or num > th.num_subgroups:
                raise InterpError(op, f"{num} participants for a workgroup of {th.num_subgroups} subgroups")
            prev = st.participants.setdefault(bid, num)
            if prev != num:
                raise InterpError(op, f"named barrier {bid} initialized with {num} participants, before with {prev}")
        v[r] = NamedBarrier(bid, num)

    return step


@handler("xegpu.nbarrier_arrive")
def _arrive(c: FuncCompiler, op: Operation) -> Step:
    (b,) = c.ins(op)

    def step(v: Frame) -> None:
        th: Thread = v[0]
        if th.sg is None:
            return
        nb: NamedBarrier = v[b]
        st = th.shared.barriers
        gen = st.generation.get(nb.bid, 0)
        if st.arrived_at.get((nb.bid, th.sg)) == gen:
            raise InterpError(op, f"subgroup {th.sg} arrives twice at named barrier {nb.bid} before it completes")
        st.arrived_at[(nb.bid, th.sg)] = gen
        count = st.arrived.get(nb.bid, 0) + 1
        if count == nb.participants:
            st.generation[nb.bid] = gen + 1
            st.arrived[nb.bid] = 0
            th.shared.phase += 1
        else:
            st.arrived[nb.bid] = count

    return step


@handler("xegpu.nbarrier_wait")
def _wait(c: FuncCompiler, op: Operation) -> Compiled:
    (b,) = c.ins(op)

    def gen(v: Frame) -> Generator[Wait, None, None]:
        th: Thread = v[0]
        if th.sg is None:
            return
        nb: NamedBarrier = v[b]
        st = th.shared.barriers
        g = st.arrived_at.get((nb.bid, th.sg))
        if g is None:
            raise InterpError(op, f"subgroup {th.sg} waits on named barrier {nb.bid} without arriving")
        if st.generation.get(nb.bid, 0) <= g:
            yield ("nbarrier", op, nb.bid, g)

    return GenStep(gen)


@handler("xegpu.fence")
def _fence(c: FuncCompiler, op: Operation) -> Step:
    return lambda v: None
