"""``strategy=pingpong`` (``converge=true``, the default): the two-group phase shift with every
barrier reached by all subgroups as the same dynamic instance.

The K loop of ``N`` steps becomes a loop over ``2N + 1`` barrier phases ``p``. In phase ``p`` a
subgroup of group ``g`` (0: ids below ``S/2``, 1: the others) runs cluster ``j = p - g`` of its own
sequence ``M(0) C(0) M(1) C(1) ...`` (``M(k)``: the memory cluster of step ``k``, ``C(k)``: the
compute cluster), or nothing when ``j`` is outside ``0 .. 2N-1``; then every subgroup passes the
phase's barrier (``arrive; wait`` on one named barrier of all subgroups, outside any condition).
So the late group idles in phase 0 and the early group in phase ``2N`` (the offset created and
undone), in every other phase one group loads while the other multiplies, and each barrier is a
workgroup barrier in the SPIR-V sense: ``xegpu-lower-nbarrier`` can turn it into ``gpu.barrier``.

The values the memory cluster hands to the compute cluster (and the loop's own ``iter_args``) are
carried from phase to phase in the new loop's ``iter_args``; the clusters are ``scf.if`` on the
phase test, each op of the old body appearing once. Each subgroup runs each old op once per step.

How the clusters are written is dictated by what mlir-opt 22's XeVM pipeline
(``--gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup"``) can lower:

* LLVM 22 limitation (minimal reproducer): an ``scf.for`` with a vector ``iter_arg`` ``%acc``
  and, in its body, an ``scf.if`` whose region reads that block argument
  (``scf.if %c { %e = xegpu.dpas %a, %b, %acc ... }``): ``xegpu-subgroup-distribute`` leaves
  ``gpu.warp_execute_on_lane_0`` ops that nothing lowers, and translation fails with "LLVM
  Translation failed for operation: builtin.unrealized_conversion_cast" (the lane id's cast).
  An ``scf.if`` that forwards it (``else { scf.yield %acc }``) fails the same way in a GEMM
  with loads carried across phases and crashes mlir-opt 22 in a one-dpas loop. The same
  ``scf.if`` reading a value computed in the loop body (a select of ``%acc``) lowers.
* LLVM 22 limitation: ``arith.select`` of a vector on a scalar ``i1`` crashes mlir-opt 22; the
  same select on the ``i1`` broadcast to a vector (``vector.broadcast %c : i1 to
  vector<8x16xi1>``) lowers.

* LLVM 22 limitation: one value that two ops need in different lane layouts (a constant used
  as the start of a carried A operand and of a carried B operand of the same shape, merged by
  the pipeline's CSE) fails layout propagation ("Failed to update operation with the layout.").

(tests/filecheck/with-mlir/k-loop-schedule-pingpong-llvm22.mlir holds kernels for the first two.)

Not worked around (a GEMM whose unscheduled form lowers, scheduled form does not): a prefetch of
a descriptor whose loads feed dpas in another block shape (a 16x16 A tile read as two 8x16
dpas blocks, say): LLVM 22's ``xegpu-blocking`` then gives the memory ``scf.if``'s
yield another number of blocks than its results ("region branch point has 2 operands, but
region successor needs 3 inputs"). The prefetch anywhere in the loop (its own ``scf.if``
included) has this effect, and selecting inside the then-branch only moves the failure into
LLVM's SPIR-V backend; such a kernel lowers without its prefetches (test_pingpong.py lists the
case).

So neither ``scf.if`` touches a block argument: the memory cluster's ``else`` yields the start
constants and ``arith.select`` (vector mask) on the phase test takes the loaded value or keeps
the carried one; the compute cluster reads the carried values through those selects (in a
compute phase the memory test is false, so they are the carried values) and each old
``iter_arg`` through ``select(is_c, iter_arg, F)`` (the ``iter_arg`` wherever the cluster
runs); its ``else`` yields ``F`` and a select after it keeps the ``iter_arg`` when it did not
run. The fillers (the carried values' starts and the ``F``) are constants whose value is never
used, one per slot with its own value (slot ``i`` holds ``i + 1``), so that no two merge. The loads and dpas stay under ``scf.if`` (one group loads while the other multiplies); only
the selects run in every phase. Before (one step; ``%acc`` carried, ``%va`` loaded)::

    scf.for %k = %c0 to %n step %c32 iter_args(%acc = %z) -> (vector<16x32xf32>) {
      %va = xegpu.load_nd %ta[%r, %k] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : ...
      scf.yield %d : vector<16x32xf32>
    }

After (``converge=true``, the phase tests elided)::

    %f1 = arith.constant dense<1.0> : vector<16x16xf16>      // fillers
    %f2 = arith.constant dense<2.0> : vector<16x32xf32>
    scf.for %p = %c0 to %P step %c1 iter_args(%acc = %z, %qa = %f1) -> (...) {
      %l = scf.if %is_m -> (vector<16x16xf16>) {
        %va = xegpu.load_nd %ta[%r, %k] : ... ; scf.yield %va : vector<16x16xf16>
      } else { scf.yield %f1 : vector<16x16xf16> }
      %mm = vector.broadcast %is_m0 : i1 to vector<16x16xi1>  // slot 0: is_m from j + 0
      %na = arith.select %mm, %l, %qa : vector<16x16xi1>, vector<16x16xf16>
      %mc = vector.broadcast %is_c1 : i1 to vector<16x32xi1>  // slot 1: is_c from j + 2
      %in = arith.select %mc, %acc, %f2 : vector<16x32xi1>, vector<16x32xf32>
      %c = scf.if %is_c -> (vector<16x32xf32>) {
        %d = xegpu.dpas %na, %vb, %in : ... ; scf.yield %d : vector<16x32xf32>
      } else { scf.yield %f2 : vector<16x32xf32> }
      %out = arith.select %mc, %c, %acc : vector<16x32xi1>, vector<16x32xf32>
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      scf.yield %out, %na : ...
    }

Refused (besides what :mod:`.pingpong` refuses): a memory cluster that reads a loop-carried
value (its step would no longer be the iteration's), a carried value or ``iter_arg`` of a type
that has no constant (a tensor descriptor, say).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    VectorType,
    i1,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue

from wgdist.dialects import gpu
from wgdist.dialects.arith import CmpiOp, SelectOp
from wgdist.dialects.vector import BroadcastOp
from wgdist.passes.schedule.classify import KLoop, Refusal
from wgdist.passes.schedule.sg_sync import NamedBarrier, locate


def _index(v: int) -> arith.ConstantOp:
    return arith.ConstantOp(IntegerAttr(v, IndexType()))


def _filler(t: Attribute, n: int) -> arith.ConstantOp | None:
    """A constant ``n`` of type ``t`` (splat for a vector), or ``None`` for a type without one.
    Its value is never used; each slot gets its own ``n`` so that mlir-opt's CSE cannot merge
    two of them into one value that needs two lane layouts (an A and a B operand of the same
    shape), which LLVM 22's layout propagation rejects ("Failed to update operation with the
    layout.")."""
    elt = t.element_type if isinstance(t, VectorType) else t
    if isinstance(elt, IndexType | IntegerType):
        if isinstance(elt, IntegerType) and elt.width.data < 8:
            n %= 2
        if isinstance(t, VectorType):
            return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(t, [n]))
        return arith.ConstantOp(IntegerAttr(n, elt))
    if isinstance(elt, BFloat16Type | Float16Type | Float32Type | Float64Type):
        if isinstance(t, VectorType):
            return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(t, [float(n)]))
        return arith.ConstantOp(FloatAttr(float(n), elt))
    return None


