"""dpas with K split across subgroups, in the partial-sum form (layouts-spec 1.9).

When every subgroup's A and B tiles multiply pairwise (A tile ``(m, k)`` with B tile
``(k, n)``, the same K tiles for A and B) but no subgroup holds all of K, the workgroup result
``C = acc + sum_k A[:, k] B[k, :]`` is computed in three steps:

1. each subgroup chains ``xegpu.dpas`` over its own K tiles, without the accumulator, for every
   ``(m, n)`` block its tiles form: a *partial sum* over its *K group*. The K groups partition
   the K tiles (round robin along K: the subgroups at one K coordinate hold the same K tiles,
   those at another coordinate other ones); group ``g`` is the one whose first K tile is tile
   ``g``, so ``g = k0 / D_k`` with ``k0`` the start of the subgroup's first K tile;
2. the partials are stored into an SLM matrix of ``G * M`` rows by ``N`` columns (``G`` K
   groups), the partial of block ``(m, n)`` of group ``g`` at ``[g * M + m, n]``: the
   workgroup's ``M x N`` result once per K group. Where several subgroups compute the same
   partial (A or B shared), one writes it: the writer predicate is a conjunction of the
   sharing predicates of A's and B's layouts (:func:`wgdist.layout.writer_dims`), the smallest
   one the model shows to write every partial exactly once; ``gpu.barrier``;
3. every subgroup loads, for each of its C tiles under ``layout_cd`` (any split of ``M x N``),
   the ``G`` partials at ``[g * M + m, n]`` and adds them to its accumulator tile:
   ``acc + p_0 + ... + p_{G-1}``, the accumulator exactly once. The result has ``layout_cd``'s
   distribution. Inside a loop a second barrier follows the loads.

``256x32`` A ``[1, 4]/[256, 8]``, B ``[4, 1]/[8, 64]``, C ``[4, 1]/[64, 64]``: subgroup ``s``
holds K slice ``s`` of A and of B and computes the whole ``256x64`` product of that slice;
the SLM matrix is ``1024x64``; subgroup ``s`` then sums rows ``[64 s, 64 s + 64)`` of the four
slices into its C tile::

    %p = xegpu.dpas %a, %b : vector<256x8xf16>, vector<8x64xf16> -> vector<256x64xf32>
    %p0 = vector.extract_strided_slice %p {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], ...>,
            offsets = [0, 0], sizes = [16, 16], strides = [1, 1]}
    xegpu.store_matrix %p0, %md[%g256, 0] ...      // ... in 16x16 blocks
    gpu.barrier
    %q0 = xegpu.load_matrix %md[%m, 0] ... -> vector<64x64xf32>
    %q1 = xegpu.load_matrix %md[%m256, 0] ...
    %s0 = arith.addf %acc, %q0
    %s1 = arith.addf %s0, %q1   ...

:func:`plan` is the model side (no IR): it returns None when the operands do not have this
shape (the caller then gathers them, :mod:`.ops.xegpu_dpas`); :func:`emit` writes the IR.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.xegpu import DistributeLayoutAttr, DpasOp, LoadMatrixOp
from wgdist.layout import AnyLayout, Layout, delinearize, writer_dims
from wgdist.passes.distribute import slm
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.emit import dense_constant, element_type
from wgdist.passes.distribute.sg_ids import Index
from wgdist.passes.distribute.state import Env, Plan

Term = tuple[int, int, int]
"""A writer-predicate term ``(operand, root dim, bound)``: the subgroup's coordinate along
``root dim`` of operand ``operand``'s layout (0: A, 1: B) is below ``bound``."""


@dataclass(frozen=True)
class SplitK:
    """The facts :func:`emit` needs: per subgroup ``rows x k x cols`` tiles (A tile
    ``i * k + kk``, B tile ``kk * cols + j``), ``groups`` K groups of ``k_tile`` columns,
    the writer predicate."""

    rows: int
    k: int
    cols: int
    groups: int
    k_tile: int
    writer: tuple[Term, ...]


