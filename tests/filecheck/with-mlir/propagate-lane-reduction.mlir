// mlir-opt 22 as the oracle for lane-level reductions and broadcasts (issue 12): on the same
// kernel both tools write the same layouts (OURS, THEIRS share the checks), and mlir-opt 22 reads
// wgdist's output back. The kernel is the first chunk of
// tests/filecheck/passes/xegpu-propagate-layout-lane-reduction.mlir, without its loop.
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s
// RUN: %mlir-opt %s --xegpu-propagate-layout=layout-kind=lane | filecheck %s
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' | %mlir-opt | filecheck %s --check-prefix=BACK

gpu.module @k {
func.func @row_sums_broadcast(%m: memref<16x16xf32>, %o: memref<16x16xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
  %z = arith.constant dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<16x16xf32> to vector<16xf32>
  %b = vector.broadcast %s : vector<16xf32> to vector<16x16xf32>
  %d = arith.subf %x, %b : vector<16x16xf32>
  %u = xegpu.create_nd_tdesc %o : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  xegpu.store_nd %d, %u[0, 0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
  return
}
}
// CHECK: xegpu.load_nd {{.*}} <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}>
// CHECK: arith.constant {layout_result_0 = #xegpu.slice<#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, dims = [0]>} dense<0.000000e+00> : vector<16xf32>
// CHECK: vector.multi_reduction <add>, {{.*}} {layout_result_0 = #xegpu.slice<#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, dims = [0]>} [1]
// CHECK-NOT: xegpu.convert_layout
// CHECK: vector.broadcast {{.*}} {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// CHECK: arith.subf {{.*}} {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// BACK: func.func @row_sums_broadcast
// BACK: vector.multi_reduction <add>
