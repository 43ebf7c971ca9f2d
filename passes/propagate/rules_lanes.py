"""Propagation rules of the ops that reinterpret the lanes of a vector: ``vector.bitcast``.

``RULES[cls] = (backward, forward)`` in the form of :mod:`.rules` (which wraps them in its
``OpRule`` and merges them into its table): the source of a bitcast is split so that every
subgroup keeps its bits (:func:`wgdist.layout.rules_lanes.bitcast_layout`), and the result
takes the split its source implies.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation

from wgdist.dialects.vector import BitcastOp
from wgdist.dialects.vector_ops.casts import bit_width
from wgdist.layout import AnyLayout
from wgdist.layout.rules_lanes import bitcast_layout


def _side(t: Any) -> tuple[tuple[int, ...], int]:
    assert isinstance(t, VectorType)
    return tuple(t.get_shape()), bit_width(t.element_type)


def bitcast_backward(op: BitcastOp, result: AnyLayout) -> list[tuple[int, AnyLayout]]:
    if not result.is_wg:
        return []
    (rs, rb), (ss, sb) = _side(op.result.type), _side(op.source.type)
    return [(0, bitcast_layout(result, rs, rb, ss, sb))]


def bitcast_forward(op: BitcastOp, operands: Sequence[AnyLayout | None]) -> AnyLayout | None:
    src = operands[0] if operands else None
    if src is None or not src.is_wg:
        return None
    (rs, rb), (ss, sb) = _side(op.result.type), _side(op.source.type)
    return bitcast_layout(src, ss, sb, rs, rb)


RULES: dict[type[Operation], tuple[Callable[..., Any] | None, Callable[..., Any] | None]] = {
    BitcastOp: (bitcast_backward, bitcast_forward),
}
