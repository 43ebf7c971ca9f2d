"""``xegpu.dpas``: ``C[i, j] = acc[i, j] + sum_k A[i, k] * B[k, j]`` over the subgroup's own
tiles, chained through the accumulator.

``check`` asks the layout model that every subgroup holds all of K for its rows and columns,
and that A's rows / B's columns line up with C's; it keeps the tile grid (rows x K x columns
per subgroup) that ``rewrite`` walks::

    %c00 = xegpu.dpas %a00, %b00, %acc00      // i = 0, j = 0, k = 0
    %c00' = xegpu.dpas %a01, %b10, %c00       // k = 1

When K is split across subgroups but every subgroup's A and B tiles still multiply (A's and
B's K slices are the same part of the subgroup id), the partial-sum form applies
(:mod:`wgdist.passes.distribute.splitk`, layouts-spec 1.9): each subgroup chains dpas over its
own K tiles, the partials are summed through SLM into ``layout_cd``'s tiles, the accumulator
added once.

Otherwise (A and B tile counts that do not line up, K slices held by different subgroups as in
upstream's one-grid split, operand layouts other than what ``layout_cd`` implies, or partial
sums that do not fit in SLM; an accumulator split differently from ``layout_cd`` is moved in
every form) the operands that do not fit are first moved through shared local memory
(the ``convert_layout`` exchange, :func:`.xegpu_convert_layout.exchange`) to the layouts
``layout_cd`` implies (:func:`wgdist.layout.dpas_operand_layouts`: C's grid and order, A
``[D_m, K]``, B ``[K, D_n]``, the accumulator C's own); then every subgroup holds all of K for
its C tiles and the chain above applies. A split-K ``256x32`` A with ``[4, 4]/[32, 8]`` is thus
gathered to ``[4, 4]/[32, 32]`` (the four K slices of a row block meet in each subgroup of the
row), and each C element is summed once, in K order, with the accumulator added once.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from xdsl.ir import Operation, SSAValue

from wgdist.dialects.xegpu import DpasOp
from wgdist.dialects.xegpu.layout_access import drop_sg_fields
from wgdist.ir.diagnostics import OpError
from wgdist.layout import (
    Layout,
    RuleError,
    distribution_errors,
    dpas_operand_layouts,
    layout_text,
    sg_part,
)
from wgdist.passes.distribute import splitk
from wgdist.passes.distribute.dist import Dist, is_wg_attr, make_dist, shape_of
from wgdist.passes.distribute.emit import element_type, sg_attrs
from wgdist.passes.distribute.ops.xegpu_convert_layout import check_exchange, exchange
from wgdist.passes.distribute.splitk import SplitK
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


@dataclass(frozen=True)
class DpasPlan(OpPlan):
    """Per subgroup, ``rows x k x cols`` tiles: A tile ``i * k + kk``, B tile ``kk * cols + j``
    and C tile ``i * cols + j`` form one product block."""

    rows: int = 0
    k: int = 0
    cols: int = 0
    conv_a: Dist | None = None
    """The split A is gathered to through SLM first (None: A is used as it is)."""
    conv_b: Dist | None = None
    conv_acc: Dist | None = None
    splitk: SplitK | None = None
    """K split across subgroups whose A and B tiles multiply pairwise: partial sums reduced
    through SLM (:mod:`wgdist.passes.distribute.splitk`); A and B are used as they are."""


def _rounds(d: Dist) -> tuple[int, int]:
    t0 = d.table[0]
    r0 = len({t[0] for t in t0})
    r1 = len({t[1] for t in t0})
    assert r0 * r1 == len(t0)
    return r0, r1


def _grid(op: DpasOp, da: Dist, db: Dist, dc: Dist) -> tuple[int, int, int]:
    """The ``rows x K x columns`` tile grid when every subgroup's A and B tiles form its C
    tiles with all of K (an OpError saying why not otherwise)."""
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


def _target(op: DpasOp, dc: Dist, m: int, n: int, k: int) -> tuple[Dist, Dist]:
    """The A and B splits ``layout_cd`` implies (C's grid and order, all of K)."""
    root = dc.layout
    if not isinstance(root, Layout):
        raise OpError(op, f"layout_cd is a slice ({layout_text(root)}); a dpas result needs a plain layout")
    try:
        a, b = dpas_operand_layouts(sg_part(root), m, n, k)
    except RuleError as e:
        raise OpError(op, str(e)) from None
    for name, shape, lay in (("A", (m, k), a), ("B", (k, n), b)):
        errs = distribution_errors(shape, lay)
        if errs:
            raise OpError(op, f"operand {name} cannot be gathered to {layout_text(lay)}, the split layout_cd {layout_text(root)} implies: {'; '.join(errs)}")
    return Dist((m, k), a), Dist((k, n), b)


class Dpas:
    def check(self, op: DpasOp, plan: Plan) -> DpasPlan:
        if not is_wg_attr(op.layout_cd):
            raise OpError(op, "a workgroup-level dpas needs layout_cd with sg_layout (and layout_a, layout_b)")
        dc = make_dist(op, "layout_cd", shape_of(op.result), op.layout_cd)
        da, db = plan.operand(op, 0, "operand A"), plan.operand(op, 1, "operand B")
        dacc = plan.operand(op, 2, "the accumulator") if op.acc is not None else None
        conv_acc = None
        if dacc is not None and not dacc.same_distribution(dc):
            check_exchange(op, plan, dacc, element_type(op.result), "moving the dpas accumulator to layout_cd")
            conv_acc = Dist(dc.shape, sg_part(dc.layout))
        try:
            rm, rk, rn = _grid(op, da, db, dc)
            return DpasPlan((dc,), rm, rk, rn, conv_acc=conv_acc)
        except OpError as direct:
            why = direct.message
        try:
            sk = splitk.plan(op, plan, da, db, dc, element_type(op.result))
        except OpError:
            sk = None  # the partial sums do not fit in SLM: gather the operands instead
        if sk is not None:
            return DpasPlan((dc,), sk.rows, sk.k, sk.cols, conv_acc=conv_acc, splitk=sk)
        (m, k), n = da.shape, db.shape[1]
        ta, tb = _target(op, dc, m, n, k)
        conv_a = None if ta.same_distribution(Dist(da.shape, da.layout)) and not da.packed else ta
        conv_b = None if tb.same_distribution(Dist(db.shape, db.layout)) and not db.packed else tb
        for d, conv, v, what in ((da, conv_a, op.lhs, "A"), (db, conv_b, op.rhs, "B")):
            if conv is not None:
                check_exchange(op, plan, d, element_type(v), f"gathering dpas operand {what} ({why})")
        rm, rk, rn = _grid(op, conv_a or da, conv_b or db, dc)
        return DpasPlan((dc,), rm, rk, rn, conv_a=conv_a, conv_b=conv_b, conv_acc=conv_acc)

    def rewrite(self, op: DpasOp, env: Env, planned: DpasPlan) -> None:
        dc = env.dist[op.result]
        rm, rk, rn = planned.rows, planned.k, planned.cols
        A, B = env.vmap[op.lhs], env.vmap[op.rhs]
        if planned.conv_a is not None:
            A = exchange(op, env, env.dist[op.lhs], planned.conv_a, A, element_type(op.lhs))
        if planned.conv_b is not None:
            B = exchange(op, env, env.dist[op.rhs], planned.conv_b, B, element_type(op.rhs))
        C = env.vmap[op.acc] if op.acc is not None else None
        if planned.conv_acc is not None:
            assert op.acc is not None and C is not None
            C = exchange(op, env, env.dist[op.acc], planned.conv_acc, C, element_type(op.acc))
        rtype = dc.sg_vector_type(element_type(op.result))
        lays = {"layout_a": drop_sg_fields(op.layout_a), "layout_b": drop_sg_fields(op.layout_b),
                "layout_cd": drop_sg_fields(op.layout_cd)}
        if planned.splitk is not None:
            env.vmap[op.result] = splitk.emit(op, env, planned.splitk, env.dist[op.lhs], env.dist[op.rhs], dc,
                                              A, B, C, sg_attrs(op), lays)
            return
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
