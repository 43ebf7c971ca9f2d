"""``strategy=split-barrier{interval=I}``: keep the subgroups of a workgroup close in K.

One named barrier whose participants are every subgroup of the workgroup (the per-row / per-column
groups of the seeds are not visible in subgroup-level code, so the whole workgroup takes part;
a barrier of all subgroups is also the one that maps onto SPIR-V's split barrier). In the K
steps ``j`` (counted from 0) with ``j mod I == 0``, a subgroup waits on the barrier before
issuing the step's first global load or prefetch and arrives after issuing its last one; one
arrive before the loop and one wait after it balance the pairs, so each subgroup alternates
arrive, wait, arrive, wait ... for any trip count, 0 included. A subgroup therefore issues the
loads of step ``(q+1)I`` only after every subgroup issued those of step ``qI``. Nothing moves:
the sync ops (and, for ``I > 1``, the step test and its ``scf.if``) are only added.

Refused (remark, loop untouched): an unknown subgroup count (``num-subgroups=N`` or a
``gpu.func``'s ``known_block_size`` gives it; it is the barrier's participant count), a loop that
not every subgroup runs equally often (a bound or an enclosing condition reading the subgroup id,
a loaded or a loop-carried value), a body without global loads or prefetches at its top level.
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.arith import CmpiOp
from wgdist.passes.schedule.classify import KLoop, OpKind, Refusal
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.sg_sync import NamedBarrier, guarded, nonuniform_reason, subgroup_count

LOAD_KINDS = frozenset({OpKind.GLOBAL_READ, OpKind.PREFETCH})


def _step_test(loop: scf.ForOp, interval: int) -> tuple[list[Operation], SSAValue]:
    """``((iv - lb) / step) mod interval == 0``: the ops (for the body; the constants go before
    the loop) and the ``i1``."""
    c = arith.ConstantOp(IntegerAttr(interval, IndexType()))
    z = arith.ConstantOp(IntegerAttr(0, IndexType()))
    block = loop.parent_block()
    assert block is not None
    block.insert_ops_before([c, z], loop)
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
    reason = nonuniform_reason(loop)
    if reason is not None:
        return Refusal(loop, f"split-barrier needs every subgroup to run the loop equally often: {reason}")
    body = loop.body.block
    loads = [op for op in body.ops if kloop.kinds.get(op) in LOAD_KINDS]
    if not loads:
        return Refusal(loop, "split-barrier found no global load or prefetch at the top of the loop body")
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
    test, cond = _step_test(loop, interval)
    body.insert_ops_before([*test, guarded(cond, [nb.wait()])], first)
    body.insert_op_after(guarded(cond, [nb.arrive()]), last)
    return None
