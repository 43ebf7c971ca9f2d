"""Operand-layout rules (wgdist/layout/rules.py, wgdist/layout/rules_shape.py) against brute-force ownership.

For every rule and random valid result layouts: each subgroup's operand tiles hold exactly the
data its result tiles need, enumerated element by element with the layout model's ``owned``.
Plus the RFC examples of layouts-spec.md section 2.
"""

from __future__ import annotations

import itertools
from math import prod

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wgdist.layout import (
    Layout,
    RuleError,
    SliceLayout,
    broadcast_source_layout,
    delinearize,
    dim_mode,
    distribution_errors,
    dpas_operand_layouts,
    dpas_result_layout,
    owned,
    plain_equivalent,
    reduction_source_accepts,
    reduction_source_layout,
    same_distribution,
    shape_cast_source_layout,
    transpose_source_layout,
)


# ---- strategies ------------------------------------------------------------------------------
@st.composite
def dim(draw: st.DrawFn) -> tuple[int, int, int]:
    """(extent, sg_layout, sg_data) of one valid dimension: wrap, exact or sharing."""
    d = draw(st.sampled_from([1, 2, 3, 4]))
    t = draw(st.sampled_from([1, 2, 3, 4]))
    divisors = [x for x in range(1, t + 1) if t % x == 0]
    lay = draw(st.sampled_from(sorted(set(divisors + [2 * t]))))
    return d * t, lay, d


@st.composite
def shaped_layout(draw: st.DrawFn, rank: int) -> tuple[tuple[int, ...], Layout]:
    dims = [draw(dim()) for _ in range(rank)]
    shape = tuple(n for n, _, _ in dims)
    assume(prod(shape) <= 512 and prod(lay for _, lay, _ in dims) <= 16)
    order = draw(st.permutations(list(range(rank))))
    lay = Layout(sg_layout=[x for _, x, _ in dims], sg_data=[d for _, _, d in dims], order=order)
    assert not distribution_errors(shape, lay)
    return shape, lay


def subgroups(layout: Layout | SliceLayout) -> range:
    return range(layout.num_subgroups)


# ---- transpose -------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.integers(1, 3).flatmap(lambda r: st.tuples(shaped_layout(r), st.permutations(list(range(r))))))
def test_transpose_is_subgroup_local(case):
    (res_shape, res), perm = case
    src_shape = [0] * len(perm)
    for i, p in enumerate(perm):
        src_shape[p] = res_shape[i]
    src = transpose_source_layout(res, perm)
    assert not distribution_errors(src_shape, src)
    for s in subgroups(res):
        permuted = {tuple(e[p] for p in perm) for e in owned(src_shape, src, s)}
        assert permuted == owned(res_shape, res, s)


def test_transpose_rfc_example_permutes_order_and_lane_fields():
    res = Layout((4, 8), (32, 64), lane_layout=(1, 16), lane_data=(1, 1), order=(1, 0))
    src = transpose_source_layout(res, (1, 0))
    assert src == Layout((8, 4), (64, 32), lane_layout=(16, 1), lane_data=(1, 1), order=(0, 1))
    # Appendix 1.2: #mp_b -> #mp_bt
    assert transpose_source_layout(Layout((8, 4), (32, 64), order=(1, 0)), (1, 0)) == Layout(
        (4, 8), (64, 32), order=(0, 1)
    )


def test_transpose_default_order_becomes_explicit():
    src = transpose_source_layout(Layout((2, 4), (8, 8)), (1, 0))
    assert src.order == (0, 1)


# ---- multi_reduction -------------------------------------------------------------------------
def _reduction_case(draw: st.DrawFn, sliced: bool):
    src_shape, src_lay = draw(shaped_layout(draw(st.integers(2, 3))))
    rank = len(src_shape)
    red = sorted(draw(st.sets(st.integers(0, rank - 1), min_size=1, max_size=rank - 1)))
    kept = [d for d in range(rank) if d not in red]
    res_shape = tuple(src_shape[d] for d in kept)
    if sliced:
        return src_shape, red, res_shape, SliceLayout(src_lay, red)
    assert src_lay.sg_layout and src_lay.sg_data
    res = Layout(
        [src_lay.sg_layout[d] for d in kept],
        [src_lay.sg_data[d] for d in kept],
        order=draw(st.permutations(list(range(len(kept))))),
    )
    return src_shape, red, res_shape, res


