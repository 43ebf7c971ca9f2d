// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | mlir-opt-22 --split-input-file > /dev/null
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func splitk_rfc | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func k_across_wrap | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func splitk_loop | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func acc_other_layout | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func splitk_partial_sums --schedules 4 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func splitk_int8_shared --schedules 4 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func splitk_bf16_loop --schedules 4 | filecheck %s --check-prefix=AGREE

// dpas whose operands do not give each subgroup all of K for its C tiles (split-K inside the
// workgroup, layouts-spec 1.9). Where every subgroup's A and B tiles multiply (A's and B's K
// slices are the same part of the subgroup id, the last three chunks), each subgroup chains
// dpas over its own K tiles, the partial sums meet in shared local memory and every subgroup
// adds the K groups' partials of its layout_cd tiles to its accumulator: the accumulator once.
// Where no subgroup holds a pair that multiplies (one grid for A and B: A's K follows the grid
// column, B's the grid row), where A and B tile counts do not line up, or where the
// accumulator is split differently from layout_cd, the operands are gathered through shared
// local memory to the split layout_cd implies (C's grid, all of K) instead, so every C element
// is summed over all of K once. LLVM 22 computes only the partial products here.
// AGREE: agree: every buffer matches

// The example of layouts-spec 1.9: 256x32 A with [4, 4]/[32, 8] (each subgroup column holds one
// K slice of 8). A is gathered to 32x32 row blocks, B to 32x16 column blocks, one barrier each.
#a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 8], order = [1, 0]>
#b = #xegpu.layout<sg_layout = [4, 4], sg_data = [8, 16], order = [1, 0]>
#c = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 16], order = [1, 0]>
func.func @splitk_rfc(%pa: memref<256x32xf16>, %pb: memref<32x64xf16>, %pc: memref<256x64xf32>) {
  %ta = xegpu.create_nd_tdesc %pa : memref<256x32xf16> -> !xegpu.tensor_desc<256x32xf16, #a>
  %tb = xegpu.create_nd_tdesc %pb : memref<32x64xf16> -> !xegpu.tensor_desc<32x64xf16, #b>
  %tc = xegpu.create_nd_tdesc %pc : memref<256x64xf32> -> !xegpu.tensor_desc<256x64xf32, #c>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #a}> : !xegpu.tensor_desc<256x32xf16, #a> -> vector<256x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #b}> : !xegpu.tensor_desc<32x64xf16, #b> -> vector<32x64xf16>
  %vc = xegpu.load_nd %tc[0, 0] <{layout = #c}> : !xegpu.tensor_desc<256x64xf32, #c> -> vector<256x64xf32>
  %d = xegpu.dpas %va, %vb, %vc {layout_a = #a, layout_b = #b, layout_cd = #c} : vector<256x32xf16>, vector<32x64xf16>, vector<256x64xf32> -> vector<256x64xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #c}> : vector<256x64xf32>, !xegpu.tensor_desc<256x64xf32, #c>
  func.return
}
// CHECK-LABEL: func.func @splitk_rfc
// CHECK:       %[[A0:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<32x8xf16> -> vector<32x8xf16>
// CHECK:       %[[A1:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<32x8xf16> -> vector<32x8xf16>
// CHECK:       %[[B0:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
// CHECK:       %[[C0:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<32x16xf32> -> vector<32x16xf32>
// CHECK:       %[[C1:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<32x16xf32> -> vector<32x16xf32>
// CHECK:       %[[MA:[0-9a-z_]+]] = xegpu.create_mem_desc %{{.*}} : memref<16384xi8, 3> -> !xegpu.mem_desc<256x32xf16>
// CHECK-NEXT:  xegpu.store_matrix %[[A0]], %[[MA]]
// CHECK-NEXT:  xegpu.store_matrix %[[A1]], %[[MA]]
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  %[[G0:[0-9a-z_]+]] = xegpu.load_matrix %[[MA]][%{{.*}}, 0] : !xegpu.mem_desc<256x32xf16>, index -> vector<32x32xf16>
// CHECK-NEXT:  %[[G1:[0-9a-z_]+]] = xegpu.load_matrix %[[MA]][%{{.*}}, 0] : !xegpu.mem_desc<256x32xf16>, index -> vector<32x32xf16>
// CHECK:       %[[MB:[0-9a-z_]+]] = xegpu.create_mem_desc %{{.*}} : memref<4096xi8, 3> -> !xegpu.mem_desc<32x64xf16>
// CHECK-NEXT:  xegpu.store_matrix %[[B0]], %[[MB]]
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  %[[GB:[0-9a-z_]+]] = xegpu.load_matrix %[[MB]][0, %{{.*}}] : !xegpu.mem_desc<32x64xf16>, index -> vector<32x16xf16>
// CHECK-NEXT:  %[[D0:[0-9a-z_]+]] = xegpu.dpas %[[G0]], %[[GB]], %[[C0]] : vector<32x32xf16>, vector<32x16xf16>, vector<32x16xf32> -> vector<32x16xf32>
// CHECK-NEXT:  %[[D1:[0-9a-z_]+]] = xegpu.dpas %[[G1]], %[[GB]], %[[C1]] : vector<32x32xf16>, vector<32x16xf16>, vector<32x16xf32> -> vector<32x16xf32>
// CHECK-NEXT:  xegpu.store_nd %[[D0]]
// CHECK-NEXT:  xegpu.store_nd %[[D1]]
// CHECK-NOT:   xegpu.dpas

// -----

// One layout for A, B and C: A 128x64 wraps its rows and splits K over the grid columns, B
// 64x128 splits K over the grid rows and wraps its columns: no subgroup holds a pair of tiles
// that multiply. Both are gathered; each C tile is one dpas over all of K (no accumulator).
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
func.func @k_across_wrap(%pa: memref<128x64xf16>, %pb: memref<64x128xf16>, %pc: memref<128x128xf32>) {
  %ta = xegpu.create_nd_tdesc %pa : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16, #l>
  %tb = xegpu.create_nd_tdesc %pb : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16, #l>
  %tc = xegpu.create_nd_tdesc %pc : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #l>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #l}> : !xegpu.tensor_desc<128x64xf16, #l> -> vector<128x64xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #l}> : !xegpu.tensor_desc<64x128xf16, #l> -> vector<64x128xf16>
  %d = xegpu.dpas %va, %vb {layout_a = #l, layout_b = #l, layout_cd = #l} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #l}> : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #l>
  func.return
}
// CHECK-LABEL: func.func @k_across_wrap
// Each 32x32 tile is stored as four 16x16 blocks (one column per lane, as mlir-opt 22 lowers them).
// CHECK-COUNT-8: xegpu.store_matrix %{{.*}} : vector<16x16xf16>, !xegpu.mem_desc<128x64xf16>
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-2: xegpu.load_matrix %{{.*}} -> vector<32x64xf16>
// CHECK-COUNT-8: xegpu.store_matrix %{{.*}} : vector<16x16xf16>, !xegpu.mem_desc<64x128xf16>
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-2: xegpu.load_matrix %{{.*}} -> vector<64x32xf16>
// CHECK-COUNT-4: xegpu.dpas %{{.*}} : vector<32x64xf16>, vector<64x32xf16> -> vector<32x32xf32>
// CHECK-NOT:   xegpu.dpas

// -----

// Split K inside a K loop, the accumulator carried by scf.for: the exchanges sit in the loop
// body, each with a second barrier after its loads (the next iteration's stores must not
// overwrite what a slower subgroup still reads).
#la = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16]>
#lb = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
#lc = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
func.func @splitk_loop(%pa: memref<64x128xf16>, %pb: memref<128x64xf16>, %pc: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %tc = xegpu.create_nd_tdesc %pc : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #lc>
  %z = arith.constant {layout_result_0 = #lc} dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %z) -> (vector<64x64xf32>) {
    %ta = xegpu.create_nd_tdesc %pa : memref<64x128xf16> -> !xegpu.tensor_desc<64x32xf16, #la>
    %tb = xegpu.create_nd_tdesc %pb : memref<128x64xf16> -> !xegpu.tensor_desc<32x64xf16, #lb>
    %va = xegpu.load_nd %ta[0, %k] <{layout = #la}> : !xegpu.tensor_desc<64x32xf16, #la> -> vector<64x32xf16>
    %vb = xegpu.load_nd %tb[%k, 0] <{layout = #lb}> : !xegpu.tensor_desc<32x64xf16, #lb> -> vector<32x64xf16>
    %d = xegpu.dpas %va, %vb, %acc {layout_a = #la, layout_b = #lb, layout_cd = #lc} : vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {layout_result_0 = #lc}
  xegpu.store_nd %r, %tc[0, 0] <{layout = #lc}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #lc>
  func.return
}
// CHECK-LABEL: func.func @splitk_loop
// CHECK:       scf.for
// CHECK-COUNT-2: xegpu.store_matrix %{{.*}} : vector<16x16xf16>, !xegpu.mem_desc<64x32xf16>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.load_matrix %{{.*}} -> vector<32x32xf16>
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-2: xegpu.store_matrix %{{.*}} : vector<16x16xf16>, !xegpu.mem_desc<32x64xf16>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.load_matrix %{{.*}} -> vector<32x32xf16>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.dpas %{{.*}} : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-NEXT:  scf.yield

// -----

// An accumulator loaded under another split than layout_cd (row blocks instead of 2 x 2
// blocks): it is moved to layout_cd through SLM before the chain, and enters it once.
#l4 = #xegpu.layout<sg_layout = [4, 1], sg_data = [16, 64]>
#l22 = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
#la22 = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
func.func @acc_other_layout(%pa: memref<64x32xf16>, %pb: memref<32x64xf16>, %pc: memref<64x64xf32>) {
  %ta = xegpu.create_nd_tdesc %pa : memref<64x32xf16> -> !xegpu.tensor_desc<64x32xf16, #la22>
  %tb = xegpu.create_nd_tdesc %pb : memref<32x64xf16> -> !xegpu.tensor_desc<32x64xf16, #la22>
  %tc = xegpu.create_nd_tdesc %pc : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l4>
  %to = xegpu.create_nd_tdesc %pc : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l22>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #la22}> : !xegpu.tensor_desc<64x32xf16, #la22> -> vector<64x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #la22}> : !xegpu.tensor_desc<32x64xf16, #la22> -> vector<32x64xf16>
  %vc = xegpu.load_nd %tc[0, 0] <{layout = #l4}> : !xegpu.tensor_desc<64x64xf32, #l4> -> vector<64x64xf32>
  %d = xegpu.dpas %va, %vb, %vc {layout_a = #la22, layout_b = #la22, layout_cd = #l22} : vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
  xegpu.store_nd %d, %to[0, 0] <{layout = #l22}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #l22>
  func.return
}
// CHECK-LABEL: func.func @acc_other_layout
// CHECK:       %[[VC:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<16x64xf32>
// CHECK:       %[[VC0:[0-9a-z_]+]] = vector.extract_strided_slice %[[VC]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 0], sizes = [16, 16], strides = [1, 1]} : vector<16x64xf32> to vector<16x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[VC0]], %{{.*}} : vector<16x16xf32>, !xegpu.mem_desc<64x64xf32>
// CHECK-COUNT-3: xegpu.store_matrix %{{.*}} : vector<16x16xf32>, !xegpu.mem_desc<64x64xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  %[[ACC:[0-9a-z_]+]] = xegpu.load_matrix %{{.*}} -> vector<32x32xf32>
// CHECK-NEXT:  %[[D:[0-9a-z_]+]] = xegpu.dpas %{{.*}}, %{{.*}}, %[[ACC]] : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK:       xegpu.store_nd %[[D]]

// -----

// The partial-sum form: A [1, 4] and B [4, 1] split K four ways on the same part of the
// subgroup id (subgroup s holds K slice s of both), so each subgroup multiplies its own tiles
// into the whole 64x32 partial of its slice. The partials go to an SLM matrix of 4 x 64 rows
// (K group g at rows [64 g, 64 g + 64)), in 8x16 blocks (the dpas result's own blocks, one
// column per lane); after one barrier each subgroup reads its 16x32 C tile from the four
// groups and adds them to its accumulator tile: the accumulator once.
#sa = #xegpu.layout<sg_layout = [1, 4], sg_data = [64, 16]>
#sb = #xegpu.layout<sg_layout = [4, 1], sg_data = [16, 32]>
#sc = #xegpu.layout<sg_layout = [4, 1], sg_data = [16, 32]>
func.func @splitk_partial_sums(%pa: memref<64x64xf16>, %pb: memref<64x32xf16>, %pc: memref<64x32xf32>) {
  %ta = xegpu.create_nd_tdesc %pa : memref<64x64xf16> -> !xegpu.tensor_desc<64x64xf16, #sa>
  %tb = xegpu.create_nd_tdesc %pb : memref<64x32xf16> -> !xegpu.tensor_desc<64x32xf16, #sb>
  %tc = xegpu.create_nd_tdesc %pc : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #sc>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #sa}> : !xegpu.tensor_desc<64x64xf16, #sa> -> vector<64x64xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #sb}> : !xegpu.tensor_desc<64x32xf16, #sb> -> vector<64x32xf16>
  %vc = xegpu.load_nd %tc[0, 0] <{layout = #sc}> : !xegpu.tensor_desc<64x32xf32, #sc> -> vector<64x32xf32>
  %d = xegpu.dpas %va, %vb, %vc {layout_a = #sa, layout_b = #sb, layout_cd = #sc} : vector<64x64xf16>, vector<64x32xf16>, vector<64x32xf32> -> vector<64x32xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #sc}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #sc>
  func.return
}
// CHECK-LABEL: func.func @splitk_partial_sums
// CHECK:       %[[SG:.*]] = gpu.subgroup_id : index
// CHECK:       %[[S:[0-9a-z_]+]] = arith.remui %[[SG]], %c4
// CHECK:       %[[A:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<64x16xf16> -> vector<64x16xf16>
// CHECK:       %[[B:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<16x32xf16> -> vector<16x32xf16>
// CHECK:       %[[C:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[MD:[0-9a-z_]+]] = xegpu.create_mem_desc %{{.*}} : memref<32768xi8, 3> -> !xegpu.mem_desc<256x32xf32>
// CHECK-NEXT:  %[[P:[0-9a-z_]+]] = xegpu.dpas %[[A]], %[[B]], %[[ZERO:[0-9a-z_]+]] : vector<64x16xf16>, vector<16x32xf16>, vector<64x32xf32> -> vector<64x32xf32>
// CHECK-NEXT:  %[[P0:[0-9a-z_]+]] = vector.extract_strided_slice %[[P]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 0], sizes = [8, 16], strides = [1, 1]} : vector<64x32xf32> to vector<8x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[P0]], %[[MD]][%{{.*}}, 0] : vector<8x16xf32>, !xegpu.mem_desc<256x32xf32>, index
// CHECK-COUNT-15: xegpu.store_matrix %{{.*}} : vector<8x16xf32>, !xegpu.mem_desc<256x32xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  %[[Q0:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%{{.*}}, 0] : !xegpu.mem_desc<256x32xf32>, index -> vector<16x32xf32>
// CHECK-NEXT:  %[[Q1:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%{{.*}}, 0] : !xegpu.mem_desc<256x32xf32>, index -> vector<16x32xf32>
// CHECK-NEXT:  %[[Q2:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%{{.*}}, 0] : !xegpu.mem_desc<256x32xf32>, index -> vector<16x32xf32>
// CHECK-NEXT:  %[[Q3:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%{{.*}}, 0] : !xegpu.mem_desc<256x32xf32>, index -> vector<16x32xf32>
// CHECK-NEXT:  %[[S0:[0-9a-z_]+]] = arith.addf %[[C]], %[[Q0]] : vector<16x32xf32>
// CHECK-NEXT:  %[[S1:[0-9a-z_]+]] = arith.addf %[[S0]], %[[Q1]] : vector<16x32xf32>
// CHECK-NEXT:  %[[S2:[0-9a-z_]+]] = arith.addf %[[S1]], %[[Q2]] : vector<16x32xf32>
// CHECK-NEXT:  %[[S3:[0-9a-z_]+]] = arith.addf %[[S2]], %[[Q3]] : vector<16x32xf32>
// CHECK-NEXT:  xegpu.store_nd %[[S3]]
// CHECK-NOT:   xegpu.dpas

// -----

// int8 operands, K split four ways, and both M and N held whole (A and B shared by the two
// halves of the grid): subgroups s and s + 4 compute the same partial, so only the first half
// stores (the writer predicate of A's sharing dim, hoisted, in an scf.if); the i32 partials are
// summed with arith.addi.
#ia = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 32]>
#ib = #xegpu.layout<sg_layout = [4, 2], sg_data = [32, 32], order = [0, 1]>
#ic = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16]>
func.func @splitk_int8_shared(%pa: memref<32x128xi8>, %pb: memref<128x32xi8>, %pc: memref<32x32xi32>) {
  %ta = xegpu.create_nd_tdesc %pa : memref<32x128xi8> -> !xegpu.tensor_desc<32x128xi8, #ia>
  %tb = xegpu.create_nd_tdesc %pb : memref<128x32xi8> -> !xegpu.tensor_desc<128x32xi8, #ib>
  %tc = xegpu.create_nd_tdesc %pc : memref<32x32xi32> -> !xegpu.tensor_desc<32x32xi32, #ic>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #ia}> : !xegpu.tensor_desc<32x128xi8, #ia> -> vector<32x128xi8>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #ib}> : !xegpu.tensor_desc<128x32xi8, #ib> -> vector<128x32xi8>
  %vc = xegpu.load_nd %tc[0, 0] <{layout = #ic}> : !xegpu.tensor_desc<32x32xi32, #ic> -> vector<32x32xi32>
  %d = xegpu.dpas %va, %vb, %vc {layout_a = #ia, layout_b = #ib, layout_cd = #ic} : vector<32x128xi8>, vector<128x32xi8>, vector<32x32xi32> -> vector<32x32xi32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #ic}> : vector<32x32xi32>, !xegpu.tensor_desc<32x32xi32, #ic>
  func.return
}
// CHECK-LABEL: func.func @splitk_int8_shared
// CHECK:       %[[SG:.*]] = gpu.subgroup_id : index
// CHECK:       %[[HALF:[0-9a-z_]+]] = arith.divui %[[SG]], %c4
// CHECK:       %[[ROW:[0-9a-z_]+]] = arith.remui %[[HALF]], %c2
// CHECK:       %[[W:[0-9a-z_]+]] = arith.cmpi ult, %[[ROW]], %c1
// CHECK:       %[[P:[0-9a-z_]+]] = xegpu.dpas %{{.*}}, %{{.*}}, %{{.*}} : vector<32x32xi8>, vector<32x32xi8>, vector<32x32xi32> -> vector<32x32xi32>
// CHECK-NEXT:  scf.if %[[W]] {
// CHECK-COUNT-8: xegpu.store_matrix %{{.*}} : vector<8x16xi32>, !xegpu.mem_desc<128x32xi32>
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-4: xegpu.load_matrix %{{.*}} -> vector<8x16xi32>
// CHECK-COUNT-4: arith.addi %{{.*}} : vector<8x16xi32>
// CHECK-NEXT:  xegpu.store_nd

// -----

// bf16 inside a K loop, K split two ways with wrap (each subgroup holds K tiles c and c + 2 of
// every 64-wide chunk): a chain of two dpas per subgroup, one SLM exchange per iteration with
// a second barrier after the loads, and the loop-carried accumulator added once per iteration.
#ka = #xegpu.layout<sg_layout = [1, 2], sg_data = [32, 16]>
#kb = #xegpu.layout<sg_layout = [2, 1], sg_data = [16, 32]>
#kc = #xegpu.layout<sg_layout = [2, 1], sg_data = [16, 32]>
func.func @splitk_bf16_loop(%pa: memref<32x128xbf16>, %pb: memref<128x32xbf16>, %pc: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tc = xegpu.create_nd_tdesc %pc : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #kc>
  %ta = xegpu.create_nd_tdesc %pa : memref<32x128xbf16> -> !xegpu.tensor_desc<32x64xbf16, #ka>
  %tb = xegpu.create_nd_tdesc %pb : memref<128x32xbf16> -> !xegpu.tensor_desc<64x32xbf16, #kb>
  %vc = xegpu.load_nd %tc[0, 0] <{layout = #kc}> : !xegpu.tensor_desc<32x32xf32, #kc> -> vector<32x32xf32>
  %r = scf.for %k = %c0 to %c128 step %c64 iter_args(%acc = %vc) -> (vector<32x32xf32>) {
    %va = xegpu.load_nd %ta[0, %k] <{layout = #ka}> : !xegpu.tensor_desc<32x64xbf16, #ka> -> vector<32x64xbf16>
    %vb = xegpu.load_nd %tb[%k, 0] <{layout = #kb}> : !xegpu.tensor_desc<64x32xbf16, #kb> -> vector<64x32xbf16>
    %d = xegpu.dpas %va, %vb, %acc {layout_a = #ka, layout_b = #kb, layout_cd = #kc} : vector<32x64xbf16>, vector<64x32xbf16>, vector<32x32xf32> -> vector<32x32xf32>
    scf.yield %d : vector<32x32xf32>
  } {layout_result_0 = #kc}
  xegpu.store_nd %r, %tc[0, 0] <{layout = #kc}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #kc>
  func.return
}
// CHECK-LABEL: func.func @splitk_bf16_loop
// CHECK:       scf.for %{{.*}} iter_args(%[[ACC:[0-9a-z_]+]] = %{{.*}}) -> (vector<16x32xf32>) {
// CHECK-COUNT-2: xegpu.load_nd %{{.*}} -> vector<32x16xbf16>
// CHECK-COUNT-2: xegpu.load_nd %{{.*}} -> vector<16x32xbf16>
// CHECK:       %[[P0:[0-9a-z_]+]] = xegpu.dpas %{{.*}}, %{{.*}}, %{{.*}} : vector<32x16xbf16>, vector<16x32xbf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-NEXT:  %[[P1:[0-9a-z_]+]] = xegpu.dpas %{{.*}}, %{{.*}}, %[[P0]] : vector<32x16xbf16>, vector<16x32xbf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-COUNT-8: xegpu.store_matrix %{{.*}} : vector<8x16xf32>, !xegpu.mem_desc<64x32xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  %[[Q0:[0-9a-z_]+]] = xegpu.load_matrix %{{.*}} -> vector<16x32xf32>
// CHECK-NEXT:  %[[Q1:[0-9a-z_]+]] = xegpu.load_matrix %{{.*}} -> vector<16x32xf32>
// CHECK-NEXT:  %[[S0:[0-9a-z_]+]] = arith.addf %[[ACC]], %[[Q0]] : vector<16x32xf32>
// CHECK-NEXT:  %[[S1:[0-9a-z_]+]] = arith.addf %[[S0]], %[[Q1]] : vector<16x32xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  scf.yield %[[S1]] : vector<16x32xf32>
