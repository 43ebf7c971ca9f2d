"""``xegpu.dpas``: ``C[i, j] = acc[i, j] + sum_k A[i, k] * B[k, j]`` over the subgroup's own
tiles, chained through the accumulator.

``check`` asks the layout model that every subgroup holds all of K for its rows and columns,
and that A's rows / B's columns line up with C's; it keeps the tile grid (rows x K x columns
per subgroup) that ``rewrite`` walks::

    %c00 = xegpu.dpas %a00, %b00, %acc00      // i = 0, j = 0, k = 0
    %c00' = xegpu.dpas %a01, %b10, %c00       // k = 1
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from xdsl.ir import Operation, SSAValue

from wgdist.dialects.xegpu import DpasOp
from wgdist.dialects.xegpu.layout_access import drop_sg_fields
from wgdist.ir.diagnostics import OpError
from wgdist.layout import layout_text
from wgdist.passes.distribute.dist import Dist, is_wg_attr, make_dist, shape_of
from wgdist.passes.distribute.emit import element_type, sg_attrs
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


@dataclass(frozen=True)
class DpasPlan(OpPlan):
    """Per subgroup, ``rows x k x cols`` tiles: A tile ``i * k + kk``, B tile ``kk * cols + j``
    and C tile ``i * cols + j`` form one product block."""

    rows: int = 0
    k: int = 0
    cols: int = 0


def _rounds(d: Dist) -> tuple[int, int]:
    t0 = d.table[0]
    r0 = len({t[0] for t in t0})
    r1 = len({t[1] for t in t0})
    assert r0 * r1 == len(t0)
    return r0, r1


def _grid(op: DpasOp, da: Dist, db: Dist, dc: Dist, dacc: Dist | None) -> tuple[int, int, int]:
    for name, anchor, d in (("A", op.layout_a, da), ("B", op.layout_b, db)):
        if is_wg_attr(anchor):
            want = make_dist(op, f"layout_{name.lower()}", d.shape, anchor)
            if not want.same_distribution(Dist(d.shape, d.layout)):
                raise OpError(op, f"operand {name} is distributed with {layout_text(d.layout)} but layout_{name.lower()} is {layout_text(want.layout)}")
    if dacc is not None and not dacc.same_distribution(dc):
        raise OpError(op, f"the accumulator is distributed with {layout_text(dacc.layout)} but layout_cd is {layout_text(dc.layout)}")
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


class Dpas:
    def check(self, op: DpasOp, plan: Plan) -> DpasPlan:
        if not is_wg_attr(op.layout_cd):
            raise OpError(op, "a workgroup-level dpas needs layout_cd with sg_layout (and layout_a, layout_b)")
        dc = make_dist(op, "layout_cd", shape_of(op.result), op.layout_cd)
        da, db = plan.operand(op, 0, "operand A"), plan.operand(op, 1, "operand B")
        dacc = plan.operand(op, 2, "the accumulator") if op.acc is not None else None
        rm, rk, rn = _grid(op, da, db, dc, dacc)
        return DpasPlan((dc,), rm, rk, rn)

    def rewrite(self, op: DpasOp, env: Env, planned: DpasPlan) -> None:
        dc = env.dist[op.result]
        rm, rk, rn = planned.rows, planned.k, planned.cols
        A, B = env.vmap[op.lhs], env.vmap[op.rhs]
        C = env.vmap[op.acc] if op.acc is not None else None
        rtype = dc.sg_vector_type(element_type(op.result))
        lays = {"layout_a": drop_sg_fields(op.layout_a), "layout_b": drop_sg_fields(op.layout_b),
                "layout_cd": drop_sg_fields(op.layout_cd)}
        out: list[SSAValue] = []
        for i, j in product(range(rm), range(rn)):
            acc = C[i * rn + j] if C is not None else None
            for k in range(rk):
                new = DpasOp(A[i * rk + k], B[k * rn + j], rtype, acc, attributes=sg_attrs(op), **lays)
                acc = env.emit(new).results[0]
            assert acc is not None
            out.append(acc)
        env.vmap[op.result] = out


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {DpasOp: Dpas()}
