// RUN: wgdist-opt %s --split-input-file -p xegpu-wg-to-sg-distribute | filecheck %s

// The RFC's table: 128x128, sg_layout [2, 2], sg_data [32, 128]: dim 0 wraps (two rounds,
// the second at +64 without a modulo), dim 1 is shared (column offset constant 0).
#rfc = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>
func.func @rfc_table(%m: memref<128x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #rfc>
  %v = xegpu.load_nd %t[0, 0] <{layout = #rfc}> : !xegpu.tensor_desc<128x128xf32, #rfc> -> vector<128x128xf32>
  xegpu.prefetch_nd %t[0, 0] : !xegpu.tensor_desc<128x128xf32, #rfc>
  func.return
}
// CHECK-LABEL: func.func @rfc_table
// CHECK-NEXT:    %sg_id = gpu.subgroup_id : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %[[D:.*]] = arith.divui %sg_id, %c2 : index
// CHECK-NEXT:    %[[ROW:.*]] = arith.remui %[[D]], %c2 : index
// CHECK-NEXT:    %c32 = arith.constant 32 : index
// CHECK-NEXT:    %[[O0:.*]] = arith.muli %[[ROW]], %c32 : index
// CHECK-NEXT:    %c64 = arith.constant 64 : index
// CHECK-NEXT:    %[[O1:.*]] = arith.addi %[[O0]], %c64 : index
// CHECK-NEXT:    %[[T:.*]] = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<32x128xf32>
// CHECK-NEXT:    xegpu.load_nd %[[T]][%[[O0]], 0] : !xegpu.tensor_desc<32x128xf32> -> vector<32x128xf32>
// CHECK-NEXT:    xegpu.load_nd %[[T]][%[[O1]], 0] : !xegpu.tensor_desc<32x128xf32> -> vector<32x128xf32>
// CHECK-NEXT:    xegpu.prefetch_nd %[[T]][%[[O0]], 0]
// CHECK-NEXT:    xegpu.prefetch_nd %[[T]][%[[O1]], 0]
// CHECK-NEXT:    func.return

// -----

// The same map with order [0, 1]: the row coordinate is the fastest-varying one.
#rfc_cm = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128], order = [0, 1]>
func.func @rfc_table_column_major(%m: memref<128x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #rfc_cm>
  xegpu.prefetch_nd %t[0, 0] : !xegpu.tensor_desc<128x128xf32, #rfc_cm>
  func.return
}
// CHECK-LABEL: func.func @rfc_table_column_major
// CHECK-NEXT:    %sg_id = gpu.subgroup_id : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %[[ROW:.*]] = arith.remui %sg_id, %c2 : index
// CHECK-NOT:     arith.divui

// -----

// Sharing needs the modulo (64x64 with [8, 4] x [32, 32]); inst_data stays on the type.
#sh = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>
func.func @sharing(%m: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #sh>
  xegpu.prefetch_nd %t[0, 0] : !xegpu.tensor_desc<64x64xf32, #sh>
  func.return
}
// CHECK-LABEL: func.func @sharing
// CHECK:         %[[R:.*]] = arith.muli %{{.*}}, %c32 : index
// CHECK:         %c64 = arith.constant 64 : index
// CHECK-NEXT:    %[[M:.*]] = arith.remui %[[R]], %c64 : index
// CHECK:         !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// CHECK-NOT:     sg_layout

// -----

// A splat constant under round-robin: one subgroup constant feeds every tile.
#rr = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>
func.func @splat_round_robin(%m: memref<256x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #rr>
  %c = arith.constant {layout_result_0 = #rr} dense<1.0> : vector<256x128xf32>
  xegpu.store_nd %c, %t[0, 0] <{layout = #rr}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #rr>
  func.return
}
// CHECK-LABEL: func.func @splat_round_robin
// CHECK:         %[[C:.*]] = arith.constant dense<1.000000e+00> : vector<16x16xf32>
// CHECK-COUNT-8: xegpu.store_nd %[[C]], %{{.*}}[%{{.*}}, %{{.*}}] : vector<16x16xf32>
// CHECK-NOT:     xegpu.store_nd

// -----

// load_nd with offsets keeps transpose (LLVM 22 drops it).
#s = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 8], order = [1, 0]>
func.func @transpose_kept(%m: memref<32x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #s>
  %v = xegpu.load_nd %t[0, 0] <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<32x64xf32, #s> -> vector<64x32xf32>
  func.return
}
// CHECK-LABEL: func.func @transpose_kept
// CHECK:         xegpu.load_nd %{{.*}}[%{{.*}}, %{{.*}}] <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>

// -----

// step, create_mask, constant_mask and an affine non-splat constant, two rounds each.
#l = #xegpu.layout<sg_layout = [4], sg_data = [16]>
func.func @step_masks(%n: index) {
  %s = vector.step {layout_result_0 = #l} : vector<128xindex>
  %m = vector.create_mask %n {layout_result_0 = #l} : vector<128xi1>
  %c = vector.constant_mask [40] {layout_result_0 = #l} : vector<128xi1>
  %k = arith.constant {layout_result_0 = #l} dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]> : vector<128xindex>
  %a = arith.addi %s, %k {layout_result_0 = #l} : vector<128xindex>
  func.return
}
// CHECK-LABEL: func.func @step_masks
// CHECK:         %[[O0:.*]] = arith.muli %{{.*}}, %c16 : index
// CHECK:         %[[O1:.*]] = arith.addi %[[O0]], %c64 : index
// CHECK:         %[[S:.*]] = vector.step : vector<16xindex>
// CHECK-NEXT:    %[[B0:.*]] = vector.broadcast %[[O0]] : index to vector<16xindex>
// CHECK-NEXT:    arith.addi %[[S]], %[[B0]] : vector<16xindex>
// CHECK:         %[[D:.*]] = arith.subi %n, %[[O0]] : index
// CHECK-NEXT:    %[[LO:.*]] = arith.maxsi %[[D]], %c0 : index
// CHECK-NEXT:    %[[HI:.*]] = arith.minsi %[[LO]], %c16 : index
// CHECK-NEXT:    vector.create_mask %[[HI]] : vector<16xi1>
// CHECK-COUNT-3: vector.create_mask
// CHECK:         arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xindex>
// CHECK-COUNT-4: arith.addi %{{.*}}, %{{.*}} : vector<16xindex>
// CHECK-NOT:     vector<128x
