"""Shared local memory (SLM) building blocks of the exchanges between subgroups.

Two lowerings move data between subgroups through SLM: cross-subgroup reductions
(:mod:`.ops.vector_reduction`) and ``convert_layout`` between different splits
(:mod:`.ops.xegpu_convert_layout`).
Both follow one protocol, each step derived from the layout model:

1. a ``memref.global`` of ``memref<Bxi8, 3>`` next to the function, ``memref.get_global`` of it
   and ``xegpu.create_mem_desc`` of a 2-D matrix whose size the caller computes from the WG shape
   and the tile shape (:func:`wgdist.layout.tile_shape`). A global, not a ``memref.alloca``:
   mlir-opt 22's XeVM pipeline keeps an alloca inside the lane-level region it builds around the
   function body and cannot lower it, while the side-effect-free ``get_global`` moves out;
2. ``xegpu.store_matrix`` of the subgroup's tiles at offsets computed from the tile starts
   (:func:`wgdist.layout.tiles` via :meth:`SgIds.tile_offsets`); a convert_layout exchange
   stores each tile in the blocks of :func:`store_blocks` (at most 16x16, one column per lane:
   what mlir-opt 22 lowers; the reductions still store whole rows). When the stored layout shares
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
from xdsl.dialects.builtin import (
    IntegerAttr,
    IntegerType,
    MemRefType,
    UnitAttr,
    VectorType,
    i8,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import SymbolOpInterface, SymbolTable

from wgdist.dialects.gpu import BarrierOp
from wgdist.dialects.memref import GlobalOp
from wgdist.dialects.vector import ExtractStridedSliceOp, InsertStridedSliceOp, ShapeCastOp
from wgdist.dialects.xegpu import (
    CreateMemDescOp,
    LayoutAttr,
    LoadMatrixOp,
    MemDescType,
    StoreMatrixOp,
)
from wgdist.ir.diagnostics import OpError
from wgdist.layout import is_writer, tiles, writer_dims
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.emit import dense_constant
from wgdist.passes.distribute.sg_ids import Index
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


def check_exchange(op: Operation, plan: Plan, stored: Sequence[Dist], rows: int, cols: int, elt: Attribute, what: str) -> None:
    """What an exchange through a ``rows x cols`` SLM matrix of the values split as ``stored``
    needs: unpacked values, every subgroup at the barrier, the matrix within the budget, one
    writer per shared tile (located errors otherwise). Every exchange checks this."""
    for d in stored:
        if d.packed:
            raise OpError(op, f"cannot exchange a packed value ({what})")
    check_exchange_context(op, plan)
    reserve(op, plan, rows, cols, elt, what)
    for d in stored:
        check_single_writer(op, d)


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
    """A ``memref.global`` of ``rows * cols`` elements of SLM (uninitialized, private, a fresh
    ``@slm_N`` symbol placed before the function), its ``memref.get_global`` and a
    ``rows x cols`` mem_desc of it."""
    assert env.current is not None
    mtype = MemRefType(i8, [rows * cols * nbytes_per], memory_space=IntegerAttr(SLM_SPACE, 64))
    func, table = _function_and_table(env.current)
    name = _fresh_symbol(table, "slm")
    glob = GlobalOp(name, mtype, UnitAttr())
    Rewriter.insert_op(glob, InsertPoint.before(func))
    buf = env.emit(memref.GetGlobalOp(name, mtype))
    buf.results[0].name_hint = "slm"
    md = env.emit(CreateMemDescOp(buf.results[0], MemDescType([rows, cols], elt)))
    return md.results[0]


def _function_and_table(op: Operation) -> tuple[Operation, Operation]:
    """The outermost ancestor of ``op`` below the nearest symbol table, and that table."""
    child, parent = op, op.parent_op()
    while parent is not None and parent.get_trait(SymbolTable) is None:
        child, parent = parent, parent.parent_op()
    assert parent is not None, "a distributed function lies in a module"
    return child, parent


def _fresh_symbol(table: Operation, stem: str) -> str:
    used = set()
    for o in table.regions[0].block.ops:
        trait = o.get_trait(SymbolOpInterface)
        if trait is not None:
            sym = trait.get_sym_attr_name(o)
            if sym is not None:
                used.add(sym.data)
    n = 0
    while f"{stem}_{n}" in used:
        n += 1
    return f"{stem}_{n}"


LANES = 16
"""Lanes of a subgroup in mlir-opt 22's lane-level lowering (its default subgroup size)."""
BLOCK_ROWS = 16
"""Most rows of one SLM store block: with one column per lane, at most 16 elements per lane, the
longest vector SPIR-V has (mlir-opt 22 lowers a store to one vector store per lane; a 32x32 block
would be a 64-element vector, in a module spirv-val rejects)."""
DPAS_ROWS = 8
"""Rows of mlir-opt 22's dpas result block (``inst_data = [8, 16]``)."""
LANE_LAYOUT_NAME = "layout_result_0"


def lane_layout() -> LayoutAttr:
    """One column per lane: the layout mlir-opt 22's lane-level propagation gives 2-D values."""
    return LayoutAttr(lane_layout=[1, LANES], lane_data=[1, 1])


