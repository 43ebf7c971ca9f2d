"""The distribution walk: check everything, then rewrite, then erase the WG ops.

xDSL has no 1:N dialect conversion, so the pass is an explicit two-phase walk per function:

1. **check** (:class:`~.state.Plan`): visit ops in order (into regions); every op that touches
   a workgroup value - an operand already distributed, or a result/anchor layout with
   ``sg_layout`` - needs a handler in :data:`HANDLERS`; the handler validates the op against the
   layout model and returns its plan (:class:`~.state.OpPlan`: how each result is split, and
   the facts its rewrite needs). Any problem raises :class:`~wgdist.ir.diagnostics.OpError`
   naming the op and the reason, *before the IR is touched*.
2. **rewrite**: the planned ops, in order, are expanded into subgroup ops inserted before them,
   each by its handler from its plan; ``Env.vmap`` maps each WG value to the list of its
   subgroup tiles (row-major round order).
3. **erase**: the WG ops, in reverse order, so nothing workgroup-sized survives.

Between check and rewrite, :func:`~.barriers.plan_barriers` decides from the plans where a
``gpu.barrier`` must separate memory accesses of different subgroups (layouts-spec 1.8); the
rewrite inserts them and each one is reported as a remark naming both ops and the reason.

:data:`HANDLERS` is the one table of the pass, keyed by op class and merged here from the
family modules of :mod:`.ops` (one module per op family, each exporting its ``HANDLERS``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.dialects.gpu import BarrierOp
from wgdist.ir.diagnostics import emit
from wgdist.passes.distribute.barriers import Barrier, plan_barriers
from wgdist.passes.distribute.dist import many_tiles_remarks
from wgdist.passes.distribute.ops import (
    arith,
    scf,
    vector,
    vector_interleave,
    vector_lanes,
    vector_reduction,
    xegpu_convert_layout,
    xegpu_dpas,
    xegpu_matrix,
    xegpu_nd,
    xegpu_scatter,
)
from wgdist.passes.distribute.sg_ids import SgIds
from wgdist.passes.distribute.slm import XE2_SLM_BYTES
from wgdist.passes.distribute.state import Env, Handler, Plan


def _merge(*tables: Mapping[type[Operation], Handler[Any, Any]]) -> dict[type[Operation], Handler[Any, Any]]:
    out: dict[type[Operation], Handler[Any, Any]] = {}
    for table in tables:
        twice = out.keys() & table.keys()
        assert not twice, f"op classes with two distribution handlers: {sorted(c.name for c in twice)}"
        out.update(table)
    return out


HANDLERS: dict[type[Operation], Handler[Any, Any]] = _merge(
    xegpu_nd.HANDLERS,
    xegpu_matrix.HANDLERS,
    xegpu_scatter.HANDLERS,
    xegpu_dpas.HANDLERS,
    xegpu_convert_layout.HANDLERS,
    arith.HANDLERS,
    vector.HANDLERS,
    vector_lanes.HANDLERS,
    vector_interleave.HANDLERS,
    vector_reduction.HANDLERS,
    scf.HANDLERS,
)
"""Every op class the pass distributes -> its handler."""


TILES_OBSERVER: ContextVar[Callable[[Plan, Env], None] | None] = ContextVar("tiles_observer", default=None)
"""Called after each function's rewrite, before the WG ops are erased, with its plan and
``Env.vmap`` (each WG value -> its subgroup tiles): wgdist-check's value comparison."""


def _functions(module: ModuleOp) -> list[Operation]:
    return [op for op in module.walk() if op.name in ("func.func", "gpu.func") and op.regions]


def distribute_module(module: ModuleOp, slm_bytes: int = XE2_SLM_BYTES) -> None:
    """Distribute every function of ``module``; raises OpError before changing anything.
    ``slm_bytes``: shared local memory per workgroup, the budget of the SLM exchanges."""
    plans: list[tuple[Operation, Plan, tuple[list[Barrier], list[Barrier]]]] = []
    for f in _functions(module):
        body = f.regions[0]
        if not body.blocks:
            continue
        plan = Plan(HANDLERS, slm_bytes)
        plan.check_region(body)
        if plan.ops:
            plans.append((f, plan, plan_barriers(f, plan)))
    for f, plan, (barriers, unsynced) in plans:
        for op, message in many_tiles_remarks(plan.ops, plan.planned):
            emit(op, message)
        for b in barriers:
            emit(b.before, b.remark())
            Rewriter.insert_op(BarrierOp(), InsertPoint.before(b.before))
        for b in unsynced:
            emit(b.second, b.warning(), "warning")
        _rewrite(f, plan)


def _rewrite(f: Operation, plan: Plan) -> None:
    ids = SgIds(f.regions[0].blocks[0])
    env = Env(ids=ids, dist=plan.dist, base=plan.base)
    for op in plan.ops:
        h, planned = plan.planned[op]
        env.current = op
        h.rewrite(op, env, planned)
    observe = TILES_OBSERVER.get()
    if observe is not None:
        observe(plan, env)
    for op in reversed(plan.ops):
        for r in op.results:
            if r.uses:
                users = ", ".join(sorted({u.operation.name for u in r.uses}))
                raise AssertionError(f"internal error: {op.name} result still used by {users}")
        op.detach()
        op.erase()
    for desc in {d for d, _ in env.own_descs}:  # WG descriptors whose accesses had the layouts
        owner = desc.owner
        if not desc.uses and isinstance(owner, Operation) and owner.parent is not None:
            owner.detach()
            owner.erase()
    ids.merge_constants()
    ids.prune()
