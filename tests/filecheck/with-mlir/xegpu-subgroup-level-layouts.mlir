// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP

// Subgroup-level anchor layouts that do not divide their shapes: mlir-opt 22 accepts them, and
// so does wgdist (dialects/xegpu/subgroup-level-layouts.mlir), through mlir-opt 22 and back.

func.func @subgroup_level_anchors(%m: memref<64x64xf16>, %md: !xegpu.mem_desc<32x32xf32>, %w: vector<16x16xf32>, %a: vector<8x16xf16>, %b: vector<16x16xf16>, %p: memref<256xf16>, %mask: vector<16xi1>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> !xegpu.tensor_desc<1x32xf16>
  %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<1x32xf16> -> vector<1x32xf16>
  xegpu.store_nd %v, %t[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<1x32xf16>, !xegpu.tensor_desc<1x32xf16>
  xegpu.prefetch_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 3]>}> : !xegpu.tensor_desc<1x32xf16>
  xegpu.store_matrix %w, %md[0, 0] {layout = #xegpu.layout<inst_data = [8, 24]>} : vector<16x16xf32>, !xegpu.mem_desc<32x32xf32>
  %r = xegpu.dpas %a, %b {layout_a = #xegpu.layout<inst_data = [8, 24]>} : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  %off = arith.constant dense<0> : vector<16xindex>
  %g = xegpu.load %p[%off], %mask <{layout = #xegpu.layout<inst_data = [24]>}> : memref<256xf16>, vector<16xindex>, vector<16xi1> -> vector<16xf16>
  return
}

// CHECK-LABEL: func.func @subgroup_level_anchors
// CHECK:      xegpu.load_nd %{{.*}}[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<1x32xf16> -> vector<1x32xf16>
// CHECK-NEXT: xegpu.store_nd %{{.*}}, %{{.*}}[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<1x32xf16>, !xegpu.tensor_desc<1x32xf16>
// CHECK-NEXT: xegpu.prefetch_nd %{{.*}}[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 3]>}> : !xegpu.tensor_desc<1x32xf16>
// CHECK-NEXT: xegpu.store_matrix %{{.*}}, %{{.*}}[0, 0] <{layout = #xegpu.layout<inst_data = [8, 24]>}>: vector<16x16xf32>, !xegpu.mem_desc<32x32xf32>
// CHECK-NEXT: xegpu.dpas %{{.*}}, %{{.*}} {layout_a = #xegpu.layout<inst_data = [8, 24]>} : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
// CHECK:      xegpu.load %{{.*}}[%{{.*}}], %{{.*}} <{layout = #xegpu.layout<inst_data = [24]>}> : memref<256xf16>, vector<16xindex>, vector<16xi1> -> vector<16xf16>
