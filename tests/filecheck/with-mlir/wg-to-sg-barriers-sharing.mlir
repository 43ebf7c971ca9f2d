// mlir-opt 22 accepts the workgroup kernels with sharing stores (as wgdist's verifier now does)
// and what xegpu-wg-to-sg-distribute emits for them, for the barrier kernels (the inserted
// gpu.barrier ops, the scf.if on the hoisted writer predicate) and for layouts given only on
// the ops.
// RUN: %mlir-opt --split-input-file %S/../passes/xegpu-wg-to-sg-distribute-sharing-store.mlir | filecheck %s --check-prefix=INPUT
// RUN: wgdist-opt %S/../passes/xegpu-wg-to-sg-distribute-sharing-store.mlir --split-input-file -p xegpu-wg-to-sg-distribute 2>/dev/null | %mlir-opt --split-input-file | filecheck %s --check-prefix=SHARE
// RUN: wgdist-opt %S/../passes/xegpu-wg-to-sg-distribute-op-layouts.mlir --split-input-file -p xegpu-wg-to-sg-distribute 2>/dev/null | %mlir-opt --split-input-file | filecheck %s --check-prefix=OPS
// RUN: wgdist-opt %S/../passes/xegpu-wg-to-sg-distribute-barriers.mlir -p xegpu-wg-to-sg-distribute 2>/dev/null | %mlir-opt | filecheck %s --check-prefix=BARRIER

// INPUT: xegpu.store_nd {{.*}} <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}>

// SHARE-LABEL: func.func @store_nd_shared
// SHARE:       scf.if
// SHARE-NEXT:    xegpu.store_nd {{.*}} : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
// SHARE-LABEL: func.func @scatter_slice
// SHARE:       scf.if
// SHARE-NEXT:    xegpu.store
// SHARE-LABEL: func.func @matrix_shared
// SHARE:         xegpu.store_matrix
// SHARE:       gpu.barrier

// BARRIER-LABEL: func.func @raw
// BARRIER:       gpu.barrier
// BARRIER-LABEL: func.func @loop_carried
// BARRIER:       scf.for
// BARRIER-NEXT:    gpu.barrier

// OPS-LABEL: func.func @op_only
// OPS:         xegpu.load_nd {{.*}} -> vector<16x32xf32>
// OPS-LABEL: func.func @gemm_op_only
// OPS:         xegpu.dpas
