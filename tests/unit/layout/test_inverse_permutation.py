"""``inverse_permutation`` (wgdist/layout/rules.py) against brute force.

For random permutations: the result is the one permutation (found by enumerating them all) that
undoes ``perm`` on both sides; transposing a layout by ``perm`` and then by its inverse gives the
layout back; anything that is not a permutation is refused with a RuleError.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.layout import Layout, RuleError, inverse_permutation, transpose_source_layout

perms = st.integers(min_value=1, max_value=5).flatmap(lambda n: st.permutations(list(range(n))))


@settings(max_examples=60, deadline=None)
@given(perms)
def test_inverse_is_the_unique_undoing_permutation(perm: list[int]) -> None:
    n = len(perm)
    undo = [q for q in itertools.permutations(range(n)) if all(perm[q[j]] == j for j in range(n))]
    assert undo == [inverse_permutation(perm)]
    inv = inverse_permutation(perm)
    assert [inv[perm[i]] for i in range(n)] == list(range(n))


@settings(max_examples=60, deadline=None)
@given(perms, st.data())
def test_transpose_by_inverse_round_trips(perm: list[int], data: st.DataObject) -> None:
    n = len(perm)
    dims = st.lists(st.integers(1, 8), min_size=n, max_size=n)
    order = data.draw(st.permutations(list(range(n))))
    layout = Layout(tuple(data.draw(dims)), tuple(data.draw(dims)), None, None, None, tuple(order))
    there = transpose_source_layout(layout, perm)
    assert transpose_source_layout(there, inverse_permutation(perm)) == layout


@pytest.mark.parametrize("bad", [[0, 0], [1, 2], [-1, 0], [0, 2, 2]])
def test_not_a_permutation_is_refused(bad: list[int]) -> None:
    with pytest.raises(RuleError, match="not a permutation"):
        inverse_permutation(bad)
