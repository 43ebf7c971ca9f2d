"""How derived layouts are written: as attributes with an explicit ``order``, and - where a
value's derived layout distributes the same way - in the forms LLVM 22's wg-to-sg reads
(it crashes or fails to legalize otherwise). ``SPELLINGS[type(op)]`` gives that form for the
result of one op class:

* a ``multi_reduction`` result: ``#xegpu.slice<source layout, dims = reduced dims>`` (the
  source's subgroup fields; only where the result has no inst/lane fields of its own);
* an elementwise op on such a value: the same slice;
* a ``shape_cast`` re-inserting exactly the sliced unit dims: the slice's parent, ``sg_data``
  of the unit dims included (``[32, 1]/[8, 128]`` on ``256x1``; our passes read extent-1 dims
  as ``sg_data = 1``, :func:`wgdist.layout.with_unit_dims`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.elementwise import elementwise_ops
from wgdist.dialects.vector import MultiDimReductionOp, ShapeCastOp
from wgdist.dialects.xegpu import LayoutAttr, SliceAttr
from wgdist.layout import AnyLayout, Layout, SliceLayout, same_distribution, sg_part, with_unit_dims
from wgdist.passes.propagate.values import shape_of

OpT = TypeVar("OpT", bound=Operation)

Spelling = Callable[[OpT, AnyLayout, Mapping[SSAValue, AnyLayout], Mapping[SSAValue, AnyLayout]], AnyLayout | None]
"""``(op, have, spelled, layouts) -> layout``: the form to write for ``op``'s result, whose
derived layout is ``have``, given the forms chosen so far for earlier values (``spelled``) and
every value's derived layout (``layouts``); None: write ``have``."""


def explicit_order(layout: AnyLayout) -> AnyLayout:
    """``layout`` with its ``order`` spelled out when it has subgroup fields (LLVM 22 compares
    layouts field by field, so a derived workgroup layout always names its order); a layout of
    inst/lane fields alone is written as LLVM 22's propagation writes it, without ``order``."""
    if isinstance(layout, SliceLayout):
        return SliceLayout(explicit_order(layout.parent), layout.dims)
    if layout.order is not None or layout.sg_layout is None:
        return layout
    return Layout(layout.sg_layout, layout.sg_data, layout.inst_data, layout.lane_layout,
                  layout.lane_data, layout.effective_order())


def to_attr(layout: AnyLayout) -> LayoutAttr | SliceAttr:
    """The ``#xegpu.layout`` / ``#xegpu.slice`` attribute of a layout."""
    if isinstance(layout, SliceLayout):
        return SliceAttr(to_attr(layout.parent), layout.dims)
    return LayoutAttr.from_model(layout)


def _unit_dims_removed(src: tuple[int, ...], res: tuple[int, ...], dims: tuple[int, ...]) -> bool:
    """``res`` is ``src`` with unit dims inserted exactly at ``dims``."""
    if len(res) != len(src) + len(dims) or any(res[d] != 1 for d in dims):
        return False
    return tuple(n for d, n in enumerate(res) if d not in dims) == src


def _result_shape(op: Operation) -> tuple[int, ...]:
    shape = shape_of(op.results[0].type)
    assert shape is not None
    return shape


def multi_reduction_spelling(
    op: MultiDimReductionOp, have: AnyLayout, spelled: Mapping[SSAValue, AnyLayout], layouts: Mapping[SSAValue, AnyLayout]
) -> AnyLayout | None:
    src = layouts.get(op.source)
    if not isinstance(have, Layout) or not isinstance(src, Layout) or not src.is_wg:
        return None
    # subgroup fields only: the result's own inst/lane fields are none here (a slice would read
    # its parent's, which a 256x1 shape_cast cannot carry)
    cand = SliceLayout(explicit_order(sg_part(src)), tuple(sorted(op.get_reduction_dims())))
    return cand if same_distribution(_result_shape(op), cand, have) else None


def elementwise_spelling(
    op: Operation, have: AnyLayout, spelled: Mapping[SSAValue, AnyLayout], layouts: Mapping[SSAValue, AnyLayout]
) -> AnyLayout | None:
    rshape = _result_shape(op)
    cand = next((spelled[o] for o in op.operands if o in spelled and shape_of(o.type) == rshape), None)
    return cand if cand is not None and same_distribution(rshape, cand, have) else None


def shape_cast_spelling(
    op: ShapeCastOp, have: AnyLayout, spelled: Mapping[SSAValue, AnyLayout], layouts: Mapping[SSAValue, AnyLayout]
) -> AnyLayout | None:
    src = spelled.get(op.source)
    sshape, rshape = shape_of(op.source.type), _result_shape(op)
    if (
        isinstance(src, SliceLayout)
        and isinstance(src.parent, Layout)
        and sshape is not None
        and _unit_dims_removed(sshape, rshape, src.dims)
        and same_distribution(rshape, with_unit_dims(rshape, src.parent), have)
    ):
        return src.parent
    return None


def _entry(cls: type[OpT], spelling: Spelling[OpT]) -> tuple[type[Operation], Spelling[Any]]:
    """A table entry whose function takes ``cls`` (checked by the type checker)."""
    return cls, spelling


SPELLINGS: dict[type[Operation], Spelling[Any]] = {
    **{cls: elementwise_spelling for cls in elementwise_ops()},
    **dict([_entry(MultiDimReductionOp, multi_reduction_spelling), _entry(ShapeCastOp, shape_cast_spelling)]),
}


def llvm_spelling(root: Operation, layouts: Mapping[SSAValue, AnyLayout], fixed: set[SSAValue]) -> dict[SSAValue, AnyLayout]:
    """The LLVM 22 forms of the derived layouts ``layouts`` of the op results under ``root``
    that have one (see :data:`SPELLINGS`; a result in ``fixed``, whose layout the user wrote,
    keeps it)."""
    spelled: dict[SSAValue, AnyLayout] = {}
    for op in root.walk():
        if not op.results:
            continue
        r = op.results[0]
        have = layouts.get(r)
        if have is None or shape_of(r.type) is None or r in fixed or not isinstance(r.type, VectorType):
            continue
        spelling = SPELLINGS.get(type(op))
        got = spelling(op, have, spelled, layouts) if spelling is not None else None
        if got is not None:
            spelled[r] = got
    return spelled
