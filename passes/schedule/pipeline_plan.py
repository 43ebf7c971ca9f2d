"""What ``strategy=pipeline`` will do to one K loop, decided before any IR changes.

A global read or prefetch is *pipelined* when its address depends only on the induction
variable, values defined outside the loop and inductions (loop-carried values advanced by pure
ops of their own and nothing else carried: a descriptor moved by ``update_nd_offset``), through
pure ops of the body (its *slice*): it is then issued ``distance`` iterations ahead and its
value carried in ``iter_args``. The body's dpas form ``fragments`` groups in body order (the
mini-iterations); a read belongs to the fragment of the first dpas it feeds (a prefetch to that
of a read from the same memref; anything else to fragment 0). Mini-iteration ``f`` issues,
before its first dpas, the reads of fragment ``f + 1`` and the last one those of fragment 0 of
the following step (seed 004's cross-stage rotation): with more than one fragment, fragment 0 is
read ``stages`` steps ahead and the others ``stages - 1``; with one fragment everything is read
``stages - 1`` steps ahead. A read at distance 0 (only with ``stages=1``) moves within its
iteration to its mini-iteration, unless a sync op lies between. A read whose value only an SLM
write uses is not read ahead (mlir-opt 22 finds no lane layout for it as an ``iter_arg``). No
read is issued across a sync op of the body: a read whose mini-iteration lies beyond one is
issued (ahead) where it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.traits import is_side_effect_free

from wgdist.passes.schedule.classify import KLoop, OpKind, Refusal
from wgdist.passes.schedule.memory import source_of
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.pipeline_values import zero_attr

LOADS = (OpKind.GLOBAL_READ, OpKind.PREFETCH)


@dataclass
class Plan:
    """``distance``: pipelined reads (>= 1) and moved reads (0); ``anchor``: the body op each
    of them is issued before (the first dpas of its mini-iteration, or the read's own place
    when a sync op lies between); ``first_dpas``: mini-iteration -> its first dpas; ``slice``: a
    read's pure body ops, in body order; ``chain``: the loop-carried values those slices read
(inductions: a descriptor advanced by ``update_nd_offset``) -> the ops that advance them one
step; ``trip``: (lb, ub, step) as constants where known."""

    kloop: KLoop
    distance: dict[Operation, int] = field(default_factory=dict)
    anchor: dict[Operation, Operation] = field(default_factory=dict)
    first_dpas: dict[int, Operation] = field(default_factory=dict)
    slice: dict[Operation, list[Operation]] = field(default_factory=dict)
    chain: dict[SSAValue, list[Operation]] = field(default_factory=dict)
    reads_args: dict[Operation, set[SSAValue]] = field(default_factory=dict)
    trip: tuple[int | None, int | None, int | None] = (None, None, None)

    @property
    def max_distance(self) -> int:
        return max(self.distance.values(), default=0)

    def pipelined(self) -> list[Operation]:
        """Reads issued ahead, in body order."""
        return [op for op in self.kloop.loop.body.block.ops if self.distance.get(op, 0) >= 1]

    def static_trip_count(self) -> int | None:
        lb, ub, st = self.trip
        if lb is None or ub is None or st is None:
            return None
        return max(0, -((lb - ub) // st))


def constant_int(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _slice(values: list[SSAValue], block: Block, allowed: set[SSAValue]) -> tuple[list[Operation], set[SSAValue]] | None:
    """The body ops ``values`` come from (all pure, the block arguments among the leaves in
    ``allowed``), in body order, and the block arguments they read; None otherwise."""
    found: set[Operation] = set()
    args: set[SSAValue] = set()
    todo = list(values)
    while todo:
        v = todo.pop()
        if isinstance(v, BlockArgument) and v.owner is block:
            if v not in allowed:
                return None
            args.add(v)
            continue
        owner = v.owner
        if not isinstance(owner, Operation) or owner.parent_block() is not block or owner in found:
            continue
        if owner.regions or not is_side_effect_free(owner):
            return None
        found.add(owner)
        todo += list(owner.operands)
    return [o for o in block.ops if o in found], args


def _inductions(block: Block, iv: SSAValue) -> dict[SSAValue, list[Operation]]:
    """Loop-carried values advanced by pure ops of themselves, the induction variable and values
    from outside (a descriptor moved by ``update_nd_offset``): argument -> those ops."""
    yield_op = block.last_op
    assert isinstance(yield_op, scf.YieldOp)
    found: dict[SSAValue, list[Operation]] = {}
    for arg, nxt in zip(block.args[1:], yield_op.operands):
        chain = _slice([nxt], block, {iv, arg})
        if chain is not None:
            found[arg] = chain[0]
    return found


def _first_fragment(op: Operation, frag_of: dict[Operation, int], kloop: KLoop) -> int | None:
    """The fragment of the first dpas ``op``'s value reaches (through pure and SLM ops)."""
    block = kloop.loop.body.block
    best: int | None = None
    todo, seen = [op], set()
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        if kloop.kinds.get(cur) is OpKind.SLM_WRITE:
            key = source_of(cur)
            todo += [r for r, k in kloop.kinds.items() if k is OpKind.SLM_READ and source_of(r) == key]
        for res in cur.results:
            for use in res.uses:
                user = block.find_ancestor_op_in_block(use.operation)
                if user is None:
                    continue
                if user in frag_of:
                    best = frag_of[user] if best is None else min(best, frag_of[user])
                elif kloop.kinds.get(user) in (OpKind.OTHER, OpKind.SLM_WRITE, OpKind.SLM_READ):
                    todo.append(user)
    return best


