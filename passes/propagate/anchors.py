"""What the layouts a user writes on anchor ops pin and imply (helpers of :mod:`.analysis`).

``ANCHORS[type(op)]`` is the :class:`Anchor` of an op whose written layouts seed the analysis:
the operand layouts it pins (dpas ``layout_a/b/cd``, the value a store writes, the descriptor
of a store_nd/prefetch_nd, a convert_layout's ``input_layout``), what its operands and result
are used as (the inst/lane kinds' defaults differ for dpas A, B and C/D), and the result
layout it implies (a load_nd's from its descriptor, a dpas's C/D from ``layout_a/b``). Result
layouts written on any op (``layout``, ``layout_cd``, ``target_layout``, ``layout_result_N``,
descriptor types) are read for every op by :mod:`.analysis`.

Beyond their operands, anchors imply:

* which functions are workgroup level (there the inst/lane kinds only decorate subgroup
  layouts: an anchor without a layout seeds nothing, as in the subgroup kind);
* a store through a descriptor without a layout: the layout its stored value gives it;
* which descriptors feed dpas B (the inst/lane kinds give them the B defaults), directly or
  through a transpose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from xdsl.dialects import func
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, OpResult, SSAValue

from wgdist.dialects import gpu
from wgdist.dialects.vector import TransposeOp
from wgdist.dialects.xegpu import (
    ConvertLayoutOp,
    CreateTdescOp,
    DpasOp,
    LoadGatherOp,
    LoadNdOp,
    PrefetchNdOp,
    StoreMatrixOp,
    StoreNdOp,
    StoreScatterOp,
    TensorDescType,
)
from wgdist.dialects.xegpu.layout_access import operand_layout_anchor
from wgdist.ir.diagnostics import OpError
from wgdist.layout import (
    AnyLayout,
    Layout,
    RuleError,
    SliceLayout,
    block_layouts,
    distribution_errors,
    dpas_result_layout,
    plain_equivalent,
    sg_part,
)
from wgdist.passes.propagate.defaults import Role
from wgdist.passes.propagate.rules import (
    dpas_requirements,
    load_permutation,
    load_result_layout,
    scatter_index_layout,
)
from wgdist.passes.propagate.values import attr_layout, shape_of

OpT = TypeVar("OpT", bound=Operation)

Pin = tuple[int, AnyLayout | None]
"""``(operand index, layout)`` an anchor pins; None: the anchor names the operand without a
layout (the inst/lane kinds give it their defaults outside workgroup-level functions)."""


@dataclass(frozen=True)
class Anchor(Generic[OpT]):
    """What an anchor op's written layouts say.

    * ``pins(op)``: the operand layouts it pins (raises OpError when they contradict), None
      for none;
    * ``roles``: what operand ``i`` is used as (beyond them: ``plain``), or a function of the op
      and ``i``; ``result_role`` the same for its result;
    * ``produced(op)``: the layout its result is produced with whatever is written on the
      result (a load_nd's descriptor's), or None;
    * ``implied(op)``: the layout its result takes when none is written on it, or None;
    * ``default_result``: the inst/lane kinds give its result their defaults when nothing sets
      it (outside workgroup-level functions).
    """

    pins: Callable[[OpT], list[Pin]] | None = None
    roles: tuple[Role, ...] | Callable[[OpT, int], Role] = ()
    result_role: Role = "plain"
    produced: Callable[[OpT], AnyLayout | None] | None = None
    implied: Callable[[OpT], AnyLayout | None] | None = None
    default_result: bool = False

    def role(self, op: OpT, index: int) -> Role:
        if callable(self.roles):
            return self.roles(op, index)
        return self.roles[index] if index < len(self.roles) else "plain"


FUNCTIONS = (func.FuncOp, gpu.FuncOp)
"""The ops whose bodies are kernels or device functions."""


def _is_wg(attr: Attribute | None) -> bool:
    if isinstance(attr, TensorDescType):
        return _is_wg(attr.layout)
    return bool(getattr(attr, "is_wg", False))


def _function_of(op: Operation) -> Operation | None:
    p: Operation | None = op
    while p is not None and not isinstance(p, FUNCTIONS):
        p = p.parent_op()
    return p


def wg_functions(root: Operation) -> set[Operation]:
    """Functions that mention a workgroup layout (one with ``sg_layout``) anywhere: on an op,
    a result or a block argument type."""
    out: set[Operation] = set()
    for fn in root.walk():
        if not isinstance(fn, FUNCTIONS):
            continue
        for op in fn.walk():
            attrs: list[Attribute | None] = [*op.properties.values(), *op.attributes.values()]
            attrs += [r.type for r in op.results]
            attrs += [a.type for reg in op.regions for b in reg.blocks for a in b.args]
            if any(_is_wg(a) for a in attrs):
                out.add(fn)
                break
    return out


def in_any(op: Operation, functions: set[Operation]) -> bool:
    fn = _function_of(op)
    return fn is not None and fn in functions


def dpas_cd_from_ab(op: DpasOp) -> Layout | None:
    """C/D of a dpas with workgroup ``layout_a`` and ``layout_b`` and no ``layout_cd``."""
    if op.layout_cd is not None:
        return None
    am, bm = attr_layout(operand_layout_anchor(op, 0)), attr_layout(operand_layout_anchor(op, 1))
    if not (isinstance(am, Layout) and isinstance(bm, Layout) and am.is_wg and bm.is_wg):
        return None
    a_shape, b_shape, c_shape = shape_of(op.lhs.type), shape_of(op.rhs.type), shape_of(op.result.type)
    assert a_shape is not None and b_shape is not None and c_shape is not None
    (m, k), n = a_shape, c_shape[1]
    try:
        return dpas_result_layout(am, bm, m, n, k)
    except RuleError as e:
        raise OpError(op, str(e)) from None


def store_layout(shape: tuple[int, ...], value: AnyLayout) -> Layout | None:
    """The layout a store's descriptor takes from its stored value: the value's own when a
    store may use it (plain, no sharing), else the nearest that may - the plain equivalent of a
    slice, or a contiguous block layout over the same subgroups (the value then converts)."""
    cands: list[Layout] = []
    if isinstance(value, Layout):
        cands.append(value)
    else:
        eq = plain_equivalent(shape, value)
        if eq is not None:
            cands.append(eq)
    cands += [c for c in block_layouts(shape, sg_part(value.root)) if c not in cands]
    for c in cands:
        if not distribution_errors(shape, c, no_sharing=True):
            return c
    return None


def load_layout(shape: tuple[int, ...], value: SliceLayout) -> list[Layout]:
    """Plain layouts a load's descriptor can take when its result is needed as the slice
    ``value``: the slice's plain equivalent (no conversion), else contiguous block layouts (the
    loaded value then converts to the slice)."""
    eq = plain_equivalent(shape, value)
    blocks = block_layouts(shape, sg_part(value.root))
    return ([eq] if eq is not None else []) + [b for b in blocks if b != eq]


def dpas_b_descriptors(
    ops: Iterable[Operation], partners: Callable[[SSAValue], list[SSAValue]]
) -> dict[SSAValue, Role]:
    """Descriptors (with their loop / update_nd_offset partners) whose loads feed dpas operand
    B, directly (``dpas_b``) or through a 2-D ``vector.transpose`` (``dpas_b_t``): the inst/lane
    kinds give them the B defaults, so the K loop needs no conversion."""
    out: dict[SSAValue, Role] = {}
    for op in ops:
        if not isinstance(op, DpasOp):
            continue
        b: SSAValue = op.rhs
        role: Role = "dpas_b"
        if isinstance(b, OpResult) and isinstance(b.op, TransposeOp) and list(b.op.permutation.get_values()) == [1, 0]:
            b, role = b.op.vector, "dpas_b_t"
        if isinstance(b, OpResult) and isinstance(b.op, LoadNdOp) and load_permutation(b.op) is None:
            for p in partners(b.op.TensorDesc):
                out.setdefault(p, role)
    return out


# ---- the anchor table ------------------------------------------------------------------------
def dpas_pins(op: DpasOp) -> list[Pin]:
    """``layout_a/b/cd`` as written; A and B derived from a workgroup ``layout_cd`` where the
    user left them out."""
    pinned = [attr_layout(operand_layout_anchor(op, i)) for i in range(len(op.operands))]
    cd = attr_layout(op.layout_cd)
    derived: dict[int, AnyLayout] = {}
    if isinstance(cd, Layout) and cd.is_wg and (pinned[0] is None or pinned[1] is None):
        try:
            derived = dict(dpas_requirements(op, cd))
        except RuleError as e:
            raise OpError(op, str(e)) from None
    return [(i, lay if lay is not None else derived.get(i)) for i, lay in enumerate(pinned)]


def _nd_layout(op: StoreNdOp | PrefetchNdOp) -> AnyLayout | None:
    """The descriptor type's layout, else the op's ``layout``."""
    tdesc = op.TensorDesc.type
    assert isinstance(tdesc, TensorDescType)
    type_layout = attr_layout(tdesc.layout)
    return type_layout if type_layout is not None else attr_layout(op.layout)


def store_nd_pins(op: StoreNdOp) -> list[Pin]:
    """The stored value and the descriptor."""
    lay = _nd_layout(op)
    return [(0, lay), (op.operands.index(op.TensorDesc), lay)]


def prefetch_nd_pins(op: PrefetchNdOp) -> list[Pin]:
    return [(op.operands.index(op.TensorDesc), _nd_layout(op))]


def load_nd_produced(op: LoadNdOp) -> AnyLayout | None:
    """The descriptor's layout (permuted for a transposed load)."""
    desc = op.TensorDesc.type
    lay = attr_layout(desc.layout) if isinstance(desc, TensorDescType) else None
    return None if lay is None else load_result_layout(op, lay)


