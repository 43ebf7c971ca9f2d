// RUN: not wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' --split-input-file 2>&1 | filecheck %s

// An op with no layout rule between an anchor and the value it needs: the message names that op
// (was: the create_nd_tdesc at the start of the chain, naming its load_nd as the user without a
// rule).
func.func @no_rule(%v: vector<2x8x16xf16>, %o: memref<8x16xf16>) {
  %e = math.exp %v : vector<2x8x16xf16>
  %x = vector.extract %e[1] : vector<8x16xf16> from vector<2x8x16xf16>
  %u = xegpu.create_nd_tdesc %o : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
  xegpu.store_nd %x, %u[0, 0] : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>
  return
}
// CHECK: xegpu-propagate-layout-lane-invalid.mlir:8:8: error: 'vector.extract' op no layout rule for 'vector.extract' at layout-kind=lane: its result has #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, but nothing gives its operand #0 (%e (result #0 of 'math.exp')) a layout

// A shape no default fits (16 does not divide 24 columns): a located error naming the anchor,
// the value and the numbers (mlir-opt 22 writes inst_data = [8, -1] there).
// -----
func.func @no_block(%v: vector<8x24xf16>, %o: memref<8x24xf16>) {
  %u = xegpu.create_nd_tdesc %o : memref<8x24xf16> -> !xegpu.tensor_desc<8x24xf16>
  xegpu.store_nd %v, %u[0, 0] : vector<8x24xf16>, !xegpu.tensor_desc<8x24xf16>
  return
}
// CHECK: xegpu-propagate-layout-lane-invalid.mlir:20:3: error: 'xegpu.store_nd' op no layout-kind=lane default for operand #0 (%v (block argument #0 of 'func.func')): lane_layout [1, 16] does not divide its shape [8, 24]