def _rounds(d: Dist) -> tuple[int, int] | None:
    t0 = d.table[0]
    r0 = len({t[0] for t in t0})
    r1 = len({t[1] for t in t0})
    return (r0, r1) if r0 * r1 == len(t0) else None


def _coord(layout: AnyLayout, s: int, dim: int) -> int:
    root = layout.root
    assert root.sg_layout is not None
    return delinearize(s, root.sg_layout, root.effective_order())[dim]


def blocks(da: Dist, db: Dist, rows: int, k: int, cols: int, s: int) -> set[tuple[int, int, int]]:
    """The partials subgroup ``s`` computes: ``(m start, n start, K group)``."""
    a, b = da.table[s], db.table[s]
    g = a[0][1] // da.tile_shape[1]
    return {(a[i * k][0], b[j][1], g) for i, j in product(range(rows), range(cols))}


def _lined_up(da: Dist, db: Dist) -> tuple[int, int, int] | None:
    """``rows x k x cols`` when every subgroup's A and B tiles form product blocks."""
    (_, kt), (kt2, _) = da.tile_shape, db.tile_shape
    ra, rb = _rounds(da), _rounds(db)
    if kt != kt2 or ra is None or rb is None or ra[1] != rb[0] or da.num_subgroups != db.num_subgroups:
        return None
    (rm, rk), rn = ra, rb[1]
    for s in range(da.num_subgroups):
        a, b = da.table[s], db.table[s]
        for i, kk, j in product(range(rm), range(rk), range(rn)):
            ta, tb = a[i * rk + kk], b[kk * rn + j]
            if ta[1] != tb[0] or ta[0] != a[i * rk][0] or tb[1] != b[j][1]:
                return None
    return rm, rk, rn


