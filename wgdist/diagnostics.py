"""User-facing diagnostics: ``file:line:col: error: 'op.name' op message``.

Ops carry the ``FileLineColLoc`` that :class:`wgdist.parser.LocatingParser` stamps on them, so
verifier and pass errors point at the line a user wrote. Passes raise :class:`OpError`; the tools
print it and exit with status 1.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from xdsl.dialects.builtin import FileLineColLoc, StringAttr
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
            for region in op.regions:  # the block-level check op.verify leaves to nested verification
                if len(region.blocks) == 1 and region.block.first_op is None:
                    region.block.verify()
        except VerifyException as e:
            # IRDL constraint failures put the reason on the following lines: keep them.
            msg = str(e).strip().removeprefix("Operation does not verify: ")
            msg = msg.removeprefix(f"Operation {op.name} ")
            return _at_redefinition(op, msg) or OpError(op, msg)
    return None


_REDEFINITION = re.compile(r'Redefinition of symbol "([^"]*)"')


def _at_redefinition(table: Operation, message: str) -> OpError | None:
    """A symbol table's duplicate symbol is reported at the second definition, as mlir-opt does."""
    found = _REDEFINITION.search(message)
    if found is None:
        return None
    named = [
        op for region in table.regions for block in region.blocks for op in block.ops
        if isinstance(sym := op.attributes.get("sym_name") or op.properties.get("sym_name"), StringAttr)
        and sym.data == found.group(1)
    ]
    if len(named) < 2:
        return None
    return OpError(named[1], f"redefinition of symbol named '{found.group(1)}'")


class PipelineError(DiagnosticException):
    """A ``-p`` pipeline naming an unknown pass, an unknown option or a value of the wrong type."""


def check_pipeline(available: Mapping[str, Callable[[], type[Any]]], spec: str) -> None:
    """Check every pass and option of ``spec`` before xDSL builds the pipeline.

    xDSL reports these as ``Incompatible types: given ('x',), expected typing.Literal[...]`` with
    the Python field names; this names the pass, the option as written and the accepted values.
    Syntax errors are left to xDSL's pipeline parser, which points at the column.
    """
    from xdsl.utils.arg_spec import _convert_arg_to_type, parse_pipeline

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
            try:
                _convert_arg_to_type(values, hints[field])
            except ValueError:
                given = ",".join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)
                raise PipelineError(
                    f"pass '{pass_spec.name}' option '{option}': expected "
                    f"{_describe_type(hints[field])}, got '{given}'"
                ) from None


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


__all__ = [
    "OpError",
    "PipelineError",
    "check_pipeline",
    "first_verify_error",
    "format_op_error",
]
