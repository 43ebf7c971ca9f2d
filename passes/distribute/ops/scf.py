"""Structured control flow: scf.for, scf.while, scf.if and their terminators, 1 to N.

A workgroup iter_arg/result/block argument becomes its list of subgroup tiles, in tile order,
at the same position; other values stay as they are. The region's ops are moved into the new op
(they are the same objects, so the planned rewrites of the body still apply) and the old
block arguments are mapped to the new ones. Structural ops lose their ``layout_result_N``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import scf
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.ir.diagnostics import OpError
from wgdist.layout import layout_text
from wgdist.passes.distribute.dist import Dist, is_wg_attr, make_dist, shape_of
from wgdist.passes.distribute.emit import sg_type
from wgdist.passes.distribute.ops.move import Move, emit_move, plan_move
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


def _attrs(op: Operation) -> dict[str, Attribute]:
    return {k: v for k, v in op.attributes.items() if not k.startswith("layout_result_")}


def _flat(env: Env, values: Sequence[SSAValue]) -> list[SSAValue]:
    out: list[SSAValue] = []
    for v in values:
        out.extend(env.vmap[v] if v in env.dist else [v])
    return out


def _types(values: Sequence[SSAValue], dists: Sequence[Dist | None]) -> list[Attribute]:
    out: list[Attribute] = []
    for v, d in zip(values, dists):
        if d is None:
            out.append(v.type)
        else:
            out.extend([sg_type(v.type, d)] * d.ntiles)
    return out


def _carried(op: Operation, plan: Plan, inits: Sequence[SSAValue], results: Sequence[SSAValue]) -> list[Dist | None]:
    """Split of each carried value: the init's split, checked against the result's own layout."""
    out: list[Dist | None] = []
    for i, init in enumerate(inits):
        d = plan.maybe(init)
        attr = value_layout(results[i]) if i < len(results) else None
        if is_wg_attr(attr):
            want = make_dist(op, f"result #{i}", shape_of(results[i]), attr)
            if d is None:
                d = plan.operand(op, list(op.operands).index(init), f"init value #{i}")
            if not d.same_distribution(want):
                raise OpError(op, f"init value #{i} is distributed with {layout_text(d.layout)} but result #{i} with {layout_text(want.layout)}")
        out.append(d)
    return out


def _new_block(env: Env, old: Block, dists: Sequence[Dist | None], lead: int = 0) -> Block:
    """A block whose arguments are ``old``'s, flattened; moves ``old``'s ops into it and maps
    the old arguments (``lead`` leading arguments are not carried values)."""
    types: list[Attribute] = [a.type for a in old.args[:lead]]
    types += _types(old.args[lead:], dists)
    new = Block(arg_types=types)
    for op in list(old.ops):
        op.detach()
        new.add_op(op)
    pos = 0
    for i, arg in enumerate(old.args):
        d = dists[i - lead] if i >= lead else None
        if d is None:
            arg.replace_all_uses_with(new.args[pos])
            pos += 1
        else:
            env.vmap[arg] = list(new.args[pos : pos + d.ntiles])
            pos += d.ntiles
    return new


def _map_results(env: Env, old: Sequence[SSAValue], new: Sequence[SSAValue], dists: Sequence[Dist | None]) -> None:
    pos = 0
    for v, d in zip(old, dists):
        if d is None:
            v.replace_all_uses_with(new[pos])
            pos += 1
        else:
            env.vmap[v] = list(new[pos : pos + d.ntiles])
            pos += d.ntiles


def _record_args(plan: Plan, op: Operation, args: Sequence[SSAValue], dists: Sequence[Dist | None]) -> None:
    for arg, d in zip(args, dists):
        if d is not None:
            plan.record(op, arg, d)


class For:
    def check(self, op: scf.ForOp, plan: Plan) -> OpPlan:
        dists = _carried(op, plan, op.iter_args, op.res)
        body = op.body.block
        plan.carried[body] = dists
        _record_args(plan, op, body.args[1:], dists)
        plan.check_block(body)
        return OpPlan(tuple(dists))

    def rewrite(self, op: scf.ForOp, env: Env, planned: OpPlan) -> None:
        dists = planned.results
        block = _new_block(env, op.body.block, dists, lead=1)
        new = scf.ForOp(op.lb, op.ub, op.step, _flat(env, op.iter_args), block)
        new.attributes.update(_attrs(op))
        env.emit(new)
        _map_results(env, op.res, new.res, dists)


class If:
    def check(self, op: scf.IfOp, plan: Plan) -> OpPlan:
        dists: list[Dist | None] = []
        for i, r in enumerate(op.output):
            attr = value_layout(r)
            dists.append(make_dist(op, f"result #{i}", shape_of(r), attr) if is_wg_attr(attr) else None)
        for region in op.regions:
            for block in region.blocks:
                plan.carried[block] = dists
        for region in op.regions:
            plan.check_region(region)
        return OpPlan(tuple(dists))

    def rewrite(self, op: scf.IfOp, env: Env, planned: OpPlan) -> None:
        dists = planned.results
        regions = [op.detach_region(r) for r in list(op.regions)]
        new = scf.IfOp(op.cond, _types(op.output, dists), regions[0], regions[1] if len(regions) > 1 else Region())
        new.attributes.update(_attrs(op))
        env.emit(new)
        _map_results(env, op.output, new.output, dists)


@dataclass(frozen=True)
class WhilePlan(OpPlan):
    """``before``: the split of the before region's arguments (the results and the after
    region's arguments are split as ``results``)."""

    before: tuple[Dist | None, ...] = ()


