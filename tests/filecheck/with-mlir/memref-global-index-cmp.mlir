// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute | %mlir-opt > %t.custom.mlir
// RUN: wgdist-opt %t.custom.mlir | filecheck %s --check-prefix=DIST
// RUN: wgdist-check %s --func exchange --against %t.custom.mlir | filecheck %s --check-prefix=AGREE
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute --print-op-generic | %mlir-opt --mlir-print-op-generic > %t.generic.mlir
// RUN: wgdist-check %s --func exchange --against %t.generic.mlir | filecheck %s --check-prefix=AGREE

// What mlir-opt 22 writes for memref.global (visibility, constant, `= uninitialized`, a dense
// initializer, alignment; none of them) and memref.get_global, and index.cmp with each
// predicate: wgdist reads and writes them in LLVM 22's custom and generic forms. Then a
// distributed SLM exchange (a memref.global of shared local memory) goes through mlir-opt 22 and
// back, and still computes what the workgroup kernel computes. (The file is one module for
// the distribution and wgdist-check: symbols and aliases are unique over it.)

memref.global "private" @g_slm : memref<2048xi8, 3> = uninitialized
memref.global constant @g_const : memref<2xf32> = dense<1.000000e+00> {alignment = 64 : i64}
memref.global "public" @g_extern : memref<2xf32>
memref.global "nested" @g_values : memref<2x2xi32> = dense<[[1, 2], [3, 4]]>
memref.global @g_plain : memref<4xi8>
func.func @get() -> memref<2048xi8, 3> {
  %0 = memref.get_global @g_slm : memref<2048xi8, 3>
  func.return %0 : memref<2048xi8, 3>
}
// CHECK:      memref.global "private" @g_slm : memref<2048xi8, 3{{( : i64)?}}> = uninitialized
// CHECK-NEXT: memref.global constant @g_const : memref<2xf32> = dense<1.000000e+00> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "public" @g_extern : memref<2xf32>
// CHECK-NEXT: memref.global "nested" @g_values : memref<2x2xi32> = dense<{{\[\[}}1, 2], [3, 4]]>
// CHECK-NEXT: memref.global @g_plain : memref<4xi8>
// CHECK:      memref.get_global @g_slm : memref<2048xi8, 3{{( : i64)?}}>

// -----

func.func @cmp(%a: index, %b: index) {
  %0 = index.cmp eq(%a, %b)
  %1 = index.cmp ne(%a, %b)
  %2 = index.cmp slt(%a, %b)
  %3 = index.cmp sle(%a, %b)
  %4 = index.cmp sgt(%a, %b)
  %5 = index.cmp sge(%a, %b)
  %6 = index.cmp ult(%a, %b)
  %7 = index.cmp ule(%a, %b)
  %8 = index.cmp ugt(%a, %b)
  %9 = index.cmp uge(%a, %b)
  func.return
}
// CHECK-LABEL: func.func @cmp
// CHECK:      index.cmp eq(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp ne(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp slt(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp sle(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp sgt(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp sge(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp ult(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp ule(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp ugt(%{{.*}}, %{{.*}})
// CHECK-NEXT: index.cmp uge(%{{.*}}, %{{.*}})

// -----

// A convert_layout between two sg_layouts: the subgroups exchange the matrix through a private
// SLM memref.global.
#a = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>
#b = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16]>
func.func @exchange(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  %c = xegpu.convert_layout %v <{input_layout = #a, target_layout = #b}> : vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  xegpu.store_nd %c, %u[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
  func.return
}
// CHECK-LABEL: func.func @exchange
// CHECK:       xegpu.convert_layout

// DIST:       memref.global "private" @slm_0 : memref<16384xi8, 3> = uninitialized
// DIST-LABEL: func.func @exchange
// DIST:       %[[S:[0-9a-z_]+]] = memref.get_global @slm_0 : memref<16384xi8, 3>
// DIST:       xegpu.create_mem_desc %[[S]]
// DIST:       xegpu.store_matrix
// DIST:       gpu.barrier
// DIST:       xegpu.load_matrix
// AGREE: agree: every buffer matches
