"""Layouts across ``vector.interleave`` / ``vector.deinterleave``, which double / halve the
trailing dimension: ``result[..., 2i] = lhs[..., i]``, ``result[..., 2i + 1] = rhs[..., i]``.

**When each subgroup keeps its data.** Let the narrow side (the interleave operands, the
deinterleave results; both halves have one layout) be split with trailing tile extent ``D`` and
the wide side with ``E``. A subgroup's tile of the narrow side at trailing start ``c`` interleaves
into wide positions ``[2c, 2c + 2D)``; so each subgroup keeps its data exactly when, in every
subgroup and round, wide tile ``k`` starts at ``2c`` with extent ``E = 2D`` and agrees with narrow
tile ``k`` on every other dim (:func:`keeps_data`). Under one ``sg_layout`` and ``order`` this
holds exactly when ``sg_data[-1]`` doubles from narrow to wide (wrap and sharing scale with the
shape), so the wide side's trailing ``sg_data`` must be even: with an odd ``E`` split among
subgroups the subgroup at start 0 holds one more even than odd position, and no pair of equal
narrow layouts exists (with the trailing dim not split, ``sg_layout`` 1, every subgroup owns whole
rows, but its odd tiles have no tile-for-tile halves: refused too; whole-row tiles work). The
tests check these statements against element ownership.

Only the subgroup fields decide this. ``inst_data`` / ``lane_*`` carry over unchanged (as LLVM 22
copies them) where they still fit the other side's tile, and are dropped otherwise. No IR here
(conventions of :mod:`.rules`).
"""

from __future__ import annotations

from collections.abc import Sequence

from wgdist.layout.model import AnyLayout, Layout, replace_root
from wgdist.layout.ownership import tile_shape, tiles
from wgdist.layout.rule_base import RuleError, require_wg, validated
from wgdist.layout.validity import distribution_errors


def _trailing(shape: Sequence[int], what: str) -> None:
    if not shape:
        raise RuleError(f"{what}: a 0-D vector has no trailing dimension to split")


def _rescaled(layout: AnyLayout, shape: Sequence[int], to_shape: Sequence[int], wide: bool, what: str) -> AnyLayout:
    """``layout`` (of ``shape``) with the trailing tile doubled (``wide``) or halved, read on
    ``to_shape``."""
    require_wg(layout, what)
    _trailing(shape, what)
    root = layout.root
    assert root.sg_layout is not None
    k = layout.kept_dims[-1]
    errs = distribution_errors(shape, layout)
    if errs:
        raise RuleError(f"{what}: the layout cannot distribute {list(shape)}: {errs[0]}")
    data = tile_shape(shape, layout)[-1]
    if not wide and data % 2:
        raise RuleError(
            f"{what}: a subgroup's trailing tile of {data} elements has {(data + 1) // 2} even and {data // 2} odd "
            "positions, so the two halves cannot keep one layout with each subgroup keeping its data "
            "(the trailing sg_data must be even)"
        )
    sg_data = None
    if root.sg_data is not None:
        new = list(root.sg_data)
        new[k] = data * 2 if wide else data // 2
        sg_data = tuple(new)
    full = Layout(root.sg_layout, sg_data, root.inst_data, root.lane_layout, root.lane_data, root.order)
    out = replace_root(layout, full)
    if distribution_errors(to_shape, out):
        out = replace_root(layout, Layout(root.sg_layout, sg_data, order=root.order))
    return validated(to_shape, out, what)


def interleave_result_layout(operand: AnyLayout, shape: Sequence[int], what: str = "vector.interleave") -> AnyLayout:
    """The layout of ``vector.interleave``'s result when both operands (of ``shape``) have
    ``operand``: the trailing tile doubled. Also the source layout of a ``vector.deinterleave``
    whose results have ``operand``."""
    wide = [*shape[:-1], 2 * shape[-1]] if shape else []
    return _rescaled(operand, shape, wide, True, what)


def interleave_operand_layout(result: AnyLayout, shape: Sequence[int], what: str = "vector.interleave") -> AnyLayout:
    """The layout both ``vector.interleave`` operands need for its result (of ``shape``) to
    have ``result`` with each subgroup keeping its data: the trailing tile halved (a
    :class:`RuleError` when it is odd). Also the result layout of a ``vector.deinterleave``
    whose source has ``result``."""
    if shape and shape[-1] % 2:
        raise RuleError(f"{what}: the trailing dimension {shape[-1]} is odd")
    narrow = [*shape[:-1], shape[-1] // 2] if shape else []
    return _rescaled(result, shape, narrow, False, what)


def keeps_data(narrow_shape: Sequence[int], narrow: AnyLayout, wide: AnyLayout) -> bool:
    """Whether every subgroup's tiles of the wide value (trailing dim ``2 *``
    ``narrow_shape[-1]``, split by ``wide``) are exactly the interleavings of its tiles of the
    two narrow values (each split by ``narrow``), tile for tile in round order."""
    if not narrow_shape or narrow.num_subgroups != wide.num_subgroups:
        return False
    wide_shape = [*narrow_shape[:-1], 2 * narrow_shape[-1]]
    if distribution_errors(narrow_shape, narrow) or distribution_errors(wide_shape, wide):
        return False
    nt, wt = tile_shape(narrow_shape, narrow), tile_shape(wide_shape, wide)
    if nt[:-1] != wt[:-1] or 2 * nt[-1] != wt[-1]:
        return False
    for s in range(narrow.num_subgroups):
        a, b = tiles(narrow_shape, narrow, s), tiles(wide_shape, wide, s)
        if len(a) != len(b) or any(x[:-1] != y[:-1] or 2 * x[-1] != y[-1] for x, y in zip(a, b)):
            return False
    return True


__all__ = ["interleave_operand_layout", "interleave_result_layout", "keeps_data"]
