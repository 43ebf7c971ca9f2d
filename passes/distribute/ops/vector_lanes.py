"""``vector.bitcast``: distributed where each subgroup keeps its bits.

The result is split as its layout says (or, without one, as the source's split implies:
:func:`wgdist.layout.rules_lanes.bitcast_layout`); ``check`` asks the layout model that in
every subgroup result tile ``k`` covers exactly the bits of source tile ``k`` (same starts on
the leading dims, minor starts and extents scaled by the bit widths), and each tile becomes
one subgroup bitcast::

    %b = vector.bitcast %v : vector<32x64xf32> to vector<32x128xf16>   // [2, 2]/[8, 16] -> [8, 32]
    // becomes, per tile
    %b0 = vector.bitcast %v0 : vector<8x16xf32> to vector<8x32xf16>

Otherwise (data would have to move between subgroups) the op is refused naming both layouts.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.vector import BitcastOp
from wgdist.dialects.vector_ops.casts import bit_width
from wgdist.ir.diagnostics import OpError
from wgdist.layout import RuleError, layout_text
from wgdist.layout.rules_lanes import bitcast_layout
from wgdist.passes.distribute.dist import Dist, result_dist, shape_of
from wgdist.passes.distribute.emit import sg_attrs
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


def _keeps_bits(ds: Dist, d: Dist, sb: int, rb: int) -> bool:
    st, rt = ds.tile_shape, d.tile_shape
    if st[:-1] != rt[:-1] or st[-1] * sb != rt[-1] * rb or ds.num_subgroups != d.num_subgroups or ds.ntiles != d.ntiles:
        return False
    for s in range(ds.num_subgroups):
        for a, b in zip(ds.table[s], d.table[s]):
            if a[:-1] != b[:-1] or a[-1] * sb != b[-1] * rb:
                return False
    return True


class Bitcast:
    def check(self, op: BitcastOp, plan: Plan) -> OpPlan:
        ds = plan.operand(op, 0, "the source")
        st, rt = op.source.type, op.result.type
        assert isinstance(st, VectorType) and isinstance(rt, VectorType)
        sb, rb = bit_width(st.element_type), bit_width(rt.element_type)
        if not ds.shape:
            raise OpError(op, "a 0-D bitcast of a distributed value is not distributed")
        d = result_dist(op)
        if d is None:
            try:
                d = Dist(shape_of(op.result), bitcast_layout(ds.layout, ds.shape, sb, shape_of(op.result), rb))
            except RuleError as e:
                raise OpError(op, str(e)) from None
        if ds.packed or not _keeps_bits(ds, d, sb, rb):
            raise OpError(
                op,
                f"the source is split with {layout_text(ds.layout)} and the result with {layout_text(d.layout)}: "
                f"some subgroup's result tile is not the bitcast of its own source tile ({sb}-bit to {rb}-bit "
                "elements need the minor sg_data scaled by the same factor, all else equal)",
            )
        return OpPlan((d,))

    def rewrite(self, op: BitcastOp, env: Env, planned: OpPlan) -> None:
        d = env.dist[op.result]
        rt = op.result.type
        assert isinstance(rt, VectorType)
        out: list[SSAValue] = []
        for tile in env.vmap[op.source]:
            new = BitcastOp(tile, VectorType(rt.element_type, d.tile_shape))
            new.attributes.update(sg_attrs(op))
            out.append(env.emit(new).results[0])
        env.vmap[op.result] = out


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {BitcastOp: Bitcast()}
