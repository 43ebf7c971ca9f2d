// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func create_offsets_3d --scalar b=1 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func update_offset | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func load_packed | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s --check-prefix=NOWG

// Block-descriptor ops: create_nd_tdesc with offsets (on a 3-D memref, with sharing) and on a
// ui64 source, update_nd_offset, load_nd <{packed}>. (Aliases are unique over the whole file:
// wgdist-check reads it as one module; @ui64_source and @create_offsets_sharing store nothing
// it can check.)
// AGREE: agree: every buffer matches

// Nothing workgroup-sized and no sg_layout/sg_data is left anywhere in the output:
// NOWG-NOT: {{(vector|tensor_desc)<(64x|128x|32x64|16x64x2)}}
// NOWG-NOT: sg_layout
// NOWG-NOT: sg_data

// Offsets on the descriptor: one descriptor per tile (2 x 2 wrapped tiles), the tile offsets
// added to the trailing dims, the leading memref offset %b kept; the accesses have no offsets.
#nco = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @create_offsets_3d(%m: memref<2x64x64xf32>, %o: memref<2x64x64xf32>, %b: index) {
  %t = xegpu.create_nd_tdesc %m[%b, 0, 0] : memref<2x64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #nco>
  %u = xegpu.create_nd_tdesc %o[%b, 0, 0] : memref<2x64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #nco>
  %v = xegpu.load_nd %t <{layout = #nco}> : !xegpu.tensor_desc<64x64xf32, #nco> -> vector<64x64xf32>
  %e = math.exp %v {layout_result_0 = #nco} : vector<64x64xf32>
  xegpu.store_nd %e, %u <{layout = #nco}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #nco>
  func.return
}
// CHECK-LABEL: func.func @create_offsets_3d
// CHECK:       %[[M00:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%b, %[[R0:[0-9a-z_]+]], %[[C0:[0-9a-z_]+]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[M01:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%b, %[[R0]], %[[C1:[0-9a-z_]+]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[M10:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%b, %[[R1:[0-9a-z_]+]], %[[C0]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[M11:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%b, %[[R1]], %[[C1]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[O00:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o[%b, %[[R0]], %[[C0]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[O01:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o[%b, %[[R0]], %[[C1]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[O10:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o[%b, %[[R1]], %[[C0]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[O11:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o[%b, %[[R1]], %[[C1]]] : memref<2x64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  %[[V00:[0-9a-z_]+]] = xegpu.load_nd %[[M00]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:  %[[V01:[0-9a-z_]+]] = xegpu.load_nd %[[M01]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:  %[[V10:[0-9a-z_]+]] = xegpu.load_nd %[[M10]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:  %[[V11:[0-9a-z_]+]] = xegpu.load_nd %[[M11]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:  %[[E00:[0-9a-z_]+]] = math.exp %[[V00]] : vector<16x16xf32>
// CHECK-NEXT:  %[[E01:[0-9a-z_]+]] = math.exp %[[V01]] : vector<16x16xf32>
// CHECK-NEXT:  %[[E10:[0-9a-z_]+]] = math.exp %[[V10]] : vector<16x16xf32>
// CHECK-NEXT:  %[[E11:[0-9a-z_]+]] = math.exp %[[V11]] : vector<16x16xf32>
// CHECK-NEXT:  xegpu.store_nd %[[E00]], %[[O00]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  xegpu.store_nd %[[E01]], %[[O01]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  xegpu.store_nd %[[E10]], %[[O10]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  xegpu.store_nd %[[E11]], %[[O11]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  func.return

// -----

// Offsets on the descriptor with sharing (4 x 16 rows > 32) and order = [0, 1]: one tile; the
// row offset is %x + (row coordinate * 16) mod 32 (the modulo is by the shape), the column
// offset 16 + column coordinate * 16.
#nsh = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 16], order = [0, 1]>
func.func @create_offsets_sharing(%m: memref<64x64xf32>, %x: index) {
  %t = xegpu.create_nd_tdesc %m[%x, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<32x32xf32, #nsh>
  xegpu.prefetch_nd %t : !xegpu.tensor_desc<32x32xf32, #nsh>
  %v = xegpu.load_nd %t <{layout = #nsh}> : !xegpu.tensor_desc<32x32xf32, #nsh> -> vector<32x32xf32>
  func.return
}
// CHECK-LABEL: func.func @create_offsets_sharing
// CHECK:       gpu.subgroup_id : index
// CHECK:       arith.remui %{{[0-9a-z_]+}}, %c32 : index
// CHECK:       %[[X:[0-9a-z_]+]] = arith.addi {{(%x, %[0-9a-z_]+|%[0-9a-z_]+, %x)}} : index
// CHECK:       %[[T:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%[[X]], %{{[0-9a-z_]+}}] : memref<64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  xegpu.prefetch_nd %[[T]] : !xegpu.tensor_desc<16x16xf32>
// CHECK-NEXT:  xegpu.load_nd %[[T]] : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
// CHECK-NEXT:  func.return

// -----

// A ui64 source keeps shape and strides on every subgroup descriptor: with offsets, one
// descriptor per tile (rows wrap: 2 tiles); without, one descriptor and the store carries the
// tile offsets (%x + row, 64 + column). inst_data stays.
#nui = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16]>
func.func @ui64_source(%p: ui64, %h: index, %w: index, %x: index) {
  %c1 = arith.constant 1 : index
  %t = xegpu.create_nd_tdesc %p[%x, 0], shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<128x64xf32, #nui>
  %v = xegpu.load_nd %t <{layout = #nui}> : !xegpu.tensor_desc<128x64xf32, #nui> -> vector<128x64xf32>
  %q = xegpu.create_nd_tdesc %p, shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<128x64xf32, #nui>
  xegpu.store_nd %v, %q[%x, 64] <{layout = #nui}> : vector<128x64xf32>, !xegpu.tensor_desc<128x64xf32, #nui>
  func.return
}
// CHECK-LABEL: func.func @ui64_source
// CHECK:       %[[T0:[0-9a-z_]+]] = xegpu.create_nd_tdesc %p[%[[R0:[0-9a-z_]+]], %[[C:[0-9a-z_]+]]], shape : [%h, %w], strides : [%w, %[[ONE:[0-9a-z_]+]]] : ui64 -> !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// CHECK:       %[[T1:[0-9a-z_]+]] = xegpu.create_nd_tdesc %p[%[[R1:[0-9a-z_]+]], %[[C]]], shape : [%h, %w], strides : [%w, %[[ONE]]] : ui64 -> !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// CHECK-NEXT:  %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[T0]] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>> -> vector<32x32xf32>
// CHECK-NEXT:  %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[T1]] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>> -> vector<32x32xf32>
// CHECK:       %[[Q:[0-9a-z_]+]] = xegpu.create_nd_tdesc %p, shape : [%h, %w], strides : [%w, %[[ONE]]] : ui64 -> !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// CHECK:       xegpu.store_nd %[[V0]], %[[Q]][%[[R0]], %[[C64:[0-9a-z_]+]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// CHECK:       xegpu.store_nd %[[V1]], %[[Q]][%[[R1]], %[[C64]]] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// CHECK-NEXT:  func.return

// -----

// update_nd_offset (1-D, 2 wrapped tiles): one update per tile descriptor, the delta unchanged.
#nup = #xegpu.layout<sg_layout = [4], sg_data = [16]>
func.func @update_offset(%m: memref<512xf32>, %o: memref<512xf32>) {
  %t = xegpu.create_nd_tdesc %m[0] : memref<512xf32> -> !xegpu.tensor_desc<128xf32, #nup>
  %u = xegpu.create_nd_tdesc %o[0] : memref<512xf32> -> !xegpu.tensor_desc<128xf32, #nup>
  %t2 = xegpu.update_nd_offset %t, [256] : !xegpu.tensor_desc<128xf32, #nup>
  %u2 = xegpu.update_nd_offset %u, [128] : !xegpu.tensor_desc<128xf32, #nup>
  %v = xegpu.load_nd %t2 <{layout = #nup}> : !xegpu.tensor_desc<128xf32, #nup> -> vector<128xf32>
  xegpu.store_nd %v, %u2 <{layout = #nup}> : vector<128xf32>, !xegpu.tensor_desc<128xf32, #nup>
  func.return
}
// CHECK-LABEL: func.func @update_offset
// CHECK:       %[[M0:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%[[X0:[0-9a-z_]+]]] : memref<512xf32> -> !xegpu.tensor_desc<16xf32>
// CHECK:       %[[M1:[0-9a-z_]+]] = xegpu.create_nd_tdesc %m[%[[X1:[0-9a-z_]+]]] : memref<512xf32> -> !xegpu.tensor_desc<16xf32>
// CHECK:       %[[O0:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o[%[[X0]]] : memref<512xf32> -> !xegpu.tensor_desc<16xf32>
// CHECK:       %[[O1:[0-9a-z_]+]] = xegpu.create_nd_tdesc %o[%[[X1]]] : memref<512xf32> -> !xegpu.tensor_desc<16xf32>
// CHECK-DAG:   %[[M0U:[0-9a-z_]+]] = xegpu.update_nd_offset %[[M0]], [256] : !xegpu.tensor_desc<16xf32>
// CHECK-DAG:   %[[M1U:[0-9a-z_]+]] = xegpu.update_nd_offset %[[M1]], [256] : !xegpu.tensor_desc<16xf32>
// CHECK-DAG:   %[[O0U:[0-9a-z_]+]] = xegpu.update_nd_offset %[[O0]], [128] : !xegpu.tensor_desc<16xf32>
// CHECK-DAG:   %[[O1U:[0-9a-z_]+]] = xegpu.update_nd_offset %[[O1]], [128] : !xegpu.tensor_desc<16xf32>
// CHECK-NOT:   xegpu.update_nd_offset
// CHECK:       %[[V0:[0-9a-z_]+]] = xegpu.load_nd %[[M0U]] : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
// CHECK-NEXT:  %[[V1:[0-9a-z_]+]] = xegpu.load_nd %[[M1U]] : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
// CHECK-NEXT:  xegpu.store_nd %[[V0]], %[[O0U]] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
// CHECK-NEXT:  xegpu.store_nd %[[V1]], %[[O1U]] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
// CHECK-NEXT:  func.return

// -----

// load_nd <{packed}> with offsets keeps `packed` (LLVM 22 drops it): B 32x64 in 2 wrapped column
// tiles of 32x16, each loaded as vector<16x16x2xf16> and feeding the dpas of its C column with
// the (shared-K) A tile.
#npa = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
#npb = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16]>
#npc = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @load_packed(%a: memref<32x32xf16>, %b: memref<32x64xf16>, %c: memref<32x64xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16, #npa>
  %tb = xegpu.create_nd_tdesc %b : memref<32x64xf16> -> !xegpu.tensor_desc<32x64xf16, #npb>
  %tc = xegpu.create_nd_tdesc %c : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #npc>
  %va = xegpu.load_nd %ta[0, 0] <{layout = #npa}> : !xegpu.tensor_desc<32x32xf16, #npa> -> vector<32x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{packed}> : !xegpu.tensor_desc<32x64xf16, #npb> -> vector<16x64x2xf16>
  %d = xegpu.dpas %va, %vb {layout_a = #npa, layout_b = #npb, layout_cd = #npc} : vector<32x32xf16>, vector<16x64x2xf16> -> vector<32x64xf32>
  xegpu.store_nd %d, %tc[0, 0] <{layout = #npc}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #npc>
  func.return
}
// CHECK-LABEL: func.func @load_packed
// CHECK-DAG:   %[[TA:[0-9a-z_]+]] = xegpu.create_nd_tdesc %a : memref<32x32xf16> -> !xegpu.tensor_desc<16x32xf16>
// CHECK-DAG:   %[[TB:[0-9a-z_]+]] = xegpu.create_nd_tdesc %b : memref<32x64xf16> -> !xegpu.tensor_desc<32x16xf16>
// CHECK-DAG:   %[[TC:[0-9a-z_]+]] = xegpu.create_nd_tdesc %c : memref<32x64xf32> -> !xegpu.tensor_desc<16x16xf32>
// CHECK:       %[[A:[0-9a-z_]+]] = xegpu.load_nd %[[TA]][%[[R:[0-9a-z_]+]], 0] : !xegpu.tensor_desc<16x32xf16> -> vector<16x32xf16>
// CHECK:       %[[B0:[0-9a-z_]+]] = xegpu.load_nd %[[TB]][0, %[[K0:[0-9a-z_]+]]] <{packed}> : !xegpu.tensor_desc<32x16xf16> -> vector<16x16x2xf16>
// CHECK:       %[[B1:[0-9a-z_]+]] = xegpu.load_nd %[[TB]][0, %[[K1:[0-9a-z_]+]]] <{packed}> : !xegpu.tensor_desc<32x16xf16> -> vector<16x16x2xf16>
// CHECK-DAG:   %[[D0:[0-9a-z_]+]] = xegpu.dpas %[[A]], %[[B0]] : vector<16x32xf16>, vector<16x16x2xf16> -> vector<16x16xf32>
// CHECK-DAG:   %[[D1:[0-9a-z_]+]] = xegpu.dpas %[[A]], %[[B1]] : vector<16x32xf16>, vector<16x16x2xf16> -> vector<16x16xf32>
// CHECK-NOT:   xegpu.dpas
// CHECK-DAG:   xegpu.store_nd %[[D0]], %[[TC]][%[[R]], %[[K0]]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK-DAG:   xegpu.store_nd %[[D1]], %[[TC]][%[[R]], %[[K1]]] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
// CHECK:       func.return
