"""``strategy=pingpong``: two groups of subgroups run the K loop one phase apart.

This module builds the ``converge=false`` form and holds the checks both forms share.

The body is regrouped into a *memory cluster* (the global loads and prefetches, and the ops they
need) followed by a *compute cluster* (everything else: the dpas and what uses them), each closed
by a barrier ``arrive; wait`` on one named barrier whose participants are all ``S`` subgroups of
the workgroup. The subgroups ``S/2 .. S-1`` (the late group) pass that barrier once before the
loop, the subgroups ``0 .. S/2-1`` (the early group) once after it (each in an ``scf.if`` on
``gpu.subgroup_id``): every subgroup passes it ``2N + 1`` times for ``N`` iterations (0
included), and in each barrier phase the early group runs one cluster while the late group runs
the one before it, so one group's dpas overlap the other's loads (seed 002's schedule; a named
barrier is used because a ``gpu.barrier`` must be reached in convergence, which an ``scf.if`` on
the subgroup id breaks).

Only loads, prefetches and side-effect-free ops change places, each after everything it uses, so
every data dependence is kept; the body's ops are the same, plus the sync ops.

``converge=true`` (:mod:`.pingpong_converged`, the default) builds the same two-group schedule
with every barrier reached by all subgroups as the same dynamic instance (the shift inside the
loop); that form lowers to ``gpu.barrier`` and through mlir-opt 22 to SPIR-V. The form above is
``converge=false``. It has no faithful SPIR-V lowering: ``OpControlBarrier`` and the
SPV_INTEL_split_barrier arrive/wait are workgroup barriers, defined only when every invocation
of the workgroup executes the same dynamic instance, and here the extra barrier before the loop
is executed by the late group only (its partner instance is the early group's first in-loop
barrier); lowering each ``arrive; wait`` to a workgroup barrier anyway would pair different
instances, which the SPIR-V rules leave undefined even where a GPU's barrier counter happens to
release. What runs it as written is a barrier that counts arrivals rather than pairing program
points: Xe's hardware named barriers; SPIR-V's candidate, ``OpNamedBarrierInitialize`` /
``OpMemoryNamedBarrier`` (a named barrier over a subgroup count), is in LLVM 22's SPIR-V tables
but no builtin or MLIR op reaches it (see ``xegpu-lower-nbarrier``). So ``xegpu-lower-nbarrier``
refuses ``converge=false`` output, naming the op, and ``converge=true`` is the default.

Refused (remark, loop untouched): an unknown or odd subgroup count (``num-subgroups=N`` or a
``gpu.func``'s ``known_block_size`` gives it), a loop that not every subgroup runs equally often,
SLM traffic or a barrier/fence in the body (the phase shift would let one group's SLM writes race
with the other group's reads of the same step), a load that needs a dpas result.
"""

from __future__ import annotations

from wgdist.dialects.arith import CmpiOp
from wgdist.passes.schedule.classify import KLoop, OpKind, Refusal
from wgdist.passes.schedule.clusters import hoist, memory_cluster
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.pingpong_converged import apply as converged
from wgdist.passes.schedule.sg_sync import (
    NamedBarrier,
    guarded,
    locate,
    no_barrier_left,
    nonuniform_reason,
    subgroup_condition,
    subgroup_count,
)

REFUSED = {
    OpKind.SLM_READ: "SLM traffic in the body ({op}): the groups' phase shift would race its SLM accesses",
    OpKind.SLM_WRITE: "SLM traffic in the body ({op}): the groups' phase shift would race its SLM accesses",
    OpKind.SYNC: "a barrier or fence in the body ({op}): the groups reach it in different phases",
}


def _refusal(kloop: KLoop, opts: ScheduleOptions) -> Refusal | None:
    loop = kloop.loop
    count = subgroup_count(loop, opts.num_subgroups)
    if count is None:
        return Refusal(loop, "pingpong needs the subgroup count: pass num-subgroups=N or give the "
                       "gpu.func a known_block_size")
    if count < 2 or count % 2:
        return Refusal(loop, f"pingpong needs an even number of subgroups (two equal groups), got {count}")
    reason = no_barrier_left(loop)
    if reason is not None:
        return Refusal(loop, f"pingpong needs a named barrier: {reason}")
    reason = nonuniform_reason(loop)
    if reason is not None:
        return Refusal(loop, f"pingpong needs every subgroup to run the loop equally often: {reason}")
    for op, kind in kloop.kinds.items():
        if kind in REFUSED:
            return Refusal(op, REFUSED[kind].format(op=op.name))
    return None


def apply(kloop: KLoop, opts: ScheduleOptions) -> Refusal | None:
    refusal = _refusal(kloop, opts)
    if refusal is not None:
        return refusal
    cluster = memory_cluster(kloop, "pingpong")
    if isinstance(cluster, Refusal):
        return cluster
    loop = kloop.loop
    count = subgroup_count(loop, opts.num_subgroups)
    assert count is not None
    body = loop.body.block
    if opts.converge:
        ops = list(body.ops)[:-1]
        return converged([op for op in ops if op in cluster], [op for op in ops if op not in cluster], kloop, count)
    nb = NamedBarrier(loop, count)
    _, compute = hoist(body, cluster)
    body.insert_ops_before([nb.arrive(), nb.wait()], compute[0])
    body.insert_ops_before([nb.arrive(), nb.wait()], body.last_op)  # type: ignore[arg-type]
    block = loop.parent_block()
    assert block is not None
    late, late_cond = subgroup_condition("uge", count // 2)
    early = CmpiOp(late[0].results[0], late[1].results[0], "ult")
    block.insert_ops_before(locate([*late, early, guarded(late_cond, [nb.arrive(), nb.wait()])], loop), loop)
    block.insert_ops_after(locate([guarded(early.result, [nb.arrive(), nb.wait()])], loop), loop)
    return None

