"""Building subgroup IR: what handlers of every family emit alike.

Subgroup types (:func:`sg_type`), the attributes and properties of a WG op with the ``sg_*``
fields removed from its layouts (:func:`sg_attrs`, :func:`sg_props`), per-tile offsets of a
memory access (:func:`tile_offsets`, :func:`with_offsets`), and one op per distinct operand
tuple (:func:`per_tile`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerType,
    NoneAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.xegpu import (
    DISTRIBUTE_LAYOUT_TYPES,
    SliceAttr,
    TensorDescType,
)
from wgdist.dialects.xegpu import offsets as idx
from wgdist.dialects.xegpu.layout_access import drop_sg_fields
from wgdist.passes.distribute.dist import Dist, is_wg_attr
from wgdist.passes.distribute.sg_ids import Index
from wgdist.passes.distribute.state import Env


# ---- types ----------------------------------------------------------------------------------------
def element_type(v: SSAValue) -> Attribute:
    """The element type of a vector value."""
    t = v.type
    assert isinstance(t, VectorType), f"expected a vector, got {t}"
    return t.element_type


def sg_tdesc_type(t: TensorDescType, d: Dist) -> TensorDescType:
    """The subgroup descriptor: the tile shape, the layout without its ``sg_*`` fields."""
    rest = drop_sg_fields(t.layout) if is_wg_attr(t.layout) else None
    assert not isinstance(rest, SliceAttr), "a tensor_desc layout is never a slice"
    return TensorDescType(d.tile_shape, t.element_type, t.encoding, rest)


def sg_type(t: Attribute, d: Dist) -> Attribute:
    """The type of one subgroup tile of a WG value of type ``t`` (a vector or a descriptor)."""
    if isinstance(t, TensorDescType):
        return sg_tdesc_type(t, d)
    assert isinstance(t, VectorType), f"expected a vector or a tensor_desc, got {t}"
    return d.sg_vector_type(t.element_type)


# ---- attributes and properties ----------------------------------------------------------------
def _is_layout_name(name: str) -> bool:
    return name.startswith("layout_result_") or name == "layout_operand" or name.startswith("layout_operand_")


def _sg_rest(v: Attribute) -> Attribute | None:
    """A layout without its sg fields (None: nothing left); other attributes unchanged."""
    if isinstance(v, NoneAttr):
        return None
    return drop_sg_fields(v) if isinstance(v, DISTRIBUTE_LAYOUT_TYPES) else v


def sg_attrs(op: Operation) -> dict[str, Attribute]:
    """The op's discardable attributes with sg fields removed from ``layout_result_N``."""
    out: dict[str, Attribute] = {}
    for k, v in op.attributes.items():
        if _is_layout_name(k):
            rest = _sg_rest(v)
            if rest is not None:
                out[k] = rest
        else:
            out[k] = v
    return out


def sg_props(op: Operation, names: Sequence[str] = ("layout",)) -> dict[str, Attribute]:
    """The op's properties with sg fields removed from the layouts ``names`` (a layout with
    nothing left is dropped)."""
    props = dict(op.properties)
    for n in names:
        if n in props:
            rest = _sg_rest(props[n])
            if rest is None:
                del props[n]
            else:
                props[n] = rest
    return props


# ---- offsets of memory accesses ---------------------------------------------------------------
def tile_offsets(env: Env, d: Dist, original: Sequence[int | SSAValue], before: Operation) -> list[list[Index]]:
    """Per tile: the original offsets with the tile's offsets added to the trailing dims
    (offsets are right-aligned when the memory has more dims than the value)."""
    ids = env.ids
    r = len(d.shape)
    out: list[list[Index]] = []
    for toff in ids.tile_offsets(d, env.tile_base()):
        offs: list[Index] = list(original)
        lead = len(offs) - r
        for i in range(r):
            offs[lead + i] = ids.add(offs[lead + i], toff[i], before)
        out.append(offs)
    return out


def with_offsets(props: dict[str, Attribute], offsets: Sequence[Index] | None) -> tuple[dict[str, Attribute], list[SSAValue]]:
    """``props`` with ``const_offsets`` set from ``offsets``, and the dynamic offset operands."""
    props = dict(props)
    if offsets is None:
        return props, []
    static, dynamic = idx.split(offsets)
    props["const_offsets"] = idx.static_array(static)
    return dict(sorted(props.items())), dynamic


# ---- ops ------------------------------------------------------------------------------------------
def dense_constant(elt: Attribute, shape: Sequence[int], values: Sequence[int | float]) -> arith.ConstantOp:
    """``arith.constant dense<values> : vector<shape x elt>`` (a single value is a splat)."""
    if isinstance(elt, AnyFloat):
        ft = VectorType(elt, shape)
        return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(ft, [float(v) for v in values]), ft)
    if isinstance(elt, IntegerType | IndexType):
        it = VectorType(elt, shape)
        return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(it, [int(v) for v in values]), it)
    raise ValueError(f"no dense constant of element type {elt}")


def emit_like(env: Env, op: Operation, operands: Sequence[SSAValue], rtype: Attribute,
              props: dict[str, Attribute] | None = None) -> SSAValue:
    """An op of ``op``'s class on subgroup ``operands`` with result type ``rtype``, its
    properties (or ``props``) and its attributes without sg fields."""
    new = type(op).create(
        operands=list(operands), result_types=[rtype], properties=dict(op.properties) if props is None else props,
        attributes=sg_attrs(op),
    )
    return env.emit(new).results[0]


def per_tile(
    n: int, operands: Sequence[Sequence[SSAValue]], build: Callable[[list[SSAValue]], SSAValue]
) -> list[SSAValue]:
    """``build`` once per distinct operand tuple over ``n`` tiles (identical tiles share ops).

    ``operands[i]`` is the tile list of operand ``i`` (length ``n``, or 1 for a value shared by
    every tile)."""
    cache: dict[tuple[int, ...], SSAValue] = {}
    out: list[SSAValue] = []
    for k in range(n):
        args = [o[k] if len(o) > 1 else o[0] for o in operands]
        key = tuple(id(a) for a in args)
        if key not in cache:
            cache[key] = build(args)
        out.append(cache[key])
    return out
