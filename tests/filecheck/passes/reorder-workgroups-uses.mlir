// known_grid_size makes the grid static; every use of the old ids (address offsets, masks, loop
// bounds, nested regions) sees the new ones; block_id z and kernels without ids are left alone.
//
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=rocroller group-size=4}' 2>/dev/null | filecheck %s
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=rocroller group-size=4}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

gpu.module @m {
  gpu.func @k(%c: memref<48x64xf32>, %n: index) kernel attributes {known_grid_size = array<i32: 6, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = arith.constant 1.0 : f32
    %x = gpu.block_id x
    %row = arith.muli %x, %c8 : index
    scf.for %i = %c0 to %n step %c1 {
      %y = gpu.block_id y
      %ok = arith.cmpi ult, %y, %n : index
      scf.if %ok {
        memref.store %v, %c[%row, %y] : memref<48x64xf32>
      }
    }
    %z = gpu.block_id z
    memref.store %v, %c[%z, %z] : memref<48x64xf32>
    gpu.return
  }
  gpu.func @no_ids(%c: memref<4xf32>) kernel {
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME:    known_grid_size = array<i32: 6, 8, 1>
// CHECK-NEXT:    %block_id_x = gpu.block_id x
// CHECK-NEXT:    %block_id_y = gpu.block_id y
// CHECK-NEXT:    %c6 = arith.constant 6 : index
// CHECK-NOT:     gpu.grid_dim
// CHECK:         %wg_x = arith.addi
// CHECK:         %wg_y = arith.divui
// CHECK:         %row = arith.muli %wg_x, %c8 : index
// CHECK:         scf.for
// CHECK-NEXT:      %ok = arith.cmpi ult, %wg_y, %n : index
// CHECK-NEXT:      scf.if %ok {
// CHECK-NEXT:        memref.store %v, %c[%row, %wg_y] : memref<48x64xf32>
// CHECK:         %z = gpu.block_id z
// CHECK-NEXT:    memref.store %v, %c[%z, %z] : memref<48x64xf32>
// CHECK-LABEL: gpu.func @no_ids(
// CHECK-NEXT:    gpu.return

// REMARK: reorder-workgroups-uses.mlir:26:3: remark: 'gpu.func' op @no_ids has no gpu.block_id x/y: left unchanged
