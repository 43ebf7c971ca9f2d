"""How a workgroup value is split (:class:`Dist`) and the tile correspondences handlers check.

All tile arithmetic comes from :mod:`wgdist.layout`; this module only tabulates it for every
subgroup id so that handlers can ask "is this offset the same for every subgroup?" or "does
tile ``k`` of one value line up with tile ``j`` of another for every subgroup?".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeGuard

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.xegpu import DISTRIBUTE_LAYOUT_TYPES, DistributeLayoutAttr
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.ir.diagnostics import OpError
from wgdist.layout import (
    AnyLayout,
    distribution_errors,
    layout_text,
    same_distribution,
    sg_part,
    tile_shape,
    tiles,
    with_unit_dims,
)

Shape = tuple[int, ...]
TileTable = tuple[tuple[Shape, ...], ...]
"""``table[s][k]``: start offsets of tile ``k`` of subgroup ``s`` (ids relative to the range)."""


@lru_cache(maxsize=4096)
def tile_table(shape: Shape, layout: AnyLayout) -> TileTable:
    """:func:`wgdist.layout.tiles` for every subgroup id of ``layout``."""
    return tuple(tuple(tiles(shape, layout, s)) for s in range(layout.num_subgroups))


@lru_cache(maxsize=1024)
def _vector_type(element_type: Attribute, shape: Shape) -> VectorType:
    """Attributes are immutable: one type object per element type and shape."""
    return VectorType(element_type, shape)


@dataclass(frozen=True)
class Dist:
    """How a workgroup value is split: its WG shape and layout model.

    ``packed`` is the packing factor of a ``load_nd <{packed}>`` result (its vector is
    ``[K/f, N, f]`` while ``shape`` stays the 2-D ``[K, N]``); 0 otherwise.
    """

    shape: Shape
    layout: AnyLayout
    packed: int = 0

    @property
    def tile_shape(self) -> Shape:
        return tile_shape(self.shape, self.layout)

    @property
    def table(self) -> TileTable:
        return tile_table(self.shape, self.layout)

    @property
    def ntiles(self) -> int:
        return len(self.table[0])

    @property
    def num_subgroups(self) -> int:
        return self.layout.num_subgroups

    def vector_shape(self) -> Shape:
        ts = self.tile_shape
        if self.packed:
            return (ts[0] // self.packed, ts[1], self.packed)
        return ts

    def sg_vector_type(self, element_type: Attribute) -> VectorType:
        return _vector_type(element_type, self.vector_shape())

    def same_distribution(self, other: Dist) -> bool:
        """The same WG value split the same way: equal shapes and packing, and every subgroup
        holds the same tiles in the same order (:func:`wgdist.layout.same_distribution` on the
        subgroup fields: the pass moves data between subgroups only, inst/lane fields travel
        unchanged)."""
        return (
            self.shape == other.shape
            and self.packed == other.packed
            and same_distribution(self.shape, sg_part(self.layout), sg_part(other.layout))
        )


def is_wg_attr(attr: Attribute | None) -> TypeGuard[DistributeLayoutAttr]:
    """A layout attribute with ``sg_layout`` (a workgroup layout)."""
    return isinstance(attr, DISTRIBUTE_LAYOUT_TYPES) and attr.is_wg


def shape_of(v: SSAValue | Attribute) -> Shape:
    t = v.type if isinstance(v, SSAValue) else v
    get = getattr(t, "get_shape", None)
    return tuple(get()) if get is not None else ()


def make_dist(op: Operation, what: str, shape: Shape, attr: DistributeLayoutAttr) -> Dist:
    """A :class:`Dist`, or an :class:`OpError` when the layout cannot split ``shape``."""
    model = with_unit_dims(shape, attr.to_model())  # extent-1 dims read as sg_data = 1
    errs = distribution_errors(shape, model)
    if errs:
        raise OpError(op, f"cannot distribute {what} of shape {list(shape)} with {attr}: {'; '.join(errs)}")
    return Dist(tuple(shape), model)


def result_dist(op: Operation, index: int = 0) -> Dist | None:
    """The distribution a result's own layout asks for (None: no workgroup layout)."""
    res = op.results[index]
    attr = value_layout(res)
    if not is_wg_attr(attr):
        return None
    return make_dist(op, f"result #{index}", shape_of(res), attr)


