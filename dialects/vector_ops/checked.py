"""LLVM 22 verifier rules that xDSL 0.74's own vector ops lack, checked on parsed IR.

xDSL's op classes cannot be subclassed to add checks (and passes match them by class), so
:class:`wgdist.parser.LocatingParser` runs these functions on every op it reads with one of these
names; a failure is a located error naming the op.

* ``vector.broadcast``: the source rank is at most the result rank and every trailing source
  dimension is 1 or equal to the result's (xDSL checks the element type only).
* ``vector.extract`` / ``vector.insert``: every constant position is inside its dimension or is
  the poison index -1.
* ``vector.reduction``: the source is 1-D.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import DenseArrayBase, VectorType
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

_DYNAMIC = -(2**63)
_POISON = -1


def _broadcast(op: Operation) -> None:
    src, dst = op.operands[0].type, op.results[0].type
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


def _positions(op: Operation, vector_t: Attribute) -> None:
    static = op.properties.get("static_position")
    if not isinstance(static, DenseArrayBase) or not isinstance(vector_t, VectorType):
        return
    for i, (p, n) in enumerate(zip(static.get_values(), vector_t.get_shape(), strict=False)):
        if p not in (_DYNAMIC, _POISON) and not 0 <= p < n:
            raise VerifyException(
                f"expected position attribute #{i + 1} to be a non-negative integer smaller than "
                f"the corresponding vector dimension or poison (-1): position {p}, dimension {n} "
                f"of {vector_t}"
            )


def _reduction(op: Operation) -> None:
    t = op.operands[0].type
    if isinstance(t, VectorType) and t.get_num_dims() != 1:
        raise VerifyException(f"unsupported reduction rank: {t.get_num_dims()} ({t}; expected 1-D)")


PARSE_CHECKS: dict[str, Callable[[Operation], None]] = {
    "vector.broadcast": _broadcast,
    "vector.extract": lambda op: _positions(op, op.operands[0].type),
    "vector.insert": lambda op: _positions(op, op.operands[1].type),
    "vector.reduction": _reduction,
}
