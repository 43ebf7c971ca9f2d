// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --split-input-file -o /dev/null 2>&1 | filecheck %s

// A layout that gives a subgroup 1,024 tiles (256x256 in 8x8 tiles, one subgroup) is reported
// once, at the first op that uses it, with the layout, the shape, the tile count and the hint
// that sg_data is probably too small; the kernel is still distributed.
#many = #xegpu.layout<sg_layout = [1, 1], sg_data = [8, 8]>
func.func @many_tiles(%a: memref<256x256xf32>, %b: memref<256x256xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #many>
  %tb = xegpu.create_nd_tdesc %b : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #many>
  %v = xegpu.load_nd %ta[0, 0] <{layout = #many}> : !xegpu.tensor_desc<256x256xf32, #many> -> vector<256x256xf32>
  %w = arith.addf %v, %v {layout_result_0 = #many} : vector<256x256xf32>
  xegpu.store_nd %w, %tb[0, 0] <{layout = #many}> : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #many>
  func.return
}
// CHECK: many-tiles.mlir:[[# @LINE - 7]]:9: remark: 'xegpu.create_nd_tdesc' op xegpu-wg-to-sg-distribute: #xegpu.layout<sg_layout = [1, 1], sg_data = [8, 8]> splits [256, 256] into 1024 tiles of [8, 8] per subgroup, each distributed as its own op: sg_data is probably too small

// -----

// A split is reported once per shape and layout, at its first op, with any number of subgroups
// (2x2 subgroups, 1,024 tiles of 4x4 each); 512 tiles (256x128 in 4x8 tiles, per subgroup of
// 2x2) stay below the threshold: no remark for the other layout.
#own = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 4]>
#few = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 8]>
func.func @grid(%a: memref<256x256xf32>, %c: memref<256x128xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #own>
  %v = xegpu.load_nd %ta[0, 0] <{layout = #own}> : !xegpu.tensor_desc<256x256xf32, #own> -> vector<256x256xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #few>
  %x = xegpu.load_nd %tc[0, 0] <{layout = #few}> : !xegpu.tensor_desc<256x128xf32, #few> -> vector<256x128xf32>
  func.return
}
// CHECK-NEXT: many-tiles.mlir:[[# @LINE - 6]]:9: remark: 'xegpu.create_nd_tdesc' op xegpu-wg-to-sg-distribute: #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 4]> splits [256, 256] into 1024 tiles of [4, 4] per subgroup, each distributed as its own op: sg_data is probably too small
// CHECK-NOT: remark