def _uses(op: Operation) -> list[SSAValue]:
    return [v for inner in op.walk() for v in inner.operands]


def _refusal(kloop: KLoop, memory: list[Operation], carried: Sequence[SSAValue]) -> Refusal | None:
    body = kloop.loop.body.block
    for op in memory:
        for v in _uses(op):
            if isinstance(v, BlockArgument) and v.block is body and v.index > 0:
                return Refusal(op, "pingpong converge=true cannot run the loads a phase apart from the "
                               "dpas: a load reads a loop-carried value")
    for v in [*carried, *body.args[1:]]:
        if _filler(v.type, 0) is None:
            return Refusal(v.owner if isinstance(v.owner, Operation) else kloop.loop,
                           f"pingpong converge=true cannot carry a {v.type} between phases")
    return None


def _slot_mask(test: tuple[SSAValue, SSAValue, SSAValue, SSAValue], parity: int, slot: int,
               t: VectorType) -> tuple[list[Operation], SSAValue]:
    """The phase test ``0 <= j < 2N and j % 2 == parity`` as an ``i1`` vector of ``t``'s shape,
    computed from ``j + 2 * slot`` so that the masks of two slots are different ops that
    mlir-opt's CSE cannot merge: each select takes its mask's lane layout from its own value,
    and one mask shared by an A and a B operand of the same shape fails LLVM 22's lane
    distribution ("incompatible distribution dimensions")."""
    j, inside, two, want = test
    shift = _index(2 * slot)
    moved = arith.AddiOp(j, shift.result)
    rem = arith.RemSIOp(moved.result, two)
    hit = CmpiOp(rem.result, want, "eq")
    cond = arith.AndIOp(inside, hit.result)
    mask = BroadcastOp(cond.result, VectorType(i1, t.get_shape()))
    return [shift, moved, rem, hit, cond, mask], mask.results[0]  # (slot 0: j + 0 folds to j)


