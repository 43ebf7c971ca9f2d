"""Shared pieces of the distribution: how a WG value is split (:class:`Dist`), tile tables from
the layout model, and the per-function state handlers read and write (:class:`Env`).

All tile arithmetic comes from :mod:`wgdist.layout`; this module only tabulates it for every
subgroup id so that handlers can ask "is this offset the same for every subgroup?" or "does
tile ``k`` of one value line up with tile ``j`` of another for every subgroup?".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import prod
from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.diagnostics import OpError
from wgdist.dialects.xegpu.attrs import DistributeLayoutAttr
from wgdist.dialects.xegpu.layout_access import drop_sg_fields, result_attr_name, value_layout
from wgdist.layout import (
    AnyLayout,
    Layout,
    SliceLayout,
    distribution_errors,
    tile_shape,
    tiles,
    with_unit_dims,
)

if TYPE_CHECKING:  # sg_ids imports Dist from here
    from wgdist.passes.distribute.sg_ids import SgIds

Shape = tuple[int, ...]
TileTable = tuple[tuple[Shape, ...], ...]
"""``table[s][k]``: start offsets of tile ``k`` of subgroup ``s`` (ids relative to the range)."""


@lru_cache(maxsize=4096)
def tile_table(shape: Shape, layout: AnyLayout) -> TileTable:
    """:func:`wgdist.layout.tiles` for every subgroup id of ``layout``."""
    return tuple(tuple(tiles(shape, layout, s)) for s in range(layout.num_subgroups))


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
        return VectorType(element_type, self.vector_shape())

    def same_tiles(self, other: Dist) -> bool:
        """Every subgroup holds the same tiles, in the same order, under both."""
        return (
            self.shape == other.shape
            and self.tile_shape == other.tile_shape
            and self.packed == other.packed
            and self.num_subgroups == other.num_subgroups
            and self.table == other.table
        )


def describe(layout: AnyLayout) -> str:
    if isinstance(layout, SliceLayout):
        return f"slice<{describe(layout.parent)}, dims = {list(layout.dims)}>"
    fields = []
    for name in ("sg_layout", "sg_data", "inst_data", "lane_layout", "lane_data", "order"):
        v = getattr(layout, name)
        if v is not None:
            fields.append(f"{name} = {list(v)}")
    return "layout<" + ", ".join(fields) + ">"


def is_wg_attr(attr: Attribute | None) -> bool:
    return attr is not None and bool(getattr(attr, "is_wg", False))


def model_of(attr: DistributeLayoutAttr) -> AnyLayout:
    return attr.to_model()  # type: ignore[no-any-return]


def shape_of(v: SSAValue | Attribute) -> Shape:
    t = v.type if isinstance(v, SSAValue) else v
    get = getattr(t, "get_shape", None)
    return tuple(get()) if get is not None else ()


def make_dist(op: Operation, what: str, shape: Shape, attr: DistributeLayoutAttr) -> Dist:
    """A :class:`Dist`, or an :class:`OpError` when the layout cannot split ``shape``."""
    model = with_unit_dims(shape, model_of(attr))  # extent-1 dims read as sg_data = 1
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
    assert attr is not None
    return make_dist(op, f"result #{index}", shape_of(res), attr)


def sg_attrs(op: Operation) -> dict[str, Attribute]:
    """The op's discardable attributes with sg fields removed from ``layout_result_N``."""
    out: dict[str, Attribute] = {}
    for k, v in op.attributes.items():
        if k.startswith("layout_result_") or k == "layout_operand" or k.startswith("layout_operand_"):
            rest = drop_sg_fields(v)  # type: ignore[arg-type]
            if rest is not None:
                out[k] = rest
        else:
            out[k] = v
    return out


def set_sg_result_layout(op: Operation, index: int, attr: DistributeLayoutAttr | None) -> None:
    rest = drop_sg_fields(attr)
    if rest is None:
        op.attributes.pop(result_attr_name(index), None)
    else:
        op.attributes[result_attr_name(index)] = rest


def element_type(v: SSAValue) -> Attribute:
    """The element type of a vector value."""
    t = v.type
    assert isinstance(t, VectorType), f"expected a vector, got {t}"
    return t.element_type


def dense_constant(elt: Attribute, shape: Sequence[int], values: Sequence[int | float]) -> arith.ConstantOp:
    """``arith.constant dense<values> : vector<shape x elt>`` (a single value is a splat)."""
    if isinstance(elt, AnyFloat):
        ft = VectorType(elt, shape)
        return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(ft, [float(v) for v in values]), ft)
    if isinstance(elt, IntegerType | IndexType):
        it = VectorType(elt, shape)
        return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(it, [int(v) for v in values]), it)
    raise ValueError(f"no dense constant of element type {elt}")


# ---- tile correspondences ---------------------------------------------------------------------
def check_same_subgroups(op: Operation, src: Dist, res: Dist, what: str = "the source") -> None:
    """``what`` and the result must be split over the same number of subgroups (an op that
    keeps each subgroup's data cannot move it between differently sized grids)."""
    if src.num_subgroups != res.num_subgroups:
        raise OpError(
            op,
            f"{what} is split over {src.num_subgroups} subgroups ({describe(src.layout)}) but the "
            f"result over {res.num_subgroups} ({describe(res.layout)}): both layouts must cover "
            "the same subgroups",
        )


def uniform_map(
    dst: Dist, src: Dist, match: Callable[[Shape, Shape], bool]
) -> list[int] | None:
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


# ---- per-function rewrite state --------------------------------------------------------------
@dataclass
class Env:
    """What handlers share while rewriting one function."""

    ids: SgIds
    dist: dict[SSAValue, Dist]
    vmap: dict[SSAValue, list[SSAValue]] = field(default_factory=dict)
    base: dict[Operation, int] = field(default_factory=dict)
    """sg_id_range start of each WG op (0 outside any range)."""
    current: Operation | None = None

    def emit(self, op: Operation) -> Operation:
        """Insert ``op`` before the WG op being rewritten."""
        assert self.current is not None
        Rewriter.insert_op(op, InsertPoint.before(self.current))
        return op

    def tiles_of(self, v: SSAValue) -> list[SSAValue]:
        return self.vmap[v]

    def tile_base(self) -> int:
        assert self.current is not None
        return self.base.get(self.current, 0)


def per_tile(
    n: int, operands: Sequence[Sequence[SSAValue]], build: Callable[[list[SSAValue]], SSAValue]
) -> list[SSAValue]:
    """``build`` once per distinct operand tuple over ``n`` tiles (identical tiles share ops).

    ``operands[i]`` is the tile list of operand ``i`` (length ``n``, or 1 for a value shared by
    every tile)."""
    cache: dict[tuple[int, ...], SSAValue] = {}
    out: list[SSAValue] = []
    for k in range(n):
        args = [o[k] if len(o) > 1 else o[0] for o in operands]
        key = tuple(id(a) for a in args)
        if key not in cache:
            cache[key] = build(args)
        out.append(cache[key])
    return out


def num_elems(shape: Sequence[int]) -> int:
    return prod(shape)


__all__ = [
    "Dist",
    "check_same_subgroups",
    "Env",
    "Layout",
    "OpError",
    "SliceLayout",
    "dense_constant",
    "describe",
    "element_type",
    "is_wg_attr",
    "make_dist",
    "per_tile",
    "result_dist",
    "sg_attrs",
    "shape_of",
    "tile_table",
    "uniform_map",
]
