"""Reductions: ``vector.multi_reduction`` and ``vector.reduction``.

**Subgroup-local** (every subgroup holds whole reduction fibres, e.g. ``sg_layout = 1`` and
``sg_data`` = the extent on the reduced dims): each result tile is the chain of
``multi_reduction`` over the subgroup's source tiles that project onto it, starting from the
matching accumulator tile.

**Across subgroups** (a reduced dim is split over subgroups): through shared local memory.
With the source tile ``T`` (kept dims ``Tk``, ``P = prod(Tk)`` elements, 1 for a scalar result)
the model gives a grid of ``nq`` kept blocks and ``nb`` reduced blocks; the SLM matrix has
``nq * nb`` rows of ``P`` elements, row ``q * nb + b`` holding the partial result of source
block ``(q, b)``:

1. every source tile is reduced over the reduced dims from the neutral element of the kind
   (the accumulator is not used yet) and stored as one row (only one copy of shared data is
   written, see :mod:`wgdist.passes.distribute.slm`);
2. ``gpu.barrier``;
3. each result tile (its shape must be ``Tk``) loads its ``nb`` rows as ``vector<nb x P>`` and
   reduces them over dim 0 *into the accumulator tile* - the accumulator enters exactly once.

``check`` decides which of the two applies and keeps the source tiles of each result tile, or
the SLM :class:`Table`, in the op's :class:`ReductionPlan`. An accumulator split otherwise
than the result (e.g. one that got a store's layout) is first moved to the result's split
(:mod:`.move`: regathered inside each subgroup when every subgroup holds the same elements
under both, through SLM otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import prod
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.dialects.vector import (
    BroadcastOp,
    CombiningKindAttr,
    MultiDimReductionOp,
    ReductionOp,
    ShapeCastOp,
)
from wgdist.dialects.xegpu import LoadMatrixOp
from wgdist.ir.diagnostics import OpError
from wgdist.layout import Layout, SliceLayout, is_writer, layout_text, sg_part
from wgdist.passes.distribute import slm
from wgdist.passes.distribute.dist import Dist, result_dist
from wgdist.passes.distribute.emit import dense_constant, element_type, sg_attrs
from wgdist.passes.distribute.ops.move import Move, emit_move, plan_move
from wgdist.passes.distribute.state import Env, Handler, OpPlan, Plan


# ---- the layout-model facts of one reduction ----------------------------------------------------
class Table:
    """The SLM table of a cross-subgroup reduction of ``ds`` over ``dims``."""

    def __init__(self, ds: Dist, dims: tuple[int, ...]) -> None:
        self.ds = ds
        self.dims = dims
        self.kept = tuple(i for i in range(len(ds.shape)) if i not in dims)
        ts = ds.tile_shape
        self.tk = tuple(ts[i] for i in self.kept)
        self.grid_k = tuple(ds.shape[i] // ts[i] for i in self.kept)
        self.grid_r = tuple(ds.shape[i] // ts[i] for i in dims)
        self.nb = prod(self.grid_r)
        self.nq = prod(self.grid_k)
        self.cols = prod(self.tk)
        self.w_k = slm.row_major_weights(self.grid_k, self.nb)
        self.w_r = slm.row_major_weights(self.grid_r)

    def row(self, start: tuple[int, ...]) -> int:
        """Row of the source block at ``start`` (model-side, used to check coverage)."""
        ts = self.ds.tile_shape
        return sum(start[i] // ts[i] * w for i, w in zip(self.kept, self.w_k)) + sum(
            start[i] // ts[i] * w for i, w in zip(self.dims, self.w_r)
        )


def local_groups(ds: Dist, d: Dist | None, dims: tuple[int, ...]) -> list[list[int]] | None:
    """Per result tile, the source tiles of the same subgroup that reduce onto it, when every
    subgroup holds whole fibres (the same list for every subgroup); None otherwise."""
    kept = [i for i in range(len(ds.shape)) if i not in dims]
    need = prod(ds.shape[i] for i in dims)
    per = prod(ds.tile_shape[i] for i in dims)
    if d is None:  # scalar result: each subgroup must hold everything
        if ds.ntiles * prod(ds.tile_shape) != prod(ds.shape):
            return None
        return [list(range(ds.ntiles))]
    if [ds.tile_shape[i] for i in kept] != list(d.tile_shape) or ds.num_subgroups != d.num_subgroups:
        return None
    groups: list[list[int]] = []
    for k in range(d.ntiles):
        js: list[int] | None = None
        for s in range(d.num_subgroups):
            r = d.table[s][k]
            here = [j for j, t in enumerate(ds.table[s]) if [t[i] for i in kept] == list(r)]
            if js is None:
                js = here
            if here != js or len({tuple(ds.table[s][j][i] for i in dims) for j in here}) * per != need:
                return None
        assert js is not None
        groups.append(js)
    return groups


def check_slm(op: MultiDimReductionOp | ReductionOp, plan: Plan, ds: Dist, d: Dist | None, dims: tuple[int, ...], elt: Attribute) -> Table:
    """Check a reduction across subgroups (context, element type, kind, SLM size, result tile,
    single writers); its SLM table."""
    slm.check_exchange_context(op, plan)
    slm.element_bytes(op, elt)
    _neutral(op, _kind(op), elt)
    t = Table(ds, dims)
    slm.reserve(op, plan, t.nq * t.nb, t.cols, elt, "the reduction across subgroups")
    if d is not None:
        if d.tile_shape != t.tk:
            raise OpError(
                op,
                f"the reduction crosses subgroups (source {layout_text(ds.layout)}), and then each result "
                f"tile must be the source tile on the kept dims: result tile {list(d.tile_shape)} "
                f"({layout_text(d.layout)}), source tile on the kept dims {list(t.tk)}",
            )
        if d.num_subgroups != ds.num_subgroups:
            raise OpError(op, f"the source has {ds.num_subgroups} subgroups ({layout_text(ds.layout)}) but the result {d.num_subgroups} ({layout_text(d.layout)})")
    slm.check_single_writer(op, ds)
    rows = {t.row(st) for s in range(ds.num_subgroups) if is_writer(ds.shape, ds.layout, s) for st in ds.table[s]}
    if rows != set(range(t.nq * t.nb)):  # pragma: no cover - the model guarantees coverage
        raise OpError(op, "internal error: the partial results do not cover the SLM table")
    return t


# ---- neutral elements ---------------------------------------------------------------------------
def _kind(op: MultiDimReductionOp | ReductionOp) -> str:
    k = op.kind
    assert isinstance(k, CombiningKindAttr)
    return str(k.data.value)


def _neutral(op: Operation, kind: str, elt: Attribute) -> float | int:
    if isinstance(elt, AnyFloat):
        table: dict[str, float] = {"add": 0.0, "mul": 1.0, "maxnumf": float("-inf"), "maximumf": float("-inf"),
                                   "minnumf": float("inf"), "minimumf": float("inf")}
        if kind in table:
            return table[kind]
    elif isinstance(elt, IntegerType):
        w = elt.width.data
        itable = {"add": 0, "or": 0, "xor": 0, "maxui": 0, "mul": 1, "and": -1, "minui": -1,
                  "maxsi": -(1 << (w - 1)), "minsi": (1 << (w - 1)) - 1}
        if kind in itable:
            return itable[kind]
    raise OpError(op, f"no neutral element for a <{kind}> reduction of {elt}")


def _neutral_value(env: Env, op: Operation, kind: str, elt: Attribute, shape: tuple[int, ...]) -> SSAValue:
    """The neutral element of ``kind`` (a vector of ``shape``, or a scalar), built once per
    function at its entry (not again in every loop iteration or per reduction)."""
    v = _neutral(op, kind, elt)

    def build() -> Operation:
        if shape:
            return dense_constant(elt, shape, [v])
        if isinstance(elt, IntegerType):
            return arith.ConstantOp(IntegerAttr(int(v), elt))
        assert isinstance(elt, AnyFloat)
        return arith.ConstantOp(FloatAttr(float(v), elt))

    return env.ids.splat(build, ("neutral", str(elt), shape, v))


# ---- the SLM exchange -----------------------------------------------------------------------------
def emit_slm_reduce(env: Env, op: MultiDimReductionOp | ReductionOp, t: Table, src: list[SSAValue], elt: Attribute) -> SSAValue:
    """Steps 1-2: partial rows stored (one writer per block), barrier. Returns the mem_desc;
    :func:`load_rows` does step 3."""
    kind = _kind(op)
    ds = t.ds
    ids = env.ids
    md = slm.alloc_matrix(env, t.nq * t.nb, t.cols, elt, slm.element_bytes(op, elt))
    starts = ids.tile_offsets(ds, env.tile_base())
    ts = ds.tile_shape
    neutral = _neutral_value(env, op, kind, elt, t.tk) if t.tk else None
    guarded: list[Operation] = []
    for k, tile in enumerate(src):
        st = starts[k]
        row = slm.linear_index(env, [st[i] for i in t.kept] + [st[i] for i in t.dims],
                               [ts[i] for i in t.kept] + [ts[i] for i in t.dims], t.w_k + t.w_r)
        if t.tk:
            assert neutral is not None
            part: Operation = MultiDimReductionOp(kind, tile, neutral, list(t.dims))
            if list(t.tk) == [1, t.cols]:
                guarded += [part, *slm.store_blocks(env, part.results[0], md, row, 0)]
                continue
            as_row: Operation = ShapeCastOp(part.results[0], VectorType(elt, [1, t.cols]))
        else:
            part = ReductionOp.create(operands=[tile], result_types=[elt], properties={"kind": op.kind})
            if len(ds.shape) > 1:
                flat = ShapeCastOp(tile, VectorType(elt, [prod(ts)]))
                guarded.append(flat)
                part.operands = [flat.results[0]]
            as_row = BroadcastOp(part.results[0], VectorType(elt, [1, 1]))
        guarded += [part, as_row, *slm.store_blocks(env, as_row.results[0], md, row, 0)]
    slm.emit_guarded(env, slm.writer_predicate(env, ds), guarded)
    slm.barrier(env)
    return md


def load_rows(env: Env, t: Table, md: SSAValue, q_start: tuple[int | SSAValue, ...], elt: Attribute) -> SSAValue:
    """``vector<nb x Tk...>`` (``vector<nb>`` for a scalar result): the partials of the kept
    block at ``q_start``."""
    row = slm.linear_index(env, list(q_start), list(t.tk), t.w_k)
    v = env.emit(LoadMatrixOp(md, [row, 0], VectorType(elt, [t.nb, t.cols]))).results[0]
    want = [t.nb, *t.tk] if t.tk else [t.nb]
    if want != [t.nb, t.cols]:
        v = env.emit(ShapeCastOp(v, VectorType(elt, want))).results[0]
    return v


def finish(env: Env, op: Operation) -> None:
    """Step 4: inside a loop, a barrier after the loads (see :mod:`wgdist.passes.distribute.slm`)."""
    slm.finish(env, op)


# ---- handlers -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReductionPlan(OpPlan):
    """Subgroup-local: ``groups[k]``, the source tiles that reduce onto result tile ``k``; across
    subgroups: ``table``, the SLM table of the partial results (exactly one of the two)."""

    groups: list[list[int]] | None = None
    table: Table | None = None
    acc: Move | None = None
    """How the accumulator reaches the split the reduction produces (None: as it is)."""
    inner: Dist | None = None
    """The split the reduction produces when the result's own layout does not fit the source
    (the slice of the source layout); ``out`` moves it to the result's split."""
    out: Move | None = None


