// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | filecheck %s
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file | mlir-opt-22 --split-input-file > /dev/null
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func mask_one_sg | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func red_in_loop | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func red_acc_multi | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func ew_mixed | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func reduce_other_tiles | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func transpose_other_split | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func red_propagated | filecheck %s --check-prefix=AGREE

// One-subgroup layouts (sg_layout = [1, 1]) and values whose split differs from what their
// user needs while every subgroup keeps its elements.
// AGREE: agree: every buffer matches

// A constant_mask split into 8x64 tiles: a tile whose part of the mask is empty in one dim is
// empty (constant_mask [0, 0], never the invalid [0, 36]); identical tile masks are one op.
#m = #xegpu.layout<sg_layout = [1, 1], sg_data = [8, 64]>
func.func @mask_one_sg(%src: memref<32x64xf32>, %dst: memref<32x64xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #m>
  %o = xegpu.create_nd_tdesc %dst : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #m>
  %v = xegpu.load_nd %t[0, 0] <{layout = #m}> : !xegpu.tensor_desc<32x64xf32, #m> -> vector<32x64xf32>
  %k = vector.constant_mask [12, 36] {layout_result_0 = #m} : vector<32x64xi1>
  %z = arith.constant {layout_result_0 = #m} dense<0.0> : vector<32x64xf32>
  %s = arith.select %k, %v, %z {layout_result_0 = #m} : vector<32x64xi1>, vector<32x64xf32>
  xegpu.store_nd %s, %o[0, 0] <{layout = #m}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #m>
  func.return
}
// CHECK-LABEL: func.func @mask_one_sg
// CHECK:       %[[K0:[0-9a-z_]+]] = vector.constant_mask [8, 36] : vector<8x64xi1>
// CHECK-NEXT:  %[[K1:[0-9a-z_]+]] = vector.constant_mask [4, 36] : vector<8x64xi1>
// CHECK-NEXT:  %[[K2:[0-9a-z_]+]] = vector.constant_mask [0, 0] : vector<8x64xi1>
// CHECK-NOT:   vector.constant_mask
// CHECK:       arith.select %[[K0]]
// CHECK:       arith.select %[[K1]]
// CHECK:       arith.select %[[K2]]
// CHECK:       arith.select %[[K2]]

// -----

#m2 = #xegpu.layout<sg_layout = [1, 1], sg_data = [8, 64]>
#r2 = #xegpu.layout<sg_layout = [1], sg_data = [32]>
func.func @red_in_loop(%src: memref<32x256xf32>, %dst: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %t = xegpu.create_nd_tdesc %src : memref<32x256xf32> -> !xegpu.tensor_desc<32x64xf32, #m2>
  %o = xegpu.create_nd_tdesc %dst : memref<32xf32> -> !xegpu.tensor_desc<32xf32, #r2>
  %z = arith.constant {layout_result_0 = #r2} dense<0.0> : vector<32xf32>
  %res = scf.for %k = %c0 to %c256 step %c64 iter_args(%acc = %z) -> (vector<32xf32>) {
    %v = xegpu.load_nd %t[0, %k] <{layout = #m2}> : !xegpu.tensor_desc<32x64xf32, #m2> -> vector<32x64xf32>
    %s = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#m2, dims = [1]>} [1] : vector<32x64xf32> to vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {layout_result_0 = #r2}
  xegpu.store_nd %res, %o[0] <{layout = #r2}> : vector<32xf32>, !xegpu.tensor_desc<32xf32, #r2>
  func.return
}
// A row sum carried by scf.for, the accumulator (iter_arg) with the store's layout [1]/[32]
// and the reduction's result with the slice of the source's [1, 1]/[8, 64]: the accumulator
// tile is cut into the result's four 8-element tiles and the yielded value put back together,
// all inside the subgroup (no SLM, no barrier).
// CHECK-LABEL: func.func @red_in_loop
// CHECK:       scf.for {{.*}} iter_args(%[[A:[0-9a-z_]+]] = %{{[0-9a-z_]+}}) -> (vector<32xf32>)
// CHECK-COUNT-4: vector.extract_strided_slice %[[A]] {offsets = [{{[0-9]+}}], sizes = [8], strides = [1]} : vector<32xf32> to vector<8xf32>
// CHECK-COUNT-4: vector.multi_reduction <add>, %{{.*}} [1] : vector<8x64xf32> to vector<8xf32>
// CHECK-COUNT-4: vector.insert_strided_slice
// CHECK-NEXT:  scf.yield %{{.*}} : vector<32xf32>
// CHECK-NOT:   gpu.barrier
// CHECK:       func.return

// -----

// Four subgroups: the accumulator is split [4]/[8] (the store's layout) but the result is the
// slice of [2, 2]/[16, 32]: the row sum crosses subgroups (SLM), and the accumulator, which
// subgroups hold otherwise, is moved through SLM too; it enters the sum once.
#s4 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
#r4 = #xegpu.layout<sg_layout = [4], sg_data = [8]>
func.func @red_acc_multi(%src: memref<32x64xf32>, %acc: memref<32xf32>, %dst: memref<32xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #s4>
  %ta = xegpu.create_nd_tdesc %acc : memref<32xf32> -> !xegpu.tensor_desc<32xf32, #r4>
  %o = xegpu.create_nd_tdesc %dst : memref<32xf32> -> !xegpu.tensor_desc<32xf32, #r4>
  %v = xegpu.load_nd %t[0, 0] <{layout = #s4}> : !xegpu.tensor_desc<32x64xf32, #s4> -> vector<32x64xf32>
  %a = xegpu.load_nd %ta[0] <{layout = #r4}> : !xegpu.tensor_desc<32xf32, #r4> -> vector<32xf32>
  %s = vector.multi_reduction <add>, %v, %a {layout_result_0 = #xegpu.slice<#s4, dims = [1]>} [1] : vector<32x64xf32> to vector<32xf32>
  %c = xegpu.convert_layout %s <{input_layout = #xegpu.slice<#s4, dims = [1]>, target_layout = #r4}> : vector<32xf32>
  xegpu.store_nd %c, %o[0] <{layout = #r4}> : vector<32xf32>, !xegpu.tensor_desc<32xf32, #r4>
  func.return
}
// CHECK-LABEL: func.func @red_acc_multi
// CHECK:       %[[A:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<8xf32>
// CHECK:       %[[AC:[0-9a-z_]+]] = vector.shape_cast %[[A]] : vector<8xf32> to vector<1x8xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[AC]], %{{.*}} : vector<1x8xf32>
// CHECK:       gpu.barrier
// CHECK:       %[[AT:[0-9a-z_]+]] = xegpu.load_matrix %{{.*}} -> vector<1x16xf32>
// CHECK:       %[[ACC:[0-9a-z_]+]] = vector.shape_cast %[[AT]] : vector<1x16xf32> to vector<16xf32>
// CHECK:       vector.multi_reduction <add>, %{{.*}}, %[[ACC]] [0] : vector<2x16xf32> to vector<16xf32>
// CHECK:       func.return

// -----

// What xegpu-propagate-layout makes of a one-subgroup row sum given anchors only: the
// accumulator constant gets the store's layout [1]/[32], the reduction the slice of the
// source, a convert_layout back to the store's layout. The accumulator is cut into the
// result's tiles and the convert_layout puts them back together, both inside the subgroup.
#p = #xegpu.layout<sg_layout = [1, 1], sg_data = [8, 64]>
#pr = #xegpu.layout<sg_layout = [1], sg_data = [32]>
func.func @red_propagated(%src: memref<32x64xf32>, %dst: memref<32xf32>) {
  %t = xegpu.create_nd_tdesc %src : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #p>
  %o = xegpu.create_nd_tdesc %dst : memref<32xf32> -> !xegpu.tensor_desc<32xf32, #pr>
  %v = xegpu.load_nd %t[0, 0] <{layout = #p}> : !xegpu.tensor_desc<32x64xf32, #p> -> vector<32x64xf32>
  %z = arith.constant {layout_result_0 = #pr} dense<1.0> : vector<32xf32>
  %s = vector.multi_reduction <add>, %v, %z {layout_result_0 = #xegpu.slice<#p, dims = [1]>} [1] : vector<32x64xf32> to vector<32xf32>
  %c = xegpu.convert_layout %s <{input_layout = #xegpu.slice<#p, dims = [1]>, target_layout = #pr}> : vector<32xf32>
  xegpu.store_nd %c, %o[0] <{layout = #pr}> : vector<32xf32>, !xegpu.tensor_desc<32xf32, #pr>
  func.return
}
// CHECK-LABEL: func.func @red_propagated
// CHECK:       %[[Z:[0-9a-z_]+]] = arith.constant dense<1.000000e+00> : vector<32xf32>
// CHECK-COUNT-4: vector.extract_strided_slice %[[Z]] {offsets = [{{[0-9]+}}], sizes = [8], strides = [1]} : vector<32xf32> to vector<8xf32>
// CHECK-COUNT-4: vector.multi_reduction <add>
// CHECK-COUNT-4: vector.insert_strided_slice
// CHECK-NEXT:  xegpu.store_nd %{{.*}} : vector<32xf32>, !xegpu.tensor_desc<32xf32>
// CHECK-NOT:   store_matrix
// CHECK:       func.return

// -----

// An elementwise op whose operands are split differently (one as the result, [2, 2], the
// other [4, 1] row blocks): the other operand is moved to the result's split through SLM
// first (before: refused with "insert an xegpu.convert_layout").
#ea = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
#eb = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>
func.func @ew_mixed(%x: memref<32x32xf32>, %y: memref<32x32xf32>, %z: memref<32x32xf32>) {
  %tx = xegpu.create_nd_tdesc %x : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #ea>
  %ty = xegpu.create_nd_tdesc %y : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #eb>
  %tz = xegpu.create_nd_tdesc %z : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #ea>
  %vx = xegpu.load_nd %tx[0, 0] <{layout = #ea}> : !xegpu.tensor_desc<32x32xf32, #ea> -> vector<32x32xf32>
  %vy = xegpu.load_nd %ty[0, 0] <{layout = #eb}> : !xegpu.tensor_desc<32x32xf32, #eb> -> vector<32x32xf32>
  %s = arith.addf %vx, %vy {layout_result_0 = #ea} : vector<32x32xf32>
  xegpu.store_nd %s, %tz[0, 0] <{layout = #ea}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #ea>
  func.return
}
// CHECK-LABEL: func.func @ew_mixed
// CHECK:       %[[X:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<16x16xf32>
// CHECK:       %[[Y:[0-9a-z_]+]] = xegpu.load_nd %{{.*}} -> vector<8x32xf32>
// CHECK:       %[[Y0:[0-9a-z_]+]] = vector.extract_strided_slice %[[Y]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 0], sizes = [8, 16], strides = [1, 1]} : vector<8x32xf32> to vector<8x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[Y0]], %{{.*}} : vector<8x16xf32>, !xegpu.mem_desc<32x32xf32>
// CHECK-NEXT:  %[[Y1:[0-9a-z_]+]] = vector.extract_strided_slice %[[Y]] {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [0, 16], sizes = [8, 16], strides = [1, 1]} : vector<8x32xf32> to vector<8x16xf32>
// CHECK-NEXT:  xegpu.store_matrix %[[Y1]], %{{.*}} : vector<8x16xf32>, !xegpu.mem_desc<32x32xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  %[[M:[0-9a-z_]+]] = xegpu.load_matrix %{{.*}} -> vector<16x16xf32>
// CHECK-NEXT:  %[[S:[0-9a-z_]+]] = arith.addf %[[X]], %[[M]] : vector<16x16xf32>
// CHECK:       xegpu.store_nd %[[S]]

// -----

// A reduction across subgroups whose result layout is not the slice of the source's (tiles of
// 8 where the source's kept tile is 32; before: refused): reduced into the slice, then moved
// to the result's split; the accumulator, given in the result's split, is moved to the slice.
#rl = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#rr = #xegpu.layout<sg_layout = [32], sg_data = [8]>
func.func @reduce_other_tiles(%m: memref<256x128xf32>, %o: memref<256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #rl>
  %to = xegpu.create_nd_tdesc %o : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #rr>
  %v = xegpu.load_nd %t[0, 0] <{layout = #rl}> : !xegpu.tensor_desc<256x128xf32, #rl> -> vector<256x128xf32>
  %z = arith.constant {layout_result_0 = #rr} dense<1.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %v, %z {layout_result_0 = #rr} [1] : vector<256x128xf32> to vector<256xf32>
  xegpu.store_nd %s, %to[0] <{layout = #rr}> : vector<256xf32>, !xegpu.tensor_desc<256xf32, #rr>
  func.return
}
// CHECK-LABEL: func.func @reduce_other_tiles
// CHECK:       vector.multi_reduction <add>, %{{.*}} [1] : vector<32x32xf32> to vector<32xf32>
// CHECK:       gpu.barrier
// CHECK:       %[[S:[0-9a-z_]+]] = vector.multi_reduction <add>, %{{.*}} [0] : vector<4x32xf32> to vector<32xf32>
// CHECK:       xegpu.store_matrix
// CHECK:       gpu.barrier
// CHECK:       xegpu.load_matrix %{{.*}} -> vector<1x8xf32>
// CHECK:       xegpu.store_nd %{{.*}} : vector<8xf32>

// -----

// A transpose whose result layout is not the source's transposed (before: refused): the
// tiles are transposed into the transposed split, then moved to the result's.
#ts = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 8]>
#tr = #xegpu.layout<sg_layout = [4, 1], sg_data = [4, 32]>
func.func @transpose_other_split(%m: memref<32x16xf32>, %o: memref<16x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<32x16xf32> -> !xegpu.tensor_desc<32x16xf32, #ts>
  %to = xegpu.create_nd_tdesc %o : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #tr>
  %v = xegpu.load_nd %t[0, 0] <{layout = #ts}> : !xegpu.tensor_desc<32x16xf32, #ts> -> vector<32x16xf32>
  %r = vector.transpose %v, [1, 0] {layout_result_0 = #tr} : vector<32x16xf32> to vector<16x32xf32>
  xegpu.store_nd %r, %to[0, 0] <{layout = #tr}> : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32, #tr>
  func.return
}
// CHECK-LABEL: func.func @transpose_other_split
// CHECK:       %[[T:[0-9a-z_]+]] = vector.transpose %{{.*}}, [1, 0] : vector<16x8xf32> to vector<8x16xf32>
// CHECK:       xegpu.store_matrix %[[T]]
// CHECK-NEXT:  gpu.barrier
// CHECK:       xegpu.load_matrix %{{.*}} -> vector<4x32xf32>
// CHECK:       xegpu.store_nd %{{.*}} : vector<4x32xf32>
