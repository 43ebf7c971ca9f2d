"""Gather/scatter (``xegpu.load``/``xegpu.store`` in offset form) and
``vector.insert_strided_slice``.

* ``xegpu.load %src[%offsets], %mask <{chunk_size = c}>``: the value (``vector<N>``, or
  ``vector<N x c>`` with chunks) is split by its layout; the offset and mask vectors
  (``vector<N>``) must be split the same way along dim 0 (each subgroup holds whole chunks).
  Offsets are absolute element offsets, so tile ``k`` is a gather with offset tile ``k`` and
  mask tile ``k``; ``chunk_size``, cache hints and the lane part of ``layout`` are kept.
  ``xegpu.store`` likewise (its layout may not share data).
* ``vector.insert_strided_slice %v, %d``: the result is split like ``%d``; each tile of ``%v``
  must lie inside one result tile of the same subgroup, at a local offset that is the same for
  every subgroup, and the tiles of ``%v`` must cover what the inserted region covers of every
  result tile. Each result tile then is a chain of subgroup ``insert_strided_slice``.
"""

from __future__ import annotations

from math import prod

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.vector import InsertStridedSliceOp
from wgdist.dialects.xegpu.layout_access import drop_sg_fields, value_layout
from wgdist.dialects.xegpu.ops_scatter import LoadGatherOp, StoreScatterOp
from wgdist.passes.distribute.common import (
    Dist,
    Env,
    describe,
    element_type,
    is_wg_attr,
    make_dist,
    result_dist,
    sg_attrs,
    shape_of,
    uniform_map,
)
from wgdist.passes.distribute.driver import Plan, register


def _props(op: Operation) -> dict[str, Attribute]:
    props = dict(op.properties)
    if "layout" in props:
        rest = drop_sg_fields(props["layout"])  # type: ignore[arg-type]
        if rest is None:
            del props["layout"]
        else:
            props["layout"] = rest
    return props


def _lanes_map(op: Operation, dv: Dist, dl: Dist, what: str) -> list[int]:
    """Tile ``k`` of the value is per-lane tile ``j`` of the offsets/mask (dim 0 lines up)."""
    m = None
    if dl.tile_shape == dv.tile_shape[:1] and dv.num_subgroups == dl.num_subgroups:
        m = uniform_map(dv, dl, lambda a, b: a[0] == b[0])
    if m is None:
        raise OpError(
            op,
            f"the {what} is distributed with {describe(dl.layout)} and the value with "
            f"{describe(dv.layout)}: each subgroup needs the {what} of its own lanes (split them like "
            "the value along dim 0)",
        )
    return m


class _Scatter:
    store = False

    def _parts(self, op: Operation, plan: Plan, dv: Dist) -> None:
        assert isinstance(op, LoadGatherOp | StoreScatterOp)
        if op.offsets is None:
            raise OpError(op, "only the offset form (a memory source and an offset vector) is distributed, not a tensor_desc source")
        chunk = op.chunk()
        if len(dv.shape) != (1 if chunk == 1 else 2):
            raise OpError(op, f"expected a 1-D value (or 2-D with chunk_size), got shape {list(dv.shape)}")
        if chunk > 1 and dv.tile_shape[1] != chunk:
            raise OpError(op, f"each subgroup must hold whole chunks: the value tile {list(dv.tile_shape)} splits chunk_size {chunk}")
        for i, what in ((op.operands.index(op.offsets), "offsets"), (len(op.operands) - 1, "mask")):
            v = op.operands[i]
            if isinstance(v.type, VectorType):
                _lanes_map(op, dv, plan.operand(op, i, f"the {what}"), what)

    def _tiles(self, op: Operation, env: Env, dv: Dist, v: SSAValue, what: str) -> list[SSAValue]:
        if not isinstance(v.type, VectorType):  # pragma: no cover - offsets/mask are vectors here
            return [v] * dv.ntiles
        m = _lanes_map(op, dv, env.dist[v], what)
        return [env.vmap[v][j] for j in m]


class LoadGather(_Scatter):
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, LoadGatherOp)
        attr = value_layout(op.value)
        if not is_wg_attr(attr):
            raise OpError(op, "a gather with distributed offsets or mask needs a workgroup `layout` for its result")
        dv = make_dist(op, "the result", shape_of(op.value), attr)  # type: ignore[arg-type]
        self._parts(op, plan, dv)
        return [dv]

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, LoadGatherOp)
        assert op.offsets is not None
        dv = env.dist[op.value]
        offs = self._tiles(op, env, dv, op.offsets, "offsets")
        masks = self._tiles(op, env, dv, op.mask, "mask")
        rtype = dv.sg_vector_type(element_type(op.value))
        out: list[SSAValue] = []
        for k in range(dv.ntiles):
            new = LoadGatherOp.create(operands=[op.source, offs[k], masks[k]], result_types=[rtype],
                                      properties=_props(op), attributes=sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.value] = out


