// RUN: wgdist-opt %s --split-input-file -p xegpu-propagate-layout --verify-diagnostics | filecheck %s
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout{num-subgroups=8}' | filecheck %s --check-prefix=N8

// Beyond LLVM 22: a kernel with no subgroup layout gets its dpas layout_cd from its subgroup
// count (known_block_size 256 threads / 16 = 16 subgroups; num-subgroups=8 overrides): the
// output tile split most nearly square, K whole; A, B and the store follow; a remark names the
// choice. tests/unit/propagate/test_auto_sg.py runs it through distribution.
gpu.module @k {
gpu.func @gemm(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %ta = xegpu.create_nd_tdesc %A : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16>
  %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16>
  %tc = xegpu.create_nd_tdesc %C : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32>
  %a = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<128x64xf16> -> vector<128x64xf16>
  %b = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<64x128xf16> -> vector<64x128xf16>
  // expected-remark@+1 {{layout_cd chosen for 16 subgroups: sg_layout = [4, 4], sg_data = [32, 32] (the 128x128 output tile split most nearly square, K whole)}}
  %c = xegpu.dpas %a, %b : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  xegpu.store_nd %c, %tc[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32>
  gpu.return
}
}
// CHECK: %c = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [1, 0]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [1, 0]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}
// CHECK: xegpu.store_nd %c, %tc[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}>
// N8: layout_cd = #xegpu.layout<sg_layout = [4, 2], sg_data = [32, 64]>

// -----
// No split of 16 subgroups gives each a multiple of the 8x16 dpas tile of a 32x32 output: a remark
// says so, nothing is chosen (and the default kind warns that it assigned nothing).
gpu.module @k {
gpu.func @small(%a: vector<32x16xf16>, %b: vector<16x32xf16>, %C: memref<32x32xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %tc = xegpu.create_nd_tdesc %C : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
  // expected-remark@+1 {{no subgroup layout chosen: 16 subgroups cannot split the 32x32 output tile into multiples of the 8x16 dpas tile}}
  %c = xegpu.dpas %a, %b : vector<32x16xf16>, vector<16x32xf16> -> vector<32x32xf32>
  // expected-warning@-4 {{layout-kind=subgroup (wgdist's default) assigned no layout}}
  xegpu.store_nd %c, %tc[0, 0] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
  gpu.return
}
}
