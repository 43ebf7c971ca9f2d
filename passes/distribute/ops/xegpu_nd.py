"""Block-descriptor ops: create_nd_tdesc, load_nd, store_nd, prefetch_nd, update_nd_offset.

A descriptor value distributes like the data it describes (its type's layout). Layouts given
only on the ops (LLVM's current test style: ``load_nd``/``store_nd``/``prefetch_nd`` with
``layout = #xegpu.layout<...>`` and a descriptor type without one) are distributed directly:
the access's layout splits the descriptor for that access (:class:`NdPlan` ``own``), and the
subgroup descriptors are created next to the WG ``create_nd_tdesc``, once per distinct split
(a descriptor used under two layouts gets one set of descriptors per layout). Offsets of tile
``k`` are ``original + tile_offset(k)`` on the trailing dims (offsets are right-aligned when the
memory has more dims than the descriptor). ``load_nd`` keeps ``transpose``/``packed`` and its
cache hints; the result tiles of a transposed load are matched to descriptor tiles through the
layout model, in ``check``; ``rewrite`` emits the planned loads. A store whose layout shares
data writes each element once: only the replica the layout model's writer predicate picks
stores (:func:`~wgdist.passes.distribute.slm.writer_predicate`, hoisted to the function entry;
the stores sit in an ``scf.if`` on it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.ir import Operation, SSAValue

from wgdist.dialects.xegpu import (
    CreateNdTdescOp,
    LoadNdOp,
    PrefetchNdOp,
    StoreNdOp,
    UpdateNdOffsetOp,
)
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.ir.diagnostics import OpError
from wgdist.layout import Layout, inverse_permutation, layout_text, transpose_source_layout
from wgdist.passes.distribute.dist import (
    Dist,
    is_wg_attr,
    make_dist,
    shape_of,
    uniform_map_keyed,
)
from wgdist.passes.distribute.emit import (
    element_type,
    per_tile,
    sg_attrs,
    sg_props,
    sg_tdesc_type,
    tile_offsets,
    with_offsets,
)
from wgdist.passes.distribute.sg_ids import Index
from wgdist.passes.distribute.slm import emit_guarded, writer_predicate
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan, TilesPlan


def _access_offsets(env: Env, op: LoadNdOp | StoreNdOp | PrefetchNdOp, dt: Dist) -> list[list[Index]] | None:
    """Per descriptor tile, the access offsets (None: the access has none, the descriptor does)."""
    if op.const_offsets is None:
        return None
    return tile_offsets(env, dt, op.mixed_offsets(), op)


def _fmt(offsets: Sequence[int | SSAValue]) -> str:
    def one(v: int | SSAValue) -> str:
        if isinstance(v, int):
            return str(v)
        return f"%{v.name_hint}" if v.name_hint else "<dynamic>"

    return "[" + ", ".join(one(v) for v in offsets) + "]"


def offsets_once(op: LoadNdOp | StoreNdOp | PrefetchNdOp) -> None:
    """Offsets go on the descriptor (old style) or on the access (LLVM 22 style), not both:
    LLVM 22 accepts both and adds neither consistently, so the sum would be a guess."""
    if op.const_offsets is None:
        return
    src = op.TensorDesc.owner
    while isinstance(src, UpdateNdOffsetOp):
        src = src.TensorDesc.owner
    if isinstance(src, CreateNdTdescOp) and src.const_offsets is not None:
        raise OpError(
            op,
            f"has offsets {_fmt(op.mixed_offsets())} and its tensor_desc was created with offsets "
            f"{_fmt(src.mixed_offsets())}; give the offsets in one place (on the access, LLVM 22 style)",
        )


def _same(start: tuple[int, ...]) -> tuple[int, ...]:
    return start


def store_map(op: Operation, dv: Dist, dt: Dist, what: str) -> list[int]:
    """Tile ``k`` of the destination takes tile ``m[k]`` of the stored value (the same data in
    every subgroup), or an error naming both layouts."""
    m = uniform_map_keyed(dt, dv, _same, _same) if dv.tile_shape == dt.tile_shape and dv.packed == 0 else None
    if m is None:
        raise OpError(
            op,
            f"the {what} is distributed with {layout_text(dv.layout)} but the destination with "
            f"{layout_text(dt.layout)}: subgroups would store data they do not own (insert an "
            "xegpu.convert_layout)",
        )
    return m


def _sg_descs(env: Env, op: CreateNdTdescOp, d: Dist) -> list[SSAValue]:
    """The subgroup descriptors of ``op`` split by ``d``, emitted before ``env.current``."""
    new_t = sg_tdesc_type(op.tdesc_type, d)
    shape = op.mixed_sizes() if op.const_shape is not None else None
    strides = op.mixed_strides() if op.const_strides is not None else None

    def build(offsets: Sequence[Index] | None) -> SSAValue:
        new = CreateNdTdescOp(op.source, new_t, offsets, shape, strides, attributes=sg_attrs(op))
        return env.emit(new).results[0]

    if op.const_offsets is None:
        return [build(None)] * d.ntiles
    return [build(o) for o in tile_offsets(env, d, op.mixed_offsets(), op)]


class CreateNd:
    def check(self, op: CreateNdTdescOp, plan: Plan) -> OpPlan:
        t = op.tdesc_type
        assert is_wg_attr(t.layout)
        return OpPlan((make_dist(op, "the tensor_desc", t.get_shape(), t.layout),))

    def rewrite(self, op: CreateNdTdescOp, env: Env, planned: OpPlan) -> None:
        env.vmap[op.result] = _sg_descs(env, op, env.dist[op.result])


@dataclass(frozen=True)
class NdPlan(TilesPlan):
    """``own``: how the access's own ``layout`` splits a descriptor whose type has no layout
    (None: the descriptor is a distributed WG value)."""

    own: Dist | None = None


def desc_dist(op: LoadNdOp | StoreNdOp | PrefetchNdOp, plan: Plan) -> tuple[Dist, Dist | None]:
    """The descriptor's split for this access, and the same when it comes from the access's own
    layout (the descriptor type has none), else None."""
    d = plan.maybe(op.TensorDesc)
    if d is not None:
        return d, None
    t = op.tdesc_type
    if is_wg_attr(op.layout) and not is_wg_attr(t.layout):
        src = op.TensorDesc.owner
        if not isinstance(src, CreateNdTdescOp):
            what = f"'{src.name}'" if isinstance(src, Operation) else "a block argument"
            raise OpError(
                op,
                f"has a workgroup layout but its tensor_desc ({t}) has none and comes from {what}: "
                "a descriptor without a layout is distributed by its accesses' layouts only when it "
                "comes directly from xegpu.create_nd_tdesc (give the descriptor type the layout)",
            )
        if isinstance(op, LoadNdOp) and op.transpose is not None:
            raise OpError(op, "a transposed load_nd needs the layout on its tensor_desc type (the op's layout describes the result)")
        own = make_dist(op, "the tensor_desc (split by the op's layout)", t.get_shape(), op.layout)
        return own, own
    return plan.operand(op, 0, "the tensor_desc"), None


def _descs(env: Env, op: LoadNdOp | StoreNdOp | PrefetchNdOp, own: Dist | None) -> list[SSAValue]:
    """The subgroup descriptors an access uses (made next to the WG descriptor on first use)."""
    if own is None:
        return env.vmap[op.TensorDesc]
    key = (op.TensorDesc, own)
    if key not in env.own_descs:
        create = op.TensorDesc.owner
        assert isinstance(create, CreateNdTdescOp)
        here = env.current
        env.base.setdefault(create, env.tile_base())
        env.current = create
        env.own_descs[key] = _sg_descs(env, create, own)
        env.current = here
    return env.own_descs[key]


class LoadNd:
    def check(self, op: LoadNdOp, plan: Plan) -> NdPlan:
        dt, own = desc_dist(op, plan)
        offsets_once(op)
        if op.tdesc_type.array_length > 1:
            raise OpError(op, f"array_length {op.tdesc_type.array_length} descriptors are not distributed (only 1)")
        if op.packed is not None and op.transpose is not None:
            raise OpError(op, "a load_nd with both packed and transpose is not distributed")
        res_shape = shape_of(op.value)
        if op.packed is not None:
            f = res_shape[2]
            if dt.tile_shape[0] % f:
                raise OpError(op, f"packed load: the subgroup tile {list(dt.tile_shape)} has {dt.tile_shape[0]} rows, not a multiple of the packing factor {f}")
            return NdPlan((Dist(dt.shape, dt.layout, packed=f),), tuple(range(dt.ntiles)), own)
        perm = op.effective_transpose() or tuple(range(len(dt.shape)))
        attr = value_layout(op.value)
        if is_wg_attr(attr):
            dr = make_dist(op, "the result", res_shape, attr)
        elif isinstance(dt.layout, Layout):
            dr = Dist(res_shape, transpose_source_layout(dt.layout, inverse_permutation(perm)))
        else:  # pragma: no cover - descriptors never carry slices
            raise OpError(op, "unexpected slice layout on a tensor_desc")
        src_key = _same if list(perm) == sorted(perm) else (lambda b: tuple(b[p] for p in perm))
        m = uniform_map_keyed(dr, dt, _same, src_key) if dr.tile_shape == tuple(dt.tile_shape[p] for p in perm) else None
        if m is None:
            what = "transposed " if list(perm) != sorted(perm) else ""
            raise OpError(
                op,
                f"the result layout {layout_text(dr.layout)} does not match the {what}tensor_desc layout "
                f"{layout_text(dt.layout)}: some subgroup would load data it does not own",
            )
        return NdPlan((dr,), tuple(m), own)

    def rewrite(self, op: LoadNdOp, env: Env, planned: NdPlan) -> None:
        dt, dr = planned.own or env.dist[op.TensorDesc], env.dist[op.value]
        descs = _descs(env, op, planned.own)
        offs = _access_offsets(env, op, dt)
        props = sg_props(op)
        if op.effective_transpose() is None:
            props.pop("transpose", None)  # an ignored transpose (LLVM 22) is not carried to the tiles
        rtype = dr.sg_vector_type(element_type(op.value))
        out: list[SSAValue] = []
        for j in planned.tiles:
            p, dyn = with_offsets(props, offs[j] if offs is not None else None)
            new = LoadNdOp.create(operands=[descs[j], *dyn], result_types=[rtype], properties=p, attributes=sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.value] = out


class StoreNd:
    def check(self, op: StoreNdOp, plan: Plan) -> NdPlan:
        offsets_once(op)
        dv = plan.operand(op, 0, "the stored value")
        dt, own = desc_dist(op, plan)
        return NdPlan((), tuple(store_map(op, dv, dt, "stored value")), own)

    def rewrite(self, op: StoreNdOp, env: Env, planned: NdPlan) -> None:
        dt = planned.own or env.dist[op.TensorDesc]
        vals, descs = env.vmap[op.value], _descs(env, op, planned.own)
        offs = _access_offsets(env, op, dt)
        props = sg_props(op)
        stores: list[Operation] = []
        for k, j in enumerate(planned.tiles):
            p, dyn = with_offsets(props, offs[k] if offs is not None else None)
            stores.append(StoreNdOp.create(operands=[vals[j], descs[k], *dyn], properties=p, attributes=sg_attrs(op)))
        emit_guarded(env, writer_predicate(env, dt), stores)


class PrefetchNd:
    def check(self, op: PrefetchNdOp, plan: Plan) -> NdPlan:
        offsets_once(op)
        _, own = desc_dist(op, plan)
        return NdPlan(own=own)

    def rewrite(self, op: PrefetchNdOp, env: Env, planned: NdPlan) -> None:
        dt = planned.own or env.dist[op.TensorDesc]
        descs = _descs(env, op, planned.own)
        offs = _access_offsets(env, op, dt)
        props = sg_props(op)
        for k in range(dt.ntiles):
            p, dyn = with_offsets(props, offs[k] if offs is not None else None)
            env.emit(PrefetchNdOp.create(operands=[descs[k], *dyn], properties=p, attributes=sg_attrs(op)))


class UpdateNd:
    def check(self, op: UpdateNdOffsetOp, plan: Plan) -> OpPlan:
        return OpPlan((plan.operand(op, 0, "the tensor_desc"),))

    def rewrite(self, op: UpdateNdOffsetOp, env: Env, planned: OpPlan) -> None:
        d = env.dist[op.result]
        delta = op.mixed_offsets()

        def build(args: list[SSAValue]) -> SSAValue:
            return env.emit(UpdateNdOffsetOp(args[0], delta, attributes=sg_attrs(op))).results[0]

        env.vmap[op.result] = per_tile(d.ntiles, [env.vmap[op.TensorDesc]], build)


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {
    CreateNdTdescOp: CreateNd(),
    LoadNdOp: LoadNd(),
    StoreNdOp: StoreNd(),
    PrefetchNdOp: PrefetchNd(),
    UpdateNdOffsetOp: UpdateNd(),
}
