// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file 2>&1 | filecheck %s --check-prefix=ERR

// vector.interleave / deinterleave that distribution refuses, with a located message naming
// the numbers / the layouts; the IR is left untouched.

// An odd trailing tile on the wide side: no split of the halves keeps every subgroup's data.
#o = #xegpu.layout<sg_layout = [1, 4], sg_data = [8, 3]>
func.func @deinterleave_odd(%src: memref<8x12xf32>, %dst: memref<8x6xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<8x12xf32> -> !xegpu.tensor_desc<8x12xf32, #o>
  %v = xegpu.load_nd %t[0, 0] <{layout = #o}> : !xegpu.tensor_desc<8x12xf32, #o> -> vector<8x12xf32>
  // ERR: interleave-invalid.mlir:[[# @LINE + 1]]:12: error: 'vector.deinterleave' op a subgroup's trailing tile of 3 elements has 2 even and 1 odd positions
  %x, %y = vector.deinterleave %v : vector<8x12xf32> -> vector<8x6xf32>
  func.return
}

// -----

// Two results under two splits: refused naming both.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 8]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 4]>
#s = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 16]>
func.func @deinterleave_two_splits(%src: memref<8x32xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32, #s>
  %v = xegpu.load_nd %t[0, 0] <{layout = #s}> : !xegpu.tensor_desc<8x32xf32, #s> -> vector<8x32xf32>
  // ERR: interleave-invalid.mlir:[[# @LINE + 1]]:12: error: 'vector.deinterleave' op the two results are split differently (#xegpu.layout<sg_layout = [2, 2], sg_data = [4, 8]> and #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 4]>)
  %x, %y = vector.deinterleave %v {layout_result_0 = #a, layout_result_1 = #b} : vector<8x32xf32> -> vector<8x16xf32>
  func.return
}
// ERR-NOT: func.func
