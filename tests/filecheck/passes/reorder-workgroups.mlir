// The inserted id arithmetic of each reorder-workgroups scheme (tests/unit/test_reorder_pass.py
// evaluates the same IR for every workgroup; these pin down its shape).
//
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=identity grid=6,8}' 2>&1 | filecheck %s --check-prefix=IDENTITY
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=row-major grid=6,8}' 2>&1 | filecheck %s --check-prefix=ROWMAJOR
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=triton group-size=4 grid=6,5}' 2>&1 | filecheck %s --check-prefix=TRITON
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave group-size=2 num-xcds=8 grid=8,8}' 2>&1 | filecheck %s --check-prefix=WAVE
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave group-size=3 num-xcds=8 grid=7,5}' 2>&1 | filecheck %s --check-prefix=WAVE75
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=rocroller group-size=4 grid=6,8}' 2>&1 | filecheck %s --check-prefix=ROCROLLER
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=tensile group-size=4 grid=6,5}' 2>&1 | filecheck %s --check-prefix=TENSILE
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave xcd-remap=tail num-xcds=4 group-size=2 grid=3,5}' 2>&1 | filecheck %s --check-prefix=TAIL
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=identity xcd-remap=chunked num-xcds=2 chunk=3 grid=4,4}' 2>&1 | filecheck %s --check-prefix=CHUNKED
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=auto num-xcds=8 window=8 grid=8,8}' 2>&1 | filecheck %s --check-prefix=AUTO
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=rocroller group-size=4 group-dim=1 num-xcds=2}' 2>&1 | filecheck %s --check-prefix=DYN
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=triton group-size=4 num-xcds=8 chunk=2 window=8 grid=6,5}' 2>&1 | filecheck %s --check-prefix=NOOP

gpu.module @m {
  gpu.func @k(%c: memref<?x?xf32>) kernel {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x, %y] : memref<?x?xf32>
    gpu.return
  }
}

// identity on the grid: the kernel is left as written, with a remark.
// IDENTITY: remark: 'gpu.func' op @k: scheme=identity is the identity on the 6x8 grid: left unchanged
// IDENTITY:      %x = gpu.block_id x
// IDENTITY-NEXT: %y = gpu.block_id y
// IDENTITY:      memref.store %v, %c[%x, %y]

// row-major = groups of one M row: N fastest; ny = 8 turns // and % into shifts and masks.
// ROWMAJOR-LABEL: gpu.func @k(
// ROWMAJOR-NEXT:  %block_id_x = gpu.block_id x
// ROWMAJOR-NEXT:  %block_id_y = gpu.block_id y
// ROWMAJOR-NEXT:  %c6 = arith.constant 6 : index
// ROWMAJOR-NEXT:  %0 = arith.muli %block_id_y, %c6 : index
// ROWMAJOR-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// ROWMAJOR-NEXT:  %c3 = arith.constant 3 : index
// ROWMAJOR-NEXT:  %wg_x = arith.shrui %1, %c3 : index
// ROWMAJOR-NEXT:  %c7 = arith.constant 7 : index
// ROWMAJOR-NEXT:  %wg_y = arith.andi %1, %c7 : index
// ROWMAJOR:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// ROWMAJOR-NOT:   gpu.block_id

