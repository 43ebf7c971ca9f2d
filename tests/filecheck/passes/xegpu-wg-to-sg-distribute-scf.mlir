// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func for_iter_args | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func while_carried | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func if_results --scalar c=1 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func if_results --scalar c=0 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// Structured control flow, 1 to N: every workgroup iter_arg, block argument and result becomes
// its subgroup tiles at the same position, other values stay; the ops lose layout_result_N.
// (Aliases are unique over the whole file: wgdist-check reads it as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{(vector|tensor_desc)<(64|32)x}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data
// NOWG-NOT: layout_result_0

// scf.for carrying a vector (4 tiles), a descriptor (4 tile descriptors, advanced by
// update_nd_offset) and an index (kept): 9 iter_args and results; the index result still feeds
// the store's row offset.
#sf = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @for_iter_args(%m: memref<256x64xf32>, %o: memref<68x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = xegpu.create_nd_tdesc %m[0, 0] : memref<256x64xf32> -> !xegpu.tensor_desc<64x64xf32, #sf>
  %z = arith.constant {layout_result_0 = #sf} dense<0.0> : vector<64x64xf32>
  %r:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z, %d = %t, %n = %c0) -> (vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #sf>, index) {
    %v = xegpu.load_nd %d <{layout = #sf}> : !xegpu.tensor_desc<64x64xf32, #sf> -> vector<64x64xf32>
    %s = arith.addf %acc, %v {layout_result_0 = #sf} : vector<64x64xf32>
    %d2 = xegpu.update_nd_offset %d, [64, 0] : !xegpu.tensor_desc<64x64xf32, #sf>
    %n2 = arith.addi %n, %c1 : index
    scf.yield %s, %d2, %n2 : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #sf>, index
  } {layout_result_0 = #sf}
  %u = xegpu.create_nd_tdesc %o : memref<68x64xf32> -> !xegpu.tensor_desc<64x64xf32, #sf>
  xegpu.store_nd %r#0, %u[%r#2, 0] <{layout = #sf}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #sf>
  func.return
}
// CHECK-LABEL: func.func @for_iter_args
// CHECK:       %[[D0:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : memref<256x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[D1:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : memref<256x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[D2:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : memref<256x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[D3:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : memref<256x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  %[[Z:[0-9a-z_]+]] = arith.constant dense<0.000000e+00> : vector<16x16xf32>
// CHECK:       %[[S0:[0-9a-z_]+]], %[[S1:[0-9a-z_]+]], %[[S2:[0-9a-z_]+]], %[[S3:[0-9a-z_]+]], %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %[[N:[0-9a-z_]+]] = scf.for %i = %{{[0-9a-z_]+}} to %{{[0-9a-z_]+}} step %{{[0-9a-z_]+}} iter_args(%[[A0:[0-9a-z_]+]] = %[[Z]], %[[A1:[0-9a-z_]+]] = %[[Z]], %[[A2:[0-9a-z_]+]] = %[[Z]], %[[A3:[0-9a-z_]+]] = %[[Z]], %[[T0:[0-9a-z_]+]] = %[[D0]], %[[T1:[0-9a-z_]+]] = %[[D1]], %[[T2:[0-9a-z_]+]] = %[[D2]], %[[T3:[0-9a-z_]+]] = %[[D3]], %[[K:[0-9a-z_]+]] = %{{[0-9a-z_]+}}) -> (vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, index) {
// CHECK-NEXT:    %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T0]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:    %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T1]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:    %[[V2:[0-9a-z_]+]] = xegpu.load_nd %[[T2]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:    %[[V3:[0-9a-z_]+]] = xegpu.load_nd %[[T3]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:    %[[E0:[0-9a-z_]+]] = arith.addf %[[A0]], %[[V0]] : vector<16x16xf32>
// CHECK-NEXT:    %[[E1:[0-9a-z_]+]] = arith.addf %[[A1]], %[[V1]] : vector<16x16xf32>
// CHECK-NEXT:    %[[E2:[0-9a-z_]+]] = arith.addf %[[A2]], %[[V2]] : vector<16x16xf32>
// CHECK-NEXT:    %[[E3:[0-9a-z_]+]] = arith.addf %[[A3]], %[[V3]] : vector<16x16xf32>
// CHECK-NEXT:    %[[U0:[0-9a-z_]+]] = xegpu.update_nd_offset %[[T0]], [64, 0] : !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:    %[[U1:[0-9a-z_]+]] = xegpu.update_nd_offset %[[T1]], [64, 0] : !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:    %[[U2:[0-9a-z_]+]] = xegpu.update_nd_offset %[[T2]], [64, 0] : !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:    %[[U3:[0-9a-z_]+]] = xegpu.update_nd_offset %[[T3]], [64, 0] : !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:    %[[K2:[0-9a-z_]+]] = arith.addi %[[K]], %{{[0-9a-z_]+}} : index
// CHECK-NEXT:    scf.yield %[[E0]], %[[E1]], %[[E2]], %[[E3]], %[[U0]], %[[U1]], %[[U2]], %[[U3]], %[[K2]] : vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, !xegpu.tensor_desc<16x16xf32>, index
// CHECK-NEXT:  }
// CHECK:       arith.addi {{.*}}%[[N]]
// CHECK:       xegpu.store_nd %[[S0]], %[[O:[0-9a-z_]+]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK:       xegpu.store_nd %[[S1]], %[[O]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK:       xegpu.store_nd %[[S2]], %[[O]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK:       xegpu.store_nd %[[S3]], %[[O]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  func.return

// -----

// scf.while carrying a 1-D vector (2 wrapped tiles) and an index: the before block, the
// scf.condition, the after block's arguments and the results are 2 + 1 each.
#sw = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @while_carried(%m: memref<64xf32>, %o: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = xegpu.create_nd_tdesc %m : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #sw>
  %v = xegpu.load_nd %t[0] <{layout = #sw}> : !xegpu.tensor_desc<64xf32, #sw> -> vector<64xf32>
  %r:2 = scf.while (%a = %v, %i = %c0) : (vector<64xf32>, index) -> (vector<64xf32>, index) {
    %go = arith.cmpi slt, %i, %c3 : index
    scf.condition(%go) %a, %i : vector<64xf32>, index
  } do {
  ^bb0(%a2: vector<64xf32>, %i2: index):
    %e = arith.addf %a2, %a2 {layout_result_0 = #sw} : vector<64xf32>
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %e, %i3 : vector<64xf32>, index
  } attributes {layout_result_0 = #sw}
  %u = xegpu.create_nd_tdesc %o : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #sw>
  xegpu.store_nd %r#0, %u[0] <{layout = #sw}> : vector<64xf32>, !xegpu.tensor_desc<64xf32, #sw>
  func.return
}
// CHECK-LABEL: func.func @while_carried
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T:[0-9a-z_]+]][%[[X0:[0-9a-z_]+]]] : !xegpu.tensor_desc<8xf32> -> vector<8xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T]][%[[X1:[0-9a-z_]+]]] : !xegpu.tensor_desc<8xf32> -> vector<8xf32>
// CHECK:       %[[R0:[0-9a-z_]+]], %[[R1:[0-9a-z_]+]], %{{[0-9a-z_]+}} = scf.while (%[[B0:[0-9a-z_]+]] = %[[V0]], %[[B1:[0-9a-z_]+]] = %[[V1]], %[[I:[0-9a-z_]+]] = %{{[0-9a-z_]+}}) : (vector<8xf32>, vector<8xf32>, index) -> (vector<8xf32>, vector<8xf32>, index) {
// CHECK-NEXT:    %[[GO:[0-9a-z_]+]] = arith.cmpi slt, %[[I]], %{{[0-9a-z_]+}} : index
// CHECK-NEXT:    scf.condition(%[[GO]]) %[[B0]], %[[B1]], %[[I]] : vector<8xf32>, vector<8xf32>, index
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%[[P0:[0-9a-z_]+]]: vector<8xf32>, %[[P1:[0-9a-z_]+]]: vector<8xf32>, %[[I2:[0-9a-z_]+]]: index):
// CHECK-NEXT:    %[[E0:[0-9a-z_]+]] = arith.addf %[[P0]], %[[P0]] : vector<8xf32>
// CHECK-NEXT:    %[[E1:[0-9a-z_]+]] = arith.addf %[[P1]], %[[P1]] : vector<8xf32>
// CHECK-NEXT:    %[[I3:[0-9a-z_]+]] = arith.addi %[[I2]], %{{[0-9a-z_]+}} : index
// CHECK-NEXT:    scf.yield %[[E0]], %[[E1]], %[[I3]] : vector<8xf32>, vector<8xf32>, index
// CHECK-NEXT:  }
// CHECK-NOT:   layout_result_0
// CHECK:       xegpu.store_nd %[[R0]], %[[O:[0-9a-z_]+]][%[[X0]]] : vector<8xf32>, !xegpu.tensor_desc<8xf32>
// CHECK:       xegpu.store_nd %[[R1]], %[[O]][%[[X1]]] : vector<8xf32>, !xegpu.tensor_desc<8xf32>
// CHECK-NEXT:  func.return

