// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{print-only=true}' | filecheck %s

// print-only lists the derived layout of every value and leaves the IR as written (LLVM 22's
// print-analysis-only still writes anchor defaults: regression test).
#r = #xegpu.layout<sg_layout = [32], sg_data = [8]>
func.func @rfc_2d(%m: memref<256x128xf32>, %o: memref<256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<256x128xf32> -> vector<256x128xf32>
  %z = arith.constant dense<0.0> : vector<256xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<256x128xf32> to vector<256xf32>
  %to = xegpu.create_nd_tdesc %o : memref<256xf32> -> !xegpu.tensor_desc<256xf32, #r>
  xegpu.store_nd %s, %to[0] : vector<256xf32>, !xegpu.tensor_desc<256xf32, #r>
  return
}
// CHECK: // %t (result #0 of 'xegpu.create_nd_tdesc'): #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>
// CHECK-NEXT: // %x (result #0 of 'xegpu.load_nd'): #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>
// CHECK-NEXT: // %z (result #0 of 'arith.constant'): #xegpu.layout<sg_layout = [32], sg_data = [8]>
// CHECK-NEXT: // %s (result #0 of 'vector.multi_reduction'): #xegpu.layout<sg_layout = [32], sg_data = [8]>
// CHECK-NEXT: // %to (result #0 of 'xegpu.create_nd_tdesc'): #xegpu.layout<sg_layout = [32], sg_data = [8]>
// CHECK: %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32>
// CHECK-NEXT: %x = xegpu.load_nd %t[0, 0]  : !xegpu.tensor_desc<256x128xf32> -> vector<256x128xf32>
// CHECK-NEXT: %z = arith.constant dense<0.000000e+00> : vector<256xf32>
// CHECK-NEXT: %s = vector.multi_reduction <add>, %x, %z [1] : vector<256x128xf32> to vector<256xf32>
// CHECK-NOT: layout_result
