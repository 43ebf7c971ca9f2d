// RUN: wgdist-opt %s -p xegpu-propagate-layout | filecheck %s

// RFC Appendix 1.2 (GEMM with transpose, broadcast and reduction), with layouts only on the dpas,
// the final store and the RFC's explicit conversion before the reduction. The pass
// derives the appendix's maps: #mp_bt for the transposed-B load and #mp_bcast for the bias (layouts-spec 2.1-2.4).
#mp_c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>
#mp_reduce2 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 256], order = [1, 0]>
#mp_reduce = #xegpu.layout<sg_layout = [32], sg_data = [8], order = [0]>
func.func @appendix_1_2_explicit(%A: memref<1024x1024xbf16>, %BT: memref<1024x1024xbf16>, %bias: memref<1x1024xf32>, %out: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16>
  %tbt = xegpu.create_nd_tdesc %BT : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16>
  %a = xegpu.load_nd %ta[%c0, %c0] : !xegpu.tensor_desc<256x32xbf16> -> vector<256x32xbf16>
  %bt = xegpu.load_nd %tbt[%c0, %c0] : !xegpu.tensor_desc<256x32xbf16> -> vector<256x32xbf16>
  %b = vector.transpose %bt, [1, 0] : vector<256x32xbf16> to vector<32x256xbf16>
  %c = xegpu.dpas %a, %b {layout_cd = #mp_c} : vector<256x32xbf16>, vector<32x256xbf16> -> vector<256x256xf32>
  %tbias = xegpu.create_nd_tdesc %bias : memref<1x1024xf32> -> !xegpu.tensor_desc<1x256xf32>
  %bv = xegpu.load_nd %tbias[%c0, %c0] : !xegpu.tensor_desc<1x256xf32> -> vector<1x256xf32>
  %bb = vector.broadcast %bv : vector<1x256xf32> to vector<256x256xf32>
  %sum = arith.addf %c, %bb : vector<256x256xf32>
  %cv = xegpu.convert_layout %sum <{input_layout = #mp_c, target_layout = #mp_reduce2}> : vector<256x256xf32>
  %zero = arith.constant dense<0.0> : vector<256xf32>
  %r = vector.multi_reduction <add>, %cv, %zero [1] : vector<256x256xf32> to vector<256xf32>
  %to = xegpu.create_nd_tdesc %out : memref<1024xf32> -> !xegpu.tensor_desc<256xf32, #mp_reduce>
  xegpu.store_nd %r, %to[%c0] : vector<256xf32>, !xegpu.tensor_desc<256xf32, #mp_reduce>
  return
}
// #mp_a and #mp_bt
// CHECK-LABEL: func.func @appendix_1_2_explicit(
// CHECK: %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>>
// CHECK: %tbt = xegpu.create_nd_tdesc %BT : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16, #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32], order = [0, 1]>>
// CHECK: %b = vector.transpose %bt, [1, 0] {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// #mp_bcast
// CHECK: %tbias = xegpu.create_nd_tdesc %bias : memref<1x1024xf32> -> !xegpu.tensor_desc<1x256xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 64], order = [1, 0]>>
// CHECK: %sum = arith.addf %c, %bb {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// the user's #mp_c -> #mp_reduce2 conversion, then the reduction; nothing else is converted
// CHECK-NEXT: %cv = xegpu.convert_layout %sum
// CHECK-NOT: convert_layout
// CHECK: %r = vector.multi_reduction <add>, %cv, %zero {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 256], order = [1, 0]>, dims = [1]>} [1]

func.func @appendix_1_2(%A: memref<1024x1024xbf16>, %BT: memref<1024x1024xbf16>, %bias: memref<1x1024xf32>, %out: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16>
  %tbt = xegpu.create_nd_tdesc %BT : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16>
  %a = xegpu.load_nd %ta[%c0, %c0] : !xegpu.tensor_desc<256x32xbf16> -> vector<256x32xbf16>
  %bt = xegpu.load_nd %tbt[%c0, %c0] : !xegpu.tensor_desc<256x32xbf16> -> vector<256x32xbf16>
  %b = vector.transpose %bt, [1, 0] : vector<256x32xbf16> to vector<32x256xbf16>
  %c = xegpu.dpas %a, %b {layout_cd = #mp_c} : vector<256x32xbf16>, vector<32x256xbf16> -> vector<256x256xf32>
  %tbias = xegpu.create_nd_tdesc %bias : memref<1x1024xf32> -> !xegpu.tensor_desc<1x256xf32>
  %bv = xegpu.load_nd %tbias[%c0, %c0] : !xegpu.tensor_desc<1x256xf32> -> vector<1x256xf32>
  %bb = vector.broadcast %bv : vector<1x256xf32> to vector<256x256xf32>
  %sum = arith.addf %c, %bb : vector<256x256xf32>
  %zero = arith.constant dense<0.0> : vector<256xf32>
  %r = vector.multi_reduction <add>, %sum, %zero [1] : vector<256x256xf32> to vector<256xf32>
  %to = xegpu.create_nd_tdesc %out : memref<1024xf32> -> !xegpu.tensor_desc<256xf32, #mp_reduce>
  xegpu.store_nd %r, %to[%c0] : vector<256xf32>, !xegpu.tensor_desc<256xf32, #mp_reduce>
  return
}
// CHECK-LABEL: func.func @appendix_1_2(
// Without the explicit conversion, %sum's only consumer (the reduction) decides its layout, so
// the conversion lands on the dpas result instead, and the bias is loaded as whole rows.
// CHECK: %tbt = xegpu.create_nd_tdesc %BT : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16, #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32], order = [0, 1]>>
// CHECK: %c = xegpu.dpas %a, %b {{.*}}layout_cd = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// CHECK-NEXT: %[[CV:.*]] = xegpu.convert_layout %c <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 256], order = [1, 0]>}>
// CHECK: %tbias = xegpu.create_nd_tdesc %bias : memref<1x1024xf32> -> !xegpu.tensor_desc<1x256xf32, #xegpu.layout<sg_layout = [32, 1], sg_data = [1, 256], order = [1, 0]>>
// CHECK: %sum = arith.addf %[[CV]], %bb {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 256], order = [1, 0]>}
// CHECK: %r = vector.multi_reduction <add>, %sum, %zero {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 256], order = [1, 0]>, dims = [1]>} [1]

// RFC Appendix 1.1 (GEMM with prefetch): the prefetch descriptors carry their own exact maps
// (#mp_a_pfh [32, 1]/[8, 32], #mp_b_pfh [4, 8]/[8, 32]), independent of the load maps; the
// loads' descriptors get #mp_a and #mp_b from the dpas, and nothing is converted.
#mp_c11 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
#mp_a_pfh = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 32]>
#mp_b_pfh = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 32]>
func.func @appendix_1_1(%A: memref<1024x1024xbf16>, %B: memref<1024x1024xbf16>, %C: memref<1024x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %pa = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16, #mp_a_pfh>
  %pb = xegpu.create_nd_tdesc %B : memref<1024x1024xbf16> -> !xegpu.tensor_desc<32x256xbf16, #mp_b_pfh>
  xegpu.prefetch_nd %pa[%c0, %c0] : !xegpu.tensor_desc<256x32xbf16, #mp_a_pfh>
  xegpu.prefetch_nd %pb[%c0, %c0] : !xegpu.tensor_desc<32x256xbf16, #mp_b_pfh>
  %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16>
  %tb = xegpu.create_nd_tdesc %B : memref<1024x1024xbf16> -> !xegpu.tensor_desc<32x256xbf16>
  %zero = arith.constant dense<0.0> : vector<256x256xf32>
  %acc = scf.for %k = %c0 to %c1024 step %c32 iter_args(%s = %zero) -> (vector<256x256xf32>) {
    %a = xegpu.load_nd %ta[%c0, %k] : !xegpu.tensor_desc<256x32xbf16> -> vector<256x32xbf16>
    %b = xegpu.load_nd %tb[%k, %c0] : !xegpu.tensor_desc<32x256xbf16> -> vector<32x256xbf16>
    %kn = arith.addi %k, %c32 : index
    xegpu.prefetch_nd %pa[%c0, %kn] : !xegpu.tensor_desc<256x32xbf16, #mp_a_pfh>
    xegpu.prefetch_nd %pb[%kn, %c0] : !xegpu.tensor_desc<32x256xbf16, #mp_b_pfh>
    %d = xegpu.dpas %a, %b, %s {layout_cd = #mp_c11} : vector<256x32xbf16>, vector<32x256xbf16>, vector<256x256xf32> -> vector<256x256xf32>
    scf.yield %d : vector<256x256xf32>
  }
  %tc = xegpu.create_nd_tdesc %C : memref<1024x1024xf32> -> !xegpu.tensor_desc<256x256xf32, #mp_c11>
  xegpu.store_nd %acc, %tc[%c0, %c0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #mp_c11>
  return
}
// CHECK-LABEL: func.func @appendix_1_1(
// CHECK: %pa = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16, #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 32]>>
// CHECK: %pb = xegpu.create_nd_tdesc %B : memref<1024x1024xbf16> -> !xegpu.tensor_desc<32x256xbf16, #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 32]>>
// CHECK: xegpu.prefetch_nd %pa[%c0, %c0] <{layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 32]>}>
// CHECK: %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<256x32xbf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>>
// CHECK: %tb = xegpu.create_nd_tdesc %B : memref<1024x1024xbf16> -> !xegpu.tensor_desc<32x256xbf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>>
// CHECK-NOT: convert_layout
// CHECK: xegpu.prefetch_nd %pb[%kn, %c0] <{layout = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 32]>}>
// CHECK-NOT: convert_layout
// CHECK: return

// RFC Appendix 1.3 (two-level prefetch, 512x256 C): D [8, 4]/[64, 64] gives A [8, 4]/[64, 32]
// and B [8, 4]/[32, 64] (layouts-spec 2.1); the prefetch maps stay [32, 1]/[16, 32] and
// [4, 8]/[8, 32].
#mp_c13 = #xegpu.layout<sg_layout = [8, 4], sg_data = [64, 64]>
#mp_a_pf13 = #xegpu.layout<sg_layout = [32, 1], sg_data = [16, 32]>
#mp_b_pf13 = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 32]>
func.func @appendix_1_3(%A: memref<1024x1024xbf16>, %B: memref<1024x1024xbf16>, %C: memref<1024x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %pa = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<512x32xbf16, #mp_a_pf13>
  %pb = xegpu.create_nd_tdesc %B : memref<1024x1024xbf16> -> !xegpu.tensor_desc<32x256xbf16, #mp_b_pf13>
  xegpu.prefetch_nd %pa[%c0, %c0] : !xegpu.tensor_desc<512x32xbf16, #mp_a_pf13>
  xegpu.prefetch_nd %pb[%c0, %c0] : !xegpu.tensor_desc<32x256xbf16, #mp_b_pf13>
  %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<512x32xbf16>
  %tb = xegpu.create_nd_tdesc %B : memref<1024x1024xbf16> -> !xegpu.tensor_desc<32x256xbf16>
  %zero = arith.constant dense<0.0> : vector<512x256xf32>
  %acc = scf.for %k = %c0 to %c1024 step %c32 iter_args(%s = %zero) -> (vector<512x256xf32>) {
    %a = xegpu.load_nd %ta[%c0, %k] : !xegpu.tensor_desc<512x32xbf16> -> vector<512x32xbf16>
    %b = xegpu.load_nd %tb[%k, %c0] : !xegpu.tensor_desc<32x256xbf16> -> vector<32x256xbf16>
    xegpu.prefetch_nd %pa[%c0, %k] : !xegpu.tensor_desc<512x32xbf16, #mp_a_pf13>
    xegpu.prefetch_nd %pb[%k, %c0] : !xegpu.tensor_desc<32x256xbf16, #mp_b_pf13>
    %d = xegpu.dpas %a, %b, %s {layout_cd = #mp_c13} : vector<512x32xbf16>, vector<32x256xbf16>, vector<512x256xf32> -> vector<512x256xf32>
    scf.yield %d : vector<512x256xf32>
  }
  %tc = xegpu.create_nd_tdesc %C : memref<1024x1024xf32> -> !xegpu.tensor_desc<512x256xf32, #mp_c13>
  xegpu.store_nd %acc, %tc[%c0, %c0] : vector<512x256xf32>, !xegpu.tensor_desc<512x256xf32, #mp_c13>
  return
}
// CHECK-LABEL: func.func @appendix_1_3(
// CHECK: %pa = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<512x32xbf16, #xegpu.layout<sg_layout = [32, 1], sg_data = [16, 32]>>
// CHECK: %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xbf16> -> !xegpu.tensor_desc<512x32xbf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [64, 32], order = [1, 0]>>
// CHECK: %tb = xegpu.create_nd_tdesc %B : memref<1024x1024xbf16> -> !xegpu.tensor_desc<32x256xbf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>>
// CHECK: %d = xegpu.dpas %a, %b, %s {layout_a = #xegpu.layout<sg_layout = [8, 4], sg_data = [64, 32], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>, layout_cd = #xegpu.layout<sg_layout = [8, 4], sg_data = [64, 64]>}
// CHECK-NOT: convert_layout
// CHECK: return
