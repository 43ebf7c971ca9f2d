"""Where LLVM 22 keeps layouts, in one place.

* ``!xegpu.tensor_desc`` values: the layout parameter of the type;
* anchor ops (inherent properties): ``load_nd``/``load``/``load_matrix`` ``layout`` (result),
  ``store_nd``/``store``/``store_matrix``/``prefetch_nd``/``prefetch`` ``layout`` (the stored
  value or the descriptor), ``dpas`` ``layout_a``/``layout_b``/``layout_cd``,
  ``convert_layout`` ``input_layout``/``target_layout``;
* every other op: the discardable ``layout_result_<N>`` attribute of result N (also on
  ``scf.for``/``scf.if``/``scf.while`` results);
* block arguments of ``scf`` regions: the layout of the matching op result, else of the
  matching init operand.

Passes read and write layouts only through this module.
"""

from __future__ import annotations

from functools import lru_cache

from xdsl.dialects import scf
from xdsl.dialects.builtin import NoneAttr
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import Rewriter

from wgdist.dialects.xegpu.layout_attrs import (
    DISTRIBUTE_LAYOUT_TYPES,
    DistributeLayoutAttr,
    LayoutAttr,
    SgMapAttr,
    SliceAttr,
    WgMapAttr,
)
from wgdist.dialects.xegpu.ops_compute import ConvertLayoutOp, DpasOp
from wgdist.dialects.xegpu.ops_matrix import LoadMatrixOp, StoreMatrixOp
from wgdist.dialects.xegpu.ops_nd import LoadNdOp, PrefetchNdOp, StoreNdOp
from wgdist.dialects.xegpu.ops_scatter import AtomicRMWOp, LoadGatherOp, PrefetchOp, StoreScatterOp
from wgdist.dialects.xegpu.types import TensorDescType
from wgdist.layout import Layout

RESULT_PREFIX = "layout_result_"

_RESULT_ANCHOR: dict[type[Operation], str] = {
    LoadNdOp: "layout",
    LoadGatherOp: "layout",
    LoadMatrixOp: "layout",
    DpasOp: "layout_cd",
    ConvertLayoutOp: "target_layout",
    AtomicRMWOp: "layout",
}
"""The anchor ops' property holding the layout of result 0."""

_OPERAND_ANCHOR: dict[type[Operation], dict[int, str]] = {
    DpasOp: {0: "layout_a", 1: "layout_b", 2: "layout_cd"},
    StoreNdOp: {0: "layout"},
    StoreScatterOp: {0: "layout"},
    StoreMatrixOp: {0: "layout"},
    PrefetchNdOp: {0: "layout"},
    PrefetchOp: {0: "layout"},
    ConvertLayoutOp: {0: "input_layout"},
}
"""The anchor ops' properties holding the layout they require of an operand, by operand index."""


def _as_layout(a: Attribute | None) -> DistributeLayoutAttr | None:
    return a if isinstance(a, DISTRIBUTE_LAYOUT_TYPES) else None


def result_attr_name(index: int) -> str:
    return f"{RESULT_PREFIX}{index}"


def value_layout(v: SSAValue) -> DistributeLayoutAttr | None:
    """The layout LLVM 22 associates with ``v`` (None when it has none)."""
    t = v.type
    if isinstance(t, TensorDescType):
        return _as_layout(t.layout)
    if isinstance(v, OpResult):
        op = v.op
        prop = _RESULT_ANCHOR.get(type(op))
        if prop is not None and v.index == 0:
            found = _as_layout(op.properties.get(prop))
            if found is not None:
                return found
        return _as_layout(op.attributes.get(result_attr_name(v.index)))
    if isinstance(v, BlockArgument):
        return _block_arg_layout(v)
    return None


def _block_arg_layout(arg: BlockArgument) -> DistributeLayoutAttr | None:
    block = arg.block
    op = block.parent_op()
    if isinstance(op, scf.ForOp):
        if arg.index == 0:
            return None  # the induction variable
        i = arg.index - 1
        return _result_or_init(op, i, op.iter_args)
    if isinstance(op, scf.WhileOp):
        region = block.parent
        if region is op.before_region:
            return _result_or_init(op, arg.index, op.arguments)
        if arg.index < len(op.results):
            return value_layout(op.results[arg.index])
    return None


