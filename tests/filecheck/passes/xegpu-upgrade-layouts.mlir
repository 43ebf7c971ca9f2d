// RUN: wgdist-opt %s -p xegpu-upgrade-layouts | filecheck %s
// RUN: wgdist-opt %s -p xegpu-upgrade-layouts | filecheck %s --check-prefix=NOOLD

// Every wg_map/sg_map - in argument and result types, properties, discardable attributes and
// slice parents - becomes the equal #xegpu.layout (sg_order -> order, wi_* -> lane_*). LLVM 22
// layouts, ops and unused ops are left alone.

func.func @upgrade(%m: memref<256x128xf32>, %v: vector<256x128xf32>, %acc: vector<256xf32>, %arg: !xegpu.tensor_desc<256x128xf32, #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16], wi_layout = [1, 16], wi_data = [1, 1], order = [0, 1]>>, %a: vector<128x64xf16>, %b: vector<64x128xf16>) -> vector<256xf32> {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>>
  %unused = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4]>>
  %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>}> : !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>> -> vector<256x128xf32>
  xegpu.store_nd %x, %arg[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16], wi_layout = [1, 16], wi_data = [1, 1], order = [0, 1]>>
  %d = xegpu.dpas %a, %b {layout_a = #xegpu.wg_map<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.sg_map<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], wi_layout = [1, 16], wi_data = [1, 1]>, dims = [1]>} [1] : vector<256x128xf32> to vector<256xf32>
  %c = arith.constant {layout_result_0 = #xegpu.slice<#xegpu.slice<#xegpu.wg_map<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [2]>, dims = [1]>} dense<0.0> : vector<256xf32>
  return %r : vector<256xf32>
}

// CHECK-LABEL: func.func @upgrade(
// CHECK-SAME: %arg: !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>>
// CHECK-NEXT: %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [0, 1]>>
// CHECK-NEXT: %unused = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4]>>
// CHECK-NEXT: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [0, 1]>}> : !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [0, 1]>> -> vector<256x128xf32>
// CHECK-NEXT: xegpu.store_nd %x, %arg[0, 0]  : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>>
// CHECK-NEXT: %d = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}
// CHECK-NEXT: %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], lane_layout = [1, 16], lane_data = [1, 1]>, dims = [1]>} [1]
// CHECK-NEXT: %c = arith.constant {layout_result_0 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [2]>, dims = [1]>} dense<0.000000e+00> : vector<256xf32>

// NOOLD-NOT: wg_map
// NOOLD-NOT: sg_map
// NOOLD-NOT: sg_order
// NOOLD-NOT: wi_
