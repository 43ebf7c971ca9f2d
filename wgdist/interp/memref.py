"""memref ops: load/store, alloc/alloca and get_global of an SLM global (SLM is shared by a
workgroup), dealloc and assume_alignment (no effect), subview, cast and memory_space_cast, dim,
copy; plus the box read/write helpers the vector family uses and :func:`is_slm`."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import IntegerAttr, MemRefType, UnitAttr
from xdsl.dialects.memref import (
    AllocaOp,
    AllocOp,
    AssumeAlignmentOp,
    CastOp,
    CopyOp,
    DeallocOp,
    DimOp,
    GetGlobalOp,
    LoadOp,
    MemorySpaceCastOp,
    StoreOp,
    SubviewOp,
)
from xdsl.ir import Attribute, Operation
from xdsl.traits import SymbolTable

from wgdist.dialects.memref import GlobalOp
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable, Thread
from wgdist.interp.elements import is_float, np_dtype, scalar_converter
from wgdist.interp.values import (
    Buffer,
    InterpError,
    MemRef,
    UnsupportedOpError,
    memref_layout,
    offset_grid,
)

DYNAMIC = -(2**63)


def is_slm(space: Attribute) -> bool:
    """Address space 3 or ``#gpu.address_space<workgroup>``: shared local memory."""
    if isinstance(space, IntegerAttr):
        return space.value.data == 3
    return "workgroup" in str(space)


def check_box(op: Operation, mem: MemRef, idx: tuple[int, ...], shape: tuple[int, ...]) -> None:
    """Error unless the box of ``shape`` at ``idx`` (trailing dims) lies inside ``mem``."""
    lead = len(mem.shape) - len(shape)
    full = (1,) * lead + tuple(shape)
    for d, (i, n, m) in enumerate(zip(idx, full, mem.shape)):
        if i < 0 or i + n > m:
            what = f"index {i}" if n == 1 else f"indices [{i}, {i + n})"
            raise InterpError(
                op,
                f"access at {list(idx)} with shape {list(shape)} is out of bounds of "
                f"{mem.describe()}: {what} in dimension {d} (size {m})",
            )


def box_linear(mem: MemRef, idx: tuple[int, ...], shape: tuple[int, ...]) -> np.ndarray:
    lead = len(mem.shape) - len(shape)
    base = mem.offset + sum(i * s for i, s in zip(idx, mem.strides))
    return base + offset_grid(tuple(shape), tuple(mem.strides[lead:]))


def read_box(op: Operation, mem: MemRef, idx: tuple[int, ...], shape: tuple[int, ...]) -> np.ndarray:
    check_box(op, mem, idx, shape)
    return mem.buf.data[box_linear(mem, idx, shape)]


def write_box(op: Operation, mem: MemRef, idx: tuple[int, ...], value: np.ndarray, th: Thread) -> None:
    shape = tuple(np.shape(value))
    check_box(op, mem, idx, shape)
    lin = box_linear(mem, idx, shape)
    mem.buf.data[lin] = value
    mem.buf.note_write(lin, th.who)


def new_buffer(op: Operation, t: MemRefType, th: Thread, name: str, space: str) -> MemRef:
    shape, strides, offset = memref_layout(t, op)
    size = offset + sum((n - 1) * s for n, s in zip(shape, strides)) + 1 if shape else 1
    dt = np_dtype(t.element_type)
    if is_float(t.element_type):
        data = np.full(size, np.nan, dtype=dt)  # uninitialized: NaN poisons whatever reads it
    else:
        # uninitialized integers: a pattern that differs per workgroup, so that a program
        # reading them cannot agree by accident
        rng = np.random.default_rng(th.wg_linear * 7919 + (0 if th.sg is None else 1))
        data = rng.integers(-(2**7), 2**7, size=size).astype(dt)
    # SLM is tracked: a check compares what the workgroup program left there (wgdist.interp.compare)
    buf = Buffer(data, name, space, track=space == "slm", elt=t.element_type)
    return MemRef(buf, offset, shape, strides, t.element_type)


def _alloc(c: FuncCompiler, op: AllocOp | AllocaOp) -> Step:
    t = op.results[0].type
    assert isinstance(t, MemRefType)
    if op.operands:
        raise UnsupportedOpError(op, "dynamically sized allocations are not supported")
    (r,) = c.outs(op)
    shared = is_slm(t.memory_space)
    name = f"{op.name.split('.')[1]} at {c.where(op)}"

    def step(v: Frame) -> None:
        th: Thread = v[0]
        if not shared:
            v[r] = new_buffer(op, t, th, name, "private")
            return
        k = th.alloc_counts.get(op, 0)
        th.alloc_counts[op] = k + 1
        key = (op, k)
        mem = th.shared.slm.get(key)
        if mem is None:
            mem = new_buffer(op, t, th, name, "slm")
            th.shared.slm[key] = mem
        v[r] = mem

    return step


def _pass_through(c: FuncCompiler, op: DeallocOp | AssumeAlignmentOp) -> Step:
    """No effect; ``assume_alignment``'s result is its operand."""
    outs = c.outs(op)
    ins = c.ins(op)

    def step(v: Frame) -> None:
        for o in outs:
            v[o] = v[ins[0]]

    return step


