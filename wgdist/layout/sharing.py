"""The writer predicate for shared data: when several subgroups hold the same tile (sharing
dims, or the dims a slice removed), exactly one of them writes it to memory.

A subgroup writes iff ``coord[r] < bound`` for every ``(r, bound)`` of :func:`writer_dims`,
``coord`` its coordinates in the root's subgroup grid. Along a sharing dim of ``t`` tiles the
coordinates ``c`` and ``c + t`` hold the same tile, so the first ``t`` coordinates are one
copy each; along a dim a slice removed every coordinate holds the same data, so coordinate 0
writes. The distribution emits this predicate as IR; here it is evaluated on ids.
"""

from __future__ import annotations

from collections.abc import Sequence

from wgdist.layout.grid import delinearize
from wgdist.layout.model import AnyLayout
from wgdist.layout.ownership import tile_shape
from wgdist.layout.validity import dim_mode


def writer_dims(shape: Sequence[int], layout: AnyLayout) -> list[tuple[int, int]]:
    """``(root_dim, bound)`` pairs: a subgroup writes its tiles iff ``coord[root_dim] < bound``
    for all pairs. Sharing dims keep the first ``t`` coordinates (``t`` tiles along the dim);
    dims a slice removed keep coordinate 0. Empty: every subgroup holds distinct data.

    ``shape`` is the value's shape (the dims ``layout`` keeps); ``layout`` must have
    ``sg_layout`` and split ``shape`` (:class:`~wgdist.layout.LayoutError` otherwise)."""
    root = layout.root
    assert root.sg_layout is not None, "the writer predicate needs a layout with sg_layout"
    kept = layout.kept_dims
    ts = tile_shape(shape, layout)
    out: list[tuple[int, int]] = []
    for r, L in enumerate(root.sg_layout):
        if L == 1:
            continue
        if r not in kept:
            out.append((r, 1))
            continue
        i = kept.index(r)
        n, t = shape[i], shape[i] // ts[i]
        if dim_mode(n, L, ts[i]) == "share" and t < L:
            out.append((r, t))
    return out


def is_writer(shape: Sequence[int], layout: AnyLayout, sg_id: int) -> bool:
    """Whether subgroup ``sg_id`` passes the writer predicate of :func:`writer_dims`: among the
    subgroups holding one tile, exactly one does, and it holds that tile."""
    root = layout.root
    assert root.sg_layout is not None, "the writer predicate needs a layout with sg_layout"
    c = delinearize(sg_id, root.sg_layout, root.effective_order())
    return all(c[r] < b for r, b in writer_dims(shape, layout))
