"""vector ops of the merged dialect (xDSL's plus wgdist's extension ops), on numpy arrays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import AffineMapAttr, VectorType
from xdsl.ir import Attribute, Operation
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr

from wgdist.interp.arith import elementwise
from wgdist.interp.core import Frame, FuncCompiler, Step, handler
from wgdist.interp.memref import DYNAMIC, read_box, write_box
from wgdist.interp.values import (
    InterpError,
    MemRef,
    UnsupportedOpError,
    array_converter,
    bit_width,
    bits_dtype,
    element_type,
    from_bits,
    int_width,
    is_float,
    scalar_converter,
    to_bits,
    unsigned_dtype,
)


def _ints(op: Operation, name: str) -> tuple[int, ...]:
    attr = op.properties.get(name) or op.attributes.get(name)
    if attr is None:
        return ()
    if hasattr(attr, "get_values"):
        return tuple(attr.get_values())  # type: ignore[union-attr]
    return tuple(a.value.data for a in attr.data)  # type: ignore[attr-defined]


def _to_result(t: Attribute) -> Callable[[Any], Any]:
    """Convert a computed array (or 0-d value) to the result type's representation."""
    if isinstance(t, VectorType):
        conv = array_converter(t.element_type)
        shape = t.get_shape()
        return lambda a: np.ascontiguousarray(conv(np.asarray(a))).reshape(shape)
    sconv = scalar_converter(t)
    if is_float(t):
        return lambda a: sconv(np.asarray(a)[()])
    return lambda a: sconv(int(np.asarray(a)[()]))


def _unary(c: FuncCompiler, op: Operation, fn: Callable[..., Any]) -> Step:
    ins = c.ins(op)
    (r,) = c.outs(op)
    conv = _to_result(op.results[0].type)

    def step(v: Frame) -> None:
        v[r] = conv(fn(*[v[i] for i in ins]))

    return step


@handler("vector.broadcast", "vector.splat")
def _broadcast(c: FuncCompiler, op: Operation) -> Step:
    shape = op.results[0].type.get_shape()  # type: ignore[attr-defined]
    return _unary(c, op, lambda x: np.broadcast_to(np.asarray(x), shape))


@handler("vector.fma")
def _fma(c: FuncCompiler, op: Operation) -> Step:
    def fma(a: Any, b: Any, acc: Any) -> Any:
        with np.errstate(all="ignore"):
            return a.astype(np.float64) * b + acc

    return elementwise(c, op, fma)


def _positions(op: Operation, c: FuncCompiler) -> tuple[tuple[int, ...], list[int]]:
    static = _ints(op, "static_position")
    dyn = [c.slot(x) for x in op.dynamic_position]  # type: ignore[attr-defined]
    return static, dyn


def _resolve(op: Operation, v: Frame, static: tuple[int, ...], dyn: list[int], shape: tuple[int, ...]) -> tuple[int, ...]:
    it = iter(dyn)
    pos = tuple(v[next(it)] if s == DYNAMIC else s for s in static)
    for d, (p, n) in enumerate(zip(pos, shape)):
        if not 0 <= p < n:
            raise InterpError(op, f"position {list(pos)} is out of bounds in dimension {d} (size {n})")
    return pos


@handler("vector.extract")
def _extract(c: FuncCompiler, op: Operation) -> Step:
    static, dyn = _positions(op, c)
    src = c.slot(op.operands[0])
    (r,) = c.outs(op)
    conv = _to_result(op.results[0].type)
    shape = op.operands[0].type.get_shape()  # type: ignore[attr-defined]

    def step(v: Frame) -> None:
        v[r] = conv(v[src][_resolve(op, v, static, dyn, shape)])

    return step


@handler("vector.insert")
def _insert(c: FuncCompiler, op: Operation) -> Step:
    static, dyn = _positions(op, c)
    val = c.slot(op.operands[0])
    dst = c.slot(op.operands[1])
    (r,) = c.outs(op)
    shape = op.results[0].type.get_shape()  # type: ignore[attr-defined]

    def step(v: Frame) -> None:
        out = v[dst].copy()
        out[_resolve(op, v, static, dyn, shape)] = v[val]
        v[r] = out

    return step


