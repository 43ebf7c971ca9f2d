"""How layouts flow through each op: ``RULES[type(op)]`` is its :class:`OpRule`.

The keys are the op classes the pass handles - the same set the distribution pass distributes
(a test compares the two tables). An op class that is not a key is opaque to propagation: its
operands get no layout from its results and its results none from its operands. Each entry
is ``OpRule(backward, forward)``; either may be None, meaning that direction has no rule:

* ``backward(op, result)``: the layouts ``op`` requires of its operands when its result
  (every op with a backward rule has one) is produced with ``result``, as ``(operand index,
  layout)`` pairs; only vector and tensor_desc operands are listed. Raises
  :class:`~wgdist.layout.RuleError` when no operand layouts give ``result``
  (:mod:`.analysis` then tries a layout its operands imply, or reports the op).
* ``forward(op, operands)``: the layout its vector result takes from its operands' layouts
  (None for an operand without one), used where nothing downstream decides; None when they
  imply none.

:data:`LANE_RULES` holds rules of the same form that only the inst/lane kinds use, for ops
the workgroup-level distribution does not handle (``xegpu.create_tdesc``): :data:`RULES`'s
keys are exactly the distributed op classes (``tests/unit/test_op_tables.py``);
:mod:`.rules_lanes` (``vector.bitcast``) merges its rules into :data:`RULES`.

Some ops have entries with no rule in either direction; what decides their layouts lives
elsewhere and is keyed by op class too: the layouts a user wrote on anchor ops (dpas, the
stores, prefetch_nd, convert_layout, a load_nd's descriptor) in :data:`.anchors.ANCHORS`, the
values that cross ``scf`` regions in :data:`.regions.REGIONS`. Constants take their users'
layouts in the rewrite (one clone per layout). The layout arithmetic itself is
:mod:`wgdist.layout`'s; the functions here read the op's shapes and attributes and call it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from xdsl.dialects import scf
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.elementwise import elementwise_ops
from wgdist.dialects.vector import (
    BroadcastOp,
    ConstantMaskOp,
    CreateMaskOp,
    ExtractStridedSliceOp,
    InsertStridedSliceOp,
    MultiDimReductionOp,
    ReductionOp,
    ShapeCastOp,
    StepOp,
    TransposeOp,
)
from wgdist.dialects.xegpu import (
    ConvertLayoutOp,
    CreateNdTdescOp,
    CreateTdescOp,
    DpasOp,
    LoadGatherOp,
    LoadMatrixOp,
    LoadNdOp,
    PrefetchNdOp,
    StoreMatrixOp,
    StoreNdOp,
    StoreScatterOp,
    TensorDescType,
    UpdateNdOffsetOp,
)
from wgdist.layout import (
    AnyLayout,
    Layout,
    RuleError,
    SliceLayout,
    broadcast_source_layout,
    distribution_errors,
    dpas_operand_layouts,
    inverse_permutation,
    layout_text,
    reduction_source_layout,
    sg_part,
    shape_cast_source_layout,
    transpose_source_layout,
    window_layout,
)
from wgdist.layout.rules_below import (
    below_broadcast_source,
    below_reduction_source,
    below_shape_cast_source,
    whole_layout,
    whole_on_every_subgroup,
)
from wgdist.passes.propagate import rules_lanes
from wgdist.passes.propagate.values import shape_of, unpacked

OpT = TypeVar("OpT", bound=Operation)

Requirement = tuple[int, AnyLayout]
"""``(operand index, layout)``: the layout an op requires of one of its operands."""

Layouts = Sequence[AnyLayout | None]


@dataclass(frozen=True)
class OpRule(Generic[OpT]):
    """The propagation rules of one op class (see the module docstring)."""

    backward: Callable[[OpT, AnyLayout], list[Requirement]] | None = None
    forward: Callable[[OpT, Layouts], AnyLayout | None] | None = None


def _rule(
    cls: type[OpT],
    backward: Callable[[OpT, AnyLayout], list[Requirement]] | None = None,
    forward: Callable[[OpT, Layouts], AnyLayout | None] | None = None,
) -> tuple[type[Operation], OpRule[Any]]:
    """A table entry whose rule functions take ``cls`` (checked by the type checker)."""
    return cls, OpRule(backward, forward)


# ---- helpers ---------------------------------------------------------------------------------
def _shape(v: SSAValue) -> tuple[int, ...]:
    s = shape_of(v.type)
    assert s is not None
    return s


def _offsets(op: ExtractStridedSliceOp | InsertStridedSliceOp) -> tuple[int, ...]:
    return tuple(a.value.data for a in op.offsets.data)


def _wg_source(operands: Layouts) -> AnyLayout | None:
    """The layout of operand 0 when it is a workgroup layout (the source of a forward rule)."""
    src = operands[0] if operands else None
    return src if src is not None and src.is_wg else None


def load_permutation(op: LoadNdOp) -> list[int] | None:
    """The ``transpose`` of a load_nd (``result.shape[i] = tdesc.shape[perm[i]]``), or None."""
    perm = op.effective_transpose()
    return None if perm is None or list(perm) == sorted(perm) else list(perm)


def load_result_layout(op: LoadNdOp, desc: AnyLayout) -> AnyLayout:
    """The layout a load_nd produces from its descriptor's: the same, permuted for a
    transposed load (every field and ``order``; spec 2.4 with the descriptor as the source)."""
    perm = load_permutation(op)
    if perm is None or isinstance(desc, SliceLayout):
        return desc
    return transpose_source_layout(desc, inverse_permutation(perm))


def dpas_requirements(op: DpasOp, cd: Layout) -> list[Requirement]:
    """A, B (and acc) of a dpas whose C/D layout is the workgroup layout ``cd``."""
    a_shape = _shape(op.lhs)
    b_shape = unpacked(_shape(op.rhs))  # a packed (VNNI) B [K/f, N, f] is the K x N matrix
    if len(a_shape) != 2 or len(b_shape) != 2:
        raise RuleError("dpas: only 2-D A and B operands are supported at workgroup level")
    (m, k), n = a_shape, b_shape[1]
    a, b = dpas_operand_layouts(cd, m, n, k)
    reqs: list[Requirement] = [(0, a), (1, b)]
    if op.acc is not None:
        reqs.append((2, cd))
    return reqs


# ---- elementwise -----------------------------------------------------------------------------
def elementwise_backward(op: Operation, result: AnyLayout) -> list[Requirement]:
    """Every operand of the result's shape takes the result's layout (a scalar operand none)."""
    rshape = shape_of(op.results[0].type) if op.results else None
    return [(i, result) for i, v in enumerate(op.operands) if rshape is not None and shape_of(v.type) == rshape]


def elementwise_forward(op: Operation, operands: Layouts) -> AnyLayout | None:
    """The workgroup layout of the first operand of the result's shape."""
    rshape = shape_of(op.results[0].type)
    for v, lay in zip(op.operands, operands):
        if lay is not None and lay.is_wg and shape_of(v.type) == rshape:
            return lay
    return None


