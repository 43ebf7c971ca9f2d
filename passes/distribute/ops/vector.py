"""Vector ops that move no data between subgroups: broadcast, step, create_mask/constant_mask,
shape_cast, transpose, extract_strided_slice, insert_strided_slice (reductions:
:mod:`.vector_reduction`).

Each rule is phrased as a tile correspondence that the layout model must confirm for every
subgroup id (:func:`~wgdist.passes.distribute.dist.uniform_map`): e.g. a transpose is
distributed when tile ``k`` of the result is, for every subgroup, the transpose of one tile
``j`` of the source. ``check`` finds the correspondence and keeps it in the op's plan;
``rewrite`` emits one subgroup op per tile from it. When the model says some subgroup would
need data it does not hold, the op is rejected with the layouts named.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.vector import (
    BroadcastOp,
    ConstantMaskOp,
    CreateMaskOp,
    ExtractStridedSliceOp,
    InsertStridedSliceOp,
    ShapeCastOp,
    StepOp,
    TransposeOp,
)
from wgdist.ir.diagnostics import OpError
from wgdist.layout import (
    RuleError,
    inverse_permutation,
    layout_text,
    sg_part,
    transpose_source_layout,
)
from wgdist.passes.distribute import slm
from wgdist.passes.distribute.dist import (
    Dist,
    check_same_subgroups,
    need_result_dist,
    result_dist,
    uniform_map,
)
from wgdist.passes.distribute.emit import element_type, emit_like, per_tile, sg_attrs
from wgdist.passes.distribute.ops import linear_slm
from wgdist.passes.distribute.ops.move import Move, emit_move, plan_move
from wgdist.passes.distribute.regather import Run, element_ids, emit_regather, reshape_map, run_plan
from wgdist.passes.distribute.sg_ids import Index, SgIds
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan, TilesPlan

Window = tuple[int, tuple[int, ...]]
"""``(tile j of the other value, local offset inside the larger of the two tiles)``."""


def _same_tiles_of(env: Env, op: Operation, src: SSAValue, d: Dist, tiles: tuple[int, ...]) -> list[SSAValue]:
    """Result tile ``k`` is an op of ``op``'s class on source tile ``tiles[k]``."""
    rtype = d.sg_vector_type(element_type(op.results[0]))
    src_tiles = env.vmap[src]
    return per_tile(d.ntiles, [[src_tiles[j] for j in tiles]], lambda a: emit_like(env, op, a, rtype))


# ---- broadcast -------------------------------------------------------------------------------
class Broadcast:
    """``tiles``: the source tile each result tile broadcasts (empty for a scalar source)."""

    def check(self, op: BroadcastOp, plan: Plan) -> TilesPlan:
        d = need_result_dist(op)
        if not isinstance(op.source.type, VectorType):
            return TilesPlan((d,))
        ds = plan.operand(op, 0, "the source")
        check_same_subgroups(op, ds, d)
        lead = len(d.shape) - len(ds.shape)
        sshape = ds.shape
        want_tile = tuple(1 if sshape[i] == 1 else d.tile_shape[lead + i] for i in range(len(sshape)))

        def proj(res: tuple[int, ...], src: tuple[int, ...]) -> bool:
            return all((src[i] == 0) if sshape[i] == 1 else (src[i] == res[lead + i]) for i in range(len(sshape)))

        m = uniform_map(d, ds, proj) if ds.tile_shape == want_tile else None
        if m is None:
            raise OpError(
                op,
                f"the source is distributed with {layout_text(ds.layout)} but the result with "
                f"{layout_text(d.layout)}: some subgroup does not hold the source data its result "
                "tiles broadcast (the source layout should be the result layout sliced on the new dims)",
            )
        return TilesPlan((d,), tuple(m))

    def rewrite(self, op: BroadcastOp, env: Env, planned: TilesPlan) -> None:
        d = env.dist[op.vector]
        if not isinstance(op.source.type, VectorType):
            v = emit_like(env, op, [op.source], d.sg_vector_type(element_type(op.vector)))
            env.vmap[op.vector] = [v] * d.ntiles
            return
        env.vmap[op.vector] = _same_tiles_of(env, op, op.source, d, planned.tiles)


