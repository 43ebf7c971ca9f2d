"""User-facing diagnostics: ``file:line:col: error: 'op.name' op message``.

Ops carry the ``FileLineColLoc`` that :class:`wgdist.ir.parser.LocatingParser` stamps on them, so
verifier and pass errors point at the line a user wrote. Passes raise :class:`OpError`; the
command-line tools print it and exit with status 1 (:mod:`wgdist.ir.cli`).

* :class:`OpError` / :class:`VerifyError`: an error about one op, rendered with its location;
* :func:`format_parse_error`: a ``ParseError`` as one located line, the source line and a caret;
* :func:`check_pipeline`: a ``-p`` pipeline's passes and options, checked before xDSL builds it;
* :func:`emit`: a warning or remark about an op from a pass (``file:line:col: remark: ...`` on
  stderr), or to the handler :func:`capture_diagnostics` installs (``--verify-diagnostics``).
"""

from __future__ import annotations

import dataclasses
import difflib
import sys
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation
from xdsl.utils.arg_spec import ParameterListType, parse_pipeline
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.hints import isa


class OpError(DiagnosticException):
    """An error about one op, rendered with the op's source location."""

    def __init__(self, op: Operation, message: str) -> None:
        self.op = op
        self.message = message
        super().__init__(format_op_error(op, message))


class VerifyError(OpError, VerifyException):
    """A verifier failure of one op (xDSL's verifier or :func:`wgdist.ir.verifier.check_op`),
    located at the op; still a ``VerifyException`` for callers that catch those."""


class VerifyErrors(VerifyError):
    """Several verifier failures of one module, as mlir-opt reports them (the first failure of
    each function: :func:`wgdist.ir.verifier.verify_errors`), one located line each; ``op`` and
    ``message`` are the first's."""

    def __init__(self, errors: list[VerifyError]) -> None:
        self.errors = errors
        super().__init__(errors[0].op, errors[0].message)
        self.args = ("\n".join(str(e) for e in errors),)


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


def format_parse_error(e: ParseError) -> str:
    """``file:line:col: error: message`` followed by the source line and a caret; then the same
    for each of the further errors the parser attached (``more_errors``: verifier failures of
    other functions, reported together as mlir-opt does)."""
    more = getattr(e, "more_errors", ())
    return "\n".join([_format_one_parse_error(e), *(_format_one_parse_error(m) for m in more)])


def _format_one_parse_error(e: ParseError) -> str:
    loc = e.span.get_location()
    context = str(e).split("\n")
    body = "\n".join(context[1:3])
    msg = e.msg.strip()
    if e.span.start >= len(e.span.input.content.rstrip()):
        msg = "unexpected end of input" + (f" ({msg})" if msg else "")
    return f"{loc.file}:{loc.line}:{loc.col}: error: {msg}\n{body}".rstrip()


class PipelineError(DiagnosticException):
    """A ``-p`` pipeline naming an unknown pass, an unknown option or a value of the wrong type."""


def check_pipeline(available: Mapping[str, Callable[[], type[Any]]], spec: str) -> None:
    """Check every pass and option of ``spec`` before xDSL builds the pipeline.

    xDSL reports these as ``Incompatible types: given ('x',), expected typing.Literal[...]`` with
    the Python field names; this names the pass, the option as written and the accepted values.
    Syntax errors are left to xDSL's pipeline parser, which points at the column.
    """
    for pass_spec in parse_pipeline(spec):
        if pass_spec.name not in available:
            close = difflib.get_close_matches(pass_spec.name, list(available), n=3)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise PipelineError(f"unknown pass '{pass_spec.name}'{hint}")
        cls = available[pass_spec.name]()
        fields = [f.name for f in dataclasses.fields(cls) if f.init and f.name != "name"]
        hints = typing.get_type_hints(cls)
        for option, values in pass_spec.parameters.items():
            field = option.replace("-", "_")
            if field not in fields:
                known = ", ".join(f.replace("_", "-") for f in fields) or "none"
                raise PipelineError(
                    f"pass '{pass_spec.name}' has no option '{option}' (its options: {known})"
                )
            if not _fits(values, hints[field]):
                given = ",".join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)
                raise PipelineError(
                    f"pass '{pass_spec.name}' option '{option}': expected "
                    f"{_describe_type(hints[field])}, got '{given}'"
                )


def _fits(values: ParameterListType, hint: Any) -> bool:
    """Whether xDSL can give a pass field of type ``hint`` the option ``values``: no value for
    an optional field, one value of the type, or the whole tuple of values (xDSL's own rule for
    building a pass from its options, ``ArgSpecConvertible.from_spec``)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and not values:
        return type(None) in typing.get_args(hint)
    return (len(values) == 1 and isa(values[0], hint)) or isa(values, hint)


def _describe_type(hint: Any) -> str:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return "one of " + ", ".join(str(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return " or ".join(_describe_type(a) for a in inner)
    if origin is tuple:
        return f"a list of {_describe_type(args[0]).removeprefix('a ').removeprefix('an ')}s"
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return names.get(hint, str(hint))


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    """One diagnostic: severity (``error``, ``warning``, ``remark``, ``note``), message, and its
    line and column (``None`` when it has no location)."""

    severity: str
    message: str
    line: int | None = None
    col: int | None = None
    file: str | None = None


_HANDLERS: list[Callable[[Diagnostic], None]] = []


def emit(op: Operation, message: str, severity: str = "remark") -> None:
    """Report a ``warning`` or ``remark`` about ``op``: ``file:line:col: remark: 'op' op message``
    on stderr (MLIR's format), or to the innermost :func:`capture_diagnostics` handler."""
    text = f"'{op.name}' op {message}"
    if _HANDLERS:
        file = line = col = None
        if (where := location_of(op)) is not None:
            file, line_text, col_text = where.rsplit(":", 2)
            line, col = int(line_text), int(col_text)
        _HANDLERS[-1](Diagnostic(severity, text, line, col, file))
        return
    where = location_of(op)
    prefix = f"{where}: " if where else ""
    print(f"{prefix}{severity}: {text}", file=sys.stderr)


@contextmanager
def capture_diagnostics(handler: Callable[[Diagnostic], None]) -> Iterator[None]:
    """Within the block, :func:`emit` hands its diagnostics to ``handler`` instead of printing."""
    _HANDLERS.append(handler)
    try:
        yield
    finally:
        _HANDLERS.pop()


__all__ = [
    "Diagnostic",
    "OpError",
    "PipelineError",
    "VerifyError",
    "VerifyErrors",
    "capture_diagnostics",
    "check_pipeline",
    "emit",
    "format_op_error",
    "format_parse_error",
    "location_of",
]
