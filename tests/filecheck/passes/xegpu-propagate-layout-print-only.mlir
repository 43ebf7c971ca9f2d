// RUN: wgdist-opt %s -p 'xegpu-propagate-layout{print-only=true}' --split-input-file | filecheck %s

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

// -----

// print-only also lists the conversions (and constant clones) the rewrite would insert, and
// names the results of a multi-result op as the IR does (%res#0, %res#1; was %res twice).
#a = #xegpu.layout<sg_layout = [4], sg_data = [16]>
#b = #xegpu.layout<sg_layout = [4], sg_data = [4]>
func.func @conflicts(%x: vector<64xf32>, %o: memref<64xf32>, %p: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant dense<1.0> : vector<64xf32>
  %res:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%u = %z, %w = %z) -> (vector<64xf32>, vector<64xf32>) {
    %e = math.exp %u : vector<64xf32>
    scf.yield %e, %w : vector<64xf32>, vector<64xf32>
  }
  %t = xegpu.create_nd_tdesc %o : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #a>
  xegpu.store_nd %res#0, %t[0] : vector<64xf32>, !xegpu.tensor_desc<64xf32, #a>
  %t2 = xegpu.create_nd_tdesc %p : memref<64xf32> -> !xegpu.tensor_desc<64xf32, #b>
  xegpu.store_nd %res#0, %t2[0] : vector<64xf32>, !xegpu.tensor_desc<64xf32, #b>
  xegpu.store_nd %res#1, %t2[0] : vector<64xf32>, !xegpu.tensor_desc<64xf32, #b>
  return
}
// CHECK-LABEL: // -----
// CHECK: // %res#0 (result #0 of 'scf.for'): #xegpu.layout<sg_layout = [4], sg_data = [16]>
// CHECK-NEXT: // %res#1 (result #1 of 'scf.for'): #xegpu.layout<sg_layout = [4], sg_data = [4]>
// CHECK: // clone %z (result #0 of 'arith.constant') for operand #4 of 'scf.for': #xegpu.layout<sg_layout = [4], sg_data = [4]>
// CHECK-NEXT: // convert_layout %res#0 (result #0 of 'scf.for') for operand #0 of 'xegpu.store_nd': #xegpu.layout<sg_layout = [4], sg_data = [16]> -> #xegpu.layout<sg_layout = [4], sg_data = [4]>
// CHECK-NOT: convert_layout
// CHECK: func.func @conflicts
