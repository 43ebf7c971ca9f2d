"""``xegpu-k-loop-schedule``: reschedule the K loops of subgroup-level GEMM kernels.

Input: subgroup-level code (the output of ``xegpu-wg-to-sg-distribute``, or written by hand).
A *K loop* is an innermost ``scf.for`` with an ``xegpu.dpas`` in its body
(:func:`~wgdist.passes.schedule.classify.k_loops`). Every op at the top level of its body is
classified (:mod:`wgdist.passes.schedule.classify`): global read (``load_nd``/``load`` of global
memory), prefetch, SLM write, SLM read, MMA (``dpas``), sync (``gpu.barrier``, ``xegpu.fence``,
named-barrier ops), other; reads, prefetches and SLM ops are also tagged with the dpas operand
(A or B) they feed. A loop the classification refuses (a global store or an atomic in the body,
an op with unknown memory effects, a barrier or a dpas under a region, one value feeding both
dpas operands) or that the strategy cannot handle gets a located remark naming the op and the
reason, and stays as it is. After rewriting a function the pass runs the static barrier check
(``wgdist.passes.schedule.barrier_check``) on it: an error there is an internal error at the op
(the pass made a wrong schedule), a case the check cannot decide a warning.

Options (mlir-opt style: ``-p 'xegpu-k-loop-schedule{strategy=pipeline stages=3}'``; an unknown
strategy or a value out of range is refused when the pipeline is built, naming the option):

* ``strategy`` [pipeline]: ``pipeline | split-barrier | pingpong``.
* ``stages`` [2] (1 to 16, ``pipeline``): reads for step ``k + stages - 1`` are issued in step
  ``k``; their values are carried in ``iter_args``.
* ``fragments`` [1] (0 to 64, ``pipeline``): mini-iterations per step: the body's dpas are cut
  into this many groups in body order (0: one per dpas; more than there are dpas: one per dpas).
  Mini-iteration ``f`` issues the reads of fragment ``f + 1`` before its first dpas, the last one
  those of fragment 0 of the following step (seed 004's cross-stage rotation): with more than
  one fragment, fragment 0 is read ``stages`` steps ahead, the others ``stages - 1``. With
  ``stages=1`` only that rotation moves reads across steps. A read belongs to the fragment of the
  first dpas it feeds (through pure ops and SLM buffers); prefetches follow the reads of their
  memref; other reads go with fragment 0. No read is issued across a sync op: one whose
  mini-iteration lies beyond a barrier or fence is issued (ahead) where it was.
* ``interval`` [1] (at least 1, ``split-barrier``): the subgroups synchronise every
  ``interval`` steps: none issues the loads of step ``(q+1)*interval`` before all have issued
  those of step ``q*interval`` (:mod:`wgdist.passes.schedule.split_barrier`).
* ``converge`` [true] (``pingpong``): run the phase shift inside the loop, so that every barrier
  is reached by all subgroups as the same dynamic instance
  (:mod:`wgdist.passes.schedule.pingpong_converged`): ``xegpu-lower-nbarrier`` lowers it to
  ``gpu.barrier`` and mlir-opt 22's XeVM pipeline turns it into SPIR-V. ``converge=false``
  shifts the groups with an extra barrier before / after the loop under ``scf.if`` on
  ``gpu.subgroup_id``: fewer ops, but only hardware named barriers can run it (no lowering in
  LLVM 22, see :mod:`wgdist.passes.schedule.pingpong`).
* ``num-subgroups`` [0]: the workgroup's subgroup count: the named barrier's participants
  (``split-barrier``, ``pingpong``) and the count the barrier check of every strategy's output
  runs with; 0 takes it from the ``gpu.func``'s ``known_block_size`` / 16, a value contradicting
  ``known_block_size`` is a located error, and a ``split-barrier``/``pingpong`` loop whose count
  is unknown is refused with a remark.

An option the chosen strategy does not read (``interval`` with ``pipeline``, ...) gets a warning.

``strategy=pipeline`` (:mod:`wgdist.passes.schedule.pipeline`) moves only reads (global loads
and prefetches whose address depends on nothing but the induction variable, values from outside
the loop and *inductions*: loop-carried values advanced by pure ops of their own, such as a
descriptor moved by ``update_nd_offset``) to earlier steps; everything else keeps its order,
nothing moves across a sync op within a step, SLM accesses and barriers stay where they are, and
the loop-carried values are those of the original loop. Each step executes the original body's
ops once (plus the index arithmetic of the moved reads' addresses and the advanced inductions).
The loop becomes a prologue (the reads of the first steps), a steady loop (unguarded reads
ahead) and an epilogue loop over the last ``min(N, D)`` steps (``D`` = the largest distance)
whose reads ahead are guarded by ``scf.if`` so that no step outside the loop's range is ever
read; with a dynamic trip count the prologue's reads are guarded too and the split is ``lb +
max(0, ceildiv(ub - lb, step) - D) * step``. Loops of no step (static) are not emitted. When a
read's value lives in ``u >= 2`` iter_args (read ``u`` steps ahead), the steady loop runs ``u``
steps per iteration (so that it yields only values read in the iteration, never one of its own
iter_args: mlir-opt 22's xegpu-subgroup-distribute crashes on that) over ``floor(max(0, N - D) /
u) * u`` steps, and the remaining steps follow it unrolled (each under ``scf.if step < ub`` when
the trip count is dynamic), reading nothing beyond the last step. A read
``d`` steps ahead that goes through an induction reads it advanced ``d`` times (its advancing
ops cloned; the loop still carries and advances the original). Reads that depend on other
loop-carried values stay in place; a loop with nothing to move, or whose induction variable is
not an ``index``, is left alone with a remark.

Before (two A tiles and one B tile per step, four steps)::

    %r:2 = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc0 = %z, %acc1 = %z) -> (...) {
      %a0 = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %a1 = xegpu.load_nd %a[8, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d0 = xegpu.dpas %a0, %vb, %acc0 : ...
      %d1 = xegpu.dpas %a1, %vb, %acc1 : ...
      scf.yield %d0, %d1 : vector<8x16xf32>, vector<8x16xf32>
    }

``xegpu-k-loop-schedule{strategy=pipeline stages=2}``::

    %a0 = xegpu.load_nd %a[0, %c0] ...                       // prologue: step 0
    %a1 = xegpu.load_nd %a[8, %c0] ...
    %vb = xegpu.load_nd %b[%c0, 0] ...
    %c16_0 = arith.constant 16 : index
    %c48 = arith.constant 48 : index                         // lb + (N - 1) * step
    %s:5 = scf.for %k = %c0 to %c48 step %c16
        iter_args(%acc0 = %z, %acc1 = %z, %qa0 = %a0, %qa1 = %a1, %qb = %vb) -> (...) {
      %k1 = arith.addi %k, %c16_0 : index
      %a0n = xegpu.load_nd %a[0, %k1] ...                    // step k + 1
      %a1n = xegpu.load_nd %a[8, %k1] ...
      %vbn = xegpu.load_nd %b[%k1, 0] ...
      %d0 = xegpu.dpas %qa0, %qb, %acc0 : ...                // step k, from iter_args
      %d1 = xegpu.dpas %qa1, %qb, %acc1 : ...
      scf.yield %d0, %d1, %a0n, %a1n, %vbn : ...
    }
    %r:5 = scf.for %k = %c48 to %c64 step %c16 iter_args(... = %s#0, ...) -> (...) {
      %k1 = arith.addi %k, %c16_0 : index
      %in = arith.cmpi slt, %k1, %c64 : index
      %n:3 = scf.if %in -> (...) {                           // no read past the last step
        ... the three loads at %k1 ...
      } else {
        scf.yield %zero_a, %zero_a, %zero_b : ...
      }
      ... the two dpas on the iter_args, scf.yield with %n#0, %n#1, %n#2 ...
    }

``xegpu-k-loop-schedule{strategy=pipeline stages=2 fragments=2}`` (steady loop; fragment 0 =
``%d0`` with ``%a0`` and ``%vb``, read two steps ahead, so two steps per iteration; fragment 1 =
``%d1`` with ``%a1``; steps 2 and 3 follow the loop unrolled)::

    scf.for %k = %c0 to %c32 step %c32 iter_args(%acc0 = %z, %acc1 = %z, %qa0 = %a0, %qa0n = %a0_1,
                                                  %qa1 = %a1, %qb = %vb, %qbn = %vb_1) -> (...) {
      %k1 = arith.addi %k, %c16_0 : index
      %a1n = xegpu.load_nd %a[8, %k1] ...                    // mini 0: fragment 1, step k + 1
      %d0 = xegpu.dpas %qa0, %qb, %acc0 : ...
      %k2 = arith.addi %k, %c32 : index
      %a0n = xegpu.load_nd %a[0, %k2] ...                    // mini 1: fragment 0, step k + 2
      %vbn = xegpu.load_nd %b[%k2, 0] ...
      %d1 = xegpu.dpas %qa1, %qb, %acc1 : ...
      ... the same for step k + 1 (%qa0n, %qbn, %a1n; reading steps k + 2 and k + 3) ...
      scf.yield %d0', %d1', %a0n, %a0n', %a1n', %vbn, %vbn' : ...
    }

``strategy=split-barrier`` and ``strategy=pingpong`` (:mod:`wgdist.passes.schedule.split_barrier`,
:mod:`wgdist.passes.schedule.pingpong`) add one named barrier per loop (a new id: the function's
``xegpu.alloc_nbarrier`` is created or raised) whose participants are *all* the workgroup's
subgroups: the groups of subgroups sharing A rows or B columns are not visible in subgroup-level
code, and an all-subgroup barrier is what SPIR-V's split barrier is. Both need a static subgroup
count and a loop every subgroup runs equally often (bounds and enclosing conditions not reading
the subgroup id, memory or loop-carried values); otherwise: a remark, the loop unchanged.

``strategy=split-barrier``: in steps ``j`` with ``j mod interval == 0`` a subgroup waits before
the step's first load or prefetch and arrives after its last; an arrive before the loop and a wait
after it pair them for any trip count (each subgroup alternates arrive, wait, ...). With
``interval=1`` only the two ops are added. The Before loop with 4 subgroups
(``known_block_size = array<i32: 64, 1, 1>``), ``{strategy=split-barrier}``::

    xegpu.alloc_nbarrier 1                                   // at the function's entry
    %nb = xegpu.init_nbarrier %c0_i8, %c4_i8 : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    %r:2 = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc0 = %z, %acc1 = %z) -> (...) {
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier             // all issued step k-1's loads
      %a0 = xegpu.load_nd %a[0, %k] ...
      %a1 = xegpu.load_nd %a[8, %k] ...
      %vb = xegpu.load_nd %b[%k, 0] ...
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      %d0 = xegpu.dpas %a0, %vb, %acc0 : ...
      %d1 = xegpu.dpas %a1, %vb, %acc1 : ...
      scf.yield %d0, %d1 : vector<8x16xf32>, vector<8x16xf32>
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier

With ``interval > 1`` the loads and prefetches (and the ops they need) go first, and become one
``scf.if`` on the step test whose else-branch holds the same loads without the sync ops, so each
iteration runs them once and each branch leaves the barrier as it found it;
``{strategy=split-barrier interval=2}``::

    %r:2 = scf.for %k = %c0 to %c64 step %c16 iter_args(...) -> (...) {
      %j = arith.divui (arith.subi %k, %c0), %c16 ; %t = arith.cmpi eq, (arith.remui %j, %c2), %c0
      %l:3 = scf.if %t -> (vector<8x16xf16>, vector<8x16xf16>, vector<16x16xf16>) {
        xegpu.nbarrier_wait %nb ; the three loads ; xegpu.nbarrier_arrive %nb ; scf.yield ...
      } else {
        the three loads ; scf.yield ...
      }
      %d0 = xegpu.dpas %l#0, %l#2, %acc0 : ...
      %d1 = xegpu.dpas %l#1, %l#2, %acc1 : ...
      scf.yield %d0, %d1 : ...
    }

``strategy=pingpong`` (seed 002 with named barriers; an even subgroup count ``S``): the body
becomes a memory cluster (the loads and prefetches with the ops they need) and a compute cluster
(the rest), each closed by ``arrive; wait``. Subgroups ``S/2 ..`` pass the barrier once before
the loop, subgroups ``.. S/2-1`` once after it (``scf.if`` on ``gpu.subgroup_id``: legal for a
named barrier, not for ``gpu.barrier``), so each passes it ``2N + 1`` times and in each phase one
half multiplies while the other loads. Bodies with SLM accesses, barriers or fences, or a load
that needs a dpas result, are refused. ``{strategy=pingpong converge=false}``::

    %nb = xegpu.init_nbarrier %c0_i8, %c4_i8 : i8, i8 -> !xegpu.nbarrier
    %sg = gpu.subgroup_id : index
    %late = arith.cmpi uge, %sg, %c2 : index
    %early = arith.cmpi ult, %sg, %c2 : index
    scf.if %late {                                           // one phase behind
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    %r:2 = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc0 = %z, %acc1 = %z) -> (...) {
      %a0 = xegpu.load_nd %a[0, %k] ...                      // memory cluster
      %a1 = xegpu.load_nd %a[8, %k] ...
      %vb = xegpu.load_nd %b[%k, 0] ...
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      %d0 = xegpu.dpas %a0, %vb, %acc0 : ...                 // compute cluster
      %d1 = xegpu.dpas %a1, %vb, %acc1 : ...
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      scf.yield %d0, %d1 : vector<8x16xf32>, vector<8x16xf32>
    }
    scf.if %early {                                          // the offset undone
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }

Half of the subgroups passing a barrier at a place the others do not is what named barriers
allow and a workgroup barrier does not (``xegpu-lower-nbarrier`` refuses it). With
``converge=true`` (the default) the loop runs ``2N + 1`` phases of one barrier each, outside any condition; in
phase ``p`` a subgroup of group ``g`` runs cluster ``j = p - g`` of its sequence ``M(0) C(0) M(1)
...`` if ``0 <= j < 2N``; the loaded values travel to the compute phase in ``iter_args``
(``{strategy=pingpong}``; each ``scf.if`` yields filler constants where its cluster does not
run and an ``arith.select`` on the phase test picks, so that no ``scf.if`` reads or forwards a
loop ``iter_arg``: mlir-opt 22 cannot lower that, see the module of ``converge``)::

    %g = arith.select %late, %c1, %c0 : index                // 0: early group, 1: late group
    %P = 2 * ceildiv(max(%c64 - %c0, 0), %c16) + 1
    %f1, %f2, %f3 = arith.constant dense<1.0>, dense<2.0>, dense<3.0> ...  // fillers, never used
    %r:5 = scf.for %p = %c0 to %P step %c1 iter_args(%acc0 = %z, %acc1 = %z, %qa0 = %f1,
                                                    %qa1 = %f2, %qb = %f3) -> (...) {
      %j = arith.subi %p, %g : index
      %is_m = (0 <= %j < 2N) and %j even ; %is_c = (0 <= %j < 2N) and %j odd
      %k = %c0 + (%j / 2) * %c16
      %l:3 = scf.if %is_m -> (...) { the three loads at %k ; scf.yield ... }
             else { scf.yield %f1, %f2, %f3 : ... }
      %mm = vector.broadcast %is_m : i1 to vector<8x16xi1>   // one mask per slot, each from j + 2 * slot
      %na0 = arith.select %mm, %l#0, %qa0 : vector<8x16xi1>, vector<8x16xf16>   // ... %na1, %nqb
      %mc = vector.broadcast %is_c : i1 to vector<8x16xi1>
      %i0 = arith.select %mc, %acc0, %f4 : vector<8x16xi1>, vector<8x16xf32>     // ... %i1
      %d:2 = scf.if %is_c -> (...) { the two dpas on %na0, %na1, %nqb, %i0, %i1 ; scf.yield ... }
             else { scf.yield %f4, %f5 : ... }
      %o0 = arith.select %mc, %d#0, %acc0 : vector<8x16xi1>, vector<8x16xf32>   // ... %o1
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      scf.yield %o0, %o1, %na0, %na1, %nqb : ...
    }
"""

