"""The layout model (wgdist/layout/) against brute-force enumeration and the RFC's tables."""

from __future__ import annotations

import itertools
from math import prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist import layout as lm
from wgdist.layout import Layout, SliceLayout


# ---- strategies ------------------------------------------------------------------------------
@st.composite
def shaped_layouts(draw: st.DrawFn, max_rank: int = 3, valid_only: bool = True):
    """A (shape, Layout) pair; shapes up to rank 3, every dim wrap/share/exact."""
    rank = draw(st.integers(1, max_rank))
    shape, lay, data = [], [], []
    for _ in range(rank):
        d = draw(st.sampled_from([1, 2, 3, 4, 8]))
        t = draw(st.sampled_from([1, 2, 3, 4, 6, 8]))
        n = d * t
        if valid_only:
            # L divides t (wrap) or t divides L (share)
            divisors = [x for x in range(1, t + 1) if t % x == 0]
            multiples = [t * m for m in (1, 2, 4)]
            L = draw(st.sampled_from(sorted(set(divisors + multiples))))
        else:
            L = draw(st.integers(1, 8))
        shape.append(n)
        lay.append(L)
        data.append(d)
    order = draw(st.permutations(list(range(rank))))
    return tuple(shape), Layout(sg_layout=lay, sg_data=data, order=order)


def brute_ids(sg_layout: tuple[int, ...], order: tuple[int, ...]) -> np.ndarray:
    """Grid of linear ids built with numpy: fastest dim = order[0]."""
    S = prod(sg_layout)
    grid = np.arange(S).reshape([sg_layout[d] for d in reversed(order)])
    # axis j of grid is dim reversed(order)[j]; move to natural dim order
    return np.transpose(grid, np.argsort(list(reversed(order))))


def brute_owners(shape, layout: Layout) -> dict[tuple[int, ...], set[int]]:
    """Owners of each element computed per dimension from tile indices (no call to tiles())."""
    L, D = layout.sg_layout, layout.sg_data_for(shape)
    ids = brute_ids(L, layout.effective_order())
    owners: dict[tuple[int, ...], set[int]] = {}
    for e in itertools.product(*(range(n) for n in shape)):
        coord_sets = []
        for x, n, lay, d in zip(e, shape, L, D):
            j, t = x // d, n // d
            if t >= lay:
                coord_sets.append([j % lay])
            else:
                coord_sets.append(list(range(j, lay, t)))
        owners[e] = {int(ids[c]) for c in itertools.product(*coord_sets)}
    return owners


# ---- linearization ---------------------------------------------------------------------------
@given(st.lists(st.integers(1, 5), min_size=1, max_size=4).flatmap(
    lambda L: st.tuples(st.just(tuple(L)), st.permutations(list(range(len(L)))))))
def test_delinearize_matches_numpy_grid(args):
    L, order = args
    ids = brute_ids(L, tuple(order))
    for coords in itertools.product(*(range(x) for x in L)):
        s = int(ids[coords])
        assert lm.delinearize(s, L, order) == coords
        assert lm.linearize(coords, L, order) == s


def test_rfc_4x4_order_tables():
    L = (4, 4)
    row = [[lm.linearize((r, c), L, (1, 0)) for c in range(4)] for r in range(4)]
    col = [[lm.linearize((r, c), L, (0, 1)) for c in range(4)] for r in range(4)]
    assert row == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    assert col == [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]]


def test_3d_order_120_uses_products_of_faster_dims():
    # layouts-spec A2: order [1,2,0] on L=[2,3,4] gives y + d1*z + d1*d2*x, a bijection
    L = (2, 3, 4)
    seen = {lm.linearize((x, y, z), L, (1, 2, 0)) for x in range(2) for y in range(3) for z in range(4)}
    assert seen == set(range(24))
    assert lm.linearize((1, 2, 3), L, (1, 2, 0)) == 2 + 3 * 3 + 3 * 4 * 1


def test_ids_past_the_grid_wrap():
    assert lm.delinearize(8 * 4 + 5, (8, 4), (1, 0)) == lm.delinearize(5, (8, 4), (1, 0))


