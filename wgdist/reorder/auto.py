"""``scheme=auto``: the candidate orders, their modelled traffic, and the choice.

The model (:mod:`wgdist.reorder.l2sim`) runs each candidate on the target's machine
(:mod:`wgdist.reorder.targets`; ``num-xcds``/``window`` override it) and counts the bytes it
fetches from memory. The target's default order (the fixed order the vendor's own stack uses,
e.g. Triton's grouped-M with G=8 on the H100) is always ranked, added when the grid is too small
for it to be one of the candidates. The choice, for a named target:

1. The margin (H100 only, the one target measured: :func:`default_margin`): the bytes the DRAM
   moves (``dram_bytes_per_s``) in ``keep_margin`` = 10% of the GEMM's time at the peak tensor
   rate (``peak_flops``; GEMM flops = 2 x the grid's tiles x the tile's M N K). It is an absolute
   amount: a difference in modelled bytes smaller than that is not a difference in throughput
   one can count on, because the GEMM hides that much memory time behind its math.
2. Ties: the candidates within :data:`TIE` (20%) of the fewest bytes or within the margin of them.
3. Among the ties: the default order; else the one grouped along the target's preferred dimension
   (M on the H100) with the group size nearest the default's (16 before 4, 32 before 2; grouping
   along N, and larger M groups, ran 0.5-3% slower at equal or fewer DRAM bytes); else the fewest.
4. Keep the default order anyway unless it reads at least the margin more than that pick.

So on the H100 auto leaves Triton's G=8 only where the model says G=8 costs at least 10% of the
GEMM's peak-rate time in DRAM traffic (short K, or grids whose G=8 waves re-read panels), and
then takes the order nearest to G=8 that saves it. The ``generic`` target is the window count
model (an L2 that keeps nothing between steps, A and B blocks weighed alike unless a tile is
given), exact ties only; the targets not measured (``mi300x``, ``pvc``, ``bmg``) have no margin
and no preferred dimension: a 20% tie goes to their default order, else the fewest bytes win.

Without a static grid (:func:`choose_dynamic`) the choice is the candidate whose modelled bytes
are, on average over :data:`TYPICAL_SIZES` x :data:`TYPICAL_SIZES` GEMMs with the target's tile,
the closest to each grid's best candidate (ties broken by steps 2 and 3 on that average, with no
margin: the GEMM's K is not known); the emitted arithmetic then reads ``gpu.grid_dim``.

Where the numbers come from (``bench/results/reorder_h100.md``): the simulation gives the DRAM
bytes an H100 reads with a median error of 0.3% and within 10% for 89% of 531 (shape, order)
kernels; but between orders whose modelled bytes differ by less than the margin, throughput
follows effects the model does not see (L2 slices shared by more SMs at once with larger groups,
the two partitions), about 0.5% either way, the size of the run-to-run noise. The 10% was set on
the 28 shapes measured on 2026-11-24 (it separates the orders that won by 0.5-1.5% from those
within noise of G=8), the nearest-group-size step on 10 shapes measured on 2026-11-25, and both
were checked on 9 shapes chosen after that.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from wgdist.reorder.l2sim import Machine, Problem, Traffic, simulate
from wgdist.reorder.mapping import remap_all
from wgdist.reorder.schemes import Scheme, closest_preset, resolve
from wgdist.reorder.targets import Target, get_target

TIE = 0.20  # named targets: candidates within 20% of the fewest bytes are ties
DEFAULT_K_BLOCKS = 8  # the generic model's K blocks per panel (a scale factor there)
DEFAULT_WINDOW = 64  # the generic model's co-resident workgroups per XCD
# grids of more than AUTO_EXACT_WORKGROUPS workgroups are modelled on AUTO_SAMPLES evenly spaced
# runs of dispatch ids holding about AUTO_SAMPLE_WORKGROUPS together (each run from a cold cache)
AUTO_EXACT_WORKGROUPS = 1 << 16
AUTO_SAMPLE_WORKGROUPS = 1 << 15
AUTO_SAMPLES = 32
TYPICAL_SIZES = (2048, 4096, 8192, 16384)  # M and N of the GEMMs scheme=auto expects (dynamic)


@dataclass(frozen=True)
class Model:
    """Everything a modelled figure depends on."""

    target: Target
    machine: Machine
    problem: Problem
    tile: tuple[int, int, int] | None  # None: blocks counted, not bytes (generic model)

    @property
    def unit(self) -> str:
        return "blocks" if self.tile is None else "bytes"

    def describe(self) -> str:
        m, p = self.machine, self.problem
        if self.tile is None:
            return f"window {m.window} workgroups per XCD, {p.k_blocks} blocks per panel"
        where = "one L2" if m.domains == 1 else f"{m.domains} L2 domains ({m.dispatch} dispatch)"
        bm, bn, bk = self.tile
        return (
            f"{self.target.name}: {where} of {show_bytes(m.l2_bytes)}, LRU, {m.window} "
            f"co-resident workgroups each; {bm}x{bn}x{bk} tiles, {p.k_blocks} K blocks of "
            f"{show_bytes(p.a_bytes)} (A) + {show_bytes(p.b_bytes)} (B)"
        )


def model(
    target: str = "generic",
    num_xcds: int | None = None,
    window: int | None = None,
    k_blocks: int | None = None,
    tile: Sequence[int] | None = None,
    elem_bytes: int | None = None,
) -> Model:
    """The model of ``target`` with the user's overrides (None: the target's own)."""
    t = get_target(target)
    machine = t.machine(num_xcds, window if window is not None else _generic_window(t))
    eb = elem_bytes or t.elem_bytes
    if tile is None and t.name == "generic":
        return Model(t, machine, Problem(k_blocks or DEFAULT_K_BLOCKS, 1, 1), None)
    bm, bn, bk = tuple(tile) if tile is not None else t.tile
    # the output tile, of which each of the domain's partitions holds the lines it owns
    problem = Problem(
        k_blocks or t.k_blocks, bm * bk * eb, bk * bn * eb, bm * bn * eb // t.partitions
    )
    return Model(t, machine, problem, (bm, bn, bk))


def _generic_window(t: Target) -> int | None:
    return DEFAULT_WINDOW if t.name == "generic" else None


def show_bytes(n: float) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{int(n)} B"


def traffic(s: Scheme, nx: int, ny: int, m: Model) -> Traffic:
    """Modelled traffic of scheme ``s`` on an ``nx x ny`` grid (every workgroup)."""
    new_x, new_y = remap_all(s, nx, ny)
    return simulate(new_x, new_y, nx, ny, m.machine, m.problem)


def scheme_traffic(s: Scheme, nx: int, ny: int, **options: Any) -> Traffic:
    """:func:`traffic` with the model built from ``options`` (those of :func:`model`)."""
    opts = dict(options)
    return traffic(s, nx, ny, model(**opts))


def sample_ids(nx: int, ny: int, m: Model) -> Any:
    """None (every workgroup) or the dispatch ids of evenly spaced runs on a large grid."""
    import numpy as np

    total = nx * ny
    if total <= AUTO_EXACT_WORKGROUPS:
        return None
    step = m.machine.domains * m.machine.window  # runs start at a wave boundary
    run = max(step, (AUTO_SAMPLE_WORKGROUPS // AUTO_SAMPLES) // step * step)
    starts = [((total - run) * i // (AUTO_SAMPLES - 1)) // step * step for i in range(AUTO_SAMPLES)]
    return np.concatenate([np.arange(s, min(s + run, total)) for s in sorted(set(starts))])


def auto_candidates(
    nx: int | None, ny: int | None, num_xcds: int | None = None, *, target: str = "generic"
) -> list[Scheme]:
    """Candidates for ``scheme=auto``, simplest first (ties go to the earlier one).

    Identity, row-major, and grouped walks along M and along N with group sizes 2, 4, 8, ...
    below the grid's size (up to 32 without a grid); with more than one XCD dispatching
    round-robin, also the same with the balanced XCD step. The generic target tries both group
    styles; a named one the Triton style along M (the wave style with an XCD step) and the wave
    style along N, since the two differ only in a cut-short last group.
    """
    t = get_target(target)
    x = num_xcds or t.domains
    xcd = x > 1 and t.dispatch == "round-robin"
    out = [resolve("identity", num_xcds=x), resolve("row-major", num_xcds=x)]
    for remap in ["none"] + (["balanced"] if xcd else []):
        if remap != "none":
            out.append(resolve("identity", num_xcds=x, xcd_remap=remap))
        for dim, par in ((0, nx), (1, ny)):
            size = 2
            while size < (par if par is not None else 64):
                for style in _styles(t, dim, remap):
                    preset = "triton" if style == "triton" else ("wave" if dim == 0 else "tensile")
                    out.append(
                        resolve(preset, group_size=size, group_dim=dim, num_xcds=x, xcd_remap=remap)
                    )
                size *= 2
    unique: list[Scheme] = []
    seen: set[tuple[Any, ...]] = set()
    for s in out:
        key = (s.xcd_remap if s.has_xcd_step else "none", s.group_dim, s.group_size, s.group_style)
        if key not in seen:
            seen.add(key)
            unique.append(replace(s, name=closest_preset(s)))  # named by what it is
    return unique


def _styles(t: Target, dim: int, remap: str) -> tuple[str, ...]:
    if t.name == "generic":
        return ("wave", "triton") if remap == "none" else ("wave",)
    return ("triton",) if dim == 0 and remap == "none" else ("wave",)


@dataclass(frozen=True)
class AutoChoice:
    scheme: Scheme
    fetches: int  # modelled total of the choice (blocks or bytes: model.unit)
    identity_fetches: int
    ranking: tuple[tuple[Scheme, int], ...]  # every candidate with its total, fewest first
    model: Model
    n_windows: int = 0  # waves of the busiest domain over the whole grid
    sampled: int | None = None  # workgroups modelled when sampling, else None
    tie_break: str = ""  # why the choice is not the first of the ranking ('' when it is)

    @property
    def num_xcds(self) -> int:
        return self.model.machine.domains

    @property
    def window(self) -> int:
        return self.model.machine.window

    @property
    def k_blocks(self) -> int:
        return self.model.problem.k_blocks

    def reason(self) -> str:
        """Why, in the model's unit, with the model's parameters."""
        ident, got = self.identity_fetches, self.fetches
        pct = 100.0 * (ident - got) / ident if ident else 0.0
        if self.model.unit == "blocks":
            where = f"all {self.num_xcds} XCDs" if self.num_xcds > 1 else "the one XCD"
            amounts = f"{got} vs {ident} blocks for identity"
        else:
            where = "every L2 domain"
            amounts = f"{show_bytes(got)} vs {show_bytes(ident)} for identity"
        if self.sampled is not None:
            where += (
                f", on {self.sampled} workgroups in {AUTO_SAMPLES} evenly spaced runs (the grid "
                f"has more than {AUTO_EXACT_WORKGROUPS} workgroups)"
            )
        what = "fetches" if self.model.unit == "blocks" else "bytes from memory"
        tie = f" ({self.tie_break})" if self.tie_break else ""
        return (
            f"{'chosen by' if self.tie_break else 'fewest'} modelled {what} among "
            f"{len(self.ranking)} candidates{tie}: {amounts} "
            f"({pct:.0f}% fewer), summed over {where}; model: {self.model.describe()}"
        )


def choose_auto(
    nx: int,
    ny: int,
    num_xcds: int | None = None,
    window: int | None = None,
    k_blocks: int | None = None,
    *,
    target: str = "generic",
    tile: Sequence[int] | None = None,
    elem_bytes: int | None = None,
) -> AutoChoice:
    """The candidate with the fewest modelled fetches on the ``nx x ny`` grid (see the module)."""
    m = model(target, num_xcds, window, k_blocks, tile, elem_bytes)
    ids = sample_ids(nx, ny, m)
    scored: list[tuple[int, int, Scheme]] = []
    per_domain = -(-nx * ny // m.machine.domains)
    waves = -(-per_domain // m.machine.window)
    cands = auto_candidates(nx, ny, num_xcds, target=target)
    want = preferred_scheme(m.target)
    if want is not None and not any(_is_preferred(s, m.target) for s in cands):
        cands.append(replace(want, name=closest_preset(want)))  # the default is always ranked
    for order, s in enumerate(cands):
        new_x, new_y = remap_all(s, nx, ny)
        t = simulate(new_x, new_y, nx, ny, m.machine, m.problem, ids)
        scored.append((t.total if m.tile is not None else t.blocks, order, s))
    scored.sort(key=lambda v: (v[0], v[1]))
    best_total, _, best = scored[0]
    run = nx * ny if ids is None else len(ids)
    margin = default_margin(m, gemm_flops(nx, ny, m) * run / (nx * ny))
    chosen, why = _tie_break(scored, m, margin)
    chosen, why = _keep_default(scored, chosen, why, m, margin)
    ident = next(v for v, o, _ in scored if o == 0)
    return AutoChoice(
        chosen,
        next(v for v, _, s in scored if s == chosen),
        ident,
        tuple((s, v) for v, _, s in scored),
        m,
        waves,
        None if ids is None else int(len(ids)),
        why if chosen != best else "",
    )


def _tie_break(
    scored: Sequence[tuple[float, int, Scheme]], m: Model, margin: float = 0.0
) -> tuple[Scheme, str]:
    """The first of ``scored`` (sorted), or the target's preference among the ties.

    Ties: within :data:`TIE` of the fewest, or within ``margin`` (bytes) of it. Among them the
    target's default order, else the order grouped along its preferred dimension with the group
    size nearest the default's (the larger of two as near), else the fewest.
    """
    best_total = scored[0][0]
    t = m.target
    if not t.preferred:
        return scored[0][2], ""
    limit = max(best_total * (1 + TIE), best_total + margin)
    tied = [s for v, _, s in scored if v <= limit]
    within = f"within {round(100 * TIE)}% of the fewest"
    if limit > best_total * (1 + TIE):
        within = f"within {show_bytes(margin)} of the fewest (the default's margin)"
    for s in tied:
        if _is_preferred(s, t):
            return s, f"{within}: {t.name}'s default order"
    want = preferred_scheme(t)
    if t.prefer_dim is not None and want is not None:
        along = [s for s in tied if s.group_dim == t.prefer_dim]
        if along:
            size = max(want.group_size, 1)
            pick = min(along, key=lambda s: (abs(math.log2(s.group_size / size)), -s.group_size))
            if pick != scored[0][2]:
                dim = "MN"[t.prefer_dim]
                return pick, (
                    f"{within}: groups along {dim} with the group size nearest the default's "
                    f"run faster on {t.name}"
                )
    return scored[0][2], ""


def gemm_flops(nx: int, ny: int, m: Model) -> float:
    """Multiply-adds x 2 of the GEMM an ``nx x ny`` grid of the model's tiles computes."""
    if m.tile is None:
        return 0.0
    bm, bn, bk = m.tile
    return 2.0 * nx * bm * ny * bn * m.problem.k_blocks * bk


