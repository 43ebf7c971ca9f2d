// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// A rank-3 convert_layout that moves data goes through SLM (flattened to a 2-D matrix), which
// holds whole bytes: an i1 mask is not exchanged.
#a = #xegpu.layout<sg_layout = [2, 2, 1], sg_data = [2, 4, 8]>
#b = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4]>
func.func @convert_3d() {
  %v = vector.constant_mask [2, 8, 8] {layout_result_0 = #a} : vector<4x8x8xi1>
  %c = xegpu.convert_layout %v <{input_layout = #a, target_layout = #b}> : vector<4x8x8xi1>
  %w = arith.andi %c, %c {layout_result_0 = #b} : vector<4x8x8xi1>
  func.return
}
// CHECK: xegpu-wg-to-sg-distribute-invalid-convert-3d.mlir:9:8: error: 'xegpu.convert_layout' op cannot exchange i1 elements through shared local memory (needs a whole number of bytes)
// CHECK-NOT: func.func