// triton style: par_idx = first + f % gs (not (f % W) % gs).
// TRITON-LABEL: gpu.func @k(
// TRITON-NEXT:  %block_id_x = gpu.block_id x
// TRITON-NEXT:  %block_id_y = gpu.block_id y
// TRITON-NEXT:  %c6 = arith.constant 6 : index
// TRITON-NEXT:  %0 = arith.muli %block_id_y, %c6 : index
// TRITON-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// TRITON-NEXT:  %c20 = arith.constant 20 : index
// TRITON-NEXT:  %2 = arith.divui %1, %c20 : index
// TRITON-NEXT:  %c4 = arith.constant 4 : index
// TRITON-NEXT:  %3 = arith.muli %2, %c4 : index
// TRITON-NEXT:  %4 = arith.subi %c6, %3 : index
// TRITON-NEXT:  %5 = arith.minui %4, %c4 : index
// TRITON-NEXT:  %6 = arith.remui %1, %5 : index
// TRITON-NEXT:  %wg_x = arith.addi %3, %6 : index
// TRITON-NEXT:  %7 = arith.remui %1, %c20 : index
// TRITON-NEXT:  %wg_y = arith.divui %7, %5 : index
// TRITON:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// TRITON-NOT:   gpu.block_id

// Wave's seed example: balanced XCD step (T % 8 == 0: no min term), groups of 2 along M.
// WAVE-LABEL: gpu.func @k(
// WAVE-NEXT:  %block_id_x = gpu.block_id x
// WAVE-NEXT:  %block_id_y = gpu.block_id y
// WAVE-NEXT:  %c8 = arith.constant 8 : index
// WAVE-NEXT:  %0 = arith.muli %block_id_y, %c8 : index
// WAVE-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// WAVE-NEXT:  %c7 = arith.constant 7 : index
// WAVE-NEXT:  %2 = arith.andi %1, %c7 : index
// WAVE-NEXT:  %3 = arith.muli %2, %c8 : index
// WAVE-NEXT:  %c3 = arith.constant 3 : index
// WAVE-NEXT:  %4 = arith.shrui %1, %c3 : index
// WAVE-NEXT:  %5 = arith.addi %3, %4 : index
// WAVE-NEXT:  %c4 = arith.constant 4 : index
// WAVE-NEXT:  %6 = arith.shrui %5, %c4 : index
// WAVE-NEXT:  %c2 = arith.constant 2 : index
// WAVE-NEXT:  %7 = arith.muli %6, %c2 : index
// WAVE-NEXT:  %c1 = arith.constant 1 : index
// WAVE-NEXT:  %8 = arith.andi %5, %c1 : index
// WAVE-NEXT:  %wg_x = arith.addi %7, %8 : index
// WAVE-NEXT:  %c15 = arith.constant 15 : index
// WAVE-NEXT:  %9 = arith.andi %5, %c15 : index
// WAVE-NEXT:  %wg_y = arith.shrui %9, %c1 : index
// WAVE:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// WAVE-NOT:   gpu.block_id

// 7x5 with 8 XCDs: T % 8 = 3, so the balanced step keeps its min(c, 3) term.
// WAVE75-LABEL: gpu.func @k(
// WAVE75-NEXT:  %block_id_x = gpu.block_id x
// WAVE75-NEXT:  %block_id_y = gpu.block_id y
// WAVE75-NEXT:  %c7 = arith.constant 7 : index
// WAVE75-NEXT:  %0 = arith.muli %block_id_y, %c7 : index
// WAVE75-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// WAVE75-NEXT:  %2 = arith.andi %1, %c7 : index
// WAVE75-NEXT:  %c4 = arith.constant 4 : index
// WAVE75-NEXT:  %3 = arith.muli %2, %c4 : index
// WAVE75-NEXT:  %c3 = arith.constant 3 : index
// WAVE75-NEXT:  %4 = arith.minui %2, %c3 : index
// WAVE75-NEXT:  %5 = arith.addi %3, %4 : index
// WAVE75-NEXT:  %6 = arith.shrui %1, %c3 : index
// WAVE75-NEXT:  %7 = arith.addi %5, %6 : index
// WAVE75-NEXT:  %c15 = arith.constant 15 : index
// WAVE75-NEXT:  %8 = arith.divui %7, %c15 : index
// WAVE75-NEXT:  %9 = arith.muli %8, %c3 : index
// WAVE75-NEXT:  %10 = arith.remui %7, %c15 : index
// WAVE75-NEXT:  %11 = arith.subi %c7, %9 : index
// WAVE75-NEXT:  %12 = arith.minui %11, %c3 : index
// WAVE75-NEXT:  %13 = arith.remui %10, %12 : index
// WAVE75-NEXT:  %wg_x = arith.addi %9, %13 : index
// WAVE75-NEXT:  %wg_y = arith.divui %10, %12 : index
// WAVE75:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// WAVE75-NOT:   gpu.block_id

