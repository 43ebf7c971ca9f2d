"""What each op requires of its operands, given the layouts of its results (IR adapter over the
pure rules of :mod:`wgdist.layout_rules` and :mod:`wgdist.layout_rules_shape`).

:func:`operand_requirements` answers for non-anchor ops; anchor ops (whose layouts the user
wrote) are read by :mod:`.analysis`. Only vector and tensor_desc operands are ever listed.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation, OpResult, SSAValue

from wgdist.dialects.vector import (
    BroadcastOp,
    ExtractStridedSliceOp,
    InsertStridedSliceOp,
    MultiDimReductionOp,
    ShapeCastOp,
    TransposeOp,
)
from wgdist.dialects.xegpu.attrs import LayoutAttr
from wgdist.dialects.xegpu.ops_compute import DpasOp
from wgdist.dialects.xegpu.ops_nd import LoadNdOp, UpdateNdOffsetOp
from wgdist.dialects.xegpu.types import TensorDescType
from wgdist.layout import AnyLayout, Layout, SliceLayout
from wgdist.layout_rules import (
    RuleError,
    broadcast_source_layout,
    dpas_operand_layouts,
    reduction_source_layout,
    transpose_source_layout,
)
from wgdist.layout_rules_shape import shape_cast_source_layout, window_layout

Requirement = tuple[int, AnyLayout]

ELEMENTWISE_DIALECTS = (arith.Arith.name, math.Math.name)


def layout_text(layout: AnyLayout) -> str:
    """A layout as it is spelled in the IR."""
    if isinstance(layout, SliceLayout):
        return f"#xegpu.slice<{layout_text(layout.parent)}, dims = {list(layout.dims)}>"
    return str(LayoutAttr.from_model(layout))


def shape_of(t: object) -> tuple[int, ...] | None:
    if isinstance(t, VectorType):
        return tuple(t.get_shape())
    if isinstance(t, TensorDescType):
        return t.get_shape()
    return None


def packed_load(v: SSAValue) -> bool:
    """``v`` is the result of a ``load_nd <{packed}>``: a ``[K/f, N, f]`` vector whose layout
    describes the descriptor's 2-D ``[K, N]`` (as distribution reads it)."""
    return isinstance(v, OpResult) and isinstance(v.op, LoadNdOp) and v.op.packed is not None


def _unpacked(shape: tuple[int, ...]) -> tuple[int, ...]:
    return (shape[0] * shape[2], shape[1]) if len(shape) == 3 else shape


def value_shape(v: SSAValue) -> tuple[int, ...] | None:
    """The shape ``v``'s layout describes: its type's, except for a packed load's result (the
    descriptor's 2-D shape)."""
    s = shape_of(v.type)
    if s is not None and packed_load(v):
        return _unpacked(s)
    return s


def load_permutation(op: LoadNdOp) -> list[int] | None:
    """The ``transpose`` of a load_nd (``result.shape[i] = tdesc.shape[perm[i]]``), or None."""
    if op.transpose is None:
        return None
    perm = [int(p) for p in op.transpose.get_values()]  # type: ignore[attr-defined]
    return None if perm == sorted(perm) else perm


def load_result_layout(op: LoadNdOp, desc: AnyLayout) -> AnyLayout:
    """The layout a load_nd produces from its descriptor's: the same, permuted for a
    transposed load (every field and ``order``; spec 2.4 with the descriptor as the source)."""
    perm = load_permutation(op)
    if perm is None or isinstance(desc, SliceLayout):
        return desc
    return transpose_source_layout(desc, [perm.index(i) for i in range(len(perm))])


def is_elementwise(op: Operation) -> bool:
    """arith/math ops (and vector.fma): all vector operands share the result's shape."""
    if op.name == "arith.constant":
        return False
    return op.name.split(".")[0] in ELEMENTWISE_DIALECTS or op.name == "vector.fma"


def dpas_requirements(op: DpasOp, cd: Layout) -> list[Requirement]:
    """A, B (and acc) of a dpas whose C/D layout is ``cd``."""
    a_shape = shape_of(op.lhs.type)
    b_shape = shape_of(op.rhs.type)
    assert a_shape is not None and b_shape is not None
    b_shape = _unpacked(b_shape)  # a packed (VNNI) B [K/f, N, f] is the K x N matrix
    if len(a_shape) != 2 or len(b_shape) != 2:
        raise RuleError("dpas: only 2-D A and B operands are supported at workgroup level")
    (m, k), n = a_shape, b_shape[1]
    a, b = dpas_operand_layouts(cd, m, n, k)
    reqs: list[Requirement] = [(0, a), (1, b)]
    if op.acc is not None:
        reqs.append((2, cd))
    return reqs


def _shape(v: SSAValue) -> tuple[int, ...]:
    s = shape_of(v.type)
    assert s is not None
    return s


def _offsets(op: ExtractStridedSliceOp | InsertStridedSliceOp) -> tuple[int, ...]:
    return tuple(int(a.value.data) for a in op.offsets.data)  # type: ignore[attr-defined]


def _wg(layout: AnyLayout) -> bool:
    return layout.is_wg