# ---- step and masks --------------------------------------------------------------------------
class Step:
    def check(self, op: StepOp, plan: Plan) -> OpPlan:
        return OpPlan((need_result_dist(op),))

    def rewrite(self, op: StepOp, env: Env, planned: OpPlan) -> None:
        d = env.dist[op.result]
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
        env.vmap[op.result] = out


def _emit_mask(env: Env, op: CreateMaskOp | ConstantMaskOp, bounds: list[Index]) -> None:
    """Per tile, the mask of the tile's part of the WG mask: ``bound_d`` becomes
    ``clamp(bound_d - offset_d, 0, tile_d)`` (a ``constant_mask`` when all are known, all
    zeros when one of them is zero)."""
    res = op.results[0]
    d = env.dist[res]
    ids = env.ids
    rtype = d.sg_vector_type(element_type(res))
    cache: dict[tuple[object, ...], SSAValue] = {}
    out: list[SSAValue] = []
    for offs in ids.tile_offsets(d, env.tile_base()):
        key = tuple(offs)
        if key not in cache:
            sizes = [_clamp(env, ids, b, o, t) for b, o, t in zip(bounds, offs, d.tile_shape)]
            ints = [s for s in sizes if isinstance(s, int)]
            if len(ints) == len(sizes):
                # the mask is the conjunction of the dims: one empty dim empties it, and
                # constant_mask requires all sizes zero then (``[0, 36]`` is invalid)
                ints = [0] * len(ints) if 0 in ints else ints
                if ("static", *ints) in cache:
                    cache[key] = cache[("static", *ints)]
                    out.append(cache[key])
                    continue
                new: Operation = ConstantMaskOp(ints, rtype)
                key2: tuple[object, ...] | None = ("static", *ints)
            else:
                key2 = None
                new = CreateMaskOp([ids.materialize(s) for s in sizes], rtype)
            new.attributes.update(sg_attrs(op))
            cache[key] = env.emit(new).results[0]
            if key2 is not None:
                cache[key2] = cache[key]
        out.append(cache[key])
    env.vmap[res] = out


def _clamp(env: Env, ids: SgIds, bound: Index, off: Index, tile: int) -> Index:
    if isinstance(bound, int) and isinstance(off, int):
        return max(0, min(tile, bound - off))
    b, o = ids.materialize(bound), ids.materialize(off)
    diff = env.emit(arith.SubiOp(b, o)).results[0]
    lo = env.emit(arith.MaxSIOp(diff, ids.const(0))).results[0]
    return env.emit(arith.MinSIOp(lo, ids.const(tile))).results[0]


class CreateMask:
    def check(self, op: CreateMaskOp, plan: Plan) -> OpPlan:
        return OpPlan((need_result_dist(op),))

    def rewrite(self, op: CreateMaskOp, env: Env, planned: OpPlan) -> None:
        _emit_mask(env, op, list(op.mask_dim_sizes))


class ConstantMask:
    def check(self, op: ConstantMaskOp, plan: Plan) -> OpPlan:
        return OpPlan((need_result_dist(op),))

    def rewrite(self, op: ConstantMaskOp, env: Env, planned: OpPlan) -> None:
        _emit_mask(env, op, list(op.get_mask_dim_sizes()))


# ---- data-preserving reshapes ------------------------------------------------------------------
def _checked_source(op: ShapeCastOp | TransposeOp | ExtractStridedSliceOp, plan: Plan, d: Dist) -> Dist:
    ds = plan.operand(op, 0, "the source")
    check_same_subgroups(op, ds, d)
    return ds


@dataclass(frozen=True)
class ShapeCastPlan(OpPlan):
    """``tiles[k]``: the source tile cast to result tile ``k``; or, when no whole tile maps,
    ``runs``: the pieces each result tile is assembled from (:mod:`..regather`)."""

    tiles: tuple[int, ...] = ()
    runs: list[list[Run]] | None = None
    slm: bool = False
    """Neither: the data moves between subgroups, through SLM (:mod:`.linear_slm`)."""


