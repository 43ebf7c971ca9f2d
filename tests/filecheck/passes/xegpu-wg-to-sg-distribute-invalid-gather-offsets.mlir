// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// Gather offsets split differently from the value.
#v = #xegpu.layout<sg_layout = [8], sg_data = [16]>
#o = #xegpu.layout<sg_layout = [8], sg_data = [8]>
func.func @gather(%m: memref<1024xf32>) {
  %s = vector.step {layout_result_0 = #o} : vector<128xindex>
  %k = vector.constant_mask [128] {layout_result_0 = #v} : vector<128xi1>
  %g = xegpu.load %m[%s], %k <{layout = #v}> : memref<1024xf32>, vector<128xindex>, vector<128xi1> -> vector<128xf32>
  func.return
}
// CHECK: xegpu-wg-to-sg-distribute-invalid-gather-offsets.mlir:9:8: error: 'xegpu.load' op the offsets is distributed with #xegpu.layout<sg_layout = [8], sg_data = [8]> and the value with #xegpu.layout<sg_layout = [8], sg_data = [16]>: each subgroup needs the offsets of its own lanes (split them like the value along dim 0)
// CHECK-NOT: func.func
