"""``xegpu-verify-barriers``: every subgroup meets every barrier, for any trip count.

A verifier pass (it changes nothing): for each ``gpu.func`` / ``func.func`` it runs
:func:`wgdist.passes.schedule.barrier_check.barrier_problems` and reports each problem at its
op: errors (``file:line:col: error: ...``, exit status 1) for a ``gpu.barrier`` that some
subgroups reach more often than others (under an ``scf.if`` or in a loop whose condition or trip
count depends on the subgroup id or other per-subgroup values), and for named barriers whose id
is not below the ``xegpu.alloc_nbarrier`` count, whose declared participants differ from the
subgroups that arrive, whose arrivals and waits do not alternate in a subgroup, or whose
arrivals differ between the subgroups that arrive, as polynomials in the trip counts (so a
mismatch that only shows for some trip count is found), and for a ``gpu.barrier`` that the
subgroups of a named barrier reach in different phases of it; warnings for what it cannot decide
(an id it cannot compute, a named barrier carried through a block argument, ...), where it
claims nothing.

Options:

* ``num-subgroups`` (default 0): the subgroups per workgroup; 0 takes ``known_block_size`` /
  ``subgroup-size`` of a ``gpu.func``; without either, subgroup ids are unknown, participants are
  not counted and named barriers under subgroup-dependent conditions are warnings.
* ``subgroup-size`` (default 16): lanes per subgroup, to read ``known_block_size``.

Before (a ping-pong phase offset that forgets to undo it: ``-p 'xegpu-verify-barriers{num-subgroups=4}'``)::

    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %c0_i8, %c4_i8 : i8, i8 -> !xegpu.nbarrier
    %hi = arith.cmpi uge, %sg, %c2 : index
    scf.if %hi {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    scf.for %k = %c0 to %n step %c1 {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }

After: the IR is unchanged, and::

    k.mlir:3:9: error: 'xegpu.init_nbarrier' op named barrier 0 is unbalanced: subgroup(s) 0-1 arrive N1
    time(s); subgroup(s) 2-3 arrive N1 + 1 time(s); ... (N1 = the trip count of the scf.for at k.mlir:9:5)
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from wgdist.dialects import gpu
from wgdist.ir.diagnostics import OpError, emit
from wgdist.passes.schedule.barrier_check import SUBGROUP_SIZE, BarrierProblem, barrier_problems


def module_barrier_problems(module: ModuleOp, num_subgroups: int = 0,
                            subgroup_size: int = SUBGROUP_SIZE) -> list[BarrierProblem]:
    """The problems of every function of ``module``."""
    out: list[BarrierProblem] = []
    for op in module.walk():
        if isinstance(op, gpu.FuncOp | func.FuncOp):
            out.extend(barrier_problems(op, num_subgroups or None, subgroup_size))
    return out


@dataclass(frozen=True)
class XeGPUVerifyBarriersPass(ModulePass):
    """Report barriers that not every subgroup meets equally often (errors) or that the check
    cannot decide (warnings); the IR is left as it is."""

    name = "xegpu-verify-barriers"

    num_subgroups: int = 0
    subgroup_size: int = SUBGROUP_SIZE

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.num_subgroups < 0 or self.subgroup_size < 1:
            raise ValueError(f"xegpu-verify-barriers: num-subgroups must be >= 0 and subgroup-size >= 1, got "
                             f"{self.num_subgroups} and {self.subgroup_size}")
        problems = module_barrier_problems(op, self.num_subgroups, self.subgroup_size)
        errors = [p for p in problems if p.is_error]
        for p in problems:
            if p is not (errors[-1] if errors else None):
                emit(p.op, p.message, p.severity)
        if errors:
            raise OpError(errors[-1].op, errors[-1].message)
