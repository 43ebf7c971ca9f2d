"""vector ops of the merged dialect (xDSL's plus wgdist's), on numpy arrays: broadcast, fma,
extract/insert, transpose, shape_cast, step, masks, strided slices, bitcast. The reductions are
in :mod:`wgdist.interp.vector_reduction`, the memory ops in :mod:`wgdist.interp.vector_memory`.

:func:`vector_step` builds the step of an op whose result is a function of its operands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, VectorType
from xdsl.ir import Attribute, Operation

from wgdist.dialects.vector import (
    BitcastOp,
    BroadcastOp,
    ConstantMaskOp,
    CreateMaskOp,
    ExtractOp,
    ExtractStridedSliceOp,
    FMAOp,
    InsertOp,
    InsertStridedSliceOp,
    ShapeCastOp,
    StepOp,
    TransposeOp,
)
from wgdist.interp.arith import elementwise
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.elements import (
    array_converter,
    bit_width,
    bits_dtype,
    element_type,
    from_bits,
    is_float,
    scalar_converter,
    to_bits,
)
from wgdist.interp.memref import mixed
from wgdist.interp.values import InterpError, UnsupportedOpError


def _ints(attr: ArrayAttr[IntegerAttr]) -> tuple[int, ...]:
    return tuple(a.value.data for a in attr.data)


def to_result(t: Attribute) -> Callable[[Any], Any]:
    """Convert a computed array (or 0-d value) to the result type's representation."""
    if isinstance(t, VectorType):
        conv = array_converter(t.element_type)
        shape = t.get_shape()
        return lambda a: np.ascontiguousarray(conv(np.asarray(a))).reshape(shape)
    sconv = scalar_converter(t)
    if is_float(t):
        return lambda a: sconv(np.asarray(a)[()])
    return lambda a: sconv(int(np.asarray(a)[()]))


def vector_step(c: FuncCompiler, op: Operation, fn: Callable[..., Any]) -> Step:
    """A step computing ``fn(*operands)`` and converting it to the result type."""
    ins = c.ins(op)
    (r,) = c.outs(op)
    conv = to_result(op.results[0].type)

    def step(v: Frame) -> None:
        v[r] = conv(fn(*[v[i] for i in ins]))

    return step


def vector_shape(t: Attribute) -> tuple[int, ...]:
    """The shape of a vector type."""
    assert isinstance(t, VectorType), t
    return t.get_shape()


def _broadcast(c: FuncCompiler, op: BroadcastOp) -> Step:
    shape = vector_shape(op.vector.type)
    return vector_step(c, op, lambda x: np.broadcast_to(np.asarray(x), shape))


def _fma(c: FuncCompiler, op: FMAOp) -> Step:
    def fma(a: Any, b: Any, acc: Any) -> Any:
        with np.errstate(all="ignore"):
            return a.astype(np.float64) * b + acc

    return elementwise(c, op, fma)


def _resolve(op: Operation, v: Frame, static: tuple[int, ...], dyn: list[int], shape: tuple[int, ...]) -> tuple[int, ...]:
    pos = tuple(mixed(v, static, dyn))
    for d, (p, n) in enumerate(zip(pos, shape)):
        if not 0 <= p < n:
            raise InterpError(op, f"position {list(pos)} is out of bounds in dimension {d} (size {n})")
    return pos


def _extract(c: FuncCompiler, op: ExtractOp) -> Step:
    static = tuple(op.static_position.get_values())
    dyn = [c.slot(x) for x in op.dynamic_position]
    src = c.slot(op.vector)
    (r,) = c.outs(op)
    conv = to_result(op.result.type)
    shape = vector_shape(op.vector.type)

    def step(v: Frame) -> None:
        v[r] = conv(v[src][_resolve(op, v, static, dyn, shape)])

    return step


def _insert(c: FuncCompiler, op: InsertOp) -> Step:
    static = tuple(op.static_position.get_values())
    dyn = [c.slot(x) for x in op.dynamic_position]
    val = c.slot(op.source)
    dst = c.slot(op.dest)
    (r,) = c.outs(op)
    shape = vector_shape(op.result.type)

    def step(v: Frame) -> None:
        out = v[dst].copy()
        out[_resolve(op, v, static, dyn, shape)] = v[val]
        v[r] = out

    return step


def _transpose(c: FuncCompiler, op: TransposeOp) -> Step:
    perm = tuple(op.permutation.get_values())
    return vector_step(c, op, lambda a: np.transpose(a, perm))


def _shape_cast(c: FuncCompiler, op: ShapeCastOp) -> Step:
    return vector_step(c, op, lambda a: a)


def _step(c: FuncCompiler, op: StepOp) -> Step:
    (n,) = vector_shape(op.result.type)
    val = np.arange(n, dtype=np.int64)
    return vector_step(c, op, lambda: val)


def _constant_mask(c: FuncCompiler, op: ConstantMaskOp) -> Step:
    sizes = tuple(op.mask_dim_sizes.get_values())
    m = np.zeros(vector_shape(op.result.type), dtype=np.bool_)
    m[tuple(slice(0, s) for s in sizes)] = True
    return vector_step(c, op, lambda: m)


def _create_mask(c: FuncCompiler, op: CreateMaskOp) -> Step:
    shape = vector_shape(op.mask_vector.type)

    def fn(*bounds: int) -> np.ndarray:
        m = np.zeros(shape, dtype=np.bool_)
        m[tuple(slice(0, max(0, b)) for b in bounds)] = True
        return m

    return vector_step(c, op, fn)


def _extract_strided_slice(c: FuncCompiler, op: ExtractStridedSliceOp) -> Step:
    offs, sizes, strides = _ints(op.offsets), _ints(op.sizes), _ints(op.strides)
    idx = tuple(slice(o, o + n * s, s) for o, n, s in zip(offs, sizes, strides))
    return vector_step(c, op, lambda a: a[idx])


def _insert_strided_slice(c: FuncCompiler, op: InsertStridedSliceOp) -> Step:
    offs, strides = _ints(op.offsets), _ints(op.strides)
    src_shape = vector_shape(op.value_to_store.type)
    lead = len(offs) - len(src_shape)
    idx = tuple(
        slice(o, o + 1) if d < lead else slice(o, o + src_shape[d - lead] * s, s)
        for d, (o, s) in enumerate(zip(offs, (1,) * lead + tuple(strides)))
    )

    def fn(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
        out = dst.copy()
        out[idx] = src.reshape(out[idx].shape)
        return out

    return vector_step(c, op, fn)


def _bitcast(c: FuncCompiler, op: BitcastOp) -> Step:
    src_t = element_type(op.source.type)
    dst_t = element_type(op.result.type)
    if bit_width(src_t) == 1 or bit_width(dst_t) == 1:
        raise UnsupportedOpError(op, f"bitcast between {src_t} and {dst_t}: i1 vectors are not supported")
    dt = bits_dtype(dst_t)
    return vector_step(c, op, lambda a: from_bits(np.ascontiguousarray(to_bits(a, src_t)).view(dt), dst_t))


ELEMENTWISE: StepTable = {FMAOp: _fma}
STEPS: StepTable = {
    BroadcastOp: _broadcast,
    ExtractOp: _extract,
    InsertOp: _insert,
    TransposeOp: _transpose,
    ShapeCastOp: _shape_cast,
    StepOp: _step,
    ConstantMaskOp: _constant_mask,
    CreateMaskOp: _create_mask,
    ExtractStridedSliceOp: _extract_strided_slice,
    InsertStridedSliceOp: _insert_strided_slice,
    BitcastOp: _bitcast,
}