// rocRoller's 6x8, WGM = 4 table (one XCD): W = 32 is a power of two.
// ROCROLLER-LABEL: gpu.func @k(
// ROCROLLER-NEXT:  %block_id_x = gpu.block_id x
// ROCROLLER-NEXT:  %block_id_y = gpu.block_id y
// ROCROLLER-NEXT:  %c6 = arith.constant 6 : index
// ROCROLLER-NEXT:  %0 = arith.muli %block_id_y, %c6 : index
// ROCROLLER-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// ROCROLLER-NEXT:  %c5 = arith.constant 5 : index
// ROCROLLER-NEXT:  %2 = arith.shrui %1, %c5 : index
// ROCROLLER-NEXT:  %c4 = arith.constant 4 : index
// ROCROLLER-NEXT:  %3 = arith.muli %2, %c4 : index
// ROCROLLER-NEXT:  %c31 = arith.constant 31 : index
// ROCROLLER-NEXT:  %4 = arith.andi %1, %c31 : index
// ROCROLLER-NEXT:  %5 = arith.subi %c6, %3 : index
// ROCROLLER-NEXT:  %6 = arith.minui %5, %c4 : index
// ROCROLLER-NEXT:  %7 = arith.remui %4, %6 : index
// ROCROLLER-NEXT:  %wg_x = arith.addi %3, %7 : index
// ROCROLLER-NEXT:  %wg_y = arith.divui %4, %6 : index
// ROCROLLER:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// ROCROLLER-NOT:   gpu.block_id

// tensile = wave-style groups of N tiles (group-dim=1).
// TENSILE-LABEL: gpu.func @k(
// TENSILE-NEXT:  %block_id_x = gpu.block_id x
// TENSILE-NEXT:  %block_id_y = gpu.block_id y
// TENSILE-NEXT:  %c6 = arith.constant 6 : index
// TENSILE-NEXT:  %0 = arith.muli %block_id_y, %c6 : index
// TENSILE-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// TENSILE-NEXT:  %c24 = arith.constant 24 : index
// TENSILE-NEXT:  %2 = arith.remui %1, %c24 : index
// TENSILE-NEXT:  %3 = arith.divui %1, %c24 : index
// TENSILE-NEXT:  %c4 = arith.constant 4 : index
// TENSILE-NEXT:  %4 = arith.muli %3, %c4 : index
// TENSILE-NEXT:  %c5 = arith.constant 5 : index
// TENSILE-NEXT:  %5 = arith.subi %c5, %4 : index
// TENSILE-NEXT:  %6 = arith.minui %5, %c4 : index
// TENSILE-NEXT:  %wg_x = arith.divui %2, %6 : index
// TENSILE-NEXT:  %7 = arith.remui %2, %6 : index
// TENSILE-NEXT:  %wg_y = arith.addi %4, %7 : index
// TENSILE:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// TENSILE-NOT:   gpu.block_id

