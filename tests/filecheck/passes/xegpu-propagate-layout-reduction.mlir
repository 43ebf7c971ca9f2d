// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// Reduction rules (layouts-spec 2.2). A reduction result is written as LLVM 22 reads it,
// #xegpu.slice<source layout, dims = reduced dims> (it crashes on the plain equivalent).
// RFC: 256x128 -> 256 over [1], result [32]/[8] -> source [32, 1]/[8, 128], order [1, 0].
#r = #xegpu.layout<sg_layout = [32], sg_data = [8]>
func.func @rfc_2d(%m: memref<256x128xf32>, %o: memref<256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x128xf32> -> vector<256x128xf32>
  %z = arith.constant dense<0.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<256x128xf32> to vector<256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #r>
  xegpu.store_nd %s, %to[0] : vector<256xf32>, !xegpu.tensor_desc<256xf32, #r>
  return
}
// CHECK-LABEL: func.func @rfc_2d(
// CHECK: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>}> : !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>> -> vector<256x128xf32>
// CHECK: %z = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [32], sg_data = [8], order = [0]>} dense<0.000000e+00> : vector<256xf32>
// CHECK: %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>, dims = [1]>} [1] : vector<256x128xf32> to vector<256xf32>

// -----


// RFC 3-D partial reduction: 8x32x128 -> 8x128 over [1], result [8, 4]/[1, 32] -> source
// [8, 1, 4]/[1, 32, 32] with order [2, 1, 0].
#p = #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 32]>
func.func @rfc_3d(%x: vector<8x32x128xf32>, %acc: vector<8x128xf32>, %o: memref<8x128xf32>) {
  %e = math.exp %x : vector<8x32x128xf32>
  %s = vector.multi_reduction <add>, %e, %acc [1] : vector<8x32x128xf32> to vector<8x128xf32>
  %to = xegpu.create_nd_tdesc %o : memref<8x128xf32> -> !xegpu.tensor_desc<8x128xf32, #p>
  xegpu.store_nd %s, %to[0, 0] : vector<8x128xf32>, !xegpu.tensor_desc<8x128xf32, #p>
  return
}
// CHECK-LABEL: func.func @rfc_3d(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>} : vector<8x32x128xf32>
// CHECK: %s = vector.multi_reduction <add>, %e, %acc {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>, dims = [1]>} [1] : vector<8x32x128xf32> to vector<8x128xf32>

// -----


// A slice result whose parent splits the reduced dim over 8 subgroups: the source takes the
// parent (a cross-subgroup reduction that distribution must perform).
#sl = #xegpu.slice<#xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32]>, dims = [1]>
func.func @slice_split(%x: vector<256x256xf32>, %acc: vector<256xf32>) -> vector<256xf32> {
  %e = math.exp %x : vector<256x256xf32>
  %s = vector.multi_reduction <maximumf>, %e, %acc {layout_result_0 = #sl} [1] : vector<256x256xf32> to vector<256xf32>
  return %s : vector<256xf32>
}
// CHECK-LABEL: func.func @slice_split(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32], order = [1, 0]>} : vector<256x256xf32>
// CHECK: %s = vector.multi_reduction <maximumf>, %e, %acc {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32]>, dims = [1]>} [1] : vector<256x256xf32> to vector<256xf32>

// -----

// Softmax-like with the reduced dim split over 4 subgroups: the source keeps its loaded layout
// [8, 4]/[32, 32] (any sg_data without sharing on the split dim gives every subgroup the same
// result fibres), and the result is the slice of it (was: a convert_layout to [8, 4]/[32, 1]).
#t = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
gpu.module @k {
gpu.func @split_reduced_dim(%X: memref<256x128xf32>, %Y: memref<256x128xf32>) kernel {
  %tx = xegpu.create_nd_tdesc %X : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #t>
  %x = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<256x128xf32, #t> -> vector<256x128xf32>
  %z = arith.constant dense<0.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<256x128xf32> to vector<256xf32>
  %c = vector.shape_cast %s : vector<256xf32> to vector<256x1xf32>
  %b = vector.broadcast %c : vector<256x1xf32> to vector<256x128xf32>
  %y = arith.divf %x, %b : vector<256x128xf32>
  %ty = xegpu.create_nd_tdesc %Y : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #t>
  xegpu.store_nd %y, %ty[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #t>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @split_reduced_dim(
// CHECK-NOT: convert_layout
// CHECK: %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>, dims = [1]>} [1]
// CHECK-NOT: convert_layout
// CHECK: gpu.return
