"""Structured control flow: scf.for, scf.while, scf.if and their terminators, 1 to N.

A workgroup iter_arg/result/block argument becomes its list of subgroup tiles, in tile order,
at the same position; other values stay as they are. The region's ops are moved into the new op
(they are the same objects, so the planned rewrites of the body still apply) and the old
block arguments are mapped to the new ones. Structural ops lose their ``layout_result_N``.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import scf
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.passes.distribute.common import Dist, Env, describe, is_wg_attr, make_dist, shape_of
from wgdist.passes.distribute.driver import Plan, register


def _set_targets(plan: Plan, op: Operation, role: str, dists: list[Dist | None]) -> None:
    """Record the split of what ``op``'s terminators in ``role`` yield (plan phase)."""
    plan.extra[(op, role)] = dists


def _attrs(op: Operation) -> dict[str, Attribute]:
    return {k: v for k, v in op.attributes.items() if not k.startswith("layout_result_")}


def _flat(env: Env, values: Sequence[SSAValue]) -> list[SSAValue]:
    out: list[SSAValue] = []
    for v in values:
        out.extend(env.vmap[v] if v in env.dist else [v])
    return out


def _types(env: Env, values: Sequence[SSAValue], dists: Sequence[Dist | None]) -> list[Attribute]:
    out: list[Attribute] = []
    for v, d in zip(values, dists):
        if d is None:
            out.append(v.type)
        else:
            out.extend([sg_type(v.type, d)] * d.ntiles)
    return out


def sg_type(t: Attribute, d: Dist) -> Attribute:
    from wgdist.dialects.xegpu.types import TensorDescType
    from wgdist.passes.distribute.nd_ops import sg_tdesc_type

    if isinstance(t, TensorDescType):
        return sg_tdesc_type(t, d)
    return d.sg_vector_type(t.element_type)  # type: ignore[attr-defined]


def _carried(op: Operation, plan: Plan, inits: Sequence[SSAValue], results: Sequence[SSAValue]) -> list[Dist | None]:
    """Split of each carried value: the init's split, checked against the result's own layout."""
    out: list[Dist | None] = []
    for i, init in enumerate(inits):
        d = plan.maybe(init)
        attr = value_layout(results[i]) if i < len(results) else None
        if is_wg_attr(attr):
            want = make_dist(op, f"result #{i}", shape_of(results[i]), attr)  # type: ignore[arg-type]
            if d is None:
                d = plan.operand(op, list(op.operands).index(init), f"init value #{i}")
            if not d.same_tiles(want):
                raise OpError(op, f"init value #{i} is distributed with {describe(d.layout)} but result #{i} with {describe(want.layout)}")
        out.append(d)
    return out


def _new_block(env: Env, old: Block, dists: Sequence[Dist | None], lead: int = 0) -> Block:
    """A block whose arguments are ``old``'s, flattened; moves ``old``'s ops into it and maps
    the old arguments (``lead`` leading arguments are not carried values)."""
    types: list[Attribute] = [a.type for a in old.args[:lead]]
    types += _types(env, old.args[lead:], dists)
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


class For:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, scf.ForOp)
        dists = _carried(op, plan, op.iter_args, op.res)
        _set_targets(plan, op, "body", dists)
        body = op.body.block
        for arg, d in zip(body.args[1:], dists):
            if d is not None:
                plan.record(op, arg, d)
        plan.check_block(body)
        return dists

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, scf.ForOp)
        dists = [env.dist.get(a) for a in op.body.block.args[1:]]
        block = _new_block(env, op.body.block, dists, lead=1)
        new = scf.ForOp(op.lb, op.ub, op.step, _flat(env, op.iter_args), block)
        new.attributes.update(_attrs(op))
        env.emit(new)
        _map_results(env, op.res, new.res, dists)