def _plan(op: MultiDimReductionOp | ReductionOp, plan: Plan, ds: Dist, d: Dist | None, dims: tuple[int, ...],
          elt: Attribute) -> ReductionPlan:
    groups = local_groups(ds, d, dims)
    if groups is not None:
        return ReductionPlan((d,), groups=groups)
    return ReductionPlan((d,), table=check_slm(op, plan, ds, d, dims, elt))


class MultiReduction:
    def check(self, op: MultiDimReductionOp, plan: Plan) -> ReductionPlan:
        ds = plan.operand(op, 0, "the source")
        dims = tuple(sorted(op.get_reduction_dims()))
        d: Dist | None = None
        if isinstance(op.dest.type, VectorType):
            d = result_dist(op) or plan.maybe(op.acc)
            if d is None:
                raise OpError(op, "the result (and the accumulator) need a workgroup layout, e.g. a #xegpu.slice of the source layout")
            da = plan.operand(op, 1, "the accumulator")
            elt = element_type(op.source)
            try:
                planned = _plan(op, plan, ds, d, dims, elt)
                inner = None
            except OpError as first:
                # the result's layout does not fit the source's split: reduce into the slice of
                # the source layout, then move the result there
                if not isinstance(ds.layout, Layout) or ds.packed:
                    raise
                inner = make_inner(ds, dims)
                try:
                    planned = _plan(op, plan, ds, inner, dims, elt)
                except OpError:
                    raise first from None
                planned = replace(planned, results=(d,), inner=inner,
                                  out=plan_move(op, plan, inner, d, elt, "the reduced value"))
            target = inner or d
            if not da.same_distribution(target):
                return replace(planned, acc=plan_move(op, plan, da, target, element_type(op.acc), "the accumulator"))
            return planned
        elif op.acc in plan.dist:  # pragma: no cover - a scalar is never distributed
            raise OpError(op, "a scalar accumulator cannot be distributed")
        return _plan(op, plan, ds, d, dims, element_type(op.source))

    def rewrite(self, op: MultiDimReductionOp, env: Env, planned: ReductionPlan) -> None:
        final = env.dist.get(op.dest)
        d = planned.inner or final
        dims = sorted(op.get_reduction_dims())
        src = env.vmap[op.source]
        out: list[SSAValue] = []
        accs = env.vmap[op.acc] if d is not None else [op.acc]
        if planned.acc is not None:
            assert d is not None
            accs = emit_move(env, op, planned.acc, env.dist[op.acc], d, accs, element_type(op.acc))
        if planned.groups is not None:
            for k, js in enumerate(planned.groups):
                a = accs[k]
                for j in js:
                    new = MultiDimReductionOp(op.kind, src[j], a, dims)
                    new.attributes.update(sg_attrs(op))
                    a = env.emit(new).results[0]
                out.append(a)
        else:
            t = planned.table
            assert t is not None
            elt = element_type(op.source)
            md = emit_slm_reduce(env, op, t, src, elt)
            if d is None:
                parts = load_rows(env, t, md, (), elt)
                out.append(env.emit(MultiDimReductionOp(op.kind, parts, op.acc, [0])).results[0])
            else:
                for k, r in enumerate(env.ids.tile_offsets(d, env.tile_base())):
                    parts = load_rows(env, t, md, r, elt)
                    new = MultiDimReductionOp(op.kind, parts, accs[k], [0])
                    new.attributes.update(sg_attrs(op))
                    out.append(env.emit(new).results[0])
            finish(env, op)
        if d is None:
            op.dest.replace_all_uses_with(out[0])
            return
        if planned.inner is not None and planned.out is not None:
            assert final is not None
            out = emit_move(env, op, planned.out, planned.inner, final, out, element_type(op.dest))
        env.vmap[op.dest] = out


