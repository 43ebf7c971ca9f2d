// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP

// wgdist's gpu ops through mlir-opt 22 and back, custom and generic.

gpu.module @kernels {
  gpu.func @k(%a: memref<64xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %bx = gpu.block_id x
    %by = gpu.block_id y upper_bound 8
    %s = gpu.subgroup_id upper_bound 32 : index
    %t = gpu.thread_id z
    %l = gpu.lane_id
    gpu.barrier
    gpu.return
  }
  gpu.func @helper(%x: f32) -> f32 {
    gpu.return %x : f32
  }
}

// CHECK:      gpu.module @kernels {
// CHECK-NEXT:   gpu.func @k(%{{.*}}: memref<64xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
// CHECK-NEXT:     %{{.*}} = gpu.block_id x
// CHECK-NEXT:     %{{.*}} = gpu.block_id y upper_bound 8
// CHECK-NEXT:     %{{.*}} = gpu.subgroup_id upper_bound 32 : index
// CHECK-NEXT:     %{{.*}} = gpu.thread_id z
// CHECK-NEXT:     %{{.*}} = gpu.lane_id
// CHECK-NEXT:     gpu.barrier
// CHECK-NEXT:     gpu.return
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.func @helper(%[[X:.*]]: f32) -> f32 {
// CHECK-NEXT:     gpu.return %[[X]] : f32
