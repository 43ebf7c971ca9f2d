"""The static barrier check: does every subgroup meet every barrier, for any trip count?

``barrier_problems(func_op)`` walks the function once per subgroup (:mod:`.barrier_walk`; once
with an unknown subgroup id when the subgroup count is unknown) and compares the walks:

* ``gpu.barrier``: every subgroup reaches each ``gpu.barrier`` op equally often, as a polynomial
  in the loops' trip counts and the uniform branch choices (:mod:`.barrier_poly`). A barrier
  under an ``scf.if`` or in a loop whose condition or trip count differs between subgroups is
  reported with that op named;
* named barriers (``xegpu.init_nbarrier`` id, participants; ``nbarrier_arrive``/``wait``): ids
  below the ``xegpu.alloc_nbarrier`` count; one participant count per id; each subgroup
  alternates arrive -> wait (also across loop iterations, whatever the trip count, and before it
  returns); the subgroups that arrive at an id all arrive equally often (so each generation is
  filled by one arrival of each), and there are as many of them as the declared participants.
  Counts are compared per subgroup, so a ping-pong phase offset (the upper half arrives/waits
  once before the loop, the lower half once after it) balances and one that forgets the second
  half does not;
* both together: at each ``gpu.barrier`` the subgroups of a named barrier have arrived at it and
  waited on it equally often so far (polynomials in the trip counts and the iteration index),
  else a subgroup waits for a generation that the others complete only after the gpu.barrier.
  Several named ids are each checked alone; their mutual order is not (a warning).

What the check cannot follow (an id or participant count it cannot compute, a named barrier
value carried through a block argument, barriers in regions of unknown ops, a branch on a
uniform but unknown condition that leaves a barrier half done, named barriers under
subgroup-dependent conditions when the subgroup count is unknown) is a ``warning`` naming the
op: balance is then not claimed.

The subgroup count comes from the ``num_subgroups`` argument, else from the ``gpu.func``'s
``known_block_size`` divided by the subgroup size (16 lanes on Xe).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import scf
from xdsl.ir import Operation

from wgdist.dialects import gpu
from wgdist.dialects.xegpu import AllocNbarrierOp
from wgdist.passes.schedule.barrier_poly import ZERO, Poly
from wgdist.passes.schedule.barrier_values import Subgroup
from wgdist.passes.schedule.barrier_walk import SubgroupWalk, has_barriers, where

SUBGROUP_SIZE = 16
"""Lanes per subgroup on Xe (what the distribution and LLVM 22's XeVM lowering assume)."""


@dataclass(frozen=True)
class BarrierProblem:
    """A barrier problem at ``op``; ``severity`` is ``"error"`` (a real imbalance or misuse) or
    ``"warning"`` (the check could not decide)."""

    op: Operation
    message: str
    severity: str = "error"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


def subgroup_count(func_op: Operation, subgroup_size: int = SUBGROUP_SIZE) -> int | None:
    """Subgroups per workgroup from ``known_block_size`` (None without it or when it does not
    split into whole subgroups)."""
    if not isinstance(func_op, gpu.FuncOp) or func_op.known_block_size is None:
        return None
    threads = 1
    for x in func_op.known_block_size.get_values():
        threads *= int(x)
    if threads <= 0 or threads % subgroup_size:
        return None
    return threads // subgroup_size


def _symbols(func_op: Operation) -> dict[Operation, str]:
    names: dict[Operation, str] = {}
    loops = ifs = 0
    for op in func_op.walk():
        if isinstance(op, scf.ForOp | scf.WhileOp):
            loops += 1
            names[op] = f"N{loops}"
        elif isinstance(op, scf.IfOp):
            ifs += 1
            names[op] = f"c{ifs}"
    return names


def _ranges(sgs: list[int]) -> str:
    out: list[str] = []
    i = 0
    s = sorted(sgs)
    while i < len(s):
        j = i
        while j + 1 < len(s) and s[j + 1] == s[j] + 1:
            j += 1
        out.append(str(s[i]) if i == j else f"{s[i]}-{s[j]}")
        i = j + 1
    return ", ".join(out)


def barrier_walks(
    func_op: Operation, num_subgroups: int | None = None, subgroup_size: int = SUBGROUP_SIZE
) -> list[SubgroupWalk]:
    """One walk per subgroup (one walk with an unknown subgroup id when the count is unknown)."""
    n = num_subgroups if num_subgroups else subgroup_count(func_op, subgroup_size)
    allocs = [op for op in func_op.walk() if isinstance(op, AllocNbarrierOp)]
    allocated = max((a.nbarrier_num.value.data for a in allocs), default=None)
    alloc_op = allocs[0] if allocs else None
    who = [Subgroup(s, n, subgroup_size) for s in range(n)] if n else [Subgroup(None, None, subgroup_size)]
    symbols = _symbols(func_op)
    return [SubgroupWalk(func_op, w, symbols, allocated, alloc_op) for w in who]


def barrier_problems(
    func_op: Operation, num_subgroups: int | None = None, subgroup_size: int = SUBGROUP_SIZE
) -> list[BarrierProblem]:
    """The barrier problems of one function (``gpu.func`` or ``func.func``), errors and warnings,
    in the order of their ops; empty when every barrier balances."""
    if not has_barriers(func_op):
        return []
    walks = barrier_walks(func_op, num_subgroups, subgroup_size)
    n = walks[0].who.count
    problems: list[BarrierProblem] = []
    _walk_findings(walks, n, problems)
    if n:
        _compare_gpu_barriers(walks, problems)
        _compare_named(walks, n, walks[0].symbols, problems)
        _compare_phases_at_gpu_barriers(walks, problems)
    else:
        _unknown_count_notes(walks, problems)
    _several_ids(walks, problems)
    order = {op: i for i, op in enumerate(func_op.walk())}
    problems.sort(key=lambda p: (order.get(p.op, -1), p.severity != "error"))
    return problems


def nonuniform_reason(op: Operation, walks: list[SubgroupWalk]) -> str | None:
    """Why not every subgroup reaches the barrier op ``op`` (a ``gpu.barrier``, an
    ``nbarrier_arrive`` or ``nbarrier_wait``) as the same dynamic instances: its counts differ
    between subgroups, or it sits under a condition or trip count that differs between them (so
    the subgroups could meet it in different orders); None when it is uniform."""
    counts = [(w.who.sg or 0, (w.counts.barrier if isinstance(op, gpu.BarrierOp) else w.counts.sync).get(op, ZERO))
              for w in walks]
    groups = _groups(counts)
    ctrl = _divergent_control(op, walks)
    if len(groups) < 2 and ctrl is None:
        return None
    why = ""
    if ctrl is not None:
        what = "condition" if isinstance(ctrl, scf.IfOp) else "trip count"
        why = f"under the {ctrl.name} at {where(ctrl)} whose {what} differs between subgroups"
    if len(groups) < 2:
        return f"is {why}"
    text = "; ".join(f"{p} time(s) by subgroup(s) {_ranges(sgs)}" for p, sgs in groups)
    return f"is reached {text}{', ' + why if why else ''}{_legend([p for p, _ in groups], walks[0].symbols)}"


def _walk_findings(walks: list[SubgroupWalk], n: int | None, out: list[BarrierProblem]) -> None:
    """Findings of the single walks, merged: one problem per op and message, naming the
    subgroups it concerns when there are several."""
    seen: dict[tuple[Operation, str, str], set[int]] = {}
    for w in walks:
        for f in w.findings:
            seen.setdefault((f.op, f.message, f.severity), set()).add(w.who.sg if w.who.sg is not None else -1)
    for (op, message, severity), found in seen.items():
        sgs = sorted(found)
        suffix = ""
        if n and len(sgs) < n:
            suffix = f" (subgroup{'s' if len(sgs) > 1 else ''} {_ranges(sgs)} of {n})"
        out.append(BarrierProblem(op, message + suffix, severity))


def _legend(polys: list[Poly], symbols: dict[Operation, str]) -> str:
    used = sorted({s for p in polys for m in p.terms for s in m})
    if not used:
        return ""
    by_name = {v: k for k, v in symbols.items()}
    parts = []
    for s in used:
        op = by_name[s]
        what = "the choice (0 or 1) of the scf.if" if isinstance(op, scf.IfOp) else "the trip count of the " + op.name
        parts.append(f"{s} = {what} at {where(op)}")
    return " (" + "; ".join(parts) + ")"


def _groups(per_sg: list[tuple[int, Poly]]) -> list[tuple[Poly, list[int]]]:
    groups: dict[Poly, list[int]] = {}
    for sg, p in per_sg:
        groups.setdefault(p, []).append(sg)
    return sorted(groups.items(), key=lambda g: g[1][0])


def _divergent_control(op: Operation, walks: list[SubgroupWalk]) -> Operation | None:
    """The innermost op around ``op`` whose condition or trip count differs between subgroups."""
    p = op.parent_op()
    while p is not None:
        seen = {repr(w.decisions[p]) for w in walks if p in w.decisions}
        if len(seen) > 1 or any(w.decisions.get(p) == "varies" for w in walks):
            return p
        p = p.parent_op()
    return None


def _compare_gpu_barriers(walks: list[SubgroupWalk], out: list[BarrierProblem]) -> None:
    ops = {op: None for w in walks for op in w.counts.barrier}
    reported = {p.op for p in out if p.is_error}
    for op in ops:
        reason = nonuniform_reason(op, walks)
        if reason is not None and op not in reported:
            out.append(BarrierProblem(op, f"{reason}: every subgroup must reach every gpu.barrier equally often, "
                                      "as the same dynamic instances"))


def _compare_named(walks: list[SubgroupWalk], n: int, symbols: dict[Operation, str],
                   out: list[BarrierProblem]) -> None:
    bids = sorted({b for w in walks for b in (*w.counts.arrive, *w.counts.wait, *w.first_use)})
    for b in bids:
        at = next(w.first_use[b] for w in walks if b in w.first_use)
        declared: dict[int | None, Operation] = {}
        for w in walks:
            for p, op in w.participants.get(b, {}).items():
                declared.setdefault(p, op)
        if len(declared) > 1:
            values = ", ".join(f"{p} at {where(op)}" for p, op in declared.items())
            out.append(BarrierProblem(at, f"named barrier {b} is initialized with different participant counts: "
                                      f"{values}"))
        arrive = [(w.who.sg or 0, w.counts.arrive.get(b, ZERO)) for w in walks]
        members = [(sg, p) for sg, p in arrive if not p.is_zero()]
        groups = _groups(members)
        if len(groups) > 1:
            counts = "; ".join(f"subgroup(s) {_ranges(sgs)} arrive {p} time(s)" for p, sgs in groups)
            out.append(BarrierProblem(at, f"named barrier {b} is unbalanced: {counts}; each generation of the "
                                      "barrier needs one arrival of each participant, so some subgroup waits "
                                      f"forever for some trip count{_legend([p for p, _ in groups], symbols)}"))
        (p_known,) = declared if len(declared) == 1 else (None,)
        if p_known is not None and members and len(members) != p_known:
            out.append(BarrierProblem(at, f"named barrier {b} declares {p_known} participants but "
                                      f"{len(members)} of the {n} subgroups arrive at it (subgroup(s) "
                                      f"{_ranges([sg for sg, _ in members])})"))


def _compare_phases_at_gpu_barriers(walks: list[SubgroupWalk], out: list[BarrierProblem]) -> None:
    """At each gpu.barrier, the subgroups that use a named barrier must have arrived at it and
    waited on it equally often: a subgroup waiting for a generation that another one completes
    only after the gpu.barrier would wait forever (and block the gpu.barrier)."""
    reported = {p.op for p in out if p.is_error}
    ops = {op: None for w in walks for op in w.snaps}
    for op in ops:
        if op in reported:
            continue
        for b in sorted({b for w in walks for b in w.counts.arrive}):
            members = [w for w in walks if not w.counts.arrive.get(b, ZERO).is_zero()]
            seen: dict[tuple[tuple[str, str], ...], list[int]] = {}
            for w in members:
                key = tuple((str(c.arrive.get(b, ZERO)), str(c.wait.get(b, ZERO))) for c in w.snaps.get(op, []))
                seen.setdefault(key, []).append(w.who.sg or 0)
            if len(seen) > 1:
                parts = "; ".join(
                    f"subgroup(s) {_ranges(sgs)} after {', '.join(f'{a} arrival(s) and {wt} wait(s)' for a, wt in key) or 'never'}"
                    for key, sgs in seen.items())
                out.append(BarrierProblem(op, f"is reached by the subgroups of named barrier {b} in different phases of "
                                          f"it ({parts}): a subgroup waiting for a generation that others complete only "
                                          "after this gpu.barrier waits forever"))
                break


def _several_ids(walks: list[SubgroupWalk], out: list[BarrierProblem]) -> None:
    ids = sorted({b for w in walks for b in w.first_use})
    if len(ids) > 1:
        second = next(w.first_use[ids[1]] for w in walks if ids[1] in w.first_use)
        out.append(BarrierProblem(second, f"the function uses named barriers {', '.join(map(str, ids))}: each is "
                                  "checked alone, their order relative to each other is not (a subgroup waiting "
                                  "on one while another waits on the other would deadlock)", "warning"))


def _unknown_count_notes(walks: list[SubgroupWalk], out: list[BarrierProblem]) -> None:
    for w in walks:
        for b, ops in w.participants.items():
            for p, op in ops.items():
                out.append(BarrierProblem(op, f"declares {p} participants for named barrier {b}; the subgroup "
                                          "count is unknown (no known_block_size, no num-subgroups), so the "
                                          "subgroups that arrive are not counted", "warning"))