def _pick(cond: SSAValue, mask: SSAValue | None, a: SSAValue, b: SSAValue) -> SelectOp:
    """``a`` where the phase test holds, else ``b``: on a vector a select on the ``i1`` vector
    ``mask`` (a select of a vector on a scalar ``i1`` crashes mlir-opt 22's XeVM pipeline), on a
    scalar on ``cond``."""
    return SelectOp(cond if mask is None else mask, a, b)


def _phase_ops(loop: scf.ForOp, consts: tuple[SSAValue, SSAValue, SSAValue], twice: SSAValue, p: SSAValue,
               g: SSAValue) -> tuple[list[Operation], SSAValue, SSAValue, SSAValue]:
    """In the body: ``j = p - g``, ``is_m`` / ``is_c`` (``0 <= j < 2N``, ``j`` even / odd) and the
    step's induction variable ``lb + (j / 2) * step``."""
    zero, one, two = consts
    j = arith.SubiOp(p, g)
    ge = CmpiOp(j.result, zero, "sge")
    lt = CmpiOp(j.result, twice, "slt")
    inside = arith.AndIOp(ge.result, lt.result)
    parity = arith.RemSIOp(j.result, two)
    even = CmpiOp(parity.result, zero, "eq")
    odd = CmpiOp(parity.result, one, "eq")
    is_m = arith.AndIOp(inside.result, even.result)
    is_c = arith.AndIOp(inside.result, odd.result)
    k = arith.DivSIOp(j.result, two)  # j >= 0 where the step is used
    off = arith.MuliOp(k.result, loop.step)
    iv = arith.AddiOp(loop.lb, off.result)
    ops: list[Operation] = [j, ge, lt, inside, parity, even, odd, is_m, is_c, k, off, iv]
    return ops, is_m.result, is_c.result, iv.result


