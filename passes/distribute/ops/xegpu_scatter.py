"""Gather/scatter: ``xegpu.load``/``xegpu.store`` in offset form.

``xegpu.load %src[%offsets], %mask <{chunk_size = c}>``: the value (``vector<S>`` of any rank,
or ``vector<S x c>`` with chunks) is split by its layout; the offset and mask vectors
(``vector<S>``) must be split the same way on those dims (each subgroup holds whole chunks).
Offsets are absolute element offsets, so tile ``k`` is a gather with the offset tile and the
mask tile of the same lanes (found in ``check``); ``chunk_size``, cache hints and the lane part
of ``layout`` are kept. ``xegpu.store`` likewise; when its layout shares data (sharing dims, or
a slice layout), only the replica the writer predicate picks stores, so each element is
written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.xegpu import LoadGatherOp, StoreScatterOp
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.ir.diagnostics import OpError
from wgdist.layout import layout_text
from wgdist.passes.distribute.dist import (
    Dist,
    is_wg_attr,
    make_dist,
    shape_of,
    uniform_map,
)
from wgdist.passes.distribute.emit import element_type, sg_attrs, sg_props
from wgdist.passes.distribute.slm import emit_guarded, writer_predicate
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


@dataclass(frozen=True)
class ScatterPlan(OpPlan):
    """For tile ``k`` of the value: tile ``offsets[k]`` of the offsets and ``mask[k]`` of the
    mask (None: a scalar, the same for every tile)."""

    offsets: tuple[int, ...] | None = None
    mask: tuple[int, ...] | None = None


def _lanes_map(op: Operation, dv: Dist, dl: Dist, what: str, lanes: int) -> tuple[int, ...]:
    """Tile ``k`` of the value is tile ``j`` of the offsets/mask: the first ``lanes`` dims (all
    of the value's, or all but the chunk dim) line up."""
    m = None
    if dl.tile_shape == dv.tile_shape[:lanes] and dv.num_subgroups == dl.num_subgroups:
        m = uniform_map(dv, dl, lambda a, b: a[:lanes] == b)
    if m is None:
        raise OpError(
            op,
            f"the {what} is distributed with {layout_text(dl.layout)} and the value with "
            f"{layout_text(dv.layout)}: each subgroup needs the {what} of its own lanes (split them like "
            f"the value along {'dim 0' if lanes == 1 else f'dims 0..{lanes - 1}'})",
        )
    return tuple(m)


def _plan_parts(op: LoadGatherOp | StoreScatterOp, plan: Plan, dv: Dist) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """Check the value's shape and chunks; the offsets and mask tile of each value tile. The
    offsets and mask have the value's shape (``chunk_size`` 1, any rank) or the value's shape
    without its last dim (the chunk)."""
    if op.offsets is None:
        raise OpError(op, "only the offset form (a memory source and an offset vector) is distributed, not a tensor_desc source")
    chunk = op.chunk()
    lanes = len(dv.shape) - (1 if chunk > 1 else 0)
    if lanes < 1:
        raise OpError(op, f"expected a value with lanes before its chunk dim, got shape {list(dv.shape)}")
    if chunk > 1 and dv.tile_shape[-1] != chunk:
        raise OpError(op, f"each subgroup must hold whole chunks: the value tile {list(dv.tile_shape)} splits chunk_size {chunk}")
    maps: list[tuple[int, ...] | None] = []
    for i, what in ((op.operands.index(op.offsets), "offsets"), (len(op.operands) - 1, "mask")):
        v = op.operands[i]
        maps.append(_lanes_map(op, dv, plan.operand(op, i, f"the {what}"), what, lanes) if isinstance(v.type, VectorType) else None)
    return maps[0], maps[1]


def _tiles(env: Env, dv: Dist, v: SSAValue, m: tuple[int, ...] | None) -> list[SSAValue]:
    if m is None:  # pragma: no cover - offsets/mask are vectors here
        return [v] * dv.ntiles
    return [env.vmap[v][j] for j in m]


class LoadGather:
    def check(self, op: LoadGatherOp, plan: Plan) -> ScatterPlan:
        attr = value_layout(op.value)
        if not is_wg_attr(attr):
            raise OpError(op, "a gather with distributed offsets or mask needs a workgroup `layout` for its result")
        dv = make_dist(op, "the result", shape_of(op.value), attr)
        offsets, mask = _plan_parts(op, plan, dv)
        return ScatterPlan((dv,), offsets, mask)

    def rewrite(self, op: LoadGatherOp, env: Env, planned: ScatterPlan) -> None:
        assert op.offsets is not None
        dv = env.dist[op.value]
        offs = _tiles(env, dv, op.offsets, planned.offsets)
        masks = _tiles(env, dv, op.mask, planned.mask)
        rtype = dv.sg_vector_type(element_type(op.value))
        out: list[SSAValue] = []
        for k in range(dv.ntiles):
            new = LoadGatherOp.create(operands=[op.source, offs[k], masks[k]], result_types=[rtype],
                                      properties=sg_props(op), attributes=sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.value] = out


class StoreScatter:
    def check(self, op: StoreScatterOp, plan: Plan) -> ScatterPlan:
        dv = plan.operand(op, 0, "the stored value")
        attr = op.layout
        if is_wg_attr(attr):
            want = make_dist(op, "the layout", dv.shape, attr)
            if not want.same_distribution(dv):
                raise OpError(op, f"the stored value is distributed with {layout_text(dv.layout)} but the layout is {layout_text(want.layout)}")
        offsets, mask = _plan_parts(op, plan, dv)
        return ScatterPlan((), offsets, mask)

    def rewrite(self, op: StoreScatterOp, env: Env, planned: ScatterPlan) -> None:
        assert op.offsets is not None
        dv = env.dist[op.value]
        offs = _tiles(env, dv, op.offsets, planned.offsets)
        masks = _tiles(env, dv, op.mask, planned.mask)
        stores: list[Operation] = [
            StoreScatterOp.create(operands=[val, op.dest, offs[k], masks[k]], properties=sg_props(op), attributes=sg_attrs(op))
            for k, val in enumerate(env.vmap[op.value])
        ]
        emit_guarded(env, writer_predicate(env, dv), stores)


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {
    LoadGatherOp: LoadGather(),
    StoreScatterOp: StoreScatter(),
}
