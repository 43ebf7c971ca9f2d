"""Every reordering scheme against brute-force references, on many grids.

The references here do not use wgdist.reorder.expr: the XCD steps are built constructively
(hand each XCD its workgroups, number them consecutively), the wave-style walk by listing the
tiles in walk order, and the presets by the formulas their projects publish (Wave's doc, the
Triton tutorial, rocRoller's piecewise WGM + XCC, Tensile's DefaultWGM).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.reorder import Scheme, bijection_error, dispatch_table, remap, remap_all, resolve

# ----------------------------------------------------------------------------- references


def ref_xcd_balanced(total: int, x: int) -> list[int]:
    """Each XCD's workgroups (f % x == c, in arrival order) get consecutive logical ids."""
    logical = [0] * total
    nxt = 0
    for c in range(x):
        for f in range(c, total, x):
            logical[f] = nxt
            nxt += 1
    return logical


def ref_xcd_tail(total: int, x: int) -> list[int]:
    main = (total // x) * x
    return ref_xcd_balanced(main, x) + list(range(main, total))


def ref_xcd_chunked(total: int, x: int, chunk: int) -> list[int]:
    block = x * chunk
    out = list(range(total))
    for base in range(0, (total // block) * block, block):
        for f, j in enumerate(ref_xcd_balanced(block, x)):
            out[base + f] = base + j
    return out


def ref_walk_wave(par: int, perp: int, g: int) -> list[tuple[int, int]]:
    """Tiles ``(par_idx, perp_idx)`` in the order a wave-style grouped walk visits them."""
    order = []
    for first in range(0, par, g):
        rows = range(first, min(first + g, par))
        for p in range(perp):
            order += [(r, p) for r in rows]
    return order


def ref_walk_triton(par: int, perp: int, g: int) -> list[tuple[int, int]]:
    """Triton's tutorial code, transcribed (pid_m along ``par``)."""
    out = []
    for pid in range(par * perp):
        num_pid_in_group = g * perp
        group_id = pid // num_pid_in_group
        first_pid_m = group_id * g
        group_size_m = min(par - first_pid_m, g)
        out.append((first_pid_m + (pid % group_size_m), (pid % num_pid_in_group) // group_size_m))
    return out


def ref_scheme(s: Scheme, nx: int, ny: int) -> list[tuple[int, int]]:
    """Reference tile of every dispatch id ``f`` for a resolved scheme."""
    total = nx * ny
    if s.xcd_remap == "none" or s.num_xcds == 1:
        logical = list(range(total))
    elif s.xcd_remap == "balanced":
        logical = ref_xcd_balanced(total, s.num_xcds)
    elif s.xcd_remap == "tail":
        logical = ref_xcd_tail(total, s.num_xcds)
    else:
        logical = ref_xcd_chunked(total, s.num_xcds, s.chunk)
    if s.group_dim is None:
        return [(i % nx, i // nx) for i in logical]
    par, perp = (nx, ny) if s.group_dim == 0 else (ny, nx)
    walk = ref_walk_wave if s.group_style == "wave" else ref_walk_triton
    order = walk(par, perp, s.group_size)
    tiles = [order[i] for i in logical]
    return tiles if s.group_dim == 0 else [(b, a) for a, b in tiles]


def wave_doc(nx: int, ny: int, g: int, x: int, wg0: int, wg1: int) -> tuple[int, int]:
    """The expression of Wave's documentation (seed 000), with the max(1, .) clamp of PR #316."""
    total = nx * ny
    flat = wg1 * nx + wg0
    extra = total % x
    xcd_index = (flat % x) * (total // x) + min(flat % x, extra) + flat // x
    num_wg_group = g * ny
    group_id = xcd_index // num_wg_group
    first = group_id * g
    gsm = max(1, min(nx - first, g))
    return first + (xcd_index % num_wg_group) % gsm, (xcd_index % num_wg_group) // gsm


def rocroller(p: int, q: int, wgm: int, x: int, w: int) -> tuple[int, int]:
    """rocRoller: XCC remap (piecewise form) then WGM along the parallel dim (size p)."""
    total = p * q
    if x > 1:
        xi, c, r = w % x, w // x, total % x
        ceil = -(-total // x)
        w = xi * ceil + c if xi <= r else xi * (total // x) + r + c
    g = min(wgm, p)  # the reimplementation clamps G to P (reordering.md 2.2)
    block = g * q
    main = (total // block) * block
    if w < main:
        return (w // g // q) * g + w % g, (w // g) % q
    tail = p % g
    t = w - main
    return (p // g) * g + t % tail, t // tail


def tensile(nwg0: int, nwg1: int, wgm: int, wg0: int, wg1: int) -> tuple[int, int]:
    """hipBLASLt DefaultWGM (WGM > 1) on launch ids (wg0, wg1): returns (new wg0, new wg1)."""
    block = wg1 // wgm
    serial = (wg1 % wgm) * nwg0 + wg0
    full = nwg1 // wgm
    last = nwg1 - wgm * full or wgm
    div = last if block >= full else wgm
    return serial // div, serial % div + block * wgm


# ----------------------------------------------------------------------------- grids

GRIDS = [(nx, ny) for nx in range(1, 10) for ny in range(1, 10)] + [
    (16, 5),
    (3, 13),
    (13, 1),
    (1, 13),
    (32, 16),
    (17, 11),
    (6, 8),
    (8, 8),
]
SMALL = [(nx, ny) for nx, ny in GRIDS if nx * ny <= 40]


def configs() -> list[Scheme]:
    out = []
    for remap_kind, x, chunk in [
        ("none", 1, 2),
        ("balanced", 3, 2),
        ("balanced", 8, 2),
        ("tail", 4, 2),
        ("tail", 8, 2),
        ("chunked", 3, 2),
        ("chunked", 2, 3),
        ("balanced", 100, 2),
    ]:
        for dim, size, style in [
            (None, 8, "wave"),
            (0, 1, "wave"),
            (0, 2, "wave"),
            (0, 3, "triton"),
            (1, 3, "wave"),
            (1, 4, "triton"),
            (0, 20, "wave"),
            (1, 20, "triton"),
        ]:
            out.append(Scheme(remap_kind, x, chunk, dim, size, style, "custom"))
    return out


def tiles_of(s: Scheme, nx: int, ny: int) -> list[tuple[int, int]]:
    new_x, new_y = remap_all(s, nx, ny)
    return [(int(a), int(b)) for a, b in zip(new_x, new_y)]


@pytest.mark.parametrize("s", configs(), ids=lambda s: s.spec().replace(" ", ","))
def test_scheme_equals_reference_and_is_bijective(s: Scheme) -> None:
    for nx, ny in GRIDS:
        got = tiles_of(s, nx, ny)
        assert got == ref_scheme(s, nx, ny), (nx, ny)
        assert sorted(got) == sorted(itertools.product(range(nx), range(ny))), (nx, ny)


@pytest.mark.parametrize("nx,ny", SMALL)
def test_scalar_remap_equals_vectorised(nx: int, ny: int) -> None:
    s = resolve("wave", group_size=3, num_xcds=4)
    vec = tiles_of(s, nx, ny)
    for f in range(nx * ny):
        assert remap(s, nx, ny, f % nx, f // nx) == vec[f]


@pytest.mark.parametrize("nx,ny", GRIDS)
@pytest.mark.parametrize("g", [1, 2, 3, 4, 8, 12])
@pytest.mark.parametrize("x", [1, 2, 3, 8, 64])
def test_wave_preset_is_wave_doc_formula(nx: int, ny: int, g: int, x: int) -> None:
    got = tiles_of(resolve("wave", group_size=g, num_xcds=x), nx, ny)
    assert got == [wave_doc(nx, ny, g, x, f % nx, f // nx) for f in range(nx * ny)]


@pytest.mark.parametrize("nx,ny", GRIDS)
@pytest.mark.parametrize("wgm", [1, 2, 3, 4, 9])
@pytest.mark.parametrize("dim", [0, 1])
@pytest.mark.parametrize("x", [1, 8])
def test_rocroller_preset_is_rocroller_formula(
    nx: int, ny: int, wgm: int, dim: int, x: int
) -> None:
    got = tiles_of(resolve("rocroller", group_size=wgm, group_dim=dim, num_xcds=x), nx, ny)
    p, q = (nx, ny) if dim == 0 else (ny, nx)
    want = []
    for w in range(nx * ny):
        par, perp = rocroller(p, q, wgm, x, w)
        want.append((par, perp) if dim == 0 else (perp, par))
    assert got == want


@pytest.mark.parametrize("nx,ny", GRIDS)
@pytest.mark.parametrize("wgm", [2, 3, 4, 7, 12])
def test_tensile_preset_is_default_wgm(nx: int, ny: int, wgm: int) -> None:
    got = tiles_of(resolve("tensile", group_size=wgm), nx, ny)
    assert got == [tensile(nx, ny, wgm, f % nx, f // nx) for f in range(nx * ny)]


@pytest.mark.parametrize("nx,ny", GRIDS)
@pytest.mark.parametrize("g", [1, 2, 3, 5, 16])
def test_triton_preset_is_tutorial_formula(nx: int, ny: int, g: int) -> None:
    assert tiles_of(resolve("triton", group_size=g), nx, ny) == ref_walk_triton(nx, ny, g)


def test_styles_differ_only_in_a_cut_short_group() -> None:
    # reordering.md: triton_5x3_g3 vs wavestyle_5x3_g3 swap rows 3 and 4 of the last group
    w = tiles_of(resolve("wave", group_size=3), 5, 3)
    t = tiles_of(resolve("triton", group_size=3), 5, 3)
    diff = [f for f in range(15) if w[f] != t[f]]
    assert diff and all(f >= 9 for f in diff)
    assert {w[f][0] for f in diff} == {3, 4}
    # divisible grid: identical
    assert tiles_of(resolve("wave", group_size=2), 6, 4) == tiles_of(
        resolve("triton", group_size=2), 6, 4
    )


def test_simple_presets() -> None:
    assert tiles_of(resolve("identity"), 3, 2) == [(f % 3, f // 3) for f in range(6)]
    assert tiles_of(resolve("row-major"), 3, 2) == [(f // 2, f % 2) for f in range(6)]
    # a group as large as the grid (no XCD step) is the identity
    assert tiles_of(resolve("wave", group_size=9, num_xcds=1), 3, 4) == [
        (f % 3, f // 3) for f in range(12)
    ]
    # 1-D grids keep only the XCD permutation
    bal = ref_xcd_balanced(13, 8)
    assert tiles_of(resolve("wave", group_size=4, num_xcds=8), 13, 1) == [(i, 0) for i in bal]
    assert tiles_of(resolve("wave", group_size=2, num_xcds=8), 1, 13) == [(0, i) for i in bal]


def test_rocroller_seed_table() -> None:
    """Seed 001: 6x8 tiles, WGM = 4 along M, cell by cell."""
    want = [
        [0, 4, 8, 12, 16, 20, 24, 28],
        [1, 5, 9, 13, 17, 21, 25, 29],
        [2, 6, 10, 14, 18, 22, 26, 30],
        [3, 7, 11, 15, 19, 23, 27, 31],
        [32, 34, 36, 38, 40, 42, 44, 46],
        [33, 35, 37, 39, 41, 43, 45, 47],
    ]
    assert dispatch_table(resolve("rocroller", group_size=4, group_dim=0), 6, 8) == want
    linear = [[m + 6 * n for n in range(8)] for m in range(6)]
    assert dispatch_table(resolve("identity"), 6, 8) == linear


def test_naive_xcd_formula_is_caught() -> None:
    """The check the pass relies on rejects the naive remap (reordering.md, naive_xcd_7x5_x8)."""
    import numpy as np

    nx, ny, x = 7, 5, 8
    total = nx * ny
    f = np.arange(total)
    i = (f % x) * (total // x) + f // x
    err = bijection_error(i % nx, i // nx, nx, ny)
    assert err is not None and "never computed" in err
    assert bijection_error(np.array([0, 5]), np.array([0, 0]), 2, 1) is not None


def test_options_are_validated() -> None:
    for kwargs, needle in [
        ({"group_size": 0}, "group-size must be >= 1, got 0"),
        ({"num_xcds": 0}, "num-xcds must be >= 1, got 0"),
        ({"chunk": 0}, "chunk must be >= 1, got 0"),
        ({"group_dim": 2}, "group-dim must be 0 or 1, got 2"),
        ({"xcd_remap": "naive"}, "xcd-remap='naive' is not one of"),
        ({"group_style": "zigzag"}, "group-style='zigzag' is not one of"),
    ]:
        with pytest.raises(ValueError, match=needle):
            resolve("wave", **kwargs)
    with pytest.raises(ValueError, match="scheme='bogus' is not one of"):
        resolve("bogus")
    with pytest.raises(ValueError, match="static grid"):
        resolve("auto")


def test_explicit_options_override_preset_parts() -> None:
    s = resolve("wave", group_dim=1, xcd_remap="tail", num_xcds=4, group_style="triton")
    assert (s.group_dim, s.xcd_remap, s.group_style, s.group_size) == (1, "tail", "triton", 8)
    assert resolve("identity", group_size=4).group_dim == 0
    assert resolve("rocroller", group_dim=1).xcd_remap == "balanced"
    assert resolve("tensile").group_dim == 1 and resolve("triton").group_style == "triton"


@settings(max_examples=200, deadline=None)
@given(
    nx=st.integers(1, 24),
    ny=st.integers(1, 24),
    remap_kind=st.sampled_from(["none", "balanced", "tail", "chunked"]),
    x=st.integers(1, 12),
    chunk=st.integers(1, 4),
    dim=st.sampled_from([None, 0, 1]),
    size=st.integers(1, 30),
    style=st.sampled_from(["wave", "triton"]),
)
def test_property_every_config_is_the_reference_bijection(
    nx: int, ny: int, remap_kind: str, x: int, chunk: int, dim: int | None, size: int, style: str
) -> None:
    s = Scheme(remap_kind, x, chunk, dim, size, style, "custom")
    new_x, new_y = remap_all(s, nx, ny)
    assert bijection_error(new_x, new_y, nx, ny) is None
    assert [(int(a), int(b)) for a, b in zip(new_x, new_y)] == ref_scheme(s, nx, ny)
