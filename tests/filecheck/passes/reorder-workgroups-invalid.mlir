// Errors a user can cause: one located message, exit status 1, no traceback.
//
// RUN: not wgdist-opt %s -p 'reorder-workgroups{grid=8,6}' 2>&1 | filecheck %s --check-prefix=DISAGREE
// RUN: not wgdist-opt %s -p 'reorder-workgroups{scheme=zigzag}' 2>&1 | filecheck %s --check-prefix=SCHEME
// RUN: not wgdist-opt %s -p 'reorder-workgroups{group-size=0}' 2>&1 | filecheck %s --check-prefix=ZERO
// RUN: not wgdist-opt %s -p 'reorder-workgroups{xcd-remap=naive num-xcds=8}' 2>&1 | filecheck %s --check-prefix=NAIVE
// RUN: not wgdist-opt %s -p 'reorder-workgroups{grid=4}' 2>&1 | filecheck %s --check-prefix=GRID
// RUN: not wgdist-opt %s -p 'reorder-workgroups{grid=4294967296,4294967296}' 2>&1 | filecheck %s --check-prefix=I32
// RUN: not wgdist-opt %s -p 'reorder-workgroups{grid=20000,20000 num-xcds=8}' 2>&1 | filecheck %s --check-prefix=HUGE
// RUN: not wgdist-opt %s -p 'reorder-workgroups{scheme=auto target=a100}' 2>&1 | filecheck %s --check-prefix=TARGET
// RUN: not wgdist-opt %s -p 'reorder-workgroups{scheme=auto target=h100 tile=128,256}' 2>&1 | filecheck %s --check-prefix=TILE

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

// DISAGREE: reorder-workgroups-invalid.mlir:18:3: error: 'gpu.func' op grid=8,6 disagrees with known_grid_size 6x8
// SCHEME: reorder-workgroups: scheme='zigzag' is not one of identity, row-major, triton, wave, rocroller, tensile, auto
// ZERO: reorder-workgroups: group-size must be >= 1, got 0
// NAIVE: reorder-workgroups: xcd-remap='naive' is not one of none, balanced, tail, chunked
// GRID: reorder-workgroups: grid must be two sizes >= 1 (grid=NX,NY), got grid=4
// I32: reorder-workgroups: grid sizes must be at most 2147483647 (the i32 range of known_grid_size), got grid=4294967296,4294967296
// HUGE: reorder-workgroups-invalid.mlir:{{[0-9]+}}:3: error: 'gpu.func' op the 20000x20000 grid has 400000000 workgroups, more than the 16777216 (e.g. 4096x4096) enumerated to prove a mapping bijective: run the pass without grid= on a function without known_grid_size
// HUGE-NOT: internal error
// TARGET: reorder-workgroups: target='a100' is not one of generic, h100, mi300x, pvc, bmg
// TILE: reorder-workgroups: tile must be three sizes >= 1 (tile=M,N,K), got tile=128,256
