"""Vector ops: broadcast, step, create_mask/constant_mask, shape_cast, transpose,
extract_strided_slice (reductions: :mod:`.slm_reduce`; insert_strided_slice: :mod:`.gather_ops`).

Each rule is phrased as a tile correspondence that the layout model must confirm for every
subgroup id (:func:`~.common.uniform_map`): e.g. a transpose is distributed when tile ``k`` of
the result is, for every subgroup, the transpose of one tile ``j`` of the source. When the model
says some subgroup would need data it does not hold, the op is rejected with the layouts named
(cross-subgroup reductions go through shared local memory, see :mod:`.slm`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, VectorType
from xdsl.dialects.vector import BroadcastOp, CreateMaskOp
from xdsl.ir import Operation, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.vector import (
    ConstantMaskOp,
    ExtractStridedSliceOp,
    ShapeCastOp,
    StepOp,
    TransposeOp,
)
from wgdist.passes.distribute.common import (
    Dist,
    Env,
    check_same_subgroups,
    describe,
    per_tile,
    result_dist,
    sg_attrs,
    shape_of,
    uniform_map,
)
from wgdist.passes.distribute.driver import Plan, register
from wgdist.passes.distribute.regather import Run, emit_regather, run_plan
from wgdist.passes.distribute.sg_ids import Index, SgIds


def _need_result_dist(op: Operation) -> Dist:
    d = result_dist(op)
    if d is None:
        raise OpError(op, "has a distributed operand but its result has no workgroup layout (layout_result_0)")
    return d


def _emit_like(env: Env, op: Operation, operands: Sequence[SSAValue], rtype: VectorType, props: dict | None = None) -> SSAValue:  # type: ignore[type-arg]
    new = type(op).create(
        operands=list(operands), result_types=[rtype], properties=dict(op.properties) if props is None else props,
        attributes=sg_attrs(op),
    )
    return env.emit(new).results[0]


# ---- broadcast -------------------------------------------------------------------------------
class Broadcast:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        d = _need_result_dist(op)
        src = op.operands[0]
        if isinstance(src.type, VectorType):
            ds = plan.operand(op, 0, "the source")
            check_same_subgroups(op, ds, d)
            self._map(op, ds, d)
        return [d]

    @staticmethod
    def _map(op: Operation, ds: Dist, d: Dist) -> list[int]:
        lead = len(d.shape) - len(ds.shape)
        sshape = ds.shape
        want_tile = tuple(
            1 if sshape[i] == 1 else d.tile_shape[lead + i] for i in range(len(sshape))
        )

        def proj(res: tuple[int, ...], src: tuple[int, ...]) -> bool:
            return all((src[i] == 0) if sshape[i] == 1 else (src[i] == res[lead + i]) for i in range(len(sshape)))

        m = uniform_map(d, ds, proj) if ds.tile_shape == want_tile else None
        if m is None:
            raise OpError(
                op,
                f"the source is distributed with {describe(ds.layout)} but the result with "
                f"{describe(d.layout)}: some subgroup does not hold the source data its result "
                "tiles broadcast (the source layout should be the result layout sliced on the new dims)",
            )
        return m

    def rewrite(self, op: Operation, env: Env) -> None:
        d = env.dist[op.results[0]]
        rtype = d.sg_vector_type(op.results[0].type.element_type)  # type: ignore[attr-defined]
        src = op.operands[0]
        if not isinstance(src.type, VectorType):
            v = _emit_like(env, op, [src], rtype)
            env.vmap[op.results[0]] = [v] * d.ntiles
            return
        m = self._map(op, env.dist[src], d)
        tiles = env.vmap[src]
        env.vmap[op.results[0]] = per_tile(d.ntiles, [[tiles[j] for j in m]], lambda a: _emit_like(env, op, a, rtype))


# ---- step and masks --------------------------------------------------------------------------
class Step:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        return [_need_result_dist(op)]

    def rewrite(self, op: Operation, env: Env) -> None:
        d = env.dist[op.results[0]]
        ids = env.ids
        rtype = d.sg_vector_type(IndexType())
        base = env.emit(StepOp(rtype))
        base.attributes.update(sg_attrs(op))
        out: list[SSAValue] = []
        cache: dict[object, SSAValue] = {}
        for (off,) in ids.tile_offsets(d, env.tile_base()):
            if off not in cache:
                if isinstance(off, int) and off == 0:
                    cache[off] = base.results[0]
                else:
                    bc = env.emit(BroadcastOp(ids.materialize(off), rtype))
                    cache[off] = env.emit(arith.AddiOp(base.results[0], bc.results[0])).results[0]
            out.append(cache[off])
        env.vmap[op.results[0]] = out


class Mask:
    """``create_mask``/``constant_mask``: bound_d = clamp(bound_d - offset_d, 0, tile_d)."""

    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        return [_need_result_dist(op)]

    def rewrite(self, op: Operation, env: Env) -> None:
        d = env.dist[op.results[0]]
        ids = env.ids
        rtype = d.sg_vector_type(op.results[0].type.element_type)  # type: ignore[attr-defined]
        bounds: list[Index] = (
            list(op.get_mask_dim_sizes()) if isinstance(op, ConstantMaskOp) else list(op.operands)  # type: ignore[arg-type]
        )
        cache: dict[tuple[object, ...], SSAValue] = {}
        out: list[SSAValue] = []
        for offs in ids.tile_offsets(d, env.tile_base()):
            key = tuple(offs)
            if key not in cache:
                sizes = [self._clamp(env, ids, b, o, t) for b, o, t in zip(bounds, offs, d.tile_shape)]
                if all(isinstance(s, int) for s in sizes):
                    new: Operation = ConstantMaskOp([int(s) for s in sizes], rtype)  # type: ignore[arg-type]
                else:
                    new = CreateMaskOp([ids.materialize(s) for s in sizes], rtype)
                new.attributes.update(sg_attrs(op))
                cache[key] = env.emit(new).results[0]
            out.append(cache[key])
        env.vmap[op.results[0]] = out

    @staticmethod
    def _clamp(env: Env, ids: SgIds, bound: Index, off: Index, tile: int) -> Index:
        if isinstance(bound, int) and isinstance(off, int):
            return max(0, min(tile, bound - off))
        b, o = ids.materialize(bound), ids.materialize(off)
        diff = env.emit(arith.SubiOp(b, o)).results[0]
        lo = env.emit(arith.MaxSIOp(diff, ids.const(0))).results[0]
        return env.emit(arith.MinSIOp(lo, ids.const(tile))).results[0]


# ---- data-preserving reshapes ------------------------------------------------------------------
def _element_ids(shape: Sequence[int]) -> np.ndarray:
    return np.arange(int(np.prod(shape))).reshape(shape)


def _block(arr: np.ndarray, start: Sequence[int], tile: Sequence[int]) -> np.ndarray:
    return arr[tuple(slice(o, o + t) for o, t in zip(start, tile))]


def _reshape_map(op: Operation, ds: Dist, d: Dist, src_ids: np.ndarray, res_ids: np.ndarray, fn, what: str) -> list[int]:  # type: ignore[no-untyped-def]
    """Tile ``k`` of the result is ``fn(tile j of the source)`` for every subgroup."""
    def match(r: tuple[int, ...], s: tuple[int, ...]) -> bool:
        a = fn(_block(src_ids, s, ds.tile_shape))
        b = _block(res_ids, r, d.tile_shape)
        return a.shape == b.shape and bool(np.array_equal(a, b))

    m = uniform_map(d, ds, match)
    if m is None:
        raise OpError(
            op,
            f"cannot distribute this {what}: the source is split with {describe(ds.layout)} and the "
            f"result with {describe(d.layout)}, so some subgroup's result tile is not the {what} of one "
            "of its own source tiles",
        )
    return m


def _checked_source(op: Operation, plan: Plan, d: Dist) -> Dist:
    ds = plan.operand(op, 0, "the source")
    check_same_subgroups(op, ds, d)
    return ds


class ShapeCast:
    """Tile ``k`` of the result is the cast of one source tile when the layouts line up tile by
    tile; otherwise, when every subgroup owns the same elements on both sides, the result tiles
    are assembled from runs of the source tiles (:mod:`.regather`)."""

    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        d = _need_result_dist(op)
        self._plan(op, _checked_source(op, plan, d), d)
        return [d]

    @staticmethod
    def _plan(op: Operation, ds: Dist, d: Dist) -> list[int] | list[list[Run]]:
        ids = _element_ids(ds.shape)
        try:
            return _reshape_map(op, ds, d, ids, ids.reshape(d.shape), lambda b: b.reshape(d.tile_shape) if b.size == int(np.prod(d.tile_shape)) else b, "shape_cast")
        except OpError:
            runs = run_plan(ds, d, ids, ids.reshape(d.shape))
            if runs is None:
                raise
            return runs

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, ShapeCastOp)
        d = env.dist[op.result]
        ds = env.dist[op.source]
        m = self._plan(op, ds, d)
        elt = op.result.type.element_type  # type: ignore[attr-defined]
        tiles = env.vmap[op.source]
        if m and isinstance(m[0], list):
            env.vmap[op.result] = emit_regather(env, op, m, ds, d, tiles, elt)  # type: ignore[arg-type]
            return
        rtype = d.sg_vector_type(elt)
        env.vmap[op.result] = per_tile(d.ntiles, [[tiles[j] for j in m]], lambda a: _emit_like(env, op, a, rtype))  # type: ignore[index]


class Transpose:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        d = _need_result_dist(op)
        self._map(op, _checked_source(op, plan, d), d)
        return [d]

    @staticmethod
    def _map(op: Operation, ds: Dist, d: Dist) -> list[int]:
        assert isinstance(op, TransposeOp)
        perm = op.get_permutation()
        ids = _element_ids(ds.shape)
        return _reshape_map(op, ds, d, ids, ids.transpose(perm), lambda b: b.transpose(perm), "transpose")

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, TransposeOp)
        d = env.dist[op.result]
        m = self._map(op, env.dist[op.vector], d)
        rtype = d.sg_vector_type(op.result.type.element_type)  # type: ignore[attr-defined]
        tiles = env.vmap[op.vector]
        env.vmap[op.result] = per_tile(d.ntiles, [[tiles[j] for j in m]], lambda a: _emit_like(env, op, a, rtype))


class ExtractStridedSlice:
    """Each result tile must lie inside one source tile of the same subgroup, at a local offset
    that is the same for every subgroup; it becomes an extract_strided_slice of that tile."""

    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        d = _need_result_dist(op)
        self._plan(op, _checked_source(op, plan, d), d)
        return [d]

    @staticmethod
    def _plan(op: Operation, ds: Dist, d: Dist) -> list[tuple[int, tuple[int, ...]]]:
        assert isinstance(op, ExtractStridedSliceOp)
        offs = [a.value.data for a in op.offsets.data]
        strides = [a.value.data for a in op.strides.data]
        if any(s != 1 for s in strides):
            raise OpError(op, f"strides {strides} are not distributed (only unit strides)")
        full = list(offs) + [0] * (len(ds.shape) - len(offs))
        out: list[tuple[int, tuple[int, ...]]] = []
        for k in range(d.ntiles):
            found = None
            for j in range(ds.ntiles):
                local = None
                for s in range(d.num_subgroups):
                    r, src = d.table[s][k], ds.table[s][j]
                    lo = tuple(r[i] + full[i] - src[i] for i in range(len(r)))
                    inside = all(0 <= lo[i] and lo[i] + d.tile_shape[i] <= ds.tile_shape[i] for i in range(len(r)))
                    if not inside or (local is not None and lo != local):
                        local = None
                        break
                    local = lo
                if local is not None:
                    found = (j, local)
                    break
            if found is None:
                raise OpError(op, f"result tile #{k} ({describe(d.layout)}) is not inside one source tile ({describe(ds.layout)}) of the same subgroup for every subgroup")
            out.append(found)
        return out

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, ExtractStridedSliceOp)
        d = env.dist[op.result]
        ds = env.dist[op.source]
        tiles = env.vmap[op.source]
        out = []
        for j, local in self._plan(op, ds, d):
            src = tiles[j]
            if local == (0,) * len(local) and d.tile_shape == ds.tile_shape:
                out.append(src)
                continue
            new = ExtractStridedSliceOp(src, list(local), list(d.tile_shape), [1] * len(local))
            new.attributes.update(sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.result] = out


def register_all() -> None:
    register(["vector.broadcast"], Broadcast())
    register(["vector.step"], Step())
    register(["vector.create_mask", "vector.constant_mask"], Mask())
    register(["vector.shape_cast"], ShapeCast())
    register(["vector.transpose"], Transpose())
    register(["vector.extract_strided_slice"], ExtractStridedSlice())


__all__ = ["IntegerAttr", "register_all", "shape_of"]
