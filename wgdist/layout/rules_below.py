"""Operand layouts below the workgroup level: layouts with only ``inst_data`` and/or
``lane_layout``/``lane_data`` (the inst and lane kinds of xegpu-propagate-layout), where a
field describes one subgroup's blocks (inst) or its lanes (lane), not a split over subgroups.

* :func:`below_broadcast_source` - ``vector.broadcast``: dropped leading dims make the source
  a slice of the result's layout, stretched unit dims keep it (as LLVM 22 does);
* :func:`below_shape_cast_source` - ``vector.shape_cast``: unit dims inserted or removed
  (a slice of the result's layout, or the layout with 1s at the removed dims), or a reshape
  that keeps every block/lane pattern along the innermost dim (both innermost extents are
  multiples of the pattern's period).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from wgdist.layout.model import AnyLayout, Layout, SliceLayout
from wgdist.layout.rule_base import RuleError

_FIELDS = ("inst_data", "lane_layout", "lane_data")


def below_broadcast_source(result: AnyLayout, source_shape: Sequence[int], result_shape: Sequence[int]) -> AnyLayout:
    """The source layout of a broadcast whose result has the non-workgroup layout ``result``."""
    dropped = len(result_shape) - len(source_shape)
    if dropped < 0:
        raise RuleError(f"broadcast: source rank {len(source_shape)} exceeds result rank {len(result_shape)}")
    return SliceLayout(result, tuple(range(dropped))) if dropped else result


def _fields(lay: Layout) -> dict[str, tuple[int, ...]]:
    return {f: tuple(getattr(lay, f)) for f in _FIELDS if getattr(lay, f) is not None}


def _squeezed(shape: Sequence[int]) -> list[int]:
    return [d for d in shape if d != 1]


def below_shape_cast_source(result: AnyLayout, source_shape: Sequence[int], result_shape: Sequence[int]) -> AnyLayout:
    """The source layout of a shape_cast whose result has the non-workgroup layout ``result``.

    Raises RuleError when no source layout gives every lane (block) the same elements."""
    src, res = list(source_shape), list(result_shape)
    if _squeezed(src) == _squeezed(res) and len(res) > len(src) and 1 not in src:
        return SliceLayout(result, tuple(i for i, d in enumerate(res) if d == 1))
    if not isinstance(result, Layout):
        raise RuleError(f"shape_cast: a slice layout on the {res} result has no source layout for {src}")
    fields = _fields(result)
    if _squeezed(src) == _squeezed(res) and len(src) > len(res) and 1 not in res:
        keep = iter(range(len(res)))
        where = [None if d == 1 else next(keep) for d in src]
        return Layout(**{f: tuple(1 if w is None else v[w] for w in where) for f, v in fields.items()})
    # A reshape: only the innermost dim may be split; its pattern repeats every `period` elements.
    if any(v[i] != 1 for v in fields.values() for i in range(len(res) - 1)):
        raise RuleError(
            f"shape_cast: a reshape of {res} to {src} keeps the blocks/lanes of a layout only when it is "
            "split along the innermost dim alone"
        )
    periods = [fields["inst_data"][-1]] if "inst_data" in fields else []
    if "lane_layout" in fields:
        periods.append(fields["lane_layout"][-1] * fields.get("lane_data", (1,) * len(res))[-1])
    for period in periods:
        for side in (src, res):
            if side[-1] % period:
                raise RuleError(
                    f"shape_cast: innermost extent {side[-1]} of {side} is not a multiple of the layout's period {period}"
                )
    return Layout(**{f: (1,) * (len(src) - 1) + (v[-1],) for f, v in fields.items()})


def below_plain(layout: AnyLayout) -> AnyLayout:
    """A non-workgroup slice whose sliced dims have one lane each, as the plain layout of its
    kept dims (``#xegpu.slice<#xegpu.layout<lane_layout = [1, 16], ...>, dims = [0]>`` is
    ``lane_layout = [16]``: the same lanes hold the same elements); any other layout as it is.
    A lane-only layout's ``order`` is dropped where at most one dim has more than one lane."""
    if layout.is_wg:
        return layout
    if isinstance(layout, SliceLayout):
        root = layout.root
        kept = layout.kept_dims
        if root.lane_layout is not None and any(root.lane_layout[d] > 1 for d in range(root.rank) if d not in kept):
            return layout
        fields = {f: tuple(v[d] for d in kept) for f, v in _fields(root).items()}
        order = None
        if root.order is not None and root.lane_layout is not None:
            order = tuple(sorted(kept, key=list(root.order).index))
            order = tuple(kept.index(d) for d in order)
        layout = Layout(**fields, order=order)
    if layout.order is not None and (layout.lane_layout is None or sum(n > 1 for n in layout.lane_layout) <= 1):
        layout = Layout(**_fields(layout))
    return layout


def below_reduction_source(result: AnyLayout, source_shape: Sequence[int], reduced_dims: Sequence[int]) -> AnyLayout | None:
    """The source layout of a multi_reduction whose result has the non-workgroup layout
    ``result``: the parent of a slice on the reduced dims; for a plain result of a source of
    rank 3 or more, the result's fields with 1 inserted at the reduced dims; None where the
    kind's 2-D/1-D default applies (LLVM 22's choice for a source it has defaults for)."""
    red = sorted(set(int(d) for d in reduced_dims))
    if isinstance(result, SliceLayout) and sorted(result.dims) == red and result.parent.rank == len(source_shape):
        return result.parent
    if isinstance(result, SliceLayout) or len(source_shape) <= 2:
        return None
    kept = iter(range(result.rank))
    where = [None if d in red else next(kept) for d in range(len(source_shape))]
    return Layout(**{f: tuple(1 if w is None else v[w] for w in where) for f, v in _fields(result).items()})


def below_innermost(layout: AnyLayout) -> AnyLayout | None:
    """``layout`` split along its innermost dim alone, or None for a slice: every other dim's
    fields 1, the innermost keeps its ``inst_data`` and ``lane_data`` and takes all the lanes."""
    if not isinstance(layout, Layout):
        return None
    fields = {f: (1,) * (len(v) - 1) + (v[-1],) for f, v in _fields(layout).items()}
    if layout.lane_layout is not None:
        fields["lane_layout"] = (1,) * (len(layout.lane_layout) - 1) + (prod(layout.lane_layout),)
    return Layout(**fields)


def whole_on_every_subgroup(layout: AnyLayout, shape: Sequence[int]) -> bool:
    """Whether every subgroup of the workgroup layout ``layout`` holds all of ``shape`` (its
    ``sg_data`` is the whole shape): a strided slice of such a value is subgroup-local at any
    offsets."""
    return isinstance(layout, Layout) and layout.is_wg and tuple(layout.sg_data_for(shape)) == tuple(shape)


def whole_layout(like: Layout, shape: Sequence[int]) -> Layout:
    """``like``'s subgroups each holding all of ``shape``."""
    assert like.sg_layout is not None
    return Layout(sg_layout=like.sg_layout, sg_data=tuple(shape), order=like.order)
