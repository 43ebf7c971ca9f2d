// REQUIRES: mlir
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s --check-prefix=LANE
// RUN: %mlir-opt %s --xegpu-propagate-layout=layout-kind=lane | filecheck %s --check-prefix=LANE
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=inst}' | filecheck %s --check-prefix=INST
// RUN: %mlir-opt %s --xegpu-propagate-layout=layout-kind=inst | filecheck %s --check-prefix=INST

// Below the workgroup level LLVM 22 gives vector.interleave's operands and vector.deinterleave's
// results the same inst/lane fields as the other side; wgdist assigns the same (both tools run
// against one set of CHECK lines).

gpu.module @m {
gpu.func @f(%src: memref<8x16xf32>, %dst: memref<8x32xf32>) kernel {
  %c0 = arith.constant 0 : index
  %t = xegpu.create_nd_tdesc %src : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  %a = xegpu.load_nd %t[%c0, %c0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  %i = vector.interleave %a, %a : vector<8x16xf32> -> vector<8x32xf32>
  %d, %e = vector.deinterleave %i : vector<8x32xf32> -> vector<8x16xf32>
  %s = arith.addf %d, %e : vector<8x16xf32>
  %i2 = vector.interleave %s, %s : vector<8x16xf32> -> vector<8x32xf32>
  %t2 = xegpu.create_nd_tdesc %dst : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32>
  xegpu.store_nd %i2, %t2[%c0, %c0] : vector<8x32xf32>, !xegpu.tensor_desc<8x32xf32>
  gpu.return
}
}
// LANE:      xegpu.load_nd {{.*}} <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}>
// LANE-NEXT: vector.interleave {{.*}} {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<8x16xf32> -> vector<8x32xf32>
// LANE-NEXT: vector.deinterleave {{.*}} {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, layout_result_1 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<8x32xf32> -> vector<8x16xf32>
// LANE-NEXT: arith.addf {{.*}} {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
// LANE-NEXT: vector.interleave {{.*}} {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<8x16xf32> -> vector<8x32xf32>

// INST:      xegpu.load_nd {{.*}} <{layout = #xegpu.layout<inst_data = [8, 16]>}>
// INST-NEXT: vector.interleave {{.*}} {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>} : vector<8x16xf32> -> vector<8x32xf32>
// INST-NEXT: vector.deinterleave {{.*}} {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>, layout_result_1 = #xegpu.layout<inst_data = [8, 16]>} : vector<8x32xf32> -> vector<8x16xf32>
// INST-NEXT: arith.addf {{.*}} {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>}
// INST-NEXT: vector.interleave {{.*}} {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>} : vector<8x16xf32> -> vector<8x32xf32>
