"""``xegpu.convert_layout``.

* When both layouts give every subgroup the same tiles (same sg fields, or two spellings of one
  split) no data moves: a subgroup ``convert_layout`` of the remaining inst/lane fields per
  tile, or nothing.
* Otherwise through shared local memory (:mod:`.slm`), a matrix of the WG shape (``1 x N`` for a
  1-D value): every subgroup stores its tiles under the input layout at their starts (only one
  copy of shared data is written), ``gpu.barrier``, then loads its tiles under the target layout.
  Rank 1 and 2 values are exchanged (``xegpu.store_matrix``/``load_matrix`` need 2-D data).
"""

from __future__ import annotations

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.vector import ShapeCastOp
from wgdist.dialects.xegpu.layout_access import drop_sg_fields
from wgdist.dialects.xegpu.ops_compute import ConvertLayoutOp
from wgdist.dialects.xegpu.ops_matrix import LoadMatrixOp, StoreMatrixOp
from wgdist.passes.distribute import slm
from wgdist.passes.distribute.common import Dist, Env, describe, is_wg_attr, make_dist, uniform_map
from wgdist.passes.distribute.driver import Plan, register
from wgdist.passes.distribute.sg_ids import Index


def local_map(ds: Dist, d: Dist) -> list[int] | None:
    """Tile ``k`` of the target is tile ``j`` of the source for every subgroup (no movement)."""
    if ds.tile_shape != d.tile_shape:
        return None
    return uniform_map(d, ds, lambda a, b: a == b)


class ConvertLayout:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, ConvertLayoutOp)
        ds = plan.operand(op, 0, "the source")
        shape = ds.shape
        if not is_wg_attr(op.target_layout):
            raise OpError(op, "converts a distributed value to a subgroup-level layout; both layouts must have sg_layout")
        if is_wg_attr(op.input_layout):
            want = make_dist(op, "input_layout", shape, op.input_layout)  # type: ignore[arg-type]
            if not want.same_tiles(Dist(ds.shape, ds.layout)):
                raise OpError(op, f"the source is distributed with {describe(ds.layout)} but input_layout is {describe(want.layout)}")
        d = make_dist(op, "target_layout", shape, op.target_layout)  # type: ignore[arg-type]
        if local_map(ds, d) is None:
            if len(shape) not in (1, 2):
                raise OpError(
                    op,
                    f"converting {describe(ds.layout)} to {describe(d.layout)} moves data between "
                    f"subgroups; only rank 1 and 2 values are exchanged through shared local memory (rank {len(shape)})",
                )
            if ds.packed:  # pragma: no cover - convert_layout operands are never packed loads
                raise OpError(op, "cannot exchange a packed value")
            slm.check_exchange_context(op, plan)
            slm.element_bytes(op, op.source.type.element_type)  # type: ignore[attr-defined]
            slm.check_single_writer(op, ds)
        return [d]

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, ConvertLayoutOp)
        ds, d = env.dist[op.source], env.dist[op.result]
        m = local_map(ds, d)
        if m is None:
            env.vmap[op.result] = self._exchange(op, env, ds, d)
            return
        tiles = [env.vmap[op.source][j] for j in m]
        src_rest = drop_sg_fields(op.input_layout)  # type: ignore[arg-type]
        dst_rest = drop_sg_fields(op.target_layout)  # type: ignore[arg-type]
        if src_rest is None or dst_rest is None or src_rest == dst_rest:
            env.vmap[op.result] = tiles
            return
        env.vmap[op.result] = [env.emit(ConvertLayoutOp(t, src_rest, dst_rest)).results[0] for t in tiles]

    @staticmethod
    def _exchange(op: ConvertLayoutOp, env: Env, ds: Dist, d: Dist) -> list[SSAValue]:
        elt: Attribute = op.source.type.element_type  # type: ignore[attr-defined]
        ids = env.ids
        rank1 = len(ds.shape) == 1
        rows, cols = (1, ds.shape[0]) if rank1 else ds.shape
        md = slm.alloc_matrix(env, rows, cols, elt, slm.element_bytes(op, elt))

        def at(offs: tuple[Index, ...]) -> list[Index]:
            return [0, offs[0]] if rank1 else list(offs)

        def as2d(shape: tuple[int, ...]) -> list[int]:
            return [1, shape[0]] if rank1 else list(shape)

        stores: list[Operation] = []
        for tile, offs in zip(env.vmap[op.source], ids.tile_offsets(ds, env.tile_base())):
            if rank1:
                cast = ShapeCastOp(tile, VectorType(elt, as2d(ds.tile_shape)))
                stores.append(cast)
                tile = cast.results[0]
            stores.append(StoreMatrixOp(tile, md, at(offs)))
        slm.emit_guarded(env, slm.writer_predicate(env, ds), stores)
        slm.barrier(env)
        out: list[SSAValue] = []
        for offs in ids.tile_offsets(d, env.tile_base()):
            v = env.emit(LoadMatrixOp(md, at(offs), VectorType(elt, as2d(d.tile_shape)))).results[0]
            if rank1:
                v = env.emit(ShapeCastOp(v, VectorType(elt, d.tile_shape))).results[0]
            out.append(v)
        if slm.in_loop(op):
            slm.barrier(env)
        return out


def register_all() -> None:
    register(["xegpu.convert_layout"], ConvertLayout())


__all__ = ["ConvertLayout", "local_map", "register_all"]