def default_margin(m: Model, flops: float) -> float:
    """Bytes the DRAM moves in ``keep_margin`` of the GEMM's time at peak (0: no margin)."""
    t = m.target
    if t.keep_margin <= 0 or not flops:
        return 0.0
    return t.keep_margin * flops / t.peak_flops * t.dram_bytes_per_s


def _keep_default(
    scored: Sequence[tuple[float, int, Scheme]], chosen: Scheme, why: str, m: Model, margin: float
) -> tuple[Scheme, str]:
    """The target's default order unless ``chosen`` reads ``margin`` bytes fewer (the module)."""
    t = m.target
    if margin <= 0 or _is_preferred(chosen, t):
        return chosen, why
    pref = next(((v, s) for v, _, s in scored if _is_preferred(s, t)), None)
    if pref is None:
        return chosen, why
    got = next(v for v, _, s in scored if s == chosen)
    if pref[0] - got >= margin:
        return chosen, why
    return pref[1], (
        f"{t.name}'s default order: {chosen.spec()} reads {show_bytes(max(pref[0] - got, 0))} "
        f"less, under the default's margin of {show_bytes(margin)} (the DRAM's bytes in "
        f"{round(100 * t.keep_margin)}% of the GEMM's time at peak)"
    )


def preferred_scheme(t: Target) -> Scheme | None:
    """The target's preferred order (its ``preferred`` options: scheme, group-size, num-xcds)."""
    if not t.preferred:
        return None
    opts = dict(kv.split("=") for kv in t.preferred.split())
    size, xcds = opts.get("group-size"), opts.get("num-xcds")
    return resolve(
        opts["scheme"],
        group_size=None if size is None else int(size),
        num_xcds=None if xcds is None else int(xcds),
    )


