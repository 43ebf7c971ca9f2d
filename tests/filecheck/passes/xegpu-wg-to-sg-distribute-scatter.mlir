// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func gather_scatter_mask --scalar n=100 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func gather_scatter_mask --scalar n=7 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func gather_scatter_chunk | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func gather_shared | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// Gather/scatter (xegpu.load / xegpu.store, offset form): tile k is a gather/scatter with offset
// tile k and mask tile k; chunk_size, cache hints and the lane part of `layout` are kept.
// (Aliases are unique over the whole file: wgdist-check reads it as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{vector<(128|64)x}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data

// 1-D, 2 wrapped tiles per subgroup; offsets are step * 3 (affine: step + tile offset, times 3),
// the mask a create_mask clamped per tile (bound - tile offset in [0, 16]).
#gl = #xegpu.layout<sg_layout = [4], sg_data = [16]>
func.func @gather_scatter_mask(%src: memref<512xf32>, %dst: memref<512xf32>, %n: index) {
  %s = vector.step {layout_result_0 = #gl} : vector<128xindex>
  %k = arith.constant {layout_result_0 = #gl} dense<3> : vector<128xindex>
  %off = arith.muli %s, %k {layout_result_0 = #gl} : vector<128xindex>
  %mask = vector.create_mask %n {layout_result_0 = #gl} : vector<128xi1>
  %v = xegpu.load %src[%off], %mask <{layout = #gl}> : memref<512xf32>, vector<128xindex>, vector<128xi1> -> vector<128xf32>
  %e = math.exp %v {layout_result_0 = #gl} : vector<128xf32>
  xegpu.store %e, %dst[%off], %mask <{layout = #gl}> : vector<128xf32>, memref<512xf32>, vector<128xindex>, vector<128xi1>
  func.return
}
// CHECK-LABEL: func.func @gather_scatter_mask
// CHECK:       %[[S:[0-9a-z_]+]] = vector.step : vector<16xindex>
// CHECK-DAG:   %[[I0:[0-9a-z_]+]] = arith.addi %[[S]], %{{[0-9a-z_]+}} : vector<16xindex>
// CHECK-DAG:   %[[I1:[0-9a-z_]+]] = arith.addi %[[S]], %{{[0-9a-z_]+}} : vector<16xindex>
// CHECK:       %[[K:[0-9a-z_]+]] = arith.constant dense<3> : vector<16xindex>
// CHECK-NEXT:  %[[O0:[0-9a-z_]+]] = arith.muli %[[I0]], %[[K]] : vector<16xindex>
// CHECK-NEXT:  %[[O1:[0-9a-z_]+]] = arith.muli %[[I1]], %[[K]] : vector<16xindex>
// CHECK:       arith.subi %n, %{{[0-9a-z_]+}} : index
// CHECK:       %[[M0:[0-9a-z_]+]] = vector.create_mask %{{[0-9a-z_]+}} : vector<16xi1>
// CHECK:       arith.subi %n, %{{[0-9a-z_]+}} : index
// CHECK:       %[[M1:[0-9a-z_]+]] = vector.create_mask %{{[0-9a-z_]+}} : vector<16xi1>
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load %src[%[[O0]]], %[[M0]] : memref<512xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load %src[%[[O1]]], %[[M1]] : memref<512xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT:  %[[E0:[0-9a-z_]+]] = math.exp %[[V0]] : vector<16xf32>
// CHECK-NEXT:  %[[E1:[0-9a-z_]+]] = math.exp %[[V1]] : vector<16xf32>
// CHECK:       xegpu.store %[[E0]], %dst[%[[O0]]], %[[M0]] : vector<16xf32>, memref<512xf32>, vector<16xindex>, vector<16xi1>
// CHECK:       xegpu.store %[[E1]], %dst[%[[O1]]], %[[M1]] : vector<16xf32>, memref<512xf32>, vector<16xindex>, vector<16xi1>
// CHECK-NEXT:  func.return

// -----

// chunk_size = 4: the value is 64x4 split [4, 1] x [8, 4] (each subgroup holds whole chunks),
// the offsets and the constant_mask are split [4] x [8] like its dim 0; the l1 hint and the lane
// fields of the layout stay.
#gc1 = #xegpu.layout<sg_layout = [4], sg_data = [8]>
#gc2 = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 4], lane_layout = [8, 1], lane_data = [1, 4]>
func.func @gather_scatter_chunk(%src: memref<256xf32>, %dst: memref<256xf32>) {
  %s = vector.step {layout_result_0 = #gc1} : vector<64xindex>
  %k = arith.constant {layout_result_0 = #gc1} dense<4> : vector<64xindex>
  %off = arith.muli %s, %k {layout_result_0 = #gc1} : vector<64xindex>
  %mask = vector.constant_mask [50] {layout_result_0 = #gc1} : vector<64xi1>
  %v = xegpu.load %src[%off], %mask <{chunk_size = 4, layout = #gc2, l1_hint = #xegpu.cache_hint<cached>}> : memref<256xf32>, vector<64xindex>, vector<64xi1> -> vector<64x4xf32>
  %e = arith.addf %v, %v {layout_result_0 = #gc2} : vector<64x4xf32>
  xegpu.store %e, %dst[%off], %mask <{chunk_size = 4, layout = #gc2}> : vector<64x4xf32>, memref<256xf32>, vector<64xindex>, vector<64xi1>
  func.return
}
// CHECK-LABEL: func.func @gather_scatter_chunk
// CHECK:       %[[O0:[0-9a-z_]+]] = arith.muli %{{[0-9a-z_]+}}, %[[K:[0-9a-z_]+]] : vector<8xindex>
// CHECK-NEXT:  %[[O1:[0-9a-z_]+]] = arith.muli %{{[0-9a-z_]+}}, %[[K]] : vector<8xindex>
// CHECK:       %[[M0:[0-9a-z_]+]] = vector.{{create_mask|constant_mask}} {{.*}} : vector<8xi1>
// CHECK:       %[[M1:[0-9a-z_]+]] = vector.{{create_mask|constant_mask}} {{.*}} : vector<8xi1>
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load %src[%[[O0]]], %[[M0]] <{chunk_size = 4 : i64, l1_hint = #xegpu.cache_hint<cached>, layout = #xegpu.layout<lane_layout = [8, 1], lane_data = [1, 4]>}> : memref<256xf32>, vector<8xindex>, vector<8xi1> -> vector<8x4xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load %src[%[[O1]]], %[[M1]] <{chunk_size = 4 : i64, l1_hint = #xegpu.cache_hint<cached>, layout = #xegpu.layout<lane_layout = [8, 1], lane_data = [1, 4]>}> : memref<256xf32>, vector<8xindex>, vector<8xi1> -> vector<8x4xf32>
// CHECK-NEXT:  %[[E0:[0-9a-z_]+]] = arith.addf %[[V0]], %[[V0]] {layout_result_0 = #xegpu.layout<lane_layout = [8, 1], lane_data = [1, 4]>} : vector<8x4xf32>
// CHECK-NEXT:  %[[E1:[0-9a-z_]+]] = arith.addf %[[V1]], %[[V1]] {layout_result_0 = #xegpu.layout<lane_layout = [8, 1], lane_data = [1, 4]>} : vector<8x4xf32>
// CHECK:       xegpu.store %[[E0]], %dst[%[[O0]]], %[[M0]] <{chunk_size = 4 : i64, layout = #xegpu.layout<lane_layout = [8, 1], lane_data = [1, 4]>}> : vector<8x4xf32>, memref<256xf32>, vector<8xindex>, vector<8xi1>
// CHECK:       xegpu.store %[[E1]], %dst[%[[O1]]], %[[M1]] <{chunk_size = 4 : i64, layout = #xegpu.layout<lane_layout = [8, 1], lane_data = [1, 4]>}> : vector<8x4xf32>, memref<256xf32>, vector<8xindex>, vector<8xi1>
// CHECK-NEXT:  func.return

// -----

// A gather whose layout shares (8 x 32 > 64): one tile per subgroup at (coordinate * 32) mod 64;
// it leaves through a convert_layout (one writer per shared tile) to a scatter split [8] x [8].
#gs = #xegpu.layout<sg_layout = [8], sg_data = [32]>
#gt = #xegpu.layout<sg_layout = [8], sg_data = [8]>
func.func @gather_shared(%src: memref<64xf32>, %dst: memref<64xf32>) {
  %s = vector.step {layout_result_0 = #gs} : vector<64xindex>
  %mask = vector.constant_mask [64] {layout_result_0 = #gs} : vector<64xi1>
  %v = xegpu.load %src[%s], %mask <{layout = #gs}> : memref<64xf32>, vector<64xindex>, vector<64xi1> -> vector<64xf32>
  %c = xegpu.convert_layout %v <{input_layout = #gs, target_layout = #gt}> : vector<64xf32>
  %s2 = vector.step {layout_result_0 = #gt} : vector<64xindex>
  %m2 = vector.constant_mask [64] {layout_result_0 = #gt} : vector<64xi1>
  xegpu.store %c, %dst[%s2], %m2 <{layout = #gt}> : vector<64xf32>, memref<64xf32>, vector<64xindex>, vector<64xi1>
  func.return
}
// CHECK-LABEL: func.func @gather_shared
// CHECK:       arith.remui %{{[0-9a-z_]+}}, %c64 : index
// CHECK:       %[[G:[0-9a-z_]+]] = xegpu.load %src[%{{[0-9a-z_]+}}], %{{[0-9a-z_]+}} : memref<64xf32>, vector<32xindex>, vector<32xi1> -> vector<32xf32>
// CHECK-NOT:   xegpu.load %src
// CHECK:       scf.if
// CHECK-NEXT:    %[[G2:[0-9a-z_]+]] = vector.shape_cast %[[G]] : vector<32xf32> to vector<1x32xf32>
// CHECK-NEXT:    %[[G2_0:[0-9a-z_]+]] = vector.extract_strided_slice %[[G2]] {{.*}}offsets = [0, 0], sizes = [1, 16]{{.*}} : vector<1x32xf32> to vector<1x16xf32>
// CHECK-NEXT:    xegpu.store_matrix %[[G2_0]], %{{.*}} : vector<1x16xf32>, !xegpu.mem_desc<1x64xf32>, index
// CHECK-NEXT:    %[[G2_16:[0-9a-z_]+]] = vector.extract_strided_slice %[[G2]] {{.*}}offsets = [0, 16], sizes = [1, 16]{{.*}} : vector<1x32xf32> to vector<1x16xf32>
// CHECK-NEXT:    xegpu.store_matrix %[[G2_16]], %{{.*}} : vector<1x16xf32>, !xegpu.mem_desc<1x64xf32>, index
// CHECK:       gpu.barrier
// CHECK:       xegpu.store %{{[0-9a-z_]+}}, %dst[%{{[0-9a-z_]+}}], %{{[0-9a-z_]+}} : vector<8xf32>, memref<64xf32>, vector<8xindex>, vector<8xi1>
// CHECK-NOT:   xegpu.store
