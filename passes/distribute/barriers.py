"""Where the distributed program needs a workgroup barrier (layouts-spec 1.8): a pure decision
over the plan of one function, taken before anything is rewritten.

The workgroup program is sequential. After distribution every subgroup runs its own copy, so
when two memory ops touch the same element (global memory or SLM), at least one of them writes,
and the subgroup(s) that access it in the first op are not exactly the one subgroup that
accesses it in the second, a ``gpu.barrier`` must separate them: read-after-write (RAW),
write-after-read (WAR) and write-after-write (WAW), also from one loop iteration to the next.
Which subgroups access an element comes from the layout model only (:func:`wgdist.layout.tiles`
and, for stores, :func:`wgdist.layout.is_writer`: a store whose layout shares data is written by
one replica); a same-layout read-back (each subgroup reads exactly what it wrote) needs none.

The walk (:func:`plan_barriers`) keeps the accesses made since the last barrier, through
``scf.if`` branches (joined) and loops (iterated to a fixpoint: what the end of the body
leaves pending meets the top of the next iteration), and puts a barrier right before the first
access that conflicts with a pending one; a barrier the kernel already has clears the pending
set. An access inside an ``scf.if`` with ``sg_id_range`` gets its barrier before that
``scf.if`` (a barrier inside would wait for subgroups that never come); a dependence inside one
such region cannot be synchronized by the pass and is reported as a warning.

Aliasing. Buffers are traced to their root: a function argument, a ``memref.alloc``/``alloca``.
Distinct roots are distinct buffers (kernel arguments are assumed not to alias each other, as
the interpreter and every upstream kernel assume); global memory and SLM never alias. Where it
cannot decide, the analysis is conservative (a barrier): a buffer of unknown origin (a computed
pointer, a view of a buffer such as ``memref.subview``), offsets whose difference is not a
constant (different dynamic values, or values that change between loop iterations), accesses
through different ``mem_desc`` values, gather/scatter accesses unless both use the same
offset vector and the same split (then lane ``i`` of each subgroup touches the same address
in both), and memory ops the pass does not distribute (``memref.load``/``store``, the vector
loads and stores: every subgroup runs them, over a region the analysis does not model).

How each access is described (its buffer, coordinate frame, origin, split) is
:mod:`.barrier_access`; this module decides from those descriptions.

Cost. The walk is linear in the kernel for the usual shapes: an access's footprint (per
subgroup, per dim, the intervals it covers) is computed once per (split, write, range start,
constant origin), and so is the answer for a pair of footprints (``functools`` caches); the
pending set keeps one access per :attr:`~.barrier_access.Access.key` (everything but the op
and the loop-carried flag: a later access with the same key gets the same answer from every
conflict test, and the first one is the one a barrier names); a barrier empties it; and at a
loop's exit the frames and offsets built from values defined inside the loop are forgotten
(:func:`_escape`: no later op can name them, so they compare as unknown ones do), so the
accesses of successive loops that differ only in their induction variables share one key.

``gpu.barrier`` is enough for global memory too: LLVM 22 lowers it (``convert-gpu-to-llvm-spv``)
to ``barrier(3)``, the OpenCL barrier with both the local and the global memory fence.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from wgdist.dialects.gpu import BarrierOp
from wgdist.ir.diagnostics import location_of
from wgdist.layout import is_writer, layout_text
from wgdist.passes.distribute.barrier_access import ACCESSES, Access, Lin, undistributed_access
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.state import Plan, sg_id_range


@dataclass(frozen=True)
class Barrier:
    """A ``gpu.barrier`` to insert before ``before``, for the dependence of ``second`` on ``first``."""

    before: Operation
    first: Operation
    second: Operation
    kind: str
    why: str

    def warning(self) -> str:
        return (
            f"xegpu-wg-to-sg-distribute: {self.kind} after '{self.first.name}' at "
            f"{location_of(self.first) or '?'} inside one scf.if with sg_id_range: {self.why}; no "
            "gpu.barrier inserted (it would wait for the subgroups outside the range)"
        )

    def remark(self) -> str:
        where = location_of(self.first) or "?"
        lifted = "" if self.before is self.second else f" (for '{self.second.name}' at {location_of(self.second)}, inside sg_id_range)"
        return (
            f"xegpu-wg-to-sg-distribute: inserted gpu.barrier before this op{lifted}: {self.kind} "
            f"after '{self.first.name}' at {where}: {self.why}"
        )


# ---- the conflict test ----------------------------------------------------------------------------
# An access's footprint depends only on its split, whether it writes, its sg_id_range start and
# its constant origin: all hashable, so footprints and pairwise answers are computed once.
@lru_cache(maxsize=4096)
def _accessors(d: Dist, write: bool) -> tuple[int, ...]:
    ids = range(d.num_subgroups)
    if write and d.layout.root.sg_layout is not None:
        return tuple(s for s in ids if is_writer(d.shape, d.layout, s))  # one replica of shared data stores
    return tuple(ids)


Intervals = dict[int, list[frozenset[tuple[int, int]]]]


@lru_cache(maxsize=16384)
def _intervals(d: Dist, write: bool, base: int, consts: tuple[int, ...]) -> Intervals:
    """Per accessing subgroup (absolute id), per frame dim, the index intervals it covers (a
    subgroup's tiles are the product of their per-dim starts). Shared by the caches: not to be
    mutated."""
    ts = d.tile_shape
    lead = len(consts) - len(d.shape)
    out: Intervals = {}
    table = d.table
    for s in _accessors(d, write):
        starts = table[s]
        per = [frozenset({(consts[i], consts[i] + 1)}) for i in range(lead)]
        for i in range(len(d.shape)):
            per.append(frozenset((consts[lead + i] + t[i], consts[lead + i] + t[i] + ts[i]) for t in starts))
        assert len(starts) == len(set(starts)) == _prod(len(p) for p in per[lead:]), "tiles are a product of per-dim starts"
        out[s + base] = per
    return out


def _prod(xs: Any) -> int:
    n = 1
    for x in xs:
        n *= x
    return n


def _cells(bounds: set[int]) -> list[tuple[int, int]]:
    b = sorted(bounds)
    return list(zip(b, b[1:]))


def _dim_masks(iv: Intervals, dim: int, cells: list[tuple[int, int]]) -> list[int]:
    """Per cell of ``dim``, the subgroups whose intervals cover it (a bit mask). Every interval
    end is a cell bound, so an interval covers the run of cells from the one it starts at."""
    out = [0] * len(cells)
    los = [lo for lo, _ in cells]
    for s, per in iv.items():
        bit = 1 << s
        for a, b in per[dim]:
            k = bisect_left(los, a)
            while k < len(cells) and cells[k][1] <= b:
                out[k] |= bit
                k += 1
    return out


@lru_cache(maxsize=65536)
def _overlap(wa: bool, da: Dist, base_a: int, ca: tuple[int, ...], wb: bool, db: Dist, base_b: int, cb: tuple[int, ...]) -> str | None:
    """The geometric part of :func:`conflict`: an element both footprints cover, touched by
    more than one subgroup over the two accesses; None when there is none."""
    ia, ib = _intervals(da, wa, base_a, ca), _intervals(db, wb, base_b, cb)
    rank = len(ca)
    cells, ma, mb = [], [], []
    for dim in range(rank):
        bounds = {v for iv in (ia, ib) for per in iv.values() for lo_hi in per[dim] for v in lo_hi}
        cs = _cells(bounds)
        cells.append(cs)
        ma.append(_dim_masks(ia, dim, cs))
        mb.append(_dim_masks(ib, dim, cs))
    for idx in itertools.product(*(range(len(c)) for c in cells)):
        in_a = in_b = -1
        for dim, k in enumerate(idx):
            in_a &= ma[dim][k]
            in_b &= mb[dim][k]
            if not in_a or not in_b:
                break
        else:
            if (in_a | in_b).bit_count() > 1:
                elem = [cells[dim][k][0] for dim, k in enumerate(idx)]
                return (
                    f"element {elem} is {'written' if wa else 'read'} by subgroup(s) {_ids(in_a)} "
                    f"({layout_text(da.layout)}) and {'written' if wb else 'read'} by "
                    f"subgroup(s) {_ids(in_b)} ({layout_text(db.layout)})"
                )
    return None


def may_conflict(a: Access, b: Access) -> bool:
    """False when :func:`conflict` is None for certain from the buffers alone (neither writes,
    different spaces, different known roots): the pairs the walk need not compare further."""
    if not (a.write or b.write) or a.space != b.space:
        return False
    return a.root is None or b.root is None or a.root == b.root


def conflict(a: Access, b: Access) -> str | None:
    """Why ``b`` (after ``a``) may touch an element some other subgroup touched in ``a``;
    None when no barrier is needed."""
    if not may_conflict(a, b):
        return None
    if a.root is None or b.root is None:
        return "the buffer's origin is unknown, so it may alias (conservative)"
    if a.dist is None and b.dist is None and a.write and not b.write:
        return None  # every subgroup stored the same values and reads its own store back
    if a.dist is None or b.dist is None:
        return "an op the pass does not distribute runs in every subgroup and touches the same buffer (conservative)"
    if a.frame is None or b.frame is None or a.frame != b.frame or len(a.origin) != len(b.origin):
        return "the two accesses address the buffer through views that cannot be compared (conservative)"
    ca, cb = [], []
    for x, y in zip(a.origin, b.origin):
        if x is None or y is None or not x.same_symbols(y):
            return "their offsets differ by an amount not known at compile time (conservative)"
        ca.append(x.const)
        cb.append(y.const)
    return _overlap(a.write, a.dist, a.base, tuple(ca), b.write, b.dist, b.base, tuple(cb))


def _ids(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


# ---- the walk -------------------------------------------------------------------------------------
def _defined_in(v: Any, loop: Operation) -> bool:
    if isinstance(v, tuple):
        return any(_defined_in(x, loop) for x in v)
    if isinstance(v, Lin):
        return any(_defined_in(k, loop) for k, _ in v.terms)
    if isinstance(v, BlockArgument):
        p = v.block.parent_op()
        return p is not None and (p is loop or loop.is_ancestor(p))
    if isinstance(v, SSAValue) and isinstance(v.owner, Operation):
        return loop.is_ancestor(v.owner)
    return False


def _carry(a: Access, loop: Operation, carried: bool = True) -> Access:
    """``a`` as seen from the next iteration of ``loop``: values defined inside changed.
    With ``carried=False``: ``a`` as seen after ``loop`` (:func:`_escape`)."""
    frame = None if _defined_in(a.frame, loop) else a.frame
    origin = tuple(None if o is None or _defined_in(o, loop) else o for o in a.origin)
    if frame is a.frame and origin == a.origin and a.carried == (carried or a.carried):
        return a
    return replace(a, frame=frame, origin=origin, carried=carried or a.carried)


def _escape(a: Access, loop: Operation) -> Access:
    """``a``, pending at the exit of ``loop``, as later ops see it: no op after the loop can
    name a value defined inside it, so a frame or an offset built from one compares with
    theirs exactly as an unknown one does (the same answer from :func:`conflict`); forgetting
    them lets the accesses of successive loops that differ only there share one key."""
    return _carry(a, loop, carried=False)


def _kind(a: Access, b: Access) -> str:
    k = {(True, False): "read-after-write", (False, True): "write-after-read"}.get((a.write, b.write), "write-after-write")
    return k + (" across loop iterations" if a.carried else "") + " between subgroups"


class _Walk:
    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.barriers: dict[Operation, Barrier] = {}
        self.range_op: Operation | None = None
        self.accesses: dict[Operation, Access | None] = {}
        """Each op's access, described once (a loop body is walked more than once)."""
        self.seen: dict[tuple[int, Operation, bool], tuple[Access, Access]] = {}
        self.unsynced: dict[Operation, Barrier] = {}
        """Dependences inside one sg_id_range region: no gpu.barrier can separate them there
        (it would wait for subgroups outside the range); reported as warnings."""
        """The outermost enclosing scf.if with sg_id_range, while inside one."""

    def access(self, op: Operation) -> Access | None:
        if op not in self.plan.planned:
            return None if op.regions else undistributed_access(op)
        f = ACCESSES.get(type(op))
        if f is None:
            return None
        return replace(f(op, self.plan), base=self.plan.base.get(op, 0))

    def block(self, block: Block, pending: tuple[Access, ...]) -> tuple[Access, ...]:
        for op in block.ops:
            pending = self.op(op, pending)
        return pending

    def region_blocks(self, op: Operation, i: int, pending: tuple[Access, ...]) -> tuple[Access, ...]:
        out = pending
        for block in op.regions[i].blocks:
            out = self.block(block, out)
        return out

    def op(self, op: Operation, pending: tuple[Access, ...]) -> tuple[Access, ...]:
        if isinstance(op, BarrierOp) or op in self.barriers:
            pending = ()  # a barrier the kernel has, or one decided on an earlier pass of a loop
            if isinstance(op, BarrierOp):
                return ()
        if op in self.accesses:
            acc = self.accesses[op]
        else:
            acc = self.access(op)
            if acc is not None and self.range_op is not None:
                acc = replace(acc, scope=self.range_op)
            self.accesses[op] = acc
        if acc is not None:
            return self.touch(op, acc, pending)
        if isinstance(op, scf.ForOp | scf.WhileOp):
            return self.loop(op, pending)
        if op.regions:
            if isinstance(op, scf.IfOp) and sg_id_range(op) is not None:
                self.range_op = self.range_op or op
            outs = [self.region_blocks(op, i, pending) for i in range(len(op.regions))]
            if isinstance(op, scf.IfOp) and (len(op.regions) < 2 or not op.regions[1].blocks):
                outs.append(pending)
            if self.range_op is op:
                self.range_op = None
            return _union(*outs)
        return pending

    def touch(self, op: Operation, acc: Access, pending: tuple[Access, ...]) -> tuple[Access, ...]:
        for a in pending:
            why = conflict(a, acc)
            if why is None:
                continue
            before = self.range_op or op
            if before is not op and (before is a.op or before.is_ancestor(a.op)):
                self.unsynced.setdefault(op, Barrier(op, a.op, op, _kind(a, acc), why))
                continue
            self.barriers.setdefault(before, Barrier(before, a.op, op, _kind(a, acc), why))
            if before is op:
                return (acc,)
            return _union(tuple(p for p in pending if before.is_ancestor(p.op)), (acc,))
        return _union(pending, (acc,))

    def loop(self, op: scf.ForOp | scf.WhileOp, pending: tuple[Access, ...]) -> tuple[Access, ...]:
        carried: tuple[Access, ...] = ()
        exit_state = pending
        for _ in range(16):
            start = _union(pending, carried)
            if isinstance(op, scf.WhileOp):
                exit_state = self.region_blocks(op, 0, start)
                end = self.region_blocks(op, 1, exit_state)
            else:
                end = self.region_blocks(op, 0, start)
                exit_state = _union(pending, end)
            nxt = tuple(self.seen_from(a, op, True) for a in end)
            if {a.key for a in nxt} <= {a.key for a in carried}:
                break
            carried = _union(carried, nxt)
        return _union(tuple(self.seen_from(a, op, False) for a in exit_state))

    def seen_from(self, a: Access, loop: Operation, carried: bool) -> Access:
        """:func:`_carry` (``carried``) or :func:`_escape`, once per access and loop (a loop is
        iterated, and the accesses pending before it pass through each of its iterations)."""
        k = (id(a), loop, carried)
        hit = self.seen.get(k)
        if hit is None:
            hit = self.seen[k] = (a, _carry(a, loop) if carried else _escape(a, loop))  # keeps ``a`` alive: its id stays its own
        return hit[1]


def _union(*states: tuple[Access, ...]) -> tuple[Access, ...]:
    """The accesses of ``states`` in order, the first of each :attr:`Access.key` only (a later
    one with the same key is answered alike by every conflict test, and the first is the one a
    barrier names)."""
    seen: dict[Any, Access] = {}
    for s in states:
        for a in s:
            seen.setdefault(a.key, a)
    return tuple(seen.values())


def plan_barriers(function: Operation, plan: Plan) -> tuple[list[Barrier], list[Barrier]]:
    """The barriers one planned function needs, in program order, and the dependences no
    barrier can separate (inside one ``scf.if`` with ``sg_id_range``: the kernel divided the
    subgroups itself; the driver warns about them)."""
    if not plan.ops or all(d.num_subgroups <= 1 for d in plan.dist.values()):
        return [], []
    walk = _Walk(plan)
    for block in function.regions[0].blocks:
        walk.block(block, ())
    position = {op: i for i, op in enumerate(function.walk())}
    return (
        sorted(walk.barriers.values(), key=lambda b: position[b.before]),
        sorted(walk.unsynced.values(), key=lambda b: position[b.before]),
    )