class If:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, scf.IfOp)
        dists: list[Dist | None] = []
        for i, r in enumerate(op.output):
            attr = value_layout(r)
            dists.append(make_dist(op, f"result #{i}", shape_of(r), attr) if is_wg_attr(attr) else None)  # type: ignore[arg-type]
        _set_targets(plan, op, "body", dists)
        for region in op.regions:
            plan.check_region(region)
        return dists

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, scf.IfOp)
        dists = [env.dist.get(r) for r in op.output]
        regions = [op.detach_region(r) for r in list(op.regions)]
        new = scf.IfOp(op.cond, _types(env, op.output, dists), regions[0], regions[1] if len(regions) > 1 else Region())
        new.attributes.update(_attrs(op))
        env.emit(new)
        _map_results(env, op.output, new.output, dists)


class While:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, scf.WhileOp)
        before = _carried(op, plan, op.arguments, [])
        _set_targets(plan, op, "before", before)
        for arg, d in zip(op.before_region.block.args, before):
            if d is not None:
                plan.record(op, arg, d)
        cond = op.before_region.block.last_op
        assert isinstance(cond, scf.ConditionOp)
        after: list[Dist | None] = [None] * len(cond.args)
        _set_targets(plan, op, "after", after)
        plan.check_block(op.before_region.block)
        for i, (v, r) in enumerate(zip(cond.args, op.res)):
            d = plan.maybe(v)
            attr = value_layout(r)
            if is_wg_attr(attr):
                want = make_dist(op, f"result #{i}", shape_of(r), attr)  # type: ignore[arg-type]
                if d is None or not d.same_tiles(want):
                    raise OpError(op, f"result #{i} has {describe(want.layout)} but scf.condition passes a value split as {describe(d.layout) if d else 'nothing (no layout)'}")
            after[i] = d
        for arg, d in zip(op.after_region.block.args, after):
            if d is not None:
                plan.record(op, arg, d)
        plan.check_block(op.after_region.block)
        return after

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, scf.WhileOp)
        before = [env.dist.get(a) for a in op.before_region.block.args]
        after = [env.dist.get(a) for a in op.after_region.block.args]
        b = _new_block(env, op.before_region.block, before)
        a = _new_block(env, op.after_region.block, after)
        new = scf.WhileOp(_flat(env, op.arguments), _types(env, op.res, after), [b], [a])
        new.attributes.update(_attrs(op))
        env.emit(new)
        _map_results(env, op.res, new.res, after)


def _targets(op: Operation, plan: Plan) -> list[Dist | None]:
    parent = op.parent_op()
    assert parent is not None
    if isinstance(parent, scf.WhileOp):
        role = "after" if isinstance(op, scf.ConditionOp) else "before"
    else:
        role = "body"
    found = plan.extra.get((parent, role))
    if found is None:
        raise OpError(op, f"yields a distributed workgroup value, but the enclosing '{parent.name}' has no distribution rule")
    assert isinstance(found, list)
    return found


class Terminator:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        lead = 1 if isinstance(op, scf.ConditionOp) else 0
        if isinstance(op, scf.ConditionOp):
            return []  # the enclosing scf.while derives its results from the condition
        targets = _targets(op, plan)
        for i, want in enumerate(targets):
            v = op.operands[lead + i]
            d = plan.maybe(v)
            if want is None and d is not None:
                raise OpError(op, f"operand #{lead + i} is a distributed workgroup value but the matching result has no workgroup layout")
            if want is not None:
                got = plan.operand(op, lead + i)
                if not got.same_tiles(want):
                    raise OpError(op, f"operand #{lead + i} is distributed with {describe(got.layout)} but the carried value with {describe(want.layout)} (insert an xegpu.convert_layout)")
        return []

    def rewrite(self, op: Operation, env: Env) -> None:
        if isinstance(op, scf.ConditionOp):
            env.emit(scf.ConditionOp(op.condition, *_flat(env, op.args)))
        else:
            env.emit(scf.YieldOp(*_flat(env, op.operands)))


def register_all() -> None:
    register(["scf.for"], For())
    register(["scf.if"], If())
    register(["scf.while"], While())
    register(["scf.yield", "scf.condition"], Terminator())