def _result_or_init(op: Operation, i: int, inits: tuple[SSAValue, ...] | list[SSAValue]) -> DistributeLayoutAttr | None:
    if i < len(op.results):
        found = value_layout(op.results[i])
        if found is not None:
            return found
    if i < len(inits):
        return value_layout(inits[i])
    return None


def set_result_layout(op: Operation, index: int, attr: DistributeLayoutAttr | None) -> SSAValue:
    """Record ``attr`` (None: remove) as the layout of ``op.results[index]`` where LLVM 22
    keeps it. A tensor_desc result gets a new type, which replaces the result value; the value
    now carrying the layout is returned."""
    res = op.results[index]
    if isinstance(res.type, TensorDescType):
        if isinstance(attr, SliceAttr):
            raise ValueError(f"a tensor_desc cannot carry the slice layout {attr}")
        new_type = res.type.with_layout(attr)
        if new_type == res.type:
            return res
        return Rewriter.replace_value_with_new_type(res, new_type)
    prop = _RESULT_ANCHOR.get(type(op))
    if prop is not None and index == 0:
        if attr is None:
            if prop == "target_layout":
                raise ValueError("xegpu.convert_layout always has a target_layout")
            op.properties.pop(prop, None)
        else:
            op.properties[prop] = attr
            op.properties = dict(sorted(op.properties.items()))
        op.attributes.pop(result_attr_name(index), None)
        return res
    if attr is None:
        op.attributes.pop(result_attr_name(index), None)
    else:
        op.attributes[result_attr_name(index)] = attr
    return res


def operand_anchor_name(op: Operation, operand_index: int) -> str | None:
    """The property naming the layout the anchor op ``op`` requires of an operand, if any."""
    return _OPERAND_ANCHOR.get(type(op), {}).get(operand_index)


def operand_layout_anchor(op: Operation, operand_index: int) -> DistributeLayoutAttr | None:
    """The layout an anchor op pins on one of its operands (dpas a/b/cd, the stored value of
    store_nd/store/store_matrix, the descriptor of prefetch_nd/prefetch, convert_layout's input).
    """
    name = operand_anchor_name(op, operand_index)
    return None if name is None else _as_layout(op.properties.get(name))


@lru_cache(maxsize=1024)
def drop_sg_fields(attr: DistributeLayoutAttr | NoneAttr | None) -> DistributeLayoutAttr | None:
    """What remains of a layout once subgroup distribution is done: sg_layout/sg_data removed,
    inst/lane fields kept, ``order`` kept only while lane fields remain (upstream-llvm22 2.5).
    None when nothing remains. An ``sg_map`` stays an ``sg_map``; otherwise ``#xegpu.layout``.
    Built once per distinct layout (attributes are immutable; rebuilding one cost about 1.5 ms,
    paid per emitted op by the distribution before)."""
    if attr is None or isinstance(attr, NoneAttr):
        return None
    if isinstance(attr, SliceAttr):
        parent = drop_sg_fields(attr.parent_layout)
        return None if parent is None else SliceAttr(parent, attr.dims)
    rest = attr.to_model().drop_sg()
    if rest is None:
        return None
    if isinstance(attr, SgMapAttr):
        return SgMapAttr(None, None, rest.inst_data, rest.lane_layout, rest.lane_data, rest.order)
    return LayoutAttr.from_model(rest)


def to_layout_attr(attr: DistributeLayoutAttr) -> LayoutAttr | SliceAttr:
    """The LLVM 22 spelling of any layout (wg_map/sg_map become ``#xegpu.layout``)."""
    if isinstance(attr, SliceAttr):
        return SliceAttr(to_layout_attr(attr.parent_layout), attr.dims)
    if isinstance(attr, LayoutAttr):
        return attr
    assert isinstance(attr, WgMapAttr | SgMapAttr)
    model: Layout = attr.to_model()
    return LayoutAttr.from_model(model)