from __future__ import annotations

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
    converge: bool = True

    def __post_init__(self) -> None:
        try:
            self.options().check()
        except ValueError as e:
            raise ValueError(f"xegpu-k-loop-schedule: {e}") from None

    def _unused_options(self) -> list[str]:
        """The options given a value other than their default that the strategy does not read."""
        defaults = XeGPUKLoopSchedulePass()
        unused = [name for name, field in _STRATEGY_FIELDS.items()
                  if self.strategy not in field[1] and getattr(self, field[0]) != getattr(defaults, field[0])]
        return unused

    def options(self) -> ScheduleOptions:
        return ScheduleOptions(
            strategy=self.strategy,
            stages=self.stages,
            fragments=self.fragments,
            interval=self.interval,
            num_subgroups=self.num_subgroups,
            converge=self.converge,
        )

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        options = self.options()
        strategy = STRATEGIES[options.strategy]
        for name in self._unused_options():
            emit(op, f"xegpu-k-loop-schedule: {name}= does nothing with strategy={options.strategy}", "warning")
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


_STRATEGY_FIELDS = {
    "stages": ("stages", ("pipeline",)),
    "fragments": ("fragments", ("pipeline",)),
    "interval": ("interval", ("split-barrier",)),
    "converge": ("converge", ("pingpong",)),
}
"""Option name -> (pass field, the strategies that read it); num-subgroups is read by all."""


def _refused(refusal: Refusal, options: ScheduleOptions) -> None:
    emit(refusal.op, f"strategy={options.strategy}: {refusal.reason}; loop left unchanged")


def check_barriers(fn: Operation, num_subgroups: int = 0) -> None:
    """Run the static barrier check on a rewritten function: an error there is an internal
    error (the strategy built something wrong), reported at the op; a case the check cannot
    decide is a warning."""
    from wgdist.passes.schedule.barrier_check import barrier_problems

    for problem in barrier_problems(fn, num_subgroups or None):
        if not problem.is_error:
            emit(problem.op, f"xegpu-k-loop-schedule: barrier check: {problem.message}", "warning")
            continue
        raise OpError(
            problem.op,
            f"internal error: xegpu-k-loop-schedule produced a barrier problem: {problem.message}",
        )
