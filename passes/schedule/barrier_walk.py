"""One subgroup's walk of a function for the barrier check (:mod:`.barrier_check`).

The walk runs the function's scalar code as one subgroup would (:mod:`.barrier_values`), takes
the branch a known condition selects, and counts, as polynomials in the uniform trip counts and
branch choices (:mod:`.barrier_poly`), how often the subgroup reaches each ``gpu.barrier`` op and
arrives at / waits on each named barrier id. Along the way it checks what one subgroup alone
can get wrong: a wait without an arrive, a second arrive before the wait, a loop body that does
not leave its named barriers as it found them (so some trip count breaks the alternation), ids
beyond the allocation, barriers under conditions or trip counts that vary between subgroups in a
way the check cannot follow. :mod:`.barrier_check` compares the walks of all subgroups.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

from wgdist.dialects import gpu
from wgdist.dialects.xegpu import AllocNbarrierOp, InitNbarrierOp, NbarrierArriveOp, NbarrierWaitOp
from wgdist.ir.diagnostics import location_of
from wgdist.passes.schedule.barrier_poly import ONE, ZERO, Poly
from wgdist.passes.schedule.barrier_values import (
    UNKNOWN_UNIFORM,
    UNKNOWN_VARYING,
    Abs,
    Subgroup,
    evaluate,
)

MAX_FORKS = 6
"""Uniform unknown conditions followed both ways at once (2**MAX_FORKS walks at most)."""

BARRIER_OPS: tuple[type[Operation], ...] = (gpu.BarrierOp, InitNbarrierOp, NbarrierArriveOp, NbarrierWaitOp)


def has_barriers(op: Operation) -> bool:
    return any(isinstance(o, BARRIER_OPS) for o in op.walk())


def where(op: Operation) -> str:
    return location_of(op) or "?"


@dataclass
class Counts:
    """What a stretch of code does, per barrier: ``gpu.barrier`` op -> count, named id -> counts
    of arrivals and waits, and each ``nbarrier_arrive``/``nbarrier_wait`` op -> its count."""

    barrier: dict[Operation, Poly] = field(default_factory=dict)
    arrive: dict[int, Poly] = field(default_factory=dict)
    wait: dict[int, Poly] = field(default_factory=dict)
    sync: dict[Operation, Poly] = field(default_factory=dict)

    def add(self, other: Counts) -> None:
        for mine, theirs in ((self.barrier, other.barrier), (self.sync, other.sync)):
            for op, p in theirs.items():
                mine[op] = mine.get(op, ZERO) + p
        for src, dst in ((other.arrive, self.arrive), (other.wait, self.wait)):
            for b, p in src.items():
                dst[b] = dst.get(b, ZERO) + p

    def empty(self) -> bool:
        return all(p.is_zero() for d in (self.barrier, self.arrive, self.wait) for p in d.values())


@dataclass
class Cum:
    """A subgroup's arrivals at and waits on each named id so far (None: not followed)."""

    arrive: dict[int, Poly] = field(default_factory=dict)
    wait: dict[int, Poly] = field(default_factory=dict)
    unknown: bool = False

    def copy(self) -> Cum:
        return Cum(dict(self.arrive), dict(self.wait), self.unknown)

    def plus(self, counts: Counts, times: Poly) -> Cum:
        out = self.copy()
        for mine, theirs in ((out.arrive, counts.arrive), (out.wait, counts.wait)):
            for b, p in theirs.items():
                mine[b] = mine.get(b, ZERO) + p * times
        return out

    @staticmethod
    def choose(c: Poly, a: Cum, b: Cum) -> Cum:
        """``c * a + (1 - c) * b``."""
        out = Cum(unknown=a.unknown or b.unknown)
        for mine, x, y in ((out.arrive, a.arrive, b.arrive), (out.wait, a.wait, b.wait)):
            for k in set(x) | set(y):
                mine[k] = c * x.get(k, ZERO) + (ONE - c) * y.get(k, ZERO)
        return out


@dataclass(frozen=True)
class NamedBarrier:
    bid: Abs
    participants: Abs
    init: InitNbarrierOp


@dataclass
class Finding:
    op: Operation
    message: str
    severity: str = "error"


