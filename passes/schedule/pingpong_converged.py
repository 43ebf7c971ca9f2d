"""``strategy=pingpong converge=true``: the two-group phase shift with every barrier reached by all
subgroups as the same dynamic instance.

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

Refused (besides what :mod:`.pingpong` refuses): a memory cluster that reads a loop-carried
value (its step would no longer be the iteration's), a carried value of a type that has no zero
constant to start from.
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
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue

from wgdist.dialects import gpu
from wgdist.dialects.arith import CmpiOp, SelectOp
from wgdist.passes.schedule.classify import KLoop, Refusal
from wgdist.passes.schedule.sg_sync import NamedBarrier, locate


def _index(v: int) -> arith.ConstantOp:
    return arith.ConstantOp(IntegerAttr(v, IndexType()))


def _zero(t: Attribute) -> arith.ConstantOp | None:
    if isinstance(t, IndexType | IntegerType):
        return arith.ConstantOp(IntegerAttr(0, t))
    if isinstance(t, VectorType):
        elt = t.element_type
        if isinstance(elt, IntegerType | IndexType):
            return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(t, [0]))
        return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(t, [0.0]))
    if isinstance(t, BFloat16Type | Float16Type | Float32Type | Float64Type):
        return arith.ConstantOp(FloatAttr(0.0, t))
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
    for v in carried:
        if _zero(v.type) is None:
            return Refusal(v.owner if isinstance(v.owner, Operation) else kloop.loop,
                           f"pingpong converge=true cannot carry a {v.type} between phases")
    return None


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
    starts = [_zero(v.type) for v in carried]
    pre: list[Operation] = [zero, one, two, diff, pos, bump, less, steps, twice, phases, *late_ops, g, *starts]  # type: ignore[list-item]
    block.insert_ops_before(locate(pre, loop), loop)
    old_iters = list(body.args[1:])
    n_old = len(old_iters)
    new_body = Block(arg_types=[IndexType(), *[a.type for a in old_iters], *[v.type for v in carried]])
    p = new_body.args[0]
    iters_new = list(new_body.args[1:1 + n_old])
    carried_new = list(new_body.args[1 + n_old:])
    test_ops, is_m, is_c, iv = _phase_ops(loop, (zero.result, one.result, two.result), twice.result, p, g.result)
    # memory cluster: runs at even j, yields the carried values
    m_map: dict[SSAValue, SSAValue] = {body.args[0]: iv}
    m_ops = [op.clone(m_map) for op in memory]
    m_if = scf.IfOp(is_m, [v.type for v in carried],
                    Region(Block([*m_ops, scf.YieldOp(*[m_map[v] for v in carried])])),
                    Region(Block([scf.YieldOp(*carried_new)])))
    # compute cluster: runs at odd j on the values carried from the memory phase before
    c_map: dict[SSAValue, SSAValue] = {body.args[0]: iv}
    c_map.update(zip(old_iters, iters_new))
    c_map.update(zip(carried, carried_new))
    c_ops = [op.clone(c_map) for op in compute]
    old_yield = body.last_op
    assert isinstance(old_yield, scf.YieldOp)
    c_if = scf.IfOp(is_c, [a.type for a in old_iters],
                    Region(Block([*c_ops, scf.YieldOp(*[c_map.get(v, v) for v in old_yield.operands])])),
                    Region(Block([scf.YieldOp(*iters_new)])))
    new_body.add_ops([*test_ops, m_if, c_if, nb.arrive(), nb.wait(),
                      scf.YieldOp(*c_if.results, *m_if.results)])
    new_loop = scf.ForOp(zero.result, phases.result, one.result, [*loop.iter_args, *[s.result for s in starts]],  # type: ignore[union-attr]
                         Region(new_body))
    locate([new_loop], loop)
    block.insert_op_before(new_loop, loop)
    for old, new in zip(loop.results, new_loop.results):
        old.replace_all_uses_with(new)
    loop.detach()
    loop.erase()
    return None
