"""Data movement between subgroups: xegpu.convert_layout and reductions.

* ``convert_layout`` whose two layouts give every subgroup the same tiles (same sg fields, or
  different spellings of the same split) needs no data movement: it becomes a subgroup
  ``convert_layout`` of the remaining inst/lane fields, or disappears. A conversion that moves
  data between subgroups (through shared local memory) is not implemented yet: a diagnostic.
* ``vector.multi_reduction``: reduced dims a subgroup holds entirely are reduced locally, tile
  by tile, chained through the matching accumulator tile. A reduction across subgroups (through
  shared local memory) is not implemented yet: a diagnostic.
"""

from __future__ import annotations

from math import prod

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.vector import MultiDimReductionOp
from wgdist.dialects.xegpu.layout_access import drop_sg_fields
from wgdist.dialects.xegpu.ops_compute import ConvertLayoutOp
from wgdist.passes.distribute.common import (
    Dist,
    Env,
    describe,
    is_wg_attr,
    make_dist,
    result_dist,
    sg_attrs,
    uniform_map,
)
from wgdist.passes.distribute.driver import Plan, register


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
        if _local_map(ds, d) is None:
            raise OpError(
                op,
                f"converting {describe(ds.layout)} to {describe(d.layout)} moves data between "
                "subgroups; the shared-local-memory exchange is not implemented yet",
            )
        return [d]

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, ConvertLayoutOp)
        ds, d = env.dist[op.source], env.dist[op.result]
        m = _local_map(ds, d)
        assert m is not None, "checked in the plan phase"
        tiles = [env.vmap[op.source][j] for j in m]
        src_rest = drop_sg_fields(op.input_layout)  # type: ignore[arg-type]
        dst_rest = drop_sg_fields(op.target_layout)  # type: ignore[arg-type]
        if src_rest is None or dst_rest is None or src_rest == dst_rest:
            env.vmap[op.result] = tiles
            return
        out: list[SSAValue] = []
        for t in tiles:
            new = ConvertLayoutOp(t, src_rest, dst_rest)
            out.append(env.emit(new).results[0])
        env.vmap[op.result] = out


def _local_map(ds: Dist, d: Dist) -> list[int] | None:
    if ds.tile_shape != d.tile_shape:
        return None
    return uniform_map(d, ds, lambda a, b: a == b)


class MultiReduction:
    """Subgroup-local reduction: every result tile is the chain of ``multi_reduction`` over
    the subgroup's source tiles that project onto it, starting from the matching acc tile."""

    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, MultiDimReductionOp)
        ds = plan.operand(op, 0, "the source")
        if not isinstance(op.dest.type, VectorType):
            raise OpError(op, "a reduction of a distributed vector to a scalar is not supported")
        d = result_dist(op)
        if d is None:
            da = plan.maybe(op.acc)
            if da is None:
                raise OpError(op, "the result (and the accumulator) need a workgroup layout, e.g. a #xegpu.slice of the source layout")
            d = da
        da = plan.operand(op, 1, "the accumulator")
        if not da.same_tiles(d):
            raise OpError(op, f"the accumulator is distributed with {describe(da.layout)} but the result with {describe(d.layout)}")
        self._groups(op, ds, d)
        return [d]

    @staticmethod
    def _groups(op: MultiDimReductionOp, ds: Dist, d: Dist) -> list[list[int]]:
        dims = set(op.get_reduction_dims())
        kept = [i for i in range(len(ds.shape)) if i not in dims]
        if [ds.tile_shape[i] for i in kept] != list(d.tile_shape):
            raise OpError(op, f"the source tile {list(ds.tile_shape)} and the result tile {list(d.tile_shape)} differ in the kept dims")
        need = prod(ds.shape[i] for i in dims)
        per = prod(ds.tile_shape[i] for i in dims)
        groups: list[list[int]] = []
        for k in range(d.ntiles):
            js: list[int] | None = None
            for s in range(d.num_subgroups):
                r = d.table[s][k]
                here = [j for j, t in enumerate(ds.table[s]) if [t[i] for i in kept] == list(r)]
                if js is None:
                    js = here
                if here != js or len({tuple(ds.table[s][j][i] for i in sorted(dims)) for j in here}) * per != need:
                    raise OpError(
                        op,
                        f"subgroups split a reduced dimension (source {describe(ds.layout)}): "
                        "cross-subgroup multi_reduction is not supported yet",
                    )
            assert js is not None
            groups.append(js)
        return groups

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, MultiDimReductionOp)
        ds, d = env.dist[op.source], env.dist[op.dest]
        src, acc = env.vmap[op.source], env.vmap[op.acc]
        dims = list(op.get_reduction_dims())
        out: list[SSAValue] = []
        for k, js in enumerate(self._groups(op, ds, d)):
            a = acc[k]
            for j in js:
                new = MultiDimReductionOp(op.kind, src[j], a, dims)
                new.attributes.update(sg_attrs(op))
                a = env.emit(new).results[0]
            out.append(a)
        env.vmap[op.dest] = out


def register_all() -> None:
    register(["xegpu.convert_layout"], ConvertLayout())
    register(["vector.multi_reduction"], MultiReduction())


__all__ = ["VectorType", "register_all"]