class SubgroupWalk:
    """Walk ``func`` as subgroup ``who``; results in ``counts``, ``findings``, ``decisions``,
    ``participants`` and ``first_use`` (named id -> the first op naming it)."""

    def __init__(self, func: Operation, who: Subgroup, symbols: dict[Operation, str], allocated: int | None,
                 alloc_op: Operation | None) -> None:
        self.who = who
        self.symbols = symbols
        self.allocated = allocated
        self.alloc_op = alloc_op
        self.env: dict[SSAValue, Abs] = {}
        self.named: dict[SSAValue, NamedBarrier] = {}
        self.counts = Counts()
        self.pending: dict[int, Operation] = {}
        self.findings: list[Finding] = []
        self.decisions: dict[Operation, object] = {}
        self.participants: dict[int, dict[int | None, Operation]] = {}
        self.first_use: dict[int, Operation] = {}
        self.record = True
        self.forks = 0
        self.branch_cum = Cum()
        # arrivals and waits so far, per named id, as polynomials in the trip counts, branch
        # choices and (inside loops) the iteration index; snapshots at each gpu.barrier
        self.cum = Cum()
        self.snaps: dict[Operation, list[Cum]] = {}
        body = func.regions[0] if func.regions else None
        if body is None or not body.blocks:
            return
        if len(body.blocks) > 1:
            self._find(func, "has several blocks: branches between blocks are not analysed", "warning")
            return
        for a in body.blocks[0].args:
            self.env[a] = UNKNOWN_UNIFORM
        self.block(body.blocks[0], ONE)
        for bid, op in sorted(self.pending.items()):
            self._find(op, f"arrives at named barrier {bid} and the subgroup returns without waiting on it")

    # ---- helpers ---------------------------------------------------------------------------
    def _find(self, op: Operation, message: str, severity: str = "error") -> None:
        if self.record:
            self.findings.append(Finding(op, message, severity))

    def val(self, v: SSAValue) -> Abs:
        return self.env.get(v, UNKNOWN_VARYING)

    def block(self, block: Block, weight: Poly) -> list[Abs]:
        """Walk ``block``; the values its terminator yields."""
        return self._run(list(block.ops), 0, weight)

    def _run(self, ops: list[Operation], i: int, weight: Poly) -> list[Abs]:
        while i < len(ops):
            op = ops[i]
            if isinstance(op, scf.YieldOp | scf.ConditionOp):
                return [self.val(v) for v in op.operands]
            if isinstance(op, scf.IfOp) and self._forkable(op):
                return self._fork(op, ops, i, weight)
            self.op(op, weight)
            i += 1
        return []

    def _forkable(self, op: scf.IfOp) -> bool:
        cond = self.val(op.cond)
        return cond.value is None and not cond.varies and self.forks < MAX_FORKS and has_barriers(op)

    def _fork(self, op: scf.IfOp, ops: list[Operation], i: int, weight: Poly) -> list[Abs]:
        """A uniform but unknown condition guarding barriers: walk the rest of the block once with
        it true (weight ``c``) and once false (``1 - c``), so later ifs on the same condition
        take the same branch (an arrive and its wait guarded alike stay paired)."""
        cond, saved = op.cond, self.env.get(op.cond)
        c = self._sym(op)
        start, cum0 = dict(self.pending), self.cum.copy()
        self.forks += 1
        try:
            self.env[cond] = Abs(1, False)
            ys1 = self._run(ops, i, weight * c)
            end1, self.pending = dict(self.pending), dict(start)
            cum1, self.cum = self.cum, cum0
            self.env[cond] = Abs(0, False)
            ys2 = self._run(ops, i, weight * (ONE - c))
            end2 = dict(self.pending)
            self.cum = Cum.choose(c, cum1, self.cum)
        finally:
            self.forks -= 1
            if saved is None:
                self.env.pop(cond, None)
            else:
                self.env[cond] = saved
        self.decisions[op] = "uniform"
        if end1.keys() != end2.keys():
            self._find(op, "leaves named barriers in different states depending on its (uniform) condition; the "
                       "check cannot follow the condition to where the barriers are completed", "warning")
        self.pending = end1
        return [a if a == b else Abs(None, a.varies or b.varies) for a, b in zip(ys1, ys2)]

    def _branch(self, block: Block | None, weight: Poly) -> tuple[Counts, dict[int, Operation], list[Abs]]:
        """Walk one branch from the current state into its own counts; the state is restored."""
        saved_counts, saved_pending, saved_cum = self.counts, dict(self.pending), self.cum.copy()
        self.counts = Counts()
        try:
            ys = self.block(block, weight) if block is not None else []
            self.branch_cum = self.cum
            return self.counts, dict(self.pending), ys
        finally:
            self.counts, self.pending, self.cum = saved_counts, saved_pending, saved_cum

    def _per_iteration(self, body: Block) -> Counts:
        """One iteration's arrivals and waits (a quiet walk; the state is restored)."""
        record, self.record = self.record, False
        try:
            counts, _, _ = self._branch(body, ONE)
        finally:
            self.record = record
        return counts

    # ---- ops -------------------------------------------------------------------------------
    def op(self, op: Operation, weight: Poly) -> None:
        handler = STEPS.get(type(op))
        if handler is not None:
            handler(self, op, weight)
        elif op.regions:
            if has_barriers(op):
                self._find(op, "holds barriers inside a region the check does not model; their balance is not checked",
                           "warning")
            for r in op.results:
                self.env[r] = UNKNOWN_VARYING
        else:
            for r, a in zip(op.results, evaluate(op, [self.val(v) for v in op.operands], self.who)):
                self.env[r] = a

    def execute_region(self, op: scf.ExecuteRegionOp, weight: Poly) -> None:
        if len(op.region.blocks) != 1:
            self._find(op, "has several blocks: its barriers are not checked", "warning")
            return
        ys = self.block(op.region.blocks[0], weight)
        for r, y in zip(op.results, ys):
            self.env[r] = y

    def barrier(self, op: gpu.BarrierOp, weight: Poly) -> None:
        self.counts.barrier[op] = self.counts.barrier.get(op, ZERO) + weight
        if self.record and not self.cum.unknown:
            self.snaps.setdefault(op, []).append(self.cum.copy())

    def _sym(self, op: Operation) -> Poly:
        return Poly.symbol(self.symbols[op])

    def for_(self, op: scf.ForOp, weight: Poly) -> None:
        lb, ub, step = self.val(op.lb), self.val(op.ub), self.val(op.step)
        iv_varies = lb.varies or step.varies
        trip: int | None = None
        if lb.value is not None and ub.value is not None and step.value is not None and step.value > 0:
            trip = max(0, -((lb.value - ub.value) // step.value))
        varying = trip is None and (lb.varies or ub.varies or step.varies)
        self.decisions[op] = trip if trip is not None else ("varies" if varying else "uniform")
        body = op.body.blocks[0]
        inits = [self.val(v) for v in op.iter_args]
        carried = self._carried(body, op.body.blocks[0].args[1:], inits, iv_varies)
        if trip == 0:
            for r, a in zip(op.results, inits):
                self.env[r] = a
            return
        start = dict(self.pending)
        per_iter = self._per_iteration(body)
        cum0 = self.cum
        index = Poly.symbol("i" + self.symbols[op])
        self.cum = cum0.plus(per_iter, index)
        if trip is not None:
            ys = self.block(body, weight.scale(trip))
            if trip >= 2 and self.pending.keys() != start.keys():
                self._alternation(op, start)
        elif not varying:
            ys = self.block(body, weight * self._sym(op))
            if self.pending.keys() != start.keys():
                self._alternation(op, start)
        else:
            counts, end, ys = self._branch(body, weight)
            if not counts.empty():
                self._find(op, "has a trip count that may differ between subgroups (its bounds depend on the "
                           "subgroup id or other per-subgroup values) and its body reaches barriers")
            self.counts.add(counts)
            if end.keys() != start.keys():
                self._alternation(op, start)
        self.cum = cum0.plus(per_iter, Poly.const(trip) if trip is not None else self._sym(op))
        for r, c, y in zip(op.results, carried, ys):
            self.env[r] = Abs(y.value if trip == 1 else None, c.varies or y.varies)

    def _carried(self, body: Block, args: tuple[SSAValue, ...] | list[SSAValue], inits: list[Abs],
                 iv_varies: bool) -> list[Abs]:
        """Loop-carried values: unknown, varying when an init or (fixpoint) a yield varies."""
        varies = [a.varies for a in inits]
        record, pending, counts = self.record, dict(self.pending), self.counts
        self.record, self.counts = False, Counts()
        try:
            for _ in range(len(varies) + 1):
                self.env[body.args[0]] = Abs(None, iv_varies)
                for arg, v in zip(args, varies):
                    self.env[arg] = Abs(None, v)
                ys = self.block(body, ONE)
                new = [v or y.varies for v, y in zip(varies, ys)]
                if new == varies:
                    break
                varies = new
        finally:
            self.record, self.pending, self.counts = record, pending, counts
        self.env[body.args[0]] = Abs(None, iv_varies)
        out = [Abs(None, v) for v in varies]
        for arg, ab in zip(args, out):
            self.env[arg] = ab
        return out

    def _alternation(self, op: Operation, start: dict[int, Operation]) -> None:
        changed = sorted(set(start) ^ set(self.pending))
        ids = ", ".join(str(b) for b in changed)
        self._find(op, f"leaves named barrier(s) {ids} {'waited on' if any(b in start for b in changed) else 'arrived at'} "
                   "at the end of an iteration that began the other way: for some trip count a subgroup arrives "
                   "twice before waiting, or waits without arriving")
        self.pending = start

    def if_(self, op: scf.IfOp, weight: Poly) -> None:
        cond = self.val(op.cond)
        then_b = op.true_region.blocks[0] if op.true_region.blocks else None
        else_b = op.false_region.blocks[0] if op.false_region.blocks else None
        if cond.value is not None:
            self.decisions[op] = bool(cond.value)
            taken = then_b if cond.value else else_b
            ys = self.block(taken, weight) if taken is not None else []
            for r, y in zip(op.results, ys):
                self.env[r] = y
            return
        self.decisions[op] = "varies" if cond.varies else "uniform"
        if not cond.varies:
            c = self._sym(op)
            t_counts, t_end, t_ys = self._branch(then_b, weight * c)
            t_cum = self.branch_cum
            e_counts, e_end, e_ys = self._branch(else_b, weight * (ONE - c))
            self.cum = Cum.choose(c, t_cum, self.branch_cum)
            self.counts.add(t_counts)
            self.counts.add(e_counts)
            if t_end.keys() != e_end.keys():
                self._find(op, "leaves named barriers in different states in its two branches; the check cannot "
                           "follow the condition to where the barriers are completed", "warning")
            self.pending = t_end
            for r, a, b in zip(op.results, t_ys, e_ys):
                self.env[r] = Abs(None, a.varies or b.varies)
            return
        t_counts, t_end, _ = self._branch(then_b, weight)
        t_cum = self.branch_cum
        e_counts, e_end, _ = self._branch(else_b, weight)
        self.cum = t_cum
        gpu_barriers = [b for b, p in (*t_counts.barrier.items(), *e_counts.barrier.items()) if not p.is_zero()]
        if gpu_barriers:
            self._find(gpu_barriers[0], f"is under the scf.if at {where(op)} whose condition may differ between "
                       "subgroups (it depends on the subgroup id or other per-subgroup values): every subgroup must "
                       "reach every gpu.barrier")
        unknown_count = self.who.count is None
        differ: list[str] = []
        for name, ta, eb in (("arrive", t_counts.arrive, e_counts.arrive), ("wait", t_counts.wait, e_counts.wait)):
            for bid in sorted(set(ta) | set(eb)):
                pa, pb = ta.get(bid, ZERO), eb.get(bid, ZERO)
                if pa != pb:
                    differ.append(f"{name} at named barrier {bid} {pa} vs {pb} time(s)")
        if differ:
            self._find(op, "branches on a condition that may differ between subgroups and its branches "
                       + ", ".join(differ)
                       + ("; without the subgroup count (known_block_size or num-subgroups) the check cannot "
                          "tell which subgroups take which branch" if unknown_count else ""),
                       "warning" if unknown_count else "error")
        if t_end.keys() != e_end.keys() and not unknown_count:
            self._find(op, "leaves named barriers in different states in its two branches, on a condition that "
                       "may differ between subgroups")
        self.counts.add(t_counts)
        self.counts.add(Counts(barrier=e_counts.barrier, sync=e_counts.sync))
        self.pending = t_end
        for r in op.results:
            self.env[r] = UNKNOWN_VARYING

    def while_(self, op: scf.WhileOp, weight: Poly) -> None:
        before, after = op.before_region.blocks[0], op.after_region.blocks[0]
        inits = [self.val(v) for v in op.arguments]
        varies = any(a.varies for a in inits)
        for a in before.args:
            self.env[a] = Abs(None, True)
        record, self.record = self.record, False
        saved = self.counts, dict(self.pending)
        self.counts = Counts()
        try:
            self.block(before, ONE)
        finally:
            self.record = record
            self.counts, self.pending = saved[0], saved[1]
        cond_op = before.last_op
        cond = self.val(cond_op.operands[0]) if isinstance(cond_op, scf.ConditionOp) else UNKNOWN_VARYING
        if has_barriers(op) and (cond.varies or varies):
            self._find(op, "is a loop whose exit condition may differ between subgroups and whose body reaches "
                       "barriers: their balance is not checked", "warning" if self.who.count is None else "error")
        self.decisions[op] = "varies" if cond.varies else "uniform"
        if has_barriers(op):  # the arrivals so far are not followed through a while loop
            self.cum = self.cum.copy()
            self.cum.unknown = True
        w = self._sym(op)
        start = dict(self.pending)
        for a in before.args:
            self.env[a] = Abs(None, True)
        ys = self.block(before, weight * (w + ONE))
        if self.pending.keys() != start.keys():
            self._alternation(op, start)
        for a in after.args[: len(ys)]:
            self.env[a] = Abs(None, True)
        self.block(after, weight * w)
        if self.pending.keys() != start.keys():
            self._alternation(op, start)
        for r in op.results:
            self.env[r] = UNKNOWN_VARYING

    # ---- named barriers --------------------------------------------------------------------
    def init(self, op: InitNbarrierOp, weight: Poly = ONE) -> None:
        bid, p = self.val(op.nbarrier_id), self.val(op.participant_thread_num)
        self.named[op.result] = NamedBarrier(bid, p, op)
        if bid.value is None:
            self._find(op, "has an id that the check cannot compute (not a constant or a function of the "
                       "subgroup id): its barrier's balance is not checked", "warning")
            return
        b = bid.value
        self.first_use.setdefault(b, op)
        if self.record:
            self.participants.setdefault(b, {}).setdefault(p.value, op)
        if self.allocated is None:
            self._find(op, f"uses named barrier {b} but the function allocates none (no xegpu.alloc_nbarrier)")
        elif not 0 <= b < self.allocated:
            self._find(op, f"uses named barrier id {b}, not below the {self.allocated} allocated by the "
                       f"xegpu.alloc_nbarrier at {where(self.alloc_op) if self.alloc_op else '?'}")
        if p.value is None:
            self._find(op, f"declares a participant count the check cannot compute for named barrier {b}: "
                       "participants are not checked", "warning")
        elif p.value < 1 or (self.who.count is not None and p.value > self.who.count):
            self._find(op, f"declares {p.value} participants for named barrier {b}, in a workgroup of "
                       f"{self.who.count} subgroups")

    def event(self, op: NbarrierArriveOp | NbarrierWaitOp, weight: Poly) -> None:
        nb = self.named.get(op.nbarrier)
        if nb is None:
            self._find(op, "uses a named barrier the check cannot trace to its xegpu.init_nbarrier (a block "
                       "argument or a value computed elsewhere): its balance is not checked", "warning")
            return
        if nb.bid.value is None:
            return
        b = nb.bid.value
        arrive = isinstance(op, NbarrierArriveOp)
        if arrive:
            if b in self.pending:
                self._find(op, f"arrives at named barrier {b} again before waiting on it (the arrive at "
                           f"{where(self.pending[b])} has no wait yet)")
            self.pending[b] = op
        else:
            if b not in self.pending:
                self._find(op, f"waits on named barrier {b} without having arrived at it")
            self.pending.pop(b, None)
        d = self.counts.arrive if arrive else self.counts.wait
        d[b] = d.get(b, ZERO) + weight
        self.counts.sync[op] = self.counts.sync.get(op, ZERO) + weight
        c = self.cum.arrive if arrive else self.cum.wait
        c[b] = c.get(b, ZERO) + ONE


Step = Callable[[SubgroupWalk, Any, Poly], None]

STEPS: dict[type[Operation], Step] = {
    scf.ForOp: SubgroupWalk.for_,
    scf.IfOp: SubgroupWalk.if_,
    scf.WhileOp: SubgroupWalk.while_,
    scf.ExecuteRegionOp: SubgroupWalk.execute_region,
    gpu.BarrierOp: SubgroupWalk.barrier,
    InitNbarrierOp: SubgroupWalk.init,
    NbarrierArriveOp: SubgroupWalk.event,
    NbarrierWaitOp: SubgroupWalk.event,
    AllocNbarrierOp: lambda walk, op, weight: None,
}
"""The ops the walk follows, by class; any other op is evaluated as a scalar
(:func:`~wgdist.passes.schedule.barrier_values.evaluate`) or, with regions, reported."""
