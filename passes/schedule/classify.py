"""Which K loops a schedule may touch, and what each op of their body is.

:func:`k_loops` finds the innermost ``scf.for`` loops with an ``xegpu.dpas`` inside;
:func:`classify` sorts every op at the top level of such a loop's body into an :class:`OpKind`
(global read, prefetch, SLM write, SLM read, MMA, sync, other) and tells, for the reads, the
prefetches and the SLM ops, which ``xegpu.dpas`` operand they feed ("A" = lhs, "B" = rhs): a read
and an SLM op by following its value (through pure ops and through an SLM buffer from
``store_matrix`` to ``load_matrix``), a prefetch by the source memref of its descriptor (the
memref a read of that operand loads from). What cannot be sorted is a :class:`Refusal`: a global
write or an atomic in the loop, an op with unknown memory effects, a sync op or a dpas nested in
a region, a value that feeds both dpas operands. A region op (the ``scf.if`` of a writer
predicate) takes the kind of the memory ops inside it.

The kinds are a table keyed by op class (:data:`KINDS`); memory space decides between the global
and the SLM kind of an nd/scatter access.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from xdsl.dialects import gpu as xgpu
from xdsl.dialects import memref, scf
from xdsl.ir import Operation, SSAValue
from xdsl.traits import is_side_effect_free

from wgdist.dialects import gpu, xegpu
from wgdist.passes.schedule.memory import is_slm, source_of


class OpKind(str, Enum):
    """What a body op does, as the schedules see it."""

    GLOBAL_READ = "global-read"
    PREFETCH = "prefetch"
    SLM_WRITE = "slm-write"
    SLM_READ = "slm-read"
    MMA = "mma"
    SYNC = "sync"
    OTHER = "other"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Refusal:
    """Why a loop is left alone: a located remark at ``op``."""

    op: Operation
    reason: str


@dataclass(frozen=True, eq=False)
class KLoop:
    """A classified K loop: ``kinds`` has every op at the top level of the body (the yield is
    ``OTHER``); ``operand`` maps reads, prefetches and SLM ops to the dpas operand they feed."""

    loop: scf.ForOp
    kinds: Mapping[Operation, OpKind]
    operand: Mapping[Operation, str]

    def ops(self, kind: OpKind) -> list[Operation]:
        """The body's ops of ``kind``, in body order."""
        return [op for op in self.loop.body.block.ops if self.kinds[op] is kind]


def _access(op: Operation, accessed: SSAValue, local: OpKind, glob: OpKind | None) -> OpKind | str:
    if is_slm(accessed):
        return local
    if glob is None:
        return f"writes global memory inside the K loop ({op.name}); not a K loop to schedule"
    return glob


def _nd_kind(op: Operation) -> OpKind | str:
    assert isinstance(op, xegpu.LoadNdOp | xegpu.StoreNdOp)
    write = isinstance(op, xegpu.StoreNdOp)
    return _access(op, op.TensorDesc, OpKind.SLM_WRITE if write else OpKind.SLM_READ,
                   None if write else OpKind.GLOBAL_READ)


def _scatter_kind(op: Operation) -> OpKind | str:
    write = isinstance(op, xegpu.StoreScatterOp)
    return _access(op, op.operands[1 if write else 0],
                   OpKind.SLM_WRITE if write else OpKind.SLM_READ,
                   None if write else OpKind.GLOBAL_READ)


def _memref_kind(op: Operation) -> OpKind | str:
    assert isinstance(op, memref.LoadOp | memref.StoreOp)
    write = isinstance(op, memref.StoreOp)
    return _access(op, op.memref, OpKind.SLM_WRITE if write else OpKind.SLM_READ,
                   None if write else OpKind.GLOBAL_READ)


def _fixed(kind: OpKind) -> Callable[[Operation], OpKind | str]:
    return lambda _op: kind


def _refuse(why: str) -> Callable[[Operation], OpKind | str]:
    return lambda op: f"{why} ({op.name}); not a K loop to schedule"


KINDS: dict[type[Operation], Callable[[Operation], OpKind | str]] = {
    xegpu.LoadNdOp: _nd_kind,
    xegpu.StoreNdOp: _nd_kind,
    xegpu.LoadGatherOp: _scatter_kind,
    xegpu.StoreScatterOp: _scatter_kind,
    memref.LoadOp: _memref_kind,
    memref.StoreOp: _memref_kind,
    xegpu.PrefetchNdOp: _fixed(OpKind.PREFETCH),
    xegpu.PrefetchOp: _fixed(OpKind.PREFETCH),
    xegpu.LoadMatrixOp: _fixed(OpKind.SLM_READ),
    xegpu.StoreMatrixOp: _fixed(OpKind.SLM_WRITE),
    xegpu.DpasOp: _fixed(OpKind.MMA),
    gpu.BarrierOp: _fixed(OpKind.SYNC),
    xgpu.BarrierOp: _fixed(OpKind.SYNC),
    xegpu.FenceOp: _fixed(OpKind.SYNC),
    xegpu.AllocNbarrierOp: _fixed(OpKind.SYNC),
    xegpu.InitNbarrierOp: _fixed(OpKind.SYNC),
    xegpu.NbarrierArriveOp: _fixed(OpKind.SYNC),
    xegpu.NbarrierWaitOp: _fixed(OpKind.SYNC),
    xegpu.AtomicRMWOp: _refuse("an atomic inside the K loop"),
    scf.YieldOp: _fixed(OpKind.OTHER),
    memref.GetGlobalOp: _fixed(OpKind.OTHER),  # an address, no access
}

