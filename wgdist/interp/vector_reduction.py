"""vector reductions: ``vector.reduction`` (to a scalar) and ``vector.multi_reduction`` (over
some dimensions), each combined with its accumulator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.ir import Attribute, Operation

from wgdist.dialects.vector import CombiningKindAttr, MultiDimReductionOp, ReductionOp
from wgdist.interp.core import FuncCompiler, Step, StepTable
from wgdist.interp.elements import element_type, int_width, is_float, unsigned_dtype
from wgdist.interp.values import UnsupportedOpError
from wgdist.interp.vector import vector_step

Reduce = Callable[[np.ndarray, tuple[int, ...]], Any]


def combiner(kind: str, et: Attribute) -> Reduce | None:
    """``reduce(array, axes)`` for a vector combining kind, or ``None`` for a kind the
    interpreter does not have."""
    bits = None if is_float(et) else int_width(et)

    def unsigned(a: np.ndarray) -> np.ndarray:
        return a.astype(np.uint8 if bits == 1 else unsigned_dtype(bits or 64))

    table: dict[str, Reduce] = {
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
    return table.get(kind)


def _reducer(op: Operation, kind_attr: CombiningKindAttr, et: Attribute) -> tuple[Reduce, Callable[[Any, Any], Any]]:
    """The reduction of ``op``'s kind and the function combining a partial result with the
    accumulator."""
    kind = str(kind_attr.data)
    red = combiner(kind, et)
    if red is None:
        raise UnsupportedOpError(op, f"combining kind '{kind}' is not supported")

    def combine(a: Any, b: Any) -> Any:
        stacked = np.stack([np.asarray(a), np.asarray(b).astype(np.asarray(a).dtype)])
        return red(stacked, (0,))

    return red, combine


def _reduction(c: FuncCompiler, op: ReductionOp) -> Step:
    red, combine = _reducer(op, op.kind, element_type(op.vector.type))
    has_acc = op.acc is not None

    def fn(vec: np.ndarray, acc: Any = None) -> Any:
        with np.errstate(all="ignore"):
            res = red(vec, tuple(range(vec.ndim)))
            return combine(res, acc) if has_acc else res

    return vector_step(c, op, fn)


def _multi_reduction(c: FuncCompiler, op: MultiDimReductionOp) -> Step:
    red, combine = _reducer(op, op.kind, element_type(op.source.type))
    dims = tuple(op.reduction_dims.get_values())

    def fn(vec: np.ndarray, acc: Any) -> Any:
        with np.errstate(all="ignore"):
            return combine(red(vec, dims), acc)

    return vector_step(c, op, fn)


STEPS: StepTable = {ReductionOp: _reduction, MultiDimReductionOp: _multi_reduction}
