"""The memory cluster of a K-loop body, and moving a span of the body under a condition.

- :func:`memory_cluster`: the global loads and prefetches of the body with every body op they use
  (a load that needs a dpas result is a :class:`Refusal`). Putting these ops first, in body order,
  keeps every data dependence: they depend only on each other and on values from outside, and
  only reads and side-effect-free ops change places (the classification refuses writes to global
  memory in the loop; a load that needs an SLM read or a sync op is refused).
- :func:`crossed_sync`: the barrier or fence that hoisting the cluster would cross, if any.
- :func:`hoist`: the body reordered as the cluster, then the rest (both in body order).
- :func:`two_way`: ``ops`` (consecutive body ops) replaced by an ``scf.if %cond`` whose two
  branches each hold a copy of them, the then-branch between ``before`` and ``after``; the values
  used after the span come out as the ``scf.if``'s results. Every iteration runs the span once,
  whichever the branch, and each branch leaves named barriers as it found them.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, Region, SSAValue

from wgdist.passes.schedule.classify import KLoop, OpKind, Refusal

MEMORY = frozenset({OpKind.GLOBAL_READ, OpKind.PREFETCH})


def _producers(op: Operation, body: Block) -> Iterable[Operation]:
    """The body ops whose results ``op`` (or an op nested in it) uses."""
    for inner in op.walk():
        for v in inner.operands:
            owner = v.owner
            if isinstance(owner, Operation):
                top = body.find_ancestor_op_in_block(owner)
                if top is not None and top is not op:
                    yield top


def memory_cluster(kloop: KLoop, strategy: str) -> set[Operation] | Refusal:
    """The loads and prefetches of the body with every body op they depend on."""
    body = kloop.loop.body.block
    todo = [op for op in body.ops if kloop.kinds[op] in MEMORY]
    if not todo:
        return Refusal(kloop.loop, f"{strategy} found no global load or prefetch in the loop body")
    cluster: set[Operation] = set()
    while todo:
        op = todo.pop()
        if op in cluster:
            continue
        if kloop.kinds[op] is OpKind.MMA:
            return Refusal(op, f"{strategy} cannot put the loads before the dpas: a load needs this dpas result")
        if kloop.kinds[op] not in MEMORY and kloop.kinds[op] is not OpKind.OTHER:
            return Refusal(op, f"{strategy} cannot put the loads first: a load needs this {kloop.kinds[op]} op")
        cluster.add(op)
        todo.extend(_producers(op, body))
    return cluster


def crossed_sync(kloop: KLoop, cluster: set[Operation]) -> Operation | None:
    """A barrier or fence that putting ``cluster`` first would move some of its ops across."""
    seen: Operation | None = None
    for op in kloop.loop.body.block.ops:
        if op in cluster and seen is not None:
            return seen
        if seen is None and op not in cluster and kloop.kinds[op] is OpKind.SYNC:
            seen = op
    return None


def hoist(body: Block, cluster: set[Operation]) -> tuple[list[Operation], list[Operation]]:
    """Reorder ``body`` as ``cluster`` then the rest, before the terminator; both lists returned."""
    ops = list(body.ops)[:-1]
    first = [op for op in ops if op in cluster]
    rest = [op for op in ops if op not in cluster]
    for op in ops:
        op.detach()
    body.insert_ops_before([*first, *rest], body.last_op)  # type: ignore[arg-type]
    return first, rest


def two_way(ops: list[Operation], cond: SSAValue, before: Operation, after: Operation) -> scf.IfOp:
    """Replace the consecutive ops ``ops`` by ``scf.if %cond {before; ops; after} else {ops}``."""
    block = ops[0].parent_block()
    assert block is not None
    span = set(ops)
    outs = [r for op in ops for r in op.results
            if any(block.find_ancestor_op_in_block(u.operation) not in span for u in r.uses)]
    branches: list[Block] = []
    for sync in ((before, after), ()):
        mapping: dict[SSAValue, SSAValue] = {}
        copies = [op.clone(mapping) for op in ops]
        inner = [*copies]
        if sync:
            inner = [sync[0], *copies, sync[1]]
        branches.append(Block([*inner, scf.YieldOp(*[mapping[r] for r in outs])]))
    if_op = scf.IfOp(cond, [r.type for r in outs], Region(branches[0]), Region(branches[1]))
    block.insert_op_before(if_op, ops[0])
    for r, new in zip(outs, if_op.results):
        for use in list(r.uses):
            if block.find_ancestor_op_in_block(use.operation) not in span:
                use.operation.operands[use.index] = new
    for op in reversed(ops):
        op.detach()
        op.erase()
    return if_op
