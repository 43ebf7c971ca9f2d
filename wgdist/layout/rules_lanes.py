"""Layouts across ``vector.bitcast``, which reinterprets the bits of the minor dimension: a
``[.., n]`` vector of ``a``-bit elements becomes ``[.., n * a / b]`` of ``b``-bit elements.

Each subgroup keeps its data exactly when the split of the minor dim scales with it:
``sg_data[-1]`` becomes ``sg_data[-1] * a / b`` (whole elements on both sides), everything
else (grid, order, the other dims) unchanged; then tile ``k`` of the result is the bitcast of
tile ``k`` of the source in every subgroup. No IR here (conventions of :mod:`.rules`).
"""

from __future__ import annotations

from collections.abc import Sequence

from wgdist.layout.model import AnyLayout, Layout, sg_part
from wgdist.layout.rule_base import RuleError, mk, require_wg, validated


def bitcast_layout(layout: AnyLayout, shape: Sequence[int], bits: int, to_shape: Sequence[int], to_bits: int) -> Layout:
    """The layout of the bitcast of a ``shape`` vector of ``bits``-bit elements split by
    ``layout`` to a ``to_shape`` vector of ``to_bits``-bit elements (the subgroup fields; the
    inst/lane fields do not carry over). A :class:`RuleError` when no split keeps every
    subgroup's bits (a slice layout, or a minor tile that is not whole elements after)."""
    require_wg(layout, "vector.bitcast")
    if not isinstance(layout, Layout):
        raise RuleError("vector.bitcast: a slice layout does not carry over a bitcast")
    plain = sg_part(layout)
    data = list(plain.sg_data_for(shape))
    if not shape:
        return plain
    if (data[-1] * bits) % to_bits:
        raise RuleError(
            f"vector.bitcast: a subgroup's minor tile of {data[-1]} x {bits} bits is not a whole number of "
            f"{to_bits}-bit elements"
        )
    data[-1] = data[-1] * bits // to_bits
    assert plain.sg_layout is not None
    out = mk(sg_layout=plain.sg_layout, sg_data=data, order=plain.effective_order())
    validated(to_shape, out, "vector.bitcast")
    assert isinstance(out, Layout)
    return out
