"""Shared local memory (SLM) building blocks of the exchanges between subgroups.

Two lowerings move data between subgroups through SLM: cross-subgroup reductions
(:mod:`.ops.vector_reduction`) and ``convert_layout`` between different splits
(:mod:`.ops.xegpu_convert_layout`).
Both follow one protocol, each step derived from the layout model:

1. ``memref.alloca() : memref<Bxi8, 3>`` + ``xegpu.create_mem_desc`` of a 2-D matrix whose
   size the caller computes from the WG shape and the tile shape (:func:`wgdist.layout.tile_shape`);
2. ``xegpu.store_matrix`` of the subgroup's tiles at offsets computed from the tile starts
   (:func:`wgdist.layout.tiles` via :meth:`SgIds.tile_offsets`). When the stored layout shares
   data (several subgroups hold the same tile) only one copy is written: the stores sit in an
   ``scf.if`` on the *writer predicate* (:func:`wgdist.layout.writer_dims`), which the layout
   model confirms picks exactly one owner per tile (:func:`check_single_writer`);
3. ``gpu.barrier``; then ``xegpu.load_matrix`` of what the subgroup needs;
4. inside a loop, a second ``gpu.barrier`` after the loads, so that the next iteration's stores
   cannot overwrite data a slower subgroup still reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import memref, scf
from xdsl.dialects.builtin import IntegerAttr, IntegerType, MemRefType, i8
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from wgdist.dialects.gpu import BarrierOp
from wgdist.dialects.xegpu import CreateMemDescOp, MemDescType
from wgdist.ir.diagnostics import OpError
from wgdist.layout import is_writer, tiles, writer_dims
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.state import Env, Plan

SLM_SPACE = 3


def element_bytes(op: Operation, elt: Attribute) -> int:
    """Bytes per element in SLM; an error for element types narrower than a byte."""
    width = getattr(elt, "bitwidth", None)
    if isinstance(elt, IntegerType):
        width = elt.width.data
    if not isinstance(width, int) or width % 8:
        raise OpError(op, f"cannot exchange {elt} elements through shared local memory (needs a whole number of bytes)")
    return width // 8


def check_exchange_context(op: Operation, plan: Plan) -> None:
    """An SLM exchange needs every subgroup of the workgroup at its barrier."""
    if plan.range_size() is not None:
        raise OpError(
            op,
            "moves data between subgroups (shared local memory and gpu.barrier), which is not "
            "possible inside an scf.if with sg_id_range: the barrier needs every subgroup",
        )


XE2_SLM_BYTES = 128 * 1024
"""Default ``slm-bytes``: the largest shared local memory one workgroup can have on Xe2. Source:
Intel's compute runtime (github.com/intel/compute-runtime), the Xe2 hardware tables
``shared/source/xe2_hpg_core/hw_info_bmg.cpp`` (Battlemage) and ``hw_info_lnl.cpp`` (Lunar
Lake): ``.maxProgrammableSlmSize = 128`` (KB)."""


def reserve(op: Operation, plan: Plan, rows: int, cols: int, elt: Attribute, what: str) -> None:
    """The ``rows x cols`` SLM matrix of one exchange must fit in ``plan.slm_bytes`` (a located
    error naming the op and the bytes otherwise). Each exchange is judged on its own. The
    exchanges of a function get separate buffers, and their sum is not checked: a lowering that
    overlays them needs a barrier between one exchange's loads and the next one's stores, and
    one that does not must check the total itself."""
    need = rows * cols * element_bytes(op, elt)
    limit = plan.slm_bytes
    if need > limit:
        raise OpError(
            op,
            f"{what} through shared local memory needs {need} bytes ({rows}x{cols} {elt}), more than "
            f"the {limit} bytes a workgroup has (slm-bytes={limit}; choose layouts that exchange "
            "less, or raise slm-bytes for a device with more)",
        )


# ---- the writer predicate ---------------------------------------------------------------------
def check_single_writer(op: Operation, d: Dist) -> None:
    """The model must show that the writers hold every tile exactly once."""
    seen: dict[tuple[int, ...], int] = {}
    for s in range(d.num_subgroups):
        if is_writer(d.shape, d.layout, s):
            for t in tiles(d.shape, d.layout, s):
                seen[t] = seen.get(t, 0) + 1
    every = {t for s in range(d.num_subgroups) for t in tiles(d.shape, d.layout, s)}
    if set(seen) != every or any(n != 1 for n in seen.values()):
        raise OpError(op, "internal error: the writer predicate does not select one owner per tile")


def writer_predicate(env: Env, d: Dist) -> SSAValue | None:
    """The hoisted ``i1`` writer predicate of :func:`wgdist.layout.writer_dims` (None: every
    subgroup writes)."""
    ids = env.ids
    cond: SSAValue | None = None
    for r, bound in writer_dims(d.shape, d.layout):
        c = ids.coord(d.layout.root, r, env.tile_base())
        assert isinstance(c, SSAValue)
        lt = ids.ult(c, bound)
        cond = lt if cond is None else ids.and_(cond, lt)
    return cond


# ---- emission ---------------------------------------------------------------------------------
def alloc_matrix(env: Env, rows: int, cols: int, elt: Attribute, nbytes_per: int) -> SSAValue:
    """``memref.alloca`` of ``rows * cols`` elements of SLM and a ``rows x cols`` mem_desc."""
    mtype = MemRefType(i8, [rows * cols * nbytes_per], memory_space=IntegerAttr(SLM_SPACE, 64))
    buf = env.emit(memref.AllocaOp.get(i8, shape=[rows * cols * nbytes_per], memory_space=mtype.memory_space))
    buf.results[0].name_hint = "slm"
    md = env.emit(CreateMemDescOp(buf.results[0], MemDescType([rows, cols], elt)))
    return md.results[0]


def emit_guarded(env: Env, cond: SSAValue | None, ops: Sequence[Operation]) -> None:
    """``ops`` before the current op, inside ``scf.if cond`` when a predicate is given."""
    if cond is None:
        for o in ops:
            env.emit(o)
        return
    body = Block()
    body.add_ops([*ops, scf.YieldOp()])
    env.emit(scf.IfOp(cond, [], Region(body)))


def barrier(env: Env) -> None:
    env.emit(BarrierOp())


def in_loop(op: Operation) -> bool:
    p = op.parent_op()
    while p is not None and p.name not in ("func.func", "gpu.func"):
        if p.name in ("scf.for", "scf.while"):
            return True
        p = p.parent_op()
    return False


def linear_index(env: Env, starts: Sequence[int | SSAValue], steps: Sequence[int], weights: Sequence[int]) -> int | SSAValue:
    """``sum(starts[i] / steps[i] * weights[i])`` (starts are multiples of the steps), hoisted."""
    ids = env.ids
    assert env.current is not None
    acc: int | SSAValue = 0
    for s, st, w in zip(starts, steps, weights):
        if isinstance(s, int):
            term: int | SSAValue = (s // st) * w
        else:
            term = ids.mul(ids.divui(s, st), w) if st != 1 else ids.mul(s, w)
        acc = ids.add(acc, term, env.current)
    return acc


def row_major_weights(grid: Sequence[int], scale: int = 1) -> list[int]:
    out = [scale] * len(grid)
    for i in range(len(grid) - 2, -1, -1):
        out[i] = out[i + 1] * grid[i + 1]
    return out
