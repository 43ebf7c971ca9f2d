"""Compute ops: elementwise arith/math, arith.constant, xegpu.dpas.

* Elementwise: tile ``k`` of the result is the op on tile ``k`` of every operand; all operands
  must be split exactly like the result (checked with the layout model).
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
* dpas: ``C[i, j] = acc[i, j] + sum_k A[i, k] * B[k, j]`` over the subgroup's own tiles, chained
  through the accumulator; the model must show that every subgroup holds all of K for its rows
  and columns, and that A's rows / B's columns line up with C's.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from math import prod

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IndexType, IntegerType, VectorType
from xdsl.dialects.vector import BroadcastOp
from xdsl.ir import Operation, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.xegpu.layout_access import drop_sg_fields
from wgdist.dialects.xegpu.ops_compute import DpasOp
from wgdist.passes.distribute.common import (
    Dist,
    Env,
    dense_constant,
    describe,
    is_wg_attr,
    make_dist,
    per_tile,
    result_dist,
    sg_attrs,
)
from wgdist.passes.distribute.driver import Plan, register, register_elementwise
from wgdist.passes.distribute.sg_ids import Index


class Elementwise:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        d = result_dist(op)
        vec_operands = [i for i, o in enumerate(op.operands) if isinstance(o.type, VectorType)]
        if d is None:
            srcs = [plan.dist[op.operands[i]] for i in vec_operands if op.operands[i] in plan.dist]
            assert srcs, "driver only calls handlers for ops with a WG operand or layout"
            d = srcs[0]
        for i in vec_operands:
            od = plan.operand(op, i)
            if not od.same_tiles(d):
                raise OpError(
                    op,
                    f"operand #{i} is distributed with {describe(od.layout)} but the result with "
                    f"{describe(d.layout)}; elementwise ops need identical splits (insert an "
                    "xegpu.convert_layout)",
                )
        return [d]

    def rewrite(self, op: Operation, env: Env) -> None:
        d = env.dist[op.results[0]]
        rtype = d.sg_vector_type(op.results[0].type.element_type)  # type: ignore[attr-defined]
        lists = [env.vmap[o] if isinstance(o.type, VectorType) else [o] for o in op.operands]

        def build(args: list[SSAValue]) -> SSAValue:
            new = type(op).create(
                operands=args, result_types=[rtype], properties=dict(op.properties), attributes=sg_attrs(op)
            )
            return env.emit(new).results[0]

        env.vmap[op.results[0]] = per_tile(d.ntiles, lists, build)


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
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, arith.ConstantOp)
        d = result_dist(op)
        assert d is not None
        attr = op.value
        if not isinstance(attr, DenseIntOrFPElementsAttr):
            raise OpError(op, f"cannot distribute the constant {attr}: expected a dense vector constant")
        return [d]

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

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, arith.ConstantOp)
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


class Dpas:
    def check(self, op: Operation, plan: Plan) -> list[Dist | None]:
        assert isinstance(op, DpasOp)
        if not is_wg_attr(op.layout_cd):
            raise OpError(op, "a workgroup-level dpas needs layout_cd with sg_layout (and layout_a, layout_b)")
        dc = make_dist(op, "layout_cd", tuple(op.result.type.get_shape()), op.layout_cd)  # type: ignore[arg-type, attr-defined]
        self._grid(op, plan.operand(op, 0, "operand A"), plan.operand(op, 1, "operand B"), dc,
                   plan.operand(op, 2, "the accumulator") if op.acc is not None else None, plan_op=True)
        return [dc]

    @staticmethod
    def _grid(op: DpasOp, da: Dist, db: Dist, dc: Dist, dacc: Dist | None, plan_op: bool = False) -> tuple[int, int, int]:
        for name, anchor, d in (("A", op.layout_a, da), ("B", op.layout_b, db)):
            if is_wg_attr(anchor):
                want = make_dist(op, f"layout_{name.lower()}", d.shape, anchor)  # type: ignore[arg-type]
                if not want.same_tiles(Dist(d.shape, d.layout)):
                    raise OpError(op, f"operand {name} is distributed with {describe(d.layout)} but layout_{name.lower()} is {describe(want.layout)}")
        if dacc is not None and not dacc.same_tiles(dc):
            raise OpError(op, f"the accumulator is distributed with {describe(dacc.layout)} but layout_cd is {describe(dc.layout)}")
        (mt, kt), (kt2, nt), (mt2, nt2) = da.tile_shape, db.tile_shape, dc.tile_shape
        if (mt, kt, nt) != (mt2, kt2, nt2):
            raise OpError(op, f"subgroup tiles do not form a dpas: A {mt}x{kt}, B {kt2}x{nt}, C {mt2}x{nt2}")
        rm, rk = _rounds(da)
        rk2, rn = _rounds(db)
        rm2, rn2 = _rounds(dc)
        K = da.shape[1]
        if (rm, rk, rn) != (rm2, rk2, rn2):
            raise OpError(op, f"tile counts do not line up: A {rm}x{rk}, B {rk2}x{rn}, C {rm2}x{rn2} (rows x columns per subgroup)")
        if rk * kt != K:
            raise OpError(op, f"each subgroup must hold all of K = {K} (it holds {rk} tile(s) of {kt}); cross-subgroup K reduction is not supported for dpas")
        for s in range(dc.num_subgroups):
            a, b, c = da.table[s], db.table[s], dc.table[s]
            for i, k, j in product(range(rm), range(rk), range(rn)):
                ta, tb, tc = a[i * rk + k], b[k * rn + j], c[i * rn + j]
                if ta[0] != tc[0] or tb[1] != tc[1] or ta[1] != tb[0]:
                    raise OpError(op, f"subgroup {s}: A tile at {list(ta)}, B tile at {list(tb)} and C tile at {list(tc)} do not form a product block")
        return rm, rk, rn

    def rewrite(self, op: Operation, env: Env) -> None:
        assert isinstance(op, DpasOp)
        da, db, dc = env.dist[op.lhs], env.dist[op.rhs], env.dist[op.result]
        dacc = env.dist[op.acc] if op.acc is not None else None
        rm, rk, rn = self._grid(op, da, db, dc, dacc)
        A, B = env.vmap[op.lhs], env.vmap[op.rhs]
        C = env.vmap[op.acc] if op.acc is not None else None
        rtype = dc.sg_vector_type(op.result.type.element_type)  # type: ignore[attr-defined]
        lays = {n: drop_sg_fields(op.properties.get(n)) for n in ("layout_a", "layout_b", "layout_cd")}  # type: ignore[arg-type]
        out: list[SSAValue] = []
        for i, j in product(range(rm), range(rn)):
            acc = C[i * rn + j] if C is not None else None
            for k in range(rk):
                new = DpasOp(A[i * rk + k], B[k * rn + j], rtype, acc, attributes=sg_attrs(op), **lays)  # type: ignore[arg-type]
                acc = env.emit(new).results[0]
            assert acc is not None
            out.append(acc)
        env.vmap[op.result] = out


def _rounds(d: Dist) -> tuple[int, int]:
    t0 = d.table[0]
    r0 = len({t[0] for t in t0})
    r1 = len({t[1] for t in t0})
    assert r0 * r1 == len(t0)
    return r0, r1


def register_all() -> None:
    register_elementwise(Elementwise())
    register(["arith.constant"], Constant())
    register(["xegpu.dpas"], Dpas())
    register(["vector.fma"], Elementwise())
