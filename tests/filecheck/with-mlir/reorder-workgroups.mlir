// reorder-workgroups output is accepted by mlir-opt 22: every scheme shape (static folding,
// shifts/masks, cmpi+select, dynamic grid_dim), and composed after layout propagation and
// subgroup distribution on the GEMM example.
//
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave group-size=3 num-xcds=8}' | %mlir-opt | filecheck %s --check-prefix=WAVE
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave xcd-remap=tail num-xcds=4 group-size=2}' | %mlir-opt | filecheck %s --check-prefix=TAIL
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=rocroller group-dim=1 num-xcds=2 grid=7,5}' | %mlir-opt | filecheck %s --check-prefix=GRIDOPT
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=triton group-size=4}' --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | filecheck %s --check-prefix=GENERIC
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,reorder-workgroups{grid=4,4 group-size=2}' | %mlir-opt | filecheck %s --check-prefix=GEMM

gpu.module @m {
  gpu.func @k(%c: memref<?x?xf32>) kernel attributes {known_grid_size = array<i32: 7, 5, 1>} {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x, %y] : memref<?x?xf32>
    gpu.return
  }
  gpu.func @dyn(%c: memref<?x?xf32>) kernel {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x, %y] : memref<?x?xf32>
    gpu.return
  }
}

// mlir-opt names the values itself; check the ops and that the store uses the results.
// WAVE-LABEL: gpu.func @k(
// WAVE-SAME:    known_grid_size = array<i32: 7, 5, 1>
// WAVE:         gpu.block_id x
// WAVE-NEXT:    gpu.block_id y
// WAVE-NOT:     gpu.grid_dim
// WAVE:         arith.minui
// WAVE:         arith.divui
// the store's indices are computed values, no longer the block ids
// WAVE:         memref.store %{{.*}}, %{{.*}}[%{{[0-9]+}}, %{{[0-9]+}}]
// WAVE-LABEL: gpu.func @dyn(
// WAVE:         gpu.grid_dim x
// WAVE-NEXT:    gpu.grid_dim y
// WAVE:         arith.maxui

// TAIL-LABEL: gpu.func @k(
// TAIL:         %[[LT:.*]] = arith.cmpi ult, %{{.*}}, %c32 : index
// TAIL-NEXT:    arith.select %[[LT]]
// TAIL-LABEL: gpu.func @dyn(
// TAIL:         arith.cmpi ult
// TAIL-NEXT:    arith.select

// grid= makes @dyn static too (it must agree with @k's known_grid_size 7x5).
// GRIDOPT-LABEL: gpu.func @k(
// GRIDOPT-NOT:   gpu.grid_dim
// GRIDOPT-LABEL: gpu.func @dyn(
// GRIDOPT-NOT:   gpu.grid_dim
// GRIDOPT:       arith.constant 7 : index

// GENERIC-LABEL: gpu.func @dyn(
// GENERIC:         gpu.grid_dim x
// GENERIC-NEXT:    gpu.grid_dim y
// GENERIC:         memref.store

// GEMM-LABEL: gpu.func @gemm_k_loop(
// GEMM:         gpu.block_id x
// GEMM-NEXT:    gpu.block_id y
// GEMM-NOT:     gpu.block_id
// GEMM:         gpu.subgroup_id
// GEMM:         scf.for
// GEMM:         xegpu.dpas