def combiner(op: Operation, kind: str, et: Attribute) -> Callable[[np.ndarray, tuple[int, ...]], Any]:
    """``reduce(array, axes)`` for a vector combining kind."""
    bits = None if is_float(et) else int_width(et)

    def unsigned(a: np.ndarray) -> np.ndarray:
        return a.astype(np.uint8 if bits == 1 else unsigned_dtype(bits or 64))

    table: dict[str, Callable[[np.ndarray, tuple[int, ...]], Any]] = {
        "add": lambda a, ax: np.sum(a, axis=ax, dtype=a.dtype),
        "mul": lambda a, ax: np.prod(a, axis=ax, dtype=a.dtype),
        "maxsi": lambda a, ax: np.max(a, axis=ax),
        "minsi": lambda a, ax: np.min(a, axis=ax),
        "maxui": lambda a, ax: np.max(unsigned(a), axis=ax),
        "minui": lambda a, ax: np.min(unsigned(a), axis=ax),
        "maximumf": lambda a, ax: np.max(a, axis=ax),
        "minimumf": lambda a, ax: np.min(a, axis=ax),
        "maxnumf": lambda a, ax: np.nanmax(a, axis=ax) if not np.all(np.isnan(a)) else np.max(a, axis=ax),
        "minnumf": lambda a, ax: np.nanmin(a, axis=ax) if not np.all(np.isnan(a)) else np.min(a, axis=ax),
        "and": lambda a, ax: np.bitwise_and.reduce(a, axis=ax),
        "or": lambda a, ax: np.bitwise_or.reduce(a, axis=ax),
        "xor": lambda a, ax: np.bitwise_xor.reduce(a, axis=ax),
    }
    if kind not in table:
        raise UnsupportedOpError(op, f"combining kind '{kind}' is not supported")
    return table[kind]


def combine2(kind: str, a: Any, b: Any, et: Attribute) -> Any:
    """Combine the partial result with the accumulator."""
    stacked = np.stack([np.asarray(a), np.asarray(b).astype(np.asarray(a).dtype)])
    return combiner(None, kind, et)(stacked, (0,))  # type: ignore[arg-type]


def _kind(op: Operation) -> str:
    return str(op.properties["kind"].data)  # type: ignore[attr-defined]


@handler("vector.reduction")
def _reduction(c: FuncCompiler, op: Operation) -> Step:
    kind = _kind(op)
    et = element_type(op.operands[0].type)
    red = combiner(op, kind, et)
    has_acc = len(op.operands) == 2

    def fn(vec: np.ndarray, acc: Any = None) -> Any:
        with np.errstate(all="ignore"):
            res = red(vec, tuple(range(vec.ndim)))
            return combine2(kind, res, acc, et) if has_acc else res

    return _unary(c, op, fn)


@handler("vector.multi_reduction")
def _multi_reduction(c: FuncCompiler, op: Operation) -> Step:
    kind = _kind(op)
    et = element_type(op.operands[0].type)
    red = combiner(op, kind, et)
    dims = _ints(op, "reduction_dims")

    def fn(vec: np.ndarray, acc: Any) -> Any:
        with np.errstate(all="ignore"):
            return combine2(kind, red(vec, dims), acc, et)

    return _unary(c, op, fn)


@handler("vector.transpose")
def _transpose(c: FuncCompiler, op: Operation) -> Step:
    perm = _ints(op, "permutation")
    return _unary(c, op, lambda a: np.transpose(a, perm))


@handler("vector.shape_cast")
def _shape_cast(c: FuncCompiler, op: Operation) -> Step:
    return _unary(c, op, lambda a: a)


@handler("vector.step")
def _step(c: FuncCompiler, op: Operation) -> Step:
    (n,) = op.results[0].type.get_shape()  # type: ignore[attr-defined]
    val = np.arange(n, dtype=np.int64)
    return _unary(c, op, lambda: val)


@handler("vector.constant_mask")
def _constant_mask(c: FuncCompiler, op: Operation) -> Step:
    sizes = _ints(op, "mask_dim_sizes")
    shape = op.results[0].type.get_shape()  # type: ignore[attr-defined]
    m = np.zeros(shape, dtype=np.bool_)
    m[tuple(slice(0, s) for s in sizes)] = True
    return _unary(c, op, lambda: m)


@handler("vector.create_mask")
def _create_mask(c: FuncCompiler, op: Operation) -> Step:
    shape = op.results[0].type.get_shape()  # type: ignore[attr-defined]

    def fn(*bounds: int) -> np.ndarray:
        m = np.zeros(shape, dtype=np.bool_)
        m[tuple(slice(0, max(0, b)) for b in bounds)] = True
        return m

    return _unary(c, op, fn)


@handler("vector.extract_strided_slice")
def _extract_strided_slice(c: FuncCompiler, op: Operation) -> Step:
    offs, sizes, strides = _ints(op, "offsets"), _ints(op, "sizes"), _ints(op, "strides")
    idx = tuple(slice(o, o + n * s, s) for o, n, s in zip(offs, sizes, strides))
    return _unary(c, op, lambda a: a[idx])