class ShapeCast:
    """Tile ``k`` of the result is the cast of one source tile when the layouts line up tile by
    tile; otherwise, when every subgroup owns the same elements on both sides, the result tiles
    are assembled from runs of the source tiles (:mod:`..regather`)."""

    def check(self, op: ShapeCastOp, plan: Plan) -> ShapeCastPlan:
        d = need_result_dist(op)
        ds = _checked_source(op, plan, d)
        ids = element_ids(ds.shape)
        n = prod(d.tile_shape)
        try:
            m = reshape_map(op, ds, d, ids, ids.reshape(d.shape),
                            lambda b: b.reshape(d.tile_shape) if b.size == n else b, "shape_cast")
        except OpError:
            runs = run_plan(ds, d, ids, ids.reshape(d.shape))
            if runs is None:
                linear_slm.check(op, plan, prod(ds.shape), element_type(op.source), [ds], "the shape_cast between subgroups")
                return ShapeCastPlan((d,), slm=True)
            return ShapeCastPlan((d,), runs=runs)
        return ShapeCastPlan((d,), tuple(m))

    def rewrite(self, op: ShapeCastOp, env: Env, planned: ShapeCastPlan) -> None:
        d, ds = env.dist[op.result], env.dist[op.source]
        if planned.slm:
            elt = element_type(op.source)
            md = linear_slm.alloc(env, op, prod(ds.shape), elt)
            linear_slm.store(env, md, ds, env.vmap[op.source], ds.shape, elt)
            slm.barrier(env)
            env.vmap[op.result] = linear_slm.load(env, md, d, d.shape, elt)
            linear_slm.finish(env, op)
            return
        if planned.runs is not None:
            tiles = env.vmap[op.source]
            env.vmap[op.result] = emit_regather(env, op, planned.runs, ds, d, tiles, element_type(op.result))
            return
        env.vmap[op.result] = _same_tiles_of(env, op, op.source, d, planned.tiles)


@dataclass(frozen=True)
class TransposePlan(TilesPlan):
    """``inner``/``move``: when the result's layout is not the source's transposed, the tiles
    are transposed into the split the source implies (``inner``) and then moved (:mod:`.move`)."""

    inner: Dist | None = None
    move: Move | None = None


class Transpose:
    """Tile ``k`` of the result is the transpose of one source tile; a result layout that is not
    the source's transposed is reached by moving the transposed tiles (:mod:`.move`)."""

    def check(self, op: TransposeOp, plan: Plan) -> TransposePlan:
        d = need_result_dist(op)
        ds = _checked_source(op, plan, d)
        perm = op.get_permutation()
        ids = element_ids(ds.shape)
        try:
            m = reshape_map(op, ds, d, ids, ids.transpose(perm), lambda b: b.transpose(perm), "transpose")
            return TransposePlan((d,), tuple(m))
        except OpError as first:
            try:
                inner = Dist(d.shape, sg_part(transpose_source_layout(ds.layout, inverse_permutation(perm))))
            except RuleError:
                raise first from None
            m = reshape_map(op, ds, inner, ids, ids.transpose(perm), lambda b: b.transpose(perm), "transpose")
            mv = plan_move(op, plan, inner, d, element_type(op.result), "the transposed value")
            return TransposePlan((d,), tuple(m), inner, mv)

    def rewrite(self, op: TransposeOp, env: Env, planned: TransposePlan) -> None:
        d = env.dist[op.result]
        if planned.inner is None:
            env.vmap[op.result] = _same_tiles_of(env, op, op.vector, d, planned.tiles)
            return
        tiles = _same_tiles_of(env, op, op.vector, planned.inner, planned.tiles)
        if planned.move is not None:
            tiles = emit_move(env, op, planned.move, planned.inner, d, tiles, element_type(op.result))
        env.vmap[op.result] = tiles


