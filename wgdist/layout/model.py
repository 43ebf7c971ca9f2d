"""The two layout classes: :class:`Layout` (``#xegpu.layout``) and :class:`SliceLayout`
(``#xegpu.slice``), frozen dataclasses compared with plain ``==`` (structural identity).

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
dimensions hold the same data. Both classes answer :attr:`~Layout.root` (the non-slice layout at
the bottom) and :attr:`~Layout.kept_dims` (the root dims the value has), so callers never test
which of the two they hold to reach the subgroup grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import overload

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
    def root(self) -> Layout:
        """The layout itself (a :class:`SliceLayout` answers its parent chain's root)."""
        return self

    @property
    def kept_dims(self) -> Shape:
        """The root dims this layout's value has: all of them, ``(0, ..., rank - 1)``."""
        return tuple(range(self.rank))

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
        """The non-slice layout at the bottom of the parent chain."""
        return self.parent.root

    @property
    def kept_dims(self) -> Shape:
        """The dims of the root layout that this slice keeps, in order."""
        return tuple(k for i, k in enumerate(self.parent.kept_dims) if i not in self.dims)

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


def replace_root(layout: AnyLayout, root: Layout) -> AnyLayout:
    """``layout`` with its root replaced by ``root`` (the same slice chain on top)."""
    if isinstance(layout, Layout):
        return root
    return SliceLayout(replace_root(layout.parent, root), layout.dims)


@overload
def sg_part(layout: Layout) -> Layout: ...
@overload
def sg_part(layout: SliceLayout) -> SliceLayout: ...
def sg_part(layout: AnyLayout) -> AnyLayout:
    """Only the subgroup fields of ``layout`` (``order`` kept when ``sg_layout`` is present); a
    slice keeps its dims over the subgroup fields of its root. The layout that says which
    elements each subgroup holds, without how a subgroup splits its tile further."""
    root = layout.root
    if root.sg_layout is None:
        return replace_root(layout, Layout())
    return replace_root(layout, Layout(sg_layout=root.sg_layout, sg_data=root.sg_data, order=root.order))