@handler("vector.insert_strided_slice")
def _insert_strided_slice(c: FuncCompiler, op: Operation) -> Step:
    offs, strides = _ints(op, "offsets"), _ints(op, "strides")
    src_shape = op.operands[0].type.get_shape()  # type: ignore[attr-defined]
    lead = len(offs) - len(src_shape)
    idx = tuple(
        slice(o, o + 1) if d < lead else slice(o, o + src_shape[d - lead] * s, s)
        for d, (o, s) in enumerate(zip(offs, (1,) * lead + tuple(strides)))
    )

    def fn(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
        out = dst.copy()
        out[idx] = src.reshape(out[idx].shape)
        return out

    return _unary(c, op, fn)


@handler("vector.bitcast")
def _bitcast(c: FuncCompiler, op: Operation) -> Step:
    src_t = element_type(op.operands[0].type)
    dst_t = element_type(op.results[0].type)
    if bit_width(src_t) == 1 or bit_width(dst_t) == 1:
        raise UnsupportedOpError(op, f"bitcast between {src_t} and {dst_t}: i1 vectors are not supported")
    dt = bits_dtype(dst_t)
    return _unary(c, op, lambda a: from_bits(np.ascontiguousarray(to_bits(a, src_t)).view(dt), dst_t))


# ---------------------------------------------------------------------------------------------
# memory


@handler("vector.load")
def _vload(c: FuncCompiler, op: Operation) -> Step:
    m, *idx = c.ins(op)
    (r,) = c.outs(op)
    shape = op.results[0].type.get_shape()  # type: ignore[attr-defined]

    def step(v: Frame) -> None:
        v[r] = read_box(op, v[m], tuple(v[i] for i in idx), shape)

    return step


@handler("vector.store")
def _vstore(c: FuncCompiler, op: Operation) -> Step:
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


@handler("vector.maskedload")
def _maskedload(c: FuncCompiler, op: Operation) -> Step:
    m, *idx, mask, passthru = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        mk = np.asarray(v[mask])
        lin = _masked_lin(op, v[m], tuple(v[i] for i in idx), mk.size, mk)
        out = v[passthru].copy()
        out[mk] = v[m].buf.data[lin[mk]]
        v[r] = out

    return step


@handler("vector.maskedstore")
def _maskedstore(c: FuncCompiler, op: Operation) -> Step:
    m, *idx, mask, val = c.ins(op)

    def step(v: Frame) -> None:
        mk = np.asarray(v[mask])
        mem: MemRef = v[m]
        lin = _masked_lin(op, mem, tuple(v[i] for i in idx), mk.size, mk)
        mem.buf.data[lin[mk]] = np.asarray(v[val])[mk]
        mem.buf.note_write(lin[mk], v[0].who)

    return step


def _transfer_map(op: Operation, vrank: int) -> list[int | None]:
    amap = op.properties["permutation_map"]
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


def _transfer_indices(op: Operation, mem: MemRef, idx: tuple[int, ...], shape: tuple[int, ...], dims: list[int | None]) -> tuple[np.ndarray, np.ndarray]:
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


@handler("vector.transfer_read")
def _transfer_read(c: FuncCompiler, op: Operation) -> Step:
    src = c.slot(op.operands[0])
    idx = [c.slot(x) for x in op.indices]  # type: ignore[attr-defined]
    pad = c.slot(op.padding)  # type: ignore[attr-defined]
    mask = c.slot(op.mask) if op.mask is not None else None  # type: ignore[attr-defined]
    shape = op.results[0].type.get_shape()  # type: ignore[attr-defined]
    dims = _transfer_map(op, len(shape))
    (r,) = c.outs(op)
    conv = _to_result(op.results[0].type)

    def step(v: Frame) -> None:
        mem: MemRef = v[src]
        lin, inside = _transfer_indices(op, mem, tuple(v[i] for i in idx), shape, dims)
        if mask is not None:
            inside &= np.asarray(v[mask]).reshape(inside.shape) if np.size(v[mask]) == inside.size else np.broadcast_to(v[mask], inside.shape)
        out = np.full(shape, v[pad], dtype=mem.buf.data.dtype)
        out[inside] = mem.buf.data[lin[inside]]
        v[r] = conv(out)

    return step


@handler("vector.transfer_write")
def _transfer_write(c: FuncCompiler, op: Operation) -> Step:
    val = c.slot(op.operands[0])
    dst = c.slot(op.operands[1])
    idx = [c.slot(x) for x in op.indices]  # type: ignore[attr-defined]
    mask = c.slot(op.mask) if op.mask is not None else None  # type: ignore[attr-defined]
    shape = op.operands[0].type.get_shape()  # type: ignore[attr-defined]
    dims = _transfer_map(op, len(shape))
    if op.results:
        raise UnsupportedOpError(op, "transfer_write on tensors is not supported")

    def step(v: Frame) -> None:
        mem: MemRef = v[dst]
        lin, inside = _transfer_indices(op, mem, tuple(v[i] for i in idx), shape, dims)
        if mask is not None:
            inside &= np.broadcast_to(v[mask], inside.shape)
        mem.buf.data[lin[inside]] = np.asarray(v[val])[inside]
        mem.buf.note_write(lin[inside], v[0].who)

    return step