# ---- vector ----------------------------------------------------------------------------------
def broadcast_backward(op: BroadcastOp, result: AnyLayout) -> list[Requirement]:
    sshape = shape_of(op.source.type)
    if sshape is None:
        return []  # a scalar source has no layout
    if not result.is_wg:
        return [(0, below_broadcast_source(result, sshape, _shape(op.vector)))]
    return [(0, broadcast_source_layout(result, sshape, _shape(op.vector)))]


def multi_reduction_backward(op: MultiDimReductionOp, result: AnyLayout) -> list[Requirement]:
    has_acc = bool(shape_of(op.acc.type))  # a vector accumulator (not a scalar or 0-d one)
    red = sorted(int(d) for d in op.get_reduction_dims())
    if not result.is_wg:
        # inst/lane: the parent of a slice on the reduced dims, else the kind's defaults (an
        # empty layout the analysis fills in); the result keeps what its users need, as in 22
        source = below_reduction_source(result, _shape(op.source), red) or Layout()
        return [(0, source), (1, result)] if has_acc else [(0, source)]
    reqs: list[Requirement] = [(0, reduction_source_layout(result, _shape(op.source), red))]
    if has_acc:
        reqs.append((1, result))
    return reqs


def multi_reduction_forward(op: MultiDimReductionOp, operands: Layouts) -> AnyLayout | None:
    """The slice of a plain source layout on the reduced dims."""
    src = _wg_source(operands)
    if not isinstance(src, Layout):
        return None
    return SliceLayout(src, tuple(sorted(op.get_reduction_dims())))


def transpose_backward(op: TransposeOp, result: AnyLayout) -> list[Requirement]:
    return [(0, transpose_source_layout(result, op.permutation.get_values()))]


def transpose_forward(op: TransposeOp, operands: Layouts) -> AnyLayout | None:
    src = _wg_source(operands)
    return None if src is None else transpose_source_layout(src, inverse_permutation(op.permutation.get_values()))


def shape_cast_backward(op: ShapeCastOp, result: AnyLayout) -> list[Requirement]:
    if not result.is_wg:
        return [(0, below_shape_cast_source(result, _shape(op.source), _shape(op.result)))]
    return [(0, shape_cast_source_layout(result, _shape(op.source), _shape(op.result)))]


