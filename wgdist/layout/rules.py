"""Operand layouts from result layouts for the ops that keep the element layout of their dims:
dpas, ``vector.multi_reduction``, ``vector.broadcast``, ``vector.transpose``; slices as values
(:func:`plain_equivalent`); and :class:`RuleError`, which every rule raises when it has no answer.
The rules for ops that reshape or window a vector are in :mod:`wgdist.layout.rules_shape`.

Pure functions over the layout model (no IR). The layout-propagation pass calls them while
walking use -> def; the unit tests check every rule by brute-force ownership. Semantics:
``shared/design/layouts-spec.md`` section 2.

Every rule works on the subgroup fields (``sg_layout``, ``sg_data``, ``order``). Lane and inst
fields are re-derived per value by the pass (spec A12), except where a rule is an identity
(elementwise) or a pure permutation (transpose), which carry them along.

A rule that has no answer raises :class:`RuleError` with a message naming the dimension and the
numbers; the pass turns it into a diagnostic on the op.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import prod

from wgdist.layout.equivalence import same_distribution
from wgdist.layout.model import AnyLayout, Layout, Shape, SliceLayout, replace_root, sg_part
from wgdist.layout.ownership import owned, tile_shape, tiles
from wgdist.layout.rule_base import RuleError, insert_order, mk, require_wg, validated
from wgdist.layout.validity import dim_mode, distribution_errors


# ---- dpas --------------------------------------------------------------------------------------
def dpas_operand_layouts(
    cd: Layout, m: int, n: int, k: int
) -> tuple[Layout, Layout]:
    """A (M x K) and B (K x N) layouts for a dpas whose C/D (M x N) layout is ``cd``.

    Same ``sg_layout`` and ``order`` as ``cd``; A gets ``[D_m, K]`` and B ``[K, D_n]``: the K
    dimension is taken whole, so each subgroup's local dpas computes its entire C tile.
    """
    require_wg(cd, "dpas")
    assert cd.sg_layout is not None
    if cd.rank != 2:
        raise RuleError(f"dpas: layout_cd has rank {cd.rank}, expected 2")
    validated((m, n), sg_part(cd), "dpas layout_cd")
    dm, dn = cd.sg_data_for((m, n))
    a = mk(sg_layout=cd.sg_layout, sg_data=(dm, k), order=cd.effective_order())
    b = mk(sg_layout=cd.sg_layout, sg_data=(k, dn), order=cd.effective_order())
    return a, b


def dpas_result_layout(a: Layout, b: Layout, m: int, n: int, k: int) -> Layout:
    """C/D (M x N) layout of a dpas whose A (M x K) and B (K x N) layouts are given: the
    ``sg_layout`` and ``order`` of A, ``sg_data = [D_A[0], D_B[1]]``. A and B must be what
    :func:`dpas_operand_layouts` derives back from it (same grid, full K)."""
    require_wg(a, "dpas layout_a")
    require_wg(b, "dpas layout_b")
    assert a.sg_layout is not None and b.sg_layout is not None
    if a.rank != 2 or b.rank != 2:
        raise RuleError(f"dpas: layout_a has rank {a.rank} and layout_b rank {b.rank}, expected 2")
    da, db = a.sg_data_for((m, k)), b.sg_data_for((k, n))
    cd = mk(sg_layout=a.sg_layout, sg_data=(da[0], db[1]), order=a.effective_order())
    validated((m, n), cd, "dpas layout_cd")
    want_a, want_b = dpas_operand_layouts(cd, m, n, k)
    for name, have, want, shape in (("layout_a", a, want_a, (m, k)), ("layout_b", b, want_b, (k, n))):
        if not same_distribution(shape, sg_part(have), want):
            raise RuleError(
                f"dpas: {name} sg_layout {list(have.sg_layout or ())}, sg_data {list(have.sg_data_for(shape))} does "
                f"not form a dpas with the other operand (each subgroup needs the A rows and B columns of "
                f"its C tile and the whole K = {k}: expected sg_layout {list(want.sg_layout or ())}, sg_data "
                f"{list(want.sg_data or ())})"
            )
    return cd


# ---- multi_reduction ---------------------------------------------------------------------------
def reduction_source_layout(
    result: AnyLayout, source_shape: Sequence[int], reduced_dims: Sequence[int]
) -> AnyLayout:
    """Source layout of ``vector.multi_reduction`` over ``reduced_dims`` given the result layout.

    * A plain result layout: every reduced dim gets ``sg_layout = 1`` and the full extent as
      ``sg_data``, so every subgroup owns whole reduction fibres (subgroup-local reduction).
    * ``#xegpu.slice<P, dims = reduced_dims>``: the source takes ``P``. Reduced dims with
      ``P.sg_layout > 1`` are split over subgroups (a cross-subgroup reduction, done by
      distribution); such a dim must not be shared, or elements would be counted twice, so its
      ``sg_data`` is kept only when it wraps, else set to ``extent / sg_layout``.
    * ``#xegpu.slice<S, dims = reduced_dims>`` whose parent ``S`` is itself a slice of the
      source's rank (the second of two nested reductions): the source takes ``S`` as it is.
    """
    require_wg(result, "multi_reduction")
    rank = len(source_shape)
    red = sorted(set(int(d) for d in reduced_dims))
    if any(d < 0 or d >= rank for d in red):
        raise RuleError(f"multi_reduction: reduction dims {red} out of range for rank {rank}")
    kept = [d for d in range(rank) if d not in red]
    result_shape = tuple(source_shape[d] for d in kept)
    if isinstance(result, SliceLayout):
        parent = result.parent
        if isinstance(parent, SliceLayout) and sorted(result.dims) == red and parent.rank == rank:
            return parent  # a slice of a slice (nested reductions): the source is the inner slice
        if sorted(result.dims) != red or not isinstance(parent, Layout) or parent.rank != rank:
            raise RuleError(
                f"multi_reduction: result layout slices dims {list(result.dims)} of a rank-"
                f"{result.parent.rank} parent, but the op reduces dims {red} of a rank-{rank} source"
            )
        assert parent.sg_layout is not None
        data = list(parent.sg_data_for(source_shape))
        for d in red:
            n, lay = source_shape[d], parent.sg_layout[d]
            if lay == 1:
                data[d] = n
            elif dim_mode(n, lay, data[d]) != "wrap":
                if n % lay:
                    raise RuleError(
                        f"multi_reduction: reduced dim {d} of extent {n} cannot be split over "
                        f"sg_layout {lay} without sharing"
                    )
                data[d] = n // lay
        src = mk(sg_layout=parent.sg_layout, sg_data=data, order=parent.effective_order())
        return validated(source_shape, src, "multi_reduction source")  # type: ignore[return-value]
    if result.rank != len(kept):
        raise RuleError(
            f"multi_reduction: result layout has rank {result.rank}, expected {len(kept)}"
        )
    assert result.sg_layout is not None
    rdata = result.sg_data_for(result_shape)
    lay_out = [1] * rank
    data_out = list(source_shape)
    for i, d in enumerate(kept):
        lay_out[d] = result.sg_layout[i]
        data_out[d] = rdata[i]
    order = [kept[o] for o in result.effective_order()]
    for d in red:
        order = insert_order(order, d)
    src = mk(sg_layout=lay_out, sg_data=data_out, order=order)
    return validated(source_shape, src, "multi_reduction source")  # type: ignore[return-value]


def reduction_source_accepts(
    result: AnyLayout, source_shape: Sequence[int], reduced_dims: Sequence[int], cand: AnyLayout
) -> bool:
    """Whether a source laid out by ``cand`` serves a ``multi_reduction`` whose result has
    ``result``, besides :func:`reduction_source_layout`'s answer: on the reduced dims ``cand``
    may take any ``sg_data`` without sharing (each element counted once by the cross-subgroup
    reduction), provided every subgroup's source tiles project onto exactly the result elements
    it holds (the same result fibres). Decided with the layout model."""
    if not (isinstance(cand, Layout) and cand.is_wg and result.is_wg):
        return False
    if cand.num_subgroups != result.num_subgroups or cand.rank != len(source_shape):
        return False
    if distribution_errors(source_shape, cand):
        return False
    red = sorted(set(int(d) for d in reduced_dims))
    assert cand.sg_layout is not None
    data = cand.sg_data_for(source_shape)
    if any(dim_mode(source_shape[d], cand.sg_layout[d], data[d]) != "wrap" for d in red):
        return False  # shared reduced data would be counted twice
    kept = [d for d in range(len(source_shape)) if d not in red]
    res_shape = tuple(source_shape[d] for d in kept)
    ts = tile_shape(source_shape, cand)
    for s in range(cand.num_subgroups):
        fibres: set[Shape] = set()
        for start in tiles(source_shape, cand, s):
            fibres.update(itertools.product(*(range(start[d], start[d] + ts[d]) for d in kept)))
        if fibres != owned(res_shape, result, s):
            return False
    return True


# ---- slices as values --------------------------------------------------------------------------
def plain_equivalent(shape: Sequence[int], layout: SliceLayout) -> Layout | None:
    """A plain layout (subgroup fields only) that gives every subgroup the same tiles as the
    slice ``layout`` - the subgroups along the removed dims folded into one kept dim, where they
    share its tiles - or None. E.g. ``slice<[8, 4]/[32, 64], dims = [0]>`` on 256 is
    ``[32]/[64]`` (spec 2.3's leading-dim optimization): a layout a tensor_desc can carry."""
    root = layout.root
    if root.sg_layout is None or len(shape) != layout.rank:
        return None
    rd = layout.kept_dims
    dropped = prod(root.sg_layout[d] for d in range(root.rank) if d not in rd)
    data = tile_shape(shape, layout)
    renum = {d: i for i, d in enumerate(rd)}
    order = [renum[d] for d in root.effective_order() if d in renum]
    target = sg_part(layout)
    for j in reversed(range(len(rd)) if dropped > 1 else range(len(rd) - 1, len(rd))):
        lay = [root.sg_layout[d] for d in rd]
        lay[j] *= dropped
        cand = mk(sg_layout=lay, sg_data=data, order=order)
        if not distribution_errors(shape, cand) and same_distribution(shape, cand, target):
            return cand
    return None


# ---- broadcast ---------------------------------------------------------------------------------
def broadcast_source_layout(
    result: AnyLayout, source_shape: Sequence[int], result_shape: Sequence[int]
) -> AnyLayout:
    """Source layout of ``vector.broadcast`` (``source_shape`` a suffix of ``result_shape`` up
    to stretched unit dims).

    * Stretched dim (source extent 1): ``sg_layout`` kept, ``sg_data = 1``.
    * Dropped leading dims: removed when every one has ``sg_layout = 1``; otherwise the source
      is ``#xegpu.slice<result', dims = dropped>``, which replicates the source over the
      subgroups that differ only along the dropped dims.
    """
    require_wg(result, "broadcast")
    r, k = len(result_shape), len(source_shape)
    if k > r:
        raise RuleError(f"broadcast: source rank {k} exceeds result rank {r}")
    dropped = list(range(r - k))
    stretched = [i for i in range(r - k, r) if source_shape[i - (r - k)] == 1 and result_shape[i] != 1]
    for i in range(r - k, r):
        s = source_shape[i - (r - k)]
        if s != 1 and s != result_shape[i]:
            raise RuleError(f"broadcast: source dim {i - (r - k)} of extent {s} cannot broadcast to {result_shape[i]}")
    root = result.root
    assert root.sg_layout is not None
    rdims = result.kept_dims
    root_data = list(root.sg_data) if root.sg_data is not None else None
    if root_data is None:
        # sg_data defaults to shape / sg_layout on the result; make it explicit.
        root_data = [1] * root.rank
        for i, rd in enumerate(rdims):
            root_data[rd] = result_shape[i] // root.sg_layout[rd]
    for i in stretched:
        root_data[rdims[i]] = 1
    new_root = mk(sg_layout=root.sg_layout, sg_data=root_data, order=root.effective_order())
    full = replace_root(result, new_root)
    if not dropped:
        return validated(source_shape, full, "broadcast source")
    if isinstance(full, Layout) and all(root.sg_layout[d] == 1 for d in dropped):
        keep = [d for d in range(r) if d not in dropped]
        renum = {d: i for i, d in enumerate(keep)}
        plain = mk(
            sg_layout=[root.sg_layout[d] for d in keep],
            sg_data=[root_data[d] for d in keep],
            order=[renum[d] for d in new_root.effective_order() if d in renum],
        )
        return validated(source_shape, plain, "broadcast source")
    return validated(source_shape, SliceLayout(full, tuple(dropped)), "broadcast source")


# ---- transpose ---------------------------------------------------------------------------------
def inverse_permutation(permutation: Sequence[int]) -> tuple[int, ...]:
    """The permutation ``inv`` with ``inv[perm[i]] = i`` (so ``perm[inv[j]] = j``)."""
    perm = [int(p) for p in permutation]
    if sorted(perm) != list(range(len(perm))):
        raise RuleError(f"{perm} is not a permutation")
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return tuple(inv)


def transpose_source_layout(result: AnyLayout, permutation: Sequence[int]) -> Layout:
    """Source layout of ``vector.transpose`` (``result.shape[i] = source.shape[perm[i]]``).

    Every array field is permuted (``I.f[perm[i]] = O.f[i]``), and so is ``order``
    (``I.order = [perm[o] for o in O.order]``), which makes each subgroup's source tiles the
    transposes of its result tiles: a subgroup-local transpose.
    """
    if isinstance(result, SliceLayout):
        raise RuleError("transpose: a #xegpu.slice result layout is not supported")
    perm = [int(p) for p in permutation]
    r = len(perm)
    if sorted(perm) != list(range(r)):
        raise RuleError(f"transpose: {perm} is not a permutation")
    if result.rank != r:
        raise RuleError(f"transpose: result layout has rank {result.rank}, expected {r}")

    def permute(f: Shape | None) -> list[int] | None:
        if f is None:
            return None
        out = [0] * r
        for i, p in enumerate(perm):
            out[p] = f[i]
        return out

    order = None
    if result.sg_layout is not None or result.lane_layout is not None:
        order = [perm[o] for o in result.effective_order()]
    return mk(
        sg_layout=permute(result.sg_layout),
        sg_data=permute(result.sg_data),
        inst_data=permute(result.inst_data),
        lane_layout=permute(result.lane_layout),
        lane_data=permute(result.lane_data),
        order=order,
    )
