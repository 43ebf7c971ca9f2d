"""The values propagation lays out, and how it names them: vectors and tensor descriptors,
their shapes (a packed load's result described by its descriptor's 2-D shape), their element
width, the layout an attribute denotes, and ``%name (result #i of 'op')`` for diagnostics."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, VectorType
from xdsl.ir import Attribute, BlockArgument, OpResult, SSAValue

from wgdist.dialects.xegpu import DISTRIBUTE_LAYOUT_TYPES, LoadNdOp, TensorDescType
from wgdist.layout import AnyLayout


def tracked(v: SSAValue) -> bool:
    """Values that carry layouts: vectors and tensor descriptors."""
    return isinstance(v.type, VectorType | TensorDescType)


def shape_of(t: Attribute) -> tuple[int, ...] | None:
    """The shape of a vector or tensor_desc type; None for any other type."""
    if isinstance(t, VectorType):
        return tuple(t.get_shape())
    if isinstance(t, TensorDescType):
        return t.get_shape()
    return None


def unpacked(shape: tuple[int, ...]) -> tuple[int, ...]:
    """The 2-D ``[K, N]`` a packed (VNNI) ``[K/f, N, f]`` shape stands for; other shapes as
    they are."""
    return (shape[0] * shape[2], shape[1]) if len(shape) == 3 else shape


def packed_load(v: SSAValue) -> bool:
    """``v`` is the result of a ``load_nd <{packed}>``: a ``[K/f, N, f]`` vector whose layout
    describes the descriptor's 2-D ``[K, N]`` (as distribution reads it)."""
    return isinstance(v, OpResult) and isinstance(v.op, LoadNdOp) and v.op.packed is not None


def value_shape(v: SSAValue) -> tuple[int, ...] | None:
    """The shape ``v``'s layout describes: its type's, except for a packed load's result (the
    descriptor's 2-D shape)."""
    s = shape_of(v.type)
    if s is not None and packed_load(v):
        return unpacked(s)
    return s


def element_bits(t: Attribute) -> int:
    """The element width of a vector or tensor_desc type (32 for anything else)."""
    elt = t.element_type if isinstance(t, VectorType | TensorDescType) else None
    width = getattr(elt, "bitwidth", None)
    return int(width) if isinstance(width, int) else 32


def element_is_integer(t: Attribute) -> bool:
    """Whether a vector or tensor_desc type has integer elements."""
    elt = t.element_type if isinstance(t, VectorType | TensorDescType) else None
    return isinstance(elt, IntegerType)


def describe(v: SSAValue) -> str:
    """``%name (result #i of 'op')`` / ``block argument #i of 'op'``: how diagnostics name a value."""
    name = f"%{v.name_hint} " if v.name_hint else ""
    if isinstance(v, OpResult) and v.name_hint and sum(r.name_hint == v.name_hint for r in v.op.results) > 1:
        name = f"%{v.name_hint}#{v.index} "  # %res:2 = scf.for ...: %res#0, %res#1 as in the IR
    if isinstance(v, OpResult):
        return f"{name}(result #{v.index} of '{v.op.name}')"
    assert isinstance(v, BlockArgument)
    owner = v.block.parent_op()
    return f"{name}(block argument #{v.index} of '{owner.name if owner else 'block'}')"


def attr_layout(attr: Attribute | None) -> AnyLayout | None:
    """The layout a layout attribute (any spelling, or a slice) denotes; None for no attribute
    or a ``NoneAttr``."""
    return attr.to_model() if isinstance(attr, DISTRIBUTE_LAYOUT_TYPES) else None
