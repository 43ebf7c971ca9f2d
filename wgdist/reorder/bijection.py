"""A pair of index expressions as a map of an ``nx x ny`` grid: chunked evaluation, bijectivity.

:func:`remap_ids` evaluates ``(new_x, new_y)`` for a set of dispatch ids; :func:`check_bijection`
proves a map bijective chunk by chunk, in memory bounded by one byte per workgroup, and says which
ids collide when it is not. numpy is imported inside the functions, so importing the package (and
with it ``wgdist-opt``) stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wgdist.reorder.expr import Expr, evaluate


def remap_ids(exprs: tuple[Expr, Expr], nx: int, ny: int, ids: Any) -> Any:
    """``(new_x, new_y)`` as int64 arrays for the dispatch ids ``ids`` (an array of them)."""
    import numpy as np

    f = np.asarray(ids, dtype=np.uint64)
    env = {"bx": f % np.uint64(nx), "by": f // np.uint64(nx), "nx": nx, "ny": ny}
    new_x, new_y = evaluate(exprs, env)
    return (
        np.broadcast_to(new_x, f.shape).astype(np.int64),
        np.broadcast_to(new_y, f.shape).astype(np.int64),
    )


# The proof holds one byte per workgroup (a map of the tiles seen) plus one chunk of ids at a time:
# 16 MB and a few seconds at the limit (4096x4096). GEMM grids are far smaller (a 65536^3 GEMM
# with 64x64 tiles is 1024x1024).
MAX_PROOF_WORKGROUPS = 1 << 24
PROOF_CHUNK = 1 << 16


@dataclass(frozen=True)
class Proof:
    """Outcome of :func:`prove_bijection`: ``error`` is None for a bijection."""

    error: str | None
    identity: bool


def bijection_error(new_x: Any, new_y: Any, nx: int, ny: int) -> str | None:
    """None if ``f -> (new_x[f], new_y[f])`` is a bijection of the grid, else why not."""
    import numpy as np

    xs, ys = np.asarray(new_x, dtype=np.int64), np.asarray(new_y, dtype=np.int64)
    if xs.shape != (nx * ny,) or ys.shape != (nx * ny,):
        return f"the mapping has {xs.size} ids, the {nx}x{ny} grid {nx * ny}"
    return check_bijection(lambda a, b: (xs[a:b], ys[a:b]), nx, ny).error


def check_bijection(chunk: Callable[[int, int], Any], nx: int, ny: int) -> Proof:
    """Bijection proof over ``chunk(start, stop) -> (new_x, new_y)`` (int64 arrays)."""
    import numpy as np

    total = nx * ny
    seen = np.zeros(total, dtype=np.bool_)
    identity = True
    for start in range(0, total, PROOF_CHUNK):
        stop = min(start + PROOF_CHUNK, total)
        xs, ys = chunk(start, stop)
        for vals, size, name, what in ((xs, nx, "x", "columns"), (ys, ny, "y", "rows")):
            bad = np.nonzero((vals < 0) | (vals >= size))[0]
            if bad.size:
                f = start + int(bad[0])
                return Proof(
                    f"dispatch id {f} maps to {name} = {int(vals[bad[0]])}, outside the grid's "
                    f"{size} {what}",
                    False,
                )
        tiles = xs + ys * nx
        identity = identity and bool(np.array_equal(tiles, np.arange(start, stop)))
        seen[tiles] = True
    if bool(seen.all()):  # T ids onto T tiles, all of them hit: a bijection
        return Proof(None, identity)
    missing = total - int(np.count_nonzero(seen))
    seen[:] = False
    for start in range(0, total, PROOF_CHUNK):  # the first id whose tile was already taken
        xs, ys = chunk(start, min(start + PROOF_CHUNK, total))
        tiles = xs + ys * nx
        repeat = seen[tiles]
        _, first = np.unique(tiles, return_index=True)
        repeat[np.setdiff1d(np.arange(tiles.size), first)] = True
        if repeat.any():
            p = int(np.argmax(repeat))
            tile = int(tiles[p])
            earlier = _first_id_of(chunk, tile, nx, start + p)
            return Proof(
                f"dispatch ids {earlier} and {start + p} both map to tile ({tile % nx}, "
                f"{tile // nx}); {missing} of {total} tiles are never computed",
                False,
            )
        seen[tiles] = True
    raise AssertionError("a tile is missing but no id repeats one")


def _first_id_of(chunk: Callable[[int, int], Any], tile: int, nx: int, stop: int) -> int:
    import numpy as np

    for start in range(0, stop, PROOF_CHUNK):
        xs, ys = chunk(start, min(start + PROOF_CHUNK, stop))
        hit = np.nonzero(xs + ys * nx == tile)[0]
        if hit.size:
            return start + int(hit[0])
    raise AssertionError(f"tile {tile} has no earlier id")
