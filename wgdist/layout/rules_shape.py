"""Operand layouts from result layouts for the ops that reshape or window a vector.

This module holds the ``vector.shape_cast`` rule (:func:`shape_cast_source_layout`), the
``extract_strided_slice``/``insert_strided_slice`` window rule (:func:`window_layout`) and the
contiguous block layouts used as the shape_cast fallback (:func:`block_layouts`). The rules for
the other ops, and :class:`~wgdist.layout.RuleError`, are in :mod:`wgdist.layout.rules`, whose
conventions (no IR; subgroup fields only; a rule with no answer raises ``RuleError``) apply here.
Semantics: ``shared/design/layouts-spec.md`` section 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import prod

from wgdist.layout.equivalence import same_distribution
from wgdist.layout.model import AnyLayout, Layout, Shape, SliceLayout, sg_part
from wgdist.layout.ownership import owned, tile_shape, tiles
from wgdist.layout.rule_base import RuleError, insert_order, mk, require_wg
from wgdist.layout.validity import distribution_errors


# ---- shape_cast --------------------------------------------------------------------------------
def _groups(
    src: Sequence[int], res: Sequence[int]
) -> list[tuple[list[int], list[int]]] | None:
    """Contiguous groups of non-unit dims with equal products (None if the products differ)."""
    s = [i for i, n in enumerate(src) if n != 1]
    t = [i for i, n in enumerate(res) if n != 1]
    out: list[tuple[list[int], list[int]]] = []
    i = j = 0
    while i < len(s) or j < len(t):
        if i >= len(s) or j >= len(t):
            return None
        gs, gt = [s[i]], [t[j]]
        ps, pt = src[s[i]], res[t[j]]
        i, j = i + 1, j + 1
        while ps != pt:
            if ps < pt:
                if i >= len(s):
                    return None
                ps *= src[s[i]]
                gs.append(s[i])
                i += 1
            else:
                if j >= len(t):
                    return None
                pt *= res[t[j]]
                gt.append(t[j])
                j += 1
        out.append((gs, gt))
    return out


def _closed_form(
    result: Layout, src: Sequence[int], res: Sequence[int]
) -> Layout | None:
    assert result.sg_layout is not None
    groups = _groups(src, res)
    if groups is None:
        return None
    lay_r, data_r = result.sg_layout, result.sg_data_for(res)
    lay = [1] * len(src)
    data = [1] * len(src)
    for gs, gt in groups:
        if len(gs) == 1 and len(gt) == 1:
            lay[gs[0]], data[gs[0]] = lay_r[gt[0]], data_r[gt[0]]
        elif len(gs) == 1:  # merge: several result dims -> one source dim
            owned_fully = [lay_r[d] == 1 and data_r[d] == res[d] for d in gt]
            inner = [i for i, f in enumerate(owned_fully) if not f]
            if not inner:
                lay[gs[0]], data[gs[0]] = 1, src[gs[0]]
                continue
            p = inner[-1]
            lay[gs[0]] = prod(lay_r[d] for d in gt[: p + 1])
            data[gs[0]] = data_r[gt[p]] * prod(res[d] for d in gt[p + 1 :])
        elif len(gt) == 1:  # split: one result dim -> several source dims
            L, D = lay_r[gt[0]], data_r[gt[0]]
            rest = list(reversed(gs))
            while rest and D % src[rest[0]] == 0:
                e = rest.pop(0)
                lay[e], data[e] = 1, src[e]
                D //= src[e]
            if rest:
                p = rest.pop(0)
                if src[p] % D:
                    return None
                lp = min(L, src[p] // D)
                if L % lp:
                    return None
                lay[p], data[p] = lp, D
                L //= lp
                for q in rest:
                    if L == 1:
                        lay[q], data[q] = 1, src[q]
                        continue
                    lq = min(L, src[q])
                    if L % lq:
                        return None
                    lay[q], data[q] = lq, 1
                    L //= lq
            if L != 1:
                # L * D exceeded the extent (sharing): the leftover subgroups replicate along
                # the outermost dim of the group (checked by ownership like every candidate)
                lay[gs[0]] *= L
        else:
            return None
    where: dict[int, list[int]] = {}
    for gs, gt in groups:
        for d in gt:
            where[d] = list(reversed(gs))
    # Unit dims: the i-th unit dim of the result pairs with the i-th unit dim of the source (a
    # result unit dim split over subgroups must keep its sg_layout somewhere).
    res_units = [d for d, n in enumerate(res) if n == 1]
    src_units = [d for d, n in enumerate(src) if n == 1]
    for i, d in enumerate(res_units):
        if i < len(src_units):
            lay[src_units[i]] = lay_r[d]
            where[d] = [src_units[i]]
        elif lay_r[d] != 1:
            return None
    order: list[int] = []
    for o in result.effective_order():
        for d in where.get(o, []):
            if d not in order:
                order.append(d)
    for d in range(len(src)):
        if d not in order:
            order = insert_order(order, d)
    return mk(sg_layout=lay, sg_data=data, order=order)


def _unit_slice(result: AnyLayout, src: Sequence[int], res: Sequence[int]) -> AnyLayout | None:
    """``slice<result, unit dims>`` when ``src`` is ``res`` with some unit dims removed."""
    if len(src) >= len(res):
        return None
    drop: list[int] = []
    j = 0
    for i, n in enumerate(res):
        if j < len(src) and src[j] == n:
            j += 1
        elif n == 1:
            drop.append(i)
        else:
            return None
    if j != len(src):
        return None
    return SliceLayout(result, tuple(drop))


def _unslice(result: AnyLayout, src: Sequence[int], res: Sequence[int]) -> AnyLayout | None:
    """The parent of a slice result when ``src`` re-inserts exactly the sliced unit dims."""
    if not isinstance(result, SliceLayout) or len(src) != len(res) + len(result.dims):
        return None
    dims = sorted(result.dims)
    if any(src[d] != 1 for d in dims):
        return None
    if [n for d, n in enumerate(src) if d not in dims] != list(res):
        return None
    parent = result.parent
    if isinstance(parent, Layout) and parent.sg_layout is not None:
        data = list(parent.sg_data_for(src))
        for d in dims:
            data[d] = 1
        return mk(parent.sg_layout, data, parent.inst_data, parent.lane_layout,
                      parent.lane_data, parent.effective_order())
    return parent


@lru_cache(maxsize=512)
def _accept(res: Shape, result: AnyLayout, src: Shape, cand: AnyLayout) -> bool:
    return not distribution_errors(src, cand) and same_distribution(res, result, cand, shape_b=src)


def shape_cast_source_layout(
    result: AnyLayout, source_shape: Sequence[int], result_shape: Sequence[int]
) -> AnyLayout:
    """Source layout of ``vector.shape_cast`` from the result layout.

    Candidates, tried in turn, each accepted only if every subgroup owns exactly the same
    elements (row-major linear indices) on both sides, checked with the layout model:

    1. when the cast only removes unit dims from a slice result, the slice's parent;
    2. the closed form of spec 2.5: dims grouped by equal products, then copied (1-1), merged or
       split; unit dims get ``sg_layout = sg_data = 1``;
    3. when the cast only inserts unit dims, ``#xegpu.slice<result, dims = unit dims>``.

    Raises :class:`RuleError` when none is accepted (a conversion is needed).
    """
    require_wg(result, "shape_cast")
    src, res = tuple(source_shape), tuple(result_shape)
    if prod(src) != prod(res):
        raise RuleError(f"shape_cast: {list(src)} and {list(res)} have different element counts")
    cands: list[AnyLayout] = []
    u = _unslice(result, src, res)
    if u is not None:
        cands.append(u)
    if isinstance(result, Layout):
        closed = _closed_form(sg_part(result), src, res)
        if closed is not None:
            cands.append(closed)
    s = _unit_slice(result, src, res)
    if s is not None:
        cands.append(s)
    for c in cands:
        if _accept(res, result, src, c):
            return c
    raise RuleError(
        f"shape_cast {list(src)} -> {list(res)}: no source layout gives every subgroup the same "
        "elements as the result layout"
    )


# ---- extract/insert_strided_slice --------------------------------------------------------------
def _window_ok(big: Shape, big_l: Layout, small: Shape, small_l: Layout, offsets: Shape, exact: bool) -> bool:
    """Every tile of the window (``small`` at ``offsets`` in ``big``) lies inside one tile of the
    same subgroup of ``big``, at a local offset the same for every subgroup, and (``exact``) every
    subgroup owns the same window elements on both sides."""
    n = big_l.num_subgroups
    if small_l.num_subgroups != n:
        return False
    bt, st = tile_shape(big, big_l), tile_shape(small, small_l)
    btab = [tiles(big, big_l, s) for s in range(n)]
    stab = [tiles(small, small_l, s) for s in range(n)]
    for k in range(len(stab[0])):
        found = False
        for j in range(len(btab[0])):
            local = None
            for s in range(n):
                lo = tuple(stab[s][k][i] + offsets[i] - btab[s][j][i] for i in range(len(big)))
                if any(lo[i] < 0 or lo[i] + st[i] > bt[i] for i in range(len(big))) or local not in (None, lo):
                    local = None
                    break
                local = lo
            if local is not None:
                found = True
                break
        if not found:
            return False
    if not exact:
        return True
    for s in range(n):
        inside = {
            tuple(e[i] - offsets[i] for i in range(len(big)))
            for e in owned(big, big_l, s)
            if all(offsets[i] <= e[i] < offsets[i] + small[i] for i in range(len(big)))
        }
        if inside != owned(small, small_l, s):
            return False
    return True


@lru_cache(maxsize=512)
def window_layout(
    given: AnyLayout, given_shape: Shape, other_shape: Shape, offsets: Shape, exact: bool = True
) -> Layout:
    """The layout of the other side of ``extract_strided_slice``/``insert_strided_slice`` (unit
    strides; ``offsets`` place the smaller shape in the larger one): the same ``sg_layout``,
    ``sg_data`` and order as ``given``, accepted only when each subgroup's window tiles lie inside
    its own tiles of the larger vector at one local offset (so the op stays subgroup-local) and,
    when ``exact`` (an insert must cover what it overwrites), every subgroup owns the same window
    elements on both sides.

    Raises :class:`RuleError` otherwise (a conversion is needed).
    """
    require_wg(given, "strided slice")
    if isinstance(given, SliceLayout) or len(given_shape) != len(other_shape):
        raise RuleError("strided slice: only plain layouts of equal-rank vectors are derived")
    assert given.sg_layout is not None
    cand = mk(given.sg_layout, given.sg_data_for(given_shape), order=given.effective_order())
    errs = distribution_errors(other_shape, cand)
    if errs:
        raise RuleError(f"strided slice: {errs[0]}")
    offs = tuple(offsets) + (0,) * (len(given_shape) - len(offsets))
    big_is_given = all(g >= o for g, o in zip(given_shape, other_shape))
    g = mk(given.sg_layout, given.sg_data_for(given_shape), order=given.effective_order())
    ok = (
        _window_ok(given_shape, g, other_shape, cand, offs, exact)
        if big_is_given
        else _window_ok(other_shape, cand, given_shape, g, offs, exact)
    )
    if not ok:
        raise RuleError(
            f"strided slice {list(given_shape)} <-> {list(other_shape)} at offsets {list(offs)}: the "
            f"window's tiles under sg_layout {list(given.sg_layout)}, sg_data {list(cand.sg_data or ())} "
            "are not inside the same subgroup's tiles of the larger vector"
        )
    return cand


# ---- block layouts (shape_cast fallback) ------------------------------------------------------
def block_layouts(shape: Sequence[int], like: AnyLayout) -> list[Layout]:
    """Layouts for ``shape`` over ``like``'s subgroups in contiguous row-major blocks: all
    subgroups along one dim (outermost first), every other dim held whole, default order. A
    shape_cast between any two shapes maps such a block layout to another one whenever the split
    dim's extent is a multiple of the subgroup count, so these are the fallback when no layout
    is implied by either side of a cast."""
    n = like.num_subgroups
    out: list[Layout] = []
    for d, extent in enumerate(shape):
        if extent % n == 0:
            lay = [1] * len(shape)
            lay[d] = n
            data = list(shape)
            data[d] = extent // n
            out.append(mk(lay, data))
    return out
