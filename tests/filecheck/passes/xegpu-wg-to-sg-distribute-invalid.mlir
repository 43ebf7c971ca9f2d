// RUN: not wgdist-opt %s --split-input-file -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// An unsupported consumer of a distributed value is named, with the reason; nothing is printed.
#l = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>
func.func @unsupported(%m: memref<64x64xf32>) -> f32 {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<64x64xf32, #l> -> vector<64x64xf32>
  %e = vector.extract %v[0, 0] : f32 from vector<64x64xf32>
  func.return %e : f32
}
// CHECK: xegpu-wg-to-sg-distribute-invalid.mlir:8:8: error: 'vector.extract' op has no workgroup-to-subgroup rule, but operand #0 (vector<64x64xf32>) is a workgroup value distributed with #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>
// CHECK-NOT: func.func
