"""How layouts cross the regions of ``scf`` ops: ``REGIONS[type(op)]`` is its :class:`RegionFlow`.

A value carried through a region - an ``scf.for`` iter_arg, an ``scf.while`` argument, an
``scf.if`` result - is one value split over several SSA values: the init operand, the region
argument, the yielded value and the op result. Once one of them has a layout, the operands
that feed the others must have it too: the init operand and the value yielded back. The keys
are the ops with regions that carry values; their terminators (``scf.yield``,
``scf.condition``) have no entry of their own, their operands are the uses named here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

OpT = TypeVar("OpT", bound=Operation)

Use = tuple[Operation, int]
"""Operand ``i`` of an op."""


def yield_of(block: Block) -> Operation:
    """The terminator of a region's block (``scf.yield`` / ``scf.condition``)."""
    last = block.last_op
    assert last is not None
    return last


@dataclass(frozen=True)
class RegionFlow(Generic[OpT]):
    """The uses that must take the layout of a result (``result_uses(op, i)``) or of a region
    argument (``arg_uses(op, arg)``) of an op with regions, and the values that flow into
    result ``i`` (``inflows``: a result nothing downstream lays out takes the first of their
    workgroup layouts; None: it takes none)."""

    result_uses: Callable[[OpT, int], list[Use]]
    arg_uses: Callable[[OpT, BlockArgument], list[Use]]
    inflows: Callable[[OpT, int], list[SSAValue]] | None = None


def _carried_by_for(op: scf.ForOp, i: int) -> list[Use]:
    """Iter_arg ``i``: its init operand and the value the body yields for it."""
    return [(op, 3 + i), (yield_of(op.body.block), i)]


def _for_arg(op: scf.ForOp, arg: BlockArgument) -> list[Use]:
    return [] if arg.index == 0 else _carried_by_for(op, arg.index - 1)  # 0: the induction variable


def _for_inflows(op: scf.ForOp, i: int) -> list[SSAValue]:
    return [op.iter_args[i], yield_of(op.body.block).operands[i]]


def _if_result(op: scf.IfOp, i: int) -> list[Use]:
    """What each branch yields for result ``i``."""
    return [(yield_of(region.block), i) for region in (op.true_region, op.false_region) if region.blocks]


def _if_arg(op: scf.IfOp, arg: BlockArgument) -> list[Use]:
    return []  # scf.if regions take no arguments


def _if_inflows(op: scf.IfOp, i: int) -> list[SSAValue]:
    return [yield_of(region.block).operands[i] for region in (op.true_region, op.false_region) if region.blocks]


def _while_result(op: scf.WhileOp, i: int) -> list[Use]:
    """Result ``i`` is what ``scf.condition`` forwards (its operand ``i + 1``)."""
    return [(yield_of(op.before_region.block), i + 1)]


def _while_arg(op: scf.WhileOp, arg: BlockArgument) -> list[Use]:
    """A ``before`` argument: its init operand and what ``after`` yields for it; an ``after``
    argument: what ``scf.condition`` forwards to it."""
    if arg.block is op.before_region.block:
        return [(op, arg.index), (yield_of(op.after_region.block), arg.index)]
    return _while_result(op, arg.index)


def _flow(
    cls: type[OpT],
    result_uses: Callable[[OpT, int], list[Use]],
    arg_uses: Callable[[OpT, BlockArgument], list[Use]],
    inflows: Callable[[OpT, int], list[SSAValue]] | None = None,
) -> tuple[type[Operation], RegionFlow[Any]]:
    """A table entry whose functions take ``cls`` (checked by the type checker)."""
    return cls, RegionFlow(result_uses, arg_uses, inflows)


REGIONS: dict[type[Operation], RegionFlow[Any]] = dict(
    [
        _flow(scf.ForOp, _carried_by_for, _for_arg, _for_inflows),
        _flow(scf.IfOp, _if_result, _if_arg, _if_inflows),
        _flow(scf.WhileOp, _while_result, _while_arg),
    ]
)
