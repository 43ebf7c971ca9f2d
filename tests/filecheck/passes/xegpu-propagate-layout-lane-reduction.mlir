// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' --split-input-file | filecheck %s
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=inst}' --split-input-file | filecheck %s --check-prefix=INST

// Reductions and broadcasts below the workgroup level (issue 12; tests/unit/propagate/test_vs_mlir.py
// compares every chunk with mlir-opt 22). A row reduction whose result is broadcast along the
// other dim in a loop: at lane level the source takes the 2-D default and the result the slice
// its user needs (a cross-lane reduction hands every lane every row sum, so no conversion), as
// mlir-opt 22 does; at inst level the source takes the inst default [8, 16] (22 writes a lane
// layout there). Both were refused ('cannot derive a layout for %t').
gpu.module @k {
func.func @row_sums_broadcast_in_loop(%m: memref<16x16xf32>, %o: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = xegpu.create_nd_tdesc %m : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
  %z = arith.constant dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<16x16xf32> to vector<16xf32>
  %init = arith.constant dense<0.0> : vector<16x16xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (vector<16x16xf32>) {
    %b = vector.broadcast %s : vector<16xf32> to vector<16x16xf32>
    %n = arith.addf %acc, %b : vector<16x16xf32>
    scf.yield %n : vector<16x16xf32>
  }
  %u = xegpu.create_nd_tdesc %o : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  xegpu.store_nd %r, %u[0, 0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
  return
}
}
// CHECK-LABEL: func.func @row_sums_broadcast_in_loop(
// CHECK: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}>
// CHECK: %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, dims = [0]>} [1]
// CHECK-NOT: xegpu.convert_layout
// CHECK: %b = vector.broadcast %s {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// INST-LABEL: func.func @row_sums_broadcast_in_loop(
// INST: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}>
// INST: %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<inst_data = [8, 16]>, dims = [0]>} [1]
// INST: %b = vector.broadcast %s {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>}

// -----

// Column sums of a loaded tile broadcast back over the rows (the softmax shape, reduced along
// dim 0): the broadcast's source is the slice of its result on the dropped dim, the reduction's
// source that slice's parent.
gpu.module @k {
func.func @column_sums_broadcast(%m: memref<16x16xf32>, %o: memref<16x16xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
  %z = arith.constant dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %x, %z [0] : vector<16x16xf32> to vector<16xf32>
  %b = vector.broadcast %s : vector<16xf32> to vector<16x16xf32>
  %d = arith.divf %x, %b : vector<16x16xf32>
  %u = xegpu.create_nd_tdesc %o : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  xegpu.store_nd %d, %u[0, 0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
  return
}
}
// CHECK-LABEL: func.func @column_sums_broadcast(
// CHECK: %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, dims = [0]>} [0]
// CHECK: %b = vector.broadcast %s {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// CHECK: %d = arith.divf %x, %b {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// INST-LABEL: func.func @column_sums_broadcast(
// INST: %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<inst_data = [8, 16]>, dims = [0]>} [0]

// -----

// A gathered 1-D vector reshaped to a 3-D cube and reduced twice: the lanes stay on the innermost
// dim through the cast (LLVM 22 leaves the cast and the first reduction without a layout).
gpu.module @k {
func.func @gather_cube_sums(%src: memref<1024xf16>, %dst: memref<16xf16>) {
  %on = arith.constant dense<true> : vector<1024xi1>
  %idx = vector.step : vector<1024xindex>
  %v = xegpu.load %src[%idx], %on : memref<1024xf16>, vector<1024xindex>, vector<1024xi1> -> vector<1024xf16>
  %cube = vector.shape_cast %v : vector<1024xf16> to vector<8x8x16xf16>
  %z2 = arith.constant dense<0.0> : vector<8x16xf16>
  %z1 = arith.constant dense<0.0> : vector<16xf16>
  %plane = vector.multi_reduction <add>, %cube, %z2 [0] : vector<8x8x16xf16> to vector<8x16xf16>
  %row = vector.multi_reduction <add>, %plane, %z1 [0] : vector<8x16xf16> to vector<16xf16>
  %on16 = arith.constant dense<true> : vector<16xi1>
  %at = vector.step : vector<16xindex>
  xegpu.store %row, %dst[%at], %on16 : vector<16xf16>, memref<16xf16>, vector<16xindex>, vector<16xi1>
  return
}
}
// CHECK-LABEL: func.func @gather_cube_sums(
// CHECK: %v = xegpu.load %src[%idx], %on <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}>
// CHECK: %cube = vector.shape_cast %v {layout_result_0 = #xegpu.layout<lane_layout = [1, 1, 16], lane_data = [1, 1, 1]>}
// CHECK: %plane = vector.multi_reduction <add>, %cube, %z2 {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} [0]
// CHECK: %row = vector.multi_reduction <add>, %plane, %z1 {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} [0]
// INST-LABEL: func.func @gather_cube_sums(
// INST: %cube = vector.shape_cast %v {layout_result_0 = #xegpu.layout<inst_data = [1, 1, 16]>}
// INST-NEXT: %[[CV:.*]] = xegpu.convert_layout %cube <{input_layout = #xegpu.layout<inst_data = [1, 1, 16]>, target_layout = #xegpu.layout<inst_data = [1, 8, 16]>}>
// INST: %plane = vector.multi_reduction <add>, %[[CV]], %z2 {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>} [0]
