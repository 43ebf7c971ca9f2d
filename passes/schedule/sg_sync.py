"""Named-barrier building blocks shared by the ``split-barrier`` and ``pingpong`` K-loop schedules.

- :func:`nonuniform_reason`: why the subgroups of a workgroup might not all run a loop the same
  number of times (a bound, or an enclosing condition, that reads the subgroup id, a loaded
  value or a loop-carried value), or ``None``. A barrier every subgroup takes part in may only
  sit in such a loop when the reason is ``None``.
- :func:`subgroup_count`: the static subgroup count (the ``num-subgroups`` option, else
  ``known_block_size`` / 16 of a ``gpu.func``), or ``None``.
- :class:`NamedBarrier`: one new named barrier id of the function (``xegpu.alloc_nbarrier`` at
  the function's entry is created or raised), initialised before the loop
  (``xegpu.init_nbarrier``) with every subgroup of the workgroup (a static count) as a
  participant, so that the static barrier check can count them; its
  ``arrive()`` / ``wait()`` make the sync ops.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import IndexType, IntegerAttr, i8
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from wgdist.dialects import gpu
from wgdist.dialects.arith import CmpiOp
from wgdist.dialects.xegpu import (
    AllocNbarrierOp,
    InitNbarrierOp,
    NbarrierArriveOp,
    NbarrierWaitOp,
)
from wgdist.ir.diagnostics import OpError
from wgdist.passes.schedule.barrier_check import subgroup_count as barrier_subgroup_count

SUBGROUP_SIZE = 16

# values that are the same in every subgroup of a workgroup
UNIFORM_SOURCES: tuple[type[Operation], ...] = (
    gpu.BlockIdOp, gpu.BlockDimOp, gpu.GridDimOp, gpu.NumSubgroupsOp, gpu.SubgroupSizeOp, ConstantOp,
)


def _function(op: Operation) -> Operation:
    cur: Operation | None = op
    while cur is not None and cur.name not in ("func.func", "gpu.func"):
        cur = cur.parent_op()
    assert cur is not None, f"{op.name} is not inside a function"
    return cur


def _value_reason(value: SSAValue, seen: set[SSAValue]) -> str | None:
    """Why ``value`` may differ between the subgroups of a workgroup, or ``None``."""
    if value in seen:
        return None
    seen.add(value)
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
        if owner is not None and owner.name in ("func.func", "gpu.func"):
            return None
        if isinstance(owner, scf.ForOp) and value.index == 0:
            return _bounds_reason(owner, seen)
        return f"it reads the loop-carried value {value.name_hint and '%' + value.name_hint or 'of an enclosing op'}"
    op = value.owner
    assert isinstance(op, Operation)
    if isinstance(op, UNIFORM_SOURCES):
        return None
    if isinstance(op, gpu.SubgroupIdOp | gpu.LaneIdOp | gpu.ThreadIdOp | gpu.GlobalIdOp):
        return f"it reads '{op.name}'"
    if type(op).dialect_name() not in ("arith", "index"):
        return f"it reads the result of '{op.name}'"
    for operand in op.operands:
        reason = _value_reason(operand, seen)
        if reason is not None:
            return reason
    return None


def _bounds_reason(loop: scf.ForOp, seen: set[SSAValue]) -> str | None:
    for v in (loop.lb, loop.ub, loop.step):
        reason = _value_reason(v, seen)
        if reason is not None:
            return f"a bound of the loop at depth {_depth(loop)} may differ between subgroups: {reason}"
    return None


def _depth(op: Operation) -> int:
    n, cur = 0, op.parent_op()
    while cur is not None and cur.name not in ("func.func", "gpu.func"):
        n += 1
        cur = cur.parent_op()
    return n


def nonuniform_reason(loop: scf.ForOp) -> str | None:
    """Why the subgroups might run ``loop``'s body different numbers of times, or ``None``."""
    seen: set[SSAValue] = set()
    cur: Operation | None = loop
    while cur is not None and cur.name not in ("func.func", "gpu.func"):
        if isinstance(cur, scf.ForOp):
            reason = _bounds_reason(cur, seen)
        elif isinstance(cur, scf.IfOp):
            reason = _value_reason(cur.cond, seen)
            reason = reason and f"an enclosing scf.if condition may differ between subgroups: {reason}"
        else:
            reason = f"the loop is inside '{cur.name}'"
        if reason is not None:
            return reason
        cur = cur.parent_op()
    return None


