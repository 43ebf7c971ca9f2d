"""Buffers a kernel addresses through integers (``ui64``/``i64``/``index`` pointer parameters).

A *pointer parameter* is an integer parameter that is the source of an xegpu access:
``create_nd_tdesc %p, shape : [...], strides : [...]``, ``create_tdesc %p, %offsets``, or
``load``/``store``/``prefetch %p[%offsets]``. The check gives it a buffer of the element type of
those accesses; the parameter's value is the buffer's byte address (:data:`POINTER_BASE` apart),
so address arithmetic on it works, and the ops resolve an address to the buffer and element
offset it falls in (:class:`AddressSpace`).

Sizes (:func:`pointer_elements`): a block descriptor on the pointer covers
``1 + sum((shape[d] - 1) * strides[d])`` elements (its shape and strides are constants or
parameters, whose values are then known), a gather/scatter with constant offsets up to its
largest offset plus its chunk; the buffer is the largest such extent. A pointer with an access
whose extent is not known so (offsets that are data) gets the largest element count of any
shape in the kernel (vectors, descriptors, memrefs). Integer parameters that are the shape or a stride
of such a descriptor are not drawn small: they default to the descriptor's shape and its
row-major strides (:func:`descriptor_defaults`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    VectorType,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from wgdist.dialects.xegpu import (
    CreateNdTdescOp,
    CreateTdescOp,
    LoadGatherOp,
    PrefetchOp,
    StoreScatterOp,
    TensorDescType,
)
from wgdist.interp.elements import np_dtype
from wgdist.interp.values import Buffer, InterpError, MemRef
from wgdist.ir.diagnostics import location_of

POINTER_BASE = 1 << 36
"""Byte address of the buffer of pointer parameter ``k``: ``(k + 1) * POINTER_BASE``."""


@dataclass
class PointerParam:
    """What the kernel does with one pointer parameter."""

    elt: Attribute  # element type of its accesses (the first one's)
    uses: list[Operation] = field(default_factory=list)


def _is_param_of(v: SSAValue, func: Operation) -> int | None:
    if isinstance(v, BlockArgument) and v.owner is func.regions[0].blocks[0]:
        return v.index
    return None


def _access_source(op: Operation) -> tuple[SSAValue, Attribute] | None:
    """The integer source of an xegpu access and the element type it reads or writes."""
    if isinstance(op, CreateNdTdescOp | CreateTdescOp):
        t = op.result.type
        assert isinstance(t, TensorDescType)
        return op.source, t.element_type
    if isinstance(op, LoadGatherOp | StoreScatterOp | PrefetchOp):
        src = op.source_value()
        if isinstance(src.type, TensorDescType | MemRefType):
            return None
        vt = op.value.type if isinstance(op, LoadGatherOp | StoreScatterOp) else None
        if isinstance(vt, VectorType):
            return src, vt.element_type
        return None
    return None


def pointer_parameters(func: Operation) -> dict[int, PointerParam]:
    """The pointer parameters of ``func`` by index (integers used as an xegpu access's source)."""
    out: dict[int, PointerParam] = {}
    for op in func.walk():
        found = _access_source(op)
        if found is None:
            continue
        src, elt = found
        i = _is_param_of(src, func)
        if i is None or not isinstance(src.type, IntegerType | IndexType):
            continue
        out.setdefault(i, PointerParam(elt)).uses.append(op)
    return out


def _entry_value(func: Operation, e: int | SSAValue, scalars: dict[int, int]) -> int | None:
    """A shape/stride entry: a constant, a parameter with a known value, else None."""
    if isinstance(e, int):
        return e
    i = _is_param_of(e, func)
    if i is not None:
        return scalars.get(i)
    owner = e.owner
    if isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def descriptor_defaults(func: Operation) -> dict[int, int]:
    """Default values of integer parameters that are the shape or a stride of a block
    descriptor on a pointer: its shape (a shape entry), else the product of the shape after
    that dimension (a stride: row-major)."""
    out: dict[int, int] = {}
    strides: dict[int, int] = {}
    for op in func.walk():
        if not isinstance(op, CreateNdTdescOp) or isinstance(op.source.type, MemRefType) or op.const_shape is None:
            continue
        t = op.result.type
        assert isinstance(t, TensorDescType)
        shape = list(t.get_shape())
        sizes, steps = op.mixed_sizes(), op.mixed_strides()
        shape = [1] * (len(sizes) - len(shape)) + shape
        for d, e in enumerate(sizes):
            i = None if isinstance(e, int) else _is_param_of(e, func)
            if i is not None:
                out.setdefault(i, shape[d])
        for d, e in enumerate(steps):
            i = None if isinstance(e, int) else _is_param_of(e, func)
            if i is not None:
                strides.setdefault(i, math.prod(shape[d + 1 :]))
    return strides | out


def _largest_shape(func: Operation) -> int:
    n = 1
    for op in func.walk():
        for v in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)):
            t = v.type
            if isinstance(t, VectorType | TensorDescType | MemRefType):
                shape = t.get_shape()
                if all(d > 0 for d in shape):
                    n = max(n, math.prod(shape))
    return n


