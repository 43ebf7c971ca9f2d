"""Block-descriptor and matrix ops: create_nd_tdesc, load_nd, store_nd, prefetch_nd,
update_nd_offset, load_matrix, store_matrix.

A descriptor value distributes like the data it describes (its type's layout). Offsets of tile
``k`` are ``original + tile_offset(k)`` on the trailing dims (offsets are right-aligned when the
memory has more dims than the descriptor). ``load_nd`` keeps ``transpose``/``packed`` and its
cache hints; the result tiles of a transposed load are matched to descriptor tiles through the
layout model.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.xegpu import offsets as idx
from wgdist.dialects.xegpu.layout_access import drop_sg_fields, value_layout
from wgdist.dialects.xegpu.ops_matrix import LoadMatrixOp, StoreMatrixOp
from wgdist.dialects.xegpu.ops_nd import (
    CreateNdTdescOp,
    LoadNdOp,
    PrefetchNdOp,
    StoreNdOp,
    UpdateNdOffsetOp,
)
from wgdist.dialects.xegpu.types import TensorDescType
from wgdist.layout import Layout
from wgdist.passes.distribute.common import (
    Dist,
    Env,
    describe,
    element_type,
    is_wg_attr,
    make_dist,
    per_tile,
    sg_attrs,
    shape_of,
    uniform_map,
)
from wgdist.passes.distribute.driver import Plan, register
from wgdist.passes.distribute.sg_ids import Index


def sg_tdesc_type(t: TensorDescType, d: Dist) -> TensorDescType:
    layout = t.layout
    rest = drop_sg_fields(layout) if is_wg_attr(layout) else None  # type: ignore[arg-type]
    return TensorDescType(d.tile_shape, t.element_type, t.encoding, rest)  # type: ignore[arg-type]


def tile_offsets(env: Env, d: Dist, original: Sequence[int | SSAValue], before: Operation) -> list[list[Index]]:
    """Per tile: the original offsets with the tile's offsets added to the trailing dims."""
    ids = env.ids
    r = len(d.shape)
    out: list[list[Index]] = []
    for toff in ids.tile_offsets(d, env.tile_base()):
        offs: list[Index] = list(original)
        lead = len(offs) - r
        for i in range(r):
            offs[lead + i] = ids.add(offs[lead + i], toff[i], before)
        out.append(offs)
    return out


def _layout_props(op: Operation, names: Sequence[str] = ("layout",)) -> dict[str, Attribute]:
    props = dict(op.properties)
    for n in names:
        if n in props:
            rest = drop_sg_fields(props[n])  # type: ignore[arg-type]
            if rest is None:
                del props[n]
            else:
                props[n] = rest
    return props


def _with_offsets(props: dict[str, Attribute], offsets: Sequence[Index] | None) -> tuple[dict[str, Attribute], list[SSAValue]]:
    props = dict(props)
    if offsets is None:
        return props, []
    static, dynamic = idx.split(offsets)
    props["const_offsets"] = idx.static_array(static)
    return dict(sorted(props.items())), dynamic


class CreateNd:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, CreateNdTdescOp)
        t = op.tdesc_type
        assert is_wg_attr(t.layout)
        return [make_dist(op, "the tensor_desc", t.get_shape(), t.layout)]  # type: ignore[arg-type]

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, CreateNdTdescOp)
        d = env.dist[op.result]
        new_t = sg_tdesc_type(op.tdesc_type, d)
        shape = op.mixed_sizes() if op.const_shape is not None else None
        strides = op.mixed_strides() if op.const_strides is not None else None

        def build(offsets: Sequence[Index] | None) -> SSAValue:
            new = CreateNdTdescOp(op.source, new_t, offsets, shape, strides, attributes=sg_attrs(op))
            return env.emit(new).results[0]

        if op.const_offsets is None:
            env.vmap[op.result] = [build(None)] * d.ntiles
        else:
            env.vmap[op.result] = [build(o) for o in tile_offsets(env, d, op.mixed_offsets(), op)]


def _permuted_layout(layout: Layout, perm: Sequence[int]) -> Layout:
    def p(v: tuple[int, ...] | None) -> tuple[int, ...] | None:
        return None if v is None else tuple(v[i] for i in perm)

    inv = [perm.index(i) for i in range(len(perm))]
    order = None if layout.order is None else tuple(inv[o] for o in layout.order)
    if order is None and layout.sg_layout is not None:
        order = tuple(inv[o] for o in layout.effective_order())
    return Layout(p(layout.sg_layout), p(layout.sg_data), p(layout.inst_data), p(layout.lane_layout), p(layout.lane_data), order)


