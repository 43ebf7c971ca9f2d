"""Compute ops: the elementwise ops (arith, math, vector.fma) and arith.constant.

* Elementwise (:func:`wgdist.dialects.elementwise.elementwise_ops`, on vectors): tile ``k`` of
  the result is the op on tile ``k`` of every operand; all operands must be split exactly like
  the result (checked with the layout model).
* Constants: a splat becomes one subgroup constant shared by all tiles (never fewer values than
  tiles); a non-splat one becomes, per tile, a constant when every subgroup sees the same values,
  ``base + broadcast(sum(a_d * offset_d))`` when the values are an affine function of the
  index (integer/index element types), and otherwise the tile's distinct blocks as constants,
  the subgroup's picked by ``arith.select`` on its tile index (layouts-spec 1.7: "a non-splat
  constant is sliced per tile")::

      %c0 = arith.constant dense<[0, 1, 4, 2, 2, 4, 1, 0]> : vector<8xindex>   // tile 0
      %c1 = arith.constant dense<[1, 4, 2, 2, 4, 1, 0, 1]> : vector<8xindex>   // tile 1
      %is0 = arith.cmpi eq, %t, %c0_index : index                            // t = x (tile index)
      %v = arith.select %is0, %c0, %c1 : vector<8xindex>                     // ... chained
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import prod
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IndexType, IntegerType, VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.elementwise import elementwise_ops
from wgdist.dialects.vector import BroadcastOp
from wgdist.ir.diagnostics import OpError
from wgdist.layout import layout_text
from wgdist.passes.distribute.dist import Dist, result_dist
from wgdist.passes.distribute.emit import (
    dense_constant,
    element_type,
    emit_like,
    per_tile,
    sg_attrs,
)
from wgdist.passes.distribute.ops.move import Move, emit_move, plan_move
from wgdist.passes.distribute.sg_ids import Index
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


@dataclass(frozen=True)
class ElementwisePlan(OpPlan):
    """``moves[i]``: operand ``i`` is split otherwise than the result and is moved to the
    result's split first (:mod:`.move`: regathered in the subgroup, or through SLM)."""

    moves: dict[int, Move] = field(default_factory=dict)


class Elementwise:
    """Any op of :func:`~wgdist.dialects.elementwise.elementwise_ops` with one vector result.
    An operand split otherwise than the result (its own layout, or another operand's) is moved
    to the result's split first."""

    def check(self, op: Operation, plan: Plan) -> OpPlan:
        if len(op.results) != 1 or not isinstance(op.results[0].type, VectorType):
            raise OpError(op, plan.no_rule(op))  # a scalar op is not a workgroup value
        d = result_dist(op)
        vec_operands = [i for i, o in enumerate(op.operands) if isinstance(o.type, VectorType)]
        if d is None:
            srcs = [plan.dist[op.operands[i]] for i in vec_operands if op.operands[i] in plan.dist]
            assert srcs, "driver only calls handlers for ops with a WG operand or layout"
            d = srcs[0]
        moves: dict[int, Move] = {}
        for i in vec_operands:
            od = plan.operand(op, i)
            if not od.same_distribution(d):
                if od.shape != d.shape:
                    raise OpError(op, f"operand #{i} has shape {list(od.shape)} but the result {list(d.shape)}")
                m = plan_move(op, plan, od, d, element_type(op.operands[i]), f"operand #{i} ({layout_text(od.layout)})")
                assert m is not None
                moves[i] = m
        return ElementwisePlan((d,), moves)

    def rewrite(self, op: Operation, env: Env, planned: ElementwisePlan) -> None:
        d = env.dist[op.results[0]]
        rtype = d.sg_vector_type(element_type(op.results[0]))
        lists = [env.vmap[o] if isinstance(o.type, VectorType) else [o] for o in op.operands]
        for i, m in planned.moves.items():
            o = op.operands[i]
            lists[i] = emit_move(env, op, m, env.dist[o], d, lists[i], element_type(o))
        env.vmap[op.results[0]] = per_tile(d.ntiles, lists, lambda args: emit_like(env, op, args, rtype))