def operand_requirements(op: Operation, results: Sequence[AnyLayout | None]) -> list[Requirement]:
    """Operand layouts ``op`` needs when its results carry ``results``. Raises RuleError when a
    rule has no answer; returns [] for ops without a rule (their operands stay unconstrained)."""
    r0 = results[0] if results else None
    if r0 is None:
        return []
    if is_elementwise(op):
        rshape = shape_of(op.results[0].type) if op.results else None
        return [
            (i, r0) for i, v in enumerate(op.operands) if rshape is not None and shape_of(v.type) == rshape
        ]
    if isinstance(op, BroadcastOp):
        sshape = shape_of(op.source.type)
        if sshape is None or not _wg(r0):
            return []
        rshape = shape_of(op.vector.type)
        assert rshape is not None
        return [(0, broadcast_source_layout(r0, sshape, rshape))]
    if isinstance(op, MultiDimReductionOp):
        if not _wg(r0):
            return [(1, r0)] if shape_of(op.acc.type) else []
        sshape = shape_of(op.source.type)
        assert sshape is not None
        reqs: list[Requirement] = [(0, reduction_source_layout(r0, sshape, op.get_reduction_dims()))]
        if shape_of(op.acc.type):
            reqs.append((1, r0))
        return reqs
    if isinstance(op, TransposeOp):
        return [(0, transpose_source_layout(r0, op.permutation.get_values()))]
    if isinstance(op, ShapeCastOp):
        if not _wg(r0):
            return []
        sshape, rshape = shape_of(op.source.type), shape_of(op.result.type)
        assert sshape is not None and rshape is not None
        return [(0, shape_cast_source_layout(r0, sshape, rshape))]
    if isinstance(op, ExtractStridedSliceOp):
        if not _wg(r0):
            return []
        return [(0, window_layout(r0, _shape(op.result), _shape(op.source), _offsets(op), exact=False))]
    if isinstance(op, InsertStridedSliceOp):
        if not _wg(r0):
            return [(1, r0)]
        reqs = [(1, r0)]
        try:
            reqs.append((0, window_layout(r0, _shape(op.result), _shape(op.value_to_store), _offsets(op))))
        except RuleError:
            pass  # the inserted value keeps its own layout; distribution checks the pair
        return reqs
    if isinstance(op, DpasOp):
        if isinstance(r0, SliceLayout):
            raise RuleError("dpas: the result cannot take a #xegpu.slice layout")
        if not r0.is_wg:
            return [(2, r0)] if op.acc is not None else []
        return dpas_requirements(op, r0)
    if isinstance(op, LoadNdOp | UpdateNdOffsetOp):
        if isinstance(r0, SliceLayout):
            raise RuleError(
                f"its result would need the slice layout {layout_text(r0)}, which a tensor_desc "
                "cannot carry (load a unit-dim shape instead, e.g. 1xN, or convert_layout it)"
            )
        perm = load_permutation(op) if isinstance(op, LoadNdOp) else None
        return [(0, r0 if perm is None else transpose_source_layout(r0, perm))]
    return []


def forward_result_layout(op: Operation, operands: Sequence[AnyLayout | None]) -> AnyLayout | None:
    """A layout for the result of ``op`` derived from its operands' layouts (use -> def has no
    answer: nothing downstream needs one, or the backward rule fails for the layout downstream
    needs, which then gets a conversion). None when there is no forward rule for ``op``.

    Elementwise ops take a same-shape operand's layout; ``multi_reduction`` the slice of its
    source layout on the reduced dims; ``transpose`` the permuted source layout; ``shape_cast``
    the layout that gives every subgroup the same elements as its source; ``extract_strided_slice``
    its source's fields when the window's tiles sit inside the same subgroup's source tiles;
    ``insert_strided_slice`` its destination's layout.
    """
    if not op.results or shape_of(op.results[0].type) is None:
        return None
    rshape = shape_of(op.results[0].type)
    if is_elementwise(op):
        for v, lay in zip(op.operands, operands):
            if lay is not None and lay.is_wg and shape_of(v.type) == rshape:
                return lay
        return None
    if isinstance(op, InsertStridedSliceOp):
        dest = operands[1]
        return dest if dest is not None and dest.is_wg else None
    src = operands[0] if operands else None
    if src is None or not src.is_wg:
        return None
    try:
        if isinstance(op, MultiDimReductionOp) and isinstance(src, Layout):
            dims = tuple(sorted(int(d) for d in op.get_reduction_dims()))
            return SliceLayout(src, dims)
        if isinstance(op, TransposeOp):
            perm = [int(p) for p in op.permutation.get_values()]
            inverse = [perm.index(i) for i in range(len(perm))]
            return transpose_source_layout(src, inverse)
        if isinstance(op, ExtractStridedSliceOp):
            return window_layout(src, _shape(op.source), _shape(op.result), _offsets(op), exact=False)
        if isinstance(op, ShapeCastOp):
            sshape = shape_of(op.source.type)
            assert sshape is not None and rshape is not None
            return shape_cast_source_layout(src, rshape, sshape)
    except RuleError:
        return None
    return None
