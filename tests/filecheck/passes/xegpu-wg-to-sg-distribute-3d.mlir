// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute | filecheck %s

// 3-D: a 64x32 tile viewed as 8x8x32 and summed over the middle dim, which is split over 2
// subgroups (sg_layout [2, 2, 2]). Each subgroup holds 4 tiles [1, 4, 16] (dim 0 wraps 4
// times); a tile's partial sum [1, 16] is one SLM row of 16 elements; the table has
// 8 x 2 kept blocks x 2 reduced blocks = 32 rows. Each result tile [1, 16] reads its 2 rows.
#l2 = #xegpu.layout<sg_layout = [4, 2], sg_data = [4, 16]>
#l3 = #xegpu.layout<sg_layout = [2, 2, 2], sg_data = [1, 4, 16]>
#r = #xegpu.slice<#xegpu.layout<sg_layout = [2, 2, 2], sg_data = [1, 4, 16]>, dims = [1]>
func.func @reduce_3d(%m: memref<64x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #l2>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l2}> : !xegpu.tensor_desc<64x32xf32, #l2> -> vector<64x32xf32>
  %v3 = vector.shape_cast %v {layout_result_0 = #l3} : vector<64x32xf32> to vector<8x8x32xf32>
  %z = arith.constant {layout_result_0 = #r} dense<0.0> : vector<8x32xf32>
  %s = vector.multi_reduction <add>, %v3, %z {layout_result_0 = #r} [1] : vector<8x8x32xf32> to vector<8x32xf32>
  %e = math.exp %s {layout_result_0 = #r} : vector<8x32xf32>
  func.return
}
// CHECK-LABEL: func.func @reduce_3d
// The neutral element of the partial sums is built once, at the function entry.
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<1x16xf32>
// CHECK-COUNT-4: xegpu.load_nd {{.*}} -> vector<4x16xf32>
// CHECK-COUNT-4: vector.shape_cast %{{.*}} : vector<4x16xf32> to vector<1x4x16xf32>
// CHECK:         %[[MD:.*]] = xegpu.create_mem_desc %{{.*}} : memref<2048xi8, 3> -> !xegpu.mem_desc<32x16xf32>
// CHECK-NOT:     scf.if
// CHECK-COUNT-4: vector.multi_reduction <add>, %{{.*}}, %[[ZERO]] [1] : vector<1x4x16xf32> to vector<1x16xf32>
// CHECK-NOT:     vector.shape_cast
// CHECK:         gpu.barrier
// CHECK-COUNT-4: xegpu.load_matrix %[[MD]][%{{.*}}, 0] : !xegpu.mem_desc<32x16xf32>, index -> vector<2x16xf32>
// CHECK:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [0] : vector<2x1x16xf32> to vector<1x16xf32>
// CHECK:         math.exp %{{.*}} : vector<1x16xf32>

// 3-D, subgroup-local (the RFC's example, examples/reduce_3d.mlir): the reduced dim has
// sg_layout 1, so each subgroup reduces its own [1, 32, 32] block; no SLM.
#tile = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#in3 = #xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>
#out = #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 32]>
func.func @reduce_3d_local(%m: memref<256x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #tile>
  %v = xegpu.load_nd %t[0, 0] <{layout = #tile}> : !xegpu.tensor_desc<256x128xf32, #tile> -> vector<256x128xf32>
  %v3 = vector.shape_cast %v {layout_result_0 = #in3} : vector<256x128xf32> to vector<8x32x128xf32>
  %z = arith.constant {layout_result_0 = #out} dense<0.0> : vector<8x128xf32>
  %s = vector.multi_reduction <add>, %v3, %z {layout_result_0 = #out} [1] : vector<8x32x128xf32> to vector<8x128xf32>
  %e = math.exp %s {layout_result_0 = #out} : vector<8x128xf32>
  func.return
}
// CHECK-LABEL: func.func @reduce_3d_local
// CHECK-NOT:   memref.alloca
// CHECK:       %[[V:.*]] = xegpu.load_nd {{.*}} -> vector<32x32xf32>
// CHECK-NEXT:  %[[V3:.*]] = vector.shape_cast %[[V]] : vector<32x32xf32> to vector<1x32x32xf32>
// CHECK-NEXT:  %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<1x32xf32>
// CHECK-NEXT:  %[[S:.*]] = vector.multi_reduction <add>, %[[V3]], %[[Z]] [1] : vector<1x32x32xf32> to vector<1x32xf32>
// CHECK-NEXT:  math.exp %[[S]] : vector<1x32xf32>
// CHECK-NOT:   gpu.barrier

// 3-D convert_layout through SLM: 4x8x8 from [2, 2, 1] x [2, 4, 8] to [1, 2, 2] x [4, 4, 4]. The
// matrix is the value flattened to 2-D (32 rows of 8); a source tile [2, 4, 8] is 2 blocks of 4
// rows (one per index of dim 0, at rows 16x + 4y and 16x + 4y + 8), a target tile [4, 4, 4] 4
// blocks of 4 rows by 4 columns, put together with insert_strided_slice.
#ca = #xegpu.layout<sg_layout = [2, 2, 1], sg_data = [2, 4, 8]>
#cb = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4]>
func.func @convert_3d(%m: memref<4x64xf32>) {
  %z = arith.constant {layout_result_0 = #ca} dense<1.0> : vector<4x8x8xf32>
  %c = xegpu.convert_layout %z <{input_layout = #ca, target_layout = #cb}> : vector<4x8x8xf32>
  %e = math.exp %c {layout_result_0 = #cb} : vector<4x8x8xf32>
  func.return
}
// CHECK-LABEL: func.func @convert_3d
// CHECK:       %[[X:.*]] = arith.remui %{{.*}}, %c2 : index
// CHECK:       %[[Y:.*]] = arith.remui %sg_id, %c2 : index
// CHECK:       %[[Y4:.*]] = arith.muli %[[Y]], %c4 : index
// CHECK:       %[[X16:.*]] = arith.muli %[[X]], %c16 : index
// CHECK:       %[[R0:.*]] = arith.addi %[[X16]], %[[Y4]] : index
// CHECK:       %[[R1:.*]] = arith.addi %[[R0]], %c8 : index
// CHECK:       %[[Q0:.*]] = arith.muli %[[X]], %c4 : index
// CHECK:       %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16x4xf32>
// CHECK:       %[[MD:.*]] = xegpu.create_mem_desc %{{.*}} : memref<1024xi8, 3> -> !xegpu.mem_desc<32x8xf32>
// CHECK:       %[[F:.*]] = vector.shape_cast %{{.*}} : vector<2x4x8xf32> to vector<8x8xf32>
// CHECK-NEXT:  %[[P0:.*]] = vector.extract_strided_slice %[[F]] {offsets = [0, 0], sizes = [4, 8], strides = [1, 1]}
// CHECK-NEXT:  xegpu.store_matrix %[[P0]], %[[MD]][%[[R0]], 0] : vector<4x8xf32>
// CHECK-NEXT:  %[[P1:.*]] = vector.extract_strided_slice %[[F]] {offsets = [4, 0], sizes = [4, 8], strides = [1, 1]}
// CHECK-NEXT:  xegpu.store_matrix %[[P1]], %[[MD]][%[[R1]], 0] : vector<4x8xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  %[[L0:.*]] = xegpu.load_matrix %[[MD]][%[[Q0]], %[[Y4]]] : !xegpu.mem_desc<32x8xf32>, index, index -> vector<4x4xf32>
// CHECK-NEXT:  %[[A0:.*]] = vector.insert_strided_slice %[[L0]], %[[ZERO]] {offsets = [0, 0], strides = [1, 1]} : vector<4x4xf32> into vector<16x4xf32>
// CHECK-COUNT-3: xegpu.load_matrix
// CHECK:       %[[T:.*]] = vector.shape_cast %{{.*}} : vector<16x4xf32> to vector<4x4x4xf32>
// CHECK-NEXT:  math.exp %[[T]] : vector<4x4x4xf32>
