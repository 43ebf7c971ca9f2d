// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// Conflicts resolved by conversion (issue 12), at the cheapest point. A row reduction whose
// result is broadcast along the other dim inside a loop: the reduction keeps its source's
// layout (its result the slice on the reduced dim) and the 32-element result converts to the
// slice the broadcast needs, once, outside the loop (it is loop-invariant); was 'result layout
// slices dims [0] of a rank-2 parent, but the op reduces dims [1]'.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
gpu.module @k {
gpu.func @reduce_then_broadcast_across(%m: memref<32x32xf32>, %o: memref<32x32xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
  %z = arith.constant dense<0.0> : vector<32xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<32x32xf32> to vector<32xf32>
  %init = arith.constant dense<0.0> : vector<32x32xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (vector<32x32xf32>) {
    %b = vector.broadcast %s : vector<32xf32> to vector<32x32xf32>
    %n = arith.addf %acc, %b : vector<32x32xf32>
    scf.yield %n : vector<32x32xf32>
  }
  %u = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #a>
  xegpu.store_nd %r, %u[0, 0] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #a>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @reduce_then_broadcast_across(
// CHECK: %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8], order = [1, 0]>, dims = [1]>} [1]
// CHECK-NEXT: %[[CV:.*]] = xegpu.convert_layout %s <{input_layout = #xegpu.slice<#xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8], order = [1, 0]>, dims = [1]>, target_layout = #xegpu.slice<#xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8], order = [1, 0]>, dims = [0]>}> : vector<32xf32>
// CHECK: scf.for
// CHECK-NOT: xegpu.convert_layout
// CHECK: vector.broadcast %[[CV]] {layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8], order = [1, 0]>}
// CHECK: } {layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8], order = [1, 0]>}

// -----

// The reduced value is an scf.for iter_arg and its source is loop-invariant under another
// anchor: the source converts once, before the loop.
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
gpu.module @k {
gpu.func @carried_column_sums(%m: memref<256x128xf32>, %o: memref<256x128xf32>) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #b>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x128xf32, #b> -> vector<256x128xf32>
  %z = arith.constant dense<0.0> : vector<128xf32>
  %init = arith.constant dense<0.0> : vector<256x128xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init, %v = %z) -> (vector<256x128xf32>, vector<128xf32>) {
    %bc = vector.broadcast %v : vector<128xf32> to vector<256x128xf32>
    %n = arith.addf %acc, %bc : vector<256x128xf32>
    %s = vector.multi_reduction <add>, %x, %v [0] : vector<256x128xf32> to vector<128xf32>
    scf.yield %n, %s : vector<256x128xf32>, vector<128xf32>
  }
  %u = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #a>
  xegpu.store_nd %r#0, %u[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #a>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @carried_column_sums(
// CHECK: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}>
// CHECK-NEXT: %[[CV:.*]] = xegpu.convert_layout %x <{input_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>, target_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>}> : vector<256x128xf32>
// CHECK: scf.for
// CHECK-NOT: xegpu.convert_layout
// CHECK: vector.multi_reduction <add>, %[[CV]], %v {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>, dims = [0]>} [0]

// -----

// One subgroup (sg_layout = [1, 1]) inside a K loop: the accumulator is loaded and stored
// through a descriptor whose layout ([1]/[16]) differs from the reduction's result (the slice of
// [1, 1]/[32, 64]): the loop's value converts in front of the yield, nothing is refused.
#l = #xegpu.layout<sg_layout = [1, 1], sg_data = [32, 64]>
#a = #xegpu.layout<sg_layout = [1], sg_data = [16]>
gpu.module @k {
gpu.func @one_subgroup_accumulator(%m: memref<32x256xf32>, %o: memref<32xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %t = xegpu.create_nd_tdesc %m : memref<32x256xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
  %ta = xegpu.create_nd_tdesc %o : memref<32xf32> -> !xegpu.tensor_desc<32xf32, #a>
  %init = xegpu.load_nd %ta[0] : !xegpu.tensor_desc<32xf32, #a> -> vector<32xf32>
  %r = scf.for %k = %c0 to %c256 step %c64 iter_args(%acc = %init) -> (vector<32xf32>) {
    %x = xegpu.load_nd %t[0, %k] : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
    %s = vector.multi_reduction <add>, %x, %acc [1] : vector<32x64xf32> to vector<32xf32>
    scf.yield %s : vector<32xf32>
  }
  xegpu.store_nd %r, %ta[0] : vector<32xf32>, !xegpu.tensor_desc<32xf32, #a>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @one_subgroup_accumulator(
// CHECK: %s = vector.multi_reduction <add>, %x, %acc {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [1, 1], sg_data = [32, 64], order = [1, 0]>, dims = [1]>} [1]
// CHECK-NEXT: %[[CV:.*]] = xegpu.convert_layout %s <{input_layout = #xegpu.slice<#xegpu.layout<sg_layout = [1, 1], sg_data = [32, 64]>, dims = [1]>, target_layout = #xegpu.layout<sg_layout = [1], sg_data = [16]>}> : vector<32xf32>
// CHECK-NEXT: scf.yield %[[CV]] : vector<32xf32>

// -----

// Nested reductions under a store anchor that is a slice of a slice whose parent differs from
// the loaded layout: the first reduction stays within each subgroup under the cast's layout, so it
// takes it and its 8x64 result converts to the anchor's slice (not the 8x32x64 source).
#s = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [4, 2, 1], sg_data = [2, 16, 64]>, dims = [1]>, dims = [1]>
#l = #xegpu.layout<sg_layout = [8, 1], sg_data = [32, 64]>
gpu.module @k {
gpu.func @nested_slice_converts(%in: memref<256x64xf32>, %m: memref<8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %t = xegpu.create_nd_tdesc %in : memref<256x64xf32> -> !xegpu.tensor_desc<256x64xf32, #l>
  %l = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x64xf32, #l> -> vector<256x64xf32>
  %x = vector.shape_cast %l : vector<256x64xf32> to vector<8x32x64xf32>
  %z2 = arith.constant dense<0.0> : vector<8x64xf32>
  %r1 = vector.multi_reduction <add>, %x, %z2 [1] : vector<8x32x64xf32> to vector<8x64xf32>
  %z1 = arith.constant dense<0.0> : vector<8xf32>
  %r2 = vector.multi_reduction <add>, %r1, %z1 [1] : vector<8x64xf32> to vector<8xf32>
  %i = vector.step : vector<8xindex>
  %on = arith.constant dense<true> : vector<8xi1>
  xegpu.store %r2, %m[%i], %on <{layout = #s}> : vector<8xf32>, memref<8xf32>, vector<8xindex>, vector<8xi1>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @nested_slice_converts(
// CHECK: %x = vector.shape_cast %l {layout_result_0 = #xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64], order = [2, 1, 0]>}
// CHECK-NOT: xegpu.convert_layout %x
// CHECK: %r1 = vector.multi_reduction <add>, %x, %z2 {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64], order = [2, 1, 0]>, dims = [1]>} [1]
// CHECK-NEXT: %[[CV:.*]] = xegpu.convert_layout %r1 <{input_layout = #xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64], order = [2, 1, 0]>, dims = [1]>, target_layout = #xegpu.slice<#xegpu.layout<sg_layout = [4, 2, 1], sg_data = [2, 16, 64]>, dims = [1]>}> : vector<8x64xf32>
// CHECK: %r2 = vector.multi_reduction <add>, %[[CV]], %z1 {layout_result_0 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [4, 2, 1], sg_data = [2, 16, 64], order = [2, 1, 0]>, dims = [1]>, dims = [1]>} [1]

// -----

// A row reduction within each subgroup whose result is stored under a finer 1-D layout: the
// 32-element result (and its accumulator) convert, not the 32x64 source.
#l = #xegpu.layout<sg_layout = [2, 1], sg_data = [16, 64]>
#a = #xegpu.layout<sg_layout = [2], sg_data = [8]>
gpu.module @k {
gpu.func @convert_the_reduced_side(%m: memref<32x64xf32>, %o: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
  %ta = xegpu.create_nd_tdesc %o : memref<32xf32> -> !xegpu.tensor_desc<32xf32, #a>
  %acc = xegpu.load_nd %ta[0] : !xegpu.tensor_desc<32xf32, #a> -> vector<32xf32>
  %s = vector.multi_reduction <add>, %x, %acc [1] : vector<32x64xf32> to vector<32xf32>
  xegpu.store_nd %s, %ta[0] : vector<32xf32>, !xegpu.tensor_desc<32xf32, #a>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @convert_the_reduced_side(
// CHECK-NOT: xegpu.convert_layout %x
// CHECK: %[[CA:.*]] = xegpu.convert_layout %acc <{input_layout = #xegpu.layout<sg_layout = [2], sg_data = [8]>, target_layout = #xegpu.slice<#xegpu.layout<sg_layout = [2, 1], sg_data = [16, 64]>, dims = [1]>}> : vector<32xf32>
// CHECK: %s = vector.multi_reduction <add>, %x, %[[CA]] {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [2, 1], sg_data = [16, 64], order = [1, 0]>, dims = [1]>} [1]
// CHECK-NEXT: %[[CS:.*]] = xegpu.convert_layout %s <{input_layout = #xegpu.slice<#xegpu.layout<sg_layout = [2, 1], sg_data = [16, 64]>, dims = [1]>, target_layout = #xegpu.layout<sg_layout = [2], sg_data = [8]>}> : vector<32xf32>
// CHECK: xegpu.store_nd %[[CS]], %ta[0]
