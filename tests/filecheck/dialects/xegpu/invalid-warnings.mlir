// RUN: wgdist-opt %s --split-input-file --verify-diagnostics -o /dev/null

// The warnings LLVM 22's verifier emits on ops it accepts (the attribute is ignored), emitted by
// wgdist on the same op: each must be produced, and nothing else.

func.func @f(%m: memref<64xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64xf16> -> !xegpu.tensor_desc<32xf16>
  // expected-warning@+1 {{Invalid Packed Attr. It is ignored (available for 2D TensorDesc only).}}
  %v = xegpu.load_nd %t[0] <{packed}> : !xegpu.tensor_desc<32xf16> -> vector<32xf16>
  return
}

// -----
func.func @f(%m: memref<64x64xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
  // expected-warning@+1 {{Invalid transpose attr. It is ignored.}}
  %v = xegpu.load_nd %t[0, 0] <{transpose = array<i64: 1, 2>}> : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  return
}
