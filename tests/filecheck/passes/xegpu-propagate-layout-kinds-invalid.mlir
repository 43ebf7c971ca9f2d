// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=inst}' --split-input-file --print-diagnostics | filecheck %s

// A lane-only user layout on a store in a workgroup-level kernel: no convert_layout can go
// between it and the workgroup layout of the stored value; the consumer is named (was: an
// inserted convert_layout failing its verifier, located at the function). The inst kind adds no
// inst_data to the lane-only layout (it keeps one kind of fields).
#t = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
gpu.module @k {
gpu.func @lane_store(%X: memref<256x128xf32>, %Y: memref<256x128xf32>) kernel {
  %tx = xegpu.create_nd_tdesc %X : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #t>
  %x = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<256x128xf32, #t> -> vector<256x128xf32>
  %e = math.exp %x : vector<256x128xf32>
  %ty = xegpu.create_nd_tdesc %Y : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
  xegpu.store_nd %e, %ty[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32>
  gpu.return
}
}
// CHECK: xegpu-propagate-layout-kinds-invalid.mlir:12:8: error: 'math.exp' op operand #0 (%x (result #0 of 'xegpu.load_nd')) needs #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]> but has #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>: no convert_layout goes between the workgroup layout
