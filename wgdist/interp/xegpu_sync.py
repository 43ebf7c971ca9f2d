"""xegpu named barriers and fences: alloc_nbarrier, init_nbarrier, nbarrier_arrive,
nbarrier_wait, fence.

A named barrier completes a generation when its participants have all arrived; a subgroup's wait
suspends it (a :class:`~wgdist.interp.core.GenStep` yield, see :mod:`wgdist.interp.launch`) until
the generation it arrived in has completed. In workgroup mode, where one program instance runs
the whole workgroup, arrive and wait do nothing.
"""

from __future__ import annotations

from collections.abc import Generator

from wgdist.dialects.xegpu import (
    AllocNbarrierOp,
    FenceOp,
    InitNbarrierOp,
    NbarrierArriveOp,
    NbarrierWaitOp,
)
from wgdist.interp.core import (
    Frame,
    FuncCompiler,
    GenStep,
    OpClasses,
    Step,
    StepTable,
    Thread,
    Wait,
)
from wgdist.interp.values import InterpError, NamedBarrier


def _alloc_nbarrier(c: FuncCompiler, op: AllocNbarrierOp) -> Step:
    n = op.nbarrier_num.value.data

    def step(v: Frame) -> None:
        v[0].shared.barriers.allocated = n

    return step


def _init_nbarrier(c: FuncCompiler, op: InitNbarrierOp) -> Step:
    i, n = c.ins(op)
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        th: Thread = v[0]
        bid, num = int(v[i]), int(v[n])
        st = th.shared.barriers
        if st.allocated is not None and not 0 <= bid < st.allocated:
            raise InterpError(op, f"named barrier id {bid} is not below the {st.allocated} allocated")
        if th.sg is not None:
            assert th.num_subgroups is not None
            if num < 1 or num > th.num_subgroups:
                raise InterpError(op, f"{num} participants for a workgroup of {th.num_subgroups} subgroups")
            prev = st.participants.setdefault(bid, num)
            if prev != num:
                raise InterpError(op, f"named barrier {bid} initialized with {num} participants, before with {prev}")
        v[r] = NamedBarrier(bid, num)

    return step


def _arrive(c: FuncCompiler, op: NbarrierArriveOp) -> Step:
    (b,) = c.ins(op)

    def step(v: Frame) -> None:
        th: Thread = v[0]
        if th.sg is None:
            return
        nb: NamedBarrier = v[b]
        st = th.shared.barriers
        gen = st.generation.get(nb.bid, 0)
        if st.arrived_at.get((nb.bid, th.sg)) == gen:
            raise InterpError(op, f"subgroup {th.sg} arrives twice at named barrier {nb.bid} before it completes")
        st.arrived_at[(nb.bid, th.sg)] = gen
        count = st.arrived.get(nb.bid, 0) + 1
        if count == nb.participants:
            st.generation[nb.bid] = gen + 1
            st.arrived[nb.bid] = 0
        else:
            st.arrived[nb.bid] = count

    return step


def _wait(c: FuncCompiler, op: NbarrierWaitOp) -> GenStep:
    (b,) = c.ins(op)

    def gen(v: Frame) -> Generator[Wait, None, None]:
        th: Thread = v[0]
        if th.sg is None:
            return
        nb: NamedBarrier = v[b]
        st = th.shared.barriers
        g = st.arrived_at.get((nb.bid, th.sg))
        if g is None:
            raise InterpError(op, f"subgroup {th.sg} waits on named barrier {nb.bid} without arriving")
        if st.generation.get(nb.bid, 0) <= g:
            yield ("nbarrier", op, nb.bid, g)

    return GenStep(gen)


def _fence(c: FuncCompiler, op: FenceOp) -> Step:
    """The interpreter's memory is coherent: a fence orders nothing that is not ordered."""
    return lambda v: None


STEPS: StepTable = {
    AllocNbarrierOp: _alloc_nbarrier,
    InitNbarrierOp: _init_nbarrier,
    NbarrierArriveOp: _arrive,
    NbarrierWaitOp: _wait,
    FenceOp: _fence,
}
BLOCKING: OpClasses = frozenset({NbarrierWaitOp})
