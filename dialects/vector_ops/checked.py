"""LLVM 22 verifier rules that xDSL 0.74's own vector ops lack: :data:`PARSE_CHECKS`.

xDSL's op classes cannot be subclassed to add checks (passes match and build them by class), so
these rules are functions, one per op class, that :mod:`wgdist.ir` runs on every op it parses or
verifies; a failure is a ``VerifyException`` that the caller locates at the op.

* ``vector.broadcast``: the source rank is at most the result rank and every trailing source
  dimension is 1 or equal to the result's (xDSL checks the element type only).
* ``vector.extract`` / ``vector.insert``: every constant position is inside its dimension or is
  the poison index -1.
* ``vector.reduction``: the source is 1-D.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from xdsl.dialects.builtin import I64, DenseArrayBase, VectorType
from xdsl.dialects.vector import BroadcastOp, ExtractOp, InsertOp, ReductionOp
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

_DYNAMIC = -(2**63)
_POISON = -1

OpT = TypeVar("OpT", bound=Operation)
Check = Callable[[Operation], None]
"""A rule: raises ``VerifyException`` when the op breaks it."""


def _broadcast(op: BroadcastOp) -> None:
    src, dst = op.source.type, op.vector.type
    if not isinstance(src, VectorType) or not isinstance(dst, VectorType):
        return
    s, d = list(src.get_shape()), list(dst.get_shape())
    if len(s) > len(d):
        raise VerifyException(
            f"source rank higher than destination rank ({src} has rank {len(s)}, {dst} has rank {len(d)})"
        )
    for i, (a, b) in enumerate(zip(s, d[len(d) - len(s) :], strict=True)):
        if a not in (1, b):
            raise VerifyException(
                f"dimension mismatch ({a} vs. {b}): dim {i} of {src} must be 1 or equal dim "
                f"{i + len(d) - len(s)} of {dst}"
            )


def _positions(static: DenseArrayBase[I64], vector_t: Attribute) -> None:
    if not isinstance(vector_t, VectorType):
        return
    for i, (p, n) in enumerate(zip(static.get_values(), vector_t.get_shape(), strict=False)):
        if p not in (_DYNAMIC, _POISON) and not 0 <= p < n:
            raise VerifyException(
                f"expected position attribute #{i + 1} to be a non-negative integer smaller than "
                f"the corresponding vector dimension or poison (-1): position {p}, dimension {n} "
                f"of {vector_t}"
            )


def _extract(op: ExtractOp) -> None:
    _positions(op.static_position, op.vector.type)


def _insert(op: InsertOp) -> None:
    _positions(op.static_position, op.dest.type)


def _reduction(op: ReductionOp) -> None:
    t = op.vector.type
    if isinstance(t, VectorType) and t.get_num_dims() != 1:
        raise VerifyException(f"unsupported reduction rank: {t.get_num_dims()} ({t}; expected 1-D)")


def _entry(op_class: type[OpT], check: Callable[[OpT], None]) -> tuple[type[Operation], Check]:
    """A table entry; the type checker sees that ``check`` takes ``op_class``'s ops."""
    return op_class, cast(Check, check)


_CHECKS: dict[type[Operation], Check] = dict(
    [
        _entry(BroadcastOp, _broadcast),
        _entry(ExtractOp, _extract),
        _entry(InsertOp, _insert),
        _entry(ReductionOp, _reduction),
    ]
)

PARSE_CHECKS: dict[type[Operation], Check] = _CHECKS
"""The rules by op class: ``PARSE_CHECKS.get(type(op))`` is the check of ``op``, if any."""