def store_blocks(env: Env, value: SSAValue, md: SSAValue, row: Index, col: int | SSAValue,
                 max_rows: int = BLOCK_ROWS) -> list[Operation]:
    """The ops that store the 2-D ``value`` into ``md`` at ``[row, col]``, in the shape mlir-opt
    22's XeVM pipeline lowers (its lane-level propagation gives ``xegpu.store_matrix`` no layout
    of its own: the stored value must come from an op whose ``layout_result_0`` has lanes):

    * a value whose columns are a multiple of :data:`LANES` is stored in blocks of at most
      :data:`BLOCK_ROWS` rows by :data:`LANES` columns, each one a ``vector.extract_strided_slice``
      with ``layout_result_0 =`` :func:`lane_layout` and its ``store_matrix`` at the block's
      offsets, and a load defining the value gets a layout of such blocks (:func:`_give_lanes`:
      the slices need a source with lanes);
    * any other value is stored as it is (one ``store_matrix``).

    ``max_rows`` caps the block rows at the producer's own instruction block where mlir-opt 22
    splits it into smaller ones (:data:`DPAS_ROWS` for a dpas result: its blocks then fold into
    the slices). Offsets are hoisted sums (``env.ids``); the ops are returned, for
    :func:`emit_guarded`."""
    t = value.type
    assert isinstance(t, VectorType) and len(t.get_shape()) == 2
    rows, cols = t.get_shape()
    if cols % LANES:
        return [StoreMatrixOp(value, md, [row, col])]
    br = next(b for b in (16, 8, 4, 2, 1) if b <= max_rows and rows % b == 0)
    _give_lanes(value, br)
    if (br, LANES) == (rows, cols):
        return [StoreMatrixOp(value, md, [row, col])]
    assert env.current is not None
    out: list[Operation] = []
    for r in range(0, rows, br):
        for c in range(0, cols, LANES):
            ex = ExtractStridedSliceOp(value, [r, c], [br, LANES], [1, 1])
            ex.attributes[LANE_LAYOUT_NAME] = lane_layout()
            at = [env.ids.add(row, r, env.current), env.ids.add(col, c, env.current)]
            out += [ex, StoreMatrixOp(ex.results[0], md, at)]
    return out


def _give_lanes(value: SSAValue, rows: int) -> None:
    """A ``layout`` property of ``rows x`` :data:`LANES` blocks with lanes for the load that
    defines ``value``, when it is an op with that property and none set (mlir-opt 22 then splits
    the load into those blocks, at most :data:`BLOCK_ROWS` elements per lane, and its lane-level
    propagation starts from it); a ``vector.shape_cast`` or ``vector.extract_strided_slice``
    with no layout that makes a value of one such block (the exchanges' own row casts and
    slices) gets :func:`lane_layout` as its ``layout_result_0``. Other producers are left as
    they are."""
    owner = value.owner
    if not isinstance(owner, IRDLOperation) or len(owner.results) != 1:
        return
    if "layout" in owner.get_irdl_definition().properties and owner.properties.get("layout") is None:
        owner.properties["layout"] = LayoutAttr(inst_data=[rows, LANES], lane_layout=[1, LANES], lane_data=[1, 1])
        return
    t = value.type
    one_block = isinstance(t, VectorType) and list(t.get_shape()) == [rows, LANES]
    if one_block and isinstance(owner, ShapeCastOp | ExtractStridedSliceOp) and LANE_LAYOUT_NAME not in owner.attributes:
        owner.attributes[LANE_LAYOUT_NAME] = lane_layout()


RowBlock = tuple[int, int, Index, Index]
"""One row block of a tile in an SLM matrix: ``(first row in the tile's 2-D form, rows, matrix
row, matrix column)``."""


def store_tile(env: Env, md: SSAValue, tile: SSAValue, elt: Attribute, flat: Sequence[int], blocks: Sequence[RowBlock]) -> list[Operation]:
    """The ops that store ``tile`` (viewed as the 2-D ``flat``: a ``vector.shape_cast`` when its
    shape differs) into ``md`` as the row ``blocks`` (a ``vector.extract_strided_slice`` each
    when there are several), each through :func:`store_blocks`. Every exchange that moves whole
    tiles (``convert_layout``'s 2-D matrix, the linear ``1 x N`` one) stores this way."""
    ops: list[Operation] = []
    t = tile.type
    assert isinstance(t, VectorType)
    if list(t.get_shape()) != list(flat):
        cast = ShapeCastOp(tile, VectorType(elt, list(flat)))
        ops.append(cast)
        tile = cast.results[0]
    for first, nrows, row, col in blocks:
        piece = tile
        if len(blocks) > 1:
            ex = ExtractStridedSliceOp(tile, [first, 0], [nrows, flat[1]], [1, 1])
            ops.append(ex)
            piece = ex.results[0]
        ops += store_blocks(env, piece, md, row, col)
    return ops


def load_tile(env: Env, md: SSAValue, elt: Attribute, flat: Sequence[int], shape: Sequence[int], blocks: Sequence[RowBlock]) -> SSAValue:
    """The tile of ``shape`` read from ``md`` as the row ``blocks`` of its 2-D form ``flat``
    (``xegpu.load_matrix`` each, put together with ``vector.insert_strided_slice`` into a zero
    when there are several, then a ``vector.shape_cast`` to ``shape`` when it differs): the
    inverse of :func:`store_tile`."""
    acc: SSAValue | None = None
    key = tuple(flat)
    for first, nrows, row, col in blocks:
        v = env.emit(LoadMatrixOp(md, [row, col], VectorType(elt, [nrows, flat[1]]))).results[0]
        if len(blocks) == 1:
            acc = v
            continue
        if acc is None:
            acc = env.ids.splat(lambda: dense_constant(elt, key, [0]), ("zero", str(elt), key))
        acc = env.emit(InsertStridedSliceOp(v, acc, [first, 0], [1, 1])).results[0]
    assert acc is not None
    if list(shape) != list(flat):
        acc = env.emit(ShapeCastOp(acc, VectorType(elt, list(shape)))).results[0]
    return acc


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


def finish(env: Env, op: Operation) -> None:
    """The end of an exchange's loads: inside a loop, a second barrier (step 4)."""
    if in_loop(op):
        barrier(env)


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
