"""Data-preserving vector ops whose data must move between subgroups, through shared local
memory laid out *linearly*: the WG value is one ``1 x N`` SLM matrix in row-major element order.

A tile is a list of *runs*: stretches of elements that are consecutive both in the tile and in
the row-major order of the WG shape (the last dim, merged with the trailing dims the tile spans
whole). Each run is one ``store_matrix``/``load_matrix`` of a ``1 x L`` row at its linear index.
That one picture serves every op whose result element ``i`` is a source element at a fixed
position:

* ``shape_cast``: the same linear index (the source is stored under the source shape, the
  result tiles loaded under the result shape);
* ``extract_strided_slice`` (unit strides): the result tile at ``r`` reads the source at
  ``r + offsets``;
* ``insert_strided_slice`` (unit strides): the destination stored, a barrier, the inserted value
  stored at ``offsets`` on top of it, a barrier, the result tiles loaded.

Stores of shared tiles are written by one replica (the writer predicate,
:mod:`wgdist.passes.distribute.slm`), a ``gpu.barrier`` separates stores from loads, and inside
a loop a second barrier follows the loads. ``32x32`` ``[4, 1]/[8, 32]`` cast to ``1024``
``[4]/[64]``... (the cast that no tile correspondence explains)::

    %md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<1x1024xf32>
    %f  = vector.shape_cast %t : vector<8x32xf32> to vector<1x256xf32>   // the tile, one run
    xegpu.store_matrix %f, %md[0, %lin] ...
    gpu.barrier
    %l  = xegpu.load_matrix %md[0, %lin2] ... -> vector<1x64xf32>
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import prod

from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.passes.distribute import slm
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.sg_ids import Index
from wgdist.passes.distribute.state import Env, Plan

Shape = tuple[int, ...]


def check(op: Operation, plan: Plan, n: int, elt: Attribute, stored: Sequence[Dist], what: str) -> None:
    """What a linear exchange of ``n`` elements needs (:func:`.slm.check_exchange`)."""
    slm.check_exchange(op, plan, stored, 1, n, elt, what)


def _shape_runs(shape: Shape, tile: Shape) -> tuple[int, int]:
    """``(k, L)``: runs are indexed by the tile's first ``k`` dims and have ``L`` elements."""
    r = len(shape)
    k = r - 1
    length = tile[-1] if tile else 1
    while k > 0 and tile[k] == shape[k]:
        length *= tile[k - 1]
        k -= 1
    return k, length


def _runs(env: Env, shape: Shape, tile: Shape, starts: Sequence[Index]) -> list[Index]:
    """The linear index in ``shape`` of each run of the tile at ``starts`` (row-major run order)."""
    k, _ = _shape_runs(shape, tile)
    weights = [prod(shape[i + 1:]) for i in range(len(shape))]
    ids = env.ids
    out: list[Index] = []
    for idx in itertools.product(*(range(t) for t in tile[:k])):
        lin: Index = 0
        for i in range(len(shape)):
            st = ids.add(starts[i], idx[i], env.current) if i < k else starts[i]
            lin = ids.add(lin, ids.mul(st, weights[i]), env.current)
        out.append(lin)
    return out


def alloc(env: Env, op: Operation, n: int, elt: Attribute) -> SSAValue:
    return slm.alloc_matrix(env, 1, n, elt, slm.element_bytes(op, elt))


def _shifted(env: Env, starts: Sequence[Index], shift: Sequence[int]) -> list[Index]:
    return [env.ids.add(s, c, env.current) if c else s for s, c in zip(starts, list(shift) + [0] * (len(starts) - len(shift)))]


def store(env: Env, md: SSAValue, d: Dist, tiles: Sequence[SSAValue], shape: Shape, elt: Attribute,
          shift: Sequence[int] = ()) -> None:
    """The tiles of ``d`` (one writer per shared tile), each at its start ``+ shift`` in ``shape``."""
    ops: list[Operation] = []
    _, length = _shape_runs(shape, d.tile_shape)
    nruns = prod(d.tile_shape) // length
    for tile, starts in zip(tiles, env.ids.tile_offsets(d, env.tile_base())):
        lins = _runs(env, shape, d.tile_shape, _shifted(env, starts, shift))
        ops += slm.store_tile(env, md, tile, elt, (nruns, length), [(p, 1, 0, lin) for p, lin in enumerate(lins)])
    slm.emit_guarded(env, slm.writer_predicate(env, d), ops)


def load(env: Env, md: SSAValue, d: Dist, shape: Shape, elt: Attribute, shift: Sequence[int] = ()) -> list[SSAValue]:
    """The tiles of ``d``, each read at its start ``+ shift`` in ``shape``."""
    _, length = _shape_runs(shape, d.tile_shape)
    nruns = prod(d.tile_shape) // length
    out: list[SSAValue] = []
    for starts in env.ids.tile_offsets(d, env.tile_base()):
        lins = _runs(env, shape, d.tile_shape, _shifted(env, starts, shift))
        out.append(slm.load_tile(env, md, elt, (nruns, length), d.tile_shape, [(p, 1, 0, lin) for p, lin in enumerate(lins)]))
    return out


def finish(env: Env, op: Operation) -> None:
    slm.finish(env, op)
