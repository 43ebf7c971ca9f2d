// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func dpas_pairs | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func dpas_col_major_splat_acc | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func dpas_k_chain | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func dpas_shared_cols | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// xegpu.dpas: C[i, j] = acc[i, j] + sum_k A[i, k] * B[k, j] over each subgroup's own tiles.
// (Aliases are unique over the whole file: wgdist-check reads it as one module.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{(vector|tensor_desc)<(128x|32x128|32x64|64x32)}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data

// Every A x B tile pair (the RFC's 2 x 2 grid, wrapped): A 128x32 wraps rows (2 tiles, K shared),
// B 32x128 wraps columns (2 tiles), C 128x128 has 2 x 2 tiles; dpas (i, j) takes A tile i,
// B tile j and the accumulator tile at (row i, column j), i.e. C tile 2 * i + j.
#dpa = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
func.func @dpas_pairs(%a: memref<128x32xf16>, %b: memref<32x128xf16>, %c: memref<128x128xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<128x32xf16> -> !xegpu.tensor_desc<128x32xf16, #dpa>
  %tb = xegpu.create_nd_tdesc %b : memref<32x128xf16> -> !xegpu.tensor_desc<32x128xf16, #dpa>
  %tc = xegpu.create_nd_tdesc %c : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #dpa>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #dpa}> : !xegpu.tensor_desc<128x32xf16, #dpa> -> vector<128x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #dpa}> : !xegpu.tensor_desc<32x128xf16, #dpa> -> vector<32x128xf16>
  %vc = xegpu.load_nd %tc[0, 0] <{layout = #dpa}> : !xegpu.tensor_desc<128x128xf32, #dpa> -> vector<128x128xf32>
  %d = xegpu.dpas %va, %vb, %vc {layout_a = #dpa, layout_b = #dpa, layout_cd = #dpa} : vector<128x32xf16>, vector<32x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #dpa}> : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #dpa>
  func.return
}
// CHECK-LABEL: func.func @dpas_pairs
// CHECK-COUNT-1: gpu.subgroup_id
// CHECK-DAG:   %[[TA:[0-9a-z_]+]] = xegpu.create_nd_tdesc %a : memref<128x32xf16> -> !xegpu.tensor_desc<32x32xf16>
// CHECK-DAG:   %[[TB:[0-9a-z_]+]] = xegpu.create_nd_tdesc %b : memref<32x128xf16> -> !xegpu.tensor_desc<32x32xf16>
// CHECK-DAG:   %[[TC:[0-9a-z_]+]] = xegpu.create_nd_tdesc %c : memref<128x128xf32> -> !xegpu.tensor_desc<32x32xf32>
// CHECK:       %[[A0:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[R0:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
// CHECK:       %[[A1:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[R1:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
// CHECK:       %[[B0:[0-9a-z_]+]] = xegpu.load_nd %[[TB]][0, %[[K0:[0-9a-z_]+]]] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
// CHECK:       %[[B1:[0-9a-z_]+]] = xegpu.load_nd %[[TB]][0, %[[K1:[0-9a-z_]+]]] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
// CHECK:       %[[C00:[0-9a-z_]+]] = xegpu.load_nd %[[TC]][%[[R0]], %[[K0]]] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
// CHECK:       %[[C01:[0-9a-z_]+]] = xegpu.load_nd %[[TC]][%[[R0]], %[[K1]]] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
// CHECK:       %[[C10:[0-9a-z_]+]] = xegpu.load_nd %[[TC]][%[[R1]], %[[K0]]] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
// CHECK:       %[[C11:[0-9a-z_]+]] = xegpu.load_nd %[[TC]][%[[R1]], %[[K1]]] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
// CHECK-DAG:   %[[D00:[0-9a-z_]+]] = xegpu.dpas %[[A0]], %[[B0]], %[[C00]] : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-DAG:   %[[D01:[0-9a-z_]+]] = xegpu.dpas %[[A0]], %[[B1]], %[[C01]] : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-DAG:   %[[D10:[0-9a-z_]+]] = xegpu.dpas %[[A1]], %[[B0]], %[[C10]] : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-DAG:   %[[D11:[0-9a-z_]+]] = xegpu.dpas %[[A1]], %[[B1]], %[[C11]] : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-NOT:   xegpu.dpas
// CHECK-DAG:   xegpu.store_nd %[[D00]], %[[TC]][%[[R0]], %[[K0]]] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
// CHECK-DAG:   xegpu.store_nd %[[D01]], %[[TC]][%[[R0]], %[[K1]]] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
// CHECK-DAG:   xegpu.store_nd %[[D10]], %[[TC]][%[[R1]], %[[K0]]] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
// CHECK-DAG:   xegpu.store_nd %[[D11]], %[[TC]][%[[R1]], %[[K1]]] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
// CHECK-NOT:   xegpu.store_nd
// CHECK:       func.return

// -----

// The same pairs with order = [0, 1] (the row coordinate varies fastest) and inst/lane fields,
// which stay on every type and on layout_a/b/cd; a splat accumulator is one subgroup constant
// shared by the four dpas (one per C tile, never a WG-sized constant).
#dca = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>
#dcb = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [16, 16], lane_layout = [1, 16], lane_data = [2, 1], order = [0, 1]>
func.func @dpas_col_major_splat_acc(%a: memref<128x32xf16>, %b: memref<32x128xf16>, %c: memref<128x128xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<128x32xf16> -> !xegpu.tensor_desc<128x32xf16, #dca>
  %tb = xegpu.create_nd_tdesc %b : memref<32x128xf16> -> !xegpu.tensor_desc<32x128xf16, #dcb>
  %tc = xegpu.create_nd_tdesc %c : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #dca>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #dca}> : !xegpu.tensor_desc<128x32xf16, #dca> -> vector<128x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #dcb}> : !xegpu.tensor_desc<32x128xf16, #dcb> -> vector<32x128xf16>
  %z = arith.constant {layout_result_0 = #dca} dense<0.5> : vector<128x128xf32>
  %d = xegpu.dpas %va, %vb, %z {layout_a = #dca, layout_b = #dcb, layout_cd = #dca} : vector<128x32xf16>, vector<32x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #dca}> : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32, #dca>
  func.return
}
// CHECK-LABEL: func.func @dpas_col_major_splat_acc
// CHECK:       %[[SG:[0-9a-z_]+]] = gpu.subgroup_id : index
// The row coordinate is the fastest one: sg_id mod 2, no division before it.
// CHECK-NOT:   arith.divui
// CHECK:       arith.remui %[[SG]], %c2
// CHECK-DAG:   %[[TA:[0-9a-z_]+]] = xegpu.create_nd_tdesc %a : memref<128x32xf16> -> !xegpu.tensor_desc<32x32xf16, #xegpu.layout<inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>>
// CHECK-DAG:   %[[TB:[0-9a-z_]+]] = xegpu.create_nd_tdesc %b : memref<32x128xf16> -> !xegpu.tensor_desc<32x32xf16, #xegpu.layout<inst_data = [16, 16], lane_layout = [1, 16], lane_data = [2, 1], order = [0, 1]>>
// CHECK:       %[[A0:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%{{[0-9a-z_]+}}, 0] <{layout = #xegpu.layout<inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>}> : {{.*}} -> vector<32x32xf16>
// CHECK:       %[[A1:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%{{[0-9a-z_]+}}, 0] <{layout = {{.*}}}> : {{.*}} -> vector<32x32xf16>
// CHECK:       %[[B0:[0-9a-z_]+]] = xegpu.load_nd %[[TB]][0, %{{[0-9a-z_]+}}] <{layout = #xegpu.layout<inst_data = [16, 16], lane_layout = [1, 16], lane_data = [2, 1], order = [0, 1]>}> : {{.*}} -> vector<32x32xf16>
// CHECK:       %[[B1:[0-9a-z_]+]] = xegpu.load_nd %[[TB]][0, %{{[0-9a-z_]+}}] <{layout = {{.*}}}> : {{.*}} -> vector<32x32xf16>
// CHECK:       %[[Z:[0-9a-z_]+]] = arith.constant {layout_result_0 = #xegpu.layout<inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>} dense<5.000000e-01> : vector<32x32xf32>
// CHECK-NOT:   arith.constant {{.*}}dense<5.000000e-01>
// CHECK-DAG:   %[[D00:[0-9a-z_]+]] = xegpu.dpas %[[A0]], %[[B0]], %[[Z]] {layout_a = #xegpu.layout<inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>, layout_b = #xegpu.layout<inst_data = [16, 16], lane_layout = [1, 16], lane_data = [2, 1], order = [0, 1]>, layout_cd = #xegpu.layout<inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>} : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-DAG:   %[[D01:[0-9a-z_]+]] = xegpu.dpas %[[A0]], %[[B1]], %[[Z]] {{{.*}}} : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-DAG:   %[[D10:[0-9a-z_]+]] = xegpu.dpas %[[A1]], %[[B0]], %[[Z]] {{{.*}}} : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-DAG:   %[[D11:[0-9a-z_]+]] = xegpu.dpas %[[A1]], %[[B1]], %[[Z]] {{{.*}}} : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
// CHECK-NOT:   xegpu.dpas
// CHECK-DAG:   xegpu.store_nd %[[D00]], %{{.*}} : vector<32x32xf32>
// CHECK-DAG:   xegpu.store_nd %[[D01]], %{{.*}} : vector<32x32xf32>
// CHECK-DAG:   xegpu.store_nd %[[D10]], %{{.*}} : vector<32x32xf32>
// CHECK-DAG:   xegpu.store_nd %[[D11]], %{{.*}} : vector<32x32xf32>
// CHECK:       func.return

// -----

// K split into two tiles per subgroup (only possible with sg_layout [1, 1]: dpas needs one
// sg_layout on A, B and C): each C tile is a chain over k, the first dpas without an
// accumulator, the second accumulating into it. A has 2 x 2 tiles (rows x K), B 2 x 1.
#dka = #xegpu.layout<sg_layout = [1, 1], sg_data = [64, 16], inst_data = [8, 16]>
#dkb = #xegpu.layout<sg_layout = [1, 1], sg_data = [16, 64], inst_data = [16, 16]>
#dkc = #xegpu.layout<sg_layout = [1, 1], sg_data = [64, 64], inst_data = [8, 16]>
func.func @dpas_k_chain(%a: memref<128x32xf16>, %b: memref<32x64xf16>, %c: memref<128x64xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<128x32xf16> -> !xegpu.tensor_desc<128x32xf16, #dka>
  %tb = xegpu.create_nd_tdesc %b : memref<32x64xf16> -> !xegpu.tensor_desc<32x64xf16, #dkb>
  %tc = xegpu.create_nd_tdesc %c : memref<128x64xf32> -> !xegpu.tensor_desc<128x64xf32, #dkc>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #dka}> : !xegpu.tensor_desc<128x32xf16, #dka> -> vector<128x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #dkb}> : !xegpu.tensor_desc<32x64xf16, #dkb> -> vector<32x64xf16>
  %d = xegpu.dpas %va, %vb {layout_a = #dka, layout_b = #dkb, layout_cd = #dkc} : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #dkc}> : vector<128x64xf32>, !xegpu.tensor_desc<128x64xf32, #dkc>
  func.return
}
// CHECK-LABEL: func.func @dpas_k_chain
// CHECK-NOT:   gpu.subgroup_id
// CHECK:       %[[A00:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, 0] <{{.*}}> : !xegpu.tensor_desc<64x16xf16, #xegpu.layout<inst_data = [8, 16]>> -> vector<64x16xf16>
// CHECK-NEXT:  %[[A01:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, 16] <{{.*}}> -> vector<64x16xf16>
// CHECK-NEXT:  %[[A10:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[64, 0] <{{.*}}> -> vector<64x16xf16>
// CHECK-NEXT:  %[[A11:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[64, 16] <{{.*}}> -> vector<64x16xf16>
// CHECK-NEXT:  %[[B0:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, 0] <{{.*}}> : !xegpu.tensor_desc<16x64xf16, #xegpu.layout<inst_data = [16, 16]>> -> vector<16x64xf16>
// CHECK-NEXT:  %[[B1:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[16, 0] <{{.*}}> -> vector<16x64xf16>
// CHECK-DAG:   %[[P0:[0-9a-z_]+]] = xegpu.dpas %[[A00]], %[[B0]] {{{.*}}} : vector<64x16xf16>, vector<16x64xf16> -> vector<64x64xf32>
// CHECK-DAG:   %[[D0:[0-9a-z_]+]] = xegpu.dpas %[[A01]], %[[B1]], %[[P0]] {{{.*}}} : vector<64x16xf16>, vector<16x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
// CHECK-DAG:   %[[P1:[0-9a-z_]+]] = xegpu.dpas %[[A10]], %[[B0]] {{{.*}}} : vector<64x16xf16>, vector<16x64xf16> -> vector<64x64xf32>
// CHECK-DAG:   %[[D1:[0-9a-z_]+]] = xegpu.dpas %[[A11]], %[[B1]], %[[P1]] {{{.*}}} : vector<64x16xf16>, vector<16x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
// CHECK-NOT:   xegpu.dpas
// CHECK-DAG:   xegpu.store_nd %[[D0]], %{{[0-9a-z_]+}}[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<64x64xf32>
// CHECK-DAG:   xegpu.store_nd %[[D1]], %{{[0-9a-z_]+}}[64, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<64x64xf32>
// CHECK:       func.return

// -----

// C shares its columns (sg_layout 2 x sg_data 32 > 32) and wraps its rows (4 x 8 < 64): each
// subgroup computes 2 C tiles from its 2 A tiles and the one (fully shared) B tile. The result
// goes out through a convert_layout to a split without sharing (stores may not share).
#dsa = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 32]>
#dsb = #xegpu.layout<sg_layout = [4, 2], sg_data = [32, 32]>
#dso = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 16]>
func.func @dpas_shared_cols(%a: memref<64x32xf16>, %b: memref<32x32xf16>, %c: memref<64x32xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<64x32xf16> -> !xegpu.tensor_desc<64x32xf16, #dsa>
  %tb = xegpu.create_nd_tdesc %b : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16, #dsb>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #dsa}> : !xegpu.tensor_desc<64x32xf16, #dsa> -> vector<64x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{layout = #dsb}> : !xegpu.tensor_desc<32x32xf16, #dsb> -> vector<32x32xf16>
  %d = xegpu.dpas %va, %vb {layout_a = #dsa, layout_b = #dsb, layout_cd = #dsa} : vector<64x32xf16>, vector<32x32xf16> -> vector<64x32xf32>
  %o = xegpu.convert_layout %d <{input_layout = #dsa, target_layout = #dso}> : vector<64x32xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #dso>
  xegpu.store_nd %o, %tc[0, 0] <{layout = #dso}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #dso>
  func.return
}
// CHECK-LABEL: func.func @dpas_shared_cols
// CHECK:       %[[A0:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%{{[0-9a-z_]+}}, 0] : !xegpu.tensor_desc<8x32xf16> -> vector<8x32xf16>
// CHECK:       %[[A1:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[%{{[0-9a-z_]+}}, 0] : !xegpu.tensor_desc<8x32xf16> -> vector<8x32xf16>
// CHECK-NEXT:  %[[B:[0-9a-z_]+]] = xegpu.load_nd %{{[0-9a-z_]+}}[0, 0] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
// CHECK-NOT:   xegpu.load_nd
// CHECK-DAG:   %[[D0:[0-9a-z_]+]] = xegpu.dpas %[[A0]], %[[B]] : vector<8x32xf16>, vector<32x32xf16> -> vector<8x32xf32>
// CHECK-DAG:   %[[D1:[0-9a-z_]+]] = xegpu.dpas %[[A1]], %[[B]] : vector<8x32xf16>, vector<32x32xf16> -> vector<8x32xf32>
// CHECK-NOT:   xegpu.dpas
// Only one of the two column subgroups writes the shared C tiles.
// CHECK:       scf.if
// CHECK-NEXT:  %[[D0_0:[0-9a-z_]+]] = vector.extract_strided_slice %[[D0]] {{.*}}offsets = [0, 0], sizes = [8, 16]{{.*}} : vector<8x32xf32> to vector<8x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[D0_0]], {{.*}} : vector<8x16xf32>, !xegpu.mem_desc<64x32xf32>
// CHECK-NEXT:  %[[D0_16:[0-9a-z_]+]] = vector.extract_strided_slice %[[D0]] {{.*}}offsets = [0, 16], sizes = [8, 16]{{.*}} : vector<8x32xf32> to vector<8x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[D0_16]], {{.*}} : vector<8x16xf32>, !xegpu.mem_desc<64x32xf32>
// CHECK-NEXT:  %[[D1_0:[0-9a-z_]+]] = vector.extract_strided_slice %[[D1]] {{.*}}offsets = [0, 0], sizes = [8, 16]{{.*}} : vector<8x32xf32> to vector<8x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[D1_0]], {{.*}} : vector<8x16xf32>, !xegpu.mem_desc<64x32xf32>
// CHECK-NEXT:  %[[D1_16:[0-9a-z_]+]] = vector.extract_strided_slice %[[D1]] {{.*}}offsets = [0, 16], sizes = [8, 16]{{.*}} : vector<8x32xf32> to vector<8x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[D1_16]], {{.*}} : vector<8x16xf32>, !xegpu.mem_desc<64x32xf32>
// CHECK:       gpu.barrier
// CHECK:       %[[O:[0-9a-z_]+]] = xegpu.load_matrix {{.*}} -> vector<16x16xf32>
// CHECK:       xegpu.store_nd %[[O]], {{.*}} : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK:       func.return
