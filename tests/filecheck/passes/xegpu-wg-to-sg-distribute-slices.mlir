// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute | filecheck %s
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute | mlir-opt-22 > /dev/null
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func extract_moves | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func insert_moves | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func cast_moves | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func extract_shared | filecheck %s --check-prefix=AGREE

// extract_strided_slice, insert_strided_slice and shape_cast whose result tiles need data
// other subgroups hold: the value goes through shared local memory laid out linearly (one
// 1 x N matrix in row-major element order), a barrier, then each result tile is read back as
// runs of consecutive elements. (Where each subgroup keeps its data the ops stay local: see
// xegpu-wg-to-sg-distribute-vector.mlir.)
// AGREE: agree: every buffer matches

#s = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>
#r = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
func.func @extract_moves(%src: memref<32x32xf32>, %dst: memref<16x16xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #s>
  %o = xegpu.create_nd_tdesc %dst : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #r>
  %v = xegpu.load_nd %t[0, 0] <{layout = #s}> : !xegpu.tensor_desc<32x32xf32, #s> -> vector<32x32xf32>
  %e = vector.extract_strided_slice %v {offsets = [4, 8], sizes = [16, 16], strides = [1, 1], layout_result_0 = #r} : vector<32x32xf32> to vector<16x16xf32>
  xegpu.store_nd %e, %o[0, 0] <{layout = #r}> : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #r>
  func.return
}
#d = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>
#v = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
func.func @insert_moves(%src: memref<32x32xf32>, %val: memref<16x16xf32>, %dst: memref<32x32xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #d>
  %tv = xegpu.create_nd_tdesc %val : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #v>
  %o = xegpu.create_nd_tdesc %dst : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #d>
  %a = xegpu.load_nd %t[0, 0] <{layout = #d}> : !xegpu.tensor_desc<32x32xf32, #d> -> vector<32x32xf32>
  %b = xegpu.load_nd %tv[0, 0] <{layout = #v}> : !xegpu.tensor_desc<16x16xf32, #v> -> vector<16x16xf32>
  %i = vector.insert_strided_slice %b, %a {offsets = [4, 8], strides = [1, 1], layout_result_0 = #d} : vector<16x16xf32> into vector<32x32xf32>
  xegpu.store_nd %i, %o[0, 0] <{layout = #d}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #d>
  func.return
}
#c = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>
#c1 = #xegpu.layout<sg_layout = [4], sg_data = [32]>
func.func @cast_moves(%src: memref<32x32xf32>, %dst: memref<1024xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #c>
  %o = xegpu.create_nd_tdesc %dst : memref<1024xf32> -> !xegpu.tensor_desc<1024xf32, #c1>
  %a = xegpu.load_nd %t[0, 0] <{layout = #c}> : !xegpu.tensor_desc<32x32xf32, #c> -> vector<32x32xf32>
  %f = vector.shape_cast %a {layout_result_0 = #c1} : vector<32x32xf32> to vector<1024xf32>
  xegpu.store_nd %f, %o[0] <{layout = #c1}> : vector<1024xf32>, !xegpu.tensor_desc<1024xf32, #c1>
  func.return
}
// A source layout that shares rows (16 rows over 4 subgroup rows of 8: subgroups s and s + 2
// hold the same tile): one replica writes it (scf.if on the writer predicate).
#x = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>
#xr = #xegpu.layout<sg_layout = [4, 1], sg_data = [2, 16]>
func.func @extract_shared(%src: memref<16x32xf32>, %dst: memref<8x16xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #x>
  %o = xegpu.create_nd_tdesc %dst : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32, #xr>
  %v = xegpu.load_nd %t[0, 0] <{layout = #x}> : !xegpu.tensor_desc<16x32xf32, #x> -> vector<16x32xf32>
  %e = vector.extract_strided_slice %v {offsets = [4, 8], sizes = [8, 16], strides = [1, 1], layout_result_0 = #xr} : vector<16x32xf32> to vector<8x16xf32>
  xegpu.store_nd %e, %o[0, 0] <{layout = #xr}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32, #xr>
  func.return
}

// CHECK-LABEL: func.func @extract_moves
// CHECK:       %[[V:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<8x32xf32>
// CHECK:       %[[MD:[0-9a-z_]+]] = xegpu.create_mem_desc %{{.*}} : memref<4096xi8, 3> -> !xegpu.mem_desc<1x1024xf32>
// CHECK-NEXT:  %[[F:[0-9a-z_]+]] = vector.shape_cast %[[V]] : vector<8x32xf32> to vector<1x256xf32>
// CHECK-COUNT-16: xegpu.store_matrix %{{.*}}, %[[MD]][0, %{{.*}}] : vector<1x16xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-8: xegpu.load_matrix %[[MD]][0, %{{.*}}] : !xegpu.mem_desc<1x1024xf32>, index -> vector<1x8xf32>
// CHECK:       xegpu.store_nd %{{.*}} : vector<8x8xf32>

// CHECK-LABEL: func.func @insert_moves
// CHECK-COUNT-16: xegpu.store_matrix %{{.*}} : vector<1x16xf32>, !xegpu.mem_desc<1x1024xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-8: xegpu.store_matrix %{{.*}} : vector<1x8xf32>, !xegpu.mem_desc<1x1024xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.load_matrix %{{.*}} -> vector<1x256xf32>
// CHECK-NEXT:  vector.shape_cast %{{.*}} : vector<1x256xf32> to vector<8x32xf32>

// CHECK-LABEL: func.func @cast_moves
// CHECK-COUNT-16: xegpu.store_matrix %{{.*}} : vector<1x16xf32>, !xegpu.mem_desc<1x1024xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-8: xegpu.load_matrix %{{.*}} -> vector<1x32xf32>
// CHECK-COUNT-8: xegpu.store_nd %{{.*}} : vector<32xf32>

// CHECK-LABEL: func.func @extract_shared
// CHECK:       scf.if %{{.*}} {
// CHECK-NEXT:    vector.shape_cast %{{.*}} : vector<8x32xf32> to vector<1x256xf32>
// CHECK-COUNT-16: xegpu.store_matrix %{{.*}} : vector<1x16xf32>, !xegpu.mem_desc<1x512xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-2: xegpu.load_matrix %{{.*}} -> vector<1x16xf32>
