"""The interpreter's op table: every family's compilers, merged explicitly, keyed by op class.

Each family module exports ``STEPS`` (its ops) and, for the ops of
:func:`wgdist.dialects.elementwise.elementwise_ops`, ``ELEMENTWISE``; the families that end
regions or wait at barriers export ``TERMINATORS`` and ``BLOCKING``. :data:`HANDLERS` is built
from them here: the elementwise entries in the order of ``elementwise_ops()`` (the one list of
lane-by-lane ops), every other entry from its family's ``STEPS``. An op class in two tables is
an error at import, as is an elementwise op that is neither implemented nor listed in
:data:`UNSUPPORTED_ELEMENTWISE`.

Adding an op: its compiler goes into the ``STEPS`` (or ``ELEMENTWISE``) of the module named
after its dialect and family; only a new family module is added to the list below.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects.arith import AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp
from xdsl.dialects.math import FPowIOp, IPowIOp

from wgdist.dialects.elementwise import elementwise_ops
from wgdist.interp import (
    arith,
    arith_casts,
    func,
    gpu,
    index,
    math,
    memref,
    scf,
    vector,
    vector_interleave,
    vector_memory,
    vector_reduction,
    xegpu_compute,
    xegpu_matrix,
    xegpu_nd,
    xegpu_scatter,
    xegpu_sync,
)
from wgdist.interp.core import OpClasses, OpTable, StepTable

UNSUPPORTED_ELEMENTWISE: OpClasses = frozenset(
    {AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp, FPowIOp, IPowIOp}
)
"""Elementwise ops the interpreter has no semantics for (two results, or integer powers): they
are refused like any op without an entry ("is not supported by the interpreter")."""


def _merge(tables: Iterable[StepTable]) -> StepTable:
    merged: StepTable = {}
    for table in tables:
        for cls, fn in table.items():
            if cls in merged:
                raise ValueError(f"{cls.name} has two interpreter entries")
            merged[cls] = fn
    return merged


def _elementwise() -> StepTable:
    lanewise = _merge([arith.ELEMENTWISE, arith_casts.ELEMENTWISE, math.ELEMENTWISE, vector.ELEMENTWISE])
    listed = elementwise_ops()
    strays = [cls.name for cls in lanewise if cls not in listed]
    if strays:
        raise ValueError(f"not in elementwise_ops(): {', '.join(strays)}")
    missing = [cls.name for cls in listed if cls not in lanewise and cls not in UNSUPPORTED_ELEMENTWISE]
    if missing:
        raise ValueError(f"elementwise ops without an interpreter entry: {', '.join(missing)}")
    return {cls: lanewise[cls] for cls in listed if cls in lanewise}


HANDLERS: StepTable = _merge(
    [
        _elementwise(),
        arith.STEPS,
        func.STEPS,
        gpu.STEPS,
        index.STEPS,
        memref.STEPS,
        scf.STEPS,
        vector.STEPS,
        vector_interleave.STEPS,
        vector_reduction.STEPS,
        vector_memory.STEPS,
        xegpu_nd.STEPS,
        xegpu_scatter.STEPS,
        xegpu_matrix.STEPS,
        xegpu_sync.STEPS,
        xegpu_compute.STEPS,
    ]
)
"""The compiler of every op the interpreter runs, by op class."""

BLOCKING_OPS: OpClasses = gpu.BLOCKING | xegpu_sync.BLOCKING
"""Ops that may wait at a barrier (a function calling one may wait too)."""
TERMINATORS: OpClasses = func.TERMINATORS | gpu.TERMINATORS | scf.TERMINATORS
"""Ops that end a block; their operands are the block's results."""

TABLE = OpTable(HANDLERS, BLOCKING_OPS, TERMINATORS)

"""What :class:`~wgdist.interp.core.Program` compiles with."""