class StoreScatter(_Scatter):
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, StoreScatterOp)
        dv = plan.operand(op, 0, "the stored value")
        attr = op.properties.get("layout")
        if is_wg_attr(attr):
            want = make_dist(op, "the layout", dv.shape, attr)  # type: ignore[arg-type]
            if not want.same_tiles(dv):
                raise OpError(op, f"the stored value is distributed with {describe(dv.layout)} but the layout is {describe(want.layout)}")
        self._parts(op, plan, dv)
        return []

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, StoreScatterOp)
        assert op.offsets is not None
        dv = env.dist[op.value]
        offs = self._tiles(op, env, dv, op.offsets, "offsets")
        masks = self._tiles(op, env, dv, op.mask, "mask")
        for k, val in enumerate(env.vmap[op.value]):
            env.emit(StoreScatterOp.create(operands=[val, op.dest, offs[k], masks[k]],
                                           properties=_props(op), attributes=sg_attrs(op)))


class InsertStridedSlice:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, InsertStridedSliceOp)
        dd = plan.operand(op, 1, "the destination")
        d = result_dist(op) or dd
        if not dd.same_tiles(d):
            raise OpError(op, f"the destination is distributed with {describe(dd.layout)} but the result with {describe(d.layout)}")
        self._plan(op, plan.operand(op, 0, "the inserted value"), d)
        return [d]

    @staticmethod
    def _plan(op: InsertStridedSliceOp, dv: Dist, d: Dist) -> list[list[tuple[int, tuple[int, ...]]]]:
        offs = [a.value.data for a in op.offsets.data]
        strides = [a.value.data for a in op.strides.data]
        if any(s != 1 for s in strides):
            raise OpError(op, f"strides {strides} are not distributed (only unit strides)")
        if len(dv.shape) != len(d.shape):
            raise OpError(op, f"inserting a rank-{len(dv.shape)} value into a rank-{len(d.shape)} vector is not distributed (equal ranks only)")
        if dv.num_subgroups != d.num_subgroups:
            raise OpError(op, f"the value has {dv.num_subgroups} subgroups ({describe(dv.layout)}) and the result {d.num_subgroups}")
        r = len(d.shape)
        vt, rt = dv.tile_shape, d.tile_shape
        out: list[list[tuple[int, tuple[int, ...]]]] = []
        for k in range(d.ntiles):
            parts: list[tuple[int, tuple[int, ...]]] = []
            for j in range(dv.ntiles):
                local: tuple[int, ...] | None = None
                ok = True
                for s in range(d.num_subgroups):
                    rs, vs = d.table[s][k], dv.table[s][j]
                    lo = tuple(vs[i] + offs[i] - rs[i] for i in range(r))
                    inside = all(0 <= lo[i] and lo[i] + vt[i] <= rt[i] for i in range(r))
                    if not inside or (local is not None and lo != local):
                        ok = False
                        break
                    local = lo
                if ok and local is not None:
                    parts.append((j, local))
            for s in range(d.num_subgroups):
                rs = d.table[s][k]
                overlap = prod(max(0, min(rs[i] + rt[i], offs[i] + dv.shape[i]) - max(rs[i], offs[i])) for i in range(r))
                if overlap != len(parts) * prod(vt):
                    raise OpError(
                        op,
                        f"result tile #{k} of subgroup {s} ({describe(d.layout)}) is not covered by whole tiles "
                        f"of the inserted value ({describe(dv.layout)}) that the subgroup holds",
                    )
            out.append(parts)
        return out

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, InsertStridedSliceOp)
        d, dv = env.dist[op.result], env.dist[op.value_to_store]
        dm = uniform_map(d, env.dist[op.dest], lambda a, b: a == b)
        assert dm is not None
        dst, val = env.vmap[op.dest], env.vmap[op.value_to_store]
        out: list[SSAValue] = []
        for k, parts in enumerate(self._plan(op, dv, d)):
            acc = dst[dm[k]]
            for j, local in parts:
                if dv.tile_shape == d.tile_shape:
                    acc = val[j]
                    continue
                new = InsertStridedSliceOp(val[j], acc, list(local))
                new.attributes.update(sg_attrs(op))
                acc = env.emit(new).results[0]
            out.append(acc)
        env.vmap[op.result] = out


def register_all() -> None:
    register(["xegpu.load"], LoadGather())
    register(["xegpu.store"], StoreScatter())
    register(["vector.insert_strided_slice"], InsertStridedSlice())


__all__ = ["InsertStridedSlice", "LoadGather", "StoreScatter", "register_all"]
