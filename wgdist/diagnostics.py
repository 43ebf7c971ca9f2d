"""User-facing diagnostics: ``file:line:col: error: 'op.name' op message``.

xDSL only records an op's source location when the text spells ``loc(...)``. wgdist's parser
(:class:`LocatingParser`) stamps every parsed op with a ``FileLineColLoc`` so that verifier and
pass errors can point at the line a user wrote. Passes raise :class:`OpError`; the tools print it
and exit with status 1.
"""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, VerifyException


class OpError(DiagnosticException):
    """An error about one op, rendered with the op's source location."""

    def __init__(self, op: Operation, message: str) -> None:
        self.op = op
        self.message = message
        super().__init__(format_op_error(op, message))


def location_of(op: Operation | None) -> str | None:
    """``file:line:col`` of ``op`` or of its nearest located ancestor."""
    while op is not None:
        loc = op.location
        if isinstance(loc, FileLineColLoc):
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
        op = op.parent_op()
    return None


def format_op_error(op: Operation, message: str) -> str:
    where = location_of(op)
    prefix = f"{where}: " if where else ""
    return f"{prefix}error: '{op.name}' op {message}"


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


def first_verify_error(module: Operation) -> OpError | None:
    """Verify op by op (innermost first) and return the first failure as a located error."""
    for op in module.walk(reverse=False):
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            msg = str(e).split("\n", 1)[0]
            msg = msg.removeprefix("Operation does not verify: ")
            return OpError(op, msg)
    return None


__all__ = ["LocatingParser", "ModuleOp", "OpError", "first_verify_error", "format_op_error"]