# ---- ownership -------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(shaped_layouts())
def test_owned_matches_brute_force(sl):
    shape, layout = sl
    assert lm.distribution_errors(shape, layout) == []
    owners = brute_owners(shape, layout)
    for s in range(layout.num_subgroups):
        expect = {e for e, os in owners.items() if s in os}
        assert lm.owned(shape, layout, s) == expect


@settings(max_examples=150, deadline=None)
@given(shaped_layouts())
def test_every_element_owned_and_counts_uniform(sl):
    shape, layout = sl
    counts = lm.owner_counts(shape, layout)
    assert set(counts) == set(itertools.product(*(range(n) for n in shape)))
    # sharing replicates uniformly: every element has the same number of owners
    assert len(set(counts.values())) == 1
    no_share = all(lm.dim_mode(n, L, d) == "wrap" for n, L, d in
                   zip(shape, layout.sg_layout, layout.sg_data_for(shape)))
    assert (set(counts.values()) == {1}) == no_share


@settings(max_examples=150, deadline=None)
@given(shaped_layouts())
def test_tiles_are_row_major_over_rounds(sl):
    shape, layout = sl
    D = layout.sg_data_for(shape)
    for s in range(layout.num_subgroups):
        ts = lm.tiles(shape, layout, s)
        rounds = lm.rounds(shape, layout.sg_layout, D)
        assert len(ts) == prod(rounds) == lm.num_tiles(shape, layout)
        c = lm.delinearize(s, layout.sg_layout, layout.effective_order())
        for idx, k in enumerate(itertools.product(*(range(r) for r in rounds))):
            for i, (n, L, d) in enumerate(zip(shape, layout.sg_layout, D)):
                t = n // d
                assert ts[idx][i] == ((c[i] + k[i] * L) % t) * d
        # tiles of one subgroup never overlap
        elems = [e for st_ in ts for e in lm.tile_elements(st_, D)]
        assert len(elems) == len(set(elems))