class While:
    def check(self, op: scf.WhileOp, plan: Plan) -> WhilePlan:
        before = _carried(op, plan, op.arguments, [])
        plan.carried[op.after_region.block] = before
        _record_args(plan, op, op.before_region.block.args, before)
        cond = op.before_region.block.last_op
        assert isinstance(cond, scf.ConditionOp)
        plan.check_block(op.before_region.block)
        after: list[Dist | None] = [None] * len(cond.args)
        for i, (v, r) in enumerate(zip(cond.args, op.res)):
            d = plan.maybe(v)
            attr = value_layout(r)
            if is_wg_attr(attr):
                want = make_dist(op, f"result #{i}", shape_of(r), attr)
                if d is None or not d.same_distribution(want):
                    raise OpError(op, f"result #{i} has {layout_text(want.layout)} but scf.condition passes a value split as {layout_text(d.layout) if d else 'nothing (no layout)'}")
            after[i] = d
        _record_args(plan, op, op.after_region.block.args, after)
        plan.check_block(op.after_region.block)
        return WhilePlan(tuple(after), tuple(before))

    def rewrite(self, op: scf.WhileOp, env: Env, planned: WhilePlan) -> None:
        after = planned.results
        b = _new_block(env, op.before_region.block, planned.before)
        a = _new_block(env, op.after_region.block, after)
        new = scf.WhileOp(_flat(env, op.arguments), _types(op.res, after), [b], [a])
        new.attributes.update(_attrs(op))
        env.emit(new)
        _map_results(env, op.res, new.res, after)


class Yield:
    """``scf.yield`` of an op that carries workgroup values: each operand split like the value
    it becomes (:attr:`Plan.carried` of its block); an operand split otherwise is moved to that
    split first (:mod:`.move`)."""

    def check(self, op: scf.YieldOp, plan: Plan) -> OpPlan:
        parent = op.parent_op()
        block = op.parent_block()
        targets = plan.carried.get(block) if block is not None else None
        if targets is None:
            assert parent is not None
            raise OpError(op, f"yields a distributed workgroup value, but the enclosing '{parent.name}' has no distribution rule")
        moves: dict[int, tuple[Move, Dist]] = {}
        for i, want in enumerate(targets):
            d = plan.maybe(op.operands[i])
            if want is None and d is not None:
                raise OpError(op, f"operand #{i} is a distributed workgroup value but the matching result has no workgroup layout")
            if want is not None:
                got = plan.operand(op, i)
                if not got.same_distribution(want):
                    v = op.operands[i]
                    if not isinstance(v.type, VectorType):
                        raise OpError(op, f"operand #{i} is distributed with {layout_text(got.layout)} but the carried value with {layout_text(want.layout)}")
                    m = plan_move(op, plan, got, want, v.type.element_type, f"operand #{i}")
                    assert m is not None
                    moves[i] = (m, want)
        return YieldPlan((), moves)

    def rewrite(self, op: scf.YieldOp, env: Env, planned: YieldPlan) -> None:
        out: list[SSAValue] = []
        for i, v in enumerate(op.operands):
            if i in planned.moves:
                m, want = planned.moves[i]
                assert isinstance(v.type, VectorType)
                out.extend(emit_move(env, op, m, env.dist[v], want, env.vmap[v], v.type.element_type))
            else:
                out.extend(env.vmap[v] if v in env.dist else [v])
        env.emit(scf.YieldOp(*out))


@dataclass(frozen=True)
class YieldPlan(OpPlan):
    """``moves[i]``: operand ``i`` is split otherwise than the value it becomes; how it is moved
    there (:mod:`.move`: regathered in the subgroup, or through SLM) and that split."""

    moves: dict[int, tuple[Move, Dist]] = field(default_factory=dict)


class Condition:
    """``scf.condition``: its values are split as they are (the enclosing scf.while derives its
    results and after-region arguments from them)."""

    def check(self, op: scf.ConditionOp, plan: Plan) -> OpPlan:
        return OpPlan()

    def rewrite(self, op: scf.ConditionOp, env: Env, planned: OpPlan) -> None:
        env.emit(scf.ConditionOp(op.condition, *_flat(env, op.args)))


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {
    scf.ForOp: For(),
    scf.IfOp: If(),
    scf.WhileOp: While(),
    scf.YieldOp: Yield(),
    scf.ConditionOp: Condition(),
}
