// --against runs the workgroup program without distributing it: a layout that cannot distribute
// its data (the load's #bad: 2 x 24 rows for 32) is a note there, not a refusal, so a kernel
// whose layouts are the question can be judged against a distribution made elsewhere (here
// mlir-opt 22's, of the same kernel with the layout fixed). A pipeline check still refuses it.
// RUN: sed 's/layout = #bad}/layout = #sr4}/' %s > %t.good.mlir
// RUN: mlir-opt-22 --xegpu-wg-to-sg-distribute %t.good.mlir -o %t
// RUN: wgdist-check %s --against %t | filecheck %s
// RUN: not wgdist-check %s -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s --check-prefix=PIPE
// CHECK: note: {{.*}}wgdist-check-against-layouts.mlir:28:10: 'xegpu.load_nd' layout #xegpu.layout<sg_layout = [2, 2], sg_data = [24, 16]> cannot distribute [32, 32]: dim 0: shape 32 is not a multiple of sg_data 24 (not needed to run the workgroup program: checked anyway)
// CHECK: agree: every buffer matches (3072 element(s) written)
// PIPE: wgdist-check-against-layouts.mlir:28:10: error: 'xegpu.load_nd' op layout #xegpu.layout<sg_layout = [2, 2], sg_data = [24, 16]> cannot distribute [32, 32]
#sr8 = #xegpu.layout<sg_layout = [2, 4], sg_data = [16, 16]>
#sr4 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
#bad = #xegpu.layout<sg_layout = [2, 2], sg_data = [24, 16]>
func.func @if_sg_id_range(%m: memref<32x64xf32>, %n: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #sr8>
  %v = xegpu.load_nd %t[0, 0] <{layout = #sr8}> : !xegpu.tensor_desc<32x64xf32, #sr8> -> vector<32x64xf32>
  %e8 = math.exp %v {layout_result_0 = #sr8} : vector<32x64xf32>
  xegpu.store_nd %e8, %t[0, 0] <{layout = #sr8}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #sr8>
  %sg = gpu.subgroup_id : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %lo = arith.cmpi uge, %sg, %c2 : index
  %hi = arith.cmpi ult, %sg, %c6 : index
  %c = arith.andi %lo, %hi : i1
  scf.if %c {
    %p = xegpu.create_nd_tdesc %n : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #sr4>
    %w = xegpu.load_nd %p[0, 0] <{layout = #bad}> : !xegpu.tensor_desc<32x32xf32, #sr4> -> vector<32x32xf32>
    %e = math.exp %w {layout_result_0 = #sr4} : vector<32x32xf32>
    %q = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #sr4>
    xegpu.store_nd %e, %q[0, 0] <{layout = #sr4}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #sr4>
  } {sg_id_range = #xegpu.range<[2, 6]>}
  func.return
}