def _groups(da: Dist, rk: int) -> int | None:
    """The number of K groups when the subgroups' K tile sets partition K and each set's first
    tile is its group number (None otherwise)."""
    kt = da.tile_shape[1]
    sets: dict[int, frozenset[int]] = {}
    for s in range(da.num_subgroups):
        ks = [da.table[s][kk][1] // kt for kk in range(rk)]
        g, kset = ks[0], frozenset(ks)
        if len(kset) != rk or sets.setdefault(g, kset) != kset:
            return None
    every = sorted(t for kset in sets.values() for t in kset)
    if every != list(range(da.shape[1] // kt)) or sorted(sets) != list(range(len(sets))):
        return None
    return len(sets)


def _is_writer(da: Dist, db: Dist, terms: tuple[Term, ...], s: int) -> bool:
    return all(_coord((da, db)[o].layout, s, dim) < bound for o, dim, bound in terms)


def _writer(da: Dist, db: Dist, rows: int, k: int, cols: int, groups: int) -> tuple[Term, ...] | None:
    """The smallest conjunction of A's and B's sharing terms whose subgroups compute every
    partial exactly once (None: no such conjunction)."""
    M, N = da.shape[0], db.shape[1]
    mt, nt = da.tile_shape[0], db.tile_shape[1]
    want = {(m, n, g) for m, n, g in product(range(0, M, mt), range(0, N, nt), range(groups))}
    per = [blocks(da, db, rows, k, cols, s) for s in range(da.num_subgroups)]
    cands = sorted({(o, dim, bound) for o, d in enumerate((da, db)) for dim, bound in writer_dims(d.shape, d.layout)})
    for size in range(len(cands) + 1):
        for terms in combinations(cands, size):
            seen: list[tuple[int, int, int]] = []
            for s in range(da.num_subgroups):
                if _is_writer(da, db, terms, s):
                    seen += per[s]
            if len(seen) == len(want) and set(seen) == want:
                return terms
    return None


def model(da: Dist, db: Dist) -> SplitK | None:
    """The partial-sum facts of A split as ``da`` and B as ``db`` (no IR): None unless their
    tiles multiply inside every subgroup, K is split into more than one group and a writer
    predicate writes every partial once."""
    if da.packed or db.packed:
        return None
    grid = _lined_up(da, db)
    if grid is None:
        return None
    rows, k, cols = grid
    groups = _groups(da, k)
    if groups is None or groups == 1:
        return None
    writer = _writer(da, db, rows, k, cols, groups)
    if writer is None:
        return None
    return SplitK(rows, k, cols, groups, da.tile_shape[1], writer)


def plan(op: DpasOp, p: Plan, da: Dist, db: Dist, dc: Dist, elt: Attribute) -> SplitK | None:
    """:func:`model`, when the result can be read back under ``dc``; a located error when the
    partial sums cannot go through SLM (the caller then gathers the operands instead)."""
    if not isinstance(dc.layout, Layout) or dc.num_subgroups != da.num_subgroups:
        return None
    sk = model(da, db)
    if sk is None:
        return None
    M, N = dc.shape
    slm.check_exchange_context(op, p)
    slm.reserve(op, p, sk.groups * M, N, elt, "the split-K dpas (partial sums of each K group)")
    return sk


def _predicate(env: Env, da: Dist, db: Dist, terms: tuple[Term, ...]) -> SSAValue | None:
    cond: SSAValue | None = None
    for o, dim, bound in terms:
        c = env.ids.coord((da, db)[o].layout.root, dim, env.tile_base())
        assert isinstance(c, SSAValue)
        lt = env.ids.ult(c, bound)
        cond = lt if cond is None else env.ids.and_(cond, lt)
    return cond


def emit(op: DpasOp, env: Env, sk: SplitK, da: Dist, db: Dist, dc: Dist, A: list[SSAValue], B: list[SSAValue],
         C: list[SSAValue] | None, attrs: dict[str, Attribute], lays: Mapping[str, DistributeLayoutAttr | None]) -> list[SSAValue]:
    """The result tiles (split as ``dc``) of the split-K dpas ``op`` (see the module docstring)."""
    elt = element_type(op.result)
    ids = env.ids
    base = env.tile_base()
    M, N = dc.shape
    a_offs, b_offs = ids.tile_offsets(da, base), ids.tile_offsets(db, base)
    g_row = ids.mul(ids.divui(a_offs[0][1], sk.k_tile), M)
    ptype = VectorType(elt, [da.tile_shape[0], db.tile_shape[1]])
    md = slm.alloc_matrix(env, sk.groups * M, N, elt, slm.element_bytes(op, elt))
    stores: list[Operation] = []
    zero = env.ids.splat(lambda: dense_constant(elt, ptype.get_shape(), [0]), ("zero", str(elt), tuple(ptype.get_shape())))
    for i, j in product(range(sk.rows), range(sk.cols)):
        acc = zero  # (mlir-opt 22 gives a dpas without accumulator no result layout)
        for kk in range(sk.k):
            new = DpasOp(A[i * sk.k + kk], B[kk * sk.cols + j], ptype, acc, attributes=attrs, layout_a=lays.get("layout_a"),
                         layout_b=lays.get("layout_b"), layout_cd=lays.get("layout_cd"))
            acc = env.emit(new).results[0]
        row = ids.add(g_row, a_offs[i * sk.k][0], env.current)
        stores += slm.store_blocks(env, acc, md, row, b_offs[j][1], slm.DPAS_ROWS)
    slm.emit_guarded(env, _predicate(env, da, db, sk.writer), stores)
    slm.barrier(env)
    out: list[SSAValue] = []
    ctype = dc.sg_vector_type(elt)
    for t, (m, n) in enumerate(ids.tile_offsets(dc, base)):
        rows: list[Index] = [ids.add(m, g * M, env.current) for g in range(sk.groups)]
        parts = [env.emit(LoadMatrixOp(md, [row, n], ctype)).results[0] for row in rows]
        out.append(total(env, C[t] if C is not None else None, parts, elt))
    slm.finish(env, op)
    return out


def total(env: Env, acc: SSAValue | None, parts: Sequence[SSAValue], elt: Attribute) -> SSAValue:
    """``acc + parts[0] + ... + parts[-1]`` (the accumulator once; none: the parts' sum)."""
    out = acc
    for p in parts:
        if out is None:
            out = p
            continue
        add: Operation = arith.AddfOp(out, p) if isinstance(elt, AnyFloat) else arith.AddiOp(out, p)
        out = env.emit(add).results[0]
    assert out is not None
    return out
