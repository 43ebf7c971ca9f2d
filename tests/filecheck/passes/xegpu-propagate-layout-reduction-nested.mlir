// RUN: wgdist-opt %s -p xegpu-propagate-layout | filecheck %s

// A store anchor that is a slice of a slice (nested reductions): each reduction's source takes the
// inner slice (was: 'result layout slices dims [1] of a rank-2 parent, but the op reduces dims [1] of
// a rank-2 source'). tests/unit/propagate/test_subgroup_check.py runs it through distribution.
#s = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64]>, dims = [2]>, dims = [1]>
gpu.module @k {
gpu.func @nested(%in: memref<256x64xf32>, %m: memref<8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %t = xegpu.create_nd_tdesc %in : memref<256x64xf32> -> !xegpu.tensor_desc<256x64xf32>
  %l = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x64xf32> -> vector<256x64xf32>
  %x = vector.shape_cast %l : vector<256x64xf32> to vector<8x32x64xf32>
  %z2 = arith.constant dense<0.0> : vector<8x32xf32>
  %r1 = vector.multi_reduction <add>, %x, %z2 [2] : vector<8x32x64xf32> to vector<8x32xf32>
  %z1 = arith.constant dense<0.0> : vector<8xf32>
  %r2 = vector.multi_reduction <add>, %r1, %z1 [1] : vector<8x32xf32> to vector<8xf32>
  %s = vector.step : vector<8xindex>
  %mask = arith.constant dense<true> : vector<8xi1>
  xegpu.store %r2, %m[%s], %mask <{layout = #s}> : vector<8xf32>, memref<8xf32>, vector<8xindex>, vector<8xi1>
  gpu.return
}
}
// CHECK: %x = vector.shape_cast %l {layout_result_0 = #xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64], order = [2, 1, 0]>} : vector<256x64xf32> to vector<8x32x64xf32>
// CHECK: %r1 = vector.multi_reduction <add>, %x, %z2 {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64], order = [2, 1, 0]>, dims = [2]>} [2] : vector<8x32x64xf32> to vector<8x32xf32>
// CHECK: %z1 = arith.constant {layout_result_0 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64], order = [2, 1, 0]>, dims = [2]>, dims = [1]>} dense<0.000000e+00> : vector<8xf32>
// CHECK: %r2 = vector.multi_reduction <add>, %r1, %z1 {layout_result_0 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 1], sg_data = [1, 32, 64], order = [2, 1, 0]>, dims = [2]>, dims = [1]>} [1] : vector<8x32xf32> to vector<8xf32>
