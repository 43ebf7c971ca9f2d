"""LLVM 22 verifier rules that xDSL 0.74's own vector ops lack: :data:`PARSE_CHECKS`.

xDSL's op classes cannot be subclassed to add checks (passes match and build them by class), so
these rules are functions, one per op class, that :mod:`wgdist.ir` runs on every op it parses or
verifies; a failure is a ``VerifyException`` that the caller locates at the op.

* ``vector.broadcast``: the source rank is at most the result rank and every trailing source
  dimension is 1 or equal to the result's (xDSL checks the element type only).
* ``vector.broadcast``: a dimension kept from the source keeps its scalability.
* ``vector.extract`` / ``vector.insert``: every constant position is inside its dimension or is
  the poison index -1; ``extract``'s result is the type the positions leave (a 0-D vector
  standing for its element).
* ``vector.maskedload`` / ``vector.maskedstore``: the mask has the value's shape.
* ``vector.reduction``: the source is 0-D or 1-D, and the combining kind reduces its element
  type (``xor`` integers only, ``maximumf`` floats only, ...).
* ``vector.transfer_read`` / ``vector.transfer_write`` on a memref or tensor of vectors: the
  vector's minor 1-D bitwidth is a multiple of the element vector's, the element vector's rank is
  at most the vector's, and the permutation map has one result per remaining (outer) dimension.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from xdsl.dialects.builtin import I64, AnyFloat, DenseArrayBase, IndexType, IntegerType, VectorType
from xdsl.dialects.vector import (
    BroadcastOp,
    CombiningKindFlag,
    ExtractOp,
    InsertOp,
    MaskedLoadOp,
    MaskedStoreOp,
    ReductionOp,
    TransferReadOp,
    TransferWriteOp,
)
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector_ops._common import make_vector

_DYNAMIC = -(2**63)
_FLOAT_KINDS = (
    CombiningKindFlag.MINNUMF,
    CombiningKindFlag.MAXNUMF,
    CombiningKindFlag.MINIMUMF,
    CombiningKindFlag.MAXIMUMF,
)
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
    s_scalable = list(src.get_scalable_dims())
    d_scalable = list(dst.get_scalable_dims())[len(d) - len(s) :]
    for i, (a, b) in enumerate(zip(s, d[len(d) - len(s) :], strict=True)):
        if a == b and a != 1 and s_scalable[i] != d_scalable[i]:
            raise VerifyException(
                f"dimension mismatch ({_dim(a, s_scalable[i])} vs. {_dim(b, d_scalable[i])}): dim "
                f"{i} of {src} and dim {i + len(d) - len(s)} of {dst} differ in scalability"
            )
        if a not in (1, b):
            raise VerifyException(
                f"dimension mismatch ({a} vs. {b}): dim {i} of {src} must be 1 or equal dim "
                f"{i + len(d) - len(s)} of {dst}"
            )


def _dim(n: int, scalable: bool) -> str:
    return f"[{n}]" if scalable else str(n)


def _masked_shape(what: str, mask: Attribute, value: Attribute) -> None:
    if isinstance(mask, VectorType) and isinstance(value, VectorType):
        if mask.get_shape() != value.get_shape():
            raise VerifyException(
                f"expected {what} shape to match mask shape ({value} vs. mask {mask})"
            )


def _masked_load(op: MaskedLoadOp) -> None:
    _masked_shape("result", op.mask.type, op.result.type)


def _masked_store(op: MaskedStoreOp) -> None:
    _masked_shape("valueToStore", op.mask.type, op.value_to_store.type)


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
    src, res = op.vector.type, op.result.type
    _positions(op.static_position, src)
    if not isinstance(src, VectorType):
        return
    n = len(op.static_position.get_values())
    if n > src.get_num_dims():
        return
    shape, scalable = src.get_shape()[n:], src.get_scalable_dims()[n:]
    inferred: Attribute = (
        make_vector(src.element_type, shape, scalable) if shape else src.element_type
    )
    # a 0-D vector stands for its element, as in LLVM 22's isCompatibleReturnTypes
    zero_d_of_inferred = (
        isinstance(res, VectorType) and res.get_num_dims() == 0 and res.element_type == inferred
    )
    if res != inferred and not (not shape and zero_d_of_inferred):
        raise VerifyException(
            f"inferred type(s) '{inferred}' are incompatible with return type(s) of operation "
            f"'{res}' ({n} positions into {src})"
        )


def _insert(op: InsertOp) -> None:
    _positions(op.static_position, op.dest.type)


def kind_supports(kind: CombiningKindFlag, element: Attribute) -> bool:
    """LLVM 22's ``isSupportedCombiningKind``: which element types a combining kind reduces."""
    if kind in (CombiningKindFlag.ADD, CombiningKindFlag.MUL):
        return isinstance(element, IntegerType | IndexType | AnyFloat)
    if kind in _FLOAT_KINDS:
        return isinstance(element, AnyFloat)
    return isinstance(element, IntegerType | IndexType)


