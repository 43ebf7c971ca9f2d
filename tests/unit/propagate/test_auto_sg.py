"""Subgroup layouts chosen for dpas anchors from the subgroup count (passes/propagate/auto_sg.py):
the split against brute force, and a kernel given none through propagation and distribution."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.passes.propagate.auto_sg import split_tile

PATH = (
    Path(__file__).parents[2] / "filecheck" / "passes" / "xegpu-propagate-layout-num-subgroups.mlir"
)


@settings(max_examples=60, deadline=None)
@given(
    m=st.sampled_from([8, 16, 32, 64, 96, 128, 256]),
    n=st.sampled_from([16, 32, 48, 64, 128, 256]),
    subgroups=st.sampled_from([1, 2, 3, 4, 6, 8, 12, 16, 32]),
)
def test_split_is_the_most_square_valid_one(m: int, n: int, subgroups: int) -> None:
    valid = [
        (a, subgroups // a)
        for a in range(1, subgroups + 1)
        if subgroups % a == 0
        and m % a == 0
        and n % (subgroups // a) == 0
        and (m // a) % 8 == 0
        and (n // (subgroups // a)) % 16 == 0
    ]
    got = split_tile(m, n, subgroups)
    if not valid:
        assert got is None
        return
    assert got is not None
    (a, b), (dm, dn) = got
    assert (a, b) in valid and a * b == subgroups and (dm, dn) == (m // a, n // b)

    def ratio(p: tuple[int, int]) -> float:
        x, y = m // p[0], n // p[1]
        return max(x, y) / min(x, y)

    assert ratio((a, b)) == min(ratio(p) for p in valid)


def test_kernel_without_layouts_distributes_over_its_subgroups() -> None:
    src = PATH.read_text().split("// -----\n")[0]
    for option, subgroups in (("", 16), ("{num-subgroups=8}", 8)):
        r = wgdist.check(
            src,
            f"xegpu-propagate-layout{option},xegpu-wg-to-sg-distribute",
            seed=0,
            subgroups=subgroups,
        )
        assert r.ok and r.written == 128 * 128, r.report
