// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s --check-prefix=LANE
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout{layout-kind=inst}' | filecheck %s --check-prefix=INST

// dpas operand defaults at the lane and inst kinds per element type, as mlir-opt 22 assigns them
// (tests/unit/propagate/test_vs_mlir.py checks them against it): A [1, 16]/[1, 1] ([1, 2] for
// i8/ui8), B [1, 16]/[32/bits, 1]; descriptors passed as function arguments get the layouts in the
// function's signature too (func.func and gpu.func).
func.func @dpas_f16(%a: !xegpu.tensor_desc<8x16xf16>, %b: !xegpu.tensor_desc<16x16xf16>, %c: !xegpu.tensor_desc<8x16xf32>) {
  %va = xegpu.load_nd %a[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = xegpu.load_nd %b[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  xegpu.store_nd %d, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}
// LANE-LABEL: func.func @dpas_f16(
// LANE-SAME: %a: !xegpu.tensor_desc<8x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>, %b: !xegpu.tensor_desc<16x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>, %c: !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>) {
// LANE: %va = xegpu.load_nd %a[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<8x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<8x16xf16>
// LANE: %vb = xegpu.load_nd %b[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>}> : !xegpu.tensor_desc<16x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>> -> vector<16x16xf16>
// LANE: %d = xegpu.dpas %va, %vb {layout_a = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, layout_b = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>, layout_cd = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
// LANE: xegpu.store_nd %d, %c[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @dpas_f16(
// INST-SAME: %a: !xegpu.tensor_desc<8x16xf16, #xegpu.layout<inst_data = [8, 16]>>, %b: !xegpu.tensor_desc<16x16xf16, #xegpu.layout<inst_data = [16, 16]>>, %c: !xegpu.tensor_desc<8x16xf32, #xegpu.layout<inst_data = [8, 16]>>) {
// INST: %va = xegpu.load_nd %a[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<8x16xf16, #xegpu.layout<inst_data = [8, 16]>> -> vector<8x16xf16>
// INST: %vb = xegpu.load_nd %b[0, 0] <{layout = #xegpu.layout<inst_data = [16, 16]>}> : !xegpu.tensor_desc<16x16xf16, #xegpu.layout<inst_data = [16, 16]>> -> vector<16x16xf16>
// INST: %d = xegpu.dpas %va, %vb {layout_a = #xegpu.layout<inst_data = [8, 16]>, layout_b = #xegpu.layout<inst_data = [16, 16]>, layout_cd = #xegpu.layout<inst_data = [8, 16]>} : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
// INST: xegpu.store_nd %d, %c[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32, #xegpu.layout<inst_data = [8, 16]>>

// -----
gpu.module @k {
gpu.func @dpas_bf16(%a: !xegpu.tensor_desc<8x16xbf16>, %b: !xegpu.tensor_desc<16x16xbf16>, %c: !xegpu.tensor_desc<8x16xf32>) kernel {
  %va = xegpu.load_nd %a[0, 0] : !xegpu.tensor_desc<8x16xbf16> -> vector<8x16xbf16>
  %vb = xegpu.load_nd %b[0, 0] : !xegpu.tensor_desc<16x16xbf16> -> vector<16x16xbf16>
  %d = xegpu.dpas %va, %vb : vector<8x16xbf16>, vector<16x16xbf16> -> vector<8x16xf32>
  xegpu.store_nd %d, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  gpu.return
}
}
// LANE-LABEL: gpu.func @dpas_bf16(
// LANE-SAME: %a: !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>, %b: !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>, %c: !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>) kernel {
// LANE: %va = xegpu.load_nd %a[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<8x16xbf16>
// LANE: %vb = xegpu.load_nd %b[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>}> : !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>> -> vector<16x16xbf16>
// LANE: %d = xegpu.dpas %va, %vb {layout_a = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, layout_b = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>, layout_cd = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<8x16xbf16>, vector<16x16xbf16> -> vector<8x16xf32>
// LANE: xegpu.store_nd %d, %c[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: gpu.func @dpas_bf16(
// INST-SAME: %a: !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<inst_data = [8, 16]>>, %b: !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<inst_data = [16, 16]>>, %c: !xegpu.tensor_desc<8x16xf32, #xegpu.layout<inst_data = [8, 16]>>) kernel {
// INST: %va = xegpu.load_nd %a[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<inst_data = [8, 16]>> -> vector<8x16xbf16>
// INST: %vb = xegpu.load_nd %b[0, 0] <{layout = #xegpu.layout<inst_data = [16, 16]>}> : !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<inst_data = [16, 16]>> -> vector<16x16xbf16>
// INST: %d = xegpu.dpas %va, %vb {layout_a = #xegpu.layout<inst_data = [8, 16]>, layout_b = #xegpu.layout<inst_data = [16, 16]>, layout_cd = #xegpu.layout<inst_data = [8, 16]>} : vector<8x16xbf16>, vector<16x16xbf16> -> vector<8x16xf32>
// INST: xegpu.store_nd %d, %c[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32, #xegpu.layout<inst_data = [8, 16]>>

// -----
func.func @dpas_i8(%a: memref<8x32xi8>, %b: memref<32x16xi8>, %c: memref<8x16xi32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<8x32xi8> -> !xegpu.tensor_desc<8x32xi8>
  %tb = xegpu.create_nd_tdesc %b : memref<32x16xi8> -> !xegpu.tensor_desc<32x16xi8>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x32xi8> -> vector<8x32xi8>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<32x16xi8> -> vector<32x16xi8>
  %d = xegpu.dpas %va, %vb : vector<8x32xi8>, vector<32x16xi8> -> vector<8x16xi32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32>
  return
}
// LANE-LABEL: func.func @dpas_i8(
// LANE: %ta = xegpu.create_nd_tdesc %a : memref<8x32xi8> -> !xegpu.tensor_desc<8x32xi8, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 2]>>
// LANE: %tb = xegpu.create_nd_tdesc %b : memref<32x16xi8> -> !xegpu.tensor_desc<32x16xi8, #xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>>
// LANE: %tc = xegpu.create_nd_tdesc %c : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: %va = xegpu.load_nd %ta[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 2]>}> : !xegpu.tensor_desc<8x32xi8, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 2]>> -> vector<8x32xi8>
// LANE: %vb = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>}> : !xegpu.tensor_desc<32x16xi8, #xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>> -> vector<32x16xi8>
// LANE: %d = xegpu.dpas %va, %vb {layout_a = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 2]>, layout_b = #xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>, layout_cd = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<8x32xi8>, vector<32x16xi8> -> vector<8x16xi32>
// LANE: xegpu.store_nd %d, %tc[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @dpas_i8(
// INST: %ta = xegpu.create_nd_tdesc %a : memref<8x32xi8> -> !xegpu.tensor_desc<8x32xi8, #xegpu.layout<inst_data = [8, 16]>>
// INST: %tb = xegpu.create_nd_tdesc %b : memref<32x16xi8> -> !xegpu.tensor_desc<32x16xi8, #xegpu.layout<inst_data = [16, 16]>>
// INST: %tc = xegpu.create_nd_tdesc %c : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32, #xegpu.layout<inst_data = [8, 16]>>
// INST: %va = xegpu.load_nd %ta[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<8x32xi8, #xegpu.layout<inst_data = [8, 16]>> -> vector<8x32xi8>
// INST: %vb = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<inst_data = [16, 16]>}> : !xegpu.tensor_desc<32x16xi8, #xegpu.layout<inst_data = [16, 16]>> -> vector<32x16xi8>
// INST: %d = xegpu.dpas %va, %vb {layout_a = #xegpu.layout<inst_data = [8, 16]>, layout_b = #xegpu.layout<inst_data = [16, 16]>, layout_cd = #xegpu.layout<inst_data = [8, 16]>} : vector<8x32xi8>, vector<32x16xi8> -> vector<8x16xi32>
// INST: xegpu.store_nd %d, %tc[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32, #xegpu.layout<inst_data = [8, 16]>>

// -----
func.func @dpas_ui8(%a: vector<8x32xui8>, %b: vector<32x16xui8>, %c: memref<8x16xi32>) {
  %d = xegpu.dpas %a, %b : vector<8x32xui8>, vector<32x16xui8> -> vector<8x16xi32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32>
  return
}
// LANE-LABEL: func.func @dpas_ui8(
// LANE: %d = xegpu.dpas %a, %b {layout_a = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 2]>, layout_b = #xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>, layout_cd = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<8x32xui8>, vector<32x16xui8> -> vector<8x16xi32>
// LANE: %tc = xegpu.create_nd_tdesc %c : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: xegpu.store_nd %d, %tc[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @dpas_ui8(
// INST: %d = xegpu.dpas %a, %b {layout_a = #xegpu.layout<inst_data = [8, 16]>, layout_b = #xegpu.layout<inst_data = [16, 16]>, layout_cd = #xegpu.layout<inst_data = [8, 16]>} : vector<8x32xui8>, vector<32x16xui8> -> vector<8x16xi32>
// INST: %tc = xegpu.create_nd_tdesc %c : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32, #xegpu.layout<inst_data = [8, 16]>>
// INST: xegpu.store_nd %d, %tc[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32, #xegpu.layout<inst_data = [8, 16]>>
