"""Mixed static/dynamic index lists, as XeGPU prints offsets, shapes and strides.

``%t[%i, 0]`` is stored as the dynamic operands ``[%i]`` plus the property
``const_offsets = array<i64: -9223372036854775808, 0>``: the marker ``DYNAMIC`` (LLVM's
``ShapedType::kDynamic``) stands for the next dynamic operand. This module is the
``custom<OptionalDynamicIndexList>`` directive of LLVM 22, written by hand for the XeGPU ops.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DYNAMIC_INDEX, I64, DenseArrayBase, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

DYNAMIC = DYNAMIC_INDEX
"""The marker of a dynamic entry (-9223372036854775808)."""

Mixed = list[int | SSAValue]


def parse_index_list(parser: Parser) -> tuple[list[UnresolvedOperand], list[int]]:
    """``[a, %b, ...]``: returns the dynamic operands and the static list with markers."""
    dynamic: list[UnresolvedOperand] = []
    static: list[int] = []

    def element() -> None:
        operand = parser.parse_optional_unresolved_operand()
        if operand is not None:
            dynamic.append(operand)
            static.append(DYNAMIC)
        else:
            static.append(parser.parse_integer(allow_boolean=False))

    parser.parse_comma_separated_list(parser.Delimiter.SQUARE, element)
    return dynamic, static


def parse_optional_index_list(parser: Parser) -> tuple[list[UnresolvedOperand], list[int]] | None:
    """An optional ``[...]`` list (``custom<OptionalDynamicIndexList>``)."""
    if parser._current_token.text != "[":  # noqa: SLF001 - peek without consuming
        return None
    return parse_index_list(parser)


def print_index_list(printer: Printer, static: Sequence[int], dynamic: Sequence[SSAValue]) -> None:
    it = iter(dynamic)
    printer.print_string("[")
    for i, v in enumerate(static):
        if i:
            printer.print_string(", ")
        if v == DYNAMIC:
            printer.print_ssa_value(next(it))
        else:
            printer.print_string(str(v))
    printer.print_string("]")


def static_array(values: Sequence[int]) -> DenseArrayBase[I64]:
    return DenseArrayBase.from_list(i64, list(values))


def static_values(attr: Attribute | None) -> list[int] | None:
    if isinstance(attr, DenseArrayBase):
        return [int(v) for v in attr.get_values()]
    return None


def mixed(static: Attribute | None, dynamic: Sequence[SSAValue]) -> Mixed:
    """``[int | SSAValue]`` from a ``const_*`` property and its operands (``[]`` if absent)."""
    values = static_values(static)
    if values is None:
        return list(dynamic)
    it = iter(dynamic)
    return [next(it) if v == DYNAMIC else v for v in values]


def split(values: Sequence[int | SSAValue]) -> tuple[list[int], list[SSAValue]]:
    """Inverse of :func:`mixed`: the static list with markers and the dynamic operands."""
    static = [DYNAMIC if isinstance(v, SSAValue) else int(v) for v in values]
    return static, [v for v in values if isinstance(v, SSAValue)]


def offset_props(
    offsets: Sequence[int | SSAValue] | None,
) -> tuple[list[SSAValue], dict[str, Attribute | None]]:
    """The dynamic operands and ``{"const_offsets": ...}`` (None when ``offsets`` is None)."""
    if offsets is None:
        return [], {"const_offsets": None}
    static, dynamic = split(offsets)
    return dynamic, {"const_offsets": static_array(static)}


def verify_index_list(what: str, static: Attribute | None, dynamic: Sequence[SSAValue]) -> None:
    """The number of markers in ``const_<what>`` must equal the number of dynamic operands."""
    values = static_values(static)
    n_markers = 0 if values is None else values.count(DYNAMIC)
    if n_markers != len(dynamic):
        raise VerifyException(
            f"expected {n_markers} dynamic {what} operand(s) for const_{what} {values}, "
            f"got {len(dynamic)}"
        )
