// An input that fails the verifier is reported like wgdist-opt reports it: file:line:col, the
// op, the reason; status 1, no traceback. Same for a distributed program given with --against.
// RUN: not wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute 2>&1 | filecheck %s
// RUN: not wgdist-check %S/wgdist-check-errors.mlir --against %s --subgroups 1 2>&1 | filecheck %s
// RUN: not wgdist-opt %s -p xegpu-propagate-layout 2>&1 | filecheck %s

// CHECK:     wgdist-check-verify.mlir:[[# @LINE + 10]]:5: error: 'xegpu.store_nd' op layout #xegpu.layout<sg_layout = [4, 2], sg_data = [24, 16]> cannot distribute [32, 32]
// CHECK-NOT: Traceback
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16]>
#bad = #xegpu.layout<sg_layout = [4, 2], sg_data = [24, 16]>
gpu.module @m {
  gpu.func @k(%X: memref<32x32xf32>, %Y: memref<32x32xf32>) kernel {
    %tx = xegpu.create_nd_tdesc %X : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
    %ty = xegpu.create_nd_tdesc %Y : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
    %a = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<32x32xf32, #l> -> vector<32x32xf32>
    %b = math.exp %a : vector<32x32xf32>
    xegpu.store_nd %b, %ty[0, 0] <{layout = #bad}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #l>
    gpu.return
  }
}