# ---- windows: extract_strided_slice, insert_strided_slice ---------------------------------------
@dataclass(frozen=True)
class WindowPlan(OpPlan):
    """extract: per result tile, the source tile it lies in and where; insert: per result tile,
    the destination tile it starts from (``dest``) and the inserted tiles it takes (``parts``)."""

    windows: tuple[Window, ...] = ()
    dest: tuple[int, ...] = ()
    parts: tuple[tuple[Window, ...], ...] = ()
    slm: bool = False
    """None of those: the data moves between subgroups, through SLM (:mod:`.linear_slm`)."""


def _unit_strides(op: ExtractStridedSliceOp | InsertStridedSliceOp) -> list[int]:
    """The op's offsets; an error unless every stride is 1."""
    strides = [a.value.data for a in op.strides.data]
    if any(s != 1 for s in strides):
        raise OpError(op, f"strides {strides} are not distributed (only unit strides)")
    return [a.value.data for a in op.offsets.data]


def _window(inner: Dist, j: int, outer: Dist, k: int, shift: list[int]) -> tuple[int, ...] | None:
    """The offset of tile ``j`` of ``inner`` inside tile ``k`` of ``outer`` (``inner`` start
    ``+ shift`` minus ``outer`` start), the same for every subgroup and inside; None otherwise."""
    local: tuple[int, ...] | None = None
    it, ot = inner.tile_shape, outer.tile_shape
    for s in range(outer.num_subgroups):
        i_st, o_st = inner.table[s][j], outer.table[s][k]
        lo = tuple(i_st[i] + shift[i] - o_st[i] for i in range(len(o_st)))
        inside = all(0 <= lo[i] and lo[i] + it[i] <= ot[i] for i in range(len(o_st)))
        if not inside or (local is not None and lo != local):
            return None
        local = lo
    return local


class ExtractStridedSlice:
    """Each result tile must lie inside one source tile of the same subgroup, at a local offset
    that is the same for every subgroup; it becomes an extract_strided_slice of that tile."""

    def check(self, op: ExtractStridedSliceOp, plan: Plan) -> WindowPlan:
        d = need_result_dist(op)
        ds = _checked_source(op, plan, d)
        offs = _unit_strides(op)
        full = offs + [0] * (len(ds.shape) - len(offs))
        out: list[Window] = []
        for k in range(d.ntiles):
            found = next(((j, w) for j in range(ds.ntiles) if (w := _window(d, k, ds, j, full)) is not None), None)
            if found is None:  # some subgroup needs data another one holds
                linear_slm.check(op, plan, prod(ds.shape), element_type(op.source), [ds], "the extract_strided_slice between subgroups")
                return WindowPlan((d,), slm=True)
            out.append(found)
        return WindowPlan((d,), windows=tuple(out))

    def rewrite(self, op: ExtractStridedSliceOp, env: Env, planned: WindowPlan) -> None:
        d, ds = env.dist[op.result], env.dist[op.source]
        tiles = env.vmap[op.source]
        if planned.slm:
            elt = element_type(op.source)
            md = linear_slm.alloc(env, op, prod(ds.shape), elt)
            linear_slm.store(env, md, ds, tiles, ds.shape, elt)
            slm.barrier(env)
            offs = [a.value.data for a in op.offsets.data]
            env.vmap[op.result] = linear_slm.load(env, md, d, ds.shape, elt, offs)
            linear_slm.finish(env, op)
            return
        out = []
        for j, local in planned.windows:
            src = tiles[j]
            if local == (0,) * len(local) and d.tile_shape == ds.tile_shape:
                out.append(src)
                continue
            new = ExtractStridedSliceOp(src, list(local), list(d.tile_shape), [1] * len(local))
            new.attributes.update(sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.result] = out