def _reduction(op: ReductionOp) -> None:
    t = op.vector.type
    if not isinstance(t, VectorType):
        return
    if t.get_num_dims() > 1:
        raise VerifyException(
            f"unsupported reduction rank: {t.get_num_dims()} ({t}; expected 0-D or 1-D)"
        )
    kind = op.kind.data
    if not kind_supports(kind, t.element_type):
        raise VerifyException(
            f"unsupported reduction type '{t.element_type}' for kind '{kind.value}'"
        )


def _minor_bits(t: VectorType) -> int | None:
    """Bits of ``t``'s minor 1-D vector (its last dimension times its element's width)."""
    element = t.element_type
    width = getattr(element, "bitwidth", None)
    if not isinstance(width, int):
        return None
    return width * (t.get_shape()[-1] if t.get_num_dims() else 1)


def _transfer(op: TransferReadOp | TransferWriteOp) -> None:
    """LLVM 22's ``verifyTransferOp`` rules for a memref/tensor of vectors (xDSL skips them)."""
    source = op.source.type
    vector_t = op.result.type if isinstance(op, TransferReadOp) else op.vector.type
    element = getattr(source, "element_type", None)
    if not isinstance(element, VectorType) or not isinstance(vector_t, VectorType):
        return
    source_bits, result_bits = _minor_bits(element), _minor_bits(vector_t)
    if source_bits and result_bits is not None and result_bits % source_bits:
        raise VerifyException(
            "requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
            f"bitwidth of the minor 1-D vector of the source ({vector_t}: {result_bits} bits, "
            f"{element}: {source_bits} bits)"
        )
    if element.get_num_dims() > vector_t.get_num_dims():
        raise VerifyException(
            "requires source vector element and vector result ranks to match. "
            f"({element} has rank {element.get_num_dims()}, {vector_t} has rank "
            f"{vector_t.get_num_dims()})"
        )
    offset = vector_t.get_num_dims() - element.get_num_dims()
    n_results = len(op.permutation_map.data.results)
    if n_results != offset:
        raise VerifyException(
            "requires a permutation_map with result dims of the same rank as the vector type "
            f"({n_results} results, {vector_t} of rank {vector_t.get_num_dims()} over elements "
            f"{element})"
        )


def _entry(op_class: type[OpT], check: Callable[[OpT], None]) -> tuple[type[Operation], Check]:
    """A table entry; the type checker sees that ``check`` takes ``op_class``'s ops."""
    return op_class, cast(Check, check)


_CHECKS: dict[type[Operation], Check] = dict(
    [
        _entry(BroadcastOp, _broadcast),
        _entry(ExtractOp, _extract),
        _entry(InsertOp, _insert),
        _entry(ReductionOp, _reduction),
        _entry(MaskedLoadOp, _masked_load),
        _entry(MaskedStoreOp, _masked_store),
        _entry(TransferReadOp, _transfer),
        _entry(TransferWriteOp, _transfer),
    ]
)

PARSE_CHECKS: dict[type[Operation], Check] = _CHECKS
"""The rules by op class: ``PARSE_CHECKS.get(type(op))`` is the check of ``op``, if any."""
