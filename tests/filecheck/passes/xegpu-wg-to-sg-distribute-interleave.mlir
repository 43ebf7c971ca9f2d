// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | mlir-opt-22 --split-input-file > /dev/null
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func interleave_keeps | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func deinterleave_wrap_1d | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func interleave_moves | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func roundtrip_sharing | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func slices | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --func interleave_keeps | filecheck %s --check-prefix=AGREE

// vector.interleave / deinterleave where each subgroup keeps its data (the wide trailing tile
// is twice the narrow one): one subgroup op per tile. Operands split otherwise move first
// (inside the subgroup, or through SLM). LLVM 22 does not distribute these ops.
// AGREE: agree: every buffer matches

#n = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>
#w = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 32]>
func.func @interleave_keeps(%a: memref<16x32xf32>, %b: memref<16x32xf32>, %dst: memref<16x64xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #n>
  %tb = xegpu.create_nd_tdesc %b : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #n>
  %o = xegpu.create_nd_tdesc %dst : memref<16x64xf32> -> !xegpu.tensor_desc<16x64xf32, #w>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #n}> : !xegpu.tensor_desc<16x32xf32, #n> -> vector<16x32xf32>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #n}> : !xegpu.tensor_desc<16x32xf32, #n> -> vector<16x32xf32>
  %i = vector.interleave %va, %vb {layout_result_0 = #w} : vector<16x32xf32> -> vector<16x64xf32>
  xegpu.store_nd %i, %o[0, 0] <{layout = #w}> : vector<16x64xf32>, !xegpu.tensor_desc<16x64xf32, #w>
  func.return
}
// CHECK-LABEL: func.func @interleave_keeps
// CHECK:       %[[A:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<8x16xf32>
// CHECK:       %[[B:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<8x16xf32>
// CHECK:       %[[I:[0-9a-z_]+]] = vector.interleave %[[A]], %[[B]] : vector<8x16xf32> -> vector<8x32xf32>
// CHECK-NOT:   vector.interleave
// CHECK:       xegpu.store_nd %[[I]]

// -----

// Deinterleave, 1-D, wrapping over 2 rounds; the results take the split the source implies
// ([4]/[16] -> [4]/[8]), and both halves are stored.
#s = #xegpu.layout<sg_layout = [4], sg_data = [16]>
#h = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @deinterleave_wrap_1d(%src: memref<128xi32>, %even: memref<64xi32>, %odd: memref<64xi32>) {
  %t = xegpu.create_nd_tdesc %src : memref<128xi32> -> !xegpu.tensor_desc<128xi32, #s>
  %e = xegpu.create_nd_tdesc %even : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #h>
  %o = xegpu.create_nd_tdesc %odd : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #h>
  %v = xegpu.load_nd %t[0] <{layout = #s}> : !xegpu.tensor_desc<128xi32, #s> -> vector<128xi32>
  %x, %y = vector.deinterleave %v : vector<128xi32> -> vector<64xi32>
  xegpu.store_nd %x, %e[0] <{layout = #h}> : vector<64xi32>, !xegpu.tensor_desc<64xi32, #h>
  xegpu.store_nd %y, %o[0] <{layout = #h}> : vector<64xi32>, !xegpu.tensor_desc<64xi32, #h>
  func.return
}
// CHECK-LABEL: func.func @deinterleave_wrap_1d
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<16xi32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<16xi32>
// CHECK:       %[[X0:[0-9a-z_]+]], %[[Y0:[0-9a-z_]+]] = vector.deinterleave %[[V0]] : vector<16xi32> -> vector<8xi32>
// CHECK-NEXT:  %[[X1:[0-9a-z_]+]], %[[Y1:[0-9a-z_]+]] = vector.deinterleave %[[V1]] : vector<16xi32> -> vector<8xi32>
// CHECK:       xegpu.store_nd %[[X0]]
// CHECK:       xegpu.store_nd %[[X1]]
// CHECK:       xegpu.store_nd %[[Y0]]
// CHECK:       xegpu.store_nd %[[Y1]]

// -----

// The operands are split by rows ([4, 1]/[4, 32]) but the result as [2, 2]/[8, 32]: the
// operands move to [2, 2]/[8, 16] through SLM first, then each subgroup interleaves its tiles.
#r = #xegpu.layout<sg_layout = [4, 1], sg_data = [4, 32]>
#w3 = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 32]>
func.func @interleave_moves(%a: memref<16x32xf16>, %dst: memref<16x64xf16>) {
  %ta = xegpu.create_nd_tdesc %a : memref<16x32xf16> -> !xegpu.tensor_desc<16x32xf16, #r>
  %o = xegpu.create_nd_tdesc %dst : memref<16x64xf16> -> !xegpu.tensor_desc<16x64xf16, #w3>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #r}> : !xegpu.tensor_desc<16x32xf16, #r> -> vector<16x32xf16>
  %i = vector.interleave %va, %va {layout_result_0 = #w3} : vector<16x32xf16> -> vector<16x64xf16>
  xegpu.store_nd %i, %o[0, 0] <{layout = #w3}> : vector<16x64xf16>, !xegpu.tensor_desc<16x64xf16, #w3>
  func.return
}
// CHECK-LABEL: func.func @interleave_moves
// CHECK:       gpu.barrier
// CHECK-NOT:   gpu.barrier
// CHECK:       vector.interleave %{{.*}}, %{{.*}} : vector<8x16xf16> -> vector<8x32xf16>

// -----

// Sharing ([8, 1] subgroups over 4 row tiles) and an interleave of the two deinterleave halves
// swapped: every element is stored once (one replica writes).
#s4 = #xegpu.layout<sg_layout = [8, 1], sg_data = [4, 32]>
func.func @roundtrip_sharing(%src: memref<16x32xf32>, %dst: memref<16x32xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #s4>
  %o = xegpu.create_nd_tdesc %dst : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #s4>
  %v = xegpu.load_nd %t[0, 0] <{layout = #s4}> : !xegpu.tensor_desc<16x32xf32, #s4> -> vector<16x32xf32>
  %x, %y = vector.deinterleave %v : vector<16x32xf32> -> vector<16x16xf32>
  %i = vector.interleave %y, %x : vector<16x16xf32> -> vector<16x32xf32>
  xegpu.store_nd %i, %o[0, 0] <{layout = #s4}> : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32, #s4>
  func.return
}
// CHECK-LABEL: func.func @roundtrip_sharing
// CHECK:       %[[X:[0-9a-z_]+]], %[[Y:[0-9a-z_]+]] = vector.deinterleave %{{.*}} : vector<4x32xf32> -> vector<4x16xf32>
// CHECK-NEXT:  %{{.*}} = vector.interleave %[[Y]], %[[X]] : vector<4x16xf32> -> vector<4x32xf32>

// -----

// Slice layouts (a reduction result, shared along the reduced dim): the kept trailing dim's
// sg_data doubles / halves in the root layout.
#sl_l = #xegpu.layout<sg_layout = [2, 4], sg_data = [16, 8]>
#sl_s = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [16, 8]>, dims = [0]>
#sl_w = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [16, 16]>, dims = [0]>
func.func @slices(%x: memref<32x32xf32>, %y: memref<64xf32>) {
  %t = xegpu.create_nd_tdesc %x : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #sl_l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #sl_l}> : !xegpu.tensor_desc<32x32xf32, #sl_l> -> vector<32x32xf32>
  %z = arith.constant {layout_result_0 = #sl_s} dense<0.0> : vector<32xf32>
  %r = vector.multi_reduction <add>, %v, %z {layout_result_0 = #sl_s} [0] : vector<32x32xf32> to vector<32xf32>
  %i = vector.interleave %r, %r {layout_result_0 = #sl_w} : vector<32xf32> -> vector<64xf32>
  %d, %e = vector.deinterleave %i {layout_result_0 = #sl_s, layout_result_1 = #sl_s} : vector<64xf32> -> vector<32xf32>
  %q = arith.addf %d, %e {layout_result_0 = #sl_s} : vector<32xf32>
  %i2 = vector.interleave %q, %r {layout_result_0 = #sl_w} : vector<32xf32> -> vector<64xf32>
  %o = xegpu.create_nd_tdesc %y : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #xegpu.layout<sg_layout = [8], sg_data = [8]>>
  %c = xegpu.convert_layout %i2 <{input_layout = #sl_w, target_layout = #xegpu.layout<sg_layout = [8], sg_data = [8]>}> : vector<64xf32>
  xegpu.store_nd %c, %o[0] <{layout = #xegpu.layout<sg_layout = [8], sg_data = [8]>}> : vector<64xf32>, !xegpu.tensor_desc<64xf32, #xegpu.layout<sg_layout = [8], sg_data = [8]>>
  func.return
}
// CHECK-LABEL: func.func @slices
// CHECK:       %[[R:[0-9a-z_]+]] = vector.interleave %[[X:[0-9a-z_]+]], %[[X]] : vector<8xf32> -> vector<16xf32>
// CHECK-NEXT:  %[[D:[0-9a-z_]+]], %[[E:[0-9a-z_]+]] = vector.deinterleave %[[R]] : vector<16xf32> -> vector<8xf32>
// CHECK:       vector.interleave %{{.*}}, %[[X]] : vector<8xf32> -> vector<16xf32>