def scatter_role(op: LoadGatherOp | StoreScatterOp, index: int) -> Role:
    """A gather/scatter's data and descriptor are ``scatter_data``, its offsets and mask
    ``scatter_index``."""
    v = op.operands[index]
    if isinstance(v.type, TensorDescType) or (isinstance(op, StoreScatterOp) and index == 0):
        return "scatter_data"
    return "scatter_index" if isinstance(v.type, VectorType) else "plain"


def store_scatter_pins(op: StoreScatterOp) -> list[Pin]:
    """The stored value and a descriptor take the written layout; the offsets and the mask the
    layout of the data they index (:func:`~.rules.scatter_index_layout`), or, without one, the
    kind's defaults."""
    lay = attr_layout(operand_layout_anchor(op, 0))
    vshape = shape_of(op.value.type)
    assert vshape is not None
    pins: list[Pin] = [(0, lay)]
    for i, w in enumerate(op.operands[1:], start=1):
        if isinstance(w.type, TensorDescType):
            pins.append((i, lay))
        elif isinstance(w.type, VectorType):
            pins.append((i, None if lay is None else scatter_index_layout(lay, vshape, w.type.get_shape())))
    return pins


def store_matrix_pins(op: StoreMatrixOp) -> list[Pin]:
    return [(0, attr_layout(operand_layout_anchor(op, 0)))]


