"""``reduction_source_layout`` for the second of two nested reductions (a result laid out by a
slice of a slice), against brute-force ownership: the source takes the inner slice, and each
subgroup's source elements project onto exactly the result elements it holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.layout import Layout, SliceLayout, owned, reduction_source_layout


def _project(elems: set[tuple[int, ...]], kept: list[int]) -> set[tuple[int, ...]]:
    return {tuple(e[d] for d in kept) for e in elems}


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_slice_of_slice_result_takes_the_inner_slice(data: st.DataObject) -> None:
    shape3 = tuple(data.draw(st.lists(st.sampled_from([4, 8]), min_size=3, max_size=3)))
    lay = tuple(data.draw(st.sampled_from([1, 2, 4])) for _ in shape3)
    order = tuple(data.draw(st.permutations([0, 1, 2])))
    parent = Layout(lay, tuple(n // g for n, g in zip(shape3, lay)), None, None, None, order)
    d1 = data.draw(st.integers(0, 2))
    inner = SliceLayout(parent, (d1,))
    shape2 = tuple(n for d, n in enumerate(shape3) if d != d1)
    d2 = data.draw(st.integers(0, 1))
    result = SliceLayout(inner, (d2,))
    res_shape = tuple(n for d, n in enumerate(shape2) if d != d2)

    src = reduction_source_layout(result, shape2, [d2])

    assert src == inner
    kept = [d for d in range(2) if d != d2]
    for s in range(parent.num_subgroups):
        assert _project(owned(shape2, src, s), kept) == owned(res_shape, result, s)