def subgroup_count(loop: Operation, option: int) -> int | None:
    """The subgroups per workgroup: the enclosing ``gpu.func``'s ``known_block_size`` threads / 16
    (:func:`~wgdist.passes.schedule.barrier_check.subgroup_count`), or ``option`` when positive;
    ``None`` when neither says. An ``option`` that contradicts ``known_block_size`` is a located
    error: a barrier declared for the wrong count hangs or releases early."""
    fn = _function(loop)
    known = barrier_subgroup_count(fn) if fn is not None else None
    if option > 0:
        if known is not None and known != option:
            assert fn is not None
            raise OpError(fn, f"num-subgroups={option} contradicts known_block_size, which gives {known} "
                          f"subgroups of {SUBGROUP_SIZE} lanes")
        return option
    return known


MAX_NAMED_BARRIERS = 32
"""Named barriers per workgroup on Xe (ids 0-31)."""


def _allocated(fn: Operation) -> AllocNbarrierOp | None:
    return next((op for op in fn.regions[0].blocks[0].ops if isinstance(op, AllocNbarrierOp)), None)


def no_barrier_left(loop: Operation) -> str | None:
    """Why the function of ``loop`` cannot have one more named barrier, or ``None``."""
    alloc = _allocated(_function(loop))
    if alloc is not None and alloc.nbarrier_num.value.data >= MAX_NAMED_BARRIERS:
        return f"the function already allocates {alloc.nbarrier_num.value.data} named barriers, Xe has {MAX_NAMED_BARRIERS}"
    return None


def _new_barrier_id(fn: Operation) -> int:
    """The next free named-barrier id of ``fn``: its ``xegpu.alloc_nbarrier`` count (raised by
    one), or 0 with a new ``xegpu.alloc_nbarrier 1`` at the entry."""
    entry: Block = fn.regions[0].blocks[0]
    op = _allocated(fn)
    if op is not None:
        n = op.nbarrier_num.value.data
        op.properties["nbarrier_num"] = IntegerAttr(n + 1, op.nbarrier_num.type)
        return n
    first = entry.first_op
    alloc = AllocNbarrierOp(1)
    if first is None:
        entry.add_op(alloc)
    else:
        entry.insert_op_before(alloc, first)
    return 0


def locate(ops: list[Operation], like: Operation) -> list[Operation]:
    """Give ``ops`` (and the ops nested in them) ``like``'s location, so that diagnostics about
    the added sync ops point at the loop; returns ``ops``."""
    for op in ops:
        for inner in op.walk():
            inner.location = like.location
    return ops


class NamedBarrier:
    """A new named barrier whose participants are the ``count`` subgroups of the workgroup,
    initialised just before ``before``."""

    def __init__(self, before: Operation, count: int) -> None:
        fn = _function(before)
        self.id = _new_barrier_id(fn)
        self.at = before
        bid = ConstantOp(IntegerAttr(self.id, i8))
        n = ConstantOp(IntegerAttr(count, i8))
        init = InitNbarrierOp(bid.result, n.result)
        block = before.parent_block()
        assert block is not None
        block.insert_ops_before(locate([bid, n, init], before), before)
        self.value: SSAValue = init.result

    def arrive(self) -> NbarrierArriveOp:
        op = NbarrierArriveOp(self.value)
        op.location = self.at.location
        return op

    def wait(self) -> NbarrierWaitOp:
        op = NbarrierWaitOp(self.value)
        op.location = self.at.location
        return op


def subgroup_condition(predicate: str, bound: int) -> tuple[list[Operation], SSAValue]:
    """``gpu.subgroup_id <predicate> bound`` (``"ult"`` / ``"uge"``): the ops and the ``i1``."""
    sg = gpu.SubgroupIdOp.create(result_types=[IndexType()])
    c = ConstantOp(IntegerAttr(bound, IndexType()))
    cmp = CmpiOp(sg.result, c.result, predicate)
    return [sg, c, cmp], cmp.result


def guarded(cond: SSAValue, ops: list[Operation]) -> scf.IfOp:
    """``scf.if %cond { ops }``."""
    return scf.IfOp(cond, [], [*ops, scf.YieldOp()])
