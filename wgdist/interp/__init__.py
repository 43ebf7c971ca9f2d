"""The reference interpreter: runs workgroup-level and subgroup-level kernels on numpy data.

Entry point: :func:`run_kernel` (workgroup mode with ``subgroups=None``, subgroup mode with the
number of subgroups per workgroup). :mod:`wgdist.interp.compare` compares two runs;
:func:`wgdist.check` drives both for a pipeline.

Layout of the package:

==========================  ===============================================================
``core``                    frames, steps, the function/block compiler, :class:`OpTable`
``table``                   every family's entries merged into ``HANDLERS`` (by op class)
``launch``                  a launch: workgroup and subgroup mode, the barrier scheduler and
                            its schedules (in order, reversed, seeded random)
``elements``                how scalars and vector elements of each type are held
``values``                  runtime values (buffers, views, descriptors) and the errors
``compare``                 a workgroup-mode run against a subgroup-mode run
``kernel_inputs``           random inputs, drawn scalars, the subgroup count, the size limits
``arith``, ``arith_casts``  ``math``, ``func``, ``gpu``, ``index``, ``memref``, ``scf``: one family each
``vector``                  ``vector_reduction``, ``vector_memory``: the vector ops
``xegpu_nd``                ``xegpu_scatter``, ``xegpu_matrix``, ``xegpu_sync``,
                            ``xegpu_compute``: the xegpu ops, as the dialect groups them
==========================  ===============================================================

Why not ``xdsl.interpreter``
----------------------------
xDSL's interpreter walks the IR op by op, dispatching each execution through its table of
``@impl`` functions with the operand values looked up in a scoped dictionary, and runs a region
as a nested Python call (``run_ssacfg_region``) that returns only when the region is done. This
interpreter needs three things that design does not give:

* **Subgroups that stop at barriers.** Subgroup mode runs every subgroup of a workgroup as one
  Python generator; ``gpu.barrier`` and ``xegpu.nbarrier_wait`` yield, and
  :func:`~wgdist.interp.launch.run_workgroup` resumes the subgroups when the barrier completes
  (or reports the deadlock, naming who waits where). A wait can sit inside ``scf.for``/``scf.if``
  or a called function, so every region op that contains one must be suspendable in the middle:
  here such ops compile to generator steps (:class:`~wgdist.interp.core.GenStep`), the rest to
  plain functions. With nested calls that cannot suspend, each subgroup would need an OS thread.
* **Speed.** A check runs every subgroup of every workgroup of the launch (up to 65536 program
  instances by default, often millions of ops). Each function is compiled once into closures that read
  and write integer slots of a list (the frame); executing an op is one Python call, without a
  dispatch, a dictionary of SSA values or a result tuple.
* **Semantics xDSL 0.74 has no implementations for:** ``vector``, ``gpu`` (ids, sizes, barriers)
  and ``xegpu`` (block and scattered descriptors with boundary checks, SLM matrices with
  ``mem_layout``, named barriers, dpas), values as numpy arrays with the element type's width
  (wrapping integers, ``bf16`` rounding, ``i1``), and stores that record which subgroup and
  workgroup wrote each element of an argument buffer (:class:`~wgdist.interp.values.Buffer`),
  which the comparison uses to catch elements written twice, by the wrong workgroup, or never.
  Uninitialized memory is poisoned (NaN, or integers that differ per workgroup) so that reading
  it cannot agree by accident.

The op tables follow xDSL's idea all the same: every op's compiler is an entry keyed by its op
class, in the module of its family (:mod:`wgdist.interp.table`).
"""

from wgdist.interp.launch import RunResult, find_function, run_kernel
from wgdist.interp.values import DeadlockError, InterpError, UnsupportedOpError

__all__ = ["DeadlockError", "InterpError", "RunResult", "UnsupportedOpError", "find_function", "run_kernel"]
