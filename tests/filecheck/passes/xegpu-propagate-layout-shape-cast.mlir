// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// shape_cast (layouts-spec 2.5): closed forms accepted only when every subgroup keeps the same
// elements.
// RFC merge: 256x128 -> 8x32x128 with [8, 1, 4]/[1, 32, 32] -> source [8, 4]/[32, 32].
#o3 = #xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>
func.func @merge(%x: vector<256x128xf32>, %acc: vector<8x128xf32>) -> vector<8x32x128xf32> {
  %e = math.exp %x : vector<256x128xf32>
  %y = vector.shape_cast %e : vector<256x128xf32> to vector<8x32x128xf32>
  %z = arith.negf %y {layout_result_0 = #o3} : vector<8x32x128xf32>
  return %z : vector<8x32x128xf32>
}
// CHECK-LABEL: func.func @merge(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} : vector<256x128xf32>
// CHECK: %y = vector.shape_cast %e {layout_result_0 = #xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>} : vector<256x128xf32> to vector<8x32x128xf32>

// -----


// RFC unit dim: 256x1x128 -> 256x128 with [8, 4]/[32, 32] -> [8, 1, 4]/[32, 1, 32], order [2, 1, 0].
#o2 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>
func.func @unit_dim(%x: vector<256x1x128xf32>) -> vector<256x128xf32> {
  %e = math.exp %x : vector<256x1x128xf32>
  %y = vector.shape_cast %e : vector<256x1x128xf32> to vector<256x128xf32>
  %z = arith.negf %y {layout_result_0 = #o2} : vector<256x128xf32>
  return %z : vector<256x128xf32>
}
// CHECK-LABEL: func.func @unit_dim(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 1, 4], sg_data = [32, 1, 32], order = [2, 1, 0]>} : vector<256x1x128xf32>
// CHECK: %y = vector.shape_cast %e {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} : vector<256x1x128xf32> to vector<256x128xf32>

// -----


// Split: 8x32x128 -> 256x128 with [8, 4]/[32, 32] -> [8, 1, 4]/[1, 32, 32].
#o4 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
func.func @split(%x: vector<8x32x128xf32>) -> vector<256x128xf32> {
  %e = math.exp %x : vector<8x32x128xf32>
  %y = vector.shape_cast %e : vector<8x32x128xf32> to vector<256x128xf32>
  %z = arith.negf %y {layout_result_0 = #o4} : vector<256x128xf32>
  return %z : vector<256x128xf32>
}
// CHECK-LABEL: func.func @split(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>} : vector<8x32x128xf32>
// CHECK: %y = vector.shape_cast %e {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} : vector<8x32x128xf32> to vector<256x128xf32>

// -----


// A4: 128 -> 4x32 with [1, 2]/[4, 16]: the closed form gives [2]/[16] (the RFC's product rule
// would give the wrong [2]/[64]).
#o5 = #xegpu.layout<sg_layout = [1, 2], sg_data = [4, 16]>
func.func @outer_owned(%x: vector<128xf32>) -> vector<4x32xf32> {
  %e = math.exp %x : vector<128xf32>
  %y = vector.shape_cast %e : vector<128xf32> to vector<4x32xf32>
  %z = arith.negf %y {layout_result_0 = #o5} : vector<4x32xf32>
  return %z : vector<4x32xf32>
}
// CHECK-LABEL: func.func @outer_owned(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [2], sg_data = [16], order = [0]>} : vector<128xf32>
// CHECK: %y = vector.shape_cast %e {layout_result_0 = #xegpu.layout<sg_layout = [1, 2], sg_data = [4, 16], order = [1, 0]>} : vector<128xf32> to vector<4x32xf32>
