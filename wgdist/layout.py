"""The layout model: how a workgroup-level tensor is split among subgroups.

Plain Python, no IR types. Every other part of wgdist (the dialect verifier, propagation,
distribution, the interpreter, the tests) asks this module; nothing re-derives the arithmetic.
Semantics: ``shared/design/layouts-spec.md`` sections 1.3-1.5.

Terms, per dimension ``i`` of a shape ``n``:

* ``L = sg_layout[i]``: subgroups along the dimension;
* ``D = sg_data[i]``: extent of one subgroup tile (default ``n // L``);
* ``t = n // D``: tiles along the dimension.

A dimension is valid when ``n % D == 0`` and either ``t % L == 0`` (*wrap*: subgroup ``c`` owns
tiles ``c, c + L, c + 2L, ...``) or ``L % t == 0`` (*sharing*: coordinates ``c`` and ``c + t``
hold the same tile). Each dimension is judged on its own, so wrap in one dimension and sharing in
another is fine (LLVM 22 rejects that mix; see ``upstream-llvm22.md`` 1.4).

``order`` lists the dimensions fastest-varying first (default ``[r-1, ..., 0]``, row-major) and
only affects how a linear subgroup id maps to grid coordinates.

A :class:`SliceLayout` describes a value whose dimensions ``dims`` of a parent layout were
removed (a reduction result, a broadcast source): the subgroups that differ only along the removed
dimensions hold the same data.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import prod

Shape = tuple[int, ...]


class LayoutError(ValueError):
    """A layout that cannot describe the given shape; the message names field, dim and numbers."""


def _tuple(v: Sequence[int] | None) -> Shape | None:
    return None if v is None else tuple(int(x) for x in v)


@dataclass(frozen=True)
class Layout:
    """The six fields of ``#xegpu.layout`` (each optional)."""

    sg_layout: Shape | None = None
    sg_data: Shape | None = None
    inst_data: Shape | None = None
    lane_layout: Shape | None = None
    lane_data: Shape | None = None
    order: Shape | None = None

    def __post_init__(self) -> None:
        for name in ("sg_layout", "sg_data", "inst_data", "lane_layout", "lane_data", "order"):
            object.__setattr__(self, name, _tuple(getattr(self, name)))

    # ---- structure -------------------------------------------------------------------------
    @property
    def rank(self) -> int:
        for f in (self.sg_layout, self.sg_data, self.inst_data, self.lane_layout, self.lane_data):
            if f is not None:
                return len(f)
        return len(self.order) if self.order is not None else 0

    @property
    def is_wg(self) -> bool:
        """Workgroup level: the layout says how subgroups split the data."""
        return self.sg_layout is not None

    @property
    def num_subgroups(self) -> int:
        return prod(self.sg_layout) if self.sg_layout is not None else 1

    def effective_order(self) -> Shape:
        return self.order if self.order is not None else tuple(range(self.rank - 1, -1, -1))

    def sg_data_for(self, shape: Sequence[int]) -> Shape:
        """``sg_data``, or its default ``n // sg_layout`` per dimension."""
        if self.sg_data is not None:
            return self.sg_data
        assert self.sg_layout is not None
        return tuple(n // max(1, lay) for n, lay in zip(shape, self.sg_layout))

    def structural_errors(self) -> list[str]:
        """Rules that hold whatever the shape (field ranks, order a permutation, sizes >= 1)."""
        errs: list[str] = []
        fields = {
            "sg_layout": self.sg_layout,
            "sg_data": self.sg_data,
            "inst_data": self.inst_data,
            "lane_layout": self.lane_layout,
            "lane_data": self.lane_data,
        }
        if self.sg_layout is None and self.inst_data is None and self.lane_layout is None:
            errs.append("expected at least one of sg_layout, inst_data or lane_layout")
        if self.sg_data is not None and self.sg_layout is None:
            errs.append("expected sg_layout being used with sg_data")
        if self.lane_data is not None and self.lane_layout is None:
            errs.append("expected lane_layout being used with lane_data")
        if self.order is not None and self.sg_layout is None and self.lane_layout is None:
            errs.append("expected sg_layout/lane_layout being used with order")
        present = [(k, v) for k, v in fields.items() if v is not None]
        if self.order is not None:
            present.append(("order", self.order))
        for (k1, v1), (k2, v2) in zip(present, present[1:]):
            if len(v1) != len(v2):
                errs.append(f"expected {k1} and {k2} to have the same rank, got {k1} {len(v1)}, {k2} {len(v2)}")
        for k, v in fields.items():
            if v is not None:
                for d, x in enumerate(v):
                    if x < 1:
                        errs.append(f"{k}[{d}] = {x} must be at least 1")
        if self.order is not None and sorted(self.order) != list(range(len(self.order))):
            errs.append(f"order {list(self.order)} is not a permutation of 0..{len(self.order) - 1}")
        return errs

    def drop_sg(self) -> Layout | None:
        """The layout left on a value after distribution (sg fields gone), or None if empty."""
        rest = Layout(None, None, self.inst_data, self.lane_layout, self.lane_data, None)
        if rest.inst_data is None and rest.lane_layout is None:
            return None
        order = self.order if self.lane_layout is not None else None
        return Layout(None, None, self.inst_data, self.lane_layout, self.lane_data, order)


@dataclass(frozen=True)
class SliceLayout:
    """``#xegpu.slice<parent, dims = [...]>``: the parent layout with dimensions ``dims`` removed."""

    parent: Layout | SliceLayout
    dims: Shape

    def __post_init__(self) -> None:
        object.__setattr__(self, "dims", tuple(int(d) for d in self.dims))

    @property
    def root(self) -> Layout:
        p = self.parent
        return p if isinstance(p, Layout) else p.root

    def root_dims(self) -> Shape:
        """The dims of the root layout that this slice keeps, in order."""
        kept = (
            list(range(self.parent.rank))
            if isinstance(self.parent, Layout)
            else list(self.parent.root_dims())
        )
        return tuple(k for i, k in enumerate(kept) if i not in self.dims)

    @property
    def rank(self) -> int:
        return self.parent.rank - len(self.dims)

    @property
    def is_wg(self) -> bool:
        return self.root.is_wg

    @property
    def num_subgroups(self) -> int:
        return self.root.num_subgroups

    def structural_errors(self) -> list[str]:
        errs = self.parent.structural_errors()
        seen: set[int] = set()
        for d in self.dims:
            if d < 0 or d >= self.parent.rank:
                errs.append(f"invalid dim ({d}) in slice attribute.")
            elif d in seen:
                errs.append(f"repeated dim ({d}) in slice attribute.")
            seen.add(d)
        return errs


AnyLayout = Layout | SliceLayout


# ---- subgroup ids ----------------------------------------------------------------------------
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


# ---- validity --------------------------------------------------------------------------------
def dim_mode(n: int, lay: int, data: int) -> str:
    """``"wrap"`` (incl. exactly one tile), ``"share"``, or ``"invalid"`` for one dimension."""
    if data < 1 or lay < 1 or n % data:
        return "invalid"
    t = n // data
    if t % lay == 0:
        return "wrap"
    if lay % t == 0:
        return "share"
    return "invalid"


def _sg_dims(shape: Sequence[int], layout: AnyLayout) -> tuple[Layout, Shape, list[tuple[int, int, int | None]]]:
    """``(root, kept root dims, per dim (n, sg_layout, given sg_data or None))`` of a layout with
    ``sg_layout`` whose structure and rank already check out."""
    if isinstance(layout, SliceLayout):
        root, rd = layout.root, layout.root_dims()
    else:
        root, rd = layout, tuple(range(len(shape)))
    assert root.sg_layout is not None
    given = root.sg_data
    return root, rd, [(n, root.sg_layout[k], None if given is None else given[k]) for n, k in zip(shape, rd)]


def distribution_errors(shape: Sequence[int], layout: AnyLayout, *, no_sharing: bool = False) -> list[str]:
    """Why ``layout`` cannot distribute ``shape`` (empty list: it can). Messages name the
    field, the dimension and the numbers. A :class:`SliceLayout` is judged on the dims it keeps,
    with the root's ``sg_layout``/``sg_data`` there. Never raises."""
    errs = layout.structural_errors()
    if errs:
        return errs
    if layout.rank != len(shape):
        return [f"expected layout rank {layout.rank} to match the rank {len(shape)} of shape {list(shape)}"]
    if any(n < 1 for n in shape):
        return [f"shape {list(shape)} has an extent below 1"]
    root = layout.root if isinstance(layout, SliceLayout) else layout
    if root.sg_layout is not None:
        for d, (n, lay, given) in enumerate(_sg_dims(shape, layout)[2]):
            if given is None and n % lay:
                errs.append(
                    f"dim {d}: shape {n} is not divisible by sg_layout {lay} (sg_data omitted, its default is shape / sg_layout)"
                )
                continue
            dd = n // lay if given is None else given
            if n % dd:
                errs.append(f"dim {d}: shape {n} is not a multiple of sg_data {dd}")
                continue
            t = n // dd
            mode = dim_mode(n, lay, dd)
            if mode == "invalid":
                errs.append(
                    f"dim {d}: {t} tiles of sg_data {dd} in shape {n} neither divide among sg_layout {lay} "
                    f"(wrap needs {t} % {lay} == 0) nor share it (sharing needs {lay} % {t} == 0)"
                )
            elif mode == "share" and no_sharing and t != lay:
                errs.append(
                    f"dim {d}: sg_layout {lay} x sg_data {dd} covers more than shape {n}: subgroups would share data, "
                    "which is not allowed here"
                )
    if isinstance(layout, SliceLayout):
        return errs
    tile = layout.sg_data_for(shape) if layout.sg_layout is not None else tuple(shape)
    if layout.inst_data is not None:
        for d, (p, i) in enumerate(zip(tile, layout.inst_data)):
            if p % i:
                what = "sg_data" if layout.sg_layout is not None else "shape"
                errs.append(f"dim {d}: {what} {p} is not a multiple of inst_data {i}")
        tile = layout.inst_data
    if layout.lane_layout is not None:
        lane_data = layout.lane_data or tuple(1 for _ in layout.lane_layout)
        for d, (p, ll, ld) in enumerate(zip(tile, layout.lane_layout, lane_data)):
            if p % (ll * ld):
                errs.append(f"dim {d}: tile {p} is not a multiple of lane_layout {ll} x lane_data {ld}")
    return errs


def with_unit_dims(shape: Sequence[int], layout: AnyLayout) -> AnyLayout:
    """The layout as distribution reads it on a value with extent-1 dims: where ``shape`` is 1
    and ``sg_data`` is given, the tile extent is 1 (the ``256x1`` between a reduction and a
    broadcast carries the broadcast result's ``sg_data = [8, 128]`` in LLVM 22). The same rule
    for plain layouts and for the dims a :class:`SliceLayout` keeps; this is the one place it
    is applied. Layouts without ``sg_data`` (or not fitting ``shape``'s rank) are returned as
    they are, for :func:`distribution_errors` to judge."""
    root = layout.root if isinstance(layout, SliceLayout) else layout
    if root.sg_data is None or root.sg_layout is None or layout.structural_errors() or layout.rank != len(shape):
        return layout
    rd = layout.root_dims() if isinstance(layout, SliceLayout) else tuple(range(len(shape)))
    data = list(root.sg_data)
    for n, k in zip(shape, rd):
        if n == 1:
            data[k] = 1
    if tuple(data) == root.sg_data:
        return layout
    new_root = Layout(root.sg_layout, tuple(data), root.inst_data, root.lane_layout, root.lane_data, root.order)

    def rebuild(lay: AnyLayout) -> AnyLayout:
        return new_root if isinstance(lay, Layout) else SliceLayout(rebuild(lay.parent), lay.dims)

    return rebuild(layout)


def check(shape: Sequence[int], layout: AnyLayout, *, no_sharing: bool = False) -> None:
    """Raise :class:`LayoutError` if ``layout`` cannot distribute ``shape``."""
    errs = distribution_errors(shape, layout, no_sharing=no_sharing)
    if errs:
        raise LayoutError("; ".join(errs))


# ---- tiles -----------------------------------------------------------------------------------
def rounds(shape: Sequence[int], sg_layout: Sequence[int], sg_data: Sequence[int]) -> Shape:
    """Tiles per subgroup along each dimension (``max(1, t // L)``)."""
    return tuple(max(1, (n // d) // lay) for n, lay, d in zip(shape, sg_layout, sg_data))


def _dim_starts(n: int, lay: int, data: int, c: int) -> list[int]:
    t = n // data
    return [((c + k * lay) % t) * data for k in range(max(1, t // lay))]


def _checked(shape: Sequence[int], layout: AnyLayout) -> None:
    errs = distribution_errors(shape, layout)
    if errs:
        raise LayoutError("; ".join(errs))


def tile_shape(shape: Sequence[int], layout: AnyLayout) -> Shape:
    """Shape of one subgroup tile; :class:`LayoutError` if ``layout`` cannot split ``shape``."""
    return _tile_shape(tuple(shape), layout)


@lru_cache(maxsize=4096)
def _tile_shape(shape: Shape, layout: AnyLayout) -> Shape:
    _checked(shape, layout)
    root = layout.root if isinstance(layout, SliceLayout) else layout
    if root.sg_layout is None:
        return tuple(shape)
    return tuple(n // lay if given is None else given for n, lay, given in _sg_dims(shape, layout)[2])


def tiles(shape: Sequence[int], layout: AnyLayout, sg_id: int) -> list[Shape]:
    """Start offsets of the tiles subgroup ``sg_id`` owns, in row-major round order.

    Without ``sg_layout`` the whole shape is one tile at the origin. Raises
    :class:`LayoutError` (and nothing else) when ``layout`` cannot split ``shape``
    (:func:`distribution_errors`); apply :func:`with_unit_dims` first to read extent-1 dims
    as distribution does.
    """
    data = tile_shape(shape, layout)
    root = layout.root if isinstance(layout, SliceLayout) else layout
    if root.sg_layout is None:
        return [tuple(0 for _ in shape)]
    _, rd, dims = _sg_dims(shape, layout)
    coords = delinearize(sg_id, root.sg_layout, root.effective_order())
    per_dim = [_dim_starts(n, lay, d, coords[k]) for (n, lay, _), k, d in zip(dims, rd, data)]
    return [tuple(p) for p in itertools.product(*per_dim)]


def num_tiles(shape: Sequence[int], layout: AnyLayout) -> int:
    """How many tiles every subgroup holds."""
    return len(tiles(shape, layout, 0))


def tile_elements(start: Sequence[int], tshape: Sequence[int]) -> Iterator[Shape]:
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


def same_ownership(shape_a: Sequence[int], a: AnyLayout, shape_b: Sequence[int], b: AnyLayout) -> bool:
    """True when every subgroup holds the same linear elements under both (shape, layout) pairs."""
    if a.num_subgroups != b.num_subgroups:
        return False
    return all(
        owned_linear(shape_a, a, s) == owned_linear(shape_b, b, s) for s in range(a.num_subgroups)
    )


def layouts_equal(a: AnyLayout, b: AnyLayout) -> bool:
    """Equality of the sg part as the spec defines it: same sg_layout, sg_data and *effective*
    order (dims with sg_layout 1 removed), lane/inst fields compared exactly."""
    if isinstance(a, SliceLayout) or isinstance(b, SliceLayout):
        return a == b
    if (a.sg_layout, a.sg_data, a.inst_data, a.lane_layout, a.lane_data) != (
        b.sg_layout,
        b.sg_data,
        b.inst_data,
        b.lane_layout,
        b.lane_data,
    ):
        return False
    if a.sg_layout is None:
        return a.effective_order() == b.effective_order() or a.lane_layout is None
    sl = a.sg_layout
    ea = [d for d in a.effective_order() if sl[d] > 1]
    eb = [d for d in b.effective_order() if sl[d] > 1]
    return ea == eb