def _is_preferred(s: Scheme, t: Target) -> bool:
    want = preferred_scheme(t)
    if want is None:
        return False
    return (want.group_dim, want.group_size, want.group_style, want.has_xcd_step) == (
        s.group_dim,
        s.group_size,
        s.group_style,
        s.has_xcd_step,
    ) and (not s.has_xcd_step or (s.xcd_remap, s.num_xcds) == (want.xcd_remap, want.num_xcds))


@dataclass(frozen=True)
class DynamicChoice:
    scheme: Scheme
    excess: float  # mean of (modelled bytes / the grid's best candidate's) - 1 over the grids
    grids: tuple[tuple[int, int], ...]
    ranking: tuple[tuple[Scheme, float], ...]
    model: Model
    tie_break: str = ""  # why the choice is not the first of the ranking ('' when it is)

    def reason(self) -> str:
        (ax, ay), (bx, by) = self.grids[0], self.grids[-1]
        if self.tie_break:
            least = self.ranking[0][1]
            which = (
                f"the least of {len(self.ranking)} candidates fetches {100 * least:.1f}% more "
                f"({self.tie_break})"
            )
        else:
            which = f"the least of {len(self.ranking)} candidates"
        return (
            f"on average over {len(self.grids)} typical grids ({ax}x{ay} to {bx}x{by}: M and N "
            f"in {', '.join(map(str, TYPICAL_SIZES))}) it fetches {100 * self.excess:.1f}% more "
            f"than each grid's best candidate, {which}; model: {self.model.describe()}"
        )