def _values(attr: DenseIntOrFPElementsAttr, shape: tuple[int, ...]) -> np.ndarray:
    vals = attr.get_values()
    if attr.is_splat() and len(vals) == 1:
        return np.full(shape, vals[0])
    return np.array(vals).reshape(shape)


def _affine(values: np.ndarray) -> tuple[int, list[int]] | None:
    """``(v0, a)`` with ``values[i] == v0 + sum(a[d] * i[d])`` exactly, or None."""
    v0 = int(values[(0,) * values.ndim])
    coeffs = []
    for d in range(values.ndim):
        if values.shape[d] == 1:
            coeffs.append(0)
            continue
        step = [0] * values.ndim
        step[d] = 1
        coeffs.append(int(values[tuple(step)]) - v0)
    grid = np.indices(values.shape)
    expect = v0 + sum(c * grid[d] for d, c in enumerate(coeffs))
    return (v0, coeffs) if np.array_equal(expect, values) else None


class Constant:
    def check(self, op: arith.ConstantOp, plan: Plan) -> OpPlan:
        d = result_dist(op)
        assert d is not None
        attr = op.value
        if not isinstance(attr, DenseIntOrFPElementsAttr):
            raise OpError(op, f"cannot distribute the constant {attr}: expected a dense vector constant")
        return OpPlan((d,))

    @staticmethod
    def _plan_tiles(d: Dist, attr: DenseIntOrFPElementsAttr) -> list[np.ndarray | str]:
        """Per tile: the constant block when it is the same for every subgroup, else how the
        subgroup's block is built: ``"affine"`` (integer values affine in the index: base +
        broadcast of the tile offset) or ``"select"`` (any other values: the tile's distinct
        blocks as constants, selected by the subgroup's tile index)."""
        values = _values(attr, d.shape)
        ts = d.tile_shape
        out: list[np.ndarray | str] = []
        affine: bool | None = None
        for k in range(d.ntiles):
            blocks = [values[tuple(slice(o, o + t) for o, t in zip(d.table[s][k], ts))] for s in range(d.num_subgroups)]
            if all(np.array_equal(blocks[0], b) for b in blocks[1:]):
                out.append(blocks[0])
                continue
            if affine is None:
                integer = isinstance(attr.get_element_type(), IntegerType | IndexType)
                affine = integer and _affine(values) is not None
            out.append("affine" if affine else "select")
        return out

    def rewrite(self, op: arith.ConstantOp, env: Env, planned: OpPlan) -> None:
        d = env.dist[op.result]
        attr = op.value
        assert isinstance(attr, DenseIntOrFPElementsAttr)
        vtype = d.sg_vector_type(attr.get_element_type())
        if attr.is_splat():
            v = attr.get_values()[0]
            c = env.emit(dense_constant(vtype.element_type, vtype.get_shape(), [v]))
            _set_layout(c, op)
            env.vmap[op.result] = [c.results[0]] * d.ntiles
            return
        blocks = self._plan_tiles(d, attr)
        ids = env.ids
        offsets = ids.tile_offsets(d, env.tile_base()) if any(isinstance(b, str) for b in blocks) else []
        values = _values(attr, d.shape)
        cache: dict[bytes, SSAValue] = {}

        def const_block(block: np.ndarray) -> SSAValue:
            key = block.tobytes()
            if key not in cache:
                c = env.emit(dense_constant(vtype.element_type, vtype.get_shape(), block.flatten().tolist()))
                _set_layout(c, op)
                cache[key] = c.results[0]
            return cache[key]

        out: list[SSAValue] = []
        for k, block in enumerate(blocks):
            if isinstance(block, np.ndarray):
                out.append(const_block(block))
            elif block == "select":
                out.append(self._select(op, env, d, k, offsets[k], values, vtype))
            else:
                out.append(self._affine_tile(env, d, offsets[k], values, vtype, const_block))
        env.vmap[op.result] = out

    @staticmethod
    def _affine_tile(env: Env, d: Dist, offs: tuple[Index, ...], values: np.ndarray, vtype: VectorType,
                     const_block: Callable[[np.ndarray], SSAValue]) -> SSAValue:
        """``base + broadcast(sum(a_d * offset_d))`` for values affine in the index."""
        ids = env.ids
        aff = _affine(values)
        assert aff is not None
        _, coeffs = aff
        local = values[tuple(slice(0, t) for t in d.tile_shape)]
        shift: Index = 0
        for coef, off in zip(coeffs, offs):
            if coef:
                shift = ids.add(shift, ids.mul(off, coef) if not isinstance(off, int) else off * coef, env.current)
        if isinstance(shift, int):
            return const_block(local + shift)
        base = const_block(local)
        scalar = ids.materialize(shift)
        if not isinstance(vtype.element_type, IndexType):  # i32 etc.: the shift is an index
            scalar = env.emit(arith.IndexCastOp(scalar, vtype.element_type)).results[0]
        bc = env.emit(BroadcastOp(scalar, vtype))
        return env.emit(arith.AddiOp(base, bc.results[0])).results[0]

    @staticmethod
    def _select(op: Operation, env: Env, d: Dist, k: int, offs: tuple[Index, ...], values: np.ndarray,
                vtype: VectorType) -> SSAValue:
        """Tile ``k`` of a constant whose blocks differ between subgroups in no affine way: each
        distinct block is a constant and ``arith.select`` picks the subgroup's by its tile index
        ``t = sum(offset_d / tile_d * W_d)`` (row-major over the tile grid); all of it depends
        only on the subgroup id, so it is built once, at the function entry."""
        ids = env.ids
        ts = d.tile_shape
        grid = [n // t for n, t in zip(d.shape, ts)]
        weights = [prod(grid[i + 1 :]) for i in range(len(grid))]
        starts = sorted({d.table[s][k] for s in range(d.num_subgroups)})
        groups: dict[bytes, list[int]] = {}
        block_of: dict[bytes, np.ndarray] = {}
        for st in starts:
            b = values[tuple(slice(o, o + t) for o, t in zip(st, ts))]
            groups.setdefault(b.tobytes(), []).append(sum(o // t * w for o, t, w in zip(st, ts, weights)))
            block_of[b.tobytes()] = b
        lin: Index = 0
        for o, t, w in zip(offs, ts, weights):
            lin = ids.add(lin, ids.mul(ids.divui(o, t), w), env.current)
        assert isinstance(lin, SSAValue), "a tile whose offsets are constant has one block"
        attrs = sg_attrs(op)
        elt = vtype.element_type

        def constant(b: np.ndarray) -> SSAValue:
            def build() -> Operation:
                c = dense_constant(elt, vtype.get_shape(), b.flatten().tolist())
                c.attributes.update(attrs)
                return c

            return ids.splat(build, ("block", str(vtype), b.tobytes()))

        keys = list(groups)
        v = constant(block_of[keys[-1]])
        for key in reversed(keys[:-1]):
            cond: SSAValue | None = None
            for idx in groups[key]:
                e = ids.eq(lin, idx)
                cond = e if cond is None else ids.or_(cond, e)
            assert cond is not None
            v = _hoisted_select(env, cond, constant(block_of[key]), v)
        return v


def _hoisted_select(env: Env, cond: SSAValue, a: SSAValue, b: SSAValue) -> SSAValue:
    return env.ids.splat(lambda: arith.SelectOp(cond, a, b), ("select", cond, a, b))


def _set_layout(new: Operation, old: Operation) -> None:
    new.attributes.update(sg_attrs(old))


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {
    **dict.fromkeys(elementwise_ops(), Elementwise()),
    arith.ConstantOp: Constant(),
}