def _fmt(offsets: Sequence[int | SSAValue]) -> str:
    def one(v: int | SSAValue) -> str:
        if isinstance(v, int):
            return str(v)
        return f"%{v.name_hint}" if v.name_hint else "<dynamic>"

    return "[" + ", ".join(one(v) for v in offsets) + "]"


def offsets_once(op: Operation, tdesc: SSAValue) -> None:
    """Offsets go on the descriptor (old style) or on the access (LLVM 22 style), not both:
    LLVM 22 accepts both and adds neither consistently, so the sum would be a guess."""
    if op.properties.get("const_offsets") is None:
        return
    src = tdesc.owner
    while isinstance(src, UpdateNdOffsetOp):
        src = src.operands[0].owner
    if isinstance(src, CreateNdTdescOp) and src.const_offsets is not None:
        raise OpError(
            op,
            f"has offsets {_fmt(op.mixed_offsets())} and its tensor_desc was created with offsets "  # type: ignore[attr-defined]
            f"{_fmt(src.mixed_offsets())}; give the offsets in one place (on the access, LLVM 22 style)",
        )


class LoadNd:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, LoadNdOp)
        dt = plan.operand(op, 0, "the tensor_desc")
        offsets_once(op, op.TensorDesc)
        if op.tdesc_type.array_length > 1:
            raise OpError(op, f"array_length {op.tdesc_type.array_length} descriptors are not distributed (only 1)")
        if op.packed is not None and op.transpose is not None:
            raise OpError(op, "a load_nd with both packed and transpose is not distributed")
        res_shape = shape_of(op.value)
        if op.packed is not None:
            f = res_shape[2]
            if dt.tile_shape[0] % f:
                raise OpError(op, f"packed load: the subgroup tile {list(dt.tile_shape)} has {dt.tile_shape[0]} rows, not a multiple of the packing factor {f}")
            return [Dist(dt.shape, dt.layout, packed=f)]
        perm = tuple(idx.static_values(op.transpose) or range(len(dt.shape)))
        attr = value_layout(op.value)
        if is_wg_attr(attr):
            dr = make_dist(op, "the result", res_shape, attr)  # type: ignore[arg-type]
        elif isinstance(dt.layout, Layout):
            dr = Dist(res_shape, _permuted_layout(dt.layout, perm))
        else:  # pragma: no cover - descriptors never carry slices
            raise OpError(op, "unexpected slice layout on a tensor_desc")
        self._map(op, dr, dt, perm)
        return [dr]

    @staticmethod
    def _map(op: Operation, dr: Dist, dt: Dist, perm: Sequence[int]) -> list[int]:
        if dr.tile_shape != tuple(dt.tile_shape[p] for p in perm):
            m = None
        else:
            m = uniform_map(dr, dt, lambda a, b: a == tuple(b[p] for p in perm))
        if m is None:
            what = "transposed " if list(perm) != sorted(perm) else ""
            raise OpError(
                op,
                f"the result layout {describe(dr.layout)} does not match the {what}tensor_desc layout "
                f"{describe(dt.layout)}: some subgroup would load data it does not own",
            )
        return m

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, LoadNdOp)
        dt, dr = env.dist[op.TensorDesc], env.dist[op.value]
        descs = env.vmap[op.TensorDesc]
        perm = tuple(idx.static_values(op.transpose) or range(len(dt.shape)))
        m = list(range(dt.ntiles)) if dr.packed else self._map(op, dr, dt, perm)
        offs = tile_offsets(env, dt, op.mixed_offsets(), op) if op.const_offsets is not None else None
        props = _layout_props(op)
        rtype = dr.sg_vector_type(op.value.type.element_type)  # type: ignore[attr-defined]
        out: list[SSAValue] = []
        for j in m:
            p, dyn = _with_offsets(props, offs[j] if offs is not None else None)
            new = LoadNdOp.create(operands=[descs[j], *dyn], result_types=[rtype], properties=p, attributes=sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.value] = out


def _store_map(op: Operation, dv: Dist, dt: Dist, what: str) -> list[int]:
    m = uniform_map(dt, dv, lambda a, b: a == b) if dv.tile_shape == dt.tile_shape and dv.packed == 0 else None
    if m is None:
        raise OpError(
            op,
            f"the {what} is distributed with {describe(dv.layout)} but the destination with "
            f"{describe(dt.layout)}: subgroups would store data they do not own (insert an "
            "xegpu.convert_layout)",
        )
    return m