// -----

// scf.if with a result, order = [0, 1] (rows wrap: 2 tiles): both branches yield their 2 tiles;
// the 2 results are stored where the tiles were loaded.
#si = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], order = [0, 1]>
func.func @if_results(%m: memref<64x32xf32>, %o: memref<64x32xf32>, %c: i1) {
  %t = xegpu.create_nd_tdesc %m : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #si>
  %v = xegpu.load_nd %t[0, 0] <{layout = #si}> : !xegpu.tensor_desc<64x32xf32, #si> -> vector<64x32xf32>
  %r = scf.if %c -> (vector<64x32xf32>) {
    %e = math.exp %v {layout_result_0 = #si} : vector<64x32xf32>
    scf.yield %e : vector<64x32xf32>
  } else {
    %n = arith.negf %v {layout_result_0 = #si} : vector<64x32xf32>
    scf.yield %n : vector<64x32xf32>
  } {layout_result_0 = #si}
  %u = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #si>
  xegpu.store_nd %r, %u[0, 0] <{layout = #si}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #si>
  func.return
}
// CHECK-LABEL: func.func @if_results
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R0:[0-9a-z_]+]], %[[C:[0-9a-z_]+]]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK:       %[[V1:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%[[R1:[0-9a-z_]+]], %[[C]]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:  %[[Y0:[0-9a-z_]+]], %[[Y1:[0-9a-z_]+]] = scf.if %c -> (vector<16x16xf32>, vector<16x16xf32>) {
// CHECK-NEXT:    %[[E0:[0-9a-z_]+]] = math.exp %[[V0]] : vector<16x16xf32>
// CHECK-NEXT:    %[[E1:[0-9a-z_]+]] = math.exp %[[V1]] : vector<16x16xf32>
// CHECK-NEXT:    scf.yield %[[E0]], %[[E1]] : vector<16x16xf32>, vector<16x16xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %[[N0:[0-9a-z_]+]] = arith.negf %[[V0]] : vector<16x16xf32>
// CHECK-NEXT:    %[[N1:[0-9a-z_]+]] = arith.negf %[[V1]] : vector<16x16xf32>
// CHECK-NEXT:    scf.yield %[[N0]], %[[N1]] : vector<16x16xf32>, vector<16x16xf32>
// CHECK-NEXT:  }
// CHECK-NOT:   layout_result_0
// CHECK:       xegpu.store_nd %[[Y0]], %[[O:[0-9a-z_]+]][%[[R0]], %[[C]]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK:       xegpu.store_nd %[[Y1]], %[[O]][%[[R1]], %[[C]]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  func.return

// -----

// sg_id_range on scf.if: outside, 8 subgroups ([2, 4]) delinearize gpu.subgroup_id; inside the
// range [2, 6), the 4-subgroup layout ([2, 2], one 16x16 tile of 32x32) delinearizes the id
// rebased by the range start 2. The range attribute stays on the scf.if. (Not run through
// wgdist-check: a workgroup program cannot compute a condition from the subgroup id, and with a
// uniform %c all 8 subgroups take the branch, so the output is written twice.)
#sr8 = #xegpu.layout<sg_layout = [2, 4], sg_data = [16, 16]>
#sr4 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @if_sg_id_range(%m: memref<32x64xf32>, %n: memref<32x32xf32>, %o: memref<32x32xf32>, %c: i1) {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #sr8>
  %v = xegpu.load_nd %t[0, 0] <{layout = #sr8}> : !xegpu.tensor_desc<32x64xf32, #sr8> -> vector<32x64xf32>
  %e8 = math.exp %v {layout_result_0 = #sr8} : vector<32x64xf32>
  xegpu.store_nd %e8, %t[0, 0] <{layout = #sr8}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #sr8>
  scf.if %c {
    %p = xegpu.create_nd_tdesc %n : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #sr4>
    %w = xegpu.load_nd %p[0, 0] <{layout = #sr4}> : !xegpu.tensor_desc<32x32xf32, #sr4> -> vector<32x32xf32>
    %e = math.exp %w {layout_result_0 = #sr4} : vector<32x32xf32>
    %q = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #sr4>
    xegpu.store_nd %e, %q[0, 0] <{layout = #sr4}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #sr4>
  } {sg_id_range = #xegpu.range<[2, 6]>}
  func.return
}
// CHECK-LABEL: func.func @if_sg_id_range
// CHECK:       %[[SG:[0-9a-z_]+]] = gpu.subgroup_id : index
// CHECK-NOT:   gpu.subgroup_id
// CHECK:       %[[REL:[0-9a-z_]+]] = arith.subi %[[SG]], %c2 : index
// CHECK-DAG:   arith.divui %[[REL]], %c2 : index
// CHECK-DAG:   arith.remui %[[REL]], %c2 : index
// CHECK:       %[[M:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[W:[0-9a-z_]+]] = xegpu.load_nd %[[M]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:  %[[WE:[0-9a-z_]+]] = math.exp %[[W]] : vector<16x16xf32>
// CHECK:       xegpu.store_nd %[[WE]], %[[M]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:    %[[P:[0-9a-z_]+]] = xegpu.create_nd_tdesc %n : memref<32x32xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:         %[[X:[0-9a-z_]+]] = xegpu.load_nd %[[P]][%[[PR:[0-9a-z_]+]], %[[PC:[0-9a-z_]+]]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:    %[[XE:[0-9a-z_]+]] = math.exp %[[X]] : vector<16x16xf32>
// CHECK-NEXT:    %[[Q:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:         xegpu.store_nd %[[XE]], %[[Q]][%[[PR]], %[[PC]]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  }{{ ?}}{sg_id_range = #xegpu.range<[2 : i64, 6 : i64]>}
// CHECK-NEXT:  func.return
