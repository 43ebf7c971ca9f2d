// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file 2>/dev/null | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func op_only | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func gemm_op_only | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func gather_2d | filecheck %s --check-prefix=AGREE

// Layouts given only on the ops (LLVM's current test style): load_nd/store_nd/prefetch_nd carry
// `layout` and the tensor_desc type has none. They are distributed directly (no
// xegpu-propagate-layout needed); a descriptor used under two layouts gets one set of subgroup
// descriptors per layout, and the WG descriptor is removed.

// AGREE: agree: every buffer matches

#a = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>
#b = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16]>
func.func @op_only(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32>
  %q = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32>
  xegpu.prefetch_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32> -> vector<64x64xf32>
  %w = arith.addf %v, %v {layout_result_0 = #a} : vector<64x64xf32>
  xegpu.store_nd %w, %q[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32>
  %x = xegpu.load_nd %t[0, 0] <{layout = #b}> : !xegpu.tensor_desc<64x64xf32> -> vector<64x64xf32>
  %y = arith.mulf %x, %x {layout_result_0 = #b} : vector<64x64xf32>
  xegpu.store_nd %y, %q[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32>
  return
}
// CHECK-LABEL: func.func @op_only
// CHECK-NOT:   tensor_desc<64x64xf32>
// CHECK-DAG:   %[[TA:.*]] = xegpu.create_nd_tdesc %{{.*}} : memref<64x64xf32> -> !xegpu.tensor_desc<16x32xf32>
// CHECK-DAG:   %[[TB:.*]] = xegpu.create_nd_tdesc %{{.*}} : memref<64x64xf32> -> !xegpu.tensor_desc<32x16xf32>
// CHECK-DAG:   %[[QA:.*]] = xegpu.create_nd_tdesc %{{.*}} : memref<64x64xf32> -> !xegpu.tensor_desc<16x32xf32>
// CHECK-DAG:   %[[QB:.*]] = xegpu.create_nd_tdesc %{{.*}} : memref<64x64xf32> -> !xegpu.tensor_desc<32x16xf32>
// CHECK:       xegpu.prefetch_nd %[[TA]][
// CHECK-NEXT:  %[[V:.*]] = xegpu.load_nd %[[TA]][{{.*}}] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK-NEXT:  %[[W:.*]] = arith.addf %[[V]], %[[V]] : vector<16x32xf32>
// CHECK-NEXT:  xegpu.store_nd %[[W]], %[[QA]][
// CHECK-NEXT:  %[[X:.*]] = xegpu.load_nd %[[TB]][{{.*}}] : !xegpu.tensor_desc<32x16xf32> -> vector<32x16xf32>
// CHECK-NEXT:  %[[Y:.*]] = arith.mulf %[[X]], %[[X]] : vector<32x16xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.store_nd %[[Y]], %[[QB]][
// CHECK-NOT:   tensor_desc<64x64xf32>
// CHECK:       func.return

// -----

// A K loop in the upstream style: descriptors without layouts outside the loop, offsets and
// layouts on the accesses inside; the accumulator is loaded and stored under one layout, so
// no barrier.
#l = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>
func.func @gemm_op_only(%a: memref<128x128xf16>, %b: memref<128x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %ta = xegpu.create_nd_tdesc %a : memref<128x128xf16> -> !xegpu.tensor_desc<128x32xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<128x128xf16> -> !xegpu.tensor_desc<32x128xf16>
  %tc = xegpu.create_nd_tdesc %c : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32>
  %acc0 = xegpu.load_nd %tc[0, 0] <{layout = #l}> : !xegpu.tensor_desc<128x128xf32> -> vector<128x128xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %acc0) -> (vector<128x128xf32>) {
    xegpu.prefetch_nd %ta[0, %k] <{layout = #l}> : !xegpu.tensor_desc<128x32xf16>
    %va = xegpu.load_nd %ta[0, %k] <{layout = #l}> : !xegpu.tensor_desc<128x32xf16> -> vector<128x32xf16>
    %vb = xegpu.load_nd %tb[%k, 0] <{layout = #l}> : !xegpu.tensor_desc<32x128xf16> -> vector<32x128xf16>
    %d = xegpu.dpas %va, %vb, %acc {layout_a = #l, layout_b = #l, layout_cd = #l} : vector<128x32xf16>, vector<32x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {layout_result_0 = #l}
  xegpu.store_nd %r, %tc[0, 0] <{layout = #l}> : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32>
  return
}
// CHECK-LABEL: func.func @gemm_op_only
// CHECK-NOT:   gpu.barrier
// CHECK-DAG:   %[[A:.*]] = xegpu.create_nd_tdesc %{{.*}} : memref<128x128xf16> -> !xegpu.tensor_desc<32x32xf16>
// CHECK-DAG:   %[[B:.*]] = xegpu.create_nd_tdesc %{{.*}} : memref<128x128xf16> -> !xegpu.tensor_desc<32x32xf16>
// CHECK-DAG:   %[[C:.*]] = xegpu.create_nd_tdesc %{{.*}} : memref<128x128xf32> -> !xegpu.tensor_desc<32x32xf32>
// CHECK:       xegpu.load_nd %[[C]]
// CHECK:       scf.for
// CHECK:         xegpu.prefetch_nd %[[A]]
// CHECK:         xegpu.load_nd %[[A]]
// CHECK:         xegpu.load_nd %[[B]]
// CHECK:         xegpu.dpas
// CHECK:       xegpu.store_nd %{{.*}}, %[[C]]
// CHECK-NOT:   gpu.barrier
// CHECK:       func.return

// -----

// A 2-D gather and scatter with chunk_size 1 (LLVM's test style: offsets and mask have the
// value's shape): offsets and mask split like the value on every dim.
#g = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 4]>
func.func @gather_2d(%src: memref<128xf32>, %dst: memref<128xf32>) {
  %off = arith.constant {layout_result_0 = #g} dense<[[0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15], [16, 17, 18, 19, 20, 21, 22, 23], [24, 25, 26, 27, 28, 29, 30, 31], [32, 33, 34, 35, 36, 37, 38, 39], [40, 41, 42, 43, 44, 45, 46, 47], [48, 49, 50, 51, 52, 53, 54, 55], [56, 57, 58, 59, 60, 61, 62, 63], [64, 65, 66, 67, 68, 69, 70, 71], [72, 73, 74, 75, 76, 77, 78, 79], [80, 81, 82, 83, 84, 85, 86, 87], [88, 89, 90, 91, 92, 93, 94, 95], [96, 97, 98, 99, 100, 101, 102, 103], [104, 105, 106, 107, 108, 109, 110, 111], [112, 113, 114, 115, 116, 117, 118, 119], [120, 121, 122, 123, 124, 125, 126, 127]]> : vector<16x8xindex>
  %rev = arith.constant {layout_result_0 = #g} dense<[[127, 126, 125, 124, 123, 122, 121, 120], [119, 118, 117, 116, 115, 114, 113, 112], [111, 110, 109, 108, 107, 106, 105, 104], [103, 102, 101, 100, 99, 98, 97, 96], [95, 94, 93, 92, 91, 90, 89, 88], [87, 86, 85, 84, 83, 82, 81, 80], [79, 78, 77, 76, 75, 74, 73, 72], [71, 70, 69, 68, 67, 66, 65, 64], [63, 62, 61, 60, 59, 58, 57, 56], [55, 54, 53, 52, 51, 50, 49, 48], [47, 46, 45, 44, 43, 42, 41, 40], [39, 38, 37, 36, 35, 34, 33, 32], [31, 30, 29, 28, 27, 26, 25, 24], [23, 22, 21, 20, 19, 18, 17, 16], [15, 14, 13, 12, 11, 10, 9, 8], [7, 6, 5, 4, 3, 2, 1, 0]]> : vector<16x8xindex>
  %mask = arith.constant {layout_result_0 = #g} dense<true> : vector<16x8xi1>
  %v = xegpu.load %src[%off], %mask <{layout = #g}> : memref<128xf32>, vector<16x8xindex>, vector<16x8xi1> -> vector<16x8xf32>
  xegpu.store %v, %dst[%rev], %mask <{layout = #g}> : vector<16x8xf32>, memref<128xf32>, vector<16x8xindex>, vector<16x8xi1>
  return
}
// CHECK-LABEL: func.func @gather_2d
// CHECK:       xegpu.load %{{.*}}[%{{.*}}], %{{.*}} : memref<128xf32>, vector<8x4xindex>, vector<8x4xi1> -> vector<8x4xf32>
// CHECK:       xegpu.store %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : vector<8x4xf32>, memref<128xf32>, vector<8x4xindex>, vector<8x4xi1>
