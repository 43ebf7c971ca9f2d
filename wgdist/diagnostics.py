"""User-facing diagnostics: ``file:line:col: error: 'op.name' op message``.

Ops carry the ``FileLineColLoc`` that :class:`wgdist.parser.LocatingParser` stamps on them, so
verifier and pass errors point at the line a user wrote. Passes raise :class:`OpError`; the tools
print it and exit with status 1.
"""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation
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


__all__ = ["OpError", "first_verify_error", "format_op_error"]
