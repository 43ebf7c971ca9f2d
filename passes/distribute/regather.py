"""Tile correspondences of data-preserving reshapes (shape_cast, transpose).

:func:`reshape_map`: tile ``k`` of the result is the reshape of one whole source tile ``j``, the
same ``j`` for every subgroup.

:func:`run_plan`: shape_casts whose result tiles are assembled from pieces of several source
tiles. The propagation accepts a ``shape_cast`` source layout when every subgroup owns the same
elements on both sides (:func:`wgdist.layout.same_distribution` with ``shape_b``). That does not
mean tile ``k`` of the result is the cast of one whole source tile: ``32x32 [2,2]/[4,4]`` cast to ``4x8x32`` with
``[1,2,2]/[4,4,4]`` gives each subgroup the same rows, but one result tile takes a row run from
each of four source tiles. Such a cast is still subgroup-local. Each result tile is cut into runs
of consecutive elements (row-major) that are also consecutive in one source tile; a run is an
``extract_strided_slice`` of the flattened source tile, the runs are put together with
``insert_strided_slice`` and the flat result is cast to the tile shape:

    %f = vector.shape_cast %src_tile_j : vector<4x4xf32> to vector<16xf32>
    %r = vector.extract_strided_slice %f {offsets = [4], sizes = [4], strides = [1]}
    %acc1 = vector.insert_strided_slice %r, %acc0 {offsets = [12], strides = [1]}
    ...
    %t = vector.shape_cast %accN : vector<64xf32> to vector<4x4x4xf32>

The run plan is computed for every subgroup id and used only when it is the same for all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.vector import ExtractStridedSliceOp, InsertStridedSliceOp, ShapeCastOp
from wgdist.ir.diagnostics import OpError
from wgdist.layout import layout_text
from wgdist.passes.distribute.dist import Dist, uniform_map
from wgdist.passes.distribute.emit import dense_constant, sg_attrs
from wgdist.passes.distribute.state import Env

Run = tuple[int, int, int, int]
"""``(source tile j, offset in flattened tile j, offset in flattened result tile, length)``."""


def element_ids(shape: Sequence[int]) -> np.ndarray:
    """Each element of a value of ``shape`` named by its row-major index."""
    return np.arange(int(np.prod(shape))).reshape(shape)


def _block(arr: np.ndarray, start: Sequence[int], tile: Sequence[int]) -> np.ndarray:
    return arr[tuple(slice(o, o + t) for o, t in zip(start, tile))]


def reshape_map(op: Operation, ds: Dist, d: Dist, src_ids: np.ndarray, res_ids: np.ndarray,
                fn: Callable[[np.ndarray], np.ndarray], what: str) -> list[int]:
    """Tile ``k`` of the result is ``fn(tile j of the source)`` for every subgroup (an error
    naming both layouts otherwise). ``src_ids``/``res_ids`` name the elements (:func:`element_ids`)."""

    def match(r: tuple[int, ...], s: tuple[int, ...]) -> bool:
        a = fn(_block(src_ids, s, ds.tile_shape))
        b = _block(res_ids, r, d.tile_shape)
        return a.shape == b.shape and bool(np.array_equal(a, b))

    m = uniform_map(d, ds, match)
    if m is None:
        raise OpError(
            op,
            f"cannot distribute this {what}: the source is split with {layout_text(ds.layout)} and the "
            f"result with {layout_text(d.layout)}, so some subgroup's result tile is not the {what} of one "
            "of its own source tiles",
        )
    return m


def _runs_for(ds: Dist, d: Dist, src_ids: np.ndarray, res_ids: np.ndarray, s: int) -> list[list[Run]] | None:
    where: dict[int, tuple[int, int]] = {}
    for j, start in enumerate(ds.table[s]):
        for q, e in enumerate(_block(src_ids, start, ds.tile_shape).ravel().tolist()):
            where.setdefault(e, (j, q))
    out: list[list[Run]] = []
    for start in d.table[s]:
        runs: list[Run] = []
        for p, e in enumerate(_block(res_ids, start, d.tile_shape).ravel().tolist()):
            if e not in where:
                return None
            j, q = where[e]
            if runs and runs[-1][0] == j and runs[-1][1] + runs[-1][3] == q:
                rj, rq, rp, n = runs[-1]
                runs[-1] = (rj, rq, rp, n + 1)
            else:
                runs.append((j, q, p, 1))
        out.append(runs)
    return out


def run_plan(ds: Dist, d: Dist, src_ids: np.ndarray, res_ids: np.ndarray) -> list[list[Run]] | None:
    """Per result tile, the runs it is made of; None unless every subgroup has the same plan.

    ``src_ids``/``res_ids`` name each element of the WG source/result (equal names: same datum).
    """
    if ds.packed or d.packed or ds.num_subgroups != d.num_subgroups:
        return None
    plan = _runs_for(ds, d, src_ids, res_ids, 0)
    if plan is None:
        return None
    for s in range(1, d.num_subgroups):
        if _runs_for(ds, d, src_ids, res_ids, s) != plan:
            return None
    return plan


def emit_regather(
    env: Env, op: Operation, plan: list[list[Run]], ds: Dist, d: Dist, tiles: Sequence[SSAValue], elt: Attribute
) -> list[SSAValue]:
    """The result tiles of ``plan`` built from the source ``tiles`` (see the module docstring)."""
    src_n = int(np.prod(ds.tile_shape))
    res_n = int(np.prod(d.tile_shape))
    flat: dict[int, SSAValue] = {}
    cache: dict[tuple[Run, ...], SSAValue] = {}

    def flat_tile(j: int) -> SSAValue:
        if j not in flat:
            t = tiles[j]
            flat[j] = t if list(ds.tile_shape) == [src_n] else env.emit(ShapeCastOp(t, VectorType(elt, [src_n]))).results[0]
        return flat[j]

    def piece(j: int, q: int, n: int) -> SSAValue:
        if q == 0 and n == src_n:
            return flat_tile(j)
        return env.emit(ExtractStridedSliceOp(flat_tile(j), [q], [n], [1])).results[0]

    def final(v: SSAValue) -> SSAValue:
        if list(d.tile_shape) == [res_n]:
            return v
        cast = ShapeCastOp(v, VectorType(elt, d.tile_shape))
        cast.attributes.update(sg_attrs(op))
        return env.emit(cast).results[0]

    def build(runs: list[Run]) -> SSAValue:
        if len(runs) == 1:
            j, q, _, n = runs[0]
            return final(piece(j, q, n))
        acc = env.ids.splat(lambda: dense_constant(elt, [res_n], [0]), ("zero", str(elt), (res_n,)))
        for j, q, p, n in runs:
            acc = env.emit(InsertStridedSliceOp(piece(j, q, n), acc, [p], [1])).results[0]
        return final(acc)

    out: list[SSAValue] = []
    for runs in plan:
        key = tuple(runs)
        if key not in cache:
            cache[key] = build(runs)
        out.append(cache[key])
    return out