def shape_cast_forward(op: ShapeCastOp, operands: Layouts) -> AnyLayout | None:
    """The layout that gives every subgroup the same elements as its source."""
    src = _wg_source(operands)
    return None if src is None else shape_cast_source_layout(src, _shape(op.result), _shape(op.source))


def _same_fields(result: AnyLayout, shape: tuple[int, ...]) -> list[Requirement]:
    """Below the workgroup level a slice's other operand takes the result's inst/lane fields
    (per-tile fields, as LLVM 22 does) when they fit its shape."""
    return [] if distribution_errors(shape, result) else [(0, result)]


def extract_strided_slice_backward(op: ExtractStridedSliceOp, result: AnyLayout) -> list[Requirement]:
    if not result.is_wg:
        return _same_fields(result, _shape(op.source))
    if whole_on_every_subgroup(result, _shape(op.result)):  # the fallback of a misaligned window
        assert isinstance(result, Layout)
        return [(0, whole_layout(result, _shape(op.source)))]
    return [(0, window_layout(result, _shape(op.result), _shape(op.source), _offsets(op), exact=False))]


def extract_strided_slice_forward(op: ExtractStridedSliceOp, operands: Layouts) -> AnyLayout | None:
    """The source's fields, when the window's tiles sit inside the same subgroup's source tiles."""
    src = _wg_source(operands)
    return None if src is None else window_layout(src, _shape(op.source), _shape(op.result), _offsets(op), exact=False)


def insert_strided_slice_backward(op: InsertStridedSliceOp, result: AnyLayout) -> list[Requirement]:
    reqs: list[Requirement] = [(1, result)]
    if not result.is_wg:
        return reqs + _same_fields(result, _shape(op.value_to_store))
    try:
        reqs.append((0, window_layout(result, _shape(op.result), _shape(op.value_to_store), _offsets(op))))
    except RuleError:
        pass  # the inserted value keeps its own layout; distribution checks the pair
    return reqs


def insert_strided_slice_forward(op: InsertStridedSliceOp, operands: Layouts) -> AnyLayout | None:
    """The destination's layout."""
    dest = operands[1]
    return dest if dest is not None and dest.is_wg else None


# ---- xegpu -----------------------------------------------------------------------------------
def dpas_backward(op: DpasOp, result: AnyLayout) -> list[Requirement]:
    if isinstance(result, SliceLayout):
        raise RuleError("dpas: the result cannot take a #xegpu.slice layout")
    if not result.is_wg:
        return [(2, result)] if op.acc is not None else []
    return dpas_requirements(op, result)


def _descriptor_layout(result: AnyLayout) -> Layout:
    """``result`` as the layout of a tensor_desc, which cannot carry a slice."""
    if isinstance(result, SliceLayout):
        raise RuleError(
            f"its result would need the slice layout {layout_text(result)}, which a tensor_desc "
            "cannot carry (load a unit-dim shape instead, e.g. 1xN, or convert_layout it)"
        )
    return result


def load_nd_backward(op: LoadNdOp, result: AnyLayout) -> list[Requirement]:
    """The descriptor takes the result's layout, permuted back for a transposed load."""
    desc = _descriptor_layout(result)
    perm = load_permutation(op)
    return [(0, desc if perm is None else transpose_source_layout(desc, perm))]


def update_nd_offset_backward(op: UpdateNdOffsetOp, result: AnyLayout) -> list[Requirement]:
    return [(0, _descriptor_layout(result))]


def scatter_index_layout(
    data: AnyLayout, data_shape: Sequence[int], index_shape: Sequence[int] | None = None
) -> AnyLayout | None:
    """The layout of the offsets (and mask) of a gather/scatter whose data has ``data``: the
    subgroup fields of ``data`` when the offsets have the data's shape (1-D data, or
    ``chunk_size`` 1 at any rank: one offset per element); for chunked ``N x chunk`` data those
    of the ``N`` rows (when each chunk stays in one subgroup, ``sg_layout[1] == 1``). No
    inst/lane fields: the inst/lane kinds give offsets and masks their own defaults
    (``[16]/[1]``, as LLVM 22). None when the chunks are split over subgroups (no 1-D layout
    indexes them)."""
    if len(data_shape) == 1 or (index_shape is not None and tuple(index_shape) == tuple(data_shape)):
        return sg_part(data)
    if isinstance(data, SliceLayout):
        return None
    if data.sg_layout is None or data.sg_data is None:
        return Layout()
    if data.sg_layout[1] != 1:
        return None
    return Layout(sg_layout=(data.sg_layout[0],), sg_data=(data.sg_data[0],))


