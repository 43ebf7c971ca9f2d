// RUN: wgdist-opt %s -p xegpu-propagate-layout --split-input-file | filecheck %s

// Stores through descriptors whose layout the user did not write.

// A descriptor that gets its layout from elsewhere (here its load) constrains every store_nd
// through it: the stored value, produced with another layout, is converted in front of the store
// (was: stored as is, with a layout that disagrees with the descriptor).
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
gpu.module @k {
gpu.func @store_through_derived_desc(%X: memref<256x128xf32>) kernel {
  %t = xegpu.create_nd_tdesc %X : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x128xf32> -> vector<256x128xf32>
  %e = math.exp %x {layout_result_0 = #a} : vector<256x128xf32>
  %n = arith.negf %e {layout_result_0 = #b} : vector<256x128xf32>
  xegpu.store_nd %n, %t[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @store_through_derived_desc
// CHECK:       %t = xegpu.create_nd_tdesc %X : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>>
// CHECK:       %n = arith.negf
// CHECK-NEXT:  %[[CV:.*]] = xegpu.convert_layout %n <{input_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>, target_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}>
// CHECK-NEXT:  xegpu.store_nd %[[CV]], %t[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}>

// -----

// The same through a loop-carried descriptor advanced by update_nd_offset: the store inside the
// loop goes through a partner of the annotated descriptor.
#a = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>
#b = #xegpu.layout<sg_layout = [16, 1], sg_data = [4, 64]>
gpu.module @k {
gpu.func @store_through_loop_desc(%X: memref<64x256xf32>) kernel {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = xegpu.create_nd_tdesc %X : memref<64x256xf32> -> !xegpu.tensor_desc<64x64xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<64x64xf32> -> vector<64x64xf32>
  %e = math.exp %x {layout_result_0 = #a} : vector<64x64xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%d = %t) -> (!xegpu.tensor_desc<64x64xf32>) {
    %n = arith.negf %e {layout_result_0 = #b} : vector<64x64xf32>
    xegpu.store_nd %n, %d[0, 0] : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32>
    %d2 = xegpu.update_nd_offset %d, [0, 64] : !xegpu.tensor_desc<64x64xf32>
    scf.yield %d2 : !xegpu.tensor_desc<64x64xf32>
  }
  gpu.return
}
}
// CHECK-LABEL: gpu.func @store_through_loop_desc
// CHECK:       %n = arith.negf
// CHECK-NEXT:  %[[CV:.*]] = xegpu.convert_layout %n <{input_layout = #xegpu.layout<sg_layout = [16, 1], sg_data = [4, 64]>, target_layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>}>
// CHECK-NEXT:  xegpu.store_nd %[[CV]], %d[0, 0] <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>}>

// -----

// A descriptor no anchor reaches takes the layout of the value stored through it (was: "cannot
// derive a layout for %to ... no anchor reaches it").
#t = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
gpu.module @k {
gpu.func @desc_from_stored_value(%X: memref<256x128xf32>, %Y: memref<256x128xf32>) kernel {
  %tx = xegpu.create_nd_tdesc %X : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #t>
  %x = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<256x128xf32, #t> -> vector<256x128xf32>
  %e = math.exp %x : vector<256x128xf32>
  %ty = xegpu.create_nd_tdesc %Y : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
  xegpu.store_nd %e, %ty[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @desc_from_stored_value
// CHECK:       %ty = xegpu.create_nd_tdesc %Y : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>>
// CHECK-NOT:   convert_layout
// CHECK:       xegpu.store_nd %e, %ty[0, 0] <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}>

// -----

// A stored value that shares data between subgroups (a store may not) gives its descriptor a
// contiguous block layout over the same subgroups, and converts.
#s = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 128]>
gpu.module @k {
gpu.func @desc_from_shared_value(%X: memref<256x128xf32>, %Y: memref<256x128xf32>) kernel {
  %tx = xegpu.create_nd_tdesc %X : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #s>
  %x = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<256x128xf32, #s> -> vector<256x128xf32>
  %ty = xegpu.create_nd_tdesc %Y : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
  xegpu.store_nd %x, %ty[0, 0] : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32>
  gpu.return
}
}
// CHECK-LABEL: gpu.func @desc_from_shared_value
// CHECK:       %[[CV:.*]] = xegpu.convert_layout %x <{input_layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 128]>, target_layout = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>}>
// CHECK:       %ty = xegpu.create_nd_tdesc %Y : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>>
// CHECK:       xegpu.store_nd %[[CV]], %ty[0, 0]
