// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func matrix_exchange | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func matrix_wrap_offsets --scalar x=16 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// Workgroup-level store_matrix / load_matrix on a shared-local-memory mem_desc: each tile is
// stored/loaded at the op's offsets plus the tile offsets; the mem_desc itself is not
// distributed; inst_data stays on `layout`. (Aliases are unique over the whole file: wgdist-check
// reads it as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{vector<(64x64|32x64)}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data

// A user-written exchange: stored under [4, 2] x [16, 32], read back under [2, 4] x [32, 16]
// with order = [0, 1], then stored to memory where it was read.
#ma = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>
#mb = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16], order = [0, 1]>
func.func @matrix_exchange(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %slm = memref.alloca() : memref<16384xi8, 3>
  %md = xegpu.create_mem_desc %slm : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #ma>
  %v = xegpu.load_nd %t[0, 0] <{layout = #ma}> : !xegpu.tensor_desc<64x64xf32, #ma> -> vector<64x64xf32>
  xegpu.store_matrix %v, %md[0, 0] <{layout = #ma}> : vector<64x64xf32>, !xegpu.mem_desc<64x64xf32>
  gpu.barrier
  %w = xegpu.load_matrix %md[0, 0] <{layout = #mb}> : !xegpu.mem_desc<64x64xf32> -> vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #mb>
  xegpu.store_nd %w, %u[0, 0] <{layout = #mb}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #mb>
  func.return
}
// CHECK-LABEL: func.func @matrix_exchange
// CHECK:       %[[MD:[0-9a-z_]+]] = xegpu.create_mem_desc %slm : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>
// CHECK-NOT:   xegpu.create_mem_desc
// CHECK:       %[[V:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R:[0-9a-z_]+]], %[[C:[0-9a-z_]+]]] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK:       xegpu.store_matrix %[[V]], %[[MD]][%[[R]], %[[C]]] : vector<16x32xf32>, !xegpu.mem_desc<64x64xf32>, index, index
// CHECK-NEXT:  gpu.barrier
// CHECK:       %[[W:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%[[R2:[0-9a-z_]+]], %[[C2:[0-9a-z_]+]]] : !xegpu.mem_desc<64x64xf32>, index, index -> vector<32x16xf32>
// CHECK-NEXT:  %[[U:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<32x16xf32>
// CHECK:       xegpu.store_nd %[[W]], %[[U]][%[[R2]], %[[C2]]] : vector<32x16xf32>, !xegpu.tensor_desc<32x16xf32>
// CHECK-NEXT:  func.return

// -----

// Round robin (2 x 2 tiles of 8x16 per subgroup) at a dynamic row offset %x: every tile is
// stored and loaded at (%x + tile row, tile column), in the same tile order.
#mw = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16], inst_data = [8, 16]>
func.func @matrix_wrap_offsets(%m: memref<32x64xf32>, %o: memref<32x64xf32>, %x: index) {
  %slm = memref.alloca() : memref<16384xi8, 3>
  %md = xegpu.create_mem_desc %slm : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #mw>
  %v = xegpu.load_nd %t[0, 0] <{layout = #mw}> : !xegpu.tensor_desc<32x64xf32, #mw> -> vector<32x64xf32>
  xegpu.store_matrix %v, %md[%x, 0] <{layout = #mw}> : vector<32x64xf32>, !xegpu.mem_desc<64x64xf32>, index
  gpu.barrier
  %w = xegpu.load_matrix %md[%x, 0] <{layout = #mw}> : !xegpu.mem_desc<64x64xf32>, index -> vector<32x64xf32>
  %e = math.exp %w {layout_result_0 = #mw} : vector<32x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #mw>
  xegpu.store_nd %e, %u[0, 0] <{layout = #mw}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #mw>
  func.return
}
// CHECK-LABEL: func.func @matrix_wrap_offsets
// CHECK:       arith.addi {{.*}}%x{{.*}} : index
// CHECK:       %[[MD:[0-9a-z_]+]] = xegpu.create_mem_desc %slm : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>
// CHECK:       %[[V00:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R0:[0-9a-z_]+]], %[[C0:[0-9a-z_]+]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<8x16xf32, #xegpu.layout<inst_data = [8, 16]>> -> vector<8x16xf32>
// CHECK:       %[[V01:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R0]], %[[C1:[0-9a-z_]+]]] {{.*}} -> vector<8x16xf32>
// CHECK:       %[[V10:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R1:[0-9a-z_]+]], %[[C0]]] {{.*}} -> vector<8x16xf32>
// CHECK:       %[[V11:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R1]], %[[C1]]] {{.*}} -> vector<8x16xf32>
// CHECK:       xegpu.store_matrix %[[V00]], %[[MD]][%[[S0:[0-9a-z_]+]], %[[C0]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}>{{ ?}}: vector<8x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
// CHECK:       xegpu.store_matrix %[[V01]], %[[MD]][%[[S0]], %[[C1]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}>{{ ?}}: vector<8x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
// CHECK:       xegpu.store_matrix %[[V10]], %[[MD]][%[[S1:[0-9a-z_]+]], %[[C0]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}>{{ ?}}: vector<8x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
// CHECK:       xegpu.store_matrix %[[V11]], %[[MD]][%[[S1]], %[[C1]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}>{{ ?}}: vector<8x16xf32>, !xegpu.mem_desc<64x64xf32>, index, index
// CHECK-NEXT:  gpu.barrier
// CHECK:       %[[L00:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%[[S0]], %[[C0]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}>{{ ?}}: !xegpu.mem_desc<64x64xf32>, index, index -> vector<8x16xf32>
// CHECK:       %[[L01:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%[[S0]], %[[C1]]] {{.*}} -> vector<8x16xf32>
// CHECK:       %[[L10:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%[[S1]], %[[C0]]] {{.*}} -> vector<8x16xf32>
// CHECK:       %[[L11:[0-9a-z_]+]] = xegpu.load_matrix %[[MD]][%[[S1]], %[[C1]]] {{.*}} -> vector<8x16xf32>
// CHECK-NEXT:  math.exp %[[L00]] {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>} : vector<8x16xf32>
// CHECK-NEXT:  math.exp %[[L01]]
// CHECK-NEXT:  math.exp %[[L10]]
// CHECK-NEXT:  math.exp %[[L11]]
