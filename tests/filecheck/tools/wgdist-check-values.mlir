// Value-level comparison: every distributed value is compared with the part of its workgroup
// value its subgroup owns. A wrong tile offset in a value that is stored and then overwritten
// (the second load's offsets swapped in wgdist-opt's output) leaves memory agreeing; the check
// names the load that went wrong, the subgroup and the element, before the sum computed from it.
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute -o %t.good.mlir
// RUN: sed '0,/xegpu.load_nd/! s/xegpu.load_nd \(%[0-9a-z_]*\)\[\(%[0-9a-z_]*\), \(%[0-9a-z_]*\)\]/xegpu.load_nd \1[\3, \2]/' %t.good.mlir > %t.bad.mlir
// RUN: wgdist-check %s --against %t.good.mlir | filecheck %s --check-prefix=GOOD
// RUN: not wgdist-check %s --against %t.bad.mlir --schedules 1 | filecheck %s
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute | filecheck %s --check-prefix=GOOD
// GOOD: values: 3 of the 3 distributed workgroup value(s) compared with the subgroups' tiles
// GOOD: agree: every buffer matches (4096 element(s) written)
// CHECK:      MISMATCH: 4096 op value
// CHECK-NEXT: first op whose value differs: 'xegpu.load_nd' at {{.*}}wgdist-check-values.mlir:[[# @LINE + 9]]:10 in subgroup 1 of workgroup (0, 0, 0): element [0, 32] of the workgroup value: workgroup mode {{.*}}, subgroup mode {{.*}} (its tile #0 at [0, 32], 1024 element(s) of it differ; subgroup op 'xegpu.load_nd' at {{.*}}.bad.mlir:{{[0-9]+}}:{{[0-9]+}})
// CHECK-NEXT: 'xegpu.load_nd' at {{.*}}:[[# @LINE + 8]]:10 in subgroup 2 of workgroup (0, 0, 0): element [32, 0]
// CHECK-NEXT: 'arith.addf' at {{.*}}:[[# @LINE + 8]]:10 in subgroup 1
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
gpu.module @m {
  gpu.func @k(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %da = xegpu.create_nd_tdesc %a : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l>
    %db = xegpu.create_nd_tdesc %b : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l>
    %x = xegpu.load_nd %da[0, 0] : !xegpu.tensor_desc<64x64xf32, #l> -> vector<64x64xf32>
    %t = xegpu.load_nd %da[0, 0] : !xegpu.tensor_desc<64x64xf32, #l> -> vector<64x64xf32>
    %y = arith.addf %t, %t {layout_result_0 = #l} : vector<64x64xf32>
    xegpu.store_nd %y, %db[0, 0] : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #l>
    xegpu.store_nd %x, %db[0, 0] : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #l>
    gpu.return
  }
}
