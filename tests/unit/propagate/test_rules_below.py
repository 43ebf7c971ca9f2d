"""Property tests of wgdist.layout.rules_below (layouts below the workgroup level) against brute
force: which lanes hold each element (lane_layout/lane_data, round robin along every dim, lane ids
row-major; a slice replicates its parent's lanes along the sliced dims) and which instruction
block each element falls in (inst_data)."""

from __future__ import annotations

from itertools import product
from math import prod

from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.layout import Layout, SliceLayout
from wgdist.layout.rules_below import below_plain, below_reduction_source, below_shape_cast_source


def _lanes(layout: Layout | SliceLayout, shape: tuple[int, ...], index: tuple[int, ...]) -> frozenset[int]:
    """The lanes holding element ``index`` of a value of ``shape`` laid out by ``layout``."""
    if isinstance(layout, SliceLayout):
        parent = layout.parent
        kept = [d for d in range(parent.rank) if d not in layout.dims]
        assert isinstance(parent, Layout) and parent.lane_layout is not None
        out: set[int] = set()
        for fill in product(*(range(parent.lane_layout[d] * (parent.lane_data or (1,) * parent.rank)[d]) for d in layout.dims)):
            full = [0] * parent.rank
            for d, i in zip(kept, index):
                full[d] = i
            for d, i in zip(layout.dims, fill):
                full[d] = i
            out |= _lanes(parent, tuple(1 for _ in full), tuple(full))
        return frozenset(out)
    assert layout.lane_layout is not None
    data = layout.lane_data or (1,) * len(shape)
    coord = [(i // d) % n for i, d, n in zip(index, data, layout.lane_layout)]
    lane = 0
    for c, n in zip(coord, layout.lane_layout):
        lane = lane * n + c
    return frozenset({lane})


def _flat(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    return list(product(*(range(n) for n in shape)))


def _block(layout: Layout, index: tuple[int, ...], shape: tuple[int, ...]) -> tuple[int, ...]:
    assert layout.inst_data is not None
    return tuple(i // b for i, b in zip(index, layout.inst_data))


lane_widths = st.sampled_from([(16, 1), (8, 2), (4, 4), (16, 2)])


@settings(max_examples=60, deadline=None)
@given(lw=lane_widths, outer=st.sampled_from([1, 2, 4]), mult=st.sampled_from([1, 2]), split=st.sampled_from([1, 2, 4]))
def test_reshape_keeps_every_element_on_its_lane(lw: tuple[int, int], outer: int, mult: int, split: int) -> None:
    """A reshape of a layout split along its innermost dim alone: every flat position is held by
    the same lane before and after (the source layout the rule returns)."""
    lanes, data = lw
    inner = lanes * data * mult
    res_shape = (outer, inner)
    src_shape = (outer * inner // (lanes * data * split), lanes * data * split) if (outer * inner) % (lanes * data * split) == 0 else (outer * inner,)
    result = Layout(lane_layout=(1, lanes), lane_data=(1, data))
    source = below_plain(below_shape_cast_source(result, src_shape, res_shape))  # a unit expand is a slice
    assert isinstance(source, Layout)
    res_elems, src_elems = _flat(res_shape), _flat(src_shape)
    assert len(res_elems) == len(src_elems)
    for r, s in zip(res_elems, src_elems):
        assert _lanes(result, res_shape, r) == _lanes(source, src_shape, s)


@settings(max_examples=40, deadline=None)
@given(inst=st.sampled_from([8, 16, 32]), outer=st.sampled_from([1, 3, 4]), mult=st.sampled_from([1, 2]))
def test_reshape_keeps_instruction_blocks(inst: int, outer: int, mult: int) -> None:
    """The same for inst_data: two elements share a block after the reshape iff before."""
    res_shape = (outer, inst * mult)
    src_shape = (outer * inst * mult,)
    result = Layout(inst_data=(1, inst))
    source = below_plain(below_shape_cast_source(result, src_shape, res_shape))
    assert isinstance(source, Layout)
    res_blocks = [_block(result, r, res_shape) for r in _flat(res_shape)]
    src_blocks = [_block(source, s, src_shape) for s in _flat(src_shape)]
    for i in range(len(res_blocks)):
        for j in range(len(res_blocks)):
            assert (res_blocks[i] == res_blocks[j]) == (src_blocks[i] == src_blocks[j])


@settings(max_examples=40, deadline=None)
@given(lw=lane_widths, unit=st.sampled_from([0, 1]), n=st.sampled_from([16, 32, 64]))
def test_unit_dim_expand_is_a_slice_holding_the_same_lanes(lw: tuple[int, int], unit: int, n: int) -> None:
    """n -> 1xn (or nx1): the source is the slice on the unit dim, and its plain spelling holds
    every element on the same lanes as the slice does."""
    lanes, data = lw
    res_shape = (1, n) if unit == 0 else (n, 1)
    result = Layout(lane_layout=(1, lanes) if unit == 0 else (lanes, 1), lane_data=(1, data) if unit == 0 else (data, 1))
    source = below_shape_cast_source(result, (n,), res_shape)
    assert source == SliceLayout(result, (unit,))
    plain = below_plain(source)
    assert isinstance(plain, Layout)
    for i in range(n):
        assert _lanes(source, (n,), (i,)) == _lanes(plain, (n,), (i,)), i


@settings(max_examples=30, deadline=None)
@given(lw=lane_widths, red=st.sampled_from([0, 1, 2]), shape=st.sampled_from([(2, 4, 32), (4, 2, 64)]))
def test_reduction_source_of_rank_three_keeps_the_result_lanes(lw: tuple[int, int], red: int, shape: tuple[int, int, int]) -> None:
    """A plain result of a 3-D reduction: the source has 1s at the reduced dim, so every source
    fibre that reduces into a result element lies on that element's lanes."""
    lanes, data = lw
    res_shape = tuple(n for d, n in enumerate(shape) if d != red)
    result = Layout(lane_layout=(1, lanes), lane_data=(1, data))
    source = below_reduction_source(result, shape, [red])
    assert isinstance(source, Layout)
    for idx in _flat(shape):
        r = tuple(i for d, i in enumerate(idx) if d != red)
        assert _lanes(source, shape, idx) == _lanes(result, res_shape, r)
    assert prod(shape) > 0