# A region op (e.g. the scf.if of a writer predicate) takes the kind of the memory ops inside it,
# the first of this list present; a sync op or a dpas inside a region is refused.
_NESTED = (OpKind.SLM_WRITE, OpKind.SLM_READ, OpKind.GLOBAL_READ, OpKind.PREFETCH)


def _kind(op: Operation) -> OpKind | str:
    rule = KINDS.get(type(op))
    if rule is not None:
        return rule(op)
    if op.regions:
        inside: set[OpKind] = set()
        for inner in op.walk():
            if inner is op:
                continue
            k = _kind(inner)
            if not isinstance(k, OpKind):
                return k
            if k in (OpKind.SYNC, OpKind.MMA):
                return f"a {k} op nested in {op.name}: cannot schedule it inside a region"
            inside.add(k)
        return next((k for k in _NESTED if k in inside), OpKind.OTHER)
    if is_side_effect_free(op):
        return OpKind.OTHER
    return f"{op.name} has unknown memory effects: cannot tell what it reads or writes"


def _contains(op: Operation, cls: type[Operation]) -> bool:
    return any(isinstance(o, cls) for o in op.walk())


def k_loops(func_op: Operation) -> list[scf.ForOp]:
    """Innermost ``scf.for`` loops of ``func_op`` with an ``xegpu.dpas`` in their body, in order."""
    loops = [op for op in func_op.walk() if isinstance(op, scf.ForOp)]
    with_dpas = [loop for loop in loops if _contains(loop, xegpu.DpasOp)]
    return [
        loop
        for loop in with_dpas
        if not any(o is not loop and o in with_dpas for o in loop.walk())
    ]


def _feeds(start: Operation, kinds: Mapping[Operation, OpKind]) -> set[str]:
    """The dpas operands ("A"/"B") that ``start``'s results reach in the body, through pure ops
    and SLM buffers (a store_matrix reaches the load_matrix ops of the same buffer)."""
    body = start.parent_block()
    assert body is not None
    reached: set[str] = set()
    todo: list[Operation] = [start]
    done: set[Operation] = set()
    while todo:
        op = todo.pop()
        if op in done:
            continue
        done.add(op)
        if kinds.get(op) is OpKind.SLM_WRITE:
            key = source_of(op)
            todo += [r for r, k in kinds.items() if k is OpKind.SLM_READ and source_of(r) == key]
        for res in op.results:
            for use in res.uses:
                user = body.find_ancestor_op_in_block(use.operation)
                if user is None:
                    continue
                if isinstance(user, xegpu.DpasOp) and use.operation is user:
                    if use.index < 2:
                        reached.add("AB"[use.index])
                    continue
                if kinds.get(user) in (OpKind.OTHER, OpKind.SLM_WRITE, OpKind.SLM_READ):
                    todo.append(user)
    return reached


def classify(loop: scf.ForOp) -> KLoop | Refusal:
    """Sort the body's ops (see the module docstring), or say why not."""
    kinds: dict[Operation, OpKind] = {}
    for op in loop.body.block.ops:
        k = _kind(op)
        if not isinstance(k, OpKind):
            return Refusal(op, k)
        kinds[op] = k
    if not any(k is OpKind.MMA for k in kinds.values()):
        inner = next(o for o in loop.walk() if isinstance(o, xegpu.DpasOp))
        return Refusal(inner, "is nested in a region of the K loop body: cannot schedule it")
    operand: dict[Operation, str] = {}
    for op, k in kinds.items():
        if k in (OpKind.GLOBAL_READ, OpKind.SLM_READ, OpKind.SLM_WRITE):
            feeds = _feeds(op, kinds)
            if len(feeds) > 1:
                return Refusal(op, "feeds both the A and the B operand of xegpu.dpas")
            if feeds:
                operand[op] = feeds.pop()
    by_source: dict[SSAValue | str, str] = {}
    for op, which in operand.items():
        if kinds[op] is OpKind.GLOBAL_READ and (src := source_of(op)) is not None:
            by_source.setdefault(src, which)
    for op, k in kinds.items():
        if k is OpKind.PREFETCH and (src := source_of(op)) in by_source:
            operand[op] = by_source[src]
    return KLoop(loop, kinds, operand)
