"""LLVM 22's inst/lane defaults (upstream-llvm22.md section 3), for ``layout-kind=inst|lane``.

Lane defaults of dpas operands, per element type, as mlir-opt 22 assigns them: A
``[1, 16]/[1, 1]`` (``[1, 2]`` for i8/ui8; fp8 keeps ``[1, 1]``), B ``[1, 16]/[32/bits, 1]``
below 32 bits (f16/bf16 ``[2, 1]``, i8/ui8/fp8 ``[4, 1]``), ``[1, 1]`` for tf32/f32; C/D
``[1, 16]/[1, 1]``. Inst blocks other than dpas operands: ``[h, 16]`` with ``h`` the largest of
8, 4, 2, 1 dividing the rows (``12x32`` gets ``[4, 16]``, as mlir-opt 22); a shape the defaults
do not fit (16 not dividing the columns) is reported (:func:`default_error`). Gather/scatter data: 1-D ``[16]/[1]`` (inst ``[16]``), chunked 2-D
``[16, 1]/[1, 32/bits]`` (inst ``[16, chunk]``); their offsets and masks ``[16]/[1]`` at both
kinds (LLVM 22 gives them lane fields at inst kind too).

Subgroup size 16 is assumed, as LLVM 22 does without a target attribute. A default is only
added when it divides the tile it applies to (``sg_data``, else the whole shape); a field the
layout already has is never replaced, a layout that has the other kind's fields gets none
(LLVM 22 gives gather/scatter offsets lane fields at inst kind; they stay lane-only), and the
subgroup fields are never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from wgdist.layout import AnyLayout, Layout, SliceLayout, distribution_errors

Kind = Literal["subgroup", "inst", "lane"]
Role = Literal["plain", "dpas_a", "dpas_b", "dpas_b_t", "dpas_cd", "scatter_data", "scatter_index"]
"""What a value is used as: ``dpas_b_t`` is the transpose of a dpas B (its defaults permuted);
``scatter_data`` the data (or descriptor) of a gather/scatter, ``scatter_index`` its offsets or
mask."""

SUBGROUP_SIZE = 16


def _inst_default(shape: Sequence[int], role: Role) -> tuple[int, ...] | None:
    rank = len(shape)
    if rank == 1:
        return (SUBGROUP_SIZE,)
    if rank == 2 and role == "scatter_data":
        return (SUBGROUP_SIZE, shape[1])  # one chunk per lane, the whole chunk
    if rank == 2 and role in ("dpas_a", "dpas_b", "dpas_b_t", "dpas_cd"):
        return (16, 16) if role in ("dpas_b", "dpas_b_t") else (8, 16)
    if rank == 2:
        # as LLVM 22: the tallest block of at most 8 rows that divides the rows (12 -> 4)
        return (next(h for h in (8, 4, 2, 1) if shape[0] % h == 0), SUBGROUP_SIZE)
    return None


def default_error(kind: Kind, shape: Sequence[int], role: Role = "plain") -> str:
    """Why the ``kind`` defaults give nothing to a value of ``shape`` (for a diagnostic)."""
    if kind == "inst":
        inst = _inst_default(shape, role)
        if inst is None:
            return f"layout-kind=inst has no inst_data for rank {len(shape)}"
        return f"the instruction block {list(inst)} does not divide its shape {list(shape)}"
    lane = _lane_default(len(shape), role, 32, False)
    if lane is None:
        return f"layout-kind={kind} has no lane layout for rank {len(shape)}"
    return f"lane_layout {list(lane[0])} does not divide its shape {list(shape)}"


def _lane_default(
    rank: int, role: Role, elt_bits: int, integer: bool
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    if rank == 1:
        return (SUBGROUP_SIZE,), (1,)
    if rank == 2:
        if role == "scatter_data":  # a chunk per lane, packed to 32 bits
            return (SUBGROUP_SIZE, 1), (1, 32 // elt_bits if elt_bits < 32 else 1)
        if role == "dpas_a" and integer and elt_bits == 8:
            return (1, SUBGROUP_SIZE), (1, 2)  # i8/ui8 A: pairs along K (LLVM 22; fp8 A keeps [1, 1])
        if role == "dpas_b" and elt_bits < 32:
            return (1, SUBGROUP_SIZE), (32 // elt_bits, 1)
        if role == "dpas_b_t" and elt_bits < 32:
            return (SUBGROUP_SIZE, 1), (1, 32 // elt_bits)
        return (1, SUBGROUP_SIZE), (1, 1)
    return None


def with_defaults(
    layout: AnyLayout | None,
    kind: Kind,
    shape: Sequence[int],
    role: Role = "plain",
    elt_bits: int = 32,
    integer: bool = False,
) -> AnyLayout | None:
    """``layout`` with the ``kind`` defaults filled in (``layout`` may be None: a value with no
    subgroup layout then gets a layout of the defaults alone); ``elt_bits`` and ``integer``
    describe the element type (the lane defaults of dpas A and B depend on them)."""
    if kind == "subgroup" or isinstance(layout, SliceLayout):
        return layout
    base = layout if layout is not None else Layout()
    rank = len(shape)
    cand = base
    if kind == "inst" and role == "scatter_index":
        kind = "lane"  # LLVM 22 gives gather/scatter offsets and masks lane layouts at inst kind
    if kind == "inst" and base.inst_data is None and base.lane_layout is None:
        inst = _inst_default(base.sg_data if base.sg_data is not None else shape, role)
        if inst is not None:
            cand = Layout(base.sg_layout, base.sg_data, inst, base.lane_layout, base.lane_data, base.order)
    if kind == "lane" and base.lane_layout is None and base.inst_data is None:
        lane = _lane_default(rank, role, elt_bits, integer)
        if lane is not None:
            cand = Layout(base.sg_layout, base.sg_data, base.inst_data, lane[0], lane[1], base.order)
    if cand is not base and not distribution_errors(shape, cand):
        return cand
    return layout
