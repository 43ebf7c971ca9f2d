// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// Exchanging a rank-3 value through SLM is not supported (store_matrix/load_matrix are 2-D).
#a = #xegpu.layout<sg_layout = [2, 2, 1], sg_data = [2, 4, 8]>
#b = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4]>
func.func @convert_3d() {
  %v = arith.constant {layout_result_0 = #a} dense<1.0> : vector<4x8x8xf32>
  %c = xegpu.convert_layout %v <{input_layout = #a, target_layout = #b}> : vector<4x8x8xf32>
  %w = arith.addf %c, %c {layout_result_0 = #b} : vector<4x8x8xf32>
  func.return
}
// CHECK: xegpu-wg-to-sg-distribute-invalid-convert-3d.mlir:8:3: error: 'xegpu.convert_layout' op converting layout<sg_layout = [2, 2, 1], sg_data = [2, 4, 8]> to layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4]> moves data between subgroups; only rank 1 and 2 values are exchanged through shared local memory (rank 3)
// CHECK-NOT: func.func
