// Propagated layouts are where LLVM 22 reads them: mlir-opt 22's own wg-to-sg pass distributes
// the output (every op below ends at subgroup size, no materialization left).
// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | %mlir-opt --split-input-file --xegpu-wg-to-sg-distribute | filecheck %s
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p xegpu-propagate-layout | %mlir-opt --xegpu-wg-to-sg-distribute | filecheck %s --check-prefix=KLOOP
// RUN: wgdist-opt %examples/gemm_transpose_b.mlir -p xegpu-propagate-layout | %mlir-opt --xegpu-wg-to-sg-distribute | filecheck %s --check-prefix=TRANSB
// RUN: wgdist-opt %examples/softmax.mlir -p xegpu-propagate-layout | %mlir-opt --xegpu-wg-to-sg-distribute | filecheck %s --check-prefix=SOFTMAX

// KLOOP: scf.for {{.*}} -> (vector<32x64xf32>)
// KLOOP: xegpu.dpas {{.*}} : vector<32x32xf16>, vector<32x64xf16>, vector<32x64xf32> -> vector<32x64xf32>
// KLOOP: xegpu.store_nd {{.*}} : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32>
// KLOOP-NOT: unrealized_conversion_cast

// Regression: LLVM 22's own propagation drops `order` on the transposed operand, and its
// wg-to-sg then rejects the vector.transpose; ours distributes to a subgroup-local transpose.
// TRANSB: vector.transpose {{.*}} : vector<64x32xf16> to vector<32x64xf16>
// TRANSB: xegpu.dpas {{.*}} : vector<32x32xf16>, vector<32x64xf16>, vector<32x64xf32> -> vector<32x64xf32>
// TRANSB-NOT: unrealized_conversion_cast

// Regression: mlir-opt 22 segfaulted on our plain layouts of reduction results (it needs
// #xegpu.slice<source layout> on a multi_reduction and the slice's parent on the unit-dim
// shape_cast after it).
// SOFTMAX: vector.multi_reduction <maximumf>, {{.*}} [1] : vector<8x128xf32> to vector<8xf32>
// SOFTMAX: vector.shape_cast {{.*}} : vector<8xf32> to vector<8x1xf32>
// SOFTMAX: vector.broadcast {{.*}} : vector<8x1xf32> to vector<8x128xf32>
// SOFTMAX: vector.multi_reduction <add>, {{.*}} [1] : vector<8x128xf32> to vector<8xf32>
// SOFTMAX: xegpu.store_nd {{.*}} : vector<8x128xf32>, !xegpu.tensor_desc<8x128xf32>
// SOFTMAX-NOT: unrealized_conversion_cast

#c = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [0, 1]>
gpu.module @m {
gpu.func @cd_only(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %out: memref<128x128xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<128x64xf16> -> vector<128x64xf16>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<64x128xf16> -> vector<64x128xf16>
  %d = xegpu.dpas %va, %vb {layout_cd = #c} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %to = xegpu.create_nd_tdesc %out : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #c>
  xegpu.store_nd %d, %to[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #c>
  gpu.return
}
}
// -----
#o = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 64], lane_layout = [1, 16], lane_data = [1, 1], order = [1, 0]>
gpu.module @m {
gpu.func @transpose(%m: memref<512x128xf32>, %out: memref<128x512xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<512x128xf32> -> !xegpu.tensor_desc<512x128xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<512x128xf32> -> vector<512x128xf32>
  %y = vector.transpose %x, [1, 0] : vector<512x128xf32> to vector<128x512xf32>
  %to = xegpu.create_nd_tdesc %out : memref<128x512xf32> -> !xegpu.tensor_desc<128x512xf32, #o>
  xegpu.store_nd %y, %to[0, 0] : vector<128x512xf32>, !xegpu.tensor_desc<128x512xf32, #o>
  gpu.return
}
}
// -----
#s = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16]>
gpu.module @m {
gpu.func @if_else(%p: i1, %m: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<128x128xf32> -> vector<128x128xf32>
  %r = scf.if %p -> (vector<128x128xf32>) {
    %e = math.exp %x : vector<128x128xf32>
    scf.yield %e : vector<128x128xf32>
  } else {
    %ng = arith.negf %x : vector<128x128xf32>
    scf.yield %ng : vector<128x128xf32>
  }
  %to = xegpu.create_nd_tdesc %o : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #s>
  xegpu.store_nd %r, %to[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #s>
  gpu.return
}
}
// -----
// The RFC's 2-D reduction (256x128 -> 256, store anchor [32]/[8]): the reduction result is a
// slice of its source for LLVM 22 (segfaulted with the plain [32]/[8]).
#r = #xegpu.layout<sg_layout = [32], sg_data = [8]>
gpu.module @m {
gpu.func @reduce_2d(%m: memref<256x128xf32>, %o: memref<256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x128xf32> -> vector<256x128xf32>
  %z = arith.constant dense<0.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<256x128xf32> to vector<256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #r>
  xegpu.store_nd %s, %to[0] : vector<256xf32>, !xegpu.tensor_desc<256xf32, #r>
  gpu.return
}
}

// CHECK-LABEL: gpu.func @cd_only(
// CHECK: xegpu.load_nd {{.*}} -> vector<32x64xf16>
// CHECK: xegpu.load_nd {{.*}} -> vector<64x32xf16>
// CHECK: xegpu.dpas {{.*}} : vector<32x64xf16>, vector<64x32xf16> -> vector<32x32xf32>
// CHECK: xegpu.store_nd {{.*}} : vector<32x32xf32>
// CHECK-LABEL: gpu.func @transpose(
// CHECK: xegpu.load_nd {{.*}} -> vector<64x32xf32>
// CHECK: vector.transpose {{.*}} : vector<64x32xf32> to vector<32x64xf32>
// CHECK: xegpu.store_nd {{.*}} : vector<32x64xf32>
// CHECK-LABEL: gpu.func @if_else(
// CHECK: scf.if {{.*}} -> (vector<32x16xf32>)
// CHECK: math.exp {{.*}} : vector<32x16xf32>
// CHECK: arith.negf {{.*}} : vector<32x16xf32>
// CHECK: xegpu.store_nd {{.*}} : vector<32x16xf32>
// CHECK-NOT: unrealized_conversion_cast
// CHECK-LABEL: gpu.func @reduce_2d(
// CHECK: xegpu.load_nd {{.*}} -> vector<8x128xf32>
// CHECK: vector.multi_reduction <add>, {{.*}} [1] : vector<8x128xf32> to vector<8xf32>
// CHECK: xegpu.store_nd {{.*}} : vector<8xf32>, !xegpu.tensor_desc<8xf32>
// CHECK-NOT: unrealized_conversion_cast
