"""``xegpu.convert_layout``.

* When both layouts give every subgroup the same tiles (same sg fields, or two spellings of one
  split) no data moves: a subgroup ``convert_layout`` of the remaining inst/lane fields per
  tile, or nothing.
* When every subgroup holds the same elements under both layouts but in other tiles (e.g.
  one subgroup, ``[1]/[8]`` to ``[1]/[32]``): regathered inside the subgroup
  (:mod:`wgdist.passes.distribute.regather`), no data between subgroups.
* Otherwise through shared local memory (:mod:`wgdist.passes.distribute.slm`): every
  subgroup stores its tiles under the input layout at their starts (only one copy of shared
  data is written), ``gpu.barrier``, then loads its tiles under the target layout.

``check`` decides which of the two (and, without movement, which source tile is which target
tile); ``rewrite`` follows it.

The SLM matrix is the WG value flattened to 2-D (``xegpu.store_matrix``/``load_matrix`` move
2-D data): all dims but the last become rows, the last the columns (``1 x N`` for a 1-D value,
the value itself for 2-D). A tile is a set of row blocks: its rows are contiguous across the
trailing leading dims the tile spans whole, so a ``[2, 4, 8]`` tile of ``4x8x8`` is two blocks of
4 rows (one per index of dim 0), a ``[1, 8, 4]`` tile one block of 8 rows. Each block is one
``store_matrix`` of a row slice of the tile (``vector.shape_cast`` to 2-D, then
``vector.extract_strided_slice`` when there are several blocks) and one ``load_matrix``, put
back together with ``vector.insert_strided_slice``.

``4x8x8`` from ``[2, 2, 1] x [2, 4, 8]`` to ``[1, 2, 2] x [4, 4, 4]``::

    %md = xegpu.create_mem_desc %slm : memref<1024xi8, 3> -> !xegpu.mem_desc<32x8xf32>
    %f  = vector.shape_cast %v0 : vector<2x4x8xf32> to vector<8x8xf32>
    %p0 = vector.extract_strided_slice %f {offsets = [0, 0], sizes = [4, 8], strides = [1, 1]}
    xegpu.store_matrix %p0, %md[%r0, 0] ...          // rows (2 * x + 0) * 8 + 4 * y
    %p1 = vector.extract_strided_slice %f {offsets = [4, 0], sizes = [4, 8], strides = [1, 1]}
    xegpu.store_matrix %p1, %md[%r1, 0] ...          // rows (2 * x + 1) * 8 + 4 * y
    gpu.barrier
    %l0 = xegpu.load_matrix %md[%q0, %c4] ... -> vector<4x4xf32>   // one block per dim-0 index
    ...
    %a  = vector.insert_strided_slice %l0, %zero {offsets = [0, 0], strides = [1, 1]}
    ...
    %w0 = vector.shape_cast %a3 : vector<16x4xf32> to vector<4x4x4xf32>
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import prod
from typing import Any

from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.xegpu import ConvertLayoutOp
from wgdist.dialects.xegpu.layout_access import drop_sg_fields
from wgdist.ir.diagnostics import OpError
from wgdist.layout import layout_text
from wgdist.passes.distribute import slm
from wgdist.passes.distribute.dist import Dist, is_wg_attr, make_dist, uniform_map
from wgdist.passes.distribute.emit import element_type
from wgdist.passes.distribute.regather import Run, element_ids, emit_regather, run_plan
from wgdist.passes.distribute.sg_ids import Index
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


@dataclass(frozen=True)
class ConvertPlan(OpPlan):
    """``tiles[k]``: the source tile that is target tile ``k`` in every subgroup (no data
    moves); None: the value is exchanged through shared local memory."""

    tiles: tuple[int, ...] | None = None
    runs: tuple[tuple[Run, ...], ...] | None = None
    """Without ``tiles``: the subgroup-local regather plan when every subgroup holds the same
    elements under both layouts (:func:`wgdist.passes.distribute.regather.run_plan`); None
    with no ``tiles`` either: through SLM."""


def _local_map(ds: Dist, d: Dist) -> list[int] | None:
    """Tile ``k`` of the target is tile ``j`` of the source for every subgroup (no movement)."""
    if ds.tile_shape != d.tile_shape:
        return None
    return uniform_map(d, ds, lambda a, b: a == b)


class ConvertLayout:
    def check(self, op: ConvertLayoutOp, plan: Plan) -> ConvertPlan:
        ds = plan.operand(op, 0, "the source")
        shape = ds.shape
        if not is_wg_attr(op.target_layout):
            raise OpError(op, "converts a distributed value to a subgroup-level layout; both layouts must have sg_layout")
        if is_wg_attr(op.input_layout):
            want = make_dist(op, "input_layout", shape, op.input_layout)
            if not want.same_distribution(Dist(ds.shape, ds.layout)):
                raise OpError(op, f"the source is distributed with {layout_text(ds.layout)} but input_layout is {layout_text(want.layout)}")
        d = make_dist(op, "target_layout", shape, op.target_layout)
        m = _local_map(ds, d)
        if m is not None:
            return ConvertPlan((d,), tuple(m))
        ids = element_ids(shape)
        runs = run_plan(ds, d, ids, ids)
        if runs is not None:
            return ConvertPlan((d,), None, tuple(tuple(r) for r in runs))
        check_exchange(op, plan, ds, element_type(op.source), "converting the layout")
        return ConvertPlan((d,), None)

    def rewrite(self, op: ConvertLayoutOp, env: Env, planned: ConvertPlan) -> None:
        ds, d = env.dist[op.source], env.dist[op.result]
        if planned.runs is not None:
            runs = [list(r) for r in planned.runs]
            env.vmap[op.result] = emit_regather(env, op, runs, ds, d, env.vmap[op.source], element_type(op.source))
            return
        if planned.tiles is None:
            env.vmap[op.result] = exchange(op, env, ds, d, env.vmap[op.source], element_type(op.source))
            return
        tiles = [env.vmap[op.source][j] for j in planned.tiles]
        src_rest = drop_sg_fields(op.input_layout)
        dst_rest = drop_sg_fields(op.target_layout)
        if src_rest is None or dst_rest is None or src_rest == dst_rest:
            env.vmap[op.result] = tiles
            return
        env.vmap[op.result] = [env.emit(ConvertLayoutOp(t, src_rest, dst_rest)).results[0] for t in tiles]


def check_exchange(op: Operation, plan: Plan, ds: Dist, elt: Attribute, what: str) -> None:
    """What an :func:`exchange` of a value split as ``ds`` needs: every subgroup at the barrier,
    the SLM matrix within the budget, one writer per shared tile (located errors otherwise)."""
    slm.check_exchange(op, plan, [ds], *flat_2d(ds.shape), elt, what)


def exchange(op: Operation, env: Env, ds: Dist, d: Dist, source: list[SSAValue], elt: Attribute) -> list[SSAValue]:
    """The tiles of ``d``, through SLM, from the ``source`` tiles split as ``ds`` (before
    ``op``): the source tiles stored (one writer per shared tile) as row blocks of the
    flattened value, a barrier, the target tiles loaded (and a second barrier inside a loop)."""
    ids = env.ids
    rows, cols = flat_2d(ds.shape)
    md = slm.alloc_matrix(env, rows, cols, elt, slm.element_bytes(op, elt))

    stores: list[Operation] = []
    for tile, offs in zip(source, ids.tile_offsets(ds, env.tile_base())):
        blocks = [(first, nrows, row, offs[-1]) for first, nrows, row in row_blocks(env, ds.shape, ds.tile_shape, offs)]
        stores += slm.store_tile(env, md, tile, elt, flat_2d(ds.tile_shape), blocks)
    slm.emit_guarded(env, slm.writer_predicate(env, ds), stores)
    slm.barrier(env)
    out: list[SSAValue] = []
    for offs in ids.tile_offsets(d, env.tile_base()):
        blocks = [(first, nrows, row, offs[-1]) for first, nrows, row in row_blocks(env, d.shape, d.tile_shape, offs)]
        out.append(slm.load_tile(env, md, elt, flat_2d(d.tile_shape), d.tile_shape, blocks))
    slm.finish(env, op)
    return out


def flat_2d(shape: tuple[int, ...]) -> tuple[int, int]:
    """``shape`` as the 2-D SLM matrix: the leading dims as rows, the last as columns."""
    return prod(shape[:-1]), shape[-1]


def row_blocks(env: Env, shape: tuple[int, ...], tile: tuple[int, ...], starts: tuple[Index, ...]) -> list[tuple[int, int, Index]]:
    """The row blocks of the tile at ``starts`` in the flattened matrix of ``shape``: per block
    ``(first row within the flattened tile, rows, matrix row)``. The leading dims after ``j``
    that the tile spans whole keep rows contiguous, so blocks run over the indices of the
    leading dims before ``j``."""
    lead = len(shape) - 1
    weights = [prod(shape[i + 1 : lead]) for i in range(lead)]
    j = lead - 1
    while j > 0 and tile[j] == shape[j]:
        j -= 1
    nrows = prod(tile[max(j, 0) : lead]) if lead else 1
    ids = env.ids
    out: list[tuple[int, int, Index]] = []
    for p, idx in enumerate(itertools.product(*(range(t) for t in tile[: max(j, 0)]))):
        row: Index = 0
        for i in range(lead):
            start = ids.add(starts[i], idx[i], env.current) if i < len(idx) else starts[i]
            row = ids.add(row, ids.mul(start, weights[i]), env.current)
        out.append((p * nrows, nrows, row))
    return out


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {ConvertLayoutOp: ConvertLayout()}
