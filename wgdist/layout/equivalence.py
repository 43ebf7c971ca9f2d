"""The one notion of "same layout": :func:`same_distribution`. Structural identity of two
layouts is plain ``==`` on the frozen dataclasses; this is the question a pass asks before it
inserts a conversion."""

from __future__ import annotations

from collections.abc import Sequence

from wgdist.layout.model import AnyLayout, Shape
from wgdist.layout.ownership import owned_linear, tile_shape, tiles


def _within_tile(layout: AnyLayout) -> tuple[Shape | None, Shape | None, Shape | None, Shape | None]:
    """How a subgroup splits each of its tiles: the root's inst and lane fields, and the order
    of the dims that have more than one lane (the only ones whose order places lanes)."""
    root = layout.root
    lane_order = None
    if root.lane_layout is not None:
        lane_order = tuple(d for d in root.effective_order() if root.lane_layout[d] > 1)
    return (root.inst_data, root.lane_layout, root.lane_data, lane_order)


def same_distribution(
    shape: Sequence[int], a: AnyLayout, b: AnyLayout, *, shape_b: Sequence[int] | None = None
) -> bool:
    """Whether a value of ``shape`` laid out by ``a`` can be used where ``b`` is required with
    no data moving: every subgroup holds the same elements in the same tile order.

    Precisely, without ``shape_b``: both layouts give every subgroup the same tiles (the same
    tile shape and, per subgroup, the same tile starts in the same round order, so its
    subgroup-level values are identical), and split each tile among instructions and lanes
    the same way (the root's ``inst_data``, ``lane_layout``, ``lane_data``, and the order of
    the dims with more than one lane). Field values that do not change any of that, such as
    the position of ``sg_layout = 1`` dims in ``order``, an omitted ``sg_data`` that equals
    its default, or a slice against the plain layout that gives the same tiles, do not matter.

    With ``shape_b`` (a reshape: ``a`` lays out ``shape`` and ``b`` lays out ``shape_b``,
    same element count), tiles of different shapes cannot line up, and the op (a shape_cast)
    moves data only inside a subgroup: the answer is whether every subgroup holds the same
    elements, compared as row-major linear indices. Inst and lane fields are not compared then.

    Why one notion serves every caller. Each pass asks the same question, whether a value
    needs a conversion, and this decides it from what subgroups hold rather than from fields:
    comparing fields (even with ``order`` read only on ``sg_layout > 1`` dims) is sufficient but
    not necessary, and cannot see a default ``sg_data`` or a slice that equals a plain layout.
    Callers differ only in the level they care about, and say so by what they pass: the
    propagation compares whole layouts (a different lane split is a conversion in the IR it
    writes); the distribution moves data between subgroups only, while inst/lane fields travel
    unchanged into the subgroup program as each value's own layout, so it compares
    ``same_distribution(shape, sg_part(a), sg_part(b))`` (:func:`~wgdist.layout.sg_part`);
    a shape_cast rule passes ``shape_b``. Whether two layouts are spelled identically (for
    instance to decide whether to print one) is ``a == b``, not this.

    Both layouts must split the shape they are given (:class:`~wgdist.layout.LayoutError`
    otherwise), unless ``a == b``.
    """
    if shape_b is not None:
        if a.num_subgroups != b.num_subgroups:
            return False
        return all(owned_linear(shape, a, s) == owned_linear(shape_b, b, s) for s in range(a.num_subgroups))
    if a == b:
        return True
    if a.num_subgroups != b.num_subgroups or _within_tile(a) != _within_tile(b):
        return False
    if tile_shape(shape, a) != tile_shape(shape, b):
        return False
    return all(tiles(shape, a, s) == tiles(shape, b, s) for s in range(a.num_subgroups))
