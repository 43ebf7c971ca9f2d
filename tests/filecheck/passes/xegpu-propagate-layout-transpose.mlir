// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// Transpose (layouts-spec 2.4): every field is permuted, order included. LLVM 22's
// propagation forgets order and its own wg-to-sg then rejects the transpose (regression test).
// RFC: 512x128 -> 128x512 with [4, 8]/[32, 64], lanes [1, 16] -> [8, 4]/[64, 32], order [0, 1],
// lanes [16, 1].
#o = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 64], lane_layout = [1, 16], lane_data = [1, 1], order = [1, 0]>
func.func @rfc(%m: memref<512x128xf32>, %out: memref<128x512xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<512x128xf32> -> !xegpu.tensor_desc<512x128xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<512x128xf32> -> vector<512x128xf32>
  %y = vector.transpose %x, [1, 0] : vector<512x128xf32> to vector<128x512xf32>
  %to = xegpu.create_nd_tdesc %out : memref<128x512xf32> -> !xegpu.tensor_desc<128x512xf32, #o>
  xegpu.store_nd %y, %to[0, 0] : vector<128x512xf32>, !xegpu.tensor_desc<128x512xf32, #o>
  return
}
// CHECK-LABEL: func.func @rfc(
// CHECK: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [64, 32], lane_layout = [16, 1], lane_data = [1, 1], order = [0, 1]>}> : !xegpu.tensor_desc<512x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [64, 32], lane_layout = [16, 1], lane_data = [1, 1], order = [0, 1]>> -> vector<512x128xf32>
// CHECK: %y = vector.transpose %x, [1, 0] {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 64], lane_layout = [1, 16], lane_data = [1, 1], order = [1, 0]>} : vector<512x128xf32> to vector<128x512xf32>

// -----


// Default order on the result: the source still gets the permuted order [0, 1] spelled out.
#b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
func.func @default_order(%x: vector<256x32xf16>, %a: vector<256x32xf16>) -> vector<256x256xf32> {
  %e = arith.negf %x : vector<256x32xf16>
  %bt = vector.transpose %e, [1, 0] : vector<256x32xf16> to vector<32x256xf16>
  %d = xegpu.dpas %a, %bt {layout_b = #b, layout_cd = #b} : vector<256x32xf16>, vector<32x256xf16> -> vector<256x256xf32>
  return %d : vector<256x256xf32>
}
// CHECK-LABEL: func.func @default_order(
// CHECK: %e = arith.negf %x {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32], order = [0, 1]>} : vector<256x32xf16>
// CHECK: %bt = vector.transpose %e, [1, 0] {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} : vector<256x32xf16> to vector<32x256xf16>
// CHECK: %d = xegpu.dpas %a, %bt {layout_a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>, layout_cd = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>} : vector<256x32xf16>, vector<32x256xf16> -> vector<256x256xf32>

// -----


// 3-D permutation [2, 0, 1].
#t3 = #xegpu.layout<sg_layout = [2, 4, 1], sg_data = [8, 4, 16], order = [2, 1, 0]>
func.func @three_d(%x: vector<16x16x16xf32>) -> vector<16x16x16xf32> {
  %e = math.exp %x : vector<16x16x16xf32>
  %y = vector.transpose %e, [2, 0, 1] : vector<16x16x16xf32> to vector<16x16x16xf32>
  %z = arith.negf %y {layout_result_0 = #t3} : vector<16x16x16xf32>
  return %z : vector<16x16x16xf32>
}
// CHECK-LABEL: func.func @three_d(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [4, 1, 2], sg_data = [4, 16, 8], order = [1, 0, 2]>} : vector<16x16x16xf32>
// CHECK: %y = vector.transpose %e, [2, 0, 1] {layout_result_0 = #xegpu.layout<sg_layout = [2, 4, 1], sg_data = [8, 4, 16], order = [2, 1, 0]>} : vector<16x16x16xf32> to vector<16x16x16xf32>
// CHECK: %z = arith.negf %y {layout_result_0 = #xegpu.layout<sg_layout = [2, 4, 1], sg_data = [8, 4, 16], order = [2, 1, 0]>} : vector<16x16x16xf32>

// -----

// A transposed load_nd: its descriptor takes the result layout permuted, every field and order
// included (was: the result layout unpermuted, which loads data the subgroup does not own).
#st = #xegpu.layout<sg_layout = [8, 4], sg_data = [8, 8]>
gpu.module @k {
gpu.func @transposed_load(%m: memref<32x64xf32>, %o: memref<64x32xf32>) kernel {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32>
  %v = xegpu.load_nd %t[0, 0] <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<32x64xf32> -> vector<64x32xf32>
  %to = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #st>
  xegpu.store_nd %v, %to[0, 0] <{layout = #st}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #st>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @transposed_load(
// CHECK: %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 8], order = [0, 1]>>
// CHECK: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [8, 8], order = [1, 0]>, transpose = array<i64: 1, 0>}>
// CHECK-NOT: convert_layout

// -----

// The other direction: the descriptor's layout fixes the transposed load's result (its user
// `layout` is the permuted descriptor layout, so it agrees; was: reported as a disagreement).
#s = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 8], order = [1, 0]>
#st = #xegpu.layout<sg_layout = [8, 4], sg_data = [8, 8], order = [0, 1]>
gpu.module @k {
gpu.func @transposed_load_desc(%m: memref<32x64xf32>, %o: memref<64x32xf32>) kernel {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #s>
  %v = xegpu.load_nd %t[0, 0] <{transpose = array<i64: 1, 0>, layout = #st}> : !xegpu.tensor_desc<32x64xf32, #s> -> vector<64x32xf32>
  %e = math.exp %v : vector<64x32xf32>
  %to = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #st>
  xegpu.store_nd %e, %to[0, 0] <{layout = #st}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #st>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @transposed_load_desc(
// CHECK: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [8, 8], order = [0, 1]>, transpose = array<i64: 1, 0>}>
// CHECK: %e = math.exp %v {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [8, 8], order = [0, 1]>}
// CHECK-NOT: convert_layout
