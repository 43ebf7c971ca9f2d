// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// scf: init, region argument, yield and result carry one layout; a K loop with a dpas
// accumulator and descriptors updated in the loop.
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
func.func @k_loop(%A: memref<256x1024xf16>, %B: memref<1024x256xf16>, %C: memref<256x256xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %ta = xegpu.create_nd_tdesc %A : memref<256x1024xf16> -> !xegpu.tensor_desc<256x32xf16>
  %tb = xegpu.create_nd_tdesc %B : memref<1024x256xf16> -> !xegpu.tensor_desc<32x256xf16>
  %zero = arith.constant dense<0.0> : vector<256x256xf32>
  %r:3 = scf.for %k = %c0 to %c1024 step %c32 iter_args(%acc = %zero, %pa = %ta, %pb = %tb) -> (vector<256x256xf32>, !xegpu.tensor_desc<256x32xf16>, !xegpu.tensor_desc<32x256xf16>) {
    %a = xegpu.load_nd %pa[0, 0] : !xegpu.tensor_desc<256x32xf16> -> vector<256x32xf16>
    %b = xegpu.load_nd %pb[0, 0] : !xegpu.tensor_desc<32x256xf16> -> vector<32x256xf16>
    %d = xegpu.dpas %a, %b, %acc {layout_cd = #c} : vector<256x32xf16>, vector<32x256xf16>, vector<256x256xf32> -> vector<256x256xf32>
    %na = xegpu.update_nd_offset %pa, [0, 32] : !xegpu.tensor_desc<256x32xf16>
    %nb = xegpu.update_nd_offset %pb, [32, 0] : !xegpu.tensor_desc<32x256xf16>
    scf.yield %d, %na, %nb : vector<256x256xf32>, !xegpu.tensor_desc<256x32xf16>, !xegpu.tensor_desc<32x256xf16>
  }
  %relu0 = arith.constant dense<0.0> : vector<256x256xf32>
  %y = arith.maximumf %r#0, %relu0 : vector<256x256xf32>
  %tc = xegpu.create_nd_tdesc %C : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
  xegpu.store_nd %y, %tc[0, 0] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
  return
}
// CHECK-LABEL: func.func @k_loop(
// CHECK: %zero = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} dense<0.000000e+00> : vector<256x256xf32>
// CHECK: %r, %r_1, %r_2 = scf.for %k = %c0 to %c1024 step %c32 iter_args(%acc = %zero, %pa = %ta, %pb = %tb) -> (vector<256x256xf32>, !xegpu.tensor_desc<256x32xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>>, !xegpu.tensor_desc<32x256xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>>) {
// CHECK: %a = xegpu.load_nd %pa[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>}> : !xegpu.tensor_desc<256x32xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>> -> vector<256x32xf16>
// CHECK: %b = xegpu.load_nd %pb[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}> : !xegpu.tensor_desc<32x256xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>> -> vector<32x256xf16>
// CHECK: %d = xegpu.dpas %a, %b, %acc {layout_a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>, layout_cd = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>} : vector<256x32xf16>, vector<32x256xf16>, vector<256x256xf32> -> vector<256x256xf32>
// CHECK: %na = xegpu.update_nd_offset %pa, [0, 32] : !xegpu.tensor_desc<256x32xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>>
// CHECK: %nb = xegpu.update_nd_offset %pb, [32, 0] : !xegpu.tensor_desc<32x256xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>>
// CHECK: scf.yield %d, %na, %nb : vector<256x256xf32>, !xegpu.tensor_desc<256x32xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>>, !xegpu.tensor_desc<32x256xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>>
// CHECK: } {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// CHECK: %relu0 = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} dense<0.000000e+00> : vector<256x256xf32>
// CHECK: %y = arith.maximumf %r, %relu0 {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>} : vector<256x256xf32>

// -----


// scf.if: both yields take the result's layout.
#s = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16]>
func.func @if_else(%p: i1, %x: vector<128x128xf32>, %o: memref<128x128xf32>) {
  %r = scf.if %p -> (vector<128x128xf32>) {
    %e = math.exp %x : vector<128x128xf32>
    scf.yield %e : vector<128x128xf32>
  } else {
    %n = arith.negf %x : vector<128x128xf32>
    scf.yield %n : vector<128x128xf32>
  }
  %t = xegpu.create_nd_tdesc %o : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #s>
  xegpu.store_nd %r, %t[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #s>
  return
}
// CHECK-LABEL: func.func @if_else(
// CHECK: %r = scf.if %p -> (vector<128x128xf32>) {
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16], order = [1, 0]>} : vector<128x128xf32>
// CHECK: scf.yield %e : vector<128x128xf32>
// CHECK: %n = arith.negf %x {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16], order = [1, 0]>} : vector<128x128xf32>
// CHECK: scf.yield %n : vector<128x128xf32>
// CHECK: }{layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16], order = [1, 0]>}

// -----


// scf.while: before arguments, condition operands, after arguments and results.
#w = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16]>
func.func @while_loop(%x: vector<128x128xf32>, %o: memref<128x128xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%v = %x, %i = %c0) : (vector<128x128xf32>, index) -> (vector<128x128xf32>, index) {
    %go = arith.cmpi slt, %i, %n : index
    %e = math.exp %v : vector<128x128xf32>
    scf.condition(%go) %e, %i : vector<128x128xf32>, index
  } do {
  ^bb0(%v2: vector<128x128xf32>, %i2: index):
    %m = arith.negf %v2 : vector<128x128xf32>
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %m, %i3 : vector<128x128xf32>, index
  }
  %t = xegpu.create_nd_tdesc %o : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #w>
  xegpu.store_nd %r#0, %t[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #w>
  return
}
// CHECK-LABEL: func.func @while_loop(
// CHECK: %r, %r_1 = scf.while (%v = %x, %i = %c0) : (vector<128x128xf32>, index) -> (vector<128x128xf32>, index) {
// CHECK: %e = math.exp %v {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16], order = [1, 0]>} : vector<128x128xf32>
// CHECK: scf.condition(%go) %e, %i : vector<128x128xf32>, index
// CHECK: ^bb0(%v2: vector<128x128xf32>, %i2: index):
// CHECK: %m = arith.negf %v2 {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16], order = [1, 0]>} : vector<128x128xf32>
// CHECK: scf.yield %m, %i3 : vector<128x128xf32>, index
// CHECK: } attributes {layout_result_0 = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16], order = [1, 0]>}

// -----

// Regression (LLVM 22 aborts with "Failed to update operation with the layout."): the loop
// carries the store's layout; the load inside with another layout is converted, not rejected.
#acc = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#other = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
func.func @yield_conflict(%m: memref<256x128xf32>, %o: memref<256x128xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant dense<0.0> : vector<256x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %z) -> (vector<256x128xf32>) {
    %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #other>
    %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x128xf32, #other> -> vector<256x128xf32>
    %s = arith.addf %v, %x : vector<256x128xf32>
    scf.yield %s : vector<256x128xf32>
  }
  %to = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #acc>
  xegpu.store_nd %r, %to[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #acc>
  return
}
// CHECK-LABEL: func.func @yield_conflict(
// CHECK: %z = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>}
// CHECK: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}>
// CHECK-NEXT: %[[CV:.*]] = xegpu.convert_layout %x <{input_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>, target_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}>
// CHECK-NEXT: %s = arith.addf %v, %[[CV]] {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>}
// CHECK-NEXT: scf.yield %s
// CHECK-NEXT: } {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>}
