"""Helpers shared by the extra ``vector`` ops: typed accessors, i64 arrays, MLIR-style attr dicts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from xdsl.dialects.builtin import (
    I64,
    ArrayAttr,
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    UnitAttr,
    VectorType,
    i1,
    i64,
)
from xdsl.ir import Attribute
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

I64ArrayAttr = ArrayAttr[IntegerAttr[I64]]
"""MLIR's ``I64ArrayAttr``: an ``ArrayAttr`` of ``i64`` integers (printed ``[0, 2]``)."""


def vector_of(attr: Attribute, what: str) -> VectorType[Attribute]:
    """``attr`` as a VectorType (the IRDL constraints have already checked it)."""
    if not isinstance(attr, VectorType):
        raise VerifyException(f"expected {what} to be a vector, got {attr}")
    return cast(VectorType[Attribute], attr)


def i64_array(values: Iterable[int]) -> I64ArrayAttr:
    """``[v0, v1, ...]`` as an ``ArrayAttr`` of ``i64`` ``IntegerAttr``s."""
    return ArrayAttr([IntegerAttr(v, i64) for v in values])


def i64_dense(values: Iterable[int]) -> DenseArrayBase[I64]:
    """``array<i64: v0, v1, ...>``."""
    return DenseArrayBase.from_list(i64, list(values))


def array_values(attr: ArrayAttr[IntegerAttr]) -> list[int]:
    """The integers of an ``I64ArrayAttr``."""
    return [a.value.data for a in attr.data]


def fmt_list(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def entries(n: int) -> str:
    """``"1 entry"`` / ``"3 entries"``."""
    return f"{n} entry" if n == 1 else f"{n} entries"


def make_vector(
    element_type: Attribute, shape: Sequence[int], scalable: Sequence[bool]
) -> VectorType:
    """A vector type with the given shape and scalable-dimension flags."""
    flags = ArrayAttr([BoolAttr(bool(s), i1) for s in scalable])
    return VectorType(element_type, shape, flags)


def select_dims(source: VectorType, dims: Sequence[int]) -> VectorType:
    """A vector of ``source``'s dimensions ``dims`` (in that order, scalable flags kept)."""
    shape, scalable = source.get_shape(), source.get_scalable_dims()
    return make_vector(source.element_type, [shape[d] for d in dims], [scalable[d] for d in dims])


def print_mlir_attr_dict(
    printer: Printer, properties: Mapping[str, Attribute], attributes: Mapping[str, Attribute]
) -> None:
    """Print ``{...}`` the way MLIR prints an ``attr-dict`` that also holds inherent attributes.

    Entries are sorted by name; ``I64ArrayAttr`` values print as ``[0, 2]`` (MLIR's spelling,
    which xDSL's generic printer would write as ``[0 : i64, 2 : i64]``).
    """
    merged = {**attributes, **properties}
    if not merged:
        return

    def print_entry(name: str) -> None:
        value = merged[name]
        printer.print_identifier_or_string_literal(name)
        if isinstance(value, UnitAttr):
            return
        printer.print_string(" = ")
        if isinstance(value, ArrayAttr) and all(
            isinstance(v, IntegerAttr) and v.type == i64 for v in value.data
        ):
            printer.print_string(fmt_list(array_values(cast(I64ArrayAttr, value))))
        else:
            printer.print_attribute(value)

    printer.print_string(" ")
    with printer.in_braces():
        printer.print_list(sorted(merged), print_entry)
