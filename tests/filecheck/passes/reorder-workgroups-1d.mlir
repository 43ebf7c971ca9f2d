// 1-D static grids: a grouped walk that is the identity there emits nothing (only the XCD step
// remains), and no id is computed for a dimension the kernel does not read.
//
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave num-xcds=8}' 2>&1 | filecheck %s
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave num-xcds=1}' 2>&1 | filecheck %s --check-prefix=NOSTEP

gpu.module @m {
  gpu.func @onlyx(%m: memref<64xf32>) kernel attributes {known_grid_size = array<i32: 16, 1, 1>} {
    %x = gpu.block_id x
    %v = arith.constant 1.0 : f32
    memref.store %v, %m[%x] : memref<64xf32>
    gpu.return
  }
}

// balanced XCD step on 16 ids, 8 XCDs: i = (f % 8) * 2 + f // 8; no walk, no %wg_y.
// CHECK-LABEL: gpu.func @onlyx(
// CHECK-NEXT:  %block_id_x = gpu.block_id x
// CHECK-NEXT:  %c7 = arith.constant 7 : index
// CHECK-NEXT:  %0 = arith.andi %block_id_x, %c7 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %1 = arith.muli %0, %c2 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %2 = arith.shrui %block_id_x, %c3 : index
// CHECK-NEXT:  %wg_x = arith.addi %1, %2 : index
// CHECK-NEXT:  %v = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  memref.store %v, %m[%wg_x] : memref<64xf32>
// CHECK-NOT:   wg_y

// without XCDs the walk alone is the identity on this grid: left unchanged.
// NOSTEP: remark: 'gpu.func' op @onlyx: scheme=wave is the identity on the 16x1 grid: left unchanged
// NOSTEP: memref.store %v, %m[%x] : memref<64xf32>