def _crosses_sync(kloop: KLoop, op: Operation, before: Operation) -> bool:
    """Whether a sync op lies between ``before`` and ``op`` (``before`` earlier in the body)."""
    ops = list(kloop.loop.body.block.ops)
    lo, hi = sorted((ops.index(before), ops.index(op)))
    return any(kloop.kinds[o] is OpKind.SYNC for o in ops[lo:hi])


def _can_move(kloop: KLoop, op: Operation, to: Operation) -> bool:
    """Whether ``op`` (with its slice) may be issued right before ``to`` in the same iteration:
    no sync op between, and every user of its value after ``to``."""
    if _crosses_sync(kloop, op, to):
        return False
    block = kloop.loop.body.block
    ops = list(block.ops)
    at = ops.index(to)
    for res in op.results:
        for use in res.uses:
            user = block.find_ancestor_op_in_block(use.operation)
            if user is not None and ops.index(user) < at:
                return False
    return True


def _only_stored_to_slm(kloop: KLoop, op: Operation) -> bool:
    """Whether every user of ``op``'s value is an SLM write. Such a read is not carried in an
    ``iter_arg``: mlir-opt 22's lane-layout propagation assigns a loop-carried vector its
    layout from its users only, and an SLM write (``xegpu.store_matrix``, with or without a
    ``layout``) gives none, so the loop's ``scf.yield`` fails ("Failed to update operation
    with the layout."); in place, the read's own ``layout`` serves."""
    users = [use.operation for res in op.results for use in res.uses]
    return bool(users) and all(kloop.kinds.get(u) is OpKind.SLM_WRITE for u in users)


def make_plan(kloop: KLoop, options: ScheduleOptions) -> Plan | Refusal:
    loop = kloop.loop
    iv = loop.body.block.args[0]
    if not isinstance(iv.type, IndexType):
        return Refusal(loop, f"the induction variable is {iv.type}, only index is handled")
    plan = Plan(kloop, trip=(constant_int(loop.lb), constant_int(loop.ub), constant_int(loop.step)))
    if plan.trip[2] is not None and plan.trip[2] <= 0:
        return Refusal(loop, f"the step is {plan.trip[2]}: expected a positive step")
    dpas = kloop.ops(OpKind.MMA)
    count = len(dpas) if options.fragments == 0 else min(options.fragments, len(dpas))
    frag_of = {d: i * count // len(dpas) for i, d in enumerate(dpas)}
    for d, f in frag_of.items():
        plan.first_dpas.setdefault(f, d)
    block = loop.body.block
    inductions = _inductions(block, iv)
    reads = [op for op in loop.body.block.ops if kloop.kinds[op] in LOADS]
    frag: dict[Operation, int] = {}
    for op in reads:
        if kloop.kinds[op] is OpKind.GLOBAL_READ:
            frag[op] = _first_fragment(op, frag_of, kloop) or 0
    for op in reads:
        if kloop.kinds[op] is OpKind.PREFETCH:
            same = [r for r in frag if source_of(r) == source_of(op)]
            frag[op] = min((frag[r] for r in same), default=0)
    for op in reads:
        found = _slice(list(op.operands), block, {iv, *inductions})
        if found is None or len(op.results) > 1 or op.regions:  # an scf.if around a read stays
            continue
        sl, args = found
        if op.results and zero_attr(op.results[0].type) is None:
            continue
        f = frag[op]
        dist = options.stages if count > 1 and f == 0 else options.stages - 1
        if dist >= 1 and _only_stored_to_slm(kloop, op):
            continue
        anchor = plan.first_dpas[(f - 1) % count]
        if dist == 0 and (count == 1 or not _can_move(kloop, op, anchor)):
            continue
        if _crosses_sync(kloop, op, anchor):  # issued where the read was: no sync op crossed
            anchor = op
        plan.distance[op] = dist
        plan.anchor[op] = anchor
        plan.slice[op] = sl
        plan.reads_args[op] = args - {iv}
        plan.chain |= {a: inductions[a] for a in args if a is not iv}
    if options.stages == 1 and count == 1:
        return Refusal(loop, "stages=1 with one fragment per step moves nothing")
    if plan.max_distance == 0:
        return Refusal(
            loop,
            "no global read or prefetch to schedule (none whose address depends only on the "
            "induction variable, values defined outside the loop and loop-carried values "
            f"advanced by pure ops of their own, with stages={options.stages} "
            f"and {count} fragment(s))",
        )
    return plan

