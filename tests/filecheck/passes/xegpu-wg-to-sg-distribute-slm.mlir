// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute | filecheck %s
// RUN: not wgdist-opt %s -p 'xegpu-wg-to-sg-distribute{slm-bytes=4096}' 2>&1 | filecheck %s --check-prefix=SMALL

// Cross-subgroup row reduction, 256x128 over [8, 4]/[32, 64]: the column coordinate shares
// (4 subgroups, 2 column blocks), so only coordinates 0 and 1 write their partial rows. The SLM
// matrix is a private memref.global next to the function (mlir-opt 22 cannot lower an alloca there).
#l = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
#r = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>, dims = [1]>
func.func @reduce_shared(%m: memref<256x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<256x128xf32, #l> -> vector<256x128xf32>
  %z = arith.constant {layout_result_0 = #r} dense<1.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %v, %z {layout_result_0 = #r} [1] : vector<256x128xf32> to vector<256xf32>
  %e = math.exp %s {layout_result_0 = #r} : vector<256xf32>
  func.return
}
// CHECK:      memref.global "private" @[[G:slm_[0-9]+]] : memref<2048xi8, 3> = uninitialized
// CHECK-LABEL: func.func @reduce_shared
// CHECK:      %[[SG:.*]] = gpu.subgroup_id : index
// CHECK:      %[[ROW:.*]] = arith.remui %{{.*}}, %c8 : index
// CHECK:      %[[COL:.*]] = arith.remui %[[SG]], %c4 : index
// CHECK:      %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK:      %[[Q:.*]] = arith.muli %[[ROW]], %c2 : index
// CHECK:      %[[B:.*]] = arith.divui %{{.*}}, %c64 : index
// CHECK:      %[[SLOT:.*]] = arith.addi %[[Q]], %[[B]] : index
// CHECK:      %[[W:.*]] = arith.cmpi ult, %[[COL]], %c2 : index
// CHECK:      %[[V:.*]] = xegpu.load_nd {{.*}} -> vector<32x64xf32>
// CHECK:      %[[ACC:.*]] = arith.constant dense<1.000000e+00> : vector<32xf32>
// CHECK:      %[[SLM:.*]] = memref.get_global @[[G]] : memref<2048xi8, 3>
// CHECK:      %[[MD:.*]] = xegpu.create_mem_desc %[[SLM]] : memref<2048xi8, 3> -> !xegpu.mem_desc<16x32xf32>
// CHECK:      scf.if %[[W]] {
// CHECK-NEXT:   %[[P:.*]] = vector.multi_reduction <add>, %[[V]], %[[ZERO]] [1] : vector<32x64xf32> to vector<32xf32>
// CHECK-NEXT:   %[[PR:.*]] = vector.shape_cast %[[P]] : vector<32xf32> to vector<1x32xf32>
// CHECK-NEXT:   %[[PR0:.*]] = vector.extract_strided_slice %[[PR]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 0], sizes = [1, 16], strides = [1, 1]} : vector<1x32xf32> to vector<1x16xf32>
// CHECK-NEXT:   xegpu.store_matrix %[[PR0]], %[[MD]][%[[SLOT]], 0] : vector<1x16xf32>, !xegpu.mem_desc<16x32xf32>, index
// CHECK-NEXT:   %[[PR1:.*]] = vector.extract_strided_slice %[[PR]] {{.*}} offsets = [0, 16]
// CHECK-NEXT:   xegpu.store_matrix %[[PR1]], %[[MD]][%[[SLOT]], 16] : vector<1x16xf32>, !xegpu.mem_desc<16x32xf32>, index
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[ALL:.*]] = xegpu.load_matrix %[[MD]][%[[Q]], 0] : !xegpu.mem_desc<16x32xf32>, index -> vector<2x32xf32>
// CHECK-NEXT: %[[RES:.*]] = vector.multi_reduction <add>, %[[ALL]], %[[ACC]] [0] : vector<2x32xf32> to vector<32xf32>
// CHECK-NEXT: math.exp %[[RES]] : vector<32xf32>

// vector.reduction to a scalar over 8 subgroups with 2 tiles each (round-robin): 16 partial
// sums, one per source block, then one reduction that adds the accumulator once.
#v = #xegpu.layout<sg_layout = [8], sg_data = [16]>
func.func @reduce_scalar(%m: memref<256xf32>, %acc: f32) -> f32 {
  %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #v>
  %v = xegpu.load_nd %t[0] <{layout = #v}> : !xegpu.tensor_desc<256xf32, #v> -> vector<256xf32>
  %s = vector.reduction <add>, %v, %acc : vector<256xf32> into f32
  func.return %s : f32
}
// CHECK-LABEL: func.func @reduce_scalar
// CHECK:      %[[V0:.*]] = xegpu.load_nd {{.*}} -> vector<16xf32>
// CHECK:      %[[V1:.*]] = xegpu.load_nd {{.*}} -> vector<16xf32>
// CHECK:      %[[MD:.*]] = xegpu.create_mem_desc %{{.*}} : memref<64xi8, 3> -> !xegpu.mem_desc<16x1xf32>
// CHECK-NOT:  scf.if
// CHECK:      %[[P0:.*]] = vector.reduction <add>, %[[V0]] : vector<16xf32> into f32
// CHECK-NEXT: %[[B0:.*]] = vector.broadcast %[[P0]] : f32 to vector<1x1xf32>
// CHECK-NEXT: xegpu.store_matrix %[[B0]], %[[MD]][%{{.*}}, 0]
// CHECK:      %[[P1:.*]] = vector.reduction <add>, %[[V1]] : vector<16xf32> into f32
// CHECK:      xegpu.store_matrix
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[ALL:.*]] = xegpu.load_matrix %[[MD]][0, 0] : !xegpu.mem_desc<16x1xf32> -> vector<16x1xf32>
// CHECK-NEXT: %[[FLAT:.*]] = vector.shape_cast %[[ALL]] : vector<16x1xf32> to vector<16xf32>
// CHECK-NEXT: %[[S:.*]] = vector.reduction <add>, %[[FLAT]], %acc : vector<16xf32> into f32
// CHECK-NEXT: func.return %[[S]] : f32

// convert_layout between two splits of a 64x64 tile: stores under the input layout, barrier,
// loads under the target layout (both without sharing: no predicate). Each 16x32 tile is stored
// as two 16x16 blocks with one column per lane, as mlir-opt 22's XeVM pipeline lowers them: the
// slices carry the lane layout, and the load that feeds them a layout of such blocks.
#a = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>
#b = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16]>
func.func @convert(%m: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  %c = xegpu.convert_layout %v <{input_layout = #a, target_layout = #b}> : vector<64x64xf32>
  %e = math.exp %c {layout_result_0 = #b} : vector<64x64xf32>
  func.return
}
// CHECK-LABEL: func.func @convert
// CHECK:      %[[C16:.*]] = arith.addi %[[C0:.*]], %c16 : index
// CHECK:      %[[V:.*]] = xegpu.load_nd %{{.*}}[%[[R0:.*]], %[[C0]]] <{layout = #xegpu.layout<inst_data = [16, 16], lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK-NEXT: %[[SLM:.*]] = memref.get_global @slm_{{[0-9]+}} : memref<16384xi8, 3>
// CHECK-NEXT: %[[MD:.*]] = xegpu.create_mem_desc %[[SLM]] : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>
// CHECK-NEXT: %[[V0:.*]] = vector.extract_strided_slice %[[V]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 0], sizes = [16, 16], strides = [1, 1]} : vector<16x32xf32> to vector<16x16xf32>
// CHECK-NEXT: xegpu.store_matrix %[[V0]], %[[MD]][%[[R0]], %[[C0]]] : vector<16x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
// CHECK-NEXT: %[[V1:.*]] = vector.extract_strided_slice %[[V]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 16], sizes = [16, 16], strides = [1, 1]} : vector<16x32xf32> to vector<16x16xf32>
// CHECK-NEXT: xegpu.store_matrix %[[V1]], %[[MD]][%[[R0]], %[[C16]]] : vector<16x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[W:.*]] = xegpu.load_matrix %[[MD]][%{{.*}}, %{{.*}}] : !xegpu.mem_desc<64x64xf32>, index, index -> vector<32x16xf32>
// CHECK-NEXT: math.exp %[[W]] : vector<32x16xf32>

// slm-bytes bounds each exchange: the reductions above need 2048 and 64 bytes, the 64x64 f32
// convert_layout 16384, more than 4096.
// SMALL: xegpu-wg-to-sg-distribute-slm.mlir:78:8: error: 'xegpu.convert_layout' op converting the layout through shared local memory needs 16384 bytes (64x64 f32), more than the 4096 bytes a workgroup has (slm-bytes=4096;
// SMALL-NOT: func.func