@functools.lru_cache(maxsize=32)
def choose_dynamic(
    num_xcds: int | None = None,
    window: int | None = None,
    k_blocks: int | None = None,
    *,
    target: str = "generic",
    tile: tuple[int, int, int] | None = None,
    elem_bytes: int | None = None,
) -> DynamicChoice:
    """The order for a grid known only at run time: best in expectation over typical grids."""
    m = model(target, num_xcds, window, k_blocks, tile, elem_bytes)
    bm, bn, _ = m.tile or (128, 128, 1)
    grids = tuple((-(-mm // bm), -(-nn // bn)) for mm in TYPICAL_SIZES for nn in TYPICAL_SIZES)
    cands = auto_candidates(None, None, num_xcds, target=target)
    ratios = [[0.0] * len(grids) for _ in cands]
    for g, (nx, ny) in enumerate(grids):
        ids = sample_ids(nx, ny, m)
        totals = []
        for s in cands:
            new_x, new_y = remap_all(s, nx, ny)
            t = simulate(new_x, new_y, nx, ny, m.machine, m.problem, ids)
            totals.append(t.total if m.tile is not None else t.blocks)
        low = max(min(totals), 1)
        for c, v in enumerate(totals):
            ratios[c][g] = v / low
    excess = [sum(r) / len(r) - 1.0 for r in ratios]
    order = sorted(range(len(cands)), key=lambda c: (excess[c], c))
    scored = [(excess[c], c, cands[c]) for c in order]
    # the same tie rule as choose_auto, on the mean ratio to each grid's best
    as_totals = [(1 + e, o, s) for e, o, s in scored]
    best, why = _tie_break(as_totals, m)
    chosen_excess = excess[cands.index(best)]
    ranking = tuple((s, e) for e, _, s in scored)
    return DynamicChoice(
        best, chosen_excess, grids, ranking, m, why if best != scored[0][2] else ""
    )
