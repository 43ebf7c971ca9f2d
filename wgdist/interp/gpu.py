"""gpu ops: launch ids come from the running :class:`Thread`; ``gpu.barrier`` waits.

Both modes describe the same launch: ``gpu.num_subgroups``, ``gpu.block_dim`` (subgroups times
subgroup size along x) and ``gpu.subgroup_size`` agree. In workgroup mode (one thread per
workgroup) ``gpu.subgroup_id`` has no value and is an error, except where it only decides the
condition of ``scf.if`` ops with ``sg_id_range`` (through ``arith``/``index`` ops): such a
region runs for the whole workgroup there (as a workgroup of the range's size, see
:func:`wgdist.interp.scf._if`), so the id is not needed. The lane-level ids
(``gpu.thread_id``, ``gpu.lane_id``, ``gpu.global_id``) are refused: the interpreter runs
workgroup and subgroup programs, not lanes.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from xdsl.dialects.scf import IfOp
from xdsl.ir import Operation

from wgdist.dialects.gpu import (
    BarrierOp,
    BlockDimOp,
    BlockIdOp,
    GlobalIdOp,
    GridDimOp,
    LaneIdOp,
    NumSubgroupsOp,
    ReturnOp,
    SubgroupIdOp,
    SubgroupSizeOp,
    ThreadIdOp,
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
from wgdist.interp.scf import sg_id_range_size
from wgdist.interp.values import InterpError, UnsupportedOpError

_DIMS = {"x": 0, "y": 1, "z": 2}


def _dim(op: BlockIdOp | GridDimOp | BlockDimOp) -> int:
    return _DIMS[str(op.dimension.data)]


def _const(c: FuncCompiler, op: Operation, get: Callable[[Thread], int]) -> Step:
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        v[r] = get(v[0])

    return step


def _block_id(c: FuncCompiler, op: BlockIdOp) -> Step:
    d = _dim(op)
    return _const(c, op, lambda th: th.wg[d])


def _grid_dim(c: FuncCompiler, op: GridDimOp) -> Step:
    d = _dim(op)
    return _const(c, op, lambda th: th.grid[d])


def _launch_subgroups(op: Operation, th: Thread) -> int:
    if th.num_subgroups is None:
        raise InterpError(
            op, "has no value: this workgroup mode run was not told the launch's number of "
            "subgroups (run_kernel(..., subgroups=N, mode='workgroup'))"
        )
    return th.num_subgroups


def _block_dim(c: FuncCompiler, op: BlockDimOp) -> Step:
    d = _dim(op)
    return _const(c, op, lambda th: _launch_subgroups(op, th) * th.subgroup_size if d == 0 else 1)


def only_decides_sg_id_ranges(op: Operation) -> bool:
    """Whether every use of ``op``'s results, followed through ``arith`` and ``index`` ops, ends
    as the condition of an ``scf.if`` with ``sg_id_range``."""
    seen: set[Operation] = set()
    todo = [op]
    while todo:
        cur = todo.pop()
        for res in cur.results:
            for use in res.uses:
                user = use.operation
                if isinstance(user, IfOp) and use.index == 0 and sg_id_range_size(user) is not None:
                    continue
                if type(user).dialect_name() not in ("arith", "index") or user.regions:
                    return False
                if user not in seen:
                    seen.add(user)
                    todo.append(user)
    return True


def _subgroup_id(c: FuncCompiler, op: SubgroupIdOp) -> Step:
    (r,) = c.outs(op)
    range_only = only_decides_sg_id_ranges(op)

    def step(v: Frame) -> None:
        th: Thread = v[0]
        if th.sg is None:
            if range_only:
                v[r] = 0  # the conditions it decides are not read in workgroup mode
                return
            raise InterpError(
                op, "has no value in workgroup mode (the workgroup-level program runs once "
                "per workgroup, not per subgroup; it may only decide the condition of an scf.if "
                "with sg_id_range, whose region then runs for the whole workgroup)"
            )
        v[r] = th.sg

    return step


def _num_subgroups(c: FuncCompiler, op: NumSubgroupsOp) -> Step:
    return _const(c, op, lambda th: _launch_subgroups(op, th))


def _subgroup_size(c: FuncCompiler, op: SubgroupSizeOp) -> Step:
    return _const(c, op, lambda th: th.subgroup_size)


def _lanes(c: FuncCompiler, op: ThreadIdOp | LaneIdOp | GlobalIdOp) -> Step:
    raise UnsupportedOpError(op, "is lane-level; the interpreter runs workgroup and subgroup programs")


def _barrier(c: FuncCompiler, op: BarrierOp) -> GenStep:
    def gen(v: Frame) -> Generator[Wait, None, None]:
        yield ("barrier", op)

    return GenStep(gen)


STEPS: StepTable = {
    BlockIdOp: _block_id,
    GridDimOp: _grid_dim,
    BlockDimOp: _block_dim,
    SubgroupIdOp: _subgroup_id,
    NumSubgroupsOp: _num_subgroups,
    SubgroupSizeOp: _subgroup_size,
    ThreadIdOp: _lanes,
    LaneIdOp: _lanes,
    GlobalIdOp: _lanes,
    BarrierOp: _barrier,
}
BLOCKING: OpClasses = frozenset({BarrierOp})
TERMINATORS: OpClasses = frozenset({ReturnOp})