def need_result_dist(op: Operation) -> Dist:
    """:func:`result_dist` of result #0, an error when it has no workgroup layout."""
    d = result_dist(op)
    if d is None:
        raise OpError(op, "has a distributed operand but its result has no workgroup layout (layout_result_0)")
    return d


def check_same_subgroups(op: Operation, src: Dist, res: Dist, what: str = "the source") -> None:
    """``what`` and the result must be split over the same number of subgroups (an op that
    keeps each subgroup's data cannot move it between differently sized grids)."""
    if src.num_subgroups != res.num_subgroups:
        raise OpError(
            op,
            f"{what} is split over {src.num_subgroups} subgroups ({layout_text(src.layout)}) but the "
            f"result over {res.num_subgroups} ({layout_text(res.layout)}): both layouts must cover "
            "the same subgroups",
        )


def uniform_map(dst: Dist, src: Dist, match: Callable[[Shape, Shape], bool]) -> list[int] | None:
    """For each tile ``k`` of ``dst`` the index ``j`` of the tile of ``src`` with
    ``match(dst_start, src_start)``, the same ``j`` for every subgroup; None if there is none."""
    if dst.num_subgroups != src.num_subgroups:
        return None
    out: list[int] = []
    dt, st = dst.table, src.table
    for k in range(dst.ntiles):
        cands = [j for j in range(src.ntiles) if match(dt[0][k], st[0][j])]
        found = None
        for j in cands:
            if all(match(dt[s][k], st[s][j]) for s in range(1, dst.num_subgroups)):
                found = j
                break
        if found is None:
            return None
        out.append(found)
    return out


def uniform_map_keyed(dst: Dist, src: Dist, dst_key: Callable[[Shape], object], src_key: Callable[[Shape], object]) -> list[int] | None:
    """:func:`uniform_map` for ``match(a, b) = dst_key(a) == src_key(b)``, the same answer in
    time linear in the tiles: each start is keyed once, and the candidates for tile ``k`` come
    from an index of subgroup 0's source tiles by key (in tile order, as :func:`uniform_map`
    tries them)."""
    if dst.num_subgroups != src.num_subgroups:
        return None
    if dst.table is src.table and dst_key is src_key:  # one tile table, one key: tile k is its own match
        first = [dst_key(t) for t in dst.table[0]]
        if len(set(first)) == len(first):  # (when the keys of subgroup 0 tell its tiles apart)
            return list(range(len(first)))
    dk = [[dst_key(t) for t in row] for row in dst.table]
    sk = [[src_key(t) for t in row] for row in src.table]
    index: dict[object, list[int]] = {}
    for j, key in enumerate(sk[0]):
        index.setdefault(key, []).append(j)
    out: list[int] = []
    for k in range(dst.ntiles):
        found = None
        for j in index.get(dk[0][k], ()):
            if all(dk[s][k] == sk[s][j] for s in range(1, dst.num_subgroups)):
                found = j
                break
        if found is None:
            return None
        out.append(found)
    return out


MANY_TILES = 1024
"""Tiles per subgroup from which :func:`many_tiles_remarks` reports a layout."""


def many_tiles_remarks(ops: Sequence[Operation], planned: Mapping[Operation, tuple[Any, Any]]) -> list[tuple[Operation, str]]:
    """A remark for each split (shape and layout) that gives every subgroup at least
    :data:`MANY_TILES` tiles, at the first op (in ``ops`` order) whose result or access uses it:
    each tile becomes its own subgroup op, so such a layout is almost always an ``sg_data`` chosen
    too small. ``planned``: each op's ``(handler, plan)``; a plan's results and its ``own`` split
    (an access split by its own layout) count."""
    seen: set[tuple[Shape, AnyLayout]] = set()
    out: list[tuple[Operation, str]] = []
    for op in ops:
        plan = planned[op][1]
        for d in (*plan.results, getattr(plan, "own", None)):
            if d is None or (d.shape, d.layout) in seen or d.ntiles < MANY_TILES:
                continue
            seen.add((d.shape, d.layout))
            out.append((op, (
                f"xegpu-wg-to-sg-distribute: {layout_text(d.layout)} splits {list(d.shape)} into {d.ntiles} "
                f"tiles of {list(d.tile_shape)} per subgroup, each distributed as its own op: sg_data is "
                "probably too small"
            )))
    return out
