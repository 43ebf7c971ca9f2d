"""Verification: xDSL's verifiers plus the rules wgdist adds, on any module however it was made.

:func:`verify` is a function rather than overridden ``verify_`` methods because xDSL's op classes
for the vector ops cannot be subclassed to add LLVM 22's missing rules: passes (xDSL's and ours)
match and build those ops by class, so a subclass would be a different op to them. And the
discardable ``layout_result_N``/``layout_operand_N`` attributes may sit on any op. So the extra
rules are one per-op function, :func:`check_op`, that the parser runs on every op it reads and
:func:`verify` runs on every op of a module, so IR built in Python or produced by a pass is held
to the same rules as parsed IR, with the same messages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NoReturn

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation
from xdsl.traits import IsolatedFromAbove
from xdsl.utils.exceptions import VerifyException

from wgdist.ir.diagnostics import OpError, VerifyError, VerifyErrors

_LAYOUT_ATTR_PREFIXES = ("layout_result_", "layout_operand_")


def check_op(op: Operation) -> None:
    """wgdist's rules for one op beyond its xDSL verifier; raises an unlocated ``VerifyException``.

    * xDSL's vector ops whose verifier is weaker than LLVM 22's
      (:data:`wgdist.dialects.vector_ops.checked.PARSE_CHECKS`, by op class);
    * the discardable ``layout_result_N``/``layout_operand_N`` layouts of any op fit the value
      they describe (:func:`wgdist.dialects.xegpu.ops_verify.check_value_layout_attrs`).
    """
    # the name test keeps the vector rules (and the vector dialect) unloaded for other ops
    if op.name.startswith("vector.") and (vector_check := _vector_checks().get(type(op))) is not None:
        vector_check(op)
    if any(name.startswith(_LAYOUT_ATTR_PREFIXES) for name in op.attributes):
        _layout_attr_check()(op)


def verify(module: Operation) -> None:
    """``module.verify()`` plus :func:`check_op` on every op; a failure is a :class:`VerifyError`
    located at the failing op (``file:line:col: error: 'op' op ...``, the parser's wording), or
    :class:`VerifyErrors` when several functions fail (see :func:`verify_errors`)."""
    try:
        module.verify()
        for op in module.walk():
            check_op(op)
    except VerifyException as e:
        if isinstance(e, OpError):
            raise
        raise_errors(module, e)


def raise_errors(module: Operation, cause: Exception) -> NoReturn:
    """Raise what :func:`verify_errors` finds in ``module``; ``cause`` if it finds nothing."""
    errors = verify_errors(module)
    if not errors:
        raise cause
    raise (errors[0] if len(errors) == 1 else VerifyErrors(errors)) from None


def verify_errors(op: Operation) -> list[VerifyError]:
    """Every failure mlir-opt 22 reports for ``op``, in its order.

    mlir-opt verifies an op and, depth first, the ops nested in it, stopping at the first failure;
    ops with isolated-from-above regions (functions, ``gpu.module``) met on the way are verified
    afterwards, each on its own (in parallel), and each reports its first failure: a file with
    two broken functions gets two errors, a function with two broken ops one.
    """
    isolated: list[Operation] = []
    error = _first_error(op, isolated)
    if error is not None:
        return [error]
    return [e for child in isolated for e in verify_errors(child)]


def first_verify_error(module: Operation) -> VerifyError | None:
    """Verify op by op and return the first failure as a located error, in mlir-opt's order.

    mlir-opt checks an op's own rules on entering it and its blocks' rules (a block must end in a
    terminator) on leaving them, after the ops they contain. xDSL checks "the last op of a block
    is a terminator" as part of that op's own verification, so a function whose last op is invalid
    and which lacks its ``return`` would report the missing terminator; here that failure waits
    until the op's own rules and its nested ops have been checked.
    """
    return _first_error(module)


_NOT_TERMINATOR = re.compile(r"terminates block in (single|multi)-block region but is not a terminator")


def _first_error(op: Operation, isolated: list[Operation] | None = None) -> VerifyError | None:
    """The first failure in ``op`` and the ops nested in it; with ``isolated``, nested ops with
    isolated-from-above regions are not entered but appended to it."""
    deferred: VerifyError | None = None
    try:
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            if not _NOT_TERMINATOR.search(str(e)):
                raise
            deferred = _located(op, e)
            op.verify_()  # the op's own rules, which xDSL skipped after the terminator check
        for region in op.regions:  # the block-level check op.verify leaves to nested verification
            if len(region.blocks) == 1 and region.block.first_op is None:
                region.block.verify()
        check_op(op)
    except VerifyException as e:
        return _located(op, e)
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                if isolated is not None and child.has_trait(IsolatedFromAbove):
                    isolated.append(child)
                elif (error := _first_error(child, isolated)) is not None:
                    return error
    return deferred


def _located(op: Operation, e: VerifyException) -> VerifyError:
    # IRDL constraint failures put the reason on the following lines: keep them.
    msg = str(e).strip().removeprefix("Operation does not verify: ")
    msg = msg.removeprefix(f"Operation {op.name} ")
    return _at_redefinition(op, msg) or VerifyError(op, msg)


@contextmanager
def located_verify_errors(module: Operation) -> Iterator[None]:
    """Turn an unlocated ``VerifyException`` raised inside the block (``module.verify()``, a
    pass) into the first failing op's :class:`VerifyError`; located errors pass unchanged."""
    try:
        yield
    except VerifyException as e:
        if isinstance(e, OpError):
            raise
        raise_errors(module, e)


_REDEFINITION = re.compile(r'Redefinition of symbol "([^"]*)"')


def _at_redefinition(table: Operation, message: str) -> VerifyError | None:
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
    return VerifyError(named[1], f"redefinition of symbol named '{found.group(1)}'")


def _layout_attr_check() -> Callable[[Operation], None]:
    """The check of discardable layouts. Imported lazily to keep start-up cheap: it is needed only
    when an op carries one, and then the xegpu dialect is loaded already."""
    from wgdist.dialects.xegpu.ops_verify import check_value_layout_attrs

    return check_value_layout_attrs


def _vector_checks() -> Mapping[Any, Callable[[Operation], None]]:
    """The vector rules. Imported lazily, on the first ``vector.`` op, to keep start-up cheap:
    loading them pulls in the vector dialect (~0.1 s), which an input without vector ops never
    needs."""
    from wgdist.dialects.vector_ops.checked import PARSE_CHECKS

    return PARSE_CHECKS


__all__ = ["check_op", "first_verify_error", "located_verify_errors", "raise_errors", "verify", "verify_errors"]
