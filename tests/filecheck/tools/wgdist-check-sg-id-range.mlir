// Workgroup mode gives sg_id_range its meaning: the condition computed from gpu.subgroup_id
// selects subgroups 2-5; the workgroup program runs the region once, as a workgroup of 4
// subgroups (the layouts inside it), and the subgroup count comes from the layouts outside it.
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute | filecheck %s
// mlir-opt 22's distribution (it rebases the id with index.sub) judged against the same program:
// RUN: mlir-opt-22 --xegpu-wg-to-sg-distribute %s -o %t && filecheck %s --check-prefix=LLVM < %t
// RUN: wgdist-check %s --against %t | filecheck %s
// LLVM: index.sub
// CHECK: @if_sg_id_range: grid 1x1x1, 8 subgroups per workgroup
// CHECK: %o [32, 32] float32: 1024 element(s) written
// CHECK: agree: every buffer matches (3072 element(s) written)
#sr8 = #xegpu.layout<sg_layout = [2, 4], sg_data = [16, 16]>
#sr4 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
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
    %w = xegpu.load_nd %p[0, 0] <{layout = #sr4}> : !xegpu.tensor_desc<32x32xf32, #sr4> -> vector<32x32xf32>
    %e = math.exp %w {layout_result_0 = #sr4} : vector<32x32xf32>
    %q = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #sr4>
    xegpu.store_nd %e, %q[0, 0] <{layout = #sr4}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #sr4>
  } {sg_id_range = #xegpu.range<[2, 6]>}
  func.return
}
