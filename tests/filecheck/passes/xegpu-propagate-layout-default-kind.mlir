// RUN: wgdist-opt %s -p xegpu-propagate-layout --verify-diagnostics | filecheck %s
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s --check-prefix=LANE

// wgdist's default layout-kind is subgroup (mlir-opt 22's is lane): on a kernel whose anchors have
// no subgroup layout it assigns nothing and says so, naming the kind to pass; the IR is unchanged.
// expected-warning@+1 {{layout-kind=subgroup (wgdist's default) assigned no layout: no anchor has a subgroup layout (sg_layout); mlir-opt 22's default is layout-kind=lane (pass layout-kind=lane or layout-kind=inst for lane or instruction layouts)}}
func.func @lane_kernel(%m: memref<8x16xf32>, %o: memref<8x16xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  %u = xegpu.create_nd_tdesc %o : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %v, %u[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}
// CHECK: xegpu.store_nd %v, %u[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// LANE: xegpu.store_nd %v, %u[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}>

// A function without anchors (nothing to assign) gets no warning.
func.func @no_anchor(%a: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %a : vector<16xf32>
  return %e : vector<16xf32>
}
