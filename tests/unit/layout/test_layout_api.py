"""The layout model's API (root/kept_dims, the writer predicate, same_distribution, layout_text)
against brute force: random valid layouts with wrap, sharing, any order and (nested) slices.

The brute force never calls ``tiles``: a subgroup at grid coordinate ``c`` holds tile ``j`` of a
dim with ``t`` tiles and ``L`` subgroups iff ``j % min(L, t) == c % min(L, t)`` (wrap: ``c, c + L,
...``; sharing: coordinates ``c`` and ``c + t`` hold the same tile), its tiles listed in
lexicographic order of their indices, each tile's elements row-major; the grid coordinates come
from a numpy grid of ids.
"""

from __future__ import annotations

import itertools
from math import prod

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wgdist.dialects.xegpu.layout_attrs import LayoutAttr, SliceAttr
from wgdist.layout import (
    AnyLayout,
    Layout,
    SliceLayout,
    block_layouts,
    distribution_errors,
    is_writer,
    layout_text,
    plain_equivalent,
    same_distribution,
    sg_part,
    tiles,
    writer_dims,
)

Shape = tuple[int, ...]


# ---- strategies ------------------------------------------------------------------------------
@st.composite
def dim(draw: st.DrawFn) -> tuple[int, int, int]:
    """(extent, sg_layout, sg_data) of one valid dimension: wrap, exact or sharing."""
    d = draw(st.sampled_from([1, 2, 3, 4]))
    t = draw(st.sampled_from([1, 2, 3, 4, 6]))
    divisors = [x for x in range(1, t + 1) if t % x == 0]
    lay = draw(st.sampled_from(sorted(set(divisors + [2 * t, 3 * t]))))
    return d * t, lay, d


