// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func broadcasts --scalar s=1.5 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func shape_cast_3d | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func shape_cast_regather | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func transpose_wrap | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func extract_insert | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func extract_3d | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// Vector ops: broadcast (scalar, unit dim, new leading dim), shape_cast (2-D <-> 3-D, tile by
// tile and assembled from runs), transpose, extract_strided_slice / insert_strided_slice (2-D and
// 3-D). (Aliases are unique over the whole file: wgdist-check reads it as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{(vector|tensor_desc)<(64x128|1x128|128|32x64|1x32x64|128x64|128x32|4x32x32|4x16x32|64x32)xf32}}
// NOWG-NOT: {{(vector|tensor_desc)<(32x16|4x8x16)xf16}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data

// Broadcasts under round robin (2 x 2 tiles of 16x32 per subgroup): a scalar is broadcast once
// and that value serves all 4 tiles; a 1x128 row (sharing its single row) and a 1-D vector
// (slice of the result layout) have 2 column tiles, and result tile (i, j) takes column tile j.
#vb = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
#vr = #xegpu.layout<sg_layout = [2, 2], sg_data = [1, 32]>
#vs = #xegpu.slice<#xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>, dims = [0]>
func.func @broadcasts(%m: memref<64x128xf32>, %row: memref<1x128xf32>, %col: memref<1x128xf32>, %o: memref<64x128xf32>, %s: f32) {
  %t = xegpu.create_nd_tdesc %m : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #vb>
  %v = xegpu.load_nd %t[0, 0] <{layout = #vb}> : !xegpu.tensor_desc<64x128xf32, #vb> -> vector<64x128xf32>
  %bs = vector.broadcast %s {layout_result_0 = #vb} : f32 to vector<64x128xf32>
  %rt = xegpu.create_nd_tdesc %row : memref<1x128xf32> -> !xegpu.tensor_desc<1x128xf32, #vr>
  %r = xegpu.load_nd %rt[0, 0] <{layout = #vr}> : !xegpu.tensor_desc<1x128xf32, #vr> -> vector<1x128xf32>
  %br = vector.broadcast %r {layout_result_0 = #vb} : vector<1x128xf32> to vector<64x128xf32>
  %ct = xegpu.create_nd_tdesc %col : memref<1x128xf32> -> !xegpu.tensor_desc<1x128xf32, #vr>
  %c = xegpu.load_nd %ct[0, 0] <{layout = #vr}> : !xegpu.tensor_desc<1x128xf32, #vr> -> vector<1x128xf32>
  %c1 = vector.shape_cast %c {layout_result_0 = #vs} : vector<1x128xf32> to vector<128xf32>
  %bc = vector.broadcast %c1 {layout_result_0 = #vb} : vector<128xf32> to vector<64x128xf32>
  %a = arith.mulf %v, %bs {layout_result_0 = #vb} : vector<64x128xf32>
  %b = arith.addf %a, %br {layout_result_0 = #vb} : vector<64x128xf32>
  %d = arith.subf %b, %bc {layout_result_0 = #vb} : vector<64x128xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #vb>
  xegpu.store_nd %d, %u[0, 0] <{layout = #vb}> : vector<64x128xf32>, !xegpu.tensor_desc<64x128xf32, #vb>
  func.return
}
// CHECK-LABEL: func.func @broadcasts
// CHECK:       %[[V00:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[R0:[0-9a-z_]+]], %[[C0:[0-9a-z_]+]]] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V01:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R0]], %[[C1:[0-9a-z_]+]]] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V10:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1:[0-9a-z_]+]], %[[C0]]] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V11:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1]], %[[C1]]] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK-NEXT:  %[[BS:[0-9a-z_]+]] = vector.broadcast %s : f32 to vector<16x32xf32>
// CHECK-NOT:   vector.broadcast %s
// CHECK:       %[[ROW0:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<1x32xf32> -> vector<1x32xf32>
// CHECK:       %[[ROW1:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<1x32xf32> -> vector<1x32xf32>
// CHECK-NEXT:  %[[BR0:[0-9a-z_]+]] = vector.broadcast %[[ROW0]] : vector<1x32xf32> to vector<16x32xf32>
// CHECK-NEXT:  %[[BR1:[0-9a-z_]+]] = vector.broadcast %[[ROW1]] : vector<1x32xf32> to vector<16x32xf32>
// CHECK-NOT:   vector.broadcast %[[ROW0]]
// CHECK:       %[[COL0:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<1x32xf32> -> vector<1x32xf32>
// CHECK:       %[[COL1:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<1x32xf32> -> vector<1x32xf32>
// CHECK-NEXT:  %[[F0:[0-9a-z_]+]] = vector.shape_cast %[[COL0]] : vector<1x32xf32> to vector<32xf32>
// CHECK-NEXT:  %[[F1:[0-9a-z_]+]] = vector.shape_cast %[[COL1]] : vector<1x32xf32> to vector<32xf32>
// CHECK-NEXT:  %[[BC0:[0-9a-z_]+]] = vector.broadcast %[[F0]] : vector<32xf32> to vector<16x32xf32>
// CHECK-NEXT:  %[[BC1:[0-9a-z_]+]] = vector.broadcast %[[F1]] : vector<32xf32> to vector<16x32xf32>
// CHECK-NEXT:  %[[M00:[0-9a-z_]+]] = arith.mulf %[[V00]], %[[BS]] : vector<16x32xf32>
// CHECK-NEXT:  %[[M01:[0-9a-z_]+]] = arith.mulf %[[V01]], %[[BS]] : vector<16x32xf32>
// CHECK-NEXT:  %[[M10:[0-9a-z_]+]] = arith.mulf %[[V10]], %[[BS]] : vector<16x32xf32>
// CHECK-NEXT:  %[[M11:[0-9a-z_]+]] = arith.mulf %[[V11]], %[[BS]] : vector<16x32xf32>
// CHECK-NEXT:  %[[A00:[0-9a-z_]+]] = arith.addf %[[M00]], %[[BR0]] : vector<16x32xf32>
// CHECK-NEXT:  %[[A01:[0-9a-z_]+]] = arith.addf %[[M01]], %[[BR1]] : vector<16x32xf32>
// CHECK-NEXT:  %[[A10:[0-9a-z_]+]] = arith.addf %[[M10]], %[[BR0]] : vector<16x32xf32>
// CHECK-NEXT:  %[[A11:[0-9a-z_]+]] = arith.addf %[[M11]], %[[BR1]] : vector<16x32xf32>
// CHECK-NEXT:  %[[D00:[0-9a-z_]+]] = arith.subf %[[A00]], %[[BC0]] : vector<16x32xf32>
// CHECK-NEXT:  %[[D01:[0-9a-z_]+]] = arith.subf %[[A01]], %[[BC1]] : vector<16x32xf32>
// CHECK-NEXT:  %[[D10:[0-9a-z_]+]] = arith.subf %[[A10]], %[[BC0]] : vector<16x32xf32>
// CHECK-NEXT:  %[[D11:[0-9a-z_]+]] = arith.subf %[[A11]], %[[BC1]] : vector<16x32xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<64x128xf32> -> !xegpu.tensor_desc<16x32xf32>
// CHECK:       xegpu.store_nd %[[D00]], %[[U]][%[[R0]], %[[C0]]] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32>
// CHECK:       xegpu.store_nd %[[D01]], %[[U]][%[[R0]], %[[C1]]] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32>
// CHECK:       xegpu.store_nd %[[D10]], %[[U]][%[[R1]], %[[C0]]] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32>
// CHECK:       xegpu.store_nd %[[D11]], %[[U]][%[[R1]], %[[C1]]] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32>
// CHECK-NEXT:  func.return

// -----

// shape_cast 2-D -> 3-D -> 2-D with a leading unit dim, order = [0, 1] on the 2-D layout and the
// matching [1, 2, 0] on the 3-D one: tile by tile (2 x 2 wrapped tiles), no data moves.
#vc2 = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16], order = [0, 1]>
#vc3 = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [1, 8, 16], order = [1, 2, 0]>
func.func @shape_cast_3d(%m: memref<32x64xf32>, %o: memref<32x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #vc2>
  %v = xegpu.load_nd %t[0, 0] <{layout = #vc2}> : !xegpu.tensor_desc<32x64xf32, #vc2> -> vector<32x64xf32>
  %v3 = vector.shape_cast %v {layout_result_0 = #vc3} : vector<32x64xf32> to vector<1x32x64xf32>
  %e3 = math.exp %v3 {layout_result_0 = #vc3} : vector<1x32x64xf32>
  %e = vector.shape_cast %e3 {layout_result_0 = #vc2} : vector<1x32x64xf32> to vector<32x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #vc2>
  xegpu.store_nd %e, %u[0, 0] <{layout = #vc2}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #vc2>
  func.return
}
// CHECK-LABEL: func.func @shape_cast_3d
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[R0:[0-9a-z_]+]], %[[C0:[0-9a-z_]+]]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R0]], %[[C1:[0-9a-z_]+]]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// CHECK:       %[[V2:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1:[0-9a-z_]+]], %[[C0]]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// CHECK:       %[[V3:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1]], %[[C1]]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// CHECK-NEXT:  %[[S0:[0-9a-z_]+]] = vector.shape_cast %[[V0]] : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[S1:[0-9a-z_]+]] = vector.shape_cast %[[V1]] : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[S2:[0-9a-z_]+]] = vector.shape_cast %[[V2]] : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[S3:[0-9a-z_]+]] = vector.shape_cast %[[V3]] : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[E0:[0-9a-z_]+]] = math.exp %[[S0]] : vector<1x8x16xf32>
// CHECK-NEXT:  %[[E1:[0-9a-z_]+]] = math.exp %[[S1]] : vector<1x8x16xf32>
// CHECK-NEXT:  %[[E2:[0-9a-z_]+]] = math.exp %[[S2]] : vector<1x8x16xf32>
// CHECK-NEXT:  %[[E3:[0-9a-z_]+]] = math.exp %[[S3]] : vector<1x8x16xf32>
// CHECK-NEXT:  %[[B0:[0-9a-z_]+]] = vector.shape_cast %[[E0]] : vector<1x8x16xf32> to vector<8x16xf32>
// CHECK-NEXT:  %[[B1:[0-9a-z_]+]] = vector.shape_cast %[[E1]] : vector<1x8x16xf32> to vector<8x16xf32>
// CHECK-NEXT:  %[[B2:[0-9a-z_]+]] = vector.shape_cast %[[E2]] : vector<1x8x16xf32> to vector<8x16xf32>
// CHECK-NEXT:  %[[B3:[0-9a-z_]+]] = vector.shape_cast %[[E3]] : vector<1x8x16xf32> to vector<8x16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<32x64xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK:       xegpu.store_nd %[[B0]], %[[U]][%[[R0]], %[[C0]]] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// CHECK:       xegpu.store_nd %[[B1]], %[[U]][%[[R0]], %[[C1]]] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// CHECK:       xegpu.store_nd %[[B2]], %[[U]][%[[R1]], %[[C0]]] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// CHECK:       xegpu.store_nd %[[B3]], %[[U]][%[[R1]], %[[C1]]] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT:  func.return

// -----

// A shape_cast whose tiles do not line up: each subgroup's 8x16 tile is its two [1, 4, 16] tiles
// of the 4x8x16 view (dim 1 wraps), so the 3-D tiles are cut from the flattened 2-D tile and the
// 2-D tile is assembled again from both (f16, to keep the WG shapes apart from the SG ones).
#vg2 = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 16]>
#vg3 = #xegpu.layout<sg_layout = [4, 1, 1], sg_data = [1, 4, 16]>
func.func @shape_cast_regather(%m: memref<32x16xf16>, %o: memref<32x16xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<32x16xf16> -> !xegpu.tensor_desc<32x16xf16, #vg2>
  %v = xegpu.load_nd %t[0, 0] <{layout = #vg2}> : !xegpu.tensor_desc<32x16xf16, #vg2> -> vector<32x16xf16>
  %v3 = vector.shape_cast %v {layout_result_0 = #vg3} : vector<32x16xf16> to vector<4x8x16xf16>
  %e3 = math.exp %v3 {layout_result_0 = #vg3} : vector<4x8x16xf16>
  %e = vector.shape_cast %e3 {layout_result_0 = #vg2} : vector<4x8x16xf16> to vector<32x16xf16>
  %u = xegpu.create_nd_tdesc %o : memref<32x16xf16> -> !xegpu.tensor_desc<32x16xf16, #vg2>
  xegpu.store_nd %e, %u[0, 0] <{layout = #vg2}> : vector<32x16xf16>, !xegpu.tensor_desc<32x16xf16, #vg2>
  func.return
}
// CHECK-LABEL: func.func @shape_cast_regather
// CHECK:       %[[V:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
// CHECK-NOT:   xegpu.load_nd
// CHECK:       %[[P0:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<64xf16> to vector<1x4x16xf16>
// CHECK:       %[[P1:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<64xf16> to vector<1x4x16xf16>
// CHECK-NEXT:  %[[E0:[0-9a-z_]+]] = math.exp %[[P0]] : vector<1x4x16xf16>
// CHECK-NEXT:  %[[E1:[0-9a-z_]+]] = math.exp %[[P1]] : vector<1x4x16xf16>
// CHECK-NOT:   math.exp
// CHECK:       vector.shape_cast %[[E0]] : vector<1x4x16xf16> to vector<64xf16>
// CHECK:       vector.shape_cast %[[E1]] : vector<1x4x16xf16> to vector<64xf16>
// CHECK:       %[[B:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<128xf16> to vector<8x16xf16>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<32x16xf16> -> !xegpu.tensor_desc<8x16xf16>
// CHECK:       xegpu.store_nd %[[B]], %[[U]][%[[R]], 0] : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>
// CHECK-NEXT:  func.return

// -----

// vector.transpose 64x128 ([4, 8] x [8, 8], order [1, 0]) -> 128x64 ([8, 4] x [8, 8], order [0, 1]):
// 2 x 2 wrapped tiles; result tile (i, j) is the transpose of source tile (j, i), so the result
// tiles in round order are transposes of source tiles 0, 2, 1, 3.
#vts = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 8], order = [1, 0]>
#vtd = #xegpu.layout<sg_layout = [8, 4], sg_data = [8, 8], order = [0, 1]>
func.func @transpose_wrap(%m: memref<64x128xf32>, %o: memref<128x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #vts>
  %v = xegpu.load_nd %t[0, 0] <{layout = #vts}> : !xegpu.tensor_desc<64x128xf32, #vts> -> vector<64x128xf32>
  %r = vector.transpose %v, [1, 0] {layout_result_0 = #vtd} : vector<64x128xf32> to vector<128x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<128x64xf32> -> !xegpu.tensor_desc<128x64xf32, #vtd>
  xegpu.store_nd %r, %u[0, 0] <{layout = #vtd}> : vector<128x64xf32>, !xegpu.tensor_desc<128x64xf32, #vtd>
  func.return
}
// CHECK-LABEL: func.func @transpose_wrap
// CHECK:       %[[V00:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[R0:[0-9a-z_]+]], %[[C0:[0-9a-z_]+]]] : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>
// CHECK:       %[[V01:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R0]], %[[C1:[0-9a-z_]+]]] : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>
// CHECK:       %[[V10:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1:[0-9a-z_]+]], %[[C0]]] : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>
// CHECK:       %[[V11:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1]], %[[C1]]] : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>
// CHECK-DAG:   %[[X00:[0-9a-z_]+]] = vector.transpose %[[V00]], [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// CHECK-DAG:   %[[X01:[0-9a-z_]+]] = vector.transpose %[[V10]], [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// CHECK-DAG:   %[[X10:[0-9a-z_]+]] = vector.transpose %[[V01]], [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// CHECK-DAG:   %[[X11:[0-9a-z_]+]] = vector.transpose %[[V11]], [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// CHECK-NOT:   vector.transpose
// CHECK:       %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<128x64xf32> -> !xegpu.tensor_desc<8x8xf32>
// CHECK:       xegpu.store_nd %[[X00]], %[[U]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<8x8xf32>, !xegpu.tensor_desc<8x8xf32>
// CHECK:       xegpu.store_nd %[[X01]], %[[U]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<8x8xf32>, !xegpu.tensor_desc<8x8xf32>
// CHECK:       xegpu.store_nd %[[X10]], %[[U]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<8x8xf32>, !xegpu.tensor_desc<8x8xf32>
// CHECK:       xegpu.store_nd %[[X11]], %[[U]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<8x8xf32>, !xegpu.tensor_desc<8x8xf32>
// CHECK-NEXT:  func.return

// -----

// extract_strided_slice and insert_strided_slice inside each subgroup's own tiles (the column dim
// is not split: [4, 1]; rows wrap, 2 tiles): every tile is sliced at the same local offsets.
#vxs = #xegpu.layout<sg_layout = [4, 1], sg_data = [16, 64]>
#vxr = #xegpu.layout<sg_layout = [4, 1], sg_data = [16, 32]>
func.func @extract_insert(%m: memref<128x64xf32>, %o: memref<128x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x64xf32> -> !xegpu.tensor_desc<128x64xf32, #vxs>
  %v = xegpu.load_nd %t[0, 0] <{layout = #vxs}> : !xegpu.tensor_desc<128x64xf32, #vxs> -> vector<128x64xf32>
  %x = vector.extract_strided_slice %v {layout_result_0 = #vxr, offsets = [0, 16], sizes = [128, 32], strides = [1, 1]} : vector<128x64xf32> to vector<128x32xf32>
  %e = math.exp %x {layout_result_0 = #vxr} : vector<128x32xf32>
  %r = vector.insert_strided_slice %e, %v {layout_result_0 = #vxs, offsets = [0, 32], strides = [1, 1]} : vector<128x32xf32> into vector<128x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<128x64xf32> -> !xegpu.tensor_desc<128x64xf32, #vxs>
  xegpu.store_nd %r, %u[0, 0] <{layout = #vxs}> : vector<128x64xf32>, !xegpu.tensor_desc<128x64xf32, #vxs>
  func.return
}
// CHECK-LABEL: func.func @extract_insert
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[R0:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<16x64xf32> -> vector<16x64xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<16x64xf32> -> vector<16x64xf32>
// CHECK-NEXT:  %[[X0:[0-9a-z_]+]] = vector.extract_strided_slice %[[V0]] {offsets = [0, 16], sizes = [16, 32], strides = [1, 1]} : vector<16x64xf32> to vector<16x32xf32>
// CHECK-NEXT:  %[[X1:[0-9a-z_]+]] = vector.extract_strided_slice %[[V1]] {offsets = [0, 16], sizes = [16, 32], strides = [1, 1]} : vector<16x64xf32> to vector<16x32xf32>
// CHECK-NEXT:  %[[E0:[0-9a-z_]+]] = math.exp %[[X0]] : vector<16x32xf32>
// CHECK-NEXT:  %[[E1:[0-9a-z_]+]] = math.exp %[[X1]] : vector<16x32xf32>
// CHECK-NEXT:  %[[I0:[0-9a-z_]+]] = vector.insert_strided_slice %[[E0]], %[[V0]] {offsets = [0, 32], strides = [1, 1]} : vector<16x32xf32> into vector<16x64xf32>
// CHECK-NEXT:  %[[I1:[0-9a-z_]+]] = vector.insert_strided_slice %[[E1]], %[[V1]] {offsets = [0, 32], strides = [1, 1]} : vector<16x32xf32> into vector<16x64xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<128x64xf32> -> !xegpu.tensor_desc<16x64xf32>
// CHECK:       xegpu.store_nd %[[I0]], %[[U]][%[[R0]], 0] : vector<16x64xf32>, !xegpu.tensor_desc<16x64xf32>
// CHECK:       xegpu.store_nd %[[I1]], %[[U]][%[[R1]], 0] : vector<16x64xf32>, !xegpu.tensor_desc<16x64xf32>
// CHECK-NEXT:  func.return

// -----

// 3-D: the 128x32 tile viewed as 4x32x32 ([2, 1, 2] x [1, 32, 16]: dim 0 wraps), sliced on
// dim 1 (offsets [0, 8] sizes [4, 16]); each [1, 32, 16] tile gives its [1, 16, 16] slice at
// local offsets [0, 8, 0].
#vy3 = #xegpu.layout<sg_layout = [2, 1, 2], sg_data = [1, 32, 16]>
#vz3 = #xegpu.layout<sg_layout = [2, 1, 2], sg_data = [1, 16, 16]>
#vy2 = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16]>
func.func @extract_3d(%m: memref<128x32xf32>, %o: memref<64x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x32xf32> -> !xegpu.tensor_desc<128x32xf32, #vy2>
  %v = xegpu.load_nd %t[0, 0] <{layout = #vy2}> : !xegpu.tensor_desc<128x32xf32, #vy2> -> vector<128x32xf32>
  %v3 = vector.shape_cast %v {layout_result_0 = #vy3} : vector<128x32xf32> to vector<4x32x32xf32>
  %x = vector.extract_strided_slice %v3 {layout_result_0 = #vz3, offsets = [0, 8], sizes = [4, 16], strides = [1, 1]} : vector<4x32x32xf32> to vector<4x16x32xf32>
  %x2 = vector.shape_cast %x {layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>} : vector<4x16x32xf32> to vector<64x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>>
  xegpu.store_nd %x2, %u[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>>
  func.return
}
// CHECK-LABEL: func.func @extract_3d
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%{{[0-9a-z_]+}}, %[[C:[0-9a-z_]+]]] : !xegpu.tensor_desc<32x16xf32> -> vector<32x16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%{{[0-9a-z_]+}}, %[[C]]] : !xegpu.tensor_desc<32x16xf32> -> vector<32x16xf32>
// CHECK-NEXT:  %[[S0:[0-9a-z_]+]] = vector.shape_cast %[[V0]] : vector<32x16xf32> to vector<1x32x16xf32>
// CHECK-NEXT:  %[[S1:[0-9a-z_]+]] = vector.shape_cast %[[V1]] : vector<32x16xf32> to vector<1x32x16xf32>
// CHECK-NEXT:  %[[X0:[0-9a-z_]+]] = vector.extract_strided_slice %[[S0]] {offsets = [0, 8, 0], sizes = [1, 16, 16], strides = [1, 1, 1]} : vector<1x32x16xf32> to vector<1x16x16xf32>
// CHECK-NEXT:  %[[X1:[0-9a-z_]+]] = vector.extract_strided_slice %[[S1]] {offsets = [0, 8, 0], sizes = [1, 16, 16], strides = [1, 1, 1]} : vector<1x32x16xf32> to vector<1x16x16xf32>
// CHECK-NEXT:  %[[F0:[0-9a-z_]+]] = vector.shape_cast %[[X0]] : vector<1x16x16xf32> to vector<16x16xf32>
// CHECK-NEXT:  %[[F1:[0-9a-z_]+]] = vector.shape_cast %[[X1]] : vector<1x16x16xf32> to vector<16x16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       xegpu.store_nd %[[F0]], %[[U]][%{{[0-9a-z_]+}}, %[[C2:[0-9a-z_]+]]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK:       xegpu.store_nd %[[F1]], %[[U]][%{{[0-9a-z_]+}}, %[[C2]]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  func.return
