// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func fold_candidates_round_robin | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func nonsplat_integer_constants | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func relu_3d | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// Elementwise ops on constants (what LLVM 22 folds during conversion into a WG-sized constant
// without a layout): every constant becomes subgroup constants, the ops on them subgroup ops,
// one per distinct tile, never a WG-sized value. (Aliases are unique over the whole file:
// wgdist-check reads it as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{(vector|tensor_desc)<(64x64|64|4x16x32|64x32)x}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data

// addf(c, c), exp(c) and the broadcast of a scalar constant under round robin (2 x 2 tiles): the
// tiles of a splat are all one value, so each op is emitted once and the 4 stores store it.
#el = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @fold_candidates_round_robin(%o: memref<64x64xf32>) {
  %a = arith.constant {layout_result_0 = #el} dense<1.5> : vector<64x64xf32>
  %b = arith.constant {layout_result_0 = #el} dense<2.0> : vector<64x64xf32>
  %s = arith.addf %a, %b {layout_result_0 = #el} : vector<64x64xf32>
  %e = math.exp %a {layout_result_0 = #el} : vector<64x64xf32>
  %f = arith.constant 0.25 : f32
  %c = vector.broadcast %f {layout_result_0 = #el} : f32 to vector<64x64xf32>
  %m = arith.mulf %s, %e {layout_result_0 = #el} : vector<64x64xf32>
  %r = arith.subf %m, %c {layout_result_0 = #el} : vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #el>
  xegpu.store_nd %r, %u[0, 0] <{layout = #el}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #el>
  func.return
}
// CHECK-LABEL: func.func @fold_candidates_round_robin
// CHECK:       %[[A:[0-9a-z_]+]] = arith.constant dense<1.500000e+00> : vector<16x16xf32>
// CHECK-NEXT:  %[[B:[0-9a-z_]+]] = arith.constant dense<2.000000e+00> : vector<16x16xf32>
// CHECK-NEXT:  %[[S:[0-9a-z_]+]] = arith.addf %[[A]], %[[B]] : vector<16x16xf32>
// CHECK-NEXT:  %[[E:[0-9a-z_]+]] = math.exp %[[A]] : vector<16x16xf32>
// CHECK-NEXT:  %[[F:[0-9a-z_]+]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:  %[[C:[0-9a-z_]+]] = vector.broadcast %[[F]] : f32 to vector<16x16xf32>
// CHECK-NEXT:  %[[M:[0-9a-z_]+]] = arith.mulf %[[S]], %[[E]] : vector<16x16xf32>
// CHECK-NEXT:  %[[R:[0-9a-z_]+]] = arith.subf %[[M]], %[[C]] : vector<16x16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK-COUNT-4: xegpu.store_nd %[[R]], %[[U]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  func.return

// -----

// Non-splat i32 constants, 1-D, 2 wrapped tiles: a pattern with the tile's period is the same
// block in every tile (one constant); an affine one (1 + 3 i) is the first block plus the tile
// offset (index_cast, broadcast, addi) per tile; the ops follow per tile.
#ei = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @nonsplat_integer_constants(%o: memref<64xi32>) {
  %p = arith.constant {layout_result_0 = #ei} dense<[0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]> : vector<64xi32>
  %q = arith.constant {layout_result_0 = #ei} dense<[1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130, 133, 136, 139, 142, 145, 148, 151, 154, 157, 160, 163, 166, 169, 172, 175, 178, 181, 184, 187, 190]> : vector<64xi32>
  %k = arith.constant {layout_result_0 = #ei} dense<5> : vector<64xi32>
  %x = arith.muli %p, %k {layout_result_0 = #ei} : vector<64xi32>
  %y = arith.addi %x, %q {layout_result_0 = #ei} : vector<64xi32>
  %u = xegpu.create_nd_tdesc %o : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #ei>
  xegpu.store_nd %y, %u[0] <{layout = #ei}> : vector<64xi32>, !xegpu.tensor_desc<64xi32, #ei>
  func.return
}
// CHECK-LABEL: func.func @nonsplat_integer_constants
// CHECK:       %[[P:[0-9a-z_]+]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK-NEXT:  %[[Q:[0-9a-z_]+]] = arith.constant dense<[1, 4, 7, 10, 13, 16, 19, 22]> : vector<8xi32>
// CHECK:       %[[I0:[0-9a-z_]+]] = arith.index_cast %{{[0-9a-z_]+}} : index to i32
// CHECK-NEXT:  %[[B0:[0-9a-z_]+]] = vector.broadcast %[[I0]] : i32 to vector<8xi32>
// CHECK-NEXT:  %[[Q0:[0-9a-z_]+]] = arith.addi %[[Q]], %[[B0]] : vector<8xi32>
// CHECK:       %[[I1:[0-9a-z_]+]] = arith.index_cast %{{[0-9a-z_]+}} : index to i32
// CHECK-NEXT:  %[[B1:[0-9a-z_]+]] = vector.broadcast %[[I1]] : i32 to vector<8xi32>
// CHECK-NEXT:  %[[Q1:[0-9a-z_]+]] = arith.addi %[[Q]], %[[B1]] : vector<8xi32>
// CHECK-NEXT:  %[[K:[0-9a-z_]+]] = arith.constant dense<5> : vector<8xi32>
// CHECK-NEXT:  %[[X:[0-9a-z_]+]] = arith.muli %[[P]], %[[K]] : vector<8xi32>
// CHECK-NOT:   arith.muli
// CHECK-NEXT:  %[[Y0:[0-9a-z_]+]] = arith.addi %[[X]], %[[Q0]] : vector<8xi32>
// CHECK-NEXT:  %[[Y1:[0-9a-z_]+]] = arith.addi %[[X]], %[[Q1]] : vector<8xi32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<64xi32> -> !xegpu.tensor_desc<8xi32>
// CHECK:       xegpu.store_nd %[[Y0]], %[[U]][%{{[0-9a-z_]+}}] : vector<8xi32>, !xegpu.tensor_desc<8xi32>
// CHECK:       xegpu.store_nd %[[Y1]], %[[U]][%{{[0-9a-z_]+}}] : vector<8xi32>, !xegpu.tensor_desc<8xi32>
// CHECK-NEXT:  func.return

// -----

// 3-D: max(x, 0) on a 4x16x32 view over [2, 2, 2] x [1, 8, 16] (dim 0 wraps: 2 tiles), the
// zero a single subgroup constant shared by both tiles.
#e2 = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16]>
#e3 = #xegpu.layout<sg_layout = [2, 2, 2], sg_data = [1, 8, 16]>
func.func @relu_3d(%m: memref<64x32xf32>, %o: memref<64x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #e2>
  %v = xegpu.load_nd %t[0, 0] <{layout = #e2}> : !xegpu.tensor_desc<64x32xf32, #e2> -> vector<64x32xf32>
  %v3 = vector.shape_cast %v {layout_result_0 = #e3} : vector<64x32xf32> to vector<4x16x32xf32>
  %z = arith.constant {layout_result_0 = #e3} dense<0.0> : vector<4x16x32xf32>
  %r = arith.maximumf %v3, %z {layout_result_0 = #e3} : vector<4x16x32xf32>
  %w = vector.shape_cast %r {layout_result_0 = #e2} : vector<4x16x32xf32> to vector<64x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #e2>
  xegpu.store_nd %w, %u[0, 0] <{layout = #e2}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #e2>
  func.return
}
// CHECK-LABEL: func.func @relu_3d
// CHECK:       %[[S0:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[S1:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT:  %[[Z:[0-9a-z_]+]] = arith.constant dense<0.000000e+00> : vector<1x8x16xf32>
// CHECK-NEXT:  %[[R0:[0-9a-z_]+]] = arith.maximumf %[[S0]], %[[Z]] : vector<1x8x16xf32>
// CHECK-NEXT:  %[[R1:[0-9a-z_]+]] = arith.maximumf %[[S1]], %[[Z]] : vector<1x8x16xf32>
// CHECK-NEXT:  vector.shape_cast %[[R0]] : vector<1x8x16xf32> to vector<8x16xf32>
// CHECK-NEXT:  vector.shape_cast %[[R1]] : vector<1x8x16xf32> to vector<8x16xf32>