class InsertStridedSlice:
    """The result is split like the destination; each tile of the inserted value must lie inside
    one result tile of the same subgroup, at a local offset that is the same for every subgroup,
    and the tiles of the value must cover what the inserted region covers of every result tile.
    Each result tile then is a chain of subgroup ``insert_strided_slice``."""

    def check(self, op: InsertStridedSliceOp, plan: Plan) -> WindowPlan:
        dd = plan.operand(op, 1, "the destination")
        d = result_dist(op) or dd
        dv = plan.operand(op, 0, "the inserted value")
        offs = _unit_strides(op)
        if len(dv.shape) != len(d.shape):
            raise OpError(op, f"inserting a rank-{len(dv.shape)} value into a rank-{len(d.shape)} vector is not distributed (equal ranks only)")
        try:
            return self._local(op, d, dd, dv, offs)
        except OpError:  # some subgroup needs data another one holds
            linear_slm.check(op, plan, prod(d.shape), element_type(op.dest), [dd, dv], "the insert_strided_slice between subgroups")
            return WindowPlan((d,), slm=True)

    def _local(self, op: InsertStridedSliceOp, d: Dist, dd: Dist, dv: Dist, offs: list[int]) -> WindowPlan:
        if not dd.same_distribution(d):
            raise OpError(op, f"the destination is distributed with {layout_text(dd.layout)} but the result with {layout_text(d.layout)}")
        if dv.num_subgroups != d.num_subgroups:
            raise OpError(op, f"the value has {dv.num_subgroups} subgroups ({layout_text(dv.layout)}) and the result {d.num_subgroups}")
        r = len(d.shape)
        vt, rt = dv.tile_shape, d.tile_shape
        out: list[tuple[Window, ...]] = []
        for k in range(d.ntiles):
            parts = [(j, w) for j in range(dv.ntiles) if (w := _window(dv, j, d, k, offs)) is not None]
            for s in range(d.num_subgroups):
                rs = d.table[s][k]
                overlap = prod(max(0, min(rs[i] + rt[i], offs[i] + dv.shape[i]) - max(rs[i], offs[i])) for i in range(r))
                if overlap != len(parts) * prod(vt):
                    raise OpError(
                        op,
                        f"result tile #{k} of subgroup {s} ({layout_text(d.layout)}) is not covered by whole tiles "
                        f"of the inserted value ({layout_text(dv.layout)}) that the subgroup holds",
                    )
            out.append(tuple(parts))
        dest = uniform_map(d, dd, lambda a, b: a == b)
        assert dest is not None
        return WindowPlan((d,), dest=tuple(dest), parts=tuple(out))

    def rewrite(self, op: InsertStridedSliceOp, env: Env, planned: WindowPlan) -> None:
        d, dv = env.dist[op.result], env.dist[op.value_to_store]
        dst, val = env.vmap[op.dest], env.vmap[op.value_to_store]
        if planned.slm:
            dd, elt = env.dist[op.dest], element_type(op.dest)
            md = linear_slm.alloc(env, op, prod(d.shape), elt)
            linear_slm.store(env, md, dd, dst, d.shape, elt)
            slm.barrier(env)
            linear_slm.store(env, md, dv, val, d.shape, elt, [a.value.data for a in op.offsets.data])
            slm.barrier(env)
            env.vmap[op.result] = linear_slm.load(env, md, d, d.shape, elt)
            linear_slm.finish(env, op)
            return
        out: list[SSAValue] = []
        for k, parts in enumerate(planned.parts):
            acc = dst[planned.dest[k]]
            for j, local in parts:
                if dv.tile_shape == d.tile_shape:
                    acc = val[j]
                    continue
                new = InsertStridedSliceOp(val[j], acc, list(local))
                new.attributes.update(sg_attrs(op))
                acc = env.emit(new).results[0]
            out.append(acc)
        env.vmap[op.result] = out


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {
    BroadcastOp: Broadcast(),
    StepOp: Step(),
    CreateMaskOp: CreateMask(),
    ConstantMaskOp: ConstantMask(),
    ShapeCastOp: ShapeCast(),
    TransposeOp: Transpose(),
    ExtractStridedSliceOp: ExtractStridedSlice(),
    InsertStridedSliceOp: InsertStridedSlice(),
}
