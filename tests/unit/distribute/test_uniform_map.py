"""passes/distribute/dist.py: ``uniform_map_keyed`` (the linear-time tile correspondence the
load/store checks use) gives exactly what ``uniform_map`` (the pairwise search over every tile
pair) gives, for identity and transposed correspondences between random layouts and for a value
against itself (the shortcut for one tile table and one key)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.layout import Layout, distribution_errors
from wgdist.passes.distribute.dist import Dist, uniform_map, uniform_map_keyed

SHAPE = (16, 32)


@st.composite
def _dists(draw: st.DrawFn, shape: tuple[int, ...], subgroups: int | None = None) -> Dist:
    while True:
        lay = tuple(draw(st.sampled_from([1, 2, 4])) for _ in shape)
        if subgroups is not None and lay[0] * lay[1] != subgroups:
            lay = (subgroups // lay[1], lay[1]) if subgroups % lay[1] == 0 else (subgroups, 1)
        data = tuple(draw(st.sampled_from([d for d in (2, 4, 8, 16) if n % d == 0])) for n in shape)
        order = draw(st.sampled_from([None, (0, 1)]))
        layout = Layout(lay, data, order=order)
        if not distribution_errors(shape, layout):
            return Dist(shape, layout)


@st.composite
def _pairs(draw: st.DrawFn) -> tuple[Dist, Dist, bool]:
    transpose = draw(st.booleans())
    src = draw(_dists(SHAPE))
    dst = draw(_dists(SHAPE[::-1] if transpose else SHAPE, src.num_subgroups))
    return dst, src, transpose


@settings(max_examples=150, deadline=None)
@given(_pairs())
def test_keyed_map_is_the_pairwise_map(pair: tuple[Dist, Dist, bool]) -> None:
    dst, src, transpose = pair
    perm = (1, 0) if transpose else (0, 1)

    def permuted(b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(b[p] for p in perm)

    def same(a: tuple[int, ...]) -> tuple[int, ...]:
        return a

    slow = uniform_map(dst, src, lambda a, b: a == permuted(b))
    fast = uniform_map_keyed(dst, src, same, permuted)
    assert fast == slow
    # one tile table and one key (a value against itself): the shortcut
    assert uniform_map_keyed(src, src, same, same) == uniform_map(src, src, lambda a, b: a == b)
    assert uniform_map_keyed(src, src, permuted, permuted) == uniform_map(src, src, lambda a, b: permuted(a) == permuted(b))


def test_the_maps_find_a_match_and_refuse_a_mismatch() -> None:
    a = Dist((16, 32), Layout((2, 2), (8, 8)))
    b = Dist((16, 32), Layout((2, 2), (8, 8), order=(0, 1)))
    same = lambda t: t  # noqa: E731
    assert uniform_map_keyed(a, a, same, same) == uniform_map(a, a, lambda x, y: x == y) == [0, 1]
    assert uniform_map_keyed(a, b, same, same) is None
    assert uniform_map(a, b, lambda x, y: x == y) is None
