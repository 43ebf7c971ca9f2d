// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | mlir-opt-22 --split-input-file > /dev/null
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func splitk_rfc | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func k_across_wrap | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func splitk_loop | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func acc_other_layout | filecheck %s --check-prefix=AGREE

// dpas whose operands do not give each subgroup all of K for its C tiles (split-K inside the
// workgroup, layouts-spec 1.9), whose A and B tile counts do not line up, or whose accumulator
// is split differently from layout_cd: the operands are gathered through shared local memory
// to the split layout_cd implies (C's grid, all of K), so every C element is summed over all
// of K once and the accumulator enters once. LLVM 22 computes only the partial products here.
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
