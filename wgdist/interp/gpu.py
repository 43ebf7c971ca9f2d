"""gpu ops: launch ids come from the running :class:`Thread`; ``gpu.barrier`` waits.

Both modes describe the same launch: ``gpu.num_subgroups``, ``gpu.block_dim`` (subgroups times
subgroup size along x) and ``gpu.subgroup_size`` agree. In workgroup mode (one thread per
workgroup) ``gpu.subgroup_id`` has no value and is an error.
"""

from __future__ import annotations

from collections.abc import Generator

from xdsl.ir import Operation

from wgdist.interp.core import Frame, FuncCompiler, GenStep, Step, Thread, Wait, handler
from wgdist.interp.values import InterpError, UnsupportedOpError

_DIMS = {"x": 0, "y": 1, "z": 2}


def _dim(op: Operation) -> int:
    return _DIMS[str(op.properties["dimension"].data)]  # type: ignore[attr-defined]


def _const(c: FuncCompiler, op: Operation, get) -> Step:  # type: ignore[no-untyped-def]
    (r,) = c.outs(op)

    def step(v: Frame) -> None:
        v[r] = get(v[0])

    return step


@handler("gpu.block_id")
def _block_id(c: FuncCompiler, op: Operation) -> Step:
    d = _dim(op)
    return _const(c, op, lambda th: th.wg[d])


@handler("gpu.grid_dim")
def _grid_dim(c: FuncCompiler, op: Operation) -> Step:
    d = _dim(op)
    return _const(c, op, lambda th: th.grid[d])


def _launch_subgroups(op: Operation, th: Thread) -> int:
    if th.num_subgroups is None:
        raise InterpError(
            op, "has no value: this workgroup mode run was not told the launch's number of "
            "subgroups (run_kernel(..., subgroups=N, mode='workgroup'))"
        )
    return th.num_subgroups


@handler("gpu.block_dim")
def _block_dim(c: FuncCompiler, op: Operation) -> Step:
    d = _dim(op)
    return _const(c, op, lambda th: _launch_subgroups(op, th) * th.subgroup_size if d == 0 else 1)


@handler("gpu.subgroup_id")
def _subgroup_id(c: FuncCompiler, op: Operation) -> Step:
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


@handler("gpu.num_subgroups")
def _num_subgroups(c: FuncCompiler, op: Operation) -> Step:
    return _const(c, op, lambda th: _launch_subgroups(op, th))


@handler("gpu.subgroup_size")
def _subgroup_size(c: FuncCompiler, op: Operation) -> Step:
    return _const(c, op, lambda th: th.subgroup_size)


@handler("gpu.thread_id", "gpu.lane_id", "gpu.global_id")
def _lanes(c: FuncCompiler, op: Operation) -> Step:
    raise UnsupportedOpError(op, "is lane-level; the interpreter runs workgroup and subgroup programs")


@handler("gpu.barrier")
def _barrier(c: FuncCompiler, op: Operation) -> GenStep:
    def gen(v: Frame) -> Generator[Wait, None, None]:
        yield ("barrier", op)

    return GenStep(gen)
