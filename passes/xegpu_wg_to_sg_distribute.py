"""``xegpu-wg-to-sg-distribute``: rewrite workgroup-level XeGPU code into subgroup-level code.

The pass has no options. Every value whose layout has ``sg_layout`` becomes, in each subgroup,
the list of the tiles that subgroup owns (:func:`wgdist.layout.tiles`, row-major round order);
each op on such values is repeated per tile. ``sg_layout``/``sg_data`` are dropped from the
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

Handled: create_nd_tdesc (with/without offsets, memref or integer address), load_nd (keeps
``transpose``/``packed``), store_nd, prefetch_nd, update_nd_offset, load_matrix, store_matrix,
dpas (every A x B tile pair, K chained), elementwise arith/math, arith.constant (splat: one
value for all tiles; affine or subgroup-invariant non-splat), vector.broadcast, step,
create_mask, constant_mask, shape_cast/transpose/extract_strided_slice where the layout model
shows each subgroup keeps its data, subgroup-local multi_reduction (round-robin uses the
matching accumulator tile), convert_layout between splits that give every subgroup the same
tiles, scf.for/while/if with 1-to-N carried values, and ``sg_id_range`` on scf.if (ids
rebased). Not yet: reductions and convert_layout that move data across subgroups (shared local
memory), vector.reduction, insert_strided_slice, gather/scatter (diagnostics name the op).

Errors (exit status 1 in wgdist-opt, nothing printed): an op with a workgroup operand or
layout and no rule, a layout that does not split the shape, layouts of producer and consumer
that disagree, a layout inside ``sg_id_range`` whose subgroup count differs from the range.
Everything is checked before the IR changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class XeGPUWgToSgDistributePass(ModulePass):
    """Distribute workgroup-level XeGPU ops (``sg_layout``/``sg_data``) to subgroups."""

    name = "xegpu-wg-to-sg-distribute"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from wgdist.passes.distribute.driver import distribute_module

        distribute_module(op)