@st.composite
def root_layouts(draw: st.DrawFn, max_rank: int = 3) -> tuple[Shape, Layout]:
    """A valid (full shape, root layout); sg_data sometimes omitted where it is the default."""
    rank = draw(st.integers(1, max_rank))
    dims = [draw(dim()) for _ in range(rank)]
    shape = tuple(n for n, _, _ in dims)
    assume(prod(shape) <= 1024 and prod(lay for _, lay, _ in dims) <= 24)
    lay = tuple(x for _, x, _ in dims)
    data = tuple(d for _, _, d in dims)
    if all(n % L == 0 and n // L == d for n, L, d in dims) and draw(st.booleans()):
        data = None
    order = draw(st.none() | st.permutations(list(range(rank))).map(tuple))
    return shape, Layout(sg_layout=lay, sg_data=data, order=order)


@st.composite
def value_layouts(draw: st.DrawFn) -> tuple[Shape, AnyLayout]:
    """A valid (value shape, layout): a root layout, or up to two nested slices of one."""
    full, layout = draw(root_layouts())
    shape: Shape = full
    lay: AnyLayout = layout
    for _ in range(draw(st.integers(0, 2))):
        if lay.rank < 2:
            break
        dims = draw(st.lists(st.integers(0, lay.rank - 1), min_size=1, max_size=lay.rank - 1, unique=True))
        shape = tuple(n for i, n in enumerate(shape) if i not in dims)
        lay = SliceLayout(lay, tuple(dims))
    assert not distribution_errors(shape, lay), distribution_errors(shape, lay)
    return shape, lay


# ---- brute force -----------------------------------------------------------------------------
def grid_coords(root: Layout) -> list[Shape]:
    """Grid coordinates of each linear id, from a numpy grid whose fastest axis is order[0]."""
    assert root.sg_layout is not None
    L, order = root.sg_layout, root.effective_order()
    ids = np.arange(prod(L)).reshape([L[d] for d in reversed(order)])
    ids = np.transpose(ids, np.argsort(list(reversed(order))))
    out: list[Shape] = [()] * prod(L)
    for c in itertools.product(*(range(x) for x in L)):
        out[int(ids[c])] = c
    return out


def kept_by_hand(layout: AnyLayout) -> tuple[Layout, Shape]:
    """The root and kept root dims, removing each slice level's positions from the inside out."""
    chain: list[SliceLayout] = []
    lay = layout
    while isinstance(lay, SliceLayout):
        chain.append(lay)
        lay = lay.parent
    kept = list(range(lay.rank))
    for s in reversed(chain):
        kept = [k for i, k in enumerate(kept) if i not in s.dims]
    return lay, tuple(kept)


def brute_tiles(shape: Shape, layout: AnyLayout) -> tuple[Shape, list[list[Shape]]]:
    """(tile shape, per subgroup the tile starts it holds in round order), by the formula above."""
    root, kept = kept_by_hand(layout)
    assert root.sg_layout is not None
    L = [root.sg_layout[k] for k in kept]
    D = [n // lay if root.sg_data is None else root.sg_data[k] for n, lay, k in zip(shape, L, kept)]
    out = []
    for c in grid_coords(root):
        per_dim = []
        for n, lay, d, k in zip(shape, L, D, kept):
            t = n // d
            m = min(lay, t)
            per_dim.append([j * d for j in range(t) if j % m == c[k] % m])
        out.append(sorted(itertools.product(*per_dim)))
    return tuple(D), out


def element_lists(shape: Shape, layout: AnyLayout) -> list[list[list[Shape]]]:
    """Per subgroup: its tiles in round order, each the list of its elements, row-major."""
    ts, starts = brute_tiles(shape, layout)
    return [
        [[tuple(a + b for a, b in zip(st_, off)) for off in itertools.product(*(range(x) for x in ts))] for st_ in sg]
        for sg in starts
    ]


def linear_sets(shape: Shape, layout: AnyLayout) -> list[frozenset[int]]:
    strides = [prod(shape[i + 1 :]) for i in range(len(shape))]
    return [
        frozenset(sum(i * s for i, s in zip(e, strides)) for tile in sg for e in tile)
        for sg in element_lists(shape, layout)
    ]


# ---- root / kept_dims ------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(value_layouts())
def test_root_and_kept_dims(sl):
    shape, layout = sl
    root, kept = kept_by_hand(layout)
    assert layout.root == root and layout.root.root == root
    assert layout.kept_dims == kept and len(kept) == layout.rank == len(shape)
    assert root.kept_dims == tuple(range(root.rank))
    assert tiles(shape, layout, 0) == brute_tiles(shape, layout)[1][0]


@settings(max_examples=100, deadline=None)
@given(root_layouts(), st.data())
def test_a_slice_holds_the_projection_of_its_roots_tiles(sl, data):
    """Subgroup s's tiles under a slice are its root tiles projected onto the kept dims (first
    occurrences, in order): the subgroups that differ only along removed dims hold the same data."""
    full, root = sl
    assume(root.rank >= 2)
    dims = tuple(data.draw(st.lists(st.integers(0, root.rank - 1), min_size=1, max_size=root.rank - 1, unique=True)))
    s = SliceLayout(root, dims)
    shape = tuple(full[k] for k in s.kept_dims)
    for sg in range(root.num_subgroups):
        proj = list(dict.fromkeys(tuple(t[k] for k in s.kept_dims) for t in tiles(full, root, sg)))
        assert tiles(shape, s, sg) == proj


# ---- the writer predicate --------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(value_layouts())
def test_writer_predicate_selects_one_holder_per_tile(sl):
    shape, layout = sl
    _, held = brute_tiles(shape, layout)
    writers = [s for s in range(layout.num_subgroups) if is_writer(shape, layout, s)]
    written = [t for s in writers for t in held[s]]
    every = {t for sg in held for t in sg}
    assert sorted(written) == sorted(every), "each tile written exactly once, by a subgroup holding it"
    assert (writer_dims(shape, layout) == []) == all(
        sum(t in sg for sg in held) == 1 for t in every
    ), "no predicate exactly when no tile is held twice"


def test_writer_predicate_examples():
    # 8 subgroups on 4 tiles of a sharing dim: coordinates 0..3 write
    lay = Layout(sg_layout=(8,), sg_data=(16,))
    assert writer_dims((64,), lay) == [(0, 4)]
    assert [s for s in range(8) if is_writer((64,), lay, s)] == [0, 1, 2, 3]
    # a slice of dim 1: the subgroups with coordinate 0 there write
    s = SliceLayout(Layout(sg_layout=(2, 4), sg_data=(16, 8)), (1,))
    assert writer_dims((32,), s) == [(1, 1)]
    assert [g for g in range(8) if is_writer((32,), s, g)] == [0, 4]


# ---- same_distribution -----------------------------------------------------------------------
@st.composite
def variants(draw: st.DrawFn, shape: Shape, layout: AnyLayout) -> AnyLayout:
    """Another layout for ``shape``: often one that distributes it the same way by other fields."""
    root = layout.root
    assert root.sg_layout is not None
    kind = draw(st.sampled_from(["order", "data", "layout", "plain", "sg_part", "slice_order", "default"]))
    if kind == "plain" and isinstance(layout, SliceLayout):
        p = plain_equivalent(shape, layout)
        if p is not None:
            return p
    if kind == "slice_order" or (kind == "plain" and isinstance(layout, SliceLayout)):
        order = draw(st.permutations(list(range(root.rank))).map(tuple))
        return _with_root(layout, Layout(root.sg_layout, root.sg_data, order=order))
    if kind == "sg_part":
        return sg_part(layout)
    if kind == "default" and root.sg_data is not None:
        return _with_root(layout, Layout(root.sg_layout, None, order=root.order))
    full_rank = root.rank
    if kind == "order":
        return _with_root(layout, Layout(root.sg_layout, root.sg_data, order=tuple(draw(st.permutations(list(range(full_rank)))))))
    if kind == "data" and root.sg_data is not None:
        d = draw(st.integers(0, full_rank - 1))
        data = list(root.sg_data)
        data[d] = draw(st.sampled_from([1, 2, 4, data[d]]))
        return _with_root(layout, Layout(root.sg_layout, tuple(data), order=root.order))
    sg = list(root.sg_layout)
    draw(st.randoms()).shuffle(sg)
    return _with_root(layout, Layout(tuple(sg), root.sg_data, order=root.order))


def _with_root(layout: AnyLayout, root: Layout) -> AnyLayout:
    if isinstance(layout, Layout):
        return root
    return SliceLayout(_with_root(layout.parent, root), layout.dims)


@settings(max_examples=200, deadline=None)
@given(value_layouts(), st.data())
def test_same_distribution_is_equal_element_lists(sl, data):
    shape, a = sl
    b = data.draw(variants(shape, a))
    assume(not distribution_errors(shape, b))
    want = a.num_subgroups == b.num_subgroups and element_lists(shape, a) == element_lists(shape, b)
    assert same_distribution(shape, a, b) == want
    assert same_distribution(shape, b, a) == want
    assert same_distribution(shape, a, a)


@settings(max_examples=100, deadline=None)
@given(value_layouts(), st.data())
def test_same_distribution_across_a_reshape_is_equal_element_sets(sl, data):
    shape, a = sl
    # shape_b: shape with two adjacent dims merged, a unit dim inserted, or flattened
    how = data.draw(st.sampled_from(["merge", "unit", "flat"]))
    if how == "merge" and len(shape) >= 2:
        i = data.draw(st.integers(0, len(shape) - 2))
        shape_b = shape[:i] + (shape[i] * shape[i + 1],) + shape[i + 2 :]
    elif how == "unit":
        i = data.draw(st.integers(0, len(shape)))
        shape_b = shape[:i] + (1,) + shape[i:]
    else:
        shape_b = (prod(shape),)
    cands: list[AnyLayout] = list(block_layouts(shape_b, a))
    for i in range(len(shape_b)):
        for L in {1, 2, a.num_subgroups}:
            for d in {1, 2, 4, shape_b[i]}:
                lay = [1] * len(shape_b)
                data_ = list(shape_b)
                lay[i], data_[i] = L, d
                cands.append(Layout(tuple(lay), tuple(data_)))
    cands = [c for c in cands if not distribution_errors(shape_b, c)]
    assume(cands)
    b = data.draw(st.sampled_from(cands))
    want = a.num_subgroups == b.num_subgroups and linear_sets(shape, a) == linear_sets(shape_b, b)
    assert same_distribution(shape, a, b, shape_b=shape_b) == want


def test_same_distribution_compares_how_a_subgroup_splits_its_tile():
    base = dict(sg_layout=(2, 2), sg_data=(16, 32))
    a = Layout(**base, lane_layout=(1, 16), lane_data=(1, 1), order=(1, 0))
    assert not same_distribution((32, 64), a, sg_part(a))
    assert not same_distribution((32, 64), a, Layout(**base, lane_layout=(1, 16), lane_data=(1, 2), order=(1, 0)))
    assert not same_distribution((32, 64), a, Layout(**base, inst_data=(8, 16), lane_layout=(1, 16), lane_data=(1, 1), order=(1, 0)))
    # order places lanes only along dims with more than one lane: here dim 1, either way
    one_row = Layout(sg_layout=(1, 4), sg_data=(16, 16), lane_layout=(1, 16), lane_data=(1, 1))
    assert same_distribution((16, 64), one_row, Layout(sg_layout=(1, 4), sg_data=(16, 16), lane_layout=(1, 16),
                                                     lane_data=(1, 1), order=(0, 1)))
    two = Layout(sg_layout=(1, 4), sg_data=(16, 16), lane_layout=(2, 8), lane_data=(1, 1))
    assert not same_distribution((16, 64), two, Layout(sg_layout=(1, 4), sg_data=(16, 16), lane_layout=(2, 8),
                                                     lane_data=(1, 1), order=(0, 1)))
    # a subgroup-level layout (no sg_layout) is compared by its lane split alone
    assert same_distribution((16, 16), Layout(lane_layout=(1, 16)), Layout(lane_layout=(1, 16), order=(1, 0)))


# ---- layout_text -----------------------------------------------------------------------------
@st.composite
def attr_layouts(draw: st.DrawFn) -> AnyLayout:
    """Any structurally valid layout (every field combination the attribute accepts), possibly
    under nested slices."""
    rank = draw(st.integers(1, 3))
    field = st.lists(st.integers(1, 64), min_size=rank, max_size=rank).map(tuple)
    sg_layout = draw(st.none() | field)
    lane_layout = draw(st.none() | field)
    inst = draw(st.none() | field)
    if sg_layout is None and lane_layout is None and inst is None:
        inst = draw(field)
    layout: AnyLayout = Layout(
        sg_layout=sg_layout,
        sg_data=draw(st.none() | field) if sg_layout is not None else None,
        inst_data=inst,
        lane_layout=lane_layout,
        lane_data=draw(st.none() | field) if lane_layout is not None else None,
        order=(
            draw(st.none() | st.permutations(list(range(rank))).map(tuple))
            if sg_layout is not None or lane_layout is not None
            else None
        ),
    )
    for _ in range(draw(st.integers(0, 2))):
        if layout.rank < 2:
            break
        dims = draw(st.lists(st.integers(0, layout.rank - 1), min_size=1, max_size=layout.rank - 1, unique=True))
        layout = SliceLayout(layout, tuple(dims))
    assert not layout.structural_errors()
    return layout


def to_attr(layout: AnyLayout) -> LayoutAttr | SliceAttr:
    if isinstance(layout, Layout):
        return LayoutAttr.from_model(layout)
    return SliceAttr(to_attr(layout.parent), layout.dims)


@settings(max_examples=150, deadline=None)
@given(attr_layouts())
def test_layout_text_is_the_printed_attribute(layout):
    attr = to_attr(layout)
    assert layout_text(layout) == str(attr)
    assert attr.to_model() == layout


def test_layout_text_examples():
    lay = Layout(sg_layout=(2, 2), sg_data=(32, 32), order=(1, 0))
    assert layout_text(lay) == "#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], order = [1, 0]>"
    assert layout_text(SliceLayout(lay, (1,))) == (
        "#xegpu.slice<#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], order = [1, 0]>, dims = [1]>"
    )
