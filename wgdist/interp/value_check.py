"""Value-level comparison: every distributed value against the part of its workgroup value the
subgroup owns.

The correspondence is a list of :class:`TileEntry`: a workgroup value (an op result of the
workgroup program), how its layout splits it (each subgroup's tile starts, in the layout model's
tile order, :func:`wgdist.layout.tiles`) and the subgroup program's value holding each tile
(``sg[k]``: tile ``k``). :mod:`wgdist.checker_tiles` builds it from the distribution itself.

The workgroup run records every value of every entry (:class:`ValueTrace`: per workgroup, in
the order the op ran, up to a byte budget); the subgroup run compares as it goes
(:class:`ValueComparer`): the ``n``-th value subgroup ``s`` computes for ``sg[k]`` must equal tile
``k`` of subgroup ``s`` (ids relative to an enclosing ``sg_id_range``) of the ``n``-th value of
the workgroup op, exactly for integers, within the buffers' float tolerances (scaled by the
workgroup value's largest magnitude) for floats. A distributed program that reorders workgroups
computes another workgroup's tiles: from the first difference in a workgroup on, it is compared
with the workgroup of the workgroup program whose values it has equalled (if any; see
``ValueComparer._partner``); where each workgroup stores is memory's question. A
``load_nd <{packed}>`` value (``[K/f, N, f]``) is compared in its ``[K, N]`` reading. The
mismatch reported first is the one whose workgroup op ran first: the op that went wrong, not
the store at the end.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np
from xdsl.dialects.builtin import BFloat16Type
from xdsl.ir import Attribute, Operation, OpResult, SSAValue

from wgdist.interp.compare import TOLERANCES, Comparison, Difference
from wgdist.interp.core import Probe, Thread
from wgdist.ir.diagnostics import location_of

Shape = tuple[int, ...]


@dataclass
class TileEntry:
    """One workgroup value and the subgroup values holding its tiles."""

    wg: SSAValue
    shape: Shape  # the workgroup value's (logical) shape
    table: tuple[tuple[Shape, ...], ...]  # table[s][k]: start of tile k of subgroup s
    tile_shape: Shape
    sg: list[SSAValue]  # sg[k]: the subgroup value of tile k
    packed: int = 0  # packing factor of a load_nd <{packed}> value
    base: int = 0  # first subgroup id of the enclosing sg_id_range

    def what(self) -> str:
        """``'op' at file:line:col`` (result #i)."""
        owner = self.wg.owner
        assert isinstance(owner, Operation)
        loc = location_of(owner)
        res = f" result #{self.wg.index}" if isinstance(self.wg, OpResult) and len(owner.results) > 1 else ""
        return f"'{owner.name}'{res}" + (f" at {loc}" if loc else "")

    def elt(self) -> Attribute | None:
        return getattr(self.wg.type, "element_type", None)

    def logical(self, a: np.ndarray, shape: Shape) -> np.ndarray | None:
        """``a`` in the logical shape ``shape`` (unpacking a packed value); None if it does not
        hold that many elements."""
        if a.size != math.prod(shape):
            return None
        if self.packed and a.ndim == 3:
            return a.transpose(0, 2, 1).reshape(shape)
        return a.reshape(shape)


@dataclass
class ValueTrace:
    """The workgroup run's values of every entry: ``seen[(entry, workgroup)]`` lists, per
    execution of the op, ``(seq, value, scale)`` (``seq`` orders executions across ops), or
    None once ``budget`` bytes are held (the later values are not compared)."""

    entries: Sequence[TileEntry]
    budget: int
    seen: dict[tuple[int, int], list[tuple[int, np.ndarray, float] | None]] = field(default_factory=dict)
    held: int = 0
    seq: int = 0
    dropped: int = 0

    def probes(self) -> dict[SSAValue, Probe]:
        return {e.wg: partial(self._record, i) for i, e in enumerate(self.entries)}

    def _record(self, i: int, thread: Thread, value: Any) -> None:
        occ = self.seen.setdefault((i, thread.wg_linear), [])
        self.seq += 1
        arr = np.asarray(value)
        if self.held + arr.nbytes > self.budget:
            self.dropped += 1
            occ.append(None)
            return
        e = self.entries[i]
        ref = e.logical(np.array(arr), e.shape)
        if ref is None:
            occ.append(None)
            return
        self.held += ref.nbytes
        scale = 0.0
        if ref.dtype.kind == "f":
            scale = max(1.0, float(np.nanmax(np.abs(ref.astype(np.float64)), initial=0.0)))
        occ.append((self.seq, ref, scale))


@dataclass(order=True)
class Mismatch:
    seq: int
    sg: int
    tile: int
    entry: int = field(compare=False)
    wg: tuple[int, int, int] = field(compare=False)
    occurrence: int = field(compare=False)
    element: Shape = field(compare=False)
    ref: Any = field(compare=False)
    got: Any = field(compare=False)
    count: int = field(compare=False)
    sg_op: Operation | None = field(compare=False)
    sg_index: int = field(compare=False, default=0)
    wg_linear: int = field(compare=False, default=0)
    ref_wg: tuple[int, int, int] | None = field(compare=False, default=None)  # when not ``wg``


@dataclass
class ValueComparer:
    """Compares the subgroup run's values with ``trace`` as they are computed."""

    entries: Sequence[TileEntry]
    trace: ValueTrace
    rtol: float | None = None
    atol: float | None = None
    limit: int = 10
    compared: int = 0  # elements compared
    differing: int = 0  # elements that differ
    mismatches: list[Mismatch] = field(default_factory=list)
    counts: dict[tuple[int, int, int], int] = field(default_factory=dict)
    covered: set[int] = field(default_factory=set)  # entries with a value compared
    bad: dict[tuple[int, int, int, int], int] = field(default_factory=dict)
    """(subgroup value, workgroup, subgroup, entry) -> elements that differ."""
    misaligned: set[int] = field(default_factory=set)
    """Entries whose subgroup value ran a different number of times than the workgroup op."""
    wg_map: dict[int, int] = field(default_factory=dict)
    """Workgroups of the distributed program whose values are another workgroup's (reordered)."""
    settled: set[int] = field(default_factory=set)
    candidates: dict[int, set[int]] = field(default_factory=dict)

    def probes(self) -> dict[SSAValue, Probe]:
        users: dict[SSAValue, list[tuple[int, int]]] = {}
        for i, e in enumerate(self.entries):
            for k, t in enumerate(e.sg):
                users.setdefault(t, []).append((i, k))
        return {t: partial(self._check, n, pairs) for n, (t, pairs) in enumerate(users.items())}

    def _tolerance(self, e: TileEntry, dtype: np.dtype) -> tuple[float, float]:
        key = "bfloat16" if isinstance(e.elt(), BFloat16Type) else dtype.name
        dr, da = TOLERANCES.get(key, (1e-4, 1e-4))
        return (dr if self.rtol is None else self.rtol), (da if self.atol is None else self.atol)

    def _compare(
        self, i: int, k: int, sg: int, wg: int, n: int, got_raw: np.ndarray,
    ) -> tuple[int, Shape, np.ndarray, np.ndarray, np.ndarray] | None:
        """``(seq, start, expected, got, bad)`` of tile ``k`` of subgroup ``sg`` against the
        ``n``-th value of entry ``i`` in workgroup ``wg`` (None: nothing to compare)."""
        e = self.entries[i]
        occ = self.trace.seen.get((i, wg))
        rec = occ[n] if occ is not None and n < len(occ) else None
        rel = sg - e.base
        if rec is None or not 0 <= rel < len(e.table) or k >= len(e.table[rel]):
            return None
        seq, ref, scale = rec
        start = e.table[rel][k]
        if any(a + b > c for a, b, c in zip(start, e.tile_shape, ref.shape)):
            return None
        expected = ref[tuple(slice(a, a + b) for a, b in zip(start, e.tile_shape))]
        got = e.logical(got_raw, e.tile_shape)
        if got is None:
            return None
        if ref.dtype.kind == "f" or got.dtype.kind == "f":
            rt, at = self._tolerance(e, ref.dtype)
            a64, b64 = expected.astype(np.float64), got.astype(np.float64)
            with np.errstate(invalid="ignore"):
                close = np.abs(a64 - b64) <= rt * np.abs(a64) + at * scale
            bad = ~(close | (np.isnan(a64) & np.isnan(b64)) | (a64 == b64))
        else:
            bad = expected != got
        return seq, start, expected, got, bad

    def _matches(self, i: int, k: int, sg: int, n: int, got_raw: np.ndarray, among: Iterable[int]) -> set[int]:
        """The workgroups of ``among`` whose value this tile equals."""
        out = set()
        for w in among:
            res = self._compare(i, k, sg, w, n, got_raw)
            if res is not None and not res[4].any():
                out.add(w)
        return out

    def _partner(self, i: int, k: int, sg: int, wg: int, n: int, got_raw: np.ndarray, differs: bool) -> int:
        """The workgroup of the workgroup program that SG workgroup ``wg`` is compared with.

        A distributed program that reorders workgroups computes another workgroup's tiles: at
        the first difference in ``wg``, the workgroups whose value this tile equals become its
        candidates (none: the difference is real, ``wg`` keeps itself), and every later value
        narrows them; the partner is the smallest candidate. Switching partners drops what was
        found wrong in ``wg`` (compared with the wrong workgroup)."""
        partner = self.wg_map.get(wg, wg)
        cands = self.candidates.get(wg)
        if cands is None and differs and wg not in self.settled:
            self.settled.add(wg)
            cands = self._matches(i, k, sg, n, got_raw, {w for (e, w) in self.trace.seen if e == i})
            if not cands:
                return partner
        elif cands is None or len(cands) == 1:
            return partner
        else:
            cands = self._matches(i, k, sg, n, got_raw, cands) or cands
        self.candidates[wg] = cands
        if partner not in cands:
            partner = self.wg_map[wg] = min(cands)
            self._forget(wg)
        return partner

    def _forget(self, wg: int) -> None:
        """Drop what was found wrong in workgroup ``wg`` (compared with the wrong workgroup)."""
        for key in [key for key in self.bad if key[1] == wg]:
            self.differing -= self.bad.pop(key)
        self.mismatches = [m for m in self.mismatches if m.wg_linear != wg]

    def _check(self, sg_index: int, pairs: list[tuple[int, int]], thread: Thread, value: Any) -> None:
        sg = 0 if thread.sg is None else thread.sg
        key = (sg_index, thread.wg_linear, sg)
        n = self.counts.get(key, 0)
        self.counts[key] = n + 1
        got_raw = np.asarray(value)
        for i, k in pairs:
            wg = self.wg_map.get(thread.wg_linear, thread.wg_linear)
            res = self._compare(i, k, sg, wg, n, got_raw)
            if res is None:
                continue
            partner = self._partner(i, k, sg, thread.wg_linear, n, got_raw, bool(res[4].any()))
            if partner != wg:
                wg = partner
                res = self._compare(i, k, sg, wg, n, got_raw)
                if res is None:
                    continue
            seq, start, expected, got, bad = res
            self.compared += expected.size
            self.covered.add(i)
            nbad = int(np.count_nonzero(bad))
            if not nbad:
                continue
            self.differing += nbad
            bad_key = (sg_index, thread.wg_linear, sg, i)
            self.bad[bad_key] = self.bad.get(bad_key, 0) + nbad
            first = tuple(int(x) for x in np.unravel_index(int(np.flatnonzero(bad)[0]), bad.shape))
            owner = self.entries[i].sg[k].owner
            self.mismatches.append(Mismatch(
                seq, sg, k, i, thread.wg, n, tuple(a + b for a, b in zip(start, first)),
                expected[first], got[first], nbad, owner if isinstance(owner, Operation) else None, sg_index,
                thread.wg_linear, None if wg == thread.wg_linear else _unlinear(wg, thread.grid),
            ))  # fmt: skip
            if len(self.mismatches) > 8 * self.limit + 64:
                self.mismatches = sorted(self.mismatches)[: self.limit]

    def _aligned(self, sg_index: int, wg: int, sg: int, entry: int) -> bool:
        """Whether the subgroup value ran as often as its workgroup op (a pass after the
        distribution that peels or pipelines a loop breaks the pairing of their values)."""
        ran = len(self.trace.seen.get((entry, wg), ()))
        return self.counts.get((sg_index, wg, sg), 0) == ran

    def report(self, out: Comparison) -> None:
        """Add the mismatches (kind ``"op value"``, elements that differ) to ``out``, the one
        whose workgroup op ran first first. Differences of a subgroup value that ran a different
        number of times than its workgroup op are dropped (its entry is in ``misaligned``)."""
        for key in list(self.bad):
            if not self._aligned(*key):
                self.differing -= self.bad.pop(key)
                self.misaligned.add(key[3])
        if not self.differing:
            return
        out.counts["op value"] = out.counts.get("op value", 0) + self.differing
        kept = [m for m in sorted(self.mismatches) if (m.sg_index, m.wg_linear, m.sg, m.entry) in self.bad]
        found = [_difference(self.entries[m.entry], m) for m in kept[: self.limit]]
        if not found:  # (the first ones kept were of values dropped above)
            found = [Difference("values", (), "op value", f"{self.differing} element(s) of distributed values differ")]
        found[0].message = "first op whose value differs: " + found[0].message
        out.differences[:0] = found


def _unlinear(w: int, grid: tuple[int, int, int]) -> tuple[int, int, int]:
    return w % grid[0], (w // grid[0]) % grid[1], w // (grid[0] * grid[1])


def _fmt(x: Any) -> str:
    if isinstance(x, np.floating):
        return f"{float(x):.7g}"
    return str(x.item() if isinstance(x, np.generic) else x)


def _difference(e: TileEntry, m: Mismatch) -> Difference:
    x, y, z = m.wg
    sg_op = ""
    if m.sg_op is not None:
        loc = location_of(m.sg_op)
        sg_op = f"; subgroup op '{m.sg_op.name}'" + (f" at {loc}" if loc else "")
    start = e.table[m.sg - e.base][m.tile]
    nth = f", value #{m.occurrence + 1} of the op" if m.occurrence else ""
    if m.ref_wg is not None:
        nth += f" (the tiles of workgroup {m.ref_wg} of the workgroup program: reordered)"
    message = (
        f"{e.what()} in subgroup {m.sg} of workgroup ({x}, {y}, {z}){nth}: element "
        f"[{', '.join(map(str, m.element))}] of the workgroup value: workgroup mode {_fmt(m.ref)}, "
        f"subgroup mode {_fmt(m.got)} (its tile #{m.tile} at [{', '.join(map(str, start))}], "
        f"{m.count} element(s) of it differ{sg_op})"
    )
    return Difference(e.what(), m.element, "op value", message)