def make_inner(ds: Dist, dims: tuple[int, ...]) -> Dist:
    """The slice of the source's layout over the reduced dims (its kept dims' split)."""
    layout = ds.layout
    assert isinstance(layout, Layout)
    shape = tuple(n for i, n in enumerate(ds.shape) if i not in dims)
    return Dist(shape, SliceLayout(sg_part(layout), dims))


class Reduction:
    """``vector.reduction`` of a distributed 1-D vector to a scalar (the same in every subgroup)."""

    def check(self, op: ReductionOp, plan: Plan) -> ReductionPlan:
        ds = plan.operand(op, 0, "the source")
        if op.acc is not None and op.acc in plan.dist:  # pragma: no cover - scalars are not distributed
            raise OpError(op, "a distributed accumulator is not supported")
        planned = _plan(op, plan, ds, None, (0,), op.dest.type)
        return ReductionPlan((None,), planned.groups, planned.table)

    def rewrite(self, op: ReductionOp, env: Env, planned: ReductionPlan) -> None:
        src = env.vmap[op.vector]
        elt = op.dest.type
        props = dict(op.properties)
        acc = [op.acc] if op.acc is not None else []
        if planned.table is None:
            a: SSAValue | None = op.acc
            for tile in src:
                new = ReductionOp.create(operands=[tile] + ([a] if a is not None else []), result_types=[elt], properties=props)
                a = env.emit(new).results[0]
            assert a is not None
            op.dest.replace_all_uses_with(a)
            return
        md = emit_slm_reduce(env, op, planned.table, src, elt)
        parts = load_rows(env, planned.table, md, (), elt)
        res = env.emit(ReductionOp.create(operands=[parts, *acc], result_types=[elt], properties=props)).results[0]
        finish(env, op)
        op.dest.replace_all_uses_with(res)


HANDLERS: dict[type[Operation], Handler[Any, Any]] = {
    MultiDimReductionOp: MultiReduction(),
    ReductionOp: Reduction(),
}
