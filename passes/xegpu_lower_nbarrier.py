"""``xegpu-lower-nbarrier``: lower whole-workgroup named barriers to what LLVM 22 can compile.

LLVM 22 parses ``xegpu.alloc_nbarrier`` / ``init_nbarrier`` / ``nbarrier_arrive`` /
``nbarrier_wait`` but its XeVM pipeline lowers none of them (``failed to legalize operation
'xegpu.alloc_nbarrier'``; XeVM has no barrier op). This pass rewrites the named barriers that
have a faithful whole-workgroup equivalent and refuses the others with a located error. A named
barrier is lowered when

1. the subgroup count is known (``num-subgroups``, else ``known_block_size`` / ``subgroup-size``);
2. the barrier check (:mod:`wgdist.passes.schedule.barrier_check`) finds no error: ids within the
   allocation, arrive -> wait alternation in every subgroup, arrivals balanced for every trip
   count;
3. its participants are every subgroup of the workgroup; and
4. each of its ``nbarrier_wait`` ops (``target=spirv-split-barrier``: each arrive too) is
   reached by every subgroup as the same dynamic instances: equally often, and under no
   condition or trip count that differs between subgroups.

Condition 4 is what a workgroup barrier demands (SPIR-V: "all invocations ... execute the same
dynamic instance"); it excludes the ping-pong phase offset (an arrive/wait that only half of the
subgroups execute before the loop), which needs hardware named barriers over a subset of
subgroups or divergent participation; the pass refuses it, naming the op and the condition.

Options:

* ``target=gpu-barrier`` (default): each ``nbarrier_wait`` becomes a ``gpu.barrier``; arrives,
  ``init_nbarrier`` and ``alloc_nbarrier`` are erased. Faithful in the sense that matters for
  correctness: whatever a subgroup did before its arrive still happens before anything any
  subgroup does after its wait (the full barrier at the wait is reached later than the arrive),
  and the check of condition 4 makes the barrier deadlock-free. What is lost is the overlap
  between arrive and wait (the point of a split barrier), so this is a performance, not a
  semantic, change; LLVM 22 lowers ``gpu.barrier`` to ``OpControlBarrier`` (workgroup scope,
  workgroup-memory semantics), which also orders SLM accesses that the named barrier (no memory
  semantics of its own) would not. This is the form that mlir-opt 22's
  ``--gpu-lower-to-xevm-pipeline`` turns into SPIR-V spirv-val accepts.
* ``target=spirv-split-barrier``: arrives become calls of ``__spirv_ControlBarrierArriveINTEL``
  and waits of ``__spirv_ControlBarrierWaitINTEL`` (SPV_INTEL_split_barrier; execution and
  memory scope Workgroup, semantics Release resp. Acquire on workgroup memory), declared as
  ``func.func private`` in the enclosing module, by their Itanium-mangled names, which LLVM 22's
  SPIR-V backend maps to ``OpControlBarrierArriveINTEL`` / ``OpControlBarrierWaitINTEL`` (it needs
  ``--spirv-ext=+SPV_INTEL_split_barrier``: mlir-opt 22 accepts that LLVM option on its command
  line, and spirv-val accepts the result). Caveat: mlir-opt 22's XeVM pipeline cannot carry such
  calls through its XeGPU passes: ``xegpu-propagate-layout`` rewrites every function
  declaration's type to its (empty) block arguments, and ``xegpu-subgroup-distribute`` leaves any
  op with side effects other than XeGPU ops and ``gpu.barrier`` inside
  ``gpu.warp_execute_on_lane_0``, which nothing lowers. The split form therefore reaches SPIR-V
  only for code that skips those passes (a kernel without XeGPU ops, or a later LLVM).
  SPIR-V's own named barriers (``OpNamedBarrierInitialize`` / ``OpMemoryNamedBarrier``, a barrier
  over a subgroup count) are in LLVM 22's SPIR-V instruction tables, but no built-in maps to them
  (a call of ``__spirv_NamedBarrierInitialize`` stays an ordinary ``OpFunctionCall``), so a
  barrier over a subset of the subgroups has no lowering at all in LLVM 22.
* ``num-subgroups`` (default 0: from ``known_block_size``), ``subgroup-size`` (default 16).

Before (4 subgroups, a split barrier across K steps)::

    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %c0_i8, %c4_i8 : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    %r = scf.for %k = %c0 to %n step %c32 iter_args(%acc = %z) -> (vector<32x32xf32>) {
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      %a = xegpu.load_nd %ta[%row, %k] : ...
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      ...
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier

After (``target=gpu-barrier``)::

    %r = scf.for %k = %c0 to %n step %c32 iter_args(%acc = %z) -> (vector<32x32xf32>) {
      gpu.barrier
      %a = xegpu.load_nd %ta[%row, %k] : ...
      ...
    }
    gpu.barrier

After (``target=spirv-split-barrier``)::

    func.func private @_Z33__spirv_ControlBarrierArriveINTELiii(i32, i32, i32)
    func.func private @_Z31__spirv_ControlBarrierWaitINTELiii(i32, i32, i32)
    ...
    func.call @_Z33__spirv_ControlBarrierArriveINTELiii(%c2_i32, %c2_i32, %c260_i32) : (i32, i32, i32) -> ()
    %r = scf.for ... {
      func.call @_Z31__spirv_ControlBarrierWaitINTELiii(%c2_i32, %c2_i32, %c258_i32) : (i32, i32, i32) -> ()
      ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i32
from xdsl.ir import Operation, OpResult
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from wgdist.dialects import gpu
from wgdist.dialects.xegpu import AllocNbarrierOp, InitNbarrierOp, NbarrierArriveOp, NbarrierWaitOp
from wgdist.ir.diagnostics import OpError
from wgdist.passes.schedule.barrier_check import (
    SUBGROUP_SIZE,
    barrier_problems,
    barrier_walks,
    nonuniform_reason,
)

NAMED_OPS = (AllocNbarrierOp, InitNbarrierOp, NbarrierArriveOp, NbarrierWaitOp)

ARRIVE = "_Z33__spirv_ControlBarrierArriveINTELiii"
WAIT = "_Z31__spirv_ControlBarrierWaitINTELiii"
WORKGROUP = 2
"""SPIR-V Scope Workgroup (execution and memory scope of the split barrier)."""
RELEASE_WG, ACQUIRE_WG = 0x4 | 0x100, 0x2 | 0x100
"""MemorySemantics: Release (0x4) resp. Acquire (0x2) | WorkgroupMemory (0x100)."""


def check_lowerable(fn: Operation, target: str, num_subgroups: int, subgroup_size: int) -> None:
    """Raise a located :class:`OpError` unless every named barrier of ``fn`` can be lowered."""
    named = [op for op in fn.walk() if isinstance(op, NAMED_OPS)]
    if not named:
        return
    walks = barrier_walks(fn, num_subgroups or None, subgroup_size)
    n = walks[0].who.count
    first = named[0]
    if n is None:
        raise OpError(first, "cannot lower named barriers without the subgroup count: give the gpu.func a "
                      "known_block_size or the pass num-subgroups")
    _check_traceable(named)
    for p in barrier_problems(fn, n, subgroup_size):
        if p.is_error:
            raise OpError(p.op, f"{p.message}; its named barriers are not lowered")
        if isinstance(p.op, NAMED_OPS):  # a warning: the check could not follow this barrier
            raise OpError(p.op, f"{p.message}; a named barrier the barrier check cannot follow is not lowered")
    for op in named:
        if isinstance(op, InitNbarrierOp):
            declared = {w.named[op.result].participants.value for w in walks if op.result in w.named}
            if declared != {n}:
                shown = ", ".join(str(d) for d in sorted(declared, key=str))
                raise OpError(op, f"declares {shown} participants in a workgroup of {n} subgroups: only named "
                              "barriers of the whole workgroup have a workgroup-barrier equivalent (a subset of "
                              "subgroups needs hardware named barriers, which LLVM 22 cannot lower)")
    lowered = (NbarrierWaitOp,) if target == "gpu-barrier" else (NbarrierWaitOp, NbarrierArriveOp)
    for op in named:
        if isinstance(op, lowered):
            reason = nonuniform_reason(op, walks)
            if reason is not None:
                raise OpError(op, f"{reason}: a workgroup barrier must be reached by every subgroup as the same "
                              "dynamic instances, so this named barrier (a phase offset between subgroups, as in "
                              "ping-pong) has no workgroup-barrier equivalent; it needs hardware named barriers, "
                              "which LLVM 22 cannot lower")


def _check_traceable(named: Sequence[Operation]) -> None:
    """Every arrive and wait names the result of an ``init_nbarrier`` of the function, used by
    arrives and waits only: its participants are then known. A barrier passed in as an argument
    or carried through a loop or branch is refused (nothing says who takes part)."""
    for op in named:
        if isinstance(op, NbarrierArriveOp | NbarrierWaitOp):
            source = op.operands[0]
            if not (isinstance(source, OpResult) and isinstance(source.op, InitNbarrierOp)):
                raise OpError(op, "cannot lower a named barrier that is not the result of an xegpu.init_nbarrier "
                              "of this function (an argument, or a value carried through a loop or branch): its "
                              "participants are unknown")
        elif isinstance(op, InitNbarrierOp):
            for use in op.result.uses:
                if not isinstance(use.operation, NbarrierArriveOp | NbarrierWaitOp):
                    raise OpError(use.operation, "cannot lower a named barrier used other than by "
                                  "xegpu.nbarrier_arrive/nbarrier_wait (carried through a loop or branch, passed "
                                  "on): its arrivals cannot be followed")


def _declare(module: Operation, name: str) -> None:
    table = module
    if any(isinstance(op, func.FuncOp) and op.sym_name.data == name for op in table.regions[0].block.ops):
        return
    decl = func.FuncOp.external(name, [i32, i32, i32], [])
    first = table.regions[0].block.first_op
    if first is None:
        table.regions[0].block.add_op(decl)
    else:
        table.regions[0].block.insert_op_before(decl, first)


def _call(op: Operation, name: str, semantics: int) -> None:
    consts = [ConstantOp(IntegerAttr(v, i32)) for v in (WORKGROUP, WORKGROUP, semantics)]
    call = func.CallOp(name, [c.result for c in consts], [])
    Rewriter.replace_op(op, [*consts, call], [])


def lower(fn: Operation, target: str) -> None:
    """Rewrite the (checked) named barriers of ``fn``."""
    ops = [op for op in fn.walk() if isinstance(op, NAMED_OPS)]
    symbol_table = fn.parent_op()
    for op in ops:
        if isinstance(op, NbarrierWaitOp):
            if target == "gpu-barrier":
                Rewriter.replace_op(op, gpu.BarrierOp(), [])
            else:
                _call(op, WAIT, ACQUIRE_WG)
        elif isinstance(op, NbarrierArriveOp):
            if target == "gpu-barrier":
                Rewriter.erase_op(op)
            else:
                _call(op, ARRIVE, RELEASE_WG)
    for op in ops:
        if isinstance(op, InitNbarrierOp | AllocNbarrierOp):
            Rewriter.erase_op(op)
    if target == "spirv-split-barrier" and symbol_table is not None:
        _declare(symbol_table, WAIT)
        _declare(symbol_table, ARRIVE)


@dataclass(frozen=True)
class XeGPULowerNbarrierPass(ModulePass):
    """Lower whole-workgroup named barriers (``gpu.barrier`` or SPIR-V split-barrier calls);
    refuse, with a located error and the IR untouched, those that have no such equivalent."""

    name = "xegpu-lower-nbarrier"

    target: Literal["gpu-barrier", "spirv-split-barrier"] = "gpu-barrier"
    num_subgroups: int = 0
    subgroup_size: int = SUBGROUP_SIZE

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.num_subgroups < 0 or self.subgroup_size < 1:
            raise ValueError(f"xegpu-lower-nbarrier: num-subgroups must be >= 0 and subgroup-size >= 1, got "
                             f"{self.num_subgroups} and {self.subgroup_size}")
        fns = [f for f in op.walk() if isinstance(f, gpu.FuncOp | func.FuncOp)]
        for fn in fns:
            check_lowerable(fn, self.target, self.num_subgroups, self.subgroup_size)
        for fn in fns:
            if any(isinstance(o, NAMED_OPS) for o in fn.walk()):
                lower(fn, self.target)
