// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' --split-input-file | filecheck %s
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=inst}' --split-input-file | filecheck %s --check-prefix=INST

// shape_cast chains after a gather (issue 12). tests/unit/propagate/test_vs_mlir.py compares
// these with mlir-opt 22 (llvm_inputs/gather_casts.mlir, the same kernels): 22 takes only 1-D -> 2-D
// casts, so it leaves this chain without layouts; wgdist keeps the lanes (blocks) on the innermost
// dim through every cast.
gpu.module @k {
func.func @gather_reshape_chain(%src: memref<256xf16>, %dst: memref<256xf16>) {
  %on = arith.constant dense<true> : vector<256xi1>
  %idx = vector.step : vector<256xindex>
  %v = xegpu.load %src[%idx], %on : memref<256xf16>, vector<256xindex>, vector<256xi1> -> vector<256xf16>
  %a = vector.shape_cast %v : vector<256xf16> to vector<2x4x32xf16>
  %b = vector.shape_cast %a : vector<2x4x32xf16> to vector<1x256xf16>
  %c = vector.shape_cast %b : vector<1x256xf16> to vector<256xf16>
  xegpu.store %c, %dst[%idx], %on : vector<256xf16>, memref<256xf16>, vector<256xindex>, vector<256xi1>
  return
}
}
// CHECK-LABEL: func.func @gather_reshape_chain(
// CHECK: %v = xegpu.load %src[%idx], %on <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}>
// CHECK: %a = vector.shape_cast %v {layout_result_0 = #xegpu.layout<lane_layout = [1, 1, 16], lane_data = [1, 1, 1]>}
// CHECK: %b = vector.shape_cast %a {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// CHECK: %c = vector.shape_cast %b {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>}
// CHECK-NOT: xegpu.convert_layout
// INST-LABEL: func.func @gather_reshape_chain(
// INST: %v = xegpu.load %src[%idx], %on <{layout = #xegpu.layout<inst_data = [16]>}>
// INST: %a = vector.shape_cast %v {layout_result_0 = #xegpu.layout<inst_data = [1, 1, 16]>}
// INST: %b = vector.shape_cast %a {layout_result_0 = #xegpu.layout<inst_data = [1, 16]>}
// INST: %c = vector.shape_cast %b {layout_result_0 = #xegpu.layout<inst_data = [16]>}
// INST-NOT: xegpu.convert_layout

// -----

// A gather reshaped to the rows of a block store: lane i holds column i after the cast, as the
// store's [1, 16] needs (22 gives the gather a slice that hands every lane all 256 elements);
// at inst level the store's [8, 16] blocks are a conversion away from the cast's [1, 16].
gpu.module @k {
func.func @gather_to_tile(%src: memref<256xf32>, %dst: memref<16x16xf32>) {
  %on = arith.constant dense<true> : vector<256xi1>
  %idx = vector.step : vector<256xindex>
  %v = xegpu.load %src[%idx], %on : memref<256xf32>, vector<256xindex>, vector<256xi1> -> vector<256xf32>
  %m = vector.shape_cast %v : vector<256xf32> to vector<16x16xf32>
  %t = xegpu.create_nd_tdesc %dst : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  xegpu.store_nd %m, %t[0, 0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
  return
}
}
// CHECK-LABEL: func.func @gather_to_tile(
// CHECK: %v = xegpu.load %src[%idx], %on <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}>
// CHECK: %m = vector.shape_cast %v {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// CHECK-NOT: xegpu.convert_layout
// CHECK: xegpu.store_nd %m, %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}>
// INST-LABEL: func.func @gather_to_tile(
// INST: %m = vector.shape_cast %v {layout_result_0 = #xegpu.layout<inst_data = [1, 16]>}
// INST-NEXT: %[[CV:.*]] = xegpu.convert_layout %m <{input_layout = #xegpu.layout<inst_data = [1, 16]>, target_layout = #xegpu.layout<inst_data = [8, 16]>}>
// INST: xegpu.store_nd %[[CV]], %t[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}>

// -----

// A cast that no innermost-dim pattern carries over (lanes split along both dims of the result):
// the cast keeps all 16 lanes on the innermost dim and its user converts.
gpu.module @k {
func.func @gather_to_transposed_lanes(%src: memref<256xf32>, %dst: memref<16x16xf32>) {
  %on = arith.constant dense<true> : vector<256xi1>
  %idx = vector.step : vector<256xindex>
  %v = xegpu.load %src[%idx], %on : memref<256xf32>, vector<256xindex>, vector<256xi1> -> vector<256xf32>
  %m = vector.shape_cast %v : vector<256xf32> to vector<16x16xf32>
  %n = arith.negf %m {layout_result_0 = #xegpu.layout<lane_layout = [4, 4], lane_data = [1, 1]>} : vector<16x16xf32>
  %t = xegpu.create_nd_tdesc %dst : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  xegpu.store_nd %n, %t[0, 0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
  return
}
}
// CHECK-LABEL: func.func @gather_to_transposed_lanes(
// CHECK: %m = vector.shape_cast %v {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// CHECK-NEXT: xegpu.convert_layout %m <{input_layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, target_layout = #xegpu.layout<lane_layout = [4, 4], lane_data = [1, 1]>}>
