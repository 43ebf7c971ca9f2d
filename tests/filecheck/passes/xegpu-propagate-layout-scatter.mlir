// RUN: wgdist-opt %s -p xegpu-propagate-layout | filecheck %s

// Scattered store anchor: the stored value, the offsets and the mask take its layout.
#l = #xegpu.layout<sg_layout = [4], sg_data = [16]>
func.func @scatter(%m: memref<256xf32>, %x: vector<64xf32>) {
  %offs = vector.step : vector<64xindex>
  %mask = arith.constant dense<true> : vector<64xi1>
  %e = math.exp %x : vector<64xf32>
  xegpu.store %e, %m[%offs], %mask <{layout = #l}> : vector<64xf32>, memref<256xf32>, vector<64xindex>, vector<64xi1>
  return
}
// CHECK: %offs = vector.step {layout_result_0 = #xegpu.layout<sg_layout = [4], sg_data = [16], order = [0]>} : vector<64xindex>
// CHECK: %mask = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [4], sg_data = [16], order = [0]>} dense<true> : vector<64xi1>
// CHECK: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [4], sg_data = [16], order = [0]>} : vector<64xf32>
// CHECK: xegpu.store %e, %m[%offs], %mask <{layout = #xegpu.layout<sg_layout = [4], sg_data = [16]>}>