class StoreNd:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, StoreNdOp)
        offsets_once(op, op.TensorDesc)
        _store_map(op, plan.operand(op, 0, "the stored value"), plan.operand(op, 1, "the tensor_desc"), "stored value")
        return []

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, StoreNdOp)
        dv, dt = env.dist[op.value], env.dist[op.TensorDesc]
        m = _store_map(op, dv, dt, "stored value")
        vals, descs = env.vmap[op.value], env.vmap[op.TensorDesc]
        offs = tile_offsets(env, dt, op.mixed_offsets(), op) if op.properties.get("const_offsets") is not None else None
        props = _layout_props(op)
        for k in range(dt.ntiles):
            p, dyn = _with_offsets(props, offs[k] if offs is not None else None)
            env.emit(StoreNdOp.create(operands=[vals[m[k]], descs[k], *dyn], properties=p, attributes=sg_attrs(op)))


class PrefetchNd:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, PrefetchNdOp)
        offsets_once(op, op.TensorDesc)
        plan.operand(op, 0, "the tensor_desc")
        return []

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, PrefetchNdOp)
        dt = env.dist[op.TensorDesc]
        descs = env.vmap[op.TensorDesc]
        offs = tile_offsets(env, dt, op.mixed_offsets(), op) if op.properties.get("const_offsets") is not None else None
        props = _layout_props(op)
        for k in range(dt.ntiles):
            p, dyn = _with_offsets(props, offs[k] if offs is not None else None)
            env.emit(PrefetchNdOp.create(operands=[descs[k], *dyn], properties=p, attributes=sg_attrs(op)))


class UpdateNd:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        return [plan.operand(op, 0, "the tensor_desc")]

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, UpdateNdOffsetOp)
        d = env.dist[op.result]
        delta = op.mixed_offsets()

        def build(args: list[SSAValue]) -> SSAValue:
            return env.emit(UpdateNdOffsetOp(args[0], delta, attributes=sg_attrs(op))).results[0]

        env.vmap[op.result] = per_tile(d.ntiles, [env.vmap[op.TensorDesc]], build)


class LoadMatrix:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        attr = value_layout(op.results[0])
        if not is_wg_attr(attr):
            raise OpError(op, "a load_matrix inside distributed code needs a workgroup `layout`")
        return [make_dist(op, "the result", shape_of(op.results[0]), attr)]  # type: ignore[arg-type]

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, LoadMatrixOp)
        d = env.dist[op.res]
        props = _layout_props(op)
        rtype = d.sg_vector_type(element_type(op.res))
        out: list[SSAValue] = []
        for offs in tile_offsets(env, d, op.mixed_offsets(), op):
            p, dyn = _with_offsets(props, offs)
            out.append(env.emit(LoadMatrixOp.create(operands=[op.mem_desc, *dyn], result_types=[rtype], properties=p, attributes=sg_attrs(op))).results[0])
        env.vmap[op.res] = out


class StoreMatrix:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        dv = plan.operand(op, 0, "the stored value")
        attr = op.properties.get("layout")
        if is_wg_attr(attr):
            _store_map(op, dv, make_dist(op, "the layout", dv.shape, attr), "stored value")  # type: ignore[arg-type]
        return []

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, StoreMatrixOp)
        d = env.dist[op.data]
        props = _layout_props(op)
        for k, offs in enumerate(tile_offsets(env, d, op.mixed_offsets(), op)):
            p, dyn = _with_offsets(props, offs)
            env.emit(StoreMatrixOp.create(operands=[env.vmap[op.data][k], op.mem_desc, *dyn], properties=p, attributes=sg_attrs(op)))


def register_all() -> None:
    register(["xegpu.create_nd_tdesc"], CreateNd())
    register(["xegpu.load_nd"], LoadNd())
    register(["xegpu.store_nd"], StoreNd())
    register(["xegpu.prefetch_nd"], PrefetchNd())
    register(["xegpu.update_nd_offset"], UpdateNd())
    register(["xegpu.load_matrix"], LoadMatrix())
    register(["xegpu.store_matrix"], StoreMatrix())


__all__ = ["VectorType", "register_all", "sg_tdesc_type", "tile_offsets"]
