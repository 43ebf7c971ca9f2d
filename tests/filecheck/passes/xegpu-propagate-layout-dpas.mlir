// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// A dpas with only layout_cd: A and B are derived (same sg_layout and order, full K).
#c = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [0, 1]>
func.func @cd_only(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %out: memref<128x128xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<128x64xf16> -> vector<128x64xf16>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<64x128xf16> -> vector<64x128xf16>
  %d = xegpu.dpas %va, %vb {layout_cd = #c} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %to = xegpu.create_nd_tdesc %out : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #c>
  xegpu.store_nd %d, %to[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #c>
  return
}
// CHECK-LABEL: func.func @cd_only(
// CHECK: %ta = xegpu.create_nd_tdesc %a : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16, #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [0, 1]>>
// CHECK: %tb = xegpu.create_nd_tdesc %b : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16, #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [0, 1]>>
// CHECK: %va = xegpu.load_nd %ta[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [0, 1]>}>
// CHECK: %vb = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [0, 1]>}>
// CHECK: %d = xegpu.dpas %va, %vb {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [0, 1]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [0, 1]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [0, 1]>}
// CHECK: xegpu.store_nd %d, %to[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [0, 1]>}>
// CHECK-NOT: convert_layout

// -----

// RFC example (layouts-spec 2.1): D [8,4]/[32,64] on 256x256 with K = 32; the accumulator
// comes from a constant and takes layout_cd.
#d = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
func.func @rfc_dpas(%a: vector<256x32xbf16>, %b: vector<32x256xbf16>) -> vector<256x256xf32> {
  %a2 = arith.addf %a, %a : vector<256x32xbf16>
  %acc = arith.constant dense<0.0> : vector<256x256xf32>
  %d = xegpu.dpas %a2, %b, %acc {layout_cd = #d} : vector<256x32xbf16>, vector<32x256xbf16>, vector<256x256xf32> -> vector<256x256xf32>
  return %d : vector<256x256xf32>
}
// CHECK-LABEL: func.func @rfc_dpas(
// CHECK: %a2 = arith.addf %a, %a {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>}
// CHECK: %acc = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} dense<0.000000e+00>
// CHECK: xegpu.dpas %a2, %b, %acc {layout_a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>, layout_cd = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>}

// -----

// User-given layout_a/layout_b are kept as written, even when they are not the derived ones.
#a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>
#cc = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>
func.func @user_ab(%a: vector<128x128xf16>, %b: vector<128x128xf16>) -> vector<128x128xf32> {
  %n = arith.negf %a : vector<128x128xf16>
  %d = xegpu.dpas %n, %b {layout_a = #a, layout_b = #b, layout_cd = #cc} : vector<128x128xf16>, vector<128x128xf16> -> vector<128x128xf32>
  return %d : vector<128x128xf32>
}
// CHECK-LABEL: func.func @user_ab(
// CHECK: %n = arith.negf %a {layout_result_0 = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [1, 0]>}
// CHECK: xegpu.dpas %n, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}

// -----

// A packed (VNNI) B load: vector<16x32x2xf16> is the 32x32 B matrix; its layout is the 2-D
// B layout, derived with K = 16 * 2 from a dpas with only layout_cd (was: "only 2-D A and B
// operands are supported").
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
gpu.module @k {
gpu.func @packed_b(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) kernel {
  %ta = xegpu.create_nd_tdesc %A : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16>
  %tb = xegpu.create_nd_tdesc %B : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16>
  %tc = xegpu.create_nd_tdesc %C : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #c>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{packed}> : !xegpu.tensor_desc<32x32xf16> -> vector<16x32x2xf16>
  %d = xegpu.dpas %va, %vb {layout_cd = #c} : vector<32x32xf16>, vector<16x32x2xf16> -> vector<32x32xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #c}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #c>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @packed_b(
// CHECK: %tb = xegpu.create_nd_tdesc %B : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16], order = [1, 0]>>
// CHECK: %vb = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16], order = [1, 0]>, packed}>
// CHECK: xegpu.dpas %va, %vb {layout_a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16], order = [1, 0]>, layout_cd = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}

// -----

// The same with every dpas layout given: the packed value's 2-D layout is checked against the
// 32x32 descriptor, not the 16x32x2 vector (was: "expected layout rank 2 to match the rank 3").
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
gpu.module @k {
gpu.func @packed_b_anchored(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) kernel {
  %ta = xegpu.create_nd_tdesc %A : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16, #a>
  %tb = xegpu.create_nd_tdesc %B : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16, #b>
  %tc = xegpu.create_nd_tdesc %C : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #c>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #a}> : !xegpu.tensor_desc<32x32xf16, #a> -> vector<32x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{packed}> : !xegpu.tensor_desc<32x32xf16, #b> -> vector<16x32x2xf16>
  %d = xegpu.dpas %va, %vb {layout_a = #a, layout_b = #b, layout_cd = #c} : vector<32x32xf16>, vector<16x32x2xf16> -> vector<32x32xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #c}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #c>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @packed_b_anchored(
// CHECK: %vb = xegpu.load_nd %tb[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16]>, packed}>
// CHECK-NOT: convert_layout

// -----

// A dpas with only layout_a and layout_b stored through a descriptor without a layout: C/D is
// derived (sg_layout and order of A, sg_data [D_A[0], D_B[1]]) and the descriptor takes it (was:
// "cannot derive a layout for %d").
#a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>
#b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>
gpu.module @k {
gpu.func @ab_only(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) kernel {
  %ta = xegpu.create_nd_tdesc %A : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16>
  %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16>
  %a = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<128x64xf16> -> vector<128x64xf16>
  %b = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<64x128xf16> -> vector<64x128xf16>
  %d = xegpu.dpas %a, %b {layout_a = #a, layout_b = #b} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %tc = xegpu.create_nd_tdesc %C : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @ab_only(
// CHECK: %d = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [1, 0]>}
// CHECK: %tc = xegpu.create_nd_tdesc %C : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [1, 0]>>
// CHECK-NOT: convert_layout
