// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file 2>/dev/null | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func store_nd_shared | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func scatter_slice | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func matrix_shared | filecheck %s --check-prefix=AGREE

// Stores whose layout shares data (layouts-spec 1.3 rule 5) are valid, as in LLVM 22, and are
// distributed so that each element is written once: only the replica the layout model's
// writer predicate picks stores, the predicate hoisted to the function entry.

// AGREE: agree: every buffer matches

// 64x64 over [8, 4]/[32, 32]: 2x2 tiles, each held by 4x2 = 8 subgroups; the subgroups with
// row coordinate < 2 and column coordinate < 2 store.
#s = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
func.func @store_nd_shared(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #s>
  %v = xegpu.load_nd %t[0, 0] <{layout = #s}> : !xegpu.tensor_desc<64x64xf32, #s> -> vector<64x64xf32>
  %w = arith.addf %v, %v {layout_result_0 = #s} : vector<64x64xf32>
  %q = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #s>
  xegpu.store_nd %w, %q[0, 0] <{layout = #s}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #s>
  return
}
// CHECK-LABEL: func.func @store_nd_shared
// CHECK:       %[[SG:.*]] = gpu.subgroup_id : index
// CHECK:       %[[Q:.*]] = arith.divui %[[SG]], %c4 : index
// CHECK:       %[[ROW:.*]] = arith.remui %[[Q]], %c8 : index
// CHECK:       %[[COL:.*]] = arith.remui %[[SG]], %c4 : index
// CHECK:       %[[R2:.*]] = arith.cmpi ult, %[[ROW]], %c2 : index
// CHECK-NEXT:  %[[C2:.*]] = arith.cmpi ult, %[[COL]], %c2 : index
// CHECK-NEXT:  %[[W:.*]] = arith.andi %[[R2]], %[[C2]] : i1
// CHECK-NEXT:  xegpu.create_nd_tdesc
// CHECK-NEXT:  xegpu.load_nd
// CHECK-NEXT:  %[[V:.*]] = arith.addf
// CHECK-NEXT:  %[[D:.*]] = xegpu.create_nd_tdesc %{{.*}} -> !xegpu.tensor_desc<32x32xf32>
// CHECK-NEXT:  scf.if %[[W]] {
// CHECK-NEXT:    xegpu.store_nd %[[V]], %[[D]][%{{.*}}, %{{.*}}] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return

// -----

// A row sum stored with a slice layout: the reduced dim's 8 subgroup columns hold the same
// sums, and only column 0 stores (before, each element was written 8 times).
#l = #xegpu.layout<sg_layout = [4, 8], sg_data = [16, 16]>
#r = #xegpu.slice<#xegpu.layout<sg_layout = [4, 8], sg_data = [16, 16]>, dims = [1]>
func.func @scatter_slice(%m: memref<64x128xf32>, %o: memref<64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<64x128xf32, #l> -> vector<64x128xf32>
  %z = arith.constant {layout_result_0 = #r} dense<0.0> : vector<64xf32>
  %s = vector.multi_reduction <add>, %v, %z {layout_result_0 = #r} [1] : vector<64x128xf32> to vector<64xf32>
  %off = vector.step {layout_result_0 = #r} : vector<64xindex>
  %mask = arith.constant {layout_result_0 = #r} dense<true> : vector<64xi1>
  xegpu.store %s, %o[%off], %mask <{layout = #r}> : vector<64xf32>, memref<64xf32>, vector<64xindex>, vector<64xi1>
  return
}
// CHECK-LABEL: func.func @scatter_slice
// CHECK:       %[[SG:.*]] = gpu.subgroup_id : index
// CHECK:       %[[COL:.*]] = arith.remui %[[SG]], %c8 : index
// CHECK:       %[[W:.*]] = arith.cmpi ult, %[[COL]], %c1 : index
// CHECK:       scf.if %[[W]] {
// CHECK-NEXT:    xegpu.store %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : vector<16xf32>, memref<64xf32>, vector<16xindex>, vector<16xi1>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return

// -----

// store_matrix with sharing, read back under the same layout: the sharing subgroups that do
// not store read what the writer stored, so a barrier separates the two.
#m = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>
func.func @matrix_shared(%a: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %slm = memref.alloca() : memref<4096xi8, 3>
  %md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<32x32xf32>
  %t = xegpu.create_nd_tdesc %a : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #m>
  %v = xegpu.load_nd %t[0, 0] <{layout = #m}> : !xegpu.tensor_desc<32x32xf32, #m> -> vector<32x32xf32>
  xegpu.store_matrix %v, %md[0, 0] <{layout = #m}> : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32>
  %x = xegpu.load_matrix %md[0, 0] <{layout = #m}> : !xegpu.mem_desc<32x32xf32> -> vector<32x32xf32>
  %y = arith.addf %x, %x {layout_result_0 = #m} : vector<32x32xf32>
  %q = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #m>
  xegpu.store_nd %y, %q[0, 0] <{layout = #m}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #m>
  return
}
// CHECK-LABEL: func.func @matrix_shared
// CHECK:       %[[W:.*]] = arith.andi
// CHECK:       scf.if %[[W]] {
// CHECK-NEXT:    xegpu.store_matrix %{{.*}} : vector<16x16xf32>, !xegpu.mem_desc<32x32xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.load_matrix
// CHECK:       scf.if %[[W]] {
// CHECK-NEXT:    xegpu.store_nd
// CHECK-NEXT:  }