def _load(c: FuncCompiler, op: LoadOp) -> Step:
    m, *idx = c.ins(op)
    (r,) = c.outs(op)
    conv = scalar_converter(op.results[0].type)
    floaty = is_float(op.results[0].type)

    def step(v: Frame) -> None:
        mem: MemRef = v[m]
        x = mem.buf.data[mem.linear(op, tuple(v[i] for i in idx))]
        v[r] = x if floaty else conv(x)

    return step


def _store(c: FuncCompiler, op: StoreOp) -> Step:
    val, m, *idx = c.ins(op)

    def step(v: Frame) -> None:
        mem: MemRef = v[m]
        lin = mem.linear(op, tuple(v[i] for i in idx))
        mem.buf.data[lin] = v[val]
        mem.buf.note_write(np.array([lin]), v[0].who)

    return step


def mixed(v: Frame, static: tuple[int, ...], dyn: list[int]) -> list[int]:
    """Merge static entries with dynamic operands (``DYNAMIC`` marks an operand)."""
    it = iter(dyn)
    return [v[next(it)] if s == DYNAMIC else s for s in static]


def _subview(c: FuncCompiler, op: SubviewOp) -> Step:
    src = c.slot(op.source)
    offs = [c.slot(x) for x in op.offsets]
    sizes = [c.slot(x) for x in op.sizes]
    strs = [c.slot(x) for x in op.strides]
    s_off = tuple(op.static_offsets.get_values())
    s_size = tuple(op.static_sizes.get_values())
    s_str = tuple(op.static_strides.get_values())
    rt = op.results[0].type
    assert isinstance(rt, MemRefType)
    rshape = rt.get_shape()
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        mem: MemRef = v[src]
        o = mixed(v, s_off, offs)
        n = mixed(v, s_size, sizes)
        s = mixed(v, s_str, strs)
        for d, (oo, nn, ss, m) in enumerate(zip(o, n, s, mem.shape)):
            if oo < 0 or nn < 0 or (nn > 0 and oo + (nn - 1) * ss >= m):
                raise InterpError(
                    op,
                    f"subview offset {oo}, size {nn}, stride {ss} exceeds {mem.describe()} "
                    f"in dimension {d} (size {m})",
                )
        base = mem.offset + sum(oo * st for oo, st in zip(o, mem.strides))
        dims = [(nn, ss * st) for nn, ss, st in zip(n, s, mem.strides)]
        if len(dims) != len(rshape):  # rank-reducing: drop unit dims not in the result
            kept: list[tuple[int, int]] = []
            j = 0
            for nn, st in dims:
                if j < len(rshape) and (rshape[j] == nn or rshape[j] < 0):
                    kept.append((nn, st))
                    j += 1
                elif nn != 1:
                    raise InterpError(op, f"cannot drop non-unit dimension of size {nn}")
            dims = kept
        v[r] = MemRef(mem.buf, base, tuple(d[0] for d in dims), tuple(d[1] for d in dims), mem.elt)

    return step


def _cast(c: FuncCompiler, op: CastOp | MemorySpaceCastOp) -> Step:
    (a,) = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        v[r] = v[a]

    return step


def _dim(c: FuncCompiler, op: DimOp) -> Step:
    m, d = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        shape = v[m].shape
        if not 0 <= v[d] < len(shape):
            raise InterpError(op, f"dimension {v[d]} is out of range for rank {len(shape)}")
        v[r] = shape[v[d]]

    return step


def _copy(c: FuncCompiler, op: CopyOp) -> Step:
    s, d = c.ins(op)

    def step(v: Frame) -> None:
        src: MemRef = v[s]
        dst: MemRef = v[d]
        if src.shape != dst.shape:
            raise InterpError(op, f"copies shape {list(src.shape)} into {list(dst.shape)}")
        zero = (0,) * len(src.shape)
        write_box(op, dst, zero, read_box(op, src, zero, src.shape), v[0])

    return step



STEPS: StepTable = {
    AllocOp: _alloc,
    AllocaOp: _alloc,
    DeallocOp: _pass_through,
    AssumeAlignmentOp: _pass_through,
    LoadOp: _load,
    StoreOp: _store,
    SubviewOp: _subview,
    CastOp: _cast,
    MemorySpaceCastOp: _cast,
    DimOp: _dim,
    CopyOp: _copy,
}


def _get_global(c: FuncCompiler, op: GetGlobalOp) -> Step:
    """``memref.get_global`` of a shared-local-memory ``memref.global`` (what the distribution's
    SLM exchanges allocate): one uninitialized buffer per workgroup and global, the same on every
    execution; other globals are not supported (their memory outlives the workgroup)."""
    t = op.memref.type
    glob = SymbolTable.lookup_symbol(op, op.name_)
    if not isinstance(glob, GlobalOp) or not isinstance(t, MemRefType):
        raise UnsupportedOpError(op, f"no memref.global {op.name_} in the enclosing module")
    if not is_slm(t.memory_space) or not isinstance(glob.initial_value, UnitAttr):
        raise UnsupportedOpError(op, "only uninitialized shared-local-memory globals (address space 3) are supported")
    (r,) = c.outs(op)
    name = f"memref.global {op.name_} at {c.where(glob)}"

    def step(v: Frame) -> None:
        th: Thread = v[0]
        key = (glob, 0)
        mem = th.shared.slm.get(key)
        if mem is None:
            mem = new_buffer(op, t, th, name, "slm")
            th.shared.slm[key] = mem
        v[r] = mem

    return step


STEPS[GetGlobalOp] = _get_global
