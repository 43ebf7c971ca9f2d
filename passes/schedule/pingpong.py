"""``strategy=pingpong``: two groups of subgroups run the K loop one phase apart.

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

Refused (remark, loop untouched): an unknown or odd subgroup count (``num-subgroups=N`` or a
``gpu.func``'s ``known_block_size`` gives it), a loop that not every subgroup runs equally often,
SLM traffic or a barrier/fence in the body (the phase shift would let one group's SLM writes race
with the other group's reads of the same step), a load that needs a dpas result.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.ir import Block, Operation

from wgdist.dialects.arith import CmpiOp
from wgdist.passes.schedule.classify import KLoop, OpKind, Refusal
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.sg_sync import (
    NamedBarrier,
    guarded,
    nonuniform_reason,
    subgroup_condition,
    subgroup_count,
)

MEMORY = frozenset({OpKind.GLOBAL_READ, OpKind.PREFETCH})
REFUSED = {
    OpKind.SLM_READ: "SLM traffic in the body ({op}): the groups' phase shift would race its SLM accesses",
    OpKind.SLM_WRITE: "SLM traffic in the body ({op}): the groups' phase shift would race its SLM accesses",
    OpKind.SYNC: "a barrier or fence in the body ({op}): the groups reach it in different phases",
}


def _producers(op: Operation, body: Block) -> Iterable[Operation]:
    """The body ops whose results ``op`` (or an op nested in it) uses."""
    for inner in op.walk():
        for v in inner.operands:
            owner = v.owner
            if isinstance(owner, Operation):
                top = body.find_ancestor_op_in_block(owner)
                if top is not None and top is not op:
                    yield top


def memory_cluster(kloop: KLoop) -> set[Operation] | Refusal:
    """The loads and prefetches of the body with every body op they depend on."""
    body = kloop.loop.body.block
    todo = [op for op in body.ops if kloop.kinds[op] in MEMORY]
    if not todo:
        return Refusal(kloop.loop, "pingpong found no global load or prefetch in the loop body")
    cluster: set[Operation] = set()
    while todo:
        op = todo.pop()
        if op in cluster:
            continue
        if kloop.kinds[op] is OpKind.MMA:
            return Refusal(op, "pingpong cannot put the loads before the dpas: a load needs this dpas result")
        cluster.add(op)
        todo.extend(_producers(op, body))
    return cluster


def _refusal(kloop: KLoop, opts: ScheduleOptions) -> Refusal | None:
    loop = kloop.loop
    count = subgroup_count(loop, opts.num_subgroups)
    if count is None:
        return Refusal(loop, "pingpong needs the subgroup count: pass num-subgroups=N or give the "
                       "gpu.func a known_block_size")
    if count < 2 or count % 2:
        return Refusal(loop, f"pingpong needs an even number of subgroups (two equal groups), got {count}")
    reason = nonuniform_reason(loop)
    if reason is not None:
        return Refusal(loop, f"pingpong needs every subgroup to run the loop equally often: {reason}")
    for op, kind in kloop.kinds.items():
        if kind in REFUSED:
            return Refusal(op, "pingpong: " + REFUSED[kind].format(op=op.name))
    return None


def apply(kloop: KLoop, opts: ScheduleOptions) -> Refusal | None:
    refusal = _refusal(kloop, opts)
    if refusal is not None:
        return refusal
    cluster = memory_cluster(kloop)
    if isinstance(cluster, Refusal):
        return cluster
    loop = kloop.loop
    count = subgroup_count(loop, opts.num_subgroups)
    assert count is not None
    body = loop.body.block
    ops = list(body.ops)
    yield_op = ops.pop()
    memory = [op for op in ops if op in cluster]
    compute = [op for op in ops if op not in cluster]
    nb = NamedBarrier(loop, count)
    for op in ops:
        op.detach()
    body.insert_ops_before([*memory, nb.arrive(), nb.wait(), *compute, nb.arrive(), nb.wait()], yield_op)
    block = loop.parent_block()
    assert block is not None
    late, late_cond = subgroup_condition("uge", count // 2)
    early = CmpiOp(late[0].results[0], late[1].results[0], "ult")
    block.insert_ops_before([*late, early, guarded(late_cond, [nb.arrive(), nb.wait()])], loop)
    block.insert_op_after(guarded(early.result, [nb.arrive(), nb.wait()]), loop)
    return None