def _project(elems, kept):
    return {tuple(e[d] for d in kept) for e in elems}


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_reduction_plain_result_owns_whole_fibres(data):
    src_shape, red, res_shape, res = _reduction_case(data.draw, sliced=False)
    src = reduction_source_layout(res, src_shape, red)
    kept = [d for d in range(len(src_shape)) if d not in red]
    for d in red:
        assert src.sg_layout[d] == 1 and src.sg_data[d] == src_shape[d]
    for s in subgroups(res):
        mine = owned(src_shape, src, s)
        assert _project(mine, kept) == owned(res_shape, res, s)
        # every fibre is complete: the reduction needs no other subgroup
        fibre = prod(src_shape[d] for d in red)
        assert len(mine) == len(_project(mine, kept)) * fibre


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_reduction_slice_result_projects_and_never_shares_reduced_data(data):
    src_shape, red, res_shape, res = _reduction_case(data.draw, sliced=True)
    try:
        src = reduction_source_layout(res, src_shape, red)
    except RuleError:
        # only when a reduced dim split over subgroups cannot avoid sharing
        parent = res.parent
        assert any(parent.sg_layout[d] > 1 and src_shape[d] % parent.sg_layout[d] for d in red)
        return
    kept = [d for d in range(len(src_shape)) if d not in red]
    for s in subgroups(res):
        assert _project(owned(src_shape, src, s), kept) == owned(res_shape, res, s)
    # a reduction team (subgroups differing only along reduced dims) partitions the fibres of
    # its result elements: disjoint source sets whose union is every fibre
    teams: dict[tuple[int, ...], list[int]] = {}
    for s in subgroups(res):
        c = delinearize(s, src.sg_layout, src.effective_order())
        teams.setdefault(tuple(c[d] for d in kept), []).append(s)
    for members in teams.values():
        sets = [owned(src_shape, src, s) for s in members]
        union = set().union(*sets)
        assert sum(len(x) for x in sets) == len(union)
        fibres = {
            e
            for r in owned(res_shape, res, members[0])
            for e in itertools.product(*[[r[kept.index(d)]] if d in kept else range(src_shape[d]) for d in range(len(src_shape))])
        }
        assert union == fibres


def test_reduction_rfc_examples():
    assert reduction_source_layout(Layout((32,), (8,), order=(0,)), (256, 128), [1]) == Layout(
        (32, 1), (8, 128), order=(1, 0)
    )
    assert reduction_source_layout(
        Layout((8, 4), (1, 32), order=(1, 0)), (8, 32, 128), [1]
    ) == Layout((8, 1, 4), (1, 32, 32), order=(2, 1, 0))
    # Appendix 1.2: #mp_reduce [32]/[8] -> #mp_reduce2 [32,1]/[8,256]
    assert reduction_source_layout(Layout((32,), (8,)), (256, 256), [1]) == Layout(
        (32, 1), (8, 256), order=(1, 0)
    )


def test_reduction_slice_keeps_split_reduced_dim():
    parent = Layout((4, 8), (64, 32), order=(1, 0))
    src = reduction_source_layout(SliceLayout(parent, (1,)), (256, 256), [1])
    assert src == parent  # cross-subgroup: 8 subgroups each reduce 32 of the 256 columns


def test_reduction_slice_replaces_shared_reduced_data():
    parent = Layout((4, 8), (64, 256), order=(1, 0))  # dim 1 shared by 8 subgroups
    src = reduction_source_layout(SliceLayout(parent, (1,)), (256, 256), [1])
    assert src == Layout((4, 8), (64, 32), order=(1, 0))


