"""``strategy=split-barrier{interval=I}``: keep the subgroups of a workgroup close in K.

One named barrier whose participants are every subgroup of the workgroup (the per-row / per-column
groups of the seeds are not visible in subgroup-level code, so the whole workgroup takes part;
a barrier of all subgroups is also the one that maps onto SPIR-V's split barrier). In the K
steps ``j`` (counted from 0) with ``j mod I == 0``, a subgroup waits on the barrier before
issuing the step's first global load or prefetch and arrives after issuing its last one; one
arrive before the loop and one wait after it balance the pairs, so each subgroup alternates
arrive, wait, arrive, wait ... for any trip count, 0 included. A subgroup therefore issues the
loads of step ``(q+1)I`` only after every subgroup issued those of step ``qI``.

``I = 1``: nothing moves, the wait and the arrive are only added. ``I > 1``: the loads and
prefetches, with the ops they need, go first in the body (:func:`~.clusters.hoist`: only reads and
side-effect-free ops change places, each after what it uses), and that cluster becomes an
``scf.if`` on the step test whose then-branch is ``wait; cluster; arrive`` and whose else-branch is
the cluster alone (:func:`~.clusters.two_way`): every iteration runs the cluster once, and each
branch leaves the barrier as it found it, which the static barrier check can follow.

Refused (remark, loop untouched): an unknown subgroup count (``num-subgroups=N`` or a
``gpu.func``'s ``known_block_size`` gives it; it is the barrier's participant count), a loop that
not every subgroup runs equally often (a bound or an enclosing condition reading the subgroup id,
a loaded or a loop-carried value), a body without global loads or prefetches at its top level,
and for ``I > 1`` a load that needs a dpas result, an SLM read or a sync op of the same step, or
a load after a barrier or fence (putting it first would cross that).
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.arith import CmpiOp
from wgdist.passes.schedule.classify import KLoop, Refusal
from wgdist.passes.schedule.clusters import MEMORY, crossed_sync, hoist, memory_cluster, two_way
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.sg_sync import (
    NamedBarrier,
    locate,
    no_barrier_left,
    nonuniform_reason,
    subgroup_count,
)


def _step_test(loop: scf.ForOp, interval: int) -> tuple[list[Operation], SSAValue]:
    """``((iv - lb) / step) mod interval == 0``: the ops (for the body; the constants go before
    the loop) and the ``i1``."""
    c = arith.ConstantOp(IntegerAttr(interval, IndexType()))
    z = arith.ConstantOp(IntegerAttr(0, IndexType()))
    block = loop.parent_block()
    assert block is not None
    block.insert_ops_before(locate([c, z], loop), loop)
    iv = loop.body.block.args[0]
    dist = arith.SubiOp(iv, loop.lb)
    j = arith.DivUIOp(dist.result, loop.step)
    r = arith.RemUIOp(j.result, c.result)
    cmp = CmpiOp(r.result, z.result, "eq")
    return [dist, j, r, cmp], cmp.result


def apply(kloop: KLoop, opts: ScheduleOptions) -> Refusal | None:
    loop = kloop.loop
    interval = opts.interval
    if interval < 1:
        return Refusal(loop, f"split-barrier needs interval >= 1, got {interval}")
    reason = no_barrier_left(loop)
    if reason is not None:
        return Refusal(loop, f"split-barrier needs a named barrier: {reason}")
    reason = nonuniform_reason(loop)
    if reason is not None:
        return Refusal(loop, f"split-barrier needs every subgroup to run the loop equally often: {reason}")
    body = loop.body.block
    loads = [op for op in body.ops if kloop.kinds.get(op) in MEMORY]
    cluster = memory_cluster(kloop, "split-barrier")
    if isinstance(cluster, Refusal) and (interval > 1 or not loads):
        return cluster
    crossed = None if interval == 1 or isinstance(cluster, Refusal) else crossed_sync(kloop, cluster)
    if crossed is not None:
        return Refusal(crossed, f"split-barrier interval={interval} would move loads across this {crossed.name}; "
                       "interval=1 moves nothing")
    count = subgroup_count(loop, opts.num_subgroups)
    if count is None:
        return Refusal(loop, "split-barrier needs the subgroup count (its barrier's participants): pass "
                       "num-subgroups=N or give the gpu.func a known_block_size")
    block = loop.parent_block()
    assert block is not None
    nb = NamedBarrier(loop, count)
    block.insert_op_before(nb.arrive(), loop)
    block.insert_op_after(nb.wait(), loop)
    first, last = loads[0], loads[-1]
    if interval == 1:
        body.insert_op_before(nb.wait(), first)
        body.insert_op_after(nb.arrive(), last)
        return None
    assert not isinstance(cluster, Refusal)
    test, cond = _step_test(loop, interval)
    memory, _ = hoist(body, cluster)
    body.insert_ops_before(locate(test, loop), memory[0])
    two_way(memory, cond, nb.wait(), nb.arrive()).location = loop.location
    return None
