// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// A descriptor without a layout reached through update_nd_offset: not distributed, a located
// error names the op (the IR is left untouched).
#e = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>
func.func @through_update(%m: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32>
  %u = xegpu.update_nd_offset %t, [0, 0] : !xegpu.tensor_desc<64x64xf32>
  %v = xegpu.load_nd %u <{layout = #e}> : !xegpu.tensor_desc<64x64xf32> -> vector<64x64xf32>
  return
}
// CHECK: invalid-op-layouts.mlir:9:8: error: 'xegpu.load_nd' op has a workgroup layout but its tensor_desc (!xegpu.tensor_desc<64x64xf32>) has none and comes from 'xegpu.update_nd_offset': a descriptor without a layout is distributed by its accesses' layouts only when it comes directly from xegpu.create_nd_tdesc
