"""The shared text of the ops that address a descriptor with an offset list.

``[%value,] %desc[offsets] <{props}> {attrs} : [type(value),] type(desc) [-> type(result)]``,
used by ``load_nd``/``store_nd``/``prefetch_nd`` (offsets optional) and by
``load_matrix``/``store_matrix``, whose text has mlir-opt 22's quirks: offsets required, no
space before the colon, and the types of the dynamic offsets listed after the ``mem_desc`` type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IndexType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from wgdist.dialects.xegpu import offsets as idx
from wgdist.dialects.xegpu.ops_common import (
    parse_props_and_attrs,
    print_props_and_attrs,
    sorted_props,
)


class OffsetAccessOp(IRDLOperation):
    """Base of the offset-addressed access ops (not registered itself).

    Operands: the stored value (``HAS_VALUE``), the descriptor, the dynamic offsets."""

    PROPS: ClassVar[tuple[str, ...]] = ()
    """The property names the text accepts (besides ``const_offsets``)."""
    HAS_VALUE: ClassVar[bool] = False
    HAS_RESULT: ClassVar[bool] = False
    MATRIX_TEXT: ClassVar[bool] = False

    def _n_fixed(self) -> int:
        return 2 if self.HAS_VALUE else 1

    @property
    def descriptor(self) -> SSAValue:
        return self.operands[self._n_fixed() - 1]

    @property
    def dynamic_offsets(self) -> Sequence[SSAValue]:
        return self.operands[self._n_fixed() :]

    def mixed_offsets(self) -> idx.Mixed:
        return idx.mixed(self.properties.get("const_offsets"), self.dynamic_offsets)

    @classmethod
    def parse(cls, parser: Parser) -> OffsetAccessOp:
        value = None
        if cls.HAS_VALUE:
            value = parser.parse_unresolved_operand()
            parser.parse_punctuation(",")
        desc = parser.parse_unresolved_operand()
        off = idx.parse_index_list(parser) if cls.MATRIX_TEXT else idx.parse_optional_index_list(parser)
        props, attrs = parse_props_and_attrs(parser, cls.PROPS)
        parser.parse_punctuation(":")
        value_t = None
        if cls.HAS_VALUE:
            value_t = parser.parse_type()
            parser.parse_punctuation(",")
        desc_t = parser.parse_type()
        if cls.MATRIX_TEXT and off is not None:
            for _ in off[0]:
                parser.parse_punctuation(",")
                parser.parse_type()
        results: list[Attribute] = []
        if cls.HAS_RESULT:
            parser.parse_punctuation("->")
            results.append(parser.parse_type())
        operands: list[SSAValue | list[SSAValue]] = []
        if value is not None and value_t is not None:
            operands.append(parser.resolve_operand(value, value_t))
        operands.append(parser.resolve_operand(desc, desc_t))
        operands.append(_resolve_offsets(parser, off, props))
        return cls.build(
            operands=operands, result_types=results, properties=sorted_props(props), attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        if self.HAS_VALUE:
            printer.print_ssa_value(self.operands[0])
            printer.print_string(", ")
        printer.print_ssa_value(self.descriptor)
        static = idx.static_values(self.properties.get("const_offsets"))
        if static is not None:
            idx.print_index_list(printer, static, self.dynamic_offsets)
        print_props_and_attrs(printer, self, ("const_offsets",))
        printer.print_string(": " if self.MATRIX_TEXT else " : ")
        types = self.operands if self.MATRIX_TEXT else self.operands[: self._n_fixed()]
        printer.print_list([o.type for o in types], printer.print_attribute)
        if self.HAS_RESULT:
            printer.print_string(" -> ")
            printer.print_attribute(self.results[0].type)


def _resolve_offsets(
    parser: Parser, off: tuple[list[UnresolvedOperand], list[int]] | None, props: dict[str, Attribute]
) -> list[SSAValue]:
    """The dynamic offset operands; records ``const_offsets`` in ``props``."""
    if off is None:
        return []
    props["const_offsets"] = idx.static_array(off[1])
    return [parser.resolve_operand(o, IndexType()) for o in off[0]]