def apply(memory: list[Operation], compute: list[Operation], kloop: KLoop, count: int) -> Refusal | None:
    """Rewrite ``kloop`` (its memory and compute clusters given, in body order)."""
    loop = kloop.loop
    body = loop.body.block
    in_m = set(memory)
    carried = [r for op in memory for r in op.results
               if any(body.find_ancestor_op_in_block(u.operation) not in in_m for u in r.uses)]
    refusal = _refusal(kloop, memory, carried)
    if refusal is not None:
        return refusal
    block = loop.parent_block()
    assert block is not None
    nb = NamedBarrier(loop, count)
    # before the loop: N, the phase count 2N + 1, the group, the carried values' start
    zero, one, two = _index(0), _index(1), _index(2)
    diff = arith.SubiOp(loop.ub, loop.lb)
    pos = arith.MaxSIOp(diff.result, zero.result)
    bump = arith.AddiOp(pos.result, loop.step)  # ceildiv(pos, step) with ops LLVM 22 lowers
    less = arith.SubiOp(bump.result, one.result)
    steps = arith.DivSIOp(less.result, loop.step)
    twice = arith.MuliOp(steps.result, two.result)
    phases = arith.AddiOp(twice.result, one.result)
    sg = gpu.SubgroupIdOp.create(result_types=[IndexType()])
    half = _index(count // 2)
    late = CmpiOp(sg.result, half.result, "uge")
    g = SelectOp(late.result, one.result, zero.result)
    late_ops = [sg, half, late]
    starts = [_filler(v.type, i + 1) for i, v in enumerate(carried)]
    zeros = [_filler(a.type, len(carried) + i + 1) for i, a in enumerate(body.args[1:])]
    pre: list[Operation] = [zero, one, two, diff, pos, bump, less, steps, twice, phases, *late_ops, g, *starts, *zeros]  # type: ignore[list-item]
    block.insert_ops_before(locate(pre, loop), loop)
    old_iters = list(body.args[1:])
    n_old = len(old_iters)
    new_body = Block(arg_types=[IndexType(), *[a.type for a in old_iters], *[v.type for v in carried]])
    p = new_body.args[0]
    iters_new = list(new_body.args[1:1 + n_old])
    carried_new = list(new_body.args[1 + n_old:])
    test_ops, is_m, is_c, iv = _phase_ops(loop, (zero.result, one.result, two.result), twice.result, p, g.result)
    # memory cluster: runs at even j; its results replace the carried values there
    m_map: dict[SSAValue, SSAValue] = {body.args[0]: iv}
    m_ops = [op.clone(m_map) for op in memory]
    m_if = scf.IfOp(is_m, [v.type for v in carried],
                    Region(Block([*m_ops, scf.YieldOp(*[m_map[v] for v in carried])])),
                    Region(Block([scf.YieldOp(*[s.result for s in starts])])))  # type: ignore[union-attr]
    # one mask per vector slot (carried values first, then the old iter_args)
    picks: list[Operation] = []
    j, inside = test_ops[0].results[0], test_ops[3].results[0]

    def mask(slot: int, t: Attribute, parity: int) -> SSAValue | None:
        if not isinstance(t, VectorType):
            return None
        ops, m = _slot_mask((j, inside, two.result, (zero, one)[parity].result), parity, slot, t)
        picks.extend(ops)
        return m

    carried_out: list[SSAValue] = []
    for slot, (new, old) in enumerate(zip(m_if.results, carried_new)):
        picks.append(_pick(is_m, mask(slot, new.type, 0), new, old))
        carried_out.append(picks[-1].results[0])
    # compute cluster: runs at odd j on the values carried from the memory phase before (there
    # carried_out is carried_new) and on the old iter_args, read through a select (is_c: the
    # iter_arg, else the filler) so that no block argument of the loop is read inside the scf.if
    iters_c: list[SSAValue] = []
    c_masks: list[SSAValue | None] = []
    for slot, (arg, z) in enumerate(zip(iters_new, zeros), start=len(carried)):
        c_masks.append(mask(slot, arg.type, 1))
        picks.append(_pick(is_c, c_masks[-1], arg, z.result))  # type: ignore[union-attr]
        iters_c.append(picks[-1].results[0])
    c_map: dict[SSAValue, SSAValue] = {body.args[0]: iv}
    c_map.update(zip(old_iters, iters_c))
    c_map.update(zip(carried, carried_out))
    c_ops = [op.clone(c_map) for op in compute]
    old_yield = body.last_op
    assert isinstance(old_yield, scf.YieldOp)
    c_if = scf.IfOp(is_c, [a.type for a in old_iters],
                    Region(Block([*c_ops, scf.YieldOp(*[c_map.get(v, v) for v in old_yield.operands])])),
                    Region(Block([scf.YieldOp(*[z.result for z in zeros])])))  # type: ignore[union-attr]
    after = [_pick(is_c, m, new, old) for m, new, old in zip(c_masks, c_if.results, iters_new)]
    new_body.add_ops([*test_ops, m_if, *picks, c_if, *after, nb.arrive(), nb.wait(),
                      scf.YieldOp(*[op.result for op in after], *carried_out)])
    new_loop = scf.ForOp(zero.result, phases.result, one.result, [*loop.iter_args, *[s.result for s in starts]],  # type: ignore[union-attr]
                         Region(new_body))
    locate([new_loop], loop)
    block.insert_op_before(new_loop, loop)
    for res, rep in zip(loop.results, new_loop.results):
        res.replace_all_uses_with(rep)
    loop.detach()
    loop.erase()
    return None