def pointer_elements(func: Operation, i: int, p: PointerParam, scalars: dict[int, int]) -> tuple[int, str]:
    """Elements of the buffer of pointer parameter ``i`` and how the size was found."""
    extents: list[tuple[int, Operation]] = []
    for op in p.uses:
        if isinstance(op, CreateNdTdescOp) and op.const_shape is not None:
            sizes = [_entry_value(func, e, scalars) for e in op.mixed_sizes()]
            steps = [_entry_value(func, e, scalars) for e in op.mixed_strides()]
            if None not in sizes and None not in steps:
                extents.append((1 + sum((a - 1) * b for a, b in zip(sizes, steps) if a is not None and b is not None), op))
        elif (reach := _constant_reach(op)) is not None:
            extents.append((reach, op))
        else:
            extents = []
            break
    if extents:
        n, op = max(extents, key=lambda x: x[0])
        how = "the shape and strides" if isinstance(op, CreateNdTdescOp) else "the constant offsets"
        return max(n, 1), f"{how} of '{op.name}' at {location_of(op) or '?'}"
    return _largest_shape(func), "the largest shape in the kernel (the offsets of its accesses are data)"


def _constant_reach(op: Operation) -> int | None:
    """One past the last element a gather/scatter with constant offsets touches."""
    offs: SSAValue | None = None
    if isinstance(op, CreateTdescOp):
        t = op.result.type
        offs, chunk = op.offsets, t.chunk_size if isinstance(t, TensorDescType) else 1
    elif isinstance(op, LoadGatherOp | StoreScatterOp | PrefetchOp):
        offs, chunk = op.offset_operand(), op.chunk()
    owner = offs.owner if offs is not None else None
    if not isinstance(owner, ConstantOp) or not isinstance(owner.value, DenseIntOrFPElementsAttr):
        return None
    values = [int(x) for x in owner.value.get_values()]
    return max(values, default=0) + chunk


@dataclass
class AddressSpace:
    """The pointer buffers of a launch by byte address."""

    regions: list[tuple[int, Buffer]] = field(default_factory=list)

    def add(self, k: int, buf: Buffer) -> int:
        """Place ``buf`` as pointer buffer ``k``; its address."""
        base = (k + 1) * POINTER_BASE
        self.regions.append((base, buf))
        return base

    def resolve(self, op: Operation, address: int, elt: Attribute) -> MemRef:
        """A flat view from ``address`` to the end of the buffer it falls in, read as ``elt``."""
        for base, buf in self.regions:
            width = buf.data.itemsize
            end = base + buf.data.size * width
            if base <= address <= end:
                if np_dtype(elt) != buf.data.dtype:
                    raise InterpError(op, f"accesses {buf.name} ({buf.data.dtype} elements) as {elt}")
                if (address - base) % width:
                    raise InterpError(
                        op, f"address {address} is {address - base} bytes into {buf.name}, not a multiple of its {width}-byte elements"
                    )
                first = (address - base) // width
                return MemRef(buf, first, (buf.data.size - first,), (1,), elt)
        raise InterpError(op, f"address {address} is in no buffer the kernel was given")