// tail XCD remap: naive on the first 12 ids, identity after (cmpi + select, no branch).
// TAIL-LABEL: gpu.func @k(
// TAIL-NEXT:  %block_id_x = gpu.block_id x
// TAIL-NEXT:  %block_id_y = gpu.block_id y
// TAIL-NEXT:  %c3 = arith.constant 3 : index
// TAIL-NEXT:  %0 = arith.muli %block_id_y, %c3 : index
// TAIL-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// TAIL-NEXT:  %2 = arith.andi %1, %c3 : index
// TAIL-NEXT:  %3 = arith.muli %2, %c3 : index
// TAIL-NEXT:  %c2 = arith.constant 2 : index
// TAIL-NEXT:  %4 = arith.shrui %1, %c2 : index
// TAIL-NEXT:  %5 = arith.addi %3, %4 : index
// TAIL-NEXT:  %c12 = arith.constant 12 : index
// TAIL-NEXT:  %6 = arith.cmpi ult, %1, %c12 : index
// TAIL-NEXT:  %7 = arith.select %6, %5, %1 : index
// TAIL-NEXT:  %c10 = arith.constant 10 : index
// TAIL-NEXT:  %8 = arith.divui %7, %c10 : index
// TAIL-NEXT:  %9 = arith.muli %8, %c2 : index
// TAIL-NEXT:  %10 = arith.remui %7, %c10 : index
// TAIL-NEXT:  %11 = arith.subi %c3, %9 : index
// TAIL-NEXT:  %12 = arith.minui %11, %c2 : index
// TAIL-NEXT:  %13 = arith.remui %10, %12 : index
// TAIL-NEXT:  %wg_x = arith.addi %9, %13 : index
// TAIL-NEXT:  %wg_y = arith.divui %10, %12 : index
// TAIL:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// TAIL-NOT:   gpu.block_id

// chunked XCD remap: blocks of 2*3 ids, identity past the last full block.
// CHUNKED-LABEL: gpu.func @k(
// CHUNKED-NEXT:  %block_id_x = gpu.block_id x
// CHUNKED-NEXT:  %block_id_y = gpu.block_id y
// CHUNKED-NEXT:  %c4 = arith.constant 4 : index
// CHUNKED-NEXT:  %0 = arith.muli %block_id_y, %c4 : index
// CHUNKED-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// CHUNKED-NEXT:  %c6 = arith.constant 6 : index
// CHUNKED-NEXT:  %2 = arith.divui %1, %c6 : index
// CHUNKED-NEXT:  %3 = arith.muli %2, %c6 : index
// CHUNKED-NEXT:  %c1 = arith.constant 1 : index
// CHUNKED-NEXT:  %4 = arith.andi %1, %c1 : index
// CHUNKED-NEXT:  %c3 = arith.constant 3 : index
// CHUNKED-NEXT:  %5 = arith.muli %4, %c3 : index
// CHUNKED-NEXT:  %6 = arith.addi %3, %5 : index
// CHUNKED-NEXT:  %7 = arith.remui %1, %c6 : index
// CHUNKED-NEXT:  %8 = arith.shrui %7, %c1 : index
// CHUNKED-NEXT:  %9 = arith.addi %6, %8 : index
// CHUNKED-NEXT:  %c12 = arith.constant 12 : index
// CHUNKED-NEXT:  %10 = arith.cmpi ult, %1, %c12 : index
// CHUNKED-NEXT:  %11 = arith.select %10, %9, %1 : index
// CHUNKED-NEXT:  %wg_x = arith.andi %11, %c3 : index
// CHUNKED-NEXT:  %c2 = arith.constant 2 : index
// CHUNKED-NEXT:  %wg_y = arith.shrui %11, %c2 : index
// CHUNKED:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// CHUNKED-NOT:   gpu.block_id

