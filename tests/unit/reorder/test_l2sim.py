"""The L2 simulation against a brute-force LRU over the same schedule, and its special cases."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.reorder import (
    Machine,
    Problem,
    fetches,
    remap_all,
    resolve,
    simulate,
)
from wgdist.reorder.l2sim import capacities, domain_of


def brute_force(xs, ys, nx: int, ny: int, m: Machine, p: Problem) -> tuple[list[int], list[int]]:
    """Build every step's set of blocks and decide each read by listing what came between.

    Each domain runs its dispatch ids in order, ``window`` at a time, every workgroup reading
    ``A(m, j)`` and ``B(n, j)`` at step ``j`` of its wave and writing ``c_bytes`` after its last
    step; a read hits when the block was read before and it plus the distinct blocks read in the
    steps strictly between plus the outputs written in between fit in the L2.
    """
    total = nx * ny
    f = np.arange(total)
    dom = domain_of(f, total, m)
    a_miss, b_miss = [], []
    for d in range(m.domains):
        ids = [int(i) for i in f[dom == d]]
        steps = []
        written = []  # output bytes written right after each step
        for w in range(0, len(ids), m.window):
            wave = ids[w : w + m.window]
            for j in range(p.k_blocks):
                steps.append(
                    {("A", int(xs[i]), j) for i in wave} | {("B", int(ys[i]), j) for i in wave}
                )
                written.append(len(wave) * p.c_bytes if j == p.k_blocks - 1 else 0)
        last: dict[tuple[str, int, int], int] = {}
        misses = {"A": 0, "B": 0}
        for t, blocks in enumerate(steps):
            for b in blocks:
                hit = False
                if b in last:
                    between = set().union(*steps[last[b] + 1 : t])
                    size = sum(p.a_bytes if o[0] == "A" else p.b_bytes for o in between)
                    size += sum(written[last[b] : t])
                    hit = size + (p.a_bytes if b[0] == "A" else p.b_bytes) <= m.l2_bytes
                misses[b[0]] += not hit
            for b in blocks:
                last[b] = t
        a_miss.append(misses["A"])
        b_miss.append(misses["B"])
    return a_miss, b_miss


@settings(max_examples=200, deadline=None)
@given(
    nx=st.integers(1, 8),
    ny=st.integers(1, 8),
    domains=st.integers(1, 3),
    window=st.integers(1, 7),
    k=st.integers(1, 4),
    a_bytes=st.integers(1, 3),
    b_bytes=st.integers(1, 3),
    c_bytes=st.sampled_from([0, 0, 1, 2, 5]),
    l2=st.sampled_from([0, 1, 3, 6, 10, 20, 40, 1000]),
    dispatch=st.sampled_from(["round-robin", "blocked"]),
    seed=st.integers(0, 2**31),
)
def test_simulation_equals_brute_force_on_any_order(
    nx: int, ny: int, domains: int, window: int, k: int, a_bytes: int, b_bytes: int,
    c_bytes: int, l2: int, dispatch: str, seed: int,
) -> None:  # fmt: skip
    perm = np.random.default_rng(seed).permutation(nx * ny)
    xs, ys = perm % nx, perm // nx
    m, p = Machine(domains, window, l2, dispatch), Problem(k, a_bytes, b_bytes, c_bytes)
    got = simulate(xs, ys, nx, ny, m, p)
    assert (list(got.a_blocks), list(got.b_blocks)) == brute_force(xs, ys, nx, ny, m, p)


@pytest.mark.parametrize("size,x", [(2, 8), (3, 1), (8, 3)])
def test_an_l2_that_keeps_nothing_is_the_window_count(size: int, x: int) -> None:
    s = resolve("wave", group_size=size, num_xcds=x)
    new_x, new_y = remap_all(s, 13, 9)
    sim = simulate(new_x, new_y, 13, 9, Machine(x, 5, 0), Problem(3))
    win = fetches(new_x, new_y, 13, 9, x, 5, 3)
    assert [a + b for a, b in zip(sim.a_blocks, sim.b_blocks)] == list(win.per_xcd)


def test_a_large_enough_l2_reads_every_block_once() -> None:
    new_x, new_y = remap_all(resolve("identity"), 12, 7)
    t = simulate(new_x, new_y, 12, 7, Machine(1, 5, 10**9), Problem(4, 16, 32))
    assert (t.a_blocks, t.b_blocks) == ((12 * 4,), (7 * 4,))
    assert t.total == 12 * 4 * 16 + 7 * 4 * 32


def test_outputs_written_between_two_reads_can_push_the_second_out() -> None:
    # 1 x 2 grid, one workgroup per wave, 2 K steps: A(0, j) is read by both waves. Between the
    # two reads of A(0, 0) come A(0, 1) and B(0, 1) (of A(0, 1): A(0, 0) and B(1, 0)), 2 bytes,
    # and wave 0's output: an L2 of 3 bytes holds the block and the 2 others, not the output too
    new_x, new_y = remap_all(resolve("identity"), 1, 2)
    keep = simulate(new_x, new_y, 1, 2, Machine(1, 1, 3), Problem(2, 1, 1, 0))
    evict = simulate(new_x, new_y, 1, 2, Machine(1, 1, 3), Problem(2, 1, 1, 1))
    assert keep.a_blocks == (2,) and evict.a_blocks == (4,)


@pytest.mark.parametrize("spread", [0.1, 0.2, 0.5])
def test_a_capacity_spread_averages_evenly_spaced_sizes(spread: float) -> None:
    new_x, new_y = remap_all(resolve("triton", group_size=2), 12, 9)
    p = Problem(6, 3, 5, 4)
    got = simulate(new_x, new_y, 12, 9, Machine(1, 7, 400, l2_spread=spread), p)
    sizes = capacities(Machine(1, 7, 400, l2_spread=spread))
    assert sizes == [round(400 * (1 - spread + spread * i / 2)) for i in range(5)]
    each = [simulate(new_x, new_y, 12, 9, Machine(1, 7, c), p) for c in sizes]
    assert got.a_blocks == (round(sum(t.a_blocks[0] for t in each) / 5),)
    assert got.b_blocks == (round(sum(t.b_blocks[0] for t in each) / 5),)
    assert len({t.total for t in each}) > 1  # the sizes straddle at least one reuse


def test_a_sample_of_ids_runs_only_those() -> None:
    new_x, new_y = remap_all(resolve("identity"), 8, 8)
    t = simulate(new_x, new_y, 8, 8, Machine(1, 8, 0), Problem(1), ids=np.arange(8))
    assert (t.a_blocks, t.b_blocks) == ((8,), (1,))  # one column of the grid: 8 A, 1 B


@pytest.mark.parametrize(
    "bad",
    [
        lambda: Machine(0, 1, 0),
        lambda: Machine(1, 0, 0),
        lambda: Machine(1, 1, -1),
        lambda: Machine(1, 1, 0, "spiral"),
        lambda: Machine(1, 1, 0, l2_spread=1.0),
        lambda: Problem(0),
        lambda: Problem(1, 1, 1, -1),
    ],
)
def test_bad_parameters_are_refused(bad) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        bad()