def convert_layout_pins(op: ConvertLayoutOp) -> list[Pin]:
    """``input_layout``: a conversion is a barrier, its operand keeps what the user wrote."""
    return [(0, attr_layout(op.input_layout))]


def _anchor(cls: type[OpT], anchor: Anchor[OpT]) -> tuple[type[Operation], Anchor[Any]]:
    """A table entry whose functions take ``cls`` (checked by the type checker)."""
    return cls, anchor


ANCHORS: dict[type[Operation], Anchor[Any]] = dict(
    [
        _anchor(
            DpasOp,
            Anchor(
                dpas_pins,
                roles=("dpas_a", "dpas_b", "dpas_cd"),
                result_role="dpas_cd",
                implied=dpas_cd_from_ab,
                default_result=True,
            ),
        ),
        _anchor(LoadNdOp, Anchor(produced=load_nd_produced)),
        _anchor(StoreNdOp, Anchor(store_nd_pins)),
        _anchor(PrefetchNdOp, Anchor(prefetch_nd_pins)),
        _anchor(StoreScatterOp, Anchor(store_scatter_pins, roles=scatter_role)),
        _anchor(LoadGatherOp, Anchor(roles=scatter_role, result_role="scatter_data", default_result=True)),
        _anchor(StoreMatrixOp, Anchor(store_matrix_pins)),
        _anchor(ConvertLayoutOp, Anchor(convert_layout_pins)),
    ]
)

OPERAND_ROLES: dict[type[Operation], tuple[Role, ...]] = {
    CreateTdescOp: ("plain", "scatter_index"),
}
"""What the operands of ops that are not anchors are used as, where that is not ``plain``
(the descriptor's layout gives a create_tdesc's offsets theirs; the kinds' defaults for
offsets apply)."""
