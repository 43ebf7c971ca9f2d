"""The cache model: the seeds' numbers, the design note's illustrative runs, brute force, auto."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.reorder import (
    Scheme,
    auto_candidates,
    choose_auto,
    fetches,
    remap_all,
    resolve,
    scheme_fetches,
)

MIB = 1 << 20


def test_wave_seed_figure_72_vs_48() -> None:
    """Seed 000: 8x8 grid, 8 XCDs, K = 8 blocks, window 8; XCD 0 reads 72, then 48."""
    default = scheme_fetches(resolve("identity", num_xcds=8), 8, 8, window=8, k_blocks=8)
    wave = scheme_fetches(resolve("wave", group_size=2, num_xcds=8), 8, 8, window=8, k_blocks=8)
    assert (default.a[0], default.b[0], default.per_xcd[0]) == (8, 64, 72)
    assert (wave.a[0], wave.b[0], wave.per_xcd[0]) == (16, 32, 48)
    assert default.per_xcd == (72,) * 8 and wave.per_xcd == (48,) * 8
    assert (default.total, wave.total) == (576, 384)


def test_older_wave_doc_and_triton_figures() -> None:
    """First window only: Wave's older doc (GROUP_SIZE_N = 4) and Triton's 9x9 tutorial."""
    first = scheme_fetches(resolve("identity"), 8, 8, window=8, k_blocks=8).window_blocks(0, 0)
    grouped = scheme_fetches(resolve("tensile", group_size=4), 8, 8, 8, 8).window_blocks(0, 0)
    assert (first, grouped) == ((64, 8), (16, 32))
    rows = scheme_fetches(resolve("row-major"), 9, 9, window=9, k_blocks=9).window_blocks(0, 0)
    tri = scheme_fetches(resolve("triton", group_size=3), 9, 9, 9, 9).window_blocks(0, 0)
    assert (sum(rows), sum(tri)) == (90, 54)


@pytest.mark.parametrize(
    "preset,size,mib",
    [
        ("identity", None, 336),
        ("row-major", None, 320),
        ("wave", 8, 272),
        ("wave", 16, 336),
        ("wave", 2, 512),
        ("triton", 8, 552),
        ("triton", 2, 264),
    ],
)
def test_mi300_illustrative_runs(preset: str, size: int | None, mib: int) -> None:
    """reordering.md section 3: 4096^3, 128x256x64 bf16 tiles (32x16), 8 XCDs, window 38."""
    s = resolve(preset, group_size=size, num_xcds=8)
    got = scheme_fetches(s, 32, 16, window=38, k_blocks=1).bytes(128 * 4096 * 2, 256 * 4096 * 2)
    assert got == mib * MIB


@pytest.mark.parametrize(
    "preset,size,mib", [("identity", None, 160), ("wave", 8, 128), ("wave", 4, 160)]
)
def test_xe_illustrative_runs(preset: str, size: int | None, mib: int) -> None:
    s = resolve(preset, group_size=size)
    got = scheme_fetches(s, 16, 16, window=64, k_blocks=1).bytes(2 * MIB, 2 * MIB)
    assert got == mib * MIB


def brute(new_x, new_y, nx: int, ny: int, x: int, window: int, k: int) -> list[int]:
    per = []
    for c in range(x):
        ids = list(range(c, nx * ny, x))
        total = 0
        for w in range(0, len(ids), window):
            chunk = ids[w : w + window]
            total += k * (len({int(new_x[f]) for f in chunk}) + len({int(new_y[f]) for f in chunk}))
        per.append(total)
    return per


@settings(max_examples=150, deadline=None)
@given(
    nx=st.integers(1, 12),
    ny=st.integers(1, 12),
    x=st.integers(1, 9),
    window=st.integers(1, 10),
    k=st.integers(1, 4),
    size=st.integers(1, 6),
)
def test_fetches_equal_brute_force(
    nx: int, ny: int, x: int, window: int, k: int, size: int
) -> None:
    s = Scheme("balanced", x, 2, 0, size, "wave", "custom")
    new_x, new_y = remap_all(s, nx, ny)
    got = fetches(new_x, new_y, nx, ny, x, window, k)
    assert list(got.per_xcd) == brute(new_x, new_y, nx, ny, x, window, k)


def test_fetch_options_are_validated() -> None:
    a = np.zeros(4, dtype=np.int64)
    with pytest.raises(ValueError, match="window must be >= 1, got 0"):
        fetches(a, a, 2, 2, 1, 0, 1)


def test_auto_picks_the_minimum_and_says_why() -> None:
    choice = choose_auto(8, 8, num_xcds=8, window=8, k_blocks=8)
    totals = [t for _, t in choice.ranking]
    assert choice.fetches == min(totals) == 384 and choice.identity_fetches == 576
    assert "384 vs 576 blocks for identity (33% fewer), summed over all 8 XCDs" in choice.reason()
    # every candidate really scores what the ranking says
    for s, t in choice.ranking:
        assert scheme_fetches(s, 8, 8, 8, 8, num_xcds=8).total == t
    # ties go to the simplest candidate: on a 1x1 grid nothing beats identity
    assert choose_auto(1, 1).scheme.name == "identity"


def test_auto_candidates_are_distinct_and_cover_the_presets() -> None:
    cands = auto_candidates(32, 16, 8)
    keys = {(s.xcd_remap, s.group_dim, s.group_size, s.group_style) for s in cands}
    assert len(keys) == len(cands)
    assert ("balanced", 0, 8, "wave") in keys and ("none", 1, 4, "wave") in keys
    assert ("none", 0, 2, "triton") in keys


def test_auto_on_a_large_grid_is_fast_and_says_it_sampled() -> None:
    """1024x1024 took 23 s (every candidate on every id, a global sort per window key)."""
    import time

    t0 = time.perf_counter()
    choice = choose_auto(1024, 1024, num_xcds=8, window=64, k_blocks=8)
    assert time.perf_counter() - t0 < 6.0
    assert choice.sampled == 32 * 1024 and choice.n_windows == 2048
    assert "on 32768 workgroups in 32 evenly spaced runs (the grid has more than 65536" in (
        choice.reason()
    )
    assert (choice.scheme.group_dim, choice.scheme.group_size) == (0, 64)


def test_sampled_auto_picks_what_the_whole_grid_picks(monkeypatch: pytest.MonkeyPatch) -> None:
    import wgdist.reorder.auto as auto

    sampled = choose_auto(300, 400, num_xcds=8, window=38, k_blocks=8)
    assert sampled.sampled is not None
    monkeypatch.setattr(auto, "AUTO_EXACT_WORKGROUPS", 1 << 40)
    exact = choose_auto(300, 400, num_xcds=8, window=38, k_blocks=8)
    assert exact.sampled is None and exact.scheme == sampled.scheme


@settings(max_examples=60, deadline=None)
@given(
    nx=st.integers(1, 12),
    ny=st.integers(1, 12),
    x=st.integers(1, 9),
    window=st.integers(1, 10),
    data=st.data(),
)
def test_counting_some_windows_equals_brute_force(
    nx: int, ny: int, x: int, window: int, data: st.DataObject
) -> None:
    from wgdist.reorder.cache_model import _count, n_windows

    s = Scheme("balanced", x, 2, 1, 3, "wave", "custom")
    new_x, new_y = remap_all(s, nx, ny)
    count = n_windows(nx * ny, x, window)
    ws = sorted(data.draw(st.sets(st.integers(0, count - 1), min_size=1)))
    got = _count(lambda f: (new_x[f], new_y[f]), nx, ny, x, window, 2, ws)
    for c in range(x):
        ids = list(range(c, nx * ny, x))
        for j, w in enumerate(ws):
            chunk = ids[w * window : (w + 1) * window]
            want = (
                2 * len({int(new_x[f]) for f in chunk}),
                2 * len({int(new_y[f]) for f in chunk}),
            )
            assert got.window_blocks(c, j) == want
