"""Propagation rules of the ops that reinterpret or rearrange the lanes of a vector:
``vector.bitcast``, ``vector.interleave``, ``vector.deinterleave``.

``RULES[cls] = (backward, forward)`` in the form of :mod:`.rules` (which wraps them in its
``OpRule`` and merges them into its table): the source of a bitcast is split so that every
subgroup keeps its bits (:func:`wgdist.layout.rules_lanes.bitcast_layout`), and the result
takes the split its source implies. Interleave operands / deinterleave results take the wide
side's split with the trailing tile halved, and back
(:mod:`wgdist.layout.rules_interleave`); both deinterleave results have one layout (partners).
Below the workgroup level (the inst/lane kinds) the other side takes the same inst/lane fields
where they fit its shape, which is what LLVM 22's xegpu-propagate-layout assigns there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Operation

from wgdist.dialects.vector import BitcastOp, DeinterleaveOp, InterleaveOp
from wgdist.dialects.vector_ops.casts import bit_width
from wgdist.layout import AnyLayout, distribution_errors
from wgdist.layout.rules_interleave import interleave_operand_layout, interleave_result_layout
from wgdist.layout.rules_lanes import bitcast_layout


def _side(t: Any) -> tuple[tuple[int, ...], int]:
    assert isinstance(t, VectorType)
    return tuple(t.get_shape()), bit_width(t.element_type)


def bitcast_backward(op: BitcastOp, result: AnyLayout) -> list[tuple[int, AnyLayout]]:
    (rs, rb), (ss, sb) = _side(op.result.type), _side(op.source.type)
    if not result.is_wg:  # inst/lane: same-width casts keep the layout (LLVM 22 takes no other)
        return [(0, result)] if rb == sb else []
    return [(0, bitcast_layout(result, rs, rb, ss, sb))]


def bitcast_forward(op: BitcastOp, operands: Sequence[AnyLayout | None]) -> AnyLayout | None:
    src = operands[0] if operands else None
    if src is None or not src.is_wg:
        return None
    (rs, rb), (ss, sb) = _side(op.result.type), _side(op.source.type)
    return bitcast_layout(src, ss, sb, rs, rb)


def _shape(t: Any) -> tuple[int, ...]:
    assert isinstance(t, VectorType)
    return tuple(t.get_shape())


def _copied(layout: AnyLayout, shape: tuple[int, ...], operands: Sequence[int]) -> list[tuple[int, AnyLayout]]:
    """Below the workgroup level: the same fields, where they fit (LLVM 22 copies them)."""
    return [] if distribution_errors(shape, layout) else [(i, layout) for i in operands]


def _wg(layouts: Sequence[AnyLayout | None]) -> AnyLayout | None:
    return next((lay for lay in layouts if lay is not None and lay.is_wg), None)


def interleave_backward(op: InterleaveOp, result: AnyLayout) -> list[tuple[int, AnyLayout]]:
    shape = _shape(op.result.type)
    if not result.is_wg:
        return _copied(result, _shape(op.lhs.type), (0, 1))
    lay = interleave_operand_layout(result, shape)
    return [(0, lay), (1, lay)]


def interleave_forward(op: InterleaveOp, operands: Sequence[AnyLayout | None]) -> AnyLayout | None:
    src = _wg(operands)
    return None if src is None or not _shape(op.lhs.type) else interleave_result_layout(src, _shape(op.lhs.type))


def deinterleave_backward(op: DeinterleaveOp, result: AnyLayout) -> list[tuple[int, AnyLayout]]:
    if not result.is_wg:
        return _copied(result, _shape(op.source.type), (0,))
    return [(0, interleave_result_layout(result, _shape(op.res1.type), "vector.deinterleave"))]


def deinterleave_forward(op: DeinterleaveOp, operands: Sequence[AnyLayout | None]) -> AnyLayout | None:
    src = _wg(operands)
    return None if src is None else interleave_operand_layout(src, _shape(op.source.type), "vector.deinterleave")


RULES: dict[type[Operation], tuple[Callable[..., Any] | None, Callable[..., Any] | None]] = {
    BitcastOp: (bitcast_backward, bitcast_forward),
    InterleaveOp: (interleave_backward, interleave_forward),
    DeinterleaveOp: (deinterleave_backward, deinterleave_forward),
}
