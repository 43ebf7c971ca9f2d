"""``vector.interleave`` / ``vector.deinterleave`` on numpy arrays: the trailing axis
alternates the two operands (``out[..., 0::2] = lhs``, ``out[..., 1::2] = rhs``; a 0-D pair gives
``[lhs, rhs]``), and deinterleave takes the even and the odd positions back apart."""

from __future__ import annotations

import numpy as np

from wgdist.dialects.vector import DeinterleaveOp, InterleaveOp
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.vector import to_result, vector_step


def interleave(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a, b = np.asarray(a), np.asarray(b)
    if a.ndim == 0:
        return np.stack([a, b])
    out = np.empty((*a.shape[:-1], 2 * a.shape[-1]), dtype=np.result_type(a, b))
    out[..., 0::2] = a
    out[..., 1::2] = b
    return out


def _interleave(c: FuncCompiler, op: InterleaveOp) -> Step:
    return vector_step(c, op, interleave)


def _deinterleave(c: FuncCompiler, op: DeinterleaveOp) -> Step:
    (src,) = c.ins(op)
    even, odd = c.outs(op)
    conv = to_result(op.res1.type)

    def step(v: Frame) -> None:
        a = np.asarray(v[src])
        v[even] = conv(np.ascontiguousarray(a[..., 0::2]))
        v[odd] = conv(np.ascontiguousarray(a[..., 1::2]))

    return step


STEPS: StepTable = {InterleaveOp: _interleave, DeinterleaveOp: _deinterleave}
