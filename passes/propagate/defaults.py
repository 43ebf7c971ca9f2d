"""LLVM 22's inst/lane defaults (upstream-llvm22.md section 3), for ``layout-kind=inst|lane``.

Subgroup size 16 is assumed, as LLVM 22 does without a target attribute. A default is only
added when it divides the tile it applies to (``sg_data``, else the whole shape); a field the
layout already has is never replaced, and the subgroup fields are never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from wgdist.layout import AnyLayout, Layout, SliceLayout, distribution_errors

Kind = Literal["subgroup", "inst", "lane"]
Role = Literal["plain", "dpas_a", "dpas_b", "dpas_b_t", "dpas_cd"]
"""What a value is used as: ``dpas_b_t`` is the transpose of a dpas B (its defaults permuted)."""

SUBGROUP_SIZE = 16


def _inst_default(rank: int, role: Role) -> tuple[int, ...] | None:
    if rank == 1:
        return (SUBGROUP_SIZE,)
    if rank == 2:
        return (16, 16) if role in ("dpas_b", "dpas_b_t") else (8, 16)
    return None


def _lane_default(rank: int, role: Role, elt_bits: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    if rank == 1:
        return (SUBGROUP_SIZE,), (1,)
    if rank == 2:
        if role == "dpas_b" and elt_bits < 32:
            return (1, SUBGROUP_SIZE), (32 // elt_bits, 1)
        if role == "dpas_b_t" and elt_bits < 32:
            return (SUBGROUP_SIZE, 1), (1, 32 // elt_bits)
        return (1, SUBGROUP_SIZE), (1, 1)
    return None


def with_defaults(
    layout: AnyLayout | None, kind: Kind, shape: Sequence[int], role: Role = "plain", elt_bits: int = 32
) -> AnyLayout | None:
    """``layout`` with the ``kind`` defaults filled in (``layout`` may be None: a value with no
    subgroup layout then gets a layout of the defaults alone)."""
    if kind == "subgroup" or isinstance(layout, SliceLayout):
        return layout
    base = layout if layout is not None else Layout()
    rank = len(shape)
    cand = base
    if kind == "inst" and base.inst_data is None:
        inst = _inst_default(rank, role)
        if inst is not None:
            cand = Layout(base.sg_layout, base.sg_data, inst, base.lane_layout, base.lane_data, base.order)
    if kind == "lane" and base.lane_layout is None:
        lane = _lane_default(rank, role, elt_bits)
        if lane is not None:
            cand = Layout(base.sg_layout, base.sg_data, base.inst_data, lane[0], lane[1], base.order)
    if cand is not base and not distribution_errors(shape, cand):
        return cand
    return layout
