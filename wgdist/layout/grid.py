"""The subgroup grid: a linear subgroup id and its coordinates in ``sg_layout`` under ``order``."""

from __future__ import annotations

from collections.abc import Sequence

from wgdist.layout.model import Shape


def delinearize(sg_id: int, sg_layout: Sequence[int], order: Sequence[int]) -> Shape:
    """Grid coordinates of a linear subgroup id; ``order[0]`` varies fastest.

    Like upstream, the outermost coordinate is also taken modulo its extent, so ids past
    ``prod(sg_layout)`` wrap around.
    """
    coords = [0] * len(sg_layout)
    r = sg_id
    for d in order:
        coords[d] = r % sg_layout[d]
        r //= sg_layout[d]
    return tuple(coords)


def linearize(coords: Sequence[int], sg_layout: Sequence[int], order: Sequence[int]) -> int:
    """Inverse of :func:`delinearize` on ``0 <= coords < sg_layout``."""
    lin, stride = 0, 1
    for d in order:
        lin += coords[d] * stride
        stride *= sg_layout[d]
    return lin
