"""Bytes a workgroup order fetches from memory: an LRU L2 simulated over the hardware's dispatch.

The machine (:class:`Machine`): workgroups go to ``domains`` L2 domains (XCDs, L2 partitions,
stacks), dispatch id ``f`` to domain ``f % domains`` (``round-robin``) or to the ``f``-th
contiguous share (``blocked``); each domain runs ``window`` workgroups at a time and has an LRU
cache of ``l2_bytes`` of its own.

The work (:class:`Problem`): the workgroup of tile ``(m, n)`` reads, at each of ``k_blocks``
steps ``j``, block ``A(m, j)`` (``a_bytes``) and block ``B(n, j)`` (``b_bytes``), and when it
finishes writes ``c_bytes`` (its output tile, or the share of it the modelled cache holds) that
take room in the cache like the blocks read: with short K a wave's outputs are a large part of
what passes through the L2 between two reads of a panel.

The schedule: each domain runs its workgroups in dispatch order, ``window`` at a time; the
co-resident ones advance through K together (step ``j`` of all of them at the same time) and the
next ``window`` start when they finish (waves). A step's requests for one block are one fetch.

The cache: LRU at the granularity of a step. A block read at step ``t`` and last read at step
``t' < t`` is a hit when it and every distinct block read in the steps strictly between fit in
``l2_bytes``; the first read is a miss. The outputs written in between (those of the waves that
end between the two reads) count towards that room. With ``l2_bytes = 0`` nothing survives a step: a wave then
fetches each distinct A and B panel it touches once per step, which is the window count of
:mod:`wgdist.reorder.cache_model`.

Capacity spread (``Machine.l2_spread``): a real L2 is not one LRU of a fixed size (hashed sets,
its own replacement policy, other traffic), so a panel whose reuse needs just under ``l2_bytes``
is not a sure hit nor one just over a sure miss. With a spread ``s > 0`` the fetches are averaged
over :data:`SPREAD_POINTS` capacities evenly spaced over ``l2_bytes * [1 - s, 1 + s]``, which
smooths the all-or-nothing step of a single LRU size into a ramp.

How it is computed (no per-access loop): a panel (all K blocks of one A row or B column) read by
wave ``w1`` and next by wave ``w2`` finds between its two reads of block ``k``
``d(k) = U(w1+1, w2-1) + (K-1-k) U(w1, w2-1) + k U(w1+1, w2) + (w2 - w1) window c_bytes``
bytes (the outputs of the ``w2 - w1`` full waves that end in between), where ``U(a, b)`` is the
bytes one step reads over the union of waves ``a..b`` (distinct A rows times ``a_bytes`` plus
distinct B columns times ``b_bytes``). ``d`` is linear in ``k``, so the hits of each (panel,
w1, w2) are counted in closed form. ``U`` over many wave ranges comes from the waves' panel lists
and the distance (in waves) to each panel's previous use. Ranges longer than :data:`MAX_GAP`
waves are not formed: a panel whose uses are further apart counts as fetched again, which is
exact unless fewer than that many waves together fit in the cache (documented approximation for
grids of more than ``MAX_GAP`` waves per domain). numpy is imported inside the functions, so
importing the package stays cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DISPATCHES = ("round-robin", "blocked")
MAX_GAP = 64  # the longest run of waves whose union is formed
SPREAD_POINTS = 5  # capacities averaged over with a capacity spread


@dataclass(frozen=True)
class Machine:
    """Where workgroups run and what each L2 domain holds."""

    domains: int = 1
    window: int = 64
    l2_bytes: int = 0
    dispatch: str = "round-robin"
    l2_spread: float = 0.0  # fetches averaged over l2_bytes * [1 - spread, 1 + spread]

    def __post_init__(self) -> None:
        if self.domains < 1 or self.window < 1 or self.l2_bytes < 0:
            raise ValueError(f"bad machine {self}")
        if not 0.0 <= self.l2_spread < 1.0:
            raise ValueError(f"bad machine {self}")
        if self.dispatch not in DISPATCHES:
            raise ValueError(f"dispatch {self.dispatch!r} is not one of {', '.join(DISPATCHES)}")


@dataclass(frozen=True)
class Problem:
    """The blocks each workgroup reads: ``k_blocks`` steps of one A and one B block."""

    k_blocks: int = 8
    a_bytes: int = 1
    b_bytes: int = 1
    c_bytes: int = 0  # written by each workgroup when it ends, held in the cache

    def __post_init__(self) -> None:
        if min(self.k_blocks, self.a_bytes, self.b_bytes) < 1 or self.c_bytes < 0:
            raise ValueError(f"bad problem {self}")


@dataclass(frozen=True)
class Traffic:
    """Blocks fetched from memory per L2 domain (``a_blocks[d]``, ``b_blocks[d]``)."""

    a_blocks: tuple[int, ...]
    b_blocks: tuple[int, ...]
    problem: Problem
    waves: int  # waves of the busiest domain

    @property
    def per_domain(self) -> tuple[int, ...]:
        """Bytes fetched by each domain."""
        p = self.problem
        return tuple(a * p.a_bytes + b * p.b_bytes for a, b in zip(self.a_blocks, self.b_blocks))

    @property
    def total(self) -> int:
        """Bytes fetched from memory by the whole grid."""
        return sum(self.per_domain)

    @property
    def blocks(self) -> int:
        return sum(self.a_blocks) + sum(self.b_blocks)


def domain_of(f: Any, total: int, m: Machine) -> Any:
    """The L2 domain that runs dispatch id ``f`` (an array) of ``total`` workgroups."""
    if m.dispatch == "round-robin":
        return f % m.domains
    return (f * m.domains) // total


def simulate(
    new_x: Any, new_y: Any, nx: int, ny: int, machine: Machine, problem: Problem, ids: Any = None
) -> Traffic:
    """Fetches of the order ``f -> (new_x[f], new_y[f])`` (arrays over every dispatch id).

    ``ids``: the dispatch ids that run (ascending; default all of them), for a sample of a large
    grid: the others are left out of the schedule, the cache starts empty.
    """
    import numpy as np

    xs, ys = np.asarray(new_x, dtype=np.int64), np.asarray(new_y, dtype=np.int64)
    total = nx * ny
    f = np.arange(total, dtype=np.int64) if ids is None else np.asarray(ids, dtype=np.int64)
    dom = domain_of(f, total, machine)
    a_blocks, b_blocks, waves = [], [], 0
    for d in range(machine.domains):
        ids = f[dom == d]
        if ids.size == 0:
            a_blocks.append(0)
            b_blocks.append(0)
            continue
        w = np.arange(ids.size, dtype=np.int64) // machine.window
        nw = int(w[-1]) + 1
        waves = max(waves, nw)
        rows = _Uses(w, xs[ids], nx, nw)
        cols = _Uses(w, ys[ids], ny, nw)
        sizes = capacities(machine)
        a = sum(_misses(rows, rows, cols, problem.a_bytes, machine, problem, c) for c in sizes)
        b = sum(_misses(cols, rows, cols, problem.b_bytes, machine, problem, c) for c in sizes)
        a_blocks.append(round(a / len(sizes)))
        b_blocks.append(round(b / len(sizes)))
    return Traffic(tuple(a_blocks), tuple(b_blocks), problem, waves)


def capacities(m: Machine) -> list[int]:
    """The L2 sizes the fetches are averaged over (just ``l2_bytes`` without a spread)."""
    if m.l2_spread == 0.0 or m.l2_bytes == 0:
        return [m.l2_bytes]
    n = SPREAD_POINTS - 1
    return [round(m.l2_bytes * (1 - m.l2_spread + 2 * m.l2_spread * i / n)) for i in range(n + 1)]


class _Uses:
    """The (wave, panel) pairs of one operand in one domain, and unions over runs of waves."""

    def __init__(self, w: Any, panel: Any, n_panels: int, nw: int) -> None:
        import numpy as np

        key = np.unique(w * n_panels + panel)
        self.wave, self.panel = key // n_panels, key % n_panels  # sorted by wave, then panel
        self.nw = nw
        self.gap = min(nw, MAX_GAP)
        # lag: waves since the panel's previous use (gap + 1: none within reach)
        order = np.lexsort((self.wave, self.panel))
        pw, pp = self.wave[order], self.panel[order]
        lag = np.full(pw.size, self.gap + 1, dtype=np.int64)
        same = pp[1:] == pp[:-1]
        lag[1:][same] = np.minimum(pw[1:][same] - pw[:-1][same], self.gap + 1)
        self.lag_sorted = (pp, pw, lag)
        # newer[w, j]: panels of wave w not used in waves w-j..w-1 (lag > j), j = 0..gap
        hist = np.zeros((nw, self.gap + 2), dtype=np.int64)
        np.add.at(hist, (pw, lag), 1)
        newer = hist[:, ::-1].cumsum(axis=1)[:, ::-1][:, 1:]  # [w, j] = #lag > j
        # diag[a, length]: distinct panels of waves a..a+length (sum of newer[a+j, j], j <= length)
        diag = np.zeros((nw, self.gap + 1), dtype=np.int64)
        acc = np.zeros(nw, dtype=np.int64)
        for j in range(self.gap + 1):
            shifted = np.zeros(nw, dtype=np.int64)
            shifted[: nw - j] = newer[j:, j]
            acc = acc + shifted
            diag[:, j] = acc
        self.diag = diag

    def union(self, a: Any, b: Any) -> Any:
        """Distinct panels used by waves ``a..b`` (0 where ``b < a``; ``b - a < gap`` assumed)."""
        import numpy as np

        length = b - a
        ok = length >= 0
        out = np.zeros(np.shape(a), dtype=np.int64)
        out[ok] = self.diag[a[ok], length[ok]]
        return out


def _misses(
    uses: _Uses, rows: _Uses, cols: _Uses, tile: int, m: Machine, p: Problem, l2_bytes: int
) -> int:
    """Blocks of ``uses``' operand fetched from memory in its domain by an L2 of ``l2_bytes``."""
    import numpy as np

    k = p.k_blocks
    pp, pw, lag = uses.lag_sorted
    first = int(np.count_nonzero(lag > uses.gap))  # first uses, and uses beyond reach: K misses
    again = lag <= uses.gap
    w2 = pw[again]
    w1 = w2 - lag[again]

    def u(a: Any, b: Any) -> Any:
        return rows.union(a, b) * p.a_bytes + cols.union(a, b) * p.b_bytes

    u0, u1, um = u(w1, w2 - 1), u(w1 + 1, w2), u(w1 + 1, w2 - 1)
    written = (w2 - w1) * (m.window * p.c_bytes)  # outputs of the waves ending in between
    base = um + (k - 1) * u0 + tile + written  # d(0) plus the block itself
    slope = u1 - u0
    room = l2_bytes - base  # hit at step k when k * slope <= room
    hits = np.where(room >= 0, k, 0)
    pos, neg = slope > 0, slope < 0
    hits[pos] = np.clip(np.floor_divide(room[pos], slope[pos]) + 1, 0, k)
    need = -np.floor_divide(room[neg], -slope[neg])  # smallest k with k * (-slope) >= -room
    hits[neg] = np.clip(k - np.maximum(need, 0), 0, k)
    return first * k + int((k - hits).sum())
