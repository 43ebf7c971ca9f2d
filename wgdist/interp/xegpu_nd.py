"""xegpu block ops: create_nd_tdesc, load_nd (array_length, transpose, packed), store_nd,
prefetch_nd, update_nd_offset.

Offsets on load/store/prefetch are added to the descriptor's offsets (the op documentation's
"offsets from the base position encoded in TensorDesc"). With ``boundary_check`` (the default) a
block that sticks out of the region reads zeros there and drops those writes; without it any
element outside the region is an error. A prefetch changes nothing but is checked like a load.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.dialects.builtin import MemRefType, VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.xegpu import (
    CreateNdTdescOp,
    LoadNdOp,
    PrefetchNdOp,
    StoreNdOp,
    TensorDescType,
    UpdateNdOffsetOp,
)
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable, Thread
from wgdist.interp.elements import bit_width
from wgdist.interp.values import InterpError, MemRef, NdDesc, UnsupportedOpError, offset_grid

IntList = Callable[[Frame], tuple[int, ...]]


def mixed_getter(c: FuncCompiler, entries: Sequence[int | SSAValue]) -> IntList:
    """A function reading a mixed static/dynamic index list from the frame."""
    parts: list[tuple[bool, int]] = [
        (False, e) if isinstance(e, int) else (True, c.slot(e)) for e in entries
    ]
    if all(not dyn for dyn, _ in parts):
        const = tuple(x for _, x in parts)
        return lambda v: const
    return lambda v: tuple(v[x] if dyn else x for dyn, x in parts)


def tdesc_type(op: Operation, value: SSAValue) -> TensorDescType:
    """The tensor descriptor type of ``value`` (an error for anything else)."""
    t = value.type
    if not isinstance(t, TensorDescType):
        raise UnsupportedOpError(op, f"expects a tensor descriptor, got {t}")
    return t


def _create_nd(c: FuncCompiler, op: CreateNdTdescOp) -> Step:
    t = tdesc_type(op, op.result)
    src_t = op.source.type
    pointer = not isinstance(src_t, MemRefType)
    if pointer and op.const_shape is None:
        raise UnsupportedOpError(op, f"a descriptor on an address ({src_t}) needs shape and strides")
    src = c.slot(op.source)
    given_shape = op.const_shape is not None
    offs = mixed_getter(c, op.mixed_offsets())
    sizes = mixed_getter(c, op.mixed_sizes()) if given_shape else None
    strides = mixed_getter(c, op.mixed_strides()) if given_shape else None
    tshape = t.get_shape()
    (r,) = c.outs(op)
    elt = t.element_type
    alen, bcheck = t.array_length, t.boundary_check

    def step(v: Frame) -> None:
        mem: MemRef = v[0].memory.resolve(op, v[src], elt) if pointer else v[src]
        shape = sizes(v) if sizes else mem.shape
        st = strides(v) if strides else mem.strides
        o = offs(v)
        if not o:
            o = (0,) * len(shape)
        if len(o) < len(shape):
            o = (0,) * (len(shape) - len(o)) + tuple(o)
        if len(o) != len(shape) or len(tshape) > len(shape):
            raise InterpError(
                op, f"{len(o)} offsets and a rank-{len(tshape)} block on a rank-{len(shape)} source"
            )
        v[r] = NdDesc(mem.buf, mem.offset, tuple(shape), tuple(st), tuple(o), tshape, elt, alen, bcheck)

    return step


def _effective(desc: NdDesc, extra: tuple[int, ...]) -> tuple[int, ...]:
    if not extra:
        return desc.offsets
    lead = len(desc.offsets) - len(extra)
    return desc.offsets[:lead] + tuple(a + b for a, b in zip(desc.offsets[lead:], extra))


def _block(op: Operation, desc: NdDesc, offs: tuple[int, ...], bshape: tuple[int, ...], verb: str) -> tuple[np.ndarray, np.ndarray | None]:
    """Linear offsets of a block at ``offs`` and the mask of elements inside the region
    (``None`` when all are inside)."""
    r = len(bshape)
    lead = len(offs) - r
    for d in range(lead):
        if not 0 <= offs[d] < desc.shape[d]:
            raise InterpError(
                op, f"{verb} at offsets {list(offs)}: offset {offs[d]} is outside dimension {d} "
                f"of the {list(desc.shape)} region"
            )
    base = desc.base + sum(o * s for o, s in zip(offs, desc.strides))
    lin = base + offset_grid(bshape, desc.strides[lead:])
    inside = all(0 <= offs[lead + d] and offs[lead + d] + bshape[d] <= desc.shape[lead + d] for d in range(r))
    if inside:
        return lin, None
    mask = np.ones(bshape, dtype=np.bool_)
    for d in range(r):
        pos = offs[lead + d] + np.arange(bshape[d])
        ok = (pos >= 0) & (pos < desc.shape[lead + d])
        sh = [1] * r
        sh[d] = bshape[d]
        mask &= ok.reshape(sh)
        if not desc.boundary_check and not ok.all():
            bad = int(pos[~ok][0])
            raise InterpError(
                op, f"{verb} at offsets {list(offs)} with block {list(bshape)} touches index {bad} "
                f"outside dimension {lead + d} (size {desc.shape[lead + d]}) and the descriptor "
                "has boundary_check = false",
            )
    return lin, mask


def read_block(op: Operation, desc: NdDesc, offs: tuple[int, ...], bshape: tuple[int, ...]) -> np.ndarray:
    lin, mask = _block(op, desc, offs, bshape, "load")
    data = desc.buf.data
    if mask is None:
        return data[lin]
    out = np.zeros(bshape, dtype=data.dtype)
    out[mask] = data[lin[mask]]
    return out


def _load_nd(c: FuncCompiler, op: LoadNdOp) -> Step:
    t = tdesc_type(op, op.tensor_desc)
    d = c.slot(op.tensor_desc)
    extra = mixed_getter(c, op.mixed_offsets())
    (r,) = c.outs(op)
    tshape = t.get_shape()
    alen = t.array_length
    rt = op.value.type
    assert isinstance(rt, VectorType)
    rshape = rt.get_shape()
    perm_t = op.effective_transpose()
    packed = op.packed is not None
    bshape = tshape[:-1] + (tshape[-1] * alen,)
    ebits = bit_width(t.element_type)
    pack = max(1, 32 // ebits)

    def shape_block(data: np.ndarray) -> np.ndarray:
        if alen > 1:
            w = tshape[-1]
            blocks = [data[..., i * w : (i + 1) * w] for i in range(alen)]
        else:
            blocks = [data]
        out = []
        for b in blocks:
            if perm_t is not None:
                b = np.transpose(b, perm_t)
            if packed:
                if b.ndim != 2 or b.shape[0] % pack:
                    raise InterpError(op, f"cannot pack a {list(b.shape)} block by {pack}")
                b = b.reshape(b.shape[0] // pack, pack, b.shape[1]).transpose(0, 2, 1)
            out.append(b)
        res = np.stack(out) if alen > 1 else out[0]
        if res.shape != tuple(rshape):
            raise UnsupportedOpError(
                op, f"result shape {list(rshape)} does not match the loaded block "
                f"{list(res.shape)} (lane-level forms are not supported)",
            )
        return np.ascontiguousarray(res)

    def step(v: Frame) -> None:
        desc: NdDesc = v[d]
        v[r] = shape_block(read_block(op, desc, _effective(desc, extra(v)), bshape))

    return step


def _store_nd(c: FuncCompiler, op: StoreNdOp) -> Step:
    t = tdesc_type(op, op.tensor_desc)
    val = c.slot(op.value)
    d = c.slot(op.tensor_desc)
    extra = mixed_getter(c, op.mixed_offsets())
    tshape = t.get_shape()
    assert isinstance(op.value.type, VectorType)
    vshape = op.value.type.get_shape()
    if tuple(vshape) != tuple(tshape) or t.array_length != 1:
        raise UnsupportedOpError(op, f"stores a {list(vshape)} value through a {list(tshape)} descriptor")

    def step(v: Frame) -> None:
        desc: NdDesc = v[d]
        th: Thread = v[0]
        lin, mask = _block(op, desc, _effective(desc, extra(v)), tshape, "store")
        value = np.asarray(v[val])
        if mask is not None:
            lin, value = lin[mask], value[mask]
        desc.buf.data[lin] = value
        desc.buf.note_write(lin, th.who)

    return step


def _prefetch_nd(c: FuncCompiler, op: PrefetchNdOp) -> Step:
    """No visible effect, but the block is checked as a load's would be: offsets outside the
    leading dimensions, or outside the region without boundary_check, are errors."""
    t = tdesc_type(op, op.tensor_desc)
    d = c.slot(op.tensor_desc)
    extra = mixed_getter(c, op.mixed_offsets())
    tshape = t.get_shape()
    bshape = tshape[:-1] + (tshape[-1] * t.array_length,)

    def step(v: Frame) -> None:
        desc: NdDesc = v[d]
        _block(op, desc, _effective(desc, extra(v)), bshape, "prefetch")

    return step


def _update_nd(c: FuncCompiler, op: UpdateNdOffsetOp) -> Step:
    d = c.slot(op.TensorDesc)
    extra = mixed_getter(c, op.mixed_offsets())
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        desc: NdDesc = v[d]
        upd = extra(v)
        new = NdDesc(**{**desc.__dict__, "offsets": _effective(desc, upd)})
        v[r] = new

    return step


STEPS: StepTable = {
    CreateNdTdescOp: _create_nd,
    LoadNdOp: _load_nd,
    StoreNdOp: _store_nd,
    PrefetchNdOp: _prefetch_nd,
    UpdateNdOffsetOp: _update_nd,
}
