"""scf ops: ``scf.for``, ``scf.if``, ``scf.while``, ``scf.execute_region``,
``scf.index_switch``; ``scf.yield`` and ``scf.condition`` end their regions.

Each region op has a plain variant and, when its regions may wait at a barrier, a generator
variant; both share the same structure.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from xdsl.dialects.scf import (
    ConditionOp,
    ExecuteRegionOp,
    ForOp,
    IfOp,
    IndexSwitchOp,
    WhileOp,
    YieldOp,
)
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.gpu import SubgroupIdOp
from wgdist.dialects.xegpu.attrs import sg_id_range
from wgdist.interp.core import (
    BlockCode,
    Compiled,
    Frame,
    FuncCompiler,
    GenStep,
    OpClasses,
    StepTable,
    Thread,
    Wait,
    run_block,
    run_plain,
)
from wgdist.interp.values import InterpError

# A loop whose thread executed more ops than this is reported instead of hanging.
OP_LIMIT = 200_000_000


def _check_limit(op: Operation, v: Frame) -> None:
    if v[0].ops > OP_LIMIT:
        raise InterpError(op, f"executed more than {OP_LIMIT} ops: the loop does not terminate?")


def _set(v: Frame, slots: list[int], vals: list[Any]) -> None:
    for s, x in zip(slots, vals):
        v[s] = x


def _for(c: FuncCompiler, op: ForOp) -> Compiled:
    body = c.region_block(op, op.regions[0])
    lb, ub, st, *inits = c.ins(op)
    iv, *carried = body.arg_slots
    outs = c.outs(op)
    yields = body.term_slots

    def bounds(v: Frame) -> tuple[int, int, int]:
        s = v[st]
        if s <= 0:
            raise InterpError(op, f"step must be positive, got {s}")
        return v[lb], v[ub], s

    if not body.blocking:

        def step(v: Frame) -> None:
            i, u, s = bounds(v)
            vals = [v[x] for x in inits]
            while i < u:
                v[iv] = i
                _set(v, carried, vals)
                run_plain(body, v)
                vals = [v[y] for y in yields]
                i += s
            _check_limit(op, v)
            _set(v, outs, vals)

        return step

    def gen(v: Frame) -> Generator[Wait, None, None]:
        i, u, s = bounds(v)
        vals = [v[x] for x in inits]
        while i < u:
            v[iv] = i
            _set(v, carried, vals)
            yield from run_block(body, v)
            vals = [v[y] for y in yields]
            i += s
        _set(v, outs, vals)

    return GenStep(gen)


def _optional_block(c: FuncCompiler, op: Operation, idx: int) -> BlockCode | None:
    region = op.regions[idx]
    if not region.blocks:
        return None
    return c.region_block(op, region)


def sg_id_range_size(op: Operation) -> int | None:
    """``end - start`` of the ``sg_id_range`` of an ``scf.if``, or ``None`` without one."""
    rng = sg_id_range(op)
    return None if rng is None else rng[1] - rng[0]


def reads_subgroup_id(value: SSAValue) -> bool:
    """Whether ``value`` is computed from ``gpu.subgroup_id`` through ``arith``/``index`` ops."""
    todo, seen = [value], set()
    while todo:
        owner = todo.pop().owner
        if not isinstance(owner, Operation) or owner in seen:
            continue
        seen.add(owner)
        if isinstance(owner, SubgroupIdOp):
            return True
        if type(owner).dialect_name() in ("arith", "index"):
            todo.extend(owner.operands)
    return False


def _if(c: FuncCompiler, op: IfOp) -> Compiled:
    """``scf.if``. With ``sg_id_range`` and a condition computed from ``gpu.subgroup_id``, in
    workgroup mode the then-region runs whatever the condition (the subgroups' ids decide it:
    the workgroup program runs the region for them), as a workgroup of the range's size
    (``gpu.num_subgroups`` reads it there); see :mod:`wgdist.interp.gpu`. A condition that
    does not read the id decides as usual."""
    (cond,) = c.ins(op)
    then = c.region_block(op, op.regions[0])
    other = _optional_block(c, op, 1)
    outs = c.outs(op)
    size = sg_id_range_size(op)
    by_id = size is not None and reads_subgroup_id(op.cond)

    def pick(v: Frame) -> BlockCode | None:
        if by_id and v[0].sg is None:
            return then
        return then if v[cond] else other

    def enter(v: Frame, b: BlockCode) -> int | None:
        th: Thread = v[0]
        saved = th.num_subgroups
        if size is not None and th.sg is None and b is then:
            th.num_subgroups = size
        return saved

    if not then.blocking and not (other and other.blocking):

        def step(v: Frame) -> None:
            b = pick(v)
            if b is not None:
                saved = enter(v, b)
                try:
                    run_plain(b, v)
                finally:
                    v[0].num_subgroups = saved
                _set(v, outs, [v[y] for y in b.term_slots])

        return step

    def gen(v: Frame) -> Generator[Wait, None, None]:
        b = pick(v)
        if b is not None:
            saved = enter(v, b)
            try:
                yield from run_block(b, v)
            finally:
                v[0].num_subgroups = saved
            _set(v, outs, [v[y] for y in b.term_slots])

    return GenStep(gen)


def _while(c: FuncCompiler, op: WhileOp) -> Compiled:
    inits = c.ins(op)
    before = c.region_block(op, op.regions[0])
    after = c.region_block(op, op.regions[1])
    outs = c.outs(op)
    cond, *fwd = before.term_slots

    if not before.blocking and not after.blocking:

        def step(v: Frame) -> None:
            vals = [v[x] for x in inits]
            while True:
                _set(v, before.arg_slots, vals)
                run_plain(before, v)
                vals = [v[x] for x in fwd]
                if not v[cond]:
                    break
                _set(v, after.arg_slots, vals)
                run_plain(after, v)
                vals = [v[y] for y in after.term_slots]
                _check_limit(op, v)
            _set(v, outs, vals)

        return step

    def gen(v: Frame) -> Generator[Wait, None, None]:
        vals = [v[x] for x in inits]
        while True:
            _set(v, before.arg_slots, vals)
            yield from run_block(before, v)
            vals = [v[x] for x in fwd]
            if not v[cond]:
                break
            _set(v, after.arg_slots, vals)
            yield from run_block(after, v)
            vals = [v[y] for y in after.term_slots]
            _check_limit(op, v)
        _set(v, outs, vals)

    return GenStep(gen)


def _execute_region(c: FuncCompiler, op: ExecuteRegionOp) -> Compiled:
    body = c.region_block(op, op.regions[0])
    outs = c.outs(op)

    def gen(v: Frame) -> Generator[Wait, None, None]:
        yield from run_block(body, v)
        _set(v, outs, [v[y] for y in body.term_slots])

    if body.blocking:
        return GenStep(gen)

    def step(v: Frame) -> None:
        run_plain(body, v)
        _set(v, outs, [v[y] for y in body.term_slots])

    return step


def _index_switch(c: FuncCompiler, op: IndexSwitchOp) -> Compiled:
    (arg,) = c.ins(op)
    cases = list(op.cases.get_values())
    default = c.region_block(op, op.regions[0])
    blocks = {k: c.region_block(op, r) for k, r in zip(cases, op.regions[1:])}
    outs = c.outs(op)
    blocking = default.blocking or any(b.blocking for b in blocks.values())

    def gen(v: Frame) -> Generator[Wait, None, None]:
        b = blocks.get(v[arg], default)
        yield from run_block(b, v)
        _set(v, outs, [v[y] for y in b.term_slots])

    if blocking:
        return GenStep(gen)

    def step(v: Frame) -> None:
        b = blocks.get(v[arg], default)
        run_plain(b, v)
        _set(v, outs, [v[y] for y in b.term_slots])

    return step


STEPS: StepTable = {
    ForOp: _for,
    IfOp: _if,
    WhileOp: _while,
    ExecuteRegionOp: _execute_region,
    IndexSwitchOp: _index_switch,
}
TERMINATORS: OpClasses = frozenset({YieldOp, ConditionOp})
