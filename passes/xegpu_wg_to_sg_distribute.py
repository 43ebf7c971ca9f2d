"""``xegpu-wg-to-sg-distribute``: rewrite workgroup-level XeGPU code into subgroup-level code.

Every value whose layout has ``sg_layout`` becomes, in each subgroup, the list of the tiles
that subgroup owns (:func:`wgdist.layout.tiles`, row-major round order); each op on such
values is repeated per tile. ``sg_layout``/``sg_data`` are dropped from the
layouts that remain (``inst_data``, ``lane_*`` and ``order`` stay).

Tiles. ``vector<128x128>`` with ``sg_layout = [2, 2], sg_data = [32, 128]`` (the RFC's table):
dim 0 wraps (4 tiles of 32 rows over 2 subgroup rows), dim 1 is shared (both subgroup columns
hold all 128 columns)::

    rows   0..31   -> subgroups 0, 1        subgroup 0 holds rows [0:32) and [64:96)
    rows  32..63   -> subgroups 2, 3        subgroup 2 holds rows [32:64) and [96:128)
    rows  64..95   -> subgroups 0, 1
    rows  96..127  -> subgroups 2, 3

Before::

    %t = xegpu.create_nd_tdesc %m : memref<128x128xf32>
           -> !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>>
    %v = xegpu.load_nd %t[0, 0] : ... -> vector<128x128xf32>

After (``%sg = gpu.subgroup_id``, one delinearization per function)::

    %r  = arith.remui (arith.divui %sg, 2), 2      // subgroup row
    %o0 = arith.muli %r, 32
    %o1 = arith.addi %o0, 64                        // second round: no modulo needed
    %t  = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<32x128xf32>
    %v0 = xegpu.load_nd %t[%o0, 0] : !xegpu.tensor_desc<32x128xf32> -> vector<32x128xf32>
    %v1 = xegpu.load_nd %t[%o1, 0] : !xegpu.tensor_desc<32x128xf32> -> vector<32x128xf32>

One ``gpu.subgroup_id`` per function: when the kernel reads its own (say, for the condition of
an ``scf.if`` with ``sg_id_range``), that op moves to the function entry and the pass uses it;
further copies are replaced by it.

Index arithmetic. Everything that depends only on the subgroup id is hoisted to the function
entry and kept as linear forms over the coordinates: one op per distinct offset, constants
folded (an index ``arith.constant`` offset of the kernel counts as a constant), ``a + b`` and
``b + a`` the same op, ``(x + 16) + 8`` emitted as ``x + 24`` and ``(x * 16 + 64) / 16`` as
``x + 4``; offsets left unused after folding are removed. Constants the pass introduces
(reduction neutral elements) are built once per function, never inside a loop. For
``load_nd %t[%c8, 8]`` with ``%c8 = arith.constant 8`` and two row rounds of 16::

    %r  = arith.muli %row, %c8 : index         // tile row x * 8
    %o0 = arith.addi %r, %c8 : index           // was: %c8 + %r and %r + %c8, both
    %o1 = arith.addi %r, %c24 : index          // was: (%r + 16) + %c8
    %v0 = xegpu.load_nd %t[%o0, %oc] ...

Handled: create_nd_tdesc (with/without offsets, memref or integer address), load_nd (keeps
``transpose``/``packed``), store_nd, prefetch_nd, update_nd_offset, load_matrix, store_matrix,
dpas (every A x B tile pair, K chained), elementwise arith/math and vector.fma, arith.constant,
vector.broadcast,
step, create_mask, constant_mask, shape_cast/transpose/extract_strided_slice/insert_strided_slice
where the layout model shows each subgroup keeps its data, gather/scatter ``xegpu.load``/
``xegpu.store`` in offset form (offsets and mask split like the value, chunks kept whole),
multi_reduction and vector.reduction (subgroup-local, or across subgroups through shared local
memory), convert_layout (local, or through shared local memory, any rank), scf.for/while/if
with 1-to-N carried values, and ``sg_id_range`` on scf.if (ids rebased).

Constants. A splat is one subgroup value for all tiles. A non-splat constant is sliced per tile
(layouts-spec 1.7): one constant when every subgroup's block is the same; for integer values
affine in the index, ``base + broadcast(offset)``; otherwise the tile's distinct blocks as
constants, the subgroup's picked by ``arith.select`` on its tile index (built once, at the
function entry). ``dense<[(i * i) % 7]> : vector<32xindex>`` under ``[4]/[8]``::

    %t   = arith.remui %sg_id, %c4 : index          // the subgroup's tile index
    %b3  = arith.constant dense<[2, 2, 4, 1, 0, 1, 4, 2]> : vector<8xindex>
    %is2 = arith.cmpi eq, %t, %c2 : index
    %b2  = arith.constant dense<[4, 2, 2, 4, 1, 0, 1, 4]> : vector<8xindex>
    %v   = arith.select %is2, %b2, %b3 : vector<8xindex>
    ...                                              // tiles 1 and 0 likewise

Exchanges through shared local memory (SLM). Sizes, offsets and the writer predicate come from
the layout model; only one copy of data that several subgroups share is written; a barrier
separates stores and loads (and, inside a loop, the loads from the next iteration's stores).

Cross-subgroup reduction, 256x128 over ``sg_layout = [8, 4], sg_data = [32, 64]`` (the column
coordinate shares: 4 subgroups, 2 column blocks). Before::

    %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#l, dims = [1]>} [1]
           : vector<256x128xf32> to vector<256xf32>

After (SLM table: 8 row blocks x 2 column blocks = 16 rows of 32 partial sums; ``%q`` = row
block x 2, ``%slot`` = ``%q`` + column block, ``%w`` = column coordinate < 2; the SLM matrix is
a private ``memref.global "private" @slm_0 : memref<2048xi8, 3> = uninitialized`` placed before
the function, not an alloca, which mlir-opt 22's XeVM pipeline cannot lower)::

    %slm = memref.get_global @slm_0 : memref<2048xi8, 3>
    %md  = xegpu.create_mem_desc %slm : memref<2048xi8, 3> -> !xegpu.mem_desc<16x32xf32>
    scf.if %w {
      %p  = vector.multi_reduction <add>, %v0, %zero [1] : vector<32x64xf32> to vector<32xf32>
      %pr = vector.shape_cast %p : vector<32xf32> to vector<1x32xf32>
      xegpu.store_matrix %pr, %md[%slot, 0] : vector<1x32xf32>, !xegpu.mem_desc<16x32xf32>, index
    }
    gpu.barrier
    %all = xegpu.load_matrix %md[%q, 0] : !xegpu.mem_desc<16x32xf32>, index -> vector<2x32xf32>
    %r0  = vector.multi_reduction <add>, %all, %acc0 [0] : vector<2x32xf32> to vector<32xf32>

The accumulator enters once, in the final reduction. ``vector.reduction`` (and a
multi_reduction to a scalar) store one scalar per source block (``vector<1x1>``) and reduce the
loaded column into the scalar accumulator.

convert_layout between different splits, 64x64 from ``[4, 2]/[16, 32]`` to ``[2, 4]/[32, 16]``.
Before::

    %c = xegpu.convert_layout %v <{input_layout = #a, target_layout = #b}> : vector<64x64xf32>

After (the whole value is staged in SLM as a matrix: rank-1 values as ``1 x N``, rank-3 and
higher ones flattened to (all dims but the last) x (last dim), each tile stored and loaded as
row blocks, see :mod:`~wgdist.passes.distribute.ops.xegpu_convert_layout`; stored in blocks of at
most 16x16 with one column per lane, the shape mlir-opt 22 lowers, see
:func:`~wgdist.passes.distribute.slm.store_blocks`)::

    %v0  = xegpu.load_nd %t[%r16, %c32] <{layout = #xegpu.layout<inst_data = [16, 16], lane_layout = [1, 16], lane_data = [1, 1]>}>
             : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
    %slm = memref.get_global @slm_2 : memref<16384xi8, 3>
    %md  = xegpu.create_mem_desc %slm : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>
    %b0  = vector.extract_strided_slice %v0 {layout_result_0 = #lanes, offsets = [0, 0], sizes = [16, 16], strides = [1, 1]}
             : vector<16x32xf32> to vector<16x16xf32>
    xegpu.store_matrix %b0, %md[%r16, %c32] : vector<16x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
    %b1  = vector.extract_strided_slice %v0 {layout_result_0 = #lanes, offsets = [0, 16], sizes = [16, 16], strides = [1, 1]}
             : vector<16x32xf32> to vector<16x16xf32>
    xegpu.store_matrix %b1, %md[%r16, %c48] : vector<16x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
    gpu.barrier
    %c0 = xegpu.load_matrix %md[%r32, %c16] : !xegpu.mem_desc<64x64xf32>, index, index -> vector<32x16xf32>

Option ``slm-bytes=N`` (default 131072): the shared local memory one workgroup has, the budget
of the exchanges above: an exchange whose matrix (``rows x cols x element bytes``) needs more
than ``N`` bytes is a diagnostic naming the op and the bytes. Each exchange is judged on its
own; the exchanges of a function have separate buffers whose sum is not checked. The default
is Xe2's per-workgroup maximum, 128 KiB: ``.maxProgrammableSlmSize = 128`` (KB) in the Xe2
hardware tables of Intel's compute runtime (github.com/intel/compute-runtime,
``shared/source/xe2_hpg_core/hw_info_bmg.cpp`` and ``hw_info_lnl.cpp``). A 256x256 f32
convert_layout needs 262144 bytes::

    $ wgdist-opt k.mlir -p xegpu-wg-to-sg-distribute
    k.mlir:6:3: error: 'xegpu.convert_layout' op converting the layout through shared local
      memory needs 262144 bytes (256x256 f32), more than the 131072 bytes a workgroup has
      (slm-bytes=131072; ...)
    $ wgdist-opt k.mlir -p 'xegpu-wg-to-sg-distribute{slm-bytes=262144}'    # distributes

Data that must move between subgroups goes through SLM as above: a dpas whose K is split across
subgroups with A and B tiles that multiply inside each subgroup sums partial products: each
subgroup chains dpas over its own K tiles, the partials of each K group go to SLM, and every
subgroup adds the groups' partials of its ``layout_cd`` tiles to its accumulator tile, once
(:mod:`~wgdist.passes.distribute.splitk`); other dpas operands whose split does not match what
``layout_cd`` implies (A/B tile counts that do not line up, K slices held by different
subgroups) are gathered to C's grid with all of K, so each C element is summed over K once and
the accumulator added once; reduction accumulators, ``scf.yield`` operands, elementwise operands
and results whose split differs from what the op needs are moved to it
(:mod:`~wgdist.passes.distribute.ops.move`); ``extract_strided_slice``,
``insert_strided_slice`` and ``shape_cast`` whose result tiles need other subgroups' data go
through SLM laid out row-major (:mod:`~wgdist.passes.distribute.ops.linear_slm`). When each
subgroup keeps its data, the rearrangement stays inside the subgroup.

Memory between subgroups (layouts-spec 1.8). The workgroup program is sequential: where two
accesses of the same buffer (at least one a store) are made by different subgroups, a
``gpu.barrier`` is inserted before the later one (read-after-write, write-after-read,
write-after-write, across loop iterations too) and a remark names both ops and an element
(:mod:`~wgdist.passes.distribute.barriers`). A same-layout read-back needs none; unknown
aliasing is treated conservatively; distinct kernel arguments are assumed not to alias. Before::

    xegpu.store_nd %v, %t[0, 0] : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
    %w = xegpu.load_nd %t2[0, 0] : !xegpu.tensor_desc<64x64xf32, #b> -> vector<64x64xf32>

After (``#a`` and ``#b`` give an element to different subgroups)::

    xegpu.store_nd %v0, %t[%o0, %o1] : ...
    gpu.barrier
    %w0 = xegpu.load_nd %t2[%p0, %p1] : ...

Stores whose layout shares data (several subgroups hold the same tile) write each element once:
the store sits in an ``scf.if`` on the layout model's writer predicate, hoisted to the function
entry. Layouts given only on ``load_nd``/``store_nd``/``prefetch_nd`` (the descriptor type has
none, LLVM's current test style) split the descriptor, one subgroup descriptor per layout.

Remarks. Besides the barriers, the pass remarks on a layout that gives a subgroup 1024 or more
tiles of one value (each tile becomes its own op: ``sg_data`` is probably too small), naming the
layout, the shape and the count.

Not handled (diagnostics name the op): SLM exchanges inside ``sg_id_range`` (the barrier needs
every subgroup), of sub-byte elements or larger than ``slm-bytes``, offsets given on both
create_nd_tdesc and the access, ``insert_strided_slice`` of a lower-rank value, packed values
moved between subgroups.

Errors (exit status 1 in wgdist-opt, nothing printed): an op with a workgroup operand or
layout and no rule, a layout that does not split the shape (slice layouts too; extent-1 dims
read as ``sg_data`` 1), layouts of producer and consumer that disagree (over different subgroup
counts: both counts named), a layout inside ``sg_id_range`` whose subgroup count differs from
the range.
Everything is checked before the IR changes.

The code (:mod:`wgdist.passes.distribute`): :mod:`~.distribute.driver` walks each function
twice. First every op that touches a workgroup value is checked by its handler, looked up by
op class in ``driver.HANDLERS`` (merged from one table per op family in
:mod:`~.distribute.ops`: ``xegpu_nd``, ``xegpu_matrix``, ``xegpu_scatter``, ``xegpu_dpas``,
``xegpu_convert_layout``, ``arith``, ``vector``, ``vector_reduction``, ``scf``); the handler
returns the op's plan (how each result is split and which tiles feed which), kept in
:class:`~.distribute.state.Plan`. Then, only when every op passed, each handler rewrites its op
from its plan, and the workgroup ops are erased. Shared pieces: ``dist`` (how a value is split,
tile correspondences), ``sg_ids`` (hoisted subgroup-id arithmetic), ``slm`` (the exchange
protocol), ``emit`` (subgroup types, attributes, offsets), ``regather`` (reshape tile maps).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from wgdist.passes.distribute.driver import distribute_module
from wgdist.passes.distribute.slm import XE2_SLM_BYTES


@dataclass(frozen=True)
class XeGPUWgToSgDistributePass(ModulePass):
    """Distribute workgroup-level XeGPU ops (``sg_layout``/``sg_data``) to subgroups."""

    name = "xegpu-wg-to-sg-distribute"

    slm_bytes: int = XE2_SLM_BYTES
    """Shared local memory per workgroup in bytes (``slm-bytes``); Xe2's 128 KiB by default."""

    def __post_init__(self) -> None:
        if isinstance(self.slm_bytes, bool) or not isinstance(self.slm_bytes, int) or self.slm_bytes < 0:
            raise ValueError(f"xegpu-wg-to-sg-distribute: slm-bytes must be a byte count >= 0, got {self.slm_bytes!r}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        distribute_module(op, slm_bytes=self.slm_bytes)
