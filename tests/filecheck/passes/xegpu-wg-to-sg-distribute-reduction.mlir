// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func reduce_rows_loaded_acc | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func reduce_3d_loaded_acc | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func reduce_cols_cross_sg_loaded_acc | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// vector.multi_reduction under round robin with a loaded (non-splat) accumulator: every result
// tile starts from its own accumulator tile (LLVM 22 uses accumulator tile 0 for every tile).
// (Aliases are unique over the whole file: wgdist-check reads it as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{(vector|tensor_desc)<(128x128|128|4x32x64|128x64|4x64|64x128|1x128)x}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data

// Row sums of 128x128 over [4, 1] x [16, 32]: rows wrap (2 row tiles), columns wrap 4 times
// with sg_layout 1 (subgroup-local). Result tile i (rows of row tile i) chains the 4 column
// tiles of row i, starting from accumulator tile i; it is stored where accumulator tile i was
// loaded (the 1-D [4] x [16] split is the slice's split).
#rs = #xegpu.layout<sg_layout = [4, 1], sg_data = [16, 32]>
#rr = #xegpu.slice<#xegpu.layout<sg_layout = [4, 1], sg_data = [16, 32]>, dims = [1]>
#ra = #xegpu.layout<sg_layout = [4], sg_data = [16]>
func.func @reduce_rows_loaded_acc(%m: memref<128x128xf32>, %a: memref<128xf32>, %o: memref<128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #rs>
  %v = xegpu.load_nd %t[0, 0] <{layout = #rs}> : !xegpu.tensor_desc<128x128xf32, #rs> -> vector<128x128xf32>
  %ta = xegpu.create_nd_tdesc %a : memref<128xf32> -> !xegpu.tensor_desc<128xf32, #ra>
  %acc = xegpu.load_nd %ta[0] <{layout = #ra}> : !xegpu.tensor_desc<128xf32, #ra> -> vector<128xf32>
  %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #rr} [1] : vector<128x128xf32> to vector<128xf32>
  %to = xegpu.create_nd_tdesc %o : memref<128xf32> -> !xegpu.tensor_desc<128xf32, #ra>
  xegpu.store_nd %r, %to[0] <{layout = #ra}> : vector<128xf32>, !xegpu.tensor_desc<128xf32, #ra>
  func.return
}
// CHECK-LABEL: func.func @reduce_rows_loaded_acc
// CHECK:       %[[V00:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[R0:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V01:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R0]], 32] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V02:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R0]], 64] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V03:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R0]], 96] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V10:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V11:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1]], 32] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V12:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1]], 64] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V13:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[R1]], 96] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK-NEXT:  %[[TA:[0-9a-z_]+]] = xegpu.create_nd_tdesc %a : memref<128xf32> -> !xegpu.tensor_desc<16xf32>
// CHECK:       %[[A0:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[X0:[0-9a-z_]+]]] : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
// CHECK:       %[[A1:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[X1:[0-9a-z_]+]]] : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
// CHECK-NEXT:  %[[P0:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V00]], %[[A0]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NEXT:  %[[P1:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V01]], %[[P0]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NEXT:  %[[P2:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V02]], %[[P1]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NEXT:  %[[S0:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V03]], %[[P2]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NEXT:  %[[Q0:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V10]], %[[A1]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NEXT:  %[[Q1:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V11]], %[[Q0]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NEXT:  %[[Q2:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V12]], %[[Q1]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NEXT:  %[[S1:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V13]], %[[Q2]] [1] : vector<16x32xf32> to vector<16xf32>
// CHECK-NOT:   vector.multi_reduction
// CHECK:       xegpu.store_nd %[[S0]], %[[U:[0-9a-z_]+]][%[[X0]]] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
// CHECK:       xegpu.store_nd %[[S1]], %[[U]][%[[X1]]] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
// CHECK-NEXT:  func.return

// -----

// 3-D, subgroup-local (the reduced dim 1 has sg_layout 1 and is whole): 4x32x64 over
// [2, 1, 2] x [1, 32, 16] has 2 x 2 wrapped tiles; each reduces into the accumulator tile at the
// same (dim 0, dim 2) position, loaded under [2, 2] x [1, 16]; <maximumf>.
#r3 = #xegpu.layout<sg_layout = [2, 1, 2], sg_data = [1, 32, 16]>
#r3r = #xegpu.slice<#xegpu.layout<sg_layout = [2, 1, 2], sg_data = [1, 32, 16]>, dims = [1]>
#r3a = #xegpu.layout<sg_layout = [2, 2], sg_data = [1, 16]>
#r32 = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16]>
func.func @reduce_3d_loaded_acc(%m: memref<128x64xf32>, %a: memref<4x64xf32>, %o: memref<4x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x64xf32> -> !xegpu.tensor_desc<128x64xf32, #r32>
  %v = xegpu.load_nd %t[0, 0] <{layout = #r32}> : !xegpu.tensor_desc<128x64xf32, #r32> -> vector<128x64xf32>
  %v3 = vector.shape_cast %v {layout_result_0 = #r3} : vector<128x64xf32> to vector<4x32x64xf32>
  %ta = xegpu.create_nd_tdesc %a : memref<4x64xf32> -> !xegpu.tensor_desc<4x64xf32, #r3a>
  %acc = xegpu.load_nd %ta[0, 0] <{layout = #r3a}> : !xegpu.tensor_desc<4x64xf32, #r3a> -> vector<4x64xf32>
  %r = vector.multi_reduction <maximumf>, %v3, %acc {layout_result_0 = #r3r} [1] : vector<4x32x64xf32> to vector<4x64xf32>
  %to = xegpu.create_nd_tdesc %o : memref<4x64xf32> -> !xegpu.tensor_desc<4x64xf32, #r3a>
  xegpu.store_nd %r, %to[0, 0] <{layout = #r3a}> : vector<4x64xf32>, !xegpu.tensor_desc<4x64xf32, #r3a>
  func.return
}
// CHECK-LABEL: func.func @reduce_3d_loaded_acc
// CHECK-COUNT-4: xegpu.load_nd {{.*}} -> vector<32x16xf32>
// CHECK-NEXT:  %[[S00:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<32x16xf32> to vector<1x32x16xf32>
// CHECK-NEXT:  %[[S01:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<32x16xf32> to vector<1x32x16xf32>
// CHECK-NEXT:  %[[S10:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<32x16xf32> to vector<1x32x16xf32>
// CHECK-NEXT:  %[[S11:[0-9a-z_]+]] = vector.shape_cast %{{[0-9a-z_]+}} : vector<32x16xf32> to vector<1x32x16xf32>
// CHECK-NEXT:  %[[TA:[0-9a-z_]+]] = xegpu.create_nd_tdesc %a : memref<4x64xf32> -> !xegpu.tensor_desc<1x16xf32>
// CHECK:       %[[A00:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[I0:[0-9a-z_]+]], %[[J0:[0-9a-z_]+]]] : !xegpu.tensor_desc<1x16xf32> -> vector<1x16xf32>
// CHECK:       %[[A01:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[I0]], %[[J1:[0-9a-z_]+]]] : !xegpu.tensor_desc<1x16xf32> -> vector<1x16xf32>
// CHECK:       %[[A10:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[I1:[0-9a-z_]+]], %[[J0]]] : !xegpu.tensor_desc<1x16xf32> -> vector<1x16xf32>
// CHECK:       %[[A11:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[I1]], %[[J1]]] : !xegpu.tensor_desc<1x16xf32> -> vector<1x16xf32>
// CHECK-DAG:   %[[R00:[0-9a-z_]+]] = vector.multi_reduction <maximumf>, %[[S00]], %[[A00]] [1] : vector<1x32x16xf32> to vector<1x16xf32>
// CHECK-DAG:   %[[R01:[0-9a-z_]+]] = vector.multi_reduction <maximumf>, %[[S01]], %[[A01]] [1] : vector<1x32x16xf32> to vector<1x16xf32>
// CHECK-DAG:   %[[R10:[0-9a-z_]+]] = vector.multi_reduction <maximumf>, %[[S10]], %[[A10]] [1] : vector<1x32x16xf32> to vector<1x16xf32>
// CHECK-DAG:   %[[R11:[0-9a-z_]+]] = vector.multi_reduction <maximumf>, %[[S11]], %[[A11]] [1] : vector<1x32x16xf32> to vector<1x16xf32>
// CHECK-NOT:   vector.multi_reduction
// CHECK:       %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<4x64xf32> -> !xegpu.tensor_desc<1x16xf32>
// CHECK:       xegpu.store_nd %[[R00]], %[[U]][%[[I0]], %[[J0]]] : vector<1x16xf32>, !xegpu.tensor_desc<1x16xf32>
// CHECK:       xegpu.store_nd %[[R01]], %[[U]][%[[I0]], %[[J1]]] : vector<1x16xf32>, !xegpu.tensor_desc<1x16xf32>
// CHECK:       xegpu.store_nd %[[R10]], %[[U]][%[[I1]], %[[J0]]] : vector<1x16xf32>, !xegpu.tensor_desc<1x16xf32>
// CHECK:       xegpu.store_nd %[[R11]], %[[U]][%[[I1]], %[[J1]]] : vector<1x16xf32>, !xegpu.tensor_desc<1x16xf32>
// CHECK-NEXT:  func.return

// -----

// Column sums across subgroups (dim 0 split over 2 subgroups, 2 row rounds), order = [0, 1],
// columns wrap (2 tiles): the 4 partial sums start from the neutral 0 and go to SLM; after the
// barrier, result tile j reduces its 4 rows into accumulator tile j only (the accumulator enters
// once). The result is a slice (shared by the row subgroups) and leaves through convert_layout.
#rc = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], order = [0, 1]>
#rcr = #xegpu.slice<#xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], order = [0, 1]>, dims = [0]>
#rca = #xegpu.layout<sg_layout = [2, 2], sg_data = [1, 32], order = [0, 1]>
#rco = #xegpu.layout<sg_layout = [4], sg_data = [32]>
func.func @reduce_cols_cross_sg_loaded_acc(%m: memref<64x128xf32>, %a: memref<1x128xf32>, %o: memref<128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #rc>
  %v = xegpu.load_nd %t[0, 0] <{layout = #rc}> : !xegpu.tensor_desc<64x128xf32, #rc> -> vector<64x128xf32>
  %ta = xegpu.create_nd_tdesc %a : memref<1x128xf32> -> !xegpu.tensor_desc<1x128xf32, #rca>
  %a2 = xegpu.load_nd %ta[0, 0] <{layout = #rca}> : !xegpu.tensor_desc<1x128xf32, #rca> -> vector<1x128xf32>
  %acc = vector.shape_cast %a2 {layout_result_0 = #rcr} : vector<1x128xf32> to vector<128xf32>
  %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #rcr} [0] : vector<64x128xf32> to vector<128xf32>
  %c = xegpu.convert_layout %r <{input_layout = #rcr, target_layout = #rco}> : vector<128xf32>
  %to = xegpu.create_nd_tdesc %o : memref<128xf32> -> !xegpu.tensor_desc<128xf32, #rco>
  xegpu.store_nd %c, %to[0] <{layout = #rco}> : vector<128xf32>, !xegpu.tensor_desc<128xf32, #rco>
  func.return
}
// CHECK-LABEL: func.func @reduce_cols_cross_sg_loaded_acc
// CHECK:       %[[Z:[0-9a-z_]+]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK:       %[[V00:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V01:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V10:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[V11:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       %[[L0:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<1x32xf32> -> vector<1x32xf32>
// CHECK:       %[[L1:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<1x32xf32> -> vector<1x32xf32>
// CHECK-NEXT:  %[[ACC0:[0-9a-z_]+]] = vector.shape_cast %[[L0]] : vector<1x32xf32> to vector<32xf32>
// CHECK-NEXT:  %[[ACC1:[0-9a-z_]+]] = vector.shape_cast %[[L1]] : vector<1x32xf32> to vector<32xf32>
// CHECK:       %[[MD:[0-9a-z_]+]] = xegpu.create_mem_desc %{{[0-9a-z_]+}} : memref<2048xi8, 3> -> !xegpu.mem_desc<16x32xf32>
// CHECK-NOT:   scf.if
// CHECK:       %[[R00:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[V00]], %[[Z]] [0] : vector<16x32xf32> to vector<32xf32>
// CHECK-NEXT:  %[[ROW:[0-9a-z_]+]] = vector.shape_cast %[[R00]] : vector<32xf32> to vector<1x32xf32>
// Each 32-wide row is stored in two 16-column blocks with one column per lane (mlir-opt 22's
// lane-level propagation needs a layout for what store_matrix stores).
// CHECK-NEXT:  %[[B0:[0-9a-z_]+]] = vector.extract_strided_slice %[[ROW]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 0], sizes = [1, 16], strides = [1, 1]} : vector<1x32xf32> to vector<1x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[B0]], %[[MD]][%{{.*}}, 0] : vector<1x16xf32>, !xegpu.mem_desc<16x32xf32>, index
// CHECK-NEXT:  vector.extract_strided_slice %[[ROW]] {{.*}} offsets = [0, 16]
// CHECK-NEXT:  xegpu.store_matrix %{{.*}}, %[[MD]][%{{.*}}, 16] : vector<1x16xf32>
// CHECK:       vector.multi_reduction <add>, %[[V01]], %[[Z]] [0] : vector<16x32xf32> to vector<32xf32>
// CHECK-COUNT-2: xegpu.store_matrix {{.*}}, %[[MD]]
// CHECK:       vector.multi_reduction <add>, %[[V10]], %[[Z]] [0] : vector<16x32xf32> to vector<32xf32>
// CHECK-COUNT-2: xegpu.store_matrix {{.*}}, %[[MD]]
// CHECK:       vector.multi_reduction <add>, %[[V11]], %[[Z]] [0] : vector<16x32xf32> to vector<32xf32>
// CHECK-COUNT-2: xegpu.store_matrix {{.*}}, %[[MD]]
// CHECK-NEXT:  gpu.barrier
// CHECK:       %[[P0:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%{{[0-9a-z_]+}}, 0] : !xegpu.mem_desc<16x32xf32>, index -> vector<4x32xf32>
// CHECK-NEXT:  %[[RES0:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[P0]], %[[ACC0]] [0] : vector<4x32xf32> to vector<32xf32>
// CHECK:       %[[P1:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%{{[0-9a-z_]+}}, 0] : !xegpu.mem_desc<16x32xf32>, index -> vector<4x32xf32>
// CHECK-NEXT:  %[[RES1:[0-9a-z_]+]] = vector.multi_reduction <add>, %[[P1]], %[[ACC1]] [0] : vector<4x32xf32> to vector<32xf32>
// CHECK-NOT:   vector.multi_reduction
// CHECK:       scf.if
// CHECK-NEXT:    vector.shape_cast %[[RES0]] : vector<32xf32> to vector<1x32xf32>
// CHECK:         vector.shape_cast %[[RES1]] : vector<32xf32> to vector<1x32xf32>
// CHECK:       gpu.barrier
// CHECK:       xegpu.store_nd %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}[%{{[0-9a-z_]+}}] : vector<32xf32>, !xegpu.tensor_desc<32xf32>
// CHECK-NEXT:  func.return
