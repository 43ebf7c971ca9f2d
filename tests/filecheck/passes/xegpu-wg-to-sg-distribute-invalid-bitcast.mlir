// RUN: not wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s

// A bitcast whose result split is not the source split scaled: subgroup data would have to
// move; refused with both layouts named, the IR untouched.
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>
#h = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 128]>
func.func @bitcast_moves(%src: memref<32x64xf32>, %dst: memref<32x128xf16>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
  %o = xegpu.create_nd_tdesc %dst : memref<32x128xf16> -> !xegpu.tensor_desc<32x128xf16, #h>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
  // CHECK: invalid-bitcast.mlir:12:8: error: 'vector.bitcast' op the source is split with #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]> and the result with #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 128]>: some subgroup's result tile is not the bitcast of its own source tile
  %b = vector.bitcast %v {layout_result_0 = #h} : vector<32x64xf32> to vector<32x128xf16>
  xegpu.store_nd %b, %o[0, 0] <{layout = #h}> : vector<32x128xf16>, !xegpu.tensor_desc<32x128xf16, #h>
  func.return
}
// CHECK-NOT: func.func