def _scatter_requirements(op: Operation, data: AnyLayout, data_shape: Sequence[int]) -> list[Requirement]:
    reqs: list[Requirement] = []
    for i, v in enumerate(op.operands):
        if isinstance(v.type, TensorDescType):
            reqs.append((i, _descriptor_layout(data)))
        elif isinstance(v.type, VectorType):
            index = scatter_index_layout(data, data_shape, v.type.get_shape())
            if index is not None:
                reqs.append((i, index))
    return reqs


def load_gather_backward(op: LoadGatherOp, result: AnyLayout) -> list[Requirement]:
    """A descriptor takes the result's layout, the offsets and mask the layout of the rows
    they index (:func:`scatter_index_layout`)."""
    return _scatter_requirements(op, result, _shape(op.value))


def create_tdesc_backward(op: CreateTdescOp, result: AnyLayout) -> list[Requirement]:
    """The offsets take the layout of the rows the descriptor's layout gives them."""
    index = scatter_index_layout(result, _shape(op.result), _shape(op.operands[1]))
    return [] if index is None else [(1, index)]


RULES: dict[type[Operation], OpRule[Any]] = {
    **{cls: OpRule(elementwise_backward, elementwise_forward) for cls in elementwise_ops()},
    **{cls: OpRule(*pair) for cls, pair in rules_lanes.RULES.items()},
    **dict(
        [
            # constants take their users' layouts in the rewrite (a clone per layout)
            _rule(ConstantOp),
            _rule(BroadcastOp, broadcast_backward),
            _rule(MultiDimReductionOp, multi_reduction_backward, multi_reduction_forward),
            _rule(TransposeOp, transpose_backward, transpose_forward),
            _rule(ShapeCastOp, shape_cast_backward, shape_cast_forward),
            _rule(ExtractStridedSliceOp, extract_strided_slice_backward, extract_strided_slice_forward),
            _rule(InsertStridedSliceOp, insert_strided_slice_backward, insert_strided_slice_forward),
            # no operands with layouts, or a scalar result: nothing flows through them
            _rule(StepOp),
            _rule(CreateMaskOp),
            _rule(ConstantMaskOp),
            _rule(ReductionOp),
            _rule(DpasOp, dpas_backward),
            _rule(LoadNdOp, load_nd_backward),
            _rule(UpdateNdOffsetOp, update_nd_offset_backward),
            # a descriptor's layout is its type's (set by an anchor, or shared with its partners)
            _rule(CreateNdTdescOp),
            # anchors: the layouts written on them (ANCHORS) are all they say about their operands
            _rule(StoreNdOp),
            _rule(PrefetchNdOp),
            _rule(LoadGatherOp, load_gather_backward),
            _rule(StoreScatterOp),
            _rule(LoadMatrixOp),
            _rule(StoreMatrixOp),
            _rule(ConvertLayoutOp),
            # layouts cross their regions as REGIONS and the partners say
            _rule(scf.ForOp),
            _rule(scf.IfOp),
            _rule(scf.WhileOp),
            _rule(scf.YieldOp),
            _rule(scf.ConditionOp),
        ]
    ),
}


LANE_RULES: dict[type[Operation], OpRule[Any]] = dict(
    [
        _rule(CreateTdescOp, create_tdesc_backward),
    ]
)
"""Rules the analysis consults only for the inst/lane kinds, for ops the workgroup-level
distribution does not handle (so they are not keys of :data:`RULES`, whose keys must be
exactly the distributed op classes)."""


def rule_of(op: Operation, lane: bool = False) -> OpRule[Any] | None:
    """``op``'s rule: :data:`RULES`, and for the inst/lane kinds (``lane``) :data:`LANE_RULES`."""
    rule = RULES.get(type(op))
    if rule is None and lane:
        rule = LANE_RULES.get(type(op))
    return rule


def operand_requirements(op: Operation, result: AnyLayout | None, lane: bool = False) -> list[Requirement]:
    """Operand layouts ``op`` needs when its result carries ``result`` ([] without a result
    layout or a backward rule: the operands stay unconstrained). Raises RuleError when the
    rule has no answer. ``lane``: the inst/lane kinds (:data:`LANE_RULES` too)."""
    rule = rule_of(op, lane)
    if result is None or rule is None or rule.backward is None:
        return []
    return rule.backward(op, result)


def forward_result_layout(op: Operation, operands: Layouts) -> AnyLayout | None:
    """The layout ``op``'s vector result takes from its operands' layouts; None without a
    forward rule or when the rule has no answer (the layout downstream needs then converts)."""
    if not op.results or shape_of(op.results[0].type) is None:
        return None
    rule = RULES.get(type(op))
    if rule is None or rule.forward is None:
        return None
    try:
        return rule.forward(op, operands)
    except RuleError:
        return None
