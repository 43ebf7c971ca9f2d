"""Shared-local-memory matrix ops: load_matrix, store_matrix.

The ``mem_desc`` is one buffer for the whole workgroup, so it is not split: every tile is an
access of the same ``mem_desc`` at the WG offsets plus the tile's offsets. ``load_matrix``
splits its result by its ``layout``; ``store_matrix`` stores each subgroup's tiles of the
value, which must be split as its ``layout`` says; a layout that shares data is stored by one
replica only (the writer predicate, hoisted), so each element is written once.
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation, SSAValue

from wgdist.dialects.xegpu import LoadMatrixOp, StoreMatrixOp
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.ir.diagnostics import OpError
from wgdist.passes.distribute.dist import is_wg_attr, make_dist, shape_of
from wgdist.passes.distribute.emit import (
    element_type,
    sg_attrs,
    sg_props,
    tile_offsets,
    with_offsets,
)
from wgdist.passes.distribute.ops.xegpu_nd import store_map
from wgdist.passes.distribute.slm import emit_guarded, writer_predicate
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


class LoadMatrix:
    def check(self, op: LoadMatrixOp, plan: Plan) -> OpPlan:
        attr = value_layout(op.res)
        if not is_wg_attr(attr):
            raise OpError(op, "a load_matrix inside distributed code needs a workgroup `layout`")
        return OpPlan((make_dist(op, "the result", shape_of(op.res), attr),))

    def rewrite(self, op: LoadMatrixOp, env: Env, planned: OpPlan) -> None:
        d = env.dist[op.res]
        props = sg_props(op)
        rtype = d.sg_vector_type(element_type(op.res))
        out: list[SSAValue] = []
        for offs in tile_offsets(env, d, op.mixed_offsets(), op):
            p, dyn = with_offsets(props, offs)
            new = LoadMatrixOp.create(operands=[op.mem_desc, *dyn], result_types=[rtype], properties=p, attributes=sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.res] = out


class StoreMatrix:
    def check(self, op: StoreMatrixOp, plan: Plan) -> OpPlan:
        dv = plan.operand(op, 0, "the stored value")
        attr = op.layout
        if is_wg_attr(attr):
            store_map(op, dv, make_dist(op, "the layout", dv.shape, attr), "stored value")
        return OpPlan()

    def rewrite(self, op: StoreMatrixOp, env: Env, planned: OpPlan) -> None:
        d = env.dist[op.data]
        props = sg_props(op)
        stores: list[Operation] = []
        for k, offs in enumerate(tile_offsets(env, d, op.mixed_offsets(), op)):
            p, dyn = with_offsets(props, offs)
            stores.append(StoreMatrixOp.create(operands=[env.vmap[op.data][k], op.mem_desc, *dyn], properties=p, attributes=sg_attrs(op)))
        emit_guarded(env, writer_predicate(env, d), stores)


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {
    LoadMatrixOp: LoadMatrix(),
    StoreMatrixOp: StoreMatrix(),
}
