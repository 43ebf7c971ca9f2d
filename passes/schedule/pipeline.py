"""``strategy=pipeline``: software pipelining of a subgroup-level K loop.

:mod:`.pipeline_plan` decides which reads go ahead and by how much; this module rewrites

    scf.for %k = %lb to %ub step %s iter_args(%acc = %init) { body }

into a prologue (the reads of the first ``D`` steps, ``D`` = the largest distance, each step
guarded by ``lb + j*s < ub`` unless the trip count is known), a *steady* loop over the first
``max(0, N - D)`` steps (``N`` = trip count) whose reads for step ``j + d`` are issued
unconditionally, and an *epilogue* loop over the remaining ``min(N, D)`` steps, the same body
with each ahead read guarded by ``k + d*s < ub`` (so no read of a step outside ``[0, N)`` is ever
issued; the ``else`` side yields zeros that no step consumes). A read at distance ``d`` has ``d``
``iter_args``: the values of the current step and of the next ``d - 1``; each step consumes the
first and shifts in the value it read. The other ops keep their order (nothing crosses a sync op
within an iteration), the loop-carried values are those of the original loop, and each step
executes the original body's ops once (the reads for other steps, the index arithmetic of their
addresses cloned). With a static trip count the split folds and a loop with no step is not
emitted.

A read at distance ``d >= 2`` would make each step yield its queue's second ``iter_arg`` as the
new first, i.e. forward one of the loop's own ``iter_args``, which mlir-opt 22's
xegpu-subgroup-distribute crashes on. With a static trip count the steady loop therefore runs
``u`` steps per iteration (:func:`unroll`: the longest queue; each slot is then yielded a value
read in the iteration) over the first ``floor(max(0, N - D) / u) * u`` steps, and the remaining
steps follow it without a loop, a read of a step at or beyond ``N`` not issued. With a dynamic
trip count the steady loop covers ``floor(max(0, N - D) / u) * u`` steps the same way and the
at most ``D + u - 1`` steps left follow it, each under ``scf.if step < ub`` that yields the
loop-carried values and only the tiles read inside it (a queued tile from before it is used
directly: an ``scf.if`` forwarding it becomes, after mlir-opt's canonicalisation, a vector
``arith.select`` on an ``i1`` that mlir-opt 22 cannot lower).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.dialects import arith, scf
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import is_side_effect_free

from wgdist.dialects import xegpu
from wgdist.dialects.arith import CmpiOp
from wgdist.passes.schedule.classify import KLoop, Refusal
from wgdist.passes.schedule.memory import source_of
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.pipeline_plan import Plan, make_plan
from wgdist.passes.schedule.pipeline_values import Emitter


def apply(kloop: KLoop, options: ScheduleOptions) -> Refusal | None:
    plan = make_plan(kloop, options)
    if isinstance(plan, Refusal):
        return plan
    _rewrite(plan)
    return None


def _clone_group(plan: Plan, e: Emitter, group: Sequence[Operation], base: SSAValue,
                 base_value: int | None, d: int, args: Mapping[SSAValue, SSAValue],
                 at_d: SSAValue | None = None) -> list[SSAValue]:
    """Clone ``group``'s reads and their slices for the step ``d`` steps after the one whose
    induction value is ``base`` and whose loop-carried values are ``args`` (old argument ->
    value); a carried value the reads depend on is advanced ``d`` times by its chain first."""
    loop = plan.kloop.loop
    block = loop.body.block
    iv = block.args[0]
    yield_op = block.last_op
    assert isinstance(yield_op, scf.YieldOp)
    used = {a for op in group for a in plan.reads_args.get(op, ())}
    chain = {o for a in used for o in plan.chain[a]}
    current = {a: args[a] for a in used}
    for t in range(d):
        mapper: dict[SSAValue, SSAValue] = dict(current)
        if any(iv in o.operands for o in chain):
            mapper[iv] = e.offset(base, t, loop.step, plan.trip[2], base_value)
        for o in block.ops:
            if o in chain:
                e.add(o.clone(value_mapper=mapper))
        nxt = {a: yield_op.operands[block.args.index(a) - 1] for a in used}
        current = {a: mapper.get(v, v) for a, v in nxt.items()}
    needed = {o for op in group for o in plan.slice[op]}
    mapper = dict(current)
    if any(iv in o.operands for o in needed.union(group)):
        mapper[iv] = at_d or e.offset(base, d, loop.step, plan.trip[2], base_value)
    for o in block.ops:
        if o in needed:
            e.add(o.clone(value_mapper=mapper))
    values: list[SSAValue] = []
    for op in group:
        values += e.add(op.clone(value_mapper=mapper)).results
    return values


def _issue(plan: Plan, e: Emitter, group: Sequence[Operation], base: SSAValue, base_value: int | None,
           d: int, args: Mapping[SSAValue, SSAValue], guard: bool) -> list[SSAValue]:
    """The reads of ``group`` for the step ``d`` after ``base``; under ``scf.if step < ub`` when
    ``guard``."""
    if not guard:
        return _clone_group(plan, e, group, base, base_value, d, args)
    iv_d = e.offset(base, d, plan.kloop.loop.step, plan.trip[2], base_value)
    cond = e.add(CmpiOp(iv_d, plan.kloop.loop.ub, "slt")).results[0]
    then: list[Operation] = []
    values = _clone_group(plan, Emitter(then, e), group, base, base_value, d, args, iv_d)
    then.append(scf.YieldOp(*values))
    types = [v.type for v in values]
    orelse = [scf.YieldOp(*(e.zero(t) for t in types))] if types else None
    return list(e.add(scf.IfOp(cond, types, then, orelse)).results)


def _prologue(plan: Plan, e: Emitter, count: int | None) -> dict[Operation, list[SSAValue]]:
    """The reads of steps ``0 .. D-1``: per queued read, its initial ``iter_args``."""
    loop = plan.kloop.loop
    queues: dict[Operation, list[SSAValue]] = {op: [] for op in plan.pipelined() if op.results}
    for j in range(plan.max_distance):
        group = [op for op in plan.pipelined() if plan.distance[op] > j]
        if count is not None and j >= count:  # a step that does not exist: nothing read
            values = [e.zero(op.results[0].type) for op in group if op.results]
        else:
            inits: dict[SSAValue, SSAValue] = dict(zip(loop.body.block.args[1:], loop.iter_args))
            values = _issue(plan, e, group, loop.lb, plan.trip[0], j, inits, guard=count is None)
        for op, v in zip([op for op in group if op.results], values):
            queues[op].append(v)
    return queues


def _queued(plan: Plan) -> list[Operation]:
    return [op for op in plan.pipelined() if op.results]


def unroll(plan: Plan) -> int:
    """Steps per iteration of the steady loop: 1, or with a value carried over more than one
    step (a queue of two or more ``iter_args``) the longest queue, so that every ``iter_arg``
    is yielded a value read in the iteration (mlir-opt 22's xegpu-subgroup-distribute crashes
    on a loop whose ``scf.yield`` forwards one of its own ``iter_args``)."""
    return max([plan.distance[op] for op in _queued(plan)] + [1])


def _step(plan: Plan, e: Emitter, iv: SSAValue, iv_value: int | None, carried: Sequence[SSAValue],
          heads: dict[Operation, list[SSAValue]], guard: bool, exists: int | None,
          in_place: list[tuple[Operation, Operation]]) -> list[SSAValue]:
    """One step of the body at ``iv`` with the loop-carried values ``carried``, consuming the
    first value of each queue in ``heads`` and appending the value it reads ahead; ``exists``:
    how many steps after this one exist (reads beyond them are not issued), when known. Returns
    the values the original body yields."""
    old = plan.kloop.loop.body.block
    mapper: dict[SSAValue, SSAValue] = {old.args[0]: iv, **dict(zip(old.args[1:], carried))}
    for op, q in heads.items():
        mapper[op.results[0]] = q[0]
    ahead: dict[Operation, SSAValue] = {}
    anchors = set(plan.anchor.values())
    for o in old.ops:
        if o in anchors:
            _issue_at(plan, e, o, iv, iv_value, mapper, ahead, guard, exists)
        if o in plan.distance or isinstance(o, scf.YieldOp) or any(r in mapper for r in o.results):
            continue
        c = e.add(o.clone(value_mapper=mapper))
        in_place.append((o, c))
    for op, q in heads.items():
        heads[op] = q[1:] + [ahead[op]]
    yield_op = old.last_op
    assert isinstance(yield_op, scf.YieldOp)
    return [mapper.get(v, v) for v in yield_op.operands]


def _drop_unused(plan: Plan, in_place: list[tuple[Operation, Operation]]) -> None:
    """Erase the clones of address arithmetic only the moved reads used."""
    slice_ops = {o for sl in plan.slice.values() for o in sl}
    for orig, c in reversed(in_place):
        if orig in slice_ops and is_side_effect_free(c) and not any(r.uses for r in c.results):
            Rewriter.erase_op(c)


def _body(plan: Plan, guard: bool, hoist: Emitter, steps: int = 1) -> Block:
    """The steady (``guard`` False) or epilogue (True) body, ``steps`` steps of the original
    per iteration."""
    loop = plan.kloop.loop
    old = loop.body.block
    queued = _queued(plan)
    qtypes = [op.results[0].type for op in queued for _ in range(plan.distance[op])]
    block = Block(arg_types=[a.type for a in old.args] + qtypes)
    heads: dict[Operation, list[SSAValue]] = {}
    at = len(old.args)
    for op in queued:
        heads[op] = list(block.args[at : at + plan.distance[op]])
        at += plan.distance[op]
    out: list[Operation] = []
    e = Emitter(out, hoist)
    in_place: list[tuple[Operation, Operation]] = []
    carried: list[SSAValue] = list(block.args[1 : len(old.args)])
    ivs: list[SSAValue] = []
    for t in range(steps):
        ivs.append(e.offset(block.args[0], t, loop.step, plan.trip[2]))
        carried = _step(plan, e, ivs[-1], None, carried, heads, guard, None, in_place)
    values = carried + [v for op in queued for v in heads[op]]
    out.append(scf.YieldOp(*values))
    block.add_ops(out)
    _drop_unused(plan, in_place)
    for iv in ivs[1:]:  # a step's induction value nothing of it uses
        if not iv.uses and isinstance(iv.owner, Operation) and iv.owner.parent_block() is block:
            Rewriter.erase_op(iv.owner)
    return block


def _straight(plan: Plan, e: Emitter, first: int, count: int, carried: list[SSAValue],
              queues: dict[Operation, list[SSAValue]]) -> list[SSAValue]:
    """Steps ``first .. count-1`` (a static trip count) one after the other, outside any loop;
    a read of a step that does not exist is not issued."""
    lb, _, st = plan.trip
    assert lb is not None and st is not None
    in_place: list[tuple[Operation, Operation]] = []
    heads = {op: list(q) for op, q in queues.items()}
    start = len(e.out)
    for j in range(first, count):
        iv = e.const(lb + j * st)
        carried = _step(plan, e, iv, lb + j * st, carried, heads, False, count - 1 - j, in_place)
    # not in a block yet: what no one uses (the address arithmetic of reads not issued, the
    # zeros standing for them) leaves the list
    slice_ops = {o for sl in plan.slice.values() for o in sl}
    drop = [c for orig, c in in_place if orig in slice_ops and is_side_effect_free(c)]
    drop += [o for o in e.out[start:] if isinstance(o, arith.ConstantOp)]
    for c in reversed(drop):
        if not any(r.uses for r in c.results) and c in e.out:
            e.out.remove(c)
            c.drop_all_references()
    return carried


def _guarded_steps(plan: Plan, e: Emitter, start: SSAValue, carried: list[SSAValue], most: int) -> list[SSAValue]:
    """Up to ``most`` steps from ``start`` one after the other outside any loop, each under
    ``scf.if step < ub`` (a dynamic trip count); ``carried``: the loop-carried values and the
    queues, as the steady loop yields them. A step at ``most`` or beyond never exists: nothing
    is read for it and no value is kept for it. Returns the loop-carried values."""
    loop = plan.kloop.loop
    n = len(loop.iter_args)
    queued = _queued(plan)
    heads: dict[Operation, list[SSAValue]] = {}
    at = n
    for op in queued:
        heads[op] = carried[at : at + plan.distance[op]]
        at += plan.distance[op]
    values = carried[:n]
    for j in range(most):
        iv = e.offset(start, j, loop.step, plan.trip[2])
        cond = e.add(CmpiOp(iv, loop.ub, "slt")).results[0]
        then: list[Operation] = []
        in_place: list[tuple[Operation, Operation]] = []
        mine = {op: list(q) + [q[-1]] * (plan.distance[op] - len(q)) for op, q in heads.items()}
        keep = {op: max(0, min(plan.distance[op], most - 1 - j)) for op in queued}
        new = _step(plan, Emitter(then, e), iv, None, values, mine, True, most - 1 - j, in_place)
        # through the scf.if: the loop-carried values and the tiles read in it; a queued value
        # from before it is used as it is (an scf.if forwarding it becomes, after mlir-opt's
        # canonicalisation, an arith.select of vectors on an i1, which mlir-opt 22 cannot lower)
        inside = {r for o in then for r in o.results}
        fresh = [v for op in queued for v in mine[op][: keep[op]] if v in inside]
        out = new + fresh
        then.append(scf.YieldOp(*out))
        orelse = values + [e.zero(v.type) for v in fresh]  # a step not run: no later one runs
        if_op = e.add(scf.IfOp(cond, [v.type for v in out], then, [scf.YieldOp(*orelse)]))
        _drop_unused(plan, in_place)
        res = dict(zip(out, if_op.results))
        values = [SSAValue.get(r) for r in if_op.results[:n]]
        for op in queued:
            heads[op] = [res.get(v, v) for v in mine[op][: keep[op]]]
    return values


def _issue_at(plan: Plan, e: Emitter, anchor: Operation, iv: SSAValue, iv_value: int | None,
              mapper: dict[SSAValue, SSAValue], ahead: dict[Operation, SSAValue], guard: bool,
              exists: int | None) -> None:
    """Before ``anchor``: the reads anchored there, at distance 0 (moved) first, then those
    ahead, one group per distance (zeros for a step beyond ``exists``)."""
    loop = plan.kloop.loop
    mine = [op for op in plan.kloop.loop.body.block.ops if plan.anchor.get(op) is anchor]
    moved = [op for op in mine if plan.distance[op] == 0]
    needed = {o for op in moved for o in plan.slice[op]}
    for o in loop.body.block.ops:
        if (o in needed and not any(r in mapper for r in o.results)) or o in moved:
            e.add(o.clone(value_mapper=mapper))
    for d in sorted({plan.distance[op] for op in mine} - {0}):
        group = [op for op in mine if plan.distance[op] == d]
        if exists is not None and d > exists:
            values = [e.zero(op.results[0].type) for op in group if op.results]
        else:
            args: dict[SSAValue, SSAValue] = {a: mapper[a] for a in loop.body.block.args[1:]}
            values = _issue(plan, e, group, iv, iv_value, d, args, guard)
        for op, v in zip([op for op in group if op.results], values):
            ahead[op] = v


def _split(plan: Plan, e: Emitter, count: int | None, u: int = 1) -> SSAValue:
    """``lb + max(0, N - D) * step``: where the steady loop ends and the epilogue starts."""
    loop = plan.kloop.loop
    d = plan.max_distance
    if count is not None:
        return e.offset(loop.lb, max(0, count - d), loop.step, plan.trip[2], plan.trip[0])
    span = e.add(arith.SubiOp(loop.ub, loop.lb)).results[0]
    n = e.add(arith.CeilDivSIOp(span, loop.step)).results[0]
    rest = e.add(arith.SubiOp(n, e.const(d))).results[0]
    m = e.add(arith.MaxSIOp(rest, e.const(0))).results[0]
    if u > 1:
        m = e.add(arith.MuliOp(e.add(arith.DivSIOp(m, e.const(u))).results[0], e.const(u))).results[0]
    by = e.add(arith.MuliOp(m, loop.step)).results[0]
    return e.add(arith.AddiOp(loop.lb, by)).results[0]


def _give_prefetches_layouts(plan: Plan, ops: Sequence[Operation]) -> None:
    """A prefetch cloned outside the loop (the prologue's) without a ``layout`` gets the one of
    a ``load_nd`` of the body from the same memory: mlir-opt 22's lane-layout propagation gives
    the descriptor a prefetch outside a loop's default layout, which then differs from the
    load's (``inst_data``) and leaves the load's result without a layout ("Could not find
    layout attribute for operand 0" of the SLM write it feeds); the body's prefetches stay
    as they are."""
    layouts = {
        source_of(o): o.layout
        for o in plan.kloop.loop.body.block.ops
        if isinstance(o, xegpu.LoadNdOp) and o.layout is not None
    }
    for top in ops:
        for o in top.walk():
            if isinstance(o, xegpu.PrefetchNdOp) and o.layout is None and source_of(o) in layouts:
                o.layout = layouts[source_of(o)]


def _rewrite(plan: Plan) -> None:
    loop = plan.kloop.loop
    count = plan.static_trip_count()
    pre: list[Operation] = []
    e = Emitter(pre)
    queues = _prologue(plan, e, count)
    carried: list[SSAValue] = list(loop.iter_args) + [v for q in queues.values() for v in q]
    u = unroll(plan)
    if u > 1 and count is not None:
        # the steady loop runs whole groups of u steps, the rest follows it without a loop
        steps = max(0, count - plan.max_distance) // u * u
        st = plan.trip[2]
        assert st is not None
        if steps:
            split = e.offset(loop.lb, steps, loop.step, st, plan.trip[0])
            body = _body(plan, guard=False, hoist=e, steps=u)
            steady = e.add(scf.ForOp(loop.lb, split, e.const(u * st), carried, body))
            carried = list(steady.results)
        n = len(loop.iter_args)
        at = n
        rest: dict[Operation, list[SSAValue]] = {}
        for op in queues:
            rest[op] = carried[at : at + plan.distance[op]]
            at += plan.distance[op]
        carried = _straight(plan, e, steps, count, carried[:n], rest)
    elif u > 1:
        split = _split(plan, e, None, u)
        st = plan.trip[2]
        by = e.const(u * st) if st is not None else e.add(arith.MuliOp(loop.step, e.const(u))).results[0]
        steady = e.add(scf.ForOp(loop.lb, split, by, carried, _body(plan, guard=False, hoist=e, steps=u)))
        carried = _guarded_steps(plan, e, split, list(steady.results), plan.max_distance + u - 1)
    else:
        split = _split(plan, e, count)
        steps_n = max(0, count - plan.max_distance) if count is not None else None
        if steps_n != 0:
            steady = e.add(scf.ForOp(loop.lb, split, loop.step, carried, _body(plan, guard=False, hoist=e)))
            carried = list(steady.results)
        if count != 0:
            epilogue = e.add(scf.ForOp(split, loop.ub, loop.step, carried, _body(plan, guard=True, hoist=e)))
            carried = list(epilogue.results)
    _give_prefetches_layouts(plan, pre)
    Rewriter.insert_op(pre, InsertPoint.before(loop))
    for old, new in zip(loop.results, carried):
        old.replace_all_uses_with(new)
    Rewriter.erase_op(loop)
