"""Whether a layout can distribute a shape, with messages that name field, dimension and
numbers; and :func:`with_unit_dims`, the one reading of extent-1 dims."""

from __future__ import annotations

from collections.abc import Sequence

from wgdist.layout.model import AnyLayout, Layout, LayoutError, replace_root


def dim_mode(n: int, lay: int, data: int) -> str:
    """``"wrap"`` (incl. exactly one tile), ``"share"``, or ``"invalid"`` for one dimension."""
    if data < 1 or lay < 1 or n % data:
        return "invalid"
    t = n // data
    if t % lay == 0:
        return "wrap"
    if lay % t == 0:
        return "share"
    return "invalid"


def sg_dims(shape: Sequence[int], layout: AnyLayout) -> list[tuple[int, int, int | None]]:
    """Per dim of ``shape``: ``(n, sg_layout, given sg_data or None)`` read at the root dim the
    layout keeps there. For a layout with ``sg_layout`` whose structure and rank check out."""
    root = layout.root
    assert root.sg_layout is not None
    given = root.sg_data
    return [(n, root.sg_layout[k], None if given is None else given[k]) for n, k in zip(shape, layout.kept_dims)]


def distribution_errors(shape: Sequence[int], layout: AnyLayout, *, no_sharing: bool = False) -> list[str]:
    """Why ``layout`` cannot distribute ``shape`` (empty list: it can). Messages name the
    field, the dimension and the numbers. A :class:`~wgdist.layout.SliceLayout` is judged on the
    dims it keeps, with the root's ``sg_layout``/``sg_data`` there. Never raises."""
    errs = layout.structural_errors()
    if errs:
        return errs
    if layout.rank != len(shape):
        return [f"expected layout rank {layout.rank} to match the rank {len(shape)} of shape {list(shape)}"]
    if any(n < 1 for n in shape):
        return [f"shape {list(shape)} has an extent below 1"]
    if layout.root.sg_layout is not None:
        for d, (n, lay, given) in enumerate(sg_dims(shape, layout)):
            if given is None and n % lay:
                errs.append(
                    f"dim {d}: shape {n} is not divisible by sg_layout {lay} (sg_data omitted, its default is shape / sg_layout)"
                )
                continue
            dd = n // lay if given is None else given
            if n % dd:
                errs.append(f"dim {d}: shape {n} is not a multiple of sg_data {dd}")
                continue
            t = n // dd
            mode = dim_mode(n, lay, dd)
            if mode == "invalid":
                errs.append(
                    f"dim {d}: {t} tiles of sg_data {dd} in shape {n} neither divide among sg_layout {lay} "
                    f"(wrap needs {t} % {lay} == 0) nor share it (sharing needs {lay} % {t} == 0)"
                )
            elif mode == "share" and no_sharing and t != lay:
                errs.append(
                    f"dim {d}: sg_layout {lay} x sg_data {dd} covers more than shape {n}: subgroups would share data, "
                    "which is not allowed here"
                )
    if not isinstance(layout, Layout):
        return errs
    tile = layout.sg_data_for(shape) if layout.sg_layout is not None else tuple(shape)
    if layout.inst_data is not None:
        for d, (p, i) in enumerate(zip(tile, layout.inst_data)):
            if p % i:
                what = "sg_data" if layout.sg_layout is not None else "shape"
                errs.append(f"dim {d}: {what} {p} is not a multiple of inst_data {i}")
        tile = layout.inst_data
    if layout.lane_layout is not None:
        lane_data = layout.lane_data or tuple(1 for _ in layout.lane_layout)
        for d, (p, ll, ld) in enumerate(zip(tile, layout.lane_layout, lane_data)):
            if p % (ll * ld):
                errs.append(f"dim {d}: tile {p} is not a multiple of lane_layout {ll} x lane_data {ld}")
    return errs


def check(shape: Sequence[int], layout: AnyLayout, *, no_sharing: bool = False) -> None:
    """Raise :class:`~wgdist.layout.LayoutError` if ``layout`` cannot distribute ``shape``."""
    errs = distribution_errors(shape, layout, no_sharing=no_sharing)
    if errs:
        raise LayoutError("; ".join(errs))


def with_unit_dims(shape: Sequence[int], layout: AnyLayout) -> AnyLayout:
    """The layout as distribution reads it on a value with extent-1 dims: where ``shape`` is 1
    and ``sg_data`` is given, the tile extent is 1 (the ``256x1`` between a reduction and a
    broadcast carries the broadcast result's ``sg_data = [8, 128]`` in LLVM 22). The same rule
    for plain layouts and for the dims a slice keeps; this is the one place it is applied.
    Layouts without ``sg_data`` (or not fitting ``shape``'s rank) are returned as they are, for
    :func:`distribution_errors` to judge."""
    root = layout.root
    if root.sg_data is None or root.sg_layout is None or layout.structural_errors() or layout.rank != len(shape):
        return layout
    data = list(root.sg_data)
    for n, k in zip(shape, layout.kept_dims):
        if n == 1:
            data[k] = 1
    if tuple(data) == root.sg_data:
        return layout
    new_root = Layout(root.sg_layout, tuple(data), root.inst_data, root.lane_layout, root.lane_data, root.order)
    return replace_root(layout, new_root)

