"""``xegpu-k-loop-schedule``: reschedule the K loops of subgroup-level GEMM kernels.

(Docstring with every option and before/after IR: being written.)
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin, func
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from wgdist.dialects import gpu
from wgdist.ir.diagnostics import OpError, emit
from wgdist.passes.schedule.classify import Refusal, classify, k_loops
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.strategies import STRATEGIES


@dataclass(frozen=True)
class XeGPUKLoopSchedulePass(ModulePass):
    """Schedule every K loop of every function (see the module docstring)."""

    name = "xegpu-k-loop-schedule"

    strategy: str = "pipeline"
    stages: int = 2
    fragments: int = 1
    interval: int = 1
    num_subgroups: int = 0

    def __post_init__(self) -> None:
        try:
            self.options().check()
        except ValueError as e:
            raise ValueError(f"xegpu-k-loop-schedule: {e}") from None

    def options(self) -> ScheduleOptions:
        return ScheduleOptions(
            strategy=self.strategy,
            stages=self.stages,
            fragments=self.fragments,
            interval=self.interval,
            num_subgroups=self.num_subgroups,
        )

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        options = self.options()
        strategy = STRATEGIES[options.strategy]
        for fn in [f for f in op.walk() if isinstance(f, func.FuncOp | gpu.FuncOp)]:
            changed = False
            for loop in k_loops(fn):
                kloop = classify(loop)
                if isinstance(kloop, Refusal):
                    _refused(kloop, options)
                    continue
                refusal = strategy(kloop, options)
                if refusal is not None:
                    _refused(refusal, options)
                else:
                    changed = True
            if changed:
                check_barriers(fn, options.num_subgroups)


def _refused(refusal: Refusal, options: ScheduleOptions) -> None:
    emit(refusal.op, f"strategy={options.strategy}: {refusal.reason}; loop left unchanged")


def check_barriers(fn: Operation, num_subgroups: int = 0) -> None:
    """Run the static barrier check on a rewritten function; a problem is an internal error
    (the strategy built something wrong), reported at the op."""
    if importlib.util.find_spec("wgdist.passes.schedule.barrier_check") is None:
        return  # the checker is a separate module; without it there is nothing to run
    from wgdist.passes.schedule.barrier_check import barrier_problems

    for problem in barrier_problems(fn, num_subgroups or None):
        raise OpError(
            problem.op,
            f"internal error: xegpu-k-loop-schedule produced a barrier problem: {problem.message}",
        )
