// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func convert_inst | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func convert_same_split | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func convert_order_spelling | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func convert_3d_lanes | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func convert_1d_drop_lanes | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// xegpu.convert_layout between layouts that give every subgroup the same tiles (the same sg
// fields, or two spellings of one split): no data moves between subgroups (no shared local
// memory, no barrier); per tile, a subgroup convert_layout of the remaining inst/lane fields, or
// nothing when they do not differ. (Aliases are unique over the whole file: wgdist-check reads it
// as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized, no sg_layout/sg_data and no exchange through SLM anywhere:
// NOWG-NOT: {{(vector|tensor_desc)<(64x64|64x128|16x128|4x8x32|32x32|128)x}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data
// NOWG-NOT: gpu.barrier
// NOWG-NOT: memref.alloca
// NOWG-NOT: xegpu.store_matrix

// Same sg fields, order = [0, 1], inst_data [8, 16] -> [16, 16]: one subgroup convert_layout per
// round-robin tile (2 x 2), inst_data only (order needs sg_layout or lane_layout, so it goes with
// sg_layout); tile k is stored where tile k was loaded.
#ca = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16], order = [0, 1]>
#cb = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [16, 16], order = [0, 1]>
func.func @convert_inst(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #ca>
  %v = xegpu.load_nd %t[0, 0] <{layout = #ca}> : !xegpu.tensor_desc<64x64xf32, #ca> -> vector<64x64xf32>
  %c = xegpu.convert_layout %v <{input_layout = #ca, target_layout = #cb}> : vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #cb>
  xegpu.store_nd %c, %u[0, 0] <{layout = #cb}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #cb>
  func.return
}
// CHECK-LABEL: func.func @convert_inst
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[R0:[0-9a-z_]+]], %[[C0:[0-9a-z_]+]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<16x16xf32, #xegpu.layout<inst_data = [8, 16]>> -> vector<16x16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R0]], %[[C1:[0-9a-z_]+]]] {{.*}} -> vector<16x16xf32>
// CHECK:       %[[V2:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1:[0-9a-z_]+]], %[[C0]]] {{.*}} -> vector<16x16xf32>
// CHECK:       %[[V3:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1]], %[[C1]]] {{.*}} -> vector<16x16xf32>
// CHECK-NEXT:  %[[X0:[0-9a-z_]+]] = xegpu.convert_layout %[[V0]] <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>
// CHECK-NEXT:  %[[X1:[0-9a-z_]+]] = xegpu.convert_layout %[[V1]] <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>
// CHECK-NEXT:  %[[X2:[0-9a-z_]+]] = xegpu.convert_layout %[[V2]] <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>
// CHECK-NEXT:  %[[X3:[0-9a-z_]+]] = xegpu.convert_layout %[[V3]] <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<16x16xf32, #xegpu.layout<inst_data = [16, 16]>>
// CHECK:       xegpu.store_nd %[[X0]], %[[U]][%[[R0]], %[[C0]]] <{layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #xegpu.layout<inst_data = [16, 16]>>
// CHECK:       xegpu.store_nd %[[X1]], %[[U]][%[[R0]], %[[C1]]] {{.*}} : vector<16x16xf32>
// CHECK:       xegpu.store_nd %[[X2]], %[[U]][%[[R1]], %[[C0]]] {{.*}} : vector<16x16xf32>
// CHECK:       xegpu.store_nd %[[X3]], %[[U]][%[[R1]], %[[C1]]] {{.*}} : vector<16x16xf32>
// CHECK-NEXT:  func.return

// -----

// Two spellings of one split (sg_data left out = shape / sg_layout = [32, 64]) and nothing else:
// the convert disappears, the exp takes the loaded tile.
#cs1 = #xegpu.layout<sg_layout = [2, 2]>
#cs2 = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 64]>
func.func @convert_same_split(%m: memref<64x128xf32>, %o: memref<64x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #cs1>
  %v = xegpu.load_nd %t[0, 0] <{layout = #cs1}> : !xegpu.tensor_desc<64x128xf32, #cs1> -> vector<64x128xf32>
  %c = xegpu.convert_layout %v <{input_layout = #cs1, target_layout = #cs2}> : vector<64x128xf32>
  %e = math.exp %c {layout_result_0 = #cs2} : vector<64x128xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #cs2>
  xegpu.store_nd %e, %u[0, 0] <{layout = #cs2}> : vector<64x128xf32>, !xegpu.tensor_desc<64x128xf32, #cs2>
  func.return
}
// CHECK-LABEL: func.func @convert_same_split
// CHECK:       %[[V:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R:[0-9a-z_]+]], %[[C:[0-9a-z_]+]]] : !xegpu.tensor_desc<32x64xf32> -> vector<32x64xf32>
// CHECK-NEXT:  %[[E:[0-9a-z_]+]] = math.exp %[[V]] : vector<32x64xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<64x128xf32> -> !xegpu.tensor_desc<32x64xf32>
// CHECK:       xegpu.store_nd %[[E]], %[[U]][%[[R]], %[[C]]] : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32>
// CHECK-NEXT:  func.return

// -----

// Orders that differ only where sg_layout is 1 ([1, 4] with order [0, 1] and the default [1, 0])
// are one split: a local convert of inst_data per tile (columns wrap: 2 tiles).
#coa = #xegpu.layout<sg_layout = [1, 4], sg_data = [16, 16], inst_data = [8, 16], order = [0, 1]>
#cob = #xegpu.layout<sg_layout = [1, 4], sg_data = [16, 16], inst_data = [16, 16]>
func.func @convert_order_spelling(%m: memref<16x128xf32>, %o: memref<16x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<16x128xf32> -> !xegpu.tensor_desc<16x128xf32, #coa>
  %v = xegpu.load_nd %t[0, 0] <{layout = #coa}> : !xegpu.tensor_desc<16x128xf32, #coa> -> vector<16x128xf32>
  %c = xegpu.convert_layout %v <{input_layout = #coa, target_layout = #cob}> : vector<16x128xf32>
  %u = xegpu.create_nd_tdesc %o : memref<16x128xf32> -> !xegpu.tensor_desc<16x128xf32, #cob>
  xegpu.store_nd %c, %u[0, 0] <{layout = #cob}> : vector<16x128xf32>, !xegpu.tensor_desc<16x128xf32, #cob>
  func.return
}
// CHECK-LABEL: func.func @convert_order_spelling
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %[[C0:[0-9a-z_]+]]] {{.*}} -> vector<16x16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %[[C1:[0-9a-z_]+]]] {{.*}} -> vector<16x16xf32>
// CHECK-NEXT:  %[[X0:[0-9a-z_]+]] = xegpu.convert_layout %[[V0]] <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>
// CHECK-NEXT:  %[[X1:[0-9a-z_]+]] = xegpu.convert_layout %[[V1]] <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<16x128xf32> -> !xegpu.tensor_desc<16x16xf32, #xegpu.layout<inst_data = [16, 16]>>
// CHECK:       xegpu.store_nd %[[X0]], %[[U]][0, %[[C0]]] {{.*}} : vector<16x16xf32>
// CHECK:       xegpu.store_nd %[[X1]], %[[U]][0, %[[C1]]] {{.*}} : vector<16x16xf32>
// CHECK-NEXT:  func.return

// -----

// 3-D, same sg fields ([2, 1, 2] x [1, 8, 16], dim 0 wraps: 2 tiles), lane fields changed: a
// 3-D subgroup convert_layout of the lane fields per tile; the shape_cast keeps its lane layout.
#c3a = #xegpu.layout<sg_layout = [2, 1, 2], sg_data = [1, 8, 16], lane_layout = [1, 1, 16], lane_data = [1, 1, 1]>
#c3b = #xegpu.layout<sg_layout = [2, 1, 2], sg_data = [1, 8, 16], lane_layout = [1, 2, 8], lane_data = [1, 1, 2]>
#c2 = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>
func.func @convert_3d_lanes(%m: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #c2>
  %v = xegpu.load_nd %t[0, 0] <{layout = #c2}> : !xegpu.tensor_desc<32x32xf32, #c2> -> vector<32x32xf32>
  %v3 = vector.shape_cast %v {layout_result_0 = #c3a} : vector<32x32xf32> to vector<4x8x32xf32>
  %c = xegpu.convert_layout %v3 <{input_layout = #c3a, target_layout = #c3b}> : vector<4x8x32xf32>
  %w = vector.shape_cast %c {layout_result_0 = #c2} : vector<4x8x32xf32> to vector<32x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #c2>
  xegpu.store_nd %w, %u[0, 0] <{layout = #c2}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #c2>
  func.return
}
// CHECK-LABEL: func.func @convert_3d_lanes
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[R0:[0-9a-z_]+]], %[[C:[0-9a-z_]+]]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1:[0-9a-z_]+]], %[[C]]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// CHECK-NEXT:  %[[S0:[0-9a-z_]+]] = vector.shape_cast %[[V0]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 1, 16], lane_data = [1, 1, 1]>} : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[S1:[0-9a-z_]+]] = vector.shape_cast %[[V1]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 1, 16], lane_data = [1, 1, 1]>} : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[X0:[0-9a-z_]+]] = xegpu.convert_layout %[[S0]] <{input_layout = #xegpu.layout<lane_layout = [1, 1, 16], lane_data = [1, 1, 1]>, target_layout = #xegpu.layout<lane_layout = [1, 2, 8], lane_data = [1, 1, 2]>}> : vector<1x8x16xf32>
// CHECK-NEXT:  %[[X1:[0-9a-z_]+]] = xegpu.convert_layout %[[S1]] <{input_layout = #xegpu.layout<lane_layout = [1, 1, 16], lane_data = [1, 1, 1]>, target_layout = #xegpu.layout<lane_layout = [1, 2, 8], lane_data = [1, 1, 2]>}> : vector<1x8x16xf32>
// CHECK-NEXT:  %[[B0:[0-9a-z_]+]] = vector.shape_cast %[[X0]] : vector<1x8x16xf32> to vector<8x16xf32>
// CHECK-NEXT:  %[[B1:[0-9a-z_]+]] = vector.shape_cast %[[X1]] : vector<1x8x16xf32> to vector<8x16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK:       xegpu.store_nd %[[B0]], %[[U]][%[[R0]], %[[C]]] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// CHECK:       xegpu.store_nd %[[B1]], %[[U]][%[[R1]], %[[C]]] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT:  func.return

// -----

// 1-D, the target drops the lane fields: nothing is left to convert, the loaded tiles are stored.
#c1a = #xegpu.layout<sg_layout = [4], sg_data = [16], lane_layout = [16], lane_data = [1]>
#c1b = #xegpu.layout<sg_layout = [4], sg_data = [16]>
func.func @convert_1d_drop_lanes(%m: memref<128xf32>, %o: memref<128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128xf32> -> !xegpu.tensor_desc<128xf32, #c1a>
  %v = xegpu.load_nd %t[0] <{layout = #c1a}> : !xegpu.tensor_desc<128xf32, #c1a> -> vector<128xf32>
  %c = xegpu.convert_layout %v <{input_layout = #c1a, target_layout = #c1b}> : vector<128xf32>
  %u = xegpu.create_nd_tdesc %o : memref<128xf32> -> !xegpu.tensor_desc<128xf32, #c1b>
  xegpu.store_nd %c, %u[0] <{layout = #c1b}> : vector<128xf32>, !xegpu.tensor_desc<128xf32, #c1b>
  func.return
}
// CHECK-LABEL: func.func @convert_1d_drop_lanes
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[X0:[0-9a-z_]+]]] <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : !xegpu.tensor_desc<16xf32, #xegpu.layout<lane_layout = [16], lane_data = [1]>> -> vector<16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[X1:[0-9a-z_]+]]] {{.*}} -> vector<16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<128xf32> -> !xegpu.tensor_desc<16xf32>
// CHECK:       xegpu.store_nd %[[V0]], %[[U]][%[[X0]]] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
// CHECK:       xegpu.store_nd %[[V1]], %[[U]][%[[X1]]] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
// CHECK-NEXT:  func.return
