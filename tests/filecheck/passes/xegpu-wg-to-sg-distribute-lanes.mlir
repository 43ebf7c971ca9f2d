// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | mlir-opt-22 --split-input-file > /dev/null
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func bitcast_keeps | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func bitcast_widen_1d | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --func bitcast_keeps | filecheck %s --check-prefix=AGREE

// vector.bitcast where each subgroup keeps its bits: the minor sg_data scales with the element
// width, everything else is equal, and every tile becomes one subgroup bitcast. (LLVM 22 does
// not distribute vector.bitcast.)
// AGREE: agree: every buffer matches

#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>
#h = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 32]>
func.func @bitcast_keeps(%src: memref<32x64xf32>, %dst: memref<32x128xf16>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
  %o = xegpu.create_nd_tdesc %dst : memref<32x128xf16> -> !xegpu.tensor_desc<32x128xf16, #h>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
  %b = vector.bitcast %v {layout_result_0 = #h} : vector<32x64xf32> to vector<32x128xf16>
  xegpu.store_nd %b, %o[0, 0] <{layout = #h}> : vector<32x128xf16>, !xegpu.tensor_desc<32x128xf16, #h>
  func.return
}
// CHECK-LABEL: func.func @bitcast_keeps
// CHECK-COUNT-4: %{{.*}} = xegpu.load_nd %{{.*}} -> vector<8x16xf32>
// CHECK-COUNT-4: %{{.*}} = vector.bitcast %{{.*}} : vector<8x16xf32> to vector<8x32xf16>
// CHECK-NOT:   vector.bitcast
// CHECK-COUNT-4: xegpu.store_nd %{{.*}} : vector<8x32xf16>

// -----

// Narrow to wide, 1-D, wrapping over 2 rounds, the result without a layout of its own (it
// takes the split the source implies: [4]/[16] x i16 -> [4]/[8] x i32).
#w = #xegpu.layout<sg_layout = [4], sg_data = [16]>
#w2 = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @bitcast_widen_1d(%src: memref<128xi16>, %dst: memref<64xi32>) {
  %t = xegpu.create_nd_tdesc %src : memref<128xi16> -> !xegpu.tensor_desc<128xi16, #w>
  %o = xegpu.create_nd_tdesc %dst : memref<64xi32> -> !xegpu.tensor_desc<64xi32, #w2>
  %v = xegpu.load_nd %t[0] <{layout = #w}> : !xegpu.tensor_desc<128xi16, #w> -> vector<128xi16>
  %b = vector.bitcast %v : vector<128xi16> to vector<64xi32>
  xegpu.store_nd %b, %o[0] <{layout = #w2}> : vector<64xi32>, !xegpu.tensor_desc<64xi32, #w2>
  func.return
}
// CHECK-LABEL: func.func @bitcast_widen_1d
// CHECK:       %[[A:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<16xi16>
// CHECK:       %[[B:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<16xi16>
// CHECK:       %[[X:[0-9a-z_]+]] = vector.bitcast %[[A]] : vector<16xi16> to vector<8xi32>
// CHECK-NEXT:  %[[Y:[0-9a-z_]+]] = vector.bitcast %[[B]] : vector<16xi16> to vector<8xi32>
// CHECK:       xegpu.store_nd %[[X]]
// CHECK:       xegpu.store_nd %[[Y]]
