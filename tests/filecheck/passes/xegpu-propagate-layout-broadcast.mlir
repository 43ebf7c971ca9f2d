// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// Broadcast rules (layouts-spec 2.3).
// Appendix 1.2: a 1x256 bias broadcast to the dpas result layout [8, 4]/[32, 64] is loaded as
// [8, 4]/[1, 64] (stretched dim: sg_layout kept, sg_data 1).
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
func.func @stretched(%bias: memref<1x256xf32>, %acc: vector<256x256xf32>, %o: memref<256x256xf32>) {
  %tb = xegpu.create_nd_tdesc %bias : memref<1x256xf32> -> !xegpu.tensor_desc<1x256xf32>
  %b = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<1x256xf32> -> vector<1x256xf32>
  %bb = vector.broadcast %b : vector<1x256xf32> to vector<256x256xf32>
  %y = arith.addf %acc, %bb : vector<256x256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
  xegpu.store_nd %y, %to[0, 0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
  return
}
// CHECK-LABEL: func.func @stretched(
// CHECK: %tb = xegpu.create_nd_tdesc %bias : memref<1x256xf32> -> !xegpu.tensor_desc<1x256xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 64], order = [1, 0]>>
// CHECK: %b = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 64], order = [1, 0]>}> : !xegpu.tensor_desc<1x256xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 64], order = [1, 0]>> -> vector<1x256xf32>
// CHECK: %bb = vector.broadcast %b {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} : vector<1x256xf32> to vector<256x256xf32>

// -----


// Dropped leading dim with sg_layout 1: the dim is removed from the layout.
#r = #xegpu.layout<sg_layout = [1, 32], sg_data = [64, 8]>
func.func @dropped_unit(%v: vector<256xf32>, %o: memref<64x256xf32>) {
  %n = arith.negf %v : vector<256xf32>
  %bb = vector.broadcast %n : vector<256xf32> to vector<64x256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<64x256xf32> -> !xegpu.tensor_desc<64x256xf32, #r>
  xegpu.store_nd %bb, %to[0, 0] : vector<64x256xf32>, !xegpu.tensor_desc<64x256xf32, #r>
  return
}
// CHECK-LABEL: func.func @dropped_unit(
// CHECK: %n = arith.negf %v {layout_result_0 = #xegpu.layout<sg_layout = [32], sg_data = [8], order = [0]>} : vector<256xf32>
// CHECK: %bb = vector.broadcast %n {layout_result_0 = #xegpu.layout<sg_layout = [1, 32], sg_data = [64, 8], order = [1, 0]>} : vector<256xf32> to vector<64x256xf32>

// -----


// Dropped leading dim split over 8 subgroups: the source is a slice of the result layout.
#c2 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
func.func @dropped_split(%v: vector<256xf32>, %o: memref<256x256xf32>) {
  %n = arith.negf %v : vector<256xf32>
  %bb = vector.broadcast %n : vector<256xf32> to vector<256x256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #c2>
  xegpu.store_nd %bb, %to[0, 0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c2>
  return
}
// CHECK-LABEL: func.func @dropped_split(
// CHECK: %n = arith.negf %v {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>, dims = [0]>} : vector<256xf32>
// CHECK: %bb = vector.broadcast %n {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} : vector<256xf32> to vector<256x256xf32>

// -----


// A scalar source has no layout.
#c3 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
func.func @scalar(%s: f32, %o: memref<256x256xf32>) {
  %bb = vector.broadcast %s : f32 to vector<256x256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #c3>
  xegpu.store_nd %bb, %to[0, 0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c3>
  return
}
// CHECK-LABEL: func.func @scalar(
// CHECK: %bb = vector.broadcast %s {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} : f32 to vector<256x256xf32>

// -----

// Rank-extending broadcast of a loaded vector over a dim split 8 ways (spec 2.3, A5): the load
// cannot carry the slice the broadcast needs, so it takes a plain layout. Here the slice has a
// plain equivalent ([32]/[64]: the 8 row subgroups share each 64-column tile), so no conversion
// (was: error "would need the slice layout which a tensor_desc cannot carry").
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
func.func @slice_on_load(%m: memref<256xf32>, %o: memref<256x256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<256xf32>
  %v = xegpu.load_nd %t[0] : !xegpu.tensor_desc<256xf32> -> vector<256xf32>
  %b = vector.broadcast %v : vector<256xf32> to vector<256x256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
  xegpu.store_nd %b, %to[0, 0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
  return
}
// CHECK-LABEL: func.func @slice_on_load(
// CHECK: %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #xegpu.layout<sg_layout = [32], sg_data = [64], order = [0]>>
// CHECK-NOT: convert_layout
// CHECK: %b = vector.broadcast %v {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}

// -----

// The same with column-major subgroups: the slice has no plain equivalent, so the load takes a
// contiguous block layout and converts to the slice.
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [0, 1]>
func.func @slice_on_load_converted(%m: memref<256xf32>, %o: memref<256x256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<256xf32>
  %v = xegpu.load_nd %t[0] : !xegpu.tensor_desc<256xf32> -> vector<256xf32>
  %b = vector.broadcast %v : vector<256xf32> to vector<256x256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
  xegpu.store_nd %b, %to[0, 0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
  return
}
// CHECK-LABEL: func.func @slice_on_load_converted(
// CHECK: %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #xegpu.layout<sg_layout = [32], sg_data = [8]>>
// CHECK: %[[CV:.*]] = xegpu.convert_layout %v <{input_layout = #xegpu.layout<sg_layout = [32], sg_data = [8]>, target_layout = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [0, 1]>, dims = [0]>}>
// CHECK: %b = vector.broadcast %[[CV]]
