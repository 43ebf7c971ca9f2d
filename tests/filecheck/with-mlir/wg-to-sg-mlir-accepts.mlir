// mlir-opt 22 must accept what xegpu-wg-to-sg-distribute emits (parse + verify, then re-print):
// the examples through the full pipeline, the SLM exchanges, 3-D reductions, and the gather,
// scatter, insert_strided_slice and 1-D convert_layout kernels below.
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s
// RUN: wgdist-opt %S/../passes/xegpu-wg-to-sg-distribute-slm.mlir -p xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s --check-prefix=SLM
// RUN: wgdist-opt %S/../passes/xegpu-wg-to-sg-distribute-3d.mlir -p xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s --check-prefix=THREED
// RUN: wgdist-opt %examples/softmax.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s --check-prefix=SOFTMAX
// RUN: wgdist-opt %examples/reduce_3d.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s --check-prefix=R3D
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s --check-prefix=GEMM
// RUN: wgdist-opt %examples/gemm_bias_relu.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s --check-prefix=GEMM
// RUN: wgdist-opt %examples/gemm_transpose_b.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute | %mlir-opt | filecheck %s --check-prefix=GEMM

// SLM: memref.global "private" @[[G:slm_[0-9]+]] : memref<2048xi8, 3> = uninitialized
// SLM: memref.get_global @[[G]] : memref<2048xi8, 3>
// SLM: scf.if
// SLM: xegpu.store_matrix {{.*}} : vector<1x16xf32>, !xegpu.mem_desc<16x32xf32>, index
// SLM: gpu.barrier
// SLM: xegpu.load_matrix {{.*}} : !xegpu.mem_desc<16x32xf32>, index -> vector<2x32xf32>
// SLM: vector.reduction <add>, {{.*}} : vector<16xf32> into f32
// SLM: xegpu.load_matrix {{.*}} -> vector<32x16xf32>
// THREED: xegpu.load_matrix {{.*}} : !xegpu.mem_desc<32x16xf32>, index -> vector<2x16xf32>
// THREED: vector.multi_reduction <add>, {{.*}} [1] : vector<1x32x32xf32> to vector<1x32xf32>
// SOFTMAX: vector.multi_reduction <maximumf>, {{.*}} [1] : vector<8x128xf32> to vector<8xf32>
// SOFTMAX: xegpu.store_nd {{.*}} : vector<8x128xf32>, !xegpu.tensor_desc<8x128xf32>
// R3D: vector.multi_reduction <add>, {{.*}} [1] : vector<1x32x32xf32> to vector<1x32xf32>
// GEMM: xegpu.dpas
// GEMM: xegpu.store_nd

#v = #xegpu.layout<sg_layout = [8], sg_data = [8]>
#c = #xegpu.layout<sg_layout = [8, 1], sg_data = [8, 2]>
func.func @gather_scatter(%m: memref<1024xf32>, %o: memref<1024xf32>) {
  %s = vector.step {layout_result_0 = #v} : vector<128xindex>
  %k = arith.constant {layout_result_0 = #v} dense<4> : vector<128xindex>
  %off = arith.muli %s, %k {layout_result_0 = #v} : vector<128xindex>
  %mask = vector.constant_mask [100] {layout_result_0 = #v} : vector<128xi1>
  %g = xegpu.load %m[%off], %mask <{chunk_size = 2, layout = #c}> : memref<1024xf32>, vector<128xindex>, vector<128xi1> -> vector<128x2xf32>
  xegpu.store %g, %o[%off], %mask <{chunk_size = 2, layout = #c}> : vector<128x2xf32>, memref<1024xf32>, vector<128xindex>, vector<128xi1>
  func.return
}
// CHECK-LABEL: func.func @gather_scatter
// CHECK: %[[G:.*]] = xegpu.load %{{.*}}[%{{.*}}], %{{.*}} <{chunk_size = 2 : i64}> : memref<1024xf32>, vector<8xindex>, vector<8xi1> -> vector<8x2xf32>
// CHECK: xegpu.store %[[G]], %{{.*}}[%{{.*}}], %{{.*}} <{chunk_size = 2 : i64}> : vector<8x2xf32>, memref<1024xf32>, vector<8xindex>, vector<8xi1>

#d = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @insert(%x: memref<64x64xf32>, %z: memref<32x32xf32>) {
  %xd = xegpu.create_nd_tdesc %x : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #d>
  %xv = xegpu.load_nd %xd[0, 0] <{layout = #d}> : !xegpu.tensor_desc<64x64xf32, #d> -> vector<64x64xf32>
  %zd = xegpu.create_nd_tdesc %z : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #d>
  %zv = xegpu.load_nd %zd[0, 0] <{layout = #d}> : !xegpu.tensor_desc<32x32xf32, #d> -> vector<32x32xf32>
  %r = vector.insert_strided_slice %zv, %xv {layout_result_0 = #d, offsets = [32, 0], strides = [1, 1]} : vector<32x32xf32> into vector<64x64xf32>
  xegpu.store_nd %r, %xd[0, 0] <{layout = #d}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #d>
  func.return
}
// CHECK-LABEL: func.func @insert
// CHECK-COUNT-4: xegpu.store_nd {{.*}} : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>

#p = #xegpu.layout<sg_layout = [4], sg_data = [16]>
#q = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @convert_1d(%x: memref<64xf32>) {
  %xd = xegpu.create_nd_tdesc %x : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #p>
  %xv = xegpu.load_nd %xd[0] <{layout = #p}> : !xegpu.tensor_desc<64xf32, #p> -> vector<64xf32>
  %c = xegpu.convert_layout %xv <{input_layout = #p, target_layout = #q}> : vector<64xf32>
  %qd = xegpu.create_nd_tdesc %x : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #q>
  xegpu.store_nd %c, %qd[0] <{layout = #q}> : vector<64xf32>, !xegpu.tensor_desc<64xf32, #q>
  func.return
}
// CHECK-LABEL: func.func @convert_1d
// CHECK: vector.shape_cast {{.*}} : vector<16xf32> to vector<1x16xf32>
// CHECK: xegpu.store_matrix {{.*}} : vector<1x16xf32>, !xegpu.mem_desc<1x64xf32>, index
// CHECK: gpu.barrier
// CHECK-COUNT-2: xegpu.load_matrix {{.*}} : !xegpu.mem_desc<1x64xf32>, index -> vector<1x8xf32>
