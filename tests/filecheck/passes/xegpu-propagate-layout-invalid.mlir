// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file --print-diagnostics | filecheck %s
// RUN: not wgdist-opt %s -p xegpu-propagate-layout --split-input-file 2>&1 | filecheck %s --check-prefix=EXIT

// EXIT: error: 'vector.broadcast' op cannot derive a layout for %e

// A workgroup-level value no rule reaches (no anchor downstream, no vector operand) is reported
// by name.
#l = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
func.func @unreached(%x: vector<256x128xf32>, %o: memref<256x128xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %e = vector.broadcast %z : f32 to vector<256xf32>
  %s = vector.reduction <add>, %e, %z : vector<256xf32> into f32
  %t = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #l>
  xegpu.store_nd %x, %t[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #l>
  return %s : f32
}
// CHECK: xegpu-propagate-layout-invalid.mlir:11:8: error: 'vector.broadcast' op cannot derive a layout for %e (result #0 of 'vector.broadcast'): no anchor reaches it and its users (vector.reduction) have no layout rule that gives one

// -----

// A user's store layout that disagrees with the descriptor's is reported, never overwritten.
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 16]>
func.func @store_disagrees(%x: vector<256x128xf32>, %o: memref<256x128xf32>) {
  %t = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #a>
  xegpu.store_nd %x, %t[0, 0] <{layout = #b}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #a>
  return
}
// CHECK: error: 'xegpu.store_nd' op layout #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 16]> disagrees with the layout #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]> of %t (result #0 of 'xegpu.create_nd_tdesc')

// -----

// A user layout that cannot distribute its value is named with the numbers.
func.func @bad_user_layout(%x: vector<256x128xf32>) -> vector<256x128xf32> {
  %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 3], sg_data = [32, 32]>} : vector<256x128xf32>
  return %e : vector<256x128xf32>
}
// CHECK: error: 'math.exp' op layout of %e (result #0 of 'math.exp') cannot distribute [256, 128]: dim 1: 4 tiles of sg_data 32 in shape 128 neither divide among sg_layout 3

// -----

// A reduction whose result is needed as a slice on another dim converts from the slice of that
// layout's parent on its reduced dim, unless that parent cannot split the source: then the
// refusal names the needed layout and why no conversion fits.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
gpu.module @k {
gpu.func @no_conversion_fits(%m: memref<32x40xf32>, %o: memref<16x32xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
  %t = xegpu.create_nd_tdesc %m : memref<32x40xf32> -> !xegpu.tensor_desc<32x40xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<32x40xf32> -> vector<32x40xf32>
  %z = arith.constant dense<0.0> : vector<32xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<32x40xf32> to vector<32xf32>
  %b = vector.broadcast %s : vector<32xf32> to vector<16x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #a>
  xegpu.store_nd %b, %u[0, 0] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32, #a>
  gpu.return
}
}
// CHECK: xegpu-propagate-layout-invalid.mlir:51:8: error: 'vector.multi_reduction' op cannot derive operand layouts from %s (result #0 of 'vector.multi_reduction'): multi_reduction: result layout slices dims [0] of a rank-2 parent, but the op reduces dims [1] of a rank-2 source; its users need #xegpu.slice<#xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8], order = [1, 0]>, dims = [0]>, and #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8], order = [1, 0]> cannot split the source [32, 40] to convert from: dim 1: 5 tiles of sg_data 8 in shape 40 neither divide
