"""What every operand-layout rule shares: :class:`RuleError` and the small helpers that build
and check a derived layout."""

from __future__ import annotations

from collections.abc import Sequence

from wgdist.layout.model import AnyLayout, Layout
from wgdist.layout.validity import distribution_errors


class RuleError(ValueError):
    """No operand layout satisfies the rule for the given result layout and shapes."""


def mk(
    sg_layout: Sequence[int] | None = None,
    sg_data: Sequence[int] | None = None,
    inst_data: Sequence[int] | None = None,
    lane_layout: Sequence[int] | None = None,
    lane_data: Sequence[int] | None = None,
    order: Sequence[int] | None = None,
) -> Layout:
    f = [None if v is None else tuple(v) for v in (sg_layout, sg_data, inst_data, lane_layout, lane_data, order)]
    return Layout(*f)


def require_wg(layout: AnyLayout, what: str) -> None:
    if not layout.is_wg:
        raise RuleError(f"{what}: the result layout has no sg_layout")


def validated(shape: Sequence[int], layout: AnyLayout, what: str) -> AnyLayout:
    errs = distribution_errors(shape, layout)
    if errs:
        raise RuleError(f"{what}: derived layout cannot distribute {list(shape)}: " + "; ".join(errs))
    return layout


def insert_order(order: list[int], d: int) -> list[int]:
    """Insert dim ``d`` just before the first entry smaller than ``d`` (append if none)."""
    for i, x in enumerate(order):
        if x < d:
            return order[:i] + [d] + order[i:]
    return order + [d]
