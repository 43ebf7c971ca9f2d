"""What the user's anchors imply beyond their own operands (helpers of :mod:`.analysis`):

* which functions are workgroup level (there the inst/lane kinds only decorate subgroup
  layouts: an anchor without a layout seeds nothing, as in the subgroup kind);
* a dpas with ``layout_a`` and ``layout_b`` but no ``layout_cd``: its C/D layout;
* a store through a descriptor without a layout: the layout its stored value gives it;
* which descriptors feed dpas B (the inst/lane kinds give them the B defaults), directly or
  through a transpose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from xdsl.ir import Attribute, Operation, OpResult, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.vector import TransposeOp
from wgdist.dialects.xegpu.layout_access import operand_layout_anchor
from wgdist.dialects.xegpu.ops_compute import DpasOp
from wgdist.dialects.xegpu.ops_nd import LoadNdOp
from wgdist.dialects.xegpu.types import TensorDescType
from wgdist.layout import AnyLayout, Layout, SliceLayout, distribution_errors
from wgdist.layout_rules import (
    RuleError,
    dpas_result_layout,
    plain_equivalent,
    sg_part,
)
from wgdist.layout_rules_shape import block_layouts
from wgdist.passes.propagate.defaults import Role
from wgdist.passes.propagate.op_rules import load_permutation, shape_of

FUNCS = ("func.func", "gpu.func")


def _is_wg(attr: Attribute | None) -> bool:
    if isinstance(attr, TensorDescType):
        return _is_wg(attr.layout)
    return bool(getattr(attr, "is_wg", False))


def _function_of(op: Operation) -> Operation | None:
    p: Operation | None = op
    while p is not None and p.name not in FUNCS:
        p = p.parent_op()
    return p


def wg_functions(root: Operation) -> set[Operation]:
    """Functions that mention a workgroup layout (one with ``sg_layout``) anywhere: on an op,
    a result or a block argument type."""
    out: set[Operation] = set()
    for fn in root.walk():
        if fn.name not in FUNCS:
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
    a, b = operand_layout_anchor(op, 0), operand_layout_anchor(op, 1)
    if a is None or b is None:
        return None
    am, bm = a.to_model(), b.to_model()
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
    root = value if isinstance(value, Layout) else value.root
    cands += [c for c in block_layouts(shape, sg_part(root)) if c not in cands]
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
        b, role = op.rhs, "dpas_b"
        if isinstance(b, OpResult) and isinstance(b.op, TransposeOp) and list(b.op.permutation.get_values()) == [1, 0]:
            b, role = b.op.vector, "dpas_b_t"
        if isinstance(b, OpResult) and isinstance(b.op, LoadNdOp) and load_permutation(b.op) is None:
            for p in partners(b.op.TensorDesc):
                out.setdefault(p, role)  # type: ignore[arg-type]
    return out
