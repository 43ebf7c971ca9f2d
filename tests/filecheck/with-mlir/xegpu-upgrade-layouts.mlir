// The RFC spellings are unknown to mlir-opt 22 (first RUN line); after xegpu-upgrade-layouts it
// reads the module, in custom and generic form, and wgdist-opt reads mlir-opt's output back.

// RUN: not %mlir-opt %s 2>&1 | filecheck %s --check-prefix=REJECTED
// RUN: wgdist-opt %s -p xegpu-upgrade-layouts | %mlir-opt | wgdist-opt | filecheck %s
// RUN: wgdist-opt %s -p xegpu-upgrade-layouts --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | filecheck %s

// REJECTED: error: unknown attribute `sg_map` in dialect `xegpu`

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
// CHECK-SAME: !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>>
// CHECK:      xegpu.create_nd_tdesc %{{.*}} : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [0, 1]>>
// CHECK-NEXT: xegpu.create_nd_tdesc %{{.*}} : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4]>>
// CHECK-NEXT: xegpu.load_nd %{{.*}}[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [0, 1]>}>
// CHECK-NEXT: xegpu.store_nd
// CHECK-NEXT: xegpu.dpas %{{.*}}, %{{.*}} {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}
// CHECK-NEXT: vector.multi_reduction <add>, %{{.*}}, %{{.*}} {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], lane_layout = [1, 16], lane_data = [1, 1]>, dims = [1]>} [1]
// CHECK-NEXT: arith.constant {layout_result_0 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [2]>, dims = [1]>} dense<0.000000e+00> : vector<256xf32>
