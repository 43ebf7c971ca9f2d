"""Which tiles, and so which elements, each subgroup holds under a layout."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import prod

from wgdist.layout.grid import delinearize
from wgdist.layout.model import AnyLayout, LayoutError, Shape
from wgdist.layout.validity import distribution_errors, sg_dims


def rounds(shape: Sequence[int], sg_layout: Sequence[int], sg_data: Sequence[int]) -> Shape:
    """Tiles per subgroup along each dimension (``max(1, t // L)``)."""
    return tuple(max(1, (n // d) // lay) for n, lay, d in zip(shape, sg_layout, sg_data))


def _dim_starts(n: int, lay: int, data: int, c: int) -> list[int]:
    t = n // data
    return [((c + k * lay) % t) * data for k in range(max(1, t // lay))]


def tile_shape(shape: Sequence[int], layout: AnyLayout) -> Shape:
    """Shape of one subgroup tile; :class:`~wgdist.layout.LayoutError` if ``layout`` cannot
    split ``shape``."""
    return _tile_shape(tuple(shape), layout)


@lru_cache(maxsize=4096)
def _tile_shape(shape: Shape, layout: AnyLayout) -> Shape:
    errs = distribution_errors(shape, layout)
    if errs:
        raise LayoutError("; ".join(errs))
    if layout.root.sg_layout is None:
        return tuple(shape)
    return tuple(n // lay if given is None else given for n, lay, given in sg_dims(shape, layout))


def tiles(shape: Sequence[int], layout: AnyLayout, sg_id: int) -> list[Shape]:
    """Start offsets of the tiles subgroup ``sg_id`` owns, in row-major round order.

    Without ``sg_layout`` the whole shape is one tile at the origin. Raises
    :class:`~wgdist.layout.LayoutError` (and nothing else) when ``layout`` cannot split
    ``shape`` (:func:`~wgdist.layout.distribution_errors`); apply
    :func:`~wgdist.layout.with_unit_dims` first to read extent-1 dims as distribution does.
    """
    data = tile_shape(shape, layout)
    root = layout.root
    if root.sg_layout is None:
        return [tuple(0 for _ in shape)]
    coords = delinearize(sg_id, root.sg_layout, root.effective_order())
    per_dim = [
        _dim_starts(n, lay, d, coords[k]) for (n, lay, _), k, d in zip(sg_dims(shape, layout), layout.kept_dims, data)
    ]
    return [tuple(p) for p in itertools.product(*per_dim)]


def num_tiles(shape: Sequence[int], layout: AnyLayout) -> int:
    """How many tiles every subgroup holds."""
    return len(tiles(shape, layout, 0))


def tile_elements(start: Sequence[int], tshape: Sequence[int]) -> Iterator[Shape]:
    """The multi-indices of the tile of shape ``tshape`` at ``start``, row-major."""
    for off in itertools.product(*(range(s) for s in tshape)):
        yield tuple(a + b for a, b in zip(start, off))


def owned(shape: Sequence[int], layout: AnyLayout, sg_id: int) -> set[Shape]:
    """Every element (multi-index) subgroup ``sg_id`` holds."""
    ts = tile_shape(shape, layout)
    out: set[Shape] = set()
    for start in tiles(shape, layout, sg_id):
        out.update(tile_elements(start, ts))
    return out


def owner_counts(shape: Sequence[int], layout: AnyLayout) -> dict[Shape, int]:
    """How many subgroups hold each element (1 everywhere means no sharing)."""
    counts: dict[Shape, int] = {}
    for s in range(layout.num_subgroups):
        for e in owned(shape, layout, s):
            counts[e] = counts.get(e, 0) + 1
    return counts


def owned_linear(shape: Sequence[int], layout: AnyLayout, sg_id: int) -> frozenset[int]:
    """:func:`owned` as row-major linear indices (for comparing across reshapes)."""
    strides = [prod(shape[i + 1 :]) for i in range(len(shape))]
    return frozenset(sum(i * s for i, s in zip(e, strides)) for e in owned(shape, layout, sg_id))
