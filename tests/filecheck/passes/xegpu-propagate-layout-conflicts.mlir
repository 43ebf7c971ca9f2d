// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// Conflicts: a value keeps its first (anchor) requirement; other consumers get a convert_layout.
// Appendix 1.2 shape: the dpas result [8, 4]/[32, 64] feeds a row reduction that needs
// [32, 1]/[8, 256] (#mp_reduce2): a conversion is inserted in front of the reduction only.
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
#red = #xegpu.layout<sg_layout = [32], sg_data = [8]>
func.func @dpas_then_reduce(%a: vector<256x32xf16>, %b: vector<32x256xf16>, %o: memref<256x256xf32>, %o2: memref<256xf32>) {
  %d = xegpu.dpas %a, %b {layout_cd = #c} : vector<256x32xf16>, vector<32x256xf16> -> vector<256x256xf32>
  %t = xegpu.create_nd_tdesc %o : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
  xegpu.store_nd %d, %t[0, 0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
  %z = arith.constant dense<0.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %d, %z [1] : vector<256x256xf32> to vector<256xf32>
  %t2 = xegpu.create_nd_tdesc %o2 : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #red>
  xegpu.store_nd %s, %t2[0] : vector<256xf32>, !xegpu.tensor_desc<256xf32, #red>
  return
}
// CHECK-LABEL: func.func @dpas_then_reduce(
// CHECK: %[[CV:.*]] = xegpu.convert_layout %d <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 256], order = [1, 0]>}> : vector<256x256xf32>
// CHECK: xegpu.store_nd %d, %t[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>}> : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>>
// CHECK: %z = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [32], sg_data = [8], order = [0]>} dense<0.000000e+00> : vector<256xf32>
// CHECK: %s = vector.multi_reduction <add>, %[[CV]], %z {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 256], order = [1, 0]>, dims = [1]>} [1] : vector<256x256xf32> to vector<256xf32>
// CHECK: xegpu.store_nd %s, %t2[0] <{layout = #xegpu.layout<sg_layout = [32], sg_data = [8]>}> : vector<256xf32>, !xegpu.tensor_desc<256xf32, #xegpu.layout<sg_layout = [32], sg_data = [8]>>

// -----

// An explicit convert_layout is a barrier: its operand needs input_layout, its result has
// target_layout; nothing flows through it.
#in = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#tg = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
func.func @explicit(%x: vector<256x128xf32>, %o: memref<256x128xf32>) {
  %e = math.exp %x : vector<256x128xf32>
  %c = xegpu.convert_layout %e <{input_layout = #in, target_layout = #tg}> : vector<256x128xf32>
  %n = arith.negf %c : vector<256x128xf32>
  %t = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #tg>
  xegpu.store_nd %n, %t[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #tg>
  return
}
// CHECK-LABEL: func.func @explicit(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} : vector<256x128xf32>
// CHECK: %c = xegpu.convert_layout %e <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}> : vector<256x128xf32>
// CHECK-NOT: xegpu.convert_layout
// CHECK: %n = arith.negf %c {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>} : vector<256x128xf32>
// CHECK: xegpu.store_nd %n, %t[0, 0] <{layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>>

// -----

// Two stores of one value with different layouts: the first store's layout wins, the second
// store gets a conversion (no diagnostic).
#l1 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#l2 = #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 16]>
func.func @two_stores(%x: vector<256x128xf32>, %o: memref<256x128xf32>) {
  %e = math.exp %x : vector<256x128xf32>
  %t1 = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #l1>
  xegpu.store_nd %e, %t1[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #l1>
  %t2 = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #l2>
  xegpu.store_nd %e, %t2[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #l2>
  return
}
// CHECK-LABEL: func.func @two_stores(
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} : vector<256x128xf32>
// CHECK: %[[CV:.*]] = xegpu.convert_layout %e <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, target_layout = #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 16]>}> : vector<256x128xf32>
// CHECK: xegpu.store_nd %e, %t1[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>>
// CHECK: xegpu.store_nd %[[CV]], %t2[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 16]>}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 16]>>

// -----

// A constant used under two layouts is cloned, not converted.
#p = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#q = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
func.func @constant_clone(%x: vector<256x128xf32>, %y: vector<256x128xf32>, %o: memref<256x128xf32>) {
  %one = arith.constant dense<1.0> : vector<256x128xf32>
  %a = arith.addf %x, %one : vector<256x128xf32>
  %b = arith.mulf %y, %one : vector<256x128xf32>
  %t1 = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #p>
  xegpu.store_nd %a, %t1[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #p>
  %t2 = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #q>
  xegpu.store_nd %b, %t2[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #q>
  return
}
// CHECK-LABEL: func.func @constant_clone(
// CHECK-NOT: convert_layout
// CHECK: %one = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} dense<1.000000e+00> : vector<256x128xf32>
// CHECK: %one_1 = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>} dense<1.000000e+00> : vector<256x128xf32>
// CHECK: %a = arith.addf %x, %one {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} : vector<256x128xf32>
// CHECK: %b = arith.mulf %y, %one_1 {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>} : vector<256x128xf32>
// CHECK: xegpu.store_nd %a, %t1[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>>
// CHECK: xegpu.store_nd %b, %t2[0, 0] <{layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>>

// -----

// A loop-carried value whose init comes with another layout: converted before the loop.
#acc = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#ld = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
func.func @init_conflict(%m: memref<256x128xf32>, %o: memref<256x128xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #ld>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x128xf32, #ld> -> vector<256x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> (vector<256x128xf32>) {
    %e = math.exp %v : vector<256x128xf32>
    scf.yield %e : vector<256x128xf32>
  }
  %to = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #acc>
  xegpu.store_nd %r, %to[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #acc>
  return
}
// CHECK-LABEL: func.func @init_conflict(
// CHECK: %[[CV:.*]] = xegpu.convert_layout %x <{input_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>, target_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}> : vector<256x128xf32>
// CHECK: %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %[[CV]]) -> (vector<256x128xf32>) {
// CHECK: %e = math.exp %v {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>} : vector<256x128xf32>
// CHECK: xegpu.store_nd %r, %to[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>>

// -----

// A value used as dpas B and by another consumer: B keeps the layout the dpas derives (it is
// loaded that way), the other consumer gets a conversion (LLVM 22 keeps one layout silently).
#c = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>
#s = #xegpu.layout<sg_layout = [16, 1], sg_data = [4, 128]>
gpu.module @k {
gpu.func @b_and_store(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>, %D: memref<64x128xf16>) kernel {
  %ta = xegpu.create_nd_tdesc %A : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16>
  %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16>
  %a = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<128x64xf16> -> vector<128x64xf16>
  %b = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<64x128xf16> -> vector<64x128xf16>
  %d = xegpu.dpas %a, %b {layout_cd = #c} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %tc = xegpu.create_nd_tdesc %C : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #c>
  xegpu.store_nd %d, %tc[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #c>
  %nb = arith.negf %b : vector<64x128xf16>
  %td = xegpu.create_nd_tdesc %D : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16, #s>
  xegpu.store_nd %nb, %td[0, 0] : vector<64x128xf16>, !xegpu.tensor_desc<64x128xf16, #s>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @b_and_store(
// CHECK: %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16, #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [1, 0]>>
// CHECK: %[[CV:.*]] = xegpu.convert_layout %b <{input_layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [1, 0]>, target_layout = #xegpu.layout<sg_layout = [16, 1], sg_data = [4, 128]>}>
// CHECK: xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [1, 0]>
// CHECK: %nb = arith.negf %[[CV]] {layout_result_0 = #xegpu.layout<sg_layout = [16, 1], sg_data = [4, 128], order = [1, 0]>}

// -----

// A user's convert_layout whose consumer has no layout (a return) keeps its target_layout
// (LLVM 22 rewrites it to a lane default and then fails its own verifier).
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
func.func @convert_no_consumer_layout(%x: vector<256x128xf32>, %o: memref<256x128xf32>) -> vector<256x128xf32> {
  %t = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #a>
  %e = math.exp %x : vector<256x128xf32>
  xegpu.store_nd %e, %t[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #a>
  %c = xegpu.convert_layout %e <{input_layout = #a, target_layout = #b}> : vector<256x128xf32>
  return %c : vector<256x128xf32>
}
// CHECK-LABEL: func.func @convert_no_consumer_layout(
// CHECK: %c = xegpu.convert_layout %e <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}>
// CHECK-NEXT: return %c
