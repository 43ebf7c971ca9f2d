// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// A cross-subgroup reduction needs result tiles equal to the source tiles on the kept dims.
#l = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#r = #xegpu.layout<sg_layout = [32], sg_data = [8]>
func.func @reduce_tiles(%m: memref<256x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<256x128xf32, #l> -> vector<256x128xf32>
  %z = arith.constant {layout_result_0 = #r} dense<0.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %v, %z {layout_result_0 = #r} [1] : vector<256x128xf32> to vector<256xf32>
  func.return
}
// CHECK: xegpu-wg-to-sg-distribute-invalid-reduce-tiles.mlir:10:3: error: 'vector.multi_reduction' op the reduction crosses subgroups (source #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>), and then each result tile must be the source tile on the kept dims: result tile [8] (#xegpu.layout<sg_layout = [32], sg_data = [8]>), source tile on the kept dims [32]
// CHECK-NOT: func.func