// auto picks by the cache model and says so in a remark.
// AUTO: remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 2, no XCD step (scheme=triton group-size=2 group-style=wave) for the 8x8 grid: fewest modelled fetches among 15 candidates: 384 vs 576 blocks for identity (33% fewer), summed over all 8 XCDs; model: window 8 workgroups per XCD, 8 blocks per panel
// AUTO-LABEL: gpu.func @k(
// AUTO-NEXT:  %block_id_x = gpu.block_id x
// AUTO-NEXT:  %block_id_y = gpu.block_id y
// AUTO-NEXT:  %c8 = arith.constant 8 : index
// AUTO-NEXT:  %0 = arith.muli %block_id_y, %c8 : index
// AUTO-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// AUTO-NEXT:  %c4 = arith.constant 4 : index
// AUTO-NEXT:  %2 = arith.shrui %1, %c4 : index
// AUTO-NEXT:  %c2 = arith.constant 2 : index
// AUTO-NEXT:  %3 = arith.muli %2, %c2 : index
// AUTO-NEXT:  %c1 = arith.constant 1 : index
// AUTO-NEXT:  %4 = arith.andi %1, %c1 : index
// AUTO-NEXT:  %wg_x = arith.addi %3, %4 : index
// AUTO-NEXT:  %c15 = arith.constant 15 : index
// AUTO-NEXT:  %5 = arith.andi %1, %c15 : index
// AUTO-NEXT:  %wg_y = arith.shrui %5, %c1 : index
// AUTO:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// AUTO-NOT:   gpu.block_id

// no static grid: gpu.grid_dim is read and nothing folds; Wave's max(1, .) clamp stays.
// DYN-LABEL: gpu.func @k(
// DYN-NEXT:  %block_id_x = gpu.block_id x
// DYN-NEXT:  %block_id_y = gpu.block_id y
// DYN-NEXT:  %grid_dim_x = gpu.grid_dim x
// DYN-NEXT:  %grid_dim_y = gpu.grid_dim y
// DYN-NEXT:  %0 = arith.muli %block_id_y, %grid_dim_x : index
// DYN-NEXT:  %1 = arith.addi %block_id_x, %0 : index
// DYN-NEXT:  %c1 = arith.constant 1 : index
// DYN-NEXT:  %2 = arith.andi %1, %c1 : index
// DYN-NEXT:  %3 = arith.muli %grid_dim_x, %grid_dim_y : index
// DYN-NEXT:  %4 = arith.shrui %3, %c1 : index
// DYN-NEXT:  %5 = arith.muli %2, %4 : index
// DYN-NEXT:  %6 = arith.andi %3, %c1 : index
// DYN-NEXT:  %7 = arith.minui %2, %6 : index
// DYN-NEXT:  %8 = arith.addi %5, %7 : index
// DYN-NEXT:  %9 = arith.shrui %1, %c1 : index
// DYN-NEXT:  %10 = arith.addi %8, %9 : index
// DYN-NEXT:  %c4 = arith.constant 4 : index
// DYN-NEXT:  %11 = arith.minui %c4, %grid_dim_y : index
// DYN-NEXT:  %12 = arith.muli %11, %grid_dim_x : index
// DYN-NEXT:  %13 = arith.remui %10, %12 : index
// DYN-NEXT:  %14 = arith.divui %10, %12 : index
// DYN-NEXT:  %15 = arith.muli %14, %11 : index
// DYN-NEXT:  %16 = arith.subi %grid_dim_y, %15 : index
// DYN-NEXT:  %17 = arith.minui %16, %11 : index
// DYN-NEXT:  %18 = arith.maxui %c1, %17 : index
// DYN-NEXT:  %wg_x = arith.divui %13, %18 : index
// DYN-NEXT:  %19 = arith.remui %13, %18 : index
// DYN-NEXT:  %wg_y = arith.addi %15, %19 : index
// DYN:       memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>
// DYN-NOT:   gpu.block_id

// options that do nothing are named (the order is the one of TRITON above).
// NOOP: warning: 'builtin.module' op reorder-workgroups: chunk=2 does nothing without xcd-remap=chunked
// NOOP-NEXT: warning: 'builtin.module' op reorder-workgroups: num-xcds=8 does not change the order: scheme=triton has no XCD step (give xcd-remap=balanced for one)
// NOOP-NEXT: warning: 'builtin.module' op reorder-workgroups: window=8 is used only by scheme=auto
// NOOP:      %6 = arith.remui %1, %5 : index