def test_reduction_slice_dims_must_match():
    with pytest.raises(RuleError, match="slices dims"):
        reduction_source_layout(SliceLayout(Layout((4, 8), (64, 32)), (0,)), (256, 256), [1])


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_reduction_source_accepts_exactly_the_layouts_with_the_same_fibres_and_no_double_count(data):
    """Any other source layout is accepted iff, by brute force, every subgroup's source data
    projects onto exactly its result elements, and no reduced dim is shared (an element held by
    two subgroups of one reduction team would be counted twice)."""
    src_shape, red, res_shape, res = _reduction_case(data.draw, sliced=True)
    # same shape and subgroup grid, any valid sg_data and order
    data_ = []
    for n, lay in zip(src_shape, res.parent.sg_layout):
        ok = [d for d in range(1, n + 1) if n % d == 0 and dim_mode(n, lay, d) != "invalid"]
        data_.append(data.draw(st.sampled_from(ok)))
    order = data.draw(st.permutations(list(range(len(src_shape)))))
    cand = Layout(res.parent.sg_layout, data_, order=order)
    kept = [d for d in range(len(src_shape)) if d not in red]
    same_fibres = all(
        _project(owned(src_shape, cand, s), kept) == owned(res_shape, res, s) for s in subgroups(res)
    )
    no_shared_reduced = all(
        (src_shape[d] // cand.sg_data[d]) % cand.sg_layout[d] == 0 for d in red
    )
    assert reduction_source_accepts(res, src_shape, red, cand) == (same_fibres and no_shared_reduced)


def test_reduction_source_accepts_any_split_sg_data_softmax():
    res = SliceLayout(Layout((8, 4), (32, 1)), (1,))  # what the shape_cast/broadcast chain derives
    assert reduction_source_accepts(res, (256, 128), [1], Layout((8, 4), (32, 32)))
    assert reduction_source_accepts(res, (256, 128), [1], Layout((8, 4), (32, 8)))
    assert not reduction_source_accepts(res, (256, 128), [1], Layout((8, 4), (32, 64)))  # shared
    assert not reduction_source_accepts(res, (256, 128), [1], Layout((4, 8), (64, 16)))  # other rows


# ---- dpas result -------------------------------------------------------------------------------
def test_dpas_result_from_a_and_b():
    cd = dpas_result_layout(Layout((4, 4), (32, 64)), Layout((4, 4), (64, 32)), 128, 128, 64)
    assert cd == Layout((4, 4), (32, 32), order=(1, 0))
    assert dpas_operand_layouts(cd, 128, 128, 64) == (Layout((4, 4), (32, 64), order=(1, 0)), Layout((4, 4), (64, 32), order=(1, 0)))
    with pytest.raises(RuleError, match="layout_a .* does not form a dpas"):
        dpas_result_layout(Layout((4, 4), (32, 32)), Layout((4, 4), (64, 32)), 128, 128, 64)  # K split


# ---- plain equivalents of slices ----------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_plain_equivalent_owns_what_the_slice_owns(data):
    shape, lay = data.draw(shaped_layout(data.draw(st.integers(2, 3))))
    dims = sorted(data.draw(st.sets(st.integers(0, len(shape) - 1), min_size=1, max_size=len(shape) - 1)))
    sl = SliceLayout(lay, dims)
    kept_shape = tuple(n for d, n in enumerate(shape) if d not in dims)
    eq = plain_equivalent(kept_shape, sl)
    if eq is None:
        return
    assert not distribution_errors(kept_shape, eq)
    for s in subgroups(lay):
        assert owned(kept_shape, eq, s) == owned(kept_shape, sl, s)


def test_plain_equivalent_spec_example():
    # spec 2.3: [8, 4]/[32, 64] broadcast over 256 -> [32]/[64]
    assert plain_equivalent((256,), SliceLayout(Layout((8, 4), (32, 64)), (0,))) == Layout((32,), (64,), order=(0,))
    # column-major subgroups: no plain layout replicates that way
    assert plain_equivalent((256,), SliceLayout(Layout((8, 4), (32, 64), order=(0, 1)), (0,))) is None


# ---- broadcast -------------------------------------------------------------------------------
def _needed_by_broadcast(res_elems, src_shape, res_shape):
    r, k = len(res_shape), len(src_shape)
    return {
        tuple(0 if src_shape[i] == 1 else e[i + r - k] for i in range(k)) for e in res_elems
    }


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_broadcast_source_holds_exactly_what_result_needs(data):
    res_shape, res = data.draw(shaped_layout(data.draw(st.integers(1, 3))))
    r = len(res_shape)
    k = data.draw(st.integers(0 if r > 1 else 1, r))
    k = max(k, 1)
    src_shape = tuple(
        1 if data.draw(st.booleans()) else res_shape[i] for i in range(r - k, r)
    )
    src = broadcast_source_layout(res, src_shape, res_shape)
    assert not distribution_errors(src_shape, src)
    assert src.num_subgroups == res.num_subgroups
    for s in subgroups(res):
        need = _needed_by_broadcast(owned(res_shape, res, s), src_shape, res_shape)
        assert owned(src_shape, src, s) == need


def test_broadcast_rfc_examples():
    # Appendix 1.2 (same rank, 1x256 bias): #mp_c -> #mp_bcast
    assert broadcast_source_layout(Layout((8, 4), (32, 64), order=(1, 0)), (1, 256), (256, 256)) == Layout(
        (8, 4), (1, 64), order=(1, 0)
    )
    # IMEX broadcast test: 32x1 -> 32x512
    assert broadcast_source_layout(Layout((4, 8), (32, 64)), (32, 1), (32, 512)) == Layout(
        (4, 8), (32, 1), order=(1, 0)
    )
    # dropped dim with sg_layout 1: removed; with sg_layout > 1: a slice
    assert broadcast_source_layout(Layout((1, 32), (256, 8)), (256,), (256, 256)) == Layout(
        (32,), (8,), order=(0,)
    )
    src = broadcast_source_layout(Layout((8, 4), (32, 64)), (256,), (256, 256))
    assert src == SliceLayout(Layout((8, 4), (32, 64), order=(1, 0)), (0,))


def test_broadcast_rejects_incompatible_dims():
    with pytest.raises(RuleError, match="cannot broadcast"):
        broadcast_source_layout(Layout((8, 4), (32, 64)), (2, 256), (256, 256))


# ---- dpas ------------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(shaped_layout(2), st.sampled_from([8, 16, 32]))
def test_dpas_operands_cover_rows_and_columns(case, k):
    (m, n), cd = case
    a, b = dpas_operand_layouts(cd, m, n, k)
    assert not distribution_errors((m, k), a) and not distribution_errors((k, n), b)
    for s in subgroups(cd):
        c_elems = owned((m, n), cd, s)
        rows = {i for i, _ in c_elems}
        cols = {j for _, j in c_elems}
        assert owned((m, k), a, s) == set(itertools.product(rows, range(k)))
        assert owned((k, n), b, s) == set(itertools.product(range(k), cols))


def test_dpas_rfc_examples():
    a, b = dpas_operand_layouts(Layout((8, 4), (32, 64)), 256, 256, 32)
    assert (a.sg_data, b.sg_data) == ((32, 32), (32, 64))
    a, b = dpas_operand_layouts(Layout((8, 4), (64, 64)), 512, 256, 32)
    assert (a.sg_data, b.sg_data) == ((64, 32), (32, 64))
    a, b = dpas_operand_layouts(Layout((4, 4), (32, 32), order=(0, 1)), 128, 128, 128)
    assert a == Layout((4, 4), (32, 128), order=(0, 1)) and b == Layout((4, 4), (128, 32), order=(0, 1))


# ---- shape_cast ------------------------------------------------------------------------------
def _factorizations(n: int) -> list[tuple[int, ...]]:
    out = [(n,)]
    for a in range(2, n):
        if n % a == 0:
            out.append((a, n // a))
            for b in range(2, n // a):
                if (n // a) % b == 0:
                    out.append((a, b, n // a // b))
    return out


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_shape_cast_accepted_layouts_keep_ownership(data):
    res_shape, res = data.draw(shaped_layout(data.draw(st.integers(1, 3))))
    n = prod(res_shape)
    src_shape = data.draw(st.sampled_from(_factorizations(n) + [res_shape + (1,), (1,) + res_shape]))
    try:
        src = shape_cast_source_layout(res, src_shape, res_shape)
    except RuleError:
        return
    assert not distribution_errors(src_shape, src)

    def linear(shape, elems):
        strides = [prod(shape[i + 1 :]) for i in range(len(shape))]
        return {sum(a * b for a, b in zip(e, strides)) for e in elems}

    for s in subgroups(res):
        assert linear(src_shape, owned(src_shape, src, s)) == linear(res_shape, owned(res_shape, res, s))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 3).flatmap(shaped_layout))
def test_shape_cast_unit_dims_always_have_a_layout(case):
    shape, res = case
    for src_shape in (shape + (1,), (1,) + shape):
        src = shape_cast_source_layout(res, src_shape, shape)
        assert not distribution_errors(src_shape, src)
    if len(shape) > 1 and shape[-1] == 1:
        shape_cast_source_layout(res, shape[:-1], shape)  # removing a unit dim works too


def test_shape_cast_rfc_examples():
    # merge: 256x128 -> 8x32x128
    assert shape_cast_source_layout(
        Layout((8, 1, 4), (1, 32, 32), order=(2, 1, 0)), (256, 128), (8, 32, 128)
    ) == Layout((8, 4), (32, 32), order=(1, 0))
    # unit dim: 256x1x128 -> 256x128
    assert shape_cast_source_layout(
        Layout((8, 4), (32, 32), order=(1, 0)), (256, 1, 128), (256, 128)
    ) == Layout((8, 1, 4), (32, 1, 32), order=(2, 1, 0))
    # split: 8x32x128 -> 256x128
    assert shape_cast_source_layout(
        Layout((8, 4), (32, 32), order=(1, 0)), (8, 32, 128), (256, 128)
    ) == Layout((8, 1, 4), (1, 32, 32), order=(2, 1, 0))
    # A4: the product rule is wrong for an outer fully-owned dim; the closed form is right
    assert shape_cast_source_layout(Layout((1, 2), (4, 16)), (128,), (4, 32)) == Layout(
        (2,), (16,), order=(0,)
    )


def test_shape_cast_column_major_merge_is_a_conflict():
    with pytest.raises(RuleError, match="no source layout"):
        shape_cast_source_layout(Layout((4, 2), (8, 16), order=(0, 1)), (1024,), (32, 32))


def test_shape_cast_slice_result_gets_its_parent():
    res = SliceLayout(Layout((32, 1), (8, 128)), (1,))
    assert shape_cast_source_layout(res, (256, 1), (256,)) == Layout((32, 1), (8, 1), order=(1, 0))


# ---- equality used for conflicts --------------------------------------------------------------
def test_same_distribution():
    a = Layout((8, 1), (32, 128), order=(1, 0))
    b = Layout((8, 1), (32, 128), order=(0, 1))  # order differs only on a unit dim
    assert same_distribution((256, 128), a, b)
    assert not same_distribution((256, 128), a, Layout((4, 2), (64, 64)))
    assert not same_distribution(
        (256, 128), a, Layout((8, 1), (32, 128), lane_layout=(1, 16), lane_data=(1, 1))
    )


def test_shape_cast_split_with_sharing_keeps_the_leftover_subgroups():
    # 4 rows shared by 8 subgroups, cast from 2x2x1: the subgroups beyond the 4 tiles replicate
    # along the outer dim of the split (was: no candidate, an error, although one fits)
    res = Layout((8, 1), (1, 1), order=(0, 1))
    src = shape_cast_source_layout(res, (2, 2, 1), (4, 1))
    assert not distribution_errors((2, 2, 1), src)
    assert same_distribution((4, 1), res, src, shape_b=(2, 2, 1))
