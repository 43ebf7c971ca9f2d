// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=inst}' --split-input-file | filecheck %s --check-prefix=INST
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' --split-input-file | filecheck %s --check-prefix=LANE
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=subgroup}' --split-input-file | filecheck %s --check-prefix=SG
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p 'xegpu-propagate-layout{layout-kind=inst}' | filecheck %s --check-prefix=KLOOP-INST
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s --check-prefix=KLOOP-LANE
// RUN: wgdist-opt %examples/gemm_transpose_b.mlir -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s --check-prefix=TRANSB-LANE

// The descriptor whose loads feed dpas B takes the B defaults even where a prefetch (a plain
// anchor) reaches it first, so the K loop needs no conversion (was: inst_data [8, 16] /
// lane_data [1, 1] from the prefetch and a convert_layout on B inside the loop). Through a
// transpose, the descriptor takes the transposed B defaults.
// KLOOP-INST: %b_desc = xegpu.create_nd_tdesc %B : memref<1024x1024xf16> -> !xegpu.tensor_desc<32x256xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], inst_data = [16, 16]>>
// KLOOP-INST-NOT: convert_layout
// KLOOP-LANE: %b_desc = xegpu.create_nd_tdesc %B : memref<1024x1024xf16> -> !xegpu.tensor_desc<32x256xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], lane_layout = [1, 16], lane_data = [2, 1]>>
// KLOOP-LANE-NOT: convert_layout
// TRANSB-LANE: %bt_desc = xegpu.create_nd_tdesc %BT : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32], lane_layout = [16, 1], lane_data = [1, 2], order = [0, 1]>>
// TRANSB-LANE: %b = vector.transpose %bt, [1, 0] {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], lane_layout = [1, 16], lane_data = [2, 1], order = [1, 0]>}
// TRANSB-LANE-NOT: convert_layout

// Subgroup-level GEMM without any layout: inst/lane kinds give LLVM 22's defaults (as mlir-opt 22
// does); the subgroup kind has nothing to propagate and leaves the IR alone.
func.func @sg_level(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}
// INST-LABEL: func.func @sg_level(
// INST: %va = xegpu.load_nd %ta[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<8x16xf16, #xegpu.layout<inst_data = [8, 16]>>
// INST: %vb = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<inst_data = [16, 16]>}> : !xegpu.tensor_desc<16x16xf16, #xegpu.layout<inst_data = [16, 16]>>
// INST: xegpu.dpas %va, %vb {layout_a = #xegpu.layout<inst_data = [8, 16]>, layout_b = #xegpu.layout<inst_data = [16, 16]>, layout_cd = #xegpu.layout<inst_data = [8, 16]>}
// INST: xegpu.store_nd %d, %tc[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32, #xegpu.layout<inst_data = [8, 16]>>
// LANE-LABEL: func.func @sg_level(
// LANE: %va = xegpu.load_nd %ta[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}>
// LANE: %vb = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>}>
// LANE: xegpu.dpas %va, %vb {layout_a = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, layout_b = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>, layout_cd = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// LANE: xegpu.store_nd %d, %tc[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}>
// SG-LABEL: func.func @sg_level(
// SG-NOT: layout
// SG: return

// -----

// Workgroup level: inst/lane kinds add their fields next to the user's sg fields and never drop
// them (LLVM 22's lane/inst kinds replace a user's sg layout by a lane-only one: regression).
#c = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>
func.func @wg_level(%a: vector<128x64xf16>, %b: vector<64x128xf16>, %o: memref<128x128xf32>) {
  %x = arith.negf %a : vector<128x64xf16>
  %d = xegpu.dpas %x, %b {layout_cd = #c} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %t = xegpu.create_nd_tdesc %o : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #c>
  xegpu.store_nd %d, %t[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #c>
  return
}
// INST-LABEL: func.func @wg_level(
// INST: %x = arith.negf %a {layout_result_0 = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], inst_data = [8, 16], order = [1, 0]>}
// INST: xegpu.dpas %x, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], inst_data = [8, 16], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], inst_data = [16, 16], order = [1, 0]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], inst_data = [8, 16]>}
// INST: !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], inst_data = [8, 16]>>
// LANE-LABEL: func.func @wg_level(
// LANE: %x = arith.negf %a {layout_result_0 = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], lane_layout = [1, 16], lane_data = [1, 1], order = [1, 0]>}
// LANE: layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], lane_layout = [1, 16], lane_data = [2, 1], order = [1, 0]>
// LANE: layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], lane_layout = [1, 16], lane_data = [1, 1]>
// SG-LABEL: func.func @wg_level(
// SG: %x = arith.negf %a {layout_result_0 = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [1, 0]>}

// -----

// Workgroup level with layouts only on dpas A and B, stored through a descriptor without one:
// C/D is derived, and the inst/lane kinds decorate it (was: the store took a lane/inst-only
// default and a convert_layout between it and the dpas result failed its own verifier).
#a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>
#b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>
gpu.module @k {
gpu.func @ab_only(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) kernel {
  %ta = xegpu.create_nd_tdesc %A : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16>
  %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16>
  %a = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<128x64xf16> -> vector<128x64xf16>
  %b = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<64x128xf16> -> vector<64x128xf16>
  %d = xegpu.dpas %a, %b {layout_a = #a, layout_b = #b} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %tc = xegpu.create_nd_tdesc %C : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32>
  gpu.return
}
}
// INST-LABEL: gpu.func @ab_only(
// INST-NOT: convert_layout
// INST: layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], inst_data = [8, 16], order = [1, 0]>
// INST: !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], inst_data = [8, 16], order = [1, 0]>>
// INST-NOT: convert_layout
// LANE-LABEL: gpu.func @ab_only(
// LANE-NOT: convert_layout
// LANE: layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], lane_layout = [1, 16], lane_data = [1, 1], order = [1, 0]>
// LANE-NOT: convert_layout
// SG-LABEL: gpu.func @ab_only(
// SG: layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [1, 0]>

// -----

// A user's convert_layout gets the kind's fields on both sides, like its operand and its users
// (was: input_layout/target_layout left without them while the operand had lane fields).
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
func.func @user_convert(%x: vector<256x128xf32>, %o: memref<256x128xf32>) {
  %e = math.exp %x : vector<256x128xf32>
  %c = xegpu.convert_layout %e <{input_layout = #a, target_layout = #b}> : vector<256x128xf32>
  %t = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #b>
  xegpu.store_nd %c, %t[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #b>
  return
}
// INST-LABEL: func.func @user_convert(
// INST: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16], order = [1, 0]>}
// INST: %c = xegpu.convert_layout %e <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], inst_data = [8, 16]>}>
// LANE-LABEL: func.func @user_convert(
// LANE: %c = xegpu.convert_layout %e <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], lane_layout = [1, 16], lane_data = [1, 1]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], lane_layout = [1, 16], lane_data = [1, 1]>}>
// SG-LABEL: func.func @user_convert(
// SG: %c = xegpu.convert_layout %e <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}>
