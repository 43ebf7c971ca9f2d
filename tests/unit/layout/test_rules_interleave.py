"""``vector.interleave`` / ``deinterleave`` layouts (wgdist/layout/rules_interleave.py) against
brute-force element ownership: a subgroup keeps its data when the wide elements it owns are
exactly the interleavings (``j -> 2j, 2j + 1`` on the trailing dim) of the narrow elements it owns.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.layout.test_layout_rules import shaped_layout
from wgdist.layout import Layout, RuleError, SliceLayout, num_tiles, owned, tile_shape
from wgdist.layout.rules_interleave import (
    interleave_operand_layout,
    interleave_result_layout,
    keeps_data,
)


def _image(elems):
    return {(*e[:-1], 2 * e[-1] + h) for e in elems for h in (0, 1)}


def _halves(elems):
    even = {(*e[:-1], e[-1] // 2) for e in elems if e[-1] % 2 == 0}
    odd = {(*e[:-1], e[-1] // 2) for e in elems if e[-1] % 2 == 1}
    return even, odd


def _wide(shape):
    return (*shape[:-1], 2 * shape[-1])


def _brute_keeps(narrow_shape, narrow, wide):
    return all(
        owned(_wide(narrow_shape), wide, s) == _image(owned(narrow_shape, narrow, s)) for s in range(narrow.num_subgroups)
    )


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 3).flatmap(shaped_layout))
def test_result_layout_keeps_every_subgroups_data(case):
    shape, lay = case
    wide = interleave_result_layout(lay, shape)
    assert _brute_keeps(shape, lay, wide)
    assert keeps_data(shape, lay, wide)
    # and back: the operand layout of that result is the layout we started from
    assert interleave_operand_layout(wide, _wide(shape)) == lay


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 3).flatmap(shaped_layout))
def test_operand_layout_exists_exactly_when_halves_agree(case):
    """The rule answers iff, in every subgroup, the even and the odd trailing positions it owns
    are the same narrow elements; its answer then keeps every subgroup's data. The one
    exception: a trailing dim not split among subgroups (sg_layout 1) with an odd tile, where
    every subgroup owns whole rows but in odd-sized tiles that have no tile-for-tile halves
    (refused; a layout with whole-row tiles is the same split and is answered)."""
    shape, lay = case
    halves_agree = all(
        a == b for a, b in (_halves(owned(shape, lay, s)) for s in range(lay.num_subgroups))
    )
    assert lay.sg_layout is not None and lay.sg_data is not None
    if shape[-1] % 2 or (lay.sg_layout[-1] == 1 and lay.sg_data[-1] % 2):
        halves_agree = False
    try:
        narrow = interleave_operand_layout(lay, shape)
    except RuleError:
        assert not halves_agree
        return
    assert halves_agree
    assert _brute_keeps((*shape[:-1], shape[-1] // 2), narrow, lay)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_keeps_data_is_element_ownership(data):
    """``keeps_data`` for arbitrary pairs of layouts (same subgroup grid) is the brute force,
    with tile-for-tile correspondence (what distribution rewrites): equal tile counts, and the
    wide tile the narrow one with its trailing extent doubled."""
    shape, narrow = data.draw(st.integers(1, 3).flatmap(shaped_layout))
    wide_shape = _wide(shape)
    sg = narrow.sg_layout
    assert sg is not None
    choices = []
    for d, n in enumerate(wide_shape):
        opts = [x for x in range(1, n + 1) if n % x == 0 and ((n // x) % sg[d] == 0 or sg[d] % (n // x) == 0)]
        choices.append(data.draw(st.sampled_from(opts)))
    order = data.draw(st.sampled_from([narrow.order, tuple(reversed(narrow.effective_order()))]))
    wide = Layout(sg_layout=sg, sg_data=tuple(choices), order=order)
    nt, wt = tile_shape(shape, narrow), tile_shape(wide_shape, wide)
    tiles_match = num_tiles(shape, narrow) == num_tiles(wide_shape, wide) and wt == (*nt[:-1], 2 * nt[-1])
    assert keeps_data(shape, narrow, wide) == (_brute_keeps(shape, narrow, wide) and tiles_match)


def test_slice_layout_scales_the_kept_trailing_dim():
    parent = Layout(sg_layout=(2, 4, 2), sg_data=(8, 4, 16))
    sl = SliceLayout(parent, (1,))  # a 16x32 value split [2, 2]/[8, 16], shared along dim 1
    wide = interleave_result_layout(sl, (16, 32))
    assert wide == SliceLayout(Layout(sg_layout=(2, 4, 2), sg_data=(8, 4, 32)), (1,))
    assert _brute_keeps((16, 32), sl, wide)


def test_lane_fields_carry_over_where_they_fit_and_drop_otherwise():
    lay = Layout(sg_layout=(2, 2), sg_data=(8, 32), lane_layout=(1, 16), lane_data=(1, 1))
    assert interleave_result_layout(lay, (16, 64)).lane_layout == (1, 16)
    assert interleave_operand_layout(lay, (16, 64)) == Layout(sg_layout=(2, 2), sg_data=(8, 16), lane_layout=(1, 16), lane_data=(1, 1))
    narrow = interleave_operand_layout(Layout(sg_layout=(2, 2), sg_data=(8, 16), lane_layout=(1, 16)), (16, 32))
    assert narrow == Layout(sg_layout=(2, 2), sg_data=(8, 8))


def test_odd_trailing_tile_is_refused_with_the_numbers():
    with pytest.raises(RuleError, match="trailing tile of 3 elements has 2 even and 1 odd"):
        interleave_operand_layout(Layout(sg_layout=(2,), sg_data=(3,)), (12,), "vector.deinterleave")
    with pytest.raises(RuleError, match="no sg_layout"):
        interleave_result_layout(Layout(inst_data=(8, 16)), (8, 16))
