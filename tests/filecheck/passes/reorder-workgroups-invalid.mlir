// Errors a user can cause: one located message, exit status 1, no traceback.
//
// RUN: not wgdist-opt %s -p 'reorder-workgroups{scheme=auto}' 2>&1 | filecheck %s --check-prefix=AUTO
// RUN: not wgdist-opt %s -p 'reorder-workgroups{grid=8,6}' 2>&1 | filecheck %s --check-prefix=DISAGREE
// RUN: not wgdist-opt %s -p 'reorder-workgroups{scheme=zigzag}' 2>&1 | filecheck %s --check-prefix=SCHEME
// RUN: not wgdist-opt %s -p 'reorder-workgroups{group-size=0}' 2>&1 | filecheck %s --check-prefix=ZERO
// RUN: not wgdist-opt %s -p 'reorder-workgroups{xcd-remap=naive num-xcds=8}' 2>&1 | filecheck %s --check-prefix=NAIVE
// RUN: not wgdist-opt %s -p 'reorder-workgroups{grid=4}' 2>&1 | filecheck %s --check-prefix=GRID

gpu.module @m {
  gpu.func @dyn(%c: memref<?xf32>) kernel {
    %x = gpu.block_id x
    gpu.return
  }
  gpu.func @known(%c: memref<?xf32>) kernel attributes {known_grid_size = array<i32: 6, 8, 1>} {
    %y = gpu.block_id y
    gpu.return
  }
}

// AUTO: reorder-workgroups-invalid.mlir:11:3: error: 'gpu.func' op scheme=auto needs a static grid: give grid=NX,NY or known_grid_size on the gpu.func
// AUTO-NOT: Traceback
// DISAGREE: reorder-workgroups-invalid.mlir:15:3: error: 'gpu.func' op grid=8,6 disagrees with known_grid_size 6x8
// SCHEME: reorder-workgroups: scheme='zigzag' is not one of identity, row-major, triton, wave, rocroller, tensile, auto
// ZERO: reorder-workgroups: group-size must be >= 1, got 0
// NAIVE: reorder-workgroups: xcd-remap='naive' is not one of none, balanced, tail, chunked
// GRID: reorder-workgroups: grid must be two sizes >= 1 (grid=NX,NY), got grid=4
