"""xegpu compute ops: ``xegpu.dpas`` (A x B + C on 2-D operands, B plain or VNNI-packed in 3-D;
products in float32 or int64, then rounded to the result type) and ``xegpu.convert_layout``."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import VectorType

from wgdist.dialects.xegpu import ConvertLayoutOp, DpasOp
from wgdist.interp.core import Frame, FuncCompiler, Step, StepTable
from wgdist.interp.elements import array_converter, element_type, is_float
from wgdist.interp.values import InterpError, UnsupportedOpError


def _dpas(c: FuncCompiler, op: DpasOp) -> Step:
    a_t, b_t = op.lhs.type, op.rhs.type
    rt = op.result.type
    assert isinstance(a_t, VectorType) and isinstance(b_t, VectorType) and isinstance(rt, VectorType)
    if a_t.get_num_dims() != 2 or rt.get_num_dims() != 2:
        raise UnsupportedOpError(op, "only 2-D A and result operands are supported (no lane-level forms)")
    ins = c.ins(op)
    (r,) = c.outs(op)
    et = element_type(rt)
    conv = array_converter(et)
    floaty = is_float(et)
    m, k = a_t.get_shape()
    b_packed = b_t.get_num_dims() == 3

    def step(v: Frame) -> None:
        a = v[ins[0]]
        b = v[ins[1]]
        if b_packed:
            kp, n, p = b.shape
            b = b.transpose(0, 2, 1).reshape(kp * p, n)
        if b.shape[0] != k:
            raise InterpError(op, f"K of A ({k}) and B ({b.shape[0]}) differ")
        if floaty:
            prod = np.matmul(a.astype(np.float32), b.astype(np.float32))
            if len(ins) == 3:
                prod = prod + v[ins[2]].astype(np.float32)
        else:
            prod = np.matmul(a.astype(np.int64), b.astype(np.int64))
            if len(ins) == 3:
                prod = prod + v[ins[2]].astype(np.int64)
        v[r] = conv(prod)

    return step


def _convert_layout(c: FuncCompiler, op: ConvertLayoutOp) -> Step:
    """Layouts only say how subgroups share the value: the value is unchanged."""
    (a,) = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        v[r] = v[a]

    return step


STEPS: StepTable = {DpasOp: _dpas, ConvertLayoutOp: _convert_layout}
