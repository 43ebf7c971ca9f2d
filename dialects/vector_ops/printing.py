"""``vector.print`` in LLVM 22's syntax, with its ``#vector.punctuation`` attribute.

xDSL 0.74's class of this name has no custom syntax; this class replaces it in the merged dialect.

```mlir
vector.print %v : vector<4xf32>
vector.print %s : i32 punctuation <comma>
vector.print punctuation <newline>
vector.print str "hello"
```
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, StringAttr, VectorType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    opt_operand_def,
    opt_prop_def,
    prop_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum


class PrintPunctuation(StrEnum):
    """What ``vector.print`` writes after its value."""

    NO_PUNCTUATION = "no_punctuation"
    NEWLINE = "newline"
    COMMA = "comma"
    OPEN = "open"
    CLOSE = "close"


@irdl_attr_definition
class PrintPunctuationAttr(EnumAttribute[PrintPunctuation]):
    """``#vector.punctuation<newline>``."""

    name = "vector.punctuation"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> PrintPunctuation:
        with parser.in_angle_brackets():
            pos = parser.pos
            word = parser.parse_identifier()
            if word not in {p.value for p in PrintPunctuation}:
                parser.raise_error(f"expected ::mlir::vector::PrintPunctuation to be one of: "
                                   f"{', '.join(p.value for p in PrintPunctuation)} (got '{word}')", pos)
            return PrintPunctuation(word)


_NEWLINE = PrintPunctuationAttr(PrintPunctuation.NEWLINE)


@irdl_op_definition
class PrintOp(IRDLOperation):
    """Print a vector or scalar, a punctuation mark, or a string (for testing and debugging).

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorprint-vectorprintop).
    """

    name = "vector.print"

    source = opt_operand_def()
    punctuation = prop_def(PrintPunctuationAttr, default_value=_NEWLINE)
    stringLiteral = opt_prop_def(StringAttr)

    _KEYWORDS: ClassVar = ("str", "punctuation")

    def __init__(
        self,
        source: SSAValue | Operation | None = None,
        punctuation: PrintPunctuation = PrintPunctuation.NEWLINE,
        string: str | None = None,
    ) -> None:
        super().__init__(
            operands=[[] if source is None else [SSAValue.get(source)]],
            properties={
                "punctuation": PrintPunctuationAttr(punctuation),
                "stringLiteral": None if string is None else StringAttr(string),
            },
        )

    @classmethod
    def parse(cls, parser: Parser) -> PrintOp:
        source = None
        if (operand := parser.parse_optional_unresolved_operand()) is not None:
            parser.parse_punctuation(":")
            source = parser.resolve_operand(operand, parser.parse_type())
        punctuation, string = PrintPunctuation.NEWLINE, None
        seen: set[str] = set()
        while (kw := parser.parse_optional_keyword(cls._KEYWORDS[0]) or parser.parse_optional_keyword(cls._KEYWORDS[1])) is not None:
            if kw in seen:
                parser.raise_error(f"'{kw}' clause can appear at most once in the expansion of the oilist directive")
            seen.add(kw)
            if kw == "str":
                string = parser.parse_str_literal()
            else:
                punctuation = PrintPunctuationAttr.parse_parameter(parser)  # type: ignore[arg-type]
        attrs = parser.parse_optional_attr_dict()
        op = cls(source, punctuation, string)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        if self.source is not None:
            printer.print_string(" ")
            printer.print_operand(self.source)
            printer.print_string(" : ")
            printer.print_attribute(self.source.type)
        if self.stringLiteral is not None:
            printer.print_string(" str ")
            printer.print_string_literal(self.stringLiteral.data)
        if self.punctuation.data != PrintPunctuation.NEWLINE:
            printer.print_string(" punctuation ")
            self.punctuation.print_parameter(printer)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.source is not None:
            t = self.source.type
            if not isinstance(t, VectorType | IntegerType | IndexType | AnyFloat):
                raise VerifyException(
                    f"operand #0 must be vector of any type values or integer or index or "
                    f"floating-point, but got '{t}'"
                )
        if self.stringLiteral is not None and (
            self.source is not None or self.punctuation.data != PrintPunctuation.NEWLINE
        ):
            raise VerifyException(
                "failed to verify that `source` or `punctuation` are not set when printing strings"
            )


__all__ = ["PrintOp", "PrintPunctuation", "PrintPunctuationAttr"]