@settings(max_examples=200, deadline=None)
@given(shaped_layouts(valid_only=False))
def test_validity_rule_per_dimension(sl):
    shape, layout = sl
    D = layout.sg_data_for(shape)
    ok = all(n % d == 0 and ((n // d) % L == 0 or L % (n // d) == 0)
             for n, L, d in zip(shape, layout.sg_layout, D))
    assert (lm.distribution_errors(shape, layout) == []) == ok


# ---- the RFC's examples and messages ---------------------------------------------------------
def test_rfc_128x128_table():
    """RFC: sg_layout [2,2], sg_data [32,128] on 128x128: rows 0:31 and 64:95 go to subgroups
    0 and 1, rows 32:63 and 96:127 to subgroups 2 and 3 (each with all 128 columns)."""
    layout = Layout(sg_layout=(2, 2), sg_data=(32, 128))
    assert lm.tiles((128, 128), layout, 0) == [(0, 0), (64, 0)]
    assert lm.tiles((128, 128), layout, 1) == [(0, 0), (64, 0)]
    assert lm.tiles((128, 128), layout, 2) == [(32, 0), (96, 0)]
    assert lm.tiles((128, 128), layout, 3) == [(32, 0), (96, 0)]
    assert lm.tile_shape((128, 128), layout) == (32, 128)


def test_upstream_verified_offsets():
    # upstream-llvm22.md 2.3: 256x128 [4,4]/[16,16], sg5 rows {16,80,144,208} x cols {16,80}
    ts = lm.tiles((256, 128), Layout(sg_layout=(4, 4), sg_data=(16, 16)), 5)
    assert ts == [(r, c) for r in (16, 80, 144, 208) for c in (16, 80)]
    # order [0,1] vs [1,0] on 128x64 [4,2]/[32,32]: sg1 -> (32,0) vs (0,32)
    assert lm.tiles((128, 64), Layout(sg_layout=(4, 2), sg_data=(32, 32), order=(0, 1)), 1) == [(32, 0)]
    assert lm.tiles((128, 64), Layout(sg_layout=(4, 2), sg_data=(32, 32), order=(1, 0)), 1) == [(0, 32)]


def test_mixed_wrap_and_sharing_is_valid():
    # LLVM 22 rejects this mix; the per-dimension rule accepts it
    layout = Layout(sg_layout=(4, 4), sg_data=(16, 64))
    assert lm.distribution_errors((128, 128), layout) == []
    assert lm.dim_mode(128, 4, 16) == "wrap" and lm.dim_mode(128, 4, 64) == "share"


@pytest.mark.parametrize(
    ("shape", "layout", "needle"),
    [
        ((12,), Layout(sg_layout=(3,), sg_data=(8,)), "dim 0: shape 12 is not a multiple of sg_data 8"),
        ((96, 64), Layout(sg_layout=(4, 4), sg_data=(32, 16)), "dim 0: 3 tiles of sg_data 32"),
        ((64,), Layout(sg_layout=(8,), sg_data=(8,), order=(1,)), "order [1] is not a permutation"),
        ((64, 64), Layout(sg_layout=(8,), sg_data=(8,)), "expected layout rank 1 to match the rank 2"),
        ((64,), Layout(sg_layout=(4,), sg_data=(16,), inst_data=(5,)), "sg_data 16 is not a multiple of inst_data 5"),
        ((30,), Layout(sg_layout=(4,)), "shape 30 is not divisible by sg_layout 4"),
    ],
)
def test_error_messages_name_dim_and_numbers(shape, layout, needle):
    errs = lm.distribution_errors(shape, layout)
    assert any(needle in e for e in errs), errs
    with pytest.raises(lm.LayoutError):
        lm.check(shape, layout)


def test_no_sharing_mode():
    layout = Layout(sg_layout=(8, 4), sg_data=(32, 32))
    assert lm.distribution_errors((64, 64), layout) == []
    assert any("share" in e for e in lm.distribution_errors((64, 64), layout, no_sharing=True))


def test_slice_layout_projects_parent():
    parent = Layout(sg_layout=(8, 4), sg_data=(32, 32))
    s = SliceLayout(parent, (1,))
    assert s.rank == 1 and s.kept_dims == (0,)
    for sg in range(32):
        # subgroups in the same row of the grid hold the same rows of the reduced vector
        assert lm.tiles((256,), s, sg) == [(32 * (sg // 4),)]
    nested = SliceLayout(SliceLayout(Layout(sg_layout=(2, 4, 8), sg_data=(1, 2, 4)), (0,)), (1,))
    assert nested.kept_dims == (1,)
    assert lm.tiles((8,), nested, 8) == [(2,)]


def test_default_sg_data():
    layout = Layout(sg_layout=(8, 4))
    assert lm.tile_shape((256, 128), layout) == (32, 32)
    assert layout.drop_sg() is None


def test_drop_sg_keeps_lane_and_order():
    layout = Layout(sg_layout=(8, 4), sg_data=(32, 32), lane_layout=(1, 16), lane_data=(1, 1), order=(0, 1))
    assert layout.drop_sg() == Layout(lane_layout=(1, 16), lane_data=(1, 1), order=(0, 1))
    assert Layout(sg_layout=(8, 4), inst_data=(8, 16), order=(0, 1)).drop_sg() == Layout(inst_data=(8, 16))


def test_same_distribution_across_reshape():
    # layouts-spec 2.5: 4x32 with [1,2]/[4,16] -> 128 is [2]/[16]; the product rule [2]/[64] is wrong
    src = Layout(sg_layout=(1, 2), sg_data=(4, 16))
    assert lm.same_distribution((4, 32), src, Layout(sg_layout=(2,), sg_data=(16,)), shape_b=(128,))
    assert not lm.same_distribution((4, 32), src, Layout(sg_layout=(2,), sg_data=(64,)), shape_b=(128,))


def test_same_distribution_ignores_unit_dims_in_order():
    a = Layout(sg_layout=(1, 8), sg_data=(4, 8), order=(0, 1))
    b = Layout(sg_layout=(1, 8), sg_data=(4, 8), order=(1, 0))
    assert lm.same_distribution((4, 64), a, b)
    c = Layout(sg_layout=(2, 4), sg_data=(4, 8), order=(0, 1))
    d = Layout(sg_layout=(2, 4), sg_data=(4, 8), order=(1, 0))
    assert not lm.same_distribution((8, 32), c, d)


# ---- robustness: arbitrary (shape, layout, slice dims) ------------------------------------------
@st.composite
def arbitrary_layouts(draw: st.DrawFn):
    """Any (shape, layout): unit and non-dividing extents, omitted sg_data, bad orders, slices
    (nested too) whose kept dims are anything, ranks that do not match."""
    rank = draw(st.integers(1, 4))
    small = st.integers(0, 9)
    sg_layout = draw(st.lists(st.integers(0, 5), min_size=rank, max_size=rank))
    sg_data = draw(st.none() | st.lists(small, min_size=rank, max_size=rank))
    order = draw(st.none() | st.permutations(list(range(rank))) | st.lists(st.integers(-1, rank), min_size=rank, max_size=rank))
    inst = draw(st.none() | st.lists(small, min_size=rank, max_size=rank))
    layout: lm.AnyLayout = Layout(sg_layout=sg_layout, sg_data=sg_data, inst_data=inst, order=order)
    for _ in range(draw(st.integers(0, 2))):
        dims = draw(st.lists(st.integers(-1, rank), max_size=rank))
        layout = SliceLayout(layout, tuple(dims))
    shape_rank = draw(st.sampled_from([max(0, layout.rank), max(0, layout.rank), rank]))
    shape = tuple(draw(st.lists(st.sampled_from([0, 1, 1, 2, 3, 4, 8, 12, 16]), min_size=shape_rank, max_size=shape_rank)))
    return shape, layout


@settings(max_examples=400, deadline=None)
@given(arbitrary_layouts())
def test_model_raises_only_layout_error(sl):
    """distribution_errors never raises; tiles/tile_shape/num_tiles raise LayoutError (and only
    that) exactly when distribution_errors reports a problem, with or without the unit-dim rule."""
    shape, layout = sl
    for lay in (layout, lm.with_unit_dims(shape, layout)):
        errs = lm.distribution_errors(shape, lay)
        assert isinstance(errs, list)
        if errs:
            with pytest.raises(lm.LayoutError):
                lm.tiles(shape, lay, 0)
            with pytest.raises(lm.LayoutError):
                lm.tile_shape(shape, lay)
            continue
        ts = lm.tile_shape(shape, lay)
        n = lm.num_tiles(shape, lay)
        for s in range(min(lay.num_subgroups, 8)):
            starts = lm.tiles(shape, lay, s)
            assert len(starts) == n
            assert all(0 <= o and o + t <= e for st_ in starts for o, t, e in zip(st_, ts, shape))


def test_unit_dims_of_a_slice_read_as_sg_data_one():
    """The 16x1 slice of [2, 4, 1]/[2, 4, 4] (audit t37: ZeroDivisionError in _dim_starts): the
    unit dim reads as sg_data 1 for slices as for plain layouts."""
    s = SliceLayout(Layout(sg_layout=(2, 4, 1), sg_data=(2, 4, 4)), (0,))
    assert lm.distribution_errors((16, 1), s)  # strictly, 4 does not divide 1
    with pytest.raises(lm.LayoutError, match="dim 1: shape 1 is not a multiple of sg_data 4"):
        lm.tiles((16, 1), s, 0)
    u = lm.with_unit_dims((16, 1), s)
    assert isinstance(u, SliceLayout) and u.dims == (0,) and u.root.sg_data == (2, 4, 1)
    assert lm.tile_shape((16, 1), u) == (4, 1)
    assert lm.tiles((16, 1), u, 5) == [(4, 0)]
    plain = lm.with_unit_dims((256, 1), Layout(sg_layout=(32, 1), sg_data=(8, 128)))
    assert plain == Layout(sg_layout=(32, 1), sg_data=(8, 1))
