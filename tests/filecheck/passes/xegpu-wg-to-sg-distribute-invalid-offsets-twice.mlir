// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// Offsets on the descriptor and on the access: LLVM 22 accepts this; we say where they are.
#l = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>
func.func @offsets_twice(%m: memref<128x64xf32>, %i: index) {
  %t = xegpu.create_nd_tdesc %m[%i, 0] : memref<128x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<64x64xf32, #l> -> vector<64x64xf32>
  func.return
}
// CHECK: xegpu-wg-to-sg-distribute-invalid-offsets-twice.mlir:7:8: error: 'xegpu.load_nd' op has offsets [0, 0] and its tensor_desc was created with offsets [%i, 0]; give the offsets in one place (on the access, LLVM 22 style)
// CHECK-NOT: func.func
