// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// Regressions found by adversarial testing (tests/unit/test_adversarial_pipeline.py proves the
// kernels end to end on the interpreter).

// A column-major 2-D layout has no 1-D equivalent: the cast and the values before it take a
// contiguous block layout, and the 2-D users get theirs through one conversion (was: "no source
// layout gives every subgroup the same elements").
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16], order = [0, 1]>
func.func @cast_without_1d_equivalent(%x: vector<1024xf32>) -> vector<32x32xf32> {
  %e = math.exp %x : vector<1024xf32>
  %y = vector.shape_cast %e : vector<1024xf32> to vector<32x32xf32>
  %z = arith.negf %y {layout_result_0 = #l} : vector<32x32xf32>
  return %z : vector<32x32xf32>
}
// CHECK-LABEL: func.func @cast_without_1d_equivalent
// CHECK:       math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8], sg_data = [128], order = [0]>}
// CHECK-NEXT:  %y = vector.shape_cast %e {layout_result_0 = #xegpu.layout<sg_layout = [8, 1], sg_data = [4, 32], order = [1, 0]>}
// CHECK-NEXT:  xegpu.convert_layout %y <{input_layout = #xegpu.layout<sg_layout = [8, 1], sg_data = [4, 32]>, target_layout = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16], order = [0, 1]>}>
// CHECK-NEXT:  arith.negf

// -----

// A reduction that only feeds vector.reduction follows its source (was: "no anchor reaches it").
#r = #xegpu.layout<sg_layout = [2, 4], sg_data = [4, 4]>
func.func @reduce_to_scalar(%x: vector<16x32xf32>, %o: memref<16x32xf32>) -> f32 {
  %z = arith.constant dense<0.0> : vector<32xf32>
  %r = vector.multi_reduction <add>, %x, %z [0] : vector<16x32xf32> to vector<32xf32>
  %s = vector.reduction <add>, %r : vector<32xf32> into f32
  %t = xegpu.create_nd_tdesc %o : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #r>
  xegpu.store_nd %x, %t[0, 0] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32, #r>
  return %s : f32
}
// CHECK-LABEL: func.func @reduce_to_scalar
// CHECK:       arith.constant {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [4, 4], order = [1, 0]>, dims = [0]>}
// CHECK:       vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [4, 4], order = [1, 0]>, dims = [0]>}

// -----

// A dead load (no users, no anchor) and the descriptor only it reads keep no layout and are no
// error (was: "cannot derive a layout for %t"); distribution leaves them as they are.
#l = #xegpu.layout<sg_layout = [8, 1], sg_data = [32, 1]>
gpu.module @k {
  gpu.func @dead_load(%m: memref<256xf32>, %o: memref<256x1xf32>) kernel {
    %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<256xf32>
    %v = xegpu.load_nd %t[0] : !xegpu.tensor_desc<256xf32> -> vector<256xf32>
    %e = arith.constant dense<1.0> : vector<256xf32>
    %c = vector.shape_cast %e {layout_result_0 = #l} : vector<256xf32> to vector<256x1xf32>
    %to = xegpu.create_nd_tdesc %o : memref<256x1xf32> -> !xegpu.tensor_desc<256x1xf32, #l>
    xegpu.store_nd %c, %to[0, 0] <{layout = #l}> : vector<256x1xf32>, !xegpu.tensor_desc<256x1xf32, #l>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @dead_load
// CHECK-NEXT:  %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<256xf32>
// CHECK-NEXT:  %v = xegpu.load_nd %t[0]  : !xegpu.tensor_desc<256xf32> -> vector<256xf32>
// CHECK-NEXT:  %e = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [8], sg_data = [32], order = [0]>}
