"""``vector.interleave`` / ``vector.deinterleave``: one subgroup op per tile where each
subgroup keeps its data, else the operand moves first.

The wide side (the interleave result, the deinterleave source) and the narrow side (both
interleave operands, both deinterleave results) correspond tile for tile when the wide trailing
tile is twice the narrow one under the same subgroup grid
(:func:`wgdist.layout.rules_interleave.keeps_data`). ``check`` takes the results' layouts (or,
without one, the split the operands imply), derives the split the operands need from them
(:mod:`wgdist.layout.rules_interleave`) and, where an operand is split otherwise, plans a move
to that split (a regather inside the subgroup, else an SLM exchange: :mod:`.move`)::

    %i = vector.interleave %a, %b {layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 32]>}
        : vector<16x32xf32> -> vector<16x64xf32>        // %a, %b: [2, 2]/[8, 16]
    // becomes, per tile
    %i0 = vector.interleave %a0, %b0 : vector<8x16xf32> -> vector<8x32xf32>

    %e, %o = vector.deinterleave %i : vector<16x64xf32> -> vector<16x32xf32>
    // becomes, per tile
    %e0, %o0 = vector.deinterleave %i0 : vector<8x32xf32> -> vector<8x16xf32>

A result layout whose trailing tile cannot be halved (odd ``sg_data``, split among subgroups)
has no operand split that keeps data, and deinterleave results under two different layouts
are not planned: both are refused naming the layouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.vector import DeinterleaveOp, InterleaveOp
from wgdist.ir.diagnostics import OpError
from wgdist.layout import RuleError, layout_text
from wgdist.layout.rules_interleave import (
    interleave_operand_layout,
    interleave_result_layout,
    keeps_data,
)
from wgdist.passes.distribute.dist import Dist, check_same_subgroups, result_dist, shape_of
from wgdist.passes.distribute.emit import sg_attrs
from wgdist.passes.distribute.ops.move import Move, emit_move, plan_move
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


@dataclass(frozen=True)
class MovesPlan(OpPlan):
    """``moves[i]``: how operand ``i`` reaches ``needs[i]``, the split the op reads it with
    (None: it is already split so)."""

    needs: tuple[Dist, ...] = ()
    moves: tuple[Move | None, ...] = ()


def _elt(v: SSAValue) -> Attribute:
    t = v.type
    assert isinstance(t, VectorType)
    return t.element_type


def _derived(op: Operation, f: Any, layout: Any, shape: tuple[int, ...], to_shape: tuple[int, ...]) -> Dist:
    try:
        return Dist(to_shape, f(layout, shape, op.name))
    except RuleError as e:
        raise OpError(op, str(e).removeprefix(f"{op.name}: ")) from None


def _moves(op: Operation, plan: Plan, operands: list[tuple[int, Dist]], need: Dist) -> tuple[Move | None, ...]:
    out: list[Move | None] = []
    for i, have in operands:
        if have.packed:
            raise OpError(op, f"operand #{i} is a packed load_nd result, which {op.name} does not take")
        check_same_subgroups(op, have, need, f"operand #{i}")
        out.append(plan_move(op, plan, have, need, _elt(op.operands[i]), f"operand #{i}"))
    return tuple(out)


def _operand_tiles(env: Env, op: Operation, planned: MovesPlan, i: int) -> list[SSAValue]:
    tiles = env.vmap[op.operands[i]]
    move = planned.moves[i]
    if move is None:
        return tiles
    have = env.dist[op.operands[i]]
    return emit_move(env, op, move, have, planned.needs[i], tiles, _elt(op.operands[i]))


class Interleave:
    def check(self, op: InterleaveOp, plan: Plan) -> MovesPlan:
        a, b = plan.operand(op, 0, "lhs"), plan.operand(op, 1, "rhs")
        if not a.shape:
            raise OpError(op, "an interleave of 0-D distributed values is not distributed")
        d = result_dist(op)
        if d is None:
            d = _derived(op, interleave_result_layout, a.layout, a.shape, shape_of(op.result))
        need = _derived(op, interleave_operand_layout, d.layout, d.shape, a.shape)
        if not keeps_data(a.shape, need.layout, d.layout):
            raise OpError(
                op,
                f"the result is split with {layout_text(d.layout)}, and the operands' split "
                f"{layout_text(need.layout)} does not give each subgroup the data it interleaves",
            )
        return MovesPlan((d,), (need, need), _moves(op, plan, [(0, a), (1, b)], need))

    def rewrite(self, op: InterleaveOp, env: Env, planned: MovesPlan) -> None:
        d = env.dist[op.result]
        lhs = _operand_tiles(env, op, planned, 0)
        rhs = lhs if op.rhs is op.lhs else _operand_tiles(env, op, planned, 1)
        rtype = VectorType(_elt(op.result), d.tile_shape)
        out: list[SSAValue] = []
        for x, y in zip(lhs, rhs):
            new = InterleaveOp(x, y, rtype)
            new.attributes.update(sg_attrs(op))
            out.append(env.emit(new).result)
        env.vmap[op.result] = out


class Deinterleave:
    def check(self, op: DeinterleaveOp, plan: Plan) -> MovesPlan:
        s = plan.operand(op, 0, "the source")
        rshape = shape_of(op.res1)
        d0, d1 = result_dist(op, 0), result_dist(op, 1)
        if d0 is None and d1 is None:
            d0 = _derived(op, interleave_operand_layout, s.layout, s.shape, rshape)
        d = d0 if d0 is not None else d1
        assert d is not None
        if d0 is not None and d1 is not None and not d0.same_distribution(d1):
            raise OpError(
                op,
                f"the two results are split differently ({layout_text(d0.layout)} and {layout_text(d1.layout)}): "
                "give both one layout (a convert_layout after the op moves one of them)",
            )
        need = _derived(op, interleave_result_layout, d.layout, rshape, s.shape)
        if not keeps_data(rshape, d.layout, need.layout):
            raise OpError(
                op,
                f"the results are split with {layout_text(d.layout)}, and the source split "
                f"{layout_text(need.layout)} does not give each subgroup the data it deinterleaves",
            )
        return MovesPlan((d, d), (need,), _moves(op, plan, [(0, s)], need))

    def rewrite(self, op: DeinterleaveOp, env: Env, planned: MovesPlan) -> None:
        d = env.dist[op.res1]
        rtype = VectorType(_elt(op.res1), d.tile_shape)
        evens: list[SSAValue] = []
        odds: list[SSAValue] = []
        for tile in _operand_tiles(env, op, planned, 0):
            new = DeinterleaveOp(tile, rtype)
            new.attributes.update(sg_attrs(op))
            env.emit(new)
            evens.append(new.res1)
            odds.append(new.res2)
        env.vmap[op.res1] = evens
        env.vmap[op.res2] = odds


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {InterleaveOp: Interleave(), DeinterleaveOp: Deinterleave()}
