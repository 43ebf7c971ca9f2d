"""gpu ops: launch ids come from the running :class:`Thread`; ``gpu.barrier`` waits.

Both modes describe the same launch: ``gpu.num_subgroups``, ``gpu.block_dim`` (subgroups times
subgroup size along x) and ``gpu.subgroup_size`` agree. In workgroup mode (one thread per
workgroup) ``gpu.subgroup_id`` has no value and is an error. The lane-level ids
(``gpu.thread_id``, ``gpu.lane_id``, ``gpu.global_id``) are refused: the interpreter runs
workgroup and subgroup programs, not lanes.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

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


def _subgroup_id(c: FuncCompiler, op: SubgroupIdOp) -> Step:
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        th: Thread = v[0]
        if th.sg is None:
            raise InterpError(
                op, "has no value in workgroup mode (the workgroup-level program runs once "
                "per workgroup, not per subgroup)"
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
