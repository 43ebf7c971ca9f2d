// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --func interleave_from_store | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --func deinterleave_sum | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --func deinterleave_second_only | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --func deinterleave_converts | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --func deinterleave_halves_disagree | filecheck %s --check-prefix=AGREE

// xegpu-propagate-layout through vector.interleave / deinterleave at subgroup level: the narrow
// side (interleave operands, both deinterleave results) takes the wide side's split with the
// trailing sg_data halved, and back; the two deinterleave results always share one layout.
// (Lane and inst level, against mlir-opt 22: xegpu-propagate-layout-interleave-lanes.mlir.)
// AGREE: agree: every buffer matches

#w = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 32]>
func.func @interleave_from_store(%a: memref<16x32xf32>, %b: memref<16x32xf32>, %dst: memref<16x64xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32>
  %tb = xegpu.create_nd_tdesc %b : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32>
  %o = xegpu.create_nd_tdesc %dst : memref<16x64xf32> -> !xegpu.tensor_desc<16x64xf32, #w>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
  %i = vector.interleave %va, %vb : vector<16x32xf32> -> vector<16x64xf32>
  xegpu.store_nd %i, %o[0, 0] : vector<16x64xf32>, !xegpu.tensor_desc<16x64xf32, #w>
  func.return
}
// CHECK-LABEL: func.func @interleave_from_store
// CHECK:       xegpu.load_nd {{.*}} <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>}>
// CHECK:       xegpu.load_nd {{.*}} <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>}>
// CHECK:       vector.interleave %va, %vb {layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 32]{{.*}}>}

// -----

// The halves are added and the sum stored with [4]/[8]: the source load takes [4]/[16].
#h = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @deinterleave_sum(%src: memref<128xi32>, %odd: memref<64xi32>) {
  %t = xegpu.create_nd_tdesc %src : memref<128xi32> -> !xegpu.tensor_desc<128xi32>
  %o = xegpu.create_nd_tdesc %odd : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #h>
  %v = xegpu.load_nd %t[0] : !xegpu.tensor_desc<128xi32> -> vector<128xi32>
  %x, %y = vector.deinterleave %v : vector<128xi32> -> vector<64xi32>
  %s = arith.addi %x, %y : vector<64xi32>
  xegpu.store_nd %s, %o[0] : vector<64xi32>, !xegpu.tensor_desc<64xi32, #h>
  func.return
}
// CHECK-LABEL: func.func @deinterleave_sum
// CHECK:       xegpu.load_nd {{.*}} <{layout = #xegpu.layout<sg_layout = [4], sg_data = [16]>}>
// CHECK:       vector.deinterleave %v {layout_result_0 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>, layout_result_1 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>}

// -----

// Only the odd half is used: the even half takes its layout too (one layout for both).
#h2 = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @deinterleave_second_only(%src: memref<128xi32>, %odd: memref<64xi32>) {
  %t = xegpu.create_nd_tdesc %src : memref<128xi32> -> !xegpu.tensor_desc<128xi32>
  %o = xegpu.create_nd_tdesc %odd : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #h2>
  %v = xegpu.load_nd %t[0] : !xegpu.tensor_desc<128xi32> -> vector<128xi32>
  %x, %y = vector.deinterleave %v : vector<128xi32> -> vector<64xi32>
  xegpu.store_nd %y, %o[0] : vector<64xi32>, !xegpu.tensor_desc<64xi32, #h2>
  func.return
}
// CHECK-LABEL: func.func @deinterleave_second_only
// CHECK:       xegpu.load_nd {{.*}} <{layout = #xegpu.layout<sg_layout = [4], sg_data = [16]>}>
// CHECK:       vector.deinterleave %v {layout_result_0 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>, layout_result_1 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>}

// -----

// The source's descriptor says [4]/[32], the stored half [4]/[8]: the source converts to
// [4]/[16] in front of the deinterleave.
#src = #xegpu.layout<sg_layout = [4], sg_data = [32]>
#n8 = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @deinterleave_converts(%src: memref<128xi32>, %odd: memref<64xi32>) {
  %t = xegpu.create_nd_tdesc %src : memref<128xi32> -> !xegpu.tensor_desc<128xi32, #src>
  %o = xegpu.create_nd_tdesc %odd : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #n8>
  %v = xegpu.load_nd %t[0] : !xegpu.tensor_desc<128xi32, #src> -> vector<128xi32>
  %x, %y = vector.deinterleave %v : vector<128xi32> -> vector<64xi32>
  xegpu.store_nd %y, %o[0] : vector<64xi32>, !xegpu.tensor_desc<64xi32, #n8>
  func.return
}
// CHECK-LABEL: func.func @deinterleave_converts
// CHECK:       %[[C:.*]] = xegpu.convert_layout %v <{input_layout = #xegpu.layout<sg_layout = [4], sg_data = [32]>, target_layout = #xegpu.layout<sg_layout = [4], sg_data = [16]>}>
// CHECK:       vector.deinterleave %[[C]] {layout_result_0 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>, layout_result_1 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>}

// -----

// The halves are stored under different splits: both keep the first one met ([4]/[8]) and the
// other store gets a convert_layout.
#ha = #xegpu.layout<sg_layout = [4], sg_data = [8]>
#hb = #xegpu.layout<sg_layout = [4], sg_data = [16]>
func.func @deinterleave_halves_disagree(%src: memref<128xi32>, %e: memref<64xi32>, %o: memref<64xi32>) {
  %t = xegpu.create_nd_tdesc %src : memref<128xi32> -> !xegpu.tensor_desc<128xi32>
  %te = xegpu.create_nd_tdesc %e : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #ha>
  %to = xegpu.create_nd_tdesc %o : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #hb>
  %v = xegpu.load_nd %t[0] : !xegpu.tensor_desc<128xi32> -> vector<128xi32>
  %x, %y = vector.deinterleave %v : vector<128xi32> -> vector<64xi32>
  xegpu.store_nd %x, %te[0] : vector<64xi32>, !xegpu.tensor_desc<64xi32, #ha>
  xegpu.store_nd %y, %to[0] : vector<64xi32>, !xegpu.tensor_desc<64xi32, #hb>
  func.return
}
// CHECK-LABEL: func.func @deinterleave_halves_disagree
// CHECK:       %x, %y = vector.deinterleave %v {layout_result_0 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>, layout_result_1 = #xegpu.layout<sg_layout = [4], sg_data = [8]{{.*}}>}
// CHECK:       xegpu.convert_layout %y <{input_layout = #xegpu.layout<sg_layout = [4], sg_data = [8]>, target_layout = #xegpu.layout<sg_layout = [4], sg_data = [16]>}>
