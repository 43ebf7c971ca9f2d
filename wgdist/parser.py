"""wgdist's textual IR parser: xDSL's, with op locations and LLVM-compatible literals.

* Every parsed op gets a ``FileLineColLoc`` (xDSL records one only when the text spells
  ``loc(...)``), so diagnostics can name ``file:line:col``; ``line_offset`` shifts lines for the
  chunks of ``--split-input-file``.
* An attribute or type verifier failure while parsing becomes a located parse error.
* A hexadecimal literal inside ``dense<...>`` of a float element type is the element's bit
  pattern, as in MLIR (``dense<0xFF800000> : vector<4xf32>`` is -inf). xDSL 0.74 reads it as an
  integer and converts the number, silently producing 4.28e9.
"""

from __future__ import annotations

import struct
from typing import Any

from xdsl.dialects.builtin import AnyFloat, BFloat16Type, FileLineColLoc, IntAttr, StringAttr
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException


class _HexFloatElement(Parser._TensorLiteralElement):
    """A dense element written in hexadecimal: a bit pattern for float element types."""

    def to_type(self, parser: Any, type: Any) -> Any:
        if not isinstance(type, AnyFloat):
            return super().to_type(parser, type)
        bits = int(self.value)  # type: ignore[arg-type]
        width = type.bitwidth
        if bits >= 1 << width:
            parser.raise_error(f"hexadecimal float literal does not fit in {type}", at_position=self.span)
        if isinstance(type, BFloat16Type):
            return struct.unpack("<f", struct.pack("<I", bits << 16))[0]
        formats = {16: ("<H", "<e"), 32: ("<I", "<f"), 64: ("<Q", "<d")}
        if width not in formats:
            parser.raise_error(f"hexadecimal literals are not supported for {type}", at_position=self.span)
        int_fmt, float_fmt = formats[width]
        return struct.unpack(float_fmt, struct.pack(int_fmt, bits))[0]


class LocatingParser(Parser):
    """A Parser that records where each op starts (line offsets of split files included)."""

    line_offset: int = 0

    def parse_optional_operation(self) -> Operation | None:
        start = self._current_token.span
        op = super().parse_optional_operation()
        if op is not None and not isinstance(op.location, FileLineColLoc):
            loc = start.get_location()
            op.location = FileLineColLoc(
                StringAttr(loc.file), IntAttr(loc.line + self.line_offset), IntAttr(loc.col)
            )
        return op

    def _parse_dialect_type_or_attribute_body(  # type: ignore[no-untyped-def]
        self, attr_name: str, is_type: bool, is_opaque: bool, starting_opaque_pos
    ):
        """Turn an attribute/type verifier failure while parsing into a located ParseError."""
        start = self.pos
        try:
            return super()._parse_dialect_type_or_attribute_body(
                attr_name, is_type, is_opaque, starting_opaque_pos
            )
        except VerifyException as e:
            self.raise_error(str(e).split("\n", 1)[0], start, self.pos)

    def _parse_tensor_literal_element(self) -> Parser._TensorLiteralElement:
        text = self._current_token.text
        element = super()._parse_tensor_literal_element()
        if text[:2] in ("0x", "0X") and isinstance(element.value, int) and not isinstance(element.value, bool):
            return _HexFloatElement(element.is_negative, element.value, element.span)
        return element
