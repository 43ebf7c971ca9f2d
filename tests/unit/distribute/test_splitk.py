"""dpas with K split across subgroups, in the partial-sum form (:mod:`wgdist.passes.distribute.splitk`):
the model against brute force, seeded random kernels against the interpreter, and the
accumulator entering once."""

from __future__ import annotations

import re
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from tests.unit.distribute.splitk_gen import generate, kernel_text
from wgdist.layout import Layout, distribution_errors, tiles
from wgdist.passes.distribute import splitk
from wgdist.passes.distribute.dist import Dist

PIPE = "xegpu-wg-to-sg-distribute"


@st.composite
def operand_pair(draw: st.DrawFn) -> tuple[Dist, Dist]:
    """A and B layouts over the same subgroups, drawn freely (most do not multiply)."""
    S = draw(st.sampled_from([2, 4, 8]))

    def layout(shape: tuple[int, int]) -> Layout:
        l0 = draw(st.sampled_from([d for d in (1, 2, 4, 8) if S % d == 0]))
        data = tuple(draw(st.sampled_from([d for d in (4, 8, 16, 32) if n % d == 0])) for n in shape)
        order = draw(st.sampled_from([None, (0, 1)]))
        return Layout((l0, S // l0), data, order=order)

    M, N, K = (draw(st.sampled_from([8, 16, 32, 64])) for _ in range(3))
    a, b = layout((M, K)), layout((K, N))
    if distribution_errors((M, K), a) or distribution_errors((K, N), b):
        return draw(operand_pair())
    return Dist((M, K), a), Dist((K, N), b)


@st.composite
def k_pair(draw: st.DrawFn) -> tuple[Dist, Dist]:
    """A ``[r, g]`` and B ``[g, r]`` whose K coordinates are one part of the subgroup id (the
    shape the partial-sum form needs), with free tile sizes: wrap, sharing, or neither."""
    S = draw(st.sampled_from([2, 4, 8]))
    g = draw(st.sampled_from([d for d in (2, 4, 8) if S % d == 0]))
    fast_k = draw(st.booleans())
    M, N, K = (draw(st.sampled_from([8, 16, 32, 64])) for _ in range(3))
    dk = draw(st.sampled_from([d for d in (4, 8, 16) if K % d == 0]))
    dm = draw(st.sampled_from([d for d in (4, 8, 16, 32, 64) if M % d == 0]))
    dn = draw(st.sampled_from([d for d in (4, 8, 16, 32, 64) if N % d == 0]))
    a = Layout((S // g, g), (dm, dk), order=None if fast_k else (0, 1))
    b = Layout((g, S // g), (dk, dn), order=(0, 1) if fast_k else None)
    if distribution_errors((M, K), a) or distribution_errors((K, N), b):
        return draw(k_pair())
    return Dist((M, K), a), Dist((K, N), b)


@settings(max_examples=300, deadline=None)
@given(st.one_of(operand_pair(), k_pair()))
def test_writers_compute_every_product_exactly_once(pair: tuple[Dist, Dist]) -> None:
    """Whenever the model finds the partial-sum form, the writer subgroups' chains cover every
    ``(A row tile, B column tile, K tile)`` product exactly once (brute force over the tiles the
    layout model gives each subgroup), and the K groups it reads back are those chains."""
    da, db = pair
    sk = splitk.model(da, db)
    if sk is None:
        return
    (M, K), N = da.shape, db.shape[1]
    (mt, kt), nt = da.tile_shape, db.tile_shape[1]
    seen: dict[tuple[int, int, int], int] = {}
    groups: dict[int, set[int]] = {}
    for s in range(da.num_subgroups):
        ta, tb = tiles(da.shape, da.layout, s), tiles(db.shape, db.layout, s)
        g = ta[0][1] // kt
        groups.setdefault(g, set()).update(t[1] for t in ta)
        if not splitk._is_writer(da, db, sk.writer, s):
            continue
        for i, kk, j in product(range(sk.rows), range(sk.k), range(sk.cols)):
            a, b = ta[i * sk.k + kk], tb[kk * sk.cols + j]
            assert a[1] == b[0]
            seen[(a[0], b[1], a[1])] = seen.get((a[0], b[1], a[1]), 0) + 1
    assert seen == {key: 1 for key in product(range(0, M, mt), range(0, N, nt), range(0, K, kt))}
    assert sorted(groups) == list(range(sk.groups)) and sk.groups > 1
    assert sorted(k for ks in groups.values() for k in ks) == list(range(0, K, kt))


def test_model_finds_the_form_for_lined_up_operands() -> None:
    """A ``[1, 4]`` and B ``[4, 1]`` (K on the same part of the id): 4 K groups, no predicate."""
    sk = splitk.model(Dist((64, 64), Layout((1, 4), (64, 16))), Dist((64, 32), Layout((4, 1), (16, 32))))
    assert sk == splitk.SplitK(1, 1, 1, 4, 16, ())
    shared = splitk.model(Dist((64, 64), Layout((2, 4), (64, 16))), Dist((64, 32), Layout((4, 2), (16, 32), order=(0, 1))))
    assert shared is not None and shared.groups == 4 and len(shared.writer) == 1  # both halves compute it all


def test_model_refuses_operands_whose_k_slices_differ() -> None:
    """Upstream's split (the same grid for A and B): A's K follows the grid column, B's the grid
    row, so no subgroup holds a pair that multiplies: not the partial-sum form (gathered)."""
    lay_a = Layout((4, 4), (32, 8))
    lay_b = Layout((4, 4), (8, 16))
    assert splitk.model(Dist((128, 32), lay_a), Dist((32, 64), lay_b)) is None


def _dpas_types(sg: str) -> set[str]:
    return set(re.findall(r"xegpu\.dpas [^:]*: (vector<[^>]*>), (vector<[^>]*>)", sg))


@pytest.mark.parametrize("seed", range(24))
def test_random_split_k_kernels_agree(seed: int) -> None:
    """Seeded kernels (K split 2 or 4 ways, wrapping or sharing along K, M or N shared, any C
    split, f16/bf16/i8, a non-zero loaded accumulator, none, or one under another layout, some
    inside an scf.for over K): distributed in the partial-sum form (the dpas multiply the
    subgroups' own A and B tiles) and equal to the workgroup program under three schedules."""
    k = generate(seed)
    sg = wgdist.print_module(wgdist.run_pipeline(k.text, PIPE))
    (mt, kt), nt = k.a.sg_data, k.b.sg_data[1]  # type: ignore[index, misc]
    assert _dpas_types(sg) == {(f"vector<{mt}x{kt}x{k.elt}>", f"vector<{kt}x{nt}x{k.elt}>")}, k.text
    r = wgdist.check(k.text, PIPE, seed=seed, samples=1, schedules=3)
    assert r.ok, k.text + r.report


@pytest.mark.parametrize(("elt", "subgroups", "loop"), [("f16", 4, True), ("bf16", 8, False), ("i8", 4, True), ("i8", 8, True)])
def test_each_element_type_in_a_k_loop(elt: str, subgroups: int, loop: bool) -> None:
    for seed in range(3):
        k = generate(100 + seed, elt=elt, subgroups=subgroups, loop=loop)
        assert wgdist.check(k.text, PIPE, seed=seed, samples=1, schedules=3).ok, k.text


def _classic(acc: str = "loaded") -> str:
    """K split 4 ways, each subgroup the whole 64x32 product of its slice; C in row blocks."""
    return kernel_text(Layout((1, 4), (64, 16)), Layout((4, 1), (16, 32), order=(0, 1)), Layout((4, 1), (16, 32)),
                       Layout((4, 1), (16, 32)), (64, 32, 64), "f16", 0, acc)


def test_accumulator_added_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loaded (non-zero) accumulator enters once: a distribution that adds it with every K
    group's partial disagrees with the workgroup program."""
    text = _classic()
    assert wgdist.check(text, PIPE).ok
    once = splitk.total

    def per_group(env, acc, parts, elt):  # type: ignore[no-untyped-def]
        return once(env, acc, [once(env, acc, [p], elt) for p in parts], elt)

    monkeypatch.setattr(splitk, "total", per_group)
    wrong = wgdist.print_module(wgdist.run_pipeline(text, PIPE))
    assert not wgdist.check(text, against=wrong).ok


def test_barrier_between_partials_and_sums_is_needed() -> None:
    text = _classic()
    sg = wgdist.print_module(wgdist.run_pipeline(text, PIPE))
    assert sg.count("gpu.barrier") == 1
    assert not wgdist.check(text, against=sg.replace("gpu.barrier\n", "")).ok
